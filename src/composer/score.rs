//! The thesis' quality function for sound two-movers (Fainshtein, App. B/C; digest §2):
//! q = Σ themes + Σ bonuses − Σ penalties, each item kept as a line of a breakdown a writer
//! can print the way the thesis' Appendix E does.
//!
//! This module prices what [`super::play`] and [`super::themes`] found; it never decides
//! soundness (a cooked or unsound problem scores 0, "severe deficiency", and that verdict is
//! [`super::soundness`]'s).

use super::breakdown::{Bonus, Penalty, Priced, QualityScore, ThemeLine, VariantLine};
use super::play::{material, pinned, KeyPlay, ThreatPlay};
use super::settings::{piece_value, ScoreSettings, ThemeCount};
use super::themes::{find_themes, Theme, ThemeFindings};
use crate::board::{Bitboard, Color, Move, Position, Role, Square};
use std::collections::BTreeSet;

/// Scores the diagram `position` (White to move) whose unique key is `key`. The caller vouches
/// for soundness; on an unsound problem the numbers mean nothing.
pub fn evaluate(position: &Position, key: Move, settings: &ScoreSettings) -> QualityScore {
    let play = KeyPlay::new(position, key);
    let findings = find_themes(&play, settings);
    let themes = price_themes(&play, &findings, settings);
    let effects = KeyEffects::of(&play);
    let bonuses = bonuses(&play, &findings, &effects, settings);
    let penalties = penalties(&play, &effects, settings);
    let variants = play
        .variants
        .iter()
        .enumerate()
        .map(|(i, v)| VariantLine {
            defence: v.defence,
            mates: v.mates.clone(),
            themes: findings.tags(i),
        })
        .collect();
    let mut score = QualityScore {
        position: *position,
        key,
        threat: play.threat.clone(),
        themes,
        bonuses,
        penalties,
        variants,
        total: 0,
    };
    score.total = score.theme_total() + score.bonus_total() - score.penalty_total();
    score
}

/// First occurrence full price, each further one `price / rest_divisor`.
fn first_and_rest(price: i32, count: u32, divisor: i32) -> i32 {
    if count == 0 {
        return 0;
    }
    price + (count as i32 - 1) * (price / divisor.max(1))
}

fn price_themes(
    play: &KeyPlay,
    findings: &ThemeFindings,
    settings: &ScoreSettings,
) -> Vec<ThemeLine> {
    let prices = &settings.themes;
    let mut lines = Vec::new();
    let mut push = |theme, count: u32, points| {
        if count > 0 {
            lines.push(ThemeLine {
                theme,
                count,
                points,
            });
        }
    };
    if play.threat == ThreatPlay::Tempo {
        push(Theme::Tempo, 1, prices.tempo);
    }
    let per_variant = |theme| count_theme(findings, theme, settings.theme_count);
    let count = per_variant(Theme::DirectBattery);
    push(
        Theme::DirectBattery,
        count,
        first_and_rest(prices.direct_battery, count, prices.rest_divisor),
    );
    let count = per_variant(Theme::IndirectBattery);
    push(
        Theme::IndirectBattery,
        count,
        first_and_rest(prices.indirect_battery, count, prices.rest_divisor),
    );
    if let Some(before) = play.before {
        let (b, a) = (before.flights.count(), play.after.flights.count());
        if a >= b && (a > 0 || !settings.king_flights_need_one) {
            push(Theme::KingFlights, 1, prices.king_flights);
        }
    }
    for (theme, price) in [
        (Theme::SelfBlock, prices.self_block),
        (Theme::SelfPin, prices.self_pin),
    ] {
        let count = per_variant(theme);
        push(
            theme,
            count,
            first_and_rest(price, count, prices.rest_divisor),
        );
    }
    let count = findings.half_pins.len() as u32;
    push(Theme::HalfPin, count, count as i32 * prices.half_pin);
    let count = per_variant(Theme::Unpin);
    push(
        Theme::Unpin,
        count,
        first_and_rest(prices.unpin, count, prices.rest_divisor),
    );
    let count = findings.grimshaws.len() as u32;
    push(Theme::Grimshaw, count, count as i32 * prices.grimshaw);
    let count = findings.pickaninnies.len() as u32;
    push(Theme::Pickaninny, count, count as i32 * prices.pickaninny);
    if play.diagram.by_color(Color::Black).count() == 1 {
        push(Theme::LonelyKing, 1, prices.lonely_king);
    }
    lines
}

