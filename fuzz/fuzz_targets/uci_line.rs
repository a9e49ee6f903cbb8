//! libFuzzer target `uci_line`: see [`mateproof_fuzz::uci_line`] for what it feeds and checks.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| mateproof_fuzz::uci_line(data));
