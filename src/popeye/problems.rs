//! Turns a [`ProblemSpec`] into the problems to solve: one per twin (or one for a problem
//! without twins), each a [`Problem`] built from the twin's men with Popeye's conventions
//! (White to move, castling wherever king and rook stand at home unless `NoCastling` says
//! otherwise, the `EnPassant` target), or the reason it cannot be solved. The twins are
//! worked out once ([`twins_of`]); a problem with fairy men builds each on a
//! [`FairyPosition`], any other on the orthodox board.
//!
//! A side may have no king, as in Popeye: such a twin is solved (the side is never in check),
//! and Popeye's warning "both sides need a king" comes first unless `NoWk`/`NoBk` says so.
//! Popeye drops `NoWk` (`NoBk`) for good at the first twin that has that king, so a later twin
//! without it is warned about again ([`twin_problems`] follows it twin by twin).
//!
//! It never solves and never prints; the words of a fault belong to the writer.

use super::messages::{message, Message};
use super::reader::ProblemSpec;
use super::twin::{
    apply, apply_each, men_of, Board, Men, TwinChange, TwinError, TwinSpec, TwinState,
};
use crate::board::{
    Color, KinglessSides, Position, PositionError, Setup, Square, Validation, Wing,
};
use crate::fairy::{from_catalogue_men, FairyPosition};
use crate::notation::Language;
use crate::problem::{Problem, Stipulation};
use crate::rules::Rules;

/// Why one twin cannot be solved.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum TwinFault {
    /// The side not to move is in check (Popeye: "the side to play can capture the king").
    #[error("the side to play can capture the king")]
    OppositeCheck,
    /// A position Mateproof cannot represent (e.g. a pawn on its first rank).
    #[error("position not supported yet: {0}")]
    Position(PositionError),
    /// A position with fairy pieces Mateproof cannot represent.
    #[error("position not supported yet: {0}")]
    Fairy(String),
}

/// One twin ready for the solver (or not), on the orthodox board or a fairy position.
#[derive(Clone, Debug)]
pub struct TwinProblem<P = Position> {
    /// The header line without its line break (`a) `, `b) -wRa1  `, `+d) #2  `); `None` for a
    /// problem without twins.
    pub label: Option<String>,
    pub stipulation: Stipulation,
    pub problem: Result<Problem<P>, TwinFault>,
    /// A side has no king and no `NoWk`/`NoBk` in force for it: Popeye warns "both sides
    /// need a king" before the play, and solves.
    pub missing_king: bool,
    /// What Popeye says while it reads the twin (its input errors, a change it drops because
    /// its square is empty), before the twin's label.
    pub notices: Vec<String>,
    /// The twin changes the stipulation (`Twin Stipulation #3`).
    pub stipulation_changed: bool,
    /// Changes Popeye leaves out (a square that is empty, a shift off the board).
    pub dropped_changes: usize,
}

/// The diagram's men and stipulation (`#1` when the file gave none).
fn base_state(spec: &ProblemSpec) -> TwinState {
    TwinState {
        men: men_of(
            &spec.board,
            spec.fairy.iter().map(|m| (m.color, m.walk, m.square)),
        ),
        stipulation: spec.stipulation.unwrap_or(Stipulation::direct_mate(1)),
    }
}

/// Whether the diagram or one of its twins has a pawn on the first or last rank. Popeye solves
/// such a position (there a pawn never moves, and on its own first rank attacks nothing); the
/// orthodox board cannot hold it, so the problem is solved on fairy positions, as one with
/// fairy men is ([`ProblemSpec::needs_fairy_position`]).
pub fn has_back_rank_pawns(spec: &ProblemSpec) -> bool {
    let base = base_state(spec);
    let mut boards = vec![base.men];
    let mut previous = base.clone();
    for twin in &spec.twins {
        let from = if twin.continued { &previous } else { &base };
        if let Ok((state, _)) = apply(from, twin, Language::English) {
            boards.push(state.men);
            previous = state;
        }
    }
    boards.iter().any(|men| {
        Square::all().any(|sq| {
            let pawn = men[sq.index()].is_some_and(|man| {
                man.piece()
                    .is_some_and(|p| p.role == crate::board::Role::Pawn)
            });
            pawn && (sq.rank() == 0 || sq.rank() == 7)
        })
    })
}

