//! Byte sources for the readers: files or stdin, transparent gzip with a size cap, and text
//! decoding to UTF-8 (BOM, XML declaration, `--encoding`), plus the diagnostics that point at a
//! line of the file.
//!
//! Responsible for turning any input into a stream of valid UTF-8 and for saying where it is not.
//! Not responsible for parsing a format (that is `delimited`, `xml` and `json`).

use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use encoding_rs::Encoding;

use crate::error::snippet::{Cut, LineEnds, Position, SourceDiagnostic, cut};
use crate::error::{Error, ErrorCode};

/// How many decoded bytes are peeked at to recognise the format.
pub const SNIFF_BYTES: usize = 64 * 1024;
/// Buffer size of the readers handed to the parsers.
pub(crate) const BUF_BYTES: usize = 256 * 1024;

/// A readable, sendable byte stream.
pub(crate) type DynRead = Box<dyn Read + Send>;

/// The decoded stream of an input, with what was learnt opening it.
pub(crate) struct Decoded {
    /// UTF-8 text (validated as it is read, or produced by a decoder).
    pub reader: DynRead,
    /// The first decoded bytes (already part of `reader`), for sniffing the format.
    pub prefix: Vec<u8>,
    /// How to reopen the input for a snippet.
    pub origin: Origin,
    /// The line count of the UTF-8 check under `reader`, which a reader that counts lines
    /// anyway may take over ([`LineCount::hand_over`]).
    pub lines: LineCount,
}

/// Whether the [`Utf8Check`] under a decoded stream still counts lines, for the line in the
/// message of an invalid byte or a NUL. A reader that counts lines itself (the delimited reader)
/// hands the count over: from then on the check counts nothing, its errors carry no line, and
/// the reader fills it in from what it counted ([`io_error_at`]), only when an error comes.
/// The count was a `\n` count and a `\r` search over every byte of the feed, ~325 instructions
/// a bench row (callgrind, 20k bench rows, main thread: `validate` 938.70M → 932.21M, `batch`
/// 979.06M → 972.55M; docs/performance.md, "the UTF-8 check's line count handed over"). A
/// stream decoded from another encoding keeps counting ([`StrictDecode`] has no switch).
#[derive(Debug, Clone)]
pub(crate) struct LineCount(Arc<AtomicBool>);

impl Default for LineCount {
    fn default() -> Self {
        Self(Arc::new(AtomicBool::new(true)))
    }
}

impl LineCount {
    /// The reader above counts lines from here on: errors made after this carry no line.
    pub(crate) fn hand_over(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    fn counting(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Enough to reopen an input and show a snippet of it (files only; stdin cannot be reread).
#[derive(Debug, Clone)]
pub(crate) struct Origin {
    pub path: Option<PathBuf>,
    pub gzip: bool,
    pub encoding: Option<&'static Encoding>,
    pub cap: u64,
}

/// The reason bytes could not be turned into text, carried inside an `io::Error`.
#[derive(Debug)]
pub(crate) struct DecodeError {
    #[allow(
        dead_code,
        reason = "the line is in the message; tests check the field"
    )]
    pub line: u64,
    #[allow(
        dead_code,
        reason = "the offset is in the message; tests check the field"
    )]
    pub offset: u64,
    pub message: String,
    /// What the user can do about it.
    pub help: String,
    /// Made without a line (line 0, and none in `message`): the reader above says it again with
    /// its line ([`io_error_at`]).
    unlined: Option<Unlined>,
}

/// What an error made without its line was ([`LineCount`]), to be made again with the line.
#[derive(Debug, Clone)]
enum Unlined {
    /// [`invalid_utf8`], in a text declaring this unknown encoding, if any.
    InvalidUtf8(Option<String>),
    /// [`nul_error`] (its help is kept).
    Nul,
}

impl DecodeError {
    fn io(line: u64, offset: u64, message: String, help: &str) -> io::Error {
        io::Error::new(
            io::ErrorKind::InvalidData,
            Self {
                line,
                offset,
                message,
                help: help.to_owned(),
                unlined: None,
            },
        )
    }

    /// [`Self::io`] without a line.
    fn unlined(offset: u64, message: String, help: &str, what: Unlined) -> io::Error {
        io::Error::new(
            io::ErrorKind::InvalidData,
            Self {
                line: 0,
                offset,
                message,
                help: help.to_owned(),
                unlined: Some(what),
            },
        )
    }
}

/// Help for text that is not in the encoding it was read as.
const ENCODING_HELP: &str = "save the feed as UTF-8, declare its encoding in the XML \
                             declaration, or pass --encoding (e.g. --encoding windows-1252)";

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DecodeError {}

/// Reads up to `n` bytes from `r` (fewer only at end of input) and returns them with a reader
/// that yields the same bytes again followed by the rest.
pub(crate) fn peek(mut r: DynRead, n: usize) -> io::Result<(Vec<u8>, DynRead)> {
    let mut prefix = Vec::with_capacity(n.min(SNIFF_BYTES));
    (&mut r).take(n as u64).read_to_end(&mut prefix)?;
    let again = Cursor::new(prefix.clone()).chain(r);
    Ok((prefix, Box::new(again)))
}

/// [`peek`] for the decoded text: an error after some of the `n` bytes (a byte that is not UTF-8
/// near the start of the feed) comes after those bytes, from the returned reader, as it would
/// further into the feed, so the records before it are read and reported; an error with nothing
/// but whitespace before it is returned at once (there is nothing before it to read, and a
/// prefix of blank lines would otherwise be taken for an empty feed).
fn peek_text(mut r: DynRead, n: usize) -> io::Result<(Vec<u8>, DynRead)> {
    let mut prefix = Vec::with_capacity(n.min(SNIFF_BYTES));
    match (&mut r).take(n as u64).read_to_end(&mut prefix) {
        Ok(_) => {
            let again = Cursor::new(prefix.clone()).chain(r);
            Ok((prefix, Box::new(again)))
        }
        Err(e) if prefix.iter().all(u8::is_ascii_whitespace) => Err(e),
        Err(e) => {
            let again = Cursor::new(prefix.clone()).chain(FailOnce(Some(e)));
            Ok((prefix, Box::new(again)))
        }
    }
}

/// A reader that gives its error once, then the end of input.
struct FailOnce(Option<io::Error>);

impl Read for FailOnce {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        self.0.take().map_or(Ok(0), Err)
    }
}

/// Opens a path (`-` is stdin), undoes gzip (from its magic bytes, or `name`'s `.gz`
/// extension: `name` is `path`, or the name stdin is given) and decodes to UTF-8; with a warning
/// about the decoding, for the first product (an encoding declared that feedlint does not know).
pub(crate) fn open_decoded(
    path: &Path,
    name: &Path,
    encoding: Option<&'static Encoding>,
    cap: u64,
    label: &str,
) -> Result<(Decoded, Option<String>), Error> {
    let is_stdin = path.as_os_str() == "-";
    let raw: DynRead = if is_stdin {
        Box::new(io::stdin())
    } else {
        match std::fs::File::open(path) {
            Ok(f) => Box::new(f),
            Err(e) => {
                return Err(Error::input(format!("cannot open {label}: {e}"))
                    .with_help("check the path; `-` reads from stdin"));
            }
        }
    };
    let (magic, raw) = peek(raw, 2).map_err(|e| io_error(label, &e))?;
    let gzip = magic == GZIP_MAGIC || has_extension(name, "gz");
    let raw: DynRead = if gzip {
        Box::new(CapReader {
            inner: Gunzip::new(raw),
            left: cap,
            cap,
        })
    } else {
        raw
    };
    let (head, raw) = peek(raw, 1024).map_err(|e| io_error(label, &e))?;
    if gzip && head.starts_with(&GZIP_MAGIC) {
        return Err(Error::input(format!(
            "{label}: the decompressed data is gzip again: the file was compressed twice"
        ))
        .with_help("decompress it once (e.g. `gunzip -c FILE > FEED.gz`) and read the result"));
    }
    let (reader, encoding, note, lines) = decode(raw, &head, encoding, label)?;
    let (prefix, reader) = peek_text(reader, SNIFF_BYTES).map_err(|e| io_error(label, &e))?;
    let decoded = Decoded {
        reader,
        prefix,
        origin: Origin {
            path: (!is_stdin).then(|| path.to_path_buf()),
            gzip,
            encoding,
            cap,
        },
        lines,
    };
    Ok((decoded, note))
}

