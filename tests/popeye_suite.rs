//! Mateproof's Popeye front end against Popeye itself: every `.inp` of the shared reference
//! data's directmate folders (`popeye/`) is read, solved and written, and the text is compared with Popeye's
//! `.out` byte for byte and as trees (sets per node, `popeye::compare`). The counts are
//! printed; every file must match byte for byte.

mod common;

use mateproof::popeye::compare::compare;
use mateproof::popeye::run::{run, RunOptions};
use mateproof::popeye::transcript::Transcript;

#[test]
fn every_popeye_problem_solved_and_written_like_popeye() {
    let Some(pairs) = common::popeye_pairs() else {
        return;
    };
    assert!(
        pairs.len() > 250,
        "expected the Popeye reference pairs, found {}",
        pairs.len()
    );
    let options = RunOptions {
        regression: true,
        max_time: None,
        hash_mb: None,
        stop: None,
    };
    let (mut exact, mut tree_equal) = (0, 0);
    let mut failures = Vec::new();
    for (inp, out) in &pairs {
        let input = String::from_utf8_lossy(&std::fs::read(inp).unwrap()).into_owned();
        let expected = std::fs::read_to_string(out).unwrap();
        let ours = run(&input, &options).text;
        let comparison = compare(
            &Transcript::parse(&expected).unwrap(),
            &Transcript::parse(&ours).unwrap(),
        );
        if comparison.tree_equal() {
            tree_equal += 1;
        }
        if ours == expected {
            exact += 1;
        } else {
            let why = comparison
                .sets
                .or(comparison.order)
                .map_or_else(|| "layout only".to_owned(), |d| d.to_string());
            failures.push(format!("{}: {why}", inp.display()));
        }
    }
    println!(
        "Popeye suite: {} files, {exact} byte-exact, {tree_equal} tree-equal",
        pairs.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// In `#N` the goal is White's: Popeye never tests it after a Black move, so a refutation that
/// mates White is marked ` +`, as any check (read from Popeye 4.104 on this position, whose
/// try 1.0-0-0 is refuted by 1...Sa5-b3, mate; T08 of the timing problems as a #2).
#[test]
fn a_refutation_that_mates_is_marked_as_a_check() {
    let input = "BeginProblem\nPieces White Ke1 Qd6 Ra1e2 Bd7 Sh3 Pg2c4 \
                 Black Ke4 Qa7 Bd3h6 Sa5b8 Pa3e3h4e5c6g7\nStipulation #2\n\
                 Option Try Defence 2\nEndProblem\n";
    let options = RunOptions {
        regression: true,
        max_time: None,
        hash_mb: None,
        stop: None,
    };
    let ours = run(input, &options).text;
    let expected = "   1.0-0-0 ?\n    but\n      1...Sa5-b3 + !\n      1...Qa7*d7 !\n";
    assert!(ours.contains(expected), "{ours}");
}
