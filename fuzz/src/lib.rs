//! The fuzz harness: one function per target, each taking arbitrary bytes and panicking only
//! when Mateproof breaks a promise — a parser that panics, a move reader that returns an
//! illegal move, a key that drifts from its recomputation. Nothing here decides what input to
//! try; that is the fuzzer's job (libFuzzer through `cargo fuzz`, or the seeded generators in
//! [`generate`] on stable Rust).
//!
//! The same file is compiled three ways: as the `mateproof_fuzz` library the `cargo fuzz`
//! targets in `fuzz_targets/` call, and (through `#[path]`) inside `tests/fuzz/regressions.rs`
//! and `tests/fuzz/robust_fuzz.rs`, so a crash found by either fuzzer is replayed by `cargo test`
//! against exactly the checks that found it. It must therefore depend on nothing but
//! `mateproof` and `std`, and it must never print.

#![allow(dead_code)] // each including test uses only part of it

pub mod generate;

use mateproof::board::fen::{parse_fen, to_fen};
use mateproof::board::{zobrist, Color, Move, Piece, Position, Role, Square, Validation};
use mateproof::formats::Epd;
use mateproof::notation::{
    parse_popeye, parse_san, parse_san_line, parse_uci, to_popeye, to_san, Language,
};
use mateproof::popeye::run::{run as run_popeye, RunOptions};
use mateproof::suite::limits::Limits;
use mateproof::suite::progress::ProgressMode;
use mateproof::suite::report::{merge, read_report, write_report};
use mateproof::suite::runner::{run as run_suite, RunConfig};
use mateproof::suite::source::Shard;
use mateproof::uci::parse_line;
use std::path::PathBuf;
use std::time::Duration;

/// A fuzz target's harness function.
pub type Target = fn(&[u8]);

/// The fuzz targets, by the names `cargo fuzz`, the corpus folders and the tests use.
pub const TARGETS: [(&str, Target); 8] = [
    ("fen_epd", fen_epd),
    ("moves", moves),
    ("uci_line", uci_line),
    ("popeye_input", popeye_input),
    ("make_unmake", make_unmake),
    ("suite_epd", suite_epd),
    ("suite_pgn", suite_pgn),
    ("suite_merge", suite_merge),
];

/// The harness function of a target name.
pub fn target(name: &str) -> Option<Target> {
    TARGETS.iter().find(|(n, _)| *n == name).map(|(_, f)| *f)
}

/// Positions move-level targets start from when the input names none: the start position,
/// castling both ways, en passant available, promotions with captures, a checked king, and the
/// position (from the reference suites) where an impossible check is still searchable.
pub const START_POSITIONS: [&str; 8] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2r w - - 0 1",
    "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1",
];

/// FEN and EPD text: never a panic; whatever is accepted is a consistent position that writes
/// back to the same position, and an EPD line that is read writes back to a line that reads
/// the same.
pub fn fen_epd(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for line in text.lines().take(8) {
        if let Ok(setup) = parse_fen(line) {
            for validation in [Validation::Strict, Validation::Lenient] {
                if let Ok(pos) = setup.into_position(validation) {
                    check_position(&pos);
                    let again = Position::from_fen(&to_fen(&pos), validation)
                        .unwrap_or_else(|e| panic!("{} does not read back: {e}", to_fen(&pos)));
                    assert_same_position(&pos, &again, "FEN round trip");
                }
            }
        }
        if let Ok(epd) = Epd::parse(line) {
            let written = epd.to_string();
            let reread = Epd::parse(&written).unwrap_or_else(|e| {
                panic!("EPD '{line}' was written as '{written}', which does not read: {e}")
            });
            assert_eq!(
                reread, epd,
                "EPD '{line}' written as '{written}' reads differently"
            );
            let _ = (
                epd.dm(),
                epd.acd(),
                epd.id(),
                epd.comment(0),
                epd.perft_counts(),
            );
            if let Ok(pos) = epd.position(Validation::Lenient) {
                check_position(&pos);
                let _ = (epd.best_moves(&pos), epd.avoid_moves(&pos), epd.pv(&pos));
            }
        }
    }
}

