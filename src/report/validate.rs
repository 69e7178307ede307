//! Emitters of `feedlint validate` (spec 2.3): `table`, `json` (the 2.3 response, products
//! streamed), `ndjson` (one product result per line) and `csv` (one row per violation).
//!
//! Responsible for turning engine reports into bytes as they arrive, in input order, keeping
//! only running totals (and, for the table, one block of short rows) in memory. Not responsible
//! for computing scores (the rules engine does) or for billing (the accounts module does).

use std::io::{self, Write};

use comfy_table::{ContentArrangement, Table, presets};
use serde::Serialize;

use super::guard_cell;
use crate::model::text::printable;

use crate::account::{Meta, ProductBilling};
use crate::model::result::{ProductResult, ResultOptions};
use crate::model::text::count;
use crate::model::{Finding, Severity};
use crate::report::OutputFormat;
use crate::report::product_json::write_product;
use crate::revenue::impact::{TwoDecimals, round_cents};
use crate::rules::ProductReport;

pub use super::TABLE_BLOCK;

/// `data.summary` of spec 2.3, accumulated while products stream.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Summary {
    /// Products seen.
    pub total: u64,
    /// Products whose `isValid` is true (not non-compliant).
    pub valid: u64,
    /// Products with a critical compliance finding (the exit gate).
    pub critical: u64,
    /// Findings of every product.
    pub findings: u64,
    /// Products with no compliance finding: feed compliance, as `--fail-under` reads it.
    pub fully_compliant: u64,
    /// Products with at least one finding (the table shows one finding of each).
    pub with_findings: u64,
    compliance_sum: f64,
    optimization_sum: f64,
}

impl Summary {
    /// Adds one product's report.
    pub fn add(&mut self, r: &ProductReport) {
        self.add_counted(&crate::gate::Counted::of(r));
    }

    /// [`Self::add`] from what [`crate::gate::Counted::of`] counted of the report (what a part's
    /// thread counts of each product for the thread writing the results).
    pub fn add_counted(&mut self, c: &crate::gate::Counted) {
        self.total += 1;
        self.valid += u64::from(c.valid);
        self.critical += u64::from(c.critical);
        self.findings += u64::from(c.findings);
        self.fully_compliant += u64::from(c.fully_compliant);
        self.with_findings += u64::from(c.findings > 0);
        self.compliance_sum += c.compliance;
        self.optimization_sum += c.optimization;
    }

    /// `complianceScore`: the mean GMC compliance percentage of the products (0 when none),
    /// rounded to 2 decimals.
    #[must_use]
    pub fn compliance_score(&self) -> f64 {
        mean(self.compliance_sum, self.total)
    }

    /// Mean optimisation score (0 when none), rounded to 2 decimals.
    #[must_use]
    pub fn optimization_score(&self) -> f64 {
        mean(self.optimization_sum, self.total)
    }
}

#[allow(
    clippy::cast_precision_loss,
    reason = "product counts are far below 2^52"
)]
fn mean(sum: f64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        round_cents(sum / n as f64)
    }
}

/// Whether the product has a critical GMC compliance finding (`validate` exits 1 then).
#[must_use]
pub fn has_critical_compliance(r: &ProductReport) -> bool {
    r.compliance_findings()
        .any(|f| f.severity == Severity::Critical)
}

/// `data.summary` as serialised.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct SummaryJson {
    compliance_score: f64,
    total_products: u64,
    validated_products: u64,
}

impl SummaryJson {
    pub(crate) fn of(s: &Summary) -> Self {
        Self {
            compliance_score: s.compliance_score(),
            total_products: s.total,
            validated_products: s.valid,
        }
    }
}

/// CSV columns, one row per violation.
pub const CSV_HEADER: [&str; 10] = [
    "productId",
    "file",
    "line",
    "rule",
    "name",
    "field",
    "severity",
    "message",
    "fix",
    "revenueImpact",
];

