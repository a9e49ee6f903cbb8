//! Runs a whole Popeye input: reads it, solves every twin of every problem with
//! [`crate::solver::solve`], and writes Popeye's text — notices, header, twin lines, the play,
//! error lines and the end line — in the file's language.
//!
//! The blank-line rules are Popeye's (`protocol/popeye.md` §4.2): the play of a twin opens
//! with an empty line, each key/try/set-play block ends with one, and one more closes the
//! problem unless the play was cut short (`Partial solution`) or aborted by an illegal position.

use super::game::PopeyeGame;
use super::header::header;
use super::help_text::help_twin_text;
use super::keywords::{self, Lookup};
use super::messages::{message, Message};
use super::notices;
use super::problems::{fairy_twin_problems, twin_problems, TwinFault, TwinProblem};
use super::reader::{read, FileError, PopeyeFile, ProblemSpec};
use super::streams::{merged, push_error_line, push_error_message, BEEP};
use super::tree_text::TreeWriter;
use super::unsupported::{Feature, Together, Unsupported};
use crate::fairy::FairyPosition;
use crate::kernel::SearchControl;
use crate::notation::Language;
use crate::problem::{PlayKind, Problem};
use crate::solution::Solution;
use crate::solver::{self, SolveError};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How a run is configured from the command line.
#[derive(Clone, Debug, Default)]
pub struct RunOptions {
    /// `-regression`: no banner, no `Time =`; exactly Popeye's regression text.
    pub regression: bool,
    /// `-maxtime`: seconds per problem (a problem's own `MaxTime` wins if smaller).
    pub max_time: Option<Duration>,
    /// `-maxmem`: the transposition table in MB, in help and series play the table of dead
    /// ends (by default sized to the stipulation).
    pub hash_mb: Option<usize>,
    /// A flag another thread may raise to stop every search (the suite's workers, which must
    /// end promptly at a signal); the play is then cut short as by a time limit.
    pub stop: Option<Arc<AtomicBool>>,
}

/// What a run produced.
#[derive(Clone, Debug)]
pub struct RunOutput {
    /// Everything written, Popeye's standard-error lines where Popeye writes them (the form
    /// of the shared references; [`run_streaming`] hands out the two streams apart).
    pub text: String,
    /// A fault of the file (non-zero exit status), with Popeye's words for it.
    pub error: Option<(FileError, &'static str)>,
    /// Problems read (complete ones).
    pub problems: usize,
    /// Problems skipped because Mateproof does not support something in them yet.
    pub skipped: usize,
    /// Problems with Popeye's input errors (reported, and the problem read as Popeye reads
    /// it), refused by Popeye, or with a twin change Popeye leaves out.
    pub input_errors: usize,
    /// The word where Popeye stops reading the file, if it stops before the end
    /// ([`PopeyeFile::halted_at`]).
    pub halted_at: Option<String>,
}

/// Solves every problem of a Popeye input text and returns Popeye's output.
///
/// ```
/// use mateproof::popeye::run::{run, RunOptions};
/// let input = "BeginProblem\nPieces White Kb6 Pa7 Black Ka8 Se8\nStipulation #2\nEndProblem\n";
/// let out = run(input, &RunOptions { regression: true, ..RunOptions::default() });
/// assert!(out.text.ends_with("\n\nsolution finished.\n\n\n"));
/// ```
pub fn run(input: &str, options: &RunOptions) -> RunOutput {
    let mut text = String::new();
    let mut output = run_streaming(input, options, &mut |piece| text.push_str(&merged(piece)));
    output.text = text;
    output
}

/// As [`run`], but hands the output to `emit` piece by piece as soon as each is complete (the
/// banner, then every problem with its end line), so a long file shows its solutions as they
/// come and an interrupted run keeps every problem finished before it. A piece marks the lines
/// Popeye writes on its standard error ([`super::streams::split`] parts them). The returned
/// [`RunOutput::text`] is empty.
pub fn run_streaming(input: &str, options: &RunOptions, emit: &mut dyn FnMut(&str)) -> RunOutput {
    let file = read(input);
    let mut solve = |twin: &TwinContext| solve_with_solver(twin.problem, twin.spec, options);
    render_streaming(&file, options, &mut solve, emit)
}

/// One twin handed to the solving callback of [`render`].
pub struct TwinContext<'a> {
    /// 0-based index of the problem in the file.
    pub problem_index: usize,
    /// 0-based index of the twin in its problem.
    pub twin_index: usize,
    pub spec: &'a ProblemSpec,
    pub problem: &'a Problem,
}

