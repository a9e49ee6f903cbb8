//! The intelligent mode of help mates and help stalemates (Popeye's `Intelligent`): the
//! final positions first, then the lines to them. For each length, [`targets`] enumerates
//! sets of men placed where they stand at a mate the moves can reach (the mated king, a
//! checker, a reason for each square around the king), and [`stalemate`] draws stalemates man
//! by man on a [`sketch`] of the final position, so that every final position agrees with
//! one of them; [`verify`] then searches each target's lines with the moves its placed men
//! and blocks (and the captures of the men it wants taken) still need as a bound
//! ([`progress`], over the men numbered in [`men`], the blocks in [`blocks`]), which in long
//! play with few men leaves little to search. A line reaching the goal through several
//! targets is found once; each length's lines are then put in the order the plain search
//! ([`super::search_lines`]) delivers them and handed on, so the output does not depend on the
//! mode. The lines of one length are held until it is done (a line reached through several
//! targets is found several times, in no order).
//!
//! `ser-h#` is a help mate whose mating side makes one move and the series side all the
//! others, in a row: the same targets serve (the argument is about the final position and
//! each side's count of moves only), searched by the series rules ([`verify`]).
//!
//! It answers for orthodox help mates and stalemates, and `ser-h#` with few men on the mating
//! side, without castling rights and `NullMoves`; other play goes to the plain search, and so
//! do the lengths where the targets would cost more than they save. `MaxSolutions` counts
//! the lines as they are handed on, in order: the length in which it is reached is solved
//! whole, and none after it.

mod blocks;
mod men;
mod progress;
mod sketch;
mod stalemate;
mod targets;
mod verify;

use super::hints::Hints;
use super::plan::{default_table_mb, End, HelpOptions, Outcome, Plan};
use super::search::search_delivering;
use super::sink::{ranks, Delivery, LineOrder, LineSink};
use super::table::DeadEnds;
use crate::board::{Move, Position};
use crate::kernel::SearchControl;
use crate::problem::Goal;
use crate::rules::Rules;
use men::Men;
use progress::Aims;
use stalemate::stalemate_targets;
use std::collections::HashSet;
use std::hash::{DefaultHasher, Hash, Hasher};
use targets::{mate_targets, Budget};
use verify::{fits_at_start, Verifier};

/// The most targets of a length of `plies` half-moves the mode searches with `men` on the
/// board (with more the plain search answers that length): the plain search's cost grows with
/// the length, the targets' with their number and, per target, with the men. Measured on the
/// help mates of Popeye's examples (`popeye/real`, each way in the same run):
/// - up to 14 men, in three moves a side over 5,000 targets took longer (intell_045: 0.36 s
///   against 0.19 s), while in four moves and more even 16,000 won (intell_104, h#4, 9,898
///   targets: 0.28 s against 1.75 s; intell_037, h#6, 15,473: 1.31 s against 1.86 s); below,
///   they took from as long to a hundredth as long (intell_004: 18.6 s against 0.2 s);
/// - with 15 men or more, up to seven half-moves a few hundred targets won (intell_028, 340:
///   0.08 s against 1.5 s; intell_014, 634; intell_075, 631; intell_085, 691) and two
///   thousand or more lost (intell_030, 3,959: 0.94 s against 0.09 s; intell_055, 2,936;
///   intell_012, h#3.5, 2,403; intell_031 and 053 with about 1,900 took as long), from eight
///   on 1,616 won (regressions 4.87–4.89 #1, h#5, 19 men: 0.2 s against 1.2 s); in two
///   moves a side the plain search is quick (twin_030, regressions 4.59–4.61 #1 and #2).
fn most_targets(plies: u32, men: usize) -> usize {
    match (men <= 14, plies) {
        (true, ..=6) => 5_000,
        (true, _) => 20_000,
        (false, ..=4) => 0,
        (false, ..=7) => 1_000,
        (false, _) => 20_000,
    }
}

