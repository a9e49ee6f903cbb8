//! Reads Popeye's solution text (a `.out` file, or Mateproof's own Popeye output) back into
//! trees: per problem its header, messages, twins, set play, post-key play and first moves
//! (keys and tries), each with threats, variations, continuations and refutations, as Popeye's
//! indentation and move numbers say.
//!
//! Moves stay text here (`Ba8-h1`, `h5*g6 ep.`): a transcript needs no position, so any output
//! can be read, whatever its language. [`super::compare`] compares two transcripts;
//! [`super::replay`] turns one into a [`Solution`](crate::solution::Solution). This module never
//! solves or writes anything.
//!
//! ```
//! use mateproof::popeye::transcript::{Transcript, Verdict};
//! let text = "\n   1.Ba8-h1 ! threat:\n          2.Sb6-d5 #\n      1...Sc4-a3\n          2.Qc8*c1 #\n\n\nsolution finished.\n\n\n";
//! let t = Transcript::parse(text).unwrap();
//! let key = &t.problems[0].twins[0].first_moves[0];
//! assert_eq!((key.mv.as_str(), key.verdict), ("Ba8-h1", Verdict::Key));
//! assert_eq!(key.defences[0].continuations[0].mv, "Qc8*c1");
//! ```

/// Words that end a problem, in every language.
const FINISHED: [&str; 3] = [
    "solution finished.",
    "Loesung beendet.",
    "solution terminee.",
];
const PARTIAL: [&str; 3] = [
    "Partial solution",
    "Partielle Loesung",
    "Solution partielle",
];
const THREAT: [&str; 3] = ["threat:", "Drohung:", "menace:"];
const ZUGZWANG: [&str; 3] = ["zugzwang.", "Zugzwang.", "blocus."];
const BUT: [&str; 3] = ["but", "Aber", "mais"];
const REFUTES: [&str; 4] = ["refutes.", "Widerlegt.", "Refute.", "widerlegt."];

/// A whole output: its problems in order.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Transcript {
    pub problems: Vec<ProblemText>,
}

/// One problem: everything up to and including its end line.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct ProblemText {
    /// Centred texts, board and stipulation line, verbatim (empty with `NoBoard`).
    pub header: Vec<String>,
    /// Lines that are neither header nor play: error messages, input errors.
    pub messages: Vec<String>,
    /// The twins; a problem without twins has one twin without a label.
    pub twins: Vec<TwinText>,
    pub end: End,
}

/// How a problem's text ends.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub enum End {
    /// `solution finished.` (or its translation).
    #[default]
    Finished,
    /// `Partial solution`: a limit cut the play short.
    Partial,
    /// The text ended without an end line.
    Missing,
}

/// The play of one twin.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct TwinText {
    /// `a)`, `b) -wRa1`, `+d) #2` (trailing blanks removed); `None` without twins.
    pub label: Option<String>,
    /// Set play: Black's moves in the diagram with White's answers.
    pub set_play: Vec<DefenceLine>,
    /// Post-key play: the threat after the (given) key and Black's moves.
    pub post_key: Option<PostKeyText>,
    /// Keys and tries in printed order.
    pub first_moves: Vec<AttackLine>,
    /// `MoveNumbers` lines, verbatim without leading blanks (`1  (Ke1-f2 + )`).
    pub move_numbers: Vec<String>,
}

/// The play printed for `PostKeyPlay`.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PostKeyText {
    pub threat: ThreatText,
    pub defences: Vec<DefenceLine>,
}

/// Check or mate printed after a move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Mark {
    #[default]
    None,
    /// ` +`
    Check,
    /// ` #`
    Mate,
    /// ` =`: the goal of stalemate play reached.
    Stalemate,
}

/// How a first move is judged.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub enum Verdict {
    /// Not a first move (threat or continuation).
    #[default]
    None,
    /// ` !`
    Key,
    /// ` ?`
    Try,
    /// ` ?!?`: reflex play, the attacker reaches the goal at once in the diagram and must, so
    /// there is no key.
    ForcedGoal,
}

/// What follows a White move on its line.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub enum ThreatText {
    /// Nothing: the move checks or mates, or threats are not shown.
    #[default]
    NotShown,
    /// ` zugzwang.`
    Zugzwang,
    /// ` threat:` and the threat moves.
    Threats(Vec<AttackLine>),
}

/// A White move line and everything below it.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct AttackLine {
    /// White's move number (1 for keys and tries).
    pub number: u32,
    pub mv: String,
    pub mark: Mark,
    pub verdict: Verdict,
    pub threat: ThreatText,
    pub defences: Vec<DefenceLine>,
    /// Moves under `but`, each printed with ` !`.
    pub refutations: Vec<RefutationLine>,
}

