//! The `feedlint` binary: parse arguments, run, map the outcome to an exit code.

use std::process::ExitCode;

/// mimalloc instead of the system allocator: feedlint allocates many small strings per product on
/// a reader thread and frees them on the writer thread, which glibc's allocator handles poorly
/// (docs/performance.md has the measurement). ruff makes the same choice. Built with `no_thp`: huge
/// pages only raised the peak memory (Cargo.toml).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    feedlint::cli::install_panic_hook();
    let cli = match feedlint::cli::Cli::parse_args() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version go to stdout (exit 0); usage errors to stderr (exit 2), and with
            // `--format json` as an error envelope on stdout too.
            let args: Vec<_> = std::env::args_os().skip(1).collect();
            return feedlint::cli::report_clap_error(&e, &args, &mut std::io::stdout()).into();
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(64 * 1024, stdout.lock());
    let mut err = std::io::stderr();
    feedlint::cli::run(cli, &mut out, &mut err).into()
}
