//! `--baseline REPORT.json`: compare this run with a previous JSON report of the same feed.
//!
//! Responsible for: reading a previous report (the validate shape of spec 2.3,
//! `data.products[]` with `productId` and `gmcCompliance{status, percentage, violations[].rule}`,
//! or the batch shape of spec 2.4, `results[]` with `productId` and `gmcCompliance.status`) into
//! compact maps, comparing the current run with it one product at a time, and the verdict:
//! fail when feed compliance dropped by more than `--max-drop` points. It lists the products that
//! newly fail and the rules that newly fire. Unknown fields are ignored, so reports from newer
//! versions still load. Not responsible for printing (it writes to a writer it is handed).
//!
//! Memory: the baseline is folded into a map productId → (passed, rule-code ids) while it is
//! parsed (never a document tree); the current run is streamed through
//! [`BaselineComparison::observe`] and only counters, the rule codes that newly fire and the
//! first [`LISTED_PRODUCTS`] newly failing product ids are kept.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{BufReader, Read, Write};
use std::path::{Path, PathBuf};

use serde::Deserialize;
use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::{Verdict, compliance_percent};
use crate::error::snippet::{self, Position, SourceDiagnostic};
use crate::error::{Error, ErrorCode, Result};
use crate::model::{Finding, RuleKind};

/// How many newly failing product ids a comparison keeps (and prints); the rest are counted.
pub const LISTED_PRODUCTS: usize = 50;

/// What to pass as a baseline.
const BASELINE_HELP: &str =
    "pass a JSON report written earlier by `feedlint validate|batch --format json`";

/// One product of the baseline.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Entry {
    passed: bool,
    /// Indexes into `Baseline::codes`, sorted, deduplicated.
    rules: Box<[u32]>,
}

/// A previous report, reduced to what the comparison needs.
#[derive(Debug, Clone, PartialEq)]
pub struct Baseline {
    source: PathBuf,
    products: BTreeMap<Box<str>, Entry>,
    codes: Vec<Box<str>>,
    total: u64,
    compliant: u64,
}

impl Baseline {
    /// Reads a baseline report from a file.
    pub fn load(path: &Path) -> Result<Self> {
        let unreadable = |what: &dyn fmt::Display| {
            Error::new(
                ErrorCode::InputError,
                format!("cannot read baseline {}: {what}", path.display()),
            )
            .with_help(BASELINE_HELP)
        };
        let file = std::fs::File::open(path).map_err(|e| unreadable(&e))?;
        if file.metadata().is_ok_and(|m| m.is_dir()) {
            return Err(unreadable(&"it is a directory"));
        }
        match Self::from_reader(BufReader::new(file), path) {
            Ok(b) => Ok(b),
            Err(ParseError::Json(e)) if e.is_io() => Err(unreadable(&e)),
            Err(ParseError::Json(e)) => {
                let empty = e.is_eof()
                    && std::fs::File::open(path)
                        .is_ok_and(|f| is_blank(BufReader::new(f)).unwrap_or(false));
                // Reopened for the snippet: only the lines around the error are read into it.
                let snippet = std::fs::File::open(path).ok().map(BufReader::new);
                Err(json_error(path, &e, empty, snippet))
            }
            Err(ParseError::Shape(msg)) => Err(shape_error(path, &msg)),
        }
    }

    /// Reads a baseline from JSON text; `name` is used in messages.
    pub fn from_json_str(text: &str, name: &Path) -> Result<Self> {
        match Self::from_reader(text.as_bytes(), name) {
            Ok(b) => Ok(b),
            Err(ParseError::Json(e)) => Err(json_error(
                name,
                &e,
                text.trim().is_empty(),
                Some(text.as_bytes()),
            )),
            Err(ParseError::Shape(msg)) => Err(shape_error(name, &msg)),
        }
    }

