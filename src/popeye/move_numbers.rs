//! The first moves Popeye numbers for `MoveNumbers`, `StartMoveNumber` and `UpToMoveNumber`:
//! every *pseudo-legal* White move (Popeye numbers a move before it tests its legality, so
//! `Ke1-f2 +` next to the Black king is counted), in Popeye's sibling order, each with the
//! check mark Popeye prints in its `(Ke1-f2 + )` line.
//!
//! In help and series play ([`numbered_help_lines`]) Popeye numbers the first moves of the
//! full length only (the shorter solutions come first, unnumbered), each number followed by
//! the solutions beginning with that move. Under `Intelligent` Popeye prints counts of the
//! positions its intelligent mode builds instead (`64 possible positions in 6+6`): those
//! counts are its own and are not written here, the solutions alone are.
//!
//! `StartMoveNumber k` / `UpToMoveNumber k` switch `MoveNumbers` on and restrict the first
//! moves tried to those numbered k or later / k or earlier ([`Numbering`]). In help and series
//! play Popeye then tries the full length only (no short solutions: the caller solves the
//! play as `exact-`); under `Intelligent` the lines of the first moves in range are printed,
//! without numbers.
//!
//! This module lists and numbers moves; it never decides whether a move solves.

use super::game::PopeyeGame;
use super::line_text::{write_lines, LineStyle};
use super::mate_generator::{castlings, mating_candidates};
use super::order::{sort_siblings, Lister};
use super::reader::PopeyeOptions;
use crate::board::attacks::{bishop_attacks, rook_attacks};
use crate::board::attacks::{king_attacks, knight_attacks, pawn_attacks, queen_attacks};
use crate::board::{Bitboard, Move, MoveKind, Position, Role, Square};
use crate::notation::Language;
use crate::solution::{HelpSolution, Line};
use std::fmt::Write;

/// One numbered first move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NumberedMove {
    /// 1-based, in Popeye's order.
    pub number: u32,
    pub mv: Move,
    /// The move leaves the mover's king attacked: Popeye numbers it but it is no solution.
    pub legal: bool,
    /// The move attacks the opponent's king (printed `+ `), counting king contact.
    pub checks: bool,
}

/// Every pseudo-legal move of the side to move in `pos`, numbered in Popeye's order; with the
/// mate generator's lister (a `#1`'s first moves) only the moves that generator makes
/// ([`mating_candidates`]).
///
/// ```
/// use mateproof::board::{Position, Validation};
/// use mateproof::popeye::move_numbers::numbered_first_moves;
/// use mateproof::popeye::order::Lister;
/// let pos = Position::from_fen("8/8/8/8/8/8/6k1/4K3 w - - 0 1", Validation::Lenient).unwrap();
/// let moves = numbered_first_moves(&pos, Lister::Ordinary);
/// assert_eq!(moves.len(), 5); // Kf2, Kd2, Kd1, Ke2, Kf1 — two of them next to the black king
/// assert_eq!(moves.iter().filter(|m| !m.legal).count(), 2);
/// ```
pub fn numbered_first_moves(pos: &Position, lister: Lister) -> Vec<NumberedMove> {
    let mut moves = match lister {
        Lister::Mating => mating_candidates(pos),
        Lister::Ordinary => pseudo_legal_moves(pos),
    };
    sort_siblings(pos, &mut moves, lister);
    let legal = pos.legal_moves();
    let us = pos.turn();
    moves
        .into_iter()
        .enumerate()
        .map(|(i, mv)| {
            let mut after = *pos;
            after.play(mv);
            let their_king = after.pieces(!us, Role::King).first();
            let checks = their_king.is_some_and(|k| after.is_attacked(k, us, after.occupied()));
            NumberedMove {
                number: i as u32 + 1,
                mv,
                legal: legal.contains(mv),
                checks,
            }
        })
        .collect()
}

/// The numbering of help and series play's first moves through one problem: its count goes
/// on from part to part (Popeye does not count afresh in set play or a duplex half).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Numbering {
    /// First moves numbered so far.
    pub counter: u32,
    /// `StartMoveNumber` (1 without it).
    pub first: u32,
    /// `UpToMoveNumber` (no limit without it).
    pub last: u32,
    /// The `  2  (Kh8-g8 )` lines are printed (not under `Intelligent`).
    pub shown: bool,
}

impl Numbering {
    /// The numbering a problem's options ask for.
    pub fn of(options: &PopeyeOptions) -> Numbering {
        Numbering {
            counter: 0,
            first: options.start_move_number.unwrap_or(1),
            last: options.up_to_move_number.unwrap_or(u32::MAX),
            shown: !options.intelligent,
        }
    }

    /// `StartMoveNumber` or `UpToMoveNumber` is given: only full-length play of the first
    /// moves in range is tried.
    pub fn restricts(options: &PopeyeOptions) -> bool {
        options.start_move_number.is_some() || options.up_to_move_number.is_some()
    }

