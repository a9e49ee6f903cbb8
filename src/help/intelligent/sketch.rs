//! The final position of a help stalemate as far as a target has drawn it: the men placed so
//! far on their squares, every other man left out. [`Sketch::trouble`] finds what keeps the
//! side to be stalemated (the *sufferer*) from being stalemate there — its king in check, or
//! a move it still has — and says, as [`Demand`]s, every way one more man could take that
//! away.
//!
//! The real final position holds every man of the sketch and maybe more, so a move legal in
//! the sketch but not there is stopped by a man the sketch leaves out, standing where one of
//! the demands says: on the square the move goes to (a man of the sufferer, or any man before
//! a pawn's push), on a square the move passes, or where after the move it would attack the
//! sufferer's king (for a king's move: attacking the square it goes to; for another man's:
//! pinning it on the line through its square and the king, the only line the move opens).
//! A check in the sketch is stopped by a man between the checker and the king. Each demand
//! list therefore holds the square of some man of every final position that agrees with the
//! sketch, which keeps the targets built on it complete.

use crate::board::attacks::{attacks, between, king_attacks, line, pawn_attacks};
use crate::board::{Bitboard, Color, Role, Square};

/// Where one more man of the final position stands, so that the trouble goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Demand {
    /// A man on `square`: of the sufferer only, or of either side.
    Occupy { square: Square, sufferer_only: bool },
    /// A man of the other side attacking `square` over the men of `occupied`.
    Guard { square: Square, occupied: Bitboard },
    /// A line man of the other side on one of `squares`, on a diagonal or not.
    Pin { squares: Bitboard, diagonal: bool },
}

/// The men placed so far, by square.
#[derive(Clone)]
pub(super) struct Sketch {
    sufferer: Color,
    by_color: [Bitboard; 2],
    role_at: [Option<Role>; 64],
}

impl Sketch {
    /// An empty board on which `sufferer` is to be stalemated.
    pub(super) fn new(sufferer: Color) -> Sketch {
        Sketch {
            sufferer,
            by_color: [Bitboard::EMPTY; 2],
            role_at: [None; 64],
        }
    }

    pub(super) fn put(&mut self, color: Color, role: Role, square: Square) {
        self.by_color[color.index()] = self.by_color[color.index()].with(square);
        self.role_at[square.index()] = Some(role);
    }

    pub(super) fn take(&mut self, color: Color, square: Square) {
        self.by_color[color.index()] = self.by_color[color.index()].without(square);
        self.role_at[square.index()] = None;
    }

    pub(super) fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The sufferer's king, where placed.
    fn king(&self) -> Option<Square> {
        self.by_color[self.sufferer.index()]
            .into_iter()
            .find(|&sq| self.role_at[sq.index()] == Some(Role::King))
    }

    /// True when a man of `color` other than one on `except` attacks `square` over
    /// `occupied`.
    fn attacked(&self, color: Color, square: Square, occupied: Bitboard, except: Square) -> bool {
        self.by_color[color.index()]
            .without(except)
            .into_iter()
            .any(|from| {
                self.role_at[from.index()]
                    .is_some_and(|role| attacks(color, role, from, occupied).contains(square))
            })
    }

    /// What keeps the sufferer from being stalemate: the demands of the trouble with the
    /// fewest ways out as `count` numbers them (given the fewest so far, past which it may stop
    /// counting; a list may have none: then no man can help). `None` where the sufferer is
    /// stalemate in the sketch.
    pub(super) fn trouble(&self, count: impl Fn(&[Demand], usize) -> usize) -> Option<Vec<Demand>> {
        let king = self.king()?;
        let other = !self.sufferer;
        let occupied = self.occupied();
        // A check: only a man between checker and king stops it.
        if let Some(checker) = self.by_color[other.index()].into_iter().find(|&from| {
            self.role_at[from.index()]
                .is_some_and(|role| attacks(other, role, from, occupied).contains(king))
        }) {
            return Some(
                between(checker, king)
                    .into_iter()
                    .map(|square| Demand::Occupy {
                        square,
                        sufferer_only: false,
                    })
                    .collect(),
            );
        }
        let mut best: Option<(usize, Vec<Demand>)> = None;
        for (from, to) in self.moves(king) {
            let demands = self.demands(king, from, to);
            let n = count(
                &demands,
                best.as_ref().map_or(usize::MAX, |(fewest, _)| *fewest),
            );
            if best.as_ref().is_none_or(|(fewest, _)| n < *fewest) {
                if n == 0 {
                    return Some(demands);
                }
                best = Some((n, demands));
            }
        }
        best.map(|(_, demands)| demands)
    }

