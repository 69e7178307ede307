//! GTIN rules (`FL-I100`..`FL-I119`, identity group; spec 2.5, GMC 6324461): check digit,
//! length, characters, spreadsheet damage, ISBN-10, element strings, restricted / coupon /
//! refund prefixes, fake patterns and unissued prefixes.
//!
//! Every check reads the [`crate::gtin::GtinAnalysis`] computed once per product in
//! [`RuleCtx`] by [`crate::gtin::analyze`], so `feedlint validate` and `feedlint gtin` share one
//! implementation. This module only maps that analysis to findings: it must not parse GTINs
//! itself, do I/O or print. A value has at most one validity problem (the first found, in
//! reading order), so at most one of the validity rules fires per product.

use super::{BASE, Hit, Rule, RuleCtx, Sink};
use crate::gtin::{GtinProblem, PatternGroup, PatternSet, PrefixClass};
use crate::model::Trim;
use crate::model::{Group, Product, RuleKind, Severity};

/// Pushes a finding when the product's GTIN has a problem `matches` accepts.
///
/// Eight rules call this for every product and nearly every GTIN has no problem: the test that
/// ends here is inlined into each rule's check, and the finding is built out of line
/// ([`push_problem`]). As one out-of-line function it was 160,000 calls of ~26 instructions
/// (its prologue saved the registers the message needs) per 20,000 rows.
#[allow(
    clippy::inline_always,
    reason = "the measured build; `product_check!`'s `one` is inlined the same way"
)]
#[inline(always)]
fn problem_hit(p: &Product, ctx: &RuleCtx, out: &mut Sink, matches: fn(GtinProblem) -> bool) {
    let Some(a) = ctx.gtin.as_ref() else { return };
    if let Some(problem) = a.problem.filter(|pr| matches(*pr)) {
        push_problem(p, problem, out);
    }
}

/// The finding of [`problem_hit`].
#[cold]
#[inline(never)]
fn push_problem(p: &Product, problem: GtinProblem, out: &mut Sink) {
    let raw = p.get("gtin").unwrap_or_default().trim_fast();
    out.push(Hit {
        field: "gtin",
        // Joined rather than `format!`ed: see FL-I111's message below.
        message: ["gtin \"", raw, "\": ", &problem.message()].concat(),
    });
}

/// Pushes a finding when the GTIN shows a fake pattern of `group`.
///
/// Inlined for the same reason as [`problem_hit`]: three rules, most GTINs without a pattern.
#[allow(clippy::inline_always, reason = "as for `problem_hit`")]
#[inline(always)]
fn pattern_hit(p: &Product, ctx: &RuleCtx, out: &mut Sink, group: PatternGroup) {
    let Some(a) = ctx.gtin.as_ref() else { return };
    // Most GTINs show no pattern: no walk over the eighteen for each group's rule.
    if !a.patterns.is_empty() {
        push_patterns(p, a.patterns, out, group);
    }
}

/// The finding of [`pattern_hit`], when a pattern of `group` is in `patterns`.
#[cold]
#[inline(never)]
fn push_patterns(p: &Product, patterns: PatternSet, out: &mut Sink, group: PatternGroup) {
    let names: Vec<&str> = patterns
        .iter()
        .filter(|pat| pat.group() == group)
        .map(crate::gtin::Pattern::name)
        .collect();
    if !names.is_empty() {
        let raw = p.get("gtin").unwrap_or_default().trim_fast();
        out.push(Hit {
            field: "gtin",
            message: format!(
                "gtin \"{raw}\" looks made up ({} pattern: {})",
                group.as_str(),
                names.join(", ")
            ),
        });
    }
}

/// The identity-group GTIN rule defaults.
const GTIN_BASE: Rule = Rule {
    group: Group::Identity,
    fields: &["gtin"],
    zeroes_compliance: true,
    severity: Severity::Critical,
    gtin_issue: true,
    ..BASE
};

