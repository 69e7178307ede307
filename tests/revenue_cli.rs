//! `feedlint revenue` driving the real binary: the 2.6 JSON (schema-checked), the CSV export with
//! `-o`, the table (snapshot), the 100-product request-body limit, the API key and the revenue
//! counter, request-body options against flags, and feeds that mix currencies. Each test has its
//! own temp database; the clock and request id are fixed.

use std::path::{Path, PathBuf};
use std::time::Duration;

use assert_cmd::Command;
use feedlint::account::{Account, Endpoint, RequestContext};
use feedlint::revenue::model::to_cents;
use feedlint::store::StoreConfig;
use serde_json::{Value, json};

const TEST_KEY: &str = "adb_test_0123456789abcdefXYZ";
const PROD_KEY: &str = "adb_prod_0123456789abcdefXYZ";
const NOW: &str = "2026-11-22T10:00:00Z";

fn catalog() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/catalog.csv")
}

fn feedlint(db: &Path, key: Option<&str>) -> Command {
    let mut cmd = Command::cargo_bin("feedlint").unwrap();
    cmd.env_remove("FEEDLINT_API_KEY")
        .env("FEEDLINT_DB", db)
        .env("FEEDLINT_NOW", NOW)
        .env("FEEDLINT_REQUEST_ID", "req-test")
        // Tables fit COLUMNS when it is set: these snapshots are of a pipe.
        .env_remove("COLUMNS")
        .env("NO_COLOR", "1");
    if let Some(key) = key {
        cmd.env("FEEDLINT_API_KEY", key);
    }
    cmd
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(cmd: &mut Command) -> Run {
    let output = cmd.output().unwrap();
    Run {
        code: output.status.code(),
        stdout: String::from_utf8(output.stdout).unwrap(),
        stderr: String::from_utf8(output.stderr).unwrap(),
    }
}

fn json_of(r: &Run) -> Value {
    serde_json::from_str(&r.stdout)
        .unwrap_or_else(|e| panic!("{e}\nstdout: {}\nstderr: {}", r.stdout, r.stderr))
}

fn assert_matches_schema(body: &Value) {
    let schema: Value =
        serde_json::from_str(include_str!("schemas/revenue-response.schema.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(body).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}\n{body:#}");
}

/// This month's count of one counter of `key`, through `feedlint usage --format json`.
/// `revenue --format json` of `input` with a production key: exit 0, the 2.6 schema.
fn revenue_json(db: &Path, input: &Path) -> Value {
    let r = run(feedlint(db, Some(PROD_KEY))
        .args(["--format", "json", "revenue"])
        .arg(input));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let out = json_of(&r);
    assert_matches_schema(&out);
    out
}

fn counter(db: &Path, key: &str, name: &str) -> u64 {
    let r = run(feedlint(db, Some(key)).args(["--format", "json", "usage"]));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let body = json_of(&r);
    body["data"]["counters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["counter"] == name)
        .and_then(|c| c["validations"].as_u64())
        .unwrap()
}

/// How many products the feed reader finds in a feed (independent of the command).
fn product_count(path: &Path) -> usize {
    feedlint::feed::open(path, &feedlint::feed::ReadOptions::default())
        .unwrap()
        .map(Result::unwrap)
        .count()
}

fn request_body(dir: &Path, products: usize, extra: &Value) -> PathBuf {
    let items: Vec<Value> = (0..products)
        .map(|i| {
            json!({
                "id": format!("REQ-{i}"),
                "title": format!("Request product {i}"),
                "price": 20 + i,
                "category": "electronics",
                "currentPerformance": {"monthlyRevenue": 500, "clickThroughRate": 2.5},
            })
        })
        .collect();
    let mut body = json!({ "products": items });
    if let (Some(b), Some(e)) = (body.as_object_mut(), extra.as_object()) {
        b.extend(e.clone());
    }
    let path = dir.join("request.json");
    std::fs::write(&path, serde_json::to_string_pretty(&body).unwrap()).unwrap();
    path
}

#[test]
fn json_of_a_feed_matches_the_2_6_schema_with_real_meta() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let r = run(feedlint(&db, Some(TEST_KEY))
        .args(["--format", "json", "revenue"])
        .arg(catalog()));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let body = json_of(&r);
    assert_matches_schema(&body);
    let n = product_count(&catalog());
    assert_eq!(body["data"]["productResults"].as_array().unwrap().len(), n);
    assert_eq!(body["data"]["revenueAnalysis"]["totalProducts"], n);
    let meta = &body["meta"];
    assert_eq!(meta["endpoint"], "/api/v2/revenue/impact");
    assert_eq!(meta["requestId"], "req-test");
    assert_eq!(meta["usage"]["monthly"], n);
}

#[test]
fn csv_export_with_output_has_one_row_per_product() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let out = dir.path().join("impact.csv");
    let r = run(feedlint(&db, Some(TEST_KEY))
        .args(["--format", "csv", "revenue", "-o"])
        .arg(&out)
        .arg(catalog()));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout.is_empty(),
        "the report goes to the file: {}",
        r.stdout
    );
    let mut reader = csv::Reader::from_path(&out).unwrap();
    let headers: Vec<String> = reader
        .headers()
        .unwrap()
        .iter()
        .map(str::to_owned)
        .collect();
    assert_eq!(headers, feedlint::report::revenue::CSV_HEADER);
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    assert_eq!(rows.len(), product_count(&catalog()));
    assert!(rows.iter().all(|row| row.len() == headers.len()));
    assert_eq!(&rows[0][0], "NW-EL-1001");
    let column = |name: &str| headers.iter().position(|h| h == name).unwrap();
    for row in &rows {
        assert_eq!(&row[column("timeframe")], "monthly");
        for amount in [
            "baseRevenue",
            "currentImpact",
            "optimizedImpact",
            "potentialGain",
        ] {
            row[column(amount)].parse::<f64>().unwrap();
        }
    }
}

