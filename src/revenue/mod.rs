//! Revenue impact analysis (spec 2.6, 4.4): pure logic, no I/O, no printing.

pub mod impact;