/// A product's place in a table's line column: its line, or `file:line` when the report covers
/// several feeds (`name_files`). The `validate` and `batch` tables share it.
#[must_use]
pub fn place(file: &str, line: u64, name_files: bool) -> String {
    if name_files {
        format!("{}:{line}", printable(file))
    } else {
        line.to_string()
    }
}

/// One finding as a table's `--verbose` lists it under the table, in the `file:line: ...` form
/// editors and terminals jump to: `file:line: severity kind CODE [name] field: message`. The
/// `validate` and `batch` tables share it.
#[must_use]
pub fn verbose_line(file: &str, f: &Finding) -> String {
    format!(
        "{}:{}: {} {} {} [{}] {}: {}",
        printable(file),
        f.line,
        f.severity.as_str(),
        f.kind.as_str(),
        f.code,
        f.name,
        f.field,
        printable(&f.message)
    )
}

/// Writes a validation report in one format while products stream in.
pub struct ValidateEmitter<W: Write> {
    inner: Inner<W>,
    summary: Summary,
}

/// Initial capacity of the buffer one product's JSON is serialised into before it is written in
/// one call: the writer appends many small pieces, which are cheaper into a `Vec` than through a
/// `dyn Write`.
const SCRATCH: usize = 4096;

/// The opening of the JSON document, up to the first product.
const JSON_HEAD: &[u8] = b"{\"success\":true,\"data\":{\"products\":[";

/// One product's result rendered ahead of [`ValidateEmitter::product_rendered`], typically on a
/// rayon worker: the JSON object the JSON and NDJSON formats write for it.
pub struct Rendered(Vec<u8>);

impl Rendered {
    /// Renders the result of `r` with `options`.
    pub fn new(r: &ProductReport, options: ResultOptions) -> io::Result<Self> {
        let mut buf = Vec::with_capacity(crate::report::product_json::RENDERED_CAPACITY);
        render_result(&mut buf, r, options)?;
        Ok(Self(buf))
    }
}

/// How the results rendered ahead for [`ValidateEmitter::write_counted`] are set apart from each
/// other: with the separators of the format rendered beside each, results rendered one after the
/// other in a buffer are the format's bytes, and a run of them is written in one call, without
/// being copied into the writer's buffer first ([`ValidateEmitter::framing`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Framing {
    /// NDJSON: each result followed by a line break.
    Lines,
    /// JSON: each result preceded by `,` and a line break (the first product's `,` is where the
    /// document's opening goes).
    Array,
}

impl Framing {
    /// Appends to `buf` the result of `r` with the separators of the format.
    pub fn render(
        self,
        buf: &mut Vec<u8>,
        r: &ProductReport,
        options: ResultOptions,
    ) -> io::Result<()> {
        if self == Self::Array {
            buf.extend_from_slice(b",\n");
        }
        render_result(buf, r, options)?;
        if self == Self::Lines {
            buf.push(b'\n');
        }
        Ok(())
    }
}

/// Appends to `buf` the JSON object the JSON and NDJSON formats write for the result of `r`
/// ([`Rendered`], and with its separators [`Framing::render`]).
pub fn render_result(
    buf: &mut Vec<u8>,
    r: &ProductReport,
    options: ResultOptions,
) -> io::Result<()> {
    write_product(buf, &ProductResult::from_report(r, options))?;
    Ok(())
}

enum Inner<W: Write> {
    Table {
        out: W,
        rows: Vec<[String; 6]>,
        verbose: Vec<String>,
        show_verbose: bool,
        /// Rows name the product's file as well as its line (`file:line`): several feeds.
        name_files: bool,
        /// The priority cells are coloured.
        color: bool,
        /// The width the table is laid out to ([`super::width`]); `None`: no limit.
        width: Option<u16>,
    },
    Json {
        out: W,
        first: bool,
        buf: Vec<u8>,
    },
    Ndjson(W, Vec<u8>),
    Csv(Box<csv::Writer<W>>),
}

