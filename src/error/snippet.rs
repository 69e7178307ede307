//! The labelled source snippet under an error in any file feedlint reads: a feed
//! (`feed/source.rs` reopens it), a `feedlint.toml`, a baseline report, a GTIN request body.
//!
//! Responsible for cutting the snippet (docs/reading-bad-input.md) and carrying it, with the
//! message and the label, to miette: the error's line and up to [`SNIPPET_CONTEXT`] lines before
//! it, each at most [`SNIPPET_LINE_MAX`] bytes (a longer line is shown as a window starting a
//! quarter of that before the column, with `…` where it was cut), control characters shown as
//! their control pictures, and the gutter and header numbered as in the file. The text is read
//! line by line and only those lines are kept, so a file of any size gets a snippet of a few
//! hundred bytes. Not responsible for reopening or decoding a file, nor for the message.

use std::collections::VecDeque;
use std::io::{self, BufRead};
use std::ops::Range;

use miette::SourceSpan;

/// Longest line shown in a snippet, in bytes (a 10-million-character line is cut).
pub const SNIPPET_LINE_MAX: usize = 240;
/// How many lines before the error a snippet shows.
pub const SNIPPET_CONTEXT: usize = 2;

/// Where in a text an error is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Position {
    /// 0-based byte offset; one at or past the end of the text is after its last character.
    Offset(usize),
    /// 1-based line and 1-based column counted in bytes (as serde_json counts them).
    LineByte(usize, usize),
    /// 1-based line and 1-based column counted in characters (as the feed readers count them).
    LineChar(usize, usize),
}

/// What ends a line of the text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineEnds {
    /// `\n` (or `\r\n`) only, as serde_json and toml count lines.
    Lf,
    /// `\n`, `\r\n` or a lone `\r`, as the feed readers count lines (docs/feeds.md).
    Any,
}

/// An error at one place in a named source text.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
pub struct SourceDiagnostic {
    message: String,
    #[source_code]
    source_code: Option<SnippetSource>,
    #[label("{label}")]
    span: Option<SourceSpan>,
    label: String,
    #[help]
    help: Option<String>,
}

impl SourceDiagnostic {
    /// An error at `span` (bytes) of `text`, a file read whole (`name` heads the snippet).
    #[must_use]
    pub fn new(
        message: impl Into<String>,
        name: impl AsRef<str>,
        text: &str,
        span: Range<usize>,
        label: impl Into<String>,
    ) -> Self {
        let len = span.end.saturating_sub(span.start);
        Self::from_reader(
            message,
            name,
            text.as_bytes(),
            Position::Offset(span.start),
            len,
            label,
        )
    }

    /// An error at `at` in the text `reader` gives (lines ending at `\n`), `span_len` bytes long
    /// (0: the character there). Only the lines of the snippet are kept; a reader that fails
    /// gives no snippet.
    #[must_use]
    pub fn from_reader(
        message: impl Into<String>,
        name: impl AsRef<str>,
        reader: impl BufRead,
        at: Position,
        span_len: usize,
        label: impl Into<String>,
    ) -> Self {
        let cut = cut(reader, at, span_len, LineEnds::Lf).ok().flatten();
        Self::from_cut(message, name, cut, label)
    }

    /// An error with the snippet `cut` (none: the message alone).
    #[must_use]
    pub fn from_cut(
        message: impl Into<String>,
        name: impl AsRef<str>,
        cut: Option<Cut>,
        label: impl Into<String>,
    ) -> Self {
        let (source_code, span) = match cut {
            Some(cut) => (
                Some(SnippetSource {
                    name: name.as_ref().to_owned(),
                    text: cut.text,
                    first_line: cut.first_line,
                    column: cut.column,
                }),
                Some(SourceSpan::from(cut.span)),
            ),
            None => (None, None),
        };
        Self {
            message: message.into(),
            source_code,
            span,
            label: label.into(),
            help: None,
        }
    }

    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

/// The lines of a snippet as miette reads them, numbered as in the file: the gutter shows the
/// file's line numbers and the header the file's line and column (in characters), even where a
/// long line is shown as a window around the error.
#[derive(Debug)]
pub struct SnippetSource {
    name: String,
    text: String,
    /// 1-based line number in the file of the snippet's first line.
    first_line: usize,
    /// 1-based column, in characters, of the error in the file.
    column: usize,
}

impl miette::SourceCode for SnippetSource {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let inner = self
            .text
            .read_span(span, context_lines_before, context_lines_after)?;
        // Without context the span is the error itself: its column is the file's.
        let column = if context_lines_before == 0 {
            self.column.saturating_sub(1)
        } else {
            inner.column()
        };
        Ok(Box::new(miette::MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner
                .line()
                .saturating_add(self.first_line.saturating_sub(1)),
            column,
            inner.line_count(),
        )))
    }
}

