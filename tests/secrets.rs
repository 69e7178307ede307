//! API keys are secrets, and keys are walls (issue 10, "Secrets and isolation").
//!
//! 1. No key appears raw — whole, or its random part — in any file of the database, in the
//!    stdout or stderr of any subcommand in any `--format` (success and error paths: bad input,
//!    usage errors, over quota, wrong environment, malformed key, a key typed where a path
//!    belongs), or in the panic hook's message (unit test `cli::panic::tests`, since no input
//!    can make feedlint panic on purpose).
//! 2. One key cannot read, list, update or delete another key's profiles or counters.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{
    PROD_A, PROD_B, TEST_A, TEST_B, analysis_counts, counter, counters, feedlint, json, ok, run,
    write_feed,
};

const FORMATS: [&str; 8] = [
    "table", "json", "ndjson", "csv", "junit", "sarif", "github", "gitlab",
];
/// Malformed: punctuation in the random part. Still a secret.
const MALFORMED: &str = "adb_test_Malformed-Secret-Value-2468";

/// The key and its random part: neither may appear anywhere.
fn secrets(key: &str) -> [&str; 2] {
    let random = key.splitn(3, '_').nth(2).unwrap();
    assert!(random.len() >= 16);
    [key, random]
}

fn assert_no_secret(bytes: &[u8], keys: &[&str], what: &str) {
    for key in keys {
        for secret in secrets(key) {
            assert!(
                !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
                "{what} contains {secret:?}"
            );
        }
    }
}

fn assert_output_clean(out: &Output, keys: &[&str], what: &str) {
    assert_ne!(out.status.code(), Some(101), "{what} panicked");
    assert_no_secret(&out.stdout, keys, &format!("stdout of {what}"));
    assert_no_secret(&out.stderr, keys, &format!("stderr of {what}"));
}

fn path_str(p: &Path) -> String {
    p.to_str().unwrap().to_owned()
}

fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files.extend(files_under(&path));
        } else {
            files.push(path);
        }
    }
    files
}

struct Fixture {
    dir: tempfile::TempDir,
    db: PathBuf,
    feed: PathBuf,
    big: PathBuf,
    codes: PathBuf,
    export: PathBuf,
}

impl Fixture {
    fn new() -> Self {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("db");
        let feed = dir.path().join("feed.csv");
        write_feed(&feed, 4, 31);
        let big = dir.path().join("big.csv");
        write_feed(&big, 1_001, 32);
        let codes = dir.path().join("codes.txt");
        std::fs::write(&codes, "4006381333931\n4006381333932\nnot-a-gtin\n").unwrap();
        let export = dir.path().join("export.json");
        Self {
            dir,
            db,
            feed,
            big,
            codes,
            export,
        }
    }

    /// Every subcommand with arguments that reach the database, success and error paths.
    fn commands(&self) -> Vec<Vec<String>> {
        let feed = path_str(&self.feed);
        let missing = path_str(&self.dir.path().join("missing.csv"));
        let export = path_str(&self.export);
        let text = "Handcrafted from full-grain leather with solid brass hardware and a cotton \
                    lining, this weekender bag is made to travel for decades in quiet style.";
        [
            vec!["validate", &feed],
            vec!["validate", &missing],
            vec!["batch", &feed],
            vec!["gtin", "4006381333931", "123"],
            vec!["gtin", "--file", &path_str(&self.codes)],
            vec!["gtin", "--from-feed", &feed],
            vec!["revenue", &feed],
            vec!["usage"],
            vec![
                "voice",
                "analyze",
                "--brand",
                "Secretive",
                "--title",
                "Leather weekender bag",
                "--description",
                text,
            ],
            vec!["voice", "analyze", "--brand", "Secretive", &feed],
            vec!["voice", "analyze", "--brand", "Secretive", "--title", "x"],
            vec!["voice", "profiles", "list"],
            vec!["voice", "profiles", "show", "Secretive"],
            vec!["voice", "profiles", "show", "Nobody"],
            vec!["voice", "profiles", "create", "Made", "--context", "luxury"],
            vec![
                "voice",
                "profiles",
                "update",
                "Made",
                "--alert-threshold",
                "0.3",
            ],
            vec!["voice", "profiles", "export", "-o", &export],
            vec!["voice", "profiles", "import", "--replace", &export],
            vec!["voice", "profiles", "import", &missing],
            vec!["voice", "profiles", "delete", "Made"],
            vec!["categories"],
            vec!["rules"],
            vec!["convert", "--to", "json", &feed],
            vec!["validate", "--no-such-flag", &feed],
        ]
        .into_iter()
        .map(|v| v.into_iter().map(str::to_owned).collect())
        .collect()
    }
}

