//! YACPDB entries — the YAML entry of the open problem database (`yacpdb-entry.md` and its
//! JSON schema in github:dturevski/olive-gui, `yacpdb/schemas/`), one document each in Olive's
//! `.olv` collections, or objects of the query gateway's JSON page — read into a
//! [`YacpdbEntry`]: the diagram (`algebraic`), `stipulation`, `options`, `twins`, the stored
//! `solution`, `intended-solutions`, and what names the entry (`authors`, `source`, `id`,
//! `foreignids`).
//!
//! What the problem is stays in Popeye's syntax, as the entry holds it: [`popeye_input`] writes
//! the entry as the Popeye input Olive hands Popeye, for the Popeye reader to read, so the
//! entry means what Popeye (and `mateproof popeye`) make of it. [`solution`] reads a solution
//! text — the stored one, or Popeye's — as move lines and compares two of them.
//!
//! An entry is refused with the field that is wrong: a top-level field neither in the schema
//! nor one of Olive's older fields (a misspelt `option:` must not drop the conditions
//! silently), a colour other than `white`, `black`, `neutral`, a piece that is not a Popeye
//! piece declaration. Nothing here solves.

pub mod popeye_input;
pub mod solution;

use crate::formats::yaml::check_depth;
use yaml_serde::Value;

/// Top-level fields of the YACPDB schema.
const SCHEMA_FIELDS: [&str; 14] = [
    "foreignids",
    "authors",
    "source",
    "award",
    "reprints",
    "stipulation",
    "algebraic",
    "glyphs",
    "twins",
    "intended-solutions",
    "solution",
    "options",
    "keywords",
    "comments",
];

/// Fields of Olive's older entries (format 1.0: `date`, `distinction`, `source-id` beside a
/// plain `source`) and of the database's own records (`id`, `ash`, `legend`,
/// `transliterations`): they name or describe the problem, never change it.
const OTHER_KNOWN_FIELDS: [&str; 7] = [
    "id",
    "date",
    "distinction",
    "source-id",
    "ash",
    "legend",
    "transliterations",
];

/// One entry as the suite needs it: the problem in Popeye's syntax and what names it.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct YacpdbEntry {
    /// Piece declarations per colour, as written (`Kh1`, `Royal Zf3`).
    pub white: Vec<String>,
    pub black: Vec<String>,
    pub neutral: Vec<String>,
    pub stipulation: String,
    /// Popeye options and conditions, one string each (`SetPlay`, `Defence 1`, `AntiCirce`).
    pub options: Vec<String>,
    /// Twins in order (`a` for a zero position, then `b`, `c` …, `z1` …): key and text.
    pub twins: Vec<(String, String)>,
    /// The stored solution, if any.
    pub solution: Option<String>,
    /// `intended-solutions` as written (`2`, `2.1...`).
    pub intended: Option<String>,
    pub authors: Vec<String>,
    /// The source's name and year (`Broodings 2009`), for the entry's label.
    pub source: Option<String>,
    /// The database id (`id`), if any.
    pub id: Option<String>,
    /// `foreignids` as `DOMAIN ID` (`PDB P0503887`).
    pub foreign_ids: Vec<String>,
}

impl YacpdbEntry {
    /// What names the entry in a report: authors, source, ids.
    pub fn label(&self) -> String {
        let mut parts = Vec::new();
        if !self.authors.is_empty() {
            parts.push(self.authors.join(" & "));
        }
        parts.extend(self.source.clone());
        parts.extend(self.id.as_ref().map(|id| format!("id {id}")));
        parts.extend(self.foreign_ids.iter().cloned());
        parts.join("; ")
    }
}

