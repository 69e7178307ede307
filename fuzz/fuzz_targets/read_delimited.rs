//! The CSV/TSV reader: delimiter sniffing, quoting, ragged rows, repeated headers, `shipping(...)`
//! group headers. The first byte picks CSV, TSV, or detection from a `.txt` name.
#![no_main]

use feedlint::feed::InputFormat;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    match pick % 3 {
        0 => feedlint_fuzz::read_feed("f.csv", rest, Some(InputFormat::Csv), None),
        1 => feedlint_fuzz::read_feed("f.tsv", rest, Some(InputFormat::Tsv), None),
        _ => feedlint_fuzz::read_feed("f.txt", rest, None, None),
    }
});
