//! The sled implementation of [`Store`]: the only code in feedlint that touches sled.
//!
//! sled lets one process hold a database at a time and fails a second `open` at once, so every
//! operation is a short critical section (open → operate → flush → drop) and a locked open is
//! retried with jittered exponential backoff up to the lock timeout. A database is never reset
//! or deleted: a corrupt one, one written by a newer feedlint, or a path that is not a directory
//! gives an error naming the path and how to recover. The one repair made is setting aside a
//! snapshot file sled left half-written (see `SledStore::set_aside_snapshots`).
//!
//! Layout (schema version [`SCHEMA_VERSION`]); every record key starts with the 64-hex SHA-256
//! of the API key and `/`, so a prefix scan for one key cannot reach another's records:
//! - tree `meta`: `schema_version` → u32 big-endian
//! - tree `usage`: `<hash>/<YYYY-MM>/<counter>` → u64 big-endian
//! - tree `usage_total`: `<hash>/<YYYY-MM>` → u64 big-endian (sum of the counters above)
//! - tree `profiles`: `<hash>/<brand>` → opaque bytes (JSON written by the voice module)

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use sled::Transactional;
use sled::transaction::{ConflictableTransactionError, TransactionError, TransactionalTree};

use super::{AddUsage, MonthUsage, PutProfiles, Store, StoreConfig, UsageAdd, UsageUpdate};
use crate::error::{Error, ErrorCode};

/// The on-disk layout version this feedlint writes and understands.
pub const SCHEMA_VERSION: u32 = 1;

/// sled's page cache size: a CLI touches a few records per run; sled's default is 1 GB.
const CACHE_CAPACITY: u64 = 8 * 1024 * 1024;
const SCHEMA_KEY: &[u8] = b"schema_version";
/// Where interrupted sled snapshots are moved (see `SledStore::set_aside_snapshots`).
const INTERRUPTED_SNAPSHOTS: &str = "interrupted-snapshots";
const FIRST_BACKOFF: Duration = Duration::from_millis(4);
const MAX_BACKOFF: Duration = Duration::from_millis(250);

/// A sled database at one path, opened afresh for each operation unless it is held open
/// ([`SledStore::hold`]).
#[derive(Debug, Clone)]
pub struct SledStore {
    path: PathBuf,
    lock_timeout: Duration,
    /// The database while it is held open; shared by the clones of this store.
    held: Arc<Mutex<Option<sled::Db>>>,
}

impl SledStore {
    /// Resolves the path of `config`; the database itself is opened by each operation.
    pub fn new(config: &StoreConfig) -> Result<Self, Error> {
        Ok(Self {
            path: config.resolve_path()?,
            lock_timeout: config.lock_timeout,
            held: Arc::default(),
        })
    }

    /// Opens the database (checking it as every operation does) and keeps it open, and locked
    /// against other processes, for the operations that follow, until the last clone of this
    /// store is dropped. For a command whose work between its operations is short (`gtin` on
    /// codes given as arguments): opening sled is most of such a run (`gtin 4006381333931`:
    /// 18.4 ms with two opens, 12.7 ms with one; docs/performance.md).
    pub fn hold(&self) -> Result<(), Error> {
        let db = self.with_db(|db| Ok(db.clone()))?;
        *self.held_slot() = Some(db);
        Ok(())
    }

