//! The feed readers on real and sample feeds: product counts, normalised names, locations,
//! encodings, gzip, and the errors unreadable files give.

mod common;

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

use feedlint::ErrorCode;
use feedlint::feed::{self, FeedKind, InputFormat, ReadOptions};
use feedlint::model::{Product, Shipping, Tax};

fn shared(name: &str) -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/feeds")).join(name)
}

fn example(name: &str) -> PathBuf {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/examples")).join(name)
}

fn read(path: &Path) -> (FeedKind, Vec<Product>) {
    read_with(path, &ReadOptions::default())
}

fn read_with(path: &Path, opts: &ReadOptions) -> (FeedKind, Vec<Product>) {
    let reader = feed::open(path, opts).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let kind = reader.kind();
    let products = reader
        .collect::<Result<Vec<_>, _>>()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    (kind, products)
}

fn read_err(path: &Path) -> feedlint::Error {
    read_err_with(path, &ReadOptions::default())
}

fn read_err_with(path: &Path, opts: &ReadOptions) -> feedlint::Error {
    match feed::open(path, opts) {
        Err(e) => e,
        Ok(r) => match r.collect::<Result<Vec<_>, _>>() {
            Err(e) => e,
            Ok(v) => panic!(
                "{} read {} products, expected an error",
                path.display(),
                v.len()
            ),
        },
    }
}

