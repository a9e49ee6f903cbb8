//! Goals: what the last move of the play must achieve (mate, stalemate, …), apart from who
//! plays and how long. Popeye keeps goals apart from play the same way
//! (`stipulation/goals/`); the symbols are Popeye's. Only goals that need no parameter are
//! named here: Popeye's target square (`z`), circuits, exchanges, proof games and `a=>b` are
//! not, so a stipulation naming them does not parse.

use std::fmt;

/// What the play must end in.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Goal {
    /// `#`: the side to move is checkmated.
    Mate,
    /// `=`: the side to move is stalemated.
    Stalemate,
    /// `==`: both sides would be stalemated.
    DoubleStalemate,
    /// `#=`: mate or stalemate.
    MateOrStalemate,
    /// `##`: both kings are mated.
    DoubleMate,
    /// `##!`: a countermate.
    Countermate,
    /// `!=`: the side that moved is stalemated (autostalemate).
    AutoStalemate,
    /// `!#`: the side that moved is mated (automate).
    Automate,
    /// `+`: check.
    Check,
    /// `x`: a capture.
    Capture,
    /// `%`: a capture that is not recaptured (Steingewinn).
    Steingewinn,
    /// `ep`: an en passant capture.
    EnPassant,
    /// `00`: castling.
    Castling,
    /// `~`: any move.
    Any,
    /// `c81`: Chess81.
    Chess81,
    /// `k`: a kiss.
    Kiss,
}

/// Every named goal with its symbol, a symbol before any other that it starts with (`##!`
/// before `##` before `#`), so the first match while reading is the right one.
const SYMBOLS: [(Goal, &str); 16] = [
    (Goal::Countermate, "##!"),
    (Goal::DoubleMate, "##"),
    (Goal::MateOrStalemate, "#="),
    (Goal::Mate, "#"),
    (Goal::DoubleStalemate, "=="),
    (Goal::AutoStalemate, "!="),
    (Goal::Stalemate, "="),
    (Goal::Check, "+"),
    (Goal::Capture, "x"),
    (Goal::Steingewinn, "%"),
    (Goal::EnPassant, "ep"),
    (Goal::Castling, "00"),
    (Goal::Any, "~"),
    (Goal::Chess81, "c81"),
    (Goal::Kiss, "k"),
    (Goal::Automate, "!#"),
];

impl Goal {
    /// Popeye's symbol (`#`, `=`, `##!`, …).
    pub fn symbol(self) -> &'static str {
        SYMBOLS
            .iter()
            .find(|(goal, _)| *goal == self)
            .map_or("", |(_, symbol)| symbol)
    }

    /// The goal `text` starts with (lower case), and the text after its symbol.
    pub fn read_prefix(text: &str) -> Option<(Goal, &str)> {
        SYMBOLS
            .iter()
            .find_map(|&(goal, symbol)| Some((goal, text.strip_prefix(symbol)?)))
    }
}

impl fmt::Display for Goal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_goal_reads_back_from_its_symbol() {
        for (goal, symbol) in SYMBOLS {
            assert_eq!(goal.symbol(), symbol);
            assert_eq!(Goal::read_prefix(&format!("{symbol}3")), Some((goal, "3")));
        }
        assert_eq!(Goal::read_prefix("z"), None);
        assert_eq!(Goal::read_prefix("dia4"), None);
    }
}
