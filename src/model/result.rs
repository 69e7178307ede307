//! The product validation result of spec 2.3 (`data.products[]`), field for field, plus the
//! optional intelligence outputs the spec enables by options but does not name (4.1:
//! `enableMarketIntelligence`, `enableRecommendations`, `includeBusinessIntelligence`).
//!
//! Conversion only: every number comes from the engine's `ProductReport` (docs/scoring.md).
//! No I/O. The envelope (`success`, `data.summary`, `data.billing`, `meta`) belongs to the
//! `validate` command and the accounts module.

use std::fmt;

use serde::Serialize;

use super::{Finding, RuleKind, Severity};
use crate::model::text::plural;
use crate::revenue::impact::{TwoDecimals, round_cents};
use crate::rules::{ComplianceStatus, ProductReport};

/// Which optional outputs to include.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ResultOptions {
    /// `--market-intelligence`: `marketIntelligence`.
    pub market_intelligence: bool,
    /// `--recommendations`: `recommendations`.
    pub recommendations: bool,
    /// `--business-intelligence`: `businessIntelligence`.
    pub business_intelligence: bool,
}

/// Number of opportunities listed under `recommendations`.
pub const TOP_RECOMMENDATIONS: usize = 5;
/// Minutes of work assumed to fix one issue, by severity (payback period; docs/scoring.md).
#[must_use]
pub fn fix_minutes(s: Severity) -> f64 {
    match s {
        Severity::Critical => 15.0,
        Severity::High => 10.0,
        Severity::Medium => 5.0,
        Severity::Low => 2.0,
    }
}
/// Hourly cost of feed work assumed for the payback period (USD; docs/scoring.md).
pub const FIX_HOURLY_RATE_USD: f64 = 40.0;

/// One product result (spec 2.3).
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct ProductResult<'a> {
    pub product_id: &'a str,
    pub is_valid: bool,
    pub total_errors: usize,
    pub total_revenue_impact: f64,
    pub overall_priority: Severity,
    pub gmc_compliance: GmcCompliance<'a>,
    pub performance_optimization: PerformanceOptimization,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub market_intelligence: Option<MarketIntelligence>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recommendations: Option<Vec<Recommendation<'a>>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub business_intelligence: Option<BusinessIntelligence>,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct GmcCompliance<'a> {
    /// `fully_compliant`, `partially_compliant` or `non_compliant` (serialised as the text
    /// `as_str` gives). The status itself, not its text: the JSON writer
    /// (`report::product_json`) writes it with its key as one literal per status.
    pub status: ComplianceStatus,
    /// 0–100.
    pub percentage: f64,
    pub required_fields_check: RequiredFieldsCheck,
    pub violations: Violations<'a>,
    pub message: Message,
}

/// `violations`: the report's findings, serialised each as its [`Violation`]. A view, not a
/// `Vec<Violation>`: the vector was an allocation, a free and a copy of every finding per
/// product, read once by the JSON writer (`report::product_json`), which now reads the findings
/// themselves (callgrind; docs/performance.md,
/// "a batch entry's messages without `format!`").
#[derive(Debug, Clone, PartialEq)]
pub struct Violations<'a>(pub &'a [Finding]);

impl Serialize for Violations<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter().map(violation))
    }
}

/// Each value is `compliant`, `missing` or `invalid` (serialised as the text `as_str` gives):
/// the engine's [`RequiredFields`](crate::rules::RequiredFields) itself, serialised with the
/// spec's camelCase names, so that the seven fields are listed once.
///
/// The statuses themselves, not their texts: the JSON writer (`report::product_json`) asks
/// whether all seven are `compliant` (most products) with seven byte compares, where the
/// seven texts' comparisons were ~60 instructions a row (callgrind; docs/performance.md).
pub type RequiredFieldsCheck = crate::rules::RequiredFields;

