//! Popeye input read as Popeye 4.104 reads it (issue 35 item 4, issue 34 items 4 and 5): what
//! Mateproof cannot follow ends its problem with one line naming it, in the file's language,
//! and nothing of the input is dropped while the rest is solved; what Popeye cannot read gives
//! Popeye's own input errors, in its words and at its places, and Popeye's next step after
//! them (the word handed back to its command loop, the problem solved without the bad part,
//! or not solved).
//!
//! The files of `tests/popeye/reading/` are inputs written for this test with the text
//! Popeye 4.104 printed for them (`py -regression`, standard error merged; the twin file's
//! text is Popeye's `Protocol` copy, which keeps the order in which Popeye writes its two
//! streams). The other inputs are written here, each modelled on a problem of Popeye's own
//! collections that Mateproof used to misread (named beside it).

use crate::common;

use common::mateproof_with_input as mateproof;
use std::path::Path;
use std::process::Output;

fn popeye(input: &str) -> (String, Output) {
    let out = mateproof(&["popeye", "-regression"], input);
    (String::from_utf8_lossy(&out.stdout).into_owned(), out)
}

#[test]
fn popeye_text_for_what_popeye_cannot_read() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/popeye/reading");
    let mut names: Vec<_> = std::fs::read_dir(&folder)
        .expect("tests/popeye/reading")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "inp"))
        .collect();
    names.sort();
    assert_eq!(names.len(), 4, "{names:?}");
    for input in names {
        let text = std::fs::read_to_string(&input).expect("the input");
        let expected = std::fs::read_to_string(input.with_extension("out")).expect("Popeye's text");
        let (got, out) = popeye(&text);
        assert_eq!(got, expected, "{}", input.display());
        // Each file has input errors: Popeye exits 0 after them, Mateproof never does.
        assert_eq!(out.status.code(), Some(4), "{}", input.display());
    }
}

/// Runs `input`, checks that problem `number` is refused with `refusal` and that no input
/// error was printed, and returns the output.
fn refused(input: &str, refusal: &str) -> String {
    let (stdout, out) = popeye(input);
    assert!(
        stdout.lines().any(|line| line == refusal),
        "missing {refusal:?} in\n{stdout}"
    );
    for error in ["input-error", "Eingabe-Fehler", "erreur d'entree"] {
        assert!(!stdout.contains(error), "{stdout}");
    }
    assert_eq!(out.status.code(), Some(3), "{stdout}");
    stdout
}

#[test]
fn piece_attributes_are_refused_by_name() {
    // BEISPIEL/halbneut.inp 2, 7, 11; paralys.inp 6; hopper.inp 11, 16.
    refused(
        "AnfangProblem\nForderung #2\nSteine Weiss Kf1 Dg5\nSteine Schwarz Kh3\nSteine Schwarz halb bh2\nEndeProblem\n",
        "Problem 1: Steineigenschaft noch nicht unterstuetzt: halb - Problem uebersprungen",
    );
    refused(
        "AnfangProblem\nForderung #2\nSteine Weiss Ka1 Schwarz Kh8 Schwarz paralysierend Sg1\nEndeProblem\n",
        "Problem 1: Steineigenschaft noch nicht unterstuetzt: paralysierend - Problem uebersprungen",
    );
    // An attribute is read only right after a colour word: after a man Popeye takes it for a
    // bad word, then the man after it too, and solves the rest (its text, pinned here).
    let (stdout, out) = popeye(
        "AnfangProblem\nForderung #2\nSteine Weiss Ka1 Schwarz Kh8 paralysierend Sg1\nopti ohnebrett\nEndeProblem\n",
    );
    assert!(
        stdout.starts_with(
            "Eingabe-Fehler:Stoerende Eingabe: paralysierend\nStoerende Eingabe: paralysierend\n\
             Eingabe-Fehler:Stoerende Eingabe: Sg1\nStoerende Eingabe: Sg1\n"
        ),
        "{stdout}"
    );
    assert_eq!(out.status.code(), Some(4), "{stdout}");
    refused(
        "AnfangProblem\nForderung s#2\nSteine Weiss Ka1 Schwarz Kh8\n  Weiss SprungbockFarbeWechselnd ga2b2\nEndeProblem\n",
        "Problem 1: Steineigenschaft noch nicht unterstuetzt: SprungbockFarbeWechselnd - Problem uebersprungen",
    );
    refused(
        "BeginProblem\nStipulation #2\nPieces White Ka1 Black Kh8 White Royal Uncapturable Qd1\nEndProblem\n",
        "problem 1: piece attribute not supported yet: Royal - problem ignored",
    );
}

