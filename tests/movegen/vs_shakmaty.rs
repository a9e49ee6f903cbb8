//! Differential test of the board against shakmaty 0.30.1, the reference implementation.
//!
//! Seeded random legal play runs from the start position and from every position of the dm1–dm5
//! directmate suites and of perftsuite.epd; in every position reached the two must agree on the
//! legal moves (as UCI), captures, checking moves, check/checkmate/stalemate and the FEN (and no
//! move [`Flights`] rules out may mate), and
//! our Zobrist keys must be consistent: the incremental key equals a fresh computation, the same
//! position reached by a transposed move order has the same key, and different positions have
//! different keys. A failure names the FEN and the seed; `MATEPROOF_SEED=<n>` reruns with
//! another base seed.

use mateproof::board::{fen::to_fen, CheckInfo, Flights, Move, Position, Validation};
use mateproof::reference::shared_text;
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position as _};
use std::collections::{BTreeSet, HashMap};

/// Walks of random play from each suite position and from the start position, and their lengths.
const WALKS_PER_SUITE_POSITION: usize = 2;
const PLIES_PER_SUITE_WALK: usize = 30;
const STARTPOS_WALKS: usize = 400;
const PLIES_PER_STARTPOS_WALK: usize = 60;
const MIN_POSITIONS: usize = 20_000;
const MIN_TRANSPOSITIONS: usize = 1_000;

/// The suites of the shared reference data the walks start from.
const SUITES: [&str; 6] = [
    "suites/dm1.epd",
    "suites/dm2.epd",
    "suites/dm3.epd",
    "suites/dm4.epd",
    "suites/dm5.epd",
    "suites/perftsuite.epd",
];

use crate::common;
use common::Rng;

/// One position held by both implementations, with where it came from for failure messages.
#[derive(Clone)]
struct Pair {
    ours: Position,
    theirs: Chess,
}

struct Context<'a> {
    origin: &'a str,
    seed: u64,
    ply: usize,
}

impl Context<'_> {
    fn describe(&self, pair: &Pair) -> String {
        format!(
            "\n  FEN  {}\n  from {} (seed {:#x}, ply {})",
            fen6(&pair.theirs),
            self.origin,
            self.seed,
            self.ply
        )
    }
}

fn fen6(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::PseudoLegal).to_string()
}

/// The board, side, castling and e.p. fields: what a Zobrist key must tell apart.
fn fen4(pos: &Chess) -> String {
    fen6(pos).split(' ').take(4).collect::<Vec<_>>().join(" ")
}

fn uci(m: &shakmaty::Move) -> String {
    m.to_uci(CastlingMode::Standard).to_string()
}

fn ucis<'a>(moves: impl IntoIterator<Item = &'a Move>) -> BTreeSet<String> {
    moves.into_iter().map(|m| m.to_string()).collect()
}

/// Builds both positions from a FEN. shakmaty is strict about impossible checks (one line of
/// perftsuite.epd); those positions are still legal to search, so that objection is waived.
fn load(fen: &str) -> Result<Pair, String> {
    let theirs: Chess = fen
        .parse::<Fen>()
        .map_err(|e| format!("shakmaty cannot read {fen}: {e}"))?
        .into_position(CastlingMode::Standard)
        .or_else(|e| {
            e.ignore_impossible_check()
                .map_err(|e| format!("shakmaty rejects {fen}: {e}"))
        })?;
    let ours = Position::from_fen(fen, Validation::Lenient)
        .map_err(|e| format!("we reject {fen}: {e}"))?;
    Ok(Pair { ours, theirs })
}

/// Every start: the start position, then the first four fields of each suite line. `None`: the
/// shared reference data is absent (the test skips).
fn starts() -> Option<Vec<(String, String)>> {
    let mut out = vec![(
        "startpos".to_owned(),
        mateproof::board::STARTPOS_FEN.to_owned(),
    )];
    for suite in SUITES {
        let text = shared_text(suite)?;
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let fen = line
                .split_whitespace()
                .take(4)
                .collect::<Vec<_>>()
                .join(" ");
            out.push((format!("{suite}:{}", i + 1), fen));
        }
    }
    Some(out)
}

