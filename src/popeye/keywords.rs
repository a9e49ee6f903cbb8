//! Popeye's keyword tables in English, German and French — commands, options, colours,
//! twinning commands — and its rule for abbreviations: any prefix that names exactly one entry
//! of a table (an exact match always wins).
//!
//! The tables keep Popeye's entries, including the ones Mateproof does not support, so that a
//! prefix is ambiguous exactly when it is ambiguous in Popeye. This module only names things;
//! what a keyword does is the reader's business.

use crate::notation::Language;

/// Outcome of looking a word up in a table.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Lookup<T> {
    Found(T),
    Ambiguous,
    Unknown,
}

/// Looks `word` up among `entries` (pairs of spelling and meaning), case-insensitively.
///
/// ```
/// use mateproof::popeye::keywords::{lookup, Lookup};
/// let table = [("Variations", 1), ("Try", 2), ("Threat", 3)];
/// assert_eq!(lookup("vari", &table), Lookup::Found(1));
/// assert_eq!(lookup("t", &table), Lookup::Ambiguous);
/// assert_eq!(lookup("foo", &table), Lookup::Unknown);
/// ```
pub fn lookup<T: Copy>(word: &str, entries: &[(&str, T)]) -> Lookup<T> {
    if word.is_empty() {
        return Lookup::Unknown;
    }
    let word = word.to_ascii_lowercase();
    let mut found = None;
    let mut count = 0;
    for (spelling, meaning) in entries {
        let spelling = spelling.to_ascii_lowercase();
        if spelling == word {
            return Lookup::Found(*meaning);
        }
        if spelling.starts_with(&word) {
            count += 1;
            found.get_or_insert(*meaning);
        }
    }
    match (count, found) {
        (1, Some(meaning)) => Lookup::Found(meaning),
        (0, _) | (_, None) => Lookup::Unknown,
        _ => Lookup::Ambiguous,
    }
}

/// Top-level commands of a problem file.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Command {
    Begin,
    End,
    Next,
    Stipulation,
    StructuredStipulation,
    Author,
    Origin,
    Pieces,
    Condition,
    Option,
    Remark,
    Protocol,
    Title,
    Twin,
    ZeroPosition,
    LaTeX,
    LaTeXPieces,
    Award,
    InitialGameArray,
    Forsyth,
}

const COMMAND_ORDER: [Command; 20] = [
    Command::Begin,
    Command::End,
    Command::Next,
    Command::Stipulation,
    Command::StructuredStipulation,
    Command::Author,
    Command::Origin,
    Command::Pieces,
    Command::Condition,
    Command::Option,
    Command::Remark,
    Command::Protocol,
    Command::Title,
    Command::Twin,
    Command::ZeroPosition,
    Command::LaTeX,
    Command::LaTeXPieces,
    Command::Award,
    Command::InitialGameArray,
    Command::Forsyth,
];

const COMMANDS_EN: [&str; 20] = [
    "BeginProblem",
    "EndProblem",
    "NextProblem",
    "Stipulation",
    "SStipulation",
    "Author",
    "Origin",
    "Pieces",
    "Condition",
    "Option",
    "Remark",
    "Protocol",
    "Title",
    "Twin",
    "ZeroPosition",
    "LaTeX",
    "LaTeXPieces",
    "Award",
    "InitialGameArray",
    "Forsyth",
];
const COMMANDS_DE: [&str; 20] = [
    "AnfangProblem",
    "EndeProblem",
    "WeiteresProblem",
    "Forderung",
    "SForderung",
    "Autor",
    "Quelle",
    "Steine",
    "Bedingung",
    "Option",
    "Bemerkung",
    "Protokoll",
    "Titel",
    "Zwilling",
    "NullStellung",
    "LaTeX",
    "LaTeXSteine",
    "Auszeichnung",
    "PartieAnfangsStellung",
    "Forsyth",
];
const COMMANDS_FR: [&str; 20] = [
    "DebutProbleme",
    "FinProbleme",
    "asuivre",
    "enonce",
    "senonce",
    "auteur",
    "source",
    "pieces",
    "condition",
    "option",
    "remarque",
    "protocol",
    "titre",
    "jumeau",
    "zeroposition",
    "LaTeX",
    "PiecesLaTeX",
    "prix",
    "PositionInitialPartie",
    "Forsyth",
];

