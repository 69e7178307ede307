//! `feedlint gtin`: GTIN validation (spec 2.5, 4.3; GMC attribute `gtin`), metered per GTIN.
//!
//! Wires input (codes, a one-per-line list, stdin, a feed's `gtin` attributes, or a JSON request
//! body) → `gtin::analyze_with` → `report::gtin` emitters, and meters the run with the account
//! module. Holds no GTIN logic (that is `gtin/`) and writes no bytes of the report itself (that is
//! `report::gtin`).

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use super::Ctx;
use super::input::ReadArgs;
use crate::account::{Account, Endpoint, Receipt, RequestContext};
use crate::catalog::Category;
use crate::error::{Error, ErrorCode, Outcome};
use crate::gtin::{self, GtinResult, Options, analyze_with, values_from_lines};
use crate::model::Trim as _;
use crate::report::OutputFormat;
use crate::report::gtin::{GtinJsonEmitter, GtinTableEmitter};

/// Arguments of `feedlint gtin`.
#[derive(Debug, Clone, clap::Args)]
#[command(after_help = GTIN_AFTER_HELP)]
pub struct GtinArgs {
    /// GTINs to validate (`-` alone reads stdin). Without codes, `--file`, `--from-feed` or
    /// `--request`, stdin is read: one value per line, or a JSON request body.
    #[arg(value_name = "CODE")]
    pub codes: Vec<String>,

    /// Read GTINs from a file, one per line (blank lines skipped); a file whose first character
    /// is `{` is read as a JSON request body instead (see --request).
    #[arg(long, value_name = "FILE", conflicts_with_all = ["codes", "from_feed", "request"])]
    pub file: Option<PathBuf>,

    /// Validate the `gtin` attribute of every product of a feed (products without one are
    /// skipped); each result names the product id and line.
    #[arg(long, value_name = "FEED", conflicts_with_all = ["codes", "request"])]
    pub from_feed: Option<PathBuf>,

    /// Read a JSON request body `{"gtins": [...], "options": {...}}` (spec 4.3; at most 100
    /// GTINs). Its `options` replace the option flags below.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["codes"])]
    pub request: Option<PathBuf>,

    /// Run the 18 fake-pattern detectors (`enablePatternDetection`) [default: true].
    #[arg(
        long,
        value_name = "BOOL",
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "true",
        overrides_with = "no_pattern_detection"
    )]
    pub pattern_detection: Option<bool>,

    /// Turn the fake-pattern detectors off (same as --pattern-detection=false).
    #[arg(long, overrides_with = "pattern_detection")]
    pub no_pattern_detection: bool,

    /// Add `businessIntelligence` (scores, category requirement, listing impact) to each result
    /// (`enableBusinessIntelligence`) [default: false].
    #[arg(long)]
    pub business_intelligence: bool,

    /// Add `revenueImpact` and `priority` to each result (`includeRevenueImpact`)
    /// [default: false].
    #[arg(long)]
    pub revenue_impact: bool,

    /// Add `details` (digits read, canonical GTIN-14, prefix, problem, notes) to each result
    /// (`detailedAnalysis`) [default: false].
    #[arg(long)]
    pub detailed: bool,

    /// Product category key (electronics, apparel, home_garden, health_beauty,
    /// sporting_goods, automotive) for the category requirement in business intelligence
    /// [default: none].
    #[arg(long, value_name = "KEY", value_parser = parse_category)]
    pub category: Option<Category>,

    /// Exit 0 even when a GTIN is invalid (by default an invalid GTIN fails the gate: exit 1).
    #[arg(long)]
    pub exit_zero: bool,

    /// How `--from-feed` is read (format, encoding, decompressed-size cap); `--file`,
    /// `--request` and stdin are read with the same encoding and cap.
    #[command(flatten, next_help_heading = "Reading feeds")]
    pub read: ReadArgs,
}

const GTIN_AFTER_HELP: &str = "\
Needs an API key. One validation is counted per GTIN on the GTIN counter and billed with the GTIN
bands; a test key refuses, before any output, a run that would pass its monthly limit.
Formats: table (default) and json (spec 2.5 shape; errors as {error, code}).
Exit codes: 0 every GTIN valid (suspicious ones included) or --exit-zero; 1 a GTIN is invalid;
2 usage, input or internal error. Details: docs/gtin.md.";

