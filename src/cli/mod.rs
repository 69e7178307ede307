//! The command-line frame: clap definitions, global options, dispatch, and error rendering.
//!
//! Responsible for wiring input → engine → report, one file per subcommand. Nothing here holds
//! rule logic, and nothing prints through `print!`: output goes to the writers `run` is handed.

mod batch;
mod categories;
mod convert;
mod engine_setup;
mod generate;
mod gtin;
pub mod input;
mod output_file;
mod panic;
pub mod progress;
mod revenue;
mod rules;
mod usage;
mod validate;
mod voice;

use std::io::{IsTerminal, Write};

use clap::{Parser, Subcommand, ValueEnum};

pub use panic::{install_panic_hook, panic_report};

use crate::error::{Error, ErrorCode, Outcome};
use crate::report::OutputFormat;

/// Validate e-commerce product feeds offline: CSV/TSV, RSS/Atom XML and JSON.
///
/// Exit codes: 0 clean, 1 a gate failed, 2 usage, input or internal error.
#[derive(Debug, Parser)]
#[command(name = "feedlint", version, about, long_about = None, propagate_version = true)]
#[command(after_help = EXIT_CODES_HELP)]
pub struct Cli {
    #[command(flatten, next_help_heading = "Global options")]
    pub global: GlobalArgs,

    #[command(subcommand)]
    pub command: Command,
}

impl Cli {
    /// Parses the process's arguments like [`clap::Parser::try_parse`], and records whether
    /// `--format` was given ([`GlobalArgs::format_given`]), which the derived parser cannot tell
    /// from its default.
    ///
    /// # Errors
    /// The usage error clap reports (help and version included).
    pub fn parse_args() -> Result<Self, clap::Error> {
        Self::parse_from_args(std::env::args_os())
    }

    /// [`Cli::parse_args`] over `args` (the program name first).
    ///
    /// # Errors
    /// The usage error clap reports (help and version included).
    pub fn parse_from_args<I, T>(args: I) -> Result<Self, clap::Error>
    where
        I: IntoIterator<Item = T>,
        T: Into<std::ffi::OsString> + Clone,
    {
        use clap::{CommandFactory, FromArgMatches};
        let matches = Self::command().try_get_matches_from(args)?;
        let mut cli = Self::from_arg_matches(&matches)?;
        cli.global.format_given = format_given(&matches);
        Ok(cli)
    }
}

/// Whether `--format` came from the command line, at any level of subcommands (a global option
/// may be written after the subcommand's name).
fn format_given(matches: &clap::ArgMatches) -> bool {
    let here = matches.try_get_raw("format").ok().flatten().is_some()
        && matches.value_source("format") == Some(clap::parser::ValueSource::CommandLine);
    here || matches
        .subcommand()
        .is_some_and(|(_, sub)| format_given(sub))
}

/// Shown after `--help` and in the man page.
pub const EXIT_CODES_HELP: &str = "\
Exit codes:
  0  clean: the run finished and no gate failed
  1  a gate failed
  2  usage, input or internal error

Environment:
  NO_COLOR               disables colour (same as --color never)
  COLUMNS                the width tables fit (default: the terminal's; none in a pipe)
  FEEDLINT_API_KEY       API key (same as --api-key)
  FEEDLINT_DB            usage database directory (same as --db)
  FEEDLINT_LOCK_TIMEOUT  seconds to wait for a locked database (same as --lock-timeout)
  TMPDIR                 where validate and batch keep the duplicate checks' older ids and
                         GTINs (16 bytes each, deleted at exit) beyond 114,688 products";

/// Options every subcommand accepts.
#[derive(Debug, Clone, clap::Args)]
pub struct GlobalArgs {
    /// Output format of the report written to stdout.
    #[arg(long, global = true, value_enum, default_value_t = OutputFormat::Table)]
    pub format: OutputFormat,

    /// Whether `--format` was on the command line, not the default ([`Cli::parse_args`]): an
    /// output file's extension chooses the format only when it was not (`revenue -o FILE.csv`).
    #[arg(skip)]
    pub format_given: bool,

    /// Print nothing on stderr except errors (no progress bars, no hints).
    #[arg(long, short, global = true)]
    pub quiet: bool,

    /// When to use colour: auto (only on a terminal, honouring NO_COLOR), always or never.
    #[arg(long, global = true, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    pub color: ColorChoice,

    /// Number of worker threads for per-product work, 1 to 256 (default: one per core).
    #[arg(long, short = 'j', global = true, value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,

    /// API key: adb_test_<random> (test environment, free, monthly limit) or adb_prod_<random>
    /// (production, billed by volume). Format, limits and prices: docs/accounts.md.
    #[arg(
        long,
        global = true,
        env = "FEEDLINT_API_KEY",
        hide_env_values = true,
        value_name = "KEY"
    )]
    pub api_key: Option<crate::account::RawApiKey>,

    /// Directory of the usage database (default: the platform data directory, e.g.
    /// ~/.local/share/feedlint/usage.sled).
    #[arg(
        long,
        global = true,
        env = "FEEDLINT_DB",
        value_name = "PATH",
        value_parser = parse_db_path
    )]
    pub db: Option<std::path::PathBuf>,

    /// Seconds to wait for another feedlint process to release the usage database.
    #[arg(
        long,
        global = true,
        env = "FEEDLINT_LOCK_TIMEOUT",
        default_value_t = crate::store::DEFAULT_LOCK_TIMEOUT.as_secs_f64(),
        value_name = "SECONDS",
        value_parser = parse_seconds
    )]
    pub lock_timeout: f64,
}

