//! `mateproof score` and `mateproof compose`: argument types and the runs behind them. Each run
//! builds a problem from the FEN, calls the composer library and prints its result (text on
//! stdout, a progress bar on stderr, `--json` for scripts). Exit status 2 on bad input.

use crate::board::{fen::to_fen, Move, Position, Validation};
use crate::cli::exit;
use crate::composer::kmove::{kmove_metric, KMoveSettings};
use crate::composer::report::{improvement_json, kmove_text, score_json, score_text};
use crate::composer::score::evaluate;
use crate::composer::search::{ComposeOptions, Improvement, LevelReport};
use crate::composer::settings::{ScoreSettings, SelfPinRule, ThemeCount};
use crate::composer::stream::{improvements, rank, Polled};
use crate::composer::transform::path_text;
use crate::kernel::SearchControl;
use crate::notation::MoveStyle;
use crate::popeye::shown::PRESENTATION;
use crate::problem::Problem;
use crate::solver::{solve, Prover, TranspositionTable};
use serde_json::json;
use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

/// `--self-pin`: which reading of the thesis' self-pin definition to use.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum SelfPinArg {
    /// Black's move pins one of its pieces (the thesis' labels).
    NewPin,
    /// The pinned piece could stop the mate if it were free.
    PinMatters,
}

/// `--theme-count`: how a theme shown in several variants is counted.
#[derive(clap::ValueEnum, Clone, Copy, Debug)]
pub enum ThemeCountArg {
    /// Once per distinct mating move that shows it: two variants ending in the same mate count
    /// once (the thesis' "only unique mates are counted").
    DistinctMates,
    /// Once per variant that shows it.
    Variants,
}

/// The quality function's named settings, shared by both subcommands.
#[derive(clap::Args, Debug, Clone)]
pub struct ScoreFlags {
    /// When a Black move counts as a self-pin (the thesis' theme 6).
    #[arg(long, value_enum, value_name = "RULE", default_value = "new-pin")]
    pub self_pin: SelfPinArg,
    /// How a theme shown in several variants is counted (the first in full, every further one
    /// a fifth: the thesis' App. C note 2).
    #[arg(
        long,
        value_enum,
        value_name = "RULE",
        default_value = "distinct-mates"
    )]
    pub theme_count: ThemeCountArg,
    /// Let variants answered by several mates carry themes.
    #[arg(long)]
    pub dual_themes: bool,
    /// Do not penalise duals after Black moves that leave the threat on.
    #[arg(long)]
    pub ignore_non_defence_duals: bool,
    /// Points per unit of sacrificed material (1 as the thesis' printout, 5 as ICP's table).
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub sacrifice_factor: i32,
}

impl ScoreFlags {
    /// The settings of these flags; the composition rules (which only the improver applies)
    /// as `composition_rules` says.
    fn settings(&self, composition_rules: bool) -> ScoreSettings {
        ScoreSettings {
            self_pin: match self.self_pin {
                SelfPinArg::NewPin => SelfPinRule::NewPin,
                SelfPinArg::PinMatters => SelfPinRule::PinMatters,
            },
            theme_count: match self.theme_count {
                ThemeCountArg::DistinctMates => ThemeCount::DistinctMates,
                ThemeCountArg::Variants => ThemeCount::Variants,
            },
            themes_in_dual_variants: self.dual_themes,
            duals_after_non_defences: !self.ignore_non_defence_duals,
            sacrifice_factor: self.sacrifice_factor,
            composition_rules,
            ..ScoreSettings::default()
        }
    }
}

/// Arguments of `mateproof score`.
#[derive(clap::Args, Debug)]
#[command(about = Self::ABOUT)]
pub struct ScoreArgs {
    /// The diagram (4 or 6 FEN fields), White to move.
    #[arg(long)]
    pub fen: String,
    /// Mate in this many moves (two-movers get the thesis' quality function, longer problems
    /// its k-move metric).
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub mate: u32,
    /// Print the score as JSON: its breakdown (two-movers) or the k-move metric's total.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub output: ComposerOutput,
}

