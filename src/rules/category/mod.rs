//! Category rules (`FL-K`): the general taxonomy checks (K0xx) and the six category validators
//! of spec section 1, one file each: apparel (K1xx), electronics (K2xx), health & beauty (K3xx),
//! automotive (K4xx), home & garden (K5xx), sporting goods (K6xx).
//!
//! Requirement rules (`Applies::InCategory`) run only for products of their category; value
//! rules (`Applies::Always`) check an attribute wherever it appears. No I/O.

pub(crate) mod apparel;
pub(crate) mod automotive;
pub(crate) mod electronics;
pub(crate) mod general;
pub(crate) mod health_beauty;
pub(crate) mod home_garden;
pub(crate) mod sporting_goods;

use super::RuleCtx;
use super::util::PhraseSet;
use crate::model::Product;

/// Whether the title (searched lower-cased from the product's rule context) or product_type
/// uses one of the phrases.
pub(crate) fn title_or_type_has(
    p: &Product,
    ctx: &RuleCtx,
    set: &PhraseSet,
) -> Option<&'static str> {
    set.find_lowered(ctx.lowered.title())
        .or_else(|| p.values("product_type").iter().find_map(|t| set.find(t)))
}
