//! EPD (Extended Position Description): the four position fields of a FEN followed by
//! operations such as `bm Qd5+; dm 2; id "wtharvey.001";`, one position per line.
//!
//! The reader keeps every operation in its order, including ones it does not know (`ep;`,
//! `00:00;`, `Duals(2);` in the mate suites), so a line written back says what it said. It also
//! reads the perft suites' dialect, where the FEN clocks follow the four fields and operations
//! are led by `;` (`… w KQkq - 0 1 ;D1 20 ;D2 400`). Typed accessors interpret the common
//! opcodes (`bm`, `am`, `dm`, `pv`, `acd`, `id`, `c0`–`c9`, perft `D1`…); an operand they cannot
//! read is an error of that accessor only, never of the line. Moves are SAN, read and written by
//! [`crate::notation::san`]. This module never validates a position unless asked
//! ([`Epd::position`]) and never solves one.

use crate::board::fen::{parse_fen_fields, setup_to_epd_position};
use crate::board::{Move, ParseFenError, Position, PositionError, Setup, Validation};
use crate::notation::{parse_san, parse_san_line, to_san_plus, ParseMoveError};
use std::fmt;

/// One EPD line: a position and its operations in the order written.
///
/// ```
/// use mateproof::board::Validation;
/// use mateproof::formats::{BestMoves, Epd};
/// let epd = Epd::parse(r#"8/6p1/5pk1/7R/B7/8/8/7K w - - bm Be8#; dm 1; id "mate1.001";"#).unwrap();
/// let pos = epd.position(Validation::Strict).unwrap();
/// assert_eq!(epd.dm(), Ok(Some(1)));
/// assert_eq!(epd.id(), Some("mate1.001"));
/// let Ok(Some(BestMoves::Moves(keys))) = epd.best_moves(&pos) else { panic!() };
/// assert_eq!(keys[0].to_string(), "a4e8");
/// assert_eq!(epd.to_string(), r#"8/6p1/5pk1/7R/B7/8/8/7K w - - bm Be8#; dm 1; id "mate1.001";"#);
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Epd {
    /// The position as written; its clocks are 0 and 1 unless `fen_clocks`.
    pub setup: Setup,
    /// The line gave FEN's halfmove clock and fullmove number after the four fields (as the
    /// perft suites do); they are in `setup` and are written back.
    pub fen_clocks: bool,
    pub operations: Vec<Operation>,
}

/// An operation: an opcode and its operands, as in `bm Nf3 Nc3` or `id "x"`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Operation {
    pub opcode: String,
    pub operands: Vec<Operand>,
}

/// One operand, bare or quoted. A quoted operand may hold spaces and `;`; a word holds neither
/// (a word may hold a `"` after its first character, as in `00'40"`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Operand {
    Word(String),
    Quoted(String),
}

/// What `bm` says: the best moves, or (as in the mate-track suites) only the mate length.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BestMoves {
    /// `bm Qd5+ Rf8`: every move listed, read as SAN.
    Moves(Vec<Move>),
    /// `bm #N`: the side to move mates in N; `bm #-N`: it is mated in N.
    Mate(i32),
}

/// A perft node count of a perft-suite line: `;D5 4865609` is depth 5, 4,865,609 nodes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PerftCount {
    pub depth: u32,
    pub nodes: u64,
}

/// Why an EPD line, or one of its operations, could not be read. Every variant names the
/// offending text.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum EpdError {
    #[error("EPD line has {found} position field(s) before the operations; expected 4: '{line}'")]
    MissingFields { found: usize, line: String },
    #[error("EPD position '{position}': {source}")]
    Fen {
        position: String,
        source: ParseFenError,
    },
    #[error("unterminated quoted string in EPD operations: '{text}'")]
    UnterminatedString { text: String },
    #[error("EPD operation must start with an opcode, found \"{text}\"")]
    MissingOpcode { text: String },
    #[error("EPD operation '{opcode}' needs {expected}, found '{found}'")]
    Operand {
        opcode: String,
        expected: &'static str,
        found: String,
    },
    #[error("EPD operation '{opcode}': {source}")]
    Move {
        opcode: String,
        source: ParseMoveError,
    },
}

impl Epd {
    /// An EPD of `setup` with no operations.
    pub fn new(setup: Setup) -> Epd {
        Epd {
            setup,
            fen_clocks: false,
            operations: Vec::new(),
        }
    }

    /// An EPD of a position with no operations.
    pub fn from_position(pos: &Position) -> Epd {
        Epd::new(Setup::from_position(pos))
    }