#[test]
fn neutral_men_and_conditions_over_two_lines_say_no_false_error() {
    // BEISPIEL/threat.inp (`neutral te4`) and selfref.inp (`madrasi` / `rexinklusive`).
    refused(
        "AnfangProblem\nForderung #2\nsteine weiss kd7 bb3\n  schwarz kd5\n  neutral te4\nEndeProblem\n",
        "Problem 1: neutrale Steine noch nicht unterstuetzt: neutral - Problem uebersprungen",
    );
    refused(
        "AnfangProblem\nForderung r#2\nBedingung madrasi\n\t\trexinklusive\nOption Varianten\nSteine Weiss Kd7 Schwarz Kd5\nEndeProblem\n",
        "Problem 1: Bedingung noch nicht unterstuetzt: madrasi rexinklusive - Problem uebersprungen",
    );
    // French: the same wording in French.
    refused(
        "DebutProbleme\nenonce #2\ncondition circe\npieces blanc ra1 noir rh8\nFinProbleme\n",
        "probleme 1: condition pas encore soutenu: circe - probleme ignoree",
    );
}

#[test]
fn total_invisibles_are_refused_as_olive_writes_them() {
    // Olive writes `TotalInvisible 1` as a line of the Pieces list: it was an input error, and
    // the problem was solved without the invisible men (2 solutions where Popeye gives 37).
    refused(
        "BeginProblem\nStipulation h#1.5\nOption Variation NoBoard\nPieces\n  TotalInvisible 1\n  white  Kc4 Ra1b1 Pa5\n  black  Ka6\nEndProblem\n",
        "problem 1: total invisible pieces not supported yet: TotalInvisible 1 - problem ignored",
    );
}

#[test]
fn fairy_codes_hunters_and_the_length_of_a_proof_game_are_read() {
    // EXAMPLES/chinpawn.inp: a fairy code inside Forsyth; hunter.inp: `s/bb8`.
    refused(
        "BeginProblem\nForsyth k1K5/p7/1.CP6/40\nStipulation #2\nEndProblem\n",
        "problem 1: fairy piece not supported yet: cp (chinese pawn) - problem ignored",
    );
    refused(
        "AnfangProblem\nForderung h#2\nSteine Weiss Ka1 s/lb8 Schwarz Kh8\nEndeProblem\n",
        "Problem 1: Maerchenstein noch nicht unterstuetzt: s/l (hunter) - Problem uebersprungen",
    );
    // EXAMPLES/rokagogo.inp: `a=>b 4.5`, the length a word of its own; the second diagram
    // repeats the kings (REGRESSIONS/4_43_to_4_45.inp): no "only one king allowed".
    refused(
        "BeginProblem\nPieces White Ke1 Black Ke8\nStipulation a=>b 4.5\nPieces White Ke1 Black Ke8 Pe7\nEndProblem\n",
        "problem 1: stipulation not supported yet: a=>b4.5 - problem ignored",
    );
    // BEISPIEL/dynasty.inp: RoyalDynasty with two kings of a side is a condition first.
    refused(
        "AnfangProblem\nForderung #2\nBedingung koenigsdynastie\nSteine Weiss Ka1 Kb1 Schwarz Kh8\nEndeProblem\n",
        "Problem 1: Bedingung noch nicht unterstuetzt: koenigsdynastie - Problem uebersprungen",
    );
}

