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
//! stalemate.

use crate::board::{Bitboard, Move, MoveKind, Position, Role};
use crate::rules::{Rules, Sink};

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
    /// [`LineRules::may_stalemate_at_most`] (0: unknown).
    fn stalemate_resistance(&self) -> u32 {
        0
    }

    /// The most mobile units of the opponent the legal move `m` can take away.
    fn may_stalemate_at_most(&self, m: Self::Move) -> u32 {
        let _ = m;
        u32::MAX
    }

    /// The most mobile units of the opponent any legal move here can take away.
    fn any_move_takes_at_most(&self) -> u32 {
        u32::MAX
    }
}

/// The most mobile units any one move can take away (castling).
pub const MOST_UNITS_ONE_MOVE_TAKES: u32 = 5;

impl LineRules for Position {
    /// Each ply removes one man at most or turns one pawn into a piece: every pawn, rook and
    /// queen must go, and the minor pieces must come down to one, or (with no knight left) to
    /// bishops of one square colour.
    fn plies_to_dead(&self) -> u32 {
        let heavy = self.by_role(Role::Pawn) | self.by_role(Role::Rook) | self.by_role(Role::Queen);
        let knights = self.by_role(Role::Knight).count();
        let bishops = self.by_role(Role::Bishop);
        let dark = (bishops & Bitboard::DARK_SQUARES).count();
        let light = bishops.count() - dark;
        let minors = knights + bishops.count();
        let to_one_minor = minors.saturating_sub(1);
        let to_one_colour = knights + dark.min(light);
        heavy.count() + to_one_minor.min(to_one_colour)
    }

    fn may_leave_dead(&self, m: Move) -> bool {
        self.is_capture(m) || matches!(m.kind(), MoveKind::Promotion(_))
    }

    /// Counted up to one more than any move can take away: beyond that the exact number
    /// does not matter, and the generator stops.
    fn stalemate_resistance(&self) -> u32 {
        let theirs = self.after_null();
        let mut units = Units {
            pos: &theirs,
            found: Bitboard::EMPTY,
        };
        Rules::generate(&theirs, &mut units);
        units.found.count()
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

    fn may_stalemate_at_most(&self, m: Move) -> u32 {
        match m.kind() {
            MoveKind::Castle => MOST_UNITS_ONE_MOVE_TAKES,
            MoveKind::EnPassant => 4,
            MoveKind::Normal | MoveKind::Promotion(_) => 3,
        }
    }
}

/// Collects the origins of mobile units (men other than the king with a legal move that is
/// not a pawn capture), until there are more than any move can take away.
struct Units<'p> {
    pos: &'p Position,
    found: Bitboard,
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
        self.found.count() > MOST_UNITS_ONE_MOVE_TAKES
    }
}
