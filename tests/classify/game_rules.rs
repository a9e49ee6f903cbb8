//! `classify` under the game's draw rules (`--rules game`): hand-made cases of a repeated
//! position and of the 50-move rule (a mate on the hundredth halfmove still counts as mate),
//! the command line's `--rules game`, and a path-aware brute force on shakmaty (no memo:
//! every line searched with the positions before it) on seeded random positions of 3 and 4
//! men with halfmove clocks near 100, within 4 plies: all six verdicts.

use mateproof::board::{Position, Validation};
use mateproof::classify::{classify_under, Classification, DrawRules, LineEnd};
use mateproof::kernel::SearchControl;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{Chess, Color, EnPassantMode, Position as _};
use std::process::Command;

use crate::classify_positions;
use crate::common;
use classify_positions::{chess, end_of, random_fen, End};
use common::Rng;

/// Kings and blocked pawns: no capture, mate, stalemate or dead position within 4 plies.
const BLOCKED: &str = "8/8/3k4/1p1p4/1P1P4/3K4/8/8 w - - 0 1";

fn game(fen: &str, plies: u32) -> Classification<mateproof::board::Move> {
    let pos = Position::from_fen(fen, Validation::Strict).expect("FEN");
    classify_under(DrawRules::Game, &pos, plies, 1, &SearchControl::unlimited()).expect("unlimited")
}

fn problem(fen: &str, plies: u32) -> Classification<mateproof::board::Move> {
    let pos = Position::from_fen(fen, Validation::Strict).expect("FEN");
    mateproof::classify::classify(&pos, plies, 1, &SearchControl::unlimited()).expect("unlimited")
}

#[test]
fn a_repeated_position_ends_a_line_drawn() {
    let hang = problem(BLOCKED, 4);
    assert!(hang.hang && hang.help_draw.is_none(), "{hang:?}");
    let c = game(BLOCKED, 4);
    let draw = c.help_draw.as_ref().expect("a repetition within 4 plies");
    assert_eq!(draw.plies, 4, "two moves out, two back");
    assert!(!c.hang);
    // Three plies cannot bring a position back.
    assert!(game(BLOCKED, 3).hang);
}

#[test]
fn the_fifty_move_rule_ends_a_line_drawn_but_mate_comes_first() {
    let clock = |n: u32| BLOCKED.replace(" 0 1", &format!(" {n} 1"));
    assert_eq!(game(&clock(99), 4).help_draw.map(|w| w.plies), Some(1));
    assert_eq!(game(&clock(98), 4).help_draw.map(|w| w.plies), Some(2));
    assert_eq!(game(&clock(100), 4).over, Some(LineEnd::FiftyMoves));
    // The hundredth halfmove mates: a mate, and a forced one.
    let c = game("7k/8/6K1/8/8/8/8/R7 w - - 99 1", 3);
    assert_eq!(c.help_win.map(|w| w.plies), Some(1));
    assert_eq!(c.forced_win.map(|w| w.moves), Some(1));
    assert_eq!(
        c.help_draw.map(|w| w.plies),
        Some(1),
        "any other move draws"
    );
    // Mate in 2 (1.Kg6 or 1.Kf7), but at halfmove 98 Black's reply is the hundredth.
    let mate_in_2 = |clock: u32| format!("7k/8/5K2/8/8/8/8/1R6 w - - {clock} 1");
    assert_eq!(game(&mate_in_2(0), 3).forced_win.map(|w| w.moves), Some(2));
    assert_eq!(
        problem(&mate_in_2(98), 3).forced_win.map(|w| w.moves),
        Some(2)
    );
    let late = game(&mate_in_2(98), 3);
    assert_eq!((late.forced_win, late.help_win), (None, None));
    assert_eq!(late.help_draw.map(|w| w.plies), Some(2));
}

#[test]
fn the_command_line_takes_rules_game() {
    let run = |rules: &str| {
        let out = Command::new(env!("CARGO_BIN_EXE_mateproof"))
            .args(["classify", "--fen", BLOCKED, "--plies", "4", "--json"])
            .args(["--rules", rules])
            .output()
            .expect("run mateproof");
        assert!(out.status.success(), "{out:?}");
        serde_json::from_slice::<serde_json::Value>(&out.stdout).expect("JSON")
    };
    assert_eq!(run("problem")["help_draw"], serde_json::Value::Null);
    assert_eq!(run("game")["help_draw"], 4);
    let text = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args([
            "classify", "--fen", BLOCKED, "--plies", "4", "--rules", "game",
        ])
        .output()
        .expect("run mateproof");
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("a repeated position"), "{text}");
    let bad = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args([
            "classify", "--fen", BLOCKED, "--plies", "4", "--rules", "fide",
        ])
        .output()
        .expect("run mateproof");
    assert_eq!(bad.status.code(), Some(2));
}

