//! Theme detection on real two-movers from the suites (`suites/` of the shared reference data)
//! and on the thesis'
//! diagrams: each theme the thesis defines, found where a problemist sees it and not where
//! the thesis' own printouts show it is absent.

use mateproof::board::{Position, Validation};
use mateproof::composer::soundness::SoundnessTest;
use mateproof::composer::{evaluate, QualityScore, ScoreSettings, SelfPinRule, Theme};
use mateproof::kernel::SearchControl;
use mateproof::reference::shared_text;
use mateproof::solver::{Prover, TranspositionTable};

/// The FEN of the EPD line with this id in the shared `suites/{file}` (`None`: the test skips).
fn epd_fen(file: &str, id: &str) -> Option<String> {
    let text = shared_text(&format!("suites/{file}"))?;
    let needle = format!("id \"{id}\"");
    let line = text
        .lines()
        .find(|l| l.contains(&needle))
        .unwrap_or_else(|| panic!("{id} not in {file}"));
    Some(
        line.split_whitespace()
            .take(4)
            .collect::<Vec<_>>()
            .join(" "),
    )
}

/// The FEN of the thesis diagram `id` (`None`: the test skips).
fn thesis_fen(id: &str) -> Option<String> {
    let text = shared_text("composer/thesis-positions.tsv")?;
    let line = text
        .lines()
        .find(|l| l.starts_with(&format!("{id}\t")))
        .expect("diagram");
    Some(line.split('\t').nth(1).expect("fen").to_owned())
}

fn score_with(fen: &str, settings: &ScoreSettings) -> QualityScore {
    let pos = Position::from_fen(fen, Validation::Lenient).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let (tt, control) = (TranspositionTable::new(4), SearchControl::unlimited());
    let key = SoundnessTest::new(Prover::new(&tt, &control))
        .sound_key(&pos, 2)
        .unwrap_or_else(|e| panic!("{fen}: {e}"));
    evaluate(&pos, key, settings)
}

fn themes_of(score: &QualityScore, defence: &str) -> Vec<Theme> {
    score
        .variants
        .iter()
        .find(|v| v.defence.to_string() == defence)
        .unwrap_or_else(|| panic!("no variant {defence}"))
        .themes
        .clone()
}

#[test]
fn unpin_black_captures_the_pinning_rook_and_the_freed_pawn_mates() {
    // ...Re2:e1 releases Pg2 (pinned on the second rank against Kh2), which mates on g3.
    let Some(fen) = epd_fen("dm2.epd", "wtharvey-m8n2.068") else {
        return;
    };
    let s = score_with(&fen, &ScoreSettings::default());
    assert_eq!(themes_of(&s, "e2e1"), vec![Theme::Unpin]);
    assert_eq!(
        s.theme(Theme::Unpin).map(|t| (t.count, t.points)),
        Some((1, 20))
    );
}

#[test]
fn indirect_battery_fires_on_a_flight_the_mate_needs() {
    // ...B:d7 N:f7#: the knight leaves the e-file and Re1 takes e8 from Kd8.
    let Some(fen) = epd_fen("dm2.epd", "wtharvey-m8n2.008") else {
        return;
    };
    let s = score_with(&fen, &ScoreSettings::default());
    let tags = themes_of(&s, "e6d7");
    assert!(tags.contains(&Theme::IndirectBattery), "{tags:?}");
    assert!(!tags.contains(&Theme::DirectBattery), "{tags:?}");
}

#[test]
fn no_indirect_battery_when_the_square_was_guarded_before_the_mate() {
    // D1: after ...c6 Qd4#, Bb3 sees e6 once the queen leaves c4, but the queen guarded e6
    // already; the thesis' printout shows no battery.
    let Some(fen) = thesis_fen("D1") else {
        return;
    };
    let s = score_with(&fen, &ScoreSettings::default());
    assert!(s.theme(Theme::IndirectBattery).is_none());
    assert!(s.theme(Theme::DirectBattery).is_none());
}

#[test]
fn three_grimshaw_pairs() {
    // Rooks d8/e8 and bishops c8/f8 cut each other on d7, d6 and e6.
    let Some(fen) = epd_fen("dm2.epd", "matetrack.0005") else {
        return;
    };
    let s = score_with(&fen, &ScoreSettings::default());
    assert_eq!(s.theme(Theme::Grimshaw).map(|t| t.count), Some(3));
    for defence in ["e8e6", "c8e6", "d8d7", "c8d7", "d8d6", "f8d6"] {
        assert!(
            themes_of(&s, defence).contains(&Theme::Grimshaw),
            "{defence}"
        );
    }
}

#[test]
fn self_pin_by_a_king_move_that_matters() {
    // ...Kc5 pins Nd5 against Qe5; free, the knight would take the mating queen on c3.
    let Some(fen) = epd_fen("dm2.epd", "matetrack.0006") else {
        return;
    };
    for rule in [SelfPinRule::NewPin, SelfPinRule::PinMatters] {
        let settings = ScoreSettings {
            self_pin: rule,
            ..ScoreSettings::default()
        };
        let s = score_with(&fen, &settings);
        assert!(themes_of(&s, "b4c5").contains(&Theme::SelfPin), "{rule:?}");
    }
}

#[test]
fn the_thesis_loose_self_pin_label_depends_on_the_rule() {
    // D5 ...Ka3 Ra5#: the thesis calls it self-pinning (pd6 is pinned by Bf8) although the pawn
    // could not stop the mate.
    let Some(fen) = thesis_fen("D5") else {
        return;
    };
    let loose = score_with(&fen, &ScoreSettings::default());
    assert!(themes_of(&loose, "a4a3").contains(&Theme::SelfPin));
    let strict = score_with(
        &fen,
        &ScoreSettings {
            self_pin: SelfPinRule::PinMatters,
            ..ScoreSettings::default()
        },
    );
    assert!(!themes_of(&strict, "a4a3").contains(&Theme::SelfPin));
    assert!(strict.total < loose.total);
}

#[test]
fn a_dual_carries_no_themes_unless_asked() {
    // D9 ...d3 Rd4#/Re5# (Rd4 is the threat): the thesis labels it "self-blocking; thematic
    // minor dual"; by default only unique mates count.
    let Some(fen) = thesis_fen("D9") else {
        return;
    };
    let plain = score_with(&fen, &ScoreSettings::default());
    assert!(themes_of(&plain, "d4d3").is_empty());
    let duals = score_with(
        &fen,
        &ScoreSettings {
            themes_in_dual_variants: true,
            ..ScoreSettings::default()
        },
    );
    assert_eq!(themes_of(&duals, "d4d3"), vec![Theme::SelfBlock]);
}

#[test]
fn minor_dual_is_penalised() {
    use mateproof::composer::Penalty;
    let Some(fen) = thesis_fen("D9") else {
        return;
    };
    let s = score_with(&fen, &ScoreSettings::default());
    let duals: Vec<_> = s
        .penalties
        .iter()
        .filter(|p| matches!(p.item, Penalty::Duals { .. }))
        .collect();
    assert_eq!(duals.len(), 1);
    assert_eq!(
        duals[0].item,
        Penalty::Duals {
            size: 2,
            minor: true,
            count: 1
        }
    );
    assert_eq!(duals[0].points, 1);
}
