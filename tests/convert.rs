//! `feedlint convert`: lossless round trips between every pair of formats (a proptest over
//! generated products), and the command itself.
//!
//! "Lossless" compares attributes (names and values in order), `shipping` and `tax`; not source
//! locations. Two equivalences are inherent in the formats and documented in `feed::write`: an
//! empty value is the same as an absent one (a spreadsheet cell cannot tell them apart), and in
//! the text form of multi-value attributes a comma is a separator (GMC 15001087), so generated
//! values of those attributes contain no commas and no surrounding spaces.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use assert_cmd::Command;
use feedlint::feed::{self, OutputKind, ReadOptions, write::write_all_to_vec};
use feedlint::model::{Attribute, Product, Shipping, SourceLocation, Tax};
use proptest::prelude::*;

type Comparable = (BTreeMap<String, Vec<String>>, Vec<Shipping>, Vec<Tax>);

fn comparable(p: &Product) -> Comparable {
    let mut attrs = BTreeMap::new();
    for a in p.attributes() {
        let values: Vec<String> = a.values.iter().filter(|v| !v.is_empty()).cloned().collect();
        if !values.is_empty() {
            attrs.insert(a.name.to_string(), values);
        }
    }
    (attrs, p.shipping.clone(), p.tax.clone())
}

fn extension(kind: OutputKind) -> &'static str {
    match kind {
        OutputKind::Csv => "csv",
        OutputKind::Tsv => "tsv",
        OutputKind::Ndjson => "ndjson",
        OutputKind::Json => "json",
        OutputKind::Rss => "xml",
        OutputKind::Atom => "atom",
    }
}

fn round_trip(dir: &Path, kind: OutputKind, products: &[Product]) -> Vec<Product> {
    let bytes = write_all_to_vec(kind, products).expect("write");
    let path = dir.join(format!("feed.{}", extension(kind)));
    std::fs::write(&path, &bytes).unwrap();
    feed::open(&path, &ReadOptions::default())
        .and_then(Iterator::collect::<Result<Vec<_>, _>>)
        .unwrap_or_else(|e| panic!("{}: {e}\n{}", kind.name(), String::from_utf8_lossy(&bytes)))
}

/// Free text with the characters that break naive writers: quotes, separators, markup,
/// newlines, tabs and non-ASCII.
fn text() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9 ,;:\"'&<>\t\n\r\\\\é€中🙂#/.-]{0,14}"
}

fn list_value() -> impl Strategy<Value = String> {
    "[a-zA-Z0-9/:._&<>\"'é-]{1,12}"
}

fn part() -> impl Strategy<Value = Option<String>> {
    proptest::option::of("[A-Z0-9][A-Za-z0-9 .]{0,4}[A-Z0-9]")
}

fn shipping() -> impl Strategy<Value = Shipping> {
    (
        "[A-Z]{2}",
        part(),
        part(),
        part(),
        proptest::option::of("[0-9]{1,3}\\.[0-9]{2} (USD|EUR)"),
        part(),
        part(),
    )
        .prop_map(
            |(country, region, postal_code, service, price, min_h, max_t)| Shipping {
                country: Some(country),
                region,
                postal_code,
                service,
                price,
                min_handling_time: min_h,
                max_transit_time: max_t,
                ..Shipping::default()
            },
        )
}

fn tax() -> impl Strategy<Value = Tax> {
    (
        "[A-Z]{2}",
        part(),
        proptest::option::of("[0-9]{1,2}\\.[0-9]{1,2}"),
        proptest::option::of("(yes|no)"),
    )
        .prop_map(|(country, region, rate, tax_ship)| Tax {
            country: Some(country),
            region,
            rate,
            tax_ship,
            ..Tax::default()
        })
}

/// Free-text attributes (one or several values, repeated columns in CSV).
const TEXT_ATTRIBUTES: &[&str] = &[
    "title",
    "description",
    "brand",
    "color",
    "product_highlight",
    "market_product_category",
    "custom_label_0",
    "x_merchant_note",
];
/// Comma-separated multi-value attributes.
const LIST_ATTRIBUTES: &[&str] = &["additional_image_link", "product_type"];

