//! What one entry of a suite says before anything is solved: where it came from, the problem to
//! solve, and what its source claims about the answer (the mate length and how sure the
//! source is of it, and the keys when it lists them). An entry that could not be read carries
//! its reason instead.
//!
//! A case holds its problem on the game it is played on: the orthodox board, or a fairy
//! position when the problem has fairy men ([`Game`]), as the Popeye front end builds it.
//!
//! The readers ([`super::epd`], [`super::pgn`], [`super::popeye`], [`super::yacpdb`]) build
//! these; the checker ([`super::verify`]) reads them. This module holds data only: it never
//! parses or solves.

use super::classify_claim::ClassifyClaim;
use super::format::Format;
use super::stored::StoredCheck;
use crate::board::{Move, Position};
use crate::fairy::FairyPosition;
use crate::notation::Language;
use crate::problem::{Goal, PlayKind, Problem, Stipulation};
use crate::rules::Rules;
use std::fmt;

/// Where an entry stands in the input.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Origin {
    /// The file as named on the command line.
    pub file: String,
    /// 1-based line: the EPD line, the first line of a PGN game, the line of a Popeye
    /// problem's `BeginProblem`/`NextProblem`, the first line of a YACPDB entry; 0 when the
    /// whole file is meant.
    pub line: usize,
    /// The EPD `id`, the PGN `Event`, the Popeye problem number and twin, or the YACPDB entry
    /// number with its authors, source and id.
    pub label: Option<String>,
    pub format: Format,
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        // Line 0: the whole file failed (it could not be opened or read), not one line of it.
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
        }
        if let Some(label) = &self.label {
            write!(f, " ({label})")?;
        }
        Ok(())
    }
}

/// What the source says about the mate, and how much that claim is worth.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Claim {
    /// `dm N`, `exact-#N`: mate in N is proven and none is shorter. A shorter mate is wrong.
    Proven(u32),
    /// A problem's stipulation `#N`: mate within N (a shorter key is a short mate, noted).
    Within(u32),
    /// `bm #N`: the shortest mate *known*, not proven shortest (a shorter one is noted).
    Known(u32),
    /// `bm #-N`: the side to move is mated in N, whatever it plays.
    Mated(u32),
    /// `classify "plies N …"`: fields of the bounded classification, no mate.
    Classified(ClassifyClaim),
}

impl Claim {
    /// The claim, if its length is one the solver takes (at most
    /// [`crate::problem::MAX_MATE_MOVES`], as in every front end).
    pub fn within_limit(self) -> Result<Claim, Unusable> {
        let max = crate::problem::MAX_MATE_MOVES;
        match self {
            Claim::Proven(n) | Claim::Within(n) | Claim::Known(n) | Claim::Mated(n) if n > max => {
                Err(Unusable::Unsupported(format!(
                    "mate in {n} is longer than the {max} moves the solver takes"
                )))
            }
            claim => Ok(claim),
        }
    }

    /// The claimed length, negative when the side to move is the one mated; `None` for a
    /// classification, which claims no mate.
    pub fn signed_length(self) -> Option<i32> {
        match self {
            Claim::Proven(n) | Claim::Within(n) | Claim::Known(n) => Some(saturating_i32(n)),
            Claim::Mated(n) => Some(-saturating_i32(n)),
            Claim::Classified(_) => None,
        }
    }
}