/// The twins of `spec` in order, the diagram first (unless `ZeroPosition`).
///
/// ```
/// use mateproof::notation::Language;
/// use mateproof::popeye::{problems::twin_problems, reader::read};
/// let file = read("begin pieces white ke1 ra1 black ke5 stip #3 twin remove a1 endp");
/// let twins = twin_problems(&file.problems[0], Language::English);
/// assert_eq!(twins.len(), 2);
/// assert_eq!(twins[1].label.as_deref(), Some("b) -wRa1  "));
/// assert!(twins[1].problem.is_ok());
/// ```
pub fn twin_problems(spec: &ProblemSpec, language: Language) -> Vec<TwinProblem> {
    let mut no_king = spec.options.no_king;
    let mut twins = twins_of(spec, language, &mut |men, stipulation| {
        build(spec, men, stipulation)
    });
    for twin in &mut twins {
        if let Ok(problem) = &twin.problem {
            for color in Color::ALL {
                let kingless = problem.position.king(color).is_none();
                let option = &mut no_king[color.index()];
                // Popeye drops the option once the king is there, for the later twins too.
                *option &= kingless;
                twin.missing_king |= kingless && !*option;
            }
        }
    }
    twins
}

/// The twins of a problem with fairy men ([`ProblemSpec::has_fairy_men`]), each on a
/// [`FairyPosition`], in the order and with the labels of [`twin_problems`].
pub fn fairy_twin_problems(
    spec: &ProblemSpec,
    language: Language,
) -> Vec<TwinProblem<FairyPosition>> {
    twins_of(spec, language, &mut |men, stipulation| {
        build_fairy(spec, men, stipulation)
    })
}

/// Builds a twin's problem from its men and stipulation.
type Builder<'b, P> = dyn FnMut(&Men, Stipulation) -> Result<Problem<P>, TwinFault> + 'b;

/// The twins of `spec` in order with their labels, each built by `build`.
fn twins_of<P>(
    spec: &ProblemSpec,
    language: Language,
    build: &mut Builder<P>,
) -> Vec<TwinProblem<P>> {
    let base = base_state(spec);
    let mut out = Vec::new();
    let twinned = !spec.twins.is_empty() || spec.zero_position;
    let mut letter = 0u32;
    let mut label = |continued: bool, items: &str| {
        let text = format!(
            "{}{}{}",
            if continued { "+" } else { "" },
            twin_letter(letter),
            items
        );
        letter += 1;
        text
    };
    if !spec.zero_position {
        out.push(TwinProblem {
            label: twinned.then(|| label(false, "")),
            stipulation: base.stipulation,
            problem: build(&base.men, base.stipulation),
            missing_king: false,
            notices: Vec::new(),
            stipulation_changed: false,
            dropped_changes: 0,
        });
    }
    let mut previous = base.clone();
    for (index, twin) in spec.twins.iter().enumerate() {
        let from = if twin.continued { &previous } else { &base };
        let (state, items, mut notices, dropped_changes) = apply_as_popeye(from, twin, language);
        let mut read_notices = spec.twin_notices.get(index).cloned().unwrap_or_default();
        read_notices.append(&mut notices);
        out.push(TwinProblem {
            label: Some(label(twin.continued, &items)),
            stipulation: state.stipulation,
            problem: build(&state.men, state.stipulation),
            missing_king: false,
            notices: read_notices,
            stipulation_changed: twin
                .changes
                .iter()
                .any(|change| matches!(change, TwinChange::Stipulation(_))),
            dropped_changes,
        });
        previous = state;
    }
    out
}

/// Applies a twin's changes one by one as Popeye does: a change that cannot be made (a man
/// to move or remove from an empty square, a shift that would take a man off the board) is
/// left out with Popeye's message, and the twin is solved with the others. Returns the state,
/// the label's items, the messages and how many changes were left out.
fn apply_as_popeye(
    from: &TwinState,
    twin: &TwinSpec,
    language: Language,
) -> (TwinState, String, Vec<String>, usize) {
    let mut notices = Vec::new();
    let mut dropped = 0;
    // The twin's changes are made together, so that an exchange's label names the men on its
    // squares once every change is made, as Popeye's does.
    let (state, items) = apply_each(from, twin, language, &mut |fault| {
        dropped += 1;
        match fault {
            TwinError::EmptySquare(square) => notices.push(format!(
                "{square}{}",
                message(language, Message::SquareIsEmpty)
            )),
            TwinError::OffBoard => {
                notices.push(String::new());
                notices.push(message(language, Message::PieceMovedOutside).to_owned());
            }
        }
    });
    (state, items, notices, dropped)
}

