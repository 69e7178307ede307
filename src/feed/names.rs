//! Attribute names and the text forms of nested attributes, shared by every reader and writer.
//!
//! Responsible for: recognising an attribute in every spelling real feeds use and mapping it to
//! one canonical GMC snake_case name; knowing which attributes take several comma-separated values
//! in text feeds; parsing and writing the text forms of `shipping` and `tax`. Not responsible for
//! judging values.

use std::borrow::Cow;

use crate::model::{Name, Shipping, Tax};

/// The spec's neutral name for GMC's `google_product_category` (spec conventions; GMC 6324436).
pub const MARKET_PRODUCT_CATEGORY: &str = "market_product_category";
/// The GMC spelling writers use for [`MARKET_PRODUCT_CATEGORY`].
pub const GOOGLE_PRODUCT_CATEGORY: &str = "google_product_category";

/// Attributes that GMC lets a text feed (CSV/TSV) give several values of in one cell, separated
/// by commas (GMC 15001087 "Submit multiple values"; 6324406 for `product_type`). Readers split
/// these cells on `,` (trimming the spaces around each part and dropping empty parts); writers
/// join several values with `,`. Free-text attributes that may contain commas
/// (`product_highlight`, `product_detail`, `title`...) are not split: several values of those
/// are written as repeated columns instead. `shipping` and `tax` are split too, entry by entry
/// (see [`parse_shipping_list`]).
pub const MULTI_VALUE_ATTRIBUTES: &[&str] = &[
    "additional_image_link",
    "excluded_destination",
    "included_destination",
    "lifestyle_image_link",
    "product_type",
    "promotion_id",
    "shopping_ads_excluded_country",
    "size_type",
];

/// Whether a text-feed cell of this canonical attribute holds a comma-separated list.
#[must_use]
pub fn is_multi_value(name: &str) -> bool {
    MULTI_VALUE_ATTRIBUTES.contains(&name)
}

/// Attributes GMC lets one product give several times although a text feed does not split their
/// cells on commas: free text and groups that may contain commas (`product_highlight`,
/// `product_detail`...) and the entries of `shipping`, `tax` and the like (GMC 15001087 "Submit
/// multiple values"; 7052112). In XML each value is a repeated element, in CSV/TSV a repeated
/// column. Together with [`MULTI_VALUE_ATTRIBUTES`] these are the attributes that may have several
/// values ([`is_repeatable`]); sorted.
pub const REPEATED_ATTRIBUTES: &[&str] = &[
    "ads_labels",
    "carrier_shipping",
    "certification",
    "cloud_export_additional_properties",
    "consumer_notice",
    "free_shipping_threshold",
    "loyalty_program",
    "product_detail",
    "product_highlight",
    "shipping",
    "tax",
    "video_link",
];

/// Other attributes of GMC's product data specification (7052112) that take one value, beyond
/// those the catalog describes (`crate::catalog::fields`); sorted.
const OTHER_SINGLE_VALUE_ATTRIBUTES: &[&str] = &[
    "ads_grouping",
    "ads_redirect",
    "auto_pricing_min_price",
    "availability_date",
    "canonical_link",
    "cost_of_goods_sold",
    "custom_label_0",
    "custom_label_1",
    "custom_label_2",
    "custom_label_3",
    "custom_label_4",
    "disclosure_date",
    "external_seller_id",
    "installment",
    "link_template",
    "max_handling_time",
    "min_handling_time",
    "mobile_link",
    "mobile_link_template",
    "pause",
    "return_policy_label",
    "shipping_label",
    "ships_from_country",
    "short_title",
    "structured_description",
    "structured_title",
    "subscription_cost",
    "transit_time_label",
];

/// Whether one product may give this canonical attribute several values:
/// [`MULTI_VALUE_ATTRIBUTES`] and [`REPEATED_ATTRIBUTES`].
#[must_use]
pub fn is_repeatable(name: &str) -> bool {
    is_multi_value(name) || REPEATED_ATTRIBUTES.binary_search(&name).is_ok()
}

/// Whether this canonical attribute is one GMC defines as taking a single value (`title`,
/// `price`, `gtin`, `custom_label_0`...): an attribute the catalog or
/// [`OTHER_SINGLE_VALUE_ATTRIBUTES`] knows that is not [`is_repeatable`]. Unknown attributes are
/// not: nothing says how many values they take.
#[must_use]
pub fn is_single_valued(name: &str) -> bool {
    !is_repeatable(name)
        && (crate::catalog::fields::attribute(name).is_some()
            || OTHER_SINGLE_VALUE_ATTRIBUTES.binary_search(&name).is_ok())
}