impl GlobalArgs {
    /// The report's format: `--format`, or when it was not given, the one `-o FILE`'s extension
    /// names ([`OutputFormat::from_extension`]), or the default table.
    #[must_use]
    pub fn report_format(&self, output: Option<&std::path::Path>) -> OutputFormat {
        if self.format_given {
            return self.format;
        }
        output
            .and_then(OutputFormat::from_extension)
            .unwrap_or(self.format)
    }

    /// Where the usage database is and how long to wait for it, from `--db`/`--lock-timeout`.
    #[must_use]
    pub fn store_config(&self) -> crate::store::StoreConfig {
        let timeout = std::time::Duration::try_from_secs_f64(self.lock_timeout)
            .unwrap_or(crate::store::DEFAULT_LOCK_TIMEOUT);
        crate::store::StoreConfig::new(self.db.clone(), timeout)
    }

    /// The raw `--api-key` / `FEEDLINT_API_KEY` text, for `account::Account::open`.
    #[must_use]
    pub fn api_key(&self) -> Option<&str> {
        self.api_key.as_ref().map(crate::account::RawApiKey::expose)
    }
}

/// Parses `--jobs`: 1 to [`crate::pipeline::MAX_JOBS`] threads. Zero would be no thread at all,
/// and an unbounded count would start that many threads (100,000 of them stall the machine).
fn parse_jobs(text: &str) -> Result<usize, String> {
    let max = crate::pipeline::MAX_JOBS;
    text.parse::<usize>()
        .ok()
        .filter(|n| (1..=max).contains(n))
        .ok_or_else(|| format!("{text:?} is not a number of threads from 1 to {max}"))
}

/// Parses a non-negative, finite number of seconds (fractions allowed).
/// `--db` / `FEEDLINT_DB`: an empty value (most often `FEEDLINT_DB=` left set) is refused with
/// both ways to give one, where clap's own message named only `--db`.
fn parse_db_path(text: &str) -> Result<std::path::PathBuf, String> {
    if text.is_empty() {
        return Err(
            "the usage database path is empty: give --db a directory, or set \
                    FEEDLINT_DB to one (or unset it for the default)"
                .to_owned(),
        );
    }
    Ok(std::path::PathBuf::from(text))
}

