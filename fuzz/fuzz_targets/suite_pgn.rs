//! libFuzzer target `suite_pgn`: see [`mateproof_fuzz::suite_pgn`] for what it feeds and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mateproof_fuzz::suite_pgn(data));
