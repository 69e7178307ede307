//! Fake-GTIN pattern detection (spec 2.5: "detection of 18 fake-GTIN patterns" in three groups).
//!
//! Responsible for the 18 detectors, each with a stable id that is never reused, a name, a group,
//! a risk, a confidence and a precise definition (the `definition()` text is the documentation;
//! docs/gtin.md repeats it). The spec lists 17 names; GTIN-P18 "repeated block" is feedlint's
//! own eighteenth. Detectors look at digits as submitted (leading zeros included), at the
//! "body" (every digit but the last, i.e. without the check digit, because most fakes are made by
//! typing a pattern and appending a correct check digit), and, for P11 and P16, at the raw text.
//! Not responsible for check digits or prefixes (see `check`, `prefix`); no allocation.

use std::sync::LazyLock;

use serde::Serialize;

/// The spec's three pattern groups (spec 2.5 table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum PatternGroup {
    /// Risk critical, revenue impact $2,500+.
    Sequential,
    /// Risk critical, revenue impact $1,800+.
    Repeating,
    /// Risk high, revenue impact $1,200+.
    Placeholder,
}

impl PatternGroup {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Sequential => "sequential",
            Self::Repeating => "repeating",
            Self::Placeholder => "placeholder",
        }
    }
}

/// One of the 18 fake-GTIN patterns. The discriminant is the number in the stable id.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Pattern {
    Ascending = 1,
    Descending = 2,
    Keyboard = 3,
    Mathematical = 4,
    Increment = 5,
    Mirror = 6,
    Palindrome = 7,
    GeneratorArtifact = 8,
    AllSameDigits = 9,
    Alternating = 10,
    TemplatePlaceholder = 11,
    CommonTestValue = 12,
    Partial = 13,
    DefaultValue = 14,
    SampleData = 15,
    SystemPlaceholder = 16,
    Weak = 17,
    RepeatedBlock = 18,
}

impl Pattern {
    /// All patterns in id order.
    pub const ALL: [Pattern; 18] = [
        Self::Ascending,
        Self::Descending,
        Self::Keyboard,
        Self::Mathematical,
        Self::Increment,
        Self::Mirror,
        Self::Palindrome,
        Self::GeneratorArtifact,
        Self::AllSameDigits,
        Self::Alternating,
        Self::TemplatePlaceholder,
        Self::CommonTestValue,
        Self::Partial,
        Self::DefaultValue,
        Self::SampleData,
        Self::SystemPlaceholder,
        Self::Weak,
        Self::RepeatedBlock,
    ];

    /// Stable id, `GTIN-P01` ... `GTIN-P18`; never reused.
    #[must_use]
    pub fn id(self) -> &'static str {
        const IDS: [&str; 18] = [
            "GTIN-P01", "GTIN-P02", "GTIN-P03", "GTIN-P04", "GTIN-P05", "GTIN-P06", "GTIN-P07",
            "GTIN-P08", "GTIN-P09", "GTIN-P10", "GTIN-P11", "GTIN-P12", "GTIN-P13", "GTIN-P14",
            "GTIN-P15", "GTIN-P16", "GTIN-P17", "GTIN-P18",
        ];
        IDS[usize::from(self as u8 - 1)]
    }

    /// Kebab-case name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Ascending => "ascending-sequence",
            Self::Descending => "descending-sequence",
            Self::Keyboard => "keyboard-walk",
            Self::Mathematical => "mathematical-sequence",
            Self::Increment => "incrementing-groups",
            Self::Mirror => "mirrored-body",
            Self::Palindrome => "palindrome",
            Self::GeneratorArtifact => "generator-fill-run",
            Self::AllSameDigits => "all-same-digits",
            Self::Alternating => "alternating-digits",
            Self::TemplatePlaceholder => "template-placeholder",
            Self::CommonTestValue => "common-test-value",
            Self::Partial => "partial-number",
            Self::DefaultValue => "default-value",
            Self::SampleData => "sample-data-prefix",
            Self::SystemPlaceholder => "system-placeholder",
            Self::Weak => "weak-low-entropy",
            Self::RepeatedBlock => "repeated-block",
        }
    }

    /// The spec's group. P18 (feedlint's own) is a repeating pattern.
    #[must_use]
    pub fn group(self) -> PatternGroup {
        match self as u8 {
            1..=8 => PatternGroup::Sequential,
            9 | 10 | 18 => PatternGroup::Repeating,
            _ => PatternGroup::Placeholder,
        }
    }

    /// How sure a match makes us that the value is not a GS1-issued GTIN (0-1). Values come from
    /// how often the shape occurs by chance in issued GTINs (see the false-positive test) and how
    /// specific the detector is.
    #[must_use]
    pub fn confidence(self) -> f64 {
        match self {
            Self::AllSameDigits | Self::TemplatePlaceholder | Self::SystemPlaceholder => 0.99,
            Self::Ascending | Self::Descending | Self::CommonTestValue => 0.95,
            Self::Alternating | Self::DefaultValue | Self::RepeatedBlock => 0.9,
            Self::Keyboard | Self::Mathematical | Self::Palindrome => 0.85,
            Self::Increment | Self::Mirror | Self::Partial => 0.8,
            Self::SampleData => 0.75,
            Self::GeneratorArtifact => 0.7,
            Self::Weak => 0.6,
        }
    }

    /// The precise definition (the documentation of the detector).
    #[must_use]
    pub fn definition(self) -> &'static str {
        match self {
            Self::Ascending => {
                "The body (all digits but the last) contains at least 7 consecutive digits that each rise by one, 9 wrapping to 0 (1234567, 7890123). Example: 1234567890128."
            }
            Self::Descending => {
                "The body contains at least 7 consecutive digits that each fall by one, 0 wrapping to 9 (9876543, 3210987). Example: 9876543210982."
            }
            Self::Keyboard => {
                "The body contains at least 6 consecutive digits of a numeric-keypad walk: rows 789/456/123 read top-down or bottom-up in either direction (789456123, 321654987, 123654789, 789654123) or columns (147258369, 741852963, 369258147, 963852741). Example: 7894561230004."
            }
            Self::Mathematical => {
                "The body contains at least 7 consecutive digits in arithmetic progression modulo 10 with a step of 2, 3, 4, 6, 7 or 8 (step 5 is two alternating digits, P10) (2468024, 1357913, 0369258), or at least 8 consecutive digits of the concatenated powers of two (1248163264128...), Fibonacci numbers (11235813213455...), squares (149162536496481...) or primes (235711131719...)."
            }
            Self::Increment => {
                "The body contains at least 4 consecutive two-digit groups each one more than the previous (01020304, 10111213), or 3 consecutive three-digit groups each one more than the previous (100101102), at any offset."
            }
            Self::Mirror => {
                "The body (at least 7 digits) reads the same backwards while the whole value does not: a mirrored number with a check digit appended (123456654321 + 0). All-same bodies are P09 instead."
            }
            Self::Palindrome => {
                "The whole value (at least 8 digits) reads the same backwards and is not all one digit (1234554321 padded to a GTIN length, 12344321)."
            }
            Self::GeneratorArtifact => {
                "The body contains a run of at least 7 identical non-zero digits or at least 8 zeros that is not leading-zero padding, while the body is not all one digit: a short counter padded to length with a filler digit (5000000000128, 8711111111110). Real GTINs reach six zeros in a row (company prefix ending in zeros, small item reference), hence the longer zero run."
            }
            Self::AllSameDigits => {
                "Every digit is the same (0000000000000, 99999999), or every digit of the body is the same and a check digit was appended (1111111111116)."
            }
            Self::Alternating => {
                "The body (at least 7 digits) alternates between two different digits (121212121212 + 8, 010101010101 + 7), or the whole value does."
            }
            Self::TemplatePlaceholder => {
                "The raw text is a template or mask that was never filled in: it contains {{, }}, ${, {%, <%, [[ or a token wrapped whole in {}, [], <> or %%, or at least 4 mask characters (X, x, #, *, ?, _), or the words gtin, ean, upc, isbn, barcode or placeholder."
            }
            Self::CommonTestValue => {
                "The value, right-aligned to 14 digits, is a published example or test GTIN: 4006381333931, 036000291452, 9780306406157, 5901234123457, 96385074, 73513537, 012345678905, 1234567890128, 123456789012, 12345678901231, 00012345600012, 10012345678902."
            }
            Self::Partial => {
                "A 12-, 13- or 14-digit value whose significant part (leading zeros removed) has fewer than 8 digits: only part of a number was entered and zero-padded (0000001234565, 0000000000017)."
            }
            Self::DefaultValue => {
                "The significant part without its check digit (at least 7 digits) is one non-zero digit followed only by zeros: a system default such as 1000000000009 or 2000000000008."
            }
            Self::SampleData => {
                "The value starts with a GS1 demonstration prefix (952) or a company prefix GS1 uses in its documentation and samples: 0614141 (GS1 US), 4012345 (GS1 Germany), 5012345 (GS1 UK), 5901234 (GS1 Poland), 9501101 (GS1 Global Office), read right-aligned to 13 digits after the indicator."
            }
            Self::SystemPlaceholder => {
                "The raw text is a null-like token or an integer sentinel a system writes for 'no value': null, nil, none, n/a, na, nan, undefined, unknown, tbd, tba, todo, default, false, true, -, --, 0, -1, not available, not applicable, does not apply, no gtin, spreadsheet errors (#N/A, #VALUE!, #REF!, #NAME?, #NUM!, #NULL!, #DIV/0!), or 65535, 2147483647, 4294967295, 9223372036854775807, 18446744073709551615."
            }
            Self::Weak => {
                "Low entropy: the significant body (leading zeros and check digit removed) has at least 7 digits and uses at most 2 distinct digits, or has at least 11 digits and uses at most 3; values already matched by P09, P10 or P18 are not matched again."
            }
            Self::RepeatedBlock => {
                "feedlint's 18th pattern (the spec names 17): the body or the whole value repeats a block of 3 to 6 digits at least twice in full, with any tail a prefix of the block (1231231231231, 123412341234 + 6); blocks of 1 and 2 digits are P09 and P10."
            }
        }
    }
}

