//! Fairy problems through the Popeye front end, byte for byte against Popeye 4.104: every
//! generated pair of `../shared/popeye/fairy/` (`#2` with keys, tries, threats and variations;
//! `h#2`), and every real problem of `../shared/popeye/real-fairy/` whose walks, stipulation
//! and options Mateproof supports — the others are skipped with the refusal line Mateproof
//! prints for them (a walk it lacks, a condition, `a=>b`), and the test says which and why.
//! The pairs are read in place, never copied.

use mateproof::popeye::run::{run, RunOptions};
use mateproof::reference::shared;
use std::path::{Path, PathBuf};

fn pairs(dir: &Path) -> Vec<(String, PathBuf, PathBuf)> {
    let mut pairs: Vec<_> = std::fs::read_dir(dir)
        .expect("readable folder")
        .filter_map(|entry| {
            let path = entry.ok()?.path();
            (path.extension()? == "inp").then(|| {
                let name = path
                    .file_stem()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into();
                (name, path.clone(), path.with_extension("out"))
            })
        })
        .collect();
    pairs.sort();
    pairs
}

fn ours(input: &Path) -> String {
    let text = std::fs::read_to_string(input).expect("readable input");
    let options = RunOptions {
        regression: true,
        ..RunOptions::default()
    };
    run(&text, &options).text
}

/// Mateproof's line refusing a problem it cannot solve yet, if its output has one.
fn refusal(output: &str) -> Option<&str> {
    const WORDS: [&str; 4] = [
        "not supported",
        "nicht unterstuetzt",
        "problem ignored",
        "Problem uebersprungen",
    ];
    output
        .lines()
        .find(|line| WORDS.iter().any(|w| line.contains(w)))
}

#[test]
fn generated_fairy_problems_match_popeye_byte_for_byte() {
    let Some(dir) = shared("popeye/fairy") else {
        return;
    };
    let all = pairs(&dir);
    assert_eq!(all.len(), 30, "20 #2 and 10 h#2 pairs");
    for (name, input, output) in all {
        let expected = std::fs::read_to_string(&output).expect("readable output");
        assert_eq!(ours(&input), expected, "{name}");
    }
}

#[test]
fn real_fairy_problems_match_popeye_where_supported() {
    let Some(dir) = shared("popeye/real-fairy") else {
        return;
    };
    let (mut agreed, mut skipped) = (Vec::new(), Vec::new());
    for (name, input, output) in pairs(&dir) {
        let expected = std::fs::read_to_string(&output).expect("readable output");
        let got = ours(&input);
        match refusal(&got).filter(|_| refusal(&expected).is_none()) {
            Some(reason) => skipped.push(format!("{name}: {reason}")),
            None => {
                assert_eq!(got, expected, "{name}");
                agreed.push(name);
            }
        }
    }
    eprintln!(
        "real fairy problems: {} agree byte for byte, {} skipped:\n  {}",
        agreed.len(),
        skipped.len(),
        skipped.join("\n  ")
    );
    // The supported ones: #2 with leapers and hoppers, h#2, #3, ser-h#3, PostKeyPlay, twins.
    for name in [
        "beispiel_twin_028",
        "beispiel_leaper_001",
        "beispiel_hopper_007",
        "beispiel_pieces_021",
        "beispiel_pieces_022",
        "beispiel_pieces_026",
        "beispiel_postkey_001",
    ] {
        assert!(
            agreed.iter().any(|a| a == name),
            "{name} is no longer solved"
        );
    }
}

/// Popeye's behaviour on an illegal diagram with fairy men (observed with Popeye 4.104): kings
/// side by side are "the side to play can capture the king", once for the play and once more
/// for set play; the play then stops (no closing empty line).
#[test]
fn a_king_in_check_of_the_side_not_to_move_is_refused_as_popeye_does() {
    let input = "BeginProblem\nPieces\n  White kf4 gf8 sc7\n  Black ke4 okb4\n\
                 Stipulation #3\nOption NoBoard Variation Try SetPlay\nEndProblem\n";
    let options = RunOptions {
        regression: true,
        ..RunOptions::default()
    };
    let out = run(input, &options).text;
    let message = "the side to play can capture the king\n";
    assert_eq!(out, format!("\n{message}{message}solution finished.\n\n\n"));
    let without_set_play = input.replace(" SetPlay", "");
    let out = run(&without_set_play, &options).text;
    assert_eq!(out, format!("\n{message}solution finished.\n\n\n"));
}

