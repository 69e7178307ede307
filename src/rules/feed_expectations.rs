//! Engine expectations on hand-built products that mirror the shared sample feeds
//! (../shared/feeds): the defects a person sees in benchy-bad-rss.xml are reported, and
//! Google's own sample (google-example-rss.xml) raises nothing beyond its legacy spellings.

use super::{Engine, EngineOptions, product_from_pairs};
use crate::model::{Product, RuleKind};

fn run_feed(products: &[Product]) -> Vec<super::ProductReport> {
    let engine = Engine::new(EngineOptions::default());
    let mut state = engine.feed_state();
    products
        .iter()
        .map(|p| {
            let mut r = engine.check(p);
            state.apply(&engine, p, &mut r);
            r
        })
        .collect()
}

fn names(r: &super::ProductReport) -> Vec<&'static str> {
    r.findings.iter().map(|f| f.name).collect()
}

/// The three items of benchy-bad-rss.xml, attribute for attribute.
fn benchy_bad() -> Vec<Product> {
    let common = |id: &str, gid: &str| {
        vec![
            ("age_group", "adultx"),
            ("availability", "in stock"),
            ("brand", "Benchy"),
            ("gender", "female"),
            ("market_product_category", "Shoes"),
            ("gtin", "87196893300583"),
            ("id", id),
            ("item_group_id", gid),
            ("material", "leather"),
            ("price", "69.99 EUR"),
            ("product_type", "Shoes"),
            ("@shipping", "nl"),
            ("shipping_weight", "225 g"),
            ("size", "37"),
        ]
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect::<Vec<_>>()
    };
    let build = |mut pairs: Vec<(String, String)>, extra: &[(&str, &str)]| {
        pairs.extend(
            extra
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned())),
        );
        let refs: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        product_from_pairs(&refs)
    };
    vec![
        build(
            common("1", "165723176983"),
            &[
                ("color", "Red"),
                (
                    "image_link",
                    "https://s3.eu-central-1.amazonaws.com/bannerwise-assets/images/3red.png",
                ),
                ("mpn", "1865201025047"),
                ("link", "https://bannerwise.io/"),
                ("title", "Loviti Spring Pumps"),
            ],
        ),
        build(
            common("2", "165723176983"),
            &[
                (
                    "description",
                    "Nude suede stiletto heels. For weddings, summer evenings, and romantic dates.",
                ),
                ("color", "Nude"),
                (
                    "image_link",
                    "https://www.envirochem.co.nz/wp-content/uploads/2018/07/Mower-Plus_001.jpg",
                ),
                ("mpn", "1865201025057"),
                ("additional_image_link", "http://www.example.com/image2.jpg"),
                ("link", ""),
                ("title", "Loviti Stiletto Heels"),
            ],
        ),
        build(
            common("3", "165723176993"),
            &[
                (
                    "description",
                    "Sexy black lace sandals. Provide your outfit with an extra-urban touch.",
                ),
                ("color", "Black"),
                (
                    "image_link",
                    "https://s3.eu-central-1.amazonaws.com/bannerwise-assets/images/2black.png",
                ),
                ("mpn", "1865201025067"),
                ("link", "https://bannerwise.io/"),
                ("title", "Loviti Strappy Sandle"),
            ],
        ),
    ]
}

#[test]
fn benchy_bad_reports_the_defects_a_person_sees() {
    let reports = run_feed(&benchy_bad());
    for r in &reports {
        assert!(
            names(r).contains(&"apparel-age-group-invalid"),
            "{}: {:?}",
            r.product_id,
            names(r)
        );
        assert!(names(r).contains(&"legacy-availability-spelling"));
        assert!(!r.is_valid() || r.compliance_percentage < 100.0);
    }
    assert!(names(&reports[0]).contains(&"description-missing"));
    assert!(names(&reports[1]).contains(&"link-missing"));
    assert!(names(&reports[1]).contains(&"placeholder-image"));
    // The GTIN shared by three items: reported on the second and third.
    assert!(!names(&reports[0]).contains(&"duplicate-gtin"));
    assert!(names(&reports[1]).contains(&"duplicate-gtin"));
    assert!(names(&reports[2]).contains(&"duplicate-gtin"));
    assert!(names(&reports[0]).contains(&"market-product-category-unrecognised"));
    let first_line_of = |r: &super::ProductReport, name: &str| {
        r.findings
            .iter()
            .find(|f| f.name == name)
            .map(|f| f.message.clone())
    };
    assert!(
        first_line_of(&reports[1], "apparel-age-group-invalid")
            .unwrap()
            .contains("adultx")
    );
}