/// One rule that fired (every finding, compliance and performance; `kind` tells which score
/// it lowers).
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Violation<'a> {
    pub rule: &'static str,
    pub name: &'static str,
    pub field: &'a str,
    pub severity: Severity,
    pub kind: RuleKind,
    pub message: &'a str,
    pub fix: &'a str,
    pub revenue_impact: f64,
    pub line: u64,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct PerformanceOptimization {
    /// 0–100.
    pub overall_score: f64,
    /// Monthly USD the performance findings cost (what optimising would gain).
    pub estimated_revenue_impact: f64,
    pub message: Message,
}

/// A result's message (`gmcCompliance.message` and `performanceOptimization.message` here, the
/// same two of a `batch` entry): a fixed sentence, or a count and an amount with the program's
/// words around them, kept as their parts and turned into text only where written.
///
/// Not a `String` (it was a `Cow<'static, str>`, owned for 0.9 messages a bench row): building
/// the text was an allocation, four to six pushes and a free, and writing it a copy behind the
/// escape check of its ~55 bytes. The JSON writers (`report::product_json::message`) now write
/// the parts straight into their buffer; anything else reads the text through `Display` (serde:
/// `collect_str`, the same escaped bytes as the text's `serialize_str`). Callgrind: see
/// docs/performance.md, "the results' messages written from their parts".
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Message {
    /// A fixed sentence of the program.
    Fixed(&'static str),
    /// `"{n} compliance issue{s}{rest}"`; `rest` is one of the program's texts without a byte
    /// JSON escapes (a test checks each).
    ComplianceIssues { n: usize, rest: &'static str },
    /// `"{n} optimisation opportunit{y|ies}{worth}{amount}/month"`, the amount as
    /// [`TwoDecimals`] writes it; `worth` is one of the program's texts without a byte JSON
    /// escapes.
    Opportunities {
        n: usize,
        worth: &'static str,
        amount: f64,
    },
}

impl Message {
    /// The word after the count of [`Message::Opportunities`].
    #[must_use]
    pub fn opportunities_noun(n: usize) -> &'static str {
        if n == 1 {
            " optimisation opportunity"
        } else {
            " optimisation opportunities"
        }
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::Fixed(s) => f.write_str(s),
            Self::ComplianceIssues { n, rest } => {
                write!(f, "{n} compliance issue{}{rest}", plural(n))
            }
            Self::Opportunities { n, worth, amount } => write!(
                f,
                "{n}{}{worth}{}/month",
                Self::opportunities_noun(n),
                TwoDecimals(amount)
            ),
        }
    }
}

impl Serialize for Message {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// `--market-intelligence`: the detected category and its validator's score.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct MarketIntelligence {
    /// Category key, or null when none was detected.
    pub detected_category: Option<&'static str>,
    /// Display name of the category.
    pub category_name: Option<&'static str>,
    /// 0–1.
    pub confidence: f64,
    /// What the detection was based on (market_product_category, product_type, category,
    /// title_description, override, none).
    pub detection_source: &'static str,
    /// 0–100: 100 minus the weights of the category rules' findings.
    pub category_score: f64,
    /// GTIN requirement level of the category (spec 2.5).
    pub gtin_requirement: Option<&'static str>,
}

/// `--recommendations`: one of the top opportunities, highest impact first.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Recommendation<'a> {
    pub rule: &'static str,
    pub field: &'a str,
    pub action: &'a str,
    /// Monthly USD gained by fixing it.
    pub impact: f64,
    pub priority: Severity,
}

/// `--business-intelligence`: content scores and the total gain of fixing everything.
#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct BusinessIntelligence {
    /// 0–100: the GMC compliance percentage restricted to content-group findings.
    pub content_compliance_score: f64,
    /// 0–100: the optimisation score restricted to content-group findings.
    pub content_performance_score: f64,
    /// Monthly USD gained by fixing every finding (= totalRevenueImpact).
    pub total_estimated_gain: f64,
    pub priority_level: Severity,
    /// Days until the estimated fixing cost is earned back; 0 when there is nothing to fix.
    pub payback_period_days: f64,
}

/// The violation of a finding (what `violations` lists for it).
#[must_use]
pub fn violation(f: &Finding) -> Violation<'_> {
    Violation {
        rule: f.code,
        name: f.name,
        field: f.field,
        severity: f.severity,
        kind: f.kind,
        message: &f.message,
        fix: f.fix,
        revenue_impact: f.revenue_impact,
        line: f.line,
    }
}

