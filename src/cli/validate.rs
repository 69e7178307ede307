//! `feedlint validate`: product validation (spec 2.3, endpoint `POST /api/v2/validate/product`,
//! product counter).
//!
//! Wires feeds → rules engine → `report::validate`: products stream through
//! `pipeline::map_ordered` (per-product checks in parallel), then the feed-level rules run
//! sequentially in input order, and each result is emitted at once. A JSON request body is
//! capped at `PRODUCT_REQUEST_LIMIT` products and its `options` turn on the optional outputs;
//! plain feeds of any size are validated in full with bounded memory. Test keys read at most
//! `remaining + 1` products before any work so an over-limit request is refused up front.
//! Holds no rule logic and no output formatting.

use clap::Args;

use super::Ctx;
use super::input::FeedArgs;
use super::progress::Progress;
use crate::account::{Account, Endpoint, RequestContext, plan::PRODUCT_REQUEST_LIMIT};
use crate::catalog::Category;
use crate::error::{Error, ErrorCode, Outcome};
use crate::feed::{FeedKind, FeedReader};
use crate::model::Product;
use crate::model::result::ResultOptions;
use crate::pipeline::{DEFAULT_CHUNK, map_ordered};
use crate::report::OutputFormat;
use crate::report::validate::ValidateEmitter;
use crate::rules::{Engine, EngineOptions};

/// Arguments of `feedlint validate`.
#[derive(Debug, Clone, Args)]
pub struct ValidateArgs {
    #[command(flatten)]
    pub feed: FeedArgs,

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

    /// Exit 0 even when a product has a critical compliance problem.
    #[arg(long)]
    pub exit_zero: bool,
}

fn parse_category(s: &str) -> Result<Category, String> {
    Category::from_key(s.trim())
        .ok_or_else(|| format!("unknown category `{s}` (valid: {})", Category::valid_keys()))
}

/// One input, ready to validate.
enum Source {
    /// Read up front: a request body (at most 100 products) or any feed under a test key.
    Buffered(Vec<Product>, ResultOptions),
    /// Streamed while validating (plain feeds under a production key).
    Stream(Box<FeedReader>, ResultOptions),
}

/// The optional outputs a request body's `options` ask for (spec 4.1), added to the flags.
fn body_options(reader: &FeedReader, base: ResultOptions) -> ResultOptions {
    let opts = reader
        .request_fields()
        .and_then(|f| f.get("options"))
        .and_then(serde_json::Value::as_object);
    let on = |name: &str| {
        opts.and_then(|o| o.get(name))
            .and_then(serde_json::Value::as_bool)
            .unwrap_or(false)
    };
    ResultOptions {
        market_intelligence: base.market_intelligence || on("enableMarketIntelligence"),
        recommendations: base.recommendations || on("enableRecommendations"),
        business_intelligence: base.business_intelligence || on("includeBusinessIntelligence"),
    }
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
            let opts = body_options(&reader, base);
            sources.push(Source::Buffered(products, opts));
        } else if let Some(limit) = budget {
            let products = read_at_most(&mut reader, limit.saturating_sub(buffered))?;
            buffered += products.len() as u64;
            sources.push(Source::Buffered(products, base));
        } else {
            sources.push(Source::Stream(Box::new(reader), base));
        }
        if budget.is_some_and(|limit| buffered >= limit) {
            break;
        }
    }
    Ok((sources, buffered))
}

pub fn run(args: &ValidateArgs, ctx: &mut Ctx<'_>) -> Result<Outcome, Error> {
    let format = ctx.global.format;
    if !matches!(
        format,
        OutputFormat::Table | OutputFormat::Json | OutputFormat::Ndjson | OutputFormat::Csv
    ) {
        return Err(Error::usage(format!(
            "validate supports --format table|json|ndjson|csv, not {}",
            format.name()
        )));
    }
    let rctx = RequestContext::from_env()?;
    let account = Account::open(
        ctx.global.api_key(),
        &ctx.global.store_config(),
        Endpoint::VALIDATE_PRODUCT,
        &rctx,
    )?;
    let budget = account.prefetch_limit()?;
    let base = ResultOptions {
        market_intelligence: args.market_intelligence,
        recommendations: args.recommendations,
        business_intelligence: args.business_intelligence,
    };

    let (sources, buffered) = open_sources(&args.feed, budget, base)?;
    account.ensure_capacity(buffered)?;

    let engine = Engine::new(EngineOptions {
        category_override: args.category,
        ..EngineOptions::default()
    });
    let progress = Progress::new(
        ctx.stderr_is_terminal && !ctx.global.quiet,
        "Validating products",
    );
    let mut emitter = ValidateEmitter::new(format, &mut *ctx.out, args.verbose)?;
    for source in sources {
        let (items, opts): (Box<dyn Iterator<Item = Result<Product, Error>> + Send>, _) =
            match source {
                Source::Buffered(v, o) => (Box::new(v.into_iter().map(Ok)), o),
                Source::Stream(r, o) => (Box::new(r), o),
            };
        let mut state = engine.feed_state();
        map_ordered(
            items,
            DEFAULT_CHUNK,
            |item| {
                item.map(|p| {
                    let r = engine.check(&p);
                    (p, r)
                })
            },
            |result| {
                let (p, mut report) = result?;
                state.apply(&engine, &p, &mut report);
                emitter.product(&report, opts)?;
                progress.inc(1);
                Ok::<(), Error>(())
            },
        )?;
    }
    progress.finish();
    let summary = emitter.summary();
    let receipt = account.record(summary.total)?;
    let meta = receipt.meta(&rctx, Endpoint::VALIDATE_PRODUCT);
    emitter.finish(&receipt.product_billing(), &meta)?;

    if summary.critical == 0 {
        return Ok(Outcome::Clean);
    }
    if args.exit_zero {
        if !ctx.global.quiet {
            writeln!(
                ctx.err,
                "feedlint: {} of {} products have a critical compliance problem; exiting 0 because of --exit-zero",
                summary.critical, summary.total
            )?;
        }
        return Ok(Outcome::Clean);
    }
    writeln!(
        ctx.err,
        "feedlint: {} of {} products have a critical compliance problem (exit 1; --exit-zero to ignore)",
        summary.critical, summary.total
    )?;
    Ok(Outcome::GateFailed)
}
