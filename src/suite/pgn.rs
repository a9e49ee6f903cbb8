//! PGN problem collections as cases, read game by game with `pgn-reader` (streaming: one game
//! in memory at a time).
//!
//! How a game states a problem (the convention problem databases use):
//! - `[FEN "…"]` is the diagram (a `SetUp` tag may accompany it; a game without `FEN` is an
//!   input error: a problem needs its diagram);
//! - `[Stipulation "#3"]` is the stipulation — `#N` is mate within N, `exact-#N` mate in exactly
//!   N as Popeye means it (no line ends sooner), and so every stipulation the solver takes
//!   (`s#2`, `exact-s#2`, `=3`, `h#2`, `h#2.5`, `ser-#5` …);
//!   others are reported as unsupported, a missing tag is an input error. Help and series
//!   play starts with the side the stipulation names (Black in `h#2`), whatever the FEN says;
//! - the movetext, if any, is the solution: its first move is the key, and a variation that
//!   replaces the first move (`1. Qg7# (1. Qh8#) *`) names a further key (a known cook); in
//!   help and series play these are the first moves of the solutions. The main line must be
//!   legal; it is not otherwise checked (a composer's line need not show the longest
//!   defence). Without movetext the problem is claimed sound: exactly one key (one solution);
//! - `Event` labels the game in reports.
//!
//! This module reads; it never solves.

use super::case::{Case, Claim, KeyClaim, Unusable};
use crate::board::fen::to_epd_position;
use crate::board::{Position, Validation};
use crate::notation::parse_san;
use crate::problem::{Problem, Stipulation};
use pgn_reader::{RawTag, Reader, SanPlus, Skip, Visitor};
use std::cell::Cell;
use std::io::{self, Read};
use std::ops::ControlFlow;
use std::rc::Rc;

/// One game of a PGN file.
#[derive(Clone, Debug)]
pub struct PgnGame {
    /// The line the game's text starts on.
    pub line: usize,
    pub label: Option<String>,
    pub fen: Option<String>,
    pub case: Result<Case, Unusable>,
}

/// The games of a PGN stream, in order. A read error ends the stream with one last entry
/// that carries it.
///
/// ```
/// use mateproof::suite::pgn::PgnGames;
/// let pgn = "[Event \"m1\"]\n[FEN \"7k/8/6K1/8/8/8/8/R7 w - - 0 1\"]\n[Stipulation \"#1\"]\n\n1. Ra8# *\n";
/// let games: Vec<_> = PgnGames::new(pgn.as_bytes()).collect();
/// assert_eq!(games.len(), 1);
/// assert_eq!((games[0].line, games[0].label.as_deref()), (1, Some("m1")));
/// assert!(games[0].case.is_ok());
/// ```
pub struct PgnGames<R: Read> {
    reader: Reader<LineCounter<R>>,
    newlines: Rc<Cell<u64>>,
    done: bool,
}

impl<R: Read> PgnGames<R> {
    pub fn new(input: R) -> PgnGames<R> {
        let newlines = Rc::new(Cell::new(0));
        let counter = LineCounter {
            inner: input,
            newlines: Rc::clone(&newlines),
        };
        PgnGames {
            reader: Reader::new(counter),
            newlines,
            done: false,
        }
    }

    /// The line of the next unread byte: lines handed to the reader, less those it still
    /// holds in its buffer.
    fn current_line(&self) -> usize {
        let buffered = memchr::memchr_iter(b'\n', self.reader.buffer()).count() as u64;
        usize::try_from(self.newlines.get().saturating_sub(buffered) + 1).unwrap_or(usize::MAX)
    }

    fn failure(&mut self, line: usize, error: io::Error) -> PgnGame {
        self.done = true;
        PgnGame {
            line,
            label: None,
            fen: None,
            case: Err(Unusable::Input(format!("cannot read PGN: {error}"))),
        }
    }
}

impl<R: Read> Iterator for PgnGames<R> {
    type Item = PgnGame;

    fn next(&mut self) -> Option<PgnGame> {
        if self.done {
            return None;
        }
        // Skips the blank lines before the game, so the line is the game's first.
        match self.reader.has_more() {
            Ok(true) => {}
            Ok(false) => {
                self.done = true;
                return None;
            }
            Err(e) => {
                let line = self.current_line();
                return Some(self.failure(line, e));
            }
        }
        let line = self.current_line();
        match self.reader.read_game(&mut GameVisitor) {
            Ok(Some(text)) => Some(text.into_game(line)),
            Ok(None) => {
                self.done = true;
                None
            }
            // A game the parser cannot read (a tag longer than its buffer): that game is one
            // error, and reading goes on after it. Only a failing file ends the run.
            Err(e) if e.kind() == io::ErrorKind::InvalidData => {
                self.done = self.reader.skip_game().is_err();
                Some(PgnGame {
                    line,
                    label: None,
                    fen: None,
                    case: Err(Unusable::Input(format!("cannot read this PGN game: {e}"))),
                })
            }
            Err(e) => Some(self.failure(line, e)),
        }
    }
}

