//! `feedlint revenue`: revenue impact analysis of a feed or a spec 2.6 request body (spec 2.6, 4.4).
//!
//! Wires key → feed → rules engine (issues per product) → `revenue::Analyzer` → table, JSON or
//! CSV. Holds no model logic (src/revenue/), no rule logic (src/rules/) and no emitter (report/).
//!
//! Options come from the flags and, for a request body given as the first input, from its
//! `options.timeHorizon`, `options.include*` switches and top-level `analysisType` and
//! `timeframe` (spec 4.4); a flag wins over the request body (docs/revenue-model.md §7).

use std::io::Write;
use std::path::PathBuf;

use serde_json::{Map, Value};

use super::Ctx;
use super::engine_setup::{engine_options, load_config};
use super::input::FeedArgs;
use super::progress::Progress;
use crate::account::{Account, Endpoint, RequestContext};
use crate::config::ConfigArgs;
use crate::error::{Error, Outcome};
use crate::feed::{FeedKind, FeedReader};
use crate::model::price::is_known_currency;
use crate::model::{Product, request};
use crate::report::OutputFormat;
use crate::report::revenue::{CsvEmitter, JsonStream, write_table};
use crate::revenue;
use crate::revenue::{
    AnalysisType, Analyzer, Issue, MAX_PRODUCTS_PER_REQUEST, Options, ProductInput, Timeframe,
    check_request_size, parse_time_horizon,
};
use crate::rules::{Engine, ProductReport};

/// Products analysed in parallel per chunk (memory is bounded by one chunk in flight).
const CHUNK: usize = 256;

/// Arguments of `feedlint revenue`.
#[derive(Debug, Clone, clap::Args)]
pub struct RevenueArgs {
    /// Months the opportunity value and ROI count gains over (spec 4.4 `timeHorizon`), e.g.
    /// `6_months` or `6`; 1 to 60, default 15.
    #[arg(long, value_name = "N_months")]
    pub time_horizon: Option<String>,

    /// Period of the reported amounts (spec 4.4 `timeframe`; default monthly).
    #[arg(long, value_name = "PERIOD", value_parser = ["monthly", "quarterly", "yearly"])]
    pub timeframe: Option<String>,

    /// How much is reported (never the numbers): quick (1 recommendation, top 3), standard
    /// (3, top 5, default) or comprehensive (all, top 10).
    #[arg(long, value_name = "TYPE", value_parser = ["quick", "standard", "comprehensive"])]
    pub analysis_type: Option<String>,

    /// Leave out the ROI fields (`includeROICalculations: false`).
    #[arg(long)]
    pub no_roi: bool,

    /// Leave out priorities and priority opportunities (`includePriorityAssessment: false`).
    #[arg(long)]
    pub no_priority: bool,

    /// Leave out the payback periods (`includePaybackAnalysis: false`).
    #[arg(long)]
    pub no_payback: bool,

    /// ISO 4217 currency of prices written without one (a request body's numeric price).
    #[arg(long, value_name = "CODE", default_value = "USD")]
    pub currency: String,

    /// Write the report to FILE instead of stdout. Without --format, FILE.csv gets CSV and
    /// FILE.json JSON (a table is for a terminal); --format always wins.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub feed: FeedArgs,

    /// The rules that find each product's issues: feedlint.toml and the selection flags, as
    /// `validate` reads them, so that an issue costs here what `validate` says it costs.
    #[command(flatten, next_help_heading = "Configuration")]
    pub config: ConfigArgs,
}