fn write_tmp(dir: &tempfile::TempDir, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.path().join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

type Comparable = (BTreeMap<String, Vec<String>>, Vec<Shipping>, Vec<Tax>);

fn comparable(p: &Product) -> Comparable {
    let attrs = p
        .attributes()
        .iter()
        .map(|a| (a.name.to_string(), a.values.to_vec()))
        .collect();
    (attrs, p.shipping.clone(), p.tax.clone())
}

#[test]
fn shared_feeds_are_read_with_their_documented_product_counts() {
    // Counts from ../shared/feeds/SOURCES.md.
    let expected = [
        ("google-example-rss.xml", FeedKind::Rss, 6),
        ("benchy-bad-rss.xml", FeedKind::Rss, 3),
        ("benchy-good-rss.xml", FeedKind::Rss, 3),
        ("merchant-onboarding-tabs-in-csv.csv", FeedKind::Tsv, 3),
        ("laz627-apparel.tsv", FeedKind::Tsv, 1),
        ("laz627-valid.json", FeedKind::JsonArray, 2),
        ("laz627-broken.json", FeedKind::JsonArray, 1),
        ("redd-health-beauty.tsv", FeedKind::Tsv, 4),
    ];
    for (name, kind, count) in expected {
        let (k, products) = read(&shared(name));
        assert_eq!(k, kind, "{name}");
        assert_eq!(products.len(), count, "{name}");
        for (i, p) in products.iter().enumerate() {
            assert_eq!(p.location.index, i as u64, "{name}");
            assert!(p.location.line > 0, "{name}");
        }
    }
}

#[test]
fn example_catalogue_reads_the_same_in_every_format() {
    let (kind, reference) = read(&example("catalog.xml"));
    assert_eq!(kind, FeedKind::Rss);
    assert_eq!(reference.len(), 7);
    let categories: Vec<&str> = reference.iter().filter_map(|p| p.get("category")).collect();
    for c in [
        "electronics",
        "apparel",
        "health_beauty",
        "automotive",
        "home_garden",
        "sporting_goods",
    ] {
        assert!(categories.contains(&c), "the catalogue covers {c}");
    }
    let formats = [
        ("catalog.atom.xml", FeedKind::Atom),
        ("catalog.csv", FeedKind::Csv),
        ("catalog.tsv", FeedKind::Tsv),
        ("catalog.json", FeedKind::JsonRequestBody),
        ("catalog.ndjson", FeedKind::Ndjson),
        ("catalog.xml.gz", FeedKind::Rss),
    ];
    for (name, kind) in formats {
        let (k, products) = read(&example(name));
        assert_eq!(k, kind, "{name}");
        assert_eq!(products.len(), reference.len(), "{name}");
        for (a, b) in reference.iter().zip(&products) {
            assert_eq!(comparable(a), comparable(b), "{name}: {}", a.product_id());
        }
    }
    let (_, latin1) = read(&example("catalog-latin1.xml"));
    assert_eq!(latin1.len(), 2);
    assert_eq!(latin1[0].get("brand"), Some("Élégance"));
    assert!(latin1[1].get("title").unwrap().starts_with("Théière"));
}

#[test]
fn rss_reader_normalises_namespaced_and_core_elements() {
    let (_, products) = read(&shared("google-example-rss.xml"));
    let tv = &products[0];
    assert_eq!(tv.get("id"), Some("TV_123456"));
    assert!(
        tv.get("title").unwrap().contains("22\" LED TV"),
        "entities are decoded"
    );
    assert_eq!(
        tv.get("market_product_category"),
        Some("Electronics > Video > Televisions > Flat Panel Televisions")
    );
    assert_eq!(tv.shipping.len(), 1);
    assert_eq!(tv.shipping[0].country.as_deref(), Some("US"));
    assert_eq!(tv.shipping[0].price.as_deref(), Some("14.95 USD"));
    // benchy uses unprefixed RSS core elements for title and link.
    let (_, benchy) = read(&shared("benchy-good-rss.xml"));
    assert_eq!(benchy[0].get("title"), Some("Loviti Spring Pumps"));
    assert_eq!(benchy[0].get("link"), Some("https://bannerwise.io/"));
    assert_eq!(benchy[0].shipping[0].country.as_deref(), Some("nl"));
}

#[test]
fn namespace_is_matched_by_uri_not_prefix() {
    let dir = tempfile::tempdir().unwrap();
    let xml = r#"<?xml version="1.0"?>
<rss version="2.0" xmlns:m="http://base.google.com/ns/1.0"><channel>
<item><m:id>A1</m:id><title><![CDATA[Fish & <Chips>]]></title><m:price>1.00 EUR</m:price>
<g:custom xmlns:g="urn:other">x</g:custom><m:custom>y</m:custom></item>
</channel></rss>"#;
    let (_, products) = read(&write_tmp(&dir, "ns.xml", xml.as_bytes()));
    assert_eq!(products[0].get("id"), Some("A1"));
    assert_eq!(products[0].get("title"), Some("Fish & <Chips>"));
    assert_eq!(products[0].get("price"), Some("1.00 EUR"));
    assert_eq!(
        products[0].values("custom"),
        ["y"],
        "unknown GMC attributes are kept; `g:` bound to another namespace is not GMC's"
    );
    assert_eq!(products[0].location.line, 3);
}

/// Elements of other namespaces (Dublin Core, Media RSS, `content:encoded`) are not product
/// attributes: `dc:title` neither replaces the item's title nor adds a second price.
#[test]
fn elements_of_other_namespaces_are_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let xml = r#"<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/" xmlns:foo="urn:other"><channel>
<item><g:id>1</g:id><title>Acme Widget Pro 3000 Stainless Steel Edition</title>
<description>The real description.</description><dc:title>W</dc:title><dc:description>x</dc:description>
<media:title>img</media:title><media:content url="https://cdn.example/1.jpg"/><g:price>1.00 USD</g:price>
<foo:price>999 USD</foo:price><foo:group><foo:a>1</foo:a></foo:group></item>
</channel></rss>"#;
    let (_, products) = read(&write_tmp(&dir, "foreign.xml", xml.as_bytes()));
    let p = &products[0];
    assert_eq!(
        p.get("title"),
        Some("Acme Widget Pro 3000 Stainless Steel Edition")
    );
    assert_eq!(p.get("description"), Some("The real description."));
    assert_eq!(p.values("price"), ["1.00 USD"]);
    assert_eq!(p.get("content"), None);
    assert_eq!(p.get("group"), None);
    assert!(p.read_issues.is_empty(), "{:?}", p.read_issues);
}

#[test]
fn atom_reader_takes_link_href_summary_and_id() {
    let dir = tempfile::tempdir().unwrap();
    let xml = r#"<feed xmlns="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0">
<title>t</title>
<entry>
  <id>E1</id><title>Entry title</title><link href="https://x.example/a?b=1&amp;c=2"/>
  <summary>Sum</summary><g:price>2.00 USD</g:price>
</entry>
<entry><g:id>G2</g:id><id>ignored</id></entry>
</feed>"#;
    let (kind, products) = read(&write_tmp(&dir, "a.atom", xml.as_bytes()));
    assert_eq!(kind, FeedKind::Atom);
    assert_eq!(products[0].get("id"), Some("E1"));
    assert_eq!(products[0].get("link"), Some("https://x.example/a?b=1&c=2"));
    assert_eq!(products[0].get("description"), Some("Sum"));
    assert_eq!(products[0].location.line, 3);
    assert_eq!(
        products[1].values("id"),
        ["G2"],
        "the GMC element wins over the core one"
    );
}

