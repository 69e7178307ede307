//! Media and link rules (`FL-M`): link, mobile_link, image_link, additional_image_link
//! (GMC 6324416, 6324350; shoptimizer constants: 2,000 characters, 10 additional images).
//!
//! URL shape is checked as the `url` crate parses it (src/rules/weburl.rs); nothing is fetched. No I/O.

use crate::model::Trim;
use std::sync::LazyLock;

use super::util::{
    CaselessMatcher, chars_over, extension_in, is_http, is_http_url, text, url_extension,
};
use super::{BASE, Hit, Rule, Sink, WebUrl};
use crate::model::{Group, RuleKind, Severity};

use crate::catalog::fields::{ADDITIONAL_IMAGES_MAX, URL_MAX};

/// Image file extensions GMC accepts (JPEG, WebP, PNG, GIF, BMP, TIFF).
const IMAGE_EXTENSIONS: &[&str] = &["jpg", "jpeg", "png", "gif", "webp", "bmp", "tif", "tiff"];
/// Extensions that are certainly not a product photo in an accepted format.
const NON_IMAGE_EXTENSIONS: &[&str] = &[
    "svg", "pdf", "html", "htm", "php", "asp", "aspx", "ico", "psd", "heic", "avif", "mp4", "zip",
];

/// Words in an image path that mark a placeholder or missing-image graphic.
const PLACEHOLDER_WORDS: &[&str] = &[
    "placeholder",
    "no-image",
    "noimage",
    "no_image",
    "image-coming-soon",
    "coming-soon",
    "comingsoon",
    "image-not-available",
    "not-available",
    "default-image",
    "no-photo",
    "nophoto",
    "dummy",
];

/// Placeholder images: a path naming a placeholder graphic, or an image on the bare reserved
/// example domain (`example.com` / `www.example.com`, RFC 2606). Sub-domains such as
/// `images.example.com` are treated as a real image host (Google's own sample feed uses them).
fn placeholder_image(url: &WebUrl) -> Option<&'static str> {
    let host = url.host_str()?;
    if reserved_example_host(host) {
        return Some("the reserved example domain");
    }
    // One case-insensitive pass answers "none" for almost every image; only a path with a hit
    // is lower-cased and scanned word by word, so the word reported stays the first in the list.
    if !PLACEHOLDER_MATCHER.is_match(url.path()) {
        return None;
    }
    let path = url.path().to_ascii_lowercase();
    PLACEHOLDER_WORDS
        .iter()
        .find(|w| path.contains(*w))
        .copied()
}

/// Whether `host` is, ASCII case-insensitively, one of the bare reserved example domains
/// `example.com`, `example.org`, `example.net`, optionally after `www.` (RFC 2606).
///
/// Decided by the host's length (11 or 15 bytes) and then its parts, where the list of six
/// names was compared one by one: each image URL of every product (~3 a row) went through six
/// iterations and a comparison each.
fn reserved_example_host(host: &str) -> bool {
    let b = host.as_bytes();
    let bare = match b.len() {
        11 => b,
        15 if b[..4].eq_ignore_ascii_case(b"www.") => &b[4..],
        _ => return false,
    };
    let (name, tld) = bare.split_at(8);
    name.eq_ignore_ascii_case(b"example.")
        && (tld.eq_ignore_ascii_case(b"com")
            || tld.eq_ignore_ascii_case(b"org")
            || tld.eq_ignore_ascii_case(b"net"))
}

/// An extension of at most four bytes (every one in [`IMAGE_EXTENSIONS`] and
/// [`NON_IMAGE_EXTENSIONS`]), lower-cased and packed with its length into one integer, so
/// that a list is searched by integer comparisons; `None` for a longer one, which is in
/// neither list. Built at compile time for the lists.
#[allow(
    clippy::cast_lossless,
    reason = "`u64::from` is not usable in a const fn; the casts widen"
)]
const fn extension_key(ext: &[u8]) -> Option<u64> {
    if ext.len() > 4 {
        return None;
    }
    let mut key = ext.len() as u64;
    let mut i = 0;
    while i < ext.len() {
        key |= (ext[i].to_ascii_lowercase() as u64) << (8 * (i + 1));
        i += 1;
    }
    Some(key)
}

/// [`extension_key`] of each word of `list` (all at most four bytes: the build fails if not).
const fn extension_keys<const N: usize>(list: &[&str]) -> [u64; N] {
    let mut keys = [0; N];
    let mut i = 0;
    while i < N {
        keys[i] = match extension_key(list[i].as_bytes()) {
            Some(key) => key,
            None => panic!("an extension of more than four bytes"),
        };
        i += 1;
    }
    keys
}

const IMAGE_EXTENSION_KEYS: [u64; IMAGE_EXTENSIONS.len()] = extension_keys(IMAGE_EXTENSIONS);
const NON_IMAGE_EXTENSION_KEYS: [u64; NON_IMAGE_EXTENSIONS.len()] =
    extension_keys(NON_IMAGE_EXTENSIONS);