impl<W: Write> Inner<W> {
    /// Writes one product of the JSON or NDJSON format, its object written into the scratch
    /// buffer by `object`, with the separators of the format; does nothing in other formats.
    fn json_entry(
        &mut self,
        object: impl FnOnce(&mut Vec<u8>) -> serde_json::Result<()>,
    ) -> io::Result<()> {
        match self {
            Inner::Json { out, first, buf } => {
                buf.clear();
                if *first {
                    buf.extend_from_slice(JSON_HEAD);
                } else {
                    buf.push(b',');
                }
                *first = false;
                buf.push(b'\n');
                object(buf)?;
                out.write_all(buf)
            }
            Inner::Ndjson(out, buf) => {
                buf.clear();
                object(buf)?;
                buf.push(b'\n');
                out.write_all(buf)
            }
            Inner::Table { .. } | Inner::Csv(_) => Ok(()),
        }
    }
}

impl<W: Write> ValidateEmitter<W> {
    /// Starts a report in `format`; `verbose` lists every violation under the table. Formats
    /// without a validate emitter give `ErrorKind::Unsupported`.
    pub fn new(format: OutputFormat, out: W, verbose: bool) -> io::Result<Self> {
        let inner = match format {
            OutputFormat::Table => Inner::Table {
                out,
                rows: Vec::new(),
                verbose: Vec::new(),
                show_verbose: verbose,
                name_files: false,
                color: false,
                width: None,
            },
            // The head is written with the first product (or by `finish`): an error met before
            // any product leaves stdout to the error envelope alone.
            OutputFormat::Json => Inner::Json {
                out,
                first: true,
                buf: Vec::with_capacity(SCRATCH),
            },
            OutputFormat::Ndjson => Inner::Ndjson(out, Vec::with_capacity(SCRATCH)),
            OutputFormat::Csv => {
                let mut w = csv::Writer::from_writer(out);
                w.write_record(CSV_HEADER).map_err(super::csv_to_io)?;
                Inner::Csv(Box::new(w))
            }
            other => {
                return Err(io::Error::new(
                    io::ErrorKind::Unsupported,
                    format!("the validate report has no {} format", other.name()),
                ));
            }
        };
        Ok(Self {
            inner,
            summary: Summary::default(),
        })
    }

    /// With `yes` (several feeds in one report), the table's rows give each product's place as
    /// `file:line` in a "Location" column instead of the line alone; other formats name the
    /// file already.
    #[must_use]
    pub fn naming_files(mut self, yes: bool) -> Self {
        if let Inner::Table { name_files, .. } = &mut self.inner {
            *name_files = yes;
        }
        self
    }

    /// With `yes`, the table's priority cells are coloured ([`super::priority_cell`]); the
    /// caller has weighed `--color`, `NO_COLOR` and the terminal.
    #[must_use]
    pub fn coloring(mut self, yes: bool) -> Self {
        if let Inner::Table { color, .. } = &mut self.inner {
            *color = yes;
        }
        self
    }

    /// With `Some(width)`, the table is laid out to `width` columns ([`super::width::fit`]):
    /// the problem column wraps, the others stay whole; the caller has weighed `COLUMNS`, the
    /// terminal and `-o`.
    #[must_use]
    pub fn fitting(mut self, to: Option<u16>) -> Self {
        if let Inner::Table { width, .. } = &mut self.inner {
            *width = to;
        }
        self
    }

    /// The totals so far.
    #[must_use]
    pub fn summary(&self) -> Summary {
        self.summary
    }

