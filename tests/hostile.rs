//! Hostile and broken input (issue 10): every file under `tests/hostile/` plus large cases
//! generated at run time (single huge field, 10-million-character line, gzip bomb, deep XML
//! nesting, a NUL byte past the sniffed prefix) goes through `feedlint convert --to ndjson` and
//! `feedlint validate`. Each case has an expected outcome in [`EXPECTED`]: exit 2 with a message
//! naming the file and a key phrase, or exit 0 with a read issue at a given line (a `warning:
//! FILE:LINE:` from convert, an `FL-C001` finding `line N: ...` from validate), or exit 0 and
//! nothing to report (with the reason). A case without an expectation fails the test, so the
//! corpus and the table stay in step. Never a panic (101), never a hang (60 s timeout, for the
//! debug build on a loaded two-core CI machine; the 50 MB field takes about 12 s there).
//!
//! The named tests below pin each reader fix with its exact message.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Duration;

use assert_cmd::Command;

/// What a case must give.
#[derive(Debug, Clone, Copy)]
enum Outcome {
    /// Exit 2; stderr names the file and contains the phrase.
    Error(&'static str),
    /// Exit 0; a read issue at this line whose message contains the phrase.
    Finding(u64, &'static str),
    /// Exit 0 and no read issue; the reason says why nothing is wrong with the records.
    Clean(&'static str),
}

use Outcome::{Clean, Error, Finding};

/// The expected outcome of every case (file name → outcome).
const EXPECTED: &[(&str, Outcome)] = &[
    (
        "bad_entities.xml",
        Finding(
            1,
            "unrecognized entity `undefined` (only the five predefined XML entities",
        ),
    ),
    (
        "billion_laughs.xml",
        Finding(
            3,
            "unrecognized entity `lol9` (only the five predefined XML entities",
        ),
    ),
    (
        "blank_lines.ndjson",
        Clean("blank lines between NDJSON objects are not records"),
    ),
    ("blank_only.ndjson", Error("the feed is empty")),
    (
        "bom_each_line.ndjson",
        Finding(
            2,
            "the line starts with a byte order mark (U+FEFF), skipped",
        ),
    ),
    (
        "bom_middle.csv",
        Finding(3, "field 1 contains a byte order mark (U+FEFF)"),
    ),
    (
        "bom_middle.json",
        Error(
            ":1:14: not valid JSON: expected value (the character here is a byte order mark, U+FEFF",
        ),
    ),
    (
        "bom_middle.xml",
        Finding(1, "a byte order mark (U+FEFF) in the middle of the file"),
    ),
    (
        "concatenated_bodies.json",
        Error(":2:1: not valid JSON: trailing characters"),
    ),
    (
        "double_gzip.ndjson.gz",
        Error("the decompressed data is gzip again: the file was compressed twice"),
    ),
    (
        "dup_keys_huge.ndjson",
        Finding(1, "the key `id` appears more than once in this object"),
    ),
    (
        "duplicate_keys.json",
        Finding(1, "the key `title` appears more than once in this object"),
    ),
    ("empty.csv", Error("the feed is empty")),
    ("empty.csv.gz", Error("the feed is empty")),
    ("empty.json", Error("the feed is empty")),
    ("empty.ndjson", Error("the feed is empty")),
    ("empty.tsv", Error("the feed is empty")),
    ("empty.xml", Error("the feed is empty")),
    (
        "empty_array.json",
        Error("the JSON array is empty: the feed has no products"),
    ),
    (
        "empty_channel.xml",
        Error("the RSS channel has no <item> elements"),
    ),
    (
        "empty_feed.atom",
        Error("the Atom feed has no <entry> elements"),
    ),
    (
        "empty_products.json",
        Error("the JSON body has no products: `products` is an empty array"),
    ),
    (
        "escaped_nul_lone_surrogate.json",
        Finding(
            1,
            "(an unpaired UTF-16 surrogate escape, which is no character)",
        ),
    ),
    (
        "external_dtd.xml",
        Clean("the DOCTYPE is skipped, its external DTD never fetched; the item is complete"),
    ),
    (
        "garbage.xml",
        Error(
            ":1:1: the file is named as XML (an RSS or Atom feed starts with `<`) but its content is not",
        ),
    ),
    (
        "garbage_after.csv.gz",
        Error("13 bytes of junk after the end of the gzip data, at byte offset 33"),
    ),
    (
        "header_repeated.csv",
        Finding(
            3,
            "this line repeats the header line; it was skipped, not read as a product",
        ),
    ),
    (
        "header_repeated_last.csv",
        Finding(4, "this line repeats the header line; it was skipped"),
    ),
    (
        "header_repeated_spelling.csv",
        Finding(3, "this line repeats the header line; it was skipped"),
    ),
    (
        "huge_exponent.json",
        Finding(
            1,
            "`price` is the number -1e999, out of the range of a number",
        ),
    ),
    (
        "invalid_utf16.csv",
        Finding(
            2,
            "it is the last row and the file ends without a line break: the file is probably truncated",
        ),
    ),
    ("invalid_utf16.xml", Error(":1:6: not well-formed XML")),
    (
        "invalid_utf16_odd.tsv",
        Error("invalid UTF-16LE at line 3, byte offset 28"),
    ),
    (
        "invalid_utf16_surrogate.csv",
        Error("invalid UTF-16LE at line 2, byte offset 24"),
    ),
    (
        "invalid_utf8.csv",
        Error("invalid UTF-8 at line 2, byte offset 11"),
    ),
    (
        "invalid_utf8.json",
        Error("invalid UTF-8 at line 1, byte offset 20"),
    ),
    (
        "invalid_utf8.ndjson",
        Error("invalid UTF-8 at line 1, byte offset 7"),
    ),
    (
        "invalid_utf8.tsv",
        Error("invalid UTF-8 at line 2, byte offset 11"),
    ),
    (
        "invalid_utf8.xml",
        Error("invalid UTF-8 at line 1, byte offset 62"),
    ),
    (
        "lying_encoding_decl.xml",
        Error(
            "the XML declaration says encoding=\"UTF-16LE\" but the file has no UTF-16 byte order mark",
        ),
    ),
    (
        "mismatched_tags.xml",
        Error(
            ":1:49: not well-formed XML: ill-formed document: expected `</g:id>`, but `</title>` was found",
        ),
    ),
    (
        "mixed_encoding.csv",
        Error("invalid UTF-8 at line 3, byte offset 22"),
    ),
    (
        "namespace_rebound.xml",
        Error(
            ":5:1: not well-formed XML: the `xmlns` prefix is declared (with `urn:x`); it cannot be declared",
        ),
    ),
    (
        "namespace_rebound_empty.xml",
        Error(
            ":5:3: not well-formed XML: the prefix `p` is bound to http://www.w3.org/2000/xmlns/, which no prefix may be bound to",
        ),
    ),
    (
        "non_object_lines.ndjson",
        Finding(3, "the product is a string, not a JSON object"),
    ),
    (
        "not_a_feed.md.csv",
        Error(
            ":1:1: the header names no product attribute (`# Sample feeds from public repositories`): this does not look like a product feed",
        ),
    ),
    (
        "not_gzip.csv.gz",
        Error(
            "not gzip data: the name ends in .gz but the file does not start with the gzip magic bytes 1f 8b",
        ),
    ),
    (
        "nul_bytes.csv",
        Error("binary data at line 1, byte offset 5"),
    ),
    (
        "nul_bytes.ndjson",
        Error("binary data at line 1, byte offset 10"),
    ),
    (
        "nul_bytes.tsv",
        Error("binary data at line 2, byte offset 12"),
    ),
    (
        "nul_bytes.xml",
        Error("binary data at line 1, byte offset 48"),
    ),
    (
        "numbers_for_strings.json",
        Finding(1, "`title` is the JSON number 12345, not a string"),
    ),
    (
        "objects_for_strings.json",
        Finding(1, "`brand` is a JSON object, not a string"),
    ),
    (
        "ragged_rows.csv",
        Finding(
            3,
            "row has too many fields: 5 where the header has 3; the extra values are kept as `column_4`, `column_5`",
        ),
    ),
    (
        "ragged_rows.tsv",
        Finding(
            2,
            "row has too few fields: 1 where the header has 2; no value for `title`",
        ),
    ),
    ("really_html.csv", Error("this is an HTML page, not a feed")),
    (
        "really_html.json",
        Error("this is an HTML page, not a feed"),
    ),
    ("really_html.xml", Error("this is an HTML page, not a feed")),
    (
        "scalar_top.json",
        Error(
            ":1:1: the file is named as JSON (a JSON feed starts with `{` or `[`) but its content is not",
        ),
    ),
    (
        "truncated.csv",
        Clean(
            "cut exactly at a field boundary (`2 U`): indistinguishable from a complete row; the price rules judge the value",
        ),
    ),
    (
        "truncated.csv.gz",
        Error(
            "the gzip data is truncated: it ends at byte offset 20 in the middle of gzip member 1",
        ),
    ),
    (
        "truncated.json",
        Error(":1:35: unexpected end of JSON: the file is truncated"),
    ),
    (
        "truncated.xml",
        Error("unexpected end of file inside the item that starts at line 1"),
    ),
    (
        "stray_quotes.csv",
        Finding(
            2,
            "text follows the closing quote of a quoted field (near `1,",
        ),
    ),
    (
        "truncated_line.ndjson",
        Finding(
            2,
            "column 11: not valid JSON (the line ends before its JSON object does)",
        ),
    ),
    (
        "truncated_row.csv",
        Finding(
            3,
            "row has too few fields: 2 where the header has 3; no value for `price`; it is the last row and the file ends without a line break",
        ),
    ),
    (
        "unbalanced_quote.csv",
        Error(
            ":2:3: line 2: a quoted field opened here is never closed; the rest of the file (2 lines) was read into it",
        ),
    ),
    (
        "unbalanced_quote.tsv",
        Error(
            ":2:3: line 2: a quoted field opened here is never closed; the rest of the file (1 line) was read into it",
        ),
    ),
    (
        "unbalanced_quote_midline.csv",
        Error(
            ":5:5: line 5: a quoted field opened here is never closed; the rest of the file (3 lines) was read into it",
        ),
    ),
    ("whitespace.csv", Error("the feed is empty")),
    ("whitespace.json", Error("the feed is empty")),
    ("whitespace.xml", Error("the feed is empty")),
    (
        "wrong_shape.json",
        Error(":1:13: invalid type: map, expected `products` to be an array of product objects"),
    ),
    (
        "xxe_file.xml",
        Finding(
            3,
            "unrecognized entity `xxe` (only the five predefined XML entities",
        ),
    ),
    // Generated at run time.
    (
        "huge_field.csv",
        Clean("a 50 MB quoted field is one value; memory stays bounded by the record"),
    ),
    (
        "ten_million_line.ndjson",
        Error(":1:10000007: unexpected end of JSON: the file is truncated"),
    ),
    (
        "deep_nesting.xml",
        Finding(
            1,
            "an attribute element nested more than two levels deep; its content is ignored",
        ),
    ),
    (
        "deep_nesting.json",
        Finding(1, "the product is an array, not a JSON object"),
    ),
    ("bomb.csv.gz", Error("binary data at line 2, byte offset 9")),
    (
        "nul_late.csv",
        Error("binary data at line 20002, byte offset"),
    ),
];

const KEY: &str = "adb_prod_0123456789abcdefXYZ";

fn generated(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut put = |name: &str, bytes: &[u8]| {
        let p = dir.join(name);
        fs::write(&p, bytes).expect("write generated case");
        out.push(p);
    };
    // 50 MB single CSV field.
    let mut big = b"id,title\n1,\"".to_vec();
    big.extend(std::iter::repeat_n(b'a', 50 * 1024 * 1024));
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
    // gzip bomb: 1 GiB of zeros compressed (~1 MB on disk). The zeros are NUL bytes, so it stops
    // at the first one, long before the cap.
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    enc.write_all(b"id,title\n").expect("gzip header");
    let zeros = vec![0u8; 1024 * 1024];
    for _ in 0..1024 {
        enc.write_all(&zeros).expect("gzip body");
    }
    put("bomb.csv.gz", &enc.finish().expect("gzip finish"));
    // A NUL byte far past the first 64 KiB the format is sniffed from.
    let mut late = b"id,title\n".to_vec();
    for i in 0..20_000 {
        late.extend_from_slice(format!("{i},title number {i}\n").as_bytes());
    }
    late.extend_from_slice(b"x,\x00\n");
    put("nul_late.csv", &late);
    out
}

/// Stderr as one line: miette wraps long messages and draws boxes; the phrases are checked on
/// the text alone.
fn flat(stderr: &str) -> String {
    let mut out = String::new();
    for line in stderr.lines() {
        let t = line
            .trim()
            .trim_start_matches(['│', '×', '·', '╭', '╰', '─', '┬'])
            .trim();
        if t.is_empty() {
            continue;
        }
        if !(out.is_empty() || out.ends_with('-')) {
            out.push(' ');
        }
        out.push_str(t);
    }
    out
}

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str]) -> Run {
    let out = Command::cargo_bin("feedlint")
        .expect("binary")
        .args(args)
        .timeout(Duration::from_secs(60))
        .output()
        .expect("run feedlint");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn check_case(file: &Path, db: &str, expected: Outcome, failures: &mut Vec<String>) {
    let name = file
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let f = file.to_str().expect("utf-8 path");
    let convert = run(&["convert", f, "--to", "ndjson"]);
    let validate = run(&[
        "validate",
        f,
        "--exit-zero",
        "--db",
        db,
        "--api-key",
        KEY,
        "--format",
        "ndjson",
    ]);
    for (cmd, r) in [("convert", &convert), ("validate", &validate)] {
        let what = format!("{name} [{cmd}]");
        println!("  {what}: exit {:?}", r.code);
        let err = flat(&r.stderr);
        if r.stderr.contains("panicked") {
            failures.push(format!("{what}: panicked: {}", r.stderr));
            continue;
        }
        match expected {
            Error(phrase) => {
                if r.code != Some(2) {
                    failures.push(format!("{what}: exit {:?}, expected 2: {err}", r.code));
                } else if !err.contains(f) || !err.contains(phrase) {
                    failures.push(format!(
                        "{what}: stderr does not name {f} and say `{phrase}`: {err}"
                    ));
                }
            }
            Finding(line, phrase) => {
                if r.code != Some(0) {
                    failures.push(format!("{what}: exit {:?}, expected 0: {err}", r.code));
                    continue;
                }
                let found = if cmd == "convert" {
                    err.contains(&format!("warning: {f}:{line}: ")) && err.contains(phrase)
                } else {
                    r.stdout.lines().any(|l| {
                        l.contains("\"rule\":\"FL-C001\"")
                            && l.contains(&format!("line {line}: "))
                            && l.contains(phrase)
                    })
                };
                if !found {
                    failures.push(format!(
                        "{what}: no read issue at line {line} saying `{phrase}`: {err}"
                    ));
                }
            }
            Clean(why) => {
                let issue = if cmd == "convert" {
                    err.contains("warning:")
                } else {
                    r.stdout.contains("\"rule\":\"FL-C001\"")
                };
                if r.code != Some(0) || issue {
                    failures.push(format!(
                        "{what}: exit {:?}, expected 0 without read issues ({why}): {err}",
                        r.code
                    ));
                }
            }
        }
    }
}

#[test]
fn hostile_inputs_give_the_expected_outcome_and_message() {
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
    for (i, file) in files.iter().enumerate() {
        let name = file
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        println!("case: {name}");
        let Some((_, expected)) = EXPECTED.iter().find(|(n, _)| *n == name) else {
            failures.push(format!("{name}: no expected outcome in EXPECTED"));
            continue;
        };
        let db = tmp.path().join(format!("db{i}"));
        check_case(
            file,
            db.to_str().expect("utf-8 path"),
            *expected,
            &mut failures,
        );
    }
    for (name, _) in EXPECTED {
        if !files
            .iter()
            .any(|f| f.file_name().and_then(|n| n.to_str()) == Some(name))
        {
            failures.push(format!("{name}: in EXPECTED but not in the corpus"));
        }
    }
    assert!(failures.is_empty(), "failures:\n{}", failures.join("\n"));
}

fn corpus(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/hostile")
        .join(name)
}

fn read_all(path: &Path) -> Result<Vec<feedlint::model::Product>, feedlint::Error> {
    feedlint::feed::open(path, &feedlint::feed::ReadOptions::default())
        .and_then(Iterator::collect::<Result<Vec<_>, _>>)
}

fn issues(p: &feedlint::model::Product) -> Vec<(u64, &str)> {
    p.read_issues
        .iter()
        .map(|i| (i.line, i.message.as_str()))
        .collect()
}

/// Issue fix 1: a header line repeated mid-file (or at the end, or in another spelling) is never
/// a product; the product before it (or after it, at the start) carries a read issue.
#[test]
fn repeated_header_is_skipped_and_reported_with_its_line() {
    const MSG: &str = "this line repeats the header line; it was skipped, not read as a product \
                       (were several files concatenated?)";
    let p = read_all(&corpus("header_repeated.csv")).expect("readable");
    let ids: Vec<_> = p.iter().map(|p| p.get("id").unwrap_or_default()).collect();
    assert_eq!(ids, ["1", "2"]);
    assert_eq!(issues(&p[0]), [(3, MSG)]);
    assert!(p[1].read_issues.is_empty());

    let p = read_all(&corpus("header_repeated_last.csv")).expect("readable");
    assert_eq!(p.len(), 2);
    assert_eq!(issues(&p[1]), [(4, MSG)]);

    let p = read_all(&corpus("header_repeated_spelling.csv")).expect("readable");
    assert_eq!(p.len(), 2, "`ID,image_link` repeats `id,Image Link`");
    assert_eq!(issues(&p[0]), [(3, MSG)]);

    let tmp = tempfile::tempdir().expect("tempdir");
    let first = tmp.path().join("first.csv");
    fs::write(&first, "id,title\nid,title\n1,a\n").expect("write");
    let p = read_all(&first).expect("readable");
    assert_eq!(p.len(), 1);
    assert_eq!(
        issues(&p[0]),
        [(2, MSG)],
        "reported on the product after it"
    );

    let only = tmp.path().join("only.csv");
    fs::write(&only, "id,title\nid,title\n").expect("write");
    let e = read_all(&only).expect_err("no products");
    assert!(
        e.to_string().ends_with(
            "only.csv: the feed has a header line but no products (line 2 only repeats the header)"
        ),
        "{e}"
    );

    let r = run(&[
        "convert",
        corpus("header_repeated.csv").to_str().expect("path"),
        "--to",
        "csv",
    ]);
    assert_eq!(r.code, Some(0));
    assert_eq!(r.stdout, "id,title,price\n1,a,1 USD\n2,b,2 USD\n");
    assert!(
        r.stderr.contains(&format!("header_repeated.csv:3: {MSG}")),
        "{}",
        r.stderr
    );
}

/// Issue fix 2: an unclosed quote no longer swallows the rest of the file silently; a correctly
/// quoted multi-line last field (with or without a final line break) is not mistaken for one.
#[test]
fn unclosed_quote_stops_the_feed_naming_the_line_it_opened_on() {
    let f = corpus("unbalanced_quote.csv");
    let f = f.to_str().expect("path");
    let r = run(&["convert", f, "--to", "ndjson"]);
    assert_eq!(r.code, Some(2), "{}", r.stderr);
    assert!(
        flat(&r.stderr).contains(&format!(
            "{f}:2:3: line 2: a quoted field opened here is never closed; the rest of the file \
             (2 lines) was read into it"
        )),
        "{}",
        r.stderr
    );
    assert!(
        r.stdout.is_empty(),
        "the swallowing record is not a product: {}",
        r.stdout
    );

    let r = run(&[
        "convert",
        corpus("unbalanced_quote_midline.csv")
            .to_str()
            .expect("path"),
        "--to",
        "ndjson",
    ]);
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.stdout.lines().count(),
        2,
        "the two products before it are still converted"
    );
    assert!(flat(&r.stderr).contains(":5:5: line 5: a quoted field opened here is never closed; the rest of the file (3 lines)"), "{}", r.stderr);

    let tmp = tempfile::tempdir().expect("tempdir");
    for (name, text) in [
        ("closed_eof.csv", "id,description\n1,\"two\nlines\""),
        ("closed_nl.csv", "id,description\n1,\"two\nlines\"\n"),
        (
            "closed_crlf.csv",
            "id,description\r\n1,\"two\r\nlines\"\r\n",
        ),
        (
            "quoted_quote.csv",
            "id,description\n1,\"say \"\"hi\"\"\nthere\"\n",
        ),
    ] {
        let path = tmp.path().join(name);
        fs::write(&path, text).expect("write");
        let p = read_all(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(p.len(), 1, "{name}");
        assert!(
            p[0].read_issues.is_empty(),
            "{name}: {:?}",
            p[0].read_issues
        );
    }
}

/// Issue fix 3: every ragged row gives a read issue with its line; a long row's extra values are
/// kept as `column_N`; a short last row at the end of a file without a final line break is
/// reported as a probably truncated file.
#[test]
fn ragged_rows_lose_no_value_and_a_truncated_last_row_is_reported() {
    let p = read_all(&corpus("ragged_rows.csv")).expect("readable");
    assert_eq!(p.len(), 3);
    assert_eq!(
        issues(&p[0]),
        [(
            2,
            "row has too few fields: 2 where the header has 3; no value for `price`"
        )]
    );
    assert_eq!(
        issues(&p[1]),
        [(
            3,
            "row has too many fields: 5 where the header has 3; the extra values are kept as \
             `column_4`, `column_5`"
        )]
    );
    assert_eq!(p[1].get("column_4"), Some("extra"));
    assert_eq!(p[1].get("column_5"), Some("more"));

    let p = read_all(&corpus("truncated_row.csv")).expect("readable");
    assert_eq!(
        issues(&p[1]),
        [(
            3,
            "row has too few fields: 2 where the header has 3; no value for `price`; it is the \
             last row and the file ends without a line break: the file is probably truncated"
        )]
    );

    let tmp = tempfile::tempdir().expect("tempdir");
    let path = tmp.path().join("trailing_comma.csv");
    fs::write(&path, "id,title\n1,a,\n").expect("write");
    let p = read_all(&path).expect("readable");
    assert_eq!(
        issues(&p[0]),
        [(
            2,
            "row has too many fields: 3 where the header has 2; the extra fields are empty"
        )]
    );
    let path = tmp.path().join("short_with_newline.csv");
    fs::write(&path, "id,title,price\n1,a\n").expect("write");
    let p = read_all(&path).expect("readable");
    assert_eq!(
        issues(&p[0]),
        [(
            2,
            "row has too few fields: 2 where the header has 3; no value for `price`"
        )],
        "a final line break means the row is complete as written"
    );

    let f = corpus("ragged_rows.csv");
    let r = run(&["convert", f.to_str().expect("path"), "--to", "csv"]);
    assert_eq!(r.code, Some(0));
    assert!(
        r.stdout.starts_with("id,title,price,column_4,column_5\n"),
        "{}",
        r.stdout
    );
}

/// Issue fix 4: XML and JSON feeds without products, and files whose name promises XML or JSON
/// but whose content is not, get messages in their own terms, never the CSV "header line" one.
#[test]
fn empty_and_misnamed_xml_and_json_feeds_get_format_specific_messages() {
    for (name, msg) in [
        (
            "empty_channel.xml",
            "empty_channel.xml: the RSS channel has no <item> elements: the feed has no products",
        ),
        (
            "empty_feed.atom",
            "empty_feed.atom: the Atom feed has no <entry> elements: the feed has no products",
        ),
        (
            "empty_products.json",
            "empty_products.json: the JSON body has no products: `products` is an empty array",
        ),
        (
            "empty_array.json",
            "empty_array.json: the JSON array is empty: the feed has no products",
        ),
        (
            "garbage.xml",
            "garbage.xml:1:1: the file is named as XML (an RSS or Atom feed starts with `<`) but its content is not: it starts with plain text",
        ),
        (
            "scalar_top.json",
            "scalar_top.json:1:1: the file is named as JSON (a JSON feed starts with `{` or `[`) but its content is not: it starts with a JSON string, not an object or array",
        ),
        (
            "lying_encoding_decl.xml",
            "lying_encoding_decl.xml: the XML declaration says encoding=\"UTF-16LE\" but the file has no UTF-16 byte order mark and its declaration is written in single bytes: the file is not UTF-16",
        ),
    ] {
        let r = run(&[
            "convert",
            corpus(name).to_str().expect("path"),
            "--to",
            "csv",
        ]);
        assert_eq!(r.code, Some(2), "{name}");
        let err = flat(&r.stderr);
        assert!(err.contains(msg), "{name}: {err}");
        assert!(!err.contains("header line"), "{name}: {err}");
    }
}

/// Issue fix 5: gzip errors say what is wrong and at which byte of the compressed file.
#[test]
fn gzip_errors_name_the_problem_and_the_byte_offset() {
    for (name, msg) in [
        (
            "garbage_after.csv.gz",
            "garbage_after.csv.gz: 13 bytes of junk after the end of the gzip data, at byte offset 33 (not another gzip member: it starts with 74, not 1f 8b)",
        ),
        (
            "truncated.csv.gz",
            "truncated.csv.gz: the gzip data is truncated: it ends at byte offset 20 in the middle of gzip member 1",
        ),
        (
            "not_gzip.csv.gz",
            "not_gzip.csv.gz: not gzip data: the name ends in .gz but the file does not start with the gzip magic bytes 1f 8b (it starts with 74)",
        ),
        (
            "double_gzip.ndjson.gz",
            "double_gzip.ndjson.gz: the decompressed data is gzip again: the file was compressed twice",
        ),
    ] {
        let r = run(&[
            "convert",
            corpus(name).to_str().expect("path"),
            "--to",
            "csv",
        ]);
        assert_eq!(r.code, Some(2), "{name}");
        assert!(flat(&r.stderr).contains(msg), "{name}: {}", r.stderr);
    }
    // Several members (RFC 1952) are still one feed.
    let tmp = tempfile::tempdir().expect("tempdir");
    let mut bytes = Vec::new();
    for part in ["id,title\n1,a\n", "2,b\n"] {
        let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        enc.write_all(part.as_bytes()).expect("gzip");
        bytes.extend(enc.finish().expect("gzip"));
    }
    let path = tmp.path().join("members.csv.gz");
    fs::write(&path, bytes).expect("write");
    assert_eq!(read_all(&path).expect("readable").len(), 2);
}

/// Issue fix 6: `--max-decompressed-size` sets the gzip cap; the error names the cap and the flag.
#[test]
fn max_decompressed_size_flag_sets_the_cap_and_the_error_names_it() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let path = tmp.path().join("big.csv.gz");
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(b"id,title\n").expect("gzip");
    for i in 0..40_000 {
        enc.write_all(format!("{i},a title of some length {i}\n").as_bytes())
            .expect("gzip");
    }
    fs::write(&path, enc.finish().expect("gzip")).expect("write");
    let f = path.to_str().expect("path");
    let r = run(&[
        "convert",
        f,
        "--to",
        "ndjson",
        "--max-decompressed-size",
        "512KiB",
    ]);
    assert_eq!(r.code, Some(2));
    let err = flat(&r.stderr);
    assert!(
        err.contains(&format!(
            "{f}: the decompressed feed is larger than the cap of 512 KiB (524288 bytes); reading stopped"
        )),
        "{err}"
    );
    assert!(
        err.contains("raise the cap with --max-decompressed-size"),
        "{err}"
    );
    let r = run(&[
        "convert",
        f,
        "--to",
        "ndjson",
        "--max-decompressed-size",
        "8MiB",
    ]);
    assert_eq!(r.code, Some(0), "{}", r.stderr);
    assert_eq!(r.stdout.lines().count(), 40_000);
    let r = run(&[
        "convert",
        f,
        "--to",
        "ndjson",
        "--max-decompressed-size",
        "lots",
    ]);
    assert_eq!(r.code, Some(2));
    assert!(r.stderr.contains("`lots` is not a size"), "{}", r.stderr);
}

/// Invalid UTF-8 is reported alike by every reader, the JSON document reader included (which
/// once said `cannot read:`, added serde_json's position to the decoder's and dropped its help):
/// the file, the line and byte offset, and what to do.
#[test]
fn invalid_utf8_reads_alike_in_every_format() {
    for (name, at) in [
        ("invalid_utf8.csv", "line 2, byte offset 11"),
        ("invalid_utf8.tsv", "line 2, byte offset 11"),
        ("invalid_utf8.json", "line 1, byte offset 20"),
        ("invalid_utf8.ndjson", "line 1, byte offset 7"),
        ("invalid_utf8.xml", "line 1, byte offset 62"),
    ] {
        let err = invalid_utf8_error(&corpus(name), at);
        assert!(err.contains("--encoding"), "{name}: {err}");
    }
}

/// The one-line error of `convert` on `feed`, checked to be the invalid UTF-8 error at `at`.
fn invalid_utf8_error(feed: &Path, at: &str) -> String {
    let db = tempfile::tempdir().expect("db dir");
    let r = run(&[
        "convert",
        feed.to_str().expect("path"),
        "--to",
        "ndjson",
        "--db",
        db.path().to_str().expect("db path"),
    ]);
    assert_eq!(r.code, Some(2), "{}: {}", feed.display(), r.stderr);
    let err = flat(&r.stderr);
    let expected = format!(
        "{}: invalid UTF-8 at {at}: the feed declares no other encoding help: ",
        feed.display()
    );
    assert!(err.starts_with(&expected), "{}: {err}", feed.display());
    err
}

/// A byte that is not UTF-8 after nothing but blank lines is reported where it is, not taken for
/// an empty feed (the sniffed prefix, cut short by the error, held only the blank lines).
#[test]
fn invalid_utf8_after_blank_lines_is_not_an_empty_feed() {
    let tmp = tempfile::tempdir().expect("tempdir");
    for (name, bytes, at) in [
        (
            "blank.csv",
            &b"\n\xe6\xe2 id,title\n"[..],
            "line 2, byte offset 1",
        ),
        (
            "blank.xml",
            &b"\r\n \t\n\xff<rss/>"[..],
            "line 3, byte offset 5",
        ),
        ("blank.json", &b"\n\n\xc3["[..], "line 3, byte offset 2"),
    ] {
        let f = tmp.path().join(name);
        fs::write(&f, bytes).expect("write feed");
        let err = invalid_utf8_error(&f, at);
        assert!(!err.contains("empty"), "{name}: {err}");
    }
}

/// The decompressed-size cap (`ReadOptions.max_decompressed_bytes`, `--max-decompressed-size`):
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
    assert!(
        err.to_string().contains(
            "bomb.csv.gz: the decompressed feed is larger than the cap of 1 MiB (1048576 bytes)"
        ),
        "{err}"
    );
}