/// Writes the output of a read file, asking `solve` for each solvable twin's solution (the
/// solver in [`run`]; tests pass solutions read back from Popeye's own output).
pub fn render(
    file: &PopeyeFile,
    options: &RunOptions,
    solve: &mut dyn FnMut(&TwinContext) -> Result<Solution, SolveError>,
) -> RunOutput {
    let mut text = String::new();
    let mut output = render_streaming(file, options, solve, &mut |piece| {
        text.push_str(&merged(piece))
    });
    output.text = text;
    output
}

/// [`render`], handing the text to `emit` as soon as each piece is written: a problem's
/// notices and header, then each twin (label and play), then its end line, as Popeye writes
/// them while it solves.
fn render_streaming(
    file: &PopeyeFile,
    options: &RunOptions,
    solve: &mut dyn FnMut(&TwinContext) -> Result<Solution, SolveError>,
    emit: &mut dyn FnMut(&str),
) -> RunOutput {
    let language = file.language;
    if !options.regression {
        emit(&banner());
    }
    let mut skipped = 0;
    let mut input_errors = 0;
    let mut protocol = Protocol::default();
    for (index, spec) in file.problems.iter().enumerate() {
        let started = Instant::now();
        let opened = spec
            .protocol
            .as_deref()
            .map(|path| protocol.open(path, options.regression, language));
        let mut copy_and_emit = |piece: &str| {
            emit(piece);
            protocol.copy(&merged(piece));
        };
        let mut out = Sink::new(&mut copy_and_emit);
        let protocol_failed = matches!(opened, Some(Err(_)));
        if let Some(Err(notice)) = opened {
            out.push_str(&notice);
        }
        let ended = problem_text(index, spec, language, options, solve, &mut out);
        if ended.skipped {
            skipped += 1;
        }
        if ended.input_errors || protocol_failed {
            input_errors += 1;
        }
        let end = if ended.partial {
            message(language, Message::PartialSolution)
        } else {
            message(language, Message::SolutionFinished)
        };
        out.push_str(end);
        if !options.regression {
            out.push_str(&format!(
                " {}{:.3} s",
                time_word(language),
                started.elapsed().as_secs_f64()
            ));
        }
        out.push_str("\n\n\n");
        out.flush();
    }
    RunOutput {
        text: String::new(),
        error: file.error.map(|e| (e, e.message(language))),
        problems: file.problems.len(),
        skipped,
        input_errors,
        halted_at: file.halted_at.clone(),
    }
}

/// Text on its way to the output: written to a buffer and handed on at each
/// [`Sink::flush`] (the end of a header, of a twin, of a line of help play), so what is
/// written reaches the reader as soon as it is complete. Until then the buffer may still be
/// edited (a writer takes back the empty line it opened when a part has nothing to show).
pub(super) struct Sink<'e> {
    pending: String,
    emit: &'e mut dyn FnMut(&str),
    /// `Beep n`: the beeps still to ring at the problem's first key or line.
    beeps: u32,
}

impl<'e> Sink<'e> {
    pub(super) fn new(emit: &'e mut dyn FnMut(&str)) -> Sink<'e> {
        Sink {
            pending: String::new(),
            emit,
            beeps: 0,
        }
    }

    /// Rings `beeps` times at the first key or line of play written from now on.
    pub(super) fn beep_at_first_line(&mut self, beeps: u32) {
        self.beeps = beeps;
    }

    /// Hands on what was written since the last flush.
    pub(super) fn flush(&mut self) {
        if self.beeps > 0 {
            if let Some(at) = first_line_beep_at(&self.pending) {
                let beeps = String::from(BEEP).repeat(self.beeps as usize);
                self.pending.insert_str(at, &beeps);
                self.beeps = 0;
            }
        }
        if !self.pending.is_empty() {
            (self.emit)(&self.pending);
            self.pending.clear();
        }
    }
}

/// Where Popeye rings for `Beep` in `text`, if it holds a key or a line of play: right before
/// the ` !` of a key (`   1.Rc1-c8 # !`, its tree writer's key; a refutation's ` !` is
/// indented deeper), before the line break that opens a line of help or series play
/// (`  1.Kh8-g8 Qb1-b8 #`, its line writer's).
fn first_line_beep_at(text: &str) -> Option<usize> {
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        // `indent` spaces, then a move's number and its dot.
        let numbered = |indent: usize| {
            let Some(rest) = line.get(indent..) else {
                return false;
            };
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            line.bytes().take(indent).all(|b| b == b' ')
                && digits > 0
                && rest.as_bytes().get(digits) == Some(&b'.')
        };
        if numbered(3) {
            if let Some(key) = line.find(" !") {
                return Some(start + key);
            }
        } else if numbered(2) {
            // (A line break written before the last flush is out already.)
            return Some(start.saturating_sub(1));
        }
        start += line.len();
    }
    None
}