/// Move text in every notation against a position: never a panic, and any move returned is a
/// legal move of that position that the writers name in a way the readers read back.
///
/// Input: an optional first line `fen <FEN>` choosing the position (else the first byte picks
/// one of [`START_POSITIONS`]), then move texts, one per line.
pub fn moves(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (pos, rest) = position_from_input(&text, data.first().copied().unwrap_or(0));
    let legal = pos.legal_moves();
    let is_legal = |m: Move| legal.iter().any(|&l| l == m);
    for line in rest.lines().take(32) {
        if let Ok(m) = parse_uci(&pos, line) {
            assert!(
                m.is_null() || is_legal(m),
                "UCI '{line}' gave illegal {m} in {pos:?}"
            );
            if !m.is_null() {
                assert_eq!(
                    parse_uci(&pos, &m.to_string()),
                    Ok(m),
                    "UCI round trip of {m}"
                );
            }
        }
        if let Ok(m) = parse_san(&pos, line) {
            // PGN's null move `--` is read as the null move, which is legal out of check.
            let null_ok = m.is_null() && !pos.is_check();
            assert!(
                is_legal(m) || null_ok,
                "SAN '{line}' gave illegal {m} in {pos:?}"
            );
            let san = to_san(&pos, m);
            assert_eq!(
                parse_san(&pos, &san),
                Ok(m),
                "SAN round trip of {m} as '{san}' in {pos:?}"
            );
        }
        if let Ok(line_moves) = parse_san_line(&pos, line) {
            let mut p = pos;
            for m in line_moves {
                if m.is_null() {
                    assert!(
                        !p.is_check(),
                        "SAN line '{line}': null move out of check in {p:?}"
                    );
                    p.play_null();
                } else {
                    assert!(
                        p.legal_moves().iter().any(|&l| l == m),
                        "SAN line '{line}': {m} illegal in {p:?}"
                    );
                    p.play(m);
                }
            }
        }
        for language in Language::ALL {
            if let Ok(m) = parse_popeye(&pos, line, language) {
                assert!(
                    is_legal(m),
                    "Popeye '{line}' ({language:?}) gave illegal {m} in {pos:?}"
                );
                let written = to_popeye(&pos, m, language);
                assert_eq!(
                    parse_popeye(&pos, &written, language),
                    Ok(m),
                    "Popeye round trip of {m} as '{written}' ({language:?}) in {pos:?}"
                );
            }
        }
    }
    // Raw 16-bit moves: the direct legality test agrees with the generator.
    for pair in data.chunks_exact(2).take(64) {
        let m = Move::from_u16(u16::from_le_bytes([pair[0], pair[1]]));
        // Only the encoding the generator itself uses (some raw values decode to the same move
        // as another value does; tables store only generated moves).
        if !m.is_null() && Move::new(m.from(), m.to(), m.kind()) == m {
            assert_eq!(
                pos.is_legal(m),
                is_legal(m),
                "is_legal({m}) disagrees with the generator in {pos:?}"
            );
        }
    }
}

/// One UCI line through the front layer: never a panic, and a line it reads comes back the same
/// when re-read with different spacing.
pub fn uci_line(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for line in text.split('\n').take(16) {
        let first = parse_line(line);
        let respaced: Vec<&str> = line.split_whitespace().collect();
        if !line.contains('\u{feff}') {
            // Error messages quote the line as written; only what is obeyed must not change.
            match (parse_line(&format!("  {}\t", respaced.join("   "))), first) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "spacing changed the meaning of {line:?}"),
                (Err(_), Err(_)) => {}
                (a, b) => panic!("spacing changed whether {line:?} is obeyed: {a:?} vs {b:?}"),
            }
        }
    }
}

/// A whole Popeye input through reader, solver (a few milliseconds per twin) and writer: never a
/// panic, and the output ends the way every Popeye output ends.
pub fn popeye_input(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let options = RunOptions {
        regression: true,
        max_time: Some(Duration::from_millis(5)),
        hash_mb: None,
        stop: None,
    };
    let out = run_popeye(&text, &options);
    if out.problems > 0 {
        assert!(
            out.text.ends_with("solution finished.\n\n\n")
                || out.text.ends_with("Partial solution\n\n\n")
                || out.text.ends_with("Loesung beendet.\n\n\n")
                || out.text.ends_with("solution terminee.\n\n\n")
                || out.text.ends_with("Partielle Loesung\n\n\n")
                || out.text.ends_with("Solution partielle\n\n\n"),
            "output does not end with an end line:\n{}",
            out.text
        );
    }
}

