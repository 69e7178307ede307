//! Report emitters: one per output format, each writing to a writer it is handed.
//!
//! Responsible for turning results into bytes. Not responsible for computing results.

pub mod gtin;

use clap::ValueEnum;

/// Every output format feedlint can write. A command rejects a format it has no emitter for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Human-readable tables (default).
    Table,
    /// The documented v2 JSON response shape.
    Json,
}

impl OutputFormat {
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Table => "table",
            Self::Json => "json",
        }
    }
}