impl std::fmt::Display for Pattern {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id())
    }
}

/// Highest combined confidence reported.
pub const MAX_CONFIDENCE: f64 = 0.99;

/// A set of detected patterns (a bit per pattern id), iterated in id order. No allocation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct PatternSet(u32);

impl PatternSet {
    #[must_use]
    pub fn contains(self, p: Pattern) -> bool {
        self.0 & (1 << (p as u8)) != 0
    }

    pub fn insert(&mut self, p: Pattern) {
        self.0 |= 1 << (p as u8);
    }

    #[must_use]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[must_use]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The patterns in id order.
    pub fn iter(self) -> impl Iterator<Item = Pattern> {
        Pattern::ALL.into_iter().filter(move |&p| self.contains(p))
    }

    /// Whether any pattern of `group` was detected.
    #[must_use]
    pub fn has_group(self, group: PatternGroup) -> bool {
        self.iter().any(|p| p.group() == group)
    }

    /// Combined confidence `1 - Π(1 - cᵢ)`, rounded to two decimals and capped at
    /// [`MAX_CONFIDENCE`] (an offline check never proves a number was not issued); 0 when empty.
    #[must_use]
    pub fn confidence(self) -> f64 {
        let miss: f64 = self.iter().map(|p| 1.0 - p.confidence()).product();
        if self.is_empty() {
            0.0
        } else {
            (((1.0 - miss) * 100.0).round() / 100.0).min(MAX_CONFIDENCE)
        }
    }
}

/// Runs every detector. `raw` is the trimmed raw text; `digits` the ASCII digits read from it
/// (any count; digit detectors need at least 7).
#[must_use]
pub fn detect(raw: &str, digits: Option<&[u8]>) -> PatternSet {
    detect_read(raw, digits.filter(|d| all_ascii_digits(d)))
}

/// [`detect`] for digits known to be ASCII digits, as [`super::Digits`] always are: `analyze`
/// does not test them a third time.
pub(super) fn detect_read(raw: &str, digits: Option<&[u8]>) -> PatternSet {
    let mut set = PatternSet::default();
    // A plain run of digits (nearly every submitted GTIN) has no template marker, mask or word,
    // and can only be one of the numeric placeholder tokens.
    if all_ascii_digits(raw.as_bytes()) {
        if NUMERIC_PLACEHOLDERS.contains(&raw) {
            set.insert(Pattern::SystemPlaceholder);
        }
    } else {
        if is_template(raw) {
            set.insert(Pattern::TemplatePlaceholder);
        }
        if is_system_placeholder(raw) {
            set.insert(Pattern::SystemPlaceholder);
        }
    }
    if let Some(d) = digits.filter(|d| d.len() >= 7) {
        detect_digits(d, &mut set);
    }
    set
}

fn detect_digits(d: &[u8], set: &mut PatternSet) {
    let body = &d[..d.len() - 1];
    let sig_start = d.iter().position(|&b| b != b'0').unwrap_or(d.len());
    let sig = &d[sig_start..];
    let sig_body = sig.get(..sig.len().saturating_sub(1)).unwrap_or(&[]);

    let all_same = all_same(d) || all_same(body);
    if all_same {
        set.insert(Pattern::AllSameDigits);
    }
    let scan = Scan::of(body);
    if scan.has_long_step(1) {
        set.insert(Pattern::Ascending);
    }
    if scan.has_long_step(9) {
        set.insert(Pattern::Descending);
    }
    if scan.keypad {
        set.insert(Pattern::Keyboard);
    }
    if [2, 3, 4, 6, 7, 8]
        .into_iter()
        .any(|step| scan.has_long_step(step))
        || scan.sequence
    {
        set.insert(Pattern::Mathematical);
    }
    if scan.increment {
        set.insert(Pattern::Increment);
    }
    if !all_same {
        if body.len() >= 7 && is_palindrome(body) && !is_palindrome(d) {
            set.insert(Pattern::Mirror);
        }
        if d.len() >= 8 && is_palindrome(d) {
            set.insert(Pattern::Palindrome);
        }
        // A fill run is seven equal digits or more: a run of step 0.
        if scan.has_long_step(0) && has_fill_run(body, sig_start) {
            set.insert(Pattern::GeneratorArtifact);
        }
        // The ten period tests below run only for the ~5% of codes whose first two digits come
        // back at a distance of 2 to 6 ([`may_repeat`]); they took ~100 instructions a bench
        // GTIN (docs/performance.md "gtin2").
        if may_repeat(d) {
            periodic_patterns(body, d, set, period_is);
        }
    }
    // `d` is digits (checked in `detect`): only the length is left to check.
    let canonical = pad_14(d);
    // Padded to 14 digits, equal texts are equal numbers: one binary search of the padded texts
    // read as numbers ([`COMMON_TEST_KEYS`], built at compile time; the digits' value and a
    // `LazyLock` took ~90 instructions a bench GTIN).
    if canonical.is_some_and(|c| COMMON_TEST_KEYS.binary_search(&key_14(c)).is_ok()) {
        set.insert(Pattern::CommonTestValue);
    }
    if d.len() >= 12 && !sig.is_empty() && sig.len() < 8 {
        set.insert(Pattern::Partial);
    }
    if sig_body.len() >= 7 && sig_body[1..].iter().all(|&b| b == b'0') {
        set.insert(Pattern::DefaultValue);
    }
    if let Some(c) = canonical
        && is_sample_prefix(c)
    {
        set.insert(Pattern::SampleData);
    }
    let repeating_already = set.contains(Pattern::AllSameDigits)
        || set.contains(Pattern::Alternating)
        || set.contains(Pattern::RepeatedBlock);
    if !repeating_already {
        let distinct = distinct_digits(sig_body);
        if (sig_body.len() >= 7 && distinct <= 2) || (sig_body.len() >= 11 && distinct <= 3) {
            set.insert(Pattern::Weak);
        }
    }
}

/// What one pass over a code's body finds for the step, window and increment detectors (P01,
/// P02, P03, P04, P05, and the fill runs of P08): the same answers as [`step_runs`],
/// [`shares_window`] and [`incrementing_groups`] give, read at each position once instead of in
/// a pass each (a proptest compares them).
struct Scan {
    /// Bit `k` set when a run of at least seven digits each `k` (mod 10) more than the previous
    /// is in the body: `step_runs(body)[k] >= 7`.
    long_steps: u16,
    /// A six-digit window of a keypad walk (P03).
    keypad: bool,
    /// An eight-digit window of a number sequence (P04).
    sequence: bool,
    /// Four groups of two or three groups of three digits, each one more than the previous (P05).
    increment: bool,
}

impl Scan {
    /// One pass over `s` (ASCII digits). Per pair of digits the pass reads two tables indexed by
    /// the digits' low nibbles ([`STEPS`] for the step, [`LEADS_BY_NIBBLES`] for the windows'
    /// screen), keeps the longest run of equal steps rather than a bit per step (the bits are
    /// found afterwards, by [`long_steps`], for the rare code with a run of seven), and screens
    /// both group widths with one bit test: `gtin::analyze` 41.07M -> 36.92M instructions for
    /// the bench feed's 20,000 GTINs (~208 a GTIN; callgrind, docs/performance.md "d92ac52,
    /// 9355fbe").
    fn of(s: &[u8]) -> Self {
        let mut scan = Self {
            long_steps: 0,
            keypad: false,
            sequence: false,
            increment: false,
        };
        // The steps ending one and two positions before, [`NO_STEP`] before the code has them:
        // a run compares the step with the one before, and the groups' screens add them up.
        let (mut step1, mut step2) = (NO_STEP, NO_STEP);
        let mut run = 1_u32;
        let mut longest = 1_u32;
        for (i, w) in s.windows(2).enumerate() {
            // The two digits' low nibbles (the digits' values, as the bytes are ASCII digits).
            let pair = usize::from(w[0] & 0x0F) << 4 | usize::from(w[1] & 0x0F);
            // The step from one digit to the next, mod 10.
            let step = STEPS[pair];
            run = if step == step1 { run + 1 } else { 2 };
            longest = longest.max(run);
            // Windows starting at i. One table read of their first three digits screens both
            // window sets: 923 of the 1,000 leads start no window.
            if let Some(&third) = s.get(i + 2) {
                let leads = LEADS_BY_NIBBLES[pair << 4 | usize::from(third & 0x0F)];
                if leads != 0 {
                    scan.windows_at(s, i, leads);
                }
            }
            // Groups ending here: two-digit groups from i - 2 and three-digit ones from i - 4
            // can only each be one more than the last when the last digits of the first two
            // differ by one (mod 10), the sum of the two or three steps between them; the
            // groups are read only then ([`incrementing_at`] screens the same way). The sums
            // are below 64 (`NO_STEP`'s assertion), so one bit test of each screens them.
            let two = step1 + step;
            let three = step2 + two;
            if (TWO_STEP_SUMS >> two | THREE_STEP_SUMS >> three) & 1 != 0 && !scan.increment {
                if TWO_STEP_SUMS >> two & 1 != 0 {
                    scan.increment = i
                        .checked_sub(2)
                        .is_some_and(|start| incrementing_at(s, start, 2, 4));
                }
                if THREE_STEP_SUMS >> three & 1 != 0 {
                    scan.increment |= i
                        .checked_sub(4)
                        .is_some_and(|start| incrementing_at(s, start, 3, 3));
                }
            }
            (step2, step1) = (step1, step);
        }
        if longest >= 7 {
            scan.long_steps = long_steps(s);
        }
        scan
    }

