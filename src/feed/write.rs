//! Feed writers for `feedlint convert`: the normalised products in CSV, TSV, NDJSON, JSON
//! request body, RSS 2.0 or Atom 1.0.
//!
//! Responsible for writing products so that reading the output gives the same products back
//! (attributes, values, `shipping` and `tax`). How each format carries what it cannot express
//! directly:
//! - CSV/TSV need their columns up front, so a [`TableLayout`] is built from a first pass over the
//!   products. A multi-value attribute of [`names::MULTI_VALUE_ATTRIBUTES`] is one column with the
//!   values joined by `,` (GMC 15001087); any other attribute with several values gets one
//!   repeated column per value (`color`, `color`). `shipping` and `tax` are one column each in
//!   GMC's text form, entries joined by `,`; when an entry uses `postal_code`, `location_id` or
//!   `location_group_name` the header names the sub-attribute order
//!   (`shipping(country:region:postal_code:...)`, GMC 6324484). An empty cell reads back as an
//!   absent attribute, and `currentPerformance` (a JSON-only revenue input) is not written.
//! - RSS/Atom write every attribute as a `g:` element of the GMC namespace, repeated for several
//!   values; `shipping`/`tax` as sub-elements. Element names that are not XML names have their
//!   invalid characters replaced by `_`. XML 1.0 cannot carry control characters other than tab,
//!   newline and carriage return (written as `&#13;` so it survives end-of-line handling), nor
//!   U+FFFE and U+FFFF: those are written as U+FFFD, and `convert` says so once per attribute.
//! - CSV/TSV cannot carry a NUL character (a NUL byte makes a file binary data to readers of
//!   delimited text): it is written as U+FFFD, in a value or a header name, so the output always
//!   reads back. A NUL reaches a product only from a JSON `\u0000` escape, whose read issue says
//!   so.
//! - JSON/NDJSON write one object per product: a single value as a string, several as an array,
//!   `shipping`/`tax` as arrays of objects, `currentPerformance` as an object. `--to json` writes
//!   a request body `{"products": [...]}` followed by the input body's other fields.
//!
//! `market_product_category` is written as `google_product_category` in every format.

use std::collections::HashMap;
use std::io::Write;
use std::sync::LazyLock;

use quick_xml::events::{BytesDecl, BytesEnd, BytesStart, BytesText, Event};
use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};
use serde_json::{Map, Value};

use super::names::{
    self, SHIPPING_DEFAULT_ORDER, SHIPPING_FIELDS, TAX_DEFAULT_ORDER, TAX_FIELDS, is_multi_value,
    written_name,
};
use super::xml::{ATOM_NAMESPACE, GMC_NAMESPACE};
use crate::error::Error;
use crate::model::{CurrentPerformance, Product, Shipping, Tax};

/// The formats `feedlint convert --to` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputKind {
    Csv,
    Tsv,
    Ndjson,
    Json,
    Rss,
    Atom,
}

impl OutputKind {
    /// The element an attribute is written as when this format cannot keep its name as it is:
    /// RSS and Atom element names hold no spaces or punctuation but `_ - .` (`weird key!` is
    /// written `<g:weird_key_>`, and read back under that name). `None` when the name is kept.
    #[must_use]
    pub fn renamed_attribute(self, name: &str) -> Option<String> {
        if !matches!(self, Self::Rss | Self::Atom) {
            return None;
        }
        let written = names::written_name(name);
        if xml_name_char_ok(written) {
            return None;
        }
        Some(xml_name(written))
    }

