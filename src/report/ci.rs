//! Shared input and helpers of the CI report emitters (junit, sarif, github, gitlab).
//!
//! Responsible for: the streaming input every CI emitter reads ([`ProductFindings`], one product
//! at a time), the rule metadata the lead fills from the registry ([`RuleInfo`]), the
//! [`CiEmitter`] trait, path normalisation and the stable fingerprint recipe. Not responsible for
//! running rules or deciding exit codes (that is `rules/` and `gate/`).

use std::io::Write;
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;

use percent_encoding::{AsciiSet, CONTROLS, utf8_percent_encode};

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
    /// repository checkout), by [`ReportPath`]. `None` keeps paths as given, with forward
    /// slashes.
    pub base_dir: Option<std::path::PathBuf>,
    /// `github` only: most annotations written per GitHub level (error, warning, notice).
    /// `None` means [`super::github::DEFAULT_MAX_PER_LEVEL`].
    pub github_max_per_level: Option<usize>,
    /// `sarif` only: most results in the run. `None` means [`super::sarif::MAX_RESULTS`].
    pub sarif_max_results: Option<usize>,
    /// `junit` only: the run's `--fail-on` severity (the flag, else `feedlint.toml [gates]
    /// fail_on`). A test case then fails only for findings at or above it, and lists the others
    /// in its `<system-out>`; `None` fails it for every finding.
    pub fail_on: Option<Severity>,
}

impl CiOptions {
    /// The options of a `validate` or `batch` run: paths relative to `base_dir` (the working
    /// directory), JUnit failing at the run's `--fail-on`, the other limits their defaults.
    #[must_use]
    pub fn for_run(base_dir: std::path::PathBuf, fail_on: Option<Severity>) -> Self {
        Self {
            base_dir: Some(base_dir),
            fail_on,
            ..Self::default()
        }
    }
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

/// How feedlint names standard input (`-`) in locations (`feed::open`'s label for it) when no
/// `--stdin-filename` names it; a named stdin is a path like a file's.
pub use crate::feed::STDIN_LABEL;

/// What RFC 3986 does not allow unencoded in a path: controls, space, `"`, `#`, `%`, `<`, `>`,
/// `?`, `[`, `\`, `]`, `^`, `` ` ``, `{`, `|`, `}` (and, by `utf8_percent_encode`, every
/// non-ASCII byte). `/` separates segments; `:` and `@` are allowed in a segment.
const URI_PATH: &AsciiSet = &CONTROLS
    .add(b' ')
    .add(b'"')
    .add(b'#')
    .add(b'%')
    .add(b'<')
    .add(b'>')
    .add(b'?')
    .add(b'[')
    .add(b'\\')
    .add(b']')
    .add(b'^')
    .add(b'`')
    .add(b'{')
    .add(b'|')
    .add(b'}');

#[derive(Debug, Clone, PartialEq, Eq)]
enum PathKind {
    /// Relative to the base directory, or relative as given.
    Relative,
    /// Absolute (outside the base directory), lexically normalised.
    Absolute(PathBuf),
    /// Standard input: no file.
    Stdin,
}

/// The one way a feed's path is named in the CI reports: GitLab `location.path`, GitHub
/// `file=`, the JUnit suite and class names and the fingerprints all use [`ReportPath::path`];
/// SARIF uses [`ReportPath::sarif_uri`], the same path as a URI reference.
///
/// A path under the base directory (normally the working directory) is made relative to it with
/// forward slashes and without `.` or `..` segments, however it was given (`feeds/a.csv`,
/// `./feeds/a.csv`, `$PWD/feeds/a.csv`, or through a symbolic link to the base): that is the
/// path of the file in the repository, and the same on every machine. A path outside it is kept
/// as given (forward slashes, `.` segments dropped). Standard input is [`STDIN_LABEL`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReportPath {
    path: String,
    kind: PathKind,
}