#[test]
fn twins_read_as_popeye_reads_them() {
    // BEISPIEL/twin.inp 25: `zwilling hinzufuegen neutral te6` (the add was dropped, and twin
    // c) solved as the unchanged diagram).
    refused(
        "AnfangProblem\nForderung #2\nSteine Weiss Kg6 Tb1 Schwarz Kh8\nZwilling hinzufuegen neutral te6\nEndeProblem\n",
        "Problem 1: neutrale Steine noch nicht unterstuetzt: neutral - Problem uebersprungen",
    );
    // Several colour groups in one Add.
    let (stdout, _) = popeye(
        "BeginProblem\nStipulation #1\nPieces White Kg6 Black Kh8\nOption NoBoard\nTwin Add white Rb1 black Pa7\nEndProblem\n",
    );
    assert!(stdout.contains("b) +wRb1  +bPa7  "), "{stdout}");
    assert!(stdout.contains("   1.Rb1-b8 # !"), "{stdout}");
}

#[test]
fn options_popeye_has_and_mateproof_cannot_follow_are_refused() {
    // BEISPIEL/intell.inp 106: `Intelligent 2` (the 2 was dropped).
    refused(
        "AnfangProblem\nForderung h#2\nOption Duplex Intelligent 2\nSteine Weiss Kg6 Tb1 Schwarz Kh8\nEndeProblem\n",
        "Problem 1: Option noch nicht unterstuetzt: Intelligent 2 - Problem uebersprungen",
    );
    // Olive's "legal moves" buttons: `Stipulation ~1`, HalfDuplex for Black.
    refused(
        "BeginProblem\nStipulation ~1\nOption Variation NoBoard HalfDuplex\nPieces\n  white  Kg6 Rb1\n  black  Kh8\nEndProblem\n",
        "problem 1: stipulation not supported yet: ~1 - problem ignored",
    );
    // WhiteToPlay in series play: Popeye shortens the series and lets the other side start.
    refused(
        "BeginProblem\nStipulation ser-#2\nOption WhiteToPlay\nPieces White Kg6 Rb1 Black Kh8\nEndProblem\n",
        "problem 1: option not supported yet: WhiteToPlay in series play - problem ignored",
    );
}

#[test]
fn a_refusal_of_the_solver_is_a_refusal_of_the_problem() {
    // `NonTrivial` where the solver does not follow it: refused before the header, counted on
    // stderr, exit status 3 (it exited 0 without a word on stderr).
    let stdout = refused(
        "BeginProblem\nStipulation r#3\nOption NonTrivial 0 0\nPieces White Kg6 Rb1 Black Kh8\nEndProblem\n",
        "problem 1: option not supported yet: NonTrivial with r#3 - problem ignored",
    );
    assert!(!stdout.contains("+---a"), "{stdout}");
    let out = mateproof(
        &["popeye", "-regression"],
        "BeginProblem\nStipulation r#3\nOption NonTrivial 0 0\nPieces White Kg6 Rb1 Black Kh8\nEndProblem\n",
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("1 problem skipped"), "{stderr}");
}

#[test]
fn input_after_end_problem_is_not_read() {
    let (stdout, out) = popeye(
        "BeginProblem\nPieces White Kg6 Rb1 Black Kh8\nStipulation #1\nOption NoBoard\nEndProblem\nBeginProblem\nPieces White Kg6 Rb1 Black Kh8\nStipulation #1\nEndProblem\n",
    );
    assert_eq!(stdout.matches("1.Rb1-b8 # !").count(), 1, "{stdout}");
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_twin_whose_side_could_take_the_king_has_no_closing_line() {
    // REGRESSIONS/4_51_to_4_53.inp 9, shortened: twin c)'s Black to play could take the
    // White king; Popeye's protocol holds its message and then the next label, with no empty
    // line between.
    let (stdout, out) = popeye(
        "BeginProblem\nStipulation h#2\nOption MaxSolutions 1 NoBoard\nPieces White Ka1 Black Kh1\n\
         Twin Add White Sa7 Black Pa5\nTwin Add Black Pb2\nTwin Add White Sa6\nEndProblem\n",
    );
    // The message goes to standard error, as Popeye writes it (a line break, then the text).
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stdout.contains("\nc) +bPb2  \n\nd) +wSa6  \n\n\nsolution finished.\n")
            && stderr.contains("\nthe side to play can capture the king"),
        "{stdout}\n---\n{stderr}"
    );
    assert_eq!(out.status.code(), Some(0), "{stdout}");
}

