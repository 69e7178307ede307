//! RSS 2.0 and Atom 1.0 feeds with the GMC namespace `http://base.google.com/ns/1.0`
//! (GMC 160567, 160593).
//!
//! Responsible for: streaming `<item>`/`<entry>` elements one at a time, matching the GMC
//! namespace by URI (any prefix, or a default namespace), taking the RSS core elements
//! (`title`, `link`, `description`) and Atom's (`title`, `link href`, `summary`, `id`) when no
//! GMC element gives the same attribute, parsing `shipping`/`tax` from sub-elements or from
//! their text form, CDATA and entities. A malformed child becomes a read issue of its item;
//! XML that is not well-formed stops the feed with a located diagnostic. No DTD is processed and
//! no entity other than the five predefined ones and character references is expanded.

use std::borrow::Cow;
use std::io::{BufRead, Read};
use std::sync::Arc;

use quick_xml::NsReader;
use quick_xml::events::{BytesStart, Event};
use quick_xml::name::{Namespace, ResolveResult};

use super::FeedKind;
use super::names::{self, SHIPPING_DEFAULT_ORDER, TAX_DEFAULT_ORDER, canonical_name, static_name};
use super::source::{self, Decoded, DynRead, Origin, Pos};
use crate::error::Error;
use crate::model::{Attribute, Product, ReadIssue, Shipping, SourceLocation, Tax};

/// The GMC namespace (GMC 160567); matched by URI, never by the `g:` prefix.
pub const GMC_NAMESPACE: &str = "http://base.google.com/ns/1.0";
/// The Atom 1.0 namespace (RFC 4287).
pub const ATOM_NAMESPACE: &str = "http://www.w3.org/2005/Atom";

/// Counts the lines of the bytes the XML parser has consumed, so an item knows its line.
///
/// Its own buffer rather than a `BufReader`, so the count can wait until a line is asked for:
/// quick-xml consumes a tag or a text at a time, and counting each of those small pieces cost more
/// than parsing them. [`LineCount::line`] counts the bytes consumed since the last question in one
/// vectorised pass; a refill first counts what is left of the old buffer.
struct LineCount {
    inner: DynRead,
    buf: Box<[u8]>,
    /// `buf[pos..filled]` is not consumed yet.
    pos: usize,
    filled: usize,
    /// `line` includes the newlines of `buf[..counted]`.
    counted: usize,
    line: u64,
}

impl LineCount {
    fn new(inner: DynRead) -> Self {
        Self {
            inner,
            buf: vec![0; source::BUF_BYTES].into_boxed_slice(),
            pos: 0,
            filled: 0,
            counted: 0,
            line: 1,
        }
    }

    /// The 1-based line of the next byte the parser will consume.
    fn line(&mut self) -> u64 {
        self.line += source::count_newlines(&self.buf[self.counted..self.pos]);
        self.counted = self.pos;
        self.line
    }

    /// [`LineCount::line`] without remembering the count: for error messages, where `&self` is
    /// all there is.
    fn line_now(&self) -> u64 {
        self.line + source::count_newlines(&self.buf[self.counted..self.pos])
    }
}

