//! The directmate solver: depth-bounded AND/OR search and df-pn over a shared transposition
//! table, building the full [`crate::solution::Solution`] tree. It prints nothing.

mod control;

pub use control::SearchControl;
