//! Inventory and logistics rules (`FL-V`): availability, availability_date, condition,
//! expiration_date, multipack, is_bundle, shipping weight and dimensions, handling times
//! (GMC 6324448, 6324470, 6324469, 6324499, 6324488, 6324449, 6324503, 6324498).
//!
//! No I/O. Legacy spellings are accepted by the platform but reported by their own rule.

use super::util::{blank, is_bool_text, iso_minutes, measure, one_of, text};
use super::{BASE, Hit, Rule, Sink};
use crate::model::Trim;
use crate::model::{Group, RuleKind, Severity};

use crate::catalog::fields::{AVAILABILITY_VALUES as AVAILABILITY, CONDITION_VALUES as CONDITION};

/// Legacy spellings still seen (Google's own sample feed uses `in stock`, `out of stock`).
pub(crate) const AVAILABILITY_LEGACY: &[(&str, &str)] = &[
    ("in stock", "in_stock"),
    ("out of stock", "out_of_stock"),
    ("available for order", "backorder"),
    ("pre-order", "preorder"),
    ("pre order", "preorder"),
];
/// Weight units (GMC 6324503).
const WEIGHT_UNITS: &[&str] = &["lb", "oz", "g", "kg"];
/// Length units (GMC 6324498).
const LENGTH_UNITS: &[&str] = &["in", "cm"];
/// Destinations of excluded_destination / included_destination (GMC 6324486).
const DESTINATIONS: &[&str] = &[
    "shopping_ads",
    "buy_on_google_listings",
    "display_ads",
    "local_inventory_ads",
    "free_listings",
    "free_local_listings",
    "youtube_shopping",
    "cloud_retail",
    "local_cloud_retail",
];

fn legacy(v: &str) -> Option<&'static str> {
    let v = v.trim_fast();
    AVAILABILITY_LEGACY
        .iter()
        .find(|(l, _)| l.eq_ignore_ascii_case(v))
        .map(|(_, c)| *c)
}

/// The current value an availability text names (`in_stock`, `out_of_stock`, `preorder`,
/// `backorder`) and whether it is written in a legacy spelling (`in stock`...), or `None` for
/// neither: `one_of(v, AVAILABILITY)` and [`legacy`] in one call (no text is both). The four
/// values written exactly as listed, as every valid bench row writes them, are matched on
/// their bytes first; the rest, another case or a legacy spelling, go the case-insensitive way.
/// FL-V002, FL-V003, FL-V004 and FL-V006 each compared the text ASCII-case-insensitively with
/// the list and then with the five legacy spellings, byte by byte. Callgrind, the bench's 20k
/// rows (`validate`, main thread): `inventory::RULES::batch` inclusive 22.29M → 20.45M, the
/// whole run −92 instructions a row (docs/performance.md).
fn availability(v: &str) -> Option<(&'static str, bool)> {
    let t = v.trim_fast();
    let exact = match t {
        "in_stock" => Some("in_stock"),
        "out_of_stock" => Some("out_of_stock"),
        "preorder" => Some("preorder"),
        "backorder" => Some("backorder"),
        _ => AVAILABILITY
            .iter()
            .copied()
            .find(|a| a.eq_ignore_ascii_case(t)),
    };
    match exact {
        Some(current) => Some((current, false)),
        None => legacy(t).map(|current| (current, true)),
    }
}

/// Weight in kilograms.
fn weight_kg(v: &str) -> Option<f64> {
    let n = measure(v, WEIGHT_UNITS)?;
    let unit = v
        .trim_fast()
        .trim_start_matches(|c: char| !c.is_ascii_alphabetic())
        .to_ascii_lowercase();
    Some(match unit.as_str() {
        "lb" => n * 0.453_592,
        "oz" => n * 0.028_349_5,
        "g" => n / 1000.0,
        _ => n,
    })
}

// The helpers below are each a rule's check of one field, called once per field with the
// field's name written out, as the media rules' are (docs/performance.md, "1518fa0"). In a loop
// over an array of names (`for field in ["shipping_length", ...]`) the name was a value at run
// time, so each look-up hashed it for its bucket (`Product::position`) instead of using the
// constant the compiler folds a literal name to. Inlined into the rule's check, each call sees
// its name as a constant.