impl ReportPath {
    /// The report path of `file` (a feed's location label) relative to `base`; `None` keeps
    /// paths as given.
    #[must_use]
    pub fn new(file: &str, base: Option<&Path>) -> Self {
        if file == STDIN_LABEL {
            return Self {
                path: file.to_owned(),
                kind: PathKind::Stdin,
            };
        }
        let given = Path::new(file);
        if let Some(base) = base {
            if let Some(rel) = under(&normalize(&base.join(given)), &normalize(base))
                .or_else(|| under_physically(given, base))
            {
                return Self {
                    path: rel,
                    kind: PathKind::Relative,
                };
            }
        }
        let normal = normalize(given);
        if normal.as_os_str().is_empty() {
            return Self {
                path: forward_slashes(given),
                kind: PathKind::Relative,
            };
        }
        let path = forward_slashes(&normal);
        if normal.is_absolute() {
            Self {
                path,
                kind: PathKind::Absolute(normal),
            }
        } else {
            Self {
                path,
                kind: PathKind::Relative,
            }
        }
    }

    /// The path reports show (relative to the base when under it, forward slashes).
    #[must_use]
    pub fn path(&self) -> &str {
        &self.path
    }

    /// Whether this is standard input rather than a file.
    #[must_use]
    pub fn is_stdin(&self) -> bool {
        self.kind == PathKind::Stdin
    }

    /// The path as a SARIF `artifactLocation.uri`, a valid URI reference (RFC 3986): a relative
    /// path percent-encoded (`my feed #1.csv` → `my%20feed%20%231.csv`), with `./` before a
    /// first segment holding `:` (which would read as a scheme); an absolute path as a
    /// `file://` URI (`/data/a.csv` → `file:///data/a.csv`). `None` for standard input, which
    /// has no URI.
    #[must_use]
    pub fn sarif_uri(&self) -> Option<String> {
        match &self.kind {
            PathKind::Stdin => None,
            PathKind::Absolute(p) => Some(
                url::Url::from_file_path(p)
                    .map_or_else(|()| encode_relative(&self.path), String::from),
            ),
            PathKind::Relative => Some(encode_relative(&self.path)),
        }
    }
}

fn encode_relative(path: &str) -> String {
    let encoded = utf8_percent_encode(path, URI_PATH).to_string();
    let first = encoded.split('/').next().unwrap_or_default();
    if first.contains(':') {
        format!("./{encoded}")
    } else {
        encoded
    }
}

/// `path` relative to `base` with forward slashes, when it lies strictly under it.
fn under(path: &Path, base: &Path) -> Option<String> {
    let rel = path.strip_prefix(base).ok()?;
    (!rel.as_os_str().is_empty()).then(|| forward_slashes(rel))
}

/// [`under`] after resolving symbolic links, for a base or a path spelt through a link (the
/// working directory is the physical one; `$CI_PROJECT_DIR` or `$PWD` may not be). Only for
/// files that exist.
fn under_physically(given: &Path, base: &Path) -> Option<String> {
    let real = std::fs::canonicalize(base.join(given)).ok()?;
    let real_base = std::fs::canonicalize(base).ok()?;
    under(&real, &real_base)
}

/// `.` segments dropped and `..` segments applied to what precedes them (lexically: a `..` at
/// the start of a relative path is kept, one at the root is dropped).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => match out.components().next_back() {
                Some(Component::Normal(_)) => {
                    out.pop();
                }
                Some(Component::RootDir | Component::Prefix(_)) => {}
                Some(Component::CurDir | Component::ParentDir) | None => out.push(".."),
            },
            c => out.push(c),
        }
    }
    out
}

/// The path with `/` between its parts (on Windows `\` is a separator; elsewhere it is part
/// of a name and kept).
fn forward_slashes(path: &Path) -> String {
    let s = path.to_string_lossy();
    if std::path::MAIN_SEPARATOR == '/' {
        s.into_owned()
    } else {
        s.replace(std::path::MAIN_SEPARATOR, "/")
    }
}

/// The report paths of one run: the base directory and the last file's path, so a feed's path
/// is worked out once, not once per product.
#[derive(Debug, Clone, Default)]
pub struct ReportPaths {
    base: Option<PathBuf>,
    last: Option<(Arc<str>, Arc<ReportPath>)>,
}

impl ReportPaths {
    #[must_use]
    pub fn new(base: Option<PathBuf>) -> Self {
        Self { base, last: None }
    }

