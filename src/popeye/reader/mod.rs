//! Reads a Popeye input file into [`ProblemSpec`]s: texts (author, origin, title, award), the
//! diagram (`Pieces`, `Forsyth`), the stipulation, the options and the twins, in the language
//! the first keyword picks. Input errors are collected as the lines Popeye prints for them;
//! whatever Mateproof cannot solve yet is marked unsupported. Reading never panics and never
//! stops early: every problem of the file is returned, the bad ones with their reasons.
//!
//! Turning a spec into [`Problem`](crate::problem::Problem)s (one per twin) is
//! [`super::problems`]'s job; this module only reads.

use super::keywords::{self, ColourWord, Command, Lookup};
mod fairy;
mod options;
mod twins;

use super::lexer::Lexer;
use super::messages::{message, Message};
use super::tokens::{
    read_fairy_forsyth, read_forsyth, read_piece_token, read_squares, read_stipulation, ForsythMan,
    PieceToken,
};
use super::twin::{Board, TwinSpec};
use super::unsupported::{Feature, Unsupported};
use crate::board::{Color, Piece, Role, Square};
use crate::notation::Language;
use crate::problem::{SolveOptions, Stipulation};

/// A whole input file.
#[derive(Clone, Debug)]
pub struct PopeyeFile {
    pub language: Language,
    pub problems: Vec<ProblemSpec>,
    /// A fault of the file as a whole (no begin keyword, no `EndProblem`).
    pub error: Option<FileError>,
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
    /// Lines that replace the whole output of a problem Popeye refuses to solve.
    pub rejection: Option<Vec<String>>,
    /// What Mateproof does not support yet, if anything (the first such item).
    pub unsupported: Option<Unsupported>,
    /// `Protocol FILE`: from this problem on, the output is copied to FILE.
    pub protocol: Option<String>,
    /// The fairy men of the diagram (never on a square `board` holds a piece on).
    pub fairy: Vec<FairyMan>,
}

/// A fairy man of the diagram: a walk of [`crate::pieces::catalogue::walks`] (by index).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FairyMan {
    pub color: Color,
    pub walk: usize,
    pub square: Square,
}

impl ProblemSpec {
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
            rejection: None,
            unsupported: None,
            protocol: None,
            fairy: Vec::new(),
        }
    }
}

/// How a problem's text ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Terminator {
    Next,
    End,
    EndOfFile,
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
        };
    };
    let mut reader = Reader { lexer, language };
    let mut problems = Vec::new();
    let mut error = None;
    loop {
        let (problem, end) = reader.problem();
        match end {
            Terminator::Next => problems.push(problem),
            Terminator::End => {
                problems.push(problem);
                // Another problem may follow after EndProblem.
                match reader.lexer.next_token() {
                    Some(token)
                        if keywords::command(language, token) == Lookup::Found(Command::Begin) => {}
                    _ => break,
                }
            }
            Terminator::EndOfFile => {
                // Solve what was read, but the run fails: the file is incomplete.
                problems.push(problem);
                error = Some(FileError::EndOfFileBeforeEndOfProblem);
                break;
            }
        }
    }
    PopeyeFile {
        language,
        problems,
        error,
    }
}

struct Reader<'a> {
    lexer: Lexer<'a>,
    language: Language,
}

