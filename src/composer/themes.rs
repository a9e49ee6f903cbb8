//! Theme detection for a two-mover's play (thesis App. C): which variants show a self-block,
//! a self-pin, an unpin, a direct or indirect battery, and which groups of variants form a
//! Grimshaw, a Pickaninny or a half-pin. Tempo, king-flights and lonely king have no thematic
//! variants and are decided where the score is summed.
//!
//! Every test here looks at a (position after the key, Black defence, White mate) triple and
//! the positions between; nothing is priced here and nothing searches.

use super::play::{pinned, KeyPlay, Variant};
use super::settings::{ScoreSettings, SelfPinRule};
use crate::board::attacks::{aligned, between, bishop_attacks, king_attacks, rook_attacks};
use crate::board::{
    Bitboard, Color, GenKind, Move, MoveList, Position, Role, Setup, Square, Validation,
};

/// The thesis' eleven themes, in the order its printouts list them.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Theme {
    Tempo,
    DirectBattery,
    IndirectBattery,
    KingFlights,
    SelfBlock,
    SelfPin,
    HalfPin,
    Unpin,
    Grimshaw,
    Pickaninny,
    LonelyKing,
}

impl Theme {
    /// A short identifier without spaces, for machine-readable output.
    pub const fn id(self) -> &'static str {
        match self {
            Theme::Tempo => "tempo",
            Theme::DirectBattery => "direct-battery",
            Theme::IndirectBattery => "indirect-battery",
            Theme::KingFlights => "king-flights",
            Theme::SelfBlock => "self-block",
            Theme::SelfPin => "self-pin",
            Theme::HalfPin => "half-pin",
            Theme::Unpin => "unpin",
            Theme::Grimshaw => "grimshaw",
            Theme::Pickaninny => "pickaninny",
            Theme::LonelyKing => "lonely-king",
        }
    }

    /// The tag the thesis prints after a variant ("self-blocking; grimshaw").
    pub const fn tag(self) -> &'static str {
        match self {
            Theme::Tempo => "tempo",
            Theme::DirectBattery => "direct battery",
            Theme::IndirectBattery => "indirect battery",
            Theme::KingFlights => "king-flights",
            Theme::SelfBlock => "self-blocking",
            Theme::SelfPin => "self-pinning",
            Theme::HalfPin => "half-pinning",
            Theme::Unpin => "unpinning",
            Theme::Grimshaw => "grimshaw",
            Theme::Pickaninny => "pickaniny",
            Theme::LonelyKing => "lonely king",
        }
    }
}

/// A theme shown by one variant when White answers with `mate`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ThemeHit {
    pub theme: Theme,
    pub mate: Move,
}

/// Two Black line pieces that both can move to one square, each cutting the other's line
/// there, answered by different mates (theme 10; counted per pair, i.e. per square).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Grimshaw {
    pub square: Square,
    /// Indices into the play's variants.
    pub variants: [usize; 2],
}

/// A Black pawn on its seventh rank whose four moves each meet a different mate (theme 11).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Pickaninny {
    pub pawn: Square,
    pub variants: [usize; 4],
}

/// Two Black pieces on one line between a White slider and their king, each of which
/// self-pins the other when it moves, with different mates (theme 7; counted per line).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HalfPin {
    pub pinner: Square,
    pub variants: [usize; 2],
}

/// Everything found in one play.
#[derive(Clone, Debug, Default)]
pub struct ThemeFindings {
    /// Per variant (same index as `KeyPlay::variants`), the themes it shows.
    pub hits: Vec<Vec<ThemeHit>>,
    pub grimshaws: Vec<Grimshaw>,
    pub pickaninnies: Vec<Pickaninny>,
    pub half_pins: Vec<HalfPin>,
}

impl ThemeFindings {
    /// The distinct themes of variant `i`, in printout order.
    pub fn tags(&self, i: usize) -> Vec<Theme> {
        let mut tags: Vec<Theme> = self
            .hits
            .get(i)
            .into_iter()
            .flatten()
            .map(|h| h.theme)
            .collect();
        tags.sort();
        tags.dedup();
        tags
    }

    /// True when variant `i` shows any theme.
    pub fn is_thematic(&self, i: usize) -> bool {
        self.hits.get(i).is_some_and(|h| !h.is_empty())
    }
}

/// The positions of one (defence, mate) line.
struct Line<'a> {
    after_key: &'a Position,
    defence: Move,
    after_defence: Position,
    mate: Move,
    mated: Position,
}

