//! Chess with fairy pieces behind the rules seam ([`crate::rules::Rules`]): a game's pieces
//! compiled once from their definitions ([`Walks`], from Betza, YAML or Popeye's catalogue),
//! a position over them ([`FairyPosition`]) with its own move type naming fairy promotions
//! ([`FairyMove`]), table-driven generation and legality by "the own king is not attacked
//! after the move". The orthodox board (`crate::board`) is a separate, faster implementation
//! of the same trait and shares nothing with this one but its square, bitboard and castling
//! types; the queen, rook, bishop and knight here are data, which `tests/fairy/movegen.rs`
//! checks against shakmaty.

mod attacks;
mod movegen;
mod moves;
mod popeye;
mod position;
mod rules;
mod walks;

pub use attacks::Guard;
pub use moves::FairyMove;
pub use popeye::from_catalogue_men;
pub use position::{FairyFenError, FairyPosition, Man};
pub use walks::{Kind, KindInfo, Walks, WalksError, KING, MAX_KINDS, PAWN};
