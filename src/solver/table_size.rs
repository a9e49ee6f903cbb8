//! How big a fresh table is: the transposition table a problem gets by default, sized by its
//! stipulation's length (measured, see each function), and the df-pn working table beside a
//! table of a given size. Only sizes: the tables themselves are `tt` and `dfpn_table`.

use super::question::Question;
use super::tt::{TableSize, TranspositionTable, GROWING_START_BYTES};
use crate::problem::Problem;
use crate::rules::RuleMove;

/// Most working-table entries of a df-pn search (see [`dfpn_entries`]).
const DFPN_TABLE_ENTRIES: usize = 1 << 20;

/// A short problem's table (see [`default_table_bytes`]): 1024 entries of 16 bytes.
const SMALL_TABLE_BYTES: usize = 32 * 1024;
/// Working-table entries for a df-pn search over `tt`: at most [`DFPN_TABLE_ENTRIES`], and
/// never more than one per 64 bytes of the table. A working entry takes 16 bytes, so df-pn
/// adds at most a quarter of the table to the memory in use: a UCI engine with `Hash 64`
/// stays near 64 MB.
pub(super) fn dfpn_entries<Q: Question, M: RuleMove>(tt: &TranspositionTable<Q, M>) -> usize {
    (tt.size_bytes() / 64).clamp(1 << 12, DFPN_TABLE_ENTRIES)
}

/// A fresh table of [`default_table_size`] for `problem`.
pub fn default_table<P, Q: Question, M: RuleMove>(
    problem: &Problem<P>,
    question: Q,
) -> TranspositionTable<Q, M> {
    TranspositionTable::sized(default_table_size(problem), question)
}

/// The directmate table measured for `problem`: [`default_table_bytes`], all in use, except a
/// #3's, which grows from 64 KB (see [`TranspositionTable::growing_bytes`]): most need a few
/// thousand entries, for which zeroing the 2 MB huge page was a sixth of the run, and one that
/// needs more gets it. Whole-process CPU in the same run, medians: T03 of the timing problems
/// keys only 1.39 -> 1.11 ms, T04 1.62 -> 1.35 ms; all 513 of dm3 keys-only median 1.39 ->
/// 1.04 ms, sum 0.73 -> 0.56 s, the same keys. From #4 on the searches are long enough that
/// huge pages pay (fewer TLB misses), all in use from the start. Under a user's ceiling the
/// table starts as this one does ([`TableSize::under_ceiling`]).
pub fn default_table_size<P>(problem: &Problem<P>) -> TableSize {
    let bytes = default_table_bytes(problem);
    if problem.stipulation.moves() == 3 {
        TableSize::Ceiling {
            start: GROWING_START_BYTES,
            max: bytes,
        }
    } else {
        TableSize::Fixed(bytes)
    }
}

/// A table size that suits the stipulation: large enough for the search, small enough that a
/// short problem does not pay for zeroing memory it never uses (huge pages are zeroed whole:
/// with 64 MB a median dm5 position spent 40 % of its time in the kernel clearing pages). The
/// sizes of #4 and #5 are measured: 8 and 16 MB solve the first 60 of dm4 and dm5 keys-only
/// with 10-15 % less CPU in median and in sum than 32 and 64 MB, and T08 (#5) as fast. For
/// #6, 32 MB solves T09 and T10 6-9 % faster than 128 MB (less zeroing, fewer cache and TLB
/// misses), in every mode; 16 and 64 MB are no better. A #3 gets 4 MB, whose 2 MB of words are
/// one huge page to zero rather than two: the first 60 of dm3 keys-only 6 % less CPU in sum
/// and median than with 8 MB, T03 and T04 of the timing problems 3-7 % in every mode.
pub fn default_hash_mb<P>(problem: &Problem<P>) -> usize {
    match problem.stipulation.moves() {
        0..=2 => 2,
        3 => 4,
        4 => 8,
        5 => 16,
        6 => 32,
        _ => 128,
    }
}

/// Bytes of a fresh directmate table for `problem` ([`default_hash_mb`] megabytes from #3 on).
///
/// Up to #2 the table holds at most one entry per first move: the position after it, with
/// one attacker move left (mates in one are recomputed, never stored, and the tree of play
/// only asks mate-in-one questions after that). [`SMALL_TABLE_BYTES`] hold four times the
/// most first moves a position can have, in four pages; in a table of megabytes each entry
/// faults in a fresh zeroed page of its own (T01 and T02 of the timing problems, 1 and 1.3 ms
/// keys only, spent a tenth of their CPU time on that).
pub fn default_table_bytes<P>(problem: &Problem<P>) -> usize {
    if problem.stipulation.moves() <= 2 {
        SMALL_TABLE_BYTES
    } else {
        default_hash_mb(problem) << 20
    }
}