/// A decoded stream, the non-UTF-8 encoding used if any, a warning about the decoding, and the
/// switch of the stream's line count.
type Decoding = (
    DynRead,
    Option<&'static Encoding>,
    Option<String>,
    LineCount,
);

/// Chooses the decoding of a byte stream from its first bytes: a BOM wins, then an explicit
/// encoding, then the XML declaration's `encoding`; otherwise the text must be UTF-8. UTF-32
/// (which encoding_rs does not decode) and a declaration that cannot be true are refused; a
/// declared encoding feedlint does not know is named in a warning, and in the error of a byte
/// that is not UTF-8.
fn decode(
    raw: DynRead,
    head: &[u8],
    explicit: Option<&'static Encoding>,
    label: &str,
) -> Result<Decoding, Error> {
    if let Some(found) = utf32(head, explicit.is_none()) {
        return Err(Error::input(format!(
            "{label}: byte 0: {found}: UTF-32 is not supported; convert it to UTF-8"
        ))
        .with_help("convert the file to UTF-8, e.g. `iconv -f UTF-32 -t UTF-8 FILE > FILE.utf8`"));
    }
    let bom = Encoding::for_bom(head).map(|(e, _)| e);
    let declared = xml_declared_encoding(head);
    if bom.is_none()
        && explicit.is_none()
        && let Some(Declared::Known(d)) = declared
        && (d == encoding_rs::UTF_16LE || d == encoding_rs::UTF_16BE)
    {
        // XML 1.0 section 4.3.3: UTF-16 entities begin with a byte order mark; a declaration
        // readable as single bytes cannot be in UTF-16.
        return Err(Error::input(format!(
            "{label}: the XML declaration says encoding=\"{}\" but the file has no UTF-16 byte \
             order mark and its declaration is written in single bytes: the file is not UTF-16",
            d.name()
        ))
        .with_help(
            "fix the declaration (e.g. encoding=\"UTF-8\") or pass --encoding with the real encoding",
        ));
    }
    let (declared, unknown) = match declared {
        Some(Declared::Known(e)) => (Some(e), None),
        Some(Declared::Unknown(name)) if bom.is_none() && explicit.is_none() => (None, Some(name)),
        _ => (None, None),
    };
    let chosen = match bom {
        Some(e) if e != encoding_rs::UTF_8 => Some(e),
        Some(_) => None,
        None => explicit.or(declared).filter(|e| *e != encoding_rs::UTF_8),
    };
    if let Some(enc) = chosen {
        // A switch nothing reads: `StrictDecode` always counts lines (not the bench's path).
        let lines = LineCount::default();
        Ok((
            Box::new(StrictDecode::new(raw, enc)),
            Some(enc),
            None,
            lines,
        ))
    } else {
        let skip = if bom.is_some() { 3 } else { 0 };
        let note = unknown.as_deref().map(|name| {
            format!(
                "the XML declaration names encoding=\"{name}\", which is not an encoding \
                 feedlint knows; the feed was read as UTF-8 (pass --encoding with its real \
                 encoding, or fix the declaration)"
            )
        });
        let check = Utf8Check::new(raw, skip).declaring(unknown);
        let lines = check.lines_counted.clone();
        Ok((Box::new(check), None, note, lines))
    }
}

/// What the start of `head` shows of UTF-32, which encoding_rs does not decode (WHATWG: a
/// UTF-32 little-endian byte order mark reads as UTF-16LE's followed by NUL): its byte order
/// mark, or else (when `sniff`) mostly-ASCII UTF-32 without one, three NUL bytes of every four.
fn utf32(head: &[u8], sniff: bool) -> Option<String> {
    if head.starts_with(&[0xFF, 0xFE, 0, 0]) {
        return Some("the file starts with the UTF-32LE byte order mark FF FE 00 00".to_owned());
    }
    if head.starts_with(&[0, 0, 0xFE, 0xFF]) {
        return Some("the file starts with the UTF-32BE byte order mark 00 00 FE FF".to_owned());
    }
    let units = head.len().min(1024) / 4;
    if !sniff || units < 4 {
        return None;
    }
    let (mut le, mut be) = (0, 0);
    for unit in head[..units * 4].chunks_exact(4) {
        le += usize::from(unit[0] != 0 && unit[1..] == [0, 0, 0]);
        be += usize::from(unit[..3] == [0, 0, 0] && unit[3] != 0);
    }
    let most = units * 9 / 10;
    let order = if le >= most {
        "UTF-32LE"
    } else if be >= most {
        "UTF-32BE"
    } else {
        return None;
    };
    Some(format!(
        "this looks like {order} text without a byte order mark (three NUL bytes of every four)"
    ))
}

/// Decodes a non-UTF-8 encoding to UTF-8 and fails with the line and byte offset of the first
/// malformed sequence (an unpaired UTF-16 surrogate, an odd trailing byte) or NUL character,
/// where a replacing decoder would produce silent U+FFFD mojibake.
struct StrictDecode {
    inner: DynRead,
    enc: &'static Encoding,
    decoder: encoding_rs::Decoder,
    raw: Vec<u8>,
    raw_start: usize,
    raw_end: usize,
    out: Vec<u8>,
    out_start: usize,
    out_end: usize,
    /// Raw bytes consumed by the decoder so far.
    raw_offset: u64,
    /// 1-based line of `out[out_end]`.
    lines: LineTally,
    eof: bool,
    done: bool,
    /// The error met after `out[..out_end]`, given once those bytes are read: the text decoded
    /// before a malformed sequence or a NUL is never lost.
    failed: Option<io::Error>,
}

impl StrictDecode {
    fn new(inner: DynRead, enc: &'static Encoding) -> Self {
        Self {
            inner,
            enc,
            decoder: enc.new_decoder_with_bom_removal(),
            raw: vec![0; BUF_BYTES],
            raw_start: 0,
            raw_end: 0,
            out: vec![0; BUF_BYTES * 3 + 16],
            out_start: 0,
            out_end: 0,
            raw_offset: 0,
            lines: LineTally::default(),
            eof: false,
            done: false,
            failed: None,
        }
    }

