//! API keys (spec 5): parsing, the environment a key reaches, redaction and hashing.
//!
//! Responsible for the one rule of what a key looks like and for keeping it secret: a key is
//! never displayed whole (only [`ApiKey::redacted`]) and never stored raw (only
//! [`ApiKey::hash_hex`]). No I/O here.

use std::fmt;
use std::str::FromStr;

use sha2::{Digest, Sha256};

use super::Tier;
use crate::error::{Error, ErrorCode};

/// The fewest characters the random part of a key may have.
pub const KEY_RANDOM_MIN_LEN: usize = 16;

/// How a user passes a key and what it looks like: the help line of every key error.
#[must_use]
pub fn key_help() -> String {
    format!(
        "An API key looks like adb_test_<random> (test environment, free, {limit} validations a \
         month) or adb_prod_<random> (production, billed by volume); <random> is at least \
         {KEY_RANDOM_MIN_LEN} ASCII letters or digits and keys are case-sensitive. Pass it with \
         --api-key KEY or the FEEDLINT_API_KEY environment variable.",
        limit = thousands(super::plan::TEST_MONTHLY_LIMIT),
    )
}

/// `1000` → `1,000`, for prose.
pub(crate) fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A key exactly as the user typed it, before parsing. Exists so that the command line (and any
/// `Debug` of it) never shows the secret: `Debug` prints a redacted form.
#[derive(Clone, PartialEq, Eq)]
pub struct RawApiKey(String);

impl RawApiKey {
    /// The raw text, to hand to [`ApiKey::parse`] or `Account::open`.
    #[must_use]
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl FromStr for RawApiKey {
    type Err = std::convert::Infallible;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Self(s.to_owned()))
    }
}

impl fmt::Debug for RawApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("RawApiKey")
            .field(&redact_text(&self.0))
            .finish()
    }
}

/// A well-formed API key: `adb_<test|prod>_<random>` (spec 5.2).
///
/// The random part is at least [`KEY_RANDOM_MIN_LEN`] ASCII letters or digits. Keys are
/// case-sensitive: `ADB_test_...` or `adb_TEST_...` are malformed.
#[derive(Clone, PartialEq, Eq)]
pub struct ApiKey {
    raw: String,
    tier: Tier,
}

impl ApiKey {
    /// Parses a key. A malformed key gives `UNAUTHORIZED` (spec 7) with [`key_help`]; the
    /// message shows the key only redacted.
    pub fn parse(raw: &str) -> Result<Self, Error> {
        let malformed = |why: &str| {
            Error::new(
                ErrorCode::Unauthorized,
                format!("invalid API key {}: {why}", redact_text(raw)),
            )
            .with_help(key_help())
        };
        let Some(rest) = raw.strip_prefix("adb_") else {
            return Err(malformed("it must start with adb_"));
        };
        let (tier, random) = if let Some(r) = rest.strip_prefix("test_") {
            (Tier::Test, r)
        } else if let Some(r) = rest.strip_prefix("prod_") {
            (Tier::Production, r)
        } else {
            return Err(malformed("the environment after adb_ must be test or prod"));
        };
        if !random.bytes().all(|b| b.is_ascii_alphanumeric()) {
            return Err(malformed(
                "the part after the environment may hold only ASCII letters and digits",
            ));
        }
        if random.len() < KEY_RANDOM_MIN_LEN {
            return Err(malformed(&format!(
                "the part after the environment must have at least {KEY_RANDOM_MIN_LEN} characters"
            )));
        }
        Ok(Self {
            raw: raw.to_owned(),
            tier,
        })
    }

    /// The error for a command that needs a key and got none.
    #[must_use]
    pub fn missing() -> Error {
        Error::new(ErrorCode::Unauthorized, "this command needs an API key").with_help(key_help())
    }

    /// The environment this key reaches (spec 5.3).
    #[must_use]
    pub fn tier(&self) -> Tier {
        self.tier
    }

