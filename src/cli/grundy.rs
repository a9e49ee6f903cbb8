//! `mateproof grundy`: Sprague–Grundy values of impartial chess on a Young diagram (seed 002),
//! for a named piece, a custom moveset or a YAML piece, alone or in a disjunctive sum. Reads the
//! options, runs [`crate::impartial`], prints text or JSON. Bad input: a message on stderr and
//! exit status 2; `--time` stopping it before the values: exit status 3.

use crate::impartial::classify::{self, Property};
use crate::impartial::family::{self, Family};
use crate::impartial::sums::{self, SumPart};
use crate::impartial::{grid, Moveset, Partition, Play, Ride, Step, Values};
use crate::kernel::SearchControl;
use serde_json::{json, Value};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `mateproof grundy`.
#[derive(clap::Args, Debug)]
#[command(about = Self::ABOUT)]
pub struct GrundyArgs {
    /// One of the paper's games: downright, pawn, knight, bishop, king, rook, queen.
    #[arg(long)]
    pub piece: Option<String>,
    /// The diagram: non-increasing positive parts, e.g. 5,3,2,2.
    #[arg(long)]
    pub partition: Option<String>,
    /// Leap vectors DOWN,RIGHT (a custom moveset, with or without --ride).
    #[arg(long, num_args = 1.., value_name = "DOWN,RIGHT")]
    pub leap: Vec<String>,
    /// Ride vectors DOWN,RIGHT: every positive multiple (a custom moveset).
    #[arg(long, num_args = 1.., value_name = "DOWN,RIGHT")]
    pub ride: Vec<String>,
    /// A YAML piece (the fairy-piece schema); its vectors [files, ranks] with files ≥ 0 and
    /// ranks ≤ 0 are the moves down (−ranks) and right (files); hoppers are refused.
    #[arg(long, value_name = "FILE")]
    pub yaml: Option<PathBuf>,
    /// A disjunctive sum "king:5,3,2;rook:4,4" (normal play): its nim-sum and a winning move.
    #[arg(long, value_name = "SUM")]
    pub sum: Option<String>,
    /// Also show misère play (the player who cannot move wins).
    #[arg(long)]
    pub misere: bool,
    /// Print every cell's subposition value (the paper's Figure 3).
    #[arg(long)]
    pub grid: bool,
    /// Also show the CGH properties of Definition 4.6 (pet, tame, miserable, …) with witnesses.
    #[arg(long)]
    pub classify: bool,
    /// The CGH properties of a whole family instead of one diagram: rectangles:N, staircases:N,
    /// hooks:N or all:N (every partition up to N cells); the first failing member is named.
    #[arg(long, value_name = "KIND:N")]
    pub family: Option<String>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Give up after this many seconds (a positive number; fractions allowed): a rider on a
    /// long row visits the row from each cell, so 100,000 cells in one row take minutes.
    #[arg(long, value_name = "S", value_parser = crate::cli::args::parse_seconds)]
    pub time: Option<f64>,
}

/// Why `grundy` gives no values.
enum Failure {
    /// Bad input: the message.
    Input(String),
    /// `--time` ran out first.
    Stopped,
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Input(message)
    }
}

impl From<&str> for Failure {
    fn from(message: &str) -> Failure {
        Failure::Input(message.to_owned())
    }
}

/// The values of `moveset` on `partition` within `--time` (`control`, made when the command
/// starts: the limit covers the whole command).
fn solve(
    control: &SearchControl,
    partition: &Partition,
    moveset: &Moveset,
) -> Result<Values, Failure> {
    Values::solve_within(partition, moveset, &|| control.should_stop()).ok_or(Failure::Stopped)
}

impl GrundyArgs {
    /// What `mateproof grundy` does, in its help and in `mateproof --help`.
    pub const ABOUT: &'static str =
        "Impartial chess on a Young diagram (Sprague-Grundy values, misère, sums, custom pieces)";
}

/// Runs `mateproof grundy`.
pub fn run(args: &GrundyArgs) -> ExitCode {
    let control = crate::cli::args::time_control(args.time);
    let result = match (&args.sum, &args.family) {
        (Some(_), Some(_)) => Err("--sum and --family do not go together".into()),
        (Some(text), None) => run_sum(args, text, &control),
        (None, Some(text)) => run_family(args, text),
        (None, None) => run_single(args, &control),
    };
    match result {
        Ok(text) => {
            let mut out = std::io::stdout().lock();
            if out.write_all(text.as_bytes()).is_err() {
                return ExitCode::FAILURE;
            }
            ExitCode::SUCCESS
        }
        Err(Failure::Input(message)) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Stopped) => {
            eprintln!("grundy: stopped by --time before the values");
            ExitCode::from(3)
        }
    }
}

/// What to say when a diagram or a family is given without a piece.
const NO_PIECE: &str = "name the piece: --piece NAME, --leap/--ride DOWN,RIGHT… or --yaml FILE";

