//! `scripts/bench.sh` (issue 9): which feeds a run measures, and its usage error. The runs
//! themselves take minutes and a release build; `BENCH_PLAN=1` lists the feeds and exits before
//! either, after the argument is checked.
use std::path::Path;
use std::process::{Command, Output};

/// `BENCH_PLAN=1 scripts/bench.sh ARGS`: never a build or a bench run, even if the script took
/// a bad argument for a good one (it would then print a plan and exit 0).
fn bench(args: &[&str]) -> Output {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/bench.sh");
    Command::new("bash")
        .arg(script)
        .args(args)
        .env("BENCH_PLAN", "1")
        .env_remove("BENCH_PGO")
        .output()
        .unwrap_or_else(|e| panic!("running bash scripts/bench.sh: {e}"))
}

/// The plan's rows as (feed, products, path), whatever the feeds' state on this machine.
fn plan(args: &[&str]) -> Vec<(String, u64, String)> {
    let out = bench(args);
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .skip(1)
        .map(|line| {
            let f: Vec<&str> = line.split_whitespace().collect();
            let count = f[1].parse().unwrap_or_else(|e| panic!("{line}: {e}"));
            (f[0].to_string(), count, f[3].to_string())
        })
        .collect()
}

#[test]
fn without_n_the_csv_is_a_million_products_and_rss_and_json_200_000() {
    let rows = plan(&[]);
    let expected = [
        ("csv", 1_000_000, "target/bench-e2e/feed-1000000.csv"),
        ("rss", 200_000, "target/bench-e2e/feed-200000.xml"),
        ("json", 200_000, "target/bench-e2e/feed-200000.json"),
        ("array", 200_000, "target/bench-e2e/feed-200000.array.json"),
    ];
    let rows: Vec<(&str, u64, &str)> = rows
        .iter()
        .map(|(k, n, p)| (k.as_str(), *n, p.as_str()))
        .collect();
    assert_eq!(rows, expected);
}

#[test]
fn with_n_every_feed_has_n_products() {
    let rows = plan(&["5000"]);
    assert_eq!(rows.len(), 4);
    for (kind, count, path) in &rows {
        assert_eq!(*count, 5000, "{kind}");
        assert!(path.starts_with("target/bench-e2e/feed-5000."), "{path}");
    }
}

#[test]
fn an_n_that_is_not_a_positive_whole_number_is_a_usage_error() {
    for bad in ["0", "12x", "-5", "1e6"] {
        let out = bench(&[bad]);
        assert_eq!(out.status.code(), Some(2), "{bad}: {out:?}");
        assert!(out.stdout.is_empty(), "{bad}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("usage: scripts/bench.sh [N]"), "{bad}: {err}");
    }
}
