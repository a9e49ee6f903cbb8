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

/// Looks `word` up among `entries` (pairs of spelling and meaning), case-insensitively, as
/// Popeye's `GetUniqIndex` does: the first entry the word abbreviates is found when the word is
/// the whole of it or when no later entry starts with the word too (then it is ambiguous).
///
/// ```
/// use mateproof::popeye::keywords::{lookup, Lookup};
/// let table = [("Variations", 1), ("Try", 2), ("Threat", 3)];
/// assert_eq!(lookup("vari", &table), Lookup::Found(1));
/// assert_eq!(lookup("t", &table), Lookup::Ambiguous);
/// assert_eq!(lookup("foo", &table), Lookup::Unknown);
/// // The whole of a later entry that an earlier one starts with is ambiguous, as in Popeye.
/// assert_eq!(lookup("ab", &[("abc", 1), ("ab", 2)]), Lookup::Ambiguous);
/// ```
pub fn lookup<T: Copy>(word: &str, entries: &[(&str, T)]) -> Lookup<T> {
    if word.is_empty() {
        return Lookup::Unknown;
    }
    let abbreviates = |spelling: &str| {
        spelling.len() >= word.len()
            && spelling.as_bytes()[..word.len()].eq_ignore_ascii_case(word.as_bytes())
    };
    let mut matches = entries.iter().filter(|(spelling, _)| abbreviates(spelling));
    let Some(&(first, meaning)) = matches.next() else {
        return Lookup::Unknown;
    };
    if first.len() == word.len() || matches.next().is_none() {
        Lookup::Found(meaning)
    } else {
        Lookup::Ambiguous
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

/// Popeye's commands before the twins, in its order (`InitialTwinTokenTab`; its tenth entry,
/// a line break, is no word and is left out).
const INITIAL_COMMANDS: [Command; 15] = [
    Command::Remark,
    Command::StructuredStipulation,
    Command::Author,
    Command::Origin,
    Command::Pieces,
    Command::Condition,
    Command::Option,
    Command::Stipulation,
    Command::Protocol,
    Command::Title,
    Command::LaTeX,
    Command::LaTeXPieces,
    Command::Award,
    Command::InitialGameArray,
    Command::Forsyth,
];

/// The spellings of [`INITIAL_COMMANDS`], of the twin commands (`Twin`, `ZeroPosition`) and
/// of the problem's end (`EndProblem`, `NextProblem`), and the begin keyword: Popeye's four
/// tables of commands.
struct CommandTables {
    initial: [&'static str; 15],
    twin: [&'static str; 2],
    end: [&'static str; 2],
    begin: &'static str,
}

const COMMANDS_EN: CommandTables = CommandTables {
    initial: [
        "remark",
        "sstipulation",
        "author",
        "origin",
        "pieces",
        "condition",
        "option",
        "stipulation",
        "protocol",
        "title",
        "LaTeX",
        "LaTeXPieces",
        "award",
        "InitialGameArray",
        "Forsyth",
    ],
    twin: ["twin", "zeroposition"],
    end: ["endproblem", "nextproblem"],
    begin: "beginproblem",
};
const COMMANDS_DE: CommandTables = CommandTables {
    initial: [
        "Bemerkung",
        "sForderung",
        "Autor",
        "Quelle",
        "Steine",
        "Bedingung",
        "Option",
        "Forderung",
        "Protokoll",
        "Titel",
        "LaTeX",
        "LaTeXSteine",
        "Auszeichnung",
        "PartieAnfangsStellung",
        "Forsyth",
    ],
    twin: ["Zwilling", "NullStellung"],
    end: ["EndeProblem", "WeiteresProblem"],
    begin: "AnfangProblem",
};
const COMMANDS_FR: CommandTables = CommandTables {
    initial: [
        "remarque",
        "senonce",
        "auteur",
        "source",
        "pieces",
        "condition",
        "option",
        "enonce",
        "protocol",
        "titre",
        "LaTeX",
        "PiecesLaTeX",
        "prix",
        "PositionInitialePartie",
        "Forsyth",
    ],
    twin: ["jumeau", "zeroposition"],
    end: ["FinProbleme", "asuivre"],
    begin: "DebutProbleme",
};

fn command_tables(language: Language) -> &'static CommandTables {
    match language {
        Language::English => &COMMANDS_EN,
        Language::German => &COMMANDS_DE,
        Language::French => &COMMANDS_FR,
    }
}

/// The command `word` names in `language`, looked up as Popeye does: first among the commands
/// of a problem's text (where an ambiguous word is a fault of its own), then the twin
/// commands, then the problem's end; last the begin keyword (which Popeye reads only as the
/// file's first word).
///
/// ```
/// use mateproof::notation::Language;
/// use mateproof::popeye::keywords::{command, Command, Lookup};
/// assert_eq!(command(Language::English, "t"), Lookup::Found(Command::Title));
/// assert_eq!(command(Language::English, "tw"), Lookup::Found(Command::Twin));
/// assert_eq!(command(Language::English, "in"), Lookup::Found(Command::InitialGameArray));
/// assert_eq!(command(Language::English, "p"), Lookup::Ambiguous);
/// assert_eq!(command(Language::German, "weit"), Lookup::Found(Command::Next));
/// ```
pub fn command(language: Language, word: &str) -> Lookup<Command> {
    [CommandTable::Initial, CommandTable::Twin, CommandTable::End]
        .into_iter()
        .map(|table_of| command_in(language, table_of, word))
        .find(|found| *found != Lookup::Unknown)
        .unwrap_or_else(|| lookup(word, &[(command_tables(language).begin, Command::Begin)]))
}

/// One of Popeye's tables of commands, for [`command_in`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CommandTable {
    /// The commands of a problem's text before its twins.
    Initial,
    /// `Remark` alone: all Popeye reads between twins.
    Remark,
    /// `Twin`, `ZeroPosition`.
    Twin,
    /// `EndProblem`, `NextProblem`.
    End,
}

/// The command `word` names in one of Popeye's tables alone (after a twin Popeye looks only
/// for a remark, then a twin word, then the problem's end: `t` is `Twin` there).
pub fn command_in(language: Language, table_of: CommandTable, word: &str) -> Lookup<Command> {
    let tables = command_tables(language);
    match table_of {
        CommandTable::Initial => lookup(word, &table(&tables.initial, &INITIAL_COMMANDS)),
        CommandTable::Remark => lookup(word, &[(tables.initial[0], Command::Remark)]),
        CommandTable::Twin => lookup(
            word,
            &table(&tables.twin, &[Command::Twin, Command::ZeroPosition]),
        ),
        CommandTable::End => lookup(word, &table(&tables.end, &[Command::End, Command::Next])),
    }
}

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

/// The language whose begin keyword `word` abbreviates, if any (the first keyword of a file
/// picks the language of the whole file).
pub fn language_of_begin(word: &str) -> Option<Language> {
    Language::ALL.into_iter().find(|&language| {
        lookup(word, &[(command_tables(language).begin, ())]) == Lookup::Found(())
    })
}

/// Solving and output options, in Popeye's order (`OptString`).
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
    /// Popeye's `unpublishedoption`, kept for its prefixes.
    Unpublished,
    NullMoves,
    UpToMoveNumber,
    TrivialTriesAvoid,
    /// Popeye's "don't suppress mates in 1 in self play": it only changes s# and r# play.
    MatesIn1,
}

const OPTION_ORDER: [OptionWord; 39] = [
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
    OptionWord::Unpublished,
    OptionWord::NullMoves,
    OptionWord::UpToMoveNumber,
    OptionWord::TrivialTriesAvoid,
    OptionWord::MatesIn1,
];
const OPTIONS_EN: [&str; 39] = [
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
    "unpublishedoption",
    "NullMoves",
    "UpToMoveNumber",
    "TrivialTriesAvoid",
    "MatesIn1",
];
const OPTIONS_DE: [&str; 39] = [
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
    "nichtpublizierteoption",
    "NullZuege",
    "BisZugnummer",
    "TrivialeFehlversucheUnterdruecken",
    "MattsIn1",
];
const OPTIONS_FR: [&str; 39] = [
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
    "optionnonpubliee",
    "CoupsVides",
    "JusquAuCoup",
    "TrivialEssaiSupprimer",
    "MatsEn1",
];

fn option_spellings(language: Language) -> &'static [&'static str; 39] {
    match language {
        Language::English => &OPTIONS_EN,
        Language::German => &OPTIONS_DE,
        Language::French => &OPTIONS_FR,
    }
}

/// The option `word` names in `language`.
pub fn option(language: Language, word: &str) -> Lookup<OptionWord> {
    lookup(word, &table(option_spellings(language), &OPTION_ORDER))
}

/// How option `word` is spelled in `language` (as Popeye lists it below the diagram).
pub fn option_name(language: Language, word: OptionWord) -> &'static str {
    let index = OPTION_ORDER.iter().position(|&w| w == word).unwrap_or(0);
    option_spellings(language)[index]
}

