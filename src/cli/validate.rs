//! `feedlint validate`: product validation (spec 2.3, endpoint `POST /api/v2/validate/product`,
//! product counter).
//!
//! Wires feeds → rules engine → `report::validate`: products stream through
//! `pipeline::map_batches` (per-product checks in parallel, rule by rule over each batch), then
//! the feed-level rules run sequentially in input order, and each result is emitted at once. A
//! JSON request body is capped at `PRODUCT_REQUEST_LIMIT` products and its `options` turn on the
//! optional outputs; plain feeds of any size are validated in full with bounded memory. Test keys read at most
//! `remaining + 1` products before any work so an over-limit request is refused up front.
//! Holds no rule logic and no output formatting.

use std::sync::Arc;

use clap::Args;

use super::Ctx;
use super::engine_setup::{engine_options, load_config, rule_infos};
use super::input::FeedArgs;
use super::output_file;
use super::progress::Progress;
use crate::account::{
    Account, Endpoint, Prefetched, Receipt, RequestContext, plan::PRODUCT_REQUEST_LIMIT,
};
use crate::catalog::Category;
use crate::config::ConfigArgs;
use crate::error::{Error, ErrorCode, Outcome};
use crate::feed::{FeedKind, FeedPart, FeedParts, FeedReader, PartText, Placer};
use crate::gate::{Counted, FeedSummary, GateArgs, Verdict, baseline::Baseline};
use crate::model::result::ResultOptions;
use crate::model::text::count;
use crate::model::{Product, request};
use crate::pipeline::{DEFAULT_CHUNK, DropBehind, PIECE, map_batches, map_parts};
use crate::report::OutputFormat;
use crate::report::ci::{CiEmitter, CiOptions, ProductFindings, RuleInfo};
use crate::report::statistics::{self, RuleStatistics};
use crate::report::validate::{Framing, Rendered, ValidateEmitter};
use crate::rules::ProductReport;
use crate::rules::{Engine, FeedKeys};

/// Arguments of `feedlint validate`.
#[derive(Debug, Clone, Args)]
pub struct ValidateArgs {
    /// Treat every product as this category instead of detecting it (apparel, electronics,
    /// health_beauty, automotive, home_garden, sporting_goods).
    #[arg(long, value_name = "KEY", value_parser = parse_category)]
    pub category: Option<Category>,

    /// Add `marketIntelligence` (detected category, confidence, category score) to each result.
    #[arg(long)]
    pub market_intelligence: bool,

    /// Add the top `recommendations` (highest revenue impact first) to each result.
    #[arg(long)]
    pub recommendations: bool,

    /// Add `businessIntelligence` (revenue at risk, payback) to each result.
    #[arg(long)]
    pub business_intelligence: bool,

    /// Table format: list every violation with file:line under the table.
    #[arg(long, short)]
    pub verbose: bool,

    /// Instead of one entry per product, one row per rule that fired: its findings, the
    /// products they are in and their monthly revenue impact, most findings first (table, json
    /// or csv; as ruff's --statistics). Gates and --report files work as without it.
    #[arg(long, conflicts_with = "verbose")]
    pub statistics: bool,

    /// Write the report to FILE instead of stdout, in place only when the run ends (an error
    /// leaves no partial file). Without --format, the extension picks the format: .json,
    /// .ndjson, .csv, .sarif, .xml (JUnit).
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<std::path::PathBuf>,

    /// Also write a report of the same run in FORMAT to PATH, besides the main one (stdout or
    /// -o), counted once: repeat for several, e.g. `--report sarif=feedlint.sarif --report
    /// report.json`. Without FORMAT= the extension picks it, as for -o. Formats: table, json,
    /// ndjson, csv, junit, sarif, github, gitlab. Each file is put in place only when the run
    /// ends, with no colour or terminal width.
    #[arg(long = "report", value_name = "[FORMAT=]PATH", value_parser = output_file::parse_report)]
    pub reports: Vec<output_file::ReportSpec>,

    #[command(flatten)]
    pub feed: FeedArgs,

    #[command(flatten, next_help_heading = "CI gates")]
    pub gate: GateArgs,

    #[command(flatten, next_help_heading = "Configuration")]
    pub config: ConfigArgs,
}

impl ValidateArgs {
    /// The optional outputs the flags ask for (a request body's `options` may add more).
    fn result_options(&self) -> ResultOptions {
        ResultOptions {
            market_intelligence: self.market_intelligence,
            recommendations: self.recommendations,
            business_intelligence: self.business_intelligence,
        }
    }
}

