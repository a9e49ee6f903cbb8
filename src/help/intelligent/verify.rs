//! The search of one target: every help line of exactly the length asked that ends in the
//! goal (mate or stalemate), or every `ser-h#` series of exactly the length asked followed by
//! the other side's mate, with the target's men on their places. It is the plain help or
//! series search with one more test after each move, made in constant time: the moves each
//! side's placed men and blocks still need ([`Progress`]) and the captures of the men the
//! target wants taken fit in the moves that side has left, and no placed man was taken. Dead
//! ends go to the help search's table under the position's key mixed with the target's and
//! with the men's ([`Progress::key`]: the same position may come with its men swapped), so
//! one table serves every target.

use super::progress::{Aims, Progress};
use crate::board::{Bitboard, Color, GenKind, Move, MoveList, Position};
use crate::help::hints::Hints;
use crate::help::table::DeadEnds;
use crate::kernel::SearchControl;
use crate::problem::Goal;
use crate::rules::Rules;
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
    /// What the target being searched wants of the men.
    pub aims: Aims,
    pub nodes: u64,
    pub halted: bool,
    pub path: Vec<Move>,
    /// Spare lists for the children of a node, one per depth in use.
    pub children: Vec<Vec<(Move, Position, Progress)>>,
}

impl Verifier<'_> {
    /// Counts a node and polls the limits now and then; false once they stop the search.
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) {
            self.control.add_nodes(1024);
            if self.control.should_stop() {
                self.halted = true;
            }
        }
        !self.halted
    }

    /// Lines of exactly `remaining` half-moves from `pos`, whose men are `men`.
    pub(super) fn help(&mut self, pos: &Position, men: &Progress, remaining: u32) -> bool {
        if !self.visit() {
            return false;
        }
        let key = pos.key() ^ self.salt ^ men.key();
        let last = remaining == 1;
        if !last && self.dead.contains(key, remaining) {
            return false;
        }
        let moves = self.moves(pos, men, remaining, remaining.div_ceil(2));
        // After the move: the mover's moves left, and the other side's.
        let left = ((remaining - 1) / 2, (remaining - 1).div_ceil(2));
        let probed = (remaining > 2).then_some(remaining - 1);
        let children = self.fitting(pos, men, &moves, left, |next| next.key(), probed);
        self.search_children(
            children,
            (key, remaining),
            !last,
            |verifier, next, next_men| {
                if last {
                    verifier.goal_line(next)
                } else {
                    verifier.help(next, next_men, remaining - 1)
                }
            },
        )
    }

    /// `ser-h#`: lines of exactly `remaining` series moves from `pos` (the series side to
    /// move), each followed by the other side's mating move, under the plain series search's
    /// rules ([`crate::help::search_lines`]): no series move but the last may give check (the
    /// passing side would stand in check), and the series goes on past a position where the
    /// other side could already mate. After each series move the series side has the moves
    /// left to it, the other side its one mating move.
    pub(super) fn series(&mut self, pos: &Position, men: &Progress, remaining: u32) -> bool {
        if !self.visit() {
            return false;
        }
        let key = pos.key() ^ self.salt ^ men.key();
        if self.dead.contains(key, remaining) {
            return false;
        }
        let last = remaining == 1;
        let moves = if last {
            pos.mate_preparations().unwrap_or_else(|| pos.legal_moves())
        } else {
            pos.legal_moves()
        };
        let probed = (!last).then_some(remaining - 1);
        let left = (remaining - 1, 1);
        let children = self.fitting(pos, men, &moves, left, |next| next.pass().key(), probed);
        self.search_children(
            children,
            (key, remaining),
            true,
            |verifier, next, next_men| {
                if last {
                    verifier.mating_replies(next)
                } else if next.is_check() {
                    false
                } else {
                    verifier.path.push(Move::default());
                    let found = verifier.series(&next.pass(), next_men, remaining - 1);
                    verifier.path.pop();
                    found
                }
            },
        )
    }

    /// Searches each child with `step` (its move on the path), gives the spare list back,
    /// and where `remember` and no child led to lines, remembers the node (`key`) as a dead
    /// end at `remaining`.
    fn search_children(
        &mut self,
        mut children: Vec<(Move, Position, Progress)>,
        (key, remaining): (u64, u32),
        remember: bool,
        mut step: impl FnMut(&mut Self, &Position, &Progress) -> bool,
    ) -> bool {
        let mut found = false;
        for (m, next, next_men) in children.drain(..) {
            self.path.push(m);
            found |= step(self, &next, &next_men);
            self.path.pop();
            if self.halted {
                break;
            }
        }
        self.children.push(children);
        if remember && !found && !self.halted {
            self.dead.insert(key, remaining);
        }
        found
    }

    /// The moves of `moves` after which the placed men still fit the moves each side has
    /// left (`left`: the mover's, then the other side's), each with the position and the men
    /// after it, in a spare list. The children are made before the first is searched and,
    /// where `probed` names the remaining length there, the table bucket of each child's
    /// `key` is prefetched, so the probes rarely wait for memory.
    fn fitting(
        &mut self,
        pos: &Position,
        men: &Progress,
        moves: &[Move],
        (mover_left, other_left): (u32, u32),
        key: impl Fn(&Position) -> u64,
        probed: Option<u32>,
    ) -> Vec<(Move, Position, Progress)> {
        let mover = pos.turn();
        let aims = &self.aims;
        let fits = |men: &Progress| {
            men.need(aims, mover).max(men.captures_needed(aims, mover)) <= mover_left
                && men
                    .need(aims, !mover)
                    .max(men.captures_needed(aims, !mover))
                    <= other_left
        };
        // A bound at most the full one first, read without copying the men.
        let quick_fits = |m: Move| {
            men.need_after(aims, m, mover)
                .is_some_and(|(need, captures)| need.max(captures) <= mover_left)
                && men
                    .need_after(aims, m, !mover)
                    .is_some_and(|(need, captures)| need.max(captures) <= other_left)
        };
        let mut children = self.children.pop().unwrap_or_default();
        children.clear();
        for &m in moves {
            if !quick_fits(m) {
                continue;
            }
            let Some(next_men) = men.after(aims, m) else {
                continue;
            };
            if !fits(&next_men) {
                continue;
            }
            let next = pos.after(m);
            if let Some(remaining) = probed {
                self.dead
                    .prefetch(key(&next) ^ self.salt ^ next_men.key(), remaining);
            }
            children.push((m, next, next_men));
        }
        children
    }

    /// Records the line if the side to move in `pos` suffers the goal.
    fn goal_line(&mut self, pos: &Position) -> bool {
        let hit = pos.is_check() == (self.goal == Goal::Mate) && !pos.has_legal_move();
        if hit {
            self.lines.insert(self.path.clone());
        }
        hit
    }

    /// After a `ser-h#` series (`pos`: the other side to move): records a line for each of
    /// its moves that mates.
    fn mating_replies(&mut self, pos: &Position) -> bool {
        let mut found = false;
        for &m in pos.mate_candidates().iter() {
            self.path.push(m);
            found |= self.goal_line(&pos.after(m));
            self.path.pop();
        }
        found
    }
}