    /// The keypad and sequence windows at `i`, for the window sets `leads` (a [`WINDOW_LEADS`]
    /// entry) says start with its first three digits.
    fn windows_at(&mut self, s: &[u8], i: usize, leads: u8) {
        if leads & KEYPAD_LEAD != 0 && !self.keypad {
            let keypad = &*KEYPAD_WINDOWS;
            self.keypad = s.get(i..i + keypad.n).is_some_and(|w| keypad.has(w));
        }
        if leads & SEQUENCE_LEAD != 0 && !self.sequence {
            let sequence = &*SEQUENCE_WINDOWS;
            self.sequence = s.get(i..i + sequence.n).is_some_and(|w| sequence.has(w));
        }
    }

    fn has_long_step(&self, step: u8) -> bool {
        self.long_steps & (1 << step) != 0
    }
}

/// Numeric-keypad walks (P03).
const KEYPAD_WALKS: [&str; 8] = [
    "789456123",
    "321654987",
    "123654789",
    "789654123",
    "147258369",
    "741852963",
    "369258147",
    "963852741",
];

/// Concatenated well-known number sequences (P04).
const NUMBER_SEQUENCES: [&str; 4] = [
    "1248163264128256512",
    "11235813213455891442",
    "149162536496481100",
    "235711131719232931374143",
];

/// Published example and test GTINs (P12).
const COMMON_TEST_VALUES: [&str; 12] = [
    "4006381333931",
    "036000291452",
    "9780306406157",
    "5901234123457",
    "96385074",
    "73513537",
    "012345678905",
    "1234567890128",
    "123456789012",
    "12345678901231",
    "00012345600012",
    "10012345678902",
];

/// [`COMMON_TEST_VALUES`] padded to 14 digits, as [`right_aligned_14`] gives them, each read as
/// one number by [`key_14`], sorted; built at compile time. Equal keys are equal padded texts,
/// which are equal numbers, so a binary search finds what comparing the values found.
static COMMON_TEST_KEYS: [u128; COMMON_TEST_VALUES.len()] = {
    let mut keys = [0; COMMON_TEST_VALUES.len()];
    let mut k = 0;
    while k < keys.len() {
        let t = COMMON_TEST_VALUES[k].as_bytes();
        assert!(t.len() <= 14);
        let mut c = [b'0'; 14];
        let mut i = 0;
        while i < t.len() {
            c[14 - t.len() + i] = t[i];
            i += 1;
        }
        keys[k] = key_14(c);
        k += 1;
    }
    // Insertion sort (`sort` is not a `const fn`).
    let mut i = 1;
    while i < keys.len() {
        let mut j = i;
        while j > 0 && keys[j - 1] > keys[j] {
            let t = keys[j];
            keys[j] = keys[j - 1];
            keys[j - 1] = t;
            j -= 1;
        }
        i += 1;
    }
    keys
};

/// The 14 bytes of a padded value as one number (two loads, no parsing): equal keys are equal
/// texts.
#[allow(clippy::many_single_char_names, reason = "the bytes in order")]
const fn key_14(c: [u8; 14]) -> u128 {
    let [a, b, c2, d, e, f, g, h, i, j, k, l, m, n] = c;
    u128::from_be_bytes([a, b, c2, d, e, f, g, h, i, j, k, l, m, n, 0, 0])
}

/// The bytes of `t` (at most 8) as a little-endian number, the bytes above them zero: what
/// [`is_sample_prefix`] compares eight bytes of a value with, once masked to `t`'s length.
const fn prefix_key(t: &str) -> u64 {
    let t = t.as_bytes();
    assert!(t.len() <= 8);
    let mut key = 0_u64;
    let mut i = 0;
    while i < t.len() {
        key |= (t[i] as u64) << (8 * i);
        i += 1;
    }
    key
}

/// The sample prefixes of P15 as [`prefix_key`]s: the demonstration prefix 952 and
/// [`SAMPLE_COMPANY_PREFIXES`].
const SAMPLE_DEMO_KEY: u64 = prefix_key("952");
const SAMPLE_COMPANY_KEYS: [u64; SAMPLE_COMPANY_PREFIXES.len()] = {
    let mut keys = [0; SAMPLE_COMPANY_PREFIXES.len()];
    let mut k = 0;
    while k < keys.len() {
        assert!(SAMPLE_COMPANY_PREFIXES[k].len() == 7);
        keys[k] = prefix_key(SAMPLE_COMPANY_PREFIXES[k]);
        k += 1;
    }
    keys
};

/// P15: whether the 13 digits after the indicator of the padded value start with 952 or one of
/// [`SAMPLE_COMPANY_PREFIXES`]: eight bytes read as one number and masked to three and to seven
/// bytes, where `starts_with` compared byte slices for each of the six prefixes.
#[allow(clippy::many_single_char_names, reason = "the bytes in order")]
fn is_sample_prefix(c: [u8; 14]) -> bool {
    let [_, a, b, d, e, f, g, h, i, ..] = c;
    let head = u64::from_le_bytes([a, b, d, e, f, g, h, i]);
    let seven = head & 0x00FF_FFFF_FFFF_FFFF;
    head & 0xFF_FFFF == SAMPLE_DEMO_KEY || SAMPLE_COMPANY_KEYS.contains(&seven)
}

/// The period detectors: `Alternating` (period 2) and `RepeatedBlock` (periods 3 to 6) of the
/// body or its significant digits `d`, with `is_period` the period test (the reference
/// detectors in the tests bring their own).
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "called once in detect's hot path, as the code stood there before"
)]
fn periodic_patterns(
    body: &[u8],
    d: &[u8],
    set: &mut PatternSet,
    is_period: impl Fn(&[u8], usize) -> bool,
) {
    if (body.len() >= 7 && is_period(body, 2)) || (d.len() >= 8 && is_period(d, 2)) {
        set.insert(Pattern::Alternating);
    }
    if [body, d]
        .iter()
        .any(|s| s.len() >= 7 && (3..=6).any(|p| s.len() >= 2 * p && is_period(s, p)))
    {
        set.insert(Pattern::RepeatedBlock);
    }
}

/// Whether `d` (at least 7 digits) may have a period of 2 to 6, or its body may: a period `p`
/// of a string of at least `p + 2` digits repeats its first two digits at `p` and `p + 1`, and
/// every period test [`detect_digits`] makes is of such a string (the body or the whole value
/// with at least 7 digits for `p` = 2, at least `2p` for `p` = 3-6), both starting with `d`'s
/// first two digits. Five two-byte compares; about 1 in 20 random codes passes.
fn may_repeat(d: &[u8]) -> bool {
    let [a, b, rest @ ..] = d else {
        return false;
    };
    // `rest[k]` is `d[k + 2]`: the windows start at p = 2, ..., 6.
    rest.windows(2).take(5).any(|w| w[0] == *a && w[1] == *b)
}

/// Company prefixes GS1 uses in documentation and samples (P15), as the first digits of the
/// 13-digit form.
const SAMPLE_COMPANY_PREFIXES: [&str; 5] = ["0614141", "4012345", "5012345", "5901234", "9501101"];

fn all_same(s: &[u8]) -> bool {
    s.first().is_some_and(|&f| s.iter().all(|&b| b == f))
}

/// For each step 0–9, the longest run of digits where each is `step` (mod 10) more than the
/// previous: what [`longest_step_run`] gives for every step, in one pass.
#[cfg(test)]
fn step_runs(s: &[u8]) -> [usize; 10] {
    let mut best = [usize::from(!s.is_empty()); 10];
    let mut prev_step = usize::MAX;
    let mut run = 1;
    for w in s.windows(2) {
        let step = usize::from((w[1] + 10 - w[0]) % 10);
        run = if step == prev_step { run + 1 } else { 2 };
        prev_step = step;
        best[step] = best[step].max(run);
    }
    best
}

