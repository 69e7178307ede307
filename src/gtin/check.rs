//! The GS1 mod-10 check digit and format detection by length (spec 2.5: GTIN-8, GTIN-12, GTIN-13,
//! GTIN-14; GMC `gtin`: "valid check digit").
//!
//! Works on ASCII digit bytes only and never parses a GTIN to an integer (leading zeros are
//! significant and 14 digits do not need arithmetic beyond a digit sum). No allocation.

use serde::Serialize;

use super::patterns::eight_digits;

/// A GTIN format, detected by the number of digits (spec 2.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum GtinFormat {
    /// 8 digits (EAN-8).
    #[serde(rename = "GTIN-8")]
    Gtin8,
    /// 12 digits (UPC-A).
    #[serde(rename = "GTIN-12")]
    Gtin12,
    /// 13 digits (EAN-13, JAN, ISBN-13).
    #[serde(rename = "GTIN-13")]
    Gtin13,
    /// 14 digits (ITF-14).
    #[serde(rename = "GTIN-14")]
    Gtin14,
}

impl GtinFormat {
    /// The format of a digit string of this length, if it is one of 8, 12, 13, 14.
    #[must_use]
    pub fn from_len(len: usize) -> Option<Self> {
        match len {
            8 => Some(Self::Gtin8),
            12 => Some(Self::Gtin12),
            13 => Some(Self::Gtin13),
            14 => Some(Self::Gtin14),
            _ => None,
        }
    }

    /// The spec's name: `GTIN-8`, `GTIN-12`, `GTIN-13`, `GTIN-14`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Gtin8 => "GTIN-8",
            Self::Gtin12 => "GTIN-12",
            Self::Gtin13 => "GTIN-13",
            Self::Gtin14 => "GTIN-14",
        }
    }

    /// The number of digits.
    #[must_use]
    pub fn digit_count(self) -> usize {
        match self {
            Self::Gtin8 => 8,
            Self::Gtin12 => 12,
            Self::Gtin13 => 13,
            Self::Gtin14 => 14,
        }
    }

    /// The barcode family people know the format by.
    #[must_use]
    pub fn common_name(self) -> &'static str {
        match self {
            Self::Gtin8 => "EAN-8",
            Self::Gtin12 => "UPC-A",
            Self::Gtin13 => "EAN-13",
            Self::Gtin14 => "ITF-14",
        }
    }
}

impl std::fmt::Display for GtinFormat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The GS1 mod-10 check digit (as an ASCII digit) for `body`, the digits before the check digit:
/// weights 3, 1, 3, ... from the rightmost body digit; the check digit brings the weighted sum to
/// a multiple of 10. `None` when `body` holds a non-digit byte.
#[must_use]
pub fn compute_check_digit(body: &[u8]) -> Option<u8> {
    if let Some(sum) = weighted_sum_8_to_16(body) {
        #[allow(clippy::cast_possible_truncation, reason = "value is 0..=9")]
        return Some(b'0' + ((10 - sum % 10) % 10) as u8);
    }
    check_by_loop(body)
}

/// [`compute_check_digit`] a byte at a time: for bodies outside 8-16 digits, and what the two
/// eight-byte reads must agree with (a test).
fn check_by_loop(body: &[u8]) -> Option<u8> {
    let mut sum: u32 = 0;
    for (i, &b) in body.iter().rev().enumerate() {
        if !b.is_ascii_digit() {
            return None;
        }
        let d = u32::from(b - b'0');
        sum += if i % 2 == 0 { 3 * d } else { d };
    }
    #[allow(clippy::cast_possible_truncation, reason = "value is 0..=9")]
    Some(b'0' + ((10 - sum % 10) % 10) as u8)
}

/// The weighted digit sum [`compute_check_digit`] takes (3, 1, 3, ... from the right) of a body
/// of 8 to 16 ASCII digits (GTIN-12/13/14 bodies have 11-13) from two eight-byte reads: the
/// last eight bytes and the first eight, shifted so the bytes both reads hold drop out. `None`
/// for other lengths or a non-digit, which the byte loop answers. The loop took ~75
/// instructions a bench GTIN (an `i % 2` and a digit test a byte).
fn weighted_sum_8_to_16(body: &[u8]) -> Option<u32> {
    let (head, &last) = body.split_last_chunk::<8>()?;
    let &first = body.first_chunk::<8>()?;
    if head.len() > 8 || !eight_digits(first) || !eight_digits(last) {
        return None;
    }
    // Byte `j` of `low` is the digit 7 - j places from the right: weight 3 when `j` is odd.
    let low = u64::from_le_bytes(last) & 0x0F0F_0F0F_0F0F_0F0F;
    // `first` shifted up by the 16 - len bytes `last` does not hold: byte `j` is the digit
    // 15 - j places from the right (weight 3 when `j` is odd again); the shared bytes move out
    // at the top and zeros come in at the bottom. `head` is empty for 8 digits (a shift by 64).
    let high = (u64::from_le_bytes(first) & 0x0F0F_0F0F_0F0F_0F0F)
        .checked_shl(8 * (8 - u32::try_from(head.len()).ok()?))
        .unwrap_or(0);
    Some(byte_sum(weighted(low)) + byte_sum(weighted(high)))
}

/// Each odd byte (a digit 0-9) tripled: bytes of at most 27.
fn weighted(x: u64) -> u64 {
    x + 2 * (x & 0xFF00_FF00_FF00_FF00)
}

/// The sum of the eight bytes, each at most 27 (so every partial sum stays below 256): the
/// multiplication adds them all into the top byte.
fn byte_sum(x: u64) -> u32 {
    u32::try_from(x.wrapping_mul(0x0101_0101_0101_0101) >> 56).unwrap_or(0)
}

