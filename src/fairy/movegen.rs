//! Move generation on a [`FairyPosition`]: the targets of every piece from its kind's tables
//! (leaps by bitboard, rides and hops along their lines, lame leaps along their paths), the
//! pawn's pushes, captures, en passant and promotions to every promotion kind of the game,
//! castling; legality by "the own king is not attacked after the move", with attacks by every
//! kind (hoppers and lame leapers included). Lists grow as needed, so no move is lost.

use super::moves::FairyMove;
use super::position::FairyPosition;
use super::walks::{Kind, Line, LineKind, KING, PAWN};
use crate::board::castle_geometry as geometry;
use crate::board::{Bitboard, Color, Square, Wing};
use crate::kernel::StackList;
use crate::pieces::Landing;
use crate::rules::Sink;

/// Adds a line's quiet targets and attacked (occupied) squares: a ride over empty squares up
/// to its range, stopping at the first man; a hop over its hurdles, landing next or anywhere.
fn line_targets(line: &Line, occ: Bitboard, quiet: &mut Bitboard, attacks: &mut Bitboard) {
    let (q, c) = (line.modes.quiet, line.modes.capture);
    // Marks `sq` as a quiet target or an attack; true when the line stops there.
    let mut land = |sq: Square| {
        if occ.contains(sq) {
            if c {
                *attacks = attacks.with(sq);
            }
            true
        } else {
            if q {
                *quiet = quiet.with(sq);
            }
            false
        }
    };
    match line.kind {
        LineKind::Ride { max } => {
            for &sq in line.squares().iter().take(usize::from(max)) {
                if land(sq) {
                    break;
                }
            }
        }
        LineKind::Hop { hurdles, landing } => {
            let mut seen = 0;
            let mut rest = line.squares().iter();
            for &sq in rest.by_ref() {
                if occ.contains(sq) {
                    seen += 1;
                    if seen == hurdles {
                        break;
                    }
                }
            }
            if seen < hurdles {
                return;
            }
            match landing {
                Landing::Next => {
                    if let Some(&sq) = rest.next() {
                        land(sq);
                    }
                }
                Landing::Any => {
                    for &sq in rest {
                        if land(sq) {
                            break;
                        }
                    }
                }
            }
        }
    }
}

/// Pseudo-legal moves of one position.
pub type PseudoMoves = StackList<FairyMove, 256>;

impl FairyPosition {
    /// The squares the `color` `kind` on `from` moves to without capturing, and the squares
    /// it attacks (where it would capture a man; leap targets whether occupied or not).
    fn targets(
        &self,
        from: Square,
        color: Color,
        kind: Kind,
        occ: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let t = self.walks.tables(kind, color);
        let s = from.index();
        let mut quiet = t.leap_quiet[s] & !occ;
        let mut attacks = t.leap_capture[s];
        for lame in &t.lames[s] {
            if (lame.path & occ).any() {
                continue;
            }
            if occ.contains(lame.target) {
                if lame.modes.capture {
                    attacks = attacks.with(lame.target);
                }
            } else if lame.modes.quiet {
                quiet = quiet.with(lame.target);
            }
        }
        for line in &t.lines[s] {
            line_targets(line, occ, &mut quiet, &mut attacks);
        }
        (quiet, attacks)
    }

    /// Every pseudo-legal move of the side to move.
    pub fn pseudo_moves(&self) -> PseudoMoves {
        let mut list = PseudoMoves::new();
        for from in self.by_color[self.turn.index()] {
            let Some((_, kind)) = self.board[from.index()] else {
                continue;
            };
            self.piece_moves(from, kind, &mut list);
        }
        self.castlings(&mut list);
        list
    }

    /// A pawn's moves: none from its own first rank (where only a Popeye problem puts one) or
    /// from its last (it has nowhere to go).
    fn pawn_moves(&self, from: Square, list: &mut PseudoMoves) {
        let us = self.turn;
        if from.rank() == us.back_rank() {
            return;
        }
        let occ = self.occupied();
        let last = if us == Color::White { 7 } else { 0 };
        let mut push = |to: Square| {
            if to.rank() == last {
                for &kind in self.walks.promotions() {
                    let letter = self.walks.info(kind).letter;
                    list.push(FairyMove::new(from, to, Some(letter)));
                }
            } else {
                list.push(FairyMove::new(from, to, None));
            }
        };
        if let Some(one) = from.offset(0, us.forward()).filter(|s| !occ.contains(*s)) {
            push(one);
            let start = if us == Color::White { 1 } else { 6 };
            if from.rank() == start {
                if let Some(two) = one.offset(0, us.forward()).filter(|s| !occ.contains(*s)) {
                    push(two);
                }
            }
        }
        let theirs = self.by_color[(!us).index()];
        for to in Self::pawn_attacks(from, us) {
            if theirs.contains(to) || Some(to) == self.ep {
                push(to);
            }
        }
    }

    /// Castling: rights, empty squares between king and rook, the king not in check and not
    /// passing an attacked square (tested with the king on it).
    fn castlings(&self, list: &mut PseudoMoves) {
        let us = self.turn;
        if !self.castling.has_any(us) || self.in_check() {
            return;
        }
        for wing in Wing::ALL {
            let g = geometry(us, wing);
            if !self.castling.has(us, wing) || (g.must_be_empty & self.occupied()).any() {
                continue;
            }
            let passes = |sq: Square| {
                let occ = self.occupied().without(g.king_from).with(sq);
                !self.attacked_with(sq, !us, occ)
            };
            let transit = if wing == Wing::KingSide {
                g.king_from.offset(1, 0)
            } else {
                g.king_from.offset(-1, 0)
            };
            if transit.is_some_and(passes) {
                list.push(FairyMove::new(g.king_from, g.king_to, None));
            }
        }
    }

