use super::*;
use crate::notation::test_support::{by_uci, pos, suite_positions};

/// SAN of the move named in UCI.
fn san(fen: &str, uci: &str) -> String {
    let p = pos(fen);
    to_san_plus(&p, by_uci(&p, uci))
}

/// UCI of the move a SAN text names.
fn read(fen: &str, text: &str) -> Result<String, ParseMoveError> {
    parse_san(&pos(fen), text).map(|m| m.to_string())
}

#[test]
fn every_legal_move_of_the_suites_round_trips() {
    let Some(positions) = suite_positions() else {
        return;
    };
    let mut checked = 0;
    for p in positions {
        for &m in p.legal_moves().iter() {
            for text in [to_san(&p, m), to_san_plus(&p, m)] {
                assert_eq!(parse_san(&p, &text), Ok(m), "{p:?}: {m} written as {text}");
            }
            checked += 1;
        }
    }
    assert!(checked > 50_000, "only {checked} moves checked");
}

#[test]
fn disambiguation_uses_file_then_rank_then_both() {
    // Two knights that can both reach d2: the file tells them apart.
    let knights = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    assert_eq!(san(knights, "b1d2"), "Nbd2");
    assert_eq!(san(knights, "f3d2"), "Nfd2");
    assert_eq!(san(knights, "f3e5"), "Ne5", "only one knight reaches e5");
    // Two rooks on one file: the rank.
    let file = "R7/7k/8/8/8/8/8/R3K3 w - - 0 1";
    assert_eq!(san(file, "a1a4"), "R1a4");
    assert_eq!(san(file, "a8a4"), "R8a4");
    assert_eq!(san(file, "a8b8"), "Rb8");
    // Two rooks on one rank: the file.
    let rank = "4k3/8/8/8/8/8/4K3/R6R w - - 0 1";
    assert_eq!(san(rank, "a1d1"), "Rad1");
    assert_eq!(san(rank, "h1f1"), "Rhf1");
    // Three queens: h4 shares e1 with e4 (file) and with h1 (rank), so it needs the square.
    let queens = "8/k7/8/8/4Q2Q/8/8/K6Q w - - 0 1";
    assert_eq!(san(queens, "h4e1"), "Qh4e1");
    assert_eq!(san(queens, "e4e1"), "Qee1");
    assert_eq!(san(queens, "h1e1"), "Q1e1");
    for (text, uci) in [
        ("Qh4e1", "h4e1"),
        ("Qee1", "e4e1"),
        ("Q1e1", "h1e1"),
        ("Qh4-e1", "h4e1"),
    ] {
        assert_eq!(read(queens, text).as_deref(), Ok(uci), "{text}");
    }
    assert!(
        matches!(read(queens, "Qh4xe1"), Err(ParseMoveError::Illegal { .. })),
        "x must capture"
    );
    assert!(
        matches!(parse_san(&pos(queens), "Qe1"), Err(ParseMoveError::Ambiguous { ref candidates, .. }) if candidates.len() == 3)
    );
    assert!(
        matches!(parse_san(&pos(queens), "Qhe1"), Err(ParseMoveError::Ambiguous { ref candidates, .. }) if candidates.len() == 2)
    );
}

#[test]
fn a_pinned_rival_needs_no_disambiguation() {
    // The c3 knight is pinned by the b4 bishop, so only the g1 knight reaches e2.
    let p = "4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1";
    assert_eq!(san(p, "g1e2"), "Ne2");
    assert_eq!(read(p, "Ne2").as_deref(), Ok("g1e2"));
}

#[test]
fn promotions_all_four_with_and_without_capture() {
    let fen = "r3k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let p = pos(fen);
    for (letter, role) in [
        ('Q', Role::Queen),
        ('R', Role::Rook),
        ('B', Role::Bishop),
        ('N', Role::Knight),
    ] {
        let push = Move::new(
            by_uci(&p, "b7b8q").from(),
            by_uci(&p, "b7b8q").to(),
            MoveKind::Promotion(role),
        );
        let capture = Move::new(
            push.from(),
            by_uci(&p, "b7a8q").to(),
            MoveKind::Promotion(role),
        );
        let push_san = to_san(&p, push);
        let capture_san = to_san(&p, capture);
        assert_eq!(push_san, format!("b8={letter}"));
        assert_eq!(capture_san, format!("bxa8={letter}"));
        for text in [
            push_san.clone(),
            format!("b8{letter}"),
            format!("b8{}", letter.to_ascii_lowercase()),
        ] {
            assert_eq!(parse_san(&p, &text), Ok(push), "{text}");
        }
        for text in [
            capture_san.clone(),
            format!("bxa8{letter}"),
            format!("ba8={letter}"),
        ] {
            assert_eq!(parse_san(&p, &text), Ok(capture), "{text}");
        }
    }
    assert_eq!(san(fen, "b7b8q"), "b8=Q+");
    assert!(
        matches!(parse_san(&p, "b8"), Err(ParseMoveError::Ambiguous { ref candidates, .. }) if candidates.len() == 4)
    );
    assert!(matches!(
        parse_san(&p, "b8=K"),
        Err(ParseMoveError::Syntax { .. })
    ));
    assert!(matches!(
        parse_san(&p, "Nb8=Q"),
        Err(ParseMoveError::Syntax { .. })
    ));
}

