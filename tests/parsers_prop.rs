//! Property tests for the parsers that had none beside their code: the feed readers on arbitrary
//! and format-shaped input (in every forced format, by detection, through gzip and through a
//! declared encoding), the `shipping`/`tax` text forms, `--max-decompressed-size`, the GTIN
//! request body, the gate options and the named enumerations. Each property is "no panic, and
//! the result keeps its promise"; round trips where the format has one. Feed-level round trips
//! through every writer are in `tests/convert.rs`.

use std::io::Write;
use std::path::Path;

use feedlint::feed::names::{
    SHIPPING_DEFAULT_ORDER, TAX_DEFAULT_ORDER, parse_shipping_list, parse_tax_list,
};
use feedlint::feed::{self, InputFormat, ReadOptions};
use feedlint::gate::args::{parse_percent, parse_points, parse_severity};
use feedlint::gtin::request::{MAX_ITEM_CHARS, parse_request_slice};
use feedlint::model::Severity;
use feedlint::revenue::{AnalysisType, Timeframe};
use feedlint::voice::Tone;
use feedlint::{Error, ErrorCode};
use proptest::prelude::*;
use proptest::sample::select;

/// Reads a whole feed file and checks the reader's promises: it ends, an error is the last item,
/// every product knows its file and a line inside the file.
fn read_all(path: &Path, opts: &ReadOptions, len: usize) -> Result<usize, TestCaseError> {
    let reader = match feed::open(path, opts) {
        Ok(r) => r,
        Err(e) => {
            prop_assert!(!e.message.is_empty());
            prop_assert_ne!(e.code, ErrorCode::InternalError, "{}", e.message);
            return Ok(0);
        }
    };
    let label = reader.label().to_owned();
    let mut products = 0usize;
    let mut errored = false;
    for item in reader {
        prop_assert!(!errored, "an item after the reader's error");
        match item {
            Ok(p) => {
                products += 1;
                prop_assert_eq!(&*p.location.file, label.as_str());
                prop_assert!(p.location.line >= 1);
                // No more products than bytes: the reader cannot loop without consuming input.
                prop_assert!(
                    products <= len + 1,
                    "{} products from {} bytes",
                    products,
                    len
                );
            }
            Err(e) => {
                prop_assert!(!e.message.is_empty());
                prop_assert_ne!(e.code, ErrorCode::InternalError, "{}", e.message);
                errored = true;
            }
        }
    }
    Ok(products)
}

