//! What each per-product rule costs on a feed: `cargo run --release --example rulecost -- FEED
//! [PRODUCTS] [ROUNDS] [CODE-PREFIX]`.
//!
//! Reads the first PRODUCTS products of FEED (default 640), then times `Engine::check_batch` on
//! batches of 64 (as the pipeline hands them over) with an engine running one rule at a time,
//! ROUNDS passes each (default 100, the fastest kept) alternating with as many passes of an
//! engine running no rule, and prints each rule's time per product above the engine running
//! none (the category detection, the rule context and the report, printed first). With
//! CODE-PREFIX only the rules whose code starts with it are timed. A few hundred products stay
//! in the CPU's caches, so the times are the rules' own work; a large set adds the memory
//! traffic of each pass. A profile by rule for docs/performance.md, where a sampling profiler
//! sees the rules' checks as anonymous closures; the times are the machine's, so compare rules
//! within one run.

use std::path::PathBuf;
use std::time::Instant;

use feedlint::feed::{self, ReadOptions};
use feedlint::model::Product;
use feedlint::rules::{Check, Engine, EngineOptions, registry};

const BATCH: usize = 64;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let path = PathBuf::from(
        args.next()
            .ok_or("usage: rulecost FEED [PRODUCTS] [ROUNDS] [CODE-PREFIX]")?,
    );
    let count: usize = args.next().map_or(Ok(640), |a| a.parse())?;
    let rounds: usize = args.next().map_or(Ok(100), |a| a.parse())?;
    let prefix = args.next().unwrap_or_default();
    let products: Vec<Product> = feed::open(&path, &ReadOptions::default())?
        .take(count)
        .collect::<Result<_, _>>()?;
    let n = products.len().max(1);
    let batches: Vec<Vec<&Product>> = products.chunks(BATCH).map(|c| c.iter().collect()).collect();

    // One pass over every batch, in nanoseconds per product.
    let pass = |engine: &Engine| -> f64 {
        let start = Instant::now();
        for batch in &batches {
            std::hint::black_box(engine.check_batch(batch));
        }
        start.elapsed().as_secs_f64() * 1e9 / n as f64
    };
    // The fastest of `rounds` passes of `engine` less the fastest of as many passes of `base`,
    // the two alternating so that a drift of the machine's speed lands on both.
    let time = |engine: &Engine, base: &Engine| -> f64 {
        let (mut best, mut best_base) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..rounds {
            best = best.min(pass(engine));
            best_base = best_base.min(pass(base));
        }
        best - best_base
    };
    let only = |code: &str| {
        Engine::new(EngineOptions {
            select: vec![code.to_string()],
            ..EngineOptions::default()
        })
    };
    // No rule's code or group starts with this: the engine runs no rule.
    let none = only("none");
    let base = (0..rounds)
        .map(|_| pass(&none))
        .fold(f64::INFINITY, f64::min);
    let all = time(&Engine::new(EngineOptions::default()), &none);
    let mut costs: Vec<(f64, &str, &str)> = registry()
        .iter()
        .filter(|r| matches!(r.check, Check::Product(_)) && r.code.starts_with(&prefix))
        .map(|r| (time(&only(r.code), &none), r.code, r.name))
        .collect();
    costs.sort_by(|a, b| b.0.total_cmp(&a.0));
    let sum: f64 = costs.iter().map(|c| c.0).sum();
    println!(
        "{n} products of {}, fastest of {rounds} rounds",
        path.display()
    );
    println!("{base:>9.1} ns  no rule (detection, rule context, report)");
    println!("{all:>9.1} ns  every rule at once, above no rule");
    println!("{sum:>9.1} ns  the rules below, each alone, added up");
    for (ns, code, name) in costs {
        println!("{ns:>9.1} ns  {code} {name}");
    }
    Ok(())
}
