//! Tables fit the width: `COLUMNS` (else the terminal's width; a pipe has none). The free-text
//! columns wrap, the key columns stay whole, nothing is lost at any width, and without a width
//! (a pipe, `-o FILE`) the output is what it always was (the other tests' snapshots).

mod common;

use std::path::{Path, PathBuf};

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("examples")
        .join(name)
}

/// The GTINs of `gtin_cli`'s table snapshot: every verdict, a multi-line patterns cell.
const GTINS: [&str; 5] = [
    "4006381333931",
    "1234567890128",
    "12345",
    "0000000000000",
    "8.71234E+12",
];

/// A command's arguments (paths as text), for the four commands with a streamed or long table.
fn command(name: &str) -> Vec<String> {
    let catalog = |f: &str| example(f).to_string_lossy().into_owned();
    match name {
        "validate" => vec!["validate".into(), catalog("catalog.xml")],
        "batch" => vec!["batch".into(), catalog("catalog.csv")],
        "revenue" => vec!["revenue".into(), catalog("catalog.csv")],
        "gtin" => std::iter::once("gtin".to_owned())
            .chain(GTINS.iter().map(|g| (*g).to_owned()))
            .collect(),
        other => panic!("no command {other}"),
    }
}

const COMMANDS: [&str; 4] = ["validate", "batch", "gtin", "revenue"];

/// The stdout of `feedlint ARGS` (a pipe) with `COLUMNS` set to `columns` (unset for `None`),
/// run in a temp dir with its own database.
fn stdout(columns: Option<&str>, args: &[String]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = common::feedlint(&dir.path().join("db"), Some(common::TEST_A));
    cmd.current_dir(dir.path()).args(args);
    if let Some(c) = columns {
        cmd.env("COLUMNS", c);
    }
    let out = cmd.output().unwrap();
    // validate and gtin exit 1 on these inputs (a critical finding, an invalid GTIN).
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .replace(env!("CARGO_MANIFEST_DIR"), "<root>")
}

/// The width of the widest table line (a line drawn with box characters).
fn widest_table_line(text: &str) -> usize {
    text.lines()
        .filter(|l| l.starts_with(['│', '┌', '└', '╞', '├']))
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(0)
}

/// The text's characters without the table's drawing and the spaces, sorted: equal for two
/// layouts of the same tables exactly when no character was lost, added or changed.
fn ink(text: &str) -> Vec<char> {
    let mut v: Vec<char> = text
        .chars()
        .filter(|c| !c.is_whitespace() && !('\u{2500}'..='\u{257f}').contains(c))
        .collect();
    v.sort_unstable();
    v
}

#[test]
fn at_80_columns_every_table_fits_and_keeps_its_keys_whole() {
    for name in COMMANDS {
        let text = stdout(Some("80"), &command(name));
        assert!(widest_table_line(&text) <= 80, "{name}:\n{text}");
        assert_eq!(ink(&text), ink(&stdout(None, &command(name))), "{name}");
        insta::assert_snapshot!(format!("{name}_at_80_columns"), text);
    }
    // The ids, GTINs and scores are on one line each.
    let validate = stdout(Some("80"), &command("validate"));
    for key in ["NW-AP-2001-M", "NW-SG-6001", "100.0%", "critical"] {
        assert!(validate.contains(key), "{key}:\n{validate}");
    }
    let gtin = stdout(Some("80"), &command("gtin"));
    for key in GTINS {
        assert!(gtin.contains(key), "{key}:\n{gtin}");
    }
}

#[test]
fn at_50_columns_the_free_text_wraps_further() {
    for name in COMMANDS {
        let text = stdout(Some("50"), &command(name));
        assert_eq!(ink(&text), ink(&stdout(None, &command(name))), "{name}");
        insta::assert_snapshot!(format!("{name}_at_50_columns"), text);
    }
}

/// A width the key columns alone overflow: no panic, no endless loop, every character of every
/// cell still there.
#[test]
fn a_width_too_narrow_loses_no_text() {
    for columns in ["1", "20"] {
        for name in COMMANDS {
            let text = stdout(Some(columns), &command(name));
            assert_eq!(
                ink(&text),
                ink(&stdout(None, &command(name))),
                "{name} at {columns}:\n{text}"
            );
        }
    }
}

/// A `COLUMNS` that is not a positive integer is ignored (a pipe then has no width), and a
/// width the table fits in leaves it as it is without one.
#[test]
fn an_unusable_or_roomy_columns_changes_nothing() {
    for name in COMMANDS {
        let piped = stdout(None, &command(name));
        for columns in ["", "0", "-80", "wide", "1000"] {
            assert_eq!(
                stdout(Some(columns), &command(name)),
                piped,
                "{name} {columns:?}"
            );
        }
    }
}

/// A report file is laid out as a pipe is, whatever `COLUMNS` says.
#[test]
fn a_report_file_gets_no_width() {
    for name in ["validate", "batch", "revenue"] {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("report.txt");
        let mut args = command(name);
        args.splice(1..1, ["-o".to_owned(), file.to_string_lossy().into_owned()]);
        let db = dir.path().join("db");
        let out = common::feedlint(&db, Some(common::TEST_A))
            .current_dir(dir.path())
            .env("COLUMNS", "40")
            .args(["--format", "table"])
            .args(&args)
            .output()
            .unwrap();
        assert!(matches!(out.status.code(), Some(0 | 1)), "{name}");
        let written = std::fs::read_to_string(&file)
            .unwrap()
            .replace(env!("CARGO_MANIFEST_DIR"), "<root>");
        assert_eq!(written, stdout(None, &command(name)), "{name}");
    }
}

/// The lines under `categories`' tier table (what a production key is billed) wrap to the width
/// too, their text hanging under its second column, every word kept.
#[test]
fn the_billing_lines_under_categories_wrap_to_the_width() {
    let args = vec!["categories".to_owned()];
    let wide = stdout(None, &args);
    let narrow = stdout(Some("60"), &args);
    let billing = |text: &str| -> Vec<String> {
        text.lines()
            .skip_while(|l| !l.starts_with("Production keys are billed"))
            .map(str::to_owned)
            .collect()
    };
    let (wide, narrow) = (billing(&wide), billing(&narrow));
    assert!(wide.len() >= 5, "{wide:?}");
    assert!(wide.iter().any(|l| l.chars().count() > 60), "{wide:?}");
    assert!(narrow.len() > wide.len(), "{narrow:?}");
    assert!(narrow.iter().all(|l| l.chars().count() <= 60), "{narrow:?}");
    let words = |lines: &[String]| {
        lines
            .join(" ")
            .split_whitespace()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(words(&narrow), words(&wide));
    // A wrapped band line hangs under the prices, not under the counter's name.
    let hanging = narrow.iter().find(|l| l.starts_with("      ")).unwrap();
    let first = narrow.iter().find(|l| l.contains("0.08")).unwrap();
    assert_eq!(hanging.find(|c: char| c != ' '), first.find("0.08"));
}
