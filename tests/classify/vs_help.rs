//! The classifier's helpmate and series presets against the dedicated help/series solver
//! (`crate::help`), on positions of the proven directmate suites: for `h#1.5` (the side to move
//! mates, three half-moves), `h#2` (the other side starts and is mated, four half-moves) and
//! `ser-#2`, the two must agree on whether play of that length exists, on its shortest length,
//! and on the set of first moves that start a solution (short solutions included, as the help
//! solver lists them unless `exact-`).

use mateproof::board::{Position, Validation};
use mateproof::classify::{LineQuestion, LineSearch, LineTable};
use mateproof::help::{self, Part};
use mateproof::kernel::SearchControl;
use mateproof::problem::{Problem, Stipulation};
use std::collections::BTreeSet;

/// Positions taken from each suite.
const PER_SUITE: usize = 20;

fn positions() -> Option<Vec<Position>> {
    let mut found = Vec::new();
    for suite in ["suites/dm2.epd", "suites/dm3.epd"] {
        let text = mateproof::reference::shared_text(suite)?;
        for line in text.lines().take(PER_SUITE) {
            let fen: Vec<&str> = line.split_whitespace().take(4).collect();
            let fen = format!("{} 0 1", fen.join(" "));
            found.push(Position::from_fen(&fen, Validation::Lenient).expect("suite FEN"));
        }
    }
    Some(found)
}

/// The help solver's lines for `stip` at `pos`: the shortest length in half-moves (passes of
/// series play not counted) and the first moves of every line.
fn help_lines(pos: &Position, stip: &str) -> (Option<u32>, BTreeSet<String>) {
    let stipulation: Stipulation = stip.parse().expect("stipulation");
    let problem = Problem::new(*pos, stipulation);
    let solution =
        help::solve(&problem, Part::Play, None, &SearchControl::unlimited()).expect("solved");
    assert!(
        solution.complete,
        "{stip}: the help search was not complete"
    );
    let shortest = solution
        .lines
        .iter()
        .map(|l| l.moves.iter().filter(|m| !m.is_null()).count() as u32)
        .min();
    let first = solution
        .lines
        .iter()
        .map(|l| l.moves[0].to_string())
        .collect();
    (shortest, first)
}

/// The classifier's answer to `question` at `pos` within `plies`: the shortest number of
/// plies (x's plies only in series play, where the opponent passes) and the successful moves.
fn classified(
    pos: &Position,
    question: LineQuestion,
    plies: u32,
) -> (Option<u32>, BTreeSet<String>) {
    let control = SearchControl::unlimited();
    let mut table = LineTable::for_question(16, question);
    let mut search = LineSearch::new(&mut table, &control);
    let shortest = search.shortest(pos, plies).expect("not stopped");
    let first = search
        .successful_moves(pos, plies)
        .expect("not stopped")
        .into_iter()
        .map(|m| m.to_string())
        .collect();
    (shortest, first)
}

#[test]
fn helpmate_and_series_presets_agree_with_the_help_solver() {
    let Some(positions) = positions() else {
        return;
    };
    let (mut compared, mut with_solutions) = (0, 0);
    for pos in &positions {
        let x = pos.turn();
        // h#1.5: the side to move mates in its second move, the other side helping.
        let help = help_lines(pos, "h#1.5");
        let class = classified(pos, LineQuestion::help_win(x), 3);
        assert_eq!(
            class,
            help,
            "h#1.5 at {}",
            mateproof::board::fen::to_fen(pos)
        );
        with_solutions += usize::from(help.0.is_some());
        // h#2: the other side starts and is mated (a pass first gives it the move).
        if !pos.is_check() {
            let other = pos.after_null();
            let help = help_lines(&other, "h#2");
            let class = classified(&other, LineQuestion::help_mate(!x), 4);
            assert_eq!(
                class,
                help,
                "h#2 at {}",
                mateproof::board::fen::to_fen(&other)
            );
            with_solutions += usize::from(help.0.is_some());
        }
        // ser-#2: two moves in a row, the last mating.
        let help = help_lines(pos, "ser-#2");
        let class = classified(pos, LineQuestion::series_mate(x), 2);
        assert_eq!(
            class,
            help,
            "ser-#2 at {}",
            mateproof::board::fen::to_fen(pos)
        );
        with_solutions += usize::from(help.0.is_some());
        compared += 1;
    }
    assert_eq!(compared, positions.len());
    assert!(
        with_solutions > positions.len(),
        "{with_solutions} problems with solutions"
    );
}
