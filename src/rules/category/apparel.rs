//! Apparel & Fashion validator (FL-K1xx): color, size, gender, age_group, size_system,
//! size_type, material, pattern (GMC 6324487, 6324492, 6324479, 6324463, 6324502, 6324497,
//! 6324410, 6324483). Required attributes apply to Apparel & Accessories (166) products;
//! size only to clothing and shoes. No I/O.

use crate::model::Trim;
use std::sync::LazyLock;

use crate::catalog::Category;
use crate::model::{Group, Product, RuleKind, Severity};
use crate::rules::util::{PhraseSet, blank, chars_over, contains_ascii_ci, one_of, text};
use crate::rules::{Applies, BASE, Hit, Rule};

use crate::catalog::fields::{
    AGE_GROUP_VALUES as AGE_GROUPS, COLOR_MAX, COLOR_PART_MAX, COLORS_MAX,
    GENDER_VALUES as GENDERS, MATERIAL_MAX, PATTERN_MAX, SIZE_MAX,
    SIZE_SYSTEM_VALUES as SIZE_SYSTEMS, SIZE_TYPE_VALUES as SIZE_TYPES,
};

/// Apparel sub-categories that need no size (GMC 6324492: size for Clothing 1604 and Shoes 187).
const SIZELESS: &[&str] = &[
    "jewelry",
    "handbags",
    "wallets",
    "clothing accessories",
    "shoe accessories",
    "handbag & wallet accessories",
    "costumes & accessories",
];
const SIZELESS_IDS: &[&str] = &["188", "6551", "167", "5181", "184"];

static WOMEN: LazyLock<PhraseSet> =
    LazyLock::new(|| PhraseSet::new(&["women's", "womens", "women", "ladies", "ladies'", "woman"]));
static MEN: LazyLock<PhraseSet> =
    LazyLock::new(|| PhraseSet::new(&["men's", "mens", "men", "man's"]));
static CHILD: LazyLock<PhraseSet> = LazyLock::new(|| {
    PhraseSet::new(&[
        "baby",
        "babies",
        "toddler",
        "kids",
        "kid's",
        "children's",
        "child",
        "infant",
        "newborn",
    ])
});

fn needs_size(p: &Product) -> bool {
    let mpc = p
        .get("market_product_category")
        .unwrap_or("")
        .to_ascii_lowercase();
    !SIZELESS.iter().any(|s| mpc.contains(s)) && !SIZELESS_IDS.contains(&mpc.trim_fast())
}

/// What is wrong with a color value, if anything. Compared ASCII-case-insensitively and split
/// on the fly: a lower-cased copy and a vector of the parts were two allocations for every
/// product with a color (with the gender check's below, `apparel::RULES::batch` 10.07M ->
/// 9.46M instructions over 20k bench rows; docs/performance.md, "Apparel and automotive checks
/// without copies").
fn color_problem(v: &str) -> Option<String> {
    let t = v.trim_fast();
    if contains_ascii_ci(t, "see image")
        || contains_ascii_ci(t, "multicolor see")
        || t.eq_ignore_ascii_case("n/a")
        || t.eq_ignore_ascii_case("none")
    {
        return Some(format!("color \"{v}\" is a placeholder"));
    }
    if t.starts_with('#') || t.bytes().any(|b| b.is_ascii_digit()) {
        return Some(format!("color \"{v}\" contains a number or hex code"));
    }
    let colors = v.split('/').count();
    if colors > COLORS_MAX {
        return Some(format!(
            "color \"{v}\" names {colors} colours; at most {COLORS_MAX} are allowed"
        ));
    }
    if chars_over(v, COLOR_MAX).is_some()
        || v.split('/')
            .any(|c| chars_over(c.trim_fast(), COLOR_PART_MAX).is_some())
    {
        return Some(format!(
            "color \"{v}\" is too long (40 per colour, 100 in total)"
        ));
    }
    None
}

const APPAREL: Option<Category> = Some(Category::Apparel);