fn table<T: Copy, const N: usize>(
    spellings: &[&'static str; N],
    meanings: &[T; N],
) -> Vec<(&'static str, T)> {
    spellings
        .iter()
        .copied()
        .zip(meanings.iter().copied())
        .collect()
}

/// The command `word` names in `language`.
pub fn command(language: Language, word: &str) -> Lookup<Command> {
    let spellings = match language {
        Language::English => &COMMANDS_EN,
        Language::German => &COMMANDS_DE,
        Language::French => &COMMANDS_FR,
    };
    lookup(word, &table(spellings, &COMMAND_ORDER))
}

/// The language whose begin keyword `word` abbreviates, if any (the first keyword of a file
/// picks the language of the whole file).
pub fn language_of_begin(word: &str) -> Option<Language> {
    Language::ALL
        .into_iter()
        .find(|&language| command(language, word) == Lookup::Found(Command::Begin))
}

/// Solving and output options.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum OptionWord {
    Defence,
    SetPlay,
    WhiteToPlay,
    Variations,
    MoveNumbers,
    StartMoveNumber,
    NoWk,
    Duplex,
    NoBk,
    Threat,
    NoThreat,
    Try,
    MaxSolutions,
    MaxFlightsquares,
    Search,
    MultiSolutions,
    NoSymmetry,
    NonTrivial,
    KeepMatingPiece,
    EnPassant,
    NoBoard,
    NoShortVariations,
    HalfDuplex,
    PostKeyPlay,
    Intelligent,
    MaxTime,
    NoCastling,
    Quodlibet,
    StopOnShortSolutions,
    Beep,
    SuppressGrid,
    WriteGrid,
    CastlingMutuallyExclusive,
    GoalIsEnd,
    UpToMoveNumber,
    NullMoves,
    TrivialTriesAvoid,
    /// Popeye's "don't suppress mates in 1 in self play": it only changes s# and r# play.
    MatesIn1,
}

const OPTION_ORDER: [OptionWord; 38] = [
    OptionWord::Defence,
    OptionWord::SetPlay,
    OptionWord::WhiteToPlay,
    OptionWord::Variations,
    OptionWord::MoveNumbers,
    OptionWord::StartMoveNumber,
    OptionWord::NoWk,
    OptionWord::Duplex,
    OptionWord::NoBk,
    OptionWord::Threat,
    OptionWord::NoThreat,
    OptionWord::Try,
    OptionWord::MaxSolutions,
    OptionWord::MaxFlightsquares,
    OptionWord::Search,
    OptionWord::MultiSolutions,
    OptionWord::NoSymmetry,
    OptionWord::NonTrivial,
    OptionWord::KeepMatingPiece,
    OptionWord::EnPassant,
    OptionWord::NoBoard,
    OptionWord::NoShortVariations,
    OptionWord::HalfDuplex,
    OptionWord::PostKeyPlay,
    OptionWord::Intelligent,
    OptionWord::MaxTime,
    OptionWord::NoCastling,
    OptionWord::Quodlibet,
    OptionWord::StopOnShortSolutions,
    OptionWord::Beep,
    OptionWord::SuppressGrid,
    OptionWord::WriteGrid,
    OptionWord::CastlingMutuallyExclusive,
    OptionWord::GoalIsEnd,
    OptionWord::UpToMoveNumber,
    OptionWord::NullMoves,
    OptionWord::TrivialTriesAvoid,
    OptionWord::MatesIn1,
];