fn check_feed(
    name: &str,
    bytes: &[u8],
    format: Option<InputFormat>,
) -> Result<usize, TestCaseError> {
    let dir = tempfile::tempdir().map_err(|e| TestCaseError::fail(e.to_string()))?;
    let path = dir.path().join(name);
    std::fs::write(&path, bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
    let opts = ReadOptions {
        format,
        max_decompressed_bytes: 1 << 20,
        ..ReadOptions::default()
    };
    read_all(&path, &opts, bytes.len())
}

fn tokens(alphabet: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(select(alphabet), 0..80).prop_map(|t| t.concat().into_bytes())
}

const CSV_TOKENS: &[&str] = &[
    "id",
    "title",
    "price",
    "gtin",
    "shipping",
    "shipping(country:price)",
    "tax",
    "image_link",
    ",",
    ",",
    "\t",
    "\"",
    "\"\"",
    "\n",
    "\r\n",
    "\r",
    " ",
    "a",
    "9.99 USD",
    "US:CA:Ground:4.99 USD",
    "é",
    "\u{feff}",
    ":",
    "(",
    ")",
    "\u{0}",
    "\u{fffd}",
];

const XML_TOKENS: &[&str] = &[
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
    "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>",
    "<rss version=\"2.0\" xmlns:g=\"http://base.google.com/ns/1.0\">",
    "</rss>",
    "<feed xmlns=\"http://www.w3.org/2005/Atom\">",
    "</feed>",
    "<channel>",
    "</channel>",
    "<item>",
    "</item>",
    "<entry>",
    "</entry>",
    "<g:id>",
    "</g:id>",
    "<title>",
    "</title>",
    "<g:shipping>",
    "</g:shipping>",
    "<g:country>",
    "</g:country>",
    "<g:price>",
    "</g:price>",
    "<![CDATA[",
    "]]>",
    "&amp;",
    "&lt;",
    "&bogus;",
    "&#x41;",
    "&#0;",
    "&",
    "<!DOCTYPE rss [<!ENTITY x \"xx\">]>",
    "&x;",
    "<!-- c -->",
    "<",
    ">",
    "/>",
    "=\"",
    "\"",
    "a",
    "9.99 USD",
    " ",
    "\n",
    "é",
];

const JSON_TOKENS: &[&str] = &[
    "{",
    "}",
    "[",
    "]",
    "\"products\"",
    "\"options\"",
    ":",
    ",",
    "\"id\"",
    "\"title\"",
    "\"price\"",
    "\"shipping\"",
    "\"x\"",
    "\"é\"",
    "\"\\u0000\"",
    "\"\\ud800\"",
    "1e999",
    "-0",
    "12345678901234567890",
    "null",
    "true",
    "\"",
    "\\",
    " ",
    "\n",
    "\u{feff}",
];

/// Text that is mostly the shape of a feed: an optional frame around a few records, each
/// record a run of tokens, so readers get past their headers and into records often.
fn framed(
    alphabet: &'static [&'static str],
    frames: &'static [(&'static str, &'static str, &'static str, &'static str)],
) -> impl Strategy<Value = Vec<u8>> {
    (
        select(frames),
        proptest::collection::vec(proptest::collection::vec(select(alphabet), 0..12), 0..5),
        any::<bool>(),
    )
        .prop_map(|((head, open, close, tail), records, finished)| {
            let mut out = String::from(head);
            for r in records {
                out.push_str(open);
                out.push_str(&r.concat());
                out.push_str(close);
            }
            if finished {
                out.push_str(tail);
            }
            out.into_bytes()
        })
}

const XML_FRAMES: &[(&str, &str, &str, &str)] = &[
    (
        "<?xml version=\"1.0\"?><rss version=\"2.0\" xmlns:g=\"http://base.google.com/ns/1.0\"><channel>",
        "<item><g:id>1</g:id>",
        "</item>",
        "</channel></rss>",
    ),
    (
        "<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:g=\"http://base.google.com/ns/1.0\">",
        "<entry><title>t</title>",
        "</entry>",
        "</feed>",
    ),
    ("", "", "", ""),
];

const JSON_FRAMES: &[(&str, &str, &str, &str)] = &[
    ("{\"products\":[", "{\"id\":\"1\",", "},", "{}]}"),
    ("[", "{\"title\":\"t\",", "},", "{}]"),
    ("", "{\"id\":\"1\",", "}\n", ""),
    ("", "", "", ""),
];

fn format_name(f: InputFormat) -> &'static str {
    match f {
        InputFormat::Csv => "f.csv",
        InputFormat::Tsv => "f.tsv",
        InputFormat::Xml => "f.xml",
        InputFormat::Json => "f.json",
        InputFormat::Ndjson => "f.ndjson",
    }
}

