//! `classify` against a brute force written here on shakmaty 0.30.1, on seeded random
//! positions of 3 to 7 men within at most 5 plies: every one of the six verdicts, the forced
//! win's keys, and each witness line replayed by shakmaty (legal, of the stated length, ending
//! first at its end, in the aim). The helpmate and series presets are compared with the same
//! brute force. The implications of the theory digest's §1.17 are property tests over the same
//! kind of positions, each side asked by its own search (no shortcut of `classify`).
//!
//! The brute force shares no code with Mateproof: shakmaty's move generator and end tests, a
//! dead-position test written from issue 13's definition, plain recursion over every line with
//! a memo of (position, plies left). `MATEPROOF_SEED=<n>` reruns with another base seed.

use mateproof::board::{Color, Move, Position, Validation};
use mateproof::classify::{
    classify, Aim, Classification, DrawRules, LineQuestion, LineSearch, LineTable, OpponentPlay,
    Quantifier,
};
use mateproof::kernel::SearchControl;
use proptest::prelude::*;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};
use std::collections::{BTreeSet, HashMap};

/// Random positions compared with the brute force.
const POSITIONS: usize = 300;

use crate::classify_positions;
use crate::common;
use classify_positions::{chess, end_of, end_with, random_fen, End};
use common::Rng;

fn base_seed() -> u64 {
    std::env::var("MATEPROOF_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0x5eed_c1a5)
}

/// The memo's keys are Zobrist hashes already: no need to hash them again.
#[derive(Default)]
struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = self.0.rotate_left(5) ^ n;
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
}

type Memo = HashMap<(u64, u32), bool, std::hash::BuildHasherDefault<KeyHasher>>;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    XMates,
    XMated,
    Draw,
    AnyEnd,
}

fn reached(kind: Kind, end: End, x: shakmaty::Color) -> bool {
    match (kind, end) {
        (Kind::AnyEnd, _) => true,
        (Kind::XMates, End::Mate(mated)) => mated != x,
        (Kind::XMated, End::Mate(mated)) => mated == x,
        (Kind::Draw, End::Stalemate(_) | End::Dead) => true,
        _ => false,
    }
}

/// How a side's turns are played in the brute force: some move, every move, or a pass.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Turn {
    Some,
    Every,
    Pass,
}

/// The brute force for one question: x, how each side plays, the aim.
struct Brute {
    x: shakmaty::Color,
    x_turn: Turn,
    other_turn: Turn,
    kind: Kind,
    memo: Memo,
}

impl Brute {
    fn new(x: shakmaty::Color, x_turn: Turn, other_turn: Turn, kind: Kind) -> Brute {
        Brute {
            x,
            x_turn,
            other_turn,
            kind,
            memo: Memo::default(),
        }
    }

    fn holds(&mut self, pos: &Chess, plies: u32) -> bool {
        let moves = pos.legal_moves();
        if let Some(end) = end_with(pos, &moves) {
            return reached(self.kind, end, self.x);
        }
        if plies == 0 {
            return false;
        }
        let key = (pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0, plies);
        if let Some(&known) = self.memo.get(&key) {
            return known;
        }
        let turn = if pos.turn() == self.x {
            self.x_turn
        } else {
            self.other_turn
        };
        let mut after = |m: &shakmaty::Move| {
            let mut next = pos.clone();
            next.play_unchecked(*m);
            self.holds(&next, plies - 1)
        };
        let answer = match turn {
            // swap_turn refuses a side in check: no pass out of check.
            Turn::Pass => match pos.clone().swap_turn() {
                Ok(passed) => self.holds(&passed, plies),
                Err(_) => false,
            },
            Turn::Some => moves.iter().any(&mut after),
            Turn::Every => moves.iter().all(&mut after),
        };
        self.memo.insert(key, answer);
        answer
    }

    fn shortest(&mut self, pos: &Chess, max: u32) -> Option<u32> {
        (0..=max).find(|&p| self.holds(pos, p))
    }

    /// The first moves (UCI) after which the question holds within `plies` − 1.
    fn keys(&mut self, pos: &Chess, plies: u32) -> BTreeSet<String> {
        pos.legal_moves()
            .iter()
            .filter(|m| self.holds(&pos.clone().play(**m).expect("legal"), plies - 1))
            .map(|m| m.to_uci(CastlingMode::Standard).to_string())
            .collect()
    }
}

