//! Content rules (`FL-C`): title, description and other free text (GMC 6324415 title,
//! 6324468 description, editorial requirements), plus problems the feed reader met in a record.
//!
//! Checks only; no I/O. Phrase matchers are compiled once (LazyLock).

use crate::model::Trim;
use crate::model::text::count;
use std::sync::LazyLock;

use super::util::{
    LoweredText, PhraseSet, chars_over, chars_under, invalid_char, is_yes, text, window,
};
use super::{BASE, Hit, Rule, RuleCtx, Sink};
use crate::model::{Group, RuleKind, Severity};

use crate::catalog::fields::{DESCRIPTION_MAX, TITLE_MAX, TITLE_MIN};

/// Below this a description says too little to match searches.
pub(crate) const DESCRIPTION_MIN: usize = 20;

/// Promotional phrases GMC disapproves in titles (shoptimizer promo_text_removal config, en),
/// searched after a screen of [`PROMO_SCREEN`] ([`PhraseSet::screened`]).
pub(crate) static PROMO: LazyLock<PhraseSet> = LazyLock::new(|| {
    PhraseSet::screened(
        &[
            "free shipping",
            "free delivery",
            "best price",
            "lowest price",
            "cheapest",
            "buy now",
            "click here",
            "limited time",
            "% off",
            "sale",
            "on sale",
            "discount",
            "clearance",
            "order now",
            "shop now",
            "hot deal",
            "deal of the day",
            "bargain",
            "special offer",
            "save up to",
            "free gift",
            "money back",
            "price drop",
            "last chance",
            "while supplies last",
            "best seller",
            "bestseller",
            "top seller",
            "cheap",
            "promo",
            "coupon",
        ],
        PROMO_SCREEN,
    )
});

/// Words of which every [`PROMO`] phrase contains one: the three `free` phrases by `ee ` and
/// the letter after it (`free` alone is in most product texts, as `free returns`), `last chance`
/// and `while supplies last` by `chance` and `supplies` (`last` is in `lasting`), the three
/// `now` phrases by ` now`, `% off` and `special offer` by ` off`, the three `seller` phrases by
/// `ller`, and so on. A hit on a word that is not a phrase (`price`, ` now`...) only costs the
/// phrase search that would have run anyway. The test `promo_screen_covers_every_phrase` holds
/// the cover (without it the screen is dropped, not wrong). 20k bench rows: see
/// docs/performance.md.
///
/// `ee s`, `ee d`, `ee g`, `ller` and `learance` (for `free s`, `free d`, `free g`, `eller` and
/// `clearance`, each the same texts on the bench) start with four bytes that ordinary product
/// text rarely has: [`PROMO_OR_ADULT`]'s Teddy search checks every place a word's first four
/// bytes occur, and `free` (21,379 times in the 20k bench texts, as `free returns`), `elle`
/// (`excellent`, 1,731) and `clea` (`clean`, 3,405) were most of its checks. See
/// [`SHARED_SCREEN`] for the measured effect.
const PROMO_SCREEN: &[&str] = &[
    "ee s",
    "ee d",
    "ee g",
    "ller",
    "price",
    "cheap",
    " now",
    "deal",
    "sale",
    " off",
    "click",
    "limited",
    "learance",
    "bargain",
    "save up",
    "money back",
    "chance",
    "supplies",
    "promo",
    "coupon",
    "discount",
];

/// The adult terms FL-C027 looks for (`xxx` too, searched apart: [`adult_term`]).
static ADULT: LazyLock<PhraseSet> = LazyLock::new(|| PhraseSet::new(ADULT_TERMS));

/// [`ADULT`]'s phrases.
const ADULT_TERMS: &[&str] = &[
    "sex toy",
    "sex toys",
    "adult toy",
    "erotic",
    "vibrator",
    "dildo",
    "porn",
    "bondage",
];

/// Whether the product's lower-cased title and description may hold a [`PROMO`] phrase or an
/// [`ADULT`] phrase: one search for the [`PROMO_SCREEN`] words and the [`ADULT_TERMS`] together
/// ([`PROMO_OR_ADULT`]), run once per product by the first of FL-C005, FL-C017 and FL-C027 to
/// ask. Where it finds none (98.8% of the bench products) neither set can match and both
/// searches are skipped; where it finds one each set searches as before, so the answers never
/// depend on it. Two searches of the ~410 bytes each product went through before (the PROMO
/// screen with slim Teddy and the ADULT phrases with slim Teddy) cost more than one fat Teddy
/// search of the 29 words (16 buckets, ~2 words a bucket): in a stand-alone program over the
/// 20k bench texts, 1,060 + 584 instructions a text against 1,224. Callgrind, 20k bench rows:
/// see docs/performance.md.
fn may_promote_or_be_adult(lowered: &LoweredText) -> bool {
    lowered.screen_once(|joined| {
        PROMO_OR_ADULT
            .as_ref()
            .is_none_or(|screen| screen.find(joined).is_some())
    })
}

/// [`may_promote_or_be_adult`]'s searcher: fat Teddy over [`SHARED_SCREEN`], the words of
/// [`PROMO_SCREEN`] and [`ADULT_TERMS`] (their shortest word has four bytes, so it matches on
/// four-byte fingerprints). `None` where the packed searcher is not available (no AVX2/SSSE3):
/// every text is then searched by both sets.
static PROMO_OR_ADULT: LazyLock<Option<aho_corasick::packed::Searcher>> = LazyLock::new(|| {
    aho_corasick::packed::Config::new()
        .match_kind(aho_corasick::packed::MatchKind::LeftmostFirst)
        .only_teddy_fat(Some(true))
        .builder()
        .extend(SHARED_SCREEN)
        .build()
});

/// The words of [`PROMO_SCREEN`] and [`ADULT_TERMS`] (the test
/// `the_shared_screen_is_the_two_lists` holds it), in the order that makes the fewest Teddy
/// checks on the bench texts. The screen only asks whether any word occurs, so the order
/// changes its cost, not its answer. aho-corasick 1.1.5 puts the `i`-th word in fat Teddy's
/// bucket `15 - i % 16` (words with the same low nibbles in their first four bytes share one),
/// so words `i` and `i + 16` share a bucket, and a bucket matches a byte whose low nibble is
/// that of either word's byte there and whose high nibble is either's: a pair of words matches
/// mixtures of the two. In the order of the two lists, `cheap` with `sex toy` matched ~19,700
/// places of the 20k bench texts and `ee d` with `supplies` ~19,900, none a word; this order
/// was found by swapping words while the count of places (simulated over the texts) fell,
/// 119,187 -> 419 (303 of them the words themselves).
///
/// Stand-alone (aho-corasick 1.1.5, callgrind, the 20k bench texts lower-cased and joined, one
/// search each; 245 texts pass in every variant): the two lists as before 31.79M, with the five
/// new words of [`PROMO_SCREEN`] 28.24M, and in this order 23.30M (1,590 -> 1,165 a text).
const SHARED_SCREEN: &[&str] = &[
    "sex toy",
    "promo",
    "bargain",
    "sale",
    "vibrator",
    "ee s",
    "limited",
    "chance",
    "money back",
    "save up",
    "deal",
    "ller",
    "dildo",
    " now",
    "price",
    "porn",
    "click",
    "discount",
    "ee g",
    "erotic",
    "supplies",
    "sex toys",
    "learance",
    "coupon",
    "ee d",
    "adult toy",
    "bondage",
    " off",
    "cheap",
];

/// The first adult term at word boundaries in `lowered` (a text without ASCII capitals): the
/// [`ADULT`] phrases and `xxx`, as one search of all nine would find it. `xxx` is searched apart
/// with memchr's substring search: with it the nine terms took fat Teddy (more phrases than slim
/// Teddy's eight buckets) on three-byte fingerprints (its shortest phrase), which stop at many
/// places of ordinary text; the other eight take slim Teddy (32 bytes a step) on four-byte ones.
/// Merging by position gives the one search's answer: no occurrence of `xxx` overlaps one of the
/// other terms (only `sex toy` has an `x`, between `e` and a space), so neither search's matches
/// hide or shift the other's, and the one search's first match at word boundaries is the
/// earlier of the two searches' firsts. Callgrind, 20k bench rows: see docs/performance.md.
///
/// `phrases_may_occur` false (the shared screen, [`may_promote_or_be_adult`], found none of the
/// [`ADULT`] phrases) skips their search.
fn adult_term(lowered: &str, phrases_may_occur: bool) -> Option<&'static str> {
    let b = lowered.as_bytes();
    // A match of `xxx` at word boundaries: not preceded nor followed by a letter or digit (as
    // `PhraseSet::bounded` tests). Found from each `x` (a bench text has 0.24 of them) with
    // memchr rather than with memmem's `xxx` searcher, whose set-up per call cost more: in a
    // stand-alone program over the 20k bench texts 153 against 214 instructions a text. Every
    // position is tried where memmem's matches do not overlap, but an `xxx` that overlaps an
    // earlier one has an `x` before it and is not at a word boundary: the same first match.
    let xxx = memchr::memchr_iter(b'x', b).find(|&i| {
        b.get(i..i + 3) == Some(b"xxx".as_slice())
            && (i == 0 || !b[i - 1].is_ascii_alphanumeric())
            && b.get(i + 3).is_none_or(|c| !c.is_ascii_alphanumeric())
    });
    let phrase = if phrases_may_occur {
        ADULT.find_lowered_at(lowered)
    } else {
        None
    };
    match (phrase, xxx) {
        (Some((at, _)), Some(x)) if x < at => Some("xxx"),
        (Some((_, term)), _) => Some(term),
        (None, x) => x.map(|_| "xxx"),
    }
}

