//! Sports & Outdoors validator (FL-K6xx): the dangerous products policy (weapons, ammunition,
//! knives), footwear and sportswear attributes, and weights of heavy equipment. No I/O.

use std::sync::LazyLock;

use crate::catalog::Category;
use crate::model::{Group, RuleKind, Severity};
use crate::rules::category::{ScreenedSet, title_or_type_has};
use crate::rules::util::blank;
use crate::rules::{Applies, BASE, Hit, Rule};

/// The phrases of [`DANGEROUS`] (a test of `category` reads them).
pub(crate) const DANGEROUS_WORDS: &[&str] = &[
    "firearm",
    "handgun",
    "rifle",
    "shotgun",
    "ammunition",
    "ammo",
    "gunpowder",
    "bullets",
    "switchblade",
    "butterfly knife",
    "balisong",
    "brass knuckles",
    "knuckle duster",
    "stun gun",
    "taser",
    "silencer",
    "suppressor",
    "bump stock",
    "high capacity magazine",
];
/// Strings of which each phrase of [`DANGEROUS_WORDS`] contains one ([`ScreenedSet`]).
pub(crate) const DANGEROUS_SCREEN: &[&str] = &[
    "gun", "firearm", "rifle", "amm", "bullet", "switchbl", "butterfl", "balisong", "knuckle",
    "taser", "silencer", "suppress", "bump st", "capacity",
];
static DANGEROUS: LazyLock<ScreenedSet> =
    LazyLock::new(|| ScreenedSet::new(DANGEROUS_WORDS, DANGEROUS_SCREEN));
/// The phrases of [`FOOTWEAR`] (a test of `category` reads them).
pub(crate) const FOOTWEAR_WORDS: &[&str] = &[
    "shoes",
    "shoe",
    "boots",
    "sneakers",
    "trainers",
    "cleats",
    "football boots",
    "running shoes",
    "hiking boots",
    "sandals",
];
/// No screen: footwear is named in a quarter of the bench's sporting goods products, and a
/// screen saved nothing there.
static FOOTWEAR: LazyLock<ScreenedSet> = LazyLock::new(|| ScreenedSet::new(FOOTWEAR_WORDS, &[]));
/// The phrases of [`SPORTSWEAR`] (a test of `category` reads them).
pub(crate) const SPORTSWEAR_WORDS: &[&str] = &[
    "jersey",
    "shorts",
    "leggings",
    "tights",
    "sports bra",
    "tracksuit",
    "base layer",
    "rash guard",
    "wetsuit",
    "jacket",
];
/// Strings of which each phrase of [`SPORTSWEAR_WORDS`] contains one ([`ScreenedSet`]).
pub(crate) const SPORTSWEAR_SCREEN: &[&str] = &[
    "jersey",
    "shorts",
    "leggings",
    "tights",
    "sports bra",
    "suit",
    "base layer",
    "rash guard",
    "jacket",
];
static SPORTSWEAR: LazyLock<ScreenedSet> =
    LazyLock::new(|| ScreenedSet::new(SPORTSWEAR_WORDS, SPORTSWEAR_SCREEN));
/// The phrases of [`HEAVY`] (a test of `category` reads them).
pub(crate) const HEAVY_WORDS: &[&str] = &[
    "treadmill",
    "rowing machine",
    "exercise bike",
    "weight bench",
    "power rack",
    "squat rack",
    "dumbbell set",
    "weight plate",
    "weight plates",
    "kettlebell",
    "home gym",
];
/// Strings of which each phrase of [`HEAVY_WORDS`] contains one ([`ScreenedSet`]); not
/// "weight" nor "dumbbell", which bench titles have ("Lightweight", "Adjustable Dumbbells").
pub(crate) const HEAVY_SCREEN: &[&str] = &[
    "treadmill",
    "rowing machine",
    "exercise bike",
    "weight bench",
    "rack",
    "dumbbell set",
    "weight plate",
    "kettlebell",
    "home gym",
];
static HEAVY: LazyLock<ScreenedSet> = LazyLock::new(|| ScreenedSet::new(HEAVY_WORDS, HEAVY_SCREEN));

const SG: Option<Category> = Some(Category::SportingGoods);