    fn from_reader(reader: impl Read, name: &Path) -> std::result::Result<Self, ParseError> {
        let mut acc = Acc::default();
        let mut de = serde_json::Deserializer::from_reader(reader);
        TopSeed(&mut acc)
            .deserialize(&mut de)
            .map_err(ParseError::Json)?;
        de.end().map_err(ParseError::Json)?;
        if let Some(msg) = acc.problem {
            return Err(ParseError::Shape(msg));
        }
        if !acc.shape_seen {
            return Err(ParseError::Shape(
                "no product list: expected `data.products` (validate report, spec 2.3) or `results` (batch report, spec 2.4)".into(),
            ));
        }
        Ok(Self {
            source: name.to_path_buf(),
            products: acc.products,
            codes: acc.codes,
            total: acc.total,
            compliant: acc.compliant,
        })
    }

    /// The file the baseline came from.
    #[must_use]
    pub fn source(&self) -> &Path {
        &self.source
    }

    /// Products in the baseline (a repeated id counts once).
    #[must_use]
    pub fn total_products(&self) -> u64 {
        self.total
    }

    /// Feed compliance of the baseline, 0-100 (share of compliant products).
    #[must_use]
    pub fn compliance_percent(&self) -> f64 {
        compliance_percent(self.compliant, self.total)
    }

    /// Starts comparing the current run with this baseline.
    #[must_use]
    pub fn compare(&self) -> BaselineComparison<'_> {
        BaselineComparison {
            baseline: self,
            total: 0,
            compliant: 0,
            newly_failing: Vec::new(),
            newly_failing_total: 0,
            new_rules: BTreeMap::new(),
        }
    }

    fn has_rule(&self, entry: &Entry, code: &str) -> bool {
        entry.rules.iter().any(|&i| {
            usize::try_from(i)
                .ok()
                .and_then(|i| self.codes.get(i))
                .is_some_and(|c| &**c == code)
        })
    }
}

enum ParseError {
    Json(serde_json::Error),
    Shape(String),
}

fn shape_error(path: &Path, msg: &str) -> Error {
    Error::new(
        ErrorCode::InputError,
        format!(
            "baseline {} is not a feedlint JSON report: {msg}",
            path.display()
        ),
    )
    .with_help(BASELINE_HELP)
}

/// Whether a text holds nothing but white space.
fn is_blank(mut r: impl std::io::BufRead) -> std::io::Result<bool> {
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Ok(true);
        }
        if !buf.iter().all(u8::is_ascii_whitespace) {
            return Ok(false);
        }
        let n = buf.len();
        r.consume(n);
    }
}

/// The error for a baseline that is not JSON, at the line and column serde_json gives, with a
/// snippet of the text `snippet` reads (the same window as feed snippets: a one-line report of
/// megabytes shows 240 bytes around the error).
fn json_error(
    path: &Path,
    e: &serde_json::Error,
    empty: bool,
    snippet: Option<impl std::io::BufRead>,
) -> Error {
    if e.is_eof() && empty {
        return shape_error(path, "the file is empty");
    }
    // serde_json gives column 0 at the start of a line; editors count from 1.
    let (line, column) = (e.line(), e.column().max(1));
    let message = format!(
        "cannot read baseline {}:{line}:{column}: {}",
        path.display(),
        snippet::without_position(e)
    );
    match snippet {
        Some(reader) if line > 0 => {
            let diag = SourceDiagnostic::from_reader(
                message,
                path.display().to_string(),
                reader,
                Position::LineByte(line, column),
                0,
                snippet::without_position(e),
            )
            .with_help(BASELINE_HELP);
            Error::from_diagnostic(ErrorCode::InputError, miette::Report::new(diag))
        }
        _ => Error::new(ErrorCode::InputError, message).with_help(BASELINE_HELP),
    }
}

#[derive(Default)]
struct Acc {
    products: BTreeMap<Box<str>, Entry>,
    codes: Vec<Box<str>>,
    code_ids: BTreeMap<Box<str>, u32>,
    total: u64,
    compliant: u64,
    shape_seen: bool,
    problem: Option<String>,
}

