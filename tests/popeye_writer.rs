//! The writer reproduces Popeye's text byte for byte when it is given Popeye's own play: each
//! `.out` file is read back into trees, its moves are replayed into `Solution`s, and the
//! front end writes them with the header, twins, messages and end lines of the `.inp` file.
//! No solver is involved, so this pins down the reader and the writer alone.

mod common;

use mateproof::popeye::reader::read;
use mateproof::popeye::replay::twin_solution;
use mateproof::popeye::run::{render, RunOptions, TwinContext};
use mateproof::popeye::transcript::Transcript;
use mateproof::solver::SolveError;

#[test]
fn writer_reproduces_every_reference_output_from_its_own_play() {
    let Some(pairs) = common::popeye_pairs() else {
        return;
    };
    assert!(
        pairs.len() > 250,
        "expected the Popeye reference pairs, found {}",
        pairs.len()
    );
    let mut failures = Vec::new();
    for (inp, out) in &pairs {
        let input = String::from_utf8_lossy(&std::fs::read(inp).unwrap()).into_owned();
        let expected = std::fs::read_to_string(out).unwrap();
        let transcript = Transcript::parse(&expected).unwrap();
        let file = read(&input);
        let mut replay_error = None;
        let written = render(
            &file,
            &RunOptions {
                regression: true,
                max_time: None,
                hash_mb: None,
                ..RunOptions::default()
            },
            &mut |twin: &TwinContext| {
                let problem = &transcript.problems[twin.problem_index];
                let played = &problem.twins[twin.twin_index];
                twin_solution(played, &twin.problem.position, file.language, problem.end).map_err(
                    |e| {
                        replay_error = Some(e.to_string());
                        SolveError::Unsupported(twin.problem.stipulation)
                    },
                )
            },
        );
        if let Some(e) = replay_error {
            failures.push(format!("{}: replay: {e}", inp.display()));
        } else if written.text != expected {
            let line = written
                .text
                .lines()
                .zip(expected.lines())
                .position(|(a, b)| a != b)
                .map_or_else(|| "length".to_owned(), |i| format!("line {}", i + 1));
            failures.push(format!("{}: differs at {line}", inp.display()));
        }
    }
    println!(
        "{} of {} outputs written byte-exact from Popeye's play",
        pairs.len() - failures.len(),
        pairs.len()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