    fn refill(&mut self) -> io::Result<()> {
        self.out_start = 0;
        self.out_end = 0;
        while self.out_end == 0 && !self.done {
            if self.raw_start == self.raw_end && !self.eof {
                self.raw_start = 0;
                self.raw_end = self.inner.read(&mut self.raw)?;
                self.eof = self.raw_end == 0;
            }
            let (res, read, written) = self.decoder.decode_to_utf8_without_replacement(
                &self.raw[self.raw_start..self.raw_end],
                &mut self.out,
                self.eof,
            );
            self.raw_start += read;
            self.raw_offset += read as u64;
            let decoded = &self.out[..written];
            if let Some(i) = memchr::memchr(0, decoded) {
                let e = nul_error(Some(self.lines.after(&decoded[..i])), None, decoded);
                return self.fail_after(i, e);
            }
            match res {
                encoding_rs::DecoderResult::Malformed(bad, after) => {
                    let line = self.lines.after(decoded);
                    let offset = self.raw_offset - u64::from(after) - u64::from(bad);
                    let e = DecodeError::io(
                        line,
                        offset,
                        format!(
                            "invalid {} at line {line}, byte offset {offset}: {} that {} not \
                             text in this encoding",
                            self.enc.name(),
                            crate::model::text::count(bad, "byte"),
                            if bad == 1 { "is" } else { "are" }
                        ),
                        ENCODING_HELP,
                    );
                    return self.fail_after(written, e);
                }
                encoding_rs::DecoderResult::InputEmpty => {
                    if self.eof {
                        self.done = true;
                    }
                }
                encoding_rs::DecoderResult::OutputFull => {}
            }
            self.lines.advance(decoded);
            self.out_end = written;
        }
        Ok(())
    }

    /// Ends the text after `out[..valid]`: those bytes are read first, then `e`.
    fn fail_after(&mut self, valid: usize, e: io::Error) -> io::Result<()> {
        self.done = true;
        if valid == 0 {
            return Err(e);
        }
        self.out_end = valid;
        self.failed = Some(e);
        Ok(())
    }
}

impl Read for StrictDecode {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.out_start == self.out_end {
            if let Some(e) = self.failed.take() {
                return Err(e);
            }
            self.refill()?;
        }
        let n = out.len().min(self.out_end - self.out_start);
        out[..n].copy_from_slice(&self.out[self.out_start..self.out_start + n]);
        self.out_start += n;
        Ok(n)
    }
}

/// The error for a NUL byte in a text feed (`offset` when known); `block`, the bytes read with
/// it, may show UTF-16 text without a byte order mark, and the help then says which encoding to
/// pass.
fn nul_error(line: Option<u64>, offset: Option<u64>, block: &[u8]) -> io::Error {
    let help = match utf16_without_bom(block) {
        Some(label) => format!(
            "every other byte is NUL: this looks like {label} text without a byte order mark; \
             pass --encoding {label}"
        ),
        None => "feedlint reads CSV/TSV, RSS/Atom XML and JSON feeds, optionally gzip-compressed; \
                 check that the file is not corrupted or in another format"
            .to_owned(),
    };
    nul_error_with(line, offset, &help)
}

/// [`nul_error`] with its help; without a line when `line` is `None` ([`LineCount`]).
fn nul_error_with(line: Option<u64>, offset: Option<u64>, help: &str) -> io::Error {
    let message = format!(
        "binary data at {}: a NUL byte, which no text feed contains",
        place(line, offset)
    );
    match line {
        Some(line) => DecodeError::io(line, offset.unwrap_or(0), message, help),
        None => DecodeError::unlined(offset.unwrap_or(0), message, help, Unlined::Nul),
    }
}

/// Where in the decoded text an error is, as its message says it: `line 3, byte offset 6`, or
/// either alone.
fn place(line: Option<u64>, offset: Option<u64>) -> String {
    match (line, offset) {
        (Some(l), Some(o)) => format!("line {l}, byte offset {o}"),
        (Some(l), None) => format!("line {l}"),
        (None, Some(o)) => format!("byte offset {o}"),
        (None, None) => "an unknown place".to_owned(),
    }
}

/// `utf-16le` or `utf-16be` when `text` (the first bytes of an input read as UTF-8) looks like
/// mostly-ASCII UTF-16 without a byte order mark: NUL in nearly every odd (LE) or even (BE) byte
/// and in few of the others.
pub(crate) fn utf16_without_bom(text: &[u8]) -> Option<&'static str> {
    let pairs = text.len().min(1024) / 2;
    if pairs < 4 {
        return None;
    }
    let (mut even, mut odd) = (0, 0);
    for pair in text[..pairs * 2].chunks_exact(2) {
        even += usize::from(pair[0] == 0);
        odd += usize::from(pair[1] == 0);
    }
    let most = pairs * 9 / 10;
    let few = pairs / 10;
    if odd >= most && even <= few {
        Some("utf-16le")
    } else if even >= most && odd <= few {
        Some("utf-16be")
    } else {
        None
    }
}

/// The `encoding="..."` of an XML declaration.
#[derive(Debug, PartialEq, Eq)]
enum Declared {
    /// An encoding encoding_rs knows (by any of its WHATWG labels).
    Known(&'static Encoding),
    /// A label encoding_rs does not know, as written (control characters escaped).
    Unknown(String),
}

/// The `encoding="..."` of an XML declaration at the very start of `head` (GMC 160079: Latin-1
/// and UTF-16 XML must declare it).
fn xml_declared_encoding(head: &[u8]) -> Option<Declared> {
    let head = head.strip_prefix(b"<?xml")?;
    let end = head.windows(2).position(|w| w == b"?>")?;
    let decl = &head[..end];
    let at = decl.windows(8).position(|w| w == b"encoding")?;
    let rest = &decl[at + 8..];
    let rest = rest
        .trim_ascii_start()
        .strip_prefix(b"=")?
        .trim_ascii_start();
    let quote = *rest.first()?;
    if quote != b'"' && quote != b'\'' {
        return None;
    }
    let value = &rest[1..];
    let close = value.iter().position(|&b| b == quote)?;
    let label = &value[..close];
    Some(match Encoding::for_label(label) {
        Some(e) => Declared::Known(e),
        None => Declared::Unknown(
            crate::model::text::printable(&String::from_utf8_lossy(label)).into_owned(),
        ),
    })
}

fn has_extension(path: &Path, ext: &str) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(ext))
}

/// The two bytes every gzip member starts with (RFC 1952 section 2.3.1).
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Counts the bytes read from the compressed file, so gzip errors can name a byte offset.
struct Counting {
    inner: DynRead,
    count: u64,
}

impl Read for Counting {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.count += n as u64;
        Ok(n)
    }
}

type GzIn = BufReader<Counting>;

enum GzState {
    Member(Box<flate2::bufread::GzDecoder<GzIn>>),
    Between(GzIn),
    Done,
}

/// Decompresses gzip member by member (RFC 1952: a file may hold several), and says what is
/// wrong and at which byte of the compressed file: data that is not gzip, a corrupt or truncated
/// member, or junk after the last member.
struct Gunzip {
    state: GzState,
    members: u64,
}

/// Offset in the compressed file of the first byte not yet consumed.
fn gz_offset(b: &GzIn) -> u64 {
    b.get_ref().count - b.buffer().len() as u64
}

impl Gunzip {
    fn new(raw: DynRead) -> Self {
        Self {
            state: GzState::Between(BufReader::with_capacity(
                BUF_BYTES,
                Counting {
                    inner: raw,
                    count: 0,
                },
            )),
            members: 0,
        }
    }

    fn error(offset: u64, message: String) -> io::Error {
        Self::error_with(
            offset,
            message,
            "the file may be truncated or damaged: download or export it again, or check it \
             with `gzip -t FILE`",
        )
    }

    fn error_with(offset: u64, message: String, help: &str) -> io::Error {
        DecodeError::io(0, offset, message, help)
    }
}

