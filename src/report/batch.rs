//! The `batch` report (spec 2.4 and the batch analytics of spec 4.2): the streamed JSON shape,
//! the analytics accumulator and the table view.
//!
//! Responsible for turning the engine's [`ProductReport`]s into bytes, one product at a time,
//! and for the feed-level analytics (products at risk, quick wins per rule code, optimisation
//! opportunities). Not responsible for running rules, metering, or deciding exit codes.
//!
//! JSON key order (documented in docs/ci.md and checked by tests/schemas/batch-response.schema.json):
//! `success`, `results` (streamed, one entry per product in input order), then `batchCompliance`,
//! `batchOptimization`, `batchSummary`, `batchAnalytics`, `billing`, `meta`. The summary objects
//! come after `results` so that nothing has to be held back while the feed streams.
//!
//! Memory: the JSON and CI views hold one product at a time; the analytics hold counters and one
//! entry per rule code (bounded by the registry). The table view holds one block of
//! [`TABLE_BLOCK`](crate::report::TABLE_BLOCK) short rows (id, line, scores, counts) and, under
//! `-v`, their findings' lines; the analytics follow the last block.

use std::collections::BTreeMap;
use std::io::Write;

use comfy_table::{ContentArrangement, Table, presets};
use serde::Serialize;

use crate::account::{BatchBilling, Meta};
use crate::error::Result;
use crate::model::result::{Message, fix_minutes};
use crate::model::text::{count, plural};
use crate::model::{Group, RuleKind, Severity};
use crate::report::product_json::{elements, fixed, float, message, static_string, string, uint};
use crate::report::rounding;
use crate::report::validate;
use crate::revenue::impact::round_cents;
use crate::rules::{ComplianceStatus, ProductReport};

/// How many quick wins the analytics list (spec 4.2 "quick wins").
pub const QUICK_WINS: usize = 5;

/// A percentage as the spec's percentage text (`"85%"`, `"66.7%"`).
#[must_use]
pub fn percent_text(value: f64) -> String {
    // The usual case, a percentage rounded to whole tenths, written with integers: formatting
    // a float with a precision cost several times as much, once per product in `batch`. The
    // same text as [`percent_text_by_float`] (a proptest checks).
    let Some(t) = percent_tenths(value) else {
        return percent_text_by_float(value);
    };
    // Pushed by hand: `format!` cost ~600 instructions a call, once per `batch` entry
    // (callgrind, docs/performance.md,
    // "a batch entry's messages without `format!`").
    let mut text = String::with_capacity(24);
    text.push_str(itoa::Buffer::new().format(t / 10));
    if t % 10 != 0 {
        text.push('.');
        text.push(char::from(b'0' + (t % 10) as u8));
    }
    text.push('%');
    text
}

/// `value` in whole tenths (rounded half away from zero), when [`percent_text`] writes it with
/// integers: not negative (nor `-0`), not above 10^12 tenths, not NaN.
fn percent_tenths(value: f64) -> Option<u64> {
    let tenths = rounding::round(value * 10.0);
    if tenths.is_sign_positive() && tenths <= 1e12 {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "a whole number between 0 and 1e12"
        )]
        Some(tenths as u64)
    } else {
        None
    }
}

/// A percentage kept as its number until written, as the text [`percent_text`] gives (its
/// `Display`; serde: `collect_str`, the same bytes as the text's `serialize_str`, for a text
/// without a byte JSON escapes). A batch entry's `coverage` was a `String` built by
/// `percent_text` for every product, checked for escapes, copied and freed; [`write_entry`]
/// now writes its digits straight into the buffer ([`write_percent`]).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Percent(pub f64);

impl std::fmt::Display for Percent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&percent_text(self.0))
    }
}

impl Serialize for Percent {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// `p` as a JSON string, the bytes serde_json writes for [`percent_text`]'s text: for whole
/// tenths the digits (as itoa writes them), perhaps a point and a tenth, and `%` between quotes,
/// which need no escape; any other value through the text itself.
fn write_percent(buf: &mut Vec<u8>, p: Percent) -> serde_json::Result<()> {
    let Some(t) = percent_tenths(p.0) else {
        return string(buf, &p.to_string());
    };
    buf.push(b'"');
    uint(buf, t / 10);
    if t % 10 != 0 {
        buf.extend_from_slice(&[b'.', b'0' + (t % 10) as u8]);
    }
    buf.extend_from_slice(b"%\"");
    Ok(())
}

/// [`percent_text`] with float formatting (the GTIN report's percentage text of the value rounded
/// to tenths): the definition, and the text of values outside the integer path (negative, huge,
/// not a number).
fn percent_text_by_float(value: f64) -> String {
    crate::gtin::response::percent_text((value * 10.0).round() / 10.0)
}

/// `results[].gmcCompliance` (spec 2.4) plus the compliance rule codes (`violations`, feedlint's
/// addition, read back by `--baseline`).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EntryCompliance {
    pub status: &'static str,
    /// The compliance percentage, written as [`percent_text`] writes it.
    pub coverage: Percent,
    /// A fixed sentence for a fully compliant product (most products), else the count of
    /// compliance issues: no text built (see [`Message`]).
    pub message: Message,
    pub violations: Vec<&'static str>,
}

/// `results[].performanceOptimization` (spec 2.4).
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EntryOptimization {
    pub overall_score: f64,
    /// A fixed sentence for a product without performance findings, else their count and amount.
    pub message: Message,
    pub estimated_revenue_gain: f64,
}

/// `results[].results.<group>` (spec 2.4).
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GroupCount {
    pub has_errors: bool,
    pub error_count: usize,
}

/// The per-group error counts, in the spec's key order.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct GroupCounts {
    pub identity: GroupCount,
    pub content: GroupCount,
    pub pricing: GroupCount,
    pub media: GroupCount,
    pub inventory: GroupCount,
    pub category: GroupCount,
}

