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
//!
//! The text is read in segments of whole records ([`super::segment`]), each read on its own by
//! [`super::plain`], which cuts records into fields as the csv crate does, with memchr (the crate's
//! reader reads a segment that is not UTF-8 and reports where); nothing above depends on where they
//! are cut (a segment never starts with a blank line or a repeated header, and a proptest holds
//! segments of any size to the same products, and to what the csv crate alone reads).
//! A product's line is the line of its record's first byte: the csv crate's own position is where
//! it started reading, before the `\n` of a `\r\n` and the blank lines it skips, so it is
//! corrected by the line breaks there. Lines end at `\n`, `\r\n` or a `\r` alone (classic Mac
//! text, Excel for Mac's "CSV (Macintosh)"); the crate counts `\n` only, so in a segment with a
//! lone `\r` the lines are counted here.

use std::borrow::Cow;
use std::cell::RefCell;
use std::io::{Cursor, Read, SeekFrom};
use std::sync::Arc;

use super::FeedKind;
use super::names::{
    self, SHIPPING_DEFAULT_ORDER, TAX_DEFAULT_ORDER, canonical_name, is_multi_value,
    split_group_header, split_multi, static_name,
};
use super::plain::Plain;
use super::segment::{SEGMENT_BYTES, Segment, Segmenter};
use super::source::{self, Decoded, DynRead, Origin, Pos};
use crate::error::Error;
use crate::model::{Name, Product, ReadIssue, SourceLocation};

enum Column {
    /// A column whose attribute no other column shares: pushed without a look-up
    /// (`Product::push_unique_name`).
    Unique(Name),
    Plain(Name),
    Multi(Name),
    /// A [`Column::Multi`] whose attribute no other column shares: a cell without a comma (one
    /// value) is pushed as a [`Column::Unique`]'s is.
    UniqueMulti(Name),
    /// The sub-attribute of each part of an entry, resolved once ([`names::shipping_slot`]).
    Shipping(Box<[names::Slot]>),
    Tax(Box<[names::Slot]>),
}

/// What every record of a feed is read with: the header's columns, the delimiter, and the feed's
/// name and origin for messages. Shared by the segments of the feed, on any thread.
pub(crate) struct Layout {
    columns: Vec<Column>,
    /// The header cells after name normalisation, to recognise a repeated header.
    header_names: Vec<String>,
    /// The first header cell, lowercase ASCII letters and digits only (a cheap first test).
    header_key: Vec<u8>,
    /// The first header cell, trimmed (the first test when it has no ASCII letter or digit).
    header_first: String,
    delimiter: u8,
    label: Arc<str>,
    origin: Origin,
    /// The single-valued attributes ([`names::is_single_valued`]) that several columns name:
    /// the values of these are compared in each row ([`names::conflicting_values`]). Nearly
    /// always empty, and then a row costs one test more.
    repeated: Box<[Name]>,
}

/// Some records of a delimited feed (a [`Segment`] of whole records), to be read into products
/// with [`SegmentJob::into_reader`], on any thread (the segment owns its text; the layout is
/// shared).
pub(crate) struct SegmentJob {
    layout: Arc<Layout>,
    segment: Segment,
}

impl SegmentJob {
    /// A reader of the segment's records into products (see the module documentation for what
    /// is reported), their indices counted from 0 in the segment.
    #[must_use]
    /// `first_line`: the line the segment starts on.
    pub(crate) fn into_reader(self, first_line: u64) -> SegmentReader {
        let segment = self.segment;
        let (ends_with_newline, ends_with_quote) =
            (segment.ends_with_newline(), segment.ends_with_quote());
        // One scan of the segment for both bytes a record rarely has: a `\r` (then the lone ones
        // are counted) and 0xEF, the first byte of a byte order mark (then each record is searched
        // for one, [`Layout::step`]). Without either, as nearly always, neither search runs again:
        // the per-record 0xEF search was a memchr call over each whole record. Callgrind, 20k
        // bench rows, main thread: `validate` 951.97M → 945.32M instructions, `batch` 992.24M →
        // 985.61M (docs/performance.md, "19e2a75").
        let (lone_cr, maybe_bom) = match memchr::memchr2(b'\r', 0xEF, &segment.bytes) {
            None => (false, false),
            Some(_) => (
                source::lone_crs(&segment.bytes) > 0,
                memchr::memchr(0xEF, &segment.bytes).is_some(),
            ),
        };
        SegmentReader {
            cur: SegmentCursor {
                strays: segment.strays,
                next_stray: 0,
                len: segment.bytes.len() as u64,
                line_offset: first_line.saturating_sub(1),
                lone_cr,
                maybe_bom,
                counted_to: 0,
                counted_lines: 0,
                last: segment.last,
                ends_with_newline,
                ends_with_quote,
                src: Src::new(self.layout.delimiter, segment.bytes),
                record: csv::StringRecord::new(),
                index: 0,
                tail: segment.tail,
                first_line,
            },
            layout: self.layout,
            held: None,
            pending: Vec::new(),
            error: None,
            done: false,
        }
    }
}

/// The products of a [`SegmentJob`], in order, numbered from 0 within the segment (a
/// [`Sequencer`] gives them their place in the feed); then [`SegmentReader::finish`].
pub(crate) struct SegmentReader {
    layout: Arc<Layout>,
    cur: SegmentCursor,
    /// The product read ahead, so a repeated header after it can be reported on it.
    held: Option<Product>,
    /// Read issues of repeated headers before the segment's first product, for it.
    pending: Vec<ReadIssue>,
    error: Option<Error>,
    done: bool,
}

impl Iterator for SegmentReader {
    type Item = Product;

