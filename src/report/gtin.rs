//! Emitters for GTIN results (spec 2.5): the v2 JSON shape, streamed, and a table for people.
//!
//! Responsible for bytes only: analyses come from `gtin`, billing and `meta` from the caller
//! (the account module). Both emitters take one value at a time and keep memory constant, so a
//! run over a file of 1,000,000 GTINs streams.
//!
//! JSON key order (JSON objects are unordered; this order is what makes streaming possible):
//! `{"success", "message", "data": {"results": [...], "gtinCompliance", "gtinQualityAnalysis",
//! "summary", "billing", "testMode"}, "meta"}`. `results` comes first so each entry is written
//! as soon as it is analysed and the aggregate, known only at the end, follows it.

use std::io::{self, Write};

use comfy_table::{ContentArrangement, Table, presets};
use serde::Serialize;

use crate::catalog::Category;
use crate::gtin::{Accumulator, GtinAnalysis, GtinResult, Options, analyze_with};

/// `message` of a successful GTIN response.
pub const SUCCESS_MESSAGE: &str = "GTIN validation completed";

/// Streams the spec 2.5 JSON response, pretty-printed with two-space indentation.
pub struct GtinJsonEmitter<W: Write> {
    out: W,
    options: Options,
    acc: Accumulator,
    first: bool,
    buf: Vec<u8>,
}

impl<W: Write> GtinJsonEmitter<W> {
    /// Writes the opening (`success`, `message`, `data.results` up to the first entry).
    pub fn begin(mut out: W, options: Options) -> io::Result<Self> {
        write!(
            out,
            "{{\n  \"success\": true,\n  \"message\": {},\n  \"data\": {{\n    \"results\": [",
            json_string(SUCCESS_MESSAGE)
        )?;
        Ok(Self {
            out,
            options,
            acc: Accumulator::new(),
            first: true,
            buf: Vec::with_capacity(2048),
        })
    }

    /// Analyses `raw` with the emitter's options, writes its entry and returns the analysis.
    pub fn push(&mut self, raw: &str, category: Option<Category>) -> io::Result<GtinAnalysis> {
        let analysis = analyze_with(raw, self.options);
        let result = GtinResult::new(raw, &analysis, self.options, category);
        self.write_result(&result, &analysis)?;
        Ok(analysis)
    }

    /// Writes an entry built by the caller (for example with `GtinResult::with_source`);
    /// `analysis` is the one it was built from, counted in the aggregate.
    pub fn write_result(&mut self, result: &GtinResult, analysis: &GtinAnalysis) -> io::Result<()> {
        self.acc.add(analysis, self.options.pattern_detection);
        self.out
            .write_all(if self.first { b"\n" } else { b",\n" })?;
        self.first = false;
        write_indented(&mut self.out, &mut self.buf, result, 6, true)
    }

    /// The aggregate so far (its `total()` is the number of validations to bill).
    #[must_use]
    pub fn accumulator(&self) -> &Accumulator {
        &self.acc
    }

    /// Writes the aggregate, `billing`, `testMode` and `meta` (all supplied by the caller), and
    /// returns the writer.
    pub fn finish(
        mut self,
        billing: &impl Serialize,
        test_mode: bool,
        meta: &impl Serialize,
    ) -> io::Result<W> {
        let out = &mut self.out;
        let buf = &mut self.buf;
        out.write_all(if self.first { b"],\n" } else { b"\n    ],\n" })?;
        write_field(out, buf, "gtinCompliance", &self.acc.compliance())?;
        write_field(out, buf, "gtinQualityAnalysis", &self.acc.quality())?;
        write_field(out, buf, "summary", &self.acc.summary())?;
        write_field(out, buf, "billing", billing)?;
        write!(out, "    \"testMode\": {test_mode}\n  }},\n  \"meta\": ")?;
        write_indented(out, buf, meta, 2, false)?;
        out.write_all(b"\n}\n")?;
        Ok(self.out)
    }
}

/// Writes `    "key": <value>,` inside `data`.
fn write_field(
    out: &mut impl Write,
    buf: &mut Vec<u8>,
    key: &str,
    value: &impl Serialize,
) -> io::Result<()> {
    write!(out, "    {}: ", json_string(key))?;
    write_indented(out, buf, value, 4, false)?;
    out.write_all(b",\n")
}

