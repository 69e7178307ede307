//! `feedlint validate --statistics` (as ruff has it): instead of one entry per product, one row per
//! rule that fired, with how many findings it made, in how many products, and what they cost a
//! month. Formats: `table`, `json` (feedlint's own shape, docs/ci.md; `data.summary`, `billing`
//! and `meta` as in the spec 2.3 response) and `csv`.
//!
//! Responsible for the running counts (one row per rule, so memory does not grow with the feed)
//! and for writing them when the run ends. Not responsible for checking products (the rules
//! engine does) or for billing (the accounts module does).

use std::collections::HashMap;
use std::io::{self, Write};

use comfy_table::{Cell, CellAlignment, ContentArrangement, Table, presets};
use serde::Serialize;

use super::validate::Summary;
use crate::account::{Meta, ProductBilling};
use crate::model::text::count;
use crate::model::{Finding, RuleKind, Severity};
use crate::report::OutputFormat;
use crate::revenue::impact::TwoDecimals;
use crate::revenue::model::to_cents;
use crate::rules::ProductReport;

/// The formats `--statistics` writes.
pub const FORMATS: [OutputFormat; 3] = [OutputFormat::Table, OutputFormat::Json, OutputFormat::Csv];

/// CSV columns, one row per rule.
pub const CSV_HEADER: [&str; 7] = [
    "rule",
    "name",
    "severity",
    "kind",
    "findings",
    "products",
    "revenueImpact",
];

/// What one rule found over the feed.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleCount {
    pub code: &'static str,
    pub name: &'static str,
    /// The highest severity of its findings (a category validator's rule can be critical in one
    /// category and high in another).
    pub severity: Severity,
    pub kind: RuleKind,
    pub findings: u64,
    /// Products with at least one of its findings.
    pub products: u64,
    /// The sum of its findings' monthly revenue impact, each in its product's currency.
    pub revenue_cents: i64,
}

/// Per-rule counts of a feed, added to product by product.
#[derive(Debug, Default)]
pub struct RuleStatistics {
    rules: HashMap<&'static str, RuleCount>,
    summary: Summary,
}

impl RuleStatistics {
    /// Counts one product's findings.
    pub fn add(&mut self, r: &ProductReport) {
        self.summary.add(r);
        for (i, f) in r.findings.iter().enumerate() {
            // A product counts once per rule: is this its rule's first finding in the product?
            let first = !r.findings[..i].iter().any(|g| g.code == f.code);
            let row = self.rules.entry(f.code).or_insert_with(|| RuleCount {
                code: f.code,
                name: f.name,
                severity: f.severity,
                kind: f.kind,
                findings: 0,
                products: 0,
                revenue_cents: 0,
            });
            row.severity = row.severity.max(f.severity);
            row.findings += 1;
            row.products += u64::from(first);
            row.revenue_cents += cents(f);
        }
    }

    /// The rows, most findings first, then by code: the same feed gives the same order.
    #[must_use]
    pub fn rows(&self) -> Vec<&RuleCount> {
        let mut rows: Vec<&RuleCount> = self.rules.values().collect();
        rows.sort_by(|a, b| b.findings.cmp(&a.findings).then(a.code.cmp(b.code)));
        rows
    }

    /// The products' summary (as `validate`'s).
    #[must_use]
    pub fn summary(&self) -> Summary {
        self.summary
    }

    /// Writes the statistics in `format` (one of [`FORMATS`]; any other is `Unsupported`).
    /// `color` and `width` are the table's (the terminal's).
    pub fn write<W: Write>(
        &self,
        format: OutputFormat,
        mut out: W,
        billing: &ProductBilling,
        meta: &Meta,
        (color, width): (bool, Option<u16>),
    ) -> io::Result<W> {
        let rows = self.rows();
        match format {
            OutputFormat::Table => {
                self.write_table(&mut out, &rows, billing, color, width)?;
            }
            OutputFormat::Json => {
                serde_json::to_writer(
                    &mut out,
                    &Envelope {
                        success: true,
                        data: Data {
                            statistics: rows.iter().map(|r| RuleJson::of(r)).collect(),
                            summary: SummaryJson::of(&self.summary),
                            billing,
                        },
                        meta,
                    },
                )?;
                out.write_all(b"\n")?;
            }
            OutputFormat::Csv => {
                let mut w = csv::Writer::from_writer(out);
                w.write_record(CSV_HEADER)?;
                for r in &rows {
                    w.write_record([
                        r.code,
                        r.name,
                        r.severity.as_str(),
                        r.kind.as_str(),
                        &r.findings.to_string(),
                        &r.products.to_string(),
                        &TwoDecimals(dollars(r.revenue_cents)).to_string(),
                    ])?;
                }
                out = w.into_inner().map_err(csv::IntoInnerError::into_error)?;
            }
            _ => {
                return Err(io::Error::new(
                    io::ErrorKind::Unsupported,
                    "--statistics writes table, json or csv",
                ));
            }
        }
        Ok(out)
    }

