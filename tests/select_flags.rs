//! The rule-selection flags (`--select`, `--ignore`, `--extend-select`, `--extend-ignore`) of
//! `validate` and `batch`, through the real binary: alone, over a discovered `feedlint.toml` and
//! over `--config PATH`, in their comma and repeated forms, and an unknown code's usage error.
//! Each test runs in its own temp dir (no stray feedlint.toml) with its own database.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Output;

mod common;

/// Two products with findings in every group but category: FL-C003 FL-C011 FL-I005 FL-I012
/// FL-I101 FL-M001 FL-M011 FL-P001 FL-P002 FL-V002 FL-V007.
const FEED: &str = "id,title,price,availability,gtin\nA,Shoe,abc,in_stock,123\nB,Kettle,,maybe,\n";

struct Dir {
    tmp: tempfile::TempDir,
}

impl Dir {
    fn new() -> Self {
        let tmp = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
        std::fs::write(tmp.path().join("feed.csv"), FEED).unwrap_or_else(|e| panic!("{e}"));
        Self { tmp }
    }

    fn path(&self) -> &Path {
        self.tmp.path()
    }

    fn write(&self, name: &str, text: &str) -> PathBuf {
        let path = self.path().join(name);
        std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
        path
    }

    /// `feedlint --format FORMAT COMMAND ARGS... feed.csv` run in the dir, with its own database.
    fn run(&self, format: &str, command: &str, args: &[&str]) -> Output {
        common::feedlint(&self.path().join("db"), Some(common::TEST_A))
            .current_dir(self.path())
            .args(["--format", format, command, "--exit-zero"])
            .args(args)
            .arg("feed.csv")
            .output()
            .unwrap_or_else(|e| panic!("{e}"))
    }

    /// The rule codes anywhere in the JSON report of `command` (findings and analytics alike).
    fn codes(&self, command: &str, args: &[&str]) -> BTreeSet<String> {
        let out = self.run("json", command, args);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{command} {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let mut codes = BTreeSet::new();
        collect_codes(&common::json(&out), &mut codes);
        codes
    }
}

fn collect_codes(v: &serde_json::Value, into: &mut BTreeSet<String>) {
    match v {
        serde_json::Value::String(s) if is_rule_code(s) => {
            into.insert(s.clone());
        }
        serde_json::Value::Array(a) => a.iter().for_each(|v| collect_codes(v, into)),
        serde_json::Value::Object(o) => o.values().for_each(|v| collect_codes(v, into)),
        _ => {}
    }
}

fn is_rule_code(s: &str) -> bool {
    s.strip_prefix("FL-").is_some_and(|rest| {
        rest.len() == 4
            && rest.starts_with(|c: char| c.is_ascii_uppercase())
            && rest[1..].bytes().all(|b| b.is_ascii_digit())
    })
}

fn set(codes: &[&str]) -> BTreeSet<String> {
    codes.iter().map(|c| (*c).to_owned()).collect()
}

const COMMANDS: [&str; 2] = ["validate", "batch"];

#[test]
fn the_feed_has_findings_in_five_groups_without_flags() {
    let dir = Dir::new();
    for command in COMMANDS {
        let codes = dir.codes(command, &[]);
        for code in ["FL-C003", "FL-I005", "FL-M001", "FL-P001", "FL-V007"] {
            assert!(codes.contains(code), "{command}: {code} not in {codes:?}");
        }
    }
}

#[test]
fn select_one_code_reports_only_its_findings() {
    let dir = Dir::new();
    for command in COMMANDS {
        assert_eq!(
            dir.codes(command, &["--select", "FL-P001"]),
            set(&["FL-P001"]),
            "{command}"
        );
        // Case-insensitive, as in feedlint.toml.
        assert_eq!(
            dir.codes(command, &["--select", "fl-p001"]),
            set(&["FL-P001"]),
            "{command}"
        );
    }
}

#[test]
fn ignore_a_group_removes_its_findings_only() {
    let dir = Dir::new();
    for command in COMMANDS {
        let all = dir.codes(command, &[]);
        let codes = dir.codes(command, &["--ignore", "identity"]);
        let expected: BTreeSet<String> = all
            .iter()
            .filter(|c| !c.starts_with("FL-I"))
            .cloned()
            .collect();
        assert_eq!(codes, expected, "{command}");
        assert!(codes.contains("FL-C003"), "{command}: {codes:?}");
    }
}

#[test]
fn comma_and_repeated_forms_select_the_same_rules() {
    let dir = Dir::new();
    let expected = set(&["FL-C003", "FL-C011", "FL-M001", "FL-M011"]);
    for args in [
        &["--select", "content,FL-M001", "--select", "FL-M011"][..],
        &[
            "--select", "content", "--select", "FL-M001", "--select", "FL-M011",
        ][..],
        &["--select", "content,FL-M001,FL-M011"][..],
    ] {
        for command in COMMANDS {
            assert_eq!(dir.codes(command, args), expected, "{command} {args:?}");
        }
    }
}

#[test]
fn ignore_beats_select_on_the_command_line() {
    let dir = Dir::new();
    for command in COMMANDS {
        assert_eq!(
            dir.codes(
                command,
                &["--select", "pricing,FL-C003", "--ignore", "FL-P002,content"]
            ),
            set(&["FL-P001"]),
            "{command}"
        );
    }
}

#[test]
fn select_flag_replaces_the_config_select() {
    let dir = Dir::new();
    dir.write(
        "feedlint.toml",
        "[rules]\nselect = [\"media\"]\nignore = [\"FL-M011\"]\n",
    );
    for command in COMMANDS {
        assert_eq!(dir.codes(command, &[]), set(&["FL-M001"]), "{command}");
        // The file's ignore still applies; its select is replaced.
        assert_eq!(
            dir.codes(command, &["--select", "FL-P001,FL-M011,FL-C003"]),
            set(&["FL-P001", "FL-C003"]),
            "{command}"
        );
        // --ignore replaces the file's ignore.
        assert_eq!(
            dir.codes(command, &["--ignore", "FL-M001"]),
            set(&["FL-M011"]),
            "{command}"
        );
    }
}

#[test]
fn extend_flags_add_to_the_config_lists() {
    let dir = Dir::new();
    dir.write(
        "feedlint.toml",
        "[rules]\nselect = [\"media\"]\nignore = [\"FL-M011\"]\n",
    );
    for command in COMMANDS {
        assert_eq!(
            dir.codes(command, &["--extend-select", "FL-P001"]),
            set(&["FL-M001", "FL-P001"]),
            "{command}"
        );
        assert_eq!(
            dir.codes(
                command,
                &[
                    "--extend-select",
                    "pricing",
                    "--extend-ignore",
                    "FL-M001,FL-P002"
                ]
            ),
            set(&["FL-P001"]),
            "{command}"
        );
    }
}

#[test]
fn extend_select_over_every_rule_keeps_every_rule() {
    let dir = Dir::new();
    for command in COMMANDS {
        assert_eq!(
            dir.codes(command, &["--extend-select", "FL-P001"]),
            dir.codes(command, &[]),
            "{command}"
        );
    }
}

#[test]
fn flags_apply_over_an_explicit_config_and_with_no_config() {
    let dir = Dir::new();
    // A discovered file that would select media only.
    dir.write("feedlint.toml", "[rules]\nselect = [\"media\"]\n");
    dir.write("ci.toml", "[rules]\nselect = [\"pricing\"]\n");
    for command in COMMANDS {
        assert_eq!(
            dir.codes(command, &["--config", "ci.toml"]),
            set(&["FL-P001", "FL-P002"]),
            "{command}"
        );
        assert_eq!(
            dir.codes(
                command,
                &["--config", "ci.toml", "--extend-select", "FL-C003"]
            ),
            set(&["FL-P001", "FL-P002", "FL-C003"]),
            "{command}"
        );
        assert_eq!(
            dir.codes(command, &["--no-config", "--extend-ignore", "FL-P002"]),
            &dir.codes(command, &["--no-config"]) - &set(&["FL-P002"]),
            "{command}"
        );
        assert_eq!(
            dir.codes(command, &["--no-config", "--select", "FL-C003"]),
            set(&["FL-C003"]),
            "{command}"
        );
    }
}

#[test]
fn the_table_lists_only_the_selected_rules() {
    let dir = Dir::new();
    let out = dir.run("table", "validate", &["--verbose", "--select", "FL-M001"]);
    assert_eq!(out.status.code(), Some(0));
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains("FL-M001"), "{table}");
    let others: Vec<&str> = table
        .split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|w| is_rule_code(w) && *w != "FL-M001")
        .collect();
    assert!(others.is_empty(), "{others:?} in\n{table}");
}