fn product() -> impl Strategy<Value = Product> {
    (
        "[A-Z0-9-]{1,8}",
        proptest::collection::vec(
            (
                0..TEXT_ATTRIBUTES.len(),
                proptest::collection::vec(text(), 1..3),
            ),
            0..5,
        ),
        proptest::collection::vec(
            (
                0..LIST_ATTRIBUTES.len(),
                proptest::collection::vec(list_value(), 1..4),
            ),
            0..2,
        ),
        proptest::collection::vec(shipping(), 0..3),
        proptest::collection::vec(tax(), 0..2),
    )
        .prop_map(|(id, texts, lists, shipping, tax)| {
            let mut p = Product::new(SourceLocation::default());
            p.push_new(Attribute {
                name: "id".into(),
                values: vec![id].into(),
            });
            for (i, values) in texts {
                if !p.has(TEXT_ATTRIBUTES[i]) {
                    p.push_new(Attribute {
                        name: TEXT_ATTRIBUTES[i].into(),
                        values: values.into(),
                    });
                }
            }
            for (i, values) in lists {
                if !p.has(LIST_ATTRIBUTES[i]) {
                    p.push_new(Attribute {
                        name: LIST_ATTRIBUTES[i].into(),
                        values: values.into(),
                    });
                }
            }
            p.shipping = shipping;
            p.tax = tax;
            p
        })
}

const KINDS: [OutputKind; 6] = [
    OutputKind::Csv,
    OutputKind::Tsv,
    OutputKind::Ndjson,
    OutputKind::Json,
    OutputKind::Rss,
    OutputKind::Atom,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn every_pair_of_formats_round_trips_losslessly(products in proptest::collection::vec(product(), 1..4)) {
        let dir = tempfile::tempdir().unwrap();
        let want: Vec<Comparable> = products.iter().map(comparable).collect();
        for a in KINDS {
            let read_a = round_trip(dir.path(), a, &products);
            let got: Vec<Comparable> = read_a.iter().map(comparable).collect();
            prop_assert_eq!(&got, &want, "{} → read", a.name());
            for b in KINDS {
                let read_b = round_trip(dir.path(), b, &read_a);
                let got: Vec<Comparable> = read_b.iter().map(comparable).collect();
                prop_assert_eq!(&got, &want, "{} → {} → read", a.name(), b.name());
            }
        }
    }
}

#[test]
fn convert_writes_a_spreadsheet_and_back() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("out.csv");
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/examples");
    Command::cargo_bin("feedlint")
        .unwrap()
        .args([
            "convert",
            &format!("{examples}/catalog.xml"),
            "--to",
            "csv",
            "-o",
        ])
        .arg(&csv)
        .assert()
        .success()
        .stderr(predicates::str::contains("converted 7 products to csv"));
    let out = Command::cargo_bin("feedlint")
        .unwrap()
        .args(["--quiet", "convert", "--to", "rss"])
        .arg(&csv)
        .assert()
        .success()
        .stderr("")
        .get_output()
        .stdout
        .clone();
    let rss = dir.path().join("back.xml");
    std::fs::write(&rss, out).unwrap();
    let original: Vec<Comparable> = feed::open(
        Path::new(&format!("{examples}/catalog.xml")),
        &ReadOptions::default(),
    )
    .unwrap()
    .map(|p| comparable(&p.unwrap()))
    .collect();
    let back: Vec<Comparable> = feed::open(&rss, &ReadOptions::default())
        .unwrap()
        .map(|p| comparable(&p.unwrap()))
        .collect();
    assert_eq!(original, back);
}

/// Without `--to`, the output file's extension names the format: the file is what `--to` with
/// that format writes. An extension that names none, or no `--to` and no `-o`, is a usage error.
#[test]
fn output_extension_names_the_format_when_to_is_absent() {
    let dir = tempfile::tempdir().unwrap();
    let feed = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/catalog.xml");
    let convert = |args: &[&str]| {
        Command::cargo_bin("feedlint")
            .unwrap()
            .args(["-q", "convert", feed])
            .args(args)
            .assert()
    };
    for (name, to) in [
        ("a.csv", "csv"),
        ("b.TSV", "tsv"),
        ("c.jsonl", "ndjson"),
        ("d.json", "json"),
        ("e.xml", "rss"),
        ("f.atom", "atom"),
    ] {
        let by_ext = dir.path().join(name);
        convert(&["-o", by_ext.to_str().unwrap()]).success();
        let by_to = convert(&["--to", to]).success().get_output().stdout.clone();
        assert_eq!(std::fs::read(&by_ext).unwrap(), by_to, "{name}");
    }
    let txt = dir.path().join("g.txt");
    convert(&["-o", txt.to_str().unwrap()])
        .code(2)
        .stderr(predicates::str::contains(
            "cannot tell the format to write from",
        ))
        .stderr(predicates::str::contains(
            "--to csv|tsv|ndjson|json|rss|atom",
        ));
    assert!(!txt.exists());
    convert(&[])
        .code(2)
        .stderr(predicates::str::contains("--to <FORMAT>"));
}