impl Acc {
    fn add(&mut self, p: &RawProduct) {
        let position = self.total + 1;
        let Some(id) = p.product_id.as_ref().and_then(id_text) else {
            self.problem.get_or_insert_with(|| {
                format!("product #{position} of the report has no productId")
            });
            return;
        };
        let Some(passed) = p.passed() else {
            self.problem.get_or_insert_with(|| {
                format!(
                    "product {id} has none of gmcCompliance.status, gmcCompliance.violations, isValid, totalErrors"
                )
            });
            return;
        };
        let mut rules: Vec<u32> = Vec::new();
        for code in p.codes() {
            let next = u32::try_from(self.codes.len()).unwrap_or(u32::MAX);
            let idx = *self.code_ids.entry(code.into()).or_insert_with(|| {
                self.codes.push(code.into());
                next
            });
            rules.push(idx);
        }
        rules.sort_unstable();
        rules.dedup();
        if let Some(entry) = self.products.get_mut(id.as_str()) {
            // A repeated id: the product passes only if every record passed.
            if entry.passed && !passed {
                self.compliant -= 1;
            }
            entry.passed &= passed;
            let mut all = entry.rules.to_vec();
            all.extend(rules);
            all.sort_unstable();
            all.dedup();
            entry.rules = all.into();
        } else {
            self.total += 1;
            if passed {
                self.compliant += 1;
            }
            self.products.insert(
                id.into(),
                Entry {
                    passed,
                    rules: rules.into(),
                },
            );
        }
    }
}

fn id_text(v: &serde_json::Value) -> Option<String> {
    match v {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

// serde's messages name what was expected: in the report's terms, not the type's name
// (`expected struct RawProduct`).
#[derive(Deserialize)]
#[serde(
    rename_all = "camelCase",
    expecting = "a product result object (with `productId` and `gmcCompliance`)"
)]
struct RawProduct {
    product_id: Option<serde_json::Value>,
    is_valid: Option<bool>,
    total_errors: Option<u64>,
    gmc_compliance: Option<RawCompliance>,
}

#[derive(Deserialize)]
#[serde(expecting = "a `gmcCompliance` object (with `status` and `violations`)")]
struct RawCompliance {
    status: Option<String>,
    violations: Option<Vec<RawViolation>>,
}

#[derive(Deserialize)]
#[serde(
    untagged,
    expecting = "a violation (a rule code, or an object with `rule`)"
)]
enum RawViolation {
    Code(String),
    Object {
        rule: Option<String>,
        code: Option<String>,
    },
    Other(IgnoredAny),
}

impl RawProduct {
    /// Compliant per `gmcCompliance.status` (`fully_compliant`), else an empty violation list,
    /// else `isValid`, else no errors.
    fn passed(&self) -> Option<bool> {
        let c = self.gmc_compliance.as_ref();
        c.and_then(|c| c.status.as_deref().map(|s| s == "fully_compliant"))
            .or_else(|| c.and_then(|c| c.violations.as_ref().map(Vec::is_empty)))
            .or(self.is_valid)
            .or(self.total_errors.map(|n| n == 0))
    }

    fn codes(&self) -> impl Iterator<Item = &str> {
        self.gmc_compliance
            .iter()
            .flat_map(|c| c.violations.iter().flatten())
            .filter_map(|v| match v {
                RawViolation::Code(s) => Some(s.as_str()),
                RawViolation::Object { rule, code } => rule.as_deref().or(code.as_deref()),
                RawViolation::Other(_) => None,
            })
    }
}

/// The whole report: looks for `data.products` and `results`, skips everything else.
struct TopSeed<'a>(&'a mut Acc);
struct DataSeed<'a>(&'a mut Acc);
struct ListSeed<'a>(&'a mut Acc);

impl<'de> DeserializeSeed<'de> for TopSeed<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> std::result::Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for TopSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a feedlint JSON report (an object)")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            match key.as_str() {
                "data" => map.next_value_seed(DataSeed(&mut *self.0))?,
                "results" => map.next_value_seed(ListSeed(&mut *self.0))?,
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(())
    }
}

impl<'de> DeserializeSeed<'de> for DataSeed<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> std::result::Result<(), D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for DataSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("`data` as an object")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<(), A::Error> {
        while let Some(key) = map.next_key::<String>()? {
            if key == "products" {
                map.next_value_seed(ListSeed(&mut *self.0))?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(())
    }
}

impl<'de> DeserializeSeed<'de> for ListSeed<'_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> std::result::Result<(), D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for ListSeed<'_> {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list of product results")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<(), A::Error> {
        self.0.shape_seen = true;
        while let Some(p) = seq.next_element::<RawProduct>()? {
            self.0.add(&p);
        }
        Ok(())
    }
}

