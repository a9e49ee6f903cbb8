//! Text gathered and handed on in pieces: the writers of help play's lines
//! ([`crate::help::LineSink`]s) add each line here as it is found, and the text goes to the
//! caller's `emit` on each of the search's flushes, or at once when it grows past
//! [`Chunks::SIZE`] — so a line is out within moments of its finding, and a play of millions
//! of lines costs a write per flush, not per line. It never formats anything itself.

use std::ops::ControlFlow;

/// Text waiting for the next flush, and where it goes.
pub struct Chunks<'a> {
    text: String,
    emit: &'a mut dyn FnMut(&str) -> ControlFlow<()>,
}

impl<'a> Chunks<'a> {
    /// Text held before it is handed on without waiting for a flush.
    pub const SIZE: usize = 1 << 16;

    /// `emit` writes a piece of text; `Break` when it can no longer be written.
    pub fn new(emit: &'a mut dyn FnMut(&str) -> ControlFlow<()>) -> Chunks<'a> {
        Chunks {
            text: String::new(),
            emit,
        }
    }

    /// Adds `line` (with its line break) and hands the text on once it is large.
    pub fn push(&mut self, line: &str) -> ControlFlow<()> {
        self.text.push_str(line);
        if self.text.len() >= Self::SIZE {
            return self.flush();
        }
        ControlFlow::Continue(())
    }

    /// Hands on the text held, if any.
    pub fn flush(&mut self) -> ControlFlow<()> {
        if self.text.is_empty() {
            return ControlFlow::Continue(());
        }
        let flow = (self.emit)(&self.text);
        self.text.clear();
        flow
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_waits_for_a_flush_unless_it_is_large() {
        let mut written = Vec::new();
        let mut emit = |text: &str| {
            written.push(text.len());
            ControlFlow::Continue(())
        };
        let mut chunks = Chunks::new(&mut emit);
        assert!(chunks.push("line\n").is_continue());
        assert!(chunks.push(&"x".repeat(Chunks::SIZE)).is_continue());
        assert!(chunks.flush().is_continue());
        assert!(chunks.flush().is_continue());
        drop(chunks);
        assert_eq!(
            written,
            [Chunks::SIZE + 5],
            "one piece, nothing for the empty flush"
        );
    }
}
