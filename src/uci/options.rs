//! The engine's UCI options: one table declares each option once (name, type, default, range),
//! and both the `option …` lines after `uci` and the checking of `setoption` are derived from
//! it, so the two can never disagree. Names match case-insensitively, as the protocol asks.

use super::error::UciError;
use crate::problem::{Goal, PlayKind, Stipulation};

/// The kind and limits of one option.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Spin {
        default: i64,
        min: i64,
        max: i64,
    },
    Check {
        default: bool,
    },
    Button,
    /// A free text; `<empty>` is the empty default, as UCI GUIs write it.
    Text,
}

/// Which option a table row is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Id {
    Hash,
    ClearHash,
    Threads,
    MultiPv,
    Tries,
    ProblemReport,
    ComposerSuggestions,
    ComposerTop,
    Stipulation,
}

const TABLE: [(Id, &str, Kind); 9] = [
    (
        Id::Hash,
        "Hash",
        Kind::Spin {
            default: 64,
            min: 1,
            max: 16_384,
        },
    ),
    (Id::ClearHash, "Clear Hash", Kind::Button),
    // 1: the alpha-beta search alone; 2: the mate prover runs beside it during `go`.
    (
        Id::Threads,
        "Threads",
        Kind::Spin {
            default: 2,
            min: 1,
            max: 2,
        },
    ),
    (
        Id::MultiPv,
        "MultiPV",
        Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
        },
    ),
    (
        Id::Tries,
        "Tries",
        Kind::Spin {
            default: 0,
            min: 0,
            max: 16,
        },
    ),
    (
        Id::ProblemReport,
        "ProblemReport",
        Kind::Check { default: false },
    ),
    (
        Id::ComposerSuggestions,
        "ComposerSuggestions",
        Kind::Check { default: false },
    ),
    // How many composer suggestions a `go` sends, best first (as `compose --top`).
    (
        Id::ComposerTop,
        "ComposerTop",
        Kind::Spin {
            default: crate::composer::stream::DEFAULT_TOP as i64,
            min: 1,
            max: 100,
        },
    ),
    // A problem's stipulation for `go` (`h#3`, `s#2`, `ser-#5`, `=3`); empty or `#N`: the
    // ordinary game and mate search (see protocol/uci-extensions.md).
    (Id::Stipulation, "Stipulation", Kind::Text),
];

/// The current option values.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Options {
    /// Megabytes for both transposition tables together.
    pub hash_mb: usize,
    pub threads: usize,
    pub multipv: usize,
    /// Refutations a try may have to be reported (0 = tries off).
    pub tries: u32,
    /// Emit the extended `info string mp …` lines when a mate is proved.
    pub problem_report: bool,
    /// After `go mate` proves a problem, score it and send the composer's best improvements.
    pub composer_suggestions: bool,
    /// How many improvements `ComposerSuggestions` sends.
    pub composer_top: usize,
    /// The problem `go` solves instead of searching the game (`Stipulation`); `None` for the
    /// game and mate search.
    pub stipulation: Option<Stipulation>,
}

/// What a successful `setoption` changed, when the engine must act on it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Effect {
    /// The tables must be rebuilt at the new size.
    ResizeHash,
    /// The tables must be emptied.
    ClearHash,
    /// Nothing to do now; the next search reads the value.
    None,
}

impl Default for Options {
    fn default() -> Options {
        let mut options = Options {
            hash_mb: 0,
            threads: 0,
            multipv: 0,
            tries: 0,
            problem_report: false,
            composer_suggestions: false,
            composer_top: 0,
            stipulation: None,
        };
        for (id, _, kind) in TABLE {
            match kind {
                Kind::Spin { default, .. } => options.assign_spin(id, default),
                Kind::Check { default } => options.assign_check(id, default),
                Kind::Button | Kind::Text => {}
            }
        }
        options
    }
}