/// Whether `ext` is one of `list`, whose keys are `keys`, ASCII case-insensitively: what
/// [`extension_in`] answers (debug builds check that it does), by one key and integer
/// comparisons instead of a case-insensitive string comparison per word (13 for FL-M004 on
/// every image_link).
fn extension_among(ext: &str, list: &[&str], keys: &[u64]) -> bool {
    let found = extension_key(ext.as_bytes()).is_some_and(|key| keys.contains(&key));
    debug_assert_eq!(found, extension_in(ext, list), "{ext}");
    found
}

/// Any of [`PLACEHOLDER_WORDS`], ASCII case-insensitively, anywhere: a fast pre-check.
static PLACEHOLDER_MATCHER: LazyLock<CaselessMatcher> =
    LazyLock::new(|| CaselessMatcher::screened(PLACEHOLDER_WORDS, PLACEHOLDER_SCREEN));

/// Words of which every one of [`PLACEHOLDER_WORDS`] contains one, for the packed search of
/// [`PLACEHOLDER_MATCHER`]: 10 words instead of 13 (`coming` stands for the three `coming`
/// words and `not-available` for `image-not-available`), so slim Teddy shares fewer buckets.
/// Only `coming` is not itself a word, and a path with it is searched again for the words.
/// Callgrind over the bench feed's 39,864 image paths: 246 instructions a search (fat Teddy,
/// the 13 words) -> 185.
const PLACEHOLDER_SCREEN: &[&str] = &[
    "placeholder",
    "no-image",
    "no_image",
    "noimage",
    "coming",
    "not-available",
    "default-image",
    "no-photo",
    "nophoto",
    "dummy",
];

/// Substrings of a thumbnail-sized image URL.
const THUMBNAIL_HINTS: [&str; 10] = [
    "thumb",
    "/tiny/",
    "_50x50",
    "_75x75",
    "-50x50",
    "-75x75",
    "w=50&",
    "w=75&",
    "width=50&",
    "size=50x50",
];

static THUMBNAIL_MATCHER: LazyLock<CaselessMatcher> =
    LazyLock::new(|| CaselessMatcher::screened(&THUMBNAIL_HINTS, THUMBNAIL_SCREEN));

/// Substrings of which every one of [`THUMBNAIL_HINTS`] contains one: 6 words for slim Teddy's
/// 8 buckets instead of 10 (`50x50` stands for `_50x50`, `-50x50` and `size=50x50`, `75x75` for
/// two hints, `=50&` for `w=50&` and `width=50&`). A URL with one that is not a hint (`150x500`,
/// `height=50&`) is searched again for the hints. Callgrind over the bench feed's 20,000 image
/// URLs: 267 instructions a search (fat Teddy, the 10 hints) -> 197.
const THUMBNAIL_SCREEN: &[&str] = &["thumb", "/tiny/", "50x50", "75x75", "=50&", "w=75&"];

fn thumbnail_hint(url: &str) -> bool {
    let b = url.as_bytes();
    let ends_with = |suffix: &[u8]| {
        b.len() >= suffix.len() && b[b.len() - suffix.len()..].eq_ignore_ascii_case(suffix)
    };
    THUMBNAIL_MATCHER.is_match(url) || ends_with(b"w=50") || ends_with(b"w=75")
}

/// Whether a host (in any case) names this machine or a private network. Compared
/// case-insensitively rather than on a lower-cased copy: every product's link and image are asked.
fn local_host(host: &str) -> bool {
    // The last label: `localhost` itself, or `localhost` after a dot. Found by a byte loop from
    // the end: `rsplit('.')` set up a searcher and called memrchr for each host, ~240
    // instructions a host, two hosts a product (callgrind; docs/performance.md,
    // "a batch entry's messages without `format!`").
    //
    // The three names end in `t` or `l` (in either case): a host ending in another byte (every
    // bench host ends in `m` of `.com`) is not one of them, and its dot is not searched for.
    // `c | 0x20` is `t` or `l` only for those two letters in either case.
    let b = host.as_bytes();
    let may_be_local_name = matches!(b.last().map(|&c| c | 0x20), Some(b't' | b'l'));
    (may_be_local_name && {
        let last = b
            .iter()
            .rposition(|&c| c == b'.')
            .map_or(b, |dot| &b[dot + 1..]);
        [&b"localhost"[..], b"local", b"internal"]
            .iter()
            .any(|l| last.eq_ignore_ascii_case(l))
    })
        // An IPv4 address starts with a digit: the parser is not called for a name.
        || (b.first().is_some_and(u8::is_ascii_digit)
            && host
                .parse::<std::net::Ipv4Addr>()
                .is_ok_and(|ip| ip.is_private() || ip.is_loopback()))
        || host.starts_with('[')
}

// The helpers below are each a rule's check of one field, called once per field with the
// field's name written out. In a loop over an array of names (`for field in ["link", ...]`)
// the name was a value at run time, so each look-up hashed it for its bucket
// (`Product::position`) instead of using the constant the compiler folds a literal name to.
// Inlined into the rule's check, each call sees its name as a constant.

/// FL-M003 and FL-M013: the first of `values` longer than [`URL_MAX`] characters.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "the field name folds to a constant in each caller (see above)"
)]
fn too_long<S: AsRef<str>>(values: &[S], field: &'static str, out: &mut Sink) {
    if let Some(n) = values.iter().find_map(|v| chars_over(v.as_ref(), URL_MAX)) {
        out.push(Hit {
            field,
            message: format!("{field} has {n} characters; at most {URL_MAX} are allowed"),
        });
    }
}

