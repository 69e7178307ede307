//! CI gates: decide from a feed's summary whether the build fails (exit 1).
//!
//! Responsible for: `--fail-under PERCENT` (feed compliance under the threshold), `--fail-on
//! SEVERITY` (any finding at or above it), `--exit-zero`, and the baseline comparison
//! ([`baseline`]). Each failing gate yields a one-line reason; every command that evaluates a
//! gate prints it on stderr through [`report_failure`], the one wording of that line. Not
//! responsible for the reports (report/), for computing findings, or for parsing the config file
//! (`config/` supplies defaults; [`args::GateArgs::resolve`] merges them under the flags).

pub mod args;
pub mod baseline;

pub use args::GateArgs;
pub use baseline::{Baseline, BaselineComparison, BaselineReport};

use crate::error::Outcome;
use crate::model::Severity;
use crate::model::text::count;

/// Findings counted per severity over the whole feed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SeverityCounts {
    pub critical: u64,
    pub high: u64,
    pub medium: u64,
    pub low: u64,
}

impl SeverityCounts {
    /// Counts one finding.
    pub fn add(&mut self, severity: Severity) {
        *self.slot(severity) += 1;
    }

    fn slot(&mut self, severity: Severity) -> &mut u64 {
        match severity {
            Severity::Critical => &mut self.critical,
            Severity::High => &mut self.high,
            Severity::Medium => &mut self.medium,
            Severity::Low => &mut self.low,
        }
    }

    #[must_use]
    pub fn get(&self, severity: Severity) -> u64 {
        match severity {
            Severity::Critical => self.critical,
            Severity::High => self.high,
            Severity::Medium => self.medium,
            Severity::Low => self.low,
        }
    }

    /// Findings at `severity` or above.
    #[must_use]
    pub fn at_or_above(&self, severity: Severity) -> u64 {
        Severity::ALL
            .into_iter()
            .filter(|s| *s >= severity)
            .map(|s| self.get(s))
            .sum()
    }
}

/// What the gates look at, accumulated by the command while it streams the feed.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct FeedSummary {
    pub total_products: u64,
    /// Products with no compliance finding (spec 2.4 `batchCompliance.fullyCompliantProducts`).
    pub compliant_products: u64,
    pub counts: SeverityCounts,
}

impl FeedSummary {
    /// Counts one product from its findings: compliant when none counts toward GMC compliance.
    pub fn add_product(&mut self, findings: &[crate::model::Finding]) {
        self.total_products += 1;
        if fully_compliant(findings) {
            self.compliant_products += 1;
        }
        for f in findings {
            self.counts.add(f.severity);
        }
    }

    /// [`Self::add_product`] from what [`Counted::of`] counted of the product's report.
    pub fn add_counted(&mut self, c: &Counted) {
        self.total_products += 1;
        self.compliant_products += u64::from(c.fully_compliant);
        for (severity, n) in Severity::ALL.into_iter().zip(c.severities) {
            *self.counts.slot(severity) += u64::from(n);
        }
    }
}

/// What the run's summaries count of one product's report ([`FeedSummary::add_counted`],
/// `report::validate::Summary::add_counted`), counted on the thread that made the report, so that
/// the thread writing the results in order reads these few bytes instead of the report.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Counted {
    /// `complianceScore`'s and the optimisation score's parts.
    pub compliance: f64,
    pub optimization: f64,
    pub findings: u32,
    /// Findings by severity, in [`Severity::ALL`]'s order.
    pub severities: [u32; 4],
    pub valid: bool,
    /// A critical compliance finding (`validate`'s exit gate).
    pub critical: bool,
    pub fully_compliant: bool,
}

impl Counted {
    #[must_use]
    pub fn of(r: &crate::rules::ProductReport) -> Self {
        let mut c = Self {
            compliance: r.compliance_percentage,
            optimization: r.optimization_score,
            findings: u32::try_from(r.findings.len()).unwrap_or(u32::MAX),
            severities: [0; 4],
            valid: r.is_valid(),
            critical: false,
            fully_compliant: true,
        };
        for f in &r.findings {
            if let Some(i) = Severity::ALL.iter().position(|s| *s == f.severity) {
                c.severities[i] = c.severities[i].saturating_add(1);
            }
            if f.kind == crate::model::RuleKind::Compliance {
                c.fully_compliant = false;
                c.critical |= f.severity == Severity::Critical;
            }
        }
        c
    }
}

