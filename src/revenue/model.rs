//! The per-product revenue impact model (spec 2.6 constants, 4.4 options), written down in
//! docs/revenue-model.md: base revenue, current impact of the product's issues, what fixing them
//! earns, priority, compliance risk and recommendations.
//!
//! Responsible for the arithmetic of one product. Not responsible for pricing a single issue
//! (that is `impact::issue_impact`, the one source), for totals (aggregate.rs), for reading
//! feeds or for printing. Money is held in integer cents of the product's own currency so sums
//! are exact and independent of order; currencies are never converted.

use serde::Serialize;

use super::impact::{base_issue_impact, issue_impact, price_tier_multiplier};
use super::options::{Options, Timeframe};
use crate::catalog::Category;
use crate::model::price::{amount_in_range, parse_amount};
use crate::model::text::plural;
use crate::model::{CurrentPerformance, Finding, Product, RuleKind, Severity, parse_price};

/// Spec 2.6 "Base revenue assumption: 10 units sold per month".
pub const BASE_UNITS_PER_MONTH: i64 = 10;
/// Spec 2.6 "Revenue protection assumption: 30% improvement": fixing a product's issues earns
/// at most 30% of its monthly base revenue (docs/revenue-model.md §2).
pub const REVENUE_PROTECTION_PERCENT: i64 = 30;
/// Effort to fix one issue, in units of the product's currency (feedlint's choice: the spec gives
/// no cost; about 25 minutes of a merchandiser's time). The investment behind ROI and payback.
pub const FIX_COST_PER_ISSUE_CENTS: i64 = 2_500;
/// Lower bounds of the priority classes on monthly `currentImpact`, in cents (spec 2.6 names the
/// classes, 4.4 says the thresholds are not shown; these are feedlint's): critical ≥ 200,
/// high ≥ 100, medium ≥ 40, low below.
pub const PRIORITY_THRESHOLDS_CENTS: [(Priority, i64); 3] = [
    (Priority::Critical, 20_000),
    (Priority::High, 10_000),
    (Priority::Medium, 4_000),
];
/// Click-through and conversion rates under these (as fractions) earn a recommendation.
pub const LOW_CLICK_THROUGH_RATE: f64 = 0.01;
pub const LOW_CONVERSION_RATE: f64 = 0.01;

/// One issue the rules engine found on a product, as far as the revenue model cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Issue {
    pub severity: Severity,
    /// The issue concerns the GTIN (missing, invalid, fake): reported under `impactBreakdown.gtin`.
    pub gtin: bool,
    /// The issue counts toward GMC compliance (true) or performance optimisation (false).
    pub compliance: bool,
}

/// One product of a revenue analysis (spec 2.6 request fields plus the issues found on it).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ProductInput {
    pub product_id: String,
    pub title: String,
    /// The amount of the price; `None` when absent or unparseable.
    pub price: Option<f64>,
    /// Whether the product has a price at all, valid or not (a non-blank `price`). A price that
    /// is given but is no valid amount (unparseable, zero or negative, 10^13 or more) gets
    /// "Correct the price"; only an absent one gets "Add a price".
    pub price_given: bool,
    /// ISO 4217 code of the price; `None` falls back to `Options::default_currency`.
    pub currency: Option<String>,
    pub category: Option<Category>,
    pub brand: Option<String>,
    pub gtin: Option<String>,
    pub issues: Vec<Issue>,
    /// Whether the rules found a GTIN issue (`ProductReport::gtin_issue`: an invalid, fake,
    /// shared or required-but-missing GTIN). Such a product is critical whatever its amount,
    /// as `validate` and `gtin` prioritise it (spec 2.5: "GTIN issues are always prioritised
    /// as critical").
    pub gtin_issue: bool,
    pub performance: Option<CurrentPerformance>,
}

impl Issue {
    /// The revenue view of a rules-engine finding: its severity, whether it counts toward GMC
    /// compliance (`RuleKind::Compliance`) and whether it is about the `gtin` attribute.
    #[must_use]
    pub fn from_finding(finding: &Finding) -> Self {
        Self {
            severity: finding.severity,
            gtin: finding.field == "gtin",
            compliance: finding.kind == RuleKind::Compliance,
        }
    }
}