/// Streams `values` in `format` (table or json) and returns the writer and the aggregate. For
/// JSON, `finish` is called once every value is written, with the aggregate (its `total()` is
/// the number of validations to meter and bill), and returns `billing`, `testMode` and `meta`;
/// for the table it is not called. An `Err` item stops the run and is returned.
pub fn emit<W, I, B, M>(
    out: W,
    format: crate::report::OutputFormat,
    values: I,
    options: Options,
    category: Option<Category>,
    finish: impl FnOnce(&Accumulator) -> (B, bool, M),
) -> io::Result<(W, Accumulator)>
where
    W: Write,
    I: IntoIterator<Item = io::Result<String>>,
    B: Serialize,
    M: Serialize,
{
    match format {
        crate::report::OutputFormat::Table => {
            let mut e = GtinTableEmitter::new(out, options);
            for v in values {
                e.push(&v?)?;
            }
            let acc = *e.accumulator();
            Ok((e.finish()?, acc))
        }
        crate::report::OutputFormat::Json => {
            let mut e = GtinJsonEmitter::begin(out, options)?;
            for v in values {
                e.push(&v?, category)?;
            }
            let acc = *e.accumulator();
            let (billing, test_mode, meta) = finish(&acc);
            Ok((e.finish(&billing, test_mode, &meta)?, acc))
        }
        other => Err(io::Error::new(
            io::ErrorKind::Unsupported,
            format!("the gtin report has no {} format", other.name()),
        )),
    }
}

/// Writes a whole response for `values` (convenience over [`GtinJsonEmitter`]).
pub fn write_json<'a, W: Write>(
    out: W,
    values: impl IntoIterator<Item = &'a str>,
    options: Options,
    category: Option<Category>,
    billing: &impl Serialize,
    test_mode: bool,
    meta: &impl Serialize,
) -> io::Result<W> {
    let mut e = GtinJsonEmitter::begin(out, options)?;
    for v in values {
        e.push(v, category)?;
    }
    e.finish(billing, test_mode, meta)
}

fn json_string(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"\"".to_owned())
}

/// Serialises `value` pretty into `buf` and writes it with every line indented by `indent`
/// spaces (the first line only when `pad_first`), so it nests inside the hand-written envelope.
fn write_indented(
    out: &mut impl Write,
    buf: &mut Vec<u8>,
    value: &impl Serialize,
    indent: usize,
    pad_first: bool,
) -> io::Result<()> {
    const SPACES: &[u8] = b"                ";
    buf.clear();
    serde_json::to_writer_pretty(&mut *buf, value).map_err(io::Error::other)?;
    let pad = &SPACES[..indent.min(SPACES.len())];
    for (i, line) in buf.split(|&b| b == b'\n').enumerate() {
        if i > 0 {
            out.write_all(b"\n")?;
        }
        if i > 0 || pad_first {
            out.write_all(pad)?;
        }
        out.write_all(line)?;
    }
    Ok(())
}

/// Rows per rendered table: the table view prints its rows in tables of this many, so memory
/// stays bounded on large inputs (each chunk has its own column widths).
pub const TABLE_CHUNK_ROWS: usize = 1_000;
/// The widest the table is laid out to: the available width ([`super::width`]) when it is
/// narrower; this width when there is none (a pipe).
pub const TABLE_WIDTH: u16 = super::width::READABLE_MAX;

/// Writes the human-readable view: one row per GTIN (verdict, format, check digit, patterns,
/// risk) in tables of at most [`TABLE_CHUNK_ROWS`] rows, then a summary line and the
/// recommendations.
pub struct GtinTableEmitter<W: Write> {
    out: W,
    options: Options,
    acc: Accumulator,
    table: Table,
    rows: usize,
    index: u64,
    /// The available width ([`super::width`]); `None`: [`TABLE_WIDTH`].
    width: Option<u16>,
}

impl<W: Write> GtinTableEmitter<W> {
    #[must_use]
    pub fn new(out: W, options: Options) -> Self {
        Self {
            out,
            options,
            acc: Accumulator::new(),
            table: new_table(),
            rows: 0,
            index: 0,
            width: None,
        }
    }

    /// With `Some(width)`, the table is laid out to `width` columns, at most [`TABLE_WIDTH`]:
    /// the verdict and the patterns wrap, the label, the GTIN, its format, check digit and risk
    /// stay whole ([`super::width::fit`]).
    #[must_use]
    pub fn fitting(mut self, width: Option<u16>) -> Self {
        self.width = width;
        self
    }

