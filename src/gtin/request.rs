//! The GTIN JSON request body `{"gtins": [...], "options": {...}}` (spec 4.3) and its errors
//! (spec 7, envelope B; spec 8, 100 GTINs per request).
//!
//! Responsible for turning bytes into a [`Request`] or the documented error. Not responsible for
//! keys, metering or billing.

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::io::{BufRead, Read};
use std::ops::Range;

use serde_json::value::RawValue;
use serde_json::{Map, Value};

use super::Options;
use crate::account::plan::GTIN_REQUEST_LIMIT;
use crate::error::snippet::{self, LineEnds, Position, SourceDiagnostic};
use crate::error::{Error, ErrorCode};
use crate::model::request::json_kind as kind;

/// Largest request body read, in bytes (100 GTINs need a few kilobytes): 413 beyond it.
pub const MAX_REQUEST_BYTES: u64 = 1024 * 1024;
/// Longest item accepted, in characters: 422 beyond it (no reading of a GTIN needs more).
pub const MAX_ITEM_CHARS: usize = 64;

/// Keys of `options` (spec 4.3).
pub const OPTION_KEYS: [&str; 4] = [
    "enablePatternDetection",
    "enableBusinessIntelligence",
    "includeRevenueImpact",
    "detailedAnalysis",
];

/// A parsed GTIN request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub gtins: Vec<String>,
    pub options: Options,
}

/// Reads and parses the request body of the file `name` (`<stdin>` for stdin). See
/// [`parse_request_slice`] for the errors; here they name the file, and those at a place in it
/// (`name:line:col: ...`) come with a labelled snippet, as a feed's errors do.
pub fn parse_request(reader: impl Read, name: &str) -> Result<Request, Error> {
    let mut bytes = Vec::new();
    reader
        .take(MAX_REQUEST_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::input(format!("cannot read the GTIN request body {name}: {e}")))?;
    parse_body(&Body {
        name: Some(name),
        bytes: &bytes,
    })
}

/// A request body and the name of the file it came from (none: a body without a file, whose
/// errors say where in words only).
struct Body<'a> {
    name: Option<&'a str>,
    bytes: &'a [u8],
}

/// Where in a body an error is.
enum At<'p> {
    /// Nowhere in particular (the body as a whole).
    Nowhere,
    /// At a position, `usize` bytes long (0: the character there).
    Position(Position, usize),
    /// At the value reached by these keys and indexes from the top level.
    Value(&'p [Step<'p>]),
}

/// One step of the path to a value.
#[derive(Clone, Copy)]
enum Step<'k> {
    Key(&'k str),
    Index(usize),
}

impl Body<'_> {
    /// `err` as the body's file says it: `name:line:col: message` with the snippet labelled
    /// `label` where the place is found, `name: message` otherwise; the code, help and details
    /// are kept. A body without a name gives `err` as it is.
    fn locate(&self, err: Error, at: &At<'_>, label: &str) -> Error {
        let Some(name) = self.name else {
            return err;
        };
        let position = match at {
            At::Nowhere => None,
            At::Position(p, len) => Some((*p, *len)),
            At::Value(path) => {
                value_span(self.bytes, path).map(|r| (Position::Offset(r.start), r.len()))
            }
        };
        let cut = position.and_then(|(p, len)| {
            snippet::cut(self.bytes, p, len, LineEnds::Lf)
                .ok()
                .flatten()
        });
        let message = match &cut {
            Some(c) => format!("{name}:{}:{}: {}", c.line, c.column, err.message),
            None => format!("{name}: {}", err.message),
        };
        let mut diag = SourceDiagnostic::from_cut(message, name, cut, label);
        if let Some(help) = &err.help {
            diag = diag.with_help(help.clone());
        }
        let mut located = Error::from_diagnostic(err.code, miette::Report::new(diag));
        located.details.clone_from(&err.details);
        located
    }

    /// 400 for a body serde_json refused: not JSON, or JSON that [`TopLevel`] refuses (a key
    /// given twice), which is valid JSON and not said to be otherwise. From a file, at the place
    /// serde_json names (a body cut short: after its last character).
    fn json_error(&self, e: &serde_json::Error) -> Error {
        use serde_json::error::Category;
        // serde_json's own " at line L column C" only where no file name says it.
        let what = match self.name {
            Some(_) => snippet::without_position(e),
            None => e.to_string(),
        };
        let (message, label) = match e.classify() {
            Category::Data => (format!("request body: {what}"), "here"),
            Category::Eof => (
                format!("request body is not valid JSON: {what}"),
                "the body ends here",
            ),
            _ => (format!("request body is not valid JSON: {what}"), "here"),
        };
        let at = if e.is_eof() {
            At::Position(Position::Offset(self.bytes.len()), 0)
        } else {
            At::Position(Position::LineByte(e.line(), e.column().max(1)), 0)
        };
        self.locate(bad_format(message), &at, label)
    }
}

