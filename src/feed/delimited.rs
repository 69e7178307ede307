//! CSV and TSV feeds (GMC 160567 "delimited text"): a header line of attribute names, one product
//! per record.
//!
//! Responsible for: sniffing the delimiter from the header line, mapping header names to
//! canonical attributes, splitting multi-value cells and the text forms of `shipping`/`tax`, and
//! reporting ragged rows as read issues of their product. An empty cell is an absent attribute (a
//! spreadsheet cannot tell the two apart). Not responsible for judging values.
//!
//! Broken structure is never silent:
//! - A row with too few fields says which columns got no value; a row with too many keeps the
//!   extra values as `column_N` (N the 1-based field position) and says so. A short last row at
//!   the end of a file without a final line break is reported as a probably truncated file.
//! - A row equal to the header (compared after the same name normalisation as the header) is
//!   skipped, not read as a product, and reported as a read issue of the product before it (or,
//!   at the start, the product after it).
//! - An unclosed quote: the csv parser reads everything after an opening quote into one field up
//!   to the end of the file. The rule used: when the last record of the file ends exactly at the
//!   end of the input, its last field contains a line break (so it was quoted), and the file does
//!   not end with a closing `"` (optionally followed by one line break), the quote opened in
//!   that field was never closed. That stops the feed with an error naming the line where the
//!   quote opened and how many lines were swallowed. A correctly quoted multi-line last field
//!   always ends the file with `"`, so valid feeds never trigger it.

use std::borrow::Cow;
use std::io::Read;
use std::sync::Arc;

use super::FeedKind;
use super::names::{
    self, SHIPPING_DEFAULT_ORDER, TAX_DEFAULT_ORDER, canonical_name, is_multi_value,
    split_group_header, split_multi, static_name,
};
use super::source::{self, Decoded, DynRead, Origin, Pos};
use crate::error::Error;
use crate::model::{Attribute, Product, ReadIssue, SourceLocation};

enum Column {
    /// A column whose attribute no other column shares: pushed without a lookup.
    Unique(Cow<'static, str>),
    Plain(Cow<'static, str>),
    Multi(Cow<'static, str>),
    Shipping(Vec<String>),
    Tax(Vec<String>),
}

/// Passes the decoded text through and remembers how much was read, whether the end was
/// reached and the last bytes, so the reader can tell a record that ends the file.
pub(crate) struct TailRead {
    inner: DynRead,
    total: u64,
    tail: [u8; 3],
    eof: bool,
}

impl Read for TailRead {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        if n == 0 {
            if !buf.is_empty() {
                self.eof = true;
            }
            return Ok(0);
        }
        self.total += n as u64;
        for &b in &buf[n.saturating_sub(3)..n] {
            self.tail = [self.tail[1], self.tail[2], b];
        }
        Ok(n)
    }
}

impl TailRead {
    /// The input ends with a line break.
    fn ends_with_newline(&self) -> bool {
        self.tail[2] == b'\n' || self.tail[2] == b'\r'
    }

    /// The input ends with `"`, optionally followed by one line break (`\n`, `\r\n` or `\r`).
    fn ends_with_quote(&self) -> bool {
        matches!(
            self.tail,
            [_, _, b'"'] | [_, b'"', b'\n' | b'\r'] | [b'"', b'\r', b'\n']
        )
    }
}

/// What reading one record gave.
#[allow(
    clippy::large_enum_variant,
    reason = "nearly every step is a product, moved out at once; boxing it would allocate per product"
)]
enum Step {
    Product(Product),
    /// A record equal to the header, at this line.
    HeaderRepeat(u64),
    End,
    Failed(Error),
}

pub(crate) struct DelimitedReader {
    rdr: csv::Reader<TailRead>,
    columns: Vec<Column>,
    /// The header cells after name normalisation, to recognise a repeated header.
    header_names: Vec<String>,
    /// The first header cell, lowercase ASCII letters and digits only (a cheap first test).
    header_key: Vec<u8>,
    /// The first header cell, trimmed (the first test when it has no ASCII letter or digit).
    header_first: String,
    label: Arc<str>,
    origin: Origin,
    kind: FeedKind,
    record: csv::StringRecord,
    index: u64,
    /// The product read ahead, so a later repeated header can be reported on it.
    held: Option<Product>,
    /// Read issues waiting for the next product (a header repeated before any product).
    pending: Vec<ReadIssue>,
    /// An error to yield once the held product has been yielded.
    failed: Option<Error>,
    finished: bool,
}