/// Random legal move sequences: after every copy-make the incremental key equals the key
/// recomputed from scratch, the board's bitboards and mailbox agree, the FEN reads back to the
/// same position, and a null move there and back restores board, side and key.
///
/// Input: as for [`moves`], then every byte picks a legal move (modulo their number).
pub fn make_unmake(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let (start, _) = position_from_input(&text, data.first().copied().unwrap_or(0));
    let mut pos = start;
    check_position(&pos);
    for &byte in data.iter().skip(1).take(256) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[usize::from(byte) % legal.len()];
        let parent = pos;
        pos = parent.after(m);
        check_position(&pos);
        let reread = Position::from_fen(&to_fen(&pos), Validation::Lenient).unwrap_or_else(|e| {
            panic!(
                "after {m} from {parent:?}: FEN {} does not read: {e}",
                to_fen(&pos)
            )
        });
        assert_same_position(&pos, &reread, "after a move, FEN round trip");
        if !pos.is_check() {
            let there = pos.after_null();
            assert_eq!(there.key(), there.compute_key(), "null move key in {pos:?}");
            assert_ne!(there.turn(), pos.turn());
            let back = there.after_null();
            // The null move passes up an e.p. capture, so that right is gone on return.
            let lost_ep = pos.ep_square().map_or(0, zobrist::en_passant);
            assert_eq!(
                back.key() ^ lost_ep,
                pos.key(),
                "null move there and back changed the key of {pos:?}"
            );
            assert_eq!(
                to_fen(&back).split(' ').take(3).collect::<Vec<_>>(),
                to_fen(&pos).split(' ').take(3).collect::<Vec<_>>()
            );
            assert!(back.ep_square().is_none());
        }
    }
}

/// `fen <FEN>` on the first line, or one of [`START_POSITIONS`] picked by `selector`; returns the
/// position and the text after the choice.
fn position_from_input(text: &str, selector: u8) -> (Position, &str) {
    if let Some(first) = text.lines().next() {
        if let Some(fen) = first.strip_prefix("fen ") {
            if let Ok(pos) = Position::from_fen(fen, Validation::Lenient) {
                let rest = text.get(first.len()..).unwrap_or("");
                return (pos, rest);
            }
        }
    }
    let fen = START_POSITIONS[usize::from(selector) % START_POSITIONS.len()];
    match Position::from_fen(fen, Validation::Lenient) {
        Ok(pos) => (pos, text),
        Err(e) => panic!("seed position {fen} is refused: {e}"),
    }
}

/// The position's own redundancies agree: key and recomputed key, bitboards and mailbox, one
/// king per side, the side not to move not in check, and the legal moves all play to positions
/// with consistent keys.
pub fn check_position(pos: &Position) {
    assert_eq!(
        pos.key(),
        pos.compute_key(),
        "incremental key differs from the recomputed one in {pos:?}"
    );
    let mut occupied = 0u32;
    for sq in Square::all() {
        let piece = pos.piece_at(sq);
        for color in Color::ALL {
            for role in Role::ALL {
                let on_board = pos.pieces(color, role).contains(sq);
                assert_eq!(
                    on_board,
                    piece == Some(Piece::new(color, role)),
                    "bitboards and mailbox disagree on {sq} in {pos:?}"
                );
            }
        }
        occupied += u32::from(piece.is_some());
    }
    assert_eq!(occupied, pos.occupied().count(), "occupancy in {pos:?}");
    for color in Color::ALL {
        assert_eq!(
            pos.pieces(color, Role::King).count(),
            1,
            "kings of {color:?} in {pos:?}"
        );
    }
    let them = !pos.turn();
    assert!(
        !pos.king(them)
            .is_some_and(|king| pos.is_attacked(king, pos.turn(), pos.occupied())),
        "the side not to move is in check in {pos:?}"
    );
    for &m in pos.legal_moves().iter() {
        let child = pos.after(m);
        assert_eq!(child.key(), child.compute_key(), "key after {m} in {pos:?}");
    }
}