/// Counts the line breaks of everything read through it.
struct LineCounter<R> {
    inner: R,
    newlines: Rc<Cell<u64>>,
}

impl<R: Read> Read for LineCounter<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        let read = buf.get(..n).unwrap_or_default();
        let found = memchr::memchr_iter(b'\n', read).count() as u64;
        self.newlines.set(self.newlines.get() + found);
        Ok(n)
    }
}

/// The parts of a game the suite uses, as text.
#[derive(Default)]
struct GameText {
    fen: Option<String>,
    stipulation: Option<String>,
    event: Option<String>,
    main_line: Vec<String>,
    /// First moves of variations that replace the main line's first move.
    other_keys: Vec<String>,
    depth: u32,
    next_is_other_key: bool,
}

struct GameVisitor;

impl Visitor for GameVisitor {
    type Tags = GameText;
    type Movetext = GameText;
    type Output = GameText;

    fn begin_tags(&mut self) -> ControlFlow<GameText, GameText> {
        ControlFlow::Continue(GameText::default())
    }

    fn tag(
        &mut self,
        tags: &mut GameText,
        name: &[u8],
        value: RawTag<'_>,
    ) -> ControlFlow<GameText> {
        let value = || Some(value.decode_utf8_lossy().trim().to_owned());
        match name {
            b"FEN" => tags.fen = value(),
            b"Stipulation" => tags.stipulation = value(),
            b"Event" => tags.event = value().filter(|e| !e.is_empty() && e != "?"),
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, tags: GameText) -> ControlFlow<GameText, GameText> {
        ControlFlow::Continue(tags)
    }

    fn san(&mut self, game: &mut GameText, san: SanPlus) -> ControlFlow<GameText> {
        if game.depth == 0 {
            game.main_line.push(san.to_string());
        } else if game.next_is_other_key {
            game.other_keys.push(san.to_string());
            game.next_is_other_key = false;
        }
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, game: &mut GameText) -> ControlFlow<GameText, Skip> {
        game.depth += 1;
        // Only a variation right after the first move replaces the key; the rest is
        // commentary the suite does not need.
        let replaces_key = game.depth == 1 && game.main_line.len() == 1;
        game.next_is_other_key = replaces_key;
        ControlFlow::Continue(Skip(!replaces_key))
    }

    fn end_variation(&mut self, game: &mut GameText) -> ControlFlow<GameText> {
        game.depth = game.depth.saturating_sub(1);
        game.next_is_other_key = false;
        ControlFlow::Continue(())
    }

    fn end_game(&mut self, game: GameText) -> GameText {
        game
    }
}

impl GameText {
    fn into_game(self, line: usize) -> PgnGame {
        let label = self.event.clone();
        let position = match &self.fen {
            None => Err(Unusable::Input(
                "game has no FEN tag (a problem needs its diagram)".into(),
            )),
            Some(fen) => Position::from_fen(fen, Validation::Lenient)
                .map_err(|e| Unusable::Input(format!("FEN \"{fen}\": {e}"))),
        };
        let position = match position {
            Ok(position) => position,
            Err(e) => {
                return PgnGame {
                    line,
                    label,
                    fen: None,
                    case: Err(e),
                }
            }
        };
        PgnGame {
            line,
            label,
            fen: Some(to_epd_position(&position)),
            case: self.case(position),
        }
    }

