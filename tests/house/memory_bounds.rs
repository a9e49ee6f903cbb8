//! What the engine holds in memory when input is large: checked by the kernel's own counts
//! (`/proc/PID/status`), not by a clock.
//!
//! - `mateproof` with no arguments tells Popeye from UCI by the first line of standard input.
//!   That line is read under the same 1 MiB limit as every later one: a huge first line costs
//!   the limit in memory, not its length, and is answered as any too-long line is.
//! - A large `Hash` must not cost its size up front: the tables are mapped, not written, when
//!   made, and `ucinewgame` / `Clear Hash` give their pages back instead of writing zeros over
//!   every byte (which held up the command loop for seconds at Hash 4096 and made the whole
//!   table resident).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};

/// A memory figure of a running process (`VmRSS`, `VmHWM`), in MB.
fn status_mb(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("Linux /proc");
    let kib: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("{field} in /proc/{pid}/status"));
    kib / 1024
}

/// `mateproof` with no arguments, and its input.
fn engine() -> (Child, ChildStdin) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine starts");
    let stdin = child.stdin.take().expect("stdin");
    (child, stdin)
}

#[test]
fn a_huge_first_line_is_held_only_up_to_the_line_limit() {
    const LENGTH: usize = 96 << 20;
    let (mut child, mut stdin) = engine();
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
    let peak = status_mb(child.id(), "VmHWM");
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

#[test]
fn a_large_hash_is_neither_written_when_made_nor_when_cleared() {
    let (mut child, mut stdin) = engine();
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
    let after_search = status_mb(child.id(), "VmRSS");
    stdin
        .write_all(b"ucinewgame\nsetoption name Clear Hash\nisready\n")
        .unwrap();
    stdin.flush().unwrap();
    until("readyok");
    let after_clear = status_mb(child.id(), "VmRSS");
    stdin.write_all(b"quit\n").unwrap();
    let _ = child.wait();
    // The first search fills part of the table (the mate prover runs beside it); a clear gives
    // all of it back: after a clear at Hash 1024, a small fraction of the table is resident.
    assert!(
        after_clear < 200,
        "{after_clear} MB resident after ucinewgame and Clear Hash ({after_search} MB before)"
    );
}

/// `-maxmem` bounds the help search's table of dead ends too: a long `h=7` cut by `-maxtime`
/// keeps the process's peak well below the table its length would get by default (256 MB,
/// which a few seconds of search touch nearly everywhere).
#[test]
fn maxmem_bounds_the_help_search_table() {
    let dir = std::env::temp_dir().join(format!("mateproof-maxmem-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let input = dir.join("long-help.inp");
    std::fs::write(
        &input,
        "BeginProblem\nPieces White Ka1 Bf1 Pb2 Black Kh8 Pa7 Pc7 Pe7 Pg7 Pd4 Pf4\n\
         Stipulation h=7\nEndProblem\n",
    )
    .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args([
            "popeye",
            input.to_str().unwrap(),
            "-maxmem",
            "8M",
            "-maxtime",
            "3",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the engine starts");
    let mut peak = 0;
    while child.try_wait().expect("status").is_none() {
        if let Ok(status) = std::fs::read_to_string(format!("/proc/{}/status", child.id())) {
            let hwm = status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok());
            peak = peak.max(hwm.unwrap_or(0) / 1024);
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let mut text = String::new();
    std::io::Read::read_to_string(&mut child.stdout.take().unwrap(), &mut text).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        text.contains("Partial solution"),
        "the search was cut: {text}"
    );
    assert!(peak < 100, "{peak} MB at peak under -maxmem 8M");
}
