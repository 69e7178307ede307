//! The single source of truth for categories, the 73 system fields, tiers, prices and limits
//! as they are shown to users. Pure data: no I/O.

pub mod category;
pub mod discovery;
pub mod fields;

pub use category::{Category, GtinRequirement};
pub use fields::{FIELD_COUNTS, FieldCounts, Requirement};
