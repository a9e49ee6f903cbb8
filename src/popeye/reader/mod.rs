//! Reads a Popeye input file into [`ProblemSpec`]s: texts (author, origin, title, award), the
//! diagram (`Pieces`, `Forsyth`), the stipulation, the options, the conditions and the twins,
//! in the language the first keyword picks, word by word as Popeye 4.104 reads them (its
//! `input/plaintext` reader): the same commands and abbreviations, the same input errors
//! (collected as the lines Popeye prints for them, in its words), the same words handed back
//! to the command loop after an error, the same end of reading. Whatever Mateproof cannot
//! solve yet is marked unsupported, named as the file wrote it. Reading never panics and never
//! stops early: every problem Popeye would read is returned, the bad ones with their reasons.
//!
//! Turning a spec into [`Problem`](crate::problem::Problem)s (one per twin) is
//! [`super::problems`]'s job; this module only reads.

use super::keywords::{self, Command, CommandTable, Lookup};
mod conditions;
mod fairy;
mod options;
mod pieces;
mod stipulation;
mod twins;

use super::lexer::Lexer;
use super::messages::{message, Message};
use super::twin::{Board, TwinSpec};
use super::unsupported::{Feature, Together, Unsupported};
use crate::board::{Color, Piece, Role, Square};
use crate::notation::Language;
use crate::problem::{SolveOptions, Stipulation};
use stipulation::StipulationRead;

/// A whole input file.
#[derive(Clone, Debug)]
pub struct PopeyeFile {
    pub language: Language,
    pub problems: Vec<ProblemSpec>,
    /// A fault of the file as a whole (no begin keyword, no `EndProblem`).
    pub error: Option<FileError>,
    /// Where Popeye stops reading before the file's end: after a problem's twins, a word that
    /// is no twin and no end of the problem (Popeye then ends the run without a word). The
    /// word, for the note Mateproof writes on standard error.
    pub halted_at: Option<String>,
}

/// Faults that make the whole run fail (non-zero exit status).
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum FileError {
    #[error("no begin of problem")]
    NoBegin,
    #[error("end of file before end of problem")]
    EndOfFileBeforeEndOfProblem,
}

impl FileError {
    /// Popeye's words for the fault in `language`.
    pub fn message(self, language: Language) -> &'static str {
        message(
            language,
            match self {
                FileError::NoBegin => Message::NoBeginOfProblem,
                FileError::EndOfFileBeforeEndOfProblem => Message::EndOfFileBeforeEndOfProblem,
            },
        )
    }
}

/// Options that shape the output rather than the search.
#[derive(Clone, Debug, Default)]
pub struct PopeyeOptions {
    pub solve: SolveOptions,
    pub no_board: bool,
    pub move_numbers: bool,
    pub start_move_number: Option<u32>,
    pub up_to_move_number: Option<u32>,
    /// The e.p. target square given by `EnPassant`.
    pub en_passant: Option<Square>,
    /// The squares `EnPassant` gave (Popeye's retro move: departure, passed squares,
    /// arrival), checked against the diagram once it is read.
    pub en_passant_squares: Vec<Square>,
    /// Squares whose pieces lose their castling rights (`NoCastling`).
    pub no_castling: Vec<Square>,
    /// `CastlingMutuallyExclusive` pairs (white rook square, black rook square).
    pub exclusive_castlings: Vec<(Square, Square)>,
    /// `WhiteToPlay`: in help play White starts, half a move shorter (`h#3` is `h#2.5`).
    pub white_to_play: bool,
    /// `Intelligent`: the same solutions; `MoveNumbers` prints no numbers under it.
    pub intelligent: bool,
    /// `Quodlibet` as written: listed under the stipulation even where it does not apply
    /// (`solve.quodlibet` is what is solved).
    pub quodlibet: bool,
    /// `WriteGrid`: the grid is drawn below the stipulation line (the board's own, no grid
    /// condition being supported).
    pub write_grid: bool,
    /// `Beep [n]`: Popeye rings `n` times (once without a number) on its standard error when
    /// it writes the problem's first key or line.
    pub beeps: Option<u32>,
    /// `NoWk`, `NoBk`: the problem has no white (black) king. Popeye solves a position
    /// without a king either way; the option only spares its warning.
    pub no_king: [bool; 2],
}

