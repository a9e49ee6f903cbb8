//! The CGH classification of the theory digest (§2.10, oracle I9 continued) for impartial chess
//! on Young diagrams: the witnesses the digest names for single games, and its table of which
//! families have which property, checked member by member with `mateproof::impartial::family`.

use mateproof::impartial::classify::{witness, Property};
use mateproof::impartial::family::{self, Family};
use mateproof::impartial::moveset::NAMED as GAMES;
use mateproof::impartial::{Moveset, Partition, Values};

fn solve(piece: &str, parts: &[u64]) -> Values {
    Values::solve(
        &Partition::new(parts).unwrap(),
        &Moveset::named(piece).unwrap(),
    )
}

/// I9 (continued): the §2.10 CGH classification, member by member, with the digest's
/// witnesses (the failing Conway pair) on the partitions it names.
#[test]
fn i9_cgh_classification() {
    let fails = |piece: &str, parts: &[u64], property: Property| {
        witness(&solve(piece, parts), property)
            .unwrap_or_else(|| panic!("{piece} on {parts:?} should not be {}", property.name()))
            .pair
    };
    // Single-game witnesses of the table (game @ failing Conway pair).
    assert_eq!(fails("downright", &[4, 2, 1, 1], Property::Pet), (0, 0));
    assert_eq!(fails("downright", &[5, 3, 2, 2], Property::Tame), (2, 1));
    assert_eq!(
        fails("downright", &[5, 3, 2, 2], Property::Miserable),
        (2, 1)
    );
    assert_eq!(fails("downright", &[4, 2], Property::Forced), (0, 1));
    assert_eq!(fails("king", &[3, 3, 3], Property::Pet), (0, 0));
    assert_eq!(fails("king", &[5, 3, 3, 3], Property::Tame), (2, 1));
    assert_eq!(fails("king", &[5, 5, 5, 1], Property::Domestic), (3, 0));
    assert_eq!(fails("king", &[3, 3, 1], Property::Forced), (0, 1));
    assert_eq!(
        fails("king", &[6, 6, 4, 4, 4], Property::Returnable),
        (1, 0)
    );
    assert_eq!(fails("rook", &[4, 4, 4, 1], Property::Tame), (1, 4));
    assert_eq!(fails("rook", &[5, 4, 4, 4], Property::Domestic), (4, 0));
    assert_eq!(fails("rook", &[3, 3, 2], Property::Forced), (0, 1));
    assert_eq!(
        fails("rook", &[6, 5, 5, 5, 5], Property::Returnable),
        (1, 0)
    );
    assert_eq!(fails("queen", &[2, 2, 2], Property::Forced), (0, 1));
    assert_eq!(fails("queen", &[6, 6, 6, 6], Property::Pet), (0, 0));
    // The digest's classification table, family by family: Y = every member has the property,
    // n = some member lacks it. Columns: pet, tame, miserable, domestic, forced, returnable.
    // (Knight on all partitions is left out: the digest finds its failures through Downright on
    // the reduced diagrams, and the Knight diagrams behind them exceed these bounds.)
    let table = [
        ("downright", "rectangles:12", "YYYYYY"),
        ("downright", "staircases:20", "YYYYYY"),
        ("downright", "all:22", "nnnYnY"),
        ("pawn", "rectangles:12", "YYYYYY"),
        ("pawn", "staircases:20", "YYYYnY"),
        ("pawn", "all:22", "YYYYnY"),
        ("knight", "staircases:20", "YYYYYY"),
        ("knight", "rectangles:12", "YYYYnY"),
        ("bishop", "rectangles:12", "YYYYYY"),
        ("bishop", "staircases:20", "YYYYYY"),
        ("bishop", "all:22", "YYYYYY"),
        ("king", "rectangles:12", "nYYYYY"),
        ("king", "staircases:20", "YYYYnY"),
        ("king", "all:24", "nnnnnn"),
        ("rook", "rectangles:12", "nYYYYY"),
        ("rook", "staircases:20", "YYYYYY"),
        ("rook", "all:22", "nnnnnY"),
        ("queen", "rectangles:12", "nYYYnY"),
        ("queen", "staircases:20", "YYYYYY"),
        // Queen's first pet failure is the 24-cell rectangle (4⁶) ("pet from rects").
        ("queen", "all:24", "nYYYnY"),
    ];
    for (piece, family, flags) in table {
        let found = family::classify(
            &Moveset::named(piece).unwrap(),
            Family::parse(family).unwrap(),
        );
        let got: String = found
            .iter()
            .map(|(_, w)| if w.is_some() { 'n' } else { 'Y' })
            .collect();
        assert_eq!(got, flags, "{piece} on {family}");
    }
    // Hooks are pet and forced for every moveset (L308, L374): every property holds.
    for piece in GAMES {
        let found = family::classify(&Moveset::named(piece).unwrap(), Family::Hooks(10));
        assert!(
            found.iter().all(|(_, w)| w.is_none()),
            "{piece} on hooks: {found:?}"
        );
    }
    // King's first returnability failure has 24 cells ([24 cells] in the digest): none below,
    // and at 24 cells it is the digest's (6,6,4,4,4) at a (1,0)-position.
    let king = Moveset::named("king").unwrap();
    let returnable = |bound| {
        let found = family::classify(&king, Family::All(bound));
        found[5]
            .1
            .clone()
            .map(|(member, w)| (member.to_string(), w.pair))
    };
    assert_eq!(returnable(23), None);
    assert_eq!(returnable(24), Some(("6,6,4,4,4".to_owned(), (1, 0))));
}