    /// Analyses `raw`, adds its row (flushing a full chunk) and returns the analysis.
    pub fn push(&mut self, raw: &str) -> io::Result<GtinAnalysis> {
        let a = analyze_with(raw, self.options);
        self.push_analysis(raw, &a, None)?;
        Ok(a)
    }

    /// Adds the row of an analysis made by the caller; `source` labels the row (for example
    /// `product-12 (line 40)` with `--from-feed`) instead of its position.
    pub fn push_analysis(
        &mut self,
        raw: &str,
        a: &GtinAnalysis,
        source: Option<&str>,
    ) -> io::Result<()> {
        self.index += 1;
        self.acc.add(a, self.options.pattern_detection);
        let label = source.map_or_else(|| self.index.to_string(), str::to_owned);
        self.table.add_row(row(&label, raw, a));
        self.rows += 1;
        if self.rows >= TABLE_CHUNK_ROWS {
            self.flush_chunk()?;
        }
        Ok(())
    }

    fn flush_chunk(&mut self) -> io::Result<()> {
        if self.rows > 0 {
            super::width::fit_at_most(&mut self.table, self.width, TABLE_WIDTH, &[0, 1, 3, 4, 6]);
            writeln!(self.out, "{}", self.table)?;
            self.table = new_table();
            self.rows = 0;
        }
        Ok(())
    }

    /// The aggregate so far.
    #[must_use]
    pub fn accumulator(&self) -> &Accumulator {
        &self.acc
    }

    /// Writes the last chunk, the summary line and recommendations; returns the writer.
    pub fn finish(mut self) -> io::Result<W> {
        self.flush_chunk()?;
        let s = self.acc.summary();
        let q = self.acc.quality();
        writeln!(
            self.out,
            "{} GTIN{}: {} valid, {} invalid, {} suspicious; GMC compliance {}; fraud detection score {}/100",
            s.total_processed,
            crate::model::text::plural(s.total_processed),
            s.valid_count,
            s.invalid_count,
            s.suspicious_count,
            self.acc.compliance().gmc_compliant,
            q.fraud_detection_score
        )?;
        for r in &q.quality_recommendations {
            writeln!(self.out, "  - {r}")?;
        }
        Ok(self.out)
    }
}

/// Writes the table view for `values` (convenience over [`GtinTableEmitter`]).
pub fn write_table<'a, W: Write>(
    out: W,
    values: impl IntoIterator<Item = &'a str>,
    options: Options,
) -> io::Result<W> {
    let mut e = GtinTableEmitter::new(out, options);
    for v in values {
        e.push(v)?;
    }
    e.finish()
}

