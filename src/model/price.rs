//! Price values as feeds write them: `<amount> <ISO 4217 code>` (GMC 6324371), e.g. `15.00 USD`.
//!
//! The one price parser: rules, revenue analysis and shipping checks all call it.

use crate::model::Trim;
use serde::Serialize;

/// A parsed price. `amount` keeps the decimal text's value; `currency` is upper-case as written.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Price {
    pub amount: f64,
    pub currency: Currency,
}

/// A currency code as a price writes it: three ASCII letters, upper-cased (not necessarily a
/// known ISO 4217 code: see [`is_known_currency`]). Held inline, so parsing a price allocates
/// nothing; it reads as a `&str` everywhere else.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Currency([u8; 3]);

impl Currency {
    /// `code` upper-cased, when it is three ASCII letters.
    #[must_use]
    pub fn new(code: &str) -> Option<Self> {
        match code.as_bytes() {
            &[a, b, c] => Self::new_from_bytes(a, b, c),
            _ => None,
        }
    }

    /// The code of these three bytes upper-cased, when they are ASCII letters.
    fn new_from_bytes(a: u8, b: u8, c: u8) -> Option<Self> {
        [a, b, c].iter().all(u8::is_ascii_alphabetic).then(|| {
            Self([
                a.to_ascii_uppercase(),
                b.to_ascii_uppercase(),
                c.to_ascii_uppercase(),
            ])
        })
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        // Three ASCII letters (`new`): always UTF-8.
        std::str::from_utf8(&self.0).unwrap_or_default()
    }
}

impl std::ops::Deref for Currency {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl std::fmt::Display for Currency {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::fmt::Debug for Currency {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Debug::fmt(self.as_str(), f)
    }
}

/// Compared as bytes: no UTF-8 check of the code (`as_str`) per comparison.
impl PartialEq<str> for Currency {
    fn eq(&self, other: &str) -> bool {
        self.0 == *other.as_bytes()
    }
}

impl PartialEq<&str> for Currency {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other.as_bytes()
    }
}

impl Serialize for Currency {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// Why a price text is not `<amount> <CURRENCY>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PriceError {
    Empty,
    /// The currency code comes first (`USD 19.99`).
    CurrencyFirst,
    /// No currency code (`19.99`).
    MissingCurrency,
    /// The amount is not a plain decimal number (`19,99`, `$19.99`, `abc`).
    BadAmount,
    /// The currency is not three ASCII letters.
    BadCurrency,
    /// More than an amount and a currency.
    ExtraText,
    /// An amount of [`MAX_AMOUNT`] or more: no price, and beyond what sums of cents hold.
    TooLarge,
}

/// Amounts are at most this (exclusive, either sign): 10^13, ten trillion. Below it an amount's
/// cents are exact in an `f64` (2^53 cents is about 9.0 × 10^13) and the revenue model's sums of
/// cents over a request, a timeframe of 12 months and 10 units a month stay far inside an `i64`;
/// above it `99999999999999999999999999999999999 USD` saturated at `i64::MAX` cents and was read
/// as a valid price of about 9.2 × 10^16.
pub const MAX_AMOUNT: f64 = 1e13;

/// [`MAX_AMOUNT`] as messages write it: `10,000,000,000,000`.
#[must_use]
pub fn max_amount_text() -> &'static str {
    static TEXT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        #[expect(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "10^13: a positive whole number, exact in both types"
        )]
        let digits = (MAX_AMOUNT as u64).to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i) % 3 == 0 {
                out.push(',');
            }
            out.push(c);
        }
        out
    });
    &TEXT
}

/// Whether `amount` is one feedlint computes with: finite and below [`MAX_AMOUNT`] either way.
#[must_use]
pub fn amount_in_range(amount: f64) -> bool {
    amount.is_finite() && amount.abs() < MAX_AMOUNT
}

impl PriceError {
    #[must_use]
    pub fn message(self) -> &'static str {
        match self {
            Self::Empty => "the price is empty",
            Self::CurrencyFirst => "the currency code comes before the amount",
            Self::MissingCurrency => "the price has no ISO 4217 currency code",
            Self::BadAmount => "the amount is not a plain decimal number",
            Self::BadCurrency => "the currency is not a three-letter ISO 4217 code",
            Self::ExtraText => "the price has text besides the amount and currency",
            Self::TooLarge => {
                static TEXT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
                    format!(
                        "the amount is too large to be a price (amounts are below {})",
                        max_amount_text()
                    )
                });
                &TEXT
            }
        }
    }
}

