//! Movesets of impartial chess on Young diagrams (seed 002, Definition 3.1): which
//! (rows-down, columns-right) displacements the single piece may make.
//!
//! A moveset is a list of leaps (exactly that displacement) and rides (every positive multiple
//! of the step, optionally up to a limit). Sliding needs no blocking test on a Young diagram:
//! if (i+a, j+b) is a cell, so is every cell between. This module names the paper's seven
//! games and reads the down/right part of a data-defined piece ([`crate::pieces`]); it never
//! computes values.

use crate::pieces::{ComponentKind, Modality, PieceDefinition};
use std::fmt;

/// A displacement: `down` rows and `right` columns, both ≥ 0 and not both 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    pub down: u32,
    pub right: u32,
}

/// A rider's step and its range: `max` steps at most, or unlimited when `None`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Ride {
    pub step: Step,
    pub max: Option<u32>,
}

/// Why a moveset cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MovesetError {
    #[error("'{0}' is not a vector (expected down,right such as 1,2: two whole numbers)")]
    BadVector(String),
    #[error("the vector 0,0 is not a move")]
    ZeroVector,
    #[error("unknown piece '{0}' (known: downright, pawn, knight, bishop, king, rook, queen)")]
    UnknownPiece(String),
    #[error("the moveset is empty")]
    Empty,
    #[error("piece '{0}' has a hop or lame component; hoppers need a hurdle and lame leapers a path of empty squares, which a Young diagram does not model, so impartial play refuses them")]
    Hopper(String),
    #[error("piece '{0}' has no move down or right (needs a vector [files, ranks] with files ≥ 0 and ranks ≤ 0 after its symmetry)")]
    NoDownRightMove(String),
}

/// The displacements a piece may make on a Young diagram.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Moveset {
    leaps: Vec<Step>,
    rides: Vec<Ride>,
}

/// The seven games of the paper, by the names the command line takes.
pub const NAMED: [&str; 7] = [
    "downright",
    "pawn",
    "knight",
    "bishop",
    "king",
    "rook",
    "queen",
];

impl Step {
    /// A step, refusing the zero vector.
    pub fn new(down: u32, right: u32) -> Result<Step, MovesetError> {
        if down == 0 && right == 0 {
            return Err(MovesetError::ZeroVector);
        }
        Ok(Step { down, right })
    }

    /// Parses "down,right", e.g. "1,2".
    pub fn parse(text: &str) -> Result<Step, MovesetError> {
        let bad = || MovesetError::BadVector(text.to_owned());
        let (down, right) = text.split_once(',').ok_or_else(bad)?;
        let down = down.trim().parse::<u32>().map_err(|_| bad())?;
        let right = right.trim().parse::<u32>().map_err(|_| bad())?;
        Step::new(down, right)
    }
}

impl Moveset {
    /// A moveset of these leaps and rides. It is a set: duplicates are kept out and the
    /// vectors are kept sorted, so equal sets compare equal whatever order they came in.
    pub fn new(leaps: &[Step], rides: &[Ride]) -> Result<Moveset, MovesetError> {
        let mut set = Moveset::default();
        for &leap in leaps {
            Step::new(leap.down, leap.right)?;
            if !set.leaps.contains(&leap) {
                set.leaps.push(leap);
            }
        }
        for &ride in rides {
            Step::new(ride.step.down, ride.step.right)?;
            if !set.rides.contains(&ride) {
                set.rides.push(ride);
            }
        }
        if set.leaps.is_empty() && set.rides.is_empty() {
            return Err(MovesetError::Empty);
        }
        set.leaps.sort_unstable();
        set.rides.sort_unstable();
        Ok(set)
    }

