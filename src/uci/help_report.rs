//! Help and series play as `info string mp …` lines (a `go` under the `Stipulation` option):
//! one `solution` record per line of play, sent as the search finds it (shortest first, in
//! Popeye's order), then one `solutions` record with the count and how the search ended, and
//! `end`. The grammar is in `protocol/uci-extensions.md`; like [`super::report`], this writer
//! reads the lines and the outcome only.
//!
//! ```text
//! info string mp solution moves=b3b2,c5b5,b2a1,b5b1 length=4
//! info string mp solutions stipulation=h#2 count=1 complete=yes nodes=1234 time=5
//! info string mp end lines=3
//! ```

use crate::problem::Stipulation;
use crate::solution::{HelpOutcome, Line};

/// The `solution` record of one line: its moves in UCI notation from the position the play
/// starts in, `0000` for the other side's pass in series play.
pub fn solution_record(line: &Line) -> String {
    let moves: Vec<String> = line.moves.iter().map(|m| m.to_string()).collect();
    format!(
        "info string mp solution moves={} length={}",
        if moves.is_empty() {
            "-".to_owned()
        } else {
            moves.join(",")
        },
        line.moves.len()
    )
}

/// The closing records, `solutions` and `end`, after `outcome.lines` solution records.
pub fn closing_records(outcome: &HelpOutcome, stipulation: &Stipulation) -> [String; 2] {
    [
        format!(
            "info string mp solutions stipulation={stipulation} count={} complete={} nodes={} time={}",
            outcome.lines,
            if outcome.complete && !outcome.max_solutions_reached {
                "yes"
            } else {
                "no"
            },
            outcome.stats.nodes,
            outcome.stats.time.as_millis()
        ),
        format!("info string mp end lines={}", outcome.lines + 2),
    ]
}