/// Piece colours in a `Pieces` list, and Popeye's pseudo-colour of total invisibles
/// (`TotalInvisible 2`: two invisible men of either side).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum ColourWord {
    White,
    Black,
    Neutral,
    TotalInvisible,
}

/// The colour `word` names in `language`.
pub fn colour(language: Language, word: &str) -> Lookup<ColourWord> {
    let spellings: [&str; 4] = match language {
        Language::English => ["White", "Black", "Neutral", "TotalInvisible"],
        Language::German => ["Weiss", "Schwarz", "Neutral", "TotalUnsichtbar"],
        Language::French => ["Blanc", "Noir", "Neutre", "TotalInvisible"],
    };
    let meanings = [
        ColourWord::White,
        ColourWord::Black,
        ColourWord::Neutral,
        ColourWord::TotalInvisible,
    ];
    lookup(word, &table(&spellings, &meanings))
}

/// Popeye's piece attributes (`PieSpString`: `Royal`, `HalfNeutral`, `Magic` …), per language.
const ATTRIBUTES: [[&str; 20]; 3] = [
    [
        "Royal",
        "Kamikaze",
        "Paralysing",
        "Chameleon",
        "Jigger",
        "Volage",
        "Functionary",
        "HalfNeutral",
        "HurdleColourChanging",
        "Protean",
        "Magic",
        "Uncapturable",
        "Patrol",
        "Frischauf",
        "Bul",
        "Dob",
        "Anda",
        "AndaInverse",
        "AliceA",
        "AliceB",
    ],
    [
        "Koeniglich",
        "Kamikaze",
        "Paralysierend",
        "Chamaeleon",
        "Jigger",
        "Volage",
        "Beamtet",
        "HalbNeutral",
        "SprungbockFarbeWechselnd",
        "Proteisch",
        "Magisch",
        "Unschlagbar",
        "Patrouille",
        "Frischauf",
        "Bul",
        "Dob",
        "Anda",
        "AndaInvers",
        "AliceA",
        "AliceB",
    ],
    [
        "Royale",
        "Kamikaze",
        "Paralysante",
        "Cameleon",
        "Jigger",
        "Volage",
        "Fonctionnaire",
        "DemiNeutre",
        "CouleurEchangeantSautoir",
        "Protee",
        "Magique",
        "Imprenable",
        "Patrouille",
        "Frischauf",
        "Bul",
        "Dob",
        "Anda",
        "AndaInverse",
        "AliceA",
        "AliceB",
    ],
];

