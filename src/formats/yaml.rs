//! YAML read safely, for every YAML input of Mateproof (piece definitions, YACPDB entries and
//! Olive collections): a bound on nesting before the parser sees the text, and a multi-document
//! stream cut into its documents line by line, so a collection of any length is read one entry
//! at a time in flat memory.
//!
//! The bound: libyaml's scanner pays for each token in proportion to the depth of the flow
//! collections (`[`, `{`) open around it, so 30,000 nested `[` take seconds and 100,000 more than
//! half a minute; block nesting costs nothing alike and is bounded by the deserializer's own
//! limit (128). [`check_depth`] counts the flow collections a text opens, outside quoted
//! scalars and comments, and refuses more than [`MAX_FLOW_DEPTH`] before parsing. It may
//! over-count (a line of a literal block scalar that begins with `[`), never under-count, so
//! what it passes the parser reads quickly. Aliases that expand without end (a "billion laughs"
//! bomb) are refused by the deserializer's repetition limit.
//!
//! The cut: YAML forbids a line that begins with `---` or `...` (then a blank or the line's end)
//! inside any scalar, so such a line always starts or ends a document ([`Documents`]).
//!
//! Nothing here knows what the documents mean.

use std::io::{self, BufRead};

/// Flow collections (`[`, `{`) one document may nest.
pub const MAX_FLOW_DEPTH: usize = 64;

/// Bytes one document may hold (YACPDB entries are a few kilobytes).
pub const MAX_DOCUMENT_BYTES: usize = 4 << 20;

/// A text nests flow collections deeper than [`MAX_FLOW_DEPTH`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
#[error("YAML nested more than {MAX_FLOW_DEPTH} deep (line {line}): refused before parsing")]
pub struct TooDeep {
    /// The 1-based line where the bound was passed.
    pub line: usize,
}

/// Refuses a text whose flow collections nest deeper than [`MAX_FLOW_DEPTH`].
///
/// ```
/// use mateproof::formats::yaml::check_depth;
/// assert!(check_depth("a: [[1, 2], {b: [3]}]\nc: '[[[[' # [[[[\n").is_ok());
/// let deep = format!("a: {}{}", "[".repeat(100), "]".repeat(100));
/// assert_eq!(check_depth(&deep).unwrap_err().line, 1);
/// ```
pub fn check_depth(text: &str) -> Result<(), TooDeep> {
    #[derive(PartialEq)]
    enum State {
        Plain,
        Single,
        Double,
        Comment,
    }
    let mut state = State::Plain;
    let mut depth = 0usize;
    let mut line = 1usize;
    // True where a node may begin: at a line's start, after blanks, after an indicator.
    let mut node_start = true;
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b == b'\n' {
            line += 1;
            if state == State::Comment {
                state = State::Plain;
            }
            node_start = true;
            i += 1;
            continue;
        }
        match state {
            State::Comment => {}
            State::Single => {
                if b == b'\'' {
                    if bytes.get(i + 1) == Some(&b'\'') {
                        i += 1; // '' is a quote inside the scalar
                    } else {
                        state = State::Plain;
                        node_start = false;
                    }
                }
            }
            State::Double => match b {
                b'\\' => i += 1,
                b'"' => {
                    state = State::Plain;
                    node_start = false;
                }
                _ => {}
            },
            State::Plain => match b {
                b' ' | b'\t' => node_start = true,
                b'#' if node_start => state = State::Comment,
                b'\'' if node_start => state = State::Single,
                b'"' if node_start => state = State::Double,
                // Inside a flow collection every bracket is an indicator; in block context
                // only where a node begins (`a: [`, `- {`), not inside a plain scalar.
                b'[' | b'{' if depth > 0 || node_start => {
                    depth += 1;
                    if depth > MAX_FLOW_DEPTH {
                        return Err(TooDeep { line });
                    }
                    node_start = true;
                }
                b']' | b'}' if depth > 0 => {
                    depth -= 1;
                    node_start = false;
                }
                b',' | b':' | b'-' | b'?' => node_start = depth > 0 || node_start,
                _ => node_start = false,
            },
        }
        i += 1;
    }
    Ok(())
}

/// One document of a YAML stream.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Document {
    /// 1-based number among the stream's documents that hold anything.
    pub number: usize,
    /// The 1-based line of the stream where the document's text begins (its `---` line, or
    /// the first line of a stream without one).
    pub line: usize,
    /// The document's text (its `---` line included, blanked), or why it could not be taken.
    pub text: Result<String, String>,
}

/// The documents of a YAML stream, read line by line: at most one document is held at a time
/// (each at most [`MAX_DOCUMENT_BYTES`]), so a stream of any length reads in flat memory.
/// Documents holding only blanks, comments and directives are skipped (their directives go to
/// the next document); a line that is not UTF-8 is read with replacement characters.
pub struct Documents<R: BufRead> {
    reader: R,
    /// Lines read so far.
    line: usize,
    /// The document being gathered: its first line and text.
    current: (usize, String),
    /// The current document holds a content line (not only blanks, comments, directives).
    has_content: bool,
    /// The current document outgrew the limit: the rest of it is skipped.
    too_long: bool,
    number: usize,
    done: bool,
}

impl<R: BufRead> Documents<R> {
    pub fn new(reader: R) -> Documents<R> {
        Documents {
            reader,
            line: 0,
            current: (1, String::new()),
            has_content: false,
            too_long: false,
            number: 0,
            done: false,
        }
    }