/// How the brute force's lines end under the game's rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum GameEnd {
    Board(End),
    Drawn,
}

/// The end at `pos` after the positions `earlier` (Zobrist keys) of the line.
fn game_end(pos: &Chess, earlier: &[u64]) -> Option<GameEnd> {
    if let Some(end) = end_of(pos) {
        return Some(GameEnd::Board(end));
    }
    let key = pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal);
    (pos.halfmoves() >= 100 || earlier.contains(&key.0)).then_some(GameEnd::Drawn)
}

/// Does some (∃) or every (∀) line of at most `plies` from `pos` end in `goal`?
struct Brute {
    x: Color,
    x_every: bool,
    other_every: bool,
    goal: fn(GameEnd, Color) -> bool,
}

impl Brute {
    fn holds(&self, pos: &Chess, line: &mut Vec<u64>, plies: u32) -> bool {
        if let Some(end) = game_end(pos, line) {
            return (self.goal)(end, self.x);
        }
        if plies == 0 {
            return false;
        }
        let every = if pos.turn() == self.x {
            self.x_every
        } else {
            self.other_every
        };
        let key = pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal);
        line.push(key.0);
        let mut children = pos.legal_moves().into_iter().map(|m| {
            let mut child = pos.clone();
            child.play_unchecked(m);
            self.holds(&child, line, plies - 1)
        });
        let answer = if every {
            children.all(|held| held)
        } else {
            children.any(|held| held)
        };
        line.pop();
        answer
    }

    /// The fewest plies among `candidates` within which it holds.
    fn shortest(&self, pos: &Chess, candidates: impl Iterator<Item = u32>) -> Option<u32> {
        candidates
            .into_iter()
            .find(|&p| self.holds(pos, &mut Vec::new(), p))
    }
}

fn mates(end: GameEnd, x: Color) -> bool {
    matches!(end, GameEnd::Board(End::Mate(mated)) if mated != x)
}

fn mated(end: GameEnd, x: Color) -> bool {
    matches!(end, GameEnd::Board(End::Mate(mated)) if mated == x)
}

fn draws(end: GameEnd, _: Color) -> bool {
    matches!(
        end,
        GameEnd::Drawn | GameEnd::Board(End::Stalemate(_) | End::Dead)
    )
}

#[test]
fn the_six_verdicts_agree_with_a_path_aware_brute_force() {
    const PLIES: u32 = 4;
    let (mut rng, seed) = Rng::from_env(0x6a3e_d4a5);
    let (mut compared, mut drawn_by_rule) = (0, 0);
    while compared < 40 {
        let Some(fen) = random_fen(&mut rng, 2) else {
            continue;
        };
        let clock = [0, 96, 97, 98, 99][rng.below(5)];
        let fen = fen.replace(" 0 1", &format!(" {clock} 1"));
        let pos = chess(&fen);
        let x = pos.turn();
        let brute = |x_every, other_every, goal| Brute {
            x,
            x_every,
            other_every,
            goal,
        };
        let help_win = brute(false, false, mates).shortest(&pos, 0..=PLIES);
        let help_loss = brute(false, false, mated).shortest(&pos, 0..=PLIES);
        let help_draw = brute(false, false, draws).shortest(&pos, 0..=PLIES);
        let open = game_end(&pos, &[]).is_none();
        let forced_win = brute(false, true, mates)
            .shortest(&pos, (1..=PLIES).step_by(2))
            .filter(|_| open);
        let forced_loss = brute(true, false, mated)
            .shortest(&pos, (2..=PLIES).step_by(2))
            .filter(|_| open);
        let ours = game(&fen, PLIES);
        let what = format!("{fen} (seed {seed})");
        assert_eq!(ours.help_win.map(|w| w.plies), help_win, "{what}: help win");
        assert_eq!(
            ours.help_loss.map(|w| w.plies),
            help_loss,
            "{what}: help loss"
        );
        assert_eq!(
            ours.help_draw.as_ref().map(|w| w.plies),
            help_draw,
            "{what}: help draw"
        );
        let hang = help_win.is_none() && help_loss.is_none() && help_draw.is_none();
        assert_eq!(ours.hang, hang, "{what}: hang");
        assert_eq!(
            ours.forced_win.map(|w| w.moves),
            forced_win.map(|p| p.div_ceil(2)),
            "{what}: forced win"
        );
        assert_eq!(
            ours.forced_loss.map(|w| w.moves),
            forced_loss.map(|p| p / 2),
            "{what}: forced loss"
        );
        let problem_draw = problem(&fen, PLIES).help_draw.map(|w| w.plies);
        drawn_by_rule += usize::from(problem_draw != help_draw);
        compared += 1;
    }
    assert!(
        drawn_by_rule >= 10,
        "only {drawn_by_rule} positions where the game's rules matter"
    );
}
