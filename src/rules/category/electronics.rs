//! Electronics validator (FL-K2xx): energy efficiency classes, certification, refurbished
//! wording, part numbers and model numbers (Merchant API EnergyEfficiencyClass, EU 2017/1369;
//! shoptimizer condition-optimizer). GTIN presence is FL-K006; GTIN validity is `src/gtin`.

use crate::model::Trim;
use std::sync::LazyLock;

use crate::catalog::Category;
use crate::model::{Group, RuleKind, Severity};
use crate::rules::util::{PhraseSet, blank, text};
use crate::rules::{Applies, BASE, Hit, Rule};

/// Energy efficiency classes, best first (GMC energy_efficiency_class).
use crate::catalog::fields::ENERGY_CLASS_VALUES as ENERGY_CLASSES;

static REFURBISHED: LazyLock<PhraseSet> = LazyLock::new(|| {
    PhraseSet::new(&[
        "refurbished",
        "refurb",
        "renewed",
        "reconditioned",
        "open box",
        "open-box",
        "ex-demo",
    ])
});

fn class_rank(v: &str) -> Option<usize> {
    let v = v.trim_fast();
    ENERGY_CLASSES
        .iter()
        .position(|c| c.eq_ignore_ascii_case(v))
}

const ELECTRONICS: Option<Category> = Some(Category::Electronics);

