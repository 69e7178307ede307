//! Category detection (spec 1, "6 specialised category validators"): which of the six
//! categories a product belongs to, and how sure feedlint is.
//!
//! Order of evidence: `market_product_category` (taxonomy id or path, recognised by
//! `catalog::Category::recognise`) → its words → `product_type` → the batch `category` attribute
//! → title and description words. Pure function of the product; no I/O.

use crate::model::Trim;
use std::sync::LazyLock;

use serde::Serialize;

use super::util::PhraseSet;
use crate::catalog::Category;
use crate::model::Product;

/// Where a detection came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DetectionSource {
    Override,
    MarketProductCategory,
    ProductType,
    CategoryAttribute,
    TitleDescription,
    None,
}

impl DetectionSource {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Override => "override",
            Self::MarketProductCategory => "market_product_category",
            Self::ProductType => "product_type",
            Self::CategoryAttribute => "category",
            Self::TitleDescription => "title_description",
            Self::None => "none",
        }
    }
}

/// A detected category with a confidence 0–1.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Detection {
    pub category: Option<Category>,
    pub confidence: f64,
    pub source: DetectionSource,
}

/// Confidence of each kind of evidence (docs/scoring.md, "Category detection").
pub const CONFIDENCE_TAXONOMY: f64 = 1.0;
pub const CONFIDENCE_TAXONOMY_WORDS: f64 = 0.8;
pub const CONFIDENCE_PRODUCT_TYPE_PATH: f64 = 0.85;
pub const CONFIDENCE_PRODUCT_TYPE_WORDS: f64 = 0.7;
pub const CONFIDENCE_CATEGORY_ATTRIBUTE: f64 = 0.75;
/// Title/description words: 0.35 for one keyword, +0.1 per further keyword, at most 0.55.
pub const CONFIDENCE_TEXT_BASE: f64 = 0.35;

/// Keywords per category (lower-case, matched on word boundaries).
const KEYWORDS: &[(&str, Category)] = &[
    ("laptop", Category::Electronics),
    ("smartphone", Category::Electronics),
    ("phone", Category::Electronics),
    ("television", Category::Electronics),
    ("tv", Category::Electronics),
    ("tvs", Category::Electronics),
    ("monitor", Category::Electronics),
    ("headphones", Category::Electronics),
    ("earbuds", Category::Electronics),
    ("camera", Category::Electronics),
    ("tablet", Category::Electronics),
    ("speaker", Category::Electronics),
    ("charger", Category::Electronics),
    ("usb", Category::Electronics),
    ("hdmi", Category::Electronics),
    ("electronics", Category::Electronics),
    ("shirt", Category::Apparel),
    ("t-shirt", Category::Apparel),
    ("dress", Category::Apparel),
    ("jeans", Category::Apparel),
    ("trousers", Category::Apparel),
    ("jacket", Category::Apparel),
    ("shoes", Category::Apparel),
    ("shoe", Category::Apparel),
    ("sandals", Category::Apparel),
    ("sandal", Category::Apparel),
    ("heels", Category::Apparel),
    ("pumps", Category::Apparel),
    ("boots", Category::Apparel),
    ("sneakers", Category::Apparel),
    ("skirt", Category::Apparel),
    ("sweater", Category::Apparel),
    ("hoodie", Category::Apparel),
    ("clothing", Category::Apparel),
    ("apparel", Category::Apparel),
    ("shampoo", Category::HealthBeauty),
    ("moisturizer", Category::HealthBeauty),
    ("moisturiser", Category::HealthBeauty),
    ("serum", Category::HealthBeauty),
    ("lipstick", Category::HealthBeauty),
    ("mascara", Category::HealthBeauty),
    ("perfume", Category::HealthBeauty),
    ("cosmetics", Category::HealthBeauty),
    ("vitamin", Category::HealthBeauty),
    ("vitamins", Category::HealthBeauty),
    ("supplement", Category::HealthBeauty),
    ("skin care", Category::HealthBeauty),
    ("skincare", Category::HealthBeauty),
    ("toothpaste", Category::HealthBeauty),
    ("brake", Category::Automotive),
    ("brakes", Category::Automotive),
    ("spark plug", Category::Automotive),
    ("wiper", Category::Automotive),
    ("alternator", Category::Automotive),
    ("tire", Category::Automotive),
    ("tyre", Category::Automotive),
    ("headlight", Category::Automotive),
    ("car", Category::Automotive),
    ("motorcycle", Category::Automotive),
    ("automotive", Category::Automotive),
    ("sofa", Category::HomeGarden),
    ("couch", Category::HomeGarden),
    ("lamp", Category::HomeGarden),
    ("cookware", Category::HomeGarden),
    ("saucepan", Category::HomeGarden),
    ("mattress", Category::HomeGarden),
    ("curtain", Category::HomeGarden),
    ("curtains", Category::HomeGarden),
    ("garden", Category::HomeGarden),
    ("planter", Category::HomeGarden),
    ("refrigerator", Category::HomeGarden),
    ("dishwasher", Category::HomeGarden),
    ("furniture", Category::HomeGarden),
    ("kitchen", Category::HomeGarden),
    ("bicycle", Category::SportingGoods),
    ("treadmill", Category::SportingGoods),
    ("dumbbell", Category::SportingGoods),
    ("dumbbells", Category::SportingGoods),
    ("yoga", Category::SportingGoods),
    ("tent", Category::SportingGoods),
    ("camping", Category::SportingGoods),
    ("fishing", Category::SportingGoods),
    ("golf", Category::SportingGoods),
    ("tennis", Category::SportingGoods),
    ("football", Category::SportingGoods),
    ("basketball", Category::SportingGoods),
    ("hiking", Category::SportingGoods),
    ("fitness", Category::SportingGoods),
];

