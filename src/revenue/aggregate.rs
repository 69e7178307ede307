//! Totals of a revenue analysis (spec 2.6 `data.revenueAnalysis` and `data.businessIntelligence`),
//! built incrementally: an accumulator is fed one `ProductResult` at a time and keeps, per
//! currency, exact sums in cents and only the top-N products by potential gain, so memory does not
//! grow with the feed.
//!
//! Responsible for sums, rankings and the aggregate messages. Not responsible for per-product
//! arithmetic (model.rs) or output (report/revenue.rs). Amounts of different currencies are never
//! added together: totals are kept per ISO 4217 code (docs/revenue-model.md §5).

use std::collections::BTreeMap;

use serde::Serialize;

use super::model::{Figures, Priority, ProductResult, RiskLevel, format_money, from_cents};
use super::options::{Options, Timeframe};

/// Lower bounds of the spec's ROI classes (2.6: strong 300%+, positive 100%+, moderate 50%+).
pub const ROI_STRONG: i64 = 300;
pub const ROI_POSITIVE: i64 = 100;
pub const ROI_MODERATE: i64 = 50;

/// The spec's ROI classes plus `low` below 50% (feedlint's name) and `none` without investment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum RoiClass {
    None,
    Low,
    Moderate,
    Positive,
    Strong,
}

impl RoiClass {
    #[must_use]
    pub fn of(roi_percent: i64, investment_cents: i64) -> Self {
        if investment_cents == 0 {
            Self::None
        } else if roi_percent >= ROI_STRONG {
            Self::Strong
        } else if roi_percent >= ROI_POSITIVE {
            Self::Positive
        } else if roi_percent >= ROI_MODERATE {
            Self::Moderate
        } else {
            Self::Low
        }
    }
}

/// ROI in whole percent of gaining `monthly_gain` for `months` after investing `investment`:
/// `(gain × months − investment) / investment × 100`, rounded half away from zero; 0 without
/// investment.
#[must_use]
pub fn roi_percent(monthly_gain: i64, months: u32, investment: i64) -> i64 {
    if investment <= 0 {
        return 0;
    }
    let num = (i128::from(monthly_gain) * i128::from(months) - i128::from(investment)) * 100;
    let den = i128::from(investment);
    let rounded = (num + num.signum() * den / 2) / den;
    i64::try_from(rounded).unwrap_or(i64::MAX)
}

/// Payback period text: the investment divided by the monthly gain. Under a month it is given
/// in days (30-day months, rounded up), otherwise in months with one decimal.
#[must_use]
pub fn payback_period(monthly_gain: i64, investment: i64) -> String {
    if investment <= 0 {
        return "none needed".to_owned();
    }
    if monthly_gain <= 0 {
        return "not reached".to_owned();
    }
    if investment < monthly_gain {
        let g = i128::from(monthly_gain);
        let days = (i128::from(investment) * 30 + g - 1) / g;
        return format!("{days} day{}", crate::model::text::plural(days));
    }
    // Tenths of a month, rounded half up.
    let tenths = (i128::from(investment) * 20 / i128::from(monthly_gain) + 1) / 2;
    format!("{}.{} months", tenths / 10, tenths % 10)
}

/// `data.revenueAnalysis` (spec 2.6) for one currency; the top level is the dominant currency's
/// and carries `currencyBreakdown` with every currency's block.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RevenueAnalysis {
    /// ISO 4217 code of every amount in this block.
    pub currency: String,
    /// The period of the per-period amounts of the response (spec 4.4 `timeframe`; an addition
    /// to the 2.6 shape, as `currency` is): `totalImpact`, `averageImpactPerProduct`,
    /// `impactBreakdown`, `complianceViolationCost`, the `potentialGain` of
    /// `priorityOpportunities` and every `productResults[]` amount. `totalOpportunityValue` is
    /// over the time horizon whatever the timeframe; `expectedMonthlyGain` is per month.
    pub timeframe: Timeframe,
    /// The months `totalOpportunityValue` and the ROI figures count gains over, in spec 4.4's
    /// request form (`15_months`; an addition to the 2.6 shape, as `timeframe` is).
    pub time_horizon: String,
    pub compliance_risk: ComplianceRisk,
    pub optimization_opportunity: OptimizationOpportunity,
    pub total_impact: f64,
    pub average_impact_per_product: f64,
    pub high_impact_products: u64,
    pub impact_breakdown: ImpactBreakdown,
    pub total_products: u64,
    /// Per-currency blocks keyed by ISO code (top level only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub currency_breakdown: Option<BTreeMap<String, RevenueAnalysis>>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ComplianceRisk {
    pub risk_level: RiskLevel,
    pub compliance_violation_cost: f64,
    pub compliance_message: String,
    #[serde(rename = "complianceROI", skip_serializing_if = "Option::is_none")]
    pub compliance_roi: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct OptimizationOpportunity {
    pub total_opportunity_value: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub priority_opportunities: Option<Vec<Opportunity>>,
    #[serde(rename = "estimatedROI", skip_serializing_if = "Option::is_none")]
    pub estimated_roi: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payback_period: Option<String>,
    pub optimization_message: String,
}

