//! bareparse: the bare parse loop of a feed file, the yardstick `scripts/bench.sh` measures
//! feedlint's commands against (issue 9, "Measure"). It parses and counts records, nothing more:
//! it must not normalise, validate or allocate per record beyond what the parser itself does.
//!
//! ```text
//! cargo run --release --example bareparse -- --kind csv feed.csv     # csv crate StringRecord loop
//! cargo run --release --example bareparse -- --kind rss feed.xml     # quick-xml event loop
//! cargo run --release --example bareparse -- --kind json body.json   # serde_json streaming `products`
//! ```
//!
//! The CSV delimiter is sniffed like feedlint does for its generated feeds: tab if the header line
//! has a tab, otherwise a comma. Prints the number of records (CSV data rows, RSS `<item>`s, JSON
//! elements of `products`).

use std::fmt;
use std::fs::File;
use std::hint::black_box;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};
use serde::de::{DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

#[derive(Parser)]
#[command(about = "Run the bare parse loop of a feed file and print the record count")]
struct Args {
    /// Which parser loop to run.
    #[arg(long, value_enum)]
    kind: Kind,
    /// The feed file.
    file: PathBuf,
}

#[derive(Clone, Copy, ValueEnum)]
enum Kind {
    Csv,
    Rss,
    Json,
}

type Res<T> = Result<T, Box<dyn std::error::Error>>;

fn bare_csv(file: File) -> Res<u64> {
    let mut input = BufReader::with_capacity(1 << 16, file);
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

fn bare_rss(file: File) -> Res<u64> {
    let mut reader = quick_xml::Reader::from_reader(BufReader::with_capacity(1 << 16, file));
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

fn bare_json(file: File) -> Res<u64> {
    // The reader's concrete type, as feedlint's own JSON reader has it (serde_json reads a byte at
    // a time): behind a `Box<dyn Read>` every byte was a dynamic call, and the loop took 2.5x as
    // long (docs/performance.md, "03072dc, a80541d").
    let mut de = serde_json::Deserializer::from_reader(BufReader::with_capacity(1 << 16, file));
    let n = de.deserialize_any(Body)?;
    de.end()?;
    Ok(n)
}

fn main() -> ExitCode {
    let args = Args::parse();
    let run = || -> Res<u64> {
        let file = File::open(&args.file)?;
        match args.kind {
            Kind::Csv => bare_csv(file),
            Kind::Rss => bare_rss(file),
            Kind::Json => bare_json(file),
        }
    };
    match run() {
        Ok(n) => {
            // An example binary, not the library: stdout is its only output.
            #[allow(
                clippy::print_stdout,
                reason = "the example's result is the record count"
            )]
            {
                println!("{n}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            #[allow(clippy::print_stderr, reason = "the example reports its own errors")]
            {
                eprintln!("bareparse: {}: {e}", args.file.display());
            }
            ExitCode::from(2)
        }
    }
}
