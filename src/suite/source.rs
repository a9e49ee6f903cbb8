//! The input side of a suite run: each file's format decided by its content, and one stream of
//! numbered [`Entry`]s over all files in command-line order. EPD is streamed line by line,
//! PGN game by game, a YAML collection entry by entry; a Popeye file and a gateway's JSON page
//! are read whole (they are small). A file that cannot be opened, or breaks off with a read
//! error, yields an entry that says so, and the stream goes on with the next file.
//!
//! Shards are chosen here, by entry number, so lines outside the shard are counted but never
//! parsed (twins of Popeye and YACPDB problems are entries of their own, so those files are
//! read whole by every shard). A shard takes every N-th entry, or — seeded — the entries a
//! hash of the seed and the entry number deals to it, so a sorted collection still spreads its
//! long problems over all shards, in a stream, with no count beforehand. This module reads and
//! numbers; it never solves.

use super::case::{Entry, Origin, Unusable};
use super::epd::read_line;
use super::format::Format;
use super::lines::{Line, LineScanner, MAX_LINE_BYTES};
use super::pgn::PgnGames;
use super::popeye::{read_file_twins, PopeyeTwin};
use super::yacpdb::entry_twins;
use crate::formats::yacpdb::{gateway_entries, read_document, read_value};
use crate::formats::yaml::{count_documents, Documents};
use crate::popeye::invocation::looks_like_popeye;
use crate::popeye::problems::twin_problems;
use crate::popeye::reader::read;
use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

/// Which entries a run takes: shard `first` of `count` (1-based) — every `count`-th entry
/// starting with number `first`, or, with a `seed`, the entries whose seeded hash falls to it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Shard {
    pub first: u64,
    pub count: u64,
    /// Deal entries by a hash of this seed and their number instead of in turn.
    pub seed: Option<u64>,
}

impl Shard {
    /// The whole suite.
    pub const ALL: Shard = Shard {
        first: 1,
        count: 1,
        seed: None,
    };

    pub fn takes(self, index: u64) -> bool {
        match self.seed {
            None => index >= self.first && (index - self.first).is_multiple_of(self.count),
            Some(seed) => index >= 1 && dealt(seed, index) % self.count == self.first - 1,
        }
    }

    /// `K/N`, as reports name a shard.
    pub fn name(self) -> String {
        format!("{}/{}", self.first, self.count)
    }

    /// The shard a batch system names in the environment: `id` is `SLURM_ARRAY_TASK_ID` (a
    /// Slurm array task, counted from `SLURM_ARRAY_TASK_MIN` in steps of
    /// `SLURM_ARRAY_TASK_STEP`) or, for any other pair of names, shard K itself (1-based);
    /// `count` the number of shards. `lookup` reads a variable.
    ///
    /// ```
    /// use mateproof::suite::source::Shard;
    /// let slurm = |name: &str| match name {
    ///     "SLURM_ARRAY_TASK_ID" => Some("4".to_owned()),
    ///     "SLURM_ARRAY_TASK_COUNT" => Some("8".to_owned()),
    ///     "SLURM_ARRAY_TASK_MIN" => Some("0".to_owned()),
    ///     _ => None,
    /// };
    /// let shard = Shard::from_env("SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", slurm).unwrap();
    /// assert_eq!((shard.first, shard.count), (5, 8));
    /// ```
    pub fn from_env(
        id: &str,
        count: &str,
        lookup: impl Fn(&str) -> Option<String>,
    ) -> Result<Shard, ShardEnvError> {
        let number = |name: &str| -> Result<u64, ShardEnvError> {
            let value = lookup(name).ok_or_else(|| ShardEnvError::Unset(name.to_owned()))?;
            value
                .trim()
                .parse()
                .map_err(|_| ShardEnvError::NotANumber(name.to_owned(), value))
        };
        let task = number(id)?;
        let total = number(count)?;
        let first = if id == SLURM_ID {
            let min = number("SLURM_ARRAY_TASK_MIN")?;
            let step = match lookup("SLURM_ARRAY_TASK_STEP") {
                Some(_) => number("SLURM_ARRAY_TASK_STEP")?.max(1),
                None => 1,
            };
            let offset = task.checked_sub(min).filter(|o| o % step == 0);
            offset
                .map(|o| o / step + 1)
                .ok_or(ShardEnvError::NotInArray { task, min, step })?
        } else {
            task
        };
        if first == 0 || first > total {
            return Err(ShardEnvError::OutOfRange { first, total });
        }
        Ok(Shard {
            first,
            count: total,
            seed: None,
        })
    }
}

/// Slurm's names for an array task and the array's size (`--shard auto`).
pub const SLURM_ID: &str = "SLURM_ARRAY_TASK_ID";
pub const SLURM_COUNT: &str = "SLURM_ARRAY_TASK_COUNT";

