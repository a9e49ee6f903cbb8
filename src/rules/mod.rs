//! The rules seam: what the searches need from a game, as one trait ([`Rules`]) they are
//! generic over. perft, the depth-first prover, df-pn, the engine's mate search and the
//! solution-tree builder take any `R: Rules`; they are monomorphised, so the orthodox
//! [`crate::board::Position`] (`orthodox.rs`) keeps its fast paths (check generation, the
//! flight filter, `CheckInfo`) with no dynamic dispatch on the hot path.
//!
//! A position is copy-make: [`Rules::play`] returns the next position. A move is a small
//! `Copy` value of the rules' own type ([`RuleMove`]), so a game with pieces beyond the six
//! roles or fairy promotions brings its own move; it packs into 16 bits for the
//! transposition table. The null move ([`Default`]) is the pass a threat is read from.
//!
//! What stays orthodox-only: the game search (`search/`). The solution tree, the battle solver
//! and help play hold the game's own moves (`crate::solution::AttackNode<M>`). Popeye's
//! `MaxFlightsquares` asks the rules for [`Rules::king_move_count`].

mod orthodox;

use crate::board::{Color, EndState, KingReply, INLINE_MOVES};
use crate::kernel::StackList;
use std::fmt::{Debug, Display};
use std::hash::Hash;

/// A move of some game: small, `Copy`, printable, with a null value (`Default`: the pass).
pub trait RuleMove: Copy + Eq + Hash + Debug + Display + Default + Send + Sync + 'static {
    /// The move in 16 bits (the transposition table's best move). `unpack(pack(m)) == m`.
    fn pack(self) -> u16;
    fn unpack(bits: u16) -> Self;

    /// True for the null move (the pass).
    #[inline]
    fn is_null(self) -> bool {
        self == Self::default()
    }
}

/// Receives generated moves; [`Sink::is_satisfied`] lets a generator stop early.
pub trait Sink<M> {
    fn push(&mut self, m: M);

    #[inline]
    fn is_satisfied(&self) -> bool {
        false
    }
}

impl<M: Copy, const N: usize> Sink<M> for StackList<M, N> {
    #[inline]
    fn push(&mut self, m: M) {
        StackList::push(self, m);
    }
}

/// The moves of one position of `R`.
pub type Moves<R> = StackList<<R as Rules>::Move, INLINE_MOVES>;

