//! The `impartial` integration tests, one binary: each file below is a module of its own.

mod brute;
mod cgh;
mod oracles;
