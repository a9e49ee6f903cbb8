//! The EPD operation `classify`: what a line claims about the position's bounded
//! classification ([`crate::classify`]), and its check.
//!
//! The operand is a list of words: `plies N` first (the bound, 1 to
//! [`crate::classify::MAX_PLIES`]), then any of the six fields of `mateproof classify`, each
//! with its value, in any order, each at most once:
//!
//! ```text
//! 7k/8/6K1/8/8/8/8/R7 w - - classify "plies 5 help_win 1 forced_win 1 hang false"; id "K7";
//! ```
//!
//! `help_win`, `help_loss` and `help_draw` take a number of plies or `none`; `forced_win` and
//! `forced_loss` a number of moves or `none`; `hang` takes `true` or `false`. Only the fields
//! named are checked: each must equal what the classification finds within the bound, and any
//! that differs makes the line wrong. A line with `classify` checks nothing else: `dm` or `bm`
//! beside it is an input error (one claim per line).

use super::outcome::Outcome;
use super::record::Status;
use crate::board::Position;
use crate::classify::{classify, Classification, MAX_PLIES};
use crate::kernel::SearchControl;
use std::fmt;

/// What a `classify` operation claims. `None` for a field it does not name; `Some(None)` for
/// a field claimed to be null (`none`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ClassifyClaim {
    pub plies: u32,
    pub help_win: Option<Option<u32>>,
    pub help_loss: Option<Option<u32>>,
    pub help_draw: Option<Option<u32>>,
    pub hang: Option<bool>,
    pub forced_win: Option<Option<u32>>,
    pub forced_loss: Option<Option<u32>>,
}

/// The six fields, in the order `mateproof classify` prints them.
const FIELDS: [&str; 6] = [
    "help_win",
    "help_loss",
    "help_draw",
    "hang",
    "forced_win",
    "forced_loss",
];

/// Why a `classify` operand does not read, naming the words at fault.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ClaimError {
    /// The operand (all of it) does not begin with `plies N`.
    #[error("classify \"{0}\": begin with plies N")]
    NoPlies(String),
    #[error("classify: plies {0} is not a number from 1 to {MAX_PLIES}")]
    PliesOutOfRange(String),
    #[error("classify: plies {0} claims nothing; name one of {fields}", fields = FIELDS.join(", "))]
    NothingClaimed(u32),
    #[error("classify: {0} has no value")]
    NoValue(String),
    #[error("classify: {0} is claimed twice")]
    Twice(String),
    #[error("classify: hang {0}: say true or false")]
    Hang(String),
    #[error("classify: unknown field {0}; the fields are {fields}", fields = FIELDS.join(", "))]
    UnknownField(String),
    #[error("classify: {field} {value}: give a number or none")]
    Length { field: String, value: String },
}

impl ClassifyClaim {
    /// Reads the operand's words.
    ///
    /// ```
    /// use mateproof::suite::classify_claim::ClassifyClaim;
    /// let claim = ClassifyClaim::parse("plies 5 help_win 3 forced_win none hang false").unwrap();
    /// assert_eq!((claim.plies, claim.help_win, claim.forced_win), (5, Some(Some(3)), Some(None)));
    /// assert_eq!((claim.hang, claim.help_loss), (Some(false), None));
    /// assert!(ClassifyClaim::parse("help_win 3").is_err()); // no bound
    /// assert!(ClassifyClaim::parse("plies 5").is_err()); // nothing claimed
    /// ```
    pub fn parse(text: &str) -> Result<ClassifyClaim, ClaimError> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let (plies, fields) = match words.as_slice() {
            ["plies", n, rest @ ..] => (*n, rest),
            _ => return Err(ClaimError::NoPlies(text.to_owned())),
        };
        let plies = match plies.parse::<u32>() {
            Ok(n) if (1..=MAX_PLIES).contains(&n) => n,
            _ => return Err(ClaimError::PliesOutOfRange(plies.to_owned())),
        };
        let mut claim = ClassifyClaim {
            plies,
            ..ClassifyClaim::default()
        };
        if fields.is_empty() {
            return Err(ClaimError::NothingClaimed(plies));
        }
        for pair in fields.chunks(2) {
            let [field, value] = pair else {
                return Err(ClaimError::NoValue(pair[0].to_owned()));
            };
            claim.set(field, value)?;
        }
        Ok(claim)
    }

    /// Records `field value`, refusing an unknown field, a bad value or a field named twice.
    fn set(&mut self, field: &str, value: &str) -> Result<(), ClaimError> {
        let twice = || ClaimError::Twice(field.to_owned());
        if field == "hang" {
            let hang = match value {
                "true" => true,
                "false" => false,
                _ => return Err(ClaimError::Hang(value.to_owned())),
            };
            return match self.hang.replace(hang) {
                Some(_) => Err(twice()),
                None => Ok(()),
            };
        }
        let slot = match field {
            "help_win" => &mut self.help_win,
            "help_loss" => &mut self.help_loss,
            "help_draw" => &mut self.help_draw,
            "forced_win" => &mut self.forced_win,
            "forced_loss" => &mut self.forced_loss,
            _ => return Err(ClaimError::UnknownField(field.to_owned())),
        };
        let length = match value {
            "none" => None,
            n => Some(n.parse::<u32>().map_err(|_| ClaimError::Length {
                field: field.to_owned(),
                value: value.to_owned(),
            })?),
        };
        match slot.replace(length) {
            Some(_) => Err(twice()),
            None => Ok(()),
        }
    }

    /// The claimed fields with their values, in [`FIELDS`] order.
    fn claimed(&self) -> Vec<(&'static str, String)> {
        let numbers = [
            self.help_win,
            self.help_loss,
            self.help_draw,
            None,
            self.forced_win,
            self.forced_loss,
        ];
        FIELDS
            .iter()
            .zip(numbers)
            .filter_map(|(&field, number)| {
                if field == "hang" {
                    self.hang.map(|hang| (field, hang.to_string()))
                } else {
                    number.map(|n| (field, value_text(n)))
                }
            })
            .collect()
    }
}

