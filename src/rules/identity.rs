//! Identity rules (`FL-I`): id, brand, mpn, identifier_exists, item_group_id, and the feed-level
//! duplicate checks (GMC 7052112, 6324351, 6324482, 6324478, 6324507).
//!
//! GTIN check digits, lengths, prefixes and fake patterns are NOT here: they belong to
//! `src/gtin` and take the reserved codes FL-I100..FL-I119. No I/O.

use crate::model::Trim;
use std::hash::{BuildHasher, Hash, Hasher};

use super::util::{blank, chars_over, invalid_char, is_bool_text, is_no, one_of, text};
use super::{BASE, Check, FeedKeys, FeedMemory, FirstUse, Hit, Rule, RuleCtx, Sink};
use crate::catalog::fields::{BRAND_MAX, ID_MAX, ITEM_GROUP_ID_MAX, MPN_MAX};
use crate::model::{Group, Product, RuleKind, Severity};

/// The code of the rule that reports the second and later products of a feed sharing an id
/// (the CI reports tell those products apart by it: `report::ci::fingerprint_id`).
pub const DUPLICATE_ID: &str = "FL-I004";

/// Values that are not manufacturer part numbers (shoptimizer mpn_optimizer INVALID_MPN_VALUES).
const PLACEHOLDER_MPNS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "na",
    "n/a",
    "n.a.",
    "none",
    "null",
    "nil",
    "unknown",
    "default",
    "mpn",
    "yes",
    "no",
    "true",
    "false",
    "doesnotapply",
    "does not apply",
    "notapplicable",
    "not applicable",
    "-",
    "--",
    "x",
    "tbd",
    "123",
    "1234",
    "12345",
    "000000",
];

/// Brand values that name no brand.
const PLACEHOLDER_BRANDS: &[&str] = &[
    "n/a",
    "na",
    "none",
    "null",
    "unknown",
    "no brand",
    "nobrand",
    "brand",
    "-",
    "test",
    "tbd",
    "unbranded brand",
];

/// For each byte length `n` of a value of `list` (63 for any of 63 or more), the bits
/// `first & 31` of the entries' ASCII-lower-cased first bytes: a value equal to an entry
/// ASCII-case-insensitively has the entry's length and, lower-cased, its first byte, so a value
/// whose bit is not set equals none of them.
const fn screen(list: &[&str]) -> [u32; 64] {
    let mut table = [0_u32; 64];
    let mut i = 0;
    while i < list.len() {
        let b = list[i].as_bytes();
        if !b.is_empty() {
            let n = if b.len() < 63 { b.len() } else { 63 };
            table[n] |= 1 << (b[0].to_ascii_lowercase() & 31);
        }
        i += 1;
    }
    table
}

/// `one_of(v, list)` where `screen` is [`screen`]`(list)`: a value whose trimmed length and
/// first byte no entry has cannot equal one ASCII-case-insensitively, and is answered without
/// walking the list. Nearly every bench mpn has 8 or 9 bytes, which no placeholder has; a
/// quarter of the bench brands have the length of a placeholder brand (5, 7, 8 or 15 bytes),
/// but nearly none its first letter too. Callgrind, the bench's 20k rows: the length alone
/// (0264bf0) took `identity::RULES::batch` 20.38M → 18.00M instructions; this screen with the
/// first byte, inlined (it was a call of ~38 instructions of prologue and epilogue, twice a
/// product), with FL-I003's and FL-I012/I013's changes: 18.00M → 15.49M (docs/performance.md,
/// "52dc55d").
#[inline]
fn one_of_screened(v: &str, list: &[&str], screen: &[u32; 64]) -> bool {
    let t = v.trim_fast();
    let Some(&first) = t.as_bytes().first() else {
        return false;
    };
    (screen[t.len().min(63)] >> (first.to_ascii_lowercase() & 31)) & 1 == 1 && one_of(t, list)
}

