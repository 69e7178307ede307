//! `--format junit`: JUnit XML that GitLab, Jenkins and Azure Pipelines read natively.
//!
//! Responsible for: one `<testsuite>` per feed file, one `<testcase>` per product (name = product
//! id, classname = relative file path), and for a product with failing findings one `<failure>`
//! whose message names the headline finding (`report::headline`) and whose text lists every
//! failing finding with its field, severity, line and fix. Which findings fail a test case
//! follows the run's gate ([`CiOptions::fail_on`]): with `--fail-on SEVERITY` (or `[gates]
//! fail_on`) those at or above it, the others listed the same way in the case's `<system-out>`,
//! so Jenkins does not mark a build unstable for findings the gate lets through; without it,
//! every finding. Written with the `quick-junit` crate. Not responsible for computing findings.
//!
//! Why one `<failure>` per test case and not one per violation: the Ant JUnit schema (windyroad
//! `JUnit.xsd`, the one Azure's PublishTestResults documents) allows a single `<failure>` per
//! `<testcase>`; Jenkins and Azure display only the first of several, strict parsers reject them,
//! and Jenkins' own xunit plugin merges several into one. `quick-junit` models exactly one. So
//! every violation is listed in the failure text, the headline one names the failure, and the
//! count is in its message.
//!
//! Memory trade-off: JUnit puts the test and failure counts on the opening `<testsuites>` and
//! `<testsuite>` tags, so the whole report is buffered until [`CiEmitter::finish`]. A passing
//! product costs two short strings; for feeds of millions of products prefer `sarif` or `gitlab`,
//! which are streamed or bounded.

use std::fmt::Write as _;
use std::io::Write;

use quick_junit::{NonSuccessKind, Report, TestCase, TestCaseStatus, TestSuite};

use super::ci::{CiEmitter, CiOptions, ProductFindings, ReportPaths, report_line};
use crate::error::{Error, Result};
use crate::model::{Finding, Severity};

/// Streams products into an in-memory JUnit report and writes it on `finish`.
pub struct JunitEmitter<'w> {
    out: &'w mut dyn Write,
    paths: ReportPaths,
    report: Report,
    suite: Option<TestSuite>,
    /// Findings below this severity do not fail a test case ([`CiOptions::fail_on`]).
    fail_on: Option<Severity>,
}

impl<'w> JunitEmitter<'w> {
    pub fn begin(out: &'w mut dyn Write, options: &CiOptions) -> Result<Self> {
        Ok(Self {
            out,
            paths: ReportPaths::new(options.base_dir.clone()),
            report: Report::new("feedlint"),
            suite: None,
            fail_on: options.fail_on,
        })
    }

    fn close_suite(&mut self) {
        if let Some(suite) = self.suite.take() {
            self.report.add_test_suite(suite);
        }
    }
}

impl CiEmitter for JunitEmitter<'_> {
    fn product(&mut self, product: &ProductFindings<'_>) -> Result<()> {
        let file = self.paths.get(&product.location.file);
        let file = file.path();
        if self.suite.as_ref().is_none_or(|s| s.name.as_str() != file) {
            self.close_suite();
            self.suite = Some(TestSuite::new(xml_text(file).into_owned()));
        }
        let fail_on = self.fail_on;
        let failing = product
            .findings
            .iter()
            .filter(|f| fails(f, fail_on))
            .count();
        let status = if failing == 0 {
            TestCaseStatus::success()
        } else {
            failure(product, failing, fail_on)
        };
        let mut case = TestCase::new(xml_text(product.product_id).into_owned(), status);
        case.set_classname(xml_text(file).into_owned());
        if failing < product.findings.len() {
            let below = findings_text(product, |f| !fails(f, fail_on));
            case.set_system_out(xml_text(&below).into_owned());
        }
        if let Some(suite) = self.suite.as_mut() {
            suite.add_test_case(case);
        }
        Ok(())
    }

    fn finish(mut self: Box<Self>) -> Result<()> {
        self.close_suite();
        self.report.serialize(&mut *self.out).map_err(|e| {
            let cause = std::error::Error::source(&e).map_or(String::new(), |s| format!(": {s}"));
            let mut err = Error::internal(format!("could not write the JUnit report{cause}"));
            err.broken_pipe = crate::error::caused_by_broken_pipe(&e);
            err
        })?;
        self.out.flush()?;
        Ok(())
    }
}

