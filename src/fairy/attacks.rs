//! Attacks on a [`FairyPosition`] and the two questions asked of every move: is it legal (the
//! own king not attacked after it) and does it check. Both are answered without playing the
//! move: the attack test reads the kinds' line hits ([`super::walks::Tables::attacks`]) with
//! the occupancy the move leaves, and a move that touches none of the squares deciding an
//! attack on a king (its [`Guard`]: the squares before the king on every enemy line through
//! it, the paths of lame leaps onto it) changes no attack on that king at all. Castling, en
//! passant and king moves take the long way; everything else is a few bit operations.

use super::moves::FairyMove;
use super::position::FairyPosition;
use super::walks::{Kind, KING, PAWN};
use crate::board::{Bitboard, Color, Square};

/// What decides the attacks on one king, prepared once per position: the men attacking it
/// now, and the squares whose occupancy could start or end an attack on it.
#[derive(Clone, Copy, Debug)]
pub struct Guard {
    pub king: Square,
    pub checkers: Bitboard,
    pub sensitive: Bitboard,
}

impl FairyPosition {
    /// The squares a `color` pawn on `from` captures on: none from its own first rank
    /// (Popeye's pawn there neither moves nor attacks).
    pub(super) fn pawn_attacks(from: Square, color: Color) -> Bitboard {
        if from.rank() == color.back_rank() {
            return Bitboard::EMPTY;
        }
        let dr = color.forward();
        [-1, 1]
            .into_iter()
            .filter_map(|df| from.offset(df, dr))
            .collect()
    }

    /// True when one of `attackers` (men of `by`, standing where the board says) attacks
    /// `sq` with the occupancy `occ`.
    pub(super) fn attacked_by(
        &self,
        sq: Square,
        by: Color,
        occ: Bitboard,
        attackers: Bitboard,
    ) -> bool {
        for from in attackers {
            let Some((_, kind)) = self.board[from.index()] else {
                continue;
            };
            let hit = if kind == PAWN {
                Self::pawn_attacks(from, by).contains(sq)
            } else {
                self.walks.tables(kind, by).attacks(from, sq, occ)
            };
            if hit {
                return true;
            }
        }
        false
    }

    /// True when a man of `by` attacks `sq` with the board's occupancy `occ`.
    pub(super) fn attacked_with(&self, sq: Square, by: Color, occ: Bitboard) -> bool {
        self.attacked_by(sq, by, occ, self.by_color[by.index()] & occ)
    }

    /// True when a man of `by` attacks `sq`.
    pub fn is_attacked(&self, sq: Square, by: Color) -> bool {
        self.attacked_with(sq, by, self.occupied())
    }

    /// True when the side to move's king is attacked.
    pub fn in_check(&self) -> bool {
        self.is_attacked(self.kings[self.turn.index()], !self.turn)
    }

    /// The guard of `king` against the men of `by`, in one pass over them.
    fn guard_of(&self, king: Square, by: Color) -> Guard {
        let occ = self.occupied();
        let mut guard = Guard {
            king,
            checkers: Bitboard::EMPTY,
            sensitive: Bitboard::EMPTY,
        };
        for from in self.by_color[by.index()] {
            let Some((_, kind)) = self.board[from.index()] else {
                continue;
            };
            let attacks = if kind == PAWN {
                Self::pawn_attacks(from, by).contains(king)
            } else {
                let t = self.walks.tables(kind, by);
                if !t.reach[from.index()].contains(king) {
                    continue;
                }
                guard.sensitive |= t.sensitive(from, king);
                t.attacks(from, king, occ)
            };
            if attacks {
                guard.checkers = guard.checkers.with(from);
            }
        }
        guard
    }

    /// The guard of the side to move's king: what [`FairyPosition::is_legal_with`] needs.
    pub fn guard(&self) -> Guard {
        self.guard_of(self.kings[self.turn.index()], !self.turn)
    }

    /// True for a move the fast tests do not cover: castling, en passant.
    #[inline]
    fn is_special(&self, m: FairyMove, kind: Kind) -> bool {
        (kind == KING && m.from().file().abs_diff(m.to().file()) == 2)
            || (kind == PAWN && Some(m.to()) == self.ep && m.from().file() != m.to().file())
    }

    /// True when the pseudo-legal `m` leaves the mover's king unattacked, with the mover's
    /// guard ([`FairyPosition::guard`]).
    pub fn is_legal_with(&self, guard: &Guard, m: FairyMove) -> bool {
        let (from, to) = (m.from(), m.to());
        let Some((us, kind)) = self.board[from.index()] else {
            return false;
        };
        if self.is_special(m, kind) {
            return self.is_legal_by_playing(m);
        }
        let them = !us;
        let occ = self.occupied().without(from).with(to);
        let attackers = self.by_color[them.index()].without(to);
        if kind == KING {
            return !self.attacked_by(to, them, occ, attackers);
        }
        if !guard.sensitive.contains(from) && !guard.sensitive.contains(to) {
            // No attack on the king starts or ends, but a checker captured on `to`.
            return guard.checkers.without(to).is_empty();
        }
        !self.attacked_by(guard.king, them, occ, attackers)
    }

    /// True when the pseudo-legal `m` leaves the mover's king unattacked.
    pub fn is_legal_pseudo(&self, m: FairyMove) -> bool {
        self.is_legal_with(&self.guard(), m)
    }

    fn is_legal_by_playing(&self, m: FairyMove) -> bool {
        let mut next = self.clone();
        next.make(m);
        !next.is_attacked(next.kings[self.turn.index()], next.turn)
    }

    /// True when the legal `m` attacks the opponent's king, with that king's guard against
    /// the mover's men ([`FairyPosition::check_guard`]).
    pub fn gives_check_with_guard(&self, guard: &Guard, m: FairyMove) -> bool {
        let (from, to) = (m.from(), m.to());
        let Some((us, kind)) = self.board[from.index()] else {
            return false;
        };
        if self.is_special(m, kind) {
            let mut next = self.clone();
            next.make(m);
            return next.in_check();
        }
        let occ = self.occupied().without(from).with(to);
        let landed = match m.promotion() {
            Some(letter) => self.walks.kind_of_letter(letter).unwrap_or(kind),
            None => kind,
        };
        let direct = if landed == PAWN {
            Self::pawn_attacks(to, us).contains(guard.king)
        } else {
            self.walks.tables(landed, us).attacks(to, guard.king, occ)
        };
        if direct {
            return true;
        }
        if !guard.sensitive.contains(from) && !guard.sensitive.contains(to) {
            return false;
        }
        let others = self.by_color[us.index()].without(from);
        self.attacked_by(guard.king, us, occ, others)
    }

    /// True when the legal `m` attacks the opponent's king.
    pub fn gives_check(&self, m: FairyMove) -> bool {
        self.gives_check_with_guard(&self.check_guard(), m)
    }

    /// The opponent's king's guard against the side to move's men: what
    /// [`FairyPosition::gives_check_with_guard`] needs (no checkers: the opponent is not to
    /// move).
    pub fn check_guard(&self) -> Guard {
        self.guard_of(self.kings[(!self.turn).index()], self.turn)
    }
}