/// Market intelligence of one product (spec 4.2 `enableMarketIntelligence`: "advanced category
/// intelligence"): the detected category, its confidence and the category-specific score.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EntryMarketIntelligence {
    pub detected_category: Option<&'static str>,
    pub confidence: f64,
    pub category_score: f64,
}

/// One `results[]` entry (spec 2.4), in the spec's key order.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchEntry<'a> {
    pub gmc_compliance: EntryCompliance,
    pub performance_optimization: EntryOptimization,
    /// The report's id, borrowed: a clone was an allocation, a copy and a free per entry.
    pub product_id: &'a str,
    pub validation_score: f64,
    pub total_errors: usize,
    pub total_revenue_impact: f64,
    pub overall_priority: &'static str,
    pub results: GroupCounts,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub market_intelligence: Option<EntryMarketIntelligence>,
}

/// One decimal; without libm's `round` call (see [`rounding`]).
fn round1(x: f64) -> f64 {
    rounding::round1(x)
}

/// `"{compliance} compliance issue{s}{rest}"`, or the fixed text of a fully compliant product.
/// Built by hand rather than with `format!`, whose machinery was most of the cost of these
/// per-product messages (~600 instructions a `format!`, 1.9 a bench row with the optimisation
/// message and the coverage; docs/performance.md,
/// "a batch entry's messages without `format!`"). A test holds the texts to
/// their `format!`.
fn compliance_message(r: &ProductReport, compliance: usize) -> Message {
    let rest = match r.status {
        ComplianceStatus::FullyCompliant => {
            return Message::Fixed("Meets all GMC requirements checked");
        }
        ComplianceStatus::PartiallyCompliant => " may limit this product's visibility",
        ComplianceStatus::NonCompliant => "; GMC would disapprove this product",
    };
    Message::ComplianceIssues {
        n: compliance,
        rest,
    }
}

/// `"{performance} optimisation opportunit{y|ies} worth ${amount}/month"`, or the fixed text of
/// a product without performance findings; by hand, as [`compliance_message`].
fn optimization_message(performance: usize, amount: f64) -> Message {
    if performance == 0 {
        return Message::Fixed("No optimisation opportunity found");
    }
    Message::Opportunities {
        n: performance,
        worth: " worth $",
        amount,
    }
}

impl<'a> BatchEntry<'a> {
    /// Builds the entry of one product. `market_intelligence` adds the category object.
    #[must_use]
    pub fn from_report(r: &'a ProductReport, market_intelligence: bool) -> Self {
        // One pass over the findings for the compliance codes, the compliance count and the six
        // group counts: there were eight (the codes, the count, then `group_count` per group).
        let mut violations: Vec<&'static str> = Vec::new();
        let mut groups = [0usize; Group::ALL.len()];
        for f in &r.findings {
            if f.kind == RuleKind::Compliance {
                violations.push(f.code);
            }
            groups[f.group as usize] += 1;
        }
        let compliance = violations.len();
        let performance = r.findings.len() - compliance;
        if compliance > 1 {
            violations.sort_unstable();
            violations.dedup();
        }
        let group = |g: Group| {
            let n = groups[g as usize];
            GroupCount {
                has_errors: n > 0,
                error_count: n,
            }
        };
        let opt_message = optimization_message(performance, r.optimization_revenue_impact);
        // The rounding below is `f64::round`'s, without its libm call (`rounding`).
        Self {
            gmc_compliance: EntryCompliance {
                status: r.status.as_str(),
                coverage: Percent(r.compliance_percentage),
                message: compliance_message(r, compliance),
                violations,
            },
            performance_optimization: EntryOptimization {
                overall_score: round1(r.optimization_score),
                message: opt_message,
                estimated_revenue_gain: rounding::round2(r.optimization_revenue_impact),
            },
            product_id: &r.product_id,
            validation_score: round1(r.compliance_percentage),
            total_errors: r.findings.len(),
            total_revenue_impact: rounding::round2(r.total_revenue_impact),
            overall_priority: r.priority.as_str(),
            results: GroupCounts {
                identity: group(Group::Identity),
                content: group(Group::Content),
                pricing: group(Group::Pricing),
                media: group(Group::Media),
                inventory: group(Group::Inventory),
                category: group(Group::Category),
            },
            market_intelligence: market_intelligence.then(|| EntryMarketIntelligence {
                detected_category: r.category.map(crate::catalog::Category::key),
                confidence: rounding::round2(r.category_confidence),
                category_score: round1(r.category_score),
            }),
        }
    }
}

