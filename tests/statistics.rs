//! `validate --statistics`: one row per rule that fired, counted from the same findings the
//! per-product report lists, in table, JSON (checked against its schema) and CSV; other formats
//! are a usage error, and gates and `--report` files work as without it.

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use common::{PROD_A, example, json, ok, run, shared_feed};
use feedlint::revenue::model::to_cents;

/// Per rule, from `validate --format ndjson`: (findings, products, impact in cents).
fn counted_from_products(db: &Path, feed: &Path) -> BTreeMap<String, (u64, u64, i64)> {
    let args = [
        "validate",
        "--format",
        "ndjson",
        "--exit-zero",
        feed.to_str().unwrap(),
    ];
    let out = ok(db, Some(PROD_A), &args);
    let mut counts: BTreeMap<String, (u64, u64, i64)> = BTreeMap::new();
    for line in String::from_utf8(out.stdout).unwrap().lines() {
        let p: serde_json::Value = serde_json::from_str(line).unwrap();
        if p.get("productId").is_none() {
            continue;
        }
        let mut seen = Vec::new();
        let violations = p["gmcCompliance"]["violations"].as_array().unwrap();
        let opportunities = p["performanceOptimization"]
            .get("opportunities")
            .and_then(|o| o.as_array())
            .cloned()
            .unwrap_or_default();
        for v in violations.iter().chain(&opportunities) {
            let code = v["rule"].as_str().unwrap().to_owned();
            let entry = counts.entry(code.clone()).or_default();
            entry.0 += 1;
            if !seen.contains(&code) {
                entry.1 += 1;
                seen.push(code);
            }
            entry.2 += to_cents(v["revenueImpact"].as_f64().unwrap());
        }
    }
    counts
}

#[test]
fn json_statistics_match_the_per_product_report_and_the_schema() {
    let schema: serde_json::Value =
        serde_json::from_str(include_str!("schemas/validate-statistics.schema.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    for feed in [
        example("catalog.csv"),
        shared_feed("laz627-apparel.tsv"),
        shared_feed("google-example-rss.xml"),
        shared_feed("benchy-bad-rss.xml"),
    ] {
        let db = tempfile::tempdir().unwrap();
        let expected = counted_from_products(db.path(), &feed);
        let args = [
            "--format",
            "json",
            "validate",
            "--statistics",
            "--exit-zero",
            feed.to_str().unwrap(),
        ];
        let doc = json(&ok(db.path(), Some(PROD_A), &args));
        if let Err(e) = validator.validate(&doc) {
            panic!("{}: {e}\n{doc:#}", feed.display());
        }
        let rows = doc["data"]["statistics"].as_array().unwrap();
        let got: BTreeMap<String, (u64, u64, i64)> = rows
            .iter()
            .map(|r| {
                (
                    r["rule"].as_str().unwrap().to_owned(),
                    (
                        r["findings"].as_u64().unwrap(),
                        r["products"].as_u64().unwrap(),
                        to_cents(r["revenueImpact"].as_f64().unwrap()),
                    ),
                )
            })
            .collect();
        assert!(!got.is_empty(), "{}", feed.display());
        assert_eq!(got, expected, "{}", feed.display());
        // Most findings first, then by code.
        let order: Vec<(i64, &str)> = rows
            .iter()
            .map(|r| {
                (
                    -(r["findings"].as_i64().unwrap()),
                    r["rule"].as_str().unwrap(),
                )
            })
            .collect();
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(order, sorted, "{}", feed.display());
        let total: u64 = got.values().map(|v| v.0).sum();
        assert_eq!(doc["data"]["summary"]["totalFindings"], total);
    }
}

#[test]
fn table_statistics_snapshot() {
    let db = tempfile::tempdir().unwrap();
    let feed = example("catalog.csv");
    let out = ok(
        db.path(),
        Some(PROD_A),
        &["validate", "--statistics", feed.to_str().unwrap()],
    );
    insta::assert_snapshot!(String::from_utf8(out.stdout).unwrap());
}

#[test]
fn csv_statistics_are_the_json_rows() {
    let db = tempfile::tempdir().unwrap();
    let feed = shared_feed("laz627-apparel.tsv");
    let feed = feed.to_str().unwrap();
    let doc = json(&ok(
        db.path(),
        Some(PROD_A),
        &[
            "--format",
            "json",
            "validate",
            "--statistics",
            "--exit-zero",
            feed,
        ],
    ));
    let out = ok(
        db.path(),
        Some(PROD_A),
        &[
            "--format",
            "csv",
            "validate",
            "--statistics",
            "--exit-zero",
            feed,
        ],
    );
    let mut reader = csv::Reader::from_reader(out.stdout.as_slice());
    assert_eq!(
        reader.headers().unwrap(),
        vec![
            "rule",
            "name",
            "severity",
            "kind",
            "findings",
            "products",
            "revenueImpact"
        ]
    );
    let rows: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.unwrap().iter().map(str::to_owned).collect())
        .collect();
    let from_json: Vec<Vec<String>> = doc["data"]["statistics"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            vec![
                r["rule"].as_str().unwrap().to_owned(),
                r["name"].as_str().unwrap().to_owned(),
                r["severity"].as_str().unwrap().to_owned(),
                r["kind"].as_str().unwrap().to_owned(),
                r["findings"].to_string(),
                r["products"].to_string(),
                format!("{:.2}", r["revenueImpact"].as_f64().unwrap()),
            ]
        })
        .collect();
    assert!(!rows.is_empty());
    assert_eq!(rows, from_json);
}

#[test]
fn other_formats_and_verbose_are_usage_errors() {
    let db = tempfile::tempdir().unwrap();
    let feed = example("catalog.csv");
    let feed = feed.to_str().unwrap();
    for format in ["ndjson", "sarif", "junit", "github", "gitlab"] {
        let out = run(
            db.path(),
            Some(PROD_A),
            &["--format", format, "validate", "--statistics", feed],
        );
        assert_eq!(out.status.code(), Some(2), "{format}");
        assert!(out.stdout.is_empty(), "{format}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&format!(
                "--statistics writes --format table, json or csv, not {format}"
            )),
            "{stderr}"
        );
    }
    let out = run(
        db.path(),
        Some(PROD_A),
        &["validate", "--statistics", "-v", feed],
    );
    assert_eq!(out.status.code(), Some(2));
    // Nothing was counted.
    assert_eq!(common::counter(db.path(), PROD_A, "productValidation"), 0);
}

#[test]
fn gates_and_reports_work_with_statistics() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let feed = example("catalog.csv");
    let sarif = dir.path().join("out.sarif");
    let report = format!("sarif={}", sarif.display());
    let out = run(
        &db,
        Some(PROD_A),
        &[
            "validate",
            "--statistics",
            "--fail-on",
            "high",
            "--report",
            &report,
            feed.to_str().unwrap(),
        ],
    );
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("FL-I110"), "{stdout}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("high"), "{stderr}");
    // The report file is the per-product SARIF, as without --statistics.
    let sarif: serde_json::Value = serde_json::from_slice(&std::fs::read(&sarif).unwrap()).unwrap();
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 7);
    // The products were counted once.
    assert_eq!(common::counter(&db, PROD_A, "productValidation"), 7);
}
