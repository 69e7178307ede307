//! The width the human-readable tables are laid out to, and laying a table out to it.
//!
//! Responsible for deciding how wide a table may be (`COLUMNS`, the terminal) and for fitting a
//! comfy-table to that width: the free-text columns (a problem, a recommendation, a title) wrap,
//! the key columns (ids, lines, scores, GTINs) stay on one line. Not responsible for what the
//! tables hold (each report's emitter) or for colour ([`super::style_table`]).

use comfy_table::{ColumnConstraint, ContentArrangement, Table, Width};

/// The width tables may take: `columns` (the `COLUMNS` environment variable) when it is a
/// positive integer, the common convention (capped at `u16::MAX`); otherwise `terminal`, the
/// width of the terminal stdout is, if it is one and its width is known; otherwise `None`: no
/// limit, each column as wide as its longest cell (a pipe or a file).
#[must_use]
pub fn decide(columns: Option<&str>, terminal: Option<u16>) -> Option<u16> {
    let from_env = columns
        .and_then(|c| c.trim().parse::<u64>().ok())
        .filter(|&c| c > 0)
        .map(|c| u16::try_from(c).unwrap_or(u16::MAX));
    from_env.or(terminal.filter(|&t| t > 0))
}

/// [`decide`] for this process: `COLUMNS`, then the terminal's width when `stdout_is_terminal`.
#[must_use]
pub fn available(stdout_is_terminal: bool) -> Option<u16> {
    let columns = std::env::var("COLUMNS").ok();
    let terminal = if stdout_is_terminal {
        crossterm::terminal::size().ok().map(|(w, _)| w)
    } else {
        None
    };
    decide(columns.as_deref(), terminal)
}

/// `line`, a line of text shown under a table, wrapped to `width` at spaces (as it is without a
/// width). A line of two columns, `  label  text`, hangs its wrapped text under its second
/// column, so the labels stay readable; a word longer than the width is left whole.
#[must_use]
pub fn wrap_line(line: &str, width: Option<u16>) -> Vec<std::borrow::Cow<'_, str>> {
    let Some(width) = width else {
        return vec![std::borrow::Cow::Borrowed(line)];
    };
    // At most half the width, so that a narrow terminal still has room for the text.
    let hang = " ".repeat(second_column(line).min(usize::from(width) / 2));
    let options = textwrap::Options::new(usize::from(width))
        .subsequent_indent(&hang)
        .break_words(false);
    textwrap::wrap(line, options)
}

/// Where the second column of `  label  text` starts: after the first run of two or more spaces
/// that follows the leading ones; 0 for a line of one column.
fn second_column(line: &str) -> usize {
    let lead = line.len() - line.trim_start_matches(' ').len();
    let rest = &line[lead..];
    match rest.find("  ") {
        Some(gap) => {
            let after = &rest[gap..];
            lead + gap + (after.len() - after.trim_start_matches(' ').len())
        }
        None => 0,
    }
}

/// Lays `table` out to `width`, its rows and header already added. Without a width, or when
/// the table fits, it is left as it is. Otherwise each column gets a width of its own
/// ([`widths`]): the columns of `keep` (ids, lines, numbers) at least their widest cell, up to
/// [`KEY_COLUMN_MAX`], so that a key is never broken (a header may wrap); the other, free-text
/// columns at least [`FREE_TEXT_MIN`] (or their widest content, if narrower), wrapping at
/// spaces. When even that is too wide (say `COLUMNS=20`), the table is wider than `width` and
/// the terminal wraps it, but every cell is shown whole.
pub fn fit(table: &mut Table, width: Option<u16>, keep: &[usize]) {
    let Some(width) = width else {
        return;
    };
    let natural = table.column_max_content_widths();
    // The widths of the cells alone, without the header.
    let mut cells = Table::new();
    for row in table.row_iter() {
        cells.add_row(row.clone());
    }
    let widest_cell = cells.column_max_content_widths();
    // The longest word of each header (headers are ASCII).
    let header_word: Vec<u16> = table.header().map_or_else(Vec::new, |h| {
        h.cell_iter()
            .map(|c| {
                let longest = c.content().split_whitespace().map(str::len).max();
                u16::try_from(longest.unwrap_or(0)).unwrap_or(u16::MAX)
            })
            .collect()
    });
    let columns: Vec<Column> = natural
        .iter()
        .enumerate()
        .map(|(i, &natural)| {
            let least = if keep.contains(&i) {
                widest_cell.get(i).copied().unwrap_or(0).min(KEY_COLUMN_MAX)
            } else {
                natural.min(FREE_TEXT_MIN)
            };
            Column {
                natural,
                least,
                header_word: header_word.get(i).copied().unwrap_or(0).min(natural),
                key: keep.contains(&i),
            }
        })
        .collect();
    let padding: usize = table
        .column_iter()
        .map(|c| usize::from(c.padding_width()))
        .sum();
    let room = usize::from(width).saturating_sub(borders(table, columns.len()) + padding);
    let Some(widths) = widths(&columns, room) else {
        return;
    };
    table
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(width);
    for (column, w) in table.column_iter_mut().zip(widths) {
        let padded = w.saturating_add(column.padding_width());
        column.set_constraint(ColumnConstraint::Absolute(Width::Fixed(padded)));
    }
}

