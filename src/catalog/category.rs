//! The six product categories of the spec (section 1): keys, display names, how they are
//! recognised in feeds, and the per-category constants other modules read.
//!
//! This is the only place these facts are written. Not responsible for detection heuristics over
//! titles and descriptions (the rules engine does that with this data).

use crate::model::Trim;
use serde::Serialize;

/// One of the spec's six category validators.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Category {
    Electronics,
    Apparel,
    HealthBeauty,
    Automotive,
    HomeGarden,
    SportingGoods,
}

/// How strongly a category needs a GTIN (spec 2.5, "Category GTIN requirement levels").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum GtinRequirement {
    Optional,
    Recommended,
    Required,
    Critical,
}

impl GtinRequirement {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Optional => "optional",
            Self::Recommended => "recommended",
            Self::Required => "required",
            Self::Critical => "critical",
        }
    }
}

impl Category {
    /// All categories in the spec's order.
    pub const ALL: [Category; 6] = [
        Self::Electronics,
        Self::Apparel,
        Self::HealthBeauty,
        Self::Automotive,
        Self::HomeGarden,
        Self::SportingGoods,
    ];

    /// The key used by `--category` and the `category` query parameter.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            Self::Electronics => "electronics",
            Self::Apparel => "apparel",
            Self::HealthBeauty => "health_beauty",
            Self::Automotive => "automotive",
            Self::HomeGarden => "home_garden",
            Self::SportingGoods => "sporting_goods",
        }
    }

    /// The spec's display name.
    #[must_use]
    pub const fn display_name(self) -> &'static str {
        match self {
            Self::Electronics => "Electronics",
            Self::Apparel => "Apparel & Fashion",
            Self::HealthBeauty => "Health & Beauty",
            Self::Automotive => "Automotive",
            Self::HomeGarden => "Home & Garden",
            Self::SportingGoods => "Sports & Outdoors",
        }
    }

    /// Parses a category key exactly (`health_beauty`), case-insensitively.
    #[must_use]
    pub fn from_key(key: &str) -> Option<Self> {
        let key = key.trim_fast();
        Self::ALL
            .into_iter()
            .find(|c| c.key().eq_ignore_ascii_case(key))
    }

    /// Comma-separated list of valid keys, for error messages.
    #[must_use]
    pub fn valid_keys() -> String {
        Self::ALL.map(Self::key).join(", ")
    }

    /// Top-level Google product taxonomy ids of the category (spec 1; GMC 6324436).
    #[must_use]
    pub fn taxonomy_roots(self) -> &'static [u32] {
        match self {
            Self::Electronics => &[222],
            Self::Apparel => &[166],
            Self::HealthBeauty => &[469],
            Self::Automotive => &[888],
            Self::HomeGarden => &[536],
            Self::SportingGoods => &[988],
        }
    }

    /// Common child taxonomy ids that map to the category (a subset of the public taxonomy).
    #[must_use]
    pub fn taxonomy_children(self) -> &'static [u32] {
        match self {
            // Audio, Computers, Communications, Video, Electronics Accessories, Print/Copy.
            Self::Electronics => &[223, 278, 262, 386, 2082, 3356, 328, 264, 267, 270],
            // Clothing, Shoes, Clothing Accessories, Jewelry, Handbags, Costumes.
            Self::Apparel => &[1604, 187, 167, 188, 6551, 5181, 184, 178, 5322],
            // Health Care, Personal Care, Cosmetics, Vitamins & Supplements.
            Self::HealthBeauty => &[491, 2915, 473, 2592, 525, 5663],
            // Vehicle Parts & Accessories, Vehicles.
            Self::Automotive => &[5613, 899, 916, 8526, 2768],
            // Kitchen & Dining, Household Appliances, Decor, Lawn & Garden, Furniture (436).
            Self::HomeGarden => &[638, 604, 696, 689, 436, 630, 594],
            // Athletics, Exercise & Fitness, Outdoor Recreation.
            Self::SportingGoods => &[499_713, 990, 1011, 499_844, 1001],
        }
    }

    /// Leading segments of taxonomy paths that name the category (`Apparel & Accessories > ...`).
    #[must_use]
    pub const fn taxonomy_path_roots(self) -> &'static [&'static str] {
        match self {
            Self::Electronics => &["Electronics"],
            Self::Apparel => &["Apparel & Accessories"],
            Self::HealthBeauty => &["Health & Beauty"],
            Self::Automotive => &["Vehicles & Parts"],
            Self::HomeGarden => &["Home & Garden", "Furniture"],
            Self::SportingGoods => &["Sporting Goods"],
        }
    }

    /// Recognises a category from a key, a display name, a taxonomy path or a taxonomy id.
    #[must_use]
    pub fn recognise(text: &str) -> Option<Self> {
        let text = text.trim_fast();
        if text.is_empty() {
            return None;
        }
        if let Some(c) = Self::from_key(text) {
            return Some(c);
        }
        if let Ok(id) = text.parse::<u32>() {
            return Self::ALL
                .into_iter()
                .find(|c| c.taxonomy_roots().contains(&id) || c.taxonomy_children().contains(&id));
        }
        // The path's first segment (what comes before the first `>`, trimmed) is one of the
        // category's names: tested as "the text starts with the name and only white space
        // follows it up to a `>` or the end" (`starts_path`), the same answer without cutting
        // the segment out first (a `memchr` call and a Unicode `trim` of the space before the
        // `>`). See `starts_path` for the measured counts.
        //
        // The names are read from one flat table ([`PATH_NAMES`]), each with its first byte in
        // lower case, so a name whose first byte differs costs a byte comparison and no call:
        // the nested look-ups of `display_name` and `taxonomy_path_roots` (13 names, 3 of them
        // twice) cost 385 instructions a bench category, now 239 (callgrind, the 20k bench
        // rows' categories through `recognise` alone: 7.70M -> 4.78M). At most one name can
        // match a text (no name followed by white space and `>` starts another), so the table's
        // order (the categories' order in `ALL`) gives the category the nested search gave.
        let first = text.as_bytes().first()?.to_ascii_lowercase();
        PATH_NAMES
            .iter()
            .find(|&&(lead, name, _)| lead == first && starts_path(text, name))
            .map(|&(_, _, category)| category)
    }

    /// GTIN requirement level (spec 2.5).
    #[must_use]
    pub fn gtin_requirement(self) -> GtinRequirement {
        match self {
            Self::Electronics | Self::HealthBeauty => GtinRequirement::Required,
            Self::Automotive => GtinRequirement::Critical,
            Self::Apparel | Self::SportingGoods => GtinRequirement::Recommended,
            Self::HomeGarden => GtinRequirement::Optional,
        }
    }

    /// Revenue-impact uplift of the category (spec 2.6: "Electronics 0.35; Electronics and
    /// Automotive have higher impact, Home & Garden lower"). Impact is multiplied by
    /// `1 + uplift`; the values other than Electronics are feedlint's documented choice
    /// (docs/revenue-model.md).
    #[must_use]
    pub fn revenue_uplift(self) -> f64 {
        match self {
            Self::Electronics => 0.35,
            Self::Automotive => 0.30,
            Self::HealthBeauty => 0.15,
            Self::Apparel => 0.10,
            Self::SportingGoods => 0.05,
            Self::HomeGarden => -0.10,
        }
    }
}

