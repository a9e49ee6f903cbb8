//! Fairy problems through the Popeye front end, byte for byte against Popeye 4.104: every
//! generated pair of `../shared/popeye/fairy/` (`#2` with keys, tries, threats and variations;
//! `h#2`), and every real problem of `../shared/popeye/real-fairy/` whose walks, stipulation
//! and options Mateproof supports — the others are skipped with the refusal line Mateproof
//! prints for them (a walk it lacks, a condition, twins with fairy pieces, `a=>b`), and the
//! test says which and why. The pairs are read in place, never copied.

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
    // The supported ones: #2 with leapers and hoppers, h#2, #3, ser-h#3, PostKeyPlay.
    for name in [
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
