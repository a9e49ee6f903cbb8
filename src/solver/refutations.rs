//! The refutations of a try: the defences after which the attacker cannot mate in time, at
//! most a given number of them, listed in generation order (Popeye's order).
//!
//! A first move with more refutations than a try may have is no try, and the search for them
//! stops as soon as one too many is found: the likeliest refutations are tried first (the
//! table's refutation, the killers, the refutation history, as the prover orders defences),
//! so such a move is given up on after a few searches instead of after proving every
//! defence that comes before its refutations in generation order. With at most the allowed
//! number the list holds every refutation whatever the order of search, and it is put back
//! in generation order, so the solution does not depend on the order.

use super::prover::Prover;
use super::question::Question;
use crate::rules::Rules;

impl<R: Rules, Q: Question> Prover<'_, R, Q> {
    /// With the defender to move in `pos`: the defences after which the attacker cannot mate
    /// within `n`, at most `limit` of them, in generation order.
    pub fn refutations(&mut self, pos: &R, n: u32, limit: u32) -> Vec<R::Move> {
        let generated = pos.legal_moves();
        let mut ordered = pos.legal_moves();
        let best = self.table().probe(pos.key()).best;
        self.order_defences(&mut ordered, best, 0);
        let mut found = Vec::new();
        for &b in ordered.iter() {
            if found.len() as u32 >= limit || self.aborted() {
                break;
            }
            if !self.attacker_wins(&pos.play(b), n) {
                found.push(b);
            }
        }
        found.sort_by_key(|&b| generated.iter().position(|&g| g == b));
        found
    }
}