/// Appends `e` to `buf`, byte for byte what `serde_json::to_writer` writes for the derived
/// `Serialize` (the definition; tests compare the two), with the keys as literals and strings
/// that need no escape copied as they are (see `report::product_json`): serde_json's byte-wise
/// escaping of keys and fixed texts was most of the cost of writing an entry.
pub fn write_entry(buf: &mut Vec<u8>, e: &BatchEntry) -> serde_json::Result<()> {
    let c = &e.gmc_compliance;
    buf.extend_from_slice(b"{\"gmcCompliance\":{\"status\":");
    // The status and the priority are the program's fixed texts (`ComplianceStatus::as_str`,
    // `Severity::as_str`, which a test holds to need no escape): copied without the escape
    // check `string` makes (~30 instructions each).
    fixed(buf, c.status);
    buf.extend_from_slice(b",\"coverage\":");
    write_percent(buf, c.coverage)?;
    buf.extend_from_slice(b",\"message\":");
    // Most messages are fixed texts, whose escape check is made once (`static_string`); the
    // others are written from their count and amount (`message`).
    message(buf, &c.message)?;
    buf.extend_from_slice(b",\"violations\":[");
    // Rule codes, the program's texts: their escape class is looked up (`static_string`).
    elements(buf, &c.violations, |buf, v| static_string(buf, v))?;
    let o = &e.performance_optimization;
    buf.extend_from_slice(b"]},\"performanceOptimization\":{\"overallScore\":");
    float(buf, o.overall_score)?;
    buf.extend_from_slice(b",\"message\":");
    message(buf, &o.message)?;
    buf.extend_from_slice(b",\"estimatedRevenueGain\":");
    float(buf, o.estimated_revenue_gain)?;
    buf.extend_from_slice(b"},\"productId\":");
    string(buf, e.product_id)?;
    buf.extend_from_slice(b",\"validationScore\":");
    float(buf, e.validation_score)?;
    buf.extend_from_slice(b",\"totalErrors\":");
    uint(buf, e.total_errors as u64);
    buf.extend_from_slice(b",\"totalRevenueImpact\":");
    float(buf, e.total_revenue_impact)?;
    buf.extend_from_slice(b",\"overallPriority\":");
    fixed(buf, e.overall_priority);
    let r = &e.results;
    // One call per group, each with its own key: the loop over the six (key, count) pairs copied
    // keys of six lengths through `memcpy` calls; inlined, each copy has a length known to the
    // compiler.
    group_count(buf, b",\"results\":{\"identity\":", r.identity);
    group_count(buf, b",\"content\":", r.content);
    group_count(buf, b",\"pricing\":", r.pricing);
    group_count(buf, b",\"media\":", r.media);
    group_count(buf, b",\"inventory\":", r.inventory);
    group_count(buf, b",\"category\":", r.category);
    buf.push(b'}');
    if let Some(m) = &e.market_intelligence {
        buf.extend_from_slice(b",\"marketIntelligence\":{\"detectedCategory\":");
        match m.detected_category {
            Some(key) => string(buf, key)?,
            None => buf.extend_from_slice(b"null"),
        }
        buf.extend_from_slice(b",\"confidence\":");
        float(buf, m.confidence)?;
        buf.extend_from_slice(b",\"categoryScore\":");
        float(buf, m.category_score)?;
        buf.push(b'}');
    }
    buf.push(b'}');
    Ok(())
}

/// `key` then one group's `{"hasErrors":…,"errorCount":…}`, as serde_json writes it.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "six calls an entry, each with a literal key whose length is then known"
)]
fn group_count(buf: &mut Vec<u8>, key: &[u8], g: GroupCount) {
    buf.extend_from_slice(key);
    if g.has_errors {
        buf.extend_from_slice(b"{\"hasErrors\":true,\"errorCount\":");
    } else {
        buf.extend_from_slice(b"{\"hasErrors\":false,\"errorCount\":");
    }
    // The count as serde_json writes integers (itoa); a single digit, almost every group of a
    // product, pushed as one byte rather than copied from itoa's buffer by a `memcpy` call.
    match u8::try_from(g.error_count) {
        Ok(digit @ 0..=9) => buf.push(b'0' + digit),
        _ => buf.extend_from_slice(itoa::Buffer::new().format(g.error_count).as_bytes()),
    }
    buf.push(b'}');
}

/// One quick win: a rule whose fix helps many products for little work (spec 4.2).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QuickWin {
    pub rule: &'static str,
    pub name: &'static str,
    pub fix: String,
    pub products_fixed: u64,
    /// Revenue impact recovered by fixing it everywhere (USD per month).
    pub impact: f64,
}

#[derive(Debug, Clone)]
struct RuleTally {
    code: &'static str,
    name: &'static str,
    fix: &'static str,
    severity: Severity,
    products: u64,
    impact: f64,
    /// The number (`BatchAnalytics::total_products`) of the latest product counted in
    /// `products`: a product with several findings of the rule counts once.
    last_product: u64,
}

/// Feed-level analytics, accumulated one product at a time.
#[derive(Debug, Clone, Default)]
pub struct BatchAnalytics {
    pub total_products: u64,
    pub valid_products: u64,
    pub fully_compliant_products: u64,
    pub products_with_errors: u64,
    /// Products with a critical compliance finding (spec 4.2 "products at risk").
    pub products_at_risk: u64,
    /// Performance findings over the feed.
    pub optimization_opportunities: u64,
    revenue_at_risk: f64,
    revenue_gain: f64,
    compliance_sum: f64,
    optimization_sum: f64,
    /// Per rule code, in the order first found; bounded by the number of rules.
    rules: Vec<RuleTally>,
    /// Where a code of 7 bytes (every rule's, `FL-C001`) has its tally in `rules`: by
    /// [`code_key`], sorted by it.
    by_key: Vec<(u64, usize)>,
    /// Where any other code has its tally in `rules`.
    by_code: BTreeMap<&'static str, usize>,
}

/// A 7-byte code as a number, one to one: its bytes and the length. Every rule code has 7 bytes
/// (`FL-C001`), so looking one up compares numbers. Keyed by the code's text, a `BTreeMap` made
/// ~6 `memcmp` calls a finding, and the per-product list of codes counted one more: `add` with
/// both 10.68M instructions inclusive over the bench's 20k rows, 3.93M now (callgrind, `batch`).
fn code_key(code: &str) -> Option<u64> {
    match *code.as_bytes() {
        [c0, c1, c2, c3, c4, c5, c6] => Some(u64::from_be_bytes([c0, c1, c2, c3, c4, c5, c6, 7])),
        _ => None,
    }
}

