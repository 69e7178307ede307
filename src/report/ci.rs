//! Shared input and helpers of the CI report emitters (junit, sarif, github, gitlab).
//!
//! Responsible for: the streaming input every CI emitter reads ([`ProductFindings`], one product
//! at a time), the rule metadata the lead fills from the registry ([`RuleInfo`]), the
//! [`CiEmitter`] trait, path normalisation and the stable fingerprint recipe. Not responsible for
//! running rules or deciding exit codes (that is `rules/` and `gate/`).

use std::io::Write;
use std::path::Path;

use sha2::{Digest, Sha256};

use crate::error::Result;
use crate::model::{Finding, Group, RuleKind, Severity, SourceLocation};

/// The findings of one product, handed to an emitter as soon as the engine has them.
#[derive(Debug, Clone, Copy)]
pub struct ProductFindings<'a> {
    /// The product's `id` (echoed as `productId`, spec 2.2).
    pub product_id: &'a str,
    /// Where the product starts in its feed file.
    pub location: &'a SourceLocation,
    pub title: Option<&'a str>,
    /// Every finding of the product, in rule order. Empty for a clean product.
    pub findings: &'a [Finding],
}

/// What the registry knows about one rule; the lead fills a slice of these from `rules/`.
#[derive(Debug, Clone, PartialEq)]
pub struct RuleInfo {
    /// Stable code, e.g. `FL-C001`.
    pub code: &'static str,
    /// Kebab-case name of the defect.
    pub name: &'static str,
    pub group: Group,
    pub severity: Severity,
    pub kind: RuleKind,
    /// One sentence: what the rule checks.
    pub short_description: String,
    /// The rule's explanation (What it checks / Why it matters / How to fix), as Markdown.
    pub help: String,
    /// A page documenting the rule, if any.
    pub help_uri: Option<String>,
}

/// A CI report writer. Call [`CiEmitter::product`] once per product in input order, then
/// [`CiEmitter::finish`] once. Each format documents what it holds in memory.
pub trait CiEmitter {
    /// Takes the findings of one product.
    fn product(&mut self, product: &ProductFindings<'_>) -> Result<()>;
    /// Writes whatever the format needs at the end and flushes the writer.
    fn finish(self: Box<Self>) -> Result<()>;
}

/// Options shared by the CI emitters.
#[derive(Debug, Clone, Default)]
pub struct CiOptions {
    /// Directory paths are made relative to (normally the working directory; in CI the
    /// repository checkout). `None` keeps paths as given, with forward slashes.
    pub base_dir: Option<std::path::PathBuf>,
    /// `github` only: most annotations written per GitHub level (error, warning, notice).
    /// `None` means [`super::github::DEFAULT_MAX_PER_LEVEL`].
    pub github_max_per_level: Option<usize>,
    /// `sarif` only: most results in the run. `None` means [`super::sarif::MAX_RESULTS`].
    pub sarif_max_results: Option<usize>,
}

/// Builds the emitter of a CI format, or `None` when `format` is not a CI format.
pub fn emitter<'w>(
    format: super::OutputFormat,
    out: &'w mut dyn Write,
    rules: &'w [RuleInfo],
    options: &CiOptions,
) -> Result<Option<Box<dyn CiEmitter + 'w>>> {
    use super::OutputFormat as F;
    Ok(match format {
        F::Junit => Some(Box::new(super::junit::JunitEmitter::begin(out, options)?)),
        F::Sarif => Some(Box::new(super::sarif::SarifEmitter::begin(
            out, rules, options,
        )?)),
        F::Github => Some(Box::new(super::github::GithubEmitter::begin(out, options)?)),
        F::Gitlab => Some(Box::new(super::gitlab::GitlabEmitter::begin(out, options)?)),
        F::Table | F::Json | F::Ndjson | F::Csv => None,
    })
}

/// The path CI systems expect: relative to `base` when it lies under it, forward slashes, no
/// leading `./`. SARIF `artifactLocation.uri` and GitLab `location.path` are repository-relative.
#[must_use]
pub fn relative_path(file: &str, base: Option<&Path>) -> String {
    let path = Path::new(file);
    let rel = base.and_then(|b| path.strip_prefix(b).ok()).unwrap_or(path);
    let s = rel.to_string_lossy().replace('\\', "/");
    let s = s.trim_start_matches("./");
    if s.is_empty() {
        file.to_owned()
    } else {
        s.to_owned()
    }
}

/// The 1-based line to report for a finding: its own line, else the product's, never 0
/// (SARIF `region.startLine` and GitLab `lines.begin` start at 1).
#[must_use]
pub fn report_line(finding: &Finding, product: &SourceLocation) -> u64 {
    if finding.line > 0 {
        finding.line
    } else {
        product.line.max(1)
    }
}