    /// The first character of each attribute of `p` that this format cannot carry, with the
    /// attribute's name: for RSS and Atom, a character outside XML 1.0's `Char` production (a
    /// control character other than tab, newline and carriage return, U+FFFE, U+FFFF), which the
    /// writer replaces with U+FFFD ([`xml_char`]). Empty for the other formats, which carry any
    /// text.
    #[must_use]
    pub fn uncarried_chars(self, p: &Product) -> Vec<(&str, char)> {
        if !matches!(self, Self::Rss | Self::Atom) {
            return Vec::new();
        }
        let first = |v: &str| v.chars().find(|&c| !xml_char(c));
        let mut out = Vec::new();
        for a in p.attributes() {
            if let Some(c) = a.values.iter().find_map(|v| first(v)) {
                out.push((&*a.name, c));
            }
        }
        let shipping = p
            .shipping
            .iter()
            .flat_map(|s| {
                SHIPPING_FIELDS
                    .iter()
                    .filter_map(|f| names::shipping_get(s, f))
            })
            .find_map(first);
        if let Some(c) = shipping {
            out.push(("shipping", c));
        }
        let tax = p
            .tax
            .iter()
            .flat_map(|t| TAX_FIELDS.iter().filter_map(|f| names::tax_get(t, f)))
            .find_map(first);
        if let Some(c) = tax {
            out.push(("tax", c));
        }
        out
    }

    /// Every output format with its `--to` name.
    pub const ALL: [(OutputKind, &'static str); 6] = [
        (Self::Csv, "csv"),
        (Self::Tsv, "tsv"),
        (Self::Ndjson, "ndjson"),
        (Self::Json, "json"),
        (Self::Rss, "rss"),
        (Self::Atom, "atom"),
    ];

    /// Whether the writer needs a [`TableLayout`] from a first pass over the products.
    #[must_use]
    pub fn needs_layout(self) -> bool {
        matches!(self, Self::Csv | Self::Tsv)
    }

    /// Whether a product's text in this format depends on that product alone (JSON, NDJSON), so
    /// products can be rendered apart, in parallel ([`render_product`]), and written in order
    /// ([`FeedWriter::write_rendered`]).
    #[must_use]
    pub fn renders_alone(self) -> bool {
        matches!(self, Self::Json | Self::Ndjson)
    }

    #[must_use]
    pub fn name(self) -> &'static str {
        Self::ALL
            .iter()
            .find(|(k, _)| *k == self)
            .map_or("csv", |(_, n)| n)
    }
}

/// One column group of a table: an attribute and how many columns it needs.
#[derive(Debug, Clone)]
enum ColumnGroup {
    Attribute { name: String, count: usize },
    Shipping { full: bool },
    Tax { full: bool },
}

/// The columns of a CSV/TSV output, learnt from a first pass over every product
/// ([`TableLayout::observe`]), in the order attributes are first seen.
#[derive(Debug, Clone, Default)]
pub struct TableLayout {
    groups: Vec<ColumnGroup>,
    index: HashMap<String, usize>,
}

impl TableLayout {
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Takes a product's attributes into account.
    pub fn observe(&mut self, p: &Product) {
        for a in p.attributes() {
            let count = if is_multi_value(&a.name) {
                1
            } else {
                a.values.len()
            };
            if count == 0 {
                continue;
            }
            if let Some(&i) = self.index.get(&*a.name) {
                if let ColumnGroup::Attribute { count: c, .. } = &mut self.groups[i] {
                    *c = (*c).max(count);
                }
            } else {
                self.index.insert(a.name.to_string(), self.groups.len());
                self.groups.push(ColumnGroup::Attribute {
                    name: a.name.to_string(),
                    count,
                });
            }
        }
        if !p.shipping.is_empty() {
            let full = !names::shipping_fits_default(&p.shipping);
            self.group("\0shipping", ColumnGroup::Shipping { full }, full);
        }
        if !p.tax.is_empty() {
            let full = !names::tax_fits_default(&p.tax);
            self.group("\0tax", ColumnGroup::Tax { full }, full);
        }
    }

    fn group(&mut self, key: &str, group: ColumnGroup, full: bool) {
        if let Some(&i) = self.index.get(key) {
            if let ColumnGroup::Shipping { full: f } | ColumnGroup::Tax { full: f } =
                &mut self.groups[i]
            {
                *f |= full;
            }
        } else {
            self.index.insert(key.to_owned(), self.groups.len());
            self.groups.push(group);
        }
    }

