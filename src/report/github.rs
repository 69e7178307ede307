//! `--format github`: GitHub Actions workflow commands, shown as annotations on the run and the
//! pull request.
//!
//! Responsible for: one `::error|warning|notice file=…,line=…,title=…::message` line per shown
//! finding, escaped per GitHub's rules, most severe first, capped per level, and a final plain
//! summary line saying how many were not shown. Not responsible for computing findings.
//!
//! Levels: critical and high → `error`, medium → `warning`, low → `notice`.
//! Cap: GitHub keeps at most 10 error, 10 warning and 10 notice annotations per step (and 50 per
//! job) and silently drops the rest (actions/toolkit `docs/problem-matchers.md`, "Limitations"),
//! so by default at most [`DEFAULT_MAX_PER_LEVEL`] annotations are written per level; the summary
//! line counts the others so nothing disappears unannounced.
//! Memory: at most the cap per feedlint severity is held (4 × cap findings), never the feed.

use std::io::Write;

use super::ci::{CiEmitter, CiOptions, ProductFindings, ReportPaths, report_line};
use crate::error::Result;
use crate::model::Severity;
use crate::model::text::count;

/// Annotations written per GitHub level by default: GitHub keeps 10 of each level per step.
pub const DEFAULT_MAX_PER_LEVEL: usize = 10;

/// The workflow command of a severity.
#[must_use]
pub fn command(severity: Severity) -> &'static str {
    match severity {
        Severity::Critical | Severity::High => "error",
        Severity::Medium => "warning",
        Severity::Low => "notice",
    }
}

/// Escapes a command's message (data): `%`, `\r`, `\n` (GitHub's `escapeData`), and writes any
/// other control character as its escape (`\u{1b}`, as [`crate::model::text::printable`]
/// does): the log is read in a terminal or in GitHub's viewer, which runs ANSI codes, and a
/// feed's text must not.
#[must_use]
pub fn escape_data(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        match c {
            '%' => out.push_str("%25"),
            '\r' => out.push_str("%0D"),
            '\n' => out.push_str("%0A"),
            c if c.is_control() => out.extend(c.escape_debug()),
            c => out.push(c),
        }
    }
    out
}

/// Escapes a command property value: as data, plus `:` and `,` (GitHub's `escapeProperty`).
#[must_use]
pub fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

struct Annotation {
    file: String,
    line: u64,
    title: String,
    message: String,
}

/// Keeps the first `cap` findings of each severity; counts the rest.
pub struct GithubEmitter<'w> {
    out: &'w mut dyn Write,
    paths: ReportPaths,
    cap: usize,
    /// Indexed by `Severity::ALL` order: critical, high, medium, low.
    kept: [Vec<Annotation>; 4],
    seen: [u64; 4],
    products: u64,
    products_with_findings: u64,
}

fn slot(severity: Severity) -> usize {
    match severity {
        Severity::Critical => 0,
        Severity::High => 1,
        Severity::Medium => 2,
        Severity::Low => 3,
    }
}

impl<'w> GithubEmitter<'w> {
    pub fn begin(out: &'w mut dyn Write, options: &CiOptions) -> Result<Self> {
        Ok(Self {
            out,
            paths: ReportPaths::new(options.base_dir.clone()),
            cap: options
                .github_max_per_level
                .unwrap_or(DEFAULT_MAX_PER_LEVEL),
            kept: Default::default(),
            seen: [0; 4],
            products: 0,
            products_with_findings: 0,
        })
    }
}

impl CiEmitter for GithubEmitter<'_> {
    fn product(&mut self, product: &ProductFindings<'_>) -> Result<()> {
        self.products += 1;
        if !product.findings.is_empty() {
            self.products_with_findings += 1;
        }
        for f in product.findings {
            let i = slot(f.severity);
            self.seen[i] += 1;
            if self.kept[i].len() < self.cap {
                self.kept[i].push(Annotation {
                    file: self.paths.get(&product.location.file).path().to_owned(),
                    line: report_line(f, product.location),
                    title: format!("{} {}", f.code, f.name),
                    message: format!(
                        "{} (product {}, field {}). Fix: {}",
                        f.message, product.product_id, f.field, f.fix
                    ),
                });
            }
        }
        Ok(())
    }

    fn finish(self: Box<Self>) -> Result<()> {
        let Self {
            out,
            cap,
            kept,
            seen,
            products,
            products_with_findings,
            ..
        } = *self;
        // Levels in order; error gathers critical then high, sharing one cap.
        let levels: [(&str, &[usize]); 3] =
            [("error", &[0, 1]), ("warning", &[2]), ("notice", &[3])];
        let mut shown_total = 0u64;
        let mut hidden = [0u64; 3];
        for (li, (name, slots)) in levels.iter().enumerate() {
            let mut shown = 0usize;
            for &s in *slots {
                for a in &kept[s] {
                    if shown == cap {
                        break;
                    }
                    writeln!(
                        out,
                        "::{name} file={},line={},title={}::{}",
                        escape_property(&a.file),
                        a.line,
                        escape_property(&a.title),
                        escape_data(&a.message)
                    )?;
                    shown += 1;
                }
            }
            let total: u64 = slots.iter().map(|&s| seen[s]).sum();
            hidden[li] = total - shown as u64;
            shown_total += shown as u64;
        }
        let findings: u64 = seen.iter().sum();
        let not_shown: u64 = hidden.iter().sum();
        write!(
            out,
            "feedlint: {} in {products_with_findings} of {} \
             (critical {}, high {}, medium {}, low {}); {} shown",
            count(findings, "finding"),
            count(products, "product"),
            seen[0],
            seen[1],
            seen[2],
            seen[3],
            count(shown_total, "annotation")
        )?;
        if not_shown > 0 {
            write!(
                out,
                ", {not_shown} not shown ({}, {}, {}; at most {cap} per level)",
                count(hidden[0], "error"),
                count(hidden[1], "warning"),
                count(hidden[2], "notice")
            )?;
        }
        writeln!(out)?;
        out.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escaping_follows_github_rules() {
        assert_eq!(escape_data("50% off\r\nnow"), "50%25 off%0D%0Anow");
        assert_eq!(escape_property("a,b:c%"), "a%2Cb%3Ac%25");
        // Data keeps `:` and `,` as written.
        assert_eq!(escape_data("a,b:c"), "a,b:c");
        // Other control characters are shown, not run.
        assert_eq!(escape_data("A1\u{1b}[31m\tx"), "A1\\u{1b}[31m\\tx");
    }

    proptest::proptest! {
        #[test]
        fn escaped_properties_never_break_the_command(s in "\\PC{0,40}[%:,\r\n]{0,5}") {
            let e = escape_property(&s);
            proptest::prop_assert!(!e.contains([',', ':', '\r', '\n']));
            // GitHub unescapes %0D, %0A, %3A, %2C and then %25: the round trip is exact.
            let back = e
                .replace("%0D", "\r")
                .replace("%0A", "\n")
                .replace("%3A", ":")
                .replace("%2C", ",")
                .replace("%25", "%");
            proptest::prop_assert_eq!(back, s);
        }
    }

    #[test]
    fn severities_map_to_workflow_commands() {
        assert_eq!(command(Severity::Critical), "error");
        assert_eq!(command(Severity::High), "error");
        assert_eq!(command(Severity::Medium), "warning");
        assert_eq!(command(Severity::Low), "notice");
    }
}
