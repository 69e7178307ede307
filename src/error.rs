//! Errors that stop a run, and the exit codes they map to.
//!
//! Findings about products are data and never travel through this type. An `Error` is what stops
//! a run: bad arguments, an unreadable feed, a refused key, a storage failure. Each carries the
//! spec's error code (section 7) so `--format json` can write the documented envelope.

use std::process::ExitCode;

use serde::Serialize;

pub mod snippet;

/// The spec's error codes (section 7), plus the few feedlint needs where the spec shows none.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorCode {
    /// 400: the request or input failed validation (bad arguments, missing `products`).
    ValidationError,
    /// 400 (GTIN endpoint): invalid GTIN request format or missing fields.
    InvalidGtinFormat,
    /// 401: missing or malformed API key.
    Unauthorized,
    /// 401 (brand voice): a production key is required.
    AuthRequired,
    /// 404: an unknown resource (category key, profile name).
    NotFound,
    /// 413: more items than the request limit allows.
    PayloadTooLarge,
    /// 422: the request is well-formed but fails validation rules.
    UnprocessableEntity,
    /// 429: the monthly limit would be exceeded.
    RateLimitExceeded,
    /// The feed could not be read at all.
    InputError,
    /// The local database could not be used.
    StorageError,
    /// Anything else.
    InternalError,
}

impl ErrorCode {
    /// Every code, in the order docs/ci.md lists them.
    pub const ALL: [Self; 11] = [
        Self::ValidationError,
        Self::InvalidGtinFormat,
        Self::Unauthorized,
        Self::AuthRequired,
        Self::NotFound,
        Self::PayloadTooLarge,
        Self::UnprocessableEntity,
        Self::RateLimitExceeded,
        Self::InputError,
        Self::StorageError,
        Self::InternalError,
    ];

    /// The HTTP status the spec gives this code.
    #[must_use]
    pub fn http_status(self) -> u16 {
        match self {
            Self::ValidationError | Self::InvalidGtinFormat | Self::InputError => 400,
            Self::Unauthorized | Self::AuthRequired => 401,
            Self::NotFound => 404,
            Self::PayloadTooLarge => 413,
            Self::UnprocessableEntity => 422,
            Self::RateLimitExceeded => 429,
            Self::StorageError | Self::InternalError => 500,
        }
    }

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::ValidationError => "VALIDATION_ERROR",
            Self::InvalidGtinFormat => "INVALID_GTIN_FORMAT",
            Self::Unauthorized => "UNAUTHORIZED",
            Self::AuthRequired => "AUTH_REQUIRED",
            Self::NotFound => "NOT_FOUND",
            Self::PayloadTooLarge => "PAYLOAD_TOO_LARGE",
            Self::UnprocessableEntity => "UNPROCESSABLE_ENTITY",
            Self::RateLimitExceeded => "RATE_LIMIT_EXCEEDED",
            Self::InputError => "INPUT_ERROR",
            Self::StorageError => "STORAGE_ERROR",
            Self::InternalError => "INTERNAL_ERROR",
        }
    }
}

/// How a run ended, mapped to the process exit code in exactly one place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Exit 0: the run finished and no gate failed.
    Clean,
    /// Exit 1: a gate failed (findings at or above `--fail-on`, compliance under `--fail-under`...).
    GateFailed,
    /// Exit 2: usage, input or internal error.
    Error,
}

impl Outcome {
    #[must_use]
    pub fn code(self) -> u8 {
        match self {
            Self::Clean => 0,
            Self::GateFailed => 1,
            Self::Error => 2,
        }
    }
}

impl From<Outcome> for ExitCode {
    fn from(outcome: Outcome) -> Self {
        ExitCode::from(outcome.code())
    }
}

/// An error that stops a run. Rendered by miette for people and as the spec's envelope in JSON.
/// Boxed so `Result<T, Error>` stays one pointer wide on the happy path.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error(transparent)]
#[diagnostic(transparent)]
pub struct Error(Box<ErrorInner>);

