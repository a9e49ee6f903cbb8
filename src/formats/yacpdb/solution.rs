//! A solution text read as Popeye's move lines — the `solution` a YACPDB entry stores, or the
//! text `mateproof popeye` writes — and two of them compared as a problemist reads them: the
//! same keys, tries, threats, variations, refutations and help-play solutions, each node's
//! moves a set (their order is free).
//!
//! The text is read by its move numbers, not its layout, since stored solutions are Popeye's
//! output with the indentation gone and lines joined (`1...Sd3-f2 2.e7-e8=S #`): `N.` is
//! White's N-th move (half-move 2N−1), `N...` Black's (2N), a move without a number follows
//! the one before it (help play: `1.Rb4-c4 Bc5-b4 +`), and each move hangs below the latest
//! move of an earlier half-move. `threat:`, `zugzwang.` and `but` (a refutation follows) are
//! Popeye's words; `+ # = ! ? ep.` its marks, also attached (`Qa7+`); `{…}` a comment; a line
//! `a)`, `+c) …` starts a twin. Anything else — a move in short notation (`Rxd4#`), `~`, `/`
//! alternatives, prose — makes the text free-form: not comparable, with the first such word.

use std::collections::BTreeMap;

/// The lines of one twin: a tree of moves below the diagram.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Lines {
    /// Each node's text (`1.Ka1-a2 !`, `1...Sd3-f2`, `2.e7-e8=S #`, `threat:`) and children.
    root: Node,
}

#[derive(Clone, PartialEq, Eq, Debug, Default)]
struct Node {
    text: String,
    /// Half-move of the node (0 for the root; `threat:` stands one half-move below its move).
    ply: usize,
    children: Vec<Node>,
}

/// A whole solution text: its twins in order, each with its label's letter (`None` for a text
/// without twin labels).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Solution {
    pub twins: Vec<(Option<String>, Lines)>,
}

/// Why a text is not Popeye's move lines.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("'{word}' is not in Popeye's notation")]
pub struct FreeForm {
    pub word: String,
}

/// Reads a solution text.
///
/// ```
/// use mateproof::formats::yacpdb::solution::read;
/// let stored = read("1.Ka1-a2 !threat: 2.Rh8-g8 #\n  1...Sd3-f2 2.e7-e8=S #").unwrap();
/// let popeye = read("\n   1.Ka1-a2 ! threat:\n          2.Rh8-g8 #\n      1...Sd3-f2\n          2.e7-e8=S #\n").unwrap();
/// assert_eq!(stored.twins[0].1.difference(&popeye.twins[0].1), None);
/// assert!(read("1.Ra6 ! (2.Qa7+ Kb5)").is_err());
/// ```
pub fn read(text: &str) -> Result<Solution, FreeForm> {
    let text = without_comments(text)?;
    let mut solution = Solution::default();
    let mut builder = Builder::default();
    let mut label = None;
    for line in text.lines() {
        let trimmed = line.trim();
        if matches!(trimmed, "solution finished." | "") {
            continue;
        }
        if let Some(letter) = twin_label(trimmed) {
            if label.is_some() || !builder.is_empty() {
                solution.twins.push((label.take(), builder.finish()));
            }
            label = Some(letter);
            continue;
        }
        for word in trimmed.split_whitespace() {
            builder.word(word)?;
        }
    }
    if label.is_some() || !builder.is_empty() || solution.twins.is_empty() {
        solution.twins.push((label, builder.finish()));
    }
    Ok(solution)
}

/// The text without its `{…}` comments.
fn without_comments(text: &str) -> Result<String, FreeForm> {
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return Err(FreeForm { word: "}".into() }),
            '}' => depth -= 1,
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    if depth > 0 {
        return Err(FreeForm { word: "{".into() });
    }
    Ok(out)
}

/// `a)`, `+c)`, `z1)` at a line's start (the rest of the line describes the twin): the letter.
fn twin_label(line: &str) -> Option<String> {
    let first = line.split_whitespace().next()?;
    let first = first.strip_prefix('+').unwrap_or(first);
    let letter = first.strip_suffix(')')?;
    let mut chars = letter.chars();
    let ok = match (chars.next(), chars.as_str()) {
        (Some('a'..='z'), "") => true,
        (Some('z'), digits) => !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()),
        _ => false,
    };
    ok.then(|| letter.to_owned())
}

