//! Battle play beyond `#N` through the library and the command line: the `s#1`, `r#1` and `=1`
//! key sets of small random positions (and of Popeye's selfmates in one with a man added or
//! taken off) equal a brute-force enumeration with shakmaty (an independent move generator), and
//! so do the keys of `exact-#2`, `exact-s#2`, `exact-r#2`, `exact-=2` and `exact-#3`, and of
//! `s#2` and `s=2` under Popeye's `Quodlibet` (the attacker may also reach the goal itself), and
//! of `s#2`/`s#3` under `NonTrivial` (module `nontrivial`); `mateproof
//! solve --stip` writes the tree as text and JSON (`exact-` too) and refuses what it cannot read
//! or solve; the suite runner checks a PGN `[Stipulation "s#2"]`.

mod common;
#[path = "solve_battle/nontrivial.rs"]
mod nontrivial;

use common::mateproof;
use mateproof::board::{Position, Validation};
use mateproof::kernel::SearchControl;
use mateproof::popeye::shown::PRESENTATION;
use mateproof::problem::{Problem, SolveOptions, Stipulation};
use mateproof::solver::solve;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position as _};
use std::collections::BTreeSet;

/// A small deterministic generator (xorshift64*), so a failure names a reproducible FEN.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n
    }
}

type Board = [Option<char>; 64];

/// Puts `piece` on a random empty square (a pawn not on the first or last rank).
fn place(board: &mut Board, rng: &mut Rng, piece: char) {
    loop {
        let sq = rng.below(64) as usize;
        let rank = sq / 8;
        let pawn = piece.eq_ignore_ascii_case(&'p');
        if board[sq].is_none() && !(pawn && (rank == 0 || rank == 7)) {
            board[sq] = Some(piece);
            return;
        }
    }
}

/// A random position, White to move: the Black king near a corner (where self- and
/// stalemates happen), up to four White and three Black men.
fn random_board(rng: &mut Rng) -> Board {
    let mut board = [None; 64];
    let corner = [0u64, 7, 56, 63][rng.below(4) as usize];
    let near = |rng: &mut Rng, c: u64| {
        if c == 0 {
            rng.below(3)
        } else {
            7 - rng.below(3)
        }
    };
    let bk = near(rng, corner / 8) * 8 + near(rng, corner % 8);
    board[bk as usize] = Some('k');
    place(&mut board, rng, 'K');
    for _ in 0..1 + rng.below(4) {
        let piece = ['Q', 'R', 'B', 'N', 'P', 'P'][rng.below(6) as usize];
        place(&mut board, rng, piece);
    }
    for _ in 0..rng.below(4) {
        let piece = ['q', 'r', 'b', 'n', 'p', 'p', 'p'][rng.below(7) as usize];
        place(&mut board, rng, piece);
    }
    board
}

/// Popeye's `TESTS/battle_play` selfmates in one (and one `s#1` try position): White Ka1,
/// Black Ka3 with pawns on a2 and b3.
const SELFMATE_SEEDS: [&str; 5] = [
    "8/8/8/8/7R/kp6/p7/K7",
    "8/8/8/8/8/kp5R/p7/K7",
    "8/8/8/2p5/8/kpR5/p7/K7",
    "8/8/8/2p5/2R5/kp5P/p7/K7",
    "8/8/8/8/2R1P3/kp1B4/8/K7",
];

/// One of the seeds, as it is or with one man added or taken off (kings stay).
fn seeded_board(rng: &mut Rng) -> Board {
    let seed = SELFMATE_SEEDS[rng.below(SELFMATE_SEEDS.len() as u64) as usize];
    let mut board = [None; 64];
    for (i, row) in seed.split('/').enumerate() {
        let mut file = 0;
        for c in row.chars() {
            match c.to_digit(10) {
                Some(n) => file += n as usize,
                None => {
                    board[(7 - i) * 8 + file] = Some(c);
                    file += 1;
                }
            }
        }
    }
    match rng.below(3) {
        0 => {}
        1 => {
            let piece = ['Q', 'R', 'B', 'N', 'P', 'q', 'r', 'b', 'n', 'p'][rng.below(10) as usize];
            place(&mut board, rng, piece);
        }
        _ => {
            let men: Vec<usize> = (0..64)
                .filter(|&sq| board[sq].is_some_and(|p: char| !p.eq_ignore_ascii_case(&'k')))
                .collect();
            if !men.is_empty() {
                board[men[rng.below(men.len() as u64) as usize]] = None;
            }
        }
    }
    board
}

