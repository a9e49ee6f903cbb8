//! The reader's `Twin` command: the changes of one twin (move, exchange, remove, add,
//! substitute, rotate, mirror, shift, stipulation, continued), read as Popeye's
//! `ParseTwinning` reads them, with pieces named by orthodox or fairy codes of the file's
//! language (`Add` takes a whole `Pieces` list, every group of it). A change Popeye cannot
//! read gives its input error and is left out; a twin Mateproof cannot solve (a condition, a
//! structured stipulation, a stipulation it does not solve) marks the problem unsupported.
//! Applying the changes is [`crate::popeye::twin`]'s job.

use super::stipulation::{self, StipulationRead};
use super::{ProblemSpec, Reader};
use crate::board::Square;
use crate::popeye::keywords::{self, Lookup, TwinWord};
use crate::popeye::messages::Message;
use crate::popeye::tokens::{fairy_walk, read_squares_prefix};
use crate::popeye::twin::{orthodox_walk, Man, Mirror, TwinChange, TwinSpec};
use crate::popeye::unsupported::Feature;

impl Reader<'_> {
    /// `ZeroPosition`: the diagram is not solved; twin changes on the same command make the
    /// first twin (`ZeroPosition move e5 g8` is twin a), as a `Twin` command would be).
    pub(super) fn zero_position(&mut self, problem: &mut ProblemSpec) {
        problem.zero_position = true;
        let changes_follow = self.lexer.peek_token().is_some_and(|token| {
            matches!(keywords::twin_word(self.language, token), Lookup::Found(_))
        });
        if changes_follow {
            self.twin(problem);
        }
    }

    /// One twin's changes, up to the first word that is none.
    pub(super) fn twin(&mut self, problem: &mut ProblemSpec) {
        let mut spec = TwinSpec::default();
        let mut notices = Vec::new();
        let mut first = true;
        while let Some(token) = self.lexer.peek_token() {
            let word = match keywords::twin_word(self.language, token) {
                Lookup::Found(word) => word,
                Lookup::Ambiguous => {
                    self.lexer.next_token();
                    self.input_error(&mut notices, Message::CommandNotUnique, token);
                    continue;
                }
                Lookup::Unknown => break,
            };
            self.lexer.next_token();
            let was_first = std::mem::replace(&mut first, false);
            let change = match word {
                TwinWord::Continued if was_first => {
                    spec.continued = true;
                    continue;
                }
                TwinWord::Continued => {
                    self.error_line(&mut notices, Message::ContinuedFirst);
                    continue;
                }
                TwinWord::Move | TwinWord::Exchange | TwinWord::Shift => {
                    let (a, b) = (self.square(&mut notices), self.square(&mut notices));
                    let (Some(a), Some(b)) = (a, b) else {
                        self.error_line(&mut notices, Message::WrongTerminatedSquareList);
                        continue;
                    };
                    match word {
                        TwinWord::Move => TwinChange::Move { from: a, to: b },
                        TwinWord::Exchange => TwinChange::Exchange { a, b },
                        _ => TwinChange::Shift { from: a, to: b },
                    }
                }
                TwinWord::Remove => {
                    for on in self.removed_squares(&mut notices) {
                        spec.changes.push(TwinChange::Remove { on });
                    }
                    continue;
                }
                TwinWord::Add => {
                    let mut notices_before = std::mem::take(&mut problem.notices);
                    for (color, walk, on) in self.pieces(problem) {
                        spec.changes.push(TwinChange::Add {
                            man: Man { color, walk },
                            on,
                        });
                    }
                    // The list's own errors belong to this twin.
                    std::mem::swap(&mut notices_before, &mut problem.notices);
                    notices.extend(notices_before);
                    continue;
                }
                TwinWord::Substitute => {
                    let from = self.walk(problem, &mut notices);
                    let to = from.and_then(|_| self.walk(problem, &mut notices));
                    match (from, to) {
                        (Some(from), Some(to)) => TwinChange::Substitute { from, to },
                        _ => continue,
                    }
                }
                TwinWord::Rotate => match self.lexer.next_token() {
                    Some(degrees @ ("90" | "180" | "270")) => TwinChange::Rotate {
                        degrees: degrees.parse().unwrap_or(90),
                    },
                    other => {
                        let item = other.unwrap_or("");
                        self.input_error(&mut notices, Message::UnrecognizedRotation, item);
                        continue;
                    }
                },
                TwinWord::Mirror => {
                    let item = self.lexer.next_token().unwrap_or("");
                    match keywords::mirror_word(item) {
                        Lookup::Found(TwinWord::MirrorA1H1) => TwinChange::Mirror(Mirror::A1H1),
                        Lookup::Found(TwinWord::MirrorA1A8) => TwinChange::Mirror(Mirror::A1A8),
                        Lookup::Found(TwinWord::MirrorA1H8) => TwinChange::Mirror(Mirror::A1H8),
                        Lookup::Found(TwinWord::MirrorA8H1) => TwinChange::Mirror(Mirror::A8H1),
                        Lookup::Ambiguous => {
                            self.input_error(&mut notices, Message::OptionNotUnique, item);
                            continue;
                        }
                        _ => {
                            self.input_error(&mut notices, Message::UnrecognizedRotation, item);
                            continue;
                        }
                    }
                }
                TwinWord::Stipulation => {
                    let Some(token) = self.lexer.next_token() else {
                        continue;
                    };
                    let mut next = || self.lexer.next_token().map(str::to_owned);
                    match stipulation::read(token, &mut next).read {
                        StipulationRead::Solved(stipulation) => {
                            TwinChange::Stipulation(stipulation)
                        }
                        StipulationRead::NotSolved(text) => {
                            Self::unsupported(problem, Feature::Stipulation, &text);
                            continue;
                        }
                        StipulationRead::Unreadable(messages) => {
                            for (what, item) in messages {
                                self.input_error(&mut notices, what, &item);
                            }
                            self.input_error(&mut notices, Message::NoStipulation, token);
                            continue;
                        }
                    }
                }
                TwinWord::StructuredStipulation => {
                    let rest = self.lexer.rest_of_line().unwrap_or("").trim_end();
                    Self::unsupported(problem, Feature::StructuredStipulation, rest);
                    continue;
                }
                TwinWord::Condition => {
                    self.condition(problem);
                    continue;
                }
                TwinWord::PolishType => TwinChange::PolishType,
                // The mirror lines are read after `mirror` only.
                TwinWord::MirrorA1H1
                | TwinWord::MirrorA1A8
                | TwinWord::MirrorA1H8
                | TwinWord::MirrorA8H1 => continue,
            };
            spec.changes.push(change);
        }
        problem.twins.push(spec);
        problem.twin_notices.push(notices);
    }

    /// A square word of a twin change (the word is read whatever it holds, as in Popeye).
    fn square(&mut self, _notices: &mut [String]) -> Option<Square> {
        let token = self.lexer.next_token()?;
        let (squares, rest) = read_squares_prefix(token);
        (squares.len() == 1 && rest.is_empty()).then(|| squares[0])
    }

    /// The squares of `remove a1b2`.
    fn removed_squares(&mut self, notices: &mut Vec<String>) -> Vec<Square> {
        let Some(token) = self.lexer.next_token() else {
            return Vec::new();
        };
        let (squares, rest) = read_squares_prefix(token);
        if squares.is_empty() {
            self.input_error(notices, Message::MissingSquareList, token);
        } else if !rest.is_empty() {
            self.error_line(notices, Message::WrongTerminatedSquareList);
        }
        squares
    }

    /// A walk's code (`S`, `n`, `KG`) in the file's language, the whole word: its catalogue
    /// index. A code of a walk Popeye knows and Mateproof lacks marks the problem
    /// unsupported; a word that is no code is Popeye's "wrong or missing PieceName".
    fn walk(&mut self, problem: &mut ProblemSpec, notices: &mut Vec<String>) -> Option<usize> {
        let token = self.lexer.next_token()?;
        let code = token.to_ascii_lowercase();
        let mut chars = code.chars();
        let orthodox = match (chars.next(), chars.next()) {
            (Some(letter), None) => self.language.role(letter).map(orthodox_walk),
            _ => None,
        };
        let walk = orthodox.or_else(|| fairy_walk(self.language, &code));
        if walk.is_none() {
            match super::pieces::popeye_walk_name(self.language, &code) {
                Some(name) => {
                    Self::unsupported(problem, Feature::FairyPiece, &format!("{code} ({name})"))
                }
                None => self.input_error(notices, Message::WrongPieceName, token),
            }
        }
        walk
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Color, Role};
    use crate::notation::Language;
    use crate::popeye::reader::read;
    use crate::popeye::tokens::fairy_walk;
    use crate::popeye::twin::{orthodox_walk, Man, TwinChange};

    #[test]
    fn twins_name_fairy_walks_by_their_codes() {
        let file = read(
            "anfang steine weiss kg5 nf3 schwarz kb3 forderung h#2 \
             zwilling ersetze n g zwilling hinzufuegen schwarz ga6f7 zwilling ersetze ro q ende",
        );
        let p = &file.problems[0];
        let walk = |code| fairy_walk(Language::German, code).unwrap();
        assert_eq!(
            p.twins[0].changes,
            [TwinChange::Substitute {
                from: walk("n"),
                to: walk("g")
            }]
        );
        let grasshopper = Man {
            color: Color::Black,
            walk: walk("g"),
        };
        assert_eq!(
            p.twins[1].changes,
            [
                TwinChange::Add {
                    man: grasshopper,
                    on: "a6".parse().unwrap()
                },
                TwinChange::Add {
                    man: grasshopper,
                    on: "f7".parse().unwrap()
                }
            ]
        );
        assert!(p.has_fairy_men());
        // A code of a walk Mateproof lacks is refused, not dropped.
        assert_eq!(
            p.unsupported.as_ref().map(|u| u.item.as_str()),
            Some("ro (rose)")
        );
        assert_eq!(p.twins[2].changes, []);
        let orthodox = read(
            "begin pieces white ke1 black ke8 stip #2 twin substitute q r twin add white sd4 end",
        );
        let q = &orthodox.problems[0];
        assert_eq!(
            q.twins[0].changes,
            [TwinChange::Substitute {
                from: orthodox_walk(Role::Queen),
                to: orthodox_walk(Role::Rook)
            }]
        );
        assert!(!q.has_fairy_men() && q.unsupported.is_none());
    }
}