/// FL-M005: the image `v` of `field`, parsed as `url`, when it is a placeholder.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "the field name folds to a constant in each caller (see above)"
)]
fn placeholder_hit(url: Option<&WebUrl<'_>>, field: &'static str, v: &str, out: &mut Sink) {
    if let Some(why) = url.and_then(placeholder_image) {
        out.push(Hit {
            field,
            message: format!("{field} \"{v}\" is a placeholder image ({why})"),
        });
    }
}

/// FL-M009: the value `v` of `field`, when it has white space inside.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "the field name folds to a constant in each caller (see above)"
)]
fn has_space(v: Option<&str>, field: &'static str, out: &mut Sink) {
    if v.is_some_and(|v| super::util::has_whitespace(v.trim_fast())) {
        out.push(Hit {
            field,
            message: format!("{field} contains an unencoded space"),
        });
    }
}

/// FL-M016: the parsed URL of `field`, when its host is not public.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "the field name folds to a constant in each caller (see above)"
)]
fn not_public(url: Option<&WebUrl<'_>>, field: &'static str, out: &mut Sink) {
    if let Some(host) = url.and_then(WebUrl::host_str) {
        if local_host(host) {
            let host = host.to_ascii_lowercase();
            out.push(Hit {
                field,
                message: format!("{field} points to the non-public host {host}"),
            });
        }
    }
}