/// The current run, streamed product by product against a [`Baseline`].
#[derive(Debug)]
pub struct BaselineComparison<'b> {
    baseline: &'b Baseline,
    total: u64,
    compliant: u64,
    newly_failing: Vec<String>,
    newly_failing_total: u64,
    /// Rule code → products it fires on now but did not in the baseline.
    new_rules: BTreeMap<String, u64>,
}

impl BaselineComparison<'_> {
    /// Takes one product of the current run: whether it is compliant and the codes of its
    /// compliance findings.
    pub fn observe<'c>(
        &mut self,
        product_id: &str,
        passed: bool,
        codes: impl IntoIterator<Item = &'c str>,
    ) {
        self.total += 1;
        let before = self.baseline.products.get(product_id);
        if passed {
            self.compliant += 1;
        } else if before.is_none_or(|e| e.passed) {
            self.newly_failing_total += 1;
            if self.newly_failing.len() < LISTED_PRODUCTS {
                let mark = if before.is_none() {
                    " (not in baseline)"
                } else {
                    ""
                };
                self.newly_failing.push(format!("{product_id}{mark}"));
            }
        }
        let mut seen: Vec<&str> = Vec::new();
        for code in codes {
            if seen.contains(&code) {
                continue;
            }
            seen.push(code);
            if before.is_none_or(|e| !self.baseline.has_rule(e, code)) {
                *self.new_rules.entry(code.to_owned()).or_default() += 1;
            }
        }
    }

    /// Takes one product from its findings: compliant when none counts toward GMC compliance
    /// (the same definition as [`super::FeedSummary::add_product`]); compliance codes compared.
    pub fn observe_findings(&mut self, product_id: &str, findings: &[Finding]) {
        let compliance = || findings.iter().filter(|f| f.kind == RuleKind::Compliance);
        let passed = compliance().next().is_none();
        self.observe(product_id, passed, compliance().map(|f| f.code));
    }

    /// Ends the comparison.
    #[must_use]
    pub fn finish(self, max_drop: f64) -> BaselineReport {
        let baseline_percent = self.baseline.compliance_percent();
        let current_percent = compliance_percent(self.compliant, self.total);
        BaselineReport {
            source: self.baseline.source.clone(),
            baseline_percent,
            current_percent,
            max_drop,
            newly_failing: self.newly_failing,
            newly_failing_total: self.newly_failing_total,
            new_rules: self.new_rules.into_iter().collect(),
        }
    }
}

/// The outcome of a baseline comparison.
#[derive(Debug, Clone, PartialEq)]
pub struct BaselineReport {
    pub source: PathBuf,
    pub baseline_percent: f64,
    pub current_percent: f64,
    pub max_drop: f64,
    /// The first [`LISTED_PRODUCTS`] products that fail now but passed (or were absent) before.
    pub newly_failing: Vec<String>,
    pub newly_failing_total: u64,
    /// Rule codes that fire on products they did not fire on before, with how many products.
    pub new_rules: Vec<(String, u64)>,
}

impl BaselineReport {
    /// Compliance points lost since the baseline (negative when it improved).
    #[must_use]
    pub fn drop_points(&self) -> f64 {
        self.baseline_percent - self.current_percent
    }

    /// Fails when compliance dropped by more than `max_drop` points.
    #[must_use]
    pub fn verdict(&self) -> Verdict {
        // Tolerance for float noise: both percentages come from integer counts.
        if self.drop_points() > self.max_drop + 1e-9 {
            Verdict::Fail(format!(
                "feed compliance dropped {:.1} points against baseline {} ({:.1}% -> {:.1}%), more than --max-drop {}",
                self.drop_points(),
                self.source.display(),
                self.baseline_percent,
                self.current_percent,
                self.max_drop
            ))
        } else {
            Verdict::Pass
        }
    }

