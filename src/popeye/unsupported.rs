//! What Mateproof cannot solve yet in a Popeye file, and how it says so. The reader records the
//! first such thing a problem holds as an [`Unsupported`]; the run skips the problem with
//! [`Unsupported::refusal`], one line that names the problem so it can be found in a long
//! file; the `popeye` command's exit status then says that something was skipped.
//!
//! The decision itself has one home per kind: stipulations are
//! [`Stipulation::is_supported`](crate::problem::Stipulation::is_supported) (what the solver
//! solves; a new stipulation becomes supported there, and the reader follows), pieces and
//! options are the reader's keyword tables. This module only names and words the refusal.

use super::messages::{message, Message};
use super::reader::ProblemSpec;
use crate::notation::Language;
use std::fmt;

/// The kind of thing Mateproof does not support yet.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Feature {
    Stipulation,
    StructuredStipulation,
    Condition,
    FairyPiece,
    NeutralPieces,
    Option,
    Twinning,
}

impl Feature {
    fn name(self) -> &'static str {
        match self {
            Feature::Stipulation => "stipulation",
            Feature::StructuredStipulation => "structured stipulation",
            Feature::Condition => "condition",
            Feature::FairyPiece => "fairy piece",
            Feature::NeutralPieces => "neutral pieces",
            Feature::Option => "option",
            Feature::Twinning => "twinning",
        }
    }
}

/// The first unsupported thing of a problem, with the input item that holds it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Unsupported {
    pub feature: Feature,
    pub item: String,
}

impl fmt::Display for Unsupported {
    /// `stipulation not supported yet: h#2` (English; the suite runner's note).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} not supported yet: {}",
            self.feature.name(),
            self.item
        )
    }
}

impl Unsupported {
    /// The line that replaces a skipped problem's play: which problem (its number in the file,
    /// author, source and title when given), what is not supported, and Popeye's "problem
    /// ignored". Popeye's own words in the file's language where Popeye has them (its
    /// "Stipulation not supported" and "problem ignored"), Mateproof's English elsewhere:
    ///
    /// `Problem 2 (A. Autor; Schwalbe 1990): Forderung wird nicht unterstuetzt: h#2 - Problem uebersprungen`
    pub fn refusal(&self, number: usize, spec: &ProblemSpec, language: Language) -> String {
        let problem = match language {
            Language::English => "problem",
            Language::German => "Problem",
            Language::French => "probleme",
        };
        let names: Vec<&str> = spec
            .authors
            .iter()
            .chain(&spec.origins)
            .chain(&spec.titles)
            .map(|s| s.trim())
            .filter(|s| !s.is_empty())
            .collect();
        let named = if names.is_empty() {
            String::new()
        } else {
            format!(" ({})", names.join("; "))
        };
        let what = match (self.feature, language) {
            // Popeye's message 71 (StipNotSupported), without its full stop.
            (Feature::Stipulation, Language::English) => "Stipulation not supported".to_owned(),
            (Feature::Stipulation, Language::German) => {
                "Forderung wird nicht unterstuetzt".to_owned()
            }
            (Feature::Stipulation, Language::French) => "enonce inconnue".to_owned(),
            (feature, _) => format!("{} not supported yet", feature.name()),
        };
        format!(
            "{problem} {number}{named}: {what}: {} - {}",
            self.item,
            message(language, Message::ProblemIgnored)
        )
    }
}
