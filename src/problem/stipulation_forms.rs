//! What a stipulation text that does not read as a [`super::Stipulation`] is: one of Popeye's
//! traditional forms that Mateproof does not solve yet (`hs#2`, `pser-h#6`, `reci-h#2`,
//! `dia3.5`, `h#0`), or no stipulation at all (`mate2`, `#0`, `#2.5`), so that a refusal says
//! "not supported yet" only of what Popeye would solve, and an error names what is wrong; and
//! [`SOLVED_FORMS`], the list a refusal shows of what is solved.
//!
//! Popeye's grammar (its manual, `py-engl.txt`, "stipulation"): `[m->][exact-][ser-|pser-|
//! phser-|semi-|reci-][h|s|r|hs|hr][(goal)]goal n`, the goals `#`, `=`, `==`, `#=`, `##`,
//! `##!`, `!=`, `!#`, `+`, `x`, `%`, `~`, `ep`, `00`, `c81`, `ct`, `ctr`, `<>`, `<>r`, `k` and
//! `z` with a square, `dia` and `a=>b` (the last two also `n.5`). Popeye 4.104 takes a length
//! of 0 and a half move (`h#2.5`) in help play only (`h`, `hs`, `hr`, `reci-h`) and the proof
//! games, and reads a `.5` after any other length as nothing (`#2.5` is its `#2`); here that
//! `.5` is an error, since it cannot mean what it says.

/// The stipulations Mateproof solves, in Popeye's notation, as a refusal lists them; the one
/// list beside [`super::Stipulation::is_supported`], which the tests hold it to.
pub const SOLVED_FORMS: &str = "#N, s#N, r#N, =N, s=N, r=N (battle play, N up to 127); \
     h#N, h#N.5, h=N, h=N.5, ser-#N, ser-=N, ser-h#N, ser-h=N, ser-s#N, ser-s=N (help and \
     series play, N up to 127, h#0.5 too); each also with exact-";

/// Why a text is not a stipulation Mateproof reads.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Unread {
    /// A form of Popeye's that Mateproof does not solve yet.
    PopeyeForm,
    /// Not a stipulation; with what is wrong, where that can be told.
    Malformed(Option<&'static str>),
}

/// Play prefixes before the side letters, as Popeye spells them, and whether each is series
/// play.
const PLAY_PREFIXES: [(&str, bool); 5] = [
    ("phser-", true),
    ("pser-", true),
    ("ser-", true),
    ("semi-", false),
    ("reci-", false),
];
/// Side letters, longest first.
const SIDES: [&str; 5] = ["hs", "hr", "h", "s", "r"];
/// Goals without a square, longest first where one starts another.
const GOALS: [&str; 19] = [
    "##!", "##", "#=", "#", "==", "=", "!=", "!#", "+", "x", "%", "~", "ep", "00", "c81", "ctr",
    "ct", "<>r", "<>",
];

/// What `text` (as written) is, when it is not a stipulation Mateproof reads.
pub fn diagnose(text: &str) -> Unread {
    let lower = text.trim().to_ascii_lowercase();
    let rest = strip_intro(&lower);
    let rest = rest.strip_prefix("exact-").unwrap_or(rest);
    let (series, rest) = PLAY_PREFIXES
        .iter()
        .find_map(|&(p, series)| Some((series, rest.strip_prefix(p)?)))
        .unwrap_or((false, rest));
    let (side, rest) = SIDES
        .iter()
        .find_map(|s| Some((*s, rest.strip_prefix(s)?)))
        .unwrap_or(("", rest));
    let rest = match rest.strip_prefix('(') {
        Some(inner) => match goal(inner).and_then(|(_, after)| after.strip_prefix(')')) {
            Some(after) => after,
            None => return Unread::Malformed(None),
        },
        None => rest,
    };
    let Some((goal, number)) = goal(rest) else {
        return Unread::Malformed(None);
    };
    let (whole, half) = match number.strip_suffix(".5") {
        Some(whole) => (whole, true),
        None => (number, false),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return Unread::Malformed(None);
    }
    // Popeye's own ceiling is 999 half-moves.
    if whole.parse::<u32>().map_or(true, |n| n > 999) {
        return Unread::Malformed(Some("the length is out of range"));
    }
    // Help play (`h`, `hs`, `hr`, `reci-h`) takes a half move and a length of 0.
    let help = side.starts_with('h') && !series;
    let proof_game = matches!(goal, "dia" | "a=>b");
    if half && !help && !proof_game {
        return Unread::Malformed(Some(
            "a half move (.5) is written in help play only, as in h#2.5",
        ));
    }
    if whole.bytes().all(|b| b == b'0') && !help && !(proof_game && half) {
        return Unread::Malformed(Some("the length must be at least 1"));
    }
    Unread::PopeyeForm
}

/// `text` without Popeye's `m->` (the attacker's moves before the play).
fn strip_intro(text: &str) -> &str {
    match text.split_once("->") {
        Some((moves, rest)) if !moves.is_empty() && moves.bytes().all(|b| b.is_ascii_digit()) => {
            rest
        }
        _ => text,
    }
}

