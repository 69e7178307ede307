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

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};
use quick_xml::name::{NamespaceError, PrefixDeclaration};

use super::FeedKind;
use super::names::{self, NAME_CACHE_MAX, NameCache, SHIPPING_DEFAULT_ORDER, TAX_DEFAULT_ORDER};
use super::source::{self, Decoded, DynRead, Origin, Pos};
use crate::error::Error;
use crate::model::{Name, Product, ReadIssue, Shipping, SourceLocation, Tax, Trim};

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
    /// The position of `buf` whose line [`LineCount::marked_line`] will give, if asked.
    mark: Option<usize>,
    /// The line of the mark, worked out before a refill overwrote its buffer.
    marked: Option<u64>,
    /// The last byte read was a `\r`, kept for the next buffer: whether it ends a line on its
    /// own depends on the byte after it ([`LineCount::refill`]).
    held_cr: bool,
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
            mark: None,
            marked: None,
            held_cr: false,
        }
    }

    /// Remembers the position of the next byte the parser will consume, so that its line can be
    /// asked later ([`LineCount::marked_line`]) and is counted only when it is: nearly every item
    /// child is read without its line ever being needed.
    fn set_mark(&mut self) {
        self.mark = Some(self.pos);
        self.marked = None;
    }

    /// The line at the last [`LineCount::set_mark`].
    fn marked_line(&mut self) -> u64 {
        if let Some(line) = self.marked {
            return line;
        }
        let line = self.line_at_mark();
        self.marked = Some(line);
        line
    }

    /// The line of the mark in the current buffer (the line of the next byte without a mark).
    fn line_at_mark(&mut self) -> u64 {
        let Some(mark) = self.mark else {
            return self.line();
        };
        if mark >= self.counted {
            self.line += source::count_newlines(&self.buf[self.counted..mark]);
            self.counted = mark;
            self.line
        } else {
            self.line - source::count_newlines(&self.buf[mark..self.counted])
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
    /// quick-xml asks for the buffer about a hundred times per item: inlined, the question costs
    /// a comparison; the refill stays out of line.
    #[inline]
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.pos >= self.filled {
            self.refill()?;
        }
        Ok(&self.buf[self.pos..self.filled])
    }

    #[inline]
    fn consume(&mut self, amt: usize) {
        self.pos = (self.pos + amt).min(self.filled);
    }
}

impl LineCount {
    #[inline(never)]
    /// Reads the next buffer once everything of the old one is consumed, counting the old one's
    /// lines (and the mark's) before it is overwritten.
    fn refill(&mut self) -> std::io::Result<()> {
        if self.mark.is_some() && self.marked.is_none() {
            self.marked = Some(self.line_at_mark());
        }
        self.mark = None;
        self.line += source::count_newlines(&self.buf[self.counted..self.filled]);
        self.counted = self.filled;
        self.pos = 0;
        self.filled = 0;
        self.counted = 0;
        while self.filled == 0 {
            let start = usize::from(self.held_cr);
            if self.held_cr {
                self.buf[0] = b'\r';
                self.held_cr = false;
            }
            let read = self.inner.read(&mut self.buf[start..])?;
            let mut n = start + read;
            if n == 0 {
                break;
            }
            // XML 1.0 section 2.11: a `\r` not followed by `\n` is a line end, which the parser
            // reads as `\n` (classic Mac text). Byte for byte, so positions stay those of the
            // file; `\r\n` is left as written. A `\r` ending the read waits for the next byte.
            if read > 0 && self.buf[n - 1] == b'\r' {
                n -= 1;
                self.held_cr = true;
            }
            let mut from = 0;
            while let Some(k) = memchr::memchr(b'\r', &self.buf[from..n]) {
                let i = from + k;
                if i + 1 == n || self.buf[i + 1] != b'\n' {
                    self.buf[i] = b'\n';
                }
                from = i + 1;
            }
            self.filled = n;
        }
        Ok(())
    }
}

/// The namespace of an element name, as far as the reader needs to know it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ns {
    /// No prefix and no default namespace in scope (RSS 2.0's own elements).
    Unbound,
    /// The GMC namespace.
    Gmc,
    /// The Atom 1.0 namespace.
    Atom,
    /// Another declared namespace.
    Other,
    /// A prefix that no enclosing element declares.
    Unknown,
}

impl Ns {
    fn of_uri(uri: &[u8]) -> Self {
        if uri == GMC_NAMESPACE.as_bytes() {
            Ns::Gmc
        } else if uri == ATOM_NAMESPACE.as_bytes() {
            Ns::Atom
        } else {
            Ns::Other
        }
    }
}

/// The `xml` prefix's namespace (Namespaces in XML 1.0, section 3): the only URI it may be
/// declared with, and one no other prefix may be bound to.
const XML_NAMESPACE: &[u8] = b"http://www.w3.org/XML/1998/namespace";
/// The namespace of the `xmlns` prefix, which no declaration may bind.
const XMLNS_NAMESPACE: &[u8] = b"http://www.w3.org/2000/xmlns/";

/// The namespace declarations in scope, for resolving element names by URI.
///
/// quick-xml's `NsReader` does the same, generally: it parses the attributes of every start tag,
/// keeps every URI and resolves every start and end tag, which cost a product feed about 10,000
/// instructions per item (docs/performance-reading.md). Feeds declare their namespaces once, on
/// the root, so this keeps only what the reader asks (GMC, Atom, another or none), looks at a start
/// tag's attributes only when they contain `xmlns`, and resolves the start tags of item children.
/// The rules and errors are quick-xml's: a declaration applies to its element and everything
/// inside it, `xmlns=""` removes the default namespace, and the reserved `xml`/`xmlns` prefixes
/// cannot be re-bound.
#[derive(Default)]
struct Scopes {
    /// (element depth that declared it, prefix (empty: the default namespace), namespace).
    bindings: Vec<(usize, Box<[u8]>, Ns)>,
    /// Open elements.
    depth: usize,
}

/// Finds `xmlns`, the start of every namespace declaration.
static XMLNS: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
    std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"xmlns"));

