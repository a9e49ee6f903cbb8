//! A try's refutations are searched likeliest first but listed in generation order, and all
//! of them are found whenever there are no more than asked for: checked against a plain loop
//! over the defences on the first moves of dm3 problems.

use mateproof::board::{Position, Validation};
use mateproof::kernel::SearchControl;
use mateproof::solver::{Prover, TranspositionTable};

/// The defences of `pos` after which White has no mate within `n`, in generation order.
fn every_refutation(pos: &Position, n: u32) -> Vec<String> {
    let (tt, control) = (TranspositionTable::new(1), SearchControl::unlimited());
    let mut prover: Prover = Prover::new(&tt, &control);
    pos.legal_moves()
        .iter()
        .filter(|&&b| !prover.attacker_wins(&pos.after(b), n))
        .map(|b| b.to_string())
        .collect()
}

#[test]
fn refutations_are_complete_up_to_the_limit_and_in_generation_order() {
    let Some(text) = mateproof::reference::shared_text("suites/dm3.epd") else {
        return;
    };
    // One prover for everything, so the refutation history orders the search its own way.
    let (tt, control) = (TranspositionTable::new(4), SearchControl::unlimited());
    let mut prover: Prover = Prover::new(&tt, &control);
    let mut reordered = 0;
    for line in text.lines().take(12) {
        let fen: Vec<&str> = line.split_whitespace().take(4).collect();
        let root = Position::from_fen(&fen.join(" "), Validation::Lenient).expect("dm3 FEN");
        for &m in root.legal_moves().iter() {
            let child = root.after(m);
            let all = every_refutation(&child, 2);
            for limit in 1..=3 {
                let found: Vec<String> = prover
                    .refutations(&child, 2, limit)
                    .iter()
                    .map(|b| b.to_string())
                    .collect();
                if all.len() <= limit as usize {
                    assert_eq!(found, all, "{line}: {m}, limit {limit}");
                } else {
                    assert_eq!(found.len(), limit as usize, "{line}: {m}");
                    let mut in_order = all.iter().filter(|b| found.contains(b));
                    assert!(
                        found.iter().all(|b| in_order.next() == Some(b)),
                        "{line}: {m}"
                    );
                    reordered += usize::from(found[..] != all[..limit as usize]);
                }
            }
        }
    }
    // The history did change which refutations come first somewhere.
    assert!(reordered > 0);
}
