//! Reading a raw GTIN value as a feed or a user typed it (issue 4, "Decide and document how raw
//! values are read"; GMC `gtin`: "max 14 digits per value (spaces/dashes ignored)").
//!
//! Responsible for turning text into ASCII digits or a precise reason why not. Never "repairs"
//! a value into a different number (spreadsheet damage is reported, not undone), never parses
//! digits to an integer (leading zeros are significant), never allocates. docs/gtin.md lists
//! every case this module decides.

use crate::model::Trim;
use std::fmt;

/// At most this many digits are kept; longer values are reported by their digit count only.
pub const MAX_DIGITS: usize = 14;

/// Up to 14 ASCII digits, stored inline (no allocation). Leading zeros are kept.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Digits {
    buf: [u8; MAX_DIGITS],
    len: u8,
}

impl Digits {
    /// Builds from ASCII digit bytes; `None` when a byte is not `0`-`9` or there are more than 14.
    #[must_use]
    pub fn from_ascii(bytes: &[u8]) -> Option<Self> {
        // Eight bytes at a time (`all_ascii_digits`): every product's GTIN is read here, and the
        // byte loop took ~4 instructions a digit.
        if bytes.len() > MAX_DIGITS || !super::patterns::all_ascii_digits(bytes) {
            return None;
        }
        let mut buf = [0u8; MAX_DIGITS];
        buf[..bytes.len()].copy_from_slice(bytes);
        #[allow(clippy::cast_possible_truncation, reason = "len <= 14 checked above")]
        Some(Self {
            buf,
            len: bytes.len() as u8,
        })
    }

    /// The digits as ASCII bytes.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf[..usize::from(self.len)]
    }

    /// The digits as text.
    #[must_use]
    pub fn as_str(&self) -> &str {
        // Only ASCII digits are ever stored, so this cannot fail.
        std::str::from_utf8(self.as_bytes()).unwrap_or("")
    }

    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn push(&mut self, b: u8) {
        if let Some(slot) = self.buf.get_mut(usize::from(self.len)) {
            *slot = b;
            self.len += 1;
        }
    }

    const EMPTY: Self = Self {
        buf: [0; MAX_DIGITS],
        len: 0,
    };
}

impl fmt::Debug for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Digits({})", self.as_str())
    }
}

impl fmt::Display for Digits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl serde::Serialize for Digits {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// How a spreadsheet damaged a value (reference: "Excel damage ... scientific-notation GTINs").
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Damage {
    /// `8.71234E+12`, `8,71234E+12`: digits beyond the mantissa are lost.
    ScientificNotation,
    /// `8712345678906.0`: the cell became a number, so leading zeros may be lost.
    DecimalSuffix,
    /// `8,712,345,678,906`: number formatting with digit grouping; leading zeros may be lost.
    DigitGrouping,
}

impl Damage {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ScientificNotation => "scientific notation",
            Self::DecimalSuffix => "decimal suffix",
            Self::DigitGrouping => "digit grouping",
        }
    }
}

/// Why a raw value could not be read as GTIN digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReadProblem {
    /// Nothing but whitespace.
    Empty,
    /// A character that is neither an ASCII digit nor an ignored space or dash (first one shown).
    InvalidCharacter(char),
    /// Digits from another script (Arabic-Indic `٤`, full-width `４`...): GTINs are ASCII only.
    NonAsciiDigits,
    /// A spreadsheet turned the value into a number.
    SpreadsheetDamage(Damage),
    /// An ISBN-10 (10 characters, possibly ending in `X`); `isbn13` is its GTIN when its own
    /// mod-11 check digit is right.
    Isbn10 { isbn13: Option<Digits> },
    /// ASCII digits, but not 8, 12, 13 or 14 of them.
    BadLength(usize),
}

/// Facts noted while reading a value that did not stop it being read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ReadNotes {
    /// Surrounding whitespace was trimmed.
    pub trimmed: bool,
    /// Inner spaces or dashes were ignored (GMC: "spaces/dashes ignored").
    pub separators_ignored: bool,
    /// A GS1 element string `(01)` Application Identifier was stripped to reach the GTIN-14.
    pub application_identifier: bool,
}

