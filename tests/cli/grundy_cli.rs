//! `mateproof grundy` as a command: the JSON fields the issue names, the text and grid output,
//! custom and YAML movesets agreeing with the named pieces, sums by nim-sum with a winning
//! move that really zeroes it, and bad input refused with exit status 2 and a reason.

use serde_json::Value;
use std::path::PathBuf;
use std::process::{Command, Output};

fn mateproof(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args(args)
        .output()
        .expect("run mateproof")
}

fn json(args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let output = mateproof(&all);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("one JSON object")
}

fn stdout(args: &[&str]) -> String {
    let output = mateproof(args);
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

fn refused(args: &[&str]) -> String {
    let output = mateproof(args);
    assert_eq!(output.status.code(), Some(2), "{args:?} should exit 2");
    assert!(output.stdout.is_empty(), "{args:?} printed to stdout");
    String::from_utf8(output.stderr).unwrap()
}

fn piece_file(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "testsuites/pieces", name]
        .iter()
        .collect();
    path.to_string_lossy().into_owned()
}

fn pairs(value: &Value) -> Vec<(u64, u64)> {
    value
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m[0].as_u64().unwrap(), m[1].as_u64().unwrap()))
        .collect()
}

/// Every first move from the origin for King (right, down, diagonal), kept when it exists.
fn king_moves(grid: &Value) -> Vec<(u64, u64)> {
    [(0, 1), (1, 0), (1, 1)]
        .into_iter()
        .filter(|&(a, b): &(usize, usize)| grid.get(a).and_then(|row| row.get(b)).is_some())
        .map(|(a, b)| (a as u64, b as u64))
        .collect()
}

#[test]
fn json_has_the_issues_fields_with_the_digests_values() {
    let v = json(&[
        "grundy",
        "--piece",
        "king",
        "--partition",
        "5,3,2,2",
        "--grid",
    ]);
    // Digest §2.10: King on (5,3,2,2) is a (3,3)-position.
    assert_eq!(v["grundy"], 3);
    assert_eq!(v["misere"], 3);
    assert_eq!(v["outcome"], "N");
    for (field, grid) in [
        ("winning_moves", "grid"),
        ("misere_winning_moves", "misere_grid"),
    ] {
        let listed = pairs(&v[field]);
        let expected: Vec<(u64, u64)> = king_moves(&v[grid])
            .into_iter()
            .filter(|&(a, b)| v[grid][a as usize][b as usize] == 0)
            .collect();
        assert!(!listed.is_empty(), "{field}");
        assert_eq!(listed, expected, "{field}");
    }
    assert_eq!(v["grid"][0][0], 3);
    assert_eq!(v["partition"], serde_json::json!([5, 3, 2, 2]));
    // A 𝒫-position: King on (3,3,3) is (0,0), no winning move in either play.
    let p = json(&["grundy", "--piece", "king", "--partition", "3,3,3"]);
    assert_eq!(
        (p["grundy"].as_u64(), p["misere"].as_u64()),
        (Some(0), Some(0))
    );
    assert_eq!(p["outcome"], "P");
    assert_eq!(p["winning_moves"], serde_json::json!([]));
    assert_eq!(p["misere_winning_moves"], serde_json::json!([]));
}

#[test]
fn text_and_grid_follow_figure_3() {
    let text = stdout(&[
        "grundy",
        "--piece",
        "king",
        "--partition",
        "3,2",
        "--grid",
        "--misere",
    ]);
    assert!(
        text.contains("grundy: 2\noutcome: N\nwinning moves: 1,1\n"),
        "{text}"
    );
    assert!(text.contains("grid (normal play):\n2 1 0\n1 0\n"), "{text}");
    // Misère: the corners (0,2) and (1,1) are terminal and worth 1, so (0,1) and (1,0), whose
    // moves all reach a corner, are worth 0, and the origin mex{0, 0, 1} = 2.
    assert!(text.contains("grid (misere play):\n2 0 1\n0 1\n"), "{text}");
    let classified = stdout(&[
        "grundy",
        "--piece",
        "king",
        "--partition",
        "3,3,3",
        "--classify",
    ]);
    assert!(
        classified.contains("pet: no, cell 0,0 (3,3,3) is a (0,0)-position\n"),
        "{classified}"
    );
    assert!(classified.contains("forced: yes\n"), "{classified}");
    // A family: King on rectangles is forced and miserable, not pet (digest §2.10, Thm 4.10).
    let family = stdout(&["grundy", "--piece", "king", "--family", "rectangles:12"]);
    assert!(
        family.contains("family: rectangles:12 (144 members)\n"),
        "{family}"
    );
    assert!(
        family.contains("pet: no, member 3,3,3: cell 0,0 (3,3,3) is a (0,0)-position\n"),
        "{family}"
    );
    assert!(
        family.contains("forced: yes\nreturnable: yes\n"),
        "{family}"
    );
    let v = json(&["grundy", "--piece", "king", "--family", "staircases:20"]);
    assert_eq!(
        v["cgh"]["forced"]["member"],
        serde_json::json!([4, 3, 2, 1])
    );
    assert_eq!(v["cgh"]["pet"]["holds"], true);
}

