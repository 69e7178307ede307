//! The URLs of a product (`link`, `image_link`, `additional_image_link`) parsed once for the
//! rules, which read a URL's scheme, host and path.
//!
//! The `url` crate (the WHATWG URL standard) is the definition: [`WebUrl::parse`] gives the
//! scheme, host and path it gives. Most feed URLs are plain ASCII `http(s)://host/path`, which
//! that parser leaves exactly as written; for those ([`plain`]) the three parts are sliced out of
//! the text, about ten times cheaper than the full parse (three URLs per product were ~12% of
//! `validate`'s instructions). Anything the parser could rewrite goes to `url::Url::parse`: upper
//! case, percent-escapes of dots, `.`/`..` segments, IDNA (`xn--`) labels, hosts that end in a
//! number (IPv4), ports, user info, backslashes, spaces, controls and non-ASCII text before the
//! query. The proptest below holds the shortcut to the crate's answer. No I/O.

/// A URL of any scheme, as the `url` crate parses it.
#[derive(Debug, Clone)]
pub struct WebUrl<'a>(Repr<'a>);

#[derive(Debug, Clone)]
enum Repr<'a> {
    /// A plain `http(s)://host/path` URL: `text` is `host` followed by the path as written
    /// (empty for the root, which the parser writes as `/`), borrowed from the attribute value:
    /// the rule context lives no longer than its product, so nothing is copied.
    Plain {
        https: bool,
        text: &'a str,
        host_len: usize,
    },
    /// Anything else, as the `url` crate parsed it. Boxed: a `Url` is 88 bytes where a plain
    /// URL is 32, and the rule context holds two URLs and the additional images inline.
    Parsed(Box<url::Url>),
}

impl<'a> WebUrl<'a> {
    /// Parses `s` (already trimmed) as the `url` crate does; `None` where it does not parse.
    #[must_use]
    pub fn parse(s: &'a str) -> Option<Self> {
        Self::from_plain(s, plain(s))
    }

    /// What [`Self::parse`] gives, for a URL that may have the scheme and host of `known`: a
    /// product's additional images are nearly always on its main image's host. When `s` starts
    /// with `known`'s plain scheme and host followed by the end, a `/`, `?` or `#`, the host is
    /// not scanned again: [`plain_host`] reads no further than that byte, so its answer for `s`
    /// is its answer for `known`. Saves ~100 instructions (the host's byte loop) for each bench
    /// additional image (see docs/performance.md).
    #[must_use]
    pub fn parse_beside(s: &'a str, known: Option<&WebUrl<'_>>) -> Option<Self> {
        let plain = match known.and_then(|k| k.same_plain_host(s.as_bytes())) {
            Some((https, start, host_end)) => plain_path(s.as_bytes(), https, start, host_end),
            None => plain(s),
        };
        Self::from_plain(s, plain)
    }

    /// The URL of `s` from [`plain`]'s answer: its parts when it is plain, else the crate's.
    fn from_plain(s: &'a str, plain: Option<(bool, usize, usize, usize)>) -> Option<Self> {
        if let Some((https, start, host_len, end)) = plain {
            return Some(Self(Repr::Plain {
                https,
                text: &s[start..end],
                host_len,
            }));
        }
        url::Url::parse(s)
            .ok()
            .map(|u| Self(Repr::Parsed(Box::new(u))))
    }

    /// [`plain_host`]'s answer for `b` when `self` is plain and `b` starts with its scheme and
    /// host followed by the end, a `/`, `?` or `#`; `None` otherwise (`b` may be plain all the
    /// same).
    fn same_plain_host(&self, b: &[u8]) -> Option<(bool, usize, usize)> {
        let Repr::Plain {
            https,
            text,
            host_len,
        } = self.0
        else {
            return None;
        };
        let scheme: &[u8] = if https { b"https://" } else { b"http://" };
        let start = scheme.len();
        let host_end = start + host_len;
        let same = b.starts_with(scheme)
            && b.get(start..host_end) == text.as_bytes().get(..host_len)
            && matches!(b.get(host_end), None | Some(b'/' | b'?' | b'#'));
        same.then_some((https, start, host_end))
    }

    /// The scheme, lower case.
    #[must_use]
    pub fn scheme(&self) -> &str {
        match &self.0 {
            Repr::Plain { https: true, .. } => "https",
            Repr::Plain { https: false, .. } => "http",
            Repr::Parsed(u) => u.scheme(),
        }
    }

