//! SIGKILL at random points (issue 10, "Crashes and concurrency"): `batch` on a feed, `voice
//! analyze` over a feed and `voice profiles import` are killed many times on one database.
//! After every kill the database opens, each killed request is counted whole or not at all,
//! and every profile is whole: it exports, its statistics add up to its `analysisCount`, and
//! that count equals the analyses counted on the key.
//!
//! Kill points are drawn from a fixed seed as fractions of a measured uninterrupted run, so the
//! set of delays is the same on every run (where in the work they land depends on the machine).

mod common;

use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use common::{
    PROD_A, analysis_counts, counter, exported_profiles, feedlint, json, ok, run, write_feed,
};

/// Starts `cmd` and SIGKILLs it after `delay` (`Child::kill` is SIGKILL on Unix). Returns the
/// exit status when it finished first.
fn kill_after(mut cmd: Command, delay: Duration) -> Option<ExitStatus> {
    let mut child = cmd
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + delay;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return Some(status);
        }
        let now = Instant::now();
        if now >= deadline {
            child.kill().unwrap();
            child.wait().unwrap();
            return None;
        }
        std::thread::sleep((deadline - now).min(Duration::from_millis(1)));
    }
}

/// How long an uninterrupted `cmd` takes (it must succeed).
fn timed(mut cmd: Command) -> Duration {
    let started = Instant::now();
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    started.elapsed()
}

/// Delays from a fixed seed, spread over `0..1.15 * full` (some runs finish before the kill).
fn delays(seed: u64, n: usize, full: Duration) -> Vec<Duration> {
    let mut rng = fastrand::Rng::with_seed(seed);
    (0..n).map(|_| full.mul_f64(rng.f64() * 1.15)).collect()
}

/// What a kill did, for the test output.
fn outcome(status: Option<ExitStatus>, counted: bool) -> &'static str {
    match (status, counted) {
        (Some(_), _) => "finished",
        (None, true) => "killed after commit",
        (None, false) => "killed before commit",
    }
}

const BATCH_PRODUCTS: u64 = 3_000;

#[test]
fn batch_killed_anywhere_counts_each_request_whole_or_not_at_all() {
    let dir = tempfile::tempdir().unwrap();
    let feed = dir.path().join("feed.csv");
    write_feed(&feed, usize::try_from(BATCH_PRODUCTS).unwrap(), 7);
    let batch = |db: &Path| {
        let mut cmd = feedlint(db, Some(PROD_A));
        cmd.args(["--format", "json", "batch"]).arg(&feed);
        cmd
    };
    let db = dir.path().join("db");
    let full = timed(batch(&db));
    let mut whole_requests = 1;
    assert_eq!(counter(&db, PROD_A, "productValidation"), BATCH_PRODUCTS);

    // Killed while a brand-new database is being created: it must open afterwards.
    for (i, delay) in delays(101, 4, full / 4).into_iter().enumerate() {
        let fresh = dir.path().join(format!("fresh-{i}"));
        let status = kill_after(batch(&fresh), delay);
        let total = counter(&fresh, PROD_A, "productValidation");
        assert!(
            total == 0 || total == BATCH_PRODUCTS,
            "fresh database counted {total}"
        );
        println!(
            "fresh db, kill after {delay:?}: {}",
            outcome(status, total > 0)
        );
    }

    for (i, delay) in delays(102, 14, full).into_iter().enumerate() {
        let status = kill_after(batch(&db), delay);
        let total = counter(&db, PROD_A, "productValidation");
        assert_eq!(
            total % BATCH_PRODUCTS,
            0,
            "kill {i} after {delay:?}: a request was counted in part ({total})"
        );
        let now = total / BATCH_PRODUCTS;
        if let Some(status) = status {
            assert!(status.success(), "kill {i}: the run failed: {status}");
            assert_eq!(
                now,
                whole_requests + 1,
                "kill {i}: a finished run was not counted"
            );
        } else {
            assert!(
                now == whole_requests || now == whole_requests + 1,
                "kill {i}: {now} requests counted after {whole_requests}"
            );
        }
        println!(
            "kill {i} after {delay:?}: {}",
            outcome(status, now > whole_requests)
        );
        whole_requests = now;
    }
    // The database still takes new requests and counts them exactly.
    ok(
        &db,
        Some(PROD_A),
        &["--format", "json", "batch", feed.to_str().unwrap()],
    );
    assert_eq!(
        counter(&db, PROD_A, "productValidation"),
        (whole_requests + 1) * BATCH_PRODUCTS
    );
}