pub(crate) const RULES: &[Rule] = &[
    Rule {
        code: "FL-M001",
        name: "image-link-missing",
        group: Group::Media,
        severity: Severity::Critical,
        fields: &["image_link"],
        what: "That the product has a non-blank image_link (required for every product, GMC 6324350).",
        why: "Products without an image are disapproved: shopping listings are image-first.",
        example: "A product row with an empty `image_link` cell.",
        fix: "Give the URL of the main product photo (at least 100×100, 250×250 for apparel).",
        check: product_check!(|_, cx, out| {
            // Given (present and not blank) as the context's look-up for the URL found it.
            if !cx.image_link_given {
                out.push(Hit {
                    field: "image_link",
                    message: "image_link is missing or empty".into(),
                });
            }
        }),
        pass: &[("image_link", "https://cdn.acme.test/p/1.jpg")],
        fail: &[("image_link", "")],
        ..BASE
    },
    Rule {
        code: "FL-M002",
        name: "image-link-invalid-url",
        group: Group::Media,
        severity: Severity::Critical,
        fields: &["image_link"],
        what: "That image_link is an absolute http or https URL with a host.",
        why: "A relative path or another scheme cannot be crawled, so the product has no usable image and is disapproved.",
        example: "`image_link=\"/images/1.jpg\"`.",
        fix: "Give the full URL: `https://www.your-shop.com/images/1.jpg`.",
        check: product_check!(|p, cx, out| {
            // The text (given, as the context found) is looked up only for a failing product.
            if cx.image_link_given && !cx.image_url.as_ref().is_some_and(is_http) {
                if let Some(v) = text(p, "image_link") {
                    out.push(Hit {
                        field: "image_link",
                        message: format!("image_link \"{v}\" is not an absolute http(s) URL"),
                    });
                }
            }
        }),
        pass: &[("image_link", "https://cdn.acme.test/p/1.jpg")],
        fail: &[("image_link", "/images/1.jpg")],
        ..BASE
    },
    Rule {
        code: "FL-M003",
        name: "image-link-too-long",
        group: Group::Media,
        severity: Severity::High,
        fields: &["image_link", "additional_image_link"],
        what: "That image_link and each additional_image_link have at most 2,000 characters.",
        why: "Longer URLs are rejected; for the main image this disapproves the product.",
        example: "An image URL with a long signed query string.",
        fix: "Serve the image from a short, stable URL.",
        check: product_check!(|p, _, out| {
            // One call a field (see `too_long`).
            too_long(p.values("image_link"), "image_link", out);
            too_long(
                p.values("additional_image_link"),
                "additional_image_link",
                out,
            );
        }),
        pass: &[("image_link", "https://cdn.acme.test/p/1.jpg")],
        fail: &[("image_link#300", "https://a.test/")],
        ..BASE
    },
    Rule {
        code: "FL-M004",
        name: "image-link-unsupported-format",
        group: Group::Media,
        fields: &["image_link"],
        what: "That image_link does not end in an extension of a format GMC does not accept (svg, pdf, html, php, ico, heic, avif...). URLs without an extension are accepted (many CDNs omit it).",
        why: "Only JPEG, WebP, PNG, non-animated GIF, BMP and TIFF images are accepted, and the extension must match the format (GMC 6324350).",
        example: "`image_link=\"https://cdn.acme.test/logo.svg\"`.",
        fix: "Serve a JPEG, PNG or WebP photo of the product.",
        check: product_check!(|_, cx, out| {
            if let Some(ext) = cx.image_url.as_ref().and_then(url_extension) {
                if extension_among(ext, NON_IMAGE_EXTENSIONS, &NON_IMAGE_EXTENSION_KEYS) {
                    let ext = ext.to_ascii_lowercase();
                    out.push(Hit {
                        field: "image_link",
                        message: format!(
                            "image_link points to a .{ext} file; use {}",
                            IMAGE_EXTENSIONS.join(", ")
                        ),
                    });
                }
            }
        }),
        pass: &[("image_link", "https://cdn.acme.test/p/1.webp")],
        fail: &[("image_link", "https://cdn.acme.test/logo.svg")],
        ..BASE
    },
    Rule {
        code: "FL-M005",
        name: "placeholder-image",
        group: Group::Media,
        severity: Severity::High,
        fields: &["image_link", "additional_image_link"],
        what: "That no image URL is a placeholder: a path naming a placeholder graphic (placeholder, no-image, coming-soon, not-available, dummy...) or an image on the bare reserved example domains (example.com, www.example.com; RFC 2606).",
        why: "Placeholder or generic images are disapproved (GMC 6324350), and a placeholder main image disapproves the product.",
        example: "`additional_image_link=\"http://www.example.com/image2.jpg\"`.",
        fix: "Replace the placeholder with a real photo of the product, or remove the additional image.",
        check: product_check!(|p, cx, out| {
            // The two fields one after the other with their names written out, where a loop
            // over them looked each name up at run time (see `too_long`) and compared the
            // field's name with both to choose the parsed URL.
            for (i, v) in p.values("image_link").iter().enumerate() {
                let parsed;
                let url = if i == 0 {
                    cx.image_url.as_ref()
                } else {
                    parsed = WebUrl::parse(v.trim_fast());
                    parsed.as_ref()
                };
                placeholder_hit(url, "image_link", v, out);
            }
            for (i, v) in p.values("additional_image_link").iter().enumerate() {
                let url = cx.extra_image_urls.get(i).and_then(Option::as_ref);
                placeholder_hit(url, "additional_image_link", v, out);
            }
        }),
        pass: &[("image_link", "http://images.example.com/TV_123456.png")],
        fail: &[("additional_image_link", "http://www.example.com/image2.jpg")],
        ..BASE
    },
    Rule {
        code: "FL-M006",
        name: "additional-image-link-too-many",
        group: Group::Media,
        severity: Severity::Low,
        fields: &["additional_image_link"],
        what: "That there are at most 10 additional_image_link values.",
        why: "Images beyond the tenth are ignored, so the ones you chose last are never shown.",
        example: "Fourteen additional_image_link values.",
        fix: "Keep the ten most useful additional images (different angles, in use, details).",
        check: product_check!(|p, _, out| {
            let n = p.values("additional_image_link").len();
            if n > ADDITIONAL_IMAGES_MAX {
                out.push(Hit {
                    field: "additional_image_link",
                    message: format!(
                        "{n} additional images; only the first {ADDITIONAL_IMAGES_MAX} are used"
                    ),
                });
            }
        }),
        pass: &[("additional_image_link", "https://cdn.acme.test/p/1-b.jpg")],
        fail: &[
            ("additional_image_link", "https://cdn.acme.test/1.jpg"),
            ("additional_image_link", "https://cdn.acme.test/2.jpg"),
            ("additional_image_link", "https://cdn.acme.test/3.jpg"),
            ("additional_image_link", "https://cdn.acme.test/4.jpg"),
            ("additional_image_link", "https://cdn.acme.test/5.jpg"),
            ("additional_image_link", "https://cdn.acme.test/6.jpg"),
            ("additional_image_link", "https://cdn.acme.test/7.jpg"),
            ("additional_image_link", "https://cdn.acme.test/8.jpg"),
            ("additional_image_link", "https://cdn.acme.test/9.jpg"),
            ("additional_image_link", "https://cdn.acme.test/10.jpg"),
            ("additional_image_link", "https://cdn.acme.test/11.jpg"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-M007",
        name: "additional-image-link-invalid-url",
        group: Group::Media,
        severity: Severity::Low,
        fields: &["additional_image_link"],
        what: "That each additional_image_link is an absolute http or https URL.",
        why: "Invalid additional images are dropped one by one; the product stays listed but with fewer pictures.",
        example: "`additional_image_link=\"images/1-back.jpg\"`.",
        fix: "Give full URLs.",
        check: product_check!(|p, cx, out| {
            for (i, v) in p.values("additional_image_link").iter().enumerate() {
                let url = cx.extra_image_urls.get(i).and_then(Option::as_ref);
                if !v.trim_fast().is_empty() && !url.is_some_and(is_http) {
                    out.push(Hit {
                        field: "additional_image_link",
                        message: format!(
                            "additional_image_link \"{v}\" is not an absolute http(s) URL"
                        ),
                    });
                }
            }
        }),
        pass: &[("additional_image_link", "https://cdn.acme.test/p/1-b.jpg")],
        fail: &[("additional_image_link", "images/1-back.jpg")],
        ..BASE
    },
    Rule {
        code: "FL-M008",
        name: "additional-image-repeats-main",
        group: Group::Media,
        severity: Severity::Low,
        kind: RuleKind::Performance,
        fields: &["additional_image_link", "image_link"],
        what: "That no additional_image_link repeats image_link or another additional image.",
        why: "Repeated images waste slots that could show other angles or the product in use.",
        example: "`additional_image_link` equal to `image_link`.",
        fix: "Remove the repeats; add distinct views.",
        check: product_check!(|p, _, out| {
            let extra = p.values("additional_image_link");
            // Half the bench rows have no additional image: image_link is looked up and
            // trimmed only when there is one to compare with it.
            if extra.is_empty() {
                return;
            }
            let main = p.get("image_link").map(str::trim);
            for (i, v) in extra.iter().enumerate() {
                let v = v.trim_fast();
                if Some(v) == main || extra[..i].iter().any(|w| w.trim_fast() == v) {
                    out.push(Hit {
                        field: "additional_image_link",
                        message: format!("additional_image_link \"{v}\" is repeated"),
                    });
                }
            }
        }),
        pass: &[
            ("image_link", "https://cdn.acme.test/1.jpg"),
            ("additional_image_link", "https://cdn.acme.test/2.jpg"),
        ],
        fail: &[
            ("image_link", "https://cdn.acme.test/1.jpg"),
            ("additional_image_link", "https://cdn.acme.test/1.jpg"),
        ],
        ..BASE
    },
    Rule {
        code: "FL-M009",
        name: "url-contains-spaces",
        group: Group::Media,
        fields: &["link", "image_link", "mobile_link"],
        what: "That link, mobile_link and image_link contain no unencoded spaces inside the URL.",
        why: "RFC 3986 does not allow spaces; crawlers cut or reject such URLs, breaking the landing page or image.",
        example: "`image_link=\"https://cdn.acme.test/red shoe.jpg\"`.",
        fix: "Encode spaces as `%20` (or avoid them in file names).",
        check: product_check!(|p, _, out| {
            // One call a field (see `too_long`).
            has_space(text(p, "link"), "link", out);
            has_space(text(p, "image_link"), "image_link", out);
            has_space(text(p, "mobile_link"), "mobile_link", out);
        }),
        pass: &[("link", "https://shop.acme.test/p?q=Dior%20Capture")],
        fail: &[("image_link", "https://cdn.acme.test/red shoe.jpg")],
        ..BASE
    },
    Rule {
        code: "FL-M010",
        name: "image-link-thumbnail",
        group: Group::Media,
        kind: RuleKind::Performance,
        fields: &["image_link"],
        what: "That image_link does not look like a thumbnail (`thumb` in the path, `_50x50`/`_75x75` size suffixes, `w=50` resize parameters). A URL heuristic: pixels are not downloaded.",
        why: "Images smaller than 100×100 (250×250 for apparel) are disapproved, and small images perform poorly.",
        example: "`image_link=\"https://cdn.acme.test/thumbs/1_50x50.jpg\"`.",
        fix: "Link the full-size product image (800×800 or larger is recommended).",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "image_link") {
                if thumbnail_hint(v) {
                    out.push(Hit {
                        field: "image_link",
                        message: format!("image_link \"{v}\" looks like a thumbnail"),
                    });
                }
            }
        }),
        pass: &[("image_link", "https://cdn.acme.test/p/1_1200x1200.jpg")],
        fail: &[("image_link", "https://cdn.acme.test/thumbs/1_50x50.jpg")],
        ..BASE
    },
    Rule {
        code: "FL-M011",
        name: "link-missing",
        group: Group::Media,
        severity: Severity::Critical,
        fields: &["link"],
        what: "That the product has a non-blank link to its landing page (required; spec 2.1, GMC 6324416).",
        why: "Without a landing page the product cannot be bought and is disapproved.",
        example: "`<link></link>` in an RSS item.",
        fix: "Give the URL of the product's own page on your site.",
        check: product_check!(|_, cx, out| {
            // Given (present and not blank) as the context's look-up for the URL found it.
            if !cx.link_given {
                out.push(Hit {
                    field: "link",
                    message: "link is missing or empty".into(),
                });
            }
        }),
        pass: &[("link", "https://shop.acme.test/p/1")],
        fail: &[("link", "")],
        ..BASE
    },
    Rule {
        code: "FL-M012",
        name: "link-invalid-url",
        group: Group::Media,
        severity: Severity::Critical,
        fields: &["link"],
        what: "That link is an absolute http or https URL with a host (RFC 3986).",
        why: "A relative or malformed link cannot be opened; the product is disapproved.",
        example: "`link=\"www.acme.test/p/1\"` (no scheme).",
        fix: "Give the full URL starting with `https://`.",
        check: product_check!(|p, cx, out| {
            // The text (given, as the context found) is looked up only for a failing product.
            if cx.link_given && !cx.link_url.as_ref().is_some_and(is_http) {
                if let Some(v) = text(p, "link") {
                    out.push(Hit {
                        field: "link",
                        message: format!("link \"{v}\" is not an absolute http(s) URL"),
                    });
                }
            }
        }),
        pass: &[("link", "https://shop.acme.test/p/1")],
        fail: &[("link", "www.acme.test/p/1")],
        ..BASE
    },
    Rule {
        code: "FL-M013",
        name: "link-too-long",
        group: Group::Media,
        severity: Severity::High,
        fields: &["link", "mobile_link"],
        what: "That link and mobile_link have at most 2,000 characters.",
        why: "Longer URLs are rejected, which disapproves the product.",
        example: "A link with a long tracking query string.",
        fix: "Shorten the URL; add tracking through the platform's URL suffix instead.",
        check: product_check!(|p, _, out| {
            // One call a field (see `too_long`); only the first value is checked here.
            too_long(text(p, "link").as_slice(), "link", out);
            too_long(text(p, "mobile_link").as_slice(), "mobile_link", out);
        }),
        pass: &[("link", "https://shop.acme.test/p/1")],
        fail: &[("link#300", "https://a.test/")],
        ..BASE
    },
    Rule {
        code: "FL-M014",
        name: "mobile-link-invalid-url",
        group: Group::Media,
        severity: Severity::Low,
        fields: &["mobile_link"],
        what: "That mobile_link, when given, is an absolute http or https URL.",
        why: "An invalid mobile link is ignored and mobile shoppers land on the desktop page.",
        example: "`mobile_link=\"m.acme.test/p/1\"`.",
        fix: "Give the full URL, or remove mobile_link if the site is responsive.",
        check: product_check!(|p, _, out| {
            if let Some(v) = text(p, "mobile_link") {
                if !is_http_url(v) {
                    out.push(Hit {
                        field: "mobile_link",
                        message: format!("mobile_link \"{v}\" is not an absolute http(s) URL"),
                    });
                }
            }
        }),
        pass: &[("mobile_link", "https://m.acme.test/p/1")],
        fail: &[("mobile_link", "m.acme.test/p/1")],
        ..BASE
    },
    Rule {
        code: "FL-M015",
        name: "link-is-image-file",
        group: Group::Media,
        fields: &["link"],
        what: "That link points to a page, not to an image file (.jpg, .png, .webp...).",
        why: "The landing page must let the shopper buy the product; an image URL is not a landing page and is disapproved.",
        example: "`link=\"https://cdn.acme.test/p/1.jpg\"` (image_link copied into link).",
        fix: "Put the product page's URL in link.",
        check: product_check!(|_, cx, out| {
            if let Some(ext) = cx.link_url.as_ref().and_then(url_extension) {
                if extension_among(ext, IMAGE_EXTENSIONS, &IMAGE_EXTENSION_KEYS) {
                    let ext = ext.to_ascii_lowercase();
                    out.push(Hit {
                        field: "link",
                        message: format!("link points to a .{ext} image, not a product page"),
                    });
                }
            }
        }),
        pass: &[("link", "https://shop.acme.test/p/1.html")],
        fail: &[("link", "https://cdn.acme.test/p/1.jpg")],
        ..BASE
    },
    Rule {
        code: "FL-M016",
        name: "link-not-public",
        group: Group::Media,
        severity: Severity::High,
        fields: &["link", "image_link"],
        what: "That link and image_link point to a public host, not localhost, a `.local`/`.internal` name, a private or loopback IPv4 address or an IPv6 literal.",
        why: "The platform's crawler cannot reach internal addresses; the page and image fail verification and the product is disapproved. Usually a staging export.",
        example: "`link=\"http://localhost:8080/p/1\"`.",
        fix: "Export with the production domain.",
        check: product_check!(|_, cx, out| {
            // The two parsed URLs read from their own fields, where `cx.url(field)` in a loop
            // compared the field's name with `link` and `image_link` for each.
            not_public(cx.link_url.as_ref(), "link", out);
            not_public(cx.image_url.as_ref(), "image_link", out);
        }),
        pass: &[("link", "https://shop.acme.test/p/1")],
        fail: &[("link", "http://localhost:8080/p/1")],
        ..BASE
    },
];

