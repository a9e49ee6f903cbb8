//! The mate-in-one test's candidates: the checking moves that [`Flights::may_mate`] keeps,
//! found without generating the checks it would throw away.
//!
//! Most mate-in-one tests of a solve fail, and most of their checks leave the king a flight.
//! The flight rule is turned around here, per role: an open flight stays open unless the moving
//! piece covers it from its new square (or lands on it), or the move unmasks one of our
//! sliders onto it. Flights that some move might unmask (one of our men alone between the
//! flight and our slider) are set aside; every other open flight must be covered from the
//! destination. That gives each role a mask of destinations, seen with every man of that role
//! off the board (the moving one leaves its square), and a man none of whose checks lands in
//! its mask is not generated at all; with no man left, nothing is generated. What the
//! generator produces is then filtered move by move as before, so the list is exactly the
//! checks that `may_mate` keeps, in generation order.

use super::attacks::{attacks, between, bishop_attacks, king_attacks, rook_attacks};
use super::checks::CheckInfo;
use super::movegen::from_delta;
use super::{Bitboard, Color, Flights, Move, MoveKind, MoveList, MoveSink, Position, Role, Square};

impl Position {
    /// The legal checking moves that may mate: [`Position::checking_moves`] less those that
    /// [`Flights::may_mate`] rules out, in the same order.
    ///
    /// ```
    /// use mateproof::board::{Position, Validation};
    /// // Black Kg8 with f8 and h8 open: Bb1-a2 checks but covers neither, Ra1-a8 both.
    /// let pos = Position::from_fen("6k1/8/6K1/8/8/8/8/RB6 w - - 0 1", Validation::Strict).unwrap();
    /// let checks: Vec<String> = pos.checking_moves().iter().map(|m| m.to_string()).collect();
    /// let candidates: Vec<String> = pos.mate_candidates().iter().map(|m| m.to_string()).collect();
    /// assert_eq!(checks, ["b1a2", "a1a8"]);
    /// assert_eq!(candidates, ["a1a8"]);
    /// ```
    pub fn mate_candidates(&self) -> MoveList {
        let mut list = MoveList::new();
        let ground = self.mate_ground();
        if ground.from_mask.any() {
            self.generate_candidates(ground, &mut list);
        }
        list
    }

    /// What the candidates are generated from: the open flights, the check information, the
    /// per-role destination masks and the men that may mate.
    #[inline]
    fn mate_ground(&self) -> MateGround {
        let Some(flights) = self.open_flights() else {
            // A side without a king cannot be mated: no man may mate it.
            return MateGround {
                flights: Flights::new(self),
                info: CheckInfo::new(self),
                cover: [Bitboard::EMPTY; 6],
                from_mask: Bitboard::EMPTY,
            };
        };
        let info = CheckInfo::new(self);
        let cover = self.covering_destinations(&flights, &info);
        let from_mask = self.possible_maters(&info, &cover);
        MateGround {
            flights,
            info,
            cover,
            from_mask,
        }
    }

    /// The candidates, in generation order, into `inner`.
    #[inline]
    fn generate_candidates<S: MoveSink>(&self, ground: MateGround, inner: &mut S) {
        let mut sink = MayMate {
            pos: self,
            flights: ground.flights,
            cover: ground.cover,
            inner,
        };
        self.generate_checks_among(ground.info, ground.from_mask, &mut sink);
    }

    /// A mate in one of the side to move, if any: `first` when it mates, else the first
    /// mating move among [`Position::mate_candidates`] in their order; and how many moves were
    /// made to find it. The same answer as trying `first` when it is a candidate and then the
    /// candidates in turn, without building the list: most calls of a solve end with no man
    /// that may mate, and the rest stop generating at the mate.
    ///
    /// `first` is tried whenever it is a legal check `may_mate` keeps from a possible mater:
    /// every mating move is a candidate, so a mating `first` passes those tests.
    pub fn first_mate_in_one(&self, first: Move) -> FirstMate {
        let ground = self.mate_ground();
        let mut found = FirstMate {
            mate: None,
            made: 0,
        };
        if ground.from_mask.is_empty() {
            return found;
        }
        if !first.is_null()
            && ground.from_mask.contains(first.from())
            && self.is_legal(first)
            && ground.info.gives_check(self, first)
            && ground.flights.may_mate(self, first)
        {
            found.made += 1;
            if !self.after(first).has_legal_move() {
                found.mate = Some(first);
                return found;
            }
        }
        let mut trier = MateTrier {
            pos: self,
            skip: first,
            found,
        };
        self.generate_candidates(ground, &mut trier);
        trier.found
    }