    fn next(&mut self) -> Option<Product> {
        loop {
            if self.done {
                return self.held.take();
            }
            match self.layout.step(&mut self.cur) {
                Step::Product(mut p) => {
                    if !self.pending.is_empty() {
                        p.read_issues.splice(0..0, self.pending.drain(..));
                    }
                    if let Some(prev) = self.held.replace(p) {
                        return Some(prev);
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
                Step::End => self.done = true,
                Step::Failed(e) => {
                    self.error = Some(e);
                    self.done = true;
                }
            }
        }
    }
}

impl SegmentReader {
    /// Once every product is read: the error that stopped the feed after them, if one did, and
    /// the read issues of repeated headers in a segment without a product, for the next product
    /// of the feed ([`Sequencer::carry`]).
    #[must_use]
    /// The line after the segment, once every product is read (the csv reader has counted the
    /// segment's line breaks by then).
    pub(crate) fn next_line(&self) -> u64 {
        if self.cur.lone_cr {
            return self.cur.line_offset + 1 + source::count_line_breaks(self.cur.src.bytes());
        }
        self.cur.line_offset + self.cur.src.position().line()
    }

    /// [`Self::finish`] of a segment whose next line was counted as `next_line`
    /// ([`PartCutter`]): the two counts agree (checked in debug builds) unless reading stopped
    /// at an error.
    fn finish_at(self, next_line: u64) -> (Option<Error>, Vec<ReadIssue>) {
        self.check_next_line(next_line);
        self.finish()
    }

    /// Holds `next_line` to the line after the segment as read (in debug builds).
    fn check_next_line(&self, next_line: u64) {
        debug_assert!(
            self.error.is_some() || self.next_line() == next_line,
            "the part's next line: read {}, counted {next_line}",
            self.next_line()
        );
    }

    pub(crate) fn finish(self) -> (Option<Error>, Vec<ReadIssue>) {
        let (error, pending, text) = self.finish_keeping();
        // Its buffer goes back to this thread's spares.
        drop(text);
        (error, pending)
    }

    /// [`Self::finish`], keeping the segment's text to read again ([`PartText`]).
    fn finish_keeping(self) -> (Option<Error>, Vec<ReadIssue>, PartText) {
        let bytes = match self.cur.src {
            Src::Csv(mut rdr) => {
                let bytes = std::mem::take(rdr.get_mut()).into_inner();
                // With its text taken, the reader gives nothing back.
                recycle(self.layout.delimiter, rdr);
                bytes
            }
            Src::Plain(plain) => plain.into_text().into_bytes(),
        };
        let text = PartText {
            layout: self.layout,
            segment: Segment {
                bytes,
                last: self.cur.last,
                strays: self.cur.strays,
                tail: self.cur.tail,
            },
            line: self.cur.first_line,
        };
        (self.error, self.pending, text)
    }
}

/// The text of a segment read, kept to read one of its products again
/// ([`PartText::product`]); its buffer goes back to the spares of the thread that drops it
/// ([`super::segment::give_back`]).
pub(crate) struct PartText {
    layout: Arc<Layout>,
    segment: Segment,
    /// The line the segment starts on.
    line: u64,
}

impl PartText {
    /// The segment's product numbered `index` (from 0), read again from a copy of the text: the
    /// product its first reading gave.
    pub(crate) fn product(&self, index: u64) -> Option<Product> {
        let job = SegmentJob {
            layout: self.layout.clone(),
            segment: self.segment.clone(),
        };
        job.into_reader(self.line).nth(usize::try_from(index).ok()?)
    }
}

impl Drop for PartText {
    fn drop(&mut self) {
        super::segment::give_back(std::mem::take(&mut self.segment.bytes));
    }
}

/// Puts the products of a delimited feed's segments in their place: numbers them across
/// segments, gives the read issues a segment left over ([`SegmentReader::finish`]) to the next
/// product, and reports a feed with a header but no products. Fed every product, in feed order.
pub(crate) struct Sequencer {
    label: Arc<str>,
    next_index: u64,
    /// Read issues for the next product: first those of the header line (the first
    /// `header_issues`), for the first product.
    carried: Vec<ReadIssue>,
    header_issues: usize,
    any: bool,
}

impl Sequencer {
    /// Gives `p`, the next product of the feed, its index, and the read issues carried over to it.
    /// Whether there were any to carry.
    pub(crate) fn place(&mut self, p: &mut Product) -> bool {
        p.location.index = self.next_index;
        self.next_index += 1;
        self.any = true;
        if self.carried.is_empty() {
            return false;
        }
        p.read_issues.splice(0..0, self.carried.drain(..));
        true
    }

    /// [`Self::place`] for a product not at hand, numbered `index` in its part: false when it is
    /// placed (counted) here, nothing being carried to it and its index, or its `id`, standing;
    /// true when it must be placed with [`Self::place`] instead.
    pub(crate) fn place_plain(&mut self, index: u64, has_id: bool) -> bool {
        if !self.carried.is_empty() || (index != self.next_index && !has_id) {
            return true;
        }
        self.next_index += 1;
        self.any = true;
        false
    }

    /// Keeps the read issues of a segment without products for the next product.
    pub(crate) fn carry(&mut self, orphans: Vec<ReadIssue>) {
        self.carried.extend(orphans);
    }

    /// At the end of the feed: an error when it had no product at all.
    #[must_use]
    pub(crate) fn finish(&mut self) -> Option<Error> {
        if self.any {
            // Issues are carried only from a segment without products, and only the first can be
            // one (no segment is cut to start with a repeated header): none are left here.
            return None;
        }
        let repeats = self.carried.get(self.header_issues..).unwrap_or_default();
        let repeats = if repeats.is_empty() {
            String::new()
        } else {
            let lines: Vec<String> = repeats.iter().map(|i| i.line.to_string()).collect();
            format!(" (line {} only repeats the header)", lines.join(", "))
        };
        Some(
            Error::input(format!(
                "{}: the feed has a header line but no products{repeats}",
                self.label
            ))
            .with_help("add one line per product under the header"),
        )
    }
}

/// The body of a delimited feed cut into [`SegmentJob`]s, in order, on the thread that reads the
/// input. A read error comes after the segments of the records before it, and ends the jobs.
pub(crate) struct DelimitedSegments {
    layout: Arc<Layout>,
    /// The line the records start on, after the header.
    body_line: u64,
    segmenter: Segmenter<DynRead>,
    kind: FeedKind,
    /// The size segments are cut at ([`SEGMENT_BYTES`]; tests cut smaller ones).
    target: usize,
    /// Read issues of the header line, for the first product ([`Sequencer`]).
    header_issues: Vec<ReadIssue>,
}

impl DelimitedSegments {
    /// The [`Sequencer`] that puts this feed's products in their place.
    #[must_use]
    pub(crate) fn sequencer(&self) -> Sequencer {
        Sequencer {
            label: self.layout.label.clone(),
            next_index: 0,
            header_issues: self.header_issues.len(),
            carried: self.header_issues.clone(),
            any: false,
        }
    }
}

impl DelimitedSegments {
    /// The next segment's job; `line` is the line the segment starts on, for the message of a
    /// read error (the line of an invalid byte or a NUL is counted here, only when one comes:
    /// [`source::LineCount`]).
    fn next_job(&mut self, line: u64) -> Option<Result<SegmentJob, Error>> {
        let layout = &self.layout;
        // A segment never starts with a blank line or a repeated header, so that a repeated
        // header is always reported on the product before it, in its own segment.
        let mut may_start = |record: &[u8]| layout.may_start_segment(record);
        let next = self.segmenter.next_segment(self.target, &mut may_start)?;
        Some(match next {
            Ok(segment) => Ok(SegmentJob {
                layout: self.layout.clone(),
                segment,
            }),
            // The error comes after every whole record before it: what the segmenter holds
            // is the text from the start of the next segment to the error.
            Err(e) => Err(source::io_error_at(&self.layout.label, &e, || {
                line + source::count_line_breaks(self.segmenter.unread())
            })),
        })
    }
}

/// A delimited feed read one segment at a time on the calling thread: the sequential form of
/// [`DelimitedSegments`] with its [`Sequencer`].
pub(crate) struct DelimitedReader {
    segments: DelimitedSegments,
    sequencer: Sequencer,
    current: Option<SegmentReader>,
    /// The line the next segment starts on.
    line: u64,
    finished: bool,
}

impl DelimitedReader {
    pub(crate) fn new(decoded: Decoded, label: Arc<str>, force_tab: bool) -> Result<Self, Error> {
        let segments = DelimitedSegments::new(decoded, label, force_tab)?;
        let sequencer = segments.sequencer();
        Ok(Self {
            line: segments.body_line,
            segments,
            sequencer,
            current: None,
            finished: false,
        })
    }

    pub(crate) fn kind(&self) -> FeedKind {
        self.segments.kind
    }

    pub(crate) fn next(&mut self) -> Option<Result<Product, Error>> {
        loop {
            if let Some(reader) = &mut self.current {
                if let Some(mut p) = reader.next() {
                    self.sequencer.place(&mut p);
                    return Some(Ok(p));
                }
                if let Some(reader) = self.current.take() {
                    self.line = reader.next_line();
                    let (error, orphans) = reader.finish();
                    self.sequencer.carry(orphans);
                    if let Some(e) = error {
                        self.finished = true;
                        return Some(Err(e));
                    }
                }
            }
            if self.finished {
                return None;
            }
            match self.segments.next_job(self.line) {
                Some(Ok(job)) => self.current = Some(job.into_reader(self.line)),
                Some(Err(e)) => {
                    self.finished = true;
                    return Some(Err(e));
                }
                None => {
                    self.finished = true;
                    return self.sequencer.finish().map(Err);
                }
            }
        }
    }
}

impl DelimitedReader {
    /// The parallel form of this reader, before any product is read: its segments cut on
    /// whichever thread asks ([`PartCutter`]), each read where it is taken ([`PartJob::read`]),
    /// and the [`Sequencer`] that puts the products in their place, on the thread that writes
    /// the results. `None` once a product has been read.
    pub(crate) fn into_parts(
        self: Box<Self>,
        target: usize,
    ) -> Result<(PartCutter, Sequencer), Box<Self>> {
        if self.current.is_some() || self.finished || self.sequencer.next_index > 0 {
            return Err(self);
        }
        let this = *self;
        let mut segments = this.segments;
        segments.target = target.max(1);
        segments.segmenter.read_parts(segments.target);
        Ok((
            PartCutter {
                segments,
                line: this.line,
                finished: false,
            },
            this.sequencer,
        ))
    }
}

/// A delimited feed cut into segments of whole records, in order, by whichever thread holds it
/// (`feed::FeedParts`). Each segment's first line is counted as it is cut, so that the segment
/// can be read, checked and rendered on any thread before the segments before it are read.
pub(crate) struct PartCutter {
    segments: DelimitedSegments,
    /// The line the next segment starts on.
    line: u64,
    finished: bool,
}

impl PartCutter {
    /// The feed's name as its products' locations hold it.
    pub(crate) fn label(&self) -> Arc<str> {
        self.segments.layout.label.clone()
    }

    /// The next segment to read, or the error that ends the feed (after which there are none).
    pub(crate) fn next(&mut self) -> Option<PartJob> {
        if self.finished {
            return None;
        }
        match self.segments.next_job(self.line) {
            Some(Ok(job)) => {
                let line = self.line;
                // What `SegmentReader::next_line` gives once the segment is read (checked there in
                // debug builds): a line break is `\n`, `\r\n` or a `\r` alone, and a segment never
                // ends between the two bytes of a `\r\n`.
                self.line += source::count_line_breaks(&job.segment.bytes);
                Some(PartJob::Read(job, line, self.line))
            }
            Some(Err(e)) => {
                self.finished = true;
                Some(PartJob::Failed(e))
            }
            None => {
                self.finished = true;
                None
            }
        }
    }
}

/// One segment cut by a [`PartCutter`]: its records with the line they start on, or the error
/// that ended the input there.
pub(crate) enum PartJob {
    /// The records, the line they start on, the line after them.
    Read(SegmentJob, u64, u64),
    Failed(Error),
}

impl PartJob {
    /// The size of the segment's text in bytes (0 for an error).
    pub(crate) fn len(&self) -> usize {
        match self {
            Self::Read(job, ..) => job.segment.bytes.len(),
            Self::Failed(_) => 0,
        }
    }

    /// A reader of the segment's products (numbered from 0 within the segment: the
    /// [`Sequencer`] numbers them in the feed).
    pub(crate) fn read(self) -> PartReader {
        match self {
            Self::Read(job, line, next_line) => PartReader {
                reader: Some(job.into_reader(line)),
                error: None,
                next_line,
            },
            Self::Failed(e) => PartReader {
                reader: None,
                error: Some(e),
                next_line: 0,
            },
        }
    }
}

/// The products of a [`PartJob`], then [`PartReader::finish`].
pub(crate) struct PartReader {
    reader: Option<SegmentReader>,
    error: Option<Error>,
    /// The line after the part, as the [`PartCutter`] counted it.
    next_line: u64,
}

impl Iterator for PartReader {
    type Item = Product;

    fn next(&mut self) -> Option<Product> {
        self.reader.as_mut()?.next()
    }
}

impl PartReader {
    /// Once every product is read: the error that ends the feed after them, if one does, and
    /// read issues for the next product of the feed ([`Sequencer::carry`]).
    pub(crate) fn finish(self) -> (Option<Error>, Vec<ReadIssue>) {
        match self.reader {
            Some(reader) => reader.finish_at(self.next_line),
            None => (self.error, Vec::new()),
        }
    }

    /// [`Self::finish`], keeping the part's text to read a product again (none for a part that
    /// is an error).
    pub(crate) fn finish_keeping(self) -> (Option<Error>, Vec<ReadIssue>, Option<PartText>) {
        match self.reader {
            Some(reader) => {
                reader.check_next_line(self.next_line);
                let (error, pending, text) = reader.finish_keeping();
                (error, pending, Some(text))
            }
            None => (self.error, Vec::new(), None),
        }
    }
}

impl DelimitedSegments {
    fn new(decoded: Decoded, label: Arc<str>, force_tab: bool) -> Result<Self, Error> {
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
        let origin = decoded.origin;
        // The records' lines are counted here anyway (each product's line): the UTF-8 check
        // under the reader no longer counts them for its errors, and an error's line is counted
        // here when one comes: ~325 instructions a bench row less (callgrind, 20k bench rows,
        // main thread, `validate` 938.70M → 932.21M; docs/performance.md, "the UTF-8 check's
        // line count handed over").
        decoded.lines.hand_over();
        let mut segmenter = Segmenter::new(decoded.reader, delimiter);
        // The header: the first record, after any blank lines.
        let mut head = Vec::new();
        // Where the header record starts in `head` (after any blank lines).
        let mut header_start;
        let header = loop {
            let part = match segmenter.next_record() {
                Some(Ok(part)) => part,
                Some(Err(e)) => {
                    return Err(source::io_error_at(&label, &e, || {
                        1 + source::count_line_breaks(&head)
                            + source::count_line_breaks(segmenter.unread())
                    }));
                }
                None => return Err(Error::input(format!("{label}: the feed is empty"))),
            };
            header_start = head.len();
            head.extend_from_slice(&part.bytes);
            let mut rdr = csv_reader(delimiter, head.as_slice());
            let mut header = csv::StringRecord::new();
            match rdr.read_record(&mut header) {
                Ok(true) => break header,
                Ok(false) if part.last => {
                    return Err(Error::input(format!("{label}: the feed is empty")));
                }
                Ok(false) => {}
                Err(e) => return Err(csv_error(&label, &origin, &e, 0)),
            }
        };
        let mut columns: Vec<Column> = header
            .iter()
            .enumerate()
            .map(|(i, h)| column(h, i))
            .collect();
        if !columns.iter().any(Column::is_attribute) {
            let line = 1 + source::count_line_breaks(&head[..header_start]);
            return Err(not_a_feed(&label, &origin, line, &header));
        }
        mark_unique(&mut columns);
        let header_line = 1 + source::count_line_breaks(&head[..header_start]);
        let (repeated, header_issues) = repeated_columns(&columns, header_line);
        let header_names = header
            .iter()
            .map(|h| canonical_name(h).into_owned())
            .collect();
        let header_key = header.get(0).map(match_key).unwrap_or_default();
        let header_first = header.get(0).unwrap_or_default().trim().to_owned();
        Ok(Self {
            layout: Arc::new(Layout {
                columns,
                header_names,
                header_key,
                header_first,
                delimiter,
                label,
                origin,
                repeated,
            }),
            header_issues,
            body_line: 1 + source::count_line_breaks(&head),
            segmenter,
            kind,
            target: SEGMENT_BYTES,
        })
    }
}

thread_local! {
    /// Readers of segments done with on this thread, by delimiter, to read the next segments:
    /// making a csv reader builds the csv crate's parser tables (about 270,000 instructions),
    /// which per segment of ~1,000 rows would cost more than the rest of its reading set-up.
    static READERS: RefCell<Vec<(u8, SegmentCsv)>> = const { RefCell::new(Vec::new()) };
}

/// The csv reader of a segment.
type SegmentCsv = csv::Reader<Cursor<Vec<u8>>>;

/// A csv reader over `bytes`, one this thread used before when there is one.
fn segment_reader(delimiter: u8, bytes: Vec<u8>) -> SegmentCsv {
    let cached = READERS.with(|readers| {
        let mut readers = readers.borrow_mut();
        let i = readers.iter().position(|(d, _)| *d == delimiter)?;
        Some(readers.swap_remove(i).1)
    });
    match cached {
        Some(mut rdr) => {
            *rdr.get_mut() = Cursor::new(bytes);
            // Back to the start of the new bytes, the parser in its first state, line 1.
            match rdr.seek_raw(SeekFrom::Start(0), csv::Position::new()) {
                Ok(()) => rdr,
                Err(_) => csv_reader(delimiter, Cursor::new(rdr.into_inner().into_inner())),
            }
        }
        None => csv_reader(delimiter, Cursor::new(bytes)),
    }
}

/// Keeps a segment's reader for the next segment read on this thread (a few per delimiter).
fn recycle(delimiter: u8, mut rdr: SegmentCsv) {
    super::segment::give_back(std::mem::take(rdr.get_mut()).into_inner());
    READERS.with(|readers| {
        let mut readers = readers.borrow_mut();
        if readers.len() < 4 {
            readers.push((delimiter, rdr));
        }
    });
}

/// The csv crate's reader as every delimited text is read.
fn csv_reader<R: Read>(delimiter: u8, r: R) -> csv::Reader<R> {
    csv::ReaderBuilder::new()
        .delimiter(delimiter)
        .has_headers(false)
        .flexible(true)
        .from_reader(r)
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

/// What reads a segment's records: [`Plain`], or the csv crate's reader when the segment is not
/// UTF-8 (the text is checked before it is cut, so only in tests; the crate reports where).
enum Src {
    Plain(Plain),
    Csv(SegmentCsv),
}

impl Src {
    fn new(delimiter: u8, bytes: Vec<u8>) -> Self {
        // `Plain` cuts fields at the delimiter, which must not be a byte with a meaning of its
        // own (never one the delimited reader chooses).
        if matches!(delimiter, b'"' | b'\n' | b'\r') || !delimiter.is_ascii() || only_csv() {
            return Self::Csv(segment_reader(delimiter, bytes));
        }
        match String::from_utf8(bytes) {
            Ok(text) => Self::Plain(Plain::new(text)),
            // The csv crate reports where the text stops being UTF-8.
            Err(e) => Self::Csv(segment_reader(delimiter, e.into_bytes())),
        }
    }

    fn bytes(&self) -> &[u8] {
        match self {
            Self::Plain(plain) => plain.text().as_bytes(),
            Self::Csv(rdr) => rdr.get_ref().get_ref(),
        }
    }

    /// Where the csv crate is (would be, for [`Plain`]) in the segment.
    fn position(&self) -> csv::Position {
        match self {
            Self::Plain(plain) => plain.position(),
            Self::Csv(rdr) => rdr.position().clone(),
        }
    }

    /// Reads the next record as the csv crate does: into `record` when the crate's reader reads
    /// the segment, into the [`Plain`] reader otherwise ([`SegmentCursor::row`] gives it).
    fn read(&mut self, delimiter: u8, record: &mut csv::StringRecord) -> csv::Result<bool> {
        match self {
            Self::Csv(rdr) => rdr.read_record(record),
            Self::Plain(plain) => Ok(plain.read(delimiter)),
        }
    }
}

/// The fields of a [`Row`], in order.
enum RowIter<'a> {
    Csv(csv::StringRecordIter<'a>),
    Plain(super::plain::Fields<'a>),
}

impl<'a> Iterator for RowIter<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        match self {
            Self::Csv(it) => it.next(),
            Self::Plain(it) => it.next(),
        }
    }
}

/// The fields of the record just read, from whichever reader read it.
#[derive(Clone, Copy)]
enum Row<'a> {
    Csv(&'a csv::StringRecord),
    Plain(&'a Plain),
}

impl<'a> Row<'a> {
    fn len(self) -> usize {
        match self {
            Self::Csv(r) => r.len(),
            Self::Plain(p) => p.len(),
        }
    }

    fn is_empty(self) -> bool {
        self.len() == 0
    }

    fn get(self, i: usize) -> Option<&'a str> {
        match self {
            Self::Csv(r) => r.get(i),
            Self::Plain(p) => p.get(i),
        }
    }

    fn iter(self) -> RowIter<'a> {
        match self {
            Self::Csv(r) => RowIter::Csv(r.iter()),
            Self::Plain(p) => RowIter::Plain(p.fields()),
        }
    }

