//! `feedlint batch FEED...`: validate many products at once (spec 4.2, result shape 2.4).
//!
//! Wires feeds → rules engine (parallel per product, feed-level rules in input order) → the
//! batch report (JSON, table, or a CI format), meters the run on the API key, and evaluates the
//! CI gates. Holds no rule or scoring logic and prints only through the writers of [`Ctx`].

use std::collections::VecDeque;
use std::io::Write;
use std::path::PathBuf;

use clap::Args;

use super::Ctx;
use super::engine_setup::{engine_options, load_config, rule_infos};
use super::input::FeedArgs;
use super::progress::Progress;
use crate::account::plan::BATCH_REQUEST_LIMIT;
use crate::account::{Account, Endpoint, Meta, Receipt, RequestContext};
use crate::config::ConfigArgs;
use crate::error::{Error, ErrorCode, Outcome, Result};
use crate::feed::{FeedKind, FeedReader, ReadOptions};
use crate::gate::{Baseline, FeedSummary, GateArgs};
use crate::model::Product;
use crate::report::OutputFormat;
use crate::report::batch::{
    BatchAnalytics, BatchEntry, BatchTail, JsonBatchWriter, RenderedEntry, TableLook, TableView,
};
use crate::report::ci::{CiOptions, ProductFindings, RuleInfo};
use crate::rules::{Engine, ProductReport};

/// Arguments of `feedlint batch`.
#[derive(Debug, Clone, Args)]
pub struct BatchArgs {
    /// Turn off category intelligence: no category detection-based rules (group `category`,
    /// unless feedlint.toml sets a category) and no `marketIntelligence` object (detected
    /// category, confidence, category score) per product. A JSON request body's
    /// `enableMarketIntelligence: false` does the same for its products.
    #[arg(long)]
    pub no_market_intelligence: bool,

    /// Table format: list every finding with file:line under the table.
    #[arg(long, short)]
    pub verbose: bool,

    /// Write the report to FILE instead of stdout, in place only when the run ends (an error
    /// leaves no partial file). Without --format, the extension picks the format: .json,
    /// .sarif, .xml (JUnit).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,

    /// Also write a report of the same run in FORMAT to PATH, besides the main one (stdout or
    /// -o), counted once: repeat for several, e.g. `--report sarif=feedlint.sarif --report
    /// report.json`. Without FORMAT= the extension picks it, as for -o. Formats: table, json,
    /// junit, sarif, github, gitlab. Each file is put in place only when the run ends, with no
    /// colour or terminal width.
    #[arg(long = "report", value_name = "[FORMAT=]PATH", value_parser = super::output_file::parse_report)]
    pub reports: Vec<super::output_file::ReportSpec>,

    #[command(flatten)]
    pub feed: FeedArgs,

    #[command(flatten, next_help_heading = "CI gates")]
    pub gate: GateArgs,

    #[command(flatten, next_help_heading = "Configuration")]
    pub config: ConfigArgs,
}

/// A product, whether market intelligence is on for it, and the kind of feed it was read from
/// (`None`: a JSON request body, read whole); where that kind is costly to read
/// ([`FeedKind::is_costly_to_read`]) its entry is rendered ahead, on the workers. The
/// product is boxed as it is read, as in `validate` (`cli::validate::Checked`): it moves
/// several times between the reader and the sink, 8 bytes instead of 248 each time (1M CSV
/// `batch --format json`, three alternating rounds: 4.45 -> 4.37 s).
type Item = (Box<Product>, bool, Option<FeedKind>);

/// The products of every input, in order. A JSON request body is read whole (at most
/// `BATCH_REQUEST_LIMIT + 1` products, spec 4.2 and 8) so that its `enableMarketIntelligence`
/// is known and an oversized body is refused with 413; other inputs stream.
struct Products {
    inputs: std::vec::IntoIter<PathBuf>,
    options: ReadOptions,
    current: Option<FeedReader>,
    buffered: VecDeque<Item>,
    market_intelligence: bool,
    failed: bool,
}

impl Products {
    fn new(feed: &FeedArgs, market_intelligence: bool) -> Self {
        Self {
            inputs: feed.inputs.clone().into_iter(),
            options: feed.read_options(),
            current: None,
            buffered: VecDeque::new(),
            market_intelligence,
            failed: false,
        }
    }

