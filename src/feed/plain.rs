//! The records of a delimited segment read by jumping from delimiter to delimiter with memchr,
//! instead of through the csv crate's byte-at-a-time parser (~10,400 instructions a bench row,
//! the largest single cost of reading one: docs/performance.md, "eaf32d2–").
//!
//! Responsible for: reading what the csv crate reads (as the delimited reader sets it up: default
//! quoting, `""` a quote inside a quoted field, `\n`, `\r` and `\r\n` ending records, blank lines
//! skipped, any number of fields) into the same `csv::StringRecord`, with the same position (the
//! byte where the crate would have started reading the record and its line, counted by `\n`), so
//! that everything after the read cannot tell the two apart. A proptest holds the two to the same
//! records and positions on any text.
//!
//! The crate's reading of text after the closing quote of a quoted field (`"Acme" brand` reads
//! `Acme brand`) included; not its removal of a byte order mark starting the text it is given,
//! which made a record starting with one read one way at the start of a segment and another
//! elsewhere: here it is kept wherever it is, and reported (docs/feeds.md). The text is valid
//! UTF-8 (checked once per segment), so a field cut at ASCII bytes is too.

use memchr::{memchr, memchr3};

/// A segment's text and where the next record starts.
pub(crate) struct Plain {
    text: String,
    /// Where the csv crate would start reading the next record: after the line break ending the
    /// record before, except the `\n` of a `\r\n`, which it reads as a blank line.
    at: usize,
    /// 1 + the `\n` before `at`: the crate's line there.
    line: u64,
    /// A quoted field with `""` in it, unescaped.
    scratch: String,
}

impl Plain {
    pub(crate) fn new(text: String) -> Self {
        Self {
            text,
            at: 0,
            line: 1,
            scratch: String::new(),
        }
    }

    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    pub(crate) fn into_text(self) -> String {
        self.text
    }

    /// The text, leaving this reader with none (for the csv crate's reader to read it on).
    pub(crate) fn take_text(&mut self) -> String {
        std::mem::take(&mut self.text)
    }

    /// Where the unquoted text from `at` ends: at the next delimiter or line break, or the end.
    fn field_end(bytes: &[u8], at: usize, delimiter: u8) -> usize {
        memchr3(delimiter, b'\n', b'\r', &bytes[at..]).map_or(bytes.len(), |k| at + k)
    }

    /// The csv crate's position before the next record (or, after the last, at the end).
    pub(crate) fn position(&self) -> csv::Position {
        let mut pos = csv::Position::new();
        pos.set_byte(self.at as u64).set_line(self.line);
        pos
    }

