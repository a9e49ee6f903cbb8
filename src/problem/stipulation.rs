//! Stipulations: the play (direct, self, reflex, help, series), the [`Goal`], and the length in
//! half-moves with a minimum, read and written as Popeye writes them (`#3`, `exact-#4`, `s#2`,
//! `h#2.5`, `ser-h#3`, …). Lengths count half-moves as Popeye's `input/plaintext/stipulation.c`
//! does, so `exact-`, `h#N.5` and series lengths are said exactly rather than by convention.
//!
//! [`Stipulation::is_supported`] is the one answer to "can Mateproof solve this?": the solver,
//! the Popeye reader, the suite and the composer all ask it.

use super::goal::Goal;
use crate::board::Color;
use std::fmt;
use std::str::FromStr;

/// How the play ends in a series: who achieves the goal after the series of moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum SeriesEnd {
    /// `ser-#N`: the series side's last move reaches the goal.
    Direct,
    /// `ser-h#N`: after the series the other side reaches the goal in one move.
    Help,
    /// `ser-s#N`: after the series the other side is forced to reach the goal.
    SelfPlay,
    /// `ser-r#N`: after the series the other side must reach the goal if it can.
    Reflex,
}

/// Who plays how: the shape of the play, apart from the goal and the length.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum PlayKind {
    /// `#N`: the attacker (White) reaches the goal against any defence.
    Direct,
    /// `s#N`: the attacker forces the defender to reach the goal.
    SelfPlay,
    /// `r#N`: as self play, and either side must reach the goal when it can in one.
    Reflex,
    /// `h#N`: both sides cooperate; the side not starting makes the last move.
    Help,
    /// `ser-…N`: one side plays a series of moves alone, then the play ends as the
    /// [`SeriesEnd`] says.
    Series(SeriesEnd),
}

impl PlayKind {
    /// Half-moves after a series that end it (the other side's one move), 0 for other play.
    fn series_tail(self) -> u32 {
        match self {
            PlayKind::Series(SeriesEnd::Direct) => 0,
            PlayKind::Series(_) => 1,
            _ => 0,
        }
    }

    /// The shortest length (in half-moves) the play can have: the minimum of a stipulation
    /// without `exact-`. `half` is the `.5` of help play.
    fn shortest(self, half: bool) -> u32 {
        match self {
            PlayKind::Direct => 1,
            PlayKind::SelfPlay | PlayKind::Reflex => 2,
            PlayKind::Help => 2 - u32::from(half),
            PlayKind::Series(_) => 1 + self.series_tail(),
        }
    }

    /// Popeye's prefix before the goal (`s`, `h`, `ser-h`, …).
    fn prefix(self) -> &'static str {
        match self {
            PlayKind::Direct => "",
            PlayKind::SelfPlay => "s",
            PlayKind::Reflex => "r",
            PlayKind::Help => "h",
            PlayKind::Series(SeriesEnd::Direct) => "ser-",
            PlayKind::Series(SeriesEnd::Help) => "ser-h",
            PlayKind::Series(SeriesEnd::SelfPlay) => "ser-s",
            PlayKind::Series(SeriesEnd::Reflex) => "ser-r",
        }
    }
}

/// The length of the play in half-moves (moves of either side actually played, up to and
/// including the one that reaches the goal), with the shortest that counts: `#3` is 5
/// half-moves at most, any odd number from 1; `exact-#3` exactly 5; `h#2.5` 5 from 1;
/// `ser-h#3` 4 (three Black moves, White's mate) from 2.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Length {
    pub min: u32,
    pub max: u32,
}

/// The longest mate any front end accepts — `solve --mate`, UCI `go mate`, suites, Popeye
/// input — in moves: the solver's table stores lengths in a byte and its search path holds
/// 256 plies.
pub const MAX_MATE_MOVES: u32 = 127;

/// A stipulation such as `#3`, `exact-#4`, `s#2`, `h#2.5`, `=2` or `ser-h#3`.
///
/// ```
/// use mateproof::problem::{Goal, PlayKind, Stipulation};
/// let s: Stipulation = "#3".parse().unwrap();
/// assert_eq!(s, Stipulation::direct_mate(3));
/// assert_eq!(s.length.max, 5);
/// let h: Stipulation = "h#2.5".parse().unwrap();
/// assert_eq!((h.play, h.goal, h.length.max), (PlayKind::Help, Goal::Mate, 5));
/// assert_eq!("exact-#4".parse::<Stipulation>().unwrap().to_string(), "exact-#4");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Stipulation {
    pub play: PlayKind,
    pub goal: Goal,
    pub length: Length,
}