    /// Every mate in one of the side to move, in generation order (the
    /// [`Position::mate_candidates`] that mate), and how many moves were made to find them: a
    /// check whose man the king takes is not made, as in [`Position::first_mate_in_one`].
    pub fn mates_in_one(&self) -> (MoveList, u32) {
        let ground = self.mate_ground();
        let mut collector = MateCollector {
            pos: self,
            mates: MoveList::new(),
            made: 0,
        };
        if ground.from_mask.any() {
            self.generate_candidates(ground, &mut collector);
        }
        (collector.mates, collector.made)
    }

    /// [`Flights::new`] the other way round: what each of our men covers, taken together, instead
    /// of the attackers of each square next to the king (one attack lookup a man instead of
    /// five a square; most mate-in-one tests fail, and this is where they start). `None` when
    /// the defender has no king.
    pub(crate) fn open_flights(&self) -> Option<Flights> {
        let us = self.turn();
        let king = self.king(!us)?;
        let occupied = self.occupied().without(king);
        let mut covered = Bitboard::EMPTY;
        for role in Role::ALL {
            for from in self.pieces(us, role) {
                covered |= attacks(us, role, from, occupied);
            }
        }
        let next_to_king = king_attacks(king) - self.by_color(!us);
        Some(Flights::from_parts(next_to_king - covered, occupied))
    }

    /// Per role: the destinations from which a man of that role covers every open flight that
    /// no move can unmask (a flight it lands on counts as covered, as in `may_mate`), among
    /// the squares it checks from unless a man of that role may uncover a check (the king
    /// only then). The masks are narrowed flight by flight and given up on once empty.
    fn covering_destinations(&self, flights: &Flights, info: &CheckInfo) -> [Bitboard; 6] {
        let us = self.turn();
        let required = flights.open() - self.unmaskable(flights);
        let mut cover = [Bitboard::EMPTY; 6];
        for role in Role::ALL {
            let ours = self.pieces(us, role);
            // A promotion's new man is filtered move by move, never by its role's mask.
            if ours.is_empty() {
                continue;
            }
            let mut mask = if (ours & info.discoverers()).any() {
                Bitboard::FULL
            } else {
                info.check_squares(role)
            };
            if mask.is_empty() {
                continue;
            }
            // A slider sees further once it leaves its square: seen with every man of its
            // role off the board, the mask can only grow.
            let occupied = flights.occupied() - ours;
            for flight in required {
                // The squares from which our man attacks the flight are the flight's own
                // attacks as seen by the other colour.
                mask &= attacks(!us, role, flight, occupied).with(flight);
                if mask.is_empty() {
                    break;
                }
            }
            cover[role.index()] = mask;
        }
        cover
    }

    /// The open flights some move might unmask one of our sliders onto: on a line with it,
    /// with one man between them, and that man ours.
    fn unmaskable(&self, flights: &Flights) -> Bitboard {
        let us = self.by_color(self.turn());
        let rooks = self.rooks_queens() & us;
        let bishops = self.bishops_queens() & us;
        let occupied = flights.occupied();
        let mut found = Bitboard::EMPTY;
        for flight in flights.open() {
            let aimed = (rook_attacks(flight, Bitboard::EMPTY) & rooks)
                | (bishop_attacks(flight, Bitboard::EMPTY) & bishops);
            let unmasked = aimed.into_iter().any(|slider| {
                let gap = between(flight, slider) & occupied;
                gap.single().is_some_and(|man| us.contains(man))
            });
            if unmasked {
                found = found.with(flight);
            }
        }
        found
    }

    /// Our men that may make a checking move kept by `cover`: a man with a direct check into
    /// its role's mask, a discovering man with any move into it, the king only as the check
    /// generator takes it, and pawns wholly (promotions and e.p. are filtered move by move).
    fn possible_maters(&self, info: &CheckInfo, cover: &[Bitboard; 6]) -> Bitboard {
        let us = self.turn();
        let occupied = self.occupied();
        let mut from_mask = Bitboard::EMPTY;
        for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
            let mask = cover[role.index()];
            if mask.is_empty() {
                continue;
            }
            let direct = info.check_squares(role) & mask;
            for from in self.pieces(us, role) {
                let reach = attacks(us, role, from, occupied);
                let discovers = info.discoverers().contains(from);
                if (reach & direct).any() || (discovers && (reach & mask).any()) {
                    from_mask = from_mask.with(from);
                }
            }
        }
        let pawns = self.pieces(us, Role::Pawn);
        if cover[Role::Pawn.index()].any() || self.ep_square().is_some() {
            from_mask |= pawns;
        } else {
            from_mask |= pawns & Bitboard::rank(if us == Color::White { 6 } else { 1 });
        }
        if let Some(king) = self.king(us) {
            let discovers = info.discoverers().contains(king) && cover[Role::King.index()].any();
            if discovers || self.castling().has_any(us) {
                from_mask = from_mask.with(king);
            }
        }
        from_mask
    }
}

