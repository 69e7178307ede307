//! JSON feeds: the spec's request body `{"products": [...], ...}` (spec 4.1, 4.2, 4.4), a bare
//! array of products, and NDJSON (one product object per line).
//!
//! Responsible for: streaming products one at a time without a DOM of the whole file. A request
//! body or array is deserialised element by element by a `DeserializeSeed` on a thread that hands
//! products over a bounded channel, so memory is bounded by the channel, never by the file.
//! Values are kept as their JSON text (numbers exactly as written), arrays of values become
//! several values, `shipping`/`tax` objects become [`Shipping`]/[`Tax`], `currentPerformance`
//! becomes [`CurrentPerformance`]. Not responsible for judging values.

use std::borrow::Cow;
use std::cell::Cell;
use std::fmt;
use std::io::{BufRead, BufReader, Read};
use std::marker::PhantomData;
use std::ops::Deref;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

use serde::de::{
    Deserialize, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor,
};
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::names::{self, SHIPPING_DEFAULT_ORDER, TAX_DEFAULT_ORDER, canonical_name};
use super::source::{self, Decoded, DynRead, Origin, Pos};
use super::{FeedKind, InputFormat};
use crate::error::snippet::without_position;
use crate::error::{Error, ErrorCode};
use crate::model::price::{amount_in_range, max_amount_text};
use crate::model::{CurrentPerformance, Name, Product, ReadIssue, Shipping, SourceLocation, Tax};

/// Products handed from the parsing thread to the consumer at once: one wake-up per batch, not
/// per product.
const BATCH_PRODUCTS: usize = 64;
/// Batches in flight between the parsing thread and the consumer (besides the one being filled
/// and the one being consumed).
const CHANNEL_BATCHES: usize = 2;

/// Whether a stream starting with `{` is NDJSON (a complete object on the first line without a
/// `products` key) or one request body.
pub(crate) fn sniff_object_stream(text: &[u8]) -> InputFormat {
    let Some(end) = text.iter().position(|&b| b == b'\n') else {
        return InputFormat::Json;
    };
    match serde_json::from_slice::<Map<String, Value>>(&text[..end]) {
        // A one-line object naming request-body fields is a body missing its products.
        Ok(obj) if !REQUEST_KEYS.iter().any(|k| obj.contains_key(*k)) => InputFormat::Ndjson,
        _ => InputFormat::Json,
    }
}

/// Whether the first line of `text` (a stream starting with `{`) ends inside its object: it does
/// not end with `}`, so the object goes on to the next line, as in a pretty-printed document. A
/// first line longer than `text` is taken as complete (NDJSON lines can be long).
pub(crate) fn first_line_continues(text: &[u8]) -> bool {
    text.iter()
        .position(|&b| b == b'\n')
        .is_some_and(|end| !text[..end].trim_ascii_end().ends_with(b"}"))
}

/// Top-level fields of the spec's request bodies (4.1, 4.2, 4.4, 4.7): a line holding one of them
/// is a request body, not an NDJSON product.
const REQUEST_KEYS: &[&str] = &[
    "products",
    "options",
    "enableMarketIntelligence",
    "analysisType",
    "timeframe",
    "gtins",
];

enum Msg {
    Fields(Map<String, Value>),
    Products(Vec<Product>),
    Err(Error),
}

pub(crate) enum JsonReader {
    Lines(LinesReader),
    Threaded(ThreadedReader),
}

impl JsonReader {
    pub(crate) fn new(
        decoded: Decoded,
        label: Arc<str>,
        ndjson: bool,
        first: u8,
    ) -> Result<Self, Error> {
        if ndjson {
            return Ok(Self::Lines(LinesReader {
                reader: BufReader::with_capacity(source::BUF_BYTES, decoded.reader),
                label,
                origin: decoded.origin,
                line: 0,
                index: 0,
                buf: String::new(),
            }));
        }
        let kind = if first == b'[' {
            FeedKind::JsonArray
        } else {
            FeedKind::JsonRequestBody
        };
        let (tx, rx) = sync_channel(CHANNEL_BATCHES);
        let origin = decoded.origin.clone();
        let thread_label = label.clone();
        let reader = decoded.reader;
        std::thread::Builder::new()
            .name("feedlint-json".into())
            .spawn(move || parse_document(reader, &thread_label, &origin, &tx))
            .map_err(|e| Error::internal(format!("cannot start the JSON reader: {e}")))?;
        let mut r = ThreadedReader {
            rx,
            kind,
            fields: None,
            pending: Vec::new().into_iter(),
        };
        if kind == FeedKind::JsonRequestBody {
            // Wait for the fields before `products` (or the error of a body without them).
            match r.rx.recv() {
                Ok(Msg::Fields(f)) => r.fields = Some(f),
                Ok(Msg::Err(e)) => return Err(r.error(e)),
                Ok(Msg::Products(batch)) => r.pending = batch.into_iter(),
                Err(_) => {}
            }
        }
        Ok(Self::Threaded(r))
    }

    pub(crate) fn kind(&self) -> FeedKind {
        match self {
            Self::Lines(_) => FeedKind::Ndjson,
            Self::Threaded(t) => t.kind,
        }
    }

    pub(crate) fn request_fields(&self) -> Option<&Map<String, Value>> {
        match self {
            Self::Lines(_) => None,
            Self::Threaded(t) => t.fields.as_ref(),
        }
    }

    pub(crate) fn next(&mut self) -> Option<Result<Product, Error>> {
        match self {
            Self::Lines(l) => l.next(),
            Self::Threaded(t) => t.next(),
        }
    }
}

pub(crate) struct ThreadedReader {
    rx: Receiver<Msg>,
    kind: FeedKind,
    fields: Option<Map<String, Value>>,
    /// Products received and not yet returned.
    pending: std::vec::IntoIter<Product>,
}

impl ThreadedReader {
    fn next(&mut self) -> Option<Result<Product, Error>> {
        loop {
            if let Some(mut p) = self.pending.next() {
                p.from_request_body = self.is_body();
                return Some(Ok(p));
            }
            match self.rx.recv() {
                Ok(Msg::Products(batch)) => self.pending = batch.into_iter(),
                Ok(Msg::Fields(f)) => self.fields = Some(f),
                Ok(Msg::Err(e)) => return Some(Err(self.error(e))),
                Err(_) => return None,
            }
        }
    }

    fn is_body(&self) -> bool {
        self.kind == FeedKind::JsonRequestBody
    }

    /// The reader's error as this input gives it: a request body that is not valid JSON is a
    /// request that fails validation (spec 7: 400 `VALIDATION_ERROR`), where a feed file that is
    /// not is unreadable input (`INPUT_ERROR`).
    fn error(&self, mut e: Error) -> Error {
        if self.is_body() && e.code == ErrorCode::InputError {
            e.code = ErrorCode::ValidationError;
        }
        e
    }
}

/// NDJSON: one object per non-blank line; the line number is the product's location.
pub(crate) struct LinesReader {
    reader: BufReader<DynRead>,
    label: Arc<str>,
    origin: Origin,
    line: u64,
    index: u64,
    buf: String,
}

impl LinesReader {
    fn next(&mut self) -> Option<Result<Product, Error>> {
        loop {
            self.buf.clear();
            match self.reader.read_line(&mut self.buf) {
                Ok(0) if self.index == 0 => {
                    return Some(Err(Error::input(format!(
                        "{}: the NDJSON file has no product lines (only blank lines)",
                        self.label
                    ))
                    .with_help("write one JSON product object per line")));
                }
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => return Some(Err(source::io_error(&self.label, &e))),
            }
            self.line += 1;
            if self.buf.trim().is_empty() {
                continue;
            }
            let loc = SourceLocation::new(self.label.clone(), self.line, self.index);
            // A byte order mark starting a line (files joined with `cat`) is not JSON: skip it
            // and say so on the product.
            let (text, bom) = match self.buf.strip_prefix('\u{feff}') {
                Some(rest) => (rest, true),
                None => (self.buf.as_str(), false),
            };
            let mut de = serde_json::Deserializer::from_str(text);
            let line_cell = Cell::new(0);
            let result = ProductSeed::<&RawValue> {
                loc,
                line: &line_cell,
                line_offset: None,
                body_element: None,
                raw: PhantomData,
            }
            .deserialize(&mut de)
            .and_then(|p| de.end().map(|()| p));
            return Some(match result {
                Ok(mut p) => {
                    self.index += 1;
                    if bom {
                        p.read_issues.push(ReadIssue {
                            line: self.line,
                            message: "the line starts with a byte order mark (U+FEFF), \
                                      skipped: were several files concatenated?"
                                .into(),
                        });
                    }
                    Ok(p)
                }
                Err(e) => {
                    // serde_json's column counts bytes; the position shown counts characters
                    // (and the line's byte order mark, skipped above, is one).
                    let mut end = e.column().saturating_sub(1).min(text.len());
                    while !text.is_char_boundary(end) {
                        end -= 1;
                    }
                    let col = text[..end].chars().count() as u64 + 1 + u64::from(bom);
                    match e.classify() {
                        // Each line stands alone: a line that is not JSON is that line's
                        // problem, reported on it, and the lines after it are read.
                        serde_json::error::Category::Syntax => Ok(self.unreadable_line(&e, col)),
                        // A line cut short that ends with its line break: the lines after it
                        // are there. Without the break it is the end of a truncated file, an
                        // error of the file (below).
                        serde_json::error::Category::Eof if text.ends_with(['\n', '\r']) => {
                            // At the end of the line's text, not after its line break.
                            let end = text.trim_end().chars().count() as u64 + 1 + u64::from(bom);
                            Ok(self.unreadable_line(&e, end))
                        }
                        _ => Err(json_error(
                            &self.label,
                            &self.origin,
                            &e,
                            JsonPos::LineCol(self.line, col),
                            None,
                        )),
                    }
                }
            });
        }
    }
}

impl LinesReader {
    /// The product of a line that is not valid JSON: no attributes, and a read issue (FL-C001)
    /// saying where and what is wrong.
    fn unreadable_line(&mut self, e: &serde_json::Error, col: u64) -> Product {
        let loc = SourceLocation::new(self.label.clone(), self.line, self.index);
        self.index += 1;
        let what = if e.classify() == serde_json::error::Category::Eof {
            "the line ends before its JSON object does".to_owned()
        } else {
            without_position(e)
        };
        let mut p = Product::new(loc);
        p.read_issues.push(ReadIssue {
            line: self.line,
            message: format!(
                "column {col}: not valid JSON ({what}); nothing on this line could be read, the \
                 lines after it are read"
            ),
        });
        p
    }
}

