//! The Product record, shared value types, and the documented v2 response types.

pub mod finding;
pub mod price;
pub mod product;
pub mod request;
pub mod result;
pub mod severity;
pub mod text;

pub use finding::{Finding, Group, RuleKind};
pub use price::{Currency, Price, PriceError, parse_price};
pub use product::{
    Attribute, CurrentPerformance, MAX_ATTRIBUTES, Name, Product, ReadIssue, Shipping,
    SourceLocation, Tax, Values,
};
pub use result::{ProductResult, ResultOptions};
pub use severity::Severity;
pub use text::Trim;