    /// The held database's slot. A panic while it was locked (sled's, caught in
    /// [`SledStore::with_db`]) leaves nothing inconsistent in it: the slot is used as it is.
    fn held_slot(&self) -> std::sync::MutexGuard<'_, Option<sled::Db>> {
        self.held
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The database directory.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Opens the database (waiting for other processes), checks the schema, runs `op`, flushes,
    /// and closes it again so other processes can get in.
    fn with_db<T>(&self, op: impl FnOnce(&sled::Db) -> Result<T, Error>) -> Result<T, Error> {
        // sled asserts on some kinds of damaged files; a damaged database must end in a clear
        // error naming it, not a crash.
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.critical_section(op)))
            .unwrap_or_else(|_| Err(self.corrupt("the storage engine failed while reading it")))
    }

    fn critical_section<T>(
        &self,
        op: impl FnOnce(&sled::Db) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let held = self.held_slot().clone();
        if let Some(db) = held {
            // Checked when it was opened, and locked since.
            let value = op(&db)?;
            db.flush().map_err(|e| self.sled_error(&e))?;
            return Ok(value);
        }
        // sled treats an unreadable log as a torn tail and starts over silently; the schema
        // record (written in the first critical section) tells a real new database from one
        // whose records sled could not read.
        let had_data = std::fs::metadata(self.path.join("db")).is_ok_and(|m| m.len() > 0);
        let db = self.open()?;
        self.check_schema(&db, had_data)?;
        let value = op(&db)?;
        db.flush().map_err(|e| self.sled_error(&e))?;
        drop(db);
        Ok(value)
    }

    fn open(&self) -> Result<sled::Db, Error> {
        if let Ok(meta) = std::fs::metadata(&self.path) {
            if !meta.is_dir() {
                return Err(self.not_a_directory(meta.file_type()));
            }
        }
        // No deadline when the timeout is past the clock's range (`--lock-timeout 1e19`): wait
        // as long as it takes, as such a timeout asks.
        let deadline = Instant::now().checked_add(self.lock_timeout);
        let mut backoff = FIRST_BACKOFF;
        let mut set_aside = false;
        loop {
            let opened = sled::Config::new()
                .path(&self.path)
                .cache_capacity(CACHE_CAPACITY)
                // Every operation flushes before it returns; no background flusher is needed.
                .flush_every_ms(None)
                .open();
            match opened {
                Ok(db) => return Ok(db),
                Err(e) if is_lock_error(&e) => {
                    let now = Instant::now();
                    if deadline.is_some_and(|d| now >= d) {
                        return Err(self.lock_timeout_error());
                    }
                    // Full jitter between half and all of the current step, so processes that
                    // collided once do not collide again in lockstep.
                    let step = backoff.mul_f64(0.5 + fastrand::f64() * 0.5);
                    std::thread::sleep(deadline.map_or(step, |d| step.min(d - now)));
                    backoff = (backoff * 2).min(MAX_BACKOFF);
                }
                Err(sled::Error::Corruption { .. })
                    if !set_aside && self.set_aside_snapshots()? =>
                {
                    set_aside = true;
                }
                Err(e) => return Err(self.sled_error(&e)),
            }
        }
    }

    /// Works around sled 0.34.7 taking an interrupted snapshot for the newest one: a process
    /// killed (or a disk filling up) while sled writes `snap.<lsn>.generating` leaves that file
    /// behind, and every later open fails with "Read corrupted data" although the log is whole.
    /// sled renames the file to `snap.<lsn>` once it is complete, so a leftover `.generating`
    /// file holds nothing the log does not. Called only after an open failed on corruption (sled
    /// had the lock, so no process was writing a snapshot), it moves such files into
    /// `interrupted-snapshots/` inside the database (nothing is deleted) and says whether there
    /// were any, so the open can be retried once.
    fn set_aside_snapshots(&self) -> Result<bool, Error> {
        let io = |e: std::io::Error| self.sled_error(&sled::Error::Io(e));
        let mut moved = false;
        for entry in std::fs::read_dir(&self.path).map_err(io)? {
            let entry = entry.map_err(io)?;
            let name = entry.file_name();
            let Some(name) = name.to_str() else { continue };
            if name.starts_with("snap.") && name.ends_with(".generating") {
                let aside = self.path.join(INTERRUPTED_SNAPSHOTS);
                std::fs::create_dir_all(&aside).map_err(io)?;
                std::fs::rename(entry.path(), aside.join(name)).map_err(io)?;
                moved = true;
            }
        }
        Ok(moved)
    }

    fn lock_timeout_error(&self) -> Error {
        Error::new(
            ErrorCode::StorageError,
            format!(
                "the usage database at {} stayed locked by another feedlint process for {:.1} s",
                self.path.display(),
                self.lock_timeout.as_secs_f64()
            ),
        )
        .with_help(
            "Another feedlint run holds the database. Retry, wait longer with --lock-timeout \
             SECONDS (FEEDLINT_LOCK_TIMEOUT), or give this run its own database with --db PATH.",
        )
    }

    fn check_schema(&self, db: &sled::Db, had_data: bool) -> Result<(), Error> {
        let meta = db.open_tree("meta").map_err(|e| self.sled_error(&e))?;
        match meta.get(SCHEMA_KEY).map_err(|e| self.sled_error(&e))? {
            None if had_data => {
                Err(self
                    .corrupt("its records cannot be read (no feedlint schema record was found)"))
            }
            None => {
                meta.insert(SCHEMA_KEY, &SCHEMA_VERSION.to_be_bytes())
                    .map_err(|e| self.sled_error(&e))?;
                Ok(())
            }
            Some(bytes) => {
                let version = <[u8; 4]>::try_from(bytes.as_ref())
                    .map(u32::from_be_bytes)
                    .map_err(|_| self.corrupt("the schema version record is malformed"))?;
                if version > SCHEMA_VERSION {
                    return Err(Error::new(
                        ErrorCode::StorageError,
                        format!(
                            "the usage database at {} was written by a newer feedlint (schema \
                             version {version}; this feedlint understands up to {SCHEMA_VERSION})",
                            self.path.display()
                        ),
                    )
                    .with_help(
                        "Upgrade feedlint, or point --db / FEEDLINT_DB at another path. The \
                         database was left untouched.",
                    ));
                }
                Ok(())
            }
        }
    }

    /// The error for a database path that exists and is not a directory. Moving it aside is
    /// suggested only for a regular file: anything else (`/dev/null`, a pipe, a socket) belongs to
    /// the system or another program.
    fn not_a_directory(&self, kind: std::fs::FileType) -> Error {
        let what = file_kind(kind);
        let message = format!(
            "the usage database path {} is {what}, not a directory",
            self.path.display()
        );
        let help = match (kind.is_file(), shell_quoted(&self.path)) {
            (true, Some(path)) => format!(
                "feedlint keeps its database in a directory and never deletes anything. Point \
                 --db / FEEDLINT_DB at a directory or, if nothing needs this file where it is, \
                 move it aside (mv {path} {}) so feedlint can create the database there.",
                shell_quoted(&beside(&self.path, "old")).unwrap_or_default()
            ),
            _ => "feedlint keeps its database in a directory: point --db / FEEDLINT_DB at a \
                  directory (feedlint creates it if it does not exist). Nothing was changed."
                .to_owned(),
        };
        Error::new(ErrorCode::StorageError, message).with_help(help)
    }

    fn sled_error(&self, e: &sled::Error) -> Error {
        match e {
            sled::Error::Io(io) => Error::new(
                ErrorCode::StorageError,
                format!(
                    "cannot use the usage database at {}: {io}",
                    self.path.display()
                ),
            )
            .with_help(
                "Check that the path is a directory feedlint may read and write and that the disk \
                 is not full, or point --db / FEEDLINT_DB at another path. Nothing was deleted.",
            ),
            other => self.corrupt(&engine_problem(other)),
        }
    }

    fn corrupt(&self, what: &str) -> Error {
        let quoted = shell_quoted(&self.path).zip(shell_quoted(&beside(&self.path, "broken")));
        let help = match quoted {
            // Only a directory of nothing but a database's files is worth moving as a whole: a
            // `--db` pointed at a home or project directory must not be moved away.
            Some((path, aside)) if self.holds_only_database_files() => format!(
                "feedlint never resets or deletes a database. Move it aside (mv {path} {aside}) \
                 to start a new one, or restore it from a backup."
            ),
            _ => format!(
                "feedlint never resets or deletes a database. {} holds more than a usage \
                 database's files (conf, db, blobs, snap.*): check that --db / FEEDLINT_DB names \
                 feedlint's database directory, or point it at a new directory.",
                self.path.display()
            ),
        };
        Error::new(
            ErrorCode::StorageError,
            format!(
                "the usage database at {} is corrupt or unreadable: {what}",
                self.path.display()
            ),
        )
        .with_help(help)
    }

    /// Whether the database directory holds only what sled and feedlint put in one (so moving it
    /// aside moves nothing else), and has a parent to move it within.
    fn holds_only_database_files(&self) -> bool {
        if self.path.parent().is_none() {
            return false;
        }
        let Ok(entries) = std::fs::read_dir(&self.path) else {
            return false;
        };
        entries.into_iter().all(|entry| {
            entry.is_ok_and(|e| {
                let name = e.file_name();
                let name = name.to_string_lossy();
                matches!(
                    name.as_ref(),
                    "conf" | "db" | "blobs" | INTERRUPTED_SNAPSHOTS
                ) || name.starts_with("snap.")
            })
        })
    }

    /// Runs `f` in one transaction over the usage trees with the keys of `counter` and of the
    /// month total of `key_hash` in `month`: the frame [`Store::add_usage`] and
    /// [`Store::take_back_usage`] share.
    fn usage_transaction<T>(
        &self,
        key_hash: &str,
        month: &str,
        counter: &str,
        f: impl Fn(
            &TransactionalTree,
            &TransactionalTree,
            &str,
            &str,
        ) -> Result<T, ConflictableTransactionError<Error>>,
    ) -> Result<T, Error> {
        check_hash(key_hash)?;
        let counter_key = format!("{key_hash}/{month}/{counter}");
        let total_key = format!("{key_hash}/{month}");
        self.with_db(|db| {
            let usage = db.open_tree("usage").map_err(|e| self.sled_error(&e))?;
            let totals = db
                .open_tree("usage_total")
                .map_err(|e| self.sled_error(&e))?;
            let outcome = (&usage, &totals)
                .transaction(|(usage, totals)| f(usage, totals, &counter_key, &total_key));
            outcome.map_err(|e| self.tx_error(e))
        })
    }

    /// The usage part of a transaction: adds `n` to one counter and to the month total, or
    /// writes nothing when `limit` would be passed.
    fn add_in(
        &self,
        usage: &TransactionalTree,
        totals: &TransactionalTree,
        counter_key: &str,
        total_key: &str,
        n: u64,
        limit: Option<u64>,
    ) -> Result<AddUsage, ConflictableTransactionError<Error>> {
        let abort = |e: Error| ConflictableTransactionError::Abort(e);
        let before = self
            .decode_u64(usage.get(counter_key)?.as_deref())
            .map_err(abort)?;
        let total = self
            .decode_u64(totals.get(total_key)?.as_deref())
            .map_err(abort)?;
        let overflow = || abort(self.corrupt("a usage counter overflowed"));
        let total_after = total.checked_add(n).ok_or_else(overflow)?;
        if limit.is_some_and(|limit| total_after > limit) {
            return Ok(AddUsage::OverLimit { total });
        }
        let after = before.checked_add(n).ok_or_else(overflow)?;
        usage.insert(counter_key.as_bytes(), &after.to_be_bytes())?;
        totals.insert(total_key.as_bytes(), &total_after.to_be_bytes())?;
        Ok(AddUsage::Added(UsageUpdate {
            counter_before: before,
            counter_after: after,
            total_after,
        }))
    }

    fn tx_error(&self, e: TransactionError<Error>) -> Error {
        match e {
            TransactionError::Abort(e) => e,
            TransactionError::Storage(e) => self.sled_error(&e),
        }
    }

    fn tree(&self, db: &sled::Db, name: &str) -> Result<sled::Tree, Error> {
        db.open_tree(name).map_err(|e| self.sled_error(&e))
    }

    fn decode_u64(&self, bytes: Option<&[u8]>) -> Result<u64, Error> {
        match bytes {
            None => Ok(0),
            Some(b) => <[u8; 8]>::try_from(b)
                .map(u64::from_be_bytes)
                .map_err(|_| self.corrupt("a usage counter is malformed")),
        }
    }
}