pub fn run(args: &RevenueArgs, ctx: &mut Ctx<'_>) -> Result<Outcome, Error> {
    let format = ctx.global.report_format(args.output.as_deref());
    format.ensure_one_of(
        "revenue",
        &[OutputFormat::Table, OutputFormat::Json, OutputFormat::Csv],
    )?;
    let currency = args.currency.trim().to_ascii_uppercase();
    if !is_known_currency(&currency) {
        return Err(Error::usage(format!(
            "`{}` is not an ISO 4217 currency code",
            args.currency
        ))
        .with_help("write a three-letter code such as USD, EUR or GBP"));
    }
    args.feed.check_inputs(args.output.as_deref())?;
    let config = load_config(&args.config, &std::env::current_dir()?)?;
    let engine = Engine::new(engine_options(&config, None));
    let rctx = RequestContext::from_env()?;
    let account = Account::open(
        ctx.global.api_key(),
        &ctx.global.store_config(),
        Endpoint::REVENUE_IMPACT,
        &rctx,
    )?;

    // The first input is opened now: a request body is read whole (at most 101 products, spec
    // 4.4 limit) so that its size is checked and its options known before any work.
    let mut inputs = args.feed.open_each();
    let (first, fields) = match inputs.next() {
        Some(reader) => {
            let (source, fields) = open_source(reader?, &currency)?;
            (Some(source), fields)
        }
        None => (None, None),
    };
    let mut products = Products {
        inputs,
        current: first,
        currency: currency.clone(),
    };
    let options = resolve_options(args, currency, fields.as_ref())?;

    // Test keys: read at most remaining + 1 products and refuse before any work (spec 8).
    let held = account.prefetch(products.by_ref())?;
    let items: Box<dyn Iterator<Item = Result<Item, Error>> + Send + '_> = match held {
        Some(held) => Box::new(held.into_results()),
        None => Box::new(products),
    };

    // `-o FILE` is written beside FILE and renamed over it at the end: a failed run leaves FILE
    // as it was.
    let mut file = args
        .output
        .as_deref()
        .map(super::output_file::OutputFile::create)
        .transpose()?;
    // The width is the terminal's: a report file gets none.
    let width = ctx.table_width.filter(|_| file.is_none());
    let count = {
        let out: &mut dyn Write = match file.as_mut() {
            Some(f) => f.writer(),
            None => &mut *ctx.out,
        };
        let mut emitter = match format {
            OutputFormat::Json => Emitter::Json(JsonStream::start(&mut *out)?),
            OutputFormat::Csv => Emitter::Csv(Box::new(CsvEmitter::new(&mut *out)?)),
            _ => Emitter::Table(&mut *out),
        };

        let mut analyzer = Analyzer::new(options.clone());
        let progress = Progress::new(
            ctx.stderr_is_terminal && !ctx.global.quiet,
            "analysing products",
        );
        analyze_all(items, &engine, &mut analyzer, &mut emitter, &progress)?;
        progress.finish();

        let count = analyzer.accumulator().products();
        let summary = analyzer.finish();
        let receipt = account.record(count)?;
        let meta = receipt.meta(&rctx, Endpoint::REVENUE_IMPACT);
        // A report that cannot be written to the end fails the run, which then counts nothing.
        let written = (|| -> Result<(), Error> {
            match emitter {
                Emitter::Json(s) => s.finish(&summary, &meta)?.flush()?,
                Emitter::Csv(c) => c.finish()?.flush()?,
                Emitter::Table(mut w) => {
                    write_table(&mut w, &summary, &options, width)?;
                    w.flush()?;
                }
            }
            Ok(())
        })();
        written.map_err(|e| account.take_back(&receipt, e))?;
        (count, receipt)
    };
    let (count, receipt) = count;
    if let Some(file) = file {
        file.commit().map_err(|e| account.take_back(&receipt, e))?;
    }
    super::output_file::say_written(ctx, "analysed", count, args.output.as_deref())?;
    Ok(Outcome::Clean)
}

/// Finds each product's issues with the rules engine (in parallel, in order), adds the
/// feed-wide rules' (a duplicate id or GTIN, in input order, as `validate` does) and adds the
/// products to the analyzer one at a time, streaming each result to the emitter.
fn analyze_all<W: Write>(
    items: impl Iterator<Item = Result<Item, Error>> + Send,
    engine: &Engine,
    analyzer: &mut Analyzer,
    emitter: &mut Emitter<W>,
    progress: &Progress,
) -> Result<(), Error> {
    let mut state = engine.feed_state();
    crate::pipeline::map_batches(
        items,
        CHUNK,
        |batch: Vec<Result<Item, Error>>| Engine::check_each(batch, |item| (engine, &item.product)),
        |checked: Result<(Item, ProductReport), Error>| -> Result<(), Error> {
            let (item, mut report) = checked?;
            state.apply(engine, &item.product, &mut report);
            let result = analyzer.add(&product_input(&item, &report));
            match emitter {
                Emitter::Json(s) => s.product(&result)?,
                Emitter::Csv(c) => c.write(&result)?,
                Emitter::Table(_) => {}
            }
            progress.inc(1);
            Ok(())
        },
    )
}

/// What the analyzer is given of a checked product: its issues come from the rules engine
/// (spec 2.6 "per validation issue"); a request body's product counts only those its request
/// could avoid.
fn product_input(item: &Item, report: &ProductReport) -> ProductInput {
    let p = &item.product;
    let issues = report
        .findings
        .iter()
        .filter(|f| !item.request || revenue::request::counts(f.field, p.has(f.field)))
        .map(Issue::from_finding)
        .collect();
    ProductInput {
        gtin_issue: report.gtin_issue,
        ..ProductInput::from_product(p, report.category, issues)
    }
}