pub(crate) const RULES: &[Rule] = &[
    Rule {
        code: "FL-K201",
        name: "energy-efficiency-class-invalid",
        group: Group::Category,
        category: ELECTRONICS,
        fields: &[
            "energy_efficiency_class",
            "min_energy_efficiency_class",
            "max_energy_efficiency_class",
        ],
        what: "That energy_efficiency_class and its min/max companions are one of A+++, A++, A+, A, B, C, D, E, F, G.",
        why: "Energy labels are required by law for many appliances and displays in the EU, UK and Switzerland; an invalid class is rejected and the label is not shown.",
        example: "`energy_efficiency_class=\"A+++ (2019)\"`.",
        fix: "Give the class letter from the product's energy label.",
        check: product_check!(|p, _, out| {
            for field in [
                "energy_efficiency_class",
                "min_energy_efficiency_class",
                "max_energy_efficiency_class",
            ] {
                if let Some(v) = text(p, field) {
                    if class_rank(v).is_none() {
                        out.push(Hit {
                            field,
                            message: format!("{field} \"{v}\" is not a class from A+++ to G"),
                        });
                    }
                }
            }
        }),
        pass: &[("energy_efficiency_class", "A++")],
        fail: &[("energy_efficiency_class", "A+++ (2019)")],
        ..BASE
    },
    Rule {
        code: "FL-K202",
        name: "energy-efficiency-class-out-of-range",
        group: Group::Category,
        severity: Severity::Low,
        category: ELECTRONICS,
        fields: &[
            "energy_efficiency_class",
            "min_energy_efficiency_class",
            "max_energy_efficiency_class",
        ],
        what: "That min_energy_efficiency_class is not better than max_energy_efficiency_class's opposite end, i.e. the scale runs from max (best, e.g. A+++) to min (worst, e.g. D), and the product's class lies inside it.",
        why: "An inverted scale or a class outside it produces a wrong energy label, which is a legal problem in the EU.",
        example: "`min_energy_efficiency_class=\"A+++\"`, `max_energy_efficiency_class=\"D\"`.",
        fix: "Set max to the best class of the scale and min to the worst, as printed on the label.",
        check: product_check!(|p, _, out| {
            let rank = |f| text(p, f).and_then(class_rank);
            if let (Some(min), Some(max)) = (
                rank("min_energy_efficiency_class"),
                rank("max_energy_efficiency_class"),
            ) {
                if max > min {
                    out.push(Hit {
                        field: "max_energy_efficiency_class",
                        message:
                            "max_energy_efficiency_class is worse than min_energy_efficiency_class"
                                .into(),
                    });
                } else if let Some(c) = rank("energy_efficiency_class") {
                    if c < max || c > min {
                        out.push(Hit {
                            field: "energy_efficiency_class",
                            message: "energy_efficiency_class lies outside the min–max scale"
                                .into(),
                        });
                    }
                }
            }
        }),
        pass: &[
            ("energy_efficiency_class", "B"),
            ("min_energy_efficiency_class", "G"),
            ("max_energy_efficiency_class", "A"),
        ],
        fail: &[
            ("min_energy_efficiency_class", "A+++"),
            ("max_energy_efficiency_class", "D"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-K203",
        name: "refurbished-title-condition-new",
        group: Group::Category,
        severity: Severity::High,
        category: ELECTRONICS,
        applies: Applies::InCategory,
        fields: &["title", "condition"],
        what: "That an electronics product whose title says refurbished, renewed, reconditioned, open box or ex-demo is not declared `condition=new` (or left without condition).",
        why: "Selling refurbished electronics as new is misrepresentation; GMC disapproves the product (shoptimizer condition-optimizer).",
        example: "`title=\"Apple iPhone 12 64GB Renewed\"` with `condition=new`.",
        fix: "Set `condition=refurbished` (or `used`).",
        check: product_check!(|p, ctx, out| {
            let new = p
                .get_nonblank("condition")
                .is_none_or(|c| c.trim_fast().eq_ignore_ascii_case("new"));
            if new && text(p, "title").is_some() {
                if let Some(w) = REFURBISHED.find_lowered(ctx.lowered.title()) {
                    out.push(Hit {
                        field: "condition",
                        message: format!("title says \"{w}\" but condition is new"),
                    });
                }
            }
        }),
        pass: &[
            ("market_product_category", "222"),
            ("title", "Acme Phone X 64GB Renewed"),
            ("condition", "refurbished"),
        ],
        fail: &[
            ("market_product_category", "222"),
            ("title", "Acme Phone X 64GB Renewed"),
            ("condition", "new"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-K204",
        name: "electronics-mpn-missing",
        group: Group::Category,
        severity: Severity::Low,
        kind: RuleKind::Performance,
        category: ELECTRONICS,
        applies: Applies::InCategory,
        fields: &["mpn"],
        what: "That an electronics product has an mpn (recommended for electronics in addition to GTIN).",
        why: "Shoppers search electronics by model number; the MPN also disambiguates regional variants that share a brand.",
        example: "A TV with gtin and brand but no mpn.",
        fix: "Add the manufacturer's model/part number (e.g. `22LB4510/US`).",
        check: product_check!(|p, _, out| {
            if blank(p, "mpn") {
                out.push(Hit {
                    field: "mpn",
                    message: "electronics product has no mpn".into(),
                });
            }
        }),
        pass: &[("market_product_category", "222"), ("mpn", "22LB4510/US")],
        fail: &[("market_product_category", "222")],
        ..BASE
    },
    Rule {
        code: "FL-K205",
        name: "certification-invalid",
        group: Group::Category,
        severity: Severity::Low,
        category: ELECTRONICS,
        fields: &["certification"],
        what: "That each certification value has the form `authority:name:code` (e.g. `EC:EPREL:123456`).",
        why: "The EU energy label is linked through the EPREL certification; a malformed value is ignored and the label cannot be shown.",
        example: "`certification=\"EPREL 123456\"`.",
        fix: "Write `EC:EPREL:<registration number>`.",
        check: product_check!(|p, _, out| {
            for v in p.values("certification") {
                let parts: Vec<&str> = v.split(':').map(str::trim).collect();
                if !v.trim_fast().is_empty()
                    && (parts.len() != 3 || parts.iter().any(|s| s.is_empty()))
                {
                    out.push(Hit {
                        field: "certification",
                        message: format!("certification \"{v}\" is not authority:name:code"),
                    });
                }
            }
        }),
        pass: &[("certification", "EC:EPREL:123456")],
        fail: &[("certification", "EPREL 123456")],
        ..BASE
    },
    Rule {
        code: "FL-K206",
        name: "electronics-title-without-model",
        group: Group::Category,
        severity: Severity::Low,
        kind: RuleKind::Performance,
        category: ELECTRONICS,
        applies: Applies::InCategory,
        fields: &["title"],
        what: "That an electronics title contains at least one digit (a model number, capacity or size).",
        why: "Electronics are compared by model and specification; titles without them match few of the searches that convert.",
        example: "`title=\"Acme Smart Television with Remote\"`.",
        fix: "Add the model number and the key specification (`55\"`, `128GB`).",
        check: product_check!(|p, _, out| {
            if let Some(t) = text(p, "title") {
                if !t.bytes().any(|b| b.is_ascii_digit()) {
                    out.push(Hit {
                        field: "title",
                        message: "electronics title has no model number or specification".into(),
                    });
                }
            }
        }),
        pass: &[
            ("market_product_category", "222"),
            ("title", "LG 22LB4510 22\" LED TV"),
        ],
        fail: &[
            ("market_product_category", "222"),
            ("title", "Acme Smart Television with Remote"),
        ],
        ..BASE
    },
];
