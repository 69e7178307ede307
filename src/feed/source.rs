//! Byte sources for the readers: files or stdin, transparent gzip with a size cap, and text
//! decoding to UTF-8 (BOM, XML declaration, `--encoding`), plus the diagnostics that point at a
//! line of the file.
//!
//! Responsible for turning any input into a stream of valid UTF-8 and for saying where it is not.
//! Not responsible for parsing a format (that is `delimited`, `xml` and `json`).

use std::io::{self, BufRead, BufReader, Cursor, Read};
use std::path::{Path, PathBuf};

use encoding_rs::Encoding;

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
    pub line: u64,
    #[allow(
        dead_code,
        reason = "the offset is in the message; tests check the field"
    )]
    pub offset: u64,
    pub message: String,
}

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

/// Opens a path (`-` is stdin), undoes gzip and decodes to UTF-8.
pub(crate) fn open_decoded(
    path: &Path,
    encoding: Option<&'static Encoding>,
    cap: u64,
    label: &str,
) -> Result<Decoded, Error> {
    let is_stdin = path.as_os_str() == "-";
    let raw: DynRead = if is_stdin {
        Box::new(io::stdin())
    } else {
        match std::fs::File::open(path) {
            Ok(f) => Box::new(f),
            Err(e) => {
                return Err(Error::input(format!("cannot open {label}: {e}"))
                    .with_help("check the path; use `-` to read the feed from stdin"));
            }
        }
    };
    let (magic, raw) = peek(raw, 2).map_err(|e| io_error(label, &e))?;
    let gzip = magic == [0x1f, 0x8b] || has_extension(path, "gz");
    let raw: DynRead = if gzip {
        Box::new(CapReader {
            inner: flate2::read::MultiGzDecoder::new(raw),
            left: cap,
            cap,
        })
    } else {
        raw
    };
    let (head, raw) = peek(raw, 1024).map_err(|e| io_error(label, &e))?;
    let (reader, encoding) = decode(raw, &head, encoding);
    let (prefix, reader) = peek(reader, SNIFF_BYTES).map_err(|e| io_error(label, &e))?;
    Ok(Decoded {
        reader,
        prefix,
        origin: Origin {
            path: (!is_stdin).then(|| path.to_path_buf()),
            gzip,
            encoding,
            cap,
        },
    })
}

/// Chooses the decoding of a byte stream from its first bytes: a BOM wins, then an explicit
/// encoding, then the XML declaration's `encoding`; otherwise the text must be UTF-8.
/// Returns the decoded stream and the non-UTF-8 encoding used, if any.
fn decode(
    raw: DynRead,
    head: &[u8],
    explicit: Option<&'static Encoding>,
) -> (DynRead, Option<&'static Encoding>) {
    let bom = Encoding::for_bom(head).map(|(e, _)| e);
    let chosen = match bom {
        Some(e) if e != encoding_rs::UTF_8 => Some(e),
        Some(_) => None,
        None => explicit
            .or_else(|| xml_declared_encoding(head))
            .filter(|e| *e != encoding_rs::UTF_8),
    };
    if let Some(enc) = chosen {
        let reader = encoding_rs_io::DecodeReaderBytesBuilder::new()
            .encoding(Some(enc))
            .bom_override(true)
            .build(raw);
        (Box::new(reader), Some(enc))
    } else {
        let skip = if bom.is_some() { 3 } else { 0 };
        (Box::new(Utf8Check::new(raw, skip)), None)
    }
}

/// The `encoding="..."` of an XML declaration at the very start of `head`, when it names an
/// encoding encoding_rs knows (GMC 160079: Latin-1 and UTF-16 XML must declare it).
fn xml_declared_encoding(head: &[u8]) -> Option<&'static Encoding> {
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
    Encoding::for_label(&value[..close])
}

fn has_extension(path: &Path, ext: &str) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(ext))
}

