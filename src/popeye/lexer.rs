//! Splits Popeye input into tokens the way Popeye does: blanks, tabs, line breaks, `;` and `,`
//! separate tokens, and so does a `.` in front of a token (inside one, as in `#2.5`, it stays).
//! A few commands read the rest of their line instead (`Author`, `Title` …).
//!
//! The lexer never fails: any byte sequence yields tokens. It knows no keyword.

/// Bytes between tokens.
fn is_separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b';' | b',')
}

/// A cursor over the input text.
pub struct Lexer<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Lexer<'a> {
    pub fn new(text: &'a str) -> Lexer<'a> {
        Lexer { text, at: 0 }
    }

    /// The next token, as written, or `None` at the end of the input.
    ///
    /// ```
    /// use mateproof::popeye::lexer::Lexer;
    /// let mut lx = Lexer::new("Pieces White Kh5, Qc8; .5R2 #2.5");
    /// let tokens: Vec<&str> = std::iter::from_fn(|| lx.next_token()).collect();
    /// assert_eq!(tokens, ["Pieces", "White", "Kh5", "Qc8", "5R2", "#2.5"]);
    /// ```
    pub fn next_token(&mut self) -> Option<&'a str> {
        let bytes = self.text.as_bytes();
        while self.at < bytes.len() && (is_separator(bytes[self.at]) || bytes[self.at] == b'.') {
            self.at += 1;
        }
        if self.at >= bytes.len() {
            return None;
        }
        let start = self.at;
        while self.at < bytes.len() && !is_separator(bytes[self.at]) {
            self.at += 1;
        }
        self.text.get(start..self.at)
    }

    /// The next token without consuming it.
    pub fn peek_token(&mut self) -> Option<&'a str> {
        let saved = self.at;
        let token = self.next_token();
        self.at = saved;
        token
    }

    /// The rest of the current line, without leading blanks and trailing white space; the
    /// line break is consumed.
    ///
    /// ```
    /// use mateproof::popeye::lexer::Lexer;
    /// let mut lx = Lexer::new("Author  G. Sch\"opfer \r\nOrigin x");
    /// assert_eq!(lx.next_token(), Some("Author"));
    /// assert_eq!(lx.rest_of_line(), "G. Sch\"opfer");
    /// assert_eq!(lx.next_token(), Some("Origin"));
    /// ```
    pub fn rest_of_line(&mut self) -> &'a str {
        let rest = self.text.get(self.at..).unwrap_or("");
        let (line, consumed) = match rest.find('\n') {
            Some(end) => (&rest[..end], end + 1),
            None => (rest, rest.len()),
        };
        self.at += consumed;
        line.trim_start_matches([' ', '\t', ';', '.', ','])
            .trim_end()
    }

    /// True when only separators remain.
    pub fn at_end(&mut self) -> bool {
        self.peek_token().is_none()
    }
}