/// Whether `f` fails its product's test case: it is at or above the run's `--fail-on`, or the
/// run has none.
fn fails(f: &Finding, fail_on: Option<Severity>) -> bool {
    fail_on.is_none_or(|threshold| f.severity >= threshold)
}

/// The failure of a product with `failing` failing findings ([`fails`]): the finding that heads
/// the product's report names it (`report::headline`: the most severe, compliance before
/// performance, then in rule order; being the most severe, it fails whenever any does).
fn failure(
    product: &ProductFindings<'_>,
    failing: usize,
    fail_on: Option<Severity>,
) -> TestCaseStatus {
    let worst = super::headline(product.findings);
    let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
    if let Some(worst) = worst {
        let more = failing.saturating_sub(1);
        let mut message = format!("{} {}", worst.code, worst.message);
        if more > 0 {
            let _ = write!(message, " (and {more} more)");
        }
        status.set_message(xml_text(&message).into_owned());
        status.set_type(worst.severity.as_str());
    }
    let text = findings_text(product, |f| fails(f, fail_on));
    status.set_description(xml_text(&text).into_owned());
    status
}

/// The text of a test case's `<failure>` or `<system-out>`: the product's title line, then each
/// finding `which` keeps ([`describe`]).
fn findings_text(product: &ProductFindings<'_>, which: impl Fn(&Finding) -> bool) -> String {
    let mut text = String::new();
    if let Some(title) = product.title {
        let _ = writeln!(text, "product {}: {title}", product.product_id);
    }
    for f in product.findings.iter().filter(|f| which(f)) {
        describe(&mut text, f, product);
    }
    text
}

/// `text` with every character XML 1.0 cannot hold, and every other control character but tab
/// and line ends, written as `\u{..}`, as the other formats' JSON escapes show them. quick-junit
/// passes text through an ANSI-escape stripper, which took an ESC byte and the character after
/// it out of the data (or, for `ESC X`, everything after it), so data reaches it without them.
fn xml_text(text: &str) -> std::borrow::Cow<'_, str> {
    let unsafe_char = |c: char| {
        (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) || matches!(c, '\u{fffe}' | '\u{ffff}')
    };
    if !text.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// One finding's lines, the same in a `<failure>` and in a `<system-out>`.
