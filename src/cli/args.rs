//! Value parsers and value enums shared by the subcommands' options, so every command refuses
//! the same bad values with the same words (`--hash`, `--time`) and offers the same choices
//! (`--notation`).

use crate::kernel::SearchControl;
use crate::notation::MoveStyle;
use std::time::Duration;

/// Largest table `--hash` accepts, in MB: the UCI `Hash` option's maximum. A larger request
/// would abort the process when the allocation failed.
pub const MAX_HASH_MB: usize = 16_384;

/// A value an option refuses; the message says what it takes (clap prints it after the option's
/// name and the value given).
#[derive(Clone, Copy, PartialEq, Eq, Debug, thiserror::Error)]
pub enum ValueError {
    #[error("expected a whole number of megabytes from 1 to {MAX_HASH_MB}")]
    HashSize,
    #[error("expected a positive number of seconds")]
    Seconds,
}

/// A table size in MB (`--hash`): a whole number from 1 to [`MAX_HASH_MB`].
pub fn parse_hash_mb(text: &str) -> Result<usize, ValueError> {
    match text.parse::<usize>() {
        Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => Ok(mb),
        _ => Err(ValueError::HashSize),
    }
}

/// The `--threads` default of `solve`, `suite` and `compose`: every core the machine offers
/// (one when that cannot be told), so the three commands behave alike.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// A time limit: positive and finite (a zero, negative or NaN limit used to mean "no limit").
pub fn parse_seconds(text: &str) -> Result<f64, ValueError> {
    match text.parse::<f64>() {
        Ok(secs) if secs.is_finite() && secs > 0.0 && secs <= 1e9 => Ok(secs),
        _ => Err(ValueError::Seconds),
    }
}

/// The control of a command's `--time` (seconds, read by [`parse_seconds`]): a time limit
/// when given, counted from the process start ([`crate::util::clock::limit_start`]), else no
/// limit.
pub fn time_control(time: Option<f64>) -> SearchControl {
    let control = SearchControl::unlimited();
    match time {
        Some(secs) => control.with_time_limit_from(
            crate::util::clock::limit_start(),
            Duration::from_secs_f64(secs),
        ),
        None => control,
    }
}

/// `--notation` of `solve`, `suite`, `score` and `compose`: the command line's names and help
/// for each [`MoveStyle`] (here, so that `notation/` needs no clap).
impl clap::ValueEnum for MoveStyle {
    fn value_variants<'a>() -> &'a [Self] {
        &[
            MoveStyle::Problemist,
            MoveStyle::Popeye,
            MoveStyle::San,
            MoveStyle::Uci,
            MoveStyle::Thesis,
        ]
    }

    fn to_possible_value(&self) -> Option<clap::builder::PossibleValue> {
        let (name, help) = match self {
            MoveStyle::Problemist => (
                "problemist",
                "Short algebraic with move numbers, `!` keys and `?` tries, as problem books print it",
            ),
            MoveStyle::Popeye => (
                "popeye",
                "Popeye's long algebraic form (`Qb5-c4`, `Qc4*d5 #`), with move numbers",
            ),
            MoveStyle::San => ("san", "SAN with check marks, no move numbers"),
            MoveStyle::Uci => ("uci", "UCI squares (`b5c4`), no move numbers"),
            MoveStyle::Thesis => (
                "thesis",
                "The composer thesis' form (`Qb5-c4`, `Qc4:d5`, `pc7-c6`), no move numbers",
            ),
        };
        Some(clap::builder::PossibleValue::new(name).help(help))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_sizes_and_seconds_are_bounded_with_the_same_words() {
        assert_eq!(parse_hash_mb("64"), Ok(64));
        assert_eq!(parse_hash_mb("16384"), Ok(MAX_HASH_MB));
        assert_eq!(parse_hash_mb("0"), Err(ValueError::HashSize));
        assert_eq!(parse_hash_mb("16385"), Err(ValueError::HashSize));
        assert_eq!(
            ValueError::HashSize.to_string(),
            "expected a whole number of megabytes from 1 to 16384"
        );
        assert_eq!(parse_seconds("2.5"), Ok(2.5));
        for refused in ["0", "-1", "NaN", "inf", "1e10", "soon"] {
            assert_eq!(
                parse_seconds(refused),
                Err(ValueError::Seconds),
                "{refused}"
            );
        }
        assert_eq!(
            ValueError::Seconds.to_string(),
            "expected a positive number of seconds"
        );
    }
}
