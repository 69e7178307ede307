//! `feedlint generate`: shell completions and man pages, generated from the one clap definition.

use std::path::PathBuf;

use clap::{CommandFactory, Subcommand};
use clap_complete::Shell;

use super::{Cli, Ctx};
use crate::error::{Error, Outcome};

#[derive(Debug, Subcommand)]
pub enum GenerateCommand {
    /// Write a completion script for SHELL to stdout.
    Completions {
        #[arg(value_enum)]
        shell: Shell,
    },
    /// Write one man page per (sub)command into DIR.
    Man { dir: PathBuf },
}

pub fn run(cmd: &GenerateCommand, ctx: &mut Ctx<'_>) -> Result<Outcome, Error> {
    match cmd {
        GenerateCommand::Completions { shell } => {
            let mut command = Cli::command();
            clap_complete::generate(*shell, &mut command, "feedlint", ctx.out);
        }
        GenerateCommand::Man { dir } => {
            std::fs::create_dir_all(dir)
                .map_err(|e| Error::input(format!("cannot create {}: {e}", dir.display())))?;
            write_man_pages(dir)?;
        }
    }
    Ok(Outcome::Clean)
}

/// Writes `feedlint.1` and `feedlint-<sub>.1` for every visible subcommand (recursively).
fn write_man_pages(dir: &std::path::Path) -> Result<(), Error> {
    let mut root = Cli::command();
    root.build();
    write_page(dir, &root, "feedlint")
}

fn write_page(dir: &std::path::Path, cmd: &clap::Command, name: &str) -> Result<(), Error> {
    let cmd = cmd.clone().name(name.to_owned());
    let page = clap_mangen::Man::new(cmd.clone()).date("");
    let mut buf = Vec::new();
    page.render(&mut buf)?;
    let path = dir.join(format!("{name}.1"));
    std::fs::write(&path, buf)
        .map_err(|e| Error::input(format!("cannot write {}: {e}", path.display())))?;
    for sub in cmd
        .get_subcommands()
        .filter(|s| !s.is_hide_set() && s.get_name() != "help")
    {
        write_page(dir, sub, &format!("{name}-{}", sub.get_name()))?;
    }
    Ok(())
}