/// The outcome of reading one raw value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reading {
    /// The ASCII digits read (1-14 of them) when the value holds only digits, spaces and dashes,
    /// whatever their count; `None` otherwise.
    pub digits: Option<Digits>,
    /// Why the value is not a GTIN-8/12/13/14 digit string; `None` when it is.
    pub problem: Option<ReadProblem>,
    pub notes: ReadNotes,
}

/// Reads a raw value. Cases, in the order they are decided (docs/gtin.md, "Reading values"):
/// 1. surrounding whitespace (Unicode) is trimmed; nothing left is `Empty`;
/// 2. spreadsheet damage (`8.71234E+12`, `8,71234E+12`, trailing `.0`, `8,712,345`) is reported
///    as damage, never repaired;
/// 3. `(01)` followed by exactly 14 digits is a GS1 element string: the digits are read and
///    `notes.application_identifier` is set;
/// 4. inner ASCII spaces and dashes are ignored; any other character is invalid, except that a
///    value whose only offending characters are non-ASCII decimal digits is `NonAsciiDigits`;
/// 5. nine digits and a final `X`, or ten digits with a correct ISBN-10 check, is an ISBN-10;
/// 6. a digit count other than 8, 12, 13, 14 is `BadLength`.
#[must_use]
pub fn read(raw: &str) -> Reading {
    let t = raw.trim_fast();
    let notes = ReadNotes {
        trimmed: t.len() != raw.len(),
        ..ReadNotes::default()
    };
    // Nearly every GTIN of a feed is a plain run of at most 14 ASCII digits: nothing in it can
    // be spreadsheet damage, an application identifier, a separator or an invalid character, so
    // the digits are the text itself (~860 -> ~100 instructions per bench GTIN). A proptest
    // holds this to the full reading below.
    match Digits::from_ascii(t.as_bytes()) {
        Some(digits) if !digits.is_empty() => by_count(digits, digits.len(), notes),
        _ => read_scanned(t, notes),
    }
}

/// [`read`] of a trimmed value that is not a plain run of 1-14 ASCII digits (any value gives
/// the same reading here).
fn read_scanned(t: &str, mut notes: ReadNotes) -> Reading {
    if t.is_empty() {
        return problem_only(ReadProblem::Empty, notes);
    }
    if let Some(damage) = spreadsheet_damage(t) {
        return problem_only(ReadProblem::SpreadsheetDamage(damage), notes);
    }
    if let Some(rest) = t.strip_prefix("(01)") {
        let scan = scan(rest);
        if scan.clean() && scan.count == 14 {
            notes.application_identifier = true;
            notes.separators_ignored = scan.separators;
            return Reading {
                digits: Some(scan.digits),
                problem: None,
                notes,
            };
        }
    }
    let scan = scan(t);
    notes.separators_ignored = scan.separators;
    if let Some(ch) = scan.invalid {
        if !(scan.trailing_x && scan.count == 9 && scan.invalid_count == 1) {
            return problem_only(ReadProblem::InvalidCharacter(ch), notes);
        }
        // Nine digits and a final X: an ISBN-10.
        let nine = scan.digits.as_bytes();
        let isbn13 = if isbn10_check_ok(nine, 10) {
            isbn13_of(nine)
        } else {
            None
        };
        return problem_only(ReadProblem::Isbn10 { isbn13 }, notes);
    }
    if scan.non_ascii_digit {
        return problem_only(ReadProblem::NonAsciiDigits, notes);
    }
    by_count(scan.digits, scan.count, notes)
}

/// The reading of `count` ASCII digits (the first 14 in `digits`) and nothing else but spaces
/// and dashes: a GTIN length, an ISBN-10 without its `X`, or a bad length.
fn by_count(digits: Digits, count: usize, notes: ReadNotes) -> Reading {
    let problem = match count {
        8 | 12 | 13 | 14 => None,
        10 => {
            let (nine, check) = digits.as_bytes().split_at(9);
            let check = check.first().map_or(99, |&b| u32::from(b - b'0'));
            if isbn10_check_ok(nine, check) {
                Some(ReadProblem::Isbn10 {
                    isbn13: isbn13_of(nine),
                })
            } else {
                Some(ReadProblem::BadLength(10))
            }
        }
        n => Some(ReadProblem::BadLength(n)),
    };
    Reading {
        digits: (count <= MAX_DIGITS).then_some(digits),
        problem,
        notes,
    }
}