#[test]
fn convert_reads_stdin_and_keeps_request_fields_in_json() {
    let body = r#"{"products":[{"id":"1","title":"A"}],"options":{"enableRecommendations":true}}"#;
    let out = Command::cargo_bin("feedlint")
        .unwrap()
        .args(["-q", "convert", "-", "--to", "json"])
        .write_stdin(body)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(v["products"][0]["title"], "A");
    assert_eq!(v["options"]["enableRecommendations"], true);
}

#[test]
fn convert_of_an_unreadable_feed_exits_2_with_a_located_error() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.xml");
    std::fs::write(&bad, "<rss><channel>\n<item><g:id>1</item></channel></rss>").unwrap();
    Command::cargo_bin("feedlint")
        .unwrap()
        .args(["convert", "--to", "csv"])
        .arg(&bad)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains("bad.xml:2:"));
}

/// `-o FILE` is written beside FILE and renamed over it only when the run succeeds: a feed that
/// breaks part-way leaves an existing FILE as it was, creates no new one and leaves no temporary
/// file behind. `revenue -o` does the same.
#[test]
fn a_failed_run_leaves_the_output_file_as_it_was() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.ndjson");
    std::fs::write(&bad, "{\"id\":\"1\",\"title\":\"A\"}\n{\"id\":\"2\",").unwrap();
    let kept = dir.path().join("kept.csv");
    std::fs::write(&kept, "GOOD\n").unwrap();
    let fresh = dir.path().join("fresh.csv");
    for out in [&kept, &fresh] {
        Command::cargo_bin("feedlint")
            .unwrap()
            .args(["convert", "--to", "ndjson", "-o"])
            .arg(out)
            .arg(&bad)
            .assert()
            .code(2)
            .stderr(predicates::str::contains("truncated"));
        Command::cargo_bin("feedlint")
            .unwrap()
            .args([
                "--format",
                "csv",
                "--api-key",
                "adb_prod_0123456789abcdefXYZ",
                "--db",
            ])
            .arg(dir.path().join("db"))
            .args(["revenue", "-o"])
            .arg(out)
            .arg(&bad)
            .assert()
            .code(2);
    }
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), "GOOD\n");
    assert!(!fresh.exists());
    let names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with(".feedlint-"))
        .collect();
    assert!(names.is_empty(), "{names:?}");
}

/// RSS and Atom element names cannot hold every attribute name: the changed name is said once,
/// however many products carry it.
#[test]
fn converting_to_xml_says_which_attribute_names_change() {
    let dir = tempfile::tempdir().unwrap();
    let feed = dir.path().join("odd.ndjson");
    std::fs::write(
        &feed,
        "{\"id\":\"1\",\"title\":\"A\",\"size (EU)\":\"42\"}\n{\"id\":\"2\",\"title\":\"B\",\"size (EU)\":\"43\"}\n",
    )
    .unwrap();
    let out = Command::cargo_bin("feedlint")
        .unwrap()
        .args(["convert", "--to", "rss"])
        .arg(&feed)
        .assert()
        .success()
        .get_output()
        .clone();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        stderr.matches("is written as <g:size__eu_>").count(),
        1,
        "{stderr}"
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("<g:size__eu_>42</g:size__eu_>"));
    Command::cargo_bin("feedlint")
        .unwrap()
        .args(["convert", "--to", "ndjson"])
        .arg(&feed)
        .assert()
        .success()
        .stderr(predicates::prelude::PredicateBooleanExt::not(
            predicates::str::contains("written as"),
        ));
}

