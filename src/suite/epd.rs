//! EPD suite lines as cases. A line says what to check through its operations:
//!
//! - `dm N` — mate in N is proven and none is shorter; with `bm <SAN…>` beside it, those are
//!   *all* the keys (several = a known cook), so the full key set is checked;
//! - `bm #N` without `dm` — the shortest mate known (matetrack); `bm #-N` — the side to move
//!   is mated in N;
//! - `classify "plies N help_win …"` — fields of the bounded classification
//!   ([`super::classify_claim`]); a line with it claims nothing else (no `dm`, no `bm`);
//! - `id` labels the line; every other operation (`c0`, `ep;`, `00:00;` …) is ignored.
//!
//! A line that says none of `dm`, `bm #N` or `classify` has nothing to check and is an input
//! error, as is a line that does not parse or whose position is illegal. This module reads; it
//! never solves.

use super::case::{Case, Claim, KeyClaim, Unusable};
use super::classify_claim::ClassifyClaim;
use crate::board::fen::to_epd_position;
use crate::board::Validation;
use crate::formats::epd::{BestMoves, Epd};
use crate::problem::{Problem, Stipulation};

/// What one EPD line yields: its label and position (when they could be read) and the case.
#[derive(Clone, Debug)]
pub struct EpdCase {
    pub label: Option<String>,
    pub fen: Option<String>,
    pub case: Result<Case, Unusable>,
}

/// Reads one non-blank EPD line.
///
/// ```
/// use mateproof::suite::case::{Claim, KeyClaim};
/// use mateproof::suite::epd::read_line;
/// let read = read_line(r#"8/6p1/5pk1/7R/B7/8/8/7K w - - bm Be8#; dm 1; id "m1";"#);
/// let case = read.case.unwrap();
/// assert_eq!(case.claim, Claim::Proven(1));
/// assert!(matches!(case.keys, KeyClaim::Exactly(ref keys) if keys.len() == 1));
/// assert_eq!(read.label.as_deref(), Some("m1"));
/// assert!(read_line("8/8/8 w - - dm 1;").case.is_err());
/// ```
pub fn read_line(text: &str) -> EpdCase {
    let epd = match Epd::parse(text) {
        Ok(epd) => epd,
        Err(e) => {
            return EpdCase {
                label: None,
                fen: None,
                case: Err(Unusable::Input(e.to_string())),
            }
        }
    };
    let label = epd.id().map(str::to_owned);
    let position = match epd.position(Validation::Lenient) {
        Ok(position) => position,
        Err(e) => {
            return EpdCase {
                label,
                fen: None,
                case: Err(Unusable::Input(format!("illegal position: {e}"))),
            }
        }
    };
    let fen = Some(to_epd_position(&position));
    let case = claims(&epd, &position)
        .and_then(|(claim, keys)| Ok((claim.within_limit()?, keys)))
        .map(|(claim, keys)| Case {
            problem: Problem::new(position, Stipulation::direct_mate(claim_moves(claim))),
            claim,
            keys,
            notes: Vec::new(),
            stored: None,
        });
    EpdCase { label, fen, case }
}

/// The moves of the problem's stipulation: the side to move's for `#N`; for `#-N` the
/// stipulation is not used (the checker defends with the side to move) but says N; a
/// classification uses none (its problem says `#1`).
fn claim_moves(claim: Claim) -> u32 {
    match claim {
        Claim::Proven(n) | Claim::Within(n) | Claim::Known(n) | Claim::Mated(n) => n,
        Claim::Classified(_) => 1,
    }
}

fn claims(epd: &Epd, position: &crate::board::Position) -> Result<(Claim, KeyClaim), Unusable> {
    let input = |e: crate::formats::EpdError| Unusable::Input(e.to_string());
    let dm = epd.dm().map_err(input)?;
    let bm = epd.best_moves(position).map_err(input)?;
    if let Some(op) = epd.operation("classify") {
        if dm.is_some() || bm.is_some() {
            return Err(Unusable::Input(
                "classify claims no mate: give dm or bm a line of its own".into(),
            ));
        }
        let words: Vec<&str> = op.operands.iter().map(|o| o.text()).collect();
        let claim =
            ClassifyClaim::parse(&words.join(" ")).map_err(|e| Unusable::Input(e.to_string()))?;
        return Ok((Claim::Classified(claim), KeyClaim::Any));
    }
    match (dm, bm) {
        (Some(n), Some(BestMoves::Moves(keys))) => Ok((Claim::Proven(n), KeyClaim::Exactly(keys))),
        (Some(n), Some(BestMoves::Mate(m))) if i64::from(m) != i64::from(n) => {
            Err(Unusable::Input(format!("dm {n} contradicts bm #{m}")))
        }
        (Some(n), _) => Ok((Claim::Proven(n), KeyClaim::Any)),
        (None, Some(BestMoves::Mate(m))) if m > 0 => {
            Ok((Claim::Known(m.unsigned_abs()), KeyClaim::Any))
        }
        (None, Some(BestMoves::Mate(m))) => Ok((Claim::Mated(m.unsigned_abs()), KeyClaim::Any)),
        (None, Some(BestMoves::Moves(_))) => Err(Unusable::Input(
            "bm names moves but no mate length: add dm N".into(),
        )),
        (None, None) => Err(Unusable::Input(
            "nothing to check: the line has neither dm N nor bm #N (nor classify)".into(),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn claims_of_each_kind() {
        let known = read_line("2brrb2/8/p7/7Q/1p1kpPp1/1P1pN1K1/3P4/8 w - - bm #2; 00:00;");
        assert_eq!(known.case.unwrap().claim, Claim::Known(2));
        let mated = read_line("6Qk/PP1PP1np/1N1BN2P/7R/4B3/2Q5/P3KP2/6R1 b - - bm #-1;");
        let mated = mated.case.unwrap();
        assert_eq!(
            (mated.claim, mated.claim.signed_length()),
            (Claim::Mated(1), Some(-1))
        );
        let dm_only = read_line("8/6p1/5pk1/7R/B7/8/8/7K w - - dm 1;")
            .case
            .unwrap();
        assert_eq!(
            (dm_only.claim, dm_only.keys),
            (Claim::Proven(1), KeyClaim::Any)
        );
    }

    #[test]
    fn unusable_lines_say_why() {
        let reason = |line: &str| match read_line(line).case {
            Err(Unusable::Input(reason)) => reason,
            other => panic!("{line}: {other:?}"),
        };
        assert!(reason("8/6p1/5pk1/7R/B7/8/8/7K w - - id \"x\";").contains("neither dm"));
        assert!(reason("8/6p1/5pk1/7R/B7/8/8/7K w - - bm Be8#;").contains("add dm"));
        assert!(reason("8/6p1/5pk1/7R/B7/8/8/7K w - - bm Qh1; dm 1;").contains("Qh1"));
        assert!(reason("8/6p1/5pk1/7R/B7/8/8/7K w - - bm #2; dm 1;").contains("contradicts"));
        assert!(reason("8/8/8/8/8/8/8/8 w - - dm 1;").contains("illegal position"));
        assert!(reason("8/8/8 w").contains("position field"));
    }
}
