//! `--stdin-filename NAME`: stdin (`-`) is named NAME in every report and error, NAME's
//! extension picks the format and gzip as a file's would (`--input-format` still wins), NAME is
//! never read, and the flag without a `-` input is a usage error.

mod common;

use std::path::Path;
use std::process::Output;

use flate2::Compression;
use flate2::write::GzEncoder;
use std::io::Write;

fn example(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("examples")
            .join(name),
    )
    .unwrap()
}

/// Runs feedlint in `cwd` with its own database in `db`, `stdin` piped in.
fn run_in(cwd: &Path, db: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut cmd = common::feedlint(db, Some(common::PROD_A));
    // A fixed request id, so that two runs' JSON reports can be compared.
    cmd.current_dir(cwd)
        .env(
            "FEEDLINT_REQUEST_ID",
            "3f2b8c4e-1d2a-4b5c-9e8f-0a1b2c3d4e5f",
        )
        .args(args);
    assert_cmd::Command::from_std(cmd)
        .write_stdin(stdin.to_vec())
        .output()
        .unwrap()
}

/// Runs feedlint in a fresh temporary directory and database.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    let db = tempfile::tempdir().unwrap();
    run_in(dir.path(), db.path(), args, stdin)
}

/// Runs feedlint `args` on `stdin`, insists on exit 2 and returns its stderr, which must hold
/// `expect`.
fn fails_with(args: &[&str], stdin: &[u8], expect: &str) -> String {
    let out = run(args, stdin);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains(expect), "{stderr}");
    stderr
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut enc = GzEncoder::new(Vec::new(), Compression::default());
    enc.write_all(data).unwrap();
    enc.finish().unwrap()
}

/// Piping a feed with `--stdin-filename shop/x.tsv` gives the very report (stdout and stderr,
/// every format) that reading the file `shop/x.tsv` gives; a `-` left unnamed does not.
#[test]
fn piped_with_a_name_reports_exactly_as_the_file_of_that_name() {
    let tsv = example("catalog.tsv");
    let work = tempfile::tempdir().unwrap();
    std::fs::create_dir(work.path().join("shop")).unwrap();
    std::fs::write(work.path().join("shop/x.tsv"), &tsv).unwrap();
    // The stdin run happens where no `shop/x.tsv` exists: the name is only a name.
    let elsewhere = tempfile::tempdir().unwrap();
    for format in [
        "table", "json", "ndjson", "csv", "sarif", "junit", "github", "gitlab",
    ] {
        for verbose in [false, true] {
            let mut args = vec!["validate", "--exit-zero", "--format", format];
            if verbose {
                args.push("-v");
            }
            let db = tempfile::tempdir().unwrap();
            let mut file_args = args.clone();
            file_args.push("shop/x.tsv");
            let from_file = run_in(work.path(), db.path(), &file_args, b"");
            assert_eq!(
                from_file.status.code(),
                Some(0),
                "{}",
                text(&from_file.stderr)
            );

            let db = tempfile::tempdir().unwrap();
            let mut stdin_args = args.clone();
            stdin_args.extend(["-", "--stdin-filename", "shop/x.tsv"]);
            let from_stdin = run_in(elsewhere.path(), db.path(), &stdin_args, &tsv);
            assert_eq!(
                from_stdin.status.code(),
                Some(0),
                "{}",
                text(&from_stdin.stderr)
            );
            assert_eq!(
                text(&from_stdin.stdout),
                text(&from_file.stdout),
                "--format {format} -v {verbose}"
            );
            assert_eq!(
                text(&from_stdin.stderr),
                text(&from_file.stderr),
                "--format {format} -v {verbose}"
            );
        }
    }
}

#[test]
fn the_name_is_in_verbose_lines_table_locations_and_annotations() {
    let csv = example("catalog.csv");
    let out = run(
        &[
            "validate",
            "-v",
            "--exit-zero",
            "-",
            "--stdin-filename",
            "shop/x.csv",
        ],
        &csv,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let all = text(&out.stdout) + &text(&out.stderr);
    assert!(all.contains("shop/x.csv:2: "), "{all}");
    assert!(!all.contains("<stdin>"), "{all}");

    // With a second input the table names each product's file.
    let dir = tempfile::tempdir().unwrap();
    let db = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("b.csv"), &csv).unwrap();
    let out = run_in(
        dir.path(),
        db.path(),
        &[
            "validate",
            "--exit-zero",
            "-",
            "b.csv",
            "--stdin-filename",
            "a.csv",
        ],
        &csv,
    );
    let stdout = text(&out.stdout);
    assert!(stdout.contains("a.csv:2 "), "{stdout}");
    assert!(stdout.contains("b.csv:2 "), "{stdout}");
    // FL-I004 names the other file of a duplicate id (across the inputs of one batch).
    let db = tempfile::tempdir().unwrap();
    let out = run_in(
        dir.path(),
        db.path(),
        &[
            "batch",
            "-v",
            "--exit-zero",
            "-",
            "b.csv",
            "--stdin-filename",
            "a.csv",
        ],
        &csv,
    );
    let all = text(&out.stdout) + &text(&out.stderr);
    assert!(
        all.contains("b.csv:2: critical compliance FL-I004 [duplicate-id] id: id \"NW-EL-1001\" was already used by the product at a.csv:2"),
        "{all}"
    );

    let out = run(
        &[
            "validate",
            "--exit-zero",
            "--format",
            "github",
            "-",
            "--stdin-filename",
            "shop/x.csv",
        ],
        &csv,
    );
    assert!(text(&out.stdout).contains("file=shop/x.csv,line=2,"));
    let out = run(
        &[
            "validate",
            "--exit-zero",
            "--format",
            "gitlab",
            "-",
            "--stdin-filename",
            "shop/x.csv",
        ],
        &csv,
    );
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for issue in doc.as_array().unwrap() {
        assert_eq!(issue["location"]["path"], "shop/x.csv");
    }
}

