//! `feedlint usage` and API-key handling, driving the real binary. Each test has its own temp
//! database; the clock and request id are fixed through FEEDLINT_NOW / FEEDLINT_REQUEST_ID.

use std::path::Path;
use std::time::Duration;

use assert_cmd::Command;
use feedlint::account::{Account, Endpoint, RequestContext};
use feedlint::store::StoreConfig;

const TEST_KEY: &str = "adb_test_AccountsSecret0123456789";
const PROD_KEY: &str = "adb_prod_AccountsSecret9876543210";
const NOW: &str = "2026-11-22T04:00:00Z";

fn feedlint(db: &Path) -> Command {
    let mut cmd = Command::cargo_bin("feedlint").unwrap();
    cmd.env_remove("FEEDLINT_API_KEY")
        .env("FEEDLINT_DB", db)
        .env("FEEDLINT_NOW", NOW)
        .env("FEEDLINT_REQUEST_ID", "req-accounts-test")
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

/// Records usage the way a metered command does, into the test's database.
fn record(db: &Path, key: &str, endpoint: Endpoint, n: u64) {
    let now =
        time::OffsetDateTime::parse(NOW, &time::format_description::well_known::Rfc3339).unwrap();
    let ctx = RequestContext::new("setup".into(), Some(now));
    let config = StoreConfig::new(Some(db.to_path_buf()), Duration::from_secs(60));
    let account = Account::open(Some(key), &config, endpoint, &ctx).unwrap();
    account.ensure_capacity(n).unwrap();
    account.record(n).unwrap();
}

fn assert_matches_usage_schema(body: &serde_json::Value) {
    let schema: serde_json::Value =
        serde_json::from_str(include_str!("schemas/usage.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(body).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}\n{body:#}");
}

#[test]
fn usage_without_key_is_unauthorized_envelope_in_json() {
    let dir = tempfile::tempdir().unwrap();
    let r = run(feedlint(&dir.path().join("db")).args(["usage", "--format", "json"]));
    assert_eq!(r.code, Some(2));
    let body: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(body["success"], false);
    assert_eq!(body["error"]["code"], "UNAUTHORIZED");
    assert!(
        !dir.path().join("db").exists(),
        "a refused key must not create a database"
    );
}

#[test]
fn usage_without_key_explains_the_format_and_how_to_pass_one() {
    let dir = tempfile::tempdir().unwrap();
    let r = run(feedlint(&dir.path().join("db")).arg("usage"));
    assert_eq!(r.code, Some(2));
    assert!(r.stdout.is_empty());
    insta::assert_snapshot!("usage_without_key", r.stderr);
}

#[test]
fn malformed_key_is_refused_without_echoing_it() {
    let dir = tempfile::tempdir().unwrap();
    let secret = "adb_test_TopSecretValue-With-Dashes";
    for format in ["table", "json"] {
        let r = run(feedlint(&dir.path().join("db"))
            .args(["usage", "--format", format])
            .env("FEEDLINT_API_KEY", secret));
        assert_eq!(r.code, Some(2));
        assert!(
            r.stderr.contains("invalid API key adb_test_To…es"),
            "{}",
            r.stderr
        );
        if format == "json" {
            let body: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
            assert_eq!(body["error"]["code"], "UNAUTHORIZED");
        }
        for text in [&r.stdout, &r.stderr] {
            assert!(!text.contains("TopSecret"), "key leaked: {text}");
        }
    }
}

#[test]
fn usage_on_a_fresh_database_shows_the_full_test_allowance() {
    let dir = tempfile::tempdir().unwrap();
    let r = run(feedlint(&dir.path().join("db")).args(["usage", "--api-key", TEST_KEY]));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(!r.stdout.contains(TEST_KEY));
    insta::assert_snapshot!("usage_fresh_test_key_table", r.stdout);
    // A test key is free: no volume prices.
    assert!(!r.stdout.contains("billed"), "{}", r.stdout);

    let r = run(feedlint(&dir.path().join("db"))
        .args(["usage", "--format", "json"])
        .env("FEEDLINT_API_KEY", TEST_KEY));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let body: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_matches_usage_schema(&body);
    insta::assert_json_snapshot!("usage_fresh_test_key_json", body);
}

#[test]
fn usage_reports_counts_limit_and_remaining_of_a_test_key() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    record(&db, TEST_KEY, Endpoint::VALIDATE_BATCH, 300);
    record(&db, TEST_KEY, Endpoint::VALIDATE_GTIN, 40);
    let r = run(feedlint(&db)
        .args(["usage", "--format", "json"])
        .env("FEEDLINT_API_KEY", TEST_KEY));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let body: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_matches_usage_schema(&body);
    assert_eq!(body["data"]["monthly"], 340);
    assert_eq!(body["data"]["remaining"], 660);
    assert_eq!(body["data"]["counters"][0]["validations"], 300);
    assert_eq!(body["data"]["counters"][1]["validations"], 40);
    assert_eq!(body["data"]["total"]["cost"], 0.0);
    assert_eq!(body["meta"]["usage"]["remaining"], 660);
}

#[test]
fn usage_prices_production_volume_piecewise_across_ten_thousand() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    record(&db, PROD_KEY, Endpoint::VALIDATE_BATCH, 9_975);
    record(&db, PROD_KEY, Endpoint::VALIDATE_BATCH, 50);
    record(&db, PROD_KEY, Endpoint::VALIDATE_GTIN, 1_001);
    let r = run(feedlint(&db)
        .args(["usage", "--format", "json"])
        .env("FEEDLINT_API_KEY", PROD_KEY));
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let body: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_matches_usage_schema(&body);
    // 10,000 × $0.08 + 25 × $0.06 = $801.50; GTIN 1,000 × $0.08 + 1 × $0.06 = $80.06.
    assert_eq!(body["data"]["counters"][0]["cost"], 801.5);
    assert_eq!(body["data"]["counters"][1]["cost"], 80.06);
    assert_eq!(body["data"]["limit"], "unlimited");
    assert_eq!(body["meta"]["tier"], "production");
    let r = run(feedlint(&db).args(["usage", "--api-key", PROD_KEY]));
    insta::assert_snapshot!("usage_production_table", r.stdout);
    // Under the table, the bands the costs come from, in the words `categories` uses.
    for line in feedlint::account::plan::billed_by_volume_lines() {
        assert!(
            r.stdout.contains(&format!("{line}\n")),
            "{line}:\n{}",
            r.stdout
        );
    }
}

