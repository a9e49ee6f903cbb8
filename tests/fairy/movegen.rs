//! The fairy generator with the orthodox pieces defined as data (queen, rook, bishop, knight
//! from Betza; king and pawn by their rules) equals shakmaty 0.30.1 on every position of seeded
//! random play from the start position, the six positions of the Chess Programming Wiki's perft
//! page and the perft suite of the reference data (legal moves as UCI, check), and
//! meets the standard perft counts; fairy perft meets the digest's oracles (§3.3: the seed's
//! Dragon and the Princess). `MATEPROOF_SEED=<n>` reruns with another base seed.

use crate::common;

use common::Rng;
use mateproof::fairy::{FairyPosition, Walks};
use mateproof::perft::perft;
use mateproof::pieces::{catalogue, from_yaml_file, PieceDefinition};
use mateproof::reference::shared_text;
use mateproof::rules::Rules;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;

const WALKS_PER_START: usize = 3;
/// Walks from each of [`CPW_POSITIONS`]: with the start position's they compare enough
/// positions on a clone without the reference data.
const WALKS_PER_CPW_POSITION: usize = 10;
/// The Chess Programming Wiki's perft positions 2-6 (Kiwipete, 3, 4 and its mirror, 5, 6):
/// castling, en passant, promotions and pins.
const CPW_POSITIONS: [&str; 6] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N1P/1PP1QPP1/R4RK1 w - - 0 10",
];
const PLIES_PER_WALK: usize = 40;
const MIN_POSITIONS: usize = 3_000;

fn orthodox() -> Arc<Walks> {
    Arc::new(Walks::new(&[]).expect("orthodox chess compiles"))
}

fn ours_moves(pos: &FairyPosition) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| m.to_string()).collect()
}

fn theirs_moves(pos: &Chess) -> BTreeSet<String> {
    pos.legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect()
}

#[test]
fn orthodox_pieces_as_data_equal_shakmaty() {
    let walks = orthodox();
    let mut starts = vec![(
        "startpos".to_owned(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned(),
    )];
    for (i, fen) in CPW_POSITIONS.iter().enumerate() {
        starts.push((format!("cpw:{}", i + 2), (*fen).to_owned()));
    }
    // Without the reference data (one line says so) the positions above are compared alone.
    if let Some(text) = shared_text("suites/perftsuite.epd") {
        for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
            // The EPD line's position: its fields before the first operation.
            let position = line.split(';').next().unwrap_or("");
            let fen = position.split_whitespace().collect::<Vec<_>>().join(" ");
            starts.push((format!("perftsuite:{}", i + 1), fen));
        }
    }
    let (mut rng, seed) = Rng::from_env(0x5eed_fa1e);
    let mut positions = 0;
    for (origin, fen) in &starts {
        let Ok(start) = FairyPosition::from_fen(fen, walks.clone()) else {
            // The fairy board refuses what the orthodox one does not need to (no king).
            continue;
        };
        let theirs_start: Chess = fen
            .parse::<Fen>()
            .expect("shakmaty reads the suite")
            .into_position(CastlingMode::Standard)
            .or_else(shakmaty::PositionError::ignore_impossible_check)
            .expect("a legal position");
        let walks_here = if origin == "startpos" {
            60
        } else if origin.starts_with("cpw:") {
            WALKS_PER_CPW_POSITION
        } else {
            WALKS_PER_START
        };
        for walk in 0..walks_here {
            let (mut ours, mut theirs) = (start.clone(), theirs_start.clone());
            for ply in 0..PLIES_PER_WALK {
                let expected = theirs_moves(&theirs);
                assert_eq!(
                    ours_moves(&ours),
                    expected,
                    "{origin}, walk {walk}, ply {ply}: {}",
                    Fen::from_position(&theirs, EnPassantMode::Legal)
                );
                assert_eq!(
                    ours.is_check(),
                    theirs.is_check(),
                    "{origin} walk {walk} ply {ply}"
                );
                positions += 1;
                let moves: Vec<String> = expected.into_iter().collect();
                if moves.is_empty() {
                    break;
                }
                let uci = &moves[rng.below(moves.len())];
                let m = ours
                    .legal_moves()
                    .iter()
                    .copied()
                    .find(|m| m.to_string() == *uci)
                    .expect("the move is ours too");
                ours = ours.play(m);
                let theirs_move = uci
                    .parse::<shakmaty::uci::UciMove>()
                    .expect("UCI")
                    .to_move(&theirs)
                    .expect("legal");
                theirs.play_unchecked(theirs_move);
            }
        }
    }
    assert!(
        positions >= MIN_POSITIONS,
        "only {positions} positions compared"
    );
    eprintln!("{positions} positions agree (seed {seed})");
}

#[test]
fn orthodox_perft_counts_hold() {
    let walks = orthodox();
    for (fen, counts) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            &[20u64, 400, 8902][..],
        ),
        (
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -",
            &[48, 2039, 97862],
        ),
        (
            "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -",
            &[14, 191, 2812, 43238],
        ),
        // More moves than the inline list holds: the list grows (issue 12's worst cases).
        (
            "QQQQQQnk/Q4Qnn/Q5QQ/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1",
            &[263, 900],
        ),
        (
            "R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
            &[218],
        ),
    ] {
        assert_perft(&walks, fen, counts);
    }
}

