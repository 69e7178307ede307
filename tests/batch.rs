//! `feedlint batch`: the 2.4 JSON shape, the analytics table, gates, baselines, CI formats,
//! the request-body limit and the config file, through the real binary.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use assert_cmd::Command;

mod common;

const TEST_KEY: &str = "adb_test_0123456789abcdefXYZ";

fn catalog() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/catalog.csv")
}

/// A command run in its own temp dir (no stray feedlint.toml), with its own database.
fn batch(dir: &Path) -> Command {
    let mut cmd = Command::cargo_bin("feedlint").unwrap_or_else(|e| panic!("binary: {e}"));
    cmd.current_dir(dir)
        .env("FEEDLINT_NOW", "2026-11-22T10:00:00Z")
        .env("FEEDLINT_REQUEST_ID", "req-test")
        // Tables fit COLUMNS when it is set: these snapshots are of a pipe.
        .env_remove("COLUMNS")
        .env_remove("FEEDLINT_API_KEY")
        .env_remove("NO_COLOR")
        .arg("--db")
        .arg(dir.join("db"))
        .arg("--api-key")
        .arg(TEST_KEY)
        .arg("batch");
    cmd
}

fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"))
}

fn schema_errors(schema_file: &str, doc: &serde_json::Value) -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/schemas")
        .join(schema_file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let schema: serde_json::Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("schema: {e}"));
    let Ok(validator) = jsonschema::validator_for(&schema) else {
        panic!("invalid schema {schema_file}")
    };
    validator
        .iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path))
        .collect()
}

fn json(bytes: &[u8]) -> serde_json::Value {
    serde_json::from_slice(bytes)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", String::from_utf8_lossy(bytes)))
}

/// The catalogue with the first product's price removed (a compliance drop).
fn worse_catalog(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(catalog()).unwrap_or_else(|e| panic!("{e}"));
    assert!(text.contains(",329.00 USD,"));
    let worse = dir.join("worse.csv");
    std::fs::write(&worse, text.replacen(",329.00 USD,", ",,", 1))
        .unwrap_or_else(|e| panic!("{e}"));
    worse
}

#[test]
fn json_output_matches_the_batch_schema_in_documented_key_order() {
    let dir = tempdir();
    let out = batch(dir.path())
        .args(["--format", "json"])
        .arg(catalog())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc = json(&out.stdout);
    let errors = schema_errors("batch-response.schema.json", &doc);
    assert!(errors.is_empty(), "{errors:#?}");
    assert_eq!(doc["batchSummary"]["totalProducts"], 7);
    assert_eq!(doc["results"].as_array().map(Vec::len), Some(7));
    assert_eq!(doc["billing"]["productCount"], 7);
    assert_eq!(doc["billing"]["testMode"], true);
    assert_eq!(doc["meta"]["requestId"], "req-test");
    let text = String::from_utf8_lossy(&out.stdout);
    let pos = |k: &str| text.find(&format!("\"{k}\"")).unwrap_or(usize::MAX);
    let order = [
        "success",
        "results",
        "batchCompliance",
        "batchOptimization",
        "batchSummary",
        "batchAnalytics",
        "billing",
        "meta",
    ];
    assert!(order.windows(2).all(|w| pos(w[0]) < pos(w[1])), "{text}");
    // Inside the summary objects too, the spec's order is kept.
    assert!(
        pos("gmcCompliant") < pos("fullyCompliantProducts"),
        "{text}"
    );
    assert!(pos("totalProducts") < pos("validProducts"), "{text}");
    // Every product with findings shows up in a quick win.
    let wins = doc["batchAnalytics"]["quickWins"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    assert!(!wins.is_empty());
}

#[test]
fn no_market_intelligence_drops_the_category_object() {
    let dir = tempdir();
    let out = batch(dir.path())
        .args(["--format", "json", "--no-market-intelligence"])
        .arg(catalog())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let doc = json(&out.stdout);
    assert!(doc["results"][0].get("marketIntelligence").is_none());
    // Category intelligence is off: the category rules (FL-K...) do not run.
    assert!(!String::from_utf8_lossy(&out.stdout).contains("FL-K"));
    // What remains are the catalogue's well-known test GTINs (identity rules), never category rules.
    assert!(
        doc["results"]
            .as_array()
            .into_iter()
            .flatten()
            .all(|r| r["results"]["category"]["errorCount"] == 0)
    );
    let out = batch(tempdir().path())
        .args(["--format", "json"])
        .arg(catalog())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        json(&out.stdout)["results"][0]
            .get("marketIntelligence")
            .is_some()
    );
}