/// `a) ` … `z) `, then `z1) `, `z2) ` as Popeye counts on.
fn twin_letter(index: u32) -> String {
    match char::from_u32(u32::from(b'a') + index) {
        Some(c) if index < 26 => format!("{c}) "),
        _ => format!("z{}) ", index - 25),
    }
}

/// How a fairy position's FEN error ends when the side not to move is in check.
const OPPOSITE_CHECK: &str = "the side not to move is in check";

/// The diagram's problem of a spec with fairy pieces (its first twin), on a
/// [`FairyPosition`].
pub fn fairy_problem(spec: &ProblemSpec) -> Result<Problem<FairyPosition>, TwinFault> {
    let base = base_state(spec);
    build_fairy(spec, &base.men, base.stipulation)
}

/// The orthodox men of `men` as a board (fairy men left out).
fn orthodox_board(men: &Men) -> Board {
    men.map(|man| man.and_then(|m| m.piece()))
}

/// A twin with fairy men on a [`FairyPosition`]: castling rights and the side to move as for
/// an orthodox problem ([`setup_of`], [`played_stipulation`]).
fn build_fairy(
    spec: &ProblemSpec,
    men: &Men,
    stipulation: Stipulation,
) -> Result<Problem<FairyPosition>, TwinFault> {
    let stipulation = played_stipulation(spec, stipulation);
    let mut placed = Vec::new();
    for sq in Square::all() {
        if let Some(man) = men[sq.index()] {
            let walk = super::tokens::walk_at(man.walk)
                .ok_or_else(|| TwinFault::Fairy(format!("no walk {}", man.walk)))?;
            placed.push((man.color, walk, sq));
        }
    }
    for color in Color::ALL {
        let kings = placed
            .iter()
            .filter(|(c, walk, _)| *c == color && walk.codes[0] == "k")
            .count();
        if kings == 0 {
            return Err(TwinFault::Fairy(format!("{} has no king", color.name())));
        }
    }
    let castling = setup_of(spec, &orthodox_board(men)).castling;
    let rights: String = [
        (Color::White, Wing::KingSide, 'K'),
        (Color::White, Wing::QueenSide, 'Q'),
        (Color::Black, Wing::KingSide, 'k'),
        (Color::Black, Wing::QueenSide, 'q'),
    ]
    .iter()
    .filter(|(color, wing, _)| castling.has(*color, *wing))
    .map(|&(_, _, letter)| letter)
    .collect();
    let black = stipulation.starter() == Color::Black;
    let fault = |why: String| {
        if why.ends_with(OPPOSITE_CHECK) {
            TwinFault::OppositeCheck
        } else {
            TwinFault::Fairy(why)
        }
    };
    let position = match from_catalogue_men(&placed, black, &rights).map_err(fault) {
        // As on the orthodox board ([`build`]): the part the other side starts can stand, the
        // position is built for that side and passed back.
        Err(TwinFault::OppositeCheck) if other_side_starts(spec, stipulation) => {
            from_catalogue_men(&placed, !black, &rights)
                .map_err(fault)?
                .pass()
        }
        other => other?,
    };
    let mut problem = Problem::new(position, stipulation);
    problem.options = spec.options.solve.clone();
    Ok(problem)
}

/// The setup Popeye solves: White to move, castling rights from the home squares minus
/// `NoCastling`, the `EnPassant` target if it fits the board.
pub fn setup_of(spec: &ProblemSpec, board: &Board) -> Setup {
    let mut setup = Setup::empty();
    setup.board = *board;
    setup.grant_castling_from_home_squares();
    for &sq in &spec.options.no_castling {
        remove_castling(&mut setup, sq);
    }
    setup.ep_square = spec.options.en_passant;
    for &(white_rook, black_rook) in &spec.options.exclusive_castlings {
        if let (Some(white), Some(black)) = (rook_wing(white_rook), rook_wing(black_rook)) {
            setup.castling_exclusions.add(white, black);
        }
    }
    setup
}

