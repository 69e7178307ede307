//! Criterion benchmark of the per-product rule engine (`Engine::check`) and the feed-level
//! state, on a clean apparel product and on a product that fires many rules; and of a batch of
//! 64 products of the six categories checked one by one against `Engine::check_batch` (rule by
//! rule), the unit the pipeline hands the engine.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use feedlint::rules::{Engine, EngineOptions, product_from_pairs};

fn products() -> Vec<(&'static str, feedlint::model::Product)> {
    vec![
        (
            "clean_apparel",
            product_from_pairs(&[
                ("id", "CLO-29473856-1"),
                ("title", "Roma Cotton Rich Bootcut Jeans - Size 8 Standard"),
                (
                    "description",
                    "A smart pair of bootcut jeans in stretch cotton, with a flattering mid rise and five pockets.",
                ),
                (
                    "link",
                    "https://www.example-shop.test/clothing/women/roma-bootcut-jeans",
                ),
                (
                    "image_link",
                    "https://images.example-shop.test/CLO-29473856-front.jpg",
                ),
                ("condition", "new"),
                ("availability", "in_stock"),
                ("price", "29.50 USD"),
                (
                    "market_product_category",
                    "Apparel & Accessories > Clothing > Pants > Jeans",
                ),
                ("brand", "M&S"),
                ("gender", "female"),
                ("age_group", "adult"),
                ("color", "Navy"),
                ("size", "8"),
                ("item_group_id", "CLO-29473856"),
                ("mpn", "B003J5F5EY"),
                ("gtin", "5060155240282"),
                ("product_type", "Women's Clothing > Jeans > Bootcut Jeans"),
            ]),
        ),
        (
            "many_defects",
            product_from_pairs(&[
                ("id", "X1 "),
                ("title", "CHEAP SHOES SALE!!! FREE SHIPPING"),
                ("description", "<div>BUY NOW <script>x()</script></div>"),
                ("link", "www.shop.test/p"),
                ("image_link", "http://www.example.com/placeholder.svg"),
                ("availability", "limited"),
                ("condition", "like new"),
                ("price", "$19,99"),
                ("sale_price", "25.00 USD"),
                ("mpn", "N/A"),
                ("identifier_exists", "no"),
                ("age_group", "adultx"),
                ("gender", "women"),
                ("color", "#FF0000"),
                ("product_type", "Shoes/Women/Heels"),
            ]),
        ),
    ]
}

fn bench_check(c: &mut Criterion) {
    let engine = Engine::new(EngineOptions::default());
    for (name, p) in products() {
        c.bench_function(&format!("engine_check/{name}"), |b| {
            b.iter(|| engine.check(black_box(&p)));
        });
    }
    let feed: Vec<_> = (0..1000)
        .map(|i| {
            let mut p = products().remove(0).1;
            p.set("id", format!("SKU-{i}"));
            p.set("gtin", format!("{:013}", 4_006_381_333_931_u64 + i));
            p
        })
        .collect();
    c.bench_function("engine_check_and_feed_state/1000_products", |b| {
        b.iter(|| {
            let mut state = engine.feed_state();
            for p in &feed {
                let mut r = engine.check(p);
                state.apply(&engine, p, &mut r);
                black_box(&r);
            }
        });
    });
}

/// The taxonomy paths of the six categories, so a batch runs every category's rules.
const CATEGORY_PATHS: [&str; 6] = [
    "Apparel & Accessories > Clothing > Pants > Jeans",
    "Electronics > Audio > Headphones",
    "Health & Beauty > Personal Care > Cosmetics > Lipstick",
    "Vehicles & Parts > Vehicle Parts & Accessories > Motor Vehicle Braking",
    "Home & Garden > Kitchen & Dining > Cookware",
    "Sporting Goods > Exercise & Fitness > Yoga Mats",
];

fn bench_batch(c: &mut Criterion) {
    let engine = Engine::new(EngineOptions::default());
    let templates = products();
    let batch: Vec<feedlint::model::Product> = (0..64_u64)
        .map(|i| {
            let n = usize::try_from(i).unwrap_or(0);
            let mut p = templates[n % 3 / 2].1.clone();
            p.set("id", format!("SKU-{i}"));
            p.set("market_product_category", CATEGORY_PATHS[n % 6]);
            p.set("gtin", format!("{:013}", 4_006_381_333_931_u64 + i * 7));
            p
        })
        .collect();
    let refs: Vec<&feedlint::model::Product> = batch.iter().collect();
    let mut group = c.benchmark_group("engine_64_products_of_six_categories");
    group.bench_function("check_one_by_one", |b| {
        b.iter(|| {
            for p in &refs {
                black_box(engine.check(black_box(p)));
            }
        });
    });
    group.bench_function("check_batch", |b| {
        b.iter(|| black_box(engine.check_batch(black_box(&refs))));
    });
    group.finish();
}

criterion_group!(benches, bench_check, bench_batch);
criterion_main!(benches);
