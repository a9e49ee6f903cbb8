//! The fixed words Popeye prints, in English, German and French: `threat:`, `zugzwang.`,
//! `but`, `solution finished.`, its error messages, and the colour letters of twin headers.
//!
//! Only texts; where they go is the writer's business.

use crate::notation::Language;

/// The letter of a colour in twin headers: `w`/`b`, German `w`/`s`, French `b`/`n`.
pub const fn colour_letter(language: Language, white: bool) -> char {
    match (language, white) {
        (Language::English, true) | (Language::German, true) => 'w',
        (Language::English, false) | (Language::French, true) => 'b',
        (Language::German, false) => 's',
        (Language::French, false) => 'n',
    }
}

/// Fixed texts of the output, per language.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Message {
    SolutionFinished,
    PartialSolution,
    SetPlayNotApplicable,
    /// Popeye's own line ends with it, but not in French (its message table has none there).
    TryPlayNotApplicable,
    QuodlibetNotApplicable,
    Threat,
    Zugzwang,
    But,
    Refutes,
    BothSidesNeedAKing,
    SideToPlayCanCaptureKing,
    OnlyOneKingAllowed,
    ProblemIgnored,
    InputError,
    OffendingItem,
    EndOfFileBeforeEndOfProblem,
    NoBeginOfProblem,
    CannotOpenOutputFile,
    // Popeye's input errors (each printed after `input-error:` with an offending-item line).
    CommandNotUnique,
    UnrecognizedStipulation,
    WrongInteger,
    UnrecognizedOption,
    OptionNotUnique,
    UnrecognizedCondition,
    ConditionNotUnique,
    NoColourSpecified,
    PieceSpecificationNotUnique,
    WrongPieceName,
    MissingSquareList,
    NoStipulation,
    // Popeye's notices while reading or before solving (each a line of its own).
    WrongTerminatedSquareList,
    /// Printed after a square: `c4: square is empty - cannot (re)move any piece.`
    SquareIsEmpty,
    PieceMovedOutside,
    ContinuedFirst,
    UnrecognizedRotation,
    WhiteToPlayNotApplicable,
    PostKeyPlayNotApplicable,
    ThreatNotApplicable,
    StopOnShortSolutionsNotSupported,
    /// `Intelligent` where the play is not help or series play of mate or stalemate.
    IntelligentRestricted,
    InconsistentRetroInformation,
    TooManyEnPassantSquares,
    InconsistentDuplexOptions,
}

