//! The line-quantifier search: does some line (∃), or every line (∀), of at most n plies from
//! a position end in the question's aim? Depth-first over the rules, with the
//! [`LineTable`]'s bounds, shortest first by iterative deepening, and goal-directed pruning on
//! the last ply (only checks can mate; an aim the mover's last ply cannot reach fails at once)
//! and, for stalemates, on the ply before it ([`LineRules::may_be_stalemated_after`]). A
//! stalemate search tries captures first at its ∃ plies, and a witness follows the search's
//! order, so it walks the line the search found.
//!
//! Every answer it gives is exact for the question and bound asked; a stopped search (time,
//! nodes, `stop`) gives [`Stopped`] instead of an answer and stores nothing it did not finish.
//!
//! Under [`DrawRules::Game`] an answer also depends on the line that led to the position: the
//! search keeps the keys of the line's positions, and the table key of a position is salted
//! with those that can still recur there and, near the 50-move limit, with its halfmove clock.

use super::end::{recurrable, FIFTY_MOVES};
use super::prune::{LineRules, MobileUnits, MOST_UNITS_ONE_MOVE_TAKES};
use super::{
    Aim, DrawRules, LineEnd, LineQuestion, LineTable, OpponentPlay, Quantifier, MAX_PLIES,
};
use crate::kernel::SearchControl;
use crate::rules::{Moves, RuleMove};

/// The search was stopped before it could answer.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Stopped;

/// Nodes between two polls of the search control.
const POLL_INTERVAL: u64 = 1024;

/// One line question asked of positions of `R`, over a table for that question.
pub struct LineSearch<'a, R: LineRules> {
    table: &'a mut LineTable<R>,
    question: LineQuestion,
    control: &'a SearchControl,
    nodes: u64,
    stopped: bool,
    /// The keys of the positions before the current one on the line (oldest first).
    line: Vec<u64>,
    /// Whether the goal-directed pruning of the last two plies is on ([`LineSearch::plain`]).
    prunes: bool,
}

