//! A labelled source snippet for errors in files feedlint reads besides feeds (`feedlint.toml`,
//! baseline reports). Responsible for carrying the message, the snippet and the label to miette,
//! and for cutting the snippet the way feed snippets are cut (`feed/source.rs`): the error's line
//! and up to [`SNIPPET_CONTEXT`] lines before it, each at most [`SNIPPET_LINE_MAX`] bytes (a
//! longer line is shown as a window around the error, with `…` where it was cut), control
//! characters shown as their control pictures, and the gutter numbered as in the file. The text
//! is read line by line and only those lines are kept, so a file of any size gets a snippet of a
//! few hundred bytes.

use std::io::{self, BufRead};
use std::ops::Range;

use miette::SourceSpan;

/// Longest line shown in a snippet, in bytes; the same window as feed snippets
/// (docs/reading-bad-input.md).
pub const SNIPPET_LINE_MAX: usize = 240;
/// How many lines before the error a snippet shows.
pub const SNIPPET_CONTEXT: usize = 2;

/// Where in a text an error is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Position {
    /// 0-based byte offset.
    Offset(usize),
    /// 1-based line and 1-based column counted in bytes (as serde_json counts them).
    LineByte(usize, usize),
}

/// An error at one place in a named source text.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
pub struct SourceDiagnostic {
    message: String,
    #[source_code]
    source_code: Option<Snippet>,
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

    /// An error at `at` in the text `reader` gives, `span_len` bytes long (0: the character
    /// there). Only the lines of the snippet are kept; a reader that fails gives no snippet.
    #[must_use]
    pub fn from_reader(
        message: impl Into<String>,
        name: impl AsRef<str>,
        reader: impl BufRead,
        at: Position,
        span_len: usize,
        label: impl Into<String>,
    ) -> Self {
        let (source_code, span) = match snippet(reader, at, span_len).ok().flatten() {
            Some(cut) => (
                Some(Snippet {
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

/// The lines of a snippet as miette reads them, numbered as in the file, with the file's column
/// (in characters) in the header even where the line is shown as a window.
#[derive(Debug)]
pub struct Snippet {
    name: String,
    text: String,
    /// 1-based line number in the file of the snippet's first line.
    first_line: usize,
    /// 1-based column, in characters, of the error in the file.
    column: usize,
}

impl miette::SourceCode for Snippet {
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
struct Cut {
    /// The lines before the error's, then its line, each ending in `\n`.
    text: String,
    /// The error in `text`.
    span: Range<usize>,
    /// 1-based line number in the file of the first line.
    first_line: usize,
    /// 1-based column, in characters, of the error in the file.
    column: usize,
}

/// The snippet of the line at `at` (`span_len` bytes from it). `None` when `at` is past the end
/// of the text.
fn snippet(mut r: impl BufRead, at: Position, span_len: usize) -> io::Result<Option<Cut>> {
    let mut before: std::collections::VecDeque<String> = std::collections::VecDeque::new();
    let mut raw = Vec::new();
    let mut last = Vec::new();
    let mut line_no = 0usize;
    let mut offset = 0usize;
    let within = loop {
        std::mem::swap(&mut raw, &mut last);
        raw.clear();
        let n = r.read_until(b'\n', &mut raw)?;
        if n == 0 {
            // A position at the very end (a truncated file) is after the last character: on the
            // last line, or on the empty line after it when the text ends with a line end.
            let at_end = match at {
                Position::Offset(o) => o == offset,
                Position::LineByte(l, _) => l == line_no + 1,
            };
            if !at_end {
                return Ok(None);
            }
            if line_no > 0 && last.last() != Some(&b'\n') {
                before.pop_back();
                std::mem::swap(&mut raw, &mut last);
                break line_content(&raw).len();
            }
            line_no += 1;
            break 0;
        }
        line_no += 1;
        match at {
            Position::Offset(o) if o < offset + n => break o - offset,
            Position::LineByte(l, c) if l == line_no => break c.saturating_sub(1),
            _ => {}
        }
        offset += n;
        before.push_back(shown_line(&raw, 1).0);
        if before.len() > SNIPPET_CONTEXT {
            before.pop_front();
        }
    };
    let content = line_content(&raw);
    let within = floor_char_boundary(content, within.min(content.len()));
    let column = String::from_utf8_lossy(&content[..within]).chars().count() + 1;
    let span_chars = match span_len {
        0 => 1,
        len => {
            let end = (within + len).min(content.len());
            String::from_utf8_lossy(&content[within..end])
                .chars()
                .count()
                .max(1)
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
    let mut chars = text.char_indices().skip(shown_col - 1);
    let start = chars.next().map_or(text.len(), |(i, _)| i);
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
        column,
    }))
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
/// as its Unicode control picture (ESC as `␛`, DEL as `␡`; C1 as `�`), so the file's text cannot
/// act on the terminal and each character still takes one column.
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

    fn at(text: &str, pos: Position, len: usize) -> Shown {
        let cut = snippet(text.as_bytes(), pos, len)
            .ok()
            .flatten()
            .unwrap_or_else(|| panic!("no snippet at {pos:?}"));
        (cut.text, cut.span, cut.first_line, cut.column)
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
    fn control_characters_are_shown_as_pictures() {
        let (shown, span, _, col) = at("a\u{1b}[31m\tb", Position::Offset(7), 0);
        assert_eq!(shown, "a\u{241b}[31m b\n");
        assert_eq!(&shown[span], "b");
        assert_eq!(col, 8);
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
        assert!(
            snippet("ab".as_bytes(), Position::Offset(9), 0)
                .ok()
                .flatten()
                .is_none()
        );
        assert!(
            snippet("ab".as_bytes(), Position::LineByte(3, 1), 0)
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
}