/// Parses `<amount> <CURRENCY>`. The amount is digits with an optional `.` and up to any number
/// of decimals, optionally signed (a negative amount parses, so rules can report it as such).
pub fn parse_price(text: &str) -> Result<Price, PriceError> {
    let t = text.trim_fast();
    plain_price(t).unwrap_or_else(|| parse_words(t))
}

/// [`parse_price`]'s answer for the form nearly every price has, `<amount> <CUR>` with one
/// space before three ASCII letters at the end, or `None` for any other text. Such a text splits
/// into those two words (the amount has no white space when it parses) and its amount cannot be
/// a currency code, so [`parse_words`] would give the same; the words are cut at the known place
/// instead of by a split iterator over every character. A proptest checks the two agree.
/// Callgrind, the bench's 20k rows: `parse_price` 381 → 192 instructions a call (43,537 calls).
fn plain_price(t: &str) -> Option<Result<Price, PriceError>> {
    let &[ref amount @ .., b' ', a, b, c] = t.as_bytes() else {
        return None;
    };
    let currency = Currency::new_from_bytes(a, b, c)?;
    let amount = parse_amount(t.get(..amount.len())?)?;
    Some(if amount_in_range(amount) {
        Ok(Price { amount, currency })
    } else {
        Err(PriceError::TooLarge)
    })
}

/// [`parse_price`] of trimmed text, by its white-space separated words.
fn parse_words(t: &str) -> Result<Price, PriceError> {
    if t.is_empty() {
        return Err(PriceError::Empty);
    }
    let (first, second, extra) = words(t);
    if extra {
        return Err(PriceError::ExtraText);
    }
    let Some(second) = second else {
        return Err(if parse_amount(first).is_some() {
            PriceError::MissingCurrency
        } else {
            PriceError::BadAmount
        });
    };
    if Currency::new(first).is_some() && parse_amount(second).is_some() {
        return Err(PriceError::CurrencyFirst);
    }
    let amount = parse_amount(first).ok_or(PriceError::BadAmount)?;
    let currency = Currency::new(second).ok_or(PriceError::BadCurrency)?;
    if !amount_in_range(amount) {
        return Err(PriceError::TooLarge);
    }
    Ok(Price { amount, currency })
}

/// The first two words of `t` as `split_whitespace` splits them, and whether there is a third.
/// ASCII text (nearly every price) is split on its whitespace bytes (tab, LF, VT, FF, CR, space)
/// without decoding characters.
fn words(t: &str) -> (&str, Option<&str>, bool) {
    if t.is_ascii() {
        first_words(t.split(|c: char| matches!(c, '\t'..='\r' | ' ')))
    } else {
        first_words(t.split_whitespace())
    }
}

/// The first two non-empty words of `words`, and whether there is a third.
fn first_words<'a>(words: impl Iterator<Item = &'a str>) -> (&'a str, Option<&'a str>, bool) {
    let mut words = words.filter(|w| !w.is_empty());
    let first = words.next().unwrap_or("");
    let second = words.next();
    (first, second, words.next().is_some())
}

/// A plain decimal: optional sign, digits, optional `.digits`. No thousands separators.
#[must_use]
pub fn parse_amount(s: &str) -> Option<f64> {
    let b = s.as_bytes();
    let (negative, body) = match b.first() {
        Some(b'-') => (true, &b[1..]),
        Some(b'+') => (false, &b[1..]),
        _ => (false, b),
    };
    // One pass: the digits as an integer (wrapping: used only when there are at most 15), how
    // many there are, and how many follow the point.
    let mut m = 0u64;
    let mut digits = 0usize;
    let mut decimals: Option<usize> = None;
    for &c in body {
        match c {
            b'0'..=b'9' => {
                m = m.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
                digits += 1;
                if let Some(d) = decimals.as_mut() {
                    *d += 1;
                }
            }
            b'.' if decimals.is_none() => decimals = Some(0),
            _ => return None,
        }
    }
    let decimals = match decimals {
        Some(0) => return None,
        Some(d) => d,
        None => 0,
    };
    if digits == decimals {
        // No digit before the point (or none at all).
        return None;
    }
    if digits <= 15 {
        // The digits as an integer below 10^15 < 2^53 and 10^d are exact doubles, so the one
        // division rounds correctly and gives the double `str::parse` gives (Clinger's fast
        // path, which the standard parser takes too after more work per call: ~400
        // instructions against ~40 here, for every price of every product).
        #[expect(clippy::cast_precision_loss, reason = "below 10^15 < 2^53: exact")]
        let v = m as f64 / POW10[decimals];
        return Some(if negative { -v } else { v });
    }
    s.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// 10^0..=10^15, each an exact double.
const POW10: [f64; 16] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
];

