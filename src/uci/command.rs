//! The commands the engine obeys, as the front layer hands them over: already checked for
//! syntax and number ranges, not yet for chess legality (that needs the board, which the engine
//! holds). These types are ours; nothing of the parser library leaks past the front layer.

use std::time::Duration;

/// One engine-bound UCI command (plus Stockfish's `d` and `go perft`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Command {
    Uci,
    Debug(bool),
    IsReady,
    SetOption {
        name: String,
        value: Option<String>,
    },
    /// `register …`: accepted and ignored (Mateproof needs no registration).
    Register,
    UciNewGame,
    Position(PositionSpec),
    Go(GoParams),
    /// `go perft N`: leaf counts per root move, Stockfish's format.
    Perft(u32),
    /// `go classify plies N`: what can happen within N plies (Mateproof's extension).
    Classify(u32),
    Stop,
    PonderHit,
    Quit,
    /// `d`: the board, FEN, Zobrist key and checkers.
    Display,
}

/// Where a `position` command starts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum StartingPoint {
    StartPos,
    /// The FEN text (4 to 6 fields), not yet parsed.
    Fen(String),
}

/// `position startpos|fen … [moves …]`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionSpec {
    pub start: StartingPoint,
    /// UCI moves as written (`e2e4`, `e7e8q`, `0000`), checked against the board later.
    pub moves: Vec<String>,
}

/// The parameters of `go`. Times are already clamped at zero (GUIs send negative clocks when
/// a flag has fallen).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct GoParams {
    pub wtime: Option<Duration>,
    pub btime: Option<Duration>,
    pub winc: Option<Duration>,
    pub binc: Option<Duration>,
    pub movestogo: Option<u32>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Mate in at most this many moves.
    pub mate: Option<u32>,
    pub movetime: Option<Duration>,
    pub infinite: bool,
    pub ponder: bool,
    /// UCI moves as written, checked against the board later.
    pub searchmoves: Vec<String>,
}