/// What [`LineCounter`] has read so far, shared with the product seeds and the error path.
#[derive(Default)]
struct Lines {
    /// Line breaks read: `\n`, `\r\n` (once) and a lone `\r` (classic Mac text), so a
    /// product's line is the one an editor shows, as in CSV and XML.
    breaks: Cell<u64>,
    /// `\n` read, and where the text after each of the last two starts ([before the last, the
    /// last]): serde_json counts lines by `\n` alone and columns in bytes, so its error positions
    /// are turned into an offset with these ([`Lines::offset_of`]).
    newlines: Cell<u64>,
    after_newline: Cell<[u64; 2]>,
    /// Where the text after each of the last two line breaks starts ([before the last, the
    /// last]): the position of an error in a stream that cannot be read again
    /// ([`Lines::line_col_at`]).
    after_break: Cell<[u64; 2]>,
    /// Where serde_json's line 1 starts: 0, or where the streaming parse took over from
    /// [`ArraySlices`] (serde_json counts from there).
    origin: Cell<u64>,
    /// When the streaming parse took over from [`ArraySlices`]: the `\n` before the stand-in,
    /// the column (in bytes, 0-based) of the first byte after it and the stand-in's length, to
    /// turn serde_json's own positions into the document's ([`Self::serde_pos`]).
    resumed: Cell<Option<(u64, u64, u64)>>,
}

impl Lines {
    /// serde_json's position of `e` (lines counted by `\n` alone), in the document.
    fn serde_pos(&self, e: &serde_json::Error) -> JsonPos {
        let Some((newlines, column, stand_in)) = self.resumed.get() else {
            return JsonPos::Serde;
        };
        let (line, col) = (e.line() as u64, e.column() as u64);
        let col = if line == 1 {
            column + col.saturating_sub(stand_in)
        } else {
            col
        };
        JsonPos::LineCol(newlines + line, col.max(1))
    }

    /// The offset in the decoded text of serde_json's 1-based `line` and byte `column` (the
    /// bytes of the line it has consumed; the position is the last of them), when `line` is one
    /// of the last two read; `None` otherwise. `after`: the offset after that byte instead (the
    /// end of a truncated file).
    fn offset_of(&self, line: u64, column: u64, after: bool) -> Option<u64> {
        let newlines = self.newlines.get();
        let [before_last, last] = self.after_newline.get();
        let origin = self.origin.get();
        let start = if line == newlines + 1 {
            if newlines == 0 { origin } else { last }
        } else if line == newlines && newlines >= 1 {
            if newlines == 1 { origin } else { before_last }
        } else {
            return None;
        };
        Some(if after {
            start + column
        } else {
            start + column.saturating_sub(1)
        })
    }

    /// The 1-based line (every line end counted) and byte column of `offset`, one of the last
    /// bytes read; `None` when it is before the last two line breaks.
    fn line_col_at(&self, offset: u64) -> Option<(u64, u64)> {
        let breaks = self.breaks.get();
        let [before_last, last] = self.after_break.get();
        let (line, start) = if breaks == 0 || last <= offset {
            (breaks + 1, if breaks == 0 { 0 } else { last })
        } else if breaks == 1 || before_last <= offset {
            // The last line end was read after the byte at `offset` (serde_json looks one byte
            // ahead): `offset` is on the line before it.
            (breaks, if breaks == 1 { 0 } else { before_last })
        } else {
            return None;
        };
        Some((line, offset - start + 1))
    }
}

/// Counts lines as serde_json pulls bytes, so each product knows its line.
struct LineCounter<R> {
    inner: R,
    lines: Rc<Lines>,
    /// Bytes read so far.
    offset: u64,
    /// Where the last `\r` read was (a `\n` right after it ends the same line).
    last_cr: Option<u64>,
}

impl<R: BufRead> LineCounter<R> {
    /// Notes the byte `b`, read at the current offset: one comparison for nearly every byte.
    #[inline]
    fn note(&mut self, b: u8) {
        if b <= b'\r' {
            self.note_control(b);
        }
        self.offset += 1;
    }

    /// [`Self::note`] for a byte up to `\r`.
    fn note_control(&mut self, b: u8) {
        match b {
            b'\n' => {
                let [before_last, last] = self.lines.after_break.get();
                if self.last_cr.is_none_or(|at| at + 1 != self.offset) {
                    self.lines.breaks.set(self.lines.breaks.get() + 1);
                    self.lines.after_break.set([last, self.offset + 1]);
                } else {
                    // The `\n` of a `\r\n`: the same line end, which ends after it.
                    self.lines.after_break.set([before_last, self.offset + 1]);
                }
                self.lines.newlines.set(self.lines.newlines.get() + 1);
                let [_, last] = self.lines.after_newline.get();
                self.lines.after_newline.set([last, self.offset + 1]);
            }
            b'\r' => {
                self.lines.breaks.set(self.lines.breaks.get() + 1);
                let [_, last] = self.lines.after_break.get();
                self.lines.after_break.set([last, self.offset + 1]);
                self.last_cr = Some(self.offset);
            }
            _ => {}
        }
    }
}

impl<R: BufRead> Read for LineCounter<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        // serde_json reads one byte at a time (through `io::Bytes`): keep that path short.
        if let [one] = buf {
            let Some(&b) = self.inner.fill_buf()?.first() else {
                return Ok(0);
            };
            *one = b;
            self.inner.consume(1);
            self.note(b);
            return Ok(1);
        }
        let avail = self.inner.fill_buf()?;
        let n = avail.len().min(buf.len());
        buf[..n].copy_from_slice(&avail[..n]);
        self.inner.consume(n);
        for &b in &buf[..n] {
            self.note(b);
        }
        Ok(n)
    }
}

/// The largest element [`ArraySlices`] holds in memory to parse it from a slice; a larger one
/// (a product of 64 MiB is no real feed's) is read by serde_json from the stream instead.
const MAX_SLICE_BYTES: usize = 64 << 20;

/// What [`Resume::held`] starts with after a product of an array was sent: an array holding an
/// empty object.
const STAND_IN: &[u8] = b"[{}";

/// What [`Resume::held`] starts with after a product of a request body was sent: a body whose
/// `products` hold an empty object. [`DocumentSeed`] does not send the fields before it again.
const BODY_STAND_IN: &[u8] = b"{\"products\":[{}";

/// What [`ArraySlices::run`] ended with.
enum Sliced {
    /// The whole document was a well-formed array of product objects, every one sent.
    Done,
    /// The consumer went away.
    Stopped,
    /// Something other than a well-formed product object or the array's own `[`, `,` and `]`
    /// (another kind of document, an error, an element too large): the rest of the document,
    /// from the end of the last product sent, is for serde_json's streaming parse
    /// ([`parse_document_with`]), which reports it exactly as it reports a whole document.
    Rest(Resume),
    /// The input could not be read.
    Io(std::io::Error),
}

/// Where the streaming parse takes over from [`ArraySlices`]: the bytes it still holds, then
/// the rest of the reader, and the line breaks before them.
struct Resume {
    /// The bytes to parse: the whole document so far when no product was sent, else the
    /// stand-in ([`STAND_IN`] or [`BODY_STAND_IN`]: an array, or a body's `products`, whose
    /// first element, a stand-in for the last product sent, [`DocumentSeed`] skips) followed
    /// by the document from the end of that product. After the stand-in's `}` serde_json is
    /// where it was after the product's, so what follows reads (and fails) as it would have.
    held: Vec<u8>,
    reader: DynRead,
    /// The stand-in `held` starts with; empty when it holds the whole document.
    stand_in: &'static [u8],
    /// Offset in the document of the first byte after the stand-in.
    offset: u64,
    /// Line breaks before `offset`, and where the text after each of the last two starts.
    breaks: u64,
    after_break: [u64; 2],
    /// `\n` before `offset`, and where the text after the last of them starts.
    newlines: u64,
    after_newline: u64,
}

impl Resume {
    /// The whole document: `held`, its first bytes, then the rest of `reader`.
    fn whole(held: Vec<u8>, reader: DynRead) -> Self {
        Self {
            held,
            reader,
            stand_in: b"",
            offset: 0,
            breaks: 0,
            after_break: [0, 0],
            newlines: 0,
            after_newline: 0,
        }
    }
}

/// The fast way through a JSON array feed, or a request body whose first key is `products`:
/// elements cut out of the input by a scanner and each parsed from its slice, where serde_json
/// skips through strings with a search, rather than from a reader, where it makes a call per byte
/// (200k products: `validate` ~40% faster, the parsing thread being the one the others wait for;
/// docs/performance.md, "JSON arrays read by slices"). Memory is the read buffer and the largest
/// element. Anything but a well-formed array of objects, and a body's fields after its products,
/// go back to the streaming parse at the end of the last product sent ([`Sliced::Rest`]), so
/// errors, their positions and unusual elements are what they are without this path.
struct ArraySlices {
    reader: DynRead,
    buf: Vec<u8>,
    /// Offset in the document of `buf[0]`.
    base: u64,
    /// Position in `buf` of the next byte to look at.
    pos: usize,
    /// Position in `buf` after the last product sent, or 0 with the whole document still held
    /// when none was.
    resume: usize,
    sent_any: bool,
    /// The document is a request body whose first key is `products`, being read.
    body: bool,
    eof: bool,
    read_bytes: usize,
    /// The line breaks of the bytes before `count.upto`.
    count: Count,
}

/// Line breaks counted by [`ArraySlices`] up to a position in its buffer, as [`LineCounter`]
/// counts them.
#[derive(Clone, Copy, Default)]
struct Count {
    /// Position in the buffer up to which the bytes are counted.
    upto: usize,
    breaks: u64,
    /// Where the text after each of the last two line breaks starts.
    after_break: [u64; 2],
    /// Offset in the document of the last `\r` counted.
    last_cr: Option<u64>,
    /// `\n` counted (serde_json's lines), and where the text after the last starts.
    newlines: u64,
    after_newline: u64,
}

/// Outcome of looking for the next byte that is not JSON whitespace.
enum Next {
    Byte(u8),
    End,
    Failed(std::io::Error),
}

impl ArraySlices {
    fn new(reader: DynRead, read_bytes: usize) -> Self {
        Self {
            reader,
            buf: Vec::with_capacity(read_bytes),
            base: 0,
            pos: 0,
            resume: 0,
            sent_any: false,
            body: false,
            eof: false,
            read_bytes: read_bytes.max(1),
            count: Count::default(),
        }
    }

