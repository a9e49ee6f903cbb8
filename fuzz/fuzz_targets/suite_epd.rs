//! libFuzzer target `suite_epd`: see [`mateproof_fuzz::suite_epd`] for what it feeds and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mateproof_fuzz::suite_epd(data));
