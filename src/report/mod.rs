//! Report emitters: one per output format, each writing to a writer it is handed.
//!
//! Responsible for turning results into bytes. Not responsible for computing results.

pub mod batch;
pub mod ci;
pub mod github;
pub mod gitlab;
pub mod gtin;
pub mod junit;
pub mod revenue;
pub mod sarif;

use clap::ValueEnum;

/// Every output format feedlint can write. A command rejects a format it has no emitter for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum OutputFormat {
    /// Human-readable tables (default).
    Table,
    /// The documented v2 JSON response shape.
    Json,
    /// JUnit XML: one test case per product (GitLab, Jenkins, Azure).
    Junit,
    /// SARIF 2.1.0 for GitHub code scanning.
    Sarif,
    /// GitHub Actions workflow commands (annotations).
    Github,
    /// GitLab Code Quality JSON.
    Gitlab,
}

impl OutputFormat {
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Self::Table => "table",
            Self::Json => "json",
            Self::Junit => "junit",
            Self::Sarif => "sarif",
            Self::Github => "github",
            Self::Gitlab => "gitlab",
        }
    }
}