    fn case(&self, position: Position) -> Result<Case, Unusable> {
        let mut notes = Vec::new();
        let text = self.stipulation.as_deref().ok_or_else(|| {
            Unusable::Input("game has no Stipulation tag (e.g. [Stipulation \"#3\"])".into())
        })?;
        let stipulation: Stipulation = text
            .parse()
            .map_err(|e: crate::problem::ParseStipulationError| Unusable::Input(e.to_string()))?;
        let claim = Claim::of_stipulation(stipulation)?;
        // Help play starts with the side its stipulation names (Black in `h#2`), whatever the
        // FEN's side to move says (problem diagrams have none).
        let position =
            if stipulation.is_help_or_series() && position.turn() != stipulation.starter() {
                notes.push(format!(
                    "{stipulation}: {} starts, not the FEN's side to move",
                    stipulation.starter()
                ));
                position.after_null()
            } else {
                position
            };
        let keys = if self.main_line.is_empty() {
            KeyClaim::Unique
        } else {
            check_line(&position, &self.main_line)?;
            let mut keys = Vec::new();
            for san in self.main_line.iter().take(1).chain(&self.other_keys) {
                let key = parse_san(&position, san)
                    .map_err(|e| Unusable::Input(format!("key {san}: {e}")))?;
                if !keys.contains(&key) {
                    keys.push(key);
                }
            }
            KeyClaim::Exactly(keys)
        };
        // `exact-#N` (`exact-s#N` …): Popeye's exact- battle play, which the solver takes.
        Ok(Case {
            problem: Problem::new(position, stipulation),
            claim,
            keys,
            notes,
            stored: None,
        })
    }
}

/// Plays the main line; every move must be legal where it stands.
fn check_line(start: &Position, line: &[String]) -> Result<(), Unusable> {
    let mut position = *start;
    for (ply, san) in line.iter().enumerate() {
        let m = parse_san(&position, san)
            .map_err(|e| Unusable::Input(format!("solution move {} ({san}): {e}", ply + 1)))?;
        // PGN's null move (`--`) is no move of a solution, and playing it would leave the
        // wrong side to move for the rest of the line.
        if m.is_null() {
            return Err(Unusable::Input(format!(
                "solution move {} ({san}): a null move is not a move of a solution",
                ply + 1
            )));
        }
        position.play(m);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const MATE_IN_ONE: &str = "7k/8/6K1/8/8/8/8/R7 w - - 0 1";

    fn games(text: &str) -> Vec<PgnGame> {
        PgnGames::new(text.as_bytes()).collect()
    }

    #[test]
    fn lines_labels_and_keys() {
        let text = format!(
            "\n\n[Event \"first\"]\n[FEN \"{MATE_IN_ONE}\"]\n[Stipulation \"#1\"]\n\n1. Ra8# (1. Rb1 Kh7) *\n\n\
             [Event \"second\"]\n[SetUp \"1\"]\n[FEN \"{MATE_IN_ONE}\"]\n[Stipulation \"#2\"]\n\n*\n"
        );
        let games = games(&text);
        assert_eq!(games.len(), 2);
        assert_eq!((games[0].line, games[1].line), (3, 9));
        let first = games[0].case.as_ref().unwrap();
        let KeyClaim::Exactly(keys) = &first.keys else {
            panic!("{:?}", first.keys)
        };
        let keys: Vec<String> = keys.iter().map(|m| m.to_string()).collect();
        assert_eq!(keys, ["a1a8", "a1b1"]);
        let second = games[1].case.as_ref().unwrap();
        assert_eq!(
            (second.claim, &second.keys),
            (Claim::Within(2), &KeyClaim::Unique)
        );
    }

    #[test]
    fn bad_games_are_reported_and_reading_goes_on() {
        let text = format!(
            "[Event \"no fen\"]\n[Stipulation \"#1\"]\n\n*\n\n\
             [FEN \"{MATE_IN_ONE}\"]\n\n1. Ra8# *\n\n\
             [FEN \"{MATE_IN_ONE}\"]\n[Stipulation \"#1\"]\n\n1. Ra8# Kh7 *\n\n\
             [FEN \"{MATE_IN_ONE}\"]\n[Stipulation \"h#2\"]\n\n*\n\n\
             [FEN \"{MATE_IN_ONE}\"]\n[Stipulation \"#1\"]\n\n1. Ra8# *\n"
        );
        let games = games(&text);
        let reasons: Vec<String> = games
            .iter()
            .map(|g| match &g.case {
                Ok(_) => "ok".to_owned(),
                Err(e) => e.to_string(),
            })
            .collect();
        assert!(reasons[0].contains("no FEN"), "{reasons:?}");
        assert!(reasons[1].contains("no Stipulation"), "{reasons:?}");
        assert!(reasons[2].contains("solution move 2 (Kh7)"), "{reasons:?}");
        // Help play is read too, Black starting `h#2` although the FEN says White.
        let help = games[3].case.as_ref().unwrap();
        assert_eq!(help.claim, Claim::Within(2));
        assert_eq!(help.problem.position.turn(), crate::board::Color::Black);
        assert_eq!(reasons[4], "ok");
        assert_eq!(
            games.iter().map(|g| g.line).collect::<Vec<_>>(),
            [1, 6, 10, 15, 20]
        );
    }
}