#[test]
fn table_shows_products_then_analytics() {
    let dir = tempdir();
    let out = batch(dir.path())
        .arg(catalog())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    let row = text.find("NW-EL-1001").expect("a product row");
    let wins = text.find("Quick wins").expect("the analytics");
    assert!(row < wins, "products first, analytics last:\n{text}");
    insta::assert_snapshot!(text);
}

/// The stdout of a successful `batch` run in `dir` with `args`.
fn batch_stdout(dir: &Path, args: &[&std::ffi::OsStr]) -> String {
    let out = batch(dir)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `-v` lists every finding under the table, `file:line: severity kind CODE [name] field:
/// message`, the lines `validate -v` writes for the same feed; the summary, which otherwise
/// points at `-v`, then does not.
#[test]
fn verbose_lists_every_finding_with_its_line_as_validate_does() {
    let dir = tempdir();
    let feed = catalog();
    let prefix = format!("{}:", feed.display());
    let listed = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with(&prefix))
            .map(str::to_owned)
            .collect()
    };

    let plain = batch_stdout(dir.path(), &[feed.as_os_str()]);
    assert!(listed(&plain).is_empty(), "{plain}");
    assert!(
        plain.contains(
            "6 with errors (counted per product above; -v lists every finding with its line); "
        ),
        "{plain}"
    );

    let verbose = batch_stdout(dir.path(), &["-v".as_ref(), feed.as_os_str()]);
    let lines = listed(&verbose);
    // The errors column of the catalogue: 1 + 2 + 1 + 1 + 1 + 1 + 0.
    assert_eq!(lines.len(), 7, "{verbose}");
    assert!(
        lines.contains(&format!(
            "{prefix}6: high compliance FL-K006 [category-gtin-missing] gtin: Automotive products \
             need a gtin (the category's GTIN requirement: critical)"
        )),
        "{verbose}"
    );
    // Under the table, before the analytics.
    let table_end = verbose.find('└').expect("the table");
    let first = verbose.find(&lines[0]).expect("a finding");
    let analytics = verbose.find("Batch: ").expect("the analytics");
    assert!(table_end < first && first < analytics, "{verbose}");
    assert!(!verbose.contains("-v lists"), "{verbose}");

    let db = dir.path().join("validate-db");
    let path = feed.to_string_lossy();
    let out = common::run(&db, Some(TEST_KEY), &["validate", "-v", &path]);
    assert_eq!(listed(&String::from_utf8_lossy(&out.stdout)), lines);
}