fn parse_category(text: &str) -> Result<Category, String> {
    Category::from_key(text).ok_or_else(|| {
        format!(
            "unknown category `{text}` (one of: {})",
            Category::valid_keys()
        )
    })
}

/// One value to analyse, with the product it came from (`--from-feed`).
struct Item {
    raw: String,
    source: Option<(String, u64)>,
}

impl Item {
    fn plain(raw: String) -> Self {
        Self { raw, source: None }
    }
}

type Items<'a> = Box<dyn Iterator<Item = Result<Item, Error>> + 'a>;

/// Where the values come from, resolved from the flags.
enum Input {
    Codes(Vec<String>),
    Lines(Box<dyn BufRead>),
    Request(gtin::Request),
    Feed(PathBuf),
}

pub fn run(args: &GtinArgs, ctx: &mut Ctx<'_>) -> Result<Outcome, Error> {
    let format = ctx.global.format;
    if !matches!(format, OutputFormat::Table | OutputFormat::Json) {
        return Err(Error::usage(format!(
            "gtin supports --format table|json, not {}",
            format.name()
        )));
    }
    args.read.check_stdin_filename(reads_stdin(args))?;
    let rctx = RequestContext::from_env()?;
    // Codes given as arguments are checked in a moment: the database is opened once, for the
    // key's check and the count together.
    let account = Account::open_holding(
        ctx.global.api_key(),
        &ctx.global.store_config(),
        Endpoint::VALIDATE_GTIN,
        &rctx,
        codes_only(args),
    )?;
    let input = resolve_input(args)?;
    let options = match &input {
        Input::Request(r) => r.options,
        _ => flag_options(args),
    };
    let items: Items<'_> = match input {
        Input::Codes(codes) => Box::new(codes.into_iter().map(|c| Ok(Item::plain(c)))),
        Input::Request(r) => Box::new(r.gtins.into_iter().map(|c| Ok(Item::plain(c)))),
        Input::Lines(reader) => {
            let name = list_label(args);
            let mut lines = values_from_lines(reader)
                .map(move |r| {
                    r.map(|(_, v)| Item::plain(v))
                        .map_err(|e| crate::feed::read_error(&name, &e))
                })
                .peekable();
            // Nothing to validate is a mistake (a wrong file, an empty pipe), as an empty feed
            // or an empty request's `gtins` is, not a report of 0 GTINs.
            // Answered as an empty request's `gtins` is (422), whichever way the list came.
            if lines.peek().is_none() {
                return Err(Error::new(
                    ErrorCode::UnprocessableEntity,
                    format!(
                        "{}: the GTIN list is empty (no line holds a value)",
                        list_label(args)
                    ),
                )
                .with_details(serde_json::json!({ "gtins": "must contain at least one GTIN" }))
                .with_help("write one GTIN per line, or pass codes as arguments"));
            }
            Box::new(lines)
        }
        Input::Feed(path) => feed_items(&path, &args.read)?,
    };

    let mut sink = Sink::new(
        &mut *ctx.out,
        format,
        options,
        args.category,
        ctx.table_width,
    );
    let mut items = items;
    if let Some(batch) = account.prefetch(items.by_ref())? {
        // Test key: at most remaining + 1 values were read (bounded by the monthly limit), and an
        // over-limit run refused before any output (spec 7, 8).
        let mut sink = sink.begin()?;
        for item in batch.into_results() {
            sink.push(&item?)?;
        }
        return sink.finish(
            &account,
            &rctx,
            args.exit_zero,
            ctx.global.quiet,
            &mut *ctx.err,
        );
    }
    // Production key: stream everything, count, record at the end (before billing and meta).
    sink = sink.begin()?;
    for item in items {
        sink.push(&item?)?;
    }
    sink.finish(
        &account,
        &rctx,
        args.exit_zero,
        ctx.global.quiet,
        &mut *ctx.err,
    )
}

fn flag_options(args: &GtinArgs) -> Options {
    Options {
        pattern_detection: !args.no_pattern_detection && args.pattern_detection.unwrap_or(true),
        business_intelligence: args.business_intelligence,
        revenue_impact: args.revenue_impact,
        detailed: args.detailed,
    }
}