static USED_WORDS: LazyLock<PhraseSet> = LazyLock::new(|| {
    PhraseSet::new(&[
        "used",
        "pre-owned",
        "preowned",
        "second hand",
        "second-hand",
        "secondhand",
    ])
});

/// Whether the lower-cased `title` may hold one of [`USED_WORDS`]: each has a `d` after `se`
/// (`used`), `ne` (`pre-owned`, `preowned`) or `on` (the three `second` words), and a title
/// without such a `d` (most) is answered by a memchr instead of a Teddy search, whose start-up
/// is most of its cost on a title of ~40 bytes. Callgrind, 20k bench rows: see
/// docs/performance.md.
fn may_say_used(title: &str) -> bool {
    let b = title.as_bytes();
    memchr::memchr_iter(b'd', b).any(|i| i >= 2 && matches!(&b[i - 2..i], b"se" | b"ne" | b"on"))
}

/// HTML tags GMC allows in descriptions (GMC 6324468: plain formatting only).
const ALLOWED_TAGS: &[&str] = &[
    "b", "strong", "i", "em", "u", "ul", "ol", "li", "br", "p", "sub", "sup",
];

/// PROMO in `field` (title or description) when it is given, searched in both at once
/// ([`PhraseSet::find_in_each`]) by the first of the two rules to run.
fn promo_in(field: &'static str, ctx: &RuleCtx, out: &mut Sink) {
    let given = if field == "description" {
        ctx.description
    } else {
        ctx.title
    };
    if given.is_some() {
        let found = ctx.promo.get_or_init(|| {
            if may_promote_or_be_adult(&ctx.lowered) {
                PROMO.find_in_each(&ctx.lowered)
            } else {
                [None, None]
            }
        });
        if let Some(phrase) = found[usize::from(field == "description")] {
            out.push(Hit {
                field,
                message: format!("{field} contains the promotional phrase \"{phrase}\""),
            });
        }
    }
}

/// Words of 4+ letters written entirely in capitals, and all words of 4+ letters.
fn caps_words(s: &str) -> (usize, usize) {
    // One pass over the characters (no splitting, no second count per word).
    let mut caps = 0;
    let mut words = 0;
    let mut len = 0_usize;
    let mut upper = true;
    let mut step = |alphabetic: bool, uppercase: bool| {
        if alphabetic {
            len += 1;
            upper &= uppercase;
        } else {
            if len >= 4 {
                words += 1;
                caps += usize::from(upper);
            }
            len = 0;
            upper = true;
        }
    };
    if s.is_ascii() {
        // The same classes as below for ASCII, without decoding characters.
        for b in s.bytes().chain(std::iter::once(b' ')) {
            step(b.is_ascii_alphabetic(), b.is_ascii_uppercase());
        }
    } else {
        for c in s.chars().chain(std::iter::once(' ')) {
            step(c.is_alphabetic(), c.is_uppercase());
        }
    }
    (caps, words)
}

fn shouting(s: &str) -> bool {
    // Three capitalised words of 4+ letters need at least 12 capital letters, each an ASCII
    // capital or a character with a byte >= 0x80: text with fewer such bytes cannot shout. A
    // byte count the compiler vectorises, before the word pass.
    if capitals_or_non_ascii(s.as_bytes()) < 12 || !has_capital_run(s.as_bytes()) {
        return false;
    }
    let (caps, words) = caps_words(s);
    caps >= 3 && caps * 2 > words
}

/// The bytes of `x` (eight, little-endian) that are ASCII capitals or non-ASCII, as their high
/// bits (0x80).
fn capital_flags(x: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ONES: u64 = 0x0101_0101_0101_0101;
    let low = x & LOW7;
    // Per byte, without carries between bytes (0x7f + 0x3f < 0x100): the high bit of
    // `low + 0x3f` is set from `A` (0x41) up, that of `low + 0x25` from `[` (0x5b) up.
    let capital = (low + 0x3f * ONES) & !(low + 0x25 * ONES);
    (x | capital) & HIGH
}

/// Whether `s` has four bytes in a row that are ASCII capitals or non-ASCII: a capitalised word
/// of four letters or more has them (an upper-case letter is an ASCII capital or a character of
/// bytes >= 0x80). Most descriptions have a dozen capitals but no such run, and the check spares
/// them the word pass. Eight bytes at a time: a run that ends in a word starts in its first five
/// bytes or in the last three of the word before, so a word without a flagged byte (most) is
/// answered by one test.
fn has_capital_run(s: &[u8]) -> bool {
    let run = |f: u64| f & (f >> 8) & (f >> 16) & (f >> 24) != 0;
    // The flags of the word before, and of each word with the last three of the one before.
    let mut prev = 0_u64;
    let mut words = s.chunks_exact(8);
    for w in &mut words {
        let f = capital_flags(u64::from_le_bytes(window(w, 0)));
        if f != 0 && (run(f) || run((prev >> 40) | (f << 24))) {
            return true;
        }
        prev = f;
    }
    let f = capital_flags(u64::from_le_bytes(window(words.remainder(), 0)));
    f != 0 && (run(f) || run((prev >> 40) | (f << 24)))
}

/// How many bytes of `s` are ASCII capitals or non-ASCII. Each run of up to
/// [`CAPITALS_CHUNK`] bytes is counted in a `u8` without a branch, which the compiler turns
/// into 16-byte vector steps: on the bench descriptions (~400 bytes) FL-C019 took 88 ns per
/// product against 106 with the count eight bytes at a time in a `u64` (SWAR) before it
/// (titles, ~50 bytes: 28 against 25 ns).
fn capitals_or_non_ascii(s: &[u8]) -> usize {
    s.chunks(CAPITALS_CHUNK)
        .map(|c| {
            usize::from(c.iter().fold(0_u8, |n, &b| {
                n.wrapping_add(u8::from(b.wrapping_sub(b'A') < 26) | u8::from(b >= 0x80))
            }))
        })
        .sum()
}

/// The run [`capitals_or_non_ascii`] counts in a `u8`: 224 bytes, the largest multiple of the
/// vector loop's 32-byte step under 256, so that only a text's last run has a tail of scalar
/// and eight-byte steps (255, the most a `u8` holds, left 31 bytes of tail in every run).
/// Callgrind, 20k bench rows: `shouting` 19.50M -> 17.09M inclusive (-120 instructions a row).
const CAPITALS_CHUNK: usize = 224;

/// FL-C025: the label `v` of `field`, when it has more than 100 characters.
///
/// Called once per label with the name written out, inlined: in the loop over an array of the
/// five names it replaced, each name was a value at run time, so each look-up hashed it for its
/// bucket (`Product::position`) where a literal name folds to a constant (as the media rules'
/// helpers since "1518fa0" in docs/performance.md).
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "the field name folds to a constant in each caller (see above)"
)]
fn label_too_long(v: Option<&str>, field: &'static str, out: &mut Sink) {
    if let Some(n) = v.and_then(|v| chars_over(v, 100)) {
        out.push(Hit {
            field,
            message: format!("{field} has {n} characters; at most 100 are allowed"),
        });
    }
}

fn repeated_punctuation(s: &str) -> Option<String> {
    // Every hit below has one of these bytes: most titles have none, answered in one pass
    // (without an early exit, so that the compiler vectorises it).
    if !s.bytes().fold(false, |any, b| {
        any | matches!(
            b,
            b'!' | b'?' | b'*' | b'$' | b'#' | b'@' | b'~' | b'+' | b'.'
        )
    }) {
        return None;
    }
    for (a, c) in s.chars().zip(s.chars().skip(1)) {
        let gimmick = ['!', '?', '*', '$', '#', '@', '~', '+'];
        if gimmick.contains(&a) && gimmick.contains(&c) && (a == c || (a != '*' && c != '*')) {
            return Some(format!("{a}{c}"));
        }
    }
    s.contains("....").then(|| "....".to_owned())
}

/// A word of three or more characters that the title uses three or more times (compared
/// lower-cased), the alphabetically first such word when several are.
fn stuffed_word(t: &str) -> Option<String> {
    if t.is_ascii() {
        if !may_repeat_thrice(t.as_bytes()) {
            return None;
        }
        // The same words as below for ASCII text, compared without a lower-cased copy. A title
        // has a handful of words: each is compared with the words after it (a word used three
        // times has two equals after its first use), cheaper than sorting them (~1,470 → ~1,070
        // instructions per bench title). Many words take the sort, which does not grow with the
        // square of their number.
        let mut words: Words<'_> = smallvec::SmallVec::new();
        let mut start = 0;
        for (i, c) in t.bytes().enumerate() {
            if !c.is_ascii_alphanumeric() {
                if i - start >= 3 {
                    words.push(&t[start..i]);
                }
                start = i + 1;
            }
        }
        if t.len() - start >= 3 {
            words.push(&t[start..]);
        }
        if words.len() > STUFFED_PAIRWISE_MAX {
            return stuffed_word_sorted(words);
        }
        let mut first: Option<&str> = None;
        for (i, w) in words.iter().enumerate() {
            if first.is_some_and(|f| caseless_cmp(w, f).is_ge()) {
                continue;
            }
            let mut later = words[i + 1..].iter().filter(|v| v.eq_ignore_ascii_case(w));
            if later.nth(1).is_some() {
                first = Some(w);
            }
        }
        return first.map(str::to_ascii_lowercase);
    }
    stuffed_word_lowered(t)
}

