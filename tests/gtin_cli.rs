//! `feedlint gtin`, driving the real binary: inputs (codes, stdin, --file, --from-feed, request
//! bodies), envelope B errors, metering and GTIN-band billing, the test-key limit and streaming.
//! Each test has its own temp database; clock and request id are fixed.

use std::fmt::Write as _;
use std::path::Path;

use assert_cmd::Command;

const TEST_KEY: &str = "adb_test_0123456789abcdefXYZ";
const PROD_KEY: &str = "adb_prod_0123456789abcdefXYZ";
const FEED: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/feeds/benchy-bad-rss.xml"
);

fn feedlint(db: &Path) -> Command {
    let mut cmd = Command::cargo_bin("feedlint").unwrap();
    cmd.env_remove("FEEDLINT_API_KEY")
        .env("FEEDLINT_DB", db)
        .env("FEEDLINT_NOW", "2026-11-22T10:00:00Z")
        .env("FEEDLINT_REQUEST_ID", "req-test")
        // Tables fit COLUMNS when it is set: these snapshots are of a pipe.
        .env_remove("COLUMNS")
        .env("NO_COLOR", "1");
    cmd
}

fn json(out: &[u8]) -> serde_json::Value {
    serde_json::from_slice(out).unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(out)))
}

fn assert_gtin_schema(body: &serde_json::Value) {
    let schema: serde_json::Value =
        serde_json::from_str(include_str!("schemas/gtin-response.schema.json")).unwrap();
    let validator = jsonschema::validator_for(&schema).unwrap();
    let errors: Vec<String> = validator.iter_errors(body).map(|e| e.to_string()).collect();
    assert!(errors.is_empty(), "{errors:#?}\n{body:#}");
}

