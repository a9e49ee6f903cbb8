//! Attack sets of every orthodox piece: leapers by lookup tables, sliders by magic bitboards.
//!
//! All tables are computed at compile time (const evaluation), so there is no start-up cost and
//! no lazy-initialisation check on the hot path. The magic multipliers were found offline by a
//! seeded random search; `tests::magics_match_ray_scan` re-derives every entry by scanning rays.
//! Nothing CPU-specific (no PEXT) is used.

use super::{Bitboard, Color, Role, Square};

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KNIGHT_STEPS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i8, i8); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

#[rustfmt::skip]
const ROOK_MAGICS: [u64; 64] = [0x0a80004000801220, 0x10c0100040002000, 0x0100102000410009, 0x0b0021000c100008, 0x4080080080040002, 0x0200019004080200, 0x0400080a10112684, 0x20800a4d00062080, 0x2091800020804000, 0x0044401000200040, 0x1001002000401108, 0x1001800801100081, 0x0001000500080010, 0x1000808002000400, 0x0404000482100108, 0x0003000182610002, 0x0440848002c00420, 0x2010890040010021, 0x8800110020044300, 0x0208010100201000, 0x1222020004102008, 0x0000808002000400, 0x20040400094a9008, 0x0000420000804401, 0x0040002880004680, 0x0000200240100040, 0x0020008180201001, 0x01080080800c1000, 0x0104040080800800, 0x4800020080040080, 0x0002000200840108, 0x00a1000100006082, 0x8004400088800260, 0x0100804000802008, 0x0010008010802002, 0x000c801000800800, 0x0c51800402800800, 0x0002800200800400, 0x0000820804000110, 0x4003808042000401, 0x00208020c0018000, 0x4400402010004009, 0x22100400a800e000, 0x0e020021400a0013, 0x10a0080100110005, 0x0004010002004040, 0x0024080102040010, 0x4154089108420014, 0x0182400080002380, 0x0000400110802100, 0x0000100080200480, 0x100a000820401200, 0x8081004020801002, 0x0002000408100200, 0x03223a1008010c00, 0x000000831c014200, 0x4200208009001041, 0xc001004000881021, 0x1008200100100841, 0x0000082240920032, 0x4002000804201102, 0xb821000804000201, 0x4080c208102100a4, 0x02020900418c0ca2, ];
#[rustfmt::skip]
const BISHOP_MAGICS: [u64; 64] = [0x002a840401840308, 0x0002048404004000, 0x1088508106020000, 0x0604040484000420, 0x1002021004380001, 0x8041048240000a30, 0x4084044104103110, 0x0081004044200840, 0x04424110a1010901, 0x0042820841040080, 0x1001080204002c09, 0x00014804a1041815, 0x0004820210041001, 0x0001810403400040, 0x080240410420a084, 0x0410120201010900, 0x0240048504280200, 0x9402000490040325, 0x200300101c098030, 0x0004002840400800, 0x0002010402110140, 0x000040320100a060, 0x0042000061046000, 0x0188300084684808, 0x0010101108021022, 0x8724048021090c00, 0x502c0202c4080010, 0x0008082248020020, 0x0001020084008400, 0x0891004002082001, 0x000a021004248200, 0x00110200012a8402, 0x2042208430203904, 0x0c08620816111880, 0x0002045004410100, 0x0800120180180080, 0x0140010012c10040, 0x0050100840402400, 0x0808020080004801, 0x0004820341020100, 0x001a01242010c080, 0x2018620210012008, 0x80210400220a0400, 0x0020014200820801, 0x010008810041c400, 0x0020040880205a01, 0x001081011102e420, 0x00810604810b0208, 0x0000621004210094, 0x0200210802105811, 0x8008008058080200, 0x5800400084040010, 0x0000009002022880, 0x9000883001021010, 0x804a828404040006, 0x2010121801002800, 0x4012020084010846, 0x8002421202020200, 0x6104040020841000, 0x0000000205048804, 0x0808008041102480, 0x2305904002040440, 0x0810404282020204, 0x0588200102002100, ];

/// Attack set of a slider on `sq` along `dirs`, stopping at (and including) the first occupied square.
const fn ray_scan(sq: u8, occupied: u64, dirs: &[(i8, i8); 4]) -> u64 {
    let mut attacks = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq & 7) as i8 + df;
        let mut r = (sq >> 3) as i8 + dr;
        while f >= 0 && f < 8 && r >= 0 && r < 8 {
            let s = (r * 8 + f) as u8;
            attacks |= 1 << s;
            if occupied & (1 << s) != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    attacks
}