/// Finds every theme of the play.
pub fn find_themes(play: &KeyPlay, settings: &ScoreSettings) -> ThemeFindings {
    let mut findings = ThemeFindings {
        hits: vec![Vec::new(); play.variants.len()],
        ..ThemeFindings::default()
    };
    // Per variant and mate, the Black pieces the defence self-pinned (for half-pins).
    let mut self_pins: Vec<Vec<(Move, Bitboard)>> = vec![Vec::new(); play.variants.len()];
    let mates: Vec<Vec<Move>> = play
        .variants
        .iter()
        .map(|v| theme_mates(play, v, settings))
        .collect();
    for (i, variant) in play.variants.iter().enumerate() {
        if mates[i].is_empty() {
            continue;
        }
        let after_defence = play.after_key.after(variant.defence);
        for &mate in &mates[i] {
            let line = Line {
                after_key: &play.after_key,
                defence: variant.defence,
                after_defence,
                mate,
                mated: after_defence.after(mate),
            };
            let mut hit = |theme| findings.hits[i].push(ThemeHit { theme, mate });
            if is_self_block(&line) {
                hit(Theme::SelfBlock);
            }
            let direct = direct_battery(&line);
            if direct {
                hit(Theme::DirectBattery);
            }
            if !direct && indirect_battery(&line) {
                hit(Theme::IndirectBattery);
            }
            if is_unpin(&line) {
                hit(Theme::Unpin);
            }
            let pins = self_pinned(&line, settings.self_pin);
            if pins.any() {
                hit(Theme::SelfPin);
                self_pins[i].push((mate, pins));
            }
        }
    }
    findings.grimshaws = grimshaws(play, &mates);
    findings.pickaninnies = pickaninnies(play, &mates);
    findings.half_pins = half_pins(play, &mates, &self_pins);
    let groups: Vec<(Theme, &[usize])> = (findings.grimshaws.iter())
        .map(|g| (Theme::Grimshaw, &g.variants[..]))
        .chain(
            findings
                .pickaninnies
                .iter()
                .map(|p| (Theme::Pickaninny, &p.variants[..])),
        )
        .chain(
            findings
                .half_pins
                .iter()
                .map(|h| (Theme::HalfPin, &h.variants[..])),
        )
        .collect();
    for (theme, indices) in groups {
        for &i in indices {
            let (Some(list), Some(shown)) = (findings.hits.get_mut(i), mates.get(i)) else {
                continue;
            };
            for &mate in shown {
                if !list.iter().any(|h| h.theme == theme && h.mate == mate) {
                    list.push(ThemeHit { theme, mate });
                }
            }
        }
    }
    findings
}

/// The mates of a variant that may carry themes: those that are not a threat (App. C note 4)
/// when White mates at all and, unless settings allow duals, only a single one. When they do,
/// a dual with the threat keeps its other mate (D9's `...d3 Rd4#/Re5#`, which the thesis calls
/// "self-blocking; thematic minor dual").
fn theme_mates(play: &KeyPlay, variant: &Variant, settings: &ScoreSettings) -> Vec<Move> {
    if variant.mates.len() > 1 && !settings.themes_in_dual_variants {
        return Vec::new();
    }
    let threats = play.threat.moves();
    variant
        .mates
        .iter()
        .copied()
        .filter(|m| !threats.contains(m))
        .collect()
}

/// True when two mate lists share no move.
fn disjoint(a: &[Move], b: &[Move]) -> bool {
    !a.iter().any(|m| b.contains(m))
}

/// Theme 5: a Black piece (not the king) moved to a square next to its king that the king could
/// flee to in the mate position were the piece not there. A blocker White captures with the
/// mate does not count (D1: `...Bd5 Q:d5#`).
fn is_self_block(line: &Line) -> bool {
    let mover = line.after_key.role_at(line.defence.from());
    if mover == Some(Role::King) || line.defence.is_castle() {
        return false;
    }
    let square = line.defence.to();
    let Some(king) = line.mated.king(Color::Black) else {
        return false;
    };
    line.mated.by_color(Color::Black).contains(square)
        && king_attacks(king).contains(square)
        && !line
            .mated
            .is_attacked(square, Color::White, line.mated.occupied().without(king))
}