/// The piece attribute `word` names in `language` (after a colour in a `Pieces` list), as
/// Popeye spells it in that language: `halb` is `HalbNeutral`.
pub fn piece_attribute(language: Language, word: &str) -> Lookup<&'static str> {
    let spellings = &ATTRIBUTES[super::tokens::language_column(language)];
    lookup(word, &table(spellings, spellings))
}

/// The condition `word` names in `language`, as Popeye spells it (`madrasi` is `Madrasi`):
/// Popeye's conditions first, then its two extra ones (maximummer, ultra-Schachzwang).
pub fn condition(language: Language, word: &str) -> Lookup<&'static str> {
    use super::condition_names::*;
    let (names, extra): (&[&str], &[&str]) = match language {
        Language::English => (&CONDITIONS_EN, &EXTRA_CONDITIONS_EN),
        Language::German => (&CONDITIONS_DE, &EXTRA_CONDITIONS_DE),
        Language::French => (&CONDITIONS_FR, &EXTRA_CONDITIONS_FR),
    };
    let pairs = |names: &[&'static str]| names.iter().map(|&n| (n, n)).collect::<Vec<_>>();
    match lookup(word, &pairs(names)) {
        Lookup::Unknown => lookup(word, &pairs(extra)),
        found => found,
    }
}