/// The codes to check are all on the command line (no file, request, feed or stdin).
fn codes_only(args: &GtinArgs) -> bool {
    args.request.is_none()
        && args.from_feed.is_none()
        && args.file.is_none()
        && !args.codes.is_empty()
        && !args.codes.iter().any(|c| c == "-")
}

fn resolve_input(args: &GtinArgs) -> Result<Input, Error> {
    if let Some(path) = &args.request {
        let reader = open_path(path, &args.read)?;
        return Ok(Input::Request(gtin::parse_request(
            reader,
            &label(path, &args.read),
        )?));
    }
    if let Some(path) = &args.from_feed {
        return Ok(Input::Feed(path.clone()));
    }
    let path: &Path = match (&args.file, args.codes.as_slice()) {
        (Some(path), _) => path,
        (None, []) => Path::new("-"),
        (None, [one]) if one == "-" => Path::new("-"),
        (None, codes) => {
            if codes.iter().any(|c| c == "-") {
                return Err(Error::usage(
                    "`-` (stdin) cannot be combined with other GTIN arguments",
                ));
            }
            return Ok(Input::Codes(codes.to_vec()));
        }
    };
    let mut reader = open_path(path, &args.read)?;
    if looks_like_json(&mut reader, path)? {
        return Ok(Input::Request(gtin::parse_request(
            reader,
            &label(path, &args.read),
        )?));
    }
    Ok(Input::Lines(reader))
}

/// How the list read by `--file` or stdin is named in messages.
fn list_label(args: &GtinArgs) -> String {
    label(args.file.as_deref().unwrap_or(Path::new("-")), &args.read)
}

/// How a file read is named in messages (`-` is `<stdin>` or the `--stdin-filename` name, as
/// for feeds).
fn label(path: &Path, read: &ReadArgs) -> String {
    crate::feed::label(path, &read.read_options())
}

/// Whether the run reads stdin: `-` as `--request`, `--from-feed` or `--file`, or as the codes
/// (alone, or no codes at all without one of those flags).
fn reads_stdin(args: &GtinArgs) -> bool {
    let dash = |p: &Option<PathBuf>| p.as_deref().is_some_and(|p| p.as_os_str() == "-");
    let flagged = args.request.is_some() || args.from_feed.is_some() || args.file.is_some();
    dash(&args.request)
        || dash(&args.from_feed)
        || dash(&args.file)
        || (!flagged && (args.codes.is_empty() || args.codes.iter().any(|c| c == "-")))
}

fn open_path(path: &Path, read: &ReadArgs) -> Result<Box<dyn BufRead>, Error> {
    crate::feed::open_text(path, &read.read_options())
}

/// Whether the list's first non-whitespace character (after a BOM) is `{`: a JSON request body.
fn looks_like_json(reader: &mut Box<dyn BufRead>, path: &Path) -> Result<bool, Error> {
    let buf = reader
        .fill_buf()
        .map_err(|e| Error::input(format!("cannot read {}: {e}", path.display())))?;
    let buf = buf.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(buf);
    Ok(buf
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'{'))
}

/// Every distinct non-blank value of each product's `gtin` attribute (a feed may give several:
/// two `gtin` columns, a repeated element), in the order written, each labelled with the
/// product and its line; products without one give none.
fn feed_items(path: &Path, read: &ReadArgs) -> Result<Items<'static>, Error> {
    let reader = crate::feed::open(path, &read.read_options())?;
    Ok(Box::new(reader.flat_map(|product| {
        let items: Vec<Result<Item, Error>> = match product {
            Err(e) => vec![Err(e)],
            Ok(p) => {
                let mut seen: Vec<&str> = Vec::new();
                for g in p.values("gtin") {
                    if !g.is_blank() && !seen.contains(&g.as_str()) {
                        seen.push(g);
                    }
                }
                let id = p.product_id();
                seen.into_iter()
                    .map(|g| {
                        Ok(Item {
                            raw: g.to_owned(),
                            source: Some((id.clone(), p.location.line)),
                        })
                    })
                    .collect()
            }
        };
        items
    })))
}

