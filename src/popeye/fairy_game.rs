//! Popeye's text and order for a fairy position ([`FairyPosition`]): a move in Popeye's
//! notation with each walk's code in the file's language (`AMa4-e4`, `NAh1*g3`, `b7-b8=AM`,
//! `0-0`, `e5*d6 ep.`), and its rank among its siblings. Popeye generates a walk's moves
//! vector by vector (`pieces/walks/generate_moves.c`): each walk is a sequence of leaps or
//! lines over the symmetric images of a few base vectors, in Popeye's vector order — for a
//! base `(a, b)` with `0 < a < b`: `(-b,a) (-a,b) (a,b) (b,a)` and then their negatives; for
//! `(0, b)`: `(b,0) (0,b)` and negatives; for `(a, a)`: `(-a,a) (a,a)` and negatives —
//! along a line from the nearest square out, and prints them in reverse. Promotions follow
//! Popeye's walk order (the catalogue's order). Popeye's orthodox mate-in-one generator is
//! never used with fairy walks, so one order serves every list.

use super::game::{Numbered, PopeyeGame};
use super::order::Lister;
use super::tokens::language_column;
use crate::board::Square;
use crate::fairy::{FairyMove, FairyPosition, Kind, KING, PAWN};
use crate::notation::Language;
use crate::pieces::catalogue::{self, Walk};
use crate::rules::Moves;
use crate::solver::Presentation;

/// Popeye's presentation on a fairy position: its listing order and its variations.
pub const PRESENTATION: Presentation<FairyPosition> = Presentation {
    first_moves: sort_first_moves,
    shown_defences: super::shown::shown_defences,
    help_lines: super::line_text::popeye_line_order,
};

/// Sorts the legal first moves into Popeye's listing order (a [`crate::solver::FirstMoveOrder`]).
fn sort_first_moves(pos: &FairyPosition, first: &mut Moves<FairyPosition>, _moves: u32) {
    first.sort_by_key(|&m| pos.sibling_key(m, Lister::Ordinary));
}

/// How a walk moves along one base vector's images.
#[derive(Clone, Copy)]
enum Segment {
    /// One step to each image.
    Leap(i8, i8),
    /// Any number of steps along each image (riders, hoppers, lions, Chinese pieces).
    Line(i8, i8),
    /// As `Line`, the images in reverse order (Popeye's kangaroo).
    LineReversed(i8, i8),
}

use Segment::{Leap, Line, LineReversed};

const QUEEN: [Segment; 2] = [Line(0, 1), Line(1, 1)];

/// Popeye's generation sequence of a walk, by its English code.
fn segments(code: &str) -> &'static [Segment] {
    match code {
        "k" => &[Leap(0, 1), Leap(1, 1)],
        "q" | "le" | "g" | "li" | "se" => &QUEEN,
        "r" | "pa" | "rl" | "rh" => &[Line(0, 1)],
        "b" | "va" | "bl" | "bh" => &[Line(1, 1)],
        "s" | "ma" | "mo" => &[Leap(1, 2)],
        "n" | "nh" => &[Line(1, 2)],
        "z" => &[Leap(2, 3)],
        "ca" => &[Leap(1, 3)],
        "gi" => &[Leap(1, 4)],
        "we" => &[Leap(0, 1)],
        "al" => &[Leap(2, 2)],
        "fe" => &[Leap(1, 1)],
        "da" => &[Leap(0, 2)],
        "am" => &[Line(0, 1), Line(1, 1), Leap(1, 2)],
        "em" => &[Line(0, 1), Leap(1, 2)],
        "pr" => &[Line(1, 1), Leap(1, 2)],
        "gn" => &[Leap(1, 3), Leap(1, 2)],
        "an" => &[Leap(3, 4)],
        "sq" => &[Leap(0, 2), Leap(2, 2), Leap(1, 2)],
        "wa" => &[Line(1, 2), Line(0, 1)],
        "ka" => &[LineReversed(1, 1), LineReversed(0, 1)],
        "cr" => &[Line(1, 3)],
        "zr" => &[Line(2, 3)],
        "ok" => &[Leap(1, 2), Leap(2, 3)],
        "bi" => &[Leap(2, 3), Leap(1, 3)],
        _ => &[],
    }
}

/// The images of base `(a, b)` (`a <= b`) in Popeye's vector order.
fn images(a: i8, b: i8) -> Vec<(i8, i8)> {
    let half = if a == 0 {
        vec![(b, 0), (0, b)]
    } else if a == b {
        vec![(-a, a), (a, a)]
    } else {
        vec![(-b, a), (-a, b), (a, b), (b, a)]
    };
    let negated: Vec<(i8, i8)> = half.iter().map(|&(x, y)| (-x, -y)).collect();
    half.into_iter().chain(negated).collect()
}

