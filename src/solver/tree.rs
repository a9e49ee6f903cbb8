//! Builds the full solution tree the way Popeye reports it, asking the prover yes/no questions
//! ("mate within n?") that the shared table answers cheaply after the first time.
//!
//! At every White move that does not check: the threat (every shortest White continuation
//! after a Black null move, or zugzwang). Which Black moves that do not refute are shown as
//! variations is the caller's choice ([`ShownDefences`], Popeye's in `popeye::shown`); the
//! builder gives it the facts and answers on demand whether a move defeats the threat. After
//! each shown Black move: every shortest White continuation, each expanded the same way.
//!
//! Self and reflex play (the question's [`BattlePlay`]) end one half-move later: after the
//! attacker's last move the defender's moves that reach the goal are listed (self play: every
//! move, all reaching it; reflex: those it must play) — also wherever the defender is already
//! so forced (set play) — and a defence that reaches the goal early in self play is neither a
//! variation nor a refutation (Popeye shows none).
//!
//! Under `exact-` (an [`super::Exact`] question) the prover's answers are "in exactly n", so
//! every threat and continuation is of the full remaining length, and a defence that reaches
//! the goal early is a refutation.
//!
//! Generic over the game ([`Rules`]): the solution tree holds the game's own moves, so a fairy
//! position gets the same tree as the orthodox board (monomorphised: no cost to the latter).
//!
//! A tree can outgrow any use (K+R against K as a #200 lists every way to mate): it is cut at
//! [`MAX_TREE_NODES`] White moves, counted over all threads, as Popeye cuts with
//! `MaxSolutions`; further moves are shown without their play and the solution says so. The
//! search limits hold while the tree is built, and a time limit stops the search early enough
//! to write the tree built ([`TreeBudget::for_search`]), so `--time` bounds the whole command.

use super::present::{DefenceFacts, ShownDefences};
use super::prover::Prover;
use super::question::{BattleGoal, BattlePlay, DirectMate, Question};
use crate::board::Position;
use crate::kernel::SearchControl;
use crate::problem::SolveOptions;
use crate::rules::Rules;
use crate::solution::{AttackNode, DefenceNode, DefenderPlay, Threat, MAX_TREE_NODES};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// What writing a solution tree costs per White move expanded, at most: K+R against K as a
/// #20, cut at 5,000 White moves, is 1.3 MB of JSON built and written in 90 ms (the text in
/// 40 ms) on a loaded two-core machine. A time limit covers the output too (README, "Rules
/// every front end shares"), so a tree stops growing where the time left is what writing it
/// would take.
const WRITE_COST_PER_NODE: Duration = Duration::from_micros(36);

/// The White moves one solve may still expand, shared by its threads.
pub struct TreeBudget {
    left: AtomicUsize,
    total: usize,
    cut: AtomicBool,
    /// The search's control when it has a deadline: stopped (as the deadline stops it) once
    /// the time left would not write the tree expanded so far.
    timed: Option<SearchControl>,
}

impl Default for TreeBudget {
    fn default() -> Self {
        TreeBudget::new(MAX_TREE_NODES)
    }
}

impl TreeBudget {
    pub fn new(nodes: usize) -> TreeBudget {
        TreeBudget {
            left: AtomicUsize::new(nodes),
            total: nodes,
            cut: AtomicBool::new(false),
            timed: None,
        }
    }

    /// The default budget for a search under `control`, keeping the time its tree takes to
    /// write ([`WRITE_COST_PER_NODE`]) out of a time limit.
    pub fn for_search(control: &SearchControl) -> TreeBudget {
        TreeBudget {
            timed: control.deadline().map(|_| control.clone()),
            ..TreeBudget::default()
        }
    }

    /// Stops the search once the time left is what writing the tree so far would take.
    fn keep_time_to_write(&self) {
        let Some(control) = &self.timed else { return };
        let Some(deadline) = control.deadline() else {
            return;
        };
        let expanded = self.total - self.left.load(Ordering::Relaxed);
        let writing =
            WRITE_COST_PER_NODE.saturating_mul(u32::try_from(expanded).unwrap_or(u32::MAX));
        if Instant::now() + writing >= deadline {
            control.stop();
        }
    }

    /// Takes one node from the budget; false (and the tree marked cut) when none is left.
    fn take(&self) -> bool {
        let taken = self
            .left
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
            .is_ok();
        if !taken {
            self.cut.store(true, Ordering::Relaxed);
        }
        taken
    }

