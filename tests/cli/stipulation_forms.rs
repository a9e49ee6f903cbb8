//! The problem model against every stipulation Popeye's own files use: each one of the shared
//! `popeye/stipulations/` and `popeye/real/` inputs that names a goal without a parameter reads
//! and prints back as written (in lower case), and exactly the battle play (`#`, `s#`, `r#`,
//! `=`, `s=`, `r=`, with `exact-` too) and the help and series play of `crate::help` among them
//! are supported.

use mateproof::problem::{Goal, PlayKind, SeriesEnd, Stipulation};
use mateproof::reference::shared;

/// The stipulation tokens of the `.inp` files in `folder` (`Stipulation h#2`, `stip s#3`,
/// `Forderung h=3`).
fn stipulations_in(folder: &str) -> Option<Vec<String>> {
    let dir = shared(folder)?;
    let mut found = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a readable file entry").path();
        if path.extension().is_none_or(|e| e != "inp") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let text = String::from_utf8_lossy(&bytes);
        let mut words = text.split_whitespace();
        while let Some(word) = words.next() {
            let word = word.to_ascii_lowercase();
            let keyword = |full: &str| word.len() >= 4 && full.starts_with(&word);
            if keyword("stipulation") || keyword("forderung") {
                if let Some(token) = words.next() {
                    found.push(token.to_owned());
                }
            }
        }
    }
    Some(found)
}

#[test]
fn every_stipulation_popeye_files_use_reads_and_prints_back() {
    let mut tokens = Vec::new();
    for folder in ["popeye/stipulations", "popeye/real"] {
        let Some(found) = stipulations_in(folder) else {
            return;
        };
        tokens.extend(found);
    }
    let mut read = 0;
    for token in &tokens {
        let Ok(stipulation) = token.parse::<Stipulation>() else {
            continue;
        };
        read += 1;
        let lower = token.to_ascii_lowercase();
        // Popeye: "exact- is moot since the length is minimal" (`exact-#1`).
        let expected = if stipulation.length.max == 1 {
            lower.trim_start_matches("exact-").to_owned()
        } else {
            lower
        };
        assert_eq!(stipulation.to_string(), expected, "{token}");
        let direct_mate = stipulation.play == PlayKind::Direct && stipulation.goal == Goal::Mate;
        let battle = matches!(
            stipulation.play,
            PlayKind::Direct | PlayKind::SelfPlay | PlayKind::Reflex
        ) && matches!(stipulation.goal, Goal::Mate | Goal::Stalemate);
        // Help and series play (crate::help): mate or stalemate, series ending direct/h/s.
        let help_or_series = matches!(
            stipulation.play,
            PlayKind::Help
                | PlayKind::Series(SeriesEnd::Direct | SeriesEnd::Help | SeriesEnd::SelfPlay)
        ) && matches!(stipulation.goal, Goal::Mate | Goal::Stalemate);
        assert_eq!(
            stipulation.is_supported(),
            direct_mate || battle || help_or_series,
            "{token}"
        );
    }
    assert!(
        tokens.len() >= 350,
        "only {} stipulations found",
        tokens.len()
    );
    // Hundreds of help, self, reflex, series and stalemate problems: most must read.
    assert!(
        read * 10 >= tokens.len() * 9,
        "{read} of {} read",
        tokens.len()
    );
}