/// White sliders of `color` whose line to `target` is blocked by `blocker` alone (with
/// `pos`'s occupancy), i.e. that would reach `target` if `blocker` left the line.
fn sliders_behind(pos: &Position, target: Square, blocker: Square, color: Color) -> Bitboard {
    let ours = pos.by_color(color);
    let snipers = ((rook_attacks(target, Bitboard::EMPTY) & pos.rooks_queens())
        | (bishop_attacks(target, Bitboard::EMPTY) & pos.bishops_queens()))
        & ours;
    let only_blocker = Bitboard::from_square(blocker);
    snipers
        .into_iter()
        .filter(|&s| between(target, s) & pos.occupied() == only_blocker)
        .collect()
}

/// Theme 3: the mating piece stood between a White slider and the Black king before the
/// mate, and the slider gives check once it moves (the battery "fires").
fn direct_battery(line: &Line) -> bool {
    let Some(king) = line.mated.king(Color::Black) else {
        return false;
    };
    let firing = sliders_behind(&line.after_defence, king, line.mate.from(), Color::White);
    (firing & line.mated.checkers()).any()
}

/// Theme 4: the mating piece uncovers a White slider onto a square next to the Black king
/// that was unguarded before the mate and is guarded by that slider alone after it (if another
/// piece guards it too, "there is no importance for the firing piece"). Squares on a line the
/// slider checks along belong to a direct battery, not to this theme.
fn indirect_battery(line: &Line) -> bool {
    let Some(king) = line.mated.king(Color::Black) else {
        return false;
    };
    let before_occupied = line.after_defence.occupied().without(king);
    let mated_occupied = line.mated.occupied().without(king);
    let candidates = king_attacks(king) & !line.mated.by_color(Color::Black);
    candidates.into_iter().any(|square| {
        if line
            .after_defence
            .is_attacked(square, Color::White, before_occupied)
        {
            return false;
        }
        let firing = sliders_behind(&line.after_defence, square, line.mate.from(), Color::White);
        let guards = line
            .mated
            .attackers_to(square, Color::White, mated_occupied);
        match guards.single() {
            Some(guard) if firing.contains(guard) => {
                !(line.mated.checkers().contains(guard) && aligned(guard, king, square))
            }
            _ => false,
        }
    })
}

/// Theme 8: Black's move frees a White piece pinned against its king, and that piece mates.
fn is_unpin(line: &Line) -> bool {
    let before = pinned(line.after_key, Color::White);
    let after = pinned(&line.after_defence, Color::White);
    (before & !after).contains(line.mate.from())
}

/// Theme 6: the Black pieces that Black's move pinned and that are still pinned when mated;
/// under [`SelfPinRule::PinMatters`] only those that could stop the mate if free.
fn self_pinned(line: &Line, rule: SelfPinRule) -> Bitboard {
    let before = pinned(line.after_key, Color::Black);
    let mut now = pinned(&line.after_defence, Color::Black);
    if before.contains(line.defence.from()) {
        // A pinned piece moving along its pin line stays pinned: not a new pin.
        now = now.without(line.defence.to());
    }
    let new = now & !before & pinned(&line.mated, Color::Black);
    match rule {
        SelfPinRule::NewPin => new,
        SelfPinRule::PinMatters => new
            .into_iter()
            .filter(|&sq| pin_matters(&line.mated, sq))
            .collect(),
    }
}

/// With the pinning piece taken off the mate position, the pinned piece has a legal move,
/// i.e. it could have answered the check.
fn pin_matters(mated: &Position, pinned_square: Square) -> bool {
    let Some(king) = mated.king(Color::Black) else {
        return false;
    };
    let pinners = sliders_behind(mated, king, pinned_square, Color::White);
    let Some(pinner) = pinners.first() else {
        return false;
    };
    let mut setup = Setup::from_position(mated);
    setup.set(pinner, None);
    let Ok(freed) = setup.into_position(Validation::Lenient) else {
        return false;
    };
    let mut moves = MoveList::new();
    freed.generate(
        GenKind::All,
        Bitboard::from_square(pinned_square),
        &mut moves,
    );
    !moves.is_empty()
}

/// A piece whose moves run along lines: a slider, or a pawn that can still double-step
/// ("a jumping pawn", which makes the Grimshaw a Pickabish).
fn line_mover(pos: &Position, m: Move) -> bool {
    match pos.role_at(m.from()) {
        Some(Role::Bishop | Role::Rook | Role::Queen) => true,
        Some(Role::Pawn) => m.from().rank() == 6 && m.from().file() == m.to().file(),
        _ => false,
    }
}