impl BatchAnalytics {
    /// Counts one product.
    pub fn add(&mut self, r: &ProductReport) {
        self.total_products += 1;
        if r.is_valid() {
            self.valid_products += 1;
        }
        if r.status == ComplianceStatus::FullyCompliant {
            self.fully_compliant_products += 1;
        }
        if !r.findings.is_empty() {
            self.products_with_errors += 1;
        }
        if r.compliance_findings()
            .any(|f| f.severity == Severity::Critical)
        {
            self.products_at_risk += 1;
        }
        self.revenue_at_risk += r.total_revenue_impact;
        self.revenue_gain += r.optimization_revenue_impact;
        self.compliance_sum += r.compliance_percentage;
        self.optimization_sum += r.optimization_score;
        // This product's number: a tally last counted at it has counted it (instead of a list
        // of the codes seen, allocated for every product with a finding).
        let product = self.total_products;
        for f in &r.findings {
            if f.kind == RuleKind::Performance {
                self.optimization_opportunities += 1;
            }
            let t = self.tally(f);
            t.impact += f.revenue_impact;
            if t.last_product != product {
                t.last_product = product;
                t.products += 1;
            }
        }
    }

    /// The tally of `f`'s rule, created (with `f`'s name, fix and severity) at its first finding.
    fn tally(&mut self, f: &crate::model::Finding) -> &mut RuleTally {
        let next = self.rules.len();
        let i = match code_key(f.code) {
            Some(key) => match self.by_key.binary_search_by_key(&key, |&(k, _)| k) {
                Ok(at) => self.by_key[at].1,
                Err(at) => {
                    self.by_key.insert(at, (key, next));
                    next
                }
            },
            None => *self.by_code.entry(f.code).or_insert(next),
        };
        if i == next {
            self.rules.push(RuleTally {
                code: f.code,
                name: f.name,
                fix: f.fix,
                severity: f.severity,
                products: 0,
                impact: 0.0,
                last_product: 0,
            });
        }
        &mut self.rules[i]
    }

    /// Mean compliance percentage over the products (0-100); 100 for no product.
    #[must_use]
    pub fn average_compliance(&self) -> f64 {
        if self.total_products == 0 {
            100.0
        } else {
            self.compliance_sum / self.total_products as f64
        }
    }

    /// Mean optimisation score (0-100); 100 for no product.
    #[must_use]
    pub fn average_optimization(&self) -> f64 {
        if self.total_products == 0 {
            100.0
        } else {
            self.optimization_sum / self.total_products as f64
        }
    }

    /// The best quick wins: rules ranked by revenue recovered per minute of fixing work
    /// (`fix_minutes` of the severity × products), then by products fixed, then by code.
    #[must_use]
    pub fn quick_wins(&self) -> Vec<QuickWin> {
        // Codes differ, so the order is total: the tallies' own order does not matter.
        let mut ranked: Vec<&RuleTally> = self.rules.iter().collect();
        let per_minute = |t: &RuleTally| t.impact / (fix_minutes(t.severity) * t.products as f64);
        ranked.sort_by(|a, b| {
            per_minute(b)
                .total_cmp(&per_minute(a))
                .then(b.products.cmp(&a.products))
                .then(a.code.cmp(b.code))
        });
        ranked
            .into_iter()
            .take(QUICK_WINS)
            .map(|t| QuickWin {
                rule: t.code,
                name: t.name,
                fix: t.fix.to_owned(),
                products_fixed: t.products,
                impact: round_cents(t.impact),
            })
            .collect()
    }

