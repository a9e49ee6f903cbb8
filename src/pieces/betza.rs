//! Betza's funny notation as Fairy-Stockfish reads it, into piece components: so a piece
//! declared `a:NN` here moves exactly as Fairy-Stockfish's `customPiece1 = a:NN`.
//!
//! - Atoms: leapers `W F D N A H C L Z J G` and `K` (= `WF`), riders `R B Q`. A leaper
//!   doubled (`NN`) rides; a digit after an atom limits the ride (`N2`, `B3`; `0` unlimited).
//! - Prefixes apply to the next atom only: `m` move only, `c` capture only (neither or both:
//!   move and capture); `p` hops over one piece and lands anywhere beyond (a lion; `cpR` is the
//!   xiangqi cannon's capture), `g` lands just beyond (grasshopper); `n` makes a leap lame
//!   (`nN` is the xiangqi horse, Popeye's mao; `nA` the elephant); directions `f b l r v s`
//!   (and `h`), alone or combined as `fs`, `rf`, `ff`…, with Fairy-Stockfish's meaning for
//!   each of the eight images of an atom (for example `fN` is the two narrow forward knight
//!   leaps, `fsW` forward and sideways).
//! - Refused with a reason: initial moves (`i`), lame riders and hoppers, digits on hoppers,
//!   unknown letters, prefixes that end the text, and an empty text.
//!
//! Vectors are White's (`f` is towards rank 8); a board mirrors them for Black.

use super::definition::{Component, ComponentKind, Landing, Modality, Symmetry, Vector, Via};

/// Why a Betza text is no piece.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("Betza '{text}': {reason}")]
pub struct BetzaError {
    pub text: String,
    pub reason: String,
}

