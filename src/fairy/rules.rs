//! [`FairyPosition`] behind the rules seam: perft and the generic prover run on it unchanged.
//! Its fast paths: legality and checks without playing the move (`attacks.rs`), checks
//! generated before their legality is tested, a legal move looked for among the king's moves
//! first, killers tested by generating the moving man's moves only. No mate filter.

use super::attacks::Guard;
use super::moves::FairyMove;
use super::position::FairyPosition;
use super::walks::PAWN;
use crate::board::Color;
use crate::rules::{Moves, Rules, Sink};

impl Rules for FairyPosition {
    type Move = FairyMove;
    type CheckInfo = Guard;
    type MateFilter = ();
    type QuietReplies = ();

    #[inline]
    fn key(&self) -> u64 {
        self.zobrist_key()
    }

    #[inline]
    fn turn(&self) -> Color {
        self.side_to_move()
    }

    fn generate<S: Sink<FairyMove>>(&self, sink: &mut S) {
        self.generate_legal(sink);
    }

    fn play(&self, m: FairyMove) -> FairyPosition {
        let mut next = self.clone();
        next.make(m);
        next
    }

    fn pass(&self) -> FairyPosition {
        self.after_pass()
    }

    fn is_check(&self) -> bool {
        self.in_check()
    }

    fn gives_check(&self, m: FairyMove) -> bool {
        FairyPosition::gives_check(self, m)
    }

    fn check_info(&self) -> Guard {
        self.check_guard()
    }

    fn gives_check_with(&self, guard: &Guard, m: FairyMove) -> bool {
        self.gives_check_with_guard(guard, m)
    }

    fn captured_value(&self, m: FairyMove) -> Option<i32> {
        self.captured_kind(m).map(|kind| {
            if kind == PAWN {
                1
            } else {
                self.walks().info(kind).value
            }
        })
    }

    fn is_major_promotion(&self, m: FairyMove) -> bool {
        m.promotion() == Some('Q')
    }

    fn history_index(m: FairyMove) -> usize {
        m.from().index() * 64 + m.to().index()
    }

    fn king_move_count(&self) -> u32 {
        self.king_moves()
    }

    fn has_man_besides_king(&self, color: Color) -> bool {
        self.by_color[color.index()]
            .without(self.king_square(color))
            .any()
    }

    fn mate_filter(&self) {}

    fn has_legal_move(&self) -> bool {
        self.has_legal()
    }

    fn is_legal(&self, m: FairyMove) -> bool {
        self.is_legal_move(m)
    }

    fn checking_moves(&self) -> Moves<Self> {
        let mut list = Moves::<Self>::new();
        self.legal_checks(&mut list);
        list
    }
}
