//! `feedlint usage`: this month's usage of the current API key (spec 1, 8).
//!
//! Wires key → account → store read → table or JSON. Holds no pricing or limit logic: counts come
//! from `store`, limits and prices from `account`.

use comfy_table::{Cell, CellAlignment, Table, presets};
use serde::Serialize;

use super::Ctx;
use crate::account::plan::{CURRENCY, billed_by_volume_lines, sum_usd};
use crate::account::{
    Account, Counter, Endpoint, Receipt, RequestContext, Usage, cost_for, format_utc,
};
use crate::error::{Error, Outcome};
use crate::report::OutputFormat;

/// Arguments of `feedlint usage` (none beyond the global ones: --api-key, --db, --format).
#[derive(Debug, Clone, clap::Args)]
pub struct UsageArgs {}

/// `--format json` body (documented in docs/accounts.md).
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct UsageResponse {
    success: bool,
    data: UsageData,
    meta: crate::account::Meta,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct UsageData {
    /// The key, redacted.
    key: String,
    tier: &'static str,
    month: String,
    resets_at: String,
    counters: Vec<CounterUsage>,
    total: Totals,
    #[serde(flatten)]
    usage: Usage,
    currency: &'static str,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct CounterUsage {
    counter: Counter,
    validations: u64,
    cost: f64,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct Totals {
    validations: u64,
    cost: f64,
}

pub fn run(_args: &UsageArgs, ctx: &mut Ctx<'_>) -> Result<Outcome, Error> {
    let format = ctx.global.format;
    format.ensure_one_of("usage", &[OutputFormat::Table, OutputFormat::Json])?;
    let request = RequestContext::from_env()?;
    // A short run that only reads: the database is opened once, not for the check and the read.
    let account = Account::open_holding(
        ctx.global.api_key(),
        &ctx.global.store_config(),
        Endpoint::USAGE,
        &request,
        true,
    )?;
    let month_usage = account.monthly_usage()?;
    let tier = account.tier();
    let counters: Vec<CounterUsage> = Counter::ALL
        .into_iter()
        .map(|counter| {
            let validations = month_usage.get(counter.as_str());
            CounterUsage {
                counter,
                validations,
                cost: cost_for(tier, counter, 0, validations),
            }
        })
        .collect();
    let total = Totals {
        validations: counters.iter().map(|c| c.validations).sum(),
        cost: sum_usd(counters.iter().map(|c| c.cost)),
    };
    // `usage` is unmetered: the receipt only carries the usage just read.
    let receipt = Receipt {
        count: 0,
        counter: None,
        cost_usd: 0.0,
        tier,
        usage_after: Usage::new(tier, month_usage.total),
    };
    let data = UsageData {
        key: account.key().redacted(),
        tier: tier.as_str(),
        month: account.month().to_owned(),
        resets_at: format_utc(request.month_reset()),
        counters,
        total,
        usage: receipt.usage_after,
        currency: CURRENCY,
    };
    if format == OutputFormat::Json {
        let response = UsageResponse {
            success: true,
            data,
            meta: receipt.meta(&request, Endpoint::USAGE),
        };
        serde_json::to_writer_pretty(&mut *ctx.out, &response)
            .map_err(|e| Error::internal(format!("cannot write JSON: {e}")))?;
        writeln!(ctx.out)?;
    } else {
        write_table(&data, ctx)?;
    }
    Ok(Outcome::Clean)
}

fn write_table(data: &UsageData, ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let (limit, billed_by_volume) = match (data.usage.limit, data.usage.remaining) {
        (Some(limit), Some(remaining)) => (
            format!("{limit} validations a month, {remaining} remaining"),
            false,
        ),
        _ => ("unlimited (billed by volume)".to_owned(), true),
    };
    writeln!(ctx.out, "API key  {} ({})", data.key, data.tier)?;
    writeln!(
        ctx.out,
        "Month    {} (UTC), resets {}",
        data.month, data.resets_at
    )?;
    writeln!(ctx.out, "Limit    {limit}")?;
    let mut table = Table::new();
    table.load_preset(presets::UTF8_FULL_CONDENSED);
    table.set_header(vec!["Counter", "This month", "Cost (USD)"]);
    for c in &data.counters {
        table.add_row(vec![
            Cell::new(c.counter.label()),
            Cell::new(c.validations).set_alignment(CellAlignment::Right),
            Cell::new(format!("{:.2}", c.cost)).set_alignment(CellAlignment::Right),
        ]);
    }
    table.add_row(vec![
        Cell::new("Total"),
        Cell::new(data.total.validations).set_alignment(CellAlignment::Right),
        Cell::new(format!("{:.2}", data.total.cost)).set_alignment(CellAlignment::Right),
    ]);
    // The counter's label wraps.
    crate::report::width::fit(&mut table, ctx.table_width, &[1, 2]);
    writeln!(ctx.out, "{table}")?;
    // What "billed by volume" means, from the bands the costs above come from.
    if billed_by_volume {
        for line in billed_by_volume_lines() {
            for part in crate::report::width::wrap_line(&line, ctx.table_width) {
                writeln!(ctx.out, "{part}")?;
            }
        }
    }
    Ok(())
}