/// Whether a code is an active ISO 4217 currency.
#[must_use]
pub fn is_known_currency(code: &str) -> bool {
    match code.as_bytes() {
        &[a, b, c] => known_code(a, b, c),
        _ => false,
    }
}

impl Currency {
    /// Whether this code is an active ISO 4217 currency: [`is_known_currency`] of its text,
    /// without the UTF-8 check of `as_str` (FL-P003 and FL-P013 ask it of every price).
    #[must_use]
    pub fn is_known(self) -> bool {
        let [a, b, c] = self.0;
        known_code(a, b, c)
    }
}

/// Whether three bytes are an active ISO 4217 code: one bit of [`KNOWN_CODES`], read for three
/// upper-case ASCII letters (every other text is no code). It replaces a binary search of a
/// sorted table of keys behind a `LazyLock` (~8 steps a call), which FL-P003 and FL-P013 reached
/// through `Deref` to `&str` (a UTF-8 check each). Callgrind, the bench's 20k rows (two calls a
/// row): `pricing::RULES::batch` 30.61M → 23.89M instructions with FL-P015's and FL-P017's
/// smaller cuts (docs/performance.md, 0264bf0).
#[inline]
fn known_code(a: u8, b: u8, c: u8) -> bool {
    if !(a.is_ascii_uppercase() && b.is_ascii_uppercase() && c.is_ascii_uppercase()) {
        return false;
    }
    let i = code_index(a, b, c);
    (KNOWN_CODES[i / 64] >> (i % 64)) & 1 == 1
}

/// The place of a code of three upper-case ASCII letters among all 26³ of them.
const fn code_index(a: u8, b: u8, c: u8) -> usize {
    ((a - b'A') as usize * 26 + (b - b'A') as usize) * 26 + (c - b'A') as usize
}

/// One bit for each of the 26³ three-letter codes, set for those of [`ISO_4217`]: built at
/// compile time (2.2 KB).
static KNOWN_CODES: [u64; KNOWN_WORDS] = {
    let mut bits = [0_u64; KNOWN_WORDS];
    let mut k = 0;
    while k < ISO_4217.len() {
        let code = ISO_4217[k].as_bytes();
        // Every entry is three upper-case letters (a test checks): the build fails otherwise.
        assert!(code.len() == 3);
        assert!(
            code[0].is_ascii_uppercase()
                && code[1].is_ascii_uppercase()
                && code[2].is_ascii_uppercase()
        );
        let i = code_index(code[0], code[1], code[2]);
        bits[i / 64] |= 1 << (i % 64);
        k += 1;
    }
    bits
};

/// Words of [`KNOWN_CODES`]: 26³ bits rounded up.
const KNOWN_WORDS: usize = (26_usize * 26 * 26).div_ceil(64);

