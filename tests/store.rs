//! The usage database under real processes: concurrency, SIGKILL, damaged files, locks.
//!
//! Worker processes are this test binary re-executed with `--exact store_worker --ignored` and
//! `STORE_WORKER_MODE` set; they go through the same library API a metered command uses
//! (`Account::open` → `ensure_capacity` → `record`). Each test has its own temp database.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use assert_cmd::Command as BinCommand;
use feedlint::ErrorCode;
use feedlint::account::{Account, ApiKey, Endpoint, RequestContext};
use feedlint::store::{SCHEMA_VERSION, SledStore, Store, StoreConfig};

const PROD_KEY: &str = "adb_prod_StoreTestKey0123456789";
const MONTH_NOW: &str = "2026-11-22T04:00:00Z";
const MONTH: &str = "2026-11";
const MODE_ENV: &str = "STORE_WORKER_MODE";
const DB_ENV: &str = "STORE_WORKER_DB";
const DIR_ENV: &str = "STORE_WORKER_DIR";

fn config(db: &Path, timeout: Duration) -> StoreConfig {
    StoreConfig::new(Some(db.to_path_buf()), timeout)
}

fn request() -> RequestContext {
    let now =
        time::OffsetDateTime::parse(MONTH_NOW, &time::format_description::well_known::Rfc3339)
            .unwrap();
    RequestContext::new("store-test".into(), Some(now))
}

fn product_total(db: &Path) -> u64 {
    let store = SledStore::new(&config(db, Duration::from_secs(60))).unwrap();
    let hash = ApiKey::parse(PROD_KEY).unwrap().hash_hex();
    store.usage(&hash, MONTH).unwrap().get("productValidation")
}

