//! Checking moves: whether a legal move gives check, and generating only the moves that do.
//! The mate solver lives on these two questions, so both work a bitboard at a time.
//!
//! A move checks directly when its piece lands on a square from which that role attacks the
//! enemy king (with the origin vacated), or by discovery when the piece was the only blocker
//! between one of our sliders and that king and leaves the line. En passant (two pawns leave
//! their squares) and castling (the rook checks) are rare and answered by making the move.
//!
//! This module never decides legality: [`Position::generate_checks`] runs the legal generator
//! and filters what it produces, so a checking move is legal by construction.

use super::attacks::{
    attacks, between, bishop_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use super::movegen::from_delta;
use super::{Bitboard, GenKind, Move, MoveKind, MoveList, MoveSink, Position, Role, Square};

/// What the side to move needs to know, once per position, to tell checking moves in O(1):
/// the squares each role checks the enemy king from, and the pieces that would uncover a check.
///
/// Worth building when many moves of one position are asked about (move ordering);
/// [`Position::gives_check`] alone is cheaper for one or two moves.
///
/// ```
/// use mateproof::board::{CheckInfo, Position, Validation};
/// // White: Kg1, Rd1, Nd4; Black: Kd8. Every knight move uncovers the rook.
/// let pos = Position::from_fen("3k4/8/8/8/3N4/8/8/3R2K1 w - - 0 1", Validation::Strict).unwrap();
/// let info = CheckInfo::new(&pos);
/// let knight_moves = pos.legal_moves().iter().filter(|m| m.from().to_string() == "d4").count();
/// let knight_checks = pos.legal_moves().iter().filter(|m| m.from().to_string() == "d4" && info.gives_check(&pos, **m)).count();
/// assert_eq!((knight_moves, knight_checks), (8, 8));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct CheckInfo {
    /// The king that would be checked: the one of the side not to move (`None` when it has
    /// none; then nothing checks and the sets below are empty).
    king: Option<Square>,
    /// Per role (indexed by [`Role::index`]): squares from which that role of ours attacks
    /// `king` on the current board. The king itself never checks, so its entry is empty.
    squares: [Bitboard; 6],
    /// Our pieces that are the only piece between one of our sliders and `king`.
    discoverers: Bitboard,
}

impl CheckInfo {
    /// Gathers the check squares and discovered-check candidates of `pos`'s side to move.
    #[inline]
    pub fn new(pos: &Position) -> CheckInfo {
        let us = pos.turn();
        let Some(king) = pos.king(!us) else {
            return CheckInfo {
                king: None,
                squares: [Bitboard::EMPTY; 6],
                discoverers: Bitboard::EMPTY,
            };
        };
        let occupied = pos.occupied();
        let diagonal = bishop_attacks(king, occupied);
        let orthogonal = rook_attacks(king, occupied);
        CheckInfo {
            king: Some(king),
            squares: [
                pawn_attacks(!us, king),
                knight_attacks(king),
                diagonal,
                orthogonal,
                diagonal | orthogonal,
                Bitboard::EMPTY,
            ],
            discoverers: pos.slider_blockers(!us) & pos.by_color(us),
        }
    }

    /// Squares from which a piece of `role` would check the enemy king. A slider's origin cannot
    /// hide its own destination from the king (it would already be checking), so the current
    /// occupancy is exact for every move but a promotion's.
    #[inline]
    pub fn check_squares(&self, role: Role) -> Bitboard {
        self.squares[role.index()]
    }

    /// Our pieces whose leaving their line to the enemy king uncovers a check.
    #[inline]
    pub fn discoverers(&self) -> Bitboard {
        self.discoverers
    }

    /// The squares on the line from the enemy king through `from` (none without a king).
    #[inline]
    fn line_through(&self, from: Square) -> Bitboard {
        self.king.map_or(Bitboard::EMPTY, |king| line(king, from))
    }

