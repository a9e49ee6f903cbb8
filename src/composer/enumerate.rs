//! The Chess Composer's canonical order of transformations (thesis §3.3, L585–L665; digest
//! §1.6), which generates every set of edits once instead of once per ordering:
//!
//! - phases never go back: shifts, then deletions, then additions (`del→del→add` and
//!   `shift→add→add` occur, `del→add→del` never);
//! - at most one file shift and then at most one rank shift (the kings, never added or
//!   deleted, fix the shift, so two paths cannot meet);
//! - deletions, and additions of one kind, go in order of "proximity to the 0-square" (the
//!   thesis numbers h8 = 0, a8 = 7, h1 = 56, a1 = 63);
//! - additions follow the kinds Q > R > B > N > P > q > r > b > n > p and never go back to an
//!   earlier kind;
//! - a piece deleted on a path is not added back on its own square (that path would only
//!   rebuild a shallower position).
//!
//! With the composition rules on, additions respect the piece limits and opposite-coloured
//! bishops (App. F's `chess_comp_rules`). Pawns are never added on the first or last rank:
//! no later edit could make such a position legal. This module generates; it never judges a
//! position.

use super::soundness::{composition_limit, CompositionRule};
use super::transform::Transformation;
use crate::board::{Color, Piece, Role, Setup, Square};

/// The kinds the improver adds, in the thesis' order (L589).
pub const ADDITION_ORDER: [Piece; 10] = [
    Piece::new(Color::White, Role::Queen),
    Piece::new(Color::White, Role::Rook),
    Piece::new(Color::White, Role::Bishop),
    Piece::new(Color::White, Role::Knight),
    Piece::new(Color::White, Role::Pawn),
    Piece::new(Color::Black, Role::Queen),
    Piece::new(Color::Black, Role::Rook),
    Piece::new(Color::Black, Role::Bishop),
    Piece::new(Color::Black, Role::Knight),
    Piece::new(Color::Black, Role::Pawn),
];

/// How many deletions a path remembers for the no-rebuild rule; deeper paths merely may
/// generate a duplicate.
const REMEMBERED_DELETIONS: usize = 4;

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Phase {
    Shift,
    Delete,
    Add,
}

/// Where a path stands in the canonical order, and the material its position holds.
#[derive(Clone, Copy, Debug)]
pub struct PathState {
    phase: Phase,
    files_shifted: bool,
    ranks_shifted: bool,
    /// The last deletion's square (the next must come later in the thesis' square order).
    last_delete: Option<Square>,
    /// The last addition: its index in [`ADDITION_ORDER`] and square.
    last_add: Option<(usize, Square)>,
    deleted: [Option<(Piece, Square)>; REMEMBERED_DELETIONS],
    /// Pieces per colour and role.
    counts: [[u8; 6]; 2],
    /// Bishops per colour on light and on dark squares.
    bishops: [[u8; 2]; 2],
    composition_rules: bool,
}

/// Position in the thesis' square order: h8 first, a1 last.
#[inline]
fn thesis_index(sq: Square) -> usize {
    63 - sq.index()
}

impl PathState {
    /// The state of the untransformed diagram.
    pub fn root(setup: &Setup, composition_rules: bool) -> PathState {
        let mut state = PathState {
            phase: Phase::Shift,
            files_shifted: false,
            ranks_shifted: false,
            last_delete: None,
            last_add: None,
            deleted: [None; REMEMBERED_DELETIONS],
            counts: [[0; 6]; 2],
            bishops: [[0; 2]; 2],
            composition_rules,
        };
        state.recount(setup);
        state
    }

    fn recount(&mut self, setup: &Setup) {
        self.counts = [[0; 6]; 2];
        self.bishops = [[0; 2]; 2];
        for sq in Square::all() {
            if let Some(p) = setup.piece_at(sq) {
                self.count(p, sq, 1);
            }
        }
    }

    fn count(&mut self, piece: Piece, sq: Square, delta: i8) {
        let c = piece.color.index();
        let slot = &mut self.counts[c][piece.role.index()];
        *slot = slot.wrapping_add_signed(delta);
        if piece.role == Role::Bishop {
            let shade = &mut self.bishops[c][sq.is_dark() as usize];
            *shade = shade.wrapping_add_signed(delta);
        }
    }

    /// True when the composition rules let `piece` join on `sq`.
    fn may_add(&self, piece: Piece, sq: Square) -> bool {
        if piece.role == Role::Pawn && (sq.rank() == 0 || sq.rank() == 7) {
            return false;
        }
        if !self.composition_rules {
            return true;
        }
        let c = piece.color.index();
        let have = self.counts[c][piece.role.index()] as u32;
        have < composition_limit(piece.role)
            && (piece.role != Role::Bishop || self.bishops[c][sq.is_dark() as usize] == 0)
    }