fn problem_only(problem: ReadProblem, notes: ReadNotes) -> Reading {
    Reading {
        digits: None,
        problem: Some(problem),
        notes,
    }
}

struct Scan {
    digits: Digits,
    count: usize,
    separators: bool,
    non_ascii_digit: bool,
    invalid: Option<char>,
    invalid_count: usize,
    /// The last significant character is `X`/`x` (and it was counted as invalid).
    trailing_x: bool,
}

impl Scan {
    fn clean(&self) -> bool {
        self.invalid.is_none() && !self.non_ascii_digit
    }
}

fn scan(s: &str) -> Scan {
    let mut out = Scan {
        digits: Digits::EMPTY,
        count: 0,
        separators: false,
        non_ascii_digit: false,
        invalid: None,
        invalid_count: 0,
        trailing_x: false,
    };
    for c in s.chars() {
        match c {
            ' ' | '-' => {
                out.separators = true;
                continue;
            }
            '0'..='9' => {
                out.count += 1;
                #[allow(clippy::cast_possible_truncation, reason = "c is an ASCII digit")]
                out.digits.push(c as u8);
                out.trailing_x = false;
                continue;
            }
            // Unicode decimal digits of other scripts (Arabic-Indic, full-width, Devanagari...).
            c if c.is_numeric() => out.non_ascii_digit = true,
            c => {
                out.invalid_count += 1;
                out.invalid.get_or_insert(c);
            }
        }
        out.trailing_x = matches!(c, 'X' | 'x');
    }
    out
}

/// ISBN-10 mod-11 check (ISO 2108): the nine digits weighted 10..2 plus the check value
/// (`X` = 10) make a multiple of 11.
fn isbn10_check_ok(nine: &[u8], check: u32) -> bool {
    let sum: u32 = nine
        .iter()
        .zip((2..=10u32).rev())
        .map(|(&b, w)| u32::from(b.wrapping_sub(b'0')) * w)
        .sum();
    nine.len() == 9 && (sum + check) % 11 == 0
}

/// The ISBN-13 of an ISBN-10: `978`, its first nine digits, and a GS1 check digit.
fn isbn13_of(nine: &[u8]) -> Option<Digits> {
    let mut thirteen = [0u8; 13];
    thirteen[..3].copy_from_slice(b"978");
    thirteen.get_mut(3..12)?.copy_from_slice(nine.get(..9)?);
    thirteen[12] = super::check::compute_check_digit(&thirteen[..12])?;
    Digits::from_ascii(&thirteen)
}

/// Spreadsheet damage: scientific notation, a decimal suffix of zeros, or digit grouping.
fn spreadsheet_damage(t: &str) -> Option<Damage> {
    let b = t.as_bytes();
    // Scientific notation: mantissa (digits, optionally one '.' or ',' and more digits),
    // 'E'/'e', optional sign, exponent digits.
    if let Some(e) = b.iter().position(|&c| c == b'E' || c == b'e') {
        let (mantissa, exponent) = (&b[..e], &b[e + 1..]);
        let exponent = exponent
            .strip_prefix(b"+")
            .or_else(|| exponent.strip_prefix(b"-"))
            .unwrap_or(exponent);
        if is_decimal(mantissa) && !exponent.is_empty() && exponent.iter().all(u8::is_ascii_digit) {
            return Some(Damage::ScientificNotation);
        }
    }
    // Decimal suffix: digits, then '.' or ',' and only zeros.
    if let Some(sep) = b.iter().rposition(|&c| c == b'.' || c == b',') {
        let (int, frac) = (&b[..sep], &b[sep + 1..]);
        if !int.is_empty()
            && int.iter().all(u8::is_ascii_digit)
            && !frac.is_empty()
            && frac.iter().all(|&c| c == b'0')
        {
            return Some(Damage::DecimalSuffix);
        }
    }
    // Digit grouping: 1-3 digits, then at least two groups of ',' or '.' and exactly 3 digits.
    let mut groups = t.split([',', '.']);
    let first = groups.next().unwrap_or("");
    let mut rest = 0;
    let grouped = (1..=3).contains(&first.len())
        && first.bytes().all(|c| c.is_ascii_digit())
        && groups.all(|g| {
            rest += 1;
            g.len() == 3 && g.bytes().all(|c| c.is_ascii_digit())
        });
    let one_separator_kind = !(t.contains(',') && t.contains('.'));
    if grouped && rest >= 2 && one_separator_kind {
        return Some(Damage::DigitGrouping);
    }
    None
}

