//! One product result (spec 2.3) written as JSON, byte for byte what `serde_json::to_writer`
//! writes for [`ProductResult`]'s derived `Serialize`, which stays the definition (the tests
//! below compare the two).
//!
//! Why not just serde_json: it escapes every string one byte at a time, object keys included,
//! and a product result is mostly keys and fixed texts (rule codes, names, fixes, statuses).
//! That loop was ~11% of `validate --format ndjson`'s instructions. Here the keys are literals,
//! a string that needs no escape (no `"`, `\` or control character: checked a block at a time)
//! is copied as is, and everything else (numbers, strings with escapes, the optional
//! intelligence objects) is still encoded by serde_json.

use std::cell::Cell;

use serde::Serialize;

use crate::model::Finding;
use crate::model::ProductResult;
use crate::model::result::{GmcCompliance, Message, PerformanceOptimization};
use crate::model::{RuleKind, Severity};
use crate::revenue::impact::whole_cents;
use crate::rules::{ComplianceStatus, RequiredFieldStatus};

/// Initial capacity of a product result or batch entry rendered ahead on a worker
/// (`report::validate::Rendered`, `report::batch::RenderedEntry`): most are under a kilobyte.
pub(crate) const RENDERED_CAPACITY: usize = 1024;

/// Appends `r` to `buf` as serde_json would.
pub fn write_product(buf: &mut Vec<u8>, r: &ProductResult<'_>) -> serde_json::Result<()> {
    buf.extend_from_slice(b"{\"productId\":");
    string(buf, r.product_id)?;
    // Two copies, each of a fixed length (one of a length chosen at run time was a `memcpy` call).
    if r.is_valid {
        buf.extend_from_slice(b",\"isValid\":true,\"totalErrors\":");
    } else {
        buf.extend_from_slice(b",\"isValid\":false,\"totalErrors\":");
    }
    // As serde_json writes integers (itoa), without its serializer around it.
    uint(buf, r.total_errors as u64);
    buf.extend_from_slice(b",\"totalRevenueImpact\":");
    float(buf, r.total_revenue_impact)?;
    priority_and_compliance_key(buf, r.overall_priority);
    compliance(buf, &r.gmc_compliance)?;
    buf.extend_from_slice(b",\"performanceOptimization\":");
    optimization(buf, &r.performance_optimization)?;
    if let Some(m) = &r.market_intelligence {
        buf.extend_from_slice(b",\"marketIntelligence\":");
        value(buf, m)?;
    }
    if let Some(rec) = &r.recommendations {
        buf.extend_from_slice(b",\"recommendations\":");
        value(buf, rec)?;
    }
    if let Some(b) = &r.business_intelligence {
        buf.extend_from_slice(b",\"businessIntelligence\":");
        value(buf, b)?;
    }
    buf.push(b'}');
    Ok(())
}

/// `,"overallPriority":…,"gmcCompliance":`: the key, the quotes and the priority in one copy of
/// a length known to the compiler (each arm its own literal), an inline copy instead of a call to
/// `memcpy` and three pushes (see [`text`]). A test holds the four to what `fixed` writes.
fn priority_and_compliance_key(buf: &mut Vec<u8>, priority: Severity) {
    match priority {
        Severity::Low => buf.extend_from_slice(b",\"overallPriority\":\"low\",\"gmcCompliance\":"),
        Severity::Medium => {
            buf.extend_from_slice(b",\"overallPriority\":\"medium\",\"gmcCompliance\":");
        }
        Severity::High => {
            buf.extend_from_slice(b",\"overallPriority\":\"high\",\"gmcCompliance\":");
        }
        Severity::Critical => {
            buf.extend_from_slice(b",\"overallPriority\":\"critical\",\"gmcCompliance\":");
        }
    }
}

fn compliance(buf: &mut Vec<u8>, c: &GmcCompliance<'_>) -> serde_json::Result<()> {
    status_and_percentage_key(buf, c.status);
    float(buf, c.percentage)?;
    let f = &c.required_fields_check;
    let statuses = [
        f.title,
        f.description,
        f.price,
        f.link,
        f.image_link,
        f.availability,
        f.condition,
    ];
    // Seven byte compares: with the statuses' texts (`&'static str`) these were seven string
    // comparisons, ~60 instructions a row (callgrind; docs/performance.md).
    if statuses == [RequiredFieldStatus::Compliant; 7] {
        // Most products: the seven keys and values in one copy instead of fourteen.
        buf.extend_from_slice(ALL_REQUIRED_COMPLIANT);
    } else {
        for (key, status) in REQUIRED_KEYS.into_iter().zip(statuses) {
            buf.extend_from_slice(key);
            fixed(buf, status.as_str());
        }
    }
    buf.extend_from_slice(b"},\"violations\":[");
    elements(buf, c.violations.0, violation)?;
    buf.extend_from_slice(b"],\"message\":");
    message(buf, &c.message)?;
    buf.push(b'}');
    Ok(())
}

/// `{"status":…,"percentage":` of `gmcCompliance`: each arm copies its own literal, of a length
/// fixed at compile time (inline moves), where the status's text, chosen at run time, was a call
/// to `memcpy` (see [`priority_and_compliance_key`]). A test holds the three to what `fixed`
/// writes.
fn status_and_percentage_key(buf: &mut Vec<u8>, status: ComplianceStatus) {
    match status {
        ComplianceStatus::FullyCompliant => {
            buf.extend_from_slice(b"{\"status\":\"fully_compliant\",\"percentage\":");
        }
        ComplianceStatus::PartiallyCompliant => {
            buf.extend_from_slice(b"{\"status\":\"partially_compliant\",\"percentage\":");
        }
        ComplianceStatus::NonCompliant => {
            buf.extend_from_slice(b"{\"status\":\"non_compliant\",\"percentage\":");
        }
    }
}

