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
        (PartialSolution, F) => "Solution partielle",
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
    }
}
