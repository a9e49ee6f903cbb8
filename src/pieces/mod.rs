//! Pieces defined as data (the fairy-pieces issue, digest §3.4(b)): the definition types and
//! the YAML reader. Boards and games compile these definitions into their own move tables;
//! nothing here generates moves. Today the impartial games on Young diagrams
//! ([`crate::impartial`]) are the only user.

pub mod definition;
pub mod yaml;

pub use definition::{
    Component, ComponentKind, Modality, PieceDefinition, PieceError, Symmetry, Vector,
};
pub use yaml::{from_yaml_file, from_yaml_str};