#[test]
fn csv_names_in_every_spelling_map_to_canonical_names() {
    let dir = tempfile::tempdir().unwrap();
    let csv = "ID,Image Link,imageLink2,additional image link,Google Product Category,shipping,tax,category\n\
               1,https://a/1.jpg,x,\"https://a/2.jpg, https://a/3.jpg\",Apparel,\"US:CA:Overnight:16.00 USD:1:2:3:5,US::Standard:4.95 USD\",US:CA:7.25:y,apparel\n";
    let (kind, products) = read(&write_tmp(&dir, "f.csv", csv.as_bytes()));
    assert_eq!(kind, FeedKind::Csv);
    let p = &products[0];
    assert_eq!(p.get("id"), Some("1"));
    assert_eq!(p.get("image_link"), Some("https://a/1.jpg"));
    assert_eq!(p.get("image_link2"), Some("x"));
    assert_eq!(
        p.values("additional_image_link"),
        ["https://a/2.jpg", "https://a/3.jpg"]
    );
    assert_eq!(p.get("market_product_category"), Some("Apparel"));
    assert_eq!(p.get("category"), Some("apparel"));
    assert_eq!(p.shipping.len(), 2);
    assert_eq!(p.shipping[0].min_handling_time.as_deref(), Some("1"));
    assert_eq!(p.shipping[0].max_transit_time.as_deref(), Some("5"));
    assert_eq!(p.tax[0].tax_ship.as_deref(), Some("y"));
    assert_eq!(p.location.line, 2);
}

#[test]
fn ragged_rows_become_read_issues_and_the_feed_goes_on() {
    let (_, products) = read(&shared("merchant-onboarding-tabs-in-csv.csv"));
    assert_eq!(products.len(), 3);
    assert_eq!(products[0].read_issues.len(), 1);
    assert_eq!(products[0].read_issues[0].line, 2);
    assert!(products[0].read_issues[0].message.contains("too few"));
    assert!(products[1].read_issues.is_empty());
    assert_eq!(products[2].read_issues[0].line, 4);
}

#[test]
fn multi_line_csv_records_start_on_their_first_line() {
    let dir = tempfile::tempdir().unwrap();
    let csv = "id,description\n1,\"two\nlines\"\n2,plain\n";
    let (_, products) = read(&write_tmp(&dir, "m.csv", csv.as_bytes()));
    assert_eq!(products[0].get("description"), Some("two\nlines"));
    assert_eq!(products[1].location.line, 4);
}

#[test]
fn json_body_streams_products_and_keeps_request_fields() {
    let dir = tempfile::tempdir().unwrap();
    let body = r#"{
  "analysisType": "comprehensive",
  "products": [
    {"title": "A", "price": 19.90, "imageLink": "https://a", "currentPerformance": {"clickThroughRate": 0.02, "conversionRate": 0.01, "monthlyRevenue": 1200}},
    {"title": "B", "price": "5.00 USD",
     "shipping": [{"country": "US", "price": "4.95 USD"}], "tags": ["x", "y"]}
  ],
  "options": {"timeHorizon": "12_months"}
}"#;
    let mut reader = feed::open(
        &write_tmp(&dir, "b.json", body.as_bytes()),
        &ReadOptions::default(),
    )
    .unwrap();
    assert_eq!(reader.kind(), FeedKind::JsonRequestBody);
    assert_eq!(
        reader.request_fields().unwrap()["analysisType"],
        "comprehensive"
    );
    let products: Vec<Product> = reader.by_ref().map(Result::unwrap).collect();
    assert_eq!(products.len(), 2);
    assert_eq!(
        products[0].get("price"),
        Some("19.90"),
        "numbers keep their JSON text"
    );
    assert_eq!(products[0].get("image_link"), Some("https://a"));
    assert_eq!(
        products[0].performance.unwrap().monthly_revenue,
        Some(1200.0)
    );
    assert_eq!(products[0].location.line, 4);
    assert_eq!(products[1].location.line, 5);
    assert_eq!(products[1].shipping[0].price.as_deref(), Some("4.95 USD"));
    assert_eq!(products[1].values("tags"), ["x", "y"]);
    let fields = reader.request_fields().unwrap();
    assert_eq!(
        fields["options"]["timeHorizon"], "12_months",
        "fields after products are known at the end"
    );
    assert!(!fields.contains_key("products"));
}

/// A key given twice in a request body is refused with its place: serde_json keeps the last of
/// two, so a second `products` array was never read (and a first `options` lost).
#[test]
fn a_request_body_key_given_twice_is_a_validation_error_where_it_is() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text, key) in [
        (
            "p.json",
            "{\"products\": [{\"id\": \"1\"}],\n\"products\": [{\"id\": \"2\"}]}",
            "products",
        ),
        (
            "o.json",
            "{\"options\": {},\n\"products\": [{\"id\": \"1\"}],\n\"options\": {}}",
            "options",
        ),
    ] {
        let e = read_err(&write_tmp(&dir, name, text.as_bytes()));
        assert_eq!(e.code, ErrorCode::ValidationError, "{}", e.message);
        assert!(
            e.message.contains(&format!("`{key}` twice"))
                && e.message.contains(&format!("{name}:")),
            "{}",
            e.message
        );
    }
}