impl Read for Gunzip {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if buf.is_empty() {
            return Ok(0);
        }
        loop {
            match std::mem::replace(&mut self.state, GzState::Done) {
                GzState::Done => return Ok(0),
                GzState::Member(mut d) => match d.read(buf) {
                    Ok(0) => self.state = GzState::Between(d.into_inner()),
                    Ok(n) => {
                        self.state = GzState::Member(d);
                        return Ok(n);
                    }
                    Err(e) => {
                        let offset = gz_offset(d.get_ref());
                        let message = if e.kind() == io::ErrorKind::UnexpectedEof
                            || e.to_string().contains("incomplete")
                        {
                            format!(
                                "the gzip data is truncated: it ends at byte offset {offset} \
                                 in the middle of gzip member {}",
                                self.members
                            )
                        } else {
                            format!(
                                "the gzip data is corrupt in member {} (read up to byte offset \
                                 {offset}): {e}",
                                self.members
                            )
                        };
                        return Err(Self::error(offset, message));
                    }
                },
                GzState::Between(mut b) => {
                    let avail = b.fill_buf()?;
                    let (Some(&first), second) = (avail.first(), avail.get(1).copied()) else {
                        return Ok(0);
                    };
                    if first == GZIP_MAGIC[0] && second.is_none_or(|c| c == GZIP_MAGIC[1]) {
                        self.members += 1;
                        self.state = GzState::Member(Box::new(flate2::bufread::GzDecoder::new(b)));
                        continue;
                    }
                    let offset = gz_offset(&b);
                    let junk = io::copy(&mut b, &mut io::sink())?;
                    return Err(if self.members == 0 {
                        Self::error_with(
                            offset,
                            format!(
                                "not gzip data: the name ends in .gz but the file does not start \
                                 with the gzip magic bytes 1f 8b (it starts with {first:02x})"
                            ),
                            "if the file is not compressed, rename it without `.gz`",
                        )
                    } else {
                        Self::error_with(
                            offset,
                            format!(
                                "{} of junk after the end of the gzip data, at byte offset \
                                 {offset} (not another gzip member: it starts with {first:02x}, \
                                 not 1f 8b)",
                                crate::model::text::count(junk, "byte")
                            ),
                            "the compressed data ends before the junk: remove the trailing bytes \
                             or export the file again",
                        )
                    });
                }
            }
        }
    }
}

/// Stops a decompressed stream at `cap` bytes with an error (a gzip bomb must not fill memory
/// or disk, and must not silently truncate the feed either).
struct CapReader<R> {
    inner: R,
    left: u64,
    cap: u64,
}

/// A byte count as people read it: `8 GiB`, `1.5 MiB`, `512 bytes`.
#[must_use]
pub fn human_bytes(n: u64) -> String {
    const UNITS: [(&str, u64); 4] = [
        ("TiB", 1 << 40),
        ("GiB", 1 << 30),
        ("MiB", 1 << 20),
        ("KiB", 1 << 10),
    ];
    for (unit, size) in UNITS {
        if n >= size {
            return if n % size == 0 {
                format!("{} {unit}", n / size)
            } else {
                #[allow(clippy::cast_precision_loss, reason = "a rounded size for a message")]
                let v = n as f64 / size as f64;
                format!("{v:.1} {unit}")
            };
        }
    }
    format!("{n} bytes")
}

impl<R: Read> Read for CapReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.left == 0 {
            // One byte more than allowed means the cap was exceeded.
            let mut probe = [0u8; 1];
            return match self.inner.read(&mut probe)? {
                0 => Ok(0),
                _ => Err(DecodeError::io(
                    0,
                    self.cap,
                    format!(
                        "the decompressed feed is larger than the cap of {} ({} bytes); \
                         reading stopped (a gzip bomb, or a feed larger than expected)",
                        human_bytes(self.cap),
                        self.cap
                    ),
                    "if the feed really is this large, raise the cap with \
                     --max-decompressed-size (e.g. --max-decompressed-size 16GiB)",
                )),
            };
        }
        let want = buf
            .len()
            .min(usize::try_from(self.left).unwrap_or(usize::MAX));
        let n = self.inner.read(&mut buf[..want])?;
        self.left -= n as u64;
        Ok(n)
    }
}

/// Passes UTF-8 through and fails with the line and byte offset of the first byte that is not
/// UTF-8, so a Latin-1 file without a declaration never turns into silent mojibake.
struct Utf8Check {
    inner: DynRead,
    buf: Vec<u8>,
    /// Valid bytes are `buf[start..end]`; `buf[end..filled]` is an incomplete sequence.
    start: usize,
    end: usize,
    filled: usize,
    skip: usize,
    /// Offset and line of `buf[end]` in the decoded stream (1-based line).
    offset: u64,
    /// Counted while `lines_counted` is on.
    lines: LineTally,
    lines_counted: LineCount,
    eof: bool,
    /// The error met after `buf[..end]` (or after the bytes last read directly), given once
    /// those are read.
    failed: Option<io::Error>,
    /// The encoding the XML declaration names, which feedlint does not know: the error of a
    /// byte that is not UTF-8 says so.
    unknown: Option<String>,
}

impl Utf8Check {
    fn new(inner: DynRead, skip: usize) -> Self {
        Self {
            inner,
            buf: vec![0; BUF_BYTES],
            start: 0,
            end: 0,
            filled: 0,
            skip,
            offset: 0,
            lines: LineTally::default(),
            lines_counted: LineCount::default(),
            eof: false,
            failed: None,
            unknown: None,
        }
    }

    /// The line of `buf[end]`, while lines are counted.
    fn line(&self) -> Option<u64> {
        self.lines_counted.counting().then_some(self.lines.line)
    }

    /// The text declares `unknown`, an encoding feedlint does not know.
    fn declaring(mut self, unknown: Option<String>) -> Self {
        self.unknown = unknown;
        self
    }

    fn refill(&mut self) -> io::Result<()> {
        while self.start == self.end && !self.eof {
            // Move the incomplete tail to the front and read more after it.
            self.buf.copy_within(self.end..self.filled, 0);
            self.filled -= self.end;
            self.start = 0;
            self.end = 0;
            let n = self.inner.read(&mut self.buf[self.filled..])?;
            if n == 0 {
                self.eof = true;
                if self.filled > 0 {
                    return Err(invalid_utf8(
                        self.line(),
                        self.offset,
                        self.unknown.as_deref(),
                    ));
                }
                break;
            }
            self.filled += n;
            if self.skip > 0 {
                let s = self.skip.min(self.filled);
                self.buf.copy_within(s..self.filled, 0);
                self.filled -= s;
                self.skip -= s;
            }
            let (end, error) = check_utf8(
                self.lines_counted.counting().then_some(&mut self.lines),
                &mut self.offset,
                &self.buf[..self.filled],
                self.unknown.as_deref(),
            );
            self.end = end;
            if let Some(e) = error {
                // Nothing after the bad byte is read.
                self.filled = end;
                if end == 0 {
                    return Err(e);
                }
                self.failed = Some(e);
            }
        }
        Ok(())
    }

    /// Reads straight into the caller's buffer and checks the bytes there, without the copy
    /// through `buf`: for callers that read in large blocks (every reader above this one), once
    /// the byte order mark is skipped. `None` when only part of one character arrived: the
    /// buffered path takes it from there.
    fn read_direct(&mut self, out: &mut [u8]) -> io::Result<Option<usize>> {
        // The incomplete character the previous read ended with comes first.
        let tail = self.filled - self.end;
        out[..tail].copy_from_slice(&self.buf[self.end..self.filled]);
        let n = self.inner.read(&mut out[tail..])?;
        if n == 0 {
            self.eof = true;
            if tail > 0 {
                return Err(invalid_utf8(
                    self.line(),
                    self.offset,
                    self.unknown.as_deref(),
                ));
            }
            return Ok(Some(0));
        }
        let total = tail + n;
        let (valid, error) = check_utf8(
            self.lines_counted.counting().then_some(&mut self.lines),
            &mut self.offset,
            &out[..total],
            self.unknown.as_deref(),
        );
        self.start = 0;
        self.end = 0;
        if let Some(e) = error {
            // Nothing after the bad byte is read.
            self.filled = 0;
            if valid == 0 {
                return Err(e);
            }
            self.failed = Some(e);
            return Ok(Some(valid));
        }
        self.buf[..total - valid].copy_from_slice(&out[valid..total]);
        self.filled = total - valid;
        Ok((valid > 0).then_some(valid))
    }
}

