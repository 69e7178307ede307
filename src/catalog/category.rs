//! The six product categories of the spec (section 1): keys, display names, how they are
//! recognised in feeds, and the per-category constants other modules read.
//!
//! This is the only place these facts are written. Not responsible for detection heuristics over
//! titles and descriptions (the rules engine does that with this data).

use crate::model::Trim;
use serde::Serialize;

/// One of the spec's six category validators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    Electronics,
    Apparel,
    HealthBeauty,
    Automotive,
    HomeGarden,
    SportingGoods,
}

/// How strongly a category needs a GTIN (spec 2.5, "Category GTIN requirement levels").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GtinRequirement {
    Optional,
    Recommended,
    Required,
    Critical,
}

impl GtinRequirement {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Optional => "optional",
            Self::Recommended => "recommended",
            Self::Required => "required",
            Self::Critical => "critical",
        }
    }
}

impl Category {
    /// All categories in the spec's order.
    pub const ALL: [Category; 6] = [
        Self::Electronics,
        Self::Apparel,
        Self::HealthBeauty,
        Self::Automotive,
        Self::HomeGarden,
        Self::SportingGoods,
    ];

    /// The key used by `--category` and the `category` query parameter.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Self::Electronics => "electronics",
            Self::Apparel => "apparel",
            Self::HealthBeauty => "health_beauty",
            Self::Automotive => "automotive",
            Self::HomeGarden => "home_garden",
            Self::SportingGoods => "sporting_goods",
        }
    }

    /// The spec's display name.
    #[must_use]
    pub fn display_name(self) -> &'static str {
        match self {
            Self::Electronics => "Electronics",
            Self::Apparel => "Apparel & Fashion",
            Self::HealthBeauty => "Health & Beauty",
            Self::Automotive => "Automotive",
            Self::HomeGarden => "Home & Garden",
            Self::SportingGoods => "Sports & Outdoors",
        }
    }

    /// Parses a category key exactly (`health_beauty`), case-insensitively.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Self> {
        let key = key.trim_fast();
        Self::ALL
            .into_iter()
            .find(|c| c.key().eq_ignore_ascii_case(key))
    }

    /// Comma-separated list of valid keys, for error messages.
    #[must_use]
    pub fn valid_keys() -> String {
        Self::ALL.map(Self::key).join(", ")
    }

    /// Top-level Google product taxonomy ids of the category (spec 1; GMC 6324436).
    #[must_use]
    pub fn taxonomy_roots(self) -> &'static [u32] {
        match self {
            Self::Electronics => &[222],
            Self::Apparel => &[166],
            Self::HealthBeauty => &[469],
            Self::Automotive => &[888],
            Self::HomeGarden => &[536],
            Self::SportingGoods => &[988],
        }
    }

    /// Common child taxonomy ids that map to the category (a subset of the public taxonomy).
    #[must_use]
    pub fn taxonomy_children(self) -> &'static [u32] {
        match self {
            // Audio, Computers, Communications, Video, Electronics Accessories, Print/Copy.
            Self::Electronics => &[223, 278, 262, 386, 2082, 3356, 328, 264, 267, 270],
            // Clothing, Shoes, Clothing Accessories, Jewelry, Handbags, Costumes.
            Self::Apparel => &[1604, 187, 167, 188, 6551, 5181, 184, 178, 5322],
            // Health Care, Personal Care, Cosmetics, Vitamins & Supplements.
            Self::HealthBeauty => &[491, 2915, 473, 2592, 525, 5663],
            // Vehicle Parts & Accessories, Vehicles.
            Self::Automotive => &[5613, 899, 916, 8526, 2768],
            // Kitchen & Dining, Household Appliances, Decor, Lawn & Garden, Furniture (436).
            Self::HomeGarden => &[638, 604, 696, 689, 436, 630, 594],
            // Athletics, Exercise & Fitness, Outdoor Recreation.
            Self::SportingGoods => &[499_713, 990, 1011, 499_844, 1001],
        }
    }

    /// Leading segments of taxonomy paths that name the category (`Apparel & Accessories > ...`).
    #[must_use]
    pub fn taxonomy_path_roots(self) -> &'static [&'static str] {
        match self {
            Self::Electronics => &["Electronics"],
            Self::Apparel => &["Apparel & Accessories"],
            Self::HealthBeauty => &["Health & Beauty"],
            Self::Automotive => &["Vehicles & Parts"],
            Self::HomeGarden => &["Home & Garden", "Furniture"],
            Self::SportingGoods => &["Sporting Goods"],
        }
    }

    /// Recognises a category from a key, a display name, a taxonomy path or a taxonomy id.
    #[must_use]
    pub fn recognise(text: &str) -> Option<Self> {
        let text = text.trim_fast();
        if text.is_empty() {
            return None;
        }
        if let Some(c) = Self::from_key(text) {
            return Some(c);
        }
        if let Ok(id) = text.parse::<u32>() {
            return Self::ALL
                .into_iter()
                .find(|c| c.taxonomy_roots().contains(&id) || c.taxonomy_children().contains(&id));
        }
        // The path's first segment (a `memchr`, where `split('>')` set up a searcher per call).
        let first = memchr::memchr(b'>', text.as_bytes())
            .map_or(text, |i| &text[..i])
            .trim_fast();
        Self::ALL.into_iter().find(|c| {
            c.display_name().eq_ignore_ascii_case(first)
                || c.taxonomy_path_roots()
                    .iter()
                    .any(|root| root.eq_ignore_ascii_case(first))
        })
    }

    /// GTIN requirement level (spec 2.5).
    #[must_use]
    pub fn gtin_requirement(self) -> GtinRequirement {
        match self {
            Self::Electronics | Self::HealthBeauty => GtinRequirement::Required,
            Self::Automotive => GtinRequirement::Critical,
            Self::Apparel | Self::SportingGoods => GtinRequirement::Recommended,
            Self::HomeGarden => GtinRequirement::Optional,
        }
    }

    /// Revenue-impact uplift of the category (spec 2.6: "Electronics 0.35; Electronics and
    /// Automotive have higher impact, Home & Garden lower"). Impact is multiplied by
    /// `1 + uplift`; the values other than Electronics are feedlint's documented choice
    /// (docs/revenue-model.md).
    #[must_use]
    pub fn revenue_uplift(self) -> f64 {
        match self {
            Self::Electronics => 0.35,
            Self::Automotive => 0.30,
            Self::HealthBeauty => 0.15,
            Self::Apparel => 0.10,
            Self::SportingGoods => 0.05,
            Self::HomeGarden => -0.10,
        }
    }
}