/// Why an entry cannot be read, naming the field.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum EntryError {
    #[error("YAML: {0}")]
    Yaml(String),
    #[error("{0}")]
    TooDeep(#[from] crate::formats::yaml::TooDeep),
    #[error("not a YACPDB entry: the document is {0}, not a mapping of fields")]
    NotAMapping(&'static str),
    #[error("unknown field '{0}' (not in the YACPDB entry schema)")]
    UnknownField(String),
    #[error("no '{0}' field")]
    Missing(&'static str),
    #[error("field '{field}': {why}")]
    Field { field: String, why: String },
}

impl EntryError {
    fn field(field: impl Into<String>, why: impl Into<String>) -> EntryError {
        EntryError::Field {
            field: field.into(),
            why: why.into(),
        }
    }
}

/// Reads one YAML document (its text as cut from the stream, `first_line` its line in the
/// file, so the errors name the file's lines).
///
/// ```
/// use mateproof::formats::yacpdb::read_document;
/// let entry = read_document(
///     "algebraic: {white: [Kb6, Pa7], black: [Ka8, Se8]}\nstipulation: '#2'\nsolution: '1.Kb6-c7 !'\n",
///     1,
/// )
/// .unwrap();
/// assert_eq!((entry.white.len(), entry.stipulation.as_str()), (2, "#2"));
/// assert!(read_document("algebraic: {whyte: [Kb6]}\nstipulation: '#2'\n", 1).is_err());
/// ```
pub fn read_document(text: &str, first_line: usize) -> Result<YacpdbEntry, EntryError> {
    check_depth(text).map_err(|mut deep| {
        deep.line += first_line - 1;
        EntryError::TooDeep(deep)
    })?;
    let value: Value = yaml_serde::from_str(text).map_err(|e| yaml_error(&e, first_line))?;
    read_value(value)
}

/// A YAML error with its lines counted from the file's start, said once.
fn yaml_error(error: &yaml_serde::Error, first_line: usize) -> EntryError {
    let text = error.to_string();
    // The deserializer repeats the error's place at the end; the parser's message has it.
    let text = match error.location() {
        Some(at) => {
            let suffix = format!(" at line {} column {}", at.line(), at.column());
            match text.strip_suffix(&suffix) {
                Some(message) if message.contains(" at line ") => message.to_owned(),
                _ => text,
            }
        }
        None => text,
    };
    EntryError::Yaml(in_file_lines(&text, first_line - 1))
}

/// `text` with every `line N` read as `line N + offset`.
fn in_file_lines(text: &str, offset: usize) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("line ") {
        let (before, after) = rest.split_at(at + 5);
        out.push_str(before);
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        match after[..digits].parse::<usize>() {
            Ok(line) => out.push_str(&(line + offset).to_string()),
            Err(_) => out.push_str(&after[..digits]),
        }
        rest = &after[digits..];
    }
    out.push_str(rest);
    out
}

/// Reads an entry from a parsed value (a YAML document, or an object of the gateway's JSON).
pub fn read_value(value: Value) -> Result<YacpdbEntry, EntryError> {
    let value = untagged(value);
    let Value::Mapping(fields) = value else {
        return Err(EntryError::NotAMapping(kind(&value)));
    };
    let mut entry = YacpdbEntry::default();
    let mut algebraic = None;
    let mut stipulation = None;
    for (key, value) in fields {
        let key = match untagged(key) {
            Value::String(key) => key,
            other => return Err(EntryError::UnknownField(scalar_text(&other))),
        };
        let value = untagged(value);
        match key.as_str() {
            "algebraic" => algebraic = Some(value),
            "stipulation" => stipulation = Some(label(&key, &value)?),
            "options" => entry.options = list(&key, value)?,
            "twins" => entry.twins = twins(value)?,
            "solution" => entry.solution = optional_text(&key, &value)?,
            "intended-solutions" => entry.intended = optional_text(&key, &value)?,
            "authors" => entry.authors = list(&key, value)?,
            "source" => entry.source = source_text(&value),
            "id" => entry.id = optional_text(&key, &value)?,
            "foreignids" => entry.foreign_ids = foreign_ids(value),
            known if SCHEMA_FIELDS.contains(&known) || OTHER_KNOWN_FIELDS.contains(&known) => {
                if known == "date" && entry.source.is_none() {
                    entry.source = optional_text(&key, &value).ok().flatten();
                }
            }
            _ => return Err(EntryError::UnknownField(key)),
        }
    }
    entry.stipulation = stipulation.ok_or(EntryError::Missing("stipulation"))?;
    pieces(
        &mut entry,
        algebraic.ok_or(EntryError::Missing("algebraic"))?,
    )?;
    Ok(entry)
}

/// Drops YAML tags (`!!python/unicode 'x'` is the string `x`), at every depth.
fn untagged(value: Value) -> Value {
    match value {
        Value::Tagged(tagged) => untagged(tagged.value),
        other => other,
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "empty",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Sequence(_) => "a list",
        Value::Mapping(_) => "a mapping",
        Value::Tagged(_) => "tagged",
    }
}

/// A scalar as text (numbers as YAML wrote them); `None` for collections.
fn scalar(value: &Value) -> Option<String> {
    match value {
        Value::String(text) => Some(text.clone()),
        Value::Number(number) => Some(number.to_string()),
        Value::Bool(flag) => Some(flag.to_string()),
        _ => None,
    }
}

fn scalar_text(value: &Value) -> String {
    scalar(value).unwrap_or_else(|| kind(value).to_owned())
}

/// A required scalar field (the schema's `label`: a string or a number).
fn label(field: &str, value: &Value) -> Result<String, EntryError> {
    scalar(value)
        .map(|text| text.trim().to_owned())
        .ok_or_else(|| EntryError::field(field, format!("{} where text is expected", kind(value))))
}

/// An optional scalar field: empty (`~`, `''`) is absent.
fn optional_text(field: &str, value: &Value) -> Result<Option<String>, EntryError> {
    match value {
        Value::Null => Ok(None),
        other => label(field, other).map(|text| (!text.is_empty()).then_some(text)),
    }
}

/// A list of scalars (`options`, `authors`); empty or absent is an empty list.
fn list(field: &str, value: Value) -> Result<Vec<String>, EntryError> {
    match value {
        Value::Null => Ok(Vec::new()),
        Value::Sequence(items) => items
            .into_iter()
            .enumerate()
            .map(|(i, item)| label(&format!("{field}[{}]", i + 1), &untagged(item)))
            .filter(|item| !matches!(item, Ok(text) if text.is_empty()))
            .collect(),
        other => Err(EntryError::field(
            field,
            format!("{} where a list is expected", kind(&other)),
        )),
    }
}

/// `twins: {b: Move a1 a2, c: Continued Exchange a2 h7}`, in Popeye's order (`a` … `z`, `z1`,
/// `z2` …).
fn twins(value: Value) -> Result<Vec<(String, String)>, EntryError> {
    let mapping = match value {
        Value::Null => return Ok(Vec::new()),
        Value::Mapping(mapping) => mapping,
        other => {
            return Err(EntryError::field(
                "twins",
                format!("{} where a mapping of twins is expected", kind(&other)),
            ))
        }
    };
    let mut twins = Vec::new();
    for (key, text) in mapping {
        let key = scalar(&untagged(key)).unwrap_or_default();
        let order = twin_order(&key).ok_or_else(|| {
            EntryError::field(
                "twins",
                format!("'{key}' is not a twin's letter (b, c … z, z1 …)"),
            )
        })?;
        let text = label(&format!("twins.{key}"), &untagged(text))?;
        twins.push((order, key, text));
    }
    twins.sort();
    Ok(twins
        .into_iter()
        .map(|(_, key, text)| (key, text))
        .collect())
}

/// The position of a twin's key in Popeye's order: `a` 0 … `z` 25, `z1` 26 …
fn twin_order(key: &str) -> Option<u32> {
    let mut chars = key.chars();
    match (chars.next(), chars.as_str()) {
        (Some(c @ 'a'..='z'), "") => Some(c as u32 - 'a' as u32),
        (Some('z'), digits) if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            digits.parse::<u32>().ok().and_then(|n| n.checked_add(25))
        }
        _ => None,
    }
}

