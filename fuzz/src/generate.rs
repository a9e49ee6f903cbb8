//! Seeded, structure-aware hostile inputs for the fuzz targets, for fuzzing on stable Rust where
//! libFuzzer cannot run: real inputs from the project's suites (FENs and EPD lines of the mate
//! suites, Popeye files, the recorded UCI sessions) cut, doubled, spliced and sprinkled with
//! garbage and boundary numbers. Deterministic for a given seed, so a failing input can always
//! be made again.
//!
//! It reads no files itself: the caller hands over the [`Seeds`] (the tests read them from the
//! shared reference data, `testsuites/` and `protocol/`).

use mateproof::board::{Position, Validation};
use mateproof::notation::{to_popeye, to_san, Language};

/// A small, fast, seeded generator (SplitMix64); good enough to pick mutations.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next_u64() % n as u64) as usize
        }
    }

    pub fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        items.get(self.below(items.len()))
    }
}

/// Real inputs to start from.
#[derive(Clone, Debug, Default)]
pub struct Seeds {
    /// FENs (4 to 6 fields).
    pub fens: Vec<String>,
    /// Whole EPD lines with their operations.
    pub epd_lines: Vec<String>,
    /// Whole Popeye input files.
    pub popeye_files: Vec<String>,
    /// UCI command lines as GUIs send them.
    pub uci_lines: Vec<String>,
    /// Whole PGN suites.
    pub pgn_files: Vec<String>,
    /// Suite reports (JSON) of shards of one run, in shard order.
    pub reports: Vec<String>,
}

/// Words and numbers that sit on the edges parsers get wrong.
const NASTY: &[&str] = &[
    "",
    " ",
    "\t",
    "\r",
    "\n",
    "\0",
    "\u{feff}",
    "é",
    "ß",
    "💥",
    "-",
    "--",
    "+",
    "-1",
    "0",
    "1",
    "8",
    "9",
    "99",
    "127",
    "128",
    "255",
    "256",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999",
    "1e9",
    "NaN",
    "0x10",
    "#",
    "#0",
    "#-1",
    "#200",
    "=",
    "=Q",
    "ep.",
    "*",
    ";",
    "\"",
    "\"\"",
    "/",
    "//",
    "8/8/8/8/8/8/8/8",
    "K",
    "k",
    "KQkq",
    "e9",
    "i1",
    "a0",
    "0000",
    "O-O-O-O",
    "moves",
    "fen",
    "startpos",
    "go",
    "mate",
    "perft",
    "value",
    "name",
    "EndProblem",
    "NextProblem",
    "Twin",
    "Stipulation",
    "Option",
    "Pieces",
    "Forsyth",
    "BeginProblem",
    "Remark",
    "Condition",
    "MaxTime",
    "Ka1",
    "kh8",
    "Qd1d8",
];

/// A hostile input for `target` (one of [`crate::TARGETS`]'s names).
pub fn input(target: &str, seeds: &Seeds, rng: &mut Rng) -> Vec<u8> {
    match target {
        "fen_epd" => {
            let base = if rng.chance(2) {
                rng.pick(&seeds.fens)
            } else {
                rng.pick(&seeds.epd_lines)
            };
            let text = base.cloned().unwrap_or_default();
            mutate_tokens(&text, ' ', rng, 3).into_bytes()
        }
        "moves" => moves_input(seeds, rng).into_bytes(),
        "uci_line" => {
            let mut lines = Vec::new();
            for _ in 0..1 + rng.below(4) {
                let base = rng.pick(&seeds.uci_lines).cloned().unwrap_or_default();
                lines.push(mutate_tokens(&base, ' ', rng, 2));
            }
            lines.join("\n").into_bytes()
        }
        "popeye_input" => {
            let base = rng.pick(&seeds.popeye_files).cloned().unwrap_or_default();
            let mut text = mutate_lines(&base, seeds, rng);
            if rng.chance(2) {
                text = mutate_tokens(&text, ' ', rng, 3);
            }
            text.into_bytes()
        }
        "suite_epd" => {
            let mut lines = Vec::new();
            for _ in 0..1 + rng.below(6) {
                let base = rng.pick(&seeds.epd_lines).cloned().unwrap_or_default();
                lines.push(if rng.chance(2) {
                    mutate_tokens(&base, ' ', rng, 3)
                } else {
                    base
                });
            }
            lines.join("\n").into_bytes()
        }
        "suite_pgn" => {
            let base = rng.pick(&seeds.pgn_files).cloned().unwrap_or_default();
            let mut text = mutate_lines(&base, seeds, rng);
            if rng.chance(2) {
                text = mutate_tokens(&text, ' ', rng, 3);
            }
            if rng.chance(8) {
                // A tag longer than the PGN reader's buffer.
                text.insert_str(0, &format!("[Annotator \"{}\"]\n", "x".repeat(20_000)));
            }
            text.into_bytes()
        }
        "suite_merge" => {
            let mut parts = Vec::new();
            for report in seeds.reports.iter().take(1 + rng.below(3)) {
                parts.push(if rng.chance(3) {
                    report.clone()
                } else {
                    mutate_tokens(report, ',', rng, 3)
                });
            }
            parts.join("\0").into_bytes()
        }
        "make_unmake" => {
            let fen = rng.pick(&seeds.fens).cloned().unwrap_or_default();
            let mut bytes = format!("fen {fen}\n").into_bytes();
            for _ in 0..rng.below(200) {
                bytes.push(rng.next_u64() as u8);
            }
            bytes
        }
        _ => Vec::new(),
    }
}