    /// The key with all but its first two and last two random characters hidden, for display:
    /// `adb_test_ab…9z`. Safe to print.
    #[must_use]
    pub fn redacted(&self) -> String {
        redact_text(&self.raw)
    }

    /// SHA-256 of the key as 64 lowercase hex digits: the only form in which a key is stored.
    #[must_use]
    pub fn hash_hex(&self) -> String {
        let digest = Sha256::digest(self.raw.as_bytes());
        let mut hex = String::with_capacity(64);
        for byte in digest {
            use fmt::Write as _;
            let _ = write!(hex, "{byte:02x}");
        }
        hex
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ApiKey")
            .field("key", &self.redacted())
            .field("tier", &self.tier)
            .finish_non_exhaustive()
    }
}

/// `text` with every key-like token redacted as [`ApiKey::redacted`] shows it: a token starts
/// with `adb_` (any case) and runs to the next whitespace, quote or bracket, so malformed keys
/// are caught too. For text that may echo user input (error messages, the panic message).
#[must_use]
pub fn redact_keys_in(text: &str) -> String {
    let is_end = |c: char| c.is_whitespace() || "\"'`,;:()[]{}<>=".contains(c);
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = find_ascii_ci(rest, "adb_") {
        out.push_str(&rest[..at]);
        let token_len = rest[at..].find(is_end).unwrap_or(rest.len() - at);
        let token = &rest[at..at + token_len];
        // Nothing secret in a bare prefix (`adb_test_<random>` in help text) or in a token
        // that is already redacted.
        let bare = ["adb_", "adb_test_", "adb_prod_"]
            .iter()
            .any(|p| token.eq_ignore_ascii_case(p));
        if bare || token.contains('…') {
            out.push_str(token);
        } else {
            out.push_str(&redact_text(token));
        }
        rest = &rest[at + token_len..];
    }
    out.push_str(rest);
    out
}

/// Byte offset of the first ASCII-case-insensitive occurrence of `needle` (ASCII) in `hay`.
fn find_ascii_ci(hay: &str, needle: &str) -> Option<usize> {
    hay.as_bytes()
        .windows(needle.len())
        .position(|w| w.eq_ignore_ascii_case(needle.as_bytes()))
}

