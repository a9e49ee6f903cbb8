//! The men of a problem as Popeye reads them: a `Pieces` list (also what `Twin Add` takes) and
//! a `Forsyth` string.
//!
//! A `Pieces` list is Popeye's `ParsePieces`: groups, each a colour word (`White`, `Black`,
//! `Neutral`, or `TotalInvisible N`), piece attributes (`Royal`, `HalfNeutral` …), then piece
//! words — a walk's code and its squares in one word (`Ke1`, `SEc4d5`) or the code alone with
//! the squares as the next word (`B a1b2`), a hunter as `X/Y` — until a word that is none of
//! these. The first group needs its colour. A walk is known when Popeye knows it; one Popeye
//! knows and Mateproof has no walk for, a neutral man, an attribute, a hunter or a total
//! invisible marks the problem unsupported, named as Popeye names it; what Popeye cannot read
//! gives its input errors.
//!
//! A `Forsyth` string is Popeye's `ParseForsyth`: the squares a8 … h1 in turn (`/` only
//! separates, one or two digits skip squares), a man as one character or `.` and two, White
//! in upper case unless `+` or `-` before it says otherwise (`=` neutral). A code Popeye does
//! not know is skipped with the character after it, without a word, as Popeye skips it.

use super::{ProblemSpec, Reader};
use crate::board::{Color, Square};
use crate::notation::Language;
use crate::pieces::popeye_walks::POPEYE_WALKS;
use crate::popeye::keywords::{self, ColourWord, Lookup};
use crate::popeye::messages::Message;
use crate::popeye::tokens::{fairy_walk, language_column, read_squares_prefix};
use crate::popeye::twin::orthodox_walk;
use crate::popeye::unsupported::Feature;

/// A man read: colour, walk (index in [`crate::pieces::catalogue::walks`]), square.
pub(super) type ReadMan = (Color, usize, Square);

/// What a walk code names.
enum Walk {
    /// A walk Mateproof has (its catalogue index).
    Known(usize),
    /// A walk Popeye knows and Mateproof does not: its code and English name.
    PopeyeOnly(String, String),
    /// A hunter (`S/B`): the code as written.
    Hunter(String),
    /// No walk Popeye knows.
    Unknown,
}

/// The walk Popeye's `code` (one or two characters, either case) names in `language`.
fn walk_of(language: Language, code: &str) -> Walk {
    let code = code.to_ascii_lowercase();
    if code.len() == 1 {
        if let Some(role) = code.chars().next().and_then(|c| language.role(c)) {
            return Walk::Known(orthodox_walk(role));
        }
    }
    if let Some(walk) = fairy_walk(language, &code) {
        return Walk::Known(walk);
    }
    match popeye_walk_name(language, &code) {
        Some(name) => Walk::PopeyeOnly(code, name),
        None => Walk::Unknown,
    }
}

/// Whether `code` (either case) is the code of one of Popeye's walks in `language`.
pub(super) fn is_walk_code(language: Language, code: &str) -> bool {
    !matches!(walk_of(language, code), Walk::Unknown)
}

