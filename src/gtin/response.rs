//! The v2 GTIN response model (spec 2.5), field names exactly as the spec: one [`GtinResult`]
//! per value, and an [`Accumulator`] that builds the aggregate (`gtinCompliance`,
//! `gtinQualityAnalysis`, `summary`) one result at a time, so a run of any size streams.
//!
//! Responsible for turning analyses into the documented shape and wording. Not responsible for
//! writing bytes (`report::gtin`), billing or `meta` (the account module supplies them).

use std::fmt::Write as _;

use serde::Serialize;

use super::{
    FraudRisk, GtinAnalysis, GtinProblem, Options, Pattern, PatternSet, PrefixClass, RevenueIssue,
    prefix,
};
use crate::catalog::Category;
use crate::model::Severity;
use crate::model::text::plural;

const DIGIT_STR: [&str; 10] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"];

fn digit_str(ascii: u8) -> &'static str {
    DIGIT_STR
        .get(usize::from(ascii.wrapping_sub(b'0')))
        .copied()
        .unwrap_or("")
}

/// `format` of a value with no GTIN length (the spec lists only the four formats; feedlint
/// writes this string rather than null so the field keeps its type).
pub const UNKNOWN_FORMAT: &str = "unknown";

/// One `results[]` entry (spec 2.5).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GtinResult {
    /// The value exactly as submitted.
    pub gtin: String,
    /// Product id when the value came from a feed (`--from-feed`); feedlint extension.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub product_id: Option<String>,
    /// 1-based line of the product in its feed; feedlint extension.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<u64>,
    pub is_valid: bool,
    /// `GTIN-8`, `GTIN-12`, `GTIN-13`, `GTIN-14`, or `unknown`.
    pub format: &'static str,
    pub check_digit: CheckDigitOut,
    pub patterns: PatternsOut,
    pub gmc_compliance: GmcComplianceOut,
    pub quality_analysis: QualityAnalysisOut,
    /// With `includeRevenueImpact`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub revenue_impact: Option<RevenueImpactOut>,
    /// With `includeRevenueImpact`: `critical` for any GTIN issue (spec 2.5), else `low`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub priority: Option<Severity>,
    /// With `enableBusinessIntelligence`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub business_intelligence: Option<BusinessIntelligenceOut>,
    /// With `detailedAnalysis`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub details: Option<DetailsOut>,
}

/// `checkDigit`: one-digit strings; both empty when no GTIN length was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CheckDigitOut {
    pub expected: &'static str,
    pub actual: &'static str,
    pub is_valid: bool,
}

/// `patterns`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PatternsOut {
    pub is_suspicious: bool,
    /// Combined confidence of the detected patterns (0 when none).
    pub confidence: f64,
    pub detected_patterns: DetectedPatterns,
}

/// `detectedPatterns`: an array of `{id, name, group, risk, confidence}` in id order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DetectedPatterns(pub PatternSet);

#[derive(Serialize)]
struct PatternOut {
    id: &'static str,
    name: &'static str,
    group: &'static str,
    risk: &'static str,
    confidence: f64,
}

impl PatternOut {
    fn of(p: Pattern) -> Self {
        Self {
            id: p.id(),
            name: p.name(),
            group: p.group().as_str(),
            risk: group_risk(p).as_str(),
            confidence: p.confidence(),
        }
    }
}

fn group_risk(p: Pattern) -> FraudRisk {
    match p.group() {
        super::PatternGroup::Placeholder => FraudRisk::High,
        _ => FraudRisk::Critical,
    }
}

impl Serialize for DetectedPatterns {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(PatternOut::of))
    }
}

/// `gmcCompliance`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GmcComplianceOut {
    pub format_compliant: bool,
    pub check_digit_valid: bool,
    pub length_valid: bool,
    pub gmc_message: String,
}