    /// The summary objects written after `results` (spec 2.4 and 4.2).
    #[must_use]
    pub fn tail(&self, processing_ms: u64) -> BatchTail {
        let compliant_pct =
            crate::gate::compliance_percent(self.fully_compliant_products, self.total_products);
        BatchTail {
            batch_compliance: BatchCompliance {
                gmc_compliant: percent_text(compliant_pct),
                fully_compliant_products: self.fully_compliant_products,
                total_products: self.total_products,
                message: format!(
                    "{} of {} fully {} GMC requirements",
                    self.fully_compliant_products,
                    count(self.total_products, "product"),
                    if self.fully_compliant_products == 1 {
                        "meets"
                    } else {
                        "meet"
                    }
                ),
            },
            batch_optimization: BatchOptimization {
                average_optimization_score: round1(self.average_optimization()),
                total_optimization_opportunities: self.optimization_opportunities,
                estimated_batch_revenue_gain: round_cents(self.revenue_gain),
                message: format!(
                    "{} optimisation opportunit{} worth ${:.2}/month",
                    self.optimization_opportunities,
                    if self.optimization_opportunities == 1 {
                        "y"
                    } else {
                        "ies"
                    },
                    round_cents(self.revenue_gain)
                ),
            },
            batch_summary: BatchSummary {
                total_products: self.total_products,
                valid_products: self.valid_products,
                products_with_errors: self.products_with_errors,
                total_revenue_at_risk: round_cents(self.revenue_at_risk),
                avg_compliance_score: (self.average_compliance() * 10.0).round() / 1000.0,
                processing_time: processing_ms,
            },
            batch_analytics: AnalyticsOut {
                products_at_risk: self.products_at_risk,
                quick_wins: self.quick_wins(),
                optimization_opportunities: self.optimization_opportunities,
            },
        }
    }
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchCompliance {
    pub gmc_compliant: String,
    pub fully_compliant_products: u64,
    pub total_products: u64,
    pub message: String,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchOptimization {
    pub average_optimization_score: f64,
    pub total_optimization_opportunities: u64,
    pub estimated_batch_revenue_gain: f64,
    pub message: String,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchSummary {
    pub total_products: u64,
    pub valid_products: u64,
    pub products_with_errors: u64,
    pub total_revenue_at_risk: f64,
    /// 0-1 (spec 2.4).
    pub avg_compliance_score: f64,
    /// Milliseconds.
    pub processing_time: u64,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsOut {
    pub products_at_risk: u64,
    pub quick_wins: Vec<QuickWin>,
    pub optimization_opportunities: u64,
}

/// Everything after `results`, in key order.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchTail {
    pub batch_compliance: BatchCompliance,
    pub batch_optimization: BatchOptimization,
    pub batch_summary: BatchSummary,
    pub batch_analytics: AnalyticsOut,
}

/// A `results[]` entry rendered ahead of [`JsonBatchWriter::entry_rendered`], typically on a
/// rayon worker, as [`JsonBatchWriter::entry`] writes it.
pub struct RenderedEntry(Vec<u8>);

impl RenderedEntry {
    /// Renders the entry of `r` (`market_intelligence` as for [`BatchEntry::from_report`]).
    pub fn new(r: &ProductReport, market_intelligence: bool) -> Result<Self> {
        let mut buf = Vec::with_capacity(crate::report::product_json::RENDERED_CAPACITY);
        write_entry(&mut buf, &BatchEntry::from_report(r, market_intelligence))
            .map_err(std::io::Error::from)?;
        Ok(Self(buf))
    }
}

/// Streams the JSON shape: `begin`, one `entry` per product, `finish`. Nothing is written before
/// the first entry (or `finish`), so an error met while opening a feed or reading its first
/// product leaves stdout to the error envelope alone.
pub struct JsonBatchWriter<'w> {
    out: &'w mut dyn Write,
    first: bool,
    /// One entry is serialised here and written in one call (serde_json's many small writes are
    /// cheaper into a `Vec` than through `dyn Write`).
    buf: Vec<u8>,
}

const JSON_HEAD: &[u8] = b"{\n  \"success\": true,\n  \"results\": [";

impl<'w> JsonBatchWriter<'w> {
    /// Prepares the document; the opening is written with the first entry.
    pub fn begin(out: &'w mut dyn Write) -> Result<Self> {
        Ok(Self {
            out,
            first: true,
            buf: Vec::with_capacity(4096),
        })
    }

    /// Writes one `results[]` entry (one line each).
    pub fn entry(&mut self, entry: &BatchEntry) -> Result<()> {
        self.separator()?;
        self.buf.clear();
        write_entry(&mut self.buf, entry).map_err(std::io::Error::from)?;
        self.out.write_all(&self.buf)?;
        Ok(())
    }

    /// [`Self::entry`] for an entry rendered ahead: the same bytes, not rendered here.
    pub fn entry_rendered(&mut self, entry: &RenderedEntry) -> Result<()> {
        self.separator()?;
        self.out.write_all(&entry.0)?;
        Ok(())
    }

    /// What comes before an entry: the opening of the document, or the comma after the last.
    fn separator(&mut self) -> Result<()> {
        if self.first {
            self.out.write_all(JSON_HEAD)?;
            self.out.write_all(b"\n    ")?;
        } else {
            self.out.write_all(b",\n    ")?;
        }
        self.first = false;
        Ok(())
    }

    /// Closes `results` and writes the summary objects, billing and meta.
    pub fn finish(self, tail: &BatchTail, billing: &BatchBilling, meta: &Meta) -> Result<()> {
        let out = self.out;
        if self.first {
            out.write_all(JSON_HEAD)?;
            out.write_all(b"]")?;
        } else {
            out.write_all(b"\n  ]")?;
        }
        // Serialised from the structs (not a `Value`, whose map would sort the keys).
        let fields: [(&str, String); 6] = [
            ("batchCompliance", pretty(&tail.batch_compliance)?),
            ("batchOptimization", pretty(&tail.batch_optimization)?),
            ("batchSummary", pretty(&tail.batch_summary)?),
            ("batchAnalytics", pretty(&tail.batch_analytics)?),
            ("billing", pretty(billing)?),
            ("meta", pretty(meta)?),
        ];
        for (key, text) in fields {
            write!(out, ",\n  \"{key}\": {}", text.replace('\n', "\n  "))?;
        }
        out.write_all(b"\n}\n")?;
        out.flush()?;
        Ok(())
    }
}

fn pretty<T: Serialize + ?Sized>(value: &T) -> Result<String> {
    Ok(serde_json::to_string_pretty(value).map_err(std::io::Error::from)?)
}

/// One short row of the per-product table.
#[derive(Debug, Clone)]
pub struct TableRow {
    pub product_id: String,
    /// The product's line, or `file:line` with several feeds ([`validate::place`]).
    pub place: String,
    pub status: &'static str,
    pub coverage: String,
    pub optimization: f64,
    pub errors: usize,
    pub priority: &'static str,
    pub impact: f64,
}

impl TableRow {
    /// The row of the product whose entry is `e`, found at `place`.
    #[must_use]
    pub fn from_entry(e: &BatchEntry, place: String) -> Self {
        Self {
            product_id: e.product_id.to_owned(),
            place,
            status: e.gmc_compliance.status,
            coverage: e.gmc_compliance.coverage.to_string(),
            optimization: e.performance_optimization.overall_score,
            errors: e.total_errors,
            priority: e.overall_priority,
            impact: e.total_revenue_impact,
        }
    }
}

/// How the table view looks.
#[derive(Debug, Clone, Copy, Default)]
pub struct TableLook {
    /// The line column gives `file:line` (a report of several feeds), not the line alone.
    pub name_files: bool,
    /// Every finding is listed under its block of rows (`-v`), as `validate -v` lists them.
    pub verbose: bool,
    /// The priority cells are coloured.
    pub color: bool,
    /// The width the table is laid out to ([`super::width`]); `None`: no limit.
    pub width: Option<u16>,
}

/// The table view: one row per product, written in blocks of
/// [`TABLE_BLOCK`](crate::report::TABLE_BLOCK) rows as the feed is read (each block followed by
/// its products' findings under `-v`), so memory does not grow with the feed; then the
/// analytics.
pub struct TableView<'w> {
    out: &'w mut dyn Write,
    rows: Vec<TableRow>,
    verbose: Vec<String>,
    look: TableLook,
}

impl<'w> TableView<'w> {
    /// Starts the table; nothing is written before the first block.
    pub fn new(out: &'w mut dyn Write, look: TableLook) -> Self {
        Self {
            out,
            rows: Vec::new(),
            verbose: Vec::new(),
            look,
        }
    }