    /// The sufferer's legal moves in the sketch (its king not in check), as squares (a
    /// promotion once, whatever it makes; no en passant: a move the sketch leaves out only
    /// asks for fewer men).
    fn moves(&self, king: Square) -> Vec<(Square, Square)> {
        let us = self.sufferer;
        let own = self.by_color[us.index()];
        let theirs = self.by_color[(!us).index()];
        let occupied = own | theirs;
        let mut moves = Vec::new();
        for from in own {
            let Some(role) = self.role_at[from.index()] else {
                continue;
            };
            let targets = match role {
                Role::Pawn => self.pawn_targets(from, occupied, theirs),
                _ => attacks(us, role, from, occupied) - own,
            };
            for to in targets {
                if self.legal(king, from, to) {
                    moves.push((from, to));
                }
            }
        }
        moves
    }

    /// Where a sufferer's pawn on `from` may go: one step forward (two from its first rank
    /// where the first is free), or a capture.
    fn pawn_targets(&self, from: Square, occupied: Bitboard, theirs: Bitboard) -> Bitboard {
        let us = self.sufferer;
        let mut targets = pawn_attacks(us, from) & theirs;
        if let Some(step) = from.offset(0, us.forward()) {
            if !occupied.contains(step) {
                targets = targets.with(step);
                let first_rank = if us == Color::White { 1 } else { 6 };
                if from.rank() == first_rank {
                    if let Some(double) = step.offset(0, us.forward()) {
                        if !occupied.contains(double) {
                            targets = targets.with(double);
                        }
                    }
                }
            }
        }
        targets
    }

    /// True when the move from `from` to `to` leaves the sufferer's king unattacked.
    fn legal(&self, king: Square, from: Square, to: Square) -> bool {
        let occupied = self.occupied().without(from).with(to);
        let king_there = if from == king { to } else { king };
        !self.attacked(!self.sufferer, king_there, occupied, to)
    }

    /// Every way one more man stops the sufferer's legal move from `from` to `to`.
    fn demands(&self, king: Square, from: Square, to: Square) -> Vec<Demand> {
        let empty = !self.occupied().contains(to);
        let mut demands = Vec::new();
        if from == king {
            if empty {
                demands.push(Demand::Occupy {
                    square: to,
                    sufferer_only: true,
                });
            }
            demands.push(Demand::Guard {
                square: to,
                occupied: self.occupied().without(king),
            });
            return demands;
        }
        let pawn = self.role_at[from.index()] == Some(Role::Pawn);
        let push = pawn && from.file() == to.file();
        if empty {
            demands.push(Demand::Occupy {
                square: to,
                sufferer_only: !push,
            });
        }
        if !pawn || push {
            demands.extend(between(from, to).into_iter().map(|square| Demand::Occupy {
                square,
                sufferer_only: false,
            }));
        }
        let ray = line(king, from);
        if ray.any() && !ray.contains(to) {
            let beyond: Bitboard = ray
                .into_iter()
                .filter(|&x| {
                    between(king, x).contains(from)
                        && (between(from, x) & self.occupied()).is_empty()
                        && !self.occupied().contains(x)
                })
                .collect();
            if beyond.any() {
                demands.push(Demand::Pin {
                    squares: beyond,
                    diagonal: king.file() != from.file() && king.rank() != from.rank(),
                });
            }
        }
        demands
    }
}