/// The wing whose castling uses a rook from `sq` (a- or h-file corner), if any.
fn rook_wing(sq: Square) -> Option<Wing> {
    match sq.file() {
        0 => Some(Wing::QueenSide),
        7 => Some(Wing::KingSide),
        _ => None,
    }
}

fn remove_castling(setup: &mut Setup, sq: Square) {
    for color in Color::ALL {
        for wing in Wing::ALL {
            let g = crate::board::castle_geometry(color, wing);
            if g.king_from == sq || g.rook_from == sq {
                setup.castling.remove(color, wing);
            }
        }
    }
}

/// The stipulation as played: `WhiteToPlay` makes help play half a move shorter with White
/// starting (`h#3` is played and printed as `h#2.5`); anything else is played as written.
pub fn played_stipulation(spec: &ProblemSpec, stipulation: Stipulation) -> Stipulation {
    let mut played = stipulation;
    let length = &mut played.length;
    if spec.options.white_to_play
        && stipulation.play == crate::problem::PlayKind::Help
        && length.max.is_multiple_of(2)
    {
        let exact = stipulation.is_exact();
        length.max -= 1;
        length.min = if exact { length.max } else { 1 };
    }
    played
}

/// True for help and battle play with a part the other side starts (`SetPlay`, `Duplex`,
/// `HalfDuplex`, and in battle play `PostKeyPlay`): that part may stand where the play
/// itself cannot start.
fn other_side_starts(spec: &ProblemSpec, stipulation: Stipulation) -> bool {
    let options = &spec.options.solve;
    let parts = options.set_play || options.duplex || options.half_duplex;
    match stipulation.play {
        crate::problem::PlayKind::Help => parts,
        crate::problem::PlayKind::Series(_) => false,
        _ => parts || options.post_key_play,
    }
}

/// A twin of orthodox men on the orthodox board.
fn build(spec: &ProblemSpec, men: &Men, stipulation: Stipulation) -> Result<Problem, TwinFault> {
    if men.iter().flatten().any(|man| man.is_fairy()) {
        return Err(TwinFault::Fairy(
            "fairy men on the orthodox board".to_owned(),
        ));
    }
    let stipulation = played_stipulation(spec, stipulation);
    let mut setup = setup_of(spec, &orthodox_board(men));
    setup.turn = stipulation.starter();
    let position = match position_of(&mut setup) {
        Err(PositionError::OppositeCheck(_)) if other_side_starts(spec, stipulation) => {
            // The play cannot start, but the set play or the duplex half, the other side
            // starting, can: the position is built for that side and passed back (help play
            // leaves the play out and says why after those parts, as Popeye does). The pass
            // back drops any e.p. indication.
            setup.turn = !stipulation.starter();
            setup.ep_square = None;
            position_of(&mut setup).map(|legal| legal.after_null())
        }
        other => other,
    };
    let position: Position = position.map_err(|e| match e {
        PositionError::OppositeCheck(_) => TwinFault::OppositeCheck,
        other => TwinFault::Position(other),
    })?;
    let mut problem = Problem::new(position, stipulation);
    problem.options = spec.options.solve.clone();
    Ok(problem)
}