/// `source: {name: Broodings, date: {year: 2009}}` (or Olive's older plain text) as `Broodings
/// 2009`.
fn source_text(value: &Value) -> Option<String> {
    match value {
        Value::Mapping(source) => {
            let name = source.get("name").and_then(scalar);
            let year = source.get("date").and_then(|date| match date {
                Value::Mapping(date) => date.get("year").and_then(scalar),
                other => scalar(other),
            });
            let text = [name, year]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(" ");
            (!text.is_empty()).then_some(text)
        }
        other => scalar(other).filter(|text| !text.trim().is_empty()),
    }
}

fn foreign_ids(value: Value) -> Vec<String> {
    let Value::Sequence(items) = value else {
        return Vec::new();
    };
    items
        .iter()
        .filter_map(|item| {
            let domain = item.get("domain").and_then(scalar)?;
            let id = item.get("problemid").and_then(scalar)?;
            Some(format!("{domain} {id}"))
        })
        .collect()
}

/// `algebraic: {white: [...], black: [...], neutral: [...]}`: each a list of Popeye piece
/// declarations, checked against the schema's form (attributes, a code of one or two letters or
/// digits, a square).
fn pieces(entry: &mut YacpdbEntry, value: Value) -> Result<(), EntryError> {
    let mapping = match untagged(value) {
        Value::Null => return Ok(()),
        Value::Mapping(mapping) => mapping,
        other => {
            return Err(EntryError::field(
                "algebraic",
                format!("{} where a mapping of colours is expected", kind(&other)),
            ))
        }
    };
    for (colour, list_value) in mapping {
        let colour = scalar(&untagged(colour)).unwrap_or_default();
        let field = format!("algebraic.{colour}");
        let declarations = list(&field, untagged(list_value))?;
        for (i, declaration) in declarations.iter().enumerate() {
            if !popeye_input::is_piece_declaration(declaration) {
                return Err(EntryError::field(
                    format!("{field}[{}]", i + 1),
                    format!("'{declaration}' is not a piece (a Popeye code and square, e.g. Sf3, or attributes before it: Royal Zf3)"),
                ));
            }
        }
        match colour.as_str() {
            "white" => entry.white = declarations,
            "black" => entry.black = declarations,
            "neutral" => entry.neutral = declarations,
            _ => {
                return Err(EntryError::field(
                    "algebraic",
                    format!("'{colour}' is not a colour (white, black, neutral)"),
                ))
            }
        }
    }
    Ok(())
}