/// Longest run of digits where each is `step` (mod 10) more than the previous.
#[cfg(test)]
fn longest_step_run(s: &[u8], step: u8) -> usize {
    let mut best = usize::from(!s.is_empty());
    let mut run = best;
    for w in s.windows(2) {
        if (w[0] - b'0' + step) % 10 == w[1] - b'0' {
            run += 1;
            best = best.max(run);
        } else {
            run = 1;
        }
    }
    best
}

/// Whether `s` and `pattern` share a common window of `n` bytes.
/// Window lengths: six digits of a keypad walk (P03), eight of a number sequence (P04).
const KEYPAD_WINDOW: usize = 6;
const SEQUENCE_WINDOW: usize = 8;

/// Every `KEYPAD_WINDOW`-digit window of the keypad walks; built once.
static KEYPAD_WINDOWS: LazyLock<Windows> =
    LazyLock::new(|| windows_of(&KEYPAD_WALKS, KEYPAD_WINDOW));
/// Every `SEQUENCE_WINDOW`-digit window of the number sequences.
static SEQUENCE_WINDOWS: LazyLock<Windows> =
    LazyLock::new(|| windows_of(&NUMBER_SEQUENCES, SEQUENCE_WINDOW));

/// A step no two digits make (steps are 0-9): what [`Scan::of`] remembers before the code's
/// first steps, so that sums of up to three steps including it are never 1, 11 or 21 (they are
/// 22-53), and all sums stay below 64 for the bit tests of [`TWO_STEP_SUMS`] and
/// [`THREE_STEP_SUMS`].
const NO_STEP: u8 = 22;
// Any sum with it is above 21 and at most two of it and a step: 2 x 22 + 9 = 53.
const _: () = assert!(NO_STEP > 21 && 2 * NO_STEP + 9 < 64);

/// Bits 1 and 11: the sums of two steps (mod-10 steps of 0-9) that make two two-digit groups'
/// last digits differ by one.
const TWO_STEP_SUMS: u64 = 1 << 1 | 1 << 11;
/// Bits 1, 11 and 21: the sums of three steps that make two three-digit groups' last digits
/// differ by one.
const THREE_STEP_SUMS: u64 = 1 << 1 | 1 << 11 | 1 << 21;

/// The step (mod 10) from digit `a` to digit `b`, at `a << 4 | b` (the digits' values; the
/// entries of nibbles above 9 are never read for digits).
static STEPS: [u8; 256] = {
    let mut t = [0; 256];
    let mut a = 0;
    while a < 10 {
        let mut b = 0;
        while b < 10 {
            #[allow(clippy::cast_possible_truncation, reason = "a value 0..=9")]
            let step = ((b + 10 - a) % 10) as u8;
            t[(a << 4) | b] = step;
            b += 1;
        }
        a += 1;
    }
    t
};

/// [`WINDOW_LEADS`] indexed by the three digits' values as nibbles, `a << 8 | b << 4 | c`:
/// [`Scan::of`] builds the index from the two digits it has already read with a shift and an
/// or, where [`lead3`] takes three subtractions and two multiplications.
static LEADS_BY_NIBBLES: [u8; 4096] = {
    let mut t = [0; 4096];
    let mut l = 0;
    while l < 1000 {
        t[((l / 100) << 8) | ((l / 10 % 10) << 4) | (l % 10)] = WINDOW_LEADS[l];
        l += 1;
    }
    t
};

/// Bit `k` set when `s` has a run of at least seven digits each `k` (mod 10) more than the
/// previous (`Scan::long_steps`): the run of each step, as [`Scan::of`] counted it before it
/// kept only the longest run.
fn long_steps(s: &[u8]) -> u16 {
    let mut bits = 0_u16;
    let mut previous = NO_STEP;
    let mut run = 1_u32;
    for w in s.windows(2) {
        let step = STEPS[usize::from(w[0] & 0x0F) << 4 | usize::from(w[1] & 0x0F)];
        run = if step == previous { run + 1 } else { 2 };
        if run >= 7 {
            bits |= 1 << step;
        }
        previous = step;
    }
    bits
}

/// [`WINDOW_LEADS`]' bit for a keypad window's first three digits.
const KEYPAD_LEAD: u8 = 1;
/// [`WINDOW_LEADS`]' bit for a sequence window's first three digits.
const SEQUENCE_LEAD: u8 = 2;

/// For each three digits 000-999 (as [`lead3`] numbers them), which window sets have a window
/// starting with them: [`KEYPAD_LEAD`], [`SEQUENCE_LEAD`], both or none. Most windows of a real
/// GTIN start with three digits no window of the patterns starts with, and are rejected by one
/// table read before any search; built at compile time, so the scan does not check a
/// `LazyLock` for each code.
static WINDOW_LEADS: [u8; 1000] = {
    let mut t = [0; 1000];
    mark_leads(&mut t, &KEYPAD_WALKS, KEYPAD_WINDOW, KEYPAD_LEAD);
    mark_leads(&mut t, &NUMBER_SEQUENCES, SEQUENCE_WINDOW, SEQUENCE_LEAD);
    t
};

/// Sets `bit` in `t` for the first three digits of every `n`-digit window of `patterns`.
const fn mark_leads(table: &mut [u8; 1000], patterns: &[&str], n: usize, bit: u8) {
    let mut k = 0;
    while k < patterns.len() {
        let digits = patterns[k].as_bytes();
        let mut at = 0;
        while at + n <= digits.len() {
            table[lead3(digits[at], digits[at + 1], digits[at + 2])] |= bit;
            at += 1;
        }
        k += 1;
    }
}

/// The `n`-digit windows of some digit strings: their values, sorted. [`WINDOW_LEADS`] marks
/// their first three digits.
struct Windows {
    n: usize,
    sorted: Vec<u64>,
}

/// The first three digits of `w` (at least three ASCII digits) as a number, 0–999.
#[cfg(test)]
fn lead(w: &[u8]) -> usize {
    lead3(w[0], w[1], w[2])
}

/// Three ASCII digits as a number, 0–999.
const fn lead3(a: u8, b: u8, c: u8) -> usize {
    a.wrapping_sub(b'0') as usize * 100
        + b.wrapping_sub(b'0') as usize * 10
        + c.wrapping_sub(b'0') as usize
}

/// The value of a run of ASCII digits. All windows compared have the same length, so equal
/// values mean equal digit strings, leading zeros included.
fn digits_value(w: &[u8]) -> u64 {
    w.iter()
        .fold(0, |acc, &b| acc * 10 + u64::from(b.wrapping_sub(b'0')))
}

fn windows_of(patterns: &[&str], n: usize) -> Windows {
    let mut sorted: Vec<u64> = patterns
        .iter()
        .flat_map(|p| p.as_bytes().windows(n).map(digits_value))
        .collect();
    sorted.sort_unstable();
    sorted.dedup();
    Windows { n, sorted }
}

impl Windows {
    /// Whether `w` (`n` ASCII digits) is a window of the patterns.
    fn has(&self, w: &[u8]) -> bool {
        self.sorted.binary_search(&digits_value(w)).is_ok()
    }
}

/// Whether `s` (ASCII digits) shares a window with the patterns behind `windows`.
#[cfg(test)]
fn shares_window(s: &[u8], windows: &Windows, lead_bit: u8) -> bool {
    s.windows(windows.n)
        .any(|w| WINDOW_LEADS[lead(w)] & lead_bit != 0 && windows.has(w))
}

fn group_value(g: &[u8]) -> u32 {
    g.iter().fold(0, |acc, &b| acc * 10 + u32::from(b - b'0'))
}

/// `count` consecutive groups of `width` digits, each one more than the previous, at any offset.
#[cfg(test)]
fn incrementing_groups(s: &[u8], width: usize, count: usize) -> bool {
    (0..s.len()).any(|start| incrementing_at(s, start, width, count))
}

/// `count` consecutive groups of `width` digits from `start` in `s`, each one more than the
/// previous.
fn incrementing_at(s: &[u8], start: usize, width: usize, count: usize) -> bool {
    let Some(span) = s.get(start..start + width * count) else {
        return false;
    };
    // Each group one more than the one before: the last digits of the first two differ by one
    // (mod 10). Most offsets fail this byte test before any group is read.
    let diff = span[2 * width - 1].wrapping_sub(span[width - 1]);
    if diff != 1 && diff != 1_u8.wrapping_sub(10) {
        return false;
    }
    let mut groups = span.chunks_exact(width).map(group_value);
    let mut prev = groups.next().unwrap_or(0);
    groups.all(|v| {
        let ok = v == prev + 1;
        prev = v;
        ok
    })
}

fn is_palindrome(s: &[u8]) -> bool {
    s.iter().eq(s.iter().rev())
}

/// A run of at least 7 identical non-zero digits or 8 zeros that is not leading-zero padding.
/// Zeros need a longer run: company prefixes ending in zeros followed by a small item reference
/// give real GTINs six zeros in a row (5449000000996).
fn has_fill_run(s: &[u8], sig_start: usize) -> bool {
    // One pass: the length of the run each digit ends, compared as it grows.
    let mut run = 0_usize;
    let mut prev = 0_u8;
    for &b in s.get(sig_start..).unwrap_or(&[]) {
        run = if run > 0 && b == prev { run + 1 } else { 1 };
        prev = b;
        if run >= if b == b'0' { 8 } else { 7 } {
            return true;
        }
    }
    false
}

