//! The help and series search against a brute-force enumeration written on shakmaty 0.30.1:
//! on small random positions (kings and up to four more men) every line of `h#1`, `h#1.5`,
//! `h#2`, `h#2.5`, `h=1`, `h=2`, `ser-=2`, `ser-#2`, `ser-#3`, `ser-h#2` and `ser-s#2` that the plain
//! recursion below finds — every move, no table, no pruning — is found by
//! `mateproof::help::search_lines`, and nothing else. The rules the recursion spells out are
//! Popeye's: help lines of each length of the right parity, shortest first; in series play no
//! series move but the last may give check, and a `ser-s` series stops where its end is
//! reached (a `ser-=` or `ser-h` series goes on, as Popeye's do).
//! Under `NullMoves` either side of help play may also pass (`0000`), not twice in a row and
//! not in check.

use mateproof::board::{Position, Validation};
use mateproof::help::Plan;
use mateproof::problem::Stipulation;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};
use std::collections::BTreeSet;

use crate::common;
use crate::help_positions;
use common::Rng;
use help_positions::{after, chess_of, random_fen, random_fen_of, searched_lines, uci};

/// The goal suffered by the side to move.
fn reached(pos: &Chess, stalemate: bool) -> bool {
    if stalemate {
        pos.is_stalemate()
    } else {
        pos.is_checkmate()
    }
}

/// Brute force: every help line of exactly `left` half-moves.
fn help(
    pos: &Chess,
    left: u32,
    stalemate: bool,
    path: &mut Vec<String>,
    out: &mut BTreeSet<String>,
) {
    for m in pos.legal_moves() {
        let next = after(pos, &m);
        path.push(uci(&m));
        if left == 1 {
            if reached(&next, stalemate) {
                out.insert(path.join(" "));
            }
        } else {
            help(&next, left - 1, stalemate, path, out);
        }
        path.pop();
    }
}

/// Brute force under `NullMoves`: every help line of exactly `left` half-moves, where the
/// side to move may also pass unless it is in check or the last half-move was a pass.
fn help_passing(
    pos: &Chess,
    left: u32,
    stalemate: bool,
    passed: bool,
    path: &mut Vec<String>,
    out: &mut BTreeSet<String>,
) {
    let pass = (!passed && !pos.is_check())
        .then(|| pos.clone().swap_turn().ok())
        .flatten();
    let moves = pos.legal_moves();
    let children = pass
        .map(|next| ("0000".to_owned(), next, true))
        .into_iter()
        .chain(moves.iter().map(|m| (uci(m), after(pos, m), false)));
    for (text, next, is_pass) in children {
        path.push(text);
        if left == 1 {
            if reached(&next, stalemate) {
                out.insert(path.join(" "));
            }
        } else {
            help_passing(&next, left - 1, stalemate, is_pass, path, out);
        }
        path.pop();
    }
}

#[derive(Clone, Copy, PartialEq)]
enum SeriesEnd {
    Direct,
    Help,
    Forced,
}

/// The lines that end the series after its last move (`pos`: the other side to move).
fn series_end(pos: &Chess, end: SeriesEnd, stalemate: bool) -> Vec<Vec<String>> {
    match end {
        SeriesEnd::Direct => {
            if reached(pos, stalemate) {
                vec![vec![]]
            } else {
                vec![]
            }
        }
        SeriesEnd::Help => pos
            .legal_moves()
            .iter()
            .filter(|m| reached(&after(pos, m), stalemate))
            .map(|m| vec![uci(m)])
            .collect(),
        SeriesEnd::Forced => {
            let moves = pos.legal_moves();
            let all = !moves.is_empty() && moves.iter().all(|m| reached(&after(pos, m), stalemate));
            if all {
                moves.iter().map(|m| vec![uci(m)]).collect()
            } else {
                vec![]
            }
        }
    }
}

