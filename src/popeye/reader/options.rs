//! The `Option` command of Popeye's input, read as Popeye's `ParseOpt` reads it: option words
//! (prefix-matched in the file's language) until a word that names none; a value that is no
//! number is Popeye's "wrong integer" and ends the options, the word going back to the command
//! loop; a first word that names no option is Popeye's "could not recognize option", an
//! ambiguous one its "option not uniq". Options Mateproof cannot honour, or not in the play at
//! hand, mark the problem unsupported once it is read (the `*_checked` functions).

use super::{ProblemSpec, Reader};
use crate::board::Color;
use crate::notation::Language;
use crate::popeye::keywords::{self, Lookup, OptionWord};
use crate::popeye::messages::{message, Message};
use crate::popeye::tokens::read_squares_prefix;
use crate::popeye::twin::TwinChange;
use crate::popeye::unsupported::{Feature, Together};
use crate::problem::TryMode;
use crate::problem::{Goal, PlayKind, SeriesEnd, Stipulation};
use std::time::Duration;

/// Popeye keeps at most four squares of an `EnPassant` retro move.
const MAX_EN_PASSANT_SQUARES: usize = 4;

impl Reader<'_> {
    pub(super) fn options(&mut self, problem: &mut ProblemSpec) {
        let mut tries = false;
        let mut defence = None;
        let mut read = 0;
        while let Some(token) = self.lexer.peek_token() {
            let word = match keywords::option(self.language, token) {
                Lookup::Found(word) => word,
                Lookup::Ambiguous => {
                    self.notice_error(problem, Message::OptionNotUnique, token);
                    break;
                }
                Lookup::Unknown => break,
            };
            self.lexer.next_token();
            read += 1;
            // A value that is no number ends the options (Popeye's "wrong integer").
            let value_ok = match word {
                // Popeye's `Try` sets one refutation, after a `Defence n` too: `Defence 2
                // Try` shows the tries of one refutation, `Try Defence 2` of two.
                OptionWord::Try => {
                    tries = true;
                    defence = None;
                    true
                }
                OptionWord::Defence => self.value(problem, |_, n| defence = Some(n)),
                OptionWord::SetPlay => flag(&mut problem.options.solve.set_play),
                OptionWord::Variations => flag(&mut problem.options.solve.variations),
                OptionWord::MoveNumbers => flag(&mut problem.options.move_numbers),
                // Both switch MoveNumbers on, as in Popeye.
                OptionWord::StartMoveNumber => self.value(problem, |p, n| {
                    p.options.start_move_number = Some(n);
                    p.options.move_numbers = true;
                }),
                OptionWord::UpToMoveNumber => self.value(problem, |p, n| {
                    p.options.up_to_move_number = Some(n);
                    p.options.move_numbers = true;
                }),
                OptionWord::Threat => {
                    self.value(problem, |p, n| p.options.solve.max_threat_length = Some(n))
                }
                OptionWord::NoThreat => flag(&mut problem.options.solve.no_threat),
                OptionWord::MaxSolutions => {
                    self.value(problem, |p, n| p.options.solve.max_solutions = Some(n))
                }
                OptionWord::MaxFlightsquares => {
                    self.value(problem, |p, n| p.options.solve.max_flights = Some(n))
                }
                OptionWord::NonTrivial => {
                    let mut max = None;
                    self.value(problem, |_, n| max = Some(n))
                        && self.value(problem, |p, min| {
                            p.options.solve.nontrivial = max.map(|max| (max, min));
                        })
                }
                OptionWord::NoBoard => flag(&mut problem.options.no_board),
                OptionWord::NoShortVariations => {
                    flag(&mut problem.options.solve.no_short_variations)
                }
                OptionWord::PostKeyPlay => {
                    // Popeye's PostKeyPlay switches variations on.
                    problem.options.solve.variations = true;
                    flag(&mut problem.options.solve.post_key_play)
                }
                OptionWord::MaxTime => {
                    // A time limit is a positive number of seconds in every front end; 0 is
                    // no limit in none of them (Popeye refuses 0 too).
                    let positive = self
                        .lexer
                        .peek_token()
                        .is_some_and(|t| t.parse::<u32>().is_ok_and(|n| n > 0));
                    if positive {
                        self.value(problem, |p, n| {
                            p.options.solve.max_time = Some(Duration::from_secs(u64::from(n)))
                        })
                    } else {
                        let item = self.lexer.peek_token().unwrap_or("");
                        self.notice_error(problem, Message::WrongInteger, item);
                        false
                    }
                }
                OptionWord::EnPassant => self.en_passant(problem),
                OptionWord::NoCastling => {
                    let squares = self.square_list(problem);
                    problem.options.no_castling.extend(squares);
                    true
                }
                OptionWord::CastlingMutuallyExclusive => {
                    let token = self.lexer.next_token().unwrap_or("");
                    match read_squares_prefix(token) {
                        (squares, "") if squares.len() == 2 => {
                            problem
                                .options
                                .exclusive_castlings
                                .push((squares[0], squares[1]));
                        }
                        _ => self.error_line(&mut problem.notices, Message::MissingSquareList),
                    }
                    true
                }
                // MatesIn1 keeps the defender's mates in 1 in self play (Popeye's trivial-end
                // filter is built only there).
                OptionWord::MatesIn1 => flag(&mut problem.options.solve.mates_in_1),
                OptionWord::KeepMatingPiece => flag(&mut problem.options.solve.keep_mating_piece),
                OptionWord::Quodlibet => {
                    problem.options.quodlibet = true;
                    flag(&mut problem.options.solve.quodlibet)
                }
                // Help and series play (crate::help).
                OptionWord::Duplex | OptionWord::HalfDuplex => {
                    let solve = &mut problem.options.solve;
                    if solve.duplex || solve.half_duplex {
                        let item = token;
                        self.notice_error(problem, Message::InconsistentDuplexOptions, item);
                    } else if word == OptionWord::Duplex {
                        solve.duplex = true;
                    } else {
                        solve.half_duplex = true;
                    }
                    true
                }
                OptionWord::StopOnShortSolutions => {
                    flag(&mut problem.options.solve.stop_on_short_solutions)
                }
                OptionWord::WhiteToPlay => flag(&mut problem.options.white_to_play),
                // Passes in help play; other play is refused once the problem is read.
                OptionWord::NullMoves => flag(&mut problem.options.solve.null_moves),
                OptionWord::NoWk => flag(&mut problem.options.no_king[Color::White.index()]),
                OptionWord::NoBk => flag(&mut problem.options.no_king[Color::Black.index()]),
                OptionWord::Intelligent => {
                    problem.options.intelligent = true;
                    problem.options.solve.intelligent = true;
                    // `Intelligent N`: at most N solutions per final position Popeye's
                    // intelligent mode builds; those positions are Popeye's own, so the
                    // limit cannot be followed.
                    if let Some(limit) = self.lexer.peek_token().filter(|t| leading_number(t)) {
                        self.lexer.next_token();
                        let item = format!("{token} {limit}");
                        Self::unsupported(problem, Feature::Option, &item);
                    }
                    true
                }
                // Output options without effect on the solution; Beep may take a number.
                OptionWord::Beep => {
                    // Popeye's strtoul: the number the token starts with, where it does and
                    // fits (else one beep, and the token is the next option).
                    let number = self.lexer.peek_token().and_then(|token| {
                        let digits: String =
                            token.chars().take_while(char::is_ascii_digit).collect();
                        digits.parse::<u32>().ok()
                    });
                    if number.is_some() {
                        self.lexer.next_token();
                    }
                    problem.options.beeps = Some(number.unwrap_or(1));
                    true
                }
                OptionWord::WriteGrid => flag(&mut problem.options.write_grid),
                OptionWord::SuppressGrid => true,
                // Named as the file spells it (TrivialTriesAvoid, GoalIsEnd, …).
                _ => {
                    Self::unsupported(problem, Feature::Option, token);
                    true
                }
            };
            if !value_ok {
                break;
            }
        }
        if read == 0 {
            let item = self.lexer.peek_token().unwrap_or("");
            self.notice_error(problem, Message::UnrecognizedOption, item);
        }
        if tries || defence.is_some() {
            problem.options.solve.tries = TryMode::Refutations(defence.unwrap_or(1).max(1));
        }
    }

    /// An option's number, handed to `set`; false (the word left to the command loop, after
    /// Popeye's "wrong integer") when the next word is none.
    fn value(
        &mut self,
        problem: &mut ProblemSpec,
        set: impl FnOnce(&mut ProblemSpec, u32),
    ) -> bool {
        match self.option_number(problem) {
            Some(n) => {
                set(problem, n);
                true
            }
            None => false,
        }
    }

    /// `EnPassant` squares: Popeye's retro move (departure, passed squares, arrival); fewer
    /// than three say nothing, more than four are refused with Popeye's notice.
    fn en_passant(&mut self, problem: &mut ProblemSpec) -> bool {
        let token = self.lexer.next_token().unwrap_or("");
        let (mut squares, rest) = read_squares_prefix(token);
        if squares.is_empty() {
            self.notice_error(problem, Message::MissingSquareList, token);
            // Popeye's quirk: that also ends the options with "option not uniq".
            self.notice_error(problem, Message::OptionNotUnique, token);
            return false;
        }
        if squares.len() > MAX_EN_PASSANT_SQUARES {
            squares.truncate(MAX_EN_PASSANT_SQUARES);
            self.error_line(&mut problem.notices, Message::TooManyEnPassantSquares);
        } else if !rest.is_empty() {
            self.error_line(&mut problem.notices, Message::WrongTerminatedSquareList);
        }
        problem.options.en_passant_squares.extend(squares);
        let all = &problem.options.en_passant_squares;
        let all = &all[..all.len().min(MAX_EN_PASSANT_SQUARES)];
        problem.options.en_passant = (all.len() >= 3).then(|| all[all.len() - 2]);
        true
    }

    /// A square list word (`NoCastling h1a8`), with Popeye's notices for a bad one.
    fn square_list(&mut self, problem: &mut ProblemSpec) -> Vec<crate::board::Square> {
        let token = self.lexer.next_token().unwrap_or("");
        let (squares, rest) = read_squares_prefix(token);
        if squares.is_empty() {
            self.notice_error(problem, Message::MissingSquareList, token);
        } else if !rest.is_empty() {
            self.error_line(&mut problem.notices, Message::WrongTerminatedSquareList);
        }
        squares
    }
}

