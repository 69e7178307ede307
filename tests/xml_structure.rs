//! The XML reader on small feeds of unusual or broken structure: comments and CDATA holding
//! `</item>`, namespaces declared on an item, `>` inside quoted attribute values, a DOCTYPE or a
//! processing instruction inside an item, byte order marks, mismatched and unclosed tags,
//! truncation inside a tag, invalid UTF-8, markup after the root. What `convert --to ndjson`
//! makes of each file (the products, the read issues and errors on stderr, the exit code) is
//! one snapshot: a change to the reader that changes any of it shows here.

mod common;

use std::fmt::Write as _;
use std::path::Path;

#[test]
fn unusual_xml_structures_read_as_recorded() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/xml_structure");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    assert!(
        files.len() >= 30,
        "the corpus is missing: {}",
        dir.display()
    );
    let db = tempfile::tempdir().unwrap();
    let mut all = String::new();
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy();
        // Run from the corpus with the bare file name: a message that names the file is then
        // wrapped the same wherever the repository is.
        let out = common::feedlint(db.path(), None)
            .current_dir(&dir)
            .args(["convert", "--to", "ndjson", name.as_ref()])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        writeln!(all, "== {name} (exit {:?})", out.status.code()).unwrap();
        all.push_str(&String::from_utf8_lossy(&out.stdout));
        writeln!(all, "-- stderr").unwrap();
        all.push_str(&stderr);
    }
    insta::assert_snapshot!(all);
}