/// Brute force: every series line of exactly `left` series moves.
fn series(
    pos: &Chess,
    left: u32,
    end: SeriesEnd,
    stalemate: bool,
    path: &mut Vec<String>,
    out: &mut BTreeSet<String>,
) {
    for m in pos.legal_moves() {
        let next = after(pos, &m);
        path.push(uci(&m));
        if left == 1 {
            for tail in series_end(&next, end, stalemate) {
                let mut line = path.clone();
                line.extend(tail);
                out.insert(line.join(" "));
            }
        } else if !next.is_check()
            && (end != SeriesEnd::Forced || series_end(&next, end, stalemate).is_empty())
        {
            path.push("0000".to_owned());
            if let Ok(passed) = next.clone().swap_turn() {
                series(&passed, left - 1, end, stalemate, path, out);
            }
            path.pop();
        }
        path.pop();
    }
}

fn brute(fen: &str, stipulation: &str) -> BTreeSet<String> {
    let pos: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    let stip: Stipulation = stipulation.parse().unwrap();
    let plan = Plan::of(&stip).unwrap();
    let stalemate = stipulation.contains('=');
    let end = match stipulation {
        s if s.starts_with("ser-h") => SeriesEnd::Help,
        s if s.starts_with("ser-s") => SeriesEnd::Forced,
        _ => SeriesEnd::Direct,
    };
    let mut out = BTreeSet::new();
    for &length in &plan.lengths {
        if plan.series {
            series(&pos, length, end, stalemate, &mut Vec::new(), &mut out);
        } else {
            help(&pos, length, stalemate, &mut Vec::new(), &mut out);
        }
    }
    out
}

fn ours(fen: &str, stipulation: &str) -> BTreeSet<String> {
    ours_with(fen, stipulation, false)
}

/// The lines `search_lines` finds, passes written `0000`; `null_moves` for `NullMoves`.
fn ours_with(fen: &str, stipulation: &str, null_moves: bool) -> BTreeSet<String> {
    let pos = Position::from_fen(fen, Validation::Lenient).unwrap();
    let plan = Plan {
        null_moves,
        ..Plan::of(&stipulation.parse().unwrap()).unwrap()
    };
    searched_lines(&pos, &plan)
}

#[test]
fn help_and_series_lines_equal_a_brute_force_enumeration() {
    let kinds = [
        ("h#1", true, 4),
        ("h#1.5", false, 4),
        ("h#2", true, 3),
        ("h#2.5", false, 2),
        ("h=1", true, 5),
        ("h=2", true, 3),
        ("ser-=2", false, 4),
        ("ser-#2", false, 3),
        ("ser-#3", false, 2),
        ("ser-h#2", true, 3),
        ("ser-s#2", false, 3),
    ];
    // Random positions seldom hold a self-play series: Popeye's one example of ser-s#2
    // (REGRESSIONS 4.55-4.57 #16) must give lines, equal to the brute force's.
    let fixed = [("8/8/8/1p6/bPp5/kpP5/Np6/bK6 w - - 0 1", "ser-s#2")];
    for (fen, stipulation) in fixed {
        let expected = brute(fen, stipulation);
        assert!(!expected.is_empty(), "{stipulation} in {fen}");
        assert_eq!(ours(fen, stipulation), expected, "{stipulation} in {fen}");
    }
    let mut lines = 0;
    let positions = on_random_positions(0x5eed_1234_abcd_0001, &kinds, |fen, stipulation| {
        let expected = brute(fen, stipulation);
        assert_eq!(ours(fen, stipulation), expected, "{stipulation} in {fen}");
        lines += expected.len();
        !expected.is_empty()
    });
    println!("{positions} positions, {lines} lines, all equal");
}

