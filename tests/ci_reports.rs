//! CI report emitters (junit, sarif, github, gitlab) over a fixed set of findings: a snapshot of
//! each, a check against its consumer's schema or a real XML parser, caps and fingerprints.

mod common;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use feedlint::model::{Finding, Group, RuleKind, Severity, SourceLocation};
use feedlint::report::OutputFormat;
use feedlint::report::ci::{self, CiOptions, ProductFindings, RuleInfo};

struct Product {
    id: &'static str,
    title: Option<&'static str>,
    location: SourceLocation,
    findings: Vec<Finding>,
}

#[allow(
    clippy::too_many_arguments,
    reason = "a test constructor mirroring the Finding fields"
)]
fn finding(
    code: &'static str,
    name: &'static str,
    group: Group,
    severity: Severity,
    kind: RuleKind,
    field: &'static str,
    message: &str,
    fix: &'static str,
    at: &SourceLocation,
) -> Finding {
    Finding {
        code,
        name,
        group,
        severity,
        kind,
        field,
        message: message.into(),
        fix,
        revenue_impact: 42.5,
        line: at.line,
    }
}

fn loc(root: &str, file: &str, line: u64, index: u64) -> SourceLocation {
    SourceLocation::new(Arc::from(format!("{root}/{file}")), line, index)
}

/// Two files, four products: one clean, one with three findings (one repeated rule on one field,
/// messages needing escapes in every format), one with a single low finding, one in a second file.
fn products(root: &str, shift: u64) -> Vec<Product> {
    let a = loc(root, "feeds/shop.csv", 2 + shift, 0);
    let b = loc(root, "feeds/shop.csv", 3 + shift, 1);
    let c = loc(root, "feeds/shop.csv", 4 + shift, 2);
    let d = loc(root, "feeds/extra.xml", 10 + shift, 0);
    vec![
        Product {
            id: "SKU-1",
            title: None,
            location: a,
            findings: vec![],
        },
        Product {
            id: "SKU-2",
            title: Some("Tee"),
            findings: vec![
                finding(
                    "FL-P001",
                    "sale-price-above-price",
                    Group::Pricing,
                    Severity::High,
                    RuleKind::Compliance,
                    "sale_price",
                    "sale_price 120.00 USD is above price 100.00 USD",
                    "Lower sale_price below price, or remove it.",
                    &b,
                ),
                finding(
                    "FL-C001",
                    "title-too-short",
                    Group::Content,
                    Severity::Medium,
                    RuleKind::Performance,
                    "title",
                    "title \"Tee, 50% off: <now> & more\nline two\" has 4 words",
                    "Write a title of 30 to 150 characters.",
                    &b,
                ),
                finding(
                    "FL-M001",
                    "image-link-not-https",
                    Group::Media,
                    Severity::Low,
                    RuleKind::Performance,
                    "additional_image_link",
                    "additional_image_link http://x/1.jpg is not HTTPS",
                    "Use https URLs.",
                    &b,
                ),
                finding(
                    "FL-M001",
                    "image-link-not-https",
                    Group::Media,
                    Severity::Low,
                    RuleKind::Performance,
                    "additional_image_link",
                    "additional_image_link http://x/2.jpg is not HTTPS",
                    "Use https URLs.",
                    &b,
                ),
            ],
            location: b,
        },
        Product {
            id: "SKU-3",
            title: None,
            findings: vec![finding(
                "FL-M001",
                "image-link-not-https",
                Group::Media,
                Severity::Low,
                RuleKind::Performance,
                "image_link",
                "image_link http://x/3.jpg is not HTTPS",
                "Use https URLs.",
                &c,
            )],
            location: c,
        },
        Product {
            id: "item-9",
            title: Some("Drill & driver <18V>"),
            findings: vec![finding(
                "FL-I001",
                "gtin-check-digit",
                Group::Identity,
                Severity::Critical,
                RuleKind::Compliance,
                "gtin",
                "gtin 4006381333932 has a wrong check digit",
                "Copy the GTIN from the product's barcode.",
                &d,
            )],
            location: d,
        },
    ]
}

