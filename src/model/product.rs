//! The one normalised product record every feed reader yields.
//!
//! Responsible for: holding attribute values exactly as written, under canonical GMC snake_case
//! names, with the file and line the record came from. Not responsible for: judging values
//! (that is `rules/`) or parsing files (that is `feed/`).

use std::borrow::Cow;
use std::sync::Arc;

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

/// One product as read from any feed format.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Product {
    pub location: SourceLocation,
    /// Attributes in the order first seen. Names are canonical and unique within a product.
    pub attributes: Vec<Attribute>,
    pub shipping: Vec<Shipping>,
    pub tax: Vec<Tax>,
    pub performance: Option<CurrentPerformance>,
    pub read_issues: Vec<ReadIssue>,
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
        Self {
            location,
            ..Self::default()
        }
    }

    /// The first value of an attribute, as written (may be empty).
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.values(name).first().map(String::as_str)
    }

    /// The first value of an attribute when it is present and not blank.
    #[must_use]
    pub fn get_nonblank(&self, name: &str) -> Option<&str> {
        // A value starting with a visible ASCII character is not blank: no trim needed.
        self.get(name).filter(|v| {
            v.as_bytes().first().is_some_and(u8::is_ascii_graphic) || !v.trim().is_empty()
        })
    }

    /// Every value of an attribute (empty slice when absent).
    #[must_use]
    pub fn values(&self, name: &str) -> &[String] {
        self.attributes
            .iter()
            .find(|a| &*a.name == name)
            .map_or(&[], |a| a.values.as_slice())
    }

    #[must_use]
    pub fn has(&self, name: &str) -> bool {
        self.attributes.iter().any(|a| &*a.name == name)
    }

    /// Adds a value to an attribute, creating it if needed (repeated attributes accumulate).
    pub fn push(&mut self, name: &str, value: impl Into<String>) {
        self.push_with(name, || Cow::Owned(name.to_owned()), value.into());
    }

    /// `push` with a name the caller keeps: creating the attribute copies a borrowed name's
    /// reference, not its text.
    #[allow(
        clippy::ptr_arg,
        reason = "the Cow itself is cloned: a borrowed name stays borrowed, with no allocation"
    )]
    pub fn push_named(&mut self, name: &Cow<'static, str>, value: impl Into<String>) {
        self.push_with(name, || name.clone(), value.into());
    }

    fn push_with(&mut self, name: &str, make: impl FnOnce() -> Cow<'static, str>, value: String) {
        if let Some(attr) = self.attributes.iter_mut().find(|a| &*a.name == name) {
            attr.values.push(value);
        } else {
            self.attributes.push(Attribute {
                name: make(),
                values: smallvec![value],
            });
        }
    }

    /// Replaces all values of an attribute.
    pub fn set(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        if let Some(attr) = self.attributes.iter_mut().find(|a| &*a.name == name) {
            attr.values = smallvec![value];
        } else {
            self.attributes.push(Attribute {
                name: Cow::Owned(name.to_owned()),
                values: smallvec![value],
            });
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

    #[test]
    fn repeated_attributes_accumulate_in_order() {
        let mut p = Product::default();
        p.push("additional_image_link", "a");
        p.push("additional_image_link", "b");
        assert_eq!(p.values("additional_image_link"), ["a", "b"]);
        assert_eq!(p.get("additional_image_link"), Some("a"));
        assert!(p.values("missing").is_empty());
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
