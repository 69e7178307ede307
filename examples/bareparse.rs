//! bareparse: the bare parse loop of a feed file, the yardstick `scripts/bench.sh` measures
//! feedlint's commands against (issue 9, "Measure"). It parses and counts records, nothing more:
//! it must not normalise, validate or allocate per record beyond what the parser itself does.
//!
//! ```text
//! cargo run --release --example bareparse -- --kind csv feed.csv     # csv crate StringRecord loop
//! cargo run --release --example bareparse -- --kind rss feed.xml     # quick-xml event loop
//! cargo run --release --example bareparse -- --kind json body.json   # serde_json streaming `products`
//! cargo run --release --example bareparse -- --kind ndjson feed.ndjson   # serde_json, value by value
//! ```
//!
//! The CSV delimiter is sniffed like feedlint does for its generated feeds: tab if the header line
//! has a tab, otherwise a comma. Prints the number of records (CSV data rows, RSS `<item>`s, JSON
//! elements of `products` or of a bare array, NDJSON lines). The loops are in `benches/shared/bare.rs`, which
//! the criterion benchmark of the readers (`benches/read.rs`) runs too.

use std::fs::File;
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, ValueEnum};

#[path = "../benches/shared/bare.rs"]
mod bare;
use bare::Res;

#[derive(Parser)]
#[command(about = "Run the bare parse loop of a feed file and print the record count")]
struct Args {
    /// Which parser loop to run.
    #[arg(long, value_enum)]
    kind: Kind,
    /// The feed file.
    file: PathBuf,
}

#[derive(Clone, Copy, ValueEnum)]
enum Kind {
    Csv,
    Rss,
    Json,
    Ndjson,
}

fn main() -> ExitCode {
    let args = Args::parse();
    let run = || -> Res<u64> {
        let file = File::open(&args.file)?;
        match args.kind {
            Kind::Csv => bare::csv(file),
            Kind::Rss => bare::rss(file),
            Kind::Json => bare::json(file),
            Kind::Ndjson => bare::ndjson(file),
        }
    };
    match run() {
        Ok(n) => {
            // An example binary, not the library: stdout is its only output.
            #[allow(
                clippy::print_stdout,
                reason = "the example's result is the record count"
            )]
            {
                println!("{n}");
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            #[allow(clippy::print_stderr, reason = "the example reports its own errors")]
            {
                eprintln!("bareparse: {}: {e}", args.file.display());
            }
            ExitCode::from(2)
        }
    }
}