fn rules() -> Vec<RuleInfo> {
    let r = |code, name, group: Group, severity, kind, what: &str| RuleInfo {
        code,
        name,
        group,
        severity,
        kind,
        short_description: what.to_owned(),
        help: format!("**What it checks**: {what}\n\n**How to fix**: see `feedlint rules {code}`."),
        help_uri: None,
    };
    vec![
        r(
            "FL-C001",
            "title-too-short",
            Group::Content,
            Severity::Medium,
            RuleKind::Performance,
            "The title has enough words.",
        ),
        r(
            "FL-I001",
            "gtin-check-digit",
            Group::Identity,
            Severity::Critical,
            RuleKind::Compliance,
            "The GTIN check digit is right.",
        ),
        r(
            "FL-M001",
            "image-link-not-https",
            Group::Media,
            Severity::Low,
            RuleKind::Performance,
            "Image links use HTTPS.",
        ),
        r(
            "FL-P001",
            "sale-price-above-price",
            Group::Pricing,
            Severity::High,
            RuleKind::Compliance,
            "sale_price is below price.",
        ),
    ]
}

fn options(root: &str) -> CiOptions {
    CiOptions {
        base_dir: Some(PathBuf::from(root)),
        ..CiOptions::default()
    }
}

fn emit_with(format: OutputFormat, products: &[Product], opts: &CiOptions) -> String {
    let rules = rules();
    let mut out: Vec<u8> = Vec::new();
    {
        let emitter = ci::emitter(format, &mut out, &rules, opts);
        let Ok(Some(mut emitter)) = emitter else {
            panic!("{format:?} must have a CI emitter")
        };
        for p in products {
            let pf = ProductFindings {
                product_id: p.id,
                location: &p.location,
                title: p.title,
                findings: &p.findings,
            };
            assert!(emitter.product(&pf).is_ok());
        }
        assert!(emitter.finish().is_ok());
    }
    String::from_utf8(out).unwrap_or_default()
}

fn emit(format: OutputFormat) -> String {
    emit_with(format, &products("/repo", 0), &options("/repo"))
}

fn json(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_else(|e| panic!("not JSON ({e}):\n{text}"))
}

fn assert_schema(schema_file: &str, doc: &serde_json::Value) {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/schemas/");
    let text = std::fs::read_to_string(format!("{path}{schema_file}")).unwrap_or_default();
    let schema = json(&text);
    let Ok(validator) = jsonschema::validator_for(&schema) else {
        panic!("bad schema {schema_file}")
    };
    let errors: Vec<String> = validator
        .iter_errors(doc)
        .map(|e| format!("{} at {}", e, e.instance_path))
        .collect();
    assert!(errors.is_empty(), "{schema_file}: {errors:#?}");
}

#[test]
fn table_and_json_are_not_ci_formats() {
    let rules = rules();
    let mut out = Vec::new();
    for f in [OutputFormat::Table, OutputFormat::Json] {
        assert!(matches!(
            ci::emitter(f, &mut out, &rules, &CiOptions::default()),
            Ok(None)
        ));
    }
}

// ---------------------------------------------------------------- junit

#[test]
fn junit_report_snapshot() {
    insta::assert_snapshot!(emit(OutputFormat::Junit));
}