fn parse_category(s: &str) -> Result<Category, String> {
    Category::from_key(s.trim())
        .ok_or_else(|| format!("unknown category `{s}` (valid: {})", Category::valid_keys()))
}

/// One input, ready to validate.
enum Source {
    /// Read up front: a request body (at most 100 products).
    Buffered(Vec<Product>, ResultOptions),
    /// Read up front to check a test key's limit: a feed up to the bound or up to the error
    /// that stopped it (raised after the products before it are reported).
    Prefetched(Prefetched<Product>, ResultOptions),
    /// Streamed while validating (plain feeds under a production key).
    Stream(Box<FeedReader>, ResultOptions),
}

/// The optional outputs a request body's `options` ask for (spec 4.1), added to the flags. An
/// option of the wrong type (`"enableMarketIntelligence": "false"`) fails the request.
fn body_options(reader: &FeedReader, base: ResultOptions) -> Result<ResultOptions, Error> {
    let label = reader.label();
    let opts = request::options(label, reader.request_fields())?;
    let on =
        |name: &str| request::boolean(label, opts, "options.", name).map(|b| b.unwrap_or(false));
    Ok(ResultOptions {
        market_intelligence: base.market_intelligence || on("enableMarketIntelligence")?,
        recommendations: base.recommendations || on("enableRecommendations")?,
        business_intelligence: base.business_intelligence || on("includeBusinessIntelligence")?,
    })
}

/// Reads at most `n` products of `reader`, stopping at the first read error.
fn read_at_most(reader: &mut FeedReader, n: u64) -> Result<Vec<Product>, Error> {
    let mut v = Vec::new();
    while (v.len() as u64) < n {
        match reader.next() {
            Some(p) => v.push(p?),
            None => break,
        }
    }
    Ok(v)
}

/// Opens every input first: request bodies and test-key feeds are read now (bounded by the
/// request limit and by `budget` = remaining + 1), so a too-large body or an over-limit request
/// is refused before any output or counting. Returns the sources and how many products were
/// read up front.
fn open_sources(
    feed: &FeedArgs,
    budget: Option<u64>,
    base: ResultOptions,
) -> Result<(Vec<Source>, u64), Error> {
    let mut sources = Vec::with_capacity(feed.inputs.len());
    let mut buffered: u64 = 0;
    for reader in feed.open_each() {
        let mut reader = reader?;
        if reader.kind() == FeedKind::JsonRequestBody {
            // Reading one more than the limit proves the body is too large (spec 4.1).
            let products = read_at_most(&mut reader, PRODUCT_REQUEST_LIMIT as u64 + 1)?;
            if products.len() > PRODUCT_REQUEST_LIMIT {
                return Err(Error::new(
                    ErrorCode::PayloadTooLarge,
                    format!(
                        "{}: a request body holds at most {PRODUCT_REQUEST_LIMIT} products",
                        reader.label()
                    ),
                )
                .with_help(format!(
                    "split it into requests of at most {PRODUCT_REQUEST_LIMIT} products, or pass the products as a plain feed (CSV, NDJSON, XML)"
                )));
            }
            // Exhaust the reader so fields written after `products` are known.
            for item in reader.by_ref() {
                item?;
            }
            buffered += products.len() as u64;
            let opts = body_options(&reader, base)?;
            sources.push(Source::Buffered(products, opts));
        } else if let Some(limit) = budget {
            let products = Prefetched::read(&mut reader, limit.saturating_sub(buffered));
            buffered += products.len();
            let failed = products.failed();
            sources.push(Source::Prefetched(products, base));
            if failed {
                // The error ends the run once the products before it are reported.
                break;
            }
        } else {
            sources.push(Source::Stream(Box::new(reader), base));
        }
        if budget.is_some_and(|limit| buffered >= limit) {
            break;
        }
    }
    Ok((sources, buffered))
}

/// Where the reports go: the validate emitters, a CI emitter (junit, sarif, github, gitlab) or
/// the per-rule statistics (`--statistics`).
enum Output<'w> {
    Report(ValidateEmitter<&'w mut dyn std::io::Write>),
    Ci(Box<dyn CiEmitter + 'w>),
    Statistics(Box<Statistics<'w>>),
}

/// `--statistics`: the counts, and where and how they are written when the run ends.
struct Statistics<'w> {
    counts: RuleStatistics,
    format: OutputFormat,
    out: &'w mut dyn std::io::Write,
    /// The table's colour and width.
    look: (bool, Option<u16>),
}

impl<'w> Statistics<'w> {
    /// The statistics written to `out` in `format`; `terminal` as for [`open_output`].
    fn output(
        format: OutputFormat,
        out: &'w mut dyn std::io::Write,
        terminal: Option<(bool, Option<u16>)>,
    ) -> Output<'w> {
        Output::Statistics(Box::new(Self {
            counts: RuleStatistics::default(),
            format,
            out,
            look: terminal.unwrap_or((false, None)),
        }))
    }
}

