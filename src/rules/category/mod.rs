//! Category rules (`FL-K`): the general taxonomy checks (K0xx) and the six category validators
//! of spec section 1, one file each: apparel (K1xx), electronics (K2xx), health & beauty (K3xx),
//! automotive (K4xx), home & garden (K5xx), sporting goods (K6xx).
//!
//! Requirement rules (`Applies::InCategory`) run only for products of their category; value
//! rules (`Applies::Always`) check an attribute wherever it appears. No I/O.

pub(crate) mod apparel;
pub(crate) mod automotive;
pub(crate) mod electronics;
pub(crate) mod general;
pub(crate) mod health_beauty;
pub(crate) mod home_garden;
pub(crate) mod sporting_goods;

use super::RuleCtx;
use super::util::PhraseSet;
use crate::model::Product;

/// What separates the title from each product_type value in the text `title_or_type_has`
/// searches: a byte no phrase of its sets contains (a test holds them to it), so that no match
/// runs from one into the next, and not alphanumeric, so that a phrase ending or starting at it
/// is at a word boundary, as at the end or start of a text of its own.
pub(crate) const TITLE_OR_TYPE_SEPARATOR: char = '\n';

/// Whether the title (searched lower-cased from the product's rule context) or product_type
/// uses one of the phrases: the first found in the title, else the first found in the first
/// product_type value that has one.
///
/// One search of the title and the values joined by [`TITLE_OR_TYPE_SEPARATOR`] and lower-cased
/// once per product (`RuleCtx::title_and_types`): since no phrase contains the separator, the
/// search finds, in order, the matches of the title and then those of each value, at the same
/// word boundaries, so its first is the answer of searching each in turn. It was a search of the
/// title and then a lower-cased copy and a search of each value, for each of up to five calls a
/// product (home & garden, sporting goods). callgrind, 20k bench rows, `validate`: the two
/// validators' batch checks 20,532,175 + 12,442,148 -> 16,021,954 + 8,361,095 instructions
/// (−430 a row; ~920 a call before, ~560 now, the text built once per product included).
pub(crate) fn title_or_type_has(
    p: &Product,
    ctx: &RuleCtx,
    set: &PhraseSet,
) -> Option<&'static str> {
    set.find_lowered(ctx.title_and_types.get_or_init(|| title_and_types(p, ctx)))
}

/// The lower-cased title (from the rule context) and each product_type value lower-cased,
/// each after a [`TITLE_OR_TYPE_SEPARATOR`].
fn title_and_types(p: &Product, ctx: &RuleCtx) -> String {
    let title = ctx.lowered.title();
    let types = p.values("product_type");
    let mut text =
        String::with_capacity(title.len() + types.iter().map(|t| t.len() + 1).sum::<usize>());
    text.push_str(title);
    for t in types {
        text.push(TITLE_OR_TYPE_SEPARATOR);
        text.push_str(t);
    }
    // The title is lower-cased already; `title.len()` is a character boundary.
    if let Some(rest) = text.get_mut(title.len()..) {
        rest.make_ascii_lowercase();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::{TITLE_OR_TYPE_SEPARATOR, title_or_type_has};
    use crate::rules::util::PhraseSet;
    use crate::rules::{RuleCtx, product_from_pairs};

    /// No phrase of a set `title_or_type_has` searches contains the separator.
    #[test]
    fn title_or_type_phrases_do_not_contain_the_separator() {
        let lists = [
            super::home_garden::APPLIANCE_WORDS,
            super::home_garden::FURNITURE_WORDS,
            super::sporting_goods::FOOTWEAR_WORDS,
            super::sporting_goods::SPORTSWEAR_WORDS,
            super::sporting_goods::HEAVY_WORDS,
        ];
        for phrase in lists.iter().flat_map(|l| l.iter()) {
            assert!(!phrase.contains(TITLE_OR_TYPE_SEPARATOR), "{phrase:?}");
        }
    }

    /// The joined search gives what searching the title and then each product_type value
    /// (lower-cased) gives, as the function did before.
    #[test]
    fn title_or_type_has_answers_as_searching_each_in_turn() {
        static SET: std::sync::LazyLock<PhraseSet> = std::sync::LazyLock::new(|| {
            PhraseSet::new(&["shoes", "running shoes", "boots", "jacket", "rack"])
        });
        let cases: &[&[(&str, &str)]] = &[
            &[("title", "Trail Running Shoes"), ("product_type", "Boots")],
            &[
                ("title", "Trail Runner"),
                ("product_type", "Sports > BOOTS"),
            ],
            &[("title", "Running"), ("product_type", "Shoes > Trail")],
            &[("title", "Squat Rack"), ("product_type", "Jacket")],
            &[("title", "Shoe"), ("product_type", "Rackets")],
            &[
                ("title", ""),
                ("product_type", "x"),
                ("product_type", "Jacket"),
            ],
            &[("title", "Jacket\nShoes")],
            &[("product_type", "Running"), ("product_type", "Shoes")],
            &[
                ("title", "Caf\u{e9} Boots"),
                ("product_type", "\u{c9}t\u{e9} Shoes"),
            ],
            &[("title", "nothing"), ("product_type", "")],
        ];
        for pairs in cases {
            let p = product_from_pairs(pairs);
            let ctx = RuleCtx::for_product(&p, None);
            let expected = SET
                .find_lowered(ctx.lowered.title())
                .or_else(|| p.values("product_type").iter().find_map(|t| SET.find(t)));
            assert_eq!(title_or_type_has(&p, &ctx, &SET), expected, "{pairs:?}");
            // A second call reads the same text.
            assert_eq!(title_or_type_has(&p, &ctx, &SET), expected, "{pairs:?}");
        }
    }
}