    /// Reads more input after what is held, dropping what is before `resume` first (nothing
    /// before the first product is sent). `Ok(false)` at the end of the input.
    fn fill(&mut self) -> std::io::Result<bool> {
        if self.eof {
            return Ok(false);
        }
        if self.resume > 0 && self.resume >= self.buf.len() / 2 {
            self.count_to(self.resume);
            self.buf.drain(..self.resume);
            self.base += self.resume as u64;
            self.pos -= self.resume;
            self.count.upto -= self.resume;
            self.resume = 0;
        }
        let old = self.buf.len();
        self.buf.resize(old + self.read_bytes, 0);
        let n = loop {
            match self.reader.read(&mut self.buf[old..]) {
                Ok(n) => break n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => {
                    self.buf.truncate(old);
                    return Err(e);
                }
            }
        };
        self.buf.truncate(old + n);
        if n == 0 {
            self.eof = true;
        }
        Ok(n > 0)
    }

    /// Counts the line breaks of `buf[count.upto..to]`.
    fn count_to(&mut self, to: usize) {
        let c = &mut self.count;
        let from = c.upto;
        if to <= from {
            return;
        }
        for i in memchr::memchr2_iter(b'\n', b'\r', &self.buf[from..to]) {
            let at = self.base + (from + i) as u64;
            if self.buf[from + i] == b'\n' {
                c.newlines += 1;
                c.after_newline = at + 1;
                let [before_last, last] = c.after_break;
                if c.last_cr.is_some_and(|cr| cr + 1 == at) {
                    c.after_break = [before_last, at + 1];
                } else {
                    c.breaks += 1;
                    c.after_break = [last, at + 1];
                }
            } else {
                c.breaks += 1;
                c.after_break = [c.after_break[1], at + 1];
                c.last_cr = Some(at);
            }
        }
        c.upto = to;
    }

    /// The next byte that is not JSON whitespace, reading more as needed; not consumed.
    fn peek_past_whitespace(&mut self) -> Next {
        loop {
            while let Some(&b) = self.buf.get(self.pos) {
                if !matches!(b, b' ' | b'\n' | b'\t' | b'\r') {
                    return Next::Byte(b);
                }
                self.pos += 1;
            }
            match self.fill() {
                Ok(true) => {}
                Ok(false) => return Next::End,
                Err(e) => return Next::Failed(e),
            }
        }
    }

    /// The end (exclusive, a position in `buf`) of the object or array starting at `pos`, reading
    /// more as needed; `Ok(None)` when the input ends first or the element grows too large.
    /// Positions relative to `pos` survive [`Self::fill`], so the scan goes on where it stopped
    /// (at the opening quote of a string the held bytes cut).
    fn element_end(&mut self) -> std::io::Result<Option<usize>> {
        let mut rel = 0;
        let mut depth = 0_usize;
        loop {
            let b = &self.buf[self.pos..];
            while rel < b.len() {
                match b[rel] {
                    b'"' => match string_end(&b[rel + 1..]) {
                        Some(n) => rel += n + 2,
                        None => break,
                    },
                    b'{' | b'[' => {
                        depth += 1;
                        rel += 1;
                    }
                    b'}' | b']' => {
                        depth = depth.saturating_sub(1);
                        rel += 1;
                        if depth == 0 {
                            return Ok(Some(self.pos + rel));
                        }
                    }
                    _ => rel += 1,
                }
            }
            if self.buf.len() - self.resume > MAX_SLICE_BYTES || !self.fill()? {
                return Ok(None);
            }
        }
    }

    /// After a document's `{`: whether its first key is `products` (written plainly) and its
    /// value an array, consumed up to the `[` when it is. Nothing is sent before the first
    /// product, so a body that is not read here goes back whole ([`Self::rest`]).
    fn products_first(&mut self) -> std::io::Result<bool> {
        for token in [&b"\"products\""[..], b":", b"["] {
            match self.peek_past_whitespace() {
                Next::Byte(_) => {}
                Next::End => return Ok(false),
                Next::Failed(e) => return Err(e),
            }
            while self.buf.len() - self.pos < token.len() {
                if !self.fill()? {
                    return Ok(false);
                }
            }
            if !self.buf[self.pos..].starts_with(token) {
                return Ok(false);
            }
            self.pos += token.len();
        }
        Ok(true)
    }

    /// Reads the array's (or the body's) products and sends them through `doc`.
    fn run(mut self, doc: &DocumentSeed<'_>) -> Sliced {
        match self.peek_past_whitespace() {
            Next::Byte(b'[') => self.pos += 1,
            Next::Byte(b'{') => {
                self.pos += 1;
                match self.products_first() {
                    Ok(true) => self.body = true,
                    Ok(false) => return self.rest(),
                    Err(e) => return Sliced::Io(e),
                }
            }
            Next::Byte(_) | Next::End => return self.rest(),
            Next::Failed(e) => return Sliced::Io(e),
        }
        let mut first = true;
        loop {
            let b = match self.peek_past_whitespace() {
                Next::Byte(b) => b,
                Next::End => return self.rest(),
                Next::Failed(e) => return Sliced::Io(e),
            };
            if b == b']' && first {
                self.pos += 1;
                break;
            }
            if !first {
                match b {
                    b']' => {
                        self.pos += 1;
                        break;
                    }
                    b',' => self.pos += 1,
                    _ => return self.rest(),
                }
                match self.peek_past_whitespace() {
                    Next::Byte(b'{') => {}
                    Next::Byte(_) | Next::End => return self.rest(),
                    Next::Failed(e) => return Sliced::Io(e),
                }
            } else if b != b'{' {
                return self.rest();
            }
            let end = match self.element_end() {
                Ok(Some(end)) => end,
                Ok(None) => return self.rest(),
                Err(e) => return Sliced::Io(e),
            };
            // The product's line: the line breaks before its `{`, as serde_json's streaming
            // parse has read them when the object starts.
            let counted_before = self.count;
            self.count_to(self.pos);
            doc.lines.breaks.set(self.count.breaks);
            // The input is checked UTF-8 (`source::Utf8Check`) and an element ends at a `}`:
            // its text, checked once with SIMD, is parsed as a `str`, whose strings serde_json
            // then does not check again one by one (from a byte slice it does).
            let parsed = simdutf8::basic::from_utf8(&self.buf[self.pos..end])
                .ok()
                .and_then(|text| {
                    let mut de = serde_json::Deserializer::from_str(text);
                    doc.product_seed::<&RawValue>()
                        .deserialize(&mut de)
                        .and_then(|p| de.end().map(|()| p))
                        .ok()
                });
            let Some(product) = parsed else {
                // The streaming parse counts from the end of the last product again.
                self.count = counted_before;
                return self.rest();
            };
            // A body's fields before `products` (none) go before its first product, as the
            // streaming parse sends them.
            if self.body && !self.sent_any {
                doc.body.set(true);
                if !doc.send(Msg::Fields(Map::new())) {
                    return Sliced::Stopped;
                }
            }
            if !doc.push(product) {
                return Sliced::Stopped;
            }
            self.pos = end;
            self.resume = end;
            self.sent_any = true;
            first = false;
        }
        if self.body {
            // The body's other fields, after its products, are the streaming parse's.
            return self.rest();
        }
        match self.peek_past_whitespace() {
            Next::End => Sliced::Done,
            Next::Byte(_) => self.rest(),
            Next::Failed(e) => Sliced::Io(e),
        }
    }

    /// Hands the rest of the document, from the end of the last product sent, to the streaming
    /// parse.
    fn rest(mut self) -> Sliced {
        if !self.sent_any {
            return Sliced::Rest(Resume::whole(self.buf, self.reader));
        }
        self.count_to(self.resume);
        let stand_in = if self.body { BODY_STAND_IN } else { STAND_IN };
        let mut held = Vec::with_capacity(self.buf.len() - self.resume + stand_in.len());
        held.extend_from_slice(stand_in);
        held.extend_from_slice(&self.buf[self.resume..]);
        Sliced::Rest(Resume {
            held,
            reader: self.reader,
            stand_in,
            offset: self.base + self.resume as u64,
            breaks: self.count.breaks,
            after_break: self.count.after_break,
            newlines: self.count.newlines,
            after_newline: self.count.after_newline,
        })
    }
}

/// The length of the JSON string text at the start of `b` (after its opening quote) up to its
/// closing quote, escapes skipped; `None` when `b` ends first.
fn string_end(b: &[u8]) -> Option<usize> {
    let mut i = 0;
    loop {
        i += memchr::memchr2(b'"', b'\\', &b[i..])?;
        if b[i] == b'"' {
            return Some(i);
        }
        // A backslash escapes the byte after it.
        i += 2;
        if i > b.len() {
            return None;
        }
    }
}

/// Runs on the reader thread: parses the whole document, sending products as they complete.
fn parse_document(reader: DynRead, label: &Arc<str>, origin: &Origin, tx: &SyncSender<Msg>) {
    parse_document_with(reader, label, origin, tx, source::BUF_BYTES);
}