/// The English name of the walk Popeye's `code` (lower case) names in `language`, if Popeye
/// has one (the leapers by their numbers: `37` is the `3:7-leaper`).
pub(super) fn popeye_walk_name(language: Language, code: &str) -> Option<String> {
    let column = language_column(language);
    let codes = |w: &&(&str, &str, &str, &'static str)| [w.0, w.1, w.2][column] == code;
    let &(_, _, _, name) = POPEYE_WALKS.iter().find(codes)?;
    let leaper = code.len() == 2 && code.bytes().all(|b| b.is_ascii_digit());
    Some(if leaper {
        format!("{}:{}-leaper", &code[..1], &code[1..])
    } else {
        name.to_owned()
    })
}

/// Popeye's `ParsePieceWalk`: the walk at the start of `token` and the rest (its squares).
/// The code has one character when the word's length is odd, two when even; a hunter is
/// `X/Y` with the `/` among the first three characters.
fn walk_in_token(language: Language, token: &str) -> (Walk, &str) {
    if !token.is_ascii() {
        return (Walk::Unknown, token);
    }
    if let Some(slash) = token.find('/').filter(|&at| at <= 2) {
        let away = &token[..slash];
        let after = &token[slash + 1..];
        let home_len = if after.len() % 2 == 1 { 1 } else { 2 };
        let (Some(home), Some(rest)) = (after.get(..home_len), after.get(home_len..)) else {
            return (Walk::Unknown, token);
        };
        let known = |code: &str| !matches!(walk_of(language, code), Walk::Unknown);
        if away.is_empty() || !known(away) || !known(home) {
            return (Walk::Unknown, token);
        }
        return (Walk::Hunter(format!("{away}/{home}")), rest);
    }
    let code_len = if token.len() % 2 == 1 { 1 } else { 2 };
    match token.get(..code_len) {
        Some(code) if !code.is_empty() => (walk_of(language, code), &token[code_len..]),
        _ => (Walk::Unknown, token),
    }
}

impl Reader<'_> {
    /// Popeye's `ParsePieces` from the next word on: the men read, in order. Problems of the
    /// list are the problem's notices or its unsupported mark.
    pub(super) fn pieces(&mut self, problem: &mut ProblemSpec) -> Vec<ReadMan> {
        let mut men = Vec::new();
        let mut groups = 0;
        while let Some(token) = self.lexer.peek_token() {
            let colour = match keywords::colour(self.language, token) {
                Lookup::Found(colour) => colour,
                Lookup::Ambiguous => {
                    self.notice_error(problem, Message::PieceSpecificationNotUnique, token);
                    break;
                }
                Lookup::Unknown => {
                    if groups == 0 {
                        self.notice_error(problem, Message::NoColourSpecified, token);
                    }
                    break;
                }
            };
            self.lexer.next_token();
            groups += 1;
            let color = match colour {
                ColourWord::White => Some(Color::White),
                ColourWord::Black => Some(Color::Black),
                // Read as Popeye reads them, but not placed: the problem is refused.
                ColourWord::Neutral => {
                    Self::unsupported(problem, Feature::NeutralPieces, token);
                    None
                }
                ColourWord::TotalInvisible => {
                    match self.lexer.peek_token() {
                        Some(count) if count.starts_with(|c: char| c.is_ascii_digit()) => {
                            self.lexer.next_token();
                            let item = format!("{token} {count}");
                            Self::unsupported(problem, Feature::TotalInvisible, &item);
                        }
                        other => {
                            let item = other.unwrap_or("");
                            self.notice_error(problem, Message::WrongInteger, item);
                            break;
                        }
                    }
                    continue;
                }
            };
            self.attributes(problem);
            self.walks_and_squares(problem, color, &mut men);
        }
        men
    }

    /// Popeye's `ParsePieceFlags`: attribute words after a colour.
    fn attributes(&mut self, problem: &mut ProblemSpec) {
        while let Some(token) = self.lexer.peek_token() {
            match keywords::piece_attribute(self.language, token) {
                // Named as the file wrote it (`halbn`, not `HalbNeutral`).
                Lookup::Found(_) => Self::unsupported(problem, Feature::PieceAttribute, token),
                Lookup::Ambiguous => {
                    self.notice_error(problem, Message::PieceSpecificationNotUnique, token)
                }
                Lookup::Unknown => return,
            }
            self.lexer.next_token();
        }
    }

    /// Popeye's `ParsePieceWalkAndSquares`: the piece words of one group.
    fn walks_and_squares(
        &mut self,
        problem: &mut ProblemSpec,
        color: Option<Color>,
        men: &mut Vec<ReadMan>,
    ) {
        let mut walks = 0;
        while let Some(token) = self.lexer.peek_token() {
            let (walk, rest) = walk_in_token(self.language, token);
            if matches!(walk, Walk::Unknown) {
                if walks == 0 {
                    self.lexer.next_token();
                    self.notice_error(problem, Message::WrongPieceName, token);
                }
                return;
            }
            let squares = if rest.is_empty() {
                // The code alone: the squares are the next word.
                self.lexer.next_token();
                let Some(squares_token) = self.lexer.next_token() else {
                    return;
                };
                let (squares, left) = read_squares_prefix(squares_token);
                if squares.is_empty() {
                    self.notice_error(problem, Message::MissingSquareList, squares_token);
                } else if !left.is_empty() {
                    self.error_line(&mut problem.notices, Message::WrongTerminatedSquareList);
                }
                squares
            } else {
                let (squares, left) = read_squares_prefix(rest);
                if squares.is_empty() || !left.is_empty() {
                    // Another word (`Black` is no bishop on `lack`): the group ends.
                    return;
                }
                self.lexer.next_token();
                squares
            };
            walks += 1;
            match walk {
                Walk::Known(walk) => {
                    if let Some(color) = color {
                        men.extend(squares.into_iter().map(|sq| (color, walk, sq)));
                    }
                }
                Walk::PopeyeOnly(code, name) => {
                    Self::unsupported(problem, Feature::FairyPiece, &format!("{code} ({name})"))
                }
                Walk::Hunter(code) => {
                    Self::unsupported(problem, Feature::FairyPiece, &format!("{code} (hunter)"))
                }
                Walk::Unknown => {}
            }
        }
    }

    /// Popeye's input error, among the problem's notices.
    pub(super) fn notice_error(&self, problem: &mut ProblemSpec, what: Message, item: &str) {
        let mut lines = std::mem::take(&mut problem.notices);
        self.input_error(&mut lines, what, item);
        problem.notices = lines;
    }

    /// `Forsyth WORD`: the diagram's men, replacing those read before.
    pub(super) fn forsyth(&mut self, problem: &mut ProblemSpec) {
        let Some(token) = self.lexer.next_token() else {
            return;
        };
        problem.board = [None; 64];
        problem.fairy.clear();
        for (color, walk, square) in self.forsyth_men(problem, token) {
            super::place_walk(problem, color, walk, square, self.language);
        }
    }

    /// The men of a Forsyth string, read as Popeye reads it.
    fn forsyth_men(&self, problem: &mut ProblemSpec, token: &str) -> Vec<ReadMan> {
        let bytes = token.as_bytes();
        let mut men = Vec::new();
        let mut index = 0usize; // 0 = a8 … 63 = h1
        let mut i = 0;
        while i < bytes.len() && index < 64 {
            let c = bytes[i];
            if c.is_ascii_digit() {
                let mut skip = usize::from(c - b'0');
                i += 1;
                if let Some(d) = bytes.get(i).filter(|d| d.is_ascii_digit()) {
                    skip = 10 * skip + usize::from(d - b'0');
                    i += 1;
                }
                index += skip;
                continue;
            }
            if c == b'/' {
                i += 1;
                continue;
            }
            let mut color = None;
            match c {
                b'+' => color = Some(Color::White),
                b'-' => color = Some(Color::Black),
                b'=' => Self::unsupported(problem, Feature::NeutralPieces, token),
                _ => {}
            }
            if matches!(c, b'+' | b'-' | b'=') {
                i += 1;
            }
            let code_len = if bytes.get(i) == Some(&b'.') {
                i += 1;
                2
            } else {
                1
            };
            let Some(code) = token.get(i..i + code_len) else {
                break;
            };
            i += code_len;
            let color = color.unwrap_or(if code.starts_with(|c: char| c.is_ascii_lowercase()) {
                Color::Black
            } else {
                Color::White
            });
            match walk_of(self.language, code) {
                Walk::Known(walk) => {
                    if let Some(square) =
                        Square::from_coords((index % 8) as u8, 7 - (index / 8) as u8)
                    {
                        men.push((color, walk, square));
                    }
                    index += 1;
                }
                Walk::PopeyeOnly(code, name) => {
                    Self::unsupported(problem, Feature::FairyPiece, &format!("{code} ({name})"));
                    index += 1;
                }
                // Popeye skips an unknown code and the character after it.
                Walk::Hunter(_) | Walk::Unknown => i += 1,
            }
        }
        men
    }
}