#[test]
fn castling_both_wings_both_colours() {
    let white = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    let black = "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1";
    assert_eq!(san(white, "e1g1"), "O-O");
    assert_eq!(san(white, "e1c1"), "O-O-O");
    assert_eq!(san(black, "e8g8"), "O-O");
    assert_eq!(san(black, "e8c8"), "O-O-O");
    for (text, uci) in [
        ("O-O", "e1g1"),
        ("0-0", "e1g1"),
        ("O-O+", "e1g1"),
        ("0-0-0", "e1c1"),
        ("O-O-O!", "e1c1"),
    ] {
        assert_eq!(read(white, text).as_deref(), Ok(uci), "{text}");
    }
    assert_eq!(read(black, "O-O-O").as_deref(), Ok("e8c8"));
    // The king's step to g1 is not castling.
    assert!(matches!(
        read(white, "Kg1"),
        Err(ParseMoveError::Illegal { .. })
    ));
    // Castling with a rook in the way, or without the right, is illegal.
    assert!(matches!(
        read("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "O-O-O"),
        Err(ParseMoveError::Illegal { .. })
    ));
    assert!(matches!(
        read("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "O-O"),
        Err(ParseMoveError::Illegal { .. })
    ));
    // Castling into check is marked like any other check.
    assert_eq!(san("3k4/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1c1"), "O-O-O+");
}

#[test]
fn en_passant_is_a_capture() {
    let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    assert_eq!(san(fen, "e5f6"), "exf6");
    for text in [
        "exf6",
        "ef6",
        "exf6 e.p.",
        "exf6e.p.",
        "exf6 ep",
        "exf6+ e.p.",
    ] {
        assert_eq!(read(fen, text).as_deref(), Ok("e5f6"), "{text}");
    }
    assert!(
        matches!(read(fen, "f6"), Err(ParseMoveError::Illegal { .. })),
        "a pawn capture needs its file"
    );
}

#[test]
fn lenient_forms_and_their_limits() {
    let start = crate::board::STARTPOS_FEN;
    for (text, uci) in [
        ("Nf3", "g1f3"),
        ("Nf3!?", "g1f3"),
        (" Nf3 ", "g1f3"),
        ("Ng1f3", "g1f3"),
        ("Ng1-f3", "g1f3"),
        ("Pe4", "e2e4"),
        ("e2e4", "e2e4"),
        ("e4", "e2e4"),
        ("e3", "e2e3"),
    ] {
        assert_eq!(read(start, text).as_deref(), Ok(uci), "{text}");
    }
    // An 'x' must capture; a piece must be there; the king may not walk into nothing.
    for text in ["Nxf3", "exd5", "Ke2", "Nd4", "e5", "Bb5"] {
        assert!(
            matches!(read(start, text), Err(ParseMoveError::Illegal { .. })),
            "{text}"
        );
    }
    for text in [
        "", "+", "Xe4", "e9", "Nf3x", "N", "nf3", "Nf3f3f3", "e4=", "Kk1", "Zz9", "Nii3", "0-0-0-0",
    ] {
        assert!(
            matches!(read(start, text), Err(ParseMoveError::Syntax { .. })),
            "{text:?}"
        );
    }
}

#[test]
fn null_move_is_dashes() {
    let start = Position::startpos();
    assert_eq!(to_san(&start, Move::NULL), "--");
    assert_eq!(parse_san(&start, "--"), Ok(Move::NULL));
    let checked = pos("4k3/8/8/8/8/8/8/4K2r w - - 0 1");
    assert!(matches!(
        parse_san(&checked, "--"),
        Err(ParseMoveError::Illegal { .. })
    ));
}

#[test]
fn lines_skip_move_numbers_and_stop_at_the_bad_token() {
    let start = Position::startpos();
    let moves = parse_san_line(&start, "1. e4 e5 2.Nf3 2... Nc6 3. O-O").unwrap_err();
    assert_eq!(moves.text(), "O-O");
    let moves = parse_san_line(&start, "1.e4 e5 2.Nf3 Nc6 3.Bc4 Nf6 4.O-O").unwrap();
    assert_eq!(moves.last().map(|m| m.to_string()).as_deref(), Some("e1g1"));
    let black = pos("r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1");
    let line = parse_san_line(&black, "1... Bc5+ 2. Kxc5 Qb6+ 3. Kd5 Qd6#").unwrap();
    let mut end = black;
    for m in &line {
        end.play(*m);
    }
    assert!(end.is_checkmate());
    assert_eq!(parse_san_line(&start, "  "), Ok(vec![]));
}
