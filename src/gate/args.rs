//! The gate flags shared by `validate` and `batch` (flatten [`GateArgs`] into their args).
//!
//! Responsible for: the clap definitions of `--fail-under`, `--fail-on`, `--exit-zero`,
//! `--baseline` and `--max-drop`, and merging them over the config file's `[gates]` table.
//! Precedence: a flag given on the command line wins over `feedlint.toml`, which wins over the
//! built-in default (no gate; `--max-drop 0`). Not responsible for evaluating the gates.

use std::path::PathBuf;

use clap::Args;

use super::Gate;
use crate::config::GatesConfig;
use crate::model::Severity;

/// CI gates: fail the run (exit 1) when the feed is not good enough.
#[derive(Debug, Clone, Default, PartialEq, Args)]
pub struct GateArgs {
    /// Exit 1 when feed compliance (share of fully GMC-compliant products) is under PERCENT.
    #[arg(long, value_name = "PERCENT", value_parser = parse_percent)]
    pub fail_under: Option<f64>,

    /// Exit 1 when any finding is at or above this severity: critical, high, medium or low.
    #[arg(long, value_name = "SEVERITY", value_parser = parse_severity)]
    pub fail_on: Option<Severity>,

    /// Report failing gates on stderr but exit 0.
    #[arg(long)]
    pub exit_zero: bool,

    /// Compare with a previous JSON report of the same feed (from `validate` or `batch --format
    /// json`); exit 1 when compliance dropped by more than --max-drop.
    #[arg(long, value_name = "REPORT.json")]
    pub baseline: Option<PathBuf>,

    /// With --baseline: the compliance drop, in percentage points, still accepted [default: 0].
    #[arg(long, value_name = "POINTS", value_parser = parse_points, requires = "baseline")]
    pub max_drop: Option<f64>,
}

impl GateArgs {
    /// The `--baseline` report, read and checked, when one is given.
    pub fn load_baseline(&self) -> Result<Option<super::baseline::Baseline>, crate::error::Error> {
        self.baseline
            .as_deref()
            .map(super::baseline::Baseline::load)
            .transpose()
    }

    /// The gates of this run: each flag given overrides the config file's `[gates]` value.
    #[must_use]
    pub fn resolve(&self, config: &GatesConfig) -> Gate {
        Gate {
            fail_under: self.fail_under.or(config.fail_under),
            fail_on: self.fail_on.or(config.fail_on),
            exit_zero: self.exit_zero,
            max_drop: self.max_drop.or(config.max_drop).unwrap_or(0.0),
        }
    }
}

/// A percentage 0-100.
pub fn parse_percent(s: &str) -> Result<f64, String> {
    match s.trim().trim_end_matches('%').parse::<f64>() {
        Ok(v) if (0.0..=100.0).contains(&v) => Ok(v),
        _ => Err(format!("`{s}` is not a percentage from 0 to 100")),
    }
}

/// A non-negative number of percentage points (0-100).
pub fn parse_points(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(v) if (0.0..=100.0).contains(&v) => Ok(v),
        _ => Err(format!(
            "`{s}` is not a number of percentage points from 0 to 100"
        )),
    }
}

/// One of critical, high, medium, low (case-insensitive).
pub fn parse_severity(s: &str) -> Result<Severity, String> {
    Severity::parse(s)
        .ok_or_else(|| format!("`{s}` is not a severity: use critical, high, medium or low"))
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::*;

    #[derive(Debug, Parser)]
    struct Cmd {
        #[command(flatten)]
        gates: GateArgs,
    }

    #[test]
    fn flags_parse_into_gate_args() {
        let cmd = Cmd::try_parse_from([
            "x",
            "--fail-under",
            "92.5",
            "--fail-on",
            "HIGH",
            "--exit-zero",
            "--baseline",
            "b.json",
            "--max-drop",
            "2",
        ])
        .map_err(|e| e.to_string());
        let gates = cmd.map(|c| c.gates);
        assert_eq!(
            gates,
            Ok(GateArgs {
                fail_under: Some(92.5),
                fail_on: Some(Severity::High),
                exit_zero: true,
                baseline: Some(PathBuf::from("b.json")),
                max_drop: Some(2.0),
            })
        );
    }

    #[test]
    fn max_drop_without_a_baseline_is_a_usage_error() {
        let err = Cmd::try_parse_from(["x", "--max-drop", "2"])
            .map(|_| ())
            .map_err(|e| e.kind());
        assert_eq!(err, Err(clap::error::ErrorKind::MissingRequiredArgument));
    }

    #[test]
    fn out_of_range_values_are_usage_errors() {
        for args in [
            ["x", "--fail-under", "101"],
            ["x", "--fail-under", "abc"],
            ["x", "--fail-on", "severe"],
            ["x", "--max-drop", "101"],
        ] {
            let err = Cmd::try_parse_from(args).map(|_| ()).map_err(|e| e.kind());
            assert_eq!(
                err,
                Err(clap::error::ErrorKind::ValueValidation),
                "{args:?}"
            );
        }
    }

    #[test]
    fn flags_override_config_and_config_overrides_defaults() {
        let config = GatesConfig {
            fail_under: Some(90.0),
            fail_on: Some(Severity::High),
            max_drop: Some(2.0),
        };
        let none = GateArgs::default();
        assert_eq!(
            none.resolve(&config),
            Gate {
                fail_under: Some(90.0),
                fail_on: Some(Severity::High),
                exit_zero: false,
                max_drop: 2.0
            }
        );
        let flags = GateArgs {
            fail_under: Some(50.0),
            fail_on: Some(Severity::Critical),
            max_drop: Some(0.0),
            ..GateArgs::default()
        };
        assert_eq!(
            flags.resolve(&config),
            Gate {
                fail_under: Some(50.0),
                fail_on: Some(Severity::Critical),
                exit_zero: false,
                max_drop: 0.0
            }
        );
        assert!(none.resolve(&GatesConfig::default()).max_drop.abs() < f64::EPSILON);
    }
}
