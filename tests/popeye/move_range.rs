//! Popeye's `StartMoveNumber k` / `UpToMoveNumber k` and `MaxSolutions n` outside battle
//! play's keys: the facts below were read off Popeye 4.104's own output for these positions
//! (made with `py -regression` while the behaviour was written; Popeye's text is not kept here).
//!
//! - `StartMoveNumber`/`UpToMoveNumber` switch `MoveNumbers` on (battle play too) and restrict
//!   the first moves tried to those numbered in range; in help and series play only the full
//!   length is tried (no short solutions), and the count runs on through set play.
//! - `MaxSolutions n` in help play keeps the first n lines of Popeye's printed order, not the
//!   first n the search happens to find.

use mateproof::popeye::run::{run, RunOptions};

fn popeye(input: &str) -> String {
    let options = RunOptions {
        regression: true,
        max_time: None,
        hash_mb: None,
        ..RunOptions::default()
    };
    run(input, &options).text
}

/// White Kg6 Rb1, Black Kh8 Pg7: `h#1` 1.Kh8-g8 Rb1-b8 #; in `h#2` eleven full-length lines,
/// all beginning 1.Kh8-g8 (Black's first moves: 1 Kh8-h7 +, 2 Kh8-g8).
fn corner(stipulation: &str, options: &str) -> String {
    popeye(&format!(
        "BeginProblem\nPieces White Kg6 Rb1 Black Kh8 Pg7\nStipulation {stipulation}\n\
         Option NoBoard {options}\nEndProblem\n"
    ))
}

/// The numbers of the `MoveNumbers` lines (`  2  (Kh8-g8 )`), in order.
fn numbers(text: &str) -> Vec<u32> {
    text.lines()
        .filter(|l| l.contains("  ("))
        .filter_map(|l| l.split_whitespace().next()?.parse().ok())
        .collect()
}

fn solutions(text: &str) -> Vec<&str> {
    text.lines().filter(|l| l.starts_with("  1.")).collect()
}

#[test]
fn a_move_number_range_numbers_and_tries_only_full_length_play_in_range() {
    let all = corner("h#2", "");
    assert_eq!(solutions(&all).len(), 12, "{all}");
    assert_eq!(solutions(&all)[0], "  1.Kh8-g8 Rb1-b8 #", "{all}");
    let both = corner("h#2", "StartMoveNumber 2 UpToMoveNumber 2");
    assert_eq!(numbers(&both), [2], "{both}");
    // The h#1 is not tried; the full-length lines all follow their number.
    assert_eq!(solutions(&both), solutions(&all)[1..], "{both}");
    let body: Vec<&str> = both.lines().collect();
    assert_eq!(body[1], "  2  (Kh8-g8 )", "{both}");
    assert!(both.ends_with("\nsolution finished.\n\n\n"), "{both}");
    // UpToMoveNumber alone switches MoveNumbers on.
    let up_to = corner("h#2", "UpToMoveNumber 2");
    assert_eq!(numbers(&up_to), [1, 2], "{up_to}");
    assert_eq!(solutions(&up_to), solutions(&all)[1..], "{up_to}");
    // Beyond the last first move: nothing at all.
    let beyond = corner("h#2", "StartMoveNumber 3");
    assert!(
        numbers(&beyond).is_empty() && solutions(&beyond).is_empty(),
        "{beyond}"
    );
}

#[test]
fn a_move_number_range_in_series_play_and_set_play() {
    // ser-#3: White's 22 pseudo-legal first moves, numbered from 2 on; 1.Rb1-b8 # (a ser-#1)
    // is not tried, 1.Rb1-b7 has eleven full-length lines.
    let series = corner("ser-#3", "StartMoveNumber 2");
    assert_eq!(numbers(&series), (2..=22).collect::<Vec<_>>(), "{series}");
    assert!(!series.contains("  1.Rb1-b8 #"), "{series}");
    let b7 = solutions(&series)
        .iter()
        .filter(|l| l.starts_with("  1.Rb1-b7 "))
        .count();
    assert_eq!(b7, 11, "{series}");
    // Set play (h#1.5, White first) numbers 1 to 22, the play goes on at 23.
    let set = corner("h#2", "SetPlay StartMoveNumber 2");
    assert_eq!(numbers(&set), (2..=24).collect::<Vec<_>>(), "{set}");
    assert!(set.contains("\n\n 23  (Kh8-h7 + )\n"), "{set}");
    assert!(
        set.contains("\n  1...Rb1-b7   2.Kh8-g8 Rb7-b8 #\n"),
        "{set}"
    );
}