/// What precedes each status of `requiredFieldsCheck`, in the order of spec 2.3.
const REQUIRED_KEYS: [&[u8]; 7] = [
    b",\"requiredFieldsCheck\":{\"title\":",
    b",\"description\":",
    b",\"price\":",
    b",\"link\":",
    b",\"imageLink\":",
    b",\"availability\":",
    b",\"condition\":",
];

/// `requiredFieldsCheck` without its closing brace when all seven fields are
/// [`RequiredFieldStatus::Compliant`], as
/// the loop in [`compliance`] writes it (a test checks).
const ALL_REQUIRED_COMPLIANT: &[u8] = b",\"requiredFieldsCheck\":{\"title\":\"compliant\",\
\"description\":\"compliant\",\"price\":\"compliant\",\"link\":\"compliant\",\
\"imageLink\":\"compliant\",\"availability\":\"compliant\",\"condition\":\"compliant\"";

/// One element of `violations`: what serde_json writes for the finding's
/// [`Violation`](crate::model::result::Violation), written from the finding itself.
fn violation(buf: &mut Vec<u8>, v: &Finding) -> serde_json::Result<()> {
    buf.extend_from_slice(b"{\"rule\":\"");
    rule_code(buf, v.code);
    buf.extend_from_slice(b"\",\"name\":\"");
    text(buf, v.name);
    buf.extend_from_slice(b"\",\"field\":");
    static_string(buf, v.field)?;
    // Severity and kind with their keys and quotes in one copy of a fixed length (see
    // [`text`]); a test holds the eight to what `fixed` writes.
    severity_and_kind(buf, v.severity, v.kind);
    buf.extend_from_slice(b",\"message\":");
    string(buf, &v.message)?;
    buf.extend_from_slice(b",\"fix\":");
    static_string(buf, v.fix)?;
    buf.extend_from_slice(b",\"revenueImpact\":");
    float(buf, v.revenue_impact)?;
    buf.extend_from_slice(b",\"line\":");
    uint(buf, v.line);
    buf.push(b'}');
    Ok(())
}

/// `,"severity":…,"kind":…` of a violation. Each arm copies its own literal, so that the length
/// of each copy is fixed at compile time.
fn severity_and_kind(buf: &mut Vec<u8>, severity: Severity, kind: RuleKind) {
    match (severity, kind) {
        (Severity::Low, RuleKind::Compliance) => {
            buf.extend_from_slice(b",\"severity\":\"low\",\"kind\":\"compliance\"");
        }
        (Severity::Low, RuleKind::Performance) => {
            buf.extend_from_slice(b",\"severity\":\"low\",\"kind\":\"performance\"");
        }
        (Severity::Medium, RuleKind::Compliance) => {
            buf.extend_from_slice(b",\"severity\":\"medium\",\"kind\":\"compliance\"");
        }
        (Severity::Medium, RuleKind::Performance) => {
            buf.extend_from_slice(b",\"severity\":\"medium\",\"kind\":\"performance\"");
        }
        (Severity::High, RuleKind::Compliance) => {
            buf.extend_from_slice(b",\"severity\":\"high\",\"kind\":\"compliance\"");
        }
        (Severity::High, RuleKind::Performance) => {
            buf.extend_from_slice(b",\"severity\":\"high\",\"kind\":\"performance\"");
        }
        (Severity::Critical, RuleKind::Compliance) => {
            buf.extend_from_slice(b",\"severity\":\"critical\",\"kind\":\"compliance\"");
        }
        (Severity::Critical, RuleKind::Performance) => {
            buf.extend_from_slice(b",\"severity\":\"critical\",\"kind\":\"performance\"");
        }
    }
}

fn optimization(buf: &mut Vec<u8>, o: &PerformanceOptimization) -> serde_json::Result<()> {
    buf.extend_from_slice(b"{\"overallScore\":");
    float(buf, o.overall_score)?;
    buf.extend_from_slice(b",\"estimatedRevenueImpact\":");
    float(buf, o.estimated_revenue_impact)?;
    buf.extend_from_slice(b",\"message\":");
    message(buf, &o.message)?;
    buf.push(b'}');
    Ok(())
}

/// The elements of a JSON array (between its brackets), each written by `each`, separated by
/// commas.
pub(crate) fn elements<T>(
    buf: &mut Vec<u8>,
    items: &[T],
    mut each: impl FnMut(&mut Vec<u8>, &T) -> serde_json::Result<()>,
) -> serde_json::Result<()> {
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        each(buf, item)?;
    }
    Ok(())
}

/// Anything, encoded by serde_json.
pub(crate) fn value<T: Serialize + ?Sized>(buf: &mut Vec<u8>, v: &T) -> serde_json::Result<()> {
    serde_json::to_writer(&mut *buf, v)
}

