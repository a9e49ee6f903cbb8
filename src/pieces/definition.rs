//! A piece as data (digest §3.4(b)): a name, a diagram symbol, an optional Popeye code and a
//! list of components, each a leap, a ride (optionally limited) or a hop along a few vectors,
//! widened by a symmetry and restricted by a modality (move, capture or both).
//!
//! This module holds the types and their validity rules only: no text format (see
//! [`super::yaml`]) and no move generation (a board or a Young diagram compiles the vectors
//! into its own tables). Vectors are `[files, ranks]` from White's side: `[0, 1]` is one step
//! up the board (towards rank 8), `[1, 0]` one step to the right (towards the h-file).

use std::fmt;

/// Largest coordinate a vector may have: far beyond any board, and small enough that every
/// sum and negation of coordinates stays exact.
pub const MAX_COORDINATE: i32 = 1_000_000;

/// A displacement in files (right positive) and ranks (up positive).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Vector {
    pub files: i32,
    pub ranks: i32,
}

/// How a component moves along its vectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComponentKind {
    /// To the vector's end square only (knight, king).
    Leap,
    /// Repeated steps along the vector over empty squares, at most `max` of them when given
    /// (rook, bishop, nightrider).
    Ride { max: Option<u32> },
    /// Along the vector's line over `hurdles` occupied squares (1 or 2, of either colour),
    /// landing as `landing` says: the grasshopper and the kangaroo, the lion and the capture
    /// of the Chinese pieces (a pao is a move-only ride plus a capture-only `Any` hop).
    Hop { hurdles: u8, landing: Landing },
    /// To the vector's end square when the square `via` says is empty: the mao (first step
    /// orthogonal) and the moa (first step diagonal) on knight vectors, or every square in
    /// between on a straight vector (Fairy-Stockfish's lame `nA`, `nD`).
    Lame { via: Via },
}

/// Where a hopper lands beyond its last hurdle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Landing {
    /// On the next square along the line (grasshopper, kangaroo, nightrider-hopper).
    Next,
    /// On any square beyond, over empty squares, or capturing on the first occupied one
    /// (lion, Popeye's Chinese captures, Fairy-Stockfish's `p`).
    Any,
}

/// Which square a lame leap passes, and must find empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Via {
    /// One orthogonal step along the longer coordinate, then a diagonal one (Popeye's mao,
    /// the xiangqi horse): knight vectors only.
    Orthogonal,
    /// One diagonal step, then an orthogonal one (Popeye's moa): knight vectors only.
    Diagonal,
    /// Every square strictly between, on a straight (orthogonal or diagonal) vector.
    Line,
}

/// Which vector images a component also has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Symmetry {
    /// The vectors as written.
    None,
    /// Mirrored left-right: (f, r) and (−f, r).
    LeftRight,
    /// Mirrored front-back: (f, r) and (f, −r).
    FrontBack,
    /// All eight images (±f, ±r) and (±r, ±f), as a knight's.
    All,
}

/// Whether a component's moves may go to an empty square, capture, or both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modality {
    MoveAndCapture,
    MoveOnly,
    CaptureOnly,
}

/// One way a piece moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Component {
    pub kind: ComponentKind,
    /// The vectors as written (before the symmetry is applied).
    pub vectors: Vec<Vector>,
    pub symmetry: Symmetry,
    pub modality: Modality,
}

/// A whole piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDefinition {
    /// `[A-Za-z_][A-Za-z0-9_]*`.
    pub name: String,
    /// The letter in FEN and diagrams, if it has one.
    pub symbol: Option<char>,
    /// Popeye's one- or two-character code, if the walk exists in Popeye.
    pub popeye: Option<String>,
    pub components: Vec<Component>,
    /// Whether the piece is royal (checks and mates apply to it).
    pub royal: bool,
    /// Whether a pawn may promote to it.
    pub promotable: bool,
}

/// Why a definition is not a valid piece.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PieceError {
    #[error("{0}")]
    Syntax(String),
    #[error("piece name '{0}' must be letters, digits and '_', not starting with a digit")]
    BadName(String),
    #[error("piece '{0}': symbol '{1}' must be a single letter")]
    BadSymbol(String, String),
    #[error("piece '{0}': Popeye code '{1}' must be one or two letters or digits")]
    BadPopeye(String, String),
    #[error("piece '{0}' has no components")]
    NoComponents(String),
    #[error("piece '{0}': component {1} has no vectors")]
    NoVectors(String, usize),
    #[error("piece '{0}': component {1} has the zero vector [0, 0], which is no move")]
    ZeroVector(String, usize),
    #[error("piece '{0}': component {1} has a coordinate beyond ±{MAX_COORDINATE}")]
    VectorTooLong(String, usize),
    /// Two of the forms `components`, `displacement` (the seed's) and `betza` are given (the
    /// two named, in that order).
    #[error("piece '{0}': give one of '{1}' and '{2}', not both")]
    BothForms(String, &'static str, &'static str),
    #[error("piece '{0}': component {1}: a hop passes 1 or 2 hurdles, not {2}")]
    BadHurdles(String, usize, u8),
    #[error("piece '{0}': component {1}: the lame path '{2}' does not fit the vector {3}")]
    BadLamePath(String, usize, String, Vector),
    #[error("{0}")]
    Betza(String),
    #[error("{0}")]
    PopeyeClash(String),
    #[error("piece '{0}': guard '{1}' is not supported (known: ordinary, ColorGuard, PinGuard, CheckGuard)")]
    UnknownGuard(String, String),
}

