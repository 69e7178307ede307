//! Emitters of revenue impact reports (spec 2.6): the JSON response (whole or streamed), a table
//! for people (totals first, then the products with the largest potential gain) and a CSV for
//! spreadsheets (one row per product, guarded against formula injection).
//!
//! Responsible for turning `revenue` results into bytes on a writer it is handed. Not responsible
//! for computing them (src/revenue/) nor for choosing the writer (cli/).

use std::io::{self, Write};

use comfy_table::{ContentArrangement, Table, presets::UTF8_FULL_CONDENSED};
use serde::Serialize;

use super::{csv_to_io, guard_cell};
use crate::revenue::model::format_money;
use crate::revenue::{Options, ProductResult, RevenueAnalysis, RevenueResponse, RevenueSummary};

/// The CSV header, in column order. `currency` and `timeframe` are the units of the amounts that
/// follow them: a row reads `… USD, yearly, 39480.00 …`, so a file detached from its command line
/// still says what its figures are.
pub const CSV_HEADER: [&str; 12] = [
    "productId",
    "title",
    "category",
    "currency",
    "timeframe",
    "baseRevenue",
    "currentImpact",
    "optimizedImpact",
    "potentialGain",
    "priority",
    "riskLevel",
    "topRecommendation",
];

/// Writes the whole 2.6 response, pretty-printed, with a trailing newline.
pub fn write_json<W: Write, M: Serialize>(
    mut w: W,
    products: &[ProductResult],
    summary: &RevenueSummary,
    meta: &M,
) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut w, &RevenueResponse::new(summary, products, meta))?;
    w.write_all(b"\n")
}

/// Streams the 2.6 response: `productResults` are written as they are analysed (one per line),
/// the aggregate blocks and `meta` at the end, so memory does not grow with the feed.
pub struct JsonStream<W: Write> {
    w: W,
    first: bool,
}

impl<W: Write> JsonStream<W> {
    /// Writes the opening of the response up to the `productResults` array.
    pub fn start(mut w: W) -> io::Result<Self> {
        w.write_all(b"{\"success\":true,\"data\":{\"productResults\":[")?;
        Ok(Self { w, first: true })
    }

    /// Writes one product result.
    pub fn product(&mut self, result: &ProductResult) -> io::Result<()> {
        self.w.write_all(if self.first { b"\n" } else { b",\n" })?;
        self.first = false;
        serde_json::to_writer(&mut self.w, result)?;
        Ok(())
    }

    /// Closes the array and writes `revenueAnalysis`, `businessIntelligence` and `meta`.
    pub fn finish<M: Serialize>(mut self, summary: &RevenueSummary, meta: &M) -> io::Result<W> {
        self.w.write_all(b"\n],\"revenueAnalysis\":")?;
        serde_json::to_writer(&mut self.w, &summary.revenue_analysis)?;
        self.w.write_all(b",\"businessIntelligence\":")?;
        serde_json::to_writer(&mut self.w, &summary.business_intelligence)?;
        self.w.write_all(b"},\"meta\":")?;
        serde_json::to_writer(&mut self.w, meta)?;
        self.w.write_all(b"}\n")?;
        self.w.flush()?;
        Ok(self.w)
    }
}

/// Writes one CSV row per product (RFC 4180 quoting by the csv crate). Text cells go through
/// `guard_cell`; amounts are plain numbers with two decimals in the row's currency, per the row's
/// timeframe period (as are the amounts in `topRecommendation`).
pub struct CsvEmitter<W: Write> {
    w: csv::Writer<W>,
}

impl<W: Write> CsvEmitter<W> {
    /// Writes the header row.
    pub fn new(w: W) -> io::Result<Self> {
        let mut w = csv::Writer::from_writer(w);
        w.write_record(CSV_HEADER).map_err(csv_to_io)?;
        Ok(Self { w })
    }

    /// Writes one product's row.
    pub fn write(&mut self, r: &ProductResult) -> io::Result<()> {
        let money = |v: f64| format!("{v:.2}");
        let record = [
            guard_cell(&r.product_id).into_owned(),
            guard_cell(&r.title).into_owned(),
            guard_cell(&r.category).into_owned(),
            guard_cell(&r.currency).into_owned(),
            r.timeframe.as_str().to_owned(),
            money(r.base_revenue),
            money(r.current_impact),
            money(r.optimized_impact),
            money(r.potential_gain),
            r.priority
                .map(|p| p.as_str().to_owned())
                .unwrap_or_default(),
            r.risk_level.as_str().to_owned(),
            guard_cell(r.recommendations.first().map_or("", String::as_str)).into_owned(),
        ];
        self.w.write_record(&record).map_err(csv_to_io)
    }

    /// Flushes and returns the writer.
    pub fn finish(self) -> io::Result<W> {
        self.w.into_inner().map_err(csv::IntoInnerError::into_error)
    }
}

/// Writes every product as CSV.
pub fn write_csv<W: Write>(w: W, products: &[ProductResult]) -> io::Result<()> {
    let mut csv = CsvEmitter::new(w)?;
    for p in products {
        csv.write(p)?;
    }
    csv.finish().map(drop)
}

fn new_table() -> Table {
    let mut t = Table::new();
    t.load_preset(UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Disabled)
        .force_no_tty();
    t
}

