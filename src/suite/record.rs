//! The verdict on one entry of a suite, as reports store it: where it came from, what was
//! claimed, what the solver found, the status, and the cost. It is the JSON object written
//! per position (see [`super::report`] for the schema) and read back by `suite-merge`.
//!
//! Pure data with its one-line text form; it never solves or reads input.

use super::format::Format;
use crate::board::{Position, Validation};
use crate::notation::{parse_san, MoveStyle};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How an entry came out.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Everything claimed was confirmed (notes may add what else was seen).
    Solved,
    /// The solver contradicts the claim: no mate, a shorter one where none may be, other keys.
    Wrong,
    /// A limit (time, nodes) stopped the search before it could decide.
    Unsolved,
    /// The entry asks for something the solver does not do yet.
    Unsupported,
    /// The entry could not be read.
    Error,
}

impl Status {
    /// True for everything but `Solved`: the run's exit status is not 0.
    pub fn is_failure(self) -> bool {
        self != Status::Solved
    }

    pub fn name(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Wrong => "wrong",
            Status::Unsolved => "unsolved",
            Status::Unsupported => "unsupported",
            Status::Error => "error",
        }
    }
}

/// What the problem is, whatever its source claimed: a problemist's word for the solver's
/// answer. `status` says whether the claim held; the verdict says what was found (a cooked
/// problem listed as cooked is `solved`, and `cooked`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize, PartialOrd, Ord)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The intended number of keys (solutions), one unless the source says more, none shorter.
    Sound,
    /// More keys (solutions) than intended; the notes list them.
    Cooked,
    /// A key (solution) shorter than the stipulation.
    Short,
    /// Fewer solutions than intended, but some.
    Missing,
    /// No key, no solution.
    NoSolution,
    /// Something the solver does not do (named in the notes).
    Unsupported,
    /// A limit (time, nodes) or a signal stopped the search first.
    OutOfTime,
    /// The entry could not be read (the notes say where and why).
    Error,
}

impl Verdict {
    pub const ALL: [Verdict; 8] = [
        Verdict::Sound,
        Verdict::Cooked,
        Verdict::Short,
        Verdict::Missing,
        Verdict::NoSolution,
        Verdict::Unsupported,
        Verdict::OutOfTime,
        Verdict::Error,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Verdict::Sound => "sound",
            Verdict::Cooked => "cooked",
            Verdict::Short => "short",
            Verdict::Missing => "missing",
            Verdict::NoSolution => "no solution",
            Verdict::Unsupported => "unsupported",
            Verdict::OutOfTime => "out of time",
            Verdict::Error => "error",
        }
    }
}

/// How the computed solution compares with the one the source stores as text (YACPDB's
/// `solution`), both read as Popeye's move lines, sets where the order is free.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "result", content = "note")]
pub enum StoredResult {
    /// The same lines: every key, threat, variation, try and refutation (help and series
    /// play: every solution) in both.
    Agrees,
    /// The first difference, by its path (`1.Ka1-a2 ! / 1...Sd3-f2: stored has 2.e7-e8=S #,
    /// computed has none`).
    Differs(String),
    /// The stored text is free-form (not Popeye's notation), or absent; why.
    NotComparable(String),
    /// The comparison's solve was stopped by a limit.
    NotChecked(String),
}

impl StoredResult {
    pub fn name(&self) -> &'static str {
        match self {
            StoredResult::Agrees => "agrees",
            StoredResult::Differs(_) => "differs",
            StoredResult::NotComparable(_) => "not comparable",
            StoredResult::NotChecked(_) => "not checked",
        }
    }
}

/// Which search checked the entry.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Check {
    /// The full solve: every key within the stipulated length (`dm`, problems).
    Keys,
    /// The shortest mate within the claimed length (`bm #N`).
    Mate,
    /// Every move of the side to move is mated within the claimed length (`bm #-N`).
    Mated,
    /// Every solution of help or series play (`h#N`, `ser-#N` …).
    Lines,
    /// The bounded classification's claimed fields (EPD `classify`).
    Classify,
}

