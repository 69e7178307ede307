//! Automotive validator (FL-K4xx): part numbers, fitment information, weights and dimensions
//! of bulky parts, and remanufactured parts' condition. GTIN presence (critical for the
//! category, spec 2.5) is FL-K006. No I/O.

use crate::model::Trim;
use std::sync::LazyLock;

use crate::catalog::Category;
use crate::model::{Group, RuleKind, Severity};
use crate::rules::util::{PhraseSet, blank, measure, text, title_and_description};
use crate::rules::{Applies, BASE, Hit, Rule};

static FITMENT: LazyLock<PhraseSet> = LazyLock::new(|| {
    PhraseSet::new(&[
        "fits",
        "fit for",
        "compatible",
        "compatibility",
        "for models",
        "fitment",
        "oem",
        "replaces",
        "vin",
    ])
});
static REMANUFACTURED: LazyLock<PhraseSet> = LazyLock::new(|| {
    PhraseSet::new(&[
        "remanufactured",
        "reman",
        "rebuilt",
        "core charge",
        "salvage",
        "pulled from",
    ])
});

const AUTO: Option<Category> = Some(Category::Automotive);

/// Parts above this weight are bulky: carriers price them by dimensions.
const BULKY_KG: f64 = 30.0;

fn kg(v: &str) -> Option<f64> {
    let n = measure(v, &["lb", "oz", "g", "kg"])?;
    // The unit compared ASCII-case-insensitively, without a lower-cased copy.
    let b = v.as_bytes();
    let unit =
        |u: &str| b.len() >= u.len() && b[b.len() - u.len()..].eq_ignore_ascii_case(u.as_bytes());
    Some(if unit("kg") {
        n
    } else if unit("lb") {
        n * 0.453_592
    } else if unit("oz") {
        n * 0.028_349_5
    } else {
        n / 1000.0
    })
}