    fn header(&self) -> Vec<String> {
        let mut h = Vec::new();
        for g in &self.groups {
            match g {
                ColumnGroup::Attribute { name, count } => {
                    for _ in 0..*count {
                        h.push(written_name(name).to_owned());
                    }
                }
                ColumnGroup::Shipping { full: false } => h.push("shipping".into()),
                ColumnGroup::Shipping { full: true } => {
                    h.push(format!("shipping({})", SHIPPING_FIELDS.join(":")));
                }
                ColumnGroup::Tax { full: false } => h.push("tax".into()),
                ColumnGroup::Tax { full: true } => h.push(format!("tax({})", TAX_FIELDS.join(":"))),
            }
        }
        h
    }

    fn row(&self, p: &Product, row: &mut Vec<String>) {
        row.clear();
        for g in &self.groups {
            match g {
                ColumnGroup::Attribute { name, count } => {
                    let values = p.values(name);
                    if is_multi_value(name) {
                        row.push(values.join(","));
                    } else {
                        for i in 0..*count {
                            row.push(values.get(i).cloned().unwrap_or_default());
                        }
                    }
                }
                ColumnGroup::Shipping { full } => {
                    let order = if *full {
                        SHIPPING_FIELDS
                    } else {
                        SHIPPING_DEFAULT_ORDER
                    };
                    row.push(names::format_shipping_list(&p.shipping, order));
                }
                ColumnGroup::Tax { full } => {
                    let order = if *full { TAX_FIELDS } else { TAX_DEFAULT_ORDER };
                    row.push(names::format_tax_list(&p.tax, order));
                }
            }
        }
    }
}

#[allow(
    clippy::large_enum_variant,
    reason = "one sink per writer, created once; boxing would add an indirection per product"
)]
enum Sink<W: Write> {
    Table {
        writer: csv::Writer<W>,
        layout: TableLayout,
        row: Vec<String>,
    },
    Xml {
        writer: quick_xml::Writer<W>,
        item: &'static str,
        close: &'static [&'static str],
    },
    Json {
        out: W,
        first: bool,
    },
    Ndjson {
        out: W,
    },
}

/// Writes products in one format. Create it, [`write`](Self::write) each product, then
/// [`finish`](Self::finish).
pub struct FeedWriter<W: Write> {
    sink: Sink<W>,
}