/// [`parse_document`] with [`ArraySlices`] reading `slice_read_bytes` at a time (0: serde_json's
/// streaming parse alone, which tests compare the fast path with).
fn parse_document_with(
    reader: DynRead,
    label: &Arc<str>,
    origin: &Origin,
    tx: &SyncSender<Msg>,
    slice_read_bytes: usize,
) {
    let lines = Rc::new(Lines::default());
    let seed = DocumentSeed::new(label, tx, &lines);
    let sliced = if slice_read_bytes == 0 {
        Sliced::Rest(Resume::whole(Vec::new(), reader))
    } else {
        ArraySlices::new(reader, slice_read_bytes).run(&seed)
    };
    let result = match sliced {
        Sliced::Done => Ok(()),
        Sliced::Stopped => return,
        Sliced::Io(e) => Err(serde_json::Error::io(e)),
        Sliced::Rest(rest) => {
            // serde_json counts lines and columns from the first byte it reads: the stand-in's.
            let skip_first = !rest.stand_in.is_empty();
            let stand_in = rest.stand_in.len() as u64;
            let start = rest.offset - stand_in;
            lines.origin.set(start);
            lines.breaks.set(rest.breaks);
            lines.after_break.set(rest.after_break);
            if skip_first {
                lines.resumed.set(Some((
                    rest.newlines,
                    rest.offset - rest.after_newline,
                    stand_in,
                )));
            }
            seed.skip_first.set(skip_first);
            seed.resumed_body.set(rest.stand_in == BODY_STAND_IN);
            let counted = LineCounter {
                inner: BufReader::with_capacity(
                    source::BUF_BYTES,
                    std::io::Cursor::new(rest.held).chain(rest.reader),
                ),
                lines: lines.clone(),
                offset: start,
                last_cr: None,
            };
            let mut de = serde_json::Deserializer::from_reader(counted);
            (&seed).deserialize(&mut de).and_then(|()| de.end())
        }
    };
    // Products read before an error come before it.
    seed.flush();
    if seed.stopped.get() {
        return;
    }
    if result.is_ok() && seed.index.get() == 0 {
        let err = if seed.body.get() {
            Error::new(
                ErrorCode::ValidationError,
                format!("{label}: the JSON body has no products: `products` is an empty array"),
            )
            .with_help("a request validates 1 to 100 products (spec 4.1), 1 to 1,000 in a batch")
        } else {
            Error::input(format!(
                "{label}: the JSON array is empty: the feed has no products"
            ))
            .with_help("put one JSON object per product in the array")
        };
        let _ = tx.send(Msg::Err(err));
        return;
    }
    if let Err(e) = result {
        let err = if seed.missing_products.get() {
            Error::new(
                ErrorCode::ValidationError,
                format!("{label}: missing products array"),
            )
            .with_help("a request body needs `\"products\": [ ... ]` (spec 4.1)")
        } else if e.classify() == serde_json::error::Category::Io {
            // The input's own error (a byte that does not decode, a gzip stream cut short), as
            // every reader gives it: it says where, and serde_json's position (which the slices
            // do not have) would only repeat that.
            source::io_error(label, &std::io::Error::from(e))
        } else {
            // Where the file can be read again for the snippet, the position is an offset, which
            // the snippet turns into the line an editor shows (a lone `\r` ends one) and a
            // column in characters; from a stream (stdin), that line and the column in bytes.
            let eof = e.classify() == serde_json::error::Category::Eof;
            let offset = lines.offset_of(e.line() as u64, e.column() as u64, eof);
            let at = match (&origin.path, offset) {
                (Some(_), Some(offset)) => JsonPos::Offset(offset),
                (None, Some(offset)) => lines.line_col_at(offset).map_or_else(
                    || lines.serde_pos(&e),
                    |(line, col)| JsonPos::LineCol(line, col),
                ),
                (_, None) => lines.serde_pos(&e),
            };
            let help = seed.not_an_object.get().then_some(
                "each element of a request body's `products` is one product object: \
                 {\"title\": \"...\", \"price\": \"9.99 USD\", ...}",
            );
            json_error(label, origin, &e, at, help)
        };
        let _ = tx.send(Msg::Err(err));
    }
}

/// Where a JSON error is.
#[derive(Clone, Copy)]
enum JsonPos {
    /// serde_json's line and column.
    Serde,
    /// At this line and column.
    LineCol(u64, u64),
    /// At this offset in the decoded text ([`Lines::offset_of`]).
    Offset(u64),
}

/// `data_help`: the help of a `Data` error (a value of the wrong kind) when the general one
/// does not fit.
fn json_error(
    label: &str,
    origin: &Origin,
    e: &serde_json::Error,
    at: JsonPos,
    data_help: Option<&str>,
) -> Error {
    use serde_json::error::Category;
    let col = (e.column() as u64).max(1);
    let pos = match at {
        JsonPos::Serde => Pos::LineCol(e.line() as u64, col),
        JsonPos::LineCol(line, col) => Pos::LineCol(line, col),
        JsonPos::Offset(offset) => Pos::Offset(offset),
    };
    match e.classify() {
        Category::Io => {
            let io = std::io::Error::other(e.to_string());
            source::io_error(label, &io)
        }
        Category::Eof => source::syntax_error(
            label,
            origin,
            pos,
            "unexpected end of JSON: the file is truncated",
            Some("the file is probably truncated"),
        ),
        Category::Syntax => source::syntax_error(
            label,
            origin,
            pos,
            &format!("not valid JSON: {}", without_position(e)),
            Some("fix the JSON syntax at this position; the rest of the feed cannot be read"),
        ),
        Category::Data => {
            let mut err = source::syntax_error(
                label,
                origin,
                pos,
                &without_position(e),
                Some(data_help.unwrap_or(
                    "a feed is `{\"products\": [ ... ]}`, an array of product objects, or NDJSON",
                )),
            );
            err.code = ErrorCode::ValidationError;
            err
        }
    }
}

/// The top-level value: a request body object or a bare array.
struct DocumentSeed<'a> {
    label: &'a Arc<str>,
    tx: &'a SyncSender<Msg>,
    lines: &'a Lines,
    index: Cell<u64>,
    stopped: Cell<bool>,
    /// Products read and not yet sent (at most [`BATCH_PRODUCTS`]).
    batch: std::cell::RefCell<Vec<Product>>,
    missing_products: Cell<bool>,
    /// The document is a request body (an object), not a bare array.
    body: Cell<bool>,
    /// The array's first element is [`ArraySlices`]' stand-in, not a product ([`Resume`]).
    skip_first: Cell<bool>,
    /// The body's first `products` key is [`BODY_STAND_IN`]'s: [`ArraySlices`] sent the fields
    /// before it.
    resumed_body: Cell<bool>,
    /// An element of a request body's `products` is not an object (the error says which).
    not_an_object: Cell<bool>,
}

impl<'a> DocumentSeed<'a> {
    fn new(label: &'a Arc<str>, tx: &'a SyncSender<Msg>, lines: &'a Lines) -> Self {
        Self {
            label,
            tx,
            lines,
            index: Cell::new(0),
            stopped: Cell::new(false),
            batch: std::cell::RefCell::new(Vec::new()),
            missing_products: Cell::new(false),
            body: Cell::new(false),
            skip_first: Cell::new(false),
            resumed_body: Cell::new(false),
            not_an_object: Cell::new(false),
        }
    }

    /// Sends `msg` after the products still in the batch.
    fn send(&self, msg: Msg) -> bool {
        self.flush() && self.send_now(msg)
    }

    /// Sends the products in the batch, if any.
    fn flush(&self) -> bool {
        let batch = {
            let mut current = self.batch.borrow_mut();
            if current.is_empty() {
                return true;
            }
            std::mem::replace(&mut *current, Vec::with_capacity(BATCH_PRODUCTS))
        };
        self.send_now(Msg::Products(batch))
    }

    fn send_now(&self, msg: Msg) -> bool {
        if self.stopped.get() {
            return false;
        }
        if self.tx.send(msg).is_err() {
            // The consumer went away: stop parsing quietly.
            self.stopped.set(true);
            return false;
        }
        true
    }

    fn product_seed<R>(&self) -> ProductSeed<'_, R> {
        let index = self.index.get();
        ProductSeed {
            loc: SourceLocation::new(self.label.clone(), 0, index),
            line: &self.lines.breaks,
            line_offset: Some(1),
            body_element: self.body.get().then_some(&self.not_an_object),
            raw: PhantomData,
        }
    }

    /// Takes the next product; `false` when the consumer went away.
    fn push(&self, p: Product) -> bool {
        self.index.set(self.index.get() + 1);
        let full = {
            let mut batch = self.batch.borrow_mut();
            batch.push(p);
            batch.len() >= BATCH_PRODUCTS
        };
        !full || self.flush()
    }

    fn read_products<'de, A: SeqAccess<'de>>(&self, mut seq: A) -> Result<(), A::Error> {
        while let Some(p) = seq.next_element_seed(self.product_seed::<Box<RawValue>>())? {
            if self.skip_first.replace(false) {
                continue;
            }
            if !self.push(p) {
                return Err(serde::de::Error::custom("stopped"));
            }
        }
        if self.flush() {
            Ok(())
        } else {
            Err(serde::de::Error::custom("stopped"))
        }
    }
}

impl<'de> DeserializeSeed<'de> for &DocumentSeed<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for &DocumentSeed<'_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a request body {\"products\": [...]} or an array of products")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        self.read_products(seq)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.body.set(true);
        let mut fields = Map::new();
        let mut saw_products = false;
        while let Some(key) = map.next_key::<String>()? {
            // A key given twice would lose one of its values without a word (serde_json's
            // maps keep the last): a second `products` array was never read.
            if (key == "products" && saw_products) || fields.contains_key(&key) {
                return Err(serde::de::Error::custom(format_args!(
                    "the request body has `{key}` twice; only one can be read"
                )));
            }
            if key == "products" {
                saw_products = true;
                if !self.resumed_body.replace(false) && !self.send(Msg::Fields(fields.clone())) {
                    return Err(serde::de::Error::custom("stopped"));
                }
                map.next_value_seed(ProductsSeed(self))?;
            } else {
                let v: Value = map.next_value()?;
                fields.insert(key, v);
            }
        }
        if !saw_products {
            self.missing_products.set(true);
            return Err(serde::de::Error::custom("missing products array"));
        }
        if !self.send(Msg::Fields(fields)) {
            return Err(serde::de::Error::custom("stopped"));
        }
        Ok(())
    }
}

struct ProductsSeed<'a, 'b>(&'a DocumentSeed<'b>);

impl<'de> DeserializeSeed<'de> for ProductsSeed<'_, '_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ProductsSeed<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("`products` to be an array of product objects")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<(), A::Error> {
        self.0.read_products(seq)
    }
}

/// One product object, visited key by key so attribute order is kept.
///
/// `R` holds each value's JSON text while it is turned into attribute values: `&RawValue`,
/// borrowed, where the text is parsed from memory (a slice of a document, an NDJSON line),
/// `Box<RawValue>`, a copy, where it is read from a stream.
struct ProductSeed<'a, R> {
    loc: SourceLocation,
    line: &'a Cell<u64>,
    /// For documents: the product's line is the line breaks read so far plus this. For NDJSON the
    /// location's line is already set.
    line_offset: Option<u64>,
    /// In a request body's `products`: set when the element is not an object, which fails the
    /// request ([`Self::not_an_object`]). `None` in a feed.
    body_element: Option<&'a Cell<bool>>,
    raw: PhantomData<fn() -> R>,
}

