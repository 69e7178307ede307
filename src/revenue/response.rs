//! The 2.6 response body `{ success, data: { revenueAnalysis, productResults, businessIntelligence },
//! meta }` as serde types, field names exactly as the spec writes them.
//!
//! Responsible for the shape only. Not responsible for computing it (model.rs, aggregate.rs) nor
//! for the `meta` block (the accounts module supplies it; here it is any `Serialize`).

use serde::Serialize;

use super::aggregate::{BusinessIntelligence, RevenueAnalysis, RevenueSummary};
use super::model::ProductResult;

/// `data` of the revenue impact response (spec 2.6).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RevenueData<'a> {
    pub revenue_analysis: &'a RevenueAnalysis,
    pub product_results: &'a [ProductResult],
    pub business_intelligence: &'a BusinessIntelligence,
}

/// The whole response; `meta` (spec 2.9) comes from the caller.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RevenueResponse<'a, M: Serialize> {
    pub success: bool,
    pub data: RevenueData<'a>,
    pub meta: &'a M,
}

impl<'a, M: Serialize> RevenueResponse<'a, M> {
    #[must_use]
    pub fn new(summary: &'a RevenueSummary, products: &'a [ProductResult], meta: &'a M) -> Self {
        Self {
            success: true,
            data: RevenueData {
                revenue_analysis: &summary.revenue_analysis,
                product_results: products,
                business_intelligence: &summary.business_intelligence,
            },
            meta,
        }
    }
}
