//! Reads a piece definition from YAML in the schema of digest §3.4(b), and the seed's legacy
//! form (a `displacement` list with a `slide` flag) as a subset of it.
//!
//! ```yaml
//! piece: Camel                 # [A-Za-z_][A-Za-z0-9_]*
//! symbol: C                    # optional FEN/diagram letter
//! popeye: CA                   # optional Popeye code
//! components:
//!   - {kind: leap, vectors: [[1,3]], symmetry: all}
//!   - {kind: ride, vectors: [[1,1]], symmetry: all, max: 0, mode: move_only}   # 0 = unlimited
//! mode: move_and_capture       # default for components: move_and_capture | move_only | capture_only
//! royal: false
//! promotable_to: true
//! guards: [ordinary]
//! ```
//!
//! `kind` is `leap`, `ride`, `hop` or `lame`; `symmetry` is `none` (the default), `lr`, `fb`
//! or `all`. A hop takes `hurdles: 1|2` (default 1) and `landing: next|any` (default `next`:
//! the grasshopper; `any` is the lion); a lame leap takes `via: orthogonal|diagonal|line`
//! (the mao, the moa, a straight lame leap). Instead of `components`, `betza: "NN"` gives them
//! in Betza notation ([`super::betza`]).
//! The legacy form `displacement: [[f,r], …]` with `slide: true|false` loads as one ride or
//! leap component with symmetry `none`. Guards form a closed vocabulary: `ordinary`, or the
//! seed's `ColorGuard`, `PinGuard` and `CheckGuard` (whose rule text is not read: ordinary
//! legality is exactly what they state); anything else is refused. Unknown keys are refused, so
//! a misspelt field never silently changes a piece, and so is a piece named like one of
//! Popeye's walks or claiming its code while moving differently ([`super::catalogue`]). The
//! text's nesting is bounded before it is parsed ([`crate::formats::yaml::check_depth`]), so a
//! deeply nested file is refused at once. This module only translates text into
//! [`PieceDefinition`]; it never generates moves.