/// Compares everything both implementations can say about one position. Returns shakmaty's
/// legal moves keyed by UCI, for the walk to pick from.
fn compare(
    pair: &Pair,
    ctx: &Context,
    keys: &mut HashMap<u64, String>,
) -> Vec<(String, shakmaty::Move)> {
    let Pair { ours, theirs } = pair;
    let at = || ctx.describe(pair);

    let legal: Vec<(String, shakmaty::Move)> =
        theirs.legal_moves().iter().map(|m| (uci(m), *m)).collect();
    let expected: BTreeSet<String> = legal.iter().map(|(u, _)| u.clone()).collect();
    let our_moves = ours.legal_moves();
    assert_eq!(ucis(&our_moves), expected, "legal moves differ{}", at());
    assert_eq!(
        our_moves.len(),
        expected.len(),
        "duplicate moves generated{}",
        at()
    );
    assert_eq!(
        ours.count_legal_moves(),
        expected.len() as u64,
        "bulk count differs{}",
        at()
    );
    assert_eq!(
        ours.has_legal_move(),
        !expected.is_empty(),
        "has_legal_move differs{}",
        at()
    );

    assert_eq!(
        ours.is_check(),
        theirs.is_check(),
        "is_check differs{}",
        at()
    );
    assert_eq!(
        ours.is_checkmate(),
        theirs.is_checkmate(),
        "checkmate differs{}",
        at()
    );
    assert_eq!(
        ours.is_stalemate(),
        theirs.is_stalemate(),
        "stalemate differs{}",
        at()
    );

    let captures: BTreeSet<String> = legal
        .iter()
        .filter(|(_, m)| m.is_capture())
        .map(|(u, _)| u.clone())
        .collect();
    assert_eq!(
        ucis(&ours.capture_moves()),
        captures,
        "capture_moves differs{}",
        at()
    );

    let checks: BTreeSet<String> = legal
        .iter()
        .filter(|(_, m)| {
            let mut child = theirs.clone();
            child.play_unchecked(*m);
            child.is_check()
        })
        .map(|(u, _)| u.clone())
        .collect();
    let generated = ours.checking_moves();
    assert_eq!(ucis(&generated), checks, "checking_moves differs{}", at());
    assert_eq!(
        generated.len(),
        checks.len(),
        "duplicate checking moves{}",
        at()
    );
    let info = CheckInfo::new(ours);
    let flights = Flights::new(ours);
    for &m in our_moves.iter() {
        let checks_by_definition = checks.contains(&m.to_string());
        if !flights.may_mate(ours, m) {
            let (_, reference) = legal
                .iter()
                .find(|(u, _)| *u == m.to_string())
                .expect("the move lists agree");
            let mut child = theirs.clone();
            child.play_unchecked(*reference);
            assert!(
                !child.is_checkmate(),
                "Flights::may_mate({m}) ruled out a mate{}",
                at()
            );
        }
        assert_eq!(
            ours.gives_check(m),
            checks_by_definition,
            "gives_check({m}) differs{}",
            at()
        );
        assert_eq!(
            info.gives_check(ours, m),
            checks_by_definition,
            "CheckInfo::gives_check({m}) differs{}",
            at()
        );
        assert!(
            ours.is_legal(m),
            "is_legal({m}) rejects a generated move{}",
            at()
        );
        let child = ours.after(m);
        assert_eq!(
            child.key(),
            child.compute_key(),
            "incremental key wrong after {m}{}",
            at()
        );
    }

    assert_eq!(to_fen(ours), fen6(theirs), "FEN differs{}", at());
    let reread = Position::from_fen(&to_fen(ours), Validation::Lenient)
        .unwrap_or_else(|e| panic!("our own FEN is rejected: {e}{}", at()));
    assert!(
        reread == *ours,
        "FEN round trip changes the position{}",
        at()
    );
    assert_eq!(
        ours.key(),
        ours.compute_key(),
        "incremental key wrong{}",
        at()
    );
    if !ours.is_check() {
        let passed = ours.after_null();
        assert_eq!(
            passed.key(),
            passed.compute_key(),
            "key wrong after the null move{}",
            at()
        );
    }
    remember_key(keys, ours.key(), fen4(theirs), &at);
    legal
}