fn describe(text: &mut String, f: &Finding, product: &ProductFindings<'_>) {
    let _ = writeln!(
        text,
        "{} {} [{}]: {}",
        f.code, f.name, f.severity, f.message
    );
    let _ = writeln!(
        text,
        "  field: {}  line: {}",
        f.field,
        report_line(f, product.location)
    );
    if !f.fix.is_empty() {
        let _ = writeln!(text, "  fix: {}", f.fix);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::model::{Group, RuleKind, SourceLocation};

    fn finding(code: &'static str, severity: Severity) -> Finding {
        Finding {
            code,
            name: "some-rule",
            group: Group::Content,
            severity,
            kind: RuleKind::Compliance,
            field: "title",
            message: format!("{code} message"),
            fix: "Fix it",
            revenue_impact: 0.0,
            line: 3,
        }
    }

    /// The XML of one product with `findings`, written with `fail_on`.
    fn junit_of(findings: &[Finding], fail_on: Option<Severity>) -> String {
        let at = SourceLocation::new(Arc::from("feed.csv"), 3, 0);
        let mut out = Vec::new();
        let options = CiOptions {
            fail_on,
            ..CiOptions::default()
        };
        let mut emitter = JunitEmitter::begin(&mut out, &options).unwrap();
        emitter
            .product(&ProductFindings {
                product_id: "P1",
                location: &at,
                title: Some("A title"),
                findings,
            })
            .unwrap();
        Box::new(emitter).finish().unwrap();
        String::from_utf8(out).unwrap()
    }

    /// The text between `<tag` and `</tag>`, or "" when there is none.
    fn element<'a>(xml: &'a str, tag: &str) -> &'a str {
        let Some(start) = xml.find(&format!("<{tag}")) else {
            return "";
        };
        let end = xml[start..]
            .find(&format!("</{tag}>"))
            .map_or(xml.len(), |e| start + e);
        &xml[start..end]
    }

    #[test]
    fn only_findings_at_or_above_fail_on_fail_the_test_case() {
        let findings = [
            finding("FL-X001", Severity::Low),
            finding("FL-X002", Severity::High),
            finding("FL-X003", Severity::Medium),
            finding("FL-X004", Severity::Critical),
        ];
        let xml = junit_of(&findings, Some(Severity::High));
        let failure = element(&xml, "failure");
        let out = element(&xml, "system-out");
        assert!(
            failure.contains(r#"message="FL-X004 FL-X004 message (and 1 more)""#),
            "{xml}"
        );
        assert!(failure.contains("FL-X002 some-rule [high]"), "{xml}");
        assert!(
            !failure.contains("FL-X001") && !failure.contains("FL-X003"),
            "{xml}"
        );
        // The findings the gate lets through, in the same form, in <system-out>.
        assert!(out.contains("product P1: A title"), "{xml}");
        assert!(
            out.contains("FL-X001 some-rule [low]: FL-X001 message"),
            "{xml}"
        );
        assert!(out.contains("FL-X003 some-rule [medium]"), "{xml}");
        assert!(
            out.contains("  field: title  line: 3\n  fix: Fix it"),
            "{xml}"
        );
        assert!(
            !out.contains("FL-X002") && !out.contains("FL-X004"),
            "{xml}"
        );

        // Below the threshold only: the case passes, its findings still listed.
        let xml = junit_of(&findings[..1], Some(Severity::Medium));
        assert_eq!(element(&xml, "failure"), "", "{xml}");
        assert!(xml.contains(r#"failures="0""#), "{xml}");
        assert!(element(&xml, "system-out").contains("FL-X001"), "{xml}");
    }

    #[test]
    fn without_fail_on_every_finding_fails_the_test_case() {
        let findings = [
            finding("FL-X001", Severity::Low),
            finding("FL-X002", Severity::Medium),
        ];
        let xml = junit_of(&findings, None);
        let failure = element(&xml, "failure");
        assert!(
            failure.contains(r#"message="FL-X002 FL-X002 message (and 1 more)""#),
            "{xml}"
        );
        assert!(
            failure.contains("FL-X001") && failure.contains("FL-X002"),
            "{xml}"
        );
        assert!(!xml.contains("system-out"), "{xml}");
        // A threshold of low is the same as none.
        assert_eq!(junit_of(&findings, Some(Severity::Low)), xml);
    }

    #[test]
    fn control_characters_are_written_as_escapes_and_nothing_else_is_lost() {
        assert_eq!(
            xml_text("plain <&> text\tand\nlines"),
            "plain <&> text\tand\nlines"
        );
        assert_eq!(
            xml_text("Ti\u{1b}tle\u{1}X\u{ffff}"),
            "Ti\\u{1b}tle\\u{1}X\\u{ffff}"
        );

        let at = SourceLocation::new(Arc::from("feed.csv"), 2, 0);
        let finding = Finding {
            code: "FL-I102",
            name: "gtin-invalid-characters",
            group: Group::Identity,
            severity: Severity::Critical,
            kind: RuleKind::Compliance,
            field: "gtin",
            message: "gtin \"40063813\u{c}33931\" has an invalid character".into(),
            fix: "Write digits only",
            revenue_impact: 50.0,
            line: 2,
        };
        let mut out = Vec::new();
        let mut emitter = JunitEmitter::begin(&mut out, &CiOptions::default()).unwrap();
        emitter
            .product(&ProductFindings {
                product_id: "ID\u{1}\u{1b}X",
                location: &at,
                title: Some("Ti\u{1b}tle of product"),
                findings: std::slice::from_ref(&finding),
            })
            .unwrap();
        Box::new(emitter).finish().unwrap();
        let xml = String::from_utf8(out).unwrap();
        assert!(xml.contains(r#"name="ID\u{1}\u{1b}X""#), "{xml}");
        assert!(xml.contains(r"Ti\u{1b}tle of product"), "{xml}");
        assert!(xml.contains(r"40063813\u{c}33931"), "{xml}");
        assert!(xml.contains("field: gtin  line: 2"), "{xml}");
        assert!(
            !xml.chars()
                .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
        );
    }
}