impl PopeyeOptions {
    /// True when first moves are numbered: `MoveNumbers`, `StartMoveNumber` or
    /// `UpToMoveNumber`.
    pub fn numbers_moves(&self) -> bool {
        self.move_numbers || self.start_move_number.is_some() || self.up_to_move_number.is_some()
    }
}

/// One problem as written (all its twins).
#[derive(Clone, Debug)]
pub struct ProblemSpec {
    pub authors: Vec<String>,
    pub origins: Vec<String>,
    pub titles: Vec<String>,
    pub award: Option<String>,
    pub board: Board,
    pub stipulation: Option<Stipulation>,
    pub options: PopeyeOptions,
    pub zero_position: bool,
    pub twins: Vec<TwinSpec>,
    /// Lines Popeye prints while reading (input errors, remarks), before the header.
    pub notices: Vec<String>,
    /// Lines Popeye prints while reading each twin (index as [`Self::twins`]): they come
    /// before that twin's label, after the twin before it was solved.
    pub twin_notices: Vec<Vec<String>>,
    /// Lines that replace the whole output of a problem Popeye refuses to solve.
    pub rejection: Option<Vec<String>>,
    /// What Mateproof does not support yet, if anything (the first such item).
    pub unsupported: Option<Unsupported>,
    /// `Protocol FILE`: from this problem on, the output is copied to FILE.
    pub protocol: Option<String>,
    /// The fairy men of the diagram (never on a square `board` holds a piece on).
    pub fairy: Vec<FairyMan>,
    /// The word Popeye names in its "no stipulation specified" when none was read.
    pub no_stipulation_item: String,
    /// How many of Popeye's input errors were found while reading the problem (the run's exit
    /// status says so).
    pub input_errors: usize,
}

/// A fairy man of the diagram: a walk of [`crate::pieces::catalogue::walks`] (by index).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FairyMan {
    pub color: Color,
    pub walk: usize,
    pub square: Square,
}

impl ProblemSpec {
    /// What names the problem for a reader of the output: its authors, sources and titles, in
    /// that order, each trimmed, the empty ones left out.
    pub fn names(&self) -> Vec<&str> {
        self.authors
            .iter()
            .chain(&self.origins)
            .chain(&self.titles)
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
            .collect()
    }

    fn new() -> ProblemSpec {
        ProblemSpec {
            authors: Vec::new(),
            origins: Vec::new(),
            titles: Vec::new(),
            award: None,
            board: [None; 64],
            stipulation: None,
            options: PopeyeOptions::default(),
            zero_position: false,
            twins: Vec::new(),
            notices: Vec::new(),
            twin_notices: Vec::new(),
            rejection: None,
            unsupported: None,
            protocol: None,
            fairy: Vec::new(),
            no_stipulation_item: String::new(),
            input_errors: 0,
        }
    }
}

/// How a problem's text ended.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Terminator {
    Next,
    End,
    EndOfFile,
    /// A word after the twins that Popeye stops at (the run ends there).
    Halt(String),
}