    /// True when `m`, legal in `pos` (the position this was built from), gives check.
    #[inline]
    pub fn gives_check(&self, pos: &Position, m: Move) -> bool {
        let (from, to) = (m.from(), m.to());
        let discovers = || self.discoverers.contains(from) && !self.line_through(from).contains(to);
        match m.kind() {
            MoveKind::Normal => match pos.role_at(from) {
                Some(role) => self.squares[role.index()].contains(to) || discovers(),
                None => false,
            },
            // The promoted piece may look back through the square the pawn left.
            MoveKind::Promotion(role) => {
                let occupied = pos.occupied().without(from).with(to);
                self.king
                    .is_some_and(|king| attacks(pos.turn(), role, to, occupied).contains(king))
                    || discovers()
            }
            MoveKind::EnPassant | MoveKind::Castle => pos.after(m).is_check(),
        }
    }
}

impl Position {
    /// True when `m` (legal here) checks the opponent's king: one attack lookup, and a look along
    /// the line from the king through the origin. For many moves of one position,
    /// [`CheckInfo::gives_check`] is about three times cheaper per move.
    ///
    /// ```
    /// use mateproof::board::{Position, Validation};
    /// // Black's king on d8: the rook checks from a8 and d1, and castling puts it on d1 too.
    /// let pos = Position::from_fen("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", Validation::Strict).unwrap();
    /// let checks: Vec<String> = pos
    ///     .legal_moves()
    ///     .iter()
    ///     .filter(|m| pos.gives_check(**m))
    ///     .map(|m| m.to_string())
    ///     .collect();
    /// assert_eq!(checks, ["a1d1", "a1a8", "e1c1"]);
    /// ```
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.turn();
        let (from, to) = (m.from(), m.to());
        let role = match m.kind() {
            MoveKind::Normal => match self.role_at(from) {
                Some(role) => role,
                None => return false,
            },
            MoveKind::Promotion(role) => role,
            MoveKind::EnPassant | MoveKind::Castle => return self.after(m).is_check(),
        };
        let Some(king) = self.king(!us) else {
            return false;
        };
        let occupied = self.occupied().without(from);
        // The vacated origin counts as empty: a promoted piece may look back through it.
        let direct = attacks(us, role, to, occupied.with(to)).contains(king);
        direct || self.uncovers_check(king, occupied, from, to)
    }

    /// True when our piece on `from`, going to `to`, was the only blocker between one of our
    /// sliders and the enemy `king` and leaves that line. `occupied` is the board without it.
    #[inline]
    fn uncovers_check(&self, king: Square, occupied: Bitboard, from: Square, to: Square) -> bool {
        let ray = line(king, from);
        if ray.is_empty() || ray.contains(to) {
            return false;
        }
        let sliders = if king.file() == from.file() || king.rank() == from.rank() {
            self.rooks_queens()
        } else {
            self.bishops_queens()
        };
        (sliders & self.by_color(self.turn()) & ray)
            .into_iter()
            .any(|slider| {
                let gap = between(king, slider);
                gap.contains(from) && (gap & occupied).is_empty()
            })
    }

    /// Every legal move that gives check.
    ///
    /// ```
    /// use mateproof::board::{Position, Validation};
    /// let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Validation::Strict).unwrap();
    /// let checks: Vec<String> = pos.checking_moves().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(checks, ["a1a8"]);
    /// ```
    pub fn checking_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate_checks(&mut list);
        list
    }

    /// Generates every legal checking move into `sink`.
    ///
    /// The king is left out of the generation unless it can check at all (by uncovering a
    /// slider, or by castling), which spares the attack tests of its ordinary moves.
    pub fn generate_checks<S: MoveSink>(&self, sink: &mut S) {
        self.generate_checks_among(CheckInfo::new(self), Bitboard::FULL, sink);
    }

    /// Generates the legal checking moves of the pieces on `from_mask` into `sink`, with the
    /// check information of this position already at hand.
    pub(super) fn generate_checks_among<S: MoveSink>(
        &self,
        info: CheckInfo,
        mut from_mask: Bitboard,
        sink: &mut S,
    ) {
        let us = self.turn();
        if info.king.is_none() {
            return;
        }
        if let Some(king) = self.king(us) {
            if !info.discoverers.contains(king) && !self.castling().has_any(us) {
                from_mask = from_mask.without(king);
            }
        }
        let mut filter = CheckFilter {
            pos: self,
            info,
            our_pawns: self.pieces(us, Role::Pawn),
            inner: sink,
        };
        self.generate(GenKind::All, from_mask, &mut filter);
    }
}

