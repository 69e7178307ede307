//! `--report [FORMAT=]PATH` (`validate`, `batch`): several reports of one run, counted once. Each
//! report file holds exactly what a separate run with `--format FORMAT -o PATH` writes, is put in
//! place only when the run ends (as `-o` is), and the flag refuses files and formats that cannot
//! work before any product is read or counted.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Fixes `meta.requestId` too (the clock is fixed by `common::feedlint`), so separate runs write
/// the same bytes.
const REQUEST_ID: &str = "req-reports-0001";

const VALIDATE_FORMATS: [&str; 8] = [
    "table", "json", "ndjson", "csv", "junit", "sarif", "github", "gitlab",
];
const BATCH_FORMATS: [&str; 6] = ["table", "json", "junit", "sarif", "github", "gitlab"];

fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
        .to_str()
        .unwrap()
        .to_owned()
}

/// feedlint on the database `db` with a production key and a fixed request id.
fn feedlint(db: &Path) -> Command {
    let mut cmd = common::feedlint(db, Some(common::PROD_A));
    cmd.env("FEEDLINT_REQUEST_ID", REQUEST_ID);
    cmd
}

fn run(db: &Path, args: &[&str]) -> Output {
    feedlint(db).args(args).output().unwrap()
}

fn ok(db: &Path, args: &[&str]) -> Output {
    common::exited_ok(run(db, args), args)
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

fn read(p: &Path) -> Vec<u8> {
    std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// Files feedlint left beside its outputs while writing them.
fn leftovers(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(".feedlint-"))
        .map(|e| e.path())
        .collect()
}

/// One run of `command` on `feed` with a `--report` in every format of `formats` gives, in each
/// file, the bytes of a separate run with `--format F -o FILE` (each run on a fresh database, so
/// the usage in `meta` is the same), and the same stdout as a run without `--report`.
fn every_report_is_what_a_separate_run_writes(command: &str, formats: &[&str], feed: &str) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db-all");
    let path = |f: &str| dir.path().join(format!("all-{f}.out"));
    let mut args: Vec<String> = vec![command.into(), "--exit-zero".into()];
    for f in formats {
        args.extend(["--report".into(), format!("{f}={}", s(&path(f)))]);
    }
    args.push(feed.into());
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let all = ok(&db, &args);
    let stderr = String::from_utf8_lossy(&all.stderr);

    let plain = ok(
        &dir.path().join("db-plain"),
        &[command, "--exit-zero", feed],
    );
    assert_eq!(
        String::from_utf8_lossy(&all.stdout),
        String::from_utf8_lossy(&plain.stdout),
        "{command}: the main report is unchanged by --report"
    );

    for f in formats {
        let alone = dir.path().join(format!("alone-{f}.out"));
        ok(
            &dir.path().join(format!("db-{f}")),
            &["--format", f, command, "--exit-zero", "-o", s(&alone), feed],
        );
        let expected = read(&alone);
        assert!(!expected.is_empty(), "{command} {f}: empty report");
        assert_eq!(
            String::from_utf8_lossy(&read(&path(f))),
            String::from_utf8_lossy(&expected),
            "{command} --report {f}= differs from --format {f} -o"
        );
        assert!(
            stderr.contains(&format!("validated 7 products → {}", s(&path(f)))),
            "{command} {f}: {stderr}"
        );
    }
    assert!(leftovers(dir.path()).is_empty());
}

#[test]
fn validate_reports_in_every_format_equal_separate_runs() {
    every_report_is_what_a_separate_run_writes(
        "validate",
        &VALIDATE_FORMATS,
        &example("catalog.csv"),
    );
}

#[test]
fn batch_reports_in_every_format_equal_separate_runs() {
    every_report_is_what_a_separate_run_writes("batch", &BATCH_FORMATS, &example("catalog.csv"));
}

