//! Popeye's printed solutions of help and series play, read back as the claim of a suite
//! entry: for each problem of an output, for each twin, its solution lines (`1.Rc4-b4 Kd2-c3
//! 2.Rb4-b5 Rc2-a2 #`, leading blanks removed, as Popeye wrote them).
//!
//! Popeye prints help and series play one solution a line, so reading it back is a matter of
//! layout: a problem ends with its end line (`solution finished.` in any language, or
//! `Partial solution`), a twin starts with its label (`a)`, `+b) …`), and a solution line is
//! one that starts with a move number (`1.`, `1...`) after the diagram. Nothing is replayed
//! here: the checker compares the lines with its own solutions written in Popeye's text.

/// The end lines of a problem in Popeye's three languages.
const ENDS: [&str; 4] = [
    "solution finished.",
    "Loesung beendet.",
    "solution terminee.",
    "Partial solution",
];

/// The solutions of one problem's twins (one twin without a label when there are none), and
/// whether Popeye's solving of it was cut short.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct HelpText {
    pub twins: Vec<Vec<String>>,
    pub partial: bool,
}

/// Every problem of Popeye's output `text`, in order.
///
/// ```
/// use mateproof::suite::help_text::help_texts;
/// let out = "\n  h#2  2 + 2\n\na) \n\n  1.Kh8-g8 Ra1-a8 #\n\nb) -wRa1 \n\n\nsolution finished.\n";
/// let problems = help_texts(out);
/// assert_eq!(problems[0].twins, [vec!["1.Kh8-g8 Ra1-a8 #".to_owned()], vec![]]);
/// ```
pub fn help_texts(text: &str) -> Vec<HelpText> {
    let mut problems = Vec::new();
    let mut current = HelpText::default();
    // The lines since the problem began; the play starts after the last board line.
    let mut lines: Vec<&str> = Vec::new();
    for line in text.lines() {
        let trimmed = line.trim();
        if let Some(end) = ENDS.iter().find(|end| trimmed.starts_with(**end)) {
            current.partial = end.starts_with("Partial");
            current.twins = twins_of(&lines);
            problems.push(std::mem::take(&mut current));
            lines.clear();
        } else {
            lines.push(line);
        }
    }
    problems
}

/// The twins of one problem's lines.
fn twins_of(lines: &[&str]) -> Vec<Vec<String>> {
    let play_start = lines
        .iter()
        .rposition(|line| line.trim_start().starts_with("+---"))
        .map_or(0, |board_end| board_end + 1);
    let mut twins: Vec<Vec<String>> = Vec::new();
    for line in &lines[play_start..] {
        let trimmed = line.trim();
        if is_twin_label(trimmed) {
            twins.push(Vec::new());
        } else if is_solution(trimmed) {
            if twins.is_empty() {
                twins.push(Vec::new());
            }
            if let Some(twin) = twins.last_mut() {
                twin.push(trimmed.to_owned());
            }
        }
    }
    if twins.is_empty() {
        twins.push(Vec::new());
    }
    twins
}

/// `a)`, `b) -wRa1`, `+c) h#3`: a letter run and `)`, after an optional `+`.
fn is_twin_label(line: &str) -> bool {
    let label = line.strip_prefix('+').unwrap_or(line);
    let letters = label.bytes().take_while(u8::is_ascii_lowercase).count();
    letters > 0 && label[letters..].starts_with(')')
}

/// `1.…` or `1...…`: a move number and a dot, then a move.
fn is_solution(line: &str) -> bool {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && line[digits..].starts_with('.') && line.len() > digits + 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_twins_and_lines() {
        let out = "\n  Author\n+---a---b---+\n  h#2.5  2 + 2\n\n  1...Kh8-g8 2.Ra1-a7 Kg8-f8 3.Ra7-a8 #\n\
                   \n\nsolution finished.\n\n\nPartial solution\n\
                   \n+---a---+\n  ser-#3\n\na) \n\n  1.Ra1-a2 2.Ra2-a8 #\n  1.Rb1-b2 2.Rb2-b8 #\n\
                   \n+b) ser-#2\n\n\nLoesung beendet.\n";
        let problems = help_texts(out);
        assert_eq!(problems.len(), 3);
        assert_eq!(
            problems[0].twins,
            [vec!["1...Kh8-g8 2.Ra1-a7 Kg8-f8 3.Ra7-a8 #".to_owned()]]
        );
        assert!(!problems[0].partial);
        assert!(problems[1].partial);
        assert_eq!(problems[1].twins, [Vec::<String>::new()]);
        assert_eq!(problems[2].twins.len(), 2);
        assert_eq!(problems[2].twins[0].len(), 2);
        assert!(problems[2].twins[1].is_empty());
    }
}