/// A position and move texts: its legal moves in every notation, most of them damaged.
fn moves_input(seeds: &Seeds, rng: &mut Rng) -> String {
    let fen = rng.pick(&seeds.fens).cloned().unwrap_or_default();
    let mut out = format!("fen {fen}\n");
    let Ok(pos) = Position::from_fen(&fen, Validation::Lenient) else {
        return out;
    };
    let legal = pos.legal_moves();
    for _ in 0..1 + rng.below(8) {
        let Some(&m) = rng.pick(&legal[..]) else {
            break;
        };
        let language = Language::ALL[rng.below(3)];
        let text = match rng.below(3) {
            0 => m.to_string(),
            1 => to_san(&pos, m),
            _ => to_popeye(&pos, m, language),
        };
        let text = if rng.chance(3) {
            text
        } else {
            mutate_chars(&text, rng)
        };
        out.push_str(&text);
        out.push('\n');
    }
    out
}

/// Token-level damage: drop, double, swap or replace tokens, splice in nasty words.
pub fn mutate_tokens(text: &str, separator: char, rng: &mut Rng, rounds: usize) -> String {
    let mut tokens: Vec<String> = text.split(separator).map(str::to_owned).collect();
    for _ in 0..1 + rng.below(rounds) {
        let n = tokens.len();
        match rng.below(8) {
            0 if n > 0 => {
                tokens.remove(rng.below(n));
            }
            1 if n > 0 => {
                let t = tokens[rng.below(n)].clone();
                tokens.insert(rng.below(n + 1), t);
            }
            2 if n > 1 => {
                let (a, b) = (rng.below(n), rng.below(n));
                tokens.swap(a, b);
            }
            3 | 4 => {
                let word = rng.pick(NASTY).copied().unwrap_or("");
                tokens.insert(rng.below(n + 1), word.to_owned());
            }
            5 if n > 0 => {
                let i = rng.below(n);
                tokens[i] = mutate_chars(&tokens[i], rng);
            }
            6 if n > 0 => tokens.truncate(rng.below(n)),
            _ => {
                let i = rng.below(n + 1);
                let word = rng.pick(NASTY).copied().unwrap_or("");
                if let Some(t) = tokens.get_mut(i) {
                    *t = word.to_owned();
                }
            }
        }
    }
    tokens.join(&separator.to_string())
}

/// Character-level damage: delete, double, flip case, insert a random character.
pub fn mutate_chars(text: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let n = chars.len();
        match rng.below(5) {
            0 if n > 0 => {
                chars.remove(rng.below(n));
            }
            1 if n > 0 => {
                let c = chars[rng.below(n)];
                chars.insert(rng.below(n + 1), c);
            }
            2 if n > 0 => {
                let i = rng.below(n);
                chars[i] = if chars[i].is_ascii_uppercase() {
                    chars[i].to_ascii_lowercase()
                } else {
                    chars[i].to_ascii_uppercase()
                };
            }
            3 => {
                let c = char::from_u32(rng.below(0x250) as u32).unwrap_or('?');
                chars.insert(rng.below(n + 1), c);
            }
            _ => {
                let c = b"0123456789-+=#*:/.abcdefghKQRBNPSkqrbnp"[rng.below(39)] as char;
                chars.insert(rng.below(n + 1), c);
            }
        }
    }
    chars.into_iter().collect()
}

/// Line-level damage for whole files: drop, double or swap lines, splice lines of another
/// seed, cut the file short.
pub fn mutate_lines(text: &str, seeds: &Seeds, rng: &mut Rng) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    for _ in 0..1 + rng.below(4) {
        let n = lines.len();
        match rng.below(7) {
            0 if n > 0 => {
                lines.remove(rng.below(n));
            }
            1 if n > 0 => {
                let l = lines[rng.below(n)].clone();
                lines.insert(rng.below(n + 1), l);
            }
            2 if n > 1 => {
                let (a, b) = (rng.below(n), rng.below(n));
                lines.swap(a, b);
            }
            3 => {
                if let Some(other) = rng.pick(&seeds.popeye_files) {
                    let other: Vec<&str> = other.lines().collect();
                    if let Some(l) = rng.pick(&other) {
                        lines.insert(rng.below(n + 1), (*l).to_owned());
                    }
                }
            }
            4 if n > 0 => lines.truncate(rng.below(n)),
            5 if n > 0 => {
                let i = rng.below(n);
                lines[i] = mutate_chars(&lines[i], rng);
            }
            _ => {
                let word = rng.pick(NASTY).copied().unwrap_or("");
                lines.insert(rng.below(n + 1), word.to_owned());
            }
        }
    }
    lines.join("\n")
}