const OPTIONS_EN: [&str; 38] = [
    "Defence",
    "SetPlay",
    "WhiteToPlay",
    "Variations",
    "MoveNumbers",
    "StartMoveNumber",
    "NoWk",
    "Duplex",
    "NoBk",
    "Threat",
    "NoThreat",
    "Try",
    "MaxSolutions",
    "MaxFlightsquares",
    "Search",
    "MultiSolutions",
    "NoSymmetry",
    "NonTrivial",
    "KeepMatingPiece",
    "EnPassant",
    "NoBoard",
    "NoShortVariations",
    "HalfDuplex",
    "PostKeyPlay",
    "Intelligent",
    "MaxTime",
    "NoCastling",
    "Quodlibet",
    "StopOnShortSolutions",
    "Beep",
    "SuppressGrid",
    "WriteGrid",
    "CastlingMutuallyExclusive",
    "GoalIsEnd",
    "UpToMoveNumber",
    "NullMoves",
    "TrivialTriesAvoid",
    "MatesIn1",
];
const OPTIONS_DE: [&str; 38] = [
    "Widerlegung",
    "Satzspiel",
    "WeissBeginnt",
    "Varianten",
    "Zugnummern",
    "StartZugnummer",
    "OhneWk",
    "Duplex",
    "OhneSk",
    "Drohung",
    "OhneDrohung",
    "Verfuehrung",
    "MaxLoesungen",
    "MaxFluchtFelder",
    "Suchen",
    "MehrereLoesungen",
    "KeineSymmetrie",
    "NichtTrivial",
    "HalteMattsetzendenStein",
    "EnPassant",
    "OhneBrett",
    "OhneKurzVarianten",
    "HalbDuplex",
    "NachSchluessel",
    "Intelligent",
    "MaxZeit",
    "KeineRochade",
    "Quodlibet",
    "StopNachKurzloesungen",
    "Pieps",
    "OhneGitter",
    "ZeichneGitter",
    "RochadenGegenseitigAusschliessend",
    "ZielIstEnde",
    "BisZugnummer",
    "NullZuege",
    "TrivialeFehlversucheUnterdruecken",
    "MattsIn1",
];
const OPTIONS_FR: [&str; 38] = [
    "Defense",
    "Apparent",
    "ApparentSeul",
    "Variantes",
    "Trace",
    "Enroute",
    "SansRB",
    "Duplex",
    "SansRN",
    "Menace",
    "SansMenace",
    "Essais",
    "MaxSolutions",
    "MaxCasesFuites",
    "Search",
    "MultiSolutions",
    "NonSymetrique",
    "NonTrivial",
    "RetiensPieceMatante",
    "EnPassant",
    "SansEchiquier",
    "SansVariantesCourtes",
    "DemiDuplex",
    "ApresCle",
    "Intelligent",
    "MaxTemps",
    "SansRoquer",
    "Quodlibet",
    "FinApresSolutionsCourtes",
    "Bip",
    "SansGrille",
    "AjouteGrille",
    "RoquesMutuellementExclusifs",
    "ButEstFin",
    "UpToMoveNumber",
    "CoupsVides",
    "TrivialEssaiSupprimer",
    "MatsEn1",
];

/// The option `word` names in `language`.
pub fn option(language: Language, word: &str) -> Lookup<OptionWord> {
    let spellings = match language {
        Language::English => &OPTIONS_EN,
        Language::German => &OPTIONS_DE,
        Language::French => &OPTIONS_FR,
    };
    lookup(word, &table(spellings, &OPTION_ORDER))
}

/// How option `word` is spelled in `language` (as Popeye lists it below the diagram).
pub fn option_name(language: Language, word: OptionWord) -> &'static str {
    let spellings = match language {
        Language::English => &OPTIONS_EN,
        Language::German => &OPTIONS_DE,
        Language::French => &OPTIONS_FR,
    };
    let index = OPTION_ORDER.iter().position(|&w| w == word).unwrap_or(0);
    spellings[index]
}

/// Piece colours in a `Pieces` list.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ColourWord {
    White,
    Black,
    Neutral,
}

/// The colour `word` names in `language`.
pub fn colour(language: Language, word: &str) -> Lookup<ColourWord> {
    let spellings: [&str; 3] = match language {
        Language::English => ["White", "Black", "Neutral"],
        Language::German => ["Weiss", "Schwarz", "Neutral"],
        Language::French => ["Blanc", "Noir", "Neutre"],
    };
    lookup(
        word,
        &table(
            &spellings,
            &[ColourWord::White, ColourWord::Black, ColourWord::Neutral],
        ),
    )
}

/// Twinning commands.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum TwinWord {
    Move,
    Exchange,
    Stipulation,
    StructuredStipulation,
    Add,
    Remove,
    Continued,
    Rotate,
    Condition,
    PolishType,
    Mirror,
    MirrorA1H1,
    MirrorA1A8,
    MirrorA1H8,
    MirrorA8H1,
    Shift,
    Substitute,
    Forsyth,
}