/// [`screen`] of [`PLACEHOLDER_MPNS`] and of [`PLACEHOLDER_BRANDS`].
const PLACEHOLDER_MPN_SCREEN: [u32; 64] = screen(PLACEHOLDER_MPNS);
const PLACEHOLDER_BRAND_SCREEN: [u32; 64] = screen(PLACEHOLDER_BRANDS);

/// The hasher of the duplicate tables' keys: foldhash's quality hasher with a fixed seed, so the
/// same feed gives the same keys on every run. Its 64 bits are the key itself (two ids are the
/// same when their hashes are), so the hash must mix well, not resist attack: an id is the
/// merchant's own. Against std's SipHash: 585 instructions fewer per product for its three
/// hashes (the id twice, the GTIN once; docs/performance.md, 83c2ada).
fn key_hasher() -> foldhash::quality::FoldHasher<'static> {
    /// Any fixed value; changing it changes no output (the keys live for one run).
    const SEED: u64 = 0x6665_6564_6c69_6e74;
    static STATE: foldhash::quality::FixedState = foldhash::quality::FixedState::with_seed(SEED);
    STATE.build_hasher()
}

/// Deterministic 64-bit hash ([`key_hasher`]) of a normalised key.
fn key_hash(s: &str) -> u64 {
    let mut h = key_hasher();
    s.hash(&mut h);
    h.finish()
}

/// The key of a GTIN: `key_hash` of its digits without leading zeros (they do not change a GTIN:
/// GTIN-12 and its GTIN-14 form are the same code); `None` when it has fewer than 8 digits.
/// Gathers the digits on the stack instead of into a new `String` for every product; only a
/// value of more than [`GTIN_KEY_INLINE`] significant digits, no real GTIN, takes a `String`.
fn gtin_key_hash(gtin: &str) -> Option<u64> {
    // Nearly every GTIN is only digits: its significant digits are then the text itself after
    // its leading zeros, hashed where they are, with no copy and no UTF-8 check of the copy
    // (~104 instructions a product for `from_utf8` alone). With the id read once below:
    // `FeedKeys::of` 11.16M → 5.48M instructions over the bench's 20k rows (callgrind).
    //
    // A text of fewer than 8 bytes has fewer than 8 digits: no key, with no test. A longer one
    // is tested for digits eight bytes at a time ([`all_digits`]): the byte loop cost ~4
    // instructions a byte of every product's 13-digit GTIN (`FeedKeys::of` 5.48M → 4.08M over
    // the bench's 20k rows; docs/performance.md, "52dc55d").
    if gtin.len() < 8 {
        return None;
    }
    if all_digits(gtin.as_bytes()) {
        return Some(key_hash(gtin.trim_start_matches('0')));
    }
    let mut buf = [0_u8; GTIN_KEY_INLINE];
    let mut len = 0;
    let mut digits = 0_usize;
    for b in gtin.bytes().filter(u8::is_ascii_digit) {
        digits += 1;
        if len == 0 && b == b'0' {
            continue;
        }
        if len == buf.len() {
            let all: String = gtin.chars().filter(char::is_ascii_digit).collect();
            return Some(key_hash(all.trim_start_matches('0')));
        }
        buf[len] = b;
        len += 1;
    }
    if digits < 8 {
        return None;
    }
    // ASCII digits: always UTF-8.
    Some(key_hash(
        std::str::from_utf8(&buf[..len]).unwrap_or_default(),
    ))
}

