//! `--baseline` says the same on stderr for `validate` and `batch` (docs/ci.md, Baseline): the
//! gate's line and the baseline's details (newly failing products, newly firing rules) when the
//! baseline fails, with `--quiet` too and under `--exit-zero`; nothing under `--exit-zero
//! --quiet`, and nothing when the baseline passes, even with a product newly failing within
//! `--max-drop`.

mod common;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

const COMMANDS: [&str; 2] = ["validate", "batch"];

/// Four products with no critical problem; with `short_title`, the first one's title is too
/// short (a compliance finding, not critical), so feed compliance drops 25 points.
fn write_feed(dir: &Path, name: &str, short_title: bool) -> PathBuf {
    let mut body = String::new();
    for i in 0..4 {
        let mut line = common::good_product(i);
        if short_title && i == 0 {
            line["title"] = "Shoe".into();
        }
        writeln!(body, "{line}").unwrap();
    }
    let path = dir.join(name);
    std::fs::write(&path, body).unwrap();
    path
}

/// A temp dir (its own database, no feedlint.toml) holding both feeds and `command`'s JSON
/// report of the good one, the baseline.
struct Setup {
    dir: tempfile::TempDir,
    command: &'static str,
    good: PathBuf,
    worse: PathBuf,
    baseline: PathBuf,
}

impl Setup {
    fn new(command: &'static str) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let good = write_feed(dir.path(), "good.ndjson", false);
        let worse = write_feed(dir.path(), "worse.ndjson", true);
        let baseline = dir.path().join("baseline.json");
        let setup = Setup {
            dir,
            command,
            good,
            worse,
            baseline,
        };
        let out = setup.run(&["--format", "json"], &setup.good);
        assert_eq!(out.0, Some(0), "{command}: {}", out.1);
        std::fs::write(&setup.baseline, out.2).unwrap();
        setup
    }

    /// `feedlint COMMAND ARGS FEED`: exit code, stderr, stdout.
    fn run(&self, args: &[&str], feed: &Path) -> (Option<i32>, String, Vec<u8>) {
        let out = common::feedlint(&self.dir.path().join("db"), Some(common::TEST_A))
            .current_dir(self.dir.path())
            .args([self.command, "--no-config"])
            .args(args)
            .arg(feed)
            .output()
            .unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stderr).unwrap(),
            out.stdout,
        )
    }

    /// The run against the baseline: exit code and stderr.
    fn against_baseline(&self, args: &[&str], feed: &Path) -> (Option<i32>, String) {
        let baseline = self.baseline.to_str().unwrap();
        let all: Vec<&str> = ["--baseline", baseline]
            .into_iter()
            .chain(args.iter().copied())
            .collect();
        let (code, stderr, _) = self.run(&all, feed);
        (code, stderr)
    }

    /// What the gate says when the worse feed is compared: its line, then the details.
    fn expected(&self, exit_zero: bool) -> String {
        let source = self.baseline.display();
        let exit = if exit_zero {
            "exit 0 because of --exit-zero"
        } else {
            "exit 1; --exit-zero to ignore"
        };
        format!(
            "feedlint: feed compliance dropped 25.0 points against baseline {source} \
             (100.0% -> 75.0%), more than --max-drop 0 ({exit})\n\
             1 product newly failing against {source}:\n  P0\n\
             rules newly firing:\n  FL-C003 on 1 product\n"
        )
    }
}

#[test]
fn a_failing_baseline_prints_its_line_and_details_with_and_without_quiet() {
    for command in COMMANDS {
        let s = Setup::new(command);
        for args in [&[][..], &["--quiet"][..]] {
            let (code, stderr) = s.against_baseline(args, &s.worse);
            assert_eq!(code, Some(1), "{command} {args:?}: {stderr}");
            assert_eq!(stderr, s.expected(false), "{command} {args:?}");
        }
    }
}

#[test]
fn a_failing_baseline_under_exit_zero_is_reported_unless_quiet() {
    for command in COMMANDS {
        let s = Setup::new(command);
        let (code, stderr) = s.against_baseline(&["--exit-zero"], &s.worse);
        assert_eq!(code, Some(0), "{command}: {stderr}");
        assert_eq!(stderr, s.expected(true), "{command}");
        // The run did not fail and --quiet keeps stderr for errors: neither line nor details.
        let (code, stderr) = s.against_baseline(&["--exit-zero", "--quiet"], &s.worse);
        assert_eq!(code, Some(0), "{command}: {stderr}");
        assert_eq!(stderr, "", "{command}");
    }
}

#[test]
fn a_passing_baseline_prints_nothing() {
    for command in COMMANDS {
        let s = Setup::new(command);
        // Unchanged feed.
        for args in [&[][..], &["--quiet"][..], &["--exit-zero"][..]] {
            let (code, stderr) = s.against_baseline(args, &s.good);
            assert_eq!(code, Some(0), "{command} {args:?}: {stderr}");
            assert_eq!(stderr, "", "{command} {args:?}");
        }
        // A product newly failing, within --max-drop: the baseline passes, no details.
        for args in [
            &["--max-drop", "50"][..],
            &["--max-drop", "50", "--exit-zero"][..],
        ] {
            let (code, stderr) = s.against_baseline(args, &s.worse);
            assert_eq!(code, Some(0), "{command} {args:?}: {stderr}");
            assert_eq!(stderr, "", "{command} {args:?}");
        }
    }
}