impl Vector {
    pub const fn new(files: i32, ranks: i32) -> Vector {
        Vector { files, ranks }
    }

    /// The squares a lame leap along this vector passes, as offsets from its start, or `None`
    /// when `via` does not fit the vector (see [`Via`]).
    ///
    /// ```
    /// use mateproof::pieces::{Vector, Via};
    /// assert_eq!(Vector::new(1, 2).lame_path(Via::Orthogonal), Some(vec![Vector::new(0, 1)]));
    /// assert_eq!(Vector::new(-2, 1).lame_path(Via::Diagonal), Some(vec![Vector::new(-1, 1)]));
    /// assert_eq!(Vector::new(0, 3).lame_path(Via::Line).map(|p| p.len()), Some(2));
    /// assert_eq!(Vector::new(1, 3).lame_path(Via::Orthogonal), None);
    /// ```
    pub fn lame_path(self, via: Via) -> Option<Vec<Vector>> {
        let (f, r) = (self.files, self.ranks);
        let knight = (f.abs() == 1 && r.abs() == 2) || (f.abs() == 2 && r.abs() == 1);
        match via {
            Via::Orthogonal if knight => Some(vec![if r.abs() > f.abs() {
                Vector::new(0, r.signum())
            } else {
                Vector::new(f.signum(), 0)
            }]),
            Via::Diagonal if knight => Some(vec![Vector::new(f.signum(), r.signum())]),
            Via::Line if f == 0 || r == 0 || f.abs() == r.abs() => {
                let steps = f.abs().max(r.abs());
                Some(
                    (1..steps)
                        .map(|t| Vector::new(t * f.signum(), t * r.signum()))
                        .collect(),
                )
            }
            _ => None,
        }
    }

    /// The vector with files and ranks swapped.
    fn transposed(self) -> Vector {
        Vector {
            files: self.ranks,
            ranks: self.files,
        }
    }
}

impl Component {
    /// Every vector after the symmetry, each once, in a fixed order.
    ///
    /// ```
    /// use mateproof::pieces::{Component, ComponentKind, Modality, Symmetry, Vector};
    /// let knight = Component {
    ///     kind: ComponentKind::Leap,
    ///     vectors: vec![Vector { files: 1, ranks: 2 }],
    ///     symmetry: Symmetry::All,
    ///     modality: Modality::MoveAndCapture,
    /// };
    /// assert_eq!(knight.all_vectors().len(), 8);
    /// ```
    pub fn all_vectors(&self) -> Vec<Vector> {
        let mut out = Vec::new();
        for &v in &self.vectors {
            let mut images = vec![v];
            if matches!(self.symmetry, Symmetry::LeftRight | Symmetry::All) {
                images.push(Vector {
                    files: -v.files,
                    ranks: v.ranks,
                });
            }
            if matches!(self.symmetry, Symmetry::FrontBack | Symmetry::All) {
                let mirrored: Vec<Vector> = images
                    .iter()
                    .map(|w| Vector {
                        files: w.files,
                        ranks: -w.ranks,
                    })
                    .collect();
                images.extend(mirrored);
            }
            if self.symmetry == Symmetry::All {
                let swapped: Vec<Vector> = images.iter().map(|w| w.transposed()).collect();
                images.extend(swapped);
            }
            for w in images {
                if !out.contains(&w) {
                    out.push(w);
                }
            }
        }
        out
    }
}

