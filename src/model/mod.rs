//! The Product record and the documented v2 response types (field names exactly as the spec).

pub mod product;

pub use product::{Attribute, CurrentPerformance, Product, ReadIssue, Shipping, SourceLocation, Tax};
