//! A large `Hash` must not cost its size up front: the tables are mapped, not written, when
//! made, and `ucinewgame` / `Clear Hash` give their pages back instead of writing zeros over
//! every byte (which held up the command loop for seconds at Hash 4096 and made the whole
//! table resident). Checked by what the engine holds, not by a clock: after a first search and
//! a clear at Hash 1024, the engine's resident memory is a small fraction of the table.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

fn rss_mb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("Linux /proc");
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .expect("VmRSS");
    kib / 1024
}

#[test]
fn a_large_hash_is_neither_written_when_made_nor_when_cleared() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let mut lines = BufReader::new(child.stdout.take().expect("stdout")).lines();
    let mut until = |prefix: &str| loop {
        let line = lines.next().expect("a line").expect("text");
        if line.starts_with(prefix) {
            return;
        }
    };
    let script = "uci\nsetoption name Hash value 1024\nposition startpos\ngo depth 1\n";
    stdin.write_all(script.as_bytes()).unwrap();
    stdin.flush().unwrap();
    until("bestmove");
    let after_search = rss_mb(child.id());
    stdin
        .write_all(b"ucinewgame\nsetoption name Clear Hash\nisready\n")
        .unwrap();
    stdin.flush().unwrap();
    until("readyok");
    let after_clear = rss_mb(child.id());
    stdin.write_all(b"quit\n").unwrap();
    let _ = child.wait();
    // The first search fills part of the table (the mate prover runs beside it); a clear gives
    // all of it back.
    assert!(
        after_clear < 200,
        "{after_clear} MB resident after ucinewgame and Clear Hash ({after_search} MB before)"
    );
}