/// perft of `fen` at depths 1, 2, … is `counts`.
fn assert_perft(walks: &Arc<Walks>, fen: &str, counts: &[u64]) {
    let pos = FairyPosition::from_fen(fen, walks.clone()).expect("a position");
    for (depth, &count) in counts.iter().enumerate() {
        assert_eq!(
            perft(&pos, depth as u32 + 1),
            count,
            "{fen} depth {}",
            depth + 1
        );
    }
}

fn game(pieces: &[(char, PieceDefinition)]) -> Arc<Walks> {
    Arc::new(Walks::new(pieces).expect("the game compiles"))
}

#[test]
fn fairy_perft_meets_the_digest_oracles() {
    let dragon = from_yaml_file(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("testsuites/pieces/seed-dragon.yaml"),
    )
    .expect("the seed's Dragon loads");
    let princess = catalogue::lookup("pr")
        .and_then(|w| w.definition())
        .expect("princess");
    let walks = game(&[('X', dragon), ('S', princess)]);
    for (fen, counts) in [
        ("4k3/8/8/8/3X4/8/8/4K3 w - -", &[28u64, 113, 2638][..]),
        ("4k3/8/8/8/3S4/8/8/4K3 w - -", &[26, 107, 2286]),
        ("4k3/8/8/8/8/8/8/X3K3 w - -", &[15, 65, 1296]),
        ("3xk3/8/8/8/8/8/8/4K2X w - -", &[15, 226, 3981]),
    ] {
        assert_perft(&walks, fen, counts);
    }
}

#[test]
fn hoppers_and_lame_leapers_move_as_popeye_defines_them() {
    let walk = |code: &str| {
        catalogue::lookup(code)
            .and_then(|w| w.definition())
            .expect(code)
    };
    let walks = game(&[
        ('G', walk("g")),
        ('A', walk("ka")),
        ('M', walk("ma")),
        ('O', walk("mo")),
        ('C', walk("pa")),
        ('L', walk("li")),
        ('E', walk("se")),
        ('H', walk("nh")),
    ]);
    let moves = |fen: &str, from: &str| -> BTreeSet<String> {
        let pos = FairyPosition::from_fen(fen, walks.clone()).expect(fen);
        pos.legal_moves()
            .iter()
            .map(|m| m.to_string())
            .filter(|m| m.starts_with(from))
            .map(|m| m[2..].to_owned())
            .collect()
    };
    let set = |list: &[&str]| list.iter().map(|s| s.to_string()).collect::<BTreeSet<_>>();
    // Grasshopper on d4: over the pawn d6 to d7, over the e5 knight onto f6 (empty), over b4's
    // rook onto a4; nothing where no hurdle stands.
    assert_eq!(
        moves("k7/8/3p4/4n3/1R1G4/8/8/K7 w - -", "d4"),
        set(&["d7", "f6", "a4"])
    );
    // Kangaroo on a1: over a3 and a6 onto a7; over b2 and c3 onto d4.
    assert_eq!(
        moves("7k/8/p7/8/8/P1p5/1P6/A6K w - -", "a1"),
        set(&["a7", "d4"])
    );
    // Mao on d4: the d5 pawn blocks c6 and e6; the others are free. Moa: the c5 pawn blocks
    // b6 and c6 (diagonal first step).
    assert_eq!(
        moves("k7/8/8/3P4/3M4/8/8/K7 w - -", "d4"),
        set(&["b5", "b3", "c2", "e2", "f3", "f5"])
    );
    assert_eq!(
        moves("k7/8/8/2P5/3O4/8/8/K7 w - -", "d4"),
        set(&["e6", "f5", "f3", "e2", "c2", "b3"])
    );
    // Pao on a1: rides a2..a4, captures a7 over the hurdle a5; along the rank to g1 (h1 king).
    assert_eq!(
        moves("k7/p7/8/P7/8/8/8/C6K w - -", "a1"),
        set(&["a2", "a3", "a4", "a7", "b1", "c1", "d1", "e1", "f1", "g1"])
    );
    // No capture without a hurdle, and none of its own man beyond one.
    assert!(!moves("1k6/p7/8/8/8/8/8/C6K w - -", "a1").contains("a7"));
    assert_eq!(
        moves("k7/P7/8/P7/8/8/8/C5K1 w - -", "a1"),
        set(&["a2", "a3", "a4", "b1", "c1", "d1", "e1", "f1"])
    );
    // Lion on a1 over a3: a4..a6 and the capture on a7; Senora: captures a3? no, own pawn;
    // moves only beyond a hurdle: a4..a6.
    assert_eq!(
        moves("k7/p7/8/8/8/P7/8/L6K w - -", "a1"),
        set(&["a4", "a5", "a6", "a7"])
    );
    assert_eq!(
        moves("k7/p7/8/8/8/P7/8/E6K w - -", "a1"),
        set(&["a4", "a5", "a6"])
    );
    // Nightrider-hopper on a1: over the c5 pawn (the hurdle anywhere on the line) onto d7, and
    // over the b3 pawn onto c5 when that is the nearer hurdle.
    assert_eq!(moves("k7/8/8/2p5/8/8/8/H6K w - -", "a1"), set(&["d7"]));
    assert_eq!(moves("k7/8/8/8/8/1P6/8/H6K w - -", "a1"), set(&["c5"]));
    // The Senora captures like a queen (the black pawn on a3) and hops it too (a4..a7; the
    // a8 king stops the hop, which never captures).
    assert_eq!(
        moves("k7/8/8/8/8/p7/8/E6K w - -", "a1"),
        set(&["a3", "a4", "a5", "a6", "a7"])
    );
}