/// The bytes of the value at `path` in `body`, a JSON text (none when it is not there).
fn value_span(body: &[u8], path: &[Step<'_>]) -> Option<Range<usize>> {
    let mut raw: &RawValue = serde_json::from_slice(body).ok()?;
    for step in path {
        raw = match step {
            Step::Key(key) => {
                let map: BTreeMap<Cow<'_, str>, &RawValue> =
                    serde_json::from_str(raw.get()).ok()?;
                map.get(*key).copied()?
            }
            Step::Index(i) => {
                let items: Vec<&RawValue> = serde_json::from_str(raw.get()).ok()?;
                items.get(*i).copied()?
            }
        };
    }
    // The raw value is a slice of `body`: where it starts is where it lies in memory.
    let text = raw.get();
    let start = (text.as_ptr() as usize).checked_sub(body.as_ptr() as usize)?;
    (start + text.len() <= body.len()).then_some(start..start + text.len())
}

/// A JSON value whose top-level object, if it is one, names no key twice: serde_json keeps the
/// last of two, so a first `gtins` list was lost without a word.
struct TopLevel(Value);

impl<'de> serde::Deserialize<'de> for TopLevel {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = TopLevel;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a JSON value")
            }

            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<TopLevel, A::Error> {
                let mut obj = Map::new();
                while let Some(key) = map.next_key::<String>()? {
                    if obj.contains_key(&key) {
                        return Err(serde::de::Error::custom(format_args!(
                            "`{key}` is given twice; only one can be read"
                        )));
                    }
                    let value: Value = map.next_value()?;
                    obj.insert(key, value);
                }
                Ok(TopLevel(Value::Object(obj)))
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<TopLevel, A::Error> {
                Value::deserialize(serde::de::value::SeqAccessDeserializer::new(seq)).map(TopLevel)
            }

            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<TopLevel, E> {
                Ok(TopLevel(Value::Bool(v)))
            }

            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<TopLevel, E> {
                Ok(TopLevel(Value::from(v)))
            }

            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<TopLevel, E> {
                Ok(TopLevel(Value::from(v)))
            }

            fn visit_f64<E: serde::de::Error>(self, v: f64) -> Result<TopLevel, E> {
                Ok(TopLevel(Value::from(v)))
            }

            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<TopLevel, E> {
                Ok(TopLevel(Value::from(v)))
            }

            fn visit_unit<E: serde::de::Error>(self) -> Result<TopLevel, E> {
                Ok(TopLevel(Value::Null))
            }
        }
        use serde::Deserialize as _;
        d.deserialize_any(Visit)
    }
}

/// Parses a request body. Errors (docs/gtin.md "Request body"):
/// - 400 `INVALID_GTIN_FORMAT`: not JSON, not an object, `gtins` missing or not an array of
///   strings, `options` not an object or an option not a boolean;
/// - 413 `PAYLOAD_TOO_LARGE`: more than 100 GTINs, or a body over 1 MiB;
/// - 422 `UNPROCESSABLE_ENTITY` with `details`: well-formed but failing the request rules: an
///   empty `gtins` array, items that are empty or only whitespace, items longer than 64
///   characters, or unknown keys at the top level or in `options`.
pub fn parse_request_slice(bytes: &[u8]) -> Result<Request, Error> {
    parse_body(&Body { name: None, bytes })
}