/// Builds the tree word by word.
#[derive(Default)]
struct Builder {
    /// Every node made so far: text, half-move, parent index (0 is the root).
    nodes: Vec<(String, usize, usize)>,
    /// The path from the root to the latest node (indices).
    path: Vec<usize>,
    /// The half-move of the next move, set by a move number.
    next_ply: Option<usize>,
    /// The half-move of the latest move.
    last_ply: Option<usize>,
    /// The latest move (marks attach to it).
    last: Option<usize>,
    /// `but` was read: the next move is a refutation.
    refutation: bool,
}

impl Builder {
    fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    fn word(&mut self, word: &str) -> Result<(), FreeForm> {
        let free = || FreeForm {
            word: word.to_owned(),
        };
        match word {
            "threat:" => return self.pseudo("threat:", true),
            "zugzwang." => return self.pseudo("zugzwang.", false),
            "but" => {
                self.refutation = true;
                return Ok(());
            }
            "ep." => return self.attach(" ep.", &free),
            "+" | "#" | "=" | "==" | "!" | "?" | "!?" | "?!?" | "??" => {
                return self.attach(&format!(" {word}"), &free)
            }
            "!threat:" => {
                self.attach(" !", &free)?;
                return self.pseudo("threat:", true);
            }
            _ => {}
        }
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let mut rest = word;
        if digits > 0 && word[digits..].starts_with('.') {
            let number: usize = word[..digits]
                .parse()
                .ok()
                .filter(|&n| (1..=10_000).contains(&n))
                .ok_or_else(free)?;
            let after = &word[digits..];
            let (ply, after) = match after.strip_prefix("...") {
                Some(after) => (2 * number, after),
                None => (2 * number - 1, &after[1..]),
            };
            self.next_ply = Some(ply);
            if after.is_empty() {
                return Ok(());
            }
            rest = after;
        }
        let (mv, marks) = split_marks(rest);
        if !is_popeye_move(mv) {
            return Err(free());
        }
        let ply = match (self.next_ply.take(), self.last_ply) {
            (Some(ply), _) => ply,
            (None, Some(last)) => last + 1,
            (None, None) => return Err(free()),
        };
        let prefix = if std::mem::take(&mut self.refutation) {
            "but "
        } else {
            ""
        };
        let number = if ply % 2 == 1 {
            format!("{}.", ply.div_ceil(2))
        } else {
            format!("{}...", ply / 2)
        };
        self.node(format!("{prefix}{number}{mv}"), ply);
        self.last_ply = Some(ply);
        for mark in marks {
            self.attach(&format!(" {mark}"), &free)?;
        }
        Ok(())
    }

    /// A node at `ply` below the latest node of an earlier half-move.
    fn node(&mut self, text: String, ply: usize) -> usize {
        while let Some(&top) = self.path.last() {
            if self.nodes[top].1 < ply {
                break;
            }
            self.path.pop();
        }
        let parent = self.path.last().map_or(0, |&p| p + 1);
        self.nodes.push((text, ply, parent));
        let index = self.nodes.len() - 1;
        self.path.push(index);
        self.last = Some(index);
        index
    }

    /// `threat:` (its moves hang below it) or `zugzwang.` below the latest move.
    fn pseudo(&mut self, word: &str, holds_moves: bool) -> Result<(), FreeForm> {
        let Some(last) = self.last else {
            return Err(FreeForm { word: word.into() });
        };
        let ply = self.nodes[last].1 + 1;
        let index = self.node(word.to_owned(), ply);
        if !holds_moves {
            self.path.pop();
        }
        self.last = Some(last);
        let _ = index;
        Ok(())
    }

    fn attach(&mut self, mark: &str, free: &dyn Fn() -> FreeForm) -> Result<(), FreeForm> {
        let last = self.last.ok_or_else(free)?;
        self.nodes[last].0.push_str(mark);
        Ok(())
    }