fn parse_seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|s| std::time::Duration::try_from_secs_f64(*s).is_ok())
        .ok_or_else(|| format!("{text:?} is not a non-negative number of seconds"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    Auto,
    Always,
    Never,
}

impl ColorChoice {
    /// Resolves `auto` against the terminal and the `NO_COLOR` convention (no-color.org).
    #[must_use]
    pub fn enabled(self, is_terminal: bool) -> bool {
        match self {
            Self::Always => true,
            Self::Never => false,
            Self::Auto => is_terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        }
    }
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Validate products against the GMC rules: compliance %, optimisation score, priority.
    ///
    /// Reads feeds (or a JSON request body of at most 100 products, spec 4.1), checks every
    /// product and reports per product (spec 2.3). Counts one validation per product on the
    /// API key. Exits 1 when a product has a critical compliance problem (--exit-zero: 0).
    /// Formats: table (default), json, ndjson (one result per line), csv (one row per
    /// violation), and for CI junit, sarif, github and gitlab.
    Validate(validate::ValidateArgs),
    /// Validate a batch of products and show what to fix first (spec 4.2).
    ///
    /// Writes the batch result (spec 2.4) with feed analytics: products at risk, quick wins
    /// (the rules whose fix helps most products for least work) and optimisation
    /// opportunities. Gates (--fail-under, --fail-on, --baseline) make it a CI check; --format
    /// junit|sarif|github|gitlab writes CI reports. Needs an API key.
    Batch(batch::BatchArgs),
    /// Validate GTINs (spec 2.5): check digit, format, GS1 prefix, 18 fake-pattern detectors.
    ///
    /// Reads codes from the command line, a file (`--file`, one per line), stdin, a feed's
    /// `gtin` attributes (`--from-feed`) or a JSON request body (`--request`). Counted and
    /// billed per GTIN. Rules and decisions: docs/gtin.md.
    Gtin(gtin::GtinArgs),
    /// Estimate what a feed's issues cost and what fixing them earns (spec 2.6, 4.4).
    ///
    /// Reads any feed or a 2.6 request body (at most 100 products), finds each product's issues
    /// with the rules engine and reports revenue impact, ROI, payback and priorities per
    /// currency. `--format table|json|csv`, `-o FILE`. Model and formulas: docs/revenue-model.md.
    Revenue(revenue::RevenueArgs),
    /// Brand voice: analyse product copy against a brand's learned voice, manage profiles.
    ///
    /// Production keys only (spec 5). Profiles are kept per API key and brand; drift alerts are
    /// printed on stderr and recorded, never sent over a network. Details: docs/voice.md.
    #[command(subcommand)]
    Voice(voice::VoiceCommand),
    /// Describe the six categories, the 73 system fields and the tiers (spec 4.7).
    ///
    /// `--view json` (default) is the spec's response; `summary` keeps only the summary and the
    /// tiers; `detailed` adds each category's fields (type, requirement, limits) and rule count.
    /// No API key is needed.
    Categories(categories::CategoriesArgs),
    /// List the validation rules, or explain one (`feedlint rules FL-C003`).
    ///
    /// Each rule has a stable code, a group, a severity and a kind: `compliance` rules lower the
    /// GMC compliance percentage, `performance` rules the optimisation score. How scores,
    /// statuses, priority and revenue impact are computed: docs/scoring.md. Full rule
    /// reference: docs/rules.md.
    Rules(rules::RulesArgs),
    /// Convert a feed to another format (csv, tsv, ndjson, json, rss, atom).
    ///
    /// Reads any supported feed and writes its normalised products: attribute names in GMC
    /// snake_case, values exactly as written. Converting back gives the same products.
    Convert(convert::ConvertArgs),
    /// Show this month's usage of the API key: validations per counter, limit, remaining, cost.
    Usage(usage::UsageArgs),
    /// Generate shell completions or man pages (for packagers).
    #[command(hide = true, subcommand)]
    Generate(generate::GenerateCommand),
}

/// What every subcommand receives: the global options and the writers to report to.
pub struct Ctx<'a> {
    pub global: GlobalArgs,
    pub out: &'a mut dyn Write,
    pub err: &'a mut dyn Write,
    /// Whether stderr is a terminal (progress bars are drawn only then).
    pub stderr_is_terminal: bool,
    /// Whether colour is on for stdout tables.
    pub color: bool,
    /// The width stdout tables are laid out to ([`crate::report::width::available`]): `COLUMNS`,
    /// else the terminal's; `None` (no limit) for a pipe or a file.
    pub table_width: Option<u16>,
}

/// Which error envelope a command's JSON errors use (spec 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Envelope {
    /// `{ success: false, error: { code, message, ... } }`.
    A,
    /// `{ error, code, ... }` (GTIN).
    B,
}

impl Command {
    fn envelope(&self) -> Envelope {
        match self {
            Self::Generate(_)
            | Self::Usage(_)
            | Self::Rules(_)
            | Self::Categories(_)
            | Self::Convert(_)
            | Self::Revenue(_)
            | Self::Validate(_)
            | Self::Batch(_)
            | Self::Voice(_) => Envelope::A,
            Self::Gtin(_) => Envelope::B,
        }
    }
}