/// The lines of a snippet, as cut from the text.
#[derive(Debug, PartialEq, Eq)]
pub struct Cut {
    /// The lines before the error's, then its line, each ending in `\n`.
    pub text: String,
    /// The error in `text`.
    pub span: Range<usize>,
    /// 1-based line number in the file of the first line.
    pub first_line: usize,
    /// 1-based line number in the file of the error.
    pub line: usize,
    /// 1-based column, in characters, of the error in the file.
    pub column: usize,
}

/// Where the error is in its line: a byte index or a 1-based character column.
enum Within {
    Byte(usize),
    Char(usize),
}

/// The snippet of the text `r` gives at `at`, `span_len` bytes from it (0: the character there).
/// `None` when `at` is past the end of the text: a line after the last one (by characters, also
/// the empty line after a final line end); an offset past the end is after the last character.
pub fn cut(
    mut r: impl BufRead,
    at: Position,
    span_len: usize,
    ends: LineEnds,
) -> io::Result<Option<Cut>> {
    let mut before: VecDeque<String> = VecDeque::new();
    let mut raw = Vec::new();
    let mut last = Vec::new();
    let mut line_no = 0usize;
    let mut offset = 0usize;
    let within = loop {
        std::mem::swap(&mut raw, &mut last);
        raw.clear();
        let n = read_line(&mut r, &mut raw, ends)?;
        if n == 0 {
            // A position at the very end (a truncated file) is after the last character: on the
            // last line, or on the empty line after it when the text ends with a line end.
            let at_end = match at {
                Position::Offset(o) => o >= offset,
                Position::LineByte(l, _) => l == line_no + 1,
                // The feed readers give a line past the end for an end of file they met in the
                // middle of something; the message says where, and no snippet is shown.
                Position::LineChar(..) => false,
            };
            if !at_end {
                return Ok(None);
            }
            if line_no > 0 && !ends_line(&last, ends) {
                before.pop_back();
                std::mem::swap(&mut raw, &mut last);
                break Within::Byte(line_content(&raw).len());
            }
            line_no += 1;
            break Within::Byte(0);
        }
        line_no += 1;
        match at {
            Position::Offset(o) if o < offset + n => break Within::Byte(o - offset),
            Position::LineByte(l, c) if l == line_no => break Within::Byte(c.saturating_sub(1)),
            Position::LineChar(l, c) if l == line_no => break Within::Char(c.max(1)),
            _ => {}
        }
        offset += n;
        before.push_back(shown_line(&raw, 1).0);
        if before.len() > SNIPPET_CONTEXT {
            before.pop_front();
        }
    };
    let content = line_content(&raw);
    let (column, span_chars) = match within {
        Within::Char(c) => (c, 1),
        Within::Byte(b) => {
            let b = floor_char_boundary(content, b.min(content.len()));
            let column = String::from_utf8_lossy(&content[..b]).chars().count() + 1;
            let span_chars = match span_len {
                0 => 1,
                len => {
                    let end = (b + len).min(content.len());
                    String::from_utf8_lossy(&content[b..end])
                        .chars()
                        .count()
                        .max(1)
                }
            };
            (column, span_chars)
        }
    };
    let (text, shown_col) = shown_line(&raw, column);
    let first_line = line_no - before.len();
    let mut out = String::new();
    for l in &before {
        out.push_str(l);
        out.push('\n');
    }
    let line_start = out.len();
    let start = text
        .char_indices()
        .nth(shown_col - 1)
        .map_or(text.len(), |(i, _)| i);
    // The span ends within the shown text, before a `…` that ends a cut line.
    let shown_end = text.strip_suffix('…').map_or(text.len(), str::len);
    let end = text[start..]
        .char_indices()
        .nth(span_chars)
        .map_or(text.len(), |(i, _)| start + i)
        .min(shown_end)
        .max(start);
    out.push_str(&text);
    out.push('\n');
    Ok(Some(Cut {
        text: out,
        span: line_start + start..line_start + end,
        first_line,
        line: line_no,
        column,
    }))
}