/// The read issue of a single-valued attribute ([`is_single_valued`]) given several values that
/// differ: two different non-blank values, or a blank first value and a non-blank one (the rules
/// check the first value, and a blank one as missing). `None` when the values agree. The message
/// names the attribute, the values (shortened) and the one that is checked.
#[must_use]
pub fn conflicting_values(name: &str, values: &[String]) -> Option<String> {
    use crate::model::Trim;
    const SHOWN: usize = 3;
    let [first, ..] = values else {
        return None;
    };
    if values.len() < 2 {
        return None;
    }
    let mut distinct: Vec<&str> = Vec::new();
    for v in values {
        if !v.is_blank() && !distinct.contains(&v.as_str()) {
            distinct.push(v);
        }
    }
    let first_blank = first.is_blank();
    // Two different values, or a blank first one beside a value.
    let differ = distinct.len() >= 2 || (first_blank && !distinct.is_empty());
    if !differ {
        return None;
    }
    let mut shown: Vec<String> = Vec::new();
    if first_blank {
        shown.push(quoted(first));
    }
    shown.extend(distinct.iter().take(SHOWN).map(|v| quoted(v)));
    let hidden = distinct.len().saturating_sub(SHOWN);
    let more = if hidden > 0 {
        format!(" and {hidden} more")
    } else {
        String::new()
    };
    let checked = if first_blank {
        format!("only the first, {}, is checked (as missing)", quoted(first))
    } else {
        format!("only the first, {}, is checked", quoted(first))
    };
    Some(format!(
        "`{name}` takes one value but is given {} times with different values: {}{more}; \
         {checked}, and every value is kept",
        values.len(),
        shown.join(", ")
    ))
}

/// A value in a message: in double quotes, cut after 40 characters.
fn quoted(v: &str) -> String {
    match v.char_indices().nth(40) {
        Some((i, _)) => format!("\"{}…\"", &v[..i]),
        None => format!("\"{v}\""),
    }
}

/// Spellings that do not follow from the snake_case conversion alone: the spec's neutral name
/// for the category and a few legacy/merchant spellings seen in real feeds.
const ALIASES: &[(&str, &str)] = &[
    ("google_product_category", MARKET_PRODUCT_CATEGORY),
    ("googleproductcategory", MARKET_PRODUCT_CATEGORY),
    ("imagelink", "image_link"),
    ("additionalimagelink", "additional_image_link"),
    ("itemgroupid", "item_group_id"),
    ("agegroup", "age_group"),
    ("producttype", "product_type"),
    ("saleprice", "sale_price"),
];

/// Maps an attribute name as written to its canonical name.
///
/// `image_link`, `imageLink`, `image link`, `Image Link`, `image-link` and `g:image_link` all give
/// `image_link`; `google_product_category` (any spelling) gives `market_product_category`.
/// Unknown names go through the same conversion and are kept.
#[must_use]
pub fn canonical_name(raw: &str) -> Cow<'_, str> {
    let raw = raw.trim();
    let raw = raw
        .strip_prefix("g:")
        .or_else(|| raw.strip_prefix("G:"))
        .unwrap_or(raw);
    let simple = raw
        .bytes()
        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        && !raw.starts_with('_')
        && !raw.ends_with('_')
        && !raw.contains("__");
    let snake: Cow<'_, str> = if simple {
        Cow::Borrowed(raw)
    } else {
        Cow::Owned(to_snake_case(raw))
    };
    match ALIASES.iter().find(|(from, _)| *from == snake) {
        Some((_, to)) => Cow::Borrowed(to),
        None => snake,
    }
}

/// The most names a [`NameCache`] remembers: far more than any feed's schema has, and a bound on
/// its memory when a hostile feed invents a new name for every element or key.
pub(crate) const NAME_CACHE_MAX: usize = 256;

/// Canonical attribute names by the XML element local name or JSON object key that gives them,
/// learned while the feed is read. Every item or object repeats the same names, nearly always in
/// the same order, so a look-up is usually one comparison: with the entry after the previous
/// hit. A name the catalog knows comes back borrowed, so the product gets it without an
/// allocation, and its bucket in the product's name index is worked out once.
///
/// Each entry also has a slot, the same for every spelling of one canonical name (`imageLink`
/// and `image_link`), so an XML item can tell in one bit test whether it already has the
/// attribute (`xml::Seen`).
#[derive(Default)]
pub(crate) struct NameCache {
    pub(super) entries: Vec<(Box<[u8]>, Name, usize)>,
    next: usize,
}

