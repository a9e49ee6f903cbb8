//! Writes a [`Solution`]'s play as Popeye prints it: key and try lines with ` !`/` ?`, threats
//! (` threat:` / ` zugzwang.`), variations and continuations indented by move number, `but`
//! and refutations, set play, post-key play and `MoveNumbers` lines — every list in Popeye's
//! sibling order ([`super::order`]), so the solver's own order does not matter.
//!
//! It walks the play with [`crate::solution::walk`], which replays the moves so they can be
//! named, and gives the walk Popeye's sibling order; it never searches. The stipulation says
//! which of Popeye's generators lists the attacker's last moves (the mate-in-one generator for
//! `#N` only) and which goal a move's mark names (` #`, ` =`; otherwise ` +` for a check). In
//! self and reflex play the defender's moves after the attacker's last one reach the goal;
//! in post-key play a defence without continuation that does not reach it `refutes.`.

use super::game::PopeyeGame;
use super::messages::{message, Message};
use super::order::Lister;
use super::reader::PopeyeOptions;
use crate::notation::Language;
use crate::problem::{Goal, PlayKind, Stipulation};
use crate::rules::RuleMove;
use crate::solution::walk::{walk_attack, walk_defender_play, Step, StepKind, Visitor};
use crate::solution::{AttackNode, DefenceNode, DefenderPlay, Solution, Threat};
use std::fmt::Write;

/// Column where White's move number `k` ends (`   1.`, `          2.`, `                  3.`).
fn white_width(k: u32) -> usize {
    if k <= 1 {
        4
    } else {
        8 * k as usize - 5
    }
}

/// Column where Black's move number `k` ends (`      1...`, `              2...`).
fn black_width(k: u32) -> usize {
    8 * k.max(1) as usize - 1
}

/// Move number `k` right-aligned to end at column `width`, then `dots` (`.` or `...`). The
/// digits are pushed one by one: this runs for every line of a tree, and the formatting
/// machinery cost more than the rest of the line.
fn move_number(out: &mut String, k: u32, width: usize, dots: &str) {
    let mut digits = [b'0'; 10];
    let mut count = 0;
    let mut rest = k;
    loop {
        digits[count] += (rest % 10) as u8;
        count += 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    out.extend(std::iter::repeat_n(' ', width.saturating_sub(count)));
    out.extend(digits[..count].iter().rev().map(|&d| char::from(d)));
    out.push_str(dots);
}

/// Writes the play of one solved twin.
pub struct TreeWriter<'a> {
    pub language: Language,
    pub options: &'a PopeyeOptions,
    stipulation: Stipulation,
    out: String,
}