/// FL-V013: the value `v` of `field`, when it is not a positive length with `in` or `cm`.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "the field name folds to a constant in each caller (see above)"
)]
fn bad_dimension(v: Option<&str>, field: &'static str, out: &mut Sink) {
    if let Some(v) = v {
        if measure(v, LENGTH_UNITS).is_none_or(|n| n <= 0.0) {
            out.push(Hit {
                field,
                message: format!("{field} \"{v}\" is not a positive number with in or cm"),
            });
        }
    }
}

/// FL-V017: each non-blank value of `field` that is not a known destination.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "the field name folds to a constant in each caller (see above)"
)]
fn unknown_destinations(values: &[String], field: &'static str, out: &mut Sink) {
    for v in values {
        if !v.trim_fast().is_empty() && !one_of(&v.trim_fast().replace(' ', "_"), DESTINATIONS) {
            out.push(Hit {
                field,
                message: format!("{field} \"{v}\" is not a known destination"),
            });
        }
    }
}

pub(crate) const RULES: &[Rule] = &[
    Rule {
        code: "FL-V001",
        name: "availability-missing",
        group: Group::Inventory,
        severity: Severity::Critical,
        fields: &["availability"],
        what: "That the product has a non-blank availability (required for every product, GMC 6324448).",
        why: "Without availability the product is disapproved: shoppers must know whether they can buy it.",
        example: "`availability` absent.",
        fix: "Set `in_stock`, `out_of_stock`, `preorder` or `backorder`, matching the landing page.",
        check: product_check!(|p, _, out| {
            if blank(p, "availability") {
                out.push(Hit {
                    field: "availability",
                    message: "availability is missing or empty".into(),
                });
            }
        }),
        pass: &[("availability", "in_stock")],
        fail: &[("availability", " ")],
        ..BASE
    },
    Rule {
        code: "FL-V002",
        name: "availability-invalid-value",
        group: Group::Inventory,
        severity: Severity::Critical,
        fields: &["availability"],
        what: "That availability is one of `in_stock`, `out_of_stock`, `preorder`, `backorder` (case-insensitive) or a known legacy spelling (reported by legacy-availability-spelling).",
        why: "Any other value is invalid and the product is disapproved.",
        example: "`availability=\"yes\"`, `availability=\"limited\"`.",
        fix: "Map your stock states to the four values.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "availability") {
                if availability(v).is_none() {
                    out.push(Hit {
                        field: "availability",
                        // Joined, not `format!`ed (FL-I111's message, docs/performance.md).
                        message: [
                            "availability \"",
                            v,
                            "\" is not in_stock, out_of_stock, preorder or backorder",
                        ]
                        .concat(),
                    });
                }
            }
        }),
        pass: &[("availability", "out_of_stock")],
        fail: &[("availability", "limited")],
        ..BASE
    },
    Rule {
        code: "FL-V003",
        name: "legacy-availability-spelling",
        group: Group::Inventory,
        severity: Severity::Low,
        fields: &["availability"],
        what: "That availability uses the current underscore spelling rather than a legacy one (`in stock`, `out of stock`, `available for order`, `pre-order`).",
        why: "Legacy spellings are still accepted (Google's own sample feed uses them) but are deprecated; other tools and future checks may not accept them.",
        example: "`availability=\"in stock\"`.",
        fix: "Write `in_stock` (or `out_of_stock`, `backorder`, `preorder`).",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "availability") {
                if let Some((current, true)) = availability(v) {
                    out.push(Hit {
                        field: "availability",
                        message: format!("availability \"{v}\" is a legacy spelling of {current}"),
                    });
                }
            }
        }),
        pass: &[("availability", "in_stock")],
        fail: &[("availability", "in stock")],
        ..BASE
    },
    Rule {
        code: "FL-V004",
        name: "availability-date-missing",
        group: Group::Inventory,
        severity: Severity::High,
        fields: &["availability", "availability_date"],
        what: "That a product on `preorder` or `backorder` has an availability_date (GMC 6324470).",
        why: "Pre-order and back-order products must say when they ship; without the date they are disapproved.",
        example: "`availability=\"preorder\"` with no availability_date.",
        fix: "Add `availability_date` in ISO 8601, e.g. `2026-12-01T00:00-0800`.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "availability") {
                let needs = matches!(availability(v), Some(("preorder" | "backorder", _)));
                if needs && blank(p, "availability_date") {
                    out.push(Hit {
                        field: "availability_date",
                        // Joined, not `format!`ed (FL-I111's message, docs/performance.md):
                        // this rule fires on a fifth of the bench rows.
                        message: ["availability is ", v, " but availability_date is missing"]
                            .concat(),
                    });
                }
            }
        }),
        pass: &[
            ("availability", "preorder"),
            ("availability_date", "2026-12-01"),
        ],
        fail: &[("availability", "preorder")],
        ..BASE
    },
    Rule {
        code: "FL-V005",
        name: "availability-date-invalid",
        group: Group::Inventory,
        fields: &["availability_date"],
        what: "That availability_date is an ISO 8601 date or date-time of at most 25 characters (GMC 6324470).",
        why: "An unreadable date counts as missing for pre-order and back-order products.",
        example: "`availability_date=\"next week\"`.",
        fix: "Write `2026-12-01` or `2026-12-01T09:00-0800`.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "availability_date") {
                if v.trim_fast().chars().count() > 25 || iso_minutes(v).is_none() {
                    out.push(Hit {
                        field: "availability_date",
                        message: format!("availability_date \"{v}\" is not an ISO 8601 date"),
                    });
                }
            }
        }),
        pass: &[("availability_date", "2026-12-01T09:00-0800")],
        fail: &[("availability_date", "next week")],
        ..BASE
    },
    Rule {
        code: "FL-V006",
        name: "availability-date-unused",
        group: Group::Inventory,
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["availability", "availability_date"],
        what: "That availability_date is only given for products on preorder or backorder.",
        why: "For products in or out of stock the date is ignored; it often means the availability value is stale.",
        example: "`availability=\"in_stock\"` with `availability_date=\"2026-12-01\"`.",
        fix: "Check whether the product is really in stock; remove the date if it is.",
        check: product_check!(|p, _, out| {
            if let (Some(v), false) = (text(p, "availability"), blank(p, "availability_date")) {
                if matches!(availability(v), Some(("in_stock" | "out_of_stock", _))) {
                    out.push(Hit {
                        field: "availability_date",
                        message: format!("availability_date is set but availability is {v}"),
                    });
                }
            }
        }),
        pass: &[
            ("availability", "backorder"),
            ("availability_date", "2026-12-01"),
        ],
        fail: &[
            ("availability", "in_stock"),
            ("availability_date", "2026-12-01"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-V007",
        name: "condition-missing",
        group: Group::Inventory,
        severity: Severity::Low,
        fields: &["condition"],
        what: "That the product states its condition (spec 2.3 requiredFieldsCheck includes condition; GMC requires it for used and refurbished products and assumes `new` otherwise).",
        why: "Without it every product is taken as new; a used or refurbished item listed as new is misrepresentation.",
        example: "A feed with no condition column.",
        fix: "Add `condition` with `new`, `refurbished` or `used`.",
        check: product_check!(|p, _, out| {
            if blank(p, "condition") {
                out.push(Hit {
                    field: "condition",
                    message: "condition is missing (new is assumed)".into(),
                });
            }
        }),
        pass: &[("condition", "new")],
        fail: &[("condition", "")],
        ..BASE
    },
    Rule {
        code: "FL-V008",
        name: "condition-invalid-value",
        group: Group::Inventory,
        severity: Severity::High,
        fields: &["condition"],
        what: "That condition is `new`, `refurbished` or `used` (case-insensitive; GMC 6324469).",
        why: "Other values (`like new`, `open box`, `B-stock`) are invalid and the product is disapproved.",
        example: "`condition=\"like new\"`.",
        fix: "Map your grades to the three values; describe the grade in the description.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "condition") {
                if !one_of(v, CONDITION) {
                    out.push(Hit {
                        field: "condition",
                        message: format!("condition \"{v}\" is not new, refurbished or used"),
                    });
                }
            }
        }),
        pass: &[("condition", "Used")],
        fail: &[("condition", "like new")],
        ..BASE
    },
    Rule {
        code: "FL-V009",
        name: "expiration-date-invalid",
        group: Group::Inventory,
        severity: Severity::Low,
        fields: &["expiration_date"],
        what: "That expiration_date is an ISO 8601 date or date-time (GMC 6324499).",
        why: "An unreadable expiration date is ignored, so a product you meant to stop showing keeps running.",
        example: "`expiration_date=\"31.12.2026\"`.",
        fix: "Write `2026-12-31`.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "expiration_date") {
                if iso_minutes(v).is_none() {
                    out.push(Hit {
                        field: "expiration_date",
                        message: format!("expiration_date \"{v}\" is not an ISO 8601 date"),
                    });
                }
            }
        }),
        pass: &[("expiration_date", "2026-12-31")],
        fail: &[("expiration_date", "31.12.2026")],
        ..BASE
    },
    Rule {
        code: "FL-V010",
        name: "multipack-invalid",
        group: Group::Inventory,
        fields: &["multipack"],
        what: "That multipack is a whole number greater than 1 (GMC 6324488).",
        why: "A multipack of 0 or 1, or text, is invalid and the product is disapproved in the countries that use multipacks.",
        example: "`multipack=\"1\"`, `multipack=\"six\"`.",
        fix: "Give the number of identical items in the merchant-defined pack, or remove multipack.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "multipack") {
                if !v.trim_fast().parse::<u32>().is_ok_and(|n| n > 1) {
                    out.push(Hit {
                        field: "multipack",
                        message: format!("multipack \"{v}\" is not a whole number above 1"),
                    });
                }
            }
        }),
        pass: &[("multipack", "6")],
        fail: &[("multipack", "1")],
        ..BASE
    },
    Rule {
        code: "FL-V011",
        name: "is-bundle-invalid",
        group: Group::Inventory,
        severity: Severity::Low,
        fields: &["is_bundle"],
        what: "That is_bundle is `yes` or `no` (GMC 6324449).",
        why: "Other values are ignored, and a bundle is then matched against the main item's catalogue entry.",
        example: "`is_bundle=\"bundle\"`.",
        fix: "Use `yes` or `no`.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "is_bundle") {
                if !is_bool_text(v) {
                    out.push(Hit {
                        field: "is_bundle",
                        message: format!("is_bundle \"{v}\" is not yes or no"),
                    });
                }
            }
        }),
        pass: &[("is_bundle", "yes")],
        fail: &[("is_bundle", "bundle")],
        ..BASE
    },
    Rule {
        code: "FL-V012",
        name: "shipping-weight-invalid",
        group: Group::Inventory,
        fields: &["shipping_weight"],
        what: "That shipping_weight is a non-negative number followed by `lb`, `oz`, `g` or `kg` (GMC 6324503).",
        why: "Carrier-calculated shipping needs the weight; an unreadable value means no shipping cost can be computed and the product can be disapproved.",
        example: "`shipping_weight=\"225\"` (no unit).",
        fix: "Write `225 g`.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "shipping_weight") {
                if measure(v, WEIGHT_UNITS).is_none_or(|n| n < 0.0) {
                    out.push(Hit {
                        field: "shipping_weight",
                        message: format!(
                            "shipping_weight \"{v}\" is not a number with lb, oz, g or kg"
                        ),
                    });
                }
            }
        }),
        pass: &[("shipping_weight", "225 g")],
        fail: &[("shipping_weight", "225")],
        ..BASE
    },
    Rule {
        code: "FL-V013",
        name: "shipping-dimension-invalid",
        group: Group::Inventory,
        fields: &["shipping_length", "shipping_width", "shipping_height"],
        what: "That shipping_length, shipping_width and shipping_height are positive numbers followed by `in` or `cm` (GMC 6324498).",
        why: "Dimensional-weight shipping rates need readable dimensions; invalid ones are ignored.",
        example: "`shipping_length=\"30cm x 20cm\"`.",
        fix: "Give one value per attribute: `30 cm`.",
        check: product_check!(|p, _, out| {
            // One call a field with its name written out (see `bad_dimension`).
            bad_dimension(text(p, "shipping_length"), "shipping_length", out);
            bad_dimension(text(p, "shipping_width"), "shipping_width", out);
            bad_dimension(text(p, "shipping_height"), "shipping_height", out);
        }),
        pass: &[("shipping_length", "30 cm")],
        fail: &[("shipping_length", "30cm x 20cm")],
        ..BASE
    },
    Rule {
        code: "FL-V014",
        name: "shipping-dimensions-incomplete",
        group: Group::Inventory,
        severity: Severity::Low,
        fields: &["shipping_length", "shipping_width", "shipping_height"],
        what: "That shipping_length, shipping_width and shipping_height are given all together or not at all.",
        why: "Dimensional weight needs all three; a partial set is ignored.",
        example: "`shipping_length` and `shipping_width` without `shipping_height`.",
        fix: "Add the missing dimension.",
        check: product_check!(|p, _, out| {
            // The three names written out, not a filter over an array of them (see
            // `bad_dimension`).
            let given = usize::from(!blank(p, "shipping_length"))
                + usize::from(!blank(p, "shipping_width"))
                + usize::from(!blank(p, "shipping_height"));
            if given > 0 && given < 3 {
                out.push(Hit {
                    field: "shipping_height",
                    message: format!(
                        "{given} of the 3 shipping dimensions {} given",
                        if given == 1 { "is" } else { "are" }
                    ),
                });
            }
        }),
        pass: &[
            ("shipping_length", "30 cm"),
            ("shipping_width", "20 cm"),
            ("shipping_height", "10 cm"),
        ],
        fail: &[("shipping_length", "30 cm"), ("shipping_width", "20 cm")],
        ..BASE
    },
    Rule {
        code: "FL-V015",
        name: "shipping-weight-out-of-range",
        group: Group::Inventory,
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["shipping_weight"],
        what: "That shipping_weight is above 0 and at most 1,000 kg (2,000 lb), the range GMC documents for carrier rates (unverified; a documented default).",
        why: "Zero or enormous weights are usually unit mistakes (grams written as kilograms) and produce wrong shipping costs.",
        example: "`shipping_weight=\"225 kg\"` for a pair of shoes would pass; `shipping_weight=\"22500 kg\"` does not.",
        fix: "Check the unit and the value.",
        check: product_check!(|p, _, out| {
            if let Some(kg) = text(p, "shipping_weight").and_then(weight_kg) {
                if kg <= 0.0 || kg > 1000.0 {
                    out.push(Hit {
                        field: "shipping_weight",
                        message: format!("shipping_weight of {kg:.1} kg is outside 0–1,000 kg"),
                    });
                }
            }
        }),
        pass: &[("shipping_weight", "2 lb")],
        fail: &[("shipping_weight", "22500 kg")],
        ..BASE
    },
    Rule {
        code: "FL-V016",
        name: "handling-time-invalid",
        group: Group::Inventory,
        severity: Severity::Low,
        fields: &["min_handling_time", "max_handling_time"],
        what: "That min_handling_time and max_handling_time are whole numbers of days from 0 and min ≤ max.",
        why: "Invalid handling times are ignored and delivery estimates fall back to account defaults, which may promise too much.",
        example: "`min_handling_time=\"3\"`, `max_handling_time=\"1\"`.",
        fix: "Give business days with min ≤ max.",
        check: product_check!(|p, _, out| {
            let min = text(p, "min_handling_time");
            let max = text(p, "max_handling_time");
            let parse = |v: Option<&str>| v.map(|s| s.trim_fast().parse::<u32>());
            match (parse(min), parse(max)) {
                (Some(Err(_)), _) => out.push(Hit {
                    field: "min_handling_time",
                    message: "min_handling_time is not a whole number of days".into(),
                }),
                (_, Some(Err(_))) => out.push(Hit {
                    field: "max_handling_time",
                    message: "max_handling_time is not a whole number of days".into(),
                }),
                (Some(Ok(a)), Some(Ok(b))) if a > b => out.push(Hit {
                    field: "min_handling_time",
                    message: format!("min_handling_time {a} is above max_handling_time {b}"),
                }),
                _ => {}
            }
        }),
        pass: &[("min_handling_time", "1"), ("max_handling_time", "3")],
        fail: &[("min_handling_time", "3"), ("max_handling_time", "1")],
        ..BASE
    },
    Rule {
        code: "FL-V017",
        name: "destination-invalid",
        group: Group::Inventory,
        severity: Severity::Low,
        fields: &["excluded_destination", "included_destination"],
        what: "That excluded_destination and included_destination values are known destinations (Shopping_ads, Display_ads, Local_inventory_ads, Free_listings, Free_local_listings, YouTube_shopping...).",
        why: "Unknown destinations are ignored, so a product you meant to keep out of ads keeps running.",
        example: "`excluded_destination=\"Google Ads\"`.",
        fix: "Use the documented destination names.",
        check: product_check!(|p, _, out| {
            // One call a field with its name written out (see `bad_dimension`).
            unknown_destinations(
                p.values("excluded_destination"),
                "excluded_destination",
                out,
            );
            unknown_destinations(
                p.values("included_destination"),
                "included_destination",
                out,
            );
        }),
        pass: &[("excluded_destination", "Display_ads")],
        fail: &[("excluded_destination", "Google Ads")],
        ..BASE
    },
    Rule {
        code: "FL-V018",
        name: "pause-invalid",
        group: Group::Inventory,
        severity: Severity::Low,
        fields: &["pause"],
        what: "That pause, when given, is `ads` (the only supported value).",
        why: "Any other value is ignored and the product keeps running in ads.",
        example: "`pause=\"yes\"`.",
        fix: "Write `ads` to pause the product in ads, or remove the attribute.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "pause") {
                if !one_of(v, &["ads"]) {
                    out.push(Hit {
                        field: "pause",
                        message: format!("pause \"{v}\" is not ads"),
                    });
                }
            }
        }),
        pass: &[("pause", "ads")],
        fail: &[("pause", "yes")],
        ..BASE
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::hits_of as hits;
    use proptest::prelude::*;

    /// The checks written field by field (FL-V013, FL-V014, FL-V017) report the fields in the
    /// order the loops over their names did, with the same messages and counts.
    #[test]
    fn checks_of_several_fields_report_them_in_order() {
        let bad = |f: &str, v: &str| format!("{f} \"{v}\" is not a positive number with in or cm");
        assert_eq!(
            hits(
                "FL-V013",
                &[
                    ("shipping_height", "0 cm"),
                    ("shipping_width", "20 cm"),
                    ("shipping_length", "30cm x 20cm"),
                ]
            ),
            [
                ("shipping_length", bad("shipping_length", "30cm x 20cm")),
                ("shipping_height", bad("shipping_height", "0 cm")),
            ]
        );
        for (pairs, given) in [
            (&[("shipping_width", "20 cm")][..], 1),
            (
                &[("shipping_height", "1 in"), ("shipping_length", " ")][..],
                1,
            ),
            (
                &[("shipping_height", "1 in"), ("shipping_length", "2 in")][..],
                2,
            ),
        ] {
            let verb = if given == 1 { "is" } else { "are" };
            assert_eq!(
                hits("FL-V014", pairs),
                [(
                    "shipping_height",
                    format!("{given} of the 3 shipping dimensions {verb} given")
                )]
            );
        }
        let all = [
            ("shipping_height", "1 in"),
            ("shipping_length", "2 in"),
            ("shipping_width", "3 in"),
        ];
        assert!(hits("FL-V014", &all).is_empty());
        assert!(hits("FL-V014", &[]).is_empty());
        assert_eq!(
            hits(
                "FL-V017",
                &[
                    ("included_destination", "Google Ads"),
                    ("excluded_destination", "display ads"),
                    ("excluded_destination", "Nowhere"),
                    ("excluded_destination", " "),
                ]
            ),
            [
                (
                    "excluded_destination",
                    "excluded_destination \"Nowhere\" is not a known destination".to_owned()
                ),
                (
                    "included_destination",
                    "included_destination \"Google Ads\" is not a known destination".to_owned()
                ),
            ]
        );
    }

    proptest! {
        /// `availability` answers what the rules asked of `one_of` and `legacy` before.
        #[test]
        fn availability_is_one_of_the_values_or_a_legacy_spelling(
            v in "[ \t\u{a0}]{0,2}(in_stock|IN_Stock|out_of_stock|Preorder|backorder|in stock|Out Of Stock|available for order|pre-order|PRE ORDER|maybe|[a-z_ -]{0,12})[ \t]{0,2}",
        ) {
            let listed = one_of(&v, AVAILABILITY);
            let old = legacy(&v);
            prop_assert!(!(listed && old.is_some()), "{:?}", v);
            let got = availability(&v);
            prop_assert_eq!(got.is_none(), !listed && old.is_none(), "{:?}", v);
            prop_assert_eq!(got.filter(|&(_, l)| l).map(|(c, _)| c), old, "{:?}", v);
            prop_assert_eq!(
                matches!(got, Some(("preorder" | "backorder", _))),
                one_of(&v, &["preorder", "backorder"])
                    || old.is_some_and(|c| c == "preorder" || c == "backorder"),
                "{:?}", v
            );
            prop_assert_eq!(
                matches!(got, Some(("in_stock" | "out_of_stock", _))),
                one_of(old.unwrap_or(v.trim()), &["in_stock", "out_of_stock"]),
                "{:?}", v
            );
        }
    }
}
