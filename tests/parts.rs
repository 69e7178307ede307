//! A CSV or TSV feed validated with `--jobs` above 1 is read in parts, each read, checked and
//! rendered on the thread that takes it (`pipeline::map_parts`), and its products placed in the
//! feed afterwards. Whatever the feed holds where the parts are cut (duplicates across parts,
//! products without an `id`, repeated headers, quoted line breaks, line ends of every kind, read
//! issues carried from the header or from a first part without products, an error that ends the
//! feed), every output must be what `--jobs 1` writes, byte for byte.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Output;

mod common;

const KEY: &str = common::PROD_A;

/// Rows of a feed, about 150 bytes each: a part (64 KiB) holds some 450 of them. Products
/// repeat ids and GTINs far apart, some have no id, and some rows are odd.
fn rows(n: usize) -> Vec<String> {
    let mut rows = Vec::with_capacity(n);
    for i in 0..n {
        let id = match i {
            _ if i % 997 == 13 => String::new(),
            _ if i % 1301 == 700 => "SKU-000005".to_owned(),
            _ => format!("SKU-{i:06}"),
        };
        let gtin = if i % 1103 == 900 {
            "4006381333931".to_owned()
        } else if i % 3 == 0 {
            String::new()
        } else {
            format!("{}", 40_000_000 + i)
        };
        let title = match i % 211 {
            7 => "\"Quoted, with a comma and a\nline break\"".to_owned(),
            9 => "FREE SHIPPING!!! BEST PRICE".to_owned(),
            _ => format!("Northwind Kettle model {i} in brushed steel, 1.7 l"),
        };
        rows.push(format!(
            "{id},{title},A kettle that boils water quickly and quietly for {i} cups,\
             https://shop.example.com/p/{i},https://cdn.example.com/{i}.jpg,in_stock,new,\
             {}.99 USD,{gtin},Northwind",
            10 + i % 90
        ));
    }
    rows
}

const HEADER: &str = "id,title,description,link,image_link,availability,condition,price,gtin,brand";

/// A feed of `rows` with a blank line and a repeated header among them, line ends `eol`.
fn feed(rows: &[String], eol: &str) -> String {
    let mut text = format!("{HEADER}\n");
    for (i, row) in rows.iter().enumerate() {
        if i == 1234 {
            text.push('\n');
        }
        if i == 1500 {
            writeln!(text, "{HEADER}").unwrap();
        }
        writeln!(text, "{row}").unwrap();
    }
    text.replace('\n', eol)
}

/// `validate` of `feed` with `--jobs jobs` and `args`, in a database of its own.
fn validate(feed: &Path, jobs: &str, args: &[&str]) -> Output {
    let db = tempfile::tempdir().unwrap();
    let mut cmd = common::feedlint(db.path(), Some(KEY));
    cmd.env("FEEDLINT_REQUEST_ID", "req_parts")
        .args(["--jobs", jobs, "validate", "--no-config"])
        .args(args)
        .arg(feed);
    cmd.output().unwrap()
}

/// The output without the one value that changes between runs.
fn steady(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes).into_owned();
    let Some(at) = text.find("\"processingTime\":") else {
        return text;
    };
    let start = at + "\"processingTime\":".len();
    let end = start
        + text[start..]
            .find(|c: char| !c.is_ascii_digit())
            .unwrap_or(0);
    format!("{}#{}", &text[..start], &text[end..])
}

/// Every output `args` give for `feed` is the same with one, two and three jobs.
fn same_with_any_jobs(feed: &Path, args: &[&str]) {
    let one = validate(feed, "1", args);
    for jobs in ["2", "3"] {
        let more = validate(feed, jobs, args);
        assert_eq!(
            more.status.code(),
            one.status.code(),
            "{args:?}, --jobs {jobs}: {}",
            String::from_utf8_lossy(&more.stderr)
        );
        assert_eq!(
            steady(&more.stderr),
            steady(&one.stderr),
            "{args:?}, --jobs {jobs}"
        );
        let (a, b) = (steady(&one.stdout), steady(&more.stdout));
        if a != b {
            let line = a.lines().zip(b.lines()).position(|(x, y)| x != y);
            panic!(
                "{args:?}, --jobs {jobs}: the output differs from --jobs 1 at line {line:?}: {:?}",
                line.map(|l| (a.lines().nth(l), b.lines().nth(l)))
            );
        }
    }
}

const FORMATS: [&[&str]; 9] = [
    &["--format", "ndjson", "--exit-zero"],
    &["--format", "json"],
    &[
        "--format",
        "json",
        "--market-intelligence",
        "--recommendations",
    ],
    &["--format", "table", "--verbose"],
    &["--format", "csv"],
    &["--format", "sarif", "--exit-zero"],
    &["--format", "junit", "--exit-zero"],
    &["--format", "gitlab", "--exit-zero"],
    &["--format", "ndjson", "--statistics"],
];

#[test]
fn every_format_is_the_same_with_any_number_of_jobs() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("feed.csv");
    std::fs::write(&path, feed(&rows(3000), "\n")).unwrap();
    for args in FORMATS {
        same_with_any_jobs(&path, args);
    }
}