/// Reads of at least this many bytes go straight into the caller's buffer
/// ([`Utf8Check::read_direct`]).
const DIRECT_READ_MIN: usize = 4096;

/// Checks a block of decoded bytes: the end of its valid UTF-8 prefix without a NUL byte (all of
/// it unless it ends inside a character or meets a bad byte), and the error of the bad byte after
/// it if there is one; advances `line` and `offset` past that prefix. The prefix is read before
/// the error is reported, so the records before a bad byte are never lost.
/// `unknown` is the encoding the text declares that feedlint does not know ([`invalid_utf8`]).
/// `lines` is `None` when the reader above counts lines ([`LineCount`]): the errors then carry
/// no line.
fn check_utf8(
    lines: Option<&mut LineTally>,
    offset: &mut u64,
    data: &[u8],
    unknown: Option<&str>,
) -> (usize, Option<io::Error>) {
    // simdutf8's `compat` flavour answers exactly what `std::str::from_utf8` does (the valid
    // prefix and whether a bad byte follows it), with SIMD instructions over the block.
    let (mut end, mut bad) = match simdutf8::compat::from_utf8(data) {
        Ok(_) => (data.len(), false),
        Err(e) => (e.valid_up_to(), e.error_len().is_some()),
    };
    let nul = memchr::memchr(0, &data[..end]);
    if let Some(i) = nul {
        end = i;
        bad = false;
    }
    let line = lines.map(|lines| {
        lines.advance(&data[..end]);
        lines.line
    });
    *offset += end as u64;
    let error = if nul.is_some() {
        Some(nul_error(line, Some(*offset), data))
    } else if bad {
        Some(invalid_utf8(line, *offset, unknown))
    } else {
        None
    };
    (end, error)
}

/// The error for a byte that is not UTF-8 at `line`, `offset`, in a text that declares
/// `unknown`, an encoding feedlint does not know, if any (it was read as UTF-8).
/// Without a line when `line` is `None` ([`LineCount`]).
fn invalid_utf8(line: Option<u64>, offset: u64, unknown: Option<&str>) -> io::Error {
    let at = place(line, Some(offset));
    let (message, help) = match unknown {
        None => (
            format!("invalid UTF-8 at {at}: the feed declares no other encoding"),
            ENCODING_HELP,
        ),
        Some(name) => (
            format!(
                "invalid UTF-8 at {at}: the XML declaration names encoding=\"{name}\", which is \
                 not an encoding feedlint knows, so the feed was read as UTF-8"
            ),
            "pass --encoding with the feed's real encoding (e.g. --encoding windows-1252), or fix \
             the declaration (e.g. encoding=\"ISO-8859-1\")",
        ),
    };
    match line {
        Some(line) => DecodeError::io(line, offset, message, help),
        None => DecodeError::unlined(
            offset,
            message,
            help,
            Unlined::InvalidUtf8(unknown.map(str::to_owned)),
        ),
    }
}

/// The 1-based line of the next byte of a text read in blocks, with `\n`, `\r\n` and a lone `\r`
/// each ending a line ([`count_line_breaks`]), also when a block ends between the `\r` and the
/// `\n` of a `\r\n`.
#[derive(Debug, Clone, Copy)]
struct LineTally {
    line: u64,
    /// The last byte counted was a `\r`, counted as a line end: a `\n` right after it is not
    /// another one.
    after_cr: bool,
}

impl Default for LineTally {
    fn default() -> Self {
        Self {
            line: 1,
            after_cr: false,
        }
    }
}

impl LineTally {
    /// The line after `block`, the bytes that follow those counted so far.
    fn after(&self, block: &[u8]) -> u64 {
        let joined = self.after_cr && block.first() == Some(&b'\n');
        self.line + count_line_breaks(block) - u64::from(joined)
    }

    /// Counts `block`, the bytes that follow those counted so far.
    fn advance(&mut self, block: &[u8]) {
        self.line = self.after(block);
        if let Some(&last) = block.last() {
            self.after_cr = last == b'\r';
        }
    }
}

/// The number of `\n` in `b` (memchr: vectorised, this runs over every byte of every feed).
pub(crate) fn count_newlines(b: &[u8]) -> u64 {
    memchr::memchr_iter(b'\n', b).count() as u64
}

/// The number of line breaks in `b`: `\n`, `\r\n` and a `\r` alone (the line end of classic
/// Mac text, which Excel for Mac still writes as "CSV (Macintosh)", and a record end to the csv
/// crate). A `\r` at the end of `b` counts as alone: callers never cut a `\r\n` in two.
pub(crate) fn count_line_breaks(b: &[u8]) -> u64 {
    count_newlines(b) + lone_crs(b)
}

/// The number of `\r` in `b` not followed by `\n`.
pub(crate) fn lone_crs(b: &[u8]) -> u64 {
    memchr::memchr_iter(b'\r', b)
        .filter(|&i| b.get(i + 1) != Some(&b'\n'))
        .count() as u64
}

impl Read for Utf8Check {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if self.start == self.end
            && let Some(e) = self.failed.take()
        {
            self.eof = true;
            return Err(e);
        }
        if self.start == self.end
            && self.skip == 0
            && !self.eof
            && out.len() >= DIRECT_READ_MIN
            && let Some(n) = self.read_direct(out)?
        {
            return Ok(n);
        }
        if self.start == self.end {
            self.refill()?;
        }
        let n = out.len().min(self.end - self.start);
        out[..n].copy_from_slice(&self.buf[self.start..self.start + n]);
        self.start += n;
        Ok(n)
    }
}

/// Converts an I/O error met while reading a feed into an input error naming the file.
pub(crate) fn io_error(label: &str, e: &io::Error) -> Error {
    if let Some(d) = e.get_ref().and_then(|r| r.downcast_ref::<DecodeError>()) {
        return Error::input(format!("{label}: {}", d.message)).with_help(d.help.clone());
    }
    if e.kind() == io::ErrorKind::InvalidInput || e.kind() == io::ErrorKind::UnexpectedEof {
        return Error::input(format!("{label}: {e}"))
            .with_help("the file may be truncated or not in the format its name suggests");
    }
    Error::input(format!("{label}: cannot read: {e}"))
}

/// [`io_error`] for a reader that took over the line count of its input ([`LineCount`]):
/// `line()` is the line of the error's first byte (the reader counts it only when asked, i.e.
/// only for an error made without its line).
pub(crate) fn io_error_at(label: &str, e: &io::Error, line: impl FnOnce() -> u64) -> Error {
    let Some(d) = e.get_ref().and_then(|r| r.downcast_ref::<DecodeError>()) else {
        return io_error(label, e);
    };
    let lined = match &d.unlined {
        None => return io_error(label, e),
        Some(Unlined::InvalidUtf8(unknown)) => {
            invalid_utf8(Some(line()), d.offset, unknown.as_deref())
        }
        Some(Unlined::Nul) => nul_error_with(Some(line()), Some(d.offset), &d.help),
    };
    io_error(label, &lined)
}

/// Where in a file an error is.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Pos {
    /// 1-based line and column (column in characters).
    LineCol(u64, u64),
    /// 0-based byte offset in the decoded text.
    Offset(u64),
}

