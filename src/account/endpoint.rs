//! Usage counters and the endpoint each command stands for (spec 4, 5, 8).
//!
//! Responsible for naming what a command is metered on, its canonical `/api/v2/...` path and
//! method for `meta`, and whether it needs a production key. Pure data; no I/O.

use serde::Serialize;

use super::plan::{BRAND_VOICE_BANDS, Band, GTIN_BANDS, PRODUCT_BANDS, REVENUE_BANDS};

/// A monthly usage counter of a key. Each has its own volume bands; the test-environment limit
/// applies to the sum of all of a key's counters in the month.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Counter {
    /// One per product validated (`validate`, `batch`; spec 4.1, 8).
    ProductValidation,
    /// One per GTIN validated (`gtin`; spec 4.3, 8).
    GtinValidation,
    /// One per product analysed for revenue impact (`revenue`; spec 4.4). Price: feedlint's
    /// choice, see [`REVENUE_BANDS`].
    Revenue,
    /// One per brand-voice analysis (`voice analyze`; spec 4.5). Price: feedlint's choice, see
    /// [`BRAND_VOICE_BANDS`].
    BrandVoice,
}

impl Counter {
    /// Every counter, in display order.
    pub const ALL: [Counter; 4] = [
        Counter::ProductValidation,
        Counter::GtinValidation,
        Counter::Revenue,
        Counter::BrandVoice,
    ];

    /// Stable name used as the storage key and in `usage --format json`. Never change one.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ProductValidation => "productValidation",
            Self::GtinValidation => "gtinValidation",
            Self::Revenue => "revenue",
            Self::BrandVoice => "brandVoice",
        }
    }

    /// Human label for tables.
    #[must_use]
    pub fn label(self) -> &'static str {
        match self {
            Self::ProductValidation => "Product validations",
            Self::GtinValidation => "GTIN validations",
            Self::Revenue => "Revenue analyses",
            Self::BrandVoice => "Brand-voice analyses",
        }
    }

    /// The counter stored under `name`, if any.
    #[must_use]
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.as_str() == name)
    }

    /// Production volume bands (spec 8, and plan.rs for the two feedlint chose).
    #[must_use]
    pub fn bands(self) -> &'static [Band] {
        match self {
            Self::ProductValidation => &PRODUCT_BANDS,
            Self::GtinValidation => &GTIN_BANDS,
            Self::Revenue => &REVENUE_BANDS,
            Self::BrandVoice => &BRAND_VOICE_BANDS,
        }
    }
}

/// The service endpoint a command stands for: what `meta.endpoint`/`meta.method` say, which
/// counter it is metered on, and who may call it (spec 4, 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Endpoint {
    /// Canonical path with the `/api/v2/` prefix.
    pub path: &'static str,
    /// HTTP method the spec gives it.
    pub method: &'static str,
    /// The counter a request is metered on; `None` for unmetered endpoints.
    pub counter: Option<Counter>,
    /// Whether a key is needed at all (only category discovery is public, spec 4.7).
    pub requires_key: bool,
    /// Whether only a production key may call it; a test key gets AUTH_REQUIRED (spec 5.4).
    pub production_only: bool,
}

