//! The search for help and series lines, generic over [`Rules`]: a depth-first enumeration of
//! every line of exactly the length asked, lengths shortest first, with a table of dead ends
//! ([`super::table`]) and, where the goal is mate, only the checks that may mate for the mating move
//! and only the moves after which a mate may follow right before it
//! ([`super::mate_preparations`]). Each line goes to a [`LineSink`] as it is found, in the
//! caller's [`LineOrder`] where one is given ([`super::sink`]).

use super::hints::{Hints, MovesLeft};
use super::plan::{default_table_mb, End, Found, HelpOptions, Outcome, Plan};
use super::sink::{Delivery, LineOrder, LineSink};
use super::table::DeadEnds;
use crate::kernel::SearchControl;
use crate::problem::Goal;
use crate::rules::{RuleMove, Rules};

/// Mixed into the key of a node reached by a pass, where no second pass may follow.
const AFTER_PASS: u64 = 0x9e37_79b9_7f4a_7c15;

/// Finds every line of `plan` from `pos` (the starting side to move), collected in the order
/// the search meets them ([`search_lines_into`] hands them on one by one instead).
///
/// ```
/// use mateproof::board::{Position, Validation};
/// use mateproof::help::{search_lines, Plan};
/// use mateproof::kernel::SearchControl;
/// let pos = Position::from_fen("k7/8/1K6/8/8/8/8/7R b - - 0 1", Validation::Lenient).unwrap();
/// let plan = Plan::of(&"h#1".parse().unwrap()).unwrap();
/// let found = search_lines(&pos, &plan, &Default::default(), &SearchControl::unlimited());
/// assert_eq!(found.lines.len(), 1); // 1.Ka8-b8 Rh1-h8#
/// ```
pub fn search_lines<R: Hints>(
    pos: &R,
    plan: &Plan,
    limits: &HelpOptions,
    control: &SearchControl,
) -> Found<R::Move> {
    let mut lines = Vec::new();
    let outcome = search_lines_into(pos, plan, limits, control, &mut lines, None);
    Found::of(lines, outcome)
}

/// Finds every line of `plan` from `pos` and hands each to `sink` as it is found: lengths
/// shortest first, each in `order` (with none, in the order the search meets them).
/// `MaxSolutions` (`limits.max_lines`) counts the lines in that order.
///
/// ```
/// use mateproof::board::{Position, Validation};
/// use mateproof::help::{search_lines_into, Plan};
/// use mateproof::kernel::SearchControl;
/// let pos = Position::from_fen("k7/8/1K6/8/8/8/8/7R b - - 0 1", Validation::Lenient).unwrap();
/// let plan = Plan::of(&"h#1".parse().unwrap()).unwrap();
/// let mut lines = Vec::new();
/// let outcome =
///     search_lines_into(&pos, &plan, &Default::default(), &SearchControl::unlimited(), &mut lines, None);
/// assert_eq!((outcome.lines, outcome.complete, lines.len()), (1, true, 1));
/// ```
pub fn search_lines_into<R: Hints>(
    pos: &R,
    plan: &Plan,
    limits: &HelpOptions,
    control: &SearchControl,
    sink: &mut dyn LineSink<R>,
    order: Option<&dyn LineOrder<R>>,
) -> Outcome {
    let mut out = Delivery::new(pos, limits, sink, order);
    let outcome = search_delivering(pos, plan, limits, control, &mut out);
    let _ = out.flush();
    outcome
}

