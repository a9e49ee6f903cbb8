//! The `Condition` command: fairy conditions, which Mateproof does not play yet.
//!
//! This is the one place that decides what a `Condition` line does to a problem; a layer of
//! conditions replaces [`Reader::condition`] here (reading the conditions into the problem
//! instead of refusing it). Today it reads the line as far as Popeye would: the first word
//! must name one of Popeye's conditions (any unique prefix, in the file's language); then the
//! conditions and their arguments follow, over as many lines as they take, up to the next
//! command. A problem with a condition is refused, naming the condition line as the file
//! wrote it, arguments included (`condition not supported yet: madrasi rexinklusive`). A
//! first word that names no condition is
//! Popeye's input error "could not recognize condition", and the word goes back to the command
//! loop, as in Popeye (which then solves the problem without the condition).

use super::{ProblemSpec, Reader};
use crate::popeye::keywords::{self, Command, CommandTable, Lookup};
use crate::popeye::messages::Message;
use crate::popeye::unsupported::Feature;

impl Reader<'_> {
    /// `Condition WORD …`.
    pub(super) fn condition(&mut self, problem: &mut ProblemSpec) {
        let Some(first) = self.lexer.peek_token() else {
            return;
        };
        // The words as the file wrote them, for the refusal.
        let mut typed = vec![first.to_owned()];
        match keywords::condition(self.language, first) {
            Lookup::Found(_) => {}
            Lookup::Ambiguous => {
                self.lexer.next_token();
                self.notice_error(problem, Message::ConditionNotUnique, first);
                return;
            }
            Lookup::Unknown => {
                self.notice_error(problem, Message::UnrecognizedCondition, first);
                return;
            }
        }
        self.lexer.next_token();
        // The conditions' arguments are not read one by one: every word up to the next
        // command belongs to the condition line. A short word amid a line (`vault n`, a
        // nightrider) is an argument even where it abbreviates NextProblem.
        while let Some(word) = self.lexer.peek_token() {
            if self.ends_conditions(word) {
                break;
            }
            typed.push(word.to_owned());
            self.lexer.next_token();
        }
        Self::unsupported(problem, Feature::Condition, &typed.join(" "));
    }

    /// Whether `word` (the next word) is a command that ends a condition line.
    fn ends_conditions(&mut self, word: &str) -> bool {
        let found = |table| keywords::command_in(self.language, table, word);
        if matches!(found(CommandTable::Initial), Lookup::Found(_))
            || matches!(found(CommandTable::Twin), Lookup::Found(_))
        {
            return word.len() >= 3 || self.lexer.next_starts_line();
        }
        matches!(
            found(CommandTable::End),
            Lookup::Found(Command::End | Command::Next)
        ) && (word.len() >= 3 || self.lexer.next_starts_line())
    }
}

#[cfg(test)]
mod tests {
    use crate::popeye::reader::read;
    use crate::popeye::unsupported::Feature;

    #[test]
    fn conditions_are_named_over_their_lines_and_typos_are_errors() {
        let file = read(
            "anfang\nforderung r#2\nbedingung madrasi\n rexinklusive\noption varianten\n\
             steine weiss kd7 schwarz kd5\nweiter\n\
             forderung h#2\nbedingung vault n\nsteine weiss ka1 schwarz kc3\nweiter\n\
             forderung #2\nbedingung madrasy\nsteine weiss ka1 schwarz kc3\nende",
        );
        let p = &file.problems;
        assert_eq!(p.len(), 3, "the condition's argument n is no NextProblem");
        assert!(p[0].notices.is_empty(), "{:?}", p[0].notices);
        assert!(p[0].options.solve.variations);
        let refusal = p[0].unsupported.as_ref().unwrap();
        assert_eq!(
            (refusal.feature, refusal.item.as_str()),
            (Feature::Condition, "madrasi rexinklusive")
        );
        assert_eq!(p[1].unsupported.as_ref().unwrap().item, "vault n");
        assert!(p[2].unsupported.is_none());
        assert_eq!(
            p[2].notices,
            [
                "Eingabe-Fehler:Bedingung nicht erkannt",
                "Stoerende Eingabe: madrasy",
                "Eingabe-Fehler:Stoerende Eingabe: madrasy",
                "Stoerende Eingabe: madrasy"
            ]
        );
    }
}