impl NameCache {
    /// [`canonical_name`] of the element's local name or key, as [`static_name`] gives it.
    pub(crate) fn get(&mut self, local: &[u8]) -> Cow<'static, str> {
        self.get_slotted(local).0.cow().clone()
    }

    /// [`NameCache::get`], with the name's slot (`None` once the cache is full).
    ///
    /// A hit is always inlined, so the name is cloned from the cache straight into the caller's
    /// result: returned from a call, the pair was written with 8-byte stores and read back with
    /// 16-byte loads at once, a store-forwarding stall on every element of every item (~1% of an
    /// RSS run's CPU on the Intel guest, docs/performance.md).
    #[inline(always)]
    #[allow(clippy::inline_always, reason = "see above")]
    pub(crate) fn get_slotted(&mut self, local: &[u8]) -> (Name, Option<usize>) {
        let hit = if self
            .entries
            .get(self.next)
            .is_some_and(|(key, _, _)| **key == *local)
        {
            Some(self.next)
        } else {
            self.entries.iter().position(|(key, _, _)| **key == *local)
        };
        if let Some(i) = hit {
            self.next = i + 1;
            let (_, name, slot) = &self.entries[i];
            return (name.clone(), Some(*slot));
        }
        self.add(local)
    }

    /// [`NameCache::get_slotted`] for a name not in the cache: works out its canonical name and
    /// keeps it while there is room.
    #[inline(never)]
    fn add(&mut self, local: &[u8]) -> (Name, Option<usize>) {
        let name = Name::new(static_name(&canonical_name(&String::from_utf8_lossy(
            local,
        ))));
        if self.entries.len() < NAME_CACHE_MAX {
            let slot = self
                .entries
                .iter()
                .find(|(_, other, _)| *other == name)
                .map_or(self.entries.len(), |e| e.2);
            self.entries.push((local.into(), name.clone(), slot));
            self.next = self.entries.len();
            return (name, Some(slot));
        }
        (name, None)
    }
}

/// The catalog's own `&'static str` for a canonical name it knows (no allocation when a product
/// gets the attribute), else an owned copy.
pub(crate) fn static_name(name: &str) -> Cow<'static, str> {
    if let Some(a) = crate::catalog::fields::attribute(name) {
        return Cow::Borrowed(a.name);
    }
    // The sub-attributes of shipping and tax (`<g:country>` inside `<g:shipping>`), named on
    // every item of a feed that has them.
    SHIPPING_FIELDS
        .iter()
        .chain(TAX_FIELDS)
        .find(|f| **f == name)
        .map_or_else(|| Cow::Owned(name.to_owned()), |f| Cow::Borrowed(*f))
}

/// The name a writer uses for a canonical attribute (GMC spelling).
#[must_use]
pub fn written_name(canonical: &str) -> &str {
    if canonical == MARKET_PRODUCT_CATEGORY {
        GOOGLE_PRODUCT_CATEGORY
    } else {
        canonical
    }
}

/// `imageLink` → `image_link`, `Image Link` → `image_link`, `GTIN` → `gtin`, `imageURL` →
/// `image_url`. Spaces, `-` and `.` become `_`; runs of `_` collapse.
fn to_snake_case(s: &str) -> String {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() {
            let prev = i.checked_sub(1).map(|j| chars[j]);
            let next = chars.get(i + 1).copied();
            let boundary = prev.is_some_and(|p| {
                p.is_lowercase()
                    || p.is_ascii_digit()
                    || (p.is_uppercase() && next.is_some_and(char::is_lowercase))
            });
            if boundary {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else if c.is_whitespace() || c == '-' || c == '.' || c == '_' {
            out.push('_');
        } else {
            out.push(c);
        }
    }
    let mut collapsed = String::with_capacity(out.len());
    for c in out.chars() {
        if c == '_' && (collapsed.is_empty() || collapsed.ends_with('_')) {
            continue;
        }
        collapsed.push(c);
    }
    while collapsed.ends_with('_') {
        collapsed.pop();
    }
    collapsed
}

/// Splits a comma-separated multi-value cell: parts are trimmed, empty parts dropped.
pub fn split_multi(cell: &str) -> impl Iterator<Item = &str> {
    cell.split(',').map(str::trim).filter(|s| !s.is_empty())
}

/// The sub-attributes of `shipping` in the order of GMC's text form
/// `country:region:service:price:min_handling_time:max_handling_time:min_transit_time:max_transit_time`
/// (GMC 6324484).
pub const SHIPPING_DEFAULT_ORDER: &[&str] = &[
    "country",
    "region",
    "service",
    "price",
    "min_handling_time",
    "max_handling_time",
    "min_transit_time",
    "max_transit_time",
];

/// Every sub-attribute of `shipping`, in the order writers use in a `shipping(...)` header.
pub const SHIPPING_FIELDS: &[&str] = &[
    "country",
    "region",
    "postal_code",
    "location_id",
    "location_group_name",
    "service",
    "price",
    "min_handling_time",
    "max_handling_time",
    "min_transit_time",
    "max_transit_time",
];

/// `tax` text form order `country:region:rate:tax_ship` (GMC 6324454).
pub const TAX_DEFAULT_ORDER: &[&str] = &["country", "region", "rate", "tax_ship"];

/// Every sub-attribute of `tax`, in the order writers use in a `tax(...)` header.
pub const TAX_FIELDS: &[&str] = &[
    "country",
    "region",
    "postal_code",
    "location_id",
    "rate",
    "tax_ship",
];

/// The slot of a shipping sub-attribute (canonical name), if it is one: the field at its
/// [`shipping_slot`], so that the names are listed once, in [`SHIPPING_FIELDS`].
pub fn shipping_field<'a>(s: &'a mut Shipping, name: &str) -> Option<&'a mut Option<String>> {
    shipping_field_at(s, shipping_slot(name))
}