/// Whether `s` has period `p`: every digit equals the one `p` before it, and the first `p`
/// digits are not all the same (so a constant string has no period above 1).
fn period_is(s: &[u8], p: usize) -> bool {
    // The repetition first: it fails at once for nearly every code (the tests are pure, so
    // their order does not change the answer).
    s.len() > p
        && (p..s.len()).all(|i| s[i] == s[i - p])
        && !all_same(&s[..p])
        && (1..p).all(|q| p % q != 0 || !(q..s.len()).all(|i| s[i] == s[i - q]))
}

/// How many different digits `s` (ASCII digits) has: the digits' bits, two digits per read of
/// [`PAIR_BITS`], an odd last digit by a shift. The byte loop (`mask |= 1 << (b - b'0')`) was
/// vectorised by LLVM through a float conversion, ~60 instructions a bench GTIN
/// (docs/performance.md "c98aaa2"). A test holds it to that loop.
fn distinct_digits(s: &[u8]) -> u32 {
    let pairs = s.chunks_exact(2);
    // A digit's low nibble is its value (below 16: the shift cannot overflow).
    let mut mask = pairs
        .remainder()
        .first()
        .map_or(0_u16, |&b| 1 << (b & 0x0F));
    for pair in pairs {
        mask |= PAIR_BITS[usize::from(pair[0] & 0x0F) << 4 | usize::from(pair[1] & 0x0F)];
    }
    mask.count_ones()
}

/// Entry `a << 4 | b`, for the low nibbles `a` and `b` of two ASCII digits (their values):
/// `1 << a | 1 << b`. Nibbles above 9 are no digit's and are never read.
const PAIR_BITS: [u16; 256] = {
    let mut t = [0_u16; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = 1 << (i >> 4) | 1 << (i & 0x0F);
        i += 1;
    }
    t
};

/// The value left-padded with zeros to 14 digits, when it has 14 or fewer.
#[must_use]
pub fn right_aligned_14(d: &[u8]) -> Option<[u8; 14]> {
    if d.len() > 14 || !all_ascii_digits(d) {
        return None;
    }
    pad_14(d)
}

/// `d` left-padded with zeros to 14 bytes, when it has 14 or fewer: [`right_aligned_14`] for
/// bytes already known to be digits.
///
/// 8-14 digits (every GTIN length) are written as their first and their last eight bytes, two
/// fixed-size copies that overlap for fewer than 16 digits, where a copy of `d.len()` bytes was
/// a `memcpy` call (~24 instructions a call, twice a GTIN: `analyze` pads for the prefix and
/// the pattern detectors for the test values). A proptest holds it to `format!("{:0>14}")`.
pub(super) fn pad_14(d: &[u8]) -> Option<[u8; 14]> {
    let mut out = [b'0'; 14];
    let pad = 14usize.checked_sub(d.len())?;
    if let (Some(head), Some(tail)) = (d.first_chunk::<8>(), d.last_chunk::<8>()) {
        // `pad` is at most 6 here: both chunks fit.
        if let Some(to) = out.get_mut(pad..).and_then(<[u8]>::first_chunk_mut::<8>) {
            *to = *head;
        }
        if let Some(to) = out.last_chunk_mut::<8>() {
            *to = *tail;
        }
    } else {
        out.get_mut(pad..)?.copy_from_slice(d);
    }
    Some(out)
}

/// Whether every byte of `s` is an ASCII digit: [`u8::is_ascii_digit`] for each, eight bytes
/// at a time once there are eight (the last eight overlapping the ones before), where a byte
/// loop takes ~6 instructions a byte. Every GTIN's raw text and digits are checked.
pub(super) fn all_ascii_digits(s: &[u8]) -> bool {
    let Some(&last) = s.last_chunk::<8>() else {
        return s.iter().all(u8::is_ascii_digit);
    };
    let mut rest = s;
    while let Some((&chunk, tail)) = rest.split_first_chunk::<8>() {
        if !eight_digits(chunk) {
            return false;
        }
        rest = tail;
    }
    eight_digits(last)
}

/// Whether the eight bytes are ASCII digits (0x30-0x39): each byte's high half is 3, and adding
/// 6 to its low half does not carry into the high one (which it does from 0xA up). No byte
/// carries into the next: 0x3F + 6 is below 0x100.
pub(super) fn eight_digits(c: [u8; 8]) -> bool {
    const HIGH: u64 = 0xF0F0_F0F0_F0F0_F0F0;
    const THREES: u64 = 0x3030_3030_3030_3030;
    let x = u64::from_le_bytes(c);
    x & HIGH == THREES && x.wrapping_add(0x0606_0606_0606_0606) & HIGH == THREES
}

fn is_template(raw: &str) -> bool {
    const MARKERS: [&str; 6] = ["{{", "}}", "${", "{%", "<%", "[["];
    const WORDS: [&str; 6] = ["gtin", "ean", "upc", "isbn", "barcode", "placeholder"];
    // A plain run of digits has no marker, wrapper, mask or word: the common case, answered
    // without the scans below.
    if all_ascii_digits(raw.as_bytes()) {
        return false;
    }
    if MARKERS.iter().any(|m| raw.contains(m)) {
        return true;
    }
    let wrapped = [('{', '}'), ('[', ']'), ('<', '>'), ('%', '%')]
        .iter()
        .any(|&(a, b)| raw.len() >= 3 && raw.starts_with(a) && raw.ends_with(b));
    if wrapped {
        return true;
    }
    let masks = raw
        .chars()
        .filter(|c| matches!(c, 'X' | 'x' | '#' | '*' | '?' | '_'))
        .count();
    if masks >= 4 {
        return true;
    }
    // Words: compare ASCII case-insensitively without allocating.
    let bytes = raw.as_bytes();
    WORDS.iter().any(|w| {
        bytes
            .windows(w.len())
            .any(|win| win.eq_ignore_ascii_case(w.as_bytes()))
    })
}

/// The tokens of [`is_system_placeholder`] made only of digits (a test checks they are exactly
/// those): all a plain run of digits needs comparing with.
const NUMERIC_PLACEHOLDERS: [&str; 6] = [
    "0",
    "65535",
    "2147483647",
    "4294967295",
    "9223372036854775807",
    "18446744073709551615",
];

fn is_system_placeholder(raw: &str) -> bool {
    TOKENS.iter().any(|t| t.eq_ignore_ascii_case(raw))
}

/// Values systems write when they have no GTIN (P16), compared ASCII-case-insensitively.
const TOKENS: [&str; 37] = [
    "null",
    "nil",
    "none",
    "n/a",
    "na",
    "nan",
    "undefined",
    "unknown",
    "tbd",
    "tba",
    "todo",
    "default",
    "false",
    "true",
    "-",
    "--",
    "0",
    "-1",
    "not available",
    "not applicable",
    "does not apply",
    "doesnotapply",
    "no gtin",
    "nogtin",
    "#n/a",
    "#value!",
    "#ref!",
    "#name?",
    "#num!",
    "#null!",
    "#div/0!",
    "65535",
    "2147483647",
    "4294967295",
    "9223372036854775807",
    "18446744073709551615",
    "(null)",
];

/// The detectors as they were before the byte screens (bit for bit the previous code): what the
/// screened ones must agree with on every input.
#[cfg(test)]
mod reference {
    #![allow(clippy::all, clippy::pedantic)]
    use super::{
        COMMON_TEST_VALUES, KEYPAD_WALKS, KEYPAD_WINDOW, LazyLock, NUMBER_SEQUENCES, Pattern,
        PatternSet, SAMPLE_COMPANY_PREFIXES, SEQUENCE_WINDOW, TOKENS, all_same, digits_value,
        distinct_digits, group_value, is_palindrome, is_template, right_aligned_14, step_runs,
    };

    /// Whether `s` has period `p` (the previous order of the tests).
    fn period_is(s: &[u8], p: usize) -> bool {
        s.len() > p
            && !all_same(&s[..p])
            && (p..s.len()).all(|i| s[i] == s[i - p])
            && (1..p).all(|q| p % q != 0 || !(q..s.len()).all(|i| s[i] == s[i - q]))
    }

    /// Runs every detector. `raw` is the trimmed raw text; `digits` the ASCII digits read from it
    /// (any count; digit detectors need at least 7).
    #[must_use]
    pub(super) fn detect(raw: &str, digits: Option<&[u8]>) -> PatternSet {
        let mut set = PatternSet::default();
        if is_template(raw) {
            set.insert(Pattern::TemplatePlaceholder);
        }
        if is_system_placeholder(raw) {
            set.insert(Pattern::SystemPlaceholder);
        }
        if let Some(d) = digits.filter(|d| d.len() >= 7 && d.iter().all(u8::is_ascii_digit)) {
            detect_digits(d, &mut set);
        }
        set
    }