pub(crate) const RULES: &[Rule] = &[
    Rule {
        code: "FL-K601",
        name: "dangerous-product",
        group: Group::Category,
        severity: Severity::Critical,
        category: SG,
        applies: Applies::InCategory,
        fields: &["title", "description"],
        what: "That sporting goods text does not offer products covered by the dangerous products policy: firearms and their parts, ammunition, gunpowder, switchblades and butterfly knives, knuckle dusters, stun guns, silencers.",
        why: "These products cannot be advertised on shopping platforms; they are disapproved and risk account suspension.",
        example: "`title=\"9mm Ammunition, 50 Rounds\"`.",
        fix: "Remove the products from the feed (or exclude them from shopping destinations).",
        check: product_check!(|_, ctx, out| {
            if let Some(w) = DANGEROUS.find_lowered(ctx.lowered.joined()) {
                out.push(Hit {
                    field: "title",
                    message: format!("text offers a dangerous product (\"{w}\")"),
                });
            }
        }),
        pass: &[
            ("market_product_category", "988"),
            ("title", "Acme Recurve Archery Target Face, 80 cm"),
        ],
        fail: &[
            ("market_product_category", "988"),
            ("title", "9mm Ammunition, 50 Rounds"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-K602",
        name: "sport-footwear-size-missing",
        group: Group::Category,
        severity: Severity::High,
        category: SG,
        applies: Applies::InCategory,
        fields: &["size", "title", "product_type"],
        what: "That sports footwear (shoes, boots, cleats, trainers) has a size.",
        why: "Footwear follows the apparel requirements (GMC 6324492: size for Shoes 187) even when listed under sporting goods; without size it is disapproved in the listed countries.",
        example: "`title=\"Acme Football Boots FG\"` without size.",
        fix: "Add `size` (and `size_system`), one product per size.",
        check: product_check!(|p, ctx, out| {
            if blank(p, "size") {
                if let Some(w) = title_or_type_has(p, ctx, &FOOTWEAR) {
                    out.push(Hit {
                        field: "size",
                        // Joined, not `format!`ed (FL-I111's message, docs/performance.md).
                        message: ["\"", w, "\" has no size"].concat(),
                    });
                }
            }
        }),
        pass: &[
            ("market_product_category", "988"),
            ("title", "Acme Football Boots FG"),
            ("size", "42"),
        ],
        fail: &[
            ("market_product_category", "988"),
            ("title", "Acme Football Boots FG"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-K603",
        name: "sportswear-gender-missing",
        group: Group::Category,
        category: SG,
        applies: Applies::InCategory,
        fields: &["gender", "title", "product_type"],
        what: "That sportswear and sports footwear (jerseys, shorts, leggings, boots...) has a gender.",
        why: "Clothing sold under sporting goods follows the apparel attribute requirements (GMC 6324479); it is disapproved without gender where gender is required.",
        example: "`title=\"Acme Cycling Jersey Long Sleeve\"` without gender.",
        fix: "Add `gender` (`male`, `female` or `unisex`), and color, size and age_group.",
        check: product_check!(|p, ctx, out| {
            if blank(p, "gender") {
                if let Some(w) = title_or_type_has(p, ctx, &SPORTSWEAR)
                    .or_else(|| title_or_type_has(p, ctx, &FOOTWEAR))
                {
                    out.push(Hit {
                        field: "gender",
                        // Joined, not `format!`ed (FL-I111's message, docs/performance.md).
                        message: ["\"", w, "\" has no gender"].concat(),
                    });
                }
            }
        }),
        pass: &[
            ("market_product_category", "988"),
            ("title", "Acme Cycling Jersey Long Sleeve"),
            ("gender", "female"),
        ],
        fail: &[
            ("market_product_category", "988"),
            ("title", "Acme Cycling Jersey Long Sleeve"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-K604",
        name: "heavy-equipment-weight-missing",
        group: Group::Category,
        severity: Severity::Low,
        category: SG,
        applies: Applies::InCategory,
        kind: RuleKind::Performance,
        fields: &["shipping_weight", "title", "product_type"],
        what: "That heavy fitness equipment (treadmills, rowing machines, racks, weight plates, kettlebells...) has a shipping_weight.",
        why: "Heavy equipment ships at freight rates; without the weight the shipping cost shown is wrong or the offer is limited.",
        example: "`title=\"Acme Folding Treadmill T200\"` without shipping_weight.",
        fix: "Add `shipping_weight` (e.g. `68 kg`).",
        check: product_check!(|p, ctx, out| {
            if blank(p, "shipping_weight") {
                if let Some(w) = title_or_type_has(p, ctx, &HEAVY) {
                    out.push(Hit {
                        field: "shipping_weight",
                        message: format!("\"{w}\" has no shipping_weight"),
                    });
                }
            }
        }),
        pass: &[
            ("market_product_category", "988"),
            ("title", "Acme Folding Treadmill T200"),
            ("shipping_weight", "68 kg"),
        ],
        fail: &[
            ("market_product_category", "988"),
            ("title", "Acme Folding Treadmill T200"),
        ],
        ..BASE
    },
];