/// `--timeframe yearly`: every output says the period of its amounts, and every amount is in it.
/// The CSV has a `timeframe` column and its recommendations quote yearly amounts (they said
/// "per month" beside yearly columns); the JSON has `revenueAnalysis.timeframe`; the table's
/// labels tell the per-year figures from those over the horizon, which the timeframe does not
/// change.
#[test]
fn yearly_timeframe_is_stated_and_every_amount_is_yearly() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let output = |timeframe: &str, format: &str| {
        let r = run(feedlint(&db, Some(PROD_KEY))
            .args(["--format", format, "revenue", "--timeframe", timeframe])
            .arg(catalog()));
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        r.stdout
    };

    let rows = |timeframe: &str| -> Vec<std::collections::HashMap<String, String>> {
        let text = output(timeframe, "csv");
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let headers = reader.headers().unwrap().clone();
        reader
            .records()
            .map(|r| {
                let r = r.unwrap();
                headers
                    .iter()
                    .zip(r.iter())
                    .map(|(h, v)| (h.to_owned(), v.to_owned()))
                    .collect()
            })
            .collect()
    };
    let (monthly, yearly) = (rows("monthly"), rows("yearly"));
    let cents = |v: &str| feedlint::revenue::model::to_cents(v.parse::<f64>().unwrap());
    let first = &yearly[0];
    assert_eq!(first["productId"], "NW-EL-1001");
    assert_eq!(first["timeframe"], "yearly");
    assert_eq!(first["potentialGain"], "947.76");
    assert_eq!(
        first["topRecommendation"],
        "Correct the GTIN (1 issue, most severe: high): worth 947.76 USD per year"
    );
    for (m, y) in monthly.iter().zip(&yearly) {
        assert_eq!(m["timeframe"], "monthly");
        assert_eq!(y["timeframe"], "yearly");
        for amount in [
            "baseRevenue",
            "currentImpact",
            "optimizedImpact",
            "potentialGain",
        ] {
            assert_eq!(cents(&y[amount]), 12 * cents(&m[amount]), "{amount} {y:?}");
        }
        // The recommendation's amount is the period's too.
        let amount_in = |text: &str| -> Option<i64> {
            let words: Vec<&str> = text.split(' ').collect();
            let i = words.iter().position(|w| *w == "USD")?;
            Some(cents(words[i - 1]))
        };
        if let Some(monthly_amount) = amount_in(&m["topRecommendation"]) {
            assert!(m["topRecommendation"].ends_with(" USD per month"), "{m:?}");
            assert!(y["topRecommendation"].ends_with(" USD per year"), "{y:?}");
            assert_eq!(
                amount_in(&y["topRecommendation"]),
                Some(12 * monthly_amount)
            );
        }
    }

    let json: Value = serde_json::from_str(&output("yearly", "json")).unwrap();
    assert_matches_schema(&json);
    let analysis = &json["data"]["revenueAnalysis"];
    assert_eq!(analysis["timeframe"], "yearly");
    assert_eq!(analysis["currencyBreakdown"]["USD"]["timeframe"], "yearly");
    // The horizon the opportunity value counts over is stated too (the default, 15 months).
    assert_eq!(analysis["timeHorizon"], "15_months");
    assert_eq!(
        analysis["currencyBreakdown"]["USD"]["timeHorizon"],
        "15_months"
    );
    for text in json["data"]["businessIntelligence"]["actionablePriorities"]
        .as_array()
        .unwrap()
    {
        assert!(text.as_str().unwrap().ends_with(" USD per year"), "{text}");
    }
    let monthly_json: Value = serde_json::from_str(&output("monthly", "json")).unwrap();
    assert_eq!(
        monthly_json["data"]["revenueAnalysis"]["timeframe"],
        "monthly"
    );
    // Over the horizon, whatever the timeframe.
    assert_eq!(
        analysis["optimizationOpportunity"]["totalOpportunityValue"],
        monthly_json["data"]["revenueAnalysis"]["optimizationOpportunity"]["totalOpportunityValue"]
    );

    let table = output("yearly", "table");
    for label in [
        "timeframe yearly, horizon 15 months",
        "Total impact per year ",
        "Average impact per product per year ",
        "Compliance violation cost per year ",
        "Total opportunity value over 15 months ",
        "Estimated ROI over 15 months ",
        "Breakdown per year: ",
        "Potential gain per year",
        "Expected monthly gain: 384.53 USD",
    ] {
        assert!(table.contains(label), "{label}\n{table}");
    }
    assert!(!table.contains("per month"), "{table}");
}

