//! Small, allocation-free helpers shared by the rule checks: URL shape, character classes,
//! enumerations, ISO 8601 dates and measurement values (GMC 7052112 formatting rules).
//!
//! Pure functions only; no rule logic (which attribute, which severity) lives here.

use crate::model::Trim;
use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind, packed};

use crate::model::Product;

/// The first non-blank value of `name`.
#[inline(always)]
#[allow(clippy::inline_always, reason = "see `Product::position`")]
pub(crate) fn text<'a>(p: &'a Product, name: &str) -> Option<&'a str> {
    p.get_nonblank(name)
}

/// Whether the attribute is absent or only whitespace.
#[inline(always)]
#[allow(clippy::inline_always, reason = "see `Product::position`")]
pub(crate) fn blank(p: &Product, name: &str) -> bool {
    p.get_nonblank(name).is_none()
}

/// Whether `hay` contains `needle` (lower-case ASCII letters) ASCII-case-insensitively, found
/// from its first letter with memchr: a pre-check before a phrase search that needs the word.
pub(crate) fn contains_ascii_ci(hay: &str, needle: &str) -> bool {
    let (h, n) = (hay.as_bytes(), needle.as_bytes());
    let Some(&first) = n.first() else {
        return true;
    };
    memchr::memchr2_iter(first, first.to_ascii_uppercase(), h)
        .any(|i| h.len() - i >= n.len() && h[i..i + n.len()].eq_ignore_ascii_case(n))
}

/// Whether `s` has a whitespace character (`char::is_whitespace`). Every whitespace character
/// has a byte below 0x21 (the ASCII ones: tab, line feed, vertical tab, form feed, carriage
/// return, space) or at or above 0x80 (the others, encoded in several bytes); a text with
/// neither, such as nearly every link and image URL, is answered by one pass without a branch,
/// which the compiler vectorises (FL-M009 over the bench products' two URLs 79 -> 52 ns, against
/// a pass for `is_ascii` and then eight bytes at a time before).
pub(crate) fn has_whitespace(s: &str) -> bool {
    let outside = s
        .bytes()
        .fold(0_u8, |any, b| any | u8::from(b.wrapping_sub(0x21) >= 0x5f));
    outside != 0 && s.contains(char::is_whitespace)
}

/// Length in Unicode scalar values (GMC counts characters, not bytes). Most values are ASCII,
/// whose length is its byte count: the ASCII test reads a word at a time and is cheaper than
/// counting characters.
pub(crate) fn chars(s: &str) -> usize {
    if s.is_ascii() {
        s.len()
    } else {
        s.chars().count()
    }
}

/// `chars(s)` when it is more than `max`, counted only for a text of more than `max` bytes (a
/// character takes at least one byte): length limits are checked on every product's
/// description and URLs, which are nearly always within them.
pub(crate) fn chars_over(s: &str, max: usize) -> Option<usize> {
    (s.len() > max).then(|| chars(s)).filter(|&n| n > max)
}

/// `chars(s)` when it is fewer than `min`, counted only for a text of fewer than `4 × min`
/// bytes (a character takes at most four bytes in UTF-8).
pub(crate) fn chars_under(s: &str, min: usize) -> Option<usize> {
    (s.len() < min.saturating_mul(4))
        .then(|| chars(s))
        .filter(|&n| n < min)
}

/// An absolute http(s) URL with a host (RFC 3986, GMC 6324416).
pub(crate) fn is_http_url(s: &str) -> bool {
    super::WebUrl::parse(s.trim_fast()).is_some_and(|u| is_http(&u))
}

/// Whether a parsed URL is http(s) with a host.
pub(crate) fn is_http(u: &super::WebUrl<'_>) -> bool {
    matches!(u.scheme(), "http" | "https") && u.host_str().is_some_and(|h| !h.is_empty())
}

/// The file extension of a parsed URL's last path segment, as written (compare it ASCII
/// case-insensitively).
pub(crate) fn url_extension<'u>(u: &'u super::WebUrl<'_>) -> Option<&'u str> {
    let path = u.path().as_bytes();
    let last = memchr::memrchr(b'/', path).map_or(0, |i| i + 1);
    let dot = last + memchr::memrchr(b'.', &path[last..])?;
    Some(&u.path()[dot + 1..])
}

/// Whether `ext` is one of `list` (lower-case), ASCII case-insensitively.
pub(crate) fn extension_in(ext: &str, list: &[&str]) -> bool {
    list.iter().any(|e| e.eq_ignore_ascii_case(ext))
}

/// A character GMC rejects in text: C0/C1 controls (tab and newlines allowed where `allow_newlines`),
/// Unicode private-use areas (U+E000–U+F8FF, planes 15–16) and the replacement character U+FFFD
/// that marks a decoding failure.
pub(crate) fn invalid_char(s: &str, allow_newlines: bool) -> Option<char> {
    // Printable ASCII holds none of them: one pass over the bytes answers most values (without
    // an early exit, so that the compiler vectorises it).
    if s.bytes().fold(true, |ok, b| ok & (0x20..0x7f).contains(&b)) {
        return None;
    }
    s.chars().find(|&c| {
        let cp = u32::from(c);
        let control = c.is_control() && !(allow_newlines && matches!(c, '\n' | '\r' | '\t'));
        control || (0xE000..=0xF8FF).contains(&cp) || cp >= 0xF_0000 || c == '\u{FFFD}'
    })
}

/// Case-insensitive membership in an allowed list.
pub(crate) fn one_of(value: &str, allowed: &[&str]) -> bool {
    let v = value.trim_fast();
    allowed.iter().any(|a| a.eq_ignore_ascii_case(v))
}

/// `yes`/`no`/`true`/`false` (GMC boolean attributes such as identifier_exists, adult, is_bundle).
pub(crate) fn is_bool_text(value: &str) -> bool {
    one_of(value, &["yes", "no", "true", "false"])
}

/// Whether a boolean text says no.
pub(crate) fn is_no(value: &str) -> bool {
    one_of(value, &["no", "false"])
}

/// Whether a boolean text says yes.
pub(crate) fn is_yes(value: &str) -> bool {
    one_of(value, &["yes", "true"])
}

