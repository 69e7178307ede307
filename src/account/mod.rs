//! API keys, tiers, quotas, pricing and the `meta` block (spec sections 2.9, 5, 7, 8).
//!
//! Responsible for who may call what, how much of it they may use, what it costs, and the
//! response metadata built from that. No sled here: persistence goes through `store`; no printing.
//!
//! How a metered command uses it:
//! ```no_run
//! # use feedlint::account::{Account, Endpoint, RequestContext};
//! # use feedlint::store::StoreConfig;
//! # fn run(key: Option<&str>, store: &StoreConfig, n_products: u64) -> Result<(), feedlint::Error> {
//! let ctx = RequestContext::from_env()?;
//! let account = Account::open(key, store, Endpoint::VALIDATE_BATCH, &ctx)?;
//! // Test keys: read at most `prefetch_limit` items (remaining + 1) before the check, so a
//! // request that cannot fit is refused before any work; production keys: no bound.
//! let _read_at_most = account.prefetch_limit()?;
//! account.ensure_capacity(n_products)?; // before any work (test keys: 1,000 a month)
//! // ... validate ...
//! let receipt = account.record(n_products)?; // only after the work succeeded
//! let meta = receipt.meta(&ctx, Endpoint::VALIDATE_BATCH);
//! let billing = receipt.batch_billing();
//! # let _ = (meta, billing); Ok(()) }
//! ```

mod context;
mod endpoint;
mod key;
mod meta;
mod meter;
pub mod plan;

pub use context::{NOW_ENV, REQUEST_ID_ENV, RequestContext, format_utc};
pub use endpoint::{Counter, Endpoint};
/// For tests elsewhere that hold prose to a constant (the help's duplicate-table size).
#[cfg(test)]
pub(crate) use key::thousands;
pub use key::{ApiKey, KEY_RANDOM_MIN_LEN, RawApiKey, key_help, redact_keys_in};
pub use meta::{API_VERSION, BatchBilling, GtinBilling, Meta, ProductBilling};
pub use meter::{Account, Prefetched, Receipt, Usage, cost_for};
pub use plan::Tier;
