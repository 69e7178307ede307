//! Home & Garden validator (FL-K5xx): energy labels of household appliances, and the
//! dimensions and material shoppers need for furniture. No I/O.

use std::sync::LazyLock;

use crate::catalog::Category;
use crate::model::{Group, RuleKind, Severity};
use crate::rules::category::{ScreenedSet, title_or_type_has};
use crate::rules::util::blank;
use crate::rules::{Applies, BASE, Hit, Rule};

/// The phrases of [`APPLIANCES`] (a test of `category` reads them).
pub(crate) const APPLIANCE_WORDS: &[&str] = &[
    "refrigerator",
    "fridge",
    "freezer",
    "fridge freezer",
    "washing machine",
    "washer dryer",
    "tumble dryer",
    "dishwasher",
    "oven",
    "range hood",
    "cooker hood",
    "wine cooler",
    "air conditioner",
    "light bulb",
];
/// No screen: appliances ("oven") are named in a quarter of the bench's home & garden
/// products, and a screen cost more there.
static APPLIANCES: LazyLock<ScreenedSet> = LazyLock::new(|| ScreenedSet::new(APPLIANCE_WORDS, &[]));
/// The phrases of [`FURNITURE`] (a test of `category` reads them).
pub(crate) const FURNITURE_WORDS: &[&str] = &[
    "sofa",
    "couch",
    "table",
    "desk",
    "wardrobe",
    "bookcase",
    "bookshelf",
    "cabinet",
    "dresser",
    "bed frame",
    "sideboard",
    "armchair",
    "chair",
    "shelving unit",
    "tv stand",
];
/// Strings of which each phrase of [`FURNITURE_WORDS`] contains one ([`ScreenedSet`]).
pub(crate) const FURNITURE_SCREEN: &[&str] = &[
    "sofa",
    "couch",
    "table",
    "desk",
    "wardrobe",
    "book",
    "cabinet",
    "dresser",
    "bed frame",
    "sideboard",
    "chair",
    "shelving",
    "tv stand",
];
static FURNITURE: LazyLock<ScreenedSet> =
    LazyLock::new(|| ScreenedSet::new(FURNITURE_WORDS, FURNITURE_SCREEN));

const HG: Option<Category> = Some(Category::HomeGarden);

pub(crate) const RULES: &[Rule] = &[
    Rule {
        code: "FL-K501",
        name: "appliance-energy-label-missing",
        group: Group::Category,
        category: HG,
        applies: Applies::InCategory,
        kind: RuleKind::Performance,
        fields: &["energy_efficiency_class", "title", "product_type"],
        what: "That a household appliance that carries an EU energy label (refrigerators, freezers, washing machines, dryers, dishwashers, ovens, hoods, light bulbs...) has energy_efficiency_class.",
        why: "In the EU, UK and Switzerland the energy class must be shown with the offer; without it the product may be limited or disapproved there, and shoppers filter by it.",
        example: "`title=\"Acme Fridge Freezer 300 l\"` with no energy_efficiency_class.",
        fix: "Add the class from the label (`energy_efficiency_class=\"E\"`), with min/max and the EPREL certification where required.",
        check: product_check!(|p, ctx, out| {
            if blank(p, "energy_efficiency_class") {
                if let Some(w) = title_or_type_has(p, ctx, &APPLIANCES) {
                    out.push(Hit {
                        field: "energy_efficiency_class",
                        // Joined, not `format!`ed (FL-I111's message, docs/performance.md).
                        message: ["\"", w, "\" needs an energy_efficiency_class"].concat(),
                    });
                }
            }
        }),
        pass: &[
            ("market_product_category", "536"),
            ("title", "Acme Fridge Freezer 300 l"),
            ("energy_efficiency_class", "E"),
        ],
        fail: &[
            ("market_product_category", "536"),
            ("title", "Acme Fridge Freezer 300 l"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-K502",
        name: "furniture-dimensions-missing",
        group: Group::Category,
        severity: Severity::Low,
        category: HG,
        applies: Applies::InCategory,
        kind: RuleKind::Performance,
        fields: &["product_length", "product_width", "product_height", "title"],
        what: "That furniture (sofa, table, desk, wardrobe, chair...) has product_length, product_width and product_height.",
        why: "Size decides whether furniture fits; listings without dimensions convert poorly and cause returns.",
        example: "`title=\"Oak Dining Table\"` without product dimensions.",
        fix: "Add the assembled dimensions (`product_length=\"180 cm\"`...).",
        check: product_check!(|p, ctx, out| {
            if ["product_length", "product_width", "product_height"]
                .iter()
                .any(|f| blank(p, f))
            {
                if let Some(w) = title_or_type_has(p, ctx, &FURNITURE) {
                    out.push(Hit {
                        field: "product_length",
                        message: format!("\"{w}\" has no complete product dimensions"),
                    });
                }
            }
        }),
        pass: &[
            ("market_product_category", "536"),
            ("title", "Oak Dining Table"),
            ("product_length", "180 cm"),
            ("product_width", "90 cm"),
            ("product_height", "75 cm"),
        ],
        fail: &[
            ("market_product_category", "536"),
            ("title", "Oak Dining Table"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-K503",
        name: "furniture-material-missing",
        group: Group::Category,
        severity: Severity::Low,
        category: HG,
        applies: Applies::InCategory,
        kind: RuleKind::Performance,
        fields: &["material", "title"],
        what: "That furniture states its material.",
        why: "Material (solid oak, veneer, steel) drives price expectations and search filters for furniture.",
        example: "`title=\"Dining Table 180 cm\"` without material.",
        fix: "Add `material` (e.g. `solid oak`).",
        check: product_check!(|p, ctx, out| {
            if blank(p, "material") {
                if let Some(w) = title_or_type_has(p, ctx, &FURNITURE) {
                    out.push(Hit {
                        field: "material",
                        message: format!("\"{w}\" has no material"),
                    });
                }
            }
        }),
        pass: &[
            ("market_product_category", "536"),
            ("title", "Dining Table 180 cm"),
            ("material", "solid oak"),
        ],
        fail: &[
            ("market_product_category", "536"),
            ("title", "Dining Table 180 cm"),
        ],
        ..BASE
    },
];