/// The text of `message` in `language`.
pub const fn message(language: Language, message: Message) -> &'static str {
    use Language::{English as E, French as F, German as G};
    use Message::*;
    match (message, language) {
        (SolutionFinished, E) => "solution finished.",
        (SolutionFinished, G) => "Loesung beendet.",
        (SolutionFinished, F) => "solution terminee.",
        (PartialSolution, E) => "Partial solution",
        (PartialSolution, G) => "Partielle Loesung",
        (PartialSolution, F) => "solution partielle",
        (SetPlayNotApplicable, E) => "SetPlay not applicable - ignored",
        (SetPlayNotApplicable, G) => "Satzspiel nicht anwendbar - ignoriert",
        (SetPlayNotApplicable, F) => "Apparent pas applicable - ignore",
        (TryPlayNotApplicable, E) => "try play not applicable\n",
        (TryPlayNotApplicable, G) => "Verfuehrung nicht anwendbar\n",
        (TryPlayNotApplicable, F) => "jeu d'essai pas applicable",
        (QuodlibetNotApplicable, E) => "Quodlibet not applicable - ignored",
        (QuodlibetNotApplicable, G) => "Quodlibet nicht anwendbar - ignoriert",
        (QuodlibetNotApplicable, F) => "Quodlibet pas applicable - ignore",
        (Threat, E) => "threat:",
        (Threat, G) => "Drohung:",
        (Threat, F) => "menace:",
        (Zugzwang, E) => "zugzwang.",
        (Zugzwang, G) => "Zugzwang.",
        (Zugzwang, F) => "blocus.",
        (But, E) => "but",
        (But, G) => "Aber",
        (But, F) => "mais",
        (Refutes, E) => "refutes.",
        (Refutes, G) => "Widerlegt.",
        (Refutes, F) => "Refute.",
        (BothSidesNeedAKing, E) => "both sides need a king",
        (BothSidesNeedAKing, G) => "Es fehlt ein weisser oder schwarzer Koenig",
        (BothSidesNeedAKing, F) => "il faut un roi de chaque couleur",
        (SideToPlayCanCaptureKing, E) => "the side to play can capture the king",
        (SideToPlayCanCaptureKing, G) => "Die am Zug befindliche Partei kann den Koenig schlagen",
        (SideToPlayCanCaptureKing, F) => "le camp au trait peut prendre le roi",
        (OnlyOneKingAllowed, E) => "only one king allowed",
        (OnlyOneKingAllowed, G) => "Nur ein Koenig erlaubt",
        (OnlyOneKingAllowed, F) => "plus d'un roi interdit",
        (ProblemIgnored, E) => "problem ignored",
        (ProblemIgnored, G) => "Problem uebersprungen",
        (ProblemIgnored, F) => "probleme ignoree",
        (InputError, E) => "input-error:",
        (InputError, G) => "Eingabe-Fehler:",
        (InputError, F) => "erreur d'entree:",
        (OffendingItem, E) => "offending item: ",
        (OffendingItem, G) => "Stoerende Eingabe: ",
        (OffendingItem, F) => "element d'offenser: ",
        (EndOfFileBeforeEndOfProblem, E) => "end of file before end of problem",
        (EndOfFileBeforeEndOfProblem, G) => "Ende der Eingabe vor EndeProblem",
        (EndOfFileBeforeEndOfProblem, F) => "fin de fichier avant fin de probleme",
        (NoBeginOfProblem, E) => "no begin of problem",
        (NoBeginOfProblem, G) => "Kein AnfangProblem",
        (NoBeginOfProblem, F) => "pas debut probleme",
        (CannotOpenOutputFile, E) => "cannot open output-file",
        (CannotOpenOutputFile, G) => "Datei kann nicht zum Schreiben geoeffnet werden",
        (CannotOpenOutputFile, F) => "Ne peut pas ouvrir fichier de sortie",
        (CommandNotUnique, E) => "command not uniq specified - ignored",
        (CommandNotUnique, G) => "Kommando nicht eindeutig - wird ignoriert",
        (CommandNotUnique, F) => "specification de commande pas unique - ignoree",
        (UnrecognizedStipulation, E) => "cannot recognize the stipulation",
        (UnrecognizedStipulation, G) => "Forderung nicht bekannt",
        (UnrecognizedStipulation, F) => "enonce inconnue",
        (WrongInteger, E) => "wrong integer",
        (WrongInteger, G) => "Keine oder falsche Zahlenangabe",
        (WrongInteger, F) => "numero incorrecte",
        (UnrecognizedOption, E) => "could not recognize option - parsing of options aborted",
        (UnrecognizedOption, G) => "Option nicht erkannt - Einlesen von Optionen beendet",
        (UnrecognizedOption, F) => "option inconnue - ignoree",
        (OptionNotUnique, E) => "option not uniq - ignored",
        (OptionNotUnique, G) => "Option nicht eindeutig - ignoriert",
        (OptionNotUnique, F) => "option pas unique - ignoree",
        (UnrecognizedCondition, E) => "could not recognize condition",
        (UnrecognizedCondition, G) => "Bedingung nicht erkannt",
        (UnrecognizedCondition, F) => "condition inconnue",
        (ConditionNotUnique, E) => "condition not uniq - ignored",
        (ConditionNotUnique, G) => "Bedingung nicht eindeutig - ignoriert",
        (ConditionNotUnique, F) => "condition pas unique - ignoree",
        (NoColourSpecified, E) => "no color specified - all specification input ignored",
        (NoColourSpecified, G) => "Keine Farbe angegeben - alle Spezifikationen ignoriert",
        (NoColourSpecified, F) => {
            "Aucune couleur n'a indique - toute l'entree de cahier des charges ignoree"
        }
        (PieceSpecificationNotUnique, E) => "PieceSpecification not uniq",
        (PieceSpecificationNotUnique, G) => "Steinbezeichnung nicht eindeutig",
        (PieceSpecificationNotUnique, F) => "specification de piece pas unique",
        (WrongPieceName, E) => "wrong or missing PieceName - ignored",
        (WrongPieceName, G) => "Falsche oder fehlende Steinbezeichnung - wird ignoriert",
        (WrongPieceName, F) => "piece inconnue ou il manque une piece - ignoree",
        (MissingSquareList, E) => "wrong or missing SquareList - please give one",
        (MissingSquareList, G) => "Falsche oder fehlende Feldliste - bitte eine eingeben",
        (MissingSquareList, F) => {
            "liste des cases inconnue ou il mangue une liste des cases - veuillez donner une"
        }
        (NoStipulation, E) => "no stipulation specified",
        (NoStipulation, G) => "Keine Forderung angegeben",
        (NoStipulation, F) => "pas de specification de l'enonce",
        (WrongTerminatedSquareList, E) => "wrong terminated SquareList - ignored",
        (WrongTerminatedSquareList, G) => "Falsch beendete Feldliste - ignoriert",
        (WrongTerminatedSquareList, F) => "liste des cases mal terminee - ignoree",
        (SquareIsEmpty, E) => ": square is empty - cannot (re)move any piece.",
        (SquareIsEmpty, G) => ": Feld leer - kann keine Figur entfernen/versetzen.",
        (SquareIsEmpty, F) => ": la case est vide - on ne peut pas oter ou deplacer une piece.",
        (PieceMovedOutside, E) => "A piece will be moved outside.",
        (PieceMovedOutside, G) => "Ein Stein wird ueber den Brettrand verschoben.",
        (PieceMovedOutside, F) => "Une piece est deplacee hors de l'echiquier.",
        (UnrecognizedRotation, E) => "This rotation/mirroring is not supported: ",
        (UnrecognizedRotation, G) => "Drehung/Spiegelung nicht erlaubt: ",
        (UnrecognizedRotation, F) => "Rotation/Miroir impossible.",
        (ContinuedFirst, E) => "Continued must be given immediately after twin.",
        (ContinuedFirst, G) => "Ferner muss als erstes nach Zwilling angegeben werden.",
        (ContinuedFirst, F) => "Enplus doit immediatement suivre jumeau.",
        (WhiteToPlayNotApplicable, E) => "WhiteToPlay not applicable - ignored",
        (WhiteToPlayNotApplicable, G) => "WeissBeginnt nicht anwendbar - ignoriert",
        (WhiteToPlayNotApplicable, F) => "ApparentSeul pas applicable - ignore",
        (PostKeyPlayNotApplicable, E) => "PostKeyPlay not applicable - ignored",
        (PostKeyPlayNotApplicable, G) => "NachSchluessel nicht anwendbar - ignoriert",
        (PostKeyPlayNotApplicable, F) => "ApresCle pas applicable - ignore",
        (ThreatNotApplicable, E) => {
            "Option \"Threat\" not applicable or indicated maximum threat length too big"
        }
        (ThreatNotApplicable, G) => {
            "Option \"Drohung\" nicht anwendbar order maximale Laenge der Drohung zu gross"
        }
        (ThreatNotApplicable, F) => {
            "Option \"menace\" pas applicable ou longueur maximale de la menace trop grande"
        }
        (StopOnShortSolutionsNotSupported, E) => {
            "Option  StopOnShortSolutions  not supported with direct play."
        }
        (StopOnShortSolutionsNotSupported, G) => {
            "Option  StopNachKurzloesungen  nicht unterstuetzt im direkten Spiel."
        }
        (StopOnShortSolutionsNotSupported, F) => {
            "L'option  FinApresSolutionsCourtes  n'est pas soutenu au jeu direct."
        }
        (IntelligentRestricted, E) => {
            "Intelligent Mode only with h#/=, ser-#/= and ser-h#/=, with a limited set of fairy \
             conditions and without fairy pieces."
        }
        (IntelligentRestricted, G) => {
            "Intelligent Modus nur im h#/=, ser-#/= und ser-h#/=, wenigen Maerchenbedingungen \
             und keinen Maerchensteinen."
        }
        (IntelligentRestricted, F) => {
            "mode intelligent seulement avec h#/=, ser-#/= et ser-h#/=, facultativement avec \
             certaines conditions, et sans pieces feeriques."
        }
        (InconsistentRetroInformation, E) => "Inconsistent retro information",
        (InconsistentRetroInformation, G) => "Inkonsistente Retro-Information",
        (InconsistentRetroInformation, F) => "Information retro inconsistent",
        (InconsistentDuplexOptions, E) => "Inconsistent duplex options",
        (InconsistentDuplexOptions, G) => "Inkonsistente Duplex-Optionen",
        (InconsistentDuplexOptions, F) => "Options duplex inconsistentes",
        (TooManyEnPassantSquares, E) => "Not more than 2 squares can be input for en passant keys.",
        (TooManyEnPassantSquares, G) => {
            "Es koennen maximal zwei Felder fuer ep-Schluessel eingegeben werden."
        }
        (TooManyEnPassantSquares, F) => "plus de 2 cases pour cle en passant interdit.",
    }
}