    /// Parses one line. Unknown operations are kept; only a broken position, an unterminated
    /// string or an operation without opcode is an error.
    ///
    /// ```
    /// use mateproof::formats::Epd;
    /// let epd = Epd::parse("8/8/8/8/8/8/8/K1k5 w - - 0 1 ;D1 3 ;D2 9").unwrap();
    /// assert_eq!(epd.perft_counts().unwrap().len(), 2);
    /// assert!(Epd::parse("8/8/8 w").is_err());
    /// ```
    pub fn parse(line: &str) -> Result<Epd, EpdError> {
        let (fields, rest) = split_fields(line, 4);
        let [board, turn, castling, ep] = fields[..] else {
            return Err(EpdError::MissingFields {
                found: fields.len(),
                line: line.to_owned(),
            });
        };
        let mut setup =
            parse_fen_fields(board, turn, castling, ep).map_err(|source| EpdError::Fen {
                position: fields.join(" "),
                source,
            })?;
        let mut tokens = tokenize(rest)?;
        let fen_clocks = match tokens.as_slice() {
            [Token::Word(half), Token::Word(full), ..] if is_number(half) && is_number(full) => {
                setup.halfmove_clock = parse_clock(half, "halfmove clock")?;
                setup.fullmove_number = parse_clock(full, "fullmove number")?;
                tokens.drain(..2);
                true
            }
            _ => false,
        };
        Ok(Epd {
            setup,
            fen_clocks,
            operations: group_operations(tokens)?,
        })
    }

    /// Validates the position.
    pub fn position(&self, validation: Validation) -> Result<Position, PositionError> {
        self.setup.into_position(validation)
    }

    /// The first operation with this opcode.
    pub fn operation(&self, opcode: &str) -> Option<&Operation> {
        self.operations.iter().find(|op| op.opcode == opcode)
    }

    /// Replaces the first operation with the same opcode, or appends it.
    pub fn set(&mut self, operation: Operation) {
        match self
            .operations
            .iter_mut()
            .find(|op| op.opcode == operation.opcode)
        {
            Some(existing) => *existing = operation,
            None => self.operations.push(operation),
        }
    }

    /// `id "…"`.
    pub fn id(&self) -> Option<&str> {
        self.text_of("id")
    }

    /// The comment `c0` … `c9`; `None` for other numbers or when absent.
    pub fn comment(&self, n: u8) -> Option<&str> {
        if n > 9 {
            return None;
        }
        self.text_of(&format!("c{n}"))
    }

    /// `dm N`: the side to move mates in N (a positive number).
    pub fn dm(&self) -> Result<Option<u32>, EpdError> {
        self.operation("dm")
            .map(|op| {
                op.single_number::<u32>("a positive number of moves")
                    .and_then(|n| op.positive(n))
            })
            .transpose()
    }

    /// `acd N`: the analysis depth in plies.
    pub fn acd(&self) -> Result<Option<u32>, EpdError> {
        self.operation("acd")
            .map(|op| op.single_number("a number of plies"))
            .transpose()
    }

    /// `bm`: its SAN moves, legal in `pos` (the position of this line), or its `#N` mate length.
    pub fn best_moves(&self, pos: &Position) -> Result<Option<BestMoves>, EpdError> {
        let Some(op) = self.operation("bm") else {
            return Ok(None);
        };
        if let [Operand::Word(word)] = op.operands.as_slice() {
            if let Some(length) = word.strip_prefix('#') {
                return match length.parse::<i32>() {
                    Ok(n) if n != 0 => Ok(Some(BestMoves::Mate(n))),
                    _ => Err(op.bad_operand("a mate length such as #3 or #-2", word)),
                };
            }
        }
        op.read_san_moves(pos)
            .map(|moves| Some(BestMoves::Moves(moves)))
    }

    /// `am`: the avoid-moves, legal in `pos`.
    pub fn avoid_moves(&self, pos: &Position) -> Result<Option<Vec<Move>>, EpdError> {
        self.operation("am")
            .map(|op| op.read_san_moves(pos))
            .transpose()
    }

    /// `pv`: the principal variation, its SAN moves played one after another from `pos`.
    pub fn pv(&self, pos: &Position) -> Result<Option<Vec<Move>>, EpdError> {
        self.operation("pv")
            .map(|op| op.read_san_line(pos))
            .transpose()
    }

    /// The perft counts `D1 n`, `D2 n`, … in the order written (empty when there are none).
    pub fn perft_counts(&self) -> Result<Vec<PerftCount>, EpdError> {
        let mut counts = Vec::new();
        for op in &self.operations {
            let Some(depth) = op.opcode.strip_prefix('D').filter(|d| is_number(d)) else {
                continue;
            };
            let depth = depth
                .parse()
                .map_err(|_| op.bad_operand("a depth that fits 32 bits", &op.opcode))?;
            counts.push(PerftCount {
                depth,
                nodes: op.single_number("a node count")?,
            });
        }
        Ok(counts)
    }

