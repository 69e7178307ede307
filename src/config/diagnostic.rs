//! A labelled source snippet for errors in files feedlint reads besides feeds (`feedlint.toml`,
//! baseline reports). Responsible only for carrying the text, span and label to miette.

use std::ops::Range;

use miette::{NamedSource, SourceSpan};

/// An error at one place in a named source text.
#[derive(Debug, thiserror::Error, miette::Diagnostic)]
#[error("{message}")]
pub struct SourceDiagnostic {
    message: String,
    #[source_code]
    source_code: NamedSource<String>,
    #[label("{label}")]
    span: SourceSpan,
    label: String,
    #[help]
    help: Option<String>,
}

impl SourceDiagnostic {
    #[must_use]
    pub fn new(
        message: impl Into<String>,
        name: impl AsRef<str>,
        text: String,
        span: Range<usize>,
        label: impl Into<String>,
    ) -> Self {
        Self {
            message: message.into(),
            source_code: NamedSource::new(name, text),
            span: span.into(),
            label: label.into(),
            help: None,
        }
    }

    #[must_use]
    pub fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

/// 1-based line and column (in characters) of a byte offset.
#[must_use]
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_column_is_one_based() {
        assert_eq!(line_column("ab\ncd", 0), (1, 1));
        assert_eq!(line_column("ab\ncd", 4), (2, 2));
        assert_eq!(line_column("ab", 99), (1, 3));
    }
}