impl<W: Write> FeedWriter<W> {
    /// Starts the output (header line, XML prolog, `{"products": [`). CSV/TSV need the layout of
    /// every product to be written; other formats ignore it.
    pub fn new(kind: OutputKind, out: W, layout: Option<TableLayout>) -> Result<Self, Error> {
        let sink = match kind {
            OutputKind::Csv | OutputKind::Tsv => {
                let layout = layout.unwrap_or_default();
                let mut writer = csv::WriterBuilder::new()
                    .delimiter(if kind == OutputKind::Tsv { b'\t' } else { b',' })
                    .flexible(false)
                    .from_writer(out);
                let mut header = layout.header();
                table_safe(&mut header);
                if !header.is_empty() {
                    writer.write_record(&header).map_err(csv_err)?;
                }
                Sink::Table {
                    writer,
                    layout,
                    row: Vec::new(),
                }
            }
            OutputKind::Rss | OutputKind::Atom => {
                let mut writer = quick_xml::Writer::new_with_indent(out, b' ', 2);
                writer.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
                let (item, close): (&'static str, &'static [&'static str]) =
                    if kind == OutputKind::Rss {
                        let mut rss = BytesStart::new("rss");
                        rss.push_attribute(("version", "2.0"));
                        rss.push_attribute(("xmlns:g", GMC_NAMESPACE));
                        writer.write_event(Event::Start(rss))?;
                        writer.write_event(Event::Start(BytesStart::new("channel")))?;
                        write_text(&mut writer, "title", "Products")?;
                        ("item", &["channel", "rss"])
                    } else {
                        let mut feed = BytesStart::new("feed");
                        feed.push_attribute(("xmlns", ATOM_NAMESPACE));
                        feed.push_attribute(("xmlns:g", GMC_NAMESPACE));
                        writer.write_event(Event::Start(feed))?;
                        write_text(&mut writer, "title", "Products")?;
                        ("entry", &["feed"])
                    };
                Sink::Xml {
                    writer,
                    item,
                    close,
                }
            }
            OutputKind::Json => {
                let mut out = out;
                out.write_all(b"{\"products\": [")?;
                Sink::Json { out, first: true }
            }
            OutputKind::Ndjson => Sink::Ndjson { out },
        };
        Ok(Self { sink })
    }

    /// Writes one product.
    pub fn write(&mut self, p: &Product) -> Result<(), Error> {
        match &mut self.sink {
            Sink::Table {
                writer,
                layout,
                row,
            } => {
                layout.row(p, row);
                table_safe(row);
                if !row.is_empty() {
                    writer.write_record(row.iter()).map_err(csv_err)?;
                }
            }
            Sink::Xml { writer, item, .. } => write_xml_item(writer, item, p, *item == "entry")?,
            Sink::Json { .. } | Sink::Ndjson { .. } => self.write_rendered(&render_product(p)?)?,
        }
        Ok(())
    }

    /// Writes one product's text from [`render_product`]: for the formats that
    /// [`OutputKind::renders_alone`] (an error for the others).
    pub fn write_rendered(&mut self, text: &[u8]) -> Result<(), Error> {
        match &mut self.sink {
            Sink::Json { out, first } => {
                out.write_all(if *first { b"\n  " } else { b",\n  " })?;
                *first = false;
                out.write_all(text)?;
            }
            Sink::Ndjson { out } => {
                out.write_all(text)?;
                out.write_all(b"\n")?;
            }
            Sink::Table { .. } | Sink::Xml { .. } => {
                return Err(Error::internal(
                    "a CSV, TSV or XML product cannot be written from text rendered apart",
                ));
            }
        }
        Ok(())
    }

    /// Ends the output and returns the writer. For JSON, `request_fields` (a request body's
    /// fields other than `products`) are written after the products.
    pub fn finish(self, request_fields: Option<&Map<String, Value>>) -> Result<W, Error> {
        match self.sink {
            Sink::Table { writer, .. } => writer
                .into_inner()
                .map_err(|e| Error::from(std::io::Error::new(e.error().kind(), e.to_string()))),
            Sink::Xml {
                mut writer, close, ..
            } => {
                for name in close {
                    writer.write_event(Event::End(BytesEnd::new(*name)))?;
                }
                let mut out = writer.into_inner();
                out.write_all(b"\n")?;
                Ok(out)
            }
            Sink::Json { mut out, first } => {
                out.write_all(if first { b"]" } else { b"\n]" })?;
                if let Some(fields) = request_fields {
                    for (k, v) in fields {
                        out.write_all(b",\n")?;
                        serde_json::to_writer(&mut out, k).map_err(json_err)?;
                        out.write_all(b": ")?;
                        serde_json::to_writer(&mut out, v).map_err(json_err)?;
                    }
                }
                out.write_all(b"}\n")?;
                Ok(out)
            }
            Sink::Ndjson { out } => Ok(out),
        }
    }
}

fn csv_err(e: csv::Error) -> Error {
    match e.into_kind() {
        csv::ErrorKind::Io(io) => Error::from(io),
        other => Error::internal(format!("cannot write CSV: {other:?}")),
    }
}

fn json_err(e: serde_json::Error) -> Error {
    Error::from(std::io::Error::from(e))
}

/// A product's text in the formats that [`OutputKind::renders_alone`]: its JSON object.
pub fn render_product(p: &Product) -> Result<Vec<u8>, Error> {
    let mut text = Vec::with_capacity(1024);
    serde_json::to_writer(&mut text, &ProductJson(p)).map_err(json_err)?;
    Ok(text)
}

/// A product as a JSON object (GMC snake_case names), serialised straight from the product: no
/// JSON value is built and no text copied. The keys come in sorted order, as in a JSON map of
/// them (`product_json` in the tests, the definition this must agree with); a key given twice
/// keeps its last value.
pub struct ProductJson<'a>(pub &'a Product);

/// One member of a [`ProductJson`] object.
enum Member<'a> {
    Text(&'a str),
    Texts(&'a [String]),
    Shipping(&'a [Shipping]),
    Tax(&'a [Tax]),
    Performance(CurrentPerformance),
}

impl Serialize for ProductJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let p = self.0;
        let mut members: Vec<(&str, Member<'_>)> = Vec::with_capacity(p.attributes().len() + 3);
        for a in p.attributes() {
            let member = match a.values.as_slice() {
                [] => continue,
                [one] => Member::Text(one),
                many => Member::Texts(many),
            };
            members.push((written_name(&a.name), member));
        }
        if !p.shipping.is_empty() {
            members.push(("shipping", Member::Shipping(&p.shipping)));
        }
        if !p.tax.is_empty() {
            members.push(("tax", Member::Tax(&p.tax)));
        }
        if let Some(perf) = p.performance {
            members.push(("currentPerformance", Member::Performance(perf)));
        }
        // Stable: of equal keys the last added comes last, and only the last is written.
        members.sort_by(|a, b| a.0.cmp(b.0));
        let mut map = serializer.serialize_map(None)?;
        for (i, (key, member)) in members.iter().enumerate() {
            if members.get(i + 1).is_some_and(|next| next.0 == *key) {
                continue;
            }
            match member {
                Member::Text(v) => map.serialize_entry(key, v)?,
                Member::Texts(v) => map.serialize_entry(key, v)?,
                Member::Shipping(list) => {
                    map.serialize_entry(
                        key,
                        &Objects(list, &SORTED_SHIPPING_FIELDS, names::shipping_get),
                    )?;
                }
                Member::Tax(list) => {
                    map.serialize_entry(key, &Objects(list, &SORTED_TAX_FIELDS, names::tax_get))?;
                }
                Member::Performance(perf) => map.serialize_entry(key, &Performance(*perf))?,
            }
        }
        map.end()
    }
}

/// The `shipping` and `tax` sub-attribute names in sorted order (the order of a JSON map's keys),
/// sorted once rather than for every product.
static SORTED_SHIPPING_FIELDS: LazyLock<Vec<&'static str>> =
    LazyLock::new(|| sorted(SHIPPING_FIELDS));
static SORTED_TAX_FIELDS: LazyLock<Vec<&'static str>> = LazyLock::new(|| sorted(TAX_FIELDS));

fn sorted(fields: &[&'static str]) -> Vec<&'static str> {
    let mut fields = fields.to_vec();
    fields.sort_unstable();
    fields
}

/// `shipping` or `tax` entries as an array of objects: each entry's given sub-attributes, in
/// the order of `fields` (sorted, as in a JSON map).
struct Objects<'a, T>(
    &'a [T],
    &'static [&'static str],
    fn(&'a T, &str) -> Option<&'a str>,
);

impl<T> Serialize for Objects<'_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for entry in self.0 {
            seq.serialize_element(&Object(self.1, entry, self.2))?;
        }
        seq.end()
    }
}

/// One `shipping` or `tax` entry: its given sub-attributes, in the order of the fields.
struct Object<'f, 'a, T>(
    &'f [&'static str],
    &'a T,
    fn(&'a T, &str) -> Option<&'a str>,
);

impl<T> Serialize for Object<'_, '_, T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for f in self.0 {
            if let Some(v) = (self.2)(self.1, f) {
                map.serialize_entry(f, v)?;
            }
        }
        map.end()
    }
}