impl<R> ProductSeed<'_, R> {
    fn located(mut self) -> Product {
        if let Some(off) = self.line_offset {
            self.loc.line = self.line.get() + off;
        }
        Product::new(self.loc)
    }

    /// An element that is not an object: in a feed (an array, NDJSON) a product with a read
    /// issue saying so; in a request body's `products` the request fails validation (spec 7:
    /// 400 `VALIDATION_ERROR`), nothing is read or counted.
    fn not_an_object<E: serde::de::Error>(self, what: &str) -> Result<Product, E> {
        if let Some(flag) = self.body_element {
            flag.set(true);
            return Err(E::custom(format_args!(
                "`products[{}]` must be a product object, found {what}",
                self.loc.index
            )));
        }
        let mut p = self.located();
        p.read_issues.push(ReadIssue {
            line: p.location.line,
            message: format!("the product is {what}, not a JSON object"),
        });
        Ok(p)
    }
}

impl<'de, R: Deserialize<'de> + Deref<Target = RawValue>> DeserializeSeed<'de>
    for ProductSeed<'_, R>
{
    type Value = Product;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Product, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de, R: Deserialize<'de> + Deref<Target = RawValue>> Visitor<'de> for ProductSeed<'_, R> {
    type Value = Product;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a product object")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Product, A::Error> {
        let mut p = self.located();
        // Keys and values are borrowed from the input where they can be, and a key's name comes
        // from the thread's name cache: no allocation per attribute but its value's.
        // `seen`: the names so far, with the key that gave each, so that a repeated attribute
        // (`"id"` twice, or `imageLink` and `image_link`) is kept but reported; on the stack up
        // to 32 keys (a list grown by doubling cost its allocations and frees per product).
        let mut seen: smallvec::SmallVec<[(Name, Cow<'de, str>); 32]> = smallvec::SmallVec::new();
        // The keys given again, counted: one read issue each at the end of the object, however
        // many times (80,000 repetitions of a key made 79,999 issues, and a report of 28 MB).
        // Empty, with no allocation, for an object without repeated keys.
        let mut repeats: Vec<Repeat<'de>> = Vec::new();
        while let Some(Key(key)) = map.next_key()? {
            let raw: R = map.next_value()?;
            let name = KEY_NAMES.with(|names| names.borrow_mut().get_slotted(key.as_bytes()).0);
            // A key with escapes is the only one that can hold a NUL (`\u0000`).
            if let Cow::Owned(k) = &key
                && k.contains('\0')
            {
                note_nul_key(&mut p, k);
            }
            let repeated = seen.iter().find(|(n, _)| *n == name);
            if let Some((_, first)) = repeated {
                note_repeat(&mut repeats, &name, first.clone(), key.clone());
            }
            apply_named(&mut p, &name, &raw);
            // Past the attributes a product keeps, no more names are remembered: the product
            // says it has too many, and each key compared with every other took seconds for an
            // object of 80,000 keys.
            if repeated.is_none() && seen.len() < crate::model::MAX_ATTRIBUTES {
                seen.push((name, key));
            }
        }
        if !repeats.is_empty() {
            report_repeats(&mut p, &repeats);
        }
        Ok(p)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Product, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        self.not_an_object("an array")
    }

    fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<Product, E> {
        self.not_an_object("a string")
    }

    fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Product, E> {
        self.not_an_object("a boolean")
    }

    fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<Product, E> {
        self.not_an_object("a number")
    }

    fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<Product, E> {
        self.not_an_object("a number")
    }

    fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Product, E> {
        self.not_an_object("a number")
    }

    fn visit_unit<E: serde::de::Error>(self) -> Result<Product, E> {
        self.not_an_object("null")
    }
}

/// A read issue for a key holding a NUL character: the attribute is kept under it, but CSV and
/// TSV headers cannot carry the NUL (`convert` writes U+FFFD there, as in a value), so the
/// merchant learns of it before the name changes under them.
#[cold]
fn note_nul_key(p: &mut Product, key: &str) {
    let shown = key.replace('\0', "\\u0000");
    p.read_issues.push(ReadIssue {
        line: p.location.line,
        message: format!(
            "the key `{shown}` contains a NUL character (\\u0000), kept; `convert` writes it as \
             U+FFFD in CSV and TSV header names, which cannot carry it"
        ),
    });
}

/// A key of a product object that gives an attribute an earlier key gave: the attribute, the
/// first key that gave it, this key, and how many times this key gave it again.
struct Repeat<'de> {
    name: Name,
    first: Cow<'de, str>,
    key: Cow<'de, str>,
    times: u64,
}

/// Counts `key`, which gives the attribute `name` that `first` gave before it.
#[cold]
fn note_repeat<'de>(
    repeats: &mut Vec<Repeat<'de>>,
    name: &Name,
    first: Cow<'de, str>,
    key: Cow<'de, str>,
) {
    match repeats.iter_mut().find(|r| r.name == *name && r.key == key) {
        Some(r) => r.times += 1,
        None => repeats.push(Repeat {
            name: name.clone(),
            first,
            key,
            times: 1,
        }),
    }
}

/// One read issue per repeated key, saying how many times it was given.
#[cold]
fn report_repeats(p: &mut Product, repeats: &[Repeat<'_>]) {
    let line = p.location.line;
    for Repeat {
        name,
        first,
        key,
        times,
    } in repeats
    {
        let message = if first == key {
            let given = times + 1;
            let how_often = if given == 2 {
                String::new()
            } else {
                format!(" ({given} times)")
            };
            format!(
                "the key `{key}` appears more than once in this object{how_often}; every value \
                 is kept"
            )
        } else {
            let how_often = if *times == 1 {
                String::new()
            } else {
                format!(" (`{key}` {times} times)")
            };
            format!(
                "the keys `{first}` and `{key}` both give the attribute `{name}`{how_often}; \
                 every value is kept"
            )
        };
        issue(p, line, &message);
    }
}

/// An object key, borrowed from the input when it has no escape and the input is in memory.
struct Key<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct KeyVisitor;

        impl<'de> Visitor<'de> for KeyVisitor {
            type Value = Key<'de>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }

            fn visit_borrowed_str<E: serde::de::Error>(self, v: &'de str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Borrowed(v)))
            }

            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v.to_owned())))
            }

            fn visit_string<E: serde::de::Error>(self, v: String) -> Result<Key<'de>, E> {
                Ok(Key(Cow::Owned(v)))
            }
        }

        d.deserialize_str(KeyVisitor)
    }
}

thread_local! {
    /// The attribute name of each object key met ([`names::NameCache`]). Each document is parsed
    /// on one thread, NDJSON on the thread that reads it.
    static KEY_NAMES: std::cell::RefCell<names::NameCache> =
        std::cell::RefCell::new(names::NameCache::default());
}

/// A JSON value as attribute text: strings unescaped, numbers and booleans exactly as written,
/// objects and arrays as their JSON text; `None` for null.
fn scalar_text(raw: &RawValue) -> Option<String> {
    scalar_checked(raw).0
}

/// Attributes whose value may be a JSON number: `price` in a revenue request (spec 2.6).
const NUMERIC_ATTRIBUTES: &[&str] = &["price", "sale_price"];

/// [`scalar_text`], with what is wrong with the value for attribute `name` when something is
/// (spec 2.1: every product field is a string): a string that is not valid text (an unpaired
/// UTF-16 surrogate escape), a NUL character, a number or boolean where a string belongs, a
/// number out of range (`1e999`).
fn scalar_checked_for(raw: &RawValue, name: &str) -> (Option<String>, Option<String>) {
    let (text, problem) = scalar_checked(raw);
    if let Some(problem) = problem {
        return (text, Some(format!("`{name}`: {problem}")));
    }
    let s = raw.get().trim();
    let problem = match s.as_bytes().first() {
        Some(b't' | b'f') => Some(format!(
            "`{name}` is the JSON boolean {s}, not a string (spec 2.1: product fields are \
             strings); kept as the text \"{s}\""
        )),
        Some(b'-' | b'0'..=b'9') => {
            if s.parse::<f64>().is_ok_and(f64::is_infinite) {
                Some(format!(
                    "`{name}` is the number {s}, out of the range of a number (it overflows to \
                     infinity); kept as the text \"{s}\""
                ))
            } else if NUMERIC_ATTRIBUTES.contains(&name) {
                None
            } else {
                Some(format!(
                    "`{name}` is the JSON number {s}, not a string (spec 2.1: product fields are \
                     strings); kept as the text \"{s}\""
                ))
            }
        }
        Some(b'{') => Some(format!(
            "`{name}` is a JSON object, not a string (spec 2.1: product fields are strings); \
             kept as its JSON text {}",
            shorten(s)
        )),
        // An array inside the array of an attribute's values.
        Some(b'[') => Some(format!(
            "`{name}` holds a JSON array inside its list of values, not a string; kept as its \
             JSON text {}",
            shorten(s)
        )),
        _ => None,
    };
    (text, problem)
}

/// The text of a value and, for a string, what makes it not plain text.
fn scalar_checked(raw: &RawValue) -> (Option<String>, Option<String>) {
    let s = raw.get().trim();
    if let Some(inner) = s.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        // Without escapes the text is the value as it stands: what serde_json would return,
        // without parsing it again. (A string serde_json has read holds no unescaped quote or
        // control character: it rejects them.)
        if memchr::memchr(b'\\', inner.as_bytes()).is_none() {
            return (Some(inner.to_owned()), None);
        }
    }
    if s.starts_with('"') {
        return match serde_json::from_str::<String>(s) {
            Ok(t) if t.contains('\0') => (
                Some(t),
                Some(
                    "the value contains a NUL character (\\u0000), kept; `convert` writes it as \
                     U+FFFD in CSV, TSV, RSS and Atom output, which cannot carry it"
                        .to_owned(),
                ),
            ),
            Ok(t) => (Some(t), None),
            Err(e) => {
                let why = if has_surrogate_escape(s) {
                    "an unpaired UTF-16 surrogate escape, which is no character".to_owned()
                } else {
                    without_position(&e)
                };
                (
                    Some(s.to_owned()),
                    Some(format!(
                        "the string {} is not valid text ({why}); kept as written, with its quotes",
                        shorten(s)
                    )),
                )
            }
        };
    }
    if s == "null" {
        return (None, None);
    }
    (Some(s.to_owned()), None)
}

/// `s` holds an escape `\uD800`-`\uDFFF` (a UTF-16 surrogate; valid only as a pair).
fn has_surrogate_escape(s: &str) -> bool {
    s.as_bytes().windows(4).any(|w| {
        w[0] == b'\\'
            && w[1] == b'u'
            && w[2].eq_ignore_ascii_case(&b'd')
            && matches!(w[3].to_ascii_lowercase(), b'8'..=b'9' | b'a'..=b'f')
    })
}

