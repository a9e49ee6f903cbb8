//! Is a position a legal, sound directmate in `n`? The thesis' `LegalChessPosition`,
//! composition rules and `LegalTwoMoveMateProblem` (digest §1.4–1.5): legal by the rules of
//! chess, no mate in fewer than `n`, exactly one key.
//!
//! The mate questions go to the solver's [`Prover`] (shared transposition table, killer
//! ordering); this module only asks them in the cheapest order for the improver, which tests
//! millions of positions: legality first, then the short mate, then each first move until a
//! second key proves a cook. It never builds a solution tree.

use crate::board::{Color, Move, Position, PositionError, Role, Setup, Validation};
use crate::solver::Prover;

/// Why a position is not a sound problem (the thesis' "severe deficiency", q = 0).
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum Unsound {
    #[error("illegal position: {0}")]
    Illegal(#[from] PositionError),
    #[error("White is to move and mates in {0}, fewer moves than stipulated")]
    ShortMate(u32),
    #[error("no key: White cannot force mate in {0}")]
    NoSolution(u32),
    #[error("cooked: more than one key")]
    Cooked,
    #[error("the search was stopped before soundness was decided")]
    Stopped,
}

/// The composition rules of the thesis' model (L581): at most one queen, two rooks, two
/// bishops, two knights and eight pawns a side, and a side's bishops on different colours.
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum CompositionRule {
    #[error("{0} has too many pieces of one kind ({1:?})")]
    TooMany(Color, Role),
    #[error("{0} has two bishops on squares of one colour")]
    SameColouredBishops(Color),
}

/// The most pieces of a role one side may have under the composition rules.
pub const fn composition_limit(role: Role) -> u32 {
    match role {
        Role::Pawn => 8,
        Role::Knight | Role::Bishop | Role::Rook => 2,
        Role::Queen | Role::King => 1,
    }
}

/// Builds the position of a setup with White to move if it is legal by the rules of chess:
/// the lenient checks a problem needs, plus the strict ones (impossible checks, material a
/// game can reach) when White starts in check.
pub fn legal_position(setup: &Setup) -> Result<Position, Unsound> {
    let pos = setup.into_position(Validation::Lenient)?;
    if pos.is_check() {
        setup.into_position(Validation::Strict)?;
    }
    Ok(pos)
}

/// Answers "is this a sound directmate?" for many positions in a row, remembering for each
/// White first move (by its squares) the Black reply that last refuted it: in the improver's
/// stream of nearly identical positions that reply usually refutes it again, for the price of
/// one mate question instead of a search through Black's moves.
pub struct SoundnessTest<'a> {
    pub prover: Prover<'a>,
    refutations: Vec<Move>,
}

impl<'a> SoundnessTest<'a> {
    pub fn new(prover: Prover<'a>) -> SoundnessTest<'a> {
        SoundnessTest {
            prover,
            refutations: vec![Move::NULL; 64 * 64],
        }
    }

    /// The unique key if `pos` (White to move) is a sound directmate in `n`.
    ///
    /// ```
    /// use mateproof::board::{Position, Validation};
    /// use mateproof::composer::soundness::{SoundnessTest, Unsound};
    /// use mateproof::kernel::SearchControl;
    /// use mateproof::solver::{Prover, TranspositionTable};
    /// let (tt, control) = (TranspositionTable::new(1), SearchControl::unlimited());
    /// let mut test = SoundnessTest::new(Prover::new(&tt, &control));
    /// let d1 = Position::from_fen("b2K4/2p5/3k4/1Q6/5P2/1B6/8/8 w - - 0 1", Validation::Lenient).unwrap();
    /// assert_eq!(test.sound_key(&d1, 2).unwrap().to_string(), "b5c4");
    /// assert_eq!(test.sound_key(&d1, 3), Err(Unsound::ShortMate(2)));
    /// ```
    pub fn sound_key(&mut self, pos: &Position, n: u32) -> Result<Move, Unsound> {
        if n == 0 {
            return Err(Unsound::NoSolution(0));
        }
        let prover = &mut self.prover;
        let short = if n == 2 {
            // The common case of the improver: one generation of checking moves.
            prover.mate_in_one(pos).map(|_| 1)
        } else {
            prover.shortest_win(pos, n - 1)
        };
        if let Some(length) = short {
            return Err(Unsound::ShortMate(length));
        }
        let mut key = None;
        for &m in pos.legal_moves().iter() {
            let child = pos.after(m);
            let slot = m.from().index() * 64 + m.to().index();
            let known = self.refutations.get(slot).copied().unwrap_or(Move::NULL);
            if !known.is_null()
                && child.is_legal(known)
                && !prover.attacker_wins(&child.after(known), n - 1)
            {
                continue;
            }
            if prover.defender_loses(&child, n - 1) {
                if key.is_some() {
                    return Err(Unsound::Cooked);
                }
                key = Some(m);
            } else if let Some(entry) = self.refutations.get_mut(slot) {
                *entry = prover.table().probe(child.key()).best;
            }
            if prover.aborted() {
                return Err(Unsound::Stopped);
            }
        }
        if prover.aborted() {
            return Err(Unsound::Stopped);
        }
        key.ok_or(Unsound::NoSolution(n))
    }
}