impl std::ops::Deref for Sink<'_> {
    type Target = String;
    fn deref(&self) -> &String {
        &self.pending
    }
}

impl std::ops::DerefMut for Sink<'_> {
    fn deref_mut(&mut self) -> &mut String {
        &mut self.pending
    }
}

/// Popeye's `Protocol FILE`: a copy of the output from the problem that names the file on, in
/// append mode (overwritten under `-regression`, as Popeye does), opened with the version line
/// (left out under `-regression`, as Popeye leaves out all variable output). A later
/// `Protocol` closes the file and opens the new one.
#[derive(Default)]
struct Protocol {
    file: Option<std::fs::File>,
}

impl Protocol {
    /// Opens `path`; on failure, Popeye's input error lines for the problem's output.
    fn open(&mut self, path: &str, regression: bool, language: Language) -> Result<(), String> {
        use std::io::Write;
        self.file = None;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .write(true)
            .append(!regression)
            .truncate(regression)
            .open(path);
        match file {
            Ok(mut file) => {
                if !regression {
                    let _ = file.write_all(banner().as_bytes());
                }
                self.file = Some(file);
                Ok(())
            }
            Err(_) => {
                let offending = message(language, Message::OffendingItem);
                Err(format!(
                    "{}{}\n{offending}{path}\n",
                    message(language, Message::InputError),
                    message(language, Message::CannotOpenOutputFile)
                ))
            }
        }
    }

    /// Copies `text` to the protocol file, if one is open. A write error ends the copy only.
    fn copy(&mut self, text: &str) {
        use std::io::Write;
        if let Some(file) = &mut self.file {
            if file.write_all(text.as_bytes()).is_err() {
                self.file = None;
            }
        }
    }
}

fn banner() -> String {
    format!(
        "Mateproof {} (Popeye-compatible output)\n",
        env!("CARGO_PKG_VERSION")
    )
}

fn time_word(language: Language) -> &'static str {
    match language {
        Language::English => "Time = ",
        Language::German => "Zeit = ",
        Language::French => "Temps = ",
    }
}

/// How a problem's text ended.
#[derive(Default)]
struct ProblemEnd {
    /// Cut short: `Partial solution`.
    partial: bool,
    /// Skipped as not supported yet.
    skipped: bool,
    /// Popeye's input errors were reported (or Popeye refused the problem, or left out a
    /// twin's change).
    input_errors: bool,
}

