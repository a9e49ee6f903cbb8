//! What a user meets at the command line (issue 16): exit statuses a script can read, the
//! shared `--threads` default, help texts, the banner on a terminal, and the wording of the
//! suite's messages. Positions are written here: each is chosen for the one property it shows.

use std::process::{Command, Output};

fn mateproof(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args(args)
        .output()
        .expect("the mateproof binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The composer thesis' D1: one key, b5c4.
const SOUND_2: &str = "b2K4/2p5/3k4/1Q6/5P2/1B6/8/8 w - - 0 1";
/// Two keys, e1d1 and e1e4 (the cooked example of protocol/uci-extensions.md).
const COOKED_2: &str = "8/8/8/2p1R3/1p3p2/1p1k1p2/1B5p/1K2Q3 w - - 0 1";
/// Bare kings: no mate at all.
const NO_MATE: &str = "8/8/8/8/8/8/8/K1k5 w - - 0 1";
/// Rb8 mates at once, and almost every rook move mates in two.
const SHORT_AND_COOKED: &str = "7k/8/6K1/8/8/8/8/1R6 w - - 0 1";

fn status(args: &[&str]) -> Option<i32> {
    mateproof(args).status.code()
}

#[test]
fn solve_exit_status_says_sound_unsound_or_error() {
    let solve = |fen: &str, extra: &[&str]| {
        let mut args = vec!["solve", "--fen", fen, "--mate", "2", "--keys-only"];
        args.extend_from_slice(extra);
        status(&args)
    };
    assert_eq!(solve(SOUND_2, &[]), Some(0), "one key: sound");
    assert_eq!(solve(COOKED_2, &[]), Some(1), "two keys: unsound");
    assert_eq!(solve(NO_MATE, &[]), Some(1), "no solution: unsound");
    assert_eq!(solve(SHORT_AND_COOKED, &[]), Some(1), "short mate: unsound");
    assert_eq!(solve("8/8 w - -", &[]), Some(2), "bad FEN: error");
    // JSON or text, the status is the same.
    assert_eq!(solve(COOKED_2, &["--json"]), Some(1));
}

#[test]
fn score_exit_status_says_sound_unsound_or_error() {
    assert_eq!(status(&["score", "--fen", SOUND_2]), Some(0));
    let cooked = mateproof(&["score", "--fen", COOKED_2]);
    assert_eq!(cooked.status.code(), Some(1), "{}", text(&cooked.stdout));
    assert!(text(&cooked.stdout).contains("not a sound #2"));
    assert_eq!(status(&["score", "--fen", COOKED_2, "--json"]), Some(1));
    assert_eq!(status(&["score", "--fen", "8/8 w - -"]), Some(2));
}

#[test]
fn help_documents_exit_statuses_threads_and_theme_count() {
    for command in ["solve", "score"] {
        let help = text(&mateproof(&[command, "--help"]).stdout);
        assert!(
            help.contains("Exit status: 0 sound") && help.contains("1 unsound"),
            "{command} --help: {help}"
        );
    }
    for command in ["solve", "suite", "compose"] {
        let help = text(&mateproof(&[command, "--help"]).stdout);
        let threads = help
            .split("--threads")
            .nth(1)
            .unwrap_or_else(|| panic!("{command} --help names --threads: {help}"));
        let line: String = threads.lines().take(3).collect::<Vec<_>>().join(" ");
        assert!(
            line.contains("default: all cores"),
            "{command} --threads: {line}"
        );
    }
    let compose = text(&mateproof(&["compose", "--help"]).stdout);
    let theme_count = compose
        .split("--theme-count")
        .nth(1)
        .expect("compose --help names --theme-count");
    assert!(
        theme_count.contains("How a theme shown in several variants is counted"),
        "{theme_count}"
    );
}

/// Each subcommand's arguments are built only when it runs (clap's `defer`); its help must
/// still open with the line `mateproof --help` lists for it, not its argument struct's doc.
#[test]
fn each_subcommand_help_opens_with_its_listed_description() {
    let top = text(&mateproof(&["--help"]).stdout);
    let listed: Vec<(&str, &str)> = top
        .split("Commands:")
        .nth(1)
        .expect("mateproof --help lists its commands")
        .lines()
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.trim().split_once(char::is_whitespace))
        .map(|(name, about)| (name, about.trim()))
        .filter(|(name, _)| *name != "help")
        .collect();
    assert!(listed.len() >= 12, "{top}");
    for (name, about) in listed {
        let help = text(&mateproof(&[name, "--help"]).stdout);
        assert_eq!(help.lines().next(), Some(about), "{name} --help: {help}");
    }
}

#[test]
fn suite_names_a_missing_file_without_a_line_number() {
    let dir = std::env::temp_dir().join(format!("mateproof-usability-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let missing = dir.join("nosuchfile.epd");
    let out = mateproof(&["suite", "-q", &missing.display().to_string()]);
    let stdout = text(&out.stdout);
    let line = stdout.lines().next().unwrap_or_default();
    assert!(line.starts_with("error"), "{stdout}");
    assert!(line.contains("nosuchfile.epd  (cannot read file"), "{line}");
    assert!(!line.contains(":0"), "{line}");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn suite_short_mate_message_says_the_keys_are_within_the_claimed_length() {
    let dir = std::env::temp_dir().join(format!("mateproof-usability-s-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let epd = dir.join("short.epd");
    std::fs::write(
        &epd,
        "7k/8/6K1/8/8/8/8/1R6 w - - bm Rb8#; dm 2; id \"short\";\n",
    )
    .expect("write the suite");
    let out = mateproof(&["suite", "-q", &epd.display().to_string()]);
    let stdout = text(&out.stdout);
    let line = stdout.lines().next().unwrap_or_default();
    // Only Rb8 mates in one: the other keys must not read as mates in one.
    assert!(line.contains("found #1; keys within #2: "), "{line}");
    assert!(line.contains(" Rb7 "), "{line}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `mateproof` with no arguments names itself on a terminal (a pseudo-terminal made by
/// Python's `pty`) and says nothing of its own through a pipe, where a GUI listens.
#[test]
fn banner_on_a_terminal_only() {
    let bin = env!("CARGO_BIN_EXE_mateproof");
    let script = r#"
import os, pty, sys
pid, fd = pty.fork()
if pid == 0:
    os.execv(sys.argv[1], [sys.argv[1]])
os.write(fd, b"quit\n")
out = b""
while True:
    try:
        chunk = os.read(fd, 4096)
    except OSError:
        break
    if not chunk:
        break
    out += chunk
os.waitpid(pid, 0)
sys.stdout.write(out.decode("utf-8", "replace"))
"#;
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned());
    let out = Command::new(python)
        .args(["-c", script, bin])
        .output()
        .expect("python3 runs (it is needed by tests/uci/python.rs too)");
    let seen = text(&out.stdout);
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        seen.contains(&format!("Mateproof {version} by ")),
        "on a terminal: {seen:?}"
    );
    let mut piped = Command::new(bin)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary starts");
    {
        use std::io::Write;
        let mut stdin = piped.stdin.take().expect("piped stdin");
        stdin.write_all(b"isready\nquit\n").expect("write");
    }
    let piped = piped.wait_with_output().expect("the binary ends");
    assert_eq!(text(&piped.stdout), "readyok\n", "through a pipe");
}

/// `solve` writes the problemist's form by default; `--notation` picks Popeye's, SAN or UCI;
/// the JSON object is the same whatever the notation.
#[test]
fn solve_writes_moves_as_a_problemist_by_default() {
    let solve = |extra: &[&str]| {
        let mut args = vec!["solve", "--fen", SOUND_2, "--mate", "2", "--tries", "1"];
        args.extend_from_slice(extra);
        text(&mateproof(&args).stdout)
    };
    let problemist = solve(&[]);
    for line in [
        "1.Qc4! threat:",
        "    2.Qxc7#",
        "  1...Bd5",
        "    2.Qxd5#",
        "1.Qd7+?",
        "  1...Kc5!",
    ] {
        assert!(
            problemist.lines().any(|l| l == line),
            "{line:?} in\n{problemist}"
        );
    }
    // The last line gives the time, which varies.
    let tree = |text: &str| text.lines().rev().skip(1).collect::<Vec<_>>().join("\n");
    assert_eq!(
        tree(&problemist),
        tree(&solve(&["--notation", "problemist"]))
    );
    let popeye = solve(&["--notation", "popeye"]);
    assert!(
        popeye.lines().any(|l| l == "1.Qb5-c4 ! threat:"),
        "{popeye}"
    );
    assert!(popeye.lines().any(|l| l == "    2.Qc4*d5 #"), "{popeye}");
    let san = solve(&["--notation", "san"]);
    assert!(san.lines().any(|l| l == "Qc4 ! threat:"), "{san}");
    assert!(san.lines().any(|l| l == "    Qxd5#"), "{san}");
    let uci = solve(&["--notation", "uci"]);
    assert!(uci.lines().any(|l| l == "b5c4 ! threat:"), "{uci}");
    let json = |extra: &[&str]| {
        let mut args = vec!["solve", "--fen", SOUND_2, "--mate", "2", "--json"];
        args.extend_from_slice(extra);
        let out = text(&mateproof(&args).stdout);
        // Nodes and time vary between runs; everything else must be the same.
        let mut value: serde_json::Value = serde_json::from_str(&out).expect("JSON");
        if let Some(object) = value.as_object_mut() {
            object.remove("nodes");
            object.remove("time_ms");
            object.remove("time");
        }
        value
    };
    assert_eq!(json(&[]), json(&["--notation", "popeye"]));
    assert!(json(&[]).to_string().contains("\"b5c4\""));
}

/// Every command that prints moves takes the same `--notation`.
#[test]
fn every_move_printing_command_takes_notation() {
    let score = text(&mateproof(&["score", "--fen", SOUND_2]).stdout);
    assert!(score.starts_with("The keymove is: Qb5-c4\n"), "{score}");
    assert!(
        score.contains("Qc4-d4 X"),
        "thesis form by default: {score}"
    );
    let score = text(&mateproof(&["score", "--fen", SOUND_2, "--notation", "problemist"]).stdout);
    assert!(score.starts_with("The keymove is: Qc4\n"), "{score}");
    assert!(score.contains("Qd4#"), "{score}");

    let dir = std::env::temp_dir().join(format!("mateproof-usability-n-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let epd = dir.join("cooked.epd");
    std::fs::write(
        &epd,
        "8/8/8/2p1R3/1p3p2/1p1k1p2/1B5p/1K2Q3 w - - bm Qd1+; dm 2; id \"cooked\";\n",
    )
    .expect("write the suite");
    let epd = epd.display().to_string();
    let suite = |notation: &str| {
        let out = mateproof(&["suite", "-q", "--notation", notation, &epd]);
        text(&out.stdout)
            .lines()
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    assert!(
        suite("problemist").contains("Qd1+ Qe4+"),
        "{}",
        suite("problemist")
    );
    assert!(suite("uci").contains("e1d1 e1e4"), "{}", suite("uci"));
    assert!(
        suite("popeye").contains("Qe1-d1 + Qe1-e4 +"),
        "{}",
        suite("popeye")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// `compose` ranks its results `rank 1`, `rank 2`, … (never `#1`, which reads as mate in 1).
#[test]
fn compose_ranks_without_mate_signs() {
    let out = mateproof(&[
        "compose",
        "--fen",
        SOUND_2,
        "--depth",
        "2",
        "--top",
        "3",
        "--threads",
        "2",
    ]);
    let stdout = text(&out.stdout);
    assert!(stdout.contains("\nrank 1: score "), "{stdout}");
    assert!(!stdout.lines().any(|l| l.starts_with('#')), "{stdout}");
}

/// `mateproof popeye ARG…` is read without clap unless clap has something to do with the
/// arguments (`-h`, `--help`, `--`): only then is its parser built. Either way Popeye's flag
/// parser gets the same arguments: through clap a leading `--` is dropped, and the text is the
/// same as without it.
#[test]
fn popeye_arguments_bypass_clap_only_where_clap_passes_them_on_unchanged() {
    use mateproof::cli::popeye::PopeyeArgs;
    use std::ffi::OsString;
    let read = |args: &[&str]| {
        let line = std::iter::once("mateproof").chain(args.iter().copied());
        PopeyeArgs::from_command_line(line.map(OsString::from)).map(|a| a.args)
    };
    let owned = |args: &[&str]| Some(args.iter().map(|a| a.to_string()).collect::<Vec<_>>());
    assert_eq!(read(&["popeye"]), owned(&[]));
    for args in [
        &["a.inp", "-regression"][..],
        &["-maxmem", "1M", "a.inp", "--regression"],
        &["a.inp", "-maxtime", "5"],
    ] {
        let line: Vec<&str> = std::iter::once("popeye")
            .chain(args.iter().copied())
            .collect();
        assert_eq!(read(&line), owned(args), "{args:?}");
    }
    for line in [
        &["popeye", "-h"][..],
        &["popeye", "--help"],
        &["popeye", "--", "a.inp"],
        &["popeye", "a.inp", "--help"],
        &["solve", "--fen", SOUND_2],
        &[],
    ] {
        assert_eq!(read(line), None, "{line:?}");
    }

    let dir = std::env::temp_dir().join(format!("mateproof-popeye-args-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("d1.inp");
    let problem =
        "BeginProblem\nPieces White Kd8 Qb5 Bb3 Pf4 Black Kd6 Ba8 Pc7\nStipulation #2\nEndProblem\n";
    std::fs::write(&file, problem).expect("write problem");
    let path = file.to_str().expect("UTF-8 temp path");
    let direct = mateproof(&["popeye", path, "-regression"]);
    let through_clap = mateproof(&["popeye", "--", path, "-regression"]);
    assert_eq!(direct.status.code(), Some(0), "{}", text(&direct.stderr));
    assert!(
        text(&direct.stdout).contains("1.Qb5-c4 !"),
        "{}",
        text(&direct.stdout)
    );
    assert_eq!(direct.stdout, through_clap.stdout);
    let help = text(&mateproof(&["popeye", "--help"]).stdout);
    assert!(help.starts_with("Solve Popeye input files"), "{help}");
    let _ = std::fs::remove_dir_all(&dir);
}
