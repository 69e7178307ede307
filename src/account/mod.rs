//! API keys, tiers, quotas, pricing and the `meta` block (spec sections 2.9, 5, 7, 8).
//! No sled here: persistence goes through `store`.

pub mod plan;

pub use plan::Tier;