#[test]
fn one_key_never_sees_another_keys_usage() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    record(&db, PROD_KEY, Endpoint::VALIDATE_BATCH, 77);
    let r = run(feedlint(&db)
        .args(["usage", "--format", "json"])
        .env("FEEDLINT_API_KEY", TEST_KEY));
    let body: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(body["data"]["monthly"], 0);
}

#[test]
fn the_database_holds_only_a_hash_of_the_key() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    record(&db, PROD_KEY, Endpoint::VALIDATE_BATCH, 3);
    for entry in std::fs::read_dir(&db).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            let bytes = std::fs::read(&path).unwrap();
            let needle = &PROD_KEY.as_bytes()[9..];
            assert!(
                !bytes.windows(needle.len()).any(|w| w == needle),
                "raw key found in {}",
                path.display()
            );
        }
    }
}

#[test]
fn help_never_shows_the_key_from_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    let r = run(feedlint(&dir.path().join("db"))
        .args(["usage", "--help"])
        .env("FEEDLINT_API_KEY", PROD_KEY));
    assert_eq!(r.code, Some(0));
    assert!(r.stdout.contains("--api-key"));
    assert!(!r.stdout.contains("AccountsSecret"), "{}", r.stdout);
}

#[test]
fn a_bad_fixed_clock_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let r = run(feedlint(&dir.path().join("db"))
        .args(["usage", "--api-key", TEST_KEY])
        .env("FEEDLINT_NOW", "tomorrow"));
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("FEEDLINT_NOW"));
}