/// What went wrong in sled's words made readable: never its `Debug` text (`Read corrupted data
/// at file offset Some(Inline(224)) backtrace ()`).
fn engine_problem(e: &sled::Error) -> String {
    match e {
        sled::Error::Corruption { .. } => {
            "its files hold data the storage engine cannot read (damaged, cut short or \
             overwritten)"
                .to_owned()
        }
        sled::Error::Io(io) => io.to_string(),
        sled::Error::CollectionNotFound(_) => "one of its record collections is missing".to_owned(),
        // sled's own sentences (a database of an older sled, a setting that differs from the
        // stored one).
        sled::Error::Unsupported(why) => format!(
            "the storage engine cannot use it: {}",
            crate::model::text::printable(why)
        ),
        // An internal error of sled's, whose text is for sled's developers.
        sled::Error::ReportableBug(_) => "the storage engine failed on it".to_owned(),
    }
}

/// `path` with `.suffix` added to its last part (`/data/usage.sled/` → `/data/usage.sled.old`).
fn beside(path: &Path, suffix: &str) -> PathBuf {
    let mut name: std::ffi::OsString = path.components().collect::<PathBuf>().into_os_string();
    name.push(".");
    name.push(suffix);
    PathBuf::from(name)
}

/// What a path that is not a directory is, for messages.
fn file_kind(kind: std::fs::FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() {
            return "a character device";
        }
        if kind.is_block_device() {
            return "a block device";
        }
        if kind.is_fifo() {
            return "a named pipe";
        }
        if kind.is_socket() {
            return "a socket";
        }
    }
    if kind.is_file() {
        "a file"
    } else {
        "not a regular file"
    }
}