/// The line column gives each product's line, `file:line` ("location") when several feeds are
/// checked, as in `validate`; a feed without findings gets no hint at `-v`.
#[test]
fn line_column_names_the_file_when_several_feeds_are_checked() {
    let dir = tempdir();
    let text = std::fs::read_to_string(catalog()).unwrap_or_else(|e| panic!("{e}"));
    let lines: Vec<&str> = text.lines().collect();
    // The first product, and the last, which has no finding.
    for (name, row) in [("first.csv", 1), ("clean.csv", 7)] {
        std::fs::write(
            dir.path().join(name),
            format!("{}\n{}\n", lines[0], lines[row]),
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
    let one = batch_stdout(dir.path(), &["clean.csv".as_ref()]);
    assert!(one.contains("│ product    ┆ line ┆"), "{one}");
    assert!(one.contains("│ NW-SG-6001 ┆ 2    ┆"), "{one}");
    assert!(
        one.contains("Batch: 1 product, 1 valid, 0 with errors; "),
        "{one}"
    );

    let two = batch_stdout(dir.path(), &["first.csv".as_ref(), "clean.csv".as_ref()]);
    assert!(two.contains("┆ location    ┆"), "{two}");
    assert!(two.contains("│ NW-EL-1001 ┆ first.csv:2 ┆"), "{two}");
    assert!(two.contains("│ NW-SG-6001 ┆ clean.csv:2 ┆"), "{two}");
}

#[test]
fn a_batch_of_one_product_is_counted_in_the_singular() {
    let dir = tempdir();
    let text = std::fs::read_to_string(catalog()).unwrap_or_else(|e| panic!("{e}"));
    let one = text.lines().take(2).collect::<Vec<_>>().join("\n") + "\n";
    let feed = dir.path().join("one.csv");
    std::fs::write(&feed, one).unwrap_or_else(|e| panic!("{e}"));
    let out = batch(dir.path())
        .args(["--exit-zero"])
        .arg(&feed)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(text.contains("Batch: 1 product, "), "{text}");
    let out = batch(dir.path())
        .args(["--format", "json", "--exit-zero"])
        .arg(&feed)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let body = json(&out.stdout);
    let message = body["batchCompliance"]["message"]
        .as_str()
        .unwrap_or_default();
    assert!(
        message.ends_with(" of 1 product fully meets GMC requirements"),
        "{message}"
    );
}

#[test]
fn table_is_written_in_blocks_so_memory_stays_flat() {
    // 2,500 products: two full blocks of TABLE_BLOCK (1,000) rows and one of 500, each with its
    // own header, then the analytics once.
    let dir = tempdir();
    let feed = dir.path().join("many.csv");
    let mut csv = String::from(
        "id,title,description,link,image_link,price,availability,condition,brand,gtin\n",
    );
    for i in 0..2500 {
        writeln!(
            csv,
            "SKU-{i},Plain cotton shirt number {i},A soft cotton shirt.,https://shop.test/p/{i},\
             https://shop.test/i/{i}.jpg,10.00 USD,in_stock,new,Acme,"
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
    std::fs::write(&feed, csv).unwrap_or_else(|e| panic!("{e}"));
    // A production key: 2,500 products are over a test key's monthly 1,000.
    let out = Command::cargo_bin("feedlint")
        .unwrap_or_else(|e| panic!("binary: {e}"))
        .current_dir(dir.path())
        .env_remove("FEEDLINT_API_KEY")
        .arg("--db")
        .arg(dir.path().join("db"))
        .args(["--api-key", "adb_prod_0123456789abcdefXYZ", "batch"])
        .arg(&feed)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(text.matches("impact $/mo").count(), 3, "three table blocks");
    assert_eq!(text.matches("Quick wins").count(), 1);
    assert!(text.find("SKU-2499").expect("last row") < text.find("Quick wins").expect("analytics"));
    assert!(text.contains("Batch: 2500 products"));
}

#[test]
fn compliance_drop_against_a_baseline_exits_1_and_unchanged_feed_exits_0() {
    let dir = tempdir();
    let out = batch(dir.path())
        .args(["--format", "json"])
        .arg(catalog())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let baseline = dir.path().join("baseline.json");
    std::fs::write(&baseline, &out.stdout).unwrap_or_else(|e| panic!("{e}"));

    let same = batch(dir.path())
        .arg("--baseline")
        .arg(&baseline)
        .arg(catalog())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        same.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&same.stderr)
    );

    let worse = worse_catalog(dir.path());
    let dropped = batch(dir.path())
        .arg("--baseline")
        .arg(&baseline)
        .arg(&worse)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(dropped.status.code(), Some(1));
    let err = String::from_utf8_lossy(&dropped.stderr);
    assert!(err.contains("feed compliance dropped"), "{err}");
    assert!(err.contains("NW-EL-1001"), "{err}");
}

#[test]
fn fail_under_and_fail_on_exit_1_with_a_one_line_reason() {
    let dir = tempdir();
    for (flag, value, expect) in [
        ("--fail-under", "90", "is under --fail-under 90%"),
        (
            "--fail-on",
            "high",
            "of severity high or higher (--fail-on high)",
        ),
    ] {
        let out = batch(dir.path())
            .args([flag, value])
            .arg(catalog())
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(out.status.code(), Some(1), "{flag}");
        let err = String::from_utf8_lossy(&out.stderr);
        let lines = gate_lines(&err);
        assert_eq!(lines.len(), 1, "{err}");
        // The line `validate` and `gtin` write too (`gate::failure_line`).
        assert!(lines[0].contains(expect), "{err}");
        assert!(
            lines[0].ends_with(" (exit 1; --exit-zero to ignore)"),
            "{err}"
        );
    }
    let ok = batch(dir.path())
        .args(["--fail-under", "80", "--fail-on", "critical"])
        .arg(catalog())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ok.status.code(), Some(0));
}

/// The lines `feedlint: ...` of a run's stderr (the gate's line, `gate::failure_line`).
fn gate_lines(err: &str) -> Vec<&str> {
    err.lines()
        .filter(|l| l.starts_with("feedlint: "))
        .collect()
}

#[test]
fn exit_zero_reports_the_failure_but_exits_0() {
    let dir = tempdir();
    let out = batch(dir.path())
        .args(["--fail-on", "low", "--exit-zero"])
        .arg(catalog())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8_lossy(&out.stderr);
    let lines = gate_lines(&err);
    assert_eq!(lines.len(), 1, "{err}");
    assert!(
        lines[0].contains("(--fail-on low) (exit 0 because of --exit-zero)"),
        "{err}"
    );
    // As with `validate` and `gtin`, --quiet leaves out the line of a run that exits 0.
    let quiet = batch(dir.path())
        .args(["--fail-on", "low", "--exit-zero", "--quiet"])
        .arg(catalog())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(quiet.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&quiet.stderr), "");
}

