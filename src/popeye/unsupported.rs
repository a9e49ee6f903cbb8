//! What Mateproof cannot solve yet in a Popeye file, and how it says so. The reader records the
//! first such thing a problem holds as an [`Unsupported`]; the run skips the problem with
//! [`Unsupported::refusal`], one line that names the problem so it can be found in a long
//! file; the `popeye` command's exit status then says that something was skipped.
//!
//! Every refusal has one wording, `<what> not supported yet: <item>`, in the file's language
//! (English, German or French, ASCII as Popeye's own messages), the item named as the file
//! wrote it (`condition not supported yet: madrasi rexinklusive`, `fairy piece not supported
//! yet: ro (rose)`, `option not supported yet: trivialtriesavoid`); an option refused only in
//! company is named as Popeye spells it in that language, with what it cannot go with
//! ([`Together`]: `Option noch nicht unterstuetzt: Nullzuege mit Zugnummern`); all followed by
//! Popeye's "problem ignored".
//!
//! The decision itself has one home per kind: stipulations are
//! [`Stipulation::is_supported`](crate::problem::Stipulation::is_supported) (what the solver
//! solves; a new stipulation becomes supported there, and the reader follows), conditions the
//! reader's `conditions` module, pieces and options the reader's keyword tables. This module
//! only names and words the refusal.

use super::messages::{message, Message};
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
    /// A piece attribute of a `Pieces` list (`Royal`, `HalfNeutral`, `Magic` …).
    PieceAttribute,
    /// Popeye's total invisible men (`TotalInvisible 2` in a `Pieces` list).
    TotalInvisible,
    Option,
    Twinning,
}

impl Feature {
    /// The feature's name in `language` (lower case, ASCII).
    pub fn name(self, language: Language) -> &'static str {
        use Language::{English as E, French as F, German as G};
        match (self, language) {
            (Feature::Stipulation, E) => "stipulation",
            (Feature::Stipulation, G) => "Forderung",
            (Feature::Stipulation, F) => "enonce",
            (Feature::StructuredStipulation, E) => "structured stipulation",
            (Feature::StructuredStipulation, G) => "strukturierte Forderung",
            (Feature::StructuredStipulation, F) => "enonce structure",
            (Feature::Condition, E) => "condition",
            (Feature::Condition, G) => "Bedingung",
            (Feature::Condition, F) => "condition",
            (Feature::FairyPiece, E) => "fairy piece",
            (Feature::FairyPiece, G) => "Maerchenstein",
            (Feature::FairyPiece, F) => "piece feerique",
            (Feature::NeutralPieces, E) => "neutral pieces",
            (Feature::NeutralPieces, G) => "neutrale Steine",
            (Feature::NeutralPieces, F) => "pieces neutres",
            (Feature::PieceAttribute, E) => "piece attribute",
            (Feature::PieceAttribute, G) => "Steineigenschaft",
            (Feature::PieceAttribute, F) => "attribut de piece",
            (Feature::TotalInvisible, E) => "total invisible pieces",
            (Feature::TotalInvisible, G) => "total unsichtbare Steine",
            (Feature::TotalInvisible, F) => "pieces totalement invisibles",
            (Feature::Option, E) => "option",
            (Feature::Option, G) => "Option",
            (Feature::Option, F) => "option",
            (Feature::Twinning, E) => "twinning",
            (Feature::Twinning, G) => "Zwillingsbildung",
            (Feature::Twinning, F) => "jumeau",
        }
    }
}

/// "not supported yet" in `language`.
fn not_supported_yet(language: Language) -> &'static str {
    match language {
        Language::English => "not supported yet",
        Language::German => "noch nicht unterstuetzt",
        Language::French => "pas encore soutenu",
    }
}

/// What a refused item cannot go with: the rest of the refusal after the item, worded in
/// the file's language (`with MoveNumbers`, `mit Zugnummern`, `in series play`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Together {
    /// Another option, or a stipulation, as the file spells it.
    Named(String),
    SeriesPlay,
    /// A twin that changes the stipulation.
    StipulationTwin,
    GoalOtherThanMate,
    /// `EnPassant` with more than three squares.
    FourSquares,
    FairyPieces,
    BackRankPawn,
}