pub(super) const RULES: &[Rule] = &[
    Rule {
        code: "FL-I100",
        name: "gtin-check-digit-invalid",
        what: "That the last digit of the gtin is the GS1 mod-10 check digit of the others (spec 2.5; GMC 6324461).",
        why: "Google verifies the check digit: a wrong one disapproves the product (an invalid GTIN yields 0% compliance) and usually means a typo that points at another item.",
        example: "`gtin=5060155240283` (the check digit of 506015524028 is 2).",
        fix: "Copy the GTIN again from the packaging or your GS1 record; run `feedlint gtin` to see the expected check digit.",
        check: product_check!(|p, ctx, out| {
            problem_hit(p, ctx, out, |pr| matches!(pr, GtinProblem::CheckDigit(_)));
        }),
        pass: &[("gtin", "5060155240282")],
        fail: &[("gtin", "5060155240283")],
        ..GTIN_BASE
    },
    Rule {
        code: "FL-I101",
        name: "gtin-bad-length",
        what: "That the gtin has 8, 12, 13 or 14 digits (GTIN-8, GTIN-12/UPC, GTIN-13/EAN, GTIN-14); spaces and dashes are ignored.",
        why: "A value of another length is not a GTIN: the product is disapproved for an invalid GTIN.",
        example: "`gtin=400638133393` missing a digit of an EAN, or an 11-digit UPC without its leading digit.",
        fix: "Submit the full number printed under the barcode (UPCs have 12 digits, EANs 13).",
        check: product_check!(|p, ctx, out| {
            problem_hit(p, ctx, out, |pr| matches!(pr, GtinProblem::BadLength(_)));
        }),
        pass: &[("gtin", "5060155240282")],
        fail: &[("gtin", "40063813339")],
        ..GTIN_BASE
    },
    Rule {
        code: "FL-I102",
        name: "gtin-invalid-characters",
        what: "That the gtin holds only the ASCII digits 0-9 (spaces and dashes are ignored): no letters, symbols or digits of other scripts.",
        why: "A value with other characters is not a GTIN and is rejected.",
        example: "`gtin=40063813339O1` (a letter O instead of a zero) or full-width digits.",
        fix: "Keep only the digits of the barcode number; put part numbers in mpn.",
        check: product_check!(|p, ctx, out| {
            problem_hit(p, ctx, out, |pr| {
                matches!(
                    pr,
                    GtinProblem::InvalidCharacter(_) | GtinProblem::NonAsciiDigits
                )
            });
        }),
        pass: &[("gtin", "4006381-333931")],
        fail: &[("gtin", "40063813339O1")],
        ..GTIN_BASE
    },
    Rule {
        code: "FL-I103",
        name: "gtin-spreadsheet-damage",
        what: "That the gtin was not turned into a number by a spreadsheet (scientific notation, a `.0` suffix or digit grouping).",
        why: "Scientific notation loses the trailing digits and numeric cells lose leading zeros: the value no longer identifies the product and is rejected.",
        example: "`gtin=4.00638E+12` after opening the feed in a spreadsheet.",
        fix: "Format the gtin column as text and export the feed again from the source data; the damaged value cannot be repaired.",
        check: product_check!(|p, ctx, out| {
            problem_hit(p, ctx, out, |pr| {
                matches!(pr, GtinProblem::SpreadsheetDamage(_))
            });
        }),
        pass: &[("gtin", "5060155240282")],
        fail: &[("gtin", "4.00638E+12")],
        ..GTIN_BASE
    },
    Rule {
        code: "FL-I104",
        name: "gtin-isbn-10",
        severity: Severity::High,
        what: "That a book's gtin is not an ISBN-10 (10 characters, the last possibly X).",
        why: "Google accepts ISBNs only in their 13-digit GTIN form (prefix 978/979); an ISBN-10 is an invalid GTIN.",
        example: "`gtin=0306406152` for a book whose ISBN-13 is 9780306406157.",
        fix: "Submit the ISBN-13 printed above the barcode (the finding names it when the ISBN-10 is valid).",
        check: product_check!(|p, ctx, out| {
            problem_hit(p, ctx, out, |pr| matches!(pr, GtinProblem::Isbn10 { .. }));
        }),
        pass: &[("gtin", "9780306406157")],
        fail: &[("gtin", "0306406152")],
        ..GTIN_BASE
    },
    Rule {
        code: "FL-I105",
        name: "gtin-element-string",
        severity: Severity::High,
        what: "That the gtin is the bare digits, not a GS1 element string with the `(01)` Application Identifier.",
        why: "The attribute takes the GTIN alone; with the `(01)` prefix the value is not a valid GTIN.",
        example: "`gtin=(01)04006381333931`.",
        fix: "Remove `(01)` and submit the 14 digits that follow it.",
        check: product_check!(|p, ctx, out| {
            problem_hit(p, ctx, out, |pr| matches!(pr, GtinProblem::ElementString));
        }),
        pass: &[("gtin", "04006381333931")],
        fail: &[("gtin", "(01)04006381333931")],
        ..GTIN_BASE
    },
    Rule {
        code: "FL-I106",
        name: "gtin-restricted-prefix",
        what: "That the gtin does not start with a restricted-circulation prefix (020-029, 040-049, 200-299, or a GTIN-8 starting 0 or 2).",
        why: "Restricted-circulation numbers are assigned inside one company or store (in-store, variable-measure items): they identify nothing globally and Google rejects them.",
        example: "`gtin=2001234567893` (an in-store weighed-item number).",
        fix: "Use the manufacturer's GTIN; for products without one, omit gtin and set identifier_exists=no.",
        check: product_check!(|p, ctx, out| {
            problem_hit(p, ctx, out, |pr| {
                matches!(pr, GtinProblem::Prefix(PrefixClass::RestrictedCirculation))
            });
        }),
        pass: &[("gtin", "5060155240282")],
        fail: &[("gtin", "2001234567893")],
        ..GTIN_BASE
    },
    Rule {
        code: "FL-I107",
        name: "gtin-coupon-prefix",
        what: "That the gtin is not a coupon or refund-receipt number (coupon prefixes such as 981-984 and 99, refund receipts 980).",
        why: "Coupon and refund numbers are not product GTINs: Google reports an unsupported coupon value and disapproves the product.",
        example: "`gtin=9912345678909`.",
        fix: "Submit the product's own GTIN from its packaging.",
        check: product_check!(|p, ctx, out| {
            problem_hit(p, ctx, out, |pr| {
                matches!(
                    pr,
                    GtinProblem::Prefix(PrefixClass::Coupon | PrefixClass::RefundReceipt)
                )
            });
        }),
        pass: &[("gtin", "5060155240282")],
        fail: &[("gtin", "9912345678909")],
        ..GTIN_BASE
    },
    Rule {
        code: "FL-I108",
        name: "gtin-sequential-pattern",
        severity: Severity::High,
        kind: RuleKind::Performance,
        zeroes_compliance: false,
        what: "That the gtin is not an ascending or descending run of digits (sequential fake-pattern group of `feedlint gtin`).",
        why: "Sequential numbers are typed in to get past a required field; Google matches them to no catalogue item and may suspend offers with fabricated identifiers (spec 2.5: $2,500+ per month).",
        example: "`gtin=1234567890128`.",
        fix: "Replace it with the real GTIN; if the product has none, omit gtin and set identifier_exists=no.",
        check: product_check!(|p, ctx, out| {
            pattern_hit(p, ctx, out, PatternGroup::Sequential);
        }),
        pass: &[("gtin", "5060155240282")],
        fail: &[("gtin", "1234567890128")],
        ..GTIN_BASE
    },
    Rule {
        code: "FL-I109",
        name: "gtin-repeating-pattern",
        severity: Severity::High,
        kind: RuleKind::Performance,
        zeroes_compliance: false,
        what: "That the gtin is not made of one repeated digit or a repeated block (repeating fake-pattern group of `feedlint gtin`).",
        why: "Repeated digits are filler, not issued numbers: the product matches nothing in the catalogue and looks fabricated.",
        example: "`gtin=1111111111116`.",
        fix: "Replace it with the real GTIN; if the product has none, omit gtin and set identifier_exists=no.",
        check: product_check!(|p, ctx, out| {
            pattern_hit(p, ctx, out, PatternGroup::Repeating);
        }),
        pass: &[("gtin", "5060155240282")],
        fail: &[("gtin", "1111111111116")],
        ..GTIN_BASE
    },
    Rule {
        code: "FL-I110",
        name: "gtin-placeholder-pattern",
        severity: Severity::High,
        kind: RuleKind::Performance,
        zeroes_compliance: false,
        what: "That the gtin is not a known placeholder (template, test or system values of the placeholder fake-pattern group of `feedlint gtin`).",
        why: "Placeholder numbers are shared by many unrelated products: offers are merged or disapproved and the product looks fabricated.",
        example: "`gtin=4006381333931`, the GS1 example number copied from documentation.",
        fix: "Replace it with the real GTIN; if the product has none, omit gtin and set identifier_exists=no.",
        check: product_check!(|p, ctx, out| {
            pattern_hit(p, ctx, out, PatternGroup::Placeholder);
        }),
        pass: &[("gtin", "5060155240282")],
        fail: &[("gtin", "4006381333931")],
        ..GTIN_BASE
    },
    Rule {
        code: "FL-I111",
        name: "gtin-unassigned-prefix",
        severity: Severity::Medium,
        kind: RuleKind::Performance,
        zeroes_compliance: false,
        what: "That a gtin with a valid check digit starts with a GS1 prefix some member organisation issues from (not an unassigned prefix or GS1's demo range 952). Not checked on a GTIN-14 with a packaging indicator digit 1-9: case-level numbers are outside the retail prefix table (Google's own example feed uses one).",
        why: "Nobody issues product numbers from these prefixes, so the number was most likely made up: it matches no catalogue item.",
        example: "`gtin=1400000000004`-style numbers from prefix 140, or demo numbers 952...",
        fix: "Check the number against the packaging or GS1's Verified by GS1 service and submit the issued GTIN.",
        check: product_check!(|p, ctx, out| {
            let Some(a) = ctx.gtin.as_ref() else { return };
            let packaging_level = a.digits.is_some_and(|d| {
                let b = d.as_bytes();
                b.len() == 14 && b[0] != b'0'
            });
            if a.problem.is_some() || packaging_level {
                return;
            }
            if let Some(prefix) = a.prefix.filter(|pr| pr.class.is_unissued()) {
                let raw = p.get("gtin").unwrap_or_default().trim_fast();
                out.push(Hit {
                    field: "gtin",
                    // The pieces joined into a string allocated once at its length: `format!`
                    // cost ~585 instructions a message (its formatting machinery, and a capacity
                    // guessed from the literal text that usually had to grow), and this rule
                    // fires on a third of the bench rows (docs/performance.md, "Messages
                    // joined").
                    message: [
                        "gtin \"",
                        raw,
                        "\" starts with a GS1 prefix nobody issues product numbers from (",
                        prefix.class.as_str(),
                        ")",
                    ]
                    .concat(),
                });
            }
        }),
        pass: &[("gtin", "5060155240282")],
        fail: &[("gtin", "9521234567899")],
        ..GTIN_BASE
    },
];