impl Claim {
    /// The claim a problem's stipulation makes: within its length (`#N`, `s#N`, `h#N` …; a
    /// shorter play is noted), or exactly its length (`exact-`).
    ///
    /// ```
    /// use mateproof::problem::Stipulation;
    /// use mateproof::suite::case::Claim;
    /// assert_eq!(Claim::of_stipulation("#3".parse().unwrap()), Ok(Claim::Within(3)));
    /// assert_eq!(Claim::of_stipulation("exact-#3".parse().unwrap()), Ok(Claim::Proven(3)));
    /// assert_eq!(Claim::of_stipulation("h#2".parse().unwrap()), Ok(Claim::Within(2)));
    /// assert_eq!(Claim::of_stipulation("exact-h#2".parse().unwrap()), Ok(Claim::Proven(2)));
    /// assert_eq!(Claim::of_stipulation("s#2".parse().unwrap()), Ok(Claim::Within(2)));
    /// assert!(Claim::of_stipulation("ser-r#3".parse().unwrap()).is_err());
    /// ```
    pub fn of_stipulation(stipulation: Stipulation) -> Result<Claim, Unusable> {
        if stipulation.moves() > crate::problem::MAX_MATE_MOVES {
            return Claim::Within(stipulation.moves()).within_limit();
        }
        // `exact-#N` claims a mate in N and none shorter, as EPD's `dm N` (and is solved as
        // Popeye's exact-, where no line ends sooner).
        let exact_mate = stipulation.play == PlayKind::Direct
            && stipulation.goal == Goal::Mate
            && stipulation.is_exact();
        if exact_mate {
            return Ok(Claim::Proven(stipulation.moves()));
        }
        if !stipulation.is_supported() {
            return Err(Unusable::Unsupported(format!(
                "stipulation {stipulation} is not solved yet"
            )));
        }
        Ok(if stipulation.is_exact() {
            Claim::Proven(stipulation.moves())
        } else {
            Claim::Within(stipulation.moves())
        })
    }
}

pub(crate) fn saturating_i32(n: u32) -> i32 {
    i32::try_from(n).unwrap_or(i32::MAX)
}

/// What the source says about the keys (in help and series play: about the solutions; a
/// key is then a solution's first move).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum KeyClaim<M = Move> {
    /// Exactly these keys (several = a known cook): EPD `bm` with `dm`, Popeye's own output,
    /// a PGN game's first move and its alternatives.
    Exactly(Vec<M>),
    /// One key, not named: a problem is claimed sound (Popeye file without output, PGN game
    /// without moves). No key is wrong; a second key is a cook, and wrong.
    Unique,
    /// Nothing is claimed (`bm #N` suites): keys are reported, a cook is only noted.
    Any,
    /// Help and series play: exactly these solutions, each as Popeye prints it (one line,
    /// without the leading blanks), in `language`'s notation — Popeye's own output.
    Lines {
        lines: Vec<String>,
        language: Language,
    },
    /// A sound problem with the intended number of keys (help and series play: solutions),
    /// none shorter than the stipulation: a YACPDB entry (`intended-solutions`, one without).
    Intended(Intended),
}

impl<M> KeyClaim<M> {
    /// How many keys (solutions) a sound problem has by this claim: the intended number, else
    /// one.
    pub fn intended_count(&self) -> u64 {
        match self {
            KeyClaim::Intended(intended) => intended.count,
            _ => 1,
        }
    }
}

/// YACPDB's `intended-solutions`: `3` solutions, or per half-move how many ways the play
/// branches (`2.2.1.1`: two first moves, each with two answers, then one way on; a trailing
/// `...` repeats the last number, which is 1, to the end).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Intended {
    /// The number of solutions (keys): the product of the branchings.
    pub count: u64,
    /// The branching per half-move when given (`[2, 2, 1, 1]`); `None` for a plain count.
    pub shape: Option<Vec<u64>>,
    /// As written in the entry (`2.1...`).
    pub text: String,
}

/// An `intended-solutions` text that is none of YACPDB's forms (or claims more than a million
/// solutions); the text, trimmed.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("intended-solutions '{0}' is not N or N.N.N (e.g. 2.1...)")]
pub struct IntendedError(pub String);

impl Intended {
    /// One solution: what an entry without `intended-solutions` claims.
    pub fn one() -> Intended {
        Intended {
            count: 1,
            shape: None,
            text: "1".to_owned(),
        }
    }