#[cfg(test)]
mod hint_props {
    use super::{
        PLACEHOLDER_MATCHER, PLACEHOLDER_SCREEN, PLACEHOLDER_WORDS, THUMBNAIL_HINTS,
        THUMBNAIL_MATCHER, THUMBNAIL_SCREEN,
    };
    use proptest::prelude::*;

    /// The definition: a lower-cased copy searched for each word.
    fn any_of(words: &[&str], hay: &str) -> bool {
        let hay = hay.to_ascii_lowercase();
        words.iter().any(|w| hay.contains(w))
    }

    #[test]
    fn the_screens_cover_their_words() {
        for (words, screen) in [
            (PLACEHOLDER_WORDS, PLACEHOLDER_SCREEN),
            (&THUMBNAIL_HINTS[..], THUMBNAIL_SCREEN),
        ] {
            for w in words {
                assert!(screen.iter().any(|s| w.contains(s)), "{w}");
            }
        }
    }

    #[test]
    fn every_word_is_found_in_any_case_and_near_misses_are_not() {
        for w in PLACEHOLDER_WORDS {
            for hay in [
                w.to_string(),
                w.to_ascii_uppercase(),
                format!("/p/a-{w}.jpg"),
            ] {
                assert!(PLACEHOLDER_MATCHER.is_match(&hay), "{hay}");
            }
        }
        for w in THUMBNAIL_HINTS {
            for hay in [
                w.to_string(),
                w.to_ascii_uppercase(),
                format!("https://a.test/{w}1"),
            ] {
                assert!(THUMBNAIL_MATCHER.is_match(&hay), "{hay}");
            }
        }
        for hay in [
            "/p/coming.jpg",
            "/p/coming_soon.jpg",
            "/p/image.jpg",
            "/photo/1.jpg",
        ] {
            assert!(!PLACEHOLDER_MATCHER.is_match(hay), "{hay}");
        }
        for hay in [
            "https://a.test/150x500.jpg",
            "https://a.test/p?height=50&w=75",
            "/thum/b",
        ] {
            assert!(!THUMBNAIL_MATCHER.is_match(hay), "{hay}");
        }
    }