/// One `priorityOpportunities` entry: a product among the largest potential gains.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Opportunity {
    pub product_id: String,
    pub title: String,
    /// Per timeframe period, in `currency`.
    pub potential_gain: f64,
    pub priority: Priority,
    pub currency: String,
    /// The product's first recommendation.
    pub recommendation: String,
    #[serde(skip)]
    pub gain_cents: i64,
    #[serde(skip)]
    pub index: u64,
}

/// `impactBreakdown` (spec 2.6): the four parts sum to `totalImpact` exactly.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct ImpactBreakdown {
    pub validation: f64,
    pub optimization: f64,
    pub gtin: f64,
    pub category: f64,
}

/// `data.businessIntelligence` (spec 2.6), for the dominant currency.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BusinessIntelligence {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roi: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub payback_period: Option<String>,
    pub risk_level: RiskLevel,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actionable_priorities: Option<Vec<String>>,
    pub investment_recommendation: String,
    /// Always per month, whatever the timeframe (the name says so).
    pub expected_monthly_gain: f64,
    pub currency: String,
}

/// Everything but the product list: what the JSON tail, the table and messages need.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RevenueSummary {
    pub revenue_analysis: RevenueAnalysis,
    pub business_intelligence: BusinessIntelligence,
}

/// Exact monthly sums of one currency.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Totals {
    pub products: u64,
    pub sum: Figures,
    pub high_impact_products: u64,
    pub products_with_compliance_issues: u64,
    pub products_with_gain: u64,
    pub risk: Option<RiskLevel>,
}

#[derive(Debug, Clone, Default)]
struct Group {
    first_seen: u64,
    totals: Totals,
    /// Sorted best first; at most `Options::analysis_type.top_products()` entries.
    top: Vec<Opportunity>,
}

/// The incremental aggregator: `push` each product result, then `finish`.
#[derive(Debug, Clone)]
pub struct Accumulator {
    options: Options,
    groups: BTreeMap<String, Group>,
    seen: u64,
}

fn add_figures(a: &mut Figures, b: &Figures) {
    a.base_revenue = a.base_revenue.saturating_add(b.base_revenue);
    a.revenue_known |= b.revenue_known;
    a.current_impact = a.current_impact.saturating_add(b.current_impact);
    a.potential_gain = a.potential_gain.saturating_add(b.potential_gain);
    a.compliance_impact = a.compliance_impact.saturating_add(b.compliance_impact);
    a.compliance_gain = a.compliance_gain.saturating_add(b.compliance_gain);
    a.validation = a.validation.saturating_add(b.validation);
    a.optimization = a.optimization.saturating_add(b.optimization);
    a.gtin = a.gtin.saturating_add(b.gtin);
    a.category = a.category.saturating_add(b.category);
    a.fix_cost = a.fix_cost.saturating_add(b.fix_cost);
    a.compliance_fix_cost = a.compliance_fix_cost.saturating_add(b.compliance_fix_cost);
    a.issues = a.issues.saturating_add(b.issues);
    a.compliance_issues = a.compliance_issues.saturating_add(b.compliance_issues);
}

impl Accumulator {
    #[must_use]
    pub fn new(options: &Options) -> Self {
        Self {
            options: options.clone(),
            groups: BTreeMap::new(),
            seen: 0,
        }
    }

