//! The static evaluation of the game search: material, piece-square bonuses blended between
//! middlegame and endgame by the material left on the board, a bishop-pair bonus, and a
//! "mop-up" term that drives a lone king to the edge so plain alpha-beta finds the basic mates.
//!
//! It is deliberately simple: the engine's strength is the mate solver; this only has to give
//! GUIs a sensible `score cp` and sensible moves when no mate exists. It never searches.
//!
//! The piece-square tables are not data copied from anywhere: each entry is computed by a short
//! formula (distance to the centre, rank advanced, back-rank shelter) so the reasoning is in
//! the code.

use crate::board::{Color, Position, Role, Square};

use super::Score;

/// Material in centipawns: middlegame, endgame (pawns gain value as the board empties).
const MATERIAL: [(i32, i32); 6] = [
    (100, 125),
    (320, 300),
    (330, 320),
    (480, 530),
    (950, 960),
    (0, 0),
];

/// Phase weight per role: 24 = all minor and major pieces on the board, 0 = pawn endgame.
const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
const FULL_PHASE: i32 = 24;

const BISHOP_PAIR: i32 = 30;

/// Distance of a square from the centre along each axis, 0 (d/e file or 4th/5th rank) to 3.
const fn axis_distances(sq: u8) -> (i32, i32) {
    let file = (sq % 8) as i32;
    let rank = (sq / 8) as i32;
    let df = if file < 4 { 3 - file } else { file - 4 };
    let dr = if rank < 4 { 3 - rank } else { rank - 4 };
    (df, dr)
}

/// Bonus of `role` standing on `sq` from White's side of the board: (middlegame, endgame).
const fn square_bonus(role: Role, sq: u8) -> (i32, i32) {
    let (df, dr) = axis_distances(sq);
    let manhattan = df + dr;
    let chebyshev = if df > dr { df } else { dr };
    let rank = (sq / 8) as i32;
    let file = (sq % 8) as i32;
    match role {
        Role::Pawn => {
            // Passed-pawn potential grows with every step; central pawns control the centre
            // early on, wing pawns in front of a castled king are best left at home.
            let advance_mg = [0, 0, 4, 10, 20, 35, 55, 0][rank as usize];
            let advance_eg = [0, 0, 8, 18, 32, 55, 90, 0][rank as usize];
            let centre = if df == 0 && (rank == 3 || rank == 4) {
                15
            } else {
                0
            };
            (advance_mg + centre, advance_eg)
        }
        // Knights live from central squares: a rim knight covers half as many.
        Role::Knight => (24 - 12 * manhattan / 2 - 4 * chebyshev, 16 - 8 * chebyshev),
        Role::Bishop => (12 - 5 * chebyshev, 8 - 4 * chebyshev),
        Role::Rook => {
            let seventh = if rank == 6 { 18 } else { 0 };
            let central_file = if df == 0 { 6 } else { 0 };
            (seventh + central_file, seventh / 2)
        }
        Role::Queen => (4 - 2 * chebyshev, 10 - 5 * chebyshev),
        Role::King => {
            // Middlegame: stay on the back rank, preferably tucked away on the wing after
            // castling; endgame: the king becomes a fighting piece and wants the centre.
            let shelter = if rank == 0 && (file <= 2 || file >= 6) {
                20
            } else {
                0
            };
            let exposed = 25 * (if rank < 3 { rank } else { 3 }) + if rank >= 3 { 20 } else { 0 };
            (shelter - exposed, 24 - 8 * manhattan)
        }
    }
}

/// The tables, built at compile time from [`square_bonus`].
const fn build_tables() -> [[(i32, i32); 64]; 6] {
    let mut tables = [[(0, 0); 64]; 6];
    let mut r = 0;
    while r < 6 {
        let mut sq = 0;
        while sq < 64 {
            let (bonus_mg, bonus_eg) = square_bonus(Role::ALL[r], sq as u8);
            tables[r][sq] = (MATERIAL[r].0 + bonus_mg, MATERIAL[r].1 + bonus_eg);
            sq += 1;
        }
        r += 1;
    }
    tables
}

/// Material plus square bonus per role and square (White's view), middlegame and endgame.
static TABLES: [[(i32, i32); 64]; 6] = build_tables();