/// Without `--format`, `-o FILE.csv` writes CSV and `-o FILE.JSON` the 2.6 JSON (a table is for a
/// terminal); an explicit `--format`, written before or after the subcommand, always wins.
#[test]
fn output_file_extension_chooses_the_format_unless_format_is_given() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let cases: [(&[&str], &str, &str); 5] = [
        (&[], "a.csv", "productId,title,"),
        (&[], "b.JSON", "{"),
        (&[], "c.txt", "┌"),
        (&["--format", "table"], "d.csv", "┌"),
        (&["--format", "json"], "e.csv", "{"),
    ];
    for (flags, name, starts) in cases {
        let out = dir.path().join(name);
        let r = run(feedlint(&db, Some(TEST_KEY))
            .arg("revenue")
            .args(flags)
            .arg("-o")
            .arg(&out)
            .arg(catalog()));
        assert_eq!(r.code, Some(0), "{name}: {}", r.stderr);
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.starts_with(starts), "{flags:?} {name}: {text}");
    }
    let body: Value =
        serde_json::from_str(&std::fs::read_to_string(dir.path().join("b.JSON")).unwrap()).unwrap();
    assert_matches_schema(&body);
    let r = run(feedlint(&db, Some(TEST_KEY))
        .args(["--format", "table", "revenue", "-o"])
        .arg(dir.path().join("f.json"))
        .arg(catalog()));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = std::fs::read_to_string(dir.path().join("f.json")).unwrap();
    assert!(text.starts_with('┌'), "{text}");
}

#[test]
fn table_of_the_catalog() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let r = run(feedlint(&db, Some(TEST_KEY)).arg("revenue").arg(catalog()));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    insta::assert_snapshot!("revenue_table_catalog", r.stdout);
}