/// SARIF: a named stdin is a relative path like a file's (a `uri`, no stream artifact); JUnit
/// names its suite after it.
#[test]
fn sarif_uri_and_junit_suite_carry_the_name() {
    let csv = example("catalog.csv");
    let out = run(
        &[
            "validate",
            "--exit-zero",
            "--format",
            "sarif",
            "-",
            "--stdin-filename",
            "feeds/my feed.csv",
        ],
        &csv,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let run0 = &doc["runs"][0];
    let results = run0["results"].as_array().unwrap();
    assert!(!results.is_empty());
    for r in results {
        assert_eq!(
            r["locations"][0]["physicalLocation"]["artifactLocation"],
            serde_json::json!({"uri": "feeds/my%20feed.csv"})
        );
    }
    assert!(run0.get("artifacts").is_none(), "{run0}");

    let out = run(
        &[
            "validate",
            "--exit-zero",
            "--format",
            "junit",
            "-",
            "--stdin-filename",
            "feeds/a.csv",
        ],
        &csv,
    );
    let xml = text(&out.stdout);
    assert!(xml.contains(r#"<testsuite name="feeds/a.csv" "#), "{xml}");
    assert!(!xml.contains("stdin"), "{xml}");
}

/// A read error names NAME and the line, in the miette diagnostic and in JSON.
#[test]
fn read_errors_name_the_name_and_line() {
    let body = b"[\n{\"id\": \"1\", \"title\": \"Shirt\"},\n{\"id\": x}\n]\n";
    fails_with(
        &["validate", "-", "--stdin-filename", "shop/x.json"],
        body,
        "shop/x.json:3:8: not valid JSON",
    );
    let out = run(
        &[
            "validate",
            "--format",
            "json",
            "-",
            "--stdin-filename",
            "shop/x.json",
        ],
        body,
    );
    // The product before the error is reported; the error ends the run, on stderr.
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("shop/x.json:3:8: not valid JSON"));

    fails_with(
        &["validate", "-", "--stdin-filename", "shop/x.csv"],
        b"id,title\n1,Shirt\n2,\xff\n",
        "shop/x.csv: invalid UTF-8 at line 3",
    );
}

/// The products of `convert --to ndjson` of `stdin` read with `args`.
fn converted(args: &[&str], stdin: &[u8]) -> Vec<serde_json::Value> {
    let mut all = vec!["convert", "--to", "ndjson", "-"];
    all.extend_from_slice(args);
    let out = run(&all, stdin);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A header with more commas than tabs: sniffed, it reads as CSV; named `.tsv` (as a file of
/// that name is read) it is tab-separated; `--input-format` still wins over the name.
#[test]
fn the_extension_of_the_name_picks_the_format() {
    let tsv = b"id\ttitle\tcolor,size,material,fit\n1\tShirt\tred,M,cotton,slim\n";
    let named = converted(&["--stdin-filename", "x.tsv"], tsv);
    assert_eq!(named.len(), 1);
    assert_eq!(named[0]["id"], "1");
    assert_eq!(named[0]["title"], "Shirt");
    let sniffed = converted(&[], tsv);
    assert_ne!(sniffed[0]["id"], "1", "{sniffed:?}");
    let forced = converted(&["--stdin-filename", "x.tsv", "--input-format", "csv"], tsv);
    assert_eq!(forced, sniffed);

    // Two objects on two lines: NDJSON when sniffed, a JSON document (which it is not) when
    // named `.json`, NDJSON again when forced.
    let lines = b"{\"id\": \"1\"}\n{\"id\": \"2\"}\n";
    assert_eq!(converted(&[], lines).len(), 2);
    let out = run(
        &[
            "convert",
            "--to",
            "ndjson",
            "-",
            "--stdin-filename",
            "x.json",
        ],
        lines,
    );
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stdout));
    assert!(
        text(&out.stderr).contains("x.json:"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(
        converted(
            &["--stdin-filename", "x.json", "--input-format", "ndjson"],
            lines
        )
        .len(),
        2
    );

    // Content that cannot be what the name says: the error names the flag to fix.
    let stderr = fails_with(
        &["validate", "-", "--stdin-filename", "x.xml"],
        b"id,title\n1,a\n",
        "x.xml: byte 0: the file is named as XML",
    );
    assert!(stderr.contains("--stdin-filename"), "{stderr}");
}

/// `.gz` in the name: gzip data reads as the file `x.csv.gz` does; plain text so named fails as
/// such a file fails.
#[test]
fn a_gz_name_means_gzip_as_for_a_file() {
    let csv = example("catalog.csv");
    let gz = gzip(&csv);
    let plain = converted(&[], &csv);
    assert_eq!(converted(&["--stdin-filename", "x.csv.gz"], &gz), plain);

    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("x.csv.gz"), &csv).unwrap();
    let db = tempfile::tempdir().unwrap();
    let file = run_in(dir.path(), db.path(), &["validate", "x.csv.gz"], b"");
    let db = tempfile::tempdir().unwrap();
    let piped = run_in(
        dir.path(),
        db.path(),
        &["validate", "-", "--stdin-filename", "x.csv.gz"],
        &csv,
    );
    assert_eq!(file.status.code(), Some(2));
    assert_eq!(piped.status.code(), Some(2));
    assert!(text(&piped.stderr).contains("x.csv.gz: not gzip data"));
    assert_eq!(text(&piped.stderr), text(&file.stderr));
}

/// Without a `-` input the flag names nothing: a usage error, before anything is read, for
/// every command that takes it.
#[test]
fn without_stdin_the_flag_is_a_usage_error() {
    let csv = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/catalog.csv");
    let csv = csv.to_str().unwrap();
    for args in [
        vec!["validate", csv],
        vec!["batch", csv],
        vec!["convert", "--to", "ndjson", csv],
        vec!["revenue", csv],
        vec!["gtin", "4006381333931"],
        vec!["gtin", "--from-feed", csv],
        vec!["voice", "analyze", csv],
    ] {
        let mut all = args.clone();
        all.extend(["--stdin-filename", "x.csv"]);
        let out = run(&all, b"");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(text(&out.stdout), "", "{args:?}");
        assert!(
            text(&out.stderr).contains("--stdin-filename x.csv names stdin, but no input is `-`"),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
}

/// The name is never opened: a file of that name with other content is not read, and `-o` onto
/// it is not writing over an input.
#[test]
fn the_name_is_not_read_nor_an_input_for_o() {
    let csv = example("catalog.csv");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("decoy.csv"), "not,a\nfeed").unwrap();
    let db = tempfile::tempdir().unwrap();
    let out = run_in(
        dir.path(),
        db.path(),
        &[
            "validate",
            "--exit-zero",
            "--format",
            "json",
            "-",
            "--stdin-filename",
            "decoy.csv",
            "-o",
            "decoy.csv",
        ],
        &csv,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let report: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("decoy.csv")).unwrap()).unwrap();
    assert!(report.to_string().contains("NW-EL-1001"));
}

/// `gtin --from-feed -` and a piped GTIN list take the name too.
#[test]
fn gtin_names_stdin_as_well() {
    let out = run(
        &[
            "gtin",
            "--from-feed",
            "-",
            "--stdin-filename",
            "x.tsv",
            "--exit-zero",
        ],
        &example("catalog.tsv"),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("4006381333931"));
    let out = run(
        &["gtin", "--stdin-filename", "codes.txt"],
        b"4006381333931\n\xff\n",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("codes.txt"),
        "{}",
        text(&out.stderr)
    );
}

/// `voice analyze --request -` reads the 2.7 body from stdin, gzip and all when the name ends
/// in `.gz`, and a bad body is named by the name.
#[test]
fn voice_request_reads_stdin_under_the_name() {
    let body = serde_json::json!({
        "product": {
            "title": "Precision torque wrench, 1/2 inch drive",
            "description": "Calibrated to 4% accuracy with a 72-tooth ratchet and a chrome vanadium body.",
            "category": "tools"
        },
        "brandName": "Vortex",
    })
    .to_string();
    let analyze = |name: &str, stdin: &[u8]| {
        run(
            &[
                "--format",
                "json",
                "voice",
                "analyze",
                "--request",
                "-",
                "--stdin-filename",
                name,
            ],
            stdin,
        )
    };
    let plain = analyze("req.json", body.as_bytes());
    assert_eq!(plain.status.code(), Some(0), "{}", text(&plain.stderr));
    let doc: serde_json::Value = serde_json::from_slice(&plain.stdout).unwrap();
    assert_eq!(doc["success"], true, "{doc}");
    let zipped = analyze("req.json.gz", &gzip(body.as_bytes()));
    assert_eq!(zipped.status.code(), Some(0), "{}", text(&zipped.stderr));
    let doc2: serde_json::Value = serde_json::from_slice(&zipped.stdout).unwrap();
    assert_eq!(
        doc["data"]["brandVoiceAnalysis"],
        doc2["data"]["brandVoiceAnalysis"]
    );
    let bad = analyze("req.json", b"{\"product\": 3}");
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        text(&bad.stdout).contains("req.json is not a 2.7 request body"),
        "{}{}",
        text(&bad.stdout),
        text(&bad.stderr)
    );
}