/// A Black move line and White's continuations after it.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct DefenceLine {
    pub number: u32,
    pub mv: String,
    pub mark: Mark,
    /// Followed by `refutes.` (post-key play).
    pub refutes: bool,
    pub continuations: Vec<AttackLine>,
}

/// A refutation of a try.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct RefutationLine {
    pub mv: String,
    pub mark: Mark,
}

/// Why a text is not Popeye output.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("line {line}: {reason}: '{text}'")]
pub struct TranscriptError {
    pub line: usize,
    pub text: String,
    pub reason: &'static str,
}

/// A play item with the line number it came from.
type NumberedItem = (usize, Item);

/// One classified line of play.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Item {
    White { number: u32, body: MoveBody },
    Black { number: u32, body: MoveBody },
    But,
    Refutes,
    PostKey(ThreatWord),
    MoveNumber(String),
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum ThreatWord {
    None,
    Threat,
    Zugzwang,
}

/// The parts of a move line after the move number.
#[derive(Clone, PartialEq, Eq, Debug)]
struct MoveBody {
    mv: String,
    mark: Mark,
    verdict: Verdict,
    threat: ThreatWord,
}

impl Transcript {
    /// Reads a whole output. Fails only on a move line it cannot read or on play that does not
    /// nest the way Popeye nests it.
    pub fn parse(text: &str) -> Result<Transcript, TranscriptError> {
        let mut problems = Vec::new();
        let mut current: Vec<(usize, &str)> = Vec::new();
        for (index, raw) in text.lines().enumerate() {
            let line = raw.trim_end_matches('\r');
            let end = if FINISHED.contains(&line) {
                Some(End::Finished)
            } else if PARTIAL.contains(&line) {
                Some(End::Partial)
            } else {
                None
            };
            match end {
                Some(end) => {
                    problems.push(parse_problem(&current, end)?);
                    current.clear();
                }
                None => current.push((index + 1, line)),
            }
        }
        if current.iter().any(|(_, l)| !l.trim().is_empty()) {
            problems.push(parse_problem(&current, End::Missing)?);
        }
        Ok(Transcript { problems })
    }
}

/// `  #2                          8 + 7`: the caption below the board.
fn is_stipulation_line(line: &str) -> bool {
    let Some(rest) = line.strip_prefix("  ") else {
        return false;
    };
    let words: Vec<&str> = rest.split_whitespace().collect();
    words.len() == 4
        && words[2] == "+"
        && words[1].parse::<u32>().is_ok()
        && words[3].parse::<u32>().is_ok()
}

/// `a) `, `b) -wRa1  `, `+d) #2  `, `z1) `.
fn twin_label(line: &str) -> Option<String> {
    let rest = line.strip_prefix('+').unwrap_or(line);
    let close = rest.find(") ")?;
    let letter = &rest[..close];
    let is_letter = letter.len() == 1 && letter.as_bytes()[0].is_ascii_lowercase();
    let is_z = letter.len() > 1
        && letter.starts_with('z')
        && letter[1..].bytes().all(|b| b.is_ascii_digit());
    (is_letter || is_z).then(|| line.trim_end().to_owned())
}

fn parse_problem(lines: &[(usize, &str)], end: End) -> Result<ProblemText, TranscriptError> {
    let mut problem = ProblemText {
        end,
        ..ProblemText::default()
    };
    let caption = lines.iter().position(|(_, l)| is_stipulation_line(l));
    let board_start = lines.iter().position(|(_, l)| l.starts_with("+---a---"));
    let body_start = match (board_start, caption) {
        (Some(start), Some(cap)) if start < cap => {
            // Header: `[messages] "" [centred texts] "" board caption`.
            let mut texts_end = start;
            if texts_end > 0 && lines[texts_end - 1].1.is_empty() {
                texts_end -= 1;
            }
            let mut texts_begin = texts_end;
            while texts_begin > 0 && !lines[texts_begin - 1].1.is_empty() {
                texts_begin -= 1;
            }
            for (_, l) in &lines[..texts_begin] {
                if !l.is_empty() {
                    problem.messages.push((*l).to_owned());
                }
            }
            problem.header = lines[texts_begin..=cap]
                .iter()
                .map(|(_, l)| (*l).to_owned())
                .collect();
            cap + 1
        }
        _ => 0,
    };
    let mut twins: Vec<(Option<String>, Vec<NumberedItem>)> = vec![(None, Vec::new())];
    for &(number, line) in &lines[body_start..] {
        if line.trim().is_empty() {
            continue;
        }
        if let Some(label) = twin_label(line) {
            twins.push((Some(label), Vec::new()));
            continue;
        }
        match classify(line).map_err(|reason| TranscriptError {
            line: number,
            text: line.to_owned(),
            reason,
        })? {
            Some(item) => {
                if let Some(last) = twins.last_mut() {
                    last.1.push((number, item));
                }
            }
            None => problem.messages.push(line.to_owned()),
        }
    }
    // Without twin labels the play sits in the unlabelled twin; with labels it is empty.
    if twins.len() > 1 && twins[0].1.is_empty() {
        twins.remove(0);
    }
    for (label, items) in twins {
        problem.twins.push(parse_twin(label, &items)?);
    }
    Ok(problem)
}