/// Reads a Popeye input text.
///
/// ```
/// use mateproof::popeye::reader::read;
/// let file = read("begin stip #2 opti vari piec whit ke1 qd1 blac ka8 endp");
/// let p = &file.problems[0];
/// assert_eq!(p.stipulation.unwrap().to_string(), "#2");
/// assert!(p.options.solve.variations && file.error.is_none());
/// ```
pub fn read(text: &str) -> PopeyeFile {
    let mut lexer = Lexer::new(text);
    let Some(language) = lexer.next_token().and_then(keywords::language_of_begin) else {
        return PopeyeFile {
            language: Language::English,
            problems: Vec::new(),
            error: Some(FileError::NoBegin),
            halted_at: None,
        };
    };
    let mut reader = Reader {
        lexer,
        language,
        errors: std::cell::Cell::new(0),
    };
    let mut problems = Vec::new();
    let mut error = None;
    let mut halted_at = None;
    loop {
        let (problem, end) = reader.problem();
        problems.push(problem);
        match end {
            Terminator::Next => {}
            // Popeye reads nothing after EndProblem.
            Terminator::End => break,
            Terminator::Halt(word) => {
                halted_at = Some(word);
                break;
            }
            Terminator::EndOfFile => {
                // Solve what was read, but the run fails: the file is incomplete.
                error = Some(FileError::EndOfFileBeforeEndOfProblem);
                break;
            }
        }
    }
    PopeyeFile {
        language,
        problems,
        error,
        halted_at,
    }
}

struct Reader<'a> {
    lexer: Lexer<'a>,
    language: Language,
    /// Popeye's input errors in the problem being read so far.
    errors: std::cell::Cell<usize>,
}

impl<'a> Reader<'a> {
    /// Popeye's input error: `input-error:<message>` and `offending item: <item>`.
    fn input_error(&self, lines: &mut Vec<String>, what: Message, item: &str) {
        self.errors.set(self.errors.get() + 1);
        let offending = message(self.language, Message::OffendingItem);
        let input_error = message(self.language, Message::InputError);
        lines.push(format!("{input_error}{}", message(self.language, what)));
        lines.push(format!("{offending}{item}"));
    }

    /// Popeye's input error for a word it cannot read at all.
    fn notice_offending(&self, problem: &mut ProblemSpec, item: &str) {
        self.errors.set(self.errors.get() + 1);
        let offending = message(self.language, Message::OffendingItem);
        let input_error = message(self.language, Message::InputError);
        problem
            .notices
            .push(format!("{input_error}{offending}{item}"));
        problem.notices.push(format!("{offending}{item}"));
    }

    /// Popeye's words about bad input that come without an offending item (`wrong terminated
    /// SquareList - ignored`), as a line of `lines`.
    fn error_line(&self, lines: &mut Vec<String>, what: Message) {
        self.errors.set(self.errors.get() + 1);
        lines.push(message(self.language, what).to_owned());
    }

    fn unsupported(problem: &mut ProblemSpec, feature: Feature, item: &str) {
        Self::unsupported_with(problem, feature, item, None);
    }

    /// [`Reader::unsupported`] for an item refused only in company: `together` is what it
    /// cannot go with.
    fn unsupported_with(
        problem: &mut ProblemSpec,
        feature: Feature,
        item: &str,
        together: Option<Together>,
    ) {
        if problem.unsupported.is_none() {
            problem.unsupported = Some(Unsupported {
                feature,
                item: item.to_owned(),
                together,
            });
        }
    }

    /// A problem read to its end, with what goes together unsupported marked.
    fn finished(&self, problem: ProblemSpec) -> ProblemSpec {
        let language = self.language;
        let problem = options::en_passant_checked(problem, language);
        let problem = options::null_moves_checked(fairy::checked(problem, language), language);
        let problem = options::play_checked(problem, language);
        let problem = options::keep_mating_piece_checked(problem, language);
        options::quodlibet_checked(problem, language)
    }

    /// One problem: the diagram's commands (Popeye's `ReadInitialTwin`), then its twins.
    fn problem(&mut self) -> (ProblemSpec, Terminator) {
        self.errors.set(0);
        let (mut problem, end) = self.problem_read();
        problem.input_errors = self.errors.get();
        (problem, end)
    }