/// Stable fingerprint of a finding, identical across runs and machines: hex SHA-256 of the rule
/// code, the relative path, the product id and the field, NUL-separated, plus the occurrence
/// number when the same rule fires twice on the same field of one product. Line numbers and
/// absolute paths are left out on purpose, so inserting a product above does not change it.
#[must_use]
pub fn fingerprint(
    code: &str,
    rel_path: &str,
    product_id: &str,
    field: &str,
    occurrence: u32,
) -> String {
    let mut h = Sha256::new();
    for part in [code, rel_path, product_id, field] {
        h.update(part.as_bytes());
        h.update([0u8]);
    }
    if occurrence > 0 {
        h.update(occurrence.to_le_bytes());
    }
    let digest = h.finalize();
    let mut s = String::with_capacity(64);
    for b in digest {
        use std::fmt::Write as _;
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// The product's part of its findings' fingerprints: its id, and for a product whose id an
/// earlier product of the feed already has (FL-I004, `rules::DUPLICATE_ID`) the id and its line,
/// so the findings of two products sharing an id in one file do not share fingerprints (GitLab
/// would keep one of each pair, GitHub merge them). The first product keeps the plain id.
#[must_use]
pub fn fingerprint_id<'a>(product: &ProductFindings<'a>) -> std::borrow::Cow<'a, str> {
    if product
        .findings
        .iter()
        .any(|f| f.code == crate::rules::DUPLICATE_ID)
    {
        std::borrow::Cow::Owned(format!(
            "{}\0line {}",
            product.product_id, product.location.line
        ))
    } else {
        std::borrow::Cow::Borrowed(product.product_id)
    }
}

/// Numbers repeated `(code, field)` pairs within one product so fingerprints stay unique.
/// A product has few findings, so a linear scan is the right structure.
#[must_use]
pub fn occurrences(findings: &[Finding]) -> Vec<u32> {
    let mut out = Vec::with_capacity(findings.len());
    for (i, f) in findings.iter().enumerate() {
        let n = findings[..i]
            .iter()
            .filter(|g| g.code == f.code && g.field == f.field)
            .count();
        out.push(u32::try_from(n).unwrap_or(u32::MAX));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_path_strips_base_and_uses_forward_slashes() {
        assert_eq!(
            relative_path("/repo/feeds/a.csv", Some(Path::new("/repo"))),
            "feeds/a.csv"
        );
        assert_eq!(relative_path("./feeds\\b.xml", None), "feeds/b.xml");
        assert_eq!(
            relative_path("/elsewhere/c.csv", Some(Path::new("/repo"))),
            "/elsewhere/c.csv"
        );
        assert_eq!(relative_path("-", None), "-");
    }

    #[test]
    fn a_product_reported_as_a_duplicate_id_adds_its_line() {
        let at = SourceLocation::new(std::sync::Arc::from("feed.csv"), 7, 1);
        let dup = Finding {
            code: crate::rules::DUPLICATE_ID,
            name: "duplicate-id",
            group: Group::Identity,
            severity: Severity::Critical,
            kind: RuleKind::Compliance,
            field: "id",
            message: "id \"A\" is used by line 6 already".into(),
            fix: "",
            revenue_impact: 50.0,
            line: 7,
        };
        let mut p = ProductFindings {
            product_id: "A",
            location: &at,
            title: None,
            findings: &[],
        };
        assert_eq!(fingerprint_id(&p), "A");
        let findings = [dup];
        p.findings = &findings;
        assert_eq!(fingerprint_id(&p), "A\0line 7");
    }

    #[test]
    fn fingerprint_ignores_lines_and_depends_on_each_part() {
        let a = fingerprint("FL-C001", "feed.csv", "SKU1", "price", 0);
        assert_eq!(a.len(), 64);
        assert_eq!(a, fingerprint("FL-C001", "feed.csv", "SKU1", "price", 0));
        assert_ne!(a, fingerprint("FL-C002", "feed.csv", "SKU1", "price", 0));
        assert_ne!(a, fingerprint("FL-C001", "feed.csv", "SKU2", "price", 0));
        assert_ne!(a, fingerprint("FL-C001", "feed.csv", "SKU1", "title", 0));
        assert_ne!(a, fingerprint("FL-C001", "feed.csv", "SKU1", "price", 1));
        // The separator keeps ("ab","c") and ("a","bc") apart.
        assert_ne!(
            fingerprint("a", "bc", "", "", 0),
            fingerprint("ab", "c", "", "", 0)
        );
    }
}