impl Output<'_> {
    /// Ends the report after the run was counted on `receipt`.
    fn finish(self, receipt: &Receipt, rctx: &RequestContext) -> Result<(), Error> {
        match self {
            Self::Report(e) => {
                let meta = receipt.meta(rctx, Endpoint::VALIDATE_PRODUCT);
                // The report reaches the terminal before the verdict that ends it (stdout is
                // buffered, stderr is not); CI emitters flush as they finish.
                e.finish(&receipt.product_billing(), &meta)?.flush()?;
            }
            Self::Ci(e) => e.finish()?,
            Self::Statistics(st) => {
                let meta = receipt.meta(rctx, Endpoint::VALIDATE_PRODUCT);
                let billing = receipt.product_billing();
                let Statistics {
                    counts,
                    format,
                    out,
                    look,
                } = *st;
                counts.write(format, out, &billing, &meta, look)?.flush()?;
            }
        }
        Ok(())
    }

    /// Ends a report an input error stopped: the products checked before it stay in it (the
    /// statistics, which are of the whole feed, are not written).
    fn abandon(self) -> Result<(), Error> {
        if let Self::Report(report) = self {
            report.abandon()?;
        }
        Ok(())
    }

    /// Whether results rendered ahead ([`Rendered`]) are what this output writes.
    fn renders_ahead(&self) -> bool {
        matches!(self, Self::Report(e) if e.renders_ahead())
    }

    /// How results rendered ahead are framed for [`Output::write_counted`], when
    /// [`Output::renders_ahead`].
    fn framing(&self) -> Option<Framing> {
        match self {
            Self::Report(e) => e.framing(),
            Self::Ci(_) | Self::Statistics(_) => None,
        }
    }

    /// Counts a product whose result rendered ahead [`Output::write_counted`] writes, from what
    /// was counted of its report.
    fn product_counted(&mut self, counted: &Counted) {
        if let Self::Report(e) = self {
            e.product_counted(counted);
        }
    }

    /// Writes a run of results rendered ahead with [`Output::framing`], of products counted with
    /// [`Output::product_counted`], when [`Output::renders_ahead`] (else nothing is written).
    fn write_counted(&mut self, run: &[u8]) -> Result<(), Error> {
        if let Self::Report(e) = self {
            e.write_counted(run)?;
        }
        Ok(())
    }

    /// Writes one product; `rendered` is its result rendered ahead from this same report, when
    /// [`Output::renders_ahead`] and the report did not change since.
    fn product(
        &mut self,
        p: &Product,
        r: &ProductReport,
        opts: ResultOptions,
        rendered: Option<&Rendered>,
    ) -> Result<(), Error> {
        match self {
            Self::Report(e) => match rendered {
                Some(rendered) => e.product_rendered(r, &p.location.file, rendered, opts)?,
                None => e.product(r, &p.location.file, opts)?,
            },
            Self::Ci(e) => e.product(&ProductFindings {
                product_id: &r.product_id,
                location: &p.location,
                title: p.get("title"),
                findings: &r.findings,
            })?,
            Self::Statistics(st) => st.counts.add(r),
        }
        Ok(())
    }
}

/// The formats `validate` writes.
const FORMATS: [OutputFormat; 8] = [
    OutputFormat::Table,
    OutputFormat::Json,
    OutputFormat::Ndjson,
    OutputFormat::Csv,
    OutputFormat::Junit,
    OutputFormat::Sarif,
    OutputFormat::Github,
    OutputFormat::Gitlab,
];

fn unsupported(format: OutputFormat) -> Error {
    Error::usage(format!(
        "validate supports --format table|json|ndjson|csv|junit|sarif|github|gitlab, not {}",
        format.name()
    ))
}