/// How many times a per-variant theme is counted.
fn count_theme(findings: &ThemeFindings, theme: Theme, rule: ThemeCount) -> u32 {
    match rule {
        ThemeCount::Variants => findings
            .hits
            .iter()
            .filter(|hits| hits.iter().any(|h| h.theme == theme))
            .count() as u32,
        ThemeCount::DistinctMates => {
            let mates: BTreeSet<u16> = findings
                .hits
                .iter()
                .flatten()
                .filter(|h| h.theme == theme)
                .map(|h| h.mate.to_u16())
                .collect();
            mates.len() as u32
        }
    }
}

/// The key-move distance of Table 10: as a queen would go, 3 per diagonal step and 2 per
/// straight step.
///
/// ```
/// use mateproof::board::Square;
/// use mateproof::composer::queen_path_distance;
/// let sq = |s: &str| s.parse::<Square>().unwrap();
/// assert_eq!(queen_path_distance(sq("f2"), sq("e4")), 5); // Nf2-e4 in D7
/// assert_eq!(queen_path_distance(sq("b5"), sq("c4")), 3); // Qb5-c4 in D1
/// ```
pub fn queen_path_distance(a: Square, b: Square) -> i32 {
    let dx = (a.file() as i32 - b.file() as i32).abs();
    let dy = (a.rank() as i32 - b.rank() as i32).abs();
    3 * dx.min(dy) + 2 * (dx - dy).abs()
}

fn bonuses(
    play: &KeyPlay,
    findings: &ThemeFindings,
    key: &KeyEffects,
    settings: &ScoreSettings,
) -> Vec<Priced<Bonus>> {
    let diagram = &play.diagram;
    let pieces = diagram.occupied().count();
    let black_king = diagram.king(Color::Black);
    let mut lines = Vec::new();
    let mut push = |item, points| lines.push(Priced { item, points });

    if pieces <= settings.miniature_max {
        push(Bonus::Miniature, 10);
    } else if (settings.meredith.0..=settings.meredith.1).contains(&pieces) {
        push(Bonus::Meredith, 5);
    }
    // The composer's positions always have both kings.
    if black_king.is_some_and(|king| settings.centre.contains(king)) {
        push(Bonus::CentralKing, 10);
    }
    push(Bonus::Pieces { pieces }, 3 * (18 - pieces as i32));
    if diagram.role_at(play.key.from()) == Some(Role::King) {
        push(Bonus::KeyByKing, 15);
    }
    let king_mates = king_mates(play);
    if king_mates > 0 {
        push(
            Bonus::MateByKing { mates: king_mates },
            20 + 4 * (king_mates as i32 - 1),
        );
    }
    if let Some(before) = play.before {
        let gained = play
            .after
            .flights
            .count()
            .saturating_sub(before.flights.count());
        if gained > 0 {
            push(Bonus::FlightsGiven { flights: gained }, 15 * gained as i32);
        }
        let checks = play.after.checks.saturating_sub(before.checks);
        if checks > 0 {
            push(Bonus::ChecksGiven { checks }, 30 + 6 * (checks as i32 - 1));
        }
    }
    let pins = &key.pins;
    if pins.white_pinned > 0 {
        push(
            Bonus::KeyPinsWhite {
                value: pins.white_pinned,
            },
            3 * pins.white_pinned,
        );
    }
    if pins.black_unpinned > 0 {
        push(
            Bonus::KeyUnpinsBlack {
                value: pins.black_unpinned,
            },
            5 * pins.black_unpinned,
        );
    }
    let (squares, value) = sacrifices(&play.after_key);
    if value > 0 {
        push(
            Bonus::Sacrifice { squares, value },
            settings.sacrifice_factor * value,
        );
    }
    let (thematic, other) = distinct_mates(play, findings);
    let variants = play.variants.len() as u32;
    if variants > 0 {
        let points = (10 * (thematic * thematic) as i32 + 3 * other as i32) / variants as i32;
        push(
            Bonus::Mates {
                thematic,
                other,
                variants,
            },
            points,
        );
    }
    push(
        Bonus::KeyDistance {
            distance: queen_path_distance(play.key.from(), play.key.to()),
        },
        queen_path_distance(play.key.from(), play.key.to()),
    );
    let change = key.king_change;
    if change > 0 {
        push(Bonus::KeyFromKing { distance: change }, change);
    }
    lines
}