/// Whether the first segment of the taxonomy path `text` (already trimmed), that is the text
/// before its first `>` without the white space around it, is `name` (ASCII case aside). `name`
/// is one of the catalog's names: ASCII, no `>`, no white space at either end.
///
/// Most names differ from the text at their first byte, tested on its own; the one that does
/// not is nearly always written as the catalog writes it, which one `memcmp` confirms where
/// `eq_ignore_ascii_case` lower-cased both sides byte by byte (~12 instructions a byte).
/// callgrind, the 20k bench rows' categories through `recognise` alone: 10.36M -> 7.68M
/// instructions; in `feedlint validate`, see docs/performance.md.
fn starts_path(text: &str, name: &str) -> bool {
    let (text_bytes, name_bytes) = (text.as_bytes(), name.as_bytes());
    let n = name_bytes.len();
    let head_is_name = text_bytes.get(..n).is_some_and(|head| {
        head.first()
            .zip(name_bytes.first())
            .is_some_and(|(a, b)| a.eq_ignore_ascii_case(b))
            && (head == name_bytes || head.eq_ignore_ascii_case(name_bytes))
    });
    // ASCII bytes equal to `name`'s make `n` a character boundary of `text`.
    head_is_name
        && text.get(n..).is_some_and(|rest| {
            let rest = rest.trim_start();
            rest.is_empty() || rest.starts_with('>')
        })
}