    fn finish(&mut self) -> Lines {
        let nodes = std::mem::take(&mut self.nodes);
        *self = Builder::default();
        let mut children: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for (index, &(_, _, parent)) in nodes.iter().enumerate() {
            children.entry(parent).or_default().push(index + 1);
        }
        fn build(
            id: usize,
            nodes: &[(String, usize, usize)],
            children: &BTreeMap<usize, Vec<usize>>,
        ) -> Node {
            let (text, ply) = match id {
                0 => (String::new(), 0),
                _ => (nodes[id - 1].0.clone(), nodes[id - 1].1),
            };
            Node {
                text,
                ply,
                children: children
                    .get(&id)
                    .map(|ids| ids.iter().map(|&c| build(c, nodes, children)).collect())
                    .unwrap_or_default(),
            }
        }
        Lines {
            root: build(0, &nodes, &children),
        }
    }
}

/// A word's move and its attached marks (`Qa7+` → `Qa7`, `+`; `Rf6=` → `Rf6`, `=`; a
/// promotion `e8=S` keeps its `=`).
fn split_marks(word: &str) -> (&str, Vec<&str>) {
    let mut mv = word;
    let mut marks = Vec::new();
    loop {
        if let Some(stripped) = ["?!?", "!?", "!", "?"]
            .iter()
            .find_map(|v| mv.strip_suffix(v).map(|s| (s, *v)))
        {
            marks.insert(0, stripped.1);
            mv = stripped.0;
            continue;
        }
        if let Some(stripped) = ["+", "#"]
            .iter()
            .find_map(|v| mv.strip_suffix(v).map(|s| (s, *v)))
        {
            marks.insert(0, stripped.1);
            mv = stripped.0;
            continue;
        }
        // `=` ends a move as a stalemate mark, not as a promotion (which a code follows).
        if let Some(stripped) = mv.strip_suffix('=') {
            marks.insert(0, "=");
            mv = stripped;
            continue;
        }
        return (mv, marks);
    }
}

/// Popeye's long notation: `[code]from-to` or `from*to` (`Sd3-f2`, `LEb2-e2`, `e7-e8=S`,
/// `Gb4*e7[bGe7->e1]`), castling `0-0`, `0-0-0`; codes of one or two capitals or digits;
/// bracketed effects after the move.
fn is_popeye_move(word: &str) -> bool {
    let (core, effects) = match word.find('[') {
        Some(at) => word.split_at(at),
        None => (word, ""),
    };
    if !effects.is_empty()
        && !(effects.ends_with(']') && effects.matches('[').count() == effects.matches(']').count())
    {
        return false;
    }
    if matches!(core, "0-0" | "0-0-0") {
        return true;
    }
    let (core, promotion) = match core.split_once('=') {
        Some((core, code)) => (core, Some(code)),
        None => (core, None),
    };
    let is_code = |code: &str| {
        (1..=2).contains(&code.len())
            && code
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit())
    };
    if promotion.is_some_and(|code| !is_code(code)) {
        return false;
    }
    let bytes = core.as_bytes();
    if bytes.len() < 5 {
        return false;
    }
    let tail = &bytes[bytes.len() - 5..];
    let square = |f: u8, r: u8| (b'a'..=b'h').contains(&f) && (b'1'..=b'8').contains(&r);
    let code = &core[..core.len() - 5];
    square(tail[0], tail[1])
        && matches!(tail[2], b'-' | b'*')
        && square(tail[3], tail[4])
        && (code.is_empty() || is_code(code))
}

impl Lines {
    /// The first difference from `other` (`self` is the stored text, `other` the computed
    /// one), by its path; `None` when both have the same moves at every node.
    pub fn difference(&self, other: &Lines) -> Option<String> {
        difference(&self.root, &other.root, &mut Vec::new())
    }

    /// True when the text holds no move.
    pub fn is_empty(&self) -> bool {
        self.root.children.is_empty()
    }
}

