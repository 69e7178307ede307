//! The JSON readers: request body `{"products": [...]}` with fields before and after, bare
//! array, NDJSON. The first byte picks JSON, NDJSON, or detection from a `.jsonl` name.
#![no_main]

use feedlint::feed::InputFormat;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    match pick % 3 {
        0 => feedlint_fuzz::read_feed("f.json", rest, Some(InputFormat::Json), None),
        1 => feedlint_fuzz::read_feed("f.ndjson", rest, Some(InputFormat::Ndjson), None),
        _ => feedlint_fuzz::read_feed("f.jsonl", rest, None, None),
    }
});