    proptest! {
        #[test]
        fn the_matchers_answer_as_the_definition(
            hay in "(placeholder|Place|holder|no-|No_|image|IMAGE|coming|-soon|Soon|not-|available|default|photo|Dummy|thumb|Thu|mb|50x50|75X75|_|-|size|width|w|=|50|75|&|x|/tiny/|/|é|[a-z0-9.?]){0,16}"
        ) {
            prop_assert_eq!(PLACEHOLDER_MATCHER.is_match(&hay), any_of(PLACEHOLDER_WORDS, &hay));
            prop_assert_eq!(THUMBNAIL_MATCHER.is_match(&hay), any_of(&THUMBNAIL_HINTS, &hay));
        }
    }
}

#[cfg(test)]
mod host_props {
    use super::local_host;
    use proptest::prelude::*;

    /// The definition: the lower-cased host compared as written. (The hosts below end in every
    /// case of `t` and `l`, and in other bytes, for `local_host`'s test of the last byte.)
    fn local_by_definition(host: &str) -> bool {
        let host = host.to_ascii_lowercase();
        host == "localhost"
            || host.ends_with(".localhost")
            || matches!(host.rsplit('.').next(), Some("local" | "internal"))
            || host
                .parse::<std::net::Ipv4Addr>()
                .is_ok_and(|ip| ip.is_private() || ip.is_loopback())
            || host.starts_with('[')
    }

