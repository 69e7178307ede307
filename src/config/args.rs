//! The `--config` and `--no-config` flags and the rule-selection flags (`--select`, `--ignore`,
//! `--extend-select`, `--extend-ignore`); flatten [`ConfigArgs`] into commands that read
//! `feedlint.toml`. Responsible only for their clap definitions: `config::load` validates the
//! selection flags and merges them into the file's `[rules]`.

use std::path::PathBuf;

use clap::Args;

/// Where the configuration comes from, and the command line's changes to its rule selection.
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
pub struct ConfigArgs {
    /// Read this config file instead of looking for feedlint.toml in the working directory and
    /// its parents.
    #[arg(long, value_name = "PATH", conflicts_with = "no_config")]
    pub config: Option<PathBuf>,

    /// Ignore any feedlint.toml.
    #[arg(long)]
    pub no_config: bool,

    /// Run only these rule codes or groups, replacing feedlint.toml's `[rules] select`.
    /// Repeatable, comma-separated: `--select FL-P001,identity --select FL-M003`.
    #[arg(long, value_name = "CODE|GROUP", value_delimiter = ',')]
    pub select: Vec<String>,

    /// Never run these rule codes or groups (wins over any select), replacing feedlint.toml's
    /// `[rules] ignore`. Repeatable, comma-separated: `--ignore media,FL-C003`.
    #[arg(long, value_name = "CODE|GROUP", value_delimiter = ',')]
    pub ignore: Vec<String>,

    /// Add these rule codes or groups to the select list of feedlint.toml or --select (no
    /// effect while every rule is selected): `--extend-select FL-P001`.
    #[arg(long, value_name = "CODE|GROUP", value_delimiter = ',')]
    pub extend_select: Vec<String>,

    /// Add these rule codes or groups to the ignore list of feedlint.toml or --ignore:
    /// `--extend-ignore FL-M003,inventory`.
    #[arg(long, value_name = "CODE|GROUP", value_delimiter = ',')]
    pub extend_ignore: Vec<String>,
}
