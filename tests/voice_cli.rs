//! `feedlint voice analyze` and `feedlint voice profiles`, driving the real binary. Each test has
//! its own temp database; the clock and request id are fixed through FEEDLINT_NOW /
//! FEEDLINT_REQUEST_ID.

use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

const KEY_A: &str = "adb_prod_0123456789abcdefXYZ";
const KEY_B: &str = "adb_prod_ZYXfedcba9876543210";
const TEST_KEY: &str = "adb_test_0123456789abcdefXYZ";

fn feedlint(db: &Path, key: &str) -> Command {
    let mut cmd = Command::cargo_bin("feedlint").unwrap();
    cmd.env_remove("FEEDLINT_API_KEY")
        .env("FEEDLINT_DB", db)
        .env("FEEDLINT_API_KEY", key)
        .env("FEEDLINT_NOW", "2026-11-22T10:00:00Z")
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

fn run(db: &Path, key: &str, args: &[&str]) -> Run {
    let out = feedlint(db, key).args(args).output().unwrap();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn json(r: &Run) -> Value {
    serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{e}: {}\n{}", r.stdout, r.stderr))
}

/// The texts of one tone of the shipped corpus: (title, description).
fn corpus(tone: &str) -> Vec<(String, String)> {
    let path = format!("{}/data/voice/{tone}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    for block in text.split("\n# ").map(|b| b.trim_start_matches("# ")) {
        let mut lines = block.lines();
        let Some(head) = lines.next() else { continue };
        let title = head.split('|').nth(1).unwrap_or(head).trim().to_string();
        let body: String = lines.collect::<Vec<_>>().join(" ").trim().to_string();
        if !body.is_empty() {
            out.push((title, body));
        }
    }
    out
}

/// Writes an NDJSON feed of the given texts for brand `brand`.
fn feed(dir: &Path, name: &str, brand: &str, texts: &[(String, String)]) -> String {
    let mut s = String::new();
    for (i, (title, description)) in texts.iter().enumerate() {
        let line = serde_json::json!({
            "id": format!("p{i}"), "title": title, "description": description, "brand": brand
        });
        s.push_str(&line.to_string());
        s.push('\n');
    }
    let path = dir.join(name);
    std::fs::write(&path, s).unwrap();
    path.to_string_lossy().into_owned()
}

fn schema(name: &str) -> jsonschema::Validator {
    let path = format!("{}/tests/schemas/{name}", env!("CARGO_MANIFEST_DIR"));
    let s: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    jsonschema::validator_for(&s).unwrap()
}

fn assert_valid(v: &jsonschema::Validator, doc: &Value) {
    let errors: Vec<String> = v.iter_errors(doc).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:?}\n{doc:#}");
}

fn analyze_one(db: &Path, key: &str, brand: &str, text: &(String, String)) -> Run {
    run(
        db,
        key,
        &[
            "--format",
            "json",
            "voice",
            "analyze",
            "--brand",
            brand,
            "--title",
            &text.0,
            "--description",
            &text.1,
        ],
    )
}

#[test]
fn analyze_json_matches_schema_and_list_too() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let text = corpus("luxury").remove(0);
    let r = analyze_one(&db, KEY_A, "Aurelian", &text);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let doc = json(&r);
    assert_valid(&schema("voice-analyze.schema.json"), &doc);
    assert_eq!(doc["data"]["brandVoiceAnalysis"]["detectedTone"], "luxury");
    assert_eq!(doc["data"]["learningIntelligence"]["analysisCount"], 1);
    assert_eq!(doc["meta"]["requestId"], "req-test");

    let r = run(
        &db,
        KEY_A,
        &["--format", "json", "voice", "profiles", "list"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let doc = json(&r);
    assert_valid(&schema("voice-profiles.schema.json"), &doc);
    assert_eq!(doc["data"]["profiles"][0]["brandName"], "Aurelian");

    let r = run(
        &db,
        KEY_A,
        &["--format", "json", "voice", "profiles", "show", "Aurelian"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_valid(&schema("voice-profiles.schema.json"), &json(&r));
}

#[test]
fn request_body_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let (title, description) = corpus("technical").remove(0);
    let body = serde_json::json!({
        "product": {"title": title, "description": description, "category": "electronics"},
        "brandName": "Vortex",
        "options": {"enableDriftDetection": true, "includeRecommendations": false}
    });
    let path = dir.path().join("req.json");
    std::fs::write(&path, body.to_string()).unwrap();
    let r = run(
        &db,
        KEY_A,
        &[
            "--format",
            "json",
            "voice",
            "analyze",
            "--request",
            path.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let doc = json(&r);
    assert_valid(&schema("voice-analyze.schema.json"), &doc);
    assert_eq!(doc["data"]["recommendations"], serde_json::json!([]));
    assert_eq!(
        doc["data"]["brandVoiceAnalysis"]["detectedTone"],
        "technical"
    );
}

#[test]
fn test_key_gets_auth_required() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let text = corpus("luxury").remove(0);
    let r = analyze_one(&db, TEST_KEY, "Aurelian", &text);
    assert_eq!(r.code, Some(2));
    assert_eq!(json(&r)["error"]["code"], "AUTH_REQUIRED");
    let r = run(
        &db,
        TEST_KEY,
        &["--format", "json", "voice", "profiles", "list"],
    );
    assert_eq!(r.code, Some(2));
    assert_eq!(json(&r)["error"]["code"], "AUTH_REQUIRED");
}

/// With no profile yet the table view says so and how to make one, instead of an empty table;
/// with one, it is a row of the table.
#[test]
fn profiles_list_says_when_there_are_none() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let r = run(&db, KEY_A, &["voice", "profiles", "list"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout
            .starts_with("No brand voice profiles yet for this API key"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("┌"), "{}", r.stdout);
    let r = run(&db, KEY_A, &["voice", "profiles", "create", "Aurelian"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let r = run(&db, KEY_A, &["voice", "profiles", "list"]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stdout.contains("Aurelian"), "{}", r.stdout);
    assert!(r.stdout.contains("1 profile, 0 analyses"), "{}", r.stdout);
}

/// Spec 7 lists UNAUTHORIZED for the product, GTIN and batch endpoints only: brand voice answers
/// a call with no key or a malformed one, like one with a test key, with AUTH_REQUIRED.
#[test]
fn no_key_or_a_malformed_key_gets_auth_required() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let text = corpus("luxury").remove(0);
    for key in ["", "adb_live_0123456789abcdefXY"] {
        let r = analyze_one(&db, key, "Aurelian", &text);
        assert_eq!(r.code, Some(2), "{key:?}: {}", r.stderr);
        assert_eq!(json(&r)["error"]["code"], "AUTH_REQUIRED", "{key:?}");
        assert!(!r.stdout.contains("0123456789abcdef"), "{}", r.stdout);
        let r = run(&db, key, &["--format", "json", "voice", "profiles", "list"]);
        assert_eq!(r.code, Some(2), "{key:?}: {}", r.stderr);
        assert_eq!(json(&r)["error"]["code"], "AUTH_REQUIRED", "{key:?}");
    }
}

#[test]
fn missing_description_or_brand_is_validation_error_422() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let r = analyze_one(&db, KEY_A, "Aurelian", &("Scarf".into(), "  ".into()));
    assert_eq!(r.code, Some(2));
    let doc = json(&r);
    assert_eq!(doc["error"]["code"], "VALIDATION_ERROR");
    assert_eq!(doc["error"]["details"]["status"], 422);
    assert_eq!(doc["error"]["details"]["field"], "product.description");
    let r = run(
        &db,
        KEY_A,
        &[
            "--format",
            "json",
            "voice",
            "analyze",
            "--title",
            "T",
            "--description",
            "D",
        ],
    );
    assert_eq!(r.code, Some(2));
    assert_eq!(json(&r)["error"]["details"]["field"], "brandName");
    // Nothing was stored.
    let r = run(
        &db,
        KEY_A,
        &["--format", "json", "voice", "profiles", "list"],
    );
    assert_eq!(json(&r)["data"]["profiles"], serde_json::json!([]));
}

#[test]
fn analysis_count_grows_and_phase_is_established_at_11() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let texts = corpus("technical");
    let first = feed(dir.path(), "ten.ndjson", "Vortex", &texts[..10]);
    let r = run(
        &db,
        KEY_A,
        &[
            "--format", "json", "voice", "analyze", "--brand", "Vortex", &first,
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let doc = json(&r);
    let items = doc.as_array().unwrap();
    assert_eq!(items.len(), 10);
    let v = schema("voice-analyze.schema.json");
    for (i, item) in items.iter().enumerate() {
        assert_valid(&v, item);
        assert_eq!(item["data"]["learningIntelligence"]["analysisCount"], i + 1);
        // Each analysis is its own request, counted alone: its meta says so.
        assert_eq!(item["meta"]["usage"]["monthly"], i + 1, "{item}");
    }
    assert_eq!(
        items[9]["data"]["learningIntelligence"]["profileStatus"],
        "building"
    );
    let r = analyze_one(&db, KEY_A, "Vortex", &texts[10]);
    let doc = json(&r);
    assert_eq!(doc["data"]["learningIntelligence"]["analysisCount"], 11);
    assert_eq!(
        doc["data"]["learningIntelligence"]["profileStatus"],
        "established"
    );
    // Counted on the brand-voice counter.
    let r = run(&db, KEY_A, &["--format", "json", "usage"]);
    let usage = json(&r);
    let counters = usage["data"]["counters"].as_array().unwrap();
    let brand_voice = counters
        .iter()
        .find(|c| c["counter"] == "brandVoice")
        .unwrap();
    assert_eq!(brand_voice["validations"], 11);
}

#[test]
fn profiles_are_isolated_between_keys() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let text = corpus("luxury").remove(0);
    assert_eq!(analyze_one(&db, KEY_A, "Aurelian", &text).code, Some(0));
    let r = run(
        &db,
        KEY_B,
        &["--format", "json", "voice", "profiles", "list"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(json(&r)["data"]["profiles"], serde_json::json!([]));
    for sub in ["show", "delete"] {
        let r = run(
            &db,
            KEY_B,
            &["--format", "json", "voice", "profiles", sub, "Aurelian"],
        );
        assert_eq!(r.code, Some(2));
        assert_eq!(json(&r)["error"]["code"], "NOT_FOUND");
    }
    // Key A still has it.
    let r = run(
        &db,
        KEY_A,
        &["--format", "json", "voice", "profiles", "show", "Aurelian"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
}

#[test]
fn create_update_and_export_delete_import_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let args = [
        "voice",
        "profiles",
        "create",
        "Nimbus",
        "--context",
        "friendly",
        "--drift-alerts",
        "true",
        "--alert-threshold",
        "0.5",
        "--notify",
        "email",
        "--notify",
        "slack",
    ];
    assert_eq!(run(&db, KEY_A, &args).code, Some(0));
    let again = run(
        &db,
        KEY_A,
        &["--format", "json", "voice", "profiles", "create", "Nimbus"],
    );
    assert_eq!(again.code, Some(2));
    let r = run(
        &db,
        KEY_A,
        &[
            "voice",
            "profiles",
            "update",
            "Nimbus",
            "--alert-threshold",
            "0.7",
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let text = corpus("friendly").remove(0);
    assert_eq!(analyze_one(&db, KEY_A, "Nimbus", &text).code, Some(0));

    let export = dir.path().join("export.json");
    let r = run(
        &db,
        KEY_A,
        &[
            "voice",
            "profiles",
            "export",
            "-o",
            export.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let before = run(
        &db,
        KEY_A,
        &["--format", "json", "voice", "profiles", "show", "Nimbus"],
    );
    assert_eq!(
        run(&db, KEY_A, &["voice", "profiles", "delete", "Nimbus"]).code,
        Some(0)
    );
    let gone = run(
        &db,
        KEY_A,
        &["--format", "json", "voice", "profiles", "show", "Nimbus"],
    );
    assert_eq!(json(&gone)["error"]["code"], "NOT_FOUND");
    let r = run(
        &db,
        KEY_A,
        &["voice", "profiles", "import", export.to_str().unwrap()],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let after = run(
        &db,
        KEY_A,
        &["--format", "json", "voice", "profiles", "show", "Nimbus"],
    );
    assert_eq!(json(&before)["data"], json(&after)["data"]);
    // Importing over an existing profile needs --replace.
    let r = run(
        &db,
        KEY_A,
        &["voice", "profiles", "import", export.to_str().unwrap()],
    );
    assert_eq!(r.code, Some(2));
    let r = run(
        &db,
        KEY_A,
        &[
            "voice",
            "profiles",
            "import",
            "--replace",
            export.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
}

/// `voice profiles export` piped into `voice profiles import -` moves a key's profiles to
/// another database, byte for byte; a bad body on stdin is named `<stdin>`.
#[test]
fn an_export_piped_into_import_dash_moves_the_profiles() {
    let dir = tempfile::tempdir().unwrap();
    let (from, to) = (dir.path().join("from"), dir.path().join("to"));
    let text = corpus("friendly").remove(0);
    assert_eq!(analyze_one(&from, KEY_A, "Nimbus", &text).code, Some(0));
    let export = run(&from, KEY_A, &["voice", "profiles", "export"]);
    assert_eq!(export.code, Some(0), "{}", export.stderr);
    let import = |stdin: &str| {
        let out = feedlint(&to, KEY_A)
            .args(["--format", "json", "voice", "profiles", "import", "-"])
            .write_stdin(stdin.to_owned())
            .output()
            .unwrap();
        Run {
            code: out.status.code(),
            stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        }
    };
    let r = import(&export.stdout);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let show = |db: &Path| {
        json(&run(
            db,
            KEY_A,
            &["--format", "json", "voice", "profiles", "show", "Nimbus"],
        ))["data"]
            .clone()
    };
    assert_eq!(show(&from), show(&to));
    let bad = import("{}");
    assert_eq!(bad.code, Some(2));
    let message = json(&bad)["error"]["message"].as_str().unwrap().to_owned();
    assert!(
        message.starts_with("<stdin>: not a feedlint voice profile export"),
        "{message}"
    );
}

/// A file that is not an export is named in the error.
#[test]
fn importing_a_file_that_is_not_an_export_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let empty = dir.path().join("empty.json");
    std::fs::write(&empty, "").unwrap();
    let r = run(
        &db,
        KEY_A,
        &[
            "--format",
            "json",
            "voice",
            "profiles",
            "import",
            empty.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, Some(2));
    let message = json(&r)["error"]["message"].as_str().unwrap().to_owned();
    assert!(
        message.starts_with(&format!(
            "{}: not a feedlint voice profile export",
            empty.display()
        )),
        "{message}"
    );
}

#[test]
fn drift_alert_is_printed_on_stderr() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let r = run(
        &db,
        KEY_A,
        &[
            "voice",
            "profiles",
            "create",
            "Vortex",
            "--drift-alerts",
            "true",
            "--notify",
            "email",
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let technical = corpus("technical");
    let steady = feed(dir.path(), "steady.ndjson", "Vortex", &technical[..30]);
    let r = run(
        &db,
        KEY_A,
        &["voice", "analyze", "--brand", "Vortex", &steady],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(!r.stderr.contains("drift alert"), "{}", r.stderr);
    let playful = corpus("playful");
    let switch = feed(dir.path(), "switch.ndjson", "Vortex", &playful[..3]);
    let r = run(
        &db,
        KEY_A,
        &["voice", "analyze", "--brand", "Vortex", &switch],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(r.stderr.contains("drift alert"), "{}", r.stderr);
    // --quiet silences it.
    let r = run(
        &db,
        KEY_A,
        &["--quiet", "voice", "analyze", "--brand", "Vortex", &switch],
    );
    assert!(!r.stderr.contains("drift alert"), "{}", r.stderr);
}

#[test]
fn analyze_table_snapshot() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let texts: Vec<(String, String)> = ["luxury", "technical", "playful"]
        .iter()
        .map(|t| corpus(t).remove(0))
        .collect();
    let path = feed(dir.path(), "three.ndjson", "Mixed", &texts);
    let r = run(&db, KEY_A, &["voice", "analyze", "--brand", "Mixed", &path]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    insta::assert_snapshot!("voice_analyze_table", r.stdout);
}

#[test]
fn analyze_over_a_feed_takes_the_shared_read_options() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let texts = corpus("luxury");
    let path = feed(dir.path(), "feed.txt", "Maison", &texts[..2]);
    // `.txt` with NDJSON content: --input-format says how to read it.
    let r = run(
        &db,
        KEY_A,
        &[
            "voice",
            "analyze",
            "--format",
            "json",
            "--brand",
            "Maison",
            "--input-format",
            "ndjson",
            &path,
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let body = json(&r);
    assert_eq!(body.as_array().map(Vec::len), Some(2), "{body}");
}

/// Over a feed, a product without a title or description is named (file, line, id) on stderr
/// and skipped, not counted; the others are analysed and reported with their id and line.
#[test]
fn analyze_over_a_feed_skips_and_names_a_product_without_text() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let texts = corpus("luxury");
    let path = dir.path().join("feed.csv");
    let mut w = csv::Writer::from_path(&path).unwrap();
    w.write_record(["id", "title", "description"]).unwrap();
    w.write_record(["A1", &texts[0].0, &texts[0].1]).unwrap();
    w.write_record(["A2", "", "No title here at all"]).unwrap();
    w.write_record(["A3", &texts[1].0, &texts[1].1]).unwrap();
    w.flush().unwrap();
    let path = path.to_string_lossy().into_owned();

    let r = run(
        &db,
        KEY_A,
        &[
            "voice", "analyze", "--format", "json", "--brand", "Maison", &path,
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let body = json(&r);
    let ids: Vec<(&str, u64)> = body
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            (
                a["productId"].as_str().unwrap(),
                a["line"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(ids, [("A1", 2), ("A3", 4)]);
    assert!(
        r.stderr
            .contains(&format!("{path}:3: product A2 has no title; not analysed")),
        "{}",
        r.stderr
    );
    assert!(r.stderr.contains("1 product not analysed"), "{}", r.stderr);
    let v = schema("voice-analyze.schema.json");
    for a in body.as_array().unwrap() {
        assert_valid(&v, a);
    }

    // The table names each product too.
    let r = run(
        &db,
        KEY_A,
        &["voice", "analyze", "--brand", "Maison", &path],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert!(
        r.stdout.contains("A1 (line 2)") && r.stdout.contains("A3 (line 4)"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("A2"), "{}", r.stdout);

    // Two runs, two analyses each: the skipped product was never counted.
    let usage = json(&run(&db, KEY_A, &["--format", "json", "usage"]));
    let voice = usage["data"]["counters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["counter"] == "brandVoice")
        .unwrap();
    assert_eq!(voice["validations"], 4, "{usage}");
}

/// An export whose counts or sums no analyses could have made is refused, naming the file, the
/// brand and the field, and nothing is imported: a `scoreSum` of 1.8e308 showed `avg score inf`
/// after two analyses and `"averageVoiceScore": null`.
#[test]
fn importing_a_profile_with_impossible_figures_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let text = corpus("friendly").remove(0);
    assert_eq!(analyze_one(&db, KEY_A, "Nimbus", &text).code, Some(0));
    let export = dir.path().join("export.json");
    let r = run(
        &db,
        KEY_A,
        &[
            "voice",
            "profiles",
            "export",
            "-o",
            export.to_str().unwrap(),
        ],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let good: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&export).unwrap()).unwrap();
    let cases: [(&str, serde_json::Value, &str); 5] = [
        (
            "scoreSum",
            serde_json::json!(1.797_693_134_862_315_7e308),
            "profile 'Nimbus': scoreSum 1.7976931348623157e+308 is outside 0..=100 (at most 100 per \
             analysis, 1 analysis)",
        ),
        (
            "scoreSum",
            serde_json::json!(-1),
            "scoreSum -1.0 is outside",
        ),
        (
            "analysisCount",
            serde_json::json!(u64::MAX),
            "analysisCount 18446744073709551615 is more than 1000000000000 analyses",
        ),
        (
            "toneCounts",
            serde_json::json!({"friendly": 7}),
            "toneCounts add up to 7, not analysisCount 1",
        ),
        (
            "monthlyAnalyses",
            serde_json::json!({"2026-11": 5}),
            "monthlyAnalyses add up to more than analysisCount 1",
        ),
    ];
    for (field, value, want) in cases {
        let mut doc = good.clone();
        doc["profiles"][0][field] = value;
        if field == "analysisCount" {
            doc["profiles"][0]["featureStats"]["count"] = serde_json::json!(u64::MAX);
        }
        let bad = dir.path().join("bad.json");
        std::fs::write(&bad, doc.to_string()).unwrap();
        let r = run(
            &db,
            KEY_A,
            &[
                "--format",
                "json",
                "voice",
                "profiles",
                "import",
                "--replace",
                bad.to_str().unwrap(),
            ],
        );
        assert_eq!(r.code, Some(2), "{field}: {}", r.stdout);
        let v = json(&r);
        assert_eq!(v["error"]["code"], "VALIDATION_ERROR", "{v:#}");
        let message = v["error"]["message"].as_str().unwrap();
        assert!(
            message.starts_with(&format!("{}: profile 'Nimbus': ", bad.display())),
            "{message}"
        );
        assert!(message.contains(want), "{field}: {message}");
    }
    // Nothing was imported: the profile is the one analysed, its average finite.
    let r = run(
        &db,
        KEY_A,
        &["--format", "json", "voice", "profiles", "show", "Nimbus"],
    );
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    let shown = json(&r);
    assert!(
        shown.to_string().contains("\"averageVoiceScore\":"),
        "{shown:#}"
    );
    assert!(
        !shown.to_string().contains("\"averageVoiceScore\":null"),
        "{shown:#}"
    );
}
