//! `--format junit`: JUnit XML that GitLab, Jenkins and Azure Pipelines read natively.
//!
//! Responsible for: one `<testsuite>` per feed file, one `<testcase>` per product (name = product
//! id, classname = relative file path), and for a product with findings one `<failure>` whose
//! message names the headline finding (`report::headline`) and whose text lists every violation
//! with its field, severity, line and fix. Written with the `quick-junit` crate. Not responsible for computing
//! findings.
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
use crate::model::Finding;

/// Streams products into an in-memory JUnit report and writes it on `finish`.
pub struct JunitEmitter<'w> {
    out: &'w mut dyn Write,
    paths: ReportPaths,
    report: Report,
    suite: Option<TestSuite>,
}

impl<'w> JunitEmitter<'w> {
    pub fn begin(out: &'w mut dyn Write, options: &CiOptions) -> Result<Self> {
        Ok(Self {
            out,
            paths: ReportPaths::new(options.base_dir.clone()),
            report: Report::new("feedlint"),
            suite: None,
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
        let status = if product.findings.is_empty() {
            TestCaseStatus::success()
        } else {
            failure(product)
        };
        let mut case = TestCase::new(xml_text(product.product_id).into_owned(), status);
        case.set_classname(xml_text(file).into_owned());
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

/// The finding that heads the product's report names the failure (`report::headline`: the most
/// severe, compliance before performance, then in rule order).
fn failure(product: &ProductFindings<'_>) -> TestCaseStatus {
    let worst = super::headline(product.findings);
    let mut status = TestCaseStatus::non_success(NonSuccessKind::Failure);
    if let Some(worst) = worst {
        let more = product.findings.len() - 1;
        let mut message = format!("{} {}", worst.code, worst.message);
        if more > 0 {
            let _ = write!(message, " (and {more} more)");
        }
        status.set_message(xml_text(&message).into_owned());
        status.set_type(worst.severity.as_str());
    }
    let mut text = String::new();
    if let Some(title) = product.title {
        let _ = writeln!(text, "product {}: {title}", product.product_id);
    }
    for f in product.findings {
        describe(&mut text, f, product);
    }
    status.set_description(xml_text(&text).into_owned());
    status
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
    use crate::model::{Group, RuleKind, Severity, SourceLocation};

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