    /// Writes the products that newly fail and the rules that newly fire, one per line (for
    /// stderr). Writes nothing when there are none.
    pub fn write_details(&self, w: &mut dyn Write) -> std::io::Result<()> {
        if self.newly_failing_total > 0 {
            writeln!(
                w,
                "{} product{} newly failing against {}:",
                self.newly_failing_total,
                if self.newly_failing_total == 1 {
                    ""
                } else {
                    "s"
                },
                self.source.display()
            )?;
            for id in &self.newly_failing {
                writeln!(w, "  {id}")?;
            }
            let rest = self.newly_failing_total - self.newly_failing.len() as u64;
            if rest > 0 {
                writeln!(w, "  ... and {rest} more")?;
            }
        }
        if !self.new_rules.is_empty() {
            writeln!(w, "rules newly firing:")?;
            for (code, n) in &self.new_rules {
                writeln!(
                    w,
                    "  {code} on {n} product{}",
                    crate::model::text::plural(*n)
                )?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const VALIDATE: &str = r#"{"success":true,"data":{"products":[
        {"productId":"A","isValid":true,"gmcCompliance":{"status":"fully_compliant","percentage":100,"violations":[]}},
        {"productId":"B","isValid":false,"gmcCompliance":{"status":"non_compliant","percentage":50,"violations":[{"rule":"FL-P001","message":"x"}]}},
        {"productId":"C","isValid":true,"gmcCompliance":{"status":"fully_compliant","violations":[]},"future":{"x":[1,2]}}
    ],"summary":{"complianceScore":66}}}"#;

