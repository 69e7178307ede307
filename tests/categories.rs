//! `feedlint categories` (spec 4.7): the JSON shape against its schema, the views and tiers,
//! unknown keys, and snapshots of the table and JSON with a fixed clock and request id.

use assert_cmd::Command;

fn feedlint() -> Command {
    let mut c = Command::cargo_bin("feedlint").unwrap();
    c.env("FEEDLINT_NOW", "2026-01-01T00:00:00Z")
        .env("FEEDLINT_REQUEST_ID", "req-test")
        // Tables fit COLUMNS when it is set: these snapshots are of a pipe.
        .env_remove("COLUMNS");
    c
}

fn json(args: &[&str]) -> serde_json::Value {
    let out = feedlint()
        .args(args)
        .args(["--format", "json"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn schema_errors(v: &serde_json::Value) -> Vec<String> {
    let schema: serde_json::Value =
        serde_json::from_str(include_str!("schemas/categories-response.schema.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    validator
        .iter_errors(v)
        .map(|e| format!("{e} at {}", e.instance_path))
        .collect()
}

/// processingTime is the one value that changes between runs.
fn normalise(mut v: serde_json::Value) -> serde_json::Value {
    v["metadata"]["processingTime"] = serde_json::Value::from("<ms> ms");
    v
}

#[test]
fn categories_json_matches_the_spec_schema() {
    for args in [
        vec!["categories"],
        vec!["categories", "--view", "summary"],
        vec!["categories", "--view", "detailed"],
        vec!["categories", "--tier", "test"],
        vec![
            "categories",
            "--tier",
            "production",
            "--category",
            "apparel",
        ],
    ] {
        let v = json(&args);
        let errors = schema_errors(&v);
        assert!(errors.is_empty(), "{args:?}: {errors:#?}");
    }
}

#[test]
fn categories_json_counts_are_14_59_73_and_fixed_ids_are_used() {
    let v = json(&["categories"]);
    assert_eq!(v["data"]["summary"]["totalUniversalFields"], 14);
    assert_eq!(v["data"]["summary"]["totalCategoryFields"], 59);
    assert_eq!(v["data"]["summary"]["totalSystemFields"], 73);
    assert_eq!(v["data"]["categories"].as_object().unwrap().len(), 6);
    assert_eq!(
        v["data"]["categories"]["sporting_goods"]["name"],
        "Sports & Outdoors"
    );
    assert_eq!(v["metadata"]["requestId"], "req-test");
    assert_eq!(v["metadata"]["timestamp"], "2026-01-01T00:00:00Z");
    insta::assert_json_snapshot!("categories_json", normalise(v));
}

#[test]
fn categories_one_key_and_views() {
    let v = json(&["categories", "--category", "health_beauty"]);
    let cats = v["data"]["categories"].as_object().unwrap();
    assert_eq!(cats.keys().collect::<Vec<_>>(), ["health_beauty"]);
    let s = json(&["categories", "--view", "summary"]);
    assert!(s["data"].get("categories").is_none());
    let d = json(&["categories", "--view", "detailed", "--category", "apparel"]);
    let fields = d["data"]["categories"]["apparel"]["fields"]
        .as_array()
        .unwrap();
    assert!(
        fields
            .iter()
            .any(|f| f["name"] == "age_group" && f["requirement"] == "required")
    );
}

#[test]
fn categories_unknown_key_is_not_found_listing_valid_keys() {
    let out = feedlint()
        .args(["categories", "--category", "toys", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["success"], false);
    assert_eq!(v["error"]["code"], "NOT_FOUND");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("health_beauty") && err.contains("sporting_goods"),
        "{err}"
    );
}

#[test]
fn categories_table_for_people() {
    let out = feedlint().arg("categories").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Apparel & Fashion") && text.contains("unlimited"));
    insta::assert_snapshot!("categories_table", text);
    let detailed = feedlint()
        .args([
            "categories",
            "--view",
            "detailed",
            "--category",
            "electronics",
        ])
        .output()
        .unwrap();
    insta::assert_snapshot!(
        "categories_table_detailed_electronics",
        String::from_utf8(detailed.stdout).unwrap()
    );
}

/// The tier table keeps the spec's catalogue price (spec 4.7, and the JSON its response shape),
/// and below it says what a production key is billed: the volume bands, as `usage` says them.
#[test]
fn categories_table_says_what_is_billed_and_json_keeps_the_catalogue_price() {
    let v = json(&["categories"]);
    assert_eq!(
        v["data"]["tiers"]["production"]["price"],
        "$0.05 per validation"
    );
    let stdout = |args: &[&str]| {
        let out = feedlint().args(args).output().unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let all = stdout(&["categories"]);
    assert!(
        all.contains("\"$0.05 per validation\" is the spec's catalogue figure"),
        "{all}"
    );
    // The same lines as `usage` shows for a production key.
    for line in feedlint::account::plan::billed_by_volume_lines() {
        assert!(all.contains(&format!("{line}\n")), "{line}:\n{all}");
    }
    // Only the test tier shown (free): nothing about production billing.
    let test_only = stdout(&["categories", "--tier", "test"]);
    assert!(!test_only.contains("billed"), "{test_only}");
    for line in feedlint::account::plan::billed_by_volume_lines() {
        assert!(!test_only.contains(&line), "{line}:\n{test_only}");
    }
}