#[test]
fn refusals_name_what_the_file_wrote_in_its_language() {
    // Each kind (condition, fairy piece, option, stipulation) in each of Popeye's three
    // languages: one wording, the item as the file wrote it, arguments included; an option
    // refused only in company as Popeye spells it there, the company in the same language.
    let cases = [
        (
            "BeginProblem\nStipulation r#2\nCondition Madrasi\n  RexInclusive\nPieces White Kd7 Black Kd5\nEndProblem\n",
            "problem 1: condition not supported yet: Madrasi RexInclusive - problem ignored",
        ),
        (
            "AnfangProblem\nForderung r#2\nBedingung madrasi rexinklusive\nSteine Weiss Kd7 Schwarz Kd5\nEndeProblem\n",
            "Problem 1: Bedingung noch nicht unterstuetzt: madrasi rexinklusive - Problem uebersprungen",
        ),
        (
            "DebutProbleme\nenonce r#2\ncondition madrasi rexinclusif\npieces blanc rd7 noir rd5\nFinProbleme\n",
            "probleme 1: condition pas encore soutenu: madrasi rexinclusif - probleme ignoree",
        ),
        (
            "BeginProblem\nStipulation #2\nPieces White Ka1 roa2 Black Kh8\nEndProblem\n",
            "problem 1: fairy piece not supported yet: ro (rose) - problem ignored",
        ),
        (
            "AnfangProblem\nForderung #2\nSteine Weiss Ka1 roa2 Schwarz Kh8\nEndeProblem\n",
            "Problem 1: Maerchenstein noch nicht unterstuetzt: ro (rose) - Problem uebersprungen",
        ),
        (
            "DebutProbleme\nenonce #2\npieces blanc ra1 roa2 noir rh8\nFinProbleme\n",
            "probleme 1: piece feerique pas encore soutenu: ro (rose) - probleme ignoree",
        ),
        (
            "BeginProblem\nStipulation ser-#2\nOption WhiteToPlay\nPieces White Kg6 Rb1 Black Kh8\nEndProblem\n",
            "problem 1: option not supported yet: WhiteToPlay in series play - problem ignored",
        ),
        (
            "AnfangProblem\nForderung ser-#2\nOption WeissBeginnt\nSteine Weiss Kg6 Tb1 Schwarz Kh8\nEndeProblem\n",
            "Problem 1: Option noch nicht unterstuetzt: WeissBeginnt im Serienzug - Problem uebersprungen",
        ),
        (
            "DebutProbleme\nenonce ser-#2\noption ApparentSeul\npieces blanc rg6 tb1 noir rh8\nFinProbleme\n",
            "probleme 1: option pas encore soutenu: ApparentSeul en serie - probleme ignoree",
        ),
        (
            "BeginProblem\nStipulation ser-r#2\nPieces White Kg6 Rb1 Black Kh8\nEndProblem\n",
            "problem 1: stipulation not supported yet: ser-r#2 - problem ignored",
        ),
        (
            "AnfangProblem\nForderung ser-r#2\nSteine Weiss Kg6 Tb1 Schwarz Kh8\nEndeProblem\n",
            "Problem 1: Forderung noch nicht unterstuetzt: ser-r#2 - Problem uebersprungen",
        ),
        (
            "DebutProbleme\nenonce ser-r#2\npieces blanc rg6 tb1 noir rh8\nFinProbleme\n",
            "probleme 1: enonce pas encore soutenu: ser-r#2 - probleme ignoree",
        ),
    ];
    for (input, refusal) in cases {
        refused(input, refusal);
    }
    // A piece attribute as written, abbreviated (`halb`, not `HalbNeutral`).
    refused(
        "AnfangProblem\nForderung #2\nSteine Weiss Kf1 Dg5 Schwarz Kh3 Schwarz halb bh2\nEndeProblem\n",
        "Problem 1: Steineigenschaft noch nicht unterstuetzt: halb - Problem uebersprungen",
    );
}