/// The narrowest a free-text column is made ([`fit`]).
pub const FREE_TEXT_MIN: u16 = 10;

/// One column as [`widths`] sees it: its widest content (the header included), the least it
/// may be given, its header's longest word, whether it is a key column.
#[derive(Debug, Clone, Copy)]
struct Column {
    natural: u16,
    least: u16,
    header_word: u16,
    key: bool,
}

/// A phase of [`widths`]: the key columns or the free text, grown up to what.
type Phase = (bool, fn(&Column) -> u16);

/// The content width of each column in `room` characters, or `None` when the columns fit as
/// they are. Each column gets its least; what is left is handed out one character at a time,
/// the narrowest column first: to the key columns up to their header's longest word (a header
/// breaks only at its spaces), then to the free-text columns up to their widest content, then
/// to the key columns up to theirs (the header on one line).
fn widths(columns: &[Column], room: usize) -> Option<Vec<u16>> {
    let natural: usize = columns.iter().map(|c| usize::from(c.natural)).sum();
    if natural <= room {
        return None;
    }
    let mut widths: Vec<u16> = columns.iter().map(|c| c.least).collect();
    let least: usize = widths.iter().map(|&w| usize::from(w)).sum();
    let mut spare = room.saturating_sub(least);
    let phases: [Phase; 3] = [
        (true, |c| c.header_word),
        (false, |c| c.natural),
        (true, |c| c.natural),
    ];
    for (key, up_to) in phases {
        while spare > 0 {
            // The narrowest column of this phase that can still grow.
            let Some((i, _)) = columns
                .iter()
                .zip(&widths)
                .enumerate()
                .filter(|(_, (c, w))| c.key == key && **w < up_to(c))
                .min_by_key(|(_, (_, w))| **w)
            else {
                break;
            };
            widths[i] += 1;
            spare -= 1;
        }
    }
    Some(widths)
}

/// The characters a table's borders take on each line: the outer borders and the lines between
/// its `columns` columns, those its preset draws (as comfy-table decides it: a border is drawn
/// when any of its parts has a character).
fn borders(table: &mut Table, columns: usize) -> usize {
    use comfy_table::TableComponent::{
        BottomBorderIntersections, BottomLeftCorner, BottomRightCorner, LeftBorder,
        LeftBorderIntersections, LeftHeaderIntersection, MiddleHeaderIntersections,
        MiddleIntersections, RightBorder, RightBorderIntersections, RightHeaderIntersection,
        TopBorderIntersections, TopLeftCorner, TopRightCorner, VerticalLines,
    };
    let mut drawn = |parts: &[comfy_table::TableComponent]| {
        parts.iter().any(|&part| table.style(part).is_some())
    };
    let left = drawn(&[
        TopLeftCorner,
        LeftBorder,
        LeftBorderIntersections,
        LeftHeaderIntersection,
        BottomLeftCorner,
    ]);
    let right = drawn(&[
        TopRightCorner,
        RightBorder,
        RightBorderIntersections,
        RightHeaderIntersection,
        BottomRightCorner,
    ]);
    let between = drawn(&[
        TopBorderIntersections,
        MiddleHeaderIntersections,
        VerticalLines,
        MiddleIntersections,
        BottomBorderIntersections,
    ]);
    usize::from(left)
        + usize::from(right)
        + if between {
            columns.saturating_sub(1)
        } else {
            0
        }
}

/// [`fit`] for a table that is laid out to at most `most` columns (the `gtin` and `voice`
/// tables, whose free text reads badly in long lines): to the available width when it is
/// narrower, to `most` when there is none (a pipe), as these tables always were.
pub fn fit_at_most(table: &mut Table, width: Option<u16>, most: u16, keep: &[usize]) {
    match width {
        Some(width) => fit(table, Some(width.min(most)), keep),
        None => {
            table
                .set_content_arrangement(ContentArrangement::Dynamic)
                .set_width(most);
        }
    }
}

/// The widest the `gtin` and `voice` tables are laid out to ([`fit_at_most`]).
pub const READABLE_MAX: u16 = 120;

/// The widest a key column is kept whole: longer ids (GMC allows 50 characters) may wrap.
pub const KEY_COLUMN_MAX: u16 = 50;

#[cfg(test)]
mod wrap_tests {
    use super::*;

