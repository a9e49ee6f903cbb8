//! The whole play of a two-mover after its key, as the quality function needs it: every
//! Black reply (a *variant*, thesis §3) with every White mate that answers it, the threat, and
//! the position facts the bonuses compare before and after the key (flights, Black checks,
//! pins).
//!
//! The solver's `Solution` shows only the Black moves Popeye shows (those that defeat a threat);
//! the thesis counts every Black reply, so this module lists them with the board's move
//! generator. It never searches deeper than one White move: it is not a mate solver, and it
//! trusts its caller that the key is sound.

use crate::board::{Bitboard, Color, Move, Position, Role};

/// One Black reply to the key with every White mate in one that answers it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variant {
    pub defence: Move,
    /// Every mating reply, in generation order. Two or more: a dual (triple, multiple).
    pub mates: Vec<Move>,
}

impl Variant {
    /// A single mating reply.
    pub fn unique_mate(&self) -> Option<Move> {
        match self.mates.as_slice() {
            [m] => Some(*m),
            _ => None,
        }
    }
}

/// What White threatens after the key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThreatPlay {
    /// The key checks: Black cannot pass, there is no threat to speak of.
    CheckingKey,
    /// No mate after a Black pass: a waiting (tempo) key.
    Tempo,
    /// Every White mate in one after a Black pass.
    Threats(Vec<Move>),
}

impl ThreatPlay {
    pub fn moves(&self) -> &[Move] {
        match self {
            ThreatPlay::Threats(moves) => moves,
            _ => &[],
        }
    }
}

/// Facts about one side-to-move position that the key may change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct BlackOptions {
    /// Squares the Black king may move to (captures included, castling not).
    pub flights: Bitboard,
    /// Black's legal checking moves.
    pub checks: u32,
}

/// The diagram, its key and everything that follows it.
#[derive(Clone, Debug)]
pub struct KeyPlay {
    /// The diagram, White to move.
    pub diagram: Position,
    pub key: Move,
    /// The position after the key, Black to move.
    pub after_key: Position,
    pub threat: ThreatPlay,
    /// Every Black reply to the key, in generation order.
    pub variants: Vec<Variant>,
    /// Black's options in the diagram had Black been to move. `None` when White is in check
    /// in the diagram, where a Black pass is not a position.
    pub before: Option<BlackOptions>,
    /// Black's options after the key.
    pub after: BlackOptions,
}

impl KeyPlay {
    /// Lists the play after `key` (a legal White move of `diagram`).
    pub fn new(diagram: &Position, key: Move) -> KeyPlay {
        let after_key = diagram.after(key);
        let threat = if after_key.is_check() {
            ThreatPlay::CheckingKey
        } else {
            match mates_in_one(&after_key.after_null()).as_slice() {
                [] => ThreatPlay::Tempo,
                mates => ThreatPlay::Threats(mates.to_vec()),
            }
        };
        let mut defences: Vec<Move> = after_key.legal_moves().iter().copied().collect();
        defences.sort_by_key(|&m| thesis_order(&after_key, m));
        let variants = defences
            .into_iter()
            .map(|defence| Variant {
                defence,
                mates: mates_in_one(&after_key.after(defence)),
            })
            .collect();
        let before = (!diagram.is_check()).then(|| black_options(&diagram.after_null()));
        KeyPlay {
            diagram: *diagram,
            key,
            after_key,
            threat,
            variants,
            before,
            after: black_options(&after_key),
        }
    }

    /// True when a variant's mate is also a threat: Black's move did not stop the threat, so
    /// the variant is not thematic (App. C note 4).
    pub fn answered_by_threat(&self, variant: &Variant) -> bool {
        let threats = self.threat.moves();
        variant.mates.iter().any(|m| threats.contains(m))
    }
}

/// Every move of the side to move that checkmates at once, in the thesis' order.
pub fn mates_in_one(pos: &Position) -> Vec<Move> {
    let mut mates: Vec<Move> = pos
        .checking_moves()
        .iter()
        .copied()
        .filter(|&m| !pos.after(m).has_legal_move())
        .collect();
    mates.sort_by_key(|&m| thesis_order(pos, m));
    mates
}

/// The order in which the thesis' generator (App. D) lists a side's moves, which its printouts
/// follow: pawns, knights, rooks, bishops, queens, king; pieces of a kind from h8 towards a1
/// (the thesis numbers h8 = 0 … a1 = 63); a pawn's step, double step, capture towards the
/// a-file, capture towards the h-file; other pieces' targets from h8 towards a1.
pub fn thesis_order(pos: &Position, m: Move) -> (u8, u8, u8, u8) {
    let kind = match pos.role_at(m.from()) {
        Some(Role::Pawn) => 0,
        Some(Role::Knight) => 1,
        Some(Role::Rook) => 2,
        Some(Role::Bishop) => 3,
        Some(Role::Queen) => 4,
        Some(Role::King) | None => 5,
    };
    let from = 63 - m.from().to_u8();
    let to = if kind == 0 {
        let step = m.from().rank().abs_diff(m.to().rank());
        match (m.from().file().cmp(&m.to().file()), step) {
            (std::cmp::Ordering::Equal, 1) => 0,
            (std::cmp::Ordering::Equal, _) => 1,
            (std::cmp::Ordering::Greater, _) => 2,
            (std::cmp::Ordering::Less, _) => 3,
        }
    } else {
        63 - m.to().to_u8()
    };
    let promotion = m.promotion().map_or(0, |r| 5 - r.index() as u8);
    (kind, from, to, promotion)
}

/// Black's flights and checks with Black to move in `pos`.
pub fn black_options(pos: &Position) -> BlackOptions {
    let king = pos.king(pos.turn());
    let moves = pos.legal_moves();
    let flights = moves
        .iter()
        .filter(|m| Some(m.from()) == king && !m.is_castle())
        .map(|m| m.to())
        .collect();
    BlackOptions {
        flights,
        checks: pos.checking_moves().len() as u32,
    }
}

/// Pieces of `color` pinned against their own king (whoever is to move).
pub fn pinned(pos: &Position, color: Color) -> Bitboard {
    pos.slider_blockers(color) & pos.by_color(color)
}

/// Total material of `color` by Shannon's values, kings excluded.
pub fn material(pos: &Position, color: Color) -> i32 {
    Role::ALL
        .iter()
        .map(|&role| super::piece_value(role) * pos.pieces(color, role).count() as i32)
        .sum()
}