impl Scopes {
    /// Enters a start tag: its declarations apply until the matching [`Scopes::close`].
    fn open(&mut self, e: &BytesStart<'_>) -> Result<(), NamespaceError> {
        self.depth += 1;
        // Most tags have no attributes: no search at all. The others are searched with a finder
        // built once (`memmem::find` builds one per call, ~2% of reading an RSS item).
        let raw = e.attributes_raw();
        if raw.len() < XMLNS.needle().len() || XMLNS.find(raw).is_none() {
            return Ok(());
        }
        for a in e.attributes().with_checks(false) {
            let Ok(a) = a else { break };
            let (prefix, ns): (&[u8], Ns) = match a.key.as_namespace_binding() {
                None => continue,
                Some(PrefixDeclaration::Default) => (
                    b"",
                    if a.value.is_empty() {
                        Ns::Unbound
                    } else {
                        Ns::of_uri(&a.value)
                    },
                ),
                Some(PrefixDeclaration::Named(b"xml")) => {
                    if *a.value != *XML_NAMESPACE {
                        return Err(NamespaceError::InvalidXmlPrefixBind(a.value.to_vec()));
                    }
                    continue;
                }
                Some(PrefixDeclaration::Named(b"xmlns")) => {
                    return Err(NamespaceError::InvalidXmlnsPrefixBind(a.value.to_vec()));
                }
                Some(PrefixDeclaration::Named(prefix)) => {
                    if *a.value == *XML_NAMESPACE {
                        return Err(NamespaceError::InvalidPrefixForXml(prefix.to_vec()));
                    }
                    if *a.value == *XMLNS_NAMESPACE {
                        return Err(NamespaceError::InvalidPrefixForXmlns(prefix.to_vec()));
                    }
                    // `xmlns:p=""` un-declares `p` (XML 1.1; XML 1.0 forbids it).
                    let ns = if a.value.is_empty() {
                        Ns::Unknown
                    } else {
                        Ns::of_uri(&a.value)
                    };
                    (prefix, ns)
                }
            };
            self.bindings.push((self.depth, prefix.into(), ns));
        }
        Ok(())
    }

    /// Leaves the innermost open element, and its declarations.
    fn close(&mut self) {
        while self.bindings.last().is_some_and(|b| b.0 >= self.depth) {
            self.bindings.pop();
        }
        self.depth = self.depth.saturating_sub(1);
    }

    /// The namespace of an element name with this prefix (empty: none) in the current scope.
    fn resolve(&self, prefix: &[u8]) -> Ns {
        if prefix == b"xml" {
            return Ns::Other;
        }
        match self.bindings.iter().rev().find(|b| *b.1 == *prefix) {
            Some(b) => b.2,
            None if prefix.is_empty() => Ns::Unbound,
            None => Ns::Unknown,
        }
    }
}

/// quick-xml's event reader with the namespace scopes kept beside it.
struct Parser {
    reader: Reader<LineCount>,
    scopes: Scopes,
    /// The previous event was an empty element, whose declarations end with it.
    pending_close: bool,
    /// The namespace of the last start or empty tag read.
    ns: Ns,
    /// Where the local name of the last start or empty tag starts (after `prefix:`).
    local_start: usize,
    /// The offset of the tag whose namespace declarations were refused (quick-xml's
    /// `error_position()` knows only its own errors).
    namespace_error_at: Option<u64>,
}

impl Parser {
    fn new(inner: LineCount) -> Self {
        let mut reader = Reader::from_reader(inner);
        reader.config_mut().check_end_names = true;
        // Between elements, whitespace is only layout: skipped where it stands rather than
        // returned as a text event that is then found to be blank (about twenty per item).
        // Values keep theirs: [`XmlReader::read_value`] turns this off while it reads one.
        reader.config_mut().trim_text_start = true;
        Self {
            reader,
            scopes: Scopes::default(),
            pending_close: false,
            ns: Ns::Unbound,
            local_start: 0,
            namespace_error_at: None,
        }
    }

    /// Splits the tag's name once (quick-xml's `QName` looks for the `:` on every question) and
    /// resolves its prefix.
    fn resolve(&mut self, e: &BytesStart<'_>) {
        let name = e.name().into_inner();
        let (prefix, local_start) = match name.iter().position(|&b| b == b':') {
            Some(i) => (&name[..i], i + 1),
            None => (&name[..0], 0),
        };
        self.local_start = local_start;
        self.ns = self.scopes.resolve(prefix);
    }

    /// The local name of `e`, the last start or empty tag read.
    fn local<'e>(&self, e: &'e BytesStart<'_>) -> &'e [u8] {
        let name = e.name().into_inner();
        &name[self.local_start.min(name.len())..]
    }

    /// The next event; the namespace of a start or empty tag is left in [`Parser::ns`].
    ///
    /// quick-xml's result is returned as it came, looked at only by reference: returned beside the
    /// namespace, or unwrapped and wrapped again, the event was copied through stack slots
    /// written in 8-byte and read in 16-byte pieces, a store-forwarding stall perf put at a sixth
    /// of the reading time.
    fn read<'b>(&mut self, buf: &'b mut Vec<u8>) -> Result<Event<'b>, quick_xml::Error> {
        if std::mem::take(&mut self.pending_close) {
            self.scopes.close();
        }
        let res = self.reader.read_event_into(buf);
        match &res {
            Ok(Event::Start(e)) => {
                if let Err(err) = self.scopes.open(e) {
                    // `<`, the name and attributes, `>`.
                    self.refused_at(e.len() + 2);
                    return Err(err.into());
                }
                self.resolve(e);
            }
            Ok(Event::Empty(e)) => {
                if let Err(err) = self.scopes.open(e) {
                    // `<`, the name and attributes, `/>`.
                    self.refused_at(e.len() + 3);
                    return Err(err.into());
                }
                self.pending_close = true;
                self.resolve(e);
            }
            Ok(Event::End(_)) => self.scopes.close(),
            _ => {}
        }
        res
    }

    /// Records that the tag of `len` bytes just read has namespace declarations that were
    /// refused: the error is at its `<`.
    #[cold]
    fn refused_at(&mut self, len: usize) {
        self.namespace_error_at = Some(self.back(len));
    }

    /// The offset `len` bytes before the reader's position: the start of what was just read.
    fn back(&self, len: usize) -> u64 {
        self.reader.buffer_position().saturating_sub(len as u64)
    }
}