fn fen_of(board: &Board) -> String {
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(p) => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(p);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen + " w - - 0 1"
}

/// `count` positions from the generator seeded `seed` (every third one from the selfmate
/// seeds), each as its FEN, Mateproof's position and shakmaty's; positions either side
/// refuses are skipped.
fn sample(seed: u64, count: usize) -> impl Iterator<Item = (String, Position, Chess)> {
    let mut rng = Rng(seed);
    let mut positions = 0;
    std::iter::from_fn(move || {
        while positions < count {
            let board = if positions % 3 == 2 {
                seeded_board(&mut rng)
            } else {
                random_board(&mut rng)
            };
            let fen = fen_of(&board);
            let Ok(ours) = Position::from_fen(&fen, Validation::Strict) else {
                continue;
            };
            let setup: Fen = fen.parse().expect("a well-formed FEN");
            let Ok(theirs) = setup.into_position::<Chess>(CastlingMode::Standard) else {
                continue;
            };
            positions += 1;
            return Some((fen, ours, theirs));
        }
        None
    })
}

fn uci(m: &shakmaty::Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

fn after(pos: &Chess, m: &shakmaty::Move) -> Chess {
    pos.clone().play(*m).expect("a legal move")
}

/// The keys by brute force: every White move and every Black reply, tested by shakmaty.
fn brute_force_keys(pos: &Chess, stipulation: &str) -> BTreeSet<String> {
    let white = pos.legal_moves();
    let mates = |p: &Chess| p.legal_moves().iter().any(|b| after(p, b).is_checkmate());
    let keep = |w: &shakmaty::Move| {
        let next = after(pos, w);
        match stipulation {
            "=1" => next.is_stalemate(),
            "s#1" => {
                let replies = next.legal_moves();
                !replies.is_empty() && replies.iter().all(|b| after(&next, b).is_checkmate())
            }
            // Reflex: White must mate if it can (then nothing is a key); Black must mate.
            "r#1" => !mates(pos) && mates(&next),
            _ => unreachable!("{stipulation}"),
        }
    };
    white.iter().filter(|w| keep(w)).map(uci).collect()
}

fn solver_keys(pos: Position, stipulation: &str) -> BTreeSet<String> {
    solver_keys_with(pos, stipulation, SolveOptions::default())
}

fn solver_keys_with(pos: Position, stipulation: &str, options: SolveOptions) -> BTreeSet<String> {
    let stip: Stipulation = stipulation.parse().expect("a stipulation");
    let mut problem = Problem::new(pos, stip);
    problem.options = options;
    let solution = solve(&problem, &SearchControl::unlimited(), PRESENTATION).expect("supported");
    assert!(solution.complete);
    solution.keys().map(|k| k.mv.to_string()).collect()
}

/// In self play the defender's checks go first at every depth: after a check the attacker has
/// only its evasions, so a refutation is shown against few moves. beispiel_ep_011 of Popeye's
/// collection (W. Hundsdorfer 1915, s#6, 16+6 men, Black's last move f7-f5) has the one key
/// 1.g5*f6 e.p.+, found in about 1.2 M nodes; with the killer refutation first the same search
/// took 521 M nodes. The node limit is ten times the present need: it stops the search, and
/// fails this test, if that order comes back.
#[test]
fn a_selfmate_search_tries_the_defenders_checks_first() {
    let fen = "KR2N3/4P1P1/6QB/3N1pPB/n6P/rP6/ppkPP2P/3R4 w - f6 0 1";
    let pos = Position::from_fen(fen, Validation::Lenient).expect("a legal position");
    let problem = Problem::new(pos, "s#6".parse().expect("a stipulation"));
    let control = SearchControl::unlimited().with_node_limit(12_000_000);
    let solution = solve(&problem, &control, PRESENTATION).expect("supported");
    assert!(
        solution.complete,
        "the s#6 was not solved within {} nodes",
        solution.stats.nodes
    );
    let keys: Vec<String> = solution.keys().map(|k| k.mv.to_string()).collect();
    assert_eq!(keys, ["g5f6"]);
}

#[test]
fn one_move_battle_keys_equal_a_brute_force_enumeration() {
    let mut with_keys = [0; 3];
    for (fen, ours, theirs) in sample(0x9e37_79b9_7f4a_7c15, 600) {
        for (i, stipulation) in ["s#1", "r#1", "=1"].into_iter().enumerate() {
            let expected = brute_force_keys(&theirs, stipulation);
            with_keys[i] += usize::from(!expected.is_empty());
            assert_eq!(
                solver_keys(ours, stipulation),
                expected,
                "{stipulation} {fen}"
            );
        }
    }
    println!(
        "positions with keys: s#1 {}, r#1 {}, =1 {}",
        with_keys[0], with_keys[1], with_keys[2]
    );
    // The sample must exercise each goal, not only positions without a solution.
    assert!(with_keys.iter().all(|&n| n >= 5), "{with_keys:?}");
}

/// `exact-` by brute force (Popeye 4.104's meaning, checked against Popeye on random positions
/// while it was written): the goal is reached with the last move and not before — an
/// attacker's move that reaches it early or leaves the defender no move is no continuation, a
/// defence that reaches it early (self play) or a defender forced to reach it early (reflex
/// play) refutes, and a shorter win does not count.
struct Exact<'s> {
    stipulation: &'s str,
}

