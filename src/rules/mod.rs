//! The rule registry and the validation engine (spec sections 1, 2.3).
//!
//! Every rule is defined in exactly one place (its group's file): stable code, kebab-case defect
//! name, group, severity, kind (GMC compliance or performance optimisation), the fields it reads,
//! its explanation, its check and its pass/fail vectors. [`registry`] is the one sorted list.
//! This module must not print, read files or touch clap: the CLI wires it to input and output.
//!
//! Codes: `FL-C` content, `FL-I` identity, `FL-K` category (K0xx general, K1xx apparel,
//! K2xx electronics, K3xx health & beauty, K4xx automotive, K5xx home & garden, K6xx sporting
//! goods), `FL-M` media and links, `FL-P` pricing and shipping cost, `FL-V` inventory and
//! logistics. `FL-I100`..`FL-I119` are reserved for the GTIN rules of `src/gtin`. A code is never
//! reused, even when its rule is removed.

/// A rule's per-product check, written as a closure `|p, ctx, out| ...`: the check itself and the
/// same check run over a batch of products ([`ProductChecks`]). The batch form is the rule's own
/// loop with the check inlined into it, so the engine makes one call per rule and batch instead
/// of one per rule and product through a function pointer (docs/performance.md, "161d747").
macro_rules! product_check {
    ($check:expr) => {{
        #[inline(always)]
        fn one(
            p: &$crate::model::Product,
            ctx: &$crate::rules::RuleCtx<'_>,
            out: &mut $crate::rules::Sink,
        ) {
            let check: $crate::rules::ProductCheck = $check;
            check(p, ctx, out);
        }
        fn batch(
            products: &[&$crate::model::Product],
            prepared: &[($crate::rules::Detection, $crate::rules::RuleCtx<'_>)],
            only: $crate::rules::OnlyIn,
            hits: &mut $crate::rules::Sink,
            found: &mut dyn FnMut(usize, &mut $crate::rules::Sink),
        ) {
            $crate::rules::run_batch(products, prepared, only, hits, found, one);
        }
        $crate::rules::Check::Product($crate::rules::ProductChecks { one, batch })
    }};
}

pub mod category;
mod content;
pub mod detect;
mod engine;
mod gtin_rules;
mod identity;
mod inventory;
mod media;
mod pricing;
mod util;
pub mod weburl;

use crate::model::Trim;
use std::sync::{Arc, LazyLock};

pub use detect::{Detection, DetectionSource, detect_category};
pub use engine::{
    COMPLIANCE_SHARE_IN_OPTIMIZATION, ComplianceStatus, Engine, EngineOptions, FeedState,
    ProductReport, RequiredFieldStatus, RequiredFields, compliance_weight, optimization_weight,
};
pub use identity::DUPLICATE_ID;

use crate::catalog::Category;
use crate::model::{Group, Price, PriceError, Product, RuleKind, Severity};
use crate::store::spill::SpillTable;
pub use weburl::WebUrl;

/// First and last code reserved for the GTIN rules added from `src/gtin` (identity group).
pub const RESERVED_GTIN_CODES: (&str, &str) = ("FL-I100", "FL-I119");

/// What the rule engine knows about a product besides its attributes, computed once per product.
#[derive(Debug, Clone, Default)]
pub struct RuleCtx<'a> {
    /// The detected (or overridden) category.
    pub category: Option<Category>,
    /// Confidence 0–1 of the detection (1 for an override).
    pub confidence: f64,
    /// `price` parsed by `model::parse_price`, when it parses.
    pub price: Option<Price>,
    /// `sale_price` parsed, when it parses.
    pub sale_price: Option<Price>,
    /// Why `price` does not parse, when it is given (not blank) and does not.
    pub price_error: Option<PriceError>,
    /// Why `sale_price` does not parse, when it is given (not blank) and does not.
    pub sale_price_error: Option<PriceError>,
    /// The price of each `shipping` entry parsed once, in order: `None` where the entry gives
    /// none (or a blank one). Several rules read them; each price is parsed once per product.
    /// One entry (what nearly every product has, or none) is kept inline: no allocation.
    pub shipping_prices: smallvec::SmallVec<[Option<Result<Price, PriceError>>; 1]>,
    /// `link` parsed once (trimmed), when it parses as a URL of any scheme.
    pub link_url: Option<WebUrl<'a>>,
    /// `image_link` parsed once (trimmed), when it parses as a URL of any scheme.
    pub image_url: Option<WebUrl<'a>>,
    /// Whether `link` and `image_link` are given (present and not blank), as their look-ups for
    /// the URLs found: requiredFieldsCheck reads them (`engine::Present::in_context`) instead
    /// of looking both up again (with the look-ups moved out of `parse_url`: −2.2M
    /// instructions over the bench's 20k rows, ~110 a row; docs/performance.md).
    pub(crate) link_given: bool,
    pub(crate) image_link_given: bool,
    /// Each `additional_image_link` value parsed once (trimmed), in order; `None` where it does
    /// not parse. Two (what a bench product with additional images has) are kept inline: no
    /// allocation.
    pub extra_image_urls: smallvec::SmallVec<[Option<WebUrl<'a>>; 2]>,
    /// `gtin` analysed once by [`crate::gtin::analyze`] (the one GTIN implementation), when
    /// the attribute is present and not blank. Read by the GTIN rules FL-I100..FL-I119.
    pub gtin: Option<crate::gtin::GtinAnalysis>,
    /// `title` as [`util::text`] gives it (the first value, when not blank), looked up once:
    /// about a dozen content checks read it, each with its own look-up and blank test before.
    pub(crate) title: Option<&'a str>,
    /// `description` the same way (about ten content checks).
    pub(crate) description: Option<&'a str>,
    /// The title and description lower-cased once for the phrase searches.
    pub(crate) lowered: util::LoweredText,
    /// The promotional phrase found first in the title and in the description, searched once
    /// for both by the first of FL-C005 and FL-C017 to run (`content::promo_in`).
    pub(crate) promo: std::cell::OnceCell<[Option<&'static str>; 2]>,
    /// The lower-cased title and product_type values, each value after a
    /// [`category::TITLE_OR_TYPE_SEPARATOR`], made by the first category check that reads them
    /// (`category::title_or_type_has`): only products of two categories need it.
    pub(crate) title_and_types: std::cell::OnceCell<String>,
}

impl<'a> RuleCtx<'a> {
    /// Builds the context of one product: parses its prices and detects its category unless
    /// `category_override` is given.
    #[must_use]
    pub fn for_product(p: &'a Product, category_override: Option<Category>) -> Self {
        let detection = match category_override {
            Some(c) => Detection {
                category: Some(c),
                confidence: 1.0,
                source: DetectionSource::Override,
            },
            None => detect_category(p),
        };
        Self::with_category(p, detection.category, detection.confidence)
    }

    /// Builds the context with an already known category: parses the prices and the two URLs.
    #[must_use]
    pub fn with_category(p: &'a Product, category: Option<Category>, confidence: f64) -> Self {
        Self::with_category_after(p, category, confidence, None)
    }

    /// [`Self::with_category`], the `link` and `image_link` read beside those of `previous`,
    /// the context of the product before `p` in its batch (`Engine::check_batch`): a feed's
    /// links (and its images) are nearly always on one host, and on `previous`'s plain host a
    /// URL's host is not scanned again ([`WebUrl::parse_beside`], which gives what
    /// [`WebUrl::parse`] gives whatever URL it is handed). The context is the same with or
    /// without `previous`.
    #[must_use]
    pub fn with_category_after(
        p: &'a Product,
        category: Option<Category>,
        confidence: f64,
        previous: Option<&RuleCtx<'_>>,
    ) -> Self {
        let (price, price_error) = parse_given(p, "price");
        let (sale_price, sale_price_error) = parse_given(p, "sale_price");
        let [title, description] = util::title_and_description(p);
        let image_link = p.get_nonblank("image_link");
        let link = p.get_nonblank("link");
        let image_url = parse_url(image_link, previous.and_then(|c| c.image_url.as_ref()));
        // Additional images are read beside the main image: on its host, that host is not
        // scanned again (`WebUrl::parse_beside`).
        let extra_image_urls = p
            .values("additional_image_link")
            .iter()
            .map(|v| WebUrl::parse_beside(v.trim_fast(), image_url.as_ref()))
            .collect();
        Self {
            category,
            confidence,
            price,
            sale_price,
            price_error,
            sale_price_error,
            shipping_prices: p
                .shipping
                .iter()
                .map(|s| {
                    s.price
                        .as_deref()
                        .filter(|v| !v.trim_fast().is_empty())
                        .map(crate::model::parse_price)
                })
                .collect(),
            link_url: parse_url(link, previous.and_then(|c| c.link_url.as_ref())),
            image_url,
            link_given: link.is_some(),
            image_link_given: image_link.is_some(),
            extra_image_urls,
            gtin: p.get_nonblank("gtin").map(crate::gtin::analyze),
            title: Some(title).filter(|t| !t.is_blank()),
            description: Some(description).filter(|d| !d.is_blank()),
            lowered: util::LoweredText::new(title, description),
            promo: std::cell::OnceCell::new(),
            title_and_types: std::cell::OnceCell::new(),
        }
    }

    /// The parsed URL of `link` or `image_link`.
    #[must_use]
    pub fn url(&self, field: &str) -> Option<&WebUrl<'a>> {
        match field {
            "link" => self.link_url.as_ref(),
            "image_link" => self.image_url.as_ref(),
            _ => None,
        }
    }
}

/// The first value of a price attribute parsed: the price when it parses, the error when it is
/// given (not blank) and does not, neither when it is absent or blank.
fn parse_given(p: &Product, field: &str) -> (Option<Price>, Option<PriceError>) {
    match p.get_nonblank(field).map(crate::model::parse_price) {
        Some(Ok(price)) => (Some(price), None),
        Some(Err(e)) => (None, Some(e)),
        None => (None, None),
    }
}

/// A URL attribute's value (`Product::get_nonblank`) parsed, trimmed; beside `known` (the same
/// attribute's URL in the product before), whose plain host it may share
/// ([`WebUrl::parse_beside`]).
fn parse_url<'v>(value: Option<&'v str>, known: Option<&WebUrl<'_>>) -> Option<WebUrl<'v>> {
    value.and_then(|v| WebUrl::parse_beside(v.trim_fast(), known))
}

/// One defect a check found: the attribute it concerns and what is wrong, naming the value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hit {
    pub field: &'static str,
    pub message: String,
}

/// Where check results go. A check pushes zero or more hits.
pub type Sink = Vec<Hit>;

/// A per-product check.
pub type ProductCheck = fn(&Product, &RuleCtx<'_>, &mut Sink);
/// A per-product check run over a batch (`product_check!`): each product of `products` (with
/// its category and rule context in `prepared`) that `only` lets through is checked into `hits`,
/// and `found` is called with the product's position and the hits, when there are any.
pub type BatchCheck = fn(
    &[&Product],
    &[(Detection, RuleCtx<'_>)],
    OnlyIn,
    &mut Sink,
    &mut dyn FnMut(usize, &mut Sink),
);

/// A rule's check in its two forms (made by `product_check!` from one closure).
#[derive(Clone, Copy)]
pub struct ProductChecks {
    /// The check of one product: what `batch` runs on each product it admits, and what the
    /// registry test holds the batch form to.
    pub one: ProductCheck,
    /// The same check over a batch ([`BatchCheck`]).
    pub batch: BatchCheck,
}

/// Which products a category rule checks: all of them, or those of one category detected with
/// confidence at least [`CATEGORY_RULE_MIN_CONFIDENCE`] (or set by `--category`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OnlyIn {
    pub in_category: bool,
    pub category: Option<Category>,
}

impl OnlyIn {
    /// The products `rule` checks.
    #[must_use]
    pub fn of(rule: &Rule) -> Self {
        Self {
            in_category: rule.applies == Applies::InCategory,
            category: rule.category,
        }
    }

    /// Whether the rule checks a product whose context is `ctx`.
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "in the innermost loop of every rule's batch check, once per rule and product"
    )]
    #[must_use]
    pub fn admits(self, ctx: &RuleCtx<'_>) -> bool {
        !self.in_category
            || (ctx.confidence >= CATEGORY_RULE_MIN_CONFIDENCE && self.category == ctx.category)
    }
}

/// The loop of a rule's batch check (`product_check!`), into which the rule's check `check` is
/// inlined.
#[inline(always)]
#[allow(
    clippy::inline_always,
    reason = "inlined into each rule's batch function, where `check` is that rule's check"
)]
pub fn run_batch(
    products: &[&Product],
    prepared: &[(Detection, RuleCtx<'_>)],
    only: OnlyIn,
    hits: &mut Sink,
    found: &mut dyn FnMut(usize, &mut Sink),
    check: ProductCheck,
) {
    // A rule of every product (most) skips the category test of each product. Two loops, not
    // one generic over the test: written as `run_loop::<const FILTER: bool>` the rules' checks
    // cost ~250 more instructions per CSV row (docs/performance.md, "10cdd5b–17104fa").
    if only.in_category {
        for (i, (p, (_, ctx))) in products.iter().zip(prepared).enumerate() {
            if !only.admits(ctx) {
                continue;
            }
            check(p, ctx, hits);
            // Most checks find nothing: no call for them.
            if !hits.is_empty() {
                found(i, hits);
            }
        }
    } else {
        for (i, (p, (_, ctx))) in products.iter().zip(prepared).enumerate() {
            check(p, ctx, hits);
            if !hits.is_empty() {
                found(i, hits);
            }
        }
    }
}

/// A feed-level check, run sequentially in input order with the memory of earlier products;
/// the product's keys are worked out with its other checks ([`FeedKeys::of`]).
/// The line is the product's (`p.location.line`), given apart so that a check that finds
/// nothing reads nothing of the product (`FeedState::apply_at`).
pub type FeedCheck = fn(&Product, u64, FeedKeys, &mut FeedMemory, &mut Sink);

/// What the feed-level checks look up of a product: hashes of its id and GTIN. Worked out by
/// the per-product checks, on the thread that has the product's text in its caches, so that the
/// thread running the feed-level checks (one, in input order) reads the product's text only
/// for a duplicate's message.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct FeedKeys {
    /// The hash of the trimmed id (of "" when there is none).
    pub(crate) id: u64,
    /// The id is given and not blank.
    pub(crate) has_id: bool,
    /// The hash of the GTIN's significant digits, when it has at least 8 digits.
    pub(crate) gtin: Option<u64>,
}

impl FeedKeys {
    /// The keys of `p`.
    #[must_use]
    pub fn of(p: &Product) -> Self {
        identity::feed_keys(p)
    }
}

/// How a rule runs.
#[derive(Clone, Copy)]
pub enum Check {
    Product(ProductChecks),
    Feed(FeedCheck),
}

/// When a category rule runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Applies {
    /// On every product (value checks of attributes that mean the same everywhere).
    Always,
    /// Only when the product's category is the rule's category, detected with confidence at
    /// least [`CATEGORY_RULE_MIN_CONFIDENCE`] or set by `--category`.
    InCategory,
}