/// Why a gateway page gives no entries.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum GatewayError {
    /// `"success"` is not `true`: the page's `errors` as JSON text (or why there are none).
    #[error("the query gateway reports no success: {0}")]
    NoSuccess(String),
    #[error("the page has no result.entries list")]
    NoEntries,
    /// An entry that does not convert to a YAML value.
    #[error("{0}")]
    Entry(String),
}

/// What a gateway page (`{"success": true, "result": {"entries": [...]}}`) holds: its entries
/// as values, or the page's own errors.
pub fn gateway_entries(page: serde_json::Value) -> Result<Vec<Value>, GatewayError> {
    let success = page.get("success").and_then(serde_json::Value::as_bool);
    if success != Some(true) {
        let errors = page
            .get("errors")
            .map(|e| e.to_string())
            .unwrap_or_else(|| "no \"success\": true".to_owned());
        return Err(GatewayError::NoSuccess(errors));
    }
    let entries = page
        .get("result")
        .and_then(|r| r.get("entries"))
        .and_then(serde_json::Value::as_array)
        .ok_or(GatewayError::NoEntries)?;
    entries
        .iter()
        .map(|entry| yaml_serde::to_value(entry).map_err(|e| GatewayError::Entry(e.to_string())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_read_and_named_in_errors() {
        let text = "authors: [!!python/unicode 'Shire, David J.']\nsource: {name: Broodings, date: {year: 2009}}\n\
                    algebraic:\n  white: [Kh1, Royal Zf3]\n  black: [Kd1]\nstipulation: h#2\noptions: [SetPlay]\n\
                    twins: {c: Continued Exchange a2 h7, b: Move a1 a2, z1: Remove h1}\nintended-solutions: '2.1...'\n\
                    foreignids: [{domain: PDB, problemid: P0503887}]\nkeywords: [Rundlauf]\n";
        let entry = read_document(text, 1).unwrap();
        assert_eq!(entry.white, ["Kh1", "Royal Zf3"]);
        assert_eq!(
            entry
                .twins
                .iter()
                .map(|(k, _)| k.as_str())
                .collect::<Vec<_>>(),
            ["b", "c", "z1"]
        );
        assert_eq!(entry.intended.as_deref(), Some("2.1..."));
        assert_eq!(
            entry.label(),
            "Shire, David J.; Broodings 2009; PDB P0503887"
        );
        let error = |text: &str| read_document(text, 10).unwrap_err().to_string();
        assert_eq!(
            error("algebraic: {white: [Kh1]}\nstipulation: '#2'\noption: [Madrasi]\n"),
            "unknown field 'option' (not in the YACPDB entry schema)"
        );
        assert!(
            error("algebraic: {white: [Kx9]}\nstipulation: '#2'\n").contains("algebraic.white[1]")
        );
        assert!(error("algebraic: {whyte: [Kh1]}\nstipulation: '#2'\n")
            .contains("'whyte' is not a colour"));
        assert_eq!(error("stipulation: '#2'\n"), "no 'algebraic' field");
        assert!(error("- 1\n").contains("a list, not a mapping"));
        let yaml = error("algebraic: {white: [Kh1]\nstipulation: '#2'\n");
        assert!(
            yaml.starts_with("YAML: ") && yaml.contains("line 11"),
            "{yaml}"
        );
        assert!(
            !yaml.contains("line 1 ") && !yaml.contains("line 2 "),
            "{yaml}"
        );
        assert_eq!(
            in_file_lines("at line 3 column 4, at line 12", 100),
            "at line 103 column 4, at line 112"
        );
    }

    #[test]
    fn twin_keys_follow_popeyes_order() {
        assert_eq!(twin_order("a"), Some(0));
        assert_eq!(twin_order("z"), Some(25));
        assert_eq!(twin_order("z2"), Some(27));
        assert_eq!(twin_order("zz"), None);
        assert_eq!(twin_order("B"), None);
    }

    #[test]
    fn the_gateway_page_holds_entries() {
        let page: serde_json::Value = serde_json::from_str(
            r##"{"success": true, "result": {"count": 1, "entries": [{"id": 7, "stipulation": "#2", "algebraic": {"white": ["Kh1"]}}]}}"##,
        )
        .unwrap();
        let entries = gateway_entries(page).unwrap();
        let entry = read_value(entries[0].clone()).unwrap();
        assert_eq!(
            (entry.id.as_deref(), entry.stipulation.as_str()),
            (Some("7"), "#2")
        );
        let failed: serde_json::Value =
            serde_json::from_str(r#"{"success": false, "errors": ["bad query"]}"#).unwrap();
        let refusal = gateway_entries(failed).unwrap_err();
        assert_eq!(
            refusal,
            GatewayError::NoSuccess(r#"["bad query"]"#.to_owned())
        );
        assert_eq!(
            refusal.to_string(),
            r#"the query gateway reports no success: ["bad query"]"#
        );
        let silent: serde_json::Value = serde_json::from_str(r#"{"success": 1}"#).unwrap();
        assert_eq!(
            gateway_entries(silent).map_err(|e| e.to_string()),
            Err(r#"the query gateway reports no success: no "success": true"#.to_owned())
        );
        let empty: serde_json::Value =
            serde_json::from_str(r#"{"success": true, "result": {}}"#).unwrap();
        assert_eq!(gateway_entries(empty), Err(GatewayError::NoEntries));
    }
}