    /// Drops the lines of `full` moves whose first move is numbered out of range in the part
    /// about to be numbered (the count is not advanced): Popeye does not try those moves.
    pub fn keep_in_range<P: PopeyeGame>(
        &self,
        solution: &mut HelpSolution<P>,
        full: usize,
        set_play: bool,
        style: LineStyle,
    ) {
        let tried: Vec<P::Move> = solution
            .position
            .numbered_first_moves(first_move_lister(full, set_play, style))
            .into_iter()
            .zip(self.counter + 1..)
            .filter(|(_, number)| (self.first..=self.last).contains(number))
            .map(|(numbered, _)| numbered.mv)
            .collect();
        solution.lines.retain(|line| {
            line.moves.len() < full || line.moves.first().is_some_and(|m| tried.contains(m))
        });
    }
}

/// The generator Popeye numbers the first moves of a full-length line with: the mate
/// generator's where that move is the last (`full` = 1: `h#0.5`, `ser-#1`, only the moves
/// that generator makes, in its order) — but not in set play (`SetPlay` of an `h#1`: every
/// pseudo-legal move, in the ordinary order). Popeye 4.104 on random problems.
fn first_move_lister(full: usize, set_play: bool, style: LineStyle) -> Lister {
    if full == 1 && !set_play {
        style.last
    } else {
        Lister::Ordinary
    }
}

/// One part of help or series play under `MoveNumbers`: the lines shorter than `full` moves,
/// then each first move numbered on (by `numbering`) with the lines of `full` moves that begin
/// with it, for the numbers in its range. Where a limit cut the search, the numbering stops
/// at the first move of the last line found.
pub fn numbered_help_lines<P: PopeyeGame>(
    solution: &HelpSolution<P>,
    full: usize,
    set_play: bool,
    style: LineStyle,
    language: Language,
    numbering: &mut Numbering,
) -> String {
    let (short, long): (Vec<_>, Vec<_>) = solution
        .lines
        .iter()
        .cloned()
        .partition(|line| line.moves.len() < full);
    let part = |lines: Vec<Line<P::Move>>| HelpSolution {
        lines,
        ..solution.clone()
    };
    let mut out = write_lines(&part(short), style, language);
    let root = &solution.position;
    let cut = solution.max_solutions_reached || !solution.complete;
    let last_first = long.last().and_then(|line| line.moves.first().copied());
    for numbered in root.numbered_first_moves(first_move_lister(full, set_play, style)) {
        numbering.counter += 1;
        let number = numbering.counter;
        if (numbering.first..=numbering.last).contains(&number) {
            if numbering.shown {
                let check = if numbered.checks { "+ " } else { "" };
                let text = root.move_text(numbered.mv, language);
                let _ = writeln!(out, "{number:>3}  ({text} {check})");
            }
            let lines: Vec<Line<P::Move>> = long
                .iter()
                .filter(|line| line.moves.first() == Some(&numbered.mv))
                .cloned()
                .collect();
            out.push_str(&write_lines(&part(lines), style, language));
        }
        if cut && (last_first == Some(numbered.mv) || last_first.is_none()) {
            break;
        }
    }
    out
}

/// Moves that follow the pieces' rules but may leave the own king attacked, castling as
/// Popeye generates it (a castling into check included, [`castlings`]).
fn pseudo_legal_moves(pos: &Position) -> Vec<Move> {
    let us = pos.turn();
    let ours = pos.by_color(us);
    let theirs = pos.by_color(!us);
    let occupied = pos.occupied();
    let mut moves = Vec::new();
    for from in ours {
        let Some(role) = pos.role_at(from) else {
            continue;
        };
        let targets = match role {
            Role::Pawn => {
                pawn_moves(pos, from, &mut moves);
                continue;
            }
            Role::Knight => knight_attacks(from),
            Role::Bishop => bishop_attacks(from, occupied),
            Role::Rook => rook_attacks(from, occupied),
            Role::Queen => queen_attacks(from, occupied),
            Role::King => king_attacks(from),
        } - ours;
        for to in targets {
            // Never "capture" the king: such a position would already be illegal.
            if theirs.contains(to) && pos.role_at(to) == Some(Role::King) {
                continue;
            }
            moves.push(Move::normal(from, to));
        }
    }
    moves.extend(castlings(pos));
    moves
}

fn pawn_moves(pos: &Position, from: Square, moves: &mut Vec<Move>) {
    let us = pos.turn();
    let theirs = pos.by_color(!us);
    let occupied = pos.occupied();
    let forward = us.forward();
    let last_rank = if forward > 0 { 7 } else { 0 };
    let mut push = |to: Square, kind: MoveKind| {
        if to.rank() == last_rank {
            for role in [Role::Queen, Role::Knight, Role::Rook, Role::Bishop] {
                moves.push(Move::new(from, to, MoveKind::Promotion(role)));
            }
        } else {
            moves.push(Move::new(from, to, kind));
        }
    };
    let captures = pawn_attacks(us, from);
    for to in captures & theirs {
        if pos.role_at(to) != Some(Role::King) {
            push(to, MoveKind::Normal);
        }
    }
    if let Some(ep) = pos.ep_square() {
        if captures.contains(ep) {
            push(ep, MoveKind::EnPassant);
        }
    }
    let Some(one) = from.offset(0, forward) else {
        return;
    };
    if occupied.contains(one) {
        return;
    }
    push(one, MoveKind::Normal);
    let start_rank = if forward > 0 { 1 } else { 6 };
    if from.rank() == start_rank {
        if let Some(two) = one.offset(0, forward) {
            if !(occupied & Bitboard::from_square(two)).any() {
                push(two, MoveKind::Normal);
            }
        }
    }
}