impl ProductInput {
    /// Builds the model's input from a feed product and the issues found on it. The price is a
    /// feed's `19.99 USD` (GMC 6324371) or a request body's bare number (spec 2.6), whose currency
    /// is then left to `Options::default_currency`. `category` is the one the rules engine
    /// detected for the product (`ProductReport::category`), so that an issue costs here what
    /// `validate` says it costs.
    #[must_use]
    pub fn from_product(product: &Product, category: Option<Category>, issues: Vec<Issue>) -> Self {
        let (price, currency) = match product.get_nonblank("price") {
            Some(text) => match parse_price(text) {
                Ok(p) => (Some(p.amount), Some(p.currency.to_string())),
                // A bare number too large to be a price is no price, as `1e35 USD` is not.
                Err(_) => (
                    parse_amount(text.trim()).filter(|a| amount_in_range(*a)),
                    None,
                ),
            },
            None => (None, None),
        };
        Self {
            product_id: product.product_id(),
            title: product.get("title").unwrap_or_default().to_owned(),
            price,
            price_given: product.get_nonblank("price").is_some(),
            currency,
            category,
            brand: product.get_nonblank("brand").map(str::to_owned),
            gtin: product.get_nonblank("gtin").map(str::to_owned),
            issues,
            // The caller sets it from the rules' report (`ProductReport::gtin_issue`).
            gtin_issue: false,
            performance: product.performance,
        }
    }
}

/// Priority classes (spec 2.6, 3.2), ordered `Low < Medium < High < Critical`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Priority {
    Low,
    Medium,
    High,
    Critical,
}

impl Priority {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Low => "low",
            Self::Medium => "medium",
            Self::High => "high",
            Self::Critical => "critical",
        }
    }

    /// The class of a monthly current impact in cents.
    #[must_use]
    pub fn from_monthly_impact(cents: i64) -> Self {
        PRIORITY_THRESHOLDS_CENTS
            .iter()
            .find(|(_, min)| cents >= *min)
            .map_or(Self::Low, |(p, _)| *p)
    }
}

/// Compliance risk: the most severe compliance issue; `none` without one (spec 2.6 shows `none`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RiskLevel {
    None,
    Low,
    Medium,
    High,
    Critical,
}

impl RiskLevel {
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

    #[must_use]
    pub fn from_severity(severity: Severity) -> Self {
        match severity {
            Severity::Low => Self::Low,
            Severity::Medium => Self::Medium,
            Severity::High => Self::High,
            Severity::Critical => Self::Critical,
        }
    }
}

/// Monthly figures of one product in cents of its currency; the source every total sums.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Figures {
    /// Base revenue per month (`monthlyRevenue`, else price × 10 units, else 0).
    pub base_revenue: i64,
    /// Whether the base revenue is known (a price or `monthlyRevenue` was given).
    pub revenue_known: bool,
    /// Revenue the issues cost per month: Σ `issue_impact`.
    pub current_impact: i64,
    /// What fixing every issue earns per month: `min(current, 30% of base)`.
    pub potential_gain: i64,
    /// The part of `current_impact` from compliance issues.
    pub compliance_impact: i64,
    /// The part of `potential_gain` from compliance issues (pro rata).
    pub compliance_gain: i64,
    /// Breakdown of `current_impact`; the four parts sum to it exactly.
    pub validation: i64,
    pub optimization: i64,
    pub gtin: i64,
    pub category: i64,
    /// Investment to fix every issue: issues × 25.00.
    pub fix_cost: i64,
    /// Investment to fix the compliance issues.
    pub compliance_fix_cost: i64,
    pub issues: u32,
    pub compliance_issues: u32,
}

impl Figures {
    /// Revenue still lost per month after the fixes: `current - gain`.
    #[must_use]
    pub fn optimized_impact(&self) -> i64 {
        self.current_impact - self.potential_gain
    }
}

