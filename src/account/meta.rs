//! The response `meta` block (spec 2.9) and the `billing` objects (spec 2.3, 2.4, 2.5), all
//! built from one [`Receipt`] so the numbers agree everywhere.
//!
//! Responsible for field names and shapes exactly as the spec gives them. No I/O.

use serde::Serialize;

use super::plan::CURRENCY;
use super::{Endpoint, Receipt, RequestContext, Tier, Usage};

/// `meta.apiVersion` (spec 9).
pub const API_VERSION: &str = "2.0.0";

/// Response metadata (spec 2.9).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Meta {
    pub request_id: String,
    /// ISO 8601 UTC, e.g. `2026-11-22T04:00:00Z`.
    pub timestamp: String,
    /// Milliseconds since the run started (0 when `FEEDLINT_NOW` froze the clock).
    pub processing_time: u64,
    pub api_version: &'static str,
    pub endpoint: String,
    pub method: &'static str,
    /// `test` or `production`.
    pub tier: &'static str,
    pub usage: Usage,
    /// GTIN only (spec 2.9).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub validations_processed: Option<u64>,
    /// GTIN only (spec 2.9).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub test_mode: Option<bool>,
}

/// `data.billing` of product validation (spec 2.3).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProductBilling {
    pub products_validated: u64,
    pub cost: f64,
    /// `test` or `production`.
    pub environment: &'static str,
}

/// `billing` of batch validation (spec 2.4).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchBilling {
    pub cost: f64,
    pub test_mode: bool,
    pub product_count: u64,
}

/// `data.billing` of GTIN validation (spec 2.5).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GtinBilling {
    pub validations_processed: u64,
    pub cost: f64,
    pub currency: &'static str,
    pub test_mode: bool,
}

impl Receipt {
    /// The `meta` block of the response to this request.
    #[must_use]
    pub fn meta(&self, ctx: &RequestContext, endpoint: Endpoint) -> Meta {
        let gtin = endpoint.is_gtin();
        Meta {
            request_id: ctx.request_id.clone(),
            timestamp: ctx.timestamp(),
            processing_time: ctx.elapsed_ms(),
            api_version: API_VERSION,
            endpoint: endpoint.path.to_owned(),
            method: endpoint.method,
            tier: self.tier.as_str(),
            usage: self.usage_after,
            validations_processed: gtin.then_some(self.count),
            test_mode: gtin.then_some(self.test_mode()),
        }
    }

    /// `testMode`: true exactly for the test environment (spec 1).
    #[must_use]
    pub fn test_mode(&self) -> bool {
        self.tier == Tier::Test
    }

    #[must_use]
    pub fn product_billing(&self) -> ProductBilling {
        ProductBilling {
            products_validated: self.count,
            cost: self.cost_usd,
            environment: self.tier.as_str(),
        }
    }

    #[must_use]
    pub fn batch_billing(&self) -> BatchBilling {
        BatchBilling {
            cost: self.cost_usd,
            test_mode: self.test_mode(),
            product_count: self.count,
        }
    }

    #[must_use]
    pub fn gtin_billing(&self) -> GtinBilling {
        GtinBilling {
            validations_processed: self.count,
            cost: self.cost_usd,
            currency: CURRENCY,
            test_mode: self.test_mode(),
        }
    }
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;
    use crate::account::Counter;

    fn ctx() -> RequestContext {
        RequestContext::new("req-42".into(), Some(datetime!(2026-11-22 04:00 UTC)))
    }

    fn receipt(tier: Tier, counter: Counter) -> Receipt {
        Receipt {
            count: 25,
            counter: Some(counter),
            cost_usd: if tier == Tier::Test { 0.0 } else { 2.0 },
            tier,
            usage_after: Usage::new(tier, 125),
        }
    }

    #[test]
    fn meta_has_exactly_the_spec_fields_in_camel_case() {
        let meta = receipt(Tier::Test, Counter::ProductValidation)
            .meta(&ctx(), Endpoint::VALIDATE_PRODUCT);
        assert_eq!(
            serde_json::to_value(&meta).unwrap(),
            serde_json::json!({
                "requestId": "req-42",
                "timestamp": "2026-11-22T04:00:00Z",
                "processingTime": 0,
                "apiVersion": "2.0.0",
                "endpoint": "/api/v2/validate/product",
                "method": "POST",
                "tier": "test",
                "usage": { "monthly": 125, "limit": 1000, "remaining": 875 }
            })
        );
    }

    #[test]
    fn gtin_meta_adds_validations_processed_and_test_mode_and_production_is_unlimited() {
        let meta = receipt(Tier::Production, Counter::GtinValidation)
            .meta(&ctx(), Endpoint::VALIDATE_GTIN);
        let v = serde_json::to_value(&meta).unwrap();
        assert_eq!(v["endpoint"], "/api/v2/validate/gtin");
        assert_eq!(v["tier"], "production");
        assert_eq!(v["validationsProcessed"], 25);
        assert_eq!(v["testMode"], false);
        assert_eq!(
            v["usage"],
            serde_json::json!({ "monthly": 125, "limit": "unlimited", "remaining": "unlimited" })
        );
    }

    #[test]
    fn billing_objects_come_from_the_receipt() {
        let r = receipt(Tier::Production, Counter::ProductValidation);
        assert_eq!(
            serde_json::to_value(r.product_billing()).unwrap(),
            serde_json::json!({ "productsValidated": 25, "cost": 2.0, "environment": "production" })
        );
        assert_eq!(
            serde_json::to_value(r.batch_billing()).unwrap(),
            serde_json::json!({ "cost": 2.0, "testMode": false, "productCount": 25 })
        );
        let t = receipt(Tier::Test, Counter::GtinValidation);
        assert_eq!(
            serde_json::to_value(t.gtin_billing()).unwrap(),
            serde_json::json!({ "validationsProcessed": 25, "cost": 0.0, "currency": "USD", "testMode": true })
        );
    }
}