impl DelimitedReader {
    pub(crate) fn new(decoded: Decoded, label: Arc<str>, force_tab: bool) -> Result<Self, Error> {
        let delimiter = if force_tab {
            b'\t'
        } else {
            sniff_delimiter(&decoded.prefix)
        };
        let kind = if delimiter == b'\t' {
            FeedKind::Tsv
        } else {
            FeedKind::Csv
        };
        let mut rdr = csv::ReaderBuilder::new()
            .delimiter(delimiter)
            .has_headers(false)
            .flexible(true)
            .buffer_capacity(source::BUF_BYTES)
            .from_reader(TailRead {
                inner: decoded.reader,
                total: 0,
                tail: [0; 3],
                eof: false,
            });
        let origin = decoded.origin;
        let mut header = csv::StringRecord::new();
        match rdr.read_record(&mut header) {
            Ok(true) => {}
            Ok(false) => {
                return Err(Error::input(format!("{label}: the feed is empty")));
            }
            Err(e) => return Err(csv_error(&label, &origin, &e)),
        }
        let mut columns: Vec<Column> = header
            .iter()
            .enumerate()
            .map(|(i, h)| column(h, i))
            .collect();
        mark_unique(&mut columns);
        let header_names = header
            .iter()
            .map(|h| canonical_name(h).into_owned())
            .collect();
        let header_key = header.get(0).map(match_key).unwrap_or_default();
        let header_first = header.get(0).unwrap_or_default().trim().to_owned();
        Ok(Self {
            rdr,
            columns,
            header_names,
            header_key,
            header_first,
            label,
            origin,
            kind,
            record: csv::StringRecord::new(),
            index: 0,
            held: None,
            pending: Vec::new(),
            failed: None,
            finished: false,
        })
    }

    pub(crate) fn kind(&self) -> FeedKind {
        self.kind
    }

    pub(crate) fn next(&mut self) -> Option<Result<Product, Error>> {
        loop {
            if let Some(e) = self.failed.take() {
                return Some(Err(e));
            }
            if self.finished {
                return self.held.take().map(Ok);
            }
            match self.step() {
                Step::Product(mut p) => {
                    if !self.pending.is_empty() {
                        p.read_issues.splice(0..0, self.pending.drain(..));
                    }
                    if let Some(prev) = self.held.replace(p) {
                        return Some(Ok(prev));
                    }
                }
                Step::HeaderRepeat(line) => {
                    let issue = ReadIssue {
                        line,
                        message: "this line repeats the header line; it was skipped, not read as \
                                  a product (were several files concatenated?)"
                            .into(),
                    };
                    match &mut self.held {
                        Some(p) => p.read_issues.push(issue),
                        None => self.pending.push(issue),
                    }
                }
                Step::End => {
                    self.finished = true;
                    match &mut self.held {
                        Some(p) => p.read_issues.append(&mut self.pending),
                        None => return Some(Err(self.header_only())),
                    }
                }
                Step::Failed(e) => {
                    self.finished = true;
                    if self.held.is_none() {
                        return Some(Err(e));
                    }
                    self.failed = Some(e);
                    return self.held.take().map(Ok);
                }
            }
        }
    }

    fn header_only(&self) -> Error {
        let repeats = if self.pending.is_empty() {
            String::new()
        } else {
            let lines: Vec<String> = self.pending.iter().map(|i| i.line.to_string()).collect();
            format!(" (line {} only repeats the header)", lines.join(", "))
        };
        Error::input(format!(
            "{}: the feed has a header line but no products{repeats}",
            self.label
        ))
        .with_help("add one line per product under the header")
    }

    /// Whether the record just read is the header again.
    fn is_header_repeat(&self) -> bool {
        let r = &self.record;
        if r.len() != self.header_names.len() || r.is_empty() {
            return false;
        }
        let first = r.get(0).unwrap_or_default();
        let candidate = if self.header_key.is_empty() {
            first.trim() == self.header_first
        } else {
            key_matches(first, &self.header_key)
        };
        if !candidate {
            return false;
        }
        r.iter()
            .zip(&self.header_names)
            .all(|(cell, name)| canonical_name(cell) == name.as_str())
    }

