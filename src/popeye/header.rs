//! The text Popeye prints above the solution: the centred author, origin, award and title
//! lines, the diagram, and the stipulation line with the piece counts.
//!
//! Pure formatting of what the reader collected; it never looks at the play.

use super::keywords::{option_name, OptionWord};
use super::reader::ProblemSpec;
use super::twin::Board;
use crate::board::{Color, Square};
use crate::notation::Language;
use crate::problem::{SolveOptions, Stipulation};
use std::fmt::Write;

/// Popeye centres texts on a 36-column line (no indent for longer texts).
const TEXT_WIDTH: usize = 36;
/// The stipulation line ends with the piece counts in column 35.
const CAPTION_WIDTH: usize = 35;

/// `text` centred as Popeye centres header lines.
///
/// ```
/// use mateproof::popeye::header::centred;
/// assert_eq!(centred("Gligor Denkovski"), "          Gligor Denkovski");
/// assert_eq!(centred("STERN 20/82, 13.05.1982"), "       STERN 20/82, 13.05.1982");
/// ```
pub fn centred(text: &str) -> String {
    let pad = (TEXT_WIDTH + 1).saturating_sub(text.len()) / 2;
    format!("{}{text}", " ".repeat(pad))
}

/// The whole header of a problem: empty with `NoBoard`, otherwise an empty line, the centred
/// texts, an empty line, the diagram and the stipulation line.
pub fn header(spec: &ProblemSpec, stipulation: Stipulation, language: Language) -> String {
    if spec.options.no_board {
        return String::new();
    }
    let mut out = String::from("\n");
    let texts = spec
        .authors
        .iter()
        .chain(&spec.origins)
        .chain(&spec.award)
        .chain(&spec.titles);
    for text in texts {
        out.push_str(&centred(text));
        out.push('\n');
    }
    out.push('\n');
    if spec.fairy.is_empty() {
        out.push_str(&diagram(&spec.board, language));
        out.push_str(&stipulation_line(
            &spec.board,
            stipulation,
            &spec.options.solve,
        ));
    } else {
        let cells = fairy_cells(spec, language);
        out.push_str(&diagram_of_cells(&cells));
        let count = |color| cells.iter().flatten().filter(|(c, _)| *c == color).count();
        out.push_str(&counts_line(
            stipulation,
            &spec.options.solve,
            count(Color::White),
            count(Color::Black),
        ));
    }
    out.push_str(&option_lines(spec, language));
    out
}

/// Options Popeye lists below the stipulation line: `CastlingMutuallyExclusive a1h8 …`.
fn option_lines(spec: &ProblemSpec, language: Language) -> String {
    let mut lines = String::new();
    let pairs = &spec.options.exclusive_castlings;
    if !pairs.is_empty() {
        lines.push_str(option_name(language, OptionWord::CastlingMutuallyExclusive));
        for (a, b) in pairs {
            let _ = write!(lines, " {a}{b}");
        }
        lines.push('\n');
    }
    // Help and series play: `Duplex` / `HalfDuplex`, centred.
    let duplex = if spec.options.solve.half_duplex {
        Some(OptionWord::HalfDuplex)
    } else {
        spec.options.solve.duplex.then_some(OptionWord::Duplex)
    };
    if let Some(word) = duplex {
        lines.push_str(&centred(option_name(language, word)));
        lines.push('\n');
    }
    // Listed even where Popeye found it not applicable (its message stands above the board).
    if spec.options.quodlibet {
        lines.push_str(&centred(option_name(language, OptionWord::Quodlibet)));
        lines.push('\n');
    }
    if spec.options.write_grid {
        lines.push_str(&grid());
    }
    lines
}

/// `WriteGrid`'s drawing, after an empty line: each square's cell of the board's grid, Popeye's
/// default one of no grid condition (cells of two files by two ranks, numbered from a1 along
/// the ranks: a1 is 0, c1 is 1, a3 is 4, g7 is 15).
fn grid() -> String {
    const BORDER: &str = "+---a---b---c---d---e---f---g---h---+\n";
    const BLANK: &str = "|                                   |\n";
    let mut out = format!("\n{BORDER}{BLANK}");
    for rank in (0..8u8).rev() {
        let label = char::from(b'1' + rank);
        out.push(label);
        for file in 0..8u8 {
            let cell = file / 2 + 4 * (rank / 2);
            let _ = write!(out, "{cell:>4}");
        }
        let _ = writeln!(out, "   {label}");
        out.push_str(BLANK);
    }
    out.push_str(BORDER);
    out
}

/// Each square's man as Popeye draws it: its colour and its code in `language`, upper case
/// (`K`, `PA`), for a diagram with fairy men.
fn fairy_cells(spec: &ProblemSpec, language: Language) -> Vec<Option<(Color, String)>> {
    let column = super::tokens::language_column(language);
    let mut cells: Vec<Option<(Color, String)>> = spec
        .board
        .iter()
        .map(|piece| piece.map(|p| (p.color, language.letter(p.role).to_string())))
        .collect();
    // (the orthodox men as `diagram` draws them)
    for man in &spec.fairy {
        if let Some(walk) = super::tokens::walk_at(man.walk) {
            let code = walk.codes[column].to_ascii_uppercase();
            cells[man.square.index()] = Some((man.color, code));
        }
    }
    cells
}

