//! Help and series play as `info string mp …` lines (a `go` under the `Stipulation` option):
//! one `solutions` record, one `solution` record per line of play, shortest first, and
//! `end`. The grammar is in `protocol/uci-extensions.md`; like [`super::report`], this writer
//! reads the solution only.
//!
//! ```text
//! info string mp solutions stipulation=h#2 count=2 complete=yes nodes=1234 time=5
//! info string mp solution moves=b3b2,c5b5,b2a1,b5b1 length=4
//! info string mp end lines=3
//! ```

use crate::problem::Stipulation;
use crate::solution::HelpSolution;

/// The report's lines, from `solutions` to `end`. Moves are in UCI notation from the
/// position the play starts in, `0000` for the other side's pass in series play.
pub fn help_report(solution: &HelpSolution, stipulation: &Stipulation) -> Vec<String> {
    let mut lines = vec![format!(
        "info string mp solutions stipulation={stipulation} count={} complete={} nodes={} time={}",
        solution.lines.len(),
        if solution.complete && !solution.max_solutions_reached {
            "yes"
        } else {
            "no"
        },
        solution.stats.nodes,
        solution.stats.time.as_millis()
    )];
    for line in &solution.lines {
        let moves: Vec<String> = line.moves.iter().map(|m| m.to_string()).collect();
        lines.push(format!(
            "info string mp solution moves={} length={}",
            if moves.is_empty() {
                "-".to_owned()
            } else {
                moves.join(",")
            },
            line.moves.len()
        ));
    }
    lines.push(format!("info string mp end lines={}", lines.len() + 1));
    lines
}
