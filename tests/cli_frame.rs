//! The command-line frame: exit codes, a closed pipe, and the generated completions and man
//! pages kept in the repository.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::Stdio;

use assert_cmd::Command;
use predicates::str::contains;

fn feedlint() -> Command {
    let mut c = Command::cargo_bin("feedlint").unwrap();
    // Tables fit COLUMNS when it is set: these tests read a pipe's output.
    c.env_remove("COLUMNS");
    c
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

/// What `feedlint ARGS` (a help request) prints, checked to exit 0.
fn help_of(args: &[&str]) -> String {
    let out = feedlint()
        .args(args)
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

/// `--help` lists the commands by what people come for: the validators first, then the lookups
/// and tools; the hidden `generate` (for packagers) not at all.
#[test]
fn help_lists_the_validators_first() {
    let text = help_of(&["--help"]);
    let commands: Vec<&str> = text
        .split("Commands:\n")
        .nth(1)
        .unwrap()
        .lines()
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| l.starts_with("  ") && !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(
        commands,
        [
            "validate",
            "batch",
            "gtin",
            "revenue",
            "voice",
            "categories",
            "rules",
            "convert",
            "usage",
            "help"
        ]
    );
}

/// The one-line verdict on stderr comes after the report on stdout when both go to one place (a
/// terminal, a CI log): stdout is flushed before it. Before, the buffered report reached the
/// terminal only at exit, under the line that should end it.
#[test]
fn the_verdict_follows_the_report() {
    let dir = tempfile::tempdir().unwrap();
    let feed = dir.path().join("bad.csv");
    std::fs::write(&feed, "id,title,price\n1,x,abc\n").unwrap();
    for (args, verdict) in [
        (&["validate"][..], "feedlint: 1 of 1 product has a critical"),
        (
            &["batch", "--fail-under", "99"][..],
            "feedlint: feed compliance",
        ),
    ] {
        let log = dir.path().join("log");
        let file = std::fs::File::create(&log).unwrap();
        let status = std::process::Command::new(assert_cmd::cargo::cargo_bin("feedlint"))
            .args(args)
            .arg(&feed)
            .env("FEEDLINT_API_KEY", "adb_test_0123456789abcdefXYZ")
            .env("FEEDLINT_DB", dir.path().join("db"))
            .env_remove("NO_COLOR")
            .stdout(Stdio::from(file.try_clone().unwrap()))
            .stderr(Stdio::from(file))
            .status()
            .unwrap();
        assert_eq!(status.code(), Some(1), "{args:?}");
        let text = std::fs::read_to_string(&log).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.starts_with(verdict))
            .unwrap_or_else(|| panic!("{args:?}: no verdict in\n{text}"));
        let table = lines
            .iter()
            .rposition(|l| l.contains("┌") || l.contains("└"))
            .unwrap_or_else(|| panic!("{args:?}: no table in\n{text}"));
        assert!(
            table < at,
            "{args:?}: the verdict comes before the report:\n{text}"
        );
    }
}

/// A command's help groups its options: its own first, then how feeds are read, the CI gates,
/// the configuration and the options every command takes, each under its heading.
#[test]
fn help_groups_the_options_under_headings() {
    let text = help_of(&["validate", "--help"]);
    let mut sections: Vec<(String, Vec<String>)> = Vec::new();
    for line in text.lines() {
        if !line.starts_with(' ') && line.ends_with(':') {
            sections.push((line.trim_end_matches(':').to_owned(), Vec::new()));
        } else if let Some(flag) = line
            .trim_start()
            .split([' ', ','])
            .find(|w| w.starts_with("--"))
            .filter(|_| line.starts_with("  ") && line.trim_start().starts_with('-'))
            && let Some((_, flags)) = sections.last_mut()
        {
            flags.push(flag.to_owned());
        }
    }
    let section = |name: &str| {
        sections.iter().find(|(n, _)| n == name).map_or_else(
            || panic!("no {name} section in\n{text}"),
            |(_, f)| f.clone(),
        )
    };
    let names: Vec<&str> = sections.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "Arguments",
            "Options",
            "Reading feeds",
            "CI gates",
            "Configuration",
            "Global options"
        ]
    );
    assert!(section("Options").contains(&"--verbose".to_owned()));
    assert!(section("Options").contains(&"--category".to_owned()));
    assert_eq!(
        section("Reading feeds"),
        [
            "--input-format",
            "--encoding",
            "--max-decompressed-size",
            "--stdin-filename"
        ]
    );
    assert_eq!(
        section("CI gates"),
        [
            "--fail-under",
            "--fail-on",
            "--exit-zero",
            "--baseline",
            "--max-drop"
        ]
    );
    assert_eq!(
        section("Configuration"),
        [
            "--config",
            "--no-config",
            "--select",
            "--ignore",
            "--extend-select",
            "--extend-ignore"
        ]
    );
    assert!(section("Global options").contains(&"--format".to_owned()));
    assert!(section("Global options").contains(&"--api-key".to_owned()));
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