    fn write_table<W: Write>(
        &self,
        out: &mut W,
        rows: &[&RuleCount],
        billing: &ProductBilling,
        color: bool,
        width: Option<u16>,
    ) -> io::Result<()> {
        let s = &self.summary;
        if !rows.is_empty() {
            let mut table = Table::new();
            super::style_table(&mut table, color);
            table
                .load_preset(presets::UTF8_BORDERS_ONLY)
                .set_content_arrangement(ContentArrangement::Disabled)
                .set_header([
                    "Rule",
                    "Name",
                    "Severity",
                    "Kind",
                    "Findings",
                    "Products",
                    "Impact /mo",
                ]);
            for r in rows {
                let right = |text: String| Cell::new(text).set_alignment(CellAlignment::Right);
                table.add_row(vec![
                    Cell::new(r.code),
                    Cell::new(r.name),
                    super::priority_cell(r.severity.as_str(), color),
                    Cell::new(r.kind.as_str()),
                    right(r.findings.to_string()),
                    right(r.products.to_string()),
                    right(TwoDecimals(dollars(r.revenue_cents)).to_string()),
                ]);
            }
            // The name gives way first; codes and figures stay whole.
            super::width::fit(&mut table, width, &[0, 2, 3, 4, 5, 6]);
            writeln!(out, "{table}")?;
        }
        writeln!(
            out,
            "{} from {} in {} ({} without a finding)",
            count(s.findings, "finding"),
            count(rows.len() as u64, "rule"),
            count(s.total, "product"),
            s.total - s.with_findings
        )?;
        super::validate::write_compliance_and_billing(out, s, billing)
    }
}

/// A finding's impact in whole cents (impacts are rounded to cents, so the sum is exact).
fn cents(f: &Finding) -> i64 {
    to_cents(f.revenue_impact)
}

#[allow(
    clippy::cast_precision_loss,
    reason = "cents below 2^53 convert exactly"
)]
fn dollars(cents: i64) -> f64 {
    cents as f64 / 100.0
}

#[derive(Serialize)]
struct Envelope<'a> {
    success: bool,
    data: Data<'a>,
    meta: &'a Meta,
}

#[derive(Serialize)]
struct Data<'a> {
    statistics: Vec<RuleJson>,
    summary: SummaryJson,
    billing: &'a ProductBilling,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RuleJson {
    rule: &'static str,
    name: &'static str,
    severity: Severity,
    kind: &'static str,
    findings: u64,
    products: u64,
    revenue_impact: f64,
}

impl RuleJson {
    fn of(r: &RuleCount) -> Self {
        Self {
            rule: r.code,
            name: r.name,
            severity: r.severity,
            kind: r.kind.as_str(),
            findings: r.findings,
            products: r.products,
            revenue_impact: dollars(r.revenue_cents),
        }
    }
}

/// `data.summary` as `validate --format json` writes it, plus the findings and rules counted.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SummaryJson {
    #[serde(flatten)]
    products: super::validate::SummaryJson,
    total_findings: u64,
    feed_compliance: f64,
}

impl SummaryJson {
    fn of(s: &Summary) -> Self {
        Self {
            products: super::validate::SummaryJson::of(s),
            total_findings: s.findings,
            feed_compliance: crate::gate::compliance_percent(s.fully_compliant, s.total),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::report_from_pairs as report;

    #[test]
    fn counts_findings_and_products_per_rule_in_a_stable_order() {
        let mut stats = RuleStatistics::default();
        let bare = report(&[("id", "A")]);
        let titled = report(&[("id", "B"), ("title", "Blue mug")]);
        stats.add(&bare);
        stats.add(&titled);
        stats.add(&bare);
        let rows = stats.rows();
        let total: u64 = rows.iter().map(|r| r.findings).sum();
        let expected = 2 * bare.findings.len() + titled.findings.len();
        assert_eq!(total, expected as u64);
        for r in &rows {
            let in_bare = bare.findings.iter().filter(|f| f.code == r.code).count() as u64;
            let in_titled = titled.findings.iter().filter(|f| f.code == r.code).count() as u64;
            assert_eq!(r.findings, 2 * in_bare + in_titled, "{}", r.code);
            assert_eq!(
                r.products,
                2 * u64::from(in_bare > 0) + u64::from(in_titled > 0),
                "{}",
                r.code
            );
            let cents: i64 = bare
                .findings
                .iter()
                .chain(&bare.findings)
                .chain(&titled.findings)
                .filter(|f| f.code == r.code)
                .map(cents)
                .sum();
            assert_eq!(r.revenue_cents, cents, "{}", r.code);
        }
        // Most findings first, then by code.
        for pair in rows.windows(2) {
            assert!(
                pair[0].findings > pair[1].findings
                    || (pair[0].findings == pair[1].findings && pair[0].code < pair[1].code)
            );
        }
        assert_eq!(stats.summary().total, 3);
    }

    #[test]
    fn a_product_counts_once_per_rule_and_the_highest_severity_shows() {
        let mut stats = RuleStatistics::default();
        let mut r = report(&[("id", "A")]);
        let mut twice = r.findings[0].clone();
        twice.severity = Severity::Critical;
        r.findings.push(twice);
        stats.add(&r);
        let code = r.findings[0].code;
        let row = stats.rows().into_iter().find(|x| x.code == code).cloned();
        let row = row.expect("the rule is counted");
        assert_eq!(row.products, 1);
        assert_eq!(
            row.findings,
            r.findings.iter().filter(|f| f.code == code).count() as u64
        );
        assert_eq!(row.severity, Severity::Critical);
    }
}