    /// True once some move was left unexpanded for want of budget.
    pub fn was_cut(&self) -> bool {
        self.cut.load(Ordering::Relaxed)
    }
}

/// What the defender's play lists besides its variations.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Listing {
    /// The variations only (after a key, threat or continuation).
    Variations,
    /// Post-key play: also the defences that refute, without continuations.
    PostKey,
    /// Set play: the variations; under `exact-` also a reflex defender forced to the goal at
    /// once, as Popeye shows it.
    SetPlay,
}

/// Expands solution trees over one prover.
pub struct TreeBuilder<'p, 'a, R: Rules = Position, Q: Question = DirectMate> {
    pub prover: &'p mut Prover<'a, R, Q>,
    pub options: &'p SolveOptions,
    pub budget: &'p TreeBudget,
    /// Which defences are shown as variations (the caller's presentation).
    pub shown: ShownDefences,
    /// Whether threats are looked for below the defences. Not anywhere in set play: Popeye
    /// puts no threat solver in its set-play branch, so after a set defence and a White
    /// continuation of a `#3` every Black reply with a mate is a variation, with no
    /// `threat:` or `zugzwang.` on the continuation.
    pub threats: bool,
}

/// Mates in one as leaves of the tree.
type Mates<R> = Vec<AttackNode<<R as Rules>::Move>>;

/// What [`TreeBuilder::after_defence`] learnt of one defence.
struct AfterDefence<M> {
    /// The attacker's shortest win (none: the defence refutes).
    shortest: Option<u32>,
    /// Every mate in one, when the shortest win is one move and they were listed on the way.
    mates: Option<Vec<AttackNode<M>>>,
    /// Whether the defence defeats the threat, when that was found on the way.
    defeats_threat: Option<bool>,
}

impl<R: Rules, Q: Question> TreeBuilder<'_, '_, R, Q> {
    /// A plain directmate (not `exact-`): the prover's mate in one is a mating check, which
    /// the builder may find and list itself.
    const PLAIN_MATE: bool =
        matches!(Q::PLAY, BattlePlay::Direct) && matches!(Q::GOAL, BattleGoal::Mate) && !Q::EXACT;

    /// After the attacker's last move in self or reflex play, the defender's moves that reach
    /// the goal, each ending the play (no continuation); nothing for direct play.
    fn goal_defences(pos: &R) -> Vec<DefenceNode<R::Move>> {
        if Q::PLAY == BattlePlay::Direct {
            return Vec::new();
        }
        Prover::<R, Q>::goal_moves(pos)
            .into_iter()
            .map(|mv| DefenceNode {
                mv,
                continuations: Vec::new(),
            })
            .collect()
    }

    /// The node of a key or continuation `m` from `before`, known to mate in exactly `length`.
    pub fn expand(&mut self, before: &R, m: R::Move, length: u32) -> AttackNode<R::Move> {
        let child = before.play(m);
        if length <= 1 {
            return AttackNode {
                defences: Self::goal_defences(&child),
                ..AttackNode::leaf(m, length)
            };
        }
        // Built from table hits, a tree may count no search nodes for long: the limits are
        // polled here too.
        self.budget.keep_time_to_write();
        if self.prover.poll_limits() || !self.budget.take() {
            return AttackNode::leaf(m, length);
        }
        let play = self.black_play(&child, length - 1);
        AttackNode {
            mv: m,
            length,
            threat: play.threat,
            defences: play.defences,
            refutations: Vec::new(),
        }
    }

    /// A refuted first move: its play (within `length`) and its refutations.
    pub fn expand_try(
        &mut self,
        before: &R,
        m: R::Move,
        length: u32,
        refutations: Vec<R::Move>,
    ) -> AttackNode<R::Move> {
        let mut node = if self.options.variations {
            self.expand(before, m, length)
        } else {
            AttackNode::leaf(m, length)
        };
        node.refutations = refutations;
        node
    }

    /// Black's play with Black to move in `pos` and White to mate within `budget` more moves:
    /// the threat and the variations.
    pub fn black_play(&mut self, pos: &R, budget: u32) -> DefenderPlay<R::Move> {
        self.black_play_with(pos, budget, Listing::Variations)
    }

