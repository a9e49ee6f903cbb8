//! The four formats a suite file can be in (EPD, PGN, Popeye's language, YACPDB entries): a name
//! the readers, the records and the report share. [`super::source::detect_format`] decides it
//! from a file's content; this module only names it.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The format of a suite file, decided by its content.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    Epd,
    Pgn,
    Popeye,
    /// YACPDB entries: Olive's `.olv` collections, single entries, the query gateway's JSON.
    Yacpdb,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Format::Epd => "EPD",
            Format::Pgn => "PGN",
            Format::Popeye => "Popeye",
            Format::Yacpdb => "YACPDB",
        })
    }
}
