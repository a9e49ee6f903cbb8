//! The quality function against the thesis: its two printed evaluations (D1 = 118, D7 = 143)
//! line by line, the verdicts of its ten diagrams, and its judgement that each improved
//! version beats its original.

use mateproof::board::{Position, Validation};
use mateproof::composer::report::score_text;
use mateproof::composer::{evaluate, QualityScore, ScoreSettings, Theme};
use mateproof::kernel::SearchControl;
use mateproof::popeye::shown::PRESENTATION;
use mateproof::problem::Problem;
use mateproof::reference::shared_text;
use mateproof::solver::solve;
use std::collections::BTreeMap;

/// One row of thesis-positions.tsv.
struct Diagram {
    id: String,
    fen: String,
    variations: usize,
    thesis_score: Option<i32>,
}

fn diagrams() -> Option<BTreeMap<String, Diagram>> {
    let text = shared_text("composer/thesis-positions.tsv")?;
    let mut rows = BTreeMap::new();
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        assert!(f.len() >= 7, "short row: {line}");
        rows.insert(
            f[0].to_owned(),
            Diagram {
                id: f[0].to_owned(),
                fen: f[1].to_owned(),
                variations: f[5]
                    .parse()
                    .unwrap_or_else(|_| panic!("variations in {line}")),
                thesis_score: f[6].trim().parse().ok(),
            },
        );
    }
    Some(rows)
}

/// Solves the diagram with the solver, insists on a sound #2 and scores it.
fn score(d: &Diagram) -> QualityScore {
    let pos =
        Position::from_fen(&d.fen, Validation::Lenient).unwrap_or_else(|e| panic!("{}: {e}", d.id));
    let solution = solve(
        &Problem::directmate(pos, 2),
        &SearchControl::unlimited(),
        PRESENTATION,
    )
    .expect("solvable");
    let keys: Vec<_> = solution.keys().collect();
    assert_eq!(keys.len(), 1, "{} must have exactly one key", d.id);
    assert_eq!(keys[0].length, 2, "{} must not mate in one", d.id);
    evaluate(&pos, keys[0].mv, &ScoreSettings::default())
}