/// `NullMoves`: on random positions every help line with passes that the brute force finds
/// is found, and nothing else, for mates and stalemates (where a pass may be the last move).
#[test]
fn help_lines_with_passes_equal_a_brute_force_enumeration() {
    let kinds = [
        ("h#1", true, 4),
        ("h#1.5", false, 4),
        ("h#2", true, 3),
        ("h=1", true, 5),
        ("h=1.5", false, 4),
        ("h=2", true, 3),
    ];
    let mut with_passes = 0;
    let positions = on_random_positions(0x9a55_0000_5eed_0002, &kinds, |fen, stipulation| {
        let plan = Plan::of(&stipulation.parse().unwrap()).unwrap();
        let stalemate = stipulation.contains('=');
        let mut expected = BTreeSet::new();
        for &length in &plan.lengths {
            let (pos, path) = (chess_of(fen), &mut Vec::new());
            help_passing(&pos, length, stalemate, false, path, &mut expected);
        }
        let passes = expected.iter().any(|line| line.contains("0000"));
        let found = ours_with(fen, stipulation, true);
        assert_eq!(found, expected, "{stipulation} with passes in {fen}");
        with_passes += usize::from(passes);
        passes
    });
    println!("{positions} positions, {with_passes} with lines that pass, all equal");
}

/// Runs `check` on random positions of each kind (stipulation, Black starts, most men besides
/// the kings less one): 40 positions a kind, more (up to 600) until three of them were
/// notable (`check`'s answer: lines found, passes in them); returns the positions checked.
/// A kind of self-play series needs none notable: random positions seldom hold one.
fn on_random_positions(
    seed: u64,
    kinds: &[(&str, bool, usize)],
    mut check: impl FnMut(&str, &str) -> bool,
) -> usize {
    let mut rng = Rng(seed);
    let mut positions = 0;
    for &(stipulation, black_starts, extra) in kinds {
        let (mut notable, mut tried) = (0, 0);
        while tried < 40 || (notable < 3 && tried < 600) {
            let men = 1 + rng.below(extra);
            let Some(fen) = random_fen(&mut rng, men, black_starts) else {
                continue;
            };
            tried += 1;
            notable += usize::from(check(&fen, stipulation));
        }
        positions += tried;
        let needed = if stipulation.starts_with("ser-s") {
            0
        } else {
            3
        };
        assert!(
            notable >= needed,
            "{stipulation}: only {notable} notable positions"
        );
    }
    positions
}

/// The stalemate hint (`Hints::stalemate_candidates`, which lets the search skip the last ply
/// of `h=`/`ser-=`) never leaves out a stalemating move: on random positions with many men,
/// every move that stalemates (shakmaty) is among the candidates.
#[test]
fn the_stalemate_hint_keeps_every_stalemating_move() {
    use mateproof::help::Hints;
    let mut rng = Rng(0x57a1_e3a7_0000_0001);
    let (mut stalemating, mut pruned, mut positions) = (0, 0, 0);
    while positions < 40_000 {
        let men = 2 + rng.below(7);
        let black_to_move = rng.below(2) == 0;
        let Some(fen) = random_fen(&mut rng, men, black_to_move) else {
            continue;
        };
        positions += 1;
        let chess = chess_of(&fen);
        let expected: BTreeSet<String> = chess
            .legal_moves()
            .iter()
            .filter(|m| after(&chess, m).is_stalemate())
            .map(uci)
            .collect();
        let pos = Position::from_fen(&fen, Validation::Lenient).unwrap();
        let Some(candidates) = pos.stalemate_candidates() else {
            stalemating += usize::from(!expected.is_empty());
            continue;
        };
        pruned += 1;
        let kept: BTreeSet<String> = candidates.iter().map(|m| m.to_string()).collect();
        assert!(
            expected.is_subset(&kept),
            "{fen}: {expected:?} not all in {kept:?}"
        );
        stalemating += usize::from(!expected.is_empty());
    }
    println!("{positions} positions, {pruned} with a hint, {stalemating} with a stalemate in one");
    assert!(
        pruned > 10_000 && stalemating > 100,
        "{pruned} hints, {stalemating} stalemates"
    );
}

