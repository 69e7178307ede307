//! `feedlint.toml`: the project configuration file.
//!
//! Responsible for: finding the file (`--config PATH`, else `feedlint.toml` in the working
//! directory or the nearest parent), parsing it with `toml` into strict serde structs
//! (`deny_unknown_fields`), and validating it into the typed [`Config`]: rule selection by code
//! or group, severity overrides, the default category, and the `[gates]` defaults. Every unknown
//! key or bad value is an error labelled at its line and column. Not responsible for applying
//! the selection to findings or for knowing the rule registry: rule codes are checked through a
//! predicate the caller passes in.
//!
//! Precedence: command-line flags > `feedlint.toml` > built-in defaults.
//!
//! ```toml
//! category = "apparel"              # default category (keys of `feedlint categories`)
//!
//! [rules]
//! select = ["identity", "FL-P001"]  # only these groups/codes (default: all)
//! ignore = ["FL-M003"]              # never these (ignore wins over select)
//!
//! [rules.severity]
//! "FL-C001" = "low"
//!
//! [gates]
//! fail_under = 90                   # --fail-under
//! fail_on = "high"                  # --fail-on
//! max_drop = 2                      # --max-drop (with --baseline)
//! ```

pub mod args;

pub use args::ConfigArgs;

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

use serde::Deserialize;
use toml::Spanned;

use crate::catalog::Category;
use crate::error::snippet::{SourceDiagnostic, line_column};
use crate::error::{Error, ErrorCode, Result};
use crate::model::{Group, Severity};

/// The file name looked for in the working directory and its parents.
pub const FILE_NAME: &str = "feedlint.toml";

/// A validated configuration. `Config::default()` is what runs without a file.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Config {
    /// The file it was read from, if any.
    pub source: Option<PathBuf>,
    pub rules: RuleSelection,
    /// Severity overrides by rule code.
    pub severity: BTreeMap<String, Severity>,
    /// Default category of products that do not name one.
    pub category: Option<Category>,
    pub gates: GatesConfig,
}

impl Config {
    /// The severity a rule's findings get: the override, else the rule's own.
    #[must_use]
    pub fn severity_for(&self, code: &str, default: Severity) -> Severity {
        self.severity.get(code).copied().unwrap_or(default)
    }
}

/// `[gates]`: defaults for the gate flags (each flag given overrides its value).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct GatesConfig {
    pub fail_under: Option<f64>,
    pub fail_on: Option<Severity>,
    pub max_drop: Option<f64>,
}

/// A rule code or a whole group.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleSelector {
    Code(String),
    Group(Group),
}

impl RuleSelector {
    #[must_use]
    pub fn matches(&self, code: &str, group: Group) -> bool {
        match self {
            Self::Code(c) => c.eq_ignore_ascii_case(code),
            Self::Group(g) => *g == group,
        }
    }
}

/// `[rules] select` and `ignore`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RuleSelection {
    /// Empty means every rule.
    pub select: Vec<RuleSelector>,
    pub ignore: Vec<RuleSelector>,
}

impl RuleSelection {
    /// Whether a rule runs: selected (or no selection) and not ignored. Ignore wins.
    #[must_use]
    pub fn is_enabled(&self, code: &str, group: Group) -> bool {
        (self.select.is_empty() || self.select.iter().any(|s| s.matches(code, group)))
            && !self.ignore.iter().any(|s| s.matches(code, group))
    }
}

/// The nearest `feedlint.toml` in `start` or its parents.
#[must_use]
pub fn discover(start: &Path) -> Option<PathBuf> {
    start
        .ancestors()
        .map(|dir| dir.join(FILE_NAME))
        .find(|p| p.is_file())
}

/// Loads the configuration of a run: `--config` (relative to `cwd`), else the discovered file,
/// else the defaults. `cwd` should be absolute (`std::env::current_dir()`) so the search can
/// climb to the parents. `--no-config` skips discovery. `is_known_code` says whether a rule code
/// exists in the registry.
pub fn load(args: &ConfigArgs, cwd: &Path, is_known_code: &dyn Fn(&str) -> bool) -> Result<Config> {
    let path = match &args.config {
        Some(p) => Some(cwd.join(p)),
        None if args.no_config => None,
        None => discover(cwd),
    };
    match path {
        Some(p) => from_path(&p, is_known_code),
        None => Ok(Config::default()),
    }
}

/// Reads and validates one config file.
pub fn from_path(path: &Path, is_known_code: &dyn Fn(&str) -> bool) -> Result<Config> {
    let unreadable = |what: &dyn std::fmt::Display| {
        Error::new(
            ErrorCode::ValidationError,
            format!("cannot read config file {}: {what}", path.display()),
        )
    };
    if path.is_dir() {
        return Err(unreadable(&"it is a directory")
            .with_help("pass the path of a feedlint.toml file to --config"));
    }
    let text = std::fs::read_to_string(path).map_err(|e| unreadable(&e))?;
    let mut config = parse(&text, &path.display().to_string(), is_known_code)?;
    config.source = Some(path.to_path_buf());
    Ok(config)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    category: Option<Spanned<String>>,
    rules: Option<RawRules>,
    gates: Option<RawGates>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRules {
    select: Option<Vec<Spanned<String>>>,
    ignore: Option<Vec<Spanned<String>>>,
    severity: Option<BTreeMap<Spanned<String>, Spanned<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawGates {
    fail_under: Option<Spanned<f64>>,
    fail_on: Option<Spanned<String>>,
    max_drop: Option<Spanned<f64>>,
}

/// Collects every problem of a file, each at its span.
struct Problems<'a> {
    name: &'a str,
    text: &'a str,
    found: Vec<SourceDiagnostic>,
}

impl Problems<'_> {
    fn push(&mut self, span: Range<usize>, label: &str, message: &str, help: Option<String>) {
        let (line, col) = line_column(self.text, span.start);
        let mut d = SourceDiagnostic::new(
            format!("invalid config {}:{line}:{col}: {message}", self.name),
            self.name,
            self.text,
            span,
            label,
        );
        if let Some(h) = help {
            d = d.with_help(h);
        }
        self.found.push(d);
    }

    fn into_result(self) -> Result<()> {
        let mut found = self.found.into_iter();
        let Some(first) = found.next() else {
            return Ok(());
        };
        let mut err =
            Error::from_diagnostic(ErrorCode::ValidationError, miette::Report::new(first));
        err.related.extend(found.map(miette::Report::new));
        Err(err)
    }
}

