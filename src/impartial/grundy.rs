//! Sprague–Grundy values of an impartial chess game, normal and misère, for every cell at once.
//!
//! The position with the piece on cell (i, j) of λ is the game on the subpartition λ_(i,j),
//! and its options are the cells the moveset reaches from there (identity (1) of the paper:
//! (λ_(i,j))_(a,b) = λ_(i+a, j+b)). So one pass over the cells from the last row up and from
//! the right end of each row leftwards sees every option before its position: the whole table
//! of subposition values costs one mex per cell. Mex uses a bitset as wide as the number of
//! options (a mex never exceeds it).
//!
//! Normal play: a terminal position (no move) has value 0. Misère: the same recursion with
//! terminal positions valued 1 (digest §2.1, "Misère Grundy"). A position is a 𝒫-position
//! when its value is 0 under the rule played. This module computes; it never prints.

use super::moveset::Moveset;
use super::partition::Partition;

/// Which player wins at a terminal position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// The player who cannot move loses.
    Normal,
    /// The player who cannot move wins.
    Misere,
}

/// The values of every subposition of one game.
#[derive(Clone, Debug)]
pub struct Values {
    partition: Partition,
    moveset: Moveset,
    normal: Vec<u32>,
    misere: Vec<u32>,
    terminal: Vec<bool>,
}

impl Values {
    /// Solves the game `moveset` on `partition`.
    ///
    /// ```
    /// use mateproof::impartial::{Moveset, Partition, Values};
    /// let king = Moveset::named("king").unwrap();
    /// let values = Values::solve(&Partition::parse("3,3,3").unwrap(), &king);
    /// assert_eq!((values.grundy(), values.misere()), (0, 0));
    /// ```
    pub fn solve(partition: &Partition, moveset: &Moveset) -> Values {
        Self::solve_within(partition, moveset, &|| false)
            .unwrap_or_else(|| unreachable!("a search that never stops ended early"))
    }

    /// [`Values::solve`], asking `stop` now and then (every few dozen cells: a rider on a
    /// long row visits the whole row from each cell, so 100,000 cells in one row take
    /// minutes); `None` when it said stop first.
    pub fn solve_within(
        partition: &Partition,
        moveset: &Moveset,
        stop: &dyn Fn() -> bool,
    ) -> Option<Values> {
        let cells = partition.cells();
        let mut values = Values {
            partition: partition.clone(),
            moveset: moveset.clone(),
            normal: vec![0; cells],
            misere: vec![0; cells],
            terminal: vec![false; cells],
        };
        let mut normal_options = Vec::new();
        let mut misere_options = Vec::new();
        let mut bits = Vec::new();
        let mut done = 0u32;
        for i in (0..partition.rows()).rev() {
            for j in (0..partition.row_len(i) as usize).rev() {
                done = done.wrapping_add(1);
                if done.is_multiple_of(64) && stop() {
                    return None;
                }
                normal_options.clear();
                misere_options.clear();
                values.for_each_option(i, j, |target| {
                    normal_options.push(values.normal[target]);
                    misere_options.push(values.misere[target]);
                });
                let at = partition.index(i, j);
                if normal_options.is_empty() {
                    values.terminal[at] = true;
                    values.misere[at] = 1;
                } else {
                    values.normal[at] = mex(&normal_options, &mut bits);
                    values.misere[at] = mex(&misere_options, &mut bits);
                }
            }
        }
        Some(values)
    }

    /// Calls `visit` with the table index of every option of cell (i, j), repeats included.
    fn for_each_option(&self, i: usize, j: usize, mut visit: impl FnMut(usize)) {
        let p = &self.partition;
        self.moveset.for_each_move(
            |k| u64::from(p.row_len(i + k)).saturating_sub(j as u64),
            |a, b| visit(p.index(i + a, j + b)),
        );
    }

    /// The partition played on.
    pub fn partition(&self) -> &Partition {
        &self.partition
    }

    /// The moveset played with.
    pub fn moveset(&self) -> &Moveset {
        &self.moveset
    }

