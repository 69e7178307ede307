//! GTIN validation (spec 2.5, 4.3; issue 4): reading raw values, the GS1 mod-10 check digit,
//! format detection, GS1 prefix ranges, 18 fake-pattern detectors, scoring, the v2 response model
//! and the JSON request body.
//!
//! Pure logic: no I/O beyond a reader handed in, no printing, no clock, no database. The
//! validation engine calls [`analyze`] for product GTIN rules and `feedlint gtin` calls it for
//! every code, so there is one implementation. Emitters live in `report::gtin`. docs/gtin.md
//! documents every decision taken here where the spec is silent.

pub mod check;
pub mod patterns;
pub mod prefix;
pub mod read;
pub mod request;
pub mod response;

use crate::model::Trim;
use serde::Serialize;

pub use check::{CheckDigit, GtinFormat, compute_check_digit, has_valid_check_digit};
pub use patterns::{Pattern, PatternGroup, PatternSet};
pub use prefix::{PrefixClass, PrefixInfo};
pub use read::{Damage, Digits, ReadNotes, ReadProblem};
pub use request::{Request, parse_request, parse_request_slice, values_from_lines};
pub use response::{Accumulator, GtinResult};

use crate::model::Severity;

/// What the GTIN options ask for (spec 4.3 `options`; the spec gives no defaults, feedlint's are
/// documented on each field and in docs/gtin.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Options {
    /// `enablePatternDetection`, default **true**: the 18 detectors are the point of the
    /// endpoint. When false, `patterns` is empty and fraud scores ignore patterns.
    pub pattern_detection: bool,
    /// `enableBusinessIntelligence`, default false: adds `businessIntelligence` to each result
    /// (scores, category requirement, listing impact).
    pub business_intelligence: bool,
    /// `includeRevenueImpact`, default false: adds `revenueImpact` and `priority` to each result.
    pub revenue_impact: bool,
    /// `detailedAnalysis`, default false: adds `details` (digits read, canonical GTIN-14,
    /// prefix, problem code, reading notes) to each result.
    pub detailed: bool,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            pattern_detection: true,
            business_intelligence: false,
            revenue_impact: false,
            detailed: false,
        }
    }
}

/// Why a value is not an acceptable product GTIN. The first problem found, in reading order:
/// reading, then the `(01)` element string, then the check digit, then the prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GtinProblem {
    /// The value is empty or only whitespace.
    Empty,
    /// A character other than an ASCII digit, space or dash (the first one).
    InvalidCharacter(char),
    /// Digits of another script (Arabic-Indic, full-width...).
    NonAsciiDigits,
    /// A spreadsheet turned the value into a number: digits are lost, never repaired.
    SpreadsheetDamage(Damage),
    /// An ISBN-10: submit the ISBN-13 (shown when the ISBN-10 check is right).
    Isbn10 { isbn13: Option<Digits> },
    /// Not 8, 12, 13 or 14 digits.
    BadLength(usize),
    /// A GS1 element string `(01)...`: the GTIN-14 inside was analysed, but the attribute must
    /// hold the digits only.
    ElementString,
    /// The GS1 check digit is wrong.
    CheckDigit(CheckDigit),
    /// A restricted-circulation, coupon or refund-receipt prefix.
    Prefix(PrefixClass),
}