impl Options {
    /// The `option name … type …` lines for the `uci` handshake.
    pub fn uci_lines() -> Vec<String> {
        TABLE
            .iter()
            .map(|(_, name, kind)| match kind {
                Kind::Spin { default, min, max } => {
                    format!("option name {name} type spin default {default} min {min} max {max}")
                }
                Kind::Check { default } => {
                    format!("option name {name} type check default {default}")
                }
                Kind::Button => format!("option name {name} type button"),
                Kind::Text => format!("option name {name} type string default <empty>"),
            })
            .collect()
    }

    /// Applies `setoption name <name> [value <value>]`. On error nothing changes.
    pub fn set(&mut self, name: &str, value: Option<&str>) -> Result<Effect, UciError> {
        let Some(&(id, canonical, kind)) = TABLE
            .iter()
            .find(|(_, n, _)| n.eq_ignore_ascii_case(name.trim()))
        else {
            return Err(UciError::UnknownOption(name.to_owned()));
        };
        let bad = |reason: String| UciError::OptionValue {
            name: canonical,
            reason,
        };
        match kind {
            Kind::Button => match value {
                None => Ok(if id == Id::ClearHash {
                    Effect::ClearHash
                } else {
                    Effect::None
                }),
                Some(v) => Err(bad(format!("a button takes no value, found '{v}'"))),
            },
            Kind::Text => {
                // Only `Stipulation` is a text option.
                self.stipulation = problem_stipulation(value.unwrap_or("")).map_err(bad)?;
                Ok(Effect::None)
            }
            Kind::Check { .. } => {
                let v =
                    value.ok_or_else(|| bad("expected 'value true' or 'value false'".into()))?;
                let on = match v.to_ascii_lowercase().as_str() {
                    "true" => true,
                    "false" => false,
                    _ => return Err(bad(format!("expected true or false, found '{v}'"))),
                };
                self.assign_check(id, on);
                Ok(Effect::None)
            }
            Kind::Spin { min, max, .. } => {
                let v = value
                    .ok_or_else(|| bad(format!("expected 'value <n>' with {min} <= n <= {max}")))?;
                let n: i64 = v
                    .parse()
                    .map_err(|_| bad(format!("expected a whole number, found '{v}'")))?;
                if !(min..=max).contains(&n) {
                    return Err(bad(format!("{n} is out of range {min}..={max}")));
                }
                let resize = id == Id::Hash && n as usize != self.hash_mb;
                self.assign_spin(id, n);
                Ok(if resize {
                    Effect::ResizeHash
                } else {
                    Effect::None
                })
            }
        }
    }

    /// Stores a range-checked spin value (the table's bounds keep every cast lossless).
    fn assign_spin(&mut self, id: Id, n: i64) {
        let n = n.max(0);
        match id {
            Id::Hash => self.hash_mb = n as usize,
            Id::Threads => self.threads = n as usize,
            Id::MultiPv => self.multipv = n as usize,
            Id::Tries => self.tries = n as u32,
            Id::ComposerTop => self.composer_top = n as usize,
            Id::ClearHash | Id::ProblemReport | Id::ComposerSuggestions | Id::Stipulation => {}
        }
    }

    fn assign_check(&mut self, id: Id, on: bool) {
        match id {
            Id::ProblemReport => self.problem_report = on,
            Id::ComposerSuggestions => self.composer_suggestions = on,
            _ => {}
        }
    }
}

