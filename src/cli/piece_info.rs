//! `mateproof piece-info NAME | --betza B | --yaml FILE [--size N]`: a piece's movement graph
//! on the empty board ([`crate::pieces::graph`]): |Δ|, the moves from each square and the
//! total number of edges. NAME is a Popeye code or name in English, German or French.

use crate::pieces::{betza, catalogue, from_yaml_file, graph::movement_graph, Component};
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `mateproof piece-info`.
#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("piece").required(true).args(["name", "betza", "yaml"])))]
#[command(about = Self::ABOUT)]
pub struct PieceInfoArgs {
    /// A Popeye code or name (any of English, German, French), e.g. `pr`, `Kaiserin`.
    pub name: Option<String>,
    /// The piece in Betza notation (Fairy-Stockfish's reading), e.g. `NN`, `gQ`.
    #[arg(long)]
    pub betza: Option<String>,
    /// A YAML piece file (digest §3.4(b) schema).
    #[arg(long, value_name = "FILE")]
    pub yaml: Option<PathBuf>,
    /// Board size n of the n×n board (1–26).
    #[arg(long, default_value_t = 8, value_parser = clap::value_parser!(i32).range(1..=26))]
    pub size: i32,
}

impl PieceInfoArgs {
    /// What `mateproof piece-info` does, in its help and in `mateproof --help`.
    pub const ABOUT: &'static str =
        "A piece's movement graph on the empty board: |Δ|, mobility per square, total edges";
}

/// The piece's title and components, or why there is none.
fn resolve(args: &PieceInfoArgs) -> Result<(String, Vec<Component>), String> {
    if let Some(text) = &args.betza {
        let parts = betza::parse(text).map_err(|e| e.to_string())?;
        return Ok((format!("Betza {text}"), parts));
    }
    if let Some(path) = &args.yaml {
        let piece = from_yaml_file(path).map_err(|e| e.to_string())?;
        return Ok((piece.name, piece.components));
    }
    let name = args.name.as_deref().unwrap_or_default();
    let walk = catalogue::lookup(name).ok_or_else(|| {
        format!("unknown piece '{name}' (mateproof pieces lists Popeye's codes and names)")
    })?;
    let parts = walk.components().ok_or_else(|| {
        "the pawn's moves depend on its colour and rank; it has no movement graph here".to_owned()
    })?;
    let [en, de, fr] = walk.codes;
    Ok((
        format!("{} (Popeye {en}, German {de}, French {fr})", walk.names[0]),
        parts,
    ))
}

/// The report: title, components, |Δ|, edges, and the mobility grid with rank n on top.
pub fn report(title: &str, parts: &[Component], size: i32) -> String {
    let g = movement_graph(parts, size);
    let mut out = format!("piece: {title}\n");
    for part in parts {
        out += &format!("component: {part}\n");
    }
    out += &format!("vectors |Δ|: {}\n", g.displacements.len());
    out += &format!("edges |E| on {size}x{size}: {}\n", g.edges);
    out += "empty-board mobility:\n";
    for rank in (0..size as usize).rev() {
        out += &format!("{:>2} ", rank + 1);
        for m in &g.mobility[rank] {
            out += &format!("{m:>3}");
        }
        out += "\n";
    }
    out += "   ";
    for file in 0..size as u8 {
        out += &format!("{:>3}", (b'a' + file) as char);
    }
    out + "\n"
}

/// Runs `mateproof piece-info`: exit status 2 for an unknown or invalid piece.
pub fn run(args: &PieceInfoArgs) -> ExitCode {
    match resolve(args) {
        Ok((title, parts)) => {
            let text = report(&title, &parts, args.size);
            match std::io::stdout().lock().write_all(text.as_bytes()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(_) => ExitCode::FAILURE,
            }
        }
        Err(message) => {
            let _ = writeln!(std::io::stderr(), "error: {message}");
            ExitCode::from(2)
        }
    }
}