const GROUPS_HELP: &str = "use a rule code (see `feedlint rules`) or a group: identity, content, pricing, media, inventory, category";
const SEVERITY_HELP: &str = "use one of critical, high, medium, low";

/// Parses and validates config text; `name` labels errors.
pub fn parse(text: &str, name: &str, is_known_code: &dyn Fn(&str) -> bool) -> Result<Config> {
    let mut problems = Problems {
        name,
        text,
        found: Vec::new(),
    };
    let raw: RawConfig = match toml::from_str(text) {
        Ok(raw) => raw,
        Err(e) => {
            let span = e.span().unwrap_or(0..0);
            let message = e.message().trim_end().to_owned();
            problems.push(span, &message, &message, None);
            problems.into_result()?;
            return Err(Error::internal("config parse error without diagnostic"));
        }
    };
    let mut config = Config::default();

    if let Some(cat) = raw.category {
        match Category::from_key(cat.get_ref()) {
            Some(c) => config.category = Some(c),
            None => problems.push(
                cat.span(),
                "unknown category",
                &format!("unknown category `{}`", cat.get_ref()),
                Some(format!("use one of: {}", Category::valid_keys())),
            ),
        }
    }

    if let Some(rules) = raw.rules {
        validate_rules(rules, &mut config, &mut problems, is_known_code);
    }
    if let Some(gates) = raw.gates {
        validate_gates(gates, &mut config, &mut problems);
    }
    problems.into_result()?;
    Ok(config)
}

fn validate_rules(
    rules: RawRules,
    config: &mut Config,
    problems: &mut Problems<'_>,
    is_known_code: &dyn Fn(&str) -> bool,
) {
    let mut selectors = |list: Option<Vec<Spanned<String>>>| -> Vec<RuleSelector> {
        let mut out = Vec::new();
        for item in list.into_iter().flatten() {
            let s = item.get_ref().trim();
            if let Some(g) = Group::parse(s) {
                out.push(RuleSelector::Group(g));
            } else if is_known_code(s) {
                out.push(RuleSelector::Code(s.to_owned()));
            } else {
                problems.push(
                    item.span(),
                    "unknown rule or group",
                    &format!("unknown rule or group `{s}`"),
                    Some(GROUPS_HELP.to_owned()),
                );
            }
        }
        out
    };
    config.rules.select = selectors(rules.select);
    config.rules.ignore = selectors(rules.ignore);
    for (code, sev) in rules.severity.into_iter().flatten() {
        let code_ok = is_known_code(code.get_ref());
        if !code_ok {
            problems.push(
                code.span(),
                "unknown rule code",
                &format!("unknown rule code `{}`", code.get_ref()),
                Some("severity overrides take rule codes; see `feedlint rules`".to_owned()),
            );
        }
        match Severity::parse(sev.get_ref()) {
            Some(s) if code_ok => {
                config.severity.insert(code.get_ref().clone(), s);
            }
            Some(_) => {}
            None => problems.push(
                sev.span(),
                "not a severity",
                &format!("`{}` is not a severity", sev.get_ref()),
                Some(SEVERITY_HELP.to_owned()),
            ),
        }
    }
}

fn validate_gates(gates: RawGates, config: &mut Config, problems: &mut Problems<'_>) {
    let mut points = |v: Option<Spanned<f64>>, key: &str| -> Option<f64> {
        let v = v?;
        let x = *v.get_ref();
        if (0.0..=100.0).contains(&x) {
            Some(x)
        } else {
            problems.push(
                v.span(),
                "out of range",
                &format!("`{key}` must be from 0 to 100, not {x}"),
                None,
            );
            None
        }
    };
    config.gates.fail_under = points(gates.fail_under, "fail_under");
    config.gates.max_drop = points(gates.max_drop, "max_drop");
    if let Some(sev) = gates.fail_on {
        match Severity::parse(sev.get_ref()) {
            Some(s) => config.gates.fail_on = Some(s),
            None => problems.push(
                sev.span(),
                "not a severity",
                &format!("`{}` is not a severity", sev.get_ref()),
                Some(SEVERITY_HELP.to_owned()),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
            let _ = parse(&text, "feedlint.toml", &|c| c == "FL-C001");
        }

        #[test]
        fn gate_values_in_range_are_kept(under in 0u32..=100, drop in 0u32..=100) {
            let text = format!("[gates]\nfail_under = {under}\nmax_drop = {drop}.5\n");
            let c = parse(&text, "feedlint.toml", &|_| false).map_err(|e| e.to_string());
            let expected_drop = if drop < 100 { Some(f64::from(drop) + 0.5) } else { None };
            match c {
                Ok(c) => {
                    proptest::prop_assert_eq!(c.gates.fail_under, Some(f64::from(under)));
                    proptest::prop_assert_eq!(c.gates.max_drop, expected_drop);
                }
                Err(e) => proptest::prop_assert!(expected_drop.is_none() && e.contains("max_drop"), "{}", e),
            }
        }
    }
}