    fn detect_digits(d: &[u8], set: &mut PatternSet) {
        let body = &d[..d.len() - 1];
        let sig_start = d.iter().position(|&b| b != b'0').unwrap_or(d.len());
        let sig = &d[sig_start..];
        let sig_body = sig.get(..sig.len().saturating_sub(1)).unwrap_or(&[]);

        let all_same = all_same(d) || all_same(body);
        if all_same {
            set.insert(Pattern::AllSameDigits);
        }
        let runs = step_runs(body);
        if runs[1] >= 7 {
            set.insert(Pattern::Ascending);
        }
        if runs[9] >= 7 {
            set.insert(Pattern::Descending);
        }
        if shares_window(body, KEYPAD_WINDOW, &KEYPAD_WINDOWS) {
            set.insert(Pattern::Keyboard);
        }
        if [2, 3, 4, 6, 7, 8].into_iter().any(|step| runs[step] >= 7)
            || shares_window(body, SEQUENCE_WINDOW, &SEQUENCE_WINDOWS)
        {
            set.insert(Pattern::Mathematical);
        }
        if incrementing_groups(body, 2, 4) || incrementing_groups(body, 3, 3) {
            set.insert(Pattern::Increment);
        }
        if !all_same {
            if body.len() >= 7 && is_palindrome(body) && !is_palindrome(d) {
                set.insert(Pattern::Mirror);
            }
            if d.len() >= 8 && is_palindrome(d) {
                set.insert(Pattern::Palindrome);
            }
            if has_fill_run(body, sig_start) {
                set.insert(Pattern::GeneratorArtifact);
            }
            super::periodic_patterns(body, d, set, period_is);
        }
        let canonical = right_aligned_14(d);
        if canonical.is_some_and(|c| COMMON_TEST_VALUES_14.contains(&c)) {
            set.insert(Pattern::CommonTestValue);
        }
        if d.len() >= 12 && !sig.is_empty() && sig.len() < 8 {
            set.insert(Pattern::Partial);
        }
        if sig_body.len() >= 7 && sig_body[1..].iter().all(|&b| b == b'0') {
            set.insert(Pattern::DefaultValue);
        }
        if let Some(c) = canonical {
            let thirteen = &c[1..];
            if thirteen.starts_with(b"952")
                || SAMPLE_COMPANY_PREFIXES
                    .iter()
                    .any(|p| thirteen.starts_with(p.as_bytes()))
            {
                set.insert(Pattern::SampleData);
            }
        }
        let repeating_already = set.contains(Pattern::AllSameDigits)
            || set.contains(Pattern::Alternating)
            || set.contains(Pattern::RepeatedBlock);
        if !repeating_already {
            let distinct = distinct_digits(sig_body);
            if (sig_body.len() >= 7 && distinct <= 2) || (sig_body.len() >= 11 && distinct <= 3) {
                set.insert(Pattern::Weak);
            }
        }
    }

    /// [`COMMON_TEST_VALUES`] left-padded to 14 digits, as [`right_aligned_14`] gives them; built once.
    static COMMON_TEST_VALUES_14: LazyLock<Vec<[u8; 14]>> = LazyLock::new(|| {
        COMMON_TEST_VALUES
            .iter()
            .filter_map(|t| right_aligned_14(t.as_bytes()))
            .collect()
    });

    static KEYPAD_WINDOWS: LazyLock<Vec<u64>> =
        LazyLock::new(|| windows_of(&KEYPAD_WALKS, KEYPAD_WINDOW));
    static SEQUENCE_WINDOWS: LazyLock<Vec<u64>> =
        LazyLock::new(|| windows_of(&NUMBER_SEQUENCES, SEQUENCE_WINDOW));

    fn windows_of(patterns: &[&str], n: usize) -> Vec<u64> {
        let mut v: Vec<u64> = patterns
            .iter()
            .flat_map(|p| p.as_bytes().windows(n).map(digits_value))
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    }

    /// Whether `s` (ASCII digits) shares an `n`-digit window with the patterns behind `sorted`.
    fn shares_window(s: &[u8], n: usize, sorted: &[u64]) -> bool {
        s.windows(n)
            .any(|w| sorted.binary_search(&digits_value(w)).is_ok())
    }

    /// `count` consecutive groups of `width` digits, each one more than the previous, at any offset.
    fn incrementing_groups(s: &[u8], width: usize, count: usize) -> bool {
        let span = width * count;
        if s.len() < span {
            return false;
        }
        (0..=s.len() - span).any(|start| {
            let mut groups = s[start..start + span].chunks_exact(width).map(group_value);
            let mut prev = groups.next().unwrap_or(0);
            groups.all(|v| {
                let ok = v == prev + 1;
                prev = v;
                ok
            })
        })
    }

    /// A run of at least 7 identical non-zero digits or 8 zeros that is not leading-zero padding.
    /// Zeros need a longer run: company prefixes ending in zeros followed by a small item reference
    /// give real GTINs six zeros in a row (5449000000996).
    fn has_fill_run(s: &[u8], sig_start: usize) -> bool {
        let mut i = sig_start.min(s.len());
        while i < s.len() {
            let j = s[i..]
                .iter()
                .position(|&b| b != s[i])
                .map_or(s.len(), |k| i + k);
            if j - i >= if s[i] == b'0' { 8 } else { 7 } {
                return true;
            }
            i = j;
        }
        false
    }