/// The hint one move further back (`Hints::stalemate_preparations`, which lets `h=` skip the
/// last but one ply) never leaves out a move after which the other side can stalemate: on
/// random positions, every such move (shakmaty) is among the preparations.
#[test]
fn the_preparation_hint_keeps_every_move_that_allows_a_stalemate() {
    use mateproof::help::Hints;
    let mut rng = Rng(0x57a1_e3a7_0000_0002);
    let (mut allowing, mut narrowed, mut positions) = (0, 0, 0);
    while positions < 150_000 {
        // Black, to move and to be stalemated, has two or three pawns and perhaps a minor
        // piece (men that need landings); White has two or three pieces.
        let mut men = vec!['p', 'p'];
        for _ in 0..rng.below(2) {
            men.push(['p', 'n', 'b'][rng.below(3)]);
        }
        for _ in 0..2 + rng.below(2) {
            men.push(['Q', 'R', 'B', 'N', 'P'][rng.below(5)]);
        }
        let Some(fen) = random_fen_of(&mut rng, &men, true) else {
            continue;
        };
        // A cornered king is the one stalemates are made of.
        let board = Fen::from_ascii(fen.as_bytes()).unwrap().into_setup().board;
        let corners = shakmaty::Bitboard::CORNERS;
        if !board
            .king_of(shakmaty::Color::Black)
            .is_some_and(|k| corners.contains(k))
        {
            continue;
        }
        positions += 1;
        let pos = Position::from_fen(&fen, Validation::Lenient).unwrap();
        let Some(kept) = pos.stalemate_preparations() else {
            continue;
        };
        let (narrows, allows) = keeps_every_preparation(&fen, &kept, Chess::is_stalemate);
        narrowed += usize::from(narrows);
        allowing += usize::from(allows);
    }
    println!("{positions} positions, {narrowed} narrowed, {allowing} allowing a stalemate");
    assert!(
        narrowed > 30_000 && allowing > 100,
        "{narrowed} narrowed, {allowing} allowing"
    );
}

/// The mate preparation hint (`Hints::mate_preparations`, which lets `h#` skip moves of the
/// last but one ply and `ser-h#` moves of the series' last) never leaves out a move after
/// which the other side can mate at once: on random positions, every such move (shakmaty)
/// is among the preparations.
#[test]
fn the_mate_preparation_hint_keeps_every_move_that_allows_a_mate() {
    use mateproof::help::Hints;
    let mut rng = Rng(0x3a7e_0000_5eed_0003);
    let (mut allowing, mut narrowed, mut positions) = (0, 0, 0);
    while positions < 30_000 {
        let (men, black_to_move) = (2 + rng.below(9), rng.below(2) == 0);
        let Some(fen) = random_fen(&mut rng, men, black_to_move) else {
            continue;
        };
        positions += 1;
        let pos = Position::from_fen(&fen, Validation::Lenient).unwrap();
        let Some(kept) = pos.mate_preparations() else {
            continue;
        };
        let (narrows, allows) = keeps_every_preparation(&fen, &kept, Chess::is_checkmate);
        narrowed += usize::from(narrows);
        allowing += usize::from(allows);
    }
    println!("{positions} positions, {narrowed} narrowed, {allowing} allowing a mate");
    assert!(
        narrowed > 5_000 && allowing > 1_000,
        "{narrowed} narrowed, {allowing} allowing"
    );
}

/// Asserts that the preparations `kept` in `fen` hold every move after which the other side
/// reaches the goal (`reached`: the side then to move suffers it) at once (shakmaty); says
/// whether they are fewer than the legal moves, and whether some move allows the goal.
fn keeps_every_preparation(
    fen: &str,
    kept: &mateproof::board::MoveList,
    reached: impl Fn(&Chess) -> bool,
) -> (bool, bool) {
    let chess = chess_of(fen);
    let kept: BTreeSet<String> = kept.iter().map(|m| m.to_string()).collect();
    let expected: BTreeSet<String> = chess
        .legal_moves()
        .iter()
        .filter(|m| {
            let next = after(&chess, m);
            next.legal_moves().iter().any(|r| reached(&after(&next, r)))
        })
        .map(uci)
        .collect();
    assert!(
        expected.is_subset(&kept),
        "{fen}: {expected:?} not all in {kept:?}"
    );
    (kept.len() < chess.legal_moves().len(), !expected.is_empty())
}