    /// G(λ), the normal-play value of the whole game.
    pub fn grundy(&self) -> u32 {
        self.normal[0]
    }

    /// G⁻(λ), the misère value of the whole game.
    pub fn misere(&self) -> u32 {
        self.misere[0]
    }

    /// The value of the subposition on cell (i, j) (which must exist) under `play`.
    pub fn at(&self, i: usize, j: usize, play: Play) -> u32 {
        let at = self.partition.index(i, j);
        match play {
            Play::Normal => self.normal[at],
            Play::Misere => self.misere[at],
        }
    }

    /// Whether the piece on cell (i, j) has no move.
    pub fn is_terminal(&self, i: usize, j: usize) -> bool {
        self.terminal[self.partition.index(i, j)]
    }

    /// Every cell the piece on (i, j) can move to, each once, as (row, column), in row-major
    /// order.
    pub fn moves_from(&self, i: usize, j: usize) -> Vec<(usize, usize)> {
        let p = &self.partition;
        let mut targets = Vec::new();
        self.moveset.for_each_move(
            |k| u64::from(p.row_len(i + k)).saturating_sub(j as u64),
            |a, b| targets.push((i + a, j + b)),
        );
        targets.sort_unstable();
        targets.dedup();
        targets
    }

    /// The first moves [down, right] that reach a position of value 0 under `play`: the
    /// winning moves (none when the game is a 𝒫-position).
    pub fn winning_moves(&self, play: Play) -> Vec<(usize, usize)> {
        self.moves_to_value(0, play)
    }

    /// The first moves [down, right] that reach a position of value `value` under `play`.
    pub fn moves_to_value(&self, value: u32, play: Play) -> Vec<(usize, usize)> {
        self.moves_from(0, 0)
            .into_iter()
            .filter(|&(a, b)| self.at(a, b, play) == value)
            .collect()
    }

    /// The value of every cell, row by row, as the paper's Figure 3 writes them.
    pub fn grid(&self, play: Play) -> Vec<Vec<u32>> {
        (0..self.partition.rows())
            .map(|i| {
                (0..self.partition.row_len(i) as usize)
                    .map(|j| self.at(i, j, play))
                    .collect()
            })
            .collect()
    }
}

/// The least value not among `values`; `bits` is scratch space.
fn mex(values: &[u32], bits: &mut Vec<u64>) -> u32 {
    // The mex of n values is at most n, so n + 1 bits decide it.
    let width = values.len() + 1;
    bits.clear();
    bits.resize(width.div_ceil(64), 0);
    for &v in values {
        let v = v as usize;
        if v < width {
            bits[v / 64] |= 1 << (v % 64);
        }
    }
    let mut mex = 0;
    for &word in bits.iter() {
        if word != u64::MAX {
            return (mex + word.trailing_ones() as usize) as u32;
        }
        mex += 64;
    }
    mex as u32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mex_of_small_sets() {
        let mut bits = Vec::new();
        assert_eq!(mex(&[], &mut bits), 0);
        assert_eq!(mex(&[1, 2], &mut bits), 0);
        assert_eq!(mex(&[0, 2, 0], &mut bits), 1);
        let many: Vec<u32> = (0..200).collect();
        assert_eq!(mex(&many, &mut bits), 200);
        let gap: Vec<u32> = (0..200).filter(|&v| v != 130).collect();
        assert_eq!(mex(&gap, &mut bits), 130);
    }

    #[test]
    fn the_papers_conway_pair_for_king_on_5_3_2_2() {
        let v = Values::solve(
            &Partition::parse("5,3,2,2").unwrap(),
            &Moveset::named("king").unwrap(),
        );
        assert_eq!((v.grundy(), v.misere()), (3, 3));
        // The corner (3,1) is terminal: 0 in normal play, 1 in misère play.
        assert!(v.is_terminal(3, 1));
        assert_eq!(v.at(3, 1, Play::Normal), 0);
        assert_eq!(v.at(3, 1, Play::Misere), 1);
        assert_eq!(v.moves_from(0, 0), vec![(0, 1), (1, 0), (1, 1)]);
    }
}
