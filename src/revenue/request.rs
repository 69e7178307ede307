//! How a product of a spec 2.6 revenue request body is read before its issues are counted.
//!
//! A request body's product carries at most the fields 2.6 lists (`title`, a numeric `price`,
//! `category`, `brand`, `gtin` and `currentPerformance`). The rules engine checks it as it checks
//! a feed's product, so it would find a product page link, an image, an availability and a
//! description missing on every request, a compliance risk no request could avoid, and a price
//! with no currency when 2.6 gives the price as a number. So, for a request body's product only:
//!
//! - a bare numeric price is read in the run's currency (`--currency`, USD by default), as the
//!   model reads it (docs/revenue-model.md §1), before the rules check it;
//! - an issue counts when it is about an attribute the product carries, or about one of the
//!   attributes 2.6 defines ([`REQUEST_ATTRIBUTES`]): a request without a title still has a title
//!   problem, one without a link has no link problem.
//!
//! Feeds are not affected: a feed's product is expected to carry every attribute GMC requires.

use crate::model::Product;
use crate::model::price::{PriceError, parse_price};

/// The product attributes a spec 2.6 request defines (`currentPerformance` is not an attribute).
pub const REQUEST_ATTRIBUTES: [&str; 5] = ["title", "price", "category", "brand", "gtin"];

/// Reads a request body's bare numeric price (`349.99`) as `349.99 CURRENCY`. Any other price,
/// valid or not, is left as written for the rules to judge.
pub fn price_in_currency(product: &mut Product, currency: &str) {
    let Some(price) = product.get("price") else {
        return;
    };
    if matches!(parse_price(price), Err(PriceError::MissingCurrency)) {
        let priced = format!("{} {currency}", price.trim());
        product.set("price", priced);
    }
}

/// Whether an issue about `field` counts for a request body's product that does (`carried`) or
/// does not carry that attribute.
#[must_use]
pub fn counts(field: &str, carried: bool) -> bool {
    carried || REQUEST_ATTRIBUTES.contains(&field)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::model::SourceLocation;

    fn product(price: &str) -> Product {
        let mut p = Product::new(SourceLocation::new(Arc::from("body.json"), 1, 0));
        p.push("price", price);
        p
    }

    #[test]
    fn a_bare_number_gets_the_run_currency_and_nothing_else_changes() {
        for (written, read) in [
            ("349.99", "349.99 EUR"),
            (" 12 ", "12 EUR"),
            ("12 USD", "12 USD"),
            ("USD 12", "USD 12"),
            ("twelve", "twelve"),
            ("", ""),
            ("12 dollars", "12 dollars"),
        ] {
            let mut p = product(written);
            price_in_currency(&mut p, "EUR");
            assert_eq!(p.get("price"), Some(read), "{written:?}");
        }
        let mut none = Product::new(SourceLocation::new(Arc::from("body.json"), 1, 0));
        price_in_currency(&mut none, "EUR");
        assert!(!none.has("price"));
    }

    #[test]
    fn an_amount_too_large_stays_too_large() {
        let mut p = product("99999999999999999");
        price_in_currency(&mut p, "USD");
        let price = p.get("price").unwrap_or_default().to_owned();
        assert_eq!(price, "99999999999999999 USD");
        assert!(matches!(parse_price(&price), Err(PriceError::TooLarge)));
    }

    #[test]
    fn issues_count_for_carried_attributes_and_those_2_6_defines() {
        assert!(counts("link", true));
        assert!(!counts("link", false));
        assert!(!counts("image_link", false));
        assert!(!counts("mpn", false));
        for field in REQUEST_ATTRIBUTES {
            assert!(counts(field, false), "{field}");
        }
    }
}
