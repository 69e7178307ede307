//! Tiers, limits and prices (spec sections 1, 4.7 and 8): the one place these numbers live.
//!
//! `categories`, `usage`, billing and request-limit checks all read them from here.

use serde::Serialize;

use super::endpoint::Counter;
use super::key::thousands;

/// The environment a key reaches (spec 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tier {
    Test,
    Production,
}

impl Tier {
    pub const ALL: [Tier; 2] = [Tier::Test, Tier::Production];

    /// The `tier` value in `meta` and `categories`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Test => "test",
            Self::Production => "production",
        }
    }

    /// Display name used by `categories` (`data.tiers.<key>.name`).
    #[must_use]
    pub fn display_name(self) -> &'static str {
        match self {
            Self::Test => "Test Environment",
            Self::Production => "Production Environment",
        }
    }

    /// Monthly validation limit; `None` is unlimited (spec 8).
    #[must_use]
    pub fn monthly_limit(self) -> Option<u64> {
        match self {
            Self::Test => Some(TEST_MONTHLY_LIMIT),
            Self::Production => None,
        }
    }

    /// The `price` text of the categories tier field (spec 4.7 / 8 "category tiers field").
    #[must_use]
    pub fn price_text(self) -> &'static str {
        match self {
            Self::Test => "free",
            Self::Production => "$0.05 per validation",
        }
    }
}

/// Test-environment monthly limit, per key, per calendar month in UTC (spec 1, 8).
pub const TEST_MONTHLY_LIMIT: u64 = 1_000;

/// Products per request of a product-validation JSON request body (spec 4.1, 8).
pub const PRODUCT_REQUEST_LIMIT: usize = 100;
/// Products per request of a batch JSON request body (spec 4.2, 8).
pub const BATCH_REQUEST_LIMIT: usize = 1_000;
/// GTINs per request of a GTIN JSON request body (spec 4.3, 8).
pub const GTIN_REQUEST_LIMIT: usize = 100;
/// Products per request of a revenue JSON request body (spec 4.4, 8).
pub const REVENUE_REQUEST_LIMIT: usize = 100;
/// Seconds a 429 asks a client to wait when the month's end is not the binding reason (spec 7).
pub const RATE_LIMIT_RETRY_SECONDS: u64 = 60;

/// One volume band: validations up to and including `up_to` (cumulative in the month) cost
/// `usd` each; `None` is the open-ended last band.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Band {
    pub up_to: Option<u64>,
    pub usd: f64,
}

/// Product validation bands (spec 8): first 10,000 at 0.08; 10,001–50,000 at 0.06;
/// 50,001–200,000 at 0.04; above at 0.02.
pub const PRODUCT_BANDS: [Band; 4] = [
    Band {
        up_to: Some(10_000),
        usd: 0.08,
    },
    Band {
        up_to: Some(50_000),
        usd: 0.06,
    },
    Band {
        up_to: Some(200_000),
        usd: 0.04,
    },
    Band {
        up_to: None,
        usd: 0.02,
    },
];

/// GTIN validation bands (spec 8): 1–1,000 at 0.08; 1,001–10,000 at 0.06; above at 0.04.
pub const GTIN_BANDS: [Band; 3] = [
    Band {
        up_to: Some(1_000),
        usd: 0.08,
    },
    Band {
        up_to: Some(10_000),
        usd: 0.06,
    },
    Band {
        up_to: None,
        usd: 0.04,
    },
];

/// Revenue-impact analyses are not priced by the spec (section 8 prices only product and GTIN
/// validation). feedlint's choice: one analysed product costs what one product validation costs,
/// so revenue analyses use the product bands on their own monthly counter.
pub const REVENUE_BANDS: [Band; 4] = PRODUCT_BANDS;

/// "Brand voice is billed at premium volume pricing; rates are not shown" (spec 8). feedlint's
/// choice: premium = the product bands times this factor.
pub const BRAND_VOICE_PREMIUM_FACTOR: f64 = 1.5;

