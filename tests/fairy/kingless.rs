//! Positions where a side has no king (Popeye's `NoWk`/`NoBk`) against a brute force written
//! here on a plain mailbox, sharing nothing with Mateproof's board: a side without a king is
//! never in check, so its legal moves are all its pseudo-legal ones; a side with a king may
//! not leave it attacked; a mate needs a king in check, a stalemate is a side not in check
//! without a move. On seeded random positions without one king or without both, the legal
//! moves, checks, checking moves and mates in one of the root and of every child, and the
//! help lines of `h#1`, `h#1.5`, `h#2`, `h=1`, `h=2` and `ser-h#2`, equal the brute force's.
//! Rerun with another seed: `MATEPROOF_SEED=n cargo test --test kingless`.

use mateproof::board::{parse_fen, Color, KinglessSides, Position, PositionError, Validation};
use mateproof::help::Plan;
use std::collections::BTreeSet;
use std::sync::LazyLock;

use crate::common;
use crate::help_positions;
use common::Rng;
use help_positions::searched_lines;

/// A man: white or not, and its FEN letter in lower case.
type Man = (bool, char);

/// A move: origin, destination, the promoted man's letter.
type BruteMove = (usize, usize, Option<char>);

/// The brute force's position: 64 squares (0 = a1), the side to move, the e.p. target.
#[derive(Clone)]
struct Board {
    squares: [Option<Man>; 64],
    white: bool,
    ep: Option<usize>,
}

/// The steps (file, rank) of a piece: those of -2..=2 each way that `keep` takes.
fn steps(keep: fn(i32, i32) -> bool) -> Vec<(i32, i32)> {
    (-2..=2i32)
        .flat_map(|f| (-2..=2i32).map(move |r| (f, r)))
        .filter(|&(f, r)| keep(f.abs(), r.abs()))
        .collect()
}

static KNIGHT: LazyLock<Vec<(i32, i32)>> = LazyLock::new(|| steps(|f, r| f * r == 2));
static KING: LazyLock<Vec<(i32, i32)>> = LazyLock::new(|| steps(|f, r| f.max(r) == 1));
static ROOK: LazyLock<Vec<(i32, i32)>> = LazyLock::new(|| steps(|f, r| f + r == 1));
static BISHOP: LazyLock<Vec<(i32, i32)>> = LazyLock::new(|| steps(|f, r| f == 1 && r == 1));

fn step(sq: usize, (df, dr): (i32, i32)) -> Option<usize> {
    let (f, r) = (sq as i32 % 8 + df, sq as i32 / 8 + dr);
    ((0..8).contains(&f) && (0..8).contains(&r)).then_some((r * 8 + f) as usize)
}

fn name(sq: usize) -> String {
    format!("{}{}", (b'a' + (sq % 8) as u8) as char, sq / 8 + 1)
}

impl Board {
    fn king(&self, white: bool) -> Option<usize> {
        (0..64).find(|&sq| self.squares[sq] == Some((white, 'k')))
    }

    /// True when a man of `by_white` attacks `sq`: looked for from `sq` outwards.
    fn attacked(&self, sq: usize, by_white: bool) -> bool {
        let is = |at: Option<usize>, roles: &str| {
            at.and_then(|a| self.squares[a])
                .is_some_and(|(w, r)| w == by_white && roles.contains(r))
        };
        let pawn_from = if by_white { -1 } else { 1 };
        if is(step(sq, (-1, pawn_from)), "p") || is(step(sq, (1, pawn_from)), "p") {
            return true;
        }
        if KNIGHT.iter().any(|&d| is(step(sq, d), "n"))
            || KING.iter().any(|&d| is(step(sq, d), "k"))
        {
            return true;
        }
        let ray = |dirs: &[(i32, i32)], roles: &str| {
            dirs.iter().any(|&d| {
                let mut at = step(sq, d);
                while let Some(a) = at {
                    if self.squares[a].is_some() {
                        return is(Some(a), roles);
                    }
                    at = step(a, d);
                }
                false
            })
        };
        ray(&ROOK, "rq") || ray(&BISHOP, "bq")
    }

    fn in_check(&self, white: bool) -> bool {
        self.king(white).is_some_and(|k| self.attacked(k, !white))
    }