/// Everything a problem prints before its end line, written to `out` and flushed piece by
/// piece (the header, then each twin).
fn problem_text(
    problem_index: usize,
    spec: &ProblemSpec,
    language: Language,
    run: &RunOptions,
    solve: &mut dyn FnMut(&TwinContext) -> Result<Solution, SolveError>,
    out: &mut Sink,
) -> ProblemEnd {
    if let Some(beeps) = spec.options.beeps {
        out.beep_at_first_line(beeps);
    }
    for notice in &spec.notices {
        out.push_str(notice);
        out.push('\n');
    }
    let read_errors = spec.input_errors > 0;
    let refused = |out: &mut Sink, unsupported: &Unsupported| {
        out.push_str(&unsupported.refusal(problem_index + 1, &spec.names(), language));
        out.push_str("\n\n");
        ProblemEnd {
            skipped: true,
            input_errors: read_errors,
            ..ProblemEnd::default()
        }
    };
    // What Mateproof cannot solve is named first, before Popeye's own verdicts on the input.
    if let Some(unsupported) = &spec.unsupported {
        return refused(out, unsupported);
    }
    let Some(base_stipulation) = spec.stipulation else {
        // Popeye's input error, naming the word that ended the diagram; nothing is solved.
        let input_error = message(language, Message::InputError);
        let offending = message(language, Message::OffendingItem);
        let what = message(language, Message::NoStipulation);
        out.push_str(&format!(
            "{input_error}{what}\n{offending}{}\n\n",
            spec.no_stipulation_item
        ));
        return ProblemEnd {
            input_errors: true,
            ..ProblemEnd::default()
        };
    };
    let fairy = spec.needs_fairy_position();
    let (twins, fairy_twins) = if fairy {
        (Vec::new(), fairy_twin_problems(spec, language))
    } else {
        (twin_problems(spec, language), Vec::new())
    };
    let dropped = twins.iter().map(|t| t.dropped_changes).sum::<usize>()
        + fairy_twins.iter().map(|t| t.dropped_changes).sum::<usize>();
    let solver_refusal = if fairy {
        refused_by_solver(&fairy_twins, language)
    } else {
        refused_by_solver(&twins, language)
    };
    if let Some(unsupported) = solver_refusal {
        return refused(out, &unsupported);
    }
    if let Some(lines) = &spec.rejection {
        for line in lines {
            out.push_str(line);
            out.push('\n');
        }
        out.push('\n');
        return ProblemEnd {
            input_errors: true,
            ..ProblemEnd::default()
        };
    }
    let played = super::problems::played_stipulation(spec, base_stipulation);
    for notice in notices::before_header(spec, base_stipulation, language) {
        out.push_str(notice);
        out.push('\n');
    }
    out.push_str(&header(spec, played, language));
    if spec.zero_position {
        let word = match language {
            Language::German => "NullStellung",
            _ => "zeroposition",
        };
        out.push_str(&format!("\n{word}\n\n"));
    }
    out.flush();
    let ending = if fairy {
        let control = control_for(spec.options.solve.max_time, run);
        let mut solve_twin =
            |_: usize, problem: &Problem<FairyPosition>| solve_fairy(problem, &control, run);
        twins_text(spec, &fairy_twins, language, run, &mut solve_twin, out)
    } else {
        let mut solve_twin = |twin_index: usize, problem: &Problem| {
            solve(&TwinContext {
                problem_index,
                twin_index,
                spec,
                problem,
            })
        };
        twins_text(spec, &twins, language, run, &mut solve_twin, out)
    };
    if ending == Ending::Normal {
        out.push('\n');
    }
    ProblemEnd {
        partial: ending == Ending::Partial,
        skipped: false,
        input_errors: read_errors || dropped > 0,
    }
}

/// The first twin the battle-play solver would refuse (an option it cannot follow in that
/// play, as `NonTrivial` in `r#3`), as the problem's refusal: refused before anything is
/// written, as the reader refuses.
/// The option is named as Popeye spells it in `language`, the stipulation as Popeye writes it.
fn refused_by_solver<P>(twins: &[TwinProblem<P>], language: Language) -> Option<Unsupported> {
    twins.iter().find_map(|twin| {
        let problem = twin.problem.as_ref().ok()?;
        if problem.stipulation.is_help_or_series() {
            return None;
        }
        match solver::refusal(problem)? {
            SolveError::ExactWithOption(stipulation, option) => Some(Unsupported {
                feature: Feature::Option,
                item: match keywords::option(Language::English, option) {
                    Lookup::Found(word) => keywords::option_name(language, word).to_owned(),
                    _ => option.to_owned(),
                },
                together: Some(Together::Named(stipulation.to_string())),
            }),
            SolveError::Unsupported(stipulation) => Some(Unsupported {
                feature: Feature::Stipulation,
                item: stipulation.to_string(),
                together: None,
            }),
            other => Some(Unsupported {
                feature: Feature::Stipulation,
                item: other.to_string(),
                together: None,
            }),
        }
    })
}

/// How a twin's play ended.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Ending {
    /// Complete: the problem's closing empty line follows.
    Normal,
    /// A limit (MaxSolutions, time) cut the play: `Partial solution`, no closing line.
    Partial,
    /// The position is illegal for the side to move: no closing line.
    Aborted,
}

