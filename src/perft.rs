//! perft: counts the leaf nodes of the legal move tree to a fixed depth, the standard test of
//! a move generator. The last ply is counted in bulk (no moves made), as Stockfish does.
//!
//! Also here: the report `mateproof perft` prints (Stockfish's `go perft` format, so the two can
//! be diffed) and the reader for perft suites (`<fen> ;D1 20 ;D2 400 …`). This module only
//! counts and formats; it never validates positions beyond what [`Position::from_fen`] does.
//! Counting is generic over the game ([`Rules`]).

#[cfg(doc)]
use crate::board::Position;
use crate::rules::{Rules, Sink};
use std::fmt::Display;
use std::io::{self, Write};

/// Leaf count of the move tree `depth` plies deep.
///
/// ```
/// use mateproof::{board::Position, perft::perft};
/// assert_eq!(perft(&Position::startpos(), 3), 8902);
/// ```
pub fn perft<R: Rules>(pos: &R, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal_moves(),
        2 => {
            // The leaves' parents: count each child as its move is generated, without
            // storing the moves first.
            let mut leaves = LeafCounter {
                parent: pos,
                nodes: 0,
            };
            pos.generate(&mut leaves);
            leaves.nodes
        }
        _ => {
            let mut nodes = 0;
            for &m in pos.legal_moves().iter() {
                nodes += perft(&pos.play(m), depth - 1);
            }
            nodes
        }
    }
}

/// Counts the legal replies to each move it receives (perft two plies above the leaves).
struct LeafCounter<'a, R> {
    parent: &'a R,
    nodes: u64,
}

impl<R: Rules> Sink<R::Move> for LeafCounter<'_, R> {
    #[inline(always)]
    fn push(&mut self, m: R::Move) {
        self.nodes += self.parent.play(m).count_legal_moves();
    }
}

/// perft per root move (`divide`), in generation order. Empty at depth 0, which has no moves.
///
/// ```
/// use mateproof::{board::Position, perft::divide};
/// let rows = divide(&Position::startpos(), 2);
/// assert_eq!(rows.len(), 20);
/// assert!(rows.iter().all(|&(_, n)| n == 20));
/// ```
pub fn divide<R: Rules>(pos: &R, depth: u32) -> Vec<(R::Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&m| (m, perft(&pos.play(m), depth - 1)))
        .collect()
}

/// Writes what Stockfish 15.1 prints for `go perft <depth>`: one `move: count` line per root
/// move, a blank line, `Nodes searched: N` and a blank line. Returns the node count.
///
/// Stockfish treats `go perft 0` as an ordinary (endless) search, so there is nothing to match
/// there; depth 0 is reported as the single node it is, without root moves.
///
/// ```
/// use mateproof::{board::{Position, Validation}, perft::write_report};
/// let mut out = Vec::new();
/// let pos = Position::from_fen("7k/8/6K1/8/8/8/8/8 b - - 0 1", Validation::Strict).unwrap();
/// assert_eq!(write_report(&mut out, &pos, 1).unwrap(), 1);
/// assert_eq!(String::from_utf8(out).unwrap(), "h8g8: 1\n\nNodes searched: 1\n\n");
/// ```
pub fn write_report<R: Rules>(out: &mut impl Write, pos: &R, depth: u32) -> io::Result<u64> {
    let (rows, total) = divide_with_total(pos, depth);
    write_rows(out, &rows, total)?;
    Ok(total)
}

/// [`divide`]'s rows and their sum; at depth 0 no rows and the one position.
pub fn divide_with_total<R: Rules>(pos: &R, depth: u32) -> (Vec<(R::Move, u64)>, u64) {
    if depth == 0 {
        return (Vec::new(), 1);
    }
    let rows = divide(pos, depth);
    let total = rows.iter().map(|&(_, n)| n).sum();
    (rows, total)
}

