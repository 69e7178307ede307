//! Hostile and broken input (issue 10): every file under `tests/hostile/` plus large cases
//! generated at run time (single huge field, 10-million-character line, gzip bomb, deep XML
//! nesting) goes through `feedlint convert --to ndjson` and `feedlint validate`. Each run must
//! exit 0 or 2, never panic, and an exit 2 must name the file. Cases with a known, unfixed bug
//! are listed in `KNOWN_BUGS` and printed, never skipped silently.
//!
//! Size note: the "50 MB single field" case is built at 5 MB so the debug-build test stays fast.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use assert_cmd::Command;

/// Cases expected to fail today (file name, reason). Printed by the test.
const KNOWN_BUGS: &[(&str, &str)] = &[];

const KEY: &str = "adb_prod_0123456789abcdefXYZ";

fn generated(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut put = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        fs::write(&p, bytes).expect("write generated case");
        out.push(p);
    };
    // 5 MB single CSV field (stands in for 50 MB; see module doc).
    let mut big = b"id,title\n1,\"".to_vec();
    big.extend(std::iter::repeat_n(b'a', 5 * 1024 * 1024));
    big.extend_from_slice(b"\"\n");
    put("huge_field.csv", &big);
    // 10-million-character line without a newline, as NDJSON.
    let mut line = b"{\"id\":\"".to_vec();
    line.extend(std::iter::repeat_n(b'x', 10_000_000));
    put("ten_million_line.ndjson", &line);
    // Deeply nested XML.
    let depth = 100_000;
    let mut xml = String::from("<?xml version=\"1.0\"?><rss><channel><item>");
    xml.push_str(&"<a>".repeat(depth));
    xml.push_str(&"</a>".repeat(depth));
    xml.push_str("</item></channel></rss>");
    put("deep_nesting.xml", xml.as_bytes());
    // Deeply nested JSON.
    let json = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    put("deep_nesting.json", json.as_bytes());
    // gzip bomb: 1 GiB of zeros compressed (~1 MB on disk).
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    enc.write_all(b"id,title\n").expect("gzip header");
    let zeros = vec![0u8; 1024 * 1024];
    for _ in 0..1024 {
        enc.write_all(&zeros).expect("gzip body");
    }
    put("bomb.csv.gz", &enc.finish().expect("gzip finish"));
    out
}

fn check(bin_args: &[&str], file: &Path, failures: &mut Vec<String>) {
    let out = Command::cargo_bin("feedlint")
        .expect("binary")
        .args(bin_args)
        .timeout(Duration::from_secs(20))
        .output()
        .expect("run feedlint");
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let what = format!("{name} [{}]", bin_args[0]);
    println!("  {what}: exit {:?}", out.status.code());
    match out.status.code() {
        Some(0) => {}
        Some(2) if stderr.contains(name) => {}
        Some(2) => failures.push(format!("{what}: exit 2 without naming the file: {stderr}")),
        other => failures.push(format!("{what}: exit {other:?}: {stderr}")),
    }
    if stderr.contains("panicked") {
        failures.push(format!("{what}: panicked: {stderr}"));
    }
}

#[test]
fn hostile_inputs_never_panic_or_hang() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/hostile");
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut files: Vec<PathBuf> = fs::read_dir(&corpus)
        .expect("corpus dir")
        .map(|e| e.expect("dir entry").path())
        .collect();
    files.sort();
    assert!(files.len() >= 50, "corpus has {} files", files.len());
    files.extend(generated(tmp.path()));

    let mut failures = Vec::new();
    let mut known = Vec::new();
    for (i, file) in files.iter().enumerate() {
        let name = file
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        println!("case: {name}");
        let f = file.to_str().expect("utf-8 path");
        let db = tmp.path().join(format!("db{i}"));
        let db = db.to_str().expect("utf-8 path");
        let mut mine = Vec::new();
        check(&["convert", f, "--to", "ndjson"], file, &mut mine);
        check(
            &[
                "validate",
                f,
                "--exit-zero",
                "--db",
                db,
                "--api-key",
                KEY,
                "--format",
                "ndjson",
            ],
            file,
            &mut mine,
        );
        if let Some((_, why)) = KNOWN_BUGS.iter().find(|(n, _)| *n == name) {
            println!(
                "known-bug: {name}: {why} (currently failing: {})",
                !mine.is_empty()
            );
            known.push(name.to_owned());
        } else {
            failures.extend(mine);
        }
    }
    println!("known-bug cases: {known:?}");
    assert!(failures.is_empty(), "failures:\n{}", failures.join("\n"));
}

/// The decompressed-size cap (`ReadOptions.max_decompressed_bytes`, not exposed on the CLI):
/// a 64 MiB text bomb read with a 1 MiB cap must end in an error, not in 64 MiB of products.
#[test]
fn gzip_bomb_stops_at_the_decompressed_cap() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = tmp.path().join("bomb.csv.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    enc.write_all(b"id,title\n").expect("gzip header");
    let row =
        b"1,aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n".repeat(16 * 1024);
    for _ in 0..64 {
        enc.write_all(&row).expect("gzip body");
    }
    fs::write(&path, enc.finish().expect("gzip finish")).expect("write bomb");
    let opts = feedlint::feed::ReadOptions {
        max_decompressed_bytes: 1024 * 1024,
        ..Default::default()
    };
    let result =
        feedlint::feed::open(&path, &opts).and_then(Iterator::collect::<Result<Vec<_>, _>>);
    let err = result.expect_err("the cap must stop the bomb");
    assert!(err.to_string().contains("bomb.csv.gz"), "{err}");
}