    fn problem_read(&mut self) -> (ProblemSpec, Terminator) {
        let mut problem = ProblemSpec::new();
        let (end, word) = self.diagram(&mut problem);
        let stipulation_read = problem.stipulation.is_some()
            || matches!(&problem.unsupported, Some(u) if u.feature == Feature::Stipulation);
        if !stipulation_read {
            // Popeye says so, naming the word that ended the diagram, and solves nothing;
            // its twins are not read: the run stops at them.
            problem.no_stipulation_item = word.to_owned();
            let end = match end {
                DiagramEnd::Twin | DiagramEnd::ZeroPosition => Terminator::Halt(word.to_owned()),
                DiagramEnd::Problem(end) => end,
            };
            return (self.finished(problem), end);
        }
        let end = match end {
            DiagramEnd::Problem(end) => end,
            DiagramEnd::Twin => self.twins(&mut problem),
            DiagramEnd::ZeroPosition => {
                self.zero_position(&mut problem);
                self.after_twin(&mut problem)
            }
        };
        (self.finished(problem), end)
    }

    /// The commands before the first twin, until a word that ends them (returned with it).
    fn diagram(&mut self, problem: &mut ProblemSpec) -> (DiagramEnd, &'a str) {
        loop {
            let Some(token) = self.lexer.next_token() else {
                return (DiagramEnd::Problem(Terminator::EndOfFile), "");
            };
            let command = match keywords::command(self.language, token) {
                Lookup::Found(command) => command,
                Lookup::Ambiguous => {
                    let mut lines = std::mem::take(&mut problem.notices);
                    self.input_error(&mut lines, Message::CommandNotUnique, token);
                    problem.notices = lines;
                    continue;
                }
                Lookup::Unknown => {
                    self.notice_offending(problem, token);
                    continue;
                }
            };
            match command {
                // Popeye reads the begin keyword only as the file's first word.
                Command::Begin => self.notice_offending(problem, token),
                Command::End => return (DiagramEnd::Problem(Terminator::End), token),
                Command::Next => return (DiagramEnd::Problem(Terminator::Next), token),
                Command::Twin => return (DiagramEnd::Twin, token),
                Command::ZeroPosition => return (DiagramEnd::ZeroPosition, token),
                Command::Author => problem.authors.extend(self.line_text()),
                Command::Origin => problem.origins.extend(self.line_text()),
                Command::Title => problem.titles.extend(self.line_text()),
                Command::Award => {
                    if let Some(award) = self.line_text() {
                        problem.award = Some(award);
                    }
                }
                Command::Remark => problem.notices.extend(self.line_text()),
                Command::Protocol => {
                    let file = self.rest_of_line().unwrap_or("").trim();
                    if !file.is_empty() {
                        problem.protocol = Some(file.to_owned());
                    }
                }
                Command::LaTeX => {
                    self.rest_of_line();
                    self.latex_pieces();
                }
                Command::LaTeXPieces => self.latex_pieces(),
                Command::Stipulation => self.stipulation(problem),
                Command::Pieces => {
                    let men = self.pieces(problem);
                    for (color, walk, square) in men {
                        place_walk(problem, color, walk, square, self.language);
                    }
                }
                Command::Forsyth => self.forsyth(problem),
                Command::Option => self.options(problem),
                Command::Condition => self.condition(problem),
                Command::InitialGameArray => {
                    problem.board = crate::board::Setup::startpos().board;
                    problem.fairy.clear();
                }
                Command::StructuredStipulation => {
                    let rest = self.rest_of_line().unwrap_or("").trim_end();
                    Self::unsupported(problem, Feature::StructuredStipulation, rest);
                }
            }
        }
    }