/// Read access to a shipping sub-attribute by name.
#[must_use]
pub fn shipping_get<'a>(s: &'a Shipping, name: &str) -> Option<&'a str> {
    match name {
        "country" => s.country.as_deref(),
        "region" => s.region.as_deref(),
        "postal_code" => s.postal_code.as_deref(),
        "location_id" => s.location_id.as_deref(),
        "location_group_name" => s.location_group_name.as_deref(),
        "service" => s.service.as_deref(),
        "price" => s.price.as_deref(),
        "min_handling_time" => s.min_handling_time.as_deref(),
        "max_handling_time" => s.max_handling_time.as_deref(),
        "min_transit_time" => s.min_transit_time.as_deref(),
        "max_transit_time" => s.max_transit_time.as_deref(),
        _ => None,
    }
}

/// The slot of a tax sub-attribute (canonical name), if it is one: the field at its
/// [`tax_slot`] (positions in [`TAX_FIELDS`]).
pub fn tax_field<'a>(t: &'a mut Tax, name: &str) -> Option<&'a mut Option<String>> {
    tax_field_at(t, tax_slot(name))
}

/// A sub-attribute of `shipping` or `tax` resolved once from its name (a delimited column's
/// order, for every row of the feed): its field's position, `None` for a name that is no
/// sub-attribute (its parts are counted, not kept).
pub(crate) type Slot = Option<u8>;

/// The [`Slot`] of a shipping sub-attribute's name: the field [`shipping_field`] gives.
#[must_use]
pub(crate) fn shipping_slot(name: &str) -> Slot {
    let i = SHIPPING_FIELDS.iter().position(|f| *f == name)?;
    u8::try_from(i).ok()
}

/// The [`Slot`] of a tax sub-attribute's name: the field [`tax_field`] gives.
#[must_use]
pub(crate) fn tax_slot(name: &str) -> Slot {
    let i = TAX_FIELDS.iter().position(|f| *f == name)?;
    u8::try_from(i).ok()
}

/// A shipping sub-attribute's field by a resolved [`Slot`] (positions in [`SHIPPING_FIELDS`]):
/// a jump on a number where the name was compared with the names of the fields for every part
/// of every row.
fn shipping_field_at(s: &mut Shipping, slot: Slot) -> Option<&mut Option<String>> {
    Some(match slot? {
        0 => &mut s.country,
        1 => &mut s.region,
        2 => &mut s.postal_code,
        3 => &mut s.location_id,
        4 => &mut s.location_group_name,
        5 => &mut s.service,
        6 => &mut s.price,
        7 => &mut s.min_handling_time,
        8 => &mut s.max_handling_time,
        9 => &mut s.min_transit_time,
        10 => &mut s.max_transit_time,
        _ => return None,
    })
}

/// A tax sub-attribute's field by a resolved [`Slot`] (positions in [`TAX_FIELDS`]).
fn tax_field_at(t: &mut Tax, slot: Slot) -> Option<&mut Option<String>> {
    Some(match slot? {
        0 => &mut t.country,
        1 => &mut t.region,
        2 => &mut t.postal_code,
        3 => &mut t.location_id,
        4 => &mut t.rate,
        5 => &mut t.tax_ship,
        _ => return None,
    })
}

/// Read access to a tax sub-attribute by name.
#[must_use]
pub fn tax_get<'a>(t: &'a Tax, name: &str) -> Option<&'a str> {
    match name {
        "country" => t.country.as_deref(),
        "region" => t.region.as_deref(),
        "postal_code" => t.postal_code.as_deref(),
        "location_id" => t.location_id.as_deref(),
        "rate" => t.rate.as_deref(),
        "tax_ship" => t.tax_ship.as_deref(),
        _ => None,
    }
}

