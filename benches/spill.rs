//! Criterion benchmark of the duplicate-id and duplicate-GTIN tables (`store::spill`): every
//! product of a feed looks up and inserts one key in each, in input order, on the thread that
//! writes the report. Past the first spill (114,688 keys) each look-up of a new key costs a map
//! probe and a Bloom filter probe, both cache misses at this size, which a count of instructions
//! does not show (docs/performance.md). Run with `cargo bench --bench spill`.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, Throughput, criterion_group, criterion_main};
use feedlint::store::spill::SpillTable;

/// Distinct pseudo-random keys (xorshift), as the rules' 64-bit hashes of ids and GTINs are.
fn keys(n: usize) -> Vec<u64> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        })
        .collect()
}

fn tables(c: &mut Criterion) {
    let mut group = c.benchmark_group("spill");
    group.sample_size(10);
    for n in [200_000_usize, 1_000_000] {
        let keys = keys(n);
        group.throughput(Throughput::Elements(n as u64));
        group.bench_function(format!("two tables, {n} distinct keys"), |b| {
            b.iter_batched(
                || (SpillTable::default(), SpillTable::default()),
                |(mut ids, mut gtins)| {
                    for (line, &k) in (1_u64..).zip(&keys) {
                        black_box(ids.get_or_insert(k, line));
                        black_box(gtins.get_or_insert(k.rotate_left(17), line));
                    }
                },
                BatchSize::PerIteration,
            );
        });
    }
    group.finish();
}

criterion_group!(benches, tables);
criterion_main!(benches);