/// The problem a `Stipulation` value asks for: `None` for the empty value (`<empty>`) and
/// for `#N` (the game and mate search, as without the option); an error for a stipulation
/// that cannot be read or is not solved.
fn problem_stipulation(value: &str) -> Result<Option<Stipulation>, String> {
    let value = value.trim();
    if value.is_empty() || value == "<empty>" {
        return Ok(None);
    }
    let stipulation: Stipulation = value.parse().map_err(|e| format!("{e}"))?;
    if stipulation.is_too_long() {
        return Err(format!(
            "{stipulation} is longer than the {} moves the solver takes",
            crate::problem::MAX_MATE_MOVES
        ));
    }
    if !stipulation.is_supported() {
        return Err(format!("{stipulation} is not solved yet"));
    }
    let game = stipulation.play == PlayKind::Direct
        && stipulation.goal == Goal::Mate
        && !stipulation.is_exact();
    Ok((!game).then_some(stipulation))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_match_the_advertised_lines() {
        let o = Options::default();
        assert_eq!((o.hash_mb, o.threads, o.multipv, o.tries), (64, 2, 1, 0));
        assert!(!o.problem_report && !o.composer_suggestions);
        let lines = Options::uci_lines();
        assert!(lines.contains(&"option name Hash type spin default 64 min 1 max 16384".to_owned()));
        assert!(lines.contains(&"option name ProblemReport type check default false".to_owned()));
        assert!(lines.contains(&"option name Clear Hash type button".to_owned()));
        assert_eq!(lines.len(), TABLE.len());
    }

    #[test]
    fn values_are_checked_and_errors_change_nothing() {
        let mut o = Options::default();
        assert_eq!(o.set("hash", Some("128")), Ok(Effect::ResizeHash));
        assert_eq!(
            o.set("Hash", Some("128")),
            Ok(Effect::None),
            "same size: nothing to rebuild"
        );
        assert_eq!(o.set("multipv", Some("3")), Ok(Effect::None));
        assert_eq!(o.set("PROBLEMREPORT", Some("TRUE")), Ok(Effect::None));
        assert_eq!(o.set("Tries", Some("2")), Ok(Effect::None));
        assert_eq!(o.set("clear hash", None), Ok(Effect::ClearHash));
        let before = o.clone();
        for (name, value) in [
            ("Hash", Some("0")),
            ("Hash", Some("16385")),
            ("Hash", Some("-1")),
            ("Hash", Some("lots")),
            ("Hash", None),
            ("Threads", Some("3")),
            ("MultiPV", Some("0")),
            ("ProblemReport", Some("yes")),
            ("ProblemReport", None),
            ("Clear Hash", Some("now")),
        ] {
            assert!(
                matches!(o.set(name, value), Err(UciError::OptionValue { .. })),
                "{name} {value:?}"
            );
        }
        assert_eq!(
            o.set("Contempt", Some("0")),
            Err(UciError::UnknownOption("Contempt".into()))
        );
        assert_eq!(o, before);
        assert_eq!((o.hash_mb, o.multipv, o.tries), (128, 3, 2));
        assert!(o.problem_report);
    }

    #[test]
    fn stipulation_selects_the_problem_and_hash_n_goes_back() {
        let mut o = Options::default();
        assert!(Options::uci_lines()
            .contains(&"option name Stipulation type string default <empty>".to_owned()));
        for (value, shown) in [
            ("h#3", "h#3"),
            ("s#2", "s#2"),
            ("ser-#5", "ser-#5"),
            ("=3", "=3"),
            // Popeye's exact- battle play is solved, as the plain stipulation is.
            ("exact-#3", "exact-#3"),
            ("exact-s#2", "exact-s#2"),
        ] {
            assert_eq!(o.set("stipulation", Some(value)), Ok(Effect::None));
            assert_eq!(o.stipulation.map(|s| s.to_string()).as_deref(), Some(shown));
        }
        assert_eq!(o.set("Stipulation", Some("#3")), Ok(Effect::None));
        assert_eq!(o.stipulation, None, "#N: back to the game and mate search");
        o.set("Stipulation", Some("h#2.5")).unwrap();
        o.set("Stipulation", Some("<empty>")).unwrap();
        assert_eq!(o.stipulation, None);
        o.set("Stipulation", Some("h#2")).unwrap();
        let before = o.clone();
        for bad in ["h#", "xyz", "ser-r#3", "#0"] {
            assert!(
                matches!(
                    o.set("Stipulation", Some(bad)),
                    Err(UciError::OptionValue { .. })
                ),
                "{bad}"
            );
        }
        assert_eq!(o, before);
    }
}