/// What solves the twin of an index for [`twins_text`].
type TwinSolver<'s, P> = dyn FnMut(usize, &Problem<P>) -> Result<Solution<P>, SolveError> + 's;

/// Writes every twin's label and play; `solve` gets the twin's index and problem. Returns how
/// the last twin ended.
fn twins_text<P: PopeyeGame>(
    spec: &ProblemSpec,
    twins: &[TwinProblem<P>],
    language: Language,
    run: &RunOptions,
    solve: &mut TwinSolver<P>,
    out: &mut Sink,
) -> Ending {
    let mut ending = Ending::Normal;
    // MoveNumbers counts on through the twins.
    let mut numbered = 0;
    for (twin_index, twin) in twins.iter().enumerate() {
        // What Popeye says while it reads the twin (input errors, a change it drops), and
        // about the twin's new stipulation, comes before its label.
        for notice in &twin.notices {
            out.push_str(notice);
            out.push('\n');
        }
        if twin_index > 0 && twin.stipulation_changed {
            for notice in notices::before_header(spec, twin.stipulation, language) {
                out.push_str(notice);
                out.push('\n');
            }
        }
        if let Some(label) = &twin.label {
            // The empty line before a label closes the twin before it; an aborted twin has
            // none (`REGRESSIONS/4_51_to_4_53.inp` 9).
            if ending != Ending::Aborted {
                out.push('\n');
            }
            out.push_str(label);
            out.push('\n');
        }
        // Popeye writes a twin's label before it solves the twin.
        out.flush();
        let mut solve_twin = |problem: &Problem<P>| solve(twin_index, problem);
        ending = twin_text(
            spec,
            twin,
            language,
            run,
            &mut solve_twin,
            &mut numbered,
            out,
        );
        out.flush();
    }
    ending
}

/// Writes one twin's play.
fn twin_text<P: PopeyeGame>(
    spec: &ProblemSpec,
    twin: &TwinProblem<P>,
    language: Language,
    run: &RunOptions,
    solve: &mut Solver<P>,
    numbered: &mut u32,
    out: &mut Sink,
) -> Ending {
    if twin.missing_king {
        // Popeye's warning (on its stderr), then the play all the same.
        push_error_message(out, message(language, Message::BothSidesNeedAKing));
    }
    if twin.problem.is_ok() {
        // Popeye's notices about options the twin's play does not take.
        for notice in notices::before_play(spec, twin.stipulation, language) {
            out.push_str(notice);
            out.push('\n');
        }
    }
    match &twin.problem {
        Ok(problem) => play_text(spec, problem, language, run, solve, numbered, out),
        Err(fault) => {
            let set_play = set_play_applies(spec, twin.stipulation);
            let not_applicable =
                spec.options.solve.set_play && matches!(twin.stipulation.play, PlayKind::Series(_));
            fault_text(fault, language, set_play, not_applicable, out)
        }
    }
}

/// Whether `SetPlay` adds a part to the play of `stipulation` (Popeye's set play branch).
fn set_play_applies(spec: &ProblemSpec, stipulation: crate::problem::Stipulation) -> bool {
    spec.options.solve.set_play
        && match stipulation.play {
            PlayKind::Help => true,
            PlayKind::Direct | PlayKind::SelfPlay | PlayKind::Reflex => stipulation.moves() >= 1,
            PlayKind::Series(_) => false,
        }
}

/// Popeye's words for a twin that cannot be solved; a position where the side to play could
/// take the king says so once for set play (when `set_play` applies) and once for the play.
/// `set_play_not_applicable`: `SetPlay` was asked where the play has none (series play).
fn fault_text(
    fault: &TwinFault,
    language: Language,
    set_play: bool,
    set_play_not_applicable: bool,
    out: &mut Sink,
) -> Ending {
    match fault {
        TwinFault::OppositeCheck => {
            if set_play_not_applicable {
                // Series play has no set play: Popeye says so for this twin too.
                out.push_str(message(language, Message::SetPlayNotApplicable));
                out.push('\n');
            }
            out.push('\n');
            for _ in 0..=usize::from(set_play) {
                push_error_line(out, message(language, Message::SideToPlayCanCaptureKing));
            }
            Ending::Aborted
        }
        other => {
            out.push('\n');
            out.push_str(&other.to_string());
            out.push('\n');
            Ending::Normal
        }
    }
}

