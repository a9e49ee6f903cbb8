use super::*;
use crate::notation::test_support::{by_uci, pos, suite_positions};
use crate::notation::CheckMark;
use crate::reference::shared_text;

#[test]
fn every_legal_move_of_the_suites_round_trips_in_every_language() {
    let Some(positions) = suite_positions() else {
        return;
    };
    let mut checked = 0;
    for p in positions {
        for &m in p.legal_moves().iter() {
            for language in Language::ALL {
                let text = to_popeye(&p, m, language);
                assert_eq!(
                    parse_popeye(&p, &text, language),
                    Ok(m),
                    "{p:?}: {m} written as {text} ({language})"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > 50_000, "only {checked} moves checked");
}

#[test]
fn every_form_popeye_prints() {
    let p = pos("r5k1/1P2P3/8/1qpP4/8/1Q6/8/R3K1NR w KQ c6 0 1");
    for (uci, english, german, french) in [
        ("g1f3", "Sg1-f3", "Sg1-f3", "Cg1-f3"),
        ("b3b5", "Qb3*b5", "Db3*b5", "Db3*b5"),
        ("a1a8", "Ra1*a8", "Ta1*a8", "Ta1*a8"),
        ("e1d2", "Ke1-d2", "Ke1-d2", "Re1-d2"),
        ("d5d6", "d5-d6", "d5-d6", "d5-d6"),
        ("d5c6", "d5*c6 ep.", "d5*c6 ep.", "d5*c6 ep."),
        ("e7e8n", "e7-e8=S", "e7-e8=S", "e7-e8=C"),
        ("e7e8b", "e7-e8=B", "e7-e8=L", "e7-e8=F"),
        ("e7e8r", "e7-e8=R", "e7-e8=T", "e7-e8=T"),
        ("b7a8q", "b7*a8=Q", "b7*a8=D", "b7*a8=D"),
        ("e1c1", "0-0-0", "0-0-0", "0-0-0"),
    ] {
        let m = by_uci(&p, uci);
        for (language, text) in [
            (Language::English, english),
            (Language::German, german),
            (Language::French, french),
        ] {
            assert_eq!(to_popeye(&p, m, language), text, "{uci} in {language}");
            assert_eq!(
                parse_popeye(&p, text, language),
                Ok(m),
                "{text} in {language}"
            );
        }
    }
    let black = pos("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    assert_eq!(
        to_popeye(&black, by_uci(&black, "e8g8"), Language::English),
        "0-0"
    );
    assert_eq!(
        to_popeye(&black, by_uci(&black, "e8c8"), Language::English),
        "0-0-0"
    );
}

#[test]
fn the_reader_checks_the_text_against_the_board() {
    let p = pos("r5k1/1P2P3/8/1qpP4/8/1Q6/8/R3K1NR w KQ c6 0 1");
    let english = |text: &str| parse_popeye(&p, text, Language::English);
    // ` ep.` may be left out; marks after the move are tolerated.
    assert_eq!(english("d5*c6").map(|m| m.kind()), Ok(MoveKind::EnPassant));
    assert_eq!(
        english("Sg1-f3 ?").map(|m| m.to_string()),
        Ok("g1f3".to_owned())
    );
    assert_eq!(
        english("Qb3*b5 + !").map(|m| m.to_string()),
        Ok("b3b5".to_owned())
    );
    // Wrong separator, wrong piece, missing promotion piece.
    for text in ["Qb3-b5", "Sg1*f3", "Bg1-f3", "Kc1-c2", "d5-c6"] {
        assert!(
            matches!(english(text), Err(ParseMoveError::Illegal { .. })),
            "{text}"
        );
    }
    assert!(
        matches!(english("e7-e8"), Err(ParseMoveError::Ambiguous { ref candidates, .. }) if candidates.len() == 4)
    );
    for text in [
        "", "Ng1-f3", "g1f3", "Sg1-f", "Sg1xf3", "e7-e8=K", "e7-e8=", "e7-e8=Qx", "Sg1-f3=Q",
        "Sz1-f3", "0-0-0-0",
    ] {
        assert!(
            matches!(english(text), Err(ParseMoveError::Syntax { .. })),
            "{text:?}"
        );
    }
    // French `R` is the king, so it cannot be a promotion.
    assert!(matches!(
        parse_popeye(&p, "e7-e8=R", Language::French),
        Err(ParseMoveError::Syntax { .. })
    ));
}

/// The white first moves Popeye printed for a problem of the shared `popeye/features/`, with the
/// check mark it gave each (`None`: the shared reference data is absent, the test skips).
fn popeye_first_moves(file: &str) -> Option<Vec<(String, CheckMark)>> {
    let text = shared_text(&format!("popeye/features/{file}"))?;
    let mut moves = Vec::new();
    for line in text.lines() {
        let Some(rest) = line.strip_prefix("   1.") else {
            continue;
        };
        // `Sb6-d5 + ? threat:` or `h5*g6 ep. ! threat:`: the move, optional ` ep.`, then marks.
        let mut words = rest.split(' ').peekable();
        let mut mv = words.next().unwrap_or_default().to_owned();
        if words.peek() == Some(&"ep.") {
            mv.push_str(" ep.");
            words.next();
        }
        let mark = match words.peek() {
            Some(&"+") => CheckMark::Check,
            Some(&"#") => CheckMark::Mate,
            _ => CheckMark::None,
        };
        moves.push((mv, mark));
    }
    assert!(!moves.is_empty(), "{file}: no key or try lines");
    Some(moves)
}

#[test]
fn popeye_outputs_read_and_write_back_exactly() {
    // f18/f19's threat after 1.Da7-f2 is castling with mate: `2.0-0 #`.
    let p = pos("8/Q7/8/8/8/8/8/2k1K2R w K - 0 1");
    let threat_pos = p.after(by_uci(&p, "a7f2")).after_null();
    let castle = parse_popeye(&threat_pos, "0-0", Language::German).unwrap();
    assert_eq!(CheckMark::of(&threat_pos, castle), CheckMark::Mate);
    // Positions transcribed from the matching .inp files (the Popeye front end is not ours).
    for (file, fen, language) in [
        (
            "f10_forsyth_ep.out",
            "7R/7p/5P1k/4PKpP/8/8/8/8 w - g6 0 1",
            Language::English,
        ),
        (
            "f15_promotion_key_short.out",
            "8/2P5/8/5B2/8/8/8/k1K5 w - - 0 1",
            Language::English,
        ),
        (
            "f18_german.out",
            "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1",
            Language::German,
        ),
        (
            "f19_french.out",
            "8/Q7/8/8/8/8/8/2k1K2R w K - 0 1",
            Language::French,
        ),
    ] {
        let p = pos(fen);
        let Some(first_moves) = popeye_first_moves(file) else {
            return;
        };
        for (text, mark) in first_moves {
            let m = parse_popeye(&p, &text, language).unwrap_or_else(|e| panic!("{file}: {e}"));
            assert_eq!(to_popeye(&p, m, language), text, "{file}");
            assert_eq!(CheckMark::of(&p, m), mark, "{file}: {text}");
        }
    }
}