/// The moveset the options name and its label, or `None` when they name none.
fn moveset(args: &GrundyArgs) -> Result<Option<(String, Moveset)>, String> {
    let custom = !args.leap.is_empty() || !args.ride.is_empty();
    let sources =
        usize::from(args.piece.is_some()) + usize::from(custom) + usize::from(args.yaml.is_some());
    if sources > 1 {
        return Err("give only one of --piece, --leap/--ride and --yaml".to_owned());
    }
    if let Some(name) = &args.piece {
        let set = Moveset::named(name).map_err(|e| e.to_string())?;
        return Ok(Some((name.to_ascii_lowercase(), set)));
    }
    if custom {
        let parse = |words: &[String], flag: &str| {
            words
                .iter()
                .map(|w| Step::parse(w).map_err(|e| format!("{flag}: {e}")))
                .collect::<Result<Vec<Step>, String>>()
        };
        let leaps = parse(&args.leap, "--leap")?;
        let rides: Vec<Ride> = parse(&args.ride, "--ride")?
            .into_iter()
            .map(|step| Ride { step, max: None })
            .collect();
        let set = Moveset::new(&leaps, &rides).map_err(|e| e.to_string())?;
        return Ok(Some(("custom".to_owned(), set)));
    }
    if let Some(path) = &args.yaml {
        let piece = crate::pieces::from_yaml_file(path).map_err(|e| e.to_string())?;
        let set = Moveset::from_piece(&piece).map_err(|e| e.to_string())?;
        return Ok(Some((piece.name, set)));
    }
    Ok(None)
}

fn run_single(args: &GrundyArgs, control: &SearchControl) -> Result<String, Failure> {
    let (label, set) = moveset(args)?.ok_or(NO_PIECE)?;
    let text = args
        .partition
        .as_deref()
        .ok_or("give the diagram: --partition 5,3,2,2")?;
    let partition = Partition::parse(text).map_err(|e| format!("--partition: {e}"))?;
    let values = solve(control, &partition, &set)?;
    let witnesses: Vec<(Property, Option<classify::Witness>)> = if args.classify {
        Property::ALL
            .iter()
            .map(|&p| (p, classify::witness(&values, p)))
            .collect()
    } else {
        Vec::new()
    };
    if args.json {
        return Ok(single_json(args, &label, &values, &witnesses).to_string() + "\n");
    }
    let mut out = format!(
        "piece: {label} ({set})\npartition: {partition} ({} cells)\ngrundy: {}\noutcome: {}\nwinning moves: {}\n",
        partition.cells(),
        values.grundy(),
        outcome(values.grundy()),
        moves_text(&values.winning_moves(Play::Normal)),
    );
    if args.misere {
        out += &format!(
            "misere: {}\nmisere outcome: {}\nmisere winning moves: {}\n",
            values.misere(),
            outcome(values.misere()),
            moves_text(&values.winning_moves(Play::Misere)),
        );
    }
    if args.grid {
        out += "grid (normal play):\n";
        out += &grid::render(&values, Play::Normal);
        if args.misere {
            out += "grid (misere play):\n";
            out += &grid::render(&values, Play::Misere);
        }
    }
    for (property, found) in &witnesses {
        out += &match found {
            None => format!("{}: yes\n", property.name()),
            Some(w) => format!(
                "{}: no, {}\n",
                property.name(),
                witness_text(values.partition(), w)
            ),
        };
    }
    Ok(out)
}

fn single_json(
    args: &GrundyArgs,
    label: &str,
    values: &Values,
    witnesses: &[(Property, Option<classify::Witness>)],
) -> Value {
    let mut object = json!({
        "piece": label,
        "moveset": values.moveset().to_string(),
        "partition": values.partition().parts(),
        "grundy": values.grundy(),
        "misere": values.misere(),
        "outcome": outcome(values.grundy()),
        "misere_outcome": outcome(values.misere()),
        "winning_moves": moves_json(&values.winning_moves(Play::Normal)),
        "misere_winning_moves": moves_json(&values.winning_moves(Play::Misere)),
    });
    if args.grid {
        object["grid"] = json!(values.grid(Play::Normal));
        object["misere_grid"] = json!(values.grid(Play::Misere));
    }
    if !witnesses.is_empty() {
        let mut flags = serde_json::Map::new();
        for (property, found) in witnesses {
            let entry = found.as_ref().map(|w| (values.partition(), w));
            flags.insert(property.name().to_owned(), witness_json(entry));
        }
        object["cgh"] = Value::Object(flags);
    }
    object
}

/// `{"holds": true}`, or where the property fails: the member, the cell, its Conway pair, its
/// subpartition and for a property of moves the move's target.
fn witness_json(found: Option<(&Partition, &classify::Witness)>) -> Value {
    let Some((member, w)) = found else {
        return json!({"holds": true});
    };
    json!({
        "holds": false,
        "member": member.parts(),
        "cell": [w.cell.0, w.cell.1],
        "pair": [w.pair.0, w.pair.1],
        "subpartition": member.sub(w.cell.0, w.cell.1).parts(),
        "target": w.target.map(|(t, p)| json!({"cell": [t.0, t.1], "pair": [p.0, p.1]})),
    })
}

