//! The UCI engine process: GUIs, python-chess scripts and pipes talk to Mateproof here.
//!
//! [`run`] reads commands line by line from any reader and answers on any writer, for as long
//! as the input lasts; end of input counts as `quit`. It never dies on input: each line goes
//! through the front layer ([`parse_line`]), and whatever cannot be obeyed is answered with
//! `info string error: <why>`. Searches run on their own thread, so `isready` and `stop` are
//! answered while they think.
//!
//! This is a protocol layer only: the searches are the protocol-free [`crate::engine`]'s.
//! Layers, in the order a line meets them: the line reader here (length cap, lossy UTF-8),
//! `front` (text → [`Command`], vampirc-uci behind it), `session` (options, and each command
//! as a call on the engine), and on the way back `listener` (the engine's events as lines)
//! with the writers (`info`, `report`, `composer`, `display`). Only this module writes UCI
//! text. The protocol as Mateproof speaks it is in `protocol/uci.md`; the problem report
//! lines in `protocol/uci-extensions.md`.

mod classify;
mod command;
pub mod composer;
mod display;
mod error;
mod front;
mod go;
mod help_report;
mod info;
mod listener;
mod options;
mod report;
mod session;

pub use command::{Command, GoParams, PositionSpec, StartingPoint};
pub use display::display_lines;
pub use error::UciError;
pub use front::parse_line;
pub use go::{parse_go, MAX_GO_DEPTH, MAX_MATE, MAX_PERFT};
pub use report::problem_report;

use info::Output;
use session::{Flow, Session};
use std::io::{self, BufRead, Write};

/// Longest line read; longer lines are answered with an error and skipped (a `position …
/// moves` line of a 1,000-move game is about 5 kB).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Serves the UCI protocol on `input` and `output` until `quit`, end of input, or a closed
/// output. Returns an error only when reading the input fails.
///
/// ```
/// let input = b"uci\nisready\nposition startpos moves e2e4\ngo depth 2\nquit\n";
/// let output = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
/// struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);
/// impl std::io::Write for Shared {
///     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> { self.0.lock().unwrap().write(b) }
///     fn flush(&mut self) -> std::io::Result<()> { Ok(()) }
/// }
/// mateproof::uci::run(&input[..], Shared(output.clone())).unwrap();
/// let text = String::from_utf8(output.lock().unwrap().clone()).unwrap();
/// assert!(text.contains("uciok\n") && text.contains("readyok\n"));
/// ```
pub fn run<R: BufRead>(mut input: R, output: impl Write + Send + 'static) -> io::Result<()> {
    let out = Output::new(output);
    let mut engine = Session::new(out.clone());
    let mut buf = Vec::new();
    loop {
        let flow = match read_line(&mut input, &mut buf) {
            Ok(Line::Text(text)) => obey_guarded(&mut engine, &text),
            Ok(Line::TooLong(len)) => {
                engine.report_error(&UciError::LineTooLong(len));
                Flow::Continue
            }
            Ok(Line::End) => Flow::Quit,
            Err(e) => {
                engine.shutdown();
                return Err(e);
            }
        };
        if flow == Flow::Quit || out.is_broken() {
            engine.shutdown();
            return Ok(());
        }
    }
}

/// Obeys one line; a panic while obeying it is answered as an error and the loop goes on (the
/// last net under [`Session::handle_line`], which itself never fails on input).
fn obey_guarded(engine: &mut Session, line: &str) -> Flow {
    guarded(line, || engine.handle_line(line)).unwrap_or_else(|e| {
        engine.report_error(&e);
        Flow::Continue
    })
}

/// Runs `obey`, turning a panic into [`UciError::Internal`] naming the line.
fn guarded(line: &str, obey: impl FnOnce() -> Flow) -> Result<Flow, UciError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(obey)).map_err(|payload| {
        UciError::Internal {
            line: line.chars().take(80).collect(),
            message: crate::util::threads::panic_text(&*payload),
        }
    })
}

/// Serves UCI on the process's stdin and stdout (`mateproof` and `mateproof uci`).
pub fn run_stdio() -> io::Result<()> {
    run(io::stdin().lock(), io::stdout())
}

enum Line {
    Text(String),
    TooLong(usize),
    End,
}

/// The next line without its end-of-line, at most [`MAX_LINE_BYTES`] of it kept; bytes that
/// are not UTF-8 become U+FFFD (and so an unknown command, not a read error).
fn read_line<R: BufRead>(input: &mut R, buf: &mut Vec<u8>) -> io::Result<Line> {
    buf.clear();
    let mut total = 0usize;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            if total == 0 {
                return Ok(Line::End);
            }
            break;
        }
        let (part, used, ends) = match memchr::memchr(b'\n', chunk) {
            Some(i) => (&chunk[..i], i + 1, true),
            None => (chunk, chunk.len(), false),
        };
        let room = MAX_LINE_BYTES.saturating_sub(buf.len());
        buf.extend_from_slice(&part[..part.len().min(room)]);
        total = total.saturating_add(part.len());
        input.consume(used);
        if ends {
            break;
        }
    }
    if total > MAX_LINE_BYTES {
        Ok(Line::TooLong(total))
    } else {
        Ok(Line::Text(String::from_utf8_lossy(buf).into_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<String> {
        let mut reader = io::BufReader::with_capacity(7, input);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            match read_line(&mut reader, &mut buf).unwrap() {
                Line::Text(t) => out.push(t),
                Line::TooLong(n) => out.push(format!("<too long: {n}>")),
                Line::End => return out,
            }
        }
    }

    #[test]
    fn a_panic_while_obeying_a_line_is_an_error_naming_it() {
        assert_eq!(guarded("isready", || Flow::Continue), Ok(Flow::Continue));
        let e = guarded("go mate 3", || panic!("table full")).unwrap_err();
        assert_eq!(
            e.to_string(),
            "internal error while obeying 'go mate 3': table full (the engine goes on)"
        );
    }

    #[test]
    fn lines_across_buffer_boundaries_crlf_and_bad_utf8() {
        assert_eq!(
            lines(b"uci\r\nisready\n\nposition startpos moves e2e4 e7e5\nquit"),
            [
                "uci\r",
                "isready",
                "",
                "position startpos moves e2e4 e7e5",
                "quit"
            ]
        );
        assert_eq!(lines(b"is\xffready\n"), ["is\u{fffd}ready"]);
        let mut long = vec![b'x'; MAX_LINE_BYTES + 5];
        long.extend_from_slice(b"\nisready\n");
        assert_eq!(
            lines(&long),
            [
                format!("<too long: {}>", MAX_LINE_BYTES + 5),
                "isready".to_owned()
            ]
        );
    }
}