impl Exact<'_> {
    /// The defender's move `b` from `pos` reaches the goal of self and reflex play (the
    /// attacker mated).
    fn defender_goal(pos: &Chess, b: &shakmaty::Move) -> bool {
        after(pos, b).is_checkmate()
    }

    /// The attacker to move reaches the goal in exactly `n` moves.
    fn attack(&self, pos: &Chess, n: u32) -> bool {
        let moves = pos.legal_moves();
        // Reflex: an attacker that can mate at once must, and the play fails.
        if self.stipulation.starts_with("exact-r")
            && moves.iter().any(|w| after(pos, w).is_checkmate())
        {
            return false;
        }
        moves.iter().any(|w| self.defend(&after(pos, w), n - 1))
    }

    /// With the defender to move, the attacker reaches the goal in exactly `n` more moves.
    fn defend(&self, pos: &Chess, n: u32) -> bool {
        let replies = pos.legal_moves();
        let kind = self.stipulation.trim_start_matches("exact-");
        if kind.starts_with('#') || kind.starts_with('=') {
            if n == 0 {
                return if kind.starts_with('#') {
                    pos.is_checkmate()
                } else {
                    pos.is_stalemate()
                };
            }
            return !replies.is_empty() && replies.iter().all(|b| self.attack(&after(pos, b), n));
        }
        if kind.starts_with("s#") {
            if n == 0 {
                return !replies.is_empty() && replies.iter().all(|b| Self::defender_goal(pos, b));
            }
            return !replies.is_empty()
                && replies
                    .iter()
                    .all(|b| !Self::defender_goal(pos, b) && self.attack(&after(pos, b), n));
        }
        // r#: a defender that can mate must; it is the end only with no moves left.
        if replies.iter().any(|b| Self::defender_goal(pos, b)) {
            return n == 0;
        }
        n > 0 && !replies.is_empty() && replies.iter().all(|b| self.attack(&after(pos, b), n))
    }

    fn keys(&self, pos: &Chess) -> BTreeSet<String> {
        let kind = self.stipulation.trim_start_matches("exact-");
        let n: u32 = kind
            .trim_start_matches(|c: char| !c.is_ascii_digit())
            .parse()
            .expect("N");
        if kind.starts_with('r')
            && pos
                .legal_moves()
                .iter()
                .any(|w| after(pos, w).is_checkmate())
        {
            return BTreeSet::new();
        }
        let white = pos.legal_moves();
        white
            .iter()
            .filter(|w| self.defend(&after(pos, w), n - 1))
            .map(uci)
            .collect()
    }
}