#[test]
fn junit_parses_back_with_one_case_per_product_and_failure_counts() {
    use quick_xml::events::Event;
    let xml = emit(OutputFormat::Junit);
    let mut reader = quick_xml::Reader::from_str(&xml);
    let mut suites: Vec<(String, String, String)> = Vec::new(); // name, tests, failures
    let mut cases: Vec<(String, String)> = Vec::new(); // name, classname
    let mut failures: Vec<(String, String)> = Vec::new(); // message, type
    let mut root_counts = (String::new(), String::new());
    let mut failure_texts = Vec::new();
    let mut in_failure = false;
    let attr = xml_attr;
    loop {
        match reader.read_event() {
            Ok(Event::Start(e) | Event::Empty(e)) => match e.name().as_ref() {
                b"testsuites" => root_counts = (attr(&e, "tests"), attr(&e, "failures")),
                b"testsuite" => {
                    suites.push((attr(&e, "name"), attr(&e, "tests"), attr(&e, "failures")));
                }
                b"testcase" => cases.push((attr(&e, "name"), attr(&e, "classname"))),
                b"failure" => {
                    failures.push((attr(&e, "message"), attr(&e, "type")));
                    in_failure = true;
                }
                _ => {}
            },
            Ok(Event::Text(t)) if in_failure => {
                failure_texts.push(
                    t.unescape()
                        .map(std::borrow::Cow::into_owned)
                        .unwrap_or_default(),
                );
            }
            Ok(Event::End(e)) if e.name().as_ref() == b"failure" => in_failure = false,
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(e) => panic!("JUnit output is not well-formed XML: {e}\n{xml}"),
        }
    }
    assert_eq!(root_counts, ("4".into(), "3".into()));
    assert_eq!(
        suites,
        [
            ("feeds/shop.csv".into(), "3".into(), "2".into()),
            ("feeds/extra.xml".into(), "1".into(), "1".into())
        ]
    );
    assert_eq!(
        cases
            .iter()
            .map(|(n, c)| format!("{c}::{n}"))
            .collect::<Vec<_>>(),
        [
            "feeds/shop.csv::SKU-1",
            "feeds/shop.csv::SKU-2",
            "feeds/shop.csv::SKU-3",
            "feeds/extra.xml::item-9"
        ]
    );
    assert_eq!(
        failures[0],
        (
            "FL-P001 sale_price 120.00 USD is above price 100.00 USD (and 3 more)".into(),
            "high".into()
        )
    );
    assert_eq!(failures[2].1, "critical");
    // Every violation of SKU-2 is listed with its field, severity, line and fix.
    let text = &failure_texts[0];
    for needle in [
        "FL-P001",
        "FL-C001",
        "<now> & more",
        "field: additional_image_link  line: 3",
        "[low]",
        "fix: Use https URLs.",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in {text}");
    }
}

// ---------------------------------------------------------------- sarif

#[test]
fn sarif_report_snapshot() {
    let mut doc = json(&emit(OutputFormat::Sarif));
    // The crate version changes with every release; the snapshot should not.
    for key in ["version", "semanticVersion"] {
        assert_eq!(
            doc["runs"][0]["tool"]["driver"][key],
            env!("CARGO_PKG_VERSION")
        );
        doc["runs"][0]["tool"]["driver"][key] = "[version]".into();
    }
    // informationUri follows Cargo.toml's `repository`, which the snapshot should not pin.
    if let Some(driver) = doc["runs"][0]["tool"]["driver"].as_object_mut() {
        driver.remove("informationUri");
    }
    insta::assert_json_snapshot!(doc);
}