impl Pos {
    fn position(self) -> Position {
        let size = |n: u64| usize::try_from(n).unwrap_or(usize::MAX);
        match self {
            Self::LineCol(l, c) => Position::LineChar(size(l), size(c)),
            Self::Offset(o) => Position::Offset(size(o)),
        }
    }
}

/// A problem with a file, with the lines around it.
pub type InputDiagnostic = SourceDiagnostic;

/// Builds the input error for an unreadable file: `file:line:col: problem`, with a snippet of
/// the file around the position when the file can be reopened (not stdin).
pub(crate) fn syntax_error(
    label: &str,
    origin: &Origin,
    pos: Pos,
    problem: &str,
    help: Option<&str>,
) -> Error {
    let snippet = origin
        .path
        .as_deref()
        .and_then(|p| snippet(p, origin, pos).ok().flatten());
    // A byte order mark in the middle of a file (files concatenated with `cat`) is invisible in
    // a snippet: say what the character is.
    let bom_note;
    let problem = match &snippet {
        Some(s) if s.text[s.span.start..].starts_with('\u{feff}') => {
            bom_note = format!(
                "{problem} (the character here is a byte order mark, U+FEFF, in the middle of \
                 the file: were several files concatenated?)"
            );
            bom_note.as_str()
        }
        _ => problem,
    };
    let (line, col) = match (&snippet, pos) {
        (Some(s), _) => (s.line as u64, s.column as u64),
        (None, Pos::LineCol(l, c)) => (l, c),
        (None, Pos::Offset(o)) => (0, o),
    };
    let message = if line == 0 {
        format!("{label}: byte {col}: {problem}")
    } else {
        format!("{label}:{line}:{col}: {problem}")
    };
    // People see only this diagnostic: `file:line:col: problem` once (the form editors and CI
    // logs link), then the snippet. The error's own message is the same text, for JSON.
    let message = crate::model::text::printable(&message).into_owned();
    let mut diag = SourceDiagnostic::from_cut(message.clone(), label, snippet, "here");
    if let Some(h) = help {
        diag = diag.with_help(crate::model::text::printable(h).into_owned());
    }
    let mut err = Error::from_diagnostic(ErrorCode::InputError, miette::Report::new(diag));
    err.message = message;
    err
}

/// The snippet at `pos` of the file `path`, reopened and decoded as it was read; lines end as
/// the readers end them (a lone `\r` ends one).
fn snippet(path: &Path, origin: &Origin, pos: Pos) -> io::Result<Option<Cut>> {
    let file: DynRead = Box::new(std::fs::File::open(path)?);
    let raw: DynRead = if origin.gzip {
        Box::new(flate2::read::MultiGzDecoder::new(file).take(origin.cap))
    } else {
        file
    };
    let raw: DynRead = match origin.encoding {
        Some(enc) => Box::new(
            encoding_rs_io::DecodeReaderBytesBuilder::new()
                .encoding(Some(enc))
                .bom_override(true)
                .build(raw),
        ),
        None => Box::new(
            encoding_rs_io::DecodeReaderBytesBuilder::new()
                .bom_sniffing(true)
                .strip_bom(true)
                .build(raw),
        ),
    };
    cut(BufReader::new(raw), pos.position(), 0, LineEnds::Any)
}

/// Reads `inner` on a thread of its own, up to [`AHEAD_BLOCKS`] blocks of [`BUF_BYTES`] ahead of
/// the caller, and gives the same bytes and the same errors in the same order: the system calls,
/// decompression, decoding and UTF-8 check of an input then run beside the parser instead of on
/// its thread. For the formats whose parser is the thread the others wait for (XML, JSON; 1M RSS
/// `validate --jobs 2`, three alternating rounds, 5.61 -> 5.50 s; gzipped 200k RSS 1.28 -> 1.22
/// s; docs/performance.md). A thread that cannot be started is an error of the first read.
pub(crate) fn read_ahead(inner: DynRead) -> DynRead {
    let (tx, rx) = std::sync::mpsc::sync_channel(AHEAD_BLOCKS);
    let (back, spare) = std::sync::mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("feedlint-read".into())
        .spawn(move || read_blocks(inner, &tx, &spare));
    match spawned {
        Ok(_) => Box::new(ReadAhead {
            rx,
            back,
            block: Vec::new(),
            pos: 0,
            filled: 0,
            done: false,
        }),
        Err(e) => Box::new(FailOnce(Some(e))),
    }
}

/// Blocks [`read_ahead`] reads before the caller takes them.
const AHEAD_BLOCKS: usize = 2;

/// A block of [`read_ahead`]: the buffer and how many of its bytes were read (0: the end), or
/// the error that ended the input.
type Block = io::Result<(Vec<u8>, usize)>;

/// [`read_ahead`]'s thread: reads into blocks (reusing those the caller sent back), one read a
/// block as the caller would have made it, so a slow input (a pipe) is passed on as it comes,
/// and sends them until the end, an error, or the caller's end of the channel is gone.
fn read_blocks(
    mut inner: DynRead,
    tx: &std::sync::mpsc::SyncSender<Block>,
    spare: &std::sync::mpsc::Receiver<Vec<u8>>,
) {
    let mut block = Vec::new();
    loop {
        if block.is_empty() {
            block = spare.try_recv().unwrap_or_else(|_| vec![0; BUF_BYTES]);
        }
        let read = match inner.read(&mut block) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Ok(n) => Ok((std::mem::take(&mut block), n)),
            Err(e) => Err(e),
        };
        let last = !matches!(read, Ok((_, n)) if n > 0);
        if tx.send(read).is_err() || last {
            return;
        }
    }
}

/// The caller's end of [`read_ahead`].
struct ReadAhead {
    rx: std::sync::mpsc::Receiver<Block>,
    /// Blocks read, back to the thread for reuse.
    back: std::sync::mpsc::Sender<Vec<u8>>,
    block: Vec<u8>,
    /// `block[pos..filled]` is not read yet.
    pos: usize,
    filled: usize,
    done: bool,
}

