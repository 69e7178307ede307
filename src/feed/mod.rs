//! Feed readers: turn any supported feed into a stream of [`Product`] records that remember
//! their file and line, and feed writers for `feedlint convert`.
//!
//! Responsible for: opening files or stdin, gzip, text encodings, recognising the format
//! (CSV/TSV, RSS 2.0, Atom 1.0, JSON request body, JSON array, NDJSON), normalising attribute
//! names (see [`names`]) and reporting unreadable input with a located diagnostic. Memory stays
//! bounded by the record in flight, never by the size of the feed. Not responsible for judging
//! values: everything is kept as written, and nothing here prints.
//!
//! # Limits
//! - Decompressed gzip input is capped at [`DEFAULT_MAX_DECOMPRESSED_BYTES`] (configurable in
//!   [`ReadOptions`], on the command line `--max-decompressed-size`); beyond it reading stops
//!   with an error that says so, the cap and the flag that raises it.
//! - The format is recognised from the first [`SNIFF_BYTES`] decoded bytes.

mod delimited;
mod json;
pub mod names;
mod plain;
mod segment;
mod source;
pub mod write;
mod xml;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use encoding_rs::Encoding;

use crate::error::Error;
use crate::model::Product;

pub(crate) use source::io_error as read_error;
pub use source::{InputDiagnostic, SNIFF_BYTES, human_bytes};
pub use write::{FeedWriter, OutputKind, TableLayout, render_product};

/// The default cap on the decompressed size of a gzip feed: 8 GiB, above the largest feed GMC
/// accepts (4 GB uncompressed), far below what a gzip bomb expands to.
pub const DEFAULT_MAX_DECOMPRESSED_BYTES: u64 = 8 * 1024 * 1024 * 1024;
/// [`DEFAULT_MAX_DECOMPRESSED_BYTES`] as `--max-decompressed-size` spells its default (a test
/// checks the two agree).
pub const DEFAULT_MAX_DECOMPRESSED_SIZE: &str = "8GiB";

/// Parses a size in bytes as `--max-decompressed-size` takes it: a whole number with an optional
/// unit, `B`, decimal `KB` `MB` `GB` `TB` (powers of 1000) or binary `KiB` `MiB` `GiB` `TiB`
/// (powers of 1024), case-insensitive, with or without a space: `2GiB`, `500 MB`, `1048576`.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let bad = || {
        format!(
            "`{text}` is not a size: write a number of bytes with an optional unit, e.g. 2GiB, 500MB, 1048576"
        )
    };
    let n: u64 = num.parse().map_err(|_| bad())?;
    let mult: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "kb" | "k" => 1_000,
        "mb" | "m" => 1_000_000,
        "gb" | "g" => 1_000_000_000,
        "tb" | "t" => 1_000_000_000_000,
        "kib" => 1 << 10,
        "mib" => 1 << 20,
        "gib" => 1 << 30,
        "tib" => 1 << 40,
        _ => return Err(bad()),
    };
    let bytes = n
        .checked_mul(mult)
        .ok_or_else(|| format!("`{text}` is too large"))?;
    if bytes == 0 {
        return Err("the size must be at least 1 byte".to_owned());
    }
    Ok(bytes)
}

/// The input format a user can force with `--input-format`. XML and JSON variants are refined
/// from the content (RSS or Atom; request body or bare array).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InputFormat {
    /// Delimited text; the delimiter is sniffed from the header line (`,` `\t` `;` `|`).
    Csv,
    /// Tab-separated text.
    Tsv,
    /// RSS 2.0 or Atom 1.0 with the GMC namespace.
    Xml,
    /// `{"products": [...]}` or a bare array `[...]`.
    Json,
    /// One JSON object per line (JSON Lines).
    Ndjson,
}

