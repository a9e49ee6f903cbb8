//! Kernel types every search finds, whatever the game: the stop/limit control shared by the
//! problem solver, the game search and the suite runner ([`SearchControl`]), and the list that
//! keeps its first values on the stack and grows onto the heap ([`StackList`]). It depends on
//! nothing else in the crate.

mod control;
mod list;

pub use control::{PollPace, SearchControl, MAX_POLL_INTERVAL};
pub use list::StackList;