impl PieceDefinition {
    /// Checks the rules every piece obeys (name, symbol, code, non-empty non-zero vectors).
    pub fn validate(&self) -> Result<(), PieceError> {
        let name = &self.name;
        let mut chars = name.chars();
        let starts_well = chars
            .next()
            .is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
        if !starts_well || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(PieceError::BadName(name.clone()));
        }
        if let Some(symbol) = self.symbol {
            if !symbol.is_ascii_alphabetic() {
                return Err(PieceError::BadSymbol(name.clone(), symbol.to_string()));
            }
        }
        if let Some(code) = &self.popeye {
            if code.is_empty() || code.len() > 2 || !code.chars().all(|c| c.is_ascii_alphanumeric())
            {
                return Err(PieceError::BadPopeye(name.clone(), code.clone()));
            }
        }
        if self.components.is_empty() {
            return Err(PieceError::NoComponents(name.clone()));
        }
        for (k, component) in self.components.iter().enumerate() {
            let number = k + 1;
            if component.vectors.is_empty() {
                return Err(PieceError::NoVectors(name.clone(), number));
            }
            if let ComponentKind::Hop { hurdles, .. } = component.kind {
                if !(1..=2).contains(&hurdles) {
                    return Err(PieceError::BadHurdles(name.clone(), number, hurdles));
                }
            }
            for v in &component.vectors {
                if v.files == 0 && v.ranks == 0 {
                    return Err(PieceError::ZeroVector(name.clone(), number));
                }
                if v.files.abs() > MAX_COORDINATE || v.ranks.abs() > MAX_COORDINATE {
                    return Err(PieceError::VectorTooLong(name.clone(), number));
                }
                if let ComponentKind::Lame { via } = component.kind {
                    if v.lame_path(via).is_none() {
                        let path = format!("{via:?}").to_lowercase();
                        return Err(PieceError::BadLamePath(name.clone(), number, path, *v));
                    }
                }
            }
        }
        Ok(())
    }
}

/// `ride ≤2 [1, 2] all, move only`: the kind, the vectors as written, the symmetry and
/// a modality other than move-and-capture.
impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ComponentKind::Leap => write!(f, "leap")?,
            ComponentKind::Ride { max: None } => write!(f, "ride")?,
            ComponentKind::Ride { max: Some(m) } => write!(f, "ride ≤{m}")?,
            ComponentKind::Hop { hurdles, landing } => {
                let landing = match landing {
                    Landing::Next => "next",
                    Landing::Any => "any",
                };
                write!(f, "hop {hurdles} {landing}")?
            }
            ComponentKind::Lame { via } => write!(f, "lame {}", format!("{via:?}").to_lowercase())?,
        }
        for v in &self.vectors {
            write!(f, " {v}")?;
        }
        match self.symmetry {
            Symmetry::None => {}
            Symmetry::LeftRight => write!(f, " lr")?,
            Symmetry::FrontBack => write!(f, " fb")?,
            Symmetry::All => write!(f, " all")?,
        }
        match self.modality {
            Modality::MoveAndCapture => Ok(()),
            Modality::MoveOnly => write!(f, ", move only"),
            Modality::CaptureOnly => write!(f, ", capture only"),
        }
    }
}

impl fmt::Display for Vector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}, {}]", self.files, self.ranks)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leap(vectors: &[(i32, i32)], symmetry: Symmetry) -> Component {
        Component {
            kind: ComponentKind::Leap,
            vectors: vectors
                .iter()
                .map(|&(files, ranks)| Vector { files, ranks })
                .collect(),
            symmetry,
            modality: Modality::MoveAndCapture,
        }
    }

    #[test]
    fn symmetries_give_the_expected_images() {
        assert_eq!(leap(&[(1, 2)], Symmetry::None).all_vectors().len(), 1);
        assert_eq!(leap(&[(1, 2)], Symmetry::LeftRight).all_vectors().len(), 2);
        assert_eq!(leap(&[(1, 2)], Symmetry::FrontBack).all_vectors().len(), 2);
        assert_eq!(leap(&[(1, 2)], Symmetry::All).all_vectors().len(), 8);
        // Wazir and fers: the eight images collapse to four.
        assert_eq!(leap(&[(0, 1)], Symmetry::All).all_vectors().len(), 4);
        assert_eq!(leap(&[(1, 1)], Symmetry::All).all_vectors().len(), 4);
        // King = wazir + fers.
        assert_eq!(
            leap(&[(0, 1), (1, 1)], Symmetry::All).all_vectors().len(),
            8
        );
    }

    #[test]
    fn validation_names_the_fault() {
        let mut piece = PieceDefinition {
            name: "Camel".into(),
            symbol: Some('C'),
            popeye: Some("CA".into()),
            components: vec![leap(&[(1, 3)], Symmetry::All)],
            royal: false,
            promotable: true,
        };
        assert_eq!(piece.validate(), Ok(()));
        piece.name = "3x".into();
        assert_eq!(piece.validate(), Err(PieceError::BadName("3x".into())));
        piece.name = "Camel".into();
        piece.components = vec![leap(&[(0, 0)], Symmetry::None)];
        assert_eq!(
            piece.validate(),
            Err(PieceError::ZeroVector("Camel".into(), 1))
        );
        piece.components.clear();
        assert_eq!(
            piece.validate(),
            Err(PieceError::NoComponents("Camel".into()))
        );
    }
}
