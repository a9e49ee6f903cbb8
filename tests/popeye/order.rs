//! `popeye::order` against Popeye: in every reference output, every list of sibling moves —
//! first moves, threats, variations, continuations, refutations, set and post-key play — is
//! in ascending `sibling_key` order, and ties never happen between different moves.

use crate::common;

use mateproof::board::{Move, Position};
use mateproof::popeye::order::{sibling_key, Lister};
use mateproof::popeye::problems::twin_problems;
use mateproof::popeye::reader::read;
use mateproof::popeye::replay::twin_solution;
use mateproof::popeye::transcript::Transcript;
use mateproof::solution::{AttackNode, DefenceNode, Threat};

struct Checker {
    lists: usize,
    failures: Vec<String>,
}

impl Checker {
    fn list(&mut self, where_: &str, pos: &Position, moves: &[(Move, Lister)]) {
        if moves.len() < 2 {
            return;
        }
        self.lists += 1;
        for w in moves.windows(2) {
            let (a, b) = (
                sibling_key(pos, w[0].0, w[0].1),
                sibling_key(pos, w[1].0, w[1].1),
            );
            if a >= b {
                self.failures
                    .push(format!("{where_}: {} before {}", w[0].0, w[1].0));
            }
        }
    }

    fn attacks(
        &mut self,
        where_: &str,
        pos: &Position,
        nodes: &[AttackNode],
        first_lister: Option<Lister>,
    ) {
        let listed: Vec<(Move, Lister)> = nodes
            .iter()
            .map(|n| (n.mv, first_lister.unwrap_or(Lister::for_attack(n.length))))
            .collect();
        self.list(where_, pos, &listed);
        for n in nodes {
            let after = pos.after(n.mv);
            let here = format!("{where_} {}", n.mv);
            if let Threat::Threats(t) = &n.threat {
                self.attacks(&format!("{here} threat"), &after.after_null(), t, None);
            }
            self.defences(&here, &after, &n.defences);
            let refutations: Vec<(Move, Lister)> = n
                .refutations
                .iter()
                .map(|&m| (m, Lister::Ordinary))
                .collect();
            self.list(&format!("{here} but"), &after, &refutations);
        }
    }

    fn defences(&mut self, where_: &str, pos: &Position, nodes: &[DefenceNode]) {
        let listed: Vec<(Move, Lister)> = nodes.iter().map(|n| (n.mv, Lister::Ordinary)).collect();
        self.list(where_, pos, &listed);
        for n in nodes {
            self.attacks(
                &format!("{where_} {}", n.mv),
                &pos.after(n.mv),
                &n.continuations,
                None,
            );
        }
    }
}

#[test]
fn every_sibling_list_of_every_reference_output_is_in_sibling_order() {
    let Some(pairs) = common::popeye_pairs() else {
        return;
    };
    let mut checker = Checker {
        lists: 0,
        failures: Vec::new(),
    };
    for (inp, out) in pairs {
        let input = String::from_utf8_lossy(&std::fs::read(&inp).unwrap()).into_owned();
        let transcript = Transcript::parse(&std::fs::read_to_string(&out).unwrap()).unwrap();
        let file = read(&input);
        for (spec, text) in file.problems.iter().zip(&transcript.problems) {
            for (twin, played) in twin_problems(spec, file.language).iter().zip(&text.twins) {
                let Ok(problem) = &twin.problem else { continue };
                let solution = twin_solution(played, &problem.position, file.language, text.end)
                    .unwrap_or_else(|e| panic!("{}: {e}", inp.display()));
                let root = &problem.position;
                let where_ = inp.display().to_string();
                let first = if problem.stipulation.moves() == 1 {
                    Lister::Mating
                } else {
                    Lister::Ordinary
                };
                checker.attacks(&where_, root, &solution.first_moves, Some(first));
                if let Some(play) = &solution.set_play {
                    let black_first = root.after_null();
                    if let Threat::Threats(t) = &play.threat {
                        checker.attacks(
                            &format!("{where_} post-key threat"),
                            &black_first.after_null(),
                            t,
                            None,
                        );
                    }
                    checker.defences(
                        &format!("{where_} set/post-key"),
                        &black_first,
                        &play.defences,
                    );
                }
            }
        }
    }
    println!("{} sibling lists checked", checker.lists);
    assert!(checker.lists > 5000, "only {} lists found", checker.lists);
    assert!(
        checker.failures.is_empty(),
        "{}",
        checker.failures.join("\n")
    );
}