/// [`Position::mate_ground`]'s findings.
struct MateGround {
    flights: Flights,
    info: CheckInfo,
    cover: [Bitboard; 6],
    from_mask: Bitboard,
}

/// Passes on the checks of the generator that may mate: their destination in the mask of the
/// moving role, and kept by [`Flights::may_mate`].
struct MayMate<'a, S> {
    pos: &'a Position,
    flights: Flights,
    cover: [Bitboard; 6],
    inner: &'a mut S,
}

impl<S: MoveSink> MayMate<'_, S> {
    #[inline]
    fn keep(&mut self, m: Move) {
        if self.flights.may_mate(self.pos, m) {
            self.inner.push(m);
        }
    }
}

impl<S: MoveSink> MoveSink for MayMate<'_, S> {
    #[inline]
    fn push(&mut self, m: Move) {
        self.keep(m);
    }

    #[inline]
    fn push_targets(&mut self, from: Square, targets: Bitboard) {
        let Some(role) = self.pos.role_at(from) else {
            return;
        };
        for to in targets & self.cover[role.index()] {
            self.keep(Move::normal(from, to));
        }
    }

    #[inline]
    fn push_pawn_targets(&mut self, targets: Bitboard, delta: i8) {
        for to in targets & self.cover[Role::Pawn.index()] {
            self.keep(Move::normal(from_delta(to, delta), to));
        }
    }

    #[inline]
    fn is_satisfied(&self) -> bool {
        self.inner.is_satisfied()
    }
}

/// What [`Position::first_mate_in_one`] found, and how many moves it made for it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FirstMate {
    pub mate: Option<Move>,
    pub made: u32,
}

/// True when the defending king may take the man that made the check `m` (next to it,
/// guarded by none of our other men once the king has left its square): such a check does
/// not mate, and the mate-in-one tests do not make it.
#[inline]
fn king_takes(pos: &Position, m: Move) -> bool {
    let us = pos.turn();
    let Some(king) = pos.king(!us) else {
        return false;
    };
    let (from, to) = (m.from(), m.to());
    if m.kind() == MoveKind::EnPassant
        || m.kind() == MoveKind::Castle
        || !king_attacks(king).contains(to)
    {
        return false;
    }
    let occupied = pos.occupied().without(from).without(king).with(to);
    pos.attackers_to(to, us, occupied).without(from).is_empty()
}

/// Makes each check it is given but `skip` (and those [`king_takes`]) until one mates.
struct MateTrier<'a> {
    pos: &'a Position,
    skip: Move,
    found: FirstMate,
}

impl MoveSink for MateTrier<'_> {
    #[inline]
    fn push(&mut self, m: Move) {
        if self.found.mate.is_some() || m == self.skip || king_takes(self.pos, m) {
            return;
        }
        self.found.made += 1;
        if !self.pos.after(m).has_legal_move() {
            self.found.mate = Some(m);
        }
    }

    #[inline]
    fn is_satisfied(&self) -> bool {
        self.found.mate.is_some()
    }
}

/// Makes each check it is given but those [`king_takes`], keeping the mates.
struct MateCollector<'a> {
    pos: &'a Position,
    mates: MoveList,
    made: u32,
}

