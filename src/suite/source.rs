//! The input side of a suite run: each file's format decided by its content, and one stream of
//! numbered [`Entry`]s over all files in command-line order. EPD is streamed line by line,
//! PGN game by game; a Popeye file is read whole (they are small). A file that cannot be
//! opened, or breaks off with a read error, yields an entry that says so, and the stream goes
//! on with the next file.
//!
//! Shards are chosen here, by entry number, so lines outside the shard are counted but never
//! parsed. This module reads and numbers; it never solves.

use super::case::{Entry, Format, Origin, Unusable};
use super::epd::read_line;
use super::lines::{Line, LineScanner, MAX_LINE_BYTES};
use super::pgn::PgnGames;
use super::popeye::{read_file_twins, PopeyeTwin};
use crate::popeye::invocation::looks_like_popeye;
use crate::popeye::problems::twin_problems;
use crate::popeye::reader::read;
use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// Which entries a run takes: every `count`-th, starting with number `first` (1-based).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shard {
    pub first: u64,
    pub count: u64,
}

impl Shard {
    /// The whole suite.
    pub const ALL: Shard = Shard { first: 1, count: 1 };

    pub fn takes(self, index: u64) -> bool {
        index >= self.first && (index - self.first).is_multiple_of(self.count)
    }
}

/// Why `--shard` could not be read.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("shard '{0}' must be K/N with 1 <= K <= N, e.g. 2/8")]
pub struct ParseShardError(pub String);

impl std::str::FromStr for Shard {
    type Err = ParseShardError;

    /// `K/N`: shard K of N, both 1-based.
    ///
    /// ```
    /// use mateproof::suite::source::Shard;
    /// let shard: Shard = "2/3".parse().unwrap();
    /// assert_eq!((1..=7).filter(|&i| shard.takes(i)).collect::<Vec<_>>(), [2, 5]);
    /// assert!("0/3".parse::<Shard>().is_err() && "4/3".parse::<Shard>().is_err());
    /// ```
    fn from_str(text: &str) -> Result<Shard, ParseShardError> {
        let err = || ParseShardError(text.to_owned());
        let (k, n) = text.split_once('/').ok_or_else(err)?;
        let first: u64 = k.trim().parse().map_err(|_| err())?;
        let count: u64 = n.trim().parse().map_err(|_| err())?;
        if first == 0 || first > count {
            return Err(err());
        }
        Ok(Shard { first, count })
    }
}

/// Decides a file's format from its first bytes: `[` opens a PGN tag pair, a Popeye begin
/// keyword (any language, abbreviated or not) opens Popeye input, anything else is EPD.
///
/// ```
/// use mateproof::suite::{case::Format, source::detect_format};
/// assert_eq!(detect_format(b"\xef\xbb\xbf\n[Event \"x\"]"), Format::Pgn);
/// assert_eq!(detect_format(b"  AnfangProblem\nSteine"), Format::Popeye);
/// assert_eq!(detect_format(b"8/8/8/8/8/8/8/K1k5 w - - dm 1;"), Format::Epd);
/// ```
pub fn detect_format(head: &[u8]) -> Format {
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    let text = String::from_utf8_lossy(head);
    let start = text.trim_start();
    if start.starts_with('[') {
        Format::Pgn
    } else if looks_like_popeye(start) {
        Format::Popeye
    } else {
        Format::Epd
    }
}

/// Entries of every file, numbered from 1, restricted to a shard.
pub struct EntryStream {
    files: VecDeque<PathBuf>,
    current: Option<FileEntries>,
    shard: Shard,
    next_index: u64,
}

/// The entries still to come from the file being read.
enum FileEntries {
    Epd {
        name: String,
        lines: LineScanner<BufReader<File>>,
    },
    Pgn {
        name: String,
        games: PgnGames<BufReader<File>>,
    },
    Popeye {
        name: String,
        twins: std::vec::IntoIter<PopeyeTwin>,
    },
    /// One entry that reports why the file could not be read.
    Failed(Option<(String, usize, String)>),
}

