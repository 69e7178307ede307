//! `feedlint.toml`: discovery, validation into the typed form, and errors that point at the
//! offending line and column.

use std::path::Path;

use feedlint::catalog::Category;
use feedlint::config::{self, Config, ConfigArgs, RuleSelector};
use feedlint::model::{Group, Severity};

const KNOWN: [&str; 4] = ["FL-C001", "FL-C002", "FL-P001", "FL-M003"];

fn known(code: &str) -> bool {
    KNOWN.contains(&code)
}

/// The registry as `config::load` asks about it: the codes above, no suggestions.
const NAMES: config::RuleNames<'static> = config::RuleNames {
    is_known_code: &known,
    did_you_mean: &|_| None,
};

fn parse(text: &str) -> Result<Config, feedlint::Error> {
    config::parse(text, "feedlint.toml", &known)
}

/// The diagnostic as a user sees it (no colour, fixed width).
fn render(err: &feedlint::Error) -> String {
    let mut out = String::new();
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(90);
    for d in &err.related {
        let _ = handler.render_report(&mut out, d.as_ref());
    }
    out
}

const FULL: &str = r#"category = "apparel"

[rules]
select = ["identity", "pricing", "FL-C001"]
ignore = ["FL-P001"]

[rules.severity]
"FL-C001" = "low"

[gates]
fail_under = 90
fail_on = "high"
max_drop = 2.5
"#;

#[test]
fn config_with_every_key_validates_into_typed_form() {
    let c = parse(FULL).map_err(|e| e.to_string()).unwrap_or_default();
    assert_eq!(c.category, Category::from_key("apparel"));
    assert!(c.category.is_some());
    assert_eq!(
        c.rules.select,
        [
            RuleSelector::Group(Group::Identity),
            RuleSelector::Group(Group::Pricing),
            RuleSelector::Code("FL-C001".into())
        ]
    );
    assert_eq!(c.rules.ignore, [RuleSelector::Code("FL-P001".into())]);
    assert_eq!(c.severity_for("FL-C001", Severity::Critical), Severity::Low);
    assert_eq!(c.severity_for("FL-C002", Severity::High), Severity::High);
    assert_eq!(c.gates.fail_under, Some(90.0));
    assert_eq!(c.gates.fail_on, Some(Severity::High));
    assert_eq!(c.gates.max_drop, Some(2.5));
}

#[test]
fn selection_runs_selected_rules_and_ignore_wins() {
    let c = parse(FULL).unwrap_or_default();
    assert!(c.rules.is_enabled("FL-I001", Group::Identity));
    assert!(c.rules.is_enabled("FL-C001", Group::Content));
    assert!(!c.rules.is_enabled("FL-C002", Group::Content));
    assert!(!c.rules.is_enabled("FL-P001", Group::Pricing));
    let all = Config::default();
    assert!(all.rules.is_enabled("FL-C002", Group::Content));
}

#[test]
fn empty_file_is_the_default_config() {
    assert_eq!(parse("").ok(), Some(Config::default()));
}

#[test]
fn unknown_key_points_at_its_line_and_column() {
    let err = parse("[rules]\nselect = [\"identity\"]\nselcet = []\n").err();
    let Some(err) = err else {
        panic!("an unknown key must be rejected")
    };
    assert_eq!(err.code, feedlint::ErrorCode::ValidationError);
    assert!(
        err.message
            .starts_with("invalid config feedlint.toml:3:1: unknown field `selcet`"),
        "{}",
        err.message
    );
    insta::assert_snapshot!(render(&err));
}

#[test]
fn unknown_top_level_table_is_rejected() {
    let err = parse("[gate]\nfail_under = 90\n")
        .err()
        .map(|e| e.message.clone());
    assert!(
        err.as_ref()
            .is_some_and(|m| m.contains(":1:") && m.contains("unknown field `gate`")),
        "{err:?}"
    );
}

#[test]
fn bad_values_are_each_reported_at_their_value() {
    let text = "category = \"shoes\"\n[rules]\nignore = [\"FL-X999\"]\n[rules.severity]\n\"FL-C001\" = \"severe\"\n[gates]\nfail_under = 120\nfail_on = \"urgent\"\n";
    let Some(err) = parse(text).err() else {
        panic!("bad values must be rejected")
    };
    let messages: Vec<String> = err.related.iter().map(ToString::to_string).collect();
    assert_eq!(
        messages,
        [
            "invalid config feedlint.toml:1:12: unknown category `shoes`",
            "invalid config feedlint.toml:3:11: unknown rule or group `FL-X999`",
            "invalid config feedlint.toml:5:13: `severe` is not a severity",
            "invalid config feedlint.toml:7:14: `fail_under` must be from 0 to 100, not 120",
            "invalid config feedlint.toml:8:11: `urgent` is not a severity",
        ]
    );
    insta::assert_snapshot!(render(&err));
}

#[test]
fn wrong_value_type_points_at_the_value() {
    let err = parse("[gates]\nfail_under = \"ninety\"\n")
        .err()
        .map(|e| e.message.clone());
    assert!(
        err.as_ref()
            .is_some_and(|m| m.starts_with("invalid config feedlint.toml:2:14:")),
        "{err:?}"
    );
}