    /// Reads the next record into `record`, with the position the csv crate gives it: `Some(true)`
    /// when there was one, `Some(false)` at the end of the text. `None` (nothing read, the
    /// position unchanged) would mean a field not cut at a character boundary, which valid UTF-8
    /// cut at ASCII bytes never gives: the caller then reads on with the csv crate.
    pub(crate) fn read(&mut self, delimiter: u8, record: &mut csv::StringRecord) -> Option<bool> {
        let text = self.text.as_str();
        let bytes = text.as_bytes();
        let len = bytes.len();
        let start = self.at;
        record.clear();
        record.set_position(Some(self.position()));
        // Blank lines before the record are skipped.
        let mut at = start
            + bytes[start..]
                .iter()
                .take_while(|&&c| c == b'\n' || c == b'\r')
                .count();
        if at == len {
            self.line += crate::feed::source::count_newlines(&bytes[start..]);
            self.at = len;
            return Some(false);
        }
        loop {
            if bytes.get(at) == Some(&b'"') {
                // A quoted field: to the next lone `"` (or the end of the text, where the crate
                // ends an unclosed one), each `""` a quote.
                let mut from = at + 1;
                let mut next = from;
                let mut escaped = false;
                self.scratch.clear();
                let end = loop {
                    let Some(quote) = memchr(b'"', &bytes[next..]).map(|k| next + k) else {
                        break len;
                    };
                    if bytes.get(quote + 1) != Some(&b'"') {
                        break quote;
                    }
                    self.scratch.push_str(text.get(from..=quote)?);
                    escaped = true;
                    next = quote + 2;
                    from = next;
                };
                let rest = text.get(from..end)?;
                at = (end + 1).min(len);
                // Text after the closing quote belongs to the field, up to the next delimiter
                // or line break, quotes and all (`"Acme" brand` reads `Acme brand`).
                let after = match bytes.get(at) {
                    Some(&c) if c != delimiter && c != b'\n' && c != b'\r' => {
                        let end = Self::field_end(bytes, at, delimiter);
                        let after = text.get(at..end)?;
                        at = end;
                        after
                    }
                    _ => "",
                };
                if escaped || !after.is_empty() {
                    self.scratch.push_str(rest);
                    self.scratch.push_str(after);
                    record.push_field(&self.scratch);
                } else {
                    record.push_field(rest);
                }
            } else {
                let end = Self::field_end(bytes, at, delimiter);
                record.push_field(text.get(at..end)?);
                at = end;
            }
            match bytes.get(at) {
                None => break,
                Some(&c) if c == delimiter => {
                    at += 1;
                    if at == len {
                        // A delimiter ending the text: an empty last field.
                        record.push_field("");
                        break;
                    }
                }
                _ => {
                    // `\n` or `\r`.
                    at += 1;
                    break;
                }
            }
        }
        self.line += crate::feed::source::count_newlines(&bytes[start..at]);
        self.at = at;
        Some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A record as compared: its fields, and the byte and line of its position.
    type Rec = (Vec<String>, u64, u64);

    fn rec(r: &csv::StringRecord) -> Rec {
        let pos = r.position().cloned().unwrap_or_else(csv::Position::new);
        (
            r.iter().map(str::to_owned).collect(),
            pos.byte(),
            pos.line(),
        )
    }

    /// The records of `text` as the csv crate reads them, and its position at the end.
    fn by_csv(text: &str, d: u8) -> (Vec<Rec>, u64, u64) {
        let mut rdr = csv::ReaderBuilder::new()
            .delimiter(d)
            .has_headers(false)
            .flexible(true)
            .from_reader(text.as_bytes());
        let mut out = Vec::new();
        let mut r = csv::StringRecord::new();
        while rdr.read_record(&mut r).unwrap_or(false) {
            out.push(rec(&r));
        }
        (out, rdr.position().byte(), rdr.position().line())
    }

    /// The records `Plain` reads, and its position at the end, or `None` if it handed a record
    /// back (it never does).
    fn by_plain(text: &str, d: u8) -> Option<(Vec<Rec>, u64, u64)> {
        let mut p = Plain::new(text.to_owned());
        let mut out = Vec::new();
        let mut r = csv::StringRecord::new();
        while p.read(d, &mut r)? {
            out.push(rec(&r));
        }
        let pos = p.position();
        Some((out, pos.byte(), pos.line()))
    }

    proptest! {
        /// On any text (not starting with a byte order mark), the records, their positions and the
        /// position at the end are the csv crate's.
        #[test]
        fn reads_what_the_csv_crate_reads(
            parts in proptest::collection::vec(
                proptest::sample::select(vec![
                    "a", "bc", ",", "\t", "\"", "\"\"", "\n", "\r", "\r\n", " ", "é", "\"x\"",
                    "\"x\"y", "\u{feff}",
                ]),
                0..60,
            ),
            tab in any::<bool>(),
        ) {
            let mut text: String = parts.concat();
            let d = if tab { b'\t' } else { b',' };
            // The crate removes a byte order mark starting its text (see the module documentation).
            if text.starts_with('\u{feff}') {
                text.insert(0, 'a');
            }
            prop_assert_eq!(by_plain(&text, d), Some(by_csv(&text, d)));
        }
    }

    #[test]
    fn fields_quotes_and_line_ends() {
        let text = "a,\"b,\"\"c\"\"\",\r\n\n\"multi\nline\",x\r\"open";
        let got = by_plain(text, b',');
        assert_eq!(got, Some(by_csv(text, b',')));
        let (records, ..) = got.unwrap_or_default();
        let fields: Vec<Vec<String>> = records.into_iter().map(|r| r.0).collect();
        assert_eq!(
            fields,
            [
                vec!["a", "b,\"c\"", ""],
                vec!["multi\nline", "x"],
                vec!["open"],
            ]
        );
    }

    #[test]
    fn text_after_a_closing_quote_is_read_as_the_csv_crate_reads_it() {
        let text = "1,\"Acme\" brand,\"x\"\"y\"z\"w\"\n2,\"a\"b\r\n";
        let got = by_plain(text, b',');
        assert_eq!(got, Some(by_csv(text, b',')));
        let fields: Vec<Vec<String>> = got.unwrap_or_default().0.into_iter().map(|r| r.0).collect();
        assert_eq!(
            fields,
            [vec!["1", "Acme brand", "x\"yz\"w\""], vec!["2", "ab"]]
        );
    }

    #[test]
    fn a_byte_order_mark_is_kept_wherever_it_is() {
        let mut p = Plain::new("\u{feff}1,a\n\u{feff}2,b\n".to_owned());
        let mut r = csv::StringRecord::new();
        let mut first = Vec::new();
        while p.read(b',', &mut r) == Some(true) {
            first.push(r.get(0).unwrap_or_default().to_owned());
        }
        assert_eq!(first, ["\u{feff}1", "\u{feff}2"]);
    }
}