/// The most men of the mating side for which the mode answers `ser-h#`. With few of them the
/// series side's men do most of the mate's work: the targets place one of them on each square
/// next to the king, and the checker's rules ([`targets`]) leave few targets (intell_092,
/// ser-h#9 with 2+9 men: none below eight moves, 127 in all; regressions 4.47–4.49 #14,
/// ser-h#8 with 2+8), while with many the targets' searches together took longer than the
/// plain search (intell_093, 7+7).
const MOST_SERIES_MATERS: usize = 3;

/// Stalemates are drawn from this many half-moves on, with at most so many targets. Measured
/// on the help stalemates of `popeye/real`: in three moves a side (h=3) the plain search
/// took 0.01–0.3 s, the drawings alone 0.4–1.7 s (hpint_008, 012, 013, 044); from four on
/// the targets won everywhere (hpint_033: 3.5 s against 1.5 s; hpint_025, h=8: 18.4 s
/// against 1.5 s), with up to 9,600 targets in a length (hpint_031).
const FEWEST_STALEMATE_PLIES: u32 = 8;
const MOST_STALEMATE_TARGETS: usize = 50_000;

/// The dead-end table's size at most, when none is asked: each target's search is small.
const TABLE_MB: usize = 32;

/// Every line of `plan` from `pos` found by way of the final positions, handed to `sink` in
/// `order` (with none, the plain search's own); `None` where the mode does not answer (see
/// the module's text), before any line is handed on.
pub(super) fn lines_into(
    pos: &Position,
    plan: &Plan,
    limits: &HelpOptions,
    control: &SearchControl,
    sink: &mut dyn LineSink<Position>,
    order: Option<&dyn LineOrder<Position>>,
) -> Option<Outcome> {
    let answers = matches!(plan.goal, Goal::Mate | Goal::Stalemate)
        && (!plan.series || series_answered(pos, plan))
        && !plan.null_moves
        && pos.castling().is_empty()
        && pos.occupied().count() as usize <= men::MAX_MEN;
    if !answers {
        return None;
    }
    let men = Men::of(pos);
    let mut dead = DeadEnds::with_megabytes(
        limits
            .table_mb
            .unwrap_or_else(|| default_table_mb(plan.longest()).min(TABLE_MB)),
    );
    let mut out = Delivery::new(pos, limits, sink, order);
    let mut nodes = 0;
    let mut halted = false;
    let mut stopped_on_short = false;
    for &plies in &plan.lengths {
        let before = out.delivered();
        match length_by_targets(pos, &men, plan, plies, &mut dead, control) {
            Some((mut lines, length_nodes, complete)) => {
                nodes += length_nodes;
                halted = !complete;
                if let Some(order) = order {
                    // Stable: lines the order ranks alike keep the plain search's order.
                    lines.sort_by_cached_key(|line| ranks(order, pos, line));
                }
                for line in &lines {
                    if out.found(line).is_break() {
                        break;
                    }
                }
                halted |= out.flush().is_break() && !out.max_reached();
            }
            None => {
                // The plain search answers this length, into the same delivery.
                let one = Plan {
                    lengths: vec![plies],
                    ..plan.clone()
                };
                let plain = search_delivering(pos, &one, limits, control, &mut out);
                nodes += plain.nodes;
                halted = !plain.complete;
            }
        }
        if halted || out.is_done() {
            break;
        }
        if limits.stop_on_short && plies < plan.longest() && out.delivered() > before {
            stopped_on_short = true;
            break;
        }
    }
    let _ = out.flush();
    let max_reached = out.max_reached();
    Some(Outcome {
        lines: out.delivered(),
        complete: !halted || max_reached,
        max_lines_reached: max_reached,
        stopped_on_short,
        nodes,
    })
}

