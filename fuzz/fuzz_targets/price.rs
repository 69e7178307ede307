//! The price parser (`9.99 USD`, `USD 9,99`, `1.234,56 EUR`...) and the bare amount parser.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(p) = feedlint::model::price::parse_price(text) {
        let _ = format!("{p:?}");
    }
    if let Some(a) = feedlint::model::price::parse_amount(text) {
        assert!(!a.is_nan(), "NaN amount from {text:?}");
    }
});