impl FeedSummary {
    /// Feed compliance: the share of fully compliant products, 0-100 (spec 2.4
    /// `batchCompliance.gmcCompliant`). An empty feed is 100% compliant.
    #[must_use]
    pub fn compliance_percent(&self) -> f64 {
        compliance_percent(self.compliant_products, self.total_products)
    }
}

/// Whether a product with these findings counts as fully compliant for feed compliance: none of
/// them counts toward GMC compliance.
#[must_use]
pub fn fully_compliant(findings: &[crate::model::Finding]) -> bool {
    findings
        .iter()
        .all(|f| f.kind != crate::model::RuleKind::Compliance)
}

/// `compliant / total` as a percentage; 100 for an empty feed.
#[must_use]
pub fn compliance_percent(compliant: u64, total: u64) -> f64 {
    if total == 0 {
        100.0
    } else {
        compliant as f64 * 100.0 / total as f64
    }
}

/// The gates of one run, after merging the config file and the flags.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Gate {
    /// Fail when feed compliance is under this percentage (0-100).
    pub fail_under: Option<f64>,
    /// Fail when any finding is at or above this severity.
    pub fail_on: Option<Severity>,
    /// Report gate failures but exit 0.
    pub exit_zero: bool,
    /// Baseline comparison: fail when compliance dropped by more than this many points.
    pub max_drop: f64,
}

/// The result of evaluating the gates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    Pass,
    /// One line saying which gate failed and why (several gates are joined with `; `).
    Fail(String),
}

impl Verdict {
    /// Combines two verdicts; reasons are joined in order.
    #[must_use]
    pub fn and(self, other: Verdict) -> Verdict {
        match (self, other) {
            (Verdict::Pass, v) | (v, Verdict::Pass) => v,
            (Verdict::Fail(a), Verdict::Fail(b)) => Verdict::Fail(format!("{a}; {b}")),
        }
    }

    #[must_use]
    pub fn reason(&self) -> Option<&str> {
        match self {
            Verdict::Pass => None,
            Verdict::Fail(r) => Some(r),
        }
    }
}

impl Gate {
    /// Evaluates `--fail-under` and `--fail-on` against the feed's summary.
    #[must_use]
    pub fn evaluate(&self, summary: &FeedSummary) -> Verdict {
        let mut verdict = Verdict::Pass;
        if let Some(threshold) = self.fail_under {
            let pct = summary.compliance_percent();
            if pct < threshold {
                verdict = verdict.and(Verdict::Fail(format!(
                    "feed compliance {pct:.1}% is under --fail-under {threshold}% ({} of {} compliant)",
                    summary.compliant_products,
                    count(summary.total_products, "product")
                )));
            }
        }
        if let Some(severity) = self.fail_on {
            let n = summary.counts.at_or_above(severity);
            if n > 0 {
                let scope = if severity == Severity::Critical {
                    "critical".to_owned()
                } else {
                    format!("{severity} or higher")
                };
                verdict = verdict.and(Verdict::Fail(format!(
                    "{n} finding{} of severity {scope} (--fail-on {severity})",
                    crate::model::text::plural(n)
                )));
            }
        }
        verdict
    }

    /// Evaluates every gate of the run: `--fail-under`, `--fail-on`, and the baseline
    /// comparison when `--baseline` was given (its report comes from
    /// [`BaselineComparison::finish`] called with [`Gate::max_drop`]).
    #[must_use]
    pub fn evaluate_all(
        &self,
        summary: &FeedSummary,
        baseline: Option<&BaselineReport>,
    ) -> Verdict {
        let verdict = self.evaluate(summary);
        match baseline {
            Some(report) => verdict.and(report.verdict()),
            None => verdict,
        }
    }

