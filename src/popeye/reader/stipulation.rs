//! The `Stipulation` command read as Popeye reads it: Popeye's grammar of stipulations (its
//! `ParsePlay`: `exact-`, an introduction `N->`, the play prefixes `ser-h`, `pser-`, `phser-`,
//! `reci-h`, `hs`, `hr`, `h`, `semi-r`, `s`, `r`, the proof games `dia` and `a=>b`; every goal
//! of its goal table, `z` and `k` with their square; the length, `.5` in help play), so that
//!
//! - a stipulation Mateproof solves is read into a [`Stipulation`];
//! - one Popeye reads but Mateproof does not solve yet is named as written, for the refusal;
//! - one Popeye cannot read gives Popeye's own input errors, and the word Popeye hands back to
//!   its command loop (the stipulation word itself, or the next word when the length was
//!   missing and Popeye went on to read it, as in `dia 4` — Popeye allows a blank there).
//!
//! What follows the length in the word is ignored, as Popeye ignores it (`h#2.0` is `h#2`,
//! `#2.5` is `#2`).

use crate::popeye::messages::Message;
use crate::problem::Stipulation;

/// What a stipulation word (and perhaps the next) is.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) enum StipulationRead {
    /// A stipulation Mateproof solves.
    Solved(Stipulation),
    /// Popeye's grammar reads it, Mateproof does not solve it yet: as written (`a=>b4.5`).
    NotSolved(String),
    /// Popeye cannot read it: its messages, each with the word it names as offending.
    Unreadable(Vec<(Message, String)>),
}

/// The outcome of reading a stipulation, and whether the next word was read as its length.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(super) struct Read {
    pub read: StipulationRead,
    /// The next word was taken for the length (`a=>b 4.5`, or `h#` followed by a command):
    /// on failure that word is the one Popeye goes on with.
    pub took_next: bool,
}

/// Popeye's goals, longest symbol first where one starts another (its `goalInputConfig`);
/// `z` and `k` take a square.
const GOALS: [&str; 23] = [
    "##!", "##", "#=", "#", "==", "!=", "=", "z", "+", "x", "%", "ep", "ctr", "ct", "<>r", "<>",
    "00", "~", "dia", "a=>b", "c81", "k", "!#",
];

/// How a play's length is counted after its goal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum LengthKind {
    /// Battle play: at least 1.
    Battle,
    /// Help play: 0 allowed, `.5` adds a half-move.
    Help,
    /// Series play: at least 1.
    Series,
}

/// The state of one reading: the word, the next one if it was taken, and the messages.
struct Reading<'n> {
    next: &'n mut dyn FnMut() -> Option<String>,
    took_next: Option<String>,
    messages: Vec<(Message, String)>,
    /// The word Popeye's messages name (the last one read).
    current: String,
}