/// Refuses, before any work, an output file (`-o`, `--report`) that would replace an input feed,
/// and `--report`s that cannot work (`output_file::check_reports`).
fn check_outputs(args: &ValidateArgs, format: OutputFormat) -> Result<(), Error> {
    if args.statistics && !statistics::FORMATS.contains(&format) {
        return Err(Error::usage(format!(
            "--statistics writes --format table, json or csv, not {}",
            format.name()
        ))
        .with_help("write the per-product report in that format with --report"));
    }
    args.feed.check_inputs(args.output.as_deref())?;
    output_file::check_reports(
        &args.reports,
        args.output.as_deref(),
        &args.feed,
        "validate",
        &FORMATS,
    )
}

/// The built-in gate of `validate`: a product with a critical compliance finding fails the run.
fn critical_verdict(critical: u64, total: u64) -> Verdict {
    if critical == 0 {
        Verdict::Pass
    } else {
        let have = if critical == 1 { "has" } else { "have" };
        Verdict::Fail(format!(
            "{critical} of {} {have} a critical compliance problem",
            count(total, "product")
        ))
    }
}

/// The emitter of `format`: a CI emitter or a validate report. `terminal`: the table's colour
/// and width when the report goes to stdout (`None` for `-o FILE`).
fn open_output<'w>(
    format: OutputFormat,
    out: &'w mut dyn std::io::Write,
    infos: &'w [RuleInfo],
    ci_options: &CiOptions,
    args: &ValidateArgs,
    terminal: Option<(bool, Option<u16>)>,
) -> Result<Output<'w>, Error> {
    // Colour and the width are the terminal's (stdout's): a report file gets neither.
    let (color, width) = terminal.unwrap_or((false, None));
    let is_ci = matches!(
        format,
        OutputFormat::Junit | OutputFormat::Sarif | OutputFormat::Github | OutputFormat::Gitlab
    );
    let output = if is_ci {
        match crate::report::ci::emitter(format, out, infos, ci_options)? {
            Some(ci) => Output::Ci(ci),
            None => return Err(unsupported(format)),
        }
    } else {
        match ValidateEmitter::new(format, out, args.verbose) {
            // With several feeds the table's rows name the file too.
            Ok(e) => Output::Report(
                e.naming_files(args.feed.inputs.len() > 1)
                    .coloring(color)
                    .fitting(width),
            ),
            Err(e) if e.kind() == std::io::ErrorKind::Unsupported => {
                return Err(unsupported(format));
            }
            Err(e) => return Err(e.into()),
        }
    };
    Ok(output)
}

/// A product checked, with its result rendered ahead when `render` (docs in `run`). The
/// product is boxed as it is read: it moves half a dozen times between the reader and the
/// sink (into a chunk, a batch, a pair with its report, this tuple, the results), and each
/// move of the 248-byte struct was a `memcpy`; the box moves 8 bytes, for one allocation on
/// the reading thread, which also frees it. 1M CSV `--jobs 2`, three alternating rounds:
/// 4.59 -> 4.39 s; 200k `--jobs 1`, four: 1.505 -> 1.458 s (docs/performance.md).
type Checked = (Box<Product>, ProductReport, Option<Rendered>);

/// A feed's products as [`run`] takes them.
enum Feed {
    /// Read on the calling thread and checked on the others (`pipeline::map_batches`).
    Items(Box<dyn Iterator<Item = Result<Product, Error>> + Send>),
    /// A CSV or TSV feed with `--jobs` above 1: each part read, checked and rendered on the
    /// thread that takes it, the results written in order on the calling thread
    /// (`pipeline::map_parts`, [`Part`]).
    Parts(Box<(FeedParts, Placer)>),
}

