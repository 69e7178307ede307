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
use aho_corasick::packed;

/// A [`PhraseSet`] with a *screen*: a few strings of which every phrase (lower-cased) contains
/// one, searched first with aho-corasick's slim Teddy. A text without any of them has none of
/// the phrases, so its answer is `None` without the set's own search; a text with one gets the
/// set's search, so the answer is always the set's. An empty screen: the set alone.
///
/// For phrase lists whose phrases are rare in a product's text: a set of more than 8 phrases
/// searches with fat Teddy (16 bytes a step, `util::packed_lowered`), a screen of a few more
/// than 8 short strings with slim Teddy, 32 bytes a step, and the screen has fewer distinct
/// first bytes. Measured with callgrind on the bench texts (20k rows; a standalone copy of the
/// two searches, instructions per product of the category): the health claims over title and
/// description 1,168 -> 612, the prescription terms 1,106 -> 811, the dangerous products 1,044
/// -> 534; over the title and product types, sportswear 468 -> 330, heavy equipment 481 -> 324,
/// furniture 381 -> 305 (each searched twice). Footwear and appliances, found in a quarter of
/// their category's products, gained nothing (footwear) or lost (appliances): no screen.
/// In the release binary (validate, 20k bench rows, main thread): `health_beauty::RULES::batch`
/// 17.81M -> 14.96M, `sporting_goods` 16.02M -> 13.28M, `home_garden` 8.36M -> 7.75M.
pub(crate) struct ScreenedSet {
    set: PhraseSet,
    /// `None` when the screen does not cover every phrase (a test holds the lists to it) or
    /// Teddy cannot be built on this machine: then the set is searched alone.
    screen: Option<packed::Searcher>,
}

impl ScreenedSet {
    pub(crate) fn new(phrases: &'static [&'static str], screen: &[&str]) -> Self {
        debug_assert!(
            screen.is_empty() || covers(phrases, screen),
            "a screen must cover its phrases: {screen:?}"
        );
        Self {
            set: PhraseSet::new(phrases),
            screen: covers(phrases, screen)
                .then(|| {
                    packed::Config::new()
                        .match_kind(packed::MatchKind::LeftmostFirst)
                        .only_teddy_fat(Some(false))
                        .builder()
                        .extend(screen.iter().map(|w| w.to_ascii_lowercase()))
                        .build()
                })
                .flatten(),
        }
    }

    /// [`PhraseSet::find_lowered`]'s answer, in a text without ASCII capitals.
    pub(crate) fn find_lowered(&self, hay: &str) -> Option<&'static str> {
        if let Some(screen) = &self.screen
            && screen.find(hay).is_none()
        {
            return None;
        }
        self.set.find_lowered(hay)
    }
}

/// Whether every phrase, lower-cased, contains one of the screen's strings lower-cased.
fn covers(phrases: &[&str], screen: &[&str]) -> bool {
    !screen.is_empty()
        && phrases.iter().all(|p| {
            let p = p.to_ascii_lowercase();
            screen
                .iter()
                .any(|s| !s.is_empty() && p.contains(&s.to_ascii_lowercase()))
        })
}

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
    set: &ScreenedSet,
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
    use super::{ScreenedSet, TITLE_OR_TYPE_SEPARATOR, covers, title_or_type_has};
    use crate::rules::util::PhraseSet;
    use crate::rules::{RuleCtx, product_from_pairs};
    use proptest::prelude::*;

    /// Each screened list with its screen, as the validators build them.
    fn screened_lists() -> [(&'static [&'static str], &'static [&'static str]); 6] {
        [
            (
                super::health_beauty::CLAIM_WORDS,
                super::health_beauty::CLAIM_SCREEN,
            ),
            (
                super::health_beauty::PRESCRIPTION_WORDS,
                super::health_beauty::PRESCRIPTION_SCREEN,
            ),
            (
                super::sporting_goods::DANGEROUS_WORDS,
                super::sporting_goods::DANGEROUS_SCREEN,
            ),
            (
                super::sporting_goods::SPORTSWEAR_WORDS,
                super::sporting_goods::SPORTSWEAR_SCREEN,
            ),
            (
                super::sporting_goods::HEAVY_WORDS,
                super::sporting_goods::HEAVY_SCREEN,
            ),
            (
                super::home_garden::FURNITURE_WORDS,
                super::home_garden::FURNITURE_SCREEN,
            ),
        ]
    }

    /// Every screen covers its phrases (else it would not be used).
    #[test]
    fn screens_cover_their_phrases() {
        for (words, screen) in screened_lists() {
            assert!(covers(words, screen), "{screen:?}");
        }
        assert!(!covers(&["shoes", "boots"], &["shoe"]));
        assert!(!covers(&["shoes"], &[]));
    }

    proptest! {
        /// A screened set answers as its set alone, on texts made of pieces of its phrases,
        /// screen strings and other words.
        #[test]
        fn screened_set_answers_as_its_set(
            list in 0usize..6,
            picks in prop::collection::vec((0usize..40, 0usize..4, any::<bool>()), 0..12),
        ) {
            let (words, screen) = screened_lists()[list];
            let set = PhraseSet::new(words);
            let screened = ScreenedSet::new(words, screen);
            let mut text = String::new();
            for (k, cut, spaced) in picks {
                let pieces = [words[k % words.len()], screen[k % screen.len()], "table top", "x1"];
                let piece = pieces[cut];
                // Sometimes a piece cut short, sometimes glued to the one before.
                let piece = if k % 3 == 0 { &piece[..piece.len() / 2] } else { piece };
                if spaced {
                    text.push(' ');
                }
                text.push_str(piece);
            }
            prop_assert_eq!(screened.find_lowered(&text), set.find_lowered(&text), "{:?}", text);
        }
    }

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
        static SET: std::sync::LazyLock<ScreenedSet> = std::sync::LazyLock::new(|| {
            ScreenedSet::new(
                &["shoes", "running shoes", "boots", "jacket", "rack"],
                &["shoe", "boot", "jack", "rack"],
            )
        });
        static PLAIN: std::sync::LazyLock<PhraseSet> = std::sync::LazyLock::new(|| {
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
            let expected = PLAIN
                .find_lowered(ctx.lowered.title())
                .or_else(|| p.values("product_type").iter().find_map(|t| PLAIN.find(t)));
            assert_eq!(title_or_type_has(&p, &ctx, &SET), expected, "{pairs:?}");
            // A second call reads the same text.
            assert_eq!(title_or_type_has(&p, &ctx, &SET), expected, "{pairs:?}");
        }
    }
}