/// Appends the next line of `r` to `line`, with its line end; the number of bytes, 0 at the end.
fn read_line(r: &mut impl BufRead, line: &mut Vec<u8>, ends: LineEnds) -> io::Result<usize> {
    if ends == LineEnds::Lf {
        return r.read_until(b'\n', line);
    }
    let mut n = 0;
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Ok(n);
        }
        let Some(i) = memchr::memchr2(b'\n', b'\r', buf) else {
            line.extend_from_slice(buf);
            n += buf.len();
            let len = buf.len();
            r.consume(len);
            continue;
        };
        let cr = buf[i] == b'\r';
        line.extend_from_slice(&buf[..=i]);
        n += i + 1;
        r.consume(i + 1);
        if cr && r.fill_buf()?.first() == Some(&b'\n') {
            line.push(b'\n');
            n += 1;
            r.consume(1);
        }
        return Ok(n);
    }
}

/// Whether `raw`, a line as read, ends with a line end.
fn ends_line(raw: &[u8], ends: LineEnds) -> bool {
    match raw.last() {
        Some(b'\n') => true,
        Some(b'\r') => ends == LineEnds::Any,
        _ => false,
    }
}

/// A line without its line end.
fn line_content(raw: &[u8]) -> &[u8] {
    let raw = raw.strip_suffix(b"\n").unwrap_or(raw);
    raw.strip_suffix(b"\r").unwrap_or(raw)
}

/// The largest index at most `i` that does not fall inside a UTF-8 sequence of `b`.
fn floor_char_boundary(b: &[u8], mut i: usize) -> usize {
    while i > 0 && i < b.len() && (b[i] & 0xC0) == 0x80 {
        i -= 1;
    }
    i
}

/// A character of a file as a snippet shows it: a tab as a space, any other control character
/// as its Unicode control picture (ESC as `␛`, DEL as `␡`; C1 as `�`). The file's text then
/// cannot act on the terminal (clear it, retitle it, colour what follows), and each character
/// still takes one column, so the caret stays under the error.
fn shown_char(c: char) -> char {
    match c {
        '\t' => ' ',
        '\u{0}'..='\u{1f}' => char::from_u32(0x2400 + u32::from(c)).unwrap_or('\u{fffd}'),
        '\u{7f}' => '\u{2421}',
        c if c.is_control() => '\u{fffd}',
        c => c,
    }
}

/// A line as a snippet shows it, and the 1-based character column `col` within the shown text:
/// a line longer than [`SNIPPET_LINE_MAX`] bytes is cut to a window of about that size starting
/// a quarter of it before `col`, with `…` where text was left out.
fn shown_line(raw: &[u8], col: usize) -> (String, usize) {
    let s: String = String::from_utf8_lossy(line_content(raw))
        .chars()
        .map(shown_char)
        .collect();
    if s.len() <= SNIPPET_LINE_MAX {
        return (s, col);
    }
    // Start the window a quarter of its size before the error, on a character boundary.
    let col_byte = s
        .char_indices()
        .nth(col.saturating_sub(1))
        .map_or(s.len(), |(i, _)| i);
    let mut start = col_byte.saturating_sub(SNIPPET_LINE_MAX / 4);
    while !s.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (start + SNIPPET_LINE_MAX).min(s.len());
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    let mut out = String::with_capacity(end - start + 8);
    let mut shown_col = col - s[..start].chars().count();
    if start > 0 {
        out.push('…');
        shown_col += 1;
    }
    out.push_str(&s[start..end]);
    if end < s.len() {
        out.push('…');
    }
    (out, shown_col)
}