impl ScoreArgs {
    /// What `mateproof score` does, in its help and in `mateproof --help`.
    pub const ABOUT: &'static str =
        "Score a directmate by Fainshtein's quality function (two-movers) or k-move metric";
}

/// Arguments of `mateproof compose`.
#[derive(clap::Args, Debug)]
#[command(about = Self::ABOUT)]
pub struct ComposeArgs {
    /// The diagram to improve (4 or 6 FEN fields), White to move.
    #[arg(long)]
    pub fen: String,
    /// Mate in this many moves.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub mate: u32,
    /// Deepest number of transformations.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub depth: u32,
    /// Worker threads (default: all cores, as `solve` and `suite`).
    #[arg(long, value_name = "N", value_parser = crate::util::threads::parse_threads)]
    pub threads: Option<usize>,
    /// How many improvements to print, best first.
    #[arg(long, value_name = "N", default_value_t = crate::composer::stream::DEFAULT_TOP)]
    pub top: usize,
    /// Also search depth + 1 when nothing better was found (the thesis' fallback).
    #[arg(long)]
    pub fallback: bool,
    /// Give up after this many seconds (improvements found so far are printed).
    #[arg(long, value_name = "S", value_parser = crate::cli::args::parse_seconds)]
    pub time: Option<f64>,
    /// Let the improver break the composition rules (piece limits, bishop colours).
    #[arg(long)]
    pub no_composition_rules: bool,
    /// Print the improvements as JSON, with the original's score.
    #[arg(long)]
    pub json: bool,
    #[command(flatten)]
    pub output: ComposerOutput,
}

impl ComposeArgs {
    /// What `mateproof compose` does, in its help and in `mateproof --help`.
    pub const ABOUT: &'static str =
        "Improve a directmate by adding, deleting and shifting pieces (the Chess Composer)";
}

/// What `score` and `compose` share: how they write moves and the thesis' open choices.
#[derive(clap::Args, Debug)]
pub struct ComposerOutput {
    /// How moves are written: the thesis' Appendix E form (`Qb5-c4`, `Qc4:d5 X`), or as
    /// `solve` writes them (problemist, popeye, san, uci).
    #[arg(long, value_enum, default_value_t = MoveStyle::Thesis)]
    pub notation: MoveStyle,
    #[command(flatten)]
    pub flags: ScoreFlags,
}

fn read_problem(fen: &str, mate: u32) -> Result<Problem, String> {
    let position = Position::from_fen(fen, Validation::Lenient).map_err(|e| e.to_string())?;
    if position.turn() != crate::board::Color::White {
        return Err("the composer needs White to move in the diagram".to_owned());
    }
    if mate == 0 || mate > crate::composer::stream::MAX_MOVES {
        return Err(format!(
            "--mate must be between 1 and {}",
            crate::composer::stream::MAX_MOVES
        ));
    }
    Ok(Problem::directmate(position, mate))
}

