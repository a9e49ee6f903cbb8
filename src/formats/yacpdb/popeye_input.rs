//! A YACPDB entry as the Popeye input Olive writes for it (`popeye.py`'s
//! `create_popeye_input`): `Stipulation`, its options on `Option` lines and its conditions on
//! `Condition` lines, `Pieces` by colour, `ZeroPosition` for a twin `a` and `Twin` for the
//! others, in their order. The Popeye reader then reads it, so an entry means what Popeye makes
//! of it and everything the Popeye front end supports — or refuses by name — holds for entries
//! too.
//!
//! The entry's strings are Popeye text, so they are checked before they are written: one line
//! each, and no token that is a Popeye command where the reader would take it as one (an
//! option `SetPlay EndProblem` would end the problem before its pieces; a twin may hold
//! `Stipulation`, which the twin reader takes as its own word). A stipulation of several words
//! (YACPDB's `see text`, `= black to move`, `PG 5.5`) and piece attributes (`Royal Zf3`), which
//! the Popeye reader does not read yet, are refused as unsupported, by name.

use super::YacpdbEntry;
use crate::notation::Language;
use crate::popeye::keywords::{self, Lookup};
use crate::popeye::lexer::Lexer;

/// Popeye's piece attributes the schema allows before a piece (`Royal Zf3`).
const ATTRIBUTES: [&str; 16] = [
    "Chameleon",
    "Jigger",
    "Kamikaze",
    "Paralysing",
    "Royal",
    "Volage",
    "Functionary",
    "HalfNeutral",
    "HurdleColourChanging",
    "Protean",
    "Magic",
    "Uncapturable",
    "Bul",
    "Dob",
    "Anda",
    "AndaInverse",
];

/// Why an entry cannot be written as Popeye input.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum InputError {
    /// The entry asks for what Mateproof does not read yet.
    #[error("{0}")]
    Unsupported(String),
    /// A string would not be read as the field it stands in.
    #[error("{0}")]
    Malformed(String),
}

/// True for the schema's piece declaration: attributes, then a code of one or two letters or
/// digits and a square (`Kh1`, `PAe4`, `Royal Zf3`).
///
/// ```
/// use mateproof::formats::yacpdb::popeye_input::is_piece_declaration;
/// assert!(is_piece_declaration("Sb1") && is_piece_declaration("HurdleColourChanging Ga5"));
/// assert!(!is_piece_declaration("Kx9") && !is_piece_declaration("Royal") && !is_piece_declaration("K h1"));
/// ```
pub fn is_piece_declaration(text: &str) -> bool {
    let words: Vec<&str> = text.split(' ').collect();
    let Some((piece, attributes)) = words.split_last() else {
        return false;
    };
    let bytes = piece.as_bytes();
    let code_ok =
        |code: &[u8]| (1..=2).contains(&code.len()) && code.iter().all(u8::is_ascii_alphanumeric);
    attributes.iter().all(|a| ATTRIBUTES.contains(a))
        && bytes.len() >= 3
        && code_ok(&bytes[..bytes.len() - 2])
        && (b'a'..=b'h').contains(&bytes[bytes.len() - 2])
        && (b'1'..=b'8').contains(&bytes[bytes.len() - 1])
}

/// The Popeye input of `entry`, in English (YACPDB's language), with `extra_options` (e.g.
/// `Variation`, as Olive asks) on an `Option` line of their own.
///
/// ```
/// use mateproof::formats::yacpdb::{popeye_input::popeye_input, YacpdbEntry};
/// let entry = YacpdbEntry {
///     white: vec!["Kb6".into(), "Pa7".into()],
///     black: vec!["Ka8".into(), "Se8".into()],
///     stipulation: "#2".into(),
///     options: vec!["SetPlay".into(), "AntiCirce".into()],
///     twins: vec![("b".into(), "Move b6 c6".into())],
///     ..YacpdbEntry::default()
/// };
/// assert_eq!(
///     popeye_input(&entry, &[]).unwrap(),
///     "BeginProblem\nStipulation #2\nOption SetPlay\nCondition AntiCirce\nPieces\nWhite Kb6 Pa7\nBlack Ka8 Se8\nTwin Move b6 c6\nEndProblem\n"
/// );
/// ```
pub fn popeye_input(entry: &YacpdbEntry, extra_options: &[&str]) -> Result<String, InputError> {
    let stipulation = entry.stipulation.trim();
    let mut words = stipulation.split_whitespace();
    if words.next().is_none() || words.next().is_some() {
        return Err(InputError::Unsupported(format!(
            "stipulation not supported yet: '{stipulation}'"
        )));
    }
    checked("stipulation", stipulation, Field::Plain)?;
    let mut text = format!("BeginProblem\nStipulation {stipulation}\n");
    for option in entry
        .options
        .iter()
        .map(String::as_str)
        .chain(extra_options.iter().copied())
    {
        let option = option.trim();
        let first = option.split_whitespace().next().unwrap_or_default();
        if matches!(keywords::option(Language::English, first), Lookup::Found(_)) {
            checked("options", option, Field::Plain)?;
            text.push_str(&format!("Option {option}\n"));
        } else {
            // The reader takes a condition's whole line: only the line break matters.
            checked("options", option, Field::Line)?;
            text.push_str(&format!("Condition {option}\n"));
        }
    }
    text.push_str("Pieces\n");
    for (colour, declarations) in [
        ("White", &entry.white),
        ("Black", &entry.black),
        ("Neutral", &entry.neutral),
    ] {
        if let Some(attributed) = declarations.iter().find(|d| d.contains(' ')) {
            // The Popeye reader reads no attributes yet (it would flag `Royal` as offending).
            let (attributes, piece) = attributed.rsplit_once(' ').unwrap_or_default();
            return Err(InputError::Unsupported(format!(
                "piece attribute not supported yet: {attributes} (on {} {piece})",
                colour.to_lowercase()
            )));
        }
        if !declarations.is_empty() {
            text.push_str(&format!("{colour} {}\n", declarations.join(" ")));
        }
    }
    for (key, twin) in &entry.twins {
        checked(&format!("twins.{key}"), twin, Field::Twin)?;
        let command = if key == "a" { "ZeroPosition" } else { "Twin" };
        text.push_str(&format!("{command} {}\n", twin.trim()));
    }
    text.push_str("EndProblem\n");
    Ok(text)
}

