//! The composer: Fainshtein's quality function for directmate problems and his Chess Composer,
//! which improves a problem by adding, deleting and shifting pieces while it stays sound.
//!
//! Data flows one way through it: a position and its key → the play after the key ([`play`])
//! → themes ([`themes`]) → a priced [`breakdown`] ([`score`], or [`kmove`] for longer
//! problems) → text, JSON or UCI lines ([`report`]). The improver walks transformations
//! ([`transform`]) in the thesis' canonical order ([`enumerate`]) by iterative deepening
//! ([`search`]) on worker threads ([`stream`]); the `score` and `compose` subcommands are
//! `crate::cli::composer`. Soundness ([`soundness`]) asks the solver's prover: the composer never
//! searches for mates itself, and no code here prints.

pub mod breakdown;
pub mod enumerate;
pub mod kmove;
pub mod play;
pub mod report;
pub mod score;
pub mod search;
pub mod settings;
pub mod soundness;
pub mod stream;
pub mod themes;
pub mod transform;

pub use breakdown::{Bonus, Penalty, Priced, QualityScore, ThemeLine, VariantLine};
pub use score::{evaluate, queen_path_distance};
pub use settings::{piece_value, ScoreSettings, SelfPinRule, ThemeCount};
pub use soundness::Unsound;
pub use themes::Theme;
