//! Local persistence of usage counters and brand-voice profiles, behind a small trait, and the
//! temporary files that keep the duplicate rules' memory bounded ([`spill`]).
//!
//! Responsible for where the database lives, for opening it safely when several feedlint
//! processes share it, and for atomic, flushed updates. Only `sled_store` touches sled. Nothing
//! here knows prices, limits or keys in clear: every record is addressed by the SHA-256 hex of a
//! key (`ApiKey::hash_hex`), so one key never sees another's data.

mod sled_store;
pub mod spill;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

pub use sled_store::{SCHEMA_VERSION, SledStore};

use crate::error::{Error, ErrorCode};

/// Environment variable naming the database directory (same as `--db`).
pub const DB_ENV: &str = "FEEDLINT_DB";
/// Default time to wait for another feedlint process to release the database
/// (`--lock-timeout`, `FEEDLINT_LOCK_TIMEOUT`).
pub const DEFAULT_LOCK_TIMEOUT: Duration = Duration::from_secs(10);

/// Where the database is and how long to wait for it.
#[derive(Debug, Clone, PartialEq)]
pub struct StoreConfig {
    /// `--db PATH` / `FEEDLINT_DB`; `None` means the platform data directory.
    pub path: Option<PathBuf>,
    /// How long to retry a database locked by another process before giving up.
    pub lock_timeout: Duration,
}

impl StoreConfig {
    #[must_use]
    pub fn new(path: Option<PathBuf>, lock_timeout: Duration) -> Self {
        Self { path, lock_timeout }
    }

    /// The database directory: the configured path, else `<data dir>/feedlint/usage.sled`
    /// (for example `~/.local/share/feedlint/usage.sled` on Linux).
    pub fn resolve_path(&self) -> Result<PathBuf, Error> {
        if let Some(path) = &self.path {
            return Ok(path.clone());
        }
        directories::ProjectDirs::from("", "", "feedlint")
            .map(|dirs| dirs.data_dir().join("usage.sled"))
            .ok_or_else(|| {
                Error::new(
                    ErrorCode::StorageError,
                    "cannot find a data directory for the usage database (no home directory)",
                )
                .with_help("Pass --db PATH or set FEEDLINT_DB to choose where it lives.")
            })
    }
}

impl Default for StoreConfig {
    fn default() -> Self {
        Self::new(None, DEFAULT_LOCK_TIMEOUT)
    }
}

/// A key's usage in one month after an update.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UsageUpdate {
    /// The counter's value before this update.
    pub counter_before: u64,
    /// The counter's value after it.
    pub counter_after: u64,
    /// The sum of all the key's counters in the month after it.
    pub total_after: u64,
}

/// The result of [`Store::add_usage`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddUsage {
    /// The usage was added, atomically and durably.
    Added(UsageUpdate),
    /// Adding would have taken the key's month total above the limit; nothing was counted.
    /// `total` is the month total at the time of the check.
    OverLimit { total: u64 },
}

/// A usage increment applied in the same atomic step as a profile update
/// ([`Store::update_profile_counted`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UsageAdd<'a> {
    /// `YYYY-MM`.
    pub month: &'a str,
    /// The counter's stored name.
    pub counter: &'a str,
    pub n: u64,
    /// As in [`Store::add_usage`]: the key's month total may not pass it.
    pub limit: Option<u64>,
}

/// The result of [`Store::put_profiles`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PutProfiles {
    /// Every profile was written, in one atomic, flushed step.
    Written,
    /// Without `replace`, this brand already had a profile; nothing was written.
    Exists(String),
}

/// A key's usage in one month: each counter by its stored name, and their sum.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MonthUsage {
    pub counters: BTreeMap<String, u64>,
    pub total: u64,
}

impl MonthUsage {
    /// The value of one counter (0 when never used).
    #[must_use]
    pub fn get(&self, counter: &str) -> u64 {
        self.counters.get(counter).copied().unwrap_or(0)
    }
}

/// What feedlint needs from storage. Each call is one short, atomic, flushed critical section.
pub trait Store {
    /// Adds `n` to `counter` of `key_hash` in `month` (`YYYY-MM`) in one atomic, flushed step.
    /// With `limit`, the check "month total of all the key's counters + n <= limit" happens
    /// inside that same step: when it fails nothing is counted and [`AddUsage::OverLimit`] is
    /// returned.
    fn add_usage(
        &self,
        key_hash: &str,
        month: &str,
        counter: &str,
        n: u64,
        limit: Option<u64>,
    ) -> Result<AddUsage, Error>;

    /// Takes `n` back from `counter` of `key_hash` in `month` and from the month total, in one
    /// atomic, flushed step (never below zero): a run counted by [`Store::add_usage`] whose
    /// report could then not be written counts nothing.
    fn take_back_usage(
        &self,
        key_hash: &str,
        month: &str,
        counter: &str,
        n: u64,
    ) -> Result<(), Error>;

    /// Every counter of `key_hash` in `month`.
    fn usage(&self, key_hash: &str, month: &str) -> Result<MonthUsage, Error>;

    /// The stored profile bytes of `brand` for `key_hash`.
    fn get_profile(&self, key_hash: &str, brand: &str) -> Result<Option<Vec<u8>>, Error>;

    /// Atomic read-modify-write of one profile: `f` sees the current bytes (if any) and returns
    /// the new bytes, or `None` to delete. Returns what is stored afterwards. An error from `f`
    /// leaves the profile untouched.
    fn update_profile<F>(
        &self,
        key_hash: &str,
        brand: &str,
        f: F,
    ) -> Result<Option<Vec<u8>>, Error>
    where
        F: FnOnce(Option<&[u8]>) -> Result<Option<Vec<u8>>, Error>;

    /// [`Store::update_profile`] and [`Store::add_usage`] in ONE atomic, flushed transaction:
    /// after a crash either both the new profile and the counted usage are on disk, or
    /// neither. When the limit would be passed nothing is written and the profile stays as it
    /// was. Returns the usage outcome and what is stored afterwards.
    fn update_profile_counted<F>(
        &self,
        key_hash: &str,
        brand: &str,
        usage: UsageAdd<'_>,
        f: F,
    ) -> Result<(AddUsage, Option<Vec<u8>>), Error>
    where
        F: FnOnce(Option<&[u8]>) -> Result<Option<Vec<u8>>, Error>;

    /// Writes several profiles of `key_hash` as `(brand, bytes)` in ONE atomic, flushed
    /// transaction: all of them or, after a crash or a refusal, none. Without `replace`, a brand
    /// that already has a profile refuses the whole write ([`PutProfiles::Exists`]).
    fn put_profiles(
        &self,
        key_hash: &str,
        profiles: &[(String, Vec<u8>)],
        replace: bool,
    ) -> Result<PutProfiles, Error>;

    /// All profiles of `key_hash` as `(brand, bytes)`, in brand order (byte-wise).
    fn list_profiles(&self, key_hash: &str) -> Result<Vec<(String, Vec<u8>)>, Error>;

    /// Deletes a profile; `true` when one existed.
    fn delete_profile(&self, key_hash: &str, brand: &str) -> Result<bool, Error>;
}