/// Whether any of a fixed list of words occurs anywhere in a text, ASCII-case-insensitively
/// (the URL hints of the media rules). Most texts it sees have no ASCII capital: those are
/// searched case-sensitively with aho-corasick's packed (Teddy) searcher, which a
/// case-insensitive search cannot use. A text with a capital, or a machine without the packed
/// searcher, takes the case-insensitive automaton. Same answer either way.
///
/// The packed searcher looks for a *screen*: as few lower-cased words as cover the list (each
/// word contains one of them), because slim Teddy with one word per bucket stops at fewer
/// places than with shared buckets. A screen word that is not itself one of the words (`coming`
/// for `coming-soon` and `comingsoon`) only makes a candidate, confirmed by the automaton.
/// Callgrind over the bench feed's image paths and URLs (20k rows, docs/performance.md,
/// "the media rules' URL searches"): fat Teddy over the 13 placeholder words 246 instructions a
/// search, slim over their 10-word screen 185; the 10 thumbnail hints 267, their 6-word screen
/// 197.
pub(crate) struct CaselessMatcher {
    folded: AhoCorasick,
    packed: Option<packed::Searcher>,
    /// Whether a hit of `packed` is only a candidate (the screen is not made of the words).
    confirm: bool,
}

impl CaselessMatcher {
    /// A matcher whose screen is `words` themselves, less those that contain another (a text
    /// with such a word has the other too).
    #[cfg(test)]
    pub(crate) fn new(words: &[&str]) -> Self {
        Self::screened(words, words)
    }

    /// A matcher for `words` whose packed search looks for `screen`. A screen that does not
    /// cover every word (some word contains none of its words) is not used: `words` are
    /// searched instead, so the answer never depends on the screen being right.
    pub(crate) fn screened(words: &[&str], screen: &[&str]) -> Self {
        let folded = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .build(words)
            .expect("a static word list always builds");
        let lower = |list: &[&str]| -> Vec<String> {
            list.iter().map(|w| w.to_ascii_lowercase()).collect()
        };
        let words = lower(words);
        let screen = lower(screen);
        let covers = |screen: &[String]| {
            words
                .iter()
                .all(|w| screen.iter().any(|s| w.contains(s.as_str())))
        };
        let screen = if covers(&screen) {
            screen
        } else {
            words.clone()
        };
        // A screen word that contains another adds nothing (nor does a repeat, the first kept).
        let redundant = |i: usize, s: &String| {
            screen
                .iter()
                .enumerate()
                .any(|(j, t)| j != i && s.contains(t.as_str()) && (t.len() < s.len() || j < i))
        };
        let screen: Vec<&String> = screen
            .iter()
            .enumerate()
            .filter(|&(i, s)| !redundant(i, s))
            .map(|(_, s)| s)
            .collect();
        let confirm = !screen.iter().all(|&s| words.contains(s));
        let packed = packed::Config::new()
            .match_kind(packed::MatchKind::LeftmostFirst)
            // Slim Teddy (32 bytes a step, 8 buckets) even above 8 words, unlike
            // `packed_lowered`: on URLs, which have few of the words' bytes in a row, fat Teddy
            // (16 bytes a step) cost more (the 10 thumbnail hints: 267 instructions a bench URL
            // fat, 211 slim).
            .only_teddy_fat(Some(false))
            .builder()
            .extend(&screen)
            .build();
        Self {
            folded,
            packed,
            confirm,
        }
    }

    pub(crate) fn is_match(&self, hay: &str) -> bool {
        match &self.packed {
            Some(packed) if !has_ascii_capital(hay) => {
                packed.find(hay).is_some() && (!self.confirm || self.folded.is_match(hay))
            }
            _ => self.folded.is_match(hay),
        }
    }
}

/// aho-corasick's packed (Teddy) searcher for `words` ASCII-lower-cased, searched
/// case-sensitively (in text without ASCII capitals, that is a case-insensitive search); `None`
/// where the machine or the number of words rules it out.
///
/// More words than [`SLIM_TEDDY_BUCKETS`] get "fat" Teddy where the machine has it: slim Teddy
/// puts the words in 8 buckets and fat in 16, so with more than 8 words slim shares buckets and
/// stops at many more places in ordinary text to compare words that are not there. On the bench
/// CSV (`validate --jobs 1`) that is 74,559 → 73,707 instructions per row, and 3.06 → 2.98 s on
/// 200,000 rows (means of four alternating runs; docs/performance.md). Fewer words keep slim
/// Teddy, which reads twice the bytes per step: with a bucket per word it has no such stops.
fn packed_lowered(words: &[&str], kind: packed::MatchKind) -> Option<packed::Searcher> {
    let build = |fat: Option<bool>| {
        packed::Config::new()
            .match_kind(kind)
            .only_teddy_fat(fat)
            .builder()
            .extend(words.iter().map(|w| w.to_ascii_lowercase()))
            .build()
    };
    if words.len() > SLIM_TEDDY_BUCKETS
        && let Some(fat) = build(Some(true))
    {
        return Some(fat);
    }
    build(None)
}

/// Buckets of aho-corasick's slim Teddy (fat Teddy has twice as many).
const SLIM_TEDDY_BUCKETS: usize = 8;

/// Whether `s` has an ASCII capital. One pass over every byte without an early exit, which the
/// compiler vectorises: `any` stopped at the first capital but took ~4 instructions a byte on
/// the image URLs without one (most), ~1,400 per bench row over the media rules' searches.
fn has_ascii_capital(s: &str) -> bool {
    s.bytes().fold(false, |any, b| any | b.is_ascii_uppercase())
}

/// Word-bounded, ASCII-case-insensitive phrase matcher built once.
///
/// The automaton holds the phrases ASCII-lower-cased and searches case-sensitively in an
/// ASCII-lower-cased copy of the text (only when the text has capitals). That finds exactly what
/// an ASCII-case-insensitive search finds, at the same byte offsets, and lets aho-corasick use
/// its vectorised prefilter, which it cannot for a case-insensitive search.
pub(crate) struct PhraseSet {
    ac: AhoCorasick,
    /// The same search with aho-corasick's packed (Teddy) searcher alone, where it can be built
    /// (a vector unit and few enough phrases): ~8% fewer instructions per search than the DFA
    /// with the same Teddy as its prefilter, which verifies each candidate by walking the DFA.
    packed: Option<packed::Searcher>,
    /// A slim Teddy search for a *screen* (see [`Self::screened`]): a text where it finds
    /// nothing holds none of the phrases, and is answered without the search for them.
    screen: Option<packed::Searcher>,
    phrases: &'static [&'static str],
}