/// `--jobs` takes 1 to 256 threads: 0 would be none, and 100,000 once stalled the machine
/// starting them.
#[test]
fn jobs_out_of_range_exits_2_before_starting_threads() {
    let catalog = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/catalog.csv");
    for jobs in ["0", "257", "100000", "many"] {
        feedlint()
            .args(["-j", jobs, "convert", catalog, "--to", "ndjson"])
            .assert()
            .code(2)
            .stdout("")
            .stderr(contains("from 1 to 256"));
    }
    feedlint()
        .args(["-j", "256", "convert", catalog, "--to", "ndjson"])
        .assert()
        .code(0)
        .stdout(contains("NW-EL-1001"));
}

/// stdin can be read only once: naming it twice is refused before anything is read, instead of
/// the second `-` being reported as an empty feed after the first was.
#[test]
fn stdin_named_twice_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let csv = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/catalog.csv")).unwrap();
    feedlint()
        .args(["convert", "-", "-", "--to", "ndjson"])
        .write_stdin(csv.clone())
        .assert()
        .code(2)
        .stdout("")
        .stderr(contains("more than once"));
    feedlint()
        .args([
            "--format",
            "json",
            "--api-key",
            "adb_prod_0123456789abcdefXYZ",
            "--db",
        ])
        .arg(dir.path().join("db"))
        .args(["validate", "-", "-"])
        .write_stdin(csv)
        .assert()
        .code(2)
        .stdout(contains("VALIDATION_ERROR"))
        .stdout(contains("more than once"));
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

/// A feed of `n` rows with a few findings each.
fn write_big_feed(path: &Path, n: usize) {
    let mut f = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    writeln!(f, "id,title,description,price").unwrap();
    for i in 0..n {
        writeln!(
            f,
            "SKU-{i},Product number {i},A plain description of product {i},{}.99 USD",
            i % 500
        )
        .unwrap();
    }
}