/// Whether some word of three or more letters or digits may occur three times in the ASCII
/// text `t`, compared case-insensitively: each word is hashed (its bytes with the case bit set)
/// into a table of [`SCREEN_SLOTS`] counts. Only a title that may is compared word by word
/// ([`stuffed_word`]); a "may" from two words that share a hash, or from a title of more words
/// than the table takes, is settled there. One pass over the bytes and a probe per word: on
/// the bench titles (none stuffed) FL-C021 126 -> 106 ns per product (the branches at word
/// ends, not the comparisons, are most of what is left).
fn may_repeat_thrice(t: &[u8]) -> bool {
    let mut hashes = [0_u32; SCREEN_SLOTS];
    let mut counts = [0_u8; SCREEN_SLOTS];
    let mut words = 0;
    let mut hash = 0_u32;
    let mut len = 0_usize;
    for &c in t.iter().chain(std::iter::once(&b' ')) {
        // One table load both classifies the byte and lower-cases it: `is_ascii_alphanumeric`'s
        // range tests cost ~5.4 instructions a byte, the most of this loop. Callgrind, 20k
        // bench rows: `content::RULES::batch` 162.83M -> 159.19M inclusive (-182 a row).
        let folded = WORD_BYTES[usize::from(c)];
        if folded != 0 {
            hash = hash.rotate_left(5) ^ u32::from(folded);
            len += 1;
            continue;
        }
        if len >= 3 {
            words += 1;
            if words > SCREEN_SLOTS / 2 {
                return true;
            }
            if third_sighting(&mut hashes, &mut counts, hash) {
                return true;
            }
        }
        hash = 0;
        len = 0;
    }
    false
}

/// Counts one more sighting of the word hashed to `hash` in [`may_repeat_thrice`]'s table
/// (open addressing, linear probing) and says whether it is the third.
#[inline]
fn third_sighting(
    hashes: &mut [u32; SCREEN_SLOTS],
    counts: &mut [u8; SCREEN_SLOTS],
    hash: u32,
) -> bool {
    let mut slot = (hash.wrapping_mul(0x9E37_79B1) >> 27) as usize % SCREEN_SLOTS;
    while counts[slot] != 0 && hashes[slot] != hash {
        slot = (slot + 1) % SCREEN_SLOTS;
    }
    hashes[slot] = hash;
    counts[slot] += 1;
    counts[slot] == 3
}

/// Each byte that is an ASCII letter or digit lower-cased (`| 0x20` lower-cases a letter and
/// keeps a digit), every other byte 0: [`may_repeat_thrice`]'s classifier.
static WORD_BYTES: [u8; 256] = {
    let mut table = [0_u8; 256];
    let mut c = 0;
    while c < 256 {
        #[allow(clippy::cast_possible_truncation, reason = "c < 256")]
        let b = c as u8;
        if b.is_ascii_alphanumeric() {
            table[c] = b | 0x20;
        }
        c += 1;
    }
    table
};

/// Slots of [`may_repeat_thrice`]'s table, kept at most half full.
const SCREEN_SLOTS: usize = 32;

/// The order of two ASCII words' lower-cased bytes.
fn caseless_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    a.bytes()
        .map(|c| c.to_ascii_lowercase())
        .cmp(b.bytes().map(|c| c.to_ascii_lowercase()))
}

/// Above this many words an ASCII title's words are sorted rather than compared in pairs (and
/// no longer fit [`Words`] without an allocation).
const STUFFED_PAIRWISE_MAX: usize = 24;

/// The words of a title, kept inline up to [`STUFFED_PAIRWISE_MAX`].
type Words<'a> = smallvec::SmallVec<[&'a str; STUFFED_PAIRWISE_MAX]>;

/// [`stuffed_word`] for the words of an ASCII title: sorted by their lower-cased bytes, the
/// first word equal to the one two places after it.
fn stuffed_word_sorted(mut sorted: Words<'_>) -> Option<String> {
    sorted.sort_unstable_by(|a, b| caseless_cmp(a, b));
    sorted
        .windows(3)
        .find(|w| w[0].eq_ignore_ascii_case(w[2]))
        .map(|w| w[0].to_ascii_lowercase())
}

/// [`stuffed_word`] by its definition: the words of a lower-cased copy, sorted.
fn stuffed_word_lowered(t: &str) -> Option<String> {
    let lower = t.to_lowercase();
    let mut sorted: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3)
        .collect();
    sorted.sort_unstable();
    sorted
        .windows(3)
        .find(|w| w[0] == w[2])
        .map(|w| w[0].to_owned())
}

fn html_tags(s: &str) -> impl Iterator<Item = String> + '_ {
    memchr::memchr_iter(b'<', s.as_bytes()).filter_map(move |i| {
        let rest = &s[i + 1..];
        let rest = rest.strip_prefix('/').unwrap_or(rest);
        let name: String = rest
            .chars()
            .take_while(char::is_ascii_alphanumeric)
            .collect::<String>()
            .to_ascii_lowercase();
        let closes = rest[name.len()..].contains('>');
        (!name.is_empty() && name.starts_with(|c: char| c.is_ascii_alphabetic()) && closes)
            .then_some(name)
    })
}

/// The script marker of `lowered`, a text without ASCII capitals (the rule context's
/// [`super::util::LoweredText`]).
fn has_script(lowered: &str) -> Option<&'static str> {
    // Every marker of `script_marker` has a `<` or `=`, or is `javascript:`: text with none of
    // them (almost every text) is answered with one search.
    let b = lowered.as_bytes();
    if memchr::memchr2(b'<', b'=', b).is_none()
        && !memchr::memchr_iter(b':', b).any(|i| i >= 10 && &b[i - 10..i] == b"javascript")
    {
        return None;
    }
    script_marker(lowered)
}

/// The script marker a text without ASCII capitals has. Which one is reported follows the order
/// below, not the position in the text.
fn script_marker(l: &str) -> Option<&'static str> {
    if l.contains("<script") {
        Some("<script>")
    } else if l.contains("javascript:") {
        Some("javascript:")
    } else if l.contains("<iframe") {
        Some("<iframe>")
    } else if [" onclick=", " onload=", " onerror=", " onmouseover="]
        .iter()
        .any(|h| l.contains(h))
    {
        Some("an event handler attribute")
    } else {
        None
    }
}

/// Whether `lowered`, a text without ASCII capitals (the rule context's
/// [`super::util::LoweredText`]), has a web address.
fn has_url(lowered: &str) -> bool {
    // `http://` and `https://` are found from their `:`, `www.` from its `.`: one pass over the
    // few of those bytes a description has (a substring searcher built per call cost more than
    // the search).
    let b = lowered.as_bytes();
    if !may_have_url(b) {
        return false;
    }
    memchr::memchr2_iter(b':', b'.', b).any(|i| {
        let (before, after) = b.split_at(i);
        if after[0] == b'.' {
            before.ends_with(b"www")
        } else {
            after.starts_with(b"://") && (before.ends_with(b"http") || before.ends_with(b"https"))
        }
    })
}

/// Whether `b` has `:/` or `w.`, two bytes every web address [`has_url`] looks for has
/// (`http://`, `https://`, `www.`): one pass over the byte pairs without an early exit, which
/// the compiler vectorises. Most texts have neither (a bench description has a `:` after its
/// brand and three or four sentence ends, each of which took a memchr2 call of ~90
/// instructions in the exact search), and are answered by it. Callgrind, 20k bench rows: see
/// docs/performance.md.
#[allow(
    clippy::needless_bitwise_bool,
    reason = "branch-free on purpose: lazy operators stop the vectorisation"
)]
fn may_have_url(b: &[u8]) -> bool {
    let next = b.get(1..).unwrap_or_default();
    b.iter().zip(next).fold(false, |any, (&c, &d)| {
        any | ((c == b':') & (d == b'/')) | ((c == b'w') & (d == b'.'))
    })
}

