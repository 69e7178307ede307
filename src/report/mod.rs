//! Report emitters: one per output format, each writing to a writer it is handed.
//!
//! Responsible for turning results into bytes. Not responsible for computing results.

pub mod batch;
pub mod ci;
pub mod github;
pub mod gitlab;
pub mod gtin;
pub mod junit;
pub mod product_json;
pub mod revenue;
pub(crate) mod rounding;
pub mod sarif;
pub mod statistics;
pub mod validate;
pub mod width;

use clap::ValueEnum;

/// The finding that heads a product's report where one is shown for all (the `validate` table's
/// "most important problem", the JUnit failure's message): the most severe, a compliance finding
/// before a performance one of the same severity (what GMC disapproves first), then the first in
/// report order.
#[must_use]
pub fn headline(findings: &[crate::model::Finding]) -> Option<&crate::model::Finding> {
    findings
        .iter()
        .enumerate()
        .max_by_key(|(i, f)| {
            (
                f.severity,
                f.kind == crate::model::RuleKind::Compliance,
                std::cmp::Reverse(*i),
            )
        })
        .map(|(_, f)| f)
}

/// Prefixes a text cell that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, and the
/// tab and carriage return OWASP lists) with `'`, so it is shown as text. Every CSV report's text
/// cells go through it.
#[must_use]
pub fn guard_cell(text: &str) -> std::borrow::Cow<'_, str> {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        std::borrow::Cow::Owned(format!("'{text}"))
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// `text` cut to at most `max` characters for a table cell, the cut marked with `…`. Tables
/// shorten what a feed can make arbitrarily long: comfy-table's wrapping takes time quadratic
/// in a cell's length (a 100,000-character GTIN took 4 s).
#[must_use]
pub fn shorten(text: &str, max: usize) -> std::borrow::Cow<'_, str> {
    if text.char_indices().nth(max).is_none() {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut s: String = text.chars().take(max.saturating_sub(1)).collect();
    s.push('…');
    std::borrow::Cow::Owned(s)
}

/// The line that ends a table an input error stopped after `checked` products (none when no
/// product was checked): the error itself goes to stderr.
pub fn write_stopped(out: &mut dyn std::io::Write, checked: u64) -> std::io::Result<()> {
    if checked > 0 {
        writeln!(
            out,
            "{} checked before an error stopped the run (on stderr): no summary",
            crate::model::text::count(checked, "product")
        )?;
    }
    out.flush()
}

/// A CSV writer's error as an I/O error: its own I/O error when it has one (so that a closed pipe
/// stays recognisable as one), otherwise the CSV error wrapped.
#[must_use]
pub fn csv_to_io(e: csv::Error) -> std::io::Error {
    if !e.is_io_error() {
        return std::io::Error::other(e);
    }
    match e.into_kind() {
        csv::ErrorKind::Io(io) => io,
        kind => std::io::Error::other(format!("{kind:?}")),
    }
}

/// Rows per block of a streamed table (validate, batch, voice analyze): tables are written in
/// blocks so memory does not grow with the feed.
pub const TABLE_BLOCK: usize = 1000;

/// A priority (`critical`, `high`, `medium`, `low`) as a table cell, coloured when `color`
/// (`--color`, `NO_COLOR`, a terminal): critical red, high yellow, medium cyan, low green, as
/// the severities of findings read at a glance in ruff's and cargo-deny's output.
#[must_use]
pub fn priority_cell(priority: &str, color: bool) -> comfy_table::Cell {
    use comfy_table::{Attribute, Cell, Color};
    let cell = Cell::new(priority);
    if !color {
        return cell;
    }
    match priority {
        "critical" => cell.fg(Color::Red).add_attribute(Attribute::Bold),
        "high" => cell.fg(Color::Yellow),
        "medium" => cell.fg(Color::Cyan),
        "low" => cell.fg(Color::Green),
        _ => cell,
    }
}