impl<'a> TreeWriter<'a> {
    pub fn new(
        language: Language,
        options: &'a PopeyeOptions,
        stipulation: Stipulation,
    ) -> TreeWriter<'a> {
        TreeWriter {
            language,
            options,
            stipulation,
            out: String::new(),
        }
    }

    /// The lister of an attacker's move needing `length` moves: Popeye's mate-in-one
    /// generator lists the mating moves of `#N` only (and never with fairy walks).
    fn attack_lister<P: PopeyeGame>(&self, length: u32) -> Lister {
        if self.stipulation.play == PlayKind::Direct && self.stipulation.goal == Goal::Mate {
            P::attack_lister(length)
        } else {
            Lister::Ordinary
        }
    }

    /// True when `m` brings the opponent to the stipulation's goal (mate or stalemate).
    fn reaches_goal<P: PopeyeGame>(&self, pos: &P, m: P::Move) -> bool {
        let after = pos.play(m);
        let in_check = after.is_check();
        in_check == (self.stipulation.goal != Goal::Stalemate) && !after.has_legal_move()
    }

    /// The text written so far.
    pub fn finish(self) -> String {
        self.out
    }

    fn mark<P: PopeyeGame>(&self, pos: &P, m: P::Move) -> &'static str {
        if self.stipulation.goal == Goal::Stalemate && !m.is_null() {
            return if self.reaches_goal(pos, m) {
                " ="
            } else if pos.gives_check(m) {
                " +"
            } else {
                ""
            };
        }
        if m.is_null() || !pos.gives_check(m) {
            ""
        } else if pos.play(m).has_legal_move() {
            " +"
        } else {
            " #"
        }
    }

    /// An attacker's move's mark. In `#N` a move of length 1 (not a try) is a mate the solver
    /// proved: ` #` at once, without making the move again (a two-mover's tree lists
    /// thousands).
    fn attack_mark<P: PopeyeGame>(&self, pos: &P, node: &AttackNode<P::Move>) -> &'static str {
        let direct_mate =
            self.stipulation.play == PlayKind::Direct && self.stipulation.goal == Goal::Mate;
        if direct_mate && node.length == 1 && !node.is_try() {
            " #"
        } else {
            self.mark(pos, node.mv)
        }
    }

    /// A defender's move's mark: in `#N` the goal is the attacker's and Popeye never tests it
    /// after a defender's move, so a defence (a refutation) that mates is marked ` +` only.
    fn defence_mark<P: PopeyeGame>(&self, pos: &P, m: P::Move) -> &'static str {
        let direct_mate =
            self.stipulation.play == PlayKind::Direct && self.stipulation.goal == Goal::Mate;
        if !direct_mate {
            self.mark(pos, m)
        } else if !m.is_null() && pos.gives_check(m) {
            " +"
        } else {
            ""
        }
    }

    fn word(&self, m: Message) -> &'static str {
        message(self.language, m)
    }

    /// Set play (Black's moves in the diagram), followed by its empty line.
    pub fn set_play<P: PopeyeGame>(&mut self, diagram: &P, play: &DefenderPlay<P::Move>) {
        self.black_play(diagram, &Threat::NotShown, &play.defences);
        self.out.push('\n');
    }

    /// Black's moves (after the threat's, when one is given) from the diagram, Black to move:
    /// they are the play's second half-move, after White's pass or the key before the diagram.
    fn black_play<P: PopeyeGame>(
        &mut self,
        diagram: &P,
        threat: &Threat<P::Move>,
        defences: &[DefenceNode<P::Move>],
    ) {
        let black_first = diagram.pass();
        walk_defender_play(
            self,
            &black_first,
            &[P::Move::default()],
            threat,
            defences,
            0,
        );
    }

    /// Post-key play: ` threat:`/` zugzwang.` and Black's moves; refuting moves are followed
    /// by `refutes.`.
    pub fn post_key<P: PopeyeGame>(&mut self, diagram: &P, play: &DefenderPlay<P::Move>) {
        match &play.threat {
            Threat::NotShown => {}
            Threat::Zugzwang => {
                let _ = writeln!(self.out, " {}", self.word(Message::Zugzwang));
            }
            Threat::Threats(_) => {
                let _ = writeln!(self.out, " {}", self.word(Message::Threat));
            }
        }
        self.black_play(diagram, &play.threat, &play.defences);
    }

    /// Keys and tries in Popeye's order, each followed by an empty line; with `MoveNumbers`
    /// (or a start/end number) the numbered first moves decide what is printed and tested.
    /// `numbered` counts the first moves numbered so far in the problem: Popeye's count goes
    /// on through its twins and the duplex half, and so do the start and end numbers.
    pub fn first_moves<P: PopeyeGame>(
        &mut self,
        solution: &Solution<P>,
        moves: u32,
        numbered: &mut u32,
    ) {
        let root = &solution.position;
        let lister = self.attack_lister::<P>(moves);
        // Reflex play: the attacker must reach the goal itself, and the play fails; Popeye
        // numbers no first move then (`MoveNumbers` and `StartMoveNumber` print nothing more).
        self.forced_goal(root, solution.forced_goal.clone(), 1);
        if !solution.forced_goal.is_empty() {
            return;
        }
        if !self.options.numbers_moves() {
            let mut nodes: Vec<&AttackNode<P::Move>> = solution.first_moves.iter().collect();
            nodes.sort_by_cached_key(|n| root.sibling_key(n.mv, lister));
            for node in nodes {
                self.first_move(root, node);
            }
            return;
        }
        let start = self.options.start_move_number.unwrap_or(1);
        let end = self.options.up_to_move_number.unwrap_or(u32::MAX);
        for first in root.numbered_first_moves(lister) {
            *numbered += 1;
            let number = *numbered;
            if number < start || number > end {
                continue;
            }
            if self.options.move_numbers {
                let check = if first.checks { "+ " } else { "" };
                let text = root.move_text(first.mv, self.language);
                let _ = writeln!(self.out, "{number:>3}  ({text} {check})");
            }
            if let Some(node) = solution.first_moves.iter().find(|n| n.mv == first.mv) {
                self.first_move(root, node);
            }
        }
    }

    /// Reflex play's ` ?!?` lines: the attacker's moves `moves` at move number `k` reach the
    /// goal at once, and it must play one (Popeye lists them as its mate-in-one generator does
    /// in `r#`).
    fn forced_goal<P: PopeyeGame>(&mut self, pos: &P, mut moves: Vec<P::Move>, k: u32) {
        let lister = if self.stipulation.goal == Goal::Mate {
            P::attack_lister(1)
        } else {
            Lister::Ordinary
        };
        moves.sort_by_key(|&m| pos.sibling_key(m, lister));
        for m in moves {
            let text = pos.move_text(m, self.language);
            let _ = writeln!(
                self.out,
                "{:>w$}.{text}{} ?!?",
                k,
                self.mark(pos, m),
                w = white_width(k)
            );
        }
    }

    fn first_move<P: PopeyeGame>(&mut self, root: &P, node: &AttackNode<P::Move>) {
        walk_attack(self, root, node, StepKind::First);
        self.out.push('\n');
    }
}