/// What the source claimed.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Expected {
    /// The stipulation when it is not a directmate (`s#2`, `h#2.5`, `=3`); `null` for `#N`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stipulation: Option<String>,
    /// Mate length (moves of the stipulation), negative when the side to move is mated; `null` when nothing was read.
    pub mate: Option<i32>,
    /// `true` when no shorter mate may exist (`dm N`, `exact-#N`).
    pub exact: bool,
    /// Every key in SAN (help and series play: Popeye's solution lines when its output is
    /// read); `null` when the source names none.
    pub keys: Option<Vec<String>>,
    /// `true` when exactly one (unnamed) key is claimed: a problem without its solution.
    pub unique: bool,
    /// A sound problem is claimed with this many keys (help and series play: solutions),
    /// none shorter: a YACPDB entry (`intended-solutions`, else 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub intended: Option<u64>,
    /// EPD `classify`: the claimed fields as written (`plies 5 help_win 3 …`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub classify: Option<String>,
}

/// What the solver found.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Found {
    /// Mate length found (negative: the side to move is mated), `null` when none.
    pub mate: Option<i32>,
    /// Keys in SAN (every first move mating within the length searched; help and series
    /// play: the first moves of the solutions).
    pub keys: Vec<String>,
    /// Help and series play: every solution as Popeye prints it; `null` otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<String>>,
    /// EPD `classify`: all six fields found, in the claim's syntax.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub classify: Option<String>,
}

/// One position's verdict.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Record {
    /// 1-based number over all entries of all files (shards keep the numbers of the whole run).
    pub index: u64,
    pub file: String,
    pub line: usize,
    pub label: Option<String>,
    pub format: Format,
    /// The position's four EPD fields, when it could be read.
    pub fen: Option<String>,
    /// `null` when the entry was never searched (error, unsupported).
    pub check: Option<Check>,
    pub expected: Expected,
    pub found: Found,
    pub status: Status,
    /// More than one key was found.
    pub cooked: bool,
    /// What the problem is (sound, cooked, short …); `null` where the entry claims no problem
    /// (EPD `bm #N`, `bm #-N`, `classify`) and the search was not stopped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Verdict>,
    /// The stored solution compared with the computed one (YACPDB entries).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stored: Option<StoredResult>,
    /// Why the status is what it is, and anything else worth knowing (short mates, cooks).
    pub notes: Vec<String>,
    pub nodes: u64,
    /// Wall time of the search in milliseconds, to the microsecond.
    pub time_ms: f64,
}

impl Record {
    /// The search time in whole microseconds (what summaries are built from, so a report
    /// read back gives the same summary).
    pub fn time_us(&self) -> u64 {
        let us = (self.time_ms * 1000.0).round();
        if us.is_finite() && us > 0.0 {
            us as u64
        } else {
            0
        }
    }

    /// Milliseconds to the microsecond, as stored.
    pub fn time_ms_of(us: u64) -> f64 {
        us as f64 / 1000.0
    }
}

impl fmt::Display for Record {
    /// One line: status, place, claim, finding, notes; keys in SAN, as stored.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.line(MoveStyle::San))
    }
}

impl Record {
    /// The record's line with its keys written in `style` (the suite's `--notation`). Keys are
    /// stored in SAN; they are read back on the record's position to be rewritten.
    pub fn line(&self, style: MoveStyle) -> RecordLine<'_> {
        RecordLine {
            record: self,
            style,
        }
    }

    fn keys_in(&self, keys: &[String], style: MoveStyle) -> Vec<String> {
        let position = self
            .fen
            .as_deref()
            .and_then(|fen| Position::from_fen(fen, Validation::Lenient).ok());
        let (Some(position), false) = (position, matches!(style, MoveStyle::San)) else {
            return keys.to_vec();
        };
        keys.iter()
            .map(|san| match parse_san(&position, san) {
                Ok(m) => style.move_text(&position, m),
                Err(_) => san.clone(),
            })
            .collect()
    }
}

/// [`Record::line`]: a record as one line in a chosen notation.
pub struct RecordLine<'a> {
    record: &'a Record,
    style: MoveStyle,
}

impl fmt::Display for RecordLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.record.write_line(f, self.style)
    }
}

