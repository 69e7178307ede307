//! The layers under every reader: gzip (by name or magic bytes), byte order marks, declared and
//! `--encoding` encodings, NUL detection and format detection from name and content. The first
//! byte picks the file name and the encoding; the rest is the file.
#![no_main]

use libfuzzer_sys::fuzz_target;

const NAMES: [&str; 8] = [
    "f.csv", "f.tsv", "f.xml", "f.json", "f.ndjson", "f.csv.gz", "f.xml.gz", "feed",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let name = NAMES[usize::from(pick & 7)];
    let encoding = match pick >> 5 {
        1 => Some(encoding_rs::WINDOWS_1252),
        2 => Some(encoding_rs::UTF_16LE),
        3 => Some(encoding_rs::UTF_16BE),
        4 => Some(encoding_rs::SHIFT_JIS),
        _ => None,
    };
    let format = if pick & 0x10 != 0 {
        Some(feedlint_fuzz::FORMATS[usize::from(pick) % feedlint_fuzz::FORMATS.len()])
    } else {
        None
    };
    feedlint_fuzz::read_feed(name, rest, format, encoding);
});