/// Where reading is costly (XML) the main JSON report renders each result ahead on the workers;
/// a JSON `--report` of the same run, rendered on the writing thread, is byte for byte the same.
#[test]
fn a_json_report_equals_a_main_json_report_rendered_ahead() {
    let dir = tempfile::tempdir().unwrap();
    let feed = example("catalog.xml");
    for command in ["validate", "batch"] {
        let file = dir.path().join(format!("{command}.json"));
        let out = ok(
            &dir.path().join(format!("db-{command}")),
            &[
                "--format",
                "json",
                command,
                "--exit-zero",
                "--report",
                s(&file),
                &feed,
            ],
        );
        assert!(out.stdout.starts_with(b"{"), "{command}");
        assert_eq!(
            String::from_utf8_lossy(&read(&file)),
            String::from_utf8_lossy(&out.stdout),
            "{command}"
        );
    }
}

/// `--report PATH` picks the format from the extension as `-o` does, and the `-o` report is
/// written beside it: three reports of one run.
#[test]
fn the_extension_picks_the_format_and_o_is_one_more_report() {
    let dir = tempfile::tempdir().unwrap();
    let feed = example("catalog.csv");
    let p = |n: &str| dir.path().join(n);
    let out = ok(
        &dir.path().join("db"),
        &[
            "validate",
            "--exit-zero",
            "-o",
            s(&p("main.txt")),
            "--report",
            s(&p("r.sarif")),
            "--report",
            s(&p("r.XML")),
            "--report",
            s(&p("r.jsonl")),
            &feed,
        ],
    );
    assert!(out.stdout.is_empty());
    let text = |n: &str| String::from_utf8(read(&p(n))).unwrap();
    assert!(
        text("main.txt").contains("7 products"),
        "{}",
        text("main.txt")
    );
    assert!(text("r.sarif").starts_with("{\"$schema\""));
    assert!(text("r.XML").starts_with("<?xml"));
    assert_eq!(text("r.jsonl").lines().count(), 7, "{}", text("r.jsonl"));
}

/// One run with two `--report`s counts its products once, for validate and for batch, on a test
/// key as on a production key.
#[test]
fn products_are_counted_once_whatever_the_number_of_reports() {
    let dir = tempfile::tempdir().unwrap();
    let feed = example("catalog.csv");
    for (key, command) in [
        (common::TEST_A, "validate"),
        (common::PROD_A, "validate"),
        (common::TEST_B, "batch"),
        (common::PROD_B, "batch"),
    ] {
        let db = dir.path().join(format!("db-{key}-{command}"));
        let a = dir.path().join(format!("{key}-{command}.sarif"));
        let b = dir.path().join(format!("{key}-{command}.json"));
        common::ok(
            &db,
            Some(key),
            &[
                command,
                "--exit-zero",
                "--report",
                s(&a),
                "--report",
                s(&b),
                &feed,
            ],
        );
        assert!(a.exists() && b.exists());
        let (counters, total) = common::counters(&db, key);
        assert_eq!(counters["productValidation"], 7, "{command} {key}");
        assert_eq!(total, 7, "{command} {key}: {counters:?}");
    }
}

/// A feed that breaks after some products stops the run: no report file appears, an existing
/// one keeps its content, no temporary is left, and nothing is counted.
#[test]
fn an_input_error_leaves_no_report_and_old_ones_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(example("catalog.xml")).unwrap();
    let broken = dir.path().join("broken.xml");
    std::fs::write(&broken, &text[..text.len() / 2]).unwrap();
    let old = dir.path().join("old.json");
    for command in ["validate", "batch"] {
        std::fs::write(&old, "old").unwrap();
        let new = dir.path().join(format!("{command}-new.sarif"));
        let main = dir.path().join(format!("{command}-main.xml"));
        let db = dir.path().join(format!("db-{command}"));
        let out = run(
            &db,
            &[
                command,
                "-o",
                s(&main),
                "--report",
                s(&new),
                "--report",
                &format!("json={}", s(&old)),
                s(&broken),
            ],
        );
        assert_eq!(out.status.code(), Some(2), "{command}");
        assert!(out.stdout.is_empty(), "{command}");
        assert!(!new.exists() && !main.exists(), "{command}");
        assert_eq!(std::fs::read_to_string(&old).unwrap(), "old", "{command}");
        assert!(leftovers(dir.path()).is_empty(), "{command}");
        assert_eq!(common::counters(&db, common::PROD_A).1, 0, "{command}");
    }
}

