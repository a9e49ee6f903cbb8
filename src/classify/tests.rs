use super::*;
use crate::board::{Position, Validation};
use crate::kernel::SearchControl;
use crate::notation::to_san;
use crate::rules::Rules;

fn pos(fen: &str) -> Position {
    Position::from_fen(fen, Validation::Strict).expect("test FEN")
}

fn shortest(question: LineQuestion, fen: &str, max: u32) -> Option<u32> {
    let control = SearchControl::unlimited();
    let mut table = LineTable::for_question(1, question);
    LineSearch::new(&mut table, &control)
        .shortest(&pos(fen), max)
        .expect("unlimited")
}

/// The SAN of a line played from `fen`.
fn san_line(fen: &str, line: &[crate::board::Move]) -> Vec<String> {
    let mut p = pos(fen);
    line.iter()
        .map(|&m| {
            let san = to_san(&p, m);
            p = if m.is_null() { p.pass() } else { p.play(m) };
            san
        })
        .collect()
}

#[test]
fn goals_are_read_from_x() {
    let mated_black = LineEnd::Mate {
        mated: Color::Black,
    };
    assert!(Aim::X_MATES.is_reached(mated_black, Color::White));
    assert!(!Aim::X_MATES.is_reached(mated_black, Color::Black));
    assert!(Aim::X_MATED.is_reached(mated_black, Color::Black));
    assert!(!Aim::DRAW.is_reached(mated_black, Color::White));
    assert!(Aim::ANY_END.is_reached(mated_black, Color::White));
    let stalemated_white = LineEnd::Stalemate {
        stalemated: Color::White,
    };
    assert!(Aim::X_STALEMATED.is_reached(stalemated_white, Color::White));
    assert!(Aim::OPPONENT_STALEMATED.is_reached(stalemated_white, Color::Black));
    assert!(Aim::STALEMATE.is_reached(stalemated_white, Color::Black));
    assert!(Aim::DEAD.is_reached(LineEnd::Dead, Color::Black));
    assert!(!Aim::STALEMATE.is_reached(LineEnd::Dead, Color::Black));
    assert!(Aim::STALEMATE.within(Aim::DRAW) && !Aim::DRAW.within(Aim::STALEMATE));
}

#[test]
fn the_table_keeps_both_bounds_of_its_one_question() {
    let question = LineQuestion::help_win(Color::White);
    let mut table = LineTable::<Position>::for_question(1, question);
    assert_eq!(table.question(), question);
    assert_eq!(table.probe(42, 3), None);
    table.store(42, 3, false);
    table.store(42, 7, true);
    assert_eq!(table.probe(42, 1), Some(false));
    assert_eq!(table.probe(42, 3), Some(false));
    assert_eq!(table.probe(42, 5), None);
    assert_eq!(table.probe(42, 9), Some(true));
    table.store(42, 5, true);
    assert_eq!(table.probe(42, 5), Some(true));
    // Another key in the same slot replaces the entry.
    let other = 42 + (table.mask as u64 + 1);
    table.store(other, 2, true);
    assert_eq!(table.probe(42, 9), None);
    assert_eq!(table.probe(other, 2), Some(true));
}

#[test]
fn a_line_ends_at_the_first_mate_stalemate_or_dead_position() {
    // 1...Kxb2 leaves bare kings: a dead position after one ply.
    let fen = "8/8/8/8/8/2k5/1R6/7K b - - 0 1";
    assert_eq!(
        shortest(LineQuestion::help_draw(Color::Black), fen, 3),
        Some(1)
    );
    assert_eq!(
        LineEnd::of(&pos("8/8/8/8/8/8/2k5/K7 w - - 0 1")),
        Some(LineEnd::Dead)
    );
    assert_eq!(
        LineEnd::of(&pos("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1")),
        Some(LineEnd::Stalemate {
            stalemated: Color::Black
        })
    );
}

