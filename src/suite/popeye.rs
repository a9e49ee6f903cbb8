//! Popeye input files as cases: one per twin, read by the Popeye front end
//! ([`crate::popeye::reader`], [`crate::popeye::problems`]) exactly as `mateproof popeye`
//! reads them.
//!
//! What is expected of a twin: when Popeye's own output lies beside the input (`X.out` for
//! `X.inp`, as in `../shared/popeye/`), its keys — all of them, so a cook Popeye printed is
//! expected and an empty list means "no solution" is expected — or in help and series play
//! its solution lines ([`super::help_text`]). Without it, the problem is claimed sound:
//! exactly one key, or one solution. The stipulation `#N` is mate within N (a short mate is
//! noted); `exact-` play is of the full length, as Popeye means it. Only keys are computed (variations, tries and set
//! play are switched off); `Threat`, `MaxFlightsquares` and `MaxSolutions` stay, since they
//! decide what counts as a key. `PostKeyPlay` problems have no key to find and are reported
//! as unsupported, like stipulations the solver does not handle yet.
//!
//! Popeye files are small: each is read whole. This module reads; it never solves.

use super::case::{Case, Claim, KeyClaim, Unusable};
use super::help_text::{help_texts, HelpText};
use crate::board::fen::to_epd_position;
use crate::board::Move;
use crate::notation::Language;
use crate::popeye::keywords::{command, Command, Lookup};
use crate::popeye::lexer::Lexer;
use crate::popeye::problems::{twin_problems, TwinProblem};
use crate::popeye::reader::{read, FileError};
use crate::popeye::replay::twin_solution;
use crate::popeye::transcript::{End, Transcript, TwinText};
use crate::problem::{SolveOptions, TryMode};
use std::path::Path;

/// One twin of a Popeye file (or a fault of the file in its place).
#[derive(Clone, Debug)]
pub struct PopeyeTwin {
    /// The line of the problem's `BeginProblem` / `NextProblem` (0 for the whole file).
    pub line: usize,
    pub label: Option<String>,
    pub fen: Option<String>,
    pub case: Result<Case, Unusable>,
}

/// Every twin of every problem of `text`, with Popeye's output `expected` (the `.out` text)
/// when there is one.
///
/// ```
/// use mateproof::suite::popeye::read_twins;
/// let twins = read_twins("begin pieces white kh6 ra1 black kh8 stip #1 twin remove a1 endp", None);
/// assert_eq!(twins.len(), 2);
/// assert_eq!(twins[1].label.as_deref(), Some("problem 1 b) -wRa1"));
/// ```
pub fn read_twins(text: &str, expected: Option<&str>) -> Vec<PopeyeTwin> {
    let file = read(text);
    if file.error == Some(FileError::NoBegin) {
        return vec![PopeyeTwin {
            line: 0,
            label: None,
            fen: None,
            case: Err(Unusable::Input(
                "not a Popeye input: no BeginProblem".to_owned(),
            )),
        }];
    }
    let starts = problem_lines(text, file.language);
    let transcript = expected.map(Transcript::parse);
    let help = expected.map(help_texts);
    let mut twins = Vec::new();
    for (number, spec) in file.problems.iter().enumerate() {
        let line = starts.get(number).or(starts.last()).copied().unwrap_or(1);
        let name = format!("problem {}", number + 1);
        // What Mateproof cannot follow is named first, as `mateproof popeye` names it.
        if let Some(reason) = &spec.unsupported {
            twins.push(fault(line, name, Unusable::Unsupported(reason.to_string())));
            continue;
        }
        if let Some(rejection) = &spec.rejection {
            twins.push(fault(line, name, Unusable::Input(rejection.join(" / "))));
            continue;
        }
        for (index, twin) in twin_problems(spec, file.language).into_iter().enumerate() {
            let label = match &twin.label {
                Some(text) => format!("{name} {}", text.trim_end()),
                None => name.clone(),
            };
            let output = match (&transcript, &help) {
                (Some(_), Some(help)) if twin.problem.as_ref().is_ok_and(is_help) => help
                    .get(number)
                    .map_or(Expected::Missing, |p| Expected::help_twin(p, index)),
                (None, _) => Expected::Nothing,
                (Some(Err(e)), _) => Expected::Unreadable(e.to_string()),
                (Some(Ok(t)), _) => t.problems.get(number).map_or(Expected::Missing, |p| {
                    p.twins
                        .get(index)
                        .map_or(Expected::Missing, |tw| Expected::Twin(tw, p.end))
                }),
            };
            twins.push(twin_case(line, label, twin, &output, file.language));
        }
    }
    if file.error == Some(FileError::EndOfFileBeforeEndOfProblem) {
        let last = text.lines().count();
        twins.push(fault(
            last,
            "end of file".to_owned(),
            Unusable::Input("end of file before EndProblem".to_owned()),
        ));
    }
    twins
}

/// Reads `path` and its sibling `.out`, if any.
pub fn read_file_twins(path: &Path, text: &str) -> Vec<PopeyeTwin> {
    let out = path.with_extension("out");
    let expected = (out != path)
        .then(|| std::fs::read(&out).ok())
        .flatten()
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned());
    read_twins(text, expected.as_deref())
}

fn fault(line: usize, label: String, reason: Unusable) -> PopeyeTwin {
    PopeyeTwin {
        line,
        label: Some(label),
        fen: None,
        case: Err(reason),
    }
}