/// The unique key of a sound problem, by the full solver, or why there is none.
fn verdict(problem: &Problem) -> Result<Move, String> {
    let solution =
        solve(problem, &SearchControl::unlimited(), PRESENTATION).map_err(|e| e.to_string())?;
    let keys: Vec<_> = solution.keys().collect();
    let n = problem.stipulation.moves();
    if let Some(short) = keys.iter().find(|k| k.length < n) {
        return Err(format!(
            "short mate: {} mates in {}",
            short.mv, short.length
        ));
    }
    match keys.as_slice() {
        [] => Err(format!("no solution in {n}")),
        [key] => Ok(key.mv),
        many => Err(format!(
            "cooked: {} keys ({})",
            many.len(),
            many.iter()
                .map(|k| k.mv.to_string())
                .collect::<Vec<_>>()
                .join(" ")
        )),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(exit::ERROR)
}

/// Runs `mateproof score`: exit status 0 sound, 1 unsound (scored 0), 2 bad input
/// ([`crate::cli::exit`]).
pub fn run_score(args: &ScoreArgs) -> ExitCode {
    let settings = args.output.flags.settings(true);
    let problem = match read_problem(&args.fen, args.mate) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    let mut out = std::io::stdout().lock();
    let key = match verdict(&problem) {
        Ok(key) => key,
        Err(reason) => {
            // The thesis' "severe deficiency": an unsound problem scores 0.
            let written = if args.json {
                writeln!(
                    out,
                    "{}",
                    json!({"fen": to_fen(&problem.position), "sound": false, "reason": reason, "total": 0})
                )
            } else {
                writeln!(
                    out,
                    "not a sound #{}: {reason}\nPOSITION SCORE .....:--->  0",
                    args.mate
                )
            };
            return ExitCode::from(if written.is_ok() {
                exit::UNSOUND
            } else {
                exit::ERROR
            });
        }
    };
    let pos = &problem.position;
    let written = if args.mate == 2 {
        let score = evaluate(pos, key, &settings);
        if args.json {
            writeln!(out, "{}", score_json(&score))
        } else {
            write!(out, "{}", score_text(&score, args.output.notation))
        }
    } else {
        let (tt, control) = (TranspositionTable::new(64), SearchControl::unlimited());
        let metric = kmove_metric(
            &mut Prover::new(&tt, &control),
            pos,
            key,
            args.mate,
            &KMoveSettings::default(),
            None,
        );
        if args.json {
            writeln!(
                out,
                "{}",
                json!({"fen": to_fen(pos), "key": key.to_string(), "metric": "kmove", "total": metric.total})
            )
        } else {
            write!(out, "{}", kmove_text(&metric, pos, args.output.notation))
        }
    };
    ExitCode::from(if written.is_ok() {
        exit::SOUND
    } else {
        exit::ERROR
    })
}

/// Runs `mateproof compose`.
pub fn run_compose(args: &ComposeArgs) -> ExitCode {
    let settings = args.output.flags.settings(!args.no_composition_rules);
    let problem = match read_problem(&args.fen, args.mate) {
        Ok(p) => p,
        Err(e) => return fail(&e),
    };
    if args.depth == 0 || args.depth > 6 {
        return fail("--depth must be between 1 and 6");
    }
    let threads = args
        .threads
        .unwrap_or_else(crate::cli::args::default_threads);
    let options = ComposeOptions {
        depth: args.depth,
        fallback: args.fallback,
        threads,
        settings: settings.clone(),
        ..ComposeOptions::default()
    };
    let control = crate::cli::args::time_control(args.time);
    let started = Instant::now();
    let mut stream = match improvements(&problem, options, control) {
        Ok(s) => s,
        Err(e) => return fail(&e.to_string()),
    };
    let bar = progress_bar();
    let mut found: Vec<Improvement> = Vec::new();
    loop {
        match stream.next_within(Duration::from_millis(200)) {
            Polled::Found(imp) => found.push(*imp),
            Polled::Pending => {}
            Polled::Finished => break,
        }
        let stats = stream.stats();
        let positions = stats.positions.load(Ordering::Relaxed);
        bar.set_length(stats.subtrees.load(Ordering::Relaxed));
        bar.set_position(stats.subtrees_done.load(Ordering::Relaxed));
        bar.set_message(format!(
            "depth {} · {} positions · {:.0} positions/s · {} improvements",
            stats.depth.load(Ordering::Relaxed),
            positions,
            positions as f64 / started.elapsed().as_secs_f64().max(1e-3),
            found.len()
        ));
    }
    bar.finish_and_clear();
    if let Some(failure) = stream.failure() {
        return fail(&failure.to_string());
    }
    rank(&mut found);
    let elapsed = started.elapsed();
    let positions = stream.stats().positions.load(Ordering::Relaxed);
    let original = stream.original().clone();
    let levels = stream.levels().to_vec();
    let top: Vec<&Improvement> = found.iter().take(args.top).collect();
    let mut out = std::io::stdout().lock();
    let written = if args.json {
        let breakdown = |imp: &Improvement| {
            (args.mate == 2).then(|| score_json(&evaluate(&imp.position, imp.key, &settings)))
        };
        let value = json!({
            "fen": to_fen(&original.position),
            "original": {
                "sound": original.verdict.is_ok(),
                "key": original.verdict.as_ref().ok().map(|k| k.to_string()),
                "reason": original.verdict.as_ref().err().map(|e| e.to_string()),
                "score": original.score,
            },
            "levels": levels.iter().map(level_json).collect::<Vec<_>>(),
            "positions": positions,
            "elapsed_ms": elapsed.as_millis() as u64,
            "improvements_found": found.len(),
            "improvements": top.iter().map(|imp| improvement_json(imp, breakdown(imp))).collect::<Vec<_>>(),
        });
        writeln!(out, "{value}")
    } else {
        write!(
            out,
            "{}",
            compose_text(
                &original,
                &levels,
                &top,
                found.len(),
                positions,
                elapsed,
                &TextStyle {
                    settings: &settings,
                    moves: args.output.notation
                }
            )
        )
    };
    if written.is_ok() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn progress_bar() -> indicatif::ProgressBar {
    let bar = indicatif::ProgressBar::new(0);
    let style = indicatif::ProgressStyle::with_template(
        "{elapsed_precise} [{bar:30}] {pos}/{len} subtrees · {msg}",
    )
    .map(|s| s.progress_chars("=> "));
    if let Ok(style) = style {
        bar.set_style(style);
    }
    bar
}

fn level_json(level: &LevelReport) -> serde_json::Value {
    json!({
        "depth": level.depth,
        "positions": level.positions,
        "improvements": level.improvements,
        "time_ms": level.time.as_millis() as u64,
        "complete": level.complete,
    })
}

/// How the text of `compose` is written: the quality function's settings and the notation.
struct TextStyle<'a> {
    settings: &'a ScoreSettings,
    moves: MoveStyle,
}

fn compose_text(
    original: &crate::composer::search::Original,
    levels: &[LevelReport],
    top: &[&Improvement],
    total: usize,
    positions: u64,
    elapsed: Duration,
    text: &TextStyle,
) -> String {
    let (settings, style) = (text.settings, text.moves);
    use std::fmt::Write as _;
    let mut s = String::new();
    let pos = &original.position;
    let _ = match &original.verdict {
        Ok(key) => writeln!(
            s,
            "original: {}  score {}  key {}",
            to_fen(pos),
            original.score,
            style.move_text(pos, *key)
        ),
        Err(e) => writeln!(s, "original: {}  not sound ({e}), score 0", to_fen(pos)),
    };
    for l in levels {
        let _ = writeln!(
            s,
            "depth {}: {} positions, {} improvements, {:.2} s{}",
            l.depth,
            l.positions,
            l.improvements,
            l.time.as_secs_f64(),
            if l.complete { "" } else { " (stopped)" }
        );
    }
    let secs = elapsed.as_secs_f64().max(1e-3);
    let _ = writeln!(
        s,
        "{positions} positions in {secs:.1} s ({:.0} positions/s); {total} improvements",
        positions as f64 / secs
    );
    // Ranked `rank 1`, `rank 2`, …: `#1` would read as "mate in 1" to a problemist.
    for (i, imp) in top.iter().enumerate() {
        let _ = writeln!(
            s,
            "\nrank {}: score {} (+{})  {}\n   {}\n   key {}",
            i + 1,
            imp.score,
            imp.gain,
            path_text(&imp.path),
            to_fen(&imp.position),
            style.move_text(&imp.position, imp.key)
        );
        if original.moves == 2 {
            let score = evaluate(&imp.position, imp.key, settings);
            for line in score_text(&score, style).lines() {
                let _ = writeln!(s, "   {line}");
            }
        }
    }
    s
}
