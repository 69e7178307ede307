//! Options of a revenue impact analysis (spec 4.4 `options`, plus the `timeframe` and
//! `analysisType` the spec's usage examples send) with their documented defaults and parsers.
//!
//! Responsible for turning option text into typed values. Not responsible for computing anything
//! (model.rs) nor for reading command lines (cli/).

use serde::Serialize;

use crate::error::{Error, ErrorCode};

/// Default horizon in months: the spec's "15x monthly revenue multiplier for optimization
/// potential" (2.6) read as fifteen months of the monthly gain (docs/revenue-model.md §3).
pub const DEFAULT_TIME_HORIZON_MONTHS: u32 = 15;
/// Longest accepted horizon (five years); the spec shows no limit (4.4), this is feedlint's.
pub const MAX_TIME_HORIZON_MONTHS: u32 = 60;

/// The period money figures are reported per (spec 4.4: "monthly, quarterly, yearly").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Timeframe {
    #[default]
    Monthly,
    Quarterly,
    Yearly,
}

impl Timeframe {
    pub const ALL: [Timeframe; 3] = [Self::Monthly, Self::Quarterly, Self::Yearly];

    /// Months in one period: every per-period figure is the monthly figure times this.
    #[must_use]
    pub fn months(self) -> u32 {
        match self {
            Self::Monthly => 1,
            Self::Quarterly => 3,
            Self::Yearly => 12,
        }
    }

    /// A monthly amount in cents as an amount per period: the one conversion every per-period
    /// figure, total and message goes through (docs/revenue-model.md §3).
    #[must_use]
    pub fn per_period(self, monthly_cents: i64) -> i64 {
        monthly_cents.saturating_mul(i64::from(self.months()))
    }

    /// The period as messages and labels name it: `month`, `quarter`, `year` ("per year").
    #[must_use]
    pub fn noun(self) -> &'static str {
        match self {
            Self::Monthly => "month",
            Self::Quarterly => "quarter",
            Self::Yearly => "year",
        }
    }

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Monthly => "monthly",
            Self::Quarterly => "quarterly",
            Self::Yearly => "yearly",
        }
    }

    /// Parses `monthly|quarterly|yearly`, case-insensitively.
    pub fn parse(text: &str) -> Result<Self, Error> {
        Self::ALL
            .into_iter()
            .find(|t| t.as_str().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| {
                Error::new(
                    ErrorCode::ValidationError,
                    format!("unknown timeframe `{}`", text.trim()),
                )
                .with_help("use one of: monthly, quarterly, yearly")
            })
    }
}

/// How deep the analysis goes. It changes how much is reported, never the numbers: the same
/// product has the same impact under every analysis type (docs/revenue-model.md §7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AnalysisType {
    /// One recommendation per product, the top 3 opportunities.
    Quick,
    /// Up to 3 recommendations per product, the top 5 opportunities.
    #[default]
    Standard,
    /// Every recommendation, the top 10 opportunities.
    Comprehensive,
}

impl AnalysisType {
    pub const ALL: [AnalysisType; 3] = [Self::Quick, Self::Standard, Self::Comprehensive];

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Quick => "quick",
            Self::Standard => "standard",
            Self::Comprehensive => "comprehensive",
        }
    }

    /// Most recommendations kept per product.
    #[must_use]
    pub fn max_recommendations(self) -> usize {
        match self {
            Self::Quick => 1,
            Self::Standard => 3,
            Self::Comprehensive => usize::MAX,
        }
    }

    /// How many products `priorityOpportunities`, `actionablePriorities` and the table list.
    #[must_use]
    pub fn top_products(self) -> usize {
        match self {
            Self::Quick => 3,
            Self::Standard => 5,
            Self::Comprehensive => 10,
        }
    }

    /// Parses `quick|standard|comprehensive`, case-insensitively.
    pub fn parse(text: &str) -> Result<Self, Error> {
        Self::ALL
            .into_iter()
            .find(|t| t.as_str().eq_ignore_ascii_case(text.trim()))
            .ok_or_else(|| {
                Error::new(
                    ErrorCode::ValidationError,
                    format!("unknown analysis type `{}`", text.trim()),
                )
                .with_help("use one of: quick, standard, comprehensive")
            })
    }
}

