//! Orthodox chess as [`Rules`]: [`Position`] delegating to the board's fast paths (bulk move
//! counting, check generation, `CheckInfo`, the flight filter of the mate-in-one test).

use super::{RuleMove, Rules, Sink};
use crate::board::{
    Bitboard, CheckInfo, Color, Flights, GenKind, KingReply, Move, MoveCounter, MoveList, MoveSink,
    Position, QuietReplies, Role,
};

impl RuleMove for Move {
    #[inline]
    fn pack(self) -> u16 {
        self.to_u16()
    }

    #[inline]
    fn unpack(bits: u16) -> Move {
        Move::from_u16(bits)
    }

    #[inline]
    fn is_null(self) -> bool {
        Move::is_null(self)
    }
}

/// Hands the board generator's moves to a rules sink.
struct ToSink<'s, S>(&'s mut S);

impl<S: Sink<Move>> MoveSink for ToSink<'_, S> {
    #[inline]
    fn push(&mut self, m: Move) {
        self.0.push(m);
    }

    #[inline]
    fn is_satisfied(&self) -> bool {
        self.0.is_satisfied()
    }
}

impl Rules for Position {
    type Move = Move;
    type CheckInfo = CheckInfo;
    type MateFilter = Flights;
    type QuietReplies = QuietReplies;

    #[inline(always)]
    fn key(&self) -> u64 {
        Position::key(self)
    }

    #[inline(always)]
    fn turn(&self) -> Color {
        Position::turn(self)
    }

    #[inline(always)]
    fn generate<S: Sink<Move>>(&self, sink: &mut S) {
        Position::generate(self, GenKind::All, Bitboard::FULL, &mut ToSink(sink));
    }

    #[inline(always)]
    fn play(&self, m: Move) -> Position {
        self.after(m)
    }

    #[inline(always)]
    fn pass(&self) -> Position {
        self.after_null()
    }

    #[inline(always)]
    fn is_check(&self) -> bool {
        Position::is_check(self)
    }

    #[inline(always)]
    fn gives_check(&self, m: Move) -> bool {
        Position::gives_check(self, m)
    }

    #[inline(always)]
    fn check_info(&self) -> CheckInfo {
        CheckInfo::new(self)
    }

    #[inline(always)]
    fn gives_check_with(&self, info: &CheckInfo, m: Move) -> bool {
        info.gives_check(self, m)
    }

    #[inline(always)]
    fn captured_value(&self, m: Move) -> Option<i32> {
        self.captured_role(m).map(Role::value)
    }

    #[inline(always)]
    fn is_major_promotion(&self, m: Move) -> bool {
        m.promotion() == Some(Role::Queen)
    }

    #[inline(always)]
    fn history_index(m: Move) -> usize {
        m.from().index() * 64 + m.to().index()
    }

    fn king_move_count(&self) -> u32 {
        let mut king_moves = MoveCounter::default();
        let king = self.pieces(Position::turn(self), Role::King);
        if king.is_empty() {
            return 0;
        }
        Position::generate(self, GenKind::All, king, &mut king_moves);
        king_moves.0 as u32
    }

    #[inline(always)]
    fn mate_filter(&self) -> Flights {
        Flights::new(self)
    }

    #[inline]
    fn quiet_replies(&self) -> Option<QuietReplies> {
        QuietReplies::new(self)
    }

    #[inline]
    fn quiet_survivor(&self, replies: &QuietReplies, m: Move) -> Option<Move> {
        replies.survivor(self, m)
    }

    #[inline]
    fn quiet_reply(&self, b: Move) -> Option<QuietReplies> {
        QuietReplies::for_reply(self, b)
    }

    #[inline]
    fn king_reply_after(&self, m: Move, spoiler: Move) -> KingReply {
        Position::king_reply_after(self, m, spoiler)
    }

    /// Exactly the moves [`QuietReplies::survivor`] finds no reply for.
    #[inline]
    fn moves_spoiling(&self, replies: &QuietReplies) -> MoveList {
        replies.spoiling_moves(self)
    }

    /// A check that certainly leaves the king an open flight cannot mate.
    #[inline(always)]
    fn may_mate(&self, flights: &Flights, m: Move) -> bool {
        flights.may_mate(self, m)
    }

    /// Without generating the checks that leave a flight (see `board::mate_candidates`).
    #[inline(always)]
    fn mate_candidates(&self) -> MoveList {
        Position::mate_candidates(self)
    }

    /// Without making the checks the king answers by taking the checker (see
    /// `Position::mates_in_one`).
    #[inline(always)]
    fn mates_in_one(&self) -> (MoveList, u32) {
        Position::mates_in_one(self)
    }

    /// Without building the candidates' list (see `Position::first_mate_in_one`).
    #[inline(always)]
    fn first_mate_in_one(&self, first: Move) -> (Option<Move>, u32) {
        let found = Position::first_mate_in_one(self, first);
        (found.mate, found.made)
    }

    #[inline(always)]
    fn legal_moves(&self) -> MoveList {
        Position::legal_moves(self)
    }

    #[inline(always)]
    fn count_legal_moves(&self) -> u64 {
        Position::count_legal_moves(self)
    }

    #[inline(always)]
    fn has_legal_move(&self) -> bool {
        Position::has_legal_move(self)
    }

    #[inline(always)]
    fn is_legal(&self, m: Move) -> bool {
        Position::is_legal(self, m)
    }

    #[inline(always)]
    fn is_dead_position(&self) -> bool {
        Position::is_dead_position(self)
    }

    #[inline]
    fn has_man_besides_king(&self, color: Color) -> bool {
        (self.by_color(color) - self.pieces(color, Role::King)).any()
    }

    #[inline(always)]
    fn checking_moves(&self) -> MoveList {
        Position::checking_moves(self)
    }
}
