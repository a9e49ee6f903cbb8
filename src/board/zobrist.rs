//! Zobrist keys: one random 64-bit number per (piece, square), castling right set, e.p. file
//! and side to move, generated at compile time from a fixed seed so keys are stable across runs
//! (tests and saved tables may rely on them).

use super::{Castling, Color, Piece, Square};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (state, z ^ (z >> 31))
}

struct Keys {
    pieces: [[u64; 64]; 12],
    castling: [u64; 16],
    ep_file: [u64; 8],
    black_to_move: u64,
}

const fn generate() -> Keys {
    let mut keys = Keys {
        pieces: [[0; 64]; 12],
        castling: [0; 16],
        ep_file: [0; 8],
        black_to_move: 0,
    };
    let mut state = 0x6d61_7465_7072_6f6f; // "mateproo"
    let mut p = 0;
    while p < 12 {
        let mut sq = 0;
        while sq < 64 {
            let (s, v) = splitmix(state);
            state = s;
            keys.pieces[p][sq] = v;
            sq += 1;
        }
        p += 1;
    }
    // Castling keys are XOR-combinations of four per-right keys, so removing one right is one XOR.
    let mut rights = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (s, v) = splitmix(state);
        state = s;
        rights[i] = v;
        i += 1;
    }
    let mut set = 0;
    while set < 16 {
        let mut k = 0;
        let mut i = 0;
        while i < 4 {
            if set & (1 << i) != 0 {
                k ^= rights[i];
            }
            i += 1;
        }
        keys.castling[set] = k;
        set += 1;
    }
    let mut f = 0;
    while f < 8 {
        let (s, v) = splitmix(state);
        state = s;
        keys.ep_file[f] = v;
        f += 1;
    }
    keys.black_to_move = splitmix(state).1;
    keys
}

static KEYS: Keys = generate();

#[inline]
pub fn piece(piece: Piece, sq: Square) -> u64 {
    KEYS.pieces[piece.index()][sq.index()]
}

#[inline]
pub fn castling(rights: Castling) -> u64 {
    KEYS.castling[rights.bits() as usize]
}

#[inline]
pub fn en_passant(sq: Square) -> u64 {
    KEYS.ep_file[sq.file() as usize]
}

#[inline]
pub fn side(color: Color) -> u64 {
    match color {
        Color::White => 0,
        Color::Black => KEYS.black_to_move,
    }
}
