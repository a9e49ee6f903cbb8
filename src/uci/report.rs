//! The problem report: a [`Solution`] as `info string mp …` lines that any GUI shows and a
//! script can parse. The grammar is specified, with examples, in `protocol/uci-extensions.md`;
//! this writer is its reference implementation. It reads the solution only and never searches.
//!
//! Every line is `info string mp <record> <key>=<value> …`. Values never contain spaces: moves
//! are in UCI notation, lists are comma-separated, `-` is an empty list. `line=` is the path
//! from the diagram to the position a record talks about, `0000` standing for Black's pass
//! when a threat is shown.

use crate::board::Move;
use crate::problem::Stipulation;
use crate::solution::duals::{find_duals, Dual};
use crate::solution::walk::{walk_attack, walk_defender_play, Step, StepKind, Visitor};
use crate::solution::{DefenceNode, Solution, Threat};

/// The report's lines, from `verdict` to `end`.
pub fn problem_report(solution: &Solution, stipulation: &Stipulation) -> Vec<String> {
    // Duals are classified once, by the solution's own rules; the writer only places them.
    let duals = find_duals(solution, stipulation.moves())
        .into_iter()
        .map(|d| (d.path.clone(), d))
        .collect();
    let mut w = Writer {
        lines: Vec::new(),
        duals,
    };
    w.record(format!(
        "verdict stipulation={stipulation} keys={} cooked={} tries={} complete={} nodes={} time={}",
        solution.keys().count(),
        yes_no(solution.is_cooked()),
        solution.tries().count(),
        yes_no(solution.complete && !solution.max_solutions_reached),
        solution.stats.nodes,
        solution.stats.time.as_millis()
    ));
    for node in solution.keys_then_tries() {
        if node.is_try() {
            w.record(format!(
                "try move={} mate={} refutations={}",
                node.mv,
                node.length,
                list(&node.refutations)
            ));
        } else {
            w.record(format!("key move={} mate={}", node.mv, node.length));
        }
    }
    if let Some(play) = &solution.set_play {
        // White has passed its first move: after Black's, N - 1 White moves remain, as after
        // a key.
        walk_defender_play(
            &mut w,
            &(),
            &[Move::NULL],
            &play.threat,
            &play.defences,
            stipulation.moves(),
        );
    }
    for node in solution.keys_then_tries() {
        walk_attack(&mut w, &(), node, StepKind::First);
    }
    let count = w.lines.len() + 1;
    w.record(format!("end lines={count}"));
    w.lines
}

fn yes_no(b: bool) -> &'static str {
    if b {
        "yes"
    } else {
        "no"
    }
}