impl Read for LineCount {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let avail = self.fill_buf()?;
            let n = avail.len().min(buf.len());
            buf[..n].copy_from_slice(&avail[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for LineCount {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.pos >= self.filled {
            // Everything of the old buffer is consumed: count it before it is overwritten.
            self.line += source::count_newlines(&self.buf[self.counted..self.filled]);
            self.counted = self.filled;
            let n = self.inner.read(&mut self.buf)?;
            self.pos = 0;
            self.filled = n;
            self.counted = 0;
        }
        Ok(&self.buf[self.pos..self.filled])
    }

    fn consume(&mut self, amt: usize) {
        self.pos = (self.pos + amt).min(self.filled);
    }
}

pub(crate) struct XmlReader {
    reader: NsReader<LineCount>,
    buf: Vec<u8>,
    kind: FeedKind,
    label: Arc<str>,
    origin: Origin,
    index: u64,
    /// Element depth outside items (the root is depth 1).
    depth: usize,
    root_closed: bool,
    names: NameCache,
    /// How many attributes the previous item had: room reserved for the next one.
    attributes_hint: usize,
}

/// The most element names [`NameCache`] remembers: far more than any feed's schema has, and a
/// bound on its memory when a hostile feed invents a new name for every element.
const NAME_CACHE_MAX: usize = 256;

/// Canonical attribute names by element local name, learned while the feed is read. Every item
/// repeats the same elements, nearly always in the same order, so a look-up is usually one
/// comparison: with the entry after the previous hit. A name the catalog knows comes back
/// borrowed, so the product gets it without an allocation.
#[derive(Default)]
struct NameCache {
    entries: Vec<(Box<[u8]>, Cow<'static, str>)>,
    next: usize,
}

impl NameCache {
    /// [`canonical_name`] of the element's local name, as [`static_name`] gives it.
    fn get(&mut self, local: &[u8]) -> Cow<'static, str> {
        let hit = if self
            .entries
            .get(self.next)
            .is_some_and(|(key, _)| **key == *local)
        {
            Some(self.next)
        } else {
            self.entries.iter().position(|(key, _)| **key == *local)
        };
        if let Some(i) = hit {
            self.next = i + 1;
            return self.entries[i].1.clone();
        }
        let name = static_name(&canonical_name(&String::from_utf8_lossy(local)));
        if self.entries.len() < NAME_CACHE_MAX {
            self.entries.push((local.into(), name.clone()));
            self.next = self.entries.len();
        }
        name
    }
}

/// Where the value of an item child goes.
enum Target {
    /// A GMC-namespace element, or an element of another namespace: the attribute of that name.
    Attribute(Cow<'static, str>),
    /// An RSS/Atom core element: used when the GMC element is absent.
    Core(&'static str),
    /// Atom `<link href>`.
    AtomLink,
}

/// The content of one child element of an item.
#[derive(Default)]
struct Child {
    text: String,
    subs: Vec<(String, String)>,
    has_text: bool,
}

impl XmlReader {
    pub(crate) fn new(decoded: Decoded, label: Arc<str>) -> Result<Self, Error> {
        let inner = LineCount::new(decoded.reader);
        let mut reader = NsReader::from_reader(inner);
        reader.config_mut().check_end_names = true;
        let mut r = Self {
            reader,
            buf: Vec::with_capacity(4096),
            kind: FeedKind::Rss,
            label,
            origin: decoded.origin,
            index: 0,
            depth: 0,
            root_closed: false,
            names: NameCache::default(),
            attributes_hint: 0,
        };
        r.read_root()?;
        Ok(r)
    }

    pub(crate) fn kind(&self) -> FeedKind {
        self.kind
    }

    fn read_root(&mut self) -> Result<(), Error> {
        loop {
            self.buf.clear();
            let ev = self.reader.read_resolved_event_into(&mut self.buf);
            match ev {
                Ok((_, Event::Start(e))) => {
                    let name = e.local_name().as_ref().to_ascii_lowercase();
                    self.kind = match name.as_slice() {
                        b"rss" | b"rdf" | b"channel" => FeedKind::Rss,
                        b"feed" => FeedKind::Atom,
                        other => {
                            let html = other == b"html";
                            let other = String::from_utf8_lossy(other).into_owned();
                            return Err(self.located(
                                Pos::Offset(self.reader.buffer_position()),
                                &format!(
                                    "the root element <{other}> is neither RSS <rss> nor Atom <feed>"
                                ),
                                Some(if html {
                                    "this is an HTML page, not a feed: did the download return \
                                     an error or login page instead of the feed?"
                                } else {
                                    "feedlint reads RSS 2.0 and Atom 1.0 product feeds"
                                }),
                            ));
                        }
                    };
                    self.depth = 1;
                    return Ok(());
                }
                Ok((_, Event::Text(t))) if t.iter().all(u8::is_ascii_whitespace) => {}
                Ok((_, Event::Decl(_) | Event::PI(_) | Event::Comment(_) | Event::DocType(_))) => {}
                Ok((_, Event::Text(_) | Event::CData(_))) => {
                    return Err(self.located(
                        Pos::Offset(self.reader.buffer_position()),
                        "text before the root element: this is not an XML feed",
                        Some("is this file HTML, or in another format than its name says?"),
                    ));
                }
                Ok((_, Event::Empty(_))) => {
                    return Err(self.located(
                        Pos::Offset(self.reader.buffer_position()),
                        "the root element is empty: the feed has no channel or items",
                        None,
                    ));
                }
                Ok((_, Event::End(_))) => {
                    return Err(self.located(
                        Pos::Offset(self.reader.buffer_position()),
                        "an end tag before any start tag",
                        None,
                    ));
                }
                Ok((_, Event::Eof)) => {
                    return Err(Error::input(format!(
                        "{}: no XML root element: the feed has no items",
                        self.label
                    )));
                }
                Err(e) => return Err(self.xml_error(&e)),
            }
        }
    }

    fn located(&self, pos: Pos, problem: &str, help: Option<&str>) -> Error {
        source::syntax_error(&self.label, &self.origin, pos, problem, help)
    }

    fn xml_error(&self, e: &quick_xml::Error) -> Error {
        if let quick_xml::Error::Io(io) = e {
            return source::io_error(&self.label, io);
        }
        self.located(
            Pos::Offset(self.reader.error_position()),
            &format!("not well-formed XML: {e}"),
            Some("fix the XML syntax at this position; the rest of the feed cannot be read"),
        )
    }

    fn is_item(kind: FeedKind, e: &BytesStart<'_>) -> bool {
        let local = e.local_name();
        match kind {
            FeedKind::Atom => local.as_ref() == b"entry",
            _ => local.as_ref() == b"item",
        }
    }

    pub(crate) fn next(&mut self) -> Option<Result<Product, Error>> {
        loop {
            self.buf.clear();
            let ev = self.reader.read_resolved_event_into(&mut self.buf);
            match ev {
                Ok((_, Event::Start(e))) => {
                    if self.root_closed {
                        return Some(Err(self.after_root()));
                    }
                    if Self::is_item(self.kind, &e) {
                        let line = self.reader.get_mut().line();
                        return Some(self.read_item(line));
                    }
                    self.depth += 1;
                }
                Ok((_, Event::Empty(e))) => {
                    if self.root_closed {
                        return Some(Err(self.after_root()));
                    }
                    if Self::is_item(self.kind, &e) {
                        let line = self.reader.get_mut().line();
                        let p = Product::new(self.location(line));
                        self.index += 1;
                        return Some(Ok(p));
                    }
                }
                Ok((_, Event::End(_))) => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        self.root_closed = true;
                    }
                }
                Ok((_, Event::Text(t))) => {
                    if self.root_closed && !t.iter().all(u8::is_ascii_whitespace) {
                        return Some(Err(self.after_root()));
                    }
                }
                Ok((_, Event::Eof)) => {
                    if !self.root_closed {
                        return Some(Err(self.located(
                            Pos::LineCol(self.reader.get_ref().line_now(), 1),
                            "unexpected end of file: the root element is not closed",
                            Some("the file is probably truncated"),
                        )));
                    }
                    if self.index == 0 {
                        return Some(Err(self.no_items()));
                    }
                    return None;
                }
                Ok(_) => {}
                Err(e) => return Some(Err(self.xml_error(&e))),
            }
        }
    }

    /// A well-formed feed without a single item or entry.
    fn no_items(&self) -> Error {
        let (what, help) = match self.kind {
            FeedKind::Atom => (
                "the Atom feed has no <entry> elements",
                "add one <entry> per product inside <feed>",
            ),
            _ => (
                "the RSS channel has no <item> elements",
                "add one <item> per product inside <channel>",
            ),
        };
        Error::input(format!("{}: {what}: the feed has no products", self.label)).with_help(help)
    }

    fn after_root(&self) -> Error {
        self.located(
            Pos::Offset(self.reader.buffer_position()),
            "content after the end of the root element",
            None,
        )
    }

    /// The end of the file inside the item that starts at `item_line`.
    fn eof_in_item(&self, item_line: u64) -> Error {
        self.located(
            Pos::LineCol(self.reader.get_ref().line_now(), 1),
            &format!(
                "unexpected end of file inside the item that starts at line {item_line}: the \
                 file is truncated"
            ),
            Some("the file is probably truncated: export or download it again"),
        )
    }

    fn location(&self, line: u64) -> SourceLocation {
        SourceLocation::new(self.label.clone(), line, self.index)
    }

    /// Reads one item after its start tag, up to and including its end tag.
    fn read_item(&mut self, line: u64) -> Result<Product, Error> {
        let mut p = Product::new(self.location(line));
        p.attributes.reserve(self.attributes_hint);
        self.index += 1;
        let mut core: Vec<(&'static str, String)> = Vec::new();
        let kind = self.kind;
        loop {
            self.buf.clear();
            let ev = self.reader.read_resolved_event_into(&mut self.buf);
            let (target, href, empty) = match ev {
                Ok((ns, Event::Start(e))) => {
                    let t = Self::target(kind, &ns, &e, &mut self.names);
                    let href = atom_href(&t, &e);
                    (t, href, false)
                }
                Ok((ns, Event::Empty(e))) => {
                    let t = Self::target(kind, &ns, &e, &mut self.names);
                    let href = atom_href(&t, &e);
                    (t, href, true)
                }
                Ok((_, Event::End(_))) => break,
                Ok((_, Event::Eof)) => return Err(self.eof_in_item(line)),
                Ok((_, Event::Text(t))) => {
                    if !t.iter().all(u8::is_ascii_whitespace) {
                        let child_line = self.reader.get_mut().line();
                        let message = if t.trim_ascii() == "\u{feff}".as_bytes() {
                            "a byte order mark (U+FEFF) in the middle of the file, directly \
                             inside the item: were several files concatenated?"
                        } else {
                            "text directly inside the item, outside any attribute element"
                        };
                        p.read_issues.push(ReadIssue {
                            line: child_line,
                            message: message.into(),
                        });
                    }
                    continue;
                }
                Ok(_) => continue,
                Err(e) => return Err(self.xml_error(&e)),
            };
            let child_line = self.reader.get_mut().line();
            let child = if empty {
                Child::default()
            } else {
                self.read_child(&mut p, child_line)?
            };
            match target {
                Target::AtomLink => {
                    core.push(("link", href.unwrap_or(child.text)));
                }
                Target::Core(name) => core.push((name, child.text)),
                Target::Attribute(name) => match &*name {
                    "shipping" => Self::shipping(&mut p, child, child_line),
                    "tax" => Self::tax(&mut p, child, child_line),
                    _ => {
                        if child.subs.is_empty() {
                            push_owned(&mut p, name, child.text);
                        } else {
                            if child.has_text {
                                p.read_issues.push(ReadIssue {
                                    line: child_line,
                                    message: format!(
                                        "<{name}> mixes text and sub-elements; the text is ignored"
                                    ),
                                });
                            }
                            // Group attributes (installment, product_detail, certification...)
                            // in GMC's text form: sub-values joined by `:`.
                            let joined: Vec<&str> =
                                child.subs.iter().map(|(_, v)| v.as_str()).collect();
                            p.push(&name, joined.join(":"));
                        }
                    }
                },
            }
        }
        // A GMC element wins over the core element of the same attribute (GMC 160567).
        let taken: Vec<bool> = core.iter().map(|(name, _)| p.has(name)).collect();
        for ((name, value), taken) in core.into_iter().zip(taken) {
            if !taken {
                p.push(name, value);
            }
        }
        self.attributes_hint = p.attributes.len();
        Ok(p)
    }

    fn target(
        kind: FeedKind,
        ns: &ResolveResult<'_>,
        e: &BytesStart<'_>,
        names: &mut NameCache,
    ) -> Target {
        let local_name = e.local_name();
        let local = local_name.as_ref();
        let core_ns = match ns {
            ResolveResult::Bound(Namespace(uri)) => *uri == ATOM_NAMESPACE.as_bytes(),
            ResolveResult::Unbound => true,
            ResolveResult::Unknown(_) => false,
        };
        let is_gmc =
            matches!(ns, ResolveResult::Bound(Namespace(uri)) if *uri == GMC_NAMESPACE.as_bytes());
        if core_ns && !is_gmc {
            match (kind, local) {
                (_, b"title") => return Target::Core("title"),
                (FeedKind::Atom, b"link") => return Target::AtomLink,
                (_, b"link") => return Target::Core("link"),
                (_, b"description") | (FeedKind::Atom, b"summary") => {
                    return Target::Core("description");
                }
                (FeedKind::Atom, b"id") => return Target::Core("id"),
                _ => {}
            }
        }
        Target::Attribute(names.get(local))
    }

    /// Reads the content of a child element up to its end tag: its text, and its sub-elements
    /// (one level) as (canonical name, text).
    fn read_child(&mut self, p: &mut Product, line: u64) -> Result<Child, Error> {
        let mut child = Child::default();
        let mut depth = 0usize;
        let mut sub: Option<(String, String)> = None;
        loop {
            self.buf.clear();
            let ev = self.reader.read_resolved_event_into(&mut self.buf);
            match ev {
                Ok((_, Event::Start(e))) => {
                    depth += 1;
                    if depth == 1 {
                        let name = self.names.get(e.local_name().as_ref()).into_owned();
                        sub = Some((name, String::new()));
                    } else if depth == 2 {
                        p.read_issues.push(ReadIssue {
                            line: self.reader.get_ref().line_now(),
                            message: "an attribute element nested more than two levels deep; \
                                      its content is ignored"
                                .into(),
                        });
                    }
                }
                Ok((_, Event::Empty(e))) => {
                    if depth == 0 {
                        let name = self.names.get(e.local_name().as_ref()).into_owned();
                        child.subs.push((name, String::new()));
                    }
                }
                Ok((_, Event::End(_))) => {
                    if depth == 0 {
                        break;
                    }
                    if depth == 1
                        && let Some(s) = sub.take()
                    {
                        child.subs.push(s);
                    }
                    depth -= 1;
                }
                Ok((_, Event::Text(t))) => {
                    let text = match t.unescape() {
                        Ok(s) => s,
                        Err(e) => {
                            let note = if matches!(e, quick_xml::Error::Escape(_)) {
                                " (only the five predefined XML entities and character \
                                 references are expanded; entities declared in a DOCTYPE never \
                                 are)"
                            } else {
                                ""
                            };
                            p.read_issues.push(ReadIssue {
                                line,
                                message: format!("{e}{note}; the text is kept as written"),
                            });
                            Cow::Owned(String::from_utf8_lossy(&t).into_owned())
                        }
                    };
                    append_text(&mut child, sub.as_mut(), depth, &text);
                }
                Ok((_, Event::CData(t))) => {
                    let text = String::from_utf8_lossy(&t).into_owned();
                    append_text(&mut child, sub.as_mut(), depth, &text);
                }
                Ok((_, Event::Eof)) => return Err(self.eof_in_item(p.location.line)),
                Ok(_) => {}
                Err(e) => return Err(self.xml_error(&e)),
            }
        }
        if !child.subs.is_empty() && child.text.trim().is_empty() {
            child.text.clear();
            child.has_text = false;
        }
        Ok(child)
    }

    fn shipping(p: &mut Product, child: Child, line: u64) {
        if child.subs.is_empty() {
            let (list, problems) = names::parse_shipping_list(&child.text, SHIPPING_DEFAULT_ORDER);
            p.shipping.extend(list);
            push_issues(p, line, problems);
            return;
        }
        let mut s = Shipping::default();
        for (name, value) in child.subs {
            match names::shipping_field(&mut s, &name) {
                Some(slot) => *slot = (!value.is_empty()).then_some(value),
                None => p.read_issues.push(ReadIssue {
                    line,
                    message: format!(
                        "<shipping> has an unknown sub-attribute <{name}>; it is ignored"
                    ),
                }),
            }
        }
        p.shipping.push(s);
    }

    fn tax(p: &mut Product, child: Child, line: u64) {
        if child.subs.is_empty() {
            let (list, problems) = names::parse_tax_list(&child.text, TAX_DEFAULT_ORDER);
            p.tax.extend(list);
            push_issues(p, line, problems);
            return;
        }
        let mut t = Tax::default();
        for (name, value) in child.subs {
            match names::tax_field(&mut t, &name) {
                Some(slot) => *slot = (!value.is_empty()).then_some(value),
                None => p.read_issues.push(ReadIssue {
                    line,
                    message: format!("<tax> has an unknown sub-attribute <{name}>; it is ignored"),
                }),
            }
        }
        p.tax.push(t);
    }
}

/// The `href` of an Atom `<link>`.
fn atom_href(target: &Target, e: &BytesStart<'_>) -> Option<String> {
    match target {
        Target::AtomLink => e
            .try_get_attribute("href")
            .ok()
            .flatten()
            .and_then(|a| a.unescape_value().ok().map(Cow::into_owned)),
        _ => None,
    }
}

/// Adds a value under a name already made (no second allocation of the name).
fn push_owned(p: &mut Product, name: Cow<'static, str>, value: String) {
    if let Some(a) = p.attributes.iter_mut().find(|a| *a.name == *name) {
        a.values.push(value);
    } else {
        p.attributes.push(Attribute {
            name,
            values: smallvec::smallvec![value],
        });
    }
}

fn append_text(child: &mut Child, sub: Option<&mut (String, String)>, depth: usize, text: &str) {
    match (depth, sub) {
        (0, _) => {
            if !text.trim().is_empty() {
                child.has_text = true;
            }
            child.text.push_str(text);
        }
        (1, Some(s)) => s.1.push_str(text),
        _ => {}
    }
}

fn push_issues(p: &mut Product, line: u64, problems: Vec<String>) {
    for message in problems {
        p.read_issues.push(ReadIssue { line, message });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::fmt::Write as _;

    /// A reader that hands out at most `step` bytes per call, so the buffer is refilled often.
    struct Trickle {
        data: Vec<u8>,
        at: usize,
        step: usize,
    }

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.step.min(buf.len()).min(self.data.len() - self.at);
            buf[..n].copy_from_slice(&self.data[self.at..self.at + n]);
            self.at += n;
            Ok(n)
        }
    }

    proptest! {
        /// Whatever the pieces the parser consumes and however the input arrives, the line is
        /// one more than the newlines consumed so far.
        #[test]
        fn the_line_counts_every_consumed_newline(
            text in "[a-c\n]{0,400}",
            step in 1usize..40,
            takes in proptest::collection::vec(0usize..30, 1..60),
        ) {
            let data = text.into_bytes();
            let mut lc = LineCount::new(Box::new(Trickle { data: data.clone(), at: 0, step }));
            let mut consumed = 0usize;
            for take in takes.into_iter().cycle().take(200) {
                let avail = lc.fill_buf().unwrap().len();
                let n = take.min(avail);
                lc.consume(n);
                consumed += n;
                let want = 1 + source::count_newlines(&data[..consumed]);
                prop_assert_eq!(lc.line_now(), want);
                prop_assert_eq!(lc.line(), want);
            }
        }
    }

    #[test]
    fn the_name_cache_gives_canonical_names_and_stays_bounded() {
        let mut names = NameCache::default();
        for _ in 0..3 {
            assert!(matches!(
                names.get(b"image_link"),
                Cow::Borrowed("image_link")
            ));
            assert_eq!(names.get(b"imageLink"), "image_link");
            assert_eq!(
                names.get(b"google_product_category"),
                "market_product_category"
            );
            assert_eq!(names.get(b"customThing"), "custom_thing");
        }
        // Out of order, and past the bound: still the right names, never more entries.
        for i in 0..2 * NAME_CACHE_MAX {
            assert_eq!(names.get(format!("x{i}").as_bytes()), format!("x{i}"));
        }
        assert_eq!(names.get(b"imageLink"), "image_link");
        assert_eq!(names.entries.len(), NAME_CACHE_MAX);
    }

    #[test]
    fn items_know_their_line_across_buffer_refills() {
        // Items of 1 to 4 lines each, well past one read buffer (source::BUF_BYTES).
        let mut xml = String::from(
            "<?xml version=\"1.0\"?>\n<rss version=\"2.0\" xmlns:g=\"http://base.google.com/ns/1.0\">\n<channel>\n",
        );
        let mut line = 4u64;
        let mut want = Vec::new();
        let mut i = 0u64;
        while xml.len() < 3 * source::BUF_BYTES {
            want.push(line);
            let breaks = i % 4;
            write!(xml, "<item><g:id>{i}</g:id>").unwrap();
            for _ in 0..breaks {
                xml.push_str("\n<g:title>Merino wool crew neck sweater</g:title>");
            }
            xml.push_str("</item>\n");
            line += breaks + 1;
            i += 1;
        }
        xml.push_str("</channel>\n</rss>\n");
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("lines.xml");
        std::fs::write(&path, xml).unwrap();
        let got: Vec<u64> = crate::feed::open(&path, &crate::feed::ReadOptions::default())
            .unwrap()
            .map(|p| p.unwrap().location.line)
            .collect();
        assert_eq!(got, want);
    }
}