impl Read for ReadAhead {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.filled {
            if self.done {
                return Ok(0);
            }
            match self.rx.recv() {
                Ok(Ok((block, filled))) => {
                    let used = std::mem::replace(&mut self.block, block);
                    if !used.is_empty() {
                        // The thread may have ended: the block is then simply freed.
                        let _ = self.back.send(used);
                    }
                    self.pos = 0;
                    self.filled = filled;
                    self.done = filled == 0;
                }
                Ok(Err(e)) => {
                    self.done = true;
                    return Err(e);
                }
                Err(_) => {
                    self.done = true;
                    return Err(io::Error::other(
                        "the thread reading the input stopped before its end",
                    ));
                }
            }
        }
        let n = out.len().min(self.filled - self.pos);
        out[..n].copy_from_slice(&self.block[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(bytes: &[u8]) -> io::Result<String> {
        let mut r = Utf8Check::new(Box::new(Cursor::new(bytes.to_vec())), 0);
        let mut s = String::new();
        r.read_to_string(&mut s)?;
        Ok(s)
    }

    /// Hands out at most `step` bytes per read, so characters are split across reads.
    struct Trickle {
        data: Vec<u8>,
        at: usize,
        step: usize,
    }

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.data.len() - self.at);
            buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    /// Reads everything with reads of the given sizes (cycled): the text, or the text read before
    /// the error and the line and offset of the error.
    fn read_in(data: &[u8], step: usize, sizes: &[usize]) -> Result<Vec<u8>, (Vec<u8>, u64, u64)> {
        let mut r = Utf8Check::new(
            Box::new(Trickle {
                data: data.to_vec(),
                at: 0,
                step,
            }),
            0,
        );
        let mut got = Vec::new();
        for &size in sizes.iter().cycle() {
            let mut buf = vec![0; size];
            match r.read(&mut buf) {
                Ok(0) => return Ok(got),
                Ok(n) => got.extend_from_slice(&buf[..n]),
                Err(e) => {
                    let d = e.get_ref().unwrap().downcast_ref::<DecodeError>().unwrap();
                    return Err((got, d.line, d.offset));
                }
            }
        }
        unreachable!()
    }

    proptest::proptest! {
        /// Reading straight into a large caller buffer gives the same text, or the same error at
        /// the same line and offset, as reading through the check's own buffer, wherever the
        /// reads split a character.
        #[test]
        fn direct_reads_agree_with_buffered_ones(
            text in "[ab\n\r\u{e9}\u{20ac}\u{1f600}]{0,3000}",
            bad in proptest::option::of((0usize..3000, proptest::sample::select(vec![0u8, 0xff, 0xc3]))),
            step in 1usize..9000,
            sizes in proptest::collection::vec(
                proptest::sample::select(vec![1usize, 7, 4096, 5000, 20000]),
                1..6,
            ),
        ) {
            let mut data = text.into_bytes();
            if let Some((at, byte)) = bad {
                let at = at.min(data.len());
                data.insert(at, byte);
            }
            let buffered = read_in(&data, step, &[100]);
            proptest::prop_assert_eq!(read_in(&data, step, &sizes), buffered.clone());
            match buffered {
                Ok(text) => proptest::prop_assert_eq!(text, data),
                // Everything before the bad byte is read before the error: no record before it is
                // lost, wherever the reads fall.
                Err((before, line, offset)) => {
                    let valid = std::str::from_utf8(&data).map_or_else(|e| e.valid_up_to(), |_| data.len());
                    let good = memchr::memchr(0, &data[..valid]).unwrap_or(valid);
                    proptest::prop_assert_eq!(&before[..], &data[..good]);
                    proptest::prop_assert_eq!(offset, good as u64);
                    // Lines end at `\n`, `\r\n` or a lone `\r`, wherever the reads split them (the
                    // bad byte is not a `\n`, so a `\r` just before it is alone).
                    proptest::prop_assert_eq!(line, 1 + count_line_breaks(&data[..good]));
                }
            }
        }
    }

    #[test]
    fn utf8_check_passes_text_and_names_line_and_offset_of_bad_byte() {
        assert_eq!(check("a\nbé\n".as_bytes()).unwrap(), "a\nbé\n");
        let err = check(b"ab\ncd\n\xe9x").unwrap_err();
        let d = err
            .get_ref()
            .unwrap()
            .downcast_ref::<DecodeError>()
            .unwrap();
        assert_eq!((d.line, d.offset), (3, 6));
        assert!(
            check(b"ab\xc3").is_err(),
            "a truncated sequence at the end is an error"
        );
    }

    #[test]
    fn xml_declaration_encoding_is_found() {
        assert_eq!(
            xml_declared_encoding(b"<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><rss/>"),
            Some(Declared::Known(encoding_rs::WINDOWS_1252))
        );
        assert_eq!(
            xml_declared_encoding(b"<?xml version=\"1.0\" encoding=\"bogus-enc\"?><rss/>"),
            Some(Declared::Unknown("bogus-enc".to_owned()))
        );
        assert_eq!(xml_declared_encoding(b"<?xml version='1.0'?>"), None);
        assert_eq!(xml_declared_encoding(b"<rss encoding='latin1'/>"), None);
    }

    #[test]
    fn utf32_is_told_from_utf16_and_ascii() {
        let text = "id,title\n1,a\n";
        let le32: Vec<u8> = text
            .chars()
            .flat_map(|c| u32::from(c).to_le_bytes())
            .collect();
        let le16: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
        assert!(utf32(&le32, true).is_some_and(|m| m.contains("UTF-32LE")));
        assert_eq!(utf32(&le32, false), None);
        assert_eq!(utf32(&le16, true), None);
        assert_eq!(utf32(text.as_bytes(), true), None);
        // A UTF-16LE byte order mark alone is UTF-16's; with two NUL bytes after it, UTF-32's.
        assert_eq!(utf32(&[0xFF, 0xFE, b'a', 0], true), None);
        assert!(utf32(&[0xFF, 0xFE, 0, 0], false).is_some());
    }

    fn decode_error(e: &io::Error) -> &DecodeError {
        e.get_ref()
            .and_then(|r| r.downcast_ref::<DecodeError>())
            .expect("a DecodeError")
    }

    #[test]
    fn strict_decode_names_line_and_offset_of_an_unpaired_surrogate() {
        let mut bytes = Vec::new();
        for u in "ab\ncd\n".encode_utf16() {
            bytes.extend(u.to_le_bytes());
        }
        bytes.extend([0x00, 0xd8, b'x', 0x00]);
        let mut r = StrictDecode::new(Box::new(Cursor::new(bytes)), encoding_rs::UTF_16LE);
        let mut s = String::new();
        let err = r.read_to_string(&mut s).unwrap_err();
        let d = decode_error(&err);
        assert_eq!((d.line, d.offset), (3, 12), "{}", d.message);
        assert_eq!(
            d.message,
            "invalid UTF-16LE at line 3, byte offset 12: 2 bytes that are not text in this \
             encoding"
        );
        // An odd final byte is one byte, said in the singular.
        let mut odd = Vec::new();
        for u in "ab".encode_utf16() {
            odd.extend(u.to_le_bytes());
        }
        odd.push(b'c');
        let mut r = StrictDecode::new(Box::new(Cursor::new(odd)), encoding_rs::UTF_16LE);
        let err = r.read_to_string(&mut String::new()).unwrap_err();
        assert!(
            decode_error(&err)
                .message
                .ends_with(": 1 byte that is not text in this encoding"),
            "{}",
            decode_error(&err).message
        );

        let mut ok = Vec::new();
        for u in "é\n€".encode_utf16() {
            ok.extend(u.to_le_bytes());
        }
        let mut r = StrictDecode::new(Box::new(Cursor::new(ok)), encoding_rs::UTF_16LE);
        let mut s = String::new();
        r.read_to_string(&mut s).unwrap();
        assert_eq!(s, "é\n€");
    }

    /// The text decoded before a malformed sequence or a NUL is read before the error, as in
    /// UTF-8 ([`Utf8Check`]), and the error then ends the text; lines end at a lone `\r` too.
    #[test]
    fn strict_decode_gives_the_text_before_its_error_first() {
        for (tail, line) in [(&[0x00, 0xd8, b'x', 0x00][..], 4), (&[0x00, 0x00][..], 4)] {
            let mut bytes = Vec::new();
            for u in "id\r1,a\r\n2,b\n".encode_utf16() {
                bytes.extend(u.to_le_bytes());
            }
            bytes.extend(tail);
            let mut r = StrictDecode::new(Box::new(Cursor::new(bytes)), encoding_rs::UTF_16LE);
            let mut buf = [0u8; 64];
            let n = r.read(&mut buf).unwrap();
            assert_eq!(&buf[..n], b"id\r1,a\r\n2,b\n");
            let err = r.read(&mut buf).unwrap_err();
            assert_eq!(
                decode_error(&err).line,
                line,
                "{}",
                decode_error(&err).message
            );
            assert_eq!(r.read(&mut buf).unwrap(), 0);
        }
    }

    /// With its line count handed over ([`LineCount`]), the check's errors carry no line, and
    /// [`io_error_at`] says them as the counting check does once given the line; an error made
    /// with its line keeps it.
    #[test]
    fn errors_made_without_a_line_are_said_with_the_line_given() {
        for bytes in [
            &b"ab\ncd\r\n\xe9x"[..],
            b"ab\ncd\r\nx\x00",
            b"ab\ncd\r\n\xe2\x82",
        ] {
            let error = |hand_over: bool| {
                let mut r = Utf8Check::new(Box::new(Cursor::new(bytes.to_vec())), 0);
                if hand_over {
                    r.lines_counted.hand_over();
                }
                r.read_to_end(&mut Vec::new()).unwrap_err()
            };
            let (counted, lazy) = (error(false), error(true));
            assert_eq!(decode_error(&counted).line, 3);
            assert_eq!(decode_error(&lazy).line, 0);
            let want = io_error("f.csv", &counted);
            for got in [
                io_error_at("f.csv", &lazy, || 3),
                io_error_at("f.csv", &counted, || 99),
            ] {
                assert_eq!((&got.message, &got.help), (&want.message, &want.help));
            }
        }
    }

    #[test]
    fn utf8_check_rejects_a_nul_byte_with_its_line() {
        let err = check(b"id\n1,a\x00b\n").unwrap_err();
        let d = decode_error(&err);
        assert_eq!((d.line, d.offset), (2, 6));
    }

    fn gz(parts: &[&[u8]]) -> Vec<u8> {
        use std::io::Write;
        let mut out = Vec::new();
        for part in parts {
            let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            e.write_all(part).unwrap();
            out.extend(e.finish().unwrap());
        }
        out
    }

    fn gunzip(bytes: Vec<u8>) -> io::Result<Vec<u8>> {
        let mut v = Vec::new();
        Gunzip::new(Box::new(Cursor::new(bytes))).read_to_end(&mut v)?;
        Ok(v)
    }

    #[test]
    fn gunzip_reads_every_member_and_locates_junk_and_truncation() {
        assert_eq!(gunzip(gz(&[b"ab", b"cd"])).unwrap(), b"abcd");
        assert_eq!(gunzip(Vec::new()).unwrap(), b"");
        let good = gz(&[b"abc"]);
        let mut junk = good.clone();
        junk.extend_from_slice(b"xyz");
        let err = gunzip(junk).unwrap_err();
        let d = decode_error(&err);
        assert_eq!(d.offset, good.len() as u64);
        assert!(d.message.starts_with("3 bytes of junk"), "{}", d.message);
        let err = gunzip(good[..good.len() - 4].to_vec()).unwrap_err();
        assert!(decode_error(&err).message.contains("truncated"));
        let err = gunzip(b"plain text".to_vec()).unwrap_err();
        assert!(decode_error(&err).message.starts_with("not gzip data"));
    }

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(human_bytes(8 << 30), "8 GiB");
        assert_eq!(human_bytes(1536 * 1024), "1.5 MiB");
        assert_eq!(human_bytes(100), "100 bytes");
    }