impl GtinProblem {
    /// A stable kebab-case code for rules and machine readers.
    #[must_use]
    pub fn code(self) -> &'static str {
        match self {
            Self::Empty => "empty",
            Self::InvalidCharacter(_) => "invalid-characters",
            Self::NonAsciiDigits => "non-ascii-digits",
            Self::SpreadsheetDamage(_) => "spreadsheet-damage",
            Self::Isbn10 { .. } => "isbn-10",
            Self::BadLength(_) => "bad-length",
            Self::ElementString => "element-string",
            Self::CheckDigit(_) => "check-digit",
            Self::Prefix(PrefixClass::Coupon) => "coupon-prefix",
            Self::Prefix(PrefixClass::RefundReceipt) => "refund-receipt-prefix",
            Self::Prefix(_) => "restricted-prefix",
        }
    }

    /// Whether the problem is about the format of the value as submitted (length, characters,
    /// damage, element string), as opposed to its check digit or prefix.
    #[must_use]
    pub fn is_format(self) -> bool {
        !matches!(self, Self::CheckDigit(_) | Self::Prefix(_))
    }

    /// One sentence naming the problem (GMC wording where GMC has one).
    #[must_use]
    pub fn message(self) -> String {
        match self {
            Self::Empty => "GTIN is empty".to_owned(),
            Self::InvalidCharacter(c) => format!(
                "invalid character {c:?} (U+{:04X}): a GTIN holds only the digits 0-9 (spaces and dashes are ignored)",
                u32::from(c)
            ),
            Self::NonAsciiDigits => {
                "non-ASCII digits (for example Arabic-Indic or full-width): a GTIN must use the ASCII digits 0-9".to_owned()
            }
            Self::SpreadsheetDamage(Damage::ScientificNotation) => {
                "damaged by a spreadsheet (scientific notation such as 8.71234E+12): the trailing digits are lost and cannot be recovered".to_owned()
            }
            Self::SpreadsheetDamage(d) => format!(
                "damaged by a spreadsheet ({}): the cell became a number, so leading zeros may be lost; the value is not repaired",
                d.as_str()
            ),
            Self::Isbn10 { isbn13: Some(isbn13) } => {
                format!("ISBN-10: submit the ISBN-13 {isbn13} instead")
            }
            Self::Isbn10 { isbn13: None } => {
                "ISBN-10 (with an invalid ISBN check digit): submit the book's ISBN-13".to_owned()
            }
            Self::BadLength(n) => format!(
                "{n} digits: a GTIN has 8, 12, 13 or 14 digits (GTIN-8, GTIN-12, GTIN-13, GTIN-14)"
            ),
            Self::ElementString => {
                "GS1 element string: the (01) Application Identifier was stripped to analyse the GTIN-14; submit the 14 digits alone".to_owned()
            }
            Self::CheckDigit(c) => format!(
                "invalid check digit: expected {}, found {} (GS1 mod-10)",
                c.expected_char(),
                c.actual_char()
            ),
            Self::Prefix(PrefixClass::Coupon) => {
                "coupon number prefix: unsupported coupon value, not a product GTIN".to_owned()
            }
            Self::Prefix(PrefixClass::RefundReceipt) => {
                "refund-receipt prefix (980): not a product GTIN".to_owned()
            }
            Self::Prefix(_) => {
                "restricted-circulation prefix (020-029, 040-049, 200-299 or a GTIN-8 starting 0 or 2): unsupported value due to restricted prefix".to_owned()
            }
        }
    }
}

impl std::fmt::Display for GtinProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message())
    }
}

/// `qualityAnalysis.fraudRisk` (spec 2.5; docs/gtin.md "Fraud risk").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FraudRisk {
    /// A valid GTIN with no pattern and an issued prefix (spec table: "Valid GTIN: None").
    None,
    /// Not a valid GTIN, but nothing suggests fabrication (typos, length, damage).
    Low,
    /// No pattern, but the prefix is unassigned or GS1's demo range: nobody issues such numbers.
    Medium,
    /// A placeholder-group pattern (spec: risk high).
    High,
    /// A sequential- or repeating-group pattern (spec: risk critical).
    Critical,
}

impl FraudRisk {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Low => "low",
            Self::Medium => "medium",
            Self::High => "high",
            Self::Critical => "critical",
        }
    }
}

/// The revenue-impact rows of the spec 2.5 table; one applies per GTIN (the largest).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RevenueIssue {
    SequentialPattern,
    RepeatingPattern,
    CheckDigitError,
    PlaceholderPattern,
    FormatViolation,
}