impl InputFormat {
    /// Every format with its name, as `--input-format` spells it.
    pub const ALL: [(InputFormat, &'static str); 5] = [
        (Self::Csv, "csv"),
        (Self::Tsv, "tsv"),
        (Self::Xml, "xml"),
        (Self::Json, "json"),
        (Self::Ndjson, "ndjson"),
    ];

    /// [`FeedKind::is_costly_to_read`] of the feeds read in this format: every format but
    /// delimited text.
    #[must_use]
    pub fn is_costly_to_read(self) -> bool {
        !matches!(self, Self::Csv | Self::Tsv)
    }
}

/// What a feed turned out to be, known once it is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FeedKind {
    Csv,
    Tsv,
    Rss,
    Atom,
    /// The spec's request body `{"products": [...], ...}`.
    JsonRequestBody,
    JsonArray,
    Ndjson,
}

impl FeedKind {
    /// Whether reading a product of this kind costs about as much as checking it (XML and JSON:
    /// ~38,000 instructions an RSS item against ~13,600 a CSV row, docs/performance.md), so that
    /// with `--jobs` the thread reading the feed is the one the others wait for, and work moved
    /// off it (rendering results ahead) shortens the run. For CSV and TSV it does not (measured
    /// slower); for NDJSON it measured neither faster nor slower.
    #[must_use]
    pub fn is_costly_to_read(self) -> bool {
        self.input_format().is_costly_to_read()
    }

    /// Whether a product of this kind whose result was rendered ahead, on a worker, is freed by
    /// the thread that read it (XML) rather than handed to the workers with its report and
    /// rendered result (JSON; `pipeline::DropBehind`, which frees the reports where they were
    /// made in either case). Memory freed on the thread that allocated it costs the allocator
    /// less: 200k RSS `validate --jobs 2` used 9% less CPU and 1.162 -> 1.098 s (five
    /// alternating rounds; 1M 5.80 -> 5.59 s). JSON's reading thread, the slower parser, has no
    /// time to spare for it: 2.63 -> 2.80 s (docs/performance.md).
    #[must_use]
    pub fn frees_products_where_read(self) -> bool {
        matches!(self, Self::Rss | Self::Atom)
    }

    /// The input format this kind is read as.
    #[must_use]
    pub fn input_format(self) -> InputFormat {
        match self {
            Self::Csv => InputFormat::Csv,
            Self::Tsv => InputFormat::Tsv,
            Self::Rss | Self::Atom => InputFormat::Xml,
            Self::JsonRequestBody | Self::JsonArray => InputFormat::Json,
            Self::Ndjson => InputFormat::Ndjson,
        }
    }

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Csv => "csv",
            Self::Tsv => "tsv",
            Self::Rss => "rss",
            Self::Atom => "atom",
            Self::JsonRequestBody => "json request body",
            Self::JsonArray => "json array",
            Self::Ndjson => "ndjson",
        }
    }
}

/// How standard input (`-`) is named in messages and locations when no `--stdin-filename`
/// names it.
pub const STDIN_LABEL: &str = "<stdin>";

/// How to open a feed.
#[derive(Debug, Clone)]
pub struct ReadOptions {
    /// Force a format instead of detecting it from the extension and content.
    pub format: Option<InputFormat>,
    /// Decode from this encoding (a BOM still wins). Without it: a BOM, then an XML
    /// declaration's `encoding`, else UTF-8 is required.
    pub encoding: Option<&'static Encoding>,
    /// Cap on the decompressed size of gzip input.
    pub max_decompressed_bytes: u64,
    /// The name standard input (`-`) is given (`--stdin-filename`): shown wherever a file's
    /// name would be, and its extension chooses the format and gzip as a file's would. Only a
    /// name: no file of that name is read.
    pub stdin_name: Option<PathBuf>,
}

impl Default for ReadOptions {
    fn default() -> Self {
        Self {
            format: None,
            encoding: None,
            max_decompressed_bytes: DEFAULT_MAX_DECOMPRESSED_BYTES,
            stdin_name: None,
        }
    }
}

/// A stream of products from one feed. Yields `Err` once for an unreadable file and then ends.
pub struct FeedReader {
    kind: FeedKind,
    label: Arc<str>,
    inner: Inner,
    done: bool,
    /// A warning about the decoding (an encoding declared that feedlint does not know), the
    /// first read issue of the first product.
    note: Option<String>,
}

