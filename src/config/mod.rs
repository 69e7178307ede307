//! `feedlint.toml`: the project configuration file.
//!
//! Responsible for: finding the file (`--config PATH`, else `feedlint.toml` in the working
//! directory or the nearest parent), parsing it with `toml` into strict serde structs
//! (`deny_unknown_fields`), and validating it into the typed [`Config`]: rule selection by code
//! or group, severity overrides, the default category, and the `[gates]` defaults. Every unknown
//! key or bad value is an error labelled at its line and column. The rule-selection flags
//! (`--select`, `--ignore`, `--extend-select`, `--extend-ignore`) are merged into the same
//! [`RuleSelection`], so a selection made on the command line is the one a file would have made.
//! Not responsible for applying the selection to findings or for knowing the rule registry: rule
//! codes are checked, and close ones suggested, through [`RuleNames`], which the caller passes in.
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
    /// A group name or a rule code the registry knows (`is_known_code`), trimmed and
    /// case-insensitive: the one reading of a `[rules]` entry and of a selection flag's value.
    #[must_use]
    pub fn parse(s: &str, is_known_code: &dyn Fn(&str) -> bool) -> Option<Self> {
        let s = s.trim();
        if let Some(g) = Group::parse(s) {
            Some(Self::Group(g))
        } else if is_known_code(s) {
            Some(Self::Code(s.to_owned()))
        } else {
            None
        }
    }

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

    /// Merges the selection flags in, as ruff does: `--select` and `--ignore` replace the file's
    /// lists, `--extend-select` and `--extend-ignore` add to them. An empty select list means
    /// every rule, so extending it changes nothing (it would otherwise narrow the run to the
    /// added rules). The first value that is neither a group nor a known code is a usage error
    /// naming its flag.
    pub fn apply_flags(&mut self, args: &ConfigArgs, names: &RuleNames<'_>) -> Result<()> {
        let parse = |flag: &str, values: &[String]| -> Result<Vec<RuleSelector>> {
            values
                .iter()
                .map(|v| {
                    RuleSelector::parse(v, names.is_known_code)
                        .ok_or_else(|| unknown_selector(flag, v.trim(), names))
                })
                .collect()
        };
        let select = parse("--select", &args.select)?;
        let ignore = parse("--ignore", &args.ignore)?;
        let extend_select = parse("--extend-select", &args.extend_select)?;
        let extend_ignore = parse("--extend-ignore", &args.extend_ignore)?;
        if !select.is_empty() {
            self.select = select;
        }
        if !ignore.is_empty() {
            self.ignore = ignore;
        }
        if !self.select.is_empty() {
            self.select.extend(extend_select);
        }
        self.ignore.extend(extend_ignore);
        Ok(())
    }
}

/// What the config layer asks of the rule registry, which it does not know (`cli/` answers from
/// `rules/`).
#[derive(Clone, Copy)]
pub struct RuleNames<'a> {
    /// Whether a rule code exists.
    pub is_known_code: &'a dyn Fn(&str) -> bool,
    /// A "did you mean ...?" line for a mistyped code or group, when one is close.
    pub did_you_mean: &'a dyn Fn(&str) -> Option<String>,
}