    /// The first composition rule the path's position breaks, if any (only an original that
    /// broke one can pass it on: additions respect the rules).
    pub fn composition_violation(&self) -> Option<CompositionRule> {
        for color in Color::ALL {
            let c = color.index();
            for role in Role::ALL {
                if self.counts[c][role.index()] as u32 > composition_limit(role) {
                    return Some(CompositionRule::TooMany(color, role));
                }
            }
            if self.bishops[c].iter().any(|&n| n > 1) {
                return Some(CompositionRule::SameColouredBishops(color));
            }
        }
        None
    }

    fn was_deleted(&self, piece: Piece, sq: Square) -> bool {
        self.deleted.contains(&Some((piece, sq)))
    }

    /// The state after `t`, applied to give `setup` (needed only after a shift, to recount).
    pub fn after(&self, t: Transformation, setup: &Setup) -> PathState {
        let mut next = *self;
        match t {
            Transformation::ShiftFiles(_) => {
                next.files_shifted = true;
                next.recount(setup);
            }
            Transformation::ShiftRanks(_) => {
                next.ranks_shifted = true;
                next.recount(setup);
            }
            Transformation::Delete(piece, sq) => {
                next.phase = Phase::Delete;
                next.last_delete = Some(sq);
                next.count(piece, sq, -1);
                if let Some(slot) = next.deleted.iter_mut().find(|s| s.is_none()) {
                    *slot = Some((piece, sq));
                }
            }
            Transformation::Add(piece, sq) => {
                next.phase = Phase::Add;
                let kind = ADDITION_ORDER.iter().position(|&p| p == piece).unwrap_or(0);
                next.last_add = Some((kind, sq));
                next.count(piece, sq, 1);
            }
        }
        next
    }
}

/// The transformations that may follow on this path, in the fixed order the thesis applies
/// them: file shifts, rank shifts, deletions, additions.
pub fn successors(setup: &Setup, state: &PathState) -> Vec<Transformation> {
    let mut out = Vec::new();
    if state.phase == Phase::Shift {
        if !state.files_shifted && !state.ranks_shifted {
            out.extend(shifts(setup, true).map(Transformation::ShiftFiles));
        }
        if !state.ranks_shifted {
            out.extend(shifts(setup, false).map(Transformation::ShiftRanks));
        }
    }
    // Squares in the thesis' order: h8, g8, …, a1.
    let squares = || Square::all().rev();
    if state.phase <= Phase::Delete {
        let after_last = |sq: Square| {
            state
                .last_delete
                .is_none_or(|last| thesis_index(sq) > thesis_index(last))
        };
        for sq in squares().filter(|&sq| after_last(sq)) {
            if let Some(piece) = setup.piece_at(sq).filter(|p| p.role != Role::King) {
                out.push(Transformation::Delete(piece, sq));
            }
        }
    }
    let first_kind = state.last_add.map_or(0, |(kind, _)| kind);
    for (kind, &piece) in ADDITION_ORDER.iter().enumerate().skip(first_kind) {
        for sq in squares() {
            let in_order = match state.last_add {
                Some((last_kind, last_sq)) if last_kind == kind => {
                    thesis_index(sq) > thesis_index(last_sq)
                }
                _ => true,
            };
            if in_order
                && setup.piece_at(sq).is_none()
                && state.may_add(piece, sq)
                && !state.was_deleted(piece, sq)
            {
                out.push(Transformation::Add(piece, sq));
            }
        }
    }
    out
}