#[test]
fn json_body_without_products_is_a_validation_error() {
    let dir = tempfile::tempdir().unwrap();
    let e = read_err(&write_tmp(&dir, "b.json", br#"{"options": {}}"#));
    assert_eq!(e.code, ErrorCode::ValidationError);
    assert!(
        e.message.contains("missing products array"),
        "{}",
        e.message
    );
}

#[test]
fn ndjson_products_know_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let text = "{\"id\":\"1\"}\n\n{\"id\":\"2\",\"additional_image_link\":[\"a\",\"b\"]}\n";
    let (kind, products) = read(&write_tmp(&dir, "f.jsonl", text.as_bytes()));
    assert_eq!(kind, FeedKind::Ndjson);
    assert_eq!(products[1].location.line, 3);
    assert_eq!(products[1].values("additional_image_link"), ["a", "b"]);
    // The same content without a telling extension is recognised as NDJSON too.
    let (kind, _) = read(&write_tmp(&dir, "feed", text.as_bytes()));
    assert_eq!(kind, FeedKind::Ndjson);
}

#[test]
fn encodings_are_decoded_and_undeclared_latin1_is_an_error() {
    let dir = tempfile::tempdir().unwrap();
    // UTF-8 with BOM.
    let (_, p) = read(&write_tmp(
        &dir,
        "bom.csv",
        "\u{feff}id,title\n1,Café\n".as_bytes(),
    ));
    assert_eq!(p[0].get("id"), Some("1"));
    assert_eq!(p[0].get("title"), Some("Café"));
    // UTF-16 LE and BE with BOM.
    let text = "id\ttitle\n1\tÜber\n";
    let mut le = vec![0xff, 0xfe];
    let mut be = vec![0xfe, 0xff];
    for u in text.encode_utf16() {
        le.extend(u.to_le_bytes());
        be.extend(u.to_be_bytes());
    }
    for (name, bytes) in [("le.txt", le), ("be.txt", be)] {
        let (kind, p) = read(&write_tmp(&dir, name, &bytes));
        assert_eq!(kind, FeedKind::Tsv);
        assert_eq!(p[0].get("title"), Some("Über"), "{name}");
    }
    // Latin-1 without a declaration: an error naming line and byte offset.
    let latin1 = b"id,title\n1,Caf\xe9\n";
    let path = write_tmp(&dir, "l1.csv", latin1);
    let e = read_err(&path);
    assert_eq!(e.code, ErrorCode::InputError);
    assert!(
        e.message.contains("line 2") && e.message.contains("byte offset 14"),
        "{}",
        e.message
    );
    // ...and fine with --encoding.
    let opts = ReadOptions {
        encoding: Some(encoding_rs::WINDOWS_1252),
        ..ReadOptions::default()
    };
    let (_, p) = read_with(&path, &opts);
    assert_eq!(p[0].get("title"), Some("Café"));
}

#[test]
fn gzip_is_detected_by_magic_bytes_and_capped() {
    let dir = tempfile::tempdir().unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(b"id,title\n1,a\n2,b\n").unwrap();
    let bytes = gz.finish().unwrap();
    let path = write_tmp(&dir, "feed.csv", &bytes);
    let (_, p) = read(&path);
    assert_eq!(p.len(), 2);
    let capped = ReadOptions {
        max_decompressed_bytes: 10,
        ..ReadOptions::default()
    };
    let e = read_err_with(&path, &capped);
    assert!(e.message.contains("cap of 10 bytes"), "{}", e.message);
}

#[test]
fn forced_input_format_overrides_detection() {
    let dir = tempfile::tempdir().unwrap();
    let path = write_tmp(&dir, "feed.dat", b"id|title\n1|a\n");
    let opts = ReadOptions {
        format: Some(InputFormat::Csv),
        ..ReadOptions::default()
    };
    let (_, p) = read_with(&path, &opts);
    assert_eq!(p[0].get("title"), Some("a"));
}

#[test]
fn unreadable_files_give_located_input_errors() {
    let dir = tempfile::tempdir().unwrap();
    let cases: &[(&str, &[u8], &str)] = &[
        ("empty.csv", b"", "empty"),
        ("blank.json", b"  \n ", "empty"),
        ("header.csv", b"id,title\n", "header line but no products"),
        (
            "bad.xml",
            b"<rss><channel>\n<item><g:id>1</item></channel></rss>",
            ":2:",
        ),
        (
            "trunc.xml",
            b"<rss><channel><item><title>x</title></item>",
            "end of file",
        ),
        (
            "syntax.json",
            b"{\"products\": [\n {\"id\": 1,}\n]}",
            "syntax.json:2:",
        ),
        (
            "cut.ndjson",
            b"{\"id\":\"1\"}\n{\"id\":\"2\",",
            "cut.ndjson:2:10: unexpected end of JSON: the file is truncated",
        ),
        ("bin.csv", b"id,title\n\x00\x01\x02", "binary"),
        ("page.xml", b"<html><body>hi</body></html>", "neither RSS"),
    ];
    for (name, bytes, needle) in cases {
        let e = read_err(&write_tmp(&dir, name, bytes));
        assert!(
            matches!(e.code, ErrorCode::InputError | ErrorCode::ValidationError),
            "{name}: {:?}",
            e.code
        );
        assert!(e.message.contains(needle), "{name}: {}", e.message);
    }
}

/// An XML file that is not a feed is shown where its first wrong thing starts: the `<` of a
/// foreign or empty root element, the first visible character of text before the root (for a
/// text file read with `--input-format xml`, its first line), not the place the parser stopped.
#[test]
fn xml_errors_before_the_root_point_at_the_start_of_what_is_wrong() {
    let dir = tempfile::tempdir().unwrap();
    let decl = "<?xml version=\"1.0\"?>\n";
    let cases = [
        (
            "page.xml",
            format!("{decl}<html lang=\"en\">\n<body>hi</body></html>\n"),
            "page.xml:2:1: the root element <html> is neither",
        ),
        (
            "empty.xml",
            format!("{decl}  <rss version=\"2.0\"/>\n"),
            "empty.xml:2:3: the root element is empty",
        ),
        (
            "text.xml",
            format!("{decl}\n   hello <rss/>"),
            "text.xml:3:4: text before the root element",
        ),
        (
            "cdata.xml",
            format!("{decl} <![CDATA[x]]><rss/>"),
            "cdata.xml:2:2: text before the root element",
        ),
    ];
    for (name, text, needle) in cases {
        let e = read_err(&write_tmp(&dir, name, text.as_bytes()));
        assert!(e.message.contains(needle), "{name}: {}", e.message);
    }
    let forced = ReadOptions {
        format: Some(feed::InputFormat::Xml),
        ..ReadOptions::default()
    };
    let csv = write_tmp(&dir, "feed.csv", b"id,title\n1,Hello\n2,World\n");
    let e = read_err_with(&csv, &forced);
    assert!(
        e.message
            .contains("feed.csv:1:1: text before the root element"),
        "{}",
        e.message
    );
}

/// NDJSON lines stand alone: a line that is not JSON, or one cut short before its line break,
/// is a product with a read issue at that line, and the lines after it are read.
#[test]
fn an_ndjson_line_that_is_not_json_is_a_read_issue_of_that_line() {
    let dir = tempfile::tempdir().unwrap();
    let text = b"{\"id\":\"1\"}\n{oops}\n{\"id\":\"2\",\n{\"id\":\"3\"}\n";
    let (_, p) = read(&write_tmp(&dir, "bad.ndjson", text));
    let lines: Vec<u64> = p.iter().map(|p| p.location.line).collect();
    assert_eq!(lines, [1, 2, 3, 4]);
    assert_eq!(p[0].get("id"), Some("1"));
    assert_eq!(p[3].get("id"), Some("3"));
    for (bad, col, what) in [
        (&p[1], 2, "key must be a string"),
        (&p[2], 11, "ends before"),
    ] {
        assert!(bad.attributes().is_empty());
        assert_eq!(bad.read_issues.len(), 1);
        let m = &bad.read_issues[0].message;
        assert!(
            m.starts_with(&format!("column {col}: not valid JSON")),
            "{m}"
        );
        assert!(m.contains(what), "{m}");
    }
    assert!(p[0].read_issues.is_empty() && p[3].read_issues.is_empty());
}

/// UTF-16 without a byte order mark reads as NUL bytes: the error says which encoding to pass.
#[test]
fn utf16_without_a_bom_is_named_in_the_help() {
    let dir = tempfile::tempdir().unwrap();
    let text = "id,title\n1,Shirt\n";
    let le: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    let e = read_err(&write_tmp(&dir, "le.csv", &le));
    assert!(e.message.contains("binary data"), "{}", e.message);
    let rendered = format!("{:?}", miette::Report::new(e));
    assert!(rendered.contains("--encoding utf-16le"), "{rendered}");
    let opts = ReadOptions {
        encoding: encoding_rs::Encoding::for_label(b"utf-16le"),
        ..ReadOptions::default()
    };
    let (_, p) = read_with(&write_tmp(&dir, "le2.csv", &le), &opts);
    assert_eq!(p[0].get("title"), Some("Shirt"));
}

/// UTF-32, which encoding_rs does not decode, is recognised in either byte order, with or
/// without its byte order mark, and refused saying so (a UTF-32LE BOM read as UTF-16LE's was
/// answered with advice to pass `--encoding utf-16be`).
#[test]
fn utf32_is_recognised_and_refused_with_how_to_convert_it() {
    let dir = tempfile::tempdir().unwrap();
    let text = "id,title\nA1,T\n";
    let le: Vec<u8> = text
        .chars()
        .flat_map(|c| u32::from(c).to_le_bytes())
        .collect();
    let be: Vec<u8> = text
        .chars()
        .flat_map(|c| u32::from(c).to_be_bytes())
        .collect();
    for (name, bytes, says) in [
        (
            "le_bom.csv",
            [&[0xFF, 0xFE, 0, 0][..], &le].concat(),
            "byte 0: the file starts with the UTF-32LE byte order mark FF FE 00 00",
        ),
        (
            "be_bom.csv",
            [&[0, 0, 0xFE, 0xFF][..], &be].concat(),
            "byte 0: the file starts with the UTF-32BE byte order mark 00 00 FE FF",
        ),
        ("le.csv", le.clone(), "this looks like UTF-32LE text"),
        ("be.csv", be.clone(), "this looks like UTF-32BE text"),
    ] {
        let e = read_err(&write_tmp(&dir, name, &bytes));
        assert_eq!(e.code, ErrorCode::InputError);
        assert!(e.message.contains(says), "{name}: {}", e.message);
        assert!(
            e.message
                .ends_with("UTF-32 is not supported; convert it to UTF-8"),
            "{}",
            e.message
        );
        let help = e.help.clone().unwrap_or_default();
        assert!(help.contains("iconv -f UTF-32 -t UTF-8"), "{help}");
        assert!(!help.contains("utf-16"), "{help}");
    }
}

/// An encoding label in the XML declaration that feedlint does not know is named: in a warning
/// (the first product's read issue) when the text is UTF-8 anyway, in the error otherwise
/// (which said the feed "declares no other encoding").
#[test]
fn an_unknown_declared_encoding_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let xml = |title: &[u8]| {
        [
            &b"<?xml version=\"1.0\" encoding=\"bogus-enc\"?><rss xmlns:g=\"http://base.google.com/ns/1.0\"><channel><item><g:id>1</g:id><title>"[..],
            title,
            b"</title></item><item><g:id>2</g:id></item></channel></rss>\n",
        ]
        .concat()
    };
    let (_, products) = read(&write_tmp(&dir, "ascii.xml", &xml(b"Cafe")));
    let issues: Vec<(u64, &str)> = products[0]
        .read_issues
        .iter()
        .map(|i| (i.line, i.message.as_str()))
        .collect();
    assert_eq!(issues.len(), 1, "{issues:?}");
    assert_eq!(issues[0].0, 1);
    assert!(
        issues[0]
            .1
            .starts_with("the XML declaration names encoding=\"bogus-enc\", which is not an encoding feedlint knows; the feed was read as UTF-8"),
        "{issues:?}"
    );
    assert!(products[1].read_issues.is_empty());

    let e = read_err(&write_tmp(&dir, "latin.xml", &xml(b"Caf\xe9")));
    assert!(
        e.message.contains(
            "invalid UTF-8 at line 1, byte offset 126: the XML declaration names \
             encoding=\"bogus-enc\", which is not an encoding feedlint knows"
        ),
        "{}",
        e.message
    );
    assert!(!e.message.contains("declares no other"), "{}", e.message);
    assert!(e.help.clone().unwrap_or_default().contains("--encoding"));

    // A known label, or --encoding, says nothing more.
    let opts = ReadOptions {
        encoding: encoding_rs::Encoding::for_label(b"windows-1252"),
        ..ReadOptions::default()
    };
    let (_, products) = read_with(&write_tmp(&dir, "latin2.xml", &xml(b"Caf\xe9")), &opts);
    assert_eq!(products[0].get("title"), Some("Café"));
    assert!(products[0].read_issues.is_empty());
}

