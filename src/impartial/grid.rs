//! The value of every subposition written into its cell, as the paper's Figure 3 does: one
//! line per row of the diagram, values right-aligned to a common width so columns line up.
//! Text only; the values come from [`super::grundy::Values`].

use super::grundy::{Play, Values};

/// The diagram with each cell's value under `play`.
///
/// ```
/// use mateproof::impartial::{grid, Moveset, Partition, Play, Values};
/// let king = Moveset::named("king").unwrap();
/// let values = Values::solve(&Partition::parse("3,2").unwrap(), &king);
/// assert_eq!(grid::render(&values, Play::Normal), "2 1 0\n1 0\n");
/// ```
pub fn render(values: &Values, play: Play) -> String {
    let rows = values.grid(play);
    let width = rows
        .iter()
        .flatten()
        .map(|v| v.to_string().len())
        .max()
        .unwrap_or(1);
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row.iter().map(|v| format!("{v:>width$}")).collect();
        out.push_str(&cells.join(" "));
        out.push('\n');
    }
    out
}