/// Runs a parsed command line, writing the report to `out` and diagnostics to `err`. Builds
/// rayon's global pool with the calling thread as one of its threads
/// ([`crate::pipeline::init_global_pool`]): call it once per process, from the thread that lives as
/// long as the process (`main`).
pub fn run(cli: Cli, out: &mut dyn Write, err: &mut dyn Write) -> Outcome {
    let stdout_is_terminal = std::io::stdout().is_terminal();
    let stderr_is_terminal = std::io::stderr().is_terminal();
    let color = cli.global.color.enabled(stdout_is_terminal);
    let err_color = cli.global.color.enabled(stderr_is_terminal);
    let table_width = crate::report::width::available(stdout_is_terminal);
    crate::pipeline::init_global_pool(cli.global.jobs);
    let envelope = cli.command.envelope();
    let format = cli.global.format;
    let mut counted = CountingWriter {
        inner: &mut *out,
        written: 0,
    };
    let result = {
        let mut ctx = Ctx {
            global: cli.global,
            out: &mut counted,
            err: &mut *err,
            stderr_is_terminal,
            color,
            table_width,
        };
        panic::catch(|| dispatch(cli.command, &mut ctx))
    };
    // Once part of a report is on stdout, an error envelope appended to it would make the output
    // two documents: the error goes to stderr alone, saying the report is incomplete.
    let started = counted.written > 0;
    match result {
        Ok(outcome) => match out.flush() {
            Ok(()) => outcome,
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Outcome::Clean,
            Err(e) => report_error(
                &Error::from(e),
                format,
                envelope,
                out,
                err,
                err_color,
                started,
            ),
        },
        Err(e) if e.broken_pipe => Outcome::Clean,
        Err(e) => report_error(&e, format, envelope, out, err, err_color, started),
    }
}

/// Counts the bytes a command writes to stdout, so a fatal error knows whether a report has
/// already started.
struct CountingWriter<'a> {
    inner: &'a mut dyn Write,
    written: u64,
}

impl Write for CountingWriter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.written += n as u64;
        Ok(n)
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.inner.write_all(buf)?;
        self.written += buf.len() as u64;
        Ok(())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

fn dispatch(command: Command, ctx: &mut Ctx<'_>) -> Result<Outcome, Error> {
    match command {
        Command::Generate(cmd) => generate::run(&cmd, ctx),
        Command::Usage(args) => usage::run(&args, ctx),
        Command::Rules(args) => rules::run(&args, ctx),
        Command::Categories(args) => categories::run(&args, ctx),
        Command::Convert(args) => convert::run(&args, ctx),
        Command::Revenue(args) => revenue::run(&args, ctx),
        Command::Validate(args) => validate::run(&args, ctx),
        Command::Batch(args) => batch::run(&args, ctx),
        Command::Gtin(args) => gtin::run(&args, ctx),
        Command::Voice(cmd) => voice::run(&cmd, ctx),
    }
}

/// Writes a fatal error: the spec's JSON envelope on stdout for `--format json` (unless part of a
/// report is already there), and always a miette diagnostic on stderr for the person reading it.
fn report_error(
    e: &Error,
    format: OutputFormat,
    envelope: Envelope,
    out: &mut dyn Write,
    err: &mut dyn Write,
    color: bool,
    report_started: bool,
) -> Outcome {
    if report_started {
        let _ = out.flush();
        let _ = writeln!(
            err,
            "feedlint: the report on stdout is incomplete: this error stopped the run after part \
             of it was written (exit 2)"
        );
    } else if format == OutputFormat::Json {
        write_envelope(e, envelope, out);
    }
    let text = if e.show_related_only && !e.related.is_empty() {
        e.related
            .iter()
            .map(|r| render_diagnostic(r.as_ref(), color))
            .collect::<Vec<_>>()
            .join("\n")
    } else {
        render_diagnostic(e, color)
    };
    let _ = writeln!(err, "{}", crate::account::redact_keys_in(&text));
    Outcome::Error
}

/// Writes `e` as the spec's error envelope of the command (A, or B for GTIN) on `out`.
fn write_envelope(e: &Error, envelope: Envelope, out: &mut dyn Write) {
    let body = match envelope {
        Envelope::A => e.envelope_a(),
        Envelope::B => e.envelope_b(),
    };
    // Messages may echo user input; a key typed in the wrong place is still a secret.
    let text = serde_json::to_string_pretty(&body).unwrap_or_default();
    let _ = writeln!(out, "{}", crate::account::redact_keys_in(&text));
    let _ = out.flush();
}

