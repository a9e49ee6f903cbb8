//! Writers of a [`Classification`] (`mateproof classify`, UCI's `go classify`): one
//! [`Verdict`] per field, in SAN, from which the text lines, the JSON object and the UCI
//! records are all made, so the three say the same. They read the classification only.

use crate::board::{Color, Move, Position};
use crate::classify::{Classification, DrawRules, LineEnd};
use crate::notation::{to_san_plus, MoveStyle};
use crate::rules::Rules;
use serde_json::{json, Map, Value};

/// One of the six verdicts, ready to print.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Verdict {
    /// The JSON field and UCI record name: `help_win`, `help_loss`, `help_draw`, `hang`,
    /// `forced_win`, `forced_loss`.
    pub field: &'static str,
    /// Plies (help fields), moves (forced fields), `true`/`false` (hang) or `null`.
    pub value: Value,
    /// The witness line in SAN (for hang: the shortest line that ends, when one does).
    pub line: Vec<String>,
    /// The keys in SAN (forced win only).
    pub keys: Vec<String>,
    /// The line for people, numbered, from the position.
    pub text: String,
}

/// The six verdicts of `c`, classified at `pos`, in the order of the JSON object.
pub fn verdicts(c: &Classification<Move>, pos: &Position) -> Vec<Verdict> {
    let side = capitalised(c.x);
    let n = c.plies;
    let mut out = Vec::with_capacity(6);
    for (field, found, goal) in [
        ("help_win", &c.help_win, format!("{side} mating")),
        ("help_loss", &c.help_loss, format!("{side} checkmated")),
        (
            "help_draw",
            &c.help_draw,
            match c.draws {
                DrawRules::Problem => "stalemate or a dead position",
                DrawRules::Game => "stalemate, a dead position, a repetition or the 50-move rule",
            }
            .to_owned(),
        ),
    ] {
        out.push(match found {
            Some(w) => Verdict {
                field,
                value: json!(w.plies),
                line: san(pos, &w.line),
                keys: Vec::new(),
                text: format!(
                    "{}: {} — {}",
                    label(field),
                    plies(w.plies),
                    ending(pos, &w.line, c.x, c.draws)
                ),
            },
            None => none(
                field,
                format!("no line of at most {} ends with {goal}", plies(n)),
            ),
        });
    }
    let first_end = [&c.help_win, &c.help_loss, &c.help_draw]
        .into_iter()
        .flatten()
        .min_by_key(|w| w.plies);
    out.push(match first_end {
        Some(w) => Verdict {
            field: "hang",
            value: json!(false),
            line: san(pos, &w.line),
            keys: Vec::new(),
            text: if w.line.is_empty() {
                format!("hang: no — {}", ending(pos, &w.line, c.x, c.draws))
            } else {
                format!(
                    "hang: no — a line ends within {}: {}",
                    plies(w.plies),
                    numbered(pos, &w.line)
                )
            },
        },
        None => Verdict {
            field: "hang",
            value: json!(true),
            line: Vec::new(),
            keys: Vec::new(),
            text: format!(
                "hang: yes — no line of at most {} ends (no mate, {})",
                plies(n),
                match c.draws {
                    DrawRules::Problem => "stalemate or dead position",
                    DrawRules::Game => "stalemate, dead position, repetition or 50-move draw",
                }
            ),
        },
    });
    out.push(match &c.forced_win {
        Some(win) => {
            let keys = san_each(pos, &win.keys);
            Verdict {
                field: "forced_win",
                value: json!(win.moves),
                text: format!(
                    "forced win: mate in {} against every defence — {} {}; main line {}",
                    win.moves,
                    if keys.len() == 1 { "key" } else { "keys" },
                    keys.join(" "),
                    numbered(pos, &win.line)
                ),
                line: san(pos, &win.line),
                keys,
            }
        }
        None => none(
            "forced_win",
            format!("{side} cannot force mate within {}", plies(n)),
        ),
    });
    out.push(match (&c.forced_loss, c.over) {
        (Some(loss), _) => Verdict {
            field: "forced_loss",
            value: json!(loss.moves),
            line: san(pos, &loss.line),
            keys: Vec::new(),
            text: format!(
                "forced loss: mated in {} whatever {side} plays — longest line {}",
                loss.moves,
                numbered(pos, &loss.line)
            ),
        },
        (None, Some(_)) => none("forced_loss", format!("{side} has no move")),
        (None, None) => none(
            "forced_loss",
            format!("{side} is not mated by force within {}", plies(n)),
        ),
    });
    out
}