/// Whether two texts are equal, in a constant expression (`str`'s `==` is not `const`).
const fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Whether `root` is the category's display name (then [`PATH_NAMES`] lists it once).
const fn root_is_display_name(category: Category, root: &str) -> bool {
    same_text(root, category.display_name())
}

/// How many names [`PATH_NAMES`] holds.
const PATH_NAME_COUNT: usize = {
    let mut n = 0;
    let mut i = 0;
    while i < Category::ALL.len() {
        let category = Category::ALL[i];
        n += 1;
        let roots = category.taxonomy_path_roots();
        let mut j = 0;
        while j < roots.len() {
            if !root_is_display_name(category, roots[j]) {
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    n
};

/// Every name a taxonomy path's first segment can give ([`Category::recognise`]): each
/// category's display name and then its taxonomy path roots not equal to it, in the order of
/// [`Category::ALL`], each with its first byte in ASCII lower case. Made at compile time from
/// `display_name` and `taxonomy_path_roots`, which stay the one place the names are written.
static PATH_NAMES: [(u8, &str, Category); PATH_NAME_COUNT] = {
    const fn entry(name: &'static str, category: Category) -> (u8, &'static str, Category) {
        (name.as_bytes()[0].to_ascii_lowercase(), name, category)
    }
    let mut table = [(0, "", Category::Electronics); PATH_NAME_COUNT];
    let mut n = 0;
    let mut i = 0;
    while i < Category::ALL.len() {
        let category = Category::ALL[i];
        table[n] = entry(category.display_name(), category);
        n += 1;
        let roots = category.taxonomy_path_roots();
        let mut j = 0;
        while j < roots.len() {
            if !root_is_display_name(category, roots[j]) {
                table[n] = entry(roots[j], category);
                n += 1;
            }
            j += 1;
        }
        i += 1;
    }
    table
};

impl std::fmt::Display for Category {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.key())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip() {
        for c in Category::ALL {
            assert_eq!(Category::from_key(c.key()), Some(c));
        }
        assert_eq!(Category::from_key("nope"), None);
    }

    #[test]
    fn recognises_taxonomy_paths_and_ids() {
        assert_eq!(
            Category::recognise("Apparel & Accessories > Clothing"),
            Some(Category::Apparel)
        );
        assert_eq!(Category::recognise("166"), Some(Category::Apparel));
        assert_eq!(Category::recognise("222"), Some(Category::Electronics));
        assert_eq!(Category::recognise("469"), Some(Category::HealthBeauty));
        assert_eq!(Category::recognise("888"), Some(Category::Automotive));
        assert_eq!(Category::recognise("536"), Some(Category::HomeGarden));
        assert_eq!(Category::recognise("988"), Some(Category::SportingGoods));
        assert_eq!(
            Category::recognise("Health & Beauty"),
            Some(Category::HealthBeauty)
        );
        assert_eq!(Category::recognise("Shoes"), None);
    }

    /// `recognise` as it was before `starts_path`: the segment before the first `>` cut out,
    /// trimmed and compared whole with each name.
    fn recognise_by_segment(text: &str) -> Option<Category> {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        if let Some(c) = Category::from_key(text) {
            return Some(c);
        }
        if let Ok(id) = text.parse::<u32>() {
            return Category::ALL
                .into_iter()
                .find(|c| c.taxonomy_roots().contains(&id) || c.taxonomy_children().contains(&id));
        }
        let first = text.split('>').next().unwrap_or(text).trim();
        Category::ALL.into_iter().find(|c| {
            c.display_name().eq_ignore_ascii_case(first)
                || c.taxonomy_path_roots()
                    .iter()
                    .any(|root| root.eq_ignore_ascii_case(first))
        })
    }

    #[test]
    fn recognise_answers_as_comparing_the_cut_out_segment() {
        for text in [
            "Home & Garden",
            "home & garden>Kitchen",
            "HOME & GARDEN \u{a0} > Kitchen",
            "Home & Gardens > Kitchen",
            "Home & Garden x > Kitchen",
            "  Furniture  ",
            "Furniture\t>",
            "Apparel & Accessories > Clothing",
            "Apparel & Fashion",
            "Vehicles & Parts >",
            "> Electronics",
            "Electronics>",
            "Electronic",
            "Sporting Goods\u{e9}",
            "Sporting Goods \u{e9} > x",
            "\u{c9}lectronics",
        ] {
            assert_eq!(
                Category::recognise(text),
                recognise_by_segment(text),
                "{text:?}"
            );
        }
    }

    proptest::proptest! {
        /// The same answer as the segment cut out and compared, for any name of any category
        /// with anything around it.
        #[test]
        fn recognise_agrees_with_the_cut_out_segment(
            name in proptest::sample::select(vec![
                "Electronics", "Apparel & Accessories", "Apparel & Fashion", "Health & Beauty",
                "Vehicles & Parts", "Automotive", "Home & Garden", "Furniture", "Sporting Goods",
                "Sports & Outdoors", "health_beauty", "Electronic", "",
            ]),
            upper in proptest::bool::ANY,
            before in "[ \t\u{a0}]{0,2}",
            after in "[ \t\u{a0}>a-zA-Z&é]{0,6}",
            tail in "[ >a-z]{0,8}",
        ) {
            let name = if upper { name.to_ascii_uppercase() } else { name.to_owned() };
            let text = format!("{before}{name}{after}{tail}");
            proptest::prop_assert_eq!(Category::recognise(&text), recognise_by_segment(&text));
        }

        #[test]
        fn recognise_agrees_with_the_cut_out_segment_on_any_text(text in "\\PC{0,30}") {
            proptest::prop_assert_eq!(Category::recognise(&text), recognise_by_segment(&text));
        }
    }

    /// `recognise`'s flat table holds every display name and taxonomy path root once, in the
    /// categories' order, each with its first byte in lower case.
    #[test]
    fn path_names_list_each_name_once() {
        let mut expected: Vec<(u8, &str, Category)> = Vec::new();
        for c in Category::ALL {
            for name in
                std::iter::once(c.display_name()).chain(c.taxonomy_path_roots().iter().copied())
            {
                if !expected.iter().any(|&(_, n, _)| n == name) {
                    expected.push((name.as_bytes()[0].to_ascii_lowercase(), name, c));
                }
            }
        }
        assert_eq!(PATH_NAMES.to_vec(), expected);
    }

    #[test]
    fn gtin_requirement_levels_follow_spec() {
        assert_eq!(
            Category::Automotive.gtin_requirement(),
            GtinRequirement::Critical
        );
        assert_eq!(
            Category::HomeGarden.gtin_requirement(),
            GtinRequirement::Optional
        );
    }
}
