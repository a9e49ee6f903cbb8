//! YACPDB entries as cases — Olive's `.olv` collections and single entries (YAML, one document
//! per entry, read one at a time: [`crate::formats::yaml::Documents`]), and the query
//! gateway's JSON page — one case per twin, each built by the Popeye front end from the
//! Popeye input Olive writes for the entry ([`crate::formats::yacpdb::popeye_input`]), exactly
//! as a Popeye file's problem is built ([`super::popeye`]): fairy men on a fairy position,
//! refusals by name, offending items as errors.
//!
//! What an entry claims: a sound problem — `intended-solutions` keys (help and series play:
//! solutions), one without it, none shorter than the stipulation. Its stored `solution` is
//! compared with Popeye's text of the computed one ([`super::stored`]). A malformed entry is
//! an `error` naming the entry and what is wrong, and the run goes on with the next.
//!
//! This module reads; it never solves.

use super::case::{Intended, KeyClaim, Unusable};
use super::popeye::{fault, for_each_twin, twin_case, unreadable, PopeyeTwin, Twin};
use super::stored::StoredCheck;
use crate::formats::yacpdb::popeye_input::{popeye_input, InputError};
use crate::formats::yacpdb::solution::{self, Lines};
use crate::formats::yacpdb::{EntryError, YacpdbEntry};
use crate::notation::Language;
use crate::popeye::reader::read;
use std::sync::Arc;

/// The cases of one entry, `number` (1-based in its file) at `line`, as read.
///
/// ```
/// use mateproof::suite::yacpdb::entry_twins;
/// let entry = mateproof::formats::yacpdb::read_document(
///     "algebraic: {white: [Kb6, Pa7], black: [Ka8, Se8]}\nstipulation: '#2'\ntwins: {b: Remove e8}\n",
///     1,
/// );
/// let twins = entry_twins(1, 1, entry);
/// assert_eq!(twins.len(), 2);
/// assert_eq!(twins[1].label.as_deref(), Some("entry 1 b) -bSe8"));
/// ```
pub fn entry_twins(
    number: usize,
    line: usize,
    read_entry: Result<YacpdbEntry, EntryError>,
) -> Vec<PopeyeTwin> {
    let name = format!("entry {number}");
    let entry = match read_entry {
        Ok(entry) => entry,
        Err(e) => return vec![fault(line, name, Unusable::Input(e.to_string()))],
    };
    let name = match entry.label() {
        label if label.is_empty() => name,
        label => format!("{name} ({label})"),
    };
    let text = match popeye_input(&entry, &[]) {
        Ok(text) => text,
        Err(InputError::Unsupported(why)) => {
            return vec![fault(line, name, Unusable::Unsupported(why))]
        }
        Err(InputError::Malformed(why)) => return vec![fault(line, name, Unusable::Input(why))],
    };
    let file = read(&text);
    let [spec] = &file.problems[..] else {
        return vec![fault(
            line,
            name,
            Unusable::Input("the entry does not read as one Popeye problem".to_owned()),
        )];
    };
    if let Some(reason) = unreadable(spec, Language::English) {
        return vec![fault(line, name, reason)];
    }
    let intended = match entry.intended.as_deref().map(Intended::parse) {
        None => Intended::one(),
        Some(Ok(intended)) => intended,
        Some(Err(why)) => return vec![fault(line, name, Unusable::Input(why.to_string()))],
    };
    let twinned = !spec.twins.is_empty() || spec.zero_position;
    let stored = entry.solution.as_deref().map(solution::read);
    // The comparison solves with `Variation` on, as Olive asks Popeye for the stored text.
    let mut shown = spec.clone();
    shown.options.solve.variations = true;
    let shown = Arc::new(shown);
    let mut twins = Vec::new();
    for_each_twin(spec, Language::English, &name, &mut |index, label, twin| {
        let check = StoredCheck {
            spec: Arc::clone(&shown),
            twin: index,
            stored: stored_twin(stored.as_ref(), twinned, index),
        };
        let intended = &intended;
        twins.push(match twin {
            Twin::Orthodox(twin) => twin_case(line, label, twin, |_| claim(intended), Some(check)),
            Twin::Fairy(twin) => twin_case(line, label, twin, |_| claim(intended), Some(check)),
        });
    });
    twins
}

/// An entry's claim: a sound problem with the intended number of keys (solutions).
fn claim<M>(intended: &Intended) -> (KeyClaim<M>, Vec<String>) {
    (KeyClaim::Intended(intended.clone()), Vec::new())
}