/// `currentPerformance`: its finite figures (a JSON number cannot be NaN or infinite).
struct Performance(CurrentPerformance);

impl Serialize for Performance {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for (k, v) in [
            ("clickThroughRate", self.0.click_through_rate),
            ("conversionRate", self.0.conversion_rate),
            ("monthlyRevenue", self.0.monthly_revenue),
        ] {
            if let Some(v) = v.filter(|v| v.is_finite()) {
                map.serialize_entry(k, &v)?;
            }
        }
        map.end()
    }
}

/// Whether a character may stand in an element name as written (`xml_name`).
fn xml_name_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_' || c == '-' || c == '.'
}

/// Whether `name` is written as an element name unchanged (`xml_name` keeps it).
fn xml_name_char_ok(name: &str) -> bool {
    name.starts_with(|c: char| c.is_alphabetic() || c == '_') && name.chars().all(xml_name_char)
}

/// An attribute name as an XML element name: characters outside XML names become `_`.
fn xml_name(name: &str) -> String {
    let mut s: String = name
        .chars()
        .map(|c| if xml_name_char(c) { c } else { '_' })
        .collect();
    if !s.starts_with(|c: char| c.is_alphabetic() || c == '_') {
        s.insert(0, '_');
    }
    format!("g:{s}")
}

