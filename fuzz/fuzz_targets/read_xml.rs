//! The RSS/Atom reader: namespaces, CDATA, entities, DOCTYPE, nested shipping groups, the XML
//! declaration's encoding.
#![no_main]

use feedlint::feed::InputFormat;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    feedlint_fuzz::read_feed("f.xml", data, Some(InputFormat::Xml), None);
});