#[test]
fn request_body_over_100_products_is_payload_too_large_and_not_counted() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let body = request_body(dir.path(), 101, &json!({}));
    let r = run(feedlint(&db, Some(TEST_KEY))
        .args(["--format", "json", "revenue"])
        .arg(&body));
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    let env = json_of(&r);
    assert_eq!(env["success"], false);
    assert_eq!(env["error"]["code"], "PAYLOAD_TOO_LARGE");
    let message = env["error"]["message"].as_str().unwrap();
    assert!(
        message.starts_with(&body.display().to_string()),
        "names the file: {message}"
    );
    assert_eq!(counter(&db, TEST_KEY, "revenue"), 0);
}

#[test]
fn request_body_of_100_products_is_analysed_and_counted() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let body = request_body(dir.path(), 100, &json!({}));
    let out = revenue_json(&db, &body);
    let results = out["data"]["productResults"].as_array().unwrap();
    assert_eq!(results.len(), 100);
    // currentPerformance.monthlyRevenue replaces price × 10 (docs/revenue-model.md §2).
    assert_eq!(results[0]["baseRevenue"], 500.0);
    assert_eq!(results[0]["currency"], "USD");
    assert_eq!(counter(&db, PROD_KEY, "revenue"), 100);
}

#[test]
fn missing_key_is_unauthorized() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let r = run(feedlint(&db, None)
        .args(["--format", "json", "revenue"])
        .arg(catalog()));
    assert_eq!(r.code, Some(2));
    let env = json_of(&r);
    assert_eq!(env["success"], false);
    assert_eq!(env["error"]["code"], "UNAUTHORIZED");
}

#[test]
fn counted_on_the_revenue_counter_only() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let r = run(feedlint(&db, Some(TEST_KEY)).arg("revenue").arg(catalog()));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let n = product_count(&catalog()) as u64;
    assert_eq!(counter(&db, TEST_KEY, "revenue"), n);
    assert_eq!(counter(&db, TEST_KEY, "productValidation"), 0);
}

#[test]
fn test_key_over_its_limit_is_refused_before_any_output() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let now =
        time::OffsetDateTime::parse(NOW, &time::format_description::well_known::Rfc3339).unwrap();
    let config = StoreConfig::new(Some(db.clone()), Duration::from_secs(60));
    let account = Account::open(
        Some(TEST_KEY),
        &config,
        Endpoint::REVENUE_IMPACT,
        &RequestContext::new("setup".into(), Some(now)),
    )
    .unwrap();
    account.record(998).unwrap();
    drop(account);
    let r = run(feedlint(&db, Some(TEST_KEY))
        .args(["--format", "json", "revenue"])
        .arg(catalog()));
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert_eq!(json_of(&r)["error"]["code"], "RATE_LIMIT_EXCEEDED");
    assert_eq!(counter(&db, TEST_KEY, "revenue"), 998);
}

#[test]
fn request_body_options_are_honoured_and_flags_win() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let body = request_body(
        dir.path(),
        3,
        &json!({
            "options": {"timeHorizon": "6_months", "includeROICalculations": false},
            "analysisType": "quick",
            "timeframe": "yearly",
        }),
    );
    let out = revenue_json(&db, &body);
    let opportunity = &out["data"]["revenueAnalysis"]["optimizationOpportunity"];
    assert!(opportunity.get("estimatedROI").is_none(), "{opportunity:#}");
    // No ROI figure in the recommendation's text either.
    let advice = out["data"]["businessIntelligence"]["investmentRecommendation"]
        .as_str()
        .unwrap();
    assert!(advice.contains("ROI") && !advice.contains('%'), "{advice}");
    let gain = out["data"]["businessIntelligence"]["expectedMonthlyGain"]
        .as_f64()
        .unwrap();
    let value = |o: &Value| o["totalOpportunityValue"].as_f64().unwrap();
    assert!((value(opportunity) - gain * 6.0).abs() < 0.005);
    assert_eq!(out["data"]["revenueAnalysis"]["timeHorizon"], "6_months");
    // Yearly amounts: 12 × the monthly base revenue of 500.
    assert_eq!(out["data"]["productResults"][0]["baseRevenue"], 6000.0);
    assert!(
        out["data"]["productResults"][0]["recommendations"]
            .as_array()
            .unwrap()
            .len()
            <= 1
    );

    let r = run(feedlint(&db, Some(PROD_KEY))
        .args([
            "--format",
            "json",
            "revenue",
            "--time-horizon",
            "3_months",
            "--timeframe",
            "monthly",
        ])
        .arg(&body));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let out = json_of(&r);
    let opportunity = &out["data"]["revenueAnalysis"]["optimizationOpportunity"];
    assert!((value(opportunity) - gain * 3.0).abs() < 0.005);
    assert_eq!(out["data"]["revenueAnalysis"]["timeHorizon"], "3_months");
    assert_eq!(out["data"]["productResults"][0]["baseRevenue"], 500.0);
}

