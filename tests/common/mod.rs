//! Helpers shared by the process-level reliability tests (crash, concurrency, store errors,
//! secrets): running the real binary on a temp database, generating feeds, reading counters.

#![allow(dead_code, reason = "each test binary uses a different subset")]

use std::path::Path;
use std::process::{Command, Output, Stdio};

/// A fixed clock, so every run counts in the same month.
pub const NOW: &str = "2026-11-22T04:00:00Z";
pub const PROD_A: &str = "adb_prod_ReliabKeyAlpha0123456789";
pub const PROD_B: &str = "adb_prod_ReliabKeyBravo9876543210";
pub const TEST_A: &str = "adb_test_ReliabKeyCharlie13579246";
pub const TEST_B: &str = "adb_test_ReliabKeyDelta24680135790";

/// The feedlint binary with a clean, reproducible environment (no inherited key or database).
pub fn feedlint(db: &Path, key: Option<&str>) -> Command {
    let mut cmd = Command::new(assert_cmd::cargo::cargo_bin("feedlint"));
    for var in [
        "FEEDLINT_API_KEY",
        "FEEDLINT_DB",
        "FEEDLINT_LOCK_TIMEOUT",
        "FEEDLINT_REQUEST_ID",
        "RUST_BACKTRACE",
        // Tables fit COLUMNS when it is set.
        "COLUMNS",
    ] {
        cmd.env_remove(var);
    }
    cmd.env("NO_COLOR", "1")
        .env("FEEDLINT_NOW", NOW)
        .arg("--db")
        .arg(db);
    if let Some(key) = key {
        cmd.env("FEEDLINT_API_KEY", key);
    }
    cmd.stdin(Stdio::null());
    cmd
}

/// Runs feedlint to completion.
pub fn run(db: &Path, key: Option<&str>, args: &[&str]) -> Output {
    feedlint(db, key).args(args).output().unwrap()
}

/// Runs feedlint and insists on exit 0.
pub fn ok(db: &Path, key: Option<&str>, args: &[&str]) -> Output {
    exited_ok(run(db, key, args), args)
}

