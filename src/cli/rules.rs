//! `feedlint rules [CODE]`: list the rule registry, or print one rule's explanation.
//!
//! Wiring only: the registry, explanations and codes live in `crate::rules`.

use comfy_table::{ContentArrangement, Table, presets};
use serde::Serialize;

use super::Ctx;
use crate::error::{Error, ErrorCode, Outcome};
use crate::report::OutputFormat;
use crate::rules::{self, Rule};

/// Arguments of `feedlint rules`.
#[derive(Debug, clap::Args)]
pub struct RulesArgs {
    /// A rule code (`FL-C003`) or name (`title-too-short`) to explain.
    pub code: Option<String>,
}

#[derive(Serialize)]
struct RuleRow {
    code: &'static str,
    name: &'static str,
    group: &'static str,
    severity: &'static str,
    kind: &'static str,
    category: &'static str,
    fields: &'static [&'static str],
}

#[derive(Serialize)]
struct RuleDetail {
    #[serde(flatten)]
    row: RuleRow,
    what: &'static str,
    why: &'static str,
    example: &'static str,
    fix: &'static str,
    #[serde(rename = "zeroesCompliance")]
    zeroes_compliance: bool,
}

fn row(r: &Rule) -> RuleRow {
    RuleRow {
        code: r.code,
        name: r.name,
        group: r.group.as_str(),
        severity: r.severity.as_str(),
        kind: r.kind.as_str(),
        category: r.category_key(),
        fields: r.fields,
    }
}

pub fn run(args: &RulesArgs, ctx: &mut Ctx<'_>) -> Result<Outcome, Error> {
    ctx.global
        .format
        .ensure_one_of("rules", &[OutputFormat::Table, OutputFormat::Json])?;
    match &args.code {
        None => list(ctx)?,
        Some(code) => explain(code, ctx)?,
    }
    Ok(Outcome::Clean)
}

fn list(ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let registry = rules::registry();
    if ctx.global.format == OutputFormat::Json {
        let rows: Vec<RuleRow> = registry.iter().map(|r| row(r)).collect();
        serde_json::to_writer_pretty(&mut *ctx.out, &rows)
            .map_err(|e| Error::internal(e.to_string()))?;
        writeln!(ctx.out)?;
        return Ok(());
    }
    let mut table = Table::new();
    table
        .load_preset(presets::UTF8_BORDERS_ONLY)
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(["Code", "Name", "Group", "Severity", "Kind", "Category"]);
    for r in registry {
        table.add_row([
            r.code,
            r.name,
            r.group.as_str(),
            r.severity.as_str(),
            r.kind.as_str(),
            r.category_key(),
        ]);
    }
    // The name wraps.
    crate::report::width::fit(&mut table, ctx.table_width, &[0, 2, 3, 4, 5]);
    writeln!(ctx.out, "{table}")?;
    let counts: Vec<String> = rules::counts_by_group()
        .iter()
        .map(|(g, n)| format!("{} {n}", g.as_str()))
        .collect();
    writeln!(
        ctx.out,
        "{} rules ({}). Codes {}..{} are reserved for GTIN rules.",
        registry.len(),
        counts.join(", "),
        rules::RESERVED_GTIN_CODES.0,
        rules::RESERVED_GTIN_CODES.1
    )?;
    writeln!(
        ctx.out,
        "Run `feedlint rules CODE` for a rule's explanation; scoring is described in docs/scoring.md."
    )?;
    Ok(())
}

fn explain(code: &str, ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let Some(rule) = rules::find(code) else {
        let help = rules::did_you_mean(code)
            .unwrap_or_else(|| "run `feedlint rules` to list every rule".to_owned());
        return Err(
            Error::new(ErrorCode::NotFound, format!("unknown rule code `{code}`")).with_help(help),
        );
    };
    if ctx.global.format == OutputFormat::Json {
        let detail = RuleDetail {
            row: row(rule),
            what: rule.what,
            why: rule.why,
            example: rule.example,
            fix: rule.fix,
            zeroes_compliance: rule.zeroes_compliance,
        };
        serde_json::to_writer_pretty(&mut *ctx.out, &detail)
            .map_err(|e| Error::internal(e.to_string()))?;
        writeln!(ctx.out)?;
        return Ok(());
    }
    writeln!(ctx.out, "# {} {}", rule.code, rule.name)?;
    writeln!(ctx.out)?;
    writeln!(
        ctx.out,
        "Group: {}   Severity: {}   Kind: {}   Category: {}",
        rule.group.as_str(),
        rule.severity.as_str(),
        rule.kind.as_str(),
        rule.category_key()
    )?;
    if !rule.fields.is_empty() {
        writeln!(ctx.out, "Fields: {}", rule.fields.join(", "))?;
    }
    writeln!(ctx.out)?;
    write!(ctx.out, "{}", rule.explanation())?;
    Ok(())
}