/// Sorts a non-empty line into a play item, `None` for a free-text message.
fn classify(line: &str) -> Result<Option<Item>, &'static str> {
    let trimmed = line.trim();
    let indent = line.len() - line.trim_start().len();
    if BUT.contains(&trimmed) && indent == 4 {
        return Ok(Some(Item::But));
    }
    if REFUTES.contains(&trimmed) && indent == 8 {
        return Ok(Some(Item::Refutes));
    }
    if indent == 1 && THREAT.contains(&trimmed) {
        return Ok(Some(Item::PostKey(ThreatWord::Threat)));
    }
    if indent == 1 && ZUGZWANG.contains(&trimmed) {
        return Ok(Some(Item::PostKey(ThreatWord::Zugzwang)));
    }
    if is_move_number_line(trimmed) {
        return Ok(Some(Item::MoveNumber(trimmed.to_owned())));
    }
    let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
    if indent == 0 || digits == 0 || !trimmed[digits..].starts_with('.') {
        return Ok(None);
    }
    let number: u32 = trimmed[..digits]
        .parse()
        .map_err(|_| "move number out of range")?;
    let after = &trimmed[digits..];
    if let Some(rest) = after.strip_prefix("...") {
        Ok(Some(Item::Black {
            number,
            body: parse_body(rest)?,
        }))
    } else if let Some(rest) = after.strip_prefix('.') {
        Ok(Some(Item::White {
            number,
            body: parse_body(rest)?,
        }))
    } else {
        Ok(None)
    }
}

/// ` 12  (Qe8-a4 )`: a line of the `MoveNumbers` option.
fn is_move_number_line(trimmed: &str) -> bool {
    let digits = trimmed.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && trimmed[digits..].starts_with("  (") && trimmed.ends_with(')')
}

fn parse_body(text: &str) -> Result<MoveBody, &'static str> {
    let mut words = text.split(' ').filter(|w| !w.is_empty()).peekable();
    let mut mv = words
        .next()
        .ok_or("a move number without a move")?
        .to_owned();
    if words.peek() == Some(&"ep.") {
        words.next();
        mv.push_str(" ep.");
    }
    let mut body = MoveBody {
        mv,
        mark: Mark::None,
        verdict: Verdict::None,
        threat: ThreatWord::None,
    };
    for word in words {
        match word {
            "+" if body.mark == Mark::None => body.mark = Mark::Check,
            "#" if body.mark == Mark::None => body.mark = Mark::Mate,
            "=" if body.mark == Mark::None => body.mark = Mark::Stalemate,
            "!" if body.verdict == Verdict::None => body.verdict = Verdict::Key,
            "?" if body.verdict == Verdict::None => body.verdict = Verdict::Try,
            "?!?" if body.verdict == Verdict::None => body.verdict = Verdict::ForcedGoal,
            w if THREAT.contains(&w) => body.threat = ThreatWord::Threat,
            w if ZUGZWANG.contains(&w) => body.threat = ThreatWord::Zugzwang,
            _ => return Err("unexpected word after a move"),
        }
    }
    Ok(body)
}

/// Recursive descent over one twin's items, following Popeye's nesting.
struct TwinParser<'a> {
    items: &'a [(usize, Item)],
    at: usize,
}