/// Insists that `out`, what feedlint `args` gave, exited 0, showing its stderr when not.
pub fn exited_ok(out: Output, args: &[&str]) -> Output {
    assert_eq!(
        out.status.code(),
        Some(0),
        "feedlint {args:?} failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

pub fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "not JSON ({e}): {}\nstderr: {}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// Every counter of `key` this month, as `usage --format json` reports it, and the total.
pub fn counters(db: &Path, key: &str) -> (std::collections::BTreeMap<String, u64>, u64) {
    let doc = json(&ok(db, Some(key), &["--format", "json", "usage"]));
    let mut map = std::collections::BTreeMap::new();
    for c in doc["data"]["counters"].as_array().unwrap() {
        map.insert(
            c["counter"].as_str().unwrap().to_owned(),
            c["validations"].as_u64().unwrap(),
        );
    }
    let total = map.values().sum();
    (map, total)
}

pub fn counter(db: &Path, key: &str, name: &str) -> u64 {
    counters(db, key).0.get(name).copied().unwrap_or(0)
}

/// Every profile of `key` from `voice profiles export`, checked for internal consistency:
/// feature statistics and tone counts must add up to `analysisCount`.
pub fn exported_profiles(db: &Path, key: &str) -> Vec<serde_json::Value> {
    let doc = json(&ok(db, Some(key), &["voice", "profiles", "export"]));
    let profiles = doc["profiles"].as_array().unwrap().clone();
    for p in &profiles {
        let n = p["analysisCount"].as_u64().unwrap();
        assert_eq!(
            p["featureStats"]["count"].as_u64(),
            Some(n),
            "feature statistics disagree with analysisCount in {p}"
        );
        let tones: u64 = p["toneCounts"]
            .as_object()
            .map(|m| m.values().filter_map(serde_json::Value::as_u64).sum())
            .or_else(|| {
                p["toneCounts"]
                    .as_array()
                    .map(|a| a.iter().filter_map(serde_json::Value::as_u64).sum())
            })
            .unwrap();
        assert_eq!(tones, n, "tone counts disagree with analysisCount in {p}");
        let monthly: u64 = p["monthlyAnalyses"]
            .as_object()
            .unwrap()
            .values()
            .filter_map(serde_json::Value::as_u64)
            .sum();
        assert_eq!(
            monthly, n,
            "monthly analyses disagree with analysisCount in {p}"
        );
    }
    profiles
}

/// `analysisCount` of each exported profile by brand.
pub fn analysis_counts(db: &Path, key: &str) -> std::collections::BTreeMap<String, u64> {
    exported_profiles(db, key)
        .iter()
        .map(|p| {
            (
                p["brandName"].as_str().unwrap().to_owned(),
                p["analysisCount"].as_u64().unwrap(),
            )
        })
        .collect()
}

const ADJECTIVES: [&str; 12] = [
    "durable",
    "elegant",
    "soft",
    "rugged",
    "exquisite",
    "handcrafted",
    "lightweight",
    "bold",
    "fun",
    "precise",
    "cozy",
    "premium",
];
const NOUNS: [&str; 10] = [
    "Jacket",
    "Kettle",
    "Backpack",
    "Lamp",
    "Sneaker",
    "Watch",
    "Blender",
    "Scarf",
    "Tent",
    "Headphones",
];

/// Writes a CSV feed of `n` complete products (every product has a title and a description of
/// about 40 words), deterministic from `seed`.
pub fn write_feed(path: &Path, n: usize, seed: u64) {
    use std::fmt::Write as _;
    let mut rng = fastrand::Rng::with_seed(seed);
    let mut text = String::from(
        "id,title,description,link,image_link,availability,condition,price,brand,mpn\n",
    );
    for i in 0..n {
        let adj = ADJECTIVES[rng.usize(..ADJECTIVES.len())];
        let adj2 = ADJECTIVES[rng.usize(..ADJECTIVES.len())];
        let noun = NOUNS[rng.usize(..NOUNS.len())];
        let title = format!("Northwind {adj} {noun} model {i} in classic colours");
        let description = format!(
            "The {adj} {noun} from Northwind is {adj2} and made for everyday use. It comes with \
             a two-year warranty, free returns within 30 days and ships in recyclable packaging. \
             Designed in our studio and tested by our team for {} months before release.",
            rng.u32(2..36)
        );
        writeln!(
            text,
            "SKU-{i:06},{title},\"{description}\",https://shop.example.com/p/{i},\
             https://cdn.example.com/img/{i}.jpg,in_stock,new,{}.{:02} USD,Northwind,NW-{i:06}",
            rng.u32(5..500),
            rng.u32(0..100)
        )
        .unwrap();
    }
    std::fs::write(path, text).unwrap();
}

/// The same products as a CSV, an RSS and a JSON feed in `dir`: (id, gtin) each, with the
/// other attributes a valid product needs.
pub fn same_products_in_three_formats(
    dir: &Path,
    items: &[(&str, &str)],
) -> [std::path::PathBuf; 3] {
    use std::fmt::Write as _;
    let fields = |id: &str, gtin: &str| {
        [
            ("id", id.to_owned()),
            ("title", format!("Acme Steel Water Bottle 750 ml {id}")),
            (
                "description",
                "A double-walled steel bottle that keeps drinks cold for a day.".to_owned(),
            ),
            ("link", format!("https://shop.example.com/p/{id}")),
            ("image_link", format!("https://cdn.example.com/{id}.jpg")),
            ("price", "19.99 USD".to_owned()),
            ("availability", "in_stock".to_owned()),
            ("condition", "new".to_owned()),
            ("brand", "Acme".to_owned()),
            ("gtin", gtin.to_owned()),
        ]
    };
    let mut csv = String::new();
    let mut rss = String::from(
        "<?xml version=\"1.0\"?>\n<rss version=\"2.0\" xmlns:g=\"http://base.google.com/ns/1.0\"><channel>\n",
    );
    let mut json = Vec::new();
    for &(id, gtin) in items {
        let f = fields(id, gtin);
        if csv.is_empty() {
            let names: Vec<&str> = f.iter().map(|(n, _)| *n).collect();
            csv.push_str(&names.join(","));
            csv.push('\n');
        }
        let values: Vec<&str> = f.iter().map(|(_, v)| v.as_str()).collect();
        csv.push_str(&values.join(","));
        csv.push('\n');
        rss.push_str("<item>");
        for (n, v) in &f {
            write!(rss, "<g:{n}>{v}</g:{n}>").unwrap();
        }
        rss.push_str("</item>\n");
        json.push(serde_json::Value::Object(
            f.iter()
                .map(|(n, v)| ((*n).to_owned(), serde_json::Value::from(v.as_str())))
                .collect(),
        ));
    }
    rss.push_str("</channel></rss>\n");
    let paths = [
        dir.join("feed.csv"),
        dir.join("feed.xml"),
        dir.join("feed.json"),
    ];
    std::fs::write(&paths[0], csv).unwrap();
    std::fs::write(&paths[1], rss).unwrap();
    std::fs::write(&paths[2], serde_json::to_string(&json).unwrap()).unwrap();
    paths
}

/// A sample feed of the repository's `examples/`.
pub fn example(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
}

/// A real public sample feed of `../shared/feeds/`.
pub fn shared_feed(name: &str) -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/feeds")
        .join(name)
}

/// A product with no critical problem: `P{i}`, a trail running shoe with every required
/// attribute (a JSON object, for NDJSON lines and request bodies).
pub fn good_product(i: usize) -> serde_json::Value {
    serde_json::json!({
        "id": format!("P{i}"),
        "title": format!("Trail running shoe with grippy sole {i}"),
        "description": "A light trail running shoe with a grippy sole for wet rock and mud.",
        "link": format!("https://shop.example.org/p/{i}"),
        "image_link": format!("https://cdn.shop.example.org/p/{i}.jpg"),
        "price": "59.99 USD",
        "availability": "in_stock",
        "condition": "new",
        "brand": "Acme",
        "mpn": format!("TR-{i}"),
    })
}

/// Whether a full-disk script (a tmpfs mounted in a private mount namespace) ran to the end:
/// `false`, after a SKIPPED line ending with `note`, where no tmpfs can be mounted (exit 77, or
/// no `unshare`); a panic showing `detail()` when the script failed.
pub fn full_disk_script_ran(
    status: std::io::Result<std::process::ExitStatus>,
    note: &str,
    detail: impl FnOnce() -> String,
) -> bool {
    match status.map(|s| s.code()) {
        Ok(Some(0)) => true,
        Ok(Some(77)) | Err(_) => {
            println!(
                "SKIPPED full-disk check: a tmpfs cannot be mounted here (needs root and \
                 unshare){note}"
            );
            false
        }
        other => panic!("full-disk script failed ({other:?}): {}", detail()),
    }
}