/// Runs feedlint with `args`, reads the first line of its stdout and closes the pipe, like
/// `| head -1`: the run must end with 0 and say nothing on stderr.
fn assert_closed_pipe_is_quiet(args: &[&str], expect_first: &str) {
    let dir = tempfile::tempdir().unwrap();
    let bin = assert_cmd::cargo::cargo_bin("feedlint");
    let mut child = std::process::Command::new(bin)
        .args(args)
        .env("FEEDLINT_API_KEY", "adb_prod_closedpipe0123456789")
        .env("FEEDLINT_DB", dir.path().join("db"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        let mut out = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        out.read_line(&mut first).unwrap();
        assert!(first.contains(expect_first), "{args:?}: {first}");
        // Dropping the reader closes the pipe, like `| head -1`.
    }
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{args:?}: {stderr}");
    assert!(
        !stderr.contains("rror"),
        "{args:?}: no error on a closed pipe: {stderr}"
    );
}

/// A command line clap refuses is still answered in JSON on stdout when it asks for `--format
/// json` (envelope B for `gtin`), besides clap's message on stderr; without it stdout stays empty.
#[test]
fn usage_errors_use_the_envelope_with_format_json() {
    for (args, needle) in [
        (
            &[
                "--format",
                "json",
                "validate",
                "--fail-on",
                "bogus",
                "x.csv",
            ][..],
            "--fail-on",
        ),
        (&["validate", "--bogus", "--format=json"][..], "--bogus"),
        (&["--format", "json", "batch"][..], "<FEED>"),
    ] {
        let out = feedlint().args(args).assert().code(2).get_output().clone();
        let v: serde_json::Value = serde_json::from_slice(&out.stdout)
            .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stdout)));
        assert_eq!(v["success"], false, "{args:?}");
        assert_eq!(v["error"]["code"], "VALIDATION_ERROR", "{args:?}");
        let message = v["error"]["message"].as_str().unwrap();
        assert!(message.contains(needle), "{args:?}: {message}");
        assert!(
            !out.stderr.is_empty(),
            "{args:?}: clap's message stays on stderr"
        );
    }
    let out = feedlint()
        .args(["--format", "json", "gtin", "--bogus"])
        .assert()
        .code(2)
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["code"], "VALIDATION_ERROR");
    assert!(v["error"].as_str().unwrap().contains("--bogus"));
    feedlint()
        .args(["--format", "table", "validate", "--bogus"])
        .assert()
        .code(2)
        .stdout("");
    // Help is not an error: stdout holds the help, exit 0.
    feedlint()
        .args(["--format", "json", "validate", "--help"])
        .assert()
        .code(0)
        .stdout(contains("Usage:"));
}

/// A config or baseline error is said once, with its snippet (it used to be printed twice: as
/// the error's message, then again as its diagnostic).
#[test]
fn config_and_baseline_errors_are_said_once() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("bad.toml");
    std::fs::write(&config, "[rules]\nbogus = 3\n").unwrap();
    let baseline = dir.path().join("empty.json");
    std::fs::write(&baseline, "").unwrap();
    let catalog = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/catalog.csv");
    for (flag, path, needle) in [
        ("--config", &config, "invalid config"),
        ("--baseline", &baseline, "the file is empty"),
    ] {
        let out = feedlint()
            .args(["--api-key", "adb_prod_0123456789abcdefXYZ", "--db"])
            .arg(dir.path().join("db"))
            .args(["validate", flag])
            .arg(path)
            .arg(catalog)
            .assert()
            .code(2)
            .get_output()
            .clone();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(stderr.matches(needle).count(), 1, "{flag}: {stderr}");
    }
}

#[test]
fn closed_pipe_ends_quietly_with_0() {
    let dir = tempfile::tempdir().unwrap();
    let feed = dir.path().join("big.csv");
    write_big_feed(&feed, 100_000);
    let feed = feed.to_str().unwrap();
    assert_closed_pipe_is_quiet(&["convert", "--to", "ndjson", feed], "SKU-0");
}

/// The CSV and JUnit writers wrap the I/O error of a closed pipe in their own: it still ends the
/// run quietly, as with every other format.
#[test]
fn closed_pipe_ends_quietly_with_0_in_every_validate_format() {
    let dir = tempfile::tempdir().unwrap();
    let feed = dir.path().join("big.csv");
    write_big_feed(&feed, 5_000);
    let feed = feed.to_str().unwrap();
    for (format, first) in [
        ("csv", "productId"),
        ("junit", "<?xml"),
        ("ndjson", "SKU-0"),
        ("sarif", "{"),
        ("gitlab", "["),
    ] {
        assert_closed_pipe_is_quiet(
            &["--format", format, "validate", "--exit-zero", feed],
            first,
        );
    }
    assert_closed_pipe_is_quiet(
        &["--format", "junit", "batch", "--exit-zero", feed],
        "<?xml",
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