/// [`parse_request_slice`] of a body, naming its file in errors when it has one.
fn parse_body(body: &Body<'_>) -> Result<Request, Error> {
    let bytes = body.bytes;
    if bytes.len() as u64 > MAX_REQUEST_BYTES {
        let e = Error::new(
            ErrorCode::PayloadTooLarge,
            format!("request body is larger than {MAX_REQUEST_BYTES} bytes"),
        )
        .with_help(format!(
            "send at most {GTIN_REQUEST_LIMIT} GTINs per request"
        ));
        return Err(body.locate(e, &At::Nowhere, ""));
    }
    let value: TopLevel = serde_json::from_slice(bytes).map_err(|e| body.json_error(&e))?;
    let TopLevel(Value::Object(obj)) = value else {
        let e = bad_format("request body must be a JSON object with a `gtins` array");
        return Err(body.locate(e, &At::Value(&[]), "not an object"));
    };
    let gtins = match obj.get("gtins") {
        None => {
            let e = bad_format("missing required field `gtins` (array of strings)");
            return Err(body.locate(e, &At::Value(&[]), "no `gtins` in this object"));
        }
        Some(Value::Array(items)) => items,
        Some(other) => {
            let e = bad_format(format!(
                "`gtins` must be an array of strings, found {}",
                kind(other)
            ));
            let label = format!("{}, not an array", kind(other));
            return Err(body.locate(e, &At::Value(&[Step::Key("gtins")]), &label));
        }
    };
    if let Some((i, item)) = gtins.iter().enumerate().find(|(_, v)| !v.is_string()) {
        let e = bad_format(format!(
            "`gtins[{i}]` must be a string, found {}",
            kind(item)
        ))
        .with_help("quote every GTIN: numbers lose leading zeros");
        let at = [Step::Key("gtins"), Step::Index(i)];
        let label = format!("{}, not a string", kind(item));
        return Err(body.locate(e, &At::Value(&at), &label));
    }
    if gtins.len() > GTIN_REQUEST_LIMIT {
        let e = Error::new(
            ErrorCode::PayloadTooLarge,
            format!(
                "{} GTINs in one request; the limit is {GTIN_REQUEST_LIMIT}",
                gtins.len()
            ),
        )
        .with_help("split the request, or pass the codes with --file (no request limit)");
        return Err(body.locate(e, &At::Nowhere, ""));
    }
    let options = parse_options(obj.get("options"))
        .map_err(|(e, at, label)| body.locate(e, &At::Value(&at), &label))?;
    let strings: Vec<String> = gtins
        .iter()
        .map(|v| v.as_str().unwrap_or_default().to_owned())
        .collect();
    let rules = rule_failures(&obj, &strings);
    if !rules.is_empty() {
        let summary = rules.keys().cloned().collect::<Vec<_>>().join(", ");
        let e = Error::new(
            ErrorCode::UnprocessableEntity,
            format!("GTIN request failed validation rules: {summary}"),
        )
        .with_details(Value::Object(rules))
        .with_help(format!(
            "send 1-{GTIN_REQUEST_LIMIT} non-empty GTIN strings and only the options {}",
            OPTION_KEYS.join(", ")
        ));
        return Err(body.locate(e, &At::Nowhere, ""));
    }
    Ok(Request {
        gtins: strings,
        options,
    })
}

/// The request rules a well-formed body fails (422 `details`): an empty `gtins`, empty or too
/// long items (`strings`), unknown keys at the top level or in `options`.
fn rule_failures(obj: &Map<String, Value>, strings: &[String]) -> Map<String, Value> {
    let mut rules: Map<String, Value> = Map::new();
    if strings.is_empty() {
        rules.insert("gtins".into(), "must contain at least one GTIN".into());
    }
    let empty: Vec<usize> = indexes(strings, |s| s.trim().is_empty());
    if !empty.is_empty() {
        rules.insert("emptyItems".into(), empty.into());
    }
    let long: Vec<usize> = indexes(strings, |s| s.chars().count() > MAX_ITEM_CHARS);
    if !long.is_empty() {
        rules.insert("tooLongItems".into(), long.into());
    }
    let unknown_top: Vec<&str> = obj
        .keys()
        .map(String::as_str)
        .filter(|k| !matches!(*k, "gtins" | "options"))
        .collect();
    if !unknown_top.is_empty() {
        rules.insert("unknownFields".into(), unknown_top.into());
    }
    if let Some(Value::Object(o)) = obj.get("options") {
        let unknown: Vec<&str> = o
            .keys()
            .map(String::as_str)
            .filter(|k| !OPTION_KEYS.contains(k))
            .collect();
        if !unknown.is_empty() {
            rules.insert("unknownOptions".into(), unknown.into());
        }
    }
    rules
}