/// Twins of a problem with fairy men are solved, each on its own fairy position, with
/// Popeye's labels naming the fairy men by their codes (`wEMd8-->d7`, `+wCAb1`, `bNHa4` —
/// no `+` when the added man replaces one —, `EM ==> NH`, a continued twin, a mirror, a move
/// and a shift in one twin, a new stipulation). The expected text is Popeye 4.104's output
/// for this input, observed on the development machine.
#[test]
fn fairy_twins_are_solved_with_popeye_labels() {
    let input = INPUT;
    let options = RunOptions {
        regression: true,
        ..RunOptions::default()
    };
    assert_eq!(run(input, &options).text, EXPECTED);
}

const INPUT: &str = "BeginProblem\n\
Pieces\n\
\x20 White Kf6 EMd8 WEa4 Ph2\n\
\x20 Black Kc2 Gg5 Ze2 Rg2\n\
Stipulation h#2\n\
Option NoBoard NoCastling a1h1a8h8\n\
Twin Move d8 d7\n\
Twin Remove g5\n\
Twin Add white CAb1\n\
Twin Add black NHa4\n\
Twin Substitute em nh\n\
Twin Continued Substitute r g\n\
Twin Mirror a1<-->a8\n\
Twin Move d8 d7 Shift f6 f7\n\
Twin Stipulation #2\n\
EndProblem\n\
";

const EXPECTED: &str = "\n\
a) \n\
\n\
\x20 1.Kc2-b1 WEa4-a3   2.Kb1-a1 EMd8-d1 #\n\
\x20 1.Kc2-b2 WEa4-a3   2.Kb2-a1 EMd8-d1 #\n\
\n\
b) wEMd8-->d7  \n\
\n\
\x20 1.Kc2-b1 WEa4-a3   2.Kb1-a1 EMd7-d1 #\n\
\x20 1.Kc2-b2 WEa4-a3   2.Kb2-a1 EMd7-d1 #\n\
\n\
c) -bGg5  \n\
\n\
\x20 1.Kc2-b1 WEa4-a3   2.Kb1-a1 EMd8-d1 #\n\
\x20 1.Kc2-b2 WEa4-a3   2.Kb2-a1 EMd8-d1 #\n\
\n\
d) +wCAb1  \n\
\n\
\x20 1.Kc2*b1 WEa4-a3   2.Kb1-a1 EMd8-d1 #\n\
\n\
e) bNHa4  \n\
\n\
\n\
f) EM ==> NH  \n\
\n\
\n\
+g) R ==> G  \n\
\n\
\n\
h) mirror a1<-->a8  \n\
\n\
\x20 1.Kc7-b6 h7-h8=Q   2.Kb6-a7 EMd1-d7 #\n\
\x20 1.Kc7-b6 h7-h8=R   2.Kb6-a7 EMd1-d7 #\n\
\x20 1.Kc7-b6 h7-h8=EM   2.Kb6-a7 EMd1-d7 #\n\
\x20 1.Kc7-b8 WEa5-a6   2.Kb8-a8 EMd1-d8 #\n\
\x20 1.Kc7-b8 h7-h8=Q +   2.Kb8-a7 EMd1-d7 #\n\
\x20 1.Kc7-b8 h7-h8=R +   2.Kb8-a7 EMd1-d7 #\n\
\x20 1.Kc7-b8 h7-h8=EM +   2.Kb8-a7 EMd1-d7 #\n\
\x20 1.Kc7-b7 WEa5-a6   2.Kb7-a8 EMd1-d8 #\n\
\x20 1.Kc7-b7 h7-h8=Q   2.Kb7-a7 EMd1-d7 #\n\
\x20 1.Kc7-b7 h7-h8=R   2.Kb7-a7 EMd1-d7 #\n\
\x20 1.Kc7-b7 h7-h8=EM   2.Kb7-a7 EMd1-d7 #\n\
\n\
i) wEMd8-->d7  shift f6 ==> f7  \n\
\n\
\n\
j) #2  \n\
\n\
\n\
solution finished.\n\
\n\
\n\
";