    /// Reads a whole request body into `buffered`.
    fn read_body(&mut self, mut reader: FeedReader) -> Result<()> {
        let mut products = Vec::new();
        for item in reader.by_ref() {
            products.push(item?);
            if products.len() > BATCH_REQUEST_LIMIT {
                return Err(Error::new(
                    ErrorCode::PayloadTooLarge,
                    format!(
                        "{}: a batch request body holds at most {BATCH_REQUEST_LIMIT} products",
                        reader.label()
                    ),
                )
                .with_help("split the body into requests of at most 1,000 products, or pass the products as a CSV/NDJSON file"));
            }
        }
        // Checked even when the flag turns it off: a body of the wrong type fails either way.
        let body = crate::model::request::boolean(
            reader.label(),
            reader.request_fields(),
            "",
            "enableMarketIntelligence",
        )?;
        let enabled = self.market_intelligence && body.unwrap_or(true);
        self.buffered
            .extend(products.into_iter().map(|p| (Box::new(p), enabled, None)));
        Ok(())
    }

    fn next_item(&mut self) -> Option<Result<Item>> {
        loop {
            if let Some(item) = self.buffered.pop_front() {
                return Some(Ok(item));
            }
            if let Some(reader) = &mut self.current {
                match reader.next() {
                    Some(Ok(p)) => {
                        let kind = Some(reader.kind());
                        return Some(Ok((Box::new(p), self.market_intelligence, kind)));
                    }
                    Some(Err(e)) => return Some(Err(e)),
                    None => self.current = None,
                }
                continue;
            }
            let path = self.inputs.next()?;
            let reader = match crate::feed::open(&path, &self.options) {
                Ok(r) => r,
                Err(e) => return Some(Err(e)),
            };
            if reader.kind() == FeedKind::JsonRequestBody {
                if let Err(e) = self.read_body(reader) {
                    return Some(Err(e));
                }
            } else {
                self.current = Some(reader);
            }
        }
    }
}

impl Iterator for Products {
    type Item = Result<Item>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        let item = self.next_item();
        if matches!(item, Some(Err(_))) {
            self.failed = true;
        }
        item
    }
}

/// A product checked: the product, market intelligence on or off, its feed's kind, its report,
/// and its entry rendered ahead (or not).
type Checked = (
    Box<Product>,
    bool,
    Option<FeedKind>,
    ProductReport,
    Option<RenderedEntry>,
);

/// Checks a batch of read items (rule by rule, with the engine `pick` gives for their feed's
/// market-intelligence setting) on a worker, rendering the entries of costly feeds when `ahead`.
fn check_batch<'e>(
    batch: Vec<Result<Item>>,
    pick: impl Fn(bool) -> &'e Engine,
    ahead: bool,
) -> Vec<Result<Checked>> {
    Engine::check_each(batch, |(p, mi, _)| (pick(*mi), &**p))
        .into_iter()
        .map(|item| {
            item.and_then(|((p, mi, kind), report)| {
                let rendered = (ahead && kind.is_some_and(FeedKind::is_costly_to_read))
                    .then(|| RenderedEntry::new(&report, mi))
                    .transpose()?;
                Ok((p, mi, kind, report, rendered))
            })
        })
        .collect()
}

