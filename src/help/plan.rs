//! What a help or series search is asked and what it answers, apart from how it searches: the
//! [`Plan`] (goal, play, end, lengths) read from a stipulation, the [`HelpOptions`] read from the
//! problem's options, and what comes back ([`Outcome`] from a search that hands its lines on,
//! [`Found`] with the lines collected). The plain search ([`super::search`]), the intelligent
//! mode ([`super::intelligent`]), the rules' hints ([`super::hints`]) and the sinks
//! ([`super::sink`]) all speak these types, so they live below all four.

use crate::problem::{Goal, PlayKind, SeriesEnd, Stipulation};

/// How a line ends, after its last counted move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum End {
    /// The last move reaches the goal (help play, `ser-#`, `ser-=`).
    Goal,
    /// `ser-h`: the other side then reaches the goal in one move (each such move a line).
    HelpReply,
    /// `ser-s`: the other side then has moves, and every one reaches the goal.
    ForcedReply,
}

/// What to search: the goal, help or series play, the end, and the lengths in order —
/// half-moves in help play, moves of the series side in series play.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Plan {
    pub goal: Goal,
    pub series: bool,
    pub end: End,
    pub lengths: Vec<u32>,
    /// `NullMoves`: in help play either side may pass, not twice in a row, not in check.
    pub null_moves: bool,
}

impl Plan {
    /// The plan of a help or series stipulation (`None` for other play).
    ///
    /// ```
    /// use mateproof::help::Plan;
    /// let plan = Plan::of(&"h#2".parse().unwrap()).unwrap();
    /// assert_eq!(plan.lengths, vec![2, 4]);
    /// let plan = Plan::of(&"exact-ser-h#3".parse().unwrap()).unwrap();
    /// assert_eq!(plan.lengths, vec![3]);
    /// ```
    pub fn of(stipulation: &Stipulation) -> Option<Plan> {
        let Stipulation { goal, length, play } = *stipulation;
        let (series, end, tail) = match play {
            PlayKind::Help => (false, End::Goal, 0),
            PlayKind::Series(SeriesEnd::Direct) => (true, End::Goal, 0),
            PlayKind::Series(SeriesEnd::Help) => (true, End::HelpReply, 1),
            PlayKind::Series(SeriesEnd::SelfPlay) => (true, End::ForcedReply, 1),
            _ => return None,
        };
        let (min, max) = (length.min.checked_sub(tail)?, length.max.checked_sub(tail)?);
        let lengths = (min.max(1)..=max)
            .filter(|k| series || k % 2 == max % 2)
            .collect();
        Some(Plan {
            goal,
            series,
            end,
            lengths,
            null_moves: false,
        })
    }

    /// Set play: one half-move less with the other side starting — in help play every length
    /// one shorter, in series play the end straight from the diagram (`ser-h`, `ser-s`).
    pub fn set_play(&self) -> Option<Plan> {
        let lengths: Vec<u32> = if self.series {
            if self.end == End::Goal {
                return None;
            }
            vec![0]
        } else {
            self.lengths
                .iter()
                .filter(|&&k| k > 1)
                .map(|k| k - 1)
                .collect()
        };
        (!lengths.is_empty()).then(|| Plan {
            lengths,
            ..self.clone()
        })
    }

    /// The longest length searched.
    pub fn longest(&self) -> u32 {
        self.lengths.last().copied().unwrap_or(0)
    }
}

/// What the problem's options ask of a help or series search (`MaxSolutions`,
/// `StopOnShortSolutions`, `Hash`).
#[derive(Clone, Copy, Debug, Default)]
pub struct HelpOptions {
    /// `MaxSolutions n`: stop after this many lines.
    pub max_lines: Option<usize>,
    /// `StopOnShortSolutions`: no longer lengths once a shorter one has solutions.
    pub stop_on_short: bool,
    /// The dead-end table's size in megabytes (`Hash`); by default it grows with the length.
    pub table_mb: Option<usize>,
}

/// The dead-end table's size when none is asked: more for longer play.
pub(super) fn default_table_mb(longest: u32) -> usize {
    match longest {
        0..=4 => 4,
        5..=6 => 16,
        7..=8 => 64,
        _ => 256,
    }
}

/// Every line found, in the order found (lengths ascending, then the rules' move order).
#[derive(Clone, Debug)]
pub struct Found<M> {
    /// Each line's moves from the diagram; in series play the other side's passes are null
    /// moves between the series moves.
    pub lines: Vec<Vec<M>>,
    /// False when the control's limits cut the search short.
    pub complete: bool,
    /// True when `MaxSolutions` stopped the search.
    pub max_lines_reached: bool,
    /// True when `StopOnShortSolutions` left the longer lengths unsearched.
    pub stopped_on_short: bool,
    pub nodes: u64,
}

impl<M> Found<M> {
    /// The lines collected and how the search that delivered them ended.
    pub fn of(lines: Vec<Vec<M>>, outcome: Outcome) -> Found<M> {
        Found {
            lines,
            complete: outcome.complete,
            max_lines_reached: outcome.max_lines_reached,
            stopped_on_short: outcome.stopped_on_short,
            nodes: outcome.nodes,
        }
    }
}

/// How a search that delivered its lines ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Outcome {
    /// Lines handed to the sink.
    pub lines: usize,
    /// False when the control's limits (or the sink) cut the search short.
    pub complete: bool,
    /// True when `MaxSolutions` stopped the search.
    pub max_lines_reached: bool,
    /// True when `StopOnShortSolutions` left the longer lengths unsearched.
    pub stopped_on_short: bool,
    pub nodes: u64,
}