    /// The record just read ends exactly at the end of the input.
    fn at_end_of_input(&self) -> bool {
        let tail = self.rdr.get_ref();
        tail.eof && self.rdr.position().byte() == tail.total
    }

    /// The error for a quote opened in the last field of the last record and never closed
    /// (see the module documentation for the rule).
    fn unclosed_quote(&self, line: u64) -> Option<Error> {
        let n = self.record.len();
        let last = self.record.get(n.checked_sub(1)?)?;
        // The cheap test first: only the last record of the input can have this problem.
        if !self.at_end_of_input()
            || memchr::memchr(b'\n', last.as_bytes()).is_none()
            || self.rdr.get_ref().ends_with_quote()
        {
            return None;
        }
        let before: Vec<&str> = self.record.iter().take(n - 1).collect();
        let newlines_before: u64 = before
            .iter()
            .map(|f| source::count_newlines(f.as_bytes()))
            .sum();
        let open_line = line + newlines_before;
        let col = if newlines_before == 0 {
            before
                .iter()
                .map(|f| f.chars().count() as u64 + 1)
                .sum::<u64>()
                + 1
        } else {
            1
        };
        let swallowed = source::count_newlines(last.as_bytes()) + u64::from(!last.ends_with('\n'));
        Some(source::syntax_error(
            &self.label,
            &self.origin,
            Pos::LineCol(open_line, col),
            &format!(
                "line {open_line}: a quoted field opened here is never closed; the rest of the \
                 file ({swallowed} line{}) was read into it",
                if swallowed == 1 { "" } else { "s" }
            ),
            Some(
                "close the quote, or double every `\"` inside a quoted value (`\"\"`); a value \
                 without quotes must not start with `\"`",
            ),
        ))
    }

    /// Reads one record into a product, a repeated header, the end, or an error.
    fn step(&mut self) -> Step {
        match self.rdr.read_record(&mut self.record) {
            Ok(true) => {}
            Ok(false) => return Step::End,
            Err(e) => return Step::Failed(csv_error(&self.label, &self.origin, &e)),
        }
        let line = self.record.position().map_or(0, csv::Position::line);
        if let Some(e) = self.unclosed_quote(line) {
            return Step::Failed(e);
        }
        if self.is_header_repeat() {
            return Step::HeaderRepeat(line);
        }
        let mut p = Product::new(SourceLocation::new(self.label.clone(), line, self.index));
        p.reserve_attributes(self.columns.len());
        self.index += 1;
        if memchr::memchr(0xEF, self.record.as_slice().as_bytes()).is_some() {
            for (i, cell) in self.record.iter().enumerate() {
                if cell.contains('\u{feff}') {
                    p.read_issues.push(ReadIssue {
                        line,
                        message: format!(
                            "field {} contains a byte order mark (U+FEFF), kept as written: \
                             were several files concatenated?",
                            i + 1
                        ),
                    });
                }
            }
        }
        for (cell, col) in self.record.iter().zip(&self.columns) {
            if cell.is_empty() {
                continue;
            }
            match col {
                Column::Unique(name) => p.push_new(Attribute {
                    name: name.clone(),
                    values: smallvec::smallvec![cell.to_owned()],
                }),
                Column::Plain(name) => p.push_named(name, cell),
                Column::Multi(name) => {
                    if memchr::memchr(b',', cell.as_bytes()).is_some() {
                        for v in split_multi(cell) {
                            p.push_named(name, v);
                        }
                    } else {
                        p.push_named(name, cell);
                    }
                }
                Column::Shipping(order) => {
                    let (list, problems) = names::parse_shipping_list(cell, order);
                    append(&mut p.shipping, list);
                    for message in problems {
                        p.read_issues.push(ReadIssue { line, message });
                    }
                }
                Column::Tax(order) => {
                    let (list, problems) = names::parse_tax_list(cell, order);
                    append(&mut p.tax, list);
                    for message in problems {
                        p.read_issues.push(ReadIssue { line, message });
                    }
                }
            }
        }
        // After the header's columns, so extra values come last in the product too.
        let n = self.record.len();
        if n != self.columns.len() {
            let message = self.ragged(&mut p, n);
            p.read_issues.push(ReadIssue { line, message });
        }
        Step::Product(p)
    }

