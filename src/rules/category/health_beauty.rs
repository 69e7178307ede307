//! Health & Beauty validator (FL-K3xx): prohibited health claims and prescription-drug terms
//! (GMC Healthcare and medicines policy), quantity in titles, and condition of personal-care
//! products. GTIN presence is FL-K006. No I/O.

use crate::model::Trim;
use std::sync::LazyLock;

use crate::catalog::Category;
use crate::model::{Group, RuleKind, Severity};
use crate::rules::category::ScreenedSet;
use crate::rules::util::text;
use crate::rules::{Applies, BASE, Hit, Rule};

/// The phrases of [`CLAIMS`] (a test of `category` reads them).
pub(crate) const CLAIM_WORDS: &[&str] = &[
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
];
/// Strings of which each phrase of [`CLAIM_WORDS`] contains one ([`ScreenedSet`]).
pub(crate) const CLAIM_SCREEN: &[&str] = &[
    "cure", "cancer", "fda", "guarant", "lose we", "diabet", "virus", "covid", "arthrit",
];
static CLAIMS: LazyLock<ScreenedSet> =
    LazyLock::new(|| ScreenedSet::new(CLAIM_WORDS, CLAIM_SCREEN));

/// The phrases of [`PRESCRIPTION`] (a test of `category` reads them).
pub(crate) const PRESCRIPTION_WORDS: &[&str] = &[
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
];
/// Strings of which each phrase of [`PRESCRIPTION_WORDS`] contains one ([`ScreenedSet`]).
pub(crate) const PRESCRIPTION_SCREEN: &[&str] = &[
    "prescri",
    "rx only",
    "afil",
    "oxycodone",
    "tramadol",
    "isotretinoin",
    "semaglutide",
    "clenbuterol",
    "anabolic",
    "dnp",
];
static PRESCRIPTION: LazyLock<ScreenedSet> =
    LazyLock::new(|| ScreenedSet::new(PRESCRIPTION_WORDS, PRESCRIPTION_SCREEN));

/// Units of a quantity in a title ("50 ml", "1.7 oz", "60 capsules"; "fl oz" by its "oz"):
/// single words, as [`has_quantity`] compares words.
const QUANTITY_UNITS: &[&str] = &[
    "ml", "l", "oz", "g", "kg", "mg", "capsules", "tablets", "count", "ct", "pack", "pcs",
    "pieces", "sachets",
];

const HB: Option<Category> = Some(Category::HealthBeauty);

/// Whether `w` is one of [`QUANTITY_UNITS`] (a test holds the two to the same words).
///
/// One match on the word's length and bytes, where the list was walked with a slice comparison
/// per unit (14 for each word of a title, twice over the words of a title with a digit).
/// Callgrind, 20k bench rows: `health_beauty::RULES::batch` 14.93M -> 14.83M (-30 a product of
/// the category; the slice comparisons were cheaper than they looked).
fn is_unit(w: &[u8]) -> bool {
    let unit = matches!(
        w,
        b"ml"
            | b"l"
            | b"oz"
            | b"g"
            | b"kg"
            | b"mg"
            | b"capsules"
            | b"tablets"
            | b"count"
            | b"ct"
            | b"pack"
            | b"pcs"
            | b"pieces"
            | b"sachets"
    );
    debug_assert_eq!(unit, QUANTITY_UNITS.iter().any(|u| u.as_bytes() == w));
    unit
}