/// GTIN values from a list with one value per line (`--file F`, stdin): the line ending (`\n` or
/// `\r\n`) and a leading UTF-8 byte-order mark are removed, lines holding only whitespace are
/// skipped, and bytes that are not UTF-8 become U+FFFD (so the value is reported as having an
/// invalid character instead of stopping the run). Yields `(line number, value)`; streams.
pub fn values_from_lines<R: BufRead>(reader: R) -> LineValues<R> {
    LineValues {
        reader,
        line: 0,
        buf: Vec::new(),
    }
}

/// Iterator of [`values_from_lines`].
pub struct LineValues<R> {
    reader: R,
    line: u64,
    buf: Vec<u8>,
}

impl<R: BufRead> Iterator for LineValues<R> {
    type Item = std::io::Result<(u64, String)>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            self.buf.clear();
            match self.reader.read_until(b'\n', &mut self.buf) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => return Some(Err(e)),
            }
            self.line += 1;
            let mut bytes = self.buf.as_slice();
            if self.line == 1 {
                bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
            }
            bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
            bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
            let value = String::from_utf8_lossy(bytes);
            if value.trim().is_empty() {
                continue;
            }
            return Some(Ok((self.line, value.into_owned())));
        }
    }
}

/// A refused `options`: the error, the path to the value and the label of its snippet.
type OptionsError = (Error, Vec<Step<'static>>, String);

fn parse_options(v: Option<&Value>) -> Result<Options, OptionsError> {
    let mut options = Options::default();
    let obj = match v {
        None | Some(Value::Null) => return Ok(options),
        Some(Value::Object(o)) => o,
        Some(other) => {
            return Err((
                bad_format(format!(
                    "`options` must be an object, found {}",
                    kind(other)
                )),
                vec![Step::Key("options")],
                format!("{}, not an object", kind(other)),
            ));
        }
    };
    for (key, slot) in [
        ("enablePatternDetection", &mut options.pattern_detection),
        (
            "enableBusinessIntelligence",
            &mut options.business_intelligence,
        ),
        ("includeRevenueImpact", &mut options.revenue_impact),
        ("detailedAnalysis", &mut options.detailed),
    ] {
        match obj.get(key) {
            None | Some(Value::Null) => {}
            Some(Value::Bool(b)) => *slot = *b,
            Some(other) => {
                return Err((
                    bad_format(format!(
                        "`options.{key}` must be a boolean, found {}",
                        kind(other)
                    )),
                    vec![Step::Key("options"), Step::Key(key)],
                    format!("{}, not a boolean", kind(other)),
                ));
            }
        }
    }
    Ok(options)
}

fn indexes(items: &[String], pred: impl Fn(&str) -> bool) -> Vec<usize> {
    items
        .iter()
        .enumerate()
        .filter(|(_, s)| pred(s))
        .map(|(i, _)| i)
        .collect()
}

fn bad_format(message: impl Into<String>) -> Error {
    Error::new(ErrorCode::InvalidGtinFormat, message)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(body: &str) -> Error {
        match parse_request_slice(body.as_bytes()) {
            Ok(r) => panic!("expected an error, got {r:?}"),
            Err(e) => e,
        }
    }

    #[test]
    fn parses_gtins_and_options() {
        let r = parse_request_slice(
            br#"{"gtins": ["4006381333931", " 036000291452 "], "options": {"includeRevenueImpact": true, "enablePatternDetection": false}}"#,
        )
        .expect("valid");
        assert_eq!(r.gtins, vec!["4006381333931", " 036000291452 "]);
        assert!(r.options.revenue_impact && !r.options.pattern_detection);
        assert!(!r.options.detailed && !r.options.business_intelligence);
    }

    #[test]
    fn a_key_given_twice_is_400_invalid_gtin_format() {
        for (body, key) in [
            (
                r#"{"gtins": ["4006381333931"], "gtins": ["12345"]}"#,
                "gtins",
            ),
            (
                r#"{"options": {}, "gtins": ["96385074"], "options": {}}"#,
                "options",
            ),
        ] {
            let e = err(body);
            assert_eq!(e.code, ErrorCode::InvalidGtinFormat, "{body}");
            assert!(
                e.message.contains(&format!("`{key}` is given twice")),
                "{}",
                e.message
            );
            assert!(!e.message.contains("not valid JSON"), "{}", e.message);
        }
        // Not an object: as before.
        assert!(err("[1]").message.contains("must be a JSON object"));
        assert!(err("nul").message.contains("not valid JSON"));
    }

    #[test]
    fn options_default_when_absent() {
        let r = parse_request(&br#"{"gtins": ["96385074"]}"#[..], "body.json").expect("valid");
        assert_eq!(r.options, Options::default());
    }

    #[test]
    fn missing_or_mistyped_gtins_is_400_invalid_gtin_format() {
        for body in [
            "{}",
            r#"{"gtins": "4006381333931"}"#,
            r#"{"gtins": [4006381333931]}"#,
            r#"{"gtins": [null]}"#,
            "[]",
            "not json",
            r#"{"gtins": ["1"], "options": []}"#,
            r#"{"gtins": ["1"], "options": {"detailedAnalysis": "yes"}}"#,
        ] {
            let e = err(body);
            assert_eq!(e.code, ErrorCode::InvalidGtinFormat, "{body}");
            assert_eq!(e.code.http_status(), 400);
            assert_eq!(e.envelope_b()["code"], "INVALID_GTIN_FORMAT");
        }
    }

    #[test]
    fn more_than_100_gtins_is_413() {
        let items: Vec<String> = (0..=GTIN_REQUEST_LIMIT)
            .map(|_| "\"96385074\"".to_owned())
            .collect();
        let e = err(&format!(r#"{{"gtins": [{}]}}"#, items.join(",")));
        assert_eq!(e.code, ErrorCode::PayloadTooLarge);
        let ok: Vec<String> = (0..GTIN_REQUEST_LIMIT)
            .map(|_| "\"96385074\"".to_owned())
            .collect();
        assert!(
            parse_request_slice(format!(r#"{{"gtins": [{}]}}"#, ok.join(",")).as_bytes()).is_ok()
        );
    }

    #[test]
    fn rule_failures_are_422_with_details() {
        let e = err(r#"{"gtins": []}"#);
        assert_eq!(e.code, ErrorCode::UnprocessableEntity);
        assert!(e.envelope_b()["details"]["gtins"].is_string());

        let e =
            err(r#"{"gtins": ["96385074", "", "  "], "options": {"detailed": true}, "extra": 1}"#);
        assert_eq!(e.code.http_status(), 422);
        let b = e.envelope_b();
        assert_eq!(b["details"]["emptyItems"], serde_json::json!([1, 2]));
        assert_eq!(
            b["details"]["unknownOptions"],
            serde_json::json!(["detailed"])
        );
        assert_eq!(b["details"]["unknownFields"], serde_json::json!(["extra"]));

        let long = "9".repeat(MAX_ITEM_CHARS + 1);
        let e = err(&format!(r#"{{"gtins": ["{long}"]}}"#));
        assert_eq!(
            e.envelope_b()["details"]["tooLongItems"],
            serde_json::json!([0])
        );
    }

    #[test]
    fn line_lists_skip_blank_lines_and_keep_line_numbers() {
        let input = b"\xEF\xBB\xBF4006381333931\r\n\n  \n 036000291452 \n\xFF12\nlast";
        let got: Vec<(u64, String)> = values_from_lines(&input[..])
            .collect::<std::io::Result<_>>()
            .expect("in memory");
        assert_eq!(
            got,
            vec![
                (1, "4006381333931".to_owned()),
                (4, " 036000291452 ".to_owned()),
                (5, "\u{FFFD}12".to_owned()),
                (6, "last".to_owned()),
            ]
        );
    }

    #[test]
    fn a_named_body_names_its_file_and_the_place() {
        let e = parse_request(&br#"{"gtins": ["1", 2]}"#[..], "b.json").unwrap_err();
        assert_eq!(e.code, ErrorCode::InvalidGtinFormat);
        assert_eq!(
            e.message,
            "b.json:1:17: `gtins[1]` must be a string, found a number"
        );
        assert_eq!(
            value_span(
                br#" {"a": [1, {"b": true}]}"#,
                &[Step::Key("a"), Step::Index(1), Step::Key("b")]
            ),
            Some(17..21)
        );
        assert_eq!(value_span(b"{}", &[Step::Key("a")]), None);
        // Without a name, as before (the API and the fuzz target).
        assert_eq!(
            err(r#"{"gtins": ["1", 2]}"#).message,
            "`gtins[1]` must be a string, found a number"
        );
    }

    #[test]
    fn oversized_body_is_413() {
        let big = vec![b' '; usize::try_from(MAX_REQUEST_BYTES).unwrap_or(0) + 10];
        let e = parse_request(big.as_slice(), "big.json")
            .err()
            .map(|e| e.code);
        assert_eq!(e, Some(ErrorCode::PayloadTooLarge));
    }
}
