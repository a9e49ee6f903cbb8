//! Our own reader of `go` lines. vampirc-uci 0.11.1 cannot be trusted with them: it panics on a
//! trailing space and on numbers beyond `u8` (`go depth 256`, `go mate 300`,
//! `go movestogo 300`), silently cuts `nodes` to 12 digits, and ignores whatever it does not
//! understand (`go mate 3 perft 5` reads as `go mate 3`). Here every token is accounted for,
//! every number is range-checked, and anything else is an error naming the token.

use super::command::{Command, GoParams};
use super::error::{number, UciError};
use std::time::Duration;

/// Deepest `go depth` accepted (the game search itself stops at [`crate::search::MAX_DEPTH`]).
pub const MAX_GO_DEPTH: u64 = 255;
/// Longest mate `go mate` accepts: the engine's [`crate::engine::MAX_MATE`].
pub const MAX_MATE: u64 = crate::engine::MAX_MATE as u64;
/// Deepest `go perft` accepted; deeper counts overflow 64 bits in busy positions.
pub const MAX_PERFT: u64 = 15;
/// Largest `movestogo` accepted.
const MAX_MOVES_TO_GO: u64 = 10_000;
/// Largest time in milliseconds (about 292 million years; it only guards the arithmetic).
const MAX_MILLIS: u64 = i64::MAX as u64;

const KEYWORDS: [&str; 13] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
];

/// Parses the tokens after `go` (already split on whitespace).
///
/// ```
/// use mateproof::uci::{parse_go, Command};
/// assert_eq!(parse_go(&["perft", "3"]), Ok(Command::Perft(3)));
/// assert!(parse_go(&["depth", "256"]).is_err());
/// assert!(parse_go(&["mate", "3", "perft", "5"]).is_err());
/// ```
pub fn parse_go(args: &[&str]) -> Result<Command, UciError> {
    if args
        .first()
        .is_some_and(|a| a.eq_ignore_ascii_case("classify"))
    {
        return super::classify::parse_go_classify(&args[1..]);
    }
    if args
        .first()
        .is_some_and(|a| a.eq_ignore_ascii_case("perft"))
    {
        return match args {
            [_, depth] => Ok(Command::Perft(
                number("go perft", depth, 1, MAX_PERFT)? as u32
            )),
            [_] => Err(UciError::Syntax {
                command: "go perft",
                reason: "expected a depth, as in 'go perft 5'".into(),
            }),
            [_, _, extra, ..] => Err(UciError::TrailingInput {
                command: "go perft N",
                found: (*extra).to_owned(),
            }),
            [] => Err(UciError::Syntax {
                command: "go perft",
                reason: "expected a depth".into(),
            }),
        };
    }
    let mut p = GoParams::default();
    let mut seen: Vec<&'static str> = Vec::new();
    let mut rest = args;
    while let Some((&token, tail)) = rest.split_first() {
        let lower = token.to_ascii_lowercase();
        let Some(&keyword) = KEYWORDS.iter().find(|k| **k == lower) else {
            return Err(UciError::UnknownGoParameter(token.to_owned()));
        };
        if seen.contains(&keyword) {
            return Err(UciError::DuplicateGoParameter(keyword));
        }
        seen.push(keyword);
        rest = tail;
        match keyword {
            "infinite" => p.infinite = true,
            "ponder" => p.ponder = true,
            "searchmoves" => {
                let count = rest.iter().take_while(|t| !is_keyword(t)).count();
                if count == 0 {
                    return Err(UciError::Syntax {
                        command: "go searchmoves",
                        reason: "expected at least one move".into(),
                    });
                }
                p.searchmoves = rest[..count].iter().map(|s| (*s).to_owned()).collect();
                rest = &rest[count..];
            }
            "perft" => {
                return Err(UciError::Syntax {
                    command: "go",
                    reason: "perft cannot be combined with other parameters; use 'go perft N'"
                        .into(),
                })
            }
            _ => {
                let Some((&value, tail)) = rest.split_first() else {
                    return Err(UciError::Syntax {
                        command: "go",
                        reason: format!("'{keyword}' needs a value"),
                    });
                };
                rest = tail;
                set_value(&mut p, keyword, value)?;
            }
        }
    }
    Ok(Command::Go(p))
}

fn is_keyword(token: &str) -> bool {
    KEYWORDS.iter().any(|k| k.eq_ignore_ascii_case(token))
}

