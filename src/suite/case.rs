//! What one entry of a suite says before anything is solved: where it came from, the problem to
//! solve, and what its source claims about the answer (the mate length and how sure the
//! source is of it, and the keys when it lists them). An entry that could not be read carries
//! its reason instead.
//!
//! The readers ([`super::epd`], [`super::pgn`], [`super::popeye`]) build these; the checker
//! ([`super::verify`]) reads them. This module holds data only: it never parses or solves.

use super::classify_claim::ClassifyClaim;
use crate::board::Move;
use crate::notation::Language;
use crate::problem::{Goal, PlayKind, Problem, Stipulation};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The format of a suite file, decided by its content.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Epd,
    Pgn,
    Popeye,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Epd => "EPD",
            Format::Pgn => "PGN",
            Format::Popeye => "Popeye",
        })
    }
}

/// Where an entry stands in the input.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Origin {
    /// The file as named on the command line.
    pub file: String,
    /// 1-based line: the EPD line, the first line of a PGN game, the line of a Popeye
    /// problem's `BeginProblem`/`NextProblem`; 0 when the whole file is meant.
    pub line: usize,
    /// The EPD `id`, the PGN `Event`, or the Popeye problem number and twin.
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
pub enum KeyClaim {
    /// Exactly these keys (several = a known cook): EPD `bm` with `dm`, Popeye's own output,
    /// a PGN game's first move and its alternatives.
    Exactly(Vec<Move>),
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
}

/// A problem ready to be checked, with its source's claims.
#[derive(Clone, Debug)]
pub struct Case {
    pub problem: Problem,
    pub claim: Claim,
    pub keys: KeyClaim,
    /// Things the reader noticed that do not change the verdict (e.g. an unreadable `.out`).
    pub notes: Vec<String>,
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
    /// The FEN of the position when one was read.
    pub fen: Option<String>,
    pub case: Result<Case, Unusable>,
}
