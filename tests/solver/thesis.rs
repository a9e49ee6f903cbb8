//! The ten #2 diagrams of the composer thesis (`composer/thesis-positions.tsv` of the shared
//! reference data):
//! exactly one key, the listed threat or zugzwang (tempo), and the listed number of variations
//! (the thesis counts every Black reply to the key; each must allow a mate).

use mateproof::board::{Position, Validation};
use mateproof::kernel::SearchControl;
use mateproof::notation::{parse_popeye, Language};
use mateproof::popeye::shown::PRESENTATION;
use mateproof::problem::Problem;
use mateproof::reference::shared_text;
use mateproof::solution::Threat;
use mateproof::solver::solve;

/// The thesis writes `Nf2-e4` and `Qc4:c7`; Popeye (English) writes `Sf2-e4` and `Qc4*c7`.
fn popeye_text(thesis: &str) -> String {
    let text = thesis.replace(':', "*");
    match text.strip_prefix('N') {
        Some(rest) => format!("S{rest}"),
        None => text,
    }
}

#[test]
fn thesis_positions_have_the_published_solutions() {
    let Some(text) = shared_text("composer/thesis-positions.tsv") else {
        return;
    };
    let mut checked = 0;
    for line in text.lines().skip(1).filter(|l| !l.trim().is_empty()) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [id, fen, stipulation, key, threat, variations, ..] = cols[..] else {
            panic!("bad row: {line}");
        };
        assert_eq!(stipulation, "#2", "{id}");
        let position =
            Position::from_fen(fen, Validation::Lenient).unwrap_or_else(|e| panic!("{id}: {e}"));
        let key = parse_popeye(&position, &popeye_text(key), Language::English)
            .unwrap_or_else(|e| panic!("{id}: {e}"));

        let mut problem = Problem::directmate(position, 2);
        problem.options.variations = true;
        let solution = solve(&problem, &SearchControl::unlimited(), PRESENTATION)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let keys: Vec<_> = solution.keys().collect();
        assert_eq!(
            keys.len(),
            1,
            "{id}: keys {:?}",
            keys.iter().map(|k| k.mv).collect::<Vec<_>>()
        );
        assert_eq!(keys[0].mv, key, "{id}");
        let after_key = position.after(key);
        match (&keys[0].threat, threat) {
            (Threat::Zugzwang, t) => {
                assert!(t.starts_with("none"), "{id}: zugzwang, thesis says {t}")
            }
            (Threat::Threats(moves), t) => {
                let expected =
                    parse_popeye(&after_key.after_null(), &popeye_text(t), Language::English)
                        .unwrap_or_else(|e| panic!("{id}: {e}"));
                assert_eq!(
                    moves.iter().map(|m| m.mv).collect::<Vec<_>>(),
                    vec![expected],
                    "{id}"
                );
            }
            (other, t) => panic!("{id}: threat {other:?}, thesis says {t}"),
        }

        // Every Black reply is a variation: with NoThreat the tree lists them all.
        problem.options.no_threat = true;
        let all = solve(&problem, &SearchControl::unlimited(), PRESENTATION)
            .unwrap_or_else(|e| panic!("{id}: {e}"));
        let defences = all.keys().next().map_or(0, |k| k.defences.len());
        assert_eq!(defences.to_string(), variations, "{id}");
        assert_eq!(defences, after_key.legal_moves().len(), "{id}");
        checked += 1;
    }
    assert_eq!(checked, 10);
}