    /// One of the paper's games by name (case-insensitive), as Definition 3.1 reconstructs them.
    ///
    /// ```
    /// use mateproof::impartial::Moveset;
    /// assert_eq!(Moveset::named("King").unwrap().to_string(), "leaps 0,1 1,0 1,1");
    /// assert!(Moveset::named("dragon").is_err());
    /// ```
    pub fn named(name: &str) -> Result<Moveset, MovesetError> {
        let s = |down, right| Step { down, right };
        let ride = |down, right| Ride {
            step: s(down, right),
            max: None,
        };
        let (leaps, rides) = match name.to_ascii_lowercase().as_str() {
            "downright" => (vec![s(1, 0), s(0, 1)], vec![]),
            "pawn" => (vec![s(0, 1), s(1, 1)], vec![]),
            "knight" => (vec![s(1, 2), s(2, 1)], vec![]),
            "king" => (vec![s(1, 0), s(0, 1), s(1, 1)], vec![]),
            "bishop" => (vec![], vec![ride(1, 1)]),
            "rook" => (vec![], vec![ride(1, 0), ride(0, 1)]),
            "queen" => (vec![], vec![ride(1, 0), ride(0, 1), ride(1, 1)]),
            _ => return Err(MovesetError::UnknownPiece(name.to_owned())),
        };
        Moveset::new(&leaps, &rides)
    }

    /// The moveset of a data-defined piece on a Young diagram.
    ///
    /// The diagram lies on the board with its top-left cell at a8 (White's view): rows go down
    /// the board towards rank 1, columns go right towards the h-file. So a piece vector
    /// `[files, ranks]` becomes the step (down = −ranks, right = files), and exactly the
    /// vectors with files ≥ 0 and ranks ≤ 0 (after the component's symmetry) are usable:
    /// every other one leaves the subdiagram the piece stands on. Leap and ride components
    /// (a ride keeps its `max`) of modality move-and-capture or move-only contribute;
    /// capture-only components have nothing to capture on the empty diagram and contribute
    /// nothing. A hop or lame component is refused ([`MovesetError::Hopper`]), and so is a piece left
    /// with no usable vector.
    pub fn from_piece(piece: &PieceDefinition) -> Result<Moveset, MovesetError> {
        let mut leaps = Vec::new();
        let mut rides = Vec::new();
        for component in &piece.components {
            if matches!(
                component.kind,
                ComponentKind::Hop { .. } | ComponentKind::Lame { .. }
            ) {
                return Err(MovesetError::Hopper(piece.name.clone()));
            }
            if component.modality == Modality::CaptureOnly {
                continue;
            }
            for v in component.all_vectors() {
                if v.files < 0 || v.ranks > 0 || (v.files == 0 && v.ranks == 0) {
                    continue;
                }
                let step = Step {
                    down: v.ranks.unsigned_abs(),
                    right: v.files.unsigned_abs(),
                };
                match component.kind {
                    ComponentKind::Leap => leaps.push(step),
                    ComponentKind::Ride { max } => rides.push(Ride { step, max }),
                    ComponentKind::Hop { .. } | ComponentKind::Lame { .. } => {
                        unreachable!("refused above")
                    }
                }
            }
        }
        Moveset::new(&leaps, &rides).map_err(|e| match e {
            MovesetError::Empty => MovesetError::NoDownRightMove(piece.name.clone()),
            other => other,
        })
    }

    /// The leaps, sorted.
    pub fn leaps(&self) -> &[Step] {
        &self.leaps
    }

    /// The rides, sorted.
    pub fn rides(&self) -> &[Ride] {
        &self.rides
    }

    /// Calls `visit(down, right)` for every displacement this moveset allows in a position
    /// whose row `k` (counted from the piece's row) has `row_len(k)` cells right of and
    /// including the piece's column: (down, right) is a move when `row_len(down) > right`.
    /// A target may be visited more than once (a leap and a ride can share it).
    pub fn for_each_move(
        &self,
        row_len: impl Fn(usize) -> u64,
        mut visit: impl FnMut(usize, usize),
    ) {
        for leap in &self.leaps {
            let (a, b) = (leap.down as usize, leap.right as usize);
            if row_len(a) > b as u64 {
                visit(a, b);
            }
        }
        for ride in &self.rides {
            let (a, b) = (ride.step.down as usize, ride.step.right as usize);
            let mut k = 1usize;
            // Cells are left-justified and rows non-increasing, so the ray ends at the first
            // multiple that is not a cell.
            while ride.max.is_none_or(|max| k <= max as usize) && row_len(a * k) > (b * k) as u64 {
                visit(a * k, b * k);
                k += 1;
            }
        }
    }
}