    /// As [`TreeBuilder::black_play`], listing what `listing` adds to the variations.
    pub fn black_play_with(
        &mut self,
        pos: &R,
        budget: u32,
        listing: Listing,
    ) -> DefenderPlay<R::Move> {
        // `NonTrivial`: the play below is judged with the budget the count here leaves, as
        // the prover judged it; where the count lets a defence stand, Black has no play.
        let saved = self.prover.enter_defence_shown(pos, budget);
        if Q::NONTRIVIAL && saved.is_none() {
            return DefenderPlay {
                threat: Threat::NotShown,
                defences: Vec::new(),
            };
        }
        let play = self.defender_play(pos, budget, listing);
        self.prover.leave_defence(saved);
        play
    }

    fn defender_play(&mut self, pos: &R, budget: u32, listing: Listing) -> DefenderPlay<R::Move> {
        // Under `exact-` a defender forced to the goal before the end has only refutations
        // (but reflex set play shows the forced end, as Popeye does).
        let early_end = !Q::EXACT;
        let forced = match Q::PLAY {
            BattlePlay::Direct => false,
            BattlePlay::SelfPlay => budget == 0 || (early_end && Prover::<R, Q>::goal_forced(pos)),
            BattlePlay::Reflex => {
                budget == 0
                    || ((early_end || listing == Listing::SetPlay)
                        && !Prover::<R, Q>::goal_moves(pos).is_empty())
            }
        };
        if listing == Listing::PostKey && budget == 0 && Q::PLAY != BattlePlay::Reflex {
            // The post-key play of a one-mover, Black to move with no attacker move to come
            // (Popeye 4.104): a `#1`/`=1` has none to list, an `s#1`/`s=1` every Black move,
            // the ones reaching the goal ending the play and the others refuting (no
            // `zugzwang.`). A reflex one-mover's is its forced end, below.
            let defences = if Q::PLAY == BattlePlay::SelfPlay {
                pos.legal_moves()
                    .iter()
                    .map(|&mv| DefenceNode {
                        mv,
                        continuations: Vec::new(),
                    })
                    .collect()
            } else {
                Vec::new()
            };
            return DefenderPlay {
                threat: Threat::NotShown,
                defences,
            };
        }
        if forced {
            // The defender's move ends the play: it must reach the goal. Set play with no
            // attacker move to come (`s#1`) is the defender's moves that reach it, whether
            // or not every move does (Popeye 4.104).
            let must = Q::PLAY == BattlePlay::Reflex
                || (listing == Listing::SetPlay && budget == 0)
                || Prover::<R, Q>::goal_forced(pos);
            return DefenderPlay {
                threat: Threat::NotShown,
                defences: if must {
                    Self::goal_defences(pos)
                } else {
                    Vec::new()
                },
            };
        }
        // Set play has no threat (`threats` is off there): Popeye lists every Black move with
        // a set continuation, even where White's own shorter play from the diagram would
        // still work after it.
        let threat = if pos.is_check() || self.options.no_threat || !self.threats {
            Threat::NotShown
        } else {
            self.threat(pos, budget)
        };
        let threat_moves: Vec<R::Move> = match &threat {
            Threat::Threats(nodes) => nodes.iter().map(|n| n.mv).collect(),
            _ => Vec::new(),
        };
        let threat_length = match &threat {
            Threat::Threats(nodes) => nodes.first().map(|n| n.length),
            _ => None,
        };

        let mut defences = Vec::new();
        for &b in pos.legal_moves().iter() {
            if self.prover.aborted() {
                break;
            }
            let after = pos.play(b);
            if Q::PLAY == BattlePlay::SelfPlay && Q::EXACT && Prover::<R, Q>::goal_reached(&after) {
                // Under `exact-` the goal reached early refutes.
                if listing == Listing::PostKey {
                    defences.push(DefenceNode {
                        mv: b,
                        continuations: Vec::new(),
                    });
                }
                continue;
            }
            if Q::PLAY == BattlePlay::SelfPlay && Prover::<R, Q>::goal_reached(&after) {
                // The defender reaches the goal itself: a variation of no attacker move,
                // suppressed unless `MatesIn1`.
                let facts = DefenceFacts {
                    length: 0,
                    threat_length,
                    budget,
                    no_short_variations: self.options.no_short_variations,
                };
                if self.options.mates_in_1 && (self.shown)(&facts, &mut || true) {
                    defences.push(DefenceNode {
                        mv: b,
                        continuations: Vec::new(),
                    });
                }
                continue;
            }
            let outcome = self.after_defence(&after, budget, &threat_moves, threat_length);
            let Some(shortest) = outcome.shortest else {
                if listing == Listing::PostKey {
                    defences.push(DefenceNode {
                        mv: b,
                        continuations: Vec::new(),
                    });
                }
                continue; // a refutation, not a variation
            };
            let facts = DefenceFacts {
                length: self.shown_length(&after, shortest, budget),
                threat_length,
                budget,
                no_short_variations: self.options.no_short_variations,
            };
            let rule = self.shown;
            let t = threat_length.unwrap_or(shortest);
            let known = outcome.defeats_threat;
            let shown = rule(&facts, &mut || {
                known.unwrap_or_else(|| self.defeats_threat(&after, &threat_moves, t))
            });
            if !shown {
                continue;
            }
            let continuations = match outcome.mates {
                Some(mates) => mates,
                None => self.continuations(&after, shortest),
            };
            defences.push(DefenceNode {
                mv: b,
                continuations,
            });
        }
        DefenderPlay { threat, defences }
    }