/// `path` as one word of a POSIX shell command: as it is when it holds only characters no shell
/// treats specially, else in single quotes. `None` when it holds a control character (a command
/// to copy would not show what it does) or is not UTF-8.
fn shell_quoted(path: &Path) -> Option<String> {
    let s = path.to_str()?;
    if s.is_empty() || s.chars().any(char::is_control) {
        return None;
    }
    let plain = |c: char| c.is_ascii_alphanumeric() || "_-./+:@%,=".contains(c);
    // A leading `-` would read as an option of mv.
    if s.chars().all(plain) && !s.starts_with('-') {
        return Some(s.to_owned());
    }
    let quoted = format!("'{}'", s.replace('\'', r"'\''"));
    Some(if s.starts_with('-') {
        format!("./{}", &quoted)
    } else {
        quoted
    })
}

fn is_lock_error(e: &sled::Error) -> bool {
    match e {
        sled::Error::Io(io) => {
            io.kind() == std::io::ErrorKind::WouldBlock
                || io.to_string().contains("could not acquire lock")
        }
        _ => false,
    }
}

/// Guards the key layout: a key hash is exactly 64 lowercase hex digits, so `<hash>/` prefixes
/// never overlap.
fn check_hash(key_hash: &str) -> Result<(), Error> {
    if key_hash.len() == 64
        && key_hash
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    {
        Ok(())
    } else {
        Err(Error::internal(
            "store called with something that is not a SHA-256 key hash",
        ))
    }
}

/// A profile changed between its read and its write: only possible if another thread of this
/// process raced us, since the database is held exclusively for the whole section.
fn changed(brand: &str) -> Error {
    Error::new(
        ErrorCode::StorageError,
        format!("the profile {brand:?} changed while it was being updated"),
    )
    .with_help("Run the command again.")
}

