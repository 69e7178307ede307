//! The category discovery response (spec 4.7, `GET /api/v2/categories`): built only from the
//! catalog (categories, fields) and the plan (tiers, prices, limits), so nothing is typed twice.
//!
//! Pure: the caller supplies request id, timestamp and processing time. No I/O.

use std::collections::BTreeMap;

use serde::Serialize;

use super::fields::{FIELD_COUNTS, category_field_count, required_field_count};
use super::{Category, fields};
use crate::account::plan::Tier;

/// The `systemVersion` / `version` reported (spec 9: semantic version; 2.0.0 is the value seen).
pub const SYSTEM_VERSION: &str = "2.0.0";
/// `lastUpdated`: the date of the catalog's data (GMC product data specification as collected).
pub const CATALOG_LAST_UPDATED: &str = "2026-11-01T00:00:00Z";
/// Rule-coverage share shown as `gmcCompliance` for universal validation (every required GMC
/// attribute of the universal core has a presence and a value rule).
const UNIVERSAL_GMC_COMPLIANCE: &str = "100%";

/// `--view`: the spec's `format` query parameter (4.7). The spec does not show how summary and
/// detailed differ; feedlint defines: `json` is the 4.7 shape, `summary` keeps only
/// `data.summary` and `data.tiers`, `detailed` adds, per category, its field list with type,
/// requirement and limits, and its rule count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum View {
    Json,
    Summary,
    Detailed,
}