/// The problem is said once, under a header with the file's line and character column, and a
/// very long line is shown as a window around the error rather than cut before it.
#[test]
fn a_syntax_error_is_said_once_with_the_files_line_and_column_even_on_a_long_line() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("long.xml");
    let line3 = format!(
        "<item><g:id>{}</title></item></channel></rss>",
        "ü".repeat(600)
    );
    let text = format!(
        "<?xml version=\"1.0\"?>\n<rss xmlns:g=\"http://base.google.com/ns/1.0\"><channel>\n{line3}\n"
    );
    std::fs::write(&bad, text).unwrap();
    let out = Command::cargo_bin("feedlint")
        .unwrap()
        .args(["--color", "never", "convert", "--to", "csv"])
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.matches("expected `</g:id>`").count(), 1, "{err}");
    // `<item><g:id>` is 12 characters and 600 more come before `</title>`: column 613.
    assert!(err.contains("long.xml:3:613]"), "{err}");
    let shown = err
        .lines()
        .find(|l| l.starts_with(" 3 │"))
        .unwrap_or_default();
    assert!(shown.contains("…ü") && shown.contains("</title>"), "{err}");
    let marker = err.lines().find(|l| l.contains('┬')).unwrap_or_default();
    let at = |l: &str, c: char| l.chars().position(|x| x == c);
    let lt = shown
        .char_indices()
        .find(|(_, c)| *c == '<')
        .map(|(i, _)| shown[..i].chars().count());
    assert_eq!(
        at(marker, '┬'),
        lt,
        "the marker sits under `</title>`:\n{err}"
    );
}

#[test]
fn convert_warns_about_ragged_rows_and_converts_them() {
    let feed = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/feeds/merchant-onboarding-tabs-in-csv.csv"
    );
    Command::cargo_bin("feedlint")
        .unwrap()
        .args(["convert", feed, "--to", "ndjson"])
        .assert()
        .success()
        .stderr(predicates::str::contains("csv:2: row has too few fields"))
        .stdout(predicates::function::function(|s: &str| {
            s.lines().count() == 3
        }));
}

/// NDJSON and JSON products are rendered on the pool, several chunks of them at once: the
/// output keeps the input's order and says what a one-thread run says, and a read error after
/// them still comes after every product before it.
#[test]
fn parallel_rendering_keeps_the_input_order() {
    let dir = tempfile::tempdir().unwrap();
    let feed = dir.path().join("many.csv");
    let mut text = String::from("id,title,price\n");
    for i in 0..2_000 {
        writeln!(text, "SKU-{i},Product number {i},{i}.00 USD").unwrap();
    }
    std::fs::write(&feed, &text).unwrap();
    let run = |jobs: &str, to: &str| {
        Command::cargo_bin("feedlint")
            .unwrap()
            .args(["--quiet", "--jobs", jobs, "convert", "--to", to])
            .arg(&feed)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone()
    };
    let ndjson = String::from_utf8(run("2", "ndjson")).unwrap();
    let ids: Vec<String> = ndjson
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["id"].to_string())
        .collect();
    let want: Vec<String> = (0..2_000).map(|i| format!("\"SKU-{i}\"")).collect();
    assert_eq!(ids, want);
    assert_eq!(ndjson.as_bytes(), run("1", "ndjson"));
    assert_eq!(run("2", "json"), run("1", "json"));

    // A row with an unclosed quote at the end: every product before it is written, then exit 2.
    text.push_str("SKU-last,\"never closed\n");
    std::fs::write(&feed, &text).unwrap();
    let out = Command::cargo_bin("feedlint")
        .unwrap()
        .args(["--quiet", "--jobs", "2", "convert", "--to", "ndjson"])
        .arg(&feed)
        .assert()
        .code(2)
        .get_output()
        .stdout
        .clone();
    assert_eq!(out, ndjson.as_bytes());
}

/// A control character that XML 1.0 cannot carry (ESC, BEL) does not make `convert --to rss`
/// write an ill-formed document: it becomes U+FFFD, a warning names the attribute and the first
/// product, and the output reads back.
#[test]
fn convert_to_xml_replaces_what_xml_cannot_carry_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("controls.csv");
    std::fs::write(
        &csv,
        "id,title,price\nA1\u{1b}[31m,Bell \u{7} title,10 USD\nA2,Plain title,12 USD\n",
    )
    .unwrap();
    for to in ["rss", "atom"] {
        let out = Command::cargo_bin("feedlint")
            .unwrap()
            .args(["convert", "--to", to])
            .arg(&csv)
            .assert()
            .success()
            .stderr(predicates::str::contains(format!(
                "warning: the attribute `title` holds characters XML 1.0 cannot carry (U+0007 \
                 first, in the product at {}:2): the {to} output has U+FFFD in their place",
                csv.display()
            )))
            .stderr(predicates::str::contains(
                "the attribute `id` holds characters XML 1.0 cannot carry (U+001B first",
            ))
            .get_output()
            .stdout
            .clone();
        let xml = dir.path().join(format!("back.{to}.xml"));
        std::fs::write(&xml, out).unwrap();
        let back: Vec<Product> = feed::open(&xml, &ReadOptions::default())
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| panic!("{to}: {e}"));
        assert_eq!(back.len(), 2);
        assert_eq!(back[0].get("id"), Some("A1\u{fffd}[31m"));
        assert_eq!(back[0].get("title"), Some("Bell \u{fffd} title"));
        assert_eq!(back[1].get("title"), Some("Plain title"));
    }
}

