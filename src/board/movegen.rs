//! Legal move generation for orthodox chess: pins, check evasions, double check, castling and
//! en passant (including the rank pin an e.p. capture can uncover), four promotions.
//!
//! Moves go into a [`MoveSink`], so the same generator fills a [`MoveList`], counts moves in
//! bulk for perft (a popcount per piece instead of a push per move) or stops at the first move
//! found (mate and stalemate tests). The generator never allocates.

use super::attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, line, pawn_attacks, rook_attacks,
};
use super::castling::geometry;
use super::{Bitboard, Color, Move, MoveKind, MoveList, Position, Role, Square, Wing};

/// Receives generated moves.
pub trait MoveSink {
    fn push(&mut self, m: Move);

    /// Normal moves of one non-pawn piece from `from` to every square of `targets`.
    #[inline]
    fn push_targets(&mut self, from: Square, targets: Bitboard) {
        for to in targets {
            self.push(Move::normal(from, to));
        }
    }

    /// Normal pawn moves to every square of `targets`; each came from `to - delta`.
    #[inline]
    fn push_pawn_targets(&mut self, targets: Bitboard, delta: i8) {
        for to in targets {
            self.push(Move::normal(from_delta(to, delta), to));
        }
    }

    /// All four promotions onto every square of `targets`; each came from `to - delta`.
    #[inline]
    fn push_promotions(&mut self, targets: Bitboard, delta: i8) {
        for to in targets {
            let from = from_delta(to, delta);
            for role in Role::PROMOTIONS {
                self.push(Move::new(from, to, MoveKind::Promotion(role)));
            }
        }
    }

    /// True when the sink needs no more moves (generation may stop early).
    #[inline]
    fn is_satisfied(&self) -> bool {
        false
    }
}

/// The origin of a pawn move that went `delta` squares forward to `to`.
#[inline]
pub(super) fn from_delta(to: Square, delta: i8) -> Square {
    Square::new((to.to_u8() as i8 - delta) as u8)
}

impl MoveSink for MoveList {
    #[inline]
    fn push(&mut self, m: Move) {
        MoveList::push(self, m);
    }
}

/// Counts moves without storing them (perft's bulk counting).
#[derive(Default)]
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 += 1;
    }
    #[inline]
    fn push_targets(&mut self, _: Square, targets: Bitboard) {
        self.0 += targets.count() as u64;
    }
    #[inline]
    fn push_pawn_targets(&mut self, targets: Bitboard, _: i8) {
        self.0 += targets.count() as u64;
    }
    #[inline]
    fn push_promotions(&mut self, targets: Bitboard, _: i8) {
        self.0 += 4 * targets.count() as u64;
    }
}

/// Records whether any move exists and stops generation at the first.
#[derive(Default)]
struct AnyMove(bool);

impl MoveSink for AnyMove {
    #[inline]
    fn push(&mut self, _: Move) {
        self.0 = true;
    }
    #[inline]
    fn push_targets(&mut self, _: Square, targets: Bitboard) {
        self.0 |= targets.any();
    }
    #[inline]
    fn push_pawn_targets(&mut self, targets: Bitboard, _: i8) {
        self.0 |= targets.any();
    }
    #[inline]
    fn push_promotions(&mut self, targets: Bitboard, _: i8) {
        self.0 |= targets.any();
    }
    #[inline]
    fn is_satisfied(&self) -> bool {
        self.0
    }
}

/// Which moves to generate.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GenKind {
    All,
    /// Only moves that capture (en passant and capturing promotions included).
    Captures,
}