/// One `data.productResults[]` entry (spec 2.6), plus `currency`. Money fields, and the amounts
/// in the recommendations, are per `timeframe` period; `figures` keeps the exact monthly cents
/// for aggregation.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProductResult {
    pub product_id: String,
    pub title: String,
    pub current_impact: f64,
    pub optimized_impact: f64,
    pub potential_gain: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub priority: Option<Priority>,
    pub recommendations: Vec<String>,
    /// The category key, or `unknown` when the product's category was not recognised.
    pub category: String,
    pub base_revenue: f64,
    pub risk_level: RiskLevel,
    /// ISO 4217 code every amount of this entry is in.
    pub currency: String,
    /// The period every amount of this entry is per (`Options::timeframe`). Not in the JSON
    /// entry: the response states it once, as `revenueAnalysis.timeframe`; the CSV has a column.
    #[serde(skip)]
    pub timeframe: Timeframe,
    #[serde(skip)]
    pub figures: Figures,
    /// Priority class, kept even when `include_priority` hides it from the output.
    #[serde(skip)]
    pub priority_class: Priority,
    /// 0-based position in the analysis (ties in rankings go to the earlier product).
    #[serde(skip)]
    pub index: u64,
}

/// Converts an amount to cents, rounding half away from zero; non-finite becomes 0 and huge
/// amounts saturate (no panic on hostile input).
#[must_use]
#[allow(
    clippy::cast_possible_truncation,
    reason = "f64 → i64 `as` saturates; amounts beyond i64 cents are not real prices"
)]
pub fn to_cents(amount: f64) -> i64 {
    if amount.is_finite() {
        (amount * 100.0).round() as i64
    } else {
        0
    }
}

/// Converts cents to the amount shown in reports.
#[must_use]
pub fn from_cents(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// `12.50 USD`: how recommendations and messages write money.
#[must_use]
pub fn format_money(cents: i64, currency: &str) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let abs = cents.unsigned_abs();
    format!("{sign}{}.{:02} {currency}", abs / 100, abs % 100)
}

/// Normalises a rate to a fraction: values above 1 are read as percentages (`2.5` = 2.5%).
fn rate_fraction(rate: f64) -> f64 {
    if rate > 1.0 { rate / 100.0 } else { rate }
}

/// The monthly figures of one product (docs/revenue-model.md §2).
#[must_use]
pub fn figures(product: &ProductInput) -> Figures {
    let price = product.price.filter(|p| amount_in_range(*p) && *p > 0.0);
    let monthly_revenue = product
        .performance
        .and_then(|p| p.monthly_revenue)
        .filter(|m| amount_in_range(*m) && *m >= 0.0);
    let (base_revenue, revenue_known) = match (monthly_revenue, price) {
        (Some(m), _) => (to_cents(m), true),
        (None, Some(p)) => (to_cents(p).saturating_mul(BASE_UNITS_PER_MONTH), true),
        (None, None) => (0, false),
    };
    let tier = price_tier_multiplier(price);
    let mut f = Figures {
        base_revenue,
        revenue_known,
        ..Figures::default()
    };
    for issue in &product.issues {
        // The one per-issue price (impact.rs): base × category multiplier × price tier.
        let full = to_cents(issue_impact(issue.severity, product.category, price));
        f.current_impact = f.current_impact.saturating_add(full);
        f.issues += 1;
        f.fix_cost = f.fix_cost.saturating_add(FIX_COST_PER_ISSUE_CENTS);
        if issue.compliance {
            f.compliance_impact = f.compliance_impact.saturating_add(full);
            f.compliance_issues += 1;
            f.compliance_fix_cost = f
                .compliance_fix_cost
                .saturating_add(FIX_COST_PER_ISSUE_CENTS);
        }
        if issue.gtin {
            f.gtin = f.gtin.saturating_add(full);
        } else {
            // Without the category multiplier; the difference is the category's share.
            let plain = to_cents(base_issue_impact(issue.severity) * tier);
            f.category = f.category.saturating_add(full - plain);
            if issue.compliance {
                f.validation = f.validation.saturating_add(plain);
            } else {
                f.optimization = f.optimization.saturating_add(plain);
            }
        }
    }
    f.potential_gain = if revenue_known {
        f.current_impact
            .min(f.base_revenue.saturating_mul(REVENUE_PROTECTION_PERCENT) / 100)
    } else {
        f.current_impact
    };
    f.compliance_gain = if f.current_impact > 0 {
        let share = i128::from(f.potential_gain) * i128::from(f.compliance_impact)
            / i128::from(f.current_impact);
        i64::try_from(share).unwrap_or(f.potential_gain)
    } else {
        0
    };
    f
}