    /// The number of fields that are not empty.
    fn non_empty(self) -> usize {
        match self {
            Self::Csv(r) => r.iter().filter(|c| !c.is_empty()).count(),
            Self::Plain(p) => p.non_empty(),
        }
    }

    /// The text the fields are read from (with quotes, for [`Plain`]): to look for a byte.
    fn text(self) -> &'a str {
        match self {
            Self::Csv(r) => r.as_slice(),
            Self::Plain(p) => p.record_text(),
        }
    }

    /// The csv crate's position of the record.
    fn position(self) -> Option<&'a csv::Position> {
        match self {
            Self::Csv(r) => r.position(),
            Self::Plain(p) => Some(p.record_position()),
        }
    }
}

#[cfg(test)]
thread_local! {
    /// Tests set it to read segments with the csv crate alone, to compare.
    static ONLY_CSV: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether segments are read with the csv crate alone (in tests that compare).
fn only_csv() -> bool {
    #[cfg(test)]
    return ONLY_CSV.with(std::cell::Cell::get);
    #[cfg(not(test))]
    false
}

/// A segment being read: what reads its records and where it is.
struct SegmentCursor {
    /// What reads the segment's records.
    src: Src,
    /// The segment's length.
    len: u64,
    /// The lines before the segment.
    line_offset: u64,
    /// The segment has a `\r` not followed by `\n` (classic Mac line ends): the csv crate counts
    /// lines by `\n` only, so the lines of its records are counted here
    /// ([`SegmentCursor::record_line`]), from `counted_lines` line breaks before `counted_to`.
    lone_cr: bool,
    /// The segment has a 0xEF byte somewhere: only then may a record hold a byte order mark.
    maybe_bom: bool,
    counted_to: usize,
    counted_lines: u64,
    /// The segment ends the text, which ends with a line break, or with a quote (and maybe
    /// one line break).
    last: bool,
    ends_with_newline: bool,
    ends_with_quote: bool,
    /// The record just read, when the csv crate's reader reads the segment ([`Src::Csv`]).
    record: csv::StringRecord,
    index: u64,
    /// Where text follows a closing quote ([`super::segment::Segment::strays`]), and the first
    /// of them not yet past.
    strays: Vec<usize>,
    next_stray: usize,
    /// The segment's last three bytes and first line, to read it again ([`PartText`]).
    tail: [u8; 3],
    first_line: u64,
}

impl SegmentCursor {
    /// The fields of the record just read.
    fn row(&self) -> Row<'_> {
        match &self.src {
            Src::Plain(plain) => Row::Plain(plain),
            Src::Csv(_) => Row::Csv(&self.record),
        }
    }

    /// Where, in the record just read (from byte `start`), text follows the closing quote of a
    /// quoted field: a short excerpt of the text around the first such place.
    fn stray_quote(&mut self, start: u64) -> Option<String> {
        let end = self.src.position().byte();
        let mut found = None;
        while let Some(&at) = self.strays.get(self.next_stray) {
            if at as u64 >= end {
                break;
            }
            self.next_stray += 1;
            if found.is_none() && at as u64 >= start {
                found = Some(at);
            }
        }
        let at = found?;
        let bytes = self.src.bytes();
        // Both positions are within the segment, which is in memory.
        let start = usize::try_from(start).unwrap_or(0);
        let end = usize::try_from(end).unwrap_or(usize::MAX);
        let from = start.max(at.saturating_sub(24));
        let to = end.min(at + 16).min(bytes.len());
        let excerpt = String::from_utf8_lossy(&bytes[from..to]);
        // Without the line breaks before the record, which the csv crate's position (and so
        // `start`) includes when the record is not the first of its segment.
        let excerpt = excerpt.trim_matches(['\r', '\n']);
        Some(excerpt.to_owned())
    }
    /// The record just read ends the input: the last of the last segment.
    fn at_end_of_input(&self) -> bool {
        self.last && self.src.position().byte() == self.len
    }

    /// The line breaks between where the csv crate started reading the record just read (its
    /// position) and the record's first byte: the `\n` of a `\r\n` ending the record before (the
    /// crate ends a record at the `\r`) and blank lines, which it skips. Its position counts none
    /// of them, so a record after a `\r\n` or a blank line would be reported a line too early.
    fn blank_lines_before(&self, at: u64) -> u64 {
        let at = usize::try_from(at).unwrap_or(usize::MAX);
        super::plain::newlines_in_breaks(breaks_at(self.src.bytes(), at))
    }

    /// The line of the record just read, whose csv position is `pos`: the line of its first
    /// byte. Lines end at `\n`, `\r\n` or a `\r` alone ([`source::count_line_breaks`]).
    fn record_line(&mut self, pos: &csv::Position) -> u64 {
        if !self.lone_cr {
            return self.line_offset + pos.line() + self.blank_lines_before(pos.byte());
        }
        // Records are read in order: count the line breaks from the previous record's first
        // byte (never a line break, so no `\r\n` is cut in two) to this one's.
        let bytes = self.src.bytes();
        let at = usize::try_from(pos.byte())
            .unwrap_or(usize::MAX)
            .clamp(self.counted_to, bytes.len());
        let first = at + breaks_at(bytes, at).len();
        self.counted_lines += source::count_line_breaks(&bytes[self.counted_to..first]);
        self.counted_to = first;
        self.line_offset + 1 + self.counted_lines
    }
}

