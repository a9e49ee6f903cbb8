//! Compares two Popeye transcripts the way a problemist reads them: first as **sets** at every
//! node (the same keys, tries, refutations, threats, variations and continuations, with the
//! same check marks and verdicts), then as **sequences** (Popeye's sibling order). Each check
//! reports the first difference found, by its path in the tree.
//!
//! Headers (centred texts, board) are layout and are not compared here; byte equality of the
//! whole text is the caller's stricter test. This module only compares; it never parses moves
//! against a position.
//!
//! ```
//! use mateproof::popeye::compare::compare;
//! use mateproof::popeye::transcript::Transcript;
//! let popeye = Transcript::parse("\n   1.Ba8-h1 !\n   1.Ba8-f3 !\n\nsolution finished.\n").unwrap();
//! let ours = Transcript::parse("\n   1.Ba8-f3 !\n   1.Ba8-h1 !\n\nsolution finished.\n").unwrap();
//! let result = compare(&popeye, &ours);
//! assert!(result.sets.is_none());
//! assert!(result.order.unwrap().to_string().contains("order"));
//! ```

use super::transcript::{
    AttackLine, DefenceLine, End, ProblemText, RefutationLine, ThreatText, Transcript, TwinText,
};
use std::fmt;

/// The first place where two transcripts differ.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Difference {
    /// Where: problem number, twin, then the moves leading to the node.
    pub path: String,
    /// What differs there.
    pub what: String,
}

impl fmt::Display for Difference {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path, self.what)
    }
}

/// The outcome of [`compare`].
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Comparison {
    /// First difference as sets, `None` when every node has the same children.
    pub sets: Option<Difference>,
    /// First difference in sibling order, `None` when the order agrees too. Only meaningful
    /// when `sets` is `None`.
    pub order: Option<Difference>,
}

impl Comparison {
    /// Equal as trees (sets per node), whatever the order.
    pub fn tree_equal(&self) -> bool {
        self.sets.is_none()
    }

    /// Equal as trees and in order.
    pub fn ordered_equal(&self) -> bool {
        self.sets.is_none() && self.order.is_none()
    }
}

/// Compares `actual` against `expected`.
pub fn compare(expected: &Transcript, actual: &Transcript) -> Comparison {
    let mut sets = Walker {
        ordered: false,
        path: Vec::new(),
    };
    let set_diff = sets.transcripts(expected, actual).err();
    let order_diff = if set_diff.is_none() {
        let mut ordered = Walker {
            ordered: true,
            path: Vec::new(),
        };
        ordered.transcripts(expected, actual).err()
    } else {
        None
    };
    Comparison {
        sets: set_diff,
        order: order_diff,
    }
}

/// Something with a name that identifies it among its siblings.
trait Named {
    fn name(&self) -> String;
}

impl Named for AttackLine {
    fn name(&self) -> String {
        format!("{}.{}", self.number, self.mv)
    }
}

impl Named for DefenceLine {
    fn name(&self) -> String {
        format!("{}...{}", self.number, self.mv)
    }
}

impl Named for RefutationLine {
    fn name(&self) -> String {
        format!("but {}", self.mv)
    }
}

impl Named for String {
    fn name(&self) -> String {
        self.clone()
    }
}

struct Walker {
    /// Compare sibling order too (after the sets have been found equal).
    ordered: bool,
    path: Vec<String>,
}

type Outcome = Result<(), Difference>;

impl Walker {
    fn differ(&self, what: String) -> Outcome {
        let path = if self.path.is_empty() {
            "(top)".to_owned()
        } else {
            self.path.join(" / ")
        };
        Err(Difference { path, what })
    }

    fn within<T>(
        &mut self,
        step: String,
        f: impl FnOnce(&mut Walker) -> Result<T, Difference>,
    ) -> Result<T, Difference> {
        self.path.push(step);
        let result = f(self);
        self.path.pop();
        result
    }