/// 1-based line and column (in characters) of a byte offset.
#[must_use]
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

/// serde_json's message for `e` without the ` at line L column C` it ends with: for a message
/// that says where already (`file:line:col: ...`).
#[must_use]
pub fn without_position(e: &serde_json::Error) -> String {
    let text = e.to_string();
    match text.rfind(" at line ") {
        Some(i) if e.line() > 0 => text[..i].to_owned(),
        _ => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_column_is_one_based() {
        assert_eq!(line_column("ab\ncd", 0), (1, 1));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("ab", 99), (1, 3));
    }

    type Shown = (String, Range<usize>, usize, usize);

    fn at_ends(text: &str, pos: Position, len: usize, ends: LineEnds) -> Shown {
        let cut = cut(text.as_bytes(), pos, len, ends)
            .ok()
            .flatten()
            .unwrap_or_else(|| panic!("no snippet at {pos:?}"));
        (cut.text, cut.span, cut.first_line, cut.column)
    }

    fn at(text: &str, pos: Position, len: usize) -> Shown {
        at_ends(text, pos, len, LineEnds::Lf)
    }

    #[test]
    fn a_snippet_is_the_line_and_two_before_numbered_as_in_the_file() {
        let text = "a = 1\nb = 2\nc = 3\nselcet = []\nd = 4\n";
        let (shown, span, first, col) = at(text, Position::Offset(18), 6);
        assert_eq!(shown, "b = 2\nc = 3\nselcet = []\n");
        assert_eq!(&shown[span], "selcet");
        assert_eq!((first, col), (2, 1));
        let (shown, span, first, col) = at(text, Position::LineByte(4, 8), 0);
        assert_eq!(&shown[span], "=");
        assert_eq!((first, col), (2, 8));
    }

    /// Feeds end lines at a lone `\r` too; serde_json and toml do not.
    #[test]
    fn a_lone_cr_ends_a_line_only_where_the_reader_says_so() {
        let text = "a\rb\rc\n";
        let (shown, span, first, col) = at_ends(text, Position::Offset(2), 0, LineEnds::Any);
        assert_eq!((shown.as_str(), &shown[span]), ("a\nb\n", "b"));
        assert_eq!((first, col), (1, 1));
        let (shown, span, _, col) = at_ends(text, Position::LineChar(3, 1), 0, LineEnds::Any);
        assert_eq!((&shown[span], col), ("c", 1));
        let (shown, span, _, col) = at(text, Position::Offset(2), 0);
        assert_eq!(
            (shown.as_str(), &shown[span], col),
            ("a\u{240d}b\u{240d}c\n", "b", 3)
        );
    }

    #[test]
    fn a_long_line_is_shown_as_a_window_around_the_error() {
        let line = format!("[{}2]", "1,".repeat(524_000));
        let (shown, span, first, col) = at(&line, Position::LineByte(1, 600_001), 0);
        assert!(shown.len() < SNIPPET_LINE_MAX + 16, "{} bytes", shown.len());
        assert!(shown.starts_with('…') && shown.ends_with("…\n"));
        assert_eq!(&shown[span], ",");
        assert_eq!((first, col), (1, 600_001));
        // The lines before are cut too.
        let text = format!("{line}\n{line}\nx");
        let (shown, span, _, _) = at(&text, Position::LineByte(3, 1), 0);
        assert!(shown.len() < 3 * (SNIPPET_LINE_MAX + 16));
        assert_eq!(&shown[span], "x");
    }

    #[test]
    fn a_short_line_is_shown_whole_and_a_long_one_as_a_window_around_the_column() {
        assert_eq!(shown_line(b"a\tb\r\n", 3), ("a b".to_owned(), 3));
        let long = format!("{}X{}", "é".repeat(500), "y".repeat(500));
        let (text, col) = shown_line(long.as_bytes(), 501);
        assert!(
            text.len() <= SNIPPET_LINE_MAX + 2 * '…'.len_utf8(),
            "{}",
            text.len()
        );
        assert!(text.starts_with('…') && text.ends_with('…'));
        assert_eq!(text.chars().nth(col - 1), Some('X'));
        // Near the start no window is needed before the column.
        let (text, col) = shown_line(long.as_bytes(), 2);
        assert_eq!((text.chars().next(), col), (Some('é'), 2));
        // A column past the end of the line stays past the end of the shown text.
        let (text, col) = shown_line(long.as_bytes(), 5000);
        assert!(col > text.chars().count() - 1);
    }

    #[test]
    fn control_characters_are_shown_as_pictures() {
        let (shown, span, _, col) = at("a\u{1b}[31m\tb", Position::Offset(7), 0);
        assert_eq!(shown, "a\u{241b}[31m b\n");
        assert_eq!(&shown[span], "b");
        assert_eq!(col, 8);
    }

    /// A snippet shows control characters as pictures, one column each: nothing of the file acts
    /// on the terminal, and the error keeps its column.
    #[test]
    fn control_characters_are_shown_as_pictures_in_their_column() {
        assert_eq!(
            shown_line(b"<id>A\x1b[2J\x07\x7f</id>\r\n", 6),
            ("<id>A\u{241b}[2J\u{2407}\u{2421}</id>".to_owned(), 6)
        );
        assert_eq!(shown_line("x\u{9b}y".as_bytes(), 2).0, "x\u{fffd}y");
        assert!(
            !shown_line(b"a\x1b\x00\x1fb", 1)
                .0
                .chars()
                .any(char::is_control)
        );
    }

    #[test]
    fn an_offset_at_the_end_is_after_the_last_character() {
        let (shown, span, first, col) = at("[1,\n", Position::Offset(4), 0);
        assert_eq!(shown, "[1,\n\n");
        assert_eq!(span, 4..4);
        assert_eq!((first, col), (1, 1));
        let (shown, span, first, col) = at("[1,\n", Position::LineByte(2, 1), 0);
        assert_eq!((shown.as_str(), span, first, col), ("[1,\n\n", 4..4, 1, 1));
        // Without a final line end, the end is after the last line's last character.
        let (shown, span, first, col) = at("a\n[1,", Position::Offset(5), 0);
        assert_eq!((shown.as_str(), span, first, col), ("a\n[1,\n", 5..5, 1, 4));
        // An offset past the end (a file that changed since it was read) is at the end too.
        let (shown, span, _, col) = at("ab", Position::Offset(9), 0);
        assert_eq!((shown.as_str(), span, col), ("ab\n", 2..2, 3));
        assert!(
            cut(
                "[1,\n".as_bytes(),
                Position::LineChar(2, 1),
                0,
                LineEnds::Any
            )
            .ok()
            .flatten()
            .is_none()
        );
        assert!(
            cut("ab".as_bytes(), Position::LineByte(3, 1), 0, LineEnds::Lf)
                .ok()
                .flatten()
                .is_none()
        );
    }

    #[test]
    fn a_column_inside_a_character_moves_to_its_start() {
        let (shown, span, _, col) = at("é!", Position::LineByte(1, 2), 0);
        assert_eq!(&shown[span], "é");
        assert_eq!(col, 1);
    }

    #[test]
    fn snippet_source_reports_the_files_line_and_character_column() {
        use miette::SourceCode;
        let src = SnippetSource {
            name: "f.xml".into(),
            text: "ab\n…éX\n".into(),
            first_line: 41,
            column: 700,
        };
        let x = "ab\n…é".len();
        let span = miette::SourceSpan::from((x, 1));
        let at = src.read_span(&span, 0, 0).unwrap();
        // 0-based: the text's second line is the file's line 42.
        assert_eq!((at.line(), at.column()), (41, 699));
        let around = src.read_span(&span, 2, 2).unwrap();
        assert_eq!(around.line(), 40);
    }
}
