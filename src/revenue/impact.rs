//! Revenue impact of one validation issue (spec 2.6: "$35-$50 per validation issue", category
//! multipliers, 1.3x premium tier for prices $100-999). The rules engine and the revenue model
//! both price issues through this function, so the number has one source.

use crate::catalog::Category;
use crate::model::Severity;

/// Base impact in USD of one issue by severity, spanning the spec's $35–$50.
#[must_use]
pub fn base_issue_impact(severity: Severity) -> f64 {
    match severity {
        Severity::Critical => 50.0,
        Severity::High => 45.0,
        Severity::Medium => 40.0,
        Severity::Low => 35.0,
    }
}

/// The premium price tier (spec 2.6: 1.3x for $100–999).
pub const PREMIUM_TIER_MULTIPLIER: f64 = 1.3;
/// Inclusive lower and exclusive upper bound of the premium tier.
pub const PREMIUM_TIER_RANGE: (f64, f64) = (100.0, 1000.0);

/// Price-tier multiplier: 1.3 inside $100–$999.99, else 1.
#[must_use]
pub fn price_tier_multiplier(price: Option<f64>) -> f64 {
    match price {
        Some(p) if (PREMIUM_TIER_RANGE.0..PREMIUM_TIER_RANGE.1).contains(&p) => {
            PREMIUM_TIER_MULTIPLIER
        }
        _ => 1.0,
    }
}

/// Category multiplier: `1 + uplift` (see `Category::revenue_uplift`); 1 when unknown.
#[must_use]
pub fn category_multiplier(category: Option<Category>) -> f64 {
    category.map_or(1.0, |c| 1.0 + c.revenue_uplift())
}

/// Estimated monthly revenue impact in USD of one issue, rounded to cents.
#[must_use]
pub fn issue_impact(severity: Severity, category: Option<Category>, price: Option<f64>) -> f64 {
    round_cents(
        base_issue_impact(severity) * category_multiplier(category) * price_tier_multiplier(price),
    )
}

/// Rounds to two decimals (half away from zero).
#[must_use]
pub fn round_cents(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn impact_spans_spec_range_without_multipliers() {
        assert!((issue_impact(Severity::Low, None, None) - 35.0).abs() < 1e-9);
        assert!((issue_impact(Severity::Critical, None, Some(20.0)) - 50.0).abs() < 1e-9);
    }

    #[test]
    fn premium_tier_is_exactly_1_3x() {
        let base = issue_impact(Severity::High, Some(Category::Apparel), Some(99.99));
        let premium = issue_impact(Severity::High, Some(Category::Apparel), Some(100.0));
        assert!((premium - round_cents(base * 1.3)).abs() < 0.011);
        assert!((price_tier_multiplier(Some(1000.0)) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn electronics_is_higher_and_home_garden_lower() {
        let e = issue_impact(Severity::Medium, Some(Category::Electronics), None);
        let h = issue_impact(Severity::Medium, Some(Category::HomeGarden), None);
        assert!(e > 40.0 && h < 40.0);
    }
}