    /// Adds one product's result to its currency's totals and ranking.
    pub fn push(&mut self, result: &ProductResult) {
        let seen = self.seen;
        self.seen += 1;
        let limit = self.options.analysis_type.top_products();
        let group = self
            .groups
            .entry(result.currency.clone())
            .or_insert_with(|| Group {
                first_seen: seen,
                ..Group::default()
            });
        let t = &mut group.totals;
        let f = &result.figures;
        t.products += 1;
        add_figures(&mut t.sum, f);
        if result.priority_class >= Priority::High {
            t.high_impact_products += 1;
        }
        if f.compliance_issues > 0 {
            t.products_with_compliance_issues += 1;
        }
        if f.potential_gain > 0 {
            t.products_with_gain += 1;
            let better = |o: &Opportunity| {
                o.gain_cents > f.potential_gain
                    || (o.gain_cents == f.potential_gain && o.index < result.index)
            };
            let pos = group.top.partition_point(better);
            if pos < limit {
                group.top.insert(
                    pos,
                    Opportunity {
                        product_id: result.product_id.clone(),
                        title: result.title.clone(),
                        potential_gain: result.potential_gain,
                        priority: result.priority_class,
                        currency: result.currency.clone(),
                        recommendation: result.recommendations.first().cloned().unwrap_or_default(),
                        gain_cents: f.potential_gain,
                        index: result.index,
                    },
                );
                group.top.truncate(limit);
            }
        }
        t.risk = t.risk.max(Some(result.risk_level));
    }

    /// Number of products pushed so far.
    #[must_use]
    pub fn products(&self) -> u64 {
        self.seen
    }

    /// Exact monthly totals per currency, in ISO-code order.
    pub fn totals(&self) -> impl Iterator<Item = (&str, &Totals)> {
        self.groups.iter().map(|(c, g)| (c.as_str(), &g.totals))
    }

    /// The currency of the top-level numbers: the one with the most products, ties going to the
    /// one seen first; `default_currency` for an empty analysis.
    #[must_use]
    pub fn dominant_currency(&self) -> String {
        self.groups
            .iter()
            .max_by(|a, b| {
                a.1.totals
                    .products
                    .cmp(&b.1.totals.products)
                    .then(b.1.first_seen.cmp(&a.1.first_seen))
            })
            .map_or_else(|| self.options.default_currency.clone(), |(c, _)| c.clone())
    }

    /// The aggregate blocks.
    #[must_use]
    pub fn finish(self) -> RevenueSummary {
        let dominant = self.dominant_currency();
        let empty = Group::default();
        let breakdown: BTreeMap<String, RevenueAnalysis> = self
            .groups
            .iter()
            .map(|(c, g)| (c.clone(), self.analysis(c, g)))
            .collect();
        let group = self.groups.get(&dominant).unwrap_or(&empty);
        let mut revenue_analysis = self.analysis(&dominant, group);
        revenue_analysis.currency_breakdown = Some(breakdown);
        let business_intelligence = self.intelligence(&dominant, group);
        RevenueSummary {
            revenue_analysis,
            business_intelligence,
        }
    }

