//! The six verdicts of `mateproof classify` for the side to move x within N plies, each with
//! its witness: help win, help loss, help draw, hang, forced win (with every key) and forced
//! loss — six [`LineSearch`] questions, each over its own table.
//!
//! Two implications of the digest's §1.17 save searches: a forced win is a help win (so the
//! forced search starts at the help win's length and is skipped without one), and a forced loss
//! is a help loss. Hang needs no search of its own: "any end" is the union of the three help
//! goals, so no line ends within N exactly when none of the three is reached. The tests check
//! all three against independent searches.

use super::prune::LineRules;
use super::search::Stopped;
use super::{DrawRules, LineEnd, LineQuestion, LineSearch, LineTable};
use crate::board::Color;
use crate::kernel::SearchControl;

/// A cooperative verdict: the fewest plies and one line of that length.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Witnessed<M> {
    pub plies: u32,
    pub line: Vec<M>,
}

/// x mates in `moves` against every defence: every key, and a main line (the key first, the
/// defence that holds out longest).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ForcedWin<M> {
    pub moves: u32,
    pub keys: Vec<M>,
    pub line: Vec<M>,
}

/// x is mated in `moves` whatever x plays: the line where x holds out longest.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ForcedLoss<M> {
    pub moves: u32,
    pub line: Vec<M>,
}

/// What can happen within `plies` plies for x, the side to move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Classification<M> {
    pub plies: u32,
    pub x: Color,
    /// Which draws ended lines besides stalemate and a dead position.
    pub draws: DrawRules,
    /// The line has already ended at the root (then nothing is forced: x has no move).
    pub over: Option<LineEnd>,
    /// Some line of that many plies ends with x mating.
    pub help_win: Option<Witnessed<M>>,
    /// Some line ends with x checkmated.
    pub help_loss: Option<Witnessed<M>>,
    /// Some line ends in stalemate of either side or a dead position (or, under
    /// [`DrawRules::Game`], a recurring position or the 50-move rule).
    pub help_draw: Option<Witnessed<M>>,
    /// No line of at most `plies` plies ends at all (Kulyukin's absolute hang).
    pub hang: bool,
    pub forced_win: Option<ForcedWin<M>>,
    pub forced_loss: Option<ForcedLoss<M>>,
    /// Positions searched, all questions together.
    pub nodes: u64,
}

/// Classifies `pos` within `plies` plies under problem rules; each question gets a table of
/// `table_mb` megabytes (one at a time). `Err(Stopped)` when `control` stopped it first.
pub fn classify<R: LineRules>(
    pos: &R,
    plies: u32,
    table_mb: usize,
    control: &SearchControl,
) -> Result<Classification<R::Move>, Stopped> {
    classify_under(DrawRules::Problem, pos, plies, table_mb, control)
}

/// [`classify`] with the draws of `draws` ending lines.
pub fn classify_under<R: LineRules>(
    draws: DrawRules,
    pos: &R,
    plies: u32,
    table_mb: usize,
    control: &SearchControl,
) -> Result<Classification<R::Move>, Stopped> {
    let x = pos.turn();
    let mut asker = Asker {
        pos,
        plies,
        draws,
        table_mb,
        control,
        nodes: 0,
    };
    let help_win = asker.cooperative(LineQuestion::help_win(x))?;
    let help_loss = asker.cooperative(LineQuestion::help_mate(x))?;
    let help_draw = asker.cooperative(LineQuestion::help_draw(x))?;
    let hang = help_win.is_none() && help_loss.is_none() && help_draw.is_none();
    let over = LineEnd::under(draws, pos, &[]);
    let forced_win = match &help_win {
        Some(help) if over.is_none() => asker.forced_win(help.plies)?,
        _ => None,
    };
    let forced_loss = match &help_loss {
        Some(help) if over.is_none() => asker.forced_loss(help.plies)?,
        _ => None,
    };
    Ok(Classification {
        plies,
        x,
        draws,
        over,
        help_win,
        help_loss,
        help_draw,
        hang,
        forced_win,
        forced_loss,
        nodes: asker.nodes,
    })
}

/// Asks questions of one position within one bound, a fresh table each.
struct Asker<'a, R: LineRules> {
    pos: &'a R,
    plies: u32,
    draws: DrawRules,
    table_mb: usize,
    control: &'a SearchControl,
    nodes: u64,
}

impl<R: LineRules> Asker<'_, R> {
    /// Runs `ask` on a search for `question`, counting its nodes.
    fn with_search<T>(
        &mut self,
        question: LineQuestion,
        ask: impl FnOnce(&mut LineSearch<'_, R>) -> Result<T, Stopped>,
    ) -> Result<T, Stopped> {
        let mut table = LineTable::for_question(self.table_mb, question.under(self.draws));
        let mut search = LineSearch::new(&mut table, self.control);
        let answer = ask(&mut search);
        self.nodes += search.nodes();
        answer
    }

    /// The shortest line reaching `question`'s goal within the bound, with the line.
    fn cooperative(
        &mut self,
        question: LineQuestion,
    ) -> Result<Option<Witnessed<R::Move>>, Stopped> {
        let (pos, max) = (self.pos, self.plies);
        self.with_search(question, |search| match search.shortest(pos, max)? {
            Some(plies) => Ok(Some(Witnessed {
                plies,
                line: search.witness(pos, plies)?,
            })),
            None => Ok(None),
        })
    }

    /// The shortest forced win, looked for from `from` plies (the help win's length) on.
    fn forced_win(&mut self, from: u32) -> Result<Option<ForcedWin<R::Move>>, Stopped> {
        let question = LineQuestion::direct_mate(self.pos.turn());
        self.forced(question, from, |search, pos, plies| {
            Ok(ForcedWin {
                moves: plies.div_ceil(2),
                keys: search.successful_moves(pos, plies)?,
                line: search.witness(pos, plies)?,
            })
        })
    }

    /// The shortest forced loss, looked for from `from` plies (the help loss's length) on.
    fn forced_loss(&mut self, from: u32) -> Result<Option<ForcedLoss<R::Move>>, Stopped> {
        let question = LineQuestion::forced_loss(self.pos.turn());
        self.forced(question, from, |search, pos, plies| {
            Ok(ForcedLoss {
                moves: plies / 2,
                line: search.witness(pos, plies)?,
            })
        })
    }

    /// The fewest plies from `from` on, in steps of two (a forced line keeps the help line's
    /// parity), within which `question` holds, described by `found`.
    fn forced<T>(
        &mut self,
        question: LineQuestion,
        from: u32,
        found: impl FnOnce(&mut LineSearch<'_, R>, &R, u32) -> Result<T, Stopped>,
    ) -> Result<Option<T>, Stopped> {
        let (pos, max) = (self.pos, self.plies);
        self.with_search(question, |search| {
            for plies in (from..=max).step_by(2) {
                if search.holds(pos, plies)? {
                    return found(search, pos, plies).map(Some);
                }
            }
            Ok(None)
        })
    }
}