/// Category requirement rules run only when the category is this certain (docs/scoring.md).
pub const CATEGORY_RULE_MIN_CONFIDENCE: f64 = 0.5;

/// The memory feed-level rules keep: a 64-bit hash of every id and GTIN seen so far, with the
/// line it was first seen on. Each table is a [`SpillTable`]: the latest 114,688 keys in memory,
/// older ones in sorted temporary files behind a Bloom filter of bounded size, so the memory does
/// not grow with the feed (src/store/spill.rs). Lines above `u32::MAX` are kept as "unknown".
///
/// One memory may span several input files (`batch a.csv b.csv`, one request): the line kept is
/// then a *feed line*, the product's line plus the lines of the files before its own
/// ([`FeedFiles`]), so the tables keep their 64-bit values and a first use in another file is
/// told by the file it was in. For one file the feed line is the line.
#[derive(Debug, Default)]
pub struct FeedMemory {
    /// id hash → first feed line.
    ids: SpillTable,
    /// GTIN hash → (first feed line << 32) | low 32 bits of that product's id hash.
    gtins: SpillTable,
    files: FeedFiles,
}

/// Where a key was first seen: its line, `None` when it was beyond `u32::MAX` (of feed lines),
/// and its file when that is not the current product's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct FirstUse {
    pub(crate) line: Option<u64>,
    /// The input file of the first use, when it is another file than the current product's.
    pub(crate) file: Option<Arc<str>>,
}