/// The position of a move by `delta` in the walk's generation sequence.
fn generation_index(code: &str, delta: (i8, i8)) -> u32 {
    let mut index = 0u32;
    for segment in segments(code) {
        let (base, line, reversed) = match *segment {
            Leap(a, b) => ((a, b), false, false),
            Line(a, b) => ((a, b), true, false),
            LineReversed(a, b) => ((a, b), true, true),
        };
        let mut vectors = images(base.0, base.1);
        if reversed {
            vectors.reverse();
        }
        for (x, y) in vectors {
            if line {
                let steps = if x != 0 { delta.0 / x } else { delta.1 / y };
                if steps >= 1 && (x * steps, y * steps) == delta {
                    return index * 8 + steps as u32;
                }
            } else if (x, y) == delta {
                return index * 8;
            }
            index += 1;
        }
    }
    0
}

/// The catalogue walk of a kind of `pos`, and its index in the catalogue (Popeye's order).
fn walk_of(pos: &FairyPosition, kind: Kind) -> Option<(usize, &'static Walk)> {
    let code = pos.walks().info(kind).popeye.as_ref()?.to_ascii_lowercase();
    catalogue::walks()
        .enumerate()
        .find(|(_, w)| w.codes[0] == code)
}

/// Popeye's code of a kind in `language`, upper case (the FEN letter if it has none).
fn code(pos: &FairyPosition, kind: Kind, language: Language) -> String {
    match walk_of(pos, kind) {
        Some((_, walk)) => walk.codes[language_column(language)].to_ascii_uppercase(),
        None => pos.walks().info(kind).letter.to_string(),
    }
}

/// The kind a fairy move promotes to.
fn promotion_kind(pos: &FairyPosition, m: FairyMove) -> Option<Kind> {
    m.promotion().and_then(|l| pos.walks().kind_of_letter(l))
}

fn delta(from: Square, to: Square) -> (i8, i8) {
    (
        to.file() as i8 - from.file() as i8,
        to.rank() as i8 - from.rank() as i8,
    )
}

impl PopeyeGame for FairyPosition {
    const MATING_LISTER: bool = false;

    fn move_text(&self, m: FairyMove, language: Language) -> String {
        let Some((_, kind)) = self.man_at(m.from()) else {
            return m.to_string();
        };
        if self.is_castling(m) {
            let short = m.to().file() > m.from().file();
            return if short { "0-0" } else { "0-0-0" }.to_owned();
        }
        let mut text = if kind == PAWN {
            String::new()
        } else {
            code(self, kind, language)
        };
        let captures = self.captured_kind(m).is_some();
        let sign = if captures { '*' } else { '-' };
        text += &format!("{}{sign}{}", m.from(), m.to());
        if let Some(promoted) = promotion_kind(self, m) {
            text += &format!("={}", code(self, promoted, language));
        }
        if kind == PAWN && captures && self.man_at(m.to()).is_none() {
            text += " ep.";
        }
        text
    }

    fn sibling_key(&self, m: FairyMove, _lister: Lister) -> u32 {
        if m == FairyMove::default() {
            return 0;
        }
        let (from, to) = (m.from(), m.to());
        let d = delta(from, to);
        let generated = match self.man_at(from) {
            None => 0,
            Some((_, PAWN)) => match (d.0.signum(), d.1.abs()) {
                (-1, _) => 0,
                (1, _) => 1,
                (_, 1) => 2,
                _ => 3,
            },
            Some((_, KING)) if self.is_castling(m) => {
                if d.0 > 0 {
                    200
                } else {
                    201
                }
            }
            Some((_, kind)) => {
                walk_of(self, kind).map_or(0, |(_, w)| generation_index(w.codes[0], d))
            }
        };
        let promotion = promotion_kind(self, m)
            .and_then(|k| walk_of(self, k))
            .map_or(0, |(i, _)| i as u32);
        (from.index() as u32) << 16 | (255 - generated.min(255)) << 8 | promotion.min(255)
    }

    fn numbered_first_moves(&self, _lister: Lister) -> Vec<Numbered<FairyMove>> {
        Vec::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Popeye's `vec[]` order, read off its knight, camel, rook and alfil rows.
    #[test]
    fn images_follow_popeye_vector_order() {
        // The orthodox knight order of `order.rs`, written from Popeye's knight row.
        assert_eq!(images(1, 2), super::super::order::KNIGHT_STEPS);
        assert_eq!(images(1, 3)[0], (-3, 1));
        assert_eq!(images(0, 1), [(1, 0), (0, 1), (-1, 0), (0, -1)]);
        assert_eq!(images(2, 2), [(-2, 2), (2, 2), (2, -2), (-2, -2)]);
    }

    #[test]
    fn composite_walks_generate_their_parts_in_popeye_order() {
        // Amazon: queen lines first, then knight leaps.
        assert!(generation_index("am", (1, 1)) < generation_index("am", (-2, 1)));
        // Gnu: camel leaps before knight leaps.
        assert!(generation_index("gn", (-3, 1)) < generation_index("gn", (-2, 1)));
        // A line's nearer squares come first.
        assert!(generation_index("n", (2, 4)) > generation_index("n", (1, 2)));
        // The kangaroo runs Popeye's queen vectors backwards.
        assert!(generation_index("ka", (-1, -1)) < generation_index("ka", (1, 0)));
    }
}
