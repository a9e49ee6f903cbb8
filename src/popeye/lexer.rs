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

    /// The rest of the current line, as Popeye's `ReadToEndOfLine` reads it: nothing (and
    /// nothing consumed) when the line ends right after the last token; otherwise the text
    /// after the blanks (and `;`, `.`, `,`) that follow, to the line break, trailing blanks
    /// kept; the line break is consumed.
    ///
    /// ```
    /// use mateproof::popeye::lexer::Lexer;
    /// let mut lx = Lexer::new("Author  G. Sch\"opfer \r\nOrigin\nTitle x");
    /// assert_eq!(lx.next_token(), Some("Author"));
    /// assert_eq!(lx.rest_of_line(), Some("G. Sch\"opfer "));
    /// assert_eq!(lx.next_token(), Some("Origin"));
    /// assert_eq!(lx.rest_of_line(), None);
    /// assert_eq!(lx.next_token(), Some("Title"));
    /// ```
    pub fn rest_of_line(&mut self) -> Option<&'a str> {
        let rest = self.text.get(self.at..).unwrap_or("");
        if rest.is_empty() || rest.starts_with(['\n', '\r']) {
            return None;
        }
        let (line, consumed) = match rest.find('\n') {
            Some(end) => (&rest[..end], end + 1),
            None => (rest, rest.len()),
        };
        self.at += consumed;
        let line = line.strip_prefix(|_: char| true).unwrap_or("");
        Some(
            line.trim_start_matches([' ', '\t', ';', '.', ','])
                .trim_end_matches('\r'),
        )
    }

    /// Where the lexer stands: a position [`Self::seek`] can go back to, so a word read ahead
    /// can be read again (Popeye hands a word it cannot use back to the caller).
    pub fn position(&self) -> usize {
        self.at
    }

    /// Goes back (or forth) to a position [`Self::position`] gave.
    pub fn seek(&mut self, at: usize) {
        self.at = at.min(self.text.len());
    }

    /// True when the next token is the first of its line (only blanks before it on the line).
    ///
    /// ```
    /// use mateproof::popeye::lexer::Lexer;
    /// let mut lx = Lexer::new("cond vault n\nnext");
    /// lx.next_token();
    /// lx.next_token();
    /// assert!(!lx.next_starts_line());
    /// lx.next_token();
    /// assert!(lx.next_starts_line());
    /// ```
    pub fn next_starts_line(&mut self) -> bool {
        let saved = self.at;
        let starts = self.next_token().is_some_and(|token| {
            let start = token.as_ptr() as usize - self.text.as_ptr() as usize;
            self.text[..start]
                .rsplit('\n')
                .next()
                .is_some_and(|before| before.bytes().all(|b| matches!(b, b' ' | b'\t' | b'\r')))
        });
        self.at = saved;
        starts
    }

    /// True when only separators remain.
    pub fn at_end(&mut self) -> bool {
        self.peek_token().is_none()
    }
}