/// The input files a [`FeedMemory`] has seen, in order, each with the feed line its lines start
/// from (its *base*): a file's base is the previous file's base plus that file's last line plus
/// one. Changes only when the product's file does (one pointer comparison per product: a reader
/// gives all its products one `Arc` label), so a one-file run adds nothing to its tables.
#[derive(Debug, Default)]
struct FeedFiles {
    /// The current product's file.
    current: Option<Arc<str>>,
    /// The current file's base.
    base: u64,
    /// The line of the latest product of the current file.
    last: u64,
    /// Each file seen, with its base, in input order (bases increasing).
    starts: Vec<(u64, Arc<str>)>,
}

impl FeedFiles {
    fn enter(&mut self, file: &Arc<str>, line: u64) {
        if let Some(current) = &self.current {
            if Arc::ptr_eq(current, file) || **current == **file {
                self.last = line;
                return;
            }
            self.base = self.base.saturating_add(self.last).saturating_add(1);
        }
        self.current = Some(Arc::clone(file));
        self.starts.push((self.base, Arc::clone(file)));
        self.last = line;
    }

    /// Where the key first seen on feed line `first` (packed) was.
    fn first_use(&self, first: u32) -> FirstUse {
        let Some(feed_line) = unpack_line(first) else {
            return FirstUse {
                line: None,
                file: None,
            };
        };
        let at = self.starts.partition_point(|(base, _)| *base <= feed_line);
        let Some((base, file)) = at.checked_sub(1).and_then(|i| self.starts.get(i)) else {
            return FirstUse {
                line: Some(feed_line),
                file: None,
            };
        };
        let other = self
            .current
            .as_ref()
            .is_some_and(|current| **current != **file);
        FirstUse {
            line: Some(feed_line - base),
            file: other.then(|| Arc::clone(file)),
        }
    }

