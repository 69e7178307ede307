//! `--format sarif`: SARIF 2.1.0 as GitHub code scanning accepts it.
//!
//! Responsible for: `runs[0].tool.driver` with every rule of the registry (id, name,
//! descriptions, help, default level, tags), one result per finding (ruleId, ruleIndex, level,
//! message, physical location with the feed's uri (relative to the working directory when the
//! feed is under it, a `file://` URI when it is elsewhere, percent-encoded: [`super::ci::ReportPath`])
//! and start line, partial fingerprints), standard input as an artifact without a uri (see
//! `STDIN_ARTIFACT`), and GitHub's limit of 25,000 results per run. Not responsible for computing
//! findings. Plain serde structs of the subset we write: the `serde-sarif` crate models the
//! whole schema with generated builders, far more than this emitter needs.
//!
//! Capping: when a feed has more findings than the limit, the most severe ones are kept (ties:
//! earliest in the feed), the run's `properties` say how many were left out, and
//! `invocations[0].toolExecutionNotifications` carries a warning GitHub shows with the upload.
//! Memory is bounded by the limit: results are held (at most `MAX_RESULTS`) until `finish` and
//! written in feed order; the rest of the document is written as it goes.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::io::Write;

use serde::Serialize;

use super::ci::{
    CiEmitter, CiOptions, ProductFindings, ReportPaths, RuleInfo, fingerprint, fingerprint_id,
    occurrences, report_line,
};
use crate::error::{Error, Result};
use crate::model::Severity;

/// GitHub code scanning accepts at most 25,000 results per run (GitHub docs, "SARIF support for
/// code scanning", upload limits).
pub const MAX_RESULTS: usize = 25_000;
/// `$schema` of the document.
pub const SCHEMA_URI: &str = "https://json.schemastore.org/sarif-2.1.0.json";
/// Where the tool is documented (`tool.driver.informationUri`): the crate's `repository` from
/// Cargo.toml, omitted while that is unset (SARIF makes the property optional).
#[must_use]
pub fn information_uri() -> Option<&'static str> {
    Some(env!("CARGO_PKG_REPOSITORY")).filter(|s| !s.is_empty())
}
/// Key of our entry in `partialFingerprints`.
pub const FINGERPRINT_KEY: &str = "feedlint/v1";

/// SARIF level of a severity: critical and high are errors, medium warnings, low notes.
#[must_use]
pub fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Critical | Severity::High => "error",
        Severity::Medium => "warning",
        Severity::Low => "note",
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Text<'a> {
    text: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Help<'a> {
    text: &'a str,
    markdown: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RuleDescriptor<'a> {
    id: &'a str,
    name: &'a str,
    short_description: Text<'a>,
    full_description: Text<'a>,
    help: Help<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    help_uri: Option<&'a str>,
    default_configuration: DefaultConfiguration,
    properties: RuleProperties<'a>,
}

