//! Popeye's rule for which defences are shown as variations (a presentation choice the solver
//! takes from its caller, [`crate::solver::ShownDefences`]): with a threat, a defence is shown
//! when the attacker then needs longer than the threat, or as long and at least one threat
//! move no longer works; shorter ones are not shown. Without a threat (zugzwang, a checking
//! key, `NoThreat`) every defence that does not refute is shown. `NoShortVariations` also
//! hides every defence after which the attacker needs fewer moves than are left.

use crate::solver::{DefenceFacts, Presentation};

/// Popeye's choice of variations.
pub fn shown_defences(facts: &DefenceFacts, defeats_threat: &mut dyn FnMut() -> bool) -> bool {
    let shown = match facts.threat_length {
        None => true,
        Some(t) => facts.length > t || (facts.length == t && defeats_threat()),
    };
    shown && !(facts.no_short_variations && facts.length < facts.budget)
}

/// Popeye's presentation: its listing order ([`super::order::sort_first_moves`]), its
/// variations ([`shown_defences`]) and its order of help lines
/// ([`super::line_text::popeye_line_order`]).
pub const PRESENTATION: Presentation = Presentation {
    first_moves: super::order::sort_first_moves,
    shown_defences,
    help_lines: super::line_text::popeye_line_order,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(length: u32, threat_length: Option<u32>) -> DefenceFacts {
        DefenceFacts {
            length,
            threat_length,
            budget: 3,
            no_short_variations: false,
        }
    }

    #[test]
    fn popeye_shows_longer_and_threat_defeating_defences() {
        let (mut yes, mut no) = (|| true, || false);
        assert!(shown_defences(&facts(2, None), &mut no));
        assert!(shown_defences(&facts(3, Some(2)), &mut no));
        assert!(shown_defences(&facts(2, Some(2)), &mut yes));
        assert!(!shown_defences(&facts(2, Some(2)), &mut no));
        assert!(!shown_defences(&facts(1, Some(2)), &mut yes));
        let short = DefenceFacts {
            no_short_variations: true,
            ..facts(2, None)
        };
        assert!(!shown_defences(&short, &mut yes));
    }
}
