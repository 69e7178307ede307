//! The feed arguments shared by every command that reads feeds (`convert`, `validate`, `batch`,
//! `revenue`, `voice`, `gtin --from-feed`): the input paths, `--input-format`, `--encoding`,
//! `--max-decompressed-size` and `--stdin-filename`.
//!
//! Responsible for turning those flags into [`crate::feed::ReadOptions`] and opening each input.
//! Not responsible for reading records (that is `feed/`).

use std::path::{Path, PathBuf};

use clap::ValueEnum;

use crate::error::Error;
use crate::feed::{self, FeedReader, InputFormat, ReadOptions};

/// Feed inputs and how to read them.
#[derive(Debug, Clone, clap::Args)]
pub struct FeedArgs {
    /// Feed files: CSV/TSV, RSS/Atom XML, JSON request body, JSON array or NDJSON, optionally
    /// gzip-compressed; `-` reads stdin.
    #[arg(value_name = "FEED", required = true)]
    pub inputs: Vec<PathBuf>,

    #[command(flatten, next_help_heading = "Reading feeds")]
    pub read: ReadArgs,
}

/// How feeds are read: the options every command that reads a feed shares (`validate`, `batch`,
/// `convert`, `revenue`, `gtin --from-feed`, `voice analyze FEED`).
#[derive(Debug, Clone, clap::Args)]
pub struct ReadArgs {
    /// Read the feeds as this format instead of detecting it from the extension and content.
    #[arg(long, value_enum, value_name = "FORMAT")]
    pub input_format: Option<InputFormatArg>,

    /// Decode the feeds from this encoding (e.g. windows-1252, iso-8859-1, utf-16le) when they
    /// declare none; a byte-order mark still wins.
    #[arg(long, value_name = "LABEL", value_parser = parse_encoding)]
    pub encoding: Option<&'static encoding_rs::Encoding>,

    /// Stop reading a gzip-compressed feed whose decompressed size exceeds this, with an error
    /// (a guard against gzip bombs). Bytes, or a number with a unit: 500MB, 2GiB, 16GiB.
    #[arg(
        long,
        value_name = "SIZE",
        value_parser = feed::parse_size,
        default_value = feed::DEFAULT_MAX_DECOMPRESSED_SIZE
    )]
    pub max_decompressed_size: u64,

    /// Name stdin (`-`) NAME: reports and errors show NAME where they would show a file's
    /// path, and NAME's extension (.csv, .tsv, .xml, .json, .ndjson, .gz...) picks the format
    /// and compression as a file's would (--input-format still wins). No file NAME is read.
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<PathBuf>,
}

impl ReadArgs {
    /// The read options these flags give.
    #[must_use]
    pub fn read_options(&self) -> ReadOptions {
        ReadOptions {
            format: self.input_format.map(InputFormat::from),
            encoding: self.encoding,
            max_decompressed_bytes: self.max_decompressed_size,
            stdin_name: self.stdin_filename.clone(),
        }
    }

    /// Refuses `--stdin-filename` when stdin is not read (`reads_stdin`: whether an input is
    /// `-`): the name would name nothing.
    pub fn check_stdin_filename(&self, reads_stdin: bool) -> Result<(), Error> {
        match &self.stdin_filename {
            Some(name) if !reads_stdin => Err(Error::usage(format!(
                "--stdin-filename {} names stdin, but no input is `-`",
                name.display()
            ))
            .with_help("pass `-` as the input to read stdin, or drop --stdin-filename")),
            _ => Ok(()),
        }
    }
}

/// `--input-format` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum InputFormatArg {
    /// Delimited text (delimiter sniffed from the header line).
    Csv,
    /// Tab-separated text.
    Tsv,
    /// RSS 2.0 or Atom 1.0.
    Xml,
    /// A request body {"products": [...]} or an array of products.
    Json,
    /// One JSON product object per line.
    Ndjson,
}

impl From<InputFormatArg> for InputFormat {
    fn from(a: InputFormatArg) -> Self {
        match a {
            InputFormatArg::Csv => Self::Csv,
            InputFormatArg::Tsv => Self::Tsv,
            InputFormatArg::Xml => Self::Xml,
            InputFormatArg::Json => Self::Json,
            InputFormatArg::Ndjson => Self::Ndjson,
        }
    }
}

fn parse_encoding(s: &str) -> Result<&'static encoding_rs::Encoding, String> {
    encoding_rs::Encoding::for_label(s.trim().as_bytes()).ok_or_else(|| {
        format!("unknown encoding `{s}` (try utf-8, windows-1252, iso-8859-1, utf-16le, utf-16be)")
    })
}

impl FeedArgs {
    /// The read options these flags give.
    #[must_use]
    pub fn read_options(&self) -> ReadOptions {
        self.read.read_options()
    }

    /// Opens one input with these options.
    pub fn open(&self, path: &Path) -> Result<FeedReader, Error> {
        feed::open(path, &self.read_options())
    }

    /// Opens each input in order, lazily (one open file at a time if consumed in order). Naming
    /// stdin (`-`) twice gives one error before anything is opened: stdin can be read only once.
    pub fn open_each(&self) -> impl Iterator<Item = Result<FeedReader, Error>> + '_ {
        let opts = self.read_options();
        let twice = self.inputs.iter().filter(|p| p.as_os_str() == "-").count() > 1;
        let refused = twice.then(|| {
            Err(
                Error::usage("`-` (stdin) is given more than once: stdin can be read only once")
                    .with_help("name stdin once, or save it to a file first"),
            )
        });
        refused.into_iter().chain(
            self.inputs
                .iter()
                .filter(move |_| !twice)
                .map(move |p| feed::open(p, &opts)),
        )
    }

    /// Checks the inputs before anything is read: `--stdin-filename` needs stdin (`-`) among
    /// them ([`ReadArgs::check_stdin_filename`]), and the output file (`-o`) is refused when it
    /// is one of the input feeds ([`FeedArgs::refuse_as`]).
    pub fn check_inputs(&self, output: Option<&Path>) -> Result<(), Error> {
        self.read.check_stdin_filename(self.reads_stdin())?;
        self.refuse_as("-o", output)
    }

    /// Refuses the output file of `flag` (`-o`, `--report`) when it is one of the input feeds
    /// (the same file under any name, a link included): the report would replace the feed it
    /// was made from. The name given to stdin is no input file.
    pub fn refuse_as(&self, flag: &str, output: Option<&Path>) -> Result<(), Error> {
        let Some(output) = output else {
            return Ok(());
        };
        let feed = self
            .inputs
            .iter()
            .filter(|p| p.as_os_str() != "-")
            .find(|p| same_file::is_same_file(p, output).unwrap_or(false));
        match feed {
            Some(feed) => Err(Error::usage(format!(
                "{flag} {} is the feed {} being read: writing there would replace the feed",
                output.display(),
                feed.display()
            ))
            .with_help("write the output to another file")),
            None => Ok(()),
        }
    }

    /// Whether stdin (`-`) is one of the inputs (it can be read only once).
    #[must_use]
    pub fn reads_stdin(&self) -> bool {
        self.inputs.iter().any(|p| p.as_os_str() == "-")
    }
}
