//! The directmate solver: depth-bounded AND/OR search and df-pn over a shared transposition
//! table, building the full [`crate::solution::Solution`] tree. It prints nothing, and it
//! imports no front end: the listing order of first moves and which defences are shown are
//! the caller's ([`Presentation`]). The searches are generic over [`crate::rules::Rules`]; the
//! transposition table is typed by the question it answers ([`Question`]).

mod dfpn;
mod dfpn_table;
mod lanes;
mod mate_search;
mod present;
mod prover;
mod question;
mod refutations;
mod solve;
mod table_size;
mod tree;
mod tt;

pub use dfpn::{Dfpn, InitialNumbers, DEFAULT_INITIAL_NUMBERS};
pub use lanes::LANES;
pub use mate_search::{mate_search, mate_search_among, MateFound, EXACT_MOVES};
pub use present::{
    every_defence, generation_order, DefenceFacts, FirstMoveOrder, Presentation, ShownDefences,
};
pub use prover::Prover;
pub use question::{
    BattleGoal, BattlePlay, DirectMate, Exact, NonTrivial, Question, Quodlibet, ReflexMate,
    ReflexStalemate, Restricted, Restrictions, SelfMate, SelfStalemate, Stalemate,
};
pub use solve::{refusal, solve, solve_under_ceiling, solve_with_table, SolveError};
pub use table_size::{default_hash_mb, default_table, default_table_bytes, default_table_size};
pub use tt::{Bounds, TableSize, TranspositionTable};