#[test]
fn malformed_xml_child_is_a_read_issue_of_its_item() {
    let dir = tempfile::tempdir().unwrap();
    let xml = r#"<rss xmlns:g="http://base.google.com/ns/1.0"><channel>
<item><g:id>1</g:id><g:shipping><g:country>US</g:country><g:colour>x</g:colour></g:shipping>
<g:title>&nbsp;x</g:title></item>
<item><g:id>2</g:id></item>
</channel></rss>"#;
    let (_, p) = read(&write_tmp(&dir, "c.xml", xml.as_bytes()));
    assert_eq!(p.len(), 2);
    assert_eq!(p[0].read_issues.len(), 2, "{:?}", p[0].read_issues);
    assert_eq!(p[0].shipping[0].country.as_deref(), Some("US"));
    assert_eq!(p[0].get("title"), Some("&nbsp;x"), "kept as written");
    assert!(p[1].read_issues.is_empty());
}

/// Records of thousands of fields (a wrong delimiter, a broken export) are read: a header of
/// 30,000 columns, a row of 30,000 extra fields, a JSON object of 30,000 keys and an RSS item of
/// 30,000 elements each give a product of at most `MAX_ATTRIBUTES` attributes that says so. (Each
/// took seconds to minutes at 80,000 and more: every name compared with every other.)
#[test]
fn records_of_thousands_of_fields_keep_the_attribute_limit_and_say_so() {
    let dir = tempfile::tempdir().unwrap();
    let n = 30_000;
    let cols: Vec<String> = (0..n).map(|i| format!("c{i}")).collect();
    let wide_header = format!("id,{}\nA1,{}\n", cols.join(","), vec!["v"; n].join(","));
    let wide_row = format!("id,title\nA1,{}\n", vec!["v"; n].join(","));
    let keys: Vec<String> = (0..n).map(|i| format!("\"k{i}\":\"v\"")).collect();
    let object = format!("[{{{}}}]", keys.join(","));
    let elems = (0..n).fold(String::new(), |mut out, i| {
        use std::fmt::Write as _;
        let _ = write!(out, "<g:e{i}>v</g:e{i}>");
        out
    });
    let item = format!(
        "<rss xmlns:g=\"http://base.google.com/ns/1.0\"><channel><item>{elems}</item></channel></rss>"
    );
    for (name, text) in [
        ("header.csv", wide_header),
        ("row.csv", wide_row),
        ("object.json", object),
        ("item.xml", item),
    ] {
        let (_, products) = read(&write_tmp(&dir, name, text.as_bytes()));
        assert_eq!(products.len(), 1, "{name}");
        let p = &products[0];
        assert_eq!(
            p.attributes().len(),
            feedlint::model::MAX_ATTRIBUTES,
            "{name}"
        );
        assert!(
            p.read_issues
                .iter()
                .any(|r| r.message.contains("more than 1024 attributes")),
            "{name}: {:?}",
            p.read_issues
        );
    }
}