/// A NUL character (read from a JSON `\u0000`, with a warning) is written to CSV and TSV as
/// U+FFFD, as XML output writes it: the output reads back.
#[test]
fn csv_and_tsv_output_of_a_nul_reads_back() {
    let dir = tempfile::tempdir().unwrap();
    let db = tempfile::tempdir().unwrap();
    let feed = dir.path().join("nul_esc.json");
    std::fs::write(
        &feed,
        r#"[{"id":"1","title":"a\u0000b"},{"id":"2","title":"ok"}]"#,
    )
    .unwrap();
    for ext in ["csv", "tsv"] {
        let out = dir.path().join(format!("nul_rt.{ext}"));
        Command::cargo_bin("feedlint")
            .unwrap()
            .arg("--db")
            .arg(db.path())
            .arg("convert")
            .arg(&feed)
            .arg("-o")
            .arg(&out)
            .assert()
            .success()
            .stderr(predicates::str::contains(
                "the value contains a NUL character (\\u0000), kept; `convert` writes it as \
                 U+FFFD in CSV, TSV, RSS and Atom output",
            ));
        assert!(!std::fs::read(&out).unwrap().contains(&0), "{ext}");
        Command::cargo_bin("feedlint")
            .unwrap()
            .arg("--db")
            .arg(db.path())
            .args(["convert", "--to", "ndjson"])
            .arg(&out)
            .assert()
            .success()
            .stdout("{\"id\":\"1\",\"title\":\"a\u{fffd}b\"}\n{\"id\":\"2\",\"title\":\"ok\"}\n");
    }
}

/// Repeated columns and elements of a single-valued attribute are converted with every value
/// (as before), and `convert` warns about the conflict.
#[test]
fn convert_keeps_every_value_of_a_repeated_attribute_and_warns() {
    let dir = tempfile::tempdir().unwrap();
    let db = tempfile::tempdir().unwrap();
    let csv = dir.path().join("gt_feed.csv");
    std::fs::write(&csv, "id,gtin,gtin\nA1,4006381333931,0012345678905\n").unwrap();
    let xml = dir.path().join("dup_elems.xml");
    std::fs::write(
        &xml,
        "<rss xmlns:g=\"http://base.google.com/ns/1.0\"><channel><item><g:id>1</g:id>\
         <g:price>1 USD</g:price><g:price>999 USD</g:price></item></channel></rss>",
    )
    .unwrap();
    for (feed, stdout, warnings) in [
        (
            &csv,
            "{\"gtin\":[\"4006381333931\",\"0012345678905\"],\"id\":\"A1\"}\n",
            &[
                "gt_feed.csv:1: the header names `gtin` in 2 columns (2 and 3), but `gtin` takes one value",
                "gt_feed.csv:2: `gtin` takes one value but is given 2 times with different values: \
                 \"4006381333931\", \"0012345678905\"; only the first, \"4006381333931\", is checked",
            ][..],
        ),
        (
            &xml,
            "{\"id\":\"1\",\"price\":[\"1 USD\",\"999 USD\"]}\n",
            &["dup_elems.xml:1: `price` takes one value but is given 2 times"][..],
        ),
    ] {
        let out = Command::cargo_bin("feedlint")
            .unwrap()
            .current_dir(dir.path())
            .arg("--db")
            .arg(db.path())
            .args(["convert", "--to", "ndjson"])
            .arg(feed.file_name().unwrap())
            .assert()
            .success()
            .stdout(stdout.to_owned())
            .get_output()
            .clone();
        let stderr = String::from_utf8_lossy(&out.stderr);
        for want in warnings {
            assert!(stderr.contains(want), "{want}\n{stderr}");
        }
    }
}
