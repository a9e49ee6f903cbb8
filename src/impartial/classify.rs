//! The CGH properties of Definition 4.6 (digest §2.10) for one game: which Conway pairs
//! (G, G⁻) its positions have and how swap positions ((0,1) and (1,0)) connect.
//!
//! A game has a property when every one of its positions (every cell's subposition) obeys it;
//! otherwise the first offending cell in row-major order is the witness. A family has a
//! property when each member has it, so family claims are checked member by member (the
//! tests do). Computed from the value table of [`super::grundy`]; prints nothing.

use super::grundy::{Play, Values};

/// The six properties, in the paper's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Property {
    /// Every move from a (0,1)-position (resp. (1,0)) to a non-terminal x allows a move from x
    /// back to a (0,1)-position (resp. (1,0)).
    Returnable,
    /// Every move from a (0,1)-position leads to a (1,0)-position, and vice versa.
    Forced,
    /// No (0,k)- or (k,0)-positions with k ≥ 2.
    Domestic,
    /// Only (0,1)-, (1,0)- and (k,k)-positions.
    Tame,
    /// Every position is a swap position, or has no move to one, or has moves to both kinds.
    Miserable,
    /// Only (0,1)-, (1,0)- and (k,k)-positions with k ≥ 2.
    Pet,
}

/// Where a property fails: the cell, its Conway pair, and for a property of moves the move's
/// target cell and its pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Witness {
    pub cell: (usize, usize),
    pub pair: (u32, u32),
    pub target: Option<((usize, usize), (u32, u32))>,
}

impl Property {
    pub const ALL: [Property; 6] = [
        Property::Pet,
        Property::Tame,
        Property::Miserable,
        Property::Domestic,
        Property::Forced,
        Property::Returnable,
    ];

    /// The paper's word for the property.
    pub fn name(self) -> &'static str {
        match self {
            Property::Returnable => "returnable",
            Property::Forced => "forced",
            Property::Domestic => "domestic",
            Property::Tame => "tame",
            Property::Miserable => "miserable",
            Property::Pet => "pet",
        }
    }
}

const ZERO_ONE: (u32, u32) = (0, 1);
const ONE_ZERO: (u32, u32) = (1, 0);

fn pair(values: &Values, (i, j): (usize, usize)) -> (u32, u32) {
    (values.at(i, j, Play::Normal), values.at(i, j, Play::Misere))
}

fn is_swap(p: (u32, u32)) -> bool {
    p == ZERO_ONE || p == ONE_ZERO
}

/// The first cell (row-major) where the game violates `property`, or `None` if it has it.
///
/// ```
/// use mateproof::impartial::{classify::{witness, Property}, Moveset, Partition, Values};
/// let king = Values::solve(&Partition::parse("3,3,3").unwrap(), &Moveset::named("king").unwrap());
/// assert_eq!(witness(&king, Property::Pet).unwrap().pair, (0, 0));
/// assert!(witness(&king, Property::Forced).is_none());
/// ```
pub fn witness(values: &Values, property: Property) -> Option<Witness> {
    let p = values.partition();
    let cells = (0..p.rows()).flat_map(|i| (0..p.row_len(i) as usize).map(move |j| (i, j)));
    for cell in cells {
        let here = pair(values, cell);
        let found = |target: Option<(usize, usize)>| Witness {
            cell,
            pair: here,
            target: target.map(|t| (t, pair(values, t))),
        };
        match property {
            Property::Pet | Property::Tame | Property::Domestic => {
                let (g, m) = here;
                let fails = match property {
                    Property::Pet => !(is_swap(here) || (g == m && g >= 2)),
                    Property::Tame => !is_swap(here) && g != m,
                    _ => (g == 0 && m >= 2) || (m == 0 && g >= 2),
                };
                if fails {
                    return Some(found(None));
                }
            }
            Property::Miserable => {
                if is_swap(here) {
                    continue;
                }
                let targets: Vec<(u32, u32)> = values
                    .moves_from(cell.0, cell.1)
                    .into_iter()
                    .map(|t| pair(values, t))
                    .collect();
                let to_01 = targets.contains(&ZERO_ONE);
                let to_10 = targets.contains(&ONE_ZERO);
                if to_01 != to_10 {
                    return Some(found(None));
                }
            }
            Property::Forced | Property::Returnable => {
                if !is_swap(here) {
                    continue;
                }
                let other = if here == ZERO_ONE { ONE_ZERO } else { ZERO_ONE };
                for target in values.moves_from(cell.0, cell.1) {
                    let fails = if property == Property::Forced {
                        pair(values, target) != other
                    } else {
                        !values.is_terminal(target.0, target.1)
                            && !values
                                .moves_from(target.0, target.1)
                                .into_iter()
                                .any(|back| pair(values, back) == here)
                    };
                    if fails {
                        return Some(found(Some(target)));
                    }
                }
            }
        }
    }
    None
}