    const BATCH: &str = r#"{"success":true,"batchCompliance":{"gmcCompliant":"50.0%"},"results":[
        {"productId":1,"gmcCompliance":{"status":"fully_compliant","coverage":"100%"},"validationScore":98},
        {"productId":"2","gmcCompliance":{"status":"partially_compliant","coverage":"80%"},"validationScore":60}
    ],"meta":{}}"#;

    fn load(text: &str) -> Result<Baseline> {
        Baseline::from_json_str(text, Path::new("base.json"))
    }

    #[test]
    fn an_empty_baseline_says_so() {
        for text in ["", "  \n"] {
            let e = load(text).err().unwrap();
            assert!(
                e.message
                    .contains("base.json is not a feedlint JSON report: the file is empty"),
                "{}",
                e.message
            );
        }
    }

    #[test]
    fn reads_the_validate_shape() {
        let b = load(VALIDATE).map_err(|e| e.to_string());
        let b = b
            .as_ref()
            .map(|b| (b.total_products(), b.compliance_percent().round()));
        assert_eq!(b, Ok((3, 67.0)));
    }

    #[test]
    fn reads_the_batch_shape_with_numeric_ids() {
        let b = load(BATCH).map_err(|e| e.to_string());
        assert_eq!(b.as_ref().map(Baseline::total_products), Ok(2));
        assert_eq!(b.as_ref().map(Baseline::compliance_percent), Ok(50.0));
    }

    #[test]
    fn unchanged_run_passes_and_lists_nothing() {
        let Ok(b) = load(VALIDATE) else {
            panic!("baseline must load")
        };
        let mut c = b.compare();
        c.observe("A", true, []);
        c.observe("B", false, ["FL-P001"]);
        c.observe("C", true, []);
        let r = c.finish(0.0);
        assert_eq!(r.verdict(), Verdict::Pass);
        assert!(r.newly_failing.is_empty() && r.new_rules.is_empty());
        let mut out = Vec::new();
        assert!(r.write_details(&mut out).is_ok());
        assert!(out.is_empty());
    }

    #[test]
    fn compliance_drop_fails_and_names_products_and_rules() {
        let Ok(b) = load(VALIDATE) else {
            panic!("baseline must load")
        };
        let mut c = b.compare();
        c.observe("A", false, ["FL-C001", "FL-C001"]);
        c.observe("B", false, ["FL-P001", "FL-I002"]);
        c.observe("C", true, []);
        c.observe("D", false, ["FL-C001"]);
        let r = c.finish(0.0);
        assert_eq!(r.newly_failing, ["A", "D (not in baseline)"]);
        assert_eq!(
            r.new_rules,
            [("FL-C001".to_owned(), 2), ("FL-I002".to_owned(), 1)]
        );
        let reason = r.verdict();
        assert_eq!(
            reason.reason(),
            Some(
                "feed compliance dropped 41.7 points against baseline base.json (66.7% -> 25.0%), more than --max-drop 0"
            )
        );
        let mut out = Vec::new();
        assert!(r.write_details(&mut out).is_ok());
        assert_eq!(
            String::from_utf8_lossy(&out),
            "2 products newly failing against base.json:\n  A\n  D (not in baseline)\nrules newly firing:\n  FL-C001 on 2 products\n  FL-I002 on 1 product\n"
        );
    }

    #[test]
    fn drop_within_max_drop_passes() {
        let Ok(b) = load(BATCH) else {
            panic!("baseline must load")
        };
        let mut c = b.compare();
        for (id, ok) in [("1", true), ("2", false), ("3", false)] {
            c.observe(id, ok, []);
        }
        // 50% -> 33.3%: a 16.7-point drop.
        assert_eq!(c.finish(20.0).verdict(), Verdict::Pass);
    }

    #[test]
    fn syntax_error_names_file_line_and_column() {
        let err = load("{\"data\": {\"products\": [\n  {\"productId\": \"A\",}\n]}}")
            .map(|_| ())
            .map_err(|e| (e.code, e.message.clone()));
        let Err((code, message)) = err else {
            panic!("must fail")
        };
        assert_eq!(code, ErrorCode::InputError);
        assert!(
            message.starts_with("cannot read baseline base.json:2:"),
            "{message}"
        );
    }

    /// serde's messages say what was expected in the report's terms, never a type's name, and
    /// the place once.
    #[test]
    fn a_value_of_the_wrong_shape_is_named_in_the_reports_terms() {
        for (text, expected) in [
            (
                r#"{"data": {"products": ["A"]}}"#,
                "expected a product result object (with `productId` and `gmcCompliance`)",
            ),
            (
                r#"{"results": [{"productId": "A", "gmcCompliance": 3}]}"#,
                "expected a `gmcCompliance` object (with `status` and `violations`)",
            ),
            (r#"{"results": {}}"#, "expected a list of product results"),
        ] {
            let Err(e) = load(text) else {
                panic!("{text} must fail")
            };
            assert!(e.message.contains(expected), "{}", e.message);
            assert!(!e.message.contains("struct Raw"), "{}", e.message);
            assert!(!e.message.contains(" at line "), "{}", e.message);
        }
    }

    #[test]
    fn a_report_without_products_is_rejected() {
        let err = load(r#"{"success":true,"data":{"summary":{}}}"#)
            .map(|_| ())
            .map_err(|e| e.message.clone());
        assert!(
            err.as_ref()
                .is_err_and(|m| m.contains("expected `data.products`")),
            "{err:?}"
        );
    }

    #[test]
    fn missing_file_is_an_input_error_with_the_path() {
        let err = Baseline::load(Path::new("/nonexistent/base.json"))
            .map(|_| ())
            .map_err(|e| (e.code, e.message.clone()));
        let Err((code, message)) = err else {
            panic!("must fail")
        };
        assert_eq!(code, ErrorCode::InputError);
        assert!(message.contains("/nonexistent/base.json"), "{message}");
    }

    proptest::proptest! {
        #[test]
        fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
            let _ = load(&text);
        }

        #[test]
        fn arbitrary_product_lists_load(ids in proptest::collection::vec("[A-Za-z0-9-]{1,8}", 0..20)) {
            let products: Vec<String> = ids
                .iter()
                .map(|id| format!(r#"{{"productId":"{id}","gmcCompliance":{{"violations":[]}}}}"#))
                .collect();
            let text = format!(r#"{{"data":{{"products":[{}]}}}}"#, products.join(","));
            let unique: std::collections::BTreeSet<&String> = ids.iter().collect();
            let b = load(&text).map(|b| b.total_products()).map_err(|e| e.to_string());
            proptest::prop_assert_eq!(b, Ok(unique.len() as u64));
        }
    }

    #[test]
    fn blank_means_only_white_space() {
        assert!(is_blank(&b""[..]).unwrap_or(false));
        assert!(is_blank(&b" \n\t\r\n"[..]).unwrap_or(false));
        assert!(!is_blank(&b"  x"[..]).unwrap_or(true));
    }
}