/// Sets an option's flag; it takes no value.
fn flag(option: &mut bool) -> bool {
    *option = true;
    true
}

/// Whether `word` starts with a number (Popeye's `strtoul` reads one).
fn leading_number(word: &&str) -> bool {
    word.starts_with(|c: char| c.is_ascii_digit())
}

/// `problem` with its `EnPassant` retro move checked against the diagram, as Popeye checks it:
/// every square but the last empty, the last one occupied, or Popeye's "Inconsistent retro
/// information" and the problem is ignored. Four squares (a pawn's triple step, in fairy
/// play) are not solved yet.
pub(super) fn en_passant_checked(mut problem: ProblemSpec, language: Language) -> ProblemSpec {
    let squares = problem.options.en_passant_squares.clone();
    if squares.len() < 3 {
        return problem;
    }
    let occupied = |sq: crate::board::Square| {
        problem.board[sq.index()].is_some() || problem.fairy.iter().any(|m| m.square == sq)
    };
    let (last, before) = squares.split_last().unwrap_or((&squares[0], &[]));
    if before.iter().any(|&sq| occupied(sq)) || !occupied(*last) {
        if problem.rejection.is_none() {
            problem.rejection = Some(vec![
                message(language, Message::InconsistentRetroInformation).to_owned(),
                String::new(),
                message(language, Message::ProblemIgnored).to_owned(),
            ]);
        }
    } else if squares.len() > 3 {
        Reader::unsupported_with(
            &mut problem,
            Feature::Option,
            keywords::option_name(language, OptionWord::EnPassant),
            Some(Together::FourSquares),
        );
    }
    problem
}