#[test]
fn exact_battle_keys_equal_a_brute_force_enumeration() {
    let stipulations = ["exact-#2", "exact-s#2", "exact-r#2", "exact-=2", "exact-#3"];
    let mut with_keys = [0; 5];
    for (n, (fen, ours, theirs)) in sample(0x2545_f491_4f6c_dd1d, 1500).enumerate() {
        for (i, stipulation) in stipulations.into_iter().enumerate() {
            // The three-mover is the costly brute force: one position in three.
            if stipulation == "exact-#3" && n % 3 != 2 {
                continue;
            }
            let expected = Exact { stipulation }.keys(&theirs);
            with_keys[i] += usize::from(!expected.is_empty());
            assert_eq!(
                solver_keys(ours, stipulation),
                expected,
                "{stipulation} {fen}"
            );
        }
    }
    println!("positions with keys: {stipulations:?} {with_keys:?}");
    assert!(with_keys.iter().all(|&n| n >= 5), "{with_keys:?}");
}

/// Self play under `Quodlibet` by brute force, "within n": the attacker wins when the
/// defender reaches the goal (mates or stalemates the attacker) as in self play, or when its
/// own move reaches the goal (mates or stalemates the defender) as in direct play.
struct Quodlibet {
    stalemate: bool,
}

impl Quodlibet {
    fn goal(&self, pos: &Chess) -> bool {
        if self.stalemate {
            pos.is_stalemate()
        } else {
            pos.is_checkmate()
        }
    }

    /// The attacker to move wins within `n` of its moves.
    fn attack(&self, pos: &Chess, n: u32) -> bool {
        n > 0
            && pos.legal_moves().iter().any(|w| {
                let next = after(pos, w);
                self.goal(&next) || self.defend(&next, n - 1)
            })
    }

    /// With the defender to move, the attacker wins within `n` more of its moves.
    fn defend(&self, pos: &Chess, n: u32) -> bool {
        let replies = pos.legal_moves();
        !replies.is_empty()
            && replies.iter().all(|b| {
                let next = after(pos, b);
                self.goal(&next) || self.attack(&next, n)
            })
    }

    fn keys(&self, pos: &Chess, n: u32) -> BTreeSet<String> {
        let white = pos.legal_moves();
        white
            .iter()
            .filter(|w| {
                let next = after(pos, w);
                self.goal(&next) || self.defend(&next, n - 1)
            })
            .map(uci)
            .collect()
    }
}

/// Popeye's `Quodlibet` in self play: the keys of `s#2` and `s=2` equal the brute force, and
/// the option makes a difference in the sample (keys that only a direct end gives).
#[test]
fn quodlibet_selfplay_keys_equal_a_brute_force_enumeration() {
    let options = SolveOptions {
        quodlibet: true,
        ..SolveOptions::default()
    };
    let mut with_keys = [0; 2];
    let mut widened = 0;
    for (fen, ours, theirs) in sample(0x0bad_5eed_1234_5678, 300) {
        for (i, stipulation) in ["s#2", "s=2"].into_iter().enumerate() {
            let expected = Quodlibet { stalemate: i == 1 }.keys(&theirs, 2);
            with_keys[i] += usize::from(!expected.is_empty());
            let plain = solver_keys(ours, stipulation);
            widened += usize::from(plain != expected);
            assert_eq!(
                solver_keys_with(ours, stipulation, options.clone()),
                expected,
                "{stipulation} Quodlibet {fen}"
            );
        }
    }
    println!(
        "positions with keys: s#2 {}, s=2 {}; changed by Quodlibet {widened}",
        with_keys[0], with_keys[1]
    );
    assert!(with_keys.iter().all(|&n| n >= 5), "{with_keys:?}");
    assert!(widened >= 5, "Quodlibet changed only {widened} key sets");
}