    fn transcripts(&mut self, expected: &Transcript, actual: &Transcript) -> Outcome {
        if expected.problems.len() != actual.problems.len() {
            return self.differ(format!(
                "{} problems expected, {} found",
                expected.problems.len(),
                actual.problems.len()
            ));
        }
        for (i, (e, a)) in expected.problems.iter().zip(&actual.problems).enumerate() {
            self.within(format!("problem {}", i + 1), |w| w.problem(e, a))?;
        }
        Ok(())
    }

    fn problem(&mut self, e: &ProblemText, a: &ProblemText) -> Outcome {
        self.list("messages", &e.messages, &a.messages, |_, _, _| Ok(()))?;
        if e.end != a.end {
            return self.differ(format!(
                "ends {} expected, {} found",
                end_name(e.end),
                end_name(a.end)
            ));
        }
        if e.twins.len() != a.twins.len() {
            return self.differ(format!(
                "{} twins expected, {} found",
                e.twins.len(),
                a.twins.len()
            ));
        }
        for (et, at) in e.twins.iter().zip(&a.twins) {
            let step = et.label.clone().unwrap_or_else(|| "play".to_owned());
            self.within(step, |w| w.twin(et, at))?;
        }
        Ok(())
    }

    fn twin(&mut self, e: &TwinText, a: &TwinText) -> Outcome {
        if e.label != a.label {
            return self.differ(format!(
                "twin label {:?} expected, {:?} found",
                e.label, a.label
            ));
        }
        self.list(
            "move numbers",
            &e.move_numbers,
            &a.move_numbers,
            |_, _, _| Ok(()),
        )?;
        self.within("set play".to_owned(), |w| {
            w.list("set play", &e.set_play, &a.set_play, Walker::defence)
        })?;
        match (&e.post_key, &a.post_key) {
            (None, None) => {}
            (Some(ep), Some(ap)) => {
                self.within("post-key play".to_owned(), |w| {
                    w.threat(&ep.threat, &ap.threat)?;
                    w.list("variations", &ep.defences, &ap.defences, Walker::defence)
                })?;
            }
            (Some(_), None) => return self.differ("post-key play expected, none found".to_owned()),
            (None, Some(_)) => return self.differ("post-key play found, none expected".to_owned()),
        }
        self.list(
            "first moves",
            &e.first_moves,
            &a.first_moves,
            Walker::attack,
        )
    }

    fn attack(&mut self, e: &AttackLine, a: &AttackLine) -> Outcome {
        if e.mark != a.mark || e.verdict != a.verdict {
            return self.differ(format!(
                "marks {:?}/{:?} expected, {:?}/{:?} found",
                e.mark, e.verdict, a.mark, a.verdict
            ));
        }
        self.threat(&e.threat, &a.threat)?;
        self.list("variations", &e.defences, &a.defences, Walker::defence)?;
        self.list("refutations", &e.refutations, &a.refutations, |w, e, a| {
            if e.mark == a.mark {
                Ok(())
            } else {
                w.differ(format!(
                    "check mark {:?} expected, {:?} found",
                    e.mark, a.mark
                ))
            }
        })
    }

    fn threat(&mut self, e: &ThreatText, a: &ThreatText) -> Outcome {
        match (e, a) {
            (ThreatText::NotShown, ThreatText::NotShown)
            | (ThreatText::Zugzwang, ThreatText::Zugzwang) => Ok(()),
            (ThreatText::Threats(et), ThreatText::Threats(at)) => {
                self.list("threats", et, at, Walker::attack)
            }
            _ => self.differ(format!(
                "{} expected, {} found",
                threat_name(e),
                threat_name(a)
            )),
        }
    }

    fn defence(&mut self, e: &DefenceLine, a: &DefenceLine) -> Outcome {
        if e.mark != a.mark {
            return self.differ(format!(
                "check mark {:?} expected, {:?} found",
                e.mark, a.mark
            ));
        }
        if e.refutes != a.refutes {
            return self.differ(format!(
                "'refutes.' {} expected",
                if e.refutes { "is" } else { "is not" }
            ));
        }
        self.list(
            "continuations",
            &e.continuations,
            &a.continuations,
            Walker::attack,
        )
    }