    /// Every legal move into `sink`, stopping once it is satisfied.
    pub fn generate_legal<S: Sink<FairyMove>>(&self, sink: &mut S) {
        let guard = self.guard();
        for &m in self.pseudo_moves().iter() {
            if self.is_legal_with(&guard, m) {
                sink.push(m);
                if sink.is_satisfied() {
                    return;
                }
            }
        }
    }

    /// The pseudo-legal moves of the man on `from` (a man of the side to move) into `list`.
    fn piece_moves(&self, from: Square, kind: Kind, list: &mut PseudoMoves) {
        self.piece_moves_onto(from, kind, Bitboard::FULL, list);
    }

    /// The pseudo-legal moves of the man on `from` into `list`, those of a piece only onto
    /// `onto` (a pawn's all).
    fn piece_moves_onto(&self, from: Square, kind: Kind, onto: Bitboard, list: &mut PseudoMoves) {
        if kind == PAWN {
            self.pawn_moves(from, list);
            return;
        }
        let us = self.turn;
        if (self.walks.tables(kind, us).reach[from.index()] & onto).is_empty() {
            return;
        }
        let (quiet, attacks) = self.targets(from, us, kind, self.occupied());
        for to in (quiet | (attacks & self.by_color[(!us).index()])) & onto {
            list.push(FairyMove::new(from, to, None));
        }
    }

    /// True when the side to move has a legal move: the king's moves first, as a king that
    /// can move is the common case and a mated king has to be proven so anyway. In check, a
    /// man off the king's sensitive squares only tries the moves that could end the check
    /// (onto a sensitive square or a checker).
    pub fn has_legal(&self) -> bool {
        let guard = self.guard();
        let king = self.kings[self.turn.index()];
        let mut list = PseudoMoves::new();
        self.piece_moves(king, KING, &mut list);
        if list.iter().any(|&m| self.is_legal_with(&guard, m)) {
            return true;
        }
        let useful = if guard.checkers.any() {
            guard.sensitive | guard.checkers
        } else {
            Bitboard::FULL
        };
        for from in self.by_color[self.turn.index()].without(king) {
            let Some((_, kind)) = self.board[from.index()] else {
                continue;
            };
            list.clear();
            if guard.sensitive.contains(from) {
                self.piece_moves(from, kind, &mut list);
            } else {
                self.piece_moves_onto(from, kind, useful, &mut list);
            }
            if list.iter().any(|&m| self.is_legal_with(&guard, m)) {
                return true;
            }
        }
        list.clear();
        self.castlings(&mut list);
        list.iter().any(|&m| self.is_legal_with(&guard, m))
    }

    /// True when `m` is a legal move here, generating only the moving man's moves.
    pub fn is_legal_move(&self, m: FairyMove) -> bool {
        let Some((color, kind)) = self.board[m.from().index()] else {
            return false;
        };
        if color != self.turn {
            return false;
        }
        let mut list = PseudoMoves::new();
        self.piece_moves(m.from(), kind, &mut list);
        if kind == KING {
            self.castlings(&mut list);
        }
        list.contains(m) && self.is_legal_with(&self.guard(), m)
    }

    /// Every legal move that checks the opponent, in generation order: a piece off the
    /// opponent king's sensitive squares only tries the squares it could check from or
    /// that are sensitive; checks are found first, legality tested only for them.
    pub fn legal_checks<S: Sink<FairyMove>>(&self, sink: &mut S) {
        let checks = self.check_guard();
        let guard = self.guard();
        let mut list = PseudoMoves::new();
        for from in self.by_color[self.turn.index()] {
            let Some((_, kind)) = self.board[from.index()] else {
                continue;
            };
            if kind == PAWN || checks.sensitive.contains(from) {
                self.piece_moves(from, kind, &mut list);
            } else {
                let t = self.walks.tables(kind, self.turn);
                let onto = t.reached_from[checks.king.index()] | checks.sensitive;
                self.piece_moves_onto(from, kind, onto, &mut list);
            }
        }
        self.castlings(&mut list);
        for &m in list.iter() {
            if self.gives_check_with_guard(&checks, m) && self.is_legal_with(&guard, m) {
                sink.push(m);
            }
        }
    }

    /// How many legal moves the side to move's king has.
    pub fn king_moves(&self) -> u32 {
        let guard = self.guard();
        let king = self.kings[self.turn.index()];
        let mut list = PseudoMoves::new();
        self.piece_moves(king, KING, &mut list);
        self.castlings(&mut list);
        list.iter()
            .filter(|&&m| self.is_legal_with(&guard, m))
            .count() as u32
    }

    /// The kind a legal move captures, if any (en passant captures a pawn).
    pub fn captured_kind(&self, m: FairyMove) -> Option<Kind> {
        match self.board[m.to().index()] {
            Some((_, kind)) => Some(kind),
            None => {
                let pawn = self.board[m.from().index()].is_some_and(|(_, k)| k == PAWN);
                (pawn && Some(m.to()) == self.ep).then_some(PAWN)
            }
        }
    }

    /// True when `m` is a king's castling move here.
    pub fn is_castling(&self, m: FairyMove) -> bool {
        self.board[m.from().index()].is_some_and(|(_, k)| k == KING)
            && m.from().file().abs_diff(m.to().file()) == 2
    }
}