    fn is_system_placeholder(raw: &str) -> bool {
        TOKENS.iter().any(|t| t.eq_ignore_ascii_case(raw))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn detected(raw: &str) -> PatternSet {
        let digits: Vec<u8> = raw.bytes().filter(u8::is_ascii_digit).collect();
        let all_digits = raw.bytes().all(|b| b.is_ascii_digit());
        detect(raw, all_digits.then_some(digits.as_slice()))
    }

    fn assert_pattern(p: Pattern, positives: &[&str], negatives: &[&str]) {
        for v in positives {
            assert!(detected(v).contains(p), "{} should match {v}", p.id());
        }
        for v in negatives {
            assert!(!detected(v).contains(p), "{} should not match {v}", p.id());
        }
    }

    /// Real GTINs from products (and GS1-valid random-looking ones) used as negatives everywhere.
    const REAL: [&str; 6] = [
        "5449000000996", // a soft drink, GS1 Belgium range 544
        "8712566441501", // NL
        "3017620422003", // FR
        "4000417025005", // DE
        "0885909950805", // US
        "7622300489434", // a chocolate bar
    ];

    proptest::proptest! {
        /// The one-pass step runs agree with the per-step definition.
        #[test]
        fn step_runs_agree_with_longest_step_run(digits in "[0-9]{0,16}") {
            let runs = step_runs(digits.as_bytes());
            for step in 0..10u8 {
                proptest::prop_assert_eq!(runs[usize::from(step)], longest_step_run(digits.as_bytes(), step));
            }
        }
    }

    #[test]
    fn p01_ascending() {
        assert_pattern(
            Pattern::Ascending,
            &[
                "1234567890128",
                "0123456789012",
                "12345670",
                "7890123450004",
            ],
            &REAL,
        );
        assert_pattern(Pattern::Ascending, &[], &["1234560987654", "9876543210982"]);
    }

    #[test]
    fn p02_descending() {
        assert_pattern(
            Pattern::Descending,
            &["9876543210982", "3210987650009", "98765432"],
            &REAL,
        );
        assert_pattern(Pattern::Descending, &[], &["1234567890128"]);
    }

    #[test]
    fn p03_keyboard() {
        assert_pattern(
            Pattern::Keyboard,
            &["7894561230004", "1472583690005", "3216549870007"],
            &REAL,
        );
        assert_pattern(Pattern::Keyboard, &[], &["7894510230004"]);
    }

    #[test]
    fn p04_mathematical() {
        assert_pattern(
            Pattern::Mathematical,
            &[
                "2468024680244",
                "1357913579135",
                "1248163264120",
                "1123581321340",
            ],
            &REAL,
        );
        assert_pattern(
            Pattern::Mathematical,
            &[],
            &["2468013570135", "1234567890128"],
        );
    }

    #[test]
    fn p05_increment() {
        assert_pattern(
            Pattern::Increment,
            &["0102030405063", "5010111213146", "1001011021030"],
            &REAL,
        );
        assert_pattern(Pattern::Increment, &[], &["0102050608091"]);
    }

    #[test]
    fn p06_mirror() {
        assert_pattern(Pattern::Mirror, &["1234566543210", "4006333360041"], &REAL);
        // The whole value being a palindrome is P07, not P06; all-same is P09.
        assert_pattern(
            Pattern::Mirror,
            &[],
            &["1234554321", "0000000000000", "1234562654321"],
        );
    }

    #[test]
    fn p07_palindrome() {
        assert_pattern(
            Pattern::Palindrome,
            &["1234562654321", "12344321", "40055004"],
            &REAL,
        );
        assert_pattern(
            Pattern::Palindrome,
            &[],
            &["0000000000000", "1234566543210"],
        );
    }

    #[test]
    fn p08_generator_fill_run() {
        assert_pattern(
            Pattern::GeneratorArtifact,
            &["5000000000128", "8711111111110", "4000000001236"],
            &REAL,
        );
        // Leading-zero padding is not a fill run; six or seven zeros are not enough.
        assert_pattern(
            Pattern::GeneratorArtifact,
            &[],
            &[
                "00000096385074",
                "5449000000996",
                "4006300000006",
                "1111111111116",
            ],
        );
    }

    #[test]
    fn p09_all_same_digits() {
        assert_pattern(
            Pattern::AllSameDigits,
            &[
                "0000000000000",
                "99999999",
                "1111111111116",
                "77777777777777",
            ],
            &REAL,
        );
        assert_pattern(Pattern::AllSameDigits, &[], &["1111111111611"]);
    }

    #[test]
    fn p10_alternating() {
        assert_pattern(
            Pattern::Alternating,
            &["1212121212128", "0101010101017", "90909090"],
            &REAL,
        );
        assert_pattern(
            Pattern::Alternating,
            &[],
            &["1212121212328", "1111111111116"],
        );
    }

    #[test]
    fn p11_template_placeholder() {
        assert_pattern(
            Pattern::TemplatePlaceholder,
            &[
                "{{gtin}}",
                "${GTIN}",
                "[EAN]",
                "<gtin>",
                "%upc%",
                "XXXXXXXXXXXXX",
                "400638XXXXXXX",
                "your barcode here",
                "#############",
            ],
            &REAL,
        );
        assert_pattern(Pattern::TemplatePlaceholder, &[], &["080442957X", "n/a"]);
    }

    #[test]
    fn p12_common_test_value() {
        assert_pattern(
            Pattern::CommonTestValue,
            &[
                "4006381333931",
                "036000291452",
                "0036000291452",
                "96385074",
                "5901234123457",
            ],
            &REAL,
        );
        assert_pattern(Pattern::CommonTestValue, &[], &["4006381333948"]);
    }

    #[test]
    fn p13_partial() {
        assert_pattern(
            Pattern::Partial,
            &["0000001234565", "0000000000017", "00000000000017"],
            &REAL,
        );
        // A GTIN-8 padded to 13/14 digits keeps 8 significant digits; GTIN-8 itself is short.
        assert_pattern(
            Pattern::Partial,
            &[],
            &[
                "0000096385074",
                "00000096385074",
                "96385074",
                "0000000000000",
            ],
        );
    }

    #[test]
    fn p14_default_value() {
        assert_pattern(
            Pattern::DefaultValue,
            &[
                "1000000000009",
                "2000000000008",
                "10000000",
                "0500000000001",
            ],
            &REAL,
        );
        assert_pattern(
            Pattern::DefaultValue,
            &[],
            &["1000000000108", "0000000000000"],
        );
    }

    #[test]
    fn p15_sample_data() {
        assert_pattern(
            Pattern::SampleData,
            &[
                "9521234567890",
                "0614141000036",
                "10614141000415",
                "4012345000016",
                "5012345678900",
                "9501101530003",
            ],
            &REAL,
        );
        assert_pattern(
            Pattern::SampleData,
            &[],
            &["4012346000015", "9531234567896"],
        );
    }

    #[test]
    fn p16_system_placeholder() {
        assert_pattern(
            Pattern::SystemPlaceholder,
            &[
                "null",
                "N/A",
                "None",
                "#N/A",
                "-1",
                "0",
                "2147483647",
                "undefined",
                "does not apply",
            ],
            &REAL,
        );
        assert_pattern(
            Pattern::SystemPlaceholder,
            &[],
            &["nullable", "10", "21474836470"],
        );
    }

    #[test]
    fn p17_weak() {
        assert_pattern(
            Pattern::Weak,
            &["1001001100013", "5500550055011", "1011010001101"],
            &REAL,
        );
        // Already repeating (P10) and too short for the 3-digit rule.
        assert_pattern(Pattern::Weak, &[], &["1212121212128", "12312344"]);
    }

    #[test]
    fn p18_repeated_block() {
        assert_pattern(
            Pattern::RepeatedBlock,
            &[
                "1231231231231",
                "1234123412346",
                "4567845678456",
                "98769876",
            ],
            &REAL,
        );
        // Period 2 is P10, period 1 is P09, a block seen once is not repeated.
        assert_pattern(
            Pattern::RepeatedBlock,
            &[],
            &["1212121212128", "0000000000000", "1234567123400"],
        );
    }

    #[test]
    fn fakes_with_valid_check_digits_are_flagged() {
        for v in ["1234567890128", "0000000000000", "1111111111116"] {
            assert!(
                crate::gtin::check::has_valid_check_digit(v.as_bytes()),
                "{v}"
            );
            assert!(!detected(v).is_empty(), "{v}");
        }
    }

    #[test]
    fn ids_are_unique_well_formed_and_in_order() {
        for (i, p) in Pattern::ALL.iter().enumerate() {
            assert_eq!(p.id(), format!("GTIN-P{:02}", i + 1));
            assert!(!p.definition().is_empty());
            assert!((0.0..=1.0).contains(&p.confidence()));
        }
        let names: std::collections::BTreeSet<_> = Pattern::ALL.iter().map(|p| p.name()).collect();
        assert_eq!(names.len(), 18);
    }

    #[test]
    fn docs_describe_every_pattern_verbatim() {
        let docs = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/gtin.md"));
        for p in Pattern::ALL {
            let row = format!(
                "| {} | {} | {} | {:.2} | {} |",
                p.id(),
                p.name(),
                p.group().as_str(),
                p.confidence(),
                p.definition()
            );
            assert!(
                docs.contains(&row),
                "docs/gtin.md lacks or misstates:\n{row}"
            );
        }
    }

    #[test]
    fn group_sizes_follow_the_spec_plus_p18() {
        let count = |g| Pattern::ALL.iter().filter(|p| p.group() == g).count();
        assert_eq!(count(PatternGroup::Sequential), 8);
        assert_eq!(count(PatternGroup::Repeating), 3);
        assert_eq!(count(PatternGroup::Placeholder), 7);
    }

    #[test]
    fn combined_confidence_is_bounded() {
        let mut s = PatternSet::default();
        assert!(s.confidence().abs() < f64::EPSILON);
        s.insert(Pattern::Weak);
        assert!((s.confidence() - 0.6).abs() < 1e-9);
        s.insert(Pattern::Ascending);
        assert!((s.confidence() - 0.98).abs() < 1e-9);
        s.insert(Pattern::AllSameDigits);
        assert!((s.confidence() - MAX_CONFIDENCE).abs() < 1e-9);
    }

    #[test]
    fn realistic_valid_gtins_are_rarely_flagged() {
        // 10,000 GTIN-13s built like real ones: a GS1 prefix from a member organisation's range,
        // a company number and item reference of random digits, and a correct check digit.
        let members: Vec<(u16, u16)> = crate::gtin::prefix::GS1_PREFIXES
            .iter()
            .filter(|r| r.class == crate::gtin::prefix::PrefixClass::Member && r.from >= 30)
            .map(|r| (r.from, r.to))
            .collect();
        let mut rng = fastrand::Rng::with_seed(0x6715_2026);
        let total = 10_000;
        let mut flagged = 0;
        for _ in 0..total {
            let (from, to) = members[rng.usize(..members.len())];
            let prefix = rng.u16(from..=to);
            let mut body = format!("{prefix:03}");
            // GTIN-12 (as 13 with a leading 0 for GS1 US) or GTIN-13.
            while body.len() < 12 {
                body.push(char::from(b'0' + rng.u8(0..10)));
            }
            let check = crate::gtin::check::compute_check_digit(body.as_bytes()).unwrap_or(b'0');
            body.push(char::from(check));
            if !detected(&body).is_empty() {
                flagged += 1;
            }
        }
        let rate = f64::from(flagged) / f64::from(total);
        assert!(
            rate < 0.01,
            "false-positive rate {rate} ({flagged} of {total})"
        );
    }
}

#[cfg(test)]
mod window_props {
    use super::*;
    use proptest::prelude::*;

    /// The direct definition the precomputed tables must agree with.
    fn naive(s: &[u8], patterns: &[&str], n: usize) -> bool {
        s.windows(n).any(|w| {
            patterns
                .iter()
                .any(|p| p.as_bytes().windows(n).any(|q| q == w))
        })
    }