/// The fields of an [`Error`].
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
pub struct ErrorInner {
    pub code: ErrorCode,
    pub message: String,
    #[help]
    pub help: Option<String>,
    /// Extra structured detail for the JSON envelope (`details`).
    pub details: Option<serde_json::Value>,
    /// Seconds until a retry may succeed (429).
    pub retry_after: Option<u64>,
    /// A source diagnostic (for example a feed syntax error with a labelled snippet).
    #[related]
    pub related: Vec<miette::Report>,
    /// The reader of stdout went away (`feedlint ... | head`): the run ends quietly with 0.
    pub broken_pipe: bool,
    /// For people, show only the related diagnostics: the first says the same as `message`
    /// (which names file, line and column for the JSON envelope) with the snippet under it.
    pub show_related_only: bool,
}

/// `text` as an error may show it: messages quote a feed's text (a header name, a value), which
/// must reach the terminal without its control characters ([`crate::model::text::printable`]).
fn shown(text: String) -> String {
    match crate::model::text::printable(&text) {
        std::borrow::Cow::Borrowed(_) => text,
        std::borrow::Cow::Owned(escaped) => escaped,
    }
}

impl Error {
    #[must_use]
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        Self(Box::new(ErrorInner {
            code,
            message: shown(message.into()),
            help: None,
            details: None,
            retry_after: None,
            related: Vec::new(),
            broken_pipe: false,
            show_related_only: false,
        }))
    }

    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(shown(help.into()));
        self
    }

    #[must_use]
    pub fn with_details(mut self, details: serde_json::Value) -> Self {
        self.details = Some(details);
        self
    }

    #[must_use]
    pub fn with_retry_after(mut self, seconds: u64) -> Self {
        self.retry_after = Some(seconds);
        self
    }

    /// Wraps a diagnostic (with its own source snippet and labels) under a spec error code. Its
    /// text is the error's message (for JSON); people are shown the diagnostic alone, and any
    /// added to `related` after it, instead of the message and then the diagnostic saying it
    /// again.
    #[must_use]
    pub fn from_diagnostic(code: ErrorCode, diagnostic: miette::Report) -> Self {
        let message = diagnostic.to_string();
        let mut e = Self::new(code, message);
        e.related.push(diagnostic);
        e.show_related_only = true;
        e
    }

    #[must_use]
    pub fn input(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::InputError, message)
    }

    #[must_use]
    pub fn usage(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::ValidationError, message)
    }

    #[must_use]
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(ErrorCode::InternalError, message)
    }

    /// Envelope A (spec 7): `{ success: false, error: { code, message, details?, retryAfter? } }`.
    #[must_use]
    pub fn envelope_a(&self) -> serde_json::Value {
        let mut error = serde_json::Map::new();
        error.insert("code".into(), self.code.as_str().into());
        error.insert("message".into(), self.message.clone().into());
        if let Some(details) = &self.details {
            error.insert("details".into(), details.clone());
        }
        if let Some(retry) = self.retry_after {
            error.insert("retryAfter".into(), retry.into());
        }
        serde_json::json!({ "success": false, "error": error })
    }

    /// Envelope B (spec 7, GTIN): `{ error: <message>, code, details? (422), retry_after? (429) }`.
    #[must_use]
    pub fn envelope_b(&self) -> serde_json::Value {
        let mut obj = serde_json::Map::new();
        obj.insert("error".into(), self.message.clone().into());
        obj.insert("code".into(), self.code.as_str().into());
        if let Some(details) = &self.details {
            obj.insert("details".into(), details.clone());
        }
        if let Some(retry) = self.retry_after {
            obj.insert("retry_after".into(), retry.into());
        }
        serde_json::Value::Object(obj)
    }
}

impl std::ops::Deref for Error {
    type Target = ErrorInner;
    fn deref(&self) -> &ErrorInner {
        &self.0
    }
}