/// How a field's text is read by the Popeye reader.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    /// Token by token, back to the command loop at the first word it does not know.
    Plain,
    /// Token by token by the twin reader, which takes its own words (`Stipulation`) first.
    Twin,
    /// Its whole line.
    Line,
}

/// Refuses text that would not be read as `field`: a line break, or (but in a condition's
/// line) a Popeye command the reader would obey.
fn checked(field: &str, text: &str, how: Field) -> Result<(), InputError> {
    if text.contains(['\n', '\r']) {
        return Err(InputError::Malformed(format!(
            "{field}: '{}' spans lines",
            text.escape_debug()
        )));
    }
    if how == Field::Line {
        return Ok(());
    }
    let mut lexer = Lexer::new(text);
    while let Some(token) = lexer.next_token() {
        let is_command = matches!(
            keywords::command(Language::English, token),
            Lookup::Found(_)
        );
        let twin_word = how == Field::Twin
            && matches!(
                keywords::twin_word(Language::English, token),
                Lookup::Found(_)
            );
        if is_command && !twin_word {
            return Err(InputError::Malformed(format!(
                "{field}: '{text}' holds the Popeye command '{token}'"
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry() -> YacpdbEntry {
        YacpdbEntry {
            white: vec!["Kh1".into()],
            black: vec!["Kh3".into()],
            stipulation: "h#2".into(),
            ..YacpdbEntry::default()
        }
    }

    #[test]
    fn commands_cannot_be_smuggled_in() {
        let with = |f: &dyn Fn(&mut YacpdbEntry)| {
            let mut e = entry();
            f(&mut e);
            popeye_input(&e, &[])
        };
        assert!(matches!(
            with(&|e| e.options = vec!["SetPlay EndProblem".into()]),
            Err(InputError::Malformed(why)) if why.contains("'EndProblem'")
        ));
        assert!(matches!(
            with(&|e| e.options = vec!["Madrasi\nPieces White Qa1".into()]),
            Err(InputError::Malformed(why)) if why.contains("spans lines")
        ));
        assert!(matches!(
            with(&|e| e.stipulation = "h#2 Pieces".into()),
            Err(InputError::Unsupported(_))
        ));
        assert!(matches!(
            with(&|e| e.twins = vec![("b".into(), "Move h1 g1 NextProblem".into())]),
            Err(InputError::Malformed(_))
        ));
        // A twin's own words are the twin reader's.
        let twin = with(&|e| e.twins = vec![("b".into(), "Stipulation h#3".into())]).unwrap();
        assert!(twin.contains("Twin Stipulation h#3\n"));
        let zero = with(&|e| {
            e.twins = vec![
                ("a".into(), "Move h1 g1".into()),
                ("b".into(), "Move h1 f1".into()),
            ]
        })
        .unwrap();
        assert!(zero.contains("ZeroPosition Move h1 g1\nTwin Move h1 f1\n"));
    }

    #[test]
    fn attributes_and_wordy_stipulations_are_refused_by_name() {
        let mut e = entry();
        e.white.push("Royal Zf3".into());
        assert_eq!(
            popeye_input(&e, &[]).unwrap_err().to_string(),
            "piece attribute not supported yet: Royal (on white Zf3)"
        );
        let mut e = entry();
        e.stipulation = "see text".into();
        assert_eq!(
            popeye_input(&e, &[]).unwrap_err().to_string(),
            "stipulation not supported yet: 'see text'"
        );
    }
}
