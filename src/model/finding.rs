//! A finding: one rule that fired on one product. Findings are data (never errors); every report
//! emitter (table, json, csv, junit, sarif, github, gitlab) reads this one type.

use serde::Serialize;

use super::Severity;

/// The six rule groups of the batch result (spec 2.4 `results` keys).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Group {
    Identity,
    Content,
    Pricing,
    Media,
    Inventory,
    Category,
}

impl Group {
    pub const ALL: [Group; 6] = [
        Self::Identity,
        Self::Content,
        Self::Pricing,
        Self::Media,
        Self::Inventory,
        Self::Category,
    ];

    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Identity => "identity",
            Self::Content => "content",
            Self::Pricing => "pricing",
            Self::Media => "media",
            Self::Inventory => "inventory",
            Self::Category => "category",
        }
    }

    #[must_use]
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|g| g.as_str().eq_ignore_ascii_case(s.trim()))
    }
}

/// Which of the two scores a rule counts toward (the spec's dual-score system, section 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RuleKind {
    /// A shopping platform would disapprove or limit the product: counts toward GMC compliance.
    Compliance,
    /// The product is accepted but under-performs: counts toward performance optimisation.
    Performance,
}

impl RuleKind {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Compliance => "compliance",
            Self::Performance => "performance",
        }
    }
}

/// One rule that fired on one product.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Finding {
    /// Stable rule code, e.g. `FL-C001`.
    pub code: &'static str,
    /// Kebab-case name of the defect, e.g. `sale-price-above-price`.
    pub name: &'static str,
    pub group: Group,
    pub severity: Severity,
    pub kind: RuleKind,
    /// The attribute the finding is about (canonical name), e.g. `sale_price`.
    pub field: &'static str,
    /// What is wrong with this product, naming the offending value.
    pub message: String,
    /// How to fix it (the rule's own text).
    pub fix: &'static str,
    /// Estimated monthly revenue impact in USD (revenue::impact).
    pub revenue_impact: f64,
    /// The line of the product (or of the offending line inside it), in the product's file
    /// (`ProductReport::location`): one number, where a whole location held a shared reference
    /// to the file name that every finding counted up and down (an atomic count shared by the
    /// threads that check and the one that writes).
    pub line: u64,
}