impl Reader<'_> {
    fn notice_offending(&self, problem: &mut ProblemSpec, item: &str) {
        let offending = message(self.language, Message::OffendingItem);
        let input_error = message(self.language, Message::InputError);
        problem
            .notices
            .push(format!("{input_error}{offending}{item}"));
        problem.notices.push(format!("{offending}{item}"));
    }

    fn unsupported(problem: &mut ProblemSpec, feature: Feature, item: &str) {
        if problem.unsupported.is_none() {
            problem.unsupported = Some(Unsupported {
                feature,
                item: item.to_owned(),
            });
        }
    }

    /// A problem read to its end, with what goes together unsupported marked.
    fn finished(&self, problem: ProblemSpec) -> ProblemSpec {
        let problem = options::null_moves_checked(fairy::checked(problem));
        options::quodlibet_checked(options::keep_mating_piece_checked(problem), self.language)
    }

    fn problem(&mut self) -> (ProblemSpec, Terminator) {
        let mut problem = ProblemSpec::new();
        while let Some(token) = self.lexer.next_token() {
            let command = match keywords::command(self.language, token) {
                Lookup::Found(command) => command,
                _ => {
                    self.notice_offending(&mut problem, token);
                    continue;
                }
            };
            match command {
                Command::Begin => {}
                Command::End => return (self.finished(problem), Terminator::End),
                Command::Next => return (self.finished(problem), Terminator::Next),
                Command::Author => problem.authors.push(self.lexer.rest_of_line().to_owned()),
                Command::Origin => problem.origins.push(self.lexer.rest_of_line().to_owned()),
                Command::Title => problem.titles.push(self.lexer.rest_of_line().to_owned()),
                Command::Award => problem.award = Some(self.lexer.rest_of_line().to_owned()),
                Command::Remark => problem.notices.push(self.lexer.rest_of_line().to_owned()),
                Command::Protocol => {
                    let file = self.lexer.rest_of_line().trim();
                    if !file.is_empty() {
                        problem.protocol = Some(file.to_owned());
                    }
                }
                Command::LaTeX | Command::LaTeXPieces => {
                    self.lexer.rest_of_line();
                }
                Command::Stipulation => self.stipulation(&mut problem),
                Command::Pieces => self.pieces(&mut problem),
                Command::Forsyth => self.forsyth(&mut problem),
                Command::Option => self.options(&mut problem),
                Command::Twin => self.twin(&mut problem),
                Command::ZeroPosition => self.zero_position(&mut problem),
                Command::InitialGameArray => {
                    problem.board = crate::board::Setup::startpos().board;
                }
                Command::Condition | Command::StructuredStipulation => {
                    let rest = self.lexer.rest_of_line();
                    let what = if command == Command::Condition {
                        Feature::Condition
                    } else {
                        Feature::StructuredStipulation
                    };
                    Self::unsupported(&mut problem, what, rest);
                }
            }
        }
        (self.finished(problem), Terminator::EndOfFile)
    }

    fn stipulation(&mut self, problem: &mut ProblemSpec) {
        let Some(token) = self.lexer.next_token() else {
            return;
        };
        match read_stipulation(token) {
            Some(stipulation) => problem.stipulation = Some(stipulation),
            None => Self::unsupported(problem, Feature::Stipulation, token),
        }
    }

    fn pieces(&mut self, problem: &mut ProblemSpec) {
        let mut colour: Option<Color> = None;
        while let Some(token) = self.lexer.peek_token() {
            if let Lookup::Found(word) = keywords::colour(self.language, token) {
                self.lexer.next_token();
                colour = match word {
                    ColourWord::White => Some(Color::White),
                    ColourWord::Black => Some(Color::Black),
                    ColourWord::Neutral => {
                        Self::unsupported(problem, Feature::NeutralPieces, token);
                        None
                    }
                };
                continue;
            }
            match read_piece_token(self.language, token) {
                PieceToken::Orthodox(role, squares) => {
                    self.lexer.next_token();
                    match colour {
                        Some(color) => {
                            for sq in squares {
                                place(problem, Piece::new(color, role), sq, self.language);
                            }
                        }
                        None => self.notice_offending(problem, token),
                    }
                }
                PieceToken::Fairy(walk, squares) => {
                    self.lexer.next_token();
                    match colour {
                        Some(color) => {
                            for square in squares {
                                fairy::place(problem, color, walk, square);
                            }
                        }
                        None => self.notice_offending(problem, token),
                    }
                }
                PieceToken::UnknownFairy(code) => {
                    self.lexer.next_token();
                    Self::unsupported(problem, Feature::FairyPiece, &code);
                }
                PieceToken::NotAPiece => break,
            }
        }
    }

    fn forsyth(&mut self, problem: &mut ProblemSpec) {
        let Some(token) = self.lexer.next_token() else {
            return;
        };
        match read_forsyth(self.language, token) {
            Some(board) => {
                problem.board = [None; 64];
                problem.fairy.clear();
                for sq in Square::all() {
                    if let Some(piece) = board[sq.index()] {
                        place(problem, piece, sq, self.language);
                    }
                }
            }
            None => match read_fairy_forsyth(self.language, token) {
                Some(men) => {
                    problem.board = [None; 64];
                    problem.fairy.clear();
                    for (man, square) in men {
                        match man {
                            ForsythMan::Orthodox(piece) => {
                                place(problem, piece, square, self.language)
                            }
                            ForsythMan::Fairy(color, walk) => {
                                fairy::place(problem, color, walk, square)
                            }
                        }
                    }
                }
                None => self.notice_offending(problem, token),
            },
        }
    }

    fn number(&mut self, problem: &mut ProblemSpec) -> Option<u32> {
        let token = self.lexer.next_token()?;
        let value = token.parse::<u32>().ok();
        if value.is_none() {
            self.notice_offending(problem, token);
        }
        value
    }

    /// As [`Self::number`], and 0 is an offending item too.
    fn positive_number(&mut self, problem: &mut ProblemSpec) -> Option<u32> {
        let token = self.lexer.next_token()?;
        let value = token.parse::<u32>().ok().filter(|&n| n > 0);
        if value.is_none() {
            self.notice_offending(problem, token);
        }
        value
    }

    fn squares(&mut self, problem: &mut ProblemSpec) -> Vec<Square> {
        let Some(token) = self.lexer.next_token() else {
            return Vec::new();
        };
        match read_squares(token) {
            Some(squares) => squares,
            None => {
                self.notice_offending(problem, token);
                Vec::new()
            }
        }
    }
}

/// Places `piece`, rejecting a second king of one side as Popeye does while reading.
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
        let board = read_forsyth(Language::English, "7R/7p/5P1k/4PKpP").unwrap();
        assert_eq!(board.iter().flatten().count(), 8);
        assert_eq!(
            board[Square::H8.index()],
            Some(Piece::new(Color::White, Role::Rook))
        );
    }
}