    /// The run's outcome: `GateFailed` (exit 1) on a failing verdict unless `--exit-zero`.
    #[must_use]
    pub fn outcome(&self, verdict: &Verdict) -> Outcome {
        match verdict {
            Verdict::Fail(_) if !self.exit_zero => Outcome::GateFailed,
            _ => Outcome::Clean,
        }
    }

    /// Writes a failing verdict's line on `err` ([`report_failure`]) and returns the run's
    /// outcome ([`Gate::outcome`]); a passing verdict writes nothing.
    pub fn report(
        &self,
        verdict: &Verdict,
        quiet: bool,
        err: &mut dyn std::io::Write,
    ) -> std::io::Result<Outcome> {
        match verdict.reason() {
            Some(reason) => report_failure(reason, self.exit_zero, quiet, err),
            None => Ok(Outcome::Clean),
        }
    }

    /// [`Gate::report`], then the baseline's details ([`BaselineReport::write_details`]) when the
    /// baseline gate is among the failures and the failure line was written
    /// ([`failure_is_written`]): the details explain that line, so they go wherever it goes and
    /// nowhere else. A passing baseline writes nothing, even when some products newly fail
    /// within `--max-drop`. The one rule of `validate` and `batch`.
    pub fn report_with_baseline(
        &self,
        verdict: &Verdict,
        baseline: Option<&BaselineReport>,
        quiet: bool,
        err: &mut dyn std::io::Write,
    ) -> std::io::Result<Outcome> {
        let outcome = self.report(verdict, quiet, err)?;
        if failure_is_written(self.exit_zero, quiet) {
            if let Some(b) = baseline.filter(|b| b.verdict() != Verdict::Pass) {
                b.write_details(err)?;
            }
        }
        Ok(outcome)
    }
}

/// Whether a failing gate's line is written: always when the run fails (`--quiet` keeps stderr
/// for what explains the exit code), and with `--exit-zero` unless `--quiet`.
#[must_use]
pub fn failure_is_written(exit_zero: bool, quiet: bool) -> bool {
    !(exit_zero && quiet)
}

/// The line on stderr that says a gate failed, the same for every command (`validate`, `batch`,
/// `gtin`): `feedlint: {reason} (exit 1; --exit-zero to ignore)`, or with `--exit-zero`
/// `feedlint: {reason} (exit 0 because of --exit-zero)`.
#[must_use]
pub fn failure_line(reason: &str, exit_zero: bool) -> String {
    if exit_zero {
        format!("feedlint: {reason} (exit 0 because of --exit-zero)")
    } else {
        format!("feedlint: {reason} (exit 1; --exit-zero to ignore)")
    }
}