    /// Writes one product (call in input order); `file` is the product's file
    /// (`p.location.file`), which the table's verbose lines and the CSV rows name.
    pub fn product(
        &mut self,
        r: &ProductReport,
        file: &str,
        options: ResultOptions,
    ) -> io::Result<()> {
        self.summary.add(r);
        match &mut self.inner {
            Inner::Table {
                out,
                rows,
                verbose,
                show_verbose,
                name_files,
                color,
                width,
            } => {
                let problem = super::headline(&r.findings).map_or_else(
                    || "-".to_owned(),
                    |f| match r.findings.len() - 1 {
                        0 => format!("{} {}", f.code, printable(&f.message)),
                        more => format!("{} {} (+{more} more)", f.code, printable(&f.message)),
                    },
                );
                let place = place(file, r.line, *name_files);
                rows.push([
                    printable(&r.product_id).into_owned(),
                    place,
                    format!("{:.1}%", r.compliance_percentage),
                    format!("{:.1}", r.optimization_score),
                    r.priority.as_str().to_owned(),
                    problem,
                ]);
                if *show_verbose {
                    verbose.extend(r.findings.iter().map(|f| verbose_line(file, f)));
                }
                if rows.len() >= TABLE_BLOCK {
                    let look = Look {
                        name_files: *name_files,
                        color: *color,
                        width: *width,
                    };
                    flush_table(out, rows, verbose, look)?;
                }
                Ok(())
            }
            Inner::Json { .. } | Inner::Ndjson(..) => self
                .inner
                .json_entry(|buf| write_product(buf, &ProductResult::from_report(r, options))),
            Inner::Csv(w) => {
                for f in &r.findings {
                    w.write_record([
                        &*guard_cell(&r.product_id),
                        &*guard_cell(file),
                        &f.line.to_string(),
                        f.code,
                        f.name,
                        f.field,
                        f.severity.as_str(),
                        &*guard_cell(&f.message),
                        f.fix,
                        &TwoDecimals(f.revenue_impact).to_string(),
                    ])
                    .map_err(super::csv_to_io)?;
                }
                Ok(())
            }
        }
    }

    /// Whether this format writes each product as a [`Rendered`] result (JSON and NDJSON), so
    /// that rendering results ahead, on the threads that check the products, pays.
    #[must_use]
    pub fn renders_ahead(&self) -> bool {
        matches!(self.inner, Inner::Json { .. } | Inner::Ndjson(..))
    }

    /// [`Self::product`] for a result rendered ahead from this same report, unchanged since:
    /// the same bytes, without rendering them here. Formats that do not render ahead write
    /// the report as `product` does.
    pub fn product_rendered(
        &mut self,
        r: &ProductReport,
        file: &str,
        rendered: &Rendered,
        options: ResultOptions,
    ) -> io::Result<()> {
        if !self.renders_ahead() {
            return self.product(r, file, options);
        }
        self.summary.add(r);
        self.write_rendered(&rendered.0)
    }

    /// How results rendered ahead are framed for [`Self::write_counted`]: for an emitter that
    /// [`Self::renders_ahead`].
    #[must_use]
    pub fn framing(&self) -> Option<Framing> {
        match self.inner {
            Inner::Json { .. } => Some(Framing::Array),
            Inner::Ndjson(..) => Some(Framing::Lines),
            Inner::Table { .. } | Inner::Csv(_) => None,
        }
    }

    /// Counts in the summary a product whose result, rendered ahead, [`Self::write_counted`]
    /// writes: for an emitter that [`Self::renders_ahead`] (else nothing is counted).
    pub fn product_counted(&mut self, counted: &crate::gate::Counted) {
        if self.renders_ahead() {
            self.summary.add_counted(counted);
        }
    }

    /// Writes as they are the results of products counted with [`Self::product_counted`],
    /// rendered ahead one after the other with [`Self::framing`]'s [`Framing::render`]: in one
    /// call, which a buffered writer passes on without copying when the run is at least its
    /// size (a part's results usually are: `cli::validate`, `Part`).
    pub fn write_counted(&mut self, run: &[u8]) -> io::Result<()> {
        if run.is_empty() {
            return Ok(());
        }
        match &mut self.inner {
            Inner::Json { out, first, .. } => {
                if *first {
                    // The first result's `,` is where the document opens.
                    *first = false;
                    out.write_all(JSON_HEAD)?;
                    out.write_all(run.get(1..).unwrap_or_default())
                } else {
                    out.write_all(run)
                }
            }
            Inner::Ndjson(out, _) => out.write_all(run),
            Inner::Table { .. } | Inner::Csv(_) => Ok(()),
        }
    }

