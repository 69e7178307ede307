//! GTIN reading and analysis (check digits, GS1 prefixes, the fake-pattern detectors), the
//! response built from an analysis with every option on, and the GTIN request body parser.
#![no_main]

use feedlint::gtin::{GtinResult, Options};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = feedlint::gtin::parse_request_slice(data);
    let text = String::from_utf8_lossy(data);
    let reading = feedlint::gtin::read::read(&text);
    if let Some(d) = &reading.digits {
        assert!(
            d.as_bytes().iter().all(u8::is_ascii_digit),
            "non-digit in digits read"
        );
    }
    let options = Options {
        pattern_detection: true,
        business_intelligence: true,
        revenue_impact: true,
        detailed: true,
    };
    let analysis = feedlint::gtin::analyze_with(&text, options);
    let result = GtinResult::new(&text, &analysis, options, None);
    serde_json::to_string(&result).expect("a GTIN result always serialises");
});