/// Whether XML 1.0 can carry `c` (its `Char` production): not a control character other than
/// The cells of a CSV/TSV line with each NUL character written as U+FFFD: a NUL byte makes a
/// file binary data to every reader of delimited text, feedlint's among them, so the output
/// would not read back. (A NUL reaches a product only from a JSON `\u0000` escape, which the
/// JSON reader reports.) XML output replaces it too ([`xml_safe`]).
fn table_safe(cells: &mut [String]) {
    for cell in cells {
        if memchr::memchr(0, cell.as_bytes()).is_some() {
            *cell = cell.replace('\0', "\u{FFFD}");
        }
    }
}

/// tab, newline and carriage return, not a surrogate (which a `char` never is), not U+FFFE or
/// U+FFFF.
#[must_use]
pub fn xml_char(c: char) -> bool {
    matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{FFFD}' | '\u{10000}'..)
}

/// `v` with every character XML 1.0 cannot carry replaced by U+FFFD: written raw, it would make
/// the whole document ill-formed (`convert` warns, [`OutputKind::uncarried_chars`]).
fn xml_safe(v: &str) -> std::borrow::Cow<'_, str> {
    if v.chars().all(xml_char) {
        std::borrow::Cow::Borrowed(v)
    } else {
        std::borrow::Cow::Owned(
            v.chars()
                .map(|c| if xml_char(c) { c } else { '\u{FFFD}' })
                .collect(),
        )
    }
}

/// XML text with the five entities escaped, `\r` as a character reference, and what XML cannot
/// carry replaced ([`xml_safe`]).
fn escape_text(v: &str) -> String {
    let v = xml_safe(v);
    let e = quick_xml::escape::escape(&*v);
    if e.contains('\r') {
        e.replace('\r', "&#13;")
    } else {
        e.into_owned()
    }
}

fn write_text<W: Write>(
    w: &mut quick_xml::Writer<W>,
    name: &str,
    value: &str,
) -> std::io::Result<()> {
    if value.is_empty() {
        return w.write_event(Event::Empty(BytesStart::new(name)));
    }
    w.write_event(Event::Start(BytesStart::new(name)))?;
    w.write_event(Event::Text(BytesText::from_escaped(escape_text(value))))?;
    w.write_event(Event::End(BytesEnd::new(name)))
}

fn write_xml_item<W: Write>(
    w: &mut quick_xml::Writer<W>,
    item: &str,
    p: &Product,
    atom: bool,
) -> std::io::Result<()> {
    w.write_event(Event::Start(BytesStart::new(item)))?;
    for a in p.attributes() {
        // Atom entries carry a single title, link, description and id as Atom core elements
        // (GMC 160593: `title`, `link href`, `summary`, `id`).
        if let (true, [v]) = (atom, a.values.as_slice()) {
            match &*a.name {
                "title" | "id" => {
                    write_text(w, &a.name, v)?;
                    continue;
                }
                "description" => {
                    write_text(w, "summary", v)?;
                    continue;
                }
                "link" if !v.contains(['\t', '\n', '\r']) && v.chars().all(xml_char) => {
                    let mut link = BytesStart::new("link");
                    link.push_attribute(("href", v.as_str()));
                    w.write_event(Event::Empty(link))?;
                    continue;
                }
                _ => {}
            }
        }
        let name = xml_name(written_name(&a.name));
        for v in &a.values {
            write_text(w, &name, v)?;
        }
    }
    for s in &p.shipping {
        write_group(w, "g:shipping", SHIPPING_FIELDS, |f| {
            names::shipping_get(s, f)
        })?;
    }
    for t in &p.tax {
        write_group(w, "g:tax", TAX_FIELDS, |f| names::tax_get(t, f))?;
    }
    w.write_event(Event::End(BytesEnd::new(item)))
}