#[test]
fn a_move_number_range_in_battle_play_prints_the_numbers() {
    let text = corner("#2", "UpToMoveNumber 3");
    assert_eq!(numbers(&text), [1, 2, 3], "{text}");
    assert!(
        text.contains("  2  (Rb1-b8 + )\n   1.Rb1-b8 # !\n"),
        "{text}"
    );
}

#[test]
fn max_solutions_keeps_the_first_lines_of_popeyes_order() {
    // Popeye's order of these h#2 begins with the two lines kept; the search finds others
    // first.
    for (pieces, kept) in [
        (
            "White Ke8 Sd3 Rg6 Black Ka2 Pg2 Bd5 Sa6 Sb3",
            [
                "  1.Ka2-b1 Rg6*g2   2.Sb3-a1 Rg2-b2 #",
                "  1.g2-g1=Q Rg6-g4   2.Qg1-b1 Rg4-a4 #",
            ],
        ),
        (
            "White Kf3 Qb1 Pf5 Sg6 Black Kd6 Pa4 Bg3 Pc2",
            [
                "  1.Bg3-e5 Qb1-b4 +   2.Kd6-d5 Sg6-e7 #",
                "  1.Kd6-d5 Qb1-b4   2.Bg3-e5 Sg6-e7 #",
            ],
        ),
    ] {
        let input = format!(
            "BeginProblem\nPieces {pieces}\nStipulation h#2\nOption NoBoard MaxSolutions 2\n\
             EndProblem\n"
        );
        let text = popeye(&input);
        assert_eq!(solutions(&text), kept, "{text}");
        assert!(text.ends_with("\nPartial solution\n\n\n"), "{text}");
    }
    // With a range, MaxSolutions counts the lines of the first moves in range, in that order.
    let text = corner("h#2", "UpToMoveNumber 2 MaxSolutions 3");
    assert_eq!(
        solutions(&text),
        [
            "  1.Kh8-g8 Rb1-a1   2.Kg8-h8 Ra1-a8 #",
            "  1.Kh8-g8 Rb1-b7   2.Kg8-h8 Rb7-b8 #",
            "  1.Kh8-g8 Rb1-b6   2.Kg8-h8 Rb6-b8 #",
        ],
        "{text}"
    );
}

/// Set play and the duplex half start with the other side: with the side to move in check
/// in the diagram Popeye leaves them out and says so on its standard error, in the part's
/// place (the text here has that line where it is written, `popeye::streams`: Popeye 4.104's
/// `Protocol` copy); Mateproof used to crash there.
#[test]
fn set_play_and_duplex_are_left_out_when_the_other_side_could_take_the_king() {
    let input = |options: &str| {
        format!(
            "BeginProblem\nPieces White Kf5 Rf2 Bf7 Se5 Black Kc4 Sc3 Rb4 Sb6 Qg7 Ba4\n\
             Stipulation h#2\nOption NoBoard {options}\nEndProblem\n"
        )
    };
    // NoBoard: no diagram, no stipulation line; the set play part is not even an empty one.
    let text = popeye(&input("SetPlay"));
    assert_eq!(
        text,
        "\nthe side to play can capture the king\n  1.Kc4-d4 Se5-c4   2.Kd4-d3 Rf2-d2 #\n\n\
         solution finished.\n\n\n"
    );
    let half = popeye(&input("HalfDuplex"));
    assert_eq!(
        half,
        "\nthe side to play can capture the king\nsolution finished.\n\n\n"
    );
}
