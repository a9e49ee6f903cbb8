//! The questions a battle search answers and a transposition table is typed by: "does the
//! attacker reach the goal within n of its moves", for one play ([`BattlePlay`]: direct, self,
//! reflex) and goal ([`BattleGoal`]: mate, stalemate) as constants ([`Question`]), with Popeye's
//! `Threat`/`MaxFlightsquares` values as the question's value ([`Restrictions`]), and the
//! `exact-`, `Quodlibet` and `NonTrivial` forms wrapped round a question. Below the table
//! ([`super::tt`]) and the prover, which both read it; it knows neither.

/// Popeye's `Threat n` and `MaxFlightsquares n`: which White moves count as attacking moves.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Restrictions {
    /// A quiet White move with more than this many moves to go must threaten mate within it.
    pub max_threat: Option<u32>,
    /// After a White move with at least two more White moves to follow, the Black king may
    /// have at most this many moves.
    pub max_flights: Option<u32>,
}

impl Restrictions {
    pub fn is_none(&self) -> bool {
        self.max_threat.is_none() && self.max_flights.is_none()
    }
}

/// Who must reach a battle problem's goal ([`Question::PLAY`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BattlePlay {
    /// `#N`, `=N`: the attacker's own move reaches the goal.
    Direct,
    /// `s#N`, `s=N`: the attacker forces the defender to reach it.
    SelfPlay,
    /// `r#N`, `r=N`: as self play, and either side must reach the goal in one when it can.
    Reflex,
}

/// The end a battle problem aims at ([`Question::GOAL`]): the side to move after it has no
/// legal move, in check (mate) or not (stalemate).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum BattleGoal {
    Mate,
    Stalemate,
}

/// The question a table's bounds answer: "does the attacker reach the goal within n of its
/// moves", for one kind of play and goal (constants, so each question's search is compiled on
/// its own and the directmate search has no branch for the others), asked under some rule of
/// which attacking moves count. Tables of different questions are different types.
pub trait Question: Copy + Eq + std::fmt::Debug + Send + Sync + 'static {
    /// Who must reach the goal.
    const PLAY: BattlePlay = BattlePlay::Direct;
    /// The goal.
    const GOAL: BattleGoal = BattleGoal::Mate;
    /// `exact-`: the goal must be reached in exactly n moves, never earlier ([`Exact`]).
    const EXACT: bool = false;
    /// Popeye's `Quodlibet` ([`Quodlibet`]): in self play the attacker also wins by reaching
    /// the goal itself, as in direct play.
    const QUODLIBET: bool = false;
    /// Popeye's `NonTrivial m n` ([`NonTrivial`]): answers depend on a budget along the play.
    const NONTRIVIAL: bool = false;
    /// Which attacking moves count (none restricted for a plain directmate).
    fn restrictions(&self) -> Restrictions;
    /// `NonTrivial m n` as `(m, n)`, for a [`NonTrivial`] question.
    #[inline]
    fn nontrivial(&self) -> Option<(u32, u32)> {
        None
    }
}