impl Stipulation {
    /// `#N`: White mates in at most `moves` moves (`#0`, which nothing solves, has length 0).
    pub const fn direct_mate(moves: u32) -> Stipulation {
        Stipulation {
            play: PlayKind::Direct,
            goal: Goal::Mate,
            length: Length {
                min: 1,
                max: moves.saturating_mul(2).saturating_sub(1),
            },
        }
    }

    /// The one answer to "does Mateproof solve this?": direct mates, `#N`, N up
    /// to [`MAX_MATE_MOVES`]; help and series play (below). A new kind of play becomes
    /// supported here, and every front end follows.
    pub fn is_supported(&self) -> bool {
        self.is_supported_direct_mate()
            || self.is_supported_battle()
            || self.is_supported_help_or_series()
    }

    /// `#N` and `exact-#N` (`exact-#1` is `#1`): the solver asks "in exactly n" for the
    /// latter, as Popeye's `exact-` does (no play may reach the goal before the full length).
    fn is_supported_direct_mate(&self) -> bool {
        self.play == PlayKind::Direct
            && self.goal == Goal::Mate
            && (1..=MAX_MATE_MOVES).contains(&self.moves())
    }

    /// Help and series play (`h#N`, `h#N.5`, `h=N`, `ser-#N`, `ser-=N`, `ser-h#N`,
    /// `ser-s#N`, `exact-` too): the goal mate or stalemate, at most [`MAX_MATE_MOVES`]
    /// moves (the number Popeye writes, [`Stipulation::moves`]: `h#127.5`, `ser-#127`).
    /// Solved by [`crate::help`], not by the battle-play solver.
    fn is_supported_help_or_series(&self) -> bool {
        let play = matches!(
            self.play,
            PlayKind::Help
                | PlayKind::Series(SeriesEnd::Direct | SeriesEnd::Help | SeriesEnd::SelfPlay)
        );
        play && matches!(self.goal, Goal::Mate | Goal::Stalemate)
            && self.length.max >= 1
            && !self.is_too_long()
    }

    /// True when the stipulation asks for more than the [`MAX_MATE_MOVES`] moves every front
    /// end takes (`#200`, `ser-#200`, `h#128`): each refuses it by saying so.
    ///
    /// ```
    /// use mateproof::problem::Stipulation;
    /// let long = |s: &str| s.parse::<Stipulation>().unwrap().is_too_long();
    /// assert!(long("ser-#128") && long("h#128") && long("#200"));
    /// assert!(!long("ser-#127") && !long("h#127.5") && !long("ser-h#127"));
    /// ```
    pub fn is_too_long(&self) -> bool {
        self.moves() > MAX_MATE_MOVES
    }

    /// Help or series play: lines of cooperative play ([`crate::help`]), not a battle tree.
    pub fn is_help_or_series(&self) -> bool {
        matches!(self.play, PlayKind::Help | PlayKind::Series(_))
    }

    /// Battle play beyond `#N`: `s#N`, `r#N`, `=N`, `s=N`, `r=N`, with `exact-` too.
    fn is_supported_battle(&self) -> bool {
        let play = matches!(
            self.play,
            PlayKind::Direct | PlayKind::SelfPlay | PlayKind::Reflex
        );
        let goal = matches!(self.goal, Goal::Mate | Goal::Stalemate);
        play && goal
            && !(self.play == PlayKind::Direct && self.goal == Goal::Mate)
            && (1..=MAX_MATE_MOVES).contains(&self.moves())
    }

    /// The number Popeye writes: full moves of the attacker (battle), move pairs (help, the
    /// whole part of `h#N.5`), moves of the series.
    pub fn moves(&self) -> u32 {
        let max = self.length.max;
        match self.play {
            PlayKind::Direct => max.div_ceil(2),
            PlayKind::SelfPlay | PlayKind::Reflex | PlayKind::Help => max / 2,
            PlayKind::Series(_) => max - self.play.series_tail(),
        }
    }