fn new_table() -> Table {
    let mut t = Table::new();
    t.load_preset(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_width(TABLE_WIDTH)
        .set_header([
            "#",
            "GTIN",
            "Verdict",
            "Format",
            "Check digit",
            "Patterns",
            "Risk",
        ]);
    t
}

/// The longest label or code a row shows whole: a GTIN has at most 14 digits, an element string
/// with its application identifiers a few dozen characters.
const LONGEST_CELL: usize = 60;

/// A code as its row shows it: whole up to [`LONGEST_CELL`] characters, then cut and followed by
/// its length (the JSON output keeps it whole).
fn long_code(code: &str) -> String {
    match super::shorten(code, LONGEST_CELL) {
        std::borrow::Cow::Borrowed(whole) => whole.to_owned(),
        std::borrow::Cow::Owned(cut) => format!("{cut} ({} characters)", code.chars().count()),
    }
}

fn row(label: &str, raw: &str, a: &GtinAnalysis) -> [String; 7] {
    let verdict = match (a.problem, a.is_suspicious()) {
        (None, false) => "valid".to_owned(),
        (None, true) => "suspicious".to_owned(),
        (Some(p), _) => format!("invalid: {}", p.code()),
    };
    let format = a.format.map_or("-", |f| f.as_str()).to_owned();
    let check = match a.check_digit {
        Some(c) if c.is_valid() => format!("ok ({})", c.expected_char()),
        Some(c) => format!("{} ≠ {}", c.actual_char(), c.expected_char()),
        None => "-".to_owned(),
    };
    let patterns = if a.patterns.is_empty() {
        "-".to_owned()
    } else {
        a.patterns
            .iter()
            .map(|p| format!("{} {}", p.id().trim_start_matches("GTIN-"), p.name()))
            .collect::<Vec<_>>()
            .join("\n")
    };
    [
        super::shorten(&crate::model::text::printable(label), LONGEST_CELL).into_owned(),
        long_code(&raw.escape_debug().to_string()),
        verdict,
        format,
        check,
        patterns,
        a.fraud_risk().as_str().to_owned(),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Codes covering every verdict: valid formats, check-digit errors, restricted and coupon
    /// prefixes, fakes, placeholders, damage, ISBN-10, element strings, unicode digits.
    const CODES: [&str; 16] = [
        "5449000000996",
        "036000291452",
        "96385074",
        "15449000000993",
        "5449000000997",
        "2001234567893",
        "1234567890128",
        "0000000000000",
        "1231231231231",
        "N/A",
        "8.71234E+12",
        "0-306-40615-2",
        "(01)15449000000993",
        "４００６３８１３３３９３１",
        "12345",
        "",
    ];

    fn meta() -> serde_json::Value {
        serde_json::json!({
            "requestId": "req_fixed",
            "timestamp": "2026-01-01T00:00:00Z",
            "processingTime": 1,
            "apiVersion": "2.0.0",
            "endpoint": "/api/v2/validate/gtin",
            "method": "POST",
            "tier": "test",
            "usage": {"monthly": 16, "limit": 1000, "remaining": 984},
            "validationsProcessed": 16,
            "testMode": true
        })
    }

    fn billing() -> serde_json::Value {
        serde_json::json!({"validationsProcessed": 16, "cost": 0.0, "currency": "USD", "testMode": true})
    }

    fn json_for(options: Options) -> String {
        let out = write_json(
            Vec::new(),
            CODES,
            options,
            Some(Category::Electronics),
            &billing(),
            true,
            &meta(),
        )
        .expect("in-memory write");
        String::from_utf8(out).expect("utf-8")
    }

    fn schema_validator() -> jsonschema::Validator {
        let schema: serde_json::Value = serde_json::from_str(include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/schemas/gtin-response.schema.json"
        )))
        .expect("schema is JSON");
        jsonschema::validator_for(&schema).expect("schema compiles")
    }

    fn assert_schema_valid(doc: &serde_json::Value) {
        let v = schema_validator();
        let errors: Vec<String> = v
            .iter_errors(doc)
            .map(|e| format!("{} at {}", e, e.instance_path))
            .collect();
        assert!(errors.is_empty(), "{errors:#?}");
    }

    #[test]
    fn json_output_is_valid_json_in_streaming_key_order() {
        let text = json_for(Options::default());
        let doc: serde_json::Value = serde_json::from_str(&text).expect("valid JSON");
        assert_eq!(doc["success"], true);
        assert_eq!(
            doc["data"]["results"].as_array().map(Vec::len),
            Some(CODES.len())
        );
        let order: Vec<usize> = [
            "\"results\"",
            "\"gtinCompliance\"",
            "\"gtinQualityAnalysis\"",
            "\"summary\"",
            "\"billing\"",
            "\"testMode\"",
            "\"meta\"",
        ]
        .iter()
        .map(|k| text.find(k).unwrap_or(usize::MAX))
        .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{order:?}");
        assert!(text.ends_with("}\n"));
    }

    #[test]
    fn json_output_matches_the_schema_with_every_option_combination() {
        for bits in 0..16u8 {
            let options = Options {
                pattern_detection: bits & 1 != 0,
                business_intelligence: bits & 2 != 0,
                revenue_impact: bits & 4 != 0,
                detailed: bits & 8 != 0,
            };
            let doc: serde_json::Value =
                serde_json::from_str(&json_for(options)).expect("valid JSON");
            assert_schema_valid(&doc);
        }
    }

    #[test]
    fn empty_run_is_valid_json_and_matches_the_schema() {
        let out = write_json(
            Vec::new(),
            [],
            Options::default(),
            None,
            &billing(),
            true,
            &meta(),
        )
        .expect("write");
        let doc: serde_json::Value = serde_json::from_slice(&out).expect("valid JSON");
        assert_eq!(doc["data"]["results"], serde_json::json!([]));
        assert_eq!(doc["data"]["summary"]["totalProcessed"], 0);
        assert_schema_valid(&doc);
    }

    #[test]
    fn schema_rejects_a_missing_or_mistyped_field() {
        let mut doc: serde_json::Value =
            serde_json::from_str(&json_for(Options::default())).expect("valid JSON");
        let v = schema_validator();
        assert!(v.is_valid(&doc));
        doc["data"]["results"][0]["checkDigit"]["expected"] = serde_json::json!(1);
        assert!(!v.is_valid(&doc));
        let mut doc2: serde_json::Value =
            serde_json::from_str(&json_for(Options::default())).expect("valid JSON");
        if let Some(o) = doc2["data"]["gtinCompliance"].as_object_mut() {
            o.remove("gmcCompliant");
        }
        assert!(!v.is_valid(&doc2));
    }

    #[test]
    fn json_emitter_snapshot() {
        insta::assert_snapshot!("gtin_json_default", json_for(Options::default()));
    }

    #[test]
    fn json_emitter_snapshot_with_all_options() {
        let all = Options {
            pattern_detection: true,
            business_intelligence: true,
            revenue_impact: true,
            detailed: true,
        };
        let out = write_json(
            Vec::new(),
            ["5449000000996", "1234567890128", "5449000000997"],
            all,
            Some(Category::Automotive),
            &billing(),
            false,
            &meta(),
        )
        .expect("write");
        insta::assert_snapshot!(
            "gtin_json_all_options",
            String::from_utf8(out).expect("utf-8")
        );
    }

    #[test]
    fn table_emitter_snapshot() {
        let out = write_table(Vec::new(), CODES, Options::default()).expect("write");
        insta::assert_snapshot!("gtin_table", String::from_utf8(out).expect("utf-8"));
    }

    #[test]
    fn emit_streams_either_format_and_reports_the_count() {
        let values = || CODES.iter().map(|c| Ok((*c).to_owned()));
        let (json, acc) = emit(
            Vec::new(),
            crate::report::OutputFormat::Json,
            values(),
            Options::default(),
            None,
            |acc| {
                assert_eq!(acc.total(), CODES.len() as u64);
                (billing(), true, meta())
            },
        )
        .expect("write");
        assert_eq!(acc.total(), CODES.len() as u64);
        let doc: serde_json::Value = serde_json::from_slice(&json).expect("valid JSON");
        assert_schema_valid(&doc);
        let (table, _) = emit(
            Vec::new(),
            crate::report::OutputFormat::Table,
            values(),
            Options::default(),
            None,
            |_| -> (serde_json::Value, bool, serde_json::Value) {
                unreachable!("tables carry no billing")
            },
        )
        .expect("write");
        assert_eq!(
            table,
            write_table(Vec::new(), CODES, Options::default()).expect("write")
        );
        // A read error stops the run.
        let failing = vec![Ok("96385074".to_owned()), Err(io::Error::other("disk"))];
        assert!(
            emit(
                Vec::new(),
                crate::report::OutputFormat::Table,
                failing,
                Options::default(),
                None,
                |_| (0, false, 0)
            )
            .is_err()
        );
    }

    #[test]
    fn table_emitter_prints_rows_in_chunks() {
        let codes: Vec<String> = (0..TABLE_CHUNK_ROWS + 5)
            .map(|i| format!("544900{i:06}"))
            .collect();
        let out = write_table(
            Vec::new(),
            codes.iter().map(String::as_str),
            Options::default(),
        )
        .expect("write");
        let text = String::from_utf8(out).expect("utf-8");
        // Two tables, two headers.
        assert_eq!(text.matches("Verdict").count(), 2);
        assert!(text.contains(&format!("{} GTINs:", TABLE_CHUNK_ROWS + 5)));
    }

    #[test]
    fn a_long_code_is_cut_in_the_table_with_its_length() {
        let long = "9".repeat(100_000);
        let out = write_table(Vec::new(), [long.as_str()], Options::default()).expect("write");
        let text = String::from_utf8(out).expect("utf-8");
        assert!(text.contains("(100000 characters)"), "{text}");
        assert!(text.len() < 4_000, "{} bytes", text.len());
        let short = write_table(Vec::new(), [&long[..60]], Options::default()).expect("write");
        let short = String::from_utf8(short).expect("utf-8");
        assert!(!short.contains("characters)"), "{short}");
        assert!(!short.contains('…'), "{short}");
    }
}