/// `data.counters[gtinValidation]` of `feedlint usage --format json`: (validations, cost).
fn gtin_usage(db: &Path, key: &str) -> (u64, f64) {
    let out = feedlint(db)
        .args(["--api-key", key, "--format", "json", "usage"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let body = json(&out.stdout);
    let counter = body["data"]["counters"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["counter"] == "gtinValidation")
        .unwrap()
        .clone();
    (
        counter["validations"].as_u64().unwrap(),
        counter["cost"].as_f64().unwrap(),
    )
}

fn numbered_gtins(n: usize) -> String {
    // Distinct GTIN-13s under GS1 Germany's 400 prefix with a correct check digit.
    let mut s = String::with_capacity(n * 14);
    for i in 0..n {
        let body = format!("400638{:06}", i % 1_000_000);
        let check = feedlint::gtin::compute_check_digit(body.as_bytes()).unwrap();
        let _ = writeln!(s, "{body}{}", char::from(check));
    }
    s
}

#[test]
fn json_output_matches_the_schema_with_meta_and_billing() {
    let db = tempfile::tempdir().unwrap();
    let out = feedlint(db.path())
        .args(["--api-key", TEST_KEY, "--format", "json", "gtin"])
        .args([
            "4006381333931",
            "12345",
            "1234567890128",
            "(01)04006381333931",
        ])
        .args(["--business-intelligence", "--revenue-impact", "--detailed"])
        .args(["--category", "electronics"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "an invalid GTIN fails the gate");
    let body = json(&out.stdout);
    assert_gtin_schema(&body);
    assert_eq!(body["meta"]["validationsProcessed"], 4);
    assert_eq!(body["meta"]["testMode"], true);
    assert_eq!(body["data"]["billing"]["validationsProcessed"], 4);
    assert_eq!(body["data"]["results"].as_array().unwrap().len(), 4);
    assert_eq!(
        body["data"]["results"][0]["businessIntelligence"]["category"],
        "electronics"
    );
}

#[test]
fn exit_zero_and_all_valid_exit_zero() {
    let db = tempfile::tempdir().unwrap();
    feedlint(db.path())
        .args(["--api-key", TEST_KEY, "gtin", "12345", "--exit-zero"])
        .assert()
        .code(0)
        .stderr("feedlint: 1 of 1 GTIN is invalid (exit 0 because of --exit-zero)\n");
    feedlint(db.path())
        .args(["--api-key", TEST_KEY, "-q", "gtin", "12345", "--exit-zero"])
        .assert()
        .code(0)
        .stderr("");
    feedlint(db.path())
        .args(["--api-key", TEST_KEY, "gtin", "4006381333931"])
        .assert()
        .code(0)
        .stderr("");
}

/// Exit 1 says why on stderr, in one line, as `validate` does; stdout keeps only the report.
#[test]
fn an_invalid_gtin_fails_with_its_reason_on_stderr() {
    let db = tempfile::tempdir().unwrap();
    feedlint(db.path())
        .args(["--api-key", TEST_KEY, "--format", "json", "gtin"])
        .args(["4006381333931", "12345", "4006381333932"])
        .assert()
        .code(1)
        .stderr("feedlint: 2 of 3 GTINs are invalid (exit 1; --exit-zero to ignore)\n");
}

#[test]
fn table_snapshot() {
    let db = tempfile::tempdir().unwrap();
    let out = feedlint(db.path())
        .args(["--api-key", TEST_KEY, "gtin"])
        .args([
            "4006381333931",
            "1234567890128",
            "12345",
            "0000000000000",
            "8.71234E+12",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    insta::assert_snapshot!(String::from_utf8(out.stdout).unwrap());
}

#[test]
fn missing_key_is_unauthorized_envelope_b() {
    let db = tempfile::tempdir().unwrap();
    let out = feedlint(db.path())
        .args(["--format", "json", "gtin", "4006381333931"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let body = json(&out.stdout);
    assert_eq!(body["code"], "UNAUTHORIZED");
    assert!(body["error"].is_string());
    assert!(body.get("success").is_none(), "envelope B, not A: {body}");
}

#[test]
fn request_with_101_gtins_is_413() {
    let db = tempfile::tempdir().unwrap();
    let gtins: Vec<String> = (0..101).map(|i| format!("{i:013}")).collect();
    let body = serde_json::json!({ "gtins": gtins }).to_string();
    let file = db.path().join("req.json");
    std::fs::write(&file, body).unwrap();
    let out = feedlint(db.path())
        .args([
            "--api-key",
            TEST_KEY,
            "--format",
            "json",
            "gtin",
            "--request",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(json(&out.stdout)["code"], "PAYLOAD_TOO_LARGE");
    assert_eq!(gtin_usage(db.path(), TEST_KEY).0, 0);
}

#[test]
fn gtins_not_an_array_is_400_via_stdin_detection() {
    let db = tempfile::tempdir().unwrap();
    let out = feedlint(db.path())
        .args(["--api-key", TEST_KEY, "--format", "json", "gtin"])
        .write_stdin(r#"{"gtins": "4006381333931"}"#)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(json(&out.stdout)["code"], "INVALID_GTIN_FORMAT");
}

#[test]
fn request_file_detected_by_content_uses_its_options() {
    let db = tempfile::tempdir().unwrap();
    let file = db.path().join("body.txt");
    std::fs::write(
        &file,
        r#"{"gtins": ["4006381333931"], "options": {"detailedAnalysis": true}}"#,
    )
    .unwrap();
    let out = feedlint(db.path())
        .args(["--api-key", TEST_KEY, "--format", "json", "gtin", "--file"])
        .arg(&file)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let body = json(&out.stdout);
    assert_gtin_schema(&body);
    assert!(body["data"]["results"][0]["details"].is_object());
}

#[test]
fn empty_item_in_request_is_422_with_details() {
    let db = tempfile::tempdir().unwrap();
    let out = feedlint(db.path())
        .args(["--api-key", TEST_KEY, "--format", "json", "gtin", "-"])
        .write_stdin(r#"{"gtins": ["4006381333931", " "]}"#)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let body = json(&out.stdout);
    assert_eq!(body["code"], "UNPROCESSABLE_ENTITY");
    assert!(body["details"].is_object(), "{body}");
}

#[test]
fn from_feed_lists_product_ids_and_lines() {
    let db = tempfile::tempdir().unwrap();
    let out = feedlint(db.path())
        .args([
            "--api-key",
            TEST_KEY,
            "--format",
            "json",
            "gtin",
            "--from-feed",
            FEED,
        ])
        .output()
        .unwrap();
    let body = json(&out.stdout);
    assert_gtin_schema(&body);
    let results = body["data"]["results"].as_array().unwrap();
    assert!(!results.is_empty());
    for r in results {
        assert!(r["productId"].is_string(), "{r}");
        assert!(r["line"].as_u64().unwrap() > 0, "{r}");
    }
    let table = feedlint(db.path())
        .args(["--api-key", TEST_KEY, "gtin", "--from-feed", FEED])
        .output()
        .unwrap();
    let text = String::from_utf8(table.stdout).unwrap();
    let first = &results[0];
    let label = format!(
        "{} (line {})",
        first["productId"].as_str().unwrap(),
        first["line"]
    );
    assert!(text.contains(&label), "{label} not in\n{text}");
}

#[test]
fn usage_is_counted_per_gtin() {
    let db = tempfile::tempdir().unwrap();
    let list = db.path().join("list.txt");
    std::fs::write(&list, "4006381333931\n\n036000291452\n12345\n").unwrap();
    feedlint(db.path())
        .args(["--api-key", TEST_KEY, "gtin", "--file"])
        .arg(&list)
        .assert()
        .code(1);
    assert_eq!(gtin_usage(db.path(), TEST_KEY), (3, 0.0));
}

#[test]
fn production_cost_crossing_the_1000_band_is_piecewise() {
    let db = tempfile::tempdir().unwrap();
    feedlint(db.path())
        .args([
            "--api-key",
            PROD_KEY,
            "--format",
            "json",
            "gtin",
            "--exit-zero",
        ])
        .write_stdin(numbered_gtins(990))
        .assert()
        .code(0);
    let out = feedlint(db.path())
        .args([
            "--api-key",
            PROD_KEY,
            "--format",
            "json",
            "gtin",
            "--exit-zero",
        ])
        .write_stdin(numbered_gtins(20))
        .output()
        .unwrap();
    let body = json(&out.stdout);
    assert_gtin_schema(&body);
    // 10 at $0.08 (up to 1,000) + 10 at $0.06.
    let cost = body["data"]["billing"]["cost"].as_f64().unwrap();
    assert!((cost - 1.40).abs() < 1e-9, "{cost}");
    assert_eq!(body["meta"]["testMode"], false);
    let (n, total) = gtin_usage(db.path(), PROD_KEY);
    assert_eq!(n, 1010);
    assert!((total - (990.0 * 0.08 + 1.40)).abs() < 1e-6, "{total}");
}

#[test]
fn test_key_over_limit_is_refused_before_output() {
    let db = tempfile::tempdir().unwrap();
    let out = feedlint(db.path())
        .args(["--api-key", TEST_KEY, "--format", "json", "gtin"])
        .write_stdin(numbered_gtins(1001))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let body = json(&out.stdout);
    assert_eq!(body["code"], "RATE_LIMIT_EXCEEDED");
    assert!(body["retry_after"].is_u64(), "{body}");
    assert_eq!(gtin_usage(db.path(), TEST_KEY).0, 0);
    let table = feedlint(db.path())
        .args(["--api-key", TEST_KEY, "gtin"])
        .write_stdin(numbered_gtins(1001))
        .output()
        .unwrap();
    assert_eq!(table.status.code(), Some(2));
    assert!(table.stdout.is_empty());
}

#[test]
fn unsupported_format_is_a_usage_error() {
    let db = tempfile::tempdir().unwrap();
    let out = feedlint(db.path())
        .args([
            "--api-key",
            TEST_KEY,
            "--format",
            "sarif",
            "gtin",
            "4006381333931",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("table|json"));
}

/// 200,000 GTINs through stdin give 200,000 results. Where `/usr/bin/time -v` exists, the
/// binary also runs under it and its peak resident memory must stay under 64 MiB (measured about
/// 29 MB for 200,000 and for 1,000,000 GTINs: memory does not grow with the input).
#[test]
fn streams_200000_gtins_from_stdin() {
    const N: usize = 200_000;
    let db = tempfile::tempdir().unwrap();
    let input = db.path().join("gtins.txt");
    std::fs::write(&input, numbered_gtins(N)).unwrap();
    let bin = assert_cmd::cargo::cargo_bin("feedlint");
    let time = Path::new("/usr/bin/time");
    let mut cmd = if time.exists() {
        let mut c = std::process::Command::new(time);
        c.arg("-v").arg(&bin);
        c
    } else {
        std::process::Command::new(&bin)
    };
    let out = cmd
        .env_remove("FEEDLINT_API_KEY")
        .env("FEEDLINT_DB", db.path())
        .env("FEEDLINT_NOW", "2026-11-22T10:00:00Z")
        .env("FEEDLINT_REQUEST_ID", "req-test")
        .args([
            "--api-key",
            PROD_KEY,
            "--format",
            "json",
            "gtin",
            "--exit-zero",
        ])
        .stdin(std::fs::File::open(&input).unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let body = json(&out.stdout);
    assert_eq!(body["data"]["results"].as_array().unwrap().len(), N);
    assert_eq!(body["data"]["summary"]["totalProcessed"], N);
    assert_eq!(body["meta"]["validationsProcessed"], N);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if let Some(line) = stderr
        .lines()
        .find(|l| l.contains("Maximum resident set size"))
    {
        let kb: u64 = line.rsplit(':').next().unwrap().trim().parse().unwrap();
        assert!(kb < 64 * 1024, "peak RSS {kb} kB for {N} GTINs");
    }
}

#[test]
fn from_feed_takes_the_shared_read_options() {
    // A TSV feed saved as .txt: detection cannot tell the format; --input-format can.
    let dir = tempfile::tempdir().unwrap();
    let feed = dir.path().join("feed.txt");
    std::fs::write(&feed, "id\tgtin\nA1\t4006381333931\nA2\t4006381333932\n").unwrap();
    let out = feedlint(dir.path())
        .args([
            "--api-key",
            PROD_KEY,
            "gtin",
            "--format",
            "json",
            "--exit-zero",
        ])
        .args(["--input-format", "tsv", "--from-feed"])
        .arg(&feed)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let body = json(&out.stdout);
    let text = body.to_string();
    assert!(
        text.contains("4006381333931") && text.contains("4006381333932"),
        "{text}"
    );

    // The decompressed-size cap applies to --from-feed too, and the error names the flag.
    let gz = dir.path().join("feed.csv.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    std::io::Write::write_all(&mut enc, b"id,gtin\n").unwrap();
    for i in 0..2000 {
        std::io::Write::write_all(&mut enc, format!("P{i},4006381333931\n").as_bytes()).unwrap();
    }
    std::fs::write(&gz, enc.finish().unwrap()).unwrap();
    let out = feedlint(dir.path())
        .args([
            "--api-key",
            PROD_KEY,
            "gtin",
            "--max-decompressed-size",
            "1000",
            "--from-feed",
        ])
        .arg(&gz)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--max-decompressed-size"), "{stderr}");
}

/// A GTIN list is read like a feed: UTF-16 by its byte order mark, another encoding by
/// `--encoding`, gzip undone (the codes used to be read as raw bytes, and counted as invalid).
#[test]
fn gtin_lists_are_decoded_like_feeds() {
    let dir = tempfile::tempdir().unwrap();
    let text = "4006381333931\n036000291452\n";
    let utf16 = |bom: bool| -> Vec<u8> {
        let mut b = if bom { vec![0xFF, 0xFE] } else { Vec::new() };
        for u in text.encode_utf16() {
            b.extend_from_slice(&u.to_le_bytes());
        }
        b
    };
    let with_bom = dir.path().join("bom.txt");
    std::fs::write(&with_bom, utf16(true)).unwrap();
    let no_bom = dir.path().join("le.txt");
    std::fs::write(&no_bom, utf16(false)).unwrap();
    let gz = dir.path().join("list.txt.gz");
    {
        let mut e = flate2::write::GzEncoder::new(
            std::fs::File::create(&gz).unwrap(),
            flate2::Compression::default(),
        );
        std::io::Write::write_all(&mut e, text.as_bytes()).unwrap();
        e.finish().unwrap();
    }
    for (file, extra) in [
        (&with_bom, &[][..]),
        (&no_bom, &["--encoding", "utf-16le"][..]),
        (&gz, &[][..]),
    ] {
        let out = feedlint(&dir.path().join("db"))
            .args(["--api-key", TEST_KEY, "--format", "json", "gtin"])
            .args(extra)
            .arg("--file")
            .arg(file)
            .assert()
            .code(0)
            .get_output()
            .stdout
            .clone();
        let body = json(&out);
        let results = body["data"]["results"].as_array().unwrap();
        let codes: Vec<&str> = results
            .iter()
            .map(|r| r["gtin"].as_str().unwrap())
            .collect();
        assert_eq!(
            codes,
            ["4006381333931", "036000291452"],
            "{}",
            file.display()
        );
        assert!(results.iter().all(|r| r["isValid"] == true), "{body}");
    }
}

/// An empty list (a file or stdin with no value on any line) is refused like an empty request's
/// `gtins` (422), counting nothing, instead of being reported as 0 GTINs with exit 0.
#[test]
fn an_empty_gtin_list_is_refused_like_an_empty_request() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "\n  \n").unwrap();
    let out = feedlint(&db)
        .args(["--api-key", TEST_KEY, "--format", "json", "gtin", "--file"])
        .arg(&empty)
        .assert()
        .code(2)
        .get_output()
        .stdout
        .clone();
    let body = json(&out);
    assert_eq!(body["code"], "UNPROCESSABLE_ENTITY");
    assert!(body["error"].as_str().unwrap().contains("empty.txt"));
    feedlint(&db)
        .args(["--api-key", TEST_KEY, "gtin"])
        .write_stdin("")
        .assert()
        .code(2)
        .stderr(predicates::str::contains("<stdin>: the GTIN list is empty"));
    assert_eq!(gtin_usage(&db, TEST_KEY).0, 0);
}

/// A GTIN list that does not decode names the file, as a feed's error does, with its help.
#[test]
fn gtin_list_decode_errors_name_the_file() {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes, problem) in [
        (
            "gt_badutf8.txt",
            &b"4006381333931\n\xff\xfe\n"[..],
            "gt_badutf8.txt: invalid UTF-8 at line 2, byte offset 14",
        ),
        (
            "gt_nul.txt",
            &b"4006381333931\n40\x00063\n"[..],
            "gt_nul.txt: binary data at line 2, byte offset 16: a NUL byte",
        ),
    ] {
        let file = dir.path().join(name);
        std::fs::write(&file, bytes).unwrap();
        let out = feedlint(&dir.path().join("db"))
            .args(["--api-key", TEST_KEY, "gtin", "--file"])
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(problem), "{stderr}");
        assert!(stderr.contains("help:"), "{stderr}");
    }
}

/// A request body's 400 errors name the file and the place (`file:line:col`), with the snippet
/// a feed's JSON error has; `--format json` keeps the code.
#[test]
fn request_errors_name_the_file_line_and_column_with_a_snippet() {
    let dir = tempfile::tempdir().unwrap();
    for (name, body, at, label) in [
        (
            "num.json",
            r#"{"gtins": [4006381333931]}"#,
            "num.json:1:12: `gtins[0]` must be a string, found a number",
            "a number, not a string",
        ),
        (
            "eof.json",
            r#"{"gtins": ["1","#,
            "eof.json:1:16: request body is not valid JSON: EOF while parsing a value",
            "the body ends here",
        ),
        (
            "opt.json",
            "{\n  \"gtins\": [\"4006381333931\"],\n  \"options\": {\"detailedAnalysis\": \"yes\"}\n}\n",
            "opt.json:3:35: `options.detailedAnalysis` must be a boolean, found a string",
            "a string, not a boolean",
        ),
        (
            "arr.json",
            r#"{"gtins": "4006381333931"}"#,
            "arr.json:1:11: `gtins` must be an array of strings, found a string",
            "a string, not an array",
        ),
    ] {
        let file = dir.path().join(name);
        std::fs::write(&file, body).unwrap();
        let out = feedlint(&dir.path().join("db"))
            .args(["--api-key", TEST_KEY, "gtin", "--request"])
            .arg(&file)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(at), "{stderr}");
        assert!(stderr.contains(label), "{stderr}");
        // The message says the place once, not serde_json's "at line 1 column 15" again.
        assert!(!stderr.contains(" at line "), "{stderr}");
        let out = feedlint(&dir.path().join("db"))
            .args([
                "--api-key",
                TEST_KEY,
                "--format",
                "json",
                "gtin",
                "--request",
            ])
            .arg(&file)
            .output()
            .unwrap();
        let body = json(&out.stdout);
        assert_eq!(body["code"], "INVALID_GTIN_FORMAT", "{body}");
        assert!(body["error"].as_str().unwrap().ends_with(at), "{body}");
    }
}

/// A product with several `gtin` values (two columns) has each distinct non-blank one listed,
/// labelled with the product and its line, and each counted.
#[test]
fn from_feed_lists_every_distinct_gtin_of_a_product() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let feed = dir.path().join("gt_feed.csv");
    std::fs::write(
        &feed,
        "id,gtin,gtin\nA1,4006381333931,0012345678905\nA2,4006381333931,4006381333931\nA3,, \n",
    )
    .unwrap();
    let out = feedlint(&db)
        .args([
            "--api-key",
            TEST_KEY,
            "--format",
            "json",
            "gtin",
            "--exit-zero",
        ])
        .arg("--from-feed")
        .arg(&feed)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let body = json(&out);
    let rows: Vec<(String, u64, String)> = body["data"]["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| {
            (
                r["productId"].as_str().unwrap().to_owned(),
                r["line"].as_u64().unwrap(),
                r["gtin"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let want = [
        ("A1", 2, "4006381333931"),
        ("A1", 2, "0012345678905"),
        ("A2", 3, "4006381333931"),
    ]
    .map(|(id, line, g)| (id.to_owned(), line, g.to_owned()));
    assert_eq!(rows, want);
    assert_eq!(gtin_usage(&db, TEST_KEY).0, 3);
}
