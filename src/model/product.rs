//! The one normalised product record every feed reader yields.
//!
//! Responsible for: holding attribute values exactly as written, under canonical GMC snake_case
//! names, with the file and line the record came from. Not responsible for: judging values
//! (that is `rules/`) or parsing files (that is `feed/`).

use std::borrow::Cow;
use std::sync::Arc;

use super::text::Trim;
use serde::{Deserialize, Serialize};
use smallvec::{SmallVec, smallvec};

/// Where a product came from: the file (or `-` for stdin), the 1-based line the record starts on,
/// and its 0-based position among the products of the file.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SourceLocation {
    pub file: Arc<str>,
    pub line: u64,
    pub index: u64,
}

impl SourceLocation {
    #[must_use]
    pub fn new(file: Arc<str>, line: u64, index: u64) -> Self {
        Self { file, line, index }
    }
}

impl std::fmt::Display for SourceLocation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.file, self.line)
    }
}

/// One attribute with every value it was given, in the order written.
/// Repeated attributes (`additional_image_link` ×N) and comma-split multi-values become several values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attribute {
    /// Canonical name (GMC snake_case, `market_product_category` for `google_product_category`).
    /// Borrowed for the attributes the catalog knows (`catalog::fields`), so a reader names them
    /// without an allocation per product; owned for any other name.
    pub name: Cow<'static, str>,
    /// Kept inline when there is one value (nearly always): no list allocated per attribute.
    pub values: Values,
}

/// The values of one attribute. A `SmallVec` holding one value inline: most attributes have one
/// value, and a reader creates ~20 attributes per product, so this halves its allocations.
pub type Values = SmallVec<[String; 1]>;

/// An attribute name with its bucket in a product's name index worked out once, for a reader
/// that adds values under the same names product after product (a delimited feed's columns, an
/// XML feed's element names): adding a value then costs no hash of the name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name {
    text: Cow<'static, str>,
    bucket: u8,
}

impl Name {
    #[must_use]
    pub fn new(text: Cow<'static, str>) -> Self {
        let bucket = u8::try_from(bucket(&text)).unwrap_or_default();
        Self { text, bucket }
    }

    /// The name itself: borrowed for the names the catalog knows, owned for others.
    #[must_use]
    pub fn cow(&self) -> &Cow<'static, str> {
        &self.text
    }
}

impl std::fmt::Display for Name {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

impl std::ops::Deref for Name {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

/// One `shipping` entry (GMC 6324484), from XML sub-elements or the text form
/// `country:region:service:price[:min_handling:max_handling:min_transit:max_transit]`.
/// Every part is kept as written; an omitted part is `None`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Shipping {
    pub country: Option<String>,
    pub region: Option<String>,
    pub postal_code: Option<String>,
    pub location_id: Option<String>,
    pub location_group_name: Option<String>,
    pub service: Option<String>,
    pub price: Option<String>,
    pub min_handling_time: Option<String>,
    pub max_handling_time: Option<String>,
    pub min_transit_time: Option<String>,
    pub max_transit_time: Option<String>,
}

/// One `tax` entry (GMC 6324454): `country:region:rate:tax_ship` in text feeds.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tax {
    pub country: Option<String>,
    pub region: Option<String>,
    pub postal_code: Option<String>,
    pub location_id: Option<String>,
    pub rate: Option<String>,
    pub tax_ship: Option<String>,
}

/// `currentPerformance` of a revenue request product (spec 2.6).
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct CurrentPerformance {
    pub click_through_rate: Option<f64>,
    pub conversion_rate: Option<f64>,
    pub monthly_revenue: Option<f64>,
}

/// A problem a reader found in one record that does not stop the feed: a CSV row with too few
/// or too many fields, an XML item with a malformed child. Rules turn these into findings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReadIssue {
    pub line: u64,
    pub message: String,
}

/// The most distinct attributes a product keeps (GMC defines ~150): a name is looked up by
/// comparing it with every attribute once its index bucket holds several, so a record of 80,000
/// fields took seconds to read, and a feed of them minutes. Beyond it a product has a read issue.
pub const MAX_ATTRIBUTES: usize = 1024;