impl Endpoint {
    /// `validate` (spec 4.1).
    pub const VALIDATE_PRODUCT: Endpoint = Endpoint::metered(
        "/api/v2/validate/product",
        "POST",
        Counter::ProductValidation,
    );
    /// `batch` (spec 4.2).
    pub const VALIDATE_BATCH: Endpoint =
        Endpoint::metered("/api/v2/validate/batch", "POST", Counter::ProductValidation);
    /// `gtin` (spec 4.3: the path is `/api/v2/gtin/validate` but `meta` names it
    /// `/api/v2/validate/gtin`; `meta` is what feedlint reproduces).
    pub const VALIDATE_GTIN: Endpoint =
        Endpoint::metered("/api/v2/validate/gtin", "POST", Counter::GtinValidation);
    /// `revenue` (spec 4.4).
    pub const REVENUE_IMPACT: Endpoint =
        Endpoint::metered("/api/v2/revenue/impact", "POST", Counter::Revenue);
    /// `voice analyze` (spec 4.5; production key).
    pub const VOICE_ANALYZE: Endpoint = Endpoint {
        production_only: true,
        ..Endpoint::metered("/api/v2/brand-voice/analyze", "POST", Counter::BrandVoice)
    };
    /// `voice profiles list` (spec 4.6; production key, unmetered).
    pub const VOICE_PROFILES_LIST: Endpoint =
        Endpoint::voice_profiles("/api/v2/brand-voice/profiles", "GET");
    /// `voice profiles create` (spec 4.6).
    pub const VOICE_PROFILE_CREATE: Endpoint =
        Endpoint::voice_profiles("/api/v2/brand-voice/profiles", "POST");
    /// `voice profiles show BRAND` (spec 4.6; path template, the brand is not substituted).
    pub const VOICE_PROFILE_GET: Endpoint =
        Endpoint::voice_profiles("/api/v2/brand-voice/profiles/{brandName}", "GET");
    /// `voice profiles update BRAND` (spec 4.6).
    pub const VOICE_PROFILE_UPDATE: Endpoint =
        Endpoint::voice_profiles("/api/v2/brand-voice/profiles/{brandName}", "PUT");
    /// `categories` (spec 4.7; public, no key).
    pub const CATEGORIES: Endpoint = Endpoint {
        path: "/api/v2/categories",
        method: "GET",
        counter: None,
        requires_key: false,
        production_only: false,
    };
    /// `usage`: feedlint's own read of the local counters. Not a spec endpoint; the path
    /// follows the spec's naming so `meta` has one.
    pub const USAGE: Endpoint = Endpoint {
        path: "/api/v2/usage",
        method: "GET",
        counter: None,
        requires_key: true,
        production_only: false,
    };

    /// Every endpoint, in spec order.
    pub const ALL: [Endpoint; 11] = [
        Endpoint::VALIDATE_PRODUCT,
        Endpoint::VALIDATE_BATCH,
        Endpoint::VALIDATE_GTIN,
        Endpoint::REVENUE_IMPACT,
        Endpoint::VOICE_ANALYZE,
        Endpoint::VOICE_PROFILES_LIST,
        Endpoint::VOICE_PROFILE_CREATE,
        Endpoint::VOICE_PROFILE_GET,
        Endpoint::VOICE_PROFILE_UPDATE,
        Endpoint::CATEGORIES,
        Endpoint::USAGE,
    ];

    const fn metered(path: &'static str, method: &'static str, counter: Counter) -> Endpoint {
        Endpoint {
            path,
            method,
            counter: Some(counter),
            requires_key: true,
            production_only: false,
        }
    }

    const fn voice_profiles(path: &'static str, method: &'static str) -> Endpoint {
        Endpoint {
            path,
            method,
            counter: None,
            requires_key: true,
            production_only: true,
        }
    }

    /// Whether `meta` carries `validationsProcessed` and `testMode` (GTIN only, spec 2.9).
    #[must_use]
    pub fn is_gtin(self) -> bool {
        self.counter == Some(Counter::GtinValidation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counter_names_round_trip() {
        for c in Counter::ALL {
            assert_eq!(Counter::from_name(c.as_str()), Some(c));
        }
        assert_eq!(Counter::from_name("nope"), None);
    }

    #[test]
    fn only_brand_voice_needs_production_and_categories_is_public() {
        for e in Endpoint::ALL {
            assert!(e.path.starts_with("/api/v2/"), "{}", e.path);
            assert_eq!(
                e.production_only,
                e.path.starts_with("/api/v2/brand-voice/"),
                "{}",
                e.path
            );
            assert_eq!(e.requires_key, e.path != "/api/v2/categories");
            assert_eq!(e.is_gtin(), e.path == "/api/v2/validate/gtin");
        }
    }
}