fn run_family(args: &GrundyArgs, text: &str) -> Result<String, Failure> {
    if args.partition.is_some() || args.grid {
        return Err("--family classifies every member; drop --partition and --grid".into());
    }
    if args.time.is_some() {
        return Err("--time: a family is bounded (30 cells a member at most); drop --time".into());
    }
    let family = Family::parse(text).map_err(|e| format!("--family: {e}"))?;
    let (label, set) = moveset(args)?.ok_or(NO_PIECE)?;
    let members = family.members().len();
    let found = family::classify(&set, family);
    if args.json {
        let mut flags = serde_json::Map::new();
        for (property, entry) in &found {
            let entry = entry.as_ref().map(|(member, w)| (member, w));
            flags.insert(property.name().to_owned(), witness_json(entry));
        }
        let object = json!({
            "piece": label,
            "moveset": set.to_string(),
            "family": text,
            "members": members,
            "cgh": flags,
        });
        return Ok(object.to_string() + "\n");
    }
    let mut out = format!("piece: {label} ({set})\nfamily: {text} ({members} members)\n");
    for (property, entry) in &found {
        out += &match entry {
            None => format!("{}: yes\n", property.name()),
            Some((member, w)) => format!(
                "{}: no, member {member}: {}\n",
                property.name(),
                witness_text(member, w)
            ),
        };
    }
    Ok(out)
}

fn run_sum(args: &GrundyArgs, text: &str, control: &SearchControl) -> Result<String, Failure> {
    if args.partition.is_some() {
        return Err("--sum carries its own partitions; drop --partition".into());
    }
    if args.misere {
        return Err(
            "--misere: a misère sum is not a nim-sum; only normal-play sums are computed".into(),
        );
    }
    if args.grid || args.classify {
        return Err("--grid and --classify describe one diagram; use them without --sum".into());
    }
    let own = moveset(args)?;
    let own_ref = own.as_ref().map(|(name, set)| (name.as_str(), set));
    // A YAML piece may also be named in the sum by its own name.
    let custom = if args.yaml.is_some() { own_ref } else { None };
    let parts: Vec<SumPart> = sums::parse_sum(text, own_ref, custom).map_err(|e| e.to_string())?;
    let games: Vec<Values> = parts
        .iter()
        .map(|p| solve(control, &p.partition, &p.moveset))
        .collect::<Result<_, _>>()?;
    let total = sums::nim_sum(&games);
    let key = sums::winning_move(&games);
    if args.json {
        let components: Vec<Value> = parts
            .iter()
            .zip(&games)
            .map(|(p, g)| json!({"piece": p.label, "partition": p.partition.parts(), "grundy": g.grundy()}))
            .collect();
        let object = json!({
            "components": components,
            "grundy": total,
            "outcome": outcome(total),
            "winning_move": key.map(|k| json!({
                "component": k.component + 1,
                "piece": parts[k.component].label,
                "move": [k.down, k.right],
                "to_grundy": k.to_value,
            })),
        });
        return Ok(object.to_string() + "\n");
    }
    let mut out = String::new();
    for (k, (p, g)) in parts.iter().zip(&games).enumerate() {
        out += &format!(
            "component {}: {} on {}: grundy {}\n",
            k + 1,
            p.label,
            p.partition,
            g.grundy()
        );
    }
    out += &format!("grundy: {total}\noutcome: {}\n", outcome(total));
    out += &match key {
        None => "winning move: none\n".to_owned(),
        Some(k) => format!(
            "winning move: component {} ({}) by {},{} to grundy {}\n",
            k.component + 1,
            parts[k.component].label,
            k.down,
            k.right,
            k.to_value
        ),
    };
    Ok(out)
}

fn outcome(value: u32) -> &'static str {
    if value == 0 {
        "P"
    } else {
        "N"
    }
}

fn moves_text(moves: &[(usize, usize)]) -> String {
    if moves.is_empty() {
        return "none".to_owned();
    }
    let words: Vec<String> = moves.iter().map(|(a, b)| format!("{a},{b}")).collect();
    words.join(" ")
}

fn moves_json(moves: &[(usize, usize)]) -> Value {
    json!(moves.iter().map(|&(a, b)| [a, b]).collect::<Vec<_>>())
}

fn witness_text(member: &Partition, w: &classify::Witness) -> String {
    let sub = member.sub(w.cell.0, w.cell.1);
    let mut text = format!(
        "cell {},{} ({sub}) is a ({},{})-position",
        w.cell.0, w.cell.1, w.pair.0, w.pair.1
    );
    if let Some((t, p)) = w.target {
        text += &format!(", its move to {},{} a ({},{})-position", t.0, t.1, p.0, p.1);
    }
    text
}