/// The goal `text` starts with and the rest: a symbol, `z` or `k` with a square, `dia`,
/// `a=>b`.
fn goal(text: &str) -> Option<(&str, &str)> {
    for with_square in ["z", "k"] {
        if let Some(rest) = text.strip_prefix(with_square) {
            let b = rest.as_bytes();
            if b.len() >= 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) {
                return Some((with_square, &rest[2..]));
            }
        }
    }
    ["dia", "a=>b"]
        .iter()
        .chain(GOALS.iter())
        .find_map(|g| Some((*g, text.strip_prefix(g)?)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::{Goal, PlayKind, SeriesEnd, Stipulation};

    #[test]
    fn popeye_forms_not_solved_yet_are_told_from_malformed_text() {
        for form in [
            "hs#2",
            "hr#3",
            "HS#2.5",
            "hs#0",
            "reci-h#1.5",
            "h#0",
            "h=0",
            "pser-h#6",
            "phser-s#6",
            "semi-r#2",
            "reci-h#2",
            "reci-h(=)#4",
            "exact-hs#3",
            "2->ser-h#4",
            "hzg74",
            "ska74",
            "dia6.5",
            "ser-dia9",
            "a=>b3.5",
            "ser-ct10",
            "h<>3",
            "ser-sctr2",
            "ser-h<>r5",
        ] {
            assert!(form.parse::<Stipulation>().is_err(), "{form} reads");
            assert_eq!(diagnose(form), Unread::PopeyeForm, "{form}");
        }
        for (text, why) in [
            ("mate2", None),
            ("mate in 2", None),
            ("hh#2", None),
            ("bl#2", None),
            ("#", None),
            ("", None),
            ("#x", None),
            ("z2", None),
            ("hk2x", None),
            ("kiss", None),
            ("reci-h(=#2", None),
            ("#0", Some("the length must be at least 1")),
            ("ser-h#0", Some("the length must be at least 1")),
            ("s#0", Some("the length must be at least 1")),
            ("#4294967295", Some("the length is out of range")),
            ("ser-h#4294967296", Some("the length is out of range")),
        ] {
            assert_eq!(diagnose(text), Unread::Malformed(why), "{text}");
        }
        for half in ["#2.5", "s#1.5", "ser-#2.5", "ser-h#2.5", "hs#2.5x"] {
            assert!(
                matches!(diagnose(half), Unread::Malformed(_)),
                "{half}: {:?}",
                diagnose(half)
            );
        }
        assert!(matches!(diagnose("#2.5"), Unread::Malformed(Some(why)) if why.contains(".5")));
    }

    /// Every play and goal Mateproof reads, at two lengths and with `exact-`: solved exactly
    /// when [`SOLVED_FORMS`] lists it.
    #[test]
    fn the_list_of_solved_forms_is_what_is_supported() {
        let listed: Vec<String> = SOLVED_FORMS
            .split(|c: char| c == ',' || c == ';' || c == '(' || c == ')')
            .filter_map(|w| w.trim().split(' ').next())
            .filter(|w| w.contains(['#', '=']) && w.contains('N'))
            .map(str::to_owned)
            .collect();
        assert_eq!(listed.len(), 16, "{listed:?}");
        let plays = [
            PlayKind::Direct,
            PlayKind::SelfPlay,
            PlayKind::Reflex,
            PlayKind::Help,
            PlayKind::Series(SeriesEnd::Direct),
            PlayKind::Series(SeriesEnd::Help),
            PlayKind::Series(SeriesEnd::SelfPlay),
            PlayKind::Series(SeriesEnd::Reflex),
        ];
        let prefixes = ["", "s", "r", "h", "ser-", "ser-h", "ser-s", "ser-r"];
        for (play, prefix) in plays.into_iter().zip(prefixes) {
            for goal in ["#", "=", "==", "##", "#=", "+", "x", "~"] {
                for half in ["", ".5"] {
                    let form = format!("{prefix}{goal}N{half}");
                    let is_listed = listed.contains(&form);
                    for n in [1, 3, 126] {
                        let text = format!("{prefix}{goal}{n}{half}");
                        let Ok(s) = text.parse::<Stipulation>() else {
                            assert!(!is_listed, "{form} is listed, {text} does not read");
                            continue;
                        };
                        assert_eq!(s.play, play, "{text}");
                        assert_eq!(s.is_supported(), is_listed, "{text} against {form}");
                        let exact: Stipulation = format!("exact-{text}").parse().unwrap();
                        assert_eq!(exact.is_supported(), is_listed, "exact-{text}");
                    }
                }
            }
        }
        for (text, supported) in [
            ("h#0.5", true),
            ("h=0.5", true),
            ("#127", true),
            ("#128", false),
            ("h#127", true),
            ("h#127.5", true),
            ("h#128", false),
            ("ser-#127", true),
            ("ser-#128", false),
            ("ser-h#127", true),
            ("ser-h#128", false),
        ] {
            let s: Stipulation = text.parse().unwrap();
            assert_eq!(s.is_supported(), supported, "{text}");
            assert!(matches!(s.goal, Goal::Mate | Goal::Stalemate));
        }
    }
}