/// Usage errors (exit 2) before anything is read, written or counted.
#[test]
fn reports_that_cannot_work_are_refused_up_front() {
    let dir = tempfile::tempdir().unwrap();
    let feed = example("catalog.csv");
    let p = |n: &str| s(&dir.path().join(n)).to_owned();
    let a = p("a.json");
    let same_dir = format!("json={}/./a.json", s(dir.path()));
    let cases: Vec<(&str, Vec<String>, &[&str])> = vec![
        (
            "validate",
            vec!["--report".into(), a.clone(), "--report".into(), same_dir],
            &["writes the same file as --report json=", "a.json"],
        ),
        (
            "batch",
            vec!["-o".into(), a.clone(), "--report".into(), a.clone()],
            &["writes the same file as -o"],
        ),
        (
            "validate",
            vec!["--report".into(), format!("csv={feed}")],
            &["is the feed", "catalog.csv", "would replace the feed"],
        ),
        (
            "validate",
            vec!["--report".into(), format!("xlsx={}", p("a.xlsx"))],
            &[
                "unknown report format `xlsx`",
                "table, json, ndjson, csv, junit, sarif, github, gitlab",
            ],
        ),
        (
            "batch",
            vec!["--report".into(), p("a.txt")],
            &[
                "cannot tell the format",
                "a.txt",
                "table, json, ndjson, csv, junit, sarif, github, gitlab",
            ],
        ),
        (
            "validate",
            vec!["--report".into(), "sarif=".into()],
            &["`sarif=` names no file"],
        ),
        (
            "batch",
            vec!["--report".into(), p("a.csv")],
            &[
                "--report csv=",
                "`batch` cannot write --format csv",
                "table, json, junit, sarif, github, gitlab",
            ],
        ),
        (
            "validate",
            vec!["--report".into(), format!("json={}", s(dir.path()))],
            &["is a directory"],
        ),
        (
            "batch",
            vec!["--report".into(), format!("ndjson={}", p("b.out"))],
            &["`batch` cannot write --format ndjson"],
        ),
    ];
    for (i, (command, flags, expected)) in cases.into_iter().enumerate() {
        let db = dir.path().join(format!("db-{i}"));
        let mut args: Vec<&str> = vec![command];
        args.extend(flags.iter().map(String::as_str));
        args.push(&feed);
        let out = run(&db, &args);
        // miette wraps long lines: compare the words.
        let stderr = String::from_utf8_lossy(&out.stderr)
            .split_whitespace()
            .filter(|w| *w != "│")
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
        for e in expected {
            assert!(stderr.contains(e), "{args:?}: no {e:?} in {stderr}");
        }
        assert!(
            std::fs::read_dir(dir.path())
                .unwrap()
                .filter_map(Result::ok)
                .all(|e| e.file_name().to_string_lossy().starts_with("db-")),
            "{args:?}: a file was written"
        );
        if db.exists() {
            assert_eq!(common::counters(&db, common::PROD_A).1, 0, "{args:?}");
        }
    }
    assert_eq!(
        std::fs::read(&feed).unwrap(),
        std::fs::read(example("catalog.csv")).unwrap()
    );
}

/// A table report file gets no colour and no terminal width, like `-o FILE`, even when the
/// table on stdout has both.
#[test]
fn a_table_report_has_no_colour_and_no_width() {
    let dir = tempfile::tempdir().unwrap();
    let feed = example("catalog.csv");
    for command in ["validate", "batch"] {
        let report = dir.path().join(format!("{command}-report.txt"));
        let alone = dir.path().join(format!("{command}-alone.txt"));
        let out = feedlint(&dir.path().join(format!("db-{command}-1")))
            .env("COLUMNS", "70")
            .args([
                "--color",
                "always",
                command,
                "--exit-zero",
                "--report",
                &format!("table={}", s(&report)),
                &feed,
            ])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "{command}");
        assert!(
            out.stdout.windows(2).any(|w| w == b"\x1b["),
            "{command}: stdout is coloured"
        );
        ok(
            &dir.path().join(format!("db-{command}-2")),
            &[command, "--exit-zero", "-o", s(&alone), &feed],
        );
        let text = String::from_utf8(read(&report)).unwrap();
        assert!(!text.contains('\x1b'), "{command}: {text}");
        assert!(
            text.lines().any(|l| l.chars().count() > 70),
            "{command}: not fitted to COLUMNS: {text}"
        );
        assert_eq!(text, String::from_utf8(read(&alone)).unwrap(), "{command}");
    }
}