impl RevenueIssue {
    /// Monthly revenue impact in USD: the spec's stated floors ("$2,500+" ...).
    #[must_use]
    pub fn usd(self) -> f64 {
        match self {
            Self::SequentialPattern => 2_500.0,
            Self::RepeatingPattern | Self::CheckDigitError => 1_800.0,
            Self::PlaceholderPattern | Self::FormatViolation => 1_200.0,
        }
    }

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::SequentialPattern => "sequential_pattern",
            Self::RepeatingPattern => "repeating_pattern",
            Self::CheckDigitError => "check_digit_error",
            Self::PlaceholderPattern => "placeholder_pattern",
            Self::FormatViolation => "format_violation",
        }
    }
}

/// Points for mathematical validity (spec 2.5: 0-50): format 20, check digit 20, prefix 10.
pub const FORMAT_POINTS: u8 = 20;
/// See [`FORMAT_POINTS`].
pub const CHECK_DIGIT_POINTS: u8 = 20;
/// See [`FORMAT_POINTS`].
pub const PREFIX_POINTS: u8 = 10;
/// Maximum fraud-pattern points (spec 2.5: 0-50).
pub const PATTERN_POINTS: u8 = 50;
/// Fraud points taken off for an unassigned or demo prefix.
pub const UNISSUED_PREFIX_PENALTY: u8 = 20;

/// Everything feedlint knows about one raw value. `Copy` and allocation-free.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GtinAnalysis {
    /// The ASCII digits read (1-14), when the value holds only digits, spaces and dashes (or is a
    /// `(01)` element string).
    pub digits: Option<Digits>,
    /// Detected by length when the digits are 8, 12, 13 or 14.
    pub format: Option<GtinFormat>,
    /// Present with `format`.
    pub check_digit: Option<CheckDigit>,
    /// Present with `format`.
    pub prefix: Option<PrefixInfo>,
    /// Detected fake patterns (empty when pattern detection is off).
    pub patterns: PatternSet,
    /// The first problem; `None` means a valid product GTIN.
    pub problem: Option<GtinProblem>,
    pub notes: ReadNotes,
}

/// Analyses one raw value: reading, format, check digit, prefix and fake patterns.
#[must_use]
pub fn analyze(raw: &str) -> GtinAnalysis {
    let reading = read::read(raw);
    // `Digits` hold only ASCII digits (`from_ascii` tests them, the scan pushes nothing else):
    // the detectors and the prefix take them without testing them again.
    let patterns = patterns::detect_read(
        raw.trim_fast(),
        reading.digits.as_ref().map(Digits::as_bytes),
    );
    let mut a = GtinAnalysis {
        digits: reading.digits,
        format: None,
        check_digit: None,
        prefix: None,
        patterns,
        problem: None,
        notes: reading.notes,
    };
    if let Some(p) = reading.problem {
        a.problem = Some(match p {
            ReadProblem::Empty => GtinProblem::Empty,
            ReadProblem::InvalidCharacter(c) => GtinProblem::InvalidCharacter(c),
            ReadProblem::NonAsciiDigits => GtinProblem::NonAsciiDigits,
            ReadProblem::SpreadsheetDamage(d) => GtinProblem::SpreadsheetDamage(d),
            ReadProblem::Isbn10 { isbn13 } => GtinProblem::Isbn10 { isbn13 },
            ReadProblem::BadLength(n) => GtinProblem::BadLength(n),
        });
        return a;
    }
    let Some(d) = reading.digits else {
        return a;
    };
    a.format = GtinFormat::from_len(d.len());
    a.check_digit = CheckDigit::of(d.as_bytes());
    a.prefix = patterns::pad_14(d.as_bytes()).map(|c| prefix::classify(&c));
    a.problem = if a.notes.application_identifier {
        Some(GtinProblem::ElementString)
    } else if let Some(c) = a.check_digit.filter(|c| !c.is_valid()) {
        Some(GtinProblem::CheckDigit(c))
    } else {
        a.prefix
            .map(|p| p.class)
            .filter(|c| c.fails_compliance())
            .map(GtinProblem::Prefix)
    };
    a
}

/// Analyses with options applied (pattern detection off clears `patterns`).
#[must_use]
pub fn analyze_with(raw: &str, options: Options) -> GtinAnalysis {
    let mut a = analyze(raw);
    if !options.pattern_detection {
        a.patterns = PatternSet::default();
    }
    a
}