#[test]
fn series_play_lets_the_opponent_pass_and_forbids_early_checks() {
    // ser-#2: 1.Kb6 2.Rh8#. Within one ply nothing mates, and 1.Rh8+ cannot start a series:
    // Black would pass in check.
    let fen = "k7/8/2K5/8/8/8/8/7R w - - 0 1";
    let question = LineQuestion::series_mate(Color::White);
    assert_eq!(shortest(question, fen, 1), None);
    assert_eq!(shortest(question, fen, 2), Some(2));
    let control = SearchControl::unlimited();
    let mut table = LineTable::for_question(1, question);
    let mut search = LineSearch::new(&mut table, &control);
    let line = search.witness(&pos(fen), 2).expect("unlimited");
    assert_eq!(
        line.len(),
        3,
        "move, pass, mate: {:?}",
        san_line(fen, &line)
    );
    assert!(line[1].is_null());
}

#[test]
fn material_and_mobility_bounds() {
    // 22 pawns, rooks and queens; four knights and four bishops come down to one minor (7)
    // or, knights gone, to one colour of bishops (4 + 2).
    // (28 to go, but each of 16 pawns might promote with a capture: 14 plies at least.)
    assert_eq!(Position::startpos().plies_to_dead(), 14);
    // exf1=B takes the rook and the pawn in one ply: the two light bishops are dead.
    let capture_promotion = "5K2/8/8/8/3k4/3b4/4p3/5R2 b - - 0 1";
    assert_eq!(pos(capture_promotion).plies_to_dead(), 1);
    let draw = LineQuestion::help_draw(Color::Black);
    assert_eq!(shortest(draw, capture_promotion, 1), Some(1));
    assert_eq!(pos("8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1").plies_to_dead(), 1);
    assert_eq!(pos("8/8/4k3/8/b7/3K4/8/5B1B w - - 0 1").plies_to_dead(), 0);
    assert_eq!(pos("8/8/4kb2/8/8/3K4/8/5B2 w - - 0 1").plies_to_dead(), 1);
    // Black's mobile units: the rook and the three pawns that can push (the king is none).
    let rook_ending = pos("8/p4pk1/6p1/8/3R4/6P1/r4PKP/8 w - - 0 1");
    assert_eq!(rook_ending.mobile_units().count, 4);
    // A pawn that can only capture is no unit: b3xa2 is Black's only pawn move here.
    assert_eq!(
        pos("7k/8/8/8/8/1p6/RP6/K7 w - - 0 1").mobile_units().count,
        0
    );
}

/// The line table is a ceiling: it starts at 64 KB whatever the size asked, doubles when half
/// of its slots in use hold an entry, keeps the entries it moves, and stops at the size asked.
#[test]
fn the_line_table_grows_from_64_kb_up_to_its_ceiling() {
    // splitmix64: well-mixed keys, as Zobrist keys are.
    let mixed = |i: u64| {
        let mut z = i.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let question = LineQuestion::help_win(Color::White);
    let mut table = LineTable::<Position>::for_question(4096, question);
    assert_eq!(table.bytes_in_use(), 64 << 10);
    let count = 3 * 4096;
    for i in 0..count {
        table.store(mixed(i), (i % 100 + 2) as u32, true);
    }
    // Grown at 2049 and 4097 slots held (stores into a held slot replace it): 16384 slots.
    assert_eq!(table.bytes_in_use(), 256 << 10);
    let mut found = 0;
    for i in 0..count {
        let plies = (i % 100 + 2) as u32;
        if let Some(answer) = table.probe(mixed(i), plies) {
            assert!(answer, "entry {i}");
            assert_eq!(table.probe(mixed(i), plies - 1), None, "entry {i}");
            found += 1;
        }
    }
    // Replace-always in one-slot buckets, growing at half full: most entries stay (64 % of
    // these keys; had growing dropped the entries it moves, a third).
    assert!(found * 100 >= count * 55, "{found} of {count} kept");
    // At a ceiling of 1 MB (65536 slots) it stops growing.
    let mut small = LineTable::<Position>::for_question(1, question);
    for i in 0..200_000 {
        small.store(mixed(i), 3, false);
    }
    assert_eq!(small.bytes_in_use(), 1 << 20);
    assert_eq!(small.probe(mixed(199_999), 2), Some(false));
}
