//! Mateproof as a drop-in for Popeye (issue 35, "A drop-in for Popeye"): a copy of the binary
//! named `py` (or `PY.EXE`, `popeye`, in any folder) is `mateproof popeye` with Popeye's own
//! command line, as Olive and scripts start it (`py -maxmem 1024M FILE`); it writes each twin
//! as soon as it is solved, and SIGTERM (Olive's Stop) ends it with what was written kept.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// A fresh folder for this test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mateproof-dropin-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// A copy of the binary named `name` in `dir`.
fn copy_named(dir: &Path, name: &str) -> PathBuf {
    let to = dir.join(name);
    std::fs::copy(env!("CARGO_BIN_EXE_mateproof"), &to).expect("copy the binary");
    to
}

const MATE_IN_ONE: &str =
    "BeginProblem\nPieces White Kg6 Rb1 Black Kh8\nStipulation #1\nOption NoBoard\nEndProblem\n";

#[test]
fn a_copy_named_py_takes_popeyes_command_line() {
    let dir = scratch("names");
    let file = dir.join("problem"); // Olive's temporary file has no extension
    std::fs::write(&file, MATE_IN_ONE).expect("the input");
    for name in ["py", "PY.EXE", "popeye", "Popeye"] {
        let program = copy_named(&dir, name);
        let out = Command::new(&program)
            .args(["-maxmem", "1024M"])
            .arg(&file)
            .output()
            .expect("the copy runs");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{name}: {stdout}");
        assert!(stdout.contains("   1.Rb1-b8 # !"), "{name}: {stdout}");
        // Without -regression: a banner first and the time on the end line, as Popeye.
        assert!(stdout.lines().last().is_some_and(|l| l.is_empty()));
        assert!(stdout.contains("solution finished. Time = "), "{stdout}");
        let regression = Command::new(&program)
            .args([
                "-maxpos",
                "100",
                "-heartbeat",
                "-regression",
                "-maxtrace",
                "3",
            ])
            .args(["-notraceptr"])
            .arg(&file)
            .arg("not-read") // Popeye reads one file; the rest of its command line is not read
            .output()
            .expect("the copy runs");
        assert_eq!(
            String::from_utf8_lossy(&regression.stdout),
            "\n   1.Rb1-b8 # !\n\n\nsolution finished.\n\n\n",
            "{name}"
        );
        assert_eq!(regression.status.code(), Some(0));
    }
    // Standard input when no file is named; a value Popeye cannot read is ignored as Popeye
    // ignores it.
    let py = copy_named(&dir, "py");
    let mut child = Command::new(&py)
        .args(["-maxtime", "soon", "-regression"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the copy runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(MATE_IN_ONE.as_bytes())
        .expect("write");
    let out = child.wait_with_output().expect("it ends");
    assert!(String::from_utf8_lossy(&out.stdout).contains("1.Rb1-b8 # !"));
    // A file that cannot be opened: Popeye's words, and a failing status.
    let missing = Command::new(&py)
        .arg(dir.join("no-such-problem"))
        .output()
        .expect("the copy runs");
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr)
        .starts_with("error opening input file: No such file or directory"));
    // The binary under its own name still wants its subcommand.
    let plain = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args(["-maxmem", "1024M"])
        .output()
        .expect("mateproof runs");
    assert_eq!(plain.status.code(), Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Twin a) is a mate in one; twin b) a #15 of two bishops, far from proved in any time this
/// test waits: twin a)'s play can only be read before the end if it is written as solved.
#[cfg(unix)]
#[test]
fn each_twin_is_written_as_it_is_solved_and_sigterm_keeps_it() {
    let dir = scratch("stream");
    let file = dir.join("problem");
    std::fs::write(
        &file,
        "BeginProblem\nPieces White Kg6 Rb1 Black Kh8\nStipulation #1\nOption NoBoard\n\
         Twin Stipulation #15 Remove b1 Add White Bb8f5 Move g6 d8 Move h8 e2\nEndProblem\n",
    )
    .expect("the input");
    let py = copy_named(&dir, "py");
    let mut child = Command::new(&py)
        .args(["-maxmem", "64M", "-regression"])
        .arg(&file)
        .stdout(Stdio::piped())
        .spawn()
        .expect("the copy runs");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let mut seen = Vec::new();
    for line in lines.by_ref() {
        let line = line.expect("a line");
        let done = line.starts_with("b) ");
        seen.push(line);
        if done {
            break;
        }
    }
    assert!(
        seen.iter().any(|l| l == "   1.Rb1-b8 # !"),
        "twin a) was not written before twin b) started: {seen:?}"
    );
    assert!(
        child.try_wait().expect("status").is_none(),
        "twin b) ended already; the test needs a longer one"
    );
    // Olive's Stop.
    // SAFETY: sending a signal to our own child process.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGTERM);
    }
    let status = child.wait().expect("it ends");
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(libc::SIGTERM));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Both streams of `mateproof popeye -regression` on `input`, written to one file, as
/// `2>&1` or Popeye's `Protocol` copy holds them.
fn both_streams(name: &str, input: &str) -> String {
    let dir = scratch(name);
    let file = dir.join("problem.inp");
    std::fs::write(&file, input).expect("the input");
    let both = dir.join("both");
    let sink = std::fs::File::create(&both).expect("the output file");
    let status = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args(["popeye", "-regression"])
        .arg(&file)
        .stdout(sink.try_clone().expect("a second handle"))
        .stderr(sink)
        .status()
        .expect("mateproof runs");
    assert_eq!(status.code(), Some(0));
    std::fs::read_to_string(&both).expect("the output")
}

/// One pipe (or file) for both streams: Popeye's message on standard error comes where
/// Popeye writes it, between the lines of standard output, each line break where Popeye
/// writes it (Popeye 4.104's text, `py -regression FILE 2>&1`): a #2 with set play whose White
/// king is in check, the message before the play; an h#1 with set play whose Black king is in
/// check (`TESTS/help_play.inp` 2), the message in the set play's place, before the play.
#[test]
fn both_streams_in_one_file_interleave_as_popeye_writes_them() {
    assert_eq!(
        both_streams(
            "battle",
            "BeginProblem\nPieces White Ka6 Rc6 Black Kb8 Sc5\nStipulation #2\n\
             Option SetPlay Variation NoBoard\nEndProblem\n"
        ),
        "\nthe side to play can capture the king\n   1.Rc6*c5 ! zugzwang.\n      1...Kb8-a8\n\
         \x20         2.Rc5-c8 #\n\n\nsolution finished.\n\n\n"
    );
    assert_eq!(
        both_streams(
            "help",
            "BeginProblem\nPieces White Ka6 Bh2 Sc4 Black Kb8\nStipulation h#1\n\
             Option SetPlay NoBoard\nEndProblem\n"
        ),
        "\nthe side to play can capture the king\n  1.Kb8-a8 Sc4-b6 #\n\nsolution finished.\n\n\n"
    );
}
