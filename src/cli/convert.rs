//! `feedlint convert`: read feeds and write the normalised products in another format.
//!
//! Wires [`FeedArgs`] to a [`FeedWriter`]. CSV/TSV output needs its columns before the first row,
//! so files are read twice (a layout pass, then a writing pass: memory stays bounded); stdin can
//! be read only once, so its products are held in memory for a CSV/TSV conversion.

use std::io::Write;
use std::path::PathBuf;

use clap::ValueEnum;

use super::Ctx;
use super::input::FeedArgs;
use crate::error::{Error, Outcome};
use crate::feed::{FeedKind, FeedWriter, OutputKind, TableLayout, render_product};
use crate::model::Product;
use crate::pipeline::map_ordered;

/// Arguments of `feedlint convert`.
#[derive(Debug, clap::Args)]
pub struct ConvertArgs {
    /// Format to write. Optional with `-o FILE` whose extension names one (.csv, .tsv, .ndjson,
    /// .jsonl, .json, .rss, .xml for RSS, .atom).
    #[arg(
        long,
        value_enum,
        value_name = "FORMAT",
        required_unless_present = "output"
    )]
    pub to: Option<ToFormat>,

    /// Write to FILE instead of stdout.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,

    #[command(flatten)]
    pub feed: FeedArgs,
}

impl ConvertArgs {
    /// `--to`, or the format `-o FILE`'s extension names (any case).
    fn format(&self) -> Result<ToFormat, Error> {
        if let Some(to) = self.to {
            return Ok(to);
        }
        let ext = self
            .output
            .as_deref()
            .and_then(std::path::Path::extension)
            .and_then(std::ffi::OsStr::to_str)
            .map(str::to_ascii_lowercase);
        match ext.as_deref() {
            Some("csv") => Ok(ToFormat::Csv),
            Some("tsv" | "tab") => Ok(ToFormat::Tsv),
            Some("ndjson" | "jsonl") => Ok(ToFormat::Ndjson),
            Some("json") => Ok(ToFormat::Json),
            Some("rss" | "xml") => Ok(ToFormat::Rss),
            Some("atom") => Ok(ToFormat::Atom),
            _ => Err(Error::usage(format!(
                "convert cannot tell the format to write from `{}`",
                self.output
                    .as_deref()
                    .map_or_else(String::new, |p| p.display().to_string())
            ))
            .with_help("pass --to csv|tsv|ndjson|json|rss|atom")),
        }
    }
}

/// `--to` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ToFormat {
    /// Comma-separated values with a header line.
    Csv,
    /// Tab-separated values with a header line (GMC's text feed format).
    Tsv,
    /// One JSON product object per line.
    Ndjson,
    /// A request body {"products": [...]}.
    Json,
    /// RSS 2.0 with the GMC namespace.
    Rss,
    /// Atom 1.0 with the GMC namespace.
    Atom,
}

impl From<ToFormat> for OutputKind {
    fn from(t: ToFormat) -> Self {
        match t {
            ToFormat::Csv => Self::Csv,
            ToFormat::Tsv => Self::Tsv,
            ToFormat::Ndjson => Self::Ndjson,
            ToFormat::Json => Self::Json,
            ToFormat::Rss => Self::Rss,
            ToFormat::Atom => Self::Atom,
        }
    }
}

/// Products per chunk handed to the pool (`pipeline::map_ordered`): small, which keeps a
/// conversion within the memory of a serial one plus ~6 MB (five chunks of products and their
/// texts in flight: 200k CSV, 10.1 MB with `--jobs 1`, 16.1 MB with `--jobs 2`) at the same
/// speed.
const CONVERT_CHUNK: usize = 256;

