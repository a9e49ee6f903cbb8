//! Nothing in a file crashes the Popeye front end: random texts, token soups built from
//! Popeye's own vocabulary, and random small problems are read, solved and written without a
//! panic, and every output still ends with an end line.

use mateproof::notation::Language;
use mateproof::popeye::header::header;
use mateproof::popeye::problems::twin_problems;
use mateproof::popeye::reader::read;
use mateproof::popeye::run::{run, RunOptions};
use mateproof::popeye::transcript::Transcript;
use proptest::prelude::*;

const WORDS: &[&str] = &[
    "BeginProblem",
    "begi",
    "EndProblem",
    "endp",
    "NextProblem",
    "Pieces",
    "piec",
    "White",
    "whit",
    "Black",
    "Neutral",
    "Forsyth",
    "Stipulation",
    "stip",
    "#1",
    "#2",
    "exact-#2",
    "h#2",
    "ser-#3",
    "#0",
    "#",
    "Option",
    "Variation",
    "Try",
    "Defence",
    "Threat",
    "MaxFlightsquares",
    "SetPlay",
    "PostKeyPlay",
    "NoThreat",
    "MaxSolutions",
    "MoveNumbers",
    "StartMoveNumber",
    "EnPassant",
    "NoCastling",
    "NoBoard",
    "Twin",
    "Move",
    "Exchange",
    "Remove",
    "Add",
    "Substitute",
    "Rotate",
    "Mirror",
    "a1<-->h8",
    "Shift",
    "Continued",
    "ZeroPosition",
    "Condition",
    "Circe",
    "Author",
    "Title",
    "Remark",
    "Ke1",
    "ke8",
    "Qd1",
    "Ra1h1",
    "Pe2e7",
    "pa8",
    "Sb1",
    "Nf3",
    "Bc4",
    "ka1kb1",
    "e2",
    "e4",
    "a1",
    "h8",
    "g7g6g5",
    "90",
    "180",
    "2",
    "0",
    "x",
    "7R/7p/5P1k/4PKpP",
    "8/8/8",
    "99/",
    "AnfangProblem",
    "Steine",
    "weiss",
    "schwarz",
    "kc1",
    "Forderung",
    "zwilling",
    "versetze",
    ";",
    ".",
    "\n",
    "foo",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(WORDS), 0..40).prop_map(|w| w.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn transcripts_of_any_text_never_panic(text in ".{0,400}") {
        let _ = Transcript::parse(&text);
    }

    #[test]
    fn reading_any_token_soup_never_panics(text in soup()) {
        let file = read(&text);
        for spec in &file.problems {
            let _ = twin_problems(spec, file.language);
            if let Some(stip) = spec.stipulation {
                let _ = header(spec, stip, Language::English);
            }
        }
    }

    #[test]
    fn random_small_problems_are_solved_and_written(
        white in prop::collection::vec(("[KQRBSP]", 0u8..8, 0u8..8), 0..4),
        black in prop::collection::vec(("[KQRBSP]", 0u8..8, 0u8..8), 0..4),
        moves in 1u32..3,
        options in prop::sample::subsequence(vec!["Variation", "Try", "SetPlay", "NoThreat", "PostKeyPlay", "MoveNumbers"], 0..4),
    ) {
        let square = |f: u8, r: u8| format!("{}{}", char::from(b'a' + f), r + 1);
        let pieces = |list: &Vec<(String, u8, u8)>| list.iter().map(|(p, f, r)| format!("{p}{}", square(*f, *r))).collect::<Vec<_>>().join(" ");
        let input = format!(
            "BeginProblem\nPieces White Ke1 {} Black Ke8 {}\nStipulation #{moves}\nOption {}\nEndProblem\n",
            pieces(&white), pieces(&black), options.join(" ")
        );
        let out = run(&input, &RunOptions { regression: true, ..RunOptions::default() });
        prop_assert!(out.text.ends_with("solution finished.\n\n\n") || out.text.ends_with("Partial solution\n\n\n"), "{}", out.text);
    }
}