fn assert_same_position(a: &Position, b: &Position, what: &str) {
    assert_eq!(a.key(), b.key(), "{what}: keys differ: {a:?} vs {b:?}");
    assert_eq!(to_fen(a), to_fen(b), "{what}: FENs differ");
    for sq in Square::all() {
        assert_eq!(
            a.piece_at(sq),
            b.piece_at(sq),
            "{what}: boards differ on {sq}"
        );
    }
}

/// A file of this process and thread in the temporary folder: the suite reads files, not bytes.
fn scratch(name: &str) -> PathBuf {
    let thread = format!("{:?}", std::thread::current().id());
    let thread: String = thread.chars().filter(char::is_ascii_digit).collect();
    std::env::temp_dir().join(format!(
        "mateproof-fuzz-{}-{thread}-{name}",
        std::process::id()
    ))
}

/// A suite file through the whole runner — format detection, reader, checks (2,000 nodes and a
/// 1 MB table per entry) and the JSON report: never a panic; the run finishes, and its report
/// reads back, is not marked interrupted, and counts in its summary every position it lists.
fn suite_file(data: &[u8], extension: &str) {
    let input = scratch(&format!("input.{extension}"));
    let json = scratch(&format!("report-{extension}.json"));
    if std::fs::write(&input, data).is_err() {
        return; // the machine's problem, not the suite's
    }
    let config = RunConfig {
        files: vec![input],
        threads: 1,
        limits: Limits {
            time: None,
            nodes: Some(2_000),
            hash_mb: Some(1),
        },
        shard: Shard::ALL,
        fail_fast: false,
        verbose: true,
        progress: ProgressMode::Quiet,
        json: Some(json.clone()),
        jsonl: None,
        resume: false,
        notation: mateproof::notation::MoveStyle::default(),
    };
    let result = run_suite(&config, &mut Vec::new()).expect("a run over a readable file finishes");
    let report = read_report(&json).expect("the report of a finished run reads back");
    let listed = report.positions.len() as u64;
    assert!(!report.interrupted);
    assert_eq!(
        report.summary.total.count, listed,
        "summary against positions"
    );
    assert_eq!(
        result.summary.json().total.count,
        listed,
        "run against report"
    );
    assert!(report.positions.windows(2).all(|w| w[0].index < w[1].index));
}

/// EPD suites (`dm`, `bm #N`, `bm` keys): see [`suite_file`].
pub fn suite_epd(data: &[u8]) {
    suite_file(data, "epd");
}

/// PGN suites (`FEN` and `Stipulation` tags, solutions as movetext): see [`suite_file`].
pub fn suite_pgn(data: &[u8]) {
    suite_file(data, "pgn");
}

/// Shard reports for `suite-merge`: up to three JSON texts separated by NUL bytes. Never a
/// panic; reports that read back merge or are refused with a reason, and a merged report lists
/// each entry once in order, counts them all in its summary, and writes out to a report that
/// reads back with the same positions.
pub fn suite_merge(data: &[u8]) {
    let mut reports = Vec::new();
    for (i, part) in data.splitn(3, |&b| b == 0).enumerate() {
        let path = scratch(&format!("shard{i}.json"));
        if std::fs::write(&path, part).is_err() {
            return;
        }
        if let Ok(report) = read_report(&path) {
            reports.push((format!("shard{i}"), report));
        }
    }
    let Ok(merged) = merge(reports) else { return };
    assert!(merged.positions.windows(2).all(|w| w[0].index < w[1].index));
    assert_eq!(merged.summary.total.count, merged.positions.len() as u64);
    let path = scratch("merged.json");
    let Ok(file) = std::fs::File::create(&path) else {
        return;
    };
    write_report(file, &merged).expect("a merged report can be written");
    let again = read_report(&path).expect("a written report reads back");
    assert_eq!(again.positions.len(), merged.positions.len());
}
