//! Popeye's `NonTrivial m n` in self play by brute force with shakmaty, written from Popeye's
//! definition (`options/nontrivial.c`): at a defence with more than `n` attacker moves to come,
//! count the defender's non-trivial moves (after which the attacker cannot win within `n`);
//! with the budget `b` along the play (at first `m`) the defence stands when there are more
//! than `b + 1`, else the play below is judged with `b + 1 - c`.

use super::{after, sample, solver_keys, solver_keys_with, uci};
use mateproof::problem::SolveOptions;
use shakmaty::{Chess, Position as _};
use std::collections::BTreeSet;

struct NonTrivial {
    max: u32,
    min_length: u32,
}

impl NonTrivial {
    /// The attacker to move wins within `n` of its moves under the budget `budget`.
    fn attack(&self, pos: &Chess, n: u32, budget: u32) -> bool {
        (1..=n).any(|length| {
            pos.legal_moves()
                .iter()
                .any(|w| self.defend(&after(pos, w), length - 1, budget))
        })
    }

    /// With the defender to move, the attacker wins within `n` more of its moves.
    fn defend(&self, pos: &Chess, n: u32, budget: u32) -> bool {
        let replies = pos.legal_moves();
        if replies.is_empty() {
            return false; // no move to reach the goal with
        }
        if n == 0 {
            return replies.iter().all(|b| after(pos, b).is_checkmate());
        }
        let mut budget = budget;
        if n > self.min_length {
            let non_trivial = replies
                .iter()
                .filter(|b| {
                    let next = after(pos, b);
                    !next.is_checkmate() && !self.attack(&next, self.min_length, budget)
                })
                .count() as u32;
            if non_trivial > budget + 1 {
                return false;
            }
            budget = budget + 1 - non_trivial;
        }
        replies.iter().all(|b| {
            let next = after(pos, b);
            next.is_checkmate() || self.attack(&next, n, budget)
        })
    }

    fn keys(&self, pos: &Chess, n: u32) -> BTreeSet<String> {
        pos.legal_moves()
            .iter()
            .filter(|w| {
                let next = after(pos, w);
                (0..n).any(|k| self.defend(&next, k, self.max))
            })
            .map(uci)
            .collect()
    }
}

/// The keys of `s#2` and `s#3` under `NonTrivial 0 0`, `1 0` and `0 1` equal the brute force
/// on small random positions with a key of the full length (where the option can apply: in
/// shorter play no defence has more than `n` attacker moves to come), and the option changes
/// key sets in the sample.
#[test]
fn nontrivial_selfmate_keys_equal_a_brute_force_enumeration() {
    let mut checked = 0;
    let mut changed = 0;
    for (seed, n, wanted) in [(0x5eed_0001, 2, 40), (0x5eed_0002, 3, 12)] {
        let stipulation = format!("s#{n}");
        let shorter = format!("s#{}", n - 1);
        let mut found = 0;
        for (fen, ours, theirs) in sample(seed, 200_000) {
            if found == wanted {
                break;
            }
            let plain = solver_keys(ours, &stipulation);
            if plain == solver_keys(ours, &shorter) {
                continue; // no key of the full length
            }
            found += 1;
            for (max, min_length) in [(0, 0), (1, 0), (0, 1)] {
                let options = SolveOptions {
                    nontrivial: Some((max, min_length)),
                    ..SolveOptions::default()
                };
                let expected = NonTrivial { max, min_length }.keys(&theirs, n);
                checked += 1;
                changed += usize::from(plain != expected);
                assert_eq!(
                    solver_keys_with(ours, &stipulation, options),
                    expected,
                    "{stipulation} NonTrivial {max} {min_length} {fen}"
                );
            }
        }
        assert_eq!(
            found, wanted,
            "{stipulation}: positions with a full-length key"
        );
    }
    println!("key sets checked {checked}, changed by NonTrivial {changed}");
    assert!(changed >= 10, "NonTrivial changed only {changed} key sets");
}

/// A budget as large as the Popeye reader takes (`NonTrivial 4294967295 0`) never runs out:
/// the keys are those without the option (the count saturates instead of wrapping round).
#[test]
fn a_nontrivial_budget_as_large_as_the_reader_takes_never_runs_out() {
    let mut checked = 0;
    for (fen, ours, _) in sample(0x5eed_0003, 20_000) {
        let plain = solver_keys(ours, "s#2");
        if plain.is_empty() {
            continue;
        }
        let options = SolveOptions {
            nontrivial: Some((u32::MAX, 0)),
            ..SolveOptions::default()
        };
        assert_eq!(
            solver_keys_with(ours, "s#2", options),
            plain,
            "s#2 NonTrivial {} 0 {fen}",
            u32::MAX
        );
        checked += 1;
        if checked == 12 {
            break;
        }
    }
    assert_eq!(checked, 12, "positions with an s#2 key");
}