/// The emitter chosen by `--format`.
enum Emitter<W: Write> {
    Table(W),
    Json(JsonStream<W>),
    Csv(Box<CsvEmitter<W>>),
}

/// A product to analyse, and whether it came from a spec 2.6 request body
/// (`revenue::request`: its bare price read in the run's currency, its issues counted only for
/// the attributes it carries or 2.6 defines).
struct Item {
    product: Product,
    request: bool,
}

/// Where the next products come from: a request body read whole, or a streamed feed.
enum Source {
    Held(std::vec::IntoIter<Product>),
    Stream(Box<FeedReader>),
}

impl Iterator for Source {
    type Item = Result<Item, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        match self {
            Self::Held(it) => it.next().map(|product| {
                Ok(Item {
                    product,
                    request: true,
                })
            }),
            Self::Stream(r) => r.next().map(|p| {
                p.map(|product| Item {
                    product,
                    request: false,
                })
            }),
        }
    }
}

/// A request body's label and top-level fields.
type BodyFields = (String, Map<String, Value>);

/// Opens one input. A request body is read whole, at most `MAX_PRODUCTS_PER_REQUEST + 1`
/// products, and refused with PAYLOAD_TOO_LARGE when it has more (spec 4.4, 7); its top-level
/// fields are returned with it. Other feeds are streamed.
fn open_source(
    mut reader: FeedReader,
    currency: &str,
) -> Result<(Source, Option<BodyFields>), Error> {
    if reader.kind() != FeedKind::JsonRequestBody {
        return Ok((Source::Stream(Box::new(reader)), None));
    }
    let mut held = reader
        .by_ref()
        .take(MAX_PRODUCTS_PER_REQUEST + 1)
        .collect::<Result<Vec<_>, _>>()?;
    check_request_size(held.len()).map_err(|mut e| {
        e.message = format!("{}: {}", reader.label(), e.message);
        e
    })?;
    for product in &mut held {
        revenue::request::price_in_currency(product, currency);
    }
    let fields = reader
        .request_fields()
        .cloned()
        .map(|f| (reader.label().to_owned(), f));
    Ok((Source::Held(held.into_iter()), fields))
}

/// Every product of every input, in order.
struct Products<I> {
    inputs: I,
    current: Option<Source>,
    /// `--currency`: the currency of a request body's bare price.
    currency: String,
}

impl<I: Iterator<Item = Result<FeedReader, Error>>> Iterator for Products<I> {
    type Item = Result<Item, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(source) = &mut self.current {
                if let Some(item) = source.next() {
                    return Some(item);
                }
                self.current = None;
            }
            match self.inputs.next()? {
                Err(e) => return Some(Err(e)),
                // Later request bodies obey the size limit too; their options are not read
                // (the run's options are fixed before the first product is analysed).
                Ok(reader) => match open_source(reader, &self.currency) {
                    Ok((source, fields)) => {
                        // Their options are not read, but a field of the wrong type fails the
                        // request as in the first body.
                        if let Err(e) = apply_body(&mut Options::default(), fields.as_ref()) {
                            return Some(Err(e));
                        }
                        self.current = Some(source);
                    }
                    Err(e) => return Some(Err(e)),
                },
            }
        }
    }
}

fn body_str<'a>(
    label: &str,
    map: Option<&'a Map<String, Value>>,
    name: &str,
) -> Result<Option<&'a str>, Error> {
    match map.and_then(|m| m.get(name)) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(request::wrong_type(label, name, "a string", other)),
    }
}

/// Applies a request body's fields (spec 4.4) to `o`, refusing a field of the wrong type or
/// value. Later bodies are checked so too, their options not applied.
fn apply_body(o: &mut Options, fields: Option<&BodyFields>) -> Result<(), Error> {
    let label = fields.map_or("", |(label, _)| label.as_str());
    let fields = fields.map(|(_, f)| f);
    // A value the body gets wrong names the body.
    let in_body = |mut e: Error| {
        e.message = format!("{label}: request body: {}", e.message);
        e
    };
    let body_options = request::options(label, fields)?;
    match body_options.and_then(|b| b.get("timeHorizon")) {
        None | Some(Value::Null) => {}
        Some(Value::String(s)) => o.time_horizon_months = parse_time_horizon(s).map_err(in_body)?,
        Some(Value::Number(n)) => {
            o.time_horizon_months = parse_time_horizon(&n.to_string()).map_err(in_body)?;
        }
        Some(other) => {
            return Err(request::wrong_type(
                label,
                "options.timeHorizon",
                "a number of months like \"6_months\"",
                other,
            ));
        }
    }
    for (name, slot) in [
        ("includeROICalculations", &mut o.include_roi),
        ("includePriorityAssessment", &mut o.include_priority),
        ("includePaybackAnalysis", &mut o.include_payback),
    ] {
        if let Some(b) = request::boolean(label, body_options, "options.", name)? {
            *slot = b;
        }
    }
    if let Some(s) = body_str(label, fields, "analysisType")? {
        o.analysis_type = AnalysisType::parse(s).map_err(in_body)?;
    }
    if let Some(s) = body_str(label, fields, "timeframe")? {
        o.timeframe = Timeframe::parse(s).map_err(in_body)?;
    }
    Ok(())
}