/// The six items of google-example-rss.xml.
#[allow(
    clippy::too_many_lines,
    reason = "test data: six products written out attribute by attribute"
)]
fn google_example() -> Vec<Product> {
    vec![
        product_from_pairs(&[
            ("id", "TV_123456"),
            ("title", "LG 22LB4510 - 22\" LED TV - 1080p (FullHD)"),
            (
                "description",
                "Attractively styled and boasting stunning picture quality, the LG 22LB4510 - 22\" LED TV - 1080p (FullHD) is an excellent television/monitor. The LG 22LB4510 - 22\" LED TV - 1080p (FullHD) sports a widescreen 1080p panel, perfect for watching movies in their original format, whilst also providing plenty of working space for your other applications.",
            ),
            (
                "link",
                "http://www.example.com/electronics/tv/22LB4510.html",
            ),
            ("image_link", "http://images.example.com/TV_123456.png"),
            ("condition", "used"),
            ("availability", "in stock"),
            ("price", "159.00 USD"),
            ("@shipping", "US::Standard:14.95 USD"),
            ("gtin", "71919219405200"),
            ("brand", "LG"),
            ("mpn", "22LB4510/US"),
            (
                "market_product_category",
                "Electronics > Video > Televisions > Flat Panel Televisions",
            ),
            (
                "product_type",
                "Consumer Electronics > TVs > Flat Panel TVs",
            ),
        ]),
        product_from_pairs(&[
            ("id", "DVD-0564738"),
            ("title", "Merlin: Series 3 - Volume 2 - 3 DVD Box set"),
            (
                "description",
                "Episodes 7-13 from the third series of the BBC fantasy drama set in the mythical city of Camelot, telling the tale of the relationship between the young King Arthur (Bradley James) & Merlin (Colin Morgan), the wise sorcerer who guides him to power and beyond.",
            ),
            (
                "link",
                "http://www.example.com/media/dvd/?sku=384616&src=gshopping&lang=en",
            ),
            (
                "image_link",
                "http://images.example.com/DVD-0564738?size=large&format=PNG",
            ),
            ("condition", "new"),
            ("availability", "in stock"),
            ("price", "11.99 USD"),
            ("@shipping", "US::Express Mail:3.80 USD"),
            ("gtin", "88392916560500"),
            ("brand", "BBC"),
            ("market_product_category", "Media > DVDs & Videos"),
            ("product_type", "DVDs & Movies > TV Series > Fantasy Drama"),
        ]),
        product_from_pairs(&[
            ("id", "PFM654321"),
            (
                "title",
                "Dior Capture XP Ultimate Wrinkle Correction Creme 1.7 oz",
            ),
            (
                "description",
                "Dior Capture XP Ultimate Wrinkle Correction Creme 1.7 oz reinvents anti-wrinkle care by protecting and relaunching skin cell activity to encourage faster, healthier regeneration.",
            ),
            (
                "link",
                "http://www.example.com/perfumes/product?Dior%20Capture%20R6080%20XP",
            ),
            ("image_link", "http://images.example.com/PFM654321_1.jpg"),
            ("condition", "new"),
            ("availability", "in stock"),
            ("price", "99 USD"),
            ("@shipping", "US::Standard Rate:4.95 USD"),
            ("@shipping", "US::Next Day:8.50 USD"),
            ("gtin", "3348901056069"),
            ("brand", "Dior"),
            (
                "product_type",
                "Health & Beauty > Personal Care > Cosmetics > Skin Care > Lotion",
            ),
            (
                "market_product_category",
                "Health & Beauty > Personal Care > Cosmetics > Skin Care > Anti-Aging Skin Care Kits",
            ),
            (
                "additional_image_link",
                "http://images.example.com/PFM654321_2.jpg",
            ),
            (
                "additional_image_link",
                "http://images.example.com/PFM654321_3.jpg",
            ),
        ]),
        product_from_pairs(&[
            ("id", "CLO-29473856-1"),
            ("title", "Roma Cotton Rich Bootcut Jeans - Size 8 Standard"),
            (
                "description",
                "A smart pair of bootcut jeans in stretch cotton.",
            ),
            (
                "link",
                "http://www.example.com/clothing/women/Roma-Cotton-Bootcut-Jeans/?extid=CLO-29473856",
            ),
            (
                "image_link",
                "http://images.example.com/CLO-29473856-front.jpg",
            ),
            ("condition", "new"),
            ("availability", "out of stock"),
            ("price", "29.50 USD"),
            (
                "market_product_category",
                "Apparel & Accessories > Clothing > Pants > Jeans",
            ),
            ("brand", "M&S"),
            ("gender", "Female"),
            ("age_group", "Adult"),
            ("color", "Navy"),
            ("size", "8 Standard"),
            ("item_group_id", "CLO-29473856"),
            ("mpn", "B003J5F5EY"),
            ("product_type", "Women's Clothing > Jeans > Bootcut Jeans"),
            (
                "additional_image_link",
                "http://images.example.com/CLO-29473856-side.jpg",
            ),
            (
                "additional_image_link",
                "http://images.example.com/CLO-29473856-back.jpg",
            ),
        ]),
        product_from_pairs(&[
            ("id", "CLO-29473856-2"),
            ("title", "Roma Cotton Rich Bootcut Jeans - Size 8 Tall"),
            (
                "description",
                "A smart pair of bootcut jeans in stretch cotton.",
            ),
            (
                "link",
                "http://www.example.com/clothing/women/Roma-Cotton-Bootcut-Jeans/?extid=CLO-29473856",
            ),
            (
                "image_link",
                "http://images.example.com/CLO-29473856-front.jpg",
            ),
            ("condition", "new"),
            ("availability", "in stock"),
            ("price", "29.50 USD"),
            (
                "market_product_category",
                "Apparel & Accessories > Clothing > Pants > Jeans",
            ),
            ("brand", "M&S"),
            ("gender", "Female"),
            ("age_group", "Adult"),
            ("color", "Navy"),
            ("size", "8 Tall"),
            ("item_group_id", "CLO-29473856"),
            ("mpn", "B003J5F5EY"),
            ("product_type", "Women's Clothing > Jeans > Bootcut Jeans"),
            (
                "additional_image_link",
                "http://images.example.com/CLO-29473856-side.jpg",
            ),
            (
                "additional_image_link",
                "http://images.example.com/CLO-29473856-back.jpg",
            ),
        ]),
        product_from_pairs(&[
            ("id", "CLO-1029384"),
            ("title", "Tenn Cool Flow Ladies Long Sleeved Cycle Jersey"),
            (
                "description",
                "Tenn Cool Flow Ladies Long Sleeved Cycle Jersey. A comfortable, breathable cycle top for women.",
            ),
            (
                "link",
                "http://www.example.com/clothing/sports/product?id=CLO1029384&src=gshopping&popup=f",
            ),
            ("image_link", "http://images.example.com/CLO-1029384.jpg"),
            ("condition", "new"),
            ("availability", "in stock"),
            ("price", "33.99 USD"),
            ("@shipping", "US::Standard Free Shipping:0 USD"),
            ("brand", "Tenn Cool"),
            (
                "market_product_category",
                "Apparel & Accessories > Clothing > Activewear > Bicycle Activewear > Bicycle Jerseys",
            ),
            ("gender", "Female"),
            ("age_group", "Adult"),
            ("color", "Black/Red/White"),
            ("size", "M"),
            ("sale_price", "25.49 USD"),
            (
                "sale_price_effective_date",
                "2011-09-01T16:00-08:00/2011-09-03T16:00-08:00",
            ),
            ("gtin", "5060155240282"),
        ]),
    ]
}