enum Inner {
    Delimited(Box<delimited::DelimitedReader>),
    Xml(Box<xml::XmlReader>),
    Json(Box<json::JsonReader>),
}

impl FeedReader {
    /// What the feed turned out to be.
    #[must_use]
    pub fn kind(&self) -> FeedKind {
        self.kind
    }

    /// The file name as shown in messages and locations (for `-`, the `--stdin-filename` name,
    /// else [`STDIN_LABEL`]).
    #[must_use]
    pub fn label(&self) -> &str {
        &self.label
    }

    /// For a JSON request body, its top-level fields other than `products` (`options`,
    /// `enableMarketIntelligence`, `analysisType`, `timeframe`, `brandName`...); `None` for other
    /// kinds. Fields written before `products` are known as soon as `open` returns; fields
    /// written after it are known once the iterator has returned `None` (the products are
    /// exhausted).
    #[must_use]
    pub fn request_fields(&self) -> Option<&serde_json::Map<String, serde_json::Value>> {
        match &self.inner {
            Inner::Json(j) => j.request_fields(),
            _ => None,
        }
    }
}

impl Iterator for FeedReader {
    type Item = Result<Product, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let mut item = match &mut self.inner {
            Inner::Delimited(r) => r.next(),
            Inner::Xml(r) => r.next(),
            Inner::Json(r) => r.next(),
        };
        match &mut item {
            None | Some(Err(_)) => self.done = true,
            Some(Ok(p)) => {
                if let Some(message) = self.note.take() {
                    p.read_issues
                        .insert(0, crate::model::ReadIssue { line: 1, message });
                }
            }
        }
        item
    }
}

impl FeedReader {
    /// A CSV or TSV feed from which no product has been read, as parts to read on several
    /// threads at once ([`FeedParts`]) and the [`Placer`] that puts their products in their place
    /// in the feed; any other reader back as it was. Parts of about `target` bytes.
    pub fn into_parts(self, target: usize) -> Result<(FeedParts, Placer), Self> {
        let Self {
            kind,
            label,
            inner,
            done,
            note,
        } = self;
        let back = |inner, note| Self {
            kind,
            label: label.clone(),
            inner,
            done,
            note,
        };
        match inner {
            Inner::Delimited(r) if !done => match r.into_parts(target) {
                Ok((cutter, sequencer)) => Ok((
                    FeedParts {
                        kind,
                        cutter,
                        number: 0,
                    },
                    Placer { sequencer, note },
                )),
                Err(r) => Err(back(Inner::Delimited(r), note)),
            },
            inner => Err(back(inner, note)),
        }
    }
}

/// The size a part of a delimited feed read in parallel ([`FeedReader::into_parts`]) is cut at:
/// about 70 rows of a typical feed, a few hundred microseconds of work, so that the threads take
/// parts in turn often and the parts in flight stay small.
pub const PART_BYTES: usize = segment::PART_BYTES;

/// A delimited feed cut into parts of whole records, in order, by whichever thread holds it
/// (behind a lock): each part is then read, and its products checked, on the thread that took
/// it (`pipeline::map_parts`). [`FeedReader::into_parts`].
pub struct FeedParts {
    kind: FeedKind,
    cutter: delimited::PartCutter,
    number: u64,
}

impl FeedParts {
    /// What the feed turned out to be.
    #[must_use]
    pub fn kind(&self) -> FeedKind {
        self.kind
    }

    /// The feed's name as its products' locations hold it.
    #[must_use]
    pub fn label(&self) -> Arc<str> {
        self.cutter.label()
    }

    /// The next part, numbered from 0 in feed order, or `None` at the end of the feed. A part
    /// may end the feed with an error ([`PartProducts::finish`]); none follows it.
    pub fn next_part(&mut self) -> Option<(u64, FeedPart)> {
        let job = self.cutter.next()?;
        let number = self.number;
        self.number += 1;
        Some((number, FeedPart { number, job }))
    }
}