/// A header such as `shipping(country:postal_code:price)` (GMC 6324484, "submit sub-attributes
/// in a text feed"): the attribute and its sub-attribute order.
#[must_use]
pub fn split_group_header(header: &str) -> Option<(Cow<'_, str>, Vec<String>)> {
    let open = header.find('(')?;
    let inner = header[open + 1..].trim_end().strip_suffix(')')?;
    let name = canonical_name(&header[..open]);
    let fields = inner
        .split(':')
        .map(|f| canonical_name(f).into_owned())
        .collect();
    Some((name, fields))
}

/// Parses the text form of `shipping`: several entries separated by `,`, parts by `:` in the
/// given order (default [`SHIPPING_DEFAULT_ORDER`]). Empty parts are `None`; values are kept as
/// written. Returns the entries and a message for each entry with more parts than the order has.
#[must_use]
pub fn parse_shipping_list(text: &str, order: &[impl AsRef<str>]) -> (Vec<Shipping>, Vec<String>) {
    parse_entries(text, order, "shipping", |s, name| {
        shipping_field(s, name.as_ref())
    })
}

/// Parses the text form of `tax` (`US:CA:7.25:y`, several separated by `,`).
#[must_use]
pub fn parse_tax_list(text: &str, order: &[impl AsRef<str>]) -> (Vec<Tax>, Vec<String>) {
    parse_entries(text, order, "tax", |t, name| tax_field(t, name.as_ref()))
}

/// [`parse_shipping_list`] with the order's names resolved to [`Slot`]s once
/// ([`shipping_slot`]): a delimited feed's shipping column, every row. Matching each part's name
/// against the field names was `slice/cmp` (1.16M of `parse_entries`' 19.2M over 20k bench
/// rows) and the length switch before it; measured with the multi-value change of the same
/// commit (docs/performance.md, "8e6407e").
#[must_use]
pub(crate) fn parse_shipping_slots(text: &str, order: &[Slot]) -> (Vec<Shipping>, Vec<String>) {
    parse_entries(text, order, "shipping", |s, &slot| {
        shipping_field_at(s, slot)
    })
}

/// [`parse_tax_list`] with the order resolved to [`Slot`]s ([`tax_slot`]).
#[must_use]
pub(crate) fn parse_tax_slots(text: &str, order: &[Slot]) -> (Vec<Tax>, Vec<String>) {
    parse_entries(text, order, "tax", |t, &slot| tax_field_at(t, slot))
}

/// The text form shared by `shipping` and `tax`: entries separated by `,`, parts by `:` in
/// `order`, each part stored in the slot `field` names. Walks the parts once, without collecting
/// them (this runs for every row of a feed with a shipping column).
///
/// A blank entry is skipped by [`is_blank_entry`], where `str::trim` walked the characters of
/// every entry from both ends (callgrind, 20k bench rows: `parse_entries` 19.47M → 19.23M
/// inclusive). Building the entry in the list instead of on the stack and trimming the parts by
/// bytes were measured with it and cost more: 19.95M (docs/performance.md, "d089c87").
fn parse_entries<T: Default, K>(
    text: &str,
    order: &[K],
    what: &str,
    field: impl for<'a> Fn(&'a mut T, &K) -> Option<&'a mut Option<String>>,
) -> (Vec<T>, Vec<String>) {
    // Nearly always one entry: room for one, not the four a first push would make.
    let mut out = Vec::with_capacity(1);
    let mut problems = Vec::new();
    for entry in split_ascii(text, b',').filter(|e| !is_blank_entry(e)) {
        let mut item = T::default();
        let mut parts = split_ascii(entry, b':');
        // `order` first: when it runs out, zip stops before taking a part, so `extra` counts
        // every part beyond it.
        for (name, part) in order.iter().zip(parts.by_ref()) {
            let part = trim_entry(part);
            if let Some(slot) = field(&mut item, name) {
                *slot = (!part.is_empty()).then(|| part.to_owned());
            }
        }
        let extra = parts.count();
        if extra > 0 {
            problems.push(format!(
                "{what} entry `{}` has {} parts; at most {} are defined",
                entry.trim(),
                order.len() + extra,
                order.len()
            ));
        }
        out.push(item);
    }
    (out, problems)
}

/// `entry.trim().is_empty()`: every character of it is white space. A first byte that is ASCII
/// and not white space (`char::is_whitespace` of an ASCII byte: tab to carriage return, space)
/// answers at once; anything else is left to `str::trim`.
fn is_blank_entry(entry: &str) -> bool {
    match entry.as_bytes().first() {
        Some(&b) if b.is_ascii() && !matches!(b, b'\t'..=b'\r' | b' ') => false,
        _ => entry.trim().is_empty(),
    }
}