    /// The host as serialised by the parser (domains lower case), if the URL has one.
    #[must_use]
    pub fn host_str(&self) -> Option<&str> {
        match &self.0 {
            Repr::Plain { text, host_len, .. } => Some(&text[..*host_len]),
            Repr::Parsed(u) => u.host_str(),
        }
    }

    /// The path, percent-encoded as the parser serialises it (`/` at least for http(s)).
    #[must_use]
    pub fn path(&self) -> &str {
        match &self.0 {
            Repr::Plain { text, host_len, .. } => match &text[*host_len..] {
                "" => "/",
                path => path,
            },
            Repr::Parsed(u) => u.path(),
        }
    }
}

/// The scheme and host of [`plain`]: whether the scheme is `https`, where the host starts, and
/// where it ends (at the end of `b` or on a `/`, `?` or `#`). `None` when either is not plain. Each loop skips a run
/// of the bytes that need no look (a table test per byte), then decides on the byte that ends
/// the run.
#[inline]
fn plain_host(b: &[u8]) -> Option<(bool, usize, usize)> {
    let (https, start) = if b.starts_with(b"https://") {
        (true, 8)
    } else if b.starts_with(b"http://") {
        (false, 7)
    } else {
        return None;
    };
    let mut i = start;
    let mut label = start;
    let host_end = loop {
        i = skip_bytewise(b, i, &HOST_KEPT);
        match b.get(i) {
            Some(b'.') => {
                if i == label || b[label..].starts_with(b"xn--") {
                    return None;
                }
                i += 1;
                label = i;
            }
            None | Some(b'/' | b'?' | b'#') => break i,
            Some(_) => return None,
        }
    };
    if !b.get(label).is_some_and(u8::is_ascii_lowercase) || b[label..].starts_with(b"xn--") {
        return None;
    }
    Some((https, start, host_end))
}

/// `s` as a plain URL the WHATWG parser leaves as written: `(https, host start, host length,
/// path end)`, or `None` when the parser might rewrite the scheme, host or path (or reject `s`).
/// The query and fragment after the path are never read by the rules and cannot make an http(s)
/// URL fail to parse, so they are not looked at. One pass over the host and path.
///
/// The host is a domain the parser keeps as written: lower-case ASCII letters, digits and
/// hyphens in non-empty dot-separated labels, no IDNA (`xn--`) label, and a last label that
/// starts with a letter (a host ending in a number is parsed as an IPv4 address). The path is
/// empty, or `/` then bytes of [`PATH_RUN`], `.` and `%`, with no dot segment (`.`, `..`, or a
/// percent-escaped dot).
fn plain(s: &str) -> Option<(bool, usize, usize, usize)> {
    let b = s.as_bytes();
    let (https, start, host_end) = plain_host(b)?;
    plain_path(b, https, start, host_end)
}

/// [`plain`]'s answer for `b` whose scheme and host [`plain_host`] found plain: the path's scan.
#[inline]
fn plain_path(
    b: &[u8],
    https: bool,
    start: usize,
    host_end: usize,
) -> Option<(bool, usize, usize, usize)> {
    let mut i = host_end;
    if b.get(i) == Some(&b'/') {
        // `i` is on a `/`, `.` or `%` here: the run to skip starts after it. A slash does not
        // end a run: a dot segment can only start with a dot, so the dots are looked at
        // instead (one in a bench image URL, none in a link, against eight slashes and two).
        // With [`skip`]: 694 -> 510 instructions per bench URL (callgrind; docs/performance.md,
        // "1e8dbd3-8bc846e").
        loop {
            i = skip(b, i + 1, &PATH_RUN);
            match b.get(i) {
                None | Some(b'?' | b'#') => break,
                Some(b'.') => {
                    // A dot right after a slash starts the segment `.` or `..` when the
                    // segment ends there (at a slash or the end of the path).
                    if b[i - 1] == b'/' {
                        let end = if b.get(i + 1) == Some(&b'.') {
                            i + 2
                        } else {
                            i + 1
                        };
                        if matches!(b.get(end), None | Some(b'/' | b'?' | b'#')) {
                            return None;
                        }
                    }
                }
                Some(b'%') => {
                    if b.get(i + 1) == Some(&b'2') && matches!(b.get(i + 2), Some(b'e' | b'E')) {
                        return None;
                    }
                }
                Some(_) => return None,
            }
        }
    }
    Some((https, start, host_end - start, i))
}