/// Writes [`failure_line`] on `err` and returns the outcome: `GateFailed` (exit 1), or with
/// `exit_zero` `Clean`, the line then left out when `quiet` (`--quiet` keeps stderr for errors,
/// and the run did not fail).
pub fn report_failure(
    reason: &str,
    exit_zero: bool,
    quiet: bool,
    err: &mut dyn std::io::Write,
) -> std::io::Result<Outcome> {
    if failure_is_written(exit_zero, quiet) {
        writeln!(err, "{}", failure_line(reason, exit_zero))?;
    }
    Ok(if exit_zero {
        Outcome::Clean
    } else {
        Outcome::GateFailed
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary(compliant: u64, total: u64, counts: SeverityCounts) -> FeedSummary {
        FeedSummary {
            total_products: total,
            compliant_products: compliant,
            counts,
        }
    }

    #[test]
    fn no_gates_always_pass() {
        let s = summary(
            0,
            10,
            SeverityCounts {
                critical: 5,
                ..Default::default()
            },
        );
        assert_eq!(Gate::default().evaluate(&s), Verdict::Pass);
    }

    #[test]
    fn fail_under_fails_strictly_below_threshold() {
        let gate = Gate {
            fail_under: Some(90.0),
            ..Gate::default()
        };
        assert_eq!(
            gate.evaluate(&summary(9, 10, SeverityCounts::default())),
            Verdict::Pass
        );
        let v = gate.evaluate(&summary(8, 10, SeverityCounts::default()));
        assert_eq!(
            v.reason(),
            Some("feed compliance 80.0% is under --fail-under 90% (8 of 10 products compliant)")
        );
        assert_eq!(gate.outcome(&v), Outcome::GateFailed);
    }

    #[test]
    fn fail_on_counts_findings_at_or_above_severity() {
        let counts = SeverityCounts {
            critical: 0,
            high: 2,
            medium: 3,
            low: 4,
        };
        let s = summary(10, 10, counts);
        let on = |sev| {
            Gate {
                fail_on: Some(sev),
                ..Gate::default()
            }
            .evaluate(&s)
        };
        assert_eq!(on(Severity::Critical), Verdict::Pass);
        assert_eq!(
            on(Severity::High).reason(),
            Some("2 findings of severity high or higher (--fail-on high)")
        );
        assert_eq!(
            on(Severity::Low).reason(),
            Some("9 findings of severity low or higher (--fail-on low)")
        );
    }

    #[test]
    fn exit_zero_turns_a_failure_into_a_clean_exit() {
        let gate = Gate {
            fail_on: Some(Severity::Low),
            exit_zero: true,
            ..Gate::default()
        };
        let v = gate.evaluate(&summary(
            1,
            1,
            SeverityCounts {
                low: 1,
                ..Default::default()
            },
        ));
        assert!(v.reason().is_some());
        assert_eq!(gate.outcome(&v), Outcome::Clean);
    }

    #[test]
    fn several_failing_gates_share_one_line() {
        let gate = Gate {
            fail_under: Some(100.0),
            fail_on: Some(Severity::Critical),
            ..Gate::default()
        };
        let v = gate.evaluate(&summary(
            0,
            2,
            SeverityCounts {
                critical: 1,
                ..Default::default()
            },
        ));
        let r = v.reason().unwrap_or_default();
        assert!(
            r.contains("under --fail-under 100%") && r.contains("; 1 finding of severity critical"),
            "{r}"
        );
        assert!(!r.contains('\n'));
    }

    /// The issue's acceptance case: a feed whose compliance dropped against its baseline exits 1,
    /// the unchanged feed exits 0.
    #[test]
    fn dropped_feed_exits_1_and_unchanged_feed_exits_0_against_a_baseline() {
        use crate::model::{Finding, Group, RuleKind};
        let baseline = r#"{"success":true,"data":{"products":[
            {"productId":"A","gmcCompliance":{"status":"fully_compliant","violations":[]}},
            {"productId":"B","gmcCompliance":{"status":"fully_compliant","violations":[]}},
            {"productId":"C","gmcCompliance":{"status":"non_compliant","violations":[{"rule":"FL-P001"}]}}
        ]}}"#;
        let Ok(baseline) = Baseline::from_json_str(baseline, std::path::Path::new("base.json"))
        else {
            panic!("baseline must load")
        };
        let violation = |code: &'static str| Finding {
            code,
            name: "x",
            group: Group::Pricing,
            severity: Severity::High,
            kind: RuleKind::Compliance,
            field: "price",
            message: "m".into(),
            fix: "f",
            revenue_impact: 0.0,
            line: 0,
        };
        let run = |feed: &[(&str, Vec<Finding>)]| {
            let gate = GateArgs::default().resolve(&crate::config::GatesConfig::default());
            let mut summary = FeedSummary::default();
            let mut comparison = baseline.compare();
            for (id, findings) in feed {
                summary.add_product(findings);
                comparison.observe_findings(id, findings);
            }
            let report = comparison.finish(gate.max_drop);
            let verdict = gate.evaluate_all(&summary, Some(&report));
            (gate.outcome(&verdict).code(), verdict)
        };
        let unchanged = run(&[
            ("A", vec![]),
            ("B", vec![]),
            ("C", vec![violation("FL-P001")]),
        ]);
        assert_eq!(unchanged, (0, Verdict::Pass));
        let dropped = run(&[
            ("A", vec![]),
            ("B", vec![violation("FL-I001")]),
            ("C", vec![violation("FL-P001")]),
        ]);
        assert_eq!(dropped.0, 1);
        assert!(
            dropped
                .1
                .reason()
                .is_some_and(|r| r
                    .starts_with("feed compliance dropped 33.3 points against baseline base.json")),
            "{:?}",
            dropped.1
        );
    }

    #[test]
    fn a_failure_is_one_line_saying_the_exit_code() {
        let write = |exit_zero, quiet| {
            let mut err = Vec::new();
            let outcome =
                report_failure("2 findings", exit_zero, quiet, &mut err).map_err(|e| e.to_string());
            (outcome, String::from_utf8_lossy(&err).into_owned())
        };
        assert_eq!(
            write(false, false),
            (
                Ok(Outcome::GateFailed),
                "feedlint: 2 findings (exit 1; --exit-zero to ignore)\n".to_owned()
            )
        );
        // --quiet keeps the line of a failing run: it explains the exit code.
        assert_eq!(write(false, true), write(false, false));
        assert_eq!(
            write(true, false),
            (
                Ok(Outcome::Clean),
                "feedlint: 2 findings (exit 0 because of --exit-zero)\n".to_owned()
            )
        );
        assert_eq!(write(true, true), (Ok(Outcome::Clean), String::new()));
    }

    /// The baseline's details follow its failure line: with it on a failing run (`--quiet` or
    /// not) and under `--exit-zero`, never under `--exit-zero --quiet`, and never for a
    /// baseline that passed, even with products newly failing within `--max-drop`.
    #[test]
    fn baseline_details_are_written_exactly_with_the_baseline_failure_line() {
        let report = |max_drop| BaselineReport {
            source: "base.json".into(),
            baseline_percent: 100.0,
            current_percent: 50.0,
            max_drop,
            newly_failing: vec!["P7".to_owned()],
            newly_failing_total: 1,
            new_rules: vec![("FL-P001".to_owned(), 1)],
        };
        let write = |max_drop, exit_zero, quiet| {
            let gate = Gate {
                exit_zero,
                max_drop,
                ..Gate::default()
            };
            let baseline = report(max_drop);
            let verdict = gate.evaluate_all(&FeedSummary::default(), Some(&baseline));
            let mut err = Vec::new();
            let outcome = gate
                .report_with_baseline(&verdict, Some(&baseline), quiet, &mut err)
                .map_err(|e| e.to_string());
            (outcome, String::from_utf8_lossy(&err).into_owned())
        };
        let details = "1 product newly failing against base.json:\n  P7\nrules newly firing:\n  FL-P001 on 1 product\n";
        for (exit_zero, quiet, shown) in [
            (false, false, true),
            (false, true, true),
            (true, false, true),
            (true, true, false),
        ] {
            let (outcome, err) = write(0.0, exit_zero, quiet);
            let expected_outcome = if exit_zero {
                Outcome::Clean
            } else {
                Outcome::GateFailed
            };
            assert_eq!(outcome, Ok(expected_outcome));
            assert_eq!(failure_is_written(exit_zero, quiet), shown);
            if shown {
                let (line, rest) = err.split_once('\n').unwrap_or_default();
                assert!(line.starts_with("feedlint: feed compliance dropped 50.0 points"));
                assert_eq!(rest, details, "exit_zero {exit_zero} quiet {quiet}");
            } else {
                assert_eq!(err, "", "exit_zero {exit_zero} quiet {quiet}");
            }
            // A baseline within --max-drop passes and says nothing.
            assert_eq!(
                write(60.0, exit_zero, quiet),
                (Ok(Outcome::Clean), String::new())
            );
        }
    }

    #[test]
    fn a_passing_verdict_writes_nothing() {
        let mut err = Vec::new();
        let outcome = Gate::default()
            .report(&Verdict::Pass, false, &mut err)
            .map_err(|e| e.to_string());
        assert_eq!(outcome, Ok(Outcome::Clean));
        assert!(err.is_empty());
    }

    #[test]
    fn empty_feed_is_fully_compliant() {
        assert!((FeedSummary::default().compliance_percent() - 100.0).abs() < f64::EPSILON);
    }
}