/// Renders a diagnostic the way miette's fancy handler would, to a string.
#[must_use]
pub fn render_diagnostic(e: &dyn miette::Diagnostic, color: bool) -> String {
    let theme = if color {
        miette::GraphicalTheme::unicode()
    } else {
        miette::GraphicalTheme::unicode_nocolor()
    };
    let handler = miette::GraphicalReportHandler::new_themed(theme).with_width(100);
    let mut s = String::new();
    if handler.render_report(&mut s, e).is_err() {
        s = e.to_string();
    }
    s.trim_end().to_owned()
}

/// Reports a command line clap refused: help and version on stdout, a usage error on stderr and,
/// when the arguments ask for `--format json`, also as the spec's error envelope on stdout
/// (VALIDATION_ERROR; envelope B for `gtin`), so that a CI job parsing stdout gets JSON on every
/// exit 2. `args` are the process's arguments after the program name.
pub fn report_clap_error(
    e: &clap::Error,
    args: &[std::ffi::OsString],
    out: &mut dyn Write,
) -> Outcome {
    let _ = e.print();
    let outcome = clap_error_outcome(e);
    if outcome == Outcome::Error {
        let (json, envelope) = json_requested(args);
        if json {
            // The message is clap's first paragraph (the usage lines follow a blank line).
            let text = e.to_string();
            let message = text
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect::<Vec<_>>()
                .join(" ");
            let message = message.trim_start_matches("error: ").to_owned();
            write_envelope(&Error::usage(message), envelope, out);
        }
    }
    outcome
}

/// Whether a command line clap refused asks for `--format json`, and the envelope of its
/// command (B for `gtin`, the first word that is not an option or an option's value).
fn json_requested(args: &[std::ffi::OsString]) -> (bool, Envelope) {
    // The global options that take a value as the next argument.
    const WITH_VALUE: &[&str] = &[
        "--format",
        "--color",
        "-j",
        "--jobs",
        "--api-key",
        "--db",
        "--lock-timeout",
    ];
    let mut json = false;
    let mut command = None;
    let mut args = args.iter().map(|a| a.to_string_lossy());
    while let Some(arg) = args.next() {
        if arg == "--format" {
            json |= args.next().is_some_and(|v| v == "json");
        } else if arg == "--format=json" {
            json = true;
        } else if WITH_VALUE.contains(&arg.as_ref()) {
            args.next();
        } else if command.is_none() && !arg.starts_with('-') {
            command = Some(arg.into_owned());
        }
    }
    let envelope = if command.as_deref() == Some("gtin") {
        Envelope::B
    } else {
        Envelope::A
    };
    (json, envelope)
}

/// Maps a clap parse failure to the documented exit code: help and version are 0, usage errors 2.
#[must_use]
pub fn clap_error_outcome(e: &clap::Error) -> Outcome {
    if e.use_stderr() {
        Outcome::Error
    } else {
        Outcome::Clean
    }
}

impl From<ErrorCode> for Outcome {
    fn from(_: ErrorCode) -> Self {
        Outcome::Error
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn format_given_is_told_from_the_default_wherever_it_is_written() {
        use crate::report::OutputFormat::{Csv, Json, Table};
        let given = |args: &[&str]| {
            super::Cli::parse_from_args(std::iter::once("feedlint").chain(args.iter().copied()))
                .map(|cli| (cli.global.format_given, cli.global.format))
                .unwrap()
        };
        assert_eq!(given(&["revenue", "f.csv"]), (false, Table));
        assert_eq!(given(&["revenue", "f.csv", "--format", "csv"]), (true, Csv));
        assert_eq!(
            given(&["--format", "json", "revenue", "f.csv"]),
            (true, Json)
        );
        assert_eq!(
            given(&["--format", "table", "revenue", "f.csv"]),
            (true, Table)
        );
        assert_eq!(
            given(&["voice", "profiles", "list", "--format", "json"]),
            (true, Json)
        );
        assert_eq!(given(&["voice", "profiles", "list"]), (false, Table));
    }

    /// The help says how many ids and GTINs the duplicate checks keep in memory: the tables'
    /// own number.
    #[test]
    fn the_help_states_the_duplicate_tables_number() {
        let n = crate::store::spill::DEFAULT_RECENT as u64;
        let stated = format!("beyond {} products", crate::account::thousands(n));
        assert!(super::EXIT_CODES_HELP.contains(&stated), "{stated}");
    }
}