/// The first position from `i` whose byte is not in `kept` (`b.len()` if none), a byte at a
/// time: for the host's labels, which are mostly shorter than [`skip`]'s eight bytes.
fn skip_bytewise(b: &[u8], i: usize, kept: &[bool; 256]) -> usize {
    let rest = b.get(i..).unwrap_or_default();
    i + rest
        .iter()
        .position(|&c| !kept[usize::from(c)])
        .unwrap_or(rest.len())
}

/// What [`skip_bytewise`] gives, eight bytes at a time while all eight are kept: their eight
/// table tests are combined with `&` without an exit per byte (LLVM branches once per pair),
/// ~29 instructions for eight bytes where the byte loop takes 6 a byte; the last run of fewer
/// than eight, and the eight that hold the stop, go byte by byte.
fn skip(b: &[u8], mut i: usize, kept: &[bool; 256]) -> usize {
    while let Some(chunk) = b.get(i..).and_then(<[u8]>::first_chunk::<8>) {
        if !chunk
            .iter()
            .fold(true, |all, &c| all & kept[usize::from(c)])
        {
            break;
        }
        i += 8;
    }
    skip_bytewise(b, i, kept)
}

/// Path bytes the parser copies as written and that end no segment, and the `/` between
/// segments: printable ASCII outside its percent-encode set (`"`, `<`, `>`, `` ` ``, `{`, `}`),
/// not a backslash (a separator for http), and not `.`, `%`, `?` or `#`, which [`plain`] looks
/// at one by one.
const PATH_RUN: [bool; 256] = {
    let mut t = [false; 256];
    let mut c: u8 = 0x21;
    while c < 0x7f {
        t[c as usize] = !matches!(
            c,
            b'"' | b'<' | b'>' | b'`' | b'{' | b'}' | b'\\' | b'.' | b'%' | b'?' | b'#'
        );
        c += 1;
    }
    t
};

