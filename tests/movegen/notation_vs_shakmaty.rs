//! Differential test of the SAN writer and reader against shakmaty's, on positions reached by
//! seeded random play from the start position and from every position of the perft and
//! directmate suites. A failure prints the FEN and the seed that reached it.

use mateproof::board::fen::to_fen;
use mateproof::board::{Position, Validation};
use mateproof::formats::epd::parse_lines;
use mateproof::notation::{parse_san, to_san_plus};
use mateproof::reference::{shared_text, POSITION_SUITES};
use shakmaty::fen::Fen;
use shakmaty::san::{San, SanPlus};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, PositionError};

/// xorshift64*: tiny, seedable, good enough to pick random moves.
struct XorShift(u64);

impl XorShift {
    fn new(seed: u64) -> XorShift {
        XorShift(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize % n
    }
}

/// shakmaty's view of our position, or `None` when its stricter validation refuses it (some
/// problem positions have promoted material or checks no game could reach).
fn shakmaty_position(pos: &Position) -> Option<Chess> {
    let fen: Fen = to_fen(pos).parse().ok()?;
    fen.into_position(CastlingMode::Standard)
        .or_else(PositionError::ignore_too_much_material)
        .or_else(PositionError::ignore_impossible_check)
        .ok()
}

/// Compares every legal move's SAN, both ways; returns the number of moves compared.
fn compare(pos: &Position, seed: u64) -> Option<usize> {
    let theirs = shakmaty_position(pos)?;
    let fen = to_fen(pos);
    for &m in pos.legal_moves().iter() {
        let uci: UciMove = m
            .to_string()
            .parse()
            .unwrap_or_else(|e| panic!("{fen} seed {seed}: {m}: {e}"));
        let their_move = uci
            .to_move(&theirs)
            .unwrap_or_else(|e| panic!("{fen} seed {seed}: shakmaty rejects {m}: {e}"));
        let expected = SanPlus::from_move(theirs.clone(), their_move).to_string();
        let ours = to_san_plus(pos, m);
        assert_eq!(ours, expected, "SAN of {m} in {fen} (seed {seed})");
        assert_eq!(
            parse_san(pos, &expected),
            Ok(m),
            "reading {expected} in {fen} (seed {seed})"
        );
        let back = San::from_ascii(ours.trim_end_matches(['+', '#']).as_bytes())
            .ok()
            .and_then(|san| san.to_move(&theirs).ok());
        assert_eq!(
            back,
            Some(their_move),
            "shakmaty reading our {ours} in {fen} (seed {seed})"
        );
    }
    Some(pos.legal_moves().len())
}

/// Plays up to `plies` random legal moves from `start`, comparing SAN at every position.
fn random_walk(start: Position, seed: u64, plies: usize, totals: &mut (usize, usize, usize)) {
    let mut rng = XorShift::new(seed);
    let mut pos = start;
    for _ in 0..=plies {
        match compare(&pos, seed) {
            Some(moves) => {
                totals.0 += 1;
                totals.1 += moves;
            }
            None => totals.2 += 1,
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[rng.below(moves.len())]);
    }
}

/// Every position of the shared perft and dm suites (`None`: absent, the test skips).
fn suite_positions() -> Option<Vec<Position>> {
    let mut positions = Vec::new();
    for file in POSITION_SUITES {
        let text = shared_text(file)?;
        for (line, epd) in parse_lines(&text) {
            let epd = epd.unwrap_or_else(|e| panic!("{file}:{line}: {e}"));
            let position = epd.position(Validation::Lenient);
            positions.push(position.unwrap_or_else(|e| panic!("{file}:{line}: {e}")));
        }
    }
    Some(positions)
}

#[test]
fn san_agrees_with_shakmaty_on_random_play() {
    let Some(suite) = suite_positions() else {
        return;
    };
    // (positions compared, moves compared, positions shakmaty refused)
    let mut totals = (0, 0, 0);
    for seed in 1..=150 {
        random_walk(Position::startpos(), seed, 160, &mut totals);
    }
    for (i, pos) in suite.into_iter().enumerate() {
        random_walk(pos, 1_000_000 + i as u64, 8, &mut totals);
    }
    let (positions, moves, refused) = totals;
    assert!(positions > 20_000, "only {positions} positions compared");
    assert!(moves > 500_000, "only {moves} moves compared");
    assert!(
        refused * 50 < positions,
        "shakmaty refused {refused} of {positions} positions"
    );
}
