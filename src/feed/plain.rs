//! The records of a delimited segment read by jumping from delimiter to delimiter with memchr,
//! instead of through the csv crate's byte-at-a-time parser (~10,400 instructions a bench row,
//! the largest single cost of reading one: docs/performance.md, "eaf32d2–e8a1827").
//!
//! Responsible for: reading what the csv crate reads (as the delimited reader sets it up: default
//! quoting, `""` a quote inside a quoted field, `\n`, `\r` and `\r\n` ending records, blank lines
//! skipped, any number of fields), each field as a range of the segment's text (or, rewritten, of
//! a scratch text), with the crate's position of each record (the byte where the crate would have
//! started reading it and its line, counted by `\n`), so that everything after the read cannot
//! tell the two apart. A proptest holds the two to the same records and positions on any text.
//!
//! The crate's reading of text after the closing quote of a quoted field (`"Acme" brand` reads
//! `Acme brand`) included; not its removal of a byte order mark starting the text it is given,
//! which made a record starting with one read one way at the start of a segment and another
//! elsewhere: here it is kept wherever it is, and reported (docs/reading-bad-input.md). The text
//! is valid UTF-8 (checked once per segment), so a field cut at ASCII bytes is too.

use memchr::{memchr2, memchr3};

/// The `\n`s in `breaks`, the line breaks before a record: nearly always none or the `\n` of
/// a `\r\n`, counted by a byte loop where `source::count_newlines` (memchr's counter) was a
/// call of ~40 instructions for every record.
#[allow(
    clippy::naive_bytecount,
    reason = "a slice of zero or one byte nearly always (see above)"
)]
pub(crate) fn newlines_in_breaks(breaks: &[u8]) -> u64 {
    breaks.iter().filter(|&&b| b == b'\n').count() as u64
}

/// How many eight-byte words of an unquoted field [`Plain::field_end`] tests before memchr3.
const SWAR_WORDS: usize = 2;

/// Where a field of the record just read is: a range of the text, or of the scratch text (a
/// quoted field with `""` or text after its closing quote, rewritten as the csv crate reads it).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Span {
    start: usize,
    end: usize,
    scratch: bool,
}

impl Span {
    /// The field is empty: known without slicing the text it is a range of.
    pub(crate) fn is_empty(self) -> bool {
        self.end <= self.start
    }
}

/// The fields of a [`Plain`] reader's record ([`Plain::fields`]).
pub(crate) struct Fields<'a> {
    plain: &'a Plain,
    spans: std::slice::Iter<'a, Span>,
}

impl<'a> Iterator for Fields<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let span = *self.spans.next()?;
        Some(self.plain.field(span).unwrap_or_default())
    }
}

/// A segment's text, the fields of the record just read, and where the next record starts.
pub(crate) struct Plain {
    text: String,
    /// Where the csv crate would start reading the next record: after the line break ending the
    /// record before, except the `\n` of a `\r\n`, which it reads as a blank line.
    at: usize,
    /// 1 + the `\n` before `at`: the crate's line there.
    line: u64,
    /// The record just read: the crate's position before it, where its first field starts, and
    /// its fields.
    record_pos: csv::Position,
    record_start: usize,
    fields: Vec<Span>,
    /// How many of `fields` are not empty, counted as they are read (see [`Plain::non_empty`]).
    non_empty: usize,
    /// The fields of the record just read that are not a range of the text, one after another.
    scratch: String,
}

impl Plain {
    pub(crate) fn new(text: String) -> Self {
        Self {
            text,
            at: 0,
            line: 1,
            record_pos: csv::Position::new(),
            record_start: 0,
            fields: Vec::new(),
            non_empty: 0,
            scratch: String::new(),
        }
    }

    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    pub(crate) fn into_text(self) -> String {
        self.text
    }