    /// Popeye's `ReadToEndOfLine`: nothing when the command ends its line.
    fn rest_of_line(&mut self) -> Option<&'a str> {
        self.lexer.rest_of_line()
    }

    /// Popeye's `ParseLaTeXPieces` (after `LaTeX FILE`, or `LaTeXPieces`): lines naming a
    /// walk's LaTeX glyph, each a walk's code, the glyph and a name to the end of the line,
    /// while the first word is a walk's code. Read and left aside (no LaTeX is written).
    fn latex_pieces(&mut self) {
        while let Some(code) = self.lexer.peek_token() {
            if code.len() >= 3 || !pieces::is_walk_code(self.language, code) {
                return;
            }
            self.lexer.next_token();
            self.lexer.next_token();
            self.rest_of_line();
        }
    }

    /// [`Self::rest_of_line`] as a text to keep.
    fn line_text(&mut self) -> Option<String> {
        self.rest_of_line().map(str::to_owned)
    }

    /// The twins after the first `Twin` word, until the end of the problem.
    fn twins(&mut self, problem: &mut ProblemSpec) -> Terminator {
        self.twin(problem);
        self.after_twin(problem)
    }

    /// What follows a twin's commands: remarks, then another twin or the end of the problem
    /// (Popeye's tables of twin and end words alone); any other word ends Popeye's run.
    fn after_twin(&mut self, problem: &mut ProblemSpec) -> Terminator {
        loop {
            let Some(token) = self.lexer.next_token() else {
                return Terminator::EndOfFile;
            };
            let remark = keywords::command_in(self.language, CommandTable::Remark, token);
            if remark == Lookup::Found(Command::Remark) {
                let remark = self.rest_of_line();
                if let Some(notices) = problem.twin_notices.last_mut() {
                    notices.extend(remark.map(str::to_owned));
                }
                continue;
            }
            match keywords::command_in(self.language, CommandTable::Twin, token) {
                Lookup::Found(Command::Twin) => {
                    self.twin(problem);
                    continue;
                }
                Lookup::Unknown => {}
                _ => return Terminator::Halt(token.to_owned()),
            }
            return match keywords::command_in(self.language, CommandTable::End, token) {
                Lookup::Found(Command::End) => Terminator::End,
                Lookup::Found(Command::Next) => Terminator::Next,
                _ => Terminator::Halt(token.to_owned()),
            };
        }
    }

    /// `Stipulation WORD` (and the next word, where Popeye reads the length from it).
    fn stipulation(&mut self, problem: &mut ProblemSpec) {
        let word_start = self.lexer.position();
        let Some(word) = self.lexer.next_token() else {
            return;
        };
        let after_word = self.lexer.position();
        let mut next = || self.lexer.next_token().map(str::to_owned);
        let read = stipulation::read(word, &mut next);
        match read.read {
            StipulationRead::Solved(stipulation) => problem.stipulation = Some(stipulation),
            StipulationRead::NotSolved(text) => {
                Self::unsupported(problem, Feature::Stipulation, &text);
            }
            StipulationRead::Unreadable(messages) => {
                let mut lines = std::mem::take(&mut problem.notices);
                for (what, item) in messages {
                    self.input_error(&mut lines, what, &item);
                }
                problem.notices = lines;
                // Popeye goes on with the last word it read: the stipulation word, or the
                // next one if it took it for the length.
                self.lexer.seek(if read.took_next {
                    after_word
                } else {
                    word_start
                });
            }
        }
    }

    /// A number of an option (the whole word digits), or Popeye's "wrong integer": then the
    /// word is left to the command loop, as Popeye leaves it, and `None`.
    fn option_number(&mut self, problem: &mut ProblemSpec) -> Option<u32> {
        let token = self.lexer.peek_token()?;
        match token.parse::<u32>() {
            Ok(value) => {
                self.lexer.next_token();
                Some(value)
            }
            Err(_) => {
                let mut lines = std::mem::take(&mut problem.notices);
                self.input_error(&mut lines, Message::WrongInteger, token);
                problem.notices = lines;
                None
            }
        }
    }
}

/// How the diagram's commands ended.
enum DiagramEnd {
    Problem(Terminator),
    Twin,
    ZeroPosition,
}

