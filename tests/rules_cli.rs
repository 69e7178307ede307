//! `feedlint rules`: listing, explanations, unknown codes, the generated docs/rules.md, and the
//! product result (spec 2.3) checked against its JSON Schema.

use assert_cmd::Command;
use feedlint::model::{ProductResult, ResultOptions};
use feedlint::rules::{Engine, EngineOptions, product_from_pairs, reference_markdown, registry};

fn feedlint() -> Command {
    let mut c = Command::cargo_bin("feedlint").unwrap();
    c.env_remove("NO_COLOR")
        .env("FEEDLINT_NOW", "2026-01-01T00:00:00Z")
        .env("FEEDLINT_REQUEST_ID", "req-test")
        // Tables fit COLUMNS when it is set: these snapshots are of a pipe.
        .env_remove("COLUMNS");
    c
}

fn stdout(args: &[&str]) -> String {
    let out = feedlint().args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn rules_table_lists_every_rule() {
    let out = stdout(&["rules"]);
    for r in registry() {
        assert!(out.contains(r.code), "{} missing", r.code);
    }
    insta::assert_snapshot!("rules_table", out);
}

#[test]
fn rules_json_has_code_name_group_severity_kind_category() {
    let out = stdout(&["rules", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let rows = v.as_array().unwrap();
    assert_eq!(rows.len(), registry().len());
    assert!(rows.len() >= 110);
    for row in rows {
        for k in ["code", "name", "group", "severity", "kind", "category"] {
            assert!(row[k].is_string(), "{k} in {row}");
        }
    }
}

#[test]
fn rules_code_prints_the_explanation() {
    let out = stdout(&["rules", "FL-K108"]);
    assert!(out.contains("## What it checks") && out.contains("## How to fix"));
    insta::assert_snapshot!("rules_explain_fl_k108", out);
    let lower = stdout(&["rules", "title-too-short"]);
    assert!(lower.starts_with("# FL-C003 title-too-short"));
}

#[test]
fn rules_unknown_code_exits_2_with_suggestions() {
    let out = feedlint().args(["rules", "FL-C0003"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("unknown rule code") && err.contains("FL-C003"),
        "{err}"
    );
    let json = feedlint()
        .args(["rules", "NOPE-1", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(json.status.code(), Some(2));
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["error"]["code"], "NOT_FOUND");
}

#[test]
fn docs_rules_md_is_current() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/rules.md");
    let expected = reference_markdown();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(path, &expected).unwrap();
    }
    let actual = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        actual == expected,
        "docs/rules.md is stale: run UPDATE_DOCS=1 cargo test --test rules_cli docs_rules_md_is_current"
    );
}

#[test]
fn product_results_match_the_validate_schema() {
    let schema: serde_json::Value =
        serde_json::from_str(include_str!("schemas/validate-response.schema.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let engine = Engine::new(EngineOptions::default());
    let products = [
        product_from_pairs(&[("id", "1"), ("title", "Short"), ("price", "abc")]),
        product_from_pairs(&[
            ("id", "TV_123456"),
            ("title", "LG 22LB4510 - 22\" LED TV - 1080p (FullHD)"),
            (
                "description",
                "Attractively styled and boasting stunning picture quality.",
            ),
            (
                "link",
                "http://www.example.com/electronics/tv/22LB4510.html",
            ),
            ("image_link", "http://images.example.com/TV_123456.png"),
            ("condition", "used"),
            ("availability", "in stock"),
            ("price", "159.00 USD"),
            ("brand", "LG"),
            ("mpn", "22LB4510/US"),
            ("gtin", "71919219405200"),
            (
                "market_product_category",
                "Electronics > Video > Televisions > Flat Panel Televisions",
            ),
        ]),
    ];
    let all = ResultOptions {
        market_intelligence: true,
        recommendations: true,
        business_intelligence: true,
    };
    for options in [ResultOptions::default(), all] {
        let reports: Vec<_> = products.iter().map(|p| engine.check(p)).collect();
        let results: Vec<ProductResult> = reports
            .iter()
            .map(|r| ProductResult::from_report(r, options))
            .collect();
        let body = serde_json::json!({
            "success": true,
            "data": {
                "products": results,
                "summary": { "complianceScore": 50.0, "totalProducts": 2, "validatedProducts": 2 },
                "billing": { "productsValidated": 2, "cost": 0.0, "environment": "test" }
            },
            "meta": {
                "requestId": "req-test", "timestamp": "2026-11-22T10:00:00Z", "processingTime": 3,
                "apiVersion": "2.0.0", "endpoint": "/api/v2/validate/product", "method": "POST",
                "tier": "test", "usage": { "monthly": 2, "limit": 1000, "remaining": 998 }
            }
        });
        let errors: Vec<String> = validator
            .iter_errors(&body)
            .map(|e| format!("{} at {}", e, e.instance_path))
            .collect();
        assert!(errors.is_empty(), "{errors:#?}");
    }
}
