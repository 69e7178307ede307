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

/// An amount written with two decimals exactly as `format!("{v:.2}")` writes it, but with
/// integer arithmetic when `v` is a whole number of cents (the double nearest to `c / 100`, as
/// every rounded revenue figure is): float formatting is ~10 times the work, and validate writes
/// such an amount for most products. Other values go to the float formatter.
#[derive(Debug, Clone, Copy)]
pub struct TwoDecimals(pub f64);

/// Cents below this convert to `f64` and back exactly (2^53).
const EXACT_CENTS: u64 = 1 << 53;

/// `v` as a number of cents `c` when it is the double nearest to `c / 100` for a whole `c`
/// below 2^53 (not negative, not -0): a figure rounded to cents.
#[must_use]
pub fn whole_cents(v: f64) -> Option<u64> {
    // A candidate without a call to `round` (x86-64 has no rounding instruction before
    // SSE4.1), then the exact test, which alone decides: bit equality with the double nearest
    // to `c / 100`, no margin. NaN, infinities, negative numbers and -0 fail it.
    #[expect(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "a saturating candidate; the test rejects any wrong one"
    )]
    let c = (v * 100.0 + 0.5) as u64;
    #[expect(clippy::cast_precision_loss, reason = "exact below 2^53")]
    let back = c as f64 / 100.0;
    (c < EXACT_CENTS && back.to_bits() == v.to_bits()).then_some(c)
}

impl TwoDecimals {
    /// Appends the text [`Display`](std::fmt::Display) writes (a `format!` of a message with an
    /// amount was ~1,000 instructions per product, most of them the formatting machinery).
    pub fn push_to(self, out: &mut String) {
        // Writing to a String cannot fail.
        let _ = self.write_to(out);
    }

    /// The one writer of the text: for whole cents with integer arithmetic and no formatting
    /// machinery, else with the float formatter.
    fn write_to(self, w: &mut impl std::fmt::Write) -> std::fmt::Result {
        // `v` within half a unit in the last place of `c / 100`: its exact decimal value
        // rounds to that number of cents.
        match whole_cents(self.0) {
            Some(c) => {
                let cents = c % 100;
                w.write_str(itoa::Buffer::new().format(c / 100))?;
                w.write_str(if cents < 10 { ".0" } else { "." })?;
                w.write_str(itoa::Buffer::new().format(cents))
            }
            None => write!(w, "{:.2}", self.0),
        }
    }
}

impl std::fmt::Display for TwoDecimals {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.write_to(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn two_decimals_edge_values() {
        for v in [
            0.0,
            -0.0,
            0.005,
            0.015,
            1.005,
            2.675,
            36.0,
            45.5,
            0.1 + 0.2,
            -3.5,
            1e15,
            9e15,
            f64::NAN,
            f64::INFINITY,
            f64::MAX,
            f64::MIN_POSITIVE,
        ] {
            assert_eq!(TwoDecimals(v).to_string(), format!("{v:.2}"), "{v:e}");
            let mut pushed = String::new();
            TwoDecimals(v).push_to(&mut pushed);
            assert_eq!(pushed, format!("{v:.2}"), "{v:e}");
        }
    }

    proptest! {
        /// Whole cents, sums of whole cents, half cents and arbitrary doubles: the float
        /// formatter's text.
        #[test]
        fn two_decimals_is_the_float_formatter(
            cents in 0_u64..10_000_000_000,
            others in prop::collection::vec(0_u64..100_000, 0..6),
            half in 0_u64..100_000_000,
            any_bits in any::<u64>(),
        ) {
            let v = cents as f64 / 100.0;
            prop_assert_eq!(TwoDecimals(v).to_string(), format!("{v:.2}"));
            for x in [v, -v, v * 1.3, f64::from_bits(any_bits)] {
                let mut pushed = String::from("$");
                TwoDecimals(x).push_to(&mut pushed);
                prop_assert_eq!(pushed, format!("${x:.2}"));
            }
            let sum: f64 = others.iter().map(|&c| round_cents(c as f64 / 100.0 * 1.3)).sum();
            prop_assert_eq!(TwoDecimals(sum).to_string(), format!("{sum:.2}"));
            // Half a cent: the binary value lies just above or below the tie.
            let h = (half as f64 + 0.5) / 100.0;
            prop_assert_eq!(TwoDecimals(h).to_string(), format!("{h:.2}"));
            let x = f64::from_bits(any_bits);
            prop_assert_eq!(TwoDecimals(x).to_string(), format!("{x:.2}"));
        }
    }

    proptest! {
        /// Every amount rounded to cents, up to a hundred billion, is found a whole number of
        /// cents (the fast path of [`TwoDecimals`] and of the JSON writer's numbers).
        #[test]
        fn whole_cents_finds_every_rounded_amount(c in 0_u64..10_000_000_000_000) {
            prop_assert_eq!(whole_cents(c as f64 / 100.0), Some(c));
        }
    }

    #[test]
    fn whole_cents_rejects_what_is_not_a_positive_number_of_cents() {
        for v in [-0.0, -0.5, 0.001, 0.125, f64::NAN, f64::INFINITY, 1e300] {
            assert_eq!(whole_cents(v), None, "{v:?}");
        }
        assert_eq!(whole_cents(0.0), Some(0));
        assert_eq!(
            whole_cents(0.1 + 0.2),
            None,
            "not the double nearest to 0.30"
        );
    }

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