fn unknown_selector(flag: &str, value: &str, names: &RuleNames<'_>) -> Error {
    Error::usage(format!("{flag}: unknown rule or group `{value}`"))
        .with_help((names.did_you_mean)(value).unwrap_or_else(|| GROUPS_HELP.to_owned()))
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
/// else the defaults, with the rule-selection flags merged into its `[rules]`
/// ([`RuleSelection::apply_flags`]). `cwd` should be absolute (`std::env::current_dir()`) so the
/// search can climb to the parents. `--no-config` skips discovery. `names` says whether a rule
/// code exists in the registry.
pub fn load(args: &ConfigArgs, cwd: &Path, names: &RuleNames<'_>) -> Result<Config> {
    let path = match &args.config {
        Some(p) => Some(cwd.join(p)),
        None if args.no_config => None,
        None => discover(cwd),
    };
    let mut config = match path {
        Some(p) => from_path(&p, names.is_known_code)?,
        None => Config::default(),
    };
    config.rules.apply_flags(args, names)?;
    Ok(config)
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
            if let Some(selector) = RuleSelector::parse(s, is_known_code) {
                out.push(selector);
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

    const NAMES: RuleNames<'static> = RuleNames {
        is_known_code: &|c| {
            ["FL-C001", "FL-C003", "FL-P001", "FL-M003"].contains(&c.to_ascii_uppercase().as_str())
        },
        did_you_mean: &|q| (q == "FL-P0001").then(|| "did you mean FL-P001?".to_owned()),
    };

    fn code(c: &str) -> RuleSelector {
        RuleSelector::Code(c.to_owned())
    }

    /// A file's selection (select identity + FL-C001, ignore FL-M003) with `flags` merged in.
    fn merged(flags: &ConfigArgs) -> Result<RuleSelection> {
        let mut rules = RuleSelection {
            select: vec![RuleSelector::Group(Group::Identity), code("FL-C001")],
            ignore: vec![code("FL-M003")],
        };
        rules.apply_flags(flags, &NAMES)?;
        Ok(rules)
    }

    fn strings(v: &[&str]) -> Vec<String> {
        v.iter().map(|s| (*s).to_owned()).collect()
    }

    #[test]
    fn no_selection_flags_keep_the_file_selection() {
        let rules = merged(&ConfigArgs::default()).map_err(|e| e.to_string());
        assert_eq!(
            rules.map(|r| (r.select, r.ignore)),
            Ok((
                vec![RuleSelector::Group(Group::Identity), code("FL-C001")],
                vec![code("FL-M003")]
            ))
        );
    }

    #[test]
    fn select_and_ignore_flags_replace_the_file_lists() {
        let flags = ConfigArgs {
            select: strings(&["fl-p001", " Pricing "]),
            ignore: strings(&["FL-C003"]),
            ..ConfigArgs::default()
        };
        let rules = merged(&flags).map_err(|e| e.to_string());
        assert_eq!(
            rules.map(|r| (r.select, r.ignore)),
            Ok((
                vec![code("fl-p001"), RuleSelector::Group(Group::Pricing)],
                vec![code("FL-C003")]
            ))
        );
    }

    #[test]
    fn extend_flags_add_to_the_file_lists() {
        let flags = ConfigArgs {
            extend_select: strings(&["FL-P001"]),
            extend_ignore: strings(&["media"]),
            ..ConfigArgs::default()
        };
        let rules = merged(&flags).map_err(|e| e.to_string());
        assert_eq!(
            rules.map(|r| (r.select, r.ignore)),
            Ok((
                vec![
                    RuleSelector::Group(Group::Identity),
                    code("FL-C001"),
                    code("FL-P001")
                ],
                vec![code("FL-M003"), RuleSelector::Group(Group::Media)]
            ))
        );
    }

    #[test]
    fn extend_select_adds_to_a_replaced_select() {
        let flags = ConfigArgs {
            select: strings(&["FL-C003"]),
            extend_select: strings(&["FL-P001"]),
            ..ConfigArgs::default()
        };
        let rules = merged(&flags).map_err(|e| e.to_string());
        assert_eq!(
            rules.map(|r| r.select),
            Ok(vec![code("FL-C003"), code("FL-P001")])
        );
    }

    #[test]
    fn extend_select_keeps_every_rule_selected() {
        let mut rules = RuleSelection::default();
        let flags = ConfigArgs {
            extend_select: strings(&["FL-P001"]),
            ..ConfigArgs::default()
        };
        assert!(rules.apply_flags(&flags, &NAMES).is_ok());
        assert!(rules.select.is_empty());
        assert!(rules.is_enabled("FL-C003", Group::Content));
    }

    #[test]
    fn ignore_flag_wins_over_select_flag() {
        let flags = ConfigArgs {
            select: strings(&["FL-P001", "content"]),
            extend_ignore: strings(&["FL-P001"]),
            ..ConfigArgs::default()
        };
        let rules = merged(&flags).unwrap_or_default();
        assert!(!rules.is_enabled("FL-P001", Group::Pricing));
        assert!(rules.is_enabled("FL-C003", Group::Content));
        assert!(!rules.is_enabled("FL-I001", Group::Identity));
    }

    #[test]
    fn unknown_flag_value_names_the_flag_and_suggests() {
        let flags = ConfigArgs {
            select: strings(&["FL-P001"]),
            extend_ignore: strings(&["FL-C003", " FL-P0001 "]),
            ..ConfigArgs::default()
        };
        let err = merged(&flags).err();
        assert_eq!(
            err.as_ref()
                .map(|e| (e.code, e.message.as_str(), e.help.as_deref())),
            Some((
                ErrorCode::ValidationError,
                "--extend-ignore: unknown rule or group `FL-P0001`",
                Some("did you mean FL-P001?")
            ))
        );
        let flags = ConfigArgs {
            ignore: strings(&[""]),
            ..ConfigArgs::default()
        };
        let err = merged(&flags).err();
        assert_eq!(
            err.as_ref()
                .map(|e| (e.message.as_str(), e.help.as_deref())),
            Some(("--ignore: unknown rule or group ``", Some(GROUPS_HELP)))
        );
    }

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