fn spawn_worker(mode: &str, db: &Path, dir: &Path) -> Child {
    Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "store_worker",
            "--ignored",
            "--test-threads",
            "1",
        ])
        .env(MODE_ENV, mode)
        .env(DB_ENV, db)
        .env(DIR_ENV, dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn wait_for(path: &Path, limit: Duration) {
    let start = Instant::now();
    while !path.exists() {
        assert!(
            start.elapsed() < limit,
            "worker never wrote {}",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Entry point of worker processes; does nothing unless started by a test below.
#[test]
#[ignore = "worker process entry, started by the other tests of this file"]
fn store_worker() {
    let Ok(mode) = std::env::var(MODE_ENV) else {
        return;
    };
    let db = PathBuf::from(std::env::var(DB_ENV).unwrap());
    let dir = PathBuf::from(std::env::var(DIR_ENV).unwrap());
    let ctx = request();
    let store = config(&db, Duration::from_secs(120));
    match mode.as_str() {
        // One metered request of 25 products, as `batch` would make it.
        "request25" => {
            let account =
                Account::open(Some(PROD_KEY), &store, Endpoint::VALIDATE_BATCH, &ctx).unwrap();
            account.ensure_capacity(25).unwrap();
            let receipt = account.record(25).unwrap();
            assert_eq!(receipt.count, 25);
        }
        // Requests of 5 forever, logging each one after it was recorded.
        "loop5" => {
            use std::io::Write as _;
            let account =
                Account::open(Some(PROD_KEY), &store, Endpoint::VALIDATE_BATCH, &ctx).unwrap();
            let mut log = std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(dir.join("log"))
                .unwrap();
            loop {
                account.record(5).unwrap();
                log.write_all(b"5\n").unwrap();
                log.flush().unwrap();
                let _ = std::fs::write(dir.join("started"), b"");
            }
        }
        // Holds the database open until killed.
        "hold" => {
            let store = SledStore::new(&store).unwrap();
            let hash = ApiKey::parse(PROD_KEY).unwrap().hash_hex();
            store
                .update_profile(&hash, "Hold", |_| {
                    std::fs::write(dir.join("holding"), b"").unwrap();
                    std::thread::sleep(Duration::from_secs(60));
                    Ok(None)
                })
                .unwrap();
        }
        other => panic!("unknown worker mode {other}"),
    }
}

#[test]
fn sixteen_processes_at_once_count_exactly_400() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let workers: Vec<Child> = (0..16)
        .map(|_| spawn_worker("request25", &db, dir.path()))
        .collect();
    for worker in workers {
        let output = worker.wait_with_output().unwrap();
        assert!(
            output.status.success(),
            "worker failed: {}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
    assert_eq!(product_total(&db), 400);
}

#[test]
fn sigkill_mid_run_leaves_a_consistent_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let mut worker = spawn_worker("loop5", &db, dir.path());
    wait_for(&dir.path().join("started"), Duration::from_secs(60));
    std::thread::sleep(Duration::from_millis(150));
    worker.kill().unwrap(); // SIGKILL on Unix
    worker.wait().unwrap();

    let logged = std::fs::read_to_string(dir.path().join("log"))
        .unwrap()
        .lines()
        .count() as u64
        * 5;
    let counted = product_total(&db);
    // Each request of 5 is counted whole or not at all; the one in flight when the process
    // died may be counted without having been logged.
    assert_eq!(counted % 5, 0, "a request was counted in part: {counted}");
    assert!(
        counted == logged || counted == logged + 5,
        "counted {counted}, logged {logged}"
    );
    // And the database keeps working.
    let account = Account::open(
        Some(PROD_KEY),
        &config(&db, Duration::from_secs(60)),
        Endpoint::VALIDATE_BATCH,
        &request(),
    )
    .unwrap();
    assert_eq!(account.record(5).unwrap().usage_after.monthly, counted + 5);
}

#[test]
fn a_corrupt_database_is_refused_with_its_path_and_left_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let hash = ApiKey::parse(PROD_KEY).unwrap().hash_hex();
    let store = SledStore::new(&config(&db, Duration::from_secs(60))).unwrap();
    store
        .add_usage(&hash, MONTH, "productValidation", 7, None)
        .unwrap();
    let garbage: Vec<u8> = (0..4096u32)
        .map(|i| ((i * 7 + 13) % 256).to_le_bytes()[0])
        .collect();
    std::fs::write(db.join("db"), &garbage).unwrap();

    let e = store.usage(&hash, MONTH).unwrap_err();
    assert_eq!(e.code, ErrorCode::StorageError);
    assert!(
        e.message.contains(&db.display().to_string()),
        "{}",
        e.message
    );
    assert!(e.message.contains("corrupt"), "{}", e.message);
    assert!(e.help.as_deref().unwrap().contains("Move it aside"));
    // Refused again on the next run: nothing was reset behind the user's back.
    assert!(store.usage(&hash, MONTH).is_err());
    assert!(db.join("db").is_file() && db.join("conf").is_file());
}

#[test]
fn a_database_path_that_is_a_file_is_refused_and_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("not-a-dir");
    std::fs::write(&file, b"my notes").unwrap();
    let store = SledStore::new(&config(&file, Duration::from_secs(5))).unwrap();
    let e = store.list_profiles(&"0".repeat(64)).unwrap_err();
    assert_eq!(e.code, ErrorCode::StorageError);
    assert!(
        e.message.contains(&file.display().to_string()),
        "{}",
        e.message
    );
    assert!(e.message.contains("is a file"));
    assert_eq!(std::fs::read(&file).unwrap(), b"my notes");
}

#[test]
fn a_database_from_a_newer_feedlint_is_refused_and_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    {
        // Written the way a future feedlint would: a higher schema version.
        let raw = sled::open(&db).unwrap();
        let meta = raw.open_tree("meta").unwrap();
        meta.insert("schema_version", &(SCHEMA_VERSION + 1).to_be_bytes())
            .unwrap();
        raw.flush().unwrap();
    }
    let store = SledStore::new(&config(&db, Duration::from_secs(60))).unwrap();
    let e = store.usage(&"a".repeat(64), MONTH).unwrap_err();
    assert_eq!(e.code, ErrorCode::StorageError);
    assert!(e.message.contains("newer feedlint"), "{}", e.message);
    assert!(e.message.contains(&db.display().to_string()));
    let raw = sled::open(&db).unwrap();
    assert_eq!(
        raw.open_tree("meta")
            .unwrap()
            .get("schema_version")
            .unwrap()
            .as_deref(),
        Some(&(SCHEMA_VERSION + 1).to_be_bytes()[..])
    );
}

#[test]
fn a_database_locked_past_the_timeout_gives_an_error_naming_its_path() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let mut holder = spawn_worker("hold", &db, dir.path());
    wait_for(&dir.path().join("holding"), Duration::from_secs(60));

    let store = SledStore::new(&config(&db, Duration::from_millis(300))).unwrap();
    let started = Instant::now();
    let e = store.usage(&"a".repeat(64), MONTH).unwrap_err();
    assert!(started.elapsed() >= Duration::from_millis(300));
    assert_eq!(e.code, ErrorCode::StorageError);
    assert!(
        e.message.contains(&db.display().to_string()),
        "{}",
        e.message
    );
    assert!(e.help.as_deref().unwrap().contains("--lock-timeout"));

    // The same through the binary, with the timeout from the command line.
    let output = BinCommand::cargo_bin("feedlint")
        .unwrap()
        .args(["usage", "--lock-timeout", "0.2", "--db"])
        .arg(&db)
        .env("FEEDLINT_API_KEY", PROD_KEY)
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("locked"), "{stderr}");
    assert!(stderr.contains("--lock-timeout"), "{stderr}");

    holder.kill().unwrap();
    holder.wait().unwrap();
    // Released: the next open gets in.
    assert_eq!(product_total(&db), 0);
}

/// A timeout past the clock's range (`--lock-timeout 1e19`) means no deadline: an unlocked
/// database opens as usual (it panicked adding the timeout to the clock, and the panic handler
/// then called the healthy database corrupt).
#[test]
fn a_lock_timeout_past_the_clocks_range_waits_without_a_deadline() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    for timeout in ["1e19", "9.3e18"] {
        let output = BinCommand::cargo_bin("feedlint")
            .unwrap()
            .args(["usage", "--lock-timeout", timeout, "--db"])
            .arg(&db)
            .env("FEEDLINT_API_KEY", PROD_KEY)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(0), "{timeout}: {stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}