    /// Writes a result rendered ahead as it is, not copied into the scratch buffer first.
    fn write_rendered(&mut self, json: &[u8]) -> io::Result<()> {
        match &mut self.inner {
            Inner::Json { out, first, .. } => {
                out.write_all(if *first { JSON_HEAD } else { b"," })?;
                *first = false;
                out.write_all(b"\n")?;
                out.write_all(json)
            }
            Inner::Ndjson(out, _) => {
                out.write_all(json)?;
                out.write_all(b"\n")
            }
            Inner::Table { .. } | Inner::Csv(_) => Ok(()),
        }
    }

    /// Ends a report that an error stopped: the table shows the products checked before it (held
    /// in its block, they were lost) and says the run did not finish; the other formats have
    /// written them already. The error itself goes to stderr.
    pub fn abandon(mut self) -> io::Result<()> {
        let checked = self.summary.total;
        self.flush_block()?;
        if let Inner::Table { out, .. } = &mut self.inner {
            super::write_stopped(out, checked)?;
        }
        Ok(())
    }

    /// Writes the table's rows (and their verbose lines) held so far; other formats hold none.
    fn flush_block(&mut self) -> io::Result<()> {
        if let Inner::Table {
            out,
            rows,
            verbose,
            name_files,
            color,
            width,
            ..
        } = &mut self.inner
        {
            let look = Look {
                name_files: *name_files,
                color: *color,
                width: *width,
            };
            flush_table(out, rows, verbose, look)?;
        }
        Ok(())
    }

    /// Ends the report with the summary, the billing and the meta block; returns the writer.
    pub fn finish(mut self, billing: &ProductBilling, meta: &Meta) -> io::Result<W> {
        self.flush_block()?;
        let s = self.summary;
        match self.inner {
            Inner::Table {
                mut out,
                show_verbose,
                ..
            } => {
                // The table shows one finding per product: say where the others are.
                let hidden = if show_verbose || s.findings == s.with_findings {
                    ""
                } else {
                    " (one per product above; -v lists every finding with its line)"
                };
                writeln!(
                    out,
                    "{}: {} valid, {} with a critical compliance problem, {}{hidden}",
                    count(s.total, "product"),
                    s.valid,
                    s.critical,
                    count(s.findings, "finding")
                )?;
                write_compliance_and_billing(&mut out, &s, billing)?;
                Ok(out)
            }
            Inner::Json { mut out, first, .. } => {
                if first {
                    out.write_all(JSON_HEAD)?;
                }
                out.write_all(b"\n],\"summary\":")?;
                serde_json::to_writer(&mut out, &SummaryJson::of(&s))?;
                out.write_all(b",\"billing\":")?;
                serde_json::to_writer(&mut out, billing)?;
                out.write_all(b"},\"meta\":")?;
                serde_json::to_writer(&mut out, meta)?;
                out.write_all(b"}\n")?;
                Ok(out)
            }
            Inner::Ndjson(out, _) => Ok(out),
            Inner::Csv(w) => w.into_inner().map_err(csv::IntoInnerError::into_error),
        }
    }
}

/// The last two lines of the table (and of `--statistics`' table): the means and feed compliance
/// (the figure `--fail-under` reads, written as its message writes it), then the billing.
pub fn write_compliance_and_billing<W: Write>(
    out: &mut W,
    s: &Summary,
    billing: &ProductBilling,
) -> io::Result<()> {
    writeln!(
        out,
        "GMC compliance {:.2}% (mean), feed compliance {:.1}% ({} of {} fully compliant), \
         optimisation score {:.2} (mean)",
        s.compliance_score(),
        crate::gate::compliance_percent(s.fully_compliant, s.total),
        s.fully_compliant,
        s.total,
        s.optimization_score()
    )?;
    writeln!(
        out,
        "Billing: {} validated, cost {:.2} USD ({})",
        count(billing.products_validated, "product"),
        billing.cost,
        billing.environment
    )
}

/// How the table looks: the place column, the colours, the width.
#[derive(Clone, Copy)]
struct Look {
    name_files: bool,
    color: bool,
    width: Option<u16>,
}