/// [`search_lines_into`] over a delivery the caller holds (the intelligent mode hands the
/// lengths it does not answer itself to this search, into the same delivery).
pub(super) fn search_delivering<R: Hints>(
    pos: &R,
    plan: &Plan,
    limits: &HelpOptions,
    control: &SearchControl,
    out: &mut Delivery<'_, R>,
) -> Outcome {
    let first = out.delivered();
    let mut search = Search {
        plan,
        control,
        dead: DeadEnds::with_megabytes(
            limits
                .table_mb
                .unwrap_or_else(|| default_table_mb(plan.longest())),
        ),
        out,
        path: Vec::new(),
        children: Vec::new(),
        ranked: Vec::new(),
        nodes: 0,
        halted: false,
    };
    let mut stopped_on_short = false;
    for &length in &plan.lengths {
        let before = search.out.delivered();
        if plan.series {
            if length == 0 {
                // The end straight from the diagram: one batch of the replies.
                let batch = search.out.begin_batch(0, pos);
                search.end(pos);
                if batch {
                    search.end_batch();
                }
            } else {
                search.series(pos, length);
            }
        } else {
            search.help(pos, length);
        }
        if search.halted {
            break;
        }
        if limits.stop_on_short && length < plan.longest() && search.out.delivered() > before {
            stopped_on_short = true;
            break;
        }
    }
    let max_reached = search.out.max_reached();
    Outcome {
        lines: search.out.delivered() - first,
        complete: !search.halted || max_reached,
        max_lines_reached: max_reached,
        stopped_on_short,
        nodes: search.nodes,
    }
}

struct Search<'a, 'o, R: Rules> {
    plan: &'a Plan,
    control: &'a SearchControl,
    dead: DeadEnds,
    out: &'a mut Delivery<'o, R>,
    path: Vec<R::Move>,
    /// Spare lists for the children of a node (each with its move), one per depth in use (no
    /// allocation per node).
    children: Vec<Vec<(R::Move, R)>>,
    /// Spare lists of the children's ranks in the delivery's order, each packed with the
    /// child's index (`rank << 16 | index`, so sorting them sorts by rank, then as made).
    ranked: Vec<Vec<u64>>,
    nodes: u64,
    /// A limit stopped the search (the control's, `MaxSolutions`, or the sink).
    halted: bool,
}

/// Which moves a node tries.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Ply {
    /// The move that must reach the goal.
    Last,
    /// The move right before the other side's goal move (help play's last but one, a
    /// `ser-h` series' last move).
    BeforeOthersLast,
    /// Any legal move.
    Any,
}

/// True when the side to move in `pos` suffers the goal.
fn reached<R: Rules>(goal: Goal, pos: &R) -> bool {
    match goal {
        Goal::Mate => pos.is_check() && !pos.has_legal_move(),
        Goal::Stalemate => !pos.is_check() && !pos.has_legal_move(),
        _ => false,
    }
}