/// Analyses one product: its figures, priority, risk and recommendations. `index` is its
/// 0-based position in the analysis.
#[must_use]
pub fn analyze_product(product: &ProductInput, options: &Options, index: u64) -> ProductResult {
    let f = figures(product);
    let timeframe = options.timeframe;
    let currency = product
        .currency
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .unwrap_or(&options.default_currency)
        .to_ascii_uppercase();
    let priority_class = if product.gtin_issue {
        Priority::Critical
    } else {
        Priority::from_monthly_impact(f.current_impact)
    };
    let risk_level = product
        .issues
        .iter()
        .filter(|i| i.compliance)
        .map(|i| RiskLevel::from_severity(i.severity))
        .max()
        .unwrap_or(RiskLevel::None);
    let mut recommendations = recommendations(product, &f, &currency, timeframe);
    recommendations.truncate(options.analysis_type.max_recommendations());
    ProductResult {
        product_id: product.product_id.clone(),
        title: product.title.clone(),
        current_impact: from_cents(timeframe.per_period(f.current_impact)),
        optimized_impact: from_cents(timeframe.per_period(f.optimized_impact())),
        potential_gain: from_cents(timeframe.per_period(f.potential_gain)),
        priority: options.include_priority.then_some(priority_class),
        recommendations,
        category: product
            .category
            .map_or_else(|| "unknown".to_owned(), |c| c.key().to_owned()),
        base_revenue: from_cents(timeframe.per_period(f.base_revenue)),
        risk_level,
        currency,
        timeframe,
        figures: f,
        priority_class,
        index,
    }
}