/// True where the mode answers series play: `ser-h#` with the mating side's men few (see
/// [`MOST_SERIES_MATERS`]).
fn series_answered(pos: &Position, plan: &Plan) -> bool {
    plan.end == End::HelpReply
        && plan.goal == Goal::Mate
        && (pos.by_color(!pos.turn()).count() as usize) <= MOST_SERIES_MATERS
}

/// The lines of exactly `plies` half-moves (in series play: series moves) found through the
/// targets, in the plain search's order, the nodes searched and whether the search went to
/// its end; `None` where the length has too many targets.
fn length_by_targets(
    pos: &Position,
    men: &Men,
    plan: &Plan,
    plies: u32,
    dead: &mut DeadEnds,
    control: &SearchControl,
) -> Option<(Vec<Vec<Move>>, u64, bool)> {
    let (goal, series) = (plan.goal, plan.series);
    let mover = pos.turn();
    let budget = if series {
        // `ser-h#`: the series side makes `plies` moves, then the other side mates.
        if plies == 0 {
            return None;
        }
        Budget {
            mater: !mover,
            mater_moves: 1,
            mated_moves: plies,
        }
    } else {
        Budget {
            mater: if plies % 2 == 1 { mover } else { !mover },
            mater_moves: plies.div_ceil(2),
            mated_moves: plies / 2,
        }
    };
    let targets = if goal == Goal::Mate {
        let most = most_targets(plies, men.all().count());
        mate_targets(men, budget, most)
    } else if plies >= FEWEST_STALEMATE_PLIES {
        stalemate_targets(men, budget, MOST_STALEMATE_TARGETS)
    } else {
        None
    }?;
    let mut found = HashSet::new();
    // The first target's aims replace these (aims without places or blocks are always met).
    let (aims, _) = Aims::new(men, &[], &[], !budget.mater, 0)?;
    let mut verifier = Verifier {
        goal,
        aims,
        dead,
        control,
        lines: &mut found,
        salt: 0,
        nodes: 0,
        halted: false,
        path: Vec::new(),
        children: Vec::new(),
    };
    for target in targets {
        let Some((aims, placed)) = Aims::new(
            men,
            &target.places,
            &target.blocks,
            !budget.mater,
            target.doomed,
        ) else {
            continue;
        };
        let moves = (budget.moves_of(mover), budget.moves_of(!mover));
        if !fits_at_start(&aims, &placed, mover, moves) {
            continue;
        }
        verifier.aims = aims;
        verifier.salt = salt(&target);
        if series {
            verifier.series(pos, &placed, plies);
        } else {
            verifier.help(pos, &placed, plies);
        }
        if verifier.halted {
            break;
        }
    }
    let (nodes, complete) = (verifier.nodes, !verifier.halted);
    let mut lines: Vec<Vec<Move>> = found.into_iter().collect();
    lines.sort_by_cached_key(|line| plain_order(pos, goal, line));
    Some((lines, nodes, complete))
}

/// A target's own key, mixed into the table's keys.
fn salt(target: &targets::Target) -> u64 {
    let mut hasher = DefaultHasher::new();
    target.hash(&mut hasher);
    hasher.finish() | 1
}

/// Where the plain search meets `line`: per move, its place among the moves that search
/// tries there (the candidates of the goal for the last move, every legal move before —
/// the mate's preparations keep their order; a series' passes have no place of their own).
fn plain_order(pos: &Position, goal: Goal, line: &[Move]) -> Vec<usize> {
    let mut pos = *pos;
    let mut order = Vec::with_capacity(line.len());
    for (i, &m) in line.iter().enumerate() {
        if m.is_null() {
            pos = pos.pass();
            continue;
        }
        let moves = match (i + 1 == line.len(), goal) {
            (true, Goal::Mate) => pos.mate_candidates(),
            (true, _) => pos
                .stalemate_candidates()
                .unwrap_or_else(|| pos.legal_moves()),
            (false, _) => pos.legal_moves(),
        };
        order.push(moves.iter().position(|&x| x == m).unwrap_or(usize::MAX));
        pos = pos.after(m);
    }
    order
}