impl Position {
    /// Every legal move.
    ///
    /// ```
    /// use mateproof::board::Position;
    /// assert_eq!(Position::startpos().legal_moves().len(), 20);
    /// ```
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(GenKind::All, Bitboard::FULL, &mut list);
        list
    }

    /// Every legal capture.
    pub fn capture_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(GenKind::Captures, Bitboard::FULL, &mut list);
        list
    }

    /// The number of legal moves, counted in bulk.
    #[inline]
    pub fn count_legal_moves(&self) -> u64 {
        let mut counter = MoveCounter(0);
        self.generate(GenKind::All, Bitboard::FULL, &mut counter);
        counter.0
    }

    /// True when the side to move has at least one legal move (stops at the first).
    #[inline]
    pub fn has_legal_move(&self) -> bool {
        let mut any = AnyMove(false);
        self.generate(GenKind::All, Bitboard::FULL, &mut any);
        any.0
    }

    /// True when `m` is a legal move here. Ordinary moves are checked directly (the piece can
    /// get there, and our king is not attacked afterwards); castling, e.p. and promotions go
    /// through the generator for that one piece. The solver tests killer moves with this.
    pub fn is_legal(&self, m: Move) -> bool {
        let us = self.turn();
        let ours = self.by_color(us);
        let (from, to) = (m.from(), m.to());
        if !ours.contains(from) {
            return false;
        }
        let role = match (m.kind(), self.role_at(from)) {
            (MoveKind::Normal, Some(role)) => role,
            _ => {
                let mut list = MoveList::new();
                self.generate(GenKind::All, Bitboard::from_square(from), &mut list);
                return list.contains(m);
            }
        };
        if ours.contains(to) {
            return false;
        }
        let theirs = self.by_color(!us);
        let occupied = ours | theirs;
        let reachable = match role {
            Role::Pawn => {
                let last_rank = Bitboard::rank(if us == Color::White { 7 } else { 0 });
                let single = crate::board::Square::try_new(
                    (from.to_u8() as i32 + 8 * us.forward() as i32) as u32,
                );
                let capture = pawn_attacks(us, from).contains(to) && theirs.contains(to);
                let push = single == Some(to) && !occupied.contains(to);
                let double = single.is_some_and(|s| !occupied.contains(s))
                    && from.rank() == if us == Color::White { 1 } else { 6 }
                    && (to.to_u8() as i32 - from.to_u8() as i32) == 16 * us.forward() as i32
                    && !occupied.contains(to);
                (capture || push || double) && !last_rank.contains(to)
            }
            _ => crate::board::attacks::attacks(us, role, from, occupied).contains(to),
        };
        if !reachable {
            return false;
        }
        // Our king must not be attacked on the board as it will be (a captured piece on `to`
        // no longer attacks).
        let after = occupied.without(from).with(to);
        let ksq = if role == Role::King {
            to
        } else {
            self.king(us)
        };
        (self.attackers_to(ksq, !us, after) - Bitboard::from_square(to)).is_empty()
    }

    /// Generates legal moves of pieces standing on `from_mask` into `sink`.
    #[inline]
    pub fn generate<S: MoveSink>(&self, kind: GenKind, from_mask: Bitboard, sink: &mut S) {
        match (self.turn(), kind) {
            (Color::White, GenKind::All) => generate::<S, true, false>(self, from_mask, sink),
            (Color::White, GenKind::Captures) => generate::<S, true, true>(self, from_mask, sink),
            (Color::Black, GenKind::All) => generate::<S, false, false>(self, from_mask, sink),
            (Color::Black, GenKind::Captures) => generate::<S, false, true>(self, from_mask, sink),
        }
    }
}

#[inline(always)]
fn generate<S: MoveSink, const WHITE: bool, const CAPTURES: bool>(
    pos: &Position,
    from_mask: Bitboard,
    sink: &mut S,
) {
    let us = if WHITE { Color::White } else { Color::Black };
    let them = !us;
    let ours = pos.by_color(us);
    let theirs = pos.by_color(them);
    let occupied = ours | theirs;
    let ksq = pos.king(us);
    let checkers = pos.attackers_to(ksq, them, occupied);

    if from_mask.contains(ksq) {
        let mut targets = king_attacks(ksq) - ours;
        if CAPTURES {
            targets &= theirs;
        }
        let without_king = occupied.without(ksq);
        for to in targets {
            if !pos.is_attacked(to, them, without_king) {
                sink.push(Move::normal(ksq, to));
            }
        }
        if sink.is_satisfied() {
            return;
        }
    }
    if checkers.more_than_one() {
        return;
    }

    let target = match checkers.single() {
        Some(checker) => between(ksq, checker).with(checker),
        None => !ours,
    };
    let move_target = if CAPTURES { target & theirs } else { target };
    let pinned = pos.slider_blockers(us) & ours;

    for from in pos.pieces(us, Role::Knight) & from_mask & !pinned {
        sink.push_targets(from, knight_attacks(from) & move_target);
    }
    for from in pos.bishops_queens() & ours & from_mask {
        let mut targets = bishop_attacks(from, occupied) & move_target;
        if pinned.contains(from) {
            targets &= line(ksq, from);
        }
        sink.push_targets(from, targets);
    }
    for from in pos.rooks_queens() & ours & from_mask {
        let mut targets = rook_attacks(from, occupied) & move_target;
        if pinned.contains(from) {
            targets &= line(ksq, from);
        }
        sink.push_targets(from, targets);
    }
    if sink.is_satisfied() {
        return;
    }

    generate_pawns::<S, WHITE, CAPTURES>(pos, from_mask, sink, ksq, pinned, target, checkers);

    if !CAPTURES && checkers.is_empty() && from_mask.contains(ksq) && pos.castling().has_any(us) {
        for wing in Wing::ALL {
            if !pos.castling().has(us, wing) {
                continue;
            }
            let g = geometry(us, wing);
            if (occupied & g.must_be_empty).is_empty()
                && g.king_path
                    .into_iter()
                    .all(|sq| !pos.is_attacked(sq, them, occupied))
            {
                sink.push(Move::new(ksq, g.king_to, MoveKind::Castle));
            }
        }
    }
}