/// The text of [`write_report`] for counts already made: a line per root move, then the total.
pub fn write_rows<M: Display>(
    out: &mut impl Write,
    rows: &[(M, u64)],
    total: u64,
) -> io::Result<()> {
    for (m, n) in rows {
        writeln!(out, "{m}: {n}")?;
    }
    write!(out, "\nNodes searched: {total}\n\n")
}

/// One line of a perft suite: a position and its known leaf counts.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SuiteEntry {
    /// The position as written (4 or 6 FEN fields).
    pub fen: String,
    /// `(depth, nodes)` in the order the line gives them.
    pub counts: Vec<(u32, u64)>,
    /// The `id "…"` field, when present.
    pub id: Option<String>,
}

/// A perft-suite line that could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum SuiteError {
    #[error("line {line}: no `;D<depth> <nodes>` field")]
    NoCounts { line: usize },
    #[error("line {line}: cannot read the count field `{field}`")]
    BadCount { line: usize, field: String },
}

/// Reads a perft suite: one position per line, `<fen> ;D1 n1 ;D2 n2 … [;id "name"]`. Blank
/// lines and lines starting with `#` are skipped.
///
/// ```
/// use mateproof::perft::read_suite;
/// let suite = read_suite("8/8/8/8/8/8/8/K1k5 w - - ;D1 3 ;D2 9 ;id \"corner\"\n").unwrap();
/// assert_eq!(suite[0].fen, "8/8/8/8/8/8/8/K1k5 w - -");
/// assert_eq!(suite[0].counts, [(1, 3), (2, 9)]);
/// assert_eq!(suite[0].id.as_deref(), Some("corner"));
/// ```
pub fn read_suite(text: &str) -> Result<Vec<SuiteEntry>, SuiteError> {
    let mut entries = Vec::new();
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let trimmed = raw.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        let mut fields = trimmed.split(';');
        let fen = fields.next().unwrap_or_default().trim().to_owned();
        let mut counts = Vec::new();
        let mut id = None;
        for field in fields.map(str::trim).filter(|f| !f.is_empty()) {
            if let Some(name) = field.strip_prefix("id") {
                id = Some(name.trim().trim_matches('"').to_owned());
                continue;
            }
            let bad = || SuiteError::BadCount {
                line,
                field: field.to_owned(),
            };
            let rest = field.strip_prefix('D').ok_or_else(bad)?;
            let (depth, nodes) = rest.split_once(char::is_whitespace).ok_or_else(bad)?;
            let depth = depth.parse().map_err(|_| bad())?;
            let nodes = nodes.trim().parse().map_err(|_| bad())?;
            counts.push((depth, nodes));
        }
        if counts.is_empty() {
            return Err(SuiteError::NoCounts { line });
        }
        entries.push(SuiteEntry { fen, counts, id });
    }
    Ok(entries)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Position;

    #[test]
    fn suite_errors_name_the_line() {
        assert_eq!(
            read_suite("\n8/8/8/8/8/8/8/K1k5 w - -\n"),
            Err(SuiteError::NoCounts { line: 2 })
        );
        assert_eq!(
            read_suite("8/8/8/8/8/8/8/K1k5 w - - ;D1 x\n"),
            Err(SuiteError::BadCount {
                line: 1,
                field: "D1 x".into()
            })
        );
        assert_eq!(
            read_suite("8/8/8/8/8/8/8/K1k5 w - - ;acd 3\n"),
            Err(SuiteError::BadCount {
                line: 1,
                field: "acd 3".into()
            })
        );
    }

    #[test]
    fn report_of_a_stalemate_has_no_moves() {
        let pos = Position::from_fen(
            "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
            crate::board::Validation::Strict,
        )
        .unwrap();
        let mut out = Vec::new();
        assert_eq!(write_report(&mut out, &pos, 3).unwrap(), 0);
        assert_eq!(out, b"\nNodes searched: 0\n\n");
    }
}
