//! What `validate`, `batch` and `revenue` share when they set up a run: the configuration (`feedlint.toml`
//! with the rule-selection flags merged in), engine options from it (and `--category`), and the
//! rule metadata the CI emitters need, all from the one registry.

use std::path::Path;

use crate::catalog::Category;
use crate::config::{Config, ConfigArgs, RuleNames, RuleSelector};
use crate::error::Result;
use crate::report::ci::RuleInfo;
use crate::rules::EngineOptions;

/// The run's configuration: the config file of `args` (found from `cwd`), its `[rules]` changed
/// by `--select`, `--ignore`, `--extend-select` and `--extend-ignore`, checked against the registry.
pub(crate) fn load_config(args: &ConfigArgs, cwd: &Path) -> Result<Config> {
    let names = RuleNames {
        is_known_code: &|c| crate::rules::find(c).is_some(),
        did_you_mean: &crate::rules::did_you_mean_selector,
    };
    crate::config::load(args, cwd, &names)
}

/// Engine options from the configuration (`[rules]`, `[rules.severity]`, `category`); a
/// `--category` flag wins over the file's category.
pub(crate) fn engine_options(config: &Config, category: Option<Category>) -> EngineOptions {
    let names = |v: &[RuleSelector]| {
        v.iter()
            .map(|s| match s {
                RuleSelector::Code(c) => c.clone(),
                RuleSelector::Group(g) => g.as_str().to_owned(),
            })
            .collect()
    };
    EngineOptions {
        category_override: category.or(config.category),
        select: names(&config.rules.select),
        ignore: names(&config.rules.ignore),
        severity_overrides: config
            .severity
            .iter()
            .map(|(code, sev)| (code.clone(), *sev))
            .collect(),
    }
}

/// The registry as the CI emitters need it (SARIF rule metadata).
pub(crate) fn rule_infos() -> Vec<RuleInfo> {
    crate::rules::registry()
        .iter()
        .map(|r| RuleInfo {
            code: r.code,
            name: r.name,
            group: r.group,
            severity: r.severity,
            kind: r.kind,
            short_description: r.what.to_owned(),
            help: r.explanation(),
            help_uri: None,
        })
        .collect()
}