fn compliance_message(r: &ProductReport) -> Message {
    let rest = match r.status {
        ComplianceStatus::FullyCompliant => {
            return Message::Fixed("Product meets all GMC requirements checked");
        }
        ComplianceStatus::PartiallyCompliant => " to fix; the product is listed but at risk",
        ComplianceStatus::NonCompliant => "; the product would be disapproved",
    };
    Message::ComplianceIssues {
        n: r.compliance_findings().count(),
        rest,
    }
}

fn optimization_message(r: &ProductReport) -> Message {
    let n = r
        .findings
        .iter()
        .filter(|f| f.kind == RuleKind::Performance)
        .count();
    if n == 0 {
        return Message::Fixed("No optimisation opportunities found");
    }
    Message::Opportunities {
        n,
        worth: " worth about $",
        amount: r.optimization_revenue_impact,
    }
}

fn content_scores(r: &ProductReport) -> (f64, f64) {
    let mut c = 0.0;
    let mut p = 0.0;
    for f in r
        .findings
        .iter()
        .filter(|f| f.group == super::Group::Content)
    {
        match f.kind {
            RuleKind::Compliance => c += crate::rules::compliance_weight(f.severity),
            RuleKind::Performance => p += crate::rules::optimization_weight(f.severity),
        }
    }
    (
        (100.0 - c).max(0.0),
        (100.0 - p - 0.5 * c).clamp(0.0, 100.0),
    )
}

impl<'a> ProductResult<'a> {
    /// Converts an engine report, including the optional outputs `options` asks for.
    #[must_use]
    pub fn from_report(r: &'a ProductReport, options: ResultOptions) -> Self {
        let market_intelligence = options.market_intelligence.then(|| MarketIntelligence {
            detected_category: r.category.map(crate::catalog::Category::key),
            category_name: r.category.map(crate::catalog::Category::display_name),
            confidence: (r.category_confidence * 100.0).round() / 100.0,
            detection_source: r.category_source.as_str(),
            category_score: r.category_score,
            gtin_requirement: r.category.map(|c| c.gtin_requirement().as_str()),
        });
        let recommendations = options.recommendations.then(|| {
            let mut sorted: Vec<&Finding> = r.findings.iter().collect();
            sorted.sort_by(|a, b| {
                b.revenue_impact
                    .total_cmp(&a.revenue_impact)
                    .then_with(|| b.severity.cmp(&a.severity))
                    .then_with(|| a.code.cmp(b.code))
                    .then_with(|| a.field.cmp(b.field))
            });
            sorted
                .into_iter()
                .take(TOP_RECOMMENDATIONS)
                .map(|f| Recommendation {
                    rule: f.code,
                    field: f.field,
                    action: f.fix,
                    impact: f.revenue_impact,
                    priority: f.severity,
                })
                .collect()
        });
        let business_intelligence = options.business_intelligence.then(|| {
            let (content_compliance_score, content_performance_score) = content_scores(r);
            let fix_cost: f64 = r
                .findings
                .iter()
                .map(|f| fix_minutes(f.severity) / 60.0 * FIX_HOURLY_RATE_USD)
                .sum();
            let daily_gain = r.total_revenue_impact / 30.0;
            let payback_period_days = if fix_cost == 0.0 || daily_gain <= 0.0 {
                0.0
            } else {
                (fix_cost / daily_gain * 10.0).ceil() / 10.0
            };
            BusinessIntelligence {
                content_compliance_score,
                content_performance_score,
                total_estimated_gain: round_cents(r.total_revenue_impact),
                priority_level: r.priority,
                payback_period_days,
            }
        });
        Self {
            product_id: &r.product_id,
            is_valid: r.is_valid(),
            total_errors: r.findings.len(),
            total_revenue_impact: r.total_revenue_impact,
            overall_priority: r.priority,
            gmc_compliance: GmcCompliance {
                status: r.status,
                percentage: r.compliance_percentage,
                required_fields_check: r.required,
                violations: Violations(&r.findings),
                message: compliance_message(r),
            },
            performance_optimization: PerformanceOptimization {
                overall_score: r.optimization_score,
                estimated_revenue_impact: r.optimization_revenue_impact,
                message: optimization_message(r),
            },
            market_intelligence,
            recommendations,
            business_intelligence,
        }
    }
}

