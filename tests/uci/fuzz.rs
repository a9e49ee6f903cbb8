//! Hostile input for the UCI engine, as an ordinary test on stable Rust (the stand-in for a
//! `cargo fuzz` target, which needs a nightly toolchain): generated lines through the front
//! layer, generated command scripts through the whole engine in-process, and a corpus of lines
//! that once crashed the parser library underneath.
//!
//! Properties: the front layer never panics on any line; the engine never panics on any script,
//! ends at end of input, answers the final `isready`, and every `bestmove` it sends names a
//! move in UCI notation (or `0000`).

use mateproof::uci::{parse_line, run};
use proptest::prelude::*;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// Lines that panic inside vampirc-uci 0.11.1 or that it misreads; each must get an answer.
const CORPUS: &[&str] = &[
    "go ",
    "go\t",
    "go depth 256",
    "go mate 300",
    "go movestogo 300",
    "go nodes 99999999999999999999",
    "go mate 3 perft 5",
    "go searchmoves",
    "go wtime -1 btime -1",
    "position fen 8/8/8/8/8/8/8/K1k5 w - -",
    "position startpos moves e2e4 0000 d2d4",
    "position fen 8/8/8/8/8/8/8/K1k5 w - - 0 1 moves",
    "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 0",
    "setoption name",
    "setoption name value",
    "setoption name  value x",
    "info score mate 200",
    "info currmovenum 3",
    "bestmove",
    "register",
    "debug",
    "\u{0}",
    "\u{feff}uci",
    "é",
];

/// Command words, so generated lines often get past the first token.
const WORDS: &[&str] = &[
    "uci",
    "isready",
    "go",
    "position",
    "setoption",
    "name",
    "value",
    "startpos",
    "fen",
    "moves",
    "depth",
    "mate",
    "nodes",
    "movetime",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
    "stop",
    "ponderhit",
    "ucinewgame",
    "d",
    "debug",
    "on",
    "register",
    "Hash",
    "MultiPV",
    "e2e4",
    "e7e5",
    "0000",
    "e7e8q",
    "-1",
    "0",
    "1",
    "255",
    "256",
    "18446744073709551616",
    "8/8/8/8/8/8/8/K1k5",
    "w",
    "b",
    "-",
    "KQkq",
    "e3",
];

fn token() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(WORDS).prop_map(str::to_owned),
        1 => "[ -~]{0,12}",
        1 => any::<String>().prop_map(|s| s.chars().take(12).collect()),
    ]
}

fn line() -> impl Strategy<Value = String> {
    (
        prop::collection::vec(token(), 0..8),
        prop::sample::select(vec![" ", "  ", "\t", " \t "]),
    )
        .prop_map(|(tokens, sep)| tokens.join(sep))
}

/// A script: mostly harmless searches (shallow, or quickly stopped) among generated lines.
fn script() -> impl Strategy<Value = Vec<String>> {
    let command = prop_oneof![
        6 => line(),
        1 => Just("go depth 2".to_owned()),
        1 => Just("go movetime 5".to_owned()),
        1 => Just("go mate 1".to_owned()),
        1 => Just("go infinite".to_owned()),
        1 => Just("go perft 2".to_owned()),
        2 => Just("stop".to_owned()),
        1 => Just("position startpos moves e2e4 e7e5 g1f3".to_owned()),
        1 => Just("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1".to_owned()),
        1 => Just("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1".to_owned()),
    ];
    prop::collection::vec(command, 1..24)
}

#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .map_err(|_| std::io::Error::other("poisoned"))?
            .extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs a script in-process (ending with `stop` and `isready`) and returns the output lines.
fn serve(lines: &[String]) -> Vec<String> {
    let mut input = lines.join("\n");
    input.push_str("\nstop\nisready\n");
    let out = Shared::default();
    run(input.as_bytes(), out.clone()).expect("reading from memory cannot fail");
    let bytes = out.0.lock().expect("no panics while writing").clone();
    String::from_utf8(bytes)
        .expect("the engine writes UTF-8")
        .lines()
        .map(str::to_owned)
        .collect()
}

fn is_uci_move(text: &str) -> bool {
    let b = text.as_bytes();
    text == "0000"
        || ((b.len() == 4 || b.len() == 5)
            && (b'a'..=b'h').contains(&b[0])
            && (b'1'..=b'8').contains(&b[1])
            && (b'a'..=b'h').contains(&b[2])
            && (b'1'..=b'8').contains(&b[3])
            && (b.len() == 4 || b"qrbn".contains(&b[4])))
}

fn check_output(output: &[String]) {
    assert!(
        output.iter().any(|l| l == "readyok"),
        "no readyok in {output:?}"
    );
    for l in output.iter().filter(|l| l.starts_with("bestmove")) {
        let mut tokens = l.split(' ').skip(1);
        let best = tokens.next().unwrap_or("");
        assert!(is_uci_move(best), "bad bestmove line '{l}'");
        if let Some(word) = tokens.next() {
            assert_eq!(word, "ponder", "{l}");
            assert!(tokens.next().is_some_and(is_uci_move), "{l}");
        }
    }
}

#[test]
fn the_crash_corpus_is_answered() {
    for &line in CORPUS {
        let _ = parse_line(line);
    }
    let output = serve(&CORPUS.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>());
    check_output(&output);
    let errors = output
        .iter()
        .filter(|l| l.starts_with("info string error: "))
        .count();
    // Every corpus line that is not a valid command gets exactly one error line. The valid
    // ones: four searches (`go `, `go\t`, the clocks, `movestogo 300`), three positions and
    // `uci` behind a byte-order mark.
    let valid = 8;
    assert_eq!(errors, CORPUS.len() - valid, "{}", output.join("\n"));
    assert!(
        output.iter().any(|l| l == "uciok"),
        "the byte-order mark hid 'uci'"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn the_front_layer_never_panics(text in line()) {
        let _ = parse_line(&text);
    }

    #[test]
    fn any_string_at_all(text in any::<String>()) {
        let _ = parse_line(&text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn the_engine_survives_any_script(lines in script()) {
        check_output(&serve(&lines));
    }
}