impl Record {
    fn write_line(&self, f: &mut fmt::Formatter<'_>, style: MoveStyle) -> fmt::Result {
        let keys_text = |keys: &[String]| keys_text(&self.keys_in(keys, style));
        write!(f, "{:<11} {}", self.status.name(), self.file)?;
        // Line 0: the whole file failed (it could not be opened or read), not one line of it.
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
        }
        if let Some(label) = &self.label {
            write!(f, " \"{label}\"")?;
        }
        if let Some(solutions) = &self.found.solutions {
            return self.write_lines_claim(f, solutions);
        }
        if let Some(claimed) = &self.expected.classify {
            write!(f, "  expected classify {claimed}")?;
            if let Some(found) = &self.found.classify {
                write!(f, ", found {found}")?;
            }
        }
        if let Some(mate) = self.expected.mate {
            let play = self.expected.play();
            match &self.expected.stipulation {
                Some(stipulation) => write!(f, "  expected {stipulation}")?,
                None => write!(f, "  expected #{mate}")?,
            }
            if let Some(keys) = &self.expected.keys {
                write!(f, " {}", keys_text(keys))?;
            } else if self.expected.unique {
                write!(f, " (one key)")?;
            } else if let Some(n) = self.expected.intended {
                write!(f, " ({n} {}, sound)", if n == 1 { "key" } else { "keys" })?;
            }
            match self.found.mate {
                Some(found) => write!(f, ", found {play}{found}")?,
                None if self.check.is_some() => write!(f, ", found none")?,
                None => {}
            }
            if !self.found.keys.is_empty() {
                // The full solve lists every key within the claimed length: after a shorter
                // mate they are not all of that length, so say which length they are within.
                let shorter = self.found.mate.is_some_and(|found| found < mate);
                if self.check == Some(Check::Keys) && shorter {
                    write!(f, "; keys within {play}{mate}:")?;
                }
                write!(f, " {}", keys_text(&self.found.keys))?;
            }
        }
        self.write_tail(f)
    }

    /// The notes, then the verdict where it says more than the status, and the comparison
    /// with the stored solution.
    fn write_tail(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.notes.is_empty() {
            write!(f, "  ({})", self.notes.join("; "))?;
        }
        if let Some(verdict) = self.verdict.filter(|v| {
            self.format == Format::Yacpdb || *v != Verdict::Sound && self.status == Status::Solved
        }) {
            write!(f, "  [{}]", verdict.name())?;
        }
        match &self.stored {
            None => {}
            Some(StoredResult::Agrees) => write!(f, "  stored solution agrees")?,
            Some(
                other @ (StoredResult::Differs(why)
                | StoredResult::NotComparable(why)
                | StoredResult::NotChecked(why)),
            ) => write!(f, "  stored solution {}: {why}", other.name())?,
        }
        Ok(())
    }
}

impl Record {
    /// Help and series play: the stipulation, how many solutions were claimed and found.
    fn write_lines_claim(&self, f: &mut fmt::Formatter<'_>, found: &[String]) -> fmt::Result {
        let stipulation = self.expected.stipulation.as_deref().unwrap_or("?");
        write!(f, "  expected {stipulation}")?;
        if let Some(listed) = &self.expected.keys {
            // A PGN game names first moves; Popeye's output, whole solutions.
            if self.format == Format::Pgn {
                write!(f, " (first moves {})", keys_text(listed))?;
            } else {
                write!(f, " ({})", solutions_text(listed.len()))?;
            }
        } else if self.expected.unique {
            write!(f, " (one solution)")?;
        } else if let Some(n) = self.expected.intended {
            write!(f, " ({}, sound)", solutions_text(n as usize))?;
        }
        write!(f, ", found {}", solutions_text(found.len()))?;
        self.write_tail(f)
    }
}

impl Expected {
    /// What is written before a length: `#`, or the stipulation's play and goal (`s#`, `=`).
    fn play(&self) -> &str {
        self.stipulation.as_deref().map_or("#", play_of)
    }
}

fn solutions_text(count: usize) -> String {
    match count {
        0 => "no solution".to_owned(),
        1 => "1 solution".to_owned(),
        n => format!("{n} solutions"),
    }
}

fn keys_text(keys: &[String]) -> String {
    if keys.is_empty() {
        "(no key)".to_owned()
    } else {
        keys.join(" ")
    }
}

/// What a stipulation writes before its number, `exact-` left out: `#`, `s#`, `=`, `r#`.
pub(super) fn play_of(stipulation: &str) -> &str {
    let play = stipulation.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    play.strip_prefix("exact-").unwrap_or(play)
}