/// The position of `setup` as Popeye takes it: without a king where one is missing, whether
/// or not NoWk/NoBk says so (Popeye only warns), and without an e.p. indication the board does
/// not allow (Popeye ignores it).
fn position_of(setup: &mut Setup) -> Result<Position, PositionError> {
    let kingless = KinglessSides::NONE.with(Color::White).with(Color::Black);
    match setup.into_kingless_position(Validation::Lenient, kingless) {
        Err(PositionError::InvalidEpSquare(_)) => {
            setup.ep_square = None;
            setup.into_kingless_position(Validation::Lenient, kingless)
        }
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::popeye::reader::read;

    #[test]
    fn continued_twins_build_on_the_previous_twin() {
        let file = read(
            "BeginProblem Pieces White Ke1 Qf8 Ra1 Rh1 Se2 Pc6 Pe4 Pf6 Black Ke5 Pe6 Stipulation #3 \
             Twin Remove a1 Twin Move f8 g8 Twin Continued Stipulation #2 EndProblem",
        );
        let twins = twin_problems(&file.problems[0], Language::English);
        let labels: Vec<&str> = twins.iter().filter_map(|t| t.label.as_deref()).collect();
        assert_eq!(labels, ["a) ", "b) -wRa1  ", "c) wQf8-->g8  ", "+d) #2  "]);
        let d = twins[3].problem.as_ref().unwrap();
        assert_eq!(d.stipulation.moves(), 2);
        assert!(
            d.position.piece_at(Square::A1).is_some(),
            "d) continues c), which kept a1"
        );
        assert!(d.position.castling().has(Color::White, Wing::QueenSide));
    }

    #[test]
    fn a_missing_king_is_solved_and_warned_about_unless_the_option_says_so() {
        let file = read(
            "BeginProblem Pieces White Qd1 Black Ka8 Stipulation #2 \
             NextProblem Pieces White Qd1 Black Ka8 Stipulation #2 Option NoWk \
             NextProblem Pieces White Qd1 Black Ka8 Stipulation #2 Option NoBk EndProblem",
        );
        let warned: Vec<bool> = file
            .problems
            .iter()
            .map(|spec| {
                let twins = twin_problems(spec, Language::English);
                let problem = twins[0].problem.as_ref().unwrap();
                assert_eq!(problem.position.king(Color::White), None);
                twins[0].missing_king
            })
            .collect();
        assert_eq!(warned, [true, false, true]);
        // NoWk holds until a twin has the white king, then never again (as in Popeye).
        let file = read(
            "BeginProblem Pieces White Qd1 Black Ka8 Stipulation h#1 Option NoWk \
             Twin Add White Ka1 Twin Continued Remove a1 EndProblem",
        );
        let twins = twin_problems(&file.problems[0], Language::English);
        let warned: Vec<bool> = twins.iter().map(|t| t.missing_king).collect();
        assert_eq!(warned, [false, false, true]);
    }

    #[test]
    fn faults_are_named() {
        let file = read("BeginProblem Pieces White Kc6 Qd8 Black Ka8 Stipulation #2 EndProblem");
        let check = twin_problems(&file.problems[0], Language::English);
        assert_eq!(
            check[0].problem.as_ref().unwrap_err(),
            &TwinFault::OppositeCheck
        );
    }

    #[test]
    fn no_castling_removes_rights() {
        let file = read("BeginProblem Pieces White Ke1 Ra1 Rh1 Black Ke8 Stipulation #2 Option NoCastling h1 EndProblem");
        let twins = twin_problems(&file.problems[0], Language::English);
        let pos = &twins[0].problem.as_ref().unwrap().position;
        assert!(!pos.castling().has(Color::White, Wing::KingSide));
        assert!(pos.castling().has(Color::White, Wing::QueenSide));
    }

    #[test]
    fn fairy_twins_are_built_on_fairy_positions() {
        let file = read(
            "BeginProblem Pieces White Ke1 Gd4 Rh1 Black Ke8 Stipulation #2 \
             Twin Move d4 d5 Twin Continued Remove e8 Twin Add white NHa1 EndProblem",
        );
        let spec = &file.problems[0];
        let twins = fairy_twin_problems(spec, Language::English);
        let labels: Vec<&str> = twins.iter().filter_map(|t| t.label.as_deref()).collect();
        assert_eq!(
            labels,
            ["a) ", "b) wGd4-->d5  ", "+c) -bKe8  ", "d) +wNHa1  "]
        );
        let b = &twins[1].problem.as_ref().unwrap().position;
        assert!(b.man_at("d5".parse().unwrap()).is_some());
        assert!(b.man_at("d4".parse().unwrap()).is_none());
        // Fairy positions need both kings yet.
        assert!(matches!(
            twins[2].problem.as_ref().unwrap_err(),
            TwinFault::Fairy(why) if why == "black has no king"
        ));
        let d = twins[3].problem.as_ref().unwrap();
        assert!(matches!(
            d.position.man_at(Square::A1),
            Some((Color::White, _))
        ));
        assert_eq!(d.position.occupied().count(), 5);
        // The orthodox builder refuses fairy men rather than dropping them.
        assert!(matches!(
            twin_problems(spec, Language::English)[0].problem,
            Err(TwinFault::Fairy(_))
        ));
    }
}