/// The shifts along one axis that keep every piece on the board, left/down first.
fn shifts(setup: &Setup, files: bool) -> impl Iterator<Item = i8> {
    let (mut low, mut high) = (7i8, 0i8);
    for sq in Square::all() {
        if setup.piece_at(sq).is_some() {
            let c = if files { sq.file() } else { sq.rank() } as i8;
            low = low.min(c);
            high = high.max(c);
        }
    }
    (-low..=7 - high).filter(|&d| d != 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::fen::parse_fen;
    use std::collections::HashSet;

    const D1: &str = "b2K4/2p5/3k4/1Q6/5P2/1B6/8/8 w - - 0 1";

    fn setup(fen: &str) -> Setup {
        parse_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    /// Every path of `depth` transformations in canonical order, with its position.
    fn paths(root: &Setup, depth: u32, rules: bool) -> Vec<(Vec<Transformation>, Setup)> {
        fn walk(
            s: &Setup,
            st: &PathState,
            left: u32,
            path: &mut Vec<Transformation>,
            out: &mut Vec<(Vec<Transformation>, Setup)>,
        ) {
            if left == 0 {
                out.push((path.clone(), s.clone()));
                return;
            }
            for t in successors(s, st) {
                let mut child = s.clone();
                assert!(t.apply(&mut child), "{t} generated but does not apply");
                path.push(t);
                walk(&child, &st.after(t, &child), left - 1, path, out);
                path.pop();
            }
        }
        let mut out = Vec::new();
        walk(
            root,
            &PathState::root(root, rules),
            depth,
            &mut Vec::new(),
            &mut out,
        );
        out
    }

    #[test]
    fn two_additions_use_55_kind_combinations() {
        // Thesis Figure 3: with p = 10 kinds, two additions give 10 + 9 + … + 1 = 55.
        let root = setup("k7/8/8/8/8/8/8/7K w - - 0 1");
        let kinds: HashSet<(Piece, Piece)> = paths(&root, 2, false)
            .into_iter()
            .filter_map(|(path, _)| match path.as_slice() {
                [Transformation::Add(a, _), Transformation::Add(b, _)] => Some((*a, *b)),
                _ => None,
            })
            .collect();
        assert_eq!(kinds.len(), 55);
    }

    #[test]
    fn every_pair_of_edits_once_and_only_once() {
        // Canonical paths of two deletions/additions reach exactly the positions that any order
        // of two edits reaches, each once.
        let root = setup(D1);
        let canonical: Vec<Setup> = paths(&root, 2, true)
            .into_iter()
            .filter(|(path, _)| {
                path.iter()
                    .all(|t| matches!(t, Transformation::Add(..) | Transformation::Delete(..)))
            })
            .map(|(_, s)| s)
            .collect();
        let distinct: HashSet<[Option<Piece>; 64]> = canonical.iter().map(|s| s.board).collect();
        assert_eq!(
            distinct.len(),
            canonical.len(),
            "a position was generated twice"
        );

        let one_edit: HashSet<[Option<Piece>; 64]> = paths(&root, 1, true)
            .into_iter()
            .map(|(_, s)| s.board)
            .collect();
        let mut any_order = HashSet::new();
        let edits = |path: &[Transformation]| {
            path.iter()
                .all(|t| matches!(t, Transformation::Add(..) | Transformation::Delete(..)))
        };
        for (_, first) in paths(&root, 1, true).into_iter().filter(|(p, _)| edits(p)) {
            // A fresh root state drops the order, so this is every edit allowed after the first.
            for t in successors(&first, &PathState::root(&first, true)) {
                let mut second = first.clone();
                if matches!(t, Transformation::Add(..) | Transformation::Delete(..))
                    && t.apply(&mut second)
                {
                    any_order.insert(second.board);
                }
            }
        }
        any_order.retain(|b| *b != root.board && !one_edit.contains(b));
        let show = |b: &[Option<Piece>; 64]| {
            let mut s = Setup::empty();
            s.board = *b;
            crate::board::fen::setup_to_epd_position(&s)
        };
        let missing: Vec<String> = any_order.difference(&distinct).take(5).map(show).collect();
        let extra: Vec<String> = distinct.difference(&any_order).take(5).map(show).collect();
        assert!(
            missing.is_empty() && extra.is_empty(),
            "missing {missing:?}\nextra {extra:?}"
        );
    }

    #[test]
    fn no_position_twice_with_shifts() {
        let all = paths(&setup(D1), 2, true);
        let distinct: HashSet<[Option<Piece>; 64]> = all.iter().map(|(_, s)| s.board).collect();
        assert_eq!(distinct.len(), all.len());
    }

    #[test]
    fn shifts_keep_every_piece_on_the_board() {
        // D1 occupies files a–f and ranks 3–8.
        let shifts: Vec<Transformation> =
            successors(&setup(D1), &PathState::root(&setup(D1), true))
                .into_iter()
                .filter(|t| {
                    matches!(
                        t,
                        Transformation::ShiftFiles(_) | Transformation::ShiftRanks(_)
                    )
                })
                .collect();
        assert_eq!(
            shifts,
            vec![
                Transformation::ShiftFiles(1),
                Transformation::ShiftFiles(2),
                Transformation::ShiftRanks(-2),
                Transformation::ShiftRanks(-1)
            ]
        );
    }

    #[test]
    fn composition_rules_limit_additions() {
        // D1 has a queen and a light-squared bishop: no second White queen, no second light
        // bishop; no pawn on the first or last rank.
        let root = setup(D1);
        for t in successors(&root, &PathState::root(&root, true)) {
            if let Transformation::Add(p, sq) = t {
                assert!(p != Piece::new(Color::White, Role::Queen), "{t}");
                assert!(
                    p != Piece::new(Color::White, Role::Bishop) || sq.is_dark(),
                    "{t}"
                );
                assert!(
                    !(p.role == Role::Pawn && (sq.rank() == 0 || sq.rank() == 7)),
                    "{t}"
                );
                assert!(p.role != Role::King, "{t}");
            }
        }
    }

    #[test]
    fn an_original_breaking_the_rules_is_flagged_until_fixed() {
        let root = setup("k7/8/8/8/8/8/Q7/Q6K w - - 0 1");
        let state = PathState::root(&root, true);
        assert_eq!(
            state.composition_violation(),
            Some(CompositionRule::TooMany(Color::White, Role::Queen))
        );
        let delete = Transformation::Delete(Piece::new(Color::White, Role::Queen), Square::A1);
        let mut fixed = root.clone();
        assert!(delete.apply(&mut fixed));
        assert_eq!(state.after(delete, &fixed).composition_violation(), None);
        let bishops = setup("k7/8/8/8/8/8/1B6/B6K w - - 0 1");
        assert_eq!(
            PathState::root(&bishops, true).composition_violation(),
            Some(CompositionRule::SameColouredBishops(Color::White))
        );
    }
}