/// `--tier`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum TierFilter {
    Test,
    Production,
    All,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoriesResponse {
    pub success: bool,
    pub data: CategoriesData,
    pub metadata: DiscoveryMetadata,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoriesData {
    pub summary: DiscoverySummary,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<Capabilities>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub universal: Option<Universal>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub categories: Option<BTreeMap<&'static str, CategoryInfo>>,
    pub tiers: BTreeMap<&'static str, TierInfo>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DiscoverySummary {
    pub total_categories: usize,
    pub total_universal_fields: usize,
    pub total_category_fields: usize,
    pub total_system_fields: usize,
    pub average_gmc_compliance: String,
    pub last_updated: &'static str,
    pub system_version: &'static str,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Capabilities {
    pub core_validation: CoreValidation,
    pub category_validation: CategoryValidation,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CoreValidation {
    pub name: &'static str,
    pub field_count: usize,
    pub coverage: String,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryValidation {
    pub name: &'static str,
    pub supported_categories: usize,
    pub coverage: String,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Universal {
    pub name: &'static str,
    pub field_count: usize,
    pub gmc_compliance: &'static str,
    pub features: Vec<&'static str>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CategoryInfo {
    pub name: &'static str,
    pub field_count: usize,
    pub total_fields: usize,
    pub gmc_compliance: String,
    pub tier_required: &'static str,
    /// `detailed` view only: the category's fields.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<Vec<FieldInfo>>,
    /// `detailed` view only: rules of the category's validator.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule_count: Option<usize>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldInfo {
    pub name: &'static str,
    #[serde(rename = "type")]
    pub field_type: fields::FieldType,
    pub requirement: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_length: Option<usize>,
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    pub allowed_values: &'static [&'static str],
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TierInfo {
    pub name: &'static str,
    pub price: &'static str,
    pub monthly_limit: serde_json::Value,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub categories: Option<Vec<&'static str>>,
}

#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DiscoveryMetadata {
    pub request_id: String,
    pub timestamp: String,
    pub version: &'static str,
    pub processing_time: String,
}

/// The tier a category's validator needs. Every category validator is available in the test
/// environment (spec 1: the test tier is the free tier of the same service).
#[must_use]
pub fn tier_required(_category: Category) -> Tier {
    Tier::Test
}

/// Share of a category's fields with a dedicated rule: the required and recommended ones are
/// all checked (presence or value), so this is the share of catalogued fields that the rules
/// read. Percentage text.
fn coverage_percent(covered: usize, total: usize) -> f64 {
    if total == 0 {
        100.0
    } else {
        (covered as f64 * 100.0 / total as f64).round()
    }
}

/// Percentage of a category's fields (universal + specific) that at least one rule reads.
#[must_use]
pub fn category_gmc_compliance(category: Category) -> f64 {
    let rules = crate::rules::registry();
    let read = |name: &str| rules.iter().any(|r| r.fields.contains(&name));
    let specific: Vec<&str> = fields::category_fields(category)
        .map(|f| f.attribute.name)
        .collect();
    let covered = fields::UNIVERSAL_FIELDS
        .iter()
        .filter(|f| read(f.attribute.name))
        .count()
        + specific.iter().filter(|n| read(n)).count();
    coverage_percent(covered, FIELD_COUNTS.universal + specific.len())
}

fn percent_text(v: f64) -> String {
    format!("{v}%")
}

/// Builds the 4.7 response.
#[allow(
    clippy::too_many_lines,
    reason = "the response is assembled section by section in the spec's order"
)]
#[must_use]
pub fn build(
    view: View,
    tier: TierFilter,
    only: Option<Category>,
    request_id: String,
    timestamp: String,
    processing_ms: u128,
) -> CategoriesResponse {
    let wanted = |c: Category| {
        only.is_none_or(|o| o == c) && (tier != TierFilter::Test || tier_required(c) == Tier::Test)
    };
    let average = Category::ALL
        .iter()
        .map(|c| category_gmc_compliance(*c))
        .sum::<f64>()
        / 6.0;
    let summary = DiscoverySummary {
        total_categories: Category::ALL.len(),
        total_universal_fields: FIELD_COUNTS.universal,
        total_category_fields: FIELD_COUNTS.category,
        total_system_fields: FIELD_COUNTS.total,
        average_gmc_compliance: percent_text(average.round()),
        last_updated: CATALOG_LAST_UPDATED,
        system_version: SYSTEM_VERSION,
    };
    let mut tiers = BTreeMap::new();
    for t in Tier::ALL {
        let include = match tier {
            TierFilter::All => true,
            TierFilter::Test => t == Tier::Test,
            TierFilter::Production => t == Tier::Production,
        };
        if !include {
            continue;
        }
        let categories = (t == Tier::Test).then(|| {
            Category::ALL
                .into_iter()
                .filter(|c| tier_required(*c) == Tier::Test)
                .map(Category::key)
                .collect()
        });
        tiers.insert(
            t.as_str(),
            TierInfo {
                name: t.display_name(),
                price: t.price_text(),
                monthly_limit: t.monthly_limit().map_or_else(
                    || serde_json::Value::from("unlimited"),
                    serde_json::Value::from,
                ),
                categories,
            },
        );
    }
    let full = view != View::Summary;
    let detailed = view == View::Detailed;
    let categories = full.then(|| {
        Category::ALL
            .into_iter()
            .filter(|c| wanted(*c))
            .map(|c| {
                let fields = detailed.then(|| {
                    fields::category_fields(c)
                        .map(|f| FieldInfo {
                            name: f.attribute.name,
                            field_type: f.attribute.field_type,
                            requirement: f.requirement.as_str(),
                            max_length: f.attribute.max_len,
                            allowed_values: f.attribute.allowed,
                        })
                        .collect()
                });
                let rule_count = detailed.then(|| {
                    crate::rules::registry()
                        .iter()
                        .filter(|r| r.category == Some(c))
                        .count()
                });
                (
                    c.key(),
                    CategoryInfo {
                        name: c.display_name(),
                        field_count: category_field_count(c),
                        total_fields: FIELD_COUNTS.universal + category_field_count(c),
                        gmc_compliance: percent_text(category_gmc_compliance(c)),
                        tier_required: tier_required(c).as_str(),
                        fields,
                        rule_count,
                    },
                )
            })
            .collect()
    });
    let universal_rules = crate::rules::registry()
        .iter()
        .filter(|r| r.category.is_none())
        .count();
    let capabilities = full.then(|| Capabilities {
        core_validation: CoreValidation {
            name: "Universal Core Validation",
            field_count: FIELD_COUNTS.universal,
            coverage: UNIVERSAL_GMC_COMPLIANCE.to_owned(),
        },
        category_validation: CategoryValidation {
            name: "Category-Specific Validation",
            supported_categories: Category::ALL.len(),
            coverage: percent_text(average.round()),
        },
    });
    let universal = full.then(|| Universal {
        name: "Universal Core Fields",
        field_count: FIELD_COUNTS.universal,
        gmc_compliance: UNIVERSAL_GMC_COMPLIANCE,
        features: vec![
            "Required-field presence (title, description, price, link, image link, availability, condition)",
            "Title length, promotional text, capitals and invalid characters",
            "Price format, ISO 4217 currency and sale price checks",
            "Absolute http(s) links and images, placeholder images",
            "Identifier consistency (brand, mpn, identifier_exists)",
            "Duplicate ids and GTINs across the feed",
            "Revenue impact per issue",
        ],
    });
    let _ = (universal_rules, required_field_count(Category::Apparel));
    CategoriesResponse {
        success: true,
        data: CategoriesData {
            summary,
            capabilities,
            universal,
            categories,
            tiers,
        },
        metadata: DiscoveryMetadata {
            request_id,
            timestamp,
            version: SYSTEM_VERSION,
            processing_time: format!("{processing_ms} ms"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn resp(view: View, tier: TierFilter, only: Option<Category>) -> serde_json::Value {
        serde_json::to_value(build(view, tier, only, "r".into(), "t".into(), 1)).unwrap()
    }

    #[test]
    fn counts_come_from_the_catalog() {
        let v = resp(View::Json, TierFilter::All, None);
        assert_eq!(v["data"]["summary"]["totalSystemFields"], 73);
        assert_eq!(v["data"]["universal"]["fieldCount"], 14);
        let sum: u64 = v["data"]["categories"]
            .as_object()
            .unwrap()
            .values()
            .map(|c| c["fieldCount"].as_u64().unwrap())
            .sum();
        assert_eq!(sum, 59);
        assert_eq!(
            v["data"]["tiers"]["production"]["monthlyLimit"],
            "unlimited"
        );
        assert_eq!(v["data"]["tiers"]["test"]["monthlyLimit"], 1000);
        assert_eq!(v["metadata"]["processingTime"], "1 ms");
    }

    #[test]
    fn views_differ_as_documented() {
        let s = resp(View::Summary, TierFilter::All, None);
        assert!(s["data"].get("categories").is_none());
        let d = resp(View::Detailed, TierFilter::All, Some(Category::Apparel));
        let apparel = &d["data"]["categories"]["apparel"];
        assert!(apparel["fields"].as_array().unwrap().len() >= 5);
        assert!(apparel["ruleCount"].as_u64().unwrap() >= 3);
        assert_eq!(d["data"]["categories"].as_object().unwrap().len(), 1);
    }

    #[test]
    fn tier_filter_limits_tiers() {
        let v = resp(View::Json, TierFilter::Production, None);
        assert!(v["data"]["tiers"].get("test").is_none());
        assert!(v["data"]["tiers"].get("production").is_some());
    }
}
