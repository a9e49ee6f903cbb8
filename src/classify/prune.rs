//! What the line search may ask of a game to prune its last plies without changing an answer:
//! [`LineRules`], a [`Rules`] with sound bounds on dead positions and stalemates. Every default
//! prunes nothing, so a game that knows no such bound implements it with an empty block; the
//! orthodox [`Position`] implements it from material and mobility.
//!
//! The stalemate bound (orthodox): count the opponent's *mobile units* — men other than the
//! king with a legal move that is not a pawn capture. After one ordinary move of ours such a man
//! keeps a legal move unless it is captured or blocked on our landing square (one of the two),
//! or pinned through the landing square or through the vacated origin (one man each): three at
//! most. En passant adds the captured pawn's square (four); castling two landings and two
//! origins (five). So with more mobile units than a move can take away, that move does not
//! stalemate. Per move ([`LineRules::may_stalemate`]) the same reasoning says which squares the
//! move must touch for each unit — its square, its pawn's push square, and its *pin line*: the
//! squares between it and its king (a man of ours leaving one of them may uncover a line piece
//! of ours beyond) and the half-line beyond it — and a move that misses one unit's squares
//! stalemates nobody.
//!
//! No such bound is sound before the last ply on small material: a side's own move may
//! immobilise several of its own men (blocking them, or pinning them by a king move), so the
//! count of mobile units can fall by more than a constant per ply.

use crate::board::{Bitboard, Move, MoveKind, Position, Role, Square};
use crate::rules::{Rules, Sink};

use super::geometry::{one_move_may_touch, pin_line};
use super::king_cover;
use super::landing::{self, LandingUnits};
use super::two_plies::{self, OwnUnits};

/// The opponent's mobile units as [`LineRules::mobile_units`] finds them: how many, and for each
/// the squares a move must touch to take all its moves away.
#[derive(Clone, Copy, Debug, Default)]
pub struct MobileUnits {
    /// How many units were found (counting stops one above what a move there can take away).
    pub count: u32,
    /// Per unit: its square, the square its pawn push needs (pawns) and its [`pin_line`]
    /// from its king (where a landing or a vacated square could pin it).
    sensors: [Bitboard; MOST_UNITS_ONE_MOVE_TAKES as usize + 1],
}

/// A [`Rules`] with the bounds the line search prunes with; the defaults know none.
pub trait LineRules: Rules {
    /// Fewer plies than this cannot reach a dead position from here (0: no bound).
    fn plies_to_dead(&self) -> u32 {
        0
    }

    /// False when after the legal move `m` the position is certainly not dead.
    fn may_leave_dead(&self, m: Self::Move) -> bool {
        let _ = m;
        true
    }

    /// The opponent's (the side not to move) mobile units, in the sense of
    /// [`LineRules::may_stalemate`] (a count of 0: unknown).
    fn mobile_units(&self) -> MobileUnits {
        MobileUnits::default()
    }

    /// False when the legal move `m` certainly does not stalemate the opponent, whose mobile
    /// units are `units`.
    fn may_stalemate(&self, units: &MobileUnits, m: Self::Move) -> bool {
        let _ = (units, m);
        true
    }

    /// The side to move's units that only a landing stops, two or more of them, for
    /// [`LineRules::may_prepare_by_landings`] (`None`: the landing argument limits nothing).
    fn landing_units(&self) -> Option<LandingUnits> {
        None
    }

    /// False when after the legal move `m` no reply stalemates the side to move, whose units
    /// that need landings are `units` (the landing argument, [`super::landing`]).
    fn may_prepare_by_landings(&self, units: &LandingUnits, m: Self::Move) -> bool {
        let _ = (units, m);
        true
    }

    /// The side to move's units, for [`LineRules::may_be_stalemated_after`], `moves` being its
    /// legal moves (`None`: unknown, and then every move may be followed by a stalemate).
    fn own_units(&self, moves: &[Self::Move]) -> Option<OwnUnits> {
        let _ = moves;
        None
    }

    /// False when after the legal move `m` no reply certainly stalemates the side to move,
    /// whose units are `units` ([`super::two_plies`]).
    fn may_be_stalemated_after(&self, units: &OwnUnits, m: Self::Move) -> bool {
        let _ = (units, m);
        true
    }

    /// False when no legal move here can touch the sensors of every one of `units` (the
    /// opponent's) and take every free square from the opponent's king
    /// ([`super::king_cover`]), so none stalemates: a cheaper test than
    /// [`LineRules::may_stalemate`] on every move, made before the moves are generated (with
    /// no units, the king alone).
    fn one_move_may_stalemate(&self, units: &MobileUnits) -> bool {
        let _ = units;
        true
    }

    /// The most mobile units of the opponent any legal move here can take away.
    fn any_move_takes_at_most(&self) -> u32 {
        u32::MAX
    }

    /// Halfmoves since the last capture or pawn move, for [`super::DrawRules::Game`]. A game
    /// that does not count them keeps the default 0, and then neither a recurring position nor
    /// the 50-move rule ends its lines.
    fn halfmove_clock(&self) -> u32 {
        0
    }
}

/// The most mobile units any one move can take away (castling).
pub const MOST_UNITS_ONE_MOVE_TAKES: u32 = 5;

impl LineRules for Position {
    fn landing_units(&self) -> Option<LandingUnits> {
        landing::landing_units_to_outlive(self)
    }

    fn may_prepare_by_landings(&self, units: &LandingUnits, m: Move) -> bool {
        landing::may_prepare(self, units, m)
    }

