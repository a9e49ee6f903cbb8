//! Line-at-a-time reading of large text files with `memchr`: a suite file of any length is
//! read through one fixed buffer, so solving starts with the first line and memory does not
//! grow with the file. Lines longer than a limit are reported, not kept.
//!
//! This module only splits bytes into numbered lines; it knows no format.

use std::io::{self, BufRead};

/// Longest line kept; anything longer is reported as [`Line::TooLong`] (a runaway file such as
/// a binary is not an EPD suite).
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// One line of the input.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Line {
    /// The line without its end (`\n` or `\r\n`); invalid UTF-8 becomes U+FFFD.
    Text(String),
    /// A line over [`MAX_LINE_BYTES`]: its length in bytes.
    TooLong(usize),
}

/// Numbered lines of a buffered reader.
///
/// ```
/// use mateproof::suite::lines::{Line, LineScanner};
/// let mut lines = LineScanner::new("a\r\n\nb".as_bytes());
/// assert_eq!(lines.next_line().unwrap(), Some((1, Line::Text("a".into()))));
/// assert_eq!(lines.next_line().unwrap(), Some((2, Line::Text("".into()))));
/// assert_eq!(lines.next_line().unwrap(), Some((3, Line::Text("b".into()))));
/// assert_eq!(lines.next_line().unwrap(), None);
/// ```
pub struct LineScanner<R> {
    input: R,
    buf: Vec<u8>,
    number: usize,
}

impl<R: BufRead> LineScanner<R> {
    pub fn new(input: R) -> LineScanner<R> {
        LineScanner {
            input,
            buf: Vec::new(),
            number: 0,
        }
    }

    /// The next line with its 1-based number, or `None` at the end of the input.
    pub fn next_line(&mut self) -> io::Result<Option<(usize, Line)>> {
        self.buf.clear();
        let mut total = 0usize;
        let mut any = false;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                break;
            }
            any = true;
            let (part, used, ends) = match memchr::memchr(b'\n', chunk) {
                Some(i) => (&chunk[..i], i + 1, true),
                None => (chunk, chunk.len(), false),
            };
            let room = MAX_LINE_BYTES.saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&part[..part.len().min(room)]);
            total = total.saturating_add(part.len());
            self.input.consume(used);
            if ends {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.number += 1;
        if total > MAX_LINE_BYTES {
            return Ok(Some((self.number, Line::TooLong(total))));
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        let text = String::from_utf8_lossy(&self.buf).into_owned();
        Ok(Some((self.number, Line::Text(text))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(input: &[u8], capacity: usize) -> Vec<(usize, Line)> {
        let mut scanner = LineScanner::new(io::BufReader::with_capacity(capacity, input));
        std::iter::from_fn(|| scanner.next_line().unwrap()).collect()
    }

    #[test]
    fn lines_span_buffer_boundaries() {
        let text = b"first line\r\nsecond\n\nlast without end";
        for capacity in [1, 3, 7, 64] {
            let lines = all(text, capacity);
            let texts: Vec<_> = lines.iter().map(|(n, l)| (*n, l.clone())).collect();
            assert_eq!(
                texts,
                [
                    (1, Line::Text("first line".into())),
                    (2, Line::Text("second".into())),
                    (3, Line::Text(String::new())),
                    (4, Line::Text("last without end".into())),
                ],
                "capacity {capacity}"
            );
        }
    }

    #[test]
    fn long_lines_and_bad_bytes_are_reported() {
        let mut text = vec![b'x'; MAX_LINE_BYTES + 3];
        text.extend_from_slice(b"\nok\xff\n");
        assert_eq!(
            all(&text, 4096),
            [
                (1, Line::TooLong(MAX_LINE_BYTES + 3)),
                (2, Line::Text("ok\u{fffd}".into()))
            ]
        );
        assert!(all(b"", 8).is_empty());
    }
}