/// Brand-voice analysis bands: [`PRODUCT_BANDS`] × [`BRAND_VOICE_PREMIUM_FACTOR`] (a unit test
/// keeps the two in step): first 10,000 at 0.12; 10,001–50,000 at 0.09; 50,001–200,000 at 0.06;
/// above at 0.03.
pub const BRAND_VOICE_BANDS: [Band; 4] = [
    Band {
        up_to: Some(10_000),
        usd: 0.12,
    },
    Band {
        up_to: Some(50_000),
        usd: 0.09,
    },
    Band {
        up_to: Some(200_000),
        usd: 0.06,
    },
    Band {
        up_to: None,
        usd: 0.03,
    },
];

/// The currency of every price (spec 2.5 `billing.currency`).
pub const CURRENCY: &str = "USD";

/// A band table in words, from its constants (the one wording `categories` and `usage` show):
/// `0.08 (first 10,000), 0.06 (to 50,000), 0.04 (to 200,000), 0.02 after`. Prices are in
/// [`CURRENCY`] per unit; each bound is the last unit of its band, cumulative in the month.
#[must_use]
pub fn describe_bands(bands: &[Band]) -> String {
    let mut parts = Vec::with_capacity(bands.len());
    for (i, band) in bands.iter().enumerate() {
        let price = price_words(band.usd);
        parts.push(match (band.up_to, i) {
            (Some(up_to), 0) => format!("{price} (first {})", thousands(up_to)),
            (Some(up_to), _) => format!("{price} (to {})", thousands(up_to)),
            (None, 0) => format!("{price} at any volume"),
            (None, _) => format!("{price} after"),
        });
    }
    parts.join(", ")
}

/// What a production key is billed, one line per counter with its bands in words
/// ([`describe_bands`]), under a heading line naming the unit. Shown below the tables of
/// `categories` and of `usage` for a production key.
#[must_use]
pub fn billed_by_volume_lines() -> Vec<String> {
    let width = Counter::ALL
        .iter()
        .map(|c| c.label().chars().count())
        .max()
        .unwrap_or(0);
    let mut lines = vec![format!(
        "Production keys are billed per unit by monthly volume, in {CURRENCY}:"
    )];
    lines.extend(Counter::ALL.into_iter().map(|c| {
        format!(
            "  {label:<width$}  {bands}",
            label = c.label(),
            bands = describe_bands(c.bands())
        )
    }));
    lines
}

/// A price as a decimal with at least two places and no trailing zeros beyond them
/// (`0.08`, `0.125`), exact to the micro-dollar.
fn price_words(usd: f64) -> String {
    let micros = usd_to_micros(usd);
    let mut text = format!("{}.{:06}", micros / 1_000_000, micros % 1_000_000);
    while text.ends_with('0') && text.len() - text.find('.').map_or(0, |dot| dot + 1) > 2 {
        text.pop();
    }
    text
}

/// The cost in USD of `count` validations when `already` were used this month, priced
/// piecewise across the bands. Computed in integer micro-dollars so sums are exact.
#[must_use]
pub fn cost_usd(bands: &[Band], already: u64, count: u64) -> f64 {
    let mut micros: u64 = 0;
    let mut position = already;
    let end = already.saturating_add(count);
    let mut lower = 0u64;
    for band in bands {
        let upper = band.up_to.unwrap_or(u64::MAX);
        if position < upper && position < end {
            let take = end.min(upper) - position.max(lower);
            micros = micros.saturating_add(take.saturating_mul(usd_to_micros(band.usd)));
            position = end.min(upper);
        }
        lower = upper;
    }
    micros as f64 / 1_000_000.0
}

/// Sums amounts in USD exactly to the micro-dollar (so 801.5 + 80.06 prints as 881.56).
#[must_use]
pub fn sum_usd(amounts: impl IntoIterator<Item = f64>) -> f64 {
    let micros: u64 = amounts.into_iter().map(usd_to_micros).sum();
    micros as f64 / 1_000_000.0
}

