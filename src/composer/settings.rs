//! The knobs of the quality function: piece values, theme prices and every choice the thesis
//! leaves open (Fainshtein's thesis, digest §2.8). Defaults reproduce the thesis' printouts;
//! each alternative is a named setting so a problemist can try the other reading. This module
//! holds data only and never looks at a position.

use crate::board::{Bitboard, Role, Square};

/// Shannon's piece values (thesis Table 12), the same for both colours; the king counts 0.
///
/// ```
/// use mateproof::board::Role;
/// use mateproof::composer::piece_value;
/// assert_eq!(piece_value(Role::Queen), 9);
/// assert_eq!(piece_value(Role::King), 0);
/// ```
pub const fn piece_value(role: Role) -> i32 {
    // The thesis' Table 12 are Shannon's values, the board's conventional ones.
    role.value()
}

/// How a theme shown in several variants is counted before pricing (first full, the rest a
/// fifth: thesis App. C note 2).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum ThemeCount {
    /// Once per distinct mating move ("only unique mates are counted", App. C note 1): two
    /// self-blocks both answered by the same mate are one self-block. The thesis' D1 and D7
    /// printouts read the same either way; this reading matches its wording.
    #[default]
    DistinctMates,
    /// Once per variant showing the theme.
    Variants,
}

/// When a Black move counts as a self-pin (App. C theme 6).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum SelfPinRule {
    /// Black's move pins one of its own pieces and White mates. This is how the thesis labels
    /// its diagrams (D5: `...Ka3 Ra5#` pins pd6 against Bf8 and is called self-pinning,
    /// although the pawn could not stop the mate).
    #[default]
    NewPin,
    /// The definition's stricter reading: the pinned piece could stop the mate if it were free.
    PinMatters,
}

/// Prices of the thesis' themes (Table 13).
#[derive(Clone, Debug, PartialEq)]
pub struct ThemePrices {
    pub tempo: i32,
    pub direct_battery: i32,
    pub indirect_battery: i32,
    pub king_flights: i32,
    pub lonely_king: i32,
    pub half_pin: i32,
    pub self_pin: i32,
    pub unpin: i32,
    pub self_block: i32,
    pub grimshaw: i32,
    pub pickaninny: i32,
    /// Themes counted per variant pay `price` for the first and `price / rest_divisor` for
    /// each further one ("the fifth of the scores", App. C note 2).
    pub rest_divisor: i32,
}

impl Default for ThemePrices {
    fn default() -> ThemePrices {
        ThemePrices {
            tempo: 10,
            direct_battery: 15,
            indirect_battery: 25,
            king_flights: 15,
            lonely_king: 2,
            half_pin: 25,
            self_pin: 15,
            unpin: 20,
            self_block: 25,
            grimshaw: 45,
            pickaninny: 25,
            rest_divisor: 5,
        }
    }
}

/// Penalties per dual class: `[duals, triples, multiples]` (Table 11 rows 1–3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DualPrices {
    /// Minor duals (every dual mate is forced in another line): X, 2X, 3X.
    pub minor: [i32; 3],
    /// Major duals. The thesis prices none for two-movers (they appear only in its k-move
    /// metric), so the default is zero.
    pub major: [i32; 3],
}

impl Default for DualPrices {
    fn default() -> DualPrices {
        DualPrices {
            minor: [1, 2, 3],
            major: [0, 0, 0],
        }
    }
}

/// Everything the two-mover quality function can be told.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreSettings {
    pub themes: ThemePrices,
    pub theme_count: ThemeCount,
    pub self_pin: SelfPinRule,
    /// A variant answered by several mates may still carry themes. No by default: "only
    /// unique mates are counted" (App. C note 1), which also keeps a checking key with one
    /// reply and eight mates from scoring eight "thematic mates". The thesis' label for D9's
    /// `...d3 Rd4#/Re5#` ("self-blocking; thematic minor dual") is the other reading.
    pub themes_in_dual_variants: bool,
    /// King-flights (theme 2) needs at least one flight after the key as well as a
    /// non-decreasing count: D1 (0 before, 0 after) gets nothing, D7 (1 and 1) gets 15.
    pub king_flights_need_one: bool,
    /// Count duals after Black moves that do not stop the threat. Table 11 makes no exception
    /// and the thesis calls D9's `...d3 Rd4#/Re5#` (Rd4 is the threat) a flaw, so yes by
    /// default; problemists usually ignore such duals ("if Black does a weak move, White is
    /// allowed to have more than one solution", L298), which `false` follows.
    pub duals_after_non_defences: bool,
    pub duals: DualPrices,
    /// Key sacrifices: points per unit of material Black may capture after the key. The
    /// thesis' Chess Composer printout uses 1 (D7: d6 f6 e4 = 5); ICP's table says 5.
    pub sacrifice_factor: i32,
    /// Squares where the Black king is "in the center" (the thesis gives kd5 the bonus and kd6
    /// none; ICP calls ke4 central).
    pub centre: Bitboard,
    /// At most this many pieces (kings included) is a miniature (L1263).
    pub miniature_max: u32,
    /// A Meredith has this many pieces (undefined in the thesis; the usual 8–12).
    pub meredith: (u32, u32),
    /// Composition rules for the improver: at most 1 Q, 2 R, 2 B, 2 N, 8 P a side, bishops of
    /// one side on different colours (L581, `chess_comp_rules` in App. F).
    pub composition_rules: bool,
}

impl Default for ScoreSettings {
    fn default() -> ScoreSettings {
        // d4, e4, d5, e5.
        let centre = [27u8, 28, 35, 36].map(Square::new);
        ScoreSettings {
            themes: ThemePrices::default(),
            theme_count: ThemeCount::default(),
            self_pin: SelfPinRule::default(),
            themes_in_dual_variants: false,
            king_flights_need_one: true,
            duals_after_non_defences: true,
            duals: DualPrices::default(),
            sacrifice_factor: 1,
            centre: centre.into_iter().collect(),
            miniature_max: 7,
            meredith: (8, 12),
            composition_rules: true,
        }
    }
}