/// `problem` with the options Mateproof cannot follow in its play refused by name:
/// `WhiteToPlay` in series play (Popeye shortens the series and lets the other side start),
/// `Intelligent` with `MoveNumbers` (Popeye then prints the counts of its own final
/// positions).
pub(super) fn play_checked(mut problem: ProblemSpec, language: Language) -> ProblemSpec {
    let series = stipulations(&problem).any(|s| matches!(s.play, PlayKind::Series(_)));
    if problem.options.white_to_play && series {
        refuse_option(
            &mut problem,
            language,
            OptionWord::WhiteToPlay,
            Some(Together::SeriesPlay),
        );
    }
    let help = stipulations(&problem).any(|s| s.is_help_or_series());
    if problem.options.intelligent && problem.options.numbers_moves() && help {
        let numbers = with_option(language, OptionWord::MoveNumbers);
        refuse_option(&mut problem, language, OptionWord::Intelligent, numbers);
    }
    problem
}

/// Marks `problem` unsupported for `option` (named as Popeye spells it in `language`) and
/// what it cannot go with.
pub(super) fn refuse_option(
    problem: &mut ProblemSpec,
    language: Language,
    option: OptionWord,
    together: Option<Together>,
) {
    let name = keywords::option_name(language, option);
    Reader::unsupported_with(problem, Feature::Option, name, together);
}