    /// The feed line of `line` in the current file.
    fn feed_line(&self, line: u64) -> u64 {
        self.base.saturating_add(line)
    }
}

impl FeedMemory {
    /// Empty tables, which merge the keys they keep on disk on a thread of their own when
    /// `background` ([`SpillTable::merging_in_the_background`]).
    #[must_use]
    pub fn new(background: bool) -> Self {
        Self {
            ids: SpillTable::default().merging_in_the_background(background),
            gtins: SpillTable::default().merging_in_the_background(background),
            files: FeedFiles::default(),
        }
    }

    /// How many ids and GTINs are remembered (in memory or on disk).
    #[must_use]
    pub fn len(&self) -> usize {
        self.ids.len() + self.gtins.len()
    }

    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Notes the product about to be checked: at `line` of `file`. Call once per product, in
    /// input order, before [`Self::seen_id`] and [`Self::seen_gtin`].
    pub(crate) fn enter(&mut self, file: &Arc<str>, line: u64) {
        self.files.enter(file, line);
    }

    /// Records `id_hash` at `line` of the current file; returns where it was first seen when it
    /// was seen before.
    pub(crate) fn seen_id(&mut self, id_hash: u64, line: u64) -> Option<FirstUse> {
        let value = u64::from(pack_line(self.files.feed_line(line)));
        self.ids
            .get_or_insert(id_hash, value)
            .map(|first| self.files.first_use(low32(first)))
    }