/// Records that `key` belongs to `fen`: one key must never name two positions.
fn remember_key(keys: &mut HashMap<u64, String>, key: u64, fen: String, at: &dyn Fn() -> String) {
    if let Some(other) = keys.get(&key) {
        assert_eq!(*other, fen, "two positions share the key {key:#x}{}", at());
    } else {
        keys.insert(key, fen);
    }
}

/// Plays `line` from `start` in both implementations; `None` as soon as a move is illegal
/// (both must agree on that).
fn play_line(start: &Pair, line: &[String], ctx: &Context) -> Option<Pair> {
    let mut pair = start.clone();
    for u in line {
        let theirs = pair.theirs.legal_moves().into_iter().find(|m| uci(m) == *u);
        let ours = pair
            .ours
            .legal_moves()
            .iter()
            .copied()
            .find(|m| m.to_string() == *u);
        assert_eq!(
            ours.is_some(),
            theirs.is_some(),
            "legality of {u} differs{}",
            ctx.describe(&pair)
        );
        pair.theirs.play_unchecked(theirs?);
        pair.ours.play(ours?);
    }
    Some(pair)
}

/// From `start`, the walk played `a b c`; try `c b a`. When it is legal and reaches the same
/// position, the keys must match. Returns whether a transposition was found.
fn try_transposition(start: &Pair, played: &[String], reached: &Pair, ctx: &Context) -> bool {
    let swapped: Vec<String> = played.iter().rev().cloned().collect();
    let Some(other) = play_line(start, &swapped, ctx) else {
        return false;
    };
    if fen4(&other.theirs) != fen4(&reached.theirs) {
        return false;
    }
    assert_eq!(
        other.ours.key(),
        reached.ours.key(),
        "transposed orders {played:?} and {swapped:?} give different keys{}",
        ctx.describe(reached)
    );
    true
}

#[test]
fn random_play_agrees_with_shakmaty() {
    let base_seed = std::env::var("MATEPROOF_SEED")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
        .unwrap_or(0x6d61_7465_7072_6f6f);
    let Some(starts) = starts() else {
        return;
    };
    let mut keys = HashMap::new();
    let (mut positions, mut transpositions) = (0usize, 0usize);

    let mut walks = Vec::new();
    for (i, (origin, fen)) in starts.into_iter().enumerate() {
        let (count, plies) = if i == 0 {
            (STARTPOS_WALKS, PLIES_PER_STARTPOS_WALK)
        } else {
            (WALKS_PER_SUITE_POSITION, PLIES_PER_SUITE_WALK)
        };
        for w in 0..count {
            let seed =
                base_seed ^ ((i as u64) << 20 | w as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
            walks.push((origin.clone(), fen.clone(), seed, plies));
        }
    }

    for (origin, fen, seed, plies) in &walks {
        let mut pair = load(fen).unwrap_or_else(|e| panic!("{origin}: {e}"));
        let mut rng = Rng((*seed).max(1));
        // The last three positions and the moves between them, for transposition attempts.
        let mut history: Vec<(Pair, String)> = Vec::new();
        for ply in 0..=*plies {
            let ctx = Context {
                origin,
                seed: *seed,
                ply,
            };
            let legal = compare(&pair, &ctx, &mut keys);
            positions += 1;
            if history.len() >= 3 {
                let (start, _) = &history[history.len() - 3];
                let played: Vec<String> = history[history.len() - 3..]
                    .iter()
                    .map(|(_, u)| u.clone())
                    .collect();
                if try_transposition(start, &played, &pair, &ctx) {
                    transpositions += 1;
                }
            }
            if legal.is_empty() || ply == *plies {
                break;
            }
            let (u, m) = &legal[rng.below(legal.len())];
            let ours = pair
                .ours
                .legal_moves()
                .iter()
                .copied()
                .find(|x| x.to_string() == *u);
            let Some(ours) = ours else {
                panic!("{u} missing{}", ctx.describe(&pair))
            };
            history.push((pair.clone(), u.clone()));
            pair.theirs.play_unchecked(*m);
            pair.ours.play(ours);
        }
    }

    eprintln!(
        "{positions} positions from {} walks, {transpositions} transpositions, {} keys",
        walks.len(),
        keys.len()
    );
    assert!(
        positions >= MIN_POSITIONS,
        "only {positions} positions were compared"
    );
    assert!(
        transpositions >= MIN_TRANSPOSITIONS,
        "only {transpositions} transpositions were found"
    );
}