/// What solves one battle-play problem of the game `P` for [`play_text`].
type Solver<'s, P> = dyn FnMut(&Problem<P>) -> Result<Solution<P>, SolveError> + 's;

/// Writes the play of one problem (or twin) on any game Popeye's text can be written for.
/// `numbered` counts the first moves `MoveNumbers` has numbered so far in the problem.
fn play_text<P: PopeyeGame>(
    spec: &ProblemSpec,
    problem: &Problem<P>,
    language: Language,
    run: &RunOptions,
    solve: &mut Solver<P>,
    numbered: &mut u32,
    out: &mut Sink,
) -> Ending {
    if problem.stipulation.is_help_or_series() {
        out.push('\n');
        return help_twin_text(problem, &spec.options, language, run, numbered, out);
    }
    let options = &problem.options;
    if !options.duplex && !options.half_duplex {
        return battle_text(spec, problem, language, solve, numbered, out);
    }
    // Duplex: the play, then the same stipulation with the other side starting, as a problem
    // of its own (its keys numbered `1.`, its own set play, its own opening empty line);
    // HalfDuplex: only that half.
    let mut ending = Ending::Normal;
    if !options.half_duplex {
        ending = battle_text(spec, problem, language, solve, numbered, out);
        if ending != Ending::Normal {
            return ending;
        }
    }
    let mut other = problem.clone();
    other.position = problem.position.pass();
    match battle_text(spec, &other, language, solve, numbered, out) {
        Ending::Normal => ending,
        cut => cut,
    }
}

/// Writes one battle-play half, opened by its empty line: set play (or Popeye's message where
/// the side to move could be captured), then the keys and tries — or, where the side to move
/// could take the king, Popeye's message after the set play, and the play ends there.
fn battle_text<P: PopeyeGame>(
    spec: &ProblemSpec,
    problem: &Problem<P>,
    language: Language,
    solve: &mut Solver<P>,
    numbered: &mut u32,
    out: &mut Sink,
) -> Ending {
    let post_key = problem.options.post_key_play;
    if post_key && problem.options.max_refutations() > 0 {
        // Post-key play has no tries: Popeye says so, and its line ends without a line
        // break in French.
        out.push_str(message(language, Message::TryPlayNotApplicable));
    }
    // The empty line that opens the play; in post-key play with Black in check (the key
    // checked), Popeye writes the key's ` +` there.
    if post_key && problem.position.pass().is_check() && !problem.position.is_check() {
        out.push_str(" +\n");
    } else {
        out.push('\n');
    }
    if post_key && problem.position.is_check() {
        // Black plays first: the diagram must not leave White in check.
        push_error_line(out, message(language, Message::SideToPlayCanCaptureKing));
        return Ending::Aborted;
    }
    let solution = match solve(problem) {
        Ok(solution) => solution,
        Err(error) => {
            out.push_str(&error.to_string());
            out.push('\n');
            return Ending::Normal;
        }
    };
    let mut writer = TreeWriter::new(language, &spec.options, problem.stipulation);
    let play_illegal = problem.position.pass().is_check();
    if problem.options.post_key_play {
        if let Some(play) = &solution.set_play {
            writer.post_key(&problem.position, play);
        }
    } else {
        if set_play_applies(spec, problem.stipulation) {
            if problem.position.is_check() {
                // The side not to play in the diagram could take the king of the side to play.
                push_error_line(out, message(language, Message::SideToPlayCanCaptureKing));
            } else {
                // (A #1's set play has nothing to show: its block is empty.)
                let empty = crate::solution::DefenderPlay {
                    threat: crate::solution::Threat::NotShown,
                    defences: Vec::new(),
                };
                writer.set_play(
                    &problem.position,
                    solution.set_play.as_ref().unwrap_or(&empty),
                );
            }
        }
        if play_illegal {
            out.push_str(&writer.finish());
            push_error_line(out, message(language, Message::SideToPlayCanCaptureKing));
            return Ending::Aborted;
        }
        writer.first_moves(&solution, problem.stipulation.moves(), numbered);
    }
    out.push_str(&writer.finish());
    // A cut tree is partial as a MaxSolutions list is: Popeye's words for both.
    if solution.max_solutions_reached || !solution.complete || solution.tree_cut {
        Ending::Partial
    } else {
        Ending::Normal
    }
}

