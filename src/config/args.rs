//! The `--config` and `--no-config` flags (flatten [`ConfigArgs`] into commands that read
//! `feedlint.toml`). Responsible only for their clap definitions.

use std::path::PathBuf;

use clap::Args;

/// Where the configuration comes from.
#[derive(Debug, Clone, Default, PartialEq, Eq, Args)]
pub struct ConfigArgs {
    /// Read this config file instead of looking for feedlint.toml in the working directory and
    /// its parents.
    #[arg(long, value_name = "PATH", conflicts_with = "no_config")]
    pub config: Option<PathBuf>,

    /// Ignore any feedlint.toml.
    #[arg(long)]
    pub no_config: bool,
}