#[test]
fn mixed_currency_feed_keeps_currencies_apart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let feed = dir.path().join("mixed.csv");
    std::fs::write(
        &feed,
        "id,title,price,category,description\n\
         US-1,Northwind Desk Lamp,45.00 USD,home_garden,A lamp\n\
         EU-1,Northwind Kettle,150.00 EUR,home_garden,\n\
         EU-2,Northwind Toaster,60.00 EUR,home_garden,\n",
    )
    .unwrap();
    let out = revenue_json(&db, &feed);
    let analysis = &out["data"]["revenueAnalysis"];
    // The dominant currency (most products) is the top level; each currency has its own block.
    assert_eq!(analysis["currency"], "EUR");
    let breakdown = analysis["currencyBreakdown"].as_object().unwrap();
    assert_eq!(
        breakdown.keys().collect::<Vec<_>>(),
        ["EUR", "USD"],
        "{analysis:#}"
    );
    let results = out["data"]["productResults"].as_array().unwrap();
    for code in ["EUR", "USD"] {
        let block = &breakdown[code];
        assert_eq!(block["currency"], code);
        let mine: Vec<&Value> = results.iter().filter(|p| p["currency"] == code).collect();
        assert_eq!(block["totalProducts"], mine.len());
        let cents: i64 = mine
            .iter()
            .map(|p| to_cents(p["currentImpact"].as_f64().unwrap()))
            .sum();
        let total = to_cents(block["totalImpact"].as_f64().unwrap());
        assert_eq!(total, cents, "{code}");
    }
    assert_eq!(analysis["totalProducts"], 2);

    // The table shows one totals table per currency, the dominant one first.
    let r = run(feedlint(&db, Some(PROD_KEY)).arg("revenue").arg(&feed));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let eur = r.stdout.find("Revenue impact (EUR)").unwrap();
    let usd = r.stdout.find("Revenue impact (USD)").unwrap();
    assert!(eur < usd, "{}", r.stdout);
}

#[test]
fn unsupported_format_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let r = run(feedlint(&db, Some(TEST_KEY))
        .args(["--format", "junit", "revenue"])
        .arg(catalog()));
    assert_eq!(r.code, Some(2));
    assert!(
        r.stderr
            .contains("`revenue` cannot write --format junit; it supports table, json, csv"),
        "{}",
        r.stderr
    );
    assert_eq!(counter(&db, TEST_KEY, "revenue"), 0);
}