fn penalties(play: &KeyPlay, key: &KeyEffects, settings: &ScoreSettings) -> Vec<Priced<Penalty>> {
    let diagram = &play.diagram;
    let mut lines = Vec::new();
    let mut push = |item, points| lines.push(Priced { item, points });

    for (size, minor, count) in dual_counts(play, settings) {
        let class = (size.min(4) - 2) as usize;
        let prices = if minor {
            settings.duals.minor
        } else {
            settings.duals.major
        };
        let price = prices.get(class).copied().unwrap_or(0);
        push(Penalty::Duals { size, minor, count }, price * count as i32);
    }
    let on_edge = |sq: Square| sq.file() == 0 || sq.file() == 7 || sq.rank() == 0 || sq.rank() == 7;
    let in_corner =
        |sq: Square| (sq.file() == 0 || sq.file() == 7) && (sq.rank() == 0 || sq.rank() == 7);
    if let Some(king) = diagram.king(Color::Black) {
        if in_corner(king) {
            push(Penalty::CornerKing, 20);
        } else if on_edge(king) {
            push(Penalty::EdgeKing, 10);
        }
    }
    match play.after_key.checkers().count() {
        0 => {}
        1 => push(Penalty::CheckingKey, 50),
        _ => push(Penalty::DoubleCheckingKey, 70),
    }
    if let Some(victim) = diagram.captured_role(play.key) {
        let value = piece_value(victim);
        push(Penalty::CapturingKey { value }, 10 * value);
    }
    if let Some(role) = play.key.promotion() {
        let value = piece_value(role);
        push(Penalty::PromotionKey { value }, 5 * value);
    }
    if let Some(before) = play.before {
        let lost = before
            .flights
            .count()
            .saturating_sub(play.after.flights.count());
        if lost > 0 {
            push(Penalty::FlightsTaken { flights: lost }, 15 * lost as i32);
        }
    }
    let pins = &key.pins;
    if pins.black_pinned > 0 {
        push(
            Penalty::KeyPinsBlack {
                value: pins.black_pinned,
            },
            5 * pins.black_pinned,
        );
    }
    if pins.white_unpinned > 0 {
        push(
            Penalty::KeyUnpinsWhite {
                value: pins.white_unpinned,
            },
            3 * pins.white_unpinned,
        );
    }
    let (white, black) = (
        material(diagram, Color::White),
        material(diagram, Color::Black),
    );
    if white > black {
        push(Penalty::Material { white, black }, 2 * (white - black));
    }
    let change = key.king_change;
    if change < 0 {
        push(Penalty::KeyToKing { distance: -change }, -change);
    }
    lines
}

/// Distinct unique mates made by the White king ("20 for the first unique mate").
fn king_mates(play: &KeyPlay) -> u32 {
    let mut mates = BTreeSet::new();
    for v in &play.variants {
        let Some(m) = v.unique_mate() else { continue };
        if play.after_key.after(v.defence).role_at(m.from()) == Some(Role::King) {
            mates.insert(m.to_u16());
        }
    }
    mates.len() as u32
}

/// Distinct mates that show a theme, and the other distinct unique mates ("rest unique
/// mates", Table 10); a dual's mates are not unique and count for nothing here. D7's
/// `...K:e4 Bc6#` repeats a thematic mate and adds nothing.
fn distinct_mates(play: &KeyPlay, findings: &ThemeFindings) -> (u32, u32) {
    let thematic: BTreeSet<u16> = findings
        .hits
        .iter()
        .flatten()
        .map(|h| h.mate.to_u16())
        .collect();
    let unique: BTreeSet<u16> = play
        .variants
        .iter()
        .filter_map(|v| v.unique_mate())
        .map(|m| m.to_u16())
        .collect();
    (
        thematic.len() as u32,
        unique.difference(&thematic).count() as u32,
    )
}