    #[test]
    fn cap_reader_stops_at_the_cap() {
        let mut r = CapReader {
            inner: Cursor::new(vec![0u8; 100]),
            left: 10,
            cap: 10,
        };
        let mut v = Vec::new();
        assert!(r.read_to_end(&mut v).is_err());
        let mut ok = CapReader {
            inner: Cursor::new(vec![0u8; 10]),
            left: 10,
            cap: 10,
        };
        assert_eq!(ok.read_to_end(&mut v).unwrap(), 10);
    }

    /// Gives its bytes a few at a time, with an `Interrupted` before each piece, and then, if
    /// it has one, an error instead of the end.
    struct Flaky {
        data: Vec<u8>,
        at: usize,
        step: usize,
        interrupt: bool,
        error: Option<io::Error>,
    }

    impl Read for Flaky {
        fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
            self.interrupt = !self.interrupt;
            if self.interrupt {
                return Err(io::ErrorKind::Interrupted.into());
            }
            let n = self.step.min(buf.len()).min(self.data.len() - self.at);
            if n == 0 {
                return self.error.take().map_or(Ok(0), Err);
            }
            buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    fn flaky(data: &[u8], step: usize, error: Option<io::Error>) -> DynRead {
        Box::new(Flaky {
            data: data.to_vec(),
            at: 0,
            step,
            interrupt: false,
            error,
        })
    }

    /// Reads `r` with reads of `size` bytes: what it gave, and the error it ended with.
    fn drain(mut r: impl Read, size: usize) -> (Vec<u8>, Option<io::Error>) {
        let mut got = Vec::new();
        let mut buf = vec![0; size];
        loop {
            match r.read(&mut buf) {
                Ok(0) => return (got, None),
                Ok(n) => got.extend_from_slice(&buf[..n]),
                Err(e) => return (got, Some(e)),
            }
        }
    }

    #[test]
    fn read_ahead_gives_every_byte_in_order() {
        // Several blocks' worth, in pieces that do not divide a block.
        let data: Vec<u8> = (0..3 * BUF_BYTES + 17)
            .map(|i| u8::try_from(i % 251).unwrap_or(0))
            .collect();
        for (step, size) in [(BUF_BYTES, BUF_BYTES), (7919, 100_000), (BUF_BYTES + 1, 3)] {
            let (got, err) = drain(read_ahead(flaky(&data, step, None)), size);
            assert!(err.is_none(), "{err:?}");
            assert!(got == data, "step {step}, size {size}");
        }
        let (got, err) = drain(read_ahead(flaky(b"", 10, None)), 10);
        assert!(got.is_empty() && err.is_none());
    }

    #[test]
    fn read_ahead_gives_the_error_after_the_bytes_before_it_then_the_end() {
        let data = b"<rss><item><title>Mug</title></item>".repeat(10_000);
        let bad = invalid_utf8(Some(7), 12_345, None);
        let mut r = read_ahead(flaky(&data, 5_000, Some(bad)));
        let mut got = Vec::new();
        let mut buf = vec![0; 4096];
        let err = loop {
            match r.read(&mut buf) {
                Ok(0) => panic!("the end came before the error"),
                Ok(n) => got.extend_from_slice(&buf[..n]),
                Err(e) => break e,
            }
        };
        assert!(got == data);
        // The error is the inner reader's own, with its line and offset.
        let d = decode_error(&err);
        assert_eq!((d.line, d.offset), (7, 12_345));
        assert_eq!(r.read(&mut buf).unwrap(), 0);
    }

    #[test]
    fn read_ahead_reads_decoded_text_as_the_reader_below_gives_it() {
        // A UTF-8 check below the read-ahead: the valid text arrives, then its error.
        let tail = b"\xff and after";
        let mut text = "Tasse, caf\u{e9}. ".repeat(50_000).into_bytes();
        let valid = text.len();
        text.extend_from_slice(tail);
        let checked = Utf8Check::new(flaky(&text, 65_536, None), 0);
        let (got, err) = drain(read_ahead(Box::new(checked)), 8192);
        assert!(got == text[..valid]);
        let err = err.expect("the bad byte is an error");
        assert!(decode_error(&err).message.contains("invalid UTF-8"));
        assert_eq!(decode_error(&err).offset, valid as u64);
    }

    proptest::proptest! {
        #[test]
        fn read_ahead_is_the_reader_it_reads(
            data in proptest::collection::vec(proptest::num::u8::ANY, 0..20_000),
            step in 1_usize..5_000,
            size in 1_usize..5_000,
        ) {
            let (got, err) = drain(read_ahead(flaky(&data, step, None)), size);
            proptest::prop_assert!(err.is_none());
            proptest::prop_assert_eq!(got, data);
        }
    }
}