fn is_decimal(m: &[u8]) -> bool {
    let mut seps = 0;
    let mut digits = 0;
    for &c in m {
        match c {
            b'0'..=b'9' => digits += 1,
            b'.' | b',' => seps += 1,
            _ => return false,
        }
    }
    digits > 0 && seps <= 1 && m.first().is_some_and(u8::is_ascii_digit)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn digits_of(raw: &str) -> Option<String> {
        read(raw).digits.map(|d| d.as_str().to_owned())
    }

    #[test]
    fn surrounding_whitespace_is_trimmed() {
        let r = read("  \t4006381333931\n");
        assert_eq!(r.problem, None);
        assert!(r.notes.trimmed);
        assert_eq!(
            digits_of(" 4006381333931 ").as_deref(),
            Some("4006381333931")
        );
    }

    #[test]
    fn inner_spaces_and_dashes_are_ignored() {
        let r = read("400-6381 333931");
        assert_eq!(r.problem, None);
        assert!(r.notes.separators_ignored);
        assert_eq!(
            r.digits.map(|d| d.to_string()).as_deref(),
            Some("4006381333931")
        );
    }

    #[test]
    fn other_inner_whitespace_is_an_invalid_character() {
        assert_eq!(
            read("4006381\t333931").problem,
            Some(ReadProblem::InvalidCharacter('\t'))
        );
        assert_eq!(
            read("4006381\u{a0}333931").problem,
            Some(ReadProblem::InvalidCharacter('\u{a0}'))
        );
    }

    #[test]
    fn arabic_indic_and_full_width_digits_are_rejected_as_non_ascii() {
        assert_eq!(
            read("٤٠٠٦٣٨١٣٣٣٩٣١").problem,
            Some(ReadProblem::NonAsciiDigits)
        );
        assert_eq!(
            read("４００６３８１３３３９３１").problem,
            Some(ReadProblem::NonAsciiDigits)
        );
        assert_eq!(
            read("400638133393١").problem,
            Some(ReadProblem::NonAsciiDigits)
        );
        assert_eq!(read("٤٠٠٦٣٨١٣٣٣٩٣١").digits, None);
    }

    #[test]
    fn letters_are_invalid_characters() {
        assert_eq!(
            read("40063813339A1").problem,
            Some(ReadProblem::InvalidCharacter('A'))
        );
        assert_eq!(
            read("n/a").problem,
            Some(ReadProblem::InvalidCharacter('n'))
        );
        // Letters win over non-ASCII digits: the first offending character is named.
        assert_eq!(
            read("٤00638133393Z").problem,
            Some(ReadProblem::InvalidCharacter('Z'))
        );
    }

    #[test]
    fn gtin_lengths_are_accepted_and_others_are_bad_length() {
        for len in [8, 12, 13, 14] {
            assert_eq!(read(&"1".repeat(len)).problem, None, "{len}");
        }
        for len in [1, 7, 9, 11, 15, 16, 40] {
            assert_eq!(
                read(&"1".repeat(len)).problem,
                Some(ReadProblem::BadLength(len)),
                "{len}"
            );
        }
        // Ten digits that are not an ISBN-10.
        assert_eq!(read("1234567891").problem, Some(ReadProblem::BadLength(10)));
    }

    #[test]
    fn long_values_keep_no_digits_but_report_their_length() {
        let r = read("123456789012345");
        assert_eq!(r.digits, None);
        assert_eq!(r.problem, Some(ReadProblem::BadLength(15)));
    }

    #[test]
    fn empty_and_blank_values_are_empty() {
        assert_eq!(read("").problem, Some(ReadProblem::Empty));
        assert_eq!(read(" \t\n").problem, Some(ReadProblem::Empty));
        // Only separators: no digits at all.
        assert_eq!(read(" - ").problem, Some(ReadProblem::BadLength(0)));
    }

    #[test]
    fn isbn10_is_recognised_with_its_isbn13() {
        let isbn13 = Digits::from_ascii(b"9780306406157");
        assert_eq!(
            read("0-306-40615-2").problem,
            Some(ReadProblem::Isbn10 { isbn13 })
        );
        // Ending in X (check value 10).
        let r = read("080442957X");
        assert_eq!(
            r.problem,
            Some(ReadProblem::Isbn10 {
                isbn13: Digits::from_ascii(b"9780804429573")
            })
        );
        // X with a wrong ISBN check is still an ISBN-10, without a suggested ISBN-13.
        assert_eq!(
            read("080442958X").problem,
            Some(ReadProblem::Isbn10 { isbn13: None })
        );
        // X anywhere else is an invalid character.
        assert_eq!(
            read("08044295X7").problem,
            Some(ReadProblem::InvalidCharacter('X'))
        );
    }

    #[test]
    fn gs1_element_string_is_stripped_to_its_gtin14() {
        let r = read("(01)09506000134352");
        assert_eq!(r.problem, None);
        assert!(r.notes.application_identifier);
        assert_eq!(
            r.digits.map(|d| d.to_string()).as_deref(),
            Some("09506000134352")
        );
        // Other AIs or a wrong length are not stripped: '(' is invalid.
        assert_eq!(
            read("(01)9506000134352").problem,
            Some(ReadProblem::InvalidCharacter('('))
        );
        assert_eq!(
            read("(01)09506000134352(17)201225").problem,
            Some(ReadProblem::InvalidCharacter('('))
        );
    }

    #[test]
    fn spreadsheet_damage_is_reported_not_repaired() {
        for raw in [
            "8.71234E+12",
            "8,71234E+12",
            "8.71234e12",
            "8E+12",
            "4.00638E-12",
        ] {
            assert_eq!(
                read(raw).problem,
                Some(ReadProblem::SpreadsheetDamage(Damage::ScientificNotation)),
                "{raw}"
            );
            assert_eq!(read(raw).digits, None);
        }
        for raw in ["4006381333931.0", "4006381333931,00", "12345678.0"] {
            assert_eq!(
                read(raw).problem,
                Some(ReadProblem::SpreadsheetDamage(Damage::DecimalSuffix)),
                "{raw}"
            );
        }
        assert_eq!(
            read("4,006,381,333,931").problem,
            Some(ReadProblem::SpreadsheetDamage(Damage::DigitGrouping))
        );
        // A decimal that is not all zeros is an invalid character, not damage.
        assert_eq!(
            read("4006381333931.5").problem,
            Some(ReadProblem::InvalidCharacter('.'))
        );
    }

    proptest::proptest! {
        #[test]
        fn spaces_and_dashes_never_change_the_digits_read(
            digits in "[0-9]{8,14}",
            seps in proptest::collection::vec(proptest::sample::select(vec!["", " ", "-", "  ", " - "]), 14)
        ) {
            let mut spaced = String::new();
            for (i, c) in digits.chars().enumerate() {
                if i > 0 {
                    spaced.push_str(seps[i % seps.len()]);
                }
                spaced.push(c);
            }
            let plain = read(&digits);
            let r = read(&spaced);
            proptest::prop_assert_eq!(r.digits, plain.digits);
            proptest::prop_assert_eq!(r.problem, plain.problem);
        }

        #[test]
        fn plain_digits_read_as_the_full_reading_reads_them(
            digits in "[0-9]{0,20}",
            pad in proptest::sample::select(vec!["", " ", "\t", "\u{a0}"]),
        ) {
            let raw = format!("{pad}{digits}{pad}");
            let t = raw.trim_fast();
            let notes = ReadNotes { trimmed: t.len() != raw.len(), ..ReadNotes::default() };
            proptest::prop_assert_eq!(read(&raw), read_scanned(t, notes));
        }

        #[test]
        fn read_never_panics_and_digits_are_ascii(s in "(?s).{0,30}") {
            let r = read(&s);
            if let Some(d) = r.digits {
                proptest::prop_assert!(d.as_bytes().iter().all(u8::is_ascii_digit));
                proptest::prop_assert!(d.len() <= MAX_DIGITS);
            }
        }
    }

    #[test]
    fn leading_zeros_are_significant() {
        assert_eq!(
            digits_of("00012345600012").as_deref(),
            Some("00012345600012")
        );
        assert_eq!(digits_of("036000291452").as_deref(), Some("036000291452"));
    }
}