    /// Every pseudo-legal move of the side to move: (from, to, promotion letter).
    fn pseudo_moves(&self) -> Vec<BruteMove> {
        let mut out = Vec::new();
        let us = self.white;
        let free_or_theirs = |to: usize| self.squares[to].is_none_or(|(w, _)| w != us);
        for from in 0..64 {
            let Some((w, role)) = self.squares[from] else {
                continue;
            };
            if w != us {
                continue;
            }
            let leaps = |dirs: &[(i32, i32)], out: &mut Vec<_>| {
                for &d in dirs {
                    if let Some(to) = step(from, d).filter(|&to| free_or_theirs(to)) {
                        out.push((from, to, None));
                    }
                }
            };
            let rides = |dirs: &[(i32, i32)], out: &mut Vec<_>| {
                for &d in dirs {
                    let mut at = step(from, d);
                    while let Some(to) = at {
                        if free_or_theirs(to) {
                            out.push((from, to, None));
                        }
                        if self.squares[to].is_some() {
                            break;
                        }
                        at = step(to, d);
                    }
                }
            };
            match role {
                'n' => leaps(&KNIGHT, &mut out),
                'k' => leaps(&KING, &mut out),
                'b' => rides(&BISHOP, &mut out),
                'r' => rides(&ROOK, &mut out),
                'q' => {
                    rides(&BISHOP, &mut out);
                    rides(&ROOK, &mut out);
                }
                _ => {
                    let up = if us { 1 } else { -1 };
                    let last = if us { 7 } else { 0 };
                    let push = |to: usize, out: &mut Vec<_>| {
                        if to / 8 == last {
                            for p in ['q', 'r', 'b', 'n'] {
                                out.push((from, to, Some(p)));
                            }
                        } else {
                            out.push((from, to, None));
                        }
                    };
                    if let Some(one) = step(from, (0, up)).filter(|&s| self.squares[s].is_none()) {
                        push(one, &mut out);
                        let start = if us { 1 } else { 6 };
                        if let Some(two) = step(one, (0, up))
                            .filter(|&s| from / 8 == start && self.squares[s].is_none())
                        {
                            push(two, &mut out);
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(to) = step(from, (df, up)) {
                            let takes = self.squares[to].is_some_and(|(w, _)| w != us);
                            if takes || self.ep == Some(to) {
                                push(to, &mut out);
                            }
                        }
                    }
                }
            }
        }
        out
    }

    fn play(&self, (from, to, promotion): BruteMove) -> Board {
        let mut next = self.clone();
        let (w, role) = self.squares[from].expect("a man on the origin");
        if role == 'p' && Some(to) == self.ep && self.squares[to].is_none() {
            next.squares[if w { to - 8 } else { to + 8 }] = None;
        }
        next.squares[to] = Some((w, promotion.unwrap_or(role)));
        next.squares[from] = None;
        next.ep = (role == 'p' && from.abs_diff(to) == 16).then_some((from + to) / 2);
        next.white = !self.white;
        next
    }

    /// The legal moves: a side without a king has every pseudo-legal move.
    fn legal_moves(&self) -> Vec<(BruteMove, Board)> {
        self.pseudo_moves()
            .into_iter()
            .map(|m| (m, self.play(m)))
            .filter(|(_, next)| !next.in_check(self.white))
            .collect()
    }

    fn is_mate(&self) -> bool {
        self.in_check(self.white) && self.legal_moves().is_empty()
    }

    fn is_stalemate(&self) -> bool {
        !self.in_check(self.white) && self.legal_moves().is_empty()
    }

    fn fen(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for file in 0..8 {
                match self.squares[rank * 8 + file] {
                    None => empty += 1,
                    Some((w, r)) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(if w { r.to_ascii_uppercase() } else { r });
                    }
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        let ep = self.ep.map_or("-".to_owned(), name);
        let turn = if self.white { "w" } else { "b" };
        format!("{} {turn} - {ep} 0 1", rows.join("/"))
    }
}

fn uci((from, to, promotion): BruteMove) -> String {
    format!(
        "{}{}{}",
        name(from),
        name(to),
        promotion.map_or(String::new(), String::from)
    )
}

/// Both sides may lack their king in these tests.
fn kingless() -> KinglessSides {
    KinglessSides::NONE.with(Color::White).with(Color::Black)
}

/// A random board with 2 to `most` men besides the kings, `kings` of them (which sides keep
/// one).
fn random_board(rng: &mut Rng, kings: [bool; 2], most: usize) -> Board {
    let mut squares = [None; 64];
    let mut place = |man: Man, rng: &mut Rng| loop {
        let sq = rng.below(64);
        if squares[sq].is_none() && !(man.1 == 'p' && (sq / 8 == 0 || sq / 8 == 7)) {
            squares[sq] = Some(man);
            break;
        }
    };
    for (white, keeps) in [(true, kings[0]), (false, kings[1])] {
        if keeps {
            place((white, 'k'), rng);
        }
    }
    for _ in 0..2 + rng.below(most - 1) {
        let role = ['q', 'r', 'b', 'n', 'p', 'p'][rng.below(6)];
        // Two men in three are White's, the side that mates in the help play below.
        place((rng.below(3) != 0, role), rng);
    }
    Board {
        squares,
        white: rng.below(2) == 0,
        ep: None,
    }
}

/// Random positions with a king missing (White's, Black's or both) and 2 to `most` other men,
/// legal ones only (the side not to move not in check), with Mateproof's position for each.
/// Mateproof must refuse exactly the illegal ones, and refuse every one of them without
/// `KinglessSides`.
fn random_positions(seed: u64, count: usize, most: usize) -> Vec<(Board, Position)> {
    random_positions_of(
        seed,
        count,
        most,
        &[[false, true], [true, false], [false, false]],
    )
}

/// [`random_positions`] whose kings are one of `kings` (which sides keep theirs), at random.
fn random_positions_of(
    seed: u64,
    count: usize,
    most: usize,
    kings: &[[bool; 2]],
) -> Vec<(Board, Position)> {
    let (mut rng, seed) = Rng::from_env(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let kings = kings[rng.below(kings.len())];
        let board = random_board(&mut rng, kings, most);
        let fen = board.fen();
        let setup = parse_fen(&fen).unwrap();
        assert!(
            matches!(
                setup.into_position(Validation::Lenient),
                Err(PositionError::MissingKing(_))
            ),
            "{fen} (seed {seed})"
        );
        let built = setup.into_kingless_position(Validation::Lenient, kingless());
        if board.in_check(!board.white) {
            assert!(
                built.is_err(),
                "{fen} (seed {seed}): the side not to move is in check"
            );
            continue;
        }
        let pos = built.unwrap_or_else(|e| panic!("{fen} (seed {seed}): {e}"));
        out.push((board, pos));
    }
    out
}

/// The moves, checks, checking moves and mates in one of `pos` against `board`'s.
fn assert_same_moves(board: &Board, pos: &Position) {
    let fen = board.fen();
    let legal = board.legal_moves();
    let expected: BTreeSet<String> = legal.iter().map(|(m, _)| uci(*m)).collect();
    let ours: BTreeSet<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(ours, expected, "moves of {fen}");
    assert_eq!(
        pos.is_check(),
        board.in_check(board.white),
        "check in {fen}"
    );
    assert_eq!(pos.count_legal_moves(), legal.len() as u64, "{fen}");
    assert_eq!(pos.has_legal_move(), !legal.is_empty(), "{fen}");
    let checking: BTreeSet<String> = legal
        .iter()
        .filter(|(_, next)| next.in_check(next.white))
        .map(|(m, _)| uci(*m))
        .collect();
    let ours_checking: BTreeSet<String> =
        pos.checking_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(ours_checking, checking, "checking moves of {fen}");
    for m in pos.legal_moves().iter() {
        assert_eq!(
            pos.gives_check(*m),
            checking.contains(&m.to_string()),
            "{fen} {m}"
        );
    }
    let mates: BTreeSet<String> = legal
        .iter()
        .filter(|(_, next)| next.is_mate())
        .map(|(m, _)| uci(*m))
        .collect();
    let ours_mates: BTreeSet<String> = pos.mates_in_one().0.iter().map(|m| m.to_string()).collect();
    assert_eq!(ours_mates, mates, "mates in one of {fen}");
}

#[test]
fn kingless_moves_and_checks_equal_a_brute_force() {
    let (mut positions, mut children, mut never_checked) = (0, 0, 0);
    for (board, pos) in random_positions(0x4b17_6e55_0000_0001, 300, 7) {
        assert_same_moves(&board, &pos);
        positions += 1;
        for m in pos.legal_moves().iter() {
            let child = pos.after(*m);
            let next = board.play(
                board
                    .pseudo_moves()
                    .into_iter()
                    .find(|bm| uci(*bm) == m.to_string())
                    .unwrap(),
            );
            assert_same_moves(&next, &child);
            children += 1;
            // A side without a king is never in check, however it stands.
            if child.king(child.turn()).is_none() {
                assert!(!child.is_check());
                never_checked += 1;
            }
        }
    }
    assert!(positions == 300 && children > 3_000 && never_checked > 1_000);
    println!(
        "{positions} positions, {children} children ({never_checked} kingless to move), all equal"
    );
}

/// The brute force's help lines of exactly `left` half-moves ending in mate or stalemate.
fn help(
    board: &Board,
    left: u32,
    stalemate: bool,
    path: &mut Vec<String>,
    out: &mut BTreeSet<String>,
) {
    for (m, next) in board.legal_moves() {
        path.push(uci(m));
        if left == 1 {
            if if stalemate {
                next.is_stalemate()
            } else {
                next.is_mate()
            } {
                out.insert(path.join(" "));
            }
        } else {
            help(&next, left - 1, stalemate, path, out);
        }
        path.pop();
    }
}

/// The brute force's `ser-h#n`: `n` moves of the side to move, none but the last giving check
/// (the other side passes between them), then the other side mates it.
fn series_help_mate(board: &Board, left: u32, path: &mut Vec<String>, out: &mut BTreeSet<String>) {
    for (m, next) in board.legal_moves() {
        path.push(uci(m));
        if left == 1 {
            for (w, mated) in next.legal_moves() {
                if mated.is_mate() {
                    out.insert(format!("{} {}", path.join(" "), uci(w)));
                }
            }
        } else if !next.in_check(next.white) {
            let mut passed = next.clone();
            passed.white = !passed.white;
            passed.ep = None;
            path.push("0000".to_owned());
            series_help_mate(&passed, left - 1, path, out);
            path.pop();
        }
        path.pop();
    }
}

fn brute_lines(board: &Board, stipulation: &str) -> BTreeSet<String> {
    let plan = Plan::of(&stipulation.parse().unwrap()).unwrap();
    let mut out = BTreeSet::new();
    for &length in &plan.lengths {
        if plan.series {
            series_help_mate(board, length, &mut Vec::new(), &mut out);
        } else {
            help(
                board,
                length,
                stipulation.contains('='),
                &mut Vec::new(),
                &mut out,
            );
        }
    }
    out
}

fn our_lines(pos: &Position, stipulation: &str) -> BTreeSet<String> {
    searched_lines(pos, &Plan::of(&stipulation.parse().unwrap()).unwrap())
}

#[test]
fn kingless_help_lines_equal_a_brute_force() {
    // (stipulation, who starts: White for h#N.5, Black otherwise, positions). Mostly without
    // the mating side's king (`NoWk`, as in Popeye's examples): a side without a king has no
    // mate to suffer, and those sets are empty.
    let kinds = [
        ("h#1", false, 200),
        ("h#1.5", true, 100),
        ("h#2", false, 40),
        ("h=1", false, 200),
        ("h=2", false, 40),
        ("ser-h#2", false, 40),
    ];
    let mut with_lines = 0;
    let mut seed = 0x4b17_6e55_0000_0100;
    for (stipulation, white, count) in kinds {
        seed += 1;
        let kings = [[false, true], [false, true], [true, false], [false, false]];
        for (mut board, _) in random_positions_of(seed, count, 6, &kings) {
            board.white = white;
            if board.in_check(!white) {
                continue;
            }
            let fen = board.fen();
            let pos = parse_fen(&fen)
                .unwrap()
                .into_kingless_position(Validation::Lenient, kingless())
                .unwrap();
            let expected = brute_lines(&board, stipulation);
            assert_eq!(
                our_lines(&pos, stipulation),
                expected,
                "{stipulation} in {fen}"
            );
            with_lines += usize::from(!expected.is_empty());
        }
        println!("{stipulation}: {with_lines} positions with lines so far");
    }
    // The check must have met lines to compare, not only empty sets.
    assert!(with_lines > 60, "{with_lines} positions with lines");
    println!("{with_lines} positions with lines, all equal");
}
