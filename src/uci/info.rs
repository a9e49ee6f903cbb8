//! The engine's output: a line writer shared by the command loop and the search thread, and the
//! text of `info` and `bestmove` lines. Every line the engine sends is composed here or in
//! [`super::report`], [`super::composer`], [`super::display`] and the session's answers, never
//! by vampirc-uci's serializer.

use crate::board::Move;
use crate::search::{Iteration, Score};
use crate::solver::MateFound;
use parking_lot::Mutex;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// Whole lines to the GUI, each flushed at once, from any thread.
#[derive(Clone)]
pub struct Output {
    sink: Arc<Mutex<Box<dyn Write + Send>>>,
    broken: Arc<AtomicBool>,
}

impl Output {
    pub fn new(sink: impl Write + Send + 'static) -> Output {
        Output {
            sink: Arc::new(Mutex::new(Box::new(sink))),
            broken: Arc::new(AtomicBool::new(false)),
        }
    }

    /// Writes one line. A failed write (the GUI closed the pipe) is remembered, not raised:
    /// the command loop ends when it sees [`Output::is_broken`].
    pub fn line(&self, text: &str) {
        let mut sink = self.sink.lock();
        if writeln!(sink, "{text}").and_then(|_| sink.flush()).is_err() {
            self.broken.store(true, Ordering::Relaxed);
        }
    }

    /// Several lines, written without another thread's line in between.
    pub fn lines(&self, texts: &[String]) {
        let mut block = String::with_capacity(texts.iter().map(|t| t.len() + 1).sum());
        for text in texts {
            block.push_str(text);
            block.push('\n');
        }
        self.block(&block);
    }

    /// Complete lines (each ending in `\n`) in one write and one flush: a line-buffered
    /// standard output would otherwise make a system call of each line (help play's
    /// `mp solution` records came 14 times slower than `solve` wrote them).
    pub fn block(&self, lines: &str) {
        let mut sink = self.sink.lock();
        if sink
            .write_all(lines.as_bytes())
            .and_then(|_| sink.flush())
            .is_err()
        {
            self.broken.store(true, Ordering::Relaxed);
        }
    }

    pub fn is_broken(&self) -> bool {
        self.broken.load(Ordering::Relaxed)
    }

    /// `info string <text>`.
    pub fn info_string(&self, text: &str) {
        self.line(&format!("info string {text}"));
    }
}

/// An [`std::io::Write`] that sends each complete line to an [`Output`], for text composed by
/// writers built on `Write` (perft's report). A last line without `\n` is sent on `flush`.
pub struct LineWriter {
    out: Output,
    pending: Vec<u8>,
}

impl LineWriter {
    pub fn new(out: Output) -> LineWriter {
        LineWriter {
            out,
            pending: Vec::new(),
        }
    }
}

impl Write for LineWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for &b in buf {
            if b == b'\n' {
                self.out.line(&String::from_utf8_lossy(&self.pending));
                self.pending.clear();
            } else {
                self.pending.push(b);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if !self.pending.is_empty() {
            self.out.line(&String::from_utf8_lossy(&self.pending));
            self.pending.clear();
        }
        Ok(())
    }
}

/// `cp N` or `mate N` (moves, negative when the side to move is mated).
pub fn score_text(score: Score) -> String {
    match score.mate_moves() {
        Some(moves) => format!("mate {moves}"),
        None => format!("cp {}", score.get()),
    }
}

/// Nodes per second, 0 before the first millisecond.
pub fn nps(nodes: u64, time: Duration) -> u64 {
    (nodes as u128 * 1_000_000)
        .checked_div(time.as_micros())
        .map_or(0, |n| n.min(u64::MAX as u128) as u64)
}

fn moves_text(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|m| m.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// The line for one completed iteration of the game search.
pub fn iteration_line(it: &Iteration) -> String {
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        it.depth,
        it.seldepth.max(it.depth),
        it.multipv,
        score_text(it.score),
        it.nodes,
        nps(it.nodes, it.time),
        it.hashfull,
        it.time.as_millis(),
        moves_text(&it.pv)
    )
}

