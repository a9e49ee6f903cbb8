//! The intelligent mode of help play (`Intelligent`: the final positions first, then the
//! lines to them) against the plain help search, which help_brute checks against a brute
//! force: on random positions with few men, for `h#2`, `h#2.5` and `h#3`, for `h=4` and
//! `h=4.5` (the mode drafts stalemates from eight half-moves on), for `h#2.5` with 15 men,
//! for `ser-h#2` to `ser-h#4`, for mates by a lone knight or pawn, by a lone piece of any kind
//! and against a lone king, the same lines in the same order. A position where the mode does
//! not answer (castling rights, too many targets) is no test, so the draws have none and the
//! test counts the positions answered.

use mateproof::board::{Position, Validation};
use mateproof::help::{search_lines, HelpOptions, Hints, Plan};
use mateproof::kernel::SearchControl;

use crate::common;
use crate::help_positions;
use common::Rng;
use help_positions::random_fen_of;

/// The lines of both searches, or `None` where the mode does not answer.
fn both(fen: &str, stipulation: &str) -> Option<(Vec<String>, Vec<String>)> {
    let pos = Position::from_fen(fen, Validation::Lenient).ok()?;
    let plan = Plan::of(&stipulation.parse().ok()?)?;
    let control = SearchControl::unlimited();
    let limits = HelpOptions::default();
    let intelligent = pos.intelligent_lines(&plan, &limits, &control)?;
    let plain = search_lines(&pos, &plan, &limits, &control);
    assert!(intelligent.complete && plain.complete);
    let text = |lines: Vec<Vec<mateproof::board::Move>>| -> Vec<String> {
        lines
            .iter()
            .map(|line| {
                line.iter()
                    .map(|m| m.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    };
    Some((text(intelligent.lines), text(plain.lines)))
}

/// The men of a random draw: `white` and `black` the men drawn from, in the ranges of counts
/// given.
struct Draw {
    seed: u64,
    white: &'static [char],
    white_counts: std::ops::Range<usize>,
    black: &'static [char],
    black_counts: std::ops::Range<usize>,
    /// Stipulation, whether Black starts, positions wanted.
    kinds: &'static [(&'static str, bool, usize)],
    /// The fewest positions with lines the draw must meet.
    fewest_with_lines: usize,
}

/// Both searches on random positions of `draw` give the same lines in the same order.
fn compare_on_random_positions(draw: &Draw) {
    let (mut rng, seed) = Rng::from_env(draw.seed);
    let (white, black) = (draw.white, draw.black);
    let mut answered = 0;
    let mut with_lines = 0;
    for &(stipulation, black_starts, wanted) in draw.kinds {
        let mut done = 0;
        while done < wanted {
            let spread = draw.white_counts.end - draw.white_counts.start;
            let mut men: Vec<char> = (0..draw.white_counts.start + rng.below(spread))
                .map(|_| white[rng.below(white.len())])
                .collect();
            let spread = draw.black_counts.end - draw.black_counts.start;
            let count = draw.black_counts.start + rng.below(spread);
            men.extend((0..count).map(|_| black[rng.below(black.len())]));
            let Some(fen) = random_fen_of(&mut rng, &men, black_starts) else {
                continue;
            };
            let Some((intelligent, plain)) = both(&fen, stipulation) else {
                continue;
            };
            if intelligent != plain {
                // Named only on failure: the lists may be long.
                let missing: Vec<&String> =
                    plain.iter().filter(|l| !intelligent.contains(l)).collect();
                let extra: Vec<&String> =
                    intelligent.iter().filter(|l| !plain.contains(l)).collect();
                panic!(
                    "{stipulation} in {fen} (seed {seed:#x}): {} lines against {}; missing \
                     {missing:?}, extra {extra:?}",
                    intelligent.len(),
                    plain.len()
                );
            }
            done += 1;
            answered += 1;
            with_lines += usize::from(!plain.is_empty());
        }
    }
    println!("{answered} positions answered, {with_lines} with lines, all equal");
    assert!(
        with_lines >= draw.fewest_with_lines,
        "only {with_lines} positions with lines"
    );
}

#[test]
fn intelligent_help_mates_equal_the_plain_search() {
    // White: a few men to mate with; Black: men that block, capture and promote.
    compare_on_random_positions(&Draw {
        seed: 0x1e7e_111e_0000_0001,
        white: &['Q', 'R', 'B', 'N', 'P', 'P'],
        white_counts: 1..3,
        black: &['r', 'b', 'n', 'p', 'p', 'p'],
        black_counts: 1..4,
        kinds: &[("h#2", true, 40), ("h#2.5", false, 25), ("h#3", true, 25)],
        fewest_with_lines: 10,
    });
}

#[test]
fn intelligent_help_mates_with_many_men_equal_the_plain_search() {
    // 15 men or more: the mode answers from five half-moves on where the targets are few.
    // (`h#3` on random positions this full has millions of lines: the real problems of
    // tests/help/popeye.rs, h#3 with 15 to 21 men, stand for it against Popeye's text.)
    compare_on_random_positions(&Draw {
        seed: 0x1e7e_111e_0000_0009,
        white: &['Q', 'R', 'B', 'N', 'P', 'P'],
        white_counts: 4..5,
        black: &['q', 'r', 'r', 'b', 'b', 'n', 'n', 'p', 'p', 'p', 'p'],
        black_counts: 9..10,
        kinds: &[("h#2.5", false, 30)],
        fewest_with_lines: 10,
    });
}

#[test]
fn intelligent_help_stalemates_equal_the_plain_search() {
    // White: a few men to stalemate with (no queen: it stalemates in too many ways to list);
    // Black: men to block, be captured, be pinned.
    compare_on_random_positions(&Draw {
        seed: 0x1e7e_111e_0000_0002,
        white: &['R', 'B', 'N', 'P'],
        white_counts: 1..3,
        black: &['r', 'b', 'n', 'p', 'p', 'p'],
        black_counts: 2..5,
        kinds: &[("h=4", true, 24), ("h=4.5", false, 8)],
        fewest_with_lines: 6,
    });
}

#[test]
fn intelligent_series_help_mates_equal_the_plain_search() {
    // `ser-h#`, answered with few men of the mating side: White one or two men to mate with;
    // Black, whose series it is, men that block, capture and promote.
    compare_on_random_positions(&Draw {
        seed: 0x1e7e_111e_0000_0003,
        white: &['Q', 'Q', 'R', 'R', 'B', 'N', 'P'],
        white_counts: 1..3,
        black: &['q', 'r', 'b', 'n', 'p', 'p', 'p'],
        black_counts: 2..6,
        kinds: &[
            ("ser-h#2", true, 120),
            ("ser-h#3", true, 60),
            ("ser-h#4", true, 25),
        ],
        fewest_with_lines: 8,
    });
}

#[test]
fn intelligent_mates_by_a_lone_knight_or_pawn_equal_the_plain_search() {
    // The targets' rules about the checker: a knight or pawn gives check only by moving
    // there, and where White has one man besides its king a black man next to it (or a
    // knight's jump away) takes it. White: one or two of these men; Black: many men, which
    // stand next to the checker's squares often, in help and series play.
    compare_on_random_positions(&Draw {
        seed: 0x1e7e_111e_0000_0004,
        white: &['N', 'P', 'P'],
        white_counts: 1..3,
        black: &['q', 'r', 'b', 'n', 'p', 'p'],
        black_counts: 3..7,
        kinds: &[
            ("h#2", true, 40),
            ("h#2.5", false, 20),
            ("ser-h#3", true, 60),
            ("ser-h#4", true, 25),
        ],
        fewest_with_lines: 5,
    });
}

#[test]
fn intelligent_mates_by_a_lone_piece_equal_the_plain_search() {
    // White's king and one man: no man of Black's that could take the checker or step
    // between it and the king holds a square next to the king, and Black, with nothing to
    // take, promotes only straight ahead. Black: many men, pawns among them.
    compare_on_random_positions(&Draw {
        seed: 0x1e7e_111e_0000_0005,
        white: &['Q', 'R', 'B', 'B', 'N', 'P'],
        white_counts: 1..2,
        black: &['q', 'r', 'b', 'n', 'p', 'p', 'p'],
        black_counts: 3..7,
        kinds: &[
            ("h#2", true, 60),
            ("h#2.5", false, 25),
            ("h#3", true, 30),
            ("ser-h#3", true, 40),
        ],
        fewest_with_lines: 8,
    });
}

#[test]
fn intelligent_mates_against_a_lone_king_equal_the_plain_search() {
    // Black's king alone or with a man or two: White's pawns, with nothing to take, promote
    // only straight ahead, and take where there is something.
    compare_on_random_positions(&Draw {
        seed: 0x1e7e_111e_0000_0006,
        white: &['P', 'P', 'P', 'R', 'B', 'N'],
        white_counts: 2..4,
        black: &['p', 'n', 'b'],
        black_counts: 0..3,
        kinds: &[("h#2", true, 60), ("h#2.5", false, 30), ("h#3", true, 30)],
        fewest_with_lines: 8,
    });
}

/// Mates where the reasons around the king are of one kind each: guards by the mating king
/// (with White starting, and with the mated king walking into the corner), and a block by a
/// pawn that promotes on the square.
#[test]
fn intelligent_mode_finds_king_guards_and_promoted_blocks() {
    let cases = [
        ("7k/8/5K2/8/8/8/8/R7 b - - 0 1", "h#2", 22),
        ("3k4/8/3K4/8/8/8/8/7R w - - 0 1", "h#1.5", 3),
        // 1.b2-b1=S Bc1-b2# and 1.b2-b1=B Bc1-b2#.
        ("8/8/8/8/8/1K6/1p6/k1B5 b - - 0 1", "h#2", 2),
    ];
    for (fen, stipulation, count) in cases {
        let (intelligent, plain) =
            both(fen, stipulation).expect("the intelligent mode answers this position");
        assert_eq!(plain.len(), count, "{stipulation} in {fen}: {plain:?}");
        assert_eq!(intelligent, plain, "{stipulation} in {fen}");
    }
}

/// Mates whose checker a placed black man attacks but cannot take: the queen on b8 only
/// through its own pawn on b7 (the targets leave out only mates where such a man stands next
/// to the checker or a knight's jump away, and White has no man but its king and the checker:
/// this mate must stay), and the bishop on a7 pinned by the rook on a1.
#[test]
fn intelligent_mode_keeps_mates_whose_checker_a_blocker_cannot_take() {
    for fen in [
        "kq6/np5p/8/8/2N5/8/8/7K b - - 0 1",
        "kq6/bp5p/8/8/2N5/8/8/R6K b - - 0 1",
    ] {
        let (intelligent, plain) = both(fen, "h#1").expect("the intelligent mode answers");
        // 1.h7-h5 Sc4-b6 # and 1.h7-h6 Sc4-b6 #.
        assert_eq!(plain.len(), 2, "h#1 in {fen}: {plain:?}");
        assert_eq!(intelligent, plain, "h#1 in {fen}");
    }
}

/// The same position reached by two lines with its men swapped: in `exact-ser-h#5` Black's
/// rook goes b1-c1-c8-a8 while the pawn promotes on b1 and its rook goes to a1, and 1.Rb1-a1
/// first leaves the rooks the other way round. A dead end of the target that wants the rook
/// of b1 on a8 is then none for the other line: the table tells the two apart.
#[test]
fn intelligent_mode_tells_swapped_men_apart() {
    let fen = "8/kn2R3/1R6/8/8/8/1p4K1/1r6 b - - 0 1";
    let (intelligent, plain) = both(fen, "exact-ser-h#5").expect("the intelligent mode answers");
    let line = "b1c1 0000 c1c8 0000 b2b1r 0000 b1a1 0000 c8a8 e7b7";
    assert!(
        plain.iter().any(|l| l == line),
        "the plain search finds {line}: {plain:?}"
    );
    assert_eq!(intelligent, plain, "exact-ser-h#5 in {fen}");
}
