//! Families of diagrams (Definition 2.1 and §2.10 of the digest): rectangles, staircases,
//! hooks, or every partition up to a size, each up to a bound. The CGH properties are claims
//! about families ("King on rectangles is forced and miserable"); a family has a property when
//! every member game has it, so [`classify`] checks member by member and names the first
//! member that fails. Enumeration only, bounded so that a command answers in seconds.

use super::classify::{self, Property, Witness};
use super::grundy::Values;
use super::moveset::Moveset;
use super::partition::Partition;

/// A family and its bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// (n^m) for 1 ≤ m, n ≤ the bound.
    Rectangles(u64),
    /// δ_n = (n, n−1, …, 1) for 1 ≤ n ≤ the bound.
    Staircases(u64),
    /// (a, 1^b) for 1 ≤ a ≤ the bound and 0 ≤ b < the bound.
    Hooks(u64),
    /// Every partition of 1 to the bound cells.
    All(u64),
}

/// Largest bound for each family: rectangles and all partitions grow fast (all partitions of
/// up to 30 cells are 28 628 games).
const LIMITS: [(&str, u64); 4] = [
    ("rectangles", 30),
    ("staircases", 200),
    ("hooks", 200),
    ("all", 30),
];

/// Why a family's text does not read; each names the text as given.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum FamilyError {
    /// Not `kind:N`, or a kind that is not one of the four.
    #[error("'{0}': expected rectangles:N, staircases:N, hooks:N or all:N")]
    Unknown(String),
    /// A bound outside 1 to the kind's limit ([`LIMITS`]).
    #[error("'{text}': the bound of {kind} must be from 1 to {limit}")]
    Bound {
        text: String,
        kind: String,
        limit: u64,
    },
}

impl Family {
    /// Reads "rectangles:12", "staircases:20", "hooks:10" or "all:22".
    pub fn parse(text: &str) -> Result<Family, FamilyError> {
        let unknown = || FamilyError::Unknown(text.to_owned());
        let (kind, bound) = text.split_once(':').ok_or_else(unknown)?;
        let kind = kind.trim().to_ascii_lowercase();
        let &(_, limit) = LIMITS
            .iter()
            .find(|(name, _)| *name == kind)
            .ok_or_else(unknown)?;
        let bound = match bound.trim().parse::<u64>() {
            Ok(n) if (1..=limit).contains(&n) => n,
            _ => {
                return Err(FamilyError::Bound {
                    text: text.to_owned(),
                    kind,
                    limit,
                })
            }
        };
        Ok(match kind.as_str() {
            "rectangles" => Family::Rectangles(bound),
            "staircases" => Family::Staircases(bound),
            "hooks" => Family::Hooks(bound),
            _ => Family::All(bound),
        })
    }

    /// The members, smallest first within each kind's natural order.
    pub fn members(self) -> Vec<Partition> {
        let make = |parts: Vec<u64>| Partition::new(&parts).expect("family members are valid");
        match self {
            Family::Rectangles(n) => (1..=n)
                .flat_map(|m| (1..=n).map(move |k| vec![k; m as usize]))
                .map(make)
                .collect(),
            Family::Staircases(n) => (1..=n).map(|k| make((1..=k).rev().collect())).collect(),
            Family::Hooks(n) => (1..=n)
                .flat_map(|a| (0..n).map(move |b| (a, b)))
                .map(|(a, b)| {
                    make(
                        std::iter::once(a)
                            .chain(std::iter::repeat_n(1, b as usize))
                            .collect(),
                    )
                })
                .collect(),
            Family::All(n) => (1..=n).flat_map(partitions_of).map(make).collect(),
        }
    }
}

/// Every partition of n as its parts, in reverse lexicographic order ((n) first, (1^n) last).
///
/// ```
/// use mateproof::impartial::family::partitions_of;
/// assert_eq!(partitions_of(4), [vec![4], vec![3, 1], vec![2, 2], vec![2, 1, 1], vec![1, 1, 1, 1]]);
/// ```
pub fn partitions_of(n: u64) -> Vec<Vec<u64>> {
    fn extend(rest: u64, max: u64, prefix: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        if rest == 0 {
            out.push(prefix.clone());
            return;
        }
        for part in (1..=rest.min(max)).rev() {
            prefix.push(part);
            extend(rest - part, part, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    extend(n, n, &mut Vec::new(), &mut out);
    out
}

/// For each property, the first member (in [`Family::members`] order) whose game violates it,
/// with the witness; `None` when every member has it.
pub fn classify(
    moveset: &Moveset,
    family: Family,
) -> Vec<(Property, Option<(Partition, Witness)>)> {
    let mut found: Vec<(Property, Option<(Partition, Witness)>)> =
        Property::ALL.iter().map(|&p| (p, None)).collect();
    for member in family.members() {
        if found.iter().all(|(_, w)| w.is_some()) {
            break;
        }
        let values = Values::solve(&member, moveset);
        for (property, slot) in found.iter_mut().filter(|(_, w)| w.is_none()) {
            if let Some(w) = classify::witness(&values, *property) {
                *slot = Some((member.clone(), w));
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn families_parse_and_enumerate() {
        assert_eq!(Family::parse("rectangles:3").unwrap().members().len(), 9);
        assert_eq!(
            Family::parse("Staircases:4").unwrap().members()[3].to_string(),
            "4,3,2,1"
        );
        assert_eq!(Family::parse("hooks:2").unwrap().members().len(), 4);
        // 1 + 2 + 3 + 5 + 7 partitions of 1..=5.
        assert_eq!(Family::parse("all:5").unwrap().members().len(), 18);
        assert!(Family::parse("all:31").is_err());
        assert_eq!(
            Family::parse("Hooks:201").map_err(|e| e.to_string()),
            Err("'Hooks:201': the bound of hooks must be from 1 to 200".to_owned())
        );
        assert_eq!(
            Family::parse("squares:3"),
            Err(FamilyError::Unknown("squares:3".to_owned()))
        );
        assert_eq!(
            Family::parse("rectangles").map_err(|e| e.to_string()),
            Err("'rectangles': expected rectangles:N, staircases:N, hooks:N or all:N".to_owned())
        );
        assert!(Family::parse("rectangles").is_err());
        assert!(Family::parse("squares:3").is_err());
        assert!(Family::parse("hooks:0").is_err());
    }
}
