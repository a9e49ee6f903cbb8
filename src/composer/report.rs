//! Writers for the composer's results: the thesis' Appendix E printout of a quality score
//! (THEMES / BONUSES / PENALTIES / POSITION SCORE / VARIANTS, with the thesis' own wording so
//! a reader can set the two side by side), and the JSON forms of scores and improvements.
//!
//! Moves are written as the thesis writes them: piece letter (upper case White, lower case
//! Black, `P`/`p` for pawns), squares joined by `-` or `:` for a capture, `X` after a mate.
//! This module formats; it computes nothing.

use super::breakdown::{Bonus, Penalty, QualityScore, VariantLine};
use super::kmove::KMoveScore;
use super::play::ThreatPlay;
use super::search::Improvement;
use super::themes::Theme;
use super::transform::path_text;
use crate::board::{fen::to_fen, Move, Position};
use crate::notation::MoveStyle;
use serde_json::{json, Value};
use std::fmt::Write;

pub use crate::notation::style::thesis_move;

fn theme_line(theme: Theme, count: u32, points: i32) -> String {
    match theme {
        Theme::Tempo => format!("tempo (waiting) score: {points} (price is {points})"),
        Theme::KingFlights => format!("king-flights score: {points} (price is {points} for non-decreasing)"),
        Theme::LonelyKing => format!("lonely king score: {points} (price is {points})"),
        Theme::DirectBattery => format!(
            "direct battery uniquely fired: {count} times score: {points} (price is 15 for the first thematic variant, 3 for the rest)"
        ),
        Theme::IndirectBattery => format!(
            "indirect battery uniquely fired: {count} times score: {points} (price is 25 for the first thematic variant, 5 for the rest)"
        ),
        Theme::SelfBlock => {
            format!("selfblocks: {count} score: {points} (price is 25 for the first variant, 5 for the rest)")
        }
        Theme::SelfPin => {
            format!("selfpins: {count} score: {points} (price is 15 for the first variant, 3 for the rest)")
        }
        Theme::Unpin => format!("unpins: {count} score: {points} (price is 20 for the first variant, 4 for the rest)"),
        Theme::HalfPin => format!("half-pins: {count} score: {points} (price is 25 for each occurrence)"),
        Theme::Grimshaw => format!("grimshaw pairs: {count} score: {points} (price is 45 for each occurrence)"),
        Theme::Pickaninny => format!("pickaniny pawns: {count} score: {points} (price is 25 for each occurrence)"),
    }
}

fn bonus_lines(bonus: &Bonus, points: i32) -> Vec<String> {
    let one = |s: String| vec![s];
    match bonus {
        Bonus::Miniature => one(format!("position size: miniature score: {points}")),
        Bonus::Meredith => one(format!("position size: Meredith score: {points}")),
        Bonus::CentralKing => one(format!("black king is in the center score: {points}")),
        Bonus::Pieces { pieces } => one(format!(
            "pieces on the board: {pieces} score: {points} (price is due to 3 * (18 - #pieces))"
        )),
        Bonus::KeyByKing => one(format!("keymove is by king score: {points}")),
        // The thesis prints the points twice on this line (D7: "mate move is by king: 20 score: 20").
        Bonus::MateByKing { .. } => one(format!(
            "mate move is by king: {points} score: {points} (price is 20 for the first variant, 4 for the rest)"
        )),
        Bonus::FlightsGiven { flights } => one(format!(
            "keymove gives king flights: {flights} score: {points} (price is 15 for each flight)"
        )),
        Bonus::ChecksGiven { checks } => one(format!(
            "keymove enables black checks: {checks} score: {points} (price is 30 for the first check, 6 for the rest)"
        )),
        Bonus::KeyPinsWhite { value } => one(format!(
            "keymove pins white pieces of value: {value} score: {points} (price is due to 3 * piece value)"
        )),
        Bonus::KeyUnpinsBlack { value } => one(format!(
            "keymove unpins black pieces of value: {value} score: {points} (price is due to 5 * piece value)"
        )),
        Bonus::Sacrifice { squares, value } => {
            let list: Vec<String> = squares.iter().map(|s| s.to_string()).collect();
            vec![
                format!("*** after keymove sacrificed pieces on squares: {}", list.join(" ")),
                format!(
                    "sacrificed pieces: {} score: {points} (price is due to {} * sacrificed piece value)",
                    squares.len(),
                    if *value == 0 { 0 } else { points / value }
                ),
            ]
        }
        Bonus::Mates { thematic, other, variants } => vec![
            format!("*** different thematic mates: {thematic}, different nonthematic mates: {other}, variants:{variants}"),
            format!(
                "score: {points} (price is due to (10 * #diff thematic mates^2 + 3 * other diff mates) / #variants)"
            ),
        ],
        Bonus::KeyDistance { .. } => one(format!(
            "keymove distance: {points} (price is due to horizontals & verticals 2, diagonals 3 )"
        )),
        Bonus::KeyFromKing { .. } => one(format!(
            "keymove from king distance: {points} (price is due to horizontals & verticals 2, diagonals 3 )"
        )),
    }
}

