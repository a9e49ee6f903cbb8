//! Value parsers shared by the subcommands' options, so every command refuses the same bad
//! values with the same words (`--hash`, `--time`).

/// Largest table `--hash` accepts, in MB: the UCI `Hash` option's maximum. A larger request
/// would abort the process when the allocation failed.
pub const MAX_HASH_MB: usize = 16_384;

pub fn parse_hash_mb(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => Ok(mb),
        _ => Err(format!(
            "expected a whole number of megabytes from 1 to {MAX_HASH_MB}"
        )),
    }
}

/// The `--threads` default of `solve`, `suite` and `compose`: every core the machine offers
/// (one when that cannot be told), so the three commands behave alike.
pub fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// A time limit: positive and finite (a zero, negative or NaN limit used to mean "no limit").
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(secs) if secs.is_finite() && secs > 0.0 && secs <= 1e9 => Ok(secs),
        _ => Err("expected a positive number of seconds".to_owned()),
    }
}
