//! Replays a transcript's moves on the board and builds the [`Solution`] they describe, so
//! that Popeye's own output can be fed to Mateproof's writer (a writer test that needs no
//! solver) or compared with the solver's tree move by move.
//!
//! It reads moves with the notation module's Popeye reader; it never searches.

use super::transcript::{AttackLine, DefenceLine, End, Mark, ThreatText, TwinText, Verdict};
use crate::board::Position;
use crate::notation::{parse_popeye, Language, ParseMoveError};
use crate::solution::{AttackNode, DefenceNode, DefenderPlay, SearchStats, Solution, Threat};

/// A move of the transcript that is not legal where it stands.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("{path}: {source}")]
pub struct ReplayError {
    /// The moves leading to it.
    pub path: String,
    pub source: ParseMoveError,
}

/// The solution a twin's transcript describes, starting from `position` (White to move).
/// `end` tells whether the play was cut short (`Partial solution`).
pub fn twin_solution(
    twin: &TwinText,
    position: &Position,
    language: Language,
    end: End,
) -> Result<Solution, ReplayError> {
    let replay = Replay { language };
    let mut first_moves = Vec::new();
    let mut forced_goal = Vec::new();
    for line in &twin.first_moves {
        if line.verdict == Verdict::ForcedGoal {
            forced_goal.push(replay.parse(position, &line.mv, "")?);
        } else {
            first_moves.push(replay.attack(position, line, "")?);
        }
    }
    let set_play = if let Some(post) = &twin.post_key {
        let black_first = position.after_null();
        Some(DefenderPlay {
            threat: replay.threat(&black_first.after_null(), &post.threat, "")?,
            defences: replay.defences(&black_first, &post.defences, "")?,
        })
    } else if !twin.set_play.is_empty() {
        Some(DefenderPlay {
            threat: Threat::NotShown,
            defences: replay.defences(&position.after_null(), &twin.set_play, "")?,
        })
    } else {
        None
    };
    Ok(Solution {
        position: *position,
        first_moves,
        set_play,
        forced_goal,
        complete: end != End::Partial,
        max_solutions_reached: end == End::Partial,
        tree_cut: false,
        stats: SearchStats::default(),
    })
}

struct Replay {
    language: Language,
}

impl Replay {
    fn parse(
        &self,
        pos: &Position,
        text: &str,
        path: &str,
    ) -> Result<crate::board::Move, ReplayError> {
        parse_popeye(pos, text, self.language).map_err(|source| ReplayError {
            path: format!("{path} {text}").trim().to_owned(),
            source,
        })
    }

    fn attack(
        &self,
        pos: &Position,
        line: &AttackLine,
        path: &str,
    ) -> Result<AttackNode, ReplayError> {
        let mv = self.parse(pos, &line.mv, path)?;
        let here = format!("{path} {}.{}", line.number, line.mv);
        let after = pos.after(mv);
        let threat = self.threat(&after.after_null(), &line.threat, &here)?;
        let defences = self.defences(&after, &line.defences, &here)?;
        let mut refutations = Vec::new();
        if line.verdict == Verdict::Try {
            for r in &line.refutations {
                refutations.push(self.parse(&after, &r.mv, &here)?);
            }
        }
        let length = length_of(line);
        Ok(AttackNode {
            mv,
            length,
            threat,
            defences,
            refutations,
        })
    }

    fn threat(
        &self,
        passed: &Position,
        threat: &ThreatText,
        path: &str,
    ) -> Result<Threat, ReplayError> {
        Ok(match threat {
            ThreatText::NotShown => Threat::NotShown,
            ThreatText::Zugzwang => Threat::Zugzwang,
            ThreatText::Threats(lines) => {
                let mut nodes = Vec::new();
                for line in lines {
                    nodes.push(self.attack(passed, line, &format!("{path} threat"))?);
                }
                Threat::Threats(nodes)
            }
        })
    }

    fn defences(
        &self,
        pos: &Position,
        lines: &[DefenceLine],
        path: &str,
    ) -> Result<Vec<DefenceNode>, ReplayError> {
        let mut nodes = Vec::new();
        for line in lines {
            let mv = self.parse(pos, &line.mv, path)?;
            let here = format!("{path} {}...{}", line.number, line.mv);
            let after = pos.after(mv);
            let mut continuations = Vec::new();
            for c in &line.continuations {
                continuations.push(self.attack(&after, c, &here)?);
            }
            nodes.push(DefenceNode { mv, continuations });
        }
        Ok(nodes)
    }
}

/// Moves White needs from this line on: 1 for a mate (stalemate), else one more than the longest
/// continuation below it (at least 2).
fn length_of(line: &AttackLine) -> u32 {
    if matches!(line.mark, Mark::Mate | Mark::Stalemate) {
        return 1;
    }
    let below = line
        .defences
        .iter()
        .flat_map(|d| d.continuations.iter().map(length_of))
        .chain(match &line.threat {
            ThreatText::Threats(t) => t.iter().map(length_of).collect::<Vec<_>>(),
            _ => Vec::new(),
        })
        .max()
        .unwrap_or(1);
    below + 1
}
