//! Solving options, named as Popeye names them.

use std::time::Duration;

/// Whether and how tries are reported.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum TryMode {
    /// Keys only.
    #[default]
    Off,
    /// First moves refuted by at most this many Black moves are reported as tries, each with
    /// its refutations (`Try` = 1, `Defence k` = k).
    Refutations(u32),
}

/// What the solver computes and reports beyond the keys.
#[derive(Clone, Debug, Default)]
pub struct SolveOptions {
    /// `Variation`: the full tree (threats, defences, continuations), not just the keys.
    pub variations: bool,
    /// `Try` / `Defence k`.
    pub tries: TryMode,
    /// `SetPlay`: Black's moves in the diagram position with White's mates.
    pub set_play: bool,
    /// `NoThreat`: do not compute or print threats.
    pub no_threat: bool,
    /// `NoShortVariations`: omit variations shorter than the threat.
    pub no_short_variations: bool,
    /// `MatesIn1`: in self play, show the defender's moves that reach the goal at once as
    /// variations (Popeye suppresses them by default).
    pub mates_in_1: bool,
    /// `Quodlibet`: in self play (`s#`, `s=`) the attacker may also reach the goal itself, at
    /// any of its moves, as in direct play. (Popeye accepts it for reflex play too, where the
    /// attacker's duty to reach the goal comes first and it changes nothing.)
    pub quodlibet: bool,
    /// `KeepMatingPiece`: play stops where the mating side has its king alone. That king can
    /// never mate, so no solution changes; what shows is that a first move that leaves it
    /// alone is then no try either (Popeye stops before it looks for refutations), the one
    /// place the solver applies it.
    pub keep_mating_piece: bool,
    /// `MaxSolutions n`: stop after this many keys.
    pub max_solutions: Option<u32>,
    /// `Threat n`: in longer problems, a Black move counts as a defence only if it leaves White
    /// no threat of mate in at most `n` moves.
    pub max_threat_length: Option<u32>,
    /// `MaxFlightsquares n`: a Black move counts as a defence only if it leaves the Black king
    /// at most `n` flights.
    pub max_flights: Option<u32>,
    /// `NonTrivial m n` in self play: the defender may have at most `m` more
    /// non-trivial moves than one per defence (a trivial one lets the attacker win within `n`),
    /// counted along the play (see `crate::solver::NonTrivial`).
    pub nontrivial: Option<(u32, u32)>,
    /// `PostKeyPlay`: the diagram is the position after the key; show Black's play.
    pub post_key_play: bool,
    /// `MaxTime`: give up (with a partial solution) after this long.
    pub max_time: Option<Duration>,
    // Help and series play (issue 18's help half).
    /// `Duplex`: the play is solved again with the other side starting.
    pub duplex: bool,
    /// `HalfDuplex`: only the play with the other side starting.
    pub half_duplex: bool,
    /// `StopOnShortSolutions`: no longer play once shorter play has solutions.
    pub stop_on_short_solutions: bool,
    /// `Intelligent`: help mates by way of their final positions (the same lines, in the
    /// same order).
    pub intelligent: bool,
    /// `NullMoves` (help play): either side may pass (`...`), never twice in a row and never
    /// out of check.
    pub null_moves: bool,
}

impl SolveOptions {
    /// The number of refutations a try may have (0 when tries are off).
    pub fn max_refutations(&self) -> u32 {
        match self.tries {
            TryMode::Off => 0,
            TryMode::Refutations(k) => k,
        }
    }
}