const FORMATS: [InputFormat; 5] = [
    InputFormat::Csv,
    InputFormat::Tsv,
    InputFormat::Xml,
    InputFormat::Json,
    InputFormat::Ndjson,
];

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(bytes).expect("writing to a Vec");
    enc.finish().expect("writing to a Vec")
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn readers_survive_arbitrary_bytes_in_every_format(
        bytes in proptest::collection::vec(any::<u8>(), 0..300),
        f in select(&FORMATS[..]),
        forced in any::<bool>(),
    ) {
        check_feed(format_name(f), &bytes, forced.then_some(f))?;
    }

    #[test]
    fn delimited_reader_survives_csv_shaped_text(bytes in tokens(CSV_TOKENS), tsv in any::<bool>()) {
        let f = if tsv { InputFormat::Tsv } else { InputFormat::Csv };
        check_feed(format_name(f), &bytes, Some(f))?;
        check_feed("f.txt", &bytes, None)?;
    }

    #[test]
    fn xml_reader_survives_xml_shaped_text(bytes in framed(XML_TOKENS, XML_FRAMES)) {
        check_feed("f.xml", &bytes, Some(InputFormat::Xml))?;
        check_feed("f.rss", &bytes, None)?;
    }

    #[test]
    fn json_readers_survive_json_shaped_text(bytes in framed(JSON_TOKENS, JSON_FRAMES)) {
        check_feed("f.json", &bytes, Some(InputFormat::Json))?;
        check_feed("f.ndjson", &bytes, Some(InputFormat::Ndjson))?;
        check_feed("f.jsonl", &bytes, None)?;
    }

    /// The gzip layer: whole, cut short, or with a byte flipped, the result is the plain
    /// file's result or an error, never a panic.
    #[test]
    fn gzip_layer_survives_whole_truncated_and_corrupt_streams(
        bytes in tokens(CSV_TOKENS),
        cut in any::<proptest::sample::Index>(),
        flip in any::<proptest::sample::Index>(),
    ) {
        let plain = check_feed("f.csv", &bytes, Some(InputFormat::Csv))?;
        let gz = gzip(&bytes);
        let whole = check_feed("f.csv.gz", &gz, Some(InputFormat::Csv))?;
        prop_assert_eq!(whole, plain);
        check_feed("f.csv.gz", &gz[..cut.index(gz.len())], None)?;
        let mut bad = gz.clone();
        let at = flip.index(bad.len());
        bad[at] ^= 0x5a;
        check_feed("f.csv.gz", &bad, None)?;
    }

    /// A declared encoding (`--encoding`) never panics on bytes that are not in it.
    #[test]
    fn declared_encodings_survive_arbitrary_bytes(
        bytes in proptest::collection::vec(any::<u8>(), 0..200),
        enc in select(vec![
            encoding_rs::UTF_16LE,
            encoding_rs::UTF_16BE,
            encoding_rs::WINDOWS_1252,
            encoding_rs::SHIFT_JIS,
            encoding_rs::UTF_8,
        ]),
        f in select(&FORMATS[..]),
    ) {
        let dir = tempfile::tempdir().map_err(|e| TestCaseError::fail(e.to_string()))?;
        let path = dir.path().join(format_name(f));
        std::fs::write(&path, &bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let opts = ReadOptions {
            format: Some(f),
            encoding: Some(enc),
            max_decompressed_bytes: 1 << 20,
            ..ReadOptions::default()
        };
        read_all(&path, &opts, bytes.len())?;
    }

    /// A UTF-16 file with its BOM reads exactly like the same text in UTF-8 with its BOM, and
    /// like the text in UTF-8 without one unless the text itself starts with U+FEFF (in UTF-8
    /// that character is then the file's BOM; after a UTF-16 BOM it is a second one, kept).
    #[test]
    fn utf16_with_bom_reads_like_utf8(bytes in tokens(CSV_TOKENS)) {
        let text = String::from_utf8(bytes).expect("tokens are UTF-8");
        let with_bom = format!("\u{feff}{text}");
        let utf8 = check_feed("f.csv", with_bom.as_bytes(), Some(InputFormat::Csv))?;
        let mut utf16 = vec![0xFF, 0xFE];
        utf16.extend(text.encode_utf16().flat_map(u16::to_le_bytes));
        let wide = check_feed("f.csv", &utf16, Some(InputFormat::Csv))?;
        prop_assert_eq!(wide, utf8);
        if !text.starts_with('\u{feff}') {
            let plain = check_feed("f.csv", text.as_bytes(), Some(InputFormat::Csv))?;
            prop_assert_eq!(wide, plain);
        }
    }
}

