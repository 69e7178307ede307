//! Reading speed: feedlint's readers (read + normalise into `Product`) against the bare parse
//! loop of the same file (the csv crate's `StringRecord` loop, quick-xml's event loop,
//! serde_json's streaming parse; `shared/bare.rs`, the loops `scripts/bench.sh` measures against
//! too), for CSV, RSS, a JSON request body, a JSON array and NDJSON.
//!
//! Small by default so `cargo bench` stays short; set `FEEDLINT_BENCH_PRODUCTS` for the large
//! comparison described in docs/performance-reading.md.

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// The allocator the `feedlint` binary uses (src/main.rs), so the benchmark measures the readers
/// as the tool runs them. The bare loops allocate nothing per record, so it does not help them.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
use feedlint::feed::{self, FeedWriter, OutputKind, ReadOptions, TableLayout};
use feedlint::model::{Product, Shipping, SourceLocation};

#[path = "shared/bare.rs"]
mod bare;

fn products() -> u64 {
    std::env::var("FEEDLINT_BENCH_PRODUCTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5_000)
}

/// A realistic product of about 900 bytes as CSV (the size of the 1M-product/900 MB feed).
fn product(i: u64) -> Product {
    let mut p = Product::new(SourceLocation::default());
    p.push("id", format!("SKU-{i:08}"));
    p.push(
        "title",
        format!("Northwind Merino Crew Neck Sweater {i} - Forest Green - Men's M"),
    );
    p.push(
        "description",
        "Soft 100% merino wool crew neck sweater, knitted in Portugal. Warm, breathable and \
         machine washable on the wool cycle. Ribbed cuffs and hem keep their shape wash after \
         wash; a relaxed fit layers easily over a shirt. Responsibly sourced mulesing-free wool \
         from certified farms, dyed with low-impact dyes. Ships in recyclable packaging with \
         free returns within 30 days and a two-year warranty on seams and knit.",
    );
    p.push(
        "link",
        format!("https://shop.example.com/p/merino-crew-{i}"),
    );
    p.push(
        "image_link",
        format!("https://cdn.example.com/img/merino-crew-{i}.jpg"),
    );
    p.push(
        "additional_image_link",
        format!("https://cdn.example.com/img/merino-crew-{i}-2.jpg"),
    );
    p.push(
        "additional_image_link",
        format!("https://cdn.example.com/img/merino-crew-{i}-3.jpg"),
    );
    p.push("availability", "in_stock");
    p.push("condition", "new");
    p.push("price", format!("{}.99 USD", 20 + i % 180));
    p.push("brand", "Northwind");
    p.push("gtin", "4006381333931");
    p.push("mpn", format!("NW-{i}"));
    p.push(
        "market_product_category",
        "Apparel & Accessories > Clothing > Shirts & Tops",
    );
    p.push("product_type", "Apparel > Sweaters");
    p.push("color", "Green");
    p.push("size", "M");
    p.push("gender", "male");
    p.push("age_group", "adult");
    p.push("item_group_id", format!("GRP-{}", i / 4));
    p.shipping.push(Shipping {
        country: Some("US".into()),
        service: Some("Standard".into()),
        price: Some("4.95 USD".into()),
        ..Shipping::default()
    });
    p
}

/// Writes the benchmark feed once (kept between runs in the target directory).
fn feed_file(kind: OutputKind, n: u64) -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/bench-feeds");
    std::fs::create_dir_all(&dir).expect("bench dir");
    let path = dir.join(format!("read-{n}.{}", kind.name()));
    if path.exists() {
        return path;
    }
    let out = std::io::BufWriter::new(std::fs::File::create(&path).expect("bench file"));
    let layout = kind.needs_layout().then(|| {
        let mut l = TableLayout::new();
        l.observe(&product(0));
        l
    });
    let mut w = FeedWriter::new(kind, out, layout).expect("writer");
    for i in 0..n {
        w.write(&product(i)).expect("write");
    }
    drop(w.finish(None).expect("finish"));
    path
}

fn read_feedlint(path: &Path) -> u64 {
    let reader = feed::open(path, &ReadOptions::default()).expect("open");
    let mut n = 0;
    for p in reader {
        black_box(p.expect("product"));
        n += 1;
    }
    n
}

/// One of the bare loops of `shared/bare.rs`.
type BareLoop = fn(std::fs::File) -> bare::Res<u64>;

/// A bare loop over the file at `path`: its record count.
fn bare(run: BareLoop, path: &Path) -> u64 {
    run(std::fs::File::open(path).expect("open")).expect("parse")
}

/// The JSON array of the request body at `body` (`{"products": [...]}` as `FeedWriter` writes
/// it), written once beside it.
fn array_file(body: &Path) -> PathBuf {
    let path = body.with_extension("array.json");
    if path.exists() {
        return path;
    }
    let text = std::fs::read_to_string(body).expect("body");
    let inner = text
        .trim_end()
        .strip_prefix("{\"products\": ")
        .and_then(|t| t.strip_suffix('}'))
        .expect("a request body as FeedWriter writes it");
    std::fs::write(&path, inner).expect("array file");
    path
}

fn bench(c: &mut Criterion) {
    let n = products();
    let body = feed_file(OutputKind::Json, n);
    let feeds: [(&str, PathBuf, BareLoop, &str); 5] = [
        (
            "csv",
            feed_file(OutputKind::Csv, n),
            bare::csv,
            "bare_string_record",
        ),
        (
            "rss",
            feed_file(OutputKind::Rss, n),
            bare::rss,
            "bare_event_loop",
        ),
        (
            "json_array",
            array_file(&body),
            bare::json,
            "bare_serde_json",
        ),
        ("json_body", body, bare::json, "bare_serde_json"),
        (
            "ndjson",
            feed_file(OutputKind::Ndjson, n),
            bare::ndjson,
            "bare_serde_json",
        ),
    ];
    for (group, path, loop_of, loop_name) in &feeds {
        assert_eq!(read_feedlint(path), bare(*loop_of, path), "{group}");
        assert_eq!(read_feedlint(path), n, "{group}");
        let mut g = c.benchmark_group(*group);
        g.sample_size(10);
        g.throughput(Throughput::Bytes(
            std::fs::metadata(path).map_or(0, |m| m.len()),
        ));
        g.bench_function("feedlint", |b| b.iter(|| read_feedlint(path)));
        g.bench_function(*loop_name, |b| b.iter(|| bare(*loop_of, path)));
        g.finish();
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