    #[test]
    fn local_hosts_in_any_case() {
        for host in [
            "LocalHost",
            "shop.LOCALHOST",
            "printer.Local",
            "db.INTERNAL",
            "10.0.0.1",
        ] {
            assert!(local_host(host), "{host}");
        }
        for host in [
            "localhost.",
            "cdn.example.com",
            "notlocalhost",
            "8.8.8.8",
            "local.shop",
        ] {
            assert!(!local_host(host), "{host}");
        }
    }

    proptest! {
        #[test]
        fn local_host_matches_the_definition(
            host in "((LocalHost|localhost|LOCALHOST|Local|LOCAL|internal|INTERNAL|shop|com|127|10|192|168|0|1|\\[::1\\])[.]?){0,4}|\\PC{0,12}"
        ) {
            prop_assert_eq!(local_host(&host), local_by_definition(&host));
        }
    }
}

#[cfg(test)]
mod check_props {
    use super::{
        IMAGE_EXTENSION_KEYS, IMAGE_EXTENSIONS, NON_IMAGE_EXTENSION_KEYS, NON_IMAGE_EXTENSIONS,
        extension_among, reserved_example_host,
    };
    use crate::rules::hits_of as hits;
    use crate::rules::util::extension_in;
    use proptest::prelude::*;

    /// The definition of the reserved example hosts: the six names compared one by one.
    fn reserved_by_list(host: &str) -> bool {
        [
            "example.com",
            "www.example.com",
            "example.org",
            "www.example.org",
            "example.net",
            "www.example.net",
        ]
        .iter()
        .any(|d| host.eq_ignore_ascii_case(d))
    }

    #[test]
    fn reserved_example_hosts_in_any_case() {
        for host in [
            "example.com",
            "WWW.Example.NET",
            "www.example.org",
            "Example.Org",
        ] {
            assert!(reserved_example_host(host), "{host}");
        }
        for host in [
            "images.example.com",
            "cdn.example.com",
            "example.co",
            "wwwexample.com",
            "www.example.comm",
            "example.com.",
            "",
        ] {
            assert!(!reserved_example_host(host), "{host}");
        }
    }

    #[test]
    fn the_extension_keys_are_their_lists() {
        for (list, keys) in [
            (IMAGE_EXTENSIONS, &IMAGE_EXTENSION_KEYS[..]),
            (NON_IMAGE_EXTENSIONS, &NON_IMAGE_EXTENSION_KEYS[..]),
        ] {
            for ext in list {
                assert!(extension_among(ext, list, keys), "{ext}");
                assert!(
                    extension_among(&ext.to_ascii_uppercase(), list, keys),
                    "{ext}"
                );
            }
        }
        for ext in ["", "jp", "jpgs", "svgz", "webpx", "jpg\0", "sv\0", "mp"] {
            assert!(
                !extension_among(ext, IMAGE_EXTENSIONS, &IMAGE_EXTENSION_KEYS),
                "{ext:?}"
            );
            assert!(
                !extension_among(ext, NON_IMAGE_EXTENSIONS, &NON_IMAGE_EXTENSION_KEYS),
                "{ext:?}"
            );
        }
    }