    /// `exact-`: only play of the full length counts. Where the length is already the
    /// shortest possible (`exact-#1`) the prefix is moot, as in Popeye, and not kept.
    pub fn is_exact(&self) -> bool {
        self.length.min == self.length.max && self.length.max > self.shortest()
    }

    /// The shortest length any play of this kind and parity can have.
    fn shortest(&self) -> u32 {
        self.play.shortest(self.is_half_move_help())
    }

    /// `h#N.5`: help play with an odd number of half-moves.
    fn is_half_move_help(&self) -> bool {
        self.play == PlayKind::Help && self.length.max % 2 == 1
    }

    /// The side that makes the first move: White in battle and series play, except that
    /// Black starts `h#N` (White makes the last move) and `ser-h#N` (White mates after Black's
    /// series); White starts `h#N.5`.
    pub fn starter(&self) -> Color {
        match self.play {
            PlayKind::Help if self.length.max.is_multiple_of(2) => Color::Black,
            PlayKind::Series(SeriesEnd::Help) => Color::Black,
            _ => Color::White,
        }
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
        let (play, rest) = read_play(rest);
        let (goal, number) = Goal::read_prefix(rest).ok_or_else(err)?;
        let (whole, half) = match number.strip_suffix(".5") {
            Some(whole) if play == PlayKind::Help => (whole, true),
            _ => (number, false),
        };
        let moves: u32 = whole.parse().map_err(|_| err())?;
        if moves == 0 && !half {
            return Err(err());
        }
        let max = match play {
            PlayKind::Direct => moves.checked_mul(2).map(|m| m - 1),
            PlayKind::SelfPlay | PlayKind::Reflex => moves.checked_mul(2),
            PlayKind::Help => moves
                .checked_mul(2)
                .and_then(|m| m.checked_add(u32::from(half))),
            PlayKind::Series(_) => moves.checked_add(play.series_tail()),
        }
        .ok_or_else(err)?;
        let min = if exact { max } else { play.shortest(half) };
        Ok(Stipulation {
            play,
            goal,
            length: Length { min, max },
        })
    }
}

