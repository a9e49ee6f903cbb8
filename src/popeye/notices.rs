//! Popeye's notices about options that do not go with a problem's play: it says so and goes
//! on without them (`WhiteToPlay not applicable - ignored`, `Option  StopOnShortSolutions  not
//! supported with direct play.`). Each notice has its place: the ones Popeye gives when the
//! stipulation is set come before the problem's header (and before a twin that changes the
//! stipulation), the ones it gives when it builds a twin's solving come right before the
//! twin's play. This module only decides which notices a play gets; the run writes them.

use super::messages::{message, Message};
use super::reader::ProblemSpec;
use crate::notation::Language;
use crate::problem::{Goal, PlayKind, SeriesEnd, Stipulation};

/// Whether `stipulation` is battle play (a tree of attack and defence).
fn battle(stipulation: Stipulation) -> bool {
    !stipulation.is_help_or_series()
}

/// The notices before the header (or a twin with its own stipulation): `WhiteToPlay` where
/// it cannot shorten the play (battle play, `h#N.5`), `PostKeyPlay` in help and series play.
pub(super) fn before_header(
    spec: &ProblemSpec,
    stipulation: Stipulation,
    language: Language,
) -> Vec<&'static str> {
    let options = &spec.options;
    let mut notices = Vec::new();
    let shortens = stipulation.play == PlayKind::Help && stipulation.length.max % 2 == 0;
    if options.white_to_play && battle(stipulation)
        || options.white_to_play && !shortens && stipulation.play == PlayKind::Help
    {
        notices.push(message(language, Message::WhiteToPlayNotApplicable));
    }
    if options.solve.post_key_play && !battle(stipulation) {
        notices.push(message(language, Message::PostKeyPlayNotApplicable));
    }
    notices
}

/// Whether Popeye's intelligent mode takes `stipulation`: help play and the series that end
/// with the series side's move or a help move (`h#`, `ser-#`, `ser-h#`), of mate or stalemate
/// (Popeye's `stip_supports_intelligent`: no defence anywhere, no other goal).
fn intelligent_applies(stipulation: Stipulation) -> bool {
    let play = matches!(
        stipulation.play,
        PlayKind::Help | PlayKind::Series(SeriesEnd::Direct | SeriesEnd::Help)
    );
    play && matches!(stipulation.goal, Goal::Mate | Goal::Stalemate)
}

/// Whether Popeye finds `Threat n` not applicable: in battle play where no defence is left
/// at least `n` moves before the end (`#N` with `n >= N`, but never in a one-mover, whose
/// play has no defence to guard), in help and series play unless `n` is 0 (Popeye's
/// `solving_insert_maxthreatlength_guards` finding no defence to guard).
fn threat_not_applicable(stipulation: Stipulation, threat: u32) -> bool {
    if battle(stipulation) {
        stipulation.moves() >= 2 && threat >= stipulation.moves()
    } else {
        threat > 0
    }
}

/// The notices before a twin's play, in Popeye's order: `Intelligent` where its mode does
/// not take the play, `Threat n` where it is not applicable and `StopOnShortSolutions` in
/// battle play (tries with `PostKeyPlay`: the battle writer's, `run::battle_text`).
pub(super) fn before_play(
    spec: &ProblemSpec,
    stipulation: Stipulation,
    language: Language,
) -> Vec<&'static str> {
    let options = &spec.options.solve;
    let mut notices = Vec::new();
    if spec.options.intelligent && !intelligent_applies(stipulation) {
        notices.push(message(language, Message::IntelligentRestricted));
    }
    if let Some(threat) = options.max_threat_length {
        if threat_not_applicable(stipulation, threat) {
            notices.push(message(language, Message::ThreatNotApplicable));
        }
    }
    if options.stop_on_short_solutions && battle(stipulation) {
        notices.push(message(language, Message::StopOnShortSolutionsNotSupported));
    }
    notices
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stipulation(text: &str) -> Stipulation {
        text.parse().expect("a stipulation")
    }

    #[test]
    fn threat_is_not_applicable_as_popeye_finds_it() {
        // Battle play: only where a defence stands `n` moves or more before the end.
        assert!(!threat_not_applicable(stipulation("#1"), 1));
        assert!(!threat_not_applicable(stipulation("s#1"), 3));
        assert!(!threat_not_applicable(stipulation("#2"), 1));
        assert!(threat_not_applicable(stipulation("#2"), 2));
        assert!(threat_not_applicable(stipulation("r#4"), 4));
        // Help and series play have no defence to guard (Threat 0 guards nothing).
        assert!(threat_not_applicable(stipulation("h#2"), 1));
        assert!(!threat_not_applicable(stipulation("h#2"), 0));
    }

    #[test]
    fn intelligent_mode_takes_help_and_series_mates_and_stalemates() {
        for taken in ["h#2", "h=1.5", "ser-#3", "ser-h=2"] {
            assert!(intelligent_applies(stipulation(taken)), "{taken}");
        }
        for refused in ["#2", "=1", "s#2", "r#1", "ser-s#2", "ser-r#2", "h##2"] {
            assert!(!intelligent_applies(stipulation(refused)), "{refused}");
        }
    }
}