/// An `f64` as serde_json writes it: with integer arithmetic when it is a whole number of cents
/// below [`FAST_CENTS_MAX`] (every amount, percentage and score of a result), through serde_json's
/// float formatter otherwise. For such a value the digits of `c / 100` without trailing zeros
/// (one kept after the point) are the shortest that read back as it, which is what the float
/// formatter writes (a proptest compares the two).
pub(crate) fn float(buf: &mut Vec<u8>, v: f64) -> serde_json::Result<()> {
    // 0 and 100 (a product without findings: no revenue impact, full scores) are a third of
    // the numbers of the bench rows (1.7 a row): their text as one copy of a fixed length,
    // without `whole_cents` and `short_cents`' digit loop (~60 instructions a number).
    // `+0.0` only: `-0.0` has other bits and is written as `-0.0` below.
    if v.to_bits() == 0.0f64.to_bits() {
        buf.extend_from_slice(b"0.0");
        return Ok(());
    }
    if v.to_bits() == 100.0f64.to_bits() {
        buf.extend_from_slice(b"100.0");
        return Ok(());
    }
    match whole_cents(v).filter(|&c| c < FAST_CENTS_MAX) {
        Some(c) if c < SHORT_CENTS_MAX => {
            short_cents(buf, c);
            Ok(())
        }
        Some(c) => {
            buf.extend_from_slice(itoa::Buffer::new().format(c / 100).as_bytes());
            let (tenths, hundredths) = (((c / 10) % 10) as u8, (c % 10) as u8);
            buf.push(b'.');
            buf.push(b'0' + tenths);
            if hundredths != 0 {
                buf.push(b'0' + hundredths);
            }
            Ok(())
        }
        None => value(buf, &v),
    }
}

/// Cents below this are written by [`short_cents`]: at most five digits, the point and two.
const SHORT_CENTS_MAX: u64 = 10_000_000;

/// `c / 100` as [`float`] writes it for `c` below [`SHORT_CENTS_MAX`] (every amount, percentage
/// and score of the bench rows), at most eight bytes: built as the bytes of a `u64`, first
/// character lowest, from the last digit up, and appended as eight bytes then cut to length.
/// The fixed-length copy is two instructions; the digits of `itoa` went through a copy of a
/// length known only at run time, a call to `memcpy`, and the point and decimals were pushed
/// one at a time (~30 instructions a number more, 5.1 numbers a bench row).
fn short_cents(buf: &mut Vec<u8>, c: u64) {
    let digit = |d: u64| u64::from(b'0') + d % 10;
    let (mut text, mut len) = if c % 10 == 0 {
        (u64::from(b'.') | digit(c / 10) << 8, 2)
    } else {
        (u64::from(b'.') | digit(c / 10) << 8 | digit(c) << 16, 3)
    };
    let mut units = c / 100;
    loop {
        text = (text << 8) | digit(units);
        len += 1;
        units /= 10;
        if units == 0 {
            break;
        }
    }
    let end = buf.len() + len;
    buf.extend_from_slice(&text.to_le_bytes());
    buf.truncate(end);
}

/// Cents below this (a billion) are written by [`float`] without the float formatter. Below it
/// neighbouring doubles are far closer together than a cent, so no shorter decimal than the
/// cents' reads back as the same double; serde_json writes plain decimals there, without an
/// exponent.
const FAST_CENTS_MAX: u64 = 100_000_000_000;

/// A string: copied between quotes when JSON needs no escape in it; with a backslash before
/// each `"` and `\` when those are its only bytes to escape (a message quoting a value:
/// serde_json's byte-by-byte escaping took ~5 instructions a byte); else encoded by serde_json.
///
/// The escaping is out of line ([`escaped`]): with it inside, this function's prologue and
/// epilogue saved six registers and set up a stack frame for every string, 18 instructions a
/// call; without, 10 (callgrind). `#[inline]` is a hint the release build did not take for the
/// calls of `write_product`.
#[inline]
pub(crate) fn string(buf: &mut Vec<u8>, s: &str) -> serde_json::Result<()> {
    quoted(buf, s, escapes(s.as_bytes()))
}

/// `s` between quotes, escaped as its escape class `needed` says ([`string`],
/// [`static_string`]).
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "one body for string and static_string, each inlined where it was"
)]
fn quoted(buf: &mut Vec<u8>, s: &str, needed: Escapes) -> serde_json::Result<()> {
    match needed {
        Escapes::None => {
            buf.reserve(s.len() + 2);
            buf.push(b'"');
            buf.extend_from_slice(s.as_bytes());
            buf.push(b'"');
            Ok(())
        }
        needed => escaped(buf, s, needed),
    }
}

/// [`string`] for a text of the program (`&'static str`: a rule's fix, a finding's field, a
/// fixed message) which may hold a `"` (three fixes quote attribute values, so unlike [`fixed`]
/// nothing may be assumed): its escape class is worked out once per thread and text
/// ([`static_escapes`]), then looked up. The same bytes as [`string`] (a proptest checks).
pub(crate) fn static_string(buf: &mut Vec<u8>, s: &'static str) -> serde_json::Result<()> {
    quoted(buf, s, static_escapes(s))
}