/// `-o` naming one of the input feeds (under any name: a symbolic link too) is refused before
/// anything is read or counted: the report would have replaced the feed.
#[test]
fn output_onto_an_input_feed_is_refused_and_the_feed_kept() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let feed = dir.path().join("feed.csv");
    std::fs::copy(catalog(), &feed).unwrap();
    let before = std::fs::read(&feed).unwrap();
    let link = dir.path().join("link.csv");
    #[cfg(unix)]
    std::os::unix::fs::symlink(&feed, &link).unwrap();
    #[cfg(not(unix))]
    std::fs::hard_link(&feed, &link).unwrap();
    for (command, output) in [
        ("revenue", &feed),
        ("revenue", &link),
        ("convert", &feed),
        ("convert", &link),
    ] {
        let mut cmd = feedlint(&db, Some(TEST_KEY));
        cmd.arg(command);
        if command == "convert" {
            cmd.args(["--to", "csv"]);
        }
        let r = run(cmd.arg("-o").arg(output).arg(catalog()).arg(&feed));
        assert_eq!(
            r.code,
            Some(2),
            "{command} -o {}: {}",
            output.display(),
            r.stderr
        );
        assert!(
            r.stderr.contains("is the feed") && r.stderr.contains("would replace the feed"),
            "{}",
            r.stderr
        );
        assert_eq!(std::fs::read(&feed).unwrap(), before, "{command}");
    }
    // Nothing was counted.
    let r = run(feedlint(&db, Some(TEST_KEY)).args(["--format", "json", "usage"]));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let usage: Value = serde_json::from_str(&r.stdout).unwrap();
    let revenue = usage["data"]["counters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["counter"] == "revenue")
        .unwrap();
    assert_eq!(revenue["validations"], 0, "{}", r.stdout);
    // Another file is fine.
    let r = run(feedlint(&db, Some(TEST_KEY))
        .args(["revenue", "-o"])
        .arg(dir.path().join("report.csv"))
        .arg(&feed));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
}

/// Amounts too large to compute with are findings, not saturated figures: a price of 10^35 is an
/// invalid price (FL-P002) quoted as written and no base revenue; a `monthlyRevenue` of 10^20, or
/// a negative one, is a read issue and the base revenue falls back to price × 10. Before, both
/// saturated at `i64::MAX` cents (`baseRevenue 9.223372036854776e+16`) or were silently ignored.
#[test]
fn amounts_too_large_or_negative_are_findings_not_saturated_figures() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let body = dir.path().join("big.json");
    std::fs::write(
        &body,
        json!({"products": [
            {"id": "huge", "title": "Blue ceramic mug", "price": "99999999999999999999999999999999999 USD"},
            {"id": "bare", "title": "Blue ceramic mug", "price": 99_999_999_999_999_999_999_f64},
            {"id": "rev", "title": "Blue ceramic mug", "price": "9.99 USD",
             "currentPerformance": {"monthlyRevenue": 1e20}},
            {"id": "neg", "title": "Blue ceramic mug", "price": "9.99 USD",
             "currentPerformance": {"monthlyRevenue": -1}},
        ]})
        .to_string(),
    )
    .unwrap();
    let out = revenue_json(&db, &body);
    let results = out["data"]["productResults"].as_array().unwrap();
    let base: Vec<f64> = results
        .iter()
        .map(|p| p["baseRevenue"].as_f64().unwrap())
        .collect();
    assert_eq!(base, [0.0, 0.0, 99.9, 99.9]);
    // A price that is there but too large is corrected, not added.
    for p in &results[..2] {
        let recommendations = p["recommendations"].as_array().unwrap();
        assert!(
            recommendations
                .iter()
                .any(|r| r
                    == "Correct the price so base revenue and the gain ceiling can be estimated"),
            "{p:#}"
        );
        assert!(
            !recommendations
                .iter()
                .any(|r| r.as_str().unwrap().starts_with("Add a price")),
            "{p:#}"
        );
    }
    for p in results {
        assert!(p["currentImpact"].as_f64().unwrap() < 10_000.0, "{p:#}");
    }

    let r = run(feedlint(&db, Some(PROD_KEY))
        .args(["--format", "json", "validate"])
        .arg(&body));
    let out = json_of(&r);
    let messages: Vec<String> = out["data"]["products"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p["gmcCompliance"]["violations"].as_array().unwrap().clone())
        .filter_map(|v| v["message"].as_str().map(str::to_owned))
        .collect();
    for want in [
        "price \"99999999999999999999999999999999999 USD\": the amount is too large to be a price \
         (amounts are below 10,000,000,000,000)",
        "currentPerformance.monthlyRevenue is 1e+20: too large to be a monthly revenue (amounts \
         are below 10,000,000,000,000); it is not used",
        "currentPerformance.monthlyRevenue is -1: a monthly revenue cannot be negative; it is not \
         used",
    ] {
        assert!(
            messages.iter().any(|m| m.contains(want)),
            "{want}\n{messages:#?}"
        );
    }
}

