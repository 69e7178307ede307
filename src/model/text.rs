//! Trimming attribute values, the one string operation nearly every check starts with; and the
//! counts of messages a person reads ("1 product", "3 products").

/// `str::trim` with a fast path. Nearly every value starts and ends with a visible ASCII
/// character, which is not whitespace, so the value is already trimmed; only the others go
/// through `str::trim`, which decodes the characters at both ends (~50 instructions a call,
/// made ~50 times per product by the checks).
pub trait Trim {
    /// What `str::trim` gives, always.
    fn trim_fast(&self) -> &str;

    /// What `str::trim().is_empty()` gives: whether every character is white space. Decided
    /// byte by byte up to the first byte that is not ASCII white space; only from a non-ASCII
    /// byte on are characters decoded. (The layout text between XML elements, `\n      `, went
    /// through `str::trim` at ~25 instructions a byte.)
    fn is_blank(&self) -> bool;
}

impl Trim for str {
    #[inline]
    fn trim_fast(&self) -> &str {
        match self.as_bytes() {
            [first, .., last] if first.is_ascii_graphic() && last.is_ascii_graphic() => self,
            [only] if only.is_ascii_graphic() => self,
            _ => self.trim(),
        }
    }

    #[inline]
    fn is_blank(&self) -> bool {
        let b = self.as_bytes();
        // Nearly every value starts with a visible ASCII character: answered at its first byte.
        if b.first().is_some_and(u8::is_ascii_graphic) {
            return false;
        }
        match b.iter().position(|c| !matches!(c, b'\t'..=b'\r' | b' ')) {
            None => true,
            // The bytes before `i` are ASCII, so `i` starts a character.
            Some(i) => b[i] >= 0x80 && self.get(i..).is_some_and(|r| r.trim_start().is_empty()),
        }
    }
}

/// `text` with every control character (C0, DEL and C1: `\n`, `\t`, ESC...) written as its
/// escape (`\n`, `\t`, `\u{1b}`), as the GTIN table shows a raw GTIN: a feed's text reaches a
/// terminal only as printable characters, so a value cannot clear the screen, retitle the
/// window, colour what follows or break a line of the report. Every table cell and text line
/// that carries a feed's text (ids, titles, messages quoting values, file names) goes through it.
#[must_use]
pub fn printable(text: &str) -> std::borrow::Cow<'_, str> {
    // Every control character's UTF-8 starts with a byte below 0x20, 0x7F or 0xC2 (C1).
    if !text.bytes().any(|b| b < 0x20 || b == 0x7f || b == 0xc2)
        || !text.chars().any(char::is_control)
    {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_debug());
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// The plural ending of a count: `""` for 1, `"s"` otherwise. Every count a message states
/// (in a table, on stderr, in a JSON `message`) takes its noun's ending from here or from
/// [`count`], so that none says "1 products".
pub fn plural<T: Copy + PartialEq + From<u8>>(n: T) -> &'static str {
    if n == T::from(1) { "" } else { "s" }
}

/// `n` and `noun` with [`plural`]'s ending: "1 product", "3 products", "0 findings".
pub fn count<T: Copy + PartialEq + From<u8> + std::fmt::Display>(n: T, noun: &str) -> String {
    let ending = plural(n);
    format!("{n} {noun}{ending}")
}

#[cfg(test)]
mod tests {
    use super::{Trim, count, plural, printable};
    use proptest::prelude::*;

    #[test]
    fn counts_of_one_are_singular() {
        assert_eq!(count(1_u64, "product"), "1 product");
        assert_eq!(count(0_usize, "finding"), "0 findings");
        assert_eq!(count(3_u32, "GTIN"), "3 GTINs");
        assert_eq!(plural(1_u64), "");
        assert_eq!(plural(2_u64), "s");
    }

    #[test]
    fn trims_like_str_trim() {
        for s in [
            "",
            " ",
            "a",
            " a ",
            "a b",
            "\u{a0}a\u{2003}",
            "a\n",
            "\tb",
            "é",
            " é ",
        ] {
            assert_eq!(s.trim_fast(), s.trim(), "{s:?}");
            assert_eq!(s.is_blank(), s.trim().is_empty(), "{s:?}");
        }
    }

    proptest! {
        #[test]
        fn always_what_str_trim_gives(s in "[ \t\n\r\u{0b}\u{0c}\u{85}\u{a0}\u{2003}a-z!~é]{0,8}") {
            prop_assert_eq!(s.trim_fast(), s.trim());
        }

        #[test]
        fn blank_is_what_str_trim_says(s in "[ \t\n\r\u{0b}\u{0c}\u{1c}\u{85}\u{a0}\u{2003}\u{feff}a!é]{0,10}") {
            prop_assert_eq!(s.is_blank(), s.trim().is_empty(), "{:?}", s);
        }
    }

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(
            printable("Plain text, “quoted” é"),
            "Plain text, “quoted” é"
        );
        assert!(matches!(printable("ok"), std::borrow::Cow::Borrowed(_)));
        assert_eq!(printable("A1\u{1b}[31m"), "A1\\u{1b}[31m");
        assert_eq!(printable("a\tb\nc\r"), "a\\tb\\nc\\r");
        assert_eq!(printable("x\u{7f}\u{9b}y"), "x\\u{7f}\\u{9b}y");
        // U+00A0 (C2 A0) is not a control character.
        assert_eq!(printable("a\u{a0}b"), "a\u{a0}b");
    }

    proptest! {
        /// Nothing a terminal would act on survives, and text without controls is unchanged.
        #[test]
        fn no_control_character_survives(s in any::<String>()) {
            let p = printable(&s);
            prop_assert!(!p.chars().any(char::is_control));
            if !s.chars().any(char::is_control) {
                prop_assert_eq!(&*p, &*s);
            }
        }
    }
}