/// `qualityAnalysis`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct QualityAnalysisOut {
    pub fraud_risk: FraudRisk,
    /// Same number as `patterns.confidence`.
    pub pattern_confidence: f64,
    pub recommendations: Vec<String>,
    pub analysis_message: String,
}

/// `revenueImpact` (feedlint extension, `includeRevenueImpact`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RevenueImpactOut {
    /// Estimated monthly revenue at risk in USD (spec 2.5 table floors; 0 when valid).
    pub amount: f64,
    pub currency: &'static str,
    /// The table row: sequential_pattern, repeating_pattern, check_digit_error,
    /// placeholder_pattern, format_violation; null when valid.
    pub issue: Option<&'static str>,
}

/// `businessIntelligence` (feedlint extension, `enableBusinessIntelligence`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BusinessIntelligenceOut {
    /// 0-100: mathematicalValidity + fraudPatternScore.
    pub quality_score: u8,
    /// 0-50 (spec 2.5).
    pub mathematical_validity: u8,
    /// 0-50 (spec 2.5).
    pub fraud_pattern_score: u8,
    /// Category key when one is known.
    pub category: Option<&'static str>,
    /// optional, recommended, required, critical (spec 2.5), when a category is known.
    pub category_requirement: Option<&'static str>,
    pub listing_impact: String,
}

/// `details` (feedlint extension, `detailedAnalysis`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DetailsOut {
    /// ASCII digits read (spaces, dashes, `(01)` removed); null when unreadable or > 14 digits.
    pub digits: Option<String>,
    /// Zero-padded 14-digit form shared by all paddings of the same item.
    pub canonical_gtin14: Option<String>,
    pub prefix: Option<PrefixOut>,
    pub problem: Option<ProblemOut>,
    /// Reading notes: `trimmed`, `separators_ignored`, `application_identifier_stripped`.
    pub notes: Vec<&'static str>,
}

/// `details.prefix`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PrefixOut {
    pub prefix: String,
    pub class: PrefixClass,
    pub holder: &'static str,
    /// Whether the GS1-8 table was used (GTIN-8 or a zero-padded GTIN-8).
    pub gtin8_table: bool,
    /// Date of the prefix table.
    pub table_date: &'static str,
}

/// `details.problem`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProblemOut {
    pub code: &'static str,
    pub message: String,
}

impl GtinResult {
    /// Builds the entry for `raw`, whose analysis is `a` (from [`super::analyze_with`] with the
    /// same options). `category` feeds `businessIntelligence` when known.
    #[must_use]
    pub fn new(raw: &str, a: &GtinAnalysis, options: Options, category: Option<Category>) -> Self {
        let check_digit = a.check_digit.map_or(
            CheckDigitOut {
                expected: "",
                actual: "",
                is_valid: false,
            },
            |c| CheckDigitOut {
                expected: digit_str(c.expected),
                actual: digit_str(c.actual),
                is_valid: c.is_valid(),
            },
        );
        let confidence = a.patterns.confidence();
        Self {
            gtin: raw.to_owned(),
            product_id: None,
            line: None,
            is_valid: a.is_valid(),
            format: a.format.map_or(UNKNOWN_FORMAT, super::GtinFormat::as_str),
            check_digit,
            patterns: PatternsOut {
                is_suspicious: a.is_suspicious(),
                confidence,
                detected_patterns: DetectedPatterns(a.patterns),
            },
            gmc_compliance: GmcComplianceOut {
                format_compliant: a.format_compliant(),
                check_digit_valid: a.check_digit_valid(),
                length_valid: a.length_valid(),
                gmc_message: gmc_message(a),
            },
            quality_analysis: QualityAnalysisOut {
                fraud_risk: a.fraud_risk(),
                pattern_confidence: confidence,
                recommendations: recommendations(a),
                analysis_message: analysis_message(a, options),
            },
            revenue_impact: options.revenue_impact.then(|| RevenueImpactOut {
                amount: a.revenue_impact_usd(),
                currency: "USD",
                issue: a.revenue_issue().map(RevenueIssue::as_str),
            }),
            priority: options.revenue_impact.then(|| a.priority()),
            business_intelligence: options
                .business_intelligence
                .then(|| business_intelligence(a, category)),
            details: options.detailed.then(|| details(a)),
        }
    }