impl<'a, R: LineRules> LineSearch<'a, R> {
    /// A search answering `table`'s question, stopping when `control` says so.
    pub fn new(table: &'a mut LineTable<R>, control: &'a SearchControl) -> LineSearch<'a, R> {
        let question = table.question();
        LineSearch {
            table,
            question,
            control,
            nodes: 0,
            stopped: false,
            line: Vec::new(),
            prunes: true,
        }
    }

    /// The same search without the pruning of the last two plies (every legal move is tried,
    /// no material bound applies): slower, for checking the pruned search against.
    pub fn plain(table: &'a mut LineTable<R>, control: &'a SearchControl) -> LineSearch<'a, R> {
        LineSearch {
            prunes: false,
            ..LineSearch::new(table, control)
        }
    }

    pub fn question(&self) -> LineQuestion {
        self.question
    }

    /// Positions visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether the question holds at `pos` within `plies` plies.
    pub fn holds(&mut self, pos: &R, plies: u32) -> Result<bool, Stopped> {
        let answer = self.search(pos, plies);
        self.finished(answer)
    }

    /// The fewest plies p ≤ `max` within which the question holds at `pos` (p = 0 when the
    /// line has already ended in the aim), or `None` when it fails within `max`.
    pub fn shortest(&mut self, pos: &R, max: u32) -> Result<Option<u32>, Stopped> {
        for plies in 0..=max {
            if self.holds(pos, plies)? {
                return Ok(Some(plies));
            }
        }
        Ok(None)
    }

    /// The moves at `pos` after which the question holds within `plies` − 1: the keys when the
    /// side to move is x under ∃. Empty at an end, at `plies` = 0, or when the mover passes.
    pub fn successful_moves(&mut self, pos: &R, plies: u32) -> Result<Vec<R::Move>, Stopped> {
        self.successful(pos, plies, usize::MAX)
    }

    /// The first successful move in the order the search tries them ([`LineSearch::order`]),
    /// searching no further: the one the search found, its answers still in the table.
    fn first_successful_move(&mut self, pos: &R, plies: u32) -> Result<Option<R::Move>, Stopped> {
        Ok(self.successful(pos, plies, 1)?.first().copied())
    }

    /// At most `most` of the successful moves: all of them in move order, or the first in the
    /// search's order.
    fn successful(&mut self, pos: &R, plies: u32, most: usize) -> Result<Vec<R::Move>, Stopped> {
        let mut found = Vec::new();
        if plies == 0 || self.question.play_of(pos.turn()).is_none() {
            return Ok(found);
        }
        let mut moves = pos.legal_moves();
        if most == 1 {
            self.order(pos, plies, &mut moves);
        }
        for m in moves.iter().copied() {
            if found.len() == most {
                break;
            }
            if self.holds_after(pos, m, plies - 1)? {
                found.push(m);
            }
        }
        Ok(found)
    }

    /// Whether the question holds within `plies` after `m` at `pos`, a position of the line.
    fn holds_after(&mut self, pos: &R, m: R::Move, plies: u32) -> Result<bool, Stopped> {
        self.line.push(pos.key());
        let answer = self.holds(&pos.play(m), plies);
        self.line.pop();
        answer
    }

    /// One line along which the question holds within `plies` (it must hold there): at ∃
    /// plies the first successful move, at ∀ plies the move that holds out longest, a pass as
    /// the null move. The line stops at its end (the aim).
    pub fn witness(&mut self, pos: &R, plies: u32) -> Result<Vec<R::Move>, Stopped> {
        let (mut line, start) = (Vec::new(), self.line.len());
        let mut pos = pos.clone();
        let mut left = plies;
        while self.end_of(&pos).is_none() && left > 0 {
            let next = match self.question.play_of(pos.turn()) {
                None => R::Move::default(),
                Some(Quantifier::Exists) => match self.first_successful_move(&pos, left)? {
                    Some(m) => m,
                    None => break,
                },
                Some(Quantifier::ForAll) => self.longest_resistance(&pos, left)?,
            };
            self.line.push(pos.key());
            if next.is_null() {
                pos = pos.pass();
            } else {
                pos = pos.play(next);
                left -= 1;
            }
            line.push(next);
        }
        self.line.truncate(start);
        Ok(line)
    }

    /// The plies that matter at `pos` within `plies`: when the aim is a mate by one side only
    /// and the last of the `plies` would be the other side's, that ply cannot reach it, and the
    /// answer is the one within one ply fewer (so a help win, odd, is never searched at even
    /// bounds). Not in series play, where the opponent's turns are passes.
    fn useful_plies(&self, pos: &R, plies: u32) -> u32 {
        let LineQuestion { x, aim, .. } = self.question;
        if plies == 0 || self.question.opponent_plays == OpponentPlay::Passes {
            return plies;
        }
        let mater = if aim.within(Aim::X_MATES) {
            x
        } else if aim.within(Aim::X_MATED) {
            !x
        } else {
            return plies;
        };
        let last_mover = if plies % 2 == 1 {
            pos.turn()
        } else {
            !pos.turn()
        };
        if last_mover == mater {
            plies
        } else {
            plies - 1
        }
    }

    /// The end of the line at `pos` under the question's draw rules.
    fn end_of(&self, pos: &R) -> Option<LineEnd> {
        LineEnd::under(self.question.draws, pos, &self.line)
    }

    /// The table key of `pos`: its own key, and under the game's draw rules the earlier
    /// positions that may recur from here and, near the 50-move limit, the halfmove clock.
    fn table_key(&self, pos: &R) -> u64 {
        let key = pos.key();
        if self.question.draws == DrawRules::Problem {
            return key;
        }
        let clock = pos.halfmove_clock();
        let mut salt = recurrable(&self.line, clock)
            .iter()
            .fold(0, |salt, &k| salt ^ mix(k));
        if clock + MAX_PLIES >= FIFTY_MOVES {
            salt ^= mix(u64::from(clock) ^ 0x5f1f_7e00);
        }
        key ^ salt
    }

    /// At a ∀ ply where the question holds within `plies`: the move after which it takes the
    /// most plies to hold.
    fn longest_resistance(&mut self, pos: &R, plies: u32) -> Result<R::Move, Stopped> {
        let mut best = (0, R::Move::default());
        for m in pos.legal_moves().iter().copied() {
            self.line.push(pos.key());
            let needed = self.shortest(&pos.play(m), plies - 1);
            self.line.pop();
            let needed = needed?.unwrap_or(plies);
            if best.1.is_null() || needed > best.0 {
                best = (needed, m);
            }
        }
        Ok(best.1)
    }

    fn finished<T>(&self, value: T) -> Result<T, Stopped> {
        if self.stopped {
            Err(Stopped)
        } else {
            Ok(value)
        }
    }

    /// The recursion: exact unless `self.stopped` is set, and then never stored.
    fn search(&mut self, pos: &R, plies: u32) -> bool {
        if let Some(end) = self.end_of(pos) {
            return self.question.aim.is_reached(end, self.question.x);
        }
        let plies = self.useful_plies(pos, plies);
        if plies == 0 || self.stopped {
            return false;
        }
        if self.prunes && self.question.aim.within(Aim::DEAD) && plies < pos.plies_to_dead() {
            return false;
        }
        // The last ply is cheaper to answer again than to keep: it stays out of the table.
        let key = self.table_key(pos);
        if plies > 1 {
            if let Some(answer) = self.table.probe(key, plies) {
                return answer;
            }
        }
        self.nodes += 1;
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            self.control.add_nodes(POLL_INTERVAL);
            self.stopped = self.control.should_stop();
        }
        self.line.push(pos.key());
        let answer = match self.question.play_of(pos.turn()) {
            // A side that passes may not stand in check (series play: no check before the end).
            None => !pos.is_check() && self.search(&pos.pass(), plies),
            Some(quantifier) => {
                let moves = self.candidates(pos, plies);
                match quantifier {
                    Quantifier::Exists => {
                        let mut moves = moves;
                        self.order(pos, plies, &mut moves);
                        self.children_answer(pos, &moves, plies, Quantifier::Exists)
                    }
                    Quantifier::ForAll => {
                        // Fewer candidates than moves: some move cannot reach the aim.
                        moves.len() as u64 == pos.count_legal_moves()
                            && self.children_answer(pos, &moves, plies, Quantifier::ForAll)
                    }
                }
            }
        };
        self.line.pop();
        if self.stopped {
            return false;
        }
        if plies > 1 {
            self.table.store(key, plies, answer);
        }
        answer
    }

    /// Whether the question holds after some (∃) or every (∀) move of `moves`, within
    /// `plies` − 1. Where the children probe the table (more than one ply left after the
    /// move, keys unsalted) they are all made first and their slots asked for at once, so the
    /// probes rarely wait for memory; nearer the end they are made one at a time.
    fn children_answer(
        &mut self,
        pos: &R,
        moves: &Moves<R>,
        plies: u32,
        quantifier: Quantifier,
    ) -> bool {
        let wanted = quantifier == Quantifier::Exists;
        if plies <= 2 || self.question.draws != DrawRules::Problem {
            return moves
                .iter()
                .any(|&m| self.search(&pos.play(m), plies - 1) == wanted)
                == wanted;
        }
        let children: Vec<R> = moves
            .iter()
            .map(|&m| {
                let next = pos.play(m);
                self.table.prefetch(next.key());
                next
            })
            .collect();
        children
            .iter()
            .any(|next| self.search(next, plies - 1) == wanted)
            == wanted
    }

    /// The moves worth trying at a position that is no end: all of them, except on the last
    /// two plies ([`LineSearch::second_to_last_ply`]). On the last ply the move must end the
    /// line in the aim. The mover's last move can mate the
    /// opponent (only a check may), stalemate it (only when it has no more mobile units than
    /// the move can take away: [`LineRules`]) or leave a dead position (only when the material
    /// allows it in one ply, by a capture or a promotion); a move that can do none of what the
    /// aim asks is not tried.
    /// Under the game's draw rules any move may end the line drawn (a recurrence, the 50th
    /// move): all are tried when the aim counts such a draw.
    fn candidates(&self, pos: &R, plies: u32) -> Moves<R> {
        let game_draws =
            self.question.draws == DrawRules::Game && Aim::GAME_RULE_DRAW.within(self.question.aim);
        if plies > 2 || game_draws || !self.prunes {
            return pos.legal_moves();
        }
        if plies == 2 {
            return self.second_to_last_ply(pos);
        }
        let (mover_mates, mover_stalemates) = if pos.turn() == self.question.x {
            (Aim::X_MATES, Aim::OPPONENT_STALEMATED)
        } else {
            (Aim::X_MATED, Aim::X_STALEMATED)
        };
        let aim = self.question.aim;
        let mates = mover_mates.within(aim);
        let kills = Aim::DEAD.within(aim) && pos.plies_to_dead() <= 1;
        let units = mover_stalemates
            .within(aim)
            .then(|| stalemate_units(pos))
            .flatten();
        let mut moves = Moves::<R>::new();
        if units.is_some() || kills {
            moves = pos.legal_moves();
            let info = pos.check_info();
            // The cheap tests first; a stalemating move gives no check, a mating one does.
            moves.retain(|m| {
                if kills && pos.may_leave_dead(m) {
                    return true;
                }
                let stalemating = units.is_some_and(|u| pos.may_stalemate(&u, m));
                if !(stalemating || mates) {
                    return false;
                }
                if pos.gives_check_with(&info, m) {
                    mates
                } else {
                    stalemating
                }
            });
        } else if mates {
            let filter = pos.mate_filter();
            moves = pos.checking_moves();
            moves.retain(|m| pos.may_mate(&filter, m));
        }
        moves
    }
}