/// One product as read from any feed format.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Product {
    pub location: SourceLocation,
    /// Attributes in the order first seen. Names are canonical and unique within a product.
    /// Private so that every change goes through the methods that keep `index` in step.
    attributes: Vec<Attribute>,
    /// Where each attribute is, by a hash of its name (see [`NameIndex`]).
    #[serde(skip)]
    index: NameIndex,
    pub shipping: Vec<Shipping>,
    pub tax: Vec<Tax>,
    pub performance: Option<CurrentPerformance>,
    pub read_issues: Vec<ReadIssue>,
    /// The product comes from a JSON request body (`{"products": [...]}`), whose product shapes
    /// (spec 2.1, 2.2) have no required `id`: the rule that requires one (FL-I001) is for feeds.
    #[serde(skip)]
    pub from_request_body: bool,
}

/// A per-product index from attribute names to positions in `attributes`, so that the ~100 look-ups
/// the rules make per product do not each scan every attribute comparing names.
///
/// Each name falls in one of 64 buckets ([`bucket`]). A bucket holds 0 when no attribute of the
/// product falls in it (so an absent name is answered with one load), the attribute's position + 1
/// when exactly one does (one name comparison), and [`NameIndex::SEVERAL`] when several do or the
/// position does not fit (then the attributes are scanned, as without an index).
#[derive(Debug, Clone, PartialEq, Eq)]
struct NameIndex([u8; 64]);

impl NameIndex {
    const SEVERAL: u8 = u8::MAX;

    /// Records that the attribute at `position` is named `name` (a name new to the product).
    fn insert(&mut self, name: &str, position: usize) {
        self.insert_at(bucket(name), position);
    }

    /// [`Self::insert`] for a name whose bucket is `bucket`.
    #[inline]
    fn insert_at(&mut self, bucket: usize, position: usize) {
        let slot = &mut self.0[bucket & 63];
        *slot = match u8::try_from(position + 1) {
            Ok(k) if *slot == 0 && k != Self::SEVERAL => k,
            _ => Self::SEVERAL,
        };
    }
}

impl Default for NameIndex {
    fn default() -> Self {
        Self([0; 64])
    }
}

/// The bucket of an attribute name: its length and first, middle and last bytes mixed, which
/// separates the names that occur together in real feeds (a test checks the forty most common,
/// custom labels among them).
#[inline(always)]
#[allow(clippy::inline_always, reason = "see `Product::position`")]
fn bucket(name: &str) -> usize {
    let b = name.as_bytes();
    let n = b.len();
    let (first, mid, last) = match b {
        [] => (0, 0, 0),
        _ => (
            usize::from(b[0]),
            usize::from(b[n / 2]),
            usize::from(b[n - 1]),
        ),
    };
    (n.wrapping_mul(58) ^ first.wrapping_mul(59) ^ mid.wrapping_mul(10) ^ last) & 63
}

impl Default for SourceLocation {
    fn default() -> Self {
        Self {
            file: Arc::from("-"),
            line: 0,
            index: 0,
        }
    }
}

impl Product {
    #[must_use]
    pub fn new(location: SourceLocation) -> Self {
        // Every field written out: `..Self::default()` built a whole default product first,
        // whose location (an `Arc` of "-") was allocated and freed again for each product.
        Self {
            location,
            attributes: Vec::new(),
            index: NameIndex::default(),
            shipping: Vec::new(),
            tax: Vec::new(),
            performance: None,
            read_issues: Vec::new(),
            from_request_body: false,
        }
    }

    /// [`Product::new`] with room for `n` attributes (a reader that knows its cell count): one
    /// allocation of the list's size, without `reserve`'s growth path.
    #[must_use]
    pub fn with_attribute_capacity(location: SourceLocation, n: usize) -> Self {
        let mut p = Self::new(location);
        p.attributes = Vec::with_capacity(n);
        p
    }