impl TwinParser<'_> {
    fn peek(&self) -> Option<&Item> {
        self.items.get(self.at).map(|(_, item)| item)
    }

    fn error(&self, reason: &'static str) -> TranscriptError {
        let (line, text) = self
            .items
            .get(self.at)
            .map_or((0, String::new()), |(n, item)| (*n, format!("{item:?}")));
        TranscriptError { line, text, reason }
    }

    fn next_is_white(&self, number: u32) -> bool {
        matches!(self.peek(), Some(Item::White { number: n, .. }) if *n == number)
    }

    fn next_is_black(&self, number: u32) -> bool {
        matches!(self.peek(), Some(Item::Black { number: n, .. }) if *n == number)
    }

    fn attack(&mut self, number: u32) -> Result<AttackLine, TranscriptError> {
        let Some(Item::White { body, .. }) = self.peek().cloned() else {
            return Err(self.error("expected a White move"));
        };
        self.at += 1;
        let mut line = AttackLine {
            number,
            mv: body.mv,
            mark: body.mark,
            verdict: body.verdict,
            ..AttackLine::default()
        };
        line.threat = self.threat(body.threat, number + 1)?;
        while self.next_is_black(number) {
            line.defences.push(self.defence(number)?);
        }
        // Only first moves (tries) have refutations.
        if number == 1 && self.peek() == Some(&Item::But) {
            self.at += 1;
            while let Some(Item::Black { number: n, body }) = self.peek().cloned() {
                if n != number {
                    break;
                }
                self.at += 1;
                line.refutations.push(RefutationLine {
                    mv: body.mv,
                    mark: body.mark,
                });
            }
        }
        Ok(line)
    }

    fn threat(&mut self, word: ThreatWord, number: u32) -> Result<ThreatText, TranscriptError> {
        Ok(match word {
            ThreatWord::None => ThreatText::NotShown,
            ThreatWord::Zugzwang => ThreatText::Zugzwang,
            ThreatWord::Threat => {
                let mut threats = Vec::new();
                while self.next_is_white(number) {
                    threats.push(self.attack(number)?);
                }
                ThreatText::Threats(threats)
            }
        })
    }

    fn defence(&mut self, number: u32) -> Result<DefenceLine, TranscriptError> {
        let Some(Item::Black { body, .. }) = self.peek().cloned() else {
            return Err(self.error("expected a Black move"));
        };
        self.at += 1;
        let mut line = DefenceLine {
            number,
            mv: body.mv,
            mark: body.mark,
            ..DefenceLine::default()
        };
        if self.peek() == Some(&Item::Refutes) {
            self.at += 1;
            line.refutes = true;
        }
        while self.next_is_white(number + 1) {
            line.continuations.push(self.attack(number + 1)?);
        }
        Ok(line)
    }
}

fn parse_twin(label: Option<String>, items: &[(usize, Item)]) -> Result<TwinText, TranscriptError> {
    let mut twin = TwinText {
        label,
        ..TwinText::default()
    };
    let mut parser = TwinParser { items, at: 0 };
    if let Some(Item::PostKey(word)) = parser.peek().cloned() {
        parser.at += 1;
        let threat = parser.threat(word, 2)?;
        let mut defences = Vec::new();
        while parser.next_is_black(1) {
            defences.push(parser.defence(1)?);
        }
        twin.post_key = Some(PostKeyText { threat, defences });
    }
    while parser.next_is_black(1) {
        twin.set_play.push(parser.defence(1)?);
    }
    while let Some(item) = parser.peek() {
        match item {
            Item::MoveNumber(text) => {
                twin.move_numbers.push(text.clone());
                parser.at += 1;
            }
            Item::White { number: 1, .. } => twin.first_moves.push(parser.attack(1)?),
            _ => return Err(parser.error("play that does not nest under a first move")),
        }
    }
    Ok(twin)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_tries_threat_duals_and_refutations() {
        let text = "\n   1.e2-e3 + ?\n      1...Sc4*e3\n          2.Bf2-g3 #\n    but\n      1...Qc1*e3 !\n\n   \
                    1.Qc8-g8 ? threat:\n          2.Qg8-g3 #\n          2.Qg8-g5 #\n    but\n      1...Qc1*g1 !\n\n\nsolution finished.\n";
        let t = Transcript::parse(text).unwrap();
        let moves = &t.problems[0].twins[0].first_moves;
        assert_eq!(moves.len(), 2);
        assert_eq!(
            (moves[0].mark, moves[0].verdict),
            (Mark::Check, Verdict::Try)
        );
        assert_eq!(moves[0].defences[0].continuations[0].mark, Mark::Mate);
        assert_eq!(moves[0].refutations[0].mv, "Qc1*e3");
        let ThreatText::Threats(threats) = &moves[1].threat else {
            panic!("threat expected")
        };
        assert_eq!(
            threats.iter().map(|t| t.mv.as_str()).collect::<Vec<_>>(),
            ["Qg8-g3", "Qg8-g5"]
        );
        assert_eq!(t.problems[0].end, End::Finished);
    }

    #[test]
    fn reads_twins_post_key_and_messages() {
        let text = "\nthe side to play can capture the king\n a) \n\n zugzwang.\n      1...h5-h4\n        refutes.\n\
                    \nb) -wRa1  \n\n\nPartial solution\n";
        let t = Transcript::parse(text).unwrap();
        let p = &t.problems[0];
        assert_eq!(
            p.messages,
            ["the side to play can capture the king", " a) "]
        );
        assert_eq!(p.end, End::Partial);
        let post = p.twins[0].post_key.as_ref().unwrap();
        assert!(post.defences[0].refutes);
        assert_eq!(p.twins.last().unwrap().label.as_deref(), Some("b) -wRa1"));
    }

    #[test]
    fn rejects_play_that_does_not_nest() {
        let text = "\n          2.Qc8*c1 #\n\nsolution finished.\n";
        assert!(Transcript::parse(text).is_err());
    }
}
