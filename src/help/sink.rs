//! Where the lines of help and series play go as the searches find them: to the caller's
//! [`LineSink`] (a writer, a collector), one line at a time, in the order the caller asks for
//! ([`LineOrder`]: Popeye's, or with none the order the search meets them). Nothing is kept
//! but a count, so a play with millions of solutions is solved in the memory of its table.
//!
//! The search ranks the moves of a node by the order before it searches them wherever it
//! makes the children first anyway (every node but the last two plies, [`super::search`]),
//! so lines come out in order from there down. The last two plies are not ranked: their
//! nodes are the many, and the moves that mate or stalemate are the few. Below the last
//! ranked node the lines found are held in a batch — at most the lines of two plies below one
//! position — and handed on sorted when that node is done; so is every line below a node
//! whose moves tie in rank (an order that cannot tell two moves apart: the lines then sort
//! by their later moves, as a sort of the whole list would).
//!
//! It never searches and never writes text itself.

use super::plan::HelpOptions;
use crate::rules::{RuleMove, Rules};
use std::ops::ControlFlow;

/// Receives each line of help or series play as it is found.
pub trait LineSink<R: Rules> {
    /// One line: every half-move from `start` (the position the play starts in), the other
    /// side's passes in series play as null moves. `Break` stops the search: the reader is
    /// gone, or the sink has all it wants.
    fn line(&mut self, start: &R, moves: &[R::Move]) -> ControlFlow<()>;

    /// The search has gone on a while since the last call: hand on whatever is held. Called
    /// now and then while lines come (every thousand nodes or so, and when the search ends),
    /// so a writer may buffer lines and still show each within moments of its finding.
    fn flush(&mut self) -> ControlFlow<()> {
        ControlFlow::Continue(())
    }
}

/// Collects every line, for the callers that need them all at once (the suite's comparison
/// with Popeye's text, `MoveNumbers`, the tests).
impl<R: Rules> LineSink<R> for Vec<Vec<R::Move>> {
    fn line(&mut self, _start: &R, moves: &[R::Move]) -> ControlFlow<()> {
        self.push(moves.to_vec());
        ControlFlow::Continue(())
    }
}

/// The order lines are delivered in: each move ranked among its siblings, lines compared move
/// by move (shorter lengths first in any case). A front end's choice: Popeye's lives in
/// `popeye::line_text`.
pub trait LineOrder<R: Rules> {
    /// The rank of `m`, a move of `pos` (a null move for a pass); ascending ranks are the
    /// order. `last`: `m` ends the line (the move that reaches the goal, or the other side's
    /// closing reply in `ser-h` and `ser-s`).
    fn rank(&self, pos: &R, m: R::Move, last: bool) -> u32;
}

/// A line held until its batch is sorted: its ranks from the batch's node on, and its moves.
type Held<M> = (Vec<u32>, Vec<M>);

/// The searches' side of a sink: counts, applies `MaxSolutions`, and holds the batch.
pub(super) struct Delivery<'a, R: Rules> {
    start: R,
    sink: &'a mut dyn LineSink<R>,
    order: Option<&'a dyn LineOrder<R>>,
    max_lines: Option<usize>,
    delivered: usize,
    /// The node the open batch is held for: its depth in the line and its position.
    batch_at: Option<(usize, R)>,
    batch: Vec<Held<R::Move>>,
    max_reached: bool,
    /// The sink said `Break`.
    closed: bool,
}

impl<'a, R: Rules> Delivery<'a, R> {
    pub(super) fn new(
        start: &R,
        limits: &HelpOptions,
        sink: &'a mut dyn LineSink<R>,
        order: Option<&'a dyn LineOrder<R>>,
    ) -> Delivery<'a, R> {
        Delivery {
            start: start.clone(),
            sink,
            order,
            max_lines: limits.max_lines,
            delivered: 0,
            batch_at: None,
            batch: Vec::new(),
            max_reached: false,
            closed: false,
        }
    }

    /// Lines handed on so far.
    pub(super) fn delivered(&self) -> usize {
        self.delivered
    }

    /// True once `MaxSolutions` lines are delivered.
    pub(super) fn max_reached(&self) -> bool {
        self.max_reached
    }

    /// True when no more lines are wanted (`MaxSolutions` reached, or the sink closed).
    pub(super) fn is_done(&self) -> bool {
        self.max_reached || self.closed
    }

    /// The order, if lines are to be sorted.
    pub(super) fn order(&self) -> Option<&'a dyn LineOrder<R>> {
        self.order
    }

    /// Opens a batch for the node at `depth` of the line (position `pos`) unless lines go
    /// straight out (no order) or a batch is open already; true when this call opened it (the
    /// caller then ends it with [`Delivery::end_batch`]).
    pub(super) fn begin_batch(&mut self, depth: usize, pos: &R) -> bool {
        if self.order.is_none() || self.batch_at.is_some() {
            return false;
        }
        self.batch_at = Some((depth, pos.clone()));
        true
    }

    /// Sorts the open batch and hands its lines on; `Break` when no more are wanted.
    pub(super) fn end_batch(&mut self) -> ControlFlow<()> {
        self.batch_at = None;
        let mut held = std::mem::take(&mut self.batch);
        // Stable: lines of equal ranks keep the order they were found in.
        held.sort_by(|a, b| a.0.cmp(&b.0));
        let mut flow = ControlFlow::Continue(());
        for (_, moves) in &held {
            flow = self.deliver(moves);
            if flow.is_break() {
                break;
            }
        }
        held.clear();
        self.batch = held;
        flow
    }

    /// A line found (`line`: every move from the start). `Break` when no more are wanted.
    pub(super) fn found(&mut self, line: &[R::Move]) -> ControlFlow<()> {
        match (&self.batch_at, self.order) {
            (Some((depth, pos)), Some(order)) => {
                let ranks = ranks(order, pos, &line[*depth..]);
                self.batch.push((ranks, line.to_vec()));
                ControlFlow::Continue(())
            }
            _ => self.deliver(line),
        }
    }

    fn deliver(&mut self, line: &[R::Move]) -> ControlFlow<()> {
        if self.is_done() {
            return ControlFlow::Break(());
        }
        if self.sink.line(&self.start, line).is_break() {
            self.closed = true;
            return ControlFlow::Break(());
        }
        self.delivered += 1;
        if self.max_lines.is_some_and(|max| self.delivered >= max) {
            self.max_reached = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }

    /// Now and then while searching: lets the sink hand on what it holds.
    pub(super) fn flush(&mut self) -> ControlFlow<()> {
        if self.closed {
            return ControlFlow::Break(());
        }
        if self.sink.flush().is_break() {
            self.closed = true;
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    }
}

/// The ranks of `moves` played one after another from `pos`, the last as a line's last.
pub(super) fn ranks<R: Rules>(order: &dyn LineOrder<R>, pos: &R, moves: &[R::Move]) -> Vec<u32> {
    let mut pos = pos.clone();
    let last = moves.len().saturating_sub(1);
    moves
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let rank = order.rank(&pos, m, i == last);
            pos = if m.is_null() { pos.pass() } else { pos.play(m) };
            rank
        })
        .collect()
}