/// At most 40 characters of a value, for a message.
fn shorten(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_owned(),
    }
}

#[cfg(test)]
fn apply(p: &mut Product, key: &str, raw: &RawValue) {
    apply_named(p, &Name::new(names::static_name(&canonical_name(key))), raw);
}

/// Adds the value `raw` of the attribute with canonical name `name` to `p`.
fn apply_named(p: &mut Product, name: &Name, raw: &RawValue) {
    let line = p.location.line;
    match &**name {
        "current_performance" => match serde_json::from_str::<Performance>(raw.get()) {
            Ok(perf) => {
                let perf = CurrentPerformance {
                    click_through_rate: perf.click_through_rate,
                    conversion_rate: perf.conversion_rate,
                    monthly_revenue: perf.monthly_revenue,
                };
                check_performance(p, &perf, raw);
                p.performance = Some(perf);
            }
            Err(e) => p.read_issues.push(ReadIssue {
                line,
                message: format!("currentPerformance is not an object of numbers: {e}"),
            }),
        },
        "shipping" => {
            for item in items(raw) {
                if item.get().trim_start().starts_with('{') {
                    match serde_json::from_str::<Map<String, Value>>(item.get()) {
                        Ok(obj) => {
                            p.shipping
                                .push(shipping_from(&obj, &mut p.read_issues, line));
                        }
                        Err(e) => issue(p, line, &format!("shipping entry is not an object: {e}")),
                    }
                } else if let Some(text) = scalar_text(item) {
                    let (list, problems) =
                        names::parse_shipping_list(&text, SHIPPING_DEFAULT_ORDER);
                    p.shipping.extend(list);
                    for m in problems {
                        issue(p, line, &m);
                    }
                }
            }
        }
        "tax" => {
            for item in items(raw) {
                if item.get().trim_start().starts_with('{') {
                    match serde_json::from_str::<Map<String, Value>>(item.get()) {
                        Ok(obj) => {
                            p.tax.push(tax_from(&obj, &mut p.read_issues, line));
                        }
                        Err(e) => issue(p, line, &format!("tax entry is not an object: {e}")),
                    }
                } else if let Some(text) = scalar_text(item) {
                    let (list, problems) = names::parse_tax_list(&text, TAX_DEFAULT_ORDER);
                    p.tax.extend(list);
                    for m in problems {
                        issue(p, line, &m);
                    }
                }
            }
        }
        _ => {
            let mut several = false;
            for (i, item) in items(raw).enumerate() {
                let (text, problem) = scalar_checked_for(item, name);
                if let Some(m) = problem {
                    issue(p, line, &m);
                }
                if let Some(text) = text {
                    p.push_name(name, text);
                }
                several = i > 0;
            }
            // An array of several values where GMC takes one (`"price": ["1 USD", "9 USD"]`).
            if several && names::is_single_valued(name) {
                note_conflict(p, name, line);
            }
        }
    }
}

/// The read issue of a single-valued attribute given different values
/// ([`names::conflicting_values`]), if its values differ.
#[cold]
fn note_conflict(p: &mut Product, name: &str, line: u64) {
    if let Some(message) = names::conflicting_values(name, p.values(name)) {
        issue(p, line, &message);
    }
}

fn issue(p: &mut Product, line: u64, message: &str) {
    p.read_issues.push(ReadIssue {
        line,
        message: message.to_owned(),
    });
}

/// The elements of an array value, or the value itself.
fn items(raw: &RawValue) -> impl Iterator<Item = &RawValue> {
    // Borrowed from `raw`: no copy of an element.
    let many = if raw.get().trim_start().starts_with('[') {
        serde_json::from_str::<Vec<&RawValue>>(raw.get()).ok()
    } else {
        None
    };
    // A scalar (the common case) is its own single item.
    let one = many.is_none().then_some(raw);
    many.into_iter().flatten().chain(one)
}

/// A read issue for each `currentPerformance` figure that no revenue or rate can be: negative
/// (`monthlyRevenue: -1`, `-1e308`), or a revenue too large to compute with (`1e20`, at least
/// [`crate::model::price::MAX_AMOUNT`], which saturated the revenue model's cents). The value is kept as written
/// (`convert` writes it) and the revenue model does not use it, as it does not use a figure given
/// as a string.
fn check_performance(p: &mut Product, perf: &CurrentPerformance, raw: &RawValue) {
    let figures = [
        (
            "clickThroughRate",
            "click_through_rate",
            perf.click_through_rate,
            false,
        ),
        (
            "conversionRate",
            "conversion_rate",
            perf.conversion_rate,
            false,
        ),
        (
            "monthlyRevenue",
            "monthly_revenue",
            perf.monthly_revenue,
            true,
        ),
    ];
    if figures
        .iter()
        .all(|&(.., v, money)| v.is_none_or(|v| figure_problem(v, money).is_none()))
    {
        return;
    }
    check_performance_cold(p, &figures, raw);
}

/// A `currentPerformance` figure: its key, the key's snake_case alias, its value, and whether it
/// is an amount of money (a revenue) rather than a rate.
type Figure<'a> = (&'a str, &'a str, Option<f64>, bool);

/// What is wrong with a figure, if anything.
fn figure_problem(v: f64, money: bool) -> Option<Cow<'static, str>> {
    if !v.is_finite() {
        Some("it is not a finite number".into())
    } else if v < 0.0 {
        Some(if money {
            "a monthly revenue cannot be negative".into()
        } else {
            "a rate cannot be negative".into()
        })
    } else if money && !amount_in_range(v) {
        Some(
            format!(
                "too large to be a monthly revenue (amounts are below {})",
                max_amount_text()
            )
            .into(),
        )
    } else {
        None
    }
}

#[cold]
fn check_performance_cold(p: &mut Product, figures: &[Figure<'_>; 3], raw: &RawValue) {
    // The numbers as written, for the message (`-1e308`, not a float printed again).
    let written: std::collections::HashMap<&str, &RawValue> =
        serde_json::from_str(raw.get()).unwrap_or_default();
    let line = p.location.line;
    for &(field, alias, value, money) in figures {
        let Some(why) = value.and_then(|v| figure_problem(v, money)) else {
            continue;
        };
        let shown = written
            .get(field)
            .or_else(|| written.get(alias))
            .map_or_else(
                || value.unwrap_or_default().to_string(),
                |r| r.get().trim().to_owned(),
            );
        issue(
            p,
            line,
            &format!("currentPerformance.{field} is {shown}: {why}; it is not used"),
        );
    }
}

#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct Performance {
    #[serde(alias = "click_through_rate")]
    click_through_rate: Option<f64>,
    #[serde(alias = "conversion_rate")]
    conversion_rate: Option<f64>,
    #[serde(alias = "monthly_revenue")]
    monthly_revenue: Option<f64>,
}

fn sub_text(v: &Value) -> Option<String> {
    match v {
        Value::Null => None,
        Value::String(s) if s.is_empty() => None,
        Value::String(s) => Some(s.clone()),
        other => Some(other.to_string()),
    }
}

fn shipping_from(obj: &Map<String, Value>, issues: &mut Vec<ReadIssue>, line: u64) -> Shipping {
    let mut s = Shipping::default();
    for (k, v) in obj {
        let name = canonical_name(k);
        match names::shipping_field(&mut s, &name) {
            Some(slot) => *slot = sub_text(v),
            None => issues.push(ReadIssue {
                line,
                message: format!("shipping has an unknown sub-attribute `{k}`; it is ignored"),
            }),
        }
    }
    s
}