impl<'a> From<&'a ProductReport> for ProductResult<'a> {
    fn from(r: &'a ProductReport) -> Self {
        Self::from_report(r, ResultOptions::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Engine, EngineOptions, product_from_pairs};

    #[test]
    fn optional_outputs_are_absent_unless_asked_for() {
        let p = product_from_pairs(&[("id", "1"), ("title", "Short")]);
        let r = Engine::new(EngineOptions::default()).check(&p);
        let plain = serde_json::to_value(ProductResult::from(&r)).unwrap();
        for k in [
            "marketIntelligence",
            "recommendations",
            "businessIntelligence",
        ] {
            assert!(plain.get(k).is_none(), "{k}");
        }
        let all = ResultOptions {
            market_intelligence: true,
            recommendations: true,
            business_intelligence: true,
        };
        let rich = serde_json::to_value(ProductResult::from_report(&r, all)).unwrap();
        assert!(rich["recommendations"].as_array().unwrap().len() <= TOP_RECOMMENDATIONS);
        assert!(
            rich["businessIntelligence"]["paybackPeriodDays"]
                .as_f64()
                .unwrap()
                > 0.0
        );
        assert_eq!(
            rich["gmcCompliance"]["requiredFieldsCheck"]["imageLink"],
            "missing"
        );
        assert_eq!(rich["overallPriority"], "critical");
        assert_eq!(rich["gmcCompliance"]["status"], "non_compliant");
    }

    /// The messages built by hand read as their `format!` would: counts, plural, amount.
    #[test]
    fn messages_count_the_findings_and_sum_the_amounts() {
        let engine = Engine::new(EngineOptions::default());
        let mut r = engine.check(&product_from_pairs(&[("id", "1"), ("title", "Short")]));
        let n = r.compliance_findings().count();
        assert!(n > 1);
        r.status = ComplianceStatus::NonCompliant;
        assert_eq!(
            compliance_message(&r).to_string(),
            format!("{n} compliance issues; the product would be disapproved")
        );
        r.status = ComplianceStatus::PartiallyCompliant;
        assert_eq!(
            compliance_message(&r).to_string(),
            format!("{n} compliance issues to fix; the product is listed but at risk")
        );
        let first = r
            .findings
            .iter()
            .find(|f| f.kind == RuleKind::Compliance)
            .cloned();
        let kept = r.findings.clone();
        r.findings.retain(|f| f.kind != RuleKind::Compliance);
        r.findings.extend(first);
        assert_eq!(
            compliance_message(&r).to_string(),
            "1 compliance issue to fix; the product is listed but at risk"
        );
        r.findings = kept;
        r.status = ComplianceStatus::FullyCompliant;
        assert_eq!(
            compliance_message(&r).to_string(),
            "Product meets all GMC requirements checked"
        );
        let performance = |r: &ProductReport| {
            r.findings
                .iter()
                .filter(|f| f.kind == RuleKind::Performance)
                .count()
        };
        r.findings.retain(|f| f.kind == RuleKind::Performance);
        r.findings.truncate(1);
        let second = r.findings[0].clone();
        r.findings.push(second);
        assert_eq!(performance(&r), 2);
        for (amount, text) in [(97.5, "97.50"), (0.1 + 0.2, "0.30"), (1234.0, "1234.00")] {
            r.optimization_revenue_impact = amount;
            assert_eq!(
                optimization_message(&r).to_string(),
                format!("2 optimisation opportunities worth about ${text}/month")
            );
        }
        r.findings.truncate(1);
        assert_eq!(
            optimization_message(&r).to_string(),
            "1 optimisation opportunity worth about $1234.00/month"
        );
        r.findings.clear();
        assert_eq!(
            optimization_message(&r).to_string(),
            "No optimisation opportunities found"
        );
    }
}
