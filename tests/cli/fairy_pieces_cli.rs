//! `mateproof pieces` and `mateproof piece-info` against the digest's oracles (§3.3: King 420,
//! Knight 336 edges; Princess 36 vectors / 896 edges; the seed's Dragon 38 / 1008, its
//! mobility a1 = 10, d4 = 23) and Popeye's codes in three languages.

use std::process::Command;

fn mateproof(args: &[&str]) -> (String, String, Option<i32>) {
    let out = Command::new(env!("CARGO_BIN_EXE_mateproof"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code(),
    )
}

/// (|Δ|, edges) from a piece-info report.
fn sizes(report: &str) -> (u64, u64) {
    let number = |prefix: &str| {
        report
            .lines()
            .find_map(|l| l.strip_prefix(prefix))
            .and_then(|rest| rest.rsplit(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no '{prefix}' line in\n{report}"))
    };
    (number("vectors |Δ|:"), number("edges |E| on 8x8:"))
}

#[test]
fn piece_info_meets_the_digest_oracles() {
    for (args, expected) in [
        (vec!["piece-info", "--betza", "K"], (8, 420)),
        (vec!["piece-info", "--betza", "N"], (8, 336)),
        (vec!["piece-info", "pr"], (36, 896)),
        (vec!["piece-info", "Prinzessin"], (36, 896)),
        (vec!["piece-info", "--betza", "BN"], (36, 896)),
        (
            vec!["piece-info", "--yaml", "testsuites/pieces/seed-dragon.yaml"],
            (38, 1008),
        ),
    ] {
        let (out, err, code) = mateproof(&args);
        assert_eq!(code, Some(0), "{args:?}: {err}");
        assert_eq!(sizes(&out), expected, "{args:?}\n{out}");
    }
    let (out, _, _) = mateproof(&["piece-info", "--yaml", "testsuites/pieces/seed-dragon.yaml"]);
    let rank = |n: &str| -> Vec<String> {
        out.lines()
            .find(|l| l.trim_start().starts_with(&format!("{n} ")))
            .map(|l| l.split_whitespace().map(str::to_owned).collect())
            .unwrap_or_default()
    };
    assert_eq!(
        rank("1").get(1).map(String::as_str),
        Some("10"),
        "a1\n{out}"
    );
    assert_eq!(
        rank("4").get(4).map(String::as_str),
        Some("23"),
        "d4\n{out}"
    );
    assert_eq!(
        rank("8").get(8).map(String::as_str),
        Some("10"),
        "h8\n{out}"
    );
}

#[test]
fn the_catalogue_lists_popeyes_codes_in_three_languages() {
    let (out, _, code) = mateproof(&["pieces"]);
    assert_eq!(code, Some(0));
    for line in [
        "em kn im          empress / Kaiserin / imperatrice: ride [0, 1] all; leap [1, 2] all",
        "sq ei ec          squirrel / Eichhörnchen / ecureuil: leap [0, 2] [2, 2] all; leap [1, 2] all",
        "se se dg          senora / Senora / senora: ride [0, 1] [1, 1] all, capture only; hop 1 any [0, 1] [1, 1] all, move only",
        "ka ka ka          kangaroo / Känguruh / kangourou: hop 2 next [0, 1] [1, 1] all",
        "ma ma ma          mao / Mao / mao: lame orthogonal [1, 2] all",
    ] {
        assert!(out.lines().any(|l| l == line), "missing {line}\n{out}");
    }
    // The list, each by its English name.
    for name in [
        "nightrider",
        "grasshopper",
        "camel",
        "zebra",
        "giraffe",
        "antelope",
        "amazon",
        "empress",
        "princess",
        "gnu",
        "bison",
        "okapi",
        "leo",
        "pao",
        "vao",
        "mao",
        "lion",
        "rook-lion",
        "bishop-lion",
        "rookhopper",
        "bishophopper",
        "wazir",
        "fers",
        "alfil",
        "dabbaba",
        "squirrel",
        "waran",
        "camelrider",
        "zebrarider",
        "nightrider-hopper",
        "kangaroo",
        "senora",
    ] {
        let (_, err, code) = mateproof(&["piece-info", name]);
        assert_eq!(code, Some(0), "{name}: {err}");
    }
}
