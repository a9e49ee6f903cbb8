//! Popeye's two output streams. Popeye writes some of its messages on its standard error —
//! "the side to play can capture the king" as a line break and the text, "both sides need a
//! king" as the text and a line break — and the rest on its standard output. The writers build
//! one text in which such a message is a line of its own, marked ([`push_error_line`],
//! [`push_error_message`]); [`split`] turns it into the two streams as Popeye writes them (the
//! line left out of standard output), [`in_order`] into the parts in the order Popeye writes
//! them, [`merged`] into the one text a terminal (or `2>&1`) shows, the form the shared
//! references and Popeye's `Protocol` file hold.
//!
//! Only the streams; what is written is the writers' business.

/// Starts a line of the text that Popeye writes on its standard error after a line break.
const ERROR_LINE: char = '\u{1}';
/// Starts a line of the text that Popeye writes on its standard error, its line break after.
const ERROR_MESSAGE: char = '\u{2}';

/// Popeye's beep (`Beep`): written on its standard error where it stands in the text, in
/// the middle of a line as well; the text a terminal shows leaves it out, as Popeye's
/// `Protocol` file does.
pub const BEEP: char = '\u{7}';

/// Appends `text` as a line Popeye writes on its standard error, a line break first.
pub fn push_error_line(out: &mut String, text: &str) {
    out.push(ERROR_LINE);
    out.push_str(text);
    out.push('\n');
}

/// Appends `text` as a line Popeye writes on its standard error, the line break after it
/// (its `output_plaintext_error_message` of a message and `NewLine`).
pub fn push_error_message(out: &mut String, text: &str) {
    out.push(ERROR_MESSAGE);
    out.push_str(text);
    out.push('\n');
}

/// The text as one stream: each standard-error line where it was written.
///
/// ```
/// use mateproof::popeye::streams::{merged, push_error_line};
/// let mut out = String::from("  #2\n\n");
/// push_error_line(&mut out, "the side to play can capture the king");
/// out.push_str("solution finished.\n");
/// assert_eq!(merged(&out), "  #2\n\nthe side to play can capture the king\nsolution finished.\n");
/// ```
pub fn merged(text: &str) -> String {
    text.replace([ERROR_LINE, ERROR_MESSAGE, BEEP], "")
}

/// The text split into Popeye's standard output and standard error.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Streams {
    pub stdout: String,
    pub stderr: String,
}

/// Which of Popeye's two streams a part of the text goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stream {
    Stdout,
    Stderr,
}

/// The text in the order Popeye writes it: runs of standard output and, between them, each
/// marked line as Popeye writes it on standard error (a line break and the text, or the text
/// and a line break). A line break and the text comes before the line break the text shows
/// ahead of it: that one is standard output's, which Popeye writes after it. Written
/// part by part, each flushed, one pipe for both streams (`2>&1`) then holds the text as
/// [`merged`] gives it — Popeye's `Protocol` copy.
///
/// ```
/// use mateproof::popeye::streams::{in_order, merged, push_error_line, Stream};
/// let mut out = String::from("  #2\n\n");
/// push_error_line(&mut out, "the side to play can capture the king");
/// out.push_str("   1.Rc6*c5 ! zugzwang.\n");
/// let parts = in_order(&out);
/// assert_eq!(
///     parts,
///     [
///         (Stream::Stdout, "  #2\n".to_string()),
///         (Stream::Stderr, "\nthe side to play can capture the king".to_string()),
///         (Stream::Stdout, "\n   1.Rc6*c5 ! zugzwang.\n".to_string()),
///     ]
/// );
/// let written: String = parts.iter().map(|(_, part)| part.as_str()).collect();
/// assert_eq!(written, merged(&out));
/// ```
pub fn in_order(text: &str) -> Vec<(Stream, String)> {
    let mut parts: Vec<(Stream, String)> = Vec::new();
    let push =
        |parts: &mut Vec<(Stream, String)>, stream: Stream, part: &str| match parts.last_mut() {
            Some((last, run)) if *last == stream => run.push_str(part),
            _ => parts.push((stream, part.to_string())),
        };
    for line in text.split_inclusive('\n') {
        if let Some(error) = line.strip_prefix(ERROR_LINE) {
            // The line break ahead of the text is standard output's, written after it.
            let owed = matches!(parts.last(), Some((Stream::Stdout, run)) if run.ends_with('\n'));
            if owed {
                if let Some((_, run)) = parts.last_mut() {
                    run.pop();
                }
                if parts.last().is_some_and(|(_, run)| run.is_empty()) {
                    parts.pop();
                }
            }
            let error = error.strip_suffix('\n').unwrap_or(error);
            push(&mut parts, Stream::Stderr, &format!("\n{error}"));
            if owed {
                push(&mut parts, Stream::Stdout, "\n");
            }
        } else if let Some(error) = line.strip_prefix(ERROR_MESSAGE) {
            push(&mut parts, Stream::Stderr, error);
        } else {
            // A beep goes to standard error between the line's two halves.
            let mut rest = line;
            while let Some(at) = rest.find(BEEP) {
                let (before, beeps) = rest.split_at(at);
                let end = beeps.find(|c| c != BEEP).unwrap_or(beeps.len());
                if !before.is_empty() {
                    push(&mut parts, Stream::Stdout, before);
                }
                push(&mut parts, Stream::Stderr, &beeps[..end]);
                rest = &beeps[end..];
            }
            if !rest.is_empty() {
                push(&mut parts, Stream::Stdout, rest);
            }
        }
    }
    parts
}

/// Splits the text: each marked line goes to standard error as Popeye writes it there (a line
/// break and the text, or the text and a line break), the rest to standard output.
///
/// ```
/// use mateproof::popeye::streams::{push_error_line, push_error_message, split};
/// let mut out = String::from("a)\n");
/// push_error_message(&mut out, "both sides need a king");
/// out.push_str("  #2\n\n");
/// push_error_line(&mut out, "the side to play can capture the king");
/// out.push_str("solution finished.\n");
/// let streams = split(&out);
/// assert_eq!(streams.stdout, "a)\n  #2\n\nsolution finished.\n");
/// assert_eq!(
///     streams.stderr,
///     "both sides need a king\n\nthe side to play can capture the king"
/// );
/// ```
pub fn split(text: &str) -> Streams {
    let mut streams = Streams::default();
    for (stream, part) in in_order(text) {
        match stream {
            Stream::Stdout => streams.stdout.push_str(&part),
            Stream::Stderr => streams.stderr.push_str(&part),
        }
    }
    streams
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_beep_goes_to_standard_error_where_it_stands() {
        let text = format!("  #1\n\n   1.Rh1-h8 #{BEEP}{BEEP} !\n\nsolution finished.\n");
        let parts = in_order(&text);
        assert_eq!(
            parts,
            [
                (Stream::Stdout, "  #1\n\n   1.Rh1-h8 #".to_string()),
                (Stream::Stderr, "\u{7}\u{7}".to_string()),
                (Stream::Stdout, " !\n\nsolution finished.\n".to_string()),
            ]
        );
        assert_eq!(
            merged(&text),
            "  #1\n\n   1.Rh1-h8 # !\n\nsolution finished.\n"
        );
    }
}