impl<R: LineRules> LineSearch<'_, R> {
    /// The order of the moves at an ∃ ply: captures first (keeping their order, and the
    /// others' among themselves) when the aim holds a stalemate and at least three plies are
    /// left, for a capture takes men the stalemate would have to take away; else move order.
    /// Only which line is found first depends on it, never an answer.
    fn order(&self, pos: &R, plies: u32, moves: &mut Moves<R>) {
        if plies < 3 || !self.prunes || !self.question.aim.meets(Aim::STALEMATE) {
            return;
        }
        let mut front = 0;
        for i in 0..moves.len() {
            if pos.captured_value(moves[i]).is_some() {
                moves[front..=i].rotate_right(1);
                front += 1;
            }
        }
    }

    /// The moves worth trying two plies before the bound when the aim is stalemate: those
    /// that may stalemate the other side at once ([`LineRules::may_stalemate`]) and those after
    /// which the other side's reply may stalemate the mover
    /// ([`LineRules::may_be_stalemated_after`]). All moves when the aim holds a mate, or a
    /// dead position two plies may reach.
    fn second_to_last_ply(&self, pos: &R) -> Moves<R> {
        let aim = self.question.aim;
        let mut moves = pos.legal_moves();
        let dead_in_reach = Aim::DEAD.within(aim) && pos.plies_to_dead() <= 2;
        if aim.meets(Aim::X_MATES.or(Aim::X_MATED)) || dead_in_reach {
            return moves;
        }
        let (mover_stalemated, other_stalemated) = if pos.turn() == self.question.x {
            (Aim::X_STALEMATED, Aim::OPPONENT_STALEMATED)
        } else {
            (Aim::OPPONENT_STALEMATED, Aim::X_STALEMATED)
        };
        let (own, landings) = if mover_stalemated.within(aim) {
            match pos.own_units(&moves) {
                Some(units) => (Some(units), pos.landing_units()),
                None => return moves,
            }
        } else {
            (None, None)
        };
        let theirs = other_stalemated
            .within(aim)
            .then(|| stalemate_units(pos))
            .flatten();
        // The landing argument first: it needs no move generated.
        moves.retain(|m| {
            own.as_ref().is_some_and(|u| {
                landings
                    .as_ref()
                    .is_none_or(|l| pos.may_prepare_by_landings(l, m))
                    && pos.may_be_stalemated_after(u, m)
            }) || theirs.as_ref().is_some_and(|u| pos.may_stalemate(u, m))
        });
        moves
    }
}

/// The opponent's mobile units when some move here may stalemate it: few enough for one move
/// to take them all away, with sensors one move can touch, and the king's free squares too
/// ([`LineRules::one_move_may_stalemate`]). `None`: no move here stalemates.
pub fn stalemate_units<R: LineRules>(pos: &R) -> Option<MobileUnits> {
    // The king alone first: it often refuses, and costs less than the units.
    if !pos.one_move_may_stalemate(&MobileUnits::default()) {
        return None;
    }
    let units = pos.mobile_units();
    let few = units.count <= pos.any_move_takes_at_most().min(MOST_UNITS_ONE_MOVE_TAKES);
    (few && pos.one_move_may_stalemate(&units)).then_some(units)
}

/// A 64-bit mixer (splitmix64's finaliser) for the table key salts.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