impl<R: Hints> Search<'_, '_, R> {
    /// Counts a node and polls the limits now and then (and lets the sink show its lines).
    fn visit(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) {
            self.control.add_nodes(1024);
            if self.control.should_stop() || self.out.flush().is_break() {
                self.halted = true;
            }
        }
        !self.halted
    }

    /// The line so far reaches the end: to the delivery.
    fn record(&mut self) {
        if self.out.found(&self.path).is_break() {
            self.halted = true;
        }
    }

    /// Hands on the lines held below the node that opened the batch.
    fn end_batch(&mut self) {
        if self.out.end_batch().is_break() {
            self.halted = true;
        }
    }

    /// The moves that may reach the goal at once: only the checks that may mate
    /// ([`Rules::mate_candidates`]) where the goal is mate, only the rules' candidates
    /// ([`Hints`]) where it is stalemate.
    fn final_moves(&self, pos: &R) -> crate::rules::Moves<R> {
        match self.plan.goal {
            Goal::Mate => pos.mate_candidates(),
            Goal::Stalemate => pos
                .stalemate_candidates()
                .unwrap_or_else(|| pos.legal_moves()),
            _ => pos.legal_moves(),
        }
    }

    /// The moves that may come right before the other side's goal move: only the rules'
    /// preparations of a mate or a stalemate ([`Hints`]).
    fn preparing_moves(&self, pos: &R) -> crate::rules::Moves<R> {
        match self.plan.goal {
            // A pass never mates: the other side's last move is a move.
            Goal::Mate => pos.mate_preparations().unwrap_or_else(|| pos.legal_moves()),
            // Under `NullMoves` the other side's last move may be a pass.
            Goal::Stalemate if !self.plan.null_moves => pos
                .stalemate_preparations()
                .unwrap_or_else(|| pos.legal_moves()),
            _ => pos.legal_moves(),
        }
    }

    /// Plays every move of `pos` the `ply` allows and asks `step` whether the position after
    /// it leads to lines; remembers `pos` as a dead end for `remaining` when none does.
    fn expand(
        &mut self,
        pos: &R,
        remaining: u32,
        ply: Ply,
        mut step: impl FnMut(&mut Self, &R) -> bool,
    ) -> bool {
        if !self.visit() {
            return false;
        }
        // The last move is found faster than the table's memory is read.
        let last = ply == Ply::Last;
        let after_pass = self.after_pass();
        // `NullMoves`: a pass, but not in check and not right after a pass.
        let may_pass = self.plan.null_moves && !after_pass && !pos.is_check();
        let key = if after_pass {
            pos.key() ^ AFTER_PASS
        } else {
            pos.key()
        };
        if !last && self.dead.contains(key, remaining) {
            return false;
        }
        // The last move's own generation (mate candidates, stalemate hints) is cheaper.
        if !last
            && self.reach_known()
            && pos.goal_out_of_reach(self.plan.goal, self.moves_left(remaining))
        {
            self.dead.insert(key, remaining);
            return false;
        }
        let moves = match ply {
            Ply::Last => self.final_moves(pos),
            Ply::BeforeOthersLast => self.preparing_moves(pos),
            Ply::Any => pos.legal_moves(),
        };
        // A child that is no last move probes the table first: the children are all made
        // before the first is searched and their buckets prefetched, so the probes rarely
        // wait for memory; the others are made when they are searched.
        // In series play the child searched is the position after the other side's pass.
        let probed = match (self.plan.series, self.plan.end) {
            (true, End::Goal) | (false, _) => remaining > 2,
            (true, _) => remaining > 1,
        };
        let mut children = self.children.pop().unwrap_or_default();
        children.clear();
        let mut ranked = self.ranked.pop().unwrap_or_default();
        ranked.clear();
        // Where the children are made first they are searched in the delivery's order, so
        // the lines below come out in it; below the last such node (the last two plies) the
        // lines are held in a batch and sorted when this node is done ([`super::sink`]).
        let order = self.out.order();
        let mut batch = false;
        if probed {
            for &m in moves.iter() {
                let next = pos.play(m);
                let key = if self.plan.series {
                    next.pass().key()
                } else {
                    next.key()
                };
                self.dead.prefetch(key, remaining - 1);
                if let Some(order) = order {
                    let rank = u64::from(order.rank(pos, m, false));
                    ranked.push(rank << 16 | children.len() as u64);
                }
                children.push((m, next));
            }
            if order.is_some() {
                ranked.sort_unstable();
                // Siblings the order cannot tell apart: their lines sort by later moves.
                if ranked.windows(2).any(|w| w[0] >> 16 == w[1] >> 16) {
                    batch = self.out.begin_batch(self.path.len(), pos);
                }
            }
        } else {
            batch = self.out.begin_batch(self.path.len(), pos);
        }
        let mut found = false;
        // A pass comes first, as Popeye lists it.
        if may_pass && !(last && self.plan.goal == Goal::Mate) {
            self.path.push(R::Move::default());
            found |= step(self, &pos.pass());
            self.path.pop();
        }
        if probed {
            let count = children.len();
            for at in 0..count {
                if self.halted {
                    break;
                }
                // In the delivery's order where there is one, else as made.
                let index = ranked.get(at).map_or(at, |&r| (r & 0xFFFF) as usize);
                let (m, ref next) = children[index];
                self.path.push(m);
                found |= step(self, next);
                self.path.pop();
            }
        } else {
            for &m in moves.iter() {
                if self.halted {
                    break;
                }
                let next = pos.play(m);
                self.path.push(m);
                found |= step(self, &next);
                self.path.pop();
            }
        }
        children.clear();
        self.children.push(children);
        self.ranked.push(ranked);
        if batch {
            self.end_batch();
        }
        if self.halted {
            return found;
        }
        if !found && !last {
            self.dead.insert(key, remaining);
        }
        found
    }

    /// True when the line so far ends with a pass (the table tells such nodes apart: no
    /// second pass may follow).
    fn after_pass(&self) -> bool {
        self.plan.null_moves && self.path.last().is_some_and(|m| m.is_null())
    }

    /// True when the moves-left argument holds: it counts the moves each side makes at most,
    /// so it still holds for mates where a side may pass instead; a stalemate may come by a
    /// pass, which its argument does not follow.
    fn reach_known(&self) -> bool {
        !self.plan.null_moves || self.plan.goal == Goal::Mate
    }

    /// The moves each side has left at a node with `remaining` half-moves (help play) or
    /// series moves (series play) to go.
    fn moves_left(&self, remaining: u32) -> MovesLeft {
        if self.plan.series {
            MovesLeft::series(remaining, self.plan.end != End::Goal)
        } else {
            MovesLeft::help(remaining)
        }
    }

    /// Records the line if the side to move in `pos` suffers the goal.
    fn goal_line(&mut self, pos: &R) -> bool {
        let hit = reached(self.plan.goal, pos);
        if hit {
            self.record();
        }
        hit
    }

    /// Help play: lines of exactly `remaining` half-moves from `pos`.
    fn help(&mut self, pos: &R, remaining: u32) -> bool {
        let ply = match remaining {
            1 => Ply::Last,
            2 => Ply::BeforeOthersLast,
            _ => Ply::Any,
        };
        self.expand(pos, remaining, ply, |search, next| {
            if remaining == 1 {
                search.goal_line(next)
            } else {
                search.help(next, remaining - 1)
            }
        })
    }

    /// Series play: lines of exactly `remaining` series moves from `pos` (series side to move).
    fn series(&mut self, pos: &R, remaining: u32) -> bool {
        let ply = match (remaining, self.plan.end) {
            (1, End::Goal) => Ply::Last,
            (1, End::HelpReply) => Ply::BeforeOthersLast,
            _ => Ply::Any,
        };
        self.expand(pos, remaining, ply, |search, next| {
            if remaining == 1 {
                search.end(next)
            } else if next.is_check() {
                // The passing side may not stand in check.
                false
            } else {
                let passed = next.pass();
                // A known dead end answers before the end is looked for: either way no line
                // goes on from here (where a `ser-s` end is reached the series stops).
                if search.dead.contains(passed.key(), remaining - 1) || search.ends_here(next) {
                    return false;
                }
                search.path.push(R::Move::default());
                let hit = search.series(&passed, remaining - 1);
                search.path.pop();
                hit
            }
        })
    }

    /// After the series' last move (`pos`: the other side to move): records the lines that
    /// end here.
    fn end(&mut self, pos: &R) -> bool {
        match self.plan.end {
            End::Goal => self.goal_line(pos),
            End::HelpReply => {
                let mut found = false;
                for &m in self.final_moves(pos).iter() {
                    if reached(self.plan.goal, &pos.play(m)) {
                        self.path.push(m);
                        self.record();
                        self.path.pop();
                        found = true;
                        if self.halted {
                            break;
                        }
                    }
                }
                found
            }
            End::ForcedReply => {
                let Some(moves) = self.forced_replies(pos) else {
                    return false;
                };
                {
                    for &m in moves.iter() {
                        self.path.push(m);
                        self.record();
                        self.path.pop();
                        if self.halted {
                            break;
                        }
                    }
                }
                true
            }
        }
    }

    /// The other side's moves when it has some and every one reaches the goal (`ser-s`).
    fn forced_replies(&self, pos: &R) -> Option<crate::rules::Moves<R>> {
        let moves = pos.legal_moves();
        let forced =
            !moves.is_empty() && moves.iter().all(|&m| reached(self.plan.goal, &pos.play(m)));
        forced.then_some(moves)
    }

    /// True when the series ends in `pos` (after a series move before the last): in `ser-s`
    /// where the other side must reach the goal. Popeye goes on past a stalemate (`ser-=`) and
    /// past a position where the other side could mate (`ser-h#`): those lines are solutions
    /// too (a mate in `ser-#` needs no test, the passing side may not stand in check).
    fn ends_here(&self, pos: &R) -> bool {
        self.plan.end == End::ForcedReply && self.forced_replies(pos).is_some()
    }
}