    /// Compares two sibling lists: the same names (as sets, or in order), then each pair.
    fn list<T: Named>(
        &mut self,
        what: &str,
        expected: &[T],
        actual: &[T],
        each: impl Fn(&mut Walker, &T, &T) -> Outcome,
    ) -> Outcome {
        let e_names: Vec<String> = expected.iter().map(Named::name).collect();
        let a_names: Vec<String> = actual.iter().map(Named::name).collect();
        if let Some(missing) = e_names.iter().find(|n| !a_names.contains(n)) {
            return self.differ(format!("{what}: {missing} missing"));
        }
        if let Some(extra) = a_names.iter().find(|n| !e_names.contains(n)) {
            return self.differ(format!("{what}: {extra} not expected"));
        }
        if e_names.len() != a_names.len() {
            return self.differ(format!(
                "{what}: {} expected, {} found",
                e_names.len(),
                a_names.len()
            ));
        }
        if self.ordered && e_names != a_names {
            let at = e_names
                .iter()
                .zip(&a_names)
                .position(|(x, y)| x != y)
                .unwrap_or(0);
            return self.differ(format!(
                "{what} order: {} expected at position {}, {} found",
                e_names.get(at).map_or("?", String::as_str),
                at + 1,
                a_names.get(at).map_or("?", String::as_str)
            ));
        }
        for item in expected {
            let name = item.name();
            if let Some(other) = actual.iter().find(|x| x.name() == name) {
                self.within(name, |w| each(w, item, other))?;
            }
        }
        Ok(())
    }
}

fn end_name(end: End) -> &'static str {
    match end {
        End::Finished => "'solution finished.'",
        End::Partial => "'Partial solution'",
        End::Missing => "no end line",
    }
}

fn threat_name(t: &ThreatText) -> &'static str {
    match t {
        ThreatText::NotShown => "no threat line",
        ThreatText::Zugzwang => "zugzwang",
        ThreatText::Threats(_) => "a threat",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Transcript {
        Transcript::parse(text).unwrap()
    }

    #[test]
    fn finds_a_missing_variation_by_path() {
        let popeye = parse("\n   1.Ba8-h1 ! threat:\n          2.Sb6-d5 #\n      1...Sc4-a3\n          2.Qc8*c1 #\n\nsolution finished.\n");
        let ours = parse("\n   1.Ba8-h1 ! threat:\n          2.Sb6-d5 #\n\nsolution finished.\n");
        let diff = compare(&popeye, &ours).sets.unwrap();
        assert_eq!(diff.path, "problem 1 / play / 1.Ba8-h1");
        assert!(diff.what.contains("1...Sc4-a3 missing"), "{diff}");
    }

    #[test]
    fn same_tree_in_another_order_is_tree_equal_only() {
        let popeye = parse("\n   1.Ba8-h1 ! threat:\n          2.Qg8-g3 #\n          2.Qg8-g5 #\n\nsolution finished.\n");
        let ours = parse("\n   1.Ba8-h1 ! threat:\n          2.Qg8-g5 #\n          2.Qg8-g3 #\n\nsolution finished.\n");
        let result = compare(&popeye, &ours);
        assert!(result.tree_equal() && !result.ordered_equal());
        assert!(compare(&popeye, &popeye).ordered_equal());
    }

    #[test]
    fn verdicts_and_zugzwang_count() {
        let key = parse("\n   1.Rc6*c5 ! zugzwang.\n\nsolution finished.\n");
        let try_ = parse("\n   1.Rc6*c5 ? zugzwang.\n\nsolution finished.\n");
        let threat = parse("\n   1.Rc6*c5 ! threat:\n\nsolution finished.\n");
        assert!(compare(&key, &try_).sets.is_some());
        assert!(compare(&key, &threat)
            .sets
            .unwrap()
            .what
            .contains("zugzwang expected"));
    }
}