/// One entry before it is numbered: where it is, what it is.
struct Raw {
    origin: Origin,
    fen: Option<String>,
    case: Result<super::case::Case, Unusable>,
}

impl EntryStream {
    pub fn new(files: &[PathBuf], shard: Shard) -> EntryStream {
        EntryStream {
            files: files.iter().cloned().collect(),
            current: None,
            shard,
            next_index: 1,
        }
    }

    /// The next entry of the shard, or `None` when every file is done.
    pub fn next_entry(&mut self) -> Option<Entry> {
        loop {
            if self.current.is_none() {
                let path = self.files.pop_front()?;
                self.current = Some(open(&path));
            }
            let index = self.next_index;
            let wanted = self.shard.takes(index);
            match self.current.as_mut().and_then(|file| file.next_raw(wanted)) {
                None => self.current = None,
                Some(raw) => {
                    self.next_index += 1;
                    if let Some(raw) = raw {
                        return Some(Entry {
                            index,
                            origin: raw.origin,
                            fen: raw.fen,
                            case: raw.case,
                        });
                    }
                }
            }
        }
    }
}

impl Iterator for EntryStream {
    type Item = Entry;

    fn next(&mut self) -> Option<Entry> {
        self.next_entry()
    }
}

/// Opens a file and picks its reader.
fn open(path: &Path) -> FileEntries {
    let name = path.display().to_string();
    let failed = |line: usize, e: io::Error| {
        FileEntries::Failed(Some((name.clone(), line, format!("cannot read file: {e}"))))
    };
    let file = match File::open(path) {
        Ok(file) => file,
        Err(e) => return failed(0, e),
    };
    let mut reader = BufReader::with_capacity(64 * 1024, file);
    let format = match reader.fill_buf() {
        Ok(head) => detect_format(head),
        Err(e) => return failed(0, e),
    };
    match format {
        Format::Epd => FileEntries::Epd {
            name,
            lines: LineScanner::new(reader),
        },
        Format::Pgn => FileEntries::Pgn {
            name,
            games: PgnGames::new(reader),
        },
        Format::Popeye => {
            let mut bytes = Vec::new();
            if let Err(e) = reader.read_to_end(&mut bytes) {
                return failed(0, e);
            }
            // Popeye files are often Latin-1; keep every byte readable.
            let text = String::from_utf8_lossy(&bytes);
            FileEntries::Popeye {
                name,
                twins: read_file_twins(path, &text).into_iter(),
            }
        }
    }
}

impl FileEntries {
    /// The next entry of this file: `Some(None)` for one outside the shard (counted, not
    /// read), `None` when the file is done.
    fn next_raw(&mut self, wanted: bool) -> Option<Option<Raw>> {
        match self {
            FileEntries::Epd { name, lines } => loop {
                let (number, line) = match lines.next_line() {
                    Ok(Some(line)) => line,
                    Ok(None) => return None,
                    Err(e) => {
                        let failed = Raw::fault(name, 0, Format::Epd, format!("read error: {e}"));
                        *self = FileEntries::Failed(None);
                        return Some(wanted.then_some(failed));
                    }
                };
                let text = match line {
                    Line::Text(text) if text.trim().is_empty() => continue,
                    Line::Text(text) => text,
                    Line::TooLong(_) if !wanted => return Some(None),
                    Line::TooLong(bytes) => {
                        let reason =
                            format!("line of {bytes} bytes is longer than {MAX_LINE_BYTES}");
                        return Some(Some(Raw::fault(name, number, Format::Epd, reason)));
                    }
                };
                if !wanted {
                    return Some(None);
                }
                let read = read_line(&text);
                return Some(Some(Raw {
                    origin: Origin {
                        file: name.clone(),
                        line: number,
                        label: read.label,
                        format: Format::Epd,
                    },
                    fen: read.fen,
                    case: read.case,
                }));
            },
            FileEntries::Pgn { name, games } => {
                let game = games.next()?;
                Some(wanted.then_some(Raw {
                    origin: Origin {
                        file: name.clone(),
                        line: game.line,
                        label: game.label,
                        format: Format::Pgn,
                    },
                    fen: game.fen,
                    case: game.case,
                }))
            }
            FileEntries::Popeye { name, twins } => {
                let twin = twins.next()?;
                Some(wanted.then_some(Raw {
                    origin: Origin {
                        file: name.clone(),
                        line: twin.line,
                        label: twin.label,
                        format: Format::Popeye,
                    },
                    fen: twin.fen,
                    case: twin.case,
                }))
            }
            FileEntries::Failed(failure) => {
                let (name, line, reason) = failure.take()?;
                Some(wanted.then(|| Raw::fault(&name, line, Format::Epd, reason)))
            }
        }
    }
}

