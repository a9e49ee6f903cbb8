//! libFuzzer target `make_unmake`: see [`mateproof_fuzz::make_unmake`] for what it feeds and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mateproof_fuzz::make_unmake(data));