#[test]
fn no_key_appears_in_any_output_or_database_file() {
    let fx = Fixture::new();
    let all_keys = [PROD_A, PROD_B, TEST_A, TEST_B, MALFORMED];
    let mut runs = 0;
    let mut exits = std::collections::BTreeMap::<Option<i32>, usize>::new();
    for key in [PROD_A, TEST_A, MALFORMED] {
        for args in fx.commands() {
            for format in FORMATS {
                let out = feedlint(&fx.db, Some(key))
                    .args(["--format", format])
                    .args(&args)
                    .output()
                    .unwrap();
                assert_output_clean(&out, &all_keys, &format!("{args:?} --format {format}"));
                *exits.entry(out.status.code()).or_default() += 1;
                runs += 1;
            }
        }
    }
    // The key on the command line instead of the environment, and where it does not belong.
    let feed = path_str(&fx.feed);
    let odd: Vec<Vec<&str>> = vec![
        vec!["--api-key", PROD_B, "validate", &feed],
        vec!["--api-key", PROD_B, "--format", "json", "usage"],
        vec!["--api-key", PROD_B, "bogus-subcommand"],
        vec!["--api-key", PROD_B, "--format", "bogus", "validate", &feed],
        vec!["--api-key", PROD_B, "gtin", "--nonsense"],
        vec!["--format", "json", "validate", PROD_B],
        vec!["validate", PROD_B],
        vec!["--format", "json", "gtin", "--request", PROD_B],
        vec!["--format", "json", "voice", "profiles", "import", PROD_B],
        vec![
            "--api-key",
            MALFORMED,
            "--format",
            "json",
            "gtin",
            "4006381333931",
        ],
    ];
    for args in &odd {
        let out = run(&fx.db, None, args);
        assert_output_clean(&out, &all_keys, &format!("{args:?}"));
        runs += 1;
    }
    // Over the test key's monthly quota, in every format.
    for format in FORMATS {
        let out = feedlint(&fx.db, Some(TEST_B))
            .args(["--format", format, "validate"])
            .arg(&fx.big)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "over quota: {format}");
        let all = String::from_utf8_lossy(&out.stderr);
        assert!(
            all.contains("monthly limit") || format != "table",
            "over quota: {all}"
        );
        assert_output_clean(&out, &all_keys, &format!("over quota --format {format}"));
        runs += 1;
    }
    println!("{runs} runs checked; exit codes of the main matrix: {exits:?}");
    assert!(exits.get(&Some(0)).copied().unwrap_or(0) >= 30, "{exits:?}");

    // The database holds only hashes: scan every byte of every file under --db.
    let files = files_under(&fx.db);
    assert!(files.len() >= 2, "{files:?}");
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        assert_no_secret(&bytes, &all_keys, &file.display().to_string());
    }
    // And the files did record work for these keys (the scan looked at real data).
    assert!(counters(&fx.db, PROD_A).1 > 0 && counters(&fx.db, TEST_A).1 > 0);
    assert!(analysis_counts(&fx.db, PROD_A).contains_key("Secretive"));
}

/// `voice profiles show NAME` as JSON data, or the error code.
fn show(db: &Path, key: &str, brand: &str) -> Result<serde_json::Value, String> {
    let out = run(
        db,
        Some(key),
        &["--format", "json", "voice", "profiles", "show", brand],
    );
    let doc = json(&out);
    if out.status.success() {
        Ok(doc["data"].clone())
    } else {
        Err(doc["error"]["code"].as_str().unwrap().to_owned())
    }
}