/// The value of a role in the middlegame, for move ordering (MVV-LVA) and mop-up decisions.
#[inline]
pub fn role_value(role: Role) -> i32 {
    MATERIAL[role.index()].0
}

/// The static evaluation from the side to move's point of view.
///
/// ```
/// use mateproof::board::Position;
/// use mateproof::search::evaluate;
/// // The start position is symmetric: equal for both sides.
/// assert_eq!(evaluate(&Position::startpos()).get(), 0);
/// ```
pub fn evaluate(pos: &Position) -> Score {
    let mut mg = 0;
    let mut eg = 0;
    let mut phase = 0;
    for color in Color::ALL {
        let sign = if color == Color::White { 1 } else { -1 };
        for role in Role::ALL {
            for sq in pos.pieces(color, role) {
                // Black's pieces read the table from their own side of the board.
                let index = if color == Color::White {
                    sq
                } else {
                    sq.flip_vertical()
                }
                .index();
                let (m, e) = TABLES[role.index()][index];
                mg += sign * m;
                eg += sign * e;
                phase += PHASE_WEIGHT[role.index()];
            }
        }
        if pos.pieces(color, Role::Bishop).count() >= 2 {
            mg += sign * BISHOP_PAIR;
            eg += sign * BISHOP_PAIR;
        }
    }
    let phase = phase.min(FULL_PHASE);
    let mut white = (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE;
    white += mop_up(pos, eg);
    Score::cp(if pos.turn() == Color::White {
        white
    } else {
        -white
    })
}

/// With a decisive material edge against a bare king (or nearly bare), reward pushing that
/// king to the edge and bringing our own king close: without it, the search wanders in K+R v K.
fn mop_up(pos: &Position, white_material_eg: i32) -> i32 {
    let bare = |c: Color| {
        let heavy_or_pawn =
            pos.pieces(c, Role::Pawn) | pos.pieces(c, Role::Rook) | pos.pieces(c, Role::Queen);
        heavy_or_pawn.is_empty()
            && (pos.pieces(c, Role::Knight) | pos.pieces(c, Role::Bishop)).count() <= 1
    };
    let (strong, sign) = if white_material_eg >= 400 && bare(Color::Black) {
        (Color::White, 1)
    } else if white_material_eg <= -400 && bare(Color::White) {
        (Color::Black, -1)
    } else {
        return 0;
    };
    let (Some(loser), Some(winner)) = (pos.king(!strong), pos.king(strong)) else {
        return 0;
    };
    let (df, dr) = axis_distances(loser.to_u8());
    let edge = 10 * (df + dr);
    let closeness = 4 * (14 - king_distance(winner, loser));
    sign * (edge + closeness)
}

fn king_distance(a: Square, b: Square) -> i32 {
    (a.file() as i32 - b.file() as i32).abs() + (a.rank() as i32 - b.rank() as i32).abs()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Validation;

    fn eval(fen: &str) -> i32 {
        evaluate(&Position::from_fen(fen, Validation::Lenient).unwrap()).get()
    }

    #[test]
    fn symmetric_positions_are_equal_and_mirrors_negate() {
        // Colour-flipped positions must get opposite scores from White's view, i.e. the same
        // score from the side to move's view.
        let pairs = [
            (
                "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
                "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3",
            ),
            (
                "8/5k2/8/3P4/8/8/2K5/8 w - - 0 1",
                "8/2k5/8/8/3p4/8/5K2/8 b - - 0 1",
            ),
        ];
        for (white, black) in pairs {
            assert_eq!(eval(white), eval(black), "{white} vs {black}");
        }
    }

    #[test]
    fn material_and_placement_matter() {
        // An extra queen is worth far more than any positional trifle.
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 800);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
        // A centralised knight beats a cornered one; an advanced passer beats one at home.
        assert!(eval("4k3/8/8/3N4/8/8/8/4K3 w - - 0 1") > eval("4k3/8/8/8/8/8/8/N3K3 w - - 0 1"));
        assert!(eval("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1") > eval("4k3/8/8/8/8/8/1P6/4K3 w - - 0 1"));
    }

    #[test]
    fn mop_up_prefers_the_bare_king_on_the_edge() {
        let cornered = eval("k7/8/2K5/8/8/8/8/7R w - - 0 1");
        let central = eval("8/8/8/3k4/8/8/2K5/7R w - - 0 1");
        assert!(cornered > central, "{cornered} <= {central}");
    }
}
