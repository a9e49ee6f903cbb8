//! `mateproof` with no arguments tells Popeye from UCI by the first line of standard input.
//! That line is read under the same 1 MiB limit as every later one: a huge first line costs
//! the limit in memory, not its length, and is answered as any too-long line is.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

/// The peak resident memory of a running process, in MB.
fn peak_mb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("Linux /proc");
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .expect("VmHWM");
    kib / 1024
}

#[test]
fn a_huge_first_line_is_held_only_up_to_the_line_limit() {
    const LENGTH: usize = 96 << 20;
    let mut child = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine starts");
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        let block = vec![b'x'; 1 << 20];
        for _ in 0..LENGTH >> 20 {
            stdin.write_all(&block).expect("the engine reads");
        }
        stdin.write_all(b"\nisready\n").expect("the engine reads");
        stdin
    });
    let mut said = Vec::new();
    for line in BufReader::new(child.stdout.take().expect("stdout")).lines() {
        let line = line.expect("text");
        let done = line == "readyok";
        said.push(line);
        if done {
            break;
        }
    }
    let peak = peak_mb(child.id());
    drop(writer.join().expect("writer"));
    let _ = child.wait();
    assert!(
        said.contains(&format!(
            "info string error: line of {LENGTH} bytes is too long (limit 1048576)"
        )),
        "{said:?}"
    );
    assert!(
        peak < 48,
        "peak resident memory {peak} MB for a {} MB line",
        LENGTH >> 20
    );
}