    /// Where the unquoted text from `at` ends: at the next delimiter or line break, or the end.
    ///
    /// The first [`SWAR_WORDS`] eight-byte words are tested here, a word at a time (SWAR), before
    /// memchr3 takes the rest: most cells of a row are short (of the bench feed's 22 unquoted
    /// cells a row, 8.2 end in their first eight bytes, 8.3 in the next eight), and one call of
    /// memchr3 cost ~67 instructions however soon it found the byte (its dispatch and vector
    /// set-up: 445,647 calls, 40.9M instructions on the 20k bench rows, ~94,000 of them on
    /// cells longer than 32 bytes). A word is tested for the delimiter (a zero byte of the word
    /// xor'ed with it) and for a byte below 0x0E, `\n` and `\r` among them, which is rarely
    /// anything else; when it is (a tab in a CSV, a control character), memchr3 looks on from
    /// it. Callgrind, 20k bench rows, `validate`: 976.8M → 971.3M instructions (~275 a row);
    /// a first version, one test per byte sought (three a word) and four words, 976.8M → 973.0M.
    fn field_end(bytes: &[u8], at: usize, delimiter: u8) -> usize {
        const LO: u64 = u64::from_ne_bytes([0x01; 8]);
        const HI: u64 = u64::from_ne_bytes([0x80; 8]);
        let delimiters = LO * u64::from(delimiter);
        let mut i = at;
        for _ in 0..SWAR_WORDS {
            let Some(word) = bytes.get(i..).and_then(<[u8]>::first_chunk::<8>) else {
                break;
            };
            let bits = u64::from_le_bytes(*word);
            let xored = bits ^ delimiters;
            // The high bit of each byte of `xored` that is zero, and of each byte of `bits` below
            // 0x0E. Little-endian, so the lowest bit set is the first such byte: a wrong bit (a
            // borrow) is always above a right one.
            let found =
                ((xored.wrapping_sub(LO) & !xored) | (bits.wrapping_sub(LO * 0x0E) & !bits)) & HI;
            if found != 0 {
                let k = (found.trailing_zeros() / 8) as usize;
                let byte = word.get(k).copied().unwrap_or_default();
                if byte == delimiter || byte == b'\n' || byte == b'\r' {
                    return i + k;
                }
                // Another byte below 0x0E, not an end: nothing before it is either.
                i += k;
                break;
            }
            i += 8;
        }
        memchr3(delimiter, b'\n', b'\r', bytes.get(i..).unwrap_or_default())
            .map_or(bytes.len(), |k| i + k)
    }

    /// The next `"` from `at`, counting the `\n`s before it into `newlines` (the line breaks of
    /// a quoted field, see [`Plain::read`]); `None` when there is none (then every `\n` to the
    /// end is counted).
    fn next_quote(bytes: &[u8], mut at: usize, newlines: &mut u64) -> Option<usize> {
        loop {
            let hit = at + memchr2(b'"', b'\n', bytes.get(at..)?)?;
            if bytes[hit] == b'"' {
                return Some(hit);
            }
            *newlines += 1;
            at = hit + 1;
        }
    }

    /// The csv crate's position before the next record (or, after the last, at the end).
    pub(crate) fn position(&self) -> csv::Position {
        let mut pos = csv::Position::new();
        pos.set_byte(self.at as u64).set_line(self.line);
        pos
    }

    /// The csv crate's position of the record just read (where it started reading it).
    pub(crate) fn record_position(&self) -> &csv::Position {
        &self.record_pos
    }

    /// The number of fields of the record just read.
    pub(crate) fn len(&self) -> usize {
        self.fields.len()
    }

    /// Field `i` of the record just read, as the csv crate reads it.
    pub(crate) fn get(&self, i: usize) -> Option<&str> {
        self.fields.get(i).and_then(|&span| self.field(span))
    }

    /// The fields of the record just read, as ranges: [`Plain::cell`] gives the text of one.
    pub(crate) fn spans(&self) -> &[Span] {
        &self.fields
    }

    /// The text of a field of the record just read (one of [`Plain::spans`]).
    pub(crate) fn cell(&self, span: Span) -> &str {
        self.field(span).unwrap_or_default()
    }

    fn field(&self, span: Span) -> Option<&str> {
        let from = if span.scratch {
            &self.scratch
        } else {
            &self.text
        };
        // Fields are cut at ASCII bytes of valid UTF-8: always at character boundaries.
        from.get(span.start..span.end)
    }