/// One game's rules: what the searches need from a position. Copy-make.
///
/// Only [`Rules::generate`] and the few facts no generator can give are required; the
/// counting, checking and ordering helpers have defaults built on it, which an implementation
/// replaces by its fast paths.
pub trait Rules: Clone + Send + Sync + 'static {
    type Move: RuleMove;
    /// What [`Rules::gives_check_with`] prepares once per position to test many moves.
    type CheckInfo;
    /// What [`Rules::may_mate`] prepares once per position (`()` when it prunes nothing).
    type MateFilter;
    /// What [`Rules::quiet_replies`] prepares once per position (`()` when it prunes nothing).
    type QuietReplies;

    /// Zobrist key of the position, side to move included.
    fn key(&self) -> u64;
    fn turn(&self) -> Color;
    /// Every legal move into `sink`, stopping early once it is satisfied.
    fn generate<S: Sink<Self::Move>>(&self, sink: &mut S);
    /// The position after the legal move `m`.
    fn play(&self, m: Self::Move) -> Self;
    /// The position after the side to move passes (null move; threats are read from it).
    fn pass(&self) -> Self;
    /// True when the side to move is in check.
    fn is_check(&self) -> bool;
    /// True when the legal move `m` checks the opponent.
    fn gives_check(&self, m: Self::Move) -> bool;
    /// Prepares [`Rules::gives_check_with`] for this position.
    fn check_info(&self) -> Self::CheckInfo;
    /// [`Rules::gives_check`] with prepared information (the move orderer asks per move).
    fn gives_check_with(&self, info: &Self::CheckInfo, m: Self::Move) -> bool;
    /// The value of the man the legal move `m` captures, if it captures.
    fn captured_value(&self, m: Self::Move) -> Option<i32>;
    /// True when `m` promotes to the strongest piece (tried early by the attacker).
    fn is_major_promotion(&self, m: Self::Move) -> bool;
    /// An index below 4096 that similar moves share (origin and destination): the key of the
    /// refutation history.
    fn history_index(m: Self::Move) -> usize;
    /// How many moves the side to move's king has (Popeye's `MaxFlightsquares`).
    fn king_move_count(&self) -> u32;
    /// True when `color` has a man besides its king: a side with its king alone can never
    /// check, so never mate (Popeye's `KeepMatingPiece`).
    fn has_man_besides_king(&self, color: Color) -> bool;
    /// Prepares [`Rules::may_mate`] for this position.
    fn mate_filter(&self) -> Self::MateFilter;

    /// False when the checking move `m` certainly cannot mate (the mate-in-one test then skips
    /// it without playing it); true does not mean it mates. The default prunes nothing.
    #[inline]
    fn may_mate(&self, filter: &Self::MateFilter, m: Self::Move) -> bool {
        let _ = (filter, m);
        true
    }

    /// The defender's quiet legal replies were the side to move to pass, for
    /// [`Rules::quiet_survivor`]; `None` (the default) prunes nothing.
    #[inline]
    fn quiet_replies(&self) -> Option<Self::QuietReplies> {
        None
    }

    /// One of `replies` that certainly stays a legal move giving no check after the legal
    /// move `m` (a selfmate's last White move then fails without being played); `None` says
    /// nothing.
    #[inline]
    fn quiet_survivor(&self, replies: &Self::QuietReplies, m: Self::Move) -> Option<Self::Move> {
        let _ = (replies, m);
        None
    }

    /// `replies` of one reply `b` (for [`Rules::quiet_survivor`]) when `b` is a quiet legal
    /// reply were the side to move to pass; `None` (the default) says nothing.
    #[inline]
    fn quiet_reply(&self, b: Self::Move) -> Option<Self::QuietReplies> {
        let _ = b;
        None
    }

    /// After the legal move `m`, whether `spoiler` (a move of the other side's king, or
    /// null) stays a legal move giving no check, else the first legal move of the other
    /// side in generation order when it is a king move giving no check; `Unknown` (the
    /// default) says nothing. Read without making `m` ([`crate::board::KingReply`]).
    #[inline]
    fn king_reply_after(&self, m: Self::Move, spoiler: Self::Move) -> KingReply<Self::Move> {
        let _ = (m, spoiler);
        KingReply::Unknown
    }

    /// The legal moves in [`Rules::legal_moves`]' order, less some of those after which one
    /// of `replies` certainly survives ([`Rules::quiet_survivor`]; a generator may leave out
    /// the men none of whose moves can spoil every reply). The default leaves none out.
    #[inline]
    fn moves_spoiling(&self, replies: &Self::QuietReplies) -> Moves<Self> {
        let _ = replies;
        self.legal_moves()
    }

    #[inline]
    fn legal_moves(&self) -> Moves<Self> {
        let mut list = Moves::<Self>::new();
        self.generate(&mut list);
        list
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        struct Count(u64);
        impl<M> Sink<M> for Count {
            fn push(&mut self, _: M) {
                self.0 += 1;
            }
        }
        let mut count = Count(0);
        self.generate(&mut count);
        count.0
    }

    #[inline]
    fn has_legal_move(&self) -> bool {
        struct Any(bool);
        impl<M> Sink<M> for Any {
            fn push(&mut self, _: M) {
                self.0 = true;
            }
            fn is_satisfied(&self) -> bool {
                self.0
            }
        }
        let mut any = Any(false);
        self.generate(&mut any);
        any.0
    }

    /// True when `m` is a legal move here (killer moves are tested with this).
    #[inline]
    fn is_legal(&self, m: Self::Move) -> bool {
        self.legal_moves().contains(m)
    }

    /// True when, by material alone, neither side can ever be mated (FIDE's dead position).
    /// The default knows no such position.
    #[inline]
    fn is_dead_position(&self) -> bool {
        false
    }

    /// Checkmate, stalemate, or `None` while the game goes on.
    #[inline]
    fn end_state(&self) -> Option<EndState> {
        if self.has_legal_move() {
            None
        } else if self.is_check() {
            Some(EndState::Checkmate)
        } else {
            Some(EndState::Stalemate)
        }
    }

    /// Every legal move that gives check, in generation order.
    #[inline]
    fn checking_moves(&self) -> Moves<Self> {
        let mut list = self.legal_moves();
        list.retain(|m| self.gives_check(m));
        list
    }

    /// The checking moves that may mate: [`Rules::checking_moves`] less those that
    /// [`Rules::may_mate`] rules out, in generation order (the mate-in-one test's candidates).
    #[inline]
    fn mate_candidates(&self) -> Moves<Self> {
        let mut list = self.checking_moves();
        if !list.is_empty() {
            let filter = self.mate_filter();
            list.retain(|m| self.may_mate(&filter, m));
        }
        list
    }

    /// Every mate in one of the side to move, in generation order (the
    /// [`Rules::mate_candidates`] that mate), and how many moves were made to find them.
    #[inline]
    fn mates_in_one(&self) -> (Moves<Self>, u32) {
        let mut mates = self.mate_candidates();
        let made = mates.len() as u32;
        mates.retain(|m| !self.play(m).has_legal_move());
        (mates, made)
    }

    /// A mate in one of the side to move and how many moves were made to find it: `first`
    /// when it is a candidate and mates, else the first mating candidate of
    /// [`Rules::mate_candidates`] in their order.
    #[inline]
    fn first_mate_in_one(&self, first: Self::Move) -> (Option<Self::Move>, u32) {
        let candidates = self.mate_candidates();
        let mut made = 0;
        if !first.is_null() && candidates.contains(first) {
            made += 1;
            if !self.play(first).has_legal_move() {
                return (Some(first), made);
            }
        }
        for &m in candidates.iter() {
            if m == first {
                continue;
            }
            made += 1;
            if !self.play(m).has_legal_move() {
                return (Some(m), made);
            }
        }
        (None, made)
    }
}

#[cfg(test)]
mod tests;