impl MoveSink for MateCollector<'_> {
    #[inline]
    fn push(&mut self, m: Move) {
        if king_takes(self.pos, m) {
            return;
        }
        self.made += 1;
        if !self.pos.after(m).has_legal_move() {
            self.mates.push(m);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::board::{Flights, Move, Position, Validation};

    /// The candidates against their definition: the checking moves `may_mate` keeps, in
    /// generation order; and every mating move among them. The flights found in bulk are
    /// [`Flights::new`]'s.
    fn assert_matches_definition(pos: &Position) {
        let flights = Flights::new(pos);
        if let Some(bulk) = pos.open_flights() {
            assert_eq!(bulk.open(), flights.open(), "{pos:?}");
            assert_eq!(bulk.occupied(), flights.occupied(), "{pos:?}");
        }
        let expected: Vec<_> = pos
            .checking_moves()
            .iter()
            .copied()
            .filter(|&m| flights.may_mate(pos, m))
            .collect();
        let candidates: Vec<_> = pos.mate_candidates().iter().copied().collect();
        assert_eq!(candidates, expected, "{pos:?}");
        for &m in pos.legal_moves().iter() {
            let after = pos.after(m);
            if after.is_check() && !after.has_legal_move() {
                assert!(candidates.contains(&m), "{pos:?}: mate {m} missing");
            }
        }
    }

    /// `first_mate_in_one` against its definition: `first` when it mates, else the first
    /// mating candidate in order, with `first` the null move, the first mate and a move that
    /// does not mate; and `mates_in_one`: every mating candidate, in order, found by making
    /// at most the candidates.
    fn assert_first_mate_matches_definition(pos: &Position) {
        let candidates = pos.mate_candidates();
        let mates: Vec<Move> = candidates
            .iter()
            .copied()
            .filter(|&m| !pos.after(m).has_legal_move())
            .collect();
        let (all, made) = pos.mates_in_one();
        assert_eq!(all.as_slice(), &mates[..], "{pos:?}");
        assert!(made as usize <= candidates.len(), "{pos:?}");
        let legal = pos.legal_moves();
        let mut firsts = vec![Move::default()];
        firsts.extend(mates.first().copied());
        firsts.extend(mates.last().copied());
        firsts.extend(legal.iter().copied().find(|m| !mates.contains(m)));
        for first in firsts {
            let expected = if mates.contains(&first) {
                Some(first)
            } else {
                mates.first().copied()
            };
            let found = pos.first_mate_in_one(first);
            assert_eq!(found.mate, expected, "{pos:?} first {first}");
        }
    }

    fn position(fen: &str) -> Position {
        Position::from_fen(fen, Validation::Lenient).expect("legal position")
    }

    #[test]
    fn unmasking_and_promotions_and_en_passant() {
        for fen in [
            // Rook h1 behind Bh5: any bishop move unmasks h7 and h8 for the rook.
            "6k1/8/6K1/7B/8/8/8/7R w - - 0 1",
            // A promotion mates on the back rank; e.p. uncovers a rank.
            "k7/2P5/1K6/8/8/8/8/8 w - - 0 1",
            "8/8/8/R2pP2k/8/8/8/4K3 w - d6 0 1",
            // A queen checking from afar, the king with flights all round.
            "8/8/8/4k3/8/8/Q7/4K3 w - - 0 1",
            // Knight discovers the rook; pinned men; castling checks.
            "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1",
            "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
        ] {
            assert_matches_definition(&position(fen));
            assert_first_mate_matches_definition(&position(fen));
        }
    }

    /// Checks whose man the king takes: Qg7 next to Kh8 is guarded by the king (mate), Qg8 is
    /// not (the king takes it); the knight that uncovers Ba1 onto Kh8 is taken on g8 and h7.
    #[test]
    fn the_king_takes_an_unguarded_checker() {
        for fen in [
            "7k/8/5K2/8/8/8/8/6Q1 w - - 0 1",
            "7k/8/5N2/8/8/8/8/B5K1 w - - 0 1",
            "7k/8/5N2/8/8/8/8/B3R1K1 w - - 0 1",
        ] {
            assert_first_mate_matches_definition(&position(fen));
        }
    }

    /// Every position of the perft suite and the first 100 of each directmate suite, every
    /// position after one of their moves and some after two.
    #[test]
    fn candidates_equal_the_filtered_checks_on_the_position_suites() {
        let mut tested = 0;
        for suite in crate::reference::POSITION_SUITES {
            let Some(text) = crate::reference::shared_text(suite) else {
                return;
            };
            for line in text.lines().take(100) {
                let fen: Vec<&str> = line
                    .split(';')
                    .next()
                    .unwrap_or("")
                    .split_whitespace()
                    .collect();
                let Ok(pos) =
                    Position::from_fen(&fen[..fen.len().min(4)].join(" "), Validation::Lenient)
                else {
                    continue;
                };
                assert_matches_definition(&pos);
                assert_first_mate_matches_definition(&pos);
                for &m in pos.legal_moves().iter() {
                    let child = pos.after(m);
                    assert_matches_definition(&child);
                    for &r in child.legal_moves().iter().take(8) {
                        let grandchild = child.after(r);
                        assert_matches_definition(&grandchild);
                        assert_first_mate_matches_definition(&grandchild);
                    }
                }
                tested += 1;
            }
        }
        assert!(tested > 500, "{tested} positions");
    }
}
