//! The `house` integration tests, one binary: each file below is a module of its own.

mod architecture_homes;
mod circles;
mod layering;
mod memory_bounds;
mod test_layout;