    /// Records `gtin_hash` for the product with `id_hash` at `line` of the current file; returns
    /// where it was first seen when another product (another id) used it before. A product
    /// repeating its own id and GTIN is the duplicate id's problem, not this one's.
    pub(crate) fn seen_gtin(
        &mut self,
        gtin_hash: u64,
        id_hash: u64,
        line: u64,
    ) -> Option<FirstUse> {
        let id32 = low32(id_hash);
        let value = (u64::from(pack_line(self.files.feed_line(line))) << 32) | u64::from(id32);
        let first = self.gtins.get_or_insert(gtin_hash, value)?;
        (low32(first) != id32).then(|| self.files.first_use(low32(first >> 32)))
    }
}

fn low32(v: u64) -> u32 {
    #[allow(
        clippy::cast_possible_truncation,
        reason = "the low 32 bits, on purpose"
    )]
    let low = v as u32;
    low
}

fn pack_line(line: u64) -> u32 {
    u32::try_from(line).unwrap_or(u32::MAX)
}

fn unpack_line(line: u32) -> Option<u64> {
    (line != u32::MAX).then_some(u64::from(line))
}

/// One rule, defined once.
pub struct Rule {
    /// Stable code (`FL-C003`); never reused.
    pub code: &'static str,
    /// Kebab-case name of the defect (`title-too-short`).
    pub name: &'static str,
    pub group: Group,
    pub severity: Severity,
    pub kind: RuleKind,
    /// The category validator the rule belongs to (`None`: universal).
    pub category: Option<Category>,
    pub applies: Applies,
    /// Canonical attribute names the rule reads.
    pub fields: &'static [&'static str],
    /// What it checks.
    pub what: &'static str,
    /// Why it matters.
    pub why: &'static str,
    /// An example of a failing value.
    pub example: &'static str,
    /// How to fix it (also the `fix` of every finding).
    pub fix: &'static str,
    pub check: Check,
    /// A product (key=value pairs) the rule must accept.
    pub pass: &'static [(&'static str, &'static str)],
    /// A product (key=value pairs) the rule must flag.
    pub fail: &'static [(&'static str, &'static str)],
    /// When the rule fires, the product's GMC compliance is 0% (used for invalid GTINs).
    pub zeroes_compliance: bool,
    /// A GTIN issue: when the rule fires, the product's `overallPriority` is critical whatever
    /// the rule's severity (spec 2.5: "GTIN issues are always prioritised as critical").
    pub gtin_issue: bool,
}