pub fn run(args: &ConvertArgs, ctx: &mut Ctx<'_>) -> Result<Outcome, Error> {
    let kind = OutputKind::from(args.format()?);
    args.feed.check_inputs(args.output.as_deref())?;
    // Products of stdin when they must be held for a CSV/TSV layout.
    let mut held: Option<Vec<Product>> = None;
    let layout = if kind.needs_layout() {
        let mut layout = TableLayout::new();
        if args.feed.reads_stdin() {
            let mut all = Vec::new();
            for reader in args.feed.open_each() {
                for p in reader? {
                    let p = p?;
                    layout.observe(&p);
                    all.push(p);
                }
            }
            held = Some(all);
        } else {
            for reader in args.feed.open_each() {
                for p in reader? {
                    layout.observe(&p?);
                }
            }
        }
        Some(layout)
    } else {
        None
    };

    // `-o FILE` is written beside FILE and renamed over it at the end: a failed run leaves FILE
    // as it was.
    let mut file = args
        .output
        .as_deref()
        .map(super::output_file::OutputFile::create)
        .transpose()?;
    let out: &mut dyn Write = match file.as_mut() {
        Some(f) => f.writer(),
        None => &mut *ctx.out,
    };
    let mut writer = FeedWriter::new(kind, out, layout)?;
    let mut count = 0u64;
    let mut fields = None;
    let mut warnings = Vec::new();
    if let Some(all) = held {
        for p in &all {
            note_issues(p, kind, &mut warnings);
            writer.write(p)?;
            count += 1;
        }
    } else {
        for reader in args.feed.open_each() {
            let mut reader = reader?;
            if kind.renders_alone() {
                // Each product's text is rendered on the pool while the next are read; written
                // in input order, a read error in its place.
                map_ordered(
                    reader.by_ref(),
                    CONVERT_CHUNK,
                    |item| item.and_then(|p| render_product(&p).map(|text| (p, text))),
                    |item| {
                        let (p, text) = item?;
                        note_issues(&p, kind, &mut warnings);
                        writer.write_rendered(&text)?;
                        count += 1;
                        Ok::<(), Error>(())
                    },
                )?;
            } else {
                for p in reader.by_ref() {
                    let p = p?;
                    note_issues(&p, kind, &mut warnings);
                    writer.write(&p)?;
                    count += 1;
                }
            }
            if reader.kind() == FeedKind::JsonRequestBody && fields.is_none() {
                fields = reader.request_fields().cloned();
            }
        }
    }
    let out = writer.finish(fields.as_ref())?;
    out.flush()?;
    if let Some(file) = file {
        file.commit()?;
    }
    if !ctx.global.quiet {
        for w in &warnings {
            writeln!(ctx.err, "warning: {}", crate::model::text::printable(w))?;
        }
        let dest = args
            .output
            .as_ref()
            .map_or_else(|| "stdout".to_owned(), |p| p.display().to_string());
        writeln!(
            ctx.err,
            "converted {count} product{} to {} ({dest})",
            crate::model::text::plural(count),
            kind.name()
        )?;
    }
    Ok(Outcome::Clean)
}

/// Record-level problems are shown as warnings: the products are still converted.
fn note_issues(p: &Product, kind: OutputKind, warnings: &mut Vec<String>) {
    const MAX_WARNINGS: usize = 100;
    for issue in &p.read_issues {
        if warnings.len() < MAX_WARNINGS {
            warnings.push(format!(
                "{}:{}: {}",
                p.location.file, issue.line, issue.message
            ));
        }
    }
    // A character XML cannot carry is written as U+FFFD: said once per attribute, with the first
    // place it was met.
    for (name, c) in kind.uncarried_chars(p) {
        let said = format!("the attribute `{name}` holds characters ");
        if warnings.len() < MAX_WARNINGS && !warnings.iter().any(|w| w.starts_with(&said)) {
            warnings.push(format!(
                "{said}XML 1.0 cannot carry (U+{:04X} first, in the product at {}:{}): the {} \
                 output has U+FFFD in their place",
                u32::from(c),
                p.location.file,
                p.location.line,
                kind.name()
            ));
        }
    }
    // A name the output format cannot hold is written changed: said once per name.
    for a in p.attributes() {
        if let Some(element) = kind.renamed_attribute(&a.name) {
            let warning = format!(
                "the attribute `{}` is written as <{element}>: {} element names cannot hold its \
                 characters, and it reads back under the new name",
                a.name,
                kind.name()
            );
            if warnings.len() < MAX_WARNINGS && !warnings.contains(&warning) {
                warnings.push(warning);
            }
        }
    }
}