/// A leaper atom: (ranks, files) of its first image, Fairy-Stockfish's order.
fn leaper_atoms(c: char) -> Option<&'static [(i32, i32)]> {
    Some(match c {
        'W' => &[(1, 0)],
        'F' => &[(1, 1)],
        'D' => &[(2, 0)],
        'N' => &[(2, 1)],
        'A' => &[(2, 2)],
        'H' => &[(3, 0)],
        'C' | 'L' => &[(3, 1)],
        'Z' | 'J' => &[(3, 2)],
        'G' => &[(3, 3)],
        'K' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

/// A rider atom: rides without doubling.
fn rider_atoms(c: char) -> Option<&'static [(i32, i32)]> {
    Some(match c {
        'R' => &[(1, 0)],
        'B' => &[(1, 1)],
        'Q' => &[(1, 0), (1, 1)],
        _ => return None,
    })
}

const VERTICALS: &str = "fbvh";
const HORIZONTALS: &str = "rlsh";

/// The eight images of an atom (ranks `a`, files `b`) as `[files, ranks]`, each with the
/// direction pairs that select it (Fairy-Stockfish's table).
fn images(a: i32, b: i32) -> [(Vector, [&'static str; 7]); 8] {
    [
        (
            Vector::new(b, a),
            ["ff", "vv", "rf", "rv", "fh", "rh", "hr"],
        ),
        (
            Vector::new(-b, -a),
            ["bb", "vv", "lb", "lv", "bh", "lh", "hr"],
        ),
        (
            Vector::new(a, -b),
            ["rr", "ss", "br", "bs", "bh", "rh", "hr"],
        ),
        (
            Vector::new(-a, b),
            ["ll", "ss", "fl", "fs", "fh", "lh", "hr"],
        ),
        (
            Vector::new(a, b),
            ["rr", "ss", "fr", "fs", "fh", "rh", "hl"],
        ),
        (
            Vector::new(-a, -b),
            ["ll", "ss", "bl", "bs", "bh", "lh", "hl"],
        ),
        (
            Vector::new(b, -a),
            ["bb", "vv", "rb", "rv", "bh", "rh", "hl"],
        ),
        (
            Vector::new(-b, a),
            ["ff", "vv", "lf", "lv", "fh", "lh", "hl"],
        ),
    ]
}

/// The prefixes read since the last atom.
#[derive(Default)]
struct Prefixes {
    quiet: bool,
    capture: bool,
    hop: Option<Landing>,
    lame: bool,
    directions: Vec<String>,
    text: String,
}

/// Parses a Betza text into components (one per atom and its prefixes).
///
/// ```
/// use mateproof::pieces::{betza, ComponentKind};
/// let nightrider = betza::parse("NN").unwrap();
/// assert_eq!(nightrider[0].kind, ComponentKind::Ride { max: None });
/// assert_eq!(nightrider[0].all_vectors().len(), 8);
/// assert_eq!(betza::parse("fsW").unwrap()[0].all_vectors().len(), 3);
/// assert!(betza::parse("iW").is_err());
/// ```
pub fn parse(text: &str) -> Result<Vec<Component>, BetzaError> {
    let fail = |reason: String| BetzaError {
        text: text.to_owned(),
        reason,
    };
    let chars: Vec<char> = text.chars().collect();
    let mut components = Vec::new();
    let mut pre = Prefixes::default();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            'm' => pre.quiet = true,
            'c' => pre.capture = true,
            'p' => pre.hop = Some(Landing::Any),
            'g' => pre.hop = Some(Landing::Next),
            'n' => pre.lame = true,
            'i' => return Err(fail("initial moves ('i') are not supported".into())),
            _ if VERTICALS.contains(c) || HORIZONTALS.contains(c) => {
                let next = chars.get(i + 1).copied();
                let combines = next.is_some_and(|c2| {
                    c2 == c
                        || (VERTICALS.contains(c) && HORIZONTALS.contains(c2))
                        || (HORIZONTALS.contains(c) && VERTICALS.contains(c2))
                });
                match next {
                    Some(c2) if combines => {
                        pre.directions.push(format!("{c}{c2}"));
                        pre.text.push(c);
                        i += 1;
                    }
                    _ => pre.directions.push(format!("{c}{c}")),
                }
            }
            _ => {
                let (atoms, mut rider) = match (rider_atoms(c), leaper_atoms(c)) {
                    (Some(atoms), _) => (atoms, true),
                    (None, Some(atoms)) => (atoms, false),
                    (None, None) => {
                        return Err(fail(format!("'{c}' is neither an atom nor a modifier")))
                    }
                };
                let mut limit = None;
                match chars.get(i + 1) {
                    Some(&d) if d.is_ascii_digit() => {
                        rider = true;
                        limit = d.to_digit(10).filter(|&n| n > 0);
                        i += 1;
                    }
                    Some(&d) if d == c => {
                        rider = true;
                        i += 1;
                    }
                    _ => {}
                }
                let kind = match (pre.hop, pre.lame, rider) {
                    (Some(_), true, _) => {
                        return Err(fail("a piece cannot be both lame and a hopper".into()))
                    }
                    (Some(_), false, _) if limit.is_some() => {
                        return Err(fail(format!(
                            "a range digit on the hopper '{c}' is not supported"
                        )))
                    }
                    (Some(landing), false, _) => ComponentKind::Hop {
                        hurdles: 1,
                        landing,
                    },
                    (None, true, true) => {
                        return Err(fail(format!("lame riders ('n{c}…') are not supported")))
                    }
                    (None, true, false) => {
                        let via = if c == 'N' { Via::Orthogonal } else { Via::Line };
                        let straight = atoms.iter().all(|&(a, b)| b == 0 || a == b);
                        if c != 'N' && !straight {
                            return Err(fail(format!("a lame '{c}' has no defined path")));
                        }
                        ComponentKind::Lame { via }
                    }
                    (None, false, true) => ComponentKind::Ride { max: limit },
                    (None, false, false) => ComponentKind::Leap,
                };
                let modality = match (pre.quiet, pre.capture) {
                    (true, false) => Modality::MoveOnly,
                    (false, true) => Modality::CaptureOnly,
                    _ => Modality::MoveAndCapture,
                };
                for &(a, b) in atoms {
                    components.push(component(kind, modality, a, b, atoms.len(), &pre));
                }
                pre = Prefixes::default();
                i += 1;
                continue;
            }
        }
        pre.text.push(chars[i]);
        i += 1;
    }
    if !pre.text.is_empty() {
        return Err(fail(format!(
            "the modifiers '{}' apply to no atom",
            pre.text
        )));
    }
    if components.is_empty() {
        return Err(fail("no atom (an empty piece never moves)".into()));
    }
    Ok(components)
}

/// One atom's component: all eight images without directions, else the selected ones.
fn component(
    kind: ComponentKind,
    modality: Modality,
    a: i32,
    b: i32,
    atom_count: usize,
    pre: &Prefixes,
) -> Component {
    if pre.directions.is_empty() {
        return Component {
            kind,
            vectors: vec![Vector::new(b, a)],
            symmetry: Symmetry::All,
            modality,
        };
    }
    // Fairy-Stockfish splits a mixed direction for a single orthogonal atom: `fsW` is `ffW`
    // and `ssW` (forward and sideways), not the images tagged `fs`.
    let mut directions = Vec::new();
    for s in &pre.directions {
        let bytes = s.as_bytes();
        if atom_count == 1 && b == 0 && bytes[0] != bytes[1] {
            directions.push(format!("{0}{0}", bytes[0] as char));
            directions.push(format!("{0}{0}", bytes[1] as char));
        } else {
            directions.push(s.clone());
        }
    }
    let mut vectors = Vec::new();
    for (v, tags) in images(a, b) {
        let selected = tags.iter().any(|t| directions.iter().any(|d| d == t));
        if selected && !vectors.contains(&v) {
            vectors.push(v);
        }
    }
    Component {
        kind,
        vectors,
        symmetry: Symmetry::None,
        modality,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    fn vectors(text: &str) -> BTreeSet<(i32, i32)> {
        parse(text)
            .unwrap()
            .iter()
            .flat_map(|c| c.all_vectors())
            .map(|v| (v.files, v.ranks))
            .collect()
    }

    #[test]
    fn atoms_give_their_leaps_and_rides() {
        assert_eq!(vectors("W").len(), 4);
        assert_eq!(vectors("N").len(), 8);
        assert_eq!(vectors("K").len(), 8);
        assert_eq!(vectors("Q").len(), 8);
        assert!(vectors("C").contains(&(1, 3)));
        assert!(vectors("Z").contains(&(2, 3)));
        assert!(vectors("G").contains(&(3, 3)));
        assert!(vectors("H").contains(&(0, 3)));
        assert_eq!(
            parse("R").unwrap()[0].kind,
            ComponentKind::Ride { max: None }
        );
        assert_eq!(
            parse("N2").unwrap()[0].kind,
            ComponentKind::Ride { max: Some(2) }
        );
        assert_eq!(
            parse("N0").unwrap()[0].kind,
            ComponentKind::Ride { max: None }
        );
        assert_eq!(parse("N").unwrap()[0].kind, ComponentKind::Leap);
        // Two atoms, two components each with its own kind.
        let princess = parse("BN").unwrap();
        assert_eq!(princess.len(), 2);
        assert_eq!(princess[1].kind, ComponentKind::Leap);
    }

    #[test]
    fn directions_select_fairy_stockfish_images() {
        // Narrow forward knight (shogi knight), forward + sideways wazir (xiangqi soldier).
        assert_eq!(vectors("fN"), BTreeSet::from([(1, 2), (-1, 2)]));
        assert_eq!(vectors("fsW"), BTreeSet::from([(0, 1), (1, 0), (-1, 0)]));
        assert_eq!(vectors("fF"), BTreeSet::from([(1, 1), (-1, 1)]));
        assert_eq!(vectors("bW"), BTreeSet::from([(0, -1)]));
        assert_eq!(vectors("vR"), BTreeSet::from([(0, 1), (0, -1)]));
        assert_eq!(vectors("sR"), BTreeSet::from([(1, 0), (-1, 0)]));
        assert_eq!(vectors("frN"), BTreeSet::from([(2, 1)]));
        assert_eq!(vectors("rfN"), BTreeSet::from([(1, 2)]));
        assert_eq!(vectors("fsN").len(), 2);
        // Directions apply to the next atom only.
        assert_eq!(vectors("fWF").len(), 1 + 4);
    }

    #[test]
    fn modifiers_set_modality_and_kind() {
        let cannon = parse("mRcpR").unwrap();
        assert_eq!(cannon[0].modality, Modality::MoveOnly);
        assert_eq!(cannon[0].kind, ComponentKind::Ride { max: None });
        assert_eq!(cannon[1].modality, Modality::CaptureOnly);
        assert_eq!(
            cannon[1].kind,
            ComponentKind::Hop {
                hurdles: 1,
                landing: Landing::Any
            }
        );
        let grasshopper = parse("gQ").unwrap();
        assert_eq!(grasshopper.len(), 2);
        assert!(grasshopper.iter().all(|c| c.kind
            == ComponentKind::Hop {
                hurdles: 1,
                landing: Landing::Next
            }));
        assert_eq!(
            parse("nN").unwrap()[0].kind,
            ComponentKind::Lame {
                via: Via::Orthogonal
            }
        );
        assert_eq!(
            parse("nA").unwrap()[0].kind,
            ComponentKind::Lame { via: Via::Line }
        );
        assert_eq!(parse("mcN").unwrap()[0].modality, Modality::MoveAndCapture);
    }

    #[test]
    fn bad_texts_are_refused_with_a_reason() {
        for (text, needle) in [
            ("", "no atom"),
            ("Y", "'Y' is neither"),
            ("iW", "initial"),
            ("Nm", "apply to no atom"),
            ("fN f", "' ' is neither"),
            ("nNN", "lame riders"),
            ("gN2", "range digit"),
            ("npR", "both lame and a hopper"),
            ("nZ", "no defined path"),
        ] {
            let error = parse(text).unwrap_err();
            assert!(
                error.to_string().contains(needle),
                "{text}: {error} lacks {needle}"
            );
        }
    }
}
