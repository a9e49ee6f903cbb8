//! The prover's move ordering and what it remembers for it: killers per ply for each side,
//! and the refutation history (how often, and how deep, a from-to move refuted anywhere in
//! this search). The attacker tries the table's move, checks, captures (most valuable victim
//! first), major promotions and killers; the defender the table's refutation, the killer
//! refutations, then the moves that refuted most elsewhere (checks ahead of all of them where
//! the prover asks for it).

use super::Prover;
use crate::board::{INLINE_MOVES, MAX_MOVES};
use crate::kernel::StackList;
use crate::rules::{Moves, RuleMove, Rules};
use crate::solver::question::Question;

impl<R: Rules, Q: Question> Prover<'_, R, Q> {
    pub(super) fn add_killer(&mut self, attacker: bool, ply: usize, m: R::Move) {
        let table = if attacker {
            &mut self.attack_killers
        } else {
            &mut self.defence_killers
        };
        if let Some(slot) = table.get_mut(ply) {
            if slot[0] != m {
                slot[1] = slot[0];
                slot[0] = m;
            }
        }
    }

    /// What another search (df-pn) proved at `ply` with `n` attacker moves left: the attack
    /// that mates or the defence that refutes, for the killers and the refutation history.
    pub(in crate::solver) fn learn(&mut self, attacker: bool, ply: usize, m: R::Move, n: u32) {
        self.add_killer(attacker, ply, m);
        if !attacker {
            self.add_refutation(m, n);
        }
    }

    /// Deeper refutations weigh more: they saved larger searches.
    pub(super) fn add_refutation(&mut self, m: R::Move, n: u32) {
        let slot = &mut self.refutations[R::history_index(m)];
        *slot = slot.saturating_add(n * n);
    }

    pub(super) fn killers(&self, attacker: bool, ply: usize) -> [R::Move; 2] {
        let table = if attacker {
            &self.attack_killers
        } else {
            &self.defence_killers
        };
        table.get(ply).copied().unwrap_or_default()
    }

    /// Attacker: the table's move, then checks, captures (most valuable victim first), killers.
    pub(in crate::solver) fn order_attacks(
        &self,
        pos: &R,
        moves: &mut Moves<R>,
        best: R::Move,
        ply: usize,
    ) {
        let killers = self.killers(true, ply);
        let checks = pos.check_info();
        sort_by_score::<R>(moves, |m| {
            if m == best {
                return 1_000_000;
            }
            let mut score = 0;
            if pos.gives_check_with(&checks, m) {
                score += 10_000;
            }
            if let Some(victim) = pos.captured_value(m) {
                score += 1_000 + victim;
            }
            if pos.is_major_promotion(m) {
                score += 900;
            }
            if killers.contains(&m) {
                score += 500;
            }
            score
        });
    }

    /// Defender: the table's refutation and the killer refutations first, then the moves that
    /// refuted most elsewhere.
    pub(in crate::solver) fn order_defences(
        &self,
        moves: &mut Moves<R>,
        best: R::Move,
        ply: usize,
    ) {
        sort_by_score::<R>(moves, self.defence_score(best, ply));
    }

    /// The defender's moves in [`Prover::order_defences`]' order, taken one at a time: most
    /// defender nodes are refuted by the first move tried, and sorting the rest is wasted.
    pub(super) fn defence_queue(
        &self,
        moves: &Moves<R>,
        best: R::Move,
        ply: usize,
    ) -> DefenceQueue<R> {
        DefenceQueue {
            keys: packed_keys::<R>(moves, self.defence_score(best, ply)),
            game: std::marker::PhantomData,
        }
    }

    /// As [`Prover::defence_queue`], but the checking defences first: the checks in the
    /// usual order, then the other moves in the usual order.
    pub(super) fn defence_queue_checks_first(
        &self,
        pos: &R,
        moves: &Moves<R>,
        best: R::Move,
        ply: usize,
    ) -> DefenceQueue<R> {
        // Above every usual score, which is at most `FIRST` (see `defence_score`): checks
        // score at most 2^30 - 1, within the range `packed_keys` packs.
        const CHECKS: i32 = 1 << 29;
        let score = self.defence_score(best, ply);
        let checks = pos.check_info();
        DefenceQueue {
            keys: packed_keys::<R>(moves, |m| {
                score(m)
                    + if pos.gives_check_with(&checks, m) {
                        CHECKS
                    } else {
                        0
                    }
            }),
            game: std::marker::PhantomData,
        }
    }

    fn defence_score(&self, best: R::Move, ply: usize) -> impl Fn(R::Move) -> i32 + '_ {
        // Above any history weight, and within the range `sort_by_score` packs.
        const FIRST: i32 = i32::MAX >> 2;
        let killers = self.killers(false, ply);
        let history = &self.refutations;
        move |m| {
            if m == best {
                FIRST
            } else if m == killers[0] {
                FIRST - 1
            } else if m == killers[1] {
                FIRST - 2
            } else {
                history[R::history_index(m)].min(FIRST as u32 - 3) as i32
            }
        }
    }
}

/// Moves waiting in order of descending score (generation order among equal scores): each
/// `next` takes the best one left.
pub(super) struct DefenceQueue<R: Rules> {
    /// Packed as by [`packed_keys`]; a move taken is set to 0, below every key.
    keys: StackList<u64, INLINE_MOVES>,
    game: std::marker::PhantomData<R>,
}