/// The relevant-occupancy mask: the rays without their last square (an edge blocker never matters).
const fn relevant_mask(sq: u8, dirs: &[(i8, i8); 4]) -> u64 {
    let mut mask = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let mut f = (sq & 7) as i8 + df;
        let mut r = (sq >> 3) as i8 + dr;
        while f + df >= 0 && f + df < 8 && r + dr >= 0 && r + dr < 8 {
            mask |= 1 << (r * 8 + f) as u8;
            f += df;
            r += dr;
        }
        d += 1;
    }
    mask
}

const fn leaper_table(steps: &[(i8, i8); 8]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut bb = 0u64;
        let mut i = 0;
        while i < 8 {
            if let Some(to) = Square::new(sq).offset(steps[i].0, steps[i].1) {
                bb |= 1 << to.to_u8();
            }
            i += 1;
        }
        table[sq as usize] = Bitboard(bb);
        sq += 1;
    }
    table
}

const fn pawn_table() -> [[Bitboard; 64]; 2] {
    let mut table = [[Bitboard::EMPTY; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let bb = 1u64 << sq;
        let west = bb & !Bitboard::FILE_A.0;
        let east = bb & !Bitboard::FILE_H.0;
        table[0][sq] = Bitboard((west << 7) | (east << 9));
        table[1][sq] = Bitboard((west >> 9) | (east >> 7));
        sq += 1;
    }
    table
}

/// Per-square magic entry: relevant mask, multiplier, shift and offset into [`SLIDER_TABLE`].
#[derive(Clone, Copy)]
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

const fn magic_entries(
    magics: &[u64; 64],
    dirs: &[(i8, i8); 4],
    start: usize,
) -> ([Magic; 64], usize) {
    let mut entries = [Magic {
        mask: 0,
        magic: 0,
        shift: 0,
        offset: 0,
    }; 64];
    let mut offset = start;
    let mut sq = 0;
    while sq < 64 {
        let mask = relevant_mask(sq as u8, dirs);
        let bits = mask.count_ones();
        entries[sq] = Magic {
            mask,
            magic: magics[sq],
            shift: 64 - bits,
            offset,
        };
        offset += 1 << bits;
        sq += 1;
    }
    (entries, offset)
}

const ROOK_ENTRIES: ([Magic; 64], usize) = magic_entries(&ROOK_MAGICS, &ROOK_DIRS, 0);
const BISHOP_ENTRIES: ([Magic; 64], usize) =
    magic_entries(&BISHOP_MAGICS, &BISHOP_DIRS, ROOK_ENTRIES.1);
const SLIDER_TABLE_LEN: usize = BISHOP_ENTRIES.1;

static ROOK_MAGIC: [Magic; 64] = ROOK_ENTRIES.0;
static BISHOP_MAGIC: [Magic; 64] = BISHOP_ENTRIES.0;

const fn fill_slider_table(
    table: &mut [u64; SLIDER_TABLE_LEN],
    entries: &[Magic; 64],
    dirs: &[(i8, i8); 4],
) {
    let mut sq = 0;
    while sq < 64 {
        let e = entries[sq];
        // Carry-Rippler enumeration of every subset of the mask.
        let mut subset = 0u64;
        loop {
            let index = e.offset + (subset.wrapping_mul(e.magic) >> e.shift) as usize;
            table[index] = ray_scan(sq as u8, subset, dirs);
            subset = subset.wrapping_sub(e.mask) & e.mask;
            if subset == 0 {
                break;
            }
        }
        sq += 1;
    }
}

const fn slider_table() -> [u64; SLIDER_TABLE_LEN] {
    let mut table = [0u64; SLIDER_TABLE_LEN];
    fill_slider_table(&mut table, &ROOK_ENTRIES.0, &ROOK_DIRS);
    fill_slider_table(&mut table, &BISHOP_ENTRIES.0, &BISHOP_DIRS);
    table
}

static SLIDER_TABLE: [u64; SLIDER_TABLE_LEN] = slider_table();
static KNIGHT_ATTACKS: [Bitboard; 64] = leaper_table(&KNIGHT_STEPS);
static KING_ATTACKS: [Bitboard; 64] = leaper_table(&KING_STEPS);
static PAWN_ATTACKS: [[Bitboard; 64]; 2] = pawn_table();

/// `BETWEEN[a][b]`: squares strictly between two aligned squares; `LINE[a][b]`: the whole line
/// through both (edge to edge), or empty when they are not on one rank, file or diagonal.
const fn line_tables() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[Bitboard::EMPTY; 64]; 64];
    let mut line = [[Bitboard::EMPTY; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut b = 0;
        while b < 64 {
            if a != b {
                let bb = 1u64 << b;
                let (ra, rb) = (
                    ray_scan(a as u8, 0, &ROOK_DIRS),
                    ray_scan(b as u8, 0, &ROOK_DIRS),
                );
                let (ba, bbb) = (
                    ray_scan(a as u8, 0, &BISHOP_DIRS),
                    ray_scan(b as u8, 0, &BISHOP_DIRS),
                );
                if ra & bb != 0 {
                    between[a][b] = Bitboard(
                        ray_scan(a as u8, bb, &ROOK_DIRS) & ray_scan(b as u8, 1 << a, &ROOK_DIRS),
                    );
                    line[a][b] = Bitboard((ra & rb) | (1 << a) | bb);
                } else if ba & bb != 0 {
                    between[a][b] = Bitboard(
                        ray_scan(a as u8, bb, &BISHOP_DIRS)
                            & ray_scan(b as u8, 1 << a, &BISHOP_DIRS),
                    );
                    line[a][b] = Bitboard((ba & bbb) | (1 << a) | bb);
                }
            }
            b += 1;
        }
        a += 1;
    }
    (between, line)
}

