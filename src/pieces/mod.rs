//! Pieces defined as data (the fairy-pieces issue, digest §3.4(b)): the definition types, the
//! three ways in (YAML, Betza notation, Popeye's catalogue of walks by code and name), the
//! guard against clashes with Popeye's names, and the empty-board movement graph. Boards and
//! games compile these definitions into their own move tables ([`crate::fairy`],
//! [`crate::impartial`]); nothing here generates moves on a position.

pub mod betza;
pub mod catalogue;
pub mod definition;
pub mod graph;
pub mod popeye_walks;
pub mod yaml;

pub use definition::{
    Component, ComponentKind, Landing, Modality, PieceDefinition, PieceError, Symmetry, Vector, Via,
};
pub use yaml::{from_yaml_file, from_yaml_str};