/// The line breaks starting at `at` in `bytes` (none past its end): what the csv crate skips
/// before a record.
fn breaks_at(bytes: &[u8], at: usize) -> &[u8] {
    let rest = bytes.get(at..).unwrap_or_default();
    let n = rest
        .iter()
        .take_while(|&&b| b == b'\n' || b == b'\r')
        .count();
    &rest[..n]
}

impl Layout {
    /// Whether a segment may start with `record` (whole, with its line break): not when it is
    /// blank or repeats the header.
    fn may_start_segment(&self, record: &[u8]) -> bool {
        if record.iter().all(|&b| b == b'\n' || b == b'\r') {
            return false;
        }
        let mut rdr = segment_reader(self.delimiter, record.to_vec());
        let mut r = csv::StringRecord::new();
        let may = match rdr.read_record(&mut r) {
            Ok(true) => !self.is_header_repeat(Row::Csv(&r)),
            _ => false,
        };
        recycle(self.delimiter, rdr);
        may
    }

    /// `false` when the first byte of `r`'s first cell already shows it is not the header again
    /// ([`Layout::is_header_repeat`] would say so): a letter or digit that is not the first of
    /// the header's key. Inline, where `is_header_repeat` was a call of ~85 instructions for
    /// every row, nearly always failing at that byte (a bench row's first cell is `SKU-…`, the
    /// header's `id`). Out of line on purpose: inlined into `step`, the test cost ~75 more
    /// instructions a row elsewhere in `step` (its register use moved) than it saved.
    /// Callgrind, 20k bench rows, main thread, with `is_blank_entry`: `validate` 809,019,998 →
    /// 808,164,835 (the header test 1.70M → 1.16M), `batch` 815,639,047 → 814,810,062.
    #[inline(never)]
    fn may_repeat_header(&self, r: Row<'_>) -> bool {
        self.header_key.is_empty() || may_match_key(r.get(0).unwrap_or_default(), &self.header_key)
    }