/// Where the entries go.
enum Sink<'w> {
    Json(JsonBatchWriter<'w>),
    /// The table, written in blocks of `TABLE_BLOCK` rows; the analytics follow the last block.
    Table(TableView<'w>),
    Ci(Box<dyn crate::report::ci::CiEmitter + 'w>),
}

/// The formats `batch` writes.
const FORMATS: [OutputFormat; 6] = [
    OutputFormat::Table,
    OutputFormat::Json,
    OutputFormat::Junit,
    OutputFormat::Sarif,
    OutputFormat::Github,
    OutputFormat::Gitlab,
];

/// Evaluates the gates, prints the one-line reason (`gate::report_failure`, as `validate` and
/// `gtin` do) and, when the baseline failed, its details on stderr (the rule `validate` shares:
/// `Gate::report_with_baseline`).
fn gates(
    gate: &crate::gate::Gate,
    summary: &FeedSummary,
    comparison: Option<crate::gate::BaselineComparison<'_>>,
    quiet: bool,
    err: &mut dyn Write,
) -> Result<Outcome> {
    let report = comparison.map(|c| c.finish(gate.max_drop));
    let verdict = gate.evaluate_all(summary, report.as_ref());
    Ok(gate.report_with_baseline(&verdict, report.as_ref(), quiet, err)?)
}

/// Rejects formats, inputs and output files (`-o`, `--report`) `batch` cannot handle, before any
/// work.
fn check_args(args: &BatchArgs, format: OutputFormat) -> Result<()> {
    format.ensure_one_of("batch", &FORMATS)?;
    if args
        .feed
        .inputs
        .iter()
        .filter(|p| p.as_os_str() == "-")
        .count()
        > 1
    {
        return Err(Error::usage("stdin (`-`) can be read only once"));
    }
    args.feed.check_inputs(args.output.as_deref())?;
    super::output_file::check_reports(
        &args.reports,
        args.output.as_deref(),
        &args.feed,
        "batch",
        &FORMATS,
    )
}

impl<'w> Sink<'w> {
    /// Ends the report after the run was counted on `receipt`.
    fn finish(self, tail: &BatchTail, receipt: &Receipt, meta: &Meta) -> Result<()> {
        match self {
            Sink::Json(w) => w.finish(tail, &receipt.batch_billing(), meta)?,
            // Each sink flushes as it finishes: the report reaches the terminal before the
            // verdict that ends it (stdout is buffered, stderr is not).
            Sink::Table(t) => t.finish(tail)?,
            Sink::Ci(e) => e.finish()?,
        }
        Ok(())
    }

    /// Ends a report an input error stopped after `checked` products: the table shows them (the
    /// other formats have written them); the error follows on stderr.
    fn abandon(self, checked: u64) -> Result<()> {
        if let Sink::Table(t) = self {
            t.abandon(checked)?;
        }
        Ok(())
    }

    fn open(
        format: OutputFormat,
        out: &'w mut dyn Write,
        rules: &'w [RuleInfo],
        options: &CiOptions,
        look: TableLook,
    ) -> Result<Self> {
        Ok(match format {
            OutputFormat::Json => Sink::Json(JsonBatchWriter::begin(out)?),
            OutputFormat::Table => Sink::Table(TableView::new(out, look)),
            other => match crate::report::ci::emitter(other, out, rules, options)? {
                Some(e) => Sink::Ci(e),
                None => return Err(Error::internal("no emitter for a CI format")),
            },
        })
    }

    /// Whether entries rendered ahead ([`RenderedEntry`]) are what this sink writes.
    fn renders_ahead(&self) -> bool {
        matches!(self, Sink::Json(_))
    }

    /// Writes (or, for the table, keeps in its block) one product; `rendered` is its entry
    /// rendered ahead from this same report, when [`Sink::renders_ahead`] and the report did
    /// not change since.
    fn emit(
        &mut self,
        p: &Product,
        mi: bool,
        report: &ProductReport,
        rendered: Option<&RenderedEntry>,
    ) -> Result<()> {
        match self {
            Sink::Json(w) => match rendered {
                Some(rendered) => w.entry_rendered(rendered)?,
                None => w.entry(&BatchEntry::from_report(report, mi))?,
            },
            Sink::Table(t) => t.product(report, &p.location.file)?,
            Sink::Ci(e) => e.product(&ProductFindings {
                product_id: &report.product_id,
                location: &p.location,
                title: p.get("title"),
                findings: &report.findings,
            })?,
        }
        Ok(())
    }
}

/// How the table looks. `terminal`: its colour and width when it goes to stdout (`None` for a
/// file, `-o` or `--report`: a report file gets neither).
fn table_look(args: &BatchArgs, terminal: Option<(bool, Option<u16>)>) -> TableLook {
    let (color, width) = terminal.unwrap_or((false, None));
    TableLook {
        // With several feeds the table's rows name the file too, as in `validate`.
        name_files: args.feed.inputs.len() > 1,
        verbose: args.verbose,
        color,
        width,
    }
}

/// Runs `feedlint batch`.
pub fn run(args: &BatchArgs, ctx: &mut Ctx<'_>) -> Result<Outcome> {
    let format = ctx.global.report_format(args.output.as_deref());
    check_args(args, format)?;
    let cwd = std::env::current_dir()?;
    let config = load_config(&args.config, &cwd)?;
    let gate = args.gate.resolve(&config.gates);
    let baseline = args.gate.load_baseline()?;
    let engine = Engine::new(engine_options(&config, None));
    // Without market intelligence (spec 4.2 `enableMarketIntelligence: false`) the
    // category-specific rules do not run, unless the config file fixes the category.
    let plain = if config.category.is_some() {
        Engine::new(engine_options(&config, None))
    } else {
        let mut options = engine_options(&config, None);
        options.ignore.push("category".to_owned());
        Engine::new(options)
    };

    let rctx = RequestContext::from_env()?;
    let account = Account::open(
        ctx.global.api_key(),
        &ctx.global.store_config(),
        Endpoint::VALIDATE_BATCH,
        &rctx,
    )?;
    let mut products = Products::new(&args.feed, !args.no_market_intelligence);
    // Test keys: read at most remaining + 1 products and refuse before any work.
    let prefetched = account.prefetch(products.by_ref())?;

    let rules = rule_infos();
    let ci_options = CiOptions::for_run(cwd.clone(), gate.fail_on);
    let mut analytics = BatchAnalytics::default();
    let mut summary = FeedSummary::default();
    let mut comparison = baseline.as_ref().map(Baseline::compare);
    let mut state = engine.feed_state();
    let progress = Progress::new(
        ctx.stderr_is_terminal && !ctx.global.quiet,
        "validating products",
    );
    // `-o FILE` is written beside FILE and renamed over it at the end: a failed run leaves FILE
    // as it was.
    let mut file = super::output_file::create_for(args.output.as_deref())?;
    // `--report`s: the same run in other formats, rendered on this thread, put in place with -o.
    let mut report_files = super::output_file::ReportFiles::create(&args.reports)?;
    let look = table_look(args, file.is_none().then_some((ctx.color, ctx.table_width)));
    let out = super::output_file::report_writer(&mut file, &mut *ctx.out);
    let mut sink = Sink::open(format, out, &rules, &ci_options, look)?;
    let file_look = table_look(args, None);
    let mut extras =
        report_files.open_each(|(f, out)| Sink::open(f, out, &rules, &ci_options, file_look))?;

    let pick = |mi: bool| if mi { &engine } else { &plain };
    // As in `validate`: for feeds costly to read (XML, JSON) the thread reading the feed and
    // writing the report is the one the others wait for, so each entry is rendered with the
    // checks, on the workers, and written as it is unless a feed-wide rule changes the report.
    let ahead = sink.renders_ahead();
    let map = |batch| check_batch(batch, pick, ahead);
    // Reports rendered ahead (costly feeds) are freed on the workers, and so are their products
    // unless the reading thread has the time (`FeedKind::frees_products_where_read`), as in
    // `validate`.
    let mut behind = crate::pipeline::DropBehind::new();
    let mut each = |item: Result<Checked>| -> Result<()> {
        let (p, mi, kind, mut report, rendered_ahead) = item?;
        let changed = state.apply(pick(mi), &p, &mut report);
        let rendered = rendered_ahead.as_ref().filter(|_| !changed);
        analytics.add(&report);
        summary.add_product(&report.findings);
        if let Some(c) = comparison.as_mut() {
            c.observe_findings(&report.product_id, &report.findings);
        }
        sink.emit(&p, mi, &report, rendered)?;
        (extras.iter_mut()).try_for_each(|e| e.emit(&p, mi, &report, None))?;
        progress.inc(1);
        if rendered_ahead.is_some() {
            // Where the product is freed where read, `then_some` drops it here.
            let local = kind.is_some_and(FeedKind::frees_products_where_read);
            behind.push(((!local).then_some(p), report, rendered_ahead));
        }
        Ok(())
    };
    let chunk = crate::pipeline::DEFAULT_CHUNK;
    let checked = match prefetched {
        Some(items) => crate::pipeline::map_batches(items.into_results(), chunk, map, &mut each),
        None => crate::pipeline::map_batches(products, chunk, map, &mut each),
    };
    if let Err(e) = checked {
        sink.abandon(analytics.total_products)?;
        return Err(e);
    }
    progress.finish();

    let receipt = account.record(analytics.total_products)?;
    let meta = receipt.meta(&rctx, Endpoint::VALIDATE_BATCH);
    let tail = analytics.tail(meta.processing_time);
    // A report that cannot be written to the end fails the run, which then counts nothing.
    (std::iter::once(sink).chain(extras))
        .try_for_each(|s| s.finish(&tail, &receipt, &meta))
        .map_err(|e| account.take_back(&receipt, e))?;
    super::output_file::commit_all_counted(
        file,
        report_files,
        &account,
        &receipt,
        ctx,
        "validated",
    )?;

    gates(&gate, &summary, comparison, ctx.global.quiet, ctx.err)
}