impl PhraseSet {
    /// A set whose searches first look for `screen`, words of which every phrase contains one
    /// (lower-cased). A text without any screen word cannot hold a phrase, so the answer is
    /// `None` without the phrase search; a text with one is searched as without the screen, so
    /// a screen word's hit only costs a second search. A screen that does not cover every phrase
    /// is not used (the answer never depends on the screen being right).
    ///
    /// Worth it for a long list whose phrases are rare in ordinary text (the promotional
    /// phrases: 1.2% of the bench products hold one as a substring): the list takes fat Teddy
    /// (16 bytes a step, more than [`SLIM_TEDDY_BUCKETS`] phrases), and a screen of rarer,
    /// fewer words is searched with slim Teddy (32 bytes a step, the words sharing its 8
    /// buckets). Callgrind, a stand-alone program over the 20k bench products' lower-cased title
    /// and description: the 31 phrases (fat) 30.7M instructions, their 21-word screen with fat
    /// Teddy 28.1M, with slim 22.6M. In feedlint: docs/performance.md.
    pub(crate) fn screened(phrases: &'static [&'static str], screen: &[&str]) -> Self {
        let mut set = Self::new(phrases);
        let screen: Vec<String> = screen.iter().map(|w| w.to_ascii_lowercase()).collect();
        let covers = phrases.iter().all(|p| {
            let p = p.to_ascii_lowercase();
            screen
                .iter()
                .any(|w| !w.is_empty() && p.contains(w.as_str()))
        });
        if covers {
            set.screen = packed::Config::new()
                .match_kind(packed::MatchKind::LeftmostFirst)
                .only_teddy_fat(Some(false))
                .builder()
                .extend(&screen)
                .build();
        }
        set
    }

    /// Whether the set searches after a screen (a screen that does not cover is dropped).
    #[cfg(test)]
    pub(crate) fn is_screened(&self) -> bool {
        self.screen.is_some()
    }

    /// The phrases searched for.
    #[cfg(test)]
    pub(crate) fn phrases(&self) -> &'static [&'static str] {
        self.phrases
    }

    /// The same phrases without a screen (the answer a screened set must give).
    #[cfg(test)]
    pub(crate) fn unscreened(&self) -> Self {
        Self::new(self.phrases)
    }

    /// Whether the screen (if any) rules out every phrase in `hay`, a text without ASCII
    /// capitals.
    fn screened_out(&self, hay: &str) -> bool {
        self.screen
            .as_ref()
            .is_some_and(|screen| screen.find(hay).is_none())
    }

    pub(crate) fn new(phrases: &'static [&'static str]) -> Self {
        let ac = AhoCorasickBuilder::new()
            .match_kind(MatchKind::LeftmostLongest)
            // A full DFA: the phrase lists are small and fixed, and every product's title and
            // description goes through several of them, so search speed matters more than the
            // automaton's build time and size.
            .kind(Some(AhoCorasickKind::DFA))
            .build(phrases.iter().map(|p| p.to_ascii_lowercase()))
            .expect("a static phrase list always builds");
        let packed = packed_lowered(phrases, packed::MatchKind::LeftmostLongest);
        Self {
            ac,
            packed,
            screen: None,
            phrases,
        }
    }

    /// The first phrase found at word boundaries.
    pub(crate) fn find(&self, hay: &str) -> Option<&'static str> {
        if !has_ascii_capital(hay) {
            return self.find_lowered(hay);
        }
        self.find_joined(&[hay])
    }

    /// [`Self::find`] in `parts` joined by spaces (a text made of several attributes), lower-cased into this thread's buffer: no
    /// allocation per search (most titles have capitals, and each product's goes through several
    /// sets). A buffer grown past [`LOWERED_KEEP`] by a huge text is let go afterwards.
    pub(crate) fn find_joined(&self, parts: &[&str]) -> Option<&'static str> {
        with_lowered(parts, |lowered| self.find_lowered(lowered))
    }

    /// [`Self::find`] in a text without ASCII capitals, such as the texts of [`LoweredText`].
    pub(crate) fn find_lowered(&self, hay: &str) -> Option<&'static str> {
        self.find_lowered_at(hay).map(|(_, phrase)| phrase)
    }

    /// [`Self::find_lowered`] with the byte offset where the phrase starts (to merge its answer
    /// with a search for other phrases, as FL-C027 does with `xxx`).
    pub(crate) fn find_lowered_at(&self, hay: &str) -> Option<(usize, &'static str)> {
        if self.screened_out(hay) {
            return None;
        }
        let bytes = hay.as_bytes();
        let bounded = |m: aho_corasick::Match| self.bounded(bytes, m).map(|p| (m.start(), p));
        match &self.packed {
            Some(packed) => packed.find_iter(hay).find_map(bounded),
            None => self.ac.find_iter(hay).find_map(bounded),
        }
    }

    /// [`Self::find_lowered`] in the title and in the description of `lowered`, with one search
    /// of the two joined instead of one of each: the same answers, since a search of the joined
    /// text finds, up to a match that spans the space between them, exactly the matches of the
    /// title and then those of the description (on such a match, rare, the two are searched
    /// apart). One search instead of two saves a search's start-up cost per product, which on a
    /// title of ~50 bytes is most of its cost.
    pub(crate) fn find_in_each(&self, lowered: &LoweredText) -> [Option<&'static str>; 2] {
        let hay = lowered.joined();
        if self.screened_out(hay) {
            return [None, None];
        }
        let split = lowered.title_len;
        let bytes = hay.as_bytes();
        let mut found = [None, None];
        // Per match: `Some(true)` stops at a match across the space, `Some(false)` stops once
        // both answers are known, `None` goes on to the next match.
        let mut each = |m: aho_corasick::Match| {
            if m.start() <= split && m.end() > split {
                return Some(true);
            }
            let region = usize::from(m.start() > split);
            if found[region].is_none() {
                found[region] = self.bounded(bytes, m);
            }
            // Once the description has one, nothing later can change the answers.
            found[1].is_some().then_some(false)
        };
        let across = match &self.packed {
            Some(packed) => packed.find_iter(hay).find_map(&mut each),
            None => self.ac.find_iter(hay).find_map(&mut each),
        };
        if across == Some(true) {
            return [
                self.find_lowered(lowered.title()),
                self.find_lowered(lowered.description()),
            ];
        }
        found
    }

    /// The phrase of match `m` in `bytes` when it is at word boundaries.
    fn bounded(&self, bytes: &[u8], m: aho_corasick::Match) -> Option<&'static str> {
        let before_ok = m.start() == 0 || !bytes[m.start() - 1].is_ascii_alphanumeric();
        let after_ok = m.end() >= bytes.len() || !bytes[m.end()].is_ascii_alphanumeric();
        let first_alnum = bytes[m.start()].is_ascii_alphanumeric();
        (after_ok && (before_ok || !first_alnum)).then(|| self.phrases[m.pattern().as_usize()])
    }

    /// The index of every pattern found at word boundaries in `parts` joined by spaces (for
    /// category keyword counts), lower-cased in the same buffer as [`Self::find_joined`].
    pub(crate) fn hits_joined(&self, parts: &[&str], mut f: impl FnMut(usize)) {
        with_lowered(parts, |hay| {
            let bytes = hay.as_bytes();
            for m in self.ac.find_iter(hay) {
                let before_ok = m.start() == 0 || !bytes[m.start() - 1].is_ascii_alphanumeric();
                let after_ok = m.end() >= bytes.len() || !bytes[m.end()].is_ascii_alphanumeric();
                if before_ok && after_ok {
                    f(m.pattern().as_usize());
                }
            }
        });
    }
}

