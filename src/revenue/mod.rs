//! Revenue impact analysis (spec 2.6, 4.4): pure logic, no I/O, no printing.
//!
//! Responsible for the model written down in docs/revenue-model.md: per-issue impact
//! (`impact`, the one source), per-product figures (`model`), incremental per-currency totals
//! (`aggregate`), options (`options`) and the response types (`response`). Not responsible for
//! finding issues (rules/), reading feeds (feed/) or writing reports (report/revenue.rs).
//!
//! Wiring: build a `ProductInput` per product, call `Analyzer::add` for each (stream its
//! `ProductResult` to an emitter or keep it), then `Analyzer::finish` for the totals.

pub mod aggregate;
pub mod impact;
pub mod model;
pub mod options;
pub mod request;
pub mod response;

pub use aggregate::{
    Accumulator, BusinessIntelligence, ComplianceRisk, ImpactBreakdown, Opportunity,
    OptimizationOpportunity, RevenueAnalysis, RevenueSummary, RoiClass,
};
pub use model::{Issue, Priority, ProductInput, ProductResult, RiskLevel, analyze_product};
pub use options::{AnalysisType, Options, Timeframe, parse_time_horizon};
pub use response::{RevenueData, RevenueResponse};

/// Spec 8: a revenue impact request body analyses at most 100 products (4.4).
pub const MAX_PRODUCTS_PER_REQUEST: usize = 100;

/// Refuses a request body with more products than spec 4.4 allows (PAYLOAD_TOO_LARGE, spec 7).
pub fn check_request_size(products: usize) -> crate::Result<()> {
    if products > MAX_PRODUCTS_PER_REQUEST {
        return Err(crate::Error::new(
            crate::ErrorCode::PayloadTooLarge,
            format!(
                "the request body has {products} products; revenue impact analyses at most {MAX_PRODUCTS_PER_REQUEST} per request"
            ),
        )
        .with_help("split the request body, or pass the products as a feed file instead"));
    }
    Ok(())
}

/// Analyses products one at a time, keeping only totals and the top products.
#[derive(Debug, Clone)]
pub struct Analyzer {
    options: Options,
    acc: Accumulator,
}

impl Analyzer {
    #[must_use]
    pub fn new(options: Options) -> Self {
        let acc = Accumulator::new(&options);
        Self { options, acc }
    }

    #[must_use]
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// Analyses the next product and adds it to the totals.
    pub fn add(&mut self, product: &ProductInput) -> ProductResult {
        let result = analyze_product(product, &self.options, self.acc.products());
        self.acc.push(&result);
        result
    }

    /// The totals so far (for inspection) without finishing.
    #[must_use]
    pub fn accumulator(&self) -> &Accumulator {
        &self.acc
    }

    /// The aggregate blocks of everything added.
    #[must_use]
    pub fn finish(self) -> RevenueSummary {
        self.acc.finish()
    }
}

/// Analyses every product and returns the results in input order with the totals.
pub fn analyze<'a>(
    products: impl IntoIterator<Item = &'a ProductInput>,
    options: &Options,
) -> (Vec<ProductResult>, RevenueSummary) {
    let mut analyzer = Analyzer::new(options.clone());
    let results = products.into_iter().map(|p| analyzer.add(p)).collect();
    (results, analyzer.finish())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn request_bodies_over_100_products_are_refused() {
        assert!(check_request_size(100).is_ok());
        let err = check_request_size(101).expect_err("too many");
        assert_eq!(err.code, crate::ErrorCode::PayloadTooLarge);
    }
}
