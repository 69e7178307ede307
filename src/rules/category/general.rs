//! General category rules (FL-K0xx): market_product_category and product_type shape
//! (GMC 6324436, 6324406), and the category's GTIN requirement (spec 2.5 requirement levels).
//!
//! GTIN validity (check digit, prefixes) is `src/gtin`'s; this file only asks whether one is
//! present where the category needs it. No I/O.

use crate::catalog::fields::{PRODUCT_TYPE_MAX, PRODUCT_TYPE_VALUES_MAX};
use crate::catalog::{Category, GtinRequirement};
use crate::model::Trim;
use crate::model::{Group, RuleKind, Severity};
use crate::rules::util::{blank, chars_over, is_no, text, window, zero_bytes};
use crate::rules::{BASE, Hit, Rule};

/// The 21 top-level segments of the public Google product taxonomy (GMC 6324436).
pub(crate) const TAXONOMY_ROOTS: &[&str] = &[
    "Animals & Pet Supplies",
    "Apparel & Accessories",
    "Arts & Entertainment",
    "Baby & Toddler",
    "Business & Industrial",
    "Cameras & Optics",
    "Electronics",
    "Food, Beverages & Tobacco",
    "Furniture",
    "Hardware",
    "Health & Beauty",
    "Home & Garden",
    "Luggage & Bags",
    "Mature",
    "Media",
    "Office Supplies",
    "Religious & Ceremonial",
    "Software",
    "Sporting Goods",
    "Toys & Games",
    "Vehicles & Parts",
];

fn recognised_taxonomy(v: &str) -> bool {
    let v = v.trim_fast();
    if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    let first = crate::rules::util::path_root(v).trim_fast();
    // The exact comparison (one `memcmp`) first: feeds write the roots as the taxonomy does,
    // and `eq_ignore_ascii_case` compares byte by byte (~12 instructions a byte on the root
    // that matches, as `Category::recognise` measured in c499d30). Both compare lengths first.
    // Callgrind, 20k bench rows: `general::RULES::batch` 26.10M -> 23.91M (-110 a row).
    // Only the roots of the segment's length are compared: both tests are false for the others
    // (with the separator change below, `general::RULES::batch` 23.90M -> 22.58M; -54 a row
    // for this one).
    roots_of_len(first.len())
        .iter()
        .any(|r| *r == first || r.eq_ignore_ascii_case(first))
}

/// The [`TAXONOMY_ROOTS`] of `n` bytes (at most three), where FL-K001 walked all 21 and compared
/// each one's length (a test holds the two to the same roots).
fn roots_of_len(n: usize) -> &'static [&'static str] {
    match n {
        5 => &["Media"],
        6 => &["Mature"],
        8 => &["Hardware", "Software"],
        9 => &["Furniture"],
        11 => &["Electronics"],
        12 => &["Toys & Games"],
        13 => &["Home & Garden"],
        14 => &["Baby & Toddler", "Luggage & Bags", "Sporting Goods"],
        15 => &["Health & Beauty", "Office Supplies"],
        16 => &["Cameras & Optics", "Vehicles & Parts"],
        20 => &["Arts & Entertainment"],
        21 => &["Apparel & Accessories", "Business & Industrial"],
        22 => &["Animals & Pet Supplies", "Religious & Ceremonial"],
        25 => &["Food, Beverages & Tobacco"],
        _ => &[],
    }
}

fn bad_separator(v: &str) -> Option<&'static str> {
    scan_separators(v).err()
}