/// `validate -v` of `feed` (written to a file named `name`) on a fresh database: exit code,
/// stdout and stderr.
fn validate(name: &str, feed: &str) -> (Option<i32>, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let db = tempfile::tempdir().unwrap();
    let path = write_tmp(&dir, name, feed.as_bytes());
    let out = common::feedlint(db.path(), Some(common::TEST_A))
        .current_dir(dir.path())
        .args(["validate", "-v", "--exit-zero"])
        .arg(path.file_name().unwrap())
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// An item-like element where the feed's format has no products (`<entry>` in RSS, `<item>`
/// in Atom, `<Item>` in any case) is read as a product whose FL-C001 finding says what it is,
/// at its line: a case typo no longer makes every product vanish.
#[test]
fn item_like_elements_outside_the_feeds_products_are_read_and_reported() {
    let rss = "<rss xmlns:g=\"http://base.google.com/ns/1.0\" xmlns:a=\"http://www.w3.org/2005/Atom\"><channel>\n\
               <item><g:id>1</g:id></item>\n<entry><g:id>2</g:id></entry>\n\
               <a:entry><g:id>3</g:id></a:entry>\n<Item><g:id>4</g:id></Item>\n\
               <ITEM><g:id>5</g:id></ITEM>\n</channel></rss>\n";
    let (code, stdout, stderr) = validate("rss_entry.xml", rss);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(stdout.contains("5 products"), "{stdout}");
    for (line, element) in [(3, "entry"), (4, "a:entry"), (5, "Item"), (6, "ITEM")] {
        let want = format!(
            "rss_entry.xml:{line}: high compliance FL-C001 [record-read-issue] record: line \
             {line}: <{element}> is not a product element of this RSS feed (RSS products are \
             <item> elements"
        );
        assert!(stdout.contains(&want), "{want}\n{stdout}");
    }
    assert!(
        stdout.contains("and XML names are case-sensitive"),
        "{stdout}"
    );
    // Every product a typo: before, "the RSS channel has no <item> elements" (exit 2).
    let typo = "<rss xmlns:g=\"http://base.google.com/ns/1.0\"><channel><Item><g:id>1</g:id></Item></channel></rss>";
    let (code, stdout, stderr) = validate("typo.xml", typo);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(
        stdout.contains("<Item> is not a product element"),
        "{stdout}"
    );
    let atom = "<feed xmlns=\"http://www.w3.org/2005/Atom\" xmlns:g=\"http://base.google.com/ns/1.0\">\
                <entry><g:id>1</g:id></entry><item><g:id>2</g:id></item></feed>\n";
    let (_, stdout, _) = validate("atom_item.xml", atom);
    assert!(stdout.contains("2 products"), "{stdout}");
    assert!(
        stdout.contains(
            "<item> is not a product element of this Atom feed (Atom products are <entry> elements)"
        ),
        "{stdout}"
    );
}

/// A product nested in a product is reported on the outer one; its values are kept.
#[test]
fn a_product_nested_in_a_product_is_reported() {
    let xml = "<rss xmlns:g=\"http://base.google.com/ns/1.0\"><channel><item><g:id>1</g:id>\n\
               <item><g:id>2</g:id></item></item><item><g:id>3</g:id></item></channel></rss>\n";
    let (_, stdout, _) = validate("nested_item.xml", xml);
    assert!(
        stdout.contains(
            "nested_item.xml:1: high compliance FL-C001 [record-read-issue] record: line 2: an \
             <item> element inside this product: products cannot be nested"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("kept as the attribute `item` (\"2\")"),
        "{stdout}"
    );
}

/// Two columns or elements of a single-valued attribute with different values: the product says
/// which values and which one is checked; a CSV header says it once at its line. Repeatable
/// attributes and equal values say nothing.
#[test]
fn different_values_of_a_single_valued_attribute_are_reported() {
    let csv = "id,title,price,title,price\nA1,Short,,A very long and descriptive product title here,abc\n\
               A2,Same title,,Same title,\n";
    let (_, stdout, _) = validate("dup_header.csv", csv);
    for want in [
        "dup_header.csv:2: high compliance FL-C001 [record-read-issue] record: line 1: the header \
         names `title` in 2 columns (2 and 4), but `title` takes one value",
        "dup_header.csv:2: high compliance FL-C001 [record-read-issue] record: line 1: the header \
         names `price` in 2 columns (3 and 5)",
        "dup_header.csv:2: high compliance FL-C001 [record-read-issue] record: line 2: `title` \
         takes one value but is given 2 times with different values: \"Short\", \"A very long \
         and descriptive product titl…\"; only the first, \"Short\", is checked",
    ] {
        assert!(stdout.contains(want), "{want}\n{stdout}");
    }
    // The header is said once (on the first product); equal values and one empty cell are no
    // conflict.
    assert_eq!(stdout.matches("the header names").count(), 2, "{stdout}");
    assert!(
        !stdout.contains("dup_header.csv:3: high compliance FL-C001"),
        "{stdout}"
    );
    assert!(!stdout.contains("`price` takes one value but"), "{stdout}");

    let xml = "<rss xmlns:g=\"http://base.google.com/ns/1.0\"><channel><item><g:id>1</g:id>\
               <g:price>1 USD</g:price><g:price>999 USD</g:price></item></channel></rss>";
    let (_, stdout, _) = validate("dup_elems.xml", xml);
    assert!(
        stdout.contains(
            "line 1: `price` takes one value but is given 2 times with different values: \"1 \
             USD\", \"999 USD\"; only the first, \"1 USD\", is checked, and every value is kept"
        ),
        "{stdout}"
    );

    let ndjson =
        "{\"id\":\"1\",\"price\":[\"1 USD\",\"9 USD\"],\"product_highlight\":[\"a\",\"b\"]}\n";
    let (_, stdout, _) = validate("array.ndjson", ndjson);
    assert!(
        stdout.contains(
            "array.ndjson:1: high compliance FL-C001 [record-read-issue] record: line 1: `price` \
             takes one value but is given 2 times with different values: \"1 USD\", \"9 USD\""
        ),
        "{stdout}"
    );
    assert_eq!(stdout.matches("takes one value").count(), 1, "{stdout}");

    let repeatable = "id,additional_image_link,additional_image_link,product_highlight,product_highlight,note,note\n\
                      A1,https://e.com/a.jpg,https://e.com/b.jpg,Light,Strong,x,y\n";
    let (_, stdout, _) = validate("repeatable.csv", repeatable);
    assert!(!stdout.contains("FL-C001"), "{stdout}");
}
