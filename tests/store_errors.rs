//! The usage database when the disk says no (issue 10, "Crashes and concurrency"): a read-only
//! directory, a full disk, a database "directory" that is a regular file, and a database
//! written by a newer feedlint. Each must give exit 2 and a clear error naming the path, and
//! must leave every byte of existing data in place.
//!
//! Read-only: chmod does not stop root, so when the probe write succeeds (running as root) the
//! commands run as `nobody` (uid 65534) instead. Full disk: a 2 MiB tmpfs mounted in a private
//! mount namespace (`unshare -m`), which needs root; without it the test says so and the error
//! mapping is covered by the unit test `full_disk_error_names_the_path` in `store::sled_store`.

mod common;

use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::Output;

use common::{PROD_A, analysis_counts, counters, feedlint, json, ok, write_feed};

const CODE: &str = "4006381333931";

/// A database with counters and a profile, and a feed to run against it.
fn seeded(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let db = dir.join("db");
    let feed = dir.join("feed.csv");
    write_feed(&feed, 3, 5);
    ok(&db, Some(PROD_A), &["gtin", CODE]);
    ok(&db, Some(PROD_A), &["validate", feed.to_str().unwrap()]);
    ok(
        &db,
        Some(PROD_A),
        &[
            "voice",
            "analyze",
            "--brand",
            "Kept",
            feed.to_str().unwrap(),
        ],
    );
    (db, feed)
}

/// Every command kind that touches the database, as argument lists.
fn commands(feed: &Path) -> Vec<Vec<String>> {
    let feed = feed.to_str().unwrap().to_owned();
    [
        vec!["gtin", CODE],
        vec!["validate", &feed],
        vec!["batch", &feed],
        vec!["voice", "analyze", "--brand", "Kept", &feed],
        vec!["voice", "profiles", "list"],
        vec!["usage"],
    ]
    .into_iter()
    .map(|v| v.into_iter().map(str::to_owned).collect())
    .collect()
}

/// Exit 2, the path in the diagnostic and in the JSON envelope, and `what` in the message.
fn assert_storage_error(out: &Output, db: &Path, what: &str, args: &[String]) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    let path = db.display().to_string();
    assert!(stderr.contains(&path), "{args:?}: path missing in {stderr}");
    assert!(
        stderr.contains(what),
        "{args:?}: {what:?} missing in {stderr}"
    );
    let doc = json(out);
    let error = if doc["error"].is_object() {
        &doc["error"]
    } else {
        &doc
    };
    assert!(doc.to_string().contains("STORAGE_ERROR"), "{args:?}: {doc}");
    assert!(error.to_string().contains(&path), "{args:?}: {doc}");
}

/// What the database holds, to prove nothing was lost.
fn snapshot(
    db: &Path,
) -> (
    std::collections::BTreeMap<String, u64>,
    std::collections::BTreeMap<String, u64>,
) {
    (counters(db, PROD_A).0, analysis_counts(db, PROD_A))
}