impl<R: Rules> Iterator for DefenceQueue<R> {
    type Item = R::Move;

    #[inline]
    fn next(&mut self) -> Option<R::Move> {
        let keys = self.keys.as_mut_slice();
        let (i, &key) = keys.iter().enumerate().max_by_key(|&(_, &k)| k)?;
        if key == 0 {
            return None;
        }
        keys[i] = 0;
        Some(R::Move::unpack(key as u16))
    }
}

/// Score, reversed index and move packed into one integer per move, so that comparing plain
/// numbers orders by descending score and then generation order; the index takes 16 bits, far
/// more than the moves of any orthodox position ([`MAX_MOVES`]). Every key is at least 2^62.
#[inline]
fn packed_keys<R: Rules>(
    moves: &Moves<R>,
    mut score: impl FnMut(R::Move) -> i32,
) -> StackList<u64, INLINE_MOVES> {
    debug_assert!(moves.len() <= MAX_MOVES);
    let mut packed = StackList::<u64, INLINE_MOVES>::new();
    for (i, &m) in moves.iter().enumerate() {
        let s = (score(m) + (1 << 30)) as u64;
        packed.push(s << 32 | ((0xffff - i as u64) << 16) | m.pack() as u64);
    }
    packed
}

/// Sorts by descending score, keeping generation order among equal scores.
#[inline]
fn sort_by_score<R: Rules>(moves: &mut Moves<R>, score: impl FnMut(R::Move) -> i32) {
    let mut packed = packed_keys::<R>(moves, score);
    packed.sort_unstable_by(|a, b| b.cmp(a));
    for (dst, p) in moves.iter_mut().zip(packed.iter()) {
        *dst = R::Move::unpack(*p as u16);
    }
}

#[cfg(test)]
mod tests {
    use super::Prover;
    use crate::board::{Move, MoveList, Position, Validation};
    use crate::kernel::SearchControl;
    use crate::solver::TranspositionTable;

    /// Gives the prover some history for `moves`, with ties, and two killers among them; the
    /// table moves to try with it: two of the moves and none.
    fn remember_defences(prover: &mut Prover<'_, Position>, moves: &MoveList) -> [Move; 3] {
        for (i, &m) in moves.iter().enumerate() {
            if i % 3 == 0 {
                prover.add_refutation(m, 1 + (i % 2) as u32);
            }
        }
        let at = |i: usize| moves.as_slice()[i % moves.len()];
        prover.add_killer(false, 1, at(5));
        prover.add_killer(false, 1, at(2));
        [at(7), at(1), Move::default()]
    }

    /// The queue hands out the defences in exactly the order `order_defences` sorts them into,
    /// ties (equal history weights) included, with the table's move and killers set.
    #[test]
    fn the_defence_queue_takes_the_moves_in_the_sorted_order() {
        let tt = TranspositionTable::new(1);
        let control = SearchControl::unlimited();
        let mut prover: Prover<'_, Position> = Prover::new(&tt, &control);
        for fen in [
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 4 4",
            "8/8/8/4k3/8/8/Q7/4K3 b - - 0 1",
            "1k6/8/8/8/8/8/1p6/4K3 b - - 0 1",
        ] {
            let pos = Position::from_fen(fen, Validation::Lenient).expect("legal position");
            let moves = pos.legal_moves();
            for best in remember_defences(&mut prover, &moves) {
                let mut sorted = pos.legal_moves();
                prover.order_defences(&mut sorted, best, 1);
                let queued: Vec<_> = prover.defence_queue(&moves, best, 1).collect();
                assert_eq!(queued, sorted.as_slice(), "{fen}");
            }
        }
    }

    /// The checks-first queue: the checking defences in the usual queue's order, then the
    /// others in that order, with a table move and killers among both.
    #[test]
    fn the_checks_first_queue_takes_the_checks_then_the_usual_order() {
        let tt = TranspositionTable::new(1);
        let control = SearchControl::unlimited();
        let mut prover: Prover<'_, Position> = Prover::new(&tt, &control);
        for fen in [
            // Black's queen, rook and knight have checks among many quiet moves.
            "3qk3/8/2n5/8/5r2/8/8/2K5 b - - 0 1",
            "4k3/1b6/8/8/8/8/r7/4K3 b - - 0 1",
            "1k6/8/8/8/8/8/1p6/4K3 b - - 0 1",
        ] {
            let pos = Position::from_fen(fen, Validation::Lenient).expect("legal position");
            let moves = pos.legal_moves();
            for best in remember_defences(&mut prover, &moves) {
                let usual: Vec<_> = prover.defence_queue(&moves, best, 1).collect();
                let checks = usual.iter().filter(|&&m| pos.gives_check(m));
                let quiet = usual.iter().filter(|&&m| !pos.gives_check(m));
                let expected: Vec<_> = checks.chain(quiet).copied().collect();
                let queued: Vec<_> = prover
                    .defence_queue_checks_first(&pos, &moves, best, 1)
                    .collect();
                assert_eq!(queued, expected, "{fen}");
                assert_ne!(queued, usual, "{fen}: no check moved ahead");
            }
        }
    }
}