static LINES: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = line_tables();

#[inline]
fn magic_lookup(e: &Magic, occupied: Bitboard) -> Bitboard {
    let index = e.offset + ((occupied.0 & e.mask).wrapping_mul(e.magic) >> e.shift) as usize;
    // SAFETY: every index a masked occupancy can produce was filled in `slider_table`, and
    // offsets plus 2^bits never exceed the table length (both computed from the same masks).
    Bitboard(unsafe { *SLIDER_TABLE.get_unchecked(index) })
}

/// Rook attacks from `sq` given the occupied squares.
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&ROOK_MAGIC[sq.index()], occupied)
}

/// Bishop attacks from `sq` given the occupied squares.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    magic_lookup(&BISHOP_MAGIC[sq.index()], occupied)
}

#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    rook_attacks(sq, occupied) | bishop_attacks(sq, occupied)
}

#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT_ATTACKS[sq.index()]
}

#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING_ATTACKS[sq.index()]
}

/// The squares a pawn of `color` on `sq` attacks (captures onto).
#[inline]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN_ATTACKS[color.index()][sq.index()]
}

/// The squares a piece of `color` and `role` on `sq` attacks.
#[inline]
pub fn attacks(color: Color, role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

/// Squares strictly between `a` and `b` when aligned, else empty.
#[inline]
pub fn between(a: Square, b: Square) -> Bitboard {
    LINES.0[a.index()][b.index()]
}

/// The full line (rank, file or diagonal) through `a` and `b`, or empty when not aligned.
#[inline]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINES.1[a.index()][b.index()]
}

/// True when `c` lies on the line through `a` and `b`.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subsets(mask: u64) -> impl Iterator<Item = u64> {
        let mut subset = 0u64;
        let mut done = false;
        std::iter::from_fn(move || {
            if done {
                return None;
            }
            let current = subset;
            subset = subset.wrapping_sub(mask) & mask;
            done = subset == 0;
            Some(current)
        })
    }

    #[test]
    fn magics_match_ray_scan() {
        for sq in Square::all() {
            for (dirs, lookup) in [
                (&ROOK_DIRS, rook_attacks as fn(Square, Bitboard) -> Bitboard),
                (&BISHOP_DIRS, bishop_attacks),
            ] {
                let mask = relevant_mask(sq.to_u8(), dirs);
                for occ in subsets(mask) {
                    // Outside-mask bits must not change the answer either.
                    let noisy = occ | !mask & 0x8100_0000_0000_0081;
                    assert_eq!(
                        lookup(sq, Bitboard(noisy)).0,
                        ray_scan(sq.to_u8(), noisy, dirs),
                        "{sq:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn leapers_and_lines() {
        assert_eq!(knight_attacks(Square::A1).count(), 2);
        assert_eq!(king_attacks(Square::E1).count(), 5);
        assert_eq!(pawn_attacks(Color::White, Square::A1).count(), 1);
        assert_eq!(pawn_attacks(Color::Black, Square::A1).count(), 0);
        let (a1, h8, c3) = (Square::A1, Square::H8, Square::new(18));
        assert_eq!(between(a1, h8).count(), 6);
        assert!(aligned(a1, h8, c3));
        assert_eq!(line(a1, c3).count(), 8);
        assert!(between(a1, Square::new(17)).is_empty());
        assert!(line(a1, Square::new(17)).is_empty());
    }
}