/// [`bad_separator`]'s answer as `Err`, or `Ok(others)`: whether `v` has a `/`, `|`, `-` or `»`
/// byte at all (only then can it have a separator other than ` > `, or the slashes FL-K004 counts).
///
/// A `>` that is not the middle of a ` > ` (taken from the left, not overlapping, as
/// `str::replace` would remove them) is checked at each `>` without building the value with the
/// separators removed: this runs on every product's category and product type. The `>` bytes
/// and the other separators' bytes are found in one pass, eight bytes at a time in a `u64`
/// (SWAR), where there were a `memchr` call per `>` and one more to find there was none, a
/// `memchr3` and a `memchr` (five calls of ~60 instructions on a bench category of ~45 bytes
/// and two `>`). Callgrind, 20k bench rows: `bad_separator` 16.05M -> 13.11M inclusive, the
/// general rules 31.00M -> 26.08M with FL-K004's slash count skipped on values without
/// `others` (-246 instructions a row in all). A byte-by-byte loop instead of the searches was
/// measured slower before (+580 a product): this reads eight bytes a step.
fn scan_separators(v: &str) -> Result<bool, &'static str> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let b = v.as_bytes();
    let mut free_from = 0;
    // The high bit (0x80) of each byte of a `/` or `-` seen.
    let mut others = 0_u64;
    // High bits set where a byte read is 0x7B or above: `|` (0x7C), and every non-ASCII byte,
    // 0xBB (the second byte of `»`) among them. Only when one is seen are `|` and 0xBB looked
    // for, with one `memchr2`: the bench values have neither, and each had a test of its own in
    // every word. Callgrind, 20k bench rows: `scan_separators` 13.11M -> 12.88M over the 40,000
    // values (-6 a call: less than the operations removed suggested).
    // A byte's low seven bits plus 5 stay below 0x100, so no carry crosses into the next byte.
    let mut high = 0_u64;
    // One eight-byte word from `start`, of which the bytes under `keep`'s high bits are new.
    let mut word = |start: usize, x: u64, keep: u64| -> Result<(), &'static str> {
        // `-` (0x2D) and `/` (0x2F) differ in one bit: one test finds both.
        others |= zero_bytes((x ^ (ONES * 0x2D)) & !(ONES * 0x02)) & keep;
        high |= ((x & (ONES * 0x7F)) + ONES * (0x80 - 0x7B)) | x;
        let mut gt = zero_bytes(x ^ (ONES * u64::from(b'>'))) & keep;
        while gt != 0 {
            let i = start + (gt.trailing_zeros() / 8) as usize;
            gt &= gt - 1;
            let separator = i > free_from && b[i - 1] == b' ' && b.get(i + 1) == Some(&b' ');
            if !separator {
                return Err("'>' without a space on both sides");
            }
            free_from = i + 2;
        }
        Ok(())
    };
    // Whole words, read without the bounds test and the short-copy path of `window`, which
    // kept the loop's values in memory: 14.83M -> 13.11M over the 40,000 values.
    let mut words = b.chunks_exact(8);
    for (k, w) in (&mut words).enumerate() {
        let w = <[u8; 8]>::try_from(w).unwrap_or_default();
        word(8 * k, u64::from_le_bytes(w), u64::MAX)?;
    }
    let full = b.len() - words.remainder().len();
    if full < b.len() {
        if b.len() >= 8 {
            // The last eight bytes, one load (a short copy is a `memcpy` call), of which those
            // before `full` were read already.
            let last = b.len() - 8;
            word(
                last,
                u64::from_le_bytes(window(b, last)),
                u64::MAX << (8 * (full - last)),
            )?;
        } else {
            word(0, u64::from_le_bytes(window(b, 0)), u64::MAX)?;
        }
    }
    let others =
        others != 0 || (high & (ONES * 0x80) != 0 && memchr::memchr2(b'|', 0xBB, b).is_some());
    let other_separator = others
        && (v.contains(" / ") || v.contains(" | ") || v.contains(" » ") || v.contains(" -> "));
    if other_separator {
        return Err("a separator other than ' > '");
    }
    Ok(others)
}

