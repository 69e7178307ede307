//! `feedlint validate` driving the real binary: real feeds, the four formats, the request-body
//! limit, keys and quotas, usage counting, the exit gate and concurrent processes. Each test
//! has its own temp database; the clock and request id are fixed for snapshots.

use std::path::{Path, PathBuf};
use std::time::Duration;

use assert_cmd::Command;
use feedlint::account::{Account, Endpoint, RequestContext};
use feedlint::store::StoreConfig;

mod common;

const TEST_KEY: &str = "adb_test_0123456789abcdefXYZ";
const PROD_KEY: &str = "adb_prod_0123456789abcdefXYZ";
const NOW: &str = "2026-11-22T10:00:00Z";

use common::{example, shared_feed as shared};

fn feedlint(db: &Path) -> Command {
    let mut cmd = Command::cargo_bin("feedlint").unwrap();
    cmd.env_remove("FEEDLINT_API_KEY")
        .env("FEEDLINT_DB", db)
        .env("FEEDLINT_NOW", NOW)
        .env("FEEDLINT_REQUEST_ID", "req-test")
        // Tables fit COLUMNS when it is set: these snapshots are of a pipe.
        .env_remove("COLUMNS")
        .env("NO_COLOR", "1");
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

fn validate(db: &Path, key: &str, args: &[&str], feeds: &[&Path]) -> Run {
    let mut cmd = feedlint(db);
    cmd.arg("validate")
        .args(args)
        .args(feeds)
        .args(["--api-key", key]);
    run(&mut cmd)
}

/// `validate --format ndjson -` with a production key, `input` on stdin.
fn validate_stdin(db: &Path, input: String) -> Run {
    let mut cmd = feedlint(db);
    cmd.args(["validate", "--format", "ndjson", "--api-key", PROD_KEY, "-"])
        .write_stdin(input);
    run(&mut cmd)
}

/// A product with no critical problem (NDJSON line).
fn good_product(i: usize) -> String {
    common::good_product(i).to_string()
}

fn write_ndjson(dir: &Path, name: &str, n: usize) -> PathBuf {
    let path = dir.join(name);
    let body: String = (0..n).map(|i| good_product(i) + "\n").collect();
    std::fs::write(&path, body).unwrap();
    path
}

fn write_body(dir: &Path, name: &str, n: usize, extra: &str) -> PathBuf {
    let path = dir.join(name);
    let products: Vec<String> = (0..n).map(good_product).collect();
    std::fs::write(
        &path,
        format!("{{\"products\":[{}]{extra}}}", products.join(",")),
    )
    .unwrap();
    path
}

fn product_usage(db: &Path, key: &str) -> u64 {
    let out = run(feedlint(db).args(["usage", "--format", "json", "--api-key", key]));
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    v["data"]["counters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["counter"] == "productValidation")
        .and_then(|c| c["validations"].as_u64())
        .unwrap()
}

fn assert_matches_schema(body: &serde_json::Value) {
    let schema: serde_json::Value =
        serde_json::from_str(include_str!("schemas/validate-response.schema.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator
        .iter_errors(body)
        .map(|e| format!("{e} at {}", e.instance_path))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{body:#}");
}

/// A change that makes a response stray from its schema.
type Stray = fn(&mut serde_json::Value);

/// The schema holds `meta` to spec 2.9: present, with integer usage counts (or "unlimited" for
/// production keys) and a numeric processing time; a response that strays is rejected.
#[test]
fn the_schema_rejects_a_meta_that_strays_from_spec_2_9() {
    let schema: serde_json::Value =
        serde_json::from_str(include_str!("schemas/validate-response.schema.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let db = tempfile::tempdir().unwrap();
    let out = validate(
        db.path(),
        TEST_KEY,
        &["--format", "json"],
        &[&example("catalog.csv")],
    );
    let body: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert!(validator.is_valid(&body));
    let strays: [(&str, Stray); 5] = [
        ("no meta", |b| {
            b.as_object_mut().unwrap().remove("meta");
        }),
        ("usage as text", |b| {
            b["meta"]["usage"]["monthly"] = "7".into();
        }),
        ("no usage", |b| {
            b["meta"].as_object_mut().unwrap().remove("usage");
        }),
        ("another endpoint", |b| {
            b["meta"]["endpoint"] = "/api/v2/validate/batch".into();
        }),
        ("a tier of its own", |b| {
            b["meta"]["tier"] = "gold".into();
        }),
    ];
    for (what, stray) in strays {
        let mut b = body.clone();
        stray(&mut b);
        assert!(!validator.is_valid(&b), "{what}");
    }
    let mut b = body.clone();
    b["meta"]["processingTime"] = 1.5.into();
    b["meta"]["usage"]["limit"] = "unlimited".into();
    b["meta"]["usage"]["remaining"] = "unlimited".into();
    assert!(validator.is_valid(&b));
}

/// CSV rows as (productId, rule, field, message).
fn csv_rows(text: &str) -> Vec<(String, String, String, String)> {
    let mut r = csv::Reader::from_reader(text.as_bytes());
    let headers = r.headers().unwrap().clone();
    assert_eq!(
        headers.iter().collect::<Vec<_>>(),
        [
            "productId",
            "file",
            "line",
            "rule",
            "name",
            "field",
            "severity",
            "message",
            "fix",
            "revenueImpact"
        ]
    );
    r.records()
        .map(|rec| {
            let rec = rec.unwrap();
            (
                rec[0].to_owned(),
                rec[3].to_owned(),
                rec[5].to_owned(),
                rec[7].to_owned(),
            )
        })
        .collect()
}

#[test]
fn benchy_bad_rss_reports_the_known_defects() {
    let db = tempfile::tempdir().unwrap();
    let feed = shared("benchy-bad-rss.xml");
    let out = validate(db.path(), TEST_KEY, &["--format", "csv"], &[&feed]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    let rows = csv_rows(&out.stdout);
    let has = |rule: &str, field: &str, needle: &str| {
        rows.iter()
            .any(|(_, r, f, m)| r == rule && f == field && m.contains(needle))
    };
    assert!(has("FL-K108", "age_group", "adultx"), "{rows:#?}");
    assert!(has("FL-M011", "link", "link is missing or empty"));
    assert!(has("FL-C011", "description", "description is missing"));
    assert!(has("FL-M005", "additional_image_link", "placeholder image"));
    // One GTIN on three items: the two later ones name the first.
    let dup: Vec<_> = rows.iter().filter(|(_, r, _, _)| r == "FL-I015").collect();
    assert_eq!(dup.len(), 2, "{dup:#?}");
    assert!(dup.iter().all(|(_, _, _, m)| m.contains("87196893300583")));
    // The file and line of each violation are given.
    assert!(out.stdout.contains("benchy-bad-rss.xml,39,FL-M011"));
}

#[test]
fn google_example_reports_only_legacy_spellings() {
    let db = tempfile::tempdir().unwrap();
    let feed = shared("google-example-rss.xml");
    let out = validate(db.path(), TEST_KEY, &["--format", "csv"], &[&feed]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let rows = csv_rows(&out.stdout);
    assert!(!rows.is_empty());
    assert!(rows.iter().all(|(_, r, _, _)| r == "FL-V003"), "{rows:#?}");
}

#[test]
fn json_output_matches_the_response_schema_and_snapshot() {
    let db = tempfile::tempdir().unwrap();
    let feed = example("catalog.xml");
    let out = validate(
        db.path(),
        TEST_KEY,
        &[
            "--format",
            "json",
            "--market-intelligence",
            "--recommendations",
            "--business-intelligence",
        ],
        &[&feed],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let body: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_matches_schema(&body);
    assert_eq!(body["data"]["summary"]["totalProducts"], 7);
    assert_eq!(body["data"]["billing"]["productsValidated"], 7);
    assert_eq!(body["meta"]["requestId"], "req-test");
    assert!(body["data"]["products"][0]["marketIntelligence"].is_object());

    let plain = validate(db.path(), TEST_KEY, &["--format", "json"], &[&feed]);
    let plain: serde_json::Value = serde_json::from_str(&plain.stdout).unwrap();
    assert_matches_schema(&plain);
    insta::assert_json_snapshot!("validate_catalog_json", plain);
}

#[test]
fn table_snapshot_of_the_example_catalog() {
    let db = tempfile::tempdir().unwrap();
    let feed = example("catalog.xml");
    let out = validate(db.path(), TEST_KEY, &["--verbose"], &[&feed]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let text = out.stdout.replace(env!("CARGO_MANIFEST_DIR"), "<root>");
    insta::assert_snapshot!("validate_catalog_table", text);
}

/// The table shows one finding per product: the most severe, a compliance finding before a
/// performance one of the same severity, with how many more there are; the summary says that
/// `-v` lists them, and gives feed compliance, the figure `--fail-under` reads.
#[test]
fn table_shows_the_first_problem_with_a_count_of_the_others() {
    let db = tempfile::tempdir().unwrap();
    let feed = shared("laz627-valid.json");
    let out = validate(db.path(), TEST_KEY, &[], &[&feed]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    // SKU-ABC-001: FL-I108 (high, performance) and FL-K101 (high, compliance) among eight.
    let row = out
        .stdout
        .lines()
        .find(|l| l.contains("SKU-ABC-001"))
        .unwrap_or_default();
    assert!(
        row.contains("FL-K101 ") && row.contains("(+7 more)"),
        "{row}"
    );
    assert!(
        out.stdout
            .contains("10 findings (one per product above; -v lists every finding with its line)"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout
            .contains("feed compliance 0.0% (0 of 2 fully compliant)"),
        "{}",
        out.stdout
    );
    let verbose = validate(db.path(), TEST_KEY, &["-v"], &[&feed]);
    assert!(!verbose.stdout.contains("-v lists"), "{}", verbose.stdout);
}

/// With several feeds the table says which feed each product is in (`file:line` under
/// "Location"): the same line numbers recur from feed to feed. With one, the line alone.
#[test]
fn table_of_several_feeds_names_each_products_file() {
    let db = tempfile::tempdir().unwrap();
    let (csv, tsv) = (example("catalog.csv"), example("catalog.tsv"));
    let out = validate(db.path(), TEST_KEY, &[], &[&csv, &tsv]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let text = out.stdout.replace(env!("CARGO_MANIFEST_DIR"), "<root>");
    assert!(text.contains("Product        Location  "), "{text}");
    for place in [
        "<root>/examples/catalog.csv:2 ",
        "<root>/examples/catalog.tsv:2 ",
    ] {
        assert!(text.contains(place), "{place}: {text}");
    }
    let out = validate(db.path(), TEST_KEY, &[], &[&csv]);
    assert!(
        out.stdout.contains("Product        Line  "),
        "{}",
        out.stdout
    );
    assert!(!out.stdout.contains("catalog.csv:"), "{}", out.stdout);
}

/// `validate a.csv b.csv` checks each feed on its own (a fresh duplicate memory per file): an id
/// of a.csv used again in b.csv is not FL-I004, one used twice within b.csv is. (`batch`, one
/// request, remembers across files: tests/batch.rs; docs/batch.md says why.)
#[test]
fn validate_remembers_ids_per_feed_file() {
    let db = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let header = "id,title,description,link,image_link,price,availability,condition,brand,gtin\n";
    let row = |id: &str, n: u32| {
        format!(
            "{id},Widget one blue size large cotton,Desc,https://a.example/{n},https://a.example/{n}.jpg,10.00 USD,in_stock,new,Acme,\n"
        )
    };
    let (a, b) = (dir.path().join("a.csv"), dir.path().join("b.csv"));
    std::fs::write(&a, format!("{header}{}{}", row("A-1", 1), row("SHARED", 2))).unwrap();
    std::fs::write(
        &b,
        format!(
            "{header}{}{}{}",
            row("B-1", 3),
            row("SHARED", 4),
            row("B-1", 5)
        ),
    )
    .unwrap();
    let out = validate(
        db.path(),
        PROD_KEY,
        &["--no-config", "--format", "ndjson", "--exit-zero"],
        &[&a, &b],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let duplicates: Vec<(String, String)> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .flat_map(|p| {
            let id = p["productId"].as_str().unwrap_or_default().to_owned();
            p["gmcCompliance"]["violations"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|v| v["rule"] == "FL-I004")
                .map(|v| {
                    (
                        id.clone(),
                        v["message"].as_str().unwrap_or_default().to_owned(),
                    )
                })
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(
        duplicates,
        [(
            "B-1".to_owned(),
            "id \"B-1\" was already used by the product at line 2".to_owned()
        )],
        "{}",
        out.stdout
    );
}

/// `--color always` colours the priority cells of the validate and batch tables (critical in bold
/// red); without it, on a pipe or under NO_COLOR, the tables are plain text.
#[test]
fn tables_colour_the_priority_only_when_asked() {
    let db = tempfile::tempdir().unwrap();
    let feed = example("catalog.csv");
    for command in ["validate", "batch"] {
        let coloured = run(feedlint(db.path())
            .args([
                command,
                "--exit-zero",
                "--color",
                "always",
                "--api-key",
                TEST_KEY,
            ])
            .arg(&feed));
        assert_eq!(coloured.code, Some(0), "{}", coloured.stderr);
        let first = coloured
            .stdout
            .lines()
            .find(|l| l.contains("NW-EL-1001"))
            .unwrap_or_default();
        let (before, _) = first.split_once(" critical ").unwrap_or_default();
        assert!(
            before.ends_with("\x1b[1m") && before.contains("\x1b[38;5;"),
            "{command}: {first:?}"
        );
        for flags in [&["--color", "never"][..], &[][..]] {
            let plain = run(feedlint(db.path())
                .args([command, "--exit-zero", "--api-key", TEST_KEY])
                .args(flags)
                .arg(&feed));
            assert_eq!(plain.code, Some(0), "{}", plain.stderr);
            assert!(plain.stdout.contains("critical"), "{}", plain.stdout);
            assert!(
                !plain.stdout.contains('\x1b'),
                "{command} {flags:?}: {}",
                plain.stdout
            );
        }
    }
}

#[test]
fn ndjson_and_csv_outputs() {
    let db = tempfile::tempdir().unwrap();
    let feed = example("catalog.xml");
    let out = validate(db.path(), TEST_KEY, &["--format", "ndjson"], &[&feed]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let lines: Vec<serde_json::Value> = out
        .stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 7);
    assert_eq!(lines[0]["productId"], "NW-EL-1001");
    assert!(lines.iter().all(|l| l["gmcCompliance"].is_object()));

    let out = validate(db.path(), TEST_KEY, &["--format", "csv"], &[&feed]);
    let rows = csv_rows(&out.stdout);
    let findings: u64 = lines
        .iter()
        .map(|l| l["gmcCompliance"]["violations"].as_array().unwrap().len() as u64)
        .sum();
    assert_eq!(rows.len() as u64, findings);
}

#[test]
fn ci_formats_stream_the_findings() {
    let db = tempfile::tempdir().unwrap();
    let feed = shared("benchy-bad-rss.xml");
    let out = validate(db.path(), TEST_KEY, &["--format", "sarif"], &[&feed]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    let sarif: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert!(
        results.iter().any(|r| r["ruleId"] == "FL-M011"),
        "{sarif:#}"
    );

    let out = validate(db.path(), TEST_KEY, &["--format", "github"], &[&feed]);
    assert!(
        out.stdout.contains("title=FL-M011 link-missing"),
        "{}",
        out.stdout
    );
    let out = validate(db.path(), TEST_KEY, &["--format", "junit"], &[&feed]);
    assert!(out.stdout.contains("<testsuites"), "{}", out.stdout);
    let out = validate(db.path(), TEST_KEY, &["--format", "gitlab"], &[&feed]);
    let gitlab: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert!(!gitlab.as_array().unwrap().is_empty());
    // Every run counted its three products.
    assert_eq!(product_usage(db.path(), TEST_KEY), 12);
}

#[test]
fn gates_and_config_file_apply() {
    let db = tempfile::tempdir().unwrap();
    let feed = example("catalog.xml");
    // The catalog has no critical problem but a high one (FL-K006): --fail-on high fails.
    let out = validate(
        db.path(),
        TEST_KEY,
        &["--no-config", "--fail-on", "high"],
        &[&feed],
    );
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(out.stderr.contains("--fail-on high"), "{}", out.stderr);

    // feedlint.toml ignoring that rule and the identity group (high GTIN pattern hints) passes.
    let config = db.path().join("feedlint.toml");
    std::fs::write(
        &config,
        "[rules]\nignore = [\"FL-K006\", \"identity\"]\n\n[gates]\nfail_on = \"high\"\n",
    )
    .unwrap();
    let out = validate(
        db.path(),
        TEST_KEY,
        &["--config", config.to_str().unwrap(), "--format", "csv"],
        &[&feed],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(!out.stdout.contains("FL-K006"));
}

#[test]
fn request_body_over_100_products_is_413_and_counts_nothing() {
    let db = tempfile::tempdir().unwrap();
    let body = write_body(db.path(), "big.json", 101, "");
    let out = validate(db.path(), TEST_KEY, &["--format", "json"], &[&body]);
    assert_eq!(out.code, Some(2));
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["success"], false);
    assert_eq!(v["error"]["code"], "PAYLOAD_TOO_LARGE", "{v:#}");
    assert_eq!(product_usage(db.path(), TEST_KEY), 0);

    let ok = write_body(db.path(), "ok.json", 100, "");
    let out = validate(db.path(), TEST_KEY, &["--format", "json"], &[&ok]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(product_usage(db.path(), TEST_KEY), 100);
}

#[test]
fn request_body_options_turn_on_the_outputs() {
    let db = tempfile::tempdir().unwrap();
    let body = write_body(
        db.path(),
        "opts.json",
        2,
        r#","options":{"enableMarketIntelligence":true,"enableRecommendations":true,"includeBusinessIntelligence":true}"#,
    );
    let out = validate(db.path(), TEST_KEY, &["--format", "json"], &[&body]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let p = &v["data"]["products"][0];
    assert!(p["marketIntelligence"].is_object(), "{p:#}");
    assert!(p["recommendations"].is_array());
    assert!(p["businessIntelligence"].is_object());
}

/// The product of a request body (spec 2.1, 2.2) has no required `id`: without one it is valid
/// and named `item-N`; the same product in a feed (NDJSON) misses its id (FL-I001, critical).
/// `validate` and `batch` alike.
#[test]
fn a_request_body_product_needs_no_id_but_a_feed_product_does() {
    let db = tempfile::tempdir().unwrap();
    let mut product: serde_json::Value = serde_json::from_str(&good_product(1)).unwrap();
    product.as_object_mut().unwrap().remove("id");
    let body = db.path().join("body.json");
    std::fs::write(
        &body,
        serde_json::json!({ "products": [product] }).to_string(),
    )
    .unwrap();
    let feed = db.path().join("feed.ndjson");
    std::fs::write(&feed, format!("{product}\n")).unwrap();

    let out = validate(db.path(), PROD_KEY, &["--format", "json"], &[&body]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let p = &v["data"]["products"][0];
    assert_eq!(p["productId"], "item-1", "{p:#}");
    assert_eq!(p["isValid"], true, "{p:#}");
    assert!(!out.stdout.contains("FL-I001"), "{p:#}");

    let out = validate(db.path(), PROD_KEY, &["--format", "json"], &[&feed]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let p = &v["data"]["products"][0];
    assert_eq!(p["isValid"], false, "{p:#}");
    assert!(out.stdout.contains("FL-I001"), "{p:#}");

    for (input, flagged) in [(&body, false), (&feed, true)] {
        let out = run(feedlint(db.path())
            .args([
                "batch",
                "--format",
                "json",
                "--exit-zero",
                "--api-key",
                PROD_KEY,
            ])
            .arg(input));
        assert_eq!(out.code, Some(0), "{}", out.stderr);
        assert_eq!(out.stdout.contains("FL-I001"), flagged, "{}", out.stdout);
    }
}

/// A request body that is not valid JSON fails validation as a request (spec 7: 400
/// `VALIDATION_ERROR`, envelope A), in `validate` and `batch`; a JSON feed file that is not
/// valid JSON is unreadable input (`INPUT_ERROR`). Both name the file, line and column.
#[test]
fn a_broken_request_body_is_a_validation_error_and_a_broken_feed_an_input_error() {
    let db = tempfile::tempdir().unwrap();
    let product = good_product(1);
    let cases = [
        (
            "cut.json",
            format!("{{\"products\":[{product}"),
            "VALIDATION_ERROR",
        ),
        (
            "comma.json",
            format!("{{\"products\":[{product},]}}"),
            "VALIDATION_ERROR",
        ),
        // Cut inside its first product, so the error comes before any output.
        (
            "cut-array.json",
            format!("[{}", &product[..product.len() - 1]),
            "INPUT_ERROR",
        ),
    ];
    for (name, text, code) in cases {
        let path = db.path().join(name);
        std::fs::write(&path, text).unwrap();
        for command in ["validate", "batch"] {
            let out = run(feedlint(db.path())
                .args([command, "--format", "json", "--api-key", PROD_KEY])
                .arg(&path));
            assert_eq!(out.code, Some(2), "{command} {name}: {}", out.stderr);
            let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
            assert_eq!(v["success"], false, "{command} {name}: {v:#}");
            assert_eq!(v["error"]["code"], code, "{command} {name}: {v:#}");
            let message = v["error"]["message"].as_str().unwrap();
            assert!(message.contains(&format!("{name}:1:")), "{message}");
        }
    }
}

/// Every validation counted on `key` this month, whatever the counter.
fn all_usage(db: &Path, key: &str) -> u64 {
    let out = run(feedlint(db).args(["usage", "--format", "json", "--api-key", key]));
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    v["data"]["counters"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["validations"].as_u64())
        .sum()
}

/// A request body's `products` holding something other than objects is a request that fails
/// validation (spec 7: 400 `VALIDATION_ERROR`) in every command that takes a body: the envelope
/// before any output, exit 2, the file, line, column and index named, nothing counted. In a
/// JSON array feed the same element is a read issue of its product (a feed row is no request).
#[test]
fn a_request_body_product_that_is_not_an_object_fails_the_request() {
    let db = tempfile::tempdir().unwrap();
    let product = good_product(1);
    let cases = [
        (
            "pnum.json",
            "{\"products\":[1,2]}".to_owned(),
            1,
            "`products[0]` must be a product object, found a number",
        ),
        (
            "pstr.json",
            format!("{{\"products\":[\n{product},\n\"text\"]}}"),
            3,
            "`products[1]` must be a product object, found a string",
        ),
        (
            "pnull.json",
            format!("{{\"options\":{{}},\"products\":[{product}, {product},\n  null]}}"),
            2,
            "`products[2]` must be a product object, found null",
        ),
    ];
    for (name, text, line, problem) in cases {
        let path = db.path().join(name);
        std::fs::write(&path, text).unwrap();
        for command in ["validate", "batch", "revenue"] {
            let out = run(feedlint(db.path())
                .args([command, "--format", "json", "--api-key", TEST_KEY])
                .arg(&path));
            assert_eq!(out.code, Some(2), "{command} {name}: {}", out.stderr);
            let v: serde_json::Value = serde_json::from_str(&out.stdout)
                .unwrap_or_else(|e| panic!("{command} {name}: {e}: {}", out.stdout));
            assert_eq!(v["success"], false, "{command} {name}: {v:#}");
            assert_eq!(
                v["error"]["code"], "VALIDATION_ERROR",
                "{command} {name}: {v:#}"
            );
            let message = v["error"]["message"].as_str().unwrap();
            assert!(message.contains(&format!("{name}:{line}:")), "{message}");
            assert!(message.ends_with(problem), "{message}");
            let out = run(feedlint(db.path())
                .args([command, "--api-key", TEST_KEY])
                .arg(&path));
            assert_eq!(out.code, Some(2), "{command} {name}: {}", out.stderr);
            assert!(out.stdout.is_empty(), "{command} {name}: {}", out.stdout);
            assert!(out.stderr.contains(problem), "{}", out.stderr);
        }
    }
    assert_eq!(all_usage(db.path(), TEST_KEY), 0);
    // A JSON array feed: read issues, the feed is checked.
    let feed = db.path().join("array.json");
    std::fs::write(&feed, "[1,2]").unwrap();
    let out = validate(db.path(), TEST_KEY, &["--format", "json"], &[&feed]);
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(
        out.stdout
            .contains("the product is a number, not a JSON object"),
        "{}",
        out.stdout
    );
}

/// A request body option of the wrong JSON type (`"enableMarketIntelligence": "false"`, `0`)
/// is refused (spec 7: 400 `VALIDATION_ERROR`) naming the file, the option and the type found,
/// in every command and for every option the body takes (spec 4.1, 4.2, 4.4), before any output
/// and without counting; it was read as `true`.
#[test]
fn request_body_options_of_the_wrong_type_are_refused() {
    let db = tempfile::tempdir().unwrap();
    let product = good_product(1);
    let cases = [
        (
            "validate",
            r#""options":{"enableMarketIntelligence":"false"}"#,
            "`options.enableMarketIntelligence` must be a boolean (true or false), found a string \"false\"",
        ),
        (
            "validate",
            r#""options":{"enableRecommendations":0}"#,
            "`options.enableRecommendations` must be a boolean (true or false), found a number 0",
        ),
        (
            "validate",
            r#""options":{"includeBusinessIntelligence":[]}"#,
            "`options.includeBusinessIntelligence` must be a boolean (true or false), found an array",
        ),
        (
            "validate",
            r#""options":"all""#,
            "`options` must be an object, found a string \"all\"",
        ),
        (
            "batch",
            r#""enableMarketIntelligence":"false""#,
            "`enableMarketIntelligence` must be a boolean (true or false), found a string \"false\"",
        ),
        (
            "batch",
            r#""enableMarketIntelligence":0"#,
            "`enableMarketIntelligence` must be a boolean (true or false), found a number 0",
        ),
        (
            "revenue",
            r#""options":{"includeROICalculations":"yes"}"#,
            "`options.includeROICalculations` must be a boolean (true or false), found a string \"yes\"",
        ),
        (
            "revenue",
            r#""options":{"includePriorityAssessment":1}"#,
            "`options.includePriorityAssessment` must be a boolean (true or false), found a number 1",
        ),
        (
            "revenue",
            r#""options":{"includePaybackAnalysis":null,"timeHorizon":{}}"#,
            "`options.timeHorizon` must be a number of months like \"6_months\", found an object",
        ),
        (
            "revenue",
            r#""options":7"#,
            "`options` must be an object, found a number 7",
        ),
        (
            "revenue",
            r#""analysisType":false"#,
            "`analysisType` must be a string, found a boolean",
        ),
    ];
    for (i, (command, extra, problem)) in cases.into_iter().enumerate() {
        let path = db.path().join(format!("body{i}.json"));
        std::fs::write(&path, format!("{{\"products\":[{product}],{extra}}}")).unwrap();
        let out = run(feedlint(db.path())
            .args([command, "--format", "json", "--api-key", TEST_KEY])
            .arg(&path));
        assert_eq!(out.code, Some(2), "{command} {extra}: {}", out.stderr);
        let v: serde_json::Value = serde_json::from_str(&out.stdout)
            .unwrap_or_else(|e| panic!("{command} {extra}: {e}: {}", out.stdout));
        assert_eq!(v["error"]["code"], "VALIDATION_ERROR", "{v:#}");
        assert_eq!(
            v["error"]["message"],
            format!("{}: request body field {problem}", path.display()),
            "{command} {extra}"
        );
    }
    assert_eq!(all_usage(db.path(), TEST_KEY), 0);
    // The right types are read.
    let path = db.path().join("ok.json");
    std::fs::write(
        &path,
        format!("{{\"products\":[{product}],\"options\":{{\"enableMarketIntelligence\":false,\"enableRecommendations\":null}}}}"),
    )
    .unwrap();
    let out = validate(db.path(), TEST_KEY, &["--format", "json"], &[&path]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
}

#[test]
fn request_body_without_products_is_a_validation_error() {
    let db = tempfile::tempdir().unwrap();
    let path = db.path().join("empty.json");
    std::fs::write(&path, r#"{"options":{"enableRecommendations":true}}"#).unwrap();
    let out = validate(db.path(), TEST_KEY, &["--format", "json"], &[&path]);
    assert_eq!(out.code, Some(2));
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["error"]["code"], "VALIDATION_ERROR", "{v:#}");
}

#[test]
fn missing_key_is_unauthorized() {
    let db = tempfile::tempdir().unwrap();
    let feed = example("catalog.xml");
    let out = run(feedlint(db.path())
        .args(["validate", "--format", "json"])
        .arg(&feed));
    assert_eq!(out.code, Some(2));
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["error"]["code"], "UNAUTHORIZED", "{v:#}");
}

#[test]
fn test_key_over_the_monthly_limit_is_refused_before_work() {
    let db = tempfile::tempdir().unwrap();
    let now =
        time::OffsetDateTime::parse(NOW, &time::format_description::well_known::Rfc3339).unwrap();
    let ctx = RequestContext::new("setup".into(), Some(now));
    let config = StoreConfig::new(Some(db.path().to_path_buf()), Duration::from_secs(60));
    let account = Account::open(Some(TEST_KEY), &config, Endpoint::VALIDATE_PRODUCT, &ctx).unwrap();
    account.record(995).unwrap();
    drop(account);

    let feed = example("catalog.xml");
    let out = validate(db.path(), TEST_KEY, &["--format", "json"], &[&feed]);
    assert_eq!(out.code, Some(2));
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(v["error"]["code"], "RATE_LIMIT_EXCEEDED", "{v:#}");
    assert_eq!(product_usage(db.path(), TEST_KEY), 995);

    // Five products still fit.
    let five = write_ndjson(db.path(), "five.ndjson", 5);
    let out = validate(db.path(), TEST_KEY, &["--format", "ndjson"], &[&five]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert_eq!(product_usage(db.path(), TEST_KEY), 1000);
}

#[test]
fn counts_are_recorded_per_product_over_several_feeds() {
    let db = tempfile::tempdir().unwrap();
    let a = write_ndjson(db.path(), "a.ndjson", 3);
    let b = example("catalog.csv");
    let out = validate(db.path(), PROD_KEY, &["--format", "json"], &[&a, &b]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let n = v["data"]["summary"]["totalProducts"].as_u64().unwrap();
    assert!(n > 3);
    assert_eq!(v["data"]["billing"]["environment"], "production");
    assert_eq!(product_usage(db.path(), PROD_KEY), n);
}

#[test]
fn exit_1_on_critical_and_0_with_exit_zero() {
    let db = tempfile::tempdir().unwrap();
    let feed = shared("benchy-bad-rss.xml");
    let out = validate(db.path(), TEST_KEY, &[], &[&feed]);
    assert_eq!(out.code, Some(1));
    assert!(
        out.stderr.contains("critical compliance problem"),
        "{}",
        out.stderr
    );
    let out = validate(db.path(), TEST_KEY, &["--exit-zero"], &[&feed]);
    assert_eq!(out.code, Some(0));
    let reason: Vec<&str> = out.stderr.lines().collect();
    assert_eq!(reason.len(), 1, "{}", out.stderr);
    assert!(reason[0].contains("--exit-zero"));
}

#[test]
fn invalid_gtin_zeroes_compliance() {
    let db = tempfile::tempdir().unwrap();
    let path = db.path().join("bad.ndjson");
    let mut p: serde_json::Value = serde_json::from_str(&good_product(1)).unwrap();
    p["gtin"] = "5060155240283".into();
    std::fs::write(&path, format!("{p}\n")).unwrap();
    let out = validate(db.path(), TEST_KEY, &["--format", "ndjson"], &[&path]);
    assert_eq!(out.code, Some(1));
    let v: serde_json::Value = serde_json::from_str(out.stdout.trim()).unwrap();
    assert_eq!(v["gmcCompliance"]["percentage"], 0.0);
    assert_eq!(v["gmcCompliance"]["violations"][0]["rule"], "FL-I100");
}

#[test]
fn sixteen_processes_at_once_count_exactly_400() {
    let db = tempfile::tempdir().unwrap();
    let feed = write_ndjson(db.path(), "p25.ndjson", 25);
    let bin = assert_cmd::cargo::cargo_bin("feedlint");
    let children: Vec<_> = (0..16)
        .map(|_| {
            std::process::Command::new(&bin)
                .env_remove("FEEDLINT_API_KEY")
                .env("FEEDLINT_DB", db.path())
                .env("FEEDLINT_NOW", NOW)
                .env("FEEDLINT_LOCK_TIMEOUT", "120")
                .args([
                    "validate",
                    "--quiet",
                    "--format",
                    "ndjson",
                    "--api-key",
                    PROD_KEY,
                ])
                .arg(&feed)
                .stdout(std::process::Stdio::null())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().unwrap();
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(product_usage(db.path(), PROD_KEY), 400);
}

#[test]
fn baseline_gate_fails_on_a_compliance_drop() {
    let db = tempfile::tempdir().unwrap();
    let before = write_ndjson(db.path(), "before.ndjson", 3);
    let out = validate(db.path(), TEST_KEY, &["--format", "json"], &[&before]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let baseline = db.path().join("baseline.json");
    std::fs::write(&baseline, &out.stdout).unwrap();

    // The same feed with one title too short (a medium compliance finding, not critical).
    let after = db.path().join("after.ndjson");
    let text = std::fs::read_to_string(&before).unwrap().replacen(
        "Trail running shoe with grippy sole 0",
        "Shoe",
        1,
    );
    std::fs::write(&after, text).unwrap();
    let base = baseline.to_str().unwrap();
    let out = validate(
        db.path(),
        TEST_KEY,
        &["--no-config", "--baseline", base],
        &[&after],
    );
    assert_eq!(out.code, Some(1), "{}", out.stderr);
    assert!(out.stderr.contains("P0"), "{}", out.stderr);
    let out = validate(
        db.path(),
        TEST_KEY,
        &["--no-config", "--baseline", base, "--max-drop", "50"],
        &[&after],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
}

/// A one-line baseline of `bytes` bytes with an error near its end: the diagnostic quotes a
/// 240-byte window of the line, not the line (which went whole to stderr up to 1 MiB, and files
/// above 1 MiB got no snippet at all).
fn long_line_baseline_diagnostic(bytes: usize) {
    let db = tempfile::tempdir().unwrap();
    let feed = write_ndjson(db.path(), "feed.ndjson", 1);
    let baseline = db.path().join("baseline.json");
    let n = (bytes - 20) / 2;
    std::fs::write(&baseline, format!("{{\"results\":[{}x]}}", "1,".repeat(n))).unwrap();
    let out = validate(
        db.path(),
        TEST_KEY,
        &["--no-config", "--baseline", baseline.to_str().unwrap()],
        &[&feed],
    );
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(
        out.stderr.len() < 2_000,
        "{} bytes of stderr",
        out.stderr.len()
    );
    assert!(out.stderr.contains("baseline.json:1:14:"), "{}", out.stderr);
    // The snippet: its gutter numbers the file's line, and the line is cut at both ends.
    let snippet = out
        .stderr
        .lines()
        .find(|l| l.trim_start().starts_with("1 │"))
        .unwrap_or_else(|| panic!("no snippet:\n{}", out.stderr));
    assert!(snippet.ends_with('…'), "{snippet}");
    assert!(snippet.len() < 300, "{snippet}");
}

#[test]
fn a_baseline_of_one_long_line_gets_a_windowed_snippet() {
    long_line_baseline_diagnostic(1_048_000);
    long_line_baseline_diagnostic(1_200_000);
}

#[test]
fn a_baseline_error_far_into_a_long_line_is_shown_where_it_is() {
    let db = tempfile::tempdir().unwrap();
    let feed = write_ndjson(db.path(), "feed.ndjson", 1);
    let baseline = db.path().join("baseline.json");
    let text = format!("{{\"results\":[], \"pad\": [{}1, ]}}", "1,".repeat(300_000));
    std::fs::write(&baseline, &text).unwrap();
    let out = validate(
        db.path(),
        TEST_KEY,
        &["--no-config", "--baseline", baseline.to_str().unwrap()],
        &[&feed],
    );
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(
        out.stderr.len() < 2_000,
        "{} bytes of stderr",
        out.stderr.len()
    );
    let column = text.find(" ]").unwrap() + 2;
    assert!(
        out.stderr.contains(&format!("baseline.json:1:{column}:")),
        "{}",
        out.stderr
    );
    let snippet = out
        .stderr
        .lines()
        .find(|l| l.trim_start().starts_with("1 │"))
        .unwrap_or_else(|| panic!("no snippet:\n{}", out.stderr));
    assert!(snippet.contains("1,1, ]}"), "{snippet}");
    assert!(snippet.starts_with(" 1 │ …"), "{snippet}");
}

/// A baseline whose product is not an object says what was expected in the report's terms
/// (it said `expected struct RawProduct`), at the product's place, once.
#[test]
fn a_baseline_of_the_wrong_shape_says_what_was_expected_in_the_reports_terms() {
    let db = tempfile::tempdir().unwrap();
    let feed = write_ndjson(db.path(), "feed.ndjson", 1);
    let baseline = db.path().join("baseline.json");
    std::fs::write(&baseline, "{\"results\": [\n  \"P0\"\n]}\n").unwrap();
    let out = validate(
        db.path(),
        TEST_KEY,
        &["--no-config", "--baseline", baseline.to_str().unwrap()],
        &[&feed],
    );
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(out.stderr.contains("baseline.json:2:6: "), "{}", out.stderr);
    assert!(
        out.stderr.contains(
            "╰── invalid type: string \"P0\", expected a product result object (with `productId` \
             and `gmcCompliance`)\n"
        ),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains("RawProduct"), "{}", out.stderr);
    assert!(!out.stderr.contains(" at line "), "{}", out.stderr);
}

#[test]
fn a_baseline_that_is_a_directory_says_so_without_a_line() {
    let db = tempfile::tempdir().unwrap();
    let feed = write_ndjson(db.path(), "feed.ndjson", 1);
    let dir = db.path().join("reports");
    std::fs::create_dir(&dir).unwrap();
    let out = validate(
        db.path(),
        TEST_KEY,
        &["--no-config", "--baseline", dir.to_str().unwrap()],
        &[&feed],
    );
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(
        out.stderr.contains("reports: it is a directory"),
        "{}",
        out.stderr
    );
    assert!(!out.stderr.contains(":0:"), "{}", out.stderr);
}

/// The product results of `validate --format FORMAT` (json or ndjson, streamed under a
/// production key, two jobs) without the line numbers, which differ between feed formats.
fn results_without_lines(db: &Path, format: &str, feed: &Path) -> Vec<serde_json::Value> {
    let out = validate(
        db,
        PROD_KEY,
        &[
            "--no-config",
            "--format",
            format,
            "--exit-zero",
            "--jobs",
            "2",
        ],
        &[feed],
    );
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    let mut products: Vec<serde_json::Value> = if format == "ndjson" {
        out.stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    } else {
        let v: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
        v["data"]["products"].as_array().unwrap().clone()
    };
    for p in &mut products {
        for v in p["gmcCompliance"]["violations"].as_array_mut().unwrap() {
            let v = v.as_object_mut().unwrap();
            v.remove("line");
            // "already used by the product at line 3": the number of the format.
            let message = v["message"].as_str().unwrap();
            let message = match message.split_once(" at line ") {
                Some((head, _)) => format!("{head} at line #"),
                None => message.to_owned(),
            };
            v.insert("message".into(), message.into());
        }
    }
    products
}

/// Results of XML and JSON feeds are rendered with the checks, ahead of the feed-wide rules
/// (`Rendered`); CSV results are rendered after them. The same products as RSS, JSON and CSV
/// must give the same results, duplicates included (whose reports the feed-wide rules change
/// after the rendering), apart from the line numbers.
#[test]
fn results_rendered_ahead_match_results_rendered_after_the_feed_wide_rules() {
    let db = tempfile::tempdir().unwrap();
    // The second repeats the first id, the third the first GTIN.
    let [csv, rss, json] = common::same_products_in_three_formats(
        db.path(),
        &[
            ("A1", "5449000000996"),
            ("A1", "8712566441501"),
            ("A3", "5449000000996"),
            ("A4", "3017620422003"),
        ],
    );
    let rules = |p: &serde_json::Value| -> Vec<String> {
        p["gmcCompliance"]["violations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["name"].as_str().unwrap().to_owned())
            .collect()
    };
    for format in ["ndjson", "json"] {
        let by_csv = results_without_lines(db.path(), format, &csv);
        assert_eq!(by_csv.len(), 4);
        assert!(rules(&by_csv[1]).contains(&"duplicate-id".to_owned()));
        assert!(rules(&by_csv[2]).contains(&"duplicate-gtin".to_owned()));
        let by_rss = results_without_lines(db.path(), format, &rss);
        assert_eq!(by_rss, by_csv, "RSS, {format}");
        let by_json = results_without_lines(db.path(), format, &json);
        assert_eq!(by_json, by_csv, "JSON, {format}");
    }
}

/// The product id and line of each finding of a `--format csv` report, repeats removed.
fn finding_lines(report: &str) -> Vec<(String, String)> {
    let mut lines: Vec<(String, String)> = csv::Reader::from_reader(report.as_bytes())
        .records()
        .map(|rec| {
            let rec = rec.unwrap();
            (rec[0].to_owned(), rec[2].to_owned())
        })
        .collect();
    lines.dedup();
    lines
}

/// Findings name the line their row starts on, whatever the line endings: a CSV saved with
/// Windows (CRLF) or classic Mac (CR) line breaks and blank lines between rows reports the same
/// lines as the plain one.
#[test]
fn findings_name_the_row_line_with_crlf_or_cr_endings_and_blank_lines() {
    let dir = tempfile::tempdir().unwrap();
    let lf = "id,title,price\n1,Short,10.00 USD\n\n2,\"Short\nagain\",10.00 USD\n3,Short too,10.00 USD\n";
    let mut lines_by_ending = Vec::new();
    for (name, text) in [
        ("lf.csv", lf.to_owned()),
        ("crlf.csv", lf.replace('\n', "\r\n")),
        ("cr.csv", lf.replace('\n', "\r")),
    ] {
        let feed = dir.path().join(name);
        std::fs::write(&feed, text).unwrap();
        let db = dir.path().join(format!("db-{name}"));
        let r = validate(&db, PROD_KEY, &["--format", "csv", "--exit-zero"], &[&feed]);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        let lines = finding_lines(&r.stdout);
        lines_by_ending.push(lines);
    }
    let want: Vec<(String, String)> = [("1", "2"), ("2", "4"), ("3", "6")]
        .iter()
        .map(|(id, line)| ((*id).to_owned(), (*line).to_owned()))
        .collect();
    assert_eq!(lines_by_ending[0], want, "LF");
    assert_eq!(lines_by_ending[1], want, "CRLF");
    assert_eq!(
        lines_by_ending[2], want,
        "CR (classic Mac, Excel for Mac's CSV)"
    );
}

/// JSON feeds too: a product's line is the line of its `{` with `\n`, `\r\n` or classic Mac
/// (`\r`) line ends, and a syntax error names the line and character column an editor shows,
/// with that line in the snippet.
#[test]
fn json_lines_are_the_same_with_crlf_or_cr_endings() {
    let dir = tempfile::tempdir().unwrap();
    let lf = "{\"products\": [\n  {\"id\": \"1\", \"title\": \"Short\"},\n\n  {\"id\": \"2\",\n   \"title\": \"Short\"}\n]}\n";
    let bad = "[\n{\"id\": \"1\", \"title\": \"Caf\u{e9} \u{e9}t\u{e9}\"},\n{\"id\": \"\u{e9}\u{e9}\", \"title\": x}\n]\n";
    for (ending, eol) in [("lf", "\n"), ("crlf", "\r\n"), ("cr", "\r")] {
        let feed = dir.path().join(format!("{ending}.json"));
        std::fs::write(&feed, lf.replace('\n', eol)).unwrap();
        let db = dir.path().join(format!("db-{ending}"));
        let r = validate(&db, PROD_KEY, &["--format", "csv", "--exit-zero"], &[&feed]);
        assert_eq!(r.code, Some(0), "{}", r.stderr);
        let lines = finding_lines(&r.stdout);
        assert_eq!(
            lines,
            [
                ("1".to_owned(), "2".to_owned()),
                ("2".to_owned(), "4".to_owned())
            ],
            "{ending}"
        );

        // `x` is on line 3, the 23rd character (the 25th byte).
        let feed = dir.path().join(format!("bad-{ending}.json"));
        std::fs::write(&feed, bad.replace('\n', eol)).unwrap();
        let db = dir.path().join(format!("db-bad-{ending}"));
        let r = validate(&db, PROD_KEY, &["--format", "ndjson"], &[&feed]);
        assert_eq!(r.code, Some(2), "{}", r.stderr);
        assert_eq!(
            r.stdout.lines().count(),
            1,
            "{ending}: the product before it"
        );
        let at = format!("bad-{ending}.json:3:23: not valid JSON");
        assert!(r.stderr.contains(&at), "{ending}: {}", r.stderr);
        assert!(
            r.stderr.contains("3 │ {\"id\": \"\u{e9}\u{e9}\""),
            "{ending}: the snippet shows line 3: {}",
            r.stderr
        );

        // From stdin (no snippet): the same line, the column in bytes.
        let r = validate_stdin(
            &dir.path().join(format!("db-stdin-{ending}")),
            bad.replace('\n', eol),
        );
        assert_eq!(r.code, Some(2), "{}", r.stderr);
        assert!(
            r.stderr.contains("<stdin>:3:25: not valid JSON"),
            "{ending}: {}",
            r.stderr
        );

        // NDJSON: each line stands alone, so a line that is not JSON is that line's read issue
        // (FL-C001) and the lines after it are read; the column counts characters too.
        let feed = dir.path().join(format!("bad-{ending}.ndjson"));
        let nd = "{\"id\": \"1\", \"title\": \"ok\"}\n{\"id\": \"\u{e9}\u{e9}\", \"title\": x}\n{\"id\": \"3\"}\n";
        std::fs::write(
            &feed,
            nd.replace('\n', if ending == "cr" { "\n" } else { eol }),
        )
        .unwrap();
        let db = dir.path().join(format!("db-nd-{ending}"));
        let r = validate(&db, PROD_KEY, &["--format", "ndjson"], &[&feed]);
        assert_eq!(r.code, Some(1), "{}", r.stderr);
        let lines: Vec<&str> = r.stdout.lines().collect();
        assert_eq!(lines.len(), 3, "{ending}: {}", r.stdout);
        assert!(lines[0].contains("\"productId\":\"1\""), "{}", lines[0]);
        assert!(
            lines[1].contains("line 2: column 23: not valid JSON (expected value)"),
            "{ending}: {}",
            lines[1]
        );
        assert!(lines[2].contains("\"productId\":\"3\""), "{}", lines[2]);

        // A truncated file: the end is after the last character.
        for (name, text) in [
            ("cut", "[\n{\"id\": \"1\"},"),
            ("cut-eol", "[\n{\"id\": \"1\"},\n"),
        ] {
            let feed = dir.path().join(format!("{name}-{ending}.json"));
            std::fs::write(&feed, text.replace('\n', eol)).unwrap();
            let db = dir.path().join(format!("db-{name}-{ending}"));
            let r = validate(&db, PROD_KEY, &["--format", "ndjson"], &[&feed]);
            assert_eq!(r.code, Some(2), "{}", r.stderr);
            let at = if name == "cut" { ":2:13: " } else { ":3:1: " };
            let want = format!("{name}-{ending}.json{at}unexpected end of JSON");
            assert!(r.stderr.contains(&want), "{ending}: {}", r.stderr);
            let r = validate_stdin(
                &dir.path().join(format!("db-stdin-{name}-{ending}")),
                text.replace('\n', eol),
            );
            let want = format!("<stdin>{at}unexpected end of JSON");
            assert!(r.stderr.contains(&want), "{ending}, stdin: {}", r.stderr);
        }
    }
}

/// Errors in a file with classic Mac line ends (a lone `\r`) name the line an editor shows, and
/// the snippet shows that line: a byte that is not UTF-8, and a quote never closed.
#[test]
fn errors_in_cr_files_name_the_line_and_show_it() {
    let dir = tempfile::tempdir().unwrap();
    let bad_byte = dir.path().join("bad-byte.csv");
    std::fs::write(
        &bad_byte,
        b"id,title\r1,ok title\r2,bad \xff title\r3,fine\r",
    )
    .unwrap();
    let r = validate(
        &dir.path().join("db1"),
        PROD_KEY,
        &["--format", "ndjson"],
        &[&bad_byte],
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains("invalid UTF-8 at line 3,"),
        "{}",
        r.stderr
    );
    assert_eq!(
        r.stdout.lines().count(),
        1,
        "the product before the bad byte is reported"
    );

    let unclosed = dir.path().join("unclosed.csv");
    std::fs::write(&unclosed, "id,title\r1,ok title\r2,\"open\rmore\rlast").unwrap();
    let r = validate(
        &dir.path().join("db2"),
        PROD_KEY,
        &["--format", "ndjson"],
        &[&unclosed],
    );
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        r.stderr.contains("unclosed.csv:3:3: line 3"),
        "{}",
        r.stderr
    );
    assert!(
        r.stderr.contains("3 │ 2,\"open"),
        "the snippet shows line 3: {}",
        r.stderr
    );
}

#[test]
fn counts_of_one_read_in_the_singular() {
    let db = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let one = write_ndjson(dir.path(), "one.ndjson", 1);
    let out = validate(db.path(), PROD_KEY, &["--format", "table"], &[&one]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
    assert!(
        out.stdout
            .contains("\n1 product: 1 valid, 0 with a critical"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("Billing: 1 product validated"),
        "{}",
        out.stdout
    );
    let two = write_ndjson(dir.path(), "two.ndjson", 2);
    let out = validate(db.path(), PROD_KEY, &["--format", "table"], &[&two]);
    assert!(
        out.stdout.contains("\n2 products: 2 valid"),
        "{}",
        out.stdout
    );
    assert!(
        out.stdout.contains("Billing: 2 products validated"),
        "{}",
        out.stdout
    );

    // One product with a critical problem (no price): the gate's reasons count it alike.
    let bad = dir.path().join("bad.ndjson");
    std::fs::write(
        &bad,
        good_product(0).replace("\"price\":\"59.99 USD\",", "") + "\n",
    )
    .unwrap();
    let out = validate(
        db.path(),
        PROD_KEY,
        &["--format", "table", "--fail-under", "90"],
        &[&bad],
    );
    assert_eq!(out.code, Some(1), "{}", out.stdout);
    assert!(
        out.stderr
            .contains("1 of 1 product has a critical compliance problem"),
        "{}",
        out.stderr
    );
    assert!(
        out.stderr.contains("(0 of 1 product compliant)"),
        "{}",
        out.stderr
    );
}

#[test]
fn a_file_whose_header_names_no_attribute_is_not_read_as_a_feed() {
    let db = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let notes = dir.path().join("notes.csv");
    std::fs::write(
        &notes,
        "\n# Sample feeds\nSome notes, about the feeds\nand more notes\n",
    )
    .unwrap();
    let out = validate(db.path(), PROD_KEY, &[], &[&notes]);
    assert_eq!(out.code, Some(2), "{}", out.stdout);
    assert!(
        out.stderr
            .contains("notes.csv:2:1: the header names no product attribute (`# Sample feeds`)"),
        "{}",
        out.stderr
    );
    assert!(out.stdout.is_empty(), "{}", out.stdout);
    assert_eq!(product_usage(db.path(), PROD_KEY), 0, "nothing is billed");

    // One known column is enough: the rest are custom attributes.
    let custom = dir.path().join("custom.csv");
    std::fs::write(&custom, "sku,Title,cost\nA1,Trail shoe,10\n").unwrap();
    let out = validate(db.path(), PROD_KEY, &["--exit-zero"], &[&custom]);
    assert_eq!(out.code, Some(0), "{}", out.stderr);
}

/// A feed's text reaches the terminal only as printable characters: an escape sequence in an id,
/// a GTIN or a title is shown escaped (`\u{1b}`) in every table and text line, and as a control
/// picture (`␛`) in the snippet of a syntax error, never raw.
#[test]
fn control_characters_from_a_feed_never_reach_the_terminal() {
    let db = tempfile::tempdir().unwrap();
    let dir = tempfile::tempdir().unwrap();
    let feed = dir.path().join("escapes.csv");
    std::fs::write(
        &feed,
        "id,title,price,link,image_link,availability,condition,description,brand,gtin\n\
         A1\u{1b}[31m,Bad \u{1b}]0;pwned\u{7} title here,10 USD,https://e.com/a,\
         https://e.com/a.jpg,in_stock,new,desc,Acme,40063\u{1b}[2J81333931\n",
    )
    .unwrap();
    let commands: [&[&str]; 5] = [
        &["validate", "--verbose", "--exit-zero"],
        &["batch", "--exit-zero"],
        &["revenue"],
        &["gtin", "--exit-zero", "--from-feed"],
        &["validate", "--format", "github", "--exit-zero"],
    ];
    for args in commands {
        let out = run(feedlint(db.path())
            .args(args)
            .arg(&feed)
            .args(["--api-key", PROD_KEY]));
        assert!(matches!(out.code, Some(0 | 1)), "{args:?}: {}", out.stderr);
        assert!(
            !out.stdout.contains('\u{1b}') && !out.stderr.contains('\u{1b}'),
            "{args:?}: {:?}",
            out.stdout
        );
    }
    let out = validate(db.path(), PROD_KEY, &["--verbose", "--exit-zero"], &[&feed]);
    assert!(out.stdout.contains("A1\\u{1b}[31m"), "{}", out.stdout);
    assert!(
        out.stdout.contains("gtin \"40063\\u{1b}[2J81333931\""),
        "{}",
        out.stdout
    );

    let xml = dir.path().join("broken.xml");
    std::fs::write(
        &xml,
        "<?xml version=\"1.0\"?>\n<rss xmlns:g=\"http://base.google.com/ns/1.0\"><channel><item>\
         <g:id>A\u{1b}[2J</g:id><g:title>x</g:bad></item></channel></rss>\n",
    )
    .unwrap();
    let out = validate(db.path(), PROD_KEY, &[], &[&xml]);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(!out.stderr.contains('\u{1b}'), "{:?}", out.stderr);
    assert!(out.stderr.contains("A\u{241b}[2J"), "{}", out.stderr);

    // An error message quoting the feed (a header of unknown names) escapes it too.
    let header = dir.path().join("header.csv");
    std::fs::write(&header, "foo\u{1b}[2J,bar\n1,2\n").unwrap();
    let out = validate(db.path(), PROD_KEY, &[], &[&header]);
    assert_eq!(out.code, Some(2), "{}", out.stderr);
    assert!(!out.stderr.contains('\u{1b}'), "{:?}", out.stderr);
    assert!(out.stderr.contains("`foo\\u{1b}[2J`"), "{}", out.stderr);
}