/// The title and description (empty when absent), the texts keyword checks join by a space.
pub(crate) fn title_and_description(p: &Product) -> [&str; 2] {
    [
        p.get("title").unwrap_or(""),
        p.get("description").unwrap_or(""),
    ]
}

/// A product's title and description joined by a space (the text keyword checks read) and
/// ASCII-lower-cased, made once per product in its [`super::RuleCtx`]: every phrase search of
/// the title, the description or both reads it ([`PhraseSet::find_lowered`]), instead of each
/// lower-casing its own copy. Lower-casing ASCII keeps every byte offset, so the title and the
/// description are slices of the joined text.
#[derive(Debug, Clone, Default)]
pub struct LoweredText {
    joined: String,
    title_len: usize,
    /// The answer of the content rules' one screen of the joined text
    /// (`content::may_promote_or_be_adult`), kept for the second rule that asks.
    screen: std::cell::OnceCell<bool>,
}

impl LoweredText {
    /// The lower-cased text of `p` (the rule context builds it from the title and description
    /// it has looked up, with [`Self::new`]).
    #[cfg(test)]
    pub(crate) fn of(p: &Product) -> Self {
        let [title, description] = title_and_description(p);
        Self::new(title, description)
    }

    /// The lower-cased text of a product whose [`title_and_description`] are these.
    pub(crate) fn new(title: &str, description: &str) -> Self {
        let mut joined = String::with_capacity(title.len() + 1 + description.len());
        joined.push_str(title);
        joined.push(' ');
        joined.push_str(description);
        joined.make_ascii_lowercase();
        Self {
            joined,
            title_len: title.len(),
            screen: std::cell::OnceCell::new(),
        }
    }

    /// `screen` of the joined text, run by the first caller only: the content rules' promotional
    /// and adult searches share one screen (`content::may_promote_or_be_adult`), whichever of
    /// their rules runs first.
    pub(crate) fn screen_once(&self, screen: impl FnOnce(&str) -> bool) -> bool {
        *self.screen.get_or_init(|| screen(&self.joined))
    }

    /// The title lower-cased ("" when absent).
    pub(crate) fn title(&self) -> &str {
        self.joined.get(..self.title_len).unwrap_or("")
    }

    /// The description lower-cased ("" when absent).
    pub(crate) fn description(&self) -> &str {
        self.joined.get(self.title_len + 1..).unwrap_or("")
    }

    /// The title and the description joined by a space, lower-cased.
    pub(crate) fn joined(&self) -> &str {
        &self.joined
    }
}

/// Runs `f` on `parts` joined by spaces and ASCII-lower-cased in this thread's reused buffer
/// (offsets stay those of the joined text); a buffer grown past [`LOWERED_KEEP`] by a huge text
/// is let go afterwards.
fn with_lowered<R>(parts: &[&str], f: impl FnOnce(&str) -> R) -> R {
    LOWERED.with_borrow_mut(|buf| {
        buf.clear();
        for (i, part) in parts.iter().enumerate() {
            if i > 0 {
                buf.push(' ');
            }
            buf.push_str(part);
        }
        buf.make_ascii_lowercase();
        let result = f(buf);
        if buf.capacity() > LOWERED_KEEP {
            *buf = String::new();
        }
        result
    })
}

thread_local! {
    /// [`PhraseSet::find`]'s lower-cased copy of the text it searches, reused.
    static LOWERED: std::cell::RefCell<String> = const { std::cell::RefCell::new(String::new()) };
}

/// Largest [`LOWERED`] buffer kept between searches (GMC's longest description is 5,000
/// characters): a feed with one huge value does not keep its size per thread.
const LOWERED_KEEP: usize = 64 * 1024;

/// Minutes since an epoch of an ISO 8601 date or date-time (GMC 7055760):
/// `YYYY-MM-DD[Thh:mm[:ss]][Z|±hh:mm|±hhmm]`. A date without a time is 23:59 (GMC default);
/// a missing zone is taken as UTC, which only matters for ordering two values of one attribute.
#[allow(
    clippy::many_single_char_names,
    reason = "date and clock parts named as in ISO 8601 (d, h, m)"
)]
pub(crate) fn iso_minutes(s: &str) -> Option<i64> {
    let s = s.trim_fast();
    let (date, rest) = if s.len() >= 10 {
        s.split_at(10)
    } else {
        return None;
    };
    let b = date.as_bytes();
    if b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let year: i32 = date.get(0..4)?.parse().ok()?;
    let month: u8 = date.get(5..7)?.parse().ok()?;
    let day: u8 = date.get(8..10)?.parse().ok()?;
    let month = time::Month::try_from(month).ok()?;
    let d = time::Date::from_calendar_date(year, month, day).ok()?;
    let mut minutes = i64::from(d.to_julian_day()) * 1440;
    if rest.is_empty() {
        return Some(minutes + 23 * 60 + 59);
    }
    let rest = rest.strip_prefix(['T', 't', ' '])?;
    let (clock, zone) = match rest.find(['Z', 'z', '+', '-']) {
        Some(i) => rest.split_at(i),
        None => (rest, ""),
    };
    let mut parts = clock.split(':');
    let h: i64 = two_digits(parts.next()?)?;
    let m: i64 = two_digits(parts.next()?)?;
    if let Some(sec) = parts.next() {
        let whole = sec.split('.').next()?;
        if two_digits(whole)? > 60 {
            return None;
        }
    }
    if parts.next().is_some() || h > 23 || m > 59 {
        return None;
    }
    minutes += h * 60 + m;
    if zone.is_empty() || zone.eq_ignore_ascii_case("z") {
        return Some(minutes);
    }
    let sign = if zone.starts_with('-') { -1 } else { 1 };
    let z = zone[1..].replace(':', "");
    if z.len() != 4 && z.len() != 2 {
        return None;
    }
    let zh = two_digits(&z[0..2])?;
    let zm = if z.len() == 4 {
        two_digits(&z[2..4])?
    } else {
        0
    };
    if zh > 14 || zm > 59 {
        return None;
    }
    Some(minutes - sign * (zh * 60 + zm))
}

