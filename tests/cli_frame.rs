//! The command-line frame: exit codes, a closed pipe, and the generated completions and man
//! pages kept in the repository.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::Stdio;

use assert_cmd::Command;
use predicates::str::contains;

fn feedlint() -> Command {
    Command::cargo_bin("feedlint").unwrap()
}

#[test]
fn help_and_version_exit_0() {
    feedlint()
        .arg("--help")
        .assert()
        .code(0)
        .stdout(contains("Exit codes:"))
        .stdout(contains("convert"));
    feedlint()
        .arg("--version")
        .assert()
        .code(0)
        .stdout(contains("feedlint"));
    feedlint()
        .args(["convert", "--help"])
        .assert()
        .code(0)
        .stdout(contains("--to"));
}

#[test]
fn bad_usage_exits_2() {
    feedlint().arg("--no-such-flag").assert().code(2).stdout("");
    feedlint().assert().code(2);
    feedlint()
        .arg("convert")
        .assert()
        .code(2)
        .stderr(contains("FEED"));
    feedlint()
        .args(["convert", "x.csv", "--to", "xlsx"])
        .assert()
        .code(2)
        .stderr(contains("xlsx"));
    feedlint()
        .args(["convert", "x.csv", "--to", "csv", "--encoding", "klingon"])
        .assert()
        .code(2)
        .stderr(contains("unknown encoding"));
}

#[test]
fn missing_feed_is_an_input_error_with_exit_2() {
    feedlint()
        .args(["convert", "no/such/feed.csv", "--to", "csv"])
        .assert()
        .code(2)
        .stderr(contains("cannot open no/such/feed.csv"));
}

#[test]
fn json_format_errors_use_the_spec_envelope() {
    let out = feedlint()
        .args(["--format", "json", "convert", "-", "--to", "csv"])
        .write_stdin(r#"{"options": {}}"#)
        .assert()
        .code(2)
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["success"], false);
    assert_eq!(v["error"]["code"], "VALIDATION_ERROR");
    assert!(
        v["error"]["message"]
            .as_str()
            .unwrap()
            .contains("missing products array")
    );
}

#[test]
fn closed_pipe_ends_quietly_with_0() {
    let dir = tempfile::tempdir().unwrap();
    let feed = dir.path().join("big.csv");
    {
        let mut f = std::io::BufWriter::new(std::fs::File::create(&feed).unwrap());
        writeln!(f, "id,title,description,price").unwrap();
        for i in 0..100_000 {
            writeln!(
                f,
                "SKU-{i},Product number {i},A plain description of product {i},{}.99 USD",
                i % 500
            )
            .unwrap();
        }
    }
    let bin = assert_cmd::cargo::cargo_bin("feedlint");
    let mut child = std::process::Command::new(bin)
        .args(["convert", "--to", "ndjson"])
        .arg(&feed)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        out.read_line(&mut first).unwrap();
        assert!(first.contains("SKU-0"));
        // Dropping the reader closes the pipe, like `| head -1`.
    }
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("rror"),
        "no error on a closed pipe: {stderr}"
    );
}

const SHELLS: [&str; 5] = ["bash", "zsh", "fish", "powershell", "elvish"];

#[test]
fn committed_completions_are_up_to_date() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut stale = Vec::new();
    for shell in SHELLS {
        let fresh = feedlint()
            .args(["generate", "completions", shell])
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let path = root.join("completions").join(format!("feedlint.{shell}"));
        if std::fs::read(&path).ok().as_deref() != Some(fresh.as_slice()) {
            stale.push(format!(
                "cargo run -- generate completions {shell} > completions/feedlint.{shell}"
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "completions are stale; refresh them with:\n{}",
        stale.join("\n")
    );
}

#[test]
fn committed_man_pages_are_up_to_date_and_document_exit_codes_and_environment() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = tempfile::tempdir().unwrap();
    feedlint()
        .args(["generate", "man"])
        .arg(dir.path())
        .assert()
        .success();
    let refresh =
        "man pages are stale; refresh them with:\nrm -r man && cargo run -- generate man man";
    let mut fresh: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    fresh.sort();
    let mut committed: Vec<String> = std::fs::read_dir(root.join("man"))
        .map(|d| {
            d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    committed.sort();
    assert_eq!(fresh, committed, "{refresh}");
    for name in &fresh {
        let a = std::fs::read(dir.path().join(name)).unwrap();
        let b = std::fs::read(root.join("man").join(name)).unwrap();
        assert!(a == b, "{name} differs. {refresh}");
    }
    let page = std::fs::read_to_string(root.join("man/feedlint.1")).unwrap();
    assert!(
        page.contains("Exit codes"),
        "the man page documents exit codes"
    );
    assert!(
        page.contains("NO_COLOR"),
        "the man page documents environment variables"
    );
    let convert = std::fs::read_to_string(root.join("man/feedlint-convert.1")).unwrap();
    assert!(convert.contains("\\-\\-to"));
}

#[test]
fn a_format_the_command_cannot_write_is_a_usage_error() {
    for cmd in ["rules", "categories"] {
        feedlint()
            .args([cmd, "--format", "csv"])
            .assert()
            .code(2)
            .stderr(contains("cannot write --format csv"));
    }
}
