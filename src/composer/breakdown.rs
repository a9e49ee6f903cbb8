//! The breakdown of a two-mover's quality score: every priced theme, bonus and penalty of the
//! thesis (Tables 10, 11, 13) as data, and every variant with its themes, so writers can print
//! the Appendix E form, JSON or UCI lines without recomputing anything. Types only.

use super::play::ThreatPlay;
use super::themes::Theme;
use crate::board::{Move, Position, Square};

/// One priced theme.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThemeLine {
    pub theme: Theme,
    /// Occurrences counted (variants or distinct mates, pairs, pawns, lines; 1 for tempo,
    /// king-flights and lonely king).
    pub count: u32,
    pub points: i32,
}

/// A bonus of Table 10 (with the Chess Composer updates).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bonus {
    Miniature,
    Meredith,
    CentralKing,
    /// `3 * (18 - pieces)`, kings counted.
    Pieces {
        pieces: u32,
    },
    KeyByKing,
    /// Distinct mating moves made by the White king: 20 for the first, 4 for the rest.
    MateByKing {
        mates: u32,
    },
    /// The key gives the Black king this many more flights.
    FlightsGiven {
        flights: u32,
    },
    /// The key lets Black give this many more distinct checks: 30 for the first, 6 for the rest.
    ChecksGiven {
        checks: u32,
    },
    /// Material of White pieces the key pins.
    KeyPinsWhite {
        value: i32,
    },
    /// Material of Black pieces the key unpins.
    KeyUnpinsBlack {
        value: i32,
    },
    /// White pieces Black may capture after the key, on these squares (diagram order).
    Sacrifice {
        squares: Vec<Square>,
        value: i32,
    },
    /// `(10 * thematic^2 + 3 * other) / variants`, rounded down.
    Mates {
        thematic: u32,
        other: u32,
        variants: u32,
    },
    /// Queen-path length of the key: 3 per diagonal step, 2 per straight step.
    KeyDistance {
        distance: i32,
    },
    /// The key piece ends farther from the Black king than it started (same metric).
    KeyFromKing {
        distance: i32,
    },
}

/// A penalty of Table 11.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Penalty {
    /// Duals, triples or multiples: `size` is 2, 3 or 4 (4 = four or more mates).
    Duals {
        size: u32,
        minor: bool,
        count: u32,
    },
    CornerKing,
    EdgeKing,
    CheckingKey,
    DoubleCheckingKey,
    CapturingKey {
        value: i32,
    },
    PromotionKey {
        value: i32,
    },
    FlightsTaken {
        flights: u32,
    },
    /// Material of Black pieces the key pins.
    KeyPinsBlack {
        value: i32,
    },
    /// Material of White pieces the key unpins.
    KeyUnpinsWhite {
        value: i32,
    },
    /// `2 * (white - black)` when White has more.
    Material {
        white: i32,
        black: i32,
    },
    /// The key piece ends nearer the Black king than it started.
    KeyToKing {
        distance: i32,
    },
}

/// A priced line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Priced<T> {
    pub item: T,
    pub points: i32,
}

/// One Black reply with its mates and themes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantLine {
    pub defence: Move,
    pub mates: Vec<Move>,
    pub themes: Vec<Theme>,
}

/// The full evaluation of a sound two-mover.
#[derive(Clone, Debug)]
pub struct QualityScore {
    /// The diagram, White to move.
    pub position: Position,
    pub key: Move,
    pub threat: ThreatPlay,
    pub themes: Vec<ThemeLine>,
    pub bonuses: Vec<Priced<Bonus>>,
    pub penalties: Vec<Priced<Penalty>>,
    pub variants: Vec<VariantLine>,
    pub total: i32,
}

impl QualityScore {
    pub fn theme_total(&self) -> i32 {
        self.themes.iter().map(|t| t.points).sum()
    }

    pub fn bonus_total(&self) -> i32 {
        self.bonuses.iter().map(|b| b.points).sum()
    }

    pub fn penalty_total(&self) -> i32 {
        self.penalties.iter().map(|p| p.points).sum()
    }

    /// The line for `theme`, if it scored.
    pub fn theme(&self, theme: Theme) -> Option<&ThemeLine> {
        self.themes.iter().find(|t| t.theme == theme)
    }
}