#[cfg(test)]
mod tests {
    use crate::popeye::reader::read;
    use crate::popeye::unsupported::Feature;

    #[test]
    fn attributes_colours_and_walks_popeye_knows_are_refused_by_name() {
        let refused = |text: &str| {
            let file = read(&format!("begin {text} stip #2 end"));
            let p = &file.problems[0];
            assert!(p.notices.is_empty(), "{text}: {:?}", p.notices);
            p.unsupported.clone().map(|u| (u.feature, u.item))
        };
        assert_eq!(
            refused("pieces white ke1 black ke8 black halfneutral ra2"),
            Some((Feature::PieceAttribute, "halfneutral".into()))
        );
        assert_eq!(
            refused("pieces white ke1 black ke8 neutral re4"),
            Some((Feature::NeutralPieces, "neutral".into()))
        );
        assert_eq!(
            refused("pieces TotalInvisible 1 white ke1 black ke8"),
            Some((Feature::TotalInvisible, "TotalInvisible 1".into()))
        );
        assert_eq!(
            refused("pieces white ke1 roa1 black ke8"),
            Some((Feature::FairyPiece, "ro (rose)".into()))
        );
        assert_eq!(
            refused("pieces white ke1 s/bb8 black ke8"),
            Some((Feature::FairyPiece, "s/b (hunter)".into()))
        );
        assert_eq!(
            refused("forsyth 4k3/8/8/8/8/8/8/.RO3K3"),
            Some((Feature::FairyPiece, "ro (rose)".into()))
        );
        assert_eq!(refused("pieces white ke1 b a1b2 black ke8"), None);
    }

    #[test]
    fn pieces_read_as_popeye_reads_them() {
        let file = read("begin pieces white ke1 b a1b2 black ke8 stip #2 end");
        let board = &file.problems[0].board;
        assert_eq!(board.iter().flatten().count(), 4);
        // A first code that is none: Popeye's error; the group ends, and its other words go
        // back to the command loop (Popeye 4.104's text for this input).
        let file = read("begin pieces white xa1 ke1 black ke8 stip #2 end");
        assert_eq!(
            file.problems[0].notices[..4],
            [
                "input-error:wrong or missing PieceName - ignored",
                "offending item: xa1",
                "input-error:offending item: ke1",
                "offending item: ke1"
            ]
        );
        // No colour: Popeye says so, and the word goes back to its command loop.
        let file = read("begin pieces ke1 stip #2 end");
        assert_eq!(
            file.problems[0].notices,
            [
                "input-error:no color specified - all specification input ignored",
                "offending item: ke1",
                "input-error:offending item: ke1",
                "offending item: ke1"
            ]
        );
        // An unknown letter of a Forsyth string is skipped with the next character.
        let file = read("begin forsyth k1x1K5 stip #2 end");
        let board = &file.problems[0].board;
        assert!(board[crate::board::Square::A8.index()].is_some());
        assert!(board["c8".parse::<crate::board::Square>().unwrap().index()].is_some());
    }
}