/// A seeded hash of an entry number (splitmix64's finaliser): which shard a seeded run deals
/// the entry to.
fn dealt(seed: u64, index: u64) -> u64 {
    let mut z = seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(index)
        .wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Why the environment names no shard.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ShardEnvError {
    #[error("--shard from the environment: {0} is not set (not inside a job array?)")]
    Unset(String),
    #[error("--shard from the environment: {0}='{1}' is not a number")]
    NotANumber(String, String),
    #[error("--shard from the environment: task {task} is not in an array from {min} in steps of {step} (give the array as a range, --array=1-8)")]
    NotInArray { task: u64, min: u64, step: u64 },
    #[error("--shard from the environment: shard {first} of {total} does not exist")]
    OutOfRange { first: u64, total: u64 },
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
        Ok(Shard {
            first,
            count,
            seed: None,
        })
    }
}

/// Decides a file's format from its first bytes: `[` opens a PGN tag pair, a Popeye begin
/// keyword (any language, abbreviated or not) opens Popeye input, YAML (`---`, a directive, a
/// `field:` line after any comments) or a JSON object (the YACPDB gateway's page) is YACPDB,
/// anything else is EPD.
///
/// ```
/// use mateproof::suite::{format::Format, source::detect_format};
/// assert_eq!(detect_format(b"\xef\xbb\xbf\n[Event \"x\"]"), Format::Pgn);
/// assert_eq!(detect_format(b"  AnfangProblem\nSteine"), Format::Popeye);
/// assert_eq!(detect_format(b"8/8/8/8/8/8/8/K1k5 w - - dm 1;"), Format::Epd);
/// assert_eq!(detect_format(b"# Olive\n---\nalgebraic:"), Format::Yacpdb);
/// assert_eq!(detect_format(b"stipulation: '#2'\n"), Format::Yacpdb);
/// assert_eq!(detect_format(b"{\"success\": true}"), Format::Yacpdb);
/// ```
pub fn detect_format(head: &[u8]) -> Format {
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    let text = String::from_utf8_lossy(head);
    let start = text.trim_start();
    if start.starts_with('[') {
        Format::Pgn
    } else if looks_like_popeye(start) {
        Format::Popeye
    } else if start.starts_with('{') || looks_like_yaml(start) {
        Format::Yacpdb
    } else {
        Format::Epd
    }
}

/// The first line that is not a comment is a document marker, a directive or `field:`.
fn looks_like_yaml(text: &str) -> bool {
    let Some(line) = text
        .lines()
        .map(str::trim_end)
        .find(|line| !line.trim().is_empty() && !line.starts_with('#'))
    else {
        return false;
    };
    if line == "---" || line.starts_with("--- ") || line.starts_with('%') {
        return true;
    }
    let Some((key, rest)) = line.split_once(':') else {
        return false;
    };
    let mut chars = key.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        && (rest.is_empty() || rest.starts_with(' '))
}

/// [`detect_format`], with a YAML or JSON file name (`.olv`, `.yaml`, `.yml`, `.json`)
/// deciding for YACPDB where the content says nothing clearer than EPD (malformed YAML).
pub fn detect_file_format(path: &Path, head: &[u8]) -> Format {
    let by_content = detect_format(head);
    let yaml_name = path.extension().is_some_and(|e| {
        ["olv", "yaml", "yml", "json"]
            .iter()
            .any(|x| e.eq_ignore_ascii_case(x))
    });
    if by_content == Format::Epd && yaml_name {
        Format::Yacpdb
    } else {
        by_content
    }
}

/// Entries of every file, numbered from 1, restricted to a shard.
pub struct EntryStream {
    files: VecDeque<PathBuf>,
    current: Option<FileEntries>,
    shard: Shard,
    next_index: u64,
    /// Entries up to this number are done already: counted, not handed out.
    skip_through: u64,
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
    /// YACPDB entries: YAML documents (or a gateway page's entries), each one case per twin.
    Yacpdb {
        name: String,
        entries: YacpdbEntries,
        /// The twins of the entry being handed out.
        pending: VecDeque<PopeyeTwin>,
    },
    /// One entry that reports why the file could not be read.
    Failed(Option<(String, usize, String)>),
}

/// Where a YACPDB file's entries come from.
enum YacpdbEntries {
    /// A YAML stream, one document at a time.
    Yaml(Documents<BufReader<File>>),
    /// A gateway page's entries (number, value), read whole.
    Json(std::iter::Enumerate<std::vec::IntoIter<yaml_serde::Value>>),
}