    fn analysis(&self, currency: &str, group: &Group) -> RevenueAnalysis {
        let o = &self.options;
        let t = &group.totals;
        let s = &t.sum;
        let tf = o.timeframe;
        let per = |cents: i64| from_cents(tf.per_period(cents));
        let total = tf.per_period(s.current_impact);
        let average = if t.products == 0 {
            0
        } else {
            let n = i128::from(t.products);
            i64::try_from((i128::from(total) * 2 + n) / (2 * n)).unwrap_or(0)
        };
        let horizon = o.time_horizon_months;
        let opportunity = s.potential_gain.saturating_mul(i64::from(horizon));
        let risk_level = t.risk.unwrap_or(RiskLevel::None);
        let period_name = tf.noun();
        let compliance_message = if t.products_with_compliance_issues == 0 {
            "No compliance issues: no product is at risk of disapproval".to_owned()
        } else {
            format!(
                "{} of {} product{} {} compliance issues costing {} per {period_name}",
                t.products_with_compliance_issues,
                t.products,
                crate::model::text::plural(t.products),
                if t.products_with_compliance_issues == 1 {
                    "has"
                } else {
                    "have"
                },
                format_money(tf.per_period(s.compliance_impact), currency)
            )
        };
        let optimization_message = if s.issues == 0 {
            "No issues to fix: nothing to gain from feed fixes".to_owned()
        } else {
            format!(
                "Fixing {} issue{} on {} product{} can earn {} per {period_name}, {} over {}",
                s.issues,
                crate::model::text::plural(s.issues),
                t.products_with_gain,
                crate::model::text::plural(t.products_with_gain),
                format_money(tf.per_period(s.potential_gain), currency),
                format_money(opportunity, currency),
                crate::model::text::count(horizon, "month"),
            )
        };
        RevenueAnalysis {
            currency: currency.to_owned(),
            timeframe: tf,
            time_horizon: super::options::time_horizon_text(horizon),
            compliance_risk: ComplianceRisk {
                risk_level,
                compliance_violation_cost: per(s.compliance_impact),
                compliance_message,
                compliance_roi: o.include_roi.then(|| {
                    format!(
                        "{}%",
                        roi_percent(s.compliance_gain, horizon, s.compliance_fix_cost)
                    )
                }),
            },
            optimization_opportunity: OptimizationOpportunity {
                total_opportunity_value: from_cents(opportunity),
                priority_opportunities: o.include_priority.then(|| group.top.clone()),
                estimated_roi: o
                    .include_roi
                    .then(|| format!("{}%", roi_percent(s.potential_gain, horizon, s.fix_cost))),
                payback_period: o
                    .include_payback
                    .then(|| payback_period(s.potential_gain, s.fix_cost)),
                optimization_message,
            },
            total_impact: from_cents(total),
            average_impact_per_product: from_cents(average),
            high_impact_products: t.high_impact_products,
            impact_breakdown: ImpactBreakdown {
                validation: per(s.validation),
                optimization: per(s.optimization),
                gtin: per(s.gtin),
                category: per(s.category),
            },
            total_products: t.products,
            currency_breakdown: None,
        }
    }

    fn intelligence(&self, currency: &str, g: &Group) -> BusinessIntelligence {
        let o = &self.options;
        let s = &g.totals.sum;
        let roi = roi_percent(s.potential_gain, o.time_horizon_months, s.fix_cost);
        // The figure only where ROI calculations are on (`includeROICalculations`, `--no-roi`).
        let figure = if o.include_roi {
            format!(" ({roi}%)")
        } else {
            String::new()
        };
        let investment_recommendation = match RoiClass::of(roi, s.fix_cost) {
            RoiClass::None => "No investment needed: no feed issues found".to_owned(),
            RoiClass::Strong => {
                format!("Strong ROI{figure}: fix every listed issue now, highest priority first")
            }
            RoiClass::Positive => format!(
                "Positive ROI{figure}: fix the critical and high priority products this cycle"
            ),
            RoiClass::Moderate => {
                format!("Moderate ROI{figure}: fix compliance issues first, schedule the rest")
            }
            RoiClass::Low => format!(
                "Low ROI{figure}: fix compliance issues only; optimisation does not pay back within {}",
                crate::model::text::count(o.time_horizon_months, "month")
            ),
        };
        BusinessIntelligence {
            roi: o.include_roi.then_some(roi),
            payback_period: o
                .include_payback
                .then(|| payback_period(s.potential_gain, s.fix_cost)),
            risk_level: g.totals.risk.unwrap_or(RiskLevel::None),
            actionable_priorities: o.include_priority.then(|| {
                g.top
                    .iter()
                    .map(|op| {
                        format!(
                            "{} ({} priority): {}",
                            op.product_id,
                            op.priority.as_str(),
                            op.recommendation
                        )
                    })
                    .collect()
            }),
            investment_recommendation,
            expected_monthly_gain: from_cents(s.potential_gain),
            currency: currency.to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roi_rounds_and_handles_no_investment() {
        assert_eq!(roi_percent(1_000, 15, 2_500), 500);
        assert_eq!(roi_percent(0, 15, 2_500), -100);
        assert_eq!(roi_percent(5_000, 15, 0), 0);
        assert_eq!(RoiClass::of(300, 1), RoiClass::Strong);
        assert_eq!(RoiClass::of(299, 1), RoiClass::Positive);
        assert_eq!(RoiClass::of(50, 1), RoiClass::Moderate);
        assert_eq!(RoiClass::of(49, 1), RoiClass::Low);
    }

    #[test]
    fn payback_is_days_under_a_month_and_months_otherwise() {
        assert_eq!(payback_period(10_000, 2_500), "8 days");
        assert_eq!(payback_period(1_000, 2_500), "2.5 months");
        assert_eq!(payback_period(0, 2_500), "not reached");
        assert_eq!(payback_period(0, 0), "none needed");
    }
}
