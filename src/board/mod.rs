//! The chess board: squares, bitboards, pieces, moves, the position with its legal move
//! generator, FEN/validation and end states. It knows nothing of problems or text formats
//! beyond FEN. [`Position`] is the orthodox implementation of [`crate::rules::Rules`].
//!
//! Some questions about the legal moves after a move are answered here without making it,
//! because they read the attack tables and the generator's sinks: which checks may mate
//! (`mate_candidates`), which of the other side's quiet replies survive it
//! ([`QuietReplies`]) and what the other side's king can then do ([`KingReply`]). Searches ask
//! them through [`crate::rules::Rules`]; today the selfmate's last move pair is the only one
//! that asks the last two, and their module paragraphs say how it uses them.

pub mod attacks;
mod bitboard;
mod castling;
mod checks;
mod color;
pub mod distances;
mod end_state;
pub mod fen;
mod flights;
mod king_reply;
mod mate_candidates;
mod movegen;
mod movelist;
mod mv;
mod position;
mod quiet_replies;
mod role;
mod setup;
mod square;
mod validate;
pub mod zobrist;

pub use bitboard::{Bitboard, BitboardIter};
pub use castling::{
    geometry as castle_geometry, CastleGeometry, Castling, CastlingExclusions, Wing,
};
pub use checks::CheckInfo;
pub use color::Color;
pub use end_state::{EndState, History};
pub use fen::{parse_fen, ParseFenError, STARTPOS_FEN};
pub use flights::Flights;
pub use king_reply::KingReply;
pub use mate_candidates::FirstMate;
pub use movegen::{GenKind, MoveCounter, MoveSink};
pub use movelist::{MoveList, INLINE_MOVES, MAX_MOVES};
pub use mv::{Move, MoveKind};
pub use position::Position;
pub use quiet_replies::QuietReplies;
pub use role::{Piece, Role};
pub use setup::{Setup, Validation};
pub use square::{ParseSquareError, Square};
pub use validate::{ImpossibleCheck, KinglessSides, PositionError};

impl Position {
    /// Parses and validates a FEN in one step.
    pub fn from_fen(fen: &str, validation: Validation) -> Result<Position, FenError> {
        Ok(parse_fen(fen)?.into_position(validation)?)
    }
}

/// A FEN that could not be read or is not a legal position.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum FenError {
    #[error("{0}")]
    Syntax(#[from] ParseFenError),
    #[error("illegal position: {0}")]
    Illegal(#[from] PositionError),
}