/// A result's [`Message`] as serde_json writes its text: a fixed sentence as a
/// [`static_string`]; a count and an amount written straight into `buf` between the program's
/// texts, which need no escape (a test checks each), with no text built first.
///
/// Before, the text was built in a `String` by `ProductResult::from_report` (an allocation and
/// four to six pushes), then checked for escapes (~55 bytes, four 16-byte blocks) and copied
/// here, then freed: ~210 instructions to write an owned message, 0.9 of them a bench row.
pub(crate) fn message(buf: &mut Vec<u8>, m: &Message) -> serde_json::Result<()> {
    match *m {
        Message::Fixed(s) => static_string(buf, s),
        Message::ComplianceIssues { n, rest } => {
            buf.push(b'"');
            uint(buf, n as u64);
            if n == 1 {
                text(buf, " compliance issue");
            } else {
                text(buf, " compliance issues");
            }
            text(buf, rest);
            buf.push(b'"');
            Ok(())
        }
        Message::Opportunities { n, worth, amount } => {
            // The amount as `TwoDecimals` writes it for whole cents (every amount of a result);
            // any other amount through `Display` (serde: `collect_str`).
            let Some(c) = whole_cents(amount) else {
                return value(buf, m);
            };
            buf.push(b'"');
            uint(buf, n as u64);
            text(buf, Message::opportunities_noun(n));
            text(buf, worth);
            uint(buf, c / 100);
            let cents = (c % 100) as u8;
            buf.extend_from_slice(&[b'.', b'0' + cents / 10, b'0' + cents % 10]);
            buf.extend_from_slice(b"/month\"");
            Ok(())
        }
    }
}

/// Slots of [`SEEN`]: more than the texts a run of the bench feed writes (a few dozen fixes,
/// fields and messages), so that they seldom evict each other.
const SEEN_SLOTS: usize = 256;

thread_local! {
    /// The escape class of recently written `&'static str`s, by address and length: a
    /// direct-mapped cache (a slot per hash of the address, a new text replacing the old).
    /// An address and length name the same bytes for the whole run, as a `&'static str` is
    /// never freed nor changed; `(0, 0)` is no text's (a `str`'s pointer is never null).
    static SEEN: [Cell<(usize, usize, Escapes)>; SEEN_SLOTS] =
        const { [const { Cell::new((0, 0, Escapes::None)) }; SEEN_SLOTS] };
}

/// [`escapes`] of a `&'static str`, from [`SEEN`] when it holds it. A rule's fix (~100 bytes,
/// 1.13 a bench row) took ~130 instructions to class block by block; the look-up is a hash
/// (multiply, shift), a thread-local read and two compares.
fn static_escapes(s: &'static str) -> Escapes {
    let (addr, len) = (s.as_ptr().addr(), s.len());
    // Fibonacci hashing: the top 8 bits of the product spread neighbouring addresses.
    let slot = addr.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (usize::BITS - SEEN_SLOTS.ilog2());
    SEEN.with(|seen| {
        let Some(cell) = seen.get(slot) else {
            return escapes(s.as_bytes());
        };
        match cell.get() {
            (a, l, class) if a == addr && l == len => class,
            _ => {
                let class = escapes(s.as_bytes());
                cell.set((addr, len, class));
                class
            }
        }
    })
}

/// An integer as serde_json (itoa) writes it. Below [`SHORT_UINT_MAX`] (a product's error
/// count, a line number) its digits are built in a `u64`, first character lowest, and appended
/// as eight bytes then cut to length, as [`short_cents`] does: itoa's digits went through a
/// copy of a length known only at run time, a `memcpy` call.
pub(crate) fn uint(buf: &mut Vec<u8>, n: u64) {
    if n >= SHORT_UINT_MAX {
        buf.extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
        return;
    }
    let mut text = 0;
    let mut len = 0;
    let mut rest = n;
    loop {
        text = (text << 8) | (u64::from(b'0') + rest % 10);
        len += 1;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    let end = buf.len() + len;
    buf.extend_from_slice(&u64::to_le_bytes(text));
    buf.truncate(end);
}

/// Integers below this have at most eight digits: [`uint`] builds them in a `u64`.
const SHORT_UINT_MAX: u64 = 100_000_000;

/// A string with bytes to escape (`needed`, not [`Escapes::None`]), as [`string`] writes it.
#[inline(never)]
fn escaped(buf: &mut Vec<u8>, s: &str, needed: Escapes) -> serde_json::Result<()> {
    match needed {
        Escapes::QuotesOnly => {
            let b = s.as_bytes();
            buf.reserve(b.len() + 8);
            buf.push(b'"');
            let mut start = 0;
            for i in memchr::memchr2_iter(b'"', b'\\', b) {
                buf.extend_from_slice(&b[start..i]);
                buf.push(b'\\');
                buf.push(b[i]);
                start = i + 1;
            }
            buf.extend_from_slice(&b[start..]);
            buf.push(b'"');
            Ok(())
        }
        Escapes::None | Escapes::Control => value(buf, s),
    }
}

/// Which bytes of a string JSON escapes (serde_json escapes exactly `"`, `\` and the controls
/// below 0x20).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Escapes {
    /// None of them: the string is copied as it is.
    None,
    /// `"` or `\` but no control byte.
    QuotesOnly,
    /// A control byte (perhaps quotes too).
    Control,
}