#[test]
fn voice_analyze_killed_anywhere_keeps_profile_and_counter_in_step() {
    let dir = tempfile::tempdir().unwrap();
    let feed = dir.path().join("copy.csv");
    let products = 60;
    write_feed(&feed, products, 11);
    let analyze = |db: &Path| {
        let mut cmd = feedlint(db, Some(PROD_A));
        cmd.args([
            "--format",
            "json",
            "voice",
            "analyze",
            "--brand",
            "Northwind",
        ])
        .arg(&feed);
        cmd
    };
    let db = dir.path().join("db");
    let full = timed(analyze(&db));
    let mut analyses = u64::try_from(products).unwrap();

    // Killed while a brand-new database is created and first written: it opens afterwards and
    // the profile, if any, agrees with the counter.
    for (i, delay) in delays(202, 4, full / 4).into_iter().enumerate() {
        let fresh = dir.path().join(format!("fresh-{i}"));
        kill_after(analyze(&fresh), delay);
        let count = analysis_counts(&fresh, PROD_A)
            .get("Northwind")
            .copied()
            .unwrap_or(0);
        assert_eq!(counter(&fresh, PROD_A, "brandVoice"), count, "fresh {i}");
        println!("fresh db, kill after {delay:?}: {count} analyses committed");
    }

    for (i, delay) in delays(201, 12, full).into_iter().enumerate() {
        let status = kill_after(analyze(&db), delay);
        // Opens, lists, shows and exports; statistics add up (checked by exported_profiles).
        ok(&db, Some(PROD_A), &["voice", "profiles", "list"]);
        let shown = json(&ok(
            &db,
            Some(PROD_A),
            &["--format", "json", "voice", "profiles", "show", "Northwind"],
        ));
        let count = analysis_counts(&db, PROD_A)["Northwind"];
        assert_eq!(shown["data"]["analysisCount"].as_u64(), Some(count));
        // Each analysis is one request, committed with its profile update: the counter and the
        // profile agree exactly, whatever the kill interrupted.
        let counted = counter(&db, PROD_A, "brandVoice");
        assert_eq!(
            counted, count,
            "kill {i} after {delay:?}: {counted} analyses counted, profile has {count}"
        );
        assert!(count >= analyses && count <= analyses + u64::try_from(products).unwrap());
        if let Some(status) = status {
            assert!(status.success(), "kill {i}: the run failed: {status}");
            assert_eq!(count, analyses + u64::try_from(products).unwrap());
        }
        println!(
            "kill {i} after {delay:?}: {} of {products} analyses committed{}",
            count - analyses,
            if status.is_some() { " (finished)" } else { "" }
        );
        analyses = count;
    }
}

#[test]
fn voice_profiles_import_killed_anywhere_imports_all_or_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let feed = dir.path().join("copy.csv");
    write_feed(&feed, 20, 13);
    let db = dir.path().join("db");
    ok(
        &db,
        Some(PROD_A),
        &[
            "voice",
            "analyze",
            "--brand",
            "Seed",
            feed.to_str().unwrap(),
        ],
    );
    let seed = exported_profiles(&db, PROD_A).remove(0);
    let brands_per_file = 80;
    let import_file = |round: usize| {
        let profiles: Vec<serde_json::Value> = (0..brands_per_file)
            .map(|j| {
                let mut p = seed.clone();
                p["brandName"] = serde_json::json!(format!("R{round:02}-Brand{j:03}"));
                p
            })
            .collect();
        let doc = serde_json::json!({
            "format": "feedlint-voice-profiles",
            "formatVersion": 1,
            "profiles": profiles,
        });
        let path = dir.path().join(format!("import-{round}.json"));
        std::fs::write(&path, serde_json::to_vec(&doc).unwrap()).unwrap();
        path
    };
    let import = |db: &Path, file: &Path| {
        let mut cmd = feedlint(db, Some(PROD_A));
        cmd.args(["voice", "profiles", "import"]).arg(file);
        cmd
    };
    let full = timed(import(&dir.path().join("scratch"), &import_file(99)));

    for (round, delay) in delays(301, 14, full).into_iter().enumerate() {
        let file = import_file(round);
        let status = kill_after(import(&db, &file), delay);
        let counts = analysis_counts(&db, PROD_A);
        let imported = counts
            .keys()
            .filter(|b| b.starts_with(&format!("R{round:02}-")))
            .count();
        assert!(
            imported == 0 || imported == brands_per_file,
            "round {round} after {delay:?}: {imported} of {brands_per_file} profiles imported"
        );
        if let Some(status) = status {
            assert!(
                status.success(),
                "round {round}: the import failed: {status}"
            );
            assert_eq!(imported, brands_per_file);
        }
        for (brand, count) in &counts {
            assert_eq!(*count, seed["analysisCount"].as_u64().unwrap(), "{brand}");
        }
        println!(
            "round {round}, kill after {delay:?}: {}",
            outcome(status, imported > 0)
        );
    }
    // Everything left is importable elsewhere: the import validates every profile whole.
    let export = dir.path().join("all.json");
    ok(
        &db,
        Some(PROD_A),
        &[
            "voice",
            "profiles",
            "export",
            "-o",
            export.to_str().unwrap(),
        ],
    );
    let other = dir.path().join("other");
    let out = run(
        &other,
        Some(PROD_A),
        &["voice", "profiles", "import", export.to_str().unwrap()],
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