/// The check digit of a full GTIN: what it should be and what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CheckDigit {
    /// The computed check digit (ASCII).
    pub expected: u8,
    /// The last digit of the value (ASCII).
    pub actual: u8,
}

impl CheckDigit {
    /// Computes the check digit of a full GTIN (body plus check digit). `None` for fewer than two
    /// digits or a non-digit byte.
    #[must_use]
    pub fn of(gtin: &[u8]) -> Option<Self> {
        let (&actual, body) = gtin.split_last()?;
        if body.is_empty() || !actual.is_ascii_digit() {
            return None;
        }
        Some(Self {
            expected: compute_check_digit(body)?,
            actual,
        })
    }

    #[must_use]
    pub fn is_valid(self) -> bool {
        self.expected == self.actual
    }

    /// `expected` as the one-character string of `checkDigit.expected`.
    #[must_use]
    pub fn expected_char(self) -> char {
        char::from(self.expected)
    }

    /// `actual` as the one-character string of `checkDigit.actual`.
    #[must_use]
    pub fn actual_char(self) -> char {
        char::from(self.actual)
    }
}

/// Whether `gtin` (ASCII digits, check digit last) has a correct GS1 check digit.
#[must_use]
pub fn has_valid_check_digit(gtin: &[u8]) -> bool {
    CheckDigit::of(gtin).is_some_and(CheckDigit::is_valid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn known_gtins_have_valid_check_digits() {
        for g in [
            "96385074",       // GTIN-8
            "036000291452",   // GTIN-12
            "4006381333931",  // GTIN-13
            "9780306406157",  // ISBN-13
            "00012345600012", // GTIN-14
            "10614141000415", // GTIN-14 with indicator 1
        ] {
            assert!(has_valid_check_digit(g.as_bytes()), "{g}");
        }
    }

    #[test]
    fn a_wrong_check_digit_reports_expected_and_actual() {
        let c = CheckDigit::of(b"4006381333932").expect("digits");
        assert_eq!((c.expected_char(), c.actual_char()), ('1', '2'));
        assert!(!c.is_valid());
    }

    #[test]
    fn non_digits_and_short_values_have_no_check_digit() {
        assert_eq!(compute_check_digit(b"40063A133393"), None);
        assert_eq!(CheckDigit::of(b"7"), None);
        assert_eq!(CheckDigit::of(b""), None);
    }

    #[test]
    fn format_follows_length() {
        assert_eq!(GtinFormat::from_len(8), Some(GtinFormat::Gtin8));
        assert_eq!(GtinFormat::from_len(12), Some(GtinFormat::Gtin12));
        assert_eq!(GtinFormat::from_len(13), Some(GtinFormat::Gtin13));
        assert_eq!(GtinFormat::from_len(14), Some(GtinFormat::Gtin14));
        for n in [0, 7, 9, 10, 11, 15] {
            assert_eq!(GtinFormat::from_len(n), None);
        }
    }

    /// An independent formulation: weights 1,3,1,3... from the left over a value left-padded to
    /// 18 digits (the GS1 general algorithm), check = the amount to the next multiple of ten,
    /// computed as `(ceil(sum / 10) * 10) - sum`.
    fn check_by_left_weights(body: &str) -> char {
        let padded = format!("{body:0>17}");
        let sum: u32 = padded
            .chars()
            .enumerate()
            .map(|(i, c)| c.to_digit(10).unwrap_or(0) * if i % 2 == 0 { 3 } else { 1 })
            .sum();
        let next_ten = sum.div_ceil(10) * 10;
        char::from_digit(next_ten - sum, 10).unwrap_or('?')
    }

    proptest! {
        #[test]
        fn the_eight_byte_reads_agree_with_the_loop(body in "[0-9]{0,20}", junk in proptest::option::of((0usize..20, 0u8..=255))) {
            let mut body = body.into_bytes();
            if let Some((at, b)) = junk {
                body.insert(at.min(body.len()), b);
            }
            prop_assert_eq!(compute_check_digit(&body), check_by_loop(&body));
        }

        #[test]
        fn check_digit_matches_left_weighted_formulation(body in "[0-9]{7,13}") {
            let ours = compute_check_digit(body.as_bytes()).map(char::from);
            prop_assert_eq!(ours, Some(check_by_left_weights(&body)));
        }

        #[test]
        fn appending_the_check_digit_makes_the_weighted_total_a_multiple_of_ten(
            body in "[0-9]{7,13}"
        ) {
            let check = compute_check_digit(body.as_bytes()).unwrap_or(b'?');
            let full = format!("{body}{}", char::from(check));
            // Weights 1 on the check digit, then 3, 1, 3 ... leftwards.
            let total: u32 = full
                .bytes()
                .rev()
                .enumerate()
                .map(|(i, b)| u32::from(b - b'0') * if i % 2 == 1 { 3 } else { 1 })
                .sum();
            prop_assert_eq!(total % 10, 0);
            prop_assert!(has_valid_check_digit(full.as_bytes()));
        }

        #[test]
        fn changing_one_digit_breaks_the_check(body in "[0-9]{11,13}", pos in 0usize..13, delta in 1u8..10) {
            let check = compute_check_digit(body.as_bytes()).unwrap_or(b'?');
            let mut full = format!("{body}{}", char::from(check)).into_bytes();
            let pos = pos % full.len();
            full[pos] = b'0' + (full[pos] - b'0' + delta) % 10;
            prop_assert!(!has_valid_check_digit(&full));
        }
    }
}
