//! The `Option` command of Popeye's input: option words (prefix-matched in the file's
//! language) until the next command, each into the problem's options; words Mateproof cannot
//! honour mark the problem unsupported, unknown or ambiguous ones are noticed as Popeye does.

use super::{ProblemSpec, Reader};
use crate::board::Color;
use crate::notation::Language;
use crate::popeye::keywords::{self, Lookup, OptionWord};
use crate::popeye::messages::{message, Message};
use crate::popeye::twin::TwinChange;
use crate::popeye::unsupported::Feature;
use crate::problem::TryMode;
use crate::problem::{Goal, PlayKind, SeriesEnd, Stipulation};
use std::time::Duration;

impl Reader<'_> {
    pub(super) fn options(&mut self, problem: &mut ProblemSpec) {
        let mut tries = false;
        let mut defence = None;
        while let Some(token) = self.lexer.peek_token() {
            let word = match keywords::option(self.language, token) {
                Lookup::Found(word) => word,
                Lookup::Ambiguous => {
                    self.lexer.next_token();
                    self.notice_offending(problem, token);
                    continue;
                }
                Lookup::Unknown => {
                    if !matches!(keywords::command(self.language, token), Lookup::Found(_)) {
                        // Popeye stops reading options at an unknown word.
                        self.lexer.next_token();
                        self.notice_offending(problem, token);
                    }
                    break;
                }
            };
            self.lexer.next_token();
            let options = &mut problem.options;
            match word {
                OptionWord::Try => tries = true,
                OptionWord::Defence => defence = self.number(problem),
                OptionWord::SetPlay => options.solve.set_play = true,
                OptionWord::Variations => options.solve.variations = true,
                OptionWord::MoveNumbers => options.move_numbers = true,
                // Both switch MoveNumbers on, as in Popeye.
                OptionWord::StartMoveNumber => {
                    problem.options.start_move_number = self.number(problem);
                    problem.options.move_numbers = true;
                }
                OptionWord::UpToMoveNumber => {
                    problem.options.up_to_move_number = self.number(problem);
                    problem.options.move_numbers = true;
                }
                OptionWord::Threat => {
                    problem.options.solve.max_threat_length = self.number(problem)
                }
                OptionWord::NoThreat => options.solve.no_threat = true,
                OptionWord::MaxSolutions => {
                    problem.options.solve.max_solutions = self.number(problem)
                }
                OptionWord::MaxFlightsquares => {
                    problem.options.solve.max_flights = self.number(problem)
                }
                OptionWord::NonTrivial => {
                    let max = self.number(problem);
                    let min = self.number(problem);
                    if let (Some(max), Some(min)) = (max, min) {
                        problem.options.solve.nontrivial = Some((max, min));
                    }
                }
                OptionWord::NoBoard => options.no_board = true,
                OptionWord::NoShortVariations => options.solve.no_short_variations = true,
                OptionWord::PostKeyPlay => options.solve.post_key_play = true,
                OptionWord::MaxTime => {
                    // A time limit is a positive number of seconds in every front end; 0 is
                    // no limit in none of them (leave the option out for that).
                    problem.options.solve.max_time = self
                        .positive_number(problem)
                        .map(|s| Duration::from_secs(u64::from(s)));
                }
                OptionWord::EnPassant => {
                    let squares = self.squares(problem);
                    // Departure, passed square(s), arrival: the target is the passed square
                    // next to the arrival.
                    if squares.len() >= 3 {
                        problem.options.en_passant = squares.get(squares.len() - 2).copied();
                    }
                }
                OptionWord::NoCastling => {
                    let squares = self.squares(problem);
                    problem.options.no_castling.extend(squares);
                }
                OptionWord::CastlingMutuallyExclusive => {
                    if let [a, b] = self.squares(problem)[..] {
                        problem.options.exclusive_castlings.push((a, b));
                    }
                }
                // MatesIn1 keeps the defender's mates in 1 in self play (Popeye's trivial-end
                // filter is built only there).
                OptionWord::MatesIn1 => options.solve.mates_in_1 = true,
                OptionWord::KeepMatingPiece => options.solve.keep_mating_piece = true,
                OptionWord::Quodlibet => {
                    options.quodlibet = true;
                    options.solve.quodlibet = true;
                }
                // Help and series play (crate::help); `Intelligent` finds the same solutions
                // (help mates by way of their final positions, crate::help's intelligent mode).
                OptionWord::Duplex => options.solve.duplex = true,
                OptionWord::HalfDuplex => options.solve.half_duplex = true,
                OptionWord::StopOnShortSolutions => options.solve.stop_on_short_solutions = true,
                OptionWord::WhiteToPlay => options.white_to_play = true,
                // Passes in help play; other play is refused once the problem is read.
                OptionWord::NullMoves => options.solve.null_moves = true,
                OptionWord::NoWk => options.no_king[Color::White.index()] = true,
                OptionWord::NoBk => options.no_king[Color::Black.index()] = true,
                OptionWord::Intelligent => {
                    options.intelligent = true;
                    options.solve.intelligent = true;
                }
                // Output options without effect on the solution.
                OptionWord::Beep | OptionWord::SuppressGrid | OptionWord::WriteGrid => {}
                // Named as the file spells it (NullMoves, TrivialTriesAvoid, Intelligent, …).
                _ => Self::unsupported(problem, Feature::Option, token),
            }
        }
        if tries || defence.is_some() {
            problem.options.solve.tries = TryMode::Refutations(defence.unwrap_or(1).max(1));
        }
    }
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
pub(super) fn null_moves_checked(mut problem: ProblemSpec) -> ProblemSpec {
    let solve = &problem.options.solve;
    if !solve.null_moves {
        return problem;
    }
    let help_only = stipulations(&problem).all(|stipulation| stipulation.play == PlayKind::Help);
    if solve.set_play || !help_only {
        Reader::unsupported(&mut problem, Feature::Option, "NullMoves");
    } else if problem.options.numbers_moves() {
        Reader::unsupported(&mut problem, Feature::Option, "NullMoves with MoveNumbers");
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
    if twin_stipulation {
        Reader::unsupported(
            &mut problem,
            Feature::Option,
            "Quodlibet with a stipulation twin",
        );
        return problem;
    }
    match stipulation.play {
        PlayKind::SelfPlay | PlayKind::Reflex if stipulation.is_exact() => {
            Reader::unsupported(&mut problem, Feature::Option, "Quodlibet with exact-");
        }
        PlayKind::SelfPlay | PlayKind::Reflex => {}
        PlayKind::Series(SeriesEnd::SelfPlay | SeriesEnd::Reflex) => {
            Reader::unsupported(&mut problem, Feature::Option, "Quodlibet in series play");
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
pub(super) fn keep_mating_piece_checked(mut problem: ProblemSpec) -> ProblemSpec {
    if !problem.options.solve.keep_mating_piece {
        return problem;
    }
    let all_mates = stipulations(&problem).all(|stipulation| stipulation.goal == Goal::Mate);
    if !all_mates {
        Reader::unsupported(
            &mut problem,
            Feature::Option,
            "KeepMatingPiece with a goal other than mate",
        );
    }
    problem
}