/// One part of a [`FeedParts`], to be read on any thread.
pub struct FeedPart {
    number: u64,
    job: delimited::PartJob,
}

impl FeedPart {
    /// The part's number, from 0 in feed order. Read issues the [`Placer`] carries go to the
    /// first product of part 0 or, when part 0 has none, of part 1 (only the first part can have
    /// no product).
    #[must_use]
    pub fn number(&self) -> u64 {
        self.number
    }

    /// The size of the part's text in bytes.
    #[must_use]
    pub fn len(&self) -> usize {
        self.job.len()
    }

    /// The part has no text (it ends the feed with an error).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The part's products, in order. Each has the line it starts on, and its index among the
    /// products of the part: the [`Placer`] gives it its index in the feed.
    #[must_use]
    pub fn read(self) -> PartProducts {
        PartProducts(self.job.read())
    }
}

/// The products of a [`FeedPart`], then [`PartProducts::finish`].
pub struct PartProducts(delimited::PartReader);

impl Iterator for PartProducts {
    type Item = Product;

    fn next(&mut self) -> Option<Product> {
        self.0.next()
    }
}

impl PartProducts {
    /// Once every product is read: what the part leaves for the [`Placer`] (the error that ends
    /// the feed after its products, read issues for the next product).
    #[must_use]
    pub fn finish(self) -> PartEnd {
        let (error, orphans) = self.0.finish();
        PartEnd { error, orphans }
    }

    /// [`Self::finish`], keeping the part's text to read one of its products again (none for a
    /// part that is an error).
    #[must_use]
    pub fn finish_keeping(self) -> (PartEnd, Option<PartText>) {
        let (error, orphans, text) = self.0.finish_keeping();
        (PartEnd { error, orphans }, text.map(PartText))
    }
}

/// The text of a part read ([`PartProducts::finish_keeping`]): a product freed after it was
/// checked can be read again, as it was read. Dropped, its buffer is kept by the thread that
/// drops it for the parts it cuts next.
pub struct PartText(delimited::PartText);

impl PartText {
    /// The part's product numbered `index` in the part (its index as read: [`FeedPart::read`]),
    /// read again.
    #[must_use]
    pub fn product(&self, index: u64) -> Option<Product> {
        self.0.product(index)
    }
}

/// What a part leaves after its products: [`Placer::end_part`].
pub struct PartEnd {
    error: Option<Error>,
    orphans: Vec<crate::model::ReadIssue>,
}

/// Puts the products of a [`FeedParts`] in their place, on the thread that takes them in feed
/// order: each gets its index in the feed and the read issues carried to it (the header's, a
/// decoding note, repeated headers of a part without products), as [`FeedReader`] gives them.
pub struct Placer {
    sequencer: delimited::Sequencer,
    note: Option<String>,
}

impl Placer {
    /// Places `p`, the next product of the feed. Whether what was worked out from it before it
    /// was placed may differ: read issues were carried to it, or it has no `id` and its index
    /// (its `item-N` id) changed.
    pub fn place(&mut self, p: &mut Product) -> bool {
        let index = p.location.index;
        let mut changed = self.sequencer.place(p);
        if let Some(message) = self.note.take() {
            p.read_issues
                .insert(0, crate::model::ReadIssue { line: 1, message });
            changed = true;
        }
        changed || (index != p.location.index && p.get_nonblank("id").is_none())
    }

    /// [`Self::place`] for a product not at hand, numbered `index` in its part, with or without
    /// an `id`: false when it is placed here, as [`Self::place`] would place it without changing
    /// what was worked out from it; true when it must be placed with [`Self::place`] instead.
    pub fn place_plain(&mut self, index: u64, has_id: bool) -> bool {
        self.note.is_some() || self.sequencer.place_plain(index, has_id)
    }

    /// After the products of a part, in feed order: the error that ends the feed there, if any.
    pub fn end_part(&mut self, end: PartEnd) -> Result<(), Error> {
        self.sequencer.carry(end.orphans);
        end.error.map_or(Ok(()), Err)
    }