#[test]
fn sarif_matches_the_code_scanning_schema_and_points_at_rules() {
    let doc = json(&emit(OutputFormat::Sarif));
    assert_schema("sarif-2.1.0-subset.schema.json", &doc);
    let run = &doc["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "feedlint");
    let rules = run["tool"]["driver"]["rules"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let results = run["results"].as_array().cloned().unwrap_or_default();
    assert_eq!(results.len(), 6);
    for r in &results {
        let i = r["ruleIndex"].as_u64().unwrap_or(u64::MAX);
        let i = usize::try_from(i).unwrap_or(usize::MAX);
        assert_eq!(rules.get(i).map(|rule| &rule["id"]), Some(&r["ruleId"]));
    }
    let levels: Vec<&str> = results.iter().filter_map(|r| r["level"].as_str()).collect();
    assert_eq!(
        levels,
        ["error", "warning", "note", "note", "note", "error"]
    );
    assert_eq!(run["properties"]["feedlint/resultsCapped"], false);
    // The repeated rule on one field still gets two distinct fingerprints.
    assert_ne!(
        results[2]["partialFingerprints"],
        results[3]["partialFingerprints"]
    );
}

#[test]
fn sarif_caps_results_keeping_the_most_severe_and_says_so() {
    let opts = CiOptions {
        sarif_max_results: Some(2),
        ..options("/repo")
    };
    let doc = json(&emit_with(
        OutputFormat::Sarif,
        &products("/repo", 0),
        &opts,
    ));
    assert_schema("sarif-2.1.0-subset.schema.json", &doc);
    let run = &doc["runs"][0];
    let ids: Vec<&str> = run["results"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r["ruleId"].as_str())
        .collect();
    // Kept in feed order: the high (FL-P001) and the critical (FL-I001) ones.
    assert_eq!(ids, ["FL-P001", "FL-I001"]);
    assert_eq!(run["properties"]["feedlint/resultsCapped"], true);
    assert_eq!(run["properties"]["feedlint/omittedResults"], 4);
    let note = &run["invocations"][0]["toolExecutionNotifications"][0];
    assert_eq!(note["descriptor"]["id"], "results-capped");
    assert!(
        note["message"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("at most 2 results per run (4 omitted)"))
    );
}

#[test]
fn sarif_default_cap_is_github_limit() {
    assert_eq!(feedlint::report::sarif::MAX_RESULTS, 25_000);
}

// ---------------------------------------------------------------- github

#[test]
fn github_annotations_snapshot() {
    insta::assert_snapshot!(emit(OutputFormat::Github));
}

#[test]
fn github_writes_most_severe_first_and_counts_what_it_caps() {
    let opts = CiOptions {
        github_max_per_level: Some(1),
        ..options("/repo")
    };
    let out = emit_with(OutputFormat::Github, &products("/repo", 0), &opts);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(
        lines[0]
            .starts_with("::error file=feeds/extra.xml,line=10,title=FL-I001 gtin-check-digit::"),
        "{out}"
    );
    assert!(
        lines[1]
            .starts_with("::warning file=feeds/shop.csv,line=3,title=FL-C001 title-too-short::"),
        "{out}"
    );
    assert!(lines[2].starts_with("::notice "), "{out}");
    assert_eq!(
        lines[3],
        "feedlint: 6 findings in 3 of 4 products (critical 1, high 1, medium 1, low 3); 3 annotations shown, \
         3 not shown (1 error, 0 warnings, 2 notices; at most 1 per level)"
    );
}

#[test]
fn github_escapes_message_data() {
    let out = emit(OutputFormat::Github);
    let line = out
        .lines()
        .find(|l| l.contains("FL-C001"))
        .unwrap_or_default();
    assert!(
        line.contains("50%25 off: <now> & more%0Aline two"),
        "{line}"
    );
    assert!(!line.contains('\n'));
}

// ---------------------------------------------------------------- gitlab

#[test]
fn gitlab_report_snapshot() {
    insta::assert_snapshot!(emit(OutputFormat::Gitlab));
}

#[test]
fn gitlab_matches_the_code_quality_schema() {
    let doc = json(&emit(OutputFormat::Gitlab));
    assert_schema("gitlab-codequality.schema.json", &doc);
    let prints: std::collections::BTreeSet<&str> = doc
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|i| i["fingerprint"].as_str())
        .collect();
    assert_eq!(prints.len(), 6, "fingerprints must be unique");
}

#[test]
fn gitlab_fingerprints_are_stable_across_machines_and_line_shifts() {
    let here = json(&emit_with(
        OutputFormat::Gitlab,
        &products("/home/dev/shop", 0),
        &options("/home/dev/shop"),
    ));
    let runner = json(&emit_with(
        OutputFormat::Gitlab,
        &products("/builds/acme/shop", 7),
        &options("/builds/acme/shop"),
    ));
    let prints = |v: &serde_json::Value| -> Vec<String> {
        v.as_array()
            .into_iter()
            .flatten()
            .map(|i| i["fingerprint"].to_string())
            .collect()
    };
    assert_eq!(prints(&here), prints(&runner));
    assert_ne!(here[0]["location"]["lines"], runner[0]["location"]["lines"]);
}

#[test]
fn gitlab_with_no_findings_is_an_empty_array() {
    let clean = vec![Product {
        id: "A",
        title: None,
        location: loc("/r", "f.csv", 2, 0),
        findings: vec![],
    }];
    let doc = json(&emit_with(OutputFormat::Gitlab, &clean, &options("/r")));
    assert_eq!(doc, serde_json::json!([]));
    assert_schema("gitlab-codequality.schema.json", &doc);
}

// ------------------------------------------------------ paths, through the binary

/// A working directory with `examples/catalog.csv` copied to each of `names` (relative to it).
fn workdir(names: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let catalog = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/catalog.csv");
    for name in names {
        let to = dir.path().join(name);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(catalog, to).unwrap();
    }
    dir
}

/// `feedlint validate FEED --format FORMAT --exit-zero` run in `cwd`, its stdout.
fn report_in(cwd: &Path, feed: &str, format: &str) -> String {
    let db = tempfile::tempdir().unwrap();
    let out = common::feedlint(db.path(), Some(common::TEST_A))
        .current_dir(cwd)
        .args(["validate", feed, "--format", format, "--exit-zero"])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "validate {feed} --format {format}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn sarif_uris(doc: &serde_json::Value) -> Vec<String> {
    doc["runs"][0]["results"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|r| {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                .as_str()
                .unwrap_or("<none>")
                .to_owned()
        })
        .collect()
}

fn gitlab_paths(doc: &serde_json::Value) -> Vec<(String, String)> {
    doc.as_array()
        .into_iter()
        .flatten()
        .map(|i| {
            (
                i["location"]["path"]
                    .as_str()
                    .unwrap_or_default()
                    .to_owned(),
                i["fingerprint"].as_str().unwrap_or_default().to_owned(),
            )
        })
        .collect()
}

#[test]
fn a_feed_under_the_working_directory_has_one_relative_path_however_it_is_named() {
    let dir = workdir(&["feeds/shop.csv"]);
    let abs = dir.path().join("feeds/shop.csv");
    let abs = abs.to_str().unwrap();
    let relative = gitlab_paths(&json(&report_in(dir.path(), "feeds/shop.csv", "gitlab")));
    assert!(!relative.is_empty());
    assert!(
        relative.iter().all(|(p, _)| p == "feeds/shop.csv"),
        "{relative:?}"
    );
    // Absolute (as `$CI_PROJECT_DIR/feeds/shop.csv` is) or with `.` and `..`: the same path and
    // the same fingerprints.
    for spelt in [abs, "./feeds/../feeds/shop.csv"] {
        let gitlab = gitlab_paths(&json(&report_in(dir.path(), spelt, "gitlab")));
        assert_eq!(gitlab, relative, "{spelt}");
        let sarif = json(&report_in(dir.path(), spelt, "sarif"));
        assert_schema("sarif-2.1.0-subset.schema.json", &sarif);
        assert!(sarif_uris(&sarif).iter().all(|u| u == "feeds/shop.csv"));
        // SARIF and GitLab fingerprints follow one recipe over the same path.
        let prints: Vec<&str> = sarif["runs"][0]["results"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|r| r["partialFingerprints"]["feedlint/v1"].as_str())
            .collect();
        assert!(prints.iter().all(|p| relative.iter().any(|(_, g)| g == p)));
        let github = report_in(dir.path(), spelt, "github");
        assert!(
            github.contains("::error file=feeds/shop.csv,line="),
            "{github}"
        );
        assert!(!github.contains(abs));
        let junit = report_in(dir.path(), spelt, "junit");
        assert!(
            junit.contains("<testsuite name=\"feeds/shop.csv\""),
            "{junit}"
        );
    }
}

#[cfg(unix)]
#[test]
fn a_feed_named_through_a_link_to_the_working_directory_is_relative() {
    let dir = workdir(&["repo/feeds/shop.csv"]);
    let link = dir.path().join("checkout");
    std::os::unix::fs::symlink(dir.path().join("repo"), &link).unwrap();
    // The working directory is the physical one; the feed is named through the link, as a
    // `$PWD` or `$CI_PROJECT_DIR` spelt through a symbolic link names it.
    let feed = link.join("feeds/shop.csv");
    let gitlab = gitlab_paths(&json(&report_in(
        &dir.path().join("repo"),
        feed.to_str().unwrap(),
        "gitlab",
    )));
    assert!(!gitlab.is_empty());
    assert!(
        gitlab.iter().all(|(p, _)| p == "feeds/shop.csv"),
        "{gitlab:?}"
    );
}

#[test]
fn sarif_uris_are_percent_encoded_uri_references() {
    let dir = workdir(&[
        "my feed #1.csv",
        "we,ird:na%me.csv",
        "plain.csv",
        "sub/x.csv",
    ]);
    let base = url::Url::from_directory_path(dir.path()).unwrap();
    let cases: [(&Path, &str, &str); 3] = [
        (dir.path(), "my feed #1.csv", "my%20feed%20%231.csv"),
        // A first segment with `:` would read as a scheme.
        (dir.path(), "we,ird:na%me.csv", "./we,ird:na%25me.csv"),
        (&dir.path().join("sub"), "../plain.csv", "../plain.csv"),
    ];
    for (cwd, feed, want) in cases {
        let doc = json(&report_in(cwd, feed, "sarif"));
        assert_schema("sarif-2.1.0-subset.schema.json", &doc);
        let uris = sarif_uris(&doc);
        assert!(!uris.is_empty());
        assert!(uris.iter().all(|u| u == want), "{feed}: {uris:?}");
        // Resolved against the working directory, the URI names the feed.
        let cwd_url = url::Url::from_directory_path(cwd).unwrap();
        let file = cwd_url.join(want).unwrap().to_file_path().unwrap();
        assert_eq!(
            std::fs::canonicalize(file).unwrap(),
            std::fs::canonicalize(cwd.join(feed)).unwrap()
        );
        // GitLab keeps the path itself.
        let gitlab = gitlab_paths(&json(&report_in(cwd, feed, "gitlab")));
        assert!(gitlab.iter().all(|(p, _)| p == feed), "{gitlab:?}");
    }
    // Outside the working directory, an absolute path is a file URI in SARIF and kept as given
    // in GitLab.
    let abs = dir.path().join("my feed #1.csv");
    let doc = json(&report_in(
        &dir.path().join("sub"),
        abs.to_str().unwrap(),
        "sarif",
    ));
    assert_schema("sarif-2.1.0-subset.schema.json", &doc);
    let want = base.join("my%20feed%20%231.csv").unwrap();
    assert!(want.as_str().starts_with("file:///"));
    assert!(sarif_uris(&doc).iter().all(|u| u == want.as_str()));
    let gitlab = gitlab_paths(&json(&report_in(
        &dir.path().join("sub"),
        abs.to_str().unwrap(),
        "gitlab",
    )));
    assert!(gitlab.iter().all(|(p, _)| p == abs.to_str().unwrap()));
}

#[test]
fn sarif_of_standard_input_points_at_a_stream_artifact_not_a_uri() {
    let db = tempfile::tempdir().unwrap();
    let catalog = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/catalog.csv"));
    let mut cmd = common::feedlint(db.path(), Some(common::TEST_A));
    cmd.args(["validate", "-", "--format", "sarif", "--exit-zero"]);
    let out = assert_cmd::Command::from_std(cmd)
        .write_stdin(catalog.unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let run = &doc["runs"][0];
    let results = run["results"].as_array().unwrap();
    assert!(!results.is_empty());
    for r in results {
        let physical = &r["locations"][0]["physicalLocation"];
        assert_eq!(
            physical["artifactLocation"],
            serde_json::json!({"index": 0})
        );
        assert!(physical["region"]["startLine"].as_u64().unwrap() >= 2);
    }
    assert_eq!(
        run["artifacts"],
        serde_json::json!([{
            "description": {"text": "standard input"},
            "roles": ["analysisTarget", "standardStream"],
        }])
    );
    // A file has no `artifacts` entry.
    let dir = workdir(&["a.csv"]);
    let doc = json(&report_in(dir.path(), "a.csv", "sarif"));
    assert!(doc["runs"][0].get("artifacts").is_none());
}

/// `validate -o FILE` and `batch -o FILE`: the report goes to FILE (its extension picks the
/// format unless --format is given), stdout stays empty, stderr says where it went; a run stopped
/// by an input error leaves no partial file and an existing FILE as it was.
#[test]
fn output_files_of_validate_and_batch() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let catalog = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/catalog.xml");
    let catalog = catalog.to_str().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_owned();
    for (command, name, starts) in [
        ("validate", "v.sarif", "{\"$schema\""),
        ("validate", "v.ndjson", "{\"productId\""),
        ("validate", "v.csv", "productId,file,line"),
        ("validate", "v.xml", "<?xml"),
        ("batch", "b.json", "{"),
        ("batch", "b.xml", "<?xml"),
        ("batch", "b.txt", "┌"),
    ] {
        let out = common::run(
            &db,
            Some(common::PROD_A),
            &[command, "--exit-zero", "-o", &path(name), catalog],
        );
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{command} {name}: {stderr}");
        assert!(out.stdout.is_empty(), "{command} {name}: stdout");
        assert!(
            stderr.contains(&format!("validated 7 products → {}", path(name))),
            "{stderr}"
        );
        let text = std::fs::read_to_string(path(name)).unwrap();
        assert!(text.starts_with(starts), "{command} {name}: {text}");
    }
    // --format wins over the extension.
    common::ok(
        &db,
        Some(common::PROD_A),
        &[
            "--format",
            "gitlab",
            "validate",
            "--exit-zero",
            "-o",
            &path("g.json"),
            catalog,
        ],
    );
    let gitlab = std::fs::read_to_string(path("g.json")).unwrap();
    assert!(gitlab.trim_start().starts_with('['), "{gitlab}");

    // A feed that breaks after some products: no file, and an old one kept.
    let broken = path("broken.xml");
    let text = std::fs::read_to_string(catalog).unwrap();
    std::fs::write(&broken, &text[..text.len() / 2]).unwrap();
    std::fs::write(path("old.sarif"), "old").unwrap();
    for (command, name) in [("validate", "new.sarif"), ("batch", "old.sarif")] {
        let out = common::run(
            &db,
            Some(common::PROD_A),
            &[command, "-o", &path(name), &broken],
        );
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert!(out.stdout.is_empty(), "{command}");
    }
    assert!(!dir.path().join("new.sarif").exists());
    assert_eq!(std::fs::read_to_string(path("old.sarif")).unwrap(), "old");
    let leftovers: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(".feedlint-"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

// ------------------------------------------------ junit and the --fail-on gate

/// One `<testcase>` of a JUnit report: its name, its `<failure>` (message attribute and text)
/// when it failed, and its `<system-out>` text when it has one.
#[derive(Debug, Default)]
struct JunitCase {
    name: String,
    failure: Option<(String, String)>,
    system_out: Option<String>,
}

/// The unescaped value of attribute `name` of `e`, empty when it has none.
fn xml_attr(e: &quick_xml::events::BytesStart<'_>, name: &str) -> String {
    e.try_get_attribute(name)
        .ok()
        .flatten()
        .and_then(|a| a.unescape_value().ok().map(std::borrow::Cow::into_owned))
        .unwrap_or_default()
}

fn junit_cases(xml: &str) -> Vec<JunitCase> {
    use quick_xml::events::Event;
    let mut reader = quick_xml::Reader::from_str(xml);
    let mut cases: Vec<JunitCase> = Vec::new();
    let mut inside: Option<&'static str> = None;
    let attr = xml_attr;
    loop {
        match reader.read_event() {
            Ok(Event::Start(e) | Event::Empty(e)) => match e.name().as_ref() {
                b"testcase" => cases.push(JunitCase {
                    name: attr(&e, "name"),
                    ..JunitCase::default()
                }),
                b"failure" => {
                    if let Some(case) = cases.last_mut() {
                        case.failure = Some((attr(&e, "message"), String::new()));
                    }
                    inside = Some("failure");
                }
                b"system-out" => {
                    if let Some(case) = cases.last_mut() {
                        case.system_out = Some(String::new());
                    }
                    inside = Some("system-out");
                }
                _ => {}
            },
            Ok(Event::Text(t)) => {
                let text = t.unescape().map(std::borrow::Cow::into_owned).unwrap();
                let case = cases.last_mut();
                match (inside, case) {
                    (
                        Some("failure"),
                        Some(JunitCase {
                            failure: Some((_, f)),
                            ..
                        }),
                    ) => {
                        f.push_str(&text);
                    }
                    (
                        Some("system-out"),
                        Some(JunitCase {
                            system_out: Some(s),
                            ..
                        }),
                    ) => {
                        s.push_str(&text);
                    }
                    _ => {}
                }
            }
            Ok(Event::End(e)) if matches!(e.name().as_ref(), b"failure" | b"system-out") => {
                inside = None;
            }
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(e) => panic!("JUnit output is not well-formed XML: {e}\n{xml}"),
        }
    }
    cases
}

/// A product with only a medium (FL-I012, no gtin nor mpn) and a low (FL-C013, short
/// description) finding.
const LOW_ROW: &str = "L-1,Widget one blue size large cotton,Desc,https://a.example/1,https://a.example/1.jpg,10.00 USD,in_stock,new,Acme,\n";
/// The same with no description: a high finding (FL-C011) and the medium one.
const HIGH_ROW: &str = "H-1,Widget one blue size large cotton,,https://a.example/2,https://a.example/2.jpg,10.00 USD,in_stock,new,Acme,\n";
const HEADER: &str =
    "id,title,description,link,image_link,price,availability,condition,brand,gtin\n";

/// `feedlint COMMAND --format junit ARGS feed.csv` in `dir` (a feed of `rows`): exit code and
/// stdout.
fn junit_run(dir: &Path, command: &str, args: &[&str], rows: &[&str]) -> (Option<i32>, String) {
    std::fs::write(dir.join("feed.csv"), format!("{HEADER}{}", rows.concat())).unwrap();
    let db = tempfile::tempdir().unwrap();
    let out = common::feedlint(db.path(), Some(common::TEST_A))
        .current_dir(dir)
        .args([command, "--format", "junit"])
        .args(args)
        .arg("feed.csv")
        .output()
        .unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    (out.status.code(), stdout)
}

/// With `--fail-on high` a test case fails only for findings at or above high: the medium and
/// low ones go to its `<system-out>`, listed as a failure lists them, so Jenkins does not mark
/// the build UNSTABLE for findings the gate lets through. `[gates] fail_on` does the same.
#[test]
fn junit_test_cases_fail_only_at_or_above_fail_on() {
    let dir = tempfile::tempdir().unwrap();
    for command in ["validate", "batch"] {
        // Only medium and low findings: the gate passes, and so does every test case.
        let (code, xml) = junit_run(dir.path(), command, &["--fail-on", "high"], &[LOW_ROW]);
        assert_eq!(code, Some(0), "{command}: {xml}");
        let cases = junit_cases(&xml);
        assert_eq!(cases.len(), 1, "{command}: {xml}");
        assert!(cases[0].failure.is_none(), "{command}: {xml}");
        let out = cases[0].system_out.as_deref().unwrap_or_default();
        assert!(
            out.contains("FL-I012 identifiers-missing [medium]: neither gtin nor mpn is given\n  field: gtin  line: 2\n"),
            "{command}: {xml}"
        );
        assert!(
            out.contains("FL-C013 description-too-short [low]"),
            "{command}: {xml}"
        );
        assert!(xml.contains(r#"failures="0""#), "{command}: {xml}");

        // A high finding fails its test case (the gate fails too); the medium one of the same
        // product goes to its <system-out>, the other product passes.
        let (code, xml) = junit_run(
            dir.path(),
            command,
            &["--fail-on", "high"],
            &[LOW_ROW, HIGH_ROW],
        );
        assert_eq!(code, Some(1), "{command}: {xml}");
        let cases = junit_cases(&xml);
        assert_eq!(cases.len(), 2, "{command}: {xml}");
        assert!(cases[0].failure.is_none(), "{command}: {xml}");
        let Some((message, text)) = &cases[1].failure else {
            panic!("{command}: H-1 must fail: {xml}")
        };
        assert!(message.starts_with("FL-C011 "), "{command}: {message}");
        assert!(!message.contains("more"), "{command}: {message}");
        assert!(
            text.contains("FL-C011 description-missing [high]"),
            "{command}: {xml}"
        );
        assert!(!text.contains("FL-I012"), "{command}: {xml}");
        let out = cases[1].system_out.as_deref().unwrap_or_default();
        assert!(
            out.contains("FL-I012 identifiers-missing [medium]"),
            "{command}: {xml}"
        );
        assert!(!out.contains("FL-C011"), "{command}: {xml}");

        // The config file's threshold is the flag's.
        std::fs::write(
            dir.path().join("feedlint.toml"),
            "[gates]\nfail_on = \"high\"\n",
        )
        .unwrap();
        let (code, from_config) = junit_run(dir.path(), command, &[], &[LOW_ROW, HIGH_ROW]);
        std::fs::remove_file(dir.path().join("feedlint.toml")).unwrap();
        assert_eq!(code, Some(1), "{command}: {from_config}");
        assert_eq!(from_config, xml, "{command}");
    }
}

/// Without `--fail-on` every finding fails its test case, low ones included, and nothing goes to
/// `<system-out>` (the report as before the gate shaped it).
#[test]
fn junit_test_cases_fail_for_every_finding_without_fail_on() {
    let dir = tempfile::tempdir().unwrap();
    for command in ["validate", "batch"] {
        let (code, xml) = junit_run(dir.path(), command, &[], &[LOW_ROW, HIGH_ROW]);
        assert_eq!(code, Some(0), "{command}: {xml}");
        let cases = junit_cases(&xml);
        assert_eq!(cases.len(), 2, "{command}: {xml}");
        for case in &cases {
            let Some((message, text)) = &case.failure else {
                panic!("{command}: {} must fail: {xml}", case.name)
            };
            assert!(message.ends_with("(and 1 more)"), "{command}: {message}");
            assert!(
                text.contains("FL-I012 identifiers-missing [medium]"),
                "{command}: {xml}"
            );
            assert!(case.system_out.is_none(), "{command}: {xml}");
        }
        assert!(!xml.contains("system-out"), "{command}: {xml}");
    }
}