pub(crate) const RULES: &[Rule] = &[
    Rule {
        code: "FL-C001",
        name: "record-read-issue",
        group: Group::Content,
        severity: Severity::High,
        fields: &[],
        what: "Problems the feed reader met inside this record that did not stop the feed: a CSV row with too few or too many cells, an XML item with a malformed child element, a value that could not be decoded.",
        why: "A platform reading the same record either rejects it or silently shifts values into the wrong attributes, so the listed attributes may not be what you meant.",
        example: "A tab-separated row with 12 cells under a 14-column header.",
        fix: "Open the feed at the reported line and repair the record's structure (cell count, quoting, element nesting, encoding).",
        check: product_check!(|p, _, out| {
            for issue in &p.read_issues {
                out.push(Hit {
                    field: "record",
                    message: format!("line {}: {}", issue.line, issue.message),
                });
            }
        }),
        pass: &[("id", "1")],
        fail: &[
            ("id", "1"),
            ("@read_issue", "row has 3 fields, header has 5"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-C002",
        name: "title-missing",
        severity: Severity::Critical,
        fields: &["title"],
        what: "That the product has a non-blank `title` (required for every product; spec 2.1, GMC 6324415).",
        why: "A product without a title is disapproved: there is nothing to show in the listing or to match against searches.",
        example: "`title` absent or `title=\"   \"`.",
        fix: "Give every product a specific title: brand, product type and the attributes that distinguish it (size, colour, material).",
        check: product_check!(|_, ctx, out| {
            if ctx.title.is_none() {
                out.push(Hit {
                    field: "title",
                    message: "title is missing or empty".into(),
                });
            }
        }),
        pass: &[("title", "Acme Steel Water Bottle 750 ml, Blue")],
        fail: &[("title", " ")],
        ..BASE
    },
    Rule {
        code: "FL-C003",
        name: "title-too-short",
        fields: &["title"],
        what: "That the title has at least 25 characters (spec 2.1 and 8: titles are 25–150 characters).",
        why: "Very short titles match few searches and are flagged by the validation service as out of range; shoppers cannot tell the product from similar ones.",
        example: "`title=\"Loviti Spring Pumps\"` (19 characters).",
        fix: "Add the brand, product type and distinguishing attributes until the title is 25 characters or more.",
        check: product_check!(|_, ctx, out| {
            if let Some(t) = ctx.title {
                if let Some(n) = chars_under(t.trim_fast(), TITLE_MIN) {
                    out.push(Hit {
                        field: "title",
                        message: format!(
                            "title has {}; at least {TITLE_MIN} are required",
                            count(n, "character")
                        ),
                    });
                }
            }
        }),
        pass: &[("title", "Acme Steel Water Bottle 750 ml")],
        fail: &[("title", "Water Bottle")],
        ..BASE
    },
    Rule {
        code: "FL-C004",
        name: "title-too-long",
        severity: Severity::High,
        fields: &["title"],
        what: "That the title has at most 150 characters (spec 2.1 and 8; GMC 6324415).",
        why: "Titles over 150 characters are rejected or cut; the words that matter most are easily lost.",
        example: "A 180-character title listing every keyword the product might match.",
        fix: "Shorten the title to 150 characters, keeping the most important words in the first 70.",
        check: product_check!(|_, ctx, out| {
            if let Some(t) = ctx.title {
                if let Some(n) = chars_over(t, TITLE_MAX) {
                    out.push(Hit {
                        field: "title",
                        message: format!(
                            "title has {n} characters; at most {TITLE_MAX} are allowed"
                        ),
                    });
                }
            }
        }),
        pass: &[("title", "Acme Steel Water Bottle 750 ml")],
        fail: &[("title#20", "Acme Bottle ")],
        ..BASE
    },
    Rule {
        code: "FL-C005",
        name: "title-promotional-text",
        severity: Severity::High,
        fields: &["title"],
        what: "That the title contains no promotional phrase such as \"free shipping\", \"sale\", \"best price\", \"buy now\" or \"% off\" (matched on word boundaries, case-insensitively).",
        why: "GMC's editorial requirements disapprove titles with promotional text; prices and offers belong in price, sale_price and promotions.",
        example: "`title=\"Acme Running Shoes - FREE SHIPPING\"`.",
        fix: "Remove the promotional words from the title; use sale_price, shipping and promotions for offers.",
        check: product_check!(|_, ctx, out| promo_in("title", ctx, out)),
        pass: &[("title", "Acme Wholesale-Grade Running Shoes for Men")],
        fail: &[("title", "Acme Running Shoes for Men - Free Shipping")],
        ..BASE
    },
    Rule {
        code: "FL-C006",
        name: "title-excessive-capitals",
        fields: &["title"],
        what: "That the title is not written mostly in capitals: it fires when at least three words of four or more letters are all capitals and they make up more than half of such words. Short acronyms (LED, TV, USB) do not count.",
        why: "GMC's editorial requirements disapprove gimmicky capitalisation; it also reads as shouting to shoppers.",
        example: "`title=\"SUPER COMFORTABLE RUNNING SHOES for men\"`.",
        fix: "Write the title in sentence or title case; keep capitals for brand names and acronyms.",
        check: product_check!(|_, ctx, out| {
            if let Some(t) = ctx.title {
                if shouting(t) {
                    out.push(Hit {
                        field: "title",
                        message: "title is written mostly in capital letters".into(),
                    });
                }
            }
        }),
        pass: &[("title", "LG 22LB4510 22\" LED TV 1080p (FullHD)")],
        fail: &[("title", "SUPER COMFORTABLE RUNNING SHOES for men")],
        ..BASE
    },
    Rule {
        code: "FL-C007",
        name: "title-repeated-punctuation",
        fields: &["title"],
        what: "That the title has no gimmicky punctuation: two of `! ? * $ # @ ~ +` in a row, or four or more dots.",
        why: "Repeated punctuation and symbols used for attention are an editorial disapproval reason (Google Ads editorial policy, GMC 6324415).",
        example: "`title=\"Amazing Running Shoes!!!\"`.",
        fix: "Remove the repeated punctuation; let the product attributes speak.",
        check: product_check!(|_, ctx, out| {
            if let Some(t) = ctx.title {
                if let Some(seq) = repeated_punctuation(t) {
                    out.push(Hit {
                        field: "title",
                        message: format!("title contains the gimmicky punctuation \"{seq}\""),
                    });
                }
            }
        }),
        pass: &[("title", "Acme Running Shoes, Blue - Size 42!")],
        fail: &[("title", "Amazing Acme Running Shoes!!!")],
        ..BASE
    },
    Rule {
        code: "FL-C008",
        name: "title-invalid-characters",
        severity: Severity::High,
        fields: &["title"],
        what: "That the title has no control characters, Unicode private-use characters (U+E000–U+F8FF, planes 15–16) or replacement characters (U+FFFD, the mark of a decoding error).",
        why: "GMC disapproves titles with invalid characters (shoptimizer invalid-chars-optimizer); they show as boxes or garbage to shoppers.",
        example: "A title exported from a design tool with the icon character U+E001.",
        fix: "Remove the characters, and check the feed's encoding if U+FFFD appears.",
        check: product_check!(|p, ctx, out| {
            // The context's title is the first value when it is not blank, so only a blank
            // one (absent from the context) takes a look-up of its own.
            if let Some(t) = ctx.title.or_else(|| p.get("title")) {
                if let Some(c) = invalid_char(t, false) {
                    out.push(Hit {
                        field: "title",
                        message: format!(
                            "title contains the invalid character U+{:04X}",
                            u32::from(c)
                        ),
                    });
                }
            }
        }),
        pass: &[("title", "Acme Running Shoes — Blue, Size 42")],
        fail: &[("title", "Acme Running Shoes \u{E001} Blue Size 42")],
        ..BASE
    },
    Rule {
        code: "FL-C009",
        name: "title-surrounding-whitespace",
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["title"],
        what: "That the title does not start or end with whitespace.",
        why: "Leading and trailing spaces are usually left over from a broken export; they waste characters and can hide other truncation problems.",
        example: "`title=\" Acme Running Shoes for Men \"`.",
        fix: "Trim the title in the export.",
        check: product_check!(|_, ctx, out| {
            if let Some(t) = ctx.title {
                if t.trim_fast() != t {
                    out.push(Hit {
                        field: "title",
                        message: "title starts or ends with whitespace".into(),
                    });
                }
            }
        }),
        pass: &[("title", "Acme Running Shoes for Men, Blue")],
        fail: &[("title", " Acme Running Shoes for Men, Blue ")],
        ..BASE
    },
    Rule {
        code: "FL-C010",
        name: "title-repeated-whitespace",
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["title"],
        what: "That the title has no runs of two or more spaces, and no tab or line break inside it.",
        why: "Runs of whitespace are a sign of an empty template placeholder (\"Acme  Shoes\" where a colour was meant) and look careless in listings.",
        example: "`title=\"Acme  Running Shoes\"`.",
        fix: "Collapse the whitespace and fill the empty template slot.",
        check: product_check!(|_, ctx, out| {
            if let Some(t) = ctx.title {
                let t = t.trim_fast();
                if super::util::has_double_space_or_break(t) {
                    out.push(Hit {
                        field: "title",
                        message: "title contains repeated whitespace or a line break".into(),
                    });
                }
            }
        }),
        pass: &[("title", "Acme Running Shoes for Men, Blue")],
        fail: &[("title", "Acme  Running Shoes for Men, Blue")],
        ..BASE
    },
    Rule {
        code: "FL-C011",
        name: "description-missing",
        severity: Severity::High,
        fields: &["description"],
        what: "That the product has a non-blank `description` (required by GMC 7052112 and the spec's requiredFieldsCheck).",
        why: "Products without a description are disapproved and match far fewer searches.",
        example: "An RSS item with no `<description>` element.",
        fix: "Write a description of what the product is, its main features and what makes it different (plain text, up to 5,000 characters).",
        check: product_check!(|_, ctx, out| {
            if ctx.description.is_none() {
                out.push(Hit {
                    field: "description",
                    message: "description is missing or empty".into(),
                });
            }
        }),
        pass: &[(
            "description",
            "Stainless steel bottle that keeps drinks cold for 24 hours.",
        )],
        fail: &[("title", "Acme Steel Water Bottle 750 ml")],
        ..BASE
    },
    Rule {
        code: "FL-C012",
        name: "description-too-long",
        kind: RuleKind::Performance,
        fields: &["description"],
        what: "That the description has at most 5,000 characters (GMC 6324468).",
        why: "Text beyond 5,000 characters is truncated, so whatever you put at the end is never shown.",
        example: "A description with the full manual pasted in (12,000 characters).",
        fix: "Shorten the description to 5,000 characters, keeping the most useful information first.",
        check: product_check!(|_, ctx, out| {
            if let Some(d) = ctx.description {
                if let Some(n) = chars_over(d, DESCRIPTION_MAX) {
                    out.push(Hit {
                        field: "description",
                        message: format!(
                            "description has {n} characters; at most {DESCRIPTION_MAX} are shown"
                        ),
                    });
                }
            }
        }),
        pass: &[(
            "description",
            "Stainless steel bottle that keeps drinks cold for 24 hours.",
        )],
        fail: &[("description#600", "Long text. ")],
        ..BASE
    },
    Rule {
        code: "FL-C013",
        name: "description-too-short",
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["description"],
        what: "That a description, when given, has at least 20 characters.",
        why: "A description of a few words adds nothing for search matching or for the shopper deciding to click.",
        example: "`description=\"Nice shoes\"`.",
        fix: "Describe the product: what it is, what it is made of, what it is for, its key specifications.",
        check: product_check!(|_, ctx, out| {
            if let Some(d) = ctx.description {
                if let Some(n) = chars_under(d.trim_fast(), DESCRIPTION_MIN) {
                    out.push(Hit {
                        field: "description",
                        message: format!("description has only {}", count(n, "character")),
                    });
                }
            }
        }),
        pass: &[(
            "description",
            "A smart pair of bootcut jeans in stretch cotton.",
        )],
        fail: &[("description", "Nice shoes")],
        ..BASE
    },
    Rule {
        code: "FL-C014",
        name: "description-script-content",
        severity: Severity::High,
        fields: &["description"],
        what: "That the description contains no script: `<script>`, `<iframe>`, `javascript:` URLs or inline event handlers (`onclick=`...).",
        why: "GMC 6324468 allows only plain formatting in descriptions; active content is rejected and can be treated as malicious.",
        example: "`description=\"Great shoes <script>track()</script>\"`.",
        fix: "Strip scripts and event handlers from the description export; keep plain text with simple formatting.",
        check: product_check!(|_, ctx, out| {
            if ctx.description.is_some() {
                if let Some(what) = has_script(ctx.lowered.description()) {
                    out.push(Hit {
                        field: "description",
                        message: format!("description contains {what}"),
                    });
                }
            }
        }),
        pass: &[("description", "Great <b>leather</b> shoes for daily wear.")],
        fail: &[(
            "description",
            "Great shoes <script>track()</script> for daily wear.",
        )],
        ..BASE
    },
    Rule {
        code: "FL-C015",
        name: "description-unsupported-html",
        severity: Severity::Low,
        fields: &["description"],
        what: "That HTML in the description is limited to plain formatting tags (b, strong, i, em, u, ul, ol, li, br, p, sub, sup).",
        why: "Other markup (div, span, table, img, style, a) is not rendered; it shows as literal text or is stripped in ways you do not control (GMC 6324468).",
        example: "`description=\"<div class='x'><span>Soft cotton</span></div>\"`.",
        fix: "Export the description as plain text or with the allowed formatting tags only.",
        check: product_check!(|_, ctx, out| {
            if let Some(d) = ctx.description {
                if let Some(tag) = html_tags(d)
                    .find(|t| !ALLOWED_TAGS.contains(&t.as_str()) && t != "script" && t != "iframe")
                {
                    out.push(Hit {
                        field: "description",
                        message: format!("description contains the unsupported HTML tag <{tag}>"),
                    });
                }
            }
        }),
        pass: &[(
            "description",
            "<p>Soft <strong>cotton</strong> shirt.</p><ul><li>Machine washable</li></ul>",
        )],
        fail: &[(
            "description",
            "<div class='x'><span>Soft cotton shirt</span></div>",
        )],
        ..BASE
    },
    Rule {
        code: "FL-C016",
        name: "description-repeats-title",
        kind: RuleKind::Performance,
        fields: &["title", "description"],
        what: "That the description is not just the title again (compared case-insensitively, ignoring surrounding spaces).",
        why: "A copied title adds no information, so the product matches fewer searches and persuades fewer shoppers.",
        example: "`title` and `description` both \"Acme Running Shoes for Men, Blue\".",
        fix: "Write a real description: features, materials, use, dimensions, compatibility.",
        check: product_check!(|_, ctx, out| {
            if let (Some(t), Some(d)) = (ctx.title, ctx.description) {
                if t.trim_fast().eq_ignore_ascii_case(d.trim_fast()) {
                    out.push(Hit {
                        field: "description",
                        message: "description is identical to the title".into(),
                    });
                }
            }
        }),
        pass: &[
            ("title", "Acme Running Shoes for Men, Blue"),
            (
                "description",
                "Light running shoes with a breathable mesh upper.",
            ),
        ],
        fail: &[
            ("title", "Acme Running Shoes for Men, Blue"),
            ("description", "Acme Running Shoes for Men, Blue"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-C017",
        name: "description-promotional-text",
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["description"],
        what: "That the description does not use the promotional phrases checked in titles (\"free shipping\", \"best price\", \"buy now\"...).",
        why: "Descriptions should describe the product; offers in them go stale, may contradict the landing page and are a common reason for manual review.",
        example: "`description=\"Buy now and get free shipping!\"`.",
        fix: "Move offers to sale_price, shipping and promotions; describe the product instead.",
        check: product_check!(|_, ctx, out| {
            promo_in("description", ctx, out);
        }),
        pass: &[(
            "description",
            "Light running shoes with a breathable mesh upper.",
        )],
        fail: &[(
            "description",
            "Light running shoes. Buy now while stock lasts.",
        )],
        ..BASE
    },
    Rule {
        code: "FL-C018",
        name: "description-invalid-characters",
        fields: &["description"],
        what: "That the description has no control characters other than line breaks and tabs, no private-use characters and no U+FFFD replacement characters.",
        why: "Such characters render as boxes or question marks and usually mean the feed was written in the wrong encoding.",
        example: "`description=\"Caf\\u{FFFD} table\"` (a Latin-1 é decoded as UTF-8).",
        fix: "Remove the characters and make sure the feed is exported in the encoding it declares (UTF-8 preferred).",
        check: product_check!(|p, ctx, out| {
            // As FL-C008: the context's description unless the first value is blank.
            if let Some(d) = ctx.description.or_else(|| p.get("description")) {
                if let Some(c) = invalid_char(d, true) {
                    out.push(Hit {
                        field: "description",
                        message: format!(
                            "description contains the invalid character U+{:04X}",
                            u32::from(c)
                        ),
                    });
                }
            }
        }),
        pass: &[("description", "Café table\nin oak.")],
        fail: &[("description", "Caf\u{FFFD} table in oak.")],
        ..BASE
    },
    Rule {
        code: "FL-C019",
        name: "description-excessive-capitals",
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["description"],
        what: "That the description is not written mostly in capital letters (same measure as for titles: three or more long all-capital words making up more than half of the long words).",
        why: "Capitalised text is hard to read and looks like spam to shoppers and reviewers.",
        example: "`description=\"THE BEST SHOES EVER MADE FOR RUNNING\"`.",
        fix: "Rewrite the description in normal sentence case.",
        check: product_check!(|_, ctx, out| {
            if let Some(d) = ctx.description {
                if shouting(d) {
                    out.push(Hit {
                        field: "description",
                        message: "description is written mostly in capital letters".into(),
                    });
                }
            }
        }),
        pass: &[(
            "description",
            "Light running shoes with a breathable mesh upper and EVA sole.",
        )],
        fail: &[(
            "description",
            "LIGHT RUNNING SHOES WITH BREATHABLE MESH UPPER",
        )],
        ..BASE
    },
    Rule {
        code: "FL-C020",
        name: "title-contains-url",
        fields: &["title"],
        what: "That the title contains no web address (`http://`, `https://` or `www.`).",
        why: "URLs in titles are promotional text under the editorial requirements and are disapproved; the landing page belongs in `link`.",
        example: "`title=\"Acme Running Shoes - www.acme-shop.com\"`.",
        fix: "Remove the address from the title; put the product page in `link`.",
        check: product_check!(|_, ctx, out| {
            if ctx.title.is_some() && has_url(ctx.lowered.title()) {
                out.push(Hit {
                    field: "title",
                    message: "title contains a web address".into(),
                });
            }
        }),
        pass: &[("title", "Acme Running Shoes for Men, Blue")],
        fail: &[("title", "Acme Running Shoes - www.acme-shop.com")],
        ..BASE
    },
    Rule {
        code: "FL-C021",
        name: "title-keyword-stuffing",
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["title"],
        what: "That no word of three or more letters appears three or more times in the title.",
        why: "Repeating keywords does not improve matching; it makes the title unreadable and wastes the characters shoppers see.",
        example: "`title=\"Shoes Running Shoes Men Shoes Sport Shoes\"`.",
        fix: "Mention each keyword once and use the freed space for distinguishing attributes.",
        check: product_check!(|_, ctx, out| {
            if let Some(w) = ctx.title.and_then(stuffed_word) {
                out.push(Hit {
                    field: "title",
                    message: format!("title repeats the word \"{w}\" three or more times"),
                });
            }
        }),
        pass: &[("title", "Acme Running Shoes for Men, Blue")],
        fail: &[("title", "Shoes Running Shoes Men Shoes Sport")],
        ..BASE
    },
    Rule {
        code: "FL-C022",
        name: "description-contains-url",
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["description"],
        what: "That the description contains no web address.",
        why: "Links in descriptions are not clickable in listings and point shoppers away from the product; reviewers treat them as promotional.",
        example: "`description=\"See www.acme-shop.com for more colours.\"`.",
        fix: "Remove the address; the landing page is `link`.",
        check: product_check!(|_, ctx, out| {
            if ctx.description.is_some() && has_url(ctx.lowered.description()) {
                out.push(Hit {
                    field: "description",
                    message: "description contains a web address".into(),
                });
            }
        }),
        pass: &[(
            "description",
            "Light running shoes with a breathable mesh upper.",
        )],
        fail: &[(
            "description",
            "See https://acme-shop.test/colours for more colours.",
        )],
        ..BASE
    },
    Rule {
        code: "FL-C023",
        name: "short-title-too-long",
        severity: Severity::Low,
        fields: &["short_title"],
        what: "That `short_title` has at most 150 characters (GMC 11551083; 5–65 are recommended).",
        why: "A short title that is not short is rejected, and the platform falls back to cutting your title.",
        example: "A `short_title` identical to a 160-character title.",
        fix: "Write a short title of 5–65 characters.",
        check: product_check!(|p, _, out| {
            if let Some(t) = text(p, "short_title") {
                if let Some(n) = chars_over(t, TITLE_MAX) {
                    out.push(Hit {
                        field: "short_title",
                        message: format!(
                            "short_title has {n} characters; at most {TITLE_MAX} are allowed"
                        ),
                    });
                }
            }
        }),
        pass: &[("short_title", "Acme Trail Shoe")],
        fail: &[("short_title#16", "Acme Trail Shoe ")],
        ..BASE
    },
    Rule {
        code: "FL-C024",
        name: "title-contains-html",
        fields: &["title"],
        what: "That the title contains no HTML tags or escaped entities (`<b>`, `&amp;`, `&quot;`).",
        why: "Titles are plain text: markup is shown literally, which looks broken; an entity like `&amp;` means the text was escaped twice.",
        example: "`title=\"Acme <b>Running</b> Shoes\"` or `title=\"M&amp;S Jeans\"` after decoding.",
        fix: "Strip markup and decode entities once before export.",
        check: product_check!(|_, ctx, out| {
            if let Some(t) = ctx.title {
                // Every entity starts with `&`: most titles have none, answered by one memchr
                // instead of six substring searches.
                let entity = memchr::memchr(b'&', t.as_bytes()).and_then(|_| {
                    ["&amp;", "&quot;", "&lt;", "&gt;", "&#39;", "&nbsp;"]
                        .iter()
                        .find(|e| t.contains(**e))
                });
                if let Some(tag) = html_tags(t).next() {
                    out.push(Hit {
                        field: "title",
                        message: format!("title contains the HTML tag <{tag}>"),
                    });
                } else if let Some(e) = entity {
                    out.push(Hit {
                        field: "title",
                        message: format!("title contains the HTML entity {e}"),
                    });
                }
            }
        }),
        pass: &[("title", "M&S Roma Cotton Rich Bootcut Jeans")],
        fail: &[("title", "M&amp;S Roma Cotton Rich Bootcut Jeans")],
        ..BASE
    },
    Rule {
        code: "FL-C025",
        name: "custom-label-too-long",
        severity: Severity::Low,
        fields: &[
            "custom_label_0",
            "custom_label_1",
            "custom_label_2",
            "custom_label_3",
            "custom_label_4",
        ],
        what: "That each of custom_label_0 … custom_label_4 has at most 100 characters (GMC 6324473).",
        why: "Longer labels are rejected, so the campaign structure that relies on them silently breaks.",
        example: "`custom_label_0` holding a full sentence of 120 characters.",
        fix: "Use short, reusable label values (at most 100 characters, at most 1,000 distinct values per label).",
        check: product_check!(|p, _, out| {
            // Each label's name written out (see `label_too_long`).
            label_too_long(text(p, "custom_label_0"), "custom_label_0", out);
            label_too_long(text(p, "custom_label_1"), "custom_label_1", out);
            label_too_long(text(p, "custom_label_2"), "custom_label_2", out);
            label_too_long(text(p, "custom_label_3"), "custom_label_3", out);
            label_too_long(text(p, "custom_label_4"), "custom_label_4", out);
        }),
        pass: &[("custom_label_0", "summer-2026")],
        fail: &[("custom_label_2#11", "0123456789")],
        ..BASE
    },
    Rule {
        code: "FL-C026",
        name: "product-highlight-too-long",
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["product_highlight"],
        what: "That each `product_highlight` has at most 150 characters and there are at most 10 of them (GMC product_highlight).",
        why: "Longer or extra highlights are dropped, so the selling points you wrote are not shown.",
        example: "Twelve highlights, one of them a 200-character paragraph.",
        fix: "Keep 2–10 short highlights of at most 150 characters.",
        check: product_check!(|p, _, out| {
            let values = p.values("product_highlight");
            if values.len() > 10 {
                out.push(Hit {
                    field: "product_highlight",
                    message: format!(
                        "{} product_highlight values; at most 10 are used",
                        values.len()
                    ),
                });
            }
            if let Some(n) = values.iter().find_map(|v| chars_over(v, 150)) {
                out.push(Hit {
                    field: "product_highlight",
                    message: format!(
                        "a product_highlight has {n} characters; at most 150 are allowed"
                    ),
                });
            }
        }),
        pass: &[("product_highlight", "Keeps drinks cold for 24 hours")],
        fail: &[("product_highlight#20", "Keeps cold ")],
        ..BASE
    },
    Rule {
        code: "FL-C027",
        name: "adult-content-not-flagged",
        severity: Severity::High,
        fields: &["title", "description", "adult"],
        what: "That a product whose title or description uses explicit adult terms (\"sex toy\", \"erotic\", \"vibrator\"...) carries `adult=yes`.",
        why: "Adult products without the flag are disapproved, and repeated cases can suspend the account (shoptimizer adult-optimizer; GMC 6324508).",
        example: "`title=\"Silicone Vibrator, Pink\"` without `adult`.",
        fix: "Set `adult` to `yes` for sexually suggestive products (or for the whole feed in account settings).",
        check: product_check!(|p, ctx, out| {
            if p.get("adult").is_some_and(is_yes) {
                return;
            }
            let l = &ctx.lowered;
            if let Some(term) = adult_term(l.joined(), may_promote_or_be_adult(l)) {
                out.push(Hit {
                    field: "adult",
                    message: format!("text mentions \"{term}\" but adult is not yes"),
                });
            }
        }),
        pass: &[("title", "Silicone Vibrator, Pink"), ("adult", "yes")],
        fail: &[("title", "Silicone Vibrator, Pink")],
        ..BASE
    },
    Rule {
        code: "FL-C028",
        name: "adult-invalid-value",
        severity: Severity::Low,
        fields: &["adult"],
        what: "That `adult` is `yes` or `no` (`true`/`false` accepted).",
        why: "Any other value is ignored, so an adult product is treated as not adult.",
        example: "`adult=\"18+\"`.",
        fix: "Use `yes` or `no`.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "adult") {
                if !super::util::is_bool_text(v) {
                    out.push(Hit {
                        field: "adult",
                        message: format!("adult is \"{v}\"; expected yes or no"),
                    });
                }
            }
        }),
        pass: &[("adult", "no")],
        fail: &[("adult", "18+")],
        ..BASE
    },
    Rule {
        code: "FL-C029",
        name: "title-says-used-condition-new",
        severity: Severity::High,
        fields: &["title", "condition"],
        what: "That a product whose title says it is used (\"used\", \"pre-owned\", \"second hand\") does not declare `condition=new` or leave condition empty (which defaults to new).",
        why: "Declaring a used item as new is misrepresentation and leads to disapproval (shoptimizer condition-optimizer; GMC 6324469).",
        example: "`title=\"Used Acme Road Bike 54 cm\"` with `condition=new`.",
        fix: "Set `condition` to `used` (or `refurbished`), or remove the word from the title if the product is new.",
        check: product_check!(|p, ctx, out| {
            let cond_new = p
                .get_nonblank("condition")
                .is_none_or(|c| c.trim_fast().eq_ignore_ascii_case("new"));
            if !cond_new {
                return;
            }
            if ctx.title.is_some() {
                let title = ctx.lowered.title();
                if let Some(w) = may_say_used(title)
                    .then(|| USED_WORDS.find_lowered(title))
                    .flatten()
                {
                    out.push(Hit {
                        field: "condition",
                        message: format!("title says \"{w}\" but condition is new"),
                    });
                }
            }
        }),
        pass: &[
            ("title", "Used Acme Road Bike 54 cm, Red"),
            ("condition", "used"),
        ],
        fail: &[
            ("title", "Used Acme Road Bike 54 cm, Red"),
            ("condition", "new"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-C030",
        name: "title-is-identifier",
        kind: RuleKind::Performance,
        fields: &["title", "id", "mpn", "gtin"],
        what: "That the title is not just the product's id, MPN or GTIN.",
        why: "A code as title tells shoppers nothing and matches no natural search.",
        example: "`id=\"SKU-1234\"` and `title=\"SKU-1234\"`.",
        fix: "Write a descriptive title; keep codes in id, mpn and gtin.",
        check: product_check!(|p, ctx, out| {
            if let Some(t) = ctx.title {
                let t = t.trim_fast();
                // The three names written out, the first match reported: in a loop over
                // `["id", "mpn", "gtin"]` each look-up hashed its name at run time (see
                // `label_too_long`).
                let is_t =
                    |v: Option<&str>| v.is_some_and(|v| v.trim_fast().eq_ignore_ascii_case(t));
                let field = if is_t(p.get_nonblank("id")) {
                    "id"
                } else if is_t(p.get_nonblank("mpn")) {
                    "mpn"
                } else if is_t(p.get_nonblank("gtin")) {
                    "gtin"
                } else {
                    return;
                };
                out.push(Hit {
                    field: "title",
                    message: format!("title is the product's {field}"),
                });
            }
        }),
        pass: &[
            ("id", "SKU-1234"),
            ("title", "Acme Running Shoes for Men, Blue"),
        ],
        fail: &[("id", "SKU-1234"), ("title", "SKU-1234")],
        ..BASE
    },
];

#[cfg(test)]
mod title_props {
    use super::{may_repeat_thrice, repeated_punctuation, stuffed_word, stuffed_word_lowered};
    use proptest::prelude::*;

    /// [`may_repeat_thrice`] as it was before its byte table (a byte test per byte).
    fn screen_by_byte_tests(t: &[u8]) -> bool {
        let mut hashes = [0_u32; super::SCREEN_SLOTS];
        let mut counts = [0_u8; super::SCREEN_SLOTS];
        let (mut words, mut hash, mut len) = (0, 0_u32, 0_usize);
        for &c in t.iter().chain(std::iter::once(&b' ')) {
            if c.is_ascii_alphanumeric() {
                hash = hash.rotate_left(5) ^ u32::from(c | 0x20);
                len += 1;
                continue;
            }
            if len >= 3 {
                words += 1;
                if words > super::SCREEN_SLOTS / 2 {
                    return true;
                }
                if super::third_sighting(&mut hashes, &mut counts, hash) {
                    return true;
                }
            }
            hash = 0;
            len = 0;
        }
        false
    }

    #[test]
    fn the_byte_table_holds_the_lower_cased_letters_and_digits() {
        for c in 0..=255_u8 {
            let want = if c.is_ascii_alphanumeric() {
                c | 0x20
            } else {
                0
            };
            assert_eq!(super::WORD_BYTES[usize::from(c)], want, "{c}");
        }
    }

    fn punctuation_by_definition(s: &str) -> Option<String> {
        for (a, c) in s.chars().zip(s.chars().skip(1)) {
            let gimmick = ['!', '?', '*', '$', '#', '@', '~', '+'];
            if gimmick.contains(&a) && gimmick.contains(&c) && (a == c || (a != '*' && c != '*')) {
                return Some(format!("{a}{c}"));
            }
        }
        s.contains("....").then(|| "....".to_owned())
    }

    proptest! {
        #[test]
        fn stuffed_word_matches_the_definition(
            t in "((Shoe|SHOE|shoe|Shoes|ab|Ab|Zed|zed|é|Éclair|éclair|42|x)[ ,-]?){0,12}"
        ) {
            prop_assert_eq!(stuffed_word(&t), stuffed_word_lowered(&t));
        }

        /// The screen never turns away a title with a word used three times.
        #[test]
        fn the_screen_lets_every_stuffed_title_through(
            t in "((Shoe|SHOE|shoe|sHoE|ab|Ab|Zed|zed|42|x|Sock|SOCK)[ ,-]?){0,20}"
        ) {
            if stuffed_word_lowered(&t).is_some() {
                prop_assert!(may_repeat_thrice(t.as_bytes()), "{t:?}");
            }
        }

        /// The table-driven screen answers as the screen that tested each byte with
        /// `is_ascii_alphanumeric` and lower-cased it with `| 0x20`, on any bytes.
        #[test]
        fn the_screen_matches_its_byte_test_version(
            t in proptest::collection::vec(
                prop_oneof![any::<u8>(), Just(b' '), Just(b'a'), Just(b'A'), Just(b'0')], 0..80)
        ) {
            prop_assert_eq!(may_repeat_thrice(&t), screen_by_byte_tests(&t));
        }

        /// Titles of more words than are compared in pairs take the sort, with the same answer.
        #[test]
        fn stuffed_word_of_many_words_matches_the_definition(
            t in "((Shoe|SHOE|shoe|Shoes|ab|Zed|zed|Boot|boots|Sock|42x|Hat)[ ,-]){20,40}"
        ) {
            prop_assert_eq!(stuffed_word(&t), stuffed_word_lowered(&t));
        }

        #[test]
        fn repeated_punctuation_matches_the_definition(s in "[a!?*$#@~+. ]{0,12}|\\PC{0,20}") {
            prop_assert_eq!(repeated_punctuation(&s), punctuation_by_definition(&s));
        }
    }
}

#[cfg(test)]
mod phrase_props {
    use super::{
        ADULT, ADULT_TERMS, PROMO, PROMO_OR_ADULT, USED_WORDS, adult_term, may_promote_or_be_adult,
        may_say_used,
    };
    use crate::rules::util::{LoweredText, PhraseSet};
    use proptest::prelude::*;

    #[test]
    fn promo_screen_covers_every_phrase() {
        assert!(PROMO.is_screened());
    }

    /// The shared screen's words are those of the two lists, each once (only their order is
    /// chosen).
    #[test]
    fn the_shared_screen_is_the_two_lists() {
        let mut shared = super::SHARED_SCREEN.to_vec();
        let mut lists: Vec<&str> = super::PROMO_SCREEN
            .iter()
            .chain(ADULT_TERMS)
            .copied()
            .collect();
        shared.sort_unstable();
        lists.sort_unstable();
        assert_eq!(shared, lists);
    }

    /// The shared screen is built here (this machine has the packed searcher) and lets every
    /// PROMO and ADULT phrase through, alone and inside a text.
    #[test]
    fn the_shared_screen_finds_every_phrase() {
        assert!(PROMO_OR_ADULT.is_some());
        for phrase in PROMO.phrases().iter().chain(ADULT_TERMS) {
            let lowered = LoweredText::new("acme", &format!("a {phrase}, 1"));
            assert!(may_promote_or_be_adult(&lowered), "{phrase}");
        }
    }

    /// FL-C027's nine terms in one set, as searched before `xxx` was searched apart.
    const ALL_ADULT: &[&str] = &[
        "sex toy",
        "sex toys",
        "adult toy",
        "erotic",
        "xxx",
        "vibrator",
        "dildo",
        "porn",
        "bondage",
    ];

    proptest! {
        /// `adult_term` answers as one search of the nine terms: pieces of the terms, `x` runs
        /// of every length, word characters and separators around them.
        #[test]
        fn adult_term_is_one_search_of_the_nine(
            s in "(xxx|xx|x|sex toys?|sex|toy|porn|dildo|adult toy|erotic| |-|a|1|é){0,10}"
        ) {
            let all = PhraseSet::new(ALL_ADULT);
            prop_assert_eq!(adult_term(&s, true), all.find_lowered(&s));
        }

        /// PROMO answers as without its screen: every phrase and screen word, pieces of them
        /// (`free`, `last`, `now`, `seller`...), in any case, with word characters and
        /// separators around them, in the title and the description.
        #[test]
        fn promo_answers_as_without_its_screen(
            title in "(free shipping|free delivery|free gift|free|FREE S|best price|lowest|cheap(est)?|buy now|now|% off|off|sale|on sale|(best|top) ?seller|eller|deal( of the day)?|hot|last chance|last|while supplies last|supplies|click here|limited time|promo|coupon|discount|clearance|bargain|special offer|save up to|money back|price drop| |-|a|1|é|%){0,8}",
            description in "(free shipping|free|Free G|ift|best price|price|CHEAP|order now|shop|now|% off|offer|sale|on|(best|top) ?seller|deal|of the day|last chance|chance|supplies last|click|here|limited|promo|coupon|discount|clearance|bargain|save up|money back|drop| |-|a|1|é|%){0,8}",
        ) {
            let plain = PROMO.unscreened();
            let lowered = LoweredText::new(&title, &description);
            prop_assert_eq!(PROMO.find_in_each(&lowered), plain.find_in_each(&lowered));
            prop_assert_eq!(PROMO.find(&title), plain.find(&title));
        }

        /// Where the shared screen of PROMO and ADULT finds nothing, neither set finds a
        /// phrase (so skipping their searches changes no answer), and where it does the
        /// answers are those of the sets' own searches.
        #[test]
        fn the_shared_screen_never_hides_a_phrase(
            title in "(free shipping|free|FREE G|best price|cheap(est)?|buy now|now|% off|off|sale|(best|top) ?seller|deal|last chance|supplies|promo|coupon|sex toys?|sex|toy|adult toy|ADULT|erotic|vibrator|Dildo|porn|bond|bondage|xxx|ee |ller|learanc|clean|excellent|three s| |-|a|1|é){0,8}",
            description in "(free delivery|free gift|price drop|lowest|on sale|click here|limited time|clearance|bargain|special offer|save up to|money back|order now|shop now|hot deal|sex toy|erotic|VIBRATOR|dild|dildo|porn|bondage|xx| |-|a|1|é){0,8}",
        ) {
            let lowered = LoweredText::new(&title.to_ascii_lowercase(), &description.to_ascii_lowercase());
            let may = may_promote_or_be_adult(&lowered);
            if !may {
                prop_assert_eq!(PROMO.find_in_each(&lowered), [None, None]);
                prop_assert_eq!(ADULT.find_lowered(lowered.joined()), None);
            }
            prop_assert_eq!(
                adult_term(lowered.joined(), may),
                adult_term(lowered.joined(), true)
            );
        }

        /// A title the screen turns away has none of the used-condition words.
        #[test]
        fn the_used_screen_never_hides_a_word(
            s in "(used|use|pre-owned|preowned|owned|second hand|second-hand|secondhand|second|d|se|ne|on| |-|a){0,8}"
        ) {
            if !may_say_used(&s) {
                prop_assert_eq!(USED_WORDS.find_lowered(&s), None);
            }
        }
    }
}

#[cfg(test)]
mod marker_props {
    use super::{has_script, has_url, may_have_url, script_marker};
    use proptest::prelude::*;

    /// The definitions: search a lower-cased copy.
    fn url_by_definition(s: &str) -> bool {
        let l = s.to_ascii_lowercase();
        l.contains("http://") || l.contains("https://") || l.contains("www.")
    }

    proptest! {
        #[test]
        fn the_url_screen_never_hides_an_address(
            s in "(https?://|www\\.|http|www|w\\.|:/|:|/|\\.|w| |a|é){0,12}"
        ) {
            if url_by_definition(&s) {
                prop_assert!(may_have_url(s.as_bytes()));
            }
            prop_assert_eq!(has_url(&s), url_by_definition(&s));
        }

        #[test]
        fn url_markers_match_the_definition(
            s in "(HTTP://|https://|WwW.|http:/|www|x|ä| )*|\\PC{0,40}"
        ) {
            prop_assert_eq!(has_url(&s.to_ascii_lowercase()), url_by_definition(&s));
        }

        #[test]
        fn script_markers_match_the_definition(
            s in "(<SCRIPT|<script|JavaScript:|<iFrame| onClick=| onload=| onerror=| ONMOUSEOVER=|<|x|ß| )*|\\PC{0,40}"
        ) {
            prop_assert_eq!(has_script(&s.to_ascii_lowercase()), script_marker(&s.to_ascii_lowercase()));
        }
    }
}

#[cfg(test)]
mod caps_props {
    use super::{capitals_or_non_ascii, caps_words, has_capital_run, shouting};
    use proptest::prelude::*;

    /// The definition: words are runs of letters; count those of 4+ letters and the all-capital ones.
    fn by_definition(s: &str) -> (usize, usize) {
        let long: Vec<&str> = s
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| w.chars().count() >= 4)
            .collect();
        let caps = long
            .iter()
            .filter(|w| w.chars().all(char::is_uppercase))
            .count();
        (caps, long.len())
    }

    proptest! {
        #[test]
        fn one_pass_count_matches_the_definition(s in "[a-zA-ZÄäß .!1-]{0,60}|\\PC{0,40}") {
            prop_assert_eq!(caps_words(&s), by_definition(&s));
        }
    }

    #[test]
    fn shouting_needs_three_capitalised_words_and_a_majority() {
        assert!(shouting("BEST DEAL EVER on shoes"));
        assert!(shouting("ÉTÉ ÉNORME SOLDÉ ÀÀÀÀ"));
        assert!(!shouting("BEST DEAL on shoes"));
        assert!(!shouting(
            "BEST DEAL EVER on these lovely leather shoes today"
        ));
        assert!(!shouting("Nike Air Zoom Pegasus 40"));
    }

    proptest! {
        #[test]
        fn capitals_are_counted_per_byte(s in "[@-\\[`-{A-Za-z ÉàÜ0-9\x00-\x7f]{0,70}") {
            let want = s.bytes().filter(|&b| b.is_ascii_uppercase() || b >= 0x80).count();
            prop_assert_eq!(capitals_or_non_ascii(s.as_bytes()), want);
        }

        /// Long texts of capitals: counts above what one run's `u8` holds.
        #[test]
        fn capitals_are_counted_in_long_texts(s in "[A-ZÉ]{200,700}[a-z ]{0,9}") {
            let want = s.bytes().filter(|&b| b.is_ascii_uppercase() || b >= 0x80).count();
            prop_assert_eq!(capitals_or_non_ascii(s.as_bytes()), want);
        }

        #[test]
        fn capital_runs_are_found_wherever_they_are(s in "[@-\\[`-{A-Za-z ÉàÜ0-9\x00-\x7f]{0,70}") {
            let class = |b: &u8| b.is_ascii_uppercase() || *b >= 0x80;
            let want = s.as_bytes().windows(4).any(|w| w.iter().all(class));
            prop_assert_eq!(has_capital_run(s.as_bytes()), want);
        }

        #[test]
        fn the_byte_prefilter_never_changes_the_answer(s in "([A-Z]{1,6}|[a-z]{1,6}|[ÉÀÜéàü]{1,5}|[ ,.!0-9]){0,20}") {
            let (caps, words) = caps_words(&s);
            prop_assert_eq!(shouting(&s), caps >= 3 && caps * 2 > words);
        }
    }

    #[test]
    fn counts_capital_words() {
        assert_eq!(caps_words("BUY THIS GREAT SHOE now"), (3, 3));
        assert_eq!(caps_words("ÜBER-GROSS Schuh"), (2, 3));
    }

    proptest::proptest! {
        #[test]
        fn capital_words_count_the_same_on_the_ascii_path(s in "[A-Za-z0-9 ,!-]{0,60}") {
            // An ASCII string takes the byte path; prefixing a non-ASCII separator forces the
            // character path without changing any word.
            let forced = format!("\u{a0}{s}");
            proptest::prop_assert_eq!(caps_words(&s), caps_words(&forced));
        }
    }
}

#[cfg(test)]
mod field_checks {
    use crate::rules::hits_of as hits;

    /// FL-C025 with each label written out: every long label reported, in label order whatever
    /// the order of the columns; blank and short ones not.
    #[test]
    fn long_custom_labels_are_reported_in_order() {
        let long = "x".repeat(101);
        let longer = "é".repeat(120);
        assert_eq!(
            hits(
                "FL-C025",
                &[
                    ("custom_label_4", &longer),
                    ("custom_label_3", "short"),
                    ("custom_label_2", "   "),
                    ("custom_label_0", &long),
                    ("custom_label_1", &"y".repeat(100)),
                ]
            ),
            [
                (
                    "custom_label_0",
                    "custom_label_0 has 101 characters; at most 100 are allowed".to_owned()
                ),
                (
                    "custom_label_4",
                    "custom_label_4 has 120 characters; at most 100 are allowed".to_owned()
                ),
            ]
        );
        assert_eq!(hits("FL-C025", &[("title", "Acme")]), []);
    }

    /// FL-C030 with the three names written out: the first of id, mpn and gtin that equals the
    /// title (trimmed, ASCII case aside) is reported, once; a blank one never.
    #[test]
    fn a_title_that_is_a_code_names_the_first_code() {
        let title_is = |field: &str| vec![("title", format!("title is the product's {field}"))];
        let check = |pairs: &[(&str, &str)]| hits("FL-C030", pairs);
        assert_eq!(
            check(&[("title", " SKU-1 "), ("id", "sku-1"), ("gtin", "SKU-1")]),
            title_is("id")
        );
        assert_eq!(
            check(&[
                ("title", "ab-12"),
                ("id", "x"),
                ("mpn", " AB-12"),
                ("gtin", "ab-12")
            ]),
            title_is("mpn")
        );
        assert_eq!(
            check(&[
                ("title", "4006381333931"),
                ("id", "x"),
                ("gtin", "4006381333931 ")
            ]),
            title_is("gtin")
        );
        assert_eq!(
            check(&[
                ("title", "Acme Shoes"),
                ("id", "x"),
                ("mpn", " "),
                ("gtin", "1")
            ]),
            []
        );
    }
}