#[test]
fn line_ends_of_every_kind_and_tabs_give_the_same_results() {
    let dir = tempfile::tempdir().unwrap();
    let rows = rows(2000);
    for (name, text) in [
        ("crlf.csv", feed(&rows, "\r\n")),
        ("cr.csv", feed(&rows, "\r")),
        (
            "feed.tsv",
            feed(
                &rows
                    .iter()
                    .map(|r| r.replace(",\"Quoted, with", ",\"Quoted with"))
                    .map(|r| r.replace(',', "\t"))
                    .collect::<Vec<_>>(),
                "\n",
            )
            .replace(',', "\t"),
        ),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        same_with_any_jobs(&path, &["--format", "ndjson", "--exit-zero"]);
    }
}

/// Read issues of the header go to the first product; those of repeated headers filling the
/// whole first part go to the first product of the second.
#[test]
fn read_issues_carried_to_a_first_product_are_checked_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let rows = rows(1200);
    // `title` in two columns: a read issue of the header line, for the first product.
    let mut repeated = format!("{HEADER},title\n");
    for (i, row) in rows.iter().enumerate() {
        let other = if i % 2 == 0 { "Other title" } else { "" };
        writeln!(repeated, "{row},{other}").unwrap();
    }
    let path = dir.path().join("repeated-column.csv");
    std::fs::write(&path, repeated).unwrap();
    same_with_any_jobs(&path, &["--format", "ndjson", "--exit-zero"]);

    let mut text = format!("{HEADER}\n");
    while text.len() < 100 * 1024 {
        writeln!(text, "{HEADER}").unwrap();
    }
    for row in &rows {
        writeln!(text, "{row}").unwrap();
    }
    let path = dir.path().join("headers-first.csv");
    std::fs::write(&path, text).unwrap();
    same_with_any_jobs(&path, &["--format", "ndjson", "--exit-zero"]);
    same_with_any_jobs(&path, &["--format", "table"]);
}

/// An error that ends the feed (bytes that are not UTF-8, an unclosed quote) comes after the
/// products before it, whichever part holds it and whatever the parts after it hold.
#[test]
fn an_error_ending_the_feed_comes_after_the_same_products() {
    let dir = tempfile::tempdir().unwrap();
    let text = feed(&rows(2500), "\n");
    let mut bytes = text.clone().into_bytes();
    let at = bytes.len() / 2;
    bytes.splice(at..at, [0xFF, 0xFE]);
    let path = dir.path().join("not-utf8.csv");
    std::fs::write(&path, bytes).unwrap();
    same_with_any_jobs(&path, &["--format", "ndjson", "--exit-zero"]);

    let path = dir.path().join("unclosed.csv");
    std::fs::write(&path, format!("{text}SKU-X,\"an unclosed\nquote,x\n")).unwrap();
    same_with_any_jobs(&path, &["--format", "ndjson", "--exit-zero"]);
    same_with_any_jobs(&path, &["--format", "json"]);
}

/// With a `--report` or a baseline the results are rendered from the reports themselves, and
/// standard input is read in parts too.
#[test]
fn reports_baselines_and_standard_input_are_the_same_with_any_number_of_jobs() {
    let dir = tempfile::tempdir().unwrap();
    let text = feed(&rows(2000), "\n");
    let path = dir.path().join("feed.csv");
    std::fs::write(&path, &text).unwrap();
    let baseline = dir.path().join("baseline.json");
    let out = validate(&path, "1", &["--format", "json", "--exit-zero"]);
    std::fs::write(&baseline, &out.stdout).unwrap();
    same_with_any_jobs(
        &path,
        &[
            "--format",
            "ndjson",
            "--exit-zero",
            "--baseline",
            baseline.to_str().unwrap(),
        ],
    );

    let stdin = |jobs: &str| {
        let db = tempfile::tempdir().unwrap();
        let mut cmd = assert_cmd::Command::from_std(common::feedlint(db.path(), Some(KEY)));
        cmd.env("FEEDLINT_REQUEST_ID", "req_parts")
            .args([
                "--jobs",
                jobs,
                "validate",
                "--no-config",
                "--format",
                "ndjson",
            ])
            .args(["--exit-zero", "-"])
            .write_stdin(text.clone());
        cmd.output().unwrap()
    };
    let one = stdin("1");
    let two = stdin("2");
    assert_eq!(one.status.code(), two.status.code());
    assert_eq!(steady(&one.stdout), steady(&two.stdout));
    assert!(!one.stdout.is_empty());

    for jobs in ["1", "2"] {
        let report = dir.path().join(format!("report-{jobs}.sarif"));
        let arg = format!("sarif={}", report.display());
        let out = validate(
            &path,
            jobs,
            &["--format", "ndjson", "--exit-zero", "--report", &arg],
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(
        std::fs::read(dir.path().join("report-1.sarif")).unwrap(),
        std::fs::read(dir.path().join("report-2.sarif")).unwrap()
    );
}