/// The totals rows. Each amount's label says what it is counted over: per timeframe period
/// (`per year`), or over the time horizon (`over 15 months`: the opportunity value and the ROI,
/// which the timeframe does not change).
fn totals_rows(t: &mut Table, a: &RevenueAnalysis, horizon_months: u32) {
    let currency = a.currency.as_str();
    let period = a.timeframe.noun();
    let horizon = format!(
        "over {horizon_months} month{}",
        crate::model::text::plural(horizon_months)
    );
    let m = |v: f64| format_money(crate::revenue::model::to_cents(v), currency);
    let opportunity = &a.optimization_opportunity;
    t.add_row(vec!["Products".to_owned(), a.total_products.to_string()]);
    t.add_row(vec![
        format!("Total impact per {period}"),
        m(a.total_impact),
    ]);
    t.add_row(vec![
        format!("Average impact per product per {period}"),
        m(a.average_impact_per_product),
    ]);
    t.add_row(vec![
        "High-impact products".to_owned(),
        a.high_impact_products.to_string(),
    ]);
    t.add_row(vec![
        "Compliance risk".to_owned(),
        a.compliance_risk.risk_level.as_str().to_owned(),
    ]);
    t.add_row(vec![
        format!("Compliance violation cost per {period}"),
        m(a.compliance_risk.compliance_violation_cost),
    ]);
    t.add_row(vec![
        format!("Total opportunity value {horizon}"),
        m(opportunity.total_opportunity_value),
    ]);
    if let Some(roi) = &opportunity.estimated_roi {
        t.add_row(vec![format!("Estimated ROI {horizon}"), roi.clone()]);
    }
    if let Some(p) = &opportunity.payback_period {
        t.add_row(vec!["Payback period".to_owned(), p.clone()]);
    }
    let breakdown = &a.impact_breakdown;
    t.add_row(vec![
        format!("Breakdown per {period}: validation / optimization / gtin / category"),
        format!(
            "{} / {} / {} / {}",
            m(breakdown.validation),
            m(breakdown.optimization),
            m(breakdown.gtin),
            m(breakdown.category)
        ),
    ]);
}

/// Writes the table report: totals (per currency when the feed mixes currencies), the business
/// summary, then the products with the largest potential gain. With `Some(width)` the tables are
/// laid out to `width` columns ([`super::width::fit`]): labels, titles and recommendations wrap,
/// amounts, ids and priorities stay whole.
pub fn write_table<W: Write>(
    mut w: W,
    summary: &RevenueSummary,
    options: &Options,
    width: Option<u16>,
) -> io::Result<()> {
    let period = options.timeframe.noun();
    let analysis = &summary.revenue_analysis;
    // The dominant currency first, then the others in ISO-code order.
    let mut blocks: Vec<&RevenueAnalysis> = vec![analysis];
    blocks.extend(
        analysis
            .currency_breakdown
            .iter()
            .flat_map(|b| b.values())
            .filter(|b| b.currency != analysis.currency),
    );
    for a in &blocks {
        let mut t = new_table();
        t.set_header(vec![
            format!("Revenue impact ({})", a.currency),
            format!(
                "timeframe {}, horizon {} month{}",
                a.timeframe.as_str(),
                options.time_horizon_months,
                crate::model::text::plural(options.time_horizon_months)
            ),
        ]);
        totals_rows(&mut t, a, options.time_horizon_months);
        super::width::fit(&mut t, width, &[1]);
        writeln!(w, "{t}")?;
    }
    let bi = &summary.business_intelligence;
    writeln!(
        w,
        "{}\nExpected monthly gain: {}",
        bi.investment_recommendation,
        format_money(
            crate::revenue::model::to_cents(bi.expected_monthly_gain),
            &bi.currency
        )
    )?;
    for a in &blocks {
        let top = a
            .optimization_opportunity
            .priority_opportunities
            .as_deref()
            .unwrap_or_default();
        if top.is_empty() {
            continue;
        }
        // Ranked within a currency: gains in different currencies are not comparable.
        let mut t = new_table();
        t.set_header(vec![
            "#".to_owned(),
            "Product".to_owned(),
            "Title".to_owned(),
            format!("Potential gain per {period}"),
            "Priority".to_owned(),
            "Top recommendation".to_owned(),
        ]);
        for (i, op) in top.iter().enumerate() {
            t.add_row(vec![
                (i + 1).to_string(),
                crate::model::text::printable(&op.product_id).into_owned(),
                super::shorten(&crate::model::text::printable(&op.title), 40).into_owned(),
                format_money(
                    crate::revenue::model::to_cents(op.potential_gain),
                    &op.currency,
                ),
                op.priority.as_str().to_owned(),
                super::shorten(&crate::model::text::printable(&op.recommendation), 70).into_owned(),
            ]);
        }
        super::width::fit(&mut t, width, &[0, 1, 3, 4]);
        writeln!(w, "Largest potential gains ({}):\n{t}", a.currency)?;
    }
    if !options.include_priority {
        writeln!(w, "Priority assessment is off.")?;
    } else if blocks.iter().all(|a| {
        a.optimization_opportunity
            .priority_opportunities
            .as_ref()
            .is_none_or(Vec::is_empty)
    }) {
        writeln!(w, "No product has a potential gain to rank.")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formula_cells_are_quoted_and_others_untouched() {
        assert_eq!(guard_cell("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(guard_cell("+1"), "'+1");
        assert_eq!(guard_cell("-SKU"), "'-SKU");
        assert_eq!(guard_cell("@sum"), "'@sum");
        assert_eq!(guard_cell("Plain title"), "Plain title");
        assert_eq!(guard_cell(""), "");
    }
}