impl Reading<'_> {
    fn fail(&mut self, message: Message) -> Option<String> {
        self.messages.push((message, self.current.clone()));
        None
    }

    /// Popeye's `ParseGoal` at the start of `text`: the goal's symbol (with its square), and
    /// the rest.
    fn goal<'t>(&mut self, text: &'t str) -> Option<(String, &'t str)> {
        let symbol = GOALS.iter().find(|&&g| starts_with(text, g))?;
        let rest = &text[symbol.len()..];
        if matches!(*symbol, "z" | "k") {
            let square = rest.get(..2).filter(|s| is_square(s));
            match square {
                Some(square) => Some((format!("{symbol}{square}"), &rest[2..])),
                None => self
                    .fail(Message::MissingSquareList)
                    .map(|_| (String::new(), rest)),
            }
        } else {
            Some((symbol.to_string(), rest))
        }
    }

    /// Popeye's `ParseLength` and its kinds: the length as written (`3`, `2.5`). A length
    /// missing from the word is read from the next word.
    fn length(&mut self, text: &str, kind: LengthKind) -> Option<String> {
        let owned;
        let text = if text.is_empty() {
            let next = (self.next)().unwrap_or_default();
            self.current = next.clone();
            self.took_next = Some(next);
            owned = self.current.clone();
            owned.as_str()
        } else {
            text
        };
        let digits: String = text
            .trim_start_matches('+')
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let value = digits.parse::<u32>().ok();
        let Some(value) = value else {
            return self.fail(Message::WrongInteger);
        };
        let after = &text[text.len() - text.trim_start_matches('+').len() + digits.len()..];
        match kind {
            LengthKind::Battle | LengthKind::Series if value == 0 => {
                self.fail(Message::WrongInteger)
            }
            LengthKind::Help if after.starts_with(".5") => Some(format!("{value}.5")),
            _ => Some(value.to_string()),
        }
    }

    /// A goal and a length of `kind` after a play's prefix.
    fn goal_and_length(&mut self, text: &str, kind: LengthKind) -> Option<String> {
        let (goal, rest) = self.goal(text)?;
        let length = self.length(rest, kind)?;
        Some(format!("{goal}{length}"))
    }

    /// Popeye's `ParseReciGoal`: `(goal)goal` or one goal for both ends.
    fn reci_goals<'t>(&mut self, text: &'t str) -> Option<(String, &'t str)> {
        match text.strip_prefix('(') {
            Some(inner) => {
                let Some(close) = inner.find(')') else {
                    return self
                        .fail(Message::UnrecognizedStipulation)
                        .map(|_| (String::new(), ""));
                };
                let (first, rest) = self.goal(inner)?;
                if rest.len() != inner.len() - close {
                    return self
                        .fail(Message::UnrecognizedStipulation)
                        .map(|_| (String::new(), ""));
                }
                let (second, rest) = self.goal(&rest[1..])?;
                Some((format!("({first}){second}"), rest))
            }
            None => self.goal(text),
        }
    }

    /// Popeye's `ParsePlay` on `text` (lower case): the stipulation as Popeye read it.
    fn play(&mut self, text: &str) -> Option<String> {
        if let Some(rest) = strip(text, "exact-") {
            return self.play(rest).map(|play| format!("exact-{play}"));
        }
        if let Some(arrow) = text.find("->") {
            let intro = &text[..arrow];
            if intro.is_empty() || !intro.bytes().all(|b| b.is_ascii_digit()) || intro == "0" {
                return self.fail(Message::WrongInteger);
            }
            return self
                .play(&text[arrow + 2..])
                .map(|play| format!("{intro}->{play}"));
        }
        if let Some(rest) = strip(text, "ser-reci-h") {
            let (goals, rest) = self.reci_goals(rest)?;
            let length = self.length(rest, LengthKind::Series)?;
            return Some(format!("ser-reci-h{goals}{length}"));
        }
        const SERIES: [&str; 5] = ["ser-hs", "ser-h", "ser-s", "ser-r", "ser-"];
        const PROOF_HELP: [&str; 5] = ["phser-r", "phser-s", "phser-", "pser-hs", "pser-h"];
        const PROOF_BATTLE: [&str; 3] = ["pser-r", "pser-s", "pser-"];
        for prefix in SERIES {
            if let Some(rest) = strip(text, prefix) {
                return self
                    .goal_and_length(rest, LengthKind::Series)
                    .map(|rest| format!("{prefix}{rest}"));
            }
        }
        for prefix in PROOF_HELP {
            if let Some(rest) = strip(text, prefix) {
                let kind = if prefix == "pser-hs" {
                    LengthKind::Series
                } else {
                    LengthKind::Help
                };
                return self
                    .goal_and_length(rest, kind)
                    .map(|rest| format!("{prefix}{rest}"));
            }
        }
        for prefix in PROOF_BATTLE {
            if let Some(rest) = strip(text, prefix) {
                return self
                    .goal_and_length(rest, LengthKind::Battle)
                    .map(|rest| format!("{prefix}{rest}"));
            }
        }
        if let Some(rest) = strip(text, "reci-h") {
            let (goals, rest) = self.reci_goals(rest)?;
            let length = self.length(rest, LengthKind::Help)?;
            if length == "0.5" {
                // At least two half-moves for a reciprocal play (Popeye's message 71).
                return self.fail(Message::UnrecognizedStipulation);
            }
            return Some(format!("reci-h{goals}{length}"));
        }
        if starts_with(text, "dia") || starts_with(text, "a=>b") {
            return self.goal_and_length(text, LengthKind::Help);
        }
        for prefix in ["hs", "hr", "h"] {
            if let Some(rest) = strip(text, prefix) {
                return self
                    .goal_and_length(rest, LengthKind::Help)
                    .map(|rest| format!("{prefix}{rest}"));
            }
        }
        for prefix in ["semi-r", "s", "r"] {
            if let Some(rest) = strip(text, prefix) {
                return self
                    .goal_and_length(rest, LengthKind::Battle)
                    .map(|rest| format!("{prefix}{rest}"));
            }
        }
        self.goal_and_length(text, LengthKind::Battle)
    }
}