    /// The attacker's shortest win within `budget` after a defence (`after`, attacker to move),
    /// and what was learnt on the way. In a plain directmate with a mate-in-one threat the
    /// threat moves are tried first, as [`TreeBuilder::defeats_threat`] would: one that still
    /// mates shows the shortest win is one move without a search for mates, and whether the
    /// defence defeats the threat is then known.
    fn after_defence(
        &mut self,
        after: &R,
        budget: u32,
        threat_moves: &[R::Move],
        threat_length: Option<u32>,
    ) -> AfterDefence<R::Move> {
        let mut defeats_threat = None;
        if Self::PLAIN_MATE && threat_length == Some(1) && !threat_moves.is_empty() {
            let still_mating = threat_moves
                .iter()
                .filter(|&&w| after.is_legal(w) && self.prover.defender_loses(&after.play(w), 0))
                .count();
            if still_mating > 0 {
                return AfterDefence {
                    shortest: Some(1),
                    mates: None,
                    defeats_threat: Some(still_mating < threat_moves.len()),
                };
            }
            defeats_threat = Some(true);
        }
        let (shortest, mates) = match self.shortest_with_mates(after, budget) {
            Some((n, mates)) => (Some(n), mates),
            None => (None, None),
        };
        AfterDefence {
            shortest,
            mates,
            defeats_threat,
        }
    }

    /// [`Prover::shortest_win`] with the attacker to move in `pos`, within `max`. In a plain
    /// directmate the mates in one are listed first: when there are any, they are the shortest
    /// wins' continuations too, found once (the prover would find the first mate, and
    /// [`TreeBuilder::continuations`] list them all again).
    fn shortest_with_mates(&mut self, pos: &R, max: u32) -> Option<(u32, Option<Mates<R>>)> {
        if !Self::PLAIN_MATE || max == 0 {
            return self.prover.shortest_win(pos, max).map(|n| (n, None));
        }
        let mates = self.mating_moves(pos);
        if !mates.is_empty() {
            return Some((1, Some(mates)));
        }
        (2..=max)
            .find(|&n| self.prover.attacker_wins(pos, n))
            .map(|n| (n, None))
    }

    /// The length a defence's variation is judged by: the attacker's shortest; under
    /// `exact-` (where that is always the full `budget`) with `NoShortVariations`, one less
    /// when the attacker could also finish in exactly one move less (Popeye's test for a
    /// short variation).
    fn shown_length(&mut self, after: &R, shortest: u32, budget: u32) -> u32 {
        let short = Q::EXACT
            && self.options.no_short_variations
            && budget > 1
            && self.prover.attacker_wins(after, budget - 1);
        if short {
            budget - 1
        } else {
            shortest
        }
    }

    /// Every White move from `pos` that mates within exactly `length` (the shortest), expanded.
    pub fn continuations(&mut self, pos: &R, length: u32) -> Vec<AttackNode<R::Move>> {
        if Q::PLAY == BattlePlay::Direct && Q::GOAL == BattleGoal::Mate && length == 1 {
            return self.mating_moves(pos);
        }
        let mut nodes = Vec::new();
        for &w in pos.legal_moves().iter() {
            if self.prover.move_allowed(pos, w, length)
                && self.prover.defender_loses(&pos.play(w), length - 1)
            {
                nodes.push(self.expand(pos, w, length));
            }
        }
        nodes
    }