    /// Records where the value came from (`--from-feed`).
    #[must_use]
    pub fn with_source(mut self, product_id: impl Into<String>, line: Option<u64>) -> Self {
        self.product_id = Some(product_id.into());
        self.line = line;
        self
    }
}

fn gmc_message(a: &GtinAnalysis) -> String {
    match (a.problem, a.format) {
        (Some(p), _) => format!(
            "Not GMC compliant: {}. An invalid GTIN yields 0% GMC compliance for the product",
            p.message()
        ),
        (None, Some(f)) if a.is_suspicious() => format!(
            "{f} passes GMC format and check-digit checks but matches a fake-GTIN pattern; platforms may reject numbers not issued by GS1"
        ),
        (None, Some(f)) => {
            format!(
                "Valid {f} ({}): meets GMC format, length and check-digit requirements",
                f.common_name()
            )
        }
        (None, None) => "Not GMC compliant".to_owned(),
    }
}

fn prefix_note(a: &GtinAnalysis) -> Option<String> {
    let p = a.prefix?;
    match p.class {
        PrefixClass::Unassigned => Some(format!(
            "prefix {} is not assigned to any GS1 member organisation (GS1 prefix list {})",
            p.as_str(),
            prefix::PREFIX_TABLE_DATE
        )),
        PrefixClass::Demo => Some(format!(
            "prefix {} is GS1's range for demonstration and example numbers",
            p.as_str()
        )),
        _ => None,
    }
}

fn analysis_message(a: &GtinAnalysis, options: Options) -> String {
    if a.is_suspicious() {
        let mut s = format!(
            "Matches {} fake-GTIN pattern{}:",
            a.patterns.len(),
            plural(a.patterns.len())
        );
        for (i, p) in a.patterns.iter().enumerate() {
            let sep = if i == 0 { " " } else { ", " };
            let _ = write!(s, "{sep}{} {} ({:.2})", p.id(), p.name(), p.confidence());
        }
        let _ = write!(s, "; combined confidence {:.2}", a.patterns.confidence());
        if let Some(note) = prefix_note(a) {
            s.push_str("; ");
            s.push_str(&note);
        }
        return s;
    }
    if let Some(note) = prefix_note(a) {
        return format!("No fake-GTIN pattern, but {note}");
    }
    if options.pattern_detection {
        "No fake-GTIN pattern detected".to_owned()
    } else {
        "Pattern detection disabled".to_owned()
    }
}

fn recommendations(a: &GtinAnalysis) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(p) = a.problem {
        out.push(match p {
            GtinProblem::Empty => "Add the manufacturer's GTIN from the product packaging, or set identifier_exists to no when the product has none".to_owned(),
            GtinProblem::InvalidCharacter(_) | GtinProblem::NonAsciiDigits => "Submit only the ASCII digits 0-9 (spaces and dashes are ignored; letters and other symbols are not)".to_owned(),
            GtinProblem::SpreadsheetDamage(_) => "Re-export the GTIN column from the source system formatted as text; digits lost in a spreadsheet cannot be recovered from this value".to_owned(),
            GtinProblem::Isbn10 { isbn13: Some(d) } => format!("Submit the ISBN-13 {d} as the GTIN"),
            GtinProblem::Isbn10 { isbn13: None } => "Submit the book's 13-digit ISBN as the GTIN".to_owned(),
            GtinProblem::BadLength(_) => "Copy the GTIN from the packaging: it has 8, 12, 13 or 14 digits, leading zeros included".to_owned(),
            GtinProblem::ElementString => "Remove the (01) Application Identifier and submit the 14 digits".to_owned(),
            GtinProblem::CheckDigit(c) => format!("Correct the GTIN: with these digits the last (check) digit must be {}; re-copy it from the packaging rather than changing the last digit blindly", c.expected_char()),
            GtinProblem::Prefix(PrefixClass::Coupon | PrefixClass::RefundReceipt) => "Use the product's GTIN, not a coupon or refund-receipt number".to_owned(),
            GtinProblem::Prefix(_) => "Use the GS1-issued GTIN of the product, not an in-store or restricted-circulation code".to_owned(),
        });
    }
    if a.is_suspicious() {
        out.push("Replace the value with the GTIN the brand owner licensed from GS1; made-up, test and placeholder numbers are rejected or mismatched".to_owned());
    } else if let Some(note) = prefix_note(a) {
        out.push(format!("Verify the GTIN with the brand owner: {note}"));
    }
    out
}