    /// The checks written field by field report the fields in the order the loops over their
    /// names did, with the same messages.
    #[test]
    fn checks_of_several_fields_report_them_in_order() {
        let long = format!("https://a.test/{}", "x".repeat(2_000));
        assert_eq!(
            hits(
                "FL-M009",
                &[
                    ("mobile_link", "https://m.a.test/a b"),
                    ("image_link", "https://a.test/a b.jpg"),
                    ("link", "https://a.test/a b"),
                ]
            ),
            [
                ("link", "link contains an unencoded space".to_owned()),
                (
                    "image_link",
                    "image_link contains an unencoded space".to_owned()
                ),
                (
                    "mobile_link",
                    "mobile_link contains an unencoded space".to_owned()
                ),
            ]
        );
        assert_eq!(
            hits("FL-M013", &[("mobile_link", &long), ("link", &long)]),
            [
                (
                    "link",
                    "link has 2015 characters; at most 2000 are allowed".to_owned()
                ),
                (
                    "mobile_link",
                    "mobile_link has 2015 characters; at most 2000 are allowed".to_owned()
                ),
            ]
        );
        assert_eq!(
            hits(
                "FL-M003",
                &[
                    ("additional_image_link", "https://a.test/1.jpg"),
                    ("additional_image_link", &long),
                    ("image_link", &long),
                ]
            ),
            [
                (
                    "image_link",
                    "image_link has 2015 characters; at most 2000 are allowed".to_owned()
                ),
                (
                    "additional_image_link",
                    "additional_image_link has 2015 characters; at most 2000 are allowed"
                        .to_owned()
                ),
            ]
        );
        assert_eq!(
            hits(
                "FL-M016",
                &[
                    ("image_link", "http://10.0.0.7/1.jpg"),
                    ("link", "http://Shop.LOCAL/p/1"),
                ]
            ),
            [
                (
                    "link",
                    "link points to the non-public host shop.local".to_owned()
                ),
                (
                    "image_link",
                    "image_link points to the non-public host 10.0.0.7".to_owned()
                ),
            ]
        );
    }

    /// The same for the images of FL-M005 (image_link's second value parsed in the check) and
    /// FL-M008's early return.
    #[test]
    fn placeholder_and_repeated_images_are_reported_in_order() {
        assert_eq!(
            hits(
                "FL-M005",
                &[
                    ("additional_image_link", "https://a.test/no-image.png"),
                    ("additional_image_link", "https://a.test/2.png"),
                    ("additional_image_link", "http://example.org/3.png"),
                    ("image_link", "https://www.example.com/1.jpg"),
                    ("image_link", " https://a.test/Dummy.jpg "),
                ]
            ),
            [
                (
                    "image_link",
                    "image_link \"https://www.example.com/1.jpg\" is a placeholder image \
                     (the reserved example domain)"
                        .to_owned()
                ),
                (
                    "image_link",
                    "image_link \" https://a.test/Dummy.jpg \" is a placeholder image (dummy)"
                        .to_owned()
                ),
                (
                    "additional_image_link",
                    "additional_image_link \"https://a.test/no-image.png\" is a placeholder \
                     image (no-image)"
                        .to_owned()
                ),
                (
                    "additional_image_link",
                    "additional_image_link \"http://example.org/3.png\" is a placeholder \
                     image (the reserved example domain)"
                        .to_owned()
                ),
            ]
        );
        // FL-M008 without additional images does not look at image_link.
        assert!(hits("FL-M008", &[("image_link", "https://a.test/1.jpg")]).is_empty());
        assert_eq!(
            hits(
                "FL-M008",
                &[
                    ("image_link", " https://a.test/1.jpg\t"),
                    ("additional_image_link", "https://a.test/1.jpg"),
                ]
            ),
            [(
                "additional_image_link",
                "additional_image_link \"https://a.test/1.jpg\" is repeated".to_owned()
            )]
        );
    }

    proptest! {
        #[test]
        fn reserved_example_host_is_the_list(
            host in "((www|WWW|wWw|cdn)[.])?(example|EXAMPLE|Example|exampl|examples)[.](com|ORG|Net|co|comm|c)|\\PC{0,16}"
        ) {
            prop_assert_eq!(reserved_example_host(&host), reserved_by_list(&host));
        }

        #[test]
        fn extension_among_is_extension_in(
            ext in "(jpg|JPEG|Png|svg|SVGZ|aspx|Aspx|mp4|MP4|heic|tif|tiff|webp|html|h|t)[a-z0-9\0]{0,2}|\\PC{0,5}"
        ) {
            prop_assert_eq!(
                extension_among(&ext, IMAGE_EXTENSIONS, &IMAGE_EXTENSION_KEYS),
                extension_in(&ext, IMAGE_EXTENSIONS)
            );
            prop_assert_eq!(
                extension_among(&ext, NON_IMAGE_EXTENSIONS, &NON_IMAGE_EXTENSION_KEYS),
                extension_in(&ext, NON_IMAGE_EXTENSIONS)
            );
        }
    }
}
