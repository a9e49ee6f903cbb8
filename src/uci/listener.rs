//! The engine's events as UCI lines: [`UciListener`] is the [`EngineListener`] of a UCI
//! session, and the only place the search's results become protocol text (through the
//! writers in [`super::info`], [`super::report`], [`super::help_report`] and
//! [`super::composer`]).

use super::composer::event_lines;
use super::help_report::{closing_records, push_solution_record};
use super::info::{bestmove_line, iteration_line, mate_lines, LineWriter, Output};
use super::report::problem_report;
use crate::board::{Move, Position};
use crate::classify::Classification;
use crate::engine::{ComposerEvent, EngineListener, MateReport, Message, PerftReport};
use crate::perft::write_rows;
use crate::problem::Stipulation;
use crate::search::Iteration;
use crate::solution::{HelpOutcome, Line, Solution};

/// Writes each event as whole lines on the session's output.
pub struct UciListener {
    out: Output,
}

impl UciListener {
    pub fn new(out: Output) -> UciListener {
        UciListener { out }
    }
}

impl EngineListener for UciListener {
    fn on_iteration(&self, iteration: &Iteration) {
        self.out.line(&iteration_line(iteration));
    }

    /// Stockfish's `info depth 0 score mate 0` (mated) or `score cp 0` (stalemate).
    fn on_no_legal_move(&self, mated: bool) {
        let score = if mated { "mate 0" } else { "cp 0" };
        self.out.line(&format!("info depth 0 score {score}"));
    }

    fn on_mate(&self, report: &MateReport) {
        self.out.lines(&mate_lines(
            report.found,
            report.multipv,
            report.nodes,
            report.time,
        ));
    }

    /// `info string mp …` lines.
    fn on_problem_report(&self, solution: &Solution, stipulation: &Stipulation) {
        self.out.lines(&problem_report(solution, stipulation));
    }

    /// `info string mp solution …` lines, as they come, in one write.
    fn on_help_lines(&self, lines: &[Line]) {
        let mut block = String::new();
        for line in lines {
            push_solution_record(&mut block, line);
        }
        self.out.block(&block);
    }

    /// `info string mp solutions …` and `end`.
    fn on_help_done(&self, outcome: &HelpOutcome, stipulation: &Stipulation) {
        self.out.lines(&closing_records(outcome, stipulation));
    }

    fn on_composer(&self, event: &ComposerEvent) {
        self.out.lines(&event_lines(event));
    }

    /// Stockfish's `go perft` text.
    fn on_perft(&self, report: &PerftReport) {
        let mut writer = LineWriter::new(self.out.clone());
        // Writing to an `Output` cannot fail; a closed pipe is noticed by the command loop.
        let _ = write_rows(&mut writer, &report.rows, report.total);
        let _ = std::io::Write::flush(&mut writer);
    }

    /// `info string classify …` records.
    fn on_classify(&self, classification: &Classification<Move>, position: &Position) {
        self.out
            .lines(&super::classify::classify_lines(classification, position));
    }

    fn on_message(&self, message: &Message) {
        self.out.info_string(&message.to_string());
    }

    fn on_bestmove(&self, best: Move, ponder: Option<Move>) {
        self.out.line(&bestmove_line(best, ponder));
    }
}