/// The stored lines of twin `index` (`a)` is 0), or why there are none to compare.
fn stored_twin(
    stored: Option<&Result<solution::Solution, solution::FreeForm>>,
    twinned: bool,
    index: usize,
) -> Result<Lines, String> {
    let stored = match stored {
        None => return Err("no solution stored".to_owned()),
        Some(Err(free)) => return Err(format!("free-form: {free}")),
        Some(Ok(stored)) => stored,
    };
    let labelled = stored.twins.iter().any(|(label, _)| label.is_some());
    match (twinned, labelled) {
        (false, false) => Ok(stored
            .twins
            .first()
            .map(|(_, l)| l.clone())
            .unwrap_or_default()),
        (false, true) => Err("the stored solution has twins, the entry none".to_owned()),
        (true, false) => Err("the stored solution names no twins".to_owned()),
        (true, true) => {
            let letter = twin_letter(index);
            stored
                .twins
                .iter()
                .find(|(label, _)| label.as_deref() == Some(letter.as_str()))
                .map(|(_, lines)| lines.clone())
                .ok_or_else(|| format!("the stored solution has no twin {letter})"))
        }
    }
}

/// `a` … `z`, then `z1`, `z2` … (Popeye's twin letters).
fn twin_letter(index: usize) -> String {
    match u8::try_from(index) {
        Ok(i) if i < 26 => char::from(b'a' + i).to_string(),
        _ => format!("z{}", index - 25),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::yacpdb::read_document;
    use crate::suite::case::Game;

    fn twins(text: &str) -> Vec<PopeyeTwin> {
        entry_twins(3, 7, read_document(text, 7))
    }

    #[test]
    fn entries_become_cases_through_the_popeye_reader() {
        let cases = twins("authors: ['A, B']\nalgebraic: {white: [Kb6, Pa7], black: [Ka8, Se8]}\nstipulation: '#2'\nsolution: '1.Kb6-c7 !'\n");
        assert_eq!(cases.len(), 1);
        assert_eq!(cases[0].label.as_deref(), Some("entry 3 (A, B)"));
        let Ok(Game::Orthodox(case)) = &cases[0].case else {
            panic!("{:?}", cases[0].case)
        };
        assert_eq!(case.keys, KeyClaim::Intended(Intended::one()));
        assert!(case.stored.as_ref().is_some_and(|s| s.stored.is_ok()));
        // Fairy men: a fairy position, as `mateproof popeye` builds it.
        let fairy = twins("algebraic: {white: [Kh6, Gb1], black: [Kh8]}\nstipulation: '#2'\n");
        assert!(matches!(fairy[0].case, Ok(Game::Fairy(_))));
    }

    #[test]
    fn refusals_and_errors_name_the_entry() {
        let reason = |text: &str| match &twins(text)[0].case {
            Err(reason) => reason.clone(),
            Ok(_) => panic!("{text}"),
        };
        assert!(matches!(
            reason("algebraic: {white: [Kb6]}\nstipulation: '#2'\noptions: [Madrasi]\n"),
            Unusable::Unsupported(why) if why.contains("Madrasi")
        ));
        assert!(matches!(
            reason("algebraic: {white: [Kb6], neutral: [Pe4]}\nstipulation: '#2'\n"),
            Unusable::Unsupported(_)
        ));
        assert!(matches!(
            reason("algebraic: {white: [Kb6]}\nstipulation: '#2'\nsolution: x\nfoo: 1\n"),
            Unusable::Input(why) if why.contains("unknown field 'foo'")
        ));
        assert!(matches!(
            reason("algebraic: {white: [Kb6]}\nstipulation: '#2'\nintended-solutions: two\n"),
            Unusable::Input(why) if why.contains("intended-solutions")
        ));
        let malformed = entry_twins(4, 9, read_document("algebraic: [\n", 9));
        assert_eq!(
            (malformed[0].line, malformed[0].label.as_deref()),
            (9, Some("entry 4"))
        );
    }

    #[test]
    fn stored_twins_are_found_by_their_letters() {
        let stored = solution::read("a) \n 1.Kb6-c7 !\nb) x\n 1.Kb6-b7 !").unwrap();
        assert!(stored_twin(Some(&Ok(stored.clone())), true, 1).is_ok());
        assert!(stored_twin(Some(&Ok(stored.clone())), true, 2).is_err());
        assert!(stored_twin(Some(&Ok(stored)), false, 0).is_err());
        assert_eq!(twin_letter(26), "z1");
    }
}
