//! `--format gitlab`: GitLab Code Quality JSON (the `codequality` artifact report).
//!
//! Responsible for: a JSON array, streamed one issue at a time, of
//! `{description, check_name, fingerprint, severity, location{path, lines{begin}}}` (GitLab's
//! subset of the Code Climate issue format). Not responsible for computing findings.
//!
//! Severities: critical → `critical`, high → `major`, medium → `minor`, low → `info`
//! (`blocker` is left for nothing feedlint reports: GitLab's scale has five steps, ours four).
//! Fingerprints use [`super::ci::fingerprint`]: stable across runs and machines, so GitLab's
//! merge-request widget shows only issues that are really new.

use std::io::Write;

use serde::Serialize;

use super::ci::{
    CiEmitter, CiOptions, ProductFindings, ReportPaths, fingerprint, fingerprint_id, occurrences,
    report_line,
};
use crate::error::{Error, Result};
use crate::model::Severity;

/// GitLab Code Quality severity of a feedlint severity.
#[must_use]
pub fn severity(severity: Severity) -> &'static str {
    match severity {
        Severity::Critical => "critical",
        Severity::High => "major",
        Severity::Medium => "minor",
        Severity::Low => "info",
    }
}

#[derive(Serialize)]
struct Issue<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    description: String,
    check_name: &'a str,
    fingerprint: String,
    severity: &'static str,
    categories: [&'static str; 1],
    location: Location<'a>,
}

#[derive(Serialize)]
struct Location<'a> {
    path: &'a str,
    lines: Lines,
}

#[derive(Serialize)]
struct Lines {
    begin: u64,
}

/// Streams issues; holds nothing but a counter.
pub struct GitlabEmitter<'w> {
    out: &'w mut dyn Write,
    paths: ReportPaths,
    written: u64,
}

impl<'w> GitlabEmitter<'w> {
    pub fn begin(out: &'w mut dyn Write, options: &CiOptions) -> Result<Self> {
        out.write_all(b"[")?;
        Ok(Self {
            out,
            paths: ReportPaths::new(options.base_dir.clone()),
            written: 0,
        })
    }
}

impl CiEmitter for GitlabEmitter<'_> {
    fn product(&mut self, product: &ProductFindings<'_>) -> Result<()> {
        if product.findings.is_empty() {
            return Ok(());
        }
        let path = self.paths.get(&product.location.file);
        let path = path.path();
        let occ = occurrences(product.findings);
        let id = fingerprint_id(product);
        for (f, n) in product.findings.iter().zip(occ) {
            let issue = Issue {
                kind: "issue",
                description: format!(
                    "{} {}: {} (product {}, field {})",
                    f.code, f.name, f.message, product.product_id, f.field
                ),
                check_name: f.code,
                fingerprint: fingerprint(f.code, path, &id, f.field, n),
                severity: severity(f.severity),
                categories: ["Compatibility"],
                location: Location {
                    path,
                    lines: Lines {
                        begin: report_line(f, product.location),
                    },
                },
            };
            self.out
                .write_all(if self.written == 0 { b"\n" } else { b",\n" })?;
            serde_json::to_writer(&mut *self.out, &issue).map_err(|e| {
                if e.is_io() {
                    Error::from(std::io::Error::from(e))
                } else {
                    Error::internal(format!("could not write the GitLab report: {e}"))
                }
            })?;
            self.written += 1;
        }
        Ok(())
    }

    fn finish(self: Box<Self>) -> Result<()> {
        self.out.write_all(b"\n]\n")?;
        self.out.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn severities_map_to_code_quality_levels() {
        assert_eq!(severity(Severity::Critical), "critical");
        assert_eq!(severity(Severity::High), "major");
        assert_eq!(severity(Severity::Medium), "minor");
        assert_eq!(severity(Severity::Low), "info");
    }
}