fn flush_table<W: Write>(
    out: &mut W,
    rows: &mut Vec<[String; 6]>,
    verbose: &mut Vec<String>,
    look: Look,
) -> io::Result<()> {
    if !rows.is_empty() {
        let mut table = Table::new();
        super::style_table(&mut table, look.color);
        table
            .load_preset(presets::UTF8_BORDERS_ONLY)
            .set_content_arrangement(ContentArrangement::Disabled)
            .set_header([
                "Product",
                if look.name_files { "Location" } else { "Line" },
                "Compliance",
                "Optimisation",
                "Priority",
                "Most important problem",
            ]);
        for row in rows.drain(..) {
            let [id, place, compliance, optimisation, priority, problem] = row;
            table.add_row(vec![
                comfy_table::Cell::new(id),
                comfy_table::Cell::new(place),
                comfy_table::Cell::new(compliance),
                comfy_table::Cell::new(optimisation),
                super::priority_cell(&priority, look.color),
                comfy_table::Cell::new(problem),
            ]);
        }
        // Every column but the problem stays whole. Each block is a table of its own, its
        // columns as wide as its rows need (within the width).
        super::width::fit(&mut table, look.width, &[0, 1, 2, 3, 4]);
        writeln!(out, "{table}")?;
    }
    for line in verbose.drain(..) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::report_from_pairs as report;

    #[test]
    fn summary_means_and_counts() {
        let mut s = Summary::default();
        s.add(&report(&[("id", "A"), ("gtin", "5060155240283")]));
        assert_eq!(s.total, 1);
        assert_eq!(s.valid, 0);
        assert_eq!(s.critical, 1);
        assert!(s.compliance_score().abs() < f64::EPSILON);
        assert!(Summary::default().compliance_score().abs() < f64::EPSILON);
    }

    /// Up to 8 products of up to 10 attributes, valid or not, for the property tests below.
    fn products()
    -> impl proptest::strategy::Strategy<Value = Vec<Vec<(&'static str, &'static str)>>> {
        proptest::collection::vec(
            proptest::collection::vec(
                proptest::sample::select(vec![
                    ("id", "A"),
                    ("id", " "),
                    ("title", "Kettle"),
                    ("title", "FREE SHIPPING!!!"),
                    ("gtin", "5060155240283"),
                    ("gtin", "4006381333931"),
                    ("price", "12.99 USD"),
                    ("price", "0"),
                    ("link", "https://shop.example.com/p/1"),
                    ("image_link", "https://cdn.example.com/1.jpg"),
                    ("availability", "in_stock"),
                    ("condition", "new"),
                    ("description", "A kettle \"that\" boils\nwater."),
                    ("color", "red"),
                    ("google_product_category", "Apparel & Accessories"),
                ]),
                0..10,
            ),
            0..8,
        )
    }

    proptest::proptest! {
        /// What `Counted::of` counts of a report adds to the summaries what the report itself
        /// adds (`validate --jobs 2` counts a part's products where they were checked).
        #[test]
        fn counted_reports_add_up_as_the_reports(products in products()) {
            let (mut by_report, mut by_count) = (Summary::default(), Summary::default());
            let (mut gate_report, mut gate_count) =
                (crate::gate::FeedSummary::default(), crate::gate::FeedSummary::default());
            for pairs in &products {
                let r = report(pairs);
                let c = crate::gate::Counted::of(&r);
                by_report.add(&r);
                by_count.add_counted(&c);
                gate_report.add_product(&r.findings);
                gate_count.add_counted(&c);
                proptest::prop_assert_eq!(c.critical, has_critical_compliance(&r));
            }
            proptest::prop_assert_eq!(by_report, by_count);
            proptest::prop_assert_eq!(gate_report, gate_count);
        }
    }

    /// The bytes a JSON or NDJSON emitter wrote so far.
    fn written(e: ValidateEmitter<Vec<u8>>) -> Vec<u8> {
        match e.inner {
            Inner::Json { out, .. } | Inner::Ndjson(out, _) => out,
            Inner::Table { .. } | Inner::Csv(_) => panic!("a JSON or NDJSON emitter expected"),
        }
    }

    proptest::proptest! {
        /// Results rendered ahead with their separators (`Framing::render`) and written in runs
        /// of any length (`write_counted`, as `validate --jobs 2` writes a part's) are the bytes
        /// and the summary of writing each product on its own.
        #[test]
        fn runs_of_results_rendered_ahead_are_written_as_each_alone(
            products in products(),
            cuts in proptest::collection::vec(proptest::bool::ANY, 8),
            json in proptest::bool::ANY,
        ) {
            let (format, framing) = if json {
                (OutputFormat::Json, Framing::Array)
            } else {
                (OutputFormat::Ndjson, Framing::Lines)
            };
            let opts = ResultOptions::default();
            let mut alone = ValidateEmitter::new(format, Vec::new(), false).unwrap();
            let mut runs = ValidateEmitter::new(format, Vec::new(), false).unwrap();
            proptest::prop_assert_eq!(runs.framing(), Some(framing));
            let mut run = Vec::new();
            for (i, pairs) in products.iter().enumerate() {
                let r = report(pairs);
                alone.product(&r, "feed.csv", opts).unwrap();
                framing.render(&mut run, &r, opts).unwrap();
                runs.product_counted(&crate::gate::Counted::of(&r));
                if cuts[i] {
                    runs.write_counted(&run).unwrap();
                    run.clear();
                }
            }
            runs.write_counted(&run).unwrap();
            proptest::prop_assert_eq!(&alone.summary, &runs.summary);
            proptest::prop_assert_eq!(
                String::from_utf8(written(alone)).unwrap(),
                String::from_utf8(written(runs)).unwrap()
            );
        }
    }

    #[test]
    fn tables_and_csv_have_no_framing() {
        for format in [OutputFormat::Table, OutputFormat::Csv] {
            let e = ValidateEmitter::new(format, Vec::new(), false).unwrap();
            assert_eq!(e.framing(), None);
        }
    }

    #[test]
    fn gate_and_rejected_formats() {
        assert!(has_critical_compliance(&report(&[(
            "gtin",
            "5060155240283"
        )])));
        let e = ValidateEmitter::new(OutputFormat::Sarif, Vec::new(), false).err();
        assert_eq!(e.map(|e| e.kind()), Some(io::ErrorKind::Unsupported));
    }

    /// The line column's place: the line, or `file:line` (the file printable) for several feeds.
    #[test]
    fn place_names_the_file_only_for_several_feeds() {
        assert_eq!(place("a.csv", 12, false), "12");
        assert_eq!(place("a.csv", 12, true), "a.csv:12");
        assert_eq!(place("a\u{1b}.csv", 3, true), "a\\u{1b}.csv:3");
    }

    /// The CSV the emitter writes for one report.
    fn csv_of(r: &ProductReport, file: &str) -> String {
        let mut e = ValidateEmitter::new(OutputFormat::Csv, Vec::new(), false).unwrap();
        e.product(r, file, ResultOptions::default()).unwrap();
        let Inner::Csv(w) = e.inner else {
            panic!("csv emitter expected")
        };
        String::from_utf8(w.into_inner().unwrap()).unwrap()
    }

    #[test]
    fn csv_has_one_row_per_violation() {
        let r = report(&[("id", "A"), ("gtin", "5060155240283")]);
        let text = csv_of(&r, "feed.csv");
        assert_eq!(text.lines().count(), 1 + r.findings.len());
        assert!(text.contains("FL-I100"));
    }

    /// The product id, the file name and the messages, which hold feed values, are guarded
    /// against formula injection in spreadsheets, as in the revenue CSV.
    #[test]
    fn csv_cells_from_the_feed_cannot_run_as_formulas() {
        let r = report(&[("id", "=1+2"), ("gtin", "5060155240283")]);
        let text = csv_of(&r, "@SUM(A1).csv");
        let rows: Vec<&str> = text.lines().skip(1).collect();
        assert!(!rows.is_empty());
        for row in rows {
            assert!(row.starts_with("'=1+2,'@SUM(A1).csv,"), "{row}");
        }
    }
}