/// Which escapes `b` needs, in one pass with a fixed number of steps for short strings (the
/// strings of a result are 5 to 100 bytes: ids, field names, messages, fixes).
///
/// Before, two vectorised folds (`needs_no_escape`, then `has_no_control` for strings with a
/// quote) did 32 then 8 bytes a step and the last 0–7 bytes one at a time at ~13 instructions a
/// byte: a 14-byte product id took ~100 instructions to check, ~115 a string on average. Here a
/// string of 16 bytes or more is read in 16-byte blocks (SSE2 compares) plus one last block
/// overlapping the one before, and a shorter one as one or two overlapping 8-byte words tested
/// all at once (SWAR), so no byte is looked at alone. Callgrind, 20k bench rows, `validate
/// --format ndjson --jobs 1`: see docs/performance.md. A proptest holds it to the byte-by-byte
/// definition ([`escapes_by_byte`] in the tests) for every length and position.
fn escapes(bytes: &[u8]) -> Escapes {
    let len = bytes.len();
    let (control, quote) = if len >= 16 {
        let mut quote = false;
        let blocks = bytes
            .chunks_exact(16)
            .filter_map(|c| <&[u8; 16]>::try_from(c).ok());
        // The early exit on a control byte is not only a short cut: without it LLVM vectorised
        // the loop over the blocks too, gathering bytes from sixteen blocks at a time.
        for block in blocks.chain(bytes.last_chunk::<16>()) {
            let (control, has_quote) = block_escapes(block);
            if control {
                return Escapes::Control;
            }
            quote |= has_quote;
        }
        (false, quote)
    } else {
        let word = if len >= 8 {
            // Bytes 0..8 and len-8..len: together every byte, some twice.
            let first = bytes
                .first_chunk::<8>()
                .map_or(0, |w| u64::from_le_bytes(*w));
            let last = bytes
                .last_chunk::<8>()
                .map_or(0, |w| u64::from_le_bytes(*w));
            return match (word_escapes(first), word_escapes(last)) {
                ((0, 0), (0, 0)) => Escapes::None,
                ((0, _), (0, _)) => Escapes::QuotesOnly,
                _ => Escapes::Control,
            };
        } else if len >= 4 {
            // Bytes 0..4 and len-4..len in one word.
            let first = bytes
                .first_chunk::<4>()
                .map_or(0, |w| u32::from_le_bytes(*w));
            let last = bytes
                .last_chunk::<4>()
                .map_or(0, |w| u32::from_le_bytes(*w));
            u64::from(first) | (u64::from(last) << 32)
        } else {
            // 0–3 bytes: the first, middle and last are all of them; the other bytes of the
            // word are spaces, which need no escape.
            match (bytes.first(), bytes.get(len / 2), bytes.last()) {
                (Some(&first), Some(&middle), Some(&last)) => {
                    u64::from_le_bytes([first, middle, last, b' ', b' ', b' ', b' ', b' '])
                }
                _ => return Escapes::None,
            }
        };
        let (control, quote) = word_escapes(word);
        (control != 0, quote != 0)
    };
    match (control, quote) {
        (true, _) => Escapes::Control,
        (false, true) => Escapes::QuotesOnly,
        (false, false) => Escapes::None,
    }
}

/// Whether 16 bytes have a control byte, and whether they have a `"` or `\`. Each fold over a
/// fixed-size array compiles to a few SSE2 instructions without a loop.
#[expect(
    clippy::needless_bitwise_bool,
    reason = "no short-circuit: the folds are vectorised"
)]
fn block_escapes(block: &[u8; 16]) -> (bool, bool) {
    let control = block.iter().fold(false, |any, &b| any | (b < 0x20));
    let quote = block
        .iter()
        .fold(false, |any, &b| any | (b == b'"') | (b == b'\\'));
    (control, quote)
}

/// The bytes of `w` (eight, little-endian) below 0x20, and those that are `"` or `\`, as masks
/// that are zero exactly when there are none. The classic SWAR tests ("has a byte less than
/// n", for n <= 128, and "has a zero byte" on `w` xor the byte looked for): a borrow can set a
/// flag above a matching byte, never one in a word without a match, so the masks are exact as
/// to whether there is one (which is all that is asked), not as to where.
fn word_escapes(w: u64) -> (u64, u64) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let control = w.wrapping_sub(ONES * 0x20) & !w & HIGH;
    let q = w ^ (ONES * u64::from(b'"'));
    let s = w ^ (ONES * u64::from(b'\\'));
    let quote = ((q.wrapping_sub(ONES) & !q) | (s.wrapping_sub(ONES) & !s)) & HIGH;
    (control, quote)
}

/// A fixed text of the program (a status, a severity, a rule's code or name), which needs no
/// escape (a test checks every one): copied between quotes without looking at its bytes.
pub(crate) fn fixed(buf: &mut Vec<u8>, s: &'static str) {
    debug_assert!(needs_no_escape(s), "{s}");
    buf.reserve(s.len() + 2);
    buf.push(b'"');
    buf.extend_from_slice(s.as_bytes());
    buf.push(b'"');
}

/// A fixed text of the program without its quotes, which the keys around it carry: a copy, where
/// [`fixed`] reserved and pushed the two quotes around it (~15 instructions a text, 6.5 texts a
/// bench row).
fn text(buf: &mut Vec<u8>, s: &'static str) {
    debug_assert!(needs_no_escape(s), "{s}");
    buf.extend_from_slice(s.as_bytes());
}

/// A rule's code without its quotes, as [`text`] writes it. Every code is seven bytes (`FL-`, a
/// letter, three digits): copied as an array of that length, a move of a length known to the
/// compiler, where `text`'s copy of a length known only at run time was a call to `memcpy`
/// (1.13 codes a bench row). Any other length goes through `text`.
fn rule_code(buf: &mut Vec<u8>, code: &'static str) {
    match <&[u8; 7]>::try_from(code.as_bytes()) {
        Ok(seven) => {
            debug_assert!(needs_no_escape(code), "{code}");
            buf.extend_from_slice(seven);
        }
        Err(_) => text(buf, code),
    }
}

