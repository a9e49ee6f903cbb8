//! What the checker needs from the board a problem is played on, beyond the rules and Popeye's
//! text: the presentation the solver is handed (Popeye's listing order and shown variations on
//! that board), how a report writes a key, and the position's EPD fields where it has them.
//! The orthodox [`Position`] writes keys in SAN; a [`FairyPosition`] in Popeye's notation
//! (English piece codes: `Gb4*e7`), since fairy walks have no SAN.
//!
//! This is the seam that lets one checker ([`super::verify`], [`super::check_lines`]) serve
//! both boards, as `mateproof popeye` serves both; it never solves.

use crate::board::fen::to_epd_position;
use crate::board::Position;
use crate::fairy::FairyPosition;
use crate::notation::{to_san_plus, Language};
use crate::popeye::game::PopeyeGame;
use crate::solver::Presentation;

/// A board the suite checks problems on.
pub trait SuiteGame: PopeyeGame + std::fmt::Debug {
    /// Popeye's presentation on this board (as `mateproof popeye` hands it to the solver).
    const PRESENTATION: Presentation<Self>;

    /// A key as the report stores it.
    fn key_text(&self, m: Self::Move) -> String;

    /// The position's four EPD fields, where the board has them.
    fn epd(&self) -> Option<String>;
}

impl SuiteGame for Position {
    const PRESENTATION: Presentation<Position> = crate::popeye::shown::PRESENTATION;

    fn key_text(&self, m: Self::Move) -> String {
        to_san_plus(self, m)
    }

    fn epd(&self) -> Option<String> {
        Some(to_epd_position(self))
    }
}

impl SuiteGame for FairyPosition {
    const PRESENTATION: Presentation<FairyPosition> = crate::popeye::fairy_game::PRESENTATION;

    fn key_text(&self, m: Self::Move) -> String {
        self.move_text(m, Language::English)
    }

    fn epd(&self) -> Option<String> {
        None
    }
}