/// Active ISO 4217 alphabetic codes (sorted, for binary search).
const ISO_4217: &[&str] = &[
    "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT",
    "BGN", "BHD", "BIF", "BMD", "BND", "BOB", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD",
    "CDF", "CHF", "CLP", "CNY", "COP", "CRC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD",
    "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ",
    "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS", "INR", "IQD", "IRR", "ISK", "JMD", "JOD",
    "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT", "LAK", "LBP", "LKR",
    "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR", "MVR",
    "MWK", "MXN", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB", "PEN",
    "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR", "SBD", "SCR",
    "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD", "SSP", "STN", "SVC", "SYP", "SZL", "THB",
    "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "UYU", "UZS",
    "VES", "VND", "VUV", "WST", "XAF", "XCD", "XCG", "XOF", "XPF", "YER", "ZAR", "ZMW", "ZWG",
];

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn parses_amount_and_currency() {
        assert_eq!(
            parse_price("15.00 USD"),
            Ok(Price {
                amount: 15.0,
                currency: Currency::new("USD").unwrap()
            })
        );
        assert_eq!(
            parse_price(" 3 eur ").map(|p| p.currency.to_string()),
            Ok("EUR".into())
        );
        assert_eq!(format!("{:?}", Currency::new("eUr").unwrap()), "\"EUR\"");
        assert_eq!(Currency::new("EU"), None);
        assert_eq!(Currency::new("E1R"), None);
        assert_eq!(Currency::new("ÉUR"), None);
    }

    #[test]
    fn reports_each_malformation() {
        assert_eq!(parse_price(""), Err(PriceError::Empty));
        assert_eq!(parse_price("USD 19.99"), Err(PriceError::CurrencyFirst));
        assert_eq!(parse_price("19.99"), Err(PriceError::MissingCurrency));
        assert_eq!(parse_price("19,99 EUR"), Err(PriceError::BadAmount));
        assert_eq!(parse_price("$19.99 USD"), Err(PriceError::BadAmount));
        assert_eq!(parse_price("19.99 US"), Err(PriceError::BadCurrency));
        assert_eq!(parse_price("19.99 USD each"), Err(PriceError::ExtraText));
        assert_eq!(parse_price("19. USD"), Err(PriceError::BadAmount));
        assert_eq!(
            parse_price("99999999999999999999999999999999999 USD"),
            Err(PriceError::TooLarge)
        );
        assert_eq!(parse_price("10000000000000 USD"), Err(PriceError::TooLarge));
        assert_eq!(
            parse_price("-10000000000000.00 USD"),
            Err(PriceError::TooLarge)
        );
        assert_eq!(
            parse_price("9999999999999.99 USD").map(|p| p.amount),
            Ok(9_999_999_999_999.99)
        );
        assert_eq!(
            parse_amount("-0.00").map(f64::to_bits),
            Some((-0.0f64).to_bits())
        );
        assert_eq!(parse_amount("+1.50"), Some(1.5));
        assert_eq!(parse_amount("0.1"), Some(0.1));
        assert_eq!(
            parse_amount("1234567890123456789.5"),
            Some(1.234_567_890_123_456_8e18)
        );
    }

    #[test]
    fn the_limit_reads_as_it_is() {
        assert_eq!(max_amount_text(), "10,000,000,000,000");
        assert_eq!(
            PriceError::TooLarge.message(),
            "the amount is too large to be a price (amounts are below 10,000,000,000,000)"
        );
    }

    #[test]
    fn currency_table_is_sorted_and_known() {
        assert!(ISO_4217.windows(2).all(|w| w[0] < w[1]));
        assert!(is_known_currency("USD"));
        assert!(!is_known_currency("XYZ"));
    }

    /// Every three letters, either case: the bit table answers as the list does.
    #[test]
    fn every_three_letters_are_known_as_the_list_says() {
        let letters: Vec<u8> = (b'A'..=b'Z').chain(b'a'..=b'z').collect();
        for &a in &letters {
            for &b in &letters {
                for &c in &letters {
                    let code = [a, b, c];
                    let text = std::str::from_utf8(&code).unwrap();
                    assert_eq!(is_known_currency(text), ISO_4217.contains(&text), "{text}");
                }
            }
        }
    }

    #[test]
    fn every_code_has_its_bit() {
        assert!(ISO_4217.iter().all(|c| is_known_currency(c)));
        let set: u32 = KNOWN_CODES.iter().map(|w| w.count_ones()).sum();
        assert_eq!(set as usize, ISO_4217.len());
        assert!(
            !is_known_currency("usd") && !is_known_currency("USDX") && !is_known_currency("US")
        );
    }

    proptest! {
        #[test]
        fn known_currencies_are_the_table(code in "([A-Z]{3}|[A-Za-z]{0,4}|\\PC{0,4})") {
            prop_assert_eq!(is_known_currency(&code), ISO_4217.contains(&code.as_str()));
            if let Some(c) = Currency::new(&code) {
                prop_assert_eq!(c.is_known(), ISO_4217.contains(&c.as_str()));
            }
        }

        /// The plain form's short cut answers as the words do, on prices and near misses.
        #[test]
        fn plain_prices_parse_as_their_words(
            s in "([-+]?[0-9.]{0,20}|[A-Za-z ]{0,4}|\\PC{0,3})[ \t\u{a0}]?([A-Za-z]{3}|[a-zé1 ]{0,4})"
        ) {
            let t = s.trim_fast();
            if let Some(got) = plain_price(t) {
                prop_assert_eq!(got, parse_words(t), "{}", t);
            }
            prop_assert_eq!(parse_price(&s), parse_words(t));
        }

        #[test]
        fn never_panics(s in "\\PC*") {
            let _ = parse_price(&s);
        }

        /// Words are split as `split_whitespace` splits them, on ASCII and other text.
        #[test]
        fn words_split_as_split_whitespace(
            s in "[0-9.a-zA-Z$,\t\n\x0b\x0c\r \u{a0}\u{2003}é-]{0,16}"
        ) {
            let t = s.trim_fast();
            let mut w = t.split_whitespace();
            let want = (w.next().unwrap_or(""), w.next(), w.next().is_some());
            prop_assert_eq!(words(t), want);
        }

        /// The fast path gives the double the standard parser gives, sign and all.
        #[test]
        fn amounts_parse_as_the_standard_parser_parses(
            sign in "[-+]?",
            int in "[0-9]{1,18}",
            frac in proptest::option::of("[0-9]{1,18}"),
        ) {
            let s = match &frac {
                Some(f) => format!("{sign}{int}.{f}"),
                None => format!("{sign}{int}"),
            };
            let want = s.parse::<f64>().unwrap();
            let got = parse_amount(&s).unwrap();
            prop_assert_eq!(got.to_bits(), want.to_bits(), "{}", s);
        }

        /// Anything else is refused: a sign alone, a point without digits on both sides, two
        /// points, two signs, any other byte.
        #[test]
        fn only_plain_decimals_parse(s in "[-+]{0,2}[0-9]{0,3}[.]{0,2}[0-9]{0,3}[e ,a]?") {
            let body = s.strip_prefix(['-', '+']).unwrap_or(&s);
            let (int, frac) = body.split_once('.').unwrap_or((body, ""));
            let plain = !int.is_empty()
                && int.bytes().all(|b| b.is_ascii_digit())
                && frac.bytes().all(|b| b.is_ascii_digit())
                && !(body.contains('.') && frac.is_empty());
            let want = if plain { s.parse::<f64>().ok() } else { None };
            prop_assert_eq!(parse_amount(&s).map(f64::to_bits), want.map(f64::to_bits), "{}", s);
        }

        /// Whatever its digits, a price parses to an amount below the limit or is refused as too
        /// large: no amount that saturates the cents of the revenue model gets through.
        #[test]
        fn parsed_amounts_are_in_range(int in "[0-9]{1,40}", frac in "[0-9]{0,4}") {
            let text = if frac.is_empty() {
                format!("{int} USD")
            } else {
                format!("{int}.{frac} USD")
            };
            let amount: f64 = text[..text.len() - 4].parse().unwrap();
            match parse_price(&text) {
                Ok(p) => prop_assert!(p.amount < MAX_AMOUNT && amount < MAX_AMOUNT, "{}", text),
                Err(e) => {
                    prop_assert_eq!(e, PriceError::TooLarge);
                    prop_assert!(amount >= MAX_AMOUNT, "{}", text);
                }
            }
        }

        #[test]
        fn formatted_prices_round_trip(cents in 0u64..10_000_000, cur in "[A-Z]{3}") {
            let text = format!("{}.{:02} {}", cents / 100, cents % 100, cur);
            let p = parse_price(&text).unwrap();
            prop_assert!((p.amount - cents as f64 / 100.0).abs() < 1e-6);
            prop_assert_eq!(p.currency.as_str(), cur.as_str());
            prop_assert_eq!(serde_json::to_string(&p.currency).unwrap(), format!("\"{cur}\""));
        }
    }
}