/// stderr and exit code of a run with a bad selection flag.
fn usage_error(dir: &Dir, command: &str, args: &[&str]) -> String {
    let out = dir.run("table", command, args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{command} {args:?}: {stderr}");
    assert!(
        out.stdout.is_empty(),
        "{command} {args:?}: stdout not empty"
    );
    stderr
}

#[test]
fn unknown_code_is_a_usage_error_with_a_suggestion() {
    let dir = Dir::new();
    let stderr = usage_error(&dir, "validate", &["--select", "FL-C003,FL-P0001"]);
    insta::assert_snapshot!(stderr);
    for command in COMMANDS {
        let stderr = usage_error(&dir, command, &["--extend-ignore", "idenity"]);
        assert!(
            stderr.contains("--extend-ignore: unknown rule or group `idenity`")
                && stderr.contains("did you mean identity?"),
            "{command}: {stderr}"
        );
    }
    let stderr = usage_error(&dir, "batch", &["--ignore", "FL-X999"]);
    assert!(
        stderr.contains("--ignore: unknown rule or group `FL-X999`")
            && stderr.contains("or a group: identity, content"),
        "{stderr}"
    );
}

#[test]
fn unknown_code_is_checked_before_any_product_is_counted() {
    let dir = Dir::new();
    let db = dir.path().join("db");
    let _ = usage_error(&dir, "validate", &["--select", "nope"]);
    let _ = usage_error(&dir, "batch", &["--select", "nope"]);
    assert_eq!(common::counters(&db, common::TEST_A).1, 0);
}

#[test]
fn unknown_code_with_format_json_is_the_error_envelope() {
    let dir = Dir::new();
    let out = dir.run("json", "batch", &["--extend-select", "FL-P0001"]);
    assert_eq!(out.status.code(), Some(2));
    let doc = common::json(&out);
    assert_eq!(doc["error"]["code"], "VALIDATION_ERROR", "{doc}");
    assert_eq!(
        doc["error"]["message"], "--extend-select: unknown rule or group `FL-P0001`",
        "{doc}"
    );
}