fn list(moves: &[Move]) -> String {
    if moves.is_empty() {
        "-".to_owned()
    } else {
        moves
            .iter()
            .map(|m| m.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }
}

struct Writer {
    lines: Vec<String>,
    /// Every dual of the keys' play with its `line=`, written where the traversal meets it.
    duals: Vec<(Vec<Move>, Dual)>,
}

impl Writer {
    fn record(&mut self, body: String) {
        self.lines.push(format!("info string mp {body}"));
    }

    /// The dual whose choice follows `line` and then `mv`, if there is one.
    fn dual_at(&mut self, line: &[Move], mv: Move, after: &str) {
        let mut line = line.to_vec();
        line.push(mv);
        let Some(i) = self.duals.iter().position(|(l, _)| *l == line) else {
            return;
        };
        let (_, dual) = self.duals.swap_remove(i);
        self.record(format!(
            "dual line={} after={after} ply={} moves={} kind={} class={} mating={} short={}",
            list(&line),
            line.len() + 1,
            list(&dual.moves),
            dual.size.name(),
            if dual.minor { "minor" } else { "major" },
            yes_no(dual.on_mating_move),
            yes_no(dual.short)
        ));
    }
}

/// The walk writes the records where the play meets them: the threat or zugzwang when Black
/// is to move, then each defence with its continuations, depth first.
impl Visitor<()> for Writer {
    /// Black to move after `step.line`, which ends with a White move (or a pass); White has
    /// `length` moves counting that one, so `length - 1` remain against each defence.
    fn defender_to_move(&mut self, step: &Step<()>, threat: &Threat, length: u32) {
        let here = list(step.line);
        let remaining = length.saturating_sub(1);
        match threat {
            Threat::NotShown => {}
            Threat::Zugzwang => self.record(format!("zugzwang line={here}")),
            Threat::Threats(threats) => {
                let moves: Vec<Move> = threats.iter().map(|t| t.mv).collect();
                let mate = threats.first().map_or(remaining, |t| t.length);
                self.record(format!(
                    "threat line={here} moves={} mate={mate}",
                    list(&moves)
                ));
                self.dual_at(step.line, Move::NULL, "threat");
            }
        }
    }

    fn defence(&mut self, step: &Step<()>, d: &DefenceNode, remaining: u32) {
        let here = list(step.line);
        let replies: Vec<Move> = d.continuations.iter().map(|c| c.mv).collect();
        let mate = d.continuations.first().map_or(0, |c| c.length);
        self.record(format!(
            "defence line={here} move={} replies={} mate={mate}",
            d.mv,
            list(&replies)
        ));
        if mate > 0 && mate < remaining {
            self.record(format!(
                "short line={here} move={} mate={mate} full={remaining}",
                d.mv
            ));
        }
        self.dual_at(step.line, d.mv, "defence");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Position, Validation};
    use crate::solution::fixtures::{mate, mv};
    use crate::solution::{AttackNode, SearchStats};
    use std::time::Duration;

    fn defence(text: &str, replies: &[&str]) -> DefenceNode {
        DefenceNode {
            mv: mv(text),
            continuations: replies.iter().map(|r| mate(r)).collect(),
        }
    }

    fn solution(first_moves: Vec<AttackNode>) -> Solution {
        Solution {
            position: Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1", Validation::Lenient)
                .unwrap(),
            first_moves,
            set_play: None,
            forced_goal: Vec::new(),
            complete: true,
            max_solutions_reached: false,
            tree_cut: false,
            stats: SearchStats {
                nodes: 1234,
                time: Duration::from_millis(56),
            },
        }
    }

    fn bodies(lines: &[String]) -> Vec<&str> {
        lines
            .iter()
            .map(|l| l.strip_prefix("info string mp ").unwrap())
            .collect()
    }

    /// A hand-built #2: a key with one threat and four defences, one with a minor dual (both
    /// mates are forced by other defences) and one with a major dual; and a try.
    fn two_mover() -> Solution {
        let key = AttackNode {
            mv: mv("d1d7"),
            length: 2,
            threat: Threat::Threats(vec![mate("d7e7")]),
            defences: vec![
                defence("e8f8", &["d7d8"]),
                defence("e8d7", &["d7e7", "d7d8"]),
                defence("a7a6", &["d7e7", "b1b8"]),
                defence("f7f6", &["d7e7"]),
            ],
            refutations: vec![],
        };
        let try_ = AttackNode {
            mv: mv("d1d2"),
            length: 2,
            threat: Threat::Zugzwang,
            defences: vec![],
            refutations: vec![mv("e8f7"), mv("e8e7")],
        };
        solution(vec![key, try_])
    }

    #[test]
    fn a_two_mover_with_duals_and_a_try() {
        let lines = problem_report(&two_mover(), &Stipulation::direct_mate(2));
        assert_eq!(
            bodies(&lines),
            [
                "verdict stipulation=#2 keys=1 cooked=no tries=1 complete=yes nodes=1234 time=56",
                "key move=d1d7 mate=2",
                "try move=d1d2 mate=2 refutations=e8f7,e8e7",
                "threat line=d1d7 moves=d7e7 mate=1",
                "defence line=d1d7 move=e8f8 replies=d7d8 mate=1",
                "defence line=d1d7 move=e8d7 replies=d7e7,d7d8 mate=1",
                "dual line=d1d7,e8d7 after=defence ply=3 moves=d7e7,d7d8 kind=dual class=minor mating=yes short=no",
                "defence line=d1d7 move=a7a6 replies=d7e7,b1b8 mate=1",
                "dual line=d1d7,a7a6 after=defence ply=3 moves=d7e7,b1b8 kind=dual class=major mating=yes short=no",
                "defence line=d1d7 move=f7f6 replies=d7e7 mate=1",
                "zugzwang line=d1d2",
                "end lines=12",
            ]
        );
    }

    #[test]
    fn the_key_comes_before_a_try_the_solver_listed_first() {
        // Popeye's listing order may put a try first (it does on many three-movers); the
        // report lists keys first, then tries, at every length.
        let mut s = two_mover();
        s.first_moves.reverse();
        assert!(s.first_moves[0].is_try());
        assert_eq!(
            bodies(&problem_report(&s, &Stipulation::direct_mate(2))),
            bodies(&problem_report(&two_mover(), &Stipulation::direct_mate(2)))
        );
    }

    #[test]
    fn cooks_threat_duals_short_mates_and_play_below_a_threat() {
        // Two keys (cooked). After the first: a doubled threat, one threat with a dual of its
        // own below it, a short mate (1 move where 2 remain), and a full-length variation whose
        // continuation has play of its own.
        let threat_with_play = AttackNode {
            mv: mv("a3a8"),
            length: 2,
            threat: Threat::NotShown,
            defences: vec![defence("h7h6", &["a8b8", "a8c8"])],
            refutations: vec![],
        };
        let deep_continuation = AttackNode {
            mv: mv("c3c4"),
            length: 2,
            threat: Threat::Zugzwang,
            defences: vec![defence("h7h6", &["c4c8"])],
            refutations: vec![],
        };
        let key = AttackNode {
            mv: mv("a1a3"),
            length: 3,
            threat: Threat::Threats(vec![threat_with_play, AttackNode::leaf(mv("a3h3"), 2)]),
            defences: vec![
                defence("g7g6", &["a3a8"]),
                DefenceNode {
                    mv: mv("h7h5"),
                    continuations: vec![deep_continuation],
                },
            ],
            refutations: vec![],
        };
        let cook = AttackNode::leaf(mv("b2b4"), 3);
        let lines = problem_report(&solution(vec![key, cook]), &Stipulation::direct_mate(3));
        assert_eq!(
            bodies(&lines),
            [
                "verdict stipulation=#3 keys=2 cooked=yes tries=0 complete=yes nodes=1234 time=56",
                "key move=a1a3 mate=3",
                "key move=b2b4 mate=3",
                "threat line=a1a3 moves=a3a8,a3h3 mate=2",
                "dual line=a1a3,0000 after=threat ply=3 moves=a3a8,a3h3 kind=dual class=major mating=no short=no",
                "defence line=a1a3,0000,a3a8 move=h7h6 replies=a8b8,a8c8 mate=1",
                "dual line=a1a3,0000,a3a8,h7h6 after=defence ply=5 moves=a8b8,a8c8 kind=dual class=major mating=yes short=no",
                "defence line=a1a3 move=g7g6 replies=a3a8 mate=1",
                "short line=a1a3 move=g7g6 mate=1 full=2",
                "defence line=a1a3 move=h7h5 replies=c3c4 mate=2",
                "zugzwang line=a1a3,h7h5,c3c4",
                "defence line=a1a3,h7h5,c3c4 move=h7h6 replies=c4c8 mate=1",
                "end lines=13",
            ]
        );
    }

    #[test]
    fn set_play_follows_a_pass_and_incomplete_searches_say_so() {
        let mut s = two_mover();
        s.set_play = Some(crate::solution::DefenderPlay {
            threat: Threat::NotShown,
            defences: vec![defence("e8f8", &["d1d8"])],
        });
        s.complete = false;
        let lines = problem_report(&s, &Stipulation::direct_mate(2));
        let b = bodies(&lines);
        assert!(b[0].contains(" complete=no "), "{}", b[0]);
        assert!(
            b.contains(&"defence line=0000 move=e8f8 replies=d1d8 mate=1"),
            "{b:?}"
        );
        assert!(
            !b.iter().any(|l| l.starts_with("short line=0000")),
            "a set mate in 1 of a #2 is not short: {b:?}"
        );
    }

    #[test]
    fn every_line_follows_the_token_grammar() {
        for line in problem_report(&two_mover(), &Stipulation::direct_mate(2)) {
            let mut tokens = line.split(' ');
            assert_eq!(
                [tokens.next(), tokens.next(), tokens.next()],
                [Some("info"), Some("string"), Some("mp")]
            );
            assert!(tokens
                .next()
                .is_some_and(|r| r.chars().all(|c| c.is_ascii_lowercase())));
            for token in tokens {
                let (key, value) = token
                    .split_once('=')
                    .unwrap_or_else(|| panic!("not key=value: {token} in {line}"));
                assert!(!key.is_empty() && !value.is_empty(), "{line}");
            }
        }
    }
}
