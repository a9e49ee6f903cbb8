use super::*;
use crate::notation::to_san_plus;
use crate::reference::shared_text;

/// Every line of a suite file of the shared reference data, parsed, with the line's text for
/// messages (`None`: the shared data is absent and the test skips).
fn suite(file: &str) -> Option<Vec<(String, Epd)>> {
    let text = shared_text(file)?;
    let lines: Vec<(String, Epd)> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            (
                l.to_owned(),
                Epd::parse(l).unwrap_or_else(|e| panic!("{file}: {e}")),
            )
        })
        .collect();
    assert!(!lines.is_empty(), "{file} is empty");
    Some(lines)
}

const MATE_FILES: [&str; 8] = [
    "suites/dm1.epd",
    "suites/dm2.epd",
    "suites/dm3.epd",
    "suites/dm4.epd",
    "suites/dm5.epd",
    "suites/matetrack.epd",
    "suites/mates2000.epd",
    "suites/classic280.epd",
];

#[test]
fn every_mate_suite_line_parses_and_is_written_back_unchanged() {
    for file in MATE_FILES {
        let Some(lines) = suite(file) else {
            return;
        };
        for (line, epd) in lines {
            assert_eq!(epd.to_string(), line.trim(), "{file}");
            assert_eq!(
                Epd::parse(&epd.to_string()).as_ref(),
                Ok(&epd),
                "{file}: {line}"
            );
            assert!(epd.position(Validation::Lenient).is_ok(), "{file}: {line}");
        }
    }
}

#[test]
fn mate_track_lines_keep_unknown_operations_in_order() {
    let Some(lines) = suite("suites/matetrack.epd") else {
        return;
    };
    let (_, first) = &lines[0];
    let opcodes: Vec<&str> = first
        .operations
        .iter()
        .map(|op| op.opcode.as_str())
        .collect();
    assert_eq!(opcodes, ["bm", "ep", "00:00"]);
    assert!(first.operations[1].operands.is_empty());
    // `--:-- @ C0/R-6/K3/P10/X47;`: an unknown opcode with operands.
    let (_, odd) = lines
        .iter()
        .find(|(l, _)| l.contains("--:--"))
        .expect("a --:-- line in matetrack");
    let op = odd.operation("--:--").expect("kept");
    assert_eq!(op.operands.first().map(Operand::text), Some("@"));
    for (line, epd) in &lines {
        let pos = epd.position(Validation::Lenient).unwrap();
        match epd.best_moves(&pos) {
            Ok(Some(BestMoves::Mate(n))) => assert!(n != 0 && n.abs() <= 126, "{line}"),
            other => panic!("{line}: {other:?}"),
        }
    }
}

#[test]
fn mates2000_and_classic280_give_mate_lengths_of_both_signs() {
    let mut signs = [false; 2];
    for file in ["suites/mates2000.epd", "suites/classic280.epd"] {
        let Some(lines) = suite(file) else {
            return;
        };
        for (line, epd) in lines {
            let pos = epd.position(Validation::Lenient).unwrap();
            let Ok(Some(BestMoves::Mate(n))) = epd.best_moves(&pos) else {
                panic!("{line}")
            };
            signs[usize::from(n < 0)] = true;
        }
    }
    assert_eq!(signs, [true, true], "both '#N' and '#-N' occur");
}

