//! Pricing rules (`FL-P`): price, sale price and its dates, shipping cost entries, tax, unit
//! pricing and cost of goods (GMC 6324371, 6324471, 6324460, 6324484, 6324454, 6324455).
//!
//! Prices are parsed only by `model::parse_price` (done once per product in `RuleCtx`). No I/O.

use crate::model::Trim;
use std::sync::LazyLock;

use super::util::{PhraseSet, blank, iso_minutes, one_of, text};
use super::{BASE, Hit, Rule, Sink};
use crate::model::Product;
use crate::model::{Group, RuleKind, Severity, parse_price};

/// Units of unit_pricing_measure (GMC 6324455†).
const UNIT_PRICING_UNITS: &[&str] = &[
    "oz", "lb", "mg", "g", "kg", "floz", "pt", "qt", "gal", "ml", "cl", "l", "cbm", "in", "ft",
    "yd", "cm", "m", "sqft", "sqm", "ct",
];

/// Free-shipping claims. Each has the word "free", which FL-P017 looks for first (a test checks).
const FREE_SHIPPING_PHRASES: &[&str] = &["free shipping", "free delivery", "ships free"];
static FREE_SHIPPING: LazyLock<PhraseSet> = LazyLock::new(|| PhraseSet::new(FREE_SHIPPING_PHRASES));

/// The digits after the point of the amount (the first word of the text). The point is found
/// by a byte loop: `split_once('.')` set up a searcher per call for a word of a few bytes.
fn decimals(amount_text: &str) -> usize {
    let b = amount_text.as_bytes();
    // ASCII text (every bench price): the first word cut out by a byte loop, with the six ASCII
    // characters `char::is_whitespace` accepts (0x0B too, which `u8::is_ascii_whitespace` does
    // not). `split_whitespace` decoded the text as UTF-8 a character at a time, ~110
    // instructions a price (callgrind; docs/performance.md,
    // "a batch entry's messages without `format!`"). The proptest below
    // holds both paths to `split_whitespace`.
    let amount = if b.is_ascii() {
        let space = |c: &u8| matches!(c, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r');
        let start = b.iter().position(|c| !space(c)).unwrap_or(b.len());
        let word = &b[start..];
        &word[..word.iter().position(space).unwrap_or(word.len())]
    } else {
        amount_text
            .split_whitespace()
            .next()
            .unwrap_or("")
            .as_bytes()
    };
    amount
        .iter()
        .position(|&b| b == b'.')
        .map_or(0, |i| amount.len() - i - 1)
}

fn sale_range(v: &str) -> Option<(i64, i64)> {
    let (a, b) = v.trim_fast().split_once('/')?;
    Some((iso_minutes(a)?, iso_minutes(b)?))
}

fn handling_pair(min: Option<&String>, max: Option<&String>) -> Option<(i64, i64)> {
    Some((
        min?.trim_fast().parse().ok()?,
        max?.trim_fast().parse().ok()?,
    ))
}

// The helpers below are each a rule's check of one field, called once per field with the
// field's name written out, as the media rules' are (docs/performance.md, "1518fa0"). In a loop
// over an array of names the name was a value at run time, so each look-up hashed it for its
// bucket (`Product::position`) instead of using the constant a literal name folds to.

/// FL-P005: the price `field` when it parsed (`parsed`) and its amount has more than two
/// decimals. Looked up only when it parsed: a price that parsed was given, so the look-up
/// finds it, and a sale price (most products have none) is not looked up at all.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "the field name folds to a constant in each caller (see above)"
)]
fn too_many_decimals(p: &Product, parsed: bool, field: &'static str, out: &mut Sink) {
    if parsed
        && let Some(v) = text(p, field)
        && decimals(v) > 2
    {
        out.push(Hit {
            field,
            message: format!("{field} \"{v}\" has more than two decimals"),
        });
    }
}

/// FL-P021: the value `v` of `field`, when it is not a positive measure with a supported unit.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "the field name folds to a constant in each caller (see above)"
)]
fn bad_unit_measure(v: Option<&str>, field: &'static str, out: &mut Sink) {
    if let Some(v) = v {
        if super::util::measure(v, UNIT_PRICING_UNITS).is_none_or(|n| n <= 0.0) {
            out.push(Hit {
                field,
                message: format!("{field} \"{v}\" is not a positive number with a supported unit"),
            });
        }
    }
}