/// Recommendations, most valuable first: the compliance, GTIN and optimisation groups ordered by
/// the monthly amount at stake (ties in that order), then data gaps and weak performance rates.
/// Amounts are written per `timeframe` period, as the entry's figures are.
fn recommendations(
    product: &ProductInput,
    f: &Figures,
    currency: &str,
    timeframe: Timeframe,
) -> Vec<String> {
    // `40.00 USD per month`, `480.00 USD per year`.
    let per_period = |monthly_cents: i64| {
        format!(
            "{} per {}",
            format_money(timeframe.per_period(monthly_cents), currency),
            timeframe.noun()
        )
    };
    let price = product.price.filter(|p| amount_in_range(*p) && *p > 0.0);
    let group = |pred: &dyn Fn(&Issue) -> bool| -> Option<(u32, i64, Severity)> {
        product.issues.iter().filter(|i| pred(i)).fold(
            None,
            |acc: Option<(u32, i64, Severity)>, i| {
                let cents = to_cents(issue_impact(i.severity, product.category, price));
                Some(match acc {
                    None => (1, cents, i.severity),
                    Some((n, c, s)) => (n + 1, c + cents, s.max(i.severity)),
                })
            },
        )
    };
    let mut ranked: Vec<(i64, String)> = Vec::new();
    if let Some((n, cents, sev)) = group(&|i| i.compliance && !i.gtin) {
        ranked.push((
            cents,
            format!(
                "Fix {n} compliance issue{} (most severe: {sev}) to protect {}",
                plural(n),
                per_period(cents)
            ),
        ));
    }
    if let Some((n, cents, sev)) = group(&|i| i.gtin) {
        ranked.push((
            cents,
            format!(
                "Correct the GTIN ({n} issue{}, most severe: {sev}): worth {}",
                plural(n),
                per_period(cents)
            ),
        ));
    }
    if let Some((n, cents, sev)) = group(&|i| !i.compliance && !i.gtin) {
        ranked.push((
            cents,
            format!(
                "Resolve {n} optimisation issue{} (most severe: {sev}) to gain up to {}",
                plural(n),
                per_period(cents)
            ),
        ));
    }
    // Stable: equal amounts keep the compliance, GTIN, optimisation order.
    ranked.sort_by_key(|(cents, _)| std::cmp::Reverse(*cents));
    let mut out: Vec<String> = ranked.into_iter().map(|(_, text)| text).collect();
    if !f.revenue_known {
        // A price that is there but unusable is corrected, not added (`1e35 USD`, `0 USD`).
        out.push(if product.price_given || product.price.is_some() {
            "Correct the price so base revenue and the gain ceiling can be estimated".to_owned()
        } else {
            "Add a price so base revenue and the gain ceiling can be estimated".to_owned()
        });
    }
    if let Some(perf) = product.performance {
        if let Some(ctr) = perf
            .click_through_rate
            .filter(|r| r.is_finite() && *r >= 0.0)
        {
            if rate_fraction(ctr) < LOW_CLICK_THROUGH_RATE {
                out.push(
                    "Click-through rate is under 1%: improve the title and main image".to_owned(),
                );
            }
        }
        if let Some(cr) = perf.conversion_rate.filter(|r| r.is_finite() && *r >= 0.0) {
            if rate_fraction(cr) < LOW_CONVERSION_RATE {
                out.push(
                    "Conversion rate is under 1%: review price, availability and landing page"
                        .to_owned(),
                );
            }
        }
    }
    if out.is_empty() {
        out.push("No feed issues found: keep this listing as it is".to_owned());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn issue(severity: Severity, compliance: bool, gtin: bool) -> Issue {
        Issue {
            severity,
            gtin,
            compliance,
        }
    }

    fn product(price: f64, category: Category, issues: Vec<Issue>) -> ProductInput {
        ProductInput {
            product_id: "P1".into(),
            title: "Thing".into(),
            price: Some(price),
            currency: Some("USD".into()),
            category: Some(category),
            issues,
            ..ProductInput::default()
        }
    }

    #[test]
    fn base_revenue_is_ten_units_unless_monthly_revenue_is_given() {
        let mut p = product(20.0, Category::Apparel, vec![]);
        assert_eq!(figures(&p).base_revenue, 20_000);
        p.performance = Some(CurrentPerformance {
            monthly_revenue: Some(1234.5),
            ..CurrentPerformance::default()
        });
        assert_eq!(figures(&p).base_revenue, 123_450);
    }

    #[test]
    fn gain_is_capped_at_thirty_percent_of_base_revenue() {
        let p = product(
            5.0,
            Category::Apparel,
            vec![issue(Severity::Critical, true, false)],
        );
        let f = figures(&p);
        assert_eq!(f.current_impact, 5_500);
        assert_eq!(f.potential_gain, 1_500);
        assert_eq!(f.optimized_impact(), 4_000);
    }

    #[test]
    fn breakdown_parts_sum_to_current_impact() {
        let p = product(
            150.0,
            Category::HomeGarden,
            vec![
                issue(Severity::High, true, false),
                issue(Severity::Low, false, false),
                issue(Severity::Critical, true, true),
            ],
        );
        let f = figures(&p);
        assert_eq!(
            f.validation + f.optimization + f.gtin + f.category,
            f.current_impact
        );
        assert!(f.category < 0, "home & garden lowers impact");
    }

    #[test]
    fn a_gtin_issue_is_critical_whatever_it_costs() {
        let mut p = product(
            5.0,
            Category::HomeGarden,
            vec![issue(Severity::Low, true, true)],
        );
        let options = Options::default();
        assert_eq!(
            analyze_product(&p, &options, 0).priority_class,
            Priority::Low
        );
        p.gtin_issue = true;
        let r = analyze_product(&p, &options, 0);
        assert_eq!(r.priority_class, Priority::Critical);
        assert_eq!(r.priority, Some(Priority::Critical));
    }

    #[test]
    fn priority_thresholds_are_inclusive() {
        assert_eq!(Priority::from_monthly_impact(0), Priority::Low);
        assert_eq!(Priority::from_monthly_impact(3_999), Priority::Low);
        assert_eq!(Priority::from_monthly_impact(4_000), Priority::Medium);
        assert_eq!(Priority::from_monthly_impact(10_000), Priority::High);
        assert_eq!(Priority::from_monthly_impact(20_000), Priority::Critical);
    }

    #[test]
    fn hostile_numbers_do_not_panic() {
        let mut p = product(
            f64::MAX,
            Category::Electronics,
            vec![issue(Severity::High, true, true)],
        );
        let _ = analyze_product(&p, &Options::default(), 0);
        p.price = Some(f64::NAN);
        p.performance = Some(CurrentPerformance {
            click_through_rate: Some(f64::INFINITY),
            conversion_rate: Some(-1.0),
            monthly_revenue: Some(f64::NEG_INFINITY),
        });
        let r = analyze_product(&p, &Options::default(), 0);
        assert!(!r.figures.revenue_known);
    }

    #[test]
    fn input_is_built_from_a_feed_product_and_its_findings() {
        let mut p = Product::default();
        p.set("id", "SKU9");
        p.set("title", "Trail shoe");
        p.set("price", "129.00 eur");
        p.set("product_type", "Shoes");
        p.set("market_product_category", "Apparel & Accessories > Shoes");
        let input = ProductInput::from_product(
            &p,
            Some(Category::Apparel),
            vec![issue(Severity::Low, false, true)],
        );
        assert_eq!(input.product_id, "SKU9");
        assert_eq!(input.price, Some(129.0));
        assert_eq!(input.currency.as_deref(), Some("EUR"));
        assert_eq!(input.category, Some(Category::Apparel));
        p.set("price", "49.5");
        let input = ProductInput::from_product(&p, None, vec![]);
        assert_eq!((input.price, input.currency), (Some(49.5), None));
        assert_eq!(input.category, None);
    }

    #[test]
    fn recommendations_quote_the_amount_per_timeframe_period() {
        let p = product(
            20.0,
            Category::Apparel,
            vec![
                issue(Severity::High, true, false),
                issue(Severity::Low, false, true),
            ],
        );
        let texts = |timeframe: Timeframe| {
            let options = Options {
                timeframe,
                ..Options::default()
            };
            analyze_product(&p, &options, 0).recommendations
        };
        assert_eq!(
            texts(Timeframe::Monthly),
            [
                "Fix 1 compliance issue (most severe: high) to protect 49.50 USD per month",
                "Correct the GTIN (1 issue, most severe: low): worth 38.50 USD per month",
            ]
        );
        assert_eq!(
            texts(Timeframe::Quarterly),
            [
                "Fix 1 compliance issue (most severe: high) to protect 148.50 USD per quarter",
                "Correct the GTIN (1 issue, most severe: low): worth 115.50 USD per quarter",
            ]
        );
        let yearly = Options {
            timeframe: Timeframe::Yearly,
            ..Options::default()
        };
        let r = analyze_product(&p, &yearly, 0);
        assert_eq!(r.timeframe, Timeframe::Yearly);
        assert_eq!(to_cents(r.potential_gain), 12 * r.figures.potential_gain);
        assert!(r.recommendations[0].ends_with("594.00 USD per year"));
    }

    #[test]
    fn an_invalid_price_is_corrected_and_only_an_absent_one_added() {
        let recommendation = |price: Option<&str>| {
            let mut p = Product::default();
            p.set("id", "SKU9");
            if let Some(price) = price {
                p.set("price", price);
            }
            let input = ProductInput::from_product(&p, None, vec![]);
            let r = analyze_product(&input, &Options::default(), 0);
            r.recommendations
                .into_iter()
                .find(|t| t.contains("price so base revenue"))
        };
        let correct = "Correct the price so base revenue and the gain ceiling can be estimated";
        let add = "Add a price so base revenue and the gain ceiling can be estimated";
        for invalid in [
            "99999999999999999999999999999999999 USD",
            "10000000000000 USD",
            "1e20",
            "0 USD",
            "-5.00 USD",
            "$19.99",
        ] {
            assert_eq!(
                recommendation(Some(invalid)).as_deref(),
                Some(correct),
                "{invalid}"
            );
        }
        assert_eq!(recommendation(None).as_deref(), Some(add));
        assert_eq!(recommendation(Some("  ")).as_deref(), Some(add));
        assert_eq!(recommendation(Some("19.99 USD")), None);
        // Built by hand: an unusable amount is a price given.
        let mut p = product(f64::NAN, Category::Apparel, vec![]);
        assert!(!p.price_given);
        let r = analyze_product(&p, &Options::default(), 0);
        assert_eq!(r.recommendations[0], correct);
        p.price = None;
        let r = analyze_product(&p, &Options::default(), 0);
        assert_eq!(r.recommendations[0], add);
    }

    #[test]
    fn money_is_formatted_with_two_decimals() {
        assert_eq!(format_money(12_345, "EUR"), "123.45 EUR");
        assert_eq!(format_money(-5, "USD"), "-0.05 USD");
    }
}