fn profile_key(key_hash: &str, brand: &str) -> Vec<u8> {
    format!("{key_hash}/{brand}").into_bytes()
}

impl Store for SledStore {
    fn add_usage(
        &self,
        key_hash: &str,
        month: &str,
        counter: &str,
        n: u64,
        limit: Option<u64>,
    ) -> Result<AddUsage, Error> {
        self.usage_transaction(
            key_hash,
            month,
            counter,
            |usage, totals, counter_key, total_key| {
                self.add_in(usage, totals, counter_key, total_key, n, limit)
            },
        )
    }

    fn take_back_usage(
        &self,
        key_hash: &str,
        month: &str,
        counter: &str,
        n: u64,
    ) -> Result<(), Error> {
        self.usage_transaction(
            key_hash,
            month,
            counter,
            |usage, totals, counter_key, total_key| {
                let abort = ConflictableTransactionError::Abort;
                for (tree, key) in [(usage, counter_key), (totals, total_key)] {
                    let value = self.decode_u64(tree.get(key)?.as_deref()).map_err(abort)?;
                    tree.insert(key.as_bytes(), &value.saturating_sub(n).to_be_bytes())?;
                }
                Ok(())
            },
        )
    }

    fn usage(&self, key_hash: &str, month: &str) -> Result<MonthUsage, Error> {
        check_hash(key_hash)?;
        let prefix = format!("{key_hash}/{month}/");
        self.with_db(|db| {
            let usage = db.open_tree("usage").map_err(|e| self.sled_error(&e))?;
            let mut result = MonthUsage::default();
            for entry in usage.scan_prefix(prefix.as_bytes()) {
                let (key, value) = entry.map_err(|e| self.sled_error(&e))?;
                let name = std::str::from_utf8(&key[prefix.len()..])
                    .map_err(|_| self.corrupt("a usage counter name is not UTF-8"))?;
                let value = self.decode_u64(Some(&value))?;
                result.total = result.total.saturating_add(value);
                result.counters.insert(name.to_owned(), value);
            }
            Ok(result)
        })
    }

    fn get_profile(&self, key_hash: &str, brand: &str) -> Result<Option<Vec<u8>>, Error> {
        check_hash(key_hash)?;
        self.with_db(|db| {
            let profiles = db.open_tree("profiles").map_err(|e| self.sled_error(&e))?;
            let value = profiles
                .get(profile_key(key_hash, brand))
                .map_err(|e| self.sled_error(&e))?;
            Ok(value.map(|v| v.to_vec()))
        })
    }

    fn update_profile<F>(&self, key_hash: &str, brand: &str, f: F) -> Result<Option<Vec<u8>>, Error>
    where
        F: FnOnce(Option<&[u8]>) -> Result<Option<Vec<u8>>, Error>,
    {
        check_hash(key_hash)?;
        let key = profile_key(key_hash, brand);
        self.with_db(|db| {
            let profiles = db.open_tree("profiles").map_err(|e| self.sled_error(&e))?;
            let old = profiles.get(&key).map_err(|e| self.sled_error(&e))?;
            let new = f(old.as_deref())?;
            // The database is held exclusively by this process for the whole section, so the
            // swap can only fail if another thread of this process raced us; say so rather than
            // lose either update.
            profiles
                .compare_and_swap(&key, old, new.as_deref())
                .map_err(|e| self.sled_error(&e))?
                .map_err(|_| changed(brand))?;
            Ok(new)
        })
    }

    fn update_profile_counted<F>(
        &self,
        key_hash: &str,
        brand: &str,
        add: UsageAdd<'_>,
        f: F,
    ) -> Result<(AddUsage, Option<Vec<u8>>), Error>
    where
        F: FnOnce(Option<&[u8]>) -> Result<Option<Vec<u8>>, Error>,
    {
        check_hash(key_hash)?;
        let key = profile_key(key_hash, brand);
        let counter_key = format!("{key_hash}/{}/{}", add.month, add.counter);
        let total_key = format!("{key_hash}/{}", add.month);
        self.with_db(|db| {
            let profiles = self.tree(db, "profiles")?;
            let usage = self.tree(db, "usage")?;
            let totals = self.tree(db, "usage_total")?;
            let old = profiles.get(&key).map_err(|e| self.sled_error(&e))?;
            // `f` runs once, outside the transaction (whose closure may be retried); the
            // transaction re-checks that the profile is still `old`.
            let new = f(old.as_deref())?;
            let outcome = (&profiles, &usage, &totals).transaction(|(p, u, t)| {
                if p.get(&key)? != old {
                    return Err(ConflictableTransactionError::Abort(changed(brand)));
                }
                let added = self.add_in(u, t, &counter_key, &total_key, add.n, add.limit)?;
                if matches!(added, AddUsage::Added(_)) {
                    match &new {
                        Some(bytes) => p.insert(key.as_slice(), bytes.as_slice())?,
                        None => p.remove(key.as_slice())?,
                    };
                }
                Ok(added)
            });
            let added = outcome.map_err(|e| self.tx_error(e))?;
            let stored = match added {
                AddUsage::Added(_) => new,
                AddUsage::OverLimit { .. } => old.map(|v| v.to_vec()),
            };
            Ok((added, stored))
        })
    }