/// `--quiet` keeps stderr free of the `validated N products → FILE` lines.
#[test]
fn quiet_does_not_say_where_reports_went() {
    let dir = tempfile::tempdir().unwrap();
    let report = dir.path().join("r.sarif");
    let out = ok(
        &dir.path().join("db"),
        &[
            "--quiet",
            "validate",
            "--exit-zero",
            "--report",
            s(&report),
            &example("catalog.csv"),
        ],
    );
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(report.exists());
}

/// `--help` documents the flag with an example.
#[test]
fn help_shows_the_report_flag_with_an_example() {
    for command in ["validate", "batch"] {
        let out = ok(Path::new("/nonexistent-db"), &[command, "--help"]);
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(text.contains("--report <[FORMAT=]PATH>"), "{text}");
        assert!(
            text.contains("--report sarif=feedlint.sarif --report") && text.contains("report.json"),
            "{text}"
        );
    }
}

/// A report that cannot be written to the end (a full disk) fails the run (exit 2), counts
/// nothing, and puts none of the run's reports in place, not even those that fitted. The disk is
/// a full 64 KiB tmpfs in a private mount namespace (`unshare -m`, root only; elsewhere the test
/// says it is skipped), as in tests/partial_output.rs.
#[test]
fn a_report_lost_to_a_full_disk_fails_the_run_and_counts_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mnt = dir.path().join("mnt");
    std::fs::create_dir(&mnt).unwrap();
    let results = dir.path().join("results");
    std::fs::create_dir(&results).unwrap();
    // Where the reports that fit would go.
    let reports = dir.path().join("reports");
    std::fs::create_dir(&reports).unwrap();
    let db = dir.path().join("db");
    let script = r#"
        mount -t tmpfs -o size=64k tmpfs "$MNT" || exit 77
        dd if=/dev/zero of="$MNT/filler" bs=4k >/dev/null 2>&1
        i=0
        for cmd in "validate github" "batch json"; do
            set -- $cmd
            "$BIN" --db "$DB" $1 --exit-zero -o "$REP/$1-main.json" \
                --report "$REP/$1-fits.sarif" --report "$2=$MNT/lost" "$FEED" \
                >/dev/null 2>"$OUT/$i.err"
            echo "$?" >"$OUT/$i.code"
            i=$((i + 1))
        done
        "$BIN" --db "$DB" --format json usage >"$OUT/usage.json" || exit 79
    "#;
    let status = Command::new("unshare")
        .args(["-m", "sh", "-c", script])
        .env("MNT", &mnt)
        .env("BIN", assert_cmd::cargo::cargo_bin("feedlint"))
        .env("DB", &db)
        .env("OUT", &results)
        .env("REP", &reports)
        .env("FEED", example("catalog.xml"))
        .env("FEEDLINT_API_KEY", common::TEST_A)
        .env("NO_COLOR", "1")
        .env_remove("FEEDLINT_DB")
        .status();
    if !common::full_disk_script_ran(status, "", String::new) {
        return;
    }
    let text = |name: &str| std::fs::read_to_string(results.join(name)).unwrap();
    for i in 0..2 {
        let stderr = text(&format!("{i}.err"));
        assert_eq!(text(&format!("{i}.code")).trim(), "2", "{i}: {stderr}");
        assert!(stderr.contains("No space left on device"), "{i}: {stderr}");
    }
    let usage: serde_json::Value = serde_json::from_str(&text("usage.json")).unwrap();
    for counter in usage["data"]["counters"].as_array().unwrap() {
        assert_eq!(counter["validations"], 0, "{usage}");
    }
    let left: Vec<_> = std::fs::read_dir(&reports)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "reports or temporaries left: {left:?}");
}
