//! The Popeye walks Mateproof has as data: each with Popeye's codes and names in English,
//! German and French and its components (read off Popeye's `pieces/walks/` sources: which
//! vectors, leaping, riding, hopping or lame). Lookup by any code or name in any language;
//! and the guard that refuses a user piece (Betza, YAML) named like one of Popeye's walks or
//! claiming one of its codes while moving differently (the seed's "Dragon" is not Popeye's).
//!
//! Two codes differ from Popeye's `pie-*.txt` help files, and follow the engine's tables:
//! the French Senora is `dg`, and the German camel's name is written `Camel` there.

use super::definition::{
    Component, ComponentKind, Landing, Modality, PieceDefinition, PieceError, Symmetry, Vector, Via,
};
use super::popeye_walks::POPEYE_WALKS;

/// The three languages of Popeye's input, in the order of [`Walk::codes`] and [`Walk::names`].
pub const LANGUAGES: [&str; 3] = ["English", "German", "French"];

/// A walk of Popeye's that Mateproof has.
pub struct Walk {
    /// Popeye's code in English, German and French (lower case).
    pub codes: [&'static str; 3],
    /// Popeye's name in English, German and French.
    pub names: [&'static str; 3],
    /// The components; `None` for the pawn, which the boards move by their own code.
    components: Option<fn() -> Vec<Component>>,
}

const ROOK: &[(i32, i32)] = &[(0, 1)];
const BISHOP: &[(i32, i32)] = &[(1, 1)];
const QUEEN: &[(i32, i32)] = &[(0, 1), (1, 1)];
const KNIGHT: &[(i32, i32)] = &[(1, 2)];
const CAMEL: &[(i32, i32)] = &[(1, 3)];
const ZEBRA: &[(i32, i32)] = &[(2, 3)];

fn part(kind: ComponentKind, vectors: &[(i32, i32)], modality: Modality) -> Component {
    Component {
        kind,
        vectors: vectors.iter().map(|&(f, r)| Vector::new(f, r)).collect(),
        symmetry: Symmetry::All,
        modality,
    }
}

fn leap(vectors: &[(i32, i32)]) -> Component {
    part(ComponentKind::Leap, vectors, Modality::MoveAndCapture)
}

fn ride(vectors: &[(i32, i32)]) -> Component {
    part(
        ComponentKind::Ride { max: None },
        vectors,
        Modality::MoveAndCapture,
    )
}

fn hop(vectors: &[(i32, i32)], hurdles: u8, landing: Landing, modality: Modality) -> Component {
    part(ComponentKind::Hop { hurdles, landing }, vectors, modality)
}

/// A Chinese piece: rides to empty squares, captures by hopping (pao, vao, leo).
fn chinese(vectors: &[(i32, i32)]) -> Vec<Component> {
    vec![
        part(
            ComponentKind::Ride { max: None },
            vectors,
            Modality::MoveOnly,
        ),
        hop(vectors, 1, Landing::Any, Modality::CaptureOnly),
    ]
}

macro_rules! walk {
    ([$en:literal, $de:literal, $fr:literal], [$en_name:literal, $de_name:literal, $fr_name:literal], $body:expr) => {
        Walk {
            codes: [$en, $de, $fr],
            names: [$en_name, $de_name, $fr_name],
            components: Some(|| $body),
        }
    };
}

/// The catalogue, orthodox pieces first, then the fairy walks in Popeye's order.
pub static WALKS: [Walk; 38] = [
    walk!(["k", "k", "r"], ["king", "König", "roi"], vec![leap(QUEEN)]),
    Walk {
        codes: ["p", "b", "p"],
        names: ["pawn", "Bauer", "pion"],
        components: None,
    },
    walk!(
        ["q", "d", "d"],
        ["queen", "Dame", "dame"],
        vec![ride(QUEEN)]
    ),
    walk!(
        ["s", "s", "c"],
        ["knight", "Springer", "cavalier"],
        vec![leap(KNIGHT)]
    ),
    walk!(["r", "t", "t"], ["rook", "Turm", "tour"], vec![ride(ROOK)]),
    walk!(
        ["b", "l", "f"],
        ["bishop", "Läufer", "fou"],
        vec![ride(BISHOP)]
    ),
    walk!(["le", "le", "le"], ["leo", "Leo", "leo"], chinese(QUEEN)),
    walk!(
        ["ma", "ma", "ma"],
        ["mao", "Mao", "mao"],
        vec![part(
            ComponentKind::Lame {
                via: Via::Orthogonal
            },
            KNIGHT,
            Modality::MoveAndCapture
        )]
    ),
    walk!(["pa", "pa", "pa"], ["pao", "Pao", "pao"], chinese(ROOK)),
    walk!(["va", "va", "va"], ["vao", "Vao", "vao"], chinese(BISHOP)),
    walk!(
        ["g", "g", "s"],
        ["grashopper", "Grashüpfer", "sauterelle"],
        vec![hop(QUEEN, 1, Landing::Next, Modality::MoveAndCapture)]
    ),
    walk!(
        ["n", "n", "n"],
        ["nightrider", "Nachtreiter", "noctambule"],
        vec![ride(KNIGHT)]
    ),
    walk!(
        ["z", "z", "z"],
        ["zebra", "Zebra", "zebre"],
        vec![leap(ZEBRA)]
    ),
    walk!(
        ["ca", "ca", "ch"],
        ["camel", "Camel", "chameau"],
        vec![leap(CAMEL)]
    ),
    walk!(
        ["gi", "gi", "gi"],
        ["giraffe", "Giraffe", "girafe"],
        vec![leap(&[(1, 4)])]
    ),
    walk!(
        ["we", "we", "vi"],
        ["wazir", "Wesir", "vizir"],
        vec![leap(ROOK)]
    ),
    walk!(
        ["al", "al", "al"],
        ["alfil", "Alfil", "alfil"],
        vec![leap(&[(2, 2)])]
    ),
    walk!(
        ["fe", "fe", "fe"],
        ["fers", "Fers", "fers"],
        vec![leap(BISHOP)]
    ),
    walk!(
        ["da", "da", "da"],
        ["dabbaba", "Dabbaba", "dabbaba"],
        vec![leap(&[(0, 2)])]
    ),
    walk!(
        ["li", "li", "li"],
        ["lion", "Lion", "lion"],
        vec![hop(QUEEN, 1, Landing::Any, Modality::MoveAndCapture)]
    ),
    walk!(
        ["am", "am", "am"],
        ["amazon", "Amazone", "amazone"],
        vec![ride(QUEEN), leap(KNIGHT)]
    ),
    walk!(
        ["em", "kn", "im"],
        ["empress", "Kaiserin", "imperatrice"],
        vec![ride(ROOK), leap(KNIGHT)]
    ),
    walk!(
        ["pr", "pr", "pr"],
        ["princess", "Prinzessin", "princesse"],
        vec![ride(BISHOP), leap(KNIGHT)]
    ),
    walk!(
        ["gn", "gn", "g"],
        ["gnu", "Gnu", "gnou"],
        vec![leap(CAMEL), leap(KNIGHT)]
    ),
    walk!(
        ["an", "an", "an"],
        ["antelope", "Antilope", "antilope"],
        vec![leap(&[(3, 4)])]
    ),
    walk!(
        ["sq", "ei", "ec"],
        ["squirrel", "Eichhörnchen", "ecureuil"],
        vec![leap(&[(0, 2), (2, 2)]), leap(KNIGHT)]
    ),
    walk!(
        ["wa", "wa", "v"],
        ["waran", "Waran", "varan"],
        vec![ride(KNIGHT), ride(ROOK)]
    ),
    walk!(
        ["ka", "ka", "ka"],
        ["kangaroo", "Känguruh", "kangourou"],
        vec![hop(QUEEN, 2, Landing::Next, Modality::MoveAndCapture)]
    ),
    walk!(
        ["nh", "nh", "sn"],
        [
            "nightrider-hopper",
            "Nachtreiter-Hüpfer",
            "noctambule sauteur"
        ],
        vec![hop(KNIGHT, 1, Landing::Next, Modality::MoveAndCapture)]
    ),
    walk!(
        ["cr", "cr", "cn"],
        ["camelrider", "Kamelreiter", "chameau noctambule"],
        vec![ride(CAMEL)]
    ),
    walk!(
        ["zr", "zr", "zn"],
        ["zebrarider", "Zebrareiter", "zebre noctambule"],
        vec![ride(ZEBRA)]
    ),
    walk!(
        ["rl", "tl", "tl"],
        ["rook-lion", "Turm-Lion", "tour-lion"],
        vec![hop(ROOK, 1, Landing::Any, Modality::MoveAndCapture)]
    ),
    walk!(
        ["bl", "ll", "fl"],
        ["bishop-lion", "Läufer-Lion", "fou-lion"],
        vec![hop(BISHOP, 1, Landing::Any, Modality::MoveAndCapture)]
    ),
    walk!(
        ["mo", "mo", "mo"],
        ["moa", "Moa", "moa"],
        vec![part(
            ComponentKind::Lame { via: Via::Diagonal },
            KNIGHT,
            Modality::MoveAndCapture
        )]
    ),
    walk!(
        ["rh", "th", "st"],
        ["rookhopper", "Turmhüpfer", "sauterelle tour"],
        vec![hop(ROOK, 1, Landing::Next, Modality::MoveAndCapture)]
    ),
    walk!(
        ["bh", "lh", "sf"],
        ["bishophopper", "Läuferhüpfer", "sauterelle fou"],
        vec![hop(BISHOP, 1, Landing::Next, Modality::MoveAndCapture)]
    ),
    walk!(
        ["ok", "ok", "ok"],
        ["okapi", "Okapi", "okapi"],
        vec![leap(KNIGHT), leap(ZEBRA)]
    ),
    walk!(
        ["bi", "bi", "bi"],
        ["bison", "Bison", "bison"],
        vec![leap(CAMEL), leap(ZEBRA)]
    ),
];

/// The Senora (Popeye's "argentinian queen"): captures as a queen, moves only by hopping a
/// piece onto any empty square beyond it. Kept apart from [`WALKS`] to keep that table's
/// lines short; [`walks`] yields it too.
pub static SENORA: Walk = walk!(
    ["se", "se", "dg"],
    ["senora", "Senora", "senora"],
    vec![
        part(
            ComponentKind::Ride { max: None },
            QUEEN,
            Modality::CaptureOnly
        ),
        hop(QUEEN, 1, Landing::Any, Modality::MoveOnly),
    ]
);

/// Every walk of the catalogue.
pub fn walks() -> impl Iterator<Item = &'static Walk> {
    WALKS.iter().chain(std::iter::once(&SENORA))
}

/// A name or code compared loosely: lower case, without spaces, hyphens and underscores
/// ("Rook-Lion", "rook_lion" and "rooklion" are one name).
fn loose(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

impl Walk {
    /// The components, or `None` for the pawn.
    pub fn components(&self) -> Option<Vec<Component>> {
        self.components.map(|build| build())
    }

    /// The walk as a piece definition, named in English CamelCase (`RookLion`), with its
    /// English code; `None` for the pawn.
    pub fn definition(&self) -> Option<PieceDefinition> {
        let name: String = self.names[0]
            .split([' ', '-'])
            .map(|word| {
                let mut chars = word.chars();
                chars.next().map_or(String::new(), |first| {
                    first.to_ascii_uppercase().to_string() + chars.as_str()
                })
            })
            .collect();
        Some(PieceDefinition {
            name,
            symbol: None,
            popeye: Some(self.codes[0].to_owned()),
            components: self.components()?,
            royal: self.codes[0] == "k",
            promotable: !matches!(self.codes[0], "k" | "p"),
        })
    }
}

/// The walk with this code or name in any of the three languages (case-insensitive): codes
/// first, English before German before French (the French `s` is the grasshopper, the
/// English and German `s` the knight), then names.
pub fn lookup(text: &str) -> Option<&'static Walk> {
    let key = loose(text);
    (0..LANGUAGES.len())
        .find_map(|language| walks().find(|w| w.codes[language] == key))
        .or_else(|| by_name(text))
}

/// The walk with this name in any of the three languages (case-insensitive; the English
/// "grasshopper" is accepted beside Popeye's "grashopper").
pub fn by_name(text: &str) -> Option<&'static Walk> {
    let key = loose(text);
    let key = if key == "grasshopper" {
        "grashopper".to_owned()
    } else {
        key
    };
    walks().find(|w| w.names.iter().any(|n| loose(n) == key))
}

