//! Criterion benchmarks of the GTIN hot paths: `gtin::analyze` on typical values, the bare check
//! digit, and the streamed JSON emitter. Run with `cargo bench --bench gtin`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use feedlint::gtin::{self, Options};
use feedlint::report::gtin::write_json;

const VALUES: [&str; 8] = [
    "5449000000996",
    "036000291452",
    "15449000000993",
    "5449000000997",
    "1234567890128",
    "8.71234E+12",
    "0-306-40615-2",
    "N/A",
];

fn analyze(c: &mut Criterion) {
    let mut group = c.benchmark_group("gtin");
    group.throughput(Throughput::Elements(VALUES.len() as u64));
    group.bench_function("analyze", |b| {
        b.iter(|| {
            for v in VALUES {
                black_box(gtin::analyze(black_box(v)));
            }
        });
    });
    group.bench_function("check_digit", |b| {
        b.iter(|| {
            for v in VALUES {
                black_box(gtin::has_valid_check_digit(black_box(v.as_bytes())));
            }
        });
    });
    group.finish();

    let many: Vec<&str> = VALUES.iter().copied().cycle().take(1_000).collect();
    let mut group = c.benchmark_group("gtin_json");
    group.throughput(Throughput::Elements(many.len() as u64));
    let meta = serde_json::json!({});
    let billing = serde_json::json!({});
    group.bench_function("emit_1000", |b| {
        b.iter(|| {
            write_json(
                std::io::sink(),
                many.iter().copied(),
                Options::default(),
                None,
                &billing,
                true,
                &meta,
            )
        });
    });
    group.finish();
}

criterion_group!(benches, analyze);
criterion_main!(benches);
