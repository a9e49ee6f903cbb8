//! A second [`Rules`]: orthodox chess without castling, built only on the trait's defaults
//! (no bulk counting, no check generation, no flight filter). The generic searches run with it
//! and agree with a brute force over the orthodox generator that skips castling.

use super::*;
use crate::board::{Move, MoveKind, Position, Square, Validation};
use crate::kernel::SearchControl;
use crate::perft::perft;
use crate::solver::{mate_search, DirectMate, Prover, TranspositionTable};

#[derive(Clone, Copy, Debug)]
struct NoCastling(Position);

/// Passes on every move but castling.
struct SkipCastling<'s, S>(&'s mut S);

impl<S: Sink<Move>> Sink<Move> for SkipCastling<'_, S> {
    fn push(&mut self, m: Move) {
        if m.kind() != MoveKind::Castle {
            self.0.push(m);
        }
    }

    fn is_satisfied(&self) -> bool {
        self.0.is_satisfied()
    }
}

impl Rules for NoCastling {
    type Move = Move;
    type CheckInfo = ();
    type MateFilter = ();
    type QuietReplies = ();

    fn key(&self) -> u64 {
        self.0.key()
    }
    fn turn(&self) -> Color {
        self.0.turn()
    }
    fn generate<S: Sink<Move>>(&self, sink: &mut S) {
        Rules::generate(&self.0, &mut SkipCastling(sink));
    }
    fn play(&self, m: Move) -> Self {
        NoCastling(self.0.after(m))
    }
    fn pass(&self) -> Self {
        NoCastling(self.0.after_null())
    }
    fn is_check(&self) -> bool {
        self.0.is_check()
    }
    fn gives_check(&self, m: Move) -> bool {
        self.0.gives_check(m)
    }
    fn has_man_besides_king(&self, color: Color) -> bool {
        self.0.has_man_besides_king(color)
    }
    fn check_info(&self) {}
    fn gives_check_with(&self, _: &(), m: Move) -> bool {
        self.gives_check(m)
    }
    fn captured_value(&self, m: Move) -> Option<i32> {
        self.0.captured_role(m).map(|r| r.value())
    }
    fn is_major_promotion(&self, _: Move) -> bool {
        false
    }
    fn history_index(m: Move) -> usize {
        m.from().index() * 64 + m.to().index()
    }
    fn mate_filter(&self) {}
    fn king_move_count(&self) -> u32 {
        let king = self.0.king(self.0.turn());
        self.legal_moves()
            .iter()
            .filter(|m| Some(m.from()) == king)
            .count() as u32
    }
}

fn position(fen: &str) -> Position {
    Position::from_fen(fen, Validation::Lenient).expect("valid FEN")
}

/// The orthodox generator's moves without castling.
fn moves_without_castling(pos: &Position) -> Vec<Move> {
    let all = Position::legal_moves(pos);
    all.iter()
        .copied()
        .filter(|m| m.kind() != MoveKind::Castle)
        .collect()
}

fn brute_perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = moves_without_castling(pos);
    moves
        .iter()
        .map(|&m| brute_perft(&pos.after(m), depth - 1))
        .sum()
}

/// With the attacker to move: mate within `n` moves, castling never allowed.
fn brute_mates(pos: &Position, n: u32) -> bool {
    n > 0
        && moves_without_castling(pos)
            .iter()
            .any(|&m| brute_loses(&pos.after(m), n - 1))
}

/// With the defender to move: mated now, or mated within `n` more attacker moves whatever it
/// does (stalemate is no loss).
fn brute_loses(pos: &Position, n: u32) -> bool {
    let defences = moves_without_castling(pos);
    if defences.is_empty() {
        return pos.is_check();
    }
    n > 0 && defences.iter().all(|&d| brute_mates(&pos.after(d), n))
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// 0-0-0 mates (the rook checks from d1 along the first rank), as do the king's moves off the
/// first rank that uncover the rook on a1.
const CASTLING_MATES: &str = "8/8/8/8/8/4NN2/8/R3K2k w Q - 0 1";

#[test]
fn perft_without_castling_matches_a_filtered_brute_force() {
    let pos = position(KIWIPETE);
    for depth in 1..=3 {
        let counted = perft(&NoCastling(pos), depth);
        assert_eq!(counted, brute_perft(&pos, depth), "depth {depth}");
        assert!(
            counted < perft(&pos, depth),
            "depth {depth}: castling was counted"
        );
    }
}

#[test]
fn the_prover_runs_with_other_rules_and_agrees_with_brute_force() {
    let control = SearchControl::unlimited();
    for (fen, n) in [
        (CASTLING_MATES, 1),
        (CASTLING_MATES, 2),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", 2),
        ("4k3/8/4K3/8/8/8/8/R6R w - - 0 1", 2),
    ] {
        let pos = position(fen);
        let tt = TranspositionTable::<DirectMate, Move>::for_question(1, DirectMate);
        let mut prover = Prover::<NoCastling>::new(&tt, &control);
        let keys: Vec<Move> = moves_without_castling(&pos)
            .into_iter()
            .filter(|&m| prover.defender_loses(&NoCastling(pos.after(m)), n - 1))
            .collect();
        let brute: Vec<Move> = moves_without_castling(&pos)
            .into_iter()
            .filter(|&m| brute_loses(&pos.after(m), n - 1))
            .collect();
        assert_eq!(keys, brute, "{fen} #{n}");
    }
}

#[test]
fn the_mate_search_sees_the_rules_it_is_given() {
    let pos = position(CASTLING_MATES);
    let control = SearchControl::unlimited();
    let orthodox = mate_search(&pos, 1, &control, &TranspositionTable::new(1)).expect("mates");
    let tt = TranspositionTable::<DirectMate, Move>::for_question(1, DirectMate);
    let without = mate_search(&NoCastling(pos), 1, &control, &tt).expect("mates");
    let castle = Move::new(
        pos.king(Color::White).unwrap(),
        Square::new(2),
        MoveKind::Castle,
    );
    assert!(orthodox.keys.contains(&castle));
    assert!(!without.keys.contains(&castle));
    let mut expected = without.keys.clone();
    expected.push(castle);
    let mut found = orthodox.keys.clone();
    expected.sort_by_key(|m| m.to_u16());
    found.sort_by_key(|m| m.to_u16());
    assert_eq!(found, expected);
}