/// Popeye's TESTS/battle_play s#2: 1.Qd1 zugzwang, 1...b3 2.Qg4 2...b2#.
const SELFMATE: &str = "8/8/8/8/1p4Q1/k7/p7/K7 w - - 0 1";

#[test]
fn solve_takes_a_battle_stipulation_and_writes_its_tree() {
    let (code, text, _) = mateproof(&["solve", "--fen", SELFMATE, "--stip", "s#2"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.starts_with("s#2 ") && text.contains("1.Qd1! zugzwang.") && text.contains("2...b2#"),
        "{text}"
    );
    let (code, json, _) = mateproof(&["solve", "--fen", SELFMATE, "--stip", "s#2", "--json"]);
    assert_eq!(code, 0);
    assert!(json.contains(r#""stipulation":"s#2""#), "{json}");
    assert!(json.contains(r#""keys":["g4d1"]"#), "{json}");
    // The defender's forced mate is the leaf of the tree.
    assert!(
        json.contains(r#""continuations":[],"move":"b3b2""#),
        "{json}"
    );
}

#[test]
fn solve_refuses_a_stipulation_it_cannot_read_or_solve() {
    let (code, _, err) = mateproof(&["solve", "--fen", SELFMATE, "--stip", "s#x"]);
    assert_eq!(
        (code, err.trim()),
        (2, "error: cannot read stipulation 's#x'")
    );
    let (code, _, err) = mateproof(&["solve", "--fen", SELFMATE, "--stip", "#=2"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("stipulation #=2 is not supported yet"),
        "{err}"
    );
}

/// `exact-` is solved, no longer refused: the selfmate above has no `s#1`, so its `exact-s#2`
/// has the same key; Schwarzkopf's `exact-#2` (Problemkiste 1990, K+R against K in the corner)
/// has eleven keys and not the mate in one `1.Rd1#`.
#[test]
fn solve_takes_exact_battle_play() {
    let (code, text, _) = mateproof(&["solve", "--fen", SELFMATE, "--stip", "exact-s#2"]);
    assert_eq!(code, 0, "{text}");
    assert!(
        text.starts_with("exact-s#2 ") && text.contains("1.Qd1! zugzwang."),
        "{text}"
    );
    let corner = "8/8/8/8/3R4/1K6/8/k7 w - - 0 1";
    let (_, json, _) = mateproof(&["solve", "--fen", corner, "--stip", "exact-#2", "--json"]);
    for key in ["b3c2", "d4d2", "d4e4", "d4h4"] {
        assert!(json.contains(&format!("\"{key}\"")), "{key}: {json}");
    }
    assert!(
        !json.contains("\"d4d1\""),
        "the mate in one is no key: {json}"
    );
}

#[test]
fn the_suite_checks_a_pgn_selfmate_key() {
    let path = std::env::temp_dir().join(format!("mateproof-s2-{}.pgn", std::process::id()));
    let game = |event: &str, key: &str| {
        format!("[Event \"{event}\"]\n[SetUp \"1\"]\n[FEN \"{SELFMATE}\"]\n[Stipulation \"s#2\"]\n\n1. {key} *\n\n")
    };
    std::fs::write(&path, game("right", "Qd1") + &game("wrong", "Qd4")).expect("temp file");
    let file = path.to_string_lossy().into_owned();
    let (code, out, _) = mateproof(&["suite", "-q", "-v", "--threads", "1", &file]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("solved ") && out.contains("\"right\""),
        "{out}"
    );
    assert!(
        out.contains("wrong ") && out.contains("listed but not a key: Qd4"),
        "{out}"
    );
}