impl std::ops::DerefMut for Error {
    fn deref_mut(&mut self) -> &mut ErrorInner {
        &mut self.0
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Self {
        let mut err = Self::new(ErrorCode::InternalError, format!("I/O error: {e}"));
        err.broken_pipe = caused_by_broken_pipe(&e);
        err
    }
}

/// Whether `e`, or an error it wraps, is an I/O error of kind `BrokenPipe`: the reader of stdout
/// went away, which ends a run quietly (a JUnit or CSV writer's error wraps the I/O error).
#[must_use]
pub fn caused_by_broken_pipe(e: &(dyn std::error::Error + 'static)) -> bool {
    let mut next = Some(e);
    while let Some(e) = next {
        // quick-xml (under the JUnit writer) keeps its I/O error in an `Arc`.
        let io = e.downcast_ref::<std::io::Error>().or_else(|| {
            e.downcast_ref::<std::sync::Arc<std::io::Error>>()
                .map(AsRef::as_ref)
        });
        if let Some(io) = io {
            if io.kind() == std::io::ErrorKind::BrokenPipe {
                return true;
            }
            // An `io::Error` made from another error shows it as its inner error.
            if let Some(inner) = io.get_ref() {
                if caused_by_broken_pipe(inner) {
                    return true;
                }
            }
        }
        next = e.source();
    }
    false
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/ci.md lists every code with its status, in [`ErrorCode::ALL`]'s order, and no other.
    #[test]
    fn docs_list_every_error_code_with_its_status() {
        let docs = include_str!("../docs/ci.md");
        let listed: Vec<&str> = docs
            .lines()
            .filter(|l| l.starts_with("| `") && l.contains("` | "))
            .filter(|l| l[3..].starts_with(|c: char| c.is_ascii_uppercase()))
            .collect();
        let expected: Vec<String> = ErrorCode::ALL
            .iter()
            .map(|c| format!("| `{}` | {} | ", c.as_str(), c.http_status()))
            .collect();
        assert_eq!(listed.len(), expected.len(), "{listed:#?}");
        for (line, want) in listed.iter().zip(&expected) {
            assert!(line.starts_with(want.as_str()), "{line} / {want}");
        }
        // `ALL` holds every variant: a new one must be added there (and to the docs).
        for code in ErrorCode::ALL {
            match code {
                ErrorCode::ValidationError
                | ErrorCode::InvalidGtinFormat
                | ErrorCode::Unauthorized
                | ErrorCode::AuthRequired
                | ErrorCode::NotFound
                | ErrorCode::PayloadTooLarge
                | ErrorCode::UnprocessableEntity
                | ErrorCode::RateLimitExceeded
                | ErrorCode::InputError
                | ErrorCode::StorageError
                | ErrorCode::InternalError => {}
            }
        }
    }

    #[test]
    fn outcomes_map_to_documented_exit_codes() {
        assert_eq!(Outcome::Clean.code(), 0);
        assert_eq!(Outcome::GateFailed.code(), 1);
        assert_eq!(Outcome::Error.code(), 2);
    }

    #[test]
    fn envelope_a_carries_code_and_retry_after() {
        let e = Error::new(ErrorCode::RateLimitExceeded, "limit").with_retry_after(60);
        let v = e.envelope_a();
        assert_eq!(v["success"], false);
        assert_eq!(v["error"]["code"], "RATE_LIMIT_EXCEEDED");
        assert_eq!(v["error"]["retryAfter"], 60);
    }

    #[test]
    fn envelope_b_is_flat_with_snake_case_retry() {
        let e =
            Error::new(ErrorCode::InvalidGtinFormat, "gtins must be an array").with_retry_after(5);
        let v = e.envelope_b();
        assert_eq!(v["error"], "gtins must be an array");
        assert_eq!(v["code"], "INVALID_GTIN_FORMAT");
        assert_eq!(v["retry_after"], 5);
    }
}