/// Makes `table` write the cells' colours exactly when `color`, whatever stdout is (the caller
/// has weighed `--color`, `NO_COLOR` and the terminal).
pub fn style_table(table: &mut comfy_table::Table, color: bool) {
    if color {
        // crossterm drops colours under NO_COLOR by itself; `--color always` overrides it.
        crossterm::style::force_color_output(true);
        table.enforce_styling();
    } else {
        table.force_no_tty();
    }
}

/// Every output format feedlint can write. A command rejects a format it has no emitter for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Human-readable tables (default).
    Table,
    /// The documented v2 JSON response shape.
    Json,
    /// One JSON object per line (`validate`: one product result per line).
    Ndjson,
    /// Comma-separated values for spreadsheets (`validate`: one row per violation; `revenue`:
    /// one row per product).
    Csv,
    /// JUnit XML: one test case per product (GitLab, Jenkins, Azure).
    Junit,
    /// SARIF 2.1.0 for GitHub code scanning.
    Sarif,
    /// GitHub Actions workflow commands (annotations).
    Github,
    /// GitLab Code Quality JSON.
    Gitlab,
}

impl OutputFormat {
    /// The format a report file's extension names, in any case: `.json`, `.ndjson` / `.jsonl`,
    /// `.csv`, `.sarif`, and `.xml` for JUnit; `None` for any other (a table is for a terminal,
    /// GitHub annotations for a log, GitLab's JSON is told from plain JSON only by `--format`).
    #[must_use]
    pub fn from_extension(path: &std::path::Path) -> Option<Self> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Some(match ext.as_str() {
            "json" => Self::Json,
            "ndjson" | "jsonl" => Self::Ndjson,
            "csv" => Self::Csv,
            "sarif" => Self::Sarif,
            "xml" => Self::Junit,
            _ => return None,
        })
    }

    /// Refuses a format the command has no emitter for, naming the ones it has.
    pub fn ensure_one_of(
        self,
        command: &str,
        supported: &[OutputFormat],
    ) -> Result<(), crate::error::Error> {
        if supported.contains(&self) {
            return Ok(());
        }
        let names: Vec<&str> = supported.iter().map(|f| f.name()).collect();
        Err(crate::error::Error::usage(format!(
            "`{command}` cannot write --format {}; it supports {}",
            self.name(),
            names.join(", ")
        )))
    }

    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Table => "table",
            Self::Json => "json",
            Self::Ndjson => "ndjson",
            Self::Csv => "csv",
            Self::Junit => "junit",
            Self::Sarif => "sarif",
            Self::Github => "github",
            Self::Gitlab => "gitlab",
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn shorten_cuts_at_characters_not_bytes() {
        assert_eq!(super::shorten("abc", 3), "abc");
        assert_eq!(super::shorten("abcd", 3), "ab…");
        assert_eq!(super::shorten("ééééé", 4), "ééé…");
        assert_eq!(super::shorten("", 0), "");
    }

    use super::headline;
    use crate::model::{Finding, Group, RuleKind, Severity};

    fn finding(code: &'static str, severity: Severity, kind: RuleKind) -> Finding {
        Finding {
            code,
            name: "n",
            group: Group::Identity,
            severity,
            kind,
            field: "f",
            message: String::new(),
            fix: "",
            revenue_impact: 0.0,
            line: 1,
        }
    }

    #[test]
    fn the_headline_is_the_most_severe_compliance_before_performance_then_the_first() {
        use RuleKind::{Compliance, Performance};
        use Severity::{High, Low};
        assert!(headline(&[]).is_none());
        let f = [
            finding("FL-I108", High, Performance),
            finding("FL-K101", High, Compliance),
            finding("FL-K103", High, Compliance),
            finding("FL-C013", Low, Compliance),
        ];
        assert_eq!(headline(&f).map(|f| f.code), Some("FL-K101"));
        assert_eq!(headline(&f[..1]).map(|f| f.code), Some("FL-I108"));
        let g = [
            finding("FL-C013", Low, Compliance),
            finding("FL-I108", High, Performance),
        ];
        assert_eq!(headline(&g).map(|f| f.code), Some("FL-I108"));
    }
}