/// Parts of a shipping or tax entry: no separator characters, no surrounding whitespace,
/// not empty (an empty part reads as absent).
fn part() -> impl Strategy<Value = String> {
    "[A-Za-z0-9. é]{0,8}[A-Za-z0-9.é]".prop_map(|s| s.trim_start().to_owned())
}

fn optional_part() -> impl Strategy<Value = Option<String>> {
    proptest::option::of(part().prop_filter("not blank", |s| !s.is_empty()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn shipping_and_tax_lists_never_panic(text in "\\PC{0,120}") {
        let (list, problems) = parse_shipping_list(&text, SHIPPING_DEFAULT_ORDER);
        prop_assert!(list.len() <= text.split(',').count());
        prop_assert!(problems.len() <= list.len());
        let (list, problems) = parse_tax_list(&text, TAX_DEFAULT_ORDER);
        prop_assert!(list.len() <= text.split(',').count());
        prop_assert!(problems.len() <= list.len());
    }

    /// `country:region:service:price` entries written with `,` between them read back field by
    /// field, with any spaces around the parts ignored.
    #[test]
    fn shipping_text_round_trips(
        entries in proptest::collection::vec(
            (optional_part(), optional_part(), optional_part(), optional_part()), 1..4),
        pad in select(vec!["", " ", "  "]),
    ) {
        let text = entries
            .iter()
            .map(|(c, r, s, p)| {
                [c, r, s, p]
                    .map(|v| format!("{pad}{}{pad}", v.as_deref().unwrap_or("")))
                    .join(":")
            })
            .collect::<Vec<_>>()
            .join(",");
        let (list, problems) = parse_shipping_list(&text, SHIPPING_DEFAULT_ORDER);
        prop_assert!(problems.is_empty(), "{:?}", problems);
        // An entry with every part empty is only separators and spaces: still an entry.
        prop_assert_eq!(list.len(), entries.len(), "{}", text);
        for (got, (c, r, s, p)) in list.iter().zip(&entries) {
            prop_assert_eq!(&got.country, c);
            prop_assert_eq!(&got.region, r);
            prop_assert_eq!(&got.service, s);
            prop_assert_eq!(&got.price, p);
        }
    }

    #[test]
    fn tax_text_round_trips(
        entries in proptest::collection::vec(
            (optional_part(), optional_part(), optional_part(), optional_part()), 1..4),
    ) {
        let text = entries
            .iter()
            .map(|(c, r, rate, ship)| {
                [c, r, rate, ship].map(|v| v.as_deref().unwrap_or("").to_owned()).join(":")
            })
            .collect::<Vec<_>>()
            .join(",");
        let (list, problems) = parse_tax_list(&text, TAX_DEFAULT_ORDER);
        prop_assert!(problems.is_empty());
        prop_assert_eq!(list.len(), entries.len());
        for (got, (c, r, rate, ship)) in list.iter().zip(&entries) {
            prop_assert_eq!(&got.country, c);
            prop_assert_eq!(&got.region, r);
            prop_assert_eq!(&got.rate, rate);
            prop_assert_eq!(&got.tax_ship, ship);
        }
    }

    #[test]
    fn an_entry_with_too_many_parts_is_reported(extra in 1usize..4) {
        let text = vec!["x"; SHIPPING_DEFAULT_ORDER.len() + extra].join(":");
        let (list, problems) = parse_shipping_list(&text, SHIPPING_DEFAULT_ORDER);
        prop_assert_eq!(list.len(), 1);
        prop_assert_eq!(problems.len(), 1);
    }

    #[test]
    fn sizes_never_panic(text in "\\PC{0,24}") {
        if let Ok(n) = feed::parse_size(&text) {
            prop_assert!(n >= 1);
        }
    }

    #[test]
    fn sizes_round_trip_in_every_unit(
        n in 1u64..1_000_000,
        unit in select(vec![
            ("", 1u64), ("B", 1), ("KB", 1_000), ("kb", 1_000), ("MB", 1_000_000),
            ("GB", 1_000_000_000), ("KiB", 1 << 10), ("MiB", 1 << 20), ("gib", 1 << 30),
        ]),
        space in any::<bool>(),
    ) {
        let text = format!("{n}{}{}", if space { " " } else { "" }, unit.0);
        prop_assert_eq!(feed::parse_size(&text), Ok(n * unit.1));
    }

    #[test]
    fn a_size_that_overflows_is_refused(n in (u64::MAX >> 10) + 1..u64::MAX) {
        let e = feed::parse_size(&format!("{n}KiB")).expect_err("overflow");
        prop_assert!(e.contains("too large"));
    }

    #[test]
    fn gtin_request_bodies_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        if let Err(e) = parse_request_slice(&bytes) {
            prop_assert!(matches!(
                e.code,
                ErrorCode::InvalidGtinFormat | ErrorCode::UnprocessableEntity | ErrorCode::PayloadTooLarge
            ), "{:?}", e.code);
        }
    }

    /// A well-formed request reads back its GTINs exactly, in order.
    #[test]
    fn gtin_request_round_trips(
        gtins in proptest::collection::vec("[0-9 -]{0,20}[0-9A-Za-z]", 1..=100),
        detect in proptest::option::of(any::<bool>()),
    ) {
        let mut body = serde_json::json!({ "gtins": gtins });
        if let Some(d) = detect {
            body["options"] = serde_json::json!({ "enablePatternDetection": d });
        }
        let req = parse_request_slice(body.to_string().as_bytes())
            .map_err(|e: Error| TestCaseError::fail(e.message.clone()))?;
        prop_assert_eq!(req.gtins, gtins);
    }

    #[test]
    fn a_gtin_item_over_the_limit_is_unprocessable(extra in 1usize..20) {
        let item = "1".repeat(MAX_ITEM_CHARS + extra);
        let body = serde_json::json!({ "gtins": [item] }).to_string();
        let e = parse_request_slice(body.as_bytes()).expect_err("too long");
        prop_assert_eq!(e.code, ErrorCode::UnprocessableEntity);
    }

    #[test]
    fn gate_numbers_accept_exactly_0_to_100(v in -1000.0f64..1000.0, pct in any::<bool>()) {
        let text = if pct { format!("{v}%") } else { format!("{v}") };
        let inside = (0.0..=100.0).contains(&v);
        prop_assert_eq!(parse_percent(&text).ok(), inside.then_some(v));
        prop_assert_eq!(parse_points(&format!("{v}")).ok(), inside.then_some(v));
    }

    #[test]
    fn gate_options_never_panic(text in "\\PC{0,16}") {
        let _ = parse_percent(&text);
        let _ = parse_points(&text);
        let _ = parse_severity(&text);
        let _ = Timeframe::parse(&text);
        let _ = AnalysisType::parse(&text);
    }

    /// Every named value parses back from its own name, in any case and with spaces around it.
    #[test]
    fn named_values_round_trip(upper in any::<bool>(), pad in select(vec!["", " ", "\t"])) {
        let dress = |s: &str| {
            let s = if upper { s.to_ascii_uppercase() } else { s.to_owned() };
            format!("{pad}{s}{pad}")
        };
        for s in Severity::ALL {
            prop_assert_eq!(parse_severity(&dress(s.as_str())), Ok(s));
        }
        for t in Timeframe::ALL {
            prop_assert_eq!(Timeframe::parse(&dress(t.as_str())).ok(), Some(t));
        }
        for t in AnalysisType::ALL {
            prop_assert_eq!(AnalysisType::parse(&dress(t.as_str())).ok(), Some(t));
        }
    }

    #[test]
    fn voice_corpus_files_never_panic(text in "(?s)(#|\\||\n|[a-z ]{1,8}){0,40}") {
        let _ = feedlint::voice::classifier::parse_corpus(Tone::Friendly, &text);
    }
}