fn starts_with(text: &str, prefix: &str) -> bool {
    text.len() >= prefix.len()
        && text.as_bytes()[..prefix.len()].eq_ignore_ascii_case(prefix.as_bytes())
}

fn strip<'t>(text: &'t str, prefix: &str) -> Option<&'t str> {
    starts_with(text, prefix).then(|| &text[prefix.len()..])
}

fn is_square(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() == 2
        && (b'a'..=b'h').contains(&bytes[0].to_ascii_lowercase())
        && (b'1'..=b'8').contains(&bytes[1])
}

/// Reads the stipulation `word`; `next` gives the next word when Popeye would read it (a
/// length written apart).
///
/// ```ignore
/// // (private) `Stipulation a=>b 4.5` names `a=>b4.5`; `mate` is unreadable.
/// ```
pub(super) fn read(word: &str, next: &mut dyn FnMut() -> Option<String>) -> Read {
    let mut reading = Reading {
        next,
        took_next: None,
        messages: Vec::new(),
        current: word.to_owned(),
    };
    let play = reading.play(word);
    let took_next = reading.took_next.is_some();
    let read = match play {
        Some(text) => match text.parse::<Stipulation>() {
            Ok(stipulation) if stipulation.is_supported() => StipulationRead::Solved(stipulation),
            _ => StipulationRead::NotSolved(text),
        },
        None => {
            let mut messages = reading.messages;
            messages.push((Message::UnrecognizedStipulation, reading.current));
            StipulationRead::Unreadable(messages)
        }
    };
    Read { read, took_next }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_alone(word: &str) -> StipulationRead {
        read(word, &mut || None).read
    }

    #[test]
    fn popeye_reads_what_it_reads() {
        let solved = |w: &str| match read_alone(w) {
            StipulationRead::Solved(s) => s.to_string(),
            other => panic!("{w}: {other:?}"),
        };
        assert_eq!(solved("#2"), "#2");
        assert_eq!(solved("h#2.0"), "h#2", "what follows the length is ignored");
        assert_eq!(solved("#2.5"), "#2", "a battle length has no half-move");
        assert_eq!(solved("exact-h#3"), "exact-h#3");
        assert_eq!(solved("ser-h=4"), "ser-h=4");
        assert_eq!(solved("H#2.5"), "h#2.5");
        for (word, named) in [
            ("hs#2", "hs#2"),
            ("~1", "~1"),
            ("dia4.5", "dia4.5"),
            ("3->ser-#2", "3->ser-#2"),
            ("reci-h#2", "reci-h#2"),
            ("zc4", "zc43"),
        ] {
            let got = read(word, &mut || Some("3".into())).read;
            assert_eq!(got, StipulationRead::NotSolved(named.into()), "{word}");
        }
    }

    #[test]
    fn a_length_written_apart_is_read_from_the_next_word() {
        let mut words = vec!["4.5".to_owned()];
        let got = read("a=>b", &mut || words.pop());
        assert_eq!(got.read, StipulationRead::NotSolved("a=>b4.5".into()));
        assert!(got.took_next);
        // A missing length takes the next word, and the errors name it.
        let got = read("h#", &mut || Some("Option".into()));
        assert_eq!(
            got.read,
            StipulationRead::Unreadable(vec![
                (Message::WrongInteger, "Option".into()),
                (Message::UnrecognizedStipulation, "Option".into())
            ])
        );
        assert!(got.took_next);
    }

    #[test]
    fn what_popeye_cannot_read_gives_its_messages() {
        let unreadable = |w: &str| match read_alone(w) {
            StipulationRead::Unreadable(m) => m.into_iter().map(|(m, _)| m).collect::<Vec<_>>(),
            other => panic!("{w}: {other:?}"),
        };
        assert_eq!(unreadable("mate"), [Message::UnrecognizedStipulation]);
        assert_eq!(
            unreadable("#0"),
            [Message::WrongInteger, Message::UnrecognizedStipulation]
        );
        assert_eq!(
            unreadable("zz"),
            [Message::MissingSquareList, Message::UnrecognizedStipulation]
        );
    }
}