/// A later request body's options are not applied (the run's are the first body's), but one of
/// the wrong type fails the run as it does in the first body: it was not looked at. As any error
/// of a later input, it stops the run after the report of the inputs before it (which says it is
/// incomplete), and nothing is counted.
#[test]
fn a_later_request_body_with_an_option_of_the_wrong_type_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let product = json!({"id": "1", "title": "Blue ceramic mug", "price": "9.99 USD"});
    let first = dir.path().join("first.json");
    std::fs::write(&first, json!({"products": [product]}).to_string()).unwrap();
    let second = dir.path().join("second.json");
    std::fs::write(
        &second,
        json!({"products": [product], "options": {"includeROICalculations": "false"}}).to_string(),
    )
    .unwrap();
    let r = run(feedlint(&db, Some(TEST_KEY))
        .arg("revenue")
        .arg(&first)
        .arg(&second));
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    let want = format!(
        "{}: request body field `options.includeROICalculations` must be a boolean (true or \
         false), found a string \"false\"",
        second.display()
    );
    assert!(
        r.stderr.replace("\n  │ ", " ").contains(&want),
        "{}",
        r.stderr
    );
    assert_eq!(counter(&db, TEST_KEY, "revenue"), 0);
}

/// A product written as spec 2.6 defines one (title, numeric price, category, brand, gtin,
/// currentPerformance) has nothing 2.6 cannot carry held against it: no missing link, image,
/// availability or description, no price without a currency. What it does carry is checked, and
/// so are the attributes 2.6 defines when they are absent.
#[test]
fn a_request_body_counts_only_issues_its_request_could_avoid() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let body = dir.path().join("request.json");
    let headphones = json!({
        "title": "Sony WH-1000XM5 Wireless Noise Cancelling Headphones",
        "price": 349.99,
        "category": "electronics",
        "brand": "Sony",
        "gtin": "4548736132610",
        "currentPerformance": {"clickThroughRate": 2.1, "conversionRate": 1.5, "monthlyRevenue": 5000},
    });
    let mut bad_link = headphones.clone();
    bad_link["link"] = json!("notaurl");
    let mut bad_price = headphones.clone();
    bad_price["price"] = json!("abc");
    // Without a monthly revenue the price decides the base revenue.
    bad_price
        .as_object_mut()
        .unwrap()
        .remove("currentPerformance");
    let mut no_gtin = headphones.clone();
    no_gtin.as_object_mut().unwrap().remove("gtin");
    std::fs::write(
        &body,
        json!({"products": [headphones, bad_link, bad_price, no_gtin]}).to_string(),
    )
    .unwrap();
    let out = revenue_json(&db, &body);
    let results = out["data"]["productResults"].as_array().unwrap();
    let spec_shaped = &results[0];
    assert_eq!(spec_shaped["currentImpact"], json!(0.0), "{spec_shaped:#}");
    assert_eq!(spec_shaped["riskLevel"], "none", "{spec_shaped:#}");
    assert_eq!(spec_shaped["priority"], "low", "{spec_shaped:#}");
    // A link it sends is checked; one it cannot send is not missing.
    let link = &results[1];
    assert_eq!(link["riskLevel"], "critical", "{link:#}");
    assert!(to_cents(link["currentImpact"].as_f64().unwrap()) > 0);
    // A price that is not a number is still wrong: it is corrected, not read in USD.
    let price = &results[2];
    assert!(
        price["recommendations"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r == "Correct the price so base revenue and the gain ceiling can be estimated"),
        "{price:#}"
    );
    assert_eq!(price["riskLevel"], "critical", "{price:#}");
    // The gtin 2.6 defines counts when absent.
    let gtin = &results[3];
    assert!(
        to_cents(gtin["currentImpact"].as_f64().unwrap()) > 0,
        "{gtin:#}"
    );
    assert!(
        gtin["recommendations"]
            .as_array()
            .unwrap()
            .iter()
            .any(|r| r.as_str().unwrap().starts_with("Correct the GTIN")),
        "{gtin:#}"
    );
    assert_eq!(
        out["data"]["revenueAnalysis"]["complianceRisk"]["riskLevel"],
        "critical"
    );

    // The same products as a feed (a JSON array) are feed rows: every missing attribute counts.
    let feed = dir.path().join("feed.json");
    std::fs::write(&feed, json!([results_source(&body)[0]]).to_string()).unwrap();
    let r = run(feedlint(&db, Some(PROD_KEY))
        .args(["--format", "json", "revenue"])
        .arg(&feed));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let row = &json_of(&r)["data"]["productResults"][0];
    assert_eq!(row["riskLevel"], "critical", "{row:#}");
}

