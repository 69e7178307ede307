//! A fatal input error in the middle of a feed (issue 10, "always say what is wrong and where"):
//! stdout must never hold a report with an error envelope glued to it. Before any product is
//! written, `--format json` gives the spec's envelope alone; after part of the report is out, the
//! error goes to stderr, which says the report is incomplete, and the exit code is 2.

use std::fmt::Write as _;
use std::path::Path;

use assert_cmd::Command;

const KEY: &str = "adb_prod_0123456789abcdefXYZ";

fn broken_feed(dir: &Path, good_items: usize) -> std::path::PathBuf {
    let mut items = String::new();
    for i in 0..good_items {
        write!(
            items,
            "<item><g:id>A{i}</g:id><title>Thing number {i} in blue cotton</title>\
             <link>https://shop.test/p/{i}</link><g:price>10.00 USD</g:price></item>"
        )
        .expect("writing to a String cannot fail");
    }
    let xml = format!(
        "<?xml version=\"1.0\"?><rss xmlns:g=\"http://base.google.com/ns/1.0\" version=\"2.0\">\
         <channel>{items}<item><title>bad</titl></item></channel></rss>"
    );
    let path = dir.join(format!("broken-{good_items}.xml"));
    std::fs::write(&path, xml).expect("write feed");
    path
}

fn run(command: &str, feed: &Path, db: &Path) -> std::process::Output {
    Command::cargo_bin("feedlint")
        .expect("binary")
        .args([command, "--format", "json", "--api-key", KEY, "--db"])
        .arg(db)
        .arg(feed)
        .output()
        .expect("run feedlint")
}

#[test]
fn error_before_the_first_product_gives_the_envelope_alone() {
    let dir = tempfile::tempdir().expect("tempdir");
    let feed = broken_feed(dir.path(), 0);
    for command in ["validate", "batch"] {
        let out = run(command, &feed, &dir.path().join("db"));
        assert_eq!(out.status.code(), Some(2), "{command}");
        let body: serde_json::Value =
            serde_json::from_slice(&out.stdout).expect("stdout is one JSON document");
        assert_eq!(body["success"], false, "{command}: {body}");
        let text = body.to_string();
        assert!(text.contains("INPUT_ERROR"), "{command}: {text}");
        assert!(
            text.contains("broken-0.xml"),
            "{command}: names the file: {text}"
        );
    }
}

#[test]
fn error_after_part_of_the_report_is_reported_on_stderr_only() {
    let dir = tempfile::tempdir().expect("tempdir");
    let feed = broken_feed(dir.path(), 3);
    for command in ["validate", "batch"] {
        let out = run(command, &feed, &dir.path().join("db"));
        assert_eq!(out.status.code(), Some(2), "{command}");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            !stdout.contains("\"error\""),
            "{command}: no envelope glued on: {stdout}"
        );
        assert!(
            stdout.contains("\"A0\""),
            "{command}: the products before the error are kept"
        );
        assert!(stderr.contains("incomplete"), "{command}: {stderr}");
        assert!(
            stderr.contains("broken-3.xml"),
            "{command}: names the file: {stderr}"
        );
        assert!(
            stderr.contains("</titl>"),
            "{command}: says what is wrong: {stderr}"
        );
    }
}
