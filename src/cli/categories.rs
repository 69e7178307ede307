//! `feedlint categories`: the category discovery of spec 4.7, offline and without a key.
//!
//! Wiring only: the response is built by `catalog::discovery` from the catalog and the plan.

use comfy_table::{ContentArrangement, Table, presets};

use super::Ctx;
use crate::account::{Tier, plan};
use crate::catalog::Category;
use crate::catalog::discovery::{self, CategoriesResponse, TierFilter, View};
use crate::error::{Error, ErrorCode, Outcome};
use crate::model::text::count;
use crate::report::OutputFormat;

/// Arguments of `feedlint categories`.
#[derive(Debug, clap::Args)]
pub struct CategoriesArgs {
    /// How much to show (the spec's `format` query parameter).
    #[arg(long, value_enum, default_value_t = View::Json)]
    pub view: View,
    /// Which tiers to describe.
    #[arg(long, value_enum, default_value_t = TierFilter::All)]
    pub tier: TierFilter,
    /// Only this category (electronics, apparel, health_beauty, automotive, home_garden,
    /// sporting_goods).
    #[arg(long, value_name = "KEY")]
    pub category: Option<String>,
}

pub fn run(args: &CategoriesArgs, ctx: &mut Ctx<'_>) -> Result<Outcome, Error> {
    ctx.global
        .format
        .ensure_one_of("categories", &[OutputFormat::Table, OutputFormat::Json])?;
    let rctx = crate::account::RequestContext::from_env()?;
    let only = match args.category.as_deref() {
        None => None,
        Some(key) => Some(Category::from_key(key).ok_or_else(|| {
            Error::new(ErrorCode::NotFound, format!("unknown category `{key}`"))
                .with_help(format!("valid keys: {}", Category::valid_keys()))
        })?),
    };
    let response = discovery::build(
        args.view,
        args.tier,
        only,
        rctx.request_id.clone(),
        rctx.timestamp(),
        u128::from(rctx.elapsed_ms()),
    );
    if ctx.global.format == OutputFormat::Json {
        serde_json::to_writer_pretty(&mut *ctx.out, &response)
            .map_err(|e| Error::internal(e.to_string()))?;
        writeln!(ctx.out)?;
    } else {
        write_table(&response, args.view, ctx)?;
    }
    Ok(Outcome::Clean)
}

fn table(header: &[&str]) -> Table {
    let mut t = Table::new();
    t.load_preset(presets::UTF8_BORDERS_ONLY)
        .set_content_arrangement(ContentArrangement::Disabled)
        .set_header(header.iter().copied());
    t
}

fn write_table(r: &CategoriesResponse, view: View, ctx: &mut Ctx<'_>) -> Result<(), Error> {
    let s = &r.data.summary;
    writeln!(
        ctx.out,
        "{} categories, {} system fields ({} universal + {} category-specific), average GMC coverage {}, version {}",
        s.total_categories,
        s.total_system_fields,
        s.total_universal_fields,
        s.total_category_fields,
        s.average_gmc_compliance,
        s.system_version
    )?;
    if let Some(categories) = &r.data.categories {
        let mut t = table(&[
            "Key",
            "Name",
            "Fields",
            "Total fields",
            "GMC coverage",
            "Tier",
        ]);
        for c in Category::ALL {
            if let Some(info) = categories.get(c.key()) {
                t.add_row([
                    c.key().to_owned(),
                    info.name.to_owned(),
                    info.field_count.to_string(),
                    info.total_fields.to_string(),
                    info.gmc_compliance.clone(),
                    info.tier_required.to_owned(),
                ]);
            }
        }
        // The name wraps.
        crate::report::width::fit(&mut t, ctx.table_width, &[0, 2, 3, 4, 5]);
        writeln!(ctx.out, "{t}")?;
        if view == View::Detailed {
            for c in Category::ALL {
                let Some(info) = categories.get(c.key()) else {
                    continue;
                };
                let Some(fields) = &info.fields else { continue };
                writeln!(
                    ctx.out,
                    "\n{} ({})",
                    info.name,
                    count(info.rule_count.unwrap_or(0), "rule")
                )?;
                let mut t = table(&[
                    "Field",
                    "Type",
                    "Requirement",
                    "Max length",
                    "Allowed values",
                ]);
                for f in fields {
                    t.add_row([
                        f.name.to_owned(),
                        serde_json::to_value(f.field_type)
                            .ok()
                            .and_then(|v| v.as_str().map(str::to_owned))
                            .unwrap_or_default(),
                        f.requirement.to_owned(),
                        f.max_length.map(|n| n.to_string()).unwrap_or_default(),
                        f.allowed_values.join(", "),
                    ]);
                }
                // The allowed values wrap.
                crate::report::width::fit(&mut t, ctx.table_width, &[0, 1, 2, 3]);
                writeln!(ctx.out, "{t}")?;
            }
        }
    }
    let mut t = table(&["Tier", "Name", "Price", "Monthly limit"]);
    for (key, tier) in &r.data.tiers {
        let limit = match &tier.monthly_limit {
            serde_json::Value::String(s) => s.clone(),
            other => other.to_string(),
        };
        t.add_row([
            (*key).to_owned(),
            tier.name.to_owned(),
            tier.price.to_owned(),
            limit,
        ]);
    }
    // The name and the price wrap.
    crate::report::width::fit(&mut t, ctx.table_width, &[0, 3]);
    writeln!(ctx.out, "{t}")?;
    // The tier's price is the spec's catalogue text (spec 4.7, 8); what is billed are the bands.
    if let Some(production) = r.data.tiers.get(Tier::Production.as_str()) {
        let note = format!(
            "The tier table's \"{}\" is the spec's catalogue figure, not what is billed.",
            production.price
        );
        for line in plan::billed_by_volume_lines().iter().chain([&note]) {
            for part in crate::report::width::wrap_line(line, ctx.table_width) {
                writeln!(ctx.out, "{part}")?;
            }
        }
    }
    Ok(())
}