/// Passes on only the checking moves of what the legal generator produces, whole target sets at
/// a time where it can.
struct CheckFilter<'a, S> {
    pos: &'a Position,
    info: CheckInfo,
    our_pawns: Bitboard,
    inner: &'a mut S,
}

impl<S: MoveSink> MoveSink for CheckFilter<'_, S> {
    #[inline]
    fn push(&mut self, m: Move) {
        if self.info.gives_check(self.pos, m) {
            self.inner.push(m);
        }
    }

    #[inline]
    fn push_targets(&mut self, from: Square, targets: Bitboard) {
        let Some(role) = self.pos.role_at(from) else {
            return;
        };
        let mut checks = targets & self.info.squares[role.index()];
        if self.info.discoverers.contains(from) {
            checks |= targets - self.info.line_through(from);
        }
        self.inner.push_targets(from, checks);
    }

    #[inline]
    fn push_pawn_targets(&mut self, targets: Bitboard, delta: i8) {
        let mut checks = targets & self.info.squares[Role::Pawn.index()];
        let discoverers = self.info.discoverers & self.our_pawns;
        if discoverers.any() {
            for to in targets - checks {
                let from = from_delta(to, delta);
                if discoverers.contains(from) && !self.info.line_through(from).contains(to) {
                    checks = checks.with(to);
                }
            }
        }
        self.inner.push_pawn_targets(checks, delta);
    }

    // Promotions use the trait's default, which pushes each one through `push` (the filter).

    #[inline]
    fn is_satisfied(&self) -> bool {
        self.inner.is_satisfied()
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Position, Validation};

    fn sorted(list: impl IntoIterator<Item = String>) -> Vec<String> {
        let mut v: Vec<String> = list.into_iter().collect();
        v.sort();
        v
    }

    /// The generator against the definition: make every legal move and look.
    fn assert_matches_definition(fen: &str) {
        let pos = Position::from_fen(fen, Validation::Lenient).unwrap();
        let by_definition = sorted(
            pos.legal_moves()
                .iter()
                .filter(|m| pos.after(**m).is_check())
                .map(|m| m.to_string()),
        );
        let generated = sorted(pos.checking_moves().iter().map(|m| m.to_string()));
        assert_eq!(generated, by_definition, "{fen}");
        for m in pos.legal_moves().iter() {
            assert_eq!(pos.gives_check(*m), pos.after(*m).is_check(), "{fen} {m}");
        }
    }

    #[test]
    fn promotion_checks_through_the_vacated_square() {
        // b7-b8=Q/R checks the king on b1 along the file the pawn just left.
        assert_matches_definition("8/1P6/8/8/8/8/7K/1k6 w - - 0 1");
    }

    #[test]
    fn en_passant_uncovers_a_check_through_the_captured_pawn() {
        // After d7-d5, e5xd6 e.p. removes both pawns from the a5–h5 rank: Ra5 checks Kh5.
        assert_matches_definition("8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1");
        // And a diagonal discovery by the capturing pawn: Bb2 through e5 onto h8.
        assert_matches_definition("7k/8/8/3pP3/8/8/1B6/4K3 w - d6 0 1");
    }

    #[test]
    fn castling_checks_with_the_rook() {
        assert_matches_definition("5k2/8/8/8/8/8/8/4K2R w K - 0 1");
        assert_matches_definition("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1");
    }

    #[test]
    fn king_uncovers_a_check_only_off_the_line() {
        // Ke2 stands between Re1 and Ke8: every king move off the e-file checks.
        assert_matches_definition("4k3/8/8/8/8/8/4K3/4R3 w - - 0 1");
    }

    #[test]
    fn pinned_and_checked_movers_stay_legal() {
        // White is in check from Bb4; Qxb4 checks Kf8, castling is out.
        assert_matches_definition("5k2/8/8/Q7/1b6/8/8/4K2R w K - 0 1");
        // Ne4 would uncover Bb1 onto Kh7, but Re8 pins it to Ke1.
        assert_matches_definition("4r3/7k/8/8/4N3/8/8/1B2K3 w - - 0 1");
    }
}
