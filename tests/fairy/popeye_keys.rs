//! Fairy directmates through the generic prover, by brute force: for every `#2` of Popeye's
//! generated fairy problems (`../shared/popeye/fairy/m2_1901_*`, read in place), the position
//! the Popeye front end builds ([`problems::fairy_problem`]), searched move by move with the
//! [`Prover`] on a [`FairyPosition`] (not through the solver), has exactly Popeye's keys, and
//! exactly its tries (first moves refuted by one defence: Popeye's `Try` with its default of
//! one refutation) each with Popeye's refutation, compared as Popeye's move text. The whole
//! solution text is `tests/fairy/popeye_text.rs`'s.

use mateproof::fairy::{FairyMove, FairyPosition};
use mateproof::kernel::SearchControl;
use mateproof::notation::Language;
use mateproof::popeye::game::PopeyeGame;
use mateproof::popeye::{problems, reader};
use mateproof::reference::shared;
use mateproof::rules::Rules;
use mateproof::solver::{DirectMate, Prover, TranspositionTable};
use std::collections::BTreeSet;

/// The position of a Popeye input of one problem, as `mateproof popeye` builds it.
fn position(input: &str) -> Option<FairyPosition> {
    let file = reader::read(input);
    problems::fairy_problem(file.problems.first()?)
        .ok()
        .map(|problem| problem.position)
}

fn popeye_move(pos: &FairyPosition, m: FairyMove) -> String {
    pos.move_text(m, Language::English)
}

/// Keys, and tries with their refutations, in Popeye's text.
type Verdicts = (BTreeSet<String>, BTreeSet<(String, String)>);

fn ours(pos: &FairyPosition) -> Verdicts {
    let tt = TranspositionTable::<DirectMate, FairyMove>::for_question(16, DirectMate);
    let control = SearchControl::unlimited();
    let mut prover = Prover::<FairyPosition>::new(&tt, &control);
    let (mut keys, mut tries) = (BTreeSet::new(), BTreeSet::new());
    for &m in pos.legal_moves().iter() {
        let after = pos.play(m);
        let defences = after.legal_moves();
        if defences.is_empty() {
            if after.is_check() {
                keys.insert(popeye_move(pos, m));
            }
            continue;
        }
        let refutations: Vec<FairyMove> = defences
            .iter()
            .copied()
            .filter(|&d| !prover.attacker_wins(&after.play(d), 1))
            .collect();
        match refutations.as_slice() {
            [] => {
                keys.insert(popeye_move(pos, m));
            }
            [only] => {
                tries.insert((popeye_move(pos, m), popeye_move(&after, *only)));
            }
            _ => {}
        }
    }
    (keys, tries)
}

/// The first move of a `   1.X …` or `      1...X …` line.
fn first_move(line: &str, prefix: &str) -> Option<String> {
    line.strip_prefix(prefix)?
        .split(' ')
        .next()
        .map(str::to_owned)
}

fn theirs(output: &str) -> Verdicts {
    let (mut keys, mut tries) = (BTreeSet::new(), BTreeSet::new());
    let mut current_try = None;
    for line in output.lines() {
        if let Some(m) = first_move(line, "   1.") {
            current_try = None;
            if line.contains(" ? ") || line.ends_with(" ?") {
                current_try = Some(m);
            } else if line.contains(" !") {
                keys.insert(m);
            }
        } else if let (Some(t), Some(r)) = (&current_try, first_move(line, "      1...")) {
            if line.ends_with(" !") {
                tries.insert((t.clone(), r));
            }
        }
    }
    (keys, tries)
}

#[test]
fn fairy_twomovers_have_popeyes_keys_and_tries() {
    let Some(dir) = shared("popeye/fairy") else {
        return;
    };
    let (mut checked, mut verdicts) = (0, 0);
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .expect("the folder reads")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("m2_1901_") && n.ends_with(".inp"))
        })
        .collect();
    names.sort();
    for input_path in names {
        let input = std::fs::read_to_string(&input_path).expect("input reads");
        assert!(input.contains("Stipulation #2"), "{}", input_path.display());
        let output =
            std::fs::read_to_string(input_path.with_extension("out")).expect("output reads");
        let pos = position(&input)
            .unwrap_or_else(|| panic!("{}: the position is refused", input_path.display()));
        let expected = theirs(&output);
        assert!(
            !expected.0.is_empty(),
            "{}: no key read",
            input_path.display()
        );
        verdicts += expected.0.len() + expected.1.len();
        assert_eq!(ours(&pos), expected, "{}", input_path.display());
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} problems");
    eprintln!("{verdicts} keys and tries agree");
    eprintln!("{checked} fairy two-movers: keys and tries as Popeye's");
}

/// `mateproof fairy-keys` prints the keys Popeye's output of m2_1901_000 shows (`1.Kg2-f2 !`,
/// `1.Rb8-d8 + !`), and the same position by FEN and Betza gives the same keys.
#[test]
fn fairy_keys_prints_the_keys() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_mateproof"))
            .args(args)
            .output()
            .expect("the binary runs");
        (
            String::from_utf8_lossy(&out.stdout).into_owned(),
            out.status.code(),
        )
    };
    let pieces = "White Kg2 SEc4 Nb4 ALh5 Rb8 Black Kd1 Pb7";
    assert_eq!(
        run(&["fairy-keys", "--pieces", pieces, "--mate", "2"]),
        ("mate in 2: Kg2-f2 Rb8-d8\n".to_owned(), Some(0))
    );
    // The senora as Betza (queen captures, lion moves: mQ is not it; cQ plus mpQ), the
    // nightrider NN, the alfil A; the keys name the pieces by their FEN letters.
    let (out, code) = run(&[
        "fairy-keys",
        "--fen",
        "1R6/1p6/8/7D/1EC5/8/6K1/3k4 w - - 0 1",
        "--piece",
        "c=cQmpQ",
        "--piece",
        "e=NN",
        "--piece",
        "d=A",
        "--mate",
        "2",
    ]);
    assert_eq!(
        (out.as_str(), code),
        ("mate in 2: Kg2-f2 Rb8-d8\n", Some(0))
    );
    assert_eq!(
        run(&["fairy-keys", "--pieces", pieces, "--mate", "1"]),
        ("no mate in 1\n".to_owned(), Some(1))
    );
}