#[test]
fn one_key_cannot_reach_another_keys_profiles_or_counters() {
    let fx = Fixture::new();
    let db = &fx.db;
    let feed = path_str(&fx.feed);
    // Key A builds up data: counters on three counters and two profiles.
    ok(db, Some(PROD_A), &["validate", &feed]);
    ok(db, Some(PROD_A), &["gtin", "4006381333931"]);
    ok(
        db,
        Some(PROD_A),
        &["voice", "analyze", "--brand", "Private", &feed],
    );
    ok(
        db,
        Some(PROD_A),
        &[
            "voice",
            "profiles",
            "create",
            "Quiet",
            "--context",
            "luxury",
        ],
    );
    let a_counters = counters(db, PROD_A);
    let a_private = show(db, PROD_A, "Private").unwrap();
    let a_quiet = show(db, PROD_A, "Quiet").unwrap();
    let a_export = path_str(&fx.export);
    ok(
        db,
        Some(PROD_A),
        &["voice", "profiles", "export", "-o", &a_export],
    );

    // Key B sees nothing of it.
    assert_eq!(counters(db, PROD_B).1, 0);
    let list = json(&ok(
        db,
        Some(PROD_B),
        &["--format", "json", "voice", "profiles", "list"],
    ));
    assert_eq!(list["data"]["profiles"], serde_json::json!([]));
    assert_eq!(list["data"]["portfolioInsights"]["totalAnalyses"], 0);
    let export = json(&ok(db, Some(PROD_B), &["voice", "profiles", "export"]));
    assert_eq!(export["profiles"], serde_json::json!([]));
    for brand in ["Private", "Quiet"] {
        assert_eq!(show(db, PROD_B, brand), Err("NOT_FOUND".into()));
        for args in [
            vec!["voice", "profiles", "export", brand],
            vec!["voice", "profiles", "delete", brand],
            vec![
                "voice",
                "profiles",
                "update",
                brand,
                "--alert-threshold",
                "0.9",
            ],
        ] {
            let mut full = vec!["--format", "json"];
            full.extend(args.iter().copied());
            let out = run(db, Some(PROD_B), &full);
            assert_eq!(out.status.code(), Some(2), "{args:?}");
            assert_eq!(json(&out)["error"]["code"], "NOT_FOUND", "{args:?}");
        }
    }

    // What B writes under the same brand names lands in B's own space only.
    ok(
        db,
        Some(PROD_B),
        &["voice", "profiles", "import", &a_export],
    );
    ok(
        db,
        Some(PROD_B),
        &["voice", "profiles", "import", "--replace", &a_export],
    );
    ok(
        db,
        Some(PROD_B),
        &[
            "voice",
            "profiles",
            "update",
            "Quiet",
            "--alert-threshold",
            "0.9",
        ],
    );
    ok(
        db,
        Some(PROD_B),
        &["voice", "analyze", "--brand", "Private", &feed],
    );
    ok(db, Some(PROD_B), &["voice", "profiles", "delete", "Quiet"]);
    ok(db, Some(PROD_B), &["validate", &feed]);
    assert_eq!(show(db, PROD_B, "Quiet"), Err("NOT_FOUND".into()));
    assert_eq!(
        show(db, PROD_B, "Private").unwrap()["analysisCount"],
        a_private["analysisCount"].as_u64().unwrap() + 4
    );

    // A's profiles and counters are exactly as they were.
    assert_eq!(show(db, PROD_A, "Private").unwrap(), a_private);
    assert_eq!(show(db, PROD_A, "Quiet").unwrap(), a_quiet);
    assert_eq!(counters(db, PROD_A), a_counters);
    assert_eq!(counter(db, PROD_B, "productValidation"), 4);
}

#[test]
fn test_keys_have_their_own_counters_and_quota_and_no_profiles() {
    let fx = Fixture::new();
    let db = &fx.db;
    let feed = path_str(&fx.feed);
    ok(db, Some(TEST_B), &["gtin", "4006381333931"]);
    let big = path_str(&fx.big);
    let out = run(db, Some(TEST_A), &["--format", "json", "validate", &big]);
    assert_eq!(json(&out)["error"]["code"], "RATE_LIMIT_EXCEEDED");
    ok(db, Some(TEST_A), &["validate", &feed]);
    assert_eq!(counters(db, TEST_A).1, 4);
    assert_eq!(counters(db, TEST_B).1, 1);
    // And a test key cannot touch any profile at all (production only, spec 5.4).
    let out = run(
        db,
        Some(TEST_A),
        &["--format", "json", "voice", "profiles", "list"],
    );
    assert_eq!(json(&out)["error"]["code"], "AUTH_REQUIRED");
}