/// Stops a decompressed stream at `cap` bytes with an error (a gzip bomb must not fill memory
/// or disk, and must not silently truncate the feed either).
struct CapReader<R> {
    inner: R,
    left: u64,
    cap: u64,
}

impl<R: Read> Read for CapReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.left == 0 {
            // One byte more than allowed means the cap was exceeded.
            let mut probe = [0u8; 1];
            return match self.inner.read(&mut probe)? {
                0 => Ok(0),
                _ => Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    DecodeError {
                        line: 0,
                        offset: self.cap,
                        message: format!(
                            "the decompressed feed is larger than the cap of {} bytes \
                             (a gzip bomb or a feed too large to read)",
                            self.cap
                        ),
                    },
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
    line: u64,
    eof: bool,
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
            line: 1,
            eof: false,
        }
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
                    return Err(self.invalid(0));
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
            match std::str::from_utf8(&self.buf[..self.filled]) {
                Ok(_) => self.end = self.filled,
                Err(e) => {
                    let valid = e.valid_up_to();
                    if e.error_len().is_some() {
                        // Count the lines before the bad byte for the message.
                        return Err(self.invalid(valid));
                    }
                    self.end = valid;
                }
            }
            let lines = bytecount(&self.buf[..self.end]);
            self.line += lines;
            self.offset += self.end as u64;
        }
        Ok(())
    }

    fn invalid(&self, valid: usize) -> io::Error {
        let line = self.line + bytecount(&self.buf[..valid]);
        let offset = self.offset + valid as u64;
        io::Error::new(
            io::ErrorKind::InvalidData,
            DecodeError {
                line,
                offset,
                message: format!(
                    "invalid UTF-8 at line {line}, byte offset {offset}: the feed declares no \
                     other encoding"
                ),
            },
        )
    }
}

fn bytecount(b: &[u8]) -> u64 {
    count_newlines(b)
}

/// The number of `\n` in `b` (memchr: vectorised, this runs over every byte of every feed).
pub(crate) fn count_newlines(b: &[u8]) -> u64 {
    memchr::memchr_iter(b'\n', b).count() as u64
}

impl Read for Utf8Check {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
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
        let help = if d.line == 0 {
            "decompress it yourself if the size is expected".to_owned()
        } else {
            "save the feed as UTF-8, declare its encoding in the XML declaration, or pass \
             --encoding (e.g. --encoding windows-1252)"
                .to_owned()
        };
        return Error::input(format!("{label}: {}", d.message)).with_help(help);
    }
    if e.kind() == io::ErrorKind::InvalidInput || e.kind() == io::ErrorKind::UnexpectedEof {
        return Error::input(format!("{label}: {e}"))
            .with_help("the file may be truncated or not in the format its name suggests");
    }
    Error::input(format!("{label}: cannot read: {e}"))
}

/// Where in a file an error is.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Pos {
    /// 1-based line and column (column in characters).
    LineCol(u64, u64),
    /// 0-based byte offset in the decoded text.
    Offset(u64),
}

/// A problem with a file, with the lines around it.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
pub struct InputDiagnostic {
    message: String,
    #[source_code]
    src: Option<miette::NamedSource<String>>,
    #[label("{label_text}")]
    span: Option<miette::SourceSpan>,
    label_text: String,
    #[help]
    help: Option<String>,
}

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
    let (line, col) = match (&snippet, pos) {
        (Some(s), _) => (s.line, s.col),
        (None, Pos::LineCol(l, c)) => (l, c),
        (None, Pos::Offset(o)) => (0, o),
    };
    let message = if line == 0 {
        format!("{label}: byte {col}: {problem}")
    } else {
        format!("{label}:{line}:{col}: {problem}")
    };
    let (src, span) = match snippet {
        Some(s) => (
            Some(miette::NamedSource::new(label, s.text)),
            Some(miette::SourceSpan::from((s.span_start, s.span_len))),
        ),
        None => (None, None),
    };
    // The error's own message names file, line and column; the related diagnostic shows the
    // snippet under the bare problem so the rendering does not repeat itself.
    let has_snippet = src.is_some();
    let diag = InputDiagnostic {
        message: if has_snippet {
            problem.to_owned()
        } else {
            message.clone()
        },
        src,
        span,
        label_text: "here".to_owned(),
        help: help.map(str::to_owned),
    };
    let mut err = Error::from_diagnostic(ErrorCode::InputError, miette::Report::new(diag));
    err.message = message;
    err
}

