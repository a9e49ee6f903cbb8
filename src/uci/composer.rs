//! The composer's `info string composer …` lines (`protocol/uci-extensions.md`): the engine
//! hands over the composer's verdict on a proved problem and its suggestions as data
//! ([`ComposerEvent`]); this module writes them as UCI text, one field per `key=value`.

use crate::board::fen::to_fen;
use crate::composer::breakdown::QualityScore;
use crate::composer::kmove::KMoveScore;
use crate::composer::search::Improvement;
use crate::composer::stream::{OriginalScore, Suggestions};
use crate::engine::ComposerEvent;

/// The lines for one composer event.
pub fn event_lines(event: &ComposerEvent) -> Vec<String> {
    match event {
        ComposerEvent::Score(OriginalScore::Quality(score)) => vec![score_line(score)],
        ComposerEvent::Score(OriginalScore::KMove(score)) => vec![kmove_line(score)],
        ComposerEvent::Score(OriginalScore::Unsound(reason)) => vec![format!(
            "info string composer score score=0 sound=no reason={}",
            words(reason)
        )],
        ComposerEvent::Suggestions(Suggestions::Best(found)) => {
            found.iter().map(suggestion_line).collect()
        }
        ComposerEvent::Suggestions(Suggestions::None(why)) => vec![none_line(why)],
        ComposerEvent::Suggestions(Suggestions::Failed(why)) => {
            vec![format!("info string error: composer: {why}")]
        }
        ComposerEvent::Refused(e) => vec![none_line(&e.to_string())],
    }
}

/// The UCI line for the original problem's score (see `protocol/uci-extensions.md`):
/// `info string composer score score=118 key=b5c4 themes=self-block:3,grimshaw:1 bonuses=56
/// penalties=18`. Values never contain spaces; `-` is an empty list.
pub fn score_line(score: &QualityScore) -> String {
    let themes: Vec<String> = score
        .themes
        .iter()
        .map(|t| format!("{}:{}", t.theme.id(), t.count))
        .collect();
    format!(
        "info string composer score score={} key={} themes={} bonuses={} penalties={}",
        score.total,
        score.key,
        if themes.is_empty() {
            "-".to_owned()
        } else {
            themes.join(",")
        },
        score.bonus_total(),
        score.penalty_total()
    )
}

/// The UCI line for a k-move metric: `info string composer score score=… key=… metric=kmove`.
pub fn kmove_line(score: &KMoveScore) -> String {
    format!(
        "info string composer score score={} key={} metric=kmove clusters={} duals={}",
        score.total,
        score.key,
        score.clusters.len(),
        score.duals.len()
    )
}

/// Free text as one UCI field value: the words joined by `_`.
pub fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join("_")
}

/// The UCI line saying why no improvement is sent: `info string composer none reason=…`.
pub fn none_line(why: &str) -> String {
    format!("info string composer none reason={}", words(why))
}

/// The UCI line for one improvement: `info string composer suggestion score=179 gain=61
/// key=b5c4 edits=+Pe3,+ra7,+pe4 fen=<FEN>`; `fen=` comes last and runs to the end of the line.
pub fn suggestion_line(imp: &Improvement) -> String {
    let edits: Vec<String> = imp.path.iter().map(|t| t.to_string()).collect();
    format!(
        "info string composer suggestion score={} gain={} key={} edits={} fen={}",
        imp.score,
        imp.gain,
        imp.key,
        edits.join(","),
        to_fen(&imp.position)
    )
}