    /// Digit strings shaped like the patterns as well as random ones: runs, steps, blocks,
    /// palindromes, pieces of the keypad walks and number sequences, test values, zero padding.
    fn digit_strings() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            "[0-9]{1,14}",
            "(0{1,9}|1{1,9}|7{1,9}|9{1,9})",
            (0usize..8, 0usize..4, 1usize..=6)
                .prop_map(|(i, s, n)| KEYPAD_WALKS[i][s..s + n].to_owned()),
            (0usize..4, 0usize..12, 1usize..=9).prop_map(|(i, s, n)| {
                let q = NUMBER_SEQUENCES[i];
                q[s.min(q.len() - 1)..(s + n).min(q.len())].to_owned()
            }),
            (0usize..12).prop_map(|i| COMMON_TEST_VALUES[i].to_owned()),
            (0u8..10, 0u8..10, 2u8..8).prop_map(|(start, step, n)| {
                (0..n)
                    .map(|k| char::from(b'0' + (start + step * k % 10) % 10))
                    .collect()
            }),
            ("[0-9]{1,6}", 2usize..5).prop_map(|(b, k)| b.repeat(k)),
            "[0-9]{1,7}".prop_map(|h| format!("{h}{}", h.chars().rev().collect::<String>())),
            (0u32..1000, 2u32..5, 2u32..4).prop_map(|(v, w, c)| {
                (0..c)
                    .map(|k| {
                        let g = (v + k) % 10u32.pow(w);
                        format!("{g:0width$}", width = w as usize)
                    })
                    .collect::<Vec<_>>()
                    .concat()
            }),
        ];
        proptest::collection::vec(piece, 1..4).prop_map(|v| v.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]
        /// The screened detectors find exactly what the previous ones found, on digit strings of
        /// every length and on the same strings with a non-digit in them.
        #[test]
        fn screened_detectors_agree_with_the_reference(s in digit_strings(), junk in proptest::option::of((0usize..20, "[ a-zA-Z#/-]"))) {
            let mut raw = s.clone();
            if let Some((at, j)) = junk {
                raw.insert_str(at.min(raw.len()), &j);
            }
            let digits: Vec<u8> = raw.bytes().filter(u8::is_ascii_digit).collect();
            prop_assert_eq!(detect(&raw, Some(&digits)), super::reference::detect(&raw, Some(&digits)), "{}", raw);
            prop_assert_eq!(detect(&raw, None), super::reference::detect(&raw, None), "{}", raw);
        }

        /// [`may_repeat`] passes every code with a period the detectors test, and the
        /// compile-time keys find exactly what comparing values and prefixes found.
        #[test]
        fn the_gtin2_screens_agree_with_the_direct_tests(s in digit_strings()) {
            let d = s.as_bytes();
            if d.len() >= 7 {
                let body = &d[..d.len() - 1];
                let periodic = [body, d].iter().any(|s| {
                    (s.len() >= 7 && period_is(s, 2))
                        || (3..=6).any(|p| s.len() >= 2 * p && period_is(s, p))
                });
                prop_assert!(!periodic || may_repeat(d), "{}", s);
            }
            if let Some(c) = right_aligned_14(d) {
                let by_value = COMMON_TEST_VALUES
                    .iter()
                    .any(|t| digits_value(t.as_bytes()) == digits_value(d));
                prop_assert_eq!(COMMON_TEST_KEYS.binary_search(&key_14(c)).is_ok(), by_value, "{}", s);
                let thirteen = &c[1..];
                let by_bytes = thirteen.starts_with(b"952")
                    || SAMPLE_COMPANY_PREFIXES
                        .iter()
                        .any(|p| thirteen.starts_with(p.as_bytes()));
                prop_assert_eq!(is_sample_prefix(c), by_bytes, "{}", s);
            }
        }

        /// Every sample prefix is found after any indicator digit, whatever follows it.
        #[test]
        fn sample_prefixes_by_key(prefix in 0usize..6, indicator in 0u8..10, rest in "[0-9]{10}") {
            let p = ["952", "0614141", "4012345", "5012345", "5901234", "9501101"][prefix];
            let thirteen = format!("{p}{rest}");
            let value = format!("{}{}", char::from(b'0' + indicator), &thirteen[..13]);
            let c = right_aligned_14(value.as_bytes());
            prop_assert!(c.is_some_and(is_sample_prefix), "{}", value);
        }

        #[test]
        fn placeholders_agree_with_the_reference(raw in "(0|65535|2147483647|null|N/A|-1|--|#n/a|[0-9]{0,20}|\\PC{0,12})") {
            prop_assert_eq!(detect(&raw, None), super::reference::detect(&raw, None));
        }
    }

    #[test]
    fn window_leads_mark_exactly_the_windows_first_digits() {
        for (bit, patterns, n) in [
            (KEYPAD_LEAD, &KEYPAD_WALKS[..], KEYPAD_WINDOW),
            (SEQUENCE_LEAD, &NUMBER_SEQUENCES[..], SEQUENCE_WINDOW),
        ] {
            for (l, &leads) in WINDOW_LEADS.iter().enumerate() {
                let digits = format!("{l:03}");
                let starts = patterns.iter().any(|p| {
                    p.as_bytes()
                        .windows(n)
                        .any(|w| w[..3] == *digits.as_bytes())
                });
                assert_eq!(leads & bit != 0, starts, "{digits}");
            }
        }
        let none: usize = WINDOW_LEADS.iter().map(|&l| usize::from(l == 0)).sum();
        assert_eq!(none, 923, "the count Scan::of's comment gives");
    }

    #[test]
    fn nibble_tables_agree_with_the_digit_tables() {
        for a in b'0'..=b'9' {
            for b in b'0'..=b'9' {
                let pair = usize::from(a & 0x0F) << 4 | usize::from(b & 0x0F);
                assert_eq!(STEPS[pair], (b + 10 - a) % 10, "{a} {b}");
                for c in b'0'..=b'9' {
                    assert_eq!(
                        LEADS_BY_NIBBLES[pair << 4 | usize::from(c & 0x0F)],
                        WINDOW_LEADS[lead3(a, b, c)],
                        "{a} {b} {c}"
                    );
                }
            }
        }
    }

    #[test]
    fn numeric_placeholders_are_the_all_digit_tokens() {
        let digits: Vec<&str> = TOKENS
            .iter()
            .copied()
            .filter(|t| t.bytes().all(|b| b.is_ascii_digit()))
            .collect();
        assert_eq!(digits, NUMERIC_PLACEHOLDERS);
    }

    proptest! {
        #[test]
        fn precomputed_windows_match_the_direct_search(s in "[0-9]{0,16}") {
            let b = s.as_bytes();
            prop_assert_eq!(
                shares_window(b, &KEYPAD_WINDOWS, KEYPAD_LEAD),
                naive(b, &KEYPAD_WALKS, KEYPAD_WINDOW)
            );
            prop_assert_eq!(
                shares_window(b, &SEQUENCE_WINDOWS, SEQUENCE_LEAD),
                naive(b, &NUMBER_SEQUENCES, SEQUENCE_WINDOW)
            );
        }

        /// One pass finds what the detectors' own passes find.
        #[test]
        fn the_scan_agrees_with_each_detectors_pass(s in digit_strings()) {
            let b = s.as_bytes();
            let scan = Scan::of(b);
            let runs = step_runs(b);
            for step in 0..10u8 {
                prop_assert_eq!(scan.has_long_step(step), runs[usize::from(step)] >= 7, "step {}", step);
            }
            prop_assert_eq!(scan.keypad, shares_window(b, &KEYPAD_WINDOWS, KEYPAD_LEAD));
            prop_assert_eq!(scan.sequence, shares_window(b, &SEQUENCE_WINDOWS, SEQUENCE_LEAD));
            prop_assert_eq!(
                scan.increment,
                incrementing_groups(b, 2, 4) || incrementing_groups(b, 3, 3)
            );
        }

        /// The eight-at-a-time digit test is `is_ascii_digit` on every byte, for texts of
        /// digits with any byte anywhere (bytes next to the digits' range above all).
        #[test]
        fn all_ascii_digits_is_each_byte_a_digit(
            digits in "[0-9]{0,40}",
            odd in proptest::option::of((0usize..40, prop_oneof![
                Just(b'/'), Just(b':'), Just(b'?'), Just(b' '), Just(0x2f_u8), Just(0x3a_u8),
                Just(0x3f_u8), Just(0x40_u8), Just(0xb0_u8), Just(0xff_u8), any::<u8>(),
            ])),
        ) {
            let mut b = digits.into_bytes();
            if let Some((at, byte)) = odd {
                b.insert(at.min(b.len()), byte);
            }
            prop_assert_eq!(all_ascii_digits(&b), b.iter().all(u8::is_ascii_digit), "{:?}", b);
        }

        #[test]
        fn pad_14_is_right_aligned_14_for_digits(s in "[0-9]{0,20}") {
            prop_assert_eq!(pad_14(s.as_bytes()), right_aligned_14(s.as_bytes()));
            // The two eight-byte copies against a plain padding.
            let padded = format!("{s:0>14}");
            let expected = (s.len() <= 14).then(|| <[u8; 14]>::try_from(padded.as_bytes()).ok()).flatten();
            prop_assert_eq!(pad_14(s.as_bytes()), expected);
        }

        /// The pair table counts what the byte loop counted (any length, odd or even).
        #[test]
        fn distinct_digits_by_pairs_is_the_byte_loop(s in "[0-9]{0,20}") {
            let mut mask = 0u16;
            for &b in s.as_bytes() {
                mask |= 1 << (b - b'0');
            }
            prop_assert_eq!(distinct_digits(s.as_bytes()), mask.count_ones());
        }

        #[test]
        fn windows_taken_from_the_patterns_are_found(i in 0usize..8, start in 0usize..4) {
            let w = &KEYPAD_WALKS[i].as_bytes()[start..start + KEYPAD_WINDOW];
            prop_assert!(shares_window(w, &KEYPAD_WINDOWS, KEYPAD_LEAD));
        }
    }
}
