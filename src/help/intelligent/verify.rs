//! The search of one target: every help line of exactly the length asked that ends in the
//! goal (mate or stalemate) with the target's men on their places. It is the plain help
//! search with one more test after each move, made in constant time: the moves each side's
//! placed men still need ([`Men`]) and the captures of the men the target wants taken fit in
//! the moves that side has left, and no placed man was taken. Dead ends go
//! to the help search's table under the position's key mixed with the target's, so one table
//! serves every target.

use super::men::Men;
use crate::board::{Color, Move, Position};
use crate::help::hints::Hints;
use crate::help::table::DeadEnds;
use crate::kernel::SearchControl;
use crate::problem::Goal;
use std::collections::HashSet;

/// One target's search, writing into the lines shared by every target.
pub(super) struct Verifier<'a> {
    /// Mate or stalemate.
    pub goal: Goal,
    pub dead: &'a mut DeadEnds,
    pub control: &'a SearchControl,
    pub lines: &'a mut HashSet<Vec<Move>>,
    /// Mixed into every key: the target's own.
    pub salt: u64,
    pub nodes: u64,
    pub halted: bool,
    pub path: Vec<Move>,
    /// Spare lists for the children of a node, one per depth in use.
    pub children: Vec<Vec<(Move, Position, Men)>>,
}

impl Verifier<'_> {
    /// Lines of exactly `remaining` half-moves from `pos`, whose men are `men`.
    pub(super) fn help(&mut self, pos: &Position, men: &Men, remaining: u32) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) {
            self.control.add_nodes(1024);
            if self.control.should_stop() {
                self.halted = true;
            }
        }
        if self.halted {
            return false;
        }
        let key = pos.key() ^ self.salt;
        let last = remaining == 1;
        if !last && self.dead.contains(key, remaining) {
            return false;
        }
        let mover = pos.turn();
        let moves = self.moves(pos, remaining);
        // After the move: the mover's moves left, and the other side's.
        let (mover_left, other_left) = ((remaining - 1) / 2, (remaining - 1).div_ceil(2));
        let fits = |men: &Men| {
            men.need(mover).max(men.captures_needed(mover)) <= mover_left
                && men.need(!mover).max(men.captures_needed(!mover)) <= other_left
        };
        let mut found = false;
        // The bound without the blocks first, read without copying the men.
        let quick_fits = |m: Move| {
            men.need_after(m, mover)
                .is_some_and(|(need, captures)| need.max(captures) <= mover_left)
                && men
                    .need_after(m, !mover)
                    .is_some_and(|(need, captures)| need.max(captures) <= other_left)
        };
        // The children are made before the first is searched and their table buckets
        // prefetched, so their probes rarely wait for memory.
        let mut children = self.children.pop().unwrap_or_default();
        children.clear();
        for &m in moves.iter() {
            if !quick_fits(m) {
                continue;
            }
            let Some(next_men) = men.after(pos, m) else {
                continue;
            };
            if !fits(&next_men) {
                continue;
            }
            let next = pos.after(m);
            if remaining > 2 {
                self.dead.prefetch(next.key() ^ self.salt, remaining - 1);
            }
            children.push((m, next, next_men));
        }
        for (m, next, next_men) in children.drain(..) {
            self.path.push(m);
            if last {
                if next.is_check() == (self.goal == Goal::Mate) && !next.has_legal_move() {
                    self.lines.insert(self.path.clone());
                    found = true;
                }
            } else {
                found |= self.help(&next, &next_men, remaining - 1);
            }
            self.path.pop();
            if self.halted {
                break;
            }
        }
        self.children.push(children);
        if self.halted {
            return found;
        }
        if !found && !last {
            self.dead.insert(key, remaining);
        }
        found
    }
}

impl Verifier<'_> {
    /// The moves to try with `remaining` half-moves left: where the goal can come next, only
    /// the moves that may reach it (the help search's own candidates).
    fn moves(&self, pos: &Position, remaining: u32) -> crate::rules::Moves<Position> {
        match (self.goal, remaining) {
            (Goal::Mate, 1) => pos.mate_candidates(),
            (Goal::Stalemate, 1) => pos
                .stalemate_candidates()
                .unwrap_or_else(|| pos.legal_moves()),
            (Goal::Stalemate, 2) => pos
                .stalemate_preparations()
                .unwrap_or_else(|| pos.legal_moves()),
            _ => pos.legal_moves(),
        }
    }
}

/// True when `men`'s placed men fit the moves each side has in a line of `plies` half-moves
/// with `mover` to move.
pub(super) fn fits_at_start(men: &Men, mover: Color, plies: u32) -> bool {
    men.need(mover).max(men.captures_needed(mover)) <= plies.div_ceil(2)
        && men.need(!mover).max(men.captures_needed(!mover)) <= plies / 2
}