#[test]
fn google_example_reports_only_legacy_availability_spellings() {
    let reports = run_feed(&google_example());
    for r in &reports {
        let unexpected: Vec<_> = r
            .findings
            .iter()
            .filter(|f| f.name != "legacy-availability-spelling")
            .map(|f| (f.code, f.name, f.message.as_str()))
            .collect();
        assert!(unexpected.is_empty(), "{}: {unexpected:?}", r.product_id);
        assert!(r.is_valid(), "{}", r.product_id);
        assert!(r.findings.iter().all(|f| f.kind == RuleKind::Compliance));
        assert_eq!(
            r.findings.len(),
            1,
            "{}: legacy spelling reported",
            r.product_id
        );
    }
    // Categories detected from the taxonomy paths.
    assert_eq!(
        reports[0].category,
        Some(crate::catalog::Category::Electronics)
    );
    assert_eq!(
        reports[2].category,
        Some(crate::catalog::Category::HealthBeauty)
    );
    assert_eq!(reports[3].category, Some(crate::catalog::Category::Apparel));
    assert_eq!(reports[1].category, None);
}

#[test]
fn same_input_gives_same_findings() {
    let a = run_feed(&benchy_bad());
    let b = run_feed(&benchy_bad());
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x.findings, y.findings);
        assert!((x.compliance_percentage - y.compliance_percentage).abs() < 1e-12);
    }
}