impl std::fmt::Display for Category {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip() {
        for c in Category::ALL {
            assert_eq!(Category::from_key(c.key()), Some(c));
        }
        assert_eq!(Category::from_key("nope"), None);
    }

    #[test]
    fn recognises_taxonomy_paths_and_ids() {
        assert_eq!(
            Category::recognise("Apparel & Accessories > Clothing"),
            Some(Category::Apparel)
        );
        assert_eq!(Category::recognise("166"), Some(Category::Apparel));
        assert_eq!(Category::recognise("222"), Some(Category::Electronics));
        assert_eq!(Category::recognise("469"), Some(Category::HealthBeauty));
        assert_eq!(Category::recognise("888"), Some(Category::Automotive));
        assert_eq!(Category::recognise("536"), Some(Category::HomeGarden));
        assert_eq!(Category::recognise("988"), Some(Category::SportingGoods));
        assert_eq!(
            Category::recognise("Health & Beauty"),
            Some(Category::HealthBeauty)
        );
        assert_eq!(Category::recognise("Shoes"), None);
    }

    #[test]
    fn gtin_requirement_levels_follow_spec() {
        assert_eq!(
            Category::Automotive.gtin_requirement(),
            GtinRequirement::Critical
        );
        assert_eq!(
            Category::HomeGarden.gtin_requirement(),
            GtinRequirement::Optional
        );
    }
}