    /// The next document, or `None` at the end of the stream; a read error ends the stream
    /// after the document it interrupts, which says so.
    pub fn next_document(&mut self) -> Option<Document> {
        let mut raw = Vec::new();
        while !self.done {
            raw.clear();
            match self.reader.read_until(b'\n', &mut raw) {
                Ok(0) => {
                    self.done = true;
                    break;
                }
                Ok(_) => {}
                Err(e) => {
                    self.done = true;
                    return Some(self.take(Some(format!("read error: {e}"))));
                }
            }
            self.line += 1;
            if self.line == 1 && raw.starts_with(b"\xef\xbb\xbf") {
                raw.drain(..3);
            }
            let text = String::from_utf8_lossy(&raw);
            match marker(&text) {
                Some(Marker::Start) => {
                    let finished = if self.has_content {
                        Some(self.take(None))
                    } else {
                        self.keep_directives();
                        None
                    };
                    if self.current.1.is_empty() {
                        self.current.0 = self.line;
                    }
                    self.has_content = is_content(&text[3..]);
                    // The marker is kept, blanked, so line and column numbers stay the file's.
                    self.push(&text.replacen("---", "   ", 1));
                    if finished.is_some() {
                        return finished;
                    }
                }
                Some(Marker::End) => {
                    if self.has_content {
                        return Some(self.take(None));
                    }
                    self.keep_directives();
                }
                None => {
                    if self.current.1.is_empty() {
                        self.current.0 = self.line;
                    }
                    self.has_content |= is_content(&text);
                    self.push(&text);
                }
            }
        }
        self.has_content.then(|| self.take(None))
    }

    /// Keeps only the directive lines (`%YAML`, `%TAG`) of a document without content: they
    /// belong to the next one.
    fn keep_directives(&mut self) {
        let kept: String = self
            .current
            .1
            .split_inclusive('\n')
            .filter(|line| line.starts_with('%'))
            .collect();
        self.current.1 = kept;
        self.too_long = false;
    }

    fn push(&mut self, line: &str) {
        if self.too_long {
            return;
        }
        if self.current.1.len() + line.len() > MAX_DOCUMENT_BYTES {
            self.too_long = true;
            self.current.1 = String::new();
            return;
        }
        self.current.1.push_str(line);
    }

    /// Hands out the gathered document (as `error` when one is given) and starts the next.
    fn take(&mut self, error: Option<String>) -> Document {
        let (line, text) = std::mem::replace(&mut self.current, (self.line + 1, String::new()));
        self.number += 1;
        let text = match error {
            Some(e) => Err(e),
            None if self.too_long => Err(format!(
                "the document is longer than {} MB",
                MAX_DOCUMENT_BYTES >> 20
            )),
            None => Ok(text),
        };
        self.has_content = false;
        self.too_long = false;
        Document {
            number: self.number,
            line,
            text,
        }
    }
}

/// True for a line that holds YAML content (not only blanks, a comment or a directive).
fn is_content(line: &str) -> bool {
    let trimmed = line.trim_start();
    !(trimmed.is_empty() || trimmed.starts_with('#') || trimmed.starts_with('%'))
}

impl<R: BufRead> Iterator for Documents<R> {
    type Item = Document;

    fn next(&mut self) -> Option<Document> {
        self.next_document()
    }
}

enum Marker {
    Start,
    End,
}

/// `---` or `...` at a line's start, then a blank or the line's end.
fn marker(line: &str) -> Option<Marker> {
    let ends_marker = |rest: &str| rest.is_empty() || rest.starts_with([' ', '\t', '\r', '\n']);
    if let Some(rest) = line.strip_prefix("---") {
        return ends_marker(rest).then_some(Marker::Start);
    }
    if let Some(rest) = line.strip_prefix("...") {
        return ends_marker(rest).then_some(Marker::End);
    }
    None
}

/// Counts the documents of a stream (for a progress estimate) without keeping them.
pub fn count_documents<R: BufRead>(reader: R) -> io::Result<u64> {
    Ok(Documents::new(reader).count() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn documents(text: &str) -> Vec<Document> {
        Documents::new(text.as_bytes()).collect()
    }

    #[test]
    fn a_stream_is_cut_at_its_markers() {
        let docs = documents("# a comment\n---\na: 1\n---\nb: |\n  text\n...\n---\n\n---\nc: 3\n");
        assert_eq!(docs.len(), 3);
        assert_eq!(
            docs.iter().map(|d| (d.number, d.line)).collect::<Vec<_>>(),
            [(1, 2), (2, 4), (3, 10)]
        );
        assert_eq!(docs[1].text.as_deref(), Ok("   \nb: |\n  text\n"));
        // A stream without a marker is one document; `----` is no marker.
        let one = documents("a: 1\n----: 2\n");
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].line, 1);
        assert!(documents("\n# nothing\n").is_empty());
    }

    #[test]
    fn line_numbers_stay_the_files() {
        let docs = documents("---\na: 1\n---\nb: @x\nc: 2\n");
        let text = docs[1].text.as_ref().unwrap();
        let error = yaml_serde::from_str::<yaml_serde::Value>(text).unwrap_err();
        let location = error.location().unwrap();
        assert_eq!(docs[1].line + location.line() - 1, 4, "{error}");
    }

    #[test]
    fn depth_counts_flow_collections_only() {
        let block: String = (0..200).map(|i| format!("{}- \n", " ".repeat(i))).collect();
        assert!(check_depth(&block).is_ok());
        let flow = format!("x: {}1{}", "{a: ".repeat(65), "}".repeat(65));
        assert!(check_depth(&flow).is_err());
        let quoted = format!("x: \"{}\"\ny: '{}'", "[".repeat(100), "{".repeat(100));
        assert!(check_depth(&quoted).is_ok());
        let plain = format!("x: a{}\n", "[".repeat(100));
        assert!(check_depth(&plain).is_ok());
        let nested = format!("x: {}{}\n", "[".repeat(64), "]".repeat(64));
        assert!(check_depth(&nested).is_ok());
    }
}