    /// The read issue of a row with `n` fields where the header has another count. Extra
    /// values are kept as `column_N` so none is lost.
    fn ragged(&self, p: &mut Product, n: usize) -> String {
        let want = self.columns.len();
        let mut message = if n < want {
            let missing: Vec<String> = self.header_names[n..]
                .iter()
                .take(5)
                .map(|h| format!("`{h}`"))
                .collect();
            let more = if want - n > 5 {
                format!(" and {} more", want - n - 5)
            } else {
                String::new()
            };
            format!(
                "row has too few fields: {n} where the header has {want}; no value for {}{more}",
                missing.join(", ")
            )
        } else {
            let mut kept = Vec::new();
            for (i, cell) in self.record.iter().enumerate().skip(want) {
                if !cell.is_empty() {
                    let name = format!("column_{}", i + 1);
                    p.push(&name, cell);
                    kept.push(format!("`{name}`"));
                }
            }
            let what = if kept.is_empty() {
                "the extra fields are empty".to_owned()
            } else {
                format!("the extra values are kept as {}", kept.join(", "))
            };
            format!("row has too many fields: {n} where the header has {want}; {what}")
        };
        if n < want && self.at_end_of_input() && !self.rdr.get_ref().ends_with_newline() {
            message.push_str(
                "; it is the last row and the file ends without a line break: the file is \
                 probably truncated",
            );
        }
        message
    }
}

/// The letters and digits of a header cell, lowercased: a repeated header's first cell has the
/// same key (`Image Link`, `image_link` and `imageLink` all give `imagelink`).
fn match_key(cell: &str) -> Vec<u8> {
    cell.bytes()
        .filter(u8::is_ascii_alphanumeric)
        .map(|b| b.to_ascii_lowercase())
        .collect()
}

/// `cell` has the key `key` (see [`match_key`]), without allocating.
fn key_matches(cell: &str, key: &[u8]) -> bool {
    let mut want = key.iter();
    for b in cell.bytes().filter(u8::is_ascii_alphanumeric) {
        if want.next() != Some(&b.to_ascii_lowercase()) {
            return false;
        }
    }
    want.next().is_none() && !key.is_empty()
}

fn column(header: &str, i: usize) -> Column {
    if let Some((name, order)) = split_group_header(header) {
        match name.as_ref() {
            "shipping" => return Column::Shipping(order),
            "tax" => return Column::Tax(order),
            _ => {}
        }
    }
    let name = canonical_name(header);
    match name.as_ref() {
        "" => Column::Plain(Cow::Owned(format!("column_{}", i + 1))),
        "shipping" => Column::Shipping(
            SHIPPING_DEFAULT_ORDER
                .iter()
                .map(|s| (*s).to_owned())
                .collect(),
        ),
        "tax" => Column::Tax(TAX_DEFAULT_ORDER.iter().map(|s| (*s).to_owned()).collect()),
        n if is_multi_value(n) => Column::Multi(static_name(n)),
        _ => Column::Plain(static_name(&name)),
    }
}

/// Adds `list` to `to`; when `to` is empty (one shipping or tax column, the usual case) by taking
/// `list` over, without a second allocation.
fn append<T>(to: &mut Vec<T>, list: Vec<T>) {
    if to.is_empty() {
        *to = list;
    } else {
        to.extend(list);
    }
}

/// Plain columns whose attribute appears in no other column become [`Column::Unique`].
fn mark_unique(columns: &mut [Column]) {
    let names: Vec<Option<Cow<'static, str>>> = columns
        .iter()
        .map(|c| match c {
            Column::Plain(n) | Column::Multi(n) | Column::Unique(n) => Some(n.clone()),
            Column::Shipping(_) | Column::Tax(_) => None,
        })
        .collect();
    for (i, c) in columns.iter_mut().enumerate() {
        if let Column::Plain(n) = c {
            let shared = names
                .iter()
                .enumerate()
                .any(|(j, m)| j != i && m.as_deref() == Some(&**n));
            if !shared {
                *c = Column::Unique(n.clone());
            }
        }
    }
}