pub(crate) const RULES: &[Rule] = &[
    Rule {
        code: "FL-K001",
        name: "market-product-category-unrecognised",
        group: Group::Category,
        severity: Severity::Low,
        fields: &["market_product_category"],
        what: "That market_product_category (the feed attribute google_product_category) is a numeric taxonomy id or a path whose first segment is one of the 21 top-level taxonomy categories (\"Apparel & Accessories > Shoes\").",
        why: "An unrecognised value is ignored and the platform guesses the category itself, which decides which attributes are required and where the product is shown.",
        example: "`google_product_category=\"Shoes\"`.",
        fix: "Use the full taxonomy path (`Apparel & Accessories > Shoes`) or its id (`187`).",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "market_product_category") {
                if !recognised_taxonomy(v) {
                    out.push(Hit {
                        field: "market_product_category",
                        message: format!(
                            "market_product_category \"{v}\" is not a taxonomy id or path"
                        ),
                    });
                }
            }
        }),
        pass: &[("market_product_category", "Media > DVDs & Videos")],
        fail: &[("market_product_category", "Shoes")],
        ..BASE
    },
    Rule {
        code: "FL-K002",
        name: "market-product-category-bad-separator",
        group: Group::Category,
        severity: Severity::Low,
        fields: &["market_product_category"],
        what: "That the segments of a market_product_category path are separated by ` > ` (space, greater-than, space), as the taxonomy writes them.",
        why: "Paths with other separators do not match the taxonomy and are ignored.",
        example: "`Apparel & Accessories>Shoes` or `Apparel & Accessories / Shoes`.",
        fix: "Copy the path from the published taxonomy.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "market_product_category") {
                if let Some(what) = bad_separator(v) {
                    out.push(Hit {
                        field: "market_product_category",
                        message: format!("market_product_category uses {what}"),
                    });
                }
            }
        }),
        pass: &[("market_product_category", "Apparel & Accessories > Shoes")],
        fail: &[("market_product_category", "Apparel & Accessories>Shoes")],
        ..BASE
    },
    Rule {
        code: "FL-K003",
        name: "product-type-too-long",
        group: Group::Category,
        severity: Severity::Low,
        fields: &["product_type"],
        what: "That each product_type value has at most 750 characters (GMC 6324406).",
        why: "Longer values are rejected and your own category structure for campaigns is lost.",
        example: "A product_type holding the whole breadcrumb trail and description.",
        fix: "Keep the path to your shop's category levels.",
        check: product_check!(|p, _, out| {
            if let Some(n) = p
                .values("product_type")
                .iter()
                .find_map(|v| chars_over(v, PRODUCT_TYPE_MAX))
            {
                out.push(Hit {
                    field: "product_type",
                    message: format!(
                        "product_type has {n} characters; at most {PRODUCT_TYPE_MAX} are allowed"
                    ),
                });
            }
        }),
        pass: &[(
            "product_type",
            "Consumer Electronics > TVs > Flat Panel TVs",
        )],
        fail: &[("product_type#80", "Category > ")],
        ..BASE
    },
    Rule {
        code: "FL-K004",
        name: "product-type-bad-separator",
        group: Group::Category,
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["product_type"],
        what: "That product_type paths use ` > ` between levels (GMC 6324406).",
        why: "Other separators make the whole path one level, so campaign subdivisions by product type do not work.",
        example: "`product_type=\"Home/Kitchen/Knives\"` → `Home > Kitchen > Knives`.",
        fix: "Separate levels with ` > `.",
        check: product_check!(|p, _, out| {
            for v in p.values("product_type") {
                // Slashes are counted only in a value that has one of the other separators'
                // bytes, as [`scan_separators`] finds (most have none).
                let found = scan_separators(v).map_or_else(Some, |others| {
                    (others && v.matches('/').count() >= 2 && !v.contains(" > "))
                        .then_some("'/' as separator")
                });
                if let Some(what) = found {
                    out.push(Hit {
                        field: "product_type",
                        message: format!("product_type \"{v}\" uses {what}"),
                    });
                    return;
                }
            }
        }),
        pass: &[("product_type", "Women's Clothing > Jeans > Bootcut Jeans")],
        fail: &[("product_type", "Home/Kitchen/Knives")],
        ..BASE
    },
    Rule {
        code: "FL-K005",
        name: "product-type-too-many-values",
        group: Group::Category,
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["product_type"],
        what: "That a product has at most 5 product_type values (GMC 6324406: up to 5, only the first is used for bidding).",
        why: "Values beyond the fifth are dropped.",
        example: "Eight product_type values.",
        fix: "Keep the five most relevant paths, the main one first.",
        check: product_check!(|p, _, out| {
            let n = p.values("product_type").len();
            if n > PRODUCT_TYPE_VALUES_MAX {
                out.push(Hit {
                    field: "product_type",
                    message: format!(
                        "{n} product_type values; at most {PRODUCT_TYPE_VALUES_MAX} are used"
                    ),
                });
            }
        }),
        pass: &[("product_type", "Shoes > Pumps")],
        fail: &[
            ("product_type", "A"),
            ("product_type", "B"),
            ("product_type", "C"),
            ("product_type", "D"),
            ("product_type", "E"),
            ("product_type", "F"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-K006",
        name: "category-gtin-missing",
        group: Group::Category,
        severity: Severity::High,
        applies: crate::rules::Applies::Always,
        fields: &["gtin", "identifier_exists", "market_product_category"],
        what: "That a product in a category whose GTIN requirement is `required` or `critical` (electronics, health & beauty, automotive; spec 2.5) has a gtin, unless identifier_exists=no.",
        why: "In these categories products are matched to the catalogue by GTIN; without one they are disapproved or hardly shown.",
        example: "A TV (`market_product_category=\"Electronics > Video > Televisions\"`) without gtin.",
        fix: "Add the GTIN printed on the packaging (UPC/EAN), or set identifier_exists=no for products that truly have none.",
        check: product_check!(|p, cx, out| {
            let Some(c) = cx.category else { return };
            if cx.confidence < crate::rules::CATEGORY_RULE_MIN_CONFIDENCE
                || c.gtin_requirement() < GtinRequirement::Required
            {
                return;
            }
            if blank(p, "gtin") && !p.get("identifier_exists").is_some_and(is_no) {
                out.push(Hit {
                    field: "gtin",
                    message: format!(
                        "{} products need a gtin (the category's GTIN requirement: {})",
                        Category::display_name(c),
                        c.gtin_requirement().as_str()
                    ),
                });
            }
        }),
        pass: &[
            ("market_product_category", "Electronics > Video"),
            ("gtin", "4006381333931"),
        ],
        fail: &[("market_product_category", "Electronics > Video")],
        gtin_issue: true,
        ..BASE
    },
];

#[cfg(test)]
mod separator_tests {
    use super::{bad_separator, scan_separators};
    use proptest::prelude::*;

    /// The definition the fast version must agree with.
    fn reference(v: &str) -> Option<&'static str> {
        if v.replace(" > ", "").contains('>') {
            Some("'>' without a space on both sides")
        } else if v.contains(" / ") || v.contains(" | ") || v.contains(" » ") || v.contains(" -> ")
        {
            Some("a separator other than ' > '")
        } else {
            None
        }
    }

    #[test]
    fn separators() {
        for (v, want) in [
            ("Apparel > Sweaters", None),
            (
                "Apparel>Sweaters",
                Some("'>' without a space on both sides"),
            ),
            ("a > > b", Some("'>' without a space on both sides")),
            ("a >> b", Some("'>' without a space on both sides")),
            ("Home / Garden", Some("a separator other than ' > '")),
            ("Home » Garden", Some("a separator other than ' > '")),
            ("Home -> Garden", Some("'>' without a space on both sides")),
            ("T-shirts | Tops", Some("a separator other than ' > '")),
            ("T-shirts", None),
            ("", None),
        ] {
            assert_eq!(bad_separator(v), want, "{v:?}");
            assert_eq!(reference(v), want, "{v:?}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]
        #[test]
        fn agrees_with_the_definition(v in "[a >/|»\\-]{0,16}|[a >/|».,\\-Ȼ{~é]{0,40}") {
            prop_assert_eq!(bad_separator(&v), reference(&v));
            // Where it finds none, it tells whether the value has another separator's byte.
            if reference(&v).is_none() {
                let others = v.bytes().any(|c| matches!(c, b'/' | b'|' | b'-' | 0xBB));
                prop_assert_eq!(scan_separators(&v), Ok(others));
            }
        }
    }
}

#[cfg(test)]
mod taxonomy_tests {
    use super::{TAXONOMY_ROOTS, recognised_taxonomy};
    use crate::model::Trim;
    use proptest::prelude::*;

    /// `recognised_taxonomy` as it was, with `eq_ignore_ascii_case` alone.
    fn reference(v: &str) -> bool {
        let v = v.trim_fast();
        if !v.is_empty() && v.bytes().all(|b| b.is_ascii_digit()) {
            return true;
        }
        let first = crate::rules::util::path_root(v).trim_fast();
        TAXONOMY_ROOTS.iter().any(|r| r.eq_ignore_ascii_case(first))
    }

    /// `roots_of_len` gives exactly the roots of each length, in the list's order.
    #[test]
    fn roots_by_length_are_the_roots_of_that_length() {
        for n in 0..64 {
            let want: Vec<&str> = TAXONOMY_ROOTS
                .iter()
                .copied()
                .filter(|r| r.len() == n)
                .collect();
            assert_eq!(super::roots_of_len(n), want.as_slice(), "{n}");
        }
    }

    #[test]
    fn roots_in_any_case_are_recognised() {
        for r in TAXONOMY_ROOTS {
            for v in [
                (*r).to_string(),
                r.to_ascii_uppercase(),
                r.to_ascii_lowercase(),
                format!(" {r} > Sub"),
            ] {
                assert!(recognised_taxonomy(&v), "{v:?}");
            }
        }
        for v in ["Shoes", "Media>DVDs", "Medias > DVDs", "", "12a"] {
            assert_eq!(recognised_taxonomy(v), reference(v), "{v:?}");
        }
    }

    proptest! {
        #[test]
        fn recognised_taxonomy_answers_as_before(
            root in prop::sample::select(TAXONOMY_ROOTS),
            upper in prop::collection::vec(any::<bool>(), 0..24),
            rest in "( > [a-zA-Z ]{0,8})?|[ >]{0,3}|[0-9]{0,3}",
        ) {
            let mixed: String = root
                .chars()
                .zip(upper.iter().chain(std::iter::repeat(&false)))
                .map(|(c, &u)| if u { c.to_ascii_uppercase() } else { c })
                .collect();
            for v in [format!("{mixed}{rest}"), rest.clone(), format!("{}{rest}", &mixed[1..])] {
                prop_assert_eq!(recognised_taxonomy(&v), reference(&v), "{:?}", v);
            }
        }
    }
}
