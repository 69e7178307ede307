//! The `feedlint.toml` parser and validator (gates, rule selection, severity overrides).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = feedlint::config::parse(text, "fuzz.toml", &|code: &str| code.starts_with("FL-"));
});