    /// Keeps one product's row (and, under `-v`, its findings), found in `file`; writes the
    /// block when it is full.
    pub fn product(&mut self, r: &ProductReport, file: &str) -> Result<()> {
        // Market intelligence is not shown in the table.
        let entry = BatchEntry::from_report(r, false);
        let place = validate::place(file, r.line, self.look.name_files);
        self.rows.push(TableRow::from_entry(&entry, place));
        if self.look.verbose {
            self.verbose
                .extend(r.findings.iter().map(|f| validate::verbose_line(file, f)));
        }
        if self.rows.len() >= crate::report::TABLE_BLOCK {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes the block held and its findings.
    fn flush(&mut self) -> Result<()> {
        write_rows(&mut *self.out, &self.rows, self.look)?;
        self.rows.clear();
        for line in self.verbose.drain(..) {
            writeln!(self.out, "{line}")?;
        }
        Ok(())
    }

    /// Writes the last block and the analytics.
    pub fn finish(mut self, tail: &BatchTail) -> Result<()> {
        self.flush()?;
        write_summary(&mut *self.out, tail, self.look.verbose)?;
        // The report reaches the terminal before the verdict that ends it (stdout is buffered,
        // stderr is not).
        self.out.flush()?;
        Ok(())
    }

    /// Ends a table an input error stopped after `checked` products: the products held are
    /// written, then a line saying the run did not finish; the error follows on stderr.
    pub fn abandon(mut self, checked: u64) -> Result<()> {
        self.flush()?;
        super::write_stopped(&mut *self.out, checked)?;
        Ok(())
    }
}

/// One block of the per-product table.
fn write_rows(out: &mut dyn Write, rows: &[TableRow], look: TableLook) -> Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let mut t = Table::new();
    t.load_preset(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Disabled);
    super::style_table(&mut t, look.color);
    t.set_header([
        "product",
        if look.name_files { "location" } else { "line" },
        "status",
        "coverage",
        "optimisation",
        "errors",
        "priority",
        "impact $/mo",
    ]);
    for r in rows {
        t.add_row(vec![
            comfy_table::Cell::new(crate::model::text::printable(&r.product_id)),
            comfy_table::Cell::new(&r.place),
            comfy_table::Cell::new(r.status),
            comfy_table::Cell::new(&r.coverage),
            comfy_table::Cell::new(format!("{:.1}", r.optimization)),
            comfy_table::Cell::new(r.errors),
            super::priority_cell(r.priority, look.color),
            comfy_table::Cell::new(format!("{:.2}", r.impact)),
        ]);
    }
    // The status wraps; the ids and numbers stay whole.
    super::width::fit(&mut t, look.width, &[0, 1, 3, 4, 5, 6, 7]);
    writeln!(out, "{t}")?;
    Ok(())
}

/// The end of the table view: the batch analytics (what to fix first), after the products, as
/// ripgrep and ruff put their statistics last. `verbose`: the findings were listed (`-v`);
/// otherwise, where there are findings, the summary says how to see them.
fn write_summary(out: &mut dyn Write, tail: &BatchTail, verbose: bool) -> Result<()> {
    let s = &tail.batch_summary;
    let c = &tail.batch_compliance;
    let a = &tail.batch_analytics;
    // The table counts each product's findings without showing them: say where they are.
    let hidden = if verbose || s.products_with_errors == 0 {
        ""
    } else {
        " (counted per product above; -v lists every finding with its line)"
    };
    writeln!(out)?;
    writeln!(
        out,
        "Batch: {}, {} valid, {} with errors{hidden}; GMC compliant {} ({} fully compliant)",
        count(s.total_products, "product"),
        s.valid_products,
        s.products_with_errors,
        c.gmc_compliant,
        c.fully_compliant_products
    )?;
    writeln!(
        out,
        "Products at risk (critical compliance issues): {}   Optimisation opportunities: {}   Revenue at risk: ${:.2}/month",
        a.products_at_risk, a.optimization_opportunities, s.total_revenue_at_risk
    )?;
    if a.quick_wins.is_empty() {
        writeln!(out, "Quick wins: none, every rule passes")?;
    } else {
        writeln!(out, "Quick wins (most impact for least work):")?;
        for (i, w) in a.quick_wins.iter().enumerate() {
            writeln!(
                out,
                "  {}. {} {}: fixes {} product{}, ${:.2}/month. {}",
                i + 1,
                w.rule,
                w.name,
                w.products_fixed,
                plural(w.products_fixed),
                w.impact,
                w.fix
            )?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report(id: &str, findings: Vec<crate::model::Finding>) -> ProductReport {
        let engine = crate::rules::Engine::new(crate::rules::EngineOptions::default());
        let mut p = crate::model::Product::default();
        p.set("id", id);
        let mut r = engine.check(&p);
        r.findings = findings;
        r
    }

    fn finding(code: &'static str, severity: Severity, impact: f64) -> crate::model::Finding {
        crate::model::Finding {
            code,
            name: "n",
            group: Group::Content,
            severity,
            kind: RuleKind::Performance,
            field: "title",
            message: "m".into(),
            fix: "f",
            revenue_impact: impact,
            line: 0,
        }
    }

    #[test]
    fn quick_wins_aggregate_per_rule_and_rank_by_impact_per_minute() {
        let mut a = BatchAnalytics::default();
        // FL-C001 low: 2 products x $35 for 2 min each; FL-C002 critical: 1 x $50 for 15 min.
        a.add(&report(
            "A",
            vec![
                finding("FL-C001", Severity::Low, 35.0),
                finding("FL-C001", Severity::Low, 35.0),
                finding("FL-C002", Severity::Critical, 50.0),
            ],
        ));
        a.add(&report("B", vec![finding("FL-C001", Severity::Low, 35.0)]));
        let wins = a.quick_wins();
        assert_eq!(wins.len(), 2);
        assert_eq!(wins[0].rule, "FL-C001");
        assert_eq!(wins[0].products_fixed, 2);
        assert!((wins[0].impact - 105.0).abs() < 1e-9);
        assert_eq!(wins[1].rule, "FL-C002");
        assert_eq!(a.optimization_opportunities, 4);
        assert_eq!(a.products_with_errors, 2);
    }

    /// The entry of a product checked by the engine, with and without market intelligence,
    /// written both ways.
    fn both_ways(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        let p = crate::rules::product_from_pairs(pairs);
        let r = crate::rules::Engine::new(crate::rules::EngineOptions::default()).check(&p);
        [false, true]
            .into_iter()
            .map(|mi| {
                let e = BatchEntry::from_report(&r, mi);
                let mut fast = Vec::new();
                write_entry(&mut fast, &e).unwrap();
                (
                    String::from_utf8(fast).unwrap(),
                    serde_json::to_string(&e).unwrap(),
                )
            })
            .collect()
    }

    #[test]
    fn entries_are_written_as_serde_json_writes_them() {
        let products: [&[(&str, &str)]; 3] = [
            &[("id", "1"), ("title", "Short")],
            &[
                ("id", "SKU-1"),
                ("title", "Acme Men's Cotton T-Shirt, Navy Blue, Size L"),
                ("description", "A soft shirt, \"classic\" fit."),
                ("link", "https://acme.test/p/1"),
                ("image_link", "https://acme.test/p/1.jpg"),
                ("price", "19.99 USD"),
                ("availability", "in_stock"),
                ("condition", "new"),
                ("brand", "Acme"),
                ("gtin", "4006381333931"),
                (
                    "google_product_category",
                    "Apparel & Accessories > Clothing",
                ),
            ],
            &[("id", "a\\b\t\"c\"\u{1}é😀"), ("price", "-3 XXX")],
        ];
        for pairs in products {
            for (fast, by_serde) in both_ways(pairs) {
                assert_eq!(fast, by_serde);
            }
        }
    }

    proptest::proptest! {
        /// Each rule's products and impact are counted as a map by code text counts them,
        /// whatever the codes' lengths and wherever their text is (the same code from two
        /// places counts as one rule).
        #[test]
        fn tallies_count_per_code_text(
            products in proptest::collection::vec(
                proptest::collection::vec((0usize..6, 0u8..4), 0..6),
                0..8,
            ),
        ) {
            const CODES: [&str; 6] = ["FL-C001", "FL-C002", "FL-X", "FL-LONGER01", "FL-C002", ""];
            // Another copy of a code's text, at another address.
            let copied: &'static str = Box::leak(String::from("FL-C001").into_boxed_str());
            let mut a = BatchAnalytics::default();
            let mut want: BTreeMap<&str, (u64, f64)> = BTreeMap::new();
            for findings in &products {
                let mut seen = Vec::new();
                let findings: Vec<_> = findings
                    .iter()
                    .map(|&(c, impact)| {
                        let code = if impact == 3 { copied } else { CODES[c] };
                        let w = want.entry(code).or_default();
                        w.1 += f64::from(impact);
                        if !seen.contains(&code) {
                            seen.push(code);
                            w.0 += 1;
                        }
                        finding(code, Severity::Low, f64::from(impact))
                    })
                    .collect();
                a.add(&report("p", findings));
            }
            let got: BTreeMap<&str, (u64, f64)> =
                a.rules.iter().map(|t| (t.code, (t.products, t.impact))).collect();
            proptest::prop_assert_eq!(got, want);
            proptest::prop_assert_eq!(a.rules.len(), a.by_key.len() + a.by_code.len());
        }

        /// Whatever the entry holds (texts with quotes, backslashes, controls, non-ASCII; any
        /// numbers, counts and codes), the bytes are serde_json's.
        #[test]
        fn any_entry_gives_serde_jsons_bytes(
            texts in proptest::collection::vec("[a-z\"\\\t\u{1}\u{7f}é% -]{0,12}", 4),
            numbers in proptest::collection::vec(proptest::num::f64::ANY, 6),
            counts in proptest::collection::vec(0usize..1000, 7),
            flags in proptest::collection::vec(proptest::bool::ANY, 7),
            violations in proptest::collection::vec(
                proptest::sample::select(vec!["FL-C003", "FL-I015", "FL-\"x"]),
                0..4,
            ),
            category in proptest::option::of(proptest::sample::select(vec!["apparel", "electronics"])),
            coverage in proptest::prop_oneof![0.0f64..=100.0, proptest::num::f64::ANY],
        ) {
            let g = |i: usize| GroupCount { has_errors: flags[i], error_count: counts[i] };
            let e = BatchEntry {
                gmc_compliance: EntryCompliance {
                    status: "partially_compliant",
                    coverage: Percent(coverage),
                    message: Message::Fixed(Box::leak(texts[1].clone().into_boxed_str())),
                    violations,
                },
                performance_optimization: EntryOptimization {
                    overall_score: numbers[0],
                    message: if flags[0] {
                        Message::Fixed(Box::leak(texts[2].clone().into_boxed_str()))
                    } else {
                        Message::Opportunities { n: counts[0], worth: " worth $", amount: numbers[4] }
                    },
                    estimated_revenue_gain: numbers[1],
                },
                product_id: &texts[3],
                validation_score: numbers[2],
                total_errors: counts[6],
                total_revenue_impact: numbers[3],
                overall_priority: "high",
                results: GroupCounts {
                    identity: g(0),
                    content: g(1),
                    pricing: g(2),
                    media: g(3),
                    inventory: g(4),
                    category: g(5),
                },
                market_intelligence: flags[6].then_some(EntryMarketIntelligence {
                    detected_category: category,
                    confidence: numbers[4],
                    category_score: numbers[5],
                }),
            };
            let mut fast = Vec::new();
            let written = write_entry(&mut fast, &e);
            let by_serde = serde_json::to_vec(&e);
            // Non-finite numbers are written as `null` by both.
            proptest::prop_assert_eq!(written.is_ok(), by_serde.is_ok());
            if let Ok(by_serde) = by_serde {
                proptest::prop_assert_eq!(String::from_utf8(fast).unwrap(), String::from_utf8(by_serde).unwrap());
            }
        }
    }

    proptest::proptest! {
        /// The integer path writes what float formatting writes, for any number and for
        /// percentages in particular.
        #[test]
        fn percent_text_is_the_float_formatters(
            any in proptest::num::f64::ANY,
            pct in 0.0f64..100.0,
            tenths in 0u32..1000,
        ) {
            for v in [any, pct, f64::from(tenths) / 10.0, f64::from(tenths) * 0.1] {
                proptest::prop_assert_eq!(percent_text(v), percent_text_by_float(v), "{}", v);
            }
        }
    }

    proptest::proptest! {
        /// A coverage written from its number is the JSON string of its text, whatever the
        /// number (whole tenths or not, negative, huge, not finite).
        #[test]
        fn percents_are_written_as_serde_json_writes_their_text(
            any in proptest::num::f64::ANY,
            pct in 0.0f64..100.0,
            tenths in 0u64..2_000_000_000_000,
        ) {
            #[expect(clippy::cast_precision_loss, reason = "below 2^53")]
            let t = tenths as f64 / 10.0;
            for v in [any, pct, t, -t, t * 0.1] {
                let mut got = Vec::new();
                write_percent(&mut got, Percent(v)).unwrap();
                proptest::prop_assert_eq!(
                    String::from_utf8(got).unwrap(),
                    serde_json::to_string(&percent_text(v)).unwrap()
                );
                proptest::prop_assert_eq!(Percent(v).to_string(), percent_text(v));
            }
        }
    }

    /// Under `-v` each block of rows is followed by its own products' findings, in the lines
    /// `validate -v` writes, before the next block: memory holds one block of each.
    #[test]
    fn verbose_findings_follow_the_block_of_rows_they_belong_to() {
        let p = crate::rules::product_from_pairs(&[("id", "A"), ("gtin", "5060155240283")]);
        let r = crate::rules::Engine::new(crate::rules::EngineOptions::default()).check(&p);
        let per_product = r.findings.len();
        assert!(per_product > 0);
        let look = TableLook {
            name_files: true,
            verbose: true,
            color: false,
            width: None,
        };
        let mut out = Vec::new();
        let mut view = TableView::new(&mut out, look);
        for _ in 0..=crate::report::TABLE_BLOCK {
            view.product(&r, "feed.csv").unwrap();
        }
        assert!(view.rows.len() == 1 && view.verbose.len() == per_product);
        view.finish(&BatchAnalytics::default().tail(0)).unwrap();
        let text = String::from_utf8(out).unwrap();
        let expected = crate::report::validate::verbose_line("feed.csv", &r.findings[0]);
        assert!(expected.starts_with("feed.csv:"), "{expected}");
        let blocks: Vec<&str> = text.split('┌').skip(1).collect();
        assert_eq!(blocks.len(), 2, "{text}");
        for (block, products) in blocks.iter().zip([crate::report::TABLE_BLOCK, 1]) {
            assert!(block.contains(&format!("feed.csv:{}", r.line)), "{block}");
            let after = &block[block.find('└').unwrap()..];
            assert_eq!(after.matches("feed.csv:").count(), products * per_product);
            assert_eq!(after.matches(&expected).count(), products);
        }
    }

    /// The messages built by hand read as the `format!`s they replaced: counts, plurals,
    /// amounts (whole cents and not).
    #[test]
    fn entry_messages_read_as_their_format() {
        let mut r = report("A", Vec::new());
        for n in [0usize, 1, 2, 17] {
            r.status = ComplianceStatus::PartiallyCompliant;
            assert_eq!(
                compliance_message(&r, n).to_string(),
                format!(
                    "{n} compliance issue{} may limit this product's visibility",
                    plural(n)
                )
            );
            r.status = ComplianceStatus::NonCompliant;
            assert_eq!(
                compliance_message(&r, n).to_string(),
                format!(
                    "{n} compliance issue{}; GMC would disapprove this product",
                    plural(n)
                )
            );
            for amount in [0.0, 0.05, 97.5, 0.1 + 0.2, 1234.0, 1e15, 2.675] {
                let want = if n == 0 {
                    "No optimisation opportunity found".to_owned()
                } else {
                    format!(
                        "{n} optimisation opportunit{} worth ${}/month",
                        if n == 1 { "y" } else { "ies" },
                        crate::revenue::impact::TwoDecimals(amount)
                    )
                };
                assert_eq!(optimization_message(n, amount).to_string(), want);
            }
        }
        r.status = ComplianceStatus::FullyCompliant;
        assert_eq!(
            compliance_message(&r, 0).to_string(),
            "Meets all GMC requirements checked"
        );
    }

    #[test]
    fn percent_text_drops_a_zero_decimal() {
        assert_eq!(percent_text(100.0), "100%");
        assert_eq!(percent_text(66.666), "66.7%");
        assert_eq!(percent_text(0.0), "0%");
    }
}