    /// Whether `r` is the header again.
    fn is_header_repeat(&self, r: Row<'_>) -> bool {
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

    /// The error for a quote opened in the last field of the last record and never closed
    /// (see the module documentation for the rule).
    fn unclosed_quote(&self, cur: &SegmentCursor, line: u64) -> Option<Error> {
        // The cheap test first, before the last field is even looked up: only the last record
        // of the input can have this problem.
        if !cur.at_end_of_input() {
            return None;
        }
        let row = cur.row();
        let n = row.len();
        let last = row.get(n.checked_sub(1)?)?;
        if memchr::memchr2(b'\n', b'\r', last.as_bytes()).is_none() || cur.ends_with_quote {
            return None;
        }
        let before: Vec<&str> = row.iter().take(n - 1).collect();
        let newlines_before: u64 = before
            .iter()
            .map(|f| source::count_line_breaks(f.as_bytes()))
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
        let swallowed =
            source::count_line_breaks(last.as_bytes()) + u64::from(!last.ends_with(['\n', '\r']));
        Some(source::syntax_error(
            &self.label,
            &self.origin,
            Pos::LineCol(open_line, col),
            &format!(
                "line {open_line}: a quoted field opened here is never closed; the rest of the \
                 file ({swallowed} line{}) was read into it",
                crate::model::text::plural(swallowed)
            ),
            Some(
                "close the quote, or double every `\"` inside a quoted value (`\"\"`); a value \
                 without quotes must not start with `\"`",
            ),
        ))
    }

    /// Reads one record into a product, a repeated header, the end, or an error.
    fn step(&self, cur: &mut SegmentCursor) -> Step {
        let line_offset = cur.line_offset;
        match cur.src.read(self.delimiter, &mut cur.record) {
            Ok(true) => {}
            Ok(false) => return Step::End,
            Err(e) => {
                return Step::Failed(csv_error(&self.label, &self.origin, &e, line_offset));
            }
        }
        let (line, start) = match cur.row().position().cloned() {
            Some(pos) => (cur.record_line(&pos), pos.byte()),
            None => (line_offset, 0),
        };
        if let Some(e) = self.unclosed_quote(cur, line) {
            return Step::Failed(e);
        }
        if self.may_repeat_header(cur.row()) && self.is_header_repeat(cur.row()) {
            return Step::HeaderRepeat(line);
        }
        let stray = if cur.strays.is_empty() {
            None
        } else {
            cur.stray_quote(start)
        };
        let index = cur.index;
        cur.index += 1;
        let record = cur.row();
        // Room for the values the row has, not for every column: a list of more than 1 KiB
        // (18 attributes) takes the allocator's slow path (docs/performance.md, "10cdd5b–17104fa").
        // Made with that room rather than reserved after: `reserve` on the empty list went
        // through its out-of-line growth path. With `unclosed_quote`'s test reordered, callgrind
        // (20k bench rows, main thread): `validate` 854,136,815 → 853,880,119 (−13 a row).
        let mut p = Product::with_attribute_capacity(
            SourceLocation::new(self.label.clone(), line, index),
            record.non_empty(),
        );
        if let Some(excerpt) = stray {
            p.read_issues.push(ReadIssue {
                line,
                message: format!(
                    "text follows the closing quote of a quoted field (near `{excerpt}`): CSV \
                     reads such a field without those quotes; to keep them, quote the whole \
                     field and double each quote inside it"
                ),
            });
        }
        if cur.maybe_bom && memchr::memchr(0xEF, record.text().as_bytes()).is_some() {
            for (i, cell) in record.iter().enumerate() {
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
        // The cells of the segment's own reader (nearly always) are walked as their ranges, an
        // empty one skipped before its text is sliced out (a bounds and character boundary
        // check, and the test of where the text is, for each of the bench row's ~6 empty cells),
        // and without `RowIter`'s choice of reader for every cell. With `Plain` counting the
        // non-empty cells as it reads them (`Plain::non_empty`, no second pass): callgrind, 20k
        // bench rows, main thread, `validate` 859,514,286 → 854,903,979 (−230 a row), `batch`
        // 865,426,811 → 860,840,232.
        match record {
            Row::Plain(plain) => {
                for (&span, col) in plain.spans().iter().zip(&self.columns) {
                    if !span.is_empty() {
                        Self::push_cell(&mut p, col, plain.cell(span), line);
                    }
                }
            }
            Row::Csv(_) => {
                for (cell, col) in record.iter().zip(&self.columns) {
                    if !cell.is_empty() {
                        Self::push_cell(&mut p, col, cell, line);
                    }
                }
            }
        }
        // After the header's columns, so extra values come last in the product too.
        let n = record.len();
        if n != self.columns.len() {
            let message = self.ragged(cur, &mut p, n);
            p.read_issues.push(ReadIssue { line, message });
        }
        if !self.repeated.is_empty() {
            self.note_conflicts(&mut p, line);
        }
        Step::Product(p)
    }

    /// Adds a row's cell `cell` (not empty) of column `col` to the product `p`, the row being at
    /// `line`.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "one body for the two loops of `step`, the plain one hot: out of line it is a \
                  call with five arguments for each cell"
    )]
    fn push_cell(p: &mut Product, col: &Column, cell: &str, line: u64) {
        match col {
            Column::Unique(name) => p.push_unique_name(name, cell.to_owned()),
            Column::Plain(name) => p.push_name(name, cell),
            Column::Multi(name) | Column::UniqueMulti(name) => {
                let unique = matches!(col, Column::UniqueMulti(_));
                match (unique, memchr::memchr(b',', cell.as_bytes()).is_some()) {
                    // The bench feed's `product_type` (every row, one value): `push_name` was a
                    // call with a look-up of the name. Callgrind, 20k bench rows, main thread:
                    // `validate` 854,903,979 → 854,136,815 (−38 a row), `batch` 860,840,232 →
                    // 860,017,356.
                    (true, false) => p.push_unique_name(name, cell.to_owned()),
                    // The bench feed's `additional_image_link` (half the rows, two values): the
                    // values collected into their list and added at once, where `push_name` per
                    // value was an out-of-line call with a look-up of the name each time, and
                    // the second value moved the first out of the list's inline slot.
                    (true, true) => {
                        p.push_unique_values(name, split_multi(cell).map(str::to_owned).collect());
                    }
                    (false, false) => p.push_name(name, cell),
                    (false, true) => {
                        for v in split_multi(cell) {
                            p.push_name(name, v);
                        }
                    }
                }
            }
            Column::Shipping(order) => {
                let (list, problems) = names::parse_shipping_slots(cell, order);
                append(&mut p.shipping, list);
                for message in problems {
                    p.read_issues.push(ReadIssue { line, message });
                }
            }
            Column::Tax(order) => {
                let (list, problems) = names::parse_tax_slots(cell, order);
                append(&mut p.tax, list);
                for message in problems {
                    p.read_issues.push(ReadIssue { line, message });
                }
            }
        }
    }

    /// Adds a read issue for each single-valued attribute that several columns name
    /// ([`Layout::repeated`]) and that has different values in this row.
    #[cold]
    #[inline(never)]
    fn note_conflicts(&self, p: &mut Product, line: u64) {
        for name in &self.repeated {
            if let Some(message) = names::conflicting_values(name, p.values(name)) {
                p.read_issues.push(ReadIssue { line, message });
            }
        }
    }

    /// The read issue of a row with `n` fields where the header has another count. Extra
    /// values are kept as `column_N` so none is lost.
    fn ragged(&self, cur: &SegmentCursor, p: &mut Product, n: usize) -> String {
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
            let mut more = 0_usize;
            for (i, cell) in cur.row().iter().enumerate().skip(want) {
                if !cell.is_empty() {
                    let name = format!("column_{}", i + 1);
                    p.push(&name, cell);
                    if kept.len() < 5 {
                        kept.push(format!("`{name}`"));
                    } else {
                        more += 1;
                    }
                }
            }
            let what = match (kept.is_empty(), more) {
                (true, _) => "the extra fields are empty".to_owned(),
                (false, 0) => format!("the extra values are kept as {}", kept.join(", ")),
                (false, more) => format!(
                    "the extra values are kept as {} and {more} more",
                    kept.join(", ")
                ),
            };
            format!("row has too many fields: {n} where the header has {want}; {what}")
        };
        if n < want && cur.at_end_of_input() && !cur.ends_with_newline {
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

/// `false` when the first byte of `cell` shows that it has not the key `key` ([`key_matches`]):
/// a letter or digit that is not the key's first. `true` when [`key_matches`] must decide.
fn may_match_key(cell: &str, key: &[u8]) -> bool {
    match cell.as_bytes().first() {
        Some(&b) if b.is_ascii_alphanumeric() => Some(&b.to_ascii_lowercase()) == key.first(),
        _ => true,
    }
}

fn column(header: &str, i: usize) -> Column {
    if let Some((name, order)) = split_group_header(header) {
        match name.as_ref() {
            "shipping" => {
                return Column::Shipping(order.iter().map(|n| names::shipping_slot(n)).collect());
            }
            "tax" => return Column::Tax(order.iter().map(|n| names::tax_slot(n)).collect()),
            _ => {}
        }
    }
    let name = canonical_name(header);
    match name.as_ref() {
        "" => Column::Plain(Name::new(Cow::Owned(format!("column_{}", i + 1)))),
        "shipping" => Column::Shipping(
            SHIPPING_DEFAULT_ORDER
                .iter()
                .map(|n| names::shipping_slot(n))
                .collect(),
        ),
        "tax" => Column::Tax(
            TAX_DEFAULT_ORDER
                .iter()
                .map(|n| names::tax_slot(n))
                .collect(),
        ),
        n if is_multi_value(n) => Column::Multi(Name::new(static_name(n))),
        _ => Column::Plain(Name::new(static_name(&name))),
    }
}

impl Column {
    /// Whether the column holds a product attribute feedlint knows (GMC's, in any of the
    /// spellings [`canonical_name`] reads) or the grouped `shipping` / `tax` values.
    fn is_attribute(&self) -> bool {
        match self {
            Column::Shipping(_) | Column::Tax(_) => true,
            Column::Plain(n) | Column::Multi(n) | Column::Unique(n) | Column::UniqueMulti(n) => {
                crate::catalog::fields::attribute(n).is_some()
            }
        }
    }
}

/// The error for a header of which no column is a product attribute: a file that is not a
/// product feed (notes, a report, another table), whose every row would otherwise be read as a
/// product missing everything, and billed.
fn not_a_feed(label: &str, origin: &Origin, line: u64, header: &csv::StringRecord) -> Error {
    const SHOWN: usize = 3;
    let mut names: Vec<String> = header
        .iter()
        .take(SHOWN)
        .map(|h| {
            let h: String = h.trim().chars().take(40).collect();
            format!("`{h}`")
        })
        .collect();
    if header.len() > SHOWN {
        names.push(format!("and {} more", header.len() - SHOWN));
    }
    source::syntax_error(
        label,
        origin,
        Pos::LineCol(line, 1),
        &format!(
            "the header names no product attribute ({}): this does not look like a product feed",
            names.join(", ")
        ),
        Some(
            "a CSV or TSV feed starts with a header of attribute names such as id, title, \
             description, link, image_link, price and availability (GMC's names, in any case \
             or spacing: `Image Link`, `imageLink`, `g:image_link`)",
        ),
    )
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

/// Plain columns whose attribute appears in no other column become [`Column::Unique`], multi-value
/// ones [`Column::UniqueMulti`].
fn mark_unique(columns: &mut [Column]) {
    let names: Vec<Option<Name>> = columns
        .iter()
        .map(|c| match c {
            Column::Plain(n) | Column::Multi(n) | Column::Unique(n) | Column::UniqueMulti(n) => {
                Some(n.clone())
            }
            Column::Shipping(_) | Column::Tax(_) => None,
        })
        .collect();
    // How many columns name each attribute: counted in a map, as comparing each column with
    // every other took minutes for a header of 300,000 columns (a wrong delimiter can make one).
    let mut uses: std::collections::HashMap<&str, u32> =
        std::collections::HashMap::with_capacity(names.len());
    for n in names.iter().flatten() {
        *uses.entry(&**n).or_default() += 1;
    }
    for c in columns.iter_mut() {
        match c {
            Column::Plain(n) if uses.get(&**n) == Some(&1) => *c = Column::Unique(n.clone()),
            Column::Multi(n) if uses.get(&**n) == Some(&1) => *c = Column::UniqueMulti(n.clone()),
            _ => {}
        }
    }
}

/// The single-valued attributes ([`names::is_single_valued`]) that several columns name, and a
/// read issue at the header line (`line`) for each: `id,title,price,title` makes every product a
/// `title` with two values of which the rules check one. Repeatable attributes
/// (`additional_image_link`, `product_highlight`...) may have several columns.
fn repeated_columns(columns: &[Column], line: u64) -> (Box<[Name]>, Vec<ReadIssue>) {
    // The attributes of several columns are those of the plain columns ([`mark_unique`]); the
    // list has one entry per single-valued attribute, a few at most.
    let mut repeated: Vec<(Name, Vec<usize>)> = Vec::new();
    for (i, c) in columns.iter().enumerate() {
        let Column::Plain(n) = c else {
            continue;
        };
        if !names::is_single_valued(n) {
            continue;
        }
        match repeated.iter_mut().find(|(other, _)| other == n) {
            Some((_, at)) => at.push(i + 1),
            None => repeated.push((n.clone(), vec![i + 1])),
        }
    }
    repeated.retain(|(_, at)| at.len() > 1);
    let issues = repeated
        .iter()
        .map(|(name, at)| {
            let at: Vec<String> = at.iter().map(ToString::to_string).collect();
            let (last, before) = at
                .split_last()
                .map_or(("", &[][..]), |(l, b)| (l.as_str(), b));
            ReadIssue {
                line,
                message: format!(
                    "the header names `{name}` in {} columns ({} and {last}), but `{name}` takes \
                     one value: a product with different values in them is reported, and only \
                     the first value is checked",
                    at.len(),
                    before.join(", "),
                ),
            }
        })
        .collect();
    let names = repeated.into_iter().map(|(name, _)| name).collect();
    (names, issues)
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

/// A csv error as a diagnostic; `line_offset`: the lines before the text the csv reader read.
fn csv_error(label: &str, origin: &Origin, e: &csv::Error, line_offset: u64) -> Error {
    match e.kind() {
        csv::ErrorKind::Io(io) => source::io_error(label, io),
        csv::ErrorKind::Utf8 { pos, err } => {
            let line = pos.as_ref().map_or(0, csv::Position::line) + line_offset;
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
    use proptest::prelude::*;

    /// A product as the segment tests compare it: id, line, index, read issues.
    type Seen = (String, u64, u64, Vec<String>);

    /// `text` as the source hands a delimited reader an undecorated file.
    fn decoded_of(text: &str) -> Decoded {
        Decoded {
            reader: Box::new(Cursor::new(text.as_bytes().to_vec())),
            prefix: text.as_bytes()[..text.len().min(4096)].to_vec(),
            origin: Origin {
                path: None,
                gzip: false,
                encoding: None,
                cap: 0,
            },
            lines: source::LineCount::default(),
        }
    }

    /// Every product of `text` read as a CSV feed cut in segments of `target` bytes, then the
    /// error if one ended it.
    fn read_with(text: &str, target: usize) -> (Vec<Seen>, Option<String>) {
        let decoded = decoded_of(text);
        let mut r = match DelimitedReader::new(decoded, Arc::from("t.csv"), false) {
            Ok(r) => r,
            Err(e) => return (Vec::new(), Some(e.to_string())),
        };
        r.segments.target = target;
        let mut out = Vec::new();
        while let Some(item) = r.next() {
            match item {
                Ok(p) => out.push(seen(&p)),
                Err(e) => return (out, Some(e.to_string())),
            }
        }
        (out, None)
    }

    /// What the tests compare of a product read: its id, line, index and read issues.
    fn seen(p: &Product) -> Seen {
        (
            p.get("id").unwrap_or_default().to_owned(),
            p.location.line,
            p.location.index,
            p.read_issues
                .iter()
                .map(|i| format!("{}: {}", i.line, i.message))
                .collect(),
        )
    }

    /// [`read_with`], the feed read in parts of `target` bytes as `validate --jobs 2` reads it:
    /// every part cut first (as threads ahead of the one placing products can), each read on its
    /// own, its products placed in order by the [`Sequencer`] with `place_plain` where it allows
    /// (the product is then given the index `place` would have given it).
    fn read_in_parts(text: &str, target: usize) -> (Vec<Seen>, Option<String>) {
        let decoded = decoded_of(text);
        let r = match DelimitedReader::new(decoded, Arc::from("t.csv"), false) {
            Ok(r) => Box::new(r),
            Err(e) => return (Vec::new(), Some(e.to_string())),
        };
        let Ok((mut cutter, mut seq)) = r.into_parts(target) else {
            panic!("a reader from which nothing was read gives its parts");
        };
        let jobs: Vec<PartJob> = std::iter::from_fn(|| cutter.next()).collect();
        let mut out = Vec::new();
        for job in jobs {
            let mut part = job.read();
            let mut read = Vec::new();
            for mut p in part.by_ref() {
                read.push(p.clone());
                let has_id = p.get_nonblank("id").is_some();
                if seq.place_plain(p.location.index, has_id) {
                    seq.place(&mut p);
                } else {
                    p.location.index = seq.next_index - 1;
                }
                out.push(seen(&p));
            }
            // Each product read again from the part's text kept is the product read.
            let (error, orphans, text) = part.finish_keeping();
            if let Some(text) = text {
                for (i, p) in read.iter().enumerate() {
                    assert_eq!(
                        text.product(i as u64).as_ref(),
                        Some(p),
                        "product {i} read again"
                    );
                }
                assert_eq!(text.product(read.len() as u64), None);
            }
            seq.carry(orphans);
            if let Some(e) = error {
                return (out, Some(e.to_string()));
            }
        }
        (out, seq.finish().map(|e| e.to_string()))
    }

    /// Every product of `text` (a CSV feed), its attributes with their values, in order.
    fn attributes_of(text: &str) -> Vec<Vec<(String, Vec<String>)>> {
        let decoded = decoded_of(text);
        let Ok(mut r) = DelimitedReader::new(decoded, Arc::from("t.csv"), false) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        while let Some(Ok(p)) = r.next() {
            out.push(
                p.attributes()
                    .iter()
                    .map(|a| (a.name.to_string(), a.values.to_vec()))
                    .collect(),
            );
        }
        out
    }

    /// A multi-value column that no other column shares (`product_type` here) and one that
    /// another shares (`additional_image_link`) read the same values, with and without commas,
    /// empty cells skipped; and the product is read the same by the csv crate's reader.
    #[test]
    fn unique_and_shared_multi_value_columns_read_their_values() {
        let text = "id,product_type,additional_image_link,title,additional_image_link\n\
                    1, A > B ,x.jpg,t,y.jpg\n\
                    2,\"A, B,,C \",\"p.jpg, q.jpg\",,\n\
                    3,,,u,z.jpg\n";
        let v = |s: &[&str]| s.iter().map(|&x| x.to_owned()).collect::<Vec<String>>();
        let want = vec![
            vec![
                ("id".to_owned(), v(&["1"])),
                ("product_type".to_owned(), v(&[" A > B "])),
                ("additional_image_link".to_owned(), v(&["x.jpg", "y.jpg"])),
                ("title".to_owned(), v(&["t"])),
            ],
            vec![
                ("id".to_owned(), v(&["2"])),
                ("product_type".to_owned(), v(&["A", "B", "C"])),
                ("additional_image_link".to_owned(), v(&["p.jpg", "q.jpg"])),
            ],
            vec![
                ("id".to_owned(), v(&["3"])),
                ("title".to_owned(), v(&["u"])),
                ("additional_image_link".to_owned(), v(&["z.jpg"])),
            ],
        ];
        assert_eq!(attributes_of(text), want);
        ONLY_CSV.with(|c| c.set(true));
        let by_csv = attributes_of(text);
        ONLY_CSV.with(|c| c.set(false));
        assert_eq!(by_csv, want);
    }

    /// A record's line is the line of its first byte, whatever the line breaks: the csv crate's
    /// own position is one line early after a `\r\n` (it ends a record at the `\r`) and after
    /// each blank line it skips.
    #[test]
    fn lines_are_those_of_the_first_byte_with_any_line_breaks() {
        let lf = "id,title\n1,a\n\n2,\"multi\nline\"\n\n\n3,c\n";
        let want = [("1", 2), ("2", 4), ("3", 8)];
        for text in [
            lf.to_owned(),
            lf.replace('\n', "\r\n"),
            lf.replace('\n', "\r"),
        ] {
            let (products, error) = read_with(&text, SEGMENT_BYTES);
            assert_eq!(error, None);
            let lines: Vec<(&str, u64)> = products.iter().map(|p| (p.0.as_str(), p.1)).collect();
            assert_eq!(lines, want, "{text:?}");
        }
    }

    /// A byte order mark is reported on its record whichever segment holds it, also when the
    /// segments before it have no 0xEF byte (and skip the per-record search), and a lone `\r`
    /// in a later segment still counts as a line break.
    #[test]
    fn a_byte_order_mark_and_a_lone_cr_are_found_in_a_later_segment() {
        let text = "id,title\n1,a\n2,b\n3,c\r4,\u{feff}d\n5,e\n";
        for target in [1, 4, 10, SEGMENT_BYTES] {
            let (products, error) = read_with(text, target);
            assert_eq!(error, None);
            let seen: Vec<(&str, u64, usize)> = products
                .iter()
                .map(|(id, line, _, issues)| (id.as_str(), *line, issues.len()))
                .collect();
            assert_eq!(
                seen,
                [
                    ("1", 2, 0),
                    ("2", 3, 0),
                    ("3", 4, 0),
                    ("4", 5, 1),
                    ("5", 6, 0)
                ],
                "target {target}"
            );
            assert!(products[3].3[0].contains("field 2 contains a byte order mark"));
        }
    }

    proptest! {
        /// Reading a feed in segments of any size gives the products, lines, indices, read issues
        /// and error of reading it whole: repeated headers, blank lines, quoted line breaks,
        /// ragged and truncated rows, LF, CRLF and CR line ends, an unclosed quote at the end.
        #[test]
        fn segments_of_any_size_read_the_same_products(
            rows in proptest::collection::vec(
                proptest::sample::select(vec![
                    "1,plain", "2,\"quoted, comma\"", "3,\"two\nlines\"", "", "id,title",
                    "ID,Title", "4", "5,a,b,c", "6,27\" screen", "7,\"\"\"q\"\"\"", "\r",
                    "8,\"Acme\" brand", "9,\"a\",", "\u{feff}10,b",
                ]),
                0..40,
            ),
            ending in proptest::sample::select(vec!["\n", "\r\n", "\r"]),
            tail in proptest::sample::select(vec!["\n", "", "\n8,\"open\nx"]),
            target in 1usize..200,
        ) {
            let mut text = String::from("id,title\n");
            text.push_str(&rows.join("\n"));
            text.push_str(tail);
            text = text.replace('\n', ending);
            let read = read_with(&text, target);
            prop_assert_eq!(&read, &read_with(&text, SEGMENT_BYTES));
            // And what the csv crate alone reads (`Plain` reads every record here), except that
            // it removes a byte order mark starting a segment (`Plain` keeps and reports it).
            if !text.contains('\u{feff}') {
                ONLY_CSV.with(|only| only.set(true));
                let by_csv = read_with(&text, target);
                ONLY_CSV.with(|only| only.set(false));
                prop_assert_eq!(read, by_csv);
            }
        }
    }

    proptest! {
        /// Read in parts as `validate --jobs 2` reads it (each part's lines counted as it is
        /// cut, its products placed after it is read), a feed gives the products, lines,
        /// indices, read issues and error of reading it whole.
        #[test]
        fn parts_read_the_same_products_as_the_whole_feed(
            rows in proptest::collection::vec(
                proptest::sample::select(vec![
                    "1,plain", "2,\"quoted, comma\"", "3,\"two\nlines\"", "", "id,title",
                    "ID,Title", "4", "5,a,b,c", "6,27\" screen", "7,\"\"\"q\"\"\"", "\r",
                    "8,\"Acme\" brand", "9,\"a\",", "\u{feff}10,b", ",no id", " ,blank id",
                ]),
                0..40,
            ),
            ending in proptest::sample::select(vec!["\n", "\r\n", "\r"]),
            tail in proptest::sample::select(vec!["\n", "", "\n8,\"open\nx"]),
            header in proptest::sample::select(vec!["id,title", "id,title,title"]),
            target in 1usize..200,
        ) {
            let mut text = format!("{header}\n");
            text.push_str(&rows.join("\n"));
            text.push_str(tail);
            text = text.replace('\n', ending);
            prop_assert_eq!(read_in_parts(&text, target), read_with(&text, SEGMENT_BYTES));
        }
    }

    /// A single-valued attribute in two columns: one read issue at the header line on the first
    /// product (after a repeated header too, and in segments of any size), and one on each row
    /// whose values differ; a header without products is still said to have none.
    #[test]
    fn repeated_single_valued_columns_are_said_at_the_header_and_where_values_differ() {
        let text = "id,title,color,title,additional_image_link,additional_image_link\n\
                    id,title,color,title,additional_image_link,additional_image_link\n\
                    1,A,red,B,a.jpg,b.jpg\n2,A,red,A,a.jpg,b.jpg\n3,,red,C,,\n4,D,,E,,\n";
        let header = "1: the header names `title` in 2 columns (2 and 4), but `title` takes one \
                      value: a product with different values in them is reported, and only the \
                      first value is checked";
        let (products, error) = read_with(text, SEGMENT_BYTES);
        assert_eq!(error, None);
        let issues: Vec<(&str, Vec<&str>)> = products
            .iter()
            .map(|(id, _, _, issues)| (id.as_str(), issues.iter().map(String::as_str).collect()))
            .collect();
        assert_eq!(
            issues,
            [
                (
                    "1",
                    vec![
                        header,
                        "2: this line repeats the header line; it was skipped, not read as a \
                         product (were several files concatenated?)",
                        "3: `title` takes one value but is given 2 times with different values: \
                         \"A\", \"B\"; only the first, \"A\", is checked, and every value is kept"
                    ]
                ),
                ("2", vec![]),
                ("3", vec![]),
                (
                    "4",
                    vec![
                        "6: `title` takes one value but is given 2 times with different values: \
                         \"D\", \"E\"; only the first, \"D\", is checked, and every value is kept"
                    ]
                ),
            ]
        );
        for target in [1, 7, 40] {
            assert_eq!(
                read_with(text, target),
                (products.clone(), None),
                "{target}"
            );
        }
        let (products, error) = read_with("id,title,title\nid,title,title\n", SEGMENT_BYTES);
        assert!(products.is_empty());
        assert_eq!(
            error.as_deref(),
            Some(
                "t.csv: the feed has a header line but no products (line 2 only repeats the header)"
            )
        );
    }

    /// The error of a byte that is not UTF-8 (alone, or a character cut short, also at the end)
    /// or of a NUL names the line of its byte, which this reader counts (the UTF-8 check under
    /// it counts none: `source::LineCount`), as the check's own count named it: in the header,
    /// in the first 64 KiB (read before the format is known), at a record's start, inside a
    /// quoted line break, after several segments; with LF, CRLF and CR line ends. Every record
    /// before the error's is read first.
    #[test]
    fn an_invalid_byte_or_a_nul_is_reported_at_its_line() {
        use std::fmt::Write as _;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bad.csv");
        for ending in ["\n", "\r\n", "\r"] {
            let mut text = String::from("id,title,description\n");
            for i in 0..9000 {
                let pad = "x".repeat(i % 50);
                writeln!(text, "{i},\"Mug {i}\nwith a line break\",{pad}").unwrap();
            }
            let text = text.replace('\n', ending);
            let start = |k: usize| text.find(&format!("{ending}{k},\"Mug")).unwrap() + ending.len();
            // Where the bad byte goes, and the products read before it.
            let places = [
                (3, 0),
                (start(0), 0),
                (start(0) + 10, 0),
                (start(1000) + 9, 1000),
                (start(2000), 2000),
                (start(8000) + 14, 8000),
                (text.len(), 9000),
            ];
            for (at, before) in places {
                for bad in [&[0xff][..], &[0][..], &[0xe2, 0x82][..]] {
                    let mut feed = text.as_bytes()[..at].to_vec();
                    feed.extend_from_slice(bad);
                    feed.extend_from_slice(&text.as_bytes()[at..]);
                    std::fs::write(&path, &feed).unwrap();
                    let line = 1 + source::count_line_breaks(&feed[..at]);
                    let want = if bad == [0] {
                        format!(
                            "binary data at line {line}, byte offset {at}: a NUL byte, which no \
                             text feed contains"
                        )
                    } else {
                        format!(
                            "invalid UTF-8 at line {line}, byte offset {at}: the feed declares no \
                             other encoding"
                        )
                    };
                    let opts = crate::feed::ReadOptions::default();
                    let mut read = 0;
                    let error = match crate::feed::open(&path, &opts) {
                        Err(e) => e,
                        Ok(products) => products
                            .inspect(|p| read += usize::from(p.is_ok()))
                            .find_map(Result::err)
                            .expect("an error"),
                    };
                    assert_eq!(
                        (error.message.as_str(), read),
                        (format!("{}: {want}", path.display()).as_str(), before),
                        "{ending:?} {at} {bad:?}"
                    );
                }
            }
        }
    }

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

    proptest! {
        /// The inline first test never turns a repeated header's first cell away.
        #[test]
        fn a_first_cell_turned_away_by_its_first_byte_has_not_the_key(
            cell in "[a-zA-Z0-9_ -]{0,8}",
            header in "[a-zA-Z0-9_ -]{0,8}",
        ) {
            let key = match_key(&header);
            if !may_match_key(&cell, &key) {
                prop_assert!(!key_matches(&cell, &key));
            }
            prop_assert!(may_match_key(&header, &key) || key.is_empty());
        }
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
                Column::Unique(n)
                | Column::Plain(n)
                | Column::Multi(n)
                | Column::UniqueMulti(n) => (n.to_string(), matches!(n.cow(), Cow::Borrowed(_))),
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
                p.push_name(n, v);
            }
        }
        assert!(matches!(p.attributes()[0].name, Cow::Borrowed("id")));
        assert_eq!(p.get("my_note"), Some("n"));
        assert_eq!(p.get("column_5"), Some("e"));
    }
}