/// Questions of battle play beyond the directmate: their play and goal as constants, Popeye's
/// `Threat`/`MaxFlightsquares` values (if any) as the question's value, so a table answers for
/// one set of them only (as [`Restricted`] does for the directmate).
macro_rules! battle_question {
    ($(#[$doc:meta])* $name:ident, $play:ident, $goal:ident) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
        pub struct $name(pub Restrictions);

        impl Question for $name {
            const PLAY: BattlePlay = BattlePlay::$play;
            const GOAL: BattleGoal = BattleGoal::$goal;
            #[inline]
            fn restrictions(&self) -> Restrictions {
                self.0
            }
        }
    };
}

battle_question!(
    /// `s#N`: White forces Black to mate.
    SelfMate, SelfPlay, Mate
);
battle_question!(
    /// `r#N`: reflexmate.
    ReflexMate, Reflex, Mate
);
battle_question!(
    /// `=N`: White stalemates Black.
    Stalemate, Direct, Stalemate
);
battle_question!(
    /// `s=N`: White forces Black to stalemate White.
    SelfStalemate, SelfPlay, Stalemate
);
battle_question!(
    /// `r=N`: reflex stalemate.
    ReflexStalemate, Reflex, Stalemate
);

/// Popeye's `exact-` form of a question: "does the attacker reach the goal in exactly n of its
/// moves". Not monotone in n, so its answers are stored per n (see the prover's `exact`
/// module), never as "within" bounds; being its own type, its table holds nothing else.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Exact<Q>(pub Q);

impl<Q: Question> Question for Exact<Q> {
    const PLAY: BattlePlay = Q::PLAY;
    const GOAL: BattleGoal = Q::GOAL;
    const EXACT: bool = true;
    const QUODLIBET: bool = Q::QUODLIBET;
    #[inline]
    fn restrictions(&self) -> Restrictions {
        self.0.restrictions()
    }
}

/// Popeye's `Quodlibet` form of a self or reflex question (`s#N`, `r#N`, `s=N`, `r=N`): the
/// attacker wins also by reaching the goal with a move of its own, at any of its moves, as
/// in direct play (Popeye: "in s# or r# also direct mates are a solution"; it adds a direct
/// end to every attacker move of the battle branch, `options/quodlibet.c`). Asked in self
/// play only: in reflex play the attacker's duty to reach the goal when it can comes first
/// there, so Popeye's Quodlibet changes nothing in `r#`/`r=`.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Quodlibet<Q>(pub Q);

impl<Q: Question> Question for Quodlibet<Q> {
    const PLAY: BattlePlay = Q::PLAY;
    const GOAL: BattleGoal = Q::GOAL;
    const EXACT: bool = Q::EXACT;
    const QUODLIBET: bool = true;
    #[inline]
    fn restrictions(&self) -> Restrictions {
        self.0.restrictions()
    }
}

/// Popeye's `NonTrivial m n` form of a self-play question (`s#`, `s=`): at a defence with more than
/// `n` attacker moves to come, a defender's move is trivial when the attacker then wins within
/// `n`; with `c` non-trivial moves there and the budget `b` (at first `m`), the defence stands
/// (the attacker's move fails) when `c > b + 1`, else the play below is judged with the budget
/// `b + 1 - c` (Popeye's `options/nontrivial.c`). The answers depend on the budget, which
/// follows the path: they are stored per `n` and budget (see the prover's `nontrivial`
/// module); being its own type, its table holds nothing else.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct NonTrivial<Q> {
    pub question: Q,
    /// `m`: the non-trivial moves allowed beyond one per defence, along the play.
    pub max: u32,
    /// `n`: a defender's move is trivial when the attacker then wins within `n`.
    pub min_length: u32,
}

impl<Q: Question> Question for NonTrivial<Q> {
    const PLAY: BattlePlay = Q::PLAY;
    const GOAL: BattleGoal = Q::GOAL;
    const EXACT: bool = Q::EXACT;
    const QUODLIBET: bool = Q::QUODLIBET;
    const NONTRIVIAL: bool = true;
    #[inline]
    fn restrictions(&self) -> Restrictions {
        self.question.restrictions()
    }
    #[inline]
    fn nontrivial(&self) -> Option<(u32, u32)> {
        Some((self.max, self.min_length))
    }
}

/// Directmate: every legal attacking move counts.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct DirectMate;

impl Question for DirectMate {
    #[inline]
    fn restrictions(&self) -> Restrictions {
        Restrictions::default()
    }
}

/// Directmate under Popeye's `Threat n` / `MaxFlightsquares n`: the values are part of the
/// question, so a table answers for one set of them only.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Restricted(pub Restrictions);

impl Question for Restricted {
    #[inline]
    fn restrictions(&self) -> Restrictions {
        self.0
    }
}