impl Verifier<'_> {
    /// The moves to try with `remaining` half-moves left, the mover's `moves` among them:
    /// where the goal can come next, only the moves that may reach it (the help search's own
    /// candidates); where the mover needs every move it has left, only the moves of the men
    /// whose moves can lower that need ([`Progress::squares_of_needed`]).
    fn moves(&self, pos: &Position, men: &Progress, remaining: u32, moves: u32) -> MoveList {
        let mover = pos.turn();
        let from = if men.need(&self.aims, mover) >= moves {
            men.squares_of_needed(&self.aims, mover)
        } else {
            Bitboard::FULL
        };
        let candidates = match (self.goal, remaining) {
            (Goal::Mate, 1) => Some(pos.mate_candidates()),
            (Goal::Stalemate, 1) => pos.stalemate_candidates(),
            (Goal::Stalemate, 2) => pos.stalemate_preparations(),
            _ => None,
        };
        match candidates {
            Some(mut list) => {
                if from != Bitboard::FULL {
                    list.retain(|m| from.contains(m.from()));
                }
                list
            }
            None => {
                let mut list = MoveList::new();
                pos.generate(GenKind::All, from, &mut list);
                list
            }
        }
    }
}

/// True when the placed men and blocks of `aims` fit the moves each side makes in the line:
/// `mover` (to move at the start) its `moves.0`, the other side its `moves.1`; the blocks
/// counted held by men of their own ([`Progress::need_held_apart`]).
pub(super) fn fits_at_start(aims: &Aims, men: &Progress, mover: Color, moves: (u32, u32)) -> bool {
    let fits = |color: Color, moves: u32| {
        men.need_held_apart(aims, color)
            .max(men.captures_needed(aims, color))
            <= moves
    };
    fits(mover, moves.0) && fits(!mover, moves.1)
}