    /// The report path of `file`.
    pub fn get(&mut self, file: &Arc<str>) -> Arc<ReportPath> {
        if let Some((f, p)) = &self.last {
            if Arc::ptr_eq(f, file) || **f == **file {
                return Arc::clone(p);
            }
        }
        let p = Arc::new(ReportPath::new(file, self.base.as_deref()));
        self.last = Some((Arc::clone(file), Arc::clone(&p)));
        p
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

    fn path(file: &str, base: Option<&str>) -> String {
        ReportPath::new(file, base.map(Path::new)).path().to_owned()
    }

    fn uri(file: &str, base: Option<&str>) -> Option<String> {
        ReportPath::new(file, base.map(Path::new)).sarif_uri()
    }

    #[test]
    fn paths_under_the_base_are_relative_however_they_are_given() {
        let base = Some("/repo");
        assert_eq!(path("/repo/feeds/a.csv", base), "feeds/a.csv");
        assert_eq!(path("feeds/a.csv", base), "feeds/a.csv");
        assert_eq!(path("./feeds/a.csv", base), "feeds/a.csv");
        assert_eq!(path("/repo/./x/../feeds/a.csv", base), "feeds/a.csv");
        assert_eq!(path("feeds/../feeds/a.csv", base), "feeds/a.csv");
        // A base spelt with a trailing slash or a `.` is the same base.
        assert_eq!(path("/repo/feeds/a.csv", Some("/repo/")), "feeds/a.csv");
        assert_eq!(path("/repo/feeds/a.csv", Some("/repo/.")), "feeds/a.csv");
    }

    #[test]
    fn paths_outside_the_base_are_kept_as_given() {
        let base = Some("/repo");
        assert_eq!(path("/elsewhere/c.csv", base), "/elsewhere/c.csv");
        assert_eq!(path("/repository/c.csv", base), "/repository/c.csv");
        assert_eq!(path("../c.csv", base), "../c.csv");
        assert_eq!(path("./../c.csv", base), "../c.csv");
        assert_eq!(path("feeds/a.csv", None), "feeds/a.csv");
        assert_eq!(path("./feeds/a.csv", None), "feeds/a.csv");
        assert_eq!(path("-", None), "-");
        assert_eq!(path("<stdin>", base), "<stdin>");
    }

    #[cfg(unix)]
    #[test]
    fn a_backslash_is_part_of_a_name_on_unix() {
        assert_eq!(path("feeds\\b.xml", None), "feeds\\b.xml");
        assert_eq!(uri("feeds\\b.xml", None).as_deref(), Some("feeds%5Cb.xml"));
    }

    #[test]
    fn sarif_uris_are_valid_uri_references() {
        let base = Some("/repo");
        assert_eq!(
            uri("/repo/feeds/a.csv", base).as_deref(),
            Some("feeds/a.csv")
        );
        assert_eq!(
            uri("my feed #1.csv", base).as_deref(),
            Some("my%20feed%20%231.csv")
        );
        // A colon in the first segment would read as a scheme: `./` before it.
        assert_eq!(
            uri("we,ird:na%me.csv", base).as_deref(),
            Some("./we,ird:na%25me.csv")
        );
        assert_eq!(uri("d/a:b.csv", base).as_deref(), Some("d/a:b.csv"));
        assert_eq!(uri("../plain.csv", base).as_deref(), Some("../plain.csv"));
        assert_eq!(
            uri("café?[1]{2}|^`.csv", base).as_deref(),
            Some("caf%C3%A9%3F%5B1%5D%7B2%7D%7C%5E%60.csv")
        );
        assert_eq!(uri("<stdin>", base), None);
    }

    #[cfg(unix)]
    #[test]
    fn absolute_paths_outside_the_base_are_file_uris() {
        assert_eq!(
            uri("/tmp/audit/plain.csv", Some("/repo")).as_deref(),
            Some("file:///tmp/audit/plain.csv")
        );
        assert_eq!(
            uri("/tmp/my feed #1.csv", None).as_deref(),
            Some("file:///tmp/my%20feed%20%231.csv")
        );
        assert_eq!(
            uri("/tmp/x/../a%b.csv", None).as_deref(),
            Some("file:///tmp/a%25b.csv")
        );
    }

    #[test]
    fn the_cache_gives_each_file_its_own_path() {
        let mut paths = ReportPaths::new(Some(PathBuf::from("/repo")));
        let a: Arc<str> = Arc::from("/repo/a.csv");
        let b: Arc<str> = Arc::from("/repo/b.csv");
        assert_eq!(paths.get(&a).path(), "a.csv");
        assert_eq!(paths.get(&a).path(), "a.csv");
        assert_eq!(paths.get(&b).path(), "b.csv");
        assert_eq!(paths.get(&Arc::from("/repo/a.csv")).path(), "a.csv");
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