    /// Every mate in one of the attacker in `pos`, in generation order, as leaves. Only a
    /// check mates, and only a check that covers the open flights: the mate-in-one candidates
    /// are made ([`Rules::mates_in_one`]), not every legal move (a mate-in-two's tree lists
    /// these after every key, threat and variation).
    fn mating_moves(&mut self, pos: &R) -> Mates<R> {
        let (mates, made) = pos.mates_in_one();
        self.prover.count_nodes(made);
        if self.prover.aborted() {
            return Vec::new();
        }
        mates.iter().map(|&w| AttackNode::leaf(w, 1)).collect()
    }

    /// The threat with Black to move in `pos`: White's shortest mates after a Black pass.
    fn threat(&mut self, pos: &R, budget: u32) -> Threat<R::Move> {
        let passed = pos.pass();
        match self.shortest_with_mates(&passed, budget) {
            None => Threat::Zugzwang,
            Some((_, Some(mates))) => Threat::Threats(mates),
            Some((t, None)) => Threat::Threats(self.continuations(&passed, t)),
        }
    }

    /// True when, after Black's move, at least one threat move no longer mates within `t`
    /// (or is no longer legal).
    fn defeats_threat(&mut self, after: &R, threat_moves: &[R::Move], t: u32) -> bool {
        if threat_moves.is_empty() {
            return true;
        }
        threat_moves
            .iter()
            .any(|&w| !after.is_legal(w) || !self.prover.defender_loses(&after.play(w), t - 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Validation;
    use crate::kernel::SearchControl;
    use crate::solver::{every_defence, TranspositionTable};

    /// The mates in one listed after a defence are the legal moves that mate, in generation
    /// order, found by making at most the mate-in-one candidates (one node each), not every
    /// legal move.
    #[test]
    fn mates_in_one_are_listed_from_the_candidates_alone() {
        for fen in [
            "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
            "k7/2P5/1K6/8/8/8/8/8 w - - 0 1",
            "8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1",
            "6rk/PP1PPPnp/1N1BN2P/7R/4B3/2Q5/P3KP2/6R1 w - - 0 1",
        ] {
            let pos = Position::from_fen(fen, Validation::Lenient).expect("legal");
            let mates: Vec<_> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| {
                    let after = pos.play(m);
                    after.is_check() && !after.has_legal_move()
                })
                .collect();
            let tt = TranspositionTable::new(1);
            let control = SearchControl::unlimited();
            let mut prover = Prover::new(&tt, &control);
            let mut builder = TreeBuilder {
                prover: &mut prover,
                options: &SolveOptions::default(),
                budget: &TreeBudget::default(),
                shown: every_defence,
                threats: true,
            };
            let listed: Vec<_> = builder
                .continuations(&pos, 1)
                .iter()
                .map(|n| n.mv)
                .collect();
            assert_eq!(listed, mates, "{fen}");
            let candidates = pos.mate_candidates().len() as u64;
            assert!(candidates < pos.legal_moves().len() as u64, "{fen}");
            let made = u64::from(pos.mates_in_one().1);
            assert!(made <= candidates, "{fen}");
            assert_eq!(prover.nodes(), made, "{fen}");
        }
    }

    /// A time limit stops the search once the time left would not write the tree expanded so
    /// far; without one, or with time to spare, nothing is stopped.
    #[test]
    fn a_timed_tree_keeps_the_time_to_write_it() {
        let expand = |budget: &TreeBudget, nodes: usize| {
            for _ in 0..nodes {
                assert!(budget.take());
            }
            budget.keep_time_to_write();
        };
        // 5,000 White moves take 180 ms to write: more than a limit of 100 ms leaves.
        let short = SearchControl::unlimited().with_time_limit(Duration::from_millis(100));
        expand(&TreeBudget::for_search(&short), 5000);
        assert!(short.was_stopped());
        let long = SearchControl::unlimited().with_time_limit(Duration::from_secs(3600));
        expand(&TreeBudget::for_search(&long), 5000);
        assert!(!long.was_stopped());
        let unlimited = SearchControl::unlimited();
        expand(&TreeBudget::for_search(&unlimited), 5000);
        assert!(!unlimited.was_stopped());
    }
}