impl Raw {
    fn fault(file: &str, line: usize, format: Format, reason: String) -> Raw {
        Raw {
            origin: Origin {
                file: file.to_owned(),
                line,
                label: None,
                format,
            },
            fen: None,
            case: Err(Unusable::Input(reason)),
        }
    }
}

/// About how many entries the files hold, for a progress bar's length: non-blank lines of
/// EPD, `[FEN` tags of PGN, twins of Popeye input. Streams each file once through a fixed
/// buffer; an unreadable file counts one.
pub fn estimate_entries(files: &[PathBuf]) -> u64 {
    files
        .iter()
        .map(|path| estimate_file(path).unwrap_or(1))
        .sum()
}

fn estimate_file(path: &Path) -> io::Result<u64> {
    let mut reader = BufReader::with_capacity(64 * 1024, File::open(path)?);
    match detect_format(reader.fill_buf()?) {
        Format::Epd => {
            let mut lines = LineScanner::new(reader);
            let mut count = 0;
            while let Some((_, line)) = lines.next_line()? {
                count += u64::from(!matches!(line, Line::Text(ref t) if t.trim().is_empty()));
            }
            Ok(count)
        }
        Format::Pgn => {
            let finder = memchr::memmem::Finder::new(b"[FEN ");
            let mut count = 0u64;
            let mut lines = LineScanner::new(reader);
            while let Some((_, line)) = lines.next_line()? {
                if let Line::Text(text) = line {
                    count += finder.find_iter(text.as_bytes()).count() as u64;
                }
            }
            Ok(count.max(1))
        }
        Format::Popeye => {
            let mut bytes = Vec::new();
            reader.read_to_end(&mut bytes)?;
            let file = read(&String::from_utf8_lossy(&bytes));
            let twins: usize = file
                .problems
                .iter()
                .map(|spec| twin_problems(spec, file.language).len().max(1))
                .sum();
            Ok(twins.max(1) as u64)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_the_entries() {
        let shards: Vec<Shard> = ["1/3", "2/3", "3/3"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        for index in 1..=20u64 {
            assert_eq!(
                shards.iter().filter(|s| s.takes(index)).count(),
                1,
                "{index}"
            );
        }
        assert!((1..=20).all(|i| Shard::ALL.takes(i)));
        for bad in ["", "1", "a/b", "1/0", "0/0", "3/2", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_missing_file_is_one_entry_and_the_stream_goes_on() {
        let dir = std::env::temp_dir().join(format!("mateproof-source-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let epd = dir.join("two.epd");
        std::fs::write(
            &epd,
            "8/6p1/5pk1/7R/B7/8/8/7K w - - bm Be8#; dm 1;\n\n8/6p1/5pk1/7R/B7/8/8/7K w - - dm 1;\n",
        )
        .unwrap();
        let files = [dir.join("missing.epd"), epd.clone()];
        let entries: Vec<Entry> = EntryStream::new(&files, Shard::ALL).collect();
        assert_eq!(entries.len(), 3);
        assert_eq!(
            entries.iter().map(|e| e.index).collect::<Vec<_>>(),
            [1, 2, 3]
        );
        assert!(entries[0].case.is_err() && entries[0].origin.line == 0);
        assert_eq!((entries[1].origin.line, entries[2].origin.line), (1, 3));
        let second: Vec<Entry> = EntryStream::new(&files, "2/2".parse().unwrap()).collect();
        assert_eq!(second.iter().map(|e| e.index).collect::<Vec<_>>(), [2]);
        assert_eq!(estimate_entries(&files), 3);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
