//! Help and series play as JSON Lines (`mateproof solve --stip h#3 --json`): one object per
//! solution, written as it is found, then one summary object. Moves in UCI, `0000` for the
//! other side's pass in series play:
//!
//! ```text
//! {"solution":["b3b2","c5b5","b2a1","b5b1"]}
//! {"stipulation":"h#2","count":1,"complete":true,"max_solutions_reached":false,"nodes":1612,"time_ms":12}
//! ```
//!
//! A set-play line (`--setplay`) carries `"set_play":true`. `count` is the number of solution
//! objects before the summary; `complete` is false when a limit cut the search short,
//! `max_solutions_reached` true when `--max-solutions` did. It reads lines and counts only; it
//! never searches.

use super::chunks::Chunks;
use crate::help::LineSink;
use crate::problem::Stipulation;
use crate::rules::{RuleMove, Rules};
use crate::solution::HelpOutcome;
use std::fmt::Write;
use std::ops::ControlFlow;

/// Writes each line handed on by the help search as its JSON object, one a line (a
/// [`LineSink`]); `set_play` marks the lines of set play.
pub struct JsonLines<'a> {
    pub chunks: Chunks<'a>,
    pub set_play: bool,
}

impl<R: Rules> LineSink<R> for JsonLines<'_> {
    fn line(&mut self, _start: &R, moves: &[R::Move]) -> ControlFlow<()> {
        let mut object = solution_object(moves, self.set_play);
        object.push('\n');
        self.chunks.push(&object)
    }

    fn flush(&mut self) -> ControlFlow<()> {
        self.chunks.flush()
    }
}

/// The object of one solution, without its line break.
///
/// ```
/// use mateproof::board::{Position, Validation};
/// use mateproof::notation::parse_uci;
/// let pos = Position::from_fen("k7/8/1K6/8/8/8/8/7R b - - 0 1", Validation::Lenient).unwrap();
/// let first = parse_uci(&pos, "a8b8").unwrap();
/// let mate = parse_uci(&pos.after(first), "h1h8").unwrap();
/// let text = mateproof::output::lines_json::solution_object(&[first, mate], false);
/// assert_eq!(text, r#"{"solution":["a8b8","h1h8"]}"#);
/// ```
pub fn solution_object<M: RuleMove>(moves: &[M], set_play: bool) -> String {
    let mut text = String::from("{\"solution\":[");
    for (i, m) in moves.iter().enumerate() {
        if i > 0 {
            text.push(',');
        }
        // A UCI move is letters, digits and `0000`: nothing to escape.
        let _ = write!(text, "\"{m}\"");
    }
    text.push(']');
    if set_play {
        text.push_str(",\"set_play\":true");
    }
    text.push('}');
    text
}

/// The summary object that closes the output: `count` solutions written before it, and how
/// the search ended (`outcomes`: each part solved, set play first).
pub fn summary_object<P: Rules>(
    stipulation: &Stipulation,
    count: usize,
    outcomes: &[HelpOutcome<P>],
) -> String {
    let complete = outcomes.iter().all(|o| o.complete);
    let max = outcomes.iter().any(|o| o.max_solutions_reached);
    let nodes: u64 = outcomes.iter().map(|o| o.stats.nodes).sum();
    let time = outcomes.last().map_or(0, |o| o.stats.time.as_millis());
    // Written by hand to keep the fields in this order (the stipulation first).
    format!(
        "{{\"stipulation\":{},\"count\":{count},\"complete\":{complete},\
         \"max_solutions_reached\":{max},\"nodes\":{nodes},\"time_ms\":{time}}}",
        serde_json::Value::String(stipulation.to_string())
    )
}