/// What Popeye's output says about one twin.
enum Expected<'t> {
    /// No `.out` beside the input.
    Nothing,
    Unreadable(String),
    /// The output has fewer problems or twins than the input.
    Missing,
    Twin(&'t TwinText, End),
    /// Help and series play: Popeye's output of the problem is partial.
    Partial,
    /// Help and series play: Popeye's solution lines of the twin.
    Lines(&'t [String]),
}

impl<'t> Expected<'t> {
    fn help_twin(problem: &'t HelpText, index: usize) -> Expected<'t> {
        match problem.twins.get(index) {
            _ if problem.partial => Expected::Partial,
            Some(lines) => Expected::Lines(lines),
            None => Expected::Missing,
        }
    }
}

fn is_help(problem: &crate::problem::Problem) -> bool {
    problem.stipulation.is_help_or_series()
}

fn twin_case(
    line: usize,
    label: String,
    twin: TwinProblem,
    expected: &Expected<'_>,
    language: Language,
) -> PopeyeTwin {
    let problem = match twin.problem {
        Ok(problem) => problem,
        Err(fault) => return self::fault(line, label, Unusable::Input(fault.to_string())),
    };
    let fen = Some(to_epd_position(&problem.position));
    let claim = match Claim::of_stipulation(problem.stipulation) {
        Ok(claim) => claim,
        Err(reason) => {
            return PopeyeTwin {
                line,
                label: Some(label),
                fen,
                case: Err(reason),
            }
        }
    };
    if problem.options.post_key_play {
        return PopeyeTwin {
            line,
            label: Some(label),
            fen,
            case: Err(Unusable::Unsupported(
                "PostKeyPlay: the key is given, there is none to find".to_owned(),
            )),
        };
    }
    let mut notes = Vec::new();
    let keys = match expected {
        Expected::Nothing => KeyClaim::Unique,
        Expected::Unreadable(reason) => {
            notes.push(format!(
                "Popeye output unreadable ({reason}): one key expected"
            ));
            KeyClaim::Unique
        }
        Expected::Missing => {
            notes.push("not in Popeye's output: one key expected".to_owned());
            KeyClaim::Unique
        }
        Expected::Partial => {
            notes.push("Popeye's output is partial: the solutions are reported".to_owned());
            KeyClaim::Any
        }
        Expected::Twin(_, End::Partial) => {
            notes.push("Popeye's output is partial: one key expected".to_owned());
            KeyClaim::Unique
        }
        Expected::Lines(lines) => KeyClaim::Lines {
            lines: lines.to_vec(),
            language,
        },
        Expected::Twin(text, end) => match twin_solution(text, &problem.position, language, *end) {
            Ok(solution) => KeyClaim::Exactly(solution.keys().map(|k| k.mv).collect::<Vec<Move>>()),
            Err(e) => {
                notes.push(format!(
                    "Popeye output does not replay ({e}): one key expected"
                ));
                KeyClaim::Unique
            }
        },
    };
    let mut problem = problem;
    // Help play prints no tree: its options (set play, duplex) decide which lines Popeye
    // printed, and all of them are compared.
    if !is_help(&problem) {
        problem.options = keys_only(&problem.options);
    }
    problem.options.max_time = None;
    PopeyeTwin {
        line,
        label: Some(label),
        fen,
        case: Ok(Case {
            problem,
            claim,
            keys,
            notes,
        }),
    }
}

/// The options that decide what a key is, without the extra play a suite does not need.
fn keys_only(options: &SolveOptions) -> SolveOptions {
    SolveOptions {
        variations: false,
        tries: TryMode::Off,
        set_play: false,
        no_threat: true,
        max_time: None,
        ..options.clone()
    }
}

/// The line of each problem's `BeginProblem` or `NextProblem`, in order: lines whose first
/// token is one of them.
fn problem_lines(text: &str, language: Language) -> Vec<usize> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| {
            Lexer::new(line).next_token().is_some_and(|token| {
                matches!(
                    command(language, token),
                    Lookup::Found(Command::Begin | Command::Next)
                )
            })
        })
        .map(|(index, _)| index + 1)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_and_faults() {
        let text = "BeginProblem\nPieces White Kh6 Ra1 Black Kh8\nStipulation #1\n\
                    NextProblem\nPieces White Kh6 Black Kh8 Pa2\nStipulation h#2\n\
                    NextProblem\nStipulation #2\nPieces White Ke1 Qd1\nEndProblem\n";
        let twins = read_twins(text, None);
        assert_eq!(twins.iter().map(|t| t.line).collect::<Vec<_>>(), [1, 4, 7]);
        assert!(twins[0]
            .case
            .as_ref()
            .is_ok_and(|c| c.keys == KeyClaim::Unique));
        // Help play is checked too (its solutions, not keys).
        assert!(twins[1]
            .case
            .as_ref()
            .is_ok_and(|c| c.problem.stipulation.is_help_or_series()));
        // Popeye solves a position without a king (it only warns), and so does the suite.
        assert!(twins[2].case.as_ref().is_ok_and(|c| c
            .problem
            .position
            .king(crate::board::Color::Black)
            .is_none()));
        let none = read_twins("Pieces White Kh6", None);
        assert_eq!(none.len(), 1);
        assert!(none[0]
            .case
            .as_ref()
            .is_err_and(|e| e.to_string().contains("BeginProblem")));
    }

    #[test]
    fn keys_come_from_popeyes_output() {
        let input = "begin pieces white kh6 ra1 rb1 black kh8 stip #1 endp";
        let output = "\n   1.Ra1-a8 # !\n   1.Rb1-b8 # !\n\n\nsolution finished.\n\n\n";
        let twins = read_twins(input, Some(output));
        let case = twins[0].case.as_ref().unwrap();
        let KeyClaim::Exactly(keys) = &case.keys else {
            panic!("{:?}", case.keys)
        };
        assert_eq!(keys.len(), 2);
        assert!(!case.problem.options.variations);
    }
}