fn chmod(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

#[test]
fn a_read_only_database_directory_is_refused_with_its_path_and_kept() {
    let dir = tempfile::tempdir().unwrap();
    chmod(dir.path(), 0o755);
    let (db, feed) = seeded(dir.path());
    let before = snapshot(&db);
    let files: Vec<_> = std::fs::read_dir(&db)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    for f in &files {
        chmod(f, if f.is_dir() { 0o555 } else { 0o444 });
    }
    chmod(&db, 0o555);

    let probe = db.join("probe");
    let privileged = std::fs::write(&probe, b"").is_ok();
    let _ = std::fs::remove_file(&probe);
    if privileged {
        println!("running as root: chmod does not bind root, so the commands run as nobody");
    }
    for args in commands(&feed) {
        let mut cmd = feedlint(&db, Some(PROD_A));
        cmd.arg("--format").arg("json").args(&args);
        if privileged {
            cmd.uid(65534).gid(65534);
        }
        let out = match cmd.output() {
            Ok(out) => out,
            Err(e) if privileged => {
                println!("SKIPPED read-only check: cannot run as nobody ({e})");
                return;
            }
            Err(e) => panic!("{e}"),
        };
        assert_storage_error(&out, &db, "Permission denied", &args);
    }

    chmod(&db, 0o755);
    for f in &files {
        chmod(f, if f.is_dir() { 0o755 } else { 0o644 });
    }
    assert_eq!(snapshot(&db), before, "data changed or was lost");
}

#[test]
fn a_database_path_that_is_a_file_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("notes.txt");
    std::fs::write(&file, b"my notes, not a database\n").unwrap();
    let feed = dir.path().join("feed.csv");
    write_feed(&feed, 2, 3);
    for args in commands(&feed) {
        let out = feedlint(&file, Some(PROD_A))
            .arg("--format")
            .arg("json")
            .args(&args)
            .output()
            .unwrap();
        assert_storage_error(&out, &file, "is a file, not a directory", &args);
    }
    assert_eq!(std::fs::read(&file).unwrap(), b"my notes, not a database\n");
}

#[test]
fn a_database_from_a_newer_feedlint_is_refused_and_left_alone() {
    let dir = tempfile::tempdir().unwrap();
    let (db, feed) = seeded(dir.path());
    let before = snapshot(&db);
    let newer = feedlint::store::SCHEMA_VERSION + 1;
    {
        // What a future feedlint would have written.
        let raw = sled::open(&db).unwrap();
        raw.open_tree("meta")
            .unwrap()
            .insert("schema_version", &newer.to_be_bytes())
            .unwrap();
        raw.flush().unwrap();
    }
    for args in commands(&feed) {
        let out = feedlint(&db, Some(PROD_A))
            .arg("--format")
            .arg("json")
            .args(&args)
            .output()
            .unwrap();
        assert_storage_error(&out, &db, "was written by a newer feedlint", &args);
    }
    {
        let raw = sled::open(&db).unwrap();
        let meta = raw.open_tree("meta").unwrap();
        assert_eq!(
            meta.get("schema_version").unwrap().as_deref(),
            Some(&newer.to_be_bytes()[..]),
            "the schema version was rewritten"
        );
        // Back to this version's schema: every record is still there.
        meta.insert(
            "schema_version",
            &feedlint::store::SCHEMA_VERSION.to_be_bytes(),
        )
        .unwrap();
        raw.flush().unwrap();
    }
    assert_eq!(snapshot(&db), before, "data changed or was lost");
}