/// `text` split at each `sep`, an ASCII byte, as `str::split` splits it at that character: a
/// byte loop, where `str::split(char)` set up a searcher for each piece of a few bytes (the
/// shipping text of every row of a feed with a shipping column).
fn split_ascii(text: &str, sep: u8) -> impl Iterator<Item = &str> {
    debug_assert!(sep.is_ascii());
    let mut rest = Some(text);
    std::iter::from_fn(move || {
        let r = rest?;
        if let Some(i) = r.bytes().position(|b| b == sep) {
            rest = r.get(i + 1..);
            r.get(..i)
        } else {
            rest = None;
            Some(r)
        }
    })
}

/// Entries are separated by `, ` as often as by `,`: the space after the separator belongs to it.
fn trim_entry(part: &str) -> &str {
    part.trim_matches(|c| c == ' ' || c == '\n' || c == '\r' || c == '\t')
}

/// Whether every entry uses only the sub-attributes of the default text order.
#[must_use]
pub fn shipping_fits_default(list: &[Shipping]) -> bool {
    list.iter().all(|s| {
        s.postal_code.is_none() && s.location_id.is_none() && s.location_group_name.is_none()
    })
}

/// Whether every entry uses only the sub-attributes of the default text order.
#[must_use]
pub fn tax_fits_default(list: &[Tax]) -> bool {
    list.iter()
        .all(|t| t.postal_code.is_none() && t.location_id.is_none())
}

/// Writes shipping entries in the text form with the given order, joined by `,`.
#[must_use]
pub fn format_shipping_list(list: &[Shipping], order: &[&str]) -> String {
    join_entries(list.iter().map(|s| {
        let parts: Vec<&str> = order
            .iter()
            .map(|f| shipping_get(s, f).unwrap_or(""))
            .collect();
        trim_trailing_empty(&parts)
    }))
}

/// Writes tax entries in the text form with the given order, joined by `,`.
#[must_use]
pub fn format_tax_list(list: &[Tax], order: &[&str]) -> String {
    join_entries(list.iter().map(|t| {
        let parts: Vec<&str> = order.iter().map(|f| tax_get(t, f).unwrap_or("")).collect();
        trim_trailing_empty(&parts)
    }))
}

fn trim_trailing_empty(parts: &[&str]) -> String {
    let keep = parts
        .iter()
        .rposition(|p| !p.is_empty())
        .map_or(1, |i| i + 1);
    parts[..keep].join(":")
}

