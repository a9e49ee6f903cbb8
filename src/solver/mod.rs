//! The directmate solver: depth-bounded AND/OR search and df-pn over a shared transposition
//! table, building the full [`crate::solution::Solution`] tree. It prints nothing.

mod control;
mod dfpn;
mod mate_search;
mod prover;
mod solve;
mod tree;
mod tt;

pub use control::{PollPace, SearchControl, MAX_POLL_INTERVAL};
pub use dfpn::Dfpn;
pub use mate_search::{mate_search, mate_search_among, MateFound, EXACT_MOVES};
pub use prover::{Prover, Restrictions};
pub use solve::{default_hash_mb, solve, solve_with_table, SolveError};
pub use tt::{Bounds, TranspositionTable};
