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
//! A problem with fairy men is built on a fairy position, as `mateproof popeye` builds it, so
//! the suite solves every problem the Popeye front end solves. A problem whose input Popeye
//! would flag (an offending item: `Pieces Whyte Kg6`) is an `error`: what would be solved is
//! not what was written.
//!
//! Popeye files are small: each is read whole. This module reads; it never solves.

use super::case::{Case, Claim, Game, KeyClaim, Unusable};
use super::game::SuiteGame;
use super::help_text::{help_texts, HelpText};
use crate::board::Move;
use crate::fairy::FairyPosition;
use crate::notation::Language;
use crate::popeye::keywords::{command, Command, Lookup};
use crate::popeye::lexer::Lexer;
use crate::popeye::messages::{message, Message};
use crate::popeye::problems::{fairy_twin_problems, twin_problems, TwinProblem};
use crate::popeye::reader::{read, FileError, ProblemSpec};
use crate::popeye::replay::twin_solution;
use crate::popeye::transcript::{End, Transcript, TwinText, Verdict};
use crate::problem::{Problem, SolveOptions, TryMode};
use crate::rules::Rules;
use std::path::Path;

/// One twin of a Popeye file (or a fault of the file in its place).
#[derive(Clone, Debug)]
pub struct PopeyeTwin {
    /// The line of the problem's `BeginProblem` / `NextProblem` (0 for the whole file).
    pub line: usize,
    pub label: Option<String>,
    pub fen: Option<String>,
    pub case: Result<Game, Unusable>,
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
        if let Some(reason) = unreadable(spec, file.language) {
            twins.push(fault(line, name, reason));
            continue;
        }
        let output = |index: usize, help_play: bool| match (&transcript, &help) {
            (Some(_), Some(help)) if help_play => help
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
        let language = file.language;
        for_each_twin(
            spec,
            language,
            &name,
            &mut |index, label, twin| match twin {
                Twin::Orthodox(twin) => {
                    let expected = output(index, twin.stipulation.is_help_or_series());
                    let replay = |text: &TwinText, position: &crate::board::Position, end: End| {
                        twin_solution(text, position, language, end)
                            .map(|solution| solution.keys().map(|k| k.mv).collect::<Vec<Move>>())
                            .map_err(|e| e.to_string())
                    };
                    twins.push(twin_case(
                        line,
                        label,
                        twin,
                        |problem| expected_keys(&expected, problem, language, replay),
                        None,
                    ));
                }
                Twin::Fairy(twin) => {
                    let expected = output(index, twin.stipulation.is_help_or_series());
                    let by_text = |text: &TwinText, position: &FairyPosition, _: End| {
                        keys_by_text(text, position, language)
                    };
                    twins.push(twin_case(
                        line,
                        label,
                        twin,
                        |problem| expected_keys(&expected, problem, language, by_text),
                        None,
                    ));
                }
            },
        );
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

/// Why a read problem cannot be checked at all, if it cannot: Popeye refuses it (its
/// rejection lines), Mateproof does not support something in it, or its input has an item
/// Popeye flags (`input-error:offending item: Whyte`), so what would be solved is not what
/// was written.
pub(super) fn unreadable(spec: &ProblemSpec, language: Language) -> Option<Unusable> {
    // What Mateproof cannot follow is named first, as `mateproof popeye` names it.
    if let Some(reason) = &spec.unsupported {
        return Some(Unusable::Unsupported(reason.to_string()));
    }
    if let Some(rejection) = &spec.rejection {
        return Some(Unusable::Input(rejection.join(" / ")));
    }
    let input_error = message(language, Message::InputError);
    let errors: Vec<&str> = spec
        .notices
        .iter()
        .filter_map(|notice| notice.strip_prefix(input_error))
        .collect();
    (!errors.is_empty()).then(|| Unusable::Input(format!("input error: {}", errors.join("; "))))
}

/// One twin of a problem, on the board its problem is played on.
pub(super) enum Twin {
    Orthodox(TwinProblem),
    Fairy(TwinProblem<FairyPosition>),
}

/// Calls `each` with every twin of `spec` in order (its index, its label after `name`): on a
/// fairy position when the problem has fairy men, as `mateproof popeye` builds it.
pub(super) fn for_each_twin(
    spec: &ProblemSpec,
    language: Language,
    name: &str,
    each: &mut dyn FnMut(usize, String, Twin),
) {
    let label = |twin_label: &Option<String>| match twin_label {
        Some(text) => format!("{name} {}", text.trim_end()),
        None => name.to_owned(),
    };
    if spec.has_fairy_men() {
        for (index, twin) in fairy_twin_problems(spec, language).into_iter().enumerate() {
            each(index, label(&twin.label), Twin::Fairy(twin));
        }
    } else {
        for (index, twin) in twin_problems(spec, language).into_iter().enumerate() {
            each(index, label(&twin.label), Twin::Orthodox(twin));
        }
    }
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

pub(super) fn fault(line: usize, label: String, reason: Unusable) -> PopeyeTwin {
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

/// What Popeye's output says the keys (solutions) of a twin are, and the notes of reading
/// it; `keys_of` reads a battle twin's keys from its transcript.
fn expected_keys<G: SuiteGame>(
    expected: &Expected<'_>,
    problem: &Problem<G>,
    language: Language,
    keys_of: impl Fn(&TwinText, &G, End) -> Result<Vec<G::Move>, String>,
) -> (KeyClaim<G::Move>, Vec<String>) {
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
        Expected::Twin(text, end) => match keys_of(text, &problem.position, *end) {
            Ok(keys) => KeyClaim::Exactly(keys),
            Err(e) => {
                notes.push(format!(
                    "Popeye output does not replay ({e}): one key expected"
                ));
                KeyClaim::Unique
            }
        },
    };
    (keys, notes)
}

/// The keys of a transcript's twin on a board without a Popeye move reader: each key's text
/// matched with Popeye's text of the legal first moves.
fn keys_by_text<G: SuiteGame>(
    text: &TwinText,
    position: &G,
    language: Language,
) -> Result<Vec<G::Move>, String> {
    let legal: Vec<(String, G::Move)> = Rules::legal_moves(position)
        .iter()
        .map(|&m| (position.move_text(m, language), m))
        .collect();
    text.first_moves
        .iter()
        .filter(|line| line.verdict == Verdict::Key)
        .map(|line| {
            legal
                .iter()
                .find(|(written, _)| *written == line.mv)
                .map(|&(_, m)| m)
                .ok_or_else(|| format!("{}: not a legal first move", line.mv))
        })
        .collect()
}

/// The case of one twin: its problem with the keys `claims` says it has (and notes), the
/// options a suite solves it with.
pub(super) fn twin_case<G: SuiteGame>(
    line: usize,
    label: String,
    twin: TwinProblem<G>,
    claims: impl FnOnce(&Problem<G>) -> (KeyClaim<G::Move>, Vec<String>),
    stored: Option<super::stored::StoredCheck>,
) -> PopeyeTwin
where
    Game: From<Case<G>>,
{
    let problem = match twin.problem {
        Ok(problem) => problem,
        Err(fault) => return self::fault(line, label, Unusable::Input(fault.to_string())),
    };
    let fen = problem.position.epd();
    let refuse = |reason| PopeyeTwin {
        line,
        label: Some(label.clone()),
        fen: fen.clone(),
        case: Err(reason),
    };
    let claim = match Claim::of_stipulation(problem.stipulation) {
        Ok(claim) => claim,
        Err(reason) => return refuse(reason),
    };
    if problem.options.post_key_play {
        return refuse(Unusable::Unsupported(
            "PostKeyPlay: the key is given, there is none to find".to_owned(),
        ));
    }
    let (keys, notes) = claims(&problem);
    let mut problem = problem;
    // Help play prints no tree: its options (set play, duplex) decide which lines Popeye
    // printed, and all of them are compared.
    if !problem.stipulation.is_help_or_series() {
        problem.options = keys_only(&problem.options);
    }
    problem.options.max_time = None;
    PopeyeTwin {
        line,
        label: Some(label),
        fen,
        case: Ok(Game::from(Case {
            problem,
            claim,
            keys,
            notes,
            stored,
        })),
    }
}

/// The options that decide what a key is, without the extra play a suite does not need.
pub(super) fn keys_only(options: &SolveOptions) -> SolveOptions {
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
        let orthodox = |index: usize| twins[index].case.as_ref().unwrap().orthodox().unwrap();
        assert_eq!(orthodox(0).keys, KeyClaim::Unique);
        // Help play is checked too (its solutions, not keys).
        assert!(orthodox(1).problem.stipulation.is_help_or_series());
        // Popeye solves a position without a king (it only warns), and so does the suite.
        assert!(orthodox(2)
            .problem
            .position
            .king(crate::board::Color::Black)
            .is_none());
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
        let case = twins[0].case.as_ref().unwrap().orthodox().unwrap();
        let KeyClaim::Exactly(keys) = &case.keys else {
            panic!("{:?}", case.keys)
        };
        assert_eq!(keys.len(), 2);
        assert!(!case.problem.options.variations);
    }

    #[test]
    fn fairy_problems_are_cases_on_a_fairy_position() {
        let input = "begin pieces white kh6 gb1 black kh8 stip #2 endp";
        let output = "\n   1.Kh6-g6 !\n\n\nsolution finished.\n\n\n";
        let twins = read_twins(input, Some(output));
        let Ok(Game::Fairy(case)) = &twins[0].case else {
            panic!("{:?}", twins[0].case)
        };
        let KeyClaim::Exactly(keys) = &case.keys else {
            panic!("{:?}", case.keys)
        };
        assert_eq!(keys.len(), 1);
        assert_eq!(twins[0].fen, None);
        let wrong = read_twins(input, Some("\n   1.Gb1-b2 !\n\n\nsolution finished.\n"));
        let Ok(Game::Fairy(case)) = &wrong[0].case else {
            panic!()
        };
        assert_eq!(case.keys, KeyClaim::Unique);
        assert!(
            case.notes[0].contains("Gb1-b2: not a legal first move"),
            "{:?}",
            case.notes
        );
    }

    #[test]
    fn offending_items_make_the_problem_unreadable() {
        let twins = read_twins(
            "BeginProblem\nPieces Whyte Kg6 Rb1 Black Kh8\nStipulation #1\nEndProblem\n",
            None,
        );
        assert_eq!(twins.len(), 1);
        assert!(
            matches!(&twins[0].case, Err(Unusable::Input(why)) if why.contains("offending item: Whyte")),
            "{:?}",
            twins[0].case
        );
    }
}