fn business_intelligence(a: &GtinAnalysis, category: Option<Category>) -> BusinessIntelligenceOut {
    let requirement = category.map(Category::gtin_requirement);
    let base = if !a.is_valid() {
        "Disapproval: an invalid GTIN yields 0% GMC compliance for the product"
    } else if a.is_suspicious() {
        "At risk: platforms may disapprove or limit products whose GTIN was not issued by GS1"
    } else {
        "Eligible for GTIN-matched listings"
    };
    let listing_impact = match (category, requirement) {
        (Some(c), Some(r)) => format!("{base} (GTIN is {} for {})", r.as_str(), c.display_name()),
        _ => base.to_owned(),
    };
    BusinessIntelligenceOut {
        quality_score: a.quality_score(),
        mathematical_validity: a.mathematical_score(),
        fraud_pattern_score: a.pattern_score(),
        category: category.map(Category::key),
        category_requirement: requirement.map(crate::catalog::GtinRequirement::as_str),
        listing_impact,
    }
}

fn details(a: &GtinAnalysis) -> DetailsOut {
    let mut notes = Vec::new();
    if a.notes.trimmed {
        notes.push("trimmed");
    }
    if a.notes.separators_ignored {
        notes.push("separators_ignored");
    }
    if a.notes.application_identifier {
        notes.push("application_identifier_stripped");
    }
    DetailsOut {
        digits: a.digits.map(|d| d.to_string()),
        canonical_gtin14: a.canonical_gtin14().map(|d| d.to_string()),
        prefix: a.prefix.map(|p| PrefixOut {
            prefix: p.as_str().to_owned(),
            class: p.class,
            holder: p.holder,
            gtin8_table: p.gtin8,
            table_date: prefix::PREFIX_TABLE_DATE,
        }),
        problem: a.problem.map(|p| ProblemOut {
            code: p.code(),
            message: p.message(),
        }),
        notes,
    }
}

/// `data.gtinCompliance`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GtinCompliance {
    /// Percentage text of valid GTINs, e.g. `"75%"`, `"66.7%"`.
    pub gmc_compliant: String,
    /// True when every value has a GTIN format (and there is at least one).
    pub valid_format: bool,
    pub format_message: String,
    pub validation_details: ValidationDetails,
    pub compliance_details: ComplianceDetails,
}

/// `gtinCompliance.validationDetails`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ValidationDetails {
    pub total_processed: u64,
    pub format_compliant: u64,
    pub format_violations: u64,
    pub check_digit_valid: u64,
}

/// `gtinCompliance.complianceDetails`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ComplianceDetails {
    /// `fully_compliant` (all valid), `partially_compliant`, `non_compliant` (none valid),
    /// `no_gtins` (nothing processed).
    pub status: &'static str,
    /// Same percentage text as `gmcCompliant`.
    pub coverage: String,
    pub message: String,
}

/// `data.gtinQualityAnalysis`.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GtinQualityAnalysis {
    /// Mean quality score (0-100, one decimal; 100 = no concerns, also when nothing processed).
    pub fraud_detection_score: f64,
    pub pattern_analysis: PatternAnalysis,
    pub quality_recommendations: Vec<String>,
    pub quality_message: String,
}