use super::definition::{
    Component, ComponentKind, Landing, Modality, PieceDefinition, PieceError, Symmetry, Vector, Via,
};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::Path;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPiece {
    piece: String,
    symbol: Option<String>,
    popeye: Option<String>,
    components: Option<Vec<RawComponent>>,
    betza: Option<String>,
    displacement: Option<Vec<[i64; 2]>>,
    slide: Option<bool>,
    mode: Option<RawModality>,
    royal: Option<bool>,
    promotable_to: Option<bool>,
    guards: Option<RawGuards>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawComponent {
    kind: RawKind,
    vectors: Vec<[i64; 2]>,
    symmetry: Option<RawSymmetry>,
    max: Option<u32>,
    mode: Option<RawModality>,
    hurdles: Option<u8>,
    landing: Option<RawLanding>,
    via: Option<RawVia>,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum RawLanding {
    Next,
    Any,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum RawVia {
    Orthogonal,
    Diagonal,
    Line,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum RawKind {
    Leap,
    Ride,
    Hop,
    Lame,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum RawSymmetry {
    None,
    Lr,
    Fb,
    All,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "snake_case")]
enum RawModality {
    MoveAndCapture,
    MoveOnly,
    CaptureOnly,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawGuards {
    List(Vec<String>),
    Legacy(BTreeMap<String, yaml_serde::Value>),
}

/// Guard names that mean ordinary legality (the seed's names included).
const ORDINARY_GUARDS: [&str; 4] = ["ordinary", "ColorGuard", "PinGuard", "CheckGuard"];

/// Parses and validates one piece.
///
/// ```
/// let camel = mateproof::pieces::from_yaml_str(
///     "piece: Camel\ncomponents:\n  - {kind: leap, vectors: [[1,3]], symmetry: all}\n",
/// ).unwrap();
/// assert_eq!(camel.components[0].all_vectors().len(), 8);
/// ```
pub fn from_yaml_str(text: &str) -> Result<PieceDefinition, PieceError> {
    crate::formats::yaml::check_depth(text).map_err(|e| PieceError::Syntax(e.to_string()))?;
    let raw: RawPiece =
        yaml_serde::from_str(text).map_err(|e| PieceError::Syntax(e.to_string()))?;
    let name = raw.piece;
    let default_mode = raw.mode.map_or(Modality::MoveAndCapture, modality);
    let forms: Vec<&'static str> = [
        ("components", raw.components.is_some()),
        ("displacement", raw.displacement.is_some()),
        ("betza", raw.betza.is_some()),
    ]
    .into_iter()
    .filter_map(|(field, given)| given.then_some(field))
    .collect();
    if let [first, second, ..] = forms[..] {
        return Err(PieceError::BothForms(name, first, second));
    }
    let components = match (raw.components, raw.displacement) {
        _ if raw.betza.is_some() => {
            let text = raw.betza.as_deref().unwrap_or_default();
            super::betza::parse(text)
                .map_err(|e| PieceError::Betza(format!("piece '{name}': {e}")))?
        }
        (Some(_), Some(_)) => {
            return Err(PieceError::BothForms(name, "components", "displacement"))
        }
        (Some(list), None) => list
            .iter()
            .enumerate()
            .map(|(k, c)| {
                check_fields(&name, k + 1, c)?;
                Ok(Component {
                    kind: match c.kind {
                        RawKind::Leap => ComponentKind::Leap,
                        RawKind::Ride => ComponentKind::Ride {
                            max: c.max.filter(|&m| m > 0),
                        },
                        RawKind::Hop => ComponentKind::Hop {
                            hurdles: c.hurdles.unwrap_or(1),
                            landing: match c.landing.unwrap_or(RawLanding::Next) {
                                RawLanding::Next => Landing::Next,
                                RawLanding::Any => Landing::Any,
                            },
                        },
                        RawKind::Lame => ComponentKind::Lame {
                            via: match c.via.unwrap_or(RawVia::Line) {
                                RawVia::Orthogonal => Via::Orthogonal,
                                RawVia::Diagonal => Via::Diagonal,
                                RawVia::Line => Via::Line,
                            },
                        },
                    },
                    vectors: vectors(&name, k + 1, &c.vectors)?,
                    symmetry: match c.symmetry.unwrap_or(RawSymmetry::None) {
                        RawSymmetry::None => Symmetry::None,
                        RawSymmetry::Lr => Symmetry::LeftRight,
                        RawSymmetry::Fb => Symmetry::FrontBack,
                        RawSymmetry::All => Symmetry::All,
                    },
                    modality: c.mode.map_or(default_mode, modality),
                })
            })
            .collect::<Result<Vec<_>, PieceError>>()?,
        (None, Some(list)) => vec![Component {
            kind: if raw.slide.unwrap_or(false) {
                ComponentKind::Ride { max: None }
            } else {
                ComponentKind::Leap
            },
            vectors: vectors(&name, 1, &list)?,
            symmetry: Symmetry::None,
            modality: default_mode,
        }],
        (None, None) => Vec::new(),
    };
    let guard_names: Vec<String> = match raw.guards {
        None => Vec::new(),
        Some(RawGuards::List(list)) => list,
        Some(RawGuards::Legacy(map)) => map.into_keys().collect(),
    };
    if let Some(bad) = guard_names
        .iter()
        .find(|g| !ORDINARY_GUARDS.contains(&g.as_str()))
    {
        return Err(PieceError::UnknownGuard(name, bad.clone()));
    }
    let symbol = match raw.symbol {
        None => None,
        Some(text) => {
            let mut chars = text.chars();
            match (chars.next(), chars.next()) {
                (Some(c), None) => Some(c),
                _ => return Err(PieceError::BadSymbol(name, text)),
            }
        }
    };
    let piece = PieceDefinition {
        name,
        symbol,
        popeye: raw.popeye,
        components,
        royal: raw.royal.unwrap_or(false),
        promotable: raw.promotable_to.unwrap_or(true),
    };
    piece.validate()?;
    super::catalogue::check_clash(&piece)?;
    Ok(piece)
}

/// Reads and parses a YAML piece file; errors name the file.
pub fn from_yaml_file(path: &Path) -> Result<PieceDefinition, PieceError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| PieceError::Syntax(format!("{}: {e}", path.display())))?;
    from_yaml_str(&text).map_err(|e| match e {
        PieceError::Syntax(message) => PieceError::Syntax(format!("{}: {message}", path.display())),
        other => other,
    })
}

/// Refuses a field that means nothing for the component's kind (`max` off a ride, `hurdles`
/// and `landing` off a hop, `via` off a lame leap), so it is never silently ignored.
fn check_fields(name: &str, number: usize, c: &RawComponent) -> Result<(), PieceError> {
    let misplaced = match c.kind {
        _ if c.max.is_some() && !matches!(c.kind, RawKind::Ride) => Some("max"),
        _ if c.hurdles.is_some() && !matches!(c.kind, RawKind::Hop) => Some("hurdles"),
        _ if c.landing.is_some() && !matches!(c.kind, RawKind::Hop) => Some("landing"),
        _ if c.via.is_some() && !matches!(c.kind, RawKind::Lame) => Some("via"),
        _ => None,
    };
    match misplaced {
        Some(field) => Err(PieceError::Syntax(format!(
            "piece '{name}': component {number}: '{field}' does not apply to this kind"
        ))),
        None => Ok(()),
    }
}

fn modality(raw: RawModality) -> Modality {
    match raw {
        RawModality::MoveAndCapture => Modality::MoveAndCapture,
        RawModality::MoveOnly => Modality::MoveOnly,
        RawModality::CaptureOnly => Modality::CaptureOnly,
    }
}

/// The vectors of component `number`, refusing coordinates no `i32` board could use.
fn vectors(name: &str, number: usize, raw: &[[i64; 2]]) -> Result<Vec<Vector>, PieceError> {
    let limit = i64::from(super::definition::MAX_COORDINATE);
    raw.iter()
        .map(|&[files, ranks]| {
            if files.abs() > limit || ranks.abs() > limit {
                return Err(PieceError::VectorTooLong(name.to_owned(), number));
            }
            Ok(Vector {
                files: files as i32,
                ranks: ranks as i32,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_schema_loads() {
        let text = "piece: SeedDragon\nsymbol: X\npopeye: null\ncomponents:\n  - {kind: ride, vectors: [[1,1]], symmetry: all, max: 0}\n  - {kind: leap, vectors: [[1,2]], symmetry: all}\n  - {kind: leap, vectors: [[0,1],[0,-1]], symmetry: none}\nmode: move_and_capture\nroyal: false\npromotable_to: true\nguards: [ordinary]\n";
        let piece = from_yaml_str(text).unwrap();
        assert_eq!(piece.name, "SeedDragon");
        assert_eq!(piece.symbol, Some('X'));
        assert_eq!(piece.popeye, None);
        assert_eq!(piece.components.len(), 3);
        assert_eq!(piece.components[0].kind, ComponentKind::Ride { max: None });
        let total: usize = piece.components.iter().map(|c| c.all_vectors().len()).sum();
        assert_eq!(total, 4 + 8 + 2);
    }

    #[test]
    fn the_seed_legacy_form_loads_as_one_component() {
        let text = "piece: Wazirish\ndisplacement: [[0,1],[1,0],[0,-1],[-1,0]]\nslide: true\nguards:\n ColorGuard: color(p) == turn(b)\n CheckGuard: not is_in_check(after(b,u,v), color(p))\n";
        let piece = from_yaml_str(text).unwrap();
        assert_eq!(piece.components.len(), 1);
        assert_eq!(piece.components[0].kind, ComponentKind::Ride { max: None });
        assert_eq!(piece.components[0].vectors.len(), 4);
    }

    #[test]
    fn bad_pieces_are_refused_with_a_reason() {
        let refuse = |text: &str| from_yaml_str(text).unwrap_err();
        assert!(matches!(
            refuse("piece: X\ncomponents: [{kind: jump, vectors: [[1,1]]}]\n"),
            PieceError::Syntax(_)
        ));
        assert!(matches!(
            refuse("piece: X\ncolour: red\ncomponents: [{kind: leap, vectors: [[1,1]]}]\n"),
            PieceError::Syntax(_)
        ));
        assert_eq!(
            refuse("piece: X\ncomponents: [{kind: leap, vectors: [[0,0]]}]\n"),
            PieceError::ZeroVector("X".into(), 1)
        );
        assert_eq!(refuse("piece: X\n"), PieceError::NoComponents("X".into()));
        assert_eq!(
            refuse(
                "piece: X\ndisplacement: [[1,1]]\ncomponents: [{kind: leap, vectors: [[1,1]]}]\n"
            ),
            PieceError::BothForms("X".into(), "components", "displacement")
        );
        let both = refuse("piece: X\nbetza: N\ncomponents: [{kind: leap, vectors: [[1,2]]}]\n");
        assert_eq!(
            both.to_string(),
            "piece 'X': give one of 'components' and 'betza', not both"
        );
        // Nesting is bounded before parsing: 100,000 deep is refused at once.
        let deep = format!(
            "piece: X\ncomponents: {}{}\n",
            "[".repeat(100_000),
            "]".repeat(100_000)
        );
        assert!(refuse(&deep)
            .to_string()
            .contains("nested more than 64 deep"));
        assert_eq!(
            refuse("piece: X\ncomponents: [{kind: leap, vectors: [[1,1]]}]\nguards: [eval]\n"),
            PieceError::UnknownGuard("X".into(), "eval".into())
        );
        assert_eq!(
            refuse("piece: X\ncomponents: [{kind: leap, vectors: [[9999999,1]]}]\n"),
            PieceError::VectorTooLong("X".into(), 1)
        );
        assert_eq!(
            refuse("piece: X\nsymbol: XY\ncomponents: [{kind: leap, vectors: [[1,1]]}]\n"),
            PieceError::BadSymbol("X".into(), "XY".into())
        );
    }
}