/// The squares from which a `color` man of `role` attacks `target` over `occupied`.
pub(super) fn attackers_of(
    color: Color,
    role: Role,
    target: Square,
    occupied: Bitboard,
) -> Bitboard {
    match role {
        // A pawn attacks forward: the squares it attacks from are those the other colour's
        // pawn would attack from the target.
        Role::Pawn => pawn_attacks(!color, target),
        Role::King => king_attacks(target),
        _ => attacks(color, role, target, occupied),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(name: &str) -> Square {
        Square::from_ascii(name.as_bytes()).expect("a square")
    }

    #[test]
    fn a_boxed_king_and_a_blocked_pawn_are_stalemate() {
        // Black: Ka8, Pa7 blocked by a white pawn on a6; White: a rook on b1 guards b7, b8.
        let mut sketch = Sketch::new(Color::Black);
        sketch.put(Color::Black, Role::King, sq("a8"));
        sketch.put(Color::Black, Role::Pawn, sq("a7"));
        sketch.put(Color::White, Role::Pawn, sq("a6"));
        sketch.put(Color::White, Role::Rook, sq("b1"));
        assert_eq!(sketch.trouble(|d, _| d.len()), None);
    }

    #[test]
    fn a_free_pawn_push_asks_for_any_man_in_front() {
        let mut sketch = Sketch::new(Color::Black);
        sketch.put(Color::Black, Role::King, sq("a8"));
        sketch.put(Color::Black, Role::Pawn, sq("a7"));
        sketch.put(Color::White, Role::Rook, sq("b1"));
        let demands = sketch.trouble(|d, _| d.len()).expect("the pawn can move");
        assert_eq!(
            demands,
            vec![Demand::Occupy {
                square: sq("a6"),
                sufferer_only: false
            }]
        );
    }

    #[test]
    fn a_king_step_asks_for_a_blocker_or_a_guard() {
        let mut sketch = Sketch::new(Color::Black);
        sketch.put(Color::Black, Role::King, sq("a8"));
        sketch.put(Color::White, Role::Rook, sq("b1"));
        sketch.put(Color::White, Role::Rook, sq("h7"));
        // Only a8-b8 and a8-a7... b8 and b7 are guarded by the rooks, a7 by the one on h7.
        assert_eq!(sketch.trouble(|d, _| d.len()), None);
        sketch.take(Color::White, sq("h7"));
        let demands = sketch
            .trouble(|d, _| d.len())
            .expect("the king can step to a7");
        assert!(demands.contains(&Demand::Occupy {
            square: sq("a7"),
            sufferer_only: true
        }));
        assert!(matches!(demands[1], Demand::Guard { square, .. } if square == sq("a7")));
    }

    #[test]
    fn a_check_asks_for_a_man_between() {
        let mut sketch = Sketch::new(Color::Black);
        sketch.put(Color::Black, Role::King, sq("a8"));
        sketch.put(Color::White, Role::Rook, sq("a5"));
        let demands = sketch.trouble(|d, _| d.len()).expect("check");
        assert_eq!(demands.len(), 2);
    }

    #[test]
    fn a_knight_off_the_kings_line_can_be_pinned_beyond_it() {
        let mut sketch = Sketch::new(Color::Black);
        sketch.put(Color::Black, Role::King, sq("a8"));
        sketch.put(Color::Black, Role::Knight, sq("c6"));
        // Guard the king's squares: rooks on b1 and h7.
        sketch.put(Color::White, Role::Rook, sq("b1"));
        sketch.put(Color::White, Role::Rook, sq("h7"));
        let demands = sketch.demands(sq("a8"), sq("c6"), sq("e5"));
        let pin = demands
            .iter()
            .find_map(|d| match d {
                Demand::Pin { squares, diagonal } => Some((*squares, *diagonal)),
                _ => None,
            })
            .expect("a pin on the diagonal");
        assert!(pin.1);
        assert!(pin.0.contains(sq("d5")) && pin.0.contains(sq("h1")));
        assert!(!pin.0.contains(sq("b7")));
    }
}