/// Places a man of the catalogue's `walk` (an orthodox piece or a fairy walk) on `square`.
fn place_walk(
    problem: &mut ProblemSpec,
    color: Color,
    walk: usize,
    square: Square,
    language: Language,
) {
    match (super::twin::Man { color, walk }).piece() {
        Some(piece) => place(problem, piece, square, language),
        None => fairy::place(problem, color, walk, square),
    }
}

/// Places `piece`, rejecting a second king of one side as Popeye does when it checks the
/// diagram.
fn place(problem: &mut ProblemSpec, piece: Piece, sq: Square, language: Language) {
    if piece.role == Role::King
        && problem
            .board
            .iter()
            .enumerate()
            .any(|(i, p)| *p == Some(piece) && i != sq.index())
    {
        problem.rejection = Some(vec![
            message(language, Message::OnlyOneKingAllowed).to_owned(),
            message(language, Message::ProblemIgnored).to_owned(),
        ]);
    }
    problem.board[sq.index()] = Some(piece);
    problem.fairy.retain(|man| man.square != sq);
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::popeye::twin::TwinChange;
    use crate::problem::TryMode;

    #[test]
    fn reads_german_abbreviations_and_twins() {
        let file = read(
            "AnfangProblem\nauto G. Sch\"opfer\nford #2\nopti vari verf\nstei\nweis ke1 da7 th1\nschw kc1\n\
             zwilling versetze e1 e2\nEndeProblem",
        );
        assert_eq!(file.language, Language::German);
        let p = &file.problems[0];
        assert_eq!(p.authors, ["G. Sch\"opfer"]);
        assert_eq!(p.options.solve.tries, TryMode::Refutations(1));
        assert_eq!(
            p.board["a7".parse::<Square>().unwrap().index()],
            Some(Piece::new(Color::White, Role::Queen))
        );
        assert_eq!(
            p.twins[0].changes,
            [TwinChange::Move {
                from: Square::E1,
                to: "e2".parse().unwrap()
            }]
        );
    }

    #[test]
    fn errors_are_collected_not_fatal() {
        let file = read(
            "BeginProblem\nPieces White Kc1 Kd1 Black Ka8\nStipulation #2\nNextProblem\n\
             Pieces White Kb6 Black Ka8\nStipulation #2\nOption Variation Foo\nNextProblem\n\
             Pieces White Kb6 Black Ka8\nStipulation ser-r#2\nEndProblem",
        );
        assert_eq!(file.problems.len(), 3);
        assert_eq!(
            file.problems[0].rejection.as_deref(),
            Some(
                &[
                    "only one king allowed".to_owned(),
                    "problem ignored".to_owned()
                ][..]
            )
        );
        assert_eq!(
            file.problems[1].notices[0],
            "input-error:offending item: Foo"
        );
        assert!(file.problems[1].options.solve.variations);
        assert!(file.problems[2]
            .unsupported
            .as_ref()
            .is_some_and(|u| u.feature == Feature::Stipulation && u.item == "ser-r#2"));
        assert!(file.error.is_none());
    }

    #[test]
    fn forsyth_and_missing_end() {
        let file =
            read("BeginProblem Forsyth 7R/7p/5P1k/4PKpP Stipulation #2 Option EnPassant g7g6g5");
        assert_eq!(file.error, Some(FileError::EndOfFileBeforeEndOfProblem));
        assert_eq!(
            file.problems.len(),
            1,
            "the incomplete problem is still read"
        );
        assert_eq!(read("Pieces White Ka1").error, Some(FileError::NoBegin));
        let board = read("begin forsyth 7R/7p/5P1k/4PKpP stip #2 end").problems[0].board;
        assert_eq!(board.iter().flatten().count(), 8);
        assert_eq!(
            board[Square::H8.index()],
            Some(Piece::new(Color::White, Role::Rook))
        );
    }
}
