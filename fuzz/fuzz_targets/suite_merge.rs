//! libFuzzer target `suite_merge`: see [`mateproof_fuzz::suite_merge`] for what it feeds and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mateproof_fuzz::suite_merge(data));
