//! Health & Beauty validator (FL-K3xx): prohibited health claims and prescription-drug terms
//! (GMC Healthcare and medicines policy), quantity in titles, and condition of personal-care
//! products. GTIN presence is FL-K006. No I/O.

use crate::model::Trim;
use std::sync::LazyLock;

use crate::catalog::Category;
use crate::model::{Group, RuleKind, Severity};
use crate::rules::util::{PhraseSet, text};
use crate::rules::{Applies, BASE, Check, Hit, Rule};

static CLAIMS: LazyLock<PhraseSet> = LazyLock::new(|| {
    PhraseSet::new(&[
        "cures",
        "cure for",
        "cures cancer",
        "treats cancer",
        "prevents cancer",
        "miracle cure",
        "fda approved",
        "fda-approved",
        "clinically proven to cure",
        "guaranteed weight loss",
        "lose weight fast",
        "reverses diabetes",
        "cures diabetes",
        "kills viruses",
        "prevents covid",
        "cures covid",
        "detox cure",
        "heals arthritis",
    ])
});

static PRESCRIPTION: LazyLock<PhraseSet> = LazyLock::new(|| {
    PhraseSet::new(&[
        "prescription only",
        "rx only",
        "prescription drug",
        "prescription-only",
        "no prescription needed",
        "without prescription",
        "sildenafil",
        "tadalafil",
        "oxycodone",
        "tramadol",
        "isotretinoin",
        "semaglutide",
        "clenbuterol",
        "anabolic steroid",
        "dnp",
    ])
});

static QUANTITY: LazyLock<PhraseSet> = LazyLock::new(|| {
    PhraseSet::new(&[
        "ml", "l", "oz", "fl oz", "g", "kg", "mg", "capsules", "tablets", "count", "ct", "pack",
        "pcs", "pieces", "sachets",
    ])
});

const HB: Option<Category> = Some(Category::HealthBeauty);

fn has_quantity(t: &str) -> bool {
    // "50ml" (digits glued to the unit) or "50 ml"/"1.7 oz" (unit as its own word after a number).
    let l = t.to_ascii_lowercase();
    let glued = l
        .split(|c: char| !c.is_ascii_alphanumeric() && c != '.')
        .any(|w| {
            let unit = w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            unit.len() < w.len()
                && !unit.is_empty()
                && QUANTITY.find(unit).is_some_and(|u| u.len() == unit.len())
        });
    glued || (l.bytes().any(|b| b.is_ascii_digit()) && QUANTITY.find(&l).is_some())
}

pub(crate) const RULES: &[Rule] = &[
    Rule {
        code: "FL-K301",
        name: "health-prohibited-claim",
        group: Group::Category,
        severity: Severity::Critical,
        category: HB,
        applies: Applies::InCategory,
        fields: &["title", "description"],
        what: "That health and beauty text makes no prohibited health claim: cures, treats or prevents diseases, \"FDA approved\", \"miracle cure\", guaranteed weight loss and similar.",
        why: "Unproven medical claims violate the healthcare and medicines policy; the product is disapproved and repeated violations suspend the account.",
        example: "`description=\"This serum cures eczema in 3 days\"`.",
        fix: "Describe ingredients and cosmetic effects only; remove medical and guarantee claims.",
        check: Check::Product(|_, ctx, out| {
            if let Some(c) = CLAIMS.find_lowered(ctx.lowered.joined()) {
                out.push(Hit {
                    field: "description",
                    message: format!("text makes the prohibited health claim \"{c}\""),
                });
            }
        }),
        pass: &[
            ("market_product_category", "469"),
            (
                "description",
                "Wrinkle correction creme that protects and relaunches skin cell activity.",
            ),
        ],
        fail: &[
            ("market_product_category", "469"),
            ("description", "This serum cures eczema in 3 days."),
        ],
        ..BASE
    },
    Rule {
        code: "FL-K302",
        name: "health-prescription-drug",
        group: Group::Category,
        severity: Severity::Critical,
        category: HB,
        applies: Applies::InCategory,
        fields: &["title", "description"],
        what: "That health and beauty products do not advertise prescription-only medicines or restricted substances (\"prescription only\", \"no prescription needed\", sildenafil, oxycodone, clenbuterol, anabolic steroids...).",
        why: "Prescription drugs and unapproved substances cannot be advertised without certification; the product is disapproved and the account at risk.",
        example: "`title=\"Sildenafil 100mg Tablets - No Prescription Needed\"`.",
        fix: "Remove such products from the feed unless your account holds the required certification.",
        check: Check::Product(|_, ctx, out| {
            if let Some(c) = PRESCRIPTION.find_lowered(ctx.lowered.joined()) {
                out.push(Hit {
                    field: "title",
                    message: format!("text mentions the restricted term \"{c}\""),
                });
            }
        }),
        pass: &[
            ("market_product_category", "469"),
            ("title", "Acme Vitamin C 500mg, 60 Tablets"),
        ],
        fail: &[
            ("market_product_category", "469"),
            ("title", "Sildenafil 100mg Tablets - No Prescription Needed"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-K303",
        name: "health-title-without-quantity",
        group: Group::Category,
        severity: Severity::Low,
        kind: RuleKind::Performance,
        category: HB,
        applies: Applies::InCategory,
        fields: &["title"],
        what: "That a health and beauty title states the quantity: a number with a unit (ml, oz, g, mg, capsules, tablets, pack...).",
        why: "Shoppers compare cosmetics and supplements by size; titles without it get fewer clicks and mismatched unit prices.",
        example: "`title=\"Dior Capture XP Ultimate Wrinkle Correction Creme\"`.",
        fix: "Add the size: `... Creme 1.7 oz`.",
        check: Check::Product(|p, _, out| {
            if let Some(t) = text(p, "title") {
                if !has_quantity(t) {
                    out.push(Hit {
                        field: "title",
                        message: "health and beauty title has no quantity (e.g. 50 ml)".into(),
                    });
                }
            }
        }),
        pass: &[
            ("market_product_category", "469"),
            (
                "title",
                "Dior Capture XP Ultimate Wrinkle Correction Creme 1.7 oz",
            ),
        ],
        fail: &[
            ("market_product_category", "469"),
            ("title", "Dior Capture XP Ultimate Wrinkle Correction Creme"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-K304",
        name: "health-used-personal-care",
        group: Group::Category,
        severity: Severity::High,
        category: HB,
        applies: Applies::InCategory,
        fields: &["condition"],
        what: "That health and beauty products are not offered as `used`.",
        why: "Used cosmetics and personal-care products are a hygiene risk and are not accepted by shopping platforms.",
        example: "A lipstick with `condition=used`.",
        fix: "Only list new (or manufacturer-refurbished devices as `refurbished`).",
        check: Check::Product(|p, _, out| {
            if p.get("condition")
                .is_some_and(|c| c.trim_fast().eq_ignore_ascii_case("used"))
            {
                out.push(Hit {
                    field: "condition",
                    message: "health and beauty product is offered used".into(),
                });
            }
        }),
        pass: &[("market_product_category", "469"), ("condition", "new")],
        fail: &[("market_product_category", "469"), ("condition", "used")],
        ..BASE
    },
];
