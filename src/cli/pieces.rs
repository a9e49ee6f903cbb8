//! `mateproof pieces`: the catalogue of Popeye's walks Mateproof has as data, one line each:
//! the codes in English, German and French, the names, and the components.

use crate::pieces::catalogue;
use std::io::Write;
use std::process::ExitCode;

/// Arguments of `mateproof pieces` (none).
#[derive(clap::Args, Debug)]
#[command(about = Self::ABOUT)]
pub struct PiecesArgs {}

impl PiecesArgs {
    /// What `mateproof pieces` does, in its help and in `mateproof --help`.
    pub const ABOUT: &'static str =
        "List the Popeye walks Mateproof has as data (codes and names in English, German, French)";
}

/// The catalogue as text.
pub fn listing() -> String {
    let mut out = String::from("codes (en de fr)  names (English / German / French): components\n");
    for walk in catalogue::walks() {
        let codes = walk.codes.map(|c| format!("{c:<2}")).join(" ");
        let names = walk.names.join(" / ");
        let components = walk.components().map_or_else(
            || "pawn (moved by the board's own code)".to_owned(),
            |parts| {
                parts
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; ")
            },
        );
        out += &format!("{codes}          {names}: {components}\n");
    }
    out
}

/// Prints the catalogue.
pub fn run(_: &PiecesArgs) -> ExitCode {
    match std::io::stdout().lock().write_all(listing().as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