    /// After every part: an error when the feed had no product at all.
    pub fn finish(&mut self) -> Result<(), Error> {
        self.sequencer.finish().map_or(Ok(()), Err)
    }
}

/// The path whose name stands for `path`: for stdin (`-`), the name `opts` gives it, if any;
/// its extension tells the format and gzip, as a file's does.
fn named<'a>(path: &'a Path, opts: &'a ReadOptions) -> &'a Path {
    match &opts.stdin_name {
        Some(name) if path.as_os_str() == "-" => name,
        _ => path,
    }
}

/// How the input `path` is named in messages and locations: the path as given, or for stdin
/// (`-`) the name `opts` gives it, else [`STDIN_LABEL`].
#[must_use]
pub fn label(path: &Path, opts: &ReadOptions) -> String {
    let name = named(path, opts);
    if name.as_os_str() == "-" {
        STDIN_LABEL.to_owned()
    } else {
        name.display().to_string()
    }
}

/// Opens a text input that is not a feed (a GTIN list or request, `-` is stdin) the way feeds are
/// opened: gzip undone, decoded to UTF-8 from its byte order mark or `opts.encoding`, UTF-8
/// checked as it is read. `opts.format` is not used.
pub fn open_text(path: &Path, opts: &ReadOptions) -> Result<Box<dyn std::io::BufRead>, Error> {
    let label = label(path, opts);
    // A list or request body has no products to carry a warning: an undecodable byte names the
    // declared encoding in its error.
    let (decoded, _) = source::open_decoded(
        path,
        named(path, opts),
        opts.encoding,
        opts.max_decompressed_bytes,
        &label,
    )?;
    Ok(Box::new(std::io::BufReader::with_capacity(
        source::BUF_BYTES,
        decoded.reader,
    )))
}

/// Opens a feed (`-` is stdin) and recognises its format and encoding.
pub fn open(path: &Path, opts: &ReadOptions) -> Result<FeedReader, Error> {
    let label: Arc<str> = Arc::from(label(path, opts));
    let name = named(path, opts);
    let (mut decoded, note) = source::open_decoded(
        path,
        name,
        opts.encoding,
        opts.max_decompressed_bytes,
        &label,
    )?;
    let text = &decoded.prefix;
    let first = text.iter().copied().find(|b| !b.is_ascii_whitespace());
    let Some(first) = first else {
        return Err(
            Error::input(format!("{label}: the feed is empty")).with_help(
                "a feed needs a header line and products (CSV/TSV), items (XML) or products (JSON)",
            ),
        );
    };
    if text.contains(&0) {
        let at = text.iter().position(|&b| b == 0).unwrap_or(0) as u64;
        let help = match source::utf16_without_bom(text) {
            Some(label) => format!(
                "every other byte is NUL: this looks like {label} text without a byte order mark; \
                 pass --encoding {label}"
            ),
            None => "feedlint reads CSV/TSV, RSS/Atom XML and JSON feeds, optionally \
                     gzip-compressed"
                .to_owned(),
        };
        return Err(source::syntax_error(
            &label,
            &decoded.origin,
            source::Pos::Offset(at),
            "binary data (a NUL byte), not a text feed",
            Some(&help),
        ));
    }
    let format = match opts.format {
        Some(f) => f,
        None => detect_format(name, first, text).map_err(|expected| {
            let at = text
                .iter()
                .position(|b| !b.is_ascii_whitespace())
                .unwrap_or(0) as u64;
            source::syntax_error(
                &label,
                &decoded.origin,
                source::Pos::Offset(at),
                &format!(
                    "the file is named as {expected} but its content is not: {}",
                    looks_like(text)
                ),
                Some(if name == path {
                    "rename the file, or pass --input-format with its real format"
                } else {
                    "give --stdin-filename the real extension, or pass --input-format with the real format"
                }),
            )
        })?,
    };
    // XML and JSON: the thread that reads the feed is the one the others wait for
    // (`FeedKind::is_costly_to_read`), so the input's bytes are read beside it. CSV keeps both
    // cores busy without it and measured slower with it (docs/performance.md).
    if format.is_costly_to_read() && rayon::current_num_threads() > 1 {
        decoded.reader = source::read_ahead(decoded.reader);
    }
    let (kind, inner) = match format {
        InputFormat::Csv | InputFormat::Tsv => {
            let r = delimited::DelimitedReader::new(
                decoded,
                label.clone(),
                format == InputFormat::Tsv,
            )?;
            (r.kind(), Inner::Delimited(Box::new(r)))
        }
        InputFormat::Xml => {
            let r = xml::XmlReader::new(decoded, label.clone())?;
            (r.kind(), Inner::Xml(Box::new(r)))
        }
        InputFormat::Json | InputFormat::Ndjson => {
            let ndjson = format == InputFormat::Ndjson;
            let r = json::JsonReader::new(decoded, label.clone(), ndjson, first)?;
            (r.kind(), Inner::Json(Box::new(r)))
        }
    };
    Ok(FeedReader {
        kind,
        label,
        inner,
        done: false,
        note,
    })
}