/// `gtinQualityAnalysis.patternAnalysis`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PatternAnalysis {
    /// Pattern matches in total (a value matching two patterns counts twice).
    pub suspicious_patterns: u64,
    /// `high` (mean confidence of suspicious values >= 0.85, or none suspicious), `medium`
    /// (>= 0.65), `low`; `none` when pattern detection is off.
    pub confidence_level: &'static str,
    /// Values the detectors ran on (0 when pattern detection is off).
    pub total_analyzed: u64,
}

/// `data.summary`.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    pub total_processed: u64,
    pub valid_count: u64,
    pub invalid_count: u64,
    pub suspicious_count: u64,
    /// Percent of valid values, one decimal.
    pub compliance_rate: f64,
}

/// Builds the aggregate incrementally. Feed it every analysis (in any order; [`merge`] joins
/// accumulators of parallel chunks); memory is constant.
///
/// [`merge`]: Accumulator::merge
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Accumulator {
    total: u64,
    valid: u64,
    format_compliant: u64,
    check_digit_valid: u64,
    suspicious: u64,
    pattern_matches: u64,
    analyzed: u64,
    score_sum: u64,
    suspicious_confidence_sum: f64,
    empty: u64,
    characters: u64,
    damaged: u64,
    isbn10: u64,
    bad_length: u64,
    element_string: u64,
    check_digit_errors: u64,
    restricted: u64,
    coupon: u64,
    unissued_prefix: u64,
}

impl Accumulator {
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds one analysis. `pattern_detection` says whether detectors ran on it.
    pub fn add(&mut self, a: &GtinAnalysis, pattern_detection: bool) {
        self.total += 1;
        self.valid += u64::from(a.is_valid());
        self.format_compliant += u64::from(a.format_compliant());
        self.check_digit_valid += u64::from(a.check_digit_valid());
        self.suspicious += u64::from(a.is_suspicious());
        self.pattern_matches += a.patterns.len() as u64;
        self.analyzed += u64::from(pattern_detection);
        self.score_sum += u64::from(a.quality_score());
        if a.is_suspicious() {
            self.suspicious_confidence_sum += a.patterns.confidence();
        }
        if a.prefix.is_some_and(|p| p.class.is_unissued()) {
            self.unissued_prefix += 1;
        }
        let counter = match a.problem {
            None => return,
            Some(GtinProblem::Empty) => &mut self.empty,
            Some(GtinProblem::InvalidCharacter(_) | GtinProblem::NonAsciiDigits) => {
                &mut self.characters
            }
            Some(GtinProblem::SpreadsheetDamage(_)) => &mut self.damaged,
            Some(GtinProblem::Isbn10 { .. }) => &mut self.isbn10,
            Some(GtinProblem::BadLength(_)) => &mut self.bad_length,
            Some(GtinProblem::ElementString) => &mut self.element_string,
            Some(GtinProblem::CheckDigit(_)) => &mut self.check_digit_errors,
            Some(GtinProblem::Prefix(PrefixClass::Coupon | PrefixClass::RefundReceipt)) => {
                &mut self.coupon
            }
            Some(GtinProblem::Prefix(_)) => &mut self.restricted,
        };
        *counter += 1;
    }

    /// Joins another accumulator (for parallel chunks).
    pub fn merge(&mut self, o: &Self) {
        self.total += o.total;
        self.valid += o.valid;
        self.format_compliant += o.format_compliant;
        self.check_digit_valid += o.check_digit_valid;
        self.suspicious += o.suspicious;
        self.pattern_matches += o.pattern_matches;
        self.analyzed += o.analyzed;
        self.score_sum += o.score_sum;
        self.suspicious_confidence_sum += o.suspicious_confidence_sum;
        self.empty += o.empty;
        self.characters += o.characters;
        self.damaged += o.damaged;
        self.isbn10 += o.isbn10;
        self.bad_length += o.bad_length;
        self.element_string += o.element_string;
        self.check_digit_errors += o.check_digit_errors;
        self.restricted += o.restricted;
        self.coupon += o.coupon;
        self.unissued_prefix += o.unissued_prefix;
    }