pub(crate) const RULES: &[Rule] = &[
    Rule {
        code: "FL-P001",
        name: "price-missing",
        group: Group::Pricing,
        severity: Severity::Critical,
        fields: &["price"],
        what: "That the product has a non-blank `price` (required; spec 2.1, GMC 6324371).",
        why: "A product without a price cannot be listed and is disapproved.",
        example: "`price` absent.",
        fix: "Give the price as `<amount> <ISO 4217 code>`, e.g. `19.99 USD`, matching the landing page.",
        check: product_check!(|_, cx, out| {
            // Given (present and not blank) is what the context's parse found: a price or an
            // error (`parse_given`), as requiredFieldsCheck reads it; no look-up.
            if cx.price.is_none() && cx.price_error.is_none() {
                out.push(Hit {
                    field: "price",
                    message: "price is missing or empty".into(),
                });
            }
        }),
        pass: &[("price", "19.99 USD")],
        fail: &[("price", "")],
        ..BASE
    },
    Rule {
        code: "FL-P002",
        name: "price-format-invalid",
        group: Group::Pricing,
        severity: Severity::Critical,
        fields: &["price"],
        what: "That the price has the shape `<amount> <CURRENCY>`: a plain decimal amount (no currency symbol, no thousands separator, `.` as decimal point) below 10,000,000,000,000 (10^13), followed by a three-letter code (spec 2.1).",
        why: "A price that cannot be read is a missing price: the product is disapproved. An amount of 10,000,000,000,000 or more is refused as too large to be a price: the product has no valid price either.",
        example: "`price=\"$19.99\"`, `price=\"19,99 EUR\"`, `price=\"USD 19.99\"`, `price=\"40012345678901 USD\"` (too large).",
        fix: "Write the amount then the ISO 4217 code, separated by a space: `19.99 USD`.",
        check: product_check!(|p, cx, out| {
            // The error first: the text is looked up only for a price that failed.
            if let Some(e) = cx.price_error
                && let Some(v) = text(p, "price")
            {
                out.push(Hit {
                    field: "price",
                    // Joined, not `format!`ed (FL-I111's message, docs/performance.md).
                    message: ["price \"", v, "\": ", e.message()].concat(),
                });
            }
        }),
        pass: &[("price", "19.99 USD")],
        fail: &[("price", "$19.99")],
        ..BASE
    },
    Rule {
        code: "FL-P003",
        name: "price-currency-unknown",
        group: Group::Pricing,
        severity: Severity::High,
        fields: &["price"],
        what: "That the price's currency is an active ISO 4217 code.",
        why: "An unknown code (a typo such as `USDD` is caught by the format rule; `EUD` or `RMB` here) cannot be matched to the target country's currency, so the product is disapproved.",
        example: "`price=\"19.99 RMB\"` (the code is CNY).",
        fix: "Use the ISO 4217 code of the currency shown on the landing page.",
        check: product_check!(|_, cx, out| {
            if let Some(pr) = &cx.price {
                if !pr.currency.is_known() {
                    out.push(Hit {
                        field: "price",
                        message: format!("currency \"{}\" is not an ISO 4217 code", pr.currency),
                    });
                }
            }
        }),
        pass: &[("price", "19.99 EUR")],
        fail: &[("price", "19.99 RMB")],
        ..BASE
    },
    Rule {
        code: "FL-P004",
        name: "price-not-positive",
        group: Group::Pricing,
        severity: Severity::Critical,
        fields: &["price"],
        what: "That the price amount is greater than zero.",
        why: "Free or negative prices are disapproved (a zero price is only allowed for some contract products, which feeds do not declare this way).",
        example: "`price=\"0.00 USD\"`.",
        fix: "Give the real selling price; offers go in sale_price.",
        check: product_check!(|p, cx, out| {
            if let Some(pr) = &cx.price {
                // Quoted as the feed writes it (`0.00 USD`, not the parsed `0`); looked up only
                // for a product that fails.
                if pr.amount <= 0.0
                    && let Some(v) = text(p, "price")
                {
                    out.push(Hit {
                        field: "price",
                        message: format!("price \"{v}\": the amount is not positive"),
                    });
                }
            }
        }),
        pass: &[("price", "0.99 USD")],
        fail: &[("price", "0 USD")],
        ..BASE
    },
    Rule {
        code: "FL-P005",
        name: "price-too-many-decimals",
        group: Group::Pricing,
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["price", "sale_price"],
        what: "That price and sale_price have at most two decimals.",
        why: "Amounts like `19.999` are rounded by the platform and then no longer match the landing page exactly, a common cause of price-mismatch reviews.",
        example: "`price=\"19.999 USD\"`.",
        fix: "Round to the cents shown on the landing page.",
        check: product_check!(|p, cx, out| {
            // One call a field with its name written out (see `too_many_decimals`).
            too_many_decimals(p, cx.price.is_some(), "price", out);
            too_many_decimals(p, cx.sale_price.is_some(), "sale_price", out);
        }),
        pass: &[("price", "19.99 USD")],
        fail: &[("price", "19.999 USD")],
        ..BASE
    },
    Rule {
        code: "FL-P006",
        name: "sale-price-format-invalid",
        group: Group::Pricing,
        severity: Severity::High,
        fields: &["sale_price"],
        what: "That a sale_price, when given, has the same `<amount> <CURRENCY>` shape as price (GMC 6324471).",
        why: "An unreadable sale price is dropped or disapproves the product, and the shopper sees the regular price instead of the offer.",
        example: "`sale_price=\"€15\"`.",
        fix: "Write `15.00 EUR`.",
        check: product_check!(|p, cx, out| {
            // The error first: the text is looked up only for a sale price that failed (most
            // products have none, and the look-up compared the name).
            if let Some(e) = cx.sale_price_error
                && let Some(v) = text(p, "sale_price")
            {
                out.push(Hit {
                    field: "sale_price",
                    message: format!("sale_price \"{v}\": {}", e.message()),
                });
            }
        }),
        pass: &[("sale_price", "15.00 EUR")],
        fail: &[("sale_price", "€15")],
        ..BASE
    },
    Rule {
        code: "FL-P007",
        name: "sale-price-not-positive",
        group: Group::Pricing,
        severity: Severity::High,
        fields: &["sale_price"],
        what: "That a sale_price amount is greater than zero.",
        why: "A free or negative sale price is disapproved; it is usually an empty discount field exported as 0.",
        example: "`sale_price=\"0.00 USD\"`.",
        fix: "Remove sale_price when there is no sale.",
        check: product_check!(|p, cx, out| {
            if let Some(s) = &cx.sale_price {
                // Quoted as the feed writes it (`0.00 USD`, not the parsed `0`); looked up only
                // for a product that fails.
                if s.amount <= 0.0
                    && let Some(v) = text(p, "sale_price")
                {
                    out.push(Hit {
                        field: "sale_price",
                        message: format!("sale_price \"{v}\": the amount is not positive"),
                    });
                }
            }
        }),
        pass: &[("sale_price", "15.00 USD")],
        fail: &[("sale_price", "0.00 USD")],
        ..BASE
    },
    Rule {
        code: "FL-P008",
        name: "sale-price-not-below-price",
        group: Group::Pricing,
        severity: Severity::High,
        fields: &["sale_price", "price"],
        what: "That sale_price is lower than price when both are in the same currency (GMC 6324471; wpmr `sale_price_gte_price`).",
        why: "A \"sale\" at or above the regular price is misleading and the product is disapproved.",
        example: "`price=\"20.00 USD\"`, `sale_price=\"25.00 USD\"`.",
        fix: "Swap the values if they were exported the wrong way round, or remove sale_price.",
        check: product_check!(|p, cx, out| {
            if let (Some(pr), Some(s)) = (&cx.price, &cx.sale_price) {
                // Quoted as the feed writes them (`25.00 USD`, not the parsed `25`); looked up
                // only for a product that fails.
                if pr.currency == s.currency
                    && s.amount > 0.0
                    && s.amount >= pr.amount
                    && let (Some(sale), Some(price)) = (text(p, "sale_price"), text(p, "price"))
                {
                    out.push(Hit {
                        field: "sale_price",
                        message: format!("sale_price \"{sale}\" is not below price \"{price}\""),
                    });
                }
            }
        }),
        pass: &[("price", "20.00 USD"), ("sale_price", "15.00 USD")],
        fail: &[("price", "20.00 USD"), ("sale_price", "25.00 USD")],
        ..BASE
    },
    Rule {
        code: "FL-P009",
        name: "sale-price-currency-mismatch",
        group: Group::Pricing,
        severity: Severity::High,
        fields: &["sale_price", "price"],
        what: "That sale_price uses the same currency as price.",
        why: "Two currencies on one product cannot both match the landing page; the sale price is rejected.",
        example: "`price=\"20.00 USD\"`, `sale_price=\"15.00 EUR\"`.",
        fix: "Give both in the currency of the target country.",
        check: product_check!(|_, cx, out| {
            if let (Some(pr), Some(s)) = (&cx.price, &cx.sale_price) {
                if pr.currency != s.currency {
                    out.push(Hit {
                        field: "sale_price",
                        message: format!(
                            "sale_price is in {} but price is in {}",
                            s.currency, pr.currency
                        ),
                    });
                }
            }
        }),
        pass: &[("price", "20.00 USD"), ("sale_price", "15.00 USD")],
        fail: &[("price", "20.00 USD"), ("sale_price", "15.00 EUR")],
        ..BASE
    },
    Rule {
        code: "FL-P010",
        name: "sale-price-effective-date-invalid",
        group: Group::Pricing,
        fields: &["sale_price_effective_date"],
        what: "That sale_price_effective_date is an ISO 8601 range `start/end` of dates or date-times (`YYYY-MM-DDThh:mm[±hhmm]` or `…Z`), at most 51 characters (GMC 6324460).",
        why: "An unreadable range is ignored, so the sale price applies all the time or never.",
        example: "`sale_price_effective_date=\"01/09/2026-03/09/2026\"`.",
        fix: "Write `2026-09-01T00:00-0800/2026-09-03T23:59-0800`.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "sale_price_effective_date") {
                if v.trim_fast().chars().count() > 51 || sale_range(v).is_none() {
                    out.push(Hit {
                        field: "sale_price_effective_date",
                        message: format!(
                            "sale_price_effective_date \"{v}\" is not an ISO 8601 start/end range"
                        ),
                    });
                }
            }
        }),
        pass: &[(
            "sale_price_effective_date",
            "2011-09-01T16:00-08:00/2011-09-03T16:00-08:00",
        )],
        fail: &[("sale_price_effective_date", "01/09/2026-03/09/2026")],
        ..BASE
    },
    Rule {
        code: "FL-P011",
        name: "sale-price-effective-date-reversed",
        group: Group::Pricing,
        fields: &["sale_price_effective_date"],
        what: "That the end of the sale_price_effective_date range is after its start.",
        why: "A range that ends before it starts is empty: the sale never runs.",
        example: "`2026-09-03/2026-09-01`.",
        fix: "Put the start date first.",
        check: product_check!(|p, _, out| {
            if let Some((a, b)) = text(p, "sale_price_effective_date").and_then(sale_range) {
                if b <= a {
                    out.push(Hit {
                        field: "sale_price_effective_date",
                        message: "sale_price_effective_date ends before it starts".into(),
                    });
                }
            }
        }),
        pass: &[("sale_price_effective_date", "2026-09-01/2026-09-03")],
        fail: &[("sale_price_effective_date", "2026-09-03/2026-09-01")],
        ..BASE
    },
    Rule {
        code: "FL-P012",
        name: "sale-dates-without-sale-price",
        group: Group::Pricing,
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["sale_price_effective_date", "sale_price"],
        what: "That a sale_price_effective_date comes with a sale_price.",
        why: "Dates without a sale price do nothing; usually the sale price column was lost in the export.",
        example: "`sale_price_effective_date` set, `sale_price` empty.",
        fix: "Add the sale_price or remove the dates.",
        check: product_check!(|p, _, out| {
            if !blank(p, "sale_price_effective_date") && blank(p, "sale_price") {
                out.push(Hit {
                    field: "sale_price",
                    message: "sale_price_effective_date is set but sale_price is missing".into(),
                });
            }
        }),
        pass: &[
            ("sale_price", "15.00 USD"),
            ("sale_price_effective_date", "2026-09-01/2026-09-03"),
        ],
        fail: &[("sale_price_effective_date", "2026-09-01/2026-09-03")],
        ..BASE
    },
    Rule {
        code: "FL-P013",
        name: "shipping-price-invalid",
        group: Group::Pricing,
        severity: Severity::High,
        fields: &["shipping"],
        what: "That the price of each shipping entry, when given, is `<amount> <CURRENCY>` with a non-negative amount and a known currency (GMC 6324484).",
        why: "An unreadable shipping cost invalidates the entry; in countries where shipping is required the product is disapproved.",
        example: "`shipping=\"US::Standard:free\"`.",
        fix: "Write the cost like a price: `0.00 USD` for free shipping.",
        check: product_check!(|p, cx, out| {
            for (s, parsed) in p.shipping.iter().zip(&cx.shipping_prices) {
                if let (Some(v), Some(parsed)) = (s.price.as_deref(), parsed) {
                    match parsed {
                        Err(e) => out.push(Hit {
                            field: "shipping",
                            message: format!("shipping price \"{v}\": {}", e.message()),
                        }),
                        Ok(pr) if pr.amount < 0.0 || !pr.currency.is_known() => {
                            out.push(Hit {
                                field: "shipping",
                                message: format!(
                                    "shipping price \"{v}\" is negative or in an unknown currency"
                                ),
                            });
                        }
                        Ok(_) => {}
                    }
                }
            }
        }),
        pass: &[("@shipping", "US::Standard:4.95 USD")],
        fail: &[("@shipping", "US::Standard:free")],
        ..BASE
    },
    Rule {
        code: "FL-P014",
        name: "shipping-country-missing",
        group: Group::Pricing,
        severity: Severity::High,
        fields: &["shipping"],
        what: "That every shipping entry names its country (the one required sub-attribute, GMC 6324484).",
        why: "An entry without a country applies nowhere and is rejected.",
        example: "`shipping=\":CA:Overnight:16.00 USD\"`.",
        fix: "Start every entry with the ISO 3166-1 country code: `US:CA:Overnight:16.00 USD`.",
        check: product_check!(|p, _, out| {
            if p.shipping.iter().any(|s| {
                s.country
                    .as_deref()
                    .is_none_or(|c| c.trim_fast().is_empty())
            }) {
                out.push(Hit {
                    field: "shipping",
                    message: "a shipping entry has no country".into(),
                });
            }
        }),
        pass: &[("@shipping", "US:CA:Overnight:16.00 USD")],
        fail: &[("@shipping", ":CA:Overnight:16.00 USD")],
        ..BASE
    },
    Rule {
        code: "FL-P015",
        name: "shipping-country-invalid",
        group: Group::Pricing,
        fields: &["shipping"],
        what: "That each shipping country is a two-letter ISO 3166-1 code (case-insensitive).",
        why: "Country names or three-letter codes are not recognised, so the shipping entry is dropped.",
        example: "`shipping=\"USA::Standard:4.95 USD\"`.",
        fix: "Use the two-letter code: `US`, `GB`, `NL`.",
        check: product_check!(|p, _, out| {
            for s in &p.shipping {
                if let Some(c) = s
                    .country
                    .as_deref()
                    // `trim_fast`: what `str::trim` gives, answered at the first and last byte
                    // of a value such as `US` (every bench row's entry).
                    .map(Trim::trim_fast)
                    .filter(|c| !c.is_empty())
                {
                    if c.len() != 2 || !c.bytes().all(|b| b.is_ascii_alphabetic()) {
                        out.push(Hit {
                            field: "shipping",
                            message: format!(
                                "shipping country \"{c}\" is not a two-letter ISO 3166-1 code"
                            ),
                        });
                    }
                }
            }
        }),
        pass: &[("@shipping", "nl")],
        fail: &[("@shipping", "USA::Standard:4.95 USD")],
        ..BASE
    },
    Rule {
        code: "FL-P016",
        name: "shipping-currency-mismatch",
        group: Group::Pricing,
        fields: &["shipping", "price"],
        what: "That shipping costs are in the same currency as the product price.",
        why: "Mixed currencies cannot both match the checkout of one target country; the shipping entry is rejected.",
        example: "`price=\"20.00 USD\"` with `shipping=\"GB::Standard:4.95 GBP\"`.",
        fix: "Give shipping costs in the price's currency, or split the feed per target country.",
        check: product_check!(|_, cx, out| {
            let Some(pr) = &cx.price else { return };
            for parsed in &cx.shipping_prices {
                if let Some(Ok(sp)) = parsed {
                    if sp.currency != pr.currency {
                        out.push(Hit {
                            field: "shipping",
                            message: format!(
                                "shipping price is in {} but price is in {}",
                                sp.currency, pr.currency
                            ),
                        });
                    }
                }
            }
        }),
        pass: &[
            ("price", "20.00 USD"),
            ("@shipping", "US::Standard:4.95 USD"),
        ],
        fail: &[
            ("price", "20.00 USD"),
            ("@shipping", "GB::Standard:4.95 GBP"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-P017",
        name: "free-shipping-claim-unsupported",
        group: Group::Pricing,
        severity: Severity::High,
        fields: &["title", "shipping"],
        what: "That a title claiming free shipping (\"free shipping\", \"free delivery\", \"ships free\") is backed by a shipping entry with a zero price.",
        why: "A claim the shipping settings do not support is misleading and disapproved (shoptimizer free-shipping-optimizer).",
        example: "`title=\"Acme Kettle - Free Shipping\"` with `shipping=\"US::Standard:4.95 USD\"`.",
        fix: "Add a `0.00` shipping entry for the countries where shipping is free, and remove the claim from the title.",
        check: product_check!(|_, cx, out| {
            // The context's title is `text(p, "title")`, already looked up.
            let Some(t) = cx.title else { return };
            // Every phrase of FREE_SHIPPING has "free".
            if !super::util::contains_ascii_ci(t, "free") || FREE_SHIPPING.find(t).is_none() {
                return;
            }
            let free = cx
                .shipping_prices
                .iter()
                .any(|parsed| matches!(parsed, Some(Ok(pr)) if pr.amount == 0.0));
            if !free {
                out.push(Hit {
                    field: "shipping",
                    message: "title claims free shipping but no shipping entry costs 0".into(),
                });
            }
        }),
        pass: &[
            ("title", "Acme Kettle 1.7 l Free Shipping"),
            ("@shipping", "US::Standard:0 USD"),
        ],
        fail: &[
            ("title", "Acme Kettle 1.7 l Free Shipping"),
            ("@shipping", "US::Standard:4.95 USD"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-P018",
        name: "shipping-times-inverted",
        group: Group::Pricing,
        severity: Severity::Low,
        fields: &["shipping"],
        what: "That in each shipping entry the minimum handling and transit times are integers not above the maxima.",
        why: "An inverted or unreadable range makes the delivery estimate unusable; the entry's times are ignored.",
        example: "`shipping=\"US::Standard:4.95 USD:5:2:1:3\"` (min handling 5, max 2).",
        fix: "Give whole business days with min ≤ max.",
        check: product_check!(|p, _, out| {
            for s in &p.shipping {
                for (what, min, max) in [
                    ("handling", &s.min_handling_time, &s.max_handling_time),
                    ("transit", &s.min_transit_time, &s.max_transit_time),
                ] {
                    let given = min.is_some() || max.is_some();
                    match handling_pair(min.as_ref(), max.as_ref()) {
                        Some((a, b)) if a <= b && a >= 0 => {}
                        Some(_) => out.push(Hit {
                            field: "shipping",
                            message: format!("shipping minimum {what} time is above the maximum"),
                        }),
                        None if given
                            && (min
                                .as_ref()
                                .is_some_and(|v| v.trim_fast().parse::<i64>().is_err())
                                || max
                                    .as_ref()
                                    .is_some_and(|v| v.trim_fast().parse::<i64>().is_err())) =>
                        {
                            out.push(Hit {
                                field: "shipping",
                                message: format!(
                                    "shipping {what} time is not a whole number of days"
                                ),
                            });
                        }
                        None => {}
                    }
                }
            }
        }),
        pass: &[("@shipping", "US:CA:Overnight:16.00 USD:1:1:2:3")],
        fail: &[("@shipping", "US::Standard:4.95 USD:5:2:1:3")],
        ..BASE
    },
    Rule {
        code: "FL-P019",
        name: "tax-rate-invalid",
        group: Group::Pricing,
        fields: &["tax"],
        what: "That each tax entry's rate is a number from 0 to 100 (a percentage, GMC 6324454).",
        why: "An unreadable rate invalidates the tax entry, so US prices are shown with the wrong tax.",
        example: "`tax=\"US:CA:7.25%:y\"`.",
        fix: "Write the rate as a plain number: `7.25`.",
        check: product_check!(|p, _, out| {
            for t in &p.tax {
                if let Some(r) = t.rate.as_deref() {
                    let ok = r
                        .trim_fast()
                        .parse::<f64>()
                        .is_ok_and(|v| (0.0..=100.0).contains(&v));
                    if !ok {
                        out.push(Hit {
                            field: "tax",
                            message: format!("tax rate \"{r}\" is not a percentage from 0 to 100"),
                        });
                    }
                }
            }
        }),
        pass: &[("@tax", "US:CA:7.25:y")],
        fail: &[("@tax", "US:CA:7.25%:y")],
        ..BASE
    },
    Rule {
        code: "FL-P020",
        name: "tax-ship-invalid",
        group: Group::Pricing,
        severity: Severity::Low,
        fields: &["tax"],
        what: "That each tax entry's tax_ship is `yes`/`no` (also `y`/`n`, `true`/`false`).",
        why: "Other values are ignored and shipping is assumed untaxed.",
        example: "`tax=\"US:CA:7.25:sometimes\"`.",
        fix: "Use `y` or `n`.",
        check: product_check!(|p, _, out| {
            for t in &p.tax {
                if let Some(v) = t.tax_ship.as_deref() {
                    if !one_of(v, &["y", "n", "yes", "no", "true", "false"]) {
                        out.push(Hit {
                            field: "tax",
                            message: format!("tax_ship \"{v}\" is not yes or no"),
                        });
                    }
                }
            }
        }),
        pass: &[("@tax", "US:CA:7.25:n")],
        fail: &[("@tax", "US:CA:7.25:sometimes")],
        ..BASE
    },
    Rule {
        code: "FL-P021",
        name: "unit-pricing-measure-invalid",
        group: Group::Pricing,
        fields: &["unit_pricing_measure", "unit_pricing_base_measure"],
        what: "That unit_pricing_measure and unit_pricing_base_measure are a positive number followed by a supported unit (oz lb mg g kg floz pt qt gal ml cl l cbm in ft yd cm m sqft sqm ct; GMC 6324455†).",
        why: "Unit prices are required by law in the EU and Switzerland for many goods; an unreadable measure means no unit price is shown and the product can be disapproved there.",
        example: "`unit_pricing_measure=\"750 millilitres\"`.",
        fix: "Write `750ml` or `750 ml`; base measures like `100ml` or `1kg`.",
        check: product_check!(|p, _, out| {
            // One call a field with its name written out (see `too_many_decimals`).
            bad_unit_measure(text(p, "unit_pricing_measure"), "unit_pricing_measure", out);
            bad_unit_measure(
                text(p, "unit_pricing_base_measure"),
                "unit_pricing_base_measure",
                out,
            );
        }),
        pass: &[
            ("unit_pricing_measure", "750ml"),
            ("unit_pricing_base_measure", "100ml"),
        ],
        fail: &[("unit_pricing_measure", "750 millilitres")],
        ..BASE
    },
    Rule {
        code: "FL-P022",
        name: "unit-pricing-base-without-measure",
        group: Group::Pricing,
        severity: Severity::Low,
        fields: &["unit_pricing_measure", "unit_pricing_base_measure"],
        what: "That unit_pricing_base_measure is only given together with unit_pricing_measure.",
        why: "The base measure alone cannot produce a unit price; the pair is ignored.",
        example: "`unit_pricing_base_measure=\"100ml\"` and no unit_pricing_measure.",
        fix: "Add the product's measure (`750ml`) or remove the base measure.",
        check: product_check!(|p, _, out| {
            if !blank(p, "unit_pricing_base_measure") && blank(p, "unit_pricing_measure") {
                out.push(Hit {
                    field: "unit_pricing_measure",
                    message: "unit_pricing_base_measure is set but unit_pricing_measure is missing"
                        .into(),
                });
            }
        }),
        pass: &[
            ("unit_pricing_measure", "750ml"),
            ("unit_pricing_base_measure", "100ml"),
        ],
        fail: &[("unit_pricing_base_measure", "100ml")],
        ..BASE
    },
    Rule {
        code: "FL-P023",
        name: "cost-of-goods-sold-invalid",
        group: Group::Pricing,
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["cost_of_goods_sold", "price"],
        what: "That cost_of_goods_sold is a price in the product's currency and not above the price.",
        why: "Gross-profit reporting reads it; an unreadable or larger-than-price cost produces nonsense margins in your reports.",
        example: "`cost_of_goods_sold=\"25.00 USD\"` with `price=\"20.00 USD\"`.",
        fix: "Give the unit cost as `<amount> <CURRENCY>` in the price's currency.",
        check: product_check!(|p, cx, out| {
            let Some(v) = text(p, "cost_of_goods_sold") else {
                return;
            };
            match (parse_price(v), &cx.price) {
                (Err(e), _) => out.push(Hit {
                    field: "cost_of_goods_sold",
                    message: format!("cost_of_goods_sold \"{v}\": {}", e.message()),
                }),
                (Ok(c), Some(pr)) if c.currency != pr.currency || c.amount > pr.amount => {
                    out.push(Hit {
                        field: "cost_of_goods_sold",
                        message: format!(
                            "cost_of_goods_sold \"{v}\" is above the price or in another currency"
                        ),
                    });
                }
                _ => {}
            }
        }),
        pass: &[("price", "20.00 USD"), ("cost_of_goods_sold", "8.00 USD")],
        fail: &[("price", "20.00 USD"), ("cost_of_goods_sold", "25.00 USD")],
        ..BASE
    },
];

#[cfg(test)]
mod tests {
    use super::{FREE_SHIPPING_PHRASES, decimals};
    use crate::rules::hits_of as hits;
    use proptest::prelude::*;

    /// FL-P001 reads "given" from the context's parse: a price that does not parse is given
    /// (FL-P002 reports it), a blank or absent one is not.
    #[test]
    fn a_price_is_missing_only_when_absent_or_blank() {
        let missing = [("price", "price is missing or empty".to_owned())];
        assert_eq!(hits("FL-P001", &[]), missing);
        assert_eq!(hits("FL-P001", &[("price", " \t")]), missing);
        assert!(hits("FL-P001", &[("price", "$19.99")]).is_empty());
        assert!(hits("FL-P001", &[("price", "19.99 USD")]).is_empty());
        assert!(hits("FL-P002", &[("price", " ")]).is_empty());
        assert!(hits("FL-P006", &[("sale_price", "")]).is_empty());
        assert_eq!(hits("FL-P006", &[("sale_price", "€15")]).len(), 1);
    }

    /// The checks written field by field (FL-P005, FL-P021) report the fields in the order the
    /// loops over their names did, with the same messages; a price that does not parse is not
    /// counted for its decimals.
    #[test]
    fn checks_of_several_fields_report_them_in_order() {
        assert_eq!(
            hits(
                "FL-P005",
                &[("sale_price", "1.999 USD"), ("price", " 2.345 USD")]
            ),
            [
                (
                    "price",
                    "price \" 2.345 USD\" has more than two decimals".to_owned()
                ),
                (
                    "sale_price",
                    "sale_price \"1.999 USD\" has more than two decimals".to_owned()
                ),
            ]
        );
        assert!(hits("FL-P005", &[("price", "1.999")]).is_empty());
        assert!(
            hits(
                "FL-P005",
                &[("price", "1.99 USD"), ("sale_price", "1.5 USD")]
            )
            .is_empty()
        );
        let bad = |f: &str, v: &str| {
            format!("{f} \"{v}\" is not a positive number with a supported unit")
        };
        assert_eq!(
            hits(
                "FL-P021",
                &[
                    ("unit_pricing_base_measure", "0ml"),
                    ("unit_pricing_measure", "750 millilitres"),
                ]
            ),
            [
                (
                    "unit_pricing_measure",
                    bad("unit_pricing_measure", "750 millilitres")
                ),
                (
                    "unit_pricing_base_measure",
                    bad("unit_pricing_base_measure", "0ml")
                ),
            ]
        );
    }

    proptest! {
        /// The byte loop finds what `split_once('.')` on the first word found.
        #[test]
        fn decimals_are_those_after_the_first_point_of_the_first_word(
            v in "[ \u{a0}\t\n\r\x0b\x0c\x1c]{0,2}[0-9.]{0,8}([ \u{a0}\x0b\x0c\r][A-Z.é]{0,4}){0,2}",
        ) {
            let want = v
                .split_whitespace()
                .next()
                .and_then(|a| a.split_once('.'))
                .map_or(0, |(_, f)| f.len());
            prop_assert_eq!(decimals(&v), want);
        }
    }

    /// The messages quote the feed's text (`25.00 USD`), not the parsed number (`25`).
    #[test]
    fn messages_quote_the_price_as_written_in_the_feed() {
        let message = |code: &str, pairs: &[(&str, &str)]| {
            let rule = crate::rules::find(code).expect(code);
            let p = crate::rules::product_from_pairs(pairs);
            let ctx = crate::rules::RuleCtx::for_product(&p, None);
            let mut hits = Vec::new();
            if let crate::rules::Check::Product(f) = rule.check {
                (f.one)(&p, &ctx, &mut hits);
            }
            assert_eq!(hits.len(), 1, "{code}: {hits:?}");
            hits.remove(0).message
        };
        assert_eq!(
            message("FL-P004", &[("price", "0.00 USD")]),
            "price \"0.00 USD\": the amount is not positive"
        );
        assert_eq!(
            message("FL-P004", &[("price", "-5.50 EUR")]),
            "price \"-5.50 EUR\": the amount is not positive"
        );
        assert_eq!(
            message("FL-P007", &[("sale_price", "0.00 USD")]),
            "sale_price \"0.00 USD\": the amount is not positive"
        );
        assert_eq!(
            message(
                "FL-P008",
                &[("price", "20.00 USD"), ("sale_price", "25.00 USD")]
            ),
            "sale_price \"25.00 USD\" is not below price \"20.00 USD\""
        );
        assert!(
            message("FL-P002", &[("price", "10000000000000 USD")]).contains("too large"),
            "10^13 is refused as too large"
        );
    }

    /// FL-P002's explanation states the limit `model::price::MAX_AMOUNT` enforces.
    #[test]
    fn price_format_explanation_states_the_largest_amount() {
        let rule = crate::rules::find("FL-P002").expect("FL-P002");
        let limit = crate::model::price::max_amount_text();
        assert!(rule.what.contains(limit), "{}", rule.what);
        assert!(rule.why.contains(limit), "{}", rule.why);
        let too_large = rule
            .example
            .split('"')
            .find(|e| e.ends_with(" USD") && e.len() > 14)
            .expect("a too-large example");
        assert_eq!(
            crate::model::parse_price(too_large),
            Err(crate::model::price::PriceError::TooLarge)
        );
    }

    /// FL-P017 skips titles without "free" before searching the phrases.
    #[test]
    fn every_free_shipping_phrase_has_free() {
        for phrase in FREE_SHIPPING_PHRASES {
            assert!(phrase.to_ascii_lowercase().contains("free"), "{phrase}");
        }
    }
}