/// The format from the extension (without `.gz`), checked against the first byte of content:
/// content wins when the two disagree (XML named `.csv`, a tab file named `.txt`). A file named
/// `.xml`/`.json`/`.ndjson` whose content can only be delimited text is an error (naming the
/// format its name promised), never a CSV read of XML or JSON.
fn detect_format(path: &Path, first: u8, text: &[u8]) -> Result<InputFormat, &'static str> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let name = name.strip_suffix(".gz").unwrap_or(&name);
    let ext = name.rsplit_once('.').map_or("", |(_, e)| e);
    let by_ext = match ext {
        "csv" | "txt" => Some(InputFormat::Csv),
        "tsv" | "tab" => Some(InputFormat::Tsv),
        "xml" | "rss" | "atom" => Some(InputFormat::Xml),
        "json" => Some(InputFormat::Json),
        "ndjson" | "jsonl" => Some(InputFormat::Ndjson),
        _ => None,
    };
    Ok(match first {
        b'<' => InputFormat::Xml,
        // In a `.ndjson` file a first line that is an array is a bad line of its own: the lines
        // after it are still products.
        b'[' if by_ext == Some(InputFormat::Ndjson) => InputFormat::Ndjson,
        b'[' => InputFormat::Json,
        b'{' => match by_ext {
            Some(InputFormat::Ndjson) if json::first_line_continues(text) => InputFormat::Json,
            Some(f @ (InputFormat::Json | InputFormat::Ndjson)) => f,
            _ => json::sniff_object_stream(text),
        },
        _ => match by_ext {
            Some(InputFormat::Tsv) => InputFormat::Tsv,
            Some(InputFormat::Xml) => return Err("XML (an RSS or Atom feed starts with `<`)"),
            Some(InputFormat::Json) => {
                return Err("JSON (a JSON feed starts with `{` or `[`)");
            }
            Some(InputFormat::Ndjson) => {
                return Err("NDJSON (each line of a JSON Lines feed is an object `{...}`)");
            }
            _ => InputFormat::Csv,
        },
    })
}