/// The run's options: defaults, then the request body's fields (spec 4.4), then the flags.
/// `fields`: the first request body's label and top-level fields. A field of the wrong type
/// (`"options": "all"`, `"includeROICalculations": "yes"`) fails the request.
fn resolve_options(
    args: &RevenueArgs,
    default_currency: String,
    fields: Option<&BodyFields>,
) -> Result<Options, Error> {
    let mut o = Options {
        default_currency,
        ..Options::default()
    };
    apply_body(&mut o, fields)?;
    // Flags win over the request body.
    if let Some(s) = &args.time_horizon {
        o.time_horizon_months = parse_time_horizon(s)?;
    }
    if let Some(s) = &args.timeframe {
        o.timeframe = Timeframe::parse(s)?;
    }
    if let Some(s) = &args.analysis_type {
        o.analysis_type = AnalysisType::parse(s)?;
    }
    if args.no_roi {
        o.include_roi = false;
    }
    if args.no_priority {
        o.include_priority = false;
    }
    if args.no_payback {
        o.include_payback = false;
    }
    Ok(o)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use clap::Parser;
    use serde_json::json;

    #[derive(Parser)]
    struct Wrapper {
        #[command(flatten)]
        args: RevenueArgs,
    }

    fn args(flags: &[&str]) -> RevenueArgs {
        let mut argv = vec!["revenue"];
        argv.extend_from_slice(flags);
        argv.push("feed.json");
        Wrapper::try_parse_from(argv).expect("valid flags").args
    }

    fn fields(v: &Value) -> BodyFields {
        (
            "body.json".to_owned(),
            v.as_object().cloned().unwrap_or_default(),
        )
    }

    #[test]
    fn defaults_without_body_or_flags() {
        let o = resolve_options(&args(&[]), "USD".into(), None).expect("defaults");
        assert_eq!(o, Options::default());
    }

    #[test]
    fn request_body_options_apply_and_flags_win() {
        let body = fields(&json!({
            "options": {
                "timeHorizon": "6_months",
                "includeROICalculations": false,
                "includePriorityAssessment": false,
                "includePaybackAnalysis": true
            },
            "analysisType": "comprehensive",
            "timeframe": "quarterly"
        }));
        let o = resolve_options(&args(&[]), "EUR".into(), Some(&body)).expect("body");
        assert_eq!(o.time_horizon_months, 6);
        assert!(!o.include_roi && !o.include_priority && o.include_payback);
        assert_eq!(o.analysis_type, AnalysisType::Comprehensive);
        assert_eq!(o.timeframe, Timeframe::Quarterly);
        assert_eq!(o.default_currency, "EUR");

        let flags = args(&[
            "--time-horizon",
            "12",
            "--timeframe",
            "monthly",
            "--analysis-type",
            "quick",
            "--no-payback",
        ]);
        let o = resolve_options(&flags, "USD".into(), Some(&body)).expect("flags");
        assert_eq!(o.time_horizon_months, 12);
        assert_eq!(o.timeframe, Timeframe::Monthly);
        assert_eq!(o.analysis_type, AnalysisType::Quick);
        assert!(!o.include_payback);
        assert!(
            !o.include_roi,
            "the body's false stays when no flag says otherwise"
        );
    }

    #[test]
    fn request_body_fields_of_the_wrong_type_are_refused() {
        for body in [
            json!({"options": {"includeROICalculations": "yes"}}),
            json!({"options": {"includePaybackAnalysis": 1}}),
            json!({"options": "all"}),
            json!({"options": [true]}),
            json!({"options": {"timeHorizon": true}}),
            json!({"options": {"timeHorizon": "0_months"}}),
            json!({"analysisType": 3}),
            json!({"timeframe": "weekly"}),
        ] {
            let err = resolve_options(&args(&[]), "USD".into(), Some(&fields(&body)))
                .expect_err("refused");
            assert_eq!(err.code, ErrorCode::ValidationError, "{body}");
            assert!(err.message.starts_with("body.json: "), "{}", err.message);
        }
    }
}