impl YacpdbEntries {
    /// The twins of the next entry (a fault in its place when it cannot be read), `None` at
    /// the end.
    fn next_twins(&mut self) -> Option<Vec<PopeyeTwin>> {
        match self {
            YacpdbEntries::Yaml(documents) => {
                let document = documents.next_document()?;
                let entry = match document.text {
                    Ok(text) => read_document(&text, document.line),
                    Err(why) => Err(crate::formats::yacpdb::EntryError::Yaml(why)),
                };
                Some(entry_twins(document.number, document.line, entry))
            }
            YacpdbEntries::Json(values) => {
                let (index, value) = values.next()?;
                Some(entry_twins(index + 1, 1, read_value(value)))
            }
        }
    }
}

/// One entry before it is numbered: where it is, what it is.
struct Raw {
    origin: Origin,
    fen: Option<String>,
    case: Result<super::case::Game, Unusable>,
}

impl EntryStream {
    pub fn new(files: &[PathBuf], shard: Shard) -> EntryStream {
        EntryStream {
            files: files.iter().cloned().collect(),
            current: None,
            shard,
            next_index: 1,
            skip_through: 0,
        }
    }

    /// The stream without the entries up to `last` (a resumed run's done ones).
    pub fn skipping(self, last: u64) -> EntryStream {
        EntryStream {
            skip_through: last,
            ..self
        }
    }

    /// The number the next entry gets: once the stream is done, one more than the entries of
    /// all files.
    pub fn next_index(&self) -> u64 {
        self.next_index
    }

    /// The next entry of the shard, or `None` when every file is done.
    pub fn next_entry(&mut self) -> Option<Entry> {
        loop {
            if self.current.is_none() {
                let path = self.files.pop_front()?;
                self.current = Some(open(&path));
            }
            let index = self.next_index;
            let wanted = self.shard.takes(index) && index > self.skip_through;
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
        Ok(head) => detect_file_format(path, head),
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
        Format::Yacpdb => {
            let json = reader.fill_buf().is_ok_and(|head| {
                let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
                head.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{')
            });
            let entries = if json {
                match read_gateway(reader) {
                    Ok(values) => YacpdbEntries::Json(values.into_iter().enumerate()),
                    Err(why) => return FileEntries::Failed(Some((name, 0, why))),
                }
            } else {
                YacpdbEntries::Yaml(Documents::new(reader))
            };
            FileEntries::Yacpdb {
                name,
                entries,
                pending: VecDeque::new(),
            }
        }
    }
}

/// The entries of a gateway page (read whole; pages are small), or why there are none.
fn read_gateway(reader: BufReader<File>) -> Result<Vec<yaml_serde::Value>, String> {
    let page: serde_json::Value =
        serde_json::from_reader(reader).map_err(|e| format!("not a YACPDB gateway page: {e}"))?;
    gateway_entries(page).map_err(|e| e.to_string())
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
                    case: read.case.map(super::case::Game::from),
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
                    case: game.case.map(super::case::Game::from),
                }))
            }
            FileEntries::Popeye { name, twins } => {
                let twin = twins.next()?;
                Some(wanted.then(|| Raw::twin(name, twin, Format::Popeye)))
            }
            FileEntries::Yacpdb {
                name,
                entries,
                pending,
            } => {
                while pending.is_empty() {
                    pending.extend(entries.next_twins()?);
                }
                let twin = pending.pop_front()?;
                Some(wanted.then(|| Raw::twin(name, twin, Format::Yacpdb)))
            }
            FileEntries::Failed(failure) => {
                let (name, line, reason) = failure.take()?;
                Some(wanted.then(|| Raw::fault(&name, line, Format::Epd, reason)))
            }
        }
    }
}

impl Raw {
    /// A twin of a Popeye problem or a YACPDB entry of file `name`.
    fn twin(name: &str, twin: PopeyeTwin, format: Format) -> Raw {
        Raw {
            origin: Origin {
                file: name.to_owned(),
                line: twin.line,
                label: twin.label,
                format,
            },
            fen: twin.fen,
            case: twin.case,
        }
    }

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
/// EPD, `[FEN` tags of PGN, twins of Popeye input, documents of YAML (a JSON page counts one). Streams each file once through a fixed
/// buffer; an unreadable file counts one.
pub fn estimate_entries(files: &[PathBuf]) -> u64 {
    files
        .iter()
        .map(|path| estimate_file(path).unwrap_or(1))
        .sum()
}

fn estimate_file(path: &Path) -> io::Result<u64> {
    let mut reader = BufReader::with_capacity(64 * 1024, File::open(path)?);
    let format = detect_file_format(path, reader.fill_buf()?);
    match format {
        // Entries, not their twins (those need the whole entry read).
        Format::Yacpdb => Ok(count_documents(reader)?.max(1)),
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