/// White pieces on squares Black may capture right after the key, listed a8 to h1 as a
/// diagram is read, and their total value.
fn sacrifices(after_key: &Position) -> (Vec<Square>, i32) {
    let mut squares = Bitboard::EMPTY;
    for &m in after_key.capture_moves().iter() {
        let target = if m.is_en_passant() {
            m.to().offset(0, 1).unwrap_or(m.to())
        } else {
            m.to()
        };
        squares = squares.with(target);
    }
    let mut list: Vec<Square> = squares.into_iter().collect();
    list.sort_by_key(|sq| (std::cmp::Reverse(sq.rank()), sq.file()));
    let value = list
        .iter()
        .filter_map(|&sq| after_key.role_at(sq))
        .map(piece_value)
        .sum();
    (list, value)
}

/// Change in the key piece's distance to the Black king: positive = it moved away.
fn key_king_change(play: &KeyPlay) -> i32 {
    let Some(king) = play.diagram.king(Color::Black) else {
        return 0;
    };
    queen_path_distance(play.key.to(), king) - queen_path_distance(play.key.from(), king)
}

/// What the key does that both bonuses and penalties price, computed once.
struct KeyEffects {
    pins: KeyPins,
    /// [`key_king_change`].
    king_change: i32,
}

impl KeyEffects {
    fn of(play: &KeyPlay) -> KeyEffects {
        KeyEffects {
            pins: key_pins(play),
            king_change: key_king_change(play),
        }
    }
}

/// Material pinned and unpinned by the key, per side.
struct KeyPins {
    white_pinned: i32,
    white_unpinned: i32,
    black_pinned: i32,
    black_unpinned: i32,
}

fn key_pins(play: &KeyPlay) -> KeyPins {
    let (diagram, after) = (&play.diagram, &play.after_key);
    // Follow the key piece to its new square; a piece the key captures is gone, not unpinned.
    let follow = |bb: Bitboard| {
        if bb.contains(play.key.from()) {
            bb.without(play.key.from()).with(play.key.to())
        } else {
            bb.without(play.key.to())
        }
    };
    let value = |bb: Bitboard| -> i32 {
        bb.into_iter()
            .filter_map(|sq| after.role_at(sq))
            .map(piece_value)
            .sum()
    };
    let white_before = follow(pinned(diagram, Color::White));
    let white_after = pinned(after, Color::White);
    let black_before = pinned(diagram, Color::Black).without(play.key.to());
    let black_after = pinned(after, Color::Black);
    KeyPins {
        white_pinned: value(white_after & !white_before),
        white_unpinned: value(white_before & !white_after),
        black_pinned: value(black_after & !black_before),
        black_unpinned: value(black_before & !black_after),
    }
}

/// Dual classes as `(size, minor, count)`. A dual is minor when each of its mates is the sole
/// mate of some other variant ("each dual variant is forced in other lines of play").
fn dual_counts(play: &KeyPlay, settings: &ScoreSettings) -> Vec<(u32, bool, u32)> {
    let forced: BTreeSet<u16> = play
        .variants
        .iter()
        .filter_map(|v| v.unique_mate())
        .map(|m| m.to_u16())
        .collect();
    let mut counts: Vec<(u32, bool, u32)> = Vec::new();
    for v in &play.variants {
        if v.mates.len() < 2 || (!settings.duals_after_non_defences && play.answered_by_threat(v)) {
            continue;
        }
        let size = (v.mates.len() as u32).min(4);
        let minor = v.mates.iter().all(|m| forced.contains(&m.to_u16()));
        match counts
            .iter_mut()
            .find(|(s, mi, _)| *s == size && *mi == minor)
        {
            Some(entry) => entry.2 += 1,
            None => counts.push((size, minor, 1)),
        }
    }
    counts.sort();
    counts
}