fn penalty_line(penalty: &Penalty, points: i32) -> String {
    match penalty {
        Penalty::Duals { size, minor, count } => {
            let class = match size {
                2 => "duals",
                3 => "triples",
                _ => "multiples",
            };
            let kind = if *minor { "minor" } else { "major" };
            format!("{kind} {class}: {count} score: {points}")
        }
        Penalty::CornerKing => format!("black king is in the corner score: {points}"),
        Penalty::EdgeKing => format!("black king is on the edge score: {points}"),
        Penalty::CheckingKey => format!("keymove is a check score: {points}"),
        Penalty::DoubleCheckingKey => format!("keymove is a double check score: {points}"),
        Penalty::CapturingKey { value } => {
            format!("keymove captures a piece of value: {value} score: {points} (price is due to 10 * piece value)")
        }
        Penalty::PromotionKey { value } => {
            format!("keymove promotes to a piece of value: {value} score: {points} (price is due to 5 * piece value)")
        }
        Penalty::FlightsTaken { flights } => {
            format!("keymove takes king flights: {flights} score: {points} (price is 15 for each flight)")
        }
        Penalty::KeyPinsBlack { value } => {
            format!("keymove pins black pieces of value: {value} score: {points} (price is due to 5 * piece value)")
        }
        Penalty::KeyUnpinsWhite { value } => {
            format!("keymove unpins white pieces of value: {value} score: {points} (price is due to 3 * piece value)")
        }
        Penalty::Material { white, black } => {
            format!("pieces value, white:{white}, black: {black} score: {points} (price is due to 2 * (whites - blacks))")
        }
        Penalty::KeyToKing { .. } => {
            format!("keymove to king distance: {points} (price is due to horizontals & verticals 2, diagonals 3 )")
        }
    }
}

/// The Appendix E printout of a score: the thesis' line wording, then every variant with its
/// mates and theme tags.
pub fn score_text(score: &QualityScore, style: MoveStyle) -> String {
    let pos = &score.position;
    let after_key = pos.after(score.key);
    let mut s = String::new();
    let _ = writeln!(s, "The keymove is: {}", style.move_text(pos, score.key));
    let _ = writeln!(s, "THEMES:");
    if let ThreatPlay::Threats(threats) = &score.threat {
        let passed = after_key.after_null();
        let list: Vec<String> = threats
            .iter()
            .map(|&t| style.move_text(&passed, t))
            .collect();
        let _ = writeln!(s, "threat: {}", list.join(" "));
    }
    for t in &score.themes {
        let _ = writeln!(s, "{}", theme_line(t.theme, t.count, t.points));
    }
    let _ = writeln!(
        s,
        "-----\nTotal score for themes :--->{:>3}",
        score.theme_total()
    );
    let _ = writeln!(s, "BONUSES:");
    for b in &score.bonuses {
        for line in bonus_lines(&b.item, b.points) {
            let _ = writeln!(s, "{line}");
        }
    }
    let _ = writeln!(
        s,
        "-----\nTotal score for bonuses :--->{:>3}",
        score.bonus_total()
    );
    let _ = writeln!(s, "PENALTIES:");
    for p in &score.penalties {
        let _ = writeln!(s, "{}", penalty_line(&p.item, p.points));
    }
    let _ = writeln!(
        s,
        "-----\nTotal score for penalties:--->{:>3}",
        score.penalty_total()
    );
    let _ = writeln!(s, "POSITION SCORE .....:--->{:>3}", score.total);
    // The thesis prints one variant per new mate that is not a threat (D1 lists 4 of its 9
    // variants, D7 4 of 5); the rest follow under their own heading.
    let threats = score.threat.moves();
    let mut shown: Vec<Move> = Vec::new();
    let mut others = Vec::new();
    let mut number = 0;
    let _ = writeln!(s, "VARIANTS:");
    for v in &score.variants {
        let fresh = v
            .mates
            .iter()
            .any(|m| !threats.contains(m) && !shown.contains(m));
        if fresh {
            shown.extend(v.mates.iter().copied());
            number += 1;
            let _ = writeln!(s, "{number}) {}", variant_text(&after_key, v, style));
        } else {
            others.push(v);
        }
    }
    if !others.is_empty() {
        let _ = writeln!(s, "OTHER VARIANTS:");
        for v in others {
            let _ = writeln!(s, "   {}", variant_text(&after_key, v, style));
        }
    }
    s
}

/// `pc7-c6     Qc4-d4 X     self-blocking; grimshaw`
fn variant_text(after_key: &Position, v: &VariantLine, style: MoveStyle) -> String {
    let after = after_key.after(v.defence);
    // The thesis marks mate with ` X`; the other styles carry `#` in the move itself.
    let mates: Vec<String> = v
        .mates
        .iter()
        .map(|&m| match style {
            MoveStyle::Thesis => format!("{} X", thesis_move(&after, m)),
            _ => style.move_text(&after, m),
        })
        .collect();
    let tags: Vec<&str> = v.themes.iter().map(|t| t.tag()).collect();
    format!(
        "{:<10} {:<20} {}",
        style.move_text(after_key, v.defence),
        mates.join(" / "),
        tags.join("; ")
    )
    .trim_end()
    .to_owned()
}