/// The search limits of a problem: its own `MaxTime` or the run's `-maxtime`, the smaller
/// (the run's first limited problem counting from the process start,
/// [`crate::util::clock::limit_start`]), and the run's stop flag.
pub(super) fn control_for(own: Option<Duration>, run: &RunOptions) -> SearchControl {
    let limit = match (own, run.max_time) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    let control = match limit {
        Some(limit) => SearchControl::unlimited()
            .with_time_limit_from(crate::util::clock::limit_start(), limit),
        None => SearchControl::unlimited(),
    };
    match &run.stop {
        Some(stop) => control.with_stop_flag(Arc::clone(stop)),
        None => control,
    }
}

/// The play of one twin of `spec` (0-based `twin_index`) as `mateproof popeye` writes it below
/// the twin's label — keys, threats, variations, tries and set play as the options ask, or the
/// solutions of help and series play — with its end: `Some(true)` when the play was cut short
/// (`Partial solution`). `None` when the problem has no such twin or is not solved at all
/// (rejected, unsupported). The other twins are built (a continued twin needs them) but not
/// solved.
pub fn twin_play_text(
    spec: &ProblemSpec,
    twin_index: usize,
    language: Language,
    run: &RunOptions,
) -> Option<(String, bool)> {
    if spec.rejection.is_some() || spec.unsupported.is_some() {
        return None;
    }
    let mut text = String::new();
    let mut collect = |piece: &str| text.push_str(piece);
    let mut out = Sink::new(&mut collect);
    let ending = if spec.needs_fairy_position() {
        let control = control_for(spec.options.solve.max_time, run);
        let mut solve = |problem: &Problem<FairyPosition>| solve_fairy(problem, &control, run);
        let twins = fairy_twin_problems(spec, language);
        twin_text(
            spec,
            twins.get(twin_index)?,
            language,
            run,
            &mut solve,
            &mut 0,
            &mut out,
        )
    } else {
        let mut solve = |problem: &Problem| solve_with_solver(problem, spec, run);
        let twins = twin_problems(spec, language);
        twin_text(
            spec,
            twins.get(twin_index)?,
            language,
            run,
            &mut solve,
            &mut 0,
            &mut out,
        )
    };
    out.flush();
    drop(out);
    Some((merged(&text), ending == Ending::Partial))
}

fn solve_with_solver(
    problem: &Problem,
    spec: &ProblemSpec,
    options: &RunOptions,
) -> Result<Solution, SolveError> {
    let control = control_for(spec.options.solve.max_time, options);
    // Tables sized to the stipulation, under `-maxmem` as their ceiling.
    solver::solve_under_ceiling(
        problem,
        &control,
        options.hash_mb,
        super::shown::PRESENTATION,
    )
}

/// Solves battle play on a fairy position, with the run's table size.
fn solve_fairy(
    problem: &Problem<FairyPosition>,
    control: &SearchControl,
    run: &RunOptions,
) -> Result<Solution<FairyPosition>, SolveError> {
    solver::solve_under_ceiling(
        problem,
        control,
        run.hash_mb,
        super::fairy_game::PRESENTATION,
    )
}

#[cfg(test)]
mod tests {
    use super::first_line_beep_at;

    #[test]
    fn the_beep_stands_at_the_first_key_or_line() {
        // A try's refutation is no key; the key's ` !` is.
        let battle = "\n   1.Rc1-a1 + ?\n    but\n      1...Ka8-b8 !\n\n   1.Rc1-c8 # !\n";
        assert_eq!(
            first_line_beep_at(battle),
            battle.find("# !").map(|at| at + 1)
        );
        // Before the line break that opens a help line (a move number line is none).
        let help = "a) \n  1  (Kh8-g8 )\n\n  1.Kh8-g8 Qb1-b8 #\n";
        assert_eq!(first_line_beep_at(help), help.find("\n  1.").map(|at| at));
        assert_eq!(
            first_line_beep_at("  h#1   2 + 1\n\nsolution finished.\n"),
            None
        );
    }
}