#[test]
fn a_full_disk_is_refused_with_the_path_and_loses_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mnt = dir.path().join("mnt");
    std::fs::create_dir(&mnt).unwrap();
    let results = dir.path().join("results");
    std::fs::create_dir(&results).unwrap();
    let feed = dir.path().join("feed.csv");
    write_feed(&feed, 3, 9);
    let db = mnt.join("db");
    let bin = assert_cmd::cargo::cargo_bin("feedlint");
    // Everything happens inside one private mount namespace; the tmpfs disappears with it.
    let script = r#"
        mount -t tmpfs -o size=2m tmpfs "$MNT" || exit 77
        run() { "$BIN" --db "$DB" "$@"; }
        run gtin "$CODE" >/dev/null 2>"$OUT/seed.err" || exit 78
        run voice analyze --brand Kept "$FEED" >/dev/null 2>>"$OUT/seed.err" || exit 78
        run --format json usage >"$OUT/before.json" || exit 78
        dd if=/dev/zero of="$MNT/filler" bs=64k >/dev/null 2>&1
        i=0
        for round in 1 2 3 4; do
            for cmd in "gtin $CODE" "validate $FEED" "voice analyze --brand Kept $FEED"; do
                run --format json $cmd >"$OUT/full-$i.json" 2>"$OUT/full-$i.err"
                echo "$? $cmd" >"$OUT/full-$i.code"
                i=$((i + 1))
            done
        done
        rm "$MNT/filler"
        run --format json usage >"$OUT/after.json" || exit 79
        run voice profiles export >"$OUT/profiles.json" || exit 79
    "#;
    let status = std::process::Command::new("unshare")
        .args(["-m", "sh", "-c", script])
        .env("MNT", &mnt)
        .env("BIN", &bin)
        .env("DB", &db)
        .env("OUT", &results)
        .env("FEED", &feed)
        .env("CODE", CODE)
        .env("FEEDLINT_API_KEY", PROD_A)
        .env("FEEDLINT_NOW", common::NOW)
        .env("NO_COLOR", "1")
        .env_remove("FEEDLINT_DB")
        .status();
    let ran = common::full_disk_script_ran(
        status,
        "; the error mapping is unit-tested in store::sled_store",
        || std::fs::read_to_string(results.join("seed.err")).unwrap_or_default(),
    );
    if !ran {
        return;
    }
    let read = |name: &str| std::fs::read_to_string(results.join(name)).unwrap();
    let (mut refused, mut gtins, mut products) = (0, 0, 0);
    for i in 0..12 {
        let code = read(&format!("full-{i}.code"));
        let stderr = read(&format!("full-{i}.err"));
        match code.split_whitespace().next() {
            // A write that still fitted in pages the database already had.
            Some("0") if code.contains("gtin") => gtins += 1,
            Some("0") if code.contains("validate") => products += 3,
            Some("0") => {}
            Some("2") => {
                refused += 1;
                assert!(stderr.contains(&db.display().to_string()), "{stderr}");
                assert!(stderr.contains("No space left on device"), "{stderr}");
                assert!(read(&format!("full-{i}.json")).contains("STORAGE_ERROR"));
            }
            other => panic!("{code}: exit {other:?}: {stderr}"),
        }
    }
    assert!(refused > 0, "the full disk never refused a write");
    println!("full disk: {refused} of 12 runs refused with exit 2");
    // Nothing was lost, refused requests counted nothing, and profile and counter agree.
    let before = counters_of(&serde_json::from_str(&read("before.json")).unwrap());
    let after = counters_of(&serde_json::from_str(&read("after.json")).unwrap());
    assert_eq!(after["gtinValidation"], before["gtinValidation"] + gtins);
    assert_eq!(
        after["productValidation"],
        before["productValidation"] + products
    );
    let profiles: serde_json::Value = serde_json::from_str(&read("profiles.json")).unwrap();
    assert_eq!(profiles["profiles"][0]["brandName"], "Kept");
    assert!(profiles["profiles"][0]["analysisCount"].as_u64().unwrap() >= 3);
    assert_eq!(
        profiles["profiles"][0]["analysisCount"].as_u64(),
        Some(after["brandVoice"])
    );
}

/// The counters of a `usage --format json` document.
fn counters_of(doc: &serde_json::Value) -> std::collections::BTreeMap<String, u64> {
    doc["data"]["counters"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["counter"].as_str().unwrap().to_owned(),
                c["validations"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// stderr of `feedlint --db DB validate FEED` (a human run: the diagnostic and its help).
fn validate_stderr(db: &Path, feed: &Path) -> String {
    let out = feedlint(db, Some(PROD_A))
        .arg("validate")
        .arg(feed)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    stderr
}

/// A diagnostic's words on one line (miette wraps them and draws `│` in the margin).
fn one_line(stderr: &str) -> String {
    stderr
        .split_whitespace()
        .filter(|w| *w != "│")
        .collect::<Vec<_>>()
        .join(" ")
}

/// The text without white space or miette's margin.
fn squeezed(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace() && *c != '│')
        .collect()
}

/// No `Debug` text of sled's errors reaches the user.
fn assert_no_engine_debug_text(stderr: &str) {
    for debug in ["Some(", "Inline(", "backtrace", "Corruption {"] {
        assert!(!stderr.contains(debug), "{debug:?} in {stderr}");
    }
}

/// Bytes that are no sled log (xorshift, so the test does not depend on chance).
fn noise(n: usize) -> Vec<u8> {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x.to_le_bytes()[0]
        })
        .collect()
}