/// Whether every byte of `b` (at least 8 bytes) is an ASCII digit, tested eight bytes at a time:
/// each byte XOR `0x30` is below 10 exactly for a digit, and a byte below 10 plus `0x76` stays
/// below `0x80`. A byte of `0x80` or more after the XOR has its top bit set already, so the
/// carry its sum may pass to the next byte cannot hide it. The last eight bytes are read
/// overlapping the chunks before them.
fn all_digits(b: &[u8]) -> bool {
    const ZEROS: u64 = u64::from_ne_bytes([b'0'; 8]);
    const ADD: u64 = u64::from_ne_bytes([0x76; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    let eight = |c: &[u8]| {
        let mut w = [0_u8; 8];
        w.copy_from_slice(c);
        let v = u64::from_ne_bytes(w) ^ ZEROS;
        (v.wrapping_add(ADD) | v) & HIGH == 0
    };
    debug_assert!(b.len() >= 8);
    let mut chunks = b.chunks_exact(8);
    chunks.all(eight) && (b.len() < 8 || eight(&b[b.len() - 8..]))
}

/// Significant digits of a GTIN key gathered on the stack (a GTIN has at most 14).
const GTIN_KEY_INLINE: usize = 32;

/// The keys of `p` the two duplicate rules look up.
pub(crate) fn feed_keys(p: &Product) -> FeedKeys {
    // One look-up of the id for both keys: `text(p, "id")` is the value when it is not blank.
    let id = p.get("id").unwrap_or("");
    FeedKeys {
        id: key_hash(id.trim_fast()),
        has_id: !id.is_blank(),
        gtin: text(p, "gtin").and_then(gtin_key_hash),
    }
}

fn duplicate_id(p: &Product, line: u64, keys: FeedKeys, mem: &mut FeedMemory, out: &mut Sink) {
    if !keys.has_id {
        return;
    }
    if let Some(first) = mem.seen_id(keys.id, line) {
        let id = text(p, "id").unwrap_or("").trim_fast();
        out.push(Hit {
            field: "id",
            message: format!("id \"{id}\" was already used by {}", earlier(first)),
        });
    }
}

/// "the product at line N" (of the current product's file), "the product at FILE:N" when the
/// first use was in another input file of the run (`batch a.csv b.csv`), or a vaguer phrase for
/// a line too far down the feed to be kept.
fn earlier(first: FirstUse) -> String {
    match first {
        FirstUse {
            line: Some(line),
            file: None,
        } => format!("the product at line {line}"),
        FirstUse {
            line: Some(line),
            file: Some(file),
        } => format!("the product at {file}:{line}"),
        FirstUse { line: None, .. } => {
            format!("an earlier product (beyond line {})", u32::MAX - 1)
        }
    }
}

fn duplicate_gtin(p: &Product, line: u64, keys: FeedKeys, mem: &mut FeedMemory, out: &mut Sink) {
    let Some(gtin_hash) = keys.gtin else {
        return;
    };
    if let Some(first) = mem.seen_gtin(gtin_hash, keys.id, line) {
        let gtin = text(p, "gtin").unwrap_or("");
        out.push(Hit {
            field: "gtin",
            message: format!("gtin {gtin} is also used by {}", earlier(first)),
        });
    }
}

/// `blank(p, "gtin")`, read from the rule context: `RuleCtx::with_category` (the only maker of
/// a context) analyses the GTIN exactly when it is given and not blank, so its analysis is
/// absent exactly when the GTIN is blank. One attribute look-up fewer in FL-I012 and FL-I013,
/// for every product (with the placeholder screen, `identity::RULES::batch` 18.00M → 15.49M
/// over the bench's 20k rows; docs/performance.md, "52dc55d").
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "see `Product::position`: a test and a field read"
)]
fn gtin_blank(p: &Product, ctx: &RuleCtx<'_>) -> bool {
    debug_assert_eq!(ctx.gtin.is_none(), blank(p, "gtin"));
    ctx.gtin.is_none()
}