    /// Each ply removes one man at most or turns one pawn into a piece: every pawn, rook and
    /// queen must go, and the minor pieces must come down to one, or (with no knight left) to
    /// bishops of one square colour; but a pawn that promotes with a capture takes two in one
    /// ply (once per pawn).
    fn plies_to_dead(&self) -> u32 {
        let heavy = self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let knights = self.by_role(Role::Knight).count();
        let bishops = self.by_role(Role::Bishop);
        let dark = (bishops & Bitboard::DARK_SQUARES).count();
        let light = bishops.count() - dark;
        let minors = knights + bishops.count();
        let to_one_minor = minors.saturating_sub(1);
        let to_one_colour = knights + dark.min(light);
        let men_to_go = heavy.count() + to_one_minor.min(to_one_colour);
        // A promotion that captures takes two at once, once per pawn at most.
        let pawns = self.by_role(Role::Pawn).count();
        men_to_go.saturating_sub(pawns).max(men_to_go.div_ceil(2))
    }

    fn may_leave_dead(&self, m: Move) -> bool {
        self.is_capture(m) || matches!(m.kind(), MoveKind::Promotion(_))
    }

    /// Counted up to one more than any move here can take away: beyond that the exact number
    /// does not matter, the generator stops, and no sensors are made.
    fn mobile_units(&self) -> MobileUnits {
        let theirs = self.after_null();
        let mut units = Units {
            pos: &theirs,
            found: Bitboard::EMPTY,
            enough: self.any_move_takes_at_most().min(MOST_UNITS_ONE_MOVE_TAKES),
        };
        Rules::generate(&theirs, &mut units);
        let mut result = MobileUnits {
            count: units.found.count(),
            ..MobileUnits::default()
        };
        if result.count > units.enough {
            return result;
        }
        let side = theirs.turn();
        let king = theirs.king(side);
        for (sensor, unit) in result.sensors.iter_mut().zip(units.found) {
            let pin = king.map_or(Bitboard::EMPTY, |king| pin_line(king, unit));
            *sensor = Bitboard::from_square(unit) | pin;
            if theirs.role_at(unit) == Some(Role::Pawn) {
                if let Some(push) = unit.offset(0, side.forward()) {
                    *sensor |= Bitboard::from_square(push);
                }
            }
        }
        result
    }

    fn halfmove_clock(&self) -> u32 {
        Position::halfmove_clock(self)
    }

    /// Castling and en passant touch more than an origin and a landing: then always true.
    fn one_move_may_stalemate(&self, units: &MobileUnits) -> bool {
        if self.any_move_takes_at_most() > 3 {
            return true;
        }
        let sensors = &units.sensors[..units.count.min(MOST_UNITS_ONE_MOVE_TAKES + 1) as usize];
        let free = king_cover::free_squares(self, !self.turn());
        let occupied = self.occupied();
        one_move_may_touch(sensors, u16::MAX, self.by_color(self.turn()), |origin| {
            king_cover::landings_covering(self, self.turn(), origin, free, occupied)
        })
    }

    fn own_units(&self, moves: &[Move]) -> Option<OwnUnits> {
        Some(OwnUnits::of(self, moves))
    }

    fn may_be_stalemated_after(&self, units: &OwnUnits, m: Move) -> bool {
        two_plies::may_be_stalemated_after(self, units, m)
    }

    /// Castling only with a right to castle, en passant only with an en-passant square.
    fn any_move_takes_at_most(&self) -> u32 {
        if self.castling().has_any(self.turn()) {
            MOST_UNITS_ONE_MOVE_TAKES
        } else if self.ep_square().is_some() {
            4
        } else {
            3
        }
    }

    /// Each unit keeps a legal move unless the move captures it, lands on its pawn's push
    /// square, or lands on or vacates a square of its [`pin_line`] (a pin, also uncovered by
    /// leaving a square between it and its king): a non-pawn unit whose path the move blocks takes the blocker instead; and no move
    /// takes away more units than its kind can (the count above).
    fn may_stalemate(&self, units: &MobileUnits, m: Move) -> bool {
        let most = match m.kind() {
            // The rook's squares are not in the move: only the count applies.
            MoveKind::Castle => return units.count <= MOST_UNITS_ONE_MOVE_TAKES,
            MoveKind::EnPassant => 4,
            MoveKind::Normal | MoveKind::Promotion(_) => 3,
        };
        if units.count > most {
            return false;
        }
        let mut touched = Bitboard::from_square(m.from()) | Bitboard::from_square(m.to());
        if m.kind() == MoveKind::EnPassant {
            if let Some(taken) = Square::from_coords(m.to().file(), m.from().rank()) {
                touched |= Bitboard::from_square(taken);
            }
        }
        units.sensors[..units.count as usize]
            .iter()
            .all(|&sensor| (sensor & touched).any())
    }
}

/// Collects the origins of mobile units (men other than the king with a legal move that is
/// not a pawn capture), until there are more than `enough`.
struct Units<'p> {
    pos: &'p Position,
    found: Bitboard,
    enough: u32,
}

impl Sink<Move> for Units<'_> {
    fn push(&mut self, m: Move) {
        let role = self.pos.role_at(m.from());
        let pawn_capture = role == Some(Role::Pawn) && m.from().file() != m.to().file();
        if role != Some(Role::King) && !pawn_capture {
            self.found |= Bitboard::from_square(m.from());
        }
    }

    fn is_satisfied(&self) -> bool {
        self.found.count() > self.enough
    }
}