    /// Values added so far.
    #[must_use]
    pub fn total(&self) -> u64 {
        self.total
    }

    /// Valid values so far.
    #[must_use]
    pub fn valid(&self) -> u64 {
        self.valid
    }

    /// Suspicious values so far.
    #[must_use]
    pub fn suspicious(&self) -> u64 {
        self.suspicious
    }

    /// Percent of valid values, one decimal (0 when nothing was processed).
    #[must_use]
    pub fn compliance_rate(&self) -> f64 {
        percent(self.valid, self.total)
    }

    /// `data.gtinCompliance`.
    #[must_use]
    pub fn compliance(&self) -> GtinCompliance {
        let rate = percent_text(self.compliance_rate());
        let violations = self.total - self.format_compliant;
        let status = match (self.total, self.valid) {
            (0, _) => "no_gtins",
            (t, v) if v == t => "fully_compliant",
            (_, 0) => "non_compliant",
            _ => "partially_compliant",
        };
        let format_message = if self.total == 0 {
            "No GTINs processed".to_owned()
        } else if violations == 0 {
            let all = if self.total == 1 {
                "The GTIN has".to_owned()
            } else {
                format!("All {} GTINs have", self.total)
            };
            format!("{all} a valid GTIN-8, GTIN-12, GTIN-13 or GTIN-14 format")
        } else {
            format!(
                "{violations} of {} GTIN{} {} the GTIN format (characters, length or spreadsheet damage)",
                self.total,
                plural(self.total),
                if violations == 1 {
                    "violates"
                } else {
                    "violate"
                }
            )
        };
        GtinCompliance {
            gmc_compliant: rate.clone(),
            valid_format: self.total > 0 && violations == 0,
            format_message,
            validation_details: ValidationDetails {
                total_processed: self.total,
                format_compliant: self.format_compliant,
                format_violations: violations,
                check_digit_valid: self.check_digit_valid,
            },
            compliance_details: ComplianceDetails {
                status,
                message: format!(
                    "{} of {} GTIN{} ({rate}) meet GMC GTIN requirements",
                    self.valid,
                    self.total,
                    plural(self.total)
                ),
                coverage: rate,
            },
        }
    }

    /// `data.gtinQualityAnalysis`.
    #[must_use]
    pub fn quality(&self) -> GtinQualityAnalysis {
        let score = if self.total == 0 {
            100.0
        } else {
            round1(self.score_sum as f64 / self.total as f64)
        };
        let confidence_level = if self.analyzed == 0 && self.total > 0 {
            "none"
        } else if self.suspicious == 0 {
            "high"
        } else {
            let mean = self.suspicious_confidence_sum / self.suspicious as f64;
            if mean >= 0.85 {
                "high"
            } else if mean >= 0.65 {
                "medium"
            } else {
                "low"
            }
        };
        let quality_message = if self.analyzed == 0 {
            format!(
                "Pattern detection disabled for {} GTIN{}",
                self.total,
                plural(self.total)
            )
        } else if self.suspicious == 0 {
            format!(
                "No fake-GTIN patterns detected in {} GTIN{}",
                self.total,
                plural(self.total)
            )
        } else {
            format!(
                "{} of {} GTIN{} {} fake-GTIN patterns ({} match{})",
                self.suspicious,
                self.total,
                plural(self.total),
                if self.suspicious == 1 {
                    "matches"
                } else {
                    "match"
                },
                self.pattern_matches,
                if self.pattern_matches == 1 { "" } else { "es" }
            )
        };
        GtinQualityAnalysis {
            fraud_detection_score: score,
            pattern_analysis: PatternAnalysis {
                suspicious_patterns: self.pattern_matches,
                confidence_level,
                total_analyzed: self.analyzed,
            },
            quality_recommendations: self.recommendations(),
            quality_message,
        }
    }