    /// The fields of the record just read, in order.
    pub(crate) fn fields(&self) -> Fields<'_> {
        Fields {
            plain: self,
            spans: self.fields.iter(),
        }
    }

    /// The number of fields of the record just read that are not empty: counted by
    /// [`Plain::read`] as it pushes each field (one add of a comparison), where a second pass
    /// over the fields was a loop of its own for every record.
    pub(crate) fn non_empty(&self) -> usize {
        self.non_empty
    }

    /// The text of the record just read, from its first field to its line break: what its fields
    /// are read from.
    pub(crate) fn record_text(&self) -> &str {
        self.text
            .get(self.record_start..self.at)
            .unwrap_or_default()
    }

    /// Adds `text[from..to]` to the scratch text, returning where it starts there.
    fn copy_to_scratch(&mut self, from: usize, to: usize) -> usize {
        let at = self.scratch.len();
        self.scratch
            .push_str(self.text.get(from..to).unwrap_or_default());
        at
    }

    /// Adds a field of the record being read, counting it when it is not empty.
    #[inline]
    fn push_field(&mut self, span: Span) {
        self.non_empty += usize::from(!span.is_empty());
        self.fields.push(span);
    }

    /// Reads the next record as the csv crate reads it, with the position the crate gives it:
    /// `true` when there was one, `false` at the end of the text.
    pub(crate) fn read(&mut self, delimiter: u8) -> bool {
        let len = self.text.len();
        let start = self.at;
        self.record_pos = self.position();
        self.fields.clear();
        self.non_empty = 0;
        self.scratch.clear();
        // Blank lines before the record are skipped.
        let mut at = start
            + self.text.as_bytes()[start..]
                .iter()
                .take_while(|&&c| c == b'\n' || c == b'\r')
                .count();
        self.record_start = at;
        // The `\n`s from `start` to `at` once the record is read, counted where one can be: in
        // the line breaks skipped, inside quoted fields, and the line break ending the record
        // (an unquoted field ends at a line break). Counting them over the whole record after
        // reading it was a second pass over its bytes (~375 instructions a bench row of ~700
        // bytes); with the quote search a memchr2, a row costs ~167 fewer in all (callgrind,
        // 20k bench rows, `validate`: 980.1M → 976.8M; docs/performance.md, 47f485a).
        let mut newlines = newlines_in_breaks(&self.text.as_bytes()[start..at]);
        if at == len {
            self.line += newlines;
            self.at = len;
            return false;
        }
        loop {
            let bytes = self.text.as_bytes();
            if bytes.get(at) == Some(&b'"') {
                // A quoted field: to the next lone `"` (or the end of the text, where the crate
                // ends an unclosed one), each `""` a quote.
                let mut from = at + 1;
                let mut next = from;
                // Where the field starts in the scratch text, once it has a `""`.
                let mut in_scratch = None;
                let end = loop {
                    let bytes = self.text.as_bytes();
                    let Some(quote) = Self::next_quote(bytes, next, &mut newlines) else {
                        break len;
                    };
                    if bytes.get(quote + 1) != Some(&b'"') {
                        break quote;
                    }
                    let begun = self.copy_to_scratch(from, quote + 1);
                    in_scratch.get_or_insert(begun);
                    next = quote + 2;
                    from = next;
                };
                at = (end + 1).min(len);
                // Text after the closing quote belongs to the field, up to the next delimiter
                // or line break, quotes and all (`"Acme" brand` reads `Acme brand`).
                let bytes = self.text.as_bytes();
                let after = match bytes.get(at) {
                    Some(&c) if c != delimiter && c != b'\n' && c != b'\r' => {
                        let after_end = Self::field_end(bytes, at, delimiter);
                        let after = (at, after_end);
                        at = after_end;
                        Some(after)
                    }
                    _ => None,
                };
                let span = if in_scratch.is_none() && after.is_none() {
                    Span {
                        start: from,
                        end,
                        scratch: false,
                    }
                } else {
                    let begun = self.copy_to_scratch(from, end);
                    let start = *in_scratch.get_or_insert(begun);
                    if let Some((after_start, after_end)) = after {
                        self.copy_to_scratch(after_start, after_end);
                    }
                    Span {
                        start,
                        end: self.scratch.len(),
                        scratch: true,
                    }
                };
                self.push_field(span);
            } else {
                let end = Self::field_end(bytes, at, delimiter);
                self.push_field(Span {
                    start: at,
                    end,
                    scratch: false,
                });
                at = end;
            }
            match self.text.as_bytes().get(at) {
                None => break,
                Some(&c) if c == delimiter => {
                    at += 1;
                    if at == len {
                        // A delimiter ending the text: an empty last field.
                        self.fields.push(Span {
                            start: len,
                            end: len,
                            scratch: false,
                        });
                        break;
                    }
                }
                Some(&c) => {
                    // `\n` or `\r`.
                    newlines += u64::from(c == b'\n');
                    at += 1;
                    break;
                }
            }
        }
        self.line += newlines;
        self.at = at;
        true
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

    fn rec_of(p: &Plain) -> Rec {
        // The count kept while reading is the count of the fields read, and the spans are the
        // fields.
        let counted = (0..p.len())
            .filter(|&i| !p.get(i).unwrap_or_default().is_empty())
            .count();
        assert_eq!(p.non_empty(), counted);
        let by_span: Vec<&str> = p.spans().iter().map(|&s| p.cell(s)).collect();
        let by_index: Vec<&str> = (0..p.len())
            .map(|i| p.get(i).unwrap_or("<no field>"))
            .collect();
        assert_eq!(by_span, by_index);
        assert!(
            p.spans()
                .iter()
                .all(|s| s.is_empty() == p.cell(*s).is_empty())
        );
        let pos = p.record_position();
        (
            (0..p.len())
                .map(|i| p.get(i).unwrap_or("<no field>").to_owned())
                .collect(),
            pos.byte(),
            pos.line(),
        )
    }

    /// The records `Plain` reads, and its position at the end.
    fn by_plain(text: &str, d: u8) -> (Vec<Rec>, u64, u64) {
        let mut p = Plain::new(text.to_owned());
        let mut out = Vec::new();
        while p.read(d) {
            out.push(rec_of(&p));
        }
        let pos = p.position();
        (out, pos.byte(), pos.line())
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
            prop_assert_eq!(by_plain(&text, d), by_csv(&text, d));
        }
    }

    proptest! {
        /// The word-at-a-time search of a field's end finds what a search byte by byte finds,
        /// at any offset, in fields shorter and longer than the words it tests (then memchr3).
        #[test]
        fn field_end_finds_the_first_delimiter_or_line_break(
            text in proptest::collection::vec(
                proptest::sample::select(vec!["a", "bc", ",", "\t", "\n", "\r", "é", "\u{feff}", "\u{b}", "\0", "xxxxxxxxxxxxxxx"]),
                0..40,
            ),
            tab in any::<bool>(),
            from in 0usize..200,
        ) {
            let text: String = text.concat();
            let bytes = text.as_bytes();
            let d = if tab { b'\t' } else { b',' };
            let at = from.min(bytes.len());
            let want = bytes[at..]
                .iter()
                .position(|&b| b == d || b == b'\n' || b == b'\r')
                .map_or(bytes.len(), |k| at + k);
            prop_assert_eq!(Plain::field_end(bytes, at, d), want);
        }
    }

    #[test]
    fn fields_quotes_and_line_ends() {
        let text = "a,\"b,\"\"c\"\"\",\r\n\n\"multi\nline\",x\r\"open";
        let got = by_plain(text, b',');
        assert_eq!(got, by_csv(text, b','));
        let (records, ..) = got;
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
        assert_eq!(got, by_csv(text, b','));
        let fields: Vec<Vec<String>> = got.0.into_iter().map(|r| r.0).collect();
        assert_eq!(
            fields,
            [vec!["1", "Acme brand", "x\"yz\"w\""], vec!["2", "ab"]]
        );
    }

    #[test]
    fn a_byte_order_mark_is_kept_wherever_it_is() {
        let mut p = Plain::new("\u{feff}1,a\n\u{feff}2,b\n".to_owned());
        let mut first = Vec::new();
        while p.read(b',') {
            first.push(p.get(0).unwrap_or_default().to_owned());
        }
        assert_eq!(first, ["\u{feff}1", "\u{feff}2"]);
    }
}