impl Together {
    /// The words after the item, in `language`.
    fn words(&self, language: Language) -> String {
        use Language::{English as E, French as F, German as G};
        let phrase = match (self, language) {
            (Together::Named(name), _) => {
                let with = match language {
                    E => "with",
                    G => "mit",
                    F => "avec",
                };
                return format!("{with} {name}");
            }
            (Together::SeriesPlay, E) => "in series play",
            (Together::SeriesPlay, G) => "im Serienzug",
            (Together::SeriesPlay, F) => "en serie",
            (Together::StipulationTwin, E) => "with a stipulation twin",
            (Together::StipulationTwin, G) => "mit einem Forderungszwilling",
            (Together::StipulationTwin, F) => "avec un jumeau d'enonce",
            (Together::GoalOtherThanMate, E) => "with a goal other than mate",
            (Together::GoalOtherThanMate, G) => "mit einem anderen Ziel als Matt",
            (Together::GoalOtherThanMate, F) => "avec un but autre que le mat",
            (Together::FourSquares, E) => "with four squares",
            (Together::FourSquares, G) => "mit vier Feldern",
            (Together::FourSquares, F) => "avec quatre cases",
            (Together::FairyPieces, E) => "with fairy pieces",
            (Together::FairyPieces, G) => "mit Maerchensteinen",
            (Together::FairyPieces, F) => "avec des pieces feeriques",
            (Together::BackRankPawn, E) => "with a pawn on the first or last rank",
            (Together::BackRankPawn, G) => "mit einem Bauern auf der ersten oder letzten Reihe",
            (Together::BackRankPawn, F) => "avec un pion sur la premiere ou la derniere rangee",
        };
        phrase.to_owned()
    }
}

/// The first unsupported thing of a problem, with the input item that holds it and, for an
/// item refused only in company, what it cannot go with.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Unsupported {
    pub feature: Feature,
    pub item: String,
    pub together: Option<Together>,
}

impl fmt::Display for Unsupported {
    /// `stipulation not supported yet: h#2` (English; the suite runner's note).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.what(Language::English))
    }
}

impl Unsupported {
    /// `condition not supported yet: madrasi`, in `language`.
    pub fn what(&self, language: Language) -> String {
        let together = match &self.together {
            Some(together) => format!(" {}", together.words(language)),
            None => String::new(),
        };
        format!(
            "{} {}: {}{together}",
            self.feature.name(language),
            not_supported_yet(language),
            self.item
        )
    }

    /// The line that replaces a skipped problem's play: which problem (its number in the file,
    /// author, source and title when given), what is not supported, and Popeye's "problem
    /// ignored", all in the file's language (`names`: the problem's authors, sources and
    /// titles, as `ProblemSpec::names` gives them):
    ///
    /// `Problem 2 (A. Autor; Schwalbe 1990): Forderung noch nicht unterstuetzt: h#2 - Problem uebersprungen`
    pub fn refusal(&self, number: usize, names: &[&str], language: Language) -> String {
        let problem = match language {
            Language::English => "problem",
            Language::German => "Problem",
            Language::French => "probleme",
        };
        let named = if names.is_empty() {
            String::new()
        } else {
            format!(" ({})", names.join("; "))
        };
        format!(
            "{problem} {number}{named}: {} - {}",
            self.what(language),
            message(language, Message::ProblemIgnored)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_wording_in_three_languages() {
        let madrasi = Unsupported {
            feature: Feature::Condition,
            item: "Madrasi".into(),
            together: None,
        };
        assert_eq!(
            madrasi.what(Language::English),
            "condition not supported yet: Madrasi"
        );
        assert_eq!(
            madrasi.what(Language::German),
            "Bedingung noch nicht unterstuetzt: Madrasi"
        );
        assert_eq!(
            madrasi.what(Language::French),
            "condition pas encore soutenu: Madrasi"
        );
        let stipulation = Unsupported {
            feature: Feature::Stipulation,
            item: "ser-r#2".into(),
            together: None,
        };
        assert_eq!(
            stipulation.to_string(),
            "stipulation not supported yet: ser-r#2"
        );
    }
}