    #[test]
    fn a_line_wraps_under_its_second_column_and_keeps_every_word() {
        let line = "  Product validations   0.08 (first 10,000), 0.06 (to 50,000), 0.02 after";
        assert_eq!(wrap_line(line, None), [line]);
        assert_eq!(wrap_line(line, Some(200)), [line]);
        let wrapped = wrap_line(line, Some(50));
        assert_eq!(
            wrapped,
            [
                "  Product validations   0.08 (first 10,000), 0.06",
                "                        (to 50,000), 0.02 after",
            ]
        );
        let words = |text: &str| {
            text.split_whitespace()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        assert_eq!(words(&wrapped.join(" ")), words(line));
        // One column: no hang. Narrower than a word: the word is whole.
        assert_eq!(
            wrap_line("Production keys are billed by volume:", Some(20)),
            ["Production keys are", "billed by volume:"]
        );
        for width in 1..=12 {
            let wrapped = wrap_line(line, Some(width));
            assert_eq!(words(&wrapped.join(" ")), words(line), "{width}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_wins_when_it_is_a_positive_integer() {
        assert_eq!(decide(Some("80"), Some(200)), Some(80));
        assert_eq!(decide(Some(" 50 "), None), Some(50));
        assert_eq!(decide(Some("1"), None), Some(1));
        assert_eq!(decide(Some("99999999"), None), Some(u16::MAX));
    }

    #[test]
    fn a_columns_that_is_not_a_positive_integer_is_ignored() {
        for bad in ["", "0", "-80", "80x", "wide", "8.5"] {
            assert_eq!(decide(Some(bad), Some(120)), Some(120), "{bad:?}");
            assert_eq!(decide(Some(bad), None), None, "{bad:?}");
        }
    }

    #[test]
    fn the_terminal_width_then_no_limit() {
        assert_eq!(decide(None, Some(132)), Some(132));
        assert_eq!(decide(None, Some(0)), None);
        assert_eq!(decide(None, None), None);
    }

    fn table(rows: &[[&str; 3]]) -> Table {
        let mut t = Table::new();
        t.load_preset(comfy_table::presets::UTF8_FULL_CONDENSED)
            .set_header(["id", "line", "message"]);
        for r in rows {
            t.add_row(*r);
        }
        t
    }

    const LONG: &str = "a long message that has to wrap over several lines of a narrow table";

    #[test]
    fn without_a_width_the_table_is_untouched() {
        let mut t = table(&[["SKU-1", "12", LONG]]);
        let before = t.to_string();
        fit(&mut t, None, &[0, 1]);
        assert_eq!(t.to_string(), before);
    }

    #[test]
    fn the_free_text_wraps_and_the_keys_stay_whole() {
        let mut t = table(&[["SKU-000001", "12345", LONG]]);
        fit(&mut t, Some(40), &[0, 1]);
        let text = t.to_string();
        for line in text.lines() {
            assert!(line.chars().count() <= 40, "{line:?} in\n{text}");
        }
        assert!(text.contains("SKU-000001"), "{text}");
        assert!(text.contains("12345"), "{text}");
        let words: Vec<&str> = text
            .lines()
            .filter_map(|l| l.split('┆').nth(2))
            .flat_map(str::split_whitespace)
            .filter(|w| *w != "│")
            .collect();
        assert_eq!(words.join(" "), format!("message {LONG}"));
    }

    #[test]
    fn a_width_too_narrow_for_the_keys_keeps_every_cell() {
        let mut t = table(&[["SKU-000001", "12345", LONG]]);
        fit(&mut t, Some(5), &[0, 1]);
        let text = t.to_string();
        assert!(text.contains("SKU-000001"), "{text}");
        assert!(text.contains("12345"), "{text}");
        let letters: String = text
            .lines()
            .filter_map(|l| l.split('┆').nth(2))
            .flat_map(|c| c.chars().filter(char::is_ascii_alphabetic))
            .collect();
        assert_eq!(letters, format!("message{}", LONG.replace(' ', "")));
    }

    fn column(natural: u16, least: u16, header_word: u16, key: bool) -> Column {
        Column {
            natural,
            least,
            header_word,
            key,
        }
    }

    /// Keys get their header's longest word first, then the free text its content, then the
    /// keys their whole header; nothing goes below its least, even with no room at all.
    #[test]
    fn the_room_goes_to_header_words_then_free_text_then_headers() {
        // An id (cells 6 wide, header "Product id"), a message (40), a number (3, "Score").
        let cols = [
            column(10, 6, 7, true),
            column(40, 10, 7, false),
            column(5, 3, 5, true),
        ];
        assert_eq!(widths(&cols, 55), None);
        assert_eq!(widths(&cols, 54), Some(vec![9, 40, 5]));
        assert_eq!(widths(&cols, 30), Some(vec![7, 18, 5]));
        assert_eq!(widths(&cols, 20), Some(vec![6, 10, 4]));
        assert_eq!(widths(&cols, 0), Some(vec![6, 10, 3]));
    }

    #[test]
    fn a_fitting_table_is_as_without_a_width() {
        let mut wide = table(&[["SKU-1", "12", "short"]]);
        let before = wide.to_string();
        fit(&mut wide, Some(200), &[0, 1]);
        assert_eq!(wide.to_string(), before);
    }
}