#[test]
fn severity_override_needs_a_known_rule_code() {
    let err = parse("[rules.severity]\n\"content\" = \"low\"\n")
        .err()
        .map(|e| e.message.clone());
    assert_eq!(
        err.as_deref(),
        Some("invalid config feedlint.toml:2:1: unknown rule code `content`")
    );
}

fn write(dir: &Path, text: &str) {
    assert!(std::fs::write(dir.join(config::FILE_NAME), text).is_ok());
}

#[test]
fn discovery_finds_the_file_in_a_parent_directory() {
    let Ok(tmp) = tempfile::tempdir() else {
        panic!("tempdir")
    };
    let nested = tmp.path().join("a/b");
    assert!(std::fs::create_dir_all(&nested).is_ok());
    write(tmp.path(), "category = \"electronics\"\n");
    assert_eq!(
        config::discover(&nested),
        Some(tmp.path().join(config::FILE_NAME))
    );
    let c = config::load(&ConfigArgs::default(), &nested, &NAMES);
    let c = c.map_err(|e| e.to_string());
    assert_eq!(
        c.as_ref().map(|c| c.category),
        Ok(Category::from_key("electronics"))
    );
    assert_eq!(
        c.map(|c| c.source),
        Ok(Some(tmp.path().join(config::FILE_NAME)))
    );
}

#[test]
fn explicit_config_wins_over_discovery_and_no_config_skips_it() {
    let Ok(tmp) = tempfile::tempdir() else {
        panic!("tempdir")
    };
    write(tmp.path(), "category = \"electronics\"\n");
    assert!(std::fs::write(tmp.path().join("ci.toml"), "category = \"apparel\"\n").is_ok());
    let explicit = ConfigArgs {
        config: Some("ci.toml".into()),
        no_config: false,
        ..ConfigArgs::default()
    };
    let c = config::load(&explicit, tmp.path(), &NAMES)
        .map(|c| c.category)
        .map_err(|e| e.to_string());
    assert_eq!(c, Ok(Category::from_key("apparel")));
    let none = ConfigArgs {
        config: None,
        no_config: true,
        ..ConfigArgs::default()
    };
    let c = config::load(&none, tmp.path(), &NAMES).map_err(|e| e.to_string());
    assert_eq!(c, Ok(Config::default()));
}

#[test]
fn missing_explicit_config_is_an_error_naming_the_path() {
    let Ok(tmp) = tempfile::tempdir() else {
        panic!("tempdir")
    };
    let args = ConfigArgs {
        config: Some("nope.toml".into()),
        no_config: false,
        ..ConfigArgs::default()
    };
    let err = config::load(&args, tmp.path(), &NAMES)
        .err()
        .map(|e| e.message.clone());
    assert!(
        err.as_ref()
            .is_some_and(|m| m.starts_with("cannot read config file") && m.contains("nope.toml")),
        "{err:?}"
    );
}

// ------------------------------------------------------------- through the binary

/// `feedlint validate --config CONFIG` of a one-product feed in a temporary directory.
fn validate_with_config(dir: &Path, config: &Path) -> std::process::Output {
    let feed = dir.join("feed.csv");
    std::fs::write(&feed, "id,title,price\nA,Shoe,1.00 USD\n").unwrap();
    assert_cmd::Command::cargo_bin("feedlint")
        .unwrap()
        .env("FEEDLINT_API_KEY", "adb_test_0123456789abcdefXYZ")
        .env("NO_COLOR", "1")
        .env_remove("FEEDLINT_DB")
        .arg("--db")
        .arg(dir.join("db"))
        .arg("validate")
        .arg("--config")
        .arg(config)
        .arg(&feed)
        .output()
        .unwrap()
}

#[test]
fn an_error_in_a_long_config_line_is_shown_as_a_window() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("deep.toml");
    let depth = 100_000;
    std::fs::write(
        &config,
        format!("a = {}{}\n", "[".repeat(depth), "]".repeat(depth)),
    )
    .unwrap();
    let out = validate_with_config(dir.path(), &config);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.len() < 2_000, "{} bytes of stderr", stderr.len());
    assert!(stderr.contains("deep.toml:1:"), "{stderr}");
    let snippet = stderr
        .lines()
        .find(|l| l.trim_start().starts_with("1 │"))
        .unwrap_or_else(|| panic!("no snippet:\n{stderr}"));
    assert!(snippet.ends_with('…'), "{snippet}");
}

#[test]
fn a_config_that_is_a_directory_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let out = validate_with_config(dir.path(), dir.path());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("it is a directory"), "{stderr}");
    assert!(!stderr.contains("os error"), "{stderr}");
}

#[test]
fn a_snippet_of_a_long_line_is_a_window_around_the_error() {
    let text = format!(
        "[rules]\nselect = [{}\"nope\"]\n",
        "\"FL-C001\", ".repeat(2_000)
    );
    let Err(err) = parse(&text) else {
        panic!("accepted")
    };
    let shown = render(&err);
    assert!(shown.contains("feedlint.toml:2:"), "{shown}");
    assert!(shown.len() < 2_000, "{shown}");
    assert!(shown.contains(" 2 │ …"), "{shown}");
    assert!(shown.contains("\"FL-C001\", \"nope\"]"), "{shown}");
    assert!(shown.contains(" 1 │ [rules]"), "{shown}");
}