#[inline(always)]
fn generate_pawns<S: MoveSink, const WHITE: bool, const CAPTURES: bool>(
    pos: &Position,
    from_mask: Bitboard,
    sink: &mut S,
    ksq: Square,
    pinned: Bitboard,
    target: Bitboard,
    checkers: Bitboard,
) {
    let us = if WHITE { Color::White } else { Color::Black };
    let them = !us;
    let theirs = pos.by_color(them);
    let occupied = pos.occupied();
    let empty = !occupied;
    let pawns = pos.pieces(us, Role::Pawn) & from_mask;
    let up = |bb: Bitboard| if WHITE { bb.north() } else { bb.south() };
    let (up_delta, left_delta, right_delta): (i8, i8, i8) =
        if WHITE { (8, 7, 9) } else { (-8, -9, -7) };
    let third_rank = Bitboard::rank(if WHITE { 2 } else { 5 });
    let last_rank = Bitboard::rank(if WHITE { 7 } else { 0 });

    // Unpinned pawns, all at once by shifting the whole set.
    let free = pawns - pinned;
    let left = up(free).west() & theirs & target;
    let right = up(free).east() & theirs & target;
    sink.push_pawn_targets(left - last_rank, left_delta);
    sink.push_pawn_targets(right - last_rank, right_delta);
    sink.push_promotions(left & last_rank, left_delta);
    sink.push_promotions(right & last_rank, right_delta);
    if !CAPTURES {
        let single = up(free) & empty;
        let double = up(single & third_rank) & empty & target;
        let single = single & target;
        sink.push_pawn_targets(single - last_rank, up_delta);
        sink.push_promotions(single & last_rank, up_delta);
        sink.push_pawn_targets(double, 2 * up_delta);
    }

    // Pinned pawns may only move along the pin line.
    for from in pawns & pinned {
        let allowed = line(ksq, from) & target;
        let mut targets = pawn_attacks(us, from) & theirs & allowed;
        if !CAPTURES {
            let single = up(Bitboard::from_square(from)) & empty;
            let double = up(single & third_rank) & empty;
            targets |= (single | double) & allowed;
        }
        for to in targets {
            let delta = to.to_u8() as i8 - from.to_u8() as i8;
            let bb = Bitboard::from_square(to);
            if last_rank.contains(to) {
                sink.push_promotions(bb, delta);
            } else {
                sink.push_pawn_targets(bb, delta);
            }
        }
    }

    // En passant: test the king's safety on the board as it will be, which catches the rank
    // pin of two pawns leaving the fifth rank at once.
    if let Some(ep) = pos.ep_square() {
        let captured = Square::new(ep.to_u8() ^ 8);
        let leapers_checking =
            checkers.without(captured) & !(pos.rooks_queens() | pos.bishops_queens());
        if leapers_checking.is_empty() {
            for from in pawn_attacks(them, ep) & pawns {
                let after = (occupied.without(from).without(captured)).with(ep);
                let their_rooks = pos.rooks_queens() & theirs;
                let their_bishops = pos.bishops_queens() & theirs;
                if (rook_attacks(ksq, after) & their_rooks).is_empty()
                    && (bishop_attacks(ksq, after) & their_bishops).is_empty()
                {
                    sink.push(Move::new(from, ep, MoveKind::EnPassant));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{fen::parse_fen, Position, Validation};

    fn pos(fen: &str) -> Position {
        parse_fen(fen)
            .unwrap()
            .into_position(Validation::Lenient)
            .unwrap()
    }

    fn moves(fen: &str) -> Vec<String> {
        let mut v: Vec<String> = pos(fen)
            .legal_moves()
            .iter()
            .map(|m| m.to_string())
            .collect();
        v.sort();
        v
    }

    #[test]
    fn en_passant_that_uncovers_a_rank_check_is_illegal() {
        let m = moves("8/8/8/K2pP2q/8/8/8/7k w - d6 0 1");
        assert!(!m.contains(&"e5d6".to_string()));
    }

    #[test]
    fn en_passant_may_capture_a_checking_pawn() {
        let m = moves("8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1");
        assert!(m.contains(&"e4d3".to_string()), "{m:?}");
    }

    #[test]
    fn no_castling_out_of_or_through_check() {
        assert!(!moves("4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1").is_empty());
        let through = moves("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
        assert!(!through.contains(&"e1g1".to_string()));
        assert!(through.contains(&"e1c1".to_string()));
        let out_of = moves("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1");
        assert!(!out_of.contains(&"e1g1".to_string()) && !out_of.contains(&"e1c1".to_string()));
        // b1 may be attacked on the queen side: only c1 and d1 matter.
        let b1 = moves("4k3/8/8/8/8/8/1r6/R3K2R w Q - 0 1");
        assert!(b1.contains(&"e1c1".to_string()));
    }

    /// `is_legal` (direct test for ordinary moves) against the generator, for every possible
    /// from/to pair and kind in positions full of pins, checks and e.p. chances.
    #[test]
    fn is_legal_agrees_with_generation() {
        use crate::board::{Move, MoveKind, Role, Square};
        let Some(text) = crate::reference::shared_text("suites/perftsuite.epd") else {
            return;
        };
        let mut positions: Vec<Position> = text
            .lines()
            .filter_map(|l| {
                let fen: Vec<&str> = l.split(';').next()?.split_whitespace().collect();
                parse_fen(&fen.join(" "))
                    .ok()?
                    .into_position(Validation::Lenient)
                    .ok()
            })
            .collect();
        // Children too, for positions in check.
        let children: Vec<Position> = positions
            .iter()
            .flat_map(|p| {
                p.legal_moves()
                    .iter()
                    .map(|&m| p.after(m))
                    .collect::<Vec<_>>()
            })
            .collect();
        positions.extend(children);
        assert!(positions.len() > 1500, "{}", positions.len());
        let kinds = [
            MoveKind::Normal,
            MoveKind::EnPassant,
            MoveKind::Castle,
            MoveKind::Promotion(Role::Queen),
        ];
        for p in &positions {
            let legal = p.legal_moves();
            for from in p.by_color(p.turn()) {
                for to in Square::all() {
                    for kind in kinds {
                        let m = Move::new(from, to, kind);
                        assert_eq!(p.is_legal(m), legal.contains(m), "{p:?} {m}");
                    }
                }
            }
        }
    }

    #[test]
    fn mutually_exclusive_castlings() {
        use crate::board::{CastlingExclusions, Validation, Wing};
        let mut setup =
            crate::board::fen::parse_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
        let mut exclusions = CastlingExclusions::NONE;
        exclusions.add(Wing::QueenSide, Wing::KingSide); // a1 and h8
        setup.castling_exclusions = exclusions;
        let pos = setup.into_position(Validation::Lenient).unwrap();
        let castle = |p: &Position, uci: &str| {
            *p.legal_moves()
                .iter()
                .find(|m| m.to_string() == uci)
                .unwrap()
        };
        use crate::board::Color;
        let after_long = pos.after(castle(&pos, "e1c1"));
        assert!(!after_long.castling().has(Color::Black, Wing::KingSide));
        assert!(after_long.castling().has(Color::Black, Wing::QueenSide));
        assert_eq!(after_long.key(), after_long.compute_key());
        let after_short = pos.after(castle(&pos, "e1g1"));
        assert!(after_short.castling().has(Color::Black, Wing::KingSide));
        assert!(after_short.castling().has(Color::Black, Wing::QueenSide));
    }

    #[test]
    fn double_check_allows_only_king_moves() {
        let p = pos("4k3/8/8/8/1bN5/8/8/4K2r w - - 0 1");
        assert_eq!(p.checkers().count(), 2);
        let list = p.legal_moves();
        assert!(!list.is_empty());
        assert!(list.iter().all(|m| m.from() == p.king(p.turn())));
    }

    #[test]
    fn early_exit_and_counting_agree_with_the_list() {
        for fen in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        ] {
            let p = pos(fen);
            let list = p.legal_moves();
            assert_eq!(p.count_legal_moves(), list.len() as u64, "{fen}");
            assert_eq!(p.has_legal_move(), !list.is_empty(), "{fen}");
            for m in &list {
                assert!(p.is_legal(*m));
            }
        }
    }
}
