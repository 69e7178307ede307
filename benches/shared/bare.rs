//! The bare parse loops that feedlint's readers are measured against (issue 9, "Measure"): the csv
//! crate's `StringRecord` loop, quick-xml's event loop and serde_json's streaming parse. They
//! parse and count records, nothing more: no normalising, no validating, no allocation per record
//! beyond what the parser itself does.
//!
//! One file for the two places that run them: `examples/bareparse.rs` (the end-to-end yardstick
//! of `scripts/bench.sh`) and `benches/read.rs` (criterion), each including it with `#[path]`.

use std::fmt;
use std::fs::File;
use std::hint::black_box;
use std::io::{BufRead, BufReader};

use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

pub type Res<T> = Result<T, Box<dyn std::error::Error>>;

/// The buffer each loop reads through.
const BUF_BYTES: usize = 1 << 16;

/// The data rows of a CSV or TSV file, its delimiter sniffed as feedlint does for its generated
/// feeds: a tab if the header line has one, otherwise a comma.
pub fn csv(file: File) -> Res<u64> {
    let mut input = BufReader::with_capacity(BUF_BYTES, file);
    // Sniff the delimiter from the header line without consuming it.
    let head = input.fill_buf()?;
    let line_end = head.iter().position(|&b| b == b'\n').unwrap_or(head.len());
    let delimiter = if head[..line_end].contains(&b'\t') {
        b'\t'
    } else {
        b','
    };
    let mut rdr = csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .flexible(true)
        .from_reader(input);
    let mut rec = csv::StringRecord::new();
    let mut n = 0;
    while rdr.read_record(&mut rec)? {
        black_box(&rec);
        n += 1;
    }
    Ok(n)
}

/// The `<item>`s of an RSS file, every event read.
pub fn rss(file: File) -> Res<u64> {
    let mut reader = quick_xml::Reader::from_reader(BufReader::with_capacity(BUF_BYTES, file));
    let mut buf = Vec::new();
    let mut items = 0;
    loop {
        match reader.read_event_into(&mut buf)? {
            quick_xml::events::Event::Start(e) if e.local_name().as_ref() == b"item" => items += 1,
            quick_xml::events::Event::Eof => break,
            ev => {
                black_box(ev);
            }
        }
        buf.clear();
    }
    Ok(items)
}

/// The elements of a JSON request body's `products` array, or of a bare array, streaming.
pub fn json(file: File) -> Res<u64> {
    // The reader's concrete type, as feedlint's own JSON reader has it (serde_json reads a byte at
    // a time): behind a `Box<dyn Read>` every byte was a dynamic call, and the loop took 2.5x as
    // long (docs/performance.md, "03072dc, a80541d").
    let mut de = serde_json::Deserializer::from_reader(BufReader::with_capacity(BUF_BYTES, file));
    let n = de.deserialize_any(Body)?;
    de.end()?;
    Ok(n)
}

/// Counts the elements of the top-level `products` array, skipping each with `IgnoredAny`
/// (serde_json still parses every byte of it), streaming: nothing is kept per element.
struct Body;

impl<'de> Visitor<'de> for Body {
    type Value = u64;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON object with a `products` array, or an array of products")
    }
    /// A bare array of products (a JSON feed that is not a request body).
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<u64, A::Error> {
        Products.visit_seq(seq)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<u64, A::Error> {
        let mut n = 0;
        while let Some(key) = map.next_key::<String>()? {
            if key == "products" {
                n += map.next_value_seed(Products)?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(n)
    }
}

struct Products;

impl<'de> DeserializeSeed<'de> for Products {
    type Value = u64;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<u64, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for Products {
    type Value = u64;
    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array of products")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<u64, A::Error> {
        let mut n = 0;
        while let Some(x) = seq.next_element::<IgnoredAny>()? {
            black_box(x);
            n += 1;
        }
        Ok(n)
    }
}

/// The values of an NDJSON file (one product object per line), streaming.
pub fn ndjson(file: File) -> Res<u64> {
    let de = serde_json::Deserializer::from_reader(BufReader::with_capacity(BUF_BYTES, file));
    let mut n = 0;
    for value in de.into_iter::<IgnoredAny>() {
        black_box(value?);
        n += 1;
    }
    Ok(n)
}