/// The emitter for the chosen format; `Pending` until the first byte may be written.
enum Sink<'w> {
    Pending {
        out: &'w mut dyn Write,
        json: bool,
        options: Options,
        category: Option<Category>,
        /// The width the table is laid out to (the table format).
        width: Option<u16>,
    },
    Json(
        GtinJsonEmitter<&'w mut dyn Write>,
        Options,
        Option<Category>,
    ),
    Table(GtinTableEmitter<&'w mut dyn Write>, Options),
}

impl<'w> Sink<'w> {
    fn new(
        out: &'w mut dyn Write,
        format: OutputFormat,
        options: Options,
        category: Option<Category>,
        width: Option<u16>,
    ) -> Self {
        Self::Pending {
            out,
            json: format == OutputFormat::Json,
            options,
            category,
            width,
        }
    }

    fn begin(self) -> Result<Self, Error> {
        match self {
            Self::Pending {
                out,
                json: true,
                options,
                category,
                ..
            } => Ok(Self::Json(
                GtinJsonEmitter::begin(out, options)?,
                options,
                category,
            )),
            Self::Pending {
                out,
                options,
                width,
                ..
            } => Ok(Self::Table(
                GtinTableEmitter::new(out, options).fitting(width),
                options,
            )),
            started => Ok(started),
        }
    }

    fn options(&self) -> Options {
        match self {
            Self::Pending { options, .. } | Self::Json(_, options, _) | Self::Table(_, options) => {
                *options
            }
        }
    }

    fn push(&mut self, item: &Item) -> Result<(), Error> {
        let options = self.options();
        let analysis = analyze_with(&item.raw, options);
        match self {
            Self::Pending { .. } => Err(Error::internal("gtin report written before it began")),
            Self::Json(e, _, category) => {
                let mut result = GtinResult::new(&item.raw, &analysis, options, *category);
                if let Some((id, line)) = &item.source {
                    result = result.with_source(id.clone(), Some(*line));
                }
                Ok(e.write_result(&result, &analysis)?)
            }
            Self::Table(e, _) => {
                let label = item
                    .source
                    .as_ref()
                    .map(|(id, line)| format!("{id} (line {line})"));
                Ok(e.push_analysis(&item.raw, &analysis, label.as_deref())?)
            }
        }
    }

    /// Records the count (failing the run if that fails), then writes the aggregate with the
    /// receipt's billing and meta, and on `err` why the run fails when a GTIN is invalid (as
    /// `validate` says why, one line; with --exit-zero unless `quiet`).
    fn finish(
        self,
        account: &Account,
        rctx: &RequestContext,
        exit_zero: bool,
        quiet: bool,
        err: &mut dyn Write,
    ) -> Result<Outcome, Error> {
        let acc = match &self {
            Self::Pending { .. } => return Err(Error::internal("gtin report never began")),
            Self::Json(e, ..) => *e.accumulator(),
            Self::Table(e, _) => *e.accumulator(),
        };
        let receipt: Receipt = account.record(acc.total())?;
        // A report that cannot be written to the end fails the run, which then counts nothing.
        let written = (|| -> Result<(), Error> {
            match self {
                Self::Pending { .. } => return Err(Error::internal("gtin report never began")),
                Self::Json(e, ..) => {
                    let meta = receipt.meta(rctx, Endpoint::VALIDATE_GTIN);
                    e.finish(&receipt.gtin_billing(), receipt.test_mode(), &meta)?
                        .flush()?;
                }
                Self::Table(e, _) => {
                    let out = e.finish()?;
                    let billing = receipt.gtin_billing();
                    writeln!(
                        out,
                        "Counted {} GTIN validation{} ({} key); cost ${:.2}",
                        billing.validations_processed,
                        if billing.validations_processed == 1 {
                            ""
                        } else {
                            "s"
                        },
                        receipt.tier.as_str(),
                        billing.cost
                    )?;
                    out.flush()?;
                }
            }
            Ok(())
        })();
        written.map_err(|e| account.take_back(&receipt, e))?;
        let invalid = acc.summary().invalid_count;
        if invalid == 0 {
            return Ok(Outcome::Clean);
        }
        let total = acc.total();
        let reason = format!(
            "{invalid} of {} {} invalid",
            crate::model::text::count(total, "GTIN"),
            if invalid == 1 { "is" } else { "are" }
        );
        Ok(crate::gate::report_failure(&reason, exit_zero, quiet, err)?)
    }
}