fn write_group<'a, W: Write>(
    w: &mut quick_xml::Writer<W>,
    name: &str,
    fields: &[&str],
    get: impl Fn(&str) -> Option<&'a str>,
) -> std::io::Result<()> {
    w.write_event(Event::Start(BytesStart::new(name)))?;
    for f in fields {
        if let Some(v) = get(f) {
            write_text(w, &format!("g:{f}"), v)?;
        }
    }
    w.write_event(Event::End(BytesEnd::new(name)))
}

/// Writes products in memory (for tests and small conversions): the layout is computed first.
pub fn write_all_to_vec(kind: OutputKind, products: &[Product]) -> Result<Vec<u8>, Error> {
    let layout = kind.needs_layout().then(|| {
        let mut l = TableLayout::new();
        for p in products {
            l.observe(p);
        }
        l
    });
    let mut w = FeedWriter::new(kind, Vec::new(), layout)?;
    for p in products {
        w.write(p)?;
    }
    w.finish(None)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Characters XML 1.0 cannot carry are written as U+FFFD, so the document stays well-formed
    /// and reads back; the other formats keep them.
    #[test]
    fn xml_outputs_replace_what_xml_cannot_carry() {
        let mut p = Product::default();
        p.set("id", "A1\u{1b}[31m");
        p.set("title", "Bell\u{7} \u{fffe} tab\tkept");
        p.set("link", "https://e.com/\u{1}a");
        p.shipping.push(crate::model::Shipping {
            country: Some("US\u{0}".into()),
            price: Some("4.95 USD".into()),
            ..crate::model::Shipping::default()
        });
        for kind in [OutputKind::Rss, OutputKind::Atom] {
            assert_eq!(
                kind.uncarried_chars(&p),
                [
                    ("id", '\u{1b}'),
                    ("title", '\u{7}'),
                    ("link", '\u{1}'),
                    ("shipping", '\u{0}')
                ]
            );
            let xml = String::from_utf8(write_all_to_vec(kind, &[p.clone()]).unwrap()).unwrap();
            let mut r = quick_xml::Reader::from_str(&xml);
            loop {
                match r.read_event() {
                    Ok(Event::Eof) => break,
                    Ok(_) => {}
                    Err(e) => panic!("{kind:?}: {e}\n{xml}"),
                }
            }
            assert!(!xml.chars().any(|c| !xml_char(c)), "{xml}");
            assert!(xml.contains("A1\u{fffd}[31m"), "{xml}");
            assert!(xml.contains("Bell\u{fffd} \u{fffd} tab\tkept"), "{xml}");
        }
        assert!(OutputKind::Csv.uncarried_chars(&p).is_empty());
        // CSV and TSV write a NUL as U+FFFD, in values and names: the output reads back.
        let mut p = Product::default();
        p.set("id", "1");
        p.set("title", "a\0b");
        p.set("odd\0name", "x");
        for kind in [OutputKind::Csv, OutputKind::Tsv] {
            let out = String::from_utf8(write_all_to_vec(kind, &[p.clone()]).unwrap()).unwrap();
            assert!(!out.contains('\0'), "{out:?}");
            assert!(out.contains("a\u{fffd}b"), "{out:?}");
            assert!(out.contains("odd\u{fffd}name"), "{out:?}");
        }
        assert!(!xml_char('\u{ffff}') && xml_char('\u{10000}') && xml_char('\u{85}'));
    }

    #[test]
    fn xml_outputs_say_which_attribute_names_they_change() {
        for kind in [OutputKind::Rss, OutputKind::Atom] {
            assert_eq!(kind.renamed_attribute("gtin"), None);
            assert_eq!(kind.renamed_attribute("custom_label_0"), None);
            assert_eq!(kind.renamed_attribute("market_product_category"), None);
            assert_eq!(
                kind.renamed_attribute("weird key!").as_deref(),
                Some("g:weird_key_")
            );
            assert_eq!(kind.renamed_attribute("3d").as_deref(), Some("g:_3d"));
        }
        for kind in [
            OutputKind::Csv,
            OutputKind::Tsv,
            OutputKind::Ndjson,
            OutputKind::Json,
        ] {
            assert_eq!(kind.renamed_attribute("weird key!"), None);
        }
    }
    use proptest::prelude::*;

    /// The definition [`ProductJson`] must agree with: the product built as a JSON value.
    fn product_json(p: &Product) -> Value {
        let mut obj = Map::new();
        for a in p.attributes() {
            let v = match a.values.as_slice() {
                [] => continue,
                [one] => Value::String(one.clone()),
                many => Value::Array(many.iter().cloned().map(Value::String).collect()),
            };
            obj.insert(written_name(&a.name).to_owned(), v);
        }
        let sub = |fields: &[&str], get: &dyn Fn(&str) -> Option<String>| {
            let mut m = Map::new();
            for f in fields {
                if let Some(v) = get(f) {
                    m.insert((*f).to_owned(), Value::String(v));
                }
            }
            Value::Object(m)
        };
        if !p.shipping.is_empty() {
            let list = p
                .shipping
                .iter()
                .map(|s| {
                    sub(SHIPPING_FIELDS, &|f| {
                        names::shipping_get(s, f).map(str::to_owned)
                    })
                })
                .collect();
            obj.insert("shipping".into(), Value::Array(list));
        }
        if !p.tax.is_empty() {
            let list = p
                .tax
                .iter()
                .map(|t| sub(TAX_FIELDS, &|f| names::tax_get(t, f).map(str::to_owned)))
                .collect();
            obj.insert("tax".into(), Value::Array(list));
        }
        if let Some(perf) = p.performance {
            let mut m = Map::new();
            let mut put = |k: &str, v: Option<f64>| {
                if let Some(v) = v.and_then(serde_json::Number::from_f64) {
                    m.insert(k.into(), Value::Number(v));
                }
            };
            put("clickThroughRate", perf.click_through_rate);
            put("conversionRate", perf.conversion_rate);
            put("monthlyRevenue", perf.monthly_revenue);
            obj.insert("currentPerformance".into(), Value::Object(m));
        }
        Value::Object(obj)
    }

    fn figure() -> impl Strategy<Value = Option<f64>> {
        prop_oneof![
            Just(None),
            Just(Some(f64::NAN)),
            Just(Some(f64::INFINITY)),
            (-1e6f64..1e6).prop_map(Some),
        ]
    }

    proptest! {
        /// Names that collide once written (`market_product_category` is written as
        /// `google_product_category`), several values, `shipping`, `tax` and figures that are
        /// not JSON numbers: the same text as the JSON value gives.
        #[test]
        fn product_json_is_the_json_value(
            attrs in prop::collection::vec(
                (
                    prop::sample::select(vec![
                        "id", "title", "market_product_category", "google_product_category",
                        "additional_image_link", "color", "tax", "shipping", "zeta", "a\"b",
                    ]),
                    prop::collection::vec("[a-z\"\\\n é]{0,6}", 1..3),
                ),
                0..8,
            ),
            ship in prop::collection::vec((prop::option::of("[A-Z]{2}"), prop::option::of("[0-9.]{1,4} USD")), 0..3),
            tax in prop::collection::vec((prop::option::of("[A-Z]{2}"), prop::option::of("[0-9.]{1,3}")), 0..3),
            perf in prop::option::of((figure(), figure(), figure())),
        ) {
            let mut p = Product::default();
            for (name, values) in &attrs {
                for v in values {
                    p.push(name, v.as_str());
                }
            }
            p.shipping = ship
                .into_iter()
                .map(|(country, price)| Shipping { country, price, ..Shipping::default() })
                .collect();
            p.tax = tax
                .into_iter()
                .map(|(country, rate)| Tax { country, rate, ..Tax::default() })
                .collect();
            p.performance = perf.map(|(a, b, c)| CurrentPerformance {
                click_through_rate: a,
                conversion_rate: b,
                monthly_revenue: c,
            });
            let direct = serde_json::to_string(&ProductJson(&p)).unwrap();
            let value = serde_json::to_string(&product_json(&p)).unwrap();
            prop_assert_eq!(direct, value);
        }
    }
}