    fn put_profiles(
        &self,
        key_hash: &str,
        items: &[(String, Vec<u8>)],
        replace: bool,
    ) -> Result<PutProfiles, Error> {
        check_hash(key_hash)?;
        let keyed: Vec<(Vec<u8>, &str, &[u8])> = items
            .iter()
            .map(|(brand, bytes)| {
                (
                    profile_key(key_hash, brand),
                    brand.as_str(),
                    bytes.as_slice(),
                )
            })
            .collect();
        self.with_db(|db| {
            let profiles = self.tree(db, "profiles")?;
            let outcome = profiles.transaction(|p| {
                if !replace {
                    for (key, brand, _) in &keyed {
                        if p.get(key)?.is_some() {
                            return Ok(PutProfiles::Exists((*brand).to_owned()));
                        }
                    }
                }
                for (key, _, bytes) in &keyed {
                    p.insert(key.as_slice(), *bytes)?;
                }
                Ok(PutProfiles::Written)
            });
            outcome.map_err(|e| self.tx_error(e))
        })
    }

    fn list_profiles(&self, key_hash: &str) -> Result<Vec<(String, Vec<u8>)>, Error> {
        check_hash(key_hash)?;
        let prefix = format!("{key_hash}/");
        self.with_db(|db| {
            let profiles = db.open_tree("profiles").map_err(|e| self.sled_error(&e))?;
            profiles
                .scan_prefix(prefix.as_bytes())
                .map(|entry| {
                    let (key, value) = entry.map_err(|e| self.sled_error(&e))?;
                    let brand = String::from_utf8(key[prefix.len()..].to_vec())
                        .map_err(|_| self.corrupt("a profile name is not UTF-8"))?;
                    Ok((brand, value.to_vec()))
                })
                .collect()
        })
    }