impl std::fmt::Debug for Rule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Rule")
            .field("code", &self.code)
            .finish_non_exhaustive()
    }
}

impl Rule {
    /// The explanation `feedlint rules CODE` prints and docs/rules.md contains.
    #[must_use]
    pub fn explanation(&self) -> String {
        format!(
            "## What it checks\n{}\n\n## Why it matters\n{}\n\n## Example\n{}\n\n## How to fix\n{}\n",
            self.what, self.why, self.example, self.fix
        )
    }

    /// The category key or `all`.
    #[must_use]
    pub fn category_key(&self) -> &'static str {
        self.category.map_or("all", Category::key)
    }
}

/// Defaults for the fields most rules share; rule definitions use `..BASE`.
pub(crate) const BASE: Rule = Rule {
    code: "",
    name: "",
    group: Group::Content,
    severity: Severity::Medium,
    kind: RuleKind::Compliance,
    category: None,
    applies: Applies::Always,
    fields: &[],
    what: "",
    why: "",
    example: "",
    fix: "",
    check: product_check!(|_, _, _| {}),
    pass: &[],
    fail: &[],
    zeroes_compliance: false,
    gtin_issue: false,
};

static REGISTRY: LazyLock<Vec<&'static Rule>> = LazyLock::new(|| {
    // Concatenated in code order: C, I, K (general, then the six validators), M, P, V.
    let parts: [&'static [Rule]; 13] = [
        content::RULES,
        identity::RULES,
        gtin_rules::RULES,
        category::general::RULES,
        category::apparel::RULES,
        category::electronics::RULES,
        category::health_beauty::RULES,
        category::automotive::RULES,
        category::home_garden::RULES,
        category::sporting_goods::RULES,
        media::RULES,
        pricing::RULES,
        inventory::RULES,
    ];
    parts.iter().flat_map(|p| p.iter()).collect()
});

/// Every rule, sorted by code.
#[must_use]
pub fn registry() -> &'static [&'static Rule] {
    &REGISTRY
}

/// The rule with this code (case-insensitive).
#[must_use]
pub fn find(code: &str) -> Option<&'static Rule> {
    let code = code.trim_fast();
    registry()
        .iter()
        .copied()
        .find(|r| r.code.eq_ignore_ascii_case(code) || r.name.eq_ignore_ascii_case(code))
}

/// Codes and names that look like `query`, for "did you mean" messages (at most five).
#[must_use]
pub fn suggest(query: &str) -> Vec<&'static Rule> {
    let q = query.trim_fast().to_ascii_uppercase();
    let ql = query.trim_fast().to_ascii_lowercase();
    let mut scored: Vec<(usize, &'static Rule)> = registry()
        .iter()
        .copied()
        .filter_map(|r| {
            let d = edit_distance(&q, r.code).min(edit_distance(&ql, r.name));
            let related = (!ql.is_empty() && r.name.contains(ql.as_str()))
                || (q.len() >= 4 && r.code.starts_with(q.as_str()));
            (d <= 2 || related).then_some((d, r))
        })
        .collect();
    scored.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.code.cmp(b.1.code)));
    scored.into_iter().take(5).map(|(_, r)| r).collect()
}

/// "did you mean ...?" for a mistyped rule code or name, naming each close rule `CODE (name)`;
/// `None` when none is close. What `feedlint rules CODE` says of an unknown code.
#[must_use]
pub fn did_you_mean(query: &str) -> Option<String> {
    let rules: Vec<String> = suggest(query)
        .iter()
        .map(|r| format!("{} ({})", r.code, r.name))
        .collect();
    did_you_mean_line(&rules)
}

/// The same for a rule selector (`--select` and the like), which may also be a group: the close
/// groups if any (`pric` is meant as `pricing`, not as one of its rules), else the close rules.
#[must_use]
pub fn did_you_mean_selector(query: &str) -> Option<String> {
    let q = query.trim_fast().to_ascii_lowercase();
    let groups: Vec<String> = Group::ALL
        .into_iter()
        .filter(|g| {
            edit_distance(&q, g.as_str()) <= 2 || (q.len() >= 3 && g.as_str().starts_with(&q))
        })
        .map(|g| g.as_str().to_owned())
        .collect();
    did_you_mean_line(&groups).or_else(|| did_you_mean(query))
}