fn normalise(line: &str) -> String {
    line.replace(';', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The thesis' two printed evaluations (Appendix E), read in place from the thesis text: each
/// from its `THEMES:` line to its last variant, as (printed total, lines). Blank lines are
/// dropped, a line broken inside parentheses is joined, and the text extraction's typesetting is
/// undone: TeX around the price formulas, escaped `*` and `#`, the table borders of the second
/// printout's variant list.
fn printouts(thesis: &str) -> Vec<(i32, Vec<String>)> {
    let mut out: Vec<(i32, Vec<String>)> = Vec::new();
    let mut collecting = false;
    let mut pending = String::new(); // a line whose parenthesis is still open
    for raw in thesis.lines() {
        let text = untypeset(raw);
        if text.trim() == "THEMES:" {
            collecting = true;
            out.push((0, Vec::new()));
        }
        if !collecting || text.trim().is_empty() {
            continue;
        }
        let line = format!("{pending} {text}");
        let line = line.trim();
        if line.matches('(').count() > line.matches(')').count() {
            pending = line.to_owned();
            continue;
        }
        pending.clear();
        let Some((total, lines)) = out.last_mut() else {
            continue;
        };
        if lines
            .last()
            .is_some_and(|l| l == "VARIANTS:" || is_variant(l))
        {
            // The variant list: its rules and table borders are skipped, anything else ends it.
            if line.chars().all(|c| c == '-' || c.is_whitespace()) {
                continue;
            }
            if !is_variant(line) {
                collecting = false;
                continue;
            }
        }
        if let Some(score) = line.strip_prefix("POSITION SCORE .....:--->") {
            *total = score.trim().parse().expect("a printed total");
        }
        lines.push(normalise(line));
    }
    out
}

/// `1) pc7-c6 Qc4-d4 X …`
fn is_variant(line: &str) -> bool {
    let digits = line.trim_start_matches(|c: char| c.is_ascii_digit());
    digits.len() < line.len() && digits.starts_with(')')
}

/// One line of the thesis text with its typesetting undone (see [`printouts`]).
fn untypeset(line: &str) -> String {
    let line = line
        .replace('\u{a0}', " ")
        .replace("\\*", "*")
        .replace("\\#", "#")
        .replace("\\ ", " ")
        .replace("\\text{", "{")
        .replace(['{', '}'], "")
        .replace('|', " ");
    // `(price is due to  $3 * (18 - #pieces)$ )`: the formula's own text, the blank after it
    // gone before the closing parenthesis.
    let mut text = String::new();
    for (i, part) in line.split('$').enumerate() {
        if i % 2 == 0 && i > 0 && part.trim_start().starts_with(')') {
            text.push_str(part.trim_start());
        } else {
            text.push_str(part);
        }
    }
    text
}

#[test]
fn thesis_printouts_are_reproduced_line_by_line() {
    let Some(rows) = diagrams() else {
        return;
    };
    let Some(thesis) = shared_text("papers/003_3c02604a90f83583.txt") else {
        return;
    };
    let printouts = printouts(&thesis);
    let mut shown = Vec::new();
    for (total, expected) in printouts {
        // The diagram a printout shows is the one whose thesis score it totals.
        let of_total: Vec<&Diagram> = rows
            .values()
            .filter(|d| d.thesis_score == Some(total))
            .collect();
        assert_eq!(
            of_total.len(),
            1,
            "one diagram scored {total} in the thesis"
        );
        let d = of_total[0];
        shown.push(d.id.clone());
        let text = score_text(&score(d), mateproof::notation::MoveStyle::Thesis);
        let ours: Vec<String> = text
            .lines()
            .skip_while(|l| !l.starts_with("THEMES:"))
            .map(normalise)
            .take(expected.len())
            .collect();
        for (i, (want, got)) in expected.iter().zip(&ours).enumerate() {
            assert_eq!(got, want, "{}, printout line {}:\n{text}", d.id, i + 1);
        }
        assert_eq!(
            ours.len(),
            expected.len(),
            "{}: output too short:\n{text}",
            d.id
        );
    }
    assert_eq!(shown, ["D1", "D7"], "the thesis prints D1 and D7");
}

#[test]
fn thesis_totals_and_breakdowns() {
    let Some(rows) = diagrams() else {
        return;
    };
    let d1 = score(&rows["D1"]);
    assert_eq!(Some(d1.total), rows["D1"].thesis_score);
    assert_eq!(
        (
            d1.total,
            d1.theme_total(),
            d1.bonus_total(),
            d1.penalty_total()
        ),
        (118, 80, 56, 18)
    );
    assert_eq!(
        d1.theme(Theme::SelfBlock).map(|t| (t.count, t.points)),
        Some((3, 35))
    );
    assert_eq!(
        d1.theme(Theme::Grimshaw).map(|t| (t.count, t.points)),
        Some((1, 45))
    );

    let d7 = score(&rows["D7"]);
    assert_eq!(Some(d7.total), rows["D7"].thesis_score);
    assert_eq!(
        (
            d7.total,
            d7.theme_total(),
            d7.bonus_total(),
            d7.penalty_total()
        ),
        (143, 95, 101, 53)
    );
    for (theme, count, points) in [
        (Theme::Tempo, 1, 10),
        (Theme::DirectBattery, 1, 15),
        (Theme::KingFlights, 1, 15),
        (Theme::SelfBlock, 2, 30),
        (Theme::Pickaninny, 1, 25),
    ] {
        assert_eq!(
            d7.theme(theme).map(|t| (t.count, t.points)),
            Some((count, points)),
            "{theme:?}"
        );
    }
}

#[test]
fn every_thesis_diagram_is_sound_with_its_number_of_variants() {
    let Some(rows) = diagrams() else {
        return;
    };
    for d in rows.values() {
        let s = score(d);
        assert_eq!(s.variants.len(), d.variations, "{}: variants", d.id);
        assert!(
            s.variants.iter().all(|v| !v.mates.is_empty()),
            "{}: every reply is mated",
            d.id
        );
    }
}

#[test]
fn improved_versions_beat_their_originals() {
    let Some(rows) = diagrams() else {
        return;
    };
    let total = |id: &str| score(&rows[id]).total;
    for (better, original) in [("D2", "D1"), ("D5", "D3"), ("D7", "D6"), ("D10", "D8")] {
        let (b, o) = (total(better), total(original));
        assert!(
            b > o,
            "{better} ({b}) must score more than {original} ({o})"
        );
    }
}

#[test]
fn thesis_variant_tags_of_the_other_diagrams() {
    let Some(rows) = diagrams() else {
        return;
    };
    // (diagram, Black defence in UCI, theme the thesis names for it).
    let expected = [
        ("D2", "a8c6", Theme::Grimshaw),
        ("D2", "a7b7", Theme::Grimshaw),
        ("D2", "a8b7", Theme::Grimshaw),
        ("D3", "a6b5", Theme::SelfBlock),
        ("D4", "a6a5", Theme::SelfBlock),
        ("D4", "a6a5", Theme::DirectBattery),
        ("D4", "a6b5", Theme::SelfPin),
        ("D5", "d6d5", Theme::DirectBattery),
        ("D5", "a4a3", Theme::SelfPin),
        ("D6", "e7d6", Theme::SelfBlock),
        ("D10", "d5d4", Theme::SelfBlock),
        ("D10", "c4f4", Theme::SelfBlock),
    ];
    for (id, defence, theme) in expected {
        let s = score(&rows[id]);
        let variant = s
            .variants
            .iter()
            .find(|v| v.defence.to_string() == defence)
            .unwrap_or_else(|| panic!("{id}: no variant {defence}"));
        assert!(
            variant.themes.contains(&theme),
            "{id} {defence}: {theme:?} missing from {:?}",
            variant.themes
        );
    }
    assert_eq!(
        score(&rows["D2"]).theme(Theme::Grimshaw).map(|t| t.count),
        Some(2),
        "c6 and b7"
    );
}