/// The directmate suites: `bm` lists every key in SAN, `c2 "keys=K"` counts them, `dm N` is
/// the length and `c1` (where present) is a mating line. Reading and writing them back checks
/// the SAN reader and writer against the suites' own text.
#[test]
fn directmate_keys_lengths_and_lines_agree() {
    let mut lines_checked = 0;
    for file in &MATE_FILES[..5] {
        let Some(lines) = suite(file) else {
            return;
        };
        for (line, epd) in lines {
            let pos = epd.position(Validation::Lenient).unwrap();
            let n = epd.dm().unwrap().unwrap_or_else(|| panic!("{line}: no dm"));
            let Ok(Some(BestMoves::Moves(keys))) = epd.best_moves(&pos) else {
                panic!("{line}: bad bm")
            };
            let written: Vec<String> = keys.iter().map(|&m| to_san_plus(&pos, m)).collect();
            let original: Vec<&str> = epd
                .operation("bm")
                .unwrap()
                .operands
                .iter()
                .map(Operand::text)
                .collect();
            assert_eq!(written, original, "{line}");
            let count = epd
                .comment(2)
                .and_then(|c| c.strip_prefix("keys="))
                .and_then(|k| k.parse::<usize>().ok());
            assert_eq!(count, Some(keys.len()), "{line}");
            if let Some(mating_line) = epd.comment(1) {
                let moves =
                    parse_san_line(&pos, mating_line).unwrap_or_else(|e| panic!("{line}: {e}"));
                assert_eq!(moves.len() as u32, 2 * n - 1, "{line}");
                assert!(
                    keys.contains(&moves[0]),
                    "{line}: the line starts with a key"
                );
                let mut end = pos;
                moves.iter().for_each(|&m| end.play(m));
                assert!(end.is_checkmate(), "{line}: the line ends in mate");
                lines_checked += 1;
            }
        }
    }
    assert!(lines_checked > 1000, "only {lines_checked} mating lines");
}

#[test]
fn perft_suites_give_counts_that_match_the_move_generator() {
    for file in ["suites/perftsuite.epd", "suites/cpw_perft.epd"] {
        let Some(lines) = suite(file) else {
            return;
        };
        for (line, epd) in lines {
            assert!(epd.fen_clocks, "{line}");
            let counts = epd.perft_counts().unwrap();
            let depths: Vec<u32> = counts.iter().map(|c| c.depth).collect();
            assert_eq!(
                depths,
                (1..=counts.len() as u32).collect::<Vec<_>>(),
                "{line}"
            );
            let pos = epd.position(Validation::Lenient).unwrap();
            assert_eq!(counts[0].nodes, pos.count_legal_moves(), "{line}: D1");
            let d2: u64 = pos
                .legal_moves()
                .iter()
                .map(|&m| pos.after(m).count_legal_moves())
                .sum();
            assert_eq!(counts[1].nodes, d2, "{line}: D2");
            let again = Epd::parse(&epd.to_string()).unwrap();
            assert_eq!(again, epd, "{line}");
        }
    }
    let Some(cpw) = suite("suites/cpw_perft.epd") else {
        return;
    };
    assert_eq!(cpw[0].1.id(), Some("cpw-1 startpos"));
    assert_eq!(
        cpw[0].1.perft_counts().unwrap().last(),
        Some(&PerftCount {
            depth: 7,
            nodes: 3_195_901_860
        })
    );
}