impl GtinAnalysis {
    /// A valid product GTIN: ASCII digits of a GTIN length (spaces/dashes ignored), right check
    /// digit, and not a restricted, coupon or refund prefix. Patterns do not change validity
    /// (they raise `patterns.isSuspicious` and the fraud risk instead).
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.problem.is_none()
    }

    /// `gmcCompliance.formatCompliant`: the value as submitted has a GTIN format.
    #[must_use]
    pub fn format_compliant(&self) -> bool {
        self.format.is_some() && !self.notes.application_identifier
    }

    /// `gmcCompliance.lengthValid`: 8, 12, 13 or 14 digits were read.
    #[must_use]
    pub fn length_valid(&self) -> bool {
        self.format.is_some()
    }

    /// `checkDigit.isValid` and `gmcCompliance.checkDigitValid`.
    #[must_use]
    pub fn check_digit_valid(&self) -> bool {
        self.check_digit.is_some_and(CheckDigit::is_valid)
    }

    /// `patterns.isSuspicious`.
    #[must_use]
    pub fn is_suspicious(&self) -> bool {
        !self.patterns.is_empty()
    }

    /// The GTIN right-aligned (zero-padded) to 14 digits: a GTIN-12, its 13-digit and 14-digit
    /// zero-padded forms are the same item and share this key. `None` unless a GTIN length was read.
    #[must_use]
    pub fn canonical_gtin14(&self) -> Option<Digits> {
        self.format?;
        let d = self.digits?;
        patterns::right_aligned_14(d.as_bytes()).and_then(|c| Digits::from_ascii(&c))
    }

    /// `qualityAnalysis.fraudRisk`.
    #[must_use]
    pub fn fraud_risk(&self) -> FraudRisk {
        if self.patterns.has_group(PatternGroup::Sequential)
            || self.patterns.has_group(PatternGroup::Repeating)
        {
            FraudRisk::Critical
        } else if self.patterns.has_group(PatternGroup::Placeholder) {
            FraudRisk::High
        } else if self.prefix.is_some_and(|p| p.class.is_unissued()) {
            FraudRisk::Medium
        } else if self.is_valid() {
            FraudRisk::None
        } else {
            FraudRisk::Low
        }
    }

    /// Mathematical validity, 0-50 (spec 2.5): [`FORMAT_POINTS`] when format compliant,
    /// [`CHECK_DIGIT_POINTS`] when the check digit is right, [`PREFIX_POINTS`] when the prefix is
    /// acceptable for products.
    #[must_use]
    pub fn mathematical_score(&self) -> u8 {
        let mut points = 0;
        if self.format_compliant() {
            points += FORMAT_POINTS;
        }
        if self.check_digit_valid() {
            points += CHECK_DIGIT_POINTS;
        }
        if self.prefix.is_some_and(|p| !p.class.fails_compliance()) {
            points += PREFIX_POINTS;
        }
        points
    }

    /// Fraud-pattern score, 0-50 (spec 2.5; 50 = no concern): 50 x (1 - combined pattern
    /// confidence), minus [`UNISSUED_PREFIX_PENALTY`] for an unassigned or demo prefix.
    #[must_use]
    pub fn pattern_score(&self) -> u8 {
        let base = f64::from(PATTERN_POINTS) * (1.0 - self.patterns.confidence());
        let penalty = if self.prefix.is_some_and(|p| p.class.is_unissued()) {
            f64::from(UNISSUED_PREFIX_PENALTY)
        } else {
            0.0
        };
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "clamped to 0..=50"
        )]
        let score = (base - penalty)
            .round()
            .clamp(0.0, f64::from(PATTERN_POINTS)) as u8;
        score
    }

    /// Quality score 0-100: mathematical validity plus fraud-pattern score. The aggregate
    /// `fraudDetectionScore` is the mean of this over all values.
    #[must_use]
    pub fn quality_score(&self) -> u8 {
        self.mathematical_score() + self.pattern_score()
    }

    /// The revenue-impact row that applies (the largest; ties in the spec table's order).
    #[must_use]
    pub fn revenue_issue(&self) -> Option<RevenueIssue> {
        let candidates = [
            self.patterns
                .has_group(PatternGroup::Sequential)
                .then_some(RevenueIssue::SequentialPattern),
            self.patterns
                .has_group(PatternGroup::Repeating)
                .then_some(RevenueIssue::RepeatingPattern),
            matches!(self.problem, Some(GtinProblem::CheckDigit(_)))
                .then_some(RevenueIssue::CheckDigitError),
            self.patterns
                .has_group(PatternGroup::Placeholder)
                .then_some(RevenueIssue::PlaceholderPattern),
            self.problem
                .is_some_and(|p| !matches!(p, GtinProblem::CheckDigit(_)))
                .then_some(RevenueIssue::FormatViolation),
        ];
        candidates
            .into_iter()
            .flatten()
            .fold(None, |best: Option<RevenueIssue>, c| match best {
                Some(b) if b.usd() >= c.usd() => Some(b),
                _ => Some(c),
            })
    }

    /// Monthly revenue impact in USD (0 for a valid, unsuspicious GTIN).
    #[must_use]
    pub fn revenue_impact_usd(&self) -> f64 {
        self.revenue_issue().map_or(0.0, RevenueIssue::usd)
    }

    /// Priority: GTIN issues are always critical (spec 2.5); a clean GTIN is low.
    #[must_use]
    pub fn priority(&self) -> Severity {
        if self.is_valid() && !self.is_suspicious() {
            Severity::Low
        } else {
            Severity::Critical
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_gtins_of_every_format_are_valid() {
        for (g, f) in [
            ("96385074", GtinFormat::Gtin8),
            ("036000291452", GtinFormat::Gtin12),
            ("4006381333931", GtinFormat::Gtin13),
            ("10614141000415", GtinFormat::Gtin14),
        ] {
            let a = analyze(g);
            assert!(a.check_digit_valid(), "{g}");
            assert_eq!(a.format, Some(f));
            assert!(a.is_valid(), "{g}: {:?}", a.problem);
        }
    }

    #[test]
    fn a_real_looking_gtin_scores_full_marks_and_no_risk() {
        let a = analyze("5449000000996");
        assert!(a.is_valid() && !a.is_suspicious());
        assert_eq!(a.quality_score(), 100);
        assert_eq!(a.fraud_risk(), FraudRisk::None);
        assert_eq!(a.priority(), Severity::Low);
        assert!(a.revenue_impact_usd().abs() < f64::EPSILON);
    }

    #[test]
    fn check_digit_error_is_reported_with_expected_and_actual() {
        let a = analyze("4006381333932");
        assert_eq!(a.problem.map(GtinProblem::code), Some("check-digit"));
        let c = a.check_digit.expect("computed");
        assert_eq!((c.expected_char(), c.actual_char()), ('1', '2'));
        assert_eq!(a.mathematical_score(), 30);
        assert_eq!(a.revenue_issue(), Some(RevenueIssue::CheckDigitError));
        assert_eq!(a.fraud_risk(), FraudRisk::Low);
        assert_eq!(a.priority(), Severity::Critical);
    }

    #[test]
    fn restricted_and_coupon_prefixes_fail_compliance() {
        let r = analyze("2001234567893");
        assert_eq!(
            r.problem,
            Some(GtinProblem::Prefix(PrefixClass::RestrictedCirculation))
        );
        assert!(r.check_digit_valid() && !r.is_valid());
        let c = analyze("9812345678901");
        assert!(matches!(
            c.problem,
            Some(GtinProblem::Prefix(PrefixClass::Coupon) | GtinProblem::CheckDigit(_))
        ));
        let coupon = format!(
            "981234567890{}",
            char::from(compute_check_digit(b"981234567890").unwrap_or(b'0'))
        );
        assert_eq!(
            analyze(&coupon).problem,
            Some(GtinProblem::Prefix(PrefixClass::Coupon))
        );
    }

    #[test]
    fn zero_padded_upc_is_the_same_item() {
        let upc = analyze("036000291452");
        let ean = analyze("0036000291452");
        let itf = analyze("00036000291452");
        assert_eq!(upc.canonical_gtin14(), ean.canonical_gtin14());
        assert_eq!(upc.canonical_gtin14(), itf.canonical_gtin14());
        assert_eq!(
            upc.canonical_gtin14().map(|d| d.to_string()).as_deref(),
            Some("00036000291452")
        );
        assert_eq!(upc.format, Some(GtinFormat::Gtin12));
        assert_eq!(ean.format, Some(GtinFormat::Gtin13));
        assert!(upc.is_valid() && ean.is_valid() && itf.is_valid());
    }

    #[test]
    fn fakes_with_valid_check_digits_are_suspicious_and_critical() {
        for g in ["1234567890128", "0000000000000"] {
            let a = analyze(g);
            assert!(a.check_digit_valid(), "{g}");
            assert!(a.is_suspicious(), "{g}");
            assert_eq!(a.fraud_risk(), FraudRisk::Critical, "{g}");
            assert_eq!(a.priority(), Severity::Critical);
        }
        assert_eq!(
            analyze("1234567890128").revenue_issue(),
            Some(RevenueIssue::SequentialPattern)
        );
        assert!((analyze("1234567890128").revenue_impact_usd() - 2_500.0).abs() < f64::EPSILON);
    }

    #[test]
    fn unassigned_prefix_is_medium_risk() {
        let body = b"140872635019";
        let g = format!(
            "{}{}",
            std::str::from_utf8(body).unwrap_or(""),
            char::from(compute_check_digit(body).unwrap_or(b'0'))
        );
        let a = analyze(&g);
        assert!(a.is_valid());
        assert_eq!(a.fraud_risk(), FraudRisk::Medium);
        assert_eq!(a.pattern_score(), 30);
    }

    #[test]
    fn element_string_is_analysed_but_not_format_compliant() {
        let a = analyze("(01)15449000000993");
        assert_eq!(a.problem, Some(GtinProblem::ElementString));
        assert!(a.check_digit_valid() && a.length_valid() && !a.format_compliant());
        assert_eq!(a.format, Some(GtinFormat::Gtin14));
        assert_eq!(a.revenue_issue(), Some(RevenueIssue::FormatViolation));
    }

    #[test]
    fn unreadable_values_score_zero_validity() {
        for raw in [
            "",
            "abc",
            "8.71234E+12",
            "12345",
            "٤٠٠٦٣٨١٣٣٣٩٣١",
            "0306406152",
        ] {
            let a = analyze(raw);
            assert!(!a.is_valid(), "{raw}");
            assert_eq!(a.mathematical_score(), 0, "{raw}");
            assert_eq!(a.format, None);
            assert!(a.problem.is_some_and(GtinProblem::is_format));
        }
    }

    #[test]
    fn pattern_detection_can_be_turned_off() {
        let off = Options {
            pattern_detection: false,
            ..Options::default()
        };
        let a = analyze_with("1234567890128", off);
        assert!(!a.is_suspicious());
        assert_eq!(a.fraud_risk(), FraudRisk::None);
    }

    #[test]
    fn placeholder_text_is_high_risk() {
        let a = analyze("N/A");
        assert!(a.patterns.contains(Pattern::SystemPlaceholder));
        assert_eq!(a.fraud_risk(), FraudRisk::High);
        assert_eq!(a.revenue_issue(), Some(RevenueIssue::PlaceholderPattern));
    }

    proptest::proptest! {
        #[test]
        fn analyze_never_panics(s in "(?s).{0,40}") {
            let a = analyze(&s);
            proptest::prop_assert!(a.quality_score() <= 100);
        }

        #[test]
        fn analyze_never_panics_on_digit_soup(s in "[0-9 .,eE+()X-]{0,30}") {
            let a = analyze(&s);
            proptest::prop_assert_eq!(a.is_valid(), a.problem.is_none());
        }
    }
}