fn two_digits(s: &str) -> Option<i64> {
    (s.len() == 2 && s.bytes().all(|b| b.is_ascii_digit()))
        .then(|| s.parse().ok())
        .flatten()
}

/// A `<number> <unit>` measurement (shipping_weight, product_length…), unit case-insensitive.
/// Returns the number when the shape and unit are right.
pub(crate) fn measure(value: &str, units: &[&str]) -> Option<f64> {
    let v = value.trim_fast();
    let split = v.find(|c: char| c.is_ascii_alphabetic())?;
    let (num, unit) = v.split_at(split);
    let n: f64 = num
        .trim_fast()
        .parse()
        .ok()
        .filter(|n: &f64| n.is_finite())?;
    one_of(unit.trim_fast(), units).then_some(n)
}

/// The text before the first ` > ` of a taxonomy path (all of it when there is none): what
/// `v.split(" > ").next()` gives, found at the `>` bytes without building a substring searcher
/// (this runs on every product's category, twice).
pub(crate) fn path_root(v: &str) -> &str {
    let b = v.as_bytes();
    memchr::memchr_iter(b'>', b)
        .find(|&i| i > 0 && b[i - 1] == b' ' && b.get(i + 1) == Some(&b' '))
        .map_or(v, |i| &v[..i - 1])
}

/// Whether `s` has two spaces in a row or a tab, line feed or carriage return:
/// `s.contains("  ") || s.contains(['\t', '\n', '\r'])`, eight bytes at a time in a `u64`
/// (SWAR), each window starting seven bytes after the one before so that every pair of
/// neighbouring bytes lies inside one. This runs on every title: a pass over the bytes without
/// an early exit (so that the compiler could vectorise it) took ~96 ns per bench product, memchr
/// for the three characters and then for each space ~69 ns, this ~39 ns (`examples/rulecost.rs`).
pub(crate) fn has_double_space_or_break(s: &str) -> bool {
    may_have_double_space_or_break(s.as_bytes()) && double_space_or_break(s)
}

/// A screen for [`has_double_space_or_break`]: whether `b` has a byte below 0x20 (tab, line
/// feed and carriage return are) or two bytes in a row of at most 0x20 (two spaces are). Eight
/// bytes a step, not overlapping, with two flag tests each (the exact test reads windows of
/// seven new bytes with four), carrying the last byte's flag into the next step. Nearly every
/// title has neither, and only the rest takes the exact test.
fn may_have_double_space_or_break(b: &[u8]) -> bool {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ONES: u64 = 0x0101_0101_0101_0101;
    // Per byte, without carries between bytes: the high bit of `(x & LOW7) + 0x60` is set from
    // 0x20 up, that of `+ 0x5f` from 0x21 up; a byte >= 0x80 is never flagged.
    let flags = |x: u64, mask: u64| {
        let low = x & LOW7;
        let below_20 = !((low + 0x60 * ONES) | x) & HIGH & mask;
        let up_to_20 = !((low + 0x5f * ONES) | x) & HIGH & mask;
        (below_20, up_to_20)
    };
    let mut prev = 0_u64;
    let mut words = b.chunks_exact(8);
    for w in &mut words {
        let (below, upto) = flags(u64::from_le_bytes(window(w, 0)), u64::MAX);
        if below | (upto & ((upto << 8) | (prev >> 56))) != 0 {
            return true;
        }
        prev = upto;
    }
    let rest = words.remainder();
    // The zero padding past the end is below 0x20: masked out (`rest` has at most 7 bytes).
    let mask = (1_u64 << (8 * rest.len())) - 1;
    let (below, upto) = flags(u64::from_le_bytes(window(rest, 0)), mask);
    below | (upto & ((upto << 8) | (prev >> 56))) != 0
}

/// [`has_double_space_or_break`] exactly, eight bytes read every seven.
fn double_space_or_break(s: &str) -> bool {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let b = s.as_bytes();
    let mut start = 0;
    while start < b.len() {
        let x = u64::from_le_bytes(window(b, start));
        let space = zero_bytes(x ^ (ONES * u64::from(b' ')));
        let breaks = zero_bytes(x ^ (ONES * u64::from(b'\t')))
            | zero_bytes(x ^ (ONES * u64::from(b'\n')))
            | zero_bytes(x ^ (ONES * u64::from(b'\r')));
        if breaks | (space & (space >> 8)) != 0 {
            return true;
        }
        start += 7;
    }
    false
}

/// The bytes of `x` (eight, little-endian) that are zero, as their high bits (0x80); exact for
/// each byte (no borrow runs from one byte into the next, unlike the usual `x - 0x01..` test).
pub(crate) fn zero_bytes(x: u64) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    !(((x & LOW7) + LOW7) | x) & HIGH
}