/// Options of one analysis. `Default` gives the documented defaults.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Options {
    /// Months over which the opportunity value and ROI are counted (`timeHorizon`, default 15).
    pub time_horizon_months: u32,
    /// Period of the per-period money figures (default monthly).
    pub timeframe: Timeframe,
    /// Depth of the report (default standard).
    pub analysis_type: AnalysisType,
    /// `includeROICalculations` (default true): `complianceROI`, `estimatedROI`, `roi`.
    pub include_roi: bool,
    /// `includePriorityAssessment` (default true): per-product `priority`,
    /// `priorityOpportunities`, `actionablePriorities`.
    pub include_priority: bool,
    /// `includePaybackAnalysis` (default true): the `paybackPeriod` fields.
    pub include_payback: bool,
    /// ISO 4217 code assumed for a product whose price carries no currency (a request body's
    /// numeric price). Default `USD`, the currency the spec's constants are written in.
    pub default_currency: String,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            time_horizon_months: DEFAULT_TIME_HORIZON_MONTHS,
            timeframe: Timeframe::Monthly,
            analysis_type: AnalysisType::Standard,
            include_roi: true,
            include_priority: true,
            include_payback: true,
            default_currency: "USD".to_owned(),
        }
    }
}

/// A time horizon written in the form spec 4.4's `timeHorizon` takes (`15_months`, `1_month`),
/// the form [`parse_time_horizon`] reads back.
#[must_use]
pub fn time_horizon_text(months: u32) -> String {
    if months == 1 {
        "1_month".to_owned()
    } else {
        format!("{months}_months")
    }
}

/// Parses a `timeHorizon` (spec 4.4, form `<n>_months`): `6_months`, `6 months`, `6months`,
/// `1_month` or a bare `6`, with 1 ≤ n ≤ 60.
pub fn parse_time_horizon(text: &str) -> Result<u32, Error> {
    let t = text.trim().to_ascii_lowercase();
    let digits_end = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (number, rest) = t.split_at(digits_end);
    let unit = rest.trim_start_matches(['_', ' ', '-']);
    let unit_ok = unit.is_empty() || unit == "months" || unit == "month";
    let parsed = if unit_ok {
        number.parse::<u32>().ok()
    } else {
        None
    };
    match parsed {
        Some(n) if (1..=MAX_TIME_HORIZON_MONTHS).contains(&n) => Ok(n),
        _ => Err(Error::new(
            ErrorCode::ValidationError,
            format!("invalid time horizon `{}`", text.trim()),
        )
        .with_help(format!(
            "write a number of months from 1 to {MAX_TIME_HORIZON_MONTHS}, e.g. `6_months` or `12`"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn time_horizon_text_reads_back() {
        for months in 1..=MAX_TIME_HORIZON_MONTHS {
            assert_eq!(
                parse_time_horizon(&time_horizon_text(months)).ok(),
                Some(months)
            );
        }
        assert_eq!(time_horizon_text(15), "15_months");
        assert_eq!(time_horizon_text(1), "1_month");
    }

    #[test]
    fn time_horizon_accepts_spec_form_and_bare_number() {
        assert_eq!(parse_time_horizon("6_months").ok(), Some(6));
        assert_eq!(parse_time_horizon("1_month").ok(), Some(1));
        assert_eq!(parse_time_horizon(" 12 Months ").ok(), Some(12));
        assert_eq!(parse_time_horizon("24").ok(), Some(24));
    }

    #[test]
    fn time_horizon_rejects_zero_units_and_overflow() {
        for bad in [
            "0_months",
            "61_months",
            "6_years",
            "months",
            "",
            "-3",
            "99999999999_months",
        ] {
            assert!(parse_time_horizon(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn per_period_multiplies_by_the_months_of_the_period() {
        assert_eq!(Timeframe::Monthly.per_period(7_898), 7_898);
        assert_eq!(Timeframe::Quarterly.per_period(7_898), 23_694);
        assert_eq!(Timeframe::Yearly.per_period(7_898), 94_776);
        assert_eq!(Timeframe::Yearly.per_period(i64::MAX), i64::MAX);
        let nouns: Vec<&str> = Timeframe::ALL.iter().map(|t| t.noun()).collect();
        assert_eq!(nouns, ["month", "quarter", "year"]);
    }

    #[test]
    fn timeframe_and_analysis_type_parse_their_names() {
        assert_eq!(Timeframe::parse("Yearly").ok(), Some(Timeframe::Yearly));
        assert!(Timeframe::parse("weekly").is_err());
        assert_eq!(AnalysisType::parse("quick").ok(), Some(AnalysisType::Quick));
        assert!(AnalysisType::parse("deep").is_err());
        assert_eq!(Options::default().time_horizon_months, 15);
    }

    proptest! {
        #[test]
        fn time_horizon_never_panics(s in "\\PC*") {
            let _ = parse_time_horizon(&s);
        }
    }
}