pub(crate) struct XmlReader {
    parser: Parser,
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

/// The [`NameCache`] slots of the attributes an item already has: a new attribute is added
/// without comparing its name with every attribute before it.
#[derive(Default)]
struct Seen([u64; NAME_CACHE_MAX / 64]);

impl Seen {
    /// Records the slot; whether it was recorded before.
    fn insert(&mut self, slot: usize) -> bool {
        let (word, bit) = (slot / 64, 1u64 << (slot % 64));
        let before = self.0[word] & bit != 0;
        self.0[word] |= bit;
        before
    }
}

/// An element outside the products that looks like a product element but is not this feed's:
/// `<entry>` in an RSS feed, `<item>` in an Atom feed, or either in another case (`<Item>`,
/// `<ITEM>`). Merchant Center reads none of them; they are read as products with a read issue
/// that says so, rather than dropped without a word.
struct Stray {
    /// The element's name as written (`a:entry`, `Item`).
    written: String,
    /// The feed kind whose product element it resembles: its children are read as that kind's.
    kind: FeedKind,
}

/// Where the value of an item child goes.
enum Target {
    /// A GMC-namespace element, or an element of another namespace: the attribute of that name,
    /// and its [`NameCache`] slot.
    Attribute(Name, Option<usize>),
    /// An RSS/Atom core element: used when the GMC element is absent.
    Core(&'static str),
    /// Atom `<link href>`.
    AtomLink,
    /// A prefixed element of a namespace that is neither GMC's nor Atom's (Dublin Core's
    /// `dc:title`, Media RSS's `media:title`, `content:encoded`...): not a product attribute,
    /// as GMC reads only its own namespace and the RSS/Atom core, so its content is skipped.
    /// Read under its local name, `dc:title` replaced the item's title.
    Foreign,
    /// A prefixed `<item>` or `<entry>` (any case) of another namespace inside an item: skipped
    /// as [`Target::Foreign`] is, with a read issue, as it may be a product nested by mistake.
    /// The name as written.
    ForeignProduct(String),
}

/// The content of one child element of an item.
#[derive(Default)]
struct Child {
    text: String,
    subs: Vec<(Cow<'static, str>, String)>,
    has_text: bool,
    /// Read issues of the element, with their line (`None`: the element's own line, worked out
    /// only when there is an issue).
    issues: Vec<(Option<u64>, String)>,
}

impl XmlReader {
    pub(crate) fn new(decoded: Decoded, label: Arc<str>) -> Result<Self, Error> {
        let mut r = Self {
            parser: Parser::new(LineCount::new(decoded.reader)),
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
            let ev = self.parser.read(&mut self.buf);
            match &ev {
                Ok(Event::Start(e)) => {
                    let name = e.local_name().as_ref().to_ascii_lowercase();
                    self.kind = match name.as_slice() {
                        b"rss" | b"rdf" | b"channel" => FeedKind::Rss,
                        b"feed" => FeedKind::Atom,
                        other => {
                            let html = other == b"html";
                            let other = String::from_utf8_lossy(other).into_owned();
                            // At the tag's `<`: `<`, the name and attributes, `>`.
                            let at = self.parser.back(e.len() + 2);
                            return Err(self.located(
                                Pos::Offset(at),
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
                Ok(Event::Text(t)) if t.iter().all(u8::is_ascii_whitespace) => {}
                Ok(Event::Decl(_) | Event::PI(_) | Event::Comment(_) | Event::DocType(_)) => {}
                Ok(Event::Text(t)) => {
                    // At the text's first visible character, not after it: for a text file read
                    // as XML (`--input-format xml`) the whole file is one text event.
                    let blank = t.iter().take_while(|b| b.is_ascii_whitespace()).count();
                    let len = t.len() - blank;
                    return Err(self.text_before_root(len));
                }
                Ok(Event::CData(c)) => {
                    // `<![CDATA[`, the text, `]]>`.
                    let len = c.len() + 12;
                    return Err(self.text_before_root(len));
                }
                Ok(Event::Empty(e)) => {
                    // At the tag's `<`: `<`, the name and attributes, `/>`.
                    let at = self.parser.back(e.len() + 3);
                    return Err(self.located(
                        Pos::Offset(at),
                        "the root element is empty: the feed has no channel or items",
                        None,
                    ));
                }
                Ok(Event::End(_)) => {
                    return Err(self.located(
                        Pos::Offset(self.parser.reader.buffer_position()),
                        "an end tag before any start tag",
                        None,
                    ));
                }
                Ok(Event::Eof) => {
                    return Err(Error::input(format!(
                        "{}: no XML root element: the feed has no items",
                        self.label
                    )));
                }
                Err(e) => return Err(self.xml_error(e)),
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
        let (at, problem) = match e {
            quick_xml::Error::Namespace(ns) => {
                (self.parser.namespace_error_at, namespace_problem(ns))
            }
            _ => (None, e.to_string()),
        };
        self.located(
            Pos::Offset(at.unwrap_or_else(|| self.parser.reader.error_position())),
            &format!("not well-formed XML: {problem}"),
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
            let ev = self.parser.read(&mut self.buf);
            match &ev {
                Ok(Event::Start(e)) => {
                    if self.root_closed {
                        // `<`, the name and attributes, `>`.
                        let len = e.len() + 2;
                        return Some(Err(self.after_root(len)));
                    }
                    if Self::is_item(self.kind, e) {
                        let line = self.parser.reader.get_mut().line();
                        return Some(self.read_item(line, self.kind));
                    }
                    if let Some(stray) = Self::stray_item(e) {
                        return Some(self.read_stray(&stray, false));
                    }
                    self.depth += 1;
                }
                Ok(Event::Empty(e)) => {
                    if self.root_closed {
                        // `<`, the name and attributes, `/>`.
                        let len = e.len() + 3;
                        return Some(Err(self.after_root(len)));
                    }
                    if Self::is_item(self.kind, e) {
                        let line = self.parser.reader.get_mut().line();
                        let p = Product::new(self.location(line));
                        self.index += 1;
                        return Some(Ok(p));
                    }
                    if let Some(stray) = Self::stray_item(e) {
                        return Some(self.read_stray(&stray, true));
                    }
                }
                Ok(Event::End(_)) => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        self.root_closed = true;
                    }
                }
                Ok(Event::Text(t)) => {
                    // The text's leading white space is trimmed: it starts at its first character.
                    if self.root_closed && !t.iter().all(u8::is_ascii_whitespace) {
                        let len = t.len();
                        return Some(Err(self.after_root(len)));
                    }
                }
                Ok(Event::Eof) => {
                    if !self.root_closed {
                        return Some(Err(self.located(
                            Pos::LineCol(self.parser.reader.get_ref().line_now(), 1),
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
                Err(e) => return Some(Err(self.xml_error(e))),
            }
        }
    }

    /// For a start tag outside the products that is not this feed's product element but looks
    /// like one (see [`Stray`]): what it is. Asked only of the elements outside items (the
    /// channel's own), never of an item's children.
    fn stray_item(e: &BytesStart<'_>) -> Option<Stray> {
        let local = e.local_name();
        let local = local.as_ref();
        let kind = if local.eq_ignore_ascii_case(b"item") {
            FeedKind::Rss
        } else if local.eq_ignore_ascii_case(b"entry") {
            FeedKind::Atom
        } else {
            return None;
        };
        Some(Stray {
            written: String::from_utf8_lossy(e.name().as_ref()).into_owned(),
            kind,
        })
    }

    /// Reads an element [`XmlReader::stray_item`] found, after its start tag (`empty`: it was
    /// an empty-element tag), as a product whose first read issue says what it is. Its children
    /// are read as those of the product element it resembles (an Atom `<entry>`'s `<link href>`
    /// in an RSS feed).
    #[cold]
    #[inline(never)]
    fn read_stray(&mut self, stray: &Stray, empty: bool) -> Result<Product, Error> {
        let line = self.parser.reader.get_mut().line();
        let mut p = if empty {
            self.index += 1;
            Product::new(self.location(line))
        } else {
            self.read_item(line, stray.kind)?
        };
        let (format, element) = match self.kind {
            FeedKind::Atom => ("Atom", "entry"),
            _ => ("RSS", "item"),
        };
        let written = &stray.written;
        let local = written.rsplit(':').next().unwrap_or(written);
        let why = if local.eq_ignore_ascii_case(element) && local != element {
            format!("{format} products are <{element}> elements, and XML names are case-sensitive")
        } else {
            format!("{format} products are <{element}> elements")
        };
        p.read_issues.insert(
            0,
            ReadIssue {
                line,
                message: format!(
                    "<{written}> is not a product element of this {format} feed ({why}), so \
                     Merchant Center does not read it as a product; feedlint reads it as one \
                     anyway, so that it is checked"
                ),
            },
        );
        Ok(p)
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

    /// Text before the root element, starting `len` bytes before the reader's position.
    fn text_before_root(&self, len: usize) -> Error {
        self.located(
            Pos::Offset(self.parser.back(len)),
            "text before the root element: this is not an XML feed",
            Some("is this file HTML, or in another format than its name says?"),
        )
    }

    /// Content after the root element, starting `len` bytes before the reader's position (the
    /// reader is past it: at the start of the next line when it ends the line).
    fn after_root(&self, len: usize) -> Error {
        self.located(
            Pos::Offset(self.parser.back(len)),
            "content after the end of the root element",
            None,
        )
    }

    /// The end of the file inside the item that starts at `item_line`.
    fn eof_in_item(&self, item_line: u64) -> Error {
        self.located(
            Pos::LineCol(self.parser.reader.get_ref().line_now(), 1),
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

    /// Reads one item after its start tag, up to and including its end tag. `kind`: the feed
    /// kind whose core elements its children are read as (the feed's own, but for a
    /// [`Stray`]).
    fn read_item(&mut self, line: u64, kind: FeedKind) -> Result<Product, Error> {
        let mut p = Product::new(self.location(line));
        p.reserve_attributes(self.attributes_hint);
        self.index += 1;
        let mut core = Core::default();
        let mut seen = Seen::default();
        // Whether every attribute so far had a slot. Once the cache is full a name has none, and
        // may be pushed under the canonical name of a later one that has a slot: from then on
        // every push looks the name up, so that the two values go to one attribute.
        let mut all_slotted = true;
        // Whether an attribute may have been given twice: its values are then compared
        // ([`note_conflicts`]), in the rare item that repeats one.
        let mut repeated = false;
        loop {
            self.buf.clear();
            let ev = self.parser.read(&mut self.buf);
            let (target, href, empty) = match &ev {
                Ok(Event::Start(e)) => {
                    let t = Self::element_target(kind, &self.parser, e, &mut self.names);
                    let href = atom_href(&t, e);
                    (t, href, false)
                }
                Ok(Event::Empty(e)) => {
                    let t = Self::element_target(kind, &self.parser, e, &mut self.names);
                    let href = atom_href(&t, e);
                    (t, href, true)
                }
                Ok(Event::End(_)) => break,
                Ok(Event::Eof) => return Err(self.eof_in_item(line)),
                Ok(Event::Text(t)) => {
                    if !t.iter().all(u8::is_ascii_whitespace) {
                        let issue = text_in_item(self.parser.reader.get_mut(), t);
                        p.read_issues.push(issue);
                    }
                    continue;
                }
                Ok(_) => continue,
                Err(e) => return Err(self.xml_error(e)),
            };
            self.parser.reader.get_mut().set_mark();
            let mut child = if empty {
                Child::default()
            } else {
                self.read_value(&mut p)?
            };
            let mut issues = std::mem::take(&mut child.issues);
            match target {
                Target::AtomLink => core.push("link", href.unwrap_or(child.text)),
                Target::Core(name) => core.push(name, child.text),
                Target::Foreign => {}
                Target::ForeignProduct(written) => issues.push((
                    None,
                    format!(
                        "{}; its content is skipped, as that of any element of another namespace",
                        nested_product(&written)
                    ),
                )),
                Target::Attribute(name, slot) => match &*name {
                    "shipping" => Self::shipping(&mut p, child, &mut issues),
                    "tax" => Self::tax(&mut p, child, &mut issues),
                    _ => {
                        all_slotted &= slot.is_some();
                        if child.subs.is_empty() {
                            let new = all_slotted && slot.is_some_and(|slot| !seen.insert(slot));
                            repeated |= !new;
                            p.push_name_known(name, child.text, new);
                        } else {
                            repeated |= slot.is_none_or(|slot| seen.insert(slot));
                            Self::group(&mut p, &name, &child, &mut issues);
                        }
                    }
                },
            }
            if !issues.is_empty() {
                let child_line = self.parser.reader.get_mut().marked_line();
                for (line, message) in issues {
                    p.read_issues.push(ReadIssue {
                        line: line.unwrap_or(child_line),
                        message,
                    });
                }
            }
        }
        repeated |= core.push_to(&mut p);
        if repeated {
            note_conflicts(&mut p);
        }
        self.attributes_hint = p.attributes().len();
        Ok(p)
    }

    /// Adds an attribute element with sub-elements (`installment`, `product_detail`,
    /// `certification`...) in GMC's text form, its sub-values joined by `:`. An `<item>` or
    /// `<entry>` element with sub-elements is a product nested in this one: kept the same way,
    /// with a read issue.
    fn group(p: &mut Product, name: &Name, child: &Child, issues: &mut Vec<(Option<u64>, String)>) {
        if child.has_text {
            issues.push((
                None,
                format!("<{name}> mixes text and sub-elements; the text is ignored"),
            ));
        }
        let joined: Vec<&str> = child.subs.iter().map(|(_, v)| v.as_str()).collect();
        let joined = joined.join(":");
        if matches!(&**name, "item" | "entry") {
            issues.push((
                None,
                format!(
                    "{}; its values are kept as the attribute `{name}` (\"{}\")",
                    nested_product(name),
                    shorten(&joined)
                ),
            ));
        }
        p.push(name, joined);
    }

    /// What a child element of an item is: [`Target::Foreign`] for a prefixed element of another
    /// namespace, else [`XmlReader::target`].
    fn element_target(
        kind: FeedKind,
        parser: &Parser,
        e: &BytesStart<'_>,
        names: &mut NameCache,
    ) -> Target {
        if matches!(parser.ns, Ns::Other) && e.name().prefix().is_some() {
            let local = parser.local(e);
            if local.eq_ignore_ascii_case(b"item") || local.eq_ignore_ascii_case(b"entry") {
                return Target::ForeignProduct(String::from_utf8_lossy(e.name().as_ref()).into());
            }
            Target::Foreign
        } else {
            Self::target(kind, parser.ns, parser.local(e), names)
        }
    }

    fn target(kind: FeedKind, ns: Ns, local: &[u8], names: &mut NameCache) -> Target {
        // RSS core elements have no namespace; Atom's are in the Atom namespace.
        if matches!(ns, Ns::Unbound | Ns::Atom) {
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
        let (name, slot) = names.get_slotted(local);
        Target::Attribute(name, slot)
    }

    /// [`XmlReader::read_child`] with the whitespace of its texts kept: it is part of the value.
    fn read_value(&mut self, p: &mut Product) -> Result<Child, Error> {
        self.parser.reader.config_mut().trim_text_start = false;
        let child = self.read_child(p);
        self.parser.reader.config_mut().trim_text_start = true;
        child
    }

    /// Reads the content of a child element up to its end tag: its text, and its sub-elements
    /// (one level) as (canonical name, text).
    fn read_child(&mut self, p: &mut Product) -> Result<Child, Error> {
        let mut child = Child::default();
        let mut depth = 0usize;
        let mut sub: Option<(Cow<'static, str>, String)> = None;
        loop {
            self.buf.clear();
            let ev = self.parser.read(&mut self.buf);
            match &ev {
                Ok(Event::Start(e)) => {
                    depth += 1;
                    if depth == 1 {
                        let name = self.names.get(self.parser.local(e));
                        sub = Some((name, String::new()));
                    } else if depth == 2 {
                        child.issues.push((
                            Some(self.parser.reader.get_ref().line_now()),
                            "an attribute element nested more than two levels deep; its content \
                             is ignored"
                                .into(),
                        ));
                    }
                }
                Ok(Event::Empty(e)) => {
                    if depth == 0 {
                        let name = self.names.get(self.parser.local(e));
                        child.subs.push((name, String::new()));
                    }
                }
                Ok(Event::End(_)) => {
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
                Ok(Event::Text(t)) => {
                    // Most texts have no reference to expand: only their UTF-8 is checked.
                    // (Passed on as a `&str`, not wrapped in a `Cow`: the wrapping copied the
                    // string's pointer and length through the stack just after `from_utf8` had
                    // written them, a store-forwarding stall.)
                    if memchr::memchr(b'&', t).is_none()
                        && let Ok(text) = simdutf8::basic::from_utf8(t)
                    {
                        append_text(&mut child, sub.as_mut(), depth, text);
                        continue;
                    }
                    if let Some(text) = unescape_predefined(t) {
                        append_text(&mut child, sub.as_mut(), depth, text);
                        continue;
                    }
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
                            child
                                .issues
                                .push((None, format!("{e}{note}; the text is kept as written")));
                            Cow::Owned(String::from_utf8_lossy(t).into_owned())
                        }
                    };
                    append_text(&mut child, sub.as_mut(), depth, text);
                }
                Ok(Event::CData(t)) => {
                    append_text(&mut child, sub.as_mut(), depth, String::from_utf8_lossy(t));
                }
                Ok(Event::Eof) => return Err(self.eof_in_item(p.location.line)),
                Ok(_) => {}
                Err(e) => return Err(self.xml_error(e)),
            }
        }
        if !child.subs.is_empty() && child.text.is_blank() {
            child.text.clear();
            child.has_text = false;
        }
        Ok(child)
    }

    fn shipping(p: &mut Product, child: Child, issues: &mut Vec<(Option<u64>, String)>) {
        if child.subs.is_empty() {
            let (list, problems) = names::parse_shipping_list(&child.text, SHIPPING_DEFAULT_ORDER);
            p.shipping.extend(list);
            issues.extend(problems.into_iter().map(|m| (None, m)));
            return;
        }
        let mut s = Shipping::default();
        for (name, value) in child.subs {
            match names::shipping_field(&mut s, &name) {
                Some(slot) => *slot = (!value.is_empty()).then_some(value),
                None => issues.push((
                    None,
                    format!("<shipping> has an unknown sub-attribute <{name}>; it is ignored"),
                )),
            }
        }
        p.shipping.push(s);
    }

    fn tax(p: &mut Product, child: Child, issues: &mut Vec<(Option<u64>, String)>) {
        if child.subs.is_empty() {
            let (list, problems) = names::parse_tax_list(&child.text, TAX_DEFAULT_ORDER);
            p.tax.extend(list);
            issues.extend(problems.into_iter().map(|m| (None, m)));
            return;
        }
        let mut t = Tax::default();
        for (name, value) in child.subs {
            match names::tax_field(&mut t, &name) {
                Some(slot) => *slot = (!value.is_empty()).then_some(value),
                None => issues.push((
                    None,
                    format!("<tax> has an unknown sub-attribute <{name}>; it is ignored"),
                )),
            }
        }
        p.tax.push(t);
    }
}

/// The read issue of text directly inside an item (`t`, not blank, just read), at the line it
/// starts on.
#[cold]
fn text_in_item(lines: &mut LineCount, t: &[u8]) -> ReadIssue {
    // The line the text starts on (its layout whitespace is skipped): the line after it, less
    // the lines it spans.
    let line = lines.line() - source::count_newlines(t);
    let message = if t.trim_ascii() == "\u{feff}".as_bytes() {
        "a byte order mark (U+FEFF) in the middle of the file, directly inside the item: were \
         several files concatenated?"
    } else {
        "text directly inside the item, outside any attribute element"
    };
    ReadIssue {
        line,
        message: message.into(),
    }
}

/// The values of an item's RSS/Atom core elements (`title`, `link`, `description`, Atom's
/// `id`), kept until the item's GMC elements are all read.
#[derive(Default)]
struct Core {
    values: Vec<(&'static str, String)>,
    /// A bit per core attribute given so far ([`Core::bit`]).
    given: u8,
    /// A core attribute was given twice.
    repeated: bool,
}

impl Core {
    fn push(&mut self, name: &'static str, value: String) {
        let bit = Self::bit(name);
        self.repeated |= self.given & bit != 0;
        self.given |= bit;
        self.values.push((name, value));
    }

    /// A bit for each of the core attributes (told apart by their first letter).
    fn bit(name: &str) -> u8 {
        match name.as_bytes().first() {
            Some(b't') => 1,
            Some(b'l') => 2,
            Some(b'd') => 4,
            _ => 8,
        }
    }

    /// Adds the values to the product: a GMC element wins over the core element of the same
    /// attribute (GMC 160567). Whether a core attribute was given twice.
    fn push_to(self, p: &mut Product) -> bool {
        if self.values.is_empty() {
            return false;
        }
        let taken: Vec<bool> = self.values.iter().map(|(name, _)| p.has(name)).collect();
        for ((name, value), taken) in self.values.into_iter().zip(taken) {
            if !taken {
                p.push(name, value);
            }
        }
        self.repeated
    }
}

/// Adds a read issue for each single-valued attribute of `p` given several different values
/// ([`names::conflicting_values`]).
#[cold]
#[inline(never)]
fn note_conflicts(p: &mut Product) {
    let line = p.location.line;
    let messages: Vec<String> = p
        .attributes()
        .iter()
        .filter(|a| a.values.len() > 1 && names::is_single_valued(&a.name))
        .filter_map(|a| names::conflicting_values(&a.name, &a.values))
        .collect();
    p.read_issues.extend(
        messages
            .into_iter()
            .map(|message| ReadIssue { line, message }),
    );
}

/// The start of the read issue of an `<item>` or `<entry>` element (`written`) inside an item.
fn nested_product(written: &str) -> String {
    format!(
        "an <{written}> element inside this product: products cannot be nested, so it is not read \
         as a product (Merchant Center reads the <item> elements of an RSS channel and the \
         <entry> elements of an Atom feed)"
    )
}

/// A value in a message, cut after 40 characters.
fn shorten(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((i, _)) => format!("{}…", &s[..i]),
        None => s.to_owned(),
    }
}

/// A refused namespace declaration in words (quick-xml's own messages quote the names twice).
fn namespace_problem(e: &NamespaceError) -> String {
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    let xml = String::from_utf8_lossy(XML_NAMESPACE);
    let xmlns = String::from_utf8_lossy(XMLNS_NAMESPACE);
    match e {
        NamespaceError::InvalidXmlPrefixBind(uri) => format!(
            "the `xml` prefix is declared with `{}`; it may only be bound to {xml}",
            text(uri)
        ),
        NamespaceError::InvalidXmlnsPrefixBind(uri) => format!(
            "the `xmlns` prefix is declared (with `{}`); it cannot be declared",
            text(uri)
        ),
        NamespaceError::InvalidPrefixForXml(prefix) => format!(
            "the prefix `{}` is bound to {xml}, which belongs to the `xml` prefix alone",
            text(prefix)
        ),
        NamespaceError::InvalidPrefixForXmlns(prefix) => format!(
            "the prefix `{}` is bound to {xmlns}, which no prefix may be bound to",
            text(prefix)
        ),
        NamespaceError::UnknownPrefix(prefix) => {
            format!("the prefix `{}` is not declared", text(prefix))
        }
    }
}

/// The `href` of an Atom `<link>`. Asked of every child of every item: inlined, the question
/// costs a comparison, and only a link's attributes are read (out of line).
#[inline]
fn atom_href(target: &Target, e: &BytesStart<'_>) -> Option<String> {
    match target {
        Target::AtomLink => href(e),
        _ => None,
    }
}

/// `t` with its entity references expanded, when it is UTF-8 and each of them is one of the five
/// predefined entities (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;`), as nearly every escaped feed
/// text is (`Apparel &amp; Accessories &gt; Shoes`); `None` otherwise, for quick-xml's
/// `unescape`, which expands character references and reports what it cannot expand. The
/// result is the one quick-xml gives (a proptest holds them together): its unescape found each
/// `&` and the `;` after it the same way, since no entity name holds either. quick-xml's cost
/// ~1,000 instructions per text, most of them outside the copy.
fn unescape_predefined(t: &[u8]) -> Option<String> {
    let s = simdutf8::basic::from_utf8(t).ok()?;
    let b = s.as_bytes();
    let mut out = String::with_capacity(s.len());
    let mut last = 0;
    for i in memchr::memchr_iter(b'&', b) {
        let (ch, len) = match &b[i + 1..] {
            [b'a', b'm', b'p', b';', ..] => ('&', 5),
            [b'l', b't', b';', ..] => ('<', 4),
            [b'g', b't', b';', ..] => ('>', 4),
            [b'q', b'u', b'o', b't', b';', ..] => ('"', 6),
            [b'a', b'p', b'o', b's', b';', ..] => ('\'', 6),
            _ => return None,
        };
        out.push_str(s.get(last..i)?);
        out.push(ch);
        last = i + len;
    }
    out.push_str(s.get(last..)?);
    Some(out)
}

/// The unescaped `href` attribute of `e`.
fn href(e: &BytesStart<'_>) -> Option<String> {
    e.try_get_attribute("href")
        .ok()
        .flatten()
        .and_then(|a| a.unescape_value().ok().map(Cow::into_owned))
}

/// Adds a piece of text to the element (depth 0) or to its current sub-element (depth 1). The
/// first piece of a value is moved in when it is already owned (an unescaped text).
fn append_text<'t>(
    child: &mut Child,
    sub: Option<&mut (Cow<'static, str>, String)>,
    depth: usize,
    text: impl Into<Cow<'t, str>> + AsRef<str>,
) {
    fn append<'t>(to: &mut String, text: impl Into<Cow<'t, str>> + AsRef<str>) {
        if to.is_empty() {
            *to = text.into().into_owned();
        } else {
            to.push_str(text.as_ref());
        }
    }
    match (depth, sub) {
        (0, _) => {
            if !text.as_ref().is_blank() {
                child.has_text = true;
            }
            append(&mut child.text, text);
        }
        (1, Some(s)) => append(&mut s.1, text),
        _ => {}
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
        /// The expansion of the predefined entities is quick-xml's, and is made whenever
        /// quick-xml's succeeds on a text with no character reference.
        #[test]
        fn predefined_entities_expand_as_quick_xml_expands_them(
            parts in proptest::collection::vec(
                prop_oneof![
                    "[a-zA-Z0-9 >;#é]{0,6}",
                    Just("&amp;".to_string()),
                    Just("&lt;".to_string()),
                    Just("&gt;".to_string()),
                    Just("&quot;".to_string()),
                    Just("&apos;".to_string()),
                    Just("&".to_string()),
                    Just("&nbsp;".to_string()),
                    Just("&#38;".to_string()),
                    Just("&amp".to_string()),
                    Just("&AMP;".to_string()),
                ],
                0..12,
            )
        ) {
            let text = parts.concat();
            let quick = quick_xml::escape::unescape(&text).map(Cow::into_owned).ok();
            match unescape_predefined(text.as_bytes()) {
                Some(ours) => prop_assert_eq!(Some(ours), quick, "{}", text),
                None => prop_assert!(quick.is_none() || text.contains("&#"), "{}", text),
            }
        }

        /// Whatever the pieces the parser consumes and however the input arrives, the line is
        /// one more than the newlines consumed so far, and a marked position keeps its line
        /// however far the parser reads past it and however often the buffer is refilled.
        #[test]
        fn lines_count_every_consumed_newline_and_marks_keep_theirs(
            text in "[a-c\n]{0,400}",
            step in 1usize..40,
            takes in proptest::collection::vec(0usize..30, 1..60),
            every in 1usize..5,
        ) {
            let data = text.into_bytes();
            let mut lc = LineCount::new(Box::new(Trickle { data: data.clone(), at: 0, step }));
            let mut consumed = 0usize;
            let mut marked_at = None;
            for (i, take) in takes.into_iter().cycle().take(200).enumerate() {
                if i % every == 0 {
                    if let Some(at) = marked_at {
                        prop_assert_eq!(lc.marked_line(), 1 + source::count_newlines(&data[..at]));
                    }
                    lc.set_mark();
                    marked_at = Some(consumed);
                }
                let avail = lc.fill_buf().unwrap().len();
                let n = take.min(avail);
                lc.consume(n);
                consumed += n;
                let want = 1 + source::count_newlines(&data[..consumed]);
                prop_assert_eq!(lc.line_now(), want);
                if i % 3 == 0 {
                    // Asking the current line must not disturb the mark.
                    prop_assert_eq!(lc.line(), want);
                }
            }
        }
    }

    fn parser_of(xml: Vec<u8>) -> Parser {
        Parser::new(LineCount::new(Box::new(std::io::Cursor::new(xml))))
    }

    fn ns_of(xml: &str, element: &[u8]) -> Vec<Ns> {
        let mut parser = parser_of(xml.as_bytes().to_vec());
        let mut buf = Vec::new();
        let mut got = Vec::new();
        loop {
            buf.clear();
            match parser.read(&mut buf).unwrap() {
                Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == element => {
                    got.push(parser.ns);
                }
                Event::Eof => return got,
                _ => {}
            }
        }
    }

    #[test]
    fn namespaces_are_matched_by_uri_in_scope() {
        // Any prefix bound to the GMC URI; the same prefix bound to another URI inside an
        // element, and back after it; a declaration on an empty element applies to it alone.
        let xml = r#"<rss xmlns:m="http://base.google.com/ns/1.0" xmlns:g="urn:x"><channel>
            <m:p/><g:p/><p/><x:p/>
            <item xmlns:g="http://base.google.com/ns/1.0"><g:p/></item>
            <g:p/>
            <a:p xmlns:a="http://base.google.com/ns/1.0"/><a:p/>
            <xml:p/>
            </channel></rss>"#;
        assert_eq!(
            ns_of(xml, b"p"),
            [
                Ns::Gmc,
                Ns::Other,
                Ns::Unbound,
                Ns::Unknown,
                Ns::Gmc,
                Ns::Other,
                Ns::Gmc,
                Ns::Unknown,
                Ns::Other,
            ]
        );
    }

    #[test]
    fn a_default_namespace_applies_until_it_is_removed() {
        let xml = r#"<feed xmlns="http://www.w3.org/2005/Atom"><p/>
            <entry xmlns="http://base.google.com/ns/1.0"><p/><q xmlns=""><p/></q><p/></entry>
            <p/></feed>"#;
        assert_eq!(
            ns_of(xml, b"p"),
            [Ns::Atom, Ns::Gmc, Ns::Unbound, Ns::Gmc, Ns::Atom]
        );
    }

    #[test]
    fn reserved_prefixes_cannot_be_bound() {
        for decl in [
            r#"xmlns:xml="urn:x""#,
            r#"xmlns:xmlns="urn:x""#,
            r#"xmlns:p="http://www.w3.org/XML/1998/namespace""#,
            r#"xmlns:p="http://www.w3.org/2000/xmlns/""#,
        ] {
            let xml = format!("<rss {decl}></rss>");
            let mut parser = parser_of(xml.into_bytes());
            let mut buf = Vec::new();
            assert!(
                matches!(parser.read(&mut buf), Err(quick_xml::Error::Namespace(_))),
                "{decl}"
            );
        }
        // `xml` may be declared with its own URI.
        assert_eq!(
            ns_of(
                r#"<rss xmlns:xml="http://www.w3.org/XML/1998/namespace"><p/></rss>"#,
                b"p"
            ),
            [Ns::Unbound]
        );
    }

    #[test]
    fn spellings_of_one_attribute_share_a_slot_and_its_values() {
        let mut names = NameCache::default();
        let (_, a) = names.get_slotted(b"image_link");
        let (_, b) = names.get_slotted(b"imageLink");
        let (_, c) = names.get_slotted(b"title");
        assert_eq!(a, b);
        assert_ne!(a, c);
        let mut seen = Seen::default();
        assert!(!seen.insert(a.unwrap()));
        assert!(seen.insert(b.unwrap()));
        assert!(!seen.insert(c.unwrap()));

        let xml = r#"<rss xmlns:g="http://base.google.com/ns/1.0"><channel>
<item><g:id>1</g:id><g:image_link>a.jpg</g:image_link><g:color>red</g:color><g:imageLink>b.jpg</g:imageLink></item>
<item><g:id>2</g:id><g:imageLink>c.jpg</g:imageLink><g:image_link>d.jpg</g:image_link></item>
</channel></rss>"#;
        let products = products_of(xml);
        assert_eq!(image_links(&products[0]), [vec!["a.jpg", "b.jpg"]]);
        assert_eq!(image_links(&products[1]), [vec!["c.jpg", "d.jpg"]]);
    }

    /// A reader of `xml` written to a file (in the directory returned beside it).
    fn open_xml(xml: &str) -> (tempfile::TempDir, crate::feed::FeedReader) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("feed.xml");
        std::fs::write(&path, xml).unwrap();
        let reader = crate::feed::open(&path, &crate::feed::ReadOptions::default()).unwrap();
        (dir, reader)
    }

    /// The products of a feed written to a file.
    fn products_of(xml: &str) -> Vec<Product> {
        let (_dir, reader) = open_xml(xml);
        reader.map(Result::unwrap).collect()
    }

    /// The values of each `image_link` attribute of `p` (one attribute when the reader merged
    /// its spellings).
    fn image_links(p: &Product) -> Vec<Vec<String>> {
        p.attributes()
            .iter()
            .filter(|a| a.name == "image_link")
            .map(|a| a.values.to_vec())
            .collect()
    }

    /// Once the name cache is full, a spelling it does not know has no slot: pushed first, its
    /// value still goes to one attribute with the value of a spelling that has a slot.
    #[test]
    fn spellings_share_an_attribute_once_the_name_cache_is_full() {
        let fill = (0..NAME_CACHE_MAX).fold(String::new(), |mut s, i| {
            use std::fmt::Write as _;
            write!(s, "<g:x{i}>v</g:x{i}>").unwrap();
            s
        });
        let xml = format!(
            r#"<rss xmlns:g="http://base.google.com/ns/1.0"><channel>
<item><g:id>1</g:id><g:image_link>a.jpg</g:image_link>{fill}</item>
<item><g:id>2</g:id><g:imageLink>b.jpg</g:imageLink><g:image_link>c.jpg</g:image_link></item>
</channel></rss>"#
        );
        assert_eq!(image_links(&products_of(&xml)[1]), [vec!["b.jpg", "c.jpg"]]);
    }

    /// The first product of the RSS feed `xml`, read from a file.
    fn first_product(xml: &str) -> Product {
        let (_dir, mut reader) = open_xml(xml);
        reader.next().unwrap().unwrap()
    }

    #[test]
    fn issues_of_an_item_child_name_the_line_it_starts_on() {
        let p = first_product(
            "<rss xmlns:g=\"http://base.google.com/ns/1.0\"><channel>\n<item>\n<g:id>1</g:id>\n<g:shipping>\n<g:country>US</g:country>\n<g:planet>Mars</g:planet>\n</g:shipping>\n<g:title>a &bogus; b</g:title>\n</item>\n</channel></rss>\n",
        );
        let lines: Vec<u64> = p.read_issues.iter().map(|i| i.line).collect();
        assert_eq!(lines, [4, 8], "{:?}", p.read_issues);
    }

    #[test]
    fn values_keep_their_whitespace_where_layout_between_elements_is_skipped() {
        let xml = "<rss xmlns:g=\"http://base.google.com/ns/1.0\">\n  <channel>\n    <item>\n      \
                   <g:id>1</g:id>\n      <g:title>  Padded\ttitle </g:title>\n      \
                   <g:shipping>\n        <g:country> US</g:country>\n      </g:shipping>\n      \
                   <g:brand>\n Acme</g:brand>\n     stray\n text\n    </item>\n  </channel>\n</rss>\n";
        let p = first_product(xml);
        assert_eq!(p.get("title"), Some("  Padded\ttitle "));
        assert_eq!(p.get("brand"), Some("\n Acme"));
        assert_eq!(p.shipping[0].country.as_deref(), Some(" US"));
        let issues: Vec<(u64, &str)> = p
            .read_issues
            .iter()
            .map(|i| (i.line, i.message.as_str()))
            .collect();
        assert_eq!(
            issues,
            [(
                11,
                "text directly inside the item, outside any attribute element"
            )]
        );
    }

    /// The messages of a product's read issues, with their lines.
    fn issues(p: &Product) -> Vec<(u64, &str)> {
        p.read_issues
            .iter()
            .map(|i| (i.line, i.message.as_str()))
            .collect()
    }

    /// An `<entry>` in an RSS channel is read as a product, its children as an Atom entry's
    /// (`link href`), with a first read issue at its line; so is an empty `<ITEM/>`.
    #[test]
    fn item_like_elements_outside_items_are_read_as_products_that_say_so() {
        let xml = "<rss xmlns:g=\"http://base.google.com/ns/1.0\"><channel>\n<item><g:id>1</g:id></item>\n\
                   <entry><g:id>2</g:id><link href=\"https://e.com/2\"/><g:price>1 USD</g:price>\
                   <g:price>2 USD</g:price></entry>\n<ITEM/>\n</channel></rss>";
        let products = products_of(xml);
        assert_eq!(products.len(), 3);
        assert!(products[0].read_issues.is_empty());
        let p = &products[1];
        assert_eq!((p.location.line, p.location.index), (3, 1));
        assert_eq!(p.get("link"), Some("https://e.com/2"));
        let got = issues(p);
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(got[0].0, 3);
        assert!(got[0].1.starts_with("<entry> is not a product element of this RSS feed (RSS products are <item> elements), so"), "{got:?}");
        assert!(got[1].1.starts_with("`price` takes one value"), "{got:?}");
        let got = issues(&products[2]);
        assert_eq!(got.len(), 1);
        assert_eq!(got[0].0, 4);
        assert!(
            got[0].1.contains("and XML names are case-sensitive"),
            "{got:?}"
        );
    }

    /// A core element given twice is a conflict; one a GMC element overrules is not.
    #[test]
    fn repeated_core_elements_are_compared_like_attributes() {
        let xml = "<rss><channel><item><title>A</title><title>B</title><link>l</link></item>\
                   <item><title>A</title><title>B</title><g:title xmlns:g=\"http://base.google.com/ns/1.0\">C</g:title></item>\
                   </channel></rss>";
        let products = products_of(xml);
        assert_eq!(products[0].values("title"), ["A", "B"]);
        assert!(
            issues(&products[0])[0]
                .1
                .starts_with("`title` takes one value but is given 2 times")
        );
        assert_eq!(products[1].values("title"), ["C"]);
        assert!(products[1].read_issues.is_empty());
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
        // The same lines with Windows and classic Mac line ends: every refill boundary falls
        // somewhere in a `\r\n` or after a lone `\r` for one of the three.
        for (name, ending) in [("lf", "\n"), ("crlf", "\r\n"), ("cr", "\r")] {
            let path = dir.path().join(format!("lines-{name}.xml"));
            std::fs::write(&path, xml.replace('\n', ending)).unwrap();
            let got: Vec<u64> = crate::feed::open(&path, &crate::feed::ReadOptions::default())
                .unwrap()
                .map(|p| p.unwrap().location.line)
                .collect();
            assert_eq!(got, want, "{name}");
        }
    }

    /// A lone `\r` is a line end, read as `\n` (XML 1.0 section 2.11), also in values and when
    /// it ends a read; `\r\n` is kept as written.
    #[test]
    fn a_lone_carriage_return_is_a_line_end() {
        let xml = "<rss><channel>\r<item>\r<title>a\rb</title><description>c\r\nd</description>\r</item>\r<item><title>x</title></item></channel></rss>\r";
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("cr.xml");
        std::fs::write(&path, xml).unwrap();
        let products: Vec<Product> = crate::feed::open(&path, &crate::feed::ReadOptions::default())
            .unwrap()
            .map(Result::unwrap)
            .collect();
        assert_eq!(products[0].get("title"), Some("a\nb"));
        assert_eq!(products[0].get("description"), Some("c\r\nd"));
        let lines: Vec<u64> = products.iter().map(|p| p.location.line).collect();
        assert_eq!(lines, [2, 7]);
        // Read a byte at a time: every `\r` ends a read and waits for the next byte.
        let trickle = Trickle {
            data: xml.as_bytes().to_vec(),
            at: 0,
            step: 1,
        };
        let mut lc = LineCount::new(Box::new(trickle));
        let mut all = Vec::new();
        lc.read_to_end(&mut all).unwrap();
        let want = xml
            .replace("\r\n", "\0")
            .replace('\r', "\n")
            .replace('\0', "\r\n");
        assert_eq!(String::from_utf8(all).unwrap(), want);
    }

    /// Content after the root element is reported where it starts, not where the reader
    /// stopped after it (the start of the next line, for text that ends its line).
    #[test]
    fn content_after_the_root_is_located_where_it_starts() {
        for (xml, at) in [
            (
                "<rss><channel><item><id>1</id></item></channel></rss>junk after\n",
                ":1:54: ",
            ),
            (
                "<rss><channel><item><id>1</id></item></channel></rss>\n  <x a=\"1\">t</x>\n",
                ":2:3: ",
            ),
            (
                "<rss><channel><item><id>1</id></item></channel></rss><x/>\n",
                ":1:54: ",
            ),
        ] {
            let (_dir, mut reader) = open_xml(xml);
            let err = reader
                .find_map(Result::err)
                .unwrap_or_else(|| panic!("no error for {xml}"));
            assert!(
                err.message.contains(at)
                    && err
                        .message
                        .ends_with("content after the end of the root element"),
                "{xml}: {}",
                err.message
            );
        }
    }
}
