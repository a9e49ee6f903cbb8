//! Stipulations: who plays (direct, self, help), for what aim (mate, stalemate), in how many
//! moves. Only directmates are solved today; the type already has room for the rest so front
//! ends can parse and reject them cleanly.

use std::fmt;
use std::str::FromStr;

/// Who cooperates with whom.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Play {
    /// White plays to achieve the aim against any defence (`#N`).
    Direct,
    /// White forces Black to achieve the aim (`s#N`).
    SelfPlay,
    /// Both sides cooperate, Black starting (`h#N`).
    Help,
}

/// What must be achieved.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Aim {
    Mate,
    Stalemate,
}

/// A stipulation such as `#3`, `exact-#4`, `s#2`, `h#3` or `=2`.
///
/// ```
/// use mateproof::problem::Stipulation;
/// let s: Stipulation = "#3".parse().unwrap();
/// assert_eq!(s, Stipulation::direct_mate(3));
/// assert_eq!("exact-#4".parse::<Stipulation>().unwrap().to_string(), "exact-#4");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Stipulation {
    pub play: Play,
    pub aim: Aim,
    /// Number of moves (White's moves for direct and self play, full moves for help play).
    pub moves: u32,
    /// `exact-`: the aim must not be reachable in fewer moves.
    pub exact: bool,
}

/// The longest mate any front end accepts — `solve --mate`, UCI `go mate`, suites, Popeye
/// input — in moves: the solver's table stores lengths in a byte and its search path holds
/// 256 plies.
pub const MAX_MATE_MOVES: u32 = 127;

impl Stipulation {
    pub const fn direct_mate(moves: u32) -> Stipulation {
        Stipulation {
            play: Play::Direct,
            aim: Aim::Mate,
            moves,
            exact: false,
        }
    }

    /// True for what the solver handles today: `#N` and `exact-#N`, N up to
    /// [`MAX_MATE_MOVES`].
    pub fn is_supported(&self) -> bool {
        self.play == Play::Direct
            && self.aim == Aim::Mate
            && (1..=MAX_MATE_MOVES).contains(&self.moves)
    }
}

/// A stipulation we cannot read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("cannot read stipulation '{0}'")]
pub struct ParseStipulationError(pub String);

impl FromStr for Stipulation {
    type Err = ParseStipulationError;
    fn from_str(text: &str) -> Result<Stipulation, ParseStipulationError> {
        let err = || ParseStipulationError(text.to_owned());
        let lower = text.trim().to_ascii_lowercase();
        let (exact, rest) = match lower.strip_prefix("exact-") {
            Some(rest) => (true, rest),
            None => (false, lower.as_str()),
        };
        let (play, rest) = if let Some(r) = rest.strip_prefix("s") {
            (Play::SelfPlay, r)
        } else if let Some(r) = rest.strip_prefix("h") {
            (Play::Help, r)
        } else {
            (Play::Direct, rest)
        };
        let (aim, number) = if let Some(r) = rest.strip_prefix('#') {
            (Aim::Mate, r)
        } else if let Some(r) = rest.strip_prefix('=') {
            (Aim::Stalemate, r)
        } else {
            return Err(err());
        };
        let moves: u32 = number.parse().map_err(|_| err())?;
        if moves == 0 {
            return Err(err());
        }
        Ok(Stipulation {
            play,
            aim,
            moves,
            exact,
        })
    }
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exact {
            f.write_str("exact-")?;
        }
        match self.play {
            Play::Direct => {}
            Play::SelfPlay => f.write_str("s")?,
            Play::Help => f.write_str("h")?,
        }
        match self.aim {
            Aim::Mate => f.write_str("#")?,
            Aim::Stalemate => f.write_str("=")?,
        }
        write!(f, "{}", self.moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        for text in ["#1", "#12", "exact-#3", "s#2", "h#3", "=2", "h=4"] {
            assert_eq!(text.parse::<Stipulation>().unwrap().to_string(), text);
        }
        for bad in ["", "#", "#0", "x#2", "#-1", "ser-h#3"] {
            assert!(bad.parse::<Stipulation>().is_err(), "{bad}");
        }
        assert!(Stipulation::direct_mate(2).is_supported());
        assert!(!"s#2".parse::<Stipulation>().unwrap().is_supported());
    }
}