impl fmt::Display for ClassifyClaim {
    /// The operand as it would be written: `plies N` and the claimed fields.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "plies {}", self.plies)?;
        for (field, value) in self.claimed() {
            write!(f, " {field} {value}")?;
        }
        Ok(())
    }
}

fn value_text(n: Option<u32>) -> String {
    n.map_or_else(|| "none".to_owned(), |n| n.to_string())
}

/// The six fields found, in the claim's syntax.
pub fn found_text<M>(c: &Classification<M>) -> String {
    let found = found_fields(c);
    let fields: Vec<String> = found.iter().map(|(f, v)| format!("{f} {v}")).collect();
    format!("plies {} {}", c.plies, fields.join(" "))
}

fn found_fields<M>(c: &Classification<M>) -> [(&'static str, String); 6] {
    [
        ("help_win", value_text(c.help_win.as_ref().map(|w| w.plies))),
        (
            "help_loss",
            value_text(c.help_loss.as_ref().map(|w| w.plies)),
        ),
        (
            "help_draw",
            value_text(c.help_draw.as_ref().map(|w| w.plies)),
        ),
        ("hang", c.hang.to_string()),
        (
            "forced_win",
            value_text(c.forced_win.as_ref().map(|w| w.moves)),
        ),
        (
            "forced_loss",
            value_text(c.forced_loss.as_ref().map(|l| l.moves)),
        ),
    ]
}

/// Classifies `position` within the claim's bound (each question over a table of `table_mb`
/// megabytes) and compares every claimed field: all equal is solved, any difference wrong
/// (a note per field), a stopped search unsolved.
pub(super) fn check_classify(
    claim: &ClassifyClaim,
    position: &Position,
    table_mb: usize,
    control: &SearchControl,
) -> (Outcome, Option<String>) {
    let Ok(found) = classify(position, claim.plies, table_mb, control) else {
        return (Outcome::stopped(control.nodes()), None);
    };
    let fields = found_fields(&found);
    let notes: Vec<String> = claim
        .claimed()
        .into_iter()
        .filter_map(|(field, value)| {
            let (_, actual) = fields.iter().find(|(f, _)| *f == field)?;
            (*actual != value).then(|| format!("{field}: claimed {value}, found {actual}"))
        })
        .collect();
    let status = if notes.is_empty() {
        Status::Solved
    } else {
        Status::Wrong
    };
    let outcome = Outcome {
        status,
        verdict: None,
        mate: None,
        keys: Vec::new(),
        solutions: None,
        notes,
        nodes: found.nodes,
    };
    (outcome, Some(found_text(&found)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(text: &str) -> String {
        ClassifyClaim::parse(text).expect_err(text).to_string()
    }

    #[test]
    fn bad_operands_are_told_apart_by_their_kind() {
        let fault = |text: &str| ClassifyClaim::parse(text).expect_err(text);
        assert_eq!(
            fault("help_win 3"),
            ClaimError::NoPlies("help_win 3".to_owned())
        );
        assert_eq!(
            fault("plies 0 help_win 1"),
            ClaimError::PliesOutOfRange("0".to_owned())
        );
        assert_eq!(fault("plies 5"), ClaimError::NothingClaimed(5));
        assert_eq!(
            fault("plies 3 hang"),
            ClaimError::NoValue("hang".to_owned())
        );
        assert_eq!(
            fault("plies 3 hang true hang false"),
            ClaimError::Twice("hang".to_owned())
        );
        assert_eq!(
            fault("plies 3 forced_win x"),
            ClaimError::Length {
                field: "forced_win".to_owned(),
                value: "x".to_owned()
            }
        );
        assert_eq!(
            reason("plies 5"),
            "classify: plies 5 claims nothing; name one of help_win, help_loss, help_draw, hang, \
             forced_win, forced_loss"
        );
        assert_eq!(
            reason("help_win 3"),
            "classify \"help_win 3\": begin with plies N"
        );
    }

    #[test]
    fn bad_operands_say_what_is_wrong() {
        assert!(reason("plies 0 help_win 1").contains("from 1 to"));
        assert!(reason("plies x help_win 1").contains("not a number"));
        assert!(reason("plies 3 help_win").contains("no value"));
        assert!(reason("plies 3 help_win 1 help_win 3").contains("twice"));
        assert!(reason("plies 3 hang maybe").contains("true or false"));
        assert!(reason("plies 3 forced_draw 1").contains("unknown field"));
        assert!(reason("plies 3 forced_win -1").contains("a number or none"));
    }

    #[test]
    fn a_claim_prints_as_it_is_written() {
        let text = "plies 5 help_win 3 help_draw none hang false forced_loss 2";
        assert_eq!(ClassifyClaim::parse(text).unwrap().to_string(), text);
        // Fields in another order print in the command's order.
        let reordered = ClassifyClaim::parse("plies 5 hang true help_loss 4").unwrap();
        assert_eq!(reordered.to_string(), "plies 5 help_loss 4 hang true");
    }
}