/// Whether `s` has none of the bytes JSON strings escape: `"`, `\` and controls below 0x20
/// (serde_json escapes exactly these).
fn needs_no_escape(s: &str) -> bool {
    escapes(s.as_bytes()) == Escapes::None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::ResultOptions;
    use crate::rules::{Engine, EngineOptions, product_from_pairs};
    use proptest::prelude::*;

    fn float_text(v: f64) -> String {
        let mut buf = Vec::new();
        float(&mut buf, v).unwrap();
        String::from_utf8(buf).unwrap()
    }

    #[test]
    fn floats_are_written_as_serde_json_writes_them() {
        for v in [
            0.0,
            -0.0,
            0.01,
            0.05,
            0.1,
            0.5,
            1.0,
            45.5,
            51.75,
            97.5,
            100.0,
            123.45,
            1e8,
            999_999_999.99,
            1e9,
            1e9 + 0.5,
            1e15,
            1e16,
            1e21,
            0.001,
            1e-7,
            -3.5,
            0.1 + 0.2,
        ] {
            assert_eq!(float_text(v), serde_json::to_string(&v).unwrap(), "{v:?}");
        }
        assert_eq!(float_text(51.75), "51.75");
        assert_eq!(float_text(100.0), "100.0");
        assert_eq!(float_text(f64::NAN), "null");
    }

    proptest! {
        /// Whole numbers of cents, around the two fast paths' limits too, and any double.
        #[test]
        fn float_matches_serde_json(
            c in prop_oneof![0u64..100_000, 0u64..2 * SHORT_CENTS_MAX, 0u64..2 * FAST_CENTS_MAX],
            v in proptest::num::f64::ANY,
        ) {
            #[expect(clippy::cast_precision_loss, reason = "below 2^53")]
            let cents = c as f64 / 100.0;
            prop_assert_eq!(float_text(cents), serde_json::to_string(&cents).unwrap());
            prop_assert_eq!(float_text(v), serde_json::to_string(&v).unwrap());
        }
    }

    proptest! {
        /// Integers, around the short path's limit too, as itoa writes them.
        #[test]
        fn uints_are_written_as_itoa_writes_them(
            n in prop_oneof![0u64..1000, 0u64..2 * SHORT_UINT_MAX, any::<u64>()],
        ) {
            let mut buf = b"x".to_vec();
            uint(&mut buf, n);
            prop_assert_eq!(String::from_utf8(buf).unwrap(), format!("x{n}"));
        }

        /// A text of the program, written once or many times among others (its class taken
        /// from the cache), gives [`string`]'s bytes.
        #[test]
        fn static_strings_are_written_as_string_writes_them(
            texts in proptest::collection::vec(
                r"[\x00-\x1f\x22\x5c\x7f a-z\u{80}-\u{ff}]{0,40}", 1..6),
            order in proptest::collection::vec(0usize..6, 0..30),
        ) {
            let texts: Vec<&'static str> =
                texts.into_iter().map(|t| &*Box::leak(t.into_boxed_str())).collect();
            for i in order.into_iter().chain(0..texts.len()) {
                let t = texts[i % texts.len()];
                let mut got = Vec::new();
                message(&mut got, &Message::Fixed(t)).unwrap();
                let mut want = Vec::new();
                string(&mut want, t).unwrap();
                prop_assert_eq!(&got, &want);
                got.clear();
                static_string(&mut got, t).unwrap();
                prop_assert_eq!(got, want);
            }
        }
    }

    proptest! {
        /// A message written from its parts is what serde_json writes for its text (the
        /// `Display` of [`Message`], serialised by `collect_str`), and that text is the one the
        /// `format!` it replaced built: any count, any amount (whole cents or not, negative,
        /// not finite), each text the program puts around them.
        #[test]
        fn messages_are_written_as_serde_json_writes_their_text(
            n in prop_oneof![0usize..3, any::<usize>()],
            cents in prop_oneof![0u64..100_000, any::<u64>()],
            amount in proptest::num::f64::ANY,
            whole in any::<bool>(),
            rest in proptest::sample::select(vec![
                " to fix; the product is listed but at risk",
                "; the product would be disapproved",
                " may limit this product's visibility",
                "; GMC would disapprove this product",
            ]),
            worth in proptest::sample::select(vec![" worth about $", " worth $"]),
        ) {
            #[expect(clippy::cast_precision_loss, reason = "any double will do")]
            let amount = if whole { cents as f64 / 100.0 } else { amount };
            let plural = if n == 1 { "" } else { "s" };
            let noun = if n == 1 { "opportunity" } else { "opportunities" };
            let two = crate::revenue::impact::TwoDecimals(amount);
            for (m, want) in [
                (
                    Message::ComplianceIssues { n, rest },
                    format!("{n} compliance issue{plural}{rest}"),
                ),
                (
                    Message::Opportunities { n, worth, amount },
                    format!("{n} optimisation {noun}{worth}{two}/month"),
                ),
            ] {
                prop_assert_eq!(m.to_string(), want.clone());
                let mut got = Vec::new();
                message(&mut got, &m).unwrap();
                prop_assert_eq!(String::from_utf8(got).unwrap(), serde_json::to_string(&want).unwrap());
            }
        }
    }

    /// Every rule's fix and every static field name or message the cache sees more than once
    /// keeps its class: the three fixes with a quote stay escaped.
    #[test]
    fn fixes_with_quotes_are_escaped_every_time() {
        for r in crate::rules::registry() {
            for _ in 0..3 {
                let mut got = Vec::new();
                static_string(&mut got, r.fix).unwrap();
                assert_eq!(got, serde_json::to_vec(r.fix).unwrap(), "{}", r.code);
            }
        }
    }

    /// Every text written by [`fixed`] needs no escape.
    /// The one-copy `requiredFieldsCheck` is what the loop over the seven fields writes.
    #[test]
    fn all_compliant_required_fields_are_the_loops_bytes() {
        let mut want = Vec::new();
        for key in REQUIRED_KEYS {
            want.extend_from_slice(key);
            fixed(&mut want, RequiredFieldStatus::Compliant.as_str());
        }
        assert_eq!(
            String::from_utf8_lossy(ALL_REQUIRED_COMPLIANT),
            String::from_utf8_lossy(&want)
        );
    }

    /// Every rule's code is written as `text` writes it (the seven-byte path and the other).
    #[test]
    fn rule_codes_are_what_text_writes() {
        let codes = crate::rules::registry().iter().map(|r| r.code);
        for code in codes.chain(["FL-1", "", "FL-X0001"]) {
            let (mut got, mut want) = (Vec::new(), Vec::new());
            rule_code(&mut got, code);
            text(&mut want, code);
            assert_eq!(got, want, "{code}");
        }
    }

    #[test]
    fn compliance_statuses_are_what_fixed_writes() {
        use crate::rules::ComplianceStatus;
        for status in [
            ComplianceStatus::FullyCompliant,
            ComplianceStatus::PartiallyCompliant,
            ComplianceStatus::NonCompliant,
        ] {
            let mut want = b"{\"status\":".to_vec();
            fixed(&mut want, status.as_str());
            want.extend_from_slice(b",\"percentage\":");
            let mut got = Vec::new();
            status_and_percentage_key(&mut got, status);
            assert_eq!(
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(&want)
            );
        }
    }

    #[test]
    fn priorities_are_what_fixed_writes() {
        for priority in Severity::ALL {
            let mut want = b",\"overallPriority\":".to_vec();
            fixed(&mut want, priority.as_str());
            want.extend_from_slice(b",\"gmcCompliance\":");
            let mut got = Vec::new();
            priority_and_compliance_key(&mut got, priority);
            assert_eq!(
                String::from_utf8_lossy(&got),
                String::from_utf8_lossy(&want)
            );
        }
    }

    #[test]
    fn severity_and_kind_are_what_fixed_writes() {
        for severity in Severity::ALL {
            for kind in [RuleKind::Compliance, RuleKind::Performance] {
                let mut want = b",\"severity\":".to_vec();
                fixed(&mut want, severity.as_str());
                want.extend_from_slice(b",\"kind\":");
                fixed(&mut want, kind.as_str());
                let mut got = Vec::new();
                severity_and_kind(&mut got, severity, kind);
                assert_eq!(
                    String::from_utf8_lossy(&got),
                    String::from_utf8_lossy(&want)
                );
            }
        }
    }

    #[test]
    fn fixed_texts_need_no_escape() {
        use crate::model::{RuleKind, Severity};
        use crate::rules::{ComplianceStatus, RequiredFieldStatus};
        let mut texts: Vec<&str> = Vec::new();
        texts.extend(Severity::ALL.iter().map(|s| s.as_str()));
        texts.extend([RuleKind::Compliance, RuleKind::Performance].map(RuleKind::as_str));
        texts.extend(
            [
                ComplianceStatus::FullyCompliant,
                ComplianceStatus::PartiallyCompliant,
                ComplianceStatus::NonCompliant,
            ]
            .map(ComplianceStatus::as_str),
        );
        texts.extend(
            [
                RequiredFieldStatus::Compliant,
                RequiredFieldStatus::Missing,
                RequiredFieldStatus::Invalid,
            ]
            .map(RequiredFieldStatus::as_str),
        );
        for r in crate::rules::registry() {
            texts.extend([r.code, r.name]);
        }
        for t in texts {
            assert!(needs_no_escape(t), "{t}");
        }
    }

    fn both(pairs: &[(&str, &str)], options: ResultOptions) -> (String, String) {
        let p = product_from_pairs(pairs);
        let report = Engine::new(EngineOptions::default()).check(&p);
        let r = ProductResult::from_report(&report, options);
        let mut fast = Vec::new();
        write_product(&mut fast, &r).unwrap();
        let by_serde = serde_json::to_vec(&r).unwrap();
        (
            String::from_utf8(fast).unwrap(),
            String::from_utf8(by_serde).unwrap(),
        )
    }

    const ALL: ResultOptions = ResultOptions {
        market_intelligence: true,
        recommendations: true,
        business_intelligence: true,
    };

    #[test]
    fn same_bytes_as_serde_json() {
        let products: [&[(&str, &str)]; 4] = [
            &[("id", "1"), ("title", "Short")],
            &[
                ("id", "SKU-1"),
                ("title", "Acme Men's Cotton T-Shirt, Navy Blue, Size L"),
                (
                    "description",
                    "A soft shirt.\nMachine washable; \"classic\" fit.",
                ),
                ("link", "https://acme.test/p/1"),
                ("image_link", "https://acme.test/p/1.jpg"),
                ("price", "19.99 USD"),
                ("availability", "in_stock"),
                ("condition", "new"),
                ("brand", "Acme"),
                ("gtin", "4006381333931"),
            ],
            &[
                ("id", "a\\b\t\"c\""),
                ("title", "FREE SHIPPING!!! \u{1} best price"),
            ],
            &[
                ("id", "é😀"),
                ("price", "-3 XXX"),
                ("gtin", "1111111111111"),
            ],
        ];
        for pairs in products {
            for options in [ResultOptions::default(), ALL] {
                let (fast, by_serde) = both(pairs, options);
                assert_eq!(fast, by_serde);
            }
        }
    }

    #[test]
    fn the_escape_check_is_serde_jsons() {
        for b in 0u8..=0x7f {
            let s = char::from(b).to_string();
            let plain = format!("\"{s}\"");
            assert_eq!(
                needs_no_escape(&s),
                serde_json::to_string(&s).unwrap() == plain,
                "{b:#x}"
            );
        }
    }

    /// The definition [`escapes`] implements: each byte classed alone, as serde_json's escape
    /// table classes it.
    fn escapes_by_byte(b: &[u8]) -> Escapes {
        if b.iter().any(|&c| c < 0x20) {
            Escapes::Control
        } else if b.iter().any(|&c| c == b'"' || c == b'\\') {
            Escapes::QuotesOnly
        } else {
            Escapes::None
        }
    }

    /// Every length through the short cases (0–3, 4–7, 8–15 bytes) and several 16-byte blocks,
    /// a byte to escape at every position, on fillers on both sides of each boundary.
    #[test]
    fn escapes_are_found_at_every_length_and_position() {
        for n in 0..=70 {
            for filler in [b' ', b'!', b'#', b'[', b']', b'a', 0x7f, 0x80, 0xdc, 0xff] {
                let clean = vec![filler; n];
                assert_eq!(escapes(&clean), Escapes::None, "{n} {filler:#x}");
                for at in 0..n {
                    for bad in [0x00, 0x01, 0x1f, b'"', b'\\'] {
                        let mut s = clean.clone();
                        s[at] = bad;
                        assert_eq!(escapes(&s), escapes_by_byte(&s), "{n} {at} {bad:#x}");
                        // A quote elsewhere does not hide the control byte, nor the other way.
                        let mut t = s.clone();
                        t[n - 1 - at] = if bad == b'"' { 0x05 } else { b'"' };
                        assert_eq!(escapes(&t), escapes_by_byte(&t), "{n} {at} {bad:#x}");
                    }
                }
            }
        }
    }

    proptest! {
        /// Any bytes, weighted towards those JSON escapes and their neighbours.
        #[test]
        fn escapes_match_the_byte_by_byte_definition(
            b in proptest::collection::vec(
                prop_oneof![
                    any::<u8>(),
                    0x18u8..0x28,
                    0x58u8..0x60,
                    Just(b'"'),
                    Just(b'\\'),
                    0x80u8..=0xff,
                    0x20u8..0x7f,
                ],
                0..120,
            ),
        ) {
            prop_assert_eq!(escapes(&b), escapes_by_byte(&b));
        }

        /// Strings of any length made of the bytes on both sides of every boundary of the test,
        /// with or without one byte JSON escapes.
        #[test]
        fn the_escape_check_is_serde_jsons_on_long_strings(
            clean in r"[\x20\x21\x23\x5b\x5d\x7f\u{80}-\u{ff}a-z ]{0,40}",
            bad in proptest::option::of((r"[\x00-\x1f\x22\x5c]", 0usize..41)),
        ) {
            let mut s = clean;
            if let Some((b, at)) = bad {
                let at = (0..=at.min(s.len())).rev().find(|&i| s.is_char_boundary(i)).unwrap_or(0);
                s.insert_str(at, &b);
            }
            let plain = format!("\"{s}\"");
            prop_assert_eq!(needs_no_escape(&s), serde_json::to_string(&s).unwrap() == plain);
        }

        /// A string of any bytes JSON escapes or not is written as serde_json writes it.
        #[test]
        fn strings_are_written_as_serde_json_writes_them(
            s in r"[\x00-\x1f\x22\x5c\x7f a-z\u{80}-\u{ff}\u{2028}\u{2029}]{0,90}",
            quoted in r"[\x22\x5c a-z\u{80}-\u{ff}\u{2028}\u{2029}]{0,90}",
        ) {
            for s in [s, quoted] {
                let mut buf = Vec::new();
                string(&mut buf, &s).unwrap();
                prop_assert_eq!(String::from_utf8(buf).unwrap(), serde_json::to_string(&s).unwrap());
            }
        }

        /// Whatever the id and texts (quotes, backslashes, controls, non-ASCII), the bytes are
        /// serde_json's.
        #[test]
        fn any_text_gives_serde_jsons_bytes(
            id in "[a-z\"\\\\\t\u{1}\u{7f}é -]{0,12}",
            title in "[A-Za-z!\"\\\\\n\u{1f}é ]{0,40}",
            price in "[0-9. A-Z\"]{0,10}",
            all in any::<bool>(),
        ) {
            let pairs = [("id", id.as_str()), ("title", title.as_str()), ("price", price.as_str())];
            let (fast, by_serde) = both(&pairs, if all { ALL } else { ResultOptions::default() });
            prop_assert_eq!(fast, by_serde);
        }
    }
}