    fn delete_profile(&self, key_hash: &str, brand: &str) -> Result<bool, Error> {
        check_hash(key_hash)?;
        self.with_db(|db| {
            let profiles = db.open_tree("profiles").map_err(|e| self.sled_error(&e))?;
            let old = profiles
                .remove(profile_key(key_hash, brand))
                .map_err(|e| self.sled_error(&e))?;
            Ok(old.is_some())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    const B: &str = "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb";

    #[test]
    fn paths_in_suggested_commands_are_one_shell_word() {
        let q = |p: &str| shell_quoted(Path::new(p));
        assert_eq!(q("/data/usage.sled").as_deref(), Some("/data/usage.sled"));
        assert_eq!(q("/data/my db").as_deref(), Some("'/data/my db'"));
        assert_eq!(q("it's; rm -rf ~").as_deref(), Some(r"'it'\''s; rm -rf ~'"));
        assert_eq!(q("$(x)`y`").as_deref(), Some("'$(x)`y`'"));
        assert_eq!(q("-rf").as_deref(), Some("./'-rf'"));
        assert_eq!(q("a\nb"), None);
        assert_eq!(q(""), None);
    }

    #[test]
    fn the_aside_name_is_beside_the_path() {
        assert_eq!(
            beside(Path::new("/data/usage.sled/"), "old"),
            PathBuf::from("/data/usage.sled.old")
        );
        assert_eq!(
            beside(Path::new("db"), "broken"),
            PathBuf::from("db.broken")
        );
    }

    #[test]
    fn engine_errors_are_words_not_debug_text() {
        let corrupt = sled::Error::Corruption { at: None, bt: () };
        let text = engine_problem(&corrupt);
        assert!(text.contains("cannot read"), "{text}");
        assert!(
            !text.contains("None") && !text.contains("backtrace"),
            "{text}"
        );
        let text = engine_problem(&sled::Error::ReportableBug("x {:?}".into()));
        assert_eq!(text, "the storage engine failed on it");
        let text = engine_problem(&sled::Error::Unsupported("an old sled\u{1b}[2J".into()));
        assert!(text.ends_with("an old sled\\u{1b}[2J"), "{text}");
    }

    fn store(dir: &tempfile::TempDir) -> SledStore {
        SledStore::new(&StoreConfig::new(
            Some(dir.path().join("db")),
            Duration::from_secs(30),
        ))
        .unwrap()
    }

    #[test]
    fn usage_adds_up_per_key_month_and_counter() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(&dir);
        let AddUsage::Added(u) = s
            .add_usage(A, "2026-11", "gtinValidation", 3, None)
            .unwrap()
        else {
            panic!("refused")
        };
        assert_eq!(
            (u.counter_before, u.counter_after, u.total_after),
            (0, 3, 3)
        );
        s.add_usage(A, "2026-11", "productValidation", 4, None)
            .unwrap();
        s.add_usage(A, "2026-12", "productValidation", 9, None)
            .unwrap();
        s.add_usage(B, "2026-11", "productValidation", 100, None)
            .unwrap();
        let nov = s.usage(A, "2026-11").unwrap();
        assert_eq!(nov.total, 7);
        assert_eq!(nov.get("gtinValidation"), 3);
        assert_eq!(nov.get("productValidation"), 4);
        assert_eq!(s.usage(A, "2026-12").unwrap().total, 9);
        assert_eq!(s.usage(B, "2026-12").unwrap().total, 0);
    }

    #[test]
    fn limit_is_checked_inside_the_update_and_counts_nothing_when_passed() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(&dir);
        s.add_usage(A, "2026-11", "productValidation", 990, Some(1_000))
            .unwrap();
        assert_eq!(
            s.add_usage(A, "2026-11", "gtinValidation", 11, Some(1_000))
                .unwrap(),
            AddUsage::OverLimit { total: 990 }
        );
        assert_eq!(s.usage(A, "2026-11").unwrap().total, 990);
        assert!(matches!(
            s.add_usage(A, "2026-11", "gtinValidation", 10, Some(1_000))
                .unwrap(),
            AddUsage::Added(UsageUpdate {
                total_after: 1_000,
                ..
            })
        ));
    }

    #[test]
    fn profiles_are_isolated_per_key_and_listed_in_brand_order() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(&dir);
        for brand in ["zeta", "Acme", "beta/x"] {
            s.update_profile(A, brand, |old| {
                assert!(old.is_none());
                Ok(Some(format!("{{\"b\":\"{brand}\"}}").into_bytes()))
            })
            .unwrap();
        }
        s.update_profile(B, "Acme", |_| Ok(Some(b"other".to_vec())))
            .unwrap();
        let names: Vec<String> = s
            .list_profiles(A)
            .unwrap()
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        assert_eq!(names, ["Acme", "beta/x", "zeta"]);
        assert_eq!(
            s.get_profile(B, "Acme").unwrap().as_deref(),
            Some(&b"other"[..])
        );
        assert_eq!(s.get_profile(B, "zeta").unwrap(), None);
        assert!(!s.delete_profile(B, "zeta").unwrap());
        assert!(s.delete_profile(A, "zeta").unwrap());
        assert_eq!(s.list_profiles(A).unwrap().len(), 2);
    }