    /// The text of the first operand of `opcode`, quoted or not.
    fn text_of(&self, opcode: &str) -> Option<&str> {
        self.operation(opcode)?.operands.first().map(Operand::text)
    }
}

impl Operation {
    pub fn new(opcode: impl Into<String>, operands: Vec<Operand>) -> Operation {
        Operation {
            opcode: opcode.into(),
            operands,
        }
    }

    /// An operation with one quoted operand, as `id` and `c0`–`c9` have.
    pub fn quoted(opcode: impl Into<String>, text: impl Into<String>) -> Operation {
        Operation::new(opcode, vec![Operand::Quoted(text.into())])
    }

    /// An operation with one number, as `dm` and `acd` have.
    pub fn number(opcode: impl Into<String>, n: impl fmt::Display) -> Operation {
        Operation::new(opcode, vec![Operand::Word(n.to_string())])
    }

    /// `bm`/`am` style: each legal move of `pos` in SAN with its check mark.
    ///
    /// ```
    /// use mateproof::board::Position;
    /// use mateproof::formats::{Epd, Operation};
    /// use mateproof::notation::parse_uci;
    /// let pos = Position::startpos();
    /// let mut epd = Epd::from_position(&pos);
    /// epd.set(Operation::san_moves("bm", &pos, &[parse_uci(&pos, "e2e4").unwrap(), parse_uci(&pos, "g1f3").unwrap()]));
    /// assert_eq!(epd.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 Nf3;");
    /// ```
    pub fn san_moves(opcode: impl Into<String>, pos: &Position, moves: &[Move]) -> Operation {
        let operands = moves
            .iter()
            .map(|&m| Operand::Word(to_san_plus(pos, m)))
            .collect();
        Operation::new(opcode, operands)
    }

    /// `pv` style: a line of legal moves played one after another from `pos`, in SAN.
    pub fn san_line(opcode: impl Into<String>, pos: &Position, moves: &[Move]) -> Operation {
        let mut current = *pos;
        let mut operands = Vec::with_capacity(moves.len());
        for &m in moves {
            operands.push(Operand::Word(to_san_plus(&current, m)));
            if m.is_null() {
                current.play_null();
            } else {
                current.play(m);
            }
        }
        Operation::new(opcode, operands)
    }

    /// Every operand read as one SAN move of `pos`.
    fn read_san_moves(&self, pos: &Position) -> Result<Vec<Move>, EpdError> {
        self.operands
            .iter()
            .map(|operand| parse_san(pos, operand.text()).map_err(|e| self.move_error(e)))
            .collect()
    }

    /// The operands read as a line of SAN moves from `pos`.
    fn read_san_line(&self, pos: &Position) -> Result<Vec<Move>, EpdError> {
        let words: Vec<&str> = self.operands.iter().map(Operand::text).collect();
        parse_san_line(pos, &words.join(" ")).map_err(|e| self.move_error(e))
    }

    fn move_error(&self, source: ParseMoveError) -> EpdError {
        EpdError::Move {
            opcode: self.opcode.clone(),
            source,
        }
    }

    /// The operation's only operand as a number.
    fn single_number<T: std::str::FromStr>(&self, expected: &'static str) -> Result<T, EpdError> {
        match self.operands.as_slice() {
            [operand] => operand
                .text()
                .parse()
                .map_err(|_| self.bad_operand(expected, operand.text())),
            _ => Err(self.bad_operand(expected, &self.operands_text())),
        }
    }

    fn positive(&self, n: u32) -> Result<u32, EpdError> {
        if n > 0 {
            Ok(n)
        } else {
            Err(self.bad_operand("a positive number of moves", "0"))
        }
    }

    fn bad_operand(&self, expected: &'static str, found: &str) -> EpdError {
        EpdError::Operand {
            opcode: self.opcode.clone(),
            expected,
            found: found.to_owned(),
        }
    }

    fn operands_text(&self) -> String {
        self.operands
            .iter()
            .map(Operand::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }
}

impl Operand {
    /// The text of the operand without quotes.
    pub fn text(&self) -> &str {
        match self {
            Operand::Word(text) | Operand::Quoted(text) => text,
        }
    }
}

impl fmt::Display for Operand {
    /// A word as it is; a quoted string in quotes. EPD has no escapes, so a `"` inside a quoted
    /// operand is written as `'`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Operand::Word(word) => f.write_str(word),
            Operand::Quoted(text) => write!(f, "\"{}\"", text.replace('"', "'")),
        }
    }
}