static KEYWORD_SET: LazyLock<PhraseSet> = LazyLock::new(|| {
    static WORDS: LazyLock<Vec<&'static str>> =
        LazyLock::new(|| KEYWORDS.iter().map(|(w, _)| *w).collect());
    PhraseSet::new(WORDS.as_slice())
});

/// Counts keyword hits per category in `parts` joined by spaces; returns the best category and
/// its hit count.
/// Ties go to the category listed first in `Category::ALL` (deterministic).
fn keyword_vote(parts: &[&str]) -> Option<(Category, usize)> {
    let mut counts = [0usize; 6];
    KEYWORD_SET.hits_joined(parts, |i| {
        let c = KEYWORDS[i].1;
        if let Some(pos) = Category::ALL.iter().position(|x| *x == c) {
            counts[pos] += 1;
        }
    });
    let (pos, n) = counts.iter().enumerate().fold(
        (0, 0),
        |best, (i, &n)| if n > best.1 { (i, n) } else { best },
    );
    (n > 0).then(|| (Category::ALL[pos], n))
}

/// Detects the category of a product.
#[must_use]
pub fn detect_category(p: &Product) -> Detection {
    let found = |category, confidence, source| Detection {
        category: Some(category),
        confidence,
        source,
    };
    let mpc = p
        .get_nonblank("market_product_category")
        .or_else(|| p.get_nonblank("google_product_category"));
    if let Some(mpc) = mpc {
        if let Some(c) = Category::recognise(mpc) {
            return found(
                c,
                CONFIDENCE_TAXONOMY,
                DetectionSource::MarketProductCategory,
            );
        }
        // A path under another top-level taxonomy category (Media, Toys & Games...) is
        // authoritative: the product belongs to none of the six validators.
        let root = super::util::path_root(mpc).trim_fast();
        if super::category::general::TAXONOMY_ROOTS
            .iter()
            .any(|r| r.eq_ignore_ascii_case(root))
        {
            return Detection {
                category: None,
                confidence: CONFIDENCE_TAXONOMY,
                source: DetectionSource::MarketProductCategory,
            };
        }
        if let Some((c, _)) = keyword_vote(&[mpc]) {
            return found(
                c,
                CONFIDENCE_TAXONOMY_WORDS,
                DetectionSource::MarketProductCategory,
            );
        }
    }
    for pt in p.values("product_type") {
        if let Some(c) = Category::recognise(pt) {
            return found(
                c,
                CONFIDENCE_PRODUCT_TYPE_PATH,
                DetectionSource::ProductType,
            );
        }
    }
    for pt in p.values("product_type") {
        if let Some((c, _)) = keyword_vote(&[pt]) {
            return found(
                c,
                CONFIDENCE_PRODUCT_TYPE_WORDS,
                DetectionSource::ProductType,
            );
        }
    }
    if let Some(cat) = p.get_nonblank("category") {
        if let Some(c) = Category::recognise(cat).or_else(|| keyword_vote(&[cat]).map(|v| v.0)) {
            return found(
                c,
                CONFIDENCE_CATEGORY_ATTRIBUTE,
                DetectionSource::CategoryAttribute,
            );
        }
    }
    if let Some((c, n)) = keyword_vote(&super::util::title_and_description(p)) {
        let confidence = (CONFIDENCE_TEXT_BASE + 0.1 * (n.min(3) - 1) as f64).min(0.55);
        return found(c, confidence, DetectionSource::TitleDescription);
    }
    Detection {
        category: None,
        confidence: 0.0,
        source: DetectionSource::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::product_from_pairs;

    #[test]
    fn taxonomy_path_wins_with_full_confidence() {
        let p = product_from_pairs(&[
            (
                "market_product_category",
                "Apparel & Accessories > Clothing > Pants",
            ),
            ("title", "Laptop stand"),
        ]);
        let d = detect_category(&p);
        assert_eq!(d.category, Some(Category::Apparel));
        assert!((d.confidence - 1.0).abs() < 1e-9);
    }

    #[test]
    fn taxonomy_id_is_recognised() {
        let p = product_from_pairs(&[("market_product_category", "222")]);
        assert_eq!(detect_category(&p).category, Some(Category::Electronics));
    }

    #[test]
    fn product_type_words_detect_shoes_as_apparel() {
        let p = product_from_pairs(&[
            ("market_product_category", "Shoes"),
            ("product_type", "Shoes"),
        ]);
        let d = detect_category(&p);
        assert_eq!(d.category, Some(Category::Apparel));
        assert!(d.confidence >= 0.7);
    }

    #[test]
    fn category_attribute_then_title_words() {
        let p = product_from_pairs(&[("category", "electronics")]);
        assert_eq!(
            detect_category(&p).source,
            DetectionSource::CategoryAttribute
        );
        let p = product_from_pairs(&[("title", "Yoga mat for fitness and yoga")]);
        let d = detect_category(&p);
        assert_eq!(d.category, Some(Category::SportingGoods));
        assert!(d.confidence < CATEGORY_LIMIT);
    }

    const CATEGORY_LIMIT: f64 = crate::rules::CATEGORY_RULE_MIN_CONFIDENCE + 0.06;

    #[test]
    fn other_taxonomy_roots_mean_no_category() {
        let p = product_from_pairs(&[
            ("market_product_category", "Media > DVDs & Videos"),
            ("product_type", "DVDs & Movies > TV Series"),
        ]);
        let d = detect_category(&p);
        assert_eq!(d.category, None);
        assert_eq!(d.source, DetectionSource::MarketProductCategory);
    }

    #[test]
    fn nothing_to_go_on_gives_no_category() {
        let d = detect_category(&product_from_pairs(&[("title", "Thing")]));
        assert_eq!(d.category, None);
        assert!(d.confidence.abs() < 1e-9);
    }
}