fn tax_from(obj: &Map<String, Value>, issues: &mut Vec<ReadIssue>, line: u64) -> Tax {
    let mut t = Tax::default();
    for (k, v) in obj {
        let name = canonical_name(k);
        match names::tax_field(&mut t, &name) {
            Some(slot) => *slot = sub_text(v),
            None => issues.push(ReadIssue {
                line,
                message: format!("tax has an unknown sub-attribute `{k}`; it is ignored"),
            }),
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_line_decides_between_ndjson_and_a_body() {
        assert_eq!(
            sniff_object_stream(b"{\"id\":\"1\"}\n{\"id\":\"2\"}\n"),
            InputFormat::Ndjson
        );
        assert_eq!(
            sniff_object_stream(b"{\"products\":[]}\n"),
            InputFormat::Json
        );
        assert_eq!(
            sniff_object_stream(b"{\n\"products\":[]}"),
            InputFormat::Json
        );
        assert_eq!(
            sniff_object_stream(b"{\"options\":{}}\n"),
            InputFormat::Json
        );
    }

    proptest::proptest! {
        /// Read a byte at a time (as serde_json does) or in larger pieces, the counter finds
        /// every line break (`\n`, `\r\n` once, a lone `\r`) and where the last two lines
        /// after a `\n` start.
        #[test]
        fn the_line_counter_counts_every_line_end(
            text in "([a-z{}\":,]{0,4}(\n|\r\n|\r)?){0,30}",
            piece in 1usize..9,
        ) {
            let lines = Rc::new(Lines::default());
            let mut counter = LineCounter {
                inner: std::io::BufReader::with_capacity(7, text.as_bytes()),
                lines: lines.clone(),
                offset: 0,
                last_cr: None,
            };
            let mut buf = vec![0; piece];
            while counter.read(&mut buf).unwrap() > 0 {}
            let b = text.as_bytes();
            proptest::prop_assert_eq!(lines.breaks.get(), source::count_line_breaks(b));
            let ends: Vec<u64> = memchr::memchr_iter(b'\n', b).map(|i| i as u64 + 1).collect();
            proptest::prop_assert_eq!(lines.newlines.get(), ends.len() as u64);
            let last_two = match ends.as_slice() {
                [] => [0, 0],
                [one] => [0, *one],
                [.., a, z] => [*a, *z],
            };
            proptest::prop_assert_eq!(lines.after_newline.get(), last_two);
        }
    }

    #[test]
    fn serde_positions_become_offsets_on_the_last_two_lines() {
        let lines = Lines::default();
        // "ab\ncd\nef": `\n` at 2 and 5.
        lines.newlines.set(2);
        lines.after_newline.set([3, 6]);
        assert_eq!(lines.offset_of(3, 2, false), Some(7));
        assert_eq!(lines.offset_of(3, 2, true), Some(8));
        assert_eq!(lines.offset_of(2, 1, false), Some(3));
        assert_eq!(lines.offset_of(3, 0, false), Some(6));
        assert_eq!(lines.offset_of(1, 1, false), None);
        let first = Lines::default();
        assert_eq!(first.offset_of(1, 4, false), Some(3));
        first.newlines.set(1);
        first.after_newline.set([0, 3]);
        assert_eq!(first.offset_of(1, 2, false), Some(1));
    }

    #[test]
    fn stream_positions_count_every_line_end() {
        // "a\rbc\r\nd": line ends at 1 (`\r`) and 4-5 (`\r\n`); lines start at 0, 2 and 6.
        let lines = Rc::new(Lines::default());
        let mut counter = LineCounter {
            inner: std::io::BufReader::new(&b"a\rbc\r\nd"[..]),
            lines: lines.clone(),
            offset: 0,
            last_cr: None,
        };
        let mut one = [0];
        while counter.read(&mut one).unwrap() > 0 {}
        assert_eq!(lines.breaks.get(), 2);
        assert_eq!(lines.line_col_at(6), Some((3, 1)));
        assert_eq!(lines.line_col_at(7), Some((3, 2)), "the end, after `d`");
        assert_eq!(
            lines.line_col_at(4),
            Some((2, 3)),
            "the `\\r` of the `\\r\\n`"
        );
        // A byte before the last line end read (serde_json looked one byte ahead).
        assert_eq!(lines.line_col_at(3), Some((2, 2)));
        assert_eq!(lines.line_col_at(0), None, "before the last two line ends");
    }

    pub(super) fn product_of(text: &str) -> Product {
        let line = Cell::new(0);
        ProductSeed::<&RawValue> {
            loc: SourceLocation::default(),
            line: &line,
            line_offset: None,
            body_element: None,
            raw: PhantomData,
        }
        .deserialize(&mut serde_json::Deserializer::from_str(text))
        .unwrap()
    }

    /// A key given many times is one read issue saying how many, not one per repetition: the
    /// report and the issues' revenue impact do not grow with the repetitions.
    #[test]
    fn a_repeated_key_is_one_read_issue_with_its_count() {
        let mut text = String::from("{\"id\":\"1\"");
        for _ in 0..5000 {
            text.push_str(",\"title\":\"Mug\"");
        }
        text.push_str(",\"imageLink\":\"a\",\"image_link\":\"b\",\"id\":\"2\"");
        text.push_str(",\"image_link\":\"c\",\"image_link\":\"d\"}");
        let p = product_of(&text);
        let messages: Vec<&str> = p.read_issues.iter().map(|r| r.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "the key `title` appears more than once in this object (5000 times); every value \
                 is kept",
                "the keys `imageLink` and `image_link` both give the attribute `image_link` \
                 (`image_link` 3 times); every value is kept",
                "the key `id` appears more than once in this object; every value is kept",
            ]
        );
        assert_eq!(p.values("title").len(), 5000);
        assert_eq!(p.values("id"), ["1", "2"]);
        assert!(
            product_of("{\"id\":\"1\",\"title\":\"x\"}")
                .read_issues
                .is_empty()
        );
    }

    /// A key holding a NUL is kept and said, as a value holding one is; other escaped keys are
    /// not.
    #[test]
    fn a_key_with_a_nul_is_a_read_issue() {
        let p = product_of(r#"{"id":"1","ti\u0000tle":"Mug","pri\u0063e":"1.00 USD"}"#);
        let messages: Vec<&str> = p.read_issues.iter().map(|r| r.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "the key `ti\\u0000tle` contains a NUL character (\\u0000), kept; `convert` writes \
                 it as U+FFFD in CSV and TSV header names, which cannot carry it"
            ]
        );
        assert_eq!(p.get("ti\0tle"), Some("Mug"));
        assert_eq!(p.get("price"), Some("1.00 USD"));
    }

    /// A negative `currentPerformance` figure is a read issue quoting it as written, as a string
    /// there is; the figure is kept (the revenue model does not use it).
    #[test]
    fn negative_performance_figures_are_read_issues() {
        let p = product_of(
            r#"{"currentPerformance":{"monthlyRevenue":-1e308,"conversion_rate":-2,"clickThroughRate":0.5}}"#,
        );
        let messages: Vec<&str> = p.read_issues.iter().map(|r| r.message.as_str()).collect();
        assert_eq!(
            messages,
            [
                "currentPerformance.conversionRate is -2: a rate cannot be negative; it is not \
                 used",
                "currentPerformance.monthlyRevenue is -1e308: a monthly revenue cannot be \
                 negative; it is not used",
            ]
        );
        assert_eq!(p.performance.and_then(|f| f.monthly_revenue), Some(-1e308));
        let p = product_of(r#"{"currentPerformance":{"monthlyRevenue":0,"conversionRate":1.5}}"#);
        assert!(p.read_issues.is_empty(), "{:?}", p.read_issues);
        let p = product_of(r#"{"currentPerformance":{"monthly_revenue":1.0e20}}"#);
        assert_eq!(
            p.read_issues[0].message,
            "currentPerformance.monthlyRevenue is 1.0e20: too large to be a monthly revenue \
             (amounts are below 10,000,000,000,000); it is not used"
        );
        let p = product_of(r#"{"currentPerformance":{"monthlyRevenue":"12"}}"#);
        assert_eq!(p.read_issues.len(), 1, "a string, as before");
    }

    #[test]
    fn values_keep_their_json_text() {
        let mut p = Product::default();
        let raw = RawValue::from_string("19.90".into()).unwrap();
        apply(&mut p, "price", &raw);
        let raw = RawValue::from_string("[\"a\", \"b\", null]".into()).unwrap();
        apply(&mut p, "additionalImageLink", &raw);
        let raw = RawValue::from_string("null".into()).unwrap();
        apply(&mut p, "brand", &raw);
        assert_eq!(p.get("price"), Some("19.90"));
        assert_eq!(p.values("additional_image_link"), ["a", "b"]);
        assert!(!p.has("brand"));
    }
}

#[cfg(test)]
mod key_tests {
    use super::*;
    use proptest::prelude::*;

    fn key() -> impl Strategy<Value = String> {
        prop_oneof![
            prop::sample::select(vec![
                "id",
                "title",
                "imageLink",
                "image_link",
                "g:price",
                "G:brand",
                "gtin",
                "productType",
                "custom_label_0",
                "shipping",
                "Sale Price",
                "x",
                "",
            ])
            .prop_map(str::to_owned),
            // Keys no feed has, enough of them to fill the cache.
            (0u32..400).prop_map(|i| format!("extra_{i}")),
        ]
    }

    proptest! {
        /// Whatever the keys and their order, and however full the cache, a key's name is the
        /// one worked out from scratch.
        #[test]
        fn cached_names_are_the_names_worked_out(keys in prop::collection::vec(key(), 1..600)) {
            let mut cache = names::NameCache::default();
            for k in &keys {
                let fresh = Name::new(names::static_name(&canonical_name(k)));
                prop_assert_eq!(cache.get_slotted(k.as_bytes()).0, fresh);
                prop_assert!(cache.entries.len() <= names::NAME_CACHE_MAX);
            }
        }
    }

    #[test]
    fn keys_with_escapes_and_values_read_from_a_stream_give_the_same_product() {
        let text = "{\"ti\\u0074le\":\"Mug\",\"imageLink\":\"http://x/1.jpg\",\"id\":\"1\",\"g:id\":\"2\"}";
        let line = Cell::new(0);
        let from_slice = super::tests::product_of(text);
        let from_reader = ProductSeed::<Box<RawValue>> {
            loc: SourceLocation::default(),
            line: &line,
            line_offset: None,
            body_element: None,
            raw: PhantomData,
        }
        .deserialize(&mut serde_json::Deserializer::from_reader(text.as_bytes()))
        .unwrap();
        assert_eq!(from_slice, from_reader);
        assert_eq!(from_slice.get("title"), Some("Mug"));
        assert_eq!(from_slice.values("id"), ["1", "2"]);
        assert_eq!(
            from_slice.read_issues.len(),
            1,
            "{:?}",
            from_slice.read_issues
        );
        assert!(
            from_slice.read_issues[0]
                .message
                .contains("`id` and `g:id`")
        );
    }
}

#[cfg(test)]
mod batch_tests {
    use crate::feed::{ReadOptions, open};

    /// An array of `n` products, one per line, each naming its position.
    fn array(n: usize) -> String {
        let items: Vec<String> = (0..n)
            .map(|i| format!("{{\"id\":\"P{i}\",\"title\":\"Item {i}\"}}"))
            .collect();
        format!("[\n{}\n]", items.join(",\n"))
    }

    fn read(text: &str) -> Vec<Result<(String, u64), String>> {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("feed.json");
        std::fs::write(&path, text).unwrap();
        open(&path, &ReadOptions::default())
            .unwrap()
            .map(|r| {
                r.map(|p| (p.product_id(), p.location.line))
                    .map_err(|e| e.to_string())
            })
            .collect()
    }

    #[test]
    fn products_cross_batches_in_order_with_their_lines() {
        let n = super::BATCH_PRODUCTS * 3 + 5;
        let got = read(&array(n));
        assert_eq!(got.len(), n);
        for (i, r) in got.iter().enumerate() {
            assert_eq!(r, &Ok((format!("P{i}"), i as u64 + 2)));
        }
    }

    #[test]
    fn an_error_comes_after_every_product_read_before_it() {
        let n = super::BATCH_PRODUCTS + 10;
        let mut text = array(n);
        text.truncate(text.len() - 2);
        text.push_str(",\n{\"id\": }\n]");
        let got = read(&text);
        assert_eq!(got.len(), n + 1);
        assert!(got[..n].iter().all(Result::is_ok));
        let err = got[n].as_ref().unwrap_err();
        assert!(err.contains(&format!(":{}:", n + 2)), "{err}");
    }

    #[test]
    fn a_request_body_keeps_its_fields_after_many_products() {
        let n = super::BATCH_PRODUCTS * 2 + 1;
        let text = format!(
            "{{\"products\": {}, \"options\": {{\"includeMarketIntelligence\": true}}}}",
            array(n)
        );
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("body.json");
        std::fs::write(&path, text).unwrap();
        let mut reader = open(&path, &ReadOptions::default()).unwrap();
        let count = reader.by_ref().flatten().count();
        assert_eq!(count, n);
        assert!(
            reader
                .request_fields()
                .is_some_and(|f| f.contains_key("options"))
        );
    }
}

/// The fast path for arrays ([`ArraySlices`]) against serde_json's streaming parse alone.
#[cfg(test)]
mod slices_tests {
    use super::*;
    use proptest::prelude::*;

    /// What the document reader sends for `text`, read `piece` bytes at a time by
    /// [`ArraySlices`] (0: the streaming parse alone), each message as its debug text. From a
    /// file (`path`, so errors are placed by offset and quote the file) or a stream.
    fn sent(text: &str, piece: usize, path: Option<&std::path::Path>) -> Vec<String> {
        let (tx, rx) = sync_channel(4);
        let reader: DynRead = Box::new(std::io::Cursor::new(text.as_bytes().to_vec()));
        let origin = Origin {
            path: path.map(std::path::Path::to_path_buf),
            gzip: false,
            encoding: None,
            cap: u64::MAX,
        };
        let label: Arc<str> = Arc::from("feed.json");
        let worker =
            std::thread::spawn(move || parse_document_with(reader, &label, &origin, &tx, piece));
        let mut out = Vec::new();
        for msg in rx {
            match msg {
                Msg::Fields(f) => out.push(format!("fields {f:?}")),
                Msg::Products(batch) => out.extend(batch.iter().map(|p| format!("{p:?}"))),
                Msg::Err(e) => out.push(format!("error {e:?}")),
            }
        }
        worker.join().unwrap();
        out
    }

    /// Runs [`ArraySlices`] alone over `text`, `piece` bytes at a time: how it ended, and how
    /// many products it sent.
    fn run(text: &str, piece: usize) -> (Sliced, u64) {
        let (tx, rx) = sync_channel(1024);
        let lines = Lines::default();
        let label: Arc<str> = Arc::from("feed.json");
        let doc = DocumentSeed::new(&label, &tx, &lines);
        let reader: DynRead = Box::new(std::io::Cursor::new(text.as_bytes().to_vec()));
        let end = ArraySlices::new(reader, piece).run(&doc);
        drop(rx);
        (end, doc.index.get())
    }

    #[test]
    fn a_well_formed_array_is_read_by_slices_to_the_end() {
        let text =
            "[\r\n {\"id\":\"1\",\"title\":\"a \\\"b\\\" ]}\"},\n {\"id\":\"2\",\"x\":[{}]}\r]\n";
        for piece in [1, 3, 7, 64, 1 << 16] {
            let (end, n) = run(text, piece);
            assert!(matches!(end, Sliced::Done), "piece {piece}");
            assert_eq!(n, 2);
            assert_eq!(sent(text, piece, None), sent(text, 0, None));
        }
    }

    #[test]
    fn a_request_body_is_read_by_slices_up_to_its_other_fields() {
        let text = "{ \"products\" : [\n {\"id\":\"1\"},\r\n {\"id\":\"2\"}\n],\n\"validateGtin\": true}\n";
        for piece in [1, 3, 7, 64, 1 << 16] {
            let (end, n) = run(text, piece);
            assert_eq!(n, 2, "piece {piece}");
            // The fields after the products are the streaming parse's, from the stand-in on.
            let Sliced::Rest(rest) = end else {
                panic!("expected the rest for the streaming parse");
            };
            assert_eq!(rest.stand_in, BODY_STAND_IN);
            assert!(rest.held.starts_with(b"{\"products\":[{}\n]"));
            let sent_by_slices = sent(text, piece, None);
            assert_eq!(sent_by_slices, sent(text, 0, None), "piece {piece}");
            assert_eq!(sent_by_slices.len(), 4);
            assert_eq!(sent_by_slices[0], "fields {}");
            assert!(sent_by_slices[3].contains("validateGtin"));
        }
        // A body whose first key is not `products` is the streaming parse's from its start.
        let (end, n) = run("{\"validateGtin\":true,\"products\":[{\"id\":\"1\"}]}", 4);
        assert_eq!(n, 0);
        assert!(matches!(end, Sliced::Rest(Resume { stand_in: b"", .. })));
    }

    /// A reader that gives `text`, then fails.
    struct FailsAfter(std::io::Cursor<Vec<u8>>);

    impl std::io::Read for FailsAfter {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            match self.0.read(buf)? {
                0 => Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    "cannot decode byte 7",
                )),
                n => Ok(n),
            }
        }
    }

    #[test]
    fn an_input_error_reads_the_same_wherever_it_happens() {
        // In a product (read by slices), after the products of a body (the streaming parse),
        // in a document the slices do not read (the streaming parse from the start).
        for text in [
            "[{\"id\":\"1\"},{\"id\":\"2",
            "{\"products\":[{\"id\":\"1\"}],\"x\":\"",
            "{\"x\":1,\"products\":[{\"id\":\"1\"",
        ] {
            for piece in [0, 1, 5, 1 << 16] {
                let (tx, rx) = sync_channel(64);
                let reader: DynRead =
                    Box::new(FailsAfter(std::io::Cursor::new(text.as_bytes().to_vec())));
                let origin = Origin {
                    path: None,
                    gzip: false,
                    encoding: None,
                    cap: u64::MAX,
                };
                let label: Arc<str> = Arc::from("feed.json");
                parse_document_with(reader, &label, &origin, &tx, piece);
                drop(tx);
                let errors: Vec<String> = rx
                    .into_iter()
                    .filter_map(|m| match m {
                        Msg::Err(e) => Some(e.to_string()),
                        _ => None,
                    })
                    .collect();
                assert_eq!(
                    errors,
                    ["feed.json: cannot read: cannot decode byte 7"],
                    "{text} read {piece} bytes at a time"
                );
            }
        }
    }

    #[test]
    fn the_streaming_parse_resumes_after_the_last_product_sent() {
        let text = "[{\"id\":\"1\"},\n{\"id\":\"2\"} , {\"id\" \"3\"}]";
        let (end, n) = run(text, 5);
        assert_eq!(n, 2);
        let Sliced::Rest(rest) = end else {
            panic!("expected the rest for the streaming parse");
        };
        assert_eq!(rest.stand_in, STAND_IN);
        assert_eq!(rest.offset, text.find(" ,").unwrap() as u64);
        assert_eq!(rest.breaks, 1);
        assert!(rest.held.starts_with(b"[{} , {"));
        // Anything but an array of objects goes back whole: nothing was sent.
        for other in ["{\"products\":[]}", "[1,{}]", "", "  x"] {
            let (end, n) = run(other, 4);
            assert_eq!(n, 0);
            assert!(matches!(end, Sliced::Rest(Resume { stand_in: b"", .. })));
        }
    }

    #[test]
    fn an_error_after_products_is_placed_in_the_document() {
        let text = "[{\"id\":\"1\"},\r\n{\"id\":\"2\"},\n  {\"id\":\"3\" \"t\":1}]";
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("feed.json");
        std::fs::write(&path, text).unwrap();
        for piece in [1, 2, 9, 100] {
            assert_eq!(
                sent(text, piece, None),
                sent(text, 0, None),
                "piece {piece}"
            );
            assert_eq!(
                sent(text, piece, Some(&path)),
                sent(text, 0, Some(&path)),
                "piece {piece}"
            );
        }
        let from_file = sent(text, 9, Some(&path));
        assert_eq!(from_file.len(), 3);
        assert!(from_file[2].starts_with("error "), "{from_file:?}");
    }

    fn element() -> impl Strategy<Value = &'static str> {
        prop::sample::select(vec![
            r#"{"id":"a1","title":"Blue \"mug\"\\ 12 oz"}"#,
            "{\"id\":\"b2\",\r\n \"price\":\"9.99 USD\",\n\"shipping\":[{\"country\":\"US\",\"price\":\"0 USD\"}]}",
            r#"{"id":"c3","gtin":4006381333931,"tags":["x","y]"],"o":{"k":"}"}}"#,
            r#"{"id":"d4","id":"again","imageLink":"http://x/1.jpg","image_link":"http://x/2.jpg"}"#,
            r#"{"id":"e5","title":"\ud83d\ude00 ok \u00e9"}"#,
            r#"{"id":"f6","bad":"\ud800"}"#,
            "{}",
            "{ }",
            "[1,2]",
            "\"text\"",
            "12",
            "12\n",
            "null",
            "true",
            r#"{"id":"g7" "title":"x"}"#,
            r#"{"id":"h8",}"#,
            "{\"id\":\"i9\",\"title\":\"line\nbreak\"}",
            "{\"id\":\"j10\"",
            "{\"id\":\"k11\"]",
        ])
    }

    proptest! {
        /// Whatever the document, however it is cut into reads, what the reader sends (products
        /// with their lines, read issues, the error and its position) is what serde_json's
        /// streaming parse alone sends.
        #[test]
        fn slices_send_what_the_streaming_parse_sends(
            head in prop::sample::select(vec![
                "[", " \r\n[\n", "\r[", "{", "", "[[", "\u{feff}[",
                "{\"products\":[", " {\r\n \"products\" :\n[ ", "{\"products\":", "{\"products\": 5, \"x\": [",
                "{\"validateGtin\":true,\"products\":[", "{\"product\":[", "{\"products\"",
            ]),
            elems in prop::collection::vec(element(), 0..6),
            seps in prop::collection::vec(
                prop::sample::select(vec![",", " ,\n", "\r\n,\r", "\r,\n ", ",,", "", " "]),
                6,
            ),
            tail in prop::sample::select(vec![
                "]", "]\n", "", ",]", "] x", "]]", " ]\r\n ", "][",
                "]}", "] }\n", "],\"validateGtin\":true}", "],\r\n\"products\":[{\"id\":\"z\"}]}",
                "]} x", "],}", "]]}", "],\"products\":7",
            ]),
            cut in prop::option::of(0usize..300),
            piece in 1usize..40,
            from_file in any::<bool>(),
        ) {
            let mut text = head.to_owned();
            for (i, e) in elems.iter().enumerate() {
                if i > 0 {
                    text.push_str(seps[i]);
                }
                text.push_str(e);
            }
            text.push_str(tail);
            if let Some(cut) = cut {
                let mut at = cut.min(text.len());
                while !text.is_char_boundary(at) {
                    at -= 1;
                }
                text.truncate(at);
            }
            if from_file {
                let dir = tempfile::tempdir().unwrap();
                let path = dir.path().join("feed.json");
                std::fs::write(&path, &text).unwrap();
                prop_assert_eq!(sent(&text, piece, Some(&path)), sent(&text, 0, Some(&path)));
            } else {
                prop_assert_eq!(sent(&text, piece, None), sent(&text, 0, None));
            }
        }
    }
}