    #[test]
    fn update_profile_sees_old_bytes_and_an_error_changes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(&dir);
        s.update_profile(A, "Acme", |_| Ok(Some(b"1".to_vec())))
            .unwrap();
        let new = s
            .update_profile(A, "Acme", |old| {
                assert_eq!(old, Some(&b"1"[..]));
                Ok(Some(b"2".to_vec()))
            })
            .unwrap();
        assert_eq!(new.as_deref(), Some(&b"2"[..]));
        let e = s
            .update_profile(A, "Acme", |_| Err(Error::internal("boom")))
            .unwrap_err();
        assert_eq!(e.message, "boom");
        assert_eq!(
            s.get_profile(A, "Acme").unwrap().as_deref(),
            Some(&b"2"[..])
        );
        assert_eq!(s.update_profile(A, "Acme", |_| Ok(None)).unwrap(), None);
        assert_eq!(s.get_profile(A, "Acme").unwrap(), None);
    }

    #[test]
    fn a_counted_profile_update_writes_both_or_neither() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(&dir);
        let add = |n, limit| UsageAdd {
            month: "2026-11",
            counter: "brandVoice",
            n,
            limit,
        };
        let (added, stored) = s
            .update_profile_counted(A, "Acme", add(1, None), |old| {
                assert!(old.is_none());
                Ok(Some(b"1".to_vec()))
            })
            .unwrap();
        assert!(matches!(
            added,
            AddUsage::Added(UsageUpdate { total_after: 1, .. })
        ));
        assert_eq!(stored.as_deref(), Some(&b"1"[..]));
        // Over the limit: the profile keeps its bytes and nothing is counted.
        let (added, stored) = s
            .update_profile_counted(A, "Acme", add(5, Some(3)), |_| Ok(Some(b"2".to_vec())))
            .unwrap();
        assert_eq!(added, AddUsage::OverLimit { total: 1 });
        assert_eq!(stored.as_deref(), Some(&b"1"[..]));
        // An error from `f` changes nothing either.
        assert!(
            s.update_profile_counted(A, "Acme", add(1, None), |_| Err(Error::internal("no")))
                .is_err()
        );
        assert_eq!(
            s.get_profile(A, "Acme").unwrap().as_deref(),
            Some(&b"1"[..])
        );
        assert_eq!(s.usage(A, "2026-11").unwrap().get("brandVoice"), 1);
        assert_eq!(s.usage(B, "2026-11").unwrap().total, 0);
    }

    #[test]
    fn put_profiles_writes_all_or_none() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(&dir);
        s.update_profile(A, "b", |_| Ok(Some(b"old".to_vec())))
            .unwrap();
        let items = vec![
            ("a".to_owned(), b"new-a".to_vec()),
            ("b".to_owned(), b"new-b".to_vec()),
            ("c".to_owned(), b"new-c".to_vec()),
        ];
        assert_eq!(
            s.put_profiles(A, &items, false).unwrap(),
            PutProfiles::Exists("b".into())
        );
        assert_eq!(s.list_profiles(A).unwrap().len(), 1);
        // Another key's "b" does not block or see anything.
        assert_eq!(
            s.put_profiles(B, &items, false).unwrap(),
            PutProfiles::Written
        );
        assert_eq!(
            s.put_profiles(A, &items, true).unwrap(),
            PutProfiles::Written
        );
        let all = s.list_profiles(A).unwrap();
        assert_eq!(all.len(), 3);
        assert_eq!(all[1], ("b".to_owned(), b"new-b".to_vec()));
    }

    #[test]
    fn an_interrupted_snapshot_is_set_aside_and_the_data_kept() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(&dir);
        s.add_usage(A, "2026-11", "gtinValidation", 3, None)
            .unwrap();
        // What a process killed while sled wrote a snapshot leaves behind.
        let stale = dir
            .path()
            .join("db")
            .join("snap.FFFFFFFFFFFFFFF0.generating");
        std::fs::write(&stale, b"").unwrap();
        assert_eq!(s.usage(A, "2026-11").unwrap().total, 3);
        assert!(!stale.exists());
        let aside = dir
            .path()
            .join("db")
            .join(INTERRUPTED_SNAPSHOTS)
            .join("snap.FFFFFFFFFFFFFFF0.generating");
        assert!(aside.is_file());
    }

    #[test]
    fn full_disk_error_names_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(&dir);
        let full = std::io::Error::from(std::io::ErrorKind::StorageFull);
        let e = s.sled_error(&sled::Error::Io(full));
        assert_eq!(e.code, ErrorCode::StorageError);
        let path = dir.path().join("db").display().to_string();
        assert!(e.message.contains(&path), "{}", e.message);
        assert!(e.help.as_deref().unwrap().contains("disk is not full"));
        assert!(e.help.as_deref().unwrap().contains("Nothing was deleted"));
    }

    #[test]
    fn rejects_anything_but_a_key_hash() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(&dir);
        assert!(s.usage("adb_test_abcdefghijklmnop", "2026-11").is_err());
        assert!(s.list_profiles(&A[..63]).is_err());
    }

    #[test]
    fn a_held_store_keeps_its_data_and_keeps_others_out_until_dropped() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db");
        let config = StoreConfig::new(Some(path.clone()), Duration::from_millis(200));
        let held = SledStore::new(&config).unwrap();
        held.hold().unwrap();
        held.add_usage(A, "2026-11", "gtinValidation", 2, None)
            .unwrap();
        // A clone shares the held database.
        held.clone()
            .add_usage(A, "2026-11", "gtinValidation", 3, None)
            .unwrap();
        assert_eq!(held.usage(A, "2026-11").unwrap().total, 5);
        // Another store of the same path waits for the lock and gives up.
        let other = SledStore::new(&config).unwrap();
        let e = other.usage(A, "2026-11").unwrap_err();
        assert!(e.message.contains("locked"), "{}", e.message);
        // Its last clone dropped, the database is closed and the other store gets in.
        let kept = held.clone();
        drop(held);
        assert!(
            other.usage(A, "2026-11").is_err(),
            "closed with a clone left"
        );
        drop(kept);
        assert_eq!(other.usage(A, "2026-11").unwrap().total, 5);
    }

    #[test]
    fn a_second_open_in_the_same_process_waits_then_names_the_path() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("db");
        let s = SledStore::new(&StoreConfig::new(
            Some(path.clone()),
            Duration::from_millis(200),
        ))
        .unwrap();
        s.usage(A, "2026-11").unwrap();
        let holder = sled::Config::new().path(&path).open().unwrap();
        let started = Instant::now();
        let e = s.usage(A, "2026-11").unwrap_err();
        assert!(started.elapsed() >= Duration::from_millis(200));
        assert_eq!(e.code, ErrorCode::StorageError);
        assert!(
            e.message.contains(&path.display().to_string()),
            "{}",
            e.message
        );
        assert!(e.message.contains("locked"));
        drop(holder);
        assert_eq!(s.usage(A, "2026-11").unwrap().total, 0);
    }
}
