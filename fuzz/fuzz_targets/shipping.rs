//! The text forms of `shipping` and `tax` (`US:CA:Ground:4.99 USD`, several separated by `,`),
//! with the default sub-attribute order and with an order taken from a `shipping(...)` header.
#![no_main]

use feedlint::feed::names::{
    SHIPPING_DEFAULT_ORDER, TAX_DEFAULT_ORDER, parse_shipping_list, parse_tax_list,
    split_group_header,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    // `header|value`: a group header gives the order, as in a CSV header `shipping(country:price)`.
    let (header, value) = text.split_once('|').unwrap_or(("", text));
    let _ = parse_shipping_list(value, SHIPPING_DEFAULT_ORDER);
    let _ = parse_tax_list(value, TAX_DEFAULT_ORDER);
    if let Some((_, order)) = split_group_header(header) {
        let (list, problems) = parse_shipping_list(value, &order);
        assert!(problems.len() <= list.len());
        let _ = parse_tax_list(value, &order);
    }
});