impl fmt::Display for Moveset {
    /// "leaps 0,1 1,0; rides 1,1 2,1(max 3)".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sections = Vec::new();
        if !self.leaps.is_empty() {
            let words: Vec<String> = self
                .leaps
                .iter()
                .map(|s| format!("{},{}", s.down, s.right))
                .collect();
            sections.push(format!("leaps {}", words.join(" ")));
        }
        if !self.rides.is_empty() {
            let words: Vec<String> = self
                .rides
                .iter()
                .map(|r| match r.max {
                    Some(max) => format!("{},{}(max {max})", r.step.down, r.step.right),
                    None => format!("{},{}", r.step.down, r.step.right),
                })
                .collect();
            sections.push(format!("rides {}", words.join(" ")));
        }
        f.write_str(&sections.join("; "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn vectors_parse_and_refuse() {
        assert_eq!(Step::parse("1,2"), Ok(Step { down: 1, right: 2 }));
        assert_eq!(Step::parse("0,0"), Err(MovesetError::ZeroVector));
        assert!(matches!(Step::parse("1"), Err(MovesetError::BadVector(_))));
        assert!(matches!(
            Step::parse("-1,2"),
            Err(MovesetError::BadVector(_))
        ));
        assert!(matches!(
            Step::parse("1,x"),
            Err(MovesetError::BadVector(_))
        ));
        assert_eq!(Moveset::new(&[], &[]), Err(MovesetError::Empty));
    }

    #[test]
    fn named_games_are_the_papers() {
        for name in NAMED {
            assert!(Moveset::named(name).is_ok(), "{name}");
        }
        assert_eq!(
            Moveset::named("queen").unwrap().to_string(),
            "rides 0,1 1,0 1,1"
        );
        assert_eq!(
            Moveset::named("nightrider"),
            Err(MovesetError::UnknownPiece("nightrider".into()))
        );
    }

    #[test]
    fn rides_stop_at_the_edge_and_at_their_limit() {
        let rows = [5u64, 3, 2, 2];
        let row_len = |i: usize| rows.get(i).copied().unwrap_or(0);
        let mut seen = Vec::new();
        let set = Moveset::new(
            &[],
            &[
                Ride {
                    step: Step { down: 1, right: 1 },
                    max: None,
                },
                Ride {
                    step: Step { down: 0, right: 1 },
                    max: Some(2),
                },
            ],
        )
        .unwrap();
        set.for_each_move(row_len, |a, b| seen.push((a, b)));
        assert_eq!(seen, vec![(0, 1), (0, 2), (1, 1)]);
    }

    fn yaml(text: &str) -> Result<Moveset, MovesetError> {
        Moveset::from_piece(&crate::pieces::from_yaml_str(text).unwrap())
    }

    #[test]
    fn a_yaml_piece_keeps_exactly_its_down_right_vectors() {
        // Knight: of its eight leaps, [1,-2] and [2,-1] point down and right.
        let knight =
            yaml("piece: N\ncomponents: [{kind: leap, vectors: [[1,2]], symmetry: all}]\n");
        assert_eq!(knight.unwrap(), Moveset::named("knight").unwrap());
        // Queen: rook and bishop rides, all symmetric; [0,-1], [1,0], [1,-1] remain.
        let queen = yaml(
            "piece: Q\ncomponents:\n  - {kind: ride, vectors: [[0,1],[1,1]], symmetry: all}\n",
        );
        assert_eq!(queen.unwrap().to_string(), "rides 0,1 1,0 1,1");
        // A limited ride keeps its limit; a capture-only component adds nothing.
        let limited = yaml("piece: L\ncomponents:\n  - {kind: ride, vectors: [[1,-1]], max: 2}\n  - {kind: leap, vectors: [[0,-1]], mode: capture_only}\n");
        assert_eq!(limited.unwrap().to_string(), "rides 1,1(max 2)");
        assert_eq!(
            yaml("piece: G\ncomponents: [{kind: hop, vectors: [[0,1]], symmetry: all}]\n"),
            Err(MovesetError::Hopper("G".into()))
        );
        assert_eq!(
            yaml("piece: Up\ncomponents: [{kind: leap, vectors: [[0,1],[-1,0]]}]\n"),
            Err(MovesetError::NoDownRightMove("Up".into()))
        );
    }
}