pub(crate) const RULES: &[Rule] = &[
    Rule {
        code: "FL-I001",
        name: "id-missing",
        group: Group::Identity,
        severity: Severity::Critical,
        fields: &["id"],
        what: "That the product of a feed has a non-blank `id` (required for every product, GMC 7052112). A product of a JSON request body (`{\"products\": [...]}`, spec 2.1 and 2.2) may leave it out: the API's product has no required id, and its result is named `item-N` by position.",
        why: "The id is how the platform tracks a product across feed updates; without it the product is rejected and its history lost.",
        example: "A CSV row whose `id` cell is empty.",
        fix: "Give every product a unique, stable id (your SKU is a good choice) and never reuse it for another product.",
        check: product_check!(|p, _, out| {
            if blank(p, "id") && !p.from_request_body {
                out.push(Hit {
                    field: "id",
                    message: "id is missing or empty".into(),
                });
            }
        }),
        pass: &[("id", "SKU-1")],
        fail: &[("title", "Acme Steel Water Bottle 750 ml")],
        ..BASE
    },
    Rule {
        code: "FL-I002",
        name: "id-too-long",
        group: Group::Identity,
        severity: Severity::High,
        fields: &["id"],
        what: "That the id has at most 50 characters (GMC 7052112).",
        why: "Longer ids are rejected, so the product never reaches the platform.",
        example: "An id built from a full product URL.",
        fix: "Use a short stable key such as the SKU.",
        check: product_check!(|p, _, out| {
            if let Some(id) = text(p, "id") {
                if let Some(n) = chars_over(id, ID_MAX) {
                    out.push(Hit {
                        field: "id",
                        message: format!("id has {n} characters; at most {ID_MAX} are allowed"),
                    });
                }
            }
        }),
        pass: &[("id", "SKU-1")],
        fail: &[("id#6", "ABCDEFGHIJ")],
        ..BASE
    },
    Rule {
        code: "FL-I003",
        name: "id-invalid-characters",
        group: Group::Identity,
        fields: &["id"],
        what: "That the id has no leading or trailing whitespace and no control or private-use characters.",
        why: "Invisible characters make two ids that look the same differ, so updates create duplicates instead of replacing the product.",
        example: "`id=\"SKU-1 \"` in one export and `id=\"SKU-1\"` in the next.",
        fix: "Trim ids and keep them to letters, digits, `-`, `_` and `.`.",
        check: product_check!(|p, _, out| {
            if let Some(id) = text(p, "id") {
                // `trim_fast` gives a part of `id`: the same text exactly when of the same
                // length, with no byte comparison (a `bcmp` call of the whole id a product).
                if id.trim_fast().len() != id.len() {
                    out.push(Hit {
                        field: "id",
                        message: format!("id \"{id}\" has leading or trailing whitespace"),
                    });
                } else if let Some(c) = invalid_char(id, false) {
                    out.push(Hit {
                        field: "id",
                        message: format!(
                            "id contains the invalid character U+{:04X}",
                            u32::from(c)
                        ),
                    });
                }
            }
        }),
        pass: &[("id", "SKU-1")],
        fail: &[("id", "SKU-1 ")],
        ..BASE
    },
    Rule {
        code: DUPLICATE_ID,
        name: "duplicate-id",
        group: Group::Identity,
        severity: Severity::Critical,
        fields: &["id"],
        what: "That no two products in the feed share an id (checked over the whole feed in input order; the second and later uses are reported, naming the line of the first, and its file when it is in another input file of one `batch` run).",
        why: "Duplicate ids overwrite each other: only one of the products is listed, and which one changes between updates.",
        example: "Two rows with `id=\"1\"`.",
        fix: "Make ids unique, for example by appending the variant's size or colour to the SKU.",
        check: Check::Feed(duplicate_id),
        pass: &[("id", "OTHER-2")],
        fail: &[("id", "SEED-1")],
        ..BASE
    },
    Rule {
        code: "FL-I005",
        name: "brand-missing",
        group: Group::Identity,
        fields: &["brand", "identifier_exists"],
        what: "That the product has a brand, unless `identifier_exists=no` declares it has none (GMC 6324351: required for new products with a brand).",
        why: "Brand is one of the unique product identifiers; without it the product is disapproved or shown much less.",
        example: "A branded TV with gtin and mpn but no `brand`.",
        fix: "Set `brand` to the manufacturer's brand (or your store name for own-brand products).",
        check: product_check!(|p, _, out| {
            if blank(p, "brand") && !p.get("identifier_exists").is_some_and(is_no) {
                out.push(Hit {
                    field: "brand",
                    message: "brand is missing".into(),
                });
            }
        }),
        pass: &[("brand", "Acme")],
        fail: &[("mpn", "TR-42")],
        ..BASE
    },
    Rule {
        code: "FL-I006",
        name: "brand-too-long",
        group: Group::Identity,
        fields: &["brand"],
        what: "That the brand has at most 70 characters (GMC 6324351).",
        why: "Longer values are rejected; they are usually a title or description pasted into the wrong column.",
        example: "`brand=\"Acme Professional Outdoor Equipment and Apparel Company International Ltd\"`.",
        fix: "Use the brand name only.",
        check: product_check!(|p, _, out| {
            if let Some(b) = text(p, "brand") {
                if let Some(n) = chars_over(b, BRAND_MAX) {
                    out.push(Hit {
                        field: "brand",
                        message: format!(
                            "brand has {n} characters; at most {BRAND_MAX} are allowed"
                        ),
                    });
                }
            }
        }),
        pass: &[("brand", "Acme")],
        fail: &[("brand#8", "Acme Pro ")],
        ..BASE
    },
    Rule {
        code: "FL-I007",
        name: "brand-placeholder",
        group: Group::Identity,
        kind: RuleKind::Performance,
        fields: &["brand"],
        what: "That the brand is a real name, not a placeholder such as `n/a`, `none`, `unknown` or `no brand`.",
        why: "A placeholder brand matches nothing and makes the product look generic; for products without a brand, identifier_exists=no is the honest signal.",
        example: "`brand=\"unknown\"`.",
        fix: "Give the real brand, or leave brand empty and set identifier_exists=no for unbranded products.",
        check: product_check!(|p, _, out| {
            if let Some(b) = text(p, "brand") {
                if one_of_screened(b, PLACEHOLDER_BRANDS, &PLACEHOLDER_BRAND_SCREEN) {
                    out.push(Hit {
                        field: "brand",
                        message: format!("brand \"{b}\" is a placeholder"),
                    });
                }
            }
        }),
        pass: &[("brand", "Acme")],
        fail: &[("brand", "Unknown")],
        ..BASE
    },
    Rule {
        code: "FL-I008",
        name: "mpn-too-long",
        group: Group::Identity,
        fields: &["mpn"],
        what: "That the mpn has at most 70 characters (GMC 6324482).",
        why: "Longer values are rejected and the product loses an identifier.",
        example: "An mpn holding a list of compatible part numbers.",
        fix: "Give the manufacturer's single part number.",
        check: product_check!(|p, _, out| {
            if let Some(m) = text(p, "mpn") {
                if let Some(n) = chars_over(m, MPN_MAX) {
                    out.push(Hit {
                        field: "mpn",
                        message: format!("mpn has {n} characters; at most {MPN_MAX} are allowed"),
                    });
                }
            }
        }),
        pass: &[("mpn", "22LB4510/US")],
        fail: &[("mpn#10", "AB-1234 ")],
        ..BASE
    },
    Rule {
        code: "FL-I009",
        name: "mpn-placeholder",
        group: Group::Identity,
        severity: Severity::High,
        fields: &["mpn"],
        what: "That the mpn is not a placeholder: a single digit, `na`, `none`, `null`, `unknown`, `default`, `mpn`, `yes`/`no`, `doesnotapply` and similar (shoptimizer INVALID_MPN_VALUES).",
        why: "Placeholder MPNs are treated as invalid identifiers and lead to disapproval.",
        example: "`mpn=\"N/A\"`.",
        fix: "Give the manufacturer part number, or leave mpn empty (and set identifier_exists=no if the product has no identifiers).",
        check: product_check!(|p, _, out| {
            if let Some(m) = text(p, "mpn") {
                if one_of_screened(m, PLACEHOLDER_MPNS, &PLACEHOLDER_MPN_SCREEN) {
                    out.push(Hit {
                        field: "mpn",
                        message: format!("mpn \"{m}\" is a placeholder, not a part number"),
                    });
                }
            }
        }),
        pass: &[("mpn", "TR-42-BL")],
        fail: &[("mpn", "N/A")],
        ..BASE
    },
    Rule {
        code: "FL-I010",
        name: "identifier-exists-contradicted",
        group: Group::Identity,
        severity: Severity::High,
        fields: &["identifier_exists", "gtin", "mpn"],
        what: "That `identifier_exists=no` is not set on a product that has a gtin or mpn.",
        why: "Claiming no identifiers while giving one is a contradiction that GMC disapproves (shoptimizer identifier-exists-optimizer).",
        example: "`identifier_exists=no` with `gtin=4006381333931`.",
        fix: "Remove identifier_exists (it defaults to yes) when the product has a GTIN or MPN.",
        check: product_check!(|p, _, out| {
            if p.get("identifier_exists").is_some_and(is_no) {
                for field in ["gtin", "mpn"] {
                    if !blank(p, field) {
                        out.push(Hit {
                            field: "identifier_exists",
                            message: format!("identifier_exists is no but {field} is given"),
                        });
                    }
                }
            }
        }),
        pass: &[("identifier_exists", "no"), ("brand", "Acme")],
        fail: &[("identifier_exists", "no"), ("gtin", "4006381333931")],
        ..BASE
    },
    Rule {
        code: "FL-I011",
        name: "identifier-exists-invalid-value",
        group: Group::Identity,
        fields: &["identifier_exists"],
        what: "That `identifier_exists` is `yes` or `no` (`true`/`false` accepted; GMC 6324478).",
        why: "Other values are ignored and the default (yes) applies, so products without identifiers are disapproved for missing them.",
        example: "`identifier_exists=\"none\"`.",
        fix: "Use `yes` or `no`.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "identifier_exists") {
                if !is_bool_text(v) {
                    out.push(Hit {
                        field: "identifier_exists",
                        message: format!("identifier_exists is \"{v}\"; expected yes or no"),
                    });
                }
            }
        }),
        pass: &[("identifier_exists", "false")],
        fail: &[("identifier_exists", "none")],
        ..BASE
    },
    Rule {
        code: "FL-I012",
        name: "identifiers-missing",
        group: Group::Identity,
        kind: RuleKind::Performance,
        fields: &["gtin", "mpn", "identifier_exists"],
        what: "That a product has a gtin or an mpn, or declares identifier_exists=no.",
        why: "Since 2022 a product without unique identifiers is not disapproved but gets limited performance: it cannot be matched to its catalogue entry.",
        example: "A branded product with only a brand.",
        fix: "Add the GTIN from the packaging (or the MPN); set identifier_exists=no only for products that truly have none (custom or vintage goods).",
        check: product_check!(|p, ctx, out| {
            if gtin_blank(p, ctx)
                && blank(p, "mpn")
                && !p.get("identifier_exists").is_some_and(is_no)
            {
                out.push(Hit {
                    field: "gtin",
                    message: "neither gtin nor mpn is given".into(),
                });
            }
        }),
        pass: &[("mpn", "TR-42-BL")],
        fail: &[("brand", "Acme")],
        ..BASE
    },
    Rule {
        code: "FL-I013",
        name: "gtin-in-mpn-field",
        group: Group::Identity,
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["mpn", "gtin"],
        what: "That the mpn is not a 12–14 digit number while gtin is empty, which is almost always a GTIN in the wrong column.",
        why: "A GTIN given as MPN is not used for catalogue matching, so the product performs as if it had no GTIN.",
        example: "`mpn=\"1865201025047\"` and no gtin.",
        fix: "Move the number to gtin (check it with `feedlint gtin`) and give the real part number as mpn.",
        check: product_check!(|p, ctx, out| {
            if let Some(m) = text(p, "mpn") {
                let m = m.trim_fast();
                if gtin_blank(p, ctx)
                    && (12..=14).contains(&m.len())
                    && m.bytes().all(|b| b.is_ascii_digit())
                {
                    out.push(Hit {
                        field: "mpn",
                        message: format!("mpn \"{m}\" looks like a GTIN"),
                    });
                }
            }
        }),
        pass: &[("mpn", "TR-42-BL")],
        fail: &[("mpn", "1865201025047")],
        ..BASE
    },
    Rule {
        code: "FL-I014",
        name: "item-group-id-too-long",
        group: Group::Identity,
        fields: &["item_group_id"],
        what: "That item_group_id has at most 50 characters (GMC 6324507).",
        why: "A longer value is rejected and the variants are no longer grouped.",
        example: "An item_group_id made of the parent product's title.",
        fix: "Use the parent SKU as item_group_id.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "item_group_id") {
                if let Some(n) = chars_over(v, ITEM_GROUP_ID_MAX) {
                    out.push(Hit {
                        field: "item_group_id",
                        message: format!(
                            "item_group_id has {n} characters; at most {ITEM_GROUP_ID_MAX} are allowed"
                        ),
                    });
                }
            }
        }),
        pass: &[("item_group_id", "CLO-29473856")],
        fail: &[("item_group_id#6", "PARENT-123")],
        ..BASE
    },
    Rule {
        code: "FL-I015",
        name: "duplicate-gtin",
        group: Group::Identity,
        severity: Severity::High,
        fields: &["gtin", "id"],
        what: "That no two products with different ids share a GTIN (checked over the whole feed; leading zeros ignored; the later products are reported with the line of the first, and its file when it is in another input file of one `batch` run). Variants of one item group need distinct GTINs too: a GTIN identifies one size and colour.",
        why: "Products sharing a GTIN are treated as the same catalogue item: offers are merged or disapproved as ambiguous.",
        example: "Three shoes of different colours all with `gtin=87196893300583`.",
        fix: "Give each product the GTIN printed on its own packaging.",
        check: Check::Feed(duplicate_gtin),
        pass: &[("id", "OTHER-2"), ("gtin", "5060155240282")],
        fail: &[("id", "OTHER-2"), ("gtin", "04006381333931")],
        gtin_issue: true,
        ..BASE
    },
    Rule {
        code: "FL-I016",
        name: "item-group-id-equals-id",
        group: Group::Identity,
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["item_group_id", "id"],
        what: "That a variant's item_group_id is not its own id.",
        why: "item_group_id names the parent shared by all variants; using each variant's own id makes every variant its own group, so the variants are not shown together.",
        example: "`id=\"CLO-1-RED\"`, `item_group_id=\"CLO-1-RED\"`.",
        fix: "Use the same parent id (e.g. `CLO-1`) on every variant.",
        check: product_check!(|p, _, out| {
            if let (Some(g), Some(id)) = (text(p, "item_group_id"), text(p, "id")) {
                if g.trim_fast() == id.trim_fast() {
                    out.push(Hit {
                        field: "item_group_id",
                        message: "item_group_id is the product's own id".into(),
                    });
                }
            }
        }),
        pass: &[("id", "CLO-1-RED"), ("item_group_id", "CLO-1")],
        fail: &[("id", "CLO-1-RED"), ("item_group_id", "CLO-1-RED")],
        ..BASE
    },
];

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The digits of `gtin` without leading zeros, hashed as one string: what `gtin_key_hash`
    /// streams.
    fn collected(gtin: &str) -> Option<u64> {
        let digits: String = gtin.chars().filter(char::is_ascii_digit).collect();
        (digits.len() >= 8).then(|| key_hash(digits.trim_start_matches('0')))
    }

    #[test]
    fn leading_zeros_and_separators_do_not_change_the_key() {
        assert_eq!(
            gtin_key_hash("00012345678905"),
            gtin_key_hash("012345678905")
        );
        assert_eq!(
            gtin_key_hash("0 1234-5678 905"),
            gtin_key_hash("12345678905")
        );
        assert_ne!(gtin_key_hash("012345678905"), gtin_key_hash("012345678912"));
        assert_eq!(gtin_key_hash("1234567"), None);
        assert_eq!(gtin_key_hash("00000000"), Some(key_hash("")));
    }

    /// Every placeholder passes its list's screen, in any case and padded.
    #[test]
    fn every_placeholder_passes_the_screen() {
        for (list, mask) in [
            (PLACEHOLDER_MPNS, &PLACEHOLDER_MPN_SCREEN),
            (PLACEHOLDER_BRANDS, &PLACEHOLDER_BRAND_SCREEN),
        ] {
            for v in list {
                assert!(one_of_screened(v, list, mask), "{v}");
                let padded = format!(" {} ", v.to_ascii_uppercase());
                assert!(one_of_screened(&padded, list, mask), "{padded}");
            }
        }
        assert!(!one_of_screened(
            "HEA-1234",
            PLACEHOLDER_MPNS,
            &PLACEHOLDER_MPN_SCREEN
        ));
    }

    /// The eight-byte digit test at every byte value, position and length around a chunk.
    #[test]
    fn all_digits_is_each_byte_a_digit() {
        for len in 8..=24 {
            let digits = vec![b'7'; len];
            assert!(all_digits(&digits));
            for at in 0..len {
                for byte in 0..=255_u8 {
                    let mut v = digits.clone();
                    v[at] = byte;
                    assert_eq!(all_digits(&v), byte.is_ascii_digit(), "{len} {at} {byte}");
                }
            }
        }
    }

    proptest! {
        /// The screen answers as `one_of` over the whole list, for both lists: placeholders
        /// with their first letter changed, every printable ASCII first byte, long values.
        #[test]
        fn placeholder_screen_answers_as_one_of(
            v in "[ \t\u{a0}]{0,2}([\x21-\x7e]?(/?a|\\.A\\.|one|nknown|o Brand|nbranded brand|ull|bd)|n/?a|N\\.A\\.|none|unknown|No Brand|[a-zA-Z0-9 ./-]{0,16}|[a-z ]{60,70}|\\PC{0,4})[ \t]{0,2}",
        ) {
            for (list, mask) in [
                (PLACEHOLDER_MPNS, &PLACEHOLDER_MPN_SCREEN),
                (PLACEHOLDER_BRANDS, &PLACEHOLDER_BRAND_SCREEN),
            ] {
                prop_assert_eq!(one_of_screened(&v, list, mask), one_of(&v, list), "{:?}", v);
            }
        }

        #[test]
        fn streamed_hash_equals_the_hash_of_the_collected_digits(gtin in "[0-9 a-z-]{0,80}") {
            prop_assert_eq!(gtin_key_hash(&gtin), collected(&gtin));
        }

        #[test]
        fn all_digits_agrees_with_the_byte_test(b in proptest::collection::vec(
            prop_oneof![4 => 0x30_u8..=0x39, 1 => any::<u8>()], 8..40)
        ) {
            prop_assert_eq!(all_digits(&b), b.iter().all(u8::is_ascii_digit));
        }

        #[test]
        fn streamed_hash_of_long_digit_runs(gtin in "0{0,5}[0-9]{0,90}") {
            // More significant digits than the 32-byte buffer holds.
            prop_assert_eq!(gtin_key_hash(&gtin), collected(&gtin));
        }

        /// The id's two keys from one look-up: its hash trimmed, and whether `text` has it.
        #[test]
        fn feed_keys_read_the_id_once(id in proptest::option::of("[ \t\u{a0}a1-]{0,4}")) {
            let mut p = Product::default();
            if let Some(id) = &id {
                p.set("id", id.as_str());
            }
            let keys = feed_keys(&p);
            prop_assert_eq!(keys.has_id, text(&p, "id").is_some());
            prop_assert_eq!(keys.id, key_hash(id.as_deref().unwrap_or("").trim()));
        }
    }
}