/// The play named at the start of `text` (lower case), and the rest.
fn read_play(text: &str) -> (PlayKind, &str) {
    let (series, rest) = match text.strip_prefix("ser-") {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let ends = [
        ('h', SeriesEnd::Help, PlayKind::Help),
        ('s', SeriesEnd::SelfPlay, PlayKind::SelfPlay),
        ('r', SeriesEnd::Reflex, PlayKind::Reflex),
    ];
    for (letter, series_end, play) in ends {
        if let Some(rest) = rest.strip_prefix(letter) {
            return (
                if series {
                    PlayKind::Series(series_end)
                } else {
                    play
                },
                rest,
            );
        }
    }
    let play = if series {
        PlayKind::Series(SeriesEnd::Direct)
    } else {
        PlayKind::Direct
    };
    (play, rest)
}

impl fmt::Display for Stipulation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_exact() {
            f.write_str("exact-")?;
        }
        write!(f, "{}{}{}", self.play.prefix(), self.goal, self.moves())?;
        if self.is_half_move_help() {
            f.write_str(".5")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stip(text: &str) -> Stipulation {
        text.parse().unwrap()
    }

    #[test]
    fn every_popeye_form_prints_as_read() {
        for text in [
            "#1",
            "#3",
            "#12",
            "exact-#4",
            "s#2",
            "r#3",
            "=2",
            "s=3",
            "h#2",
            "h#2.5",
            "h=3.5",
            "h#0.5",
            "h=4",
            "ser-#5",
            "ser-h#3",
            "ser-s#4",
            "ser-r#2",
            "ser-=3",
            "exact-h#3",
            "exact-s#2",
            "exact-ser-r#2",
            "exact-h#2.5",
            "##!2",
            "##2",
            "#=2",
            "==3",
            "h!=2",
            "s!#3",
            "ser-sx2",
            "ser-003",
            "h001.5",
            "sep1",
            "hc815",
            "ser-h##!2",
            "s%2",
            "h~1",
            "hk2",
            "h+3",
        ] {
            assert_eq!(stip(text).to_string(), text);
        }
        assert_eq!(stip(" H#2 ").to_string(), "h#2");
        // Popeye: "exact- is moot since the length is minimal".
        assert_eq!(stip("exact-#1"), stip("#1"));
    }

    #[test]
    fn unreadable_stipulations_are_refused() {
        for bad in [
            "",
            "#",
            "#0",
            "x#2",
            "#-1",
            "h#",
            "#2.5",
            "s#1.5",
            "ser-#0",
            "ser-h#2.5",
            "hs#2",
            "hr#2",
            "semi-r#1",
            "z#2",
            "dia4",
            "#4294967295",
            "ser-h#4294967295",
        ] {
            assert!(bad.parse::<Stipulation>().is_err(), "{bad}");
        }
    }

    #[test]
    fn lengths_are_half_moves() {
        let half_moves = |text: &str| (stip(text).length.min, stip(text).length.max);
        assert_eq!(half_moves("#3"), (1, 5));
        assert_eq!(half_moves("exact-#3"), (5, 5));
        assert_eq!(half_moves("s#2"), (2, 4));
        assert_eq!(half_moves("r#3"), (2, 6));
        assert_eq!(half_moves("=2"), (1, 3));
        assert_eq!(half_moves("h#2"), (2, 4));
        assert_eq!(half_moves("h#2.5"), (1, 5));
        assert_eq!(half_moves("h#0.5"), (1, 1));
        assert_eq!(half_moves("exact-h#3"), (6, 6));
        assert_eq!(half_moves("ser-#5"), (1, 5));
        assert_eq!(half_moves("ser-h#3"), (2, 4));
        assert_eq!(half_moves("ser-s#4"), (2, 5));
        assert_eq!(half_moves("exact-ser-=3"), (3, 3));
        assert_eq!(Stipulation::direct_mate(4), stip("#4"));
        assert_eq!(Stipulation::direct_mate(4).moves(), 4);
        assert_eq!(stip("h#2.5").moves(), 2);
        assert_eq!(stip("ser-h#3").moves(), 3);
    }

    #[test]
    fn who_starts() {
        assert_eq!(stip("#2").starter(), Color::White);
        assert_eq!(stip("s#2").starter(), Color::White);
        assert_eq!(stip("h#2").starter(), Color::Black);
        assert_eq!(stip("h#2.5").starter(), Color::White);
        assert_eq!(stip("h=0.5").starter(), Color::White);
        assert_eq!(stip("ser-#3").starter(), Color::White);
        assert_eq!(stip("ser-h#3").starter(), Color::Black);
        assert_eq!(stip("ser-s#3").starter(), Color::White);
    }

    #[test]
    fn direct_mates_are_supported() {
        for text in ["#1", "#2", "exact-#1", "#30", "exact-#2", "exact-#4"] {
            assert!(stip(text).is_supported(), "{text}");
        }
        for text in ["##2", "#=2", "+2", "exact-#128"] {
            assert!(!stip(text).is_supported(), "{text}");
        }
        assert!(!Stipulation::direct_mate(0).is_supported());
    }

    #[test]
    fn battle_play_beyond_mate_is_supported_exact_too() {
        for text in [
            "s#1",
            "s#2",
            "r#2",
            "=2",
            "s=3",
            "r=2",
            "exact-s#1",
            "exact-s#2",
            "exact-r#3",
            "exact-=2",
            "exact-s=2",
            "exact-r=2",
        ] {
            assert!(stip(text).is_supported(), "{text}");
        }
        for text in ["exact-s#128", "semi-r#2", "s#0", "s#128"] {
            let parsed = text.parse::<Stipulation>();
            assert!(!parsed.is_ok_and(|s| s.is_supported()), "{text}");
        }
    }

    #[test]
    fn help_and_series_play_is_supported() {
        for text in [
            "h#2",
            "h#2.5",
            "h#0.5",
            "h=3",
            "exact-h#3",
            "ser-#3",
            "ser-=4",
            "ser-h#3",
            "ser-s#2",
            "exact-ser-#5",
        ] {
            assert!(stip(text).is_supported(), "{text}");
            assert!(stip(text).is_help_or_series(), "{text}");
        }
        for text in [
            "ser-r#2",
            "h##2",
            "h#=2",
            "ser-h##!2",
            "hs#2",
            "h#128",
            "ser-#128",
            "ser-#200",
            "ser-h#128",
            "ser-s#200",
            "exact-ser-=200",
        ] {
            assert!(
                text.parse::<Stipulation>()
                    .map_or(true, |s| !s.is_supported()),
                "{text}"
            );
        }
    }
}