pub(crate) const RULES: &[Rule] = &[
    Rule {
        code: "FL-K401",
        name: "automotive-mpn-missing",
        group: Group::Category,
        category: AUTO,
        applies: Applies::InCategory,
        kind: RuleKind::Performance,
        fields: &["mpn"],
        what: "That a vehicle part has an mpn.",
        why: "Parts are identified and searched by part number far more than by GTIN; without it buyers cannot confirm they have the right part.",
        example: "A brake pad set with brand and gtin but no mpn.",
        fix: "Add the manufacturer part number (OEM or aftermarket).",
        check: product_check!(|p, _, out| {
            if blank(p, "mpn") {
                out.push(Hit {
                    field: "mpn",
                    message: "vehicle part has no mpn".into(),
                });
            }
        }),
        pass: &[("market_product_category", "888"), ("mpn", "BP-1234")],
        fail: &[("market_product_category", "888")],
        ..BASE
    },
    Rule {
        code: "FL-K402",
        name: "automotive-fitment-missing",
        group: Group::Category,
        severity: Severity::Low,
        category: AUTO,
        applies: Applies::InCategory,
        kind: RuleKind::Performance,
        fields: &["description", "product_detail"],
        what: "That the description or product_detail of a vehicle part says what it fits (\"fits\", \"compatible\", \"OEM\", \"replaces\"...).",
        why: "Fitment is the first question of every parts buyer; listings without it get clicks that do not convert and returns.",
        example: "`description=\"High quality brake pads.\"`.",
        fix: "State the makes, models and years the part fits, or the OEM numbers it replaces.",
        check: product_check!(|p, ctx, out| {
            let details = p.values("product_detail");
            let fitment = if details.is_empty() {
                // Without product_detail the text searched is the title and the description
                // joined by a space and lower-cased: the rule context's `lowered.joined()`,
                // searched as it is instead of copied and lower-cased again into the thread's
                // buffer by `find_joined` (~430 bytes a bench vehicle part). Callgrind, 20k bench
                // rows: `automotive::RULES::batch` 10.13M -> 8.10M instructions (-610 a part).
                FITMENT.find_lowered(ctx.lowered.joined())
            } else {
                // On the stack up to four parts (title, description, two product_detail
                // values): a vector was an allocation for every vehicle part (with `kg` in
                // place, `automotive::RULES::batch` 10.14M -> 10.02M instructions over 20k
                // bench rows).
                let mut parts: smallvec::SmallVec<[&str; 4]> =
                    title_and_description(p).into_iter().collect();
                parts.extend(details.iter().map(String::as_str));
                FITMENT.find_joined(&parts)
            };
            if fitment.is_none() {
                out.push(Hit {
                    field: "description",
                    message: "vehicle part does not say what it fits".into(),
                });
            }
        }),
        pass: &[
            ("market_product_category", "888"),
            (
                "description",
                "Front brake pads, fits VW Golf VII 2013-2020.",
            ),
        ],
        fail: &[
            ("market_product_category", "888"),
            ("description", "High quality front brake pads."),
        ],
        ..BASE
    },
    Rule {
        code: "FL-K403",
        name: "automotive-shipping-weight-missing",
        group: Group::Category,
        severity: Severity::Low,
        category: AUTO,
        applies: Applies::InCategory,
        kind: RuleKind::Performance,
        fields: &["shipping_weight"],
        what: "That a vehicle part has a shipping_weight.",
        why: "Parts range from spark plugs to gearboxes; without a weight, carrier-calculated shipping cannot quote them and flat rates over- or under-charge.",
        example: "An alternator without shipping_weight.",
        fix: "Add `shipping_weight` (e.g. `6.5 kg`).",
        check: product_check!(|p, _, out| {
            if blank(p, "shipping_weight") {
                out.push(Hit {
                    field: "shipping_weight",
                    message: "vehicle part has no shipping_weight".into(),
                });
            }
        }),
        pass: &[
            ("market_product_category", "888"),
            ("shipping_weight", "6.5 kg"),
        ],
        fail: &[("market_product_category", "888")],
        ..BASE
    },
    Rule {
        code: "FL-K404",
        name: "automotive-bulky-without-dimensions",
        group: Group::Category,
        severity: Severity::Low,
        category: AUTO,
        applies: Applies::InCategory,
        kind: RuleKind::Performance,
        fields: &[
            "shipping_weight",
            "shipping_length",
            "shipping_width",
            "shipping_height",
        ],
        what: "That a vehicle part heavier than 30 kg has shipping_length, shipping_width and shipping_height.",
        why: "Carriers price bulky parts by dimensional weight; without dimensions the shipping cost shown is wrong.",
        example: "`shipping_weight=\"45 kg\"` and no dimensions.",
        fix: "Add the packed dimensions (`120 cm`...).",
        check: product_check!(|p, _, out| {
            if text(p, "shipping_weight")
                .and_then(kg)
                .is_some_and(|w| w > BULKY_KG)
                && ["shipping_length", "shipping_width", "shipping_height"]
                    .iter()
                    .any(|f| blank(p, f))
            {
                out.push(Hit {
                    field: "shipping_length",
                    message: "bulky vehicle part has no shipping dimensions".into(),
                });
            }
        }),
        pass: &[
            ("market_product_category", "888"),
            ("shipping_weight", "45 kg"),
            ("shipping_length", "120 cm"),
            ("shipping_width", "60 cm"),
            ("shipping_height", "40 cm"),
        ],
        fail: &[
            ("market_product_category", "888"),
            ("shipping_weight", "45 kg"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-K405",
        name: "automotive-remanufactured-condition",
        group: Group::Category,
        severity: Severity::High,
        category: AUTO,
        applies: Applies::InCategory,
        fields: &["title", "description", "condition"],
        what: "That a part described as remanufactured, rebuilt, salvage or with a core charge is not declared new (or left without condition).",
        why: "Remanufactured and used parts sold as new are misrepresentation and are disapproved.",
        example: "`title=\"Remanufactured Alternator 120A\"` with `condition=new`.",
        fix: "Set `condition=refurbished` for remanufactured parts and `used` for used ones.",
        check: product_check!(|p, ctx, out| {
            let new = p
                .get_nonblank("condition")
                .is_none_or(|c| c.trim_fast().eq_ignore_ascii_case("new"));
            if new {
                if let Some(w) = REMANUFACTURED.find_lowered(ctx.lowered.joined()) {
                    out.push(Hit {
                        field: "condition",
                        message: format!("part is described as \"{w}\" but condition is new"),
                    });
                }
            }
        }),
        pass: &[
            ("market_product_category", "888"),
            ("title", "Remanufactured Alternator 120A"),
            ("condition", "refurbished"),
        ],
        fail: &[
            ("market_product_category", "888"),
            ("title", "Remanufactured Alternator 120A"),
            ("condition", "new"),
        ],
        ..BASE
    },
];

#[cfg(test)]
mod kg_props {
    use super::kg;
    use crate::rules::util::measure;
    use proptest::prelude::*;

    /// `kg` as it was, with a lower-cased copy of the value.
    fn reference(v: &str) -> Option<f64> {
        let n = measure(v, &["lb", "oz", "g", "kg"])?;
        let l = v.to_ascii_lowercase();
        Some(if l.ends_with("kg") {
            n
        } else if l.ends_with("lb") {
            n * 0.453_592
        } else if l.ends_with("oz") {
            n * 0.028_349_5
        } else {
            n / 1000.0
        })
    }

    proptest! {
        /// The same weight as the lower-casing version, units in any case.
        #[test]
        fn kg_answers_as_before(v in "[0-9]{1,3}(\\.[0-9])?( )?([kK][gG]|[lL][bB]|[oO][zZ]|[gG]|x)?( )?") {
            prop_assert_eq!(kg(&v), reference(&v));
        }
    }
}

#[cfg(test)]
mod fitment_tests {
    use super::FITMENT;
    use crate::rules::util::title_and_description;
    use crate::rules::{RuleCtx, product_from_pairs};

    /// Without product_detail, the context's lowered text gives what the joined search of the
    /// title and description gave (FL-K402 searches the one or the other).
    #[test]
    fn lowered_text_answers_as_the_joined_search() {
        let cases: &[&[(&str, &str)]] = &[
            &[
                ("title", "Brake Pads"),
                ("description", "Fits VW Golf VII."),
            ],
            &[("title", "OEM Brake Pads"), ("description", "")],
            &[("title", "Brake"), ("description", "Pads FIT FOR Golf")],
            &[("description", "no fitment here? Fitment: Golf")],
            &[("title", "Brake Pads Fits"), ("description", "vinyl cover")],
            &[("title", "Pads")],
            &[],
        ];
        for pairs in cases {
            let p = product_from_pairs(pairs);
            let ctx = RuleCtx::for_product(&p, None);
            assert!(p.values("product_detail").is_empty());
            assert_eq!(
                FITMENT.find_lowered(ctx.lowered.joined()),
                FITMENT.find_joined(&title_and_description(&p)),
                "{pairs:?}"
            );
        }
    }
}