#[test]
fn custom_and_yaml_movesets_equal_the_named_pieces() {
    for partition in ["7,7,5,4,4,1", "6,6,6,6", "9,3,3,2,1,1,1"] {
        let grid = |args: &[&str]| {
            let mut all = vec!["grundy", "--partition", partition, "--grid"];
            all.extend_from_slice(args);
            json(&all)["grid"].clone()
        };
        assert_eq!(
            grid(&["--leap", "1,2", "2,1"]),
            grid(&["--piece", "knight"])
        );
        assert_eq!(grid(&["--ride", "1,0", "0,1"]), grid(&["--piece", "rook"]));
        assert_eq!(
            grid(&["--leap", "0,1", "1,0", "--ride", "1,1"]),
            grid(&["--ride", "1,1", "--leap", "1,0", "0,1"])
        );
        // The camel's down/right leaps are (1,3) and (3,1).
        assert_eq!(
            grid(&["--yaml", &piece_file("camel.yaml")]),
            grid(&["--leap", "1,3", "3,1"])
        );
    }
    let camel = json(&[
        "grundy",
        "--yaml",
        &piece_file("camel.yaml"),
        "--partition",
        "4,4,4,2",
    ]);
    assert_eq!(camel["piece"], "Camel");
    assert_eq!(camel["moveset"], "leaps 1,3 3,1");
}

#[test]
fn sums_are_nim_sums_with_a_winning_move() {
    let sum = "king:5,3,2;rook:4,4;queen:3,3";
    let v = json(&["grundy", "--sum", sum]);
    let mut total = 0;
    for (k, (piece, partition)) in [("king", "5,3,2"), ("rook", "4,4"), ("queen", "3,3")]
        .iter()
        .enumerate()
    {
        let alone = json(&["grundy", "--piece", piece, "--partition", partition]);
        assert_eq!(v["components"][k]["grundy"], alone["grundy"]);
        total ^= alone["grundy"].as_u64().unwrap();
    }
    assert_eq!(v["grundy"], total);
    assert_ne!(total, 0);
    let key = &v["winning_move"];
    let k = key["component"].as_u64().unwrap() as usize - 1;
    let [piece, partition] = [["king", "5,3,2"], ["rook", "4,4"], ["queen", "3,3"]][k];
    let alone = json(&[
        "grundy",
        "--piece",
        piece,
        "--partition",
        partition,
        "--grid",
    ]);
    let (a, b) = (
        key["move"][0].as_u64().unwrap() as usize,
        key["move"][1].as_u64().unwrap() as usize,
    );
    let after = alone["grid"][a][b].as_u64().unwrap();
    assert_eq!(key["to_grundy"], after);
    assert_eq!(
        total ^ alone["grundy"].as_u64().unwrap() ^ after,
        0,
        "the key zeroes the nim-sum"
    );
    // A zero sum has no winning move; bare partitions use the command's piece.
    let zero = json(&["grundy", "--piece", "rook", "--sum", "4,4;4,4"]);
    assert_eq!(zero["grundy"], 0);
    assert_eq!(zero["outcome"], "P");
    assert_eq!(zero["winning_move"], Value::Null);
    let text = stdout(&["grundy", "--sum", sum]);
    assert!(
        text.contains(&format!(
            "grundy: {total}\noutcome: N\nwinning move: component "
        )),
        "{text}"
    );
}

#[test]
fn bad_input_is_refused_with_a_reason() {
    let cases: [(&[&str], &str); 14] = [
        (
            &["grundy", "--piece", "king", "--family", "all:31"],
            "error: --family: 'all:31': the bound of all must be from 1 to 30",
        ),
        (
            &[
                "grundy",
                "--piece",
                "king",
                "--family",
                "all:3",
                "--partition",
                "3",
            ],
            "error: --family classifies every member",
        ),
        (
            &["grundy", "--piece", "king", "--partition", "5,x"],
            "error: --partition: 'x' is not a part",
        ),
        (
            &["grundy", "--piece", "king", "--partition", "2,5"],
            "error: --partition: parts must not increase: 2 is followed by 5",
        ),
        (
            &["grundy", "--piece", "king", "--partition", "60000,50000"],
            "at most 100000 are allowed",
        ),
        (
            &["grundy", "--leap", "0,0", "--partition", "3"],
            "error: --leap: the vector 0,0 is not a move",
        ),
        (
            &["grundy", "--ride", "1", "--partition", "3"],
            "error: --ride: '1' is not a vector",
        ),
        (
            &["grundy", "--piece", "dragon", "--partition", "3"],
            "error: unknown piece 'dragon'",
        ),
        (&["grundy", "--piece", "king"], "error: give the diagram"),
        (&["grundy", "--partition", "3"], "error: name the piece"),
        (
            &[
                "grundy",
                "--piece",
                "king",
                "--leap",
                "1,1",
                "--partition",
                "3",
            ],
            "error: give only one of",
        ),
        (
            &["grundy", "--sum", "king:3", "--misere"],
            "a misère sum is not a nim-sum",
        ),
        (
            &["grundy", "--sum", "king:3;dragon:2"],
            "error: --sum component 2: unknown piece 'dragon'",
        ),
        (
            &[
                "grundy",
                "--yaml",
                "/nonexistent/piece.yaml",
                "--partition",
                "3",
            ],
            "error: /nonexistent/piece.yaml: ",
        ),
    ];
    for (args, expected) in cases {
        let message = refused(args);
        assert!(message.contains(expected), "{args:?}: {message}");
    }
    let hopper = refused(&[
        "grundy",
        "--yaml",
        &piece_file("grasshopper.yaml"),
        "--partition",
        "3,3",
    ]);
    assert!(
        hopper.contains("piece 'Grasshopper' has a hop or lame component"),
        "{hopper}"
    );
}