    /// Reads YACPDB's forms: `3`, `2.2.1.1`, `4.1.1...`.
    ///
    /// ```
    /// use mateproof::suite::case::Intended;
    /// assert_eq!(Intended::parse("3").unwrap().count, 3);
    /// let shaped = Intended::parse("2.2.1.1").unwrap();
    /// assert_eq!((shaped.count, shaped.shape.as_deref()), (4, Some(&[2, 2, 1, 1][..])));
    /// assert_eq!(Intended::parse("4.1.1...").unwrap().count, 4);
    /// assert!(Intended::parse("0").is_err() && Intended::parse("2.x").is_err());
    /// assert_eq!(
    ///     Intended::parse(" 1000.1001 ").unwrap_err().to_string(),
    ///     "intended-solutions '1000.1001' is not N or N.N.N (e.g. 2.1...)"
    /// );
    /// ```
    pub fn parse(text: &str) -> Result<Intended, IntendedError> {
        let text = text.trim();
        let body = text.strip_suffix("...").unwrap_or(text);
        let refuse = || IntendedError(text.to_owned());
        let numbers: Vec<u64> = body
            .split('.')
            .map(|n| {
                n.parse::<u64>()
                    .ok()
                    .filter(|&n| (1..=1_000_000).contains(&n))
            })
            .collect::<Option<_>>()
            .ok_or_else(refuse)?;
        let count = numbers
            .iter()
            .try_fold(1u64, |product, &n| product.checked_mul(n))
            .filter(|&count| count <= 1_000_000)
            .ok_or_else(refuse)?;
        Ok(Intended {
            count,
            shape: (numbers.len() > 1).then_some(numbers),
            text: text.to_owned(),
        })
    }
}

/// A problem ready to be checked, with its source's claims, on the board `P` it is played on.
#[derive(Clone, Debug)]
pub struct Case<P: Rules = Position> {
    pub problem: Problem<P>,
    pub claim: Claim,
    pub keys: KeyClaim<P::Move>,
    /// Things the reader noticed that do not change the verdict (e.g. an unreadable `.out`).
    pub notes: Vec<String>,
    /// The solution the source stores as text, to be compared with Popeye's text of the
    /// computed one (YACPDB's `solution`); `None` where the source has none to compare.
    pub stored: Option<StoredCheck>,
}

impl<P: Rules> Case<P> {
    /// A case without notes and without a stored solution.
    pub fn new(problem: Problem<P>, claim: Claim, keys: KeyClaim<P::Move>) -> Case<P> {
        Case {
            problem,
            claim,
            keys,
            notes: Vec::new(),
            stored: None,
        }
    }
}

/// A case on the game its problem is played on: the orthodox board, or a fairy position for a
/// problem with fairy men (as `mateproof popeye` solves it).
#[derive(Clone, Debug)]
pub enum Game {
    Orthodox(Case),
    Fairy(Case<FairyPosition>),
}

impl Game {
    /// The orthodox case, if the problem is on the orthodox board.
    pub fn orthodox(&self) -> Option<&Case> {
        match self {
            Game::Orthodox(case) => Some(case),
            Game::Fairy(_) => None,
        }
    }

    /// The stipulation, whichever the board.
    pub fn stipulation(&self) -> Stipulation {
        match self {
            Game::Orthodox(case) => case.problem.stipulation,
            Game::Fairy(case) => case.problem.stipulation,
        }
    }
}

impl From<Case> for Game {
    fn from(case: Case) -> Game {
        Game::Orthodox(case)
    }
}

impl From<Case<FairyPosition>> for Game {
    fn from(case: Case<FairyPosition>) -> Game {
        Game::Fairy(case)
    }
}

/// Why an entry cannot be checked.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Unusable {
    /// The text could not be read (bad syntax, illegal position, no mate length).
    Input(String),
    /// Well-formed, but asks for what the solver does not do (helpmates, `PostKeyPlay` …).
    Unsupported(String),
}

impl fmt::Display for Unusable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unusable::Input(reason) | Unusable::Unsupported(reason) => f.write_str(reason),
        }
    }
}

/// One position of a suite (or the reason there is none), numbered across all input files.
#[derive(Clone, Debug)]
pub struct Entry {
    /// 1-based ordinal over every entry of every file, in command-line order; shards select
    /// by it, and reports are sorted by it.
    pub index: u64,
    pub origin: Origin,
    /// The FEN of the position when one was read (none for a fairy position).
    pub fen: Option<String>,
    pub case: Result<Game, Unusable>,
}
