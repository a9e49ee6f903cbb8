//! libFuzzer target `popeye_input`: see [`mateproof_fuzz::popeye_input`] for what it feeds and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mateproof_fuzz::popeye_input(data));
