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

/// Appends the `solution` record of `line` to `out`, with its line end (many records go out
/// as one block, [`super::info::Output::block`]): its moves in UCI notation from the position
/// the play starts in, `0000` for the other side's pass in series play.
pub fn push_solution_record(out: &mut String, line: &Line) {
    use std::fmt::Write;
    out.push_str("info string mp solution moves=");
    if line.moves.is_empty() {
        out.push('-');
    }
    for (i, m) in line.moves.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        // Writing into a String cannot fail.
        let _ = write!(out, "{m}");
    }
    let _ = writeln!(out, " length={}", line.moves.len());
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