/// The JSON form of a score (`mateproof score --json`).
pub fn score_json(score: &QualityScore) -> Value {
    let pos = &score.position;
    let after_key = pos.after(score.key);
    let threat = match &score.threat {
        ThreatPlay::CheckingKey => json!("check"),
        ThreatPlay::Tempo => json!("tempo"),
        ThreatPlay::Threats(t) => json!(t.iter().map(|m| m.to_string()).collect::<Vec<_>>()),
    };
    let lines = |items: Vec<(Vec<String>, i32)>| -> Vec<Value> {
        items
            .into_iter()
            .map(|(text, points)| json!({"line": text.join(" / "), "points": points}))
            .collect()
    };
    let themes: Vec<Value> = score
        .themes
        .iter()
        .map(|t| json!({"theme": t.theme.tag(), "count": t.count, "points": t.points}))
        .collect();
    let bonuses = lines(
        score
            .bonuses
            .iter()
            .map(|b| (bonus_lines(&b.item, b.points), b.points))
            .collect(),
    );
    let penalties = lines(
        score
            .penalties
            .iter()
            .map(|p| (vec![penalty_line(&p.item, p.points)], p.points))
            .collect(),
    );
    let variants: Vec<Value> = score
        .variants
        .iter()
        .map(|v| {
            json!({
                "defence": v.defence.to_string(),
                "mates": v.mates.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
                "themes": v.themes.iter().map(|t| t.tag()).collect::<Vec<_>>(),
                "text": thesis_move(&after_key, v.defence),
            })
        })
        .collect();
    json!({
        "fen": to_fen(pos),
        "key": score.key.to_string(),
        "threat": threat,
        "themes": themes,
        "themes_total": score.theme_total(),
        "bonuses": bonuses,
        "bonuses_total": score.bonus_total(),
        "penalties": penalties,
        "penalties_total": score.penalty_total(),
        "total": score.total,
        "variants": variants,
    })
}

/// The text form of a k-move metric.
pub fn kmove_text(score: &KMoveScore, pos: &Position, style: MoveStyle) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "The keymove is: {}", style.move_text(pos, score.key));
    let line = |path: &[Move]| -> String {
        let mut p = *pos;
        let mut parts = Vec::new();
        for &m in path {
            parts.push(style.move_text(&p, m));
            p = p.after(m);
        }
        parts.join(" ")
    };
    let _ = writeln!(s, "CLUSTERS:");
    for c in &score.clusters {
        let _ = writeln!(
            s,
            "level {} after {}: unique answers {}, variants {} score: {}",
            c.level,
            line(&c.path),
            c.unique,
            c.variants,
            c.score
        );
    }
    let _ = writeln!(s, "DUALS:");
    for d in &score.duals {
        let kind = if d.minor { "minor" } else { "major" };
        let _ = writeln!(
            s,
            "{kind} dual after {} ({} answers, {} moves to go) penalty: {}",
            line(&d.path),
            d.answers,
            d.remaining,
            d.penalty
        );
    }
    if score.pieces_change != 0 {
        let _ = writeln!(s, "material change score: {}", score.pieces_change);
    }
    let _ = writeln!(s, "METRIC .....:--->{:>3}", score.total);
    s
}

/// The JSON form of one improvement; `breakdown` when the caller computed it.
pub fn improvement_json(imp: &Improvement, breakdown: Option<Value>) -> Value {
    json!({
        "fen": to_fen(&imp.position),
        "transformations": path_text(&imp.path),
        "key": imp.key.to_string(),
        "score": imp.score,
        "gain": imp.gain,
        "breakdown": breakdown,
    })
}

/// The UCI line for the original problem's score (see `protocol/uci-extensions.md`):
/// `info string composer score score=118 key=b5c4 themes=self-block:3,grimshaw:1 bonuses=56
/// penalties=18`. Values never contain spaces; `-` is an empty list.
pub fn uci_score_line(score: &QualityScore) -> String {
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
pub fn uci_kmove_line(score: &KMoveScore) -> String {
    format!(
        "info string composer score score={} key={} metric=kmove clusters={} duals={}",
        score.total,
        score.key,
        score.clusters.len(),
        score.duals.len()
    )
}

/// Free text as one UCI field value: the words joined by `_`.
pub fn uci_words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join("_")
}

/// The UCI line saying why no improvement is sent: `info string composer none reason=…`.
pub fn uci_none_line(why: &str) -> String {
    format!("info string composer none reason={}", uci_words(why))
}

/// The UCI line for one improvement: `info string composer suggestion score=179 gain=61
/// key=b5c4 edits=+Pe3,+ra7,+pe4 fen=<FEN>`; `fen=` comes last and runs to the end of the line.
pub fn uci_suggestion_line(imp: &Improvement) -> String {
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