/// CI reports name files relative to the working directory (the repository checkout).
fn ci_output(format: &str) -> String {
    let dir = tempdir();
    std::fs::copy(catalog(), dir.path().join("catalog.csv")).unwrap_or_else(|e| panic!("{e}"));
    let out = batch(dir.path())
        .args(["--format", format, "catalog.csv"])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn sarif_output_validates_against_the_subset_schema() {
    let doc = json(ci_output("sarif").as_bytes());
    let errors = schema_errors("sarif-2.1.0-subset.schema.json", &doc);
    assert!(errors.is_empty(), "{errors:#?}");
    assert!(
        doc["runs"][0]["results"]
            .as_array()
            .is_some_and(|r| !r.is_empty())
    );
}

#[test]
fn gitlab_output_validates_against_the_code_quality_schema() {
    let doc = json(ci_output("gitlab").as_bytes());
    let errors = schema_errors("gitlab-codequality.schema.json", &doc);
    assert!(errors.is_empty(), "{errors:#?}");
    // One issue per finding, each with its own fingerprint.
    let issues = doc.as_array().cloned().unwrap_or_default();
    assert!(!issues.is_empty());
    let prints: std::collections::BTreeSet<_> = issues
        .iter()
        .map(|i| i["fingerprint"].to_string())
        .collect();
    assert_eq!(prints.len(), issues.len());
}

/// Two products sharing an id (FL-I004 on the second): every finding keeps a fingerprint of its
/// own in both the GitLab and the SARIF report, as GitLab keeps one issue per fingerprint.
#[test]
fn products_sharing_an_id_get_fingerprints_of_their_own() {
    let dir = tempdir();
    let row = |n: u32| {
        format!(
            "dup,Widget one blue size large cotton,Desc,https://a.example/{n},https://a.example/{n}.jpg,10.00 USD,in_stock,new,Acme,\n"
        )
    };
    std::fs::write(
        dir.path().join("dup.csv"),
        format!(
            "id,title,description,link,image_link,price,availability,condition,brand,gtin\n{}{}",
            row(1),
            row(2)
        ),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    for format in ["gitlab", "sarif"] {
        let out = batch(dir.path())
            .args(["--format", format, "dup.csv"])
            .output()
            .unwrap_or_else(|e| panic!("{e}"));
        let doc = json(&out.stdout);
        let prints: Vec<String> = if format == "gitlab" {
            doc.as_array()
                .into_iter()
                .flatten()
                .map(|i| i["fingerprint"].to_string())
                .collect()
        } else {
            doc["runs"][0]["results"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|r| r["partialFingerprints"]["feedlint/v1"].to_string())
                .collect()
        };
        let unique: std::collections::BTreeSet<_> = prints.iter().collect();
        assert!(prints.len() >= 4, "{format}: {prints:?}");
        assert_eq!(unique.len(), prints.len(), "{format}: {prints:?}");
    }
}

/// `batch a.csv b.csv` is one request with one duplicate memory: an id of a.csv used again in
/// b.csv is FL-I004, and its message names a.csv with the line there; a duplicate within one file
/// keeps the message of a one-file run. (`validate` remembers ids per file: tests/validate.rs.)
#[test]
fn an_id_used_again_in_another_file_names_the_file_of_its_first_use() {
    let dir = tempdir();
    let header = "id,title,description,link,image_link,price,availability,condition,brand,gtin\n";
    let row = |id: &str, n: u32| {
        format!(
            "{id},Widget one blue size large cotton,Desc,https://a.example/{n},https://a.example/{n}.jpg,10.00 USD,in_stock,new,Acme,\n"
        )
    };
    std::fs::write(
        dir.path().join("a.csv"),
        format!("{header}{}{}", row("A-1", 1), row("SHARED", 2)),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    std::fs::write(
        dir.path().join("b.csv"),
        format!(
            "{header}{}{}{}",
            row("B-1", 3),
            row("SHARED", 4),
            row("B-1", 5)
        ),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    // `-v` lists every finding with its message (the JSON report gives only codes).
    let out = batch_stdout(
        dir.path(),
        &["-v", "a.csv", "b.csv"].map(std::ffi::OsStr::new),
    );
    let duplicates: Vec<&str> = out.lines().filter(|l| l.contains("FL-I004 [")).collect();
    assert_eq!(
        duplicates,
        [
            "b.csv:3: critical compliance FL-I004 [duplicate-id] id: id \"SHARED\" was already used by the product at a.csv:3",
            "b.csv:4: critical compliance FL-I004 [duplicate-id] id: id \"B-1\" was already used by the product at line 2",
        ],
        "{out}"
    );
}

#[test]
fn junit_output_is_well_formed_xml_with_one_case_per_product() {
    use quick_xml::events::Event;
    let xml = ci_output("junit");
    let mut reader = quick_xml::Reader::from_str(&xml);
    let mut cases = 0;
    let mut failures = 0;
    loop {
        match reader.read_event() {
            Ok(Event::Eof) => break,
            Ok(Event::Start(e) | Event::Empty(e)) => match e.name().as_ref() {
                b"testcase" => cases += 1,
                b"failure" => failures += 1,
                _ => {}
            },
            Ok(_) => {}
            Err(e) => panic!("bad XML: {e}\n{xml}"),
        }
    }
    assert_eq!(cases, 7, "{xml}");
    assert!(failures >= 1, "{xml}");
}

#[test]
fn github_output_is_workflow_commands() {
    let text = ci_output("github");
    assert!(!text.is_empty());
    assert!(
        text.lines()
            .all(|l| l.starts_with("::") || l.starts_with("feedlint: ")),
        "{text}"
    );
    assert!(
        text.contains("::error file=catalog.csv,line=6,title=FL-K006"),
        "{text}"
    );
}

#[test]
fn request_body_over_1000_products_is_413() {
    let dir = tempdir();
    let products: Vec<serde_json::Value> = (0..1001)
        .map(|i| {
            serde_json::json!({
                "id": format!("P{i}"),
                "title": "Northwind Merino Crew Neck Sweater",
                "description": "Soft merino wool crew neck sweater, knitted in Portugal.",
                "price": "89.00 USD"
            })
        })
        .collect();
    let body = dir.path().join("body.json");
    std::fs::write(
        &body,
        serde_json::json!({ "products": products }).to_string(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = batch(dir.path())
        .args(["--format", "json"])
        .arg(&body)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(2));
    let doc = json(&out.stdout);
    assert_eq!(doc["success"], false);
    assert_eq!(doc["error"]["code"], "PAYLOAD_TOO_LARGE", "{doc}");
}

#[test]
fn config_file_ignoring_a_rule_removes_its_findings() {
    let dir = tempdir();
    let feed = catalog();
    let run = |dir: &Path| {
        batch_stdout(
            dir,
            &["--format".as_ref(), "json".as_ref(), feed.as_os_str()],
        )
    };
    assert!(run(dir.path()).contains("FL-K006"));
    std::fs::write(
        dir.path().join("feedlint.toml"),
        "[rules]\nignore = [\"FL-K006\"]\n",
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let text = run(dir.path());
    assert!(!text.contains("FL-K006"), "{text}");
}

#[test]
fn request_body_enable_market_intelligence_false_turns_it_off() {
    let dir = tempdir();
    let body = dir.path().join("body.json");
    std::fs::write(
        &body,
        r#"{"enableMarketIntelligence": false, "products": [
            {"id": "A1", "title": "Northwind Oven 60 cm Stainless Steel", "description": "A built-in electric oven with 71 l capacity and pyrolytic cleaning.", "price": "499.00 USD", "category": "home_garden", "imageLink": "https://cdn.northwind.example/img/oven.jpg"}
        ]}"#,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let out = batch(dir.path())
        .args(["--format", "json"])
        .arg(&body)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc = json(&out.stdout);
    assert_eq!(doc["results"][0]["productId"], "A1");
    assert!(
        doc["results"][0].get("marketIntelligence").is_none(),
        "{doc}"
    );
    assert!(schema_errors("batch-response.schema.json", &doc).is_empty());
}

#[test]
fn test_key_over_its_monthly_limit_is_refused_before_any_output() {
    let dir = tempdir();
    let feed = dir.path().join("big.ndjson");
    let lines: Vec<String> = (0..1001)
        .map(|i| {
            serde_json::json!({
                "id": format!("P{i}"),
                "title": "Northwind Merino Crew Neck Sweater",
                "price": "89.00 USD"
            })
            .to_string()
        })
        .collect();
    let lines = lines.join("\n");
    std::fs::write(&feed, lines).unwrap_or_else(|e| panic!("{e}"));
    let out = batch(dir.path())
        .args(["--format", "json"])
        .arg(&feed)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(2));
    let doc = json(&out.stdout);
    assert_eq!(doc["error"]["code"], "RATE_LIMIT_EXCEEDED", "{doc}");
    assert!(doc.get("results").is_none());
    // Nothing was recorded: the catalogue still fits afterwards.
    let ok = batch(dir.path())
        .arg(catalog())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(ok.status.code(), Some(0));
}

#[test]
fn an_input_error_before_the_first_product_leaves_only_the_error_envelope() {
    let dir = tempdir();
    let text = std::fs::read_to_string(catalog()).unwrap_or_else(|e| panic!("{e}"));
    let header = text.lines().next().unwrap_or_default();
    let empty = dir.path().join("empty.csv");
    std::fs::write(&empty, format!("{header}\n")).unwrap_or_else(|e| panic!("{e}"));
    let out = batch(dir.path())
        .args(["--format", "json"])
        .arg(&empty)
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(2));
    let doc = json(&out.stdout);
    assert_eq!(doc["success"], false, "{doc}");
    assert_eq!(doc["error"]["code"], "INPUT_ERROR");
}

/// Entries of XML and JSON feeds are rendered with the checks, ahead of the feed-wide rules
/// (`RenderedEntry`); CSV entries are rendered after them. The same products as CSV, RSS and
/// JSON give the same entries, duplicates included (the feed-wide rules change their reports
/// after the rendering). Streamed under a production key, with two jobs.
#[test]
fn entries_rendered_ahead_match_entries_rendered_after_the_feed_wide_rules() {
    let dir = tempfile::tempdir().unwrap();
    // The second repeats the first id, the third the first GTIN.
    let feeds = common::same_products_in_three_formats(
        dir.path(),
        &[
            ("A1", "5449000000996"),
            ("A1", "8712566441501"),
            ("A3", "5449000000996"),
            ("A4", "3017620422003"),
        ],
    );
    let code = |name: &str| feedlint::rules::find(name).unwrap().code;
    let results: Vec<serde_json::Value> = feeds
        .iter()
        .map(|feed| {
            let out = Command::cargo_bin("feedlint")
                .unwrap()
                .current_dir(dir.path())
                .env("FEEDLINT_NOW", "2026-11-22T10:00:00Z")
                .env_remove("FEEDLINT_API_KEY")
                .args(["--db", dir.path().join("db").to_str().unwrap()])
                .args([
                    "--api-key",
                    "adb_prod_0123456789abcdefXYZ",
                    "--format",
                    "json",
                ])
                .args(["batch", "--no-config", "--exit-zero", "--jobs", "2"])
                .arg(feed)
                .output()
                .unwrap();
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            v["results"].clone()
        })
        .collect();
    let violations = |i: usize| results[0][i]["gmcCompliance"]["violations"].to_string();
    assert!(
        violations(1).contains(code("duplicate-id")),
        "{}",
        violations(1)
    );
    assert!(
        violations(2).contains(code("duplicate-gtin")),
        "{}",
        violations(2)
    );
    assert_eq!(results[1], results[0], "RSS against CSV");
    assert_eq!(results[2], results[0], "JSON against CSV");
}