fn uci_set(moves: &[Move]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// Replays `line` (UCI, `0000` a pass) from `fen` in shakmaty: every move legal, no end before
/// the last position, and the end there reached for `kind`.
fn check_witness(fen: &str, line: &[Move], plies: u32, kind: Kind, what: &str) {
    let mut pos = chess(fen);
    let x = pos.turn();
    let mut played = 0;
    for m in line {
        assert!(
            end_of(&pos).is_none(),
            "{fen}: {what} line {line:?} goes past an end"
        );
        pos = if m.is_null() {
            pos.swap_turn().expect("a legal pass")
        } else {
            played += 1;
            let uci: shakmaty::uci::UciMove = m.to_string().parse().expect("UCI");
            let theirs = uci.to_move(&pos).expect("a legal move");
            pos.play(theirs).expect("legal")
        };
    }
    assert_eq!(played, plies, "{fen}: {what} line {line:?}");
    let end = end_of(&pos);
    assert!(
        end.is_some_and(|e| reached(kind, e, x)),
        "{fen}: {what} line {line:?} ends in {end:?}"
    );
}

/// The six verdicts by brute force, compared with `classify`'s, which it returns.
fn compare(fen: &str, plies: u32) -> Classification<Move> {
    let ours: Classification<Move> = classify(
        &Position::from_fen(fen, Validation::Strict).expect("FEN"),
        plies,
        1,
        &SearchControl::unlimited(),
    )
    .expect("unlimited");
    let pos = chess(fen);
    let x = pos.turn();
    let help = |kind| Brute::new(x, Turn::Some, Turn::Some, kind).shortest(&pos, plies);
    for (what, kind, found) in [
        ("help_win", Kind::XMates, &ours.help_win),
        ("help_loss", Kind::XMated, &ours.help_loss),
        ("help_draw", Kind::Draw, &ours.help_draw),
    ] {
        assert_eq!(
            found.as_ref().map(|w| w.plies),
            help(kind),
            "{fen} within {plies}: {what}"
        );
        if let Some(w) = found {
            check_witness(fen, &w.line, w.plies, kind, what);
        }
    }
    assert_eq!(
        ours.hang,
        help(Kind::AnyEnd).is_none(),
        "{fen} within {plies}: hang"
    );
    let over = end_of(&pos).is_some();
    let mut forced = Brute::new(x, Turn::Some, Turn::Every, Kind::XMates);
    let win = forced.shortest(&pos, plies).filter(|_| !over);
    assert_eq!(
        ours.forced_win.as_ref().map(|w| 2 * w.moves - 1),
        win,
        "{fen} within {plies}: forced_win"
    );
    if let (Some(w), Some(p)) = (&ours.forced_win, win) {
        assert_eq!(
            uci_set(&w.keys),
            forced.keys(&pos, p),
            "{fen}: forced_win keys"
        );
        check_witness(fen, &w.line, p, Kind::XMates, "forced_win");
    }
    let loss = Brute::new(x, Turn::Every, Turn::Some, Kind::XMated)
        .shortest(&pos, plies)
        .filter(|_| !over);
    assert_eq!(
        ours.forced_loss.as_ref().map(|l| 2 * l.moves),
        loss,
        "{fen} within {plies}: forced_loss"
    );
    if let (Some(l), Some(p)) = (&ours.forced_loss, loss) {
        check_witness(fen, &l.line, p, Kind::XMated, "forced_loss");
    }
    ours
}

/// The seeded random positions with their bounds: N from 1 to 5.
fn cases(count: usize, seed: u64) -> Vec<(String, u32)> {
    let mut rng = Rng(seed.max(1));
    let mut found = Vec::with_capacity(count);
    while found.len() < count {
        if let Some(fen) = random_fen(&mut rng, 5) {
            found.push((fen, 1 + rng.below(5) as u32));
        }
    }
    found
}

#[test]
fn the_six_verdicts_agree_with_a_brute_force_on_random_positions() {
    // Positions by kind: not over, a help win, a help draw, a hang (after the comparison,
    // ours equals the brute force's).
    let mut seen = [0usize; 4];
    for (fen, plies) in cases(POSITIONS, base_seed()) {
        let ours = compare(&fen, plies);
        seen[0] += usize::from(ours.over.is_none());
        seen[1] += usize::from(ours.help_win.is_some());
        seen[2] += usize::from(ours.help_draw.is_some());
        seen[3] += usize::from(ours.hang);
    }
    // The sample must exercise every verdict, not only hangs.
    assert!(
        seen.iter().all(|&n| n >= 10),
        "positions by kind (open, win, draw, hang): {seen:?}"
    );
}

/// One question asked of `fen` within `plies` by its own search.
fn asks(question: LineQuestion, fen: &str, plies: u32) -> bool {
    let control = SearchControl::unlimited();
    let mut table = LineTable::for_question(1, question);
    LineSearch::new(&mut table, &control)
        .holds(
            &Position::from_fen(fen, Validation::Strict).expect("FEN"),
            plies,
        )
        .expect("unlimited")
}

#[test]
fn the_helpmate_and_series_presets_agree_with_the_brute_force() {
    let mut solved = 0;
    for (fen, _) in cases(120, base_seed() ^ 0x4e1f) {
        let pos = chess(&fen);
        let x = pos.turn();
        let ours = Position::from_fen(&fen, Validation::Strict).expect("FEN");
        let x_ours = if x == shakmaty::Color::White {
            Color::White
        } else {
            Color::Black
        };
        // h#1 and h#2: x (the side to move) is mated within 2 and 4 plies; the first moves
        // of the solutions agree too.
        for plies in [2, 4] {
            let mut brute = Brute::new(x, Turn::Some, Turn::Some, Kind::XMated);
            let control = SearchControl::unlimited();
            let mut table = LineTable::for_question(1, LineQuestion::help_mate(x_ours));
            let mut search = LineSearch::new(&mut table, &control);
            let holds = search.holds(&ours, plies).expect("unlimited");
            assert_eq!(holds, brute.holds(&pos, plies), "{fen}: h# within {plies}");
            if holds && end_of(&pos).is_none() {
                let firsts = search.successful_moves(&ours, plies).expect("unlimited");
                assert_eq!(
                    uci_set(&firsts),
                    brute.keys(&pos, plies),
                    "{fen}: h# firsts"
                );
                solved += 1;
            }
        }
        // ser-#3: x plays three moves in a row, no check before the mate.
        let series = asks(LineQuestion::series_mate(x_ours), &fen, 3);
        let brute = Brute::new(x, Turn::Some, Turn::Pass, Kind::XMates).holds(&pos, 3);
        assert_eq!(series, brute, "{fen}: ser-#3");
    }
    assert!(solved >= 5, "only {solved} helpmates in the sample");
}

/// Every quantifier pair, for the implications.
fn question(x: Color, x_plays: Quantifier, other: Quantifier, aim: Aim) -> LineQuestion {
    LineQuestion {
        x,
        x_plays,
        opponent_plays: OpponentPlay::Moves(other),
        aim,
        draws: DrawRules::Problem,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// §1.17: forced win ⇒ help win; every line wins ⇒ forced win; forced loss ⇒ help loss;
    /// hang ⇒ no help win, help loss or help draw.
    #[test]
    fn the_implications_of_section_1_17(seed in 1u64.., plies in 1u32..=5) {
        let (fen, _) = cases(1, seed).remove(0);
        let x = Position::from_fen(&fen, Validation::Strict).expect("FEN").turn();
        let (e, a) = (Quantifier::Exists, Quantifier::ForAll);
        let help_win = asks(LineQuestion::help_win(x), &fen, plies);
        let forced_win = asks(question(x, e, a, Aim::X_MATES), &fen, plies);
        let every_line_wins = asks(question(x, a, a, Aim::X_MATES), &fen, plies);
        prop_assert!(!forced_win || help_win, "{fen} within {plies}: forced win, no help win");
        prop_assert!(!every_line_wins || forced_win, "{fen} within {plies}: ∀∀ win, no forced win");
        let forced_loss = asks(LineQuestion::forced_loss(x), &fen, plies);
        let help_loss = asks(LineQuestion::help_mate(x), &fen, plies);
        prop_assert!(!forced_loss || help_loss, "{fen} within {plies}: forced loss, no help loss");
        let hang = !asks(LineQuestion::any_end(x), &fen, plies);
        let help_draw = asks(LineQuestion::help_draw(x), &fen, plies);
        prop_assert!(!hang || !(help_win || help_loss || help_draw), "{fen} within {plies}: hang");
        // And the converse that makes hang the union of the three: some end ⇒ one of them.
        prop_assert!(hang || help_win || help_loss || help_draw, "{fen} within {plies}: an end");
    }
}