/// Theme 10, per square and pair of pieces.
fn grimshaws(play: &KeyPlay, mates: &[Vec<Move>]) -> Vec<Grimshaw> {
    let pos = &play.after_key;
    let candidates: Vec<usize> = (0..play.variants.len())
        .filter(|&i| {
            let v = &play.variants[i];
            !mates[i].is_empty()
                && pos.piece_at(v.defence.to()).is_none()
                && !v.defence.is_en_passant()
                && v.defence.promotion().is_none()
                && line_mover(pos, v.defence)
        })
        .collect();
    let mut found = Vec::new();
    for (n, &i) in candidates.iter().enumerate() {
        for &j in &candidates[n + 1..] {
            let (a, b) = (&play.variants[i], &play.variants[j]);
            let square = a.defence.to();
            if b.defence.to() != square
                || a.defence.from() == b.defence.from()
                || aligned(a.defence.from(), square, b.defence.from())
                || !disjoint(&mates[i], &mates[j])
            {
                continue;
            }
            found.push(Grimshaw {
                square,
                variants: [i, j],
            });
        }
    }
    found
}

/// Theme 11: a Black pawn on its seventh rank with all four moves (step, double step, two
/// captures) legal, each answered by a mate none of the others shares.
fn pickaninnies(play: &KeyPlay, mates: &[Vec<Move>]) -> Vec<Pickaninny> {
    let pos = &play.after_key;
    let pawns = pos.pieces(Color::Black, Role::Pawn) & Bitboard::rank(6);
    let mut found = Vec::new();
    for pawn in pawns {
        let moves: Vec<usize> = (0..play.variants.len())
            .filter(|&i| play.variants[i].defence.from() == pawn)
            .collect();
        let targets = [
            pawn.offset(0, -1),
            pawn.offset(0, -2),
            pawn.offset(-1, -1),
            pawn.offset(1, -1),
        ];
        let mut picked = [0usize; 4];
        let mut complete = true;
        for (slot, target) in picked.iter_mut().zip(targets) {
            match moves
                .iter()
                .find(|&&i| Some(play.variants[i].defence.to()) == target)
            {
                Some(&i) if !mates[i].is_empty() => *slot = i,
                _ => complete = false,
            }
        }
        let all_different = picked.iter().enumerate().all(|(x, &i)| {
            picked[x + 1..]
                .iter()
                .all(|&j| disjoint(&mates[i], &mates[j]))
        });
        if complete && all_different {
            found.push(Pickaninny {
                pawn,
                variants: picked,
            });
        }
    }
    found
}

/// Theme 7: per White slider with exactly two Black pieces between it and the Black king, a
/// self-pin variant of each piece pinning the other, with different mates.
fn half_pins(
    play: &KeyPlay,
    mates: &[Vec<Move>],
    self_pins: &[Vec<(Move, Bitboard)>],
) -> Vec<HalfPin> {
    let pos = &play.after_key;
    let Some(king) = pos.king(Color::Black) else {
        return Vec::new();
    };
    let snipers = ((rook_attacks(king, Bitboard::EMPTY) & pos.rooks_queens())
        | (bishop_attacks(king, Bitboard::EMPTY) & pos.bishops_queens()))
        & pos.by_color(Color::White);
    let mut found = Vec::new();
    for pinner in snipers {
        let middle = between(king, pinner) & pos.occupied();
        if middle.count() != 2 || (middle & pos.by_color(Color::White)).any() {
            continue;
        }
        let mut pieces = middle.into_iter();
        let (Some(a), Some(b)) = (pieces.next(), pieces.next()) else {
            continue;
        };
        // The variants in which `mover` moves and `other` is self-pinned.
        let pin_variants = |mover: Square, other: Square| -> Vec<usize> {
            (0..play.variants.len())
                .filter(|&i| {
                    play.variants[i].defence.from() == mover
                        && self_pins
                            .get(i)
                            .is_some_and(|pins| pins.iter().any(|(_, bb)| bb.contains(other)))
                })
                .collect()
        };
        let firsts = pin_variants(a, b);
        let seconds = pin_variants(b, a);
        let pair = firsts.iter().find_map(|&i| {
            seconds
                .iter()
                .find(|&&j| disjoint(&mates[i], &mates[j]))
                .map(|&j| [i, j])
        });
        if let Some(variants) = pair {
            found.push(HalfPin { pinner, variants });
        }
    }
    found
}