fn difference<'a>(stored: &'a Node, computed: &'a Node, path: &mut Vec<&'a str>) -> Option<String> {
    let at = |path: &[&str]| {
        if path.is_empty() {
            String::new()
        } else {
            format!("after {}: ", path.join(" "))
        }
    };
    for child in &stored.children {
        match computed.children.iter().find(|c| c.text == child.text) {
            None => return Some(format!("{}stored {}, not computed", at(path), child.text)),
            Some(twin) => {
                path.push(&child.text);
                let found = difference(child, twin, path);
                path.pop();
                if found.is_some() {
                    return found;
                }
            }
        }
    }
    computed
        .children
        .iter()
        .find(|c| !stored.children.iter().any(|s| s.text == c.text))
        .map(|extra| format!("{}computed {}, not stored", at(path), extra.text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn popeye_text_and_stored_text_read_alike() {
        let popeye = "\n   1.Ka1-b1 ? threat:\n          2.Rh8-g8 #\n      1...Sd3-f2\n          2.e7-e8=S #\n    but\n      1...Gb4*e7[bGe7->e1] !\n\n   1.Ka1-a2 ! zugzwang.\n      1...Kg7-f8\n          2.Rh8-h7 #\n";
        let stored = "1.Ka1-a2! zugzwang. 1...Kg7-f8 2.Rh8-h7#\n\n1.Ka1-b1 ? threat: 2.Rh8-g8 #\n 1...Sd3-f2 2.e7-e8=S #\nbut\n 1...Gb4*e7[bGe7->e1] !";
        let a = read(popeye).unwrap();
        let b = read(stored).unwrap();
        assert_eq!(b.twins[0].1.difference(&a.twins[0].1), None);
        let shorter = read("1.Ka1-a2 ! zugzwang. 1...Kg7-f8 2.Rh8-h7 #").unwrap();
        assert_eq!(
            shorter.twins[0].1.difference(&a.twins[0].1).unwrap(),
            "computed 1.Ka1-b1 ?, not stored"
        );
        let other = read("1.Ka1-a2 ! zugzwang. 1...Kg7-f8 2.Rh8-h6 #").unwrap();
        assert_eq!(
            other.twins[0].1.difference(&a.twins[0].1).unwrap(),
            "after 1.Ka1-a2 ! 1...Kg7-f8: stored 2.Rh8-h6 #, not computed"
        );
    }

    #[test]
    fn help_lines_and_twins() {
        let stored = "a) \n  1.Rb4-c4 Bc5-b4 +   2.a5*b4 Sd4-b5 # \n\nb) bRb4-->f3\n  1.b6*c5 Ka6*a5   2.c5-c4 Sd4-e2 #\n+c) x\n 1.e5*d4 Bc5*b6 2.Kf4-e5 Bb6-c7 #";
        let read = read(stored).unwrap();
        let letters: Vec<Option<&str>> = read.twins.iter().map(|(l, _)| l.as_deref()).collect();
        assert_eq!(letters, [Some("a"), Some("b"), Some("c")]);
        let popeye = super::read("  1.Rb4-c4 Bc5-b4 +   2.a5*b4 Sd4-b5 #\n").unwrap();
        assert_eq!(read.twins[0].1.difference(&popeye.twins[0].1), None);
        // h#2.5 and set play start with Black's half-move.
        let set = super::read("1...Re4-d4 2.Kd1-e2 Rd4-d5\n1.Bc3-d4 Re4-e5").unwrap();
        assert_eq!(set.twins[0].1.root.children.len(), 2);
    }

    #[test]
    fn free_form_is_named() {
        let word = |text: &str| read(text).unwrap_err().word;
        assert_eq!(word("1.Rg1 Bf1+ 2.Kh1+"), "1.Rg1");
        assert_eq!(word("1.e7-e8=S/N+ ?"), "1.e7-e8=S/N+");
        assert_eq!(word("1.Ra6 ! (2.Qa7+ Kb5 3.Sd4+ Rxd4#)"), "1.Ra6");
        assert_eq!(word("1.Ra6-a7 ! (2.Qa7-b7 +)"), "(2.Qa7-b7");
        assert_eq!(word("Versucht Weiss"), "Versucht");
        assert_eq!(word("{unclosed"), "{");
        assert!(read("1.Ra6-a7 {display-departure-file} !").is_ok());
        assert!(is_popeye_move("0-0-0") && is_popeye_move("LEb2-e2") && is_popeye_move("e7-e8=EH"));
        assert!(!is_popeye_move("Rxd4") && !is_popeye_move("e4") && !is_popeye_move("Ke1-e9"));
    }
}