/// One line per key of a proved mate (`MultiPV` lines at most): the first key with the full
/// principal variation, the others (the cooks) with the key alone.
pub fn mate_lines(found: &MateFound, multipv: usize, nodes: u64, time: Duration) -> Vec<String> {
    let plies = (found.moves * 2).saturating_sub(1);
    found
        .keys
        .iter()
        .take(multipv.max(1))
        .enumerate()
        .map(|(i, &key)| {
            let pv = if i == 0 && found.pv.first() == Some(&key) { moves_text(&found.pv) } else { key.to_string() };
            let seldepth = if i == 0 { found.pv.len() as u32 } else { 1 }.max(plies);
            format!(
                "info depth {plies} seldepth {seldepth} multipv {} score mate {} nodes {nodes} nps {} time {} pv {pv}",
                i + 1,
                found.moves,
                nps(nodes, time),
                time.as_millis()
            )
        })
        .collect()
}

/// `bestmove <move> [ponder <move>]`; `bestmove 0000` when there is no legal move (the null
/// move of the UCI specification; Stockfish writes `(none)` instead).
pub fn bestmove_line(best: Move, ponder: Option<Move>) -> String {
    match ponder.filter(|p| !best.is_null() && !p.is_null()) {
        Some(p) => format!("bestmove {best} ponder {p}"),
        None => format!("bestmove {best}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;

    fn mv(from: u8, to: u8) -> Move {
        Move::normal(Square::new(from), Square::new(to))
    }

    #[test]
    fn scores_and_bestmoves() {
        assert_eq!(score_text(Score::cp(-35)), "cp -35");
        assert_eq!(score_text(Score::mate_in(5)), "mate 3");
        assert_eq!(score_text(Score::mated_in(4)), "mate -2");
        assert_eq!(
            bestmove_line(mv(12, 28), Some(mv(52, 36))),
            "bestmove e2e4 ponder e7e5"
        );
        assert_eq!(bestmove_line(mv(12, 28), None), "bestmove e2e4");
        assert_eq!(bestmove_line(Move::NULL, Some(mv(52, 36))), "bestmove 0000");
        assert_eq!(nps(5_000, Duration::from_millis(500)), 10_000);
        assert_eq!(nps(5_000, Duration::ZERO), 0);
    }

    #[derive(Clone, Default)]
    struct Shared(Arc<Mutex<Vec<u8>>>);
    impl Write for Shared {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn line_writer_forwards_whole_lines() {
        let sink = Shared::default();
        let mut w = LineWriter::new(Output::new(sink.clone()));
        write!(w, "a1a2: 1\n\nNodes sea").unwrap();
        assert_eq!(sink.0.lock().as_slice(), b"a1a2: 1\n\n");
        write!(w, "rched: 1").unwrap();
        w.flush().unwrap();
        assert_eq!(sink.0.lock().as_slice(), b"a1a2: 1\n\nNodes searched: 1\n");
    }

    #[test]
    fn iteration_and_mate_lines() {
        let it = Iteration {
            depth: 3,
            seldepth: 7,
            multipv: 1,
            score: Score::cp(18),
            nodes: 2_000,
            time: Duration::from_millis(4),
            hashfull: 1,
            pv: vec![mv(12, 28), mv(52, 36)],
        };
        assert_eq!(
            iteration_line(&it),
            "info depth 3 seldepth 7 multipv 1 score cp 18 nodes 2000 nps 500000 hashfull 1 time 4 pv e2e4 e7e5"
        );
        let found = MateFound {
            moves: 2,
            shortest: true,
            keys: vec![mv(0, 40), mv(0, 8)],
            pv: vec![mv(0, 40), mv(49, 40), mv(41, 49)],
        };
        let lines = mate_lines(&found, 2, 100, Duration::from_millis(10));
        assert_eq!(
            lines,
            [
                "info depth 3 seldepth 3 multipv 1 score mate 2 nodes 100 nps 10000 time 10 pv a1a6 b7a6 b6b7",
                "info depth 3 seldepth 3 multipv 2 score mate 2 nodes 100 nps 10000 time 10 pv a1a2",
            ]
        );
        assert_eq!(
            mate_lines(&found, 1, 100, Duration::from_millis(10)).len(),
            1
        );
    }
}
