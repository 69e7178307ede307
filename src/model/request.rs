//! The options of a JSON request body (spec 4.1 `options`, 4.2 `enableMarketIntelligence`, 4.4
//! `options`), read with the JSON type the spec gives each.
//!
//! Responsible for refusing an option of the wrong type: a request body that fails validation
//! (spec 7: 400 `VALIDATION_ERROR`) names the file, the option and the type found, as
//! `gtin --request` does for its options. Not responsible for what an option turns on.

use serde_json::{Map, Value};

use crate::error::{Error, ErrorCode};

/// The kind of a JSON value, for a message: "a string", "a number", "null"...
#[must_use]
pub fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// The request body `label` fails validation: its field `field` is `found` where `expected`
/// belongs.
#[must_use]
pub fn wrong_type(label: &str, field: &str, expected: &str, found: &Value) -> Error {
    let shown = match found {
        Value::String(s) => {
            let cut = s
                .char_indices()
                .nth(40)
                .map_or(s.as_str(), |(i, _)| &s[..i]);
            let more = if cut.len() < s.len() { "…" } else { "" };
            format!(" \"{}{more}\"", crate::model::text::printable(cut))
        }
        Value::Number(n) => format!(" {n}"),
        _ => String::new(),
    };
    Error::new(
        ErrorCode::ValidationError,
        format!(
            "{label}: request body field `{field}` must be {expected}, found {}{shown}",
            json_kind(found)
        ),
    )
}

/// The body's `options` object (`None` when absent or null); anything but an object is refused.
pub fn options<'a>(
    label: &str,
    fields: Option<&'a Map<String, Value>>,
) -> Result<Option<&'a Map<String, Value>>, Error> {
    match fields.and_then(|f| f.get("options")) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(o)) => Ok(Some(o)),
        Some(other) => Err(wrong_type(label, "options", "an object", other)),
    }
}

/// The boolean `name` of `map` (`None` when absent or null); `prefix` is how the field is named
/// in a message (`"options."` for an option, `""` for a top-level field). A string `"false"`, a
/// number `0` or anything else but `true` and `false` is refused: it is no boolean (spec 4.1,
/// 4.2), and reading it as one would guess.
pub fn boolean(
    label: &str,
    map: Option<&Map<String, Value>>,
    prefix: &str,
    name: &str,
) -> Result<Option<bool>, Error> {
    match map.and_then(|m| m.get(name)) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Bool(b)) => Ok(Some(*b)),
        Some(other) => Err(wrong_type(
            label,
            &format!("{prefix}{name}"),
            "a boolean (true or false)",
            other,
        )
        .with_help(format!(
            "write `\"{name}\": true` or `\"{name}\": false`: a JSON boolean, not a string or \
             a number"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn map(v: &Value) -> Map<String, Value> {
        v.as_object().cloned().unwrap_or_default()
    }

    #[test]
    fn booleans_are_read_and_anything_else_refused() {
        let fields = map(&json!({"a": true, "b": false, "c": null}));
        assert_eq!(boolean("f", Some(&fields), "", "a").unwrap(), Some(true));
        assert_eq!(boolean("f", Some(&fields), "", "b").unwrap(), Some(false));
        assert_eq!(boolean("f", Some(&fields), "", "c").unwrap(), None);
        assert_eq!(boolean("f", Some(&fields), "", "d").unwrap(), None);
        assert_eq!(boolean("f", None, "", "a").unwrap(), None);
        for (v, found) in [
            (json!("false"), "found a string \"false\""),
            (json!(0), "found a number 0"),
            (json!([true]), "found an array"),
            (json!({}), "found an object"),
        ] {
            let fields = map(&json!({ "enableMarketIntelligence": v }));
            let err = boolean(
                "body.json",
                Some(&fields),
                "options.",
                "enableMarketIntelligence",
            )
            .expect_err("refused");
            assert_eq!(err.code, ErrorCode::ValidationError);
            assert_eq!(
                err.message,
                format!(
                    "body.json: request body field `options.enableMarketIntelligence` must be a \
                     boolean (true or false), {found}"
                )
            );
        }
    }

    #[test]
    fn options_must_be_an_object() {
        assert!(options("f", None).unwrap().is_none());
        let fields = map(&json!({"options": null}));
        assert!(options("f", Some(&fields)).unwrap().is_none());
        let fields = map(&json!({"options": {"x": 1}}));
        assert!(options("f", Some(&fields)).unwrap().is_some());
        let fields = map(&json!({"options": "all"}));
        let err = options("f.json", Some(&fields)).expect_err("refused");
        assert_eq!(
            err.message,
            "f.json: request body field `options` must be an object, found a string \"all\""
        );
    }
}
