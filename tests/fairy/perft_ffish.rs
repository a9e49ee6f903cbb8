//! perft with fairy pieces against Fairy-Stockfish through PyPI's pyffish 0.0.90: for each
//! Betza piece below, seeded random positions (kings, the piece `a` for both sides, a few
//! pawns and orthodox men, castling where the men stand for it), depths 1–3, counted by
//! `tests/python/ffish_perft.py` and by [`mateproof::perft`] on a [`FairyPosition`] declared
//! as `mateproof perft --piece a=BETZA` does.
//!
//! pyffish is a prerequisite `.ci/run` installs. Without it this test says so and passes,
//! except under `CI=true`, where it fails. `PYTHON` chooses the interpreter (default
//! `python3`); `MATEPROOF_SEED=<n>` reruns with another seed.

use crate::common;

use common::Rng;
use mateproof::cli::perft::fairy_game;
use mateproof::fairy::FairyPosition;
use mateproof::perft::{divide, perft};
use mateproof::reference::in_ci;
use std::io::Write;
use std::process::{Command, Stdio};
use std::sync::Arc;

const PYFFISH_VERSION: &str = "(0, 0, 90)";

/// The pieces: riders, limited riders, hoppers (grasshopper `g`, lion/cannon `p`), lame
/// leapers, directional and divergent (move/capture) pieces, compounds. Not `gN`: pyffish
/// 0.0.90 makes no hop along a knight line at all (`A3k2K` on a1 with a pawn on c2 has no
/// a1e3), where Popeye's nightrider-hopper does; `tests/fairy/movegen.rs` pins ours.
const PIECES: [&str; 15] = [
    "NN", "gQ", "pQ", "mRcpR", "nN", "nA", "fsW", "fN", "CZ", "BN", "N2", "gR", "pB", "mNcB",
    "vRsN",
];
/// Positions per piece: the first counted to depth 3, the others to depth 2.
const POSITIONS_PER_PIECE: usize = 2;

/// A random position of the game with piece `a`, as FEN, that the fairy board accepts.
fn random_fen(rng: &mut Rng, betza: &str) -> String {
    let walks = Arc::new(fairy_game(&[format!("a={betza}")]).expect("the piece compiles"));
    loop {
        let mut board = [' '; 64];
        let place = |rng: &mut Rng, board: &mut [char; 64], c: char, lo: usize, hi: usize| {
            for _ in 0..100 {
                let sq = lo + rng.below(hi - lo);
                if board[sq] == ' ' {
                    board[sq] = c;
                    return;
                }
            }
        };
        let castle = rng.below(3) == 0;
        if castle {
            for (sq, c) in [
                (4, 'K'),
                (7, 'R'),
                (0, 'R'),
                (60, 'k'),
                (63, 'r'),
                (56, 'r'),
            ] {
                board[sq] = c;
            }
        } else {
            place(rng, &mut board, 'K', 0, 64);
            place(rng, &mut board, 'k', 0, 64);
        }
        for c in ['A', 'a'] {
            place(rng, &mut board, c, 0, 64);
        }
        for c in ['P', 'p', 'P', 'p'] {
            if rng.below(2) == 0 {
                place(rng, &mut board, c, 8, 56);
            }
        }
        for c in ['Q', 'q', 'N', 'n', 'B', 'b', 'A', 'a'] {
            if rng.below(6) == 0 {
                place(rng, &mut board, c, 0, 64);
            }
        }
        let mut fen = String::new();
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match board[rank * 8 + file] {
                    ' ' => empty += 1,
                    c => {
                        if empty > 0 {
                            fen += &empty.to_string();
                            empty = 0;
                        }
                        fen.push(c);
                    }
                }
            }
            if empty > 0 {
                fen += &empty.to_string();
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        let turn = if rng.below(2) == 0 { "w" } else { "b" };
        let rights = if castle { "KQkq" } else { "-" };
        let fen = format!("{fen} {turn} {rights} - 0 1");
        if FairyPosition::from_fen(&fen, walks.clone()).is_ok() {
            return fen;
        }
    }
}

#[test]
fn fairy_perft_equals_fairy_stockfish() {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned());
    let probe = Command::new(&python)
        .args(["-c", "import pyffish; print(pyffish.version())"])
        .output();
    let version = probe
        .as_ref()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned());
    if version.as_deref() != Some(PYFFISH_VERSION) {
        let message = format!(
            "pyffish 0.0.90 is not available to '{python}' (found {version:?}): run `pip install pyffish==0.0.90` (.ci/run does this)"
        );
        assert!(!in_ci(), "{message}");
        eprintln!("skipping the Fairy-Stockfish comparison: {message}");
        return;
    }
    let (mut rng, seed) = Rng::from_env(0xfa1e_5eed);
    let mut jobs = Vec::new();
    for betza in PIECES {
        for k in 0..POSITIONS_PER_PIECE {
            let depth = if k == 0 { 3 } else { 2 };
            jobs.push((betza, random_fen(&mut rng, betza), depth));
        }
    }
    let input: String = jobs
        .iter()
        .map(|(betza, fen, depth)| format!("{betza}\t{fen}\t{depth}\n"))
        .collect();
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/python/ffish_perft.py");
    let mut child = Command::new(&python)
        .arg(script)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("the jobs are written");
    let out = child.wait_with_output().expect("the script ends");
    assert!(
        out.status.success(),
        "ffish_perft.py failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_owned)
        .collect();
    assert_eq!(lines.len(), jobs.len(), "one line of counts per job");
    let mut leaves = 0;
    for ((betza, fen, depth), line) in jobs.iter().zip(&lines) {
        let theirs: Vec<u64> = line
            .split_whitespace()
            .map(|n| n.parse().expect("a count"))
            .collect();
        let walks = Arc::new(fairy_game(&[format!("a={betza}")]).expect("compiles"));
        let pos = FairyPosition::from_fen(fen, walks).expect("accepted above");
        let ours: Vec<u64> = (1..=*depth).map(|d| perft(&pos, d)).collect();
        if ours != theirs {
            let root: Vec<String> = divide(&pos, 1).iter().map(|(m, _)| m.to_string()).collect();
            panic!(
                "a={betza} {fen}: ours {ours:?}, Fairy-Stockfish {theirs:?}\nour root moves: {}",
                root.join(" ")
            );
        }
        leaves += ours.iter().sum::<u64>();
    }
    eprintln!(
        "{} positions of {} pieces agree with Fairy-Stockfish ({leaves} leaves, seed {seed})",
        jobs.len(),
        PIECES.len()
    );
}
