//! feedlint: an offline validator for e-commerce product feeds.
//!
//! It implements, fully offline, the feed validation service of `feed-validation-api-v2`:
//! product and batch validation, GTIN validation, revenue impact analysis, brand-voice analysis
//! and category discovery. The library never prints or exits; `cli` writes to writers it is handed.
#![warn(clippy::print_stdout, clippy::print_stderr, clippy::exit)]

pub mod account;
pub mod catalog;
pub mod cli;
pub mod config;
pub mod error;
pub mod feed;
pub mod gate;
pub mod gtin;
pub mod model;
pub mod pipeline;
pub mod report;
pub mod revenue;
pub mod rules;
pub mod store;
pub mod voice;

pub use error::{Error, ErrorCode, Outcome, Result};