/// Redacts any text that may be a key, well-formed or not: keeps a recognised `adb_<env>_`
/// prefix plus two leading and two trailing random characters when the random part has at least
/// eight, otherwise hides the random part entirely. Never returns more than four secret chars.
fn redact_text(raw: &str) -> String {
    let (prefix, random) = ["adb_test_", "adb_prod_"]
        .iter()
        .find_map(|p| raw.strip_prefix(p).map(|r| (*p, r)))
        .unwrap_or(("", raw));
    let chars: Vec<char> = random.chars().collect();
    if chars.len() >= 8 {
        let head: String = chars[..2].iter().collect();
        let tail: String = chars[chars.len() - 2..].iter().collect();
        format!("{prefix}{head}…{tail}")
    } else {
        format!("{prefix}…")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEST_KEY: &str = "adb_test_abCDEFGHIJKLMNOP9z";
    const PROD_KEY: &str = "adb_prod_0123456789abcdefXY";

    #[test]
    fn redact_keys_in_hides_every_key_like_token() {
        let text = format!(
            "bad {TEST_KEY}, then \"{PROD_KEY}\" and ADB_live_Secret-Value-123456 end adb_"
        );
        let out = redact_keys_in(&text);
        assert!(!out.contains(TEST_KEY) && !out.contains(PROD_KEY), "{out}");
        assert!(!out.contains("Secret-Value"), "{out}");
        assert!(
            out.starts_with("bad adb_test_ab…9z, then \"adb_prod_01…XY\" and "),
            "{out}"
        );
        assert!(out.ends_with(" end adb_"), "{out}");
        let help = "adb_<environment>_<random>, adb_test_<random>, adb_test_ab…9z";
        assert_eq!(redact_keys_in(help), help);
        assert_eq!(redact_keys_in("no key here: é"), "no key here: é");
        assert_eq!(
            redact_keys_in("cannot open adb_prod_SECRETSECRETSECRET0099: gone"),
            "cannot open adb_prod_SE…99: gone"
        );
    }

    #[test]
    fn parses_test_and_production_keys() {
        assert_eq!(ApiKey::parse(TEST_KEY).unwrap().tier(), Tier::Test);
        assert_eq!(ApiKey::parse(PROD_KEY).unwrap().tier(), Tier::Production);
    }

    #[test]
    fn rejects_malformed_keys_as_unauthorized() {
        for bad in [
            "",
            "adb_test_",
            "adb_test_short",
            "adb_test_abcdefghijklmno",      // 15 characters
            "ADB_test_abcdefghijklmnop",     // case-sensitive prefix
            "adb_TEST_abcdefghijklmnop",     // case-sensitive environment
            "adb_live_abcdefghijklmnop",     // unknown environment
            "adb_test_abcdefgh-ijklmnop",    // punctuation
            "adb_test_abcdefghijklmnopé",    // non-ASCII
            " adb_test_abcdefghijklmnop",    // whitespace
            "sk_test_abcdefghijklmnopqrstu", // other vendor
        ] {
            let e = ApiKey::parse(bad).unwrap_err();
            assert_eq!(e.code, ErrorCode::Unauthorized, "{bad:?}");
            assert!(e.help.as_deref().unwrap().contains("FEEDLINT_API_KEY"));
            if bad.len() > 12 {
                assert!(!e.message.contains(bad), "message leaks key: {}", e.message);
            }
        }
    }

    #[test]
    fn help_groups_thousands() {
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert!(key_help().contains("free, 1,000 validations"));
    }

    #[test]
    fn sixteen_random_characters_are_enough() {
        assert!(ApiKey::parse("adb_prod_abcdefghijklmnop").is_ok());
    }

    #[test]
    fn redaction_shows_at_most_four_secret_characters() {
        let key = ApiKey::parse(TEST_KEY).unwrap();
        assert_eq!(key.redacted(), "adb_test_ab…9z");
        assert!(!format!("{key:?}").contains("CDEFGH"));
        let raw: RawApiKey = TEST_KEY.parse().unwrap();
        assert!(!format!("{raw:?}").contains("CDEFGH"));
        assert_eq!(redact_text("abc"), "…");
    }

    proptest::proptest! {
        #[test]
        fn parsing_any_text_never_panics_and_errors_never_echo_it(raw in ".{0,64}") {
            if let Err(e) = ApiKey::parse(&raw) {
                proptest::prop_assert_eq!(e.code, ErrorCode::Unauthorized);
                if raw.chars().count() > 13 {
                    proptest::prop_assert!(!e.message.contains(&raw));
                }
            }
        }

        #[test]
        fn well_formed_keys_parse_and_redact_to_four_secret_characters(
            env in "(test|prod)",
            random in "[A-Za-z0-9]{16,48}",
        ) {
            let raw = format!("adb_{env}_{random}");
            let key = ApiKey::parse(&raw).unwrap();
            proptest::prop_assert_eq!(key.tier() == Tier::Test, env == "test");
            let shown = key.redacted();
            proptest::prop_assert_eq!(
                shown,
                format!("adb_{env}_{}…{}", &random[..2], &random[random.len() - 2..])
            );
        }
    }

    #[test]
    fn hash_is_sha256_hex_of_the_key() {
        // echo -n adb_test_abCDEFGHIJKLMNOP9z | sha256sum
        let key = ApiKey::parse(TEST_KEY).unwrap();
        let hex = key.hash_hex();
        assert_eq!(
            hex,
            "09d450b9716d4e4b417e7b107633dad4191f15ce6778c7b5ff859a5df7894c0a"
        );
        assert_ne!(hex, ApiKey::parse(PROD_KEY).unwrap().hash_hex());
        assert!(!hex.contains("abCDEF"));
    }
}