/// Twinning commands (Popeye's `TwinningString`), and the four mirror lines that follow
/// `mirror` (its `TwinningMirrorString`).
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
    Shift,
    Substitute,
    MirrorA1H1,
    MirrorA1A8,
    MirrorA1H8,
    MirrorA8H1,
}

/// The twinning commands in Popeye's order.
const TWIN_ORDER: [TwinWord; 13] = [
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
    TwinWord::Shift,
    TwinWord::Substitute,
];

/// The mirror lines, the same in every language.
const MIRRORS: [(&str, TwinWord); 4] = [
    ("a1<-->h1", TwinWord::MirrorA1H1),
    ("a1<-->a8", TwinWord::MirrorA1A8),
    ("a1<-->h8", TwinWord::MirrorA1H8),
    ("a8<-->h1", TwinWord::MirrorA8H1),
];

/// The spelling of each twinning command, in [`TWIN_ORDER`].
fn twin_spellings(language: Language) -> [&'static str; 13] {
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
            "shift",
            "substitute",
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
            "Verschiebung",
            "ersetze",
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
            "translation",
            "remplace",
        ],
    }
}

/// The twinning command `word` names in `language`.
pub fn twin_word(language: Language, word: &str) -> Lookup<TwinWord> {
    lookup(word, &table(&twin_spellings(language), &TWIN_ORDER))
}

/// The mirror line `word` names (`a1<-->h8`), after `mirror`.
pub fn mirror_word(word: &str) -> Lookup<TwinWord> {
    lookup(word, &MIRRORS)
}

/// How `word` is printed in a twin header (`rotate 90`, `mirror a1<-->h1`, `shift a1 ==> b2`).
pub fn twin_spelling(language: Language, word: TwinWord) -> &'static str {
    match MIRRORS.iter().find(|(_, w)| *w == word) {
        Some((spelling, _)) => spelling,
        None => {
            let index = TWIN_ORDER.iter().position(|&w| w == word).unwrap_or(0);
            twin_spellings(language)[index]
        }
    }
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
        assert_eq!(
            option(en, "u"),
            Lookup::Ambiguous,
            "unpublishedoption, UpToMoveNumber"
        );
        assert_eq!(option(en, "up"), Lookup::Found(OptionWord::UpToMoveNumber));
        assert_eq!(
            colour(de, "totalu"),
            Lookup::Found(ColourWord::TotalInvisible)
        );
        assert_eq!(piece_attribute(de, "halb"), Lookup::Found("HalbNeutral"));
        assert_eq!(
            piece_attribute(en, "hur"),
            Lookup::Found("HurdleColourChanging")
        );
        assert_eq!(condition(de, "madrasi"), Lookup::Found("Madrasi"));
        // RexInklusive is a variant of a condition, no condition.
        assert_eq!(condition(de, "rexinkl"), Lookup::Unknown);
        assert_eq!(condition(en, "maximummer"), Lookup::Found("Maximummer"));
        assert_eq!(twin_word(en, "a"), Lookup::Found(TwinWord::Add));
        assert_eq!(mirror_word("a1<-->h8"), Lookup::Found(TwinWord::MirrorA1H8));
    }
}
