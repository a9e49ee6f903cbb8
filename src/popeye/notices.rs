//! Popeye's notices about options that do not go with a problem's play: it says so and goes
//! on without them (`WhiteToPlay not applicable - ignored`, `Option  StopOnShortSolutions  not
//! supported with direct play.`). Each notice has its place: the ones Popeye gives when the
//! stipulation is set come before the problem's header (and before a twin that changes the
//! stipulation), the ones it gives when it builds a twin's solving come right before the
//! twin's play. This module only decides which notices a play gets; the run writes them.

use super::messages::{message, Message};
use super::reader::ProblemSpec;
use crate::notation::Language;
use crate::problem::{PlayKind, Stipulation};

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

/// The notices before a twin's play: `StopOnShortSolutions` in battle play and `Threat n`
/// where no attacker's move has more than `n` moves to go (tries with `PostKeyPlay`: the
/// battle writer's, `run::battle_text`).
pub(super) fn before_play(
    spec: &ProblemSpec,
    stipulation: Stipulation,
    language: Language,
) -> Vec<&'static str> {
    let options = &spec.options.solve;
    let mut notices = Vec::new();
    if let Some(threat) = options.max_threat_length {
        if !(battle(stipulation) && threat < stipulation.moves()) {
            notices.push(message(language, Message::ThreatNotApplicable));
        }
    }
    if options.stop_on_short_solutions && battle(stipulation) {
        notices.push(message(language, Message::StopOnShortSolutionsNotSupported));
    }
    notices
}