struct Snippet {
    text: String,
    span_start: usize,
    span_len: usize,
    line: u64,
    col: u64,
}

/// How many lines before the error the snippet shows.
const SNIPPET_CONTEXT: u64 = 2;
/// Longest line shown in a snippet, in bytes (a 10-million-character line is cut).
const SNIPPET_LINE_MAX: usize = 240;
/// Up to this line the snippet is padded so miette prints the file's own line numbers.
const SNIPPET_PAD_LINES: u64 = 200_000;

fn snippet(path: &Path, origin: &Origin, pos: Pos) -> io::Result<Option<Snippet>> {
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
    let mut r = BufReader::new(raw);
    let mut lines: std::collections::VecDeque<String> = std::collections::VecDeque::new();
    let mut raw_line = Vec::new();
    let mut line_no = 0u64;
    let mut offset = 0u64;
    loop {
        raw_line.clear();
        let n = r.read_until(b'\n', &mut raw_line)?;
        if n == 0 {
            return Ok(None);
        }
        line_no += 1;
        let (target, col) = match pos {
            Pos::LineCol(l, c) => (l == line_no, c),
            Pos::Offset(o) => {
                let hit = o < offset + n as u64;
                let within = usize::try_from(o.saturating_sub(offset)).unwrap_or(0);
                let col = String::from_utf8_lossy(&raw_line[..within.min(raw_line.len())])
                    .chars()
                    .count() as u64
                    + 1;
                (hit, col)
            }
        };
        offset += n as u64;
        let text = shown_line(&raw_line);
        if !target {
            lines.push_back(text);
            if lines.len() as u64 > SNIPPET_CONTEXT {
                lines.pop_front();
            }
            continue;
        }
        let first = line_no - lines.len() as u64;
        let mut out = String::new();
        if first <= SNIPPET_PAD_LINES {
            out.extend(std::iter::repeat_n(
                '\n',
                usize::try_from(first - 1).unwrap_or(0),
            ));
        }
        for l in &lines {
            out.push_str(l);
            out.push('\n');
        }
        let line_start = out.len();
        let col_byte = text
            .char_indices()
            .nth(usize::try_from(col.saturating_sub(1)).unwrap_or(0))
            .map_or(text.len(), |(i, _)| i);
        out.push_str(&text);
        out.push('\n');
        let span_len = text[col_byte..].chars().next().map_or(0, char::len_utf8);
        return Ok(Some(Snippet {
            text: out,
            span_start: line_start + col_byte,
            span_len,
            line: line_no,
            col: col.max(1),
        }));
    }
}

fn shown_line(raw: &[u8]) -> String {
    let raw = raw.strip_suffix(b"\n").unwrap_or(raw);
    let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
    let mut s = String::from_utf8_lossy(raw).into_owned();
    if s.len() > SNIPPET_LINE_MAX {
        let mut cut = SNIPPET_LINE_MAX;
        while !s.is_char_boundary(cut) {
            cut -= 1;
        }
        s.truncate(cut);
        s.push('…');
    }
    s.replace('\t', " ")
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
            Some(encoding_rs::WINDOWS_1252)
        );
        assert_eq!(xml_declared_encoding(b"<?xml version='1.0'?>"), None);
        assert_eq!(xml_declared_encoding(b"<rss encoding='latin1'/>"), None);
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
}