#[test]
fn a_corrupt_database_is_described_in_words_and_moved_aside_only_by_the_user() {
    for damage in [noise(524_287), Vec::new()] {
        let dir = tempfile::tempdir().unwrap();
        let (db, feed) = seeded(dir.path());
        std::fs::write(db.join("db"), &damage).unwrap();
        let stderr = validate_stderr(&db, &feed);
        let one_line = one_line(&stderr);
        assert!(one_line.contains("is corrupt or unreadable"), "{stderr}");
        assert!(
            one_line.contains("cannot read (damaged, cut short or overwritten)"),
            "{stderr}"
        );
        assert_no_engine_debug_text(&stderr);
        // The database directory holds nothing else: moving it aside is the way to start over.
        // (Compared without white space: miette may wrap a long path at a `/`.)
        let path = db.display().to_string();
        assert!(
            squeezed(&stderr).contains(&squeezed(&format!("(mv {path} {path}.broken)"))),
            "{stderr}"
        );
        assert_eq!(std::fs::read(db.join("db")).unwrap(), damage, "changed");
    }
}

#[test]
fn a_corrupt_database_among_other_files_is_not_suggested_to_be_moved() {
    let dir = tempfile::tempdir().unwrap();
    let (db, feed) = seeded(dir.path());
    std::fs::write(db.join("db"), noise(4096)).unwrap();
    // `--db` pointed at a directory that is more than a database (a project, a home directory).
    std::fs::write(db.join("README.md"), b"my project\n").unwrap();
    let stderr = validate_stderr(&db, &feed);
    assert!(stderr.contains("is corrupt or unreadable"), "{stderr}");
    assert!(!stderr.contains("mv "), "{stderr}");
    assert!(stderr.contains("holds more than a usage"), "{stderr}");
    assert_no_engine_debug_text(&stderr);
}

#[test]
fn a_device_as_the_database_path_is_named_and_never_suggested_to_be_moved() {
    let dir = tempfile::tempdir().unwrap();
    let feed = dir.path().join("feed.csv");
    write_feed(&feed, 2, 3);
    let stderr = validate_stderr(Path::new("/dev/null"), &feed);
    assert!(
        stderr.contains("/dev/null is a character device, not a directory"),
        "{stderr}"
    );
    assert!(!stderr.contains("mv "), "{stderr}");
    assert!(stderr.contains("point --db / FEEDLINT_DB at a"), "{stderr}");
}

#[test]
fn a_file_as_the_database_path_gets_a_command_that_copies_safely() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("my notes.txt");
    std::fs::write(&file, b"notes\n").unwrap();
    let feed = dir.path().join("feed.csv");
    write_feed(&feed, 2, 3);
    let stderr = validate_stderr(&file, &feed);
    assert!(stderr.contains("is a file, not a directory"), "{stderr}");
    let path = file.display().to_string();
    assert!(
        squeezed(&stderr).contains(&squeezed(&format!("(mv '{path}' '{path}.old')"))),
        "{stderr}"
    );
    assert_eq!(std::fs::read(&file).unwrap(), b"notes\n");
}

/// `FEEDLINT_DB=` left set but empty (and `--db ""`) is refused with both ways to give a path:
/// clap's own message named only `--db`.
#[test]
fn an_empty_database_path_names_the_variable_too() {
    for (env, args) in [
        (Some(""), &["categories"][..]),
        (None, &["--db", "", "categories"][..]),
    ] {
        let mut cmd = assert_cmd::Command::cargo_bin("feedlint").unwrap();
        cmd.env_remove("FEEDLINT_DB").args(args);
        if let Some(value) = env {
            cmd.env("FEEDLINT_DB", value);
        }
        let out = cmd.output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("the usage database path is empty") && stderr.contains("FEEDLINT_DB"),
            "{stderr}"
        );
    }
}