fn results_source(body: &Path) -> Vec<Value> {
    let body: Value = serde_json::from_str(&std::fs::read_to_string(body).unwrap()).unwrap();
    body["products"].as_array().unwrap().clone()
}

/// An issue costs in `revenue` what `validate` says it costs: both take the category the rules
/// engine detected, keywords included, and the same price tier in every currency (a 349 EUR
/// product is in the $100–999 tier, unconverted, for both, and so is its duplicate-id finding).
#[test]
fn revenue_prices_each_product_as_validate_does() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let feed = dir.path().join("keywords.csv");
    std::fs::write(
        &feed,
        "id,title,price,link,image_link,availability,condition,brand\n\
         K1,Wireless Bluetooth Noise Cancelling Headphones with USB-C Charging,149.00 USD,https://shop.example/k1,https://shop.example/k1.jpg,in_stock,new,Acme\n\
         K2,Stoneware Garden Planter for Patio Herbs and Flowers,39.00 USD,https://shop.example/k2,https://shop.example/k2.jpg,in_stock,new,Acme\n\
         K3,Espresso Machine with Steam Wand,349.00 EUR,https://shop.example/k3,https://shop.example/k3.jpg,in_stock,new,Acme\n\
         K3,Espresso Machine with Steam Wand,349.00 EUR,https://shop.example/k4,https://shop.example/k4.jpg,in_stock,new,Acme\n",
    )
    .unwrap();
    // With the same rules too: feedlint.toml and the selection flags apply to both commands.
    let config = dir.path().join("feedlint.toml");
    std::fs::write(
        &config,
        "[rules]\nignore = [\"FL-I110\"]\n[rules.severity]\n\"FL-K501\" = \"critical\"\n",
    )
    .unwrap();
    let plain: &[&str] = &["--no-config"];
    let configured: &[&str] = &[
        "--config",
        config.to_str().unwrap(),
        "--extend-ignore",
        "FL-I004",
    ];
    let mut totals = Vec::new();
    for (input, flags) in [
        (feed.clone(), plain),
        (catalog(), plain),
        (feed.clone(), configured),
        (catalog(), configured),
    ] {
        let v = run(feedlint(&db, Some(PROD_KEY))
            .args(["validate", "--format", "ndjson", "--exit-zero"])
            .args(flags)
            .arg(&input));
        assert_eq!(v.code, Some(0), "{}", v.stderr);
        let validated: Vec<(String, f64)> = v
            .stdout
            .lines()
            .map(|l| serde_json::from_str::<Value>(l).unwrap())
            .filter(|p| p.get("productId").is_some())
            .map(|p| {
                (
                    p["productId"].as_str().unwrap().to_owned(),
                    p["totalRevenueImpact"].as_f64().unwrap(),
                )
            })
            .collect();
        let r = run(feedlint(&db, Some(PROD_KEY))
            .args(["--format", "json", "revenue"])
            .args(flags)
            .arg(&input));
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        let analysed: Vec<(String, f64)> = json_of(&r)["data"]["productResults"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| {
                (
                    p["productId"].as_str().unwrap().to_owned(),
                    p["currentImpact"].as_f64().unwrap(),
                )
            })
            .collect();
        assert!(!validated.is_empty());
        assert_eq!(validated, analysed, "{} {flags:?}", input.display());
        totals.push(analysed.iter().map(|(_, t)| to_cents(*t)).sum::<i64>());
    }
    // The configuration changed what the catalog's issues cost.
    assert_ne!(totals[1], totals[3], "{totals:?}");
}