    /// The first value of an attribute, as written (may be empty).
    #[must_use]
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "see `Product::position`")]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values(name).first().map(String::as_str)
    }

    /// The first value of an attribute when it is present and not blank.
    #[must_use]
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "see `Product::position`")]
    pub fn get_nonblank(&self, name: &str) -> Option<&str> {
        self.get(name).filter(|v| !v.is_blank())
    }

    /// Every value of an attribute (empty slice when absent).
    #[must_use]
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "see `Product::position`")]
    pub fn values(&self, name: &str) -> &[String] {
        self.position(name)
            .map_or(&[], |i| self.attributes[i].values.as_slice())
    }

    #[must_use]
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "see `Product::position`")]
    pub fn has(&self, name: &str) -> bool {
        self.position(name).is_some()
    }

    /// The attributes in the order first seen.
    #[must_use]
    pub fn attributes(&self) -> &[Attribute] {
        &self.attributes
    }

    /// Keeps only the attributes named in `names` (and the location): the rest of the product's
    /// memory is freed now, by the thread at hand, while it is still in that core's caches.
    /// For a product kept for the little of it still to be read (`cli::validate`'s parts).
    ///
    /// The kept attributes are found through the index and moved to the front, in their order,
    /// and the rest dropped in one go: `retain` compared every attribute's name with each of
    /// `names` (callgrind, 20k bench rows, `validate --jobs 2`: `keep_only` with what it frees
    /// 28.58M -> 24.74M instructions).
    pub fn keep_only(&mut self, names: &[&str]) {
        let mut kept: SmallVec<[usize; 4]> =
            names.iter().filter_map(|n| self.position(n)).collect();
        kept.sort_unstable();
        kept.dedup();
        // Position `k` of the sorted, distinct positions is at least `k`, and no earlier swap
        // moved what is there.
        for (k, &at) in kept.iter().enumerate() {
            self.attributes.swap(k, at);
        }
        self.attributes.truncate(kept.len());
        self.index = NameIndex::default();
        for (i, a) in self.attributes.iter().enumerate() {
            self.index.insert(&a.name, i);
        }
        self.shipping = Vec::new();
        self.tax = Vec::new();
        self.read_issues = Vec::new();
    }

    /// Room for `n` more attributes (a reader that knows its column count).
    pub fn reserve_attributes(&mut self, n: usize) {
        self.attributes.reserve(n);
    }

    /// Adds an attribute with all its values, normally one the product does not have yet. If it
    /// has one of that name after all, the values are added to it, so names stay unique.
    pub fn push_new(&mut self, attribute: Attribute) {
        if let Some(i) = self.position(&attribute.name) {
            self.attributes[i].values.extend(attribute.values);
        } else {
            self.index.insert(&attribute.name, self.attributes.len());
            self.attributes.push(attribute);
        }
    }

    /// Where the attribute named `name` is in `attributes`.
    ///
    /// This and the lookups above it (`get`, `get_nonblank`, `values`, `has`, and the rules'
    /// `text` and `blank`) are always inlined: the name is nearly always a literal, so inlined,
    /// `bucket` folds to a constant and the name comparison to a fixed-length one. Left to
    /// LLVM, they were inlined or not as unrelated code moved between builds; when the rule
    /// closures called `get` out of line, hashing and `memcmp` cost 8% more instructions per
    /// product (docs/performance.md, 7a4fa70).
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "a literal name folds to a constant bucket (see above)"
    )]
    fn position(&self, name: &str) -> Option<usize> {
        self.position_at(bucket(name), name)
    }

    /// [`Self::position`] for a name whose bucket is `bucket`.
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "see `Product::position`")]
    fn position_at(&self, bucket: usize, name: &str) -> Option<usize> {
        match self.index.0[bucket & 63] {
            0 => None,
            NameIndex::SEVERAL => self.attributes.iter().position(|a| &*a.name == name),
            k => {
                let i = usize::from(k) - 1;
                (*self.attributes[i].name == *name).then_some(i)
            }
        }
    }

    /// Adds an attribute with one value, without looking the name up: for an attribute the
    /// product cannot have yet, a delimited reader's column whose name no other column of the
    /// header has (`Column::Unique`).
    pub(crate) fn push_unique_name(&mut self, name: &Name, value: String) {
        debug_assert!(!self.has(name), "{name}");
        self.add_new(usize::from(name.bucket), name.text.clone(), value);
    }

    /// [`Self::push_unique_name`] with all the attribute's values at once (none: nothing is
    /// added): a delimited reader's multi-value column that no other column names, its cell
    /// split at the commas. One look-up-free addition with the list built once, where a
    /// [`Self::push_name`] per value looked the name up each time and the second value moved
    /// the first out of the inline slot.
    pub(crate) fn push_unique_values(&mut self, name: &Name, values: Values) {
        debug_assert!(!self.has(name), "{name}");
        if values.is_empty() {
            return;
        }
        if self.attributes.len() >= MAX_ATTRIBUTES {
            self.too_many_attributes();
            return;
        }
        self.index
            .insert_at(usize::from(name.bucket), self.attributes.len());
        // Written into the list as `add_new` writes (see there).
        self.attributes.extend(std::iter::once_with(|| Attribute {
            name: name.text.clone(),
            values,
        }));
    }

    /// [`Self::push`] with a [`Name`], whose bucket in the index is known; a borrowed name stays
    /// borrowed in the product, with no allocation.
    pub(crate) fn push_name(&mut self, name: &Name, value: impl Into<String>) {
        let bucket = usize::from(name.bucket);
        match self.position_at(bucket, name) {
            Some(i) => self.attributes[i].values.push(value.into()),
            None => self.add_new(bucket, name.text.clone(), value.into()),
        }
    }

    /// [`Self::push_name`] with the name moved in; `new`: the product is known not to have the
    /// attribute yet (no look-up).
    pub(crate) fn push_name_known(&mut self, name: Name, value: impl Into<String>, new: bool) {
        let bucket = usize::from(name.bucket);
        match (!new).then(|| self.position_at(bucket, &name)).flatten() {
            Some(i) => self.attributes[i].values.push(value.into()),
            None => self.add_new(bucket, name.text, value.into()),
        }
    }

    /// Adds an attribute the product does not have, whose name's bucket is `bucket`.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "see the comment inside: out of line it stalls"
    )]
    fn add_new(&mut self, bucket: usize, name: Cow<'static, str>, value: String) {
        if self.attributes.len() >= MAX_ATTRIBUTES {
            self.too_many_attributes();
            return;
        }
        self.index.insert_at(bucket, self.attributes.len());
        // Built by the closure once the list has room, and written straight into it:
        // `push(Attribute { name, values })` built the attribute in a stack slot with 8-byte
        // stores and copied it into the list with 16-byte loads (it had to outlive a possible
        // call to grow the list), loads that cannot take their data from stores still in flight
        // (a store-forwarding stall): a third of the CSV reader's samples sat on that copy. Out
        // of line, the arguments themselves were copied so. 1M CSV `validate`, three alternating
        // rounds: `--jobs 1` 4.94 -> 4.82 s, `--jobs 2` 2.97 -> 2.92 s (docs/performance.md).
        self.attributes.extend(std::iter::once_with(|| Attribute {
            name,
            values: smallvec![value],
        }));
    }

    /// Says once, as a read issue, that the product has more attributes than it keeps.
    #[cold]
    #[inline(never)]
    fn too_many_attributes(&mut self) {
        let message = format!(
            "the product has more than {MAX_ATTRIBUTES} attributes; the others are not read (a \
             wrong delimiter or a broken export can make one row of thousands of fields)"
        );
        if !self.read_issues.iter().any(|r| r.message == message) {
            self.read_issues.push(ReadIssue {
                line: self.location.line,
                message,
            });
        }
    }

    /// Adds a value to an attribute, creating it if needed (repeated attributes accumulate).
    pub fn push(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.position(name) {
            Some(i) => self.attributes[i].values.push(value),
            None => self.add_new(bucket(name), Cow::Owned(name.to_owned()), value),
        }
    }

    /// Replaces all values of an attribute.
    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.position(name) {
            Some(i) => self.attributes[i].values = smallvec![value],
            None => self.add_new(bucket(name), Cow::Owned(name.to_owned()), value),
        }
    }

    /// The product's id as the reports echo it (`productId`): the `id` attribute, else
    /// `item-<n>` from its 1-based position so every result can still be named.
    #[must_use]
    pub fn product_id(&self) -> String {
        match self.get_nonblank("id") {
            Some(id) => id.to_owned(),
            None => format!("item-{}", self.location.index + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// `keep_only` keeps exactly the attributes named, in their order, found by name after.
        #[test]
        fn keep_only_keeps_the_attributes_named_in_their_order(
            pairs in proptest::collection::vec(
                (proptest::sample::select(vec!["id", "gtin", "title", "price", "color", "x_note", "brand"]), "[a-z]{0,3}"),
                0..12,
            ),
            names in proptest::collection::vec(
                proptest::sample::select(vec!["id", "gtin", "title", "missing", "x_note"]),
                0..4,
            ),
        ) {
            let mut p = Product::default();
            for (name, value) in &pairs {
                p.push(name, value.clone());
            }
            let mut expected = p.clone();
            let had: Vec<bool> = pairs.iter().map(|(name, _)| p.get(name).is_some()).collect();
            expected.attributes.retain(|a| names.contains(&&*a.name));
            p.keep_only(&names);
            let got: Vec<_> = p.attributes.iter().map(|a| (a.name.to_string(), a.values.clone())).collect();
            let want: Vec<_> = expected.attributes.iter().map(|a| (a.name.to_string(), a.values.clone())).collect();
            proptest::prop_assert_eq!(got, want);
            for ((name, _), had) in pairs.iter().zip(had) {
                let kept = names.contains(name);
                proptest::prop_assert_eq!(p.get(name).is_some(), kept && had);
            }
        }
    }

    #[test]
    fn repeated_attributes_accumulate_in_order() {
        let mut p = Product::default();
        p.push("additional_image_link", "a");
        p.push("additional_image_link", "b");
        assert_eq!(p.values("additional_image_link"), ["a", "b"]);
        assert_eq!(p.get("additional_image_link"), Some("a"));
        assert!(p.values("missing").is_empty());
    }

    /// A product keeps at most `MAX_ATTRIBUTES` distinct attributes and says once that it has
    /// more; values of the attributes it has still accumulate.
    #[test]
    fn attributes_past_the_limit_are_a_read_issue_once() {
        let mut p = Product::default();
        p.location.line = 7;
        for i in 0..MAX_ATTRIBUTES + 50 {
            p.push(&format!("c{i}"), "v");
        }
        p.set("title", "t");
        p.push("c0", "w");
        assert_eq!(p.attributes().len(), MAX_ATTRIBUTES);
        assert_eq!(p.values("c0"), ["v", "w"]);
        assert!(!p.has("title"));
        assert_eq!(p.read_issues.len(), 1, "{:?}", p.read_issues);
        assert_eq!(p.read_issues[0].line, 7);
        assert!(
            p.read_issues[0]
                .message
                .contains("more than 1024 attributes")
        );
    }

    /// The attributes most feeds have each get a bucket of their own, so looking them up is one
    /// load and one name comparison (a slower index, not a wrong one, if this fails).
    #[test]
    fn common_attributes_fall_in_distinct_buckets() {
        let names = [
            "id",
            "title",
            "description",
            "link",
            "image_link",
            "additional_image_link",
            "availability",
            "condition",
            "price",
            "brand",
            "gtin",
            "mpn",
            "market_product_category",
            "category",
            "color",
            "size",
            "gender",
            "age_group",
            "item_group_id",
            "shipping",
            "sale_price",
            "identifier_exists",
            "product_type",
            "mobile_link",
            "availability_date",
            "sale_price_effective_date",
            "material",
            "pattern",
            "size_type",
            "size_system",
            "custom_label_0",
            "custom_label_1",
            "custom_label_2",
            "custom_label_3",
            "custom_label_4",
            "shipping_weight",
            "adult",
            "product_detail",
            "product_highlight",
            "multipack",
        ];
        let mut seen = std::collections::HashMap::new();
        for n in names {
            if let Some(other) = seen.insert(bucket(n), n) {
                panic!("{n} and {other} share bucket {}", bucket(n));
            }
        }
    }

    /// Names that share a bucket, and products with more attributes than a bucket can point to.
    #[test]
    fn lookups_past_collisions_and_position_254() {
        let mut p = Product::default();
        let names: Vec<String> = (0..300).map(|i| format!("attr_{i}")).collect();
        for (i, n) in names.iter().enumerate() {
            p.push(n, i.to_string());
        }
        for (i, n) in names.iter().enumerate() {
            assert_eq!(p.get(n), Some(i.to_string().as_str()), "{n}");
        }
        assert!(!p.has("attr_300"));
        assert!(!p.has(""));
    }

    #[test]
    fn push_new_with_a_known_name_adds_to_it() {
        let mut p = Product::default();
        p.push("color", "red");
        p.push_new(Attribute {
            name: Cow::Borrowed("color"),
            values: smallvec!["blue".to_owned()],
        });
        assert_eq!(p.attributes().len(), 1);
        assert_eq!(p.values("color"), ["red", "blue"]);
    }

    proptest::proptest! {
        /// Every look-up through the index answers what a scan of the attributes answers.
        #[test]
        fn index_agrees_with_a_scan(
            ops in proptest::collection::vec(("[a-e_]{0,4}", "[a-z]{0,3}", proptest::bool::ANY), 0..60),
            probes in proptest::collection::vec("[a-e_]{0,4}", 0..30),
        ) {
            let mut p = Product::default();
            let mut model: Vec<(String, Vec<String>)> = Vec::new();
            for (name, value, replace) in ops {
                let i = model.iter().position(|(n, _)| *n == name);
                match (i, replace) {
                    (Some(i), true) => model[i].1 = vec![value.clone()],
                    (Some(i), false) => model[i].1.push(value.clone()),
                    (None, _) => model.push((name.clone(), vec![value.clone()])),
                }
                if replace { p.set(&name, value) } else { p.push(&name, value) }
            }
            let names: Vec<&str> = p.attributes().iter().map(|a| &*a.name).collect();
            proptest::prop_assert_eq!(names, model.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>());
            for probe in probes.iter().chain(model.iter().map(|(n, _)| n)) {
                let want = model.iter().find(|(n, _)| n == probe).map_or(&[][..], |(_, v)| v.as_slice());
                proptest::prop_assert_eq!(p.values(probe), want);
                proptest::prop_assert_eq!(p.has(probe), model.iter().any(|(n, _)| n == probe));
            }
        }
    }

    proptest::proptest! {
        /// Adding values under a [`Name`] (its bucket worked out once) builds the same product
        /// as adding them under the name's text, whichever of the four ways is used.
        #[test]
        fn named_pushes_agree_with_push(
            ops in proptest::collection::vec(("[a-e_]{0,4}", "[a-z]{0,3}", 0..4u8), 0..60),
        ) {
            let mut want = Product::default();
            let mut got = Product::default();
            for (name, value, how) in ops {
                let known = Name::new(Cow::Owned(name.clone()));
                proptest::prop_assert_eq!(usize::from(known.bucket), bucket(&name));
                let new = !got.has(&name);
                match how {
                    0 => got.push_name(&known, value.as_str()),
                    1 => got.push_name_known(known, value.clone(), new),
                    2 if new => got.push_unique_name(&known, value.clone()),
                    // The value split at `c` as a cell of a multi-value column: its parts,
                    // none of them, one or several.
                    3 if new => {
                        let parts: Values = value
                            .split('c')
                            .filter(|v| !v.is_empty())
                            .map(str::to_owned)
                            .collect();
                        for v in &parts {
                            want.push(&name, v.as_str());
                        }
                        got.push_unique_values(&known, parts);
                        proptest::prop_assert_eq!(&got, &want);
                        continue;
                    }
                    _ => got.push_name(&known, value.clone()),
                }
                want.push(&name, value);
                proptest::prop_assert_eq!(&got, &want);
            }
        }
    }

    #[test]
    fn product_id_falls_back_to_position() {
        let mut p = Product::new(SourceLocation::new(Arc::from("f.csv"), 3, 4));
        assert_eq!(p.product_id(), "item-5");
        p.set("id", "  ");
        assert_eq!(p.product_id(), "item-5");
        p.set("id", "SKU1");
        assert_eq!(p.product_id(), "SKU1");
    }
}