/// The delimiter of the header line: the most frequent of tab, comma, semicolon and pipe outside
/// quotes, tab winning ties (GMC's own text format is tab-delimited).
fn sniff_delimiter(text: &[u8]) -> u8 {
    let mut counts = [0usize; 4];
    let cands = [b'\t', b',', b';', b'|'];
    let mut quoted = false;
    for &b in text {
        match b {
            b'"' => quoted = !quoted,
            b'\n' if !quoted => break,
            _ if !quoted => {
                if let Some(i) = cands.iter().position(|&c| c == b) {
                    counts[i] += 1;
                }
            }
            _ => {}
        }
    }
    let mut best = 0;
    for i in 1..4 {
        if counts[i] > counts[best] {
            best = i;
        }
    }
    if counts[best] == 0 { b',' } else { cands[best] }
}

fn csv_error(label: &str, origin: &Origin, e: &csv::Error) -> Error {
    match e.kind() {
        csv::ErrorKind::Io(io) => source::io_error(label, io),
        csv::ErrorKind::Utf8 { pos, err } => {
            let line = pos.as_ref().map_or(0, csv::Position::line);
            source::syntax_error(
                label,
                origin,
                Pos::LineCol(line, 1),
                &format!("field {} is not valid UTF-8", err.field() + 1),
                Some("save the feed as UTF-8 or pass --encoding"),
            )
        }
        _ => Error::input(format!("{label}: {e}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_of_two_shipping_columns_are_all_kept_in_column_order() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("two-shipping.csv");
        std::fs::write(
            &path,
            "id,shipping,shipping(country:price),tax\n1,US::Standard:4.95 USD,CA:9.00 CAD,US:CA:7.25:y\n",
        )
        .unwrap();
        let products: Vec<Product> = crate::feed::open(&path, &crate::feed::ReadOptions::default())
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let p = &products[0];
        let prices: Vec<Option<&str>> = p.shipping.iter().map(|s| s.price.as_deref()).collect();
        assert_eq!(prices, [Some("4.95 USD"), Some("9.00 CAD")]);
        assert_eq!(p.shipping[1].country.as_deref(), Some("CA"));
        assert_eq!(p.tax.len(), 1);
        assert_eq!(p.tax[0].rate.as_deref(), Some("7.25"));
    }

    #[test]
    fn delimiter_is_sniffed_from_the_header_line() {
        assert_eq!(sniff_delimiter(b"id\ttitle\tprice\n1,2,3,4,5\n"), b'\t');
        assert_eq!(sniff_delimiter(b"id,title,price\n"), b',');
        assert_eq!(sniff_delimiter(b"id;title;price\n"), b';');
        assert_eq!(sniff_delimiter(b"\"a,b\"\tc\n"), b'\t');
        assert_eq!(sniff_delimiter(b"id\n"), b',');
    }

    #[test]
    fn a_repeated_header_is_recognised_in_any_spelling() {
        let key = match_key("Image Link");
        assert!(key_matches("image_link", &key));
        assert!(key_matches("imageLink", &key));
        assert!(key_matches(" IMAGE-LINK ", &key));
        assert!(!key_matches("image_links", &key));
        assert!(!key_matches("SKU-1", &key));
        assert!(!key_matches("", &[]));
    }

    #[test]
    fn catalog_names_are_borrowed_and_others_owned() {
        let mut columns: Vec<Column> =
            ["ID", "image link", "google_product_category", "my_note", ""]
                .iter()
                .enumerate()
                .map(|(i, h)| column(h, i))
                .collect();
        mark_unique(&mut columns);
        let names: Vec<(String, bool)> = columns
            .iter()
            .map(|c| match c {
                Column::Unique(n) | Column::Plain(n) | Column::Multi(n) => {
                    (n.to_string(), matches!(n, Cow::Borrowed(_)))
                }
                Column::Shipping(_) | Column::Tax(_) => (String::new(), false),
            })
            .collect();
        assert_eq!(
            names,
            [
                ("id".to_owned(), true),
                ("image_link".to_owned(), true),
                ("market_product_category".to_owned(), true),
                ("my_note".to_owned(), false),
                ("column_5".to_owned(), false),
            ]
        );
        let mut p = Product::default();
        for (c, v) in columns
            .iter()
            .zip(["1", "https://x/a.jpg", "Toys", "n", "e"])
        {
            if let Column::Unique(n) | Column::Plain(n) = c {
                p.push_named(n, v);
            }
        }
        assert!(matches!(p.attributes()[0].name, Cow::Borrowed("id")));
        assert_eq!(p.get("my_note"), Some("n"));
        assert_eq!(p.get("column_5"), Some("e"));
    }
}