fn set_value(p: &mut GoParams, keyword: &'static str, value: &str) -> Result<(), UciError> {
    match keyword {
        "wtime" => p.wtime = Some(clock_time(keyword, value)?),
        "btime" => p.btime = Some(clock_time(keyword, value)?),
        "winc" => p.winc = Some(clock_time(keyword, value)?),
        "binc" => p.binc = Some(clock_time(keyword, value)?),
        "movetime" => {
            p.movetime = Some(Duration::from_millis(number(
                "go movetime",
                value,
                0,
                MAX_MILLIS,
            )?))
        }
        "movestogo" => {
            p.movestogo = Some(number("go movestogo", value, 1, MAX_MOVES_TO_GO)? as u32)
        }
        "depth" => p.depth = Some(number("go depth", value, 1, MAX_GO_DEPTH)? as u32),
        "nodes" => p.nodes = Some(number("go nodes", value, 1, u64::MAX)?),
        "mate" => p.mate = Some(number("go mate", value, 1, MAX_MATE)? as u32),
        _ => return Err(UciError::UnknownGoParameter(keyword.to_owned())),
    }
    Ok(())
}

/// A clock reading in milliseconds. Negative values (a fallen flag, or a GUI's lag
/// compensation) count as zero rather than as an error: the engine must still move.
fn clock_time(keyword: &'static str, value: &str) -> Result<Duration, UciError> {
    let what = match keyword {
        "wtime" => "go wtime",
        "btime" => "go btime",
        "winc" => "go winc",
        _ => "go binc",
    };
    let bad = || UciError::Syntax {
        command: what,
        reason: format!("expected milliseconds, found '{value}'"),
    };
    let ms: i64 = value
        .strip_prefix('+')
        .unwrap_or(value)
        .parse()
        .map_err(|_| bad())?;
    Ok(Duration::from_millis(ms.max(0) as u64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> Result<GoParams, UciError> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        match parse_go(&tokens)? {
            Command::Go(p) => Ok(p),
            other => panic!("not a go: {other:?}"),
        }
    }

    #[test]
    fn every_parameter_is_read() {
        let p = go("wtime 300000 btime -50 winc 2000 binc +1000 movestogo 40 depth 12 nodes 123456789012345 \
                    movetime 500 infinite ponder searchmoves e2e4 d2d4 mate 7")
            .unwrap();
        assert_eq!(p.wtime, Some(Duration::from_secs(300)));
        assert_eq!(
            p.btime,
            Some(Duration::ZERO),
            "negative clock counts as zero"
        );
        assert_eq!(
            (p.winc, p.binc),
            (Some(Duration::from_secs(2)), Some(Duration::from_secs(1)))
        );
        assert_eq!(
            (p.movestogo, p.depth, p.mate),
            (Some(40), Some(12), Some(7))
        );
        assert_eq!(p.nodes, Some(123_456_789_012_345), "all 15 digits, not 12");
        assert_eq!(p.movetime, Some(Duration::from_millis(500)));
        assert!(p.infinite && p.ponder);
        assert_eq!(p.searchmoves, ["e2e4", "d2d4"]);
        assert_eq!(go("").unwrap(), GoParams::default());
    }

    #[test]
    fn vampirc_faults_are_errors_not_panics() {
        for (line, what) in [
            ("depth 256", "go depth"),
            ("depth 0", "go depth"),
            ("mate 300", "go mate"),
            ("mate 0", "go mate"),
            ("movestogo 300000", "go movestogo"),
            ("nodes 99999999999999999999999", "go nodes"),
            ("movetime -5", "go movetime"),
            ("depth x", "go depth"),
            ("depth 5x", "go depth"),
        ] {
            assert!(
                matches!(go(line), Err(UciError::OutOfRange { what: w, .. }) if w == what),
                "{line}"
            );
        }
        assert_eq!(
            go("mate 3 perft 5").unwrap_err().to_string(),
            "go: perft cannot be combined with other parameters; use 'go perft N'"
        );
        assert_eq!(
            go("depth 3 banana").unwrap_err(),
            UciError::UnknownGoParameter("banana".into())
        );
        assert_eq!(
            go("depth 3 depth 4").unwrap_err(),
            UciError::DuplicateGoParameter("depth")
        );
        assert!(matches!(go("depth"), Err(UciError::Syntax { .. })));
        assert!(matches!(go("searchmoves"), Err(UciError::Syntax { .. })));
        assert!(matches!(
            go("searchmoves depth 3"),
            Err(UciError::Syntax { .. })
        ));
    }

    #[test]
    fn perft_takes_exactly_one_depth() {
        let perft = |line: &str| parse_go(&line.split_whitespace().collect::<Vec<_>>());
        assert_eq!(perft("perft 5"), Ok(Command::Perft(5)));
        assert!(matches!(perft("perft"), Err(UciError::Syntax { .. })));
        assert!(matches!(perft("perft 0"), Err(UciError::OutOfRange { .. })));
        assert!(matches!(
            perft("perft 16"),
            Err(UciError::OutOfRange { .. })
        ));
        assert!(matches!(
            perft("perft 3 depth 2"),
            Err(UciError::TrailingInput { .. })
        ));
    }
}
