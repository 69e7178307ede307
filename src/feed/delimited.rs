//! CSV and TSV feeds (GMC 160567 "delimited text"): a header line of attribute names, one product
//! per record.
//!
//! Responsible for: sniffing the delimiter from the header line, mapping header names to
//! canonical attributes, splitting multi-value cells and the text forms of `shipping`/`tax`, and
//! reporting ragged rows as read issues of their product. An empty cell is an absent attribute (a
//! spreadsheet cannot tell the two apart). Not responsible for judging values.

use std::sync::Arc;

use super::FeedKind;
use super::names::{
    self, SHIPPING_DEFAULT_ORDER, TAX_DEFAULT_ORDER, canonical_name, is_multi_value,
    split_group_header, split_multi,
};
use super::source::{self, Decoded, DynRead, Origin, Pos};
use crate::error::Error;
use crate::model::{Attribute, Product, ReadIssue, SourceLocation};

enum Column {
    /// A column whose attribute no other column shares: pushed without a lookup.
    Unique(String),
    Plain(String),
    Multi(String),
    Shipping(Vec<String>),
    Tax(Vec<String>),
}

pub(crate) struct DelimitedReader {
    rdr: csv::Reader<DynRead>,
    columns: Vec<Column>,
    label: Arc<str>,
    origin: Origin,
    kind: FeedKind,
    record: csv::StringRecord,
    index: u64,
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
            .from_reader(decoded.reader);
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
        Ok(Self {
            rdr,
            columns,
            label,
            origin,
            kind,
            record: csv::StringRecord::new(),
            index: 0,
        })
    }

    pub(crate) fn kind(&self) -> FeedKind {
        self.kind
    }

    pub(crate) fn next(&mut self) -> Option<Result<Product, Error>> {
        match self.rdr.read_record(&mut self.record) {
            Ok(true) => {}
            Ok(false) => {
                if self.index == 0 {
                    return Some(Err(Error::input(format!(
                        "{}: the feed has a header line but no products",
                        self.label
                    ))
                    .with_help("add one line per product under the header")));
                }
                return None;
            }
            Err(e) => return Some(Err(csv_error(&self.label, &self.origin, &e))),
        }
        let line = self.record.position().map_or(0, csv::Position::line);
        let mut p = Product::new(SourceLocation::new(self.label.clone(), line, self.index));
        p.attributes.reserve(self.columns.len());
        self.index += 1;
        let n = self.record.len();
        if n != self.columns.len() {
            let what = if n < self.columns.len() {
                "too few"
            } else {
                "too many"
            };
            p.read_issues.push(ReadIssue {
                line,
                message: format!(
                    "row has {what} fields: {n} where the header has {}",
                    self.columns.len()
                ),
            });
        }
        for (cell, col) in self.record.iter().zip(&self.columns) {
            if cell.is_empty() {
                continue;
            }
            match col {
                Column::Unique(name) => p.attributes.push(Attribute {
                    name: name.clone(),
                    values: vec![cell.to_owned()],
                }),
                Column::Plain(name) => p.push(name, cell),
                Column::Multi(name) => {
                    if cell.contains(',') {
                        for v in split_multi(cell) {
                            p.push(name, v);
                        }
                    } else {
                        p.push(name, cell);
                    }
                }
                Column::Shipping(order) => {
                    let (list, problems) = names::parse_shipping_list(cell, order);
                    p.shipping.extend(list);
                    for message in problems {
                        p.read_issues.push(ReadIssue { line, message });
                    }
                }
                Column::Tax(order) => {
                    let (list, problems) = names::parse_tax_list(cell, order);
                    p.tax.extend(list);
                    for message in problems {
                        p.read_issues.push(ReadIssue { line, message });
                    }
                }
            }
        }
        Some(Ok(p))
    }
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
        "" => Column::Plain(format!("column_{}", i + 1)),
        "shipping" => Column::Shipping(
            SHIPPING_DEFAULT_ORDER
                .iter()
                .map(|s| (*s).to_owned())
                .collect(),
        ),
        "tax" => Column::Tax(TAX_DEFAULT_ORDER.iter().map(|s| (*s).to_owned()).collect()),
        n if is_multi_value(n) => Column::Multi(n.to_owned()),
        _ => Column::Plain(name.into_owned()),
    }
}

/// Plain columns whose attribute appears in no other column become [`Column::Unique`].
fn mark_unique(columns: &mut [Column]) {
    let names: Vec<Option<String>> = columns
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
                .any(|(j, m)| j != i && m.as_deref() == Some(n.as_str()));
            if !shared {
                *c = Column::Unique(std::mem::take(n));
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
    fn delimiter_is_sniffed_from_the_header_line() {
        assert_eq!(sniff_delimiter(b"id\ttitle\tprice\n1,2,3,4,5\n"), b'\t');
        assert_eq!(sniff_delimiter(b"id,title,price\n"), b',');
        assert_eq!(sniff_delimiter(b"id;title;price\n"), b';');
        assert_eq!(sniff_delimiter(b"\"a,b\"\tc\n"), b'\t');
        assert_eq!(sniff_delimiter(b"id\n"), b',');
    }
}