const TWIN_ORDER: [TwinWord; 18] = [
    TwinWord::Move,
    TwinWord::Exchange,
    TwinWord::Stipulation,
    TwinWord::StructuredStipulation,
    TwinWord::Add,
    TwinWord::Remove,
    TwinWord::Continued,
    TwinWord::Rotate,
    TwinWord::Condition,
    TwinWord::PolishType,
    TwinWord::Mirror,
    TwinWord::MirrorA1H1,
    TwinWord::MirrorA1A8,
    TwinWord::MirrorA1H8,
    TwinWord::MirrorA8H1,
    TwinWord::Shift,
    TwinWord::Substitute,
    TwinWord::Forsyth,
];

/// The spelling of each twinning command, in [`TWIN_ORDER`].
fn twin_spellings(language: Language) -> [&'static str; 18] {
    match language {
        Language::English => [
            "move",
            "exchange",
            "stipulation",
            "sstipulation",
            "add",
            "remove",
            "continued",
            "rotate",
            "condition",
            "PolishType",
            "mirror",
            "a1<-->h1",
            "a1<-->a8",
            "a1<-->h8",
            "a8<-->h1",
            "shift",
            "substitute",
            "forsyth",
        ],
        Language::German => [
            "versetze",
            "tausche",
            "Forderung",
            "SForderung",
            "hinzufuegen",
            "entferne",
            "ferner",
            "Drehung",
            "Bedingung",
            "Farbwechsel",
            "Spiegelung",
            "a1<-->h1",
            "a1<-->a8",
            "a1<-->h8",
            "a8<-->h1",
            "Verschiebung",
            "ersetze",
            "forsyth",
        ],
        Language::French => [
            "deplacement",
            "echange",
            "enonce",
            "senonce",
            "ajoute",
            "ote",
            "enplus",
            "rotation",
            "condition",
            "CouleurEchange",
            "miroir",
            "a1<-->h1",
            "a1<-->a8",
            "a1<-->h8",
            "a8<-->h1",
            "translation",
            "remplace",
            "forsyth",
        ],
    }
}

/// The twinning command `word` names in `language`.
pub fn twin_word(language: Language, word: &str) -> Lookup<TwinWord> {
    lookup(word, &table(&twin_spellings(language), &TWIN_ORDER))
}

/// How `word` is printed in a twin header (`rotate 90`, `mirror a1<-->h1`, `shift a1 ==> b2`).
pub fn twin_spelling(language: Language, word: TwinWord) -> &'static str {
    let index = TWIN_ORDER.iter().position(|&w| w == word).unwrap_or(0);
    twin_spellings(language)[index]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abbreviations_from_the_reference_inputs() {
        let en = Language::English;
        let de = Language::German;
        assert_eq!(command(en, "begi"), Lookup::Found(Command::Begin));
        assert_eq!(command(en, "stip"), Lookup::Found(Command::Stipulation));
        assert_eq!(command(en, "endp"), Lookup::Found(Command::End));
        assert_eq!(command(en, "p"), Lookup::Ambiguous);
        assert_eq!(command(de, "ford"), Lookup::Found(Command::Stipulation));
        assert_eq!(command(de, "tite"), Lookup::Found(Command::Title));
        assert_eq!(option(en, "vari"), Lookup::Found(OptionWord::Variations));
        assert_eq!(
            option(en, "movenum"),
            Lookup::Found(OptionWord::MoveNumbers)
        );
        assert_eq!(option(en, "set"), Lookup::Found(OptionWord::SetPlay));
        assert_eq!(option(en, "se"), Lookup::Ambiguous);
        assert_eq!(option(de, "droh"), Lookup::Found(OptionWord::Threat));
        assert_eq!(option(de, "zugn"), Lookup::Found(OptionWord::MoveNumbers));
        assert_eq!(
            option(de, "Roch"),
            Lookup::Found(OptionWord::CastlingMutuallyExclusive)
        );
        assert_eq!(colour(de, "schw"), Lookup::Found(ColourWord::Black));
        assert_eq!(twin_word(de, "versetze"), Lookup::Found(TwinWord::Move));
        assert_eq!(language_of_begin("begin"), Some(Language::English));
        assert_eq!(language_of_begin("AnfangProblem"), Some(Language::German));
        assert_eq!(language_of_begin("debut"), Some(Language::French));
        assert_eq!(language_of_begin("Pieces"), None);
    }
}
