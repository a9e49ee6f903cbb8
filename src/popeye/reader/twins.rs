//! The reader's `Twin` command: the changes of one twin (move, exchange, remove, add,
//! substitute, rotate, mirror, shift, stipulation, continued), with pieces named by orthodox
//! or fairy codes of the file's language. Applying them is [`crate::popeye::twin`]'s job.

use super::{ProblemSpec, Reader};
use crate::board::{Color, Square};
use crate::popeye::keywords::{self, ColourWord, Lookup, TwinWord};
use crate::popeye::tokens::{
    fairy_walk, read_piece_token, read_squares, read_stipulation, PieceToken,
};
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

    pub(super) fn twin(&mut self, problem: &mut ProblemSpec) {
        let mut spec = TwinSpec::default();
        while let Some(token) = self.lexer.peek_token() {
            let Lookup::Found(word) = keywords::twin_word(self.language, token) else {
                break;
            };
            self.lexer.next_token();
            let change = match word {
                TwinWord::Continued => {
                    spec.continued = true;
                    continue;
                }
                TwinWord::Move | TwinWord::Exchange | TwinWord::Shift => {
                    let (Some(a), Some(b)) = (self.square(problem), self.square(problem)) else {
                        continue;
                    };
                    match word {
                        TwinWord::Move => TwinChange::Move { from: a, to: b },
                        TwinWord::Exchange => TwinChange::Exchange { a, b },
                        _ => TwinChange::Shift { from: a, to: b },
                    }
                }
                TwinWord::Remove => match self.square(problem) {
                    Some(on) => TwinChange::Remove { on },
                    None => continue,
                },
                TwinWord::Add => {
                    for (man, on) in self.added_men(problem) {
                        spec.changes.push(TwinChange::Add { man, on });
                    }
                    continue;
                }
                TwinWord::Substitute => match (self.walk(problem), self.walk(problem)) {
                    (Some(from), Some(to)) => TwinChange::Substitute { from, to },
                    _ => continue,
                },
                TwinWord::Rotate => match self.number(problem) {
                    Some(degrees @ (90 | 180 | 270)) => TwinChange::Rotate {
                        degrees: degrees as u16,
                    },
                    _ => continue,
                },
                TwinWord::Mirror => match self
                    .lexer
                    .next_token()
                    .map(|t| keywords::twin_word(self.language, t))
                {
                    Some(Lookup::Found(TwinWord::MirrorA1H1)) => TwinChange::Mirror(Mirror::A1H1),
                    Some(Lookup::Found(TwinWord::MirrorA1A8)) => TwinChange::Mirror(Mirror::A1A8),
                    Some(Lookup::Found(TwinWord::MirrorA1H8)) => TwinChange::Mirror(Mirror::A1H8),
                    Some(Lookup::Found(TwinWord::MirrorA8H1)) => TwinChange::Mirror(Mirror::A8H1),
                    _ => continue,
                },
                TwinWord::Stipulation => match self.lexer.next_token() {
                    Some(token) => match read_stipulation(token) {
                        Some(stipulation) => TwinChange::Stipulation(stipulation),
                        None => {
                            Self::unsupported(problem, Feature::Stipulation, token);
                            continue;
                        }
                    },
                    None => continue,
                },
                TwinWord::PolishType => TwinChange::PolishType,
                other => {
                    Self::unsupported(problem, Feature::Twinning, &format!("{other:?}"));
                    continue;
                }
            };
            spec.changes.push(change);
        }
        problem.twins.push(spec);
    }

    fn square(&mut self, problem: &mut ProblemSpec) -> Option<Square> {
        let token = self.lexer.next_token()?;
        let square = read_squares(token).and_then(|s| (s.len() == 1).then(|| s[0]));
        if square.is_none() {
            self.notice_offending(problem, token);
        }
        square
    }

    /// A walk's code (`S`, `n`, `KG`) in the file's language: its catalogue index.
    fn walk(&mut self, problem: &mut ProblemSpec) -> Option<usize> {
        let token = self.lexer.next_token()?;
        let code = token.to_ascii_lowercase();
        let mut chars = code.chars();
        let orthodox = match (chars.next(), chars.next()) {
            (Some(letter), None) => self.language.role(letter).map(orthodox_walk),
            _ => None,
        };
        let walk = orthodox.or_else(|| fairy_walk(self.language, &code));
        if walk.is_none() {
            if code.len() <= 2 && code.chars().all(|c| c.is_ascii_alphanumeric()) {
                // A code, but of a walk Mateproof lacks.
                Self::unsupported(problem, Feature::FairyPiece, &code);
            } else {
                self.notice_offending(problem, token);
            }
        }
        walk
    }

    /// `add white sd4`, `add black dga6f7g8`: a colour word, then one piece code on one or
    /// more squares.
    fn added_men(&mut self, problem: &mut ProblemSpec) -> Vec<(Man, Square)> {
        let Some(colour_token) = self.lexer.next_token() else {
            return Vec::new();
        };
        let color = match keywords::colour(self.language, colour_token) {
            Lookup::Found(ColourWord::White) => Color::White,
            Lookup::Found(ColourWord::Black) => Color::Black,
            _ => {
                self.notice_offending(problem, colour_token);
                return Vec::new();
            }
        };
        let Some(token) = self.lexer.next_token() else {
            return Vec::new();
        };
        let (walk, squares) = match read_piece_token(self.language, token) {
            PieceToken::Orthodox(role, squares) => (orthodox_walk(role), squares),
            PieceToken::Fairy(walk, squares) => (walk, squares),
            PieceToken::UnknownFairy(code) => {
                Self::unsupported(problem, Feature::FairyPiece, &code);
                return Vec::new();
            }
            PieceToken::NotAPiece => {
                self.notice_offending(problem, token);
                return Vec::new();
            }
        };
        let man = Man { color, walk };
        squares.into_iter().map(|on| (man, on)).collect()
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
             zwilling ersetze n g zwilling hinzufuegen schwarz ga6f7 zwilling ersetze x q ende",
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
        assert!(p.unsupported.is_some());
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