fn did_you_mean_line(names: &[String]) -> Option<String> {
    (!names.is_empty()).then(|| format!("did you mean {}?", names.join(", ")))
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != *cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Counts of rules per group, in `Group::ALL` order.
#[must_use]
pub fn counts_by_group() -> [(Group, usize); 6] {
    Group::ALL.map(|g| (g, registry().iter().filter(|r| r.group == g).count()))
}

/// The rule reference in Markdown (docs/rules.md is this text; a test keeps it current).
#[must_use]
pub fn reference_markdown() -> String {
    use std::fmt::Write as _;
    let mut s = String::from(
        "# feedlint rules\n\n<!-- Generated from the rule registry (src/rules). Do not edit: run\n     `UPDATE_DOCS=1 cargo test --test rules_cli docs_rules_md_is_current` -->\n\n",
    );
    let counts: Vec<String> = counts_by_group()
        .iter()
        .map(|(g, n)| format!("{} {n}", g.as_str()))
        .collect();
    let _ = writeln!(
        s,
        "{} rules ({}). Kind `compliance` lowers the GMC compliance percentage; kind `performance` lowers the optimisation score (docs/scoring.md). Codes {}..{} are reserved for the GTIN rules.\n",
        registry().len(),
        counts.join(", "),
        RESERVED_GTIN_CODES.0,
        RESERVED_GTIN_CODES.1
    );
    s.push_str("| Code | Name | Group | Severity | Kind | Category |\n|---|---|---|---|---|---|\n");
    for r in registry() {
        let _ = writeln!(
            s,
            "| [{}](#{}) | {} | {} | {} | {} | {} |",
            r.code,
            r.code.to_ascii_lowercase(),
            r.name,
            r.group.as_str(),
            r.severity.as_str(),
            r.kind.as_str(),
            r.category_key()
        );
    }
    for r in registry() {
        let _ = write!(
            s,
            "\n## {}\n\n`{}` · group {} · severity {} · kind {} · category {} · fields: {}\n\n{}",
            r.code,
            r.name,
            r.group.as_str(),
            r.severity.as_str(),
            r.kind.as_str(),
            r.category_key(),
            if r.fields.is_empty() {
                "(record)".to_owned()
            } else {
                r.fields.join(", ")
            },
            r.explanation().replace("## ", "### ")
        );
    }
    s
}

/// The report of the default engine on the product of `pairs` ([`product_from_pairs`]), for the
/// emitters' tests.
#[cfg(test)]
pub(crate) fn report_from_pairs(pairs: &[(&str, &str)]) -> ProductReport {
    Engine::new(EngineOptions::default()).check(&product_from_pairs(pairs))
}

/// The hits one rule's own check (`code`, a per-product check) reports on the product of
/// `pairs` ([`product_from_pairs`]), as (field, message), for the rule families' tests.
#[cfg(test)]
pub(crate) fn hits_of(code: &str, pairs: &[(&str, &str)]) -> Vec<(&'static str, String)> {
    let rule = find(code).expect(code);
    let p = product_from_pairs(pairs);
    let ctx = RuleCtx::for_product(&p, None);
    let mut out: Vec<Hit> = Vec::new();
    if let Check::Product(f) = rule.check {
        (f.one)(&p, &ctx, &mut out);
    }
    out.into_iter().map(|h| (h.field, h.message)).collect()
}

/// Builds a product from test-vector pairs. The key `@read_issue` adds a reader issue instead
/// of an attribute; `@line` sets the line; `@shipping` and `@tax` take the GMC text forms;
/// `name#N` repeats the value N times.
#[must_use]
pub fn product_from_pairs(pairs: &[(&str, &str)]) -> Product {
    let mut p = Product::default();
    p.location.line = 1;
    for (k, v) in pairs {
        match *k {
            "@read_issue" => p.read_issues.push(crate::model::ReadIssue {
                line: 1,
                message: (*v).to_owned(),
            }),
            "@line" => p.location.line = v.parse().unwrap_or(1),
            "@shipping" => {
                // country:region:service:price[:min_handling:max_handling:min_transit:max_transit]
                let mut parts = v.split(':').map(|s| (!s.is_empty()).then(|| s.to_owned()));
                let mut next = || parts.next().flatten();
                p.shipping.push(crate::model::Shipping {
                    country: next(),
                    region: next(),
                    service: next(),
                    price: next(),
                    min_handling_time: next(),
                    max_handling_time: next(),
                    min_transit_time: next(),
                    max_transit_time: next(),
                    ..Default::default()
                });
            }
            "@tax" => {
                let mut parts = v.split(':').map(|s| (!s.is_empty()).then(|| s.to_owned()));
                let mut next = || parts.next().flatten();
                p.tax.push(crate::model::Tax {
                    country: next(),
                    region: next(),
                    rate: next(),
                    tax_ship: next(),
                    ..Default::default()
                });
            }
            _ => match k.split_once('#') {
                // `name#N`: the value repeated N times (long-text vectors).
                Some((name, n)) => p.push(name, v.repeat(n.parse().unwrap_or(1))),
                None => p.push(k, *v),
            },
        }
    }
    p
}

/// The product every feed-rule vector is checked after (see the registry test).
pub const FEED_SEED: &[(&str, &str)] = &[("id", "SEED-1"), ("gtin", "4006381333931")];

#[cfg(test)]
mod feed_expectations;
#[cfg(test)]
mod tests;

#[cfg(test)]
mod feed_memory_tests {
    use std::sync::Arc;

    use super::{FeedMemory, FirstUse};

    fn at(line: u64) -> FirstUse {
        FirstUse {
            line: Some(line),
            file: None,
        }
    }

    fn in_file(file: &str, line: u64) -> FirstUse {
        FirstUse {
            line: Some(line),
            file: Some(Arc::from(file)),
        }
    }

    #[test]
    fn an_id_seen_again_gives_the_first_line() {
        let mut m = FeedMemory::default();
        assert_eq!(m.seen_id(42, 2), None);
        assert_eq!(m.seen_id(7, 3), None);
        assert_eq!(m.seen_id(42, 9), Some(at(2)));
        // Keys differing only in one half are different keys.
        assert_eq!(m.seen_id(0x2a | (1 << 40), 10), None);
    }

    #[test]
    fn a_line_beyond_u32_is_kept_as_unknown_not_wrapped() {
        let mut m = FeedMemory::default();
        let far = u64::from(u32::MAX) + 5;
        let unknown = Some(FirstUse {
            line: None,
            file: None,
        });
        assert_eq!(m.seen_id(1, far), None);
        assert_eq!(m.seen_id(1, far + 1), unknown);
        assert_eq!(m.seen_gtin(1, 5, far), None);
        assert_eq!(m.seen_gtin(1, 6, far + 1), unknown);
    }

    #[test]
    fn a_gtin_is_shared_only_between_different_ids() {
        let mut m = FeedMemory::default();
        assert_eq!(m.seen_gtin(100, 1, 2), None);
        // The same product id again with its GTIN: not a shared GTIN.
        assert_eq!(m.seen_gtin(100, 1, 3), None);
        assert_eq!(m.seen_gtin(100, 2, 4), Some(at(2)));
    }

    /// One memory over several input files (`batch a.csv b.csv`): a first use in another file
    /// names that file and its own line; one in the current file only its line, as with one
    /// file.
    #[test]
    fn a_first_use_in_another_file_names_that_file() {
        let a: Arc<str> = Arc::from("a.csv");
        let b: Arc<str> = Arc::from("b.csv");
        let mut m = FeedMemory::default();
        for line in 2..=5 {
            m.enter(&a, line);
            assert_eq!(m.seen_id(line, line), None);
            assert_eq!(m.seen_gtin(100 + line, line, line), None);
        }
        m.enter(&b, 2);
        assert_eq!(m.seen_id(20, 2), None);
        // Lines of b.csv are not mistaken for lines of a.csv, and the other way round.
        m.enter(&b, 3);
        assert_eq!(m.seen_id(3, 3), Some(in_file("a.csv", 3)));
        assert_eq!(m.seen_gtin(105, 99, 3), Some(in_file("a.csv", 5)));
        m.enter(&b, 4);
        assert_eq!(m.seen_id(20, 4), Some(at(2)));
        assert_eq!(m.seen_gtin(104, 4, 4), None);
        // A reader's label is one `Arc`, but an equal name is the same file too.
        m.enter(&Arc::from("b.csv"), 6);
        assert_eq!(m.seen_id(20, 6), Some(at(2)));
        // A third file: both earlier files are told apart.
        let c: Arc<str> = Arc::from("c.csv");
        m.enter(&c, 1);
        assert_eq!(m.seen_id(2, 1), Some(in_file("a.csv", 2)));
        m.enter(&c, 2);
        assert_eq!(m.seen_id(20, 2), Some(in_file("b.csv", 2)));
    }
}