/// The walk prints each move where Popeye lists it: a White move with its threat and variations
/// at move number `k` (half-move `2k - 2`), a Black move at `k` (half-move `2k - 1`).
impl<P: PopeyeGame> Visitor<P> for TreeWriter<'_> {
    /// A White move line, with ` !`/` ?` for a key or try and ` threat:`/` zugzwang.`.
    fn attack(&mut self, step: &Step<P>, node: &AttackNode<P::Move>) {
        let k = step.ply() as u32 / 2 + 1;
        let verdict = match (step.kind, node.is_try()) {
            (StepKind::First, true) => " ?",
            (StepKind::First, false) => " !",
            _ => "",
        };
        let announced = match &node.threat {
            Threat::NotShown => None,
            Threat::Zugzwang => Some(Message::Zugzwang),
            Threat::Threats(_) => Some(Message::Threat),
        };
        let mark = self.attack_mark(step.pos, node);
        move_number(&mut self.out, k, white_width(k), ".");
        step.pos
            .write_move_text(node.mv, self.language, &mut self.out);
        self.out.push_str(mark);
        self.out.push_str(verdict);
        if let Some(word) = announced {
            self.out.push(' ');
            self.out.push_str(self.word(word));
        }
        self.out.push('\n');
    }

    /// A try's `but` and refutations, after its play.
    fn leave_attack(&mut self, step: &Step<P>, node: &AttackNode<P::Move>) {
        if step.kind != StepKind::First || !node.is_try() {
            return;
        }
        let _ = writeln!(self.out, "    {}", self.word(Message::But));
        let after = step.pos.play(node.mv);
        let mut refutations = node.refutations.clone();
        refutations.sort_by_key(|&m| after.sibling_key(m, Lister::Ordinary));
        for m in refutations {
            let text = after.move_text(m, self.language);
            let _ = writeln!(
                self.out,
                "{:>w$}...{text}{} !",
                1,
                self.defence_mark(&after, m),
                w = black_width(1)
            );
            if self.stipulation.play == PlayKind::Reflex {
                // The refutation may leave the attacker a move to the goal it must play.
                let refuted = after.play(m);
                let forced: Vec<P::Move> = refuted
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|&w| self.reaches_goal(&refuted, w))
                    .collect();
                self.forced_goal(&refuted, forced, 2);
            }
        }
    }

    /// A Black move line; a move without continuation refutes (post-key play).
    fn defence(&mut self, step: &Step<P>, node: &DefenceNode<P::Move>, _remaining: u32) {
        let k = (step.ply() as u32).div_ceil(2);
        let mark = self.defence_mark(step.pos, node.mv);
        move_number(&mut self.out, k, black_width(k), "...");
        step.pos
            .write_move_text(node.mv, self.language, &mut self.out);
        self.out.push_str(mark);
        self.out.push('\n');
        let ends_play =
            self.stipulation.play != PlayKind::Direct && self.reaches_goal(step.pos, node.mv);
        if node.continuations.is_empty() && !ends_play {
            let _ = writeln!(self.out, "        {}", self.word(Message::Refutes));
        }
    }

    fn order_attacks(&self, pos: &P, nodes: &mut [&AttackNode<P::Move>]) {
        nodes.sort_by_key(|n| pos.sibling_key(n.mv, self.attack_lister::<P>(n.length)));
    }

    fn order_defences(&self, pos: &P, nodes: &mut [&DefenceNode<P::Move>]) {
        // In reflex play a defender that can mate must, and its list is those mates: Popeye
        // makes them with its mate-in-one generator, as the attacker's ` ?!?` moves.
        let reflex_mates = self.stipulation.play == PlayKind::Reflex
            && self.stipulation.goal == Goal::Mate
            && nodes.first().is_some_and(|n| self.reaches_goal(pos, n.mv));
        let lister = if reflex_mates {
            P::attack_lister(1)
        } else {
            Lister::Ordinary
        };
        nodes.sort_by_key(|n| pos.sibling_key(n.mv, lister));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In `#N` a continuation's ` #` comes from the solution (its length 1), not from making
    /// the move again; a move of another length is made to find its mark.
    #[test]
    fn a_mate_in_one_is_marked_from_its_length() {
        use crate::board::{Position, Validation};
        use crate::notation::{parse_uci, Language};
        use crate::solution::walk::walk_attack;
        let pos = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", Validation::Strict)
            .expect("legal");
        let options = PopeyeOptions::default();
        let mut writer = TreeWriter::new(Language::English, &options, Stipulation::direct_mate(2));
        let mate = AttackNode::leaf(parse_uci(&pos, "a1a8").expect("legal"), 1);
        walk_attack(&mut writer, &pos, &mate, StepKind::Continuation);
        // A move the solution calls a mate in one is printed as one, made or not.
        let quiet = AttackNode::leaf(parse_uci(&pos, "a1a2").expect("legal"), 1);
        walk_attack(&mut writer, &pos, &quiet, StepKind::Continuation);
        let longer = AttackNode::leaf(parse_uci(&pos, "a1a2").expect("legal"), 2);
        walk_attack(&mut writer, &pos, &longer, StepKind::Continuation);
        assert_eq!(
            writer.finish(),
            "   1.Ra1-a8 #\n   1.Ra1-a2 #\n   1.Ra1-a2\n"
        );
    }

    #[test]
    fn move_numbers_end_at_their_column() {
        let mut out = String::new();
        move_number(&mut out, 2, white_width(2), ".");
        move_number(&mut out, 12, white_width(12), "...");
        move_number(&mut out, 123, 2, ".");
        assert_eq!(out, format!("{:>11}.{:>91}...123.", 2, 12));
    }

    #[test]
    fn indentation_matches_popeye() {
        assert_eq!(white_width(1), 4);
        assert_eq!(white_width(2), 11);
        assert_eq!(white_width(10), 75);
        assert_eq!(black_width(1), 7);
        assert_eq!(black_width(2), 15);
    }
}