/// The eight bytes of `s` from `start`, zero-padded past its end. A full window is one load; a
/// copy of a length known only at run time was a call to `memcpy` per window.
pub(crate) fn window(s: &[u8], start: usize) -> [u8; 8] {
    if let Some(Ok(w)) = s.get(start..start + 8).map(<[u8; 8]>::try_from) {
        return w;
    }
    let mut word = [0u8; 8];
    let tail = s.get(start..).unwrap_or_default();
    word[..tail.len().min(8)].copy_from_slice(&tail[..tail.len().min(8)]);
    word
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn phrase_search_buffer_is_reused_and_let_go_after_a_huge_text() {
        let set = PhraseSet::new(&["free shipping"]);
        assert_eq!(set.find("Boots, FREE Shipping"), Some("free shipping"));
        let kept = LOWERED.with_borrow(String::capacity);
        assert!(kept >= "Boots, FREE Shipping".len());
        let huge = format!("A{}", "b".repeat(2 * LOWERED_KEEP));
        assert_eq!(set.find(&huge), None);
        assert!(LOWERED.with_borrow(String::capacity) <= LOWERED_KEEP);
        let p = crate::rules::product_from_pairs(&[
            ("title", "Boots"),
            ("description", "With FREE shipping"),
        ]);
        assert_eq!(
            set.find_lowered(LoweredText::of(&p).joined()),
            Some("free shipping")
        );
        let p = crate::rules::product_from_pairs(&[("title", "Free"), ("description", "Shipping")]);
        assert_eq!(
            set.find_lowered(LoweredText::of(&p).joined()),
            Some("free shipping"),
            "title and description joined by a space"
        );
    }

    #[test]
    fn lowered_text_of_a_product_without_title_or_description_is_empty() {
        let p = crate::rules::product_from_pairs(&[("brand", "Acme")]);
        let lowered = LoweredText::of(&p);
        assert_eq!((lowered.title(), lowered.description()), ("", ""));
        assert_eq!(lowered.joined(), " ");
        let none = LoweredText::default();
        assert_eq!(
            (none.title(), none.description(), none.joined()),
            ("", "", "")
        );
    }

    proptest! {
        /// The rule context's lower-cased title, description and joined text are the texts the
        /// phrase searches lower-cased for themselves, and a search in them finds what
        /// [`PhraseSet::find`] finds in the product's own values.
        #[test]
        fn lowered_text_is_the_lower_cased_title_and_description(
            title in proptest::option::of("(Free|SHIPPING|Sale|é|Ünï| |-|x){0,6}"),
            description in proptest::option::of("(free|Shipping|SALE|ß| |,|y){0,8}"),
        ) {
            let mut pairs = Vec::new();
            if let Some(t) = &title {
                pairs.push(("title", t.as_str()));
            }
            if let Some(d) = &description {
                pairs.push(("description", d.as_str()));
            }
            let p = crate::rules::product_from_pairs(&pairs);
            let lowered = LoweredText::of(&p);
            let (t, d) = (title.unwrap_or_default(), description.unwrap_or_default());
            prop_assert_eq!(lowered.title(), t.to_ascii_lowercase());
            prop_assert_eq!(lowered.description(), d.to_ascii_lowercase());
            prop_assert_eq!(lowered.joined(), format!("{t} {d}").to_ascii_lowercase());
            let set = PhraseSet::new(PHRASES);
            prop_assert_eq!(set.find_lowered(lowered.title()), set.find(&t));
            prop_assert_eq!(set.find_lowered(lowered.description()), set.find(&d));
            prop_assert_eq!(set.find_lowered(lowered.joined()), set.find(&format!("{t} {d}")));
        }
    }

    proptest! {
        #[test]
        fn path_root_is_the_first_piece_of_a_split(v in "[a-c >&é]{0,16}") {
            prop_assert_eq!(path_root(&v), v.split(" > ").next().unwrap_or(""));
        }

        #[test]
        fn chars_counts_characters(s in "\\PC{0,40}", ascii in "[ -~]{0,40}") {
            prop_assert_eq!(chars(&s), s.chars().count());
            prop_assert_eq!(chars(&ascii), ascii.chars().count());
        }

        #[test]
        fn chars_over_and_under_match_the_count(s in "[a-é]{0,12}|\\PC{0,12}", limit in 0usize..14) {
            let n = s.chars().count();
            prop_assert_eq!(chars_over(&s, limit), (n > limit).then_some(n));
            prop_assert_eq!(chars_under(&s, limit), (n < limit).then_some(n));
        }

        /// The screen lets through every text the exact test accepts, and is exactly its
        /// definition (a byte below 0x20, or two bytes in a row of at most 0x20) at every length
        /// and position across its eight-byte steps.
        #[test]
        fn the_double_space_screen_is_its_definition(
            s in "[a ,\t\n\r\x01\x1f!\x7fé]{0,40}|\\PC{0,40}"
        ) {
            let b = s.as_bytes();
            let by_definition = b.iter().any(|&c| c < 0x20)
                || b.windows(2).any(|w| w[0] <= 0x20 && w[1] <= 0x20);
            prop_assert_eq!(may_have_double_space_or_break(b), by_definition);
            if double_space_or_break(&s) {
                prop_assert!(by_definition);
            }
        }

        #[test]
        fn has_double_space_or_break_is_contains(s in "[a >\t\n\r]{0,40}|[ab ]{0,40}|\\PC{0,40}") {
            prop_assert_eq!(
                has_double_space_or_break(&s),
                s.contains("  ") || s.contains(['\t', '\n', '\r'])
            );
        }

        #[test]
        fn has_whitespace_matches_char_is_whitespace(s in "[a-z \t\n\x0b\x0c\r\u{85}\u{a0}\u{2003}/]{0,20}") {
            prop_assert_eq!(has_whitespace(&s), s.contains(char::is_whitespace));
        }

        #[test]
        fn has_whitespace_matches_char_is_whitespace_in_ascii(s in "[\x00-\x7f]{0,40}") {
            prop_assert_eq!(has_whitespace(&s), s.contains(char::is_whitespace));
        }

        #[test]
        fn contains_ascii_ci_matches_a_lower_cased_search(s in "(free|FREE|Free|fre|e|F| |ä)*") {
            prop_assert_eq!(contains_ascii_ci(&s, "free"), s.to_ascii_lowercase().contains("free"));
        }

        #[test]
        fn find_joined_matches_find(s in "(Sale|SALE|sale|wholesale|Free Shipping|x| |-)*") {
            let set = PhraseSet::new(PHRASES);
            prop_assert_eq!(set.find_joined(&[&s]), set.find(&s));
        }
    }

    proptest! {
        /// With or without the packed searcher, on texts with and without capitals: the answer
        /// of an ASCII-case-insensitive search for the words anywhere.
        #[test]
        fn caseless_matcher_is_a_case_insensitive_search(
            hay in "([Tt][Hh][Uu][Mm][Bb]|_50[xX]50|/tiny/|[Dd]ummy|w=50&|[a-zA-Z0-9/_.=&?-]){0,14}"
        ) {
            // Five words (slim Teddy) and more than it has buckets (fat Teddy).
            let few: &[&str] = &["thumb", "_50x50", "/tiny/", "DUMMY", "w=50&"];
            let many: &[&str] = &[
                "thumb", "_50x50", "/tiny/", "DUMMY", "w=50&", "-75x75", "size=50x50", "blank",
                "noimage", "coming-soon", "tmb",
            ];
            assert!(many.len() > SLIM_TEDDY_BUCKETS);
            for words in [few, many] {
                let lower = hay.to_ascii_lowercase();
                let want = words.iter().any(|w| lower.contains(&w.to_ascii_lowercase()));
                let m = CaselessMatcher::new(words);
                prop_assert_eq!(m.is_match(&hay), want);
                let folded_only = CaselessMatcher { packed: None, ..CaselessMatcher::new(words) };
                prop_assert_eq!(folded_only.is_match(&hay), want);
            }
        }
    }

    proptest! {
        /// A screened matcher answers as a case-insensitive search for its words, whether its
        /// screen is made of words (dropped as redundant or not), of shorter substrings that only
        /// make candidates, or does not cover the words (and is not used).
        #[test]
        fn screened_matcher_is_a_case_insensitive_search(
            hay in "(coming|Coming-Soon|comingsoon|no-image|NoImage|no_image|thumb|THUMB|50x50|_50x50|-75X75|width=50&|w=50&|=50&|/tiny/|[Dd]ummy|\\.jpg|é|[a-zA-Z0-9/_.=&?-]){0,12}"
        ) {
            let words: &[&str] = &[
                "coming-soon", "comingsoon", "image-coming-soon", "no-image", "noimage",
                "no_image", "thumb", "_50x50", "-75x75", "size=50x50", "width=50&", "w=50&",
                "/tiny/", "dummy",
            ];
            let screens: &[&[&str]] = &[
                words,
                &["coming", "no-image", "noimage", "no_image", "thumb", "50x50", "75x75", "=50&", "/tiny/", "dummy"],
                &["coming", "image", "thumb", "50x50", "75x75", "=50&", "/tiny/", "DUMMY"],
                // Not a cover: `dummy` contains none of these.
                &["coming", "image", "thumb", "50x50", "75x75", "=50&", "/tiny/"],
            ];
            let lower = hay.to_ascii_lowercase();
            let want = words.iter().any(|w| lower.contains(&w.to_ascii_lowercase()));
            for screen in screens {
                let m = CaselessMatcher::screened(words, screen);
                prop_assert_eq!(m.is_match(&hay), want, "screen {:?}", screen);
            }
        }
    }

    #[test]
    fn a_screen_is_trimmed_and_confirmed_only_when_it_must_be() {
        // `image-coming-soon` contains `coming-soon`: a search for the three words and one for
        // the two others answer alike, so the screen need not confirm.
        let words = ["coming-soon", "image-coming-soon", "dummy"];
        let m = CaselessMatcher::new(&words);
        assert!(!m.confirm);
        assert!(m.is_match("/img/image-coming-soon.png") && !m.is_match("/img/coming.png"));
        let m = CaselessMatcher::screened(&words, &["coming", "dummy"]);
        assert!(m.confirm);
        assert!(m.is_match("/x/Coming-Soon.png") && !m.is_match("/x/coming.png"));
        // A screen that misses a word is replaced by the words.
        let m = CaselessMatcher::screened(&words, &["coming"]);
        assert!(!m.confirm);
        assert!(m.is_match("/dummy.png"));
    }

    /// The plain ASCII-case-insensitive search `PhraseSet` must match exactly.
    fn reference_find(phrases: &'static [&'static str], hay: &str) -> Option<&'static str> {
        let ac = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::LeftmostLongest)
            .build(phrases)
            .unwrap();
        let bytes = hay.as_bytes();
        ac.find_iter(hay).find_map(|m| {
            let before_ok = m.start() == 0 || !bytes[m.start() - 1].is_ascii_alphanumeric();
            let after_ok = m.end() >= bytes.len() || !bytes[m.end()].is_ascii_alphanumeric();
            let first_alnum = bytes[m.start()].is_ascii_alphanumeric();
            (after_ok && (before_ok || !first_alnum)).then(|| phrases[m.pattern().as_usize()])
        })
    }

    const PHRASES: &[&str] = &[
        "Free Shipping",
        "sale",
        "SALE!",
        "50% off",
        "Ünique",
        "on sale",
    ];

    const MANY_PHRASES: &[&str] = &[
        "Free Shipping",
        "free",
        "sale",
        "SALE!",
        "on sale",
        "50% off",
        "% off",
        "best price",
        "price drop",
        "deal",
        "deal of the day",
        "cheap",
        "cheapest",
    ];

    proptest! {
        #[test]
        fn phrase_set_finds_what_a_case_insensitive_search_finds(
            hay in "([Ff][Rr][Ee][Ee] [Ss]hipping|[Ss][Aa][Ll][Ee]!?|50% OFF|Ünique|ÜNIQUE|[Oo]n|[ a-zA-Z0-9É!,.]){0,12}"
        ) {
            let set = PhraseSet::new(PHRASES);
            prop_assert_eq!(set.find(&hay), reference_find(PHRASES, &hay));
            // The packed searcher where the machine builds it (x86-64, aarch64), and the DFA
            // where it does not, answer the same.
            let dfa_only = PhraseSet { packed: None, ..PhraseSet::new(PHRASES) };
            prop_assert_eq!(dfa_only.find(&hay), reference_find(PHRASES, &hay));
        }

        /// More phrases than slim Teddy has buckets, several sharing a start or nested in one
        /// another: the fat packed searcher answers as the DFA and the reference do.
        #[test]
        fn many_phrases_are_found_as_a_case_insensitive_search_finds(
            hay in "([Ff]ree( [Ss]hipping)?|[Ss]ale!?|on|[Dd]eal( of the day)?|[Cc]heap(est)?|best( price)?|price( drop)?|50% off|% off|[ a-zA-Z0-9!,.%]){0,12}"
        ) {
            assert!(MANY_PHRASES.len() > SLIM_TEDDY_BUCKETS);
            let set = PhraseSet::new(MANY_PHRASES);
            prop_assert_eq!(set.find(&hay), reference_find(MANY_PHRASES, &hay));
            let dfa_only = PhraseSet { packed: None, ..PhraseSet::new(MANY_PHRASES) };
            prop_assert_eq!(dfa_only.find(&hay), reference_find(MANY_PHRASES, &hay));
        }

        /// A set searched after a screen answers as without it: the texts are made of the
        /// phrases, the screen words and pieces of them (`deal` is a screen word of `deal of the
        /// day` and `hot deal`, ` off` of `% off`), in any case.
        #[test]
        fn a_screened_set_answers_as_the_unscreened_one(
            title in "([Ff]ree( [Ss]hipping)?|[Ss]ale!?|on|[Dd]eal|[Cc]heap(est)?|best|price|50%|[ a-zA-Z0-9!,.%]){0,6}",
            description in "( ?[Ss]hipping|[Ss]ale!?|of the day|drop|price|% off|[Dd]eal( of the day)?|[ a-zA-Z0-9!,.%]){0,6}",
        ) {
            let screened = PhraseSet::screened(MANY_PHRASES, &["free", "sale", " off", "PRICE", "deal", "cheap"]);
            assert!(screened.is_screened());
            let plain = PhraseSet::new(MANY_PHRASES);
            let lowered = LoweredText::new(&title, &description);
            prop_assert_eq!(screened.find_in_each(&lowered), plain.find_in_each(&lowered));
            let joined = format!("{title} {description}");
            prop_assert_eq!(screened.find(&joined), plain.find(&joined));
        }

        /// One search of the title and description joined answers as a search of each: the
        /// texts end and start with pieces of phrases (`free` | `shipping`, `deal` | `of the
        /// day`, `best` | `price`...) so that matches across the space between them are common.
        #[test]
        fn a_search_of_title_and_description_joined_answers_as_two(
            title in "([Ff]ree( [Ss]hipping)?|[Ss]ale!?|on|[Dd]eal|[Cc]heap(est)?|best|price|50%|[ a-zA-Z0-9!,.%]){0,6}",
            description in "( ?[Ss]hipping|[Ss]ale!?|of the day|drop|price|% off|[Dd]eal( of the day)?|[ a-zA-Z0-9!,.%]){0,6}",
        ) {
            for set in [
                PhraseSet::new(MANY_PHRASES),
                PhraseSet { packed: None, ..PhraseSet::new(MANY_PHRASES) },
            ] {
                let lowered = LoweredText::new(&title, &description);
                prop_assert_eq!(
                    set.find_in_each(&lowered),
                    [set.find(&title), set.find(&description)]
                );
            }
        }

        #[test]
        fn invalid_char_agrees_with_the_character_test(s in "\\PC{0,8}[\\x00-\\x7f\u{e000}\u{fffd}]?\\PC{0,8}", nl in any::<bool>()) {
            let slow = s.chars().find(|&c| {
                let cp = u32::from(c);
                let control = c.is_control() && !(nl && matches!(c, '\n' | '\r' | '\t'));
                control || (0xE000..=0xF8FF).contains(&cp) || cp >= 0xF_0000 || c == '\u{FFFD}'
            });
            prop_assert_eq!(invalid_char(&s, nl), slow);
        }
    }

    #[test]
    fn a_screen_that_misses_a_phrase_is_not_used() {
        // `on sale` and `sale` contain `sale`, but `cheapest` contains none of these.
        let set = PhraseSet::screened(MANY_PHRASES, &["free", "sale", " off", "price", "deal"]);
        assert!(!set.is_screened());
        assert_eq!(set.find("the cheapest"), Some("cheapest"));
        let set = PhraseSet::screened(MANY_PHRASES, &["", "free", "sale", "off", "price", "deal"]);
        assert!(!set.is_screened());
    }

    #[test]
    fn a_match_across_title_and_description_leaves_both_their_own() {
        static SET: &[&str] = &["hot deal", "deal of the day", "sale"];
        let set = PhraseSet::new(SET);
        let lowered = LoweredText::new;
        // "hot deal" spans the two; searched apart, the description has "deal of the day".
        assert_eq!(
            set.find_in_each(&lowered("Grill, hot", "deal of the day")),
            [None, Some("deal of the day")]
        );
        assert_eq!(
            set.find_in_each(&lowered("Sale grill", "A hot deal")),
            [Some("sale"), Some("hot deal")]
        );
        assert_eq!(set.find_in_each(&lowered("", "Sale")), [None, Some("sale")]);
        assert_eq!(set.find_in_each(&lowered("Sale", "")), [Some("sale"), None]);
    }

    #[test]
    fn phrase_set_ignores_ascii_case_only() {
        let set = PhraseSet::new(PHRASES);
        assert_eq!(set.find("Huge SALE today"), Some("sale"));
        assert_eq!(set.find("FREE SHIPPING on all"), Some("Free Shipping"));
        assert_eq!(set.find("ünique"), None, "only ASCII letters fold");
        assert_eq!(set.find("wholesale"), None, "word-bounded");
        assert_eq!(invalid_char("tab\there", true), None);
        assert_eq!(invalid_char("tab\there", false), Some('\t'));
        assert_eq!(invalid_char("del\u{7f}", true), Some('\u{7f}'));
    }

    #[test]
    fn iso_dates_parse_and_order() {
        let a = iso_minutes("2011-09-01T16:00-08:00").unwrap();
        let b = iso_minutes("2011-09-03T16:00-08:00").unwrap();
        assert!(a < b);
        assert!(iso_minutes("2024-02-30").is_none());
        assert!(iso_minutes("2024-01-01T25:00Z").is_none());
        assert!(iso_minutes("2024-01-01T10:00:00+0100").is_some());
        assert!(iso_minutes("tomorrow").is_none());
    }

    #[test]
    fn urls_and_measures() {
        assert!(is_http_url("https://shop.example/p/1"));
        assert!(!is_http_url("/p/1"));
        assert!(!is_http_url("ftp://x.y/z"));
        let ext = |s: &str| {
            let u = super::super::WebUrl::parse(s).unwrap();
            url_extension(&u).map(str::to_owned)
        };
        assert_eq!(
            ext("https://a.test/x/Photo.JPG?w=1").as_deref(),
            Some("JPG")
        );
        assert_eq!(ext("https://a.test/x.y/z"), None);
        assert_eq!(
            ext("https://a.test/x/archive.tar.gz").as_deref(),
            Some("gz")
        );
        assert_eq!(ext("https://a.test/x/dot."), Some(String::new()));
        assert!(extension_in("JPG", &["png", "jpg"]));
        assert!(!extension_in("jpgx", &["png", "jpg"]));
        assert_eq!(measure("225 g", &["g", "kg"]), Some(225.0));
        assert_eq!(measure("225", &["g"]), None);
    }

    #[test]
    fn invalid_chars_found() {
        assert_eq!(invalid_char("ok\u{E000}", false), Some('\u{E000}'));
        assert_eq!(invalid_char("a\nb", true), None);
        assert_eq!(invalid_char("a\u{7}b", true), Some('\u{7}'));
    }
}