pub(crate) const RULES: &[Rule] = &[
    Rule {
        code: "FL-K101",
        name: "apparel-color-missing",
        group: Group::Category,
        severity: Severity::High,
        category: APPAREL,
        applies: Applies::InCategory,
        fields: &["color"],
        what: "That an apparel product has a color (GMC 6324487: required for Apparel & Accessories in free listings everywhere and Shopping ads in BR, FR, DE, JP, UK, US).",
        why: "Apparel without color is disapproved in those countries, and shoppers filter by colour.",
        example: "A dress with no `color`.",
        fix: "Add the colour as the brand names it in plain words (`Navy`, `Black/Red`).",
        check: product_check!(|p, _, out| {
            if blank(p, "color") {
                out.push(Hit {
                    field: "color",
                    message: "apparel product has no color".into(),
                });
            }
        }),
        pass: &[
            (
                "market_product_category",
                "Apparel & Accessories > Clothing",
            ),
            ("color", "Navy"),
        ],
        fail: &[(
            "market_product_category",
            "Apparel & Accessories > Clothing",
        )],
        ..BASE
    },
    Rule {
        code: "FL-K102",
        name: "apparel-color-format",
        group: Group::Category,
        category: APPAREL,
        fields: &["color"],
        what: "That color is plain colour words: no digits or hex codes, no \"see image\", at most 3 colours joined by `/`, at most 40 characters per colour and 100 in total (GMC 6324487).",
        why: "Codes and placeholders are disapproved and cannot be used in colour filters.",
        example: "`color=\"#FF0000\"`, `color=\"Red/Blue/Green/Yellow\"`.",
        fix: "Write `Red`, or up to three colours `Black/Red/White` with the main colour first.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "color") {
                if let Some(m) = color_problem(v) {
                    out.push(Hit {
                        field: "color",
                        message: m,
                    });
                }
            }
        }),
        pass: &[("color", "Black/Red/White")],
        fail: &[("color", "#FF0000")],
        ..BASE
    },
    Rule {
        code: "FL-K103",
        name: "apparel-size-missing",
        group: Group::Category,
        severity: Severity::High,
        category: APPAREL,
        applies: Applies::InCategory,
        fields: &["size", "market_product_category"],
        what: "That clothing and shoes have a size (GMC 6324492: Clothing 1604 and Shoes 187). Jewellery, handbags, wallets and other accessories are exempt.",
        why: "Clothing and shoes without size are disapproved in the listed countries; size is the first filter shoppers use.",
        example: "Jeans without `size`.",
        fix: "Add the size as shown on the landing page (`M`, `8 Tall`, `42`).",
        check: product_check!(|p, _, out| {
            if blank(p, "size") && needs_size(p) {
                out.push(Hit {
                    field: "size",
                    message: "clothing or shoe product has no size".into(),
                });
            }
        }),
        pass: &[("market_product_category", "Apparel & Accessories > Jewelry")],
        fail: &[(
            "market_product_category",
            "Apparel & Accessories > Clothing > Pants",
        )],
        ..BASE
    },
    Rule {
        code: "FL-K104",
        name: "apparel-size-too-long",
        group: Group::Category,
        severity: Severity::Low,
        category: APPAREL,
        fields: &["size"],
        what: "That size has at most 100 characters (GMC 6324492).",
        why: "Longer values are rejected; they are usually a size chart pasted into the attribute.",
        example: "`size=\"S (chest 86-91 cm), M (chest 96-101 cm), ...\"`.",
        fix: "Give the one size of this variant; one product per size.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "size") {
                if let Some(n) = chars_over(v, SIZE_MAX) {
                    out.push(Hit {
                        field: "size",
                        message: format!("size has {n} characters; at most {SIZE_MAX} are allowed"),
                    });
                }
            }
        }),
        pass: &[("size", "8 Tall")],
        fail: &[("size#15", "S, M, L, XL, ")],
        ..BASE
    },
    Rule {
        code: "FL-K105",
        name: "apparel-gender-missing",
        group: Group::Category,
        severity: Severity::High,
        category: APPAREL,
        applies: Applies::InCategory,
        fields: &["gender"],
        what: "That an apparel product has a gender (GMC 6324479, same countries as color).",
        why: "Apparel without gender is disapproved there and misses gender-filtered searches.",
        example: "A T-shirt without `gender`.",
        fix: "Add `male`, `female` or `unisex`.",
        check: product_check!(|p, _, out| {
            if blank(p, "gender") {
                out.push(Hit {
                    field: "gender",
                    message: "apparel product has no gender".into(),
                });
            }
        }),
        pass: &[("market_product_category", "166"), ("gender", "unisex")],
        fail: &[("market_product_category", "166")],
        ..BASE
    },
    Rule {
        code: "FL-K106",
        name: "apparel-gender-invalid",
        group: Group::Category,
        severity: Severity::High,
        category: APPAREL,
        fields: &["gender"],
        what: "That gender is `male`, `female` or `unisex` (case-insensitive; GMC 6324479).",
        why: "Other values are invalid and the product is disapproved where gender is required.",
        example: "`gender=\"women\"`, `gender=\"M\"`.",
        fix: "Map to `male`, `female` or `unisex`.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "gender") {
                if !one_of(v, GENDERS) {
                    out.push(Hit {
                        field: "gender",
                        message: format!("gender \"{v}\" is not male, female or unisex"),
                    });
                }
            }
        }),
        pass: &[("gender", "Female")],
        fail: &[("gender", "women")],
        ..BASE
    },
    Rule {
        code: "FL-K107",
        name: "apparel-age-group-missing",
        group: Group::Category,
        severity: Severity::High,
        category: APPAREL,
        applies: Applies::InCategory,
        fields: &["age_group"],
        what: "That an apparel product has an age_group (GMC 6324463).",
        why: "Apparel without age_group is disapproved in the listed countries, and adult and children's sizes get mixed up.",
        example: "Trainers without `age_group`.",
        fix: "Add `newborn`, `infant`, `toddler`, `kids` or `adult`.",
        check: product_check!(|p, _, out| {
            if blank(p, "age_group") {
                out.push(Hit {
                    field: "age_group",
                    message: "apparel product has no age_group".into(),
                });
            }
        }),
        pass: &[("market_product_category", "166"), ("age_group", "adult")],
        fail: &[("market_product_category", "166")],
        ..BASE
    },
    Rule {
        code: "FL-K108",
        name: "apparel-age-group-invalid",
        group: Group::Category,
        severity: Severity::High,
        category: APPAREL,
        fields: &["age_group"],
        what: "That age_group is `newborn` (0–3 months), `infant` (3–12 months), `toddler` (1–5 years), `kids` (5–13 years) or `adult` (GMC 6324463).",
        why: "Any other value is invalid and the product is disapproved where age_group is required.",
        example: "`age_group=\"adultx\"`, `age_group=\"teen\"`.",
        fix: "Use one of the five values.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "age_group") {
                if !one_of(v, AGE_GROUPS) {
                    out.push(Hit {
                        field: "age_group",
                        message: format!(
                            "age_group \"{v}\" is not newborn, infant, toddler, kids or adult"
                        ),
                    });
                }
            }
        }),
        pass: &[("age_group", "Adult")],
        fail: &[("age_group", "adultx")],
        ..BASE
    },
    Rule {
        code: "FL-K109",
        name: "apparel-size-system-invalid",
        group: Group::Category,
        category: APPAREL,
        fields: &["size_system"],
        what: "That size_system is one of AU, BR, CN, DE, EU, FR, IT, JP, MEX, UK, US (GMC 6324502).",
        why: "Other values are ignored and sizes are interpreted in the target country's system, which can be wrong.",
        example: "`size_system=\"European\"`.",
        fix: "Use the code: `EU`.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "size_system") {
                if !one_of(v, SIZE_SYSTEMS) {
                    out.push(Hit {
                        field: "size_system",
                        message: format!(
                            "size_system \"{v}\" is not one of {}",
                            SIZE_SYSTEMS.join(", ")
                        ),
                    });
                }
            }
        }),
        pass: &[("size_system", "EU")],
        fail: &[("size_system", "European")],
        ..BASE
    },
    Rule {
        code: "FL-K110",
        name: "apparel-size-type-invalid",
        group: Group::Category,
        category: APPAREL,
        fields: &["size_type"],
        what: "That size_type has at most two values from regular, petite, plus, tall, big, maternity (GMC 6324497).",
        why: "Invalid size types are ignored, so the product misses searches like \"petite jeans\".",
        example: "`size_type=\"slim\"`.",
        fix: "Use the documented values; describe the fit in the title instead.",
        check: product_check!(|p, _, out| {
            let values = p.values("size_type");
            if values.len() > 2 {
                out.push(Hit {
                    field: "size_type",
                    message: format!("{} size_type values; at most 2 are allowed", values.len()),
                });
            }
            if let Some(v) = values
                .iter()
                .find(|v| !v.trim_fast().is_empty() && !one_of(v, SIZE_TYPES))
            {
                out.push(Hit {
                    field: "size_type",
                    message: format!(
                        "size_type \"{v}\" is not regular, petite, plus, tall, big or maternity"
                    ),
                });
            }
        }),
        pass: &[("size_type", "petite")],
        fail: &[("size_type", "slim")],
        ..BASE
    },
    Rule {
        code: "FL-K111",
        name: "apparel-material-too-long",
        group: Group::Category,
        severity: Severity::Low,
        category: APPAREL,
        fields: &["material"],
        what: "That material has at most 200 characters (GMC 6324410).",
        why: "Longer values are rejected and the variant loses the attribute that distinguishes it.",
        example: "A full care label pasted into material.",
        fix: "Name the main materials: `cotton/elastane`.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "material") {
                if let Some(n) = chars_over(v, MATERIAL_MAX) {
                    out.push(Hit {
                        field: "material",
                        message: format!(
                            "material has {n} characters; at most {MATERIAL_MAX} are allowed"
                        ),
                    });
                }
            }
        }),
        pass: &[("material", "leather")],
        fail: &[("material#30", "cotton 95% ")],
        ..BASE
    },
    Rule {
        code: "FL-K112",
        name: "apparel-pattern-too-long",
        group: Group::Category,
        severity: Severity::Low,
        category: APPAREL,
        fields: &["pattern"],
        what: "That pattern has at most 100 characters (GMC 6324483).",
        why: "Longer values are rejected.",
        example: "A pattern attribute holding a description of the print.",
        fix: "Name the pattern: `striped`, `polka dot`.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "pattern") {
                if let Some(n) = chars_over(v, PATTERN_MAX) {
                    out.push(Hit {
                        field: "pattern",
                        message: format!(
                            "pattern has {n} characters; at most {PATTERN_MAX} are allowed"
                        ),
                    });
                }
            }
        }),
        pass: &[("pattern", "striped")],
        fail: &[("pattern#12", "polka dots ")],
        ..BASE
    },
    Rule {
        code: "FL-K113",
        name: "apparel-gender-contradicts-title",
        group: Group::Category,
        category: APPAREL,
        applies: Applies::InCategory,
        kind: RuleKind::Performance,
        fields: &["gender", "title"],
        what: "That gender agrees with the title: a title for women or ladies with gender `male`, or for men with gender `female`, is flagged.",
        why: "A contradiction sends the product to the wrong gender filter, where it does not sell.",
        example: "`title=\"Ladies Cycle Jersey\"` with `gender=\"male\"`.",
        fix: "Correct gender (or the title).",
        check: product_check!(|p, ctx, out| {
            let (Some(_), Some(g)) = (text(p, "title"), text(p, "gender")) else {
                return;
            };
            let t = ctx.lowered.title();
            // Compared without a lower-cased copy (an allocation per product with a gender);
            // the message names the value lower-cased, which is then the word compared.
            let g = g.trim_fast();
            let contradicted = if g.eq_ignore_ascii_case("male") {
                WOMEN.find_lowered(t).is_some().then_some("male")
            } else if g.eq_ignore_ascii_case("female") {
                (MEN.find_lowered(t).is_some() && WOMEN.find_lowered(t).is_none())
                    .then_some("female")
            } else {
                None
            };
            if let Some(g) = contradicted {
                out.push(Hit {
                    field: "gender",
                    message: ["gender is ", g, " but the title suggests otherwise"].concat(),
                });
            }
        }),
        pass: &[
            ("market_product_category", "166"),
            ("title", "Tenn Cool Flow Ladies Long Sleeved Cycle Jersey"),
            ("gender", "Female"),
        ],
        fail: &[
            ("market_product_category", "166"),
            ("title", "Tenn Cool Flow Ladies Long Sleeved Cycle Jersey"),
            ("gender", "male"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-K114",
        name: "apparel-age-group-contradicts-title",
        group: Group::Category,
        category: APPAREL,
        applies: Applies::InCategory,
        kind: RuleKind::Performance,
        fields: &["age_group", "title"],
        what: "That a title for babies, toddlers or kids does not come with age_group `adult`.",
        why: "Children's products marked adult are shown with adult sizes and filtered out of children's searches.",
        example: "`title=\"Kids Rain Jacket\"` with `age_group=\"adult\"`.",
        fix: "Set the matching age_group (`kids`, `toddler`, `infant`, `newborn`).",
        check: product_check!(|p, ctx, out| {
            let (Some(_), Some(a)) = (text(p, "title"), text(p, "age_group")) else {
                return;
            };
            if a.trim_fast().eq_ignore_ascii_case("adult") {
                if let Some(w) = CHILD.find_lowered(ctx.lowered.title()) {
                    out.push(Hit {
                        field: "age_group",
                        message: format!("age_group is adult but the title says \"{w}\""),
                    });
                }
            }
        }),
        pass: &[
            ("market_product_category", "166"),
            ("title", "Kids Rain Jacket with Hood"),
            ("age_group", "kids"),
        ],
        fail: &[
            ("market_product_category", "166"),
            ("title", "Kids Rain Jacket with Hood"),
            ("age_group", "adult"),
        ],
        ..BASE
    },
];

#[cfg(test)]
mod color_props {
    use super::{COLOR_MAX, COLOR_PART_MAX, COLORS_MAX, chars_over, color_problem};
    use crate::model::Trim;
    use proptest::prelude::*;

    /// `color_problem` as it was, with a lower-cased copy and a vector of the parts.
    fn reference(v: &str) -> Option<String> {
        let l = v.trim_fast().to_ascii_lowercase();
        if l.contains("see image") || l.contains("multicolor see") || l == "n/a" || l == "none" {
            return Some(format!("color \"{v}\" is a placeholder"));
        }
        if l.starts_with('#') || l.bytes().any(|b| b.is_ascii_digit()) {
            return Some(format!("color \"{v}\" contains a number or hex code"));
        }
        let parts: Vec<&str> = v.split('/').collect();
        if parts.len() > COLORS_MAX {
            return Some(format!(
                "color \"{v}\" names {} colours; at most {COLORS_MAX} are allowed",
                parts.len()
            ));
        }
        if chars_over(v, COLOR_MAX).is_some()
            || parts
                .iter()
                .any(|c| chars_over(c.trim_fast(), COLOR_PART_MAX).is_some())
        {
            return Some(format!(
                "color \"{v}\" is too long (40 per colour, 100 in total)"
            ));
        }
        None
    }

    proptest! {
        /// The same answer as the lower-casing version, on placeholders in any case, digits,
        /// hex codes, several and long colours, and non-ASCII letters.
        #[test]
        fn color_problem_answers_as_before(
            v in "( |/|#|[0-9]|[Nn]/[Aa]|[Nn][Oo][Nn][Ee]|[Ss][Ee][Ee] [Ii][Mm][Aa][Gg][Ee]|[Mm]ulticolor [Ss]ee|Red|BLUE|é|ß|[a-z]{10,45}){0,8}"
        ) {
            prop_assert_eq!(color_problem(&v), reference(&v));
        }
    }
}
