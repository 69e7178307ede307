//! Criterion benchmark of report writing: the validate emitter's per-product JSON (`--format
//! ndjson` / `json`) and the table rows, on engine reports of realistic products
//! (one clean, one with many findings), 1,000 products per iteration into a reused buffer.

use std::io::Sink;

use criterion::{Criterion, Throughput, black_box, criterion_group, criterion_main};
use feedlint::model::result::ResultOptions;
use feedlint::report::OutputFormat;
use feedlint::report::validate::ValidateEmitter;
use feedlint::rules::{Engine, EngineOptions, ProductReport, product_from_pairs};

fn reports() -> Vec<ProductReport> {
    let engine = Engine::new(EngineOptions::default());
    let clean = product_from_pairs(&[
        ("id", "CLO-29473856-1"),
        ("title", "Roma Cotton Rich Bootcut Jeans - Size 8 Standard"),
        (
            "description",
            "A smart pair of bootcut jeans in stretch cotton, with a flattering mid rise.",
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
        ("brand", "M&S"),
        ("gtin", "5060155240282"),
    ]);
    let defective = product_from_pairs(&[
        ("id", "X1 "),
        ("title", "CHEAP SHOES SALE!!! FREE SHIPPING"),
        ("description", "<div>BUY NOW <script>x()</script></div>"),
        ("link", "www.shop.test/p"),
        ("image_link", "http://www.example.com/placeholder.svg"),
        ("availability", "limited"),
        ("price", "$19,99"),
        ("sale_price", "25.00 USD"),
        ("gtin", "1234567890128"),
    ]);
    (0..1000)
        .map(|i| engine.check(if i % 10 == 0 { &defective } else { &clean }))
        .collect()
}

fn bench(c: &mut Criterion) {
    let reports = reports();
    let mut g = c.benchmark_group("report_1000_products");
    g.throughput(Throughput::Elements(reports.len() as u64));
    for (name, format) in [
        ("ndjson", OutputFormat::Ndjson),
        ("json", OutputFormat::Json),
        ("table", OutputFormat::Table),
    ] {
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut e = ValidateEmitter::new(format, std::io::sink(), false)
                    .expect("format has an emitter");
                for r in &reports {
                    e.product(black_box(r), "feed.csv", ResultOptions::default())
                        .expect("a sink never fails");
                }
                black_box::<&ValidateEmitter<Sink>>(&e);
            });
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