/// "with `option`", the option as Popeye spells it in `language`.
fn with_option(language: Language, option: OptionWord) -> Option<Together> {
    Some(Together::Named(
        keywords::option_name(language, option).to_owned(),
    ))
}

/// The stipulations `problem` is solved with: the diagram's, then each twin's own.
fn stipulations(problem: &ProblemSpec) -> impl Iterator<Item = Stipulation> + '_ {
    let twin_stipulations = problem
        .twins
        .iter()
        .flat_map(|twin| &twin.changes)
        .filter_map(|change| match change {
            TwinChange::Stipulation(stipulation) => Some(*stipulation),
            _ => None,
        });
    problem.stipulation.into_iter().chain(twin_stipulations)
}

/// `problem` as read, with `NullMoves` marked unsupported where it goes with other play than
/// help play (in the diagram or a twin), with `SetPlay` (which Popeye refuses with it) or with
/// `MoveNumbers` (whose list of first moves has no pass yet).
pub(super) fn null_moves_checked(mut problem: ProblemSpec, language: Language) -> ProblemSpec {
    let solve = &problem.options.solve;
    if !solve.null_moves {
        return problem;
    }
    let help_only = stipulations(&problem).all(|stipulation| stipulation.play == PlayKind::Help);
    if solve.set_play || !help_only {
        refuse_option(&mut problem, language, OptionWord::NullMoves, None);
    } else if problem.options.numbers_moves() {
        let numbers = with_option(language, OptionWord::MoveNumbers);
        refuse_option(&mut problem, language, OptionWord::NullMoves, numbers);
    }
    problem
}

/// `problem` as read, with `Quodlibet` checked against its play: Popeye applies it where the
/// defender's move ends the play (`s#`, `r#`, `s=`, `r=` and their series forms) and says
/// "Quodlibet not applicable - ignored" before the problem elsewhere (the option is then
/// dropped, as Popeye drops it, but still listed under the stipulation). Not solved yet, and
/// refused by name: the series forms, `exact-`, and a twin that changes the stipulation
/// (Popeye's message would then go with each twin).
pub(super) fn quodlibet_checked(mut problem: ProblemSpec, language: Language) -> ProblemSpec {
    if !problem.options.solve.quodlibet {
        return problem;
    }
    let twin_stipulation = stipulations(&problem).count() > 1;
    let Some(stipulation) = problem.stipulation else {
        return problem;
    };
    let quodlibet = OptionWord::Quodlibet;
    if twin_stipulation {
        let together = Some(Together::StipulationTwin);
        refuse_option(&mut problem, language, quodlibet, together);
        return problem;
    }
    match stipulation.play {
        PlayKind::SelfPlay | PlayKind::Reflex if stipulation.is_exact() => {
            let together = Some(Together::Named("exact-".to_owned()));
            refuse_option(&mut problem, language, quodlibet, together);
        }
        PlayKind::SelfPlay | PlayKind::Reflex => {}
        PlayKind::Series(SeriesEnd::SelfPlay | SeriesEnd::Reflex) => {
            let together = Some(Together::SeriesPlay);
            refuse_option(&mut problem, language, quodlibet, together);
        }
        _ => {
            problem.options.solve.quodlibet = false;
            problem
                .notices
                .push(message(language, Message::QuodlibetNotApplicable).to_owned());
        }
    }
    problem
}

/// `problem` with `KeepMatingPiece` refused by name where a goal is not mate: Popeye's filter
/// stops play wherever the side that must reach the goal has its king alone, and a lone king
/// can help to a stalemate, so there the option would change solutions (not solved yet).
pub(super) fn keep_mating_piece_checked(
    mut problem: ProblemSpec,
    language: Language,
) -> ProblemSpec {
    if !problem.options.solve.keep_mating_piece {
        return problem;
    }
    let all_mates = stipulations(&problem).all(|stipulation| stipulation.goal == Goal::Mate);
    if !all_mates {
        refuse_option(
            &mut problem,
            language,
            OptionWord::KeepMatingPiece,
            Some(Together::GoalOtherThanMate),
        );
    }
    problem
}