fn join_entries(entries: impl Iterator<Item = String>) -> String {
    entries.collect::<Vec<_>>().join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        /// The byte loop gives `str::split`'s pieces, empty ones included.
        #[test]
        fn ascii_splits_are_str_splits(text in "[a-c,: é]{0,16}") {
            for sep in [b',', b':'] {
                let want: Vec<&str> = text.split(char::from(sep)).collect();
                let got: Vec<&str> = split_ascii(&text, sep).collect();
                proptest::prop_assert_eq!(got, want);
            }
        }
    }

    proptest::proptest! {
        /// The first-byte test agrees with `str::trim` on what is blank.
        #[test]
        fn blank_entries_are_those_trim_empties(text in "[a:, \t\n\r\x0b\x0c\u{85}\u{a0}\u{3000}é]{0,12}") {
            proptest::prop_assert_eq!(is_blank_entry(&text), text.trim().is_empty());
        }

        /// Entries parse as `str::split` and `str::trim` would cut them: each defined part in
        /// its slot, trimmed, an empty one `None`; blank entries skipped; extra parts said.
        #[test]
        fn shipping_entries_are_their_parts(
            text in "[US:, \t\u{a0}é]{0,24}",
            custom in proptest::bool::ANY,
        ) {
            let order: Vec<&str> = if custom {
                vec!["price", "country", "bogus", "price"]
            } else {
                SHIPPING_DEFAULT_ORDER.to_vec()
            };
            let (list, problems) = parse_shipping_list(&text, &order);
            // The order resolved to slots once, as a delimited column holds it, parses alike.
            let slots: Vec<Slot> = order.iter().map(|n| shipping_slot(n)).collect();
            let (by_slot, by_slot_problems) = parse_shipping_slots(&text, &slots);
            proptest::prop_assert_eq!(&by_slot, &list);
            proptest::prop_assert_eq!(&by_slot_problems, &problems);
            let mut want = Vec::new();
            let mut want_problems = Vec::new();
            for entry in text.split(',').filter(|e| !e.trim().is_empty()) {
                let mut item = Shipping::default();
                let parts: Vec<&str> = entry.split(':').collect();
                for (name, part) in order.iter().zip(&parts) {
                    if let Some(slot) = shipping_field(&mut item, name) {
                        let part = part.trim_matches([' ', '\n', '\r', '\t']);
                        *slot = (!part.is_empty()).then(|| part.to_owned());
                    }
                }
                if parts.len() > order.len() {
                    want_problems.push(format!(
                        "shipping entry `{}` has {} parts; at most {} are defined",
                        entry.trim(),
                        parts.len(),
                        order.len()
                    ));
                }
                want.push(item);
            }
            proptest::prop_assert_eq!(list, want);
            proptest::prop_assert_eq!(problems, want_problems);
        }
    }

    #[test]
    fn every_spelling_maps_to_the_canonical_name() {
        for raw in [
            "image_link",
            "imageLink",
            "image link",
            "Image Link",
            "image-link",
            "g:image_link",
            " IMAGE_LINK ",
        ] {
            assert_eq!(canonical_name(raw), "image_link", "{raw}");
        }
        for raw in [
            "google_product_category",
            "googleProductCategory",
            "Google Product Category",
            "market_product_category",
        ] {
            assert_eq!(canonical_name(raw), MARKET_PRODUCT_CATEGORY, "{raw}");
        }
        assert_eq!(canonical_name("GTIN"), "gtin");
        assert_eq!(canonical_name("imageURL"), "image_url");
        assert_eq!(canonical_name("category"), "category");
        assert_eq!(canonical_name("id"), "id");
        assert_eq!(canonical_name("custom_label_0"), "custom_label_0");
        assert_eq!(
            written_name(MARKET_PRODUCT_CATEGORY),
            GOOGLE_PRODUCT_CATEGORY
        );
    }

    #[test]
    fn multi_value_list_is_sorted_and_canonical() {
        assert!(MULTI_VALUE_ATTRIBUTES.windows(2).all(|w| w[0] < w[1]));
        for n in MULTI_VALUE_ATTRIBUTES {
            assert_eq!(canonical_name(n), *n);
        }
    }

    #[test]
    fn repeatable_and_single_valued_attributes_are_consistent() {
        assert!(REPEATED_ATTRIBUTES.windows(2).all(|w| w[0] < w[1]));
        assert!(
            OTHER_SINGLE_VALUE_ATTRIBUTES
                .windows(2)
                .all(|w| w[0] < w[1])
        );
        for n in REPEATED_ATTRIBUTES
            .iter()
            .chain(OTHER_SINGLE_VALUE_ATTRIBUTES)
        {
            assert_eq!(canonical_name(n), *n);
            assert!(!MULTI_VALUE_ATTRIBUTES.contains(n), "{n}");
        }
        for n in OTHER_SINGLE_VALUE_ATTRIBUTES {
            assert!(!REPEATED_ATTRIBUTES.contains(n), "{n}");
            assert!(
                crate::catalog::fields::attribute(n).is_none(),
                "{n} is in the catalog"
            );
        }
        // What the catalog says may have several values, or is a group, is repeatable here.
        let catalog = crate::catalog::fields::UNIVERSAL_FIELDS
            .iter()
            .map(|f| f.attribute)
            .chain(
                crate::catalog::fields::CATEGORY_FIELDS
                    .iter()
                    .map(|f| f.attribute),
            );
        for a in catalog {
            let several =
                a.max_values.is_some() || a.field_type == crate::catalog::fields::FieldType::Group;
            assert_eq!(is_repeatable(a.name), several, "{}", a.name);
            assert_eq!(is_single_valued(a.name), !several, "{}", a.name);
        }
        for n in ["title", "price", "gtin", "color", "custom_label_3", "link"] {
            assert!(is_single_valued(n), "{n}");
        }
        for n in [
            "additional_image_link",
            "product_highlight",
            "product_detail",
            "shipping",
            "included_destination",
            "my_own_column",
        ] {
            assert!(!is_single_valued(n), "{n}");
        }
    }

    #[test]
    fn conflicting_values_name_the_values_and_the_one_checked() {
        let v = |s: &[&str]| s.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(conflicting_values("price", &v(&["1 USD"])), None);
        assert_eq!(conflicting_values("price", &v(&["1 USD", "1 USD"])), None);
        assert_eq!(conflicting_values("price", &v(&["1 USD", ""])), None);
        assert_eq!(
            conflicting_values("price", &v(&["1 USD", "999 USD"])).as_deref(),
            Some(
                "`price` takes one value but is given 2 times with different values: \"1 USD\", \
                 \"999 USD\"; only the first, \"1 USD\", is checked, and every value is kept"
            )
        );
        assert_eq!(
            conflicting_values("title", &v(&["", "A title"])).as_deref(),
            Some(
                "`title` takes one value but is given 2 times with different values: \"\", \
                 \"A title\"; only the first, \"\", is checked (as missing), and every value is \
                 kept"
            )
        );
        let long = "x".repeat(60);
        let many = v(&["a", "b", "c", "d", "e", &long]);
        let m = conflicting_values("color", &many).unwrap();
        assert!(m.contains("given 6 times"), "{m}");
        assert!(m.contains("\"c\" and 3 more;"), "{m}");
        let m = conflicting_values("color", &v(&[&long, "b"])).unwrap();
        assert!(m.contains(&format!("\"{}…\"", "x".repeat(40))), "{m}");
    }

    /// A slot names the field its name names, for every sub-attribute of `shipping` and `tax`,
    /// and none for other names: what is set through a name (by its slot) is read back by that
    /// name through `shipping_get` / `tax_get`, which match the names themselves, and by no
    /// other name.
    #[test]
    fn slots_are_the_fields_of_their_names() {
        for name in SHIPPING_FIELDS
            .iter()
            .chain(&["bogus", "", "rate", "Country"])
        {
            let mut s = Shipping::default();
            let set = shipping_field(&mut s, name).map(|f| *f = Some((*name).to_owned()));
            assert_eq!(set.is_some(), SHIPPING_FIELDS.contains(name), "{name}");
            for other in SHIPPING_FIELDS {
                let want = (set.is_some() && other == name).then_some(*name);
                assert_eq!(shipping_get(&s, other), want, "{name} read as {other}");
            }
        }
        for name in TAX_FIELDS.iter().chain(&["bogus", "", "price", "Rate"]) {
            let mut t = Tax::default();
            let set = tax_field(&mut t, name).map(|f| *f = Some((*name).to_owned()));
            assert_eq!(set.is_some(), TAX_FIELDS.contains(name), "{name}");
            for other in TAX_FIELDS {
                let want = (set.is_some() && other == name).then_some(*name);
                assert_eq!(tax_get(&t, other), want, "{name} read as {other}");
            }
        }
        let order: Vec<Slot> = TAX_DEFAULT_ORDER.iter().map(|n| tax_slot(n)).collect();
        assert_eq!(
            parse_tax_slots("US:CA:7.25:y, DE::19:n:extra", &order),
            parse_tax_list("US:CA:7.25:y, DE::19:n:extra", TAX_DEFAULT_ORDER)
        );
    }

    #[test]
    fn shipping_text_form_parses_several_entries() {
        let (list, problems) = parse_shipping_list(
            "US:CA:Overnight:16.00 USD:1:2:3:5, US::Standard:4.95 USD",
            SHIPPING_DEFAULT_ORDER,
        );
        assert!(problems.is_empty());
        assert_eq!(list.len(), 2);
        assert_eq!(list[0].region.as_deref(), Some("CA"));
        assert_eq!(list[0].price.as_deref(), Some("16.00 USD"));
        assert_eq!(list[0].max_transit_time.as_deref(), Some("5"));
        assert_eq!(list[1].region, None);
        assert_eq!(list[1].service.as_deref(), Some("Standard"));
        assert_eq!(
            format_shipping_list(&list, SHIPPING_DEFAULT_ORDER),
            "US:CA:Overnight:16.00 USD:1:2:3:5,US::Standard:4.95 USD"
        );
    }

    #[test]
    fn shipping_header_gives_the_order() {
        let (name, order) = split_group_header("shipping(country:postal_code:price)").unwrap();
        assert_eq!(name, "shipping");
        let (list, _) = parse_shipping_list("US:94043:5.00 USD", &order);
        assert_eq!(list[0].postal_code.as_deref(), Some("94043"));
        assert_eq!(list[0].price.as_deref(), Some("5.00 USD"));
    }

    #[test]
    fn tax_text_form_round_trips() {
        let (list, problems) = parse_tax_list("US:CA:7.25:y", TAX_DEFAULT_ORDER);
        assert!(problems.is_empty());
        assert_eq!(list[0].rate.as_deref(), Some("7.25"));
        assert_eq!(format_tax_list(&list, TAX_DEFAULT_ORDER), "US:CA:7.25:y");
        let (list, problems) = parse_tax_list("US:CA:7.25:y:extra:more", TAX_DEFAULT_ORDER);
        assert_eq!(
            problems,
            ["tax entry `US:CA:7.25:y:extra:more` has 6 parts; at most 4 are defined"]
        );
        assert_eq!(
            list[0].tax_ship.as_deref(),
            Some("y"),
            "the defined parts are kept"
        );
    }

    #[test]
    fn multi_value_cells_split_on_commas() {
        let v: Vec<&str> = split_multi("a.jpg, b.jpg,,c.jpg ").collect();
        assert_eq!(v, ["a.jpg", "b.jpg", "c.jpg"]);
    }
}