/// What the sink of [`run`] takes: a product with its report, before the feed-level rules, or
/// results to write as they are. It returns whether the product's result joins the run of
/// results not yet written (`Counted` with no feed-level rule firing).
enum Emit<'a> {
    /// With its result rendered ahead when given.
    Checked(&'a Product, &'a mut ProductReport, Option<&'a Rendered>),
    /// A product of a part, placed in the feed, with what the sink reads of it and its report
    /// unless a feed-level rule fires ([`Part`]): neither is read then, and its result rendered
    /// ahead joins the run. Else the run, `before` it, is written first, and a report freed
    /// where it was made ([`Row::slim`]) is made again with `again`.
    Counted {
        p: &'a Product,
        report: &'a mut ProductReport,
        file: &'a Arc<str>,
        row: &'a Row,
        before: &'a [u8],
        again: &'a dyn Fn() -> Result<ProductReport, Error>,
    },
    /// A run of results rendered ahead ([`Framing`]) of products counted (`Counted`), to write.
    Run(&'a [u8]),
}

/// A part of a delimited feed read, checked and rendered on one thread
/// (`pipeline::map_parts`): its products and their reports, kept to be freed by that thread once
/// the sink is done with them, and, when the output takes results rendered ahead, each result's
/// JSON with its separators ([`Framing`]) back to back in `json`, with what the sink reads of the
/// product in `rows`. Results that no feed-level rule changes are written as they are, a run of
/// them at once: a whole part's, unless a duplicate is in it.
#[derive(Default)]
struct Part {
    products: Vec<Product>,
    reports: Vec<ProductReport>,
    rows: Vec<Row>,
    json: Vec<u8>,
    end: Option<crate::feed::PartEnd>,
    /// The part's text, to read a product again whose report was freed ([`Row::slim`]).
    text: Option<PartText>,
}

thread_local! {
    /// Parts this thread read and the sink is done with, emptied, their buffers kept for the next
    /// parts it reads ([`Spent`]).
    static SPARE: std::cell::RefCell<Vec<Part>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Spare parts a thread keeps ([`SPARE`]): one in the sink's hands while it reads the next.
/// As many as may be in flight (8) measured the same (1M CSV `--jobs 2`, five alternating runs).
const SPARE_PARTS: usize = 2;

/// A part the sink is done with, sent back to the thread that read it (`pipeline::map_parts`):
/// dropped there, it frees its products and keeps its buffers for the next part that thread
/// reads. Allocated afresh for every part, the buffers (the JSON alone ~100 KB) were large
/// blocks the allocator returned to the system and took back, a page fault for every page
/// touched again: 1M CSV `validate --jobs 2`, 17,189 page faults against 7,686 with one job.
struct Spent(Part);

impl Drop for Spent {
    fn drop(&mut self) {
        let mut part = std::mem::take(&mut self.0);
        // A part much larger than most (one long record) is not kept.
        if part.json.capacity() > 4 * crate::feed::PART_BYTES {
            return;
        }
        part.products.clear();
        part.reports.clear();
        part.rows.clear();
        part.json.clear();
        part.end = None;
        // Its buffer goes back to this thread's spares, for the parts it cuts.
        part.text = None;
        // At the end of a thread its spare parts are freed: `try_with` then does nothing.
        let _ = SPARE.try_with(|spare| {
            if let Ok(mut spare) = spare.try_borrow_mut()
                && spare.len() < SPARE_PARTS
            {
                spare.push(part);
            }
        });
    }
}

/// What the sink reads of a part's product and its report when no feed-level rule fires: a few
/// bytes in a row, where the product and report are spread over the memory of the thread that
/// made them (each first read by another core waited for the line to cross).
struct Row {
    counted: Counted,
    keys: FeedKeys,
    line: u64,
    /// The product's index in its part, and whether it has an `id` (`Placer::place_plain`).
    index: u64,
    has_id: bool,
    /// Where its JSON ends in [`Part::json`].
    end: usize,
    /// Its report's findings were freed once its result was rendered, while they were in the
    /// caches of the thread that made them: freed later, by then out of them, each cost a cache
    /// miss (1M CSV `validate --jobs 2`, ten alternating runs: median 2.120 -> 2.065 s, CPU
    /// 4.06 -> 3.96 s). A feed-level rule rarely fires; when one does, the product is read
    /// again from [`Part::text`] and checked again ([`Emit::Counted`]).
    slim: bool,
}

impl Part {
    /// Reads `part` and checks its products, [`PIECE`] at a time (rule by rule, as
    /// `Engine::check_batch` does), rendering each result with `render` when given.
    fn read(
        part: FeedPart,
        engine: &Engine,
        render: Option<(ResultOptions, Framing)>,
    ) -> Result<Self, Error> {
        // The products read issues may be carried to (`FeedPart::number`), kept whole in case.
        let first = part.number() <= 1;
        let mut done = SPARE.with_borrow_mut(Vec::pop).unwrap_or_default();
        done.products.reserve(2 * PIECE);
        done.reports.reserve(2 * PIECE);
        if render.is_some() {
            done.rows.reserve(2 * PIECE);
            // A result's JSON is about as long as its row (the bench feed: 917 and 920 bytes).
            // A spare buffer too small is replaced, not grown: growing copies its old bytes
            // (13% of the page faults of a 1M CSV `--jobs 2` run were that copy; 13,183 ->
            // 11,448 faults). Rounded up, the buffer fits the next parts, about as long.
            let need = part.len() + part.len() / 2;
            if done.json.capacity() < need {
                done.json = Vec::with_capacity(need.next_multiple_of(crate::feed::PART_BYTES / 2));
            }
        }
        let mut items = part.read();
        loop {
            let start = done.products.len();
            done.products.extend(items.by_ref().take(PIECE));
            if done.products.len() == start {
                break;
            }
            let batch: Vec<&Product> = done.products[start..].iter().collect();
            let mut reports = engine.check_batch(&batch);
            if let Some((opts, framing)) = render {
                for (p, r) in done.products[start..].iter_mut().zip(&mut reports) {
                    framing.render(&mut done.json, r, opts)?;
                    let has_id = p.get_nonblank("id").is_some();
                    // What the sink may still read of a product placed as it is: the texts a
                    // duplicate's message quotes (`FeedState::hits_at`). The rest, and its
                    // report's findings, are freed here and now. One placed again (no `id`, or
                    // read issues carried to it) is read whole: it is checked again.
                    let slim = has_id && !(first && p.location.index == 0);
                    done.rows.push(Row {
                        counted: Counted::of(r),
                        keys: r.feed_keys.unwrap_or_default(),
                        line: p.location.line,
                        index: p.location.index,
                        has_id,
                        end: done.json.len(),
                        slim,
                    });
                    if slim {
                        p.keep_only(&["id", "gtin"]);
                        r.findings = Vec::new();
                        r.product_id = String::new();
                    }
                }
            }
            done.reports.extend(reports);
        }
        if render.is_some() {
            let (end, text) = items.finish_keeping();
            done.end = Some(end);
            done.text = text;
        } else {
            done.end = Some(items.finish());
        }
        Ok(done)
    }
}

/// Checks a batch of read items (rule by rule) on a worker, rendering each result with the
/// options `render` when given.
fn check_batch(
    engine: &Engine,
    batch: Vec<Result<Box<Product>, Error>>,
    render: Option<ResultOptions>,
) -> Vec<Result<Checked, Error>> {
    Engine::check_each(batch, |p| (engine, &**p))
        .into_iter()
        .map(|item| {
            item.and_then(|(p, r)| {
                let rendered = render.map(|opts| Rendered::new(&r, opts)).transpose()?;
                Ok((p, r, rendered))
            })
        })
        .collect()
}

#[allow(
    clippy::too_many_lines,
    reason = "one sink for two `map_batches` calls, with and without results rendered ahead"
)]
pub fn run(args: &ValidateArgs, ctx: &mut Ctx<'_>) -> Result<Outcome, Error> {
    let format = ctx.global.report_format(args.output.as_deref());
    check_outputs(args, format)?;
    let cwd = std::env::current_dir()?;
    let config = load_config(&args.config, &cwd)?;
    let gate = args.gate.resolve(&config.gates);
    let baseline = args.gate.load_baseline()?;
    let rctx = RequestContext::from_env()?;
    let account = Account::open(
        ctx.global.api_key(),
        &ctx.global.store_config(),
        Endpoint::VALIDATE_PRODUCT,
        &rctx,
    )?;
    let budget = account.prefetch_limit()?;
    let (sources, buffered) = open_sources(&args.feed, budget, args.result_options())?;
    account.ensure_capacity(buffered)?;

    let engine = Engine::new(engine_options(&config, args.category));
    let progress = Progress::new(
        ctx.stderr_is_terminal && !ctx.global.quiet,
        "validating products",
    );
    let infos = rule_infos();
    let ci_options = CiOptions::for_run(cwd, gate.fail_on);
    // `-o FILE` is written beside FILE and renamed over it at the end: a failed run leaves FILE
    // as it was.
    let mut file = output_file::create_for(args.output.as_deref())?;
    // `--report`s: the same run in other formats, rendered on this thread, put in place with -o.
    let mut report_files = output_file::ReportFiles::create(&args.reports)?;
    let terminal = file.is_none().then_some((ctx.color, ctx.table_width));
    let out = output_file::report_writer(&mut file, &mut *ctx.out);
    let mut output = if args.statistics {
        Statistics::output(format, out, terminal)
    } else {
        open_output(format, out, &infos, &ci_options, args, terminal)?
    };
    let mut extras =
        report_files.open_each(|(f, out)| open_output(f, out, &infos, &ci_options, args, None))?;
    let mut feed_summary = FeedSummary::default();
    let mut comparison = baseline.as_ref().map(Baseline::compare);
    let (mut total, mut critical) = (0_u64, 0_u64);
    for source in sources {
        let (feed, opts, kind) = match source {
            Source::Buffered(v, o) => (Feed::Items(Box::new(v.into_iter().map(Ok))), o, None),
            Source::Prefetched(v, o) => (Feed::Items(Box::new(v.into_results())), o, None),
            Source::Stream(r, o) => {
                let kind = r.kind();
                // A CSV or TSV feed with `--jobs` above 1 is read in parts (`Feed::Parts`).
                let feed = if rayon::current_num_threads() > 1 {
                    match r.into_parts(crate::feed::PART_BYTES) {
                        Ok(parts) => Feed::Parts(Box::new(parts)),
                        Err(r) => Feed::Items(Box::new(r)),
                    }
                } else {
                    Feed::Items(r)
                };
                (feed, o, Some(kind))
            }
        };
        let costly = kind.is_some_and(FeedKind::is_costly_to_read);
        let mut state = engine.feed_state();
        // Where reading is costly (XML, JSON) the thread that reads the feed and writes the
        // report is the one the others wait for: the JSON of each result is then rendered with
        // the checks, in parallel, and written as it is unless a feed-wide rule changes the report
        // (a duplicate id or GTIN). For CSV it would only add work (docs/performance.md).
        let ahead = costly && output.renders_ahead();
        // For the same reason the reports are freed on the workers, and so are the products
        // unless the reading thread has the time (`FeedKind::frees_products_where_read`).
        let local = kind.is_some_and(FeedKind::frees_products_where_read);
        // Parts render ahead where they are checked.
        let render_ahead = match &feed {
            Feed::Parts(..) => output.renders_ahead(),
            Feed::Items(_) => ahead,
        };
        let mut behind = DropBehind::new();
        // Nothing but the output reads the reports: no `--report`, no baseline.
        let only_output = extras.is_empty() && comparison.is_none();
        let framing = output.framing();
        let mut sink = |item: Emit<'_>| {
            let (p, report, rendered) = match item {
                Emit::Checked(p, report, rendered_ahead) => {
                    let changed = state.apply(&engine, p, report);
                    (p, report, rendered_ahead.filter(|_| !changed))
                }
                Emit::Counted {
                    p,
                    report,
                    file,
                    row,
                    before,
                    again,
                } => {
                    let Some(hits) = state.hits_at(&engine, p, file, row.line, row.keys) else {
                        total += 1;
                        critical += u64::from(row.counted.critical);
                        feed_summary.add_counted(&row.counted);
                        output.product_counted(&row.counted);
                        progress.inc(1);
                        return Ok(true);
                    };
                    output.write_counted(before)?;
                    if row.slim {
                        *report = again()?;
                    }
                    hits.add_to(report);
                    (p, report, None)
                }
                Emit::Run(run) => {
                    output.write_counted(run)?;
                    return Ok(false);
                }
            };
            total += 1;
            critical += u64::from(crate::report::validate::has_critical_compliance(report));
            feed_summary.add_product(&report.findings);
            if let Some(c) = comparison.as_mut() {
                c.observe_findings(&report.product_id, &report.findings);
            }
            output.product(p, report, opts, rendered)?;
            (extras.iter_mut()).try_for_each(|e| e.product(p, report, opts, None))?;
            progress.inc(1);
            Ok::<bool, Error>(false)
        };
        let render = render_ahead.then_some(opts);
        let checked = match feed {
            Feed::Parts(parts) => {
                let (mut parts, mut placer) = *parts;
                // Results rendered ahead are written as they are, with what the summaries count of
                // their reports, unless the output needs the reports themselves.
                let counted = render.filter(|_| only_output).zip(framing);
                let file = parts.label();
                map_parts(
                    || parts.next_part(),
                    |part| Part::read(part, &engine, counted),
                    |part: Result<Part, Error>| {
                        let mut part = part?;
                        let Part {
                            products,
                            reports,
                            rows,
                            json,
                            end,
                            text,
                        } = &mut part;
                        // Where the next product's result starts in `json`, and where the results
                        // not yet written (the run) start.
                        let (mut start, mut run) = (0, 0);
                        for (i, (p, report)) in
                            products.iter_mut().zip(reports.iter_mut()).enumerate()
                        {
                            if let Some(row) = rows.get(i) {
                                let (own, end) = (start, row.end);
                                start = end;
                                if !placer.place_plain(row.index, row.has_id) {
                                    let before = json.get(run..own).unwrap_or_default();
                                    // The product as read and checked, for a report freed.
                                    let again = || {
                                        let p = text.as_ref().and_then(|t| t.product(row.index));
                                        p.map(|p| engine.check(&p)).ok_or_else(|| {
                                            Error::internal(format!(
                                                "{file}: line {}: the product could not be read again",
                                                row.line
                                            ))
                                        })
                                    };
                                    if !sink(Emit::Counted {
                                        p,
                                        report,
                                        file: &file,
                                        row,
                                        before,
                                        again: &again,
                                    })? {
                                        run = end;
                                    }
                                    continue;
                                }
                                sink(Emit::Run(json.get(run..own).unwrap_or_default()))?;
                                run = end;
                            }
                            // Placed in the feed, a product may have read issues carried to it or a
                            // new `item-N` id: then it is checked again, here.
                            if placer.place(p) {
                                *report = engine.check(p);
                            }
                            sink(Emit::Checked(p, report, None))?;
                        }
                        sink(Emit::Run(json.get(run..start).unwrap_or_default()))?;
                        if let Some(end) = end.take() {
                            placer.end_part(end)?;
                        }
                        Ok(Spent(part))
                    },
                )
                .and_then(|()| placer.finish())
            }
            Feed::Items(items) if ahead => map_batches(
                items.map(|item| item.map(Box::new)),
                DEFAULT_CHUNK,
                |batch| check_batch(&engine, batch, render),
                |result| {
                    let (p, mut report, rendered_ahead) = result?;
                    sink(Emit::Checked(&p, &mut report, rendered_ahead.as_ref()))?;
                    // Where `local`, `then_some` drops the product here.
                    behind.push(((!local).then_some(p), report, rendered_ahead));
                    Ok(())
                },
            ),
            // Nothing rendered ahead (CSV with one job, and any output that does not take it):
            // the pairs go to the sink as `check_each` made them. Mapped to `Checked` with `None`
            // and taken apart in the sink, each report (~230 bytes) was copied four more times, a
            // `memcpy` call of 29 instructions each (callgrind, 20k CSV rows: validate −8.1M with
            // the result writer's changes of the same commit; docs/performance.md).
            Feed::Items(items) => map_batches(
                items.map(|item| item.map(Box::new)),
                DEFAULT_CHUNK,
                |batch| Engine::check_each(batch, |p| (&engine, &**p)),
                |result| {
                    let (p, mut report) = result?;
                    sink(Emit::Checked(&p, &mut report, None)).map(|_| ())
                },
            ),
        };
        if let Err(e) = checked {
            output.abandon()?;
            return Err(e);
        }
    }
    progress.finish();
    let receipt = account.record(total)?;
    // A report that cannot be written to the end fails the run, which then counts nothing.
    (std::iter::once(output).chain(extras))
        .try_for_each(|o| o.finish(&receipt, &rctx))
        .map_err(|e| account.take_back(&receipt, e))?;
    output_file::commit_all_counted(file, report_files, &account, &receipt, ctx, "validated")?;

    let baseline_report = comparison.map(|c| c.finish(gate.max_drop));
    let verdict = critical_verdict(critical, total)
        .and(gate.evaluate_all(&feed_summary, baseline_report.as_ref()));
    // The one-line reason of a failing verdict on stderr and, when the baseline failed, its
    // details (the rule `batch` shares: `Gate::report_with_baseline`).
    Ok(gate.report_with_baseline(
        &verdict,
        baseline_report.as_ref(),
        ctx.global.quiet,
        &mut *ctx.err,
    )?)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A spent part goes back to its thread's spares emptied, its buffers kept; at most
    /// `SPARE_PARTS` are kept, and none much larger than a part.
    #[test]
    fn spent_parts_are_kept_empty_for_the_next_parts_of_their_thread() {
        std::thread::spawn(|| {
            let full = || {
                let mut part = Part::default();
                part.products.push(Product::default());
                part.json.extend_from_slice(b"{}\n");
                part
            };
            drop(Spent(full()));
            let mut big = full();
            big.json.reserve(8 * crate::feed::PART_BYTES);
            drop(Spent(big));
            SPARE.with_borrow(|spare| {
                assert_eq!(spare.len(), 1);
                assert!(spare[0].products.is_empty() && spare[0].json.is_empty());
                assert!(spare[0].products.capacity() >= 1 && spare[0].json.capacity() >= 3);
            });
            for _ in 0..3 {
                drop(Spent(full()));
            }
            assert_eq!(SPARE.with_borrow(Vec::len), SPARE_PARTS);
        })
        .join()
        .unwrap();
    }
}