#[test]
fn quoted_strings_may_hold_semicolons_and_spaces() {
    let epd = Epd::parse(r#"8/8/8/8/8/8/8/K1k5 w - - c0 "a; b  c";id "x y";  ; dm 1"#).unwrap();
    assert_eq!(epd.comment(0), Some("a; b  c"));
    assert_eq!(epd.id(), Some("x y"));
    assert_eq!(epd.dm(), Ok(Some(1)));
    assert_eq!(epd.operations.len(), 3);
    assert_eq!(
        epd.to_string(),
        r#"8/8/8/8/8/8/8/K1k5 w - - c0 "a; b  c"; id "x y"; dm 1;"#
    );
    assert_eq!(epd.comment(1), None);
    assert_eq!(epd.comment(10), None);
}

#[test]
fn typed_accessors_report_the_bad_operand() {
    let epd = |ops: &str| Epd::parse(&format!("6k1/5ppp/8/8/8/8/8/R5K1 w - - {ops}")).unwrap();
    let pos = epd("").position(Validation::Strict).unwrap();
    assert_eq!(epd("").dm(), Ok(None));
    assert_eq!(epd("acd 12;").acd(), Ok(Some(12)));
    for ops in ["dm x;", "dm 0;", "dm 1 2;", "dm;", "dm -3;"] {
        assert!(
            matches!(epd(ops).dm(), Err(EpdError::Operand { ref opcode, .. }) if opcode == "dm"),
            "{ops}"
        );
    }
    let err = epd("dm two;").dm().unwrap_err();
    assert_eq!(
        err.to_string(),
        "EPD operation 'dm' needs a positive number of moves, found 'two'"
    );
    assert!(matches!(
        epd("bm #0;").best_moves(&pos),
        Err(EpdError::Operand { .. })
    ));
    assert!(matches!(
        epd("bm #x;").best_moves(&pos),
        Err(EpdError::Operand { .. })
    ));
    assert_eq!(
        epd("bm #-3;").best_moves(&pos),
        Ok(Some(BestMoves::Mate(-3)))
    );
    match epd("bm Ra8# Nf3;").best_moves(&pos) {
        Err(EpdError::Move { opcode, source }) => {
            assert_eq!(opcode, "bm");
            assert_eq!(source.text(), "Nf3");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        epd("am Ra2 Rb1;")
            .avoid_moves(&pos)
            .map(|m| m.map(|m| m.len())),
        Ok(Some(2))
    );
    assert!(matches!(
        epd("D1 many;").perft_counts(),
        Err(EpdError::Operand { .. })
    ));
    assert_eq!(
        epd("Dx 3; D 4;").perft_counts(),
        Ok(vec![]),
        "not perft opcodes"
    );
}

#[test]
fn broken_lines_are_typed_errors() {
    assert!(matches!(
        Epd::parse(""),
        Err(EpdError::MissingFields { found: 0, .. })
    ));
    assert!(matches!(
        Epd::parse("8/8/8/8/8/8/8/K1k5 w -"),
        Err(EpdError::MissingFields { found: 3, .. })
    ));
    assert!(matches!(
        Epd::parse("8/8/8/8/8/8/8/K1k5 x - - bm e4;"),
        Err(EpdError::Fen { .. })
    ));
    assert!(matches!(
        Epd::parse("8/8/8/8/8/8/8/K1k5 w - - id \"open;"),
        Err(EpdError::UnterminatedString { .. })
    ));
    assert!(matches!(
        Epd::parse("8/8/8/8/8/8/8/K1k5 w - - \"no opcode\";"),
        Err(EpdError::MissingOpcode { .. })
    ));
    assert!(matches!(
        Epd::parse("8/8/8/8/8/8/8/K1k5 w - - 0 99999999999 ;D1 3"),
        Err(EpdError::Fen {
            source: ParseFenError::Clock("fullmove number", _),
            ..
        })
    ));
    let err = Epd::parse("8/8/8/8/8/8/8/K1k5 w - e4 id \"a\";").unwrap_err();
    assert!(
        err.to_string().contains("8/8/8/8/8/8/8/K1k5 w - e4"),
        "{err}"
    );
}

#[test]
fn written_operations_read_back() {
    let pos = Position::from_fen(
        "r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
        Validation::Strict,
    )
    .unwrap();
    let moves: Vec<Move> = pos.legal_moves().iter().copied().collect();
    let mut epd = Epd::from_position(&pos);
    epd.set(Operation::san_moves("bm", &pos, &moves));
    epd.set(Operation::number("dm", 3));
    epd.set(Operation::quoted("id", "say \"hi\""));
    epd.set(Operation::number("dm", 4));
    let line: Vec<Move> = ["e5d6", "e8g8", "b7a8q"]
        .iter()
        .scan(pos, |p, uci| {
            let m = *p.legal_moves().iter().find(|m| m.to_string() == *uci)?;
            p.play(m);
            Some(m)
        })
        .collect();
    assert_eq!(line.len(), 3);
    epd.set(Operation::san_line("pv", &pos, &line));
    let text = epd.to_string();
    let back = Epd::parse(&text).unwrap();
    assert_eq!(
        back.best_moves(&pos),
        Ok(Some(BestMoves::Moves(moves))),
        "{text}"
    );
    assert_eq!(back.dm(), Ok(Some(4)), "set replaces");
    assert_eq!(back.id(), Some("say 'hi'"));
    assert_eq!(back.pv(&pos), Ok(Some(line)), "{text}");
    assert!(text.contains(" pv exd6 O-O bxa8=Q;"), "{text}");
    assert!(
        text.starts_with("r3k2r/1P6/8/3pP3/8/8/8/R3K2R w KQkq d6 bm "),
        "{text}"
    );
}

#[test]
fn parse_lines_numbers_lines_and_skips_blanks() {
    let text = "8/8/8/8/8/8/8/K1k5 w - - id \"a\";\n   \nbroken\n";
    let results: Vec<(usize, bool)> = parse_lines(text).map(|(n, r)| (n, r.is_ok())).collect();
    assert_eq!(results, [(1, true), (3, false)]);
}