/// Host bytes a domain label keeps as written: lower-case ASCII letters, digits and hyphens.
const HOST_KEPT: [bool; 256] = {
    let mut t = [false; 256];
    let mut c: u8 = 0;
    while c < 0x7f {
        t[c as usize] = c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'-';
        c += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The three parts as the `url` crate gives them.
    fn by_crate(s: &str) -> Option<(String, Option<String>, String)> {
        url::Url::parse(s).ok().map(|u| {
            (
                u.scheme().to_owned(),
                u.host_str().map(str::to_owned),
                u.path().to_owned(),
            )
        })
    }

    fn parts(u: &WebUrl) -> (String, Option<String>, String) {
        (
            u.scheme().to_owned(),
            u.host_str().map(str::to_owned),
            u.path().to_owned(),
        )
    }

    /// `s` takes the plain path or not, as `plain_expected` says, and parses as the crate does.
    fn assert_takes(s: &str, plain_expected: bool) {
        assert_eq!(plain(s).is_some(), plain_expected, "{s}");
        assert_eq!(WebUrl::parse(s).map(|u| parts(&u)), by_crate(s), "{s}");
    }

    #[test]
    fn common_feed_urls_take_the_plain_path() {
        for s in [
            "https://www.example.com/",
            "http://shop.acme.test",
            "https://cdn.acme.test/p/1.jpg?w=800&h=600#top",
            "https://www.acme-shop.co.uk/products/blue-shirt-xl.html?utm_source=gmc",
            "https://img.acme.test/a/b/c_50x50.webp",
            "http://a1.b2.test/x|y^z~/%20q",
        ] {
            assert_takes(s, true);
        }
    }

    #[test]
    fn urls_the_parser_rewrites_take_the_full_parse() {
        for s in [
            "HTTP://Example.com/",
            "http://EXAMPLE.com/",
            "http://example.com/a/../b",
            "http://example.com/a/%2e%2E/b",
            "http://example.com/./b",
            "http://192.168.0.1/x",
            "http://example.123/x",
            "http://xn--bcher-kva.example/",
            "http://example.com:8080/x",
            "http://user@example.com/",
            "http:\\\\example.com\\a",
            "http://example.com/a b",
            "http://example.com/ä",
            "http:///example.com/",
            "http://",
            "http://.example.com/",
            "http://example.com./",
            "http://a..b/",
            "ftp://example.com/x",
            "mailto:shop@example.com",
        ] {
            assert_takes(s, false);
        }
    }

    /// [`plain`] as it was before the path skipped slashes and eight bytes at a time (bit for
    /// bit the previous code, segment by segment and a byte at a time): the new one must take
    /// the shortcut for exactly the same texts and give the same parts.
    mod reference {
        use super::super::skip_bytewise;

        /// Path bytes the previous scan skipped: [`super::super::PATH_RUN`] with `.` and
        /// without `/`.
        const PATH_KEPT: [bool; 256] = {
            let mut t = [false; 256];
            let mut c: u8 = 0x21;
            while c < 0x7f {
                t[c as usize] = !matches!(
                    c,
                    b'"' | b'<' | b'>' | b'`' | b'{' | b'}' | b'\\' | b'/' | b'%' | b'?' | b'#'
                );
                c += 1;
            }
            t
        };

        fn dot_segment(seg: &[u8]) -> bool {
            matches!(seg, b"." | b"..")
        }

        pub(super) fn plain(s: &str) -> Option<(bool, usize, usize, usize)> {
            let b = s.as_bytes();
            // The scheme and host are scanned as they always were (only the path scan changed).
            let (https, start, host_end) = super::super::plain_host(b)?;
            let mut i = host_end;
            if b.get(i) == Some(&b'/') {
                i += 1;
                let mut segment = i;
                loop {
                    i = skip_bytewise(b, i, &PATH_KEPT);
                    match b.get(i) {
                        None | Some(b'?' | b'#') => {
                            if dot_segment(&b[segment..i]) {
                                return None;
                            }
                            break;
                        }
                        Some(b'/') => {
                            if dot_segment(&b[segment..i]) {
                                return None;
                            }
                            i += 1;
                            segment = i;
                        }
                        Some(b'%') => {
                            if b.get(i + 1) == Some(&b'2')
                                && matches!(b.get(i + 2), Some(b'e' | b'E'))
                            {
                                return None;
                            }
                            i += 1;
                        }
                        Some(_) => return None,
                    }
                }
            }
            Some((https, start, host_end - start, i))
        }
    }

    #[test]
    fn additional_images_on_the_main_image_host_parse_as_alone() {
        let main = "https://cdn.example.com/s/files/1/0278/5781/files/hose-0-front.jpg?v=1";
        let known = WebUrl::parse(main);
        for s in [
            "https://cdn.example.com/s/files/1/0278/5781/files/hose-0-side.jpg?v=1",
            "https://cdn.example.com",
            "https://cdn.example.com?x",
            "https://cdn.example.com#x",
            "https://cdn.example.com/./x",
            "https://cdn.example.com.au/x",
            "https://cdn.example.comx/x",
            "https://cdn.example.com:8080/x",
            "https://cdn.example.com@evil.test/x",
            "https://cdn.example.co/x",
            "http://cdn.example.com/x",
            "https://img.example.com/x",
            "https://cdn.example.com\\x",
            "/x",
        ] {
            assert_eq!(
                format!("{:?}", WebUrl::parse_beside(s, known.as_ref())),
                format!("{:?}", WebUrl::parse(s)),
                "{s}"
            );
            assert_eq!(
                WebUrl::parse_beside(s, known.as_ref()).map(|u| parts(&u)),
                by_crate(s),
                "{s}"
            );
        }
    }

    #[test]
    fn bench_shaped_urls_take_the_plain_path_as_before() {
        for s in [
            "https://shop.example.com/products/garden-hose-25-m-0?variant=41387190418853",
            "https://cdn.example.com/s/files/1/0278/5781/files/garden-hose-25-m-0-front.jpg?v=1",
            "https://cdn.example.com/s/files/1/0278/5781/files/a-very-long-name-indeed-0123.jpg",
            "https://cdn.example.com/a/b/../c/d/e/f/g/h/i/j/k/l/m/n/o/p",
            "https://cdn.example.com/abcdefgh/ijklmnop/.",
            "https://cdn.example.com/abcdefgh/ijklmnop/..?x",
            "https://cdn.example.com/abcdefgh/ijklmnop/...",
            "https://cdn.example.com/abcdefghijklmno/%2e%2e/x",
            "https://cdn.example.com/abcdefghijklmnop/a.b.c/.x/..y/x.",
        ] {
            assert_eq!(plain(s), reference::plain(s), "{s}");
            assert_eq!(WebUrl::parse(s).map(|u| parts(&u)), by_crate(s), "{s}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        /// Whatever the text, the scheme, host and path are the `url` crate's.
        #[test]
        fn agrees_with_the_url_crate(
            scheme in prop::sample::select(vec![
                "http://", "https://", "HTTP://", "http:/", "http:", "https:\\\\", "ftp://", "",
            ]),
            host in prop_oneof![
                "[a-z0-9-]{1,5}(\\.[a-z][a-z0-9-]{0,4}){0,2}",
                "[a-zA-Z0-9.\\-_%@:\\[\\]x]{0,14}",
            ],
            path in "[/a-zA-Z0-9.%eE?#\\\\ \"<>`{}|^~\t\u{1}é-]{0,18}",
        ) {
            let s = format!("{scheme}{host}{path}");
            prop_assert_eq!(plain(&s), reference::plain(&s), "{:?}", s);
            prop_assert_eq!(WebUrl::parse(&s).map(|u| parts(&u)), by_crate(&s), "{:?}", s);
        }

        /// Long paths of runs of plain bytes (longer than the eight bytes tested at a time)
        /// between slashes, dots, escapes and stops: the shortcut is taken exactly where the
        /// previous scan took it, and the parts are the `url` crate's.
        #[test]
        fn long_paths_agree_with_the_previous_scan_and_the_crate(
            pieces in prop::collection::vec(prop_oneof![
                "[a-z0-9_-]{0,19}",
                prop::sample::select(vec![
                    "/", "/", ".", "..", "/.", "/..", "%2e", "%2E", "%41", "%", "?", "#", "\\",
                    " ", "\"", "{", "é", "\t",
                ]).prop_map(str::to_owned),
            ], 0..12),
        ) {
            let s = format!("https://cdn.example.com/{}", pieces.concat());
            prop_assert_eq!(plain(&s), reference::plain(&s), "{:?}", s);
            prop_assert_eq!(WebUrl::parse(&s).map(|u| parts(&u)), by_crate(&s), "{:?}", s);
        }

        /// A URL read beside another ([`WebUrl::parse_beside`]) is what [`WebUrl::parse`] makes
        /// of it, plain or parsed alike, whether or not it shares the other's scheme and host:
        /// the same host, a longer or shorter one, another scheme, stops and non-stops after it.
        #[test]
        fn parse_beside_is_parse(
            known_scheme in prop::sample::select(vec!["http://", "https://", "HTTP://", ""]),
            known_host in prop_oneof![
                "[a-z0-9-]{1,5}(\\.[a-z][a-z0-9-]{0,4}){0,2}",
                "[a-zA-Z0-9.\\-_%@:x]{0,8}",
            ],
            known_path in "[/a-z.?#]{0,6}",
            scheme in prop::sample::select(vec!["", "http://", "https://", "https:/"]),
            same_host in prop::bool::ANY,
            other_host in "[a-z0-9.-]{0,8}",
            after in "[/a-zA-Z0-9.%eE?#\\\\ :@-]{0,10}",
        ) {
            let known_text = format!("{known_scheme}{known_host}{known_path}");
            let known = WebUrl::parse(&known_text);
            // Mostly the known URL's own scheme and host, as an additional image has them.
            let (scheme, host) = if same_host {
                (known_scheme, known_host.as_str())
            } else {
                (scheme, other_host.as_str())
            };
            let s = format!("{scheme}{host}{after}");
            prop_assert_eq!(
                format!("{:?}", WebUrl::parse_beside(&s, known.as_ref())),
                format!("{:?}", WebUrl::parse(&s)),
                "{:?} beside {:?}", s, known_text
            );
        }

        /// Hosts made of the characters the shortcut accepts: dots and hyphens anywhere,
        /// labels that look like numbers or punycode.
        #[test]
        fn domain_shapes_agree(
            labels in prop::collection::vec("(xn--)?[a-z0-9-]{0,5}", 1..4),
            path in "(/[a-z.%2e]{0,4}){0,3}",
        ) {
            let s = format!("https://{}{path}", labels.join("."));
            prop_assert_eq!(plain(&s), reference::plain(&s), "{:?}", s);
            prop_assert_eq!(WebUrl::parse(&s).map(|u| parts(&u)), by_crate(&s), "{:?}", s);
        }
    }
}