#[derive(Serialize)]
struct DefaultConfiguration {
    level: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RuleProperties<'a> {
    tags: [&'a str; 2],
    #[serde(rename = "feedlint/severity")]
    severity: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Driver<'a> {
    name: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    information_uri: Option<&'static str>,
    version: &'static str,
    semantic_version: &'static str,
    rules: Vec<RuleDescriptor<'a>>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SarifResult<'a> {
    rule_id: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule_index: Option<usize>,
    level: &'static str,
    message: Text<'a>,
    locations: [Location<'a>; 1],
    partial_fingerprints: BTreeMap<&'static str, String>,
    properties: ResultProperties<'a>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ResultProperties<'a> {
    product_id: &'a str,
    field: &'a str,
    severity: &'static str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Location<'a> {
    physical_location: PhysicalLocation<'a>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct PhysicalLocation<'a> {
    artifact_location: ArtifactLocation<'a>,
    region: Region,
}

/// `uri` for a file; for standard input, which has no URI, `index` of its entry in
/// `run.artifacts` ([`STDIN_ARTIFACT`]).
#[derive(Serialize)]
struct ArtifactLocation<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    uri: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    index: Option<usize>,
}

/// Index in `run.artifacts` of standard input, the only artifact listed there: an artifact
/// without a location, with the role `standardStream` (SARIF 2.1.0 §3.24.6), which the results
/// read from `-` point at instead of a URI.
const STDIN_ARTIFACT: usize = 0;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Region {
    start_line: u64,
}

/// A kept result: ordered so the heap's minimum is the first to drop (lowest severity, then
/// latest in the feed).
#[derive(PartialEq, Eq, PartialOrd, Ord)]
struct Held {
    severity: Severity,
    seq: Reverse<u64>,
    json: String,
}

/// Writes the run header at once, keeps at most `limit` results, writes them on `finish`.
pub struct SarifEmitter<'w> {
    out: &'w mut dyn Write,
    paths: ReportPaths,
    /// Whether a result was read from standard input (`run.artifacts` then lists it).
    stdin: bool,
    rule_index: BTreeMap<&'w str, usize>,
    held: BinaryHeap<Reverse<Held>>,
    limit: usize,
    seq: u64,
    omitted: u64,
}

impl<'w> SarifEmitter<'w> {
    pub fn begin(
        out: &'w mut dyn Write,
        rules: &'w [RuleInfo],
        options: &CiOptions,
    ) -> Result<Self> {
        let driver = Driver {
            name: "feedlint",
            information_uri: information_uri(),
            version: env!("CARGO_PKG_VERSION"),
            semantic_version: env!("CARGO_PKG_VERSION"),
            rules: rules.iter().map(descriptor).collect(),
        };
        write!(
            out,
            "{{\"$schema\":\"{SCHEMA_URI}\",\"version\":\"2.1.0\",\"runs\":[{{\"tool\":{{\"driver\":"
        )?;
        serde_json::to_writer(&mut *out, &driver).map_err(json_error)?;
        out.write_all(b"},\"results\":[")?;
        let rule_index = rules.iter().enumerate().map(|(i, r)| (r.code, i)).collect();
        Ok(Self {
            out,
            paths: ReportPaths::new(options.base_dir.clone()),
            stdin: false,
            rule_index,
            held: BinaryHeap::new(),
            limit: options.sarif_max_results.unwrap_or(MAX_RESULTS),
            seq: 0,
            omitted: 0,
        })
    }
}

fn descriptor(r: &RuleInfo) -> RuleDescriptor<'_> {
    RuleDescriptor {
        id: r.code,
        name: r.name,
        short_description: Text {
            text: &r.short_description,
        },
        full_description: Text {
            text: if r.help.is_empty() {
                &r.short_description
            } else {
                &r.help
            },
        },
        help: Help {
            text: &r.help,
            markdown: &r.help,
        },
        help_uri: r.help_uri.as_deref(),
        default_configuration: DefaultConfiguration {
            level: level(r.severity),
        },
        properties: RuleProperties {
            tags: [r.group.as_str(), r.kind.as_str()],
            severity: r.severity.as_str(),
        },
    }
}

fn json_error(e: serde_json::Error) -> Error {
    if e.is_io() {
        Error::from(std::io::Error::from(e))
    } else {
        Error::internal(format!("could not write the SARIF report: {e}"))
    }
}

impl CiEmitter for SarifEmitter<'_> {
    fn product(&mut self, product: &ProductFindings<'_>) -> Result<()> {
        if product.findings.is_empty() {
            return Ok(());
        }
        let path = self.paths.get(&product.location.file);
        let uri = path.sarif_uri();
        let occ = occurrences(product.findings);
        let id = fingerprint_id(product);
        for (f, n) in product.findings.iter().zip(occ) {
            self.seq += 1;
            // Skip the serialisation when the result would be dropped at once.
            if self.held.len() >= self.limit {
                let dominated = self
                    .held
                    .peek()
                    .is_none_or(|Reverse(min)| min.severity >= f.severity);
                if dominated {
                    self.omitted += 1;
                    continue;
                }
            }
            let message = format!(
                "{} (product {}, field {}). Fix: {}",
                f.message, product.product_id, f.field, f.fix
            );
            let result = SarifResult {
                rule_id: f.code,
                rule_index: self.rule_index.get(f.code).copied(),
                level: level(f.severity),
                message: Text { text: &message },
                locations: [Location {
                    physical_location: PhysicalLocation {
                        artifact_location: ArtifactLocation {
                            uri: uri.as_deref(),
                            index: path.is_stdin().then_some(STDIN_ARTIFACT),
                        },
                        region: Region {
                            start_line: report_line(f, product.location),
                        },
                    },
                }],
                partial_fingerprints: BTreeMap::from([(
                    FINGERPRINT_KEY,
                    fingerprint(f.code, path.path(), &id, f.field, n),
                )]),
                properties: ResultProperties {
                    product_id: product.product_id,
                    field: f.field,
                    severity: f.severity.as_str(),
                },
            };
            let json = serde_json::to_string(&result).map_err(json_error)?;
            self.stdin |= path.is_stdin();
            self.held.push(Reverse(Held {
                severity: f.severity,
                seq: Reverse(self.seq),
                json,
            }));
            if self.held.len() > self.limit {
                self.held.pop();
                self.omitted += 1;
            }
        }
        Ok(())
    }

    fn finish(self: Box<Self>) -> Result<()> {
        let Self {
            out,
            held,
            limit,
            omitted,
            seq,
            stdin,
            ..
        } = *self;
        let mut held: Vec<Held> = held.into_iter().map(|Reverse(h)| h).collect();
        held.sort_by_key(|h| Reverse(h.seq));
        for (i, h) in held.iter().enumerate() {
            out.write_all(if i == 0 { b"\n" } else { b",\n" })?;
            out.write_all(h.json.as_bytes())?;
        }
        out.write_all(b"\n],")?;
        let mut notifications = Vec::new();
        let mut properties = serde_json::Map::new();
        properties.insert("feedlint/totalFindings".into(), seq.into());
        if omitted > 0 {
            let text = format!(
                "feedlint found {seq} results; only the {} most severe are included because GitHub code scanning accepts at most {limit} results per run ({omitted} omitted). Run feedlint with --format json for the full report.",
                held.len()
            );
            notifications.push(serde_json::json!({
                "level": "warning",
                "descriptor": { "id": "results-capped" },
                "message": { "text": text },
            }));
            properties.insert("feedlint/resultsCapped".into(), true.into());
            properties.insert("feedlint/resultLimit".into(), limit.into());
            properties.insert("feedlint/omittedResults".into(), omitted.into());
        } else {
            properties.insert("feedlint/resultsCapped".into(), false.into());
        }
        let mut tail = serde_json::json!({
            "invocations": [{
                "executionSuccessful": true,
                "toolExecutionNotifications": notifications,
            }],
            "properties": properties,
        });
        if stdin {
            tail["artifacts"] = serde_json::json!([{
                "description": { "text": "standard input" },
                "roles": ["analysisTarget", "standardStream"],
            }]);
        }
        // Splice the tail's members into the open run object.
        let tail = serde_json::to_string(&tail).map_err(json_error)?;
        out.write_all(tail.strip_prefix('{').unwrap_or(&tail).as_bytes())?;
        out.write_all(b"]}\n")?;
        out.flush()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn severities_map_to_sarif_levels() {
        assert_eq!(level(Severity::Critical), "error");
        assert_eq!(level(Severity::High), "error");
        assert_eq!(level(Severity::Medium), "warning");
        assert_eq!(level(Severity::Low), "note");
    }
}