/// What a piece does, as a set independent of how its components are written.
fn signature(components: &[Component]) -> std::collections::BTreeSet<String> {
    components
        .iter()
        .flat_map(|c| {
            c.all_vectors()
                .into_iter()
                .map(move |v| format!("{:?} {:?} {v}", c.kind, c.modality))
        })
        .collect()
}

/// Refuses a user piece whose name or Popeye code is one of Popeye's walks (in any
/// language) unless it is that walk exactly.
pub fn check_clash(piece: &PieceDefinition) -> Result<(), PieceError> {
    let name = loose(&piece.name);
    let code = piece.popeye.as_deref().map(loose);
    let named = |w: &(&str, &str, &str, &str)| loose(w.3) == name;
    let coded = |w: &(&str, &str, &str, &str)| {
        code.as_deref()
            .is_some_and(|c| [w.0, w.1, w.2].contains(&c))
    };
    let ours = signature(&piece.components);
    let same_as_catalogue = |w: &Walk| w.components().is_some_and(|c| signature(&c) == ours);
    if let Some(walk) = by_name(&piece.name).filter(|w| !same_as_catalogue(w)) {
        return Err(PieceError::PopeyeClash(format!(
            "piece '{}' is named like Popeye's {} ({}), which moves differently; choose another name",
            piece.name, walk.names[0], walk.codes[0]
        )));
    }
    if let Some(&(en, _, _, walk)) = POPEYE_WALKS.iter().find(|w| named(w)) {
        if by_name(&piece.name).is_none() {
            return Err(PieceError::PopeyeClash(format!(
                "piece '{}' is named like Popeye's {walk} ({en}); choose another name",
                piece.name
            )));
        }
    }
    // A code means different walks in different languages (`r`: the English rook, the
    // French king): it is fine when one of them is this piece.
    let mut coded_walks = POPEYE_WALKS.iter().filter(|w| coded(w)).peekable();
    if let Some(&&(en, _, _, walk)) = coded_walks.peek() {
        if !coded_walks.any(|w| by_name(w.3).is_some_and(same_as_catalogue)) {
            return Err(PieceError::PopeyeClash(format!(
                "piece '{}': Popeye code '{}' is Popeye's {walk} ({en}), which moves differently",
                piece.name,
                piece.popeye.as_deref().unwrap_or_default()
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_walk_is_a_valid_piece_under_popeyes_codes() {
        for walk in walks() {
            let index = POPEYE_WALKS
                .iter()
                .position(|w| [w.0, w.1, w.2] == walk.codes)
                .unwrap_or_else(|| panic!("{:?} are not Popeye's codes of one walk", walk.codes));
            assert_eq!(loose(POPEYE_WALKS[index].3), loose(walk.names[0]));
            if let Some(piece) = walk.definition() {
                assert_eq!(piece.validate(), Ok(()), "{}", walk.names[0]);
                assert_eq!(check_clash(&piece), Ok(()), "{}", walk.names[0]);
            }
        }
    }

    #[test]
    fn lookup_takes_any_language_and_spelling() {
        assert_eq!(lookup("G").map(|w| w.names[0]), Some("grashopper"));
        assert_eq!(lookup("grasshopper").map(|w| w.codes[0]), Some("g"));
        assert_eq!(lookup("Kaiserin").map(|w| w.codes[0]), Some("em"));
        assert_eq!(lookup("imperatrice").map(|w| w.codes[0]), Some("em"));
        assert_eq!(lookup("Rook Lion").map(|w| w.codes[1]), Some("tl"));
        assert_eq!(lookup("dg").map(|w| w.names[0]), Some("senora"));
        assert!(lookup("dragon").is_none());
    }

    #[test]
    fn a_clash_with_popeye_is_refused() {
        let mut dragon = crate::pieces::from_yaml_str(
            "piece: SeedDragon\ncomponents:\n  - {kind: ride, vectors: [[1,1]], symmetry: all}\n  - {kind: leap, vectors: [[1,2]], symmetry: all}\n",
        )
        .unwrap();
        dragon.name = "Dragon".into();
        let error = check_clash(&dragon).unwrap_err().to_string();
        assert!(error.contains("Popeye's dragon (dr)"), "{error}");
        dragon.name = "Princess".into();
        assert_eq!(check_clash(&dragon), Ok(()), "the princess is B+N");
        dragon.name = "Empress".into();
        assert!(check_clash(&dragon)
            .unwrap_err()
            .to_string()
            .contains("moves differently"));
        dragon.name = "SeedDragon".into();
        assert_eq!(check_clash(&dragon), Ok(()));
        dragon.popeye = Some("DR".into());
        assert!(check_clash(&dragon)
            .unwrap_err()
            .to_string()
            .contains("code 'DR'"));
        dragon.popeye = Some("pr".into());
        assert_eq!(check_clash(&dragon), Ok(()));
    }
}