    fn recommendations(&self) -> Vec<String> {
        let rows: [(u64, &str, &str); 11] = [
            (
                self.suspicious,
                "matches",
                "match fake-GTIN patterns: replace with the GTINs the brand owners licensed from GS1",
            ),
            (
                self.check_digit_errors,
                "has",
                "have a wrong check digit: re-copy from the packaging",
            ),
            (
                self.damaged,
                "was",
                "were damaged by a spreadsheet: re-export the GTIN column as text from the source system",
            ),
            (
                self.restricted,
                "uses",
                "use a restricted-circulation prefix: use the products' GS1-issued GTINs",
            ),
            (
                self.coupon,
                "uses",
                "use a coupon or refund-receipt prefix: use the products' GTINs",
            ),
            (
                self.bad_length,
                "has",
                "have a wrong number of digits: a GTIN has 8, 12, 13 or 14 digits, leading zeros included",
            ),
            (
                self.characters,
                "contains",
                "contain letters, symbols or non-ASCII digits: submit only the digits 0-9",
            ),
            (self.isbn10, "is", "are in ISBN-10 form: submit the ISBN-13"),
            (
                self.element_string,
                "carries",
                "carry a (01) Application Identifier: submit the 14 digits alone",
            ),
            (
                self.empty,
                "is",
                "are empty: add the GTIN or set identifier_exists to no",
            ),
            (
                self.unissued_prefix,
                "uses",
                "use a prefix no GS1 member organisation issues: verify with the brand owners",
            ),
        ];
        let mut out: Vec<String> = rows
            .iter()
            .filter(|(n, _, _)| *n > 0)
            .map(|&(n, singular, text)| {
                if n == 1 {
                    // "1 GTIN has ..." from "have ...": swap the plural verb for the singular.
                    let rest = text.split_once(' ').map_or("", |(_, r)| r);
                    format!("1 GTIN {singular} {rest}")
                } else {
                    format!("{n} GTINs {text}")
                }
            })
            .collect();
        if out.is_empty() && self.total > 0 {
            out.push(
                "No action needed: keep GTINs exported as text so leading zeros survive".to_owned(),
            );
        }
        out
    }

    /// `data.summary`.
    #[must_use]
    pub fn summary(&self) -> Summary {
        Summary {
            total_processed: self.total,
            valid_count: self.valid,
            invalid_count: self.total - self.valid,
            suspicious_count: self.suspicious,
            compliance_rate: self.compliance_rate(),
        }
    }
}

fn round1(v: f64) -> f64 {
    (v * 10.0).round() / 10.0
}

/// `part / whole` in percent, one decimal; 0 for an empty whole.
#[must_use]
pub fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        round1(part as f64 * 100.0 / whole as f64)
    }
}