#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "amounts are small non-negative prices and costs"
)]
fn usd_to_micros(usd: f64) -> u64 {
    (usd * 1_000_000.0).round() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cost_within_first_band() {
        assert!((cost_usd(&PRODUCT_BANDS, 0, 25) - 2.0).abs() < 1e-9);
    }

    #[test]
    fn cost_crossing_a_band_is_piecewise() {
        // 9,990 used; 20 more: 10 at 0.08 and 10 at 0.06.
        assert!((cost_usd(&PRODUCT_BANDS, 9_990, 20) - 1.4).abs() < 1e-9);
        // GTIN: 995 used; 10 more: 5 at 0.08, 5 at 0.06.
        assert!((cost_usd(&GTIN_BANDS, 995, 10) - 0.7).abs() < 1e-9);
    }

    #[test]
    fn request_crossing_ten_thousand_is_priced_piecewise() {
        // 9,975 product validations used this month; a request of 50 crosses 10,000:
        // 25 at 0.08 + 25 at 0.06 = 3.50.
        assert!((cost_usd(&PRODUCT_BANDS, 9_975, 50) - 3.5).abs() < 1e-9);
        // The same request one validation later lies wholly in the second band.
        assert!((cost_usd(&PRODUCT_BANDS, 10_000, 50) - 3.0).abs() < 1e-9);
        // Crossing two boundaries at once: 10 at 0.08, 40,000 at 0.06, 10 at 0.04.
        assert!((cost_usd(&PRODUCT_BANDS, 9_990, 40_020) - 2_401.2).abs() < 1e-6);
    }

    #[test]
    fn brand_voice_bands_are_product_bands_times_premium_factor() {
        assert_eq!(BRAND_VOICE_BANDS.len(), PRODUCT_BANDS.len());
        for (voice, product) in BRAND_VOICE_BANDS.iter().zip(PRODUCT_BANDS.iter()) {
            assert_eq!(voice.up_to, product.up_to);
            assert!((voice.usd - product.usd * BRAND_VOICE_PREMIUM_FACTOR).abs() < 1e-12);
        }
    }

    #[test]
    fn sums_are_exact_to_the_micro_dollar() {
        assert_eq!(sum_usd([801.5, 80.06]).to_string(), "881.56");
        assert_eq!(sum_usd([0.1, 0.2]).to_string(), "0.3");
    }

    proptest::proptest! {
        #[test]
        fn splitting_a_request_never_changes_its_price(
            already in 0u64..300_000,
            first in 0u64..100_000,
            second in 0u64..100_000,
        ) {
            for bands in [&PRODUCT_BANDS[..], &GTIN_BANDS[..], &BRAND_VOICE_BANDS[..]] {
                let whole = cost_usd(bands, already, first + second);
                let parts = sum_usd([
                    cost_usd(bands, already, first),
                    cost_usd(bands, already + first, second),
                ]);
                proptest::prop_assert!((whole - parts).abs() < 1e-6, "{whole} vs {parts}");
                // More usage never costs less.
                proptest::prop_assert!(cost_usd(bands, already, first + 1) >= cost_usd(bands, already, first));
            }
        }
    }

    #[test]
    fn band_words_hold_every_price_and_bound_in_order() {
        for counter in Counter::ALL {
            let bands = counter.bands();
            let words = describe_bands(bands);
            let mut from = 0;
            for band in bands {
                let price = format!("{:.2}", band.usd);
                let Some(at) = words[from..].find(&price) else {
                    panic!("{counter:?}: {price} missing after byte {from} of {words}")
                };
                from += at + price.len();
                if let Some(up_to) = band.up_to {
                    let bound = thousands(up_to);
                    let Some(at) = words[from..].find(&bound) else {
                        panic!("{counter:?}: {bound} missing after byte {from} of {words}")
                    };
                    from += at + bound.len();
                }
            }
            assert!(words.ends_with(" after"), "{words}");
            let line = billed_by_volume_lines()
                .into_iter()
                .find(|l| l.contains(counter.label()))
                .unwrap_or_default();
            assert!(line.ends_with(&words), "{counter:?}: {line}");
        }
        assert_eq!(billed_by_volume_lines().len(), Counter::ALL.len() + 1);
    }

    #[test]
    fn band_words_of_odd_tables() {
        let one = [Band {
            up_to: None,
            usd: 0.125,
        }];
        assert_eq!(describe_bands(&one), "0.125 at any volume");
        let two = [
            Band {
                up_to: Some(1_000_000),
                usd: 1.5,
            },
            Band {
                up_to: None,
                usd: 0.0,
            },
        ];
        assert_eq!(describe_bands(&two), "1.50 (first 1,000,000), 0.00 after");
    }

    #[test]
    fn cost_in_open_band() {
        assert!((cost_usd(&PRODUCT_BANDS, 300_000, 100) - 2.0).abs() < 1e-9);
    }
}