/// The diagram of `cells` (indexed by square): each man right-aligned in four columns, a
/// black one after `-` (`   K`, `  PA`, `  -B`, ` -MO`).
fn diagram_of_cells(cells: &[Option<(Color, String)>]) -> String {
    const FRAME: &str = "+---a---b---c---d---e---f---g---h---+\n";
    const SPACER: &str = "|                                   |\n";
    let mut out = String::from(FRAME);
    out.push_str(SPACER);
    for rank in (0..8u8).rev() {
        let digit = char::from(b'1' + rank);
        out.push(digit);
        for file in 0..8u8 {
            let cell = Square::from_coords(file, rank).and_then(|sq| cells[sq.index()].as_ref());
            match cell {
                Some((Color::White, code)) => {
                    let _ = write!(out, "{code:>4}");
                }
                Some((Color::Black, code)) => {
                    let _ = write!(out, "{:>4}", format!("-{code}"));
                }
                None => out.push_str("   ."),
            }
        }
        let _ = writeln!(out, "   {digit}");
        out.push_str(SPACER);
    }
    out.push_str(FRAME);
    out
}

/// The board in Popeye's 37-column frame, rank 8 first.
pub fn diagram(board: &Board, language: Language) -> String {
    let cells: Vec<Option<(Color, String)>> = board
        .iter()
        .map(|piece| piece.map(|p| (p.color, language.letter(p.role).to_string())))
        .collect();
    diagram_of_cells(&cells)
}

/// `#2` plus `/n` for `Threat n` and `/m` for `MaxFlightsquares m`, then `;m,n` for
/// `NonTrivial m n` (Popeye's `WriteOptions`).
pub fn stipulation_text(stipulation: Stipulation, options: &SolveOptions) -> String {
    let mut text = stipulation.to_string();
    match (options.max_threat_length, options.max_flights) {
        (None, None) => {}
        (Some(t), None) => {
            let _ = write!(text, "/{t}");
        }
        (threat, Some(f)) => {
            let _ = write!(
                text,
                "/{}/{f}",
                threat.map_or_else(String::new, |t| t.to_string())
            );
        }
    }
    if let Some((max, min)) = options.nontrivial {
        let _ = write!(text, ";{max},{min}");
    }
    text
}

/// `  #2                          8 + 7`: the stipulation and the White and Black piece counts.
pub fn stipulation_line(board: &Board, stipulation: Stipulation, options: &SolveOptions) -> String {
    let white = board
        .iter()
        .flatten()
        .filter(|p| p.color == Color::White)
        .count();
    let black = board
        .iter()
        .flatten()
        .filter(|p| p.color == Color::Black)
        .count();
    counts_line(stipulation, options, white, black)
}

/// The stipulation line for `white` and `black` men.
fn counts_line(
    stipulation: Stipulation,
    options: &SolveOptions,
    white: usize,
    black: usize,
) -> String {
    let counts = format!("{white} + {black}");
    let stip = stipulation_text(stipulation, options);
    let gap = CAPTION_WIDTH
        .saturating_sub(2 + stip.len() + counts.len())
        .max(1);
    format!("  {stip}{}{counts}\n", " ".repeat(gap))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::popeye::reader::read;

    #[test]
    fn header_of_features_f01() {
        let file = read(
            "BeginProblem\nAuthor Gligor Denkovski\nOrigin 3rd Place, Liga problemista 1986\nPieces\n  \
             White Kh5 Qc8 Rg1 Ba8 Bf2 Sb6 Pd4 Pe2\n  Black Kf4 Qc1 Bd6 Ba2 Sc4 Pd7 Pf5\nStipulation #2\nEndProblem",
        );
        let spec = &file.problems[0];
        let text = header(spec, spec.stipulation.unwrap(), Language::English);
        assert!(text.ends_with("  #2                          8 + 7\n"));
        let Some(expected) =
            crate::reference::shared_text("popeye/features/f01_2mover_keys_only.out")
        else {
            return;
        };
        assert!(expected.starts_with(&text), "{text}");
    }

    #[test]
    fn threat_and_flight_limits_show_in_the_stipulation() {
        let options = SolveOptions {
            max_threat_length: Some(1),
            max_flights: Some(2),
            ..SolveOptions::default()
        };
        assert_eq!(
            stipulation_text(Stipulation::direct_mate(4), &options),
            "#4/1/2"
        );
        let threat_only = SolveOptions {
            max_threat_length: Some(2),
            ..SolveOptions::default()
        };
        assert_eq!(
            stipulation_text(Stipulation::direct_mate(4), &threat_only),
            "#4/2"
        );
    }
}
