//! libFuzzer target `moves`: see [`mateproof_fuzz::moves`] for what it feeds and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mateproof_fuzz::moves(data));