/// A few words on what the start of a file looks like, for the format-mismatch error.
fn looks_like(text: &[u8]) -> &'static str {
    let start = text.trim_ascii_start();
    if start.starts_with(b"\"") {
        "it starts with a JSON string, not an object or array"
    } else if start.first().is_some_and(u8::is_ascii_digit) || start.starts_with(b"-") {
        "it starts with a number or plain text"
    } else {
        "it starts with plain text"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_without_a_bom_is_recognised_by_its_nul_bytes() {
        let text = "id,title\n1,Caf\u{e9} shirt\n";
        let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(source::utf16_without_bom(&le), Some("utf-16le"));
        assert_eq!(source::utf16_without_bom(&be), Some("utf-16be"));
        assert_eq!(
            source::utf16_without_bom(b"id,title\n1,\0\0\0\0 binary"),
            None
        );
        assert_eq!(source::utf16_without_bom(&[0; 64]), None);
    }

    #[test]
    fn sizes_parse_with_units_and_the_default_agrees() {
        assert_eq!(
            parse_size(DEFAULT_MAX_DECOMPRESSED_SIZE),
            Ok(DEFAULT_MAX_DECOMPRESSED_BYTES)
        );
        assert_eq!(parse_size("1048576"), Ok(1_048_576));
        assert_eq!(parse_size("500 MB"), Ok(500_000_000));
        assert_eq!(parse_size("2gib"), Ok(2 << 30));
        assert_eq!(parse_size("16KiB"), Ok(16 * 1024));
        assert!(parse_size("0").is_err());
        assert!(parse_size("2 parsecs").is_err());
        assert!(parse_size("GiB").is_err());
        assert!(parse_size("99999999999TiB").is_err());
    }

    #[test]
    fn stdin_is_labelled_by_its_name_and_files_by_their_path() {
        let opts = ReadOptions {
            stdin_name: Some(PathBuf::from("shop/feed.tsv.gz")),
            ..ReadOptions::default()
        };
        let dash = Path::new("-");
        assert_eq!(label(dash, &ReadOptions::default()), STDIN_LABEL);
        assert_eq!(label(dash, &opts), "shop/feed.tsv.gz");
        assert_eq!(named(dash, &opts), Path::new("shop/feed.tsv.gz"));
        // A file keeps its own path whatever stdin is named.
        assert_eq!(label(Path::new("a.csv"), &opts), "a.csv");
        assert_eq!(named(Path::new("a.csv"), &opts), Path::new("a.csv"));
    }

    #[test]
    fn format_comes_from_content_then_extension() {
        let p = Path::new;
        assert_eq!(
            detect_format(p("a.csv"), b'<', b"<rss/>"),
            Ok(InputFormat::Xml)
        );
        assert_eq!(
            detect_format(p("a.txt"), b'i', b"id\ttitle"),
            Ok(InputFormat::Csv)
        );
        assert_eq!(
            detect_format(p("a.tsv.gz"), b'i', b"id"),
            Ok(InputFormat::Tsv)
        );
        assert_eq!(
            detect_format(p("a.jsonl"), b'{', b"{}"),
            Ok(InputFormat::Ndjson)
        );
        assert_eq!(detect_format(p("-"), b'[', b"[]"), Ok(InputFormat::Json));
        // A `.ndjson` named pretty-printed document is one; a first line that is an array or a
        // broken object is a bad line of an NDJSON file.
        for (text, format) in [
            (&b"{\n  \"products\": [\n"[..], InputFormat::Json),
            (b"{ \"products\": [\n {\"id\": 1}\n", InputFormat::Json),
            (b"{\"id\":1}\n{\"id\":2}\n", InputFormat::Ndjson),
            (b"{\"id\":1, \"title\": \"a}\"}\r\n", InputFormat::Ndjson),
            (b"[1,2]\n{\"id\":2}\n", InputFormat::Ndjson),
            (
                b"{\"id\": 1, \"title\": \"a very long line",
                InputFormat::Ndjson,
            ),
        ] {
            let first = text[0];
            assert_eq!(
                detect_format(p("a.ndjson"), first, text),
                Ok(format),
                "{}",
                String::from_utf8_lossy(text)
            );
        }
        assert_eq!(
            detect_format(p("-"), b'{', b"{\"id\":1}\n{\"id\":2}\n"),
            Ok(InputFormat::Ndjson)
        );
        assert_eq!(
            detect_format(p("-"), b'{', b"{\n \"products\": []\n}\n"),
            Ok(InputFormat::Json)
        );
        assert!(detect_format(p("a.xml"), b'n', b"not xml").is_err());
        assert!(detect_format(p("a.json"), b'"', b"\"s\"").is_err());
        assert!(detect_format(p("a.ndjson.gz"), b'x', b"x").is_err());
    }
}