/// Whether a title, ASCII-lower-cased (`l`, the title of the product's [`LoweredText`]),
/// states a quantity: "50ml" (digits glued to the unit), or one of [`QUANTITY_UNITS`] as a word
/// of a title with a digit ("50 ml", "1.7 oz", "60 capsules", "12fl oz").
///
/// Both are comparisons of words with the units. A glued unit is the whole rest of its word, so
/// it is a unit exactly; "fl oz" as words has the unit "oz". Words are cut at bytes: a non-ASCII
/// character separates words. (A phrase search of the units did the same work in ~2,800
/// instructions per health and beauty title of the bench CSV, its one-letter units stopping it at
/// every `l` and `g`, and it missed the "oz" of "12fl oz": it found "fl oz" there, rejected it
/// for the digit glued to it, and went on after it.)
///
/// [`LoweredText`]: crate::rules::util::LoweredText
fn has_quantity(l: &str) -> bool {
    let b = l.as_bytes();
    let glued = b
        .split(|&c| !c.is_ascii_alphanumeric() && c != b'.')
        .any(|w| {
            let lead = w
                .iter()
                .take_while(|&&c| c.is_ascii_digit() || c == b'.')
                .count();
            lead > 0 && is_unit(&w[lead..])
        });
    glued
        || (b.iter().any(u8::is_ascii_digit)
            && b.split(|c| !c.is_ascii_alphanumeric()).any(is_unit))
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
        check: product_check!(|_, ctx, out| {
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
        check: product_check!(|_, ctx, out| {
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
        check: product_check!(|p, ctx, out| {
            if text(p, "title").is_some() && !has_quantity(ctx.lowered.title()) {
                out.push(Hit {
                    field: "title",
                    message: "health and beauty title has no quantity (e.g. 50 ml)".into(),
                });
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
        check: product_check!(|p, _, out| {
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

#[cfg(test)]
mod quantity_props {
    use super::{QUANTITY_UNITS, has_quantity};
    use proptest::prelude::*;

    /// The definition: a unit glued to the digits before it in a word, or a unit as a word of a
    /// title with a digit.
    fn quantity_by_definition(t: &str) -> bool {
        let l = t.to_ascii_lowercase();
        let unit = |w: &str| QUANTITY_UNITS.contains(&w);
        let glued = l
            .split(|c: char| !c.is_ascii_alphanumeric() && c != '.')
            .any(|w| {
                let rest = w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
                rest.len() < w.len() && unit(rest)
            });
        glued
            || (l.bytes().any(|b| b.is_ascii_digit())
                && l.split(|c: char| !c.is_ascii_alphanumeric()).any(unit))
    }

    proptest! {
        #[test]
        fn has_quantity_matches_the_definition(
            t in "((50|1.7|.|3x|ML|ml|Oz|fl|FL OZ|g|kg|Mg|mgx|capsules|Tablets|ct|pack|pcs|Pieces|sachets|l|é|Ä|-|/| |,)){0,10}|\\PC{0,30}"
        ) {
            prop_assert_eq!(has_quantity(&t.to_ascii_lowercase()), quantity_by_definition(&t));
        }
    }

    /// `is_unit` is membership of `QUANTITY_UNITS`, for the units, their pieces and neighbours.
    #[test]
    fn is_unit_is_the_list() {
        for u in QUANTITY_UNITS {
            assert!(super::is_unit(u.as_bytes()), "{u}");
            for k in 0..u.len() {
                let (a, b) = (&u[..k], &u[k..]);
                assert_eq!(super::is_unit(a.as_bytes()), QUANTITY_UNITS.contains(&a));
                assert_eq!(super::is_unit(b.as_bytes()), QUANTITY_UNITS.contains(&b));
            }
            for w in [format!("{u}s"), format!("x{u}"), u.to_ascii_uppercase()] {
                assert_eq!(
                    super::is_unit(w.as_bytes()),
                    QUANTITY_UNITS.contains(&w.as_str())
                );
            }
        }
        assert!(!super::is_unit(b""));
    }

    #[test]
    fn quantities_glued_or_apart_are_found() {
        for t in [
            "Creme 50ml",
            "Creme 1.7 oz",
            "Vitamin C 60 Capsules",
            "Serum 30ML, new",
            "2 x 50ml",
        ] {
            assert!(has_quantity(&t.to_ascii_lowercase()), "{t}");
        }
        for t in [
            "Creme",
            "Creme ml",
            "Creme 50mls",
            "Creme 50 mlx",
            "Creme 50-",
        ] {
            assert!(!has_quantity(&t.to_ascii_lowercase()), "{t}");
        }
    }
}
