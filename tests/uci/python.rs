//! Runs `tests/python/test_uci.py`: python-chess 1.11.2, a real UCI client, drives the built
//! engine (handshake, options, `play` with a time limit, `Limit(depth)`, `Limit(mate)` on the
//! dm2 suite, the problem report, 1,000 garbage lines followed by `isready`, `quit`).
//!
//! Python and the `chess` package are prerequisites, installed by `.ci/run`
//! (`pip install chess==1.11.2`). When either is missing this test fails and says what to
//! install: it never passes without having talked to the engine. Set `PYTHON` to choose the
//! interpreter (default `python3`).

use mateproof::reference::shared;
use std::path::Path;
use std::process::Command;

const PYTHON_CHESS_VERSION: &str = "1.11.2";

fn python() -> String {
    std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned())
}

#[test]
fn python_chess_drives_the_engine() {
    let python = python();
    let probe = Command::new(&python)
        .args(["-c", "import chess, chess.engine; print(chess.__version__)"])
        .output()
        .unwrap_or_else(|e| {
            panic!("cannot run '{python}' ({e}): this test needs Python 3 with python-chess {PYTHON_CHESS_VERSION}; install Python 3, or set PYTHON to its path")
        });
    let version = String::from_utf8_lossy(&probe.stdout).trim().to_owned();
    assert!(
        probe.status.success(),
        "python-chess is not installed for '{python}': run `pip install chess=={PYTHON_CHESS_VERSION}` \
         (.ci/run does this)\n{}",
        String::from_utf8_lossy(&probe.stderr)
    );
    assert_eq!(
        version, PYTHON_CHESS_VERSION,
        "python-chess {version} found, the test is written for {PYTHON_CHESS_VERSION}: run `pip install chess=={PYTHON_CHESS_VERSION}`"
    );

    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python/test_uci.py");
    // The mate tests read the shared dm2 suite; without it they skip (after the line saying so).
    let dm2 = shared("suites/dm2.epd");
    let run = Command::new(&python)
        .arg(&script)
        .arg(env!("CARGO_BIN_EXE_mateproof"))
        .args(&dm2)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {}: {e}", script.display()));
    let report = String::from_utf8_lossy(&run.stderr);
    eprintln!("{report}");
    assert!(
        run.status.success(),
        "the python-chess client test failed:\n{report}"
    );
    assert!(
        report.contains("\nOK") && !report.contains("Ran 0 tests"),
        "expected the client tests to run and pass:\n{report}"
    );
    assert!(
        dm2.is_none() || !report.contains("skipped"),
        "with the dm2 suite given, no client test may skip:\n{report}"
    );
}