/// The text of `mateproof classify`: a heading, then one line per verdict.
pub fn classification_text(c: &Classification<Move>, pos: &Position) -> String {
    let mut text = format!("{} to move, within {}", capitalised(c.x), plies(c.plies));
    if let Some(end) = c.over {
        text.push_str(&format!(" (the game is over: {})", end_words(end, c.x)));
    }
    text.push_str(":\n");
    for verdict in verdicts(c, pos) {
        text.push_str(&verdict.text);
        text.push('\n');
    }
    text
}

/// The JSON object: the six fields, then `witness` (each field's line in SAN, `null` where
/// there is none) and `keys` (the forced win's keys in SAN).
pub fn classification_json(c: &Classification<Move>, pos: &Position) -> Value {
    let verdicts = verdicts(c, pos);
    let mut object = Map::new();
    let mut witness = Map::new();
    let mut keys = Vec::new();
    for v in verdicts {
        object.insert(v.field.to_owned(), v.value);
        witness.insert(
            v.field.to_owned(),
            if v.line.is_empty() {
                Value::Null
            } else {
                json!(v.line)
            },
        );
        keys.extend(v.keys);
    }
    object.insert("witness".to_owned(), Value::Object(witness));
    object.insert("keys".to_owned(), json!(keys));
    Value::Object(object)
}

/// A verdict of "none".
fn none(field: &'static str, why: String) -> Verdict {
    Verdict {
        field,
        value: Value::Null,
        line: Vec::new(),
        keys: Vec::new(),
        text: format!("{}: none — {why}", label(field)),
    }
}

fn label(field: &str) -> String {
    field.replace('_', " ")
}

fn capitalised(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

fn plies(n: u32) -> String {
    if n == 1 {
        "1 ply".to_owned()
    } else {
        format!("{n} plies")
    }
}

fn end_words(end: LineEnd, x: Color) -> String {
    let side = capitalised(x);
    let other = capitalised(!x);
    match end {
        LineEnd::Mate { mated } if mated == x => format!("{side} checkmated"),
        LineEnd::Mate { .. } => format!("{side} mating"),
        LineEnd::Stalemate { stalemated } if stalemated == x => format!("{side} stalemated"),
        LineEnd::Stalemate { .. } => format!("{other} stalemated"),
        LineEnd::Dead => "a dead position".to_owned(),
        LineEnd::Repetition => "a repeated position".to_owned(),
        LineEnd::FiftyMoves => "the 50-move rule".to_owned(),
    }
}

/// `a line ends with Black mating: 1.Kb6 Kb8 2.Rh8#`, or for the empty line (the game is over
/// at `pos`) `the game is over: Black stalemated`, with no empty witness after a colon.
fn ending(pos: &Position, line: &[Move], x: Color, draws: DrawRules) -> String {
    let end = end_name(pos, line, x, draws);
    if line.is_empty() {
        format!("the game is over: {end}")
    } else {
        format!("a line ends with {end}: {}", numbered(pos, line))
    }
}

/// How the line `line` from `pos` ends, in words.
fn end_name(pos: &Position, line: &[Move], x: Color, draws: DrawRules) -> String {
    let played = replay(pos, line);
    let last = played.last().map_or_else(|| *pos, |(p, m)| step(p, *m));
    let earlier: Vec<u64> = played.iter().map(|(p, _)| p.key()).collect();
    LineEnd::under(draws, &last, &earlier)
        .map_or_else(|| "no end".to_owned(), |end| end_words(end, x))
}

fn step(pos: &Position, m: Move) -> Position {
    if m.is_null() {
        pos.pass()
    } else {
        pos.play(m)
    }
}

/// Each move of `line` with the position it is played in.
fn replay(pos: &Position, line: &[Move]) -> Vec<(Position, Move)> {
    let mut at = *pos;
    line.iter()
        .map(|&m| {
            let before = at;
            at = step(&at, m);
            (before, m)
        })
        .collect()
}

/// The line in SAN with check marks, no numbers (a pass is `--`).
fn san(pos: &Position, line: &[Move]) -> Vec<String> {
    replay(pos, line)
        .iter()
        .map(|(p, m)| MoveStyle::San.move_text(p, *m))
        .collect()
}

/// Each of `moves` (all legal at `pos`) in SAN.
fn san_each(pos: &Position, moves: &[Move]) -> Vec<String> {
    moves.iter().map(|&m| to_san_plus(pos, m)).collect()
}

/// The line numbered as problem books print it (`1.Kb6 Kb8 2.Rh8#`, `1...Kb8 2.Rh8#`).
fn numbered(pos: &Position, line: &[Move]) -> String {
    let first = usize::from(pos.turn() == Color::Black);
    replay(pos, line)
        .iter()
        .enumerate()
        .map(|(i, (p, m))| {
            let ply = first + i;
            if i == 0 || ply.is_multiple_of(2) {
                MoveStyle::Problemist.numbered_text(p, *m, ply)
            } else {
                MoveStyle::Problemist.move_text(p, *m)
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