/// `96` → `"96%"`, `66.7` → `"66.7%"`.
#[must_use]
pub fn percent_text(p: f64) -> String {
    if (p - p.round()).abs() < 1e-9 {
        format!("{p:.0}%")
    } else {
        format!("{p:.1}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gtin::{Options, analyze_with};

    fn acc(values: &[&str]) -> Accumulator {
        let o = Options::default();
        let mut acc = Accumulator::new();
        for v in values {
            acc.add(&analyze_with(v, o), true);
        }
        acc
    }

    #[test]
    fn result_entry_uses_spec_field_names() {
        let o = Options::default();
        let e = GtinResult::new("4006381333931", &analyze_with("4006381333931", o), o, None);
        let v = serde_json::to_value(&e).expect("serialises");
        for key in [
            "gtin",
            "isValid",
            "format",
            "checkDigit",
            "patterns",
            "gmcCompliance",
            "qualityAnalysis",
        ] {
            assert!(v.get(key).is_some(), "{key}");
        }
        assert_eq!(v["checkDigit"]["expected"], "1");
        assert_eq!(v["checkDigit"]["actual"], "1");
        assert_eq!(v["format"], "GTIN-13");
        assert!(v.get("revenueImpact").is_none() && v.get("details").is_none());
    }

    #[test]
    fn options_add_their_fields() {
        let o = Options {
            pattern_detection: true,
            business_intelligence: true,
            revenue_impact: true,
            detailed: true,
        };
        let a = analyze_with("1234567890128", o);
        let e = GtinResult::new("1234567890128", &a, o, Some(Category::Electronics));
        let v = serde_json::to_value(&e).expect("serialises");
        assert_eq!(v["revenueImpact"]["amount"], 2500.0);
        assert_eq!(v["priority"], "critical");
        assert_eq!(v["businessIntelligence"]["categoryRequirement"], "required");
        assert_eq!(v["details"]["canonicalGtin14"], "01234567890128");
        assert_eq!(v["patterns"]["detectedPatterns"][0]["id"], "GTIN-P01");
    }

    #[test]
    fn aggregate_counts_and_percentages() {
        let a = acc(&["5449000000996", "5449000000997", "abc", "1234567890128"]);
        let s = a.summary();
        assert_eq!(
            (
                s.total_processed,
                s.valid_count,
                s.invalid_count,
                s.suspicious_count
            ),
            (4, 2, 2, 1)
        );
        assert!((s.compliance_rate - 50.0).abs() < 1e-9);
        let c = a.compliance();
        assert_eq!(c.gmc_compliant, "50%");
        assert_eq!(c.compliance_details.status, "partially_compliant");
        assert_eq!(c.validation_details.format_violations, 1);
        assert_eq!(c.validation_details.check_digit_valid, 2);
        assert!(!c.valid_format);
    }

    #[test]
    fn fully_compliant_and_empty_runs() {
        let a = acc(&["3017620422003", "5449000000996"]);
        assert_eq!(a.compliance().compliance_details.status, "fully_compliant");
        assert!(a.compliance().valid_format);
        assert!((a.quality().fraud_detection_score - 100.0).abs() < 1e-9);
        let none = Accumulator::new();
        assert_eq!(none.compliance().compliance_details.status, "no_gtins");
        assert_eq!(none.compliance().gmc_compliant, "0%");
    }

    /// The messages' verbs agree with their counts: "The GTIN has", "1 of 2 GTINs violates".
    #[test]
    fn messages_agree_with_counts_of_one() {
        let format = |v: &[&str]| acc(v).compliance().format_message;
        let quality = |v: &[&str]| acc(v).quality().quality_message;
        assert!(format(&["3017620422003"]).starts_with("The GTIN has a valid"));
        assert!(
            format(&["3017620422003", "5449000000996"]).starts_with("All 2 GTINs have a valid")
        );
        assert!(format(&["3017620422003", "abc"]).starts_with("1 of 2 GTINs violates "));
        assert!(format(&["xyz", "abc"]).starts_with("2 of 2 GTINs violate "));
        assert!(quality(&["4006381333931", "3017620422003"]).starts_with("1 of 2 GTINs matches "));
        assert!(quality(&["4006381333931", "0012345678905"]).starts_with("2 of 2 GTINs match "));
    }

    #[test]
    fn merge_equals_sequential_accumulation() {
        let values = [
            "4006381333931",
            "1234567890128",
            "",
            "8.71234E+12",
            "0000000000000",
        ];
        let whole = acc(&values);
        let mut left = acc(&values[..2]);
        left.merge(&acc(&values[2..]));
        assert_eq!(whole, left);
    }

    #[test]
    fn percent_text_drops_trailing_zero() {
        assert_eq!(percent_text(percent(2, 3)), "66.7%");
        assert_eq!(percent_text(percent(3, 4)), "75%");
        assert_eq!(percent_text(percent(0, 0)), "0%");
    }
}