impl fmt::Display for Operation {
    /// `opcode operand …;`
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.opcode)?;
        for operand in &self.operands {
            write!(f, " {operand}")?;
        }
        f.write_str(";")
    }
}

impl fmt::Display for Epd {
    /// The position fields (and clocks, if the line had them), then each operation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&setup_to_epd_position(&self.setup))?;
        if self.fen_clocks {
            write!(
                f,
                " {} {}",
                self.setup.halfmove_clock, self.setup.fullmove_number
            )?;
        } else if self.operations.first().is_some_and(looks_like_clocks) {
            // `13 4699;` right after the position would read back as FEN clocks; a leading `;`
            // (as the perft dialect writes) keeps it an operation.
            f.write_str(" ;")?;
        }
        for op in &self.operations {
            write!(f, " {op}")?;
        }
        Ok(())
    }
}

/// Parses every non-blank line of an EPD file, with 1-based line numbers for messages.
///
/// ```
/// use mateproof::formats::epd::parse_lines;
/// let text = "8/8/8/8/8/8/8/K1k5 w - - id \"a\";\n\n8/8/8/8/8/8/8/K1k5 b - - id \"b\";\n";
/// let lines: Vec<_> = parse_lines(text).collect();
/// assert_eq!(lines.len(), 2);
/// assert_eq!(lines[1].0, 3);
/// ```
pub fn parse_lines(text: &str) -> impl Iterator<Item = (usize, Result<Epd, EpdError>)> + '_ {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .map(|(i, line)| (i + 1, Epd::parse(line)))
}

/// Up to `n` whitespace-separated fields from the start of `line`, and the text after them.
fn split_fields(line: &str, n: usize) -> (Vec<&str>, &str) {
    let mut fields = Vec::with_capacity(n);
    let mut rest = line.trim_start();
    while fields.len() < n && !rest.is_empty() {
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (field, tail) = rest.split_at(end);
        fields.push(field);
        rest = tail.trim_start();
    }
    (fields, rest)
}

#[derive(Debug, PartialEq, Eq)]
enum Token {
    Word(String),
    Quoted(String),
    Semicolon,
}

/// Splits the operations part into words, quoted strings and `;`.
fn tokenize(text: &str) -> Result<Vec<Token>, EpdError> {
    let mut tokens = Vec::new();
    let mut rest = text;
    loop {
        rest = rest.trim_start();
        let Some(c) = rest.chars().next() else { break };
        match c {
            ';' => {
                tokens.push(Token::Semicolon);
                rest = &rest[1..];
            }
            '"' => {
                let body = &rest[1..];
                let Some(end) = body.find('"') else {
                    return Err(EpdError::UnterminatedString {
                        text: rest.to_owned(),
                    });
                };
                tokens.push(Token::Quoted(body[..end].to_owned()));
                rest = &body[end + 1..];
            }
            _ => {
                // A quote inside a word is part of it (matetrack writes times as `00'40"`).
                let end = rest
                    .find(|c: char| c.is_whitespace() || c == ';')
                    .unwrap_or(rest.len());
                tokens.push(Token::Word(rest[..end].to_owned()));
                rest = &rest[end..];
            }
        }
    }
    Ok(tokens)
}

/// Cuts the token stream at each `;` into operations; empty ones (`;;`, a leading `;`) vanish.
fn group_operations(tokens: Vec<Token>) -> Result<Vec<Operation>, EpdError> {
    let mut operations = Vec::new();
    let mut current: Option<Operation> = None;
    for token in tokens {
        match (token, current.as_mut()) {
            (Token::Semicolon, _) => operations.extend(current.take()),
            (Token::Word(word), None) => current = Some(Operation::new(word, Vec::new())),
            (Token::Quoted(text), None) => return Err(EpdError::MissingOpcode { text }),
            (Token::Word(word), Some(op)) => op.operands.push(Operand::Word(word)),
            (Token::Quoted(text), Some(op)) => op.operands.push(Operand::Quoted(text)),
        }
    }
    operations.extend(current);
    Ok(operations)
}

/// An operation whose opcode and first operand are both numbers.
fn looks_like_clocks(op: &Operation) -> bool {
    is_number(&op.opcode) && matches!(op.operands.first(), Some(Operand::Word(w)) if is_number(w))
}

fn is_number(text: &str) -> bool {
    !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit())
}

fn parse_clock(text: &str, name: &'static str) -> Result<u32, EpdError> {
    text.parse().map_err(|_| EpdError::Fen {
        position: text.to_owned(),
        source: ParseFenError::Clock(name, text.to_owned()),
    })
}

#[cfg(test)]
mod tests;
