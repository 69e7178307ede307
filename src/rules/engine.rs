//! The per-product engine and the feed-level state (spec 2.3, the dual-score system).
//!
//! `Engine::check` is pure and `Send + Sync`: call it from rayon workers. `FeedState` applies the
//! feed-level rules (duplicate ids, duplicate GTINs) sequentially in input order. Scores and
//! statuses follow docs/scoring.md; revenue impact comes only from `revenue::impact`. Nothing
//! here prints or reads files.

use super::{Check, FeedKeys, FeedMemory, Hit, OnlyIn, ProductChecks, Rule, RuleCtx, registry};
use crate::catalog::Category;
use crate::model::Trim;
use crate::model::{Finding, Group, Product, RuleKind, Severity};
use crate::revenue::impact::{issue_impact, round_cents};

/// What to run and how. Plain data; the config file of the CI issue fills the same struct.
#[derive(Debug, Clone, Default)]
pub struct EngineOptions {
    /// `--category KEY`: skip detection and treat every product as this category.
    pub category_override: Option<Category>,
    /// When not empty, only rules whose code or group is listed run (codes like `FL-C003`,
    /// group names like `pricing`, or a code prefix like `FL-K1`).
    pub select: Vec<String>,
    /// Rules whose code or group (or code prefix) is listed do not run. Wins over `select`.
    pub ignore: Vec<String>,
    /// Severity overrides by rule code.
    pub severity_overrides: Vec<(String, Severity)>,
}

/// The per-key status of `gmcCompliance.requiredFieldsCheck` (spec 2.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RequiredFieldStatus {
    Compliant,
    Missing,
    Invalid,
}

impl RequiredFieldStatus {
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Compliant => "compliant",
            Self::Missing => "missing",
            Self::Invalid => "invalid",
        }
    }
}

/// The seven required fields of spec 2.3, by their canonical attribute names (serialised as a
/// result's `requiredFieldsCheck`, `model::result::RequiredFieldsCheck`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RequiredFields {
    pub title: RequiredFieldStatus,
    pub description: RequiredFieldStatus,
    pub price: RequiredFieldStatus,
    pub link: RequiredFieldStatus,
    pub image_link: RequiredFieldStatus,
    pub availability: RequiredFieldStatus,
    pub condition: RequiredFieldStatus,
}

impl RequiredFields {
    /// Every required field compliant.
    pub const ALL_COMPLIANT: Self = Self {
        title: RequiredFieldStatus::Compliant,
        description: RequiredFieldStatus::Compliant,
        price: RequiredFieldStatus::Compliant,
        link: RequiredFieldStatus::Compliant,
        image_link: RequiredFieldStatus::Compliant,
        availability: RequiredFieldStatus::Compliant,
        condition: RequiredFieldStatus::Compliant,
    };
}

/// `gmcCompliance.status` (spec 2.3 shows `fully_compliant`; the others are feedlint's).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ComplianceStatus {
    /// No compliance finding.
    FullyCompliant,
    /// Compliance findings, none critical, percentage above 0.
    PartiallyCompliant,
    /// A critical compliance finding, or compliance 0%.
    NonCompliant,
}

impl ComplianceStatus {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::FullyCompliant => "fully_compliant",
            Self::PartiallyCompliant => "partially_compliant",
            Self::NonCompliant => "non_compliant",
        }
    }
}

/// Everything the engine concluded about one product.
#[derive(Debug, Clone)]
pub struct ProductReport {
    pub product_id: String,
    /// The product's line (its file is the product's: the report holds no reference to it, which
    /// with two jobs was a reference count shared between the threads, `p.location.file`).
    pub line: u64,
    /// Findings sorted by severity (critical first), then code, field and message.
    pub findings: Vec<Finding>,
    pub category: Option<Category>,
    pub category_confidence: f64,
    pub category_source: super::DetectionSource,
    /// `price` amount when it parses (for revenue figures).
    pub price_amount: Option<f64>,
    pub required: RequiredFields,
    /// 0–100, see docs/scoring.md.
    pub compliance_percentage: f64,
    pub status: ComplianceStatus,
    /// 0–100, see docs/scoring.md.
    pub optimization_score: f64,
    /// Category-specific score: 100 minus the weights of the findings of category rules.
    pub category_score: f64,
    pub priority: Severity,
    /// Sum of the revenue impact of every finding (USD per month).
    pub total_revenue_impact: f64,
    /// Sum of the revenue impact of performance findings.
    pub optimization_revenue_impact: f64,
    /// Sum of the revenue impact of compliance findings.
    pub compliance_revenue_impact: f64,
    /// Whether a rule flagged `zeroes_compliance` fired.
    pub compliance_zeroed: bool,
    /// Whether a rule flagged `gtin_issue` fired: the priority is then critical.
    pub gtin_issue: bool,
    /// The product's keys for the feed-level rules, worked out with the per-product rules when
    /// a feed-level rule is enabled (`None` otherwise).
    pub(crate) feed_keys: Option<FeedKeys>,
    /// Which required fields the product has, for the scores worked out again when a feed-level
    /// rule fires ([`FeedState::apply_at`], which then reads nothing else of the product but the
    /// texts of its `id` and `gtin`).
    present: Present,
}

impl ProductReport {
    /// `isValid`: not non-compliant.
    #[must_use]
    pub fn is_valid(&self) -> bool {
        self.status != ComplianceStatus::NonCompliant
    }

    /// Findings counting toward GMC compliance.
    pub fn compliance_findings(&self) -> impl Iterator<Item = &Finding> {
        self.findings
            .iter()
            .filter(|f| f.kind == RuleKind::Compliance)
    }

    /// Whether any finding is critical (the `validate` exit gate).
    #[must_use]
    pub fn has_critical(&self) -> bool {
        self.findings
            .iter()
            .any(|f| f.severity == Severity::Critical)
    }

    /// Number of findings in a group (spec 2.4 `results.<group>.errorCount`).
    #[must_use]
    pub fn group_count(&self, group: Group) -> usize {
        self.findings.iter().filter(|f| f.group == group).count()
    }
}

/// Compliance deduction per compliance finding, by severity (docs/scoring.md).
#[must_use]
pub fn compliance_weight(s: Severity) -> f64 {
    match s {
        Severity::Critical => 25.0,
        Severity::High => 15.0,
        Severity::Medium => 8.0,
        Severity::Low => 3.0,
    }
}

/// Optimisation deduction per performance finding, by severity (docs/scoring.md).
#[must_use]
pub fn optimization_weight(s: Severity) -> f64 {
    match s {
        Severity::Critical => 20.0,
        Severity::High => 12.0,
        Severity::Medium => 6.0,
        Severity::Low => 3.0,
    }
}

/// Share of the compliance weights that also lowers the optimisation score.
pub const COMPLIANCE_SHARE_IN_OPTIMIZATION: f64 = 0.5;

struct Active {
    rule: &'static Rule,
    severity: Severity,
}

/// A per-product rule as the check loop reads it for every product: what it needs copied out of
/// the rule's (large, documentation-carrying) `Rule`, so the loop walks one compact array instead
/// of touching a cache line of every rule.
struct ProductRule {
    checks: ProductChecks,
    /// The products it runs on: those of its category for `Applies::InCategory`.
    only: OnlyIn,
    /// A hit sets the product's compliance to 0% (a compliance rule that zeroes it).
    zeroes: bool,
    /// A hit makes the product's priority critical (a GTIN issue).
    gtin_issue: bool,
    active: Active,
}

/// The validation engine: the enabled rules with their effective severities.
pub struct Engine {
    product_rules: Vec<ProductRule>,
    feed_rules: Vec<Active>,
    category_override: Option<Category>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine")
            .field("product_rules", &self.product_rules.len())
            .field("feed_rules", &self.feed_rules.len())
            .field("category_override", &self.category_override)
            .finish()
    }
}

fn matches_selector(rule: &Rule, selector: &str) -> bool {
    let s = selector.trim_fast();
    if s.is_empty() {
        return false;
    }
    Group::parse(s) == Some(rule.group)
        || rule.code.eq_ignore_ascii_case(s)
        || rule.name.eq_ignore_ascii_case(s)
        || (s.len() >= 4
            && rule
                .code
                .to_ascii_uppercase()
                .starts_with(&s.to_ascii_uppercase()))
}

impl Engine {
    /// Builds an engine from options. Unknown selectors simply match nothing (the config
    /// layer validates them against [`super::find`] and reports their location).
    #[must_use]
    pub fn new(options: EngineOptions) -> Self {
        let EngineOptions {
            category_override,
            select,
            ignore,
            severity_overrides,
        } = options;
        let mut product_rules = Vec::new();
        let mut feed_rules = Vec::new();
        for &rule in registry() {
            let selected = select.is_empty() || select.iter().any(|s| matches_selector(rule, s));
            let ignored = ignore.iter().any(|s| matches_selector(rule, s));
            if !selected || ignored {
                continue;
            }
            let severity = severity_overrides
                .iter()
                .rev()
                // By code or by name, as the config accepts either (`rules::find`).
                .find(|(c, _)| {
                    c.eq_ignore_ascii_case(rule.code) || c.eq_ignore_ascii_case(rule.name)
                })
                .map_or(rule.severity, |(_, s)| *s);
            let active = Active { rule, severity };
            match rule.check {
                Check::Product(checks) => product_rules.push(ProductRule {
                    checks,
                    only: OnlyIn::of(rule),
                    zeroes: rule.zeroes_compliance && rule.kind == RuleKind::Compliance,
                    gtin_issue: rule.gtin_issue,
                    active,
                }),
                Check::Feed(_) => feed_rules.push(active),
            }
        }
        Self {
            product_rules,
            feed_rules,
            category_override,
        }
    }

    /// Number of enabled rules.
    #[must_use]
    pub fn rule_count(&self) -> usize {
        self.product_rules.len() + self.feed_rules.len()
    }

    /// Runs every enabled per-product rule on one product. Pure: the same product gives the
    /// same report. Feed-level rules are applied afterwards by [`FeedState::apply`].
    #[must_use]
    pub fn check(&self, p: &Product) -> ProductReport {
        let prepared = [self.prepare(p, None)];
        let found = self.run_rules(&[p], &prepared).pop().unwrap_or_default();
        let [(detection, ctx)] = prepared;
        report(p, detection, &ctx, found, self.wants_keys())
    }

    /// Whether reports carry their product's [`FeedKeys`]: a feed-level rule is enabled.
    fn wants_keys(&self) -> bool {
        !self.feed_rules.is_empty()
    }

    /// [`Self::check`] of each product, in order, run rule by rule: each rule checks every
    /// product of the batch before the next rule runs. The reports are the same as one
    /// [`Self::check`] per product (a test checks it); the order keeps one rule's code and branch
    /// history hot for the whole batch instead of walking the code of every rule for every
    /// product, which missed the instruction cache about 2,000 times per product
    /// (docs/performance.md, 7a4fa70). Each rule runs its batch form (`product_check!`): one
    /// call per rule and batch, the check inlined into the rule's own loop, where calling it
    /// through a function pointer once per rule and product cost ~2,800 instructions per CSV row
    /// (docs/performance.md, "161d747").
    #[must_use]
    pub fn check_batch(&self, products: &[&Product]) -> Vec<ProductReport> {
        // Each product's context is made beside the one before it
        // (`RuleCtx::with_category_after`): a link or image on the previous product's plain host
        // does not have its host scanned again. The link's and image's parse 20.97M -> 16.56M
        // instructions over the bench's 20k rows (~110 a URL; callgrind, docs/performance.md,
        // "5a4dc05"). Allocated once at the batch's size, as `collect` did.
        let mut prepared: Vec<(super::Detection, RuleCtx<'_>)> = Vec::with_capacity(products.len());
        for p in products {
            let item = self.prepare(p, prepared.last().map(|(_, ctx)| ctx));
            prepared.push(item);
        }
        let found = self.run_rules(products, &prepared);
        products
            .iter()
            .zip(&prepared)
            .zip(found)
            .map(|((p, (detection, ctx)), found)| {
                report(p, *detection, ctx, found, self.wants_keys())
            })
            .collect()
    }

    /// What the per-product rules find in each of `products` (prepared by [`Self::prepare`]),
    /// rule by rule: each rule's batch form (`product_check!`) over all of them.
    fn run_rules(
        &self,
        products: &[&Product],
        prepared: &[(super::Detection, RuleCtx<'_>)],
    ) -> Vec<Found> {
        let mut found: Vec<Found> = products.iter().map(|_| Found::default()).collect();
        let mut hits: Vec<Hit> = Vec::new();
        for rule in &self.product_rules {
            (rule.checks.batch)(products, prepared, rule.only, &mut hits, &mut |i, hits| {
                let (p, ctx) = (products[i], &prepared[i].1);
                record(rule, p, ctx, &mut found[i], hits);
            });
        }
        found
    }

    /// Checks the items of a batch of a feed that are products (`Ok`), each with the engine
    /// `with` names for it ([`Self::check_batch`] once per engine), and pairs each with its
    /// report; errors stay in place. `batch` picks one of two engines per feed.
    pub fn check_each<'e, T, E>(
        items: Vec<Result<T, E>>,
        with: impl Fn(&T) -> (&'e Engine, &Product),
    ) -> Vec<Result<(T, ProductReport), E>> {
        let mut reports: Vec<Option<ProductReport>> = items.iter().map(|_| None).collect();
        // Vectors of the batch's size allocated once: `filter_map` tells `collect` nothing of
        // the count, and growing them copied every item several times per batch (~260
        // instructions per CSV row; docs/performance.md).
        let mut pending: Vec<(usize, &'e Engine, &Product)> = Vec::with_capacity(items.len());
        pending.extend(items.iter().enumerate().filter_map(|(i, item)| {
            let (engine, p) = with(item.as_ref().ok()?);
            Some((i, engine, p))
        }));
        while let Some(&(_, engine, _)) = pending.first() {
            let (mine, rest): (Vec<_>, Vec<_>) = pending
                .into_iter()
                .partition(|(_, e, _)| std::ptr::eq(*e, engine));
            let products: Vec<&Product> = mine.iter().map(|(_, _, p)| *p).collect();
            for ((i, _, _), report) in mine.iter().zip(engine.check_batch(&products)) {
                reports[*i] = Some(report);
            }
            pending = rest;
        }
        let mut checked = Vec::with_capacity(items.len());
        checked.extend(
            items
                .into_iter()
                .zip(reports)
                .filter_map(|(item, report)| match item {
                    Ok(t) => report.map(|r| Ok((t, r))),
                    Err(e) => Some(Err(e)),
                }),
        );
        checked
    }

    /// The product's category (detected, or the `--category` override) and its rule context,
    /// made beside `previous`, the context of the product before it in its batch, if any.
    fn prepare<'p>(
        &self,
        p: &'p Product,
        previous: Option<&RuleCtx<'_>>,
    ) -> (super::Detection, RuleCtx<'p>) {
        let detection = match self.category_override {
            Some(c) => super::Detection {
                category: Some(c),
                confidence: 1.0,
                source: super::DetectionSource::Override,
            },
            None => super::detect_category(p),
        };
        let ctx =
            RuleCtx::with_category_after(p, detection.category, detection.confidence, previous);
        (detection, ctx)
    }

    /// A fresh feed state for one run over a feed (or several feeds validated as one). Its
    /// tables merge their runs on a thread of their own when rayon has more than one thread
    /// (`--jobs`): a merge on the thread that applies the feed-wide rules stalled it for up to
    /// ~34 ms, while the other core ran out of work; with `--jobs 1` everything stays on one
    /// thread.
    #[must_use]
    pub fn feed_state(&self) -> FeedState {
        FeedState {
            memory: FeedMemory::new(rayon::current_num_threads() > 1),
        }
    }
}

/// The product's price amount, in its own currency: the spec's $100–999 premium tier is applied
/// to it unconverted, as the $35–$50 bases are (feedlint has no exchange rates), and as
/// `revenue` applies it (docs/revenue-model.md §5), so that a product's `totalRevenueImpact`
/// here and its `currentImpact` there agree in every currency.
fn tier_price(price: Option<&crate::model::Price>) -> Option<f64> {
    price.map(|pr| pr.amount)
}

/// What the rules found in one product so far.
#[derive(Default)]
struct Found {
    findings: Vec<Finding>,
    /// A rule whose hit sets compliance to 0% found something.
    zeroed: bool,
    /// A GTIN issue was found.
    gtin_issue: bool,
}

/// Adds the hits `rule` found in `p` to what was found in it.
fn record(rule: &ProductRule, p: &Product, ctx: &RuleCtx, found: &mut Found, hits: &mut Vec<Hit>) {
    found.zeroed |= rule.zeroes;
    found.gtin_issue |= rule.gtin_issue;
    push_findings(
        &mut found.findings,
        hits,
        &rule.active,
        p.location.line,
        ctx.category,
        tier_price(ctx.price.as_ref()),
    );
}

/// The product's report from its findings: `finish` computes the statuses and scores.
fn report(
    p: &Product,
    detection: super::Detection,
    ctx: &RuleCtx,
    found: Found,
    keys: bool,
) -> ProductReport {
    let mut report = ProductReport {
        product_id: p.product_id(),
        line: p.location.line,
        findings: found.findings,
        category: ctx.category,
        category_confidence: ctx.confidence,
        category_source: detection.source,
        price_amount: tier_price(ctx.price.as_ref()),
        // Placeholders: `finish` computes the statuses and scores from the findings.
        required: RequiredFields::ALL_COMPLIANT,
        compliance_percentage: 100.0,
        status: ComplianceStatus::FullyCompliant,
        optimization_score: 100.0,
        category_score: 100.0,
        priority: Severity::Low,
        total_revenue_impact: 0.0,
        optimization_revenue_impact: 0.0,
        compliance_revenue_impact: 0.0,
        compliance_zeroed: found.zeroed,
        gtin_issue: found.gtin_issue,
        feed_keys: keys.then(|| FeedKeys::of(p)),
        present: Present::in_context(p, ctx),
    };
    let present = report.present;
    finish(&mut report, present);
    report
}

fn push_findings(
    findings: &mut Vec<Finding>,
    hits: &mut Vec<Hit>,
    active: &Active,
    line: u64,
    category: Option<Category>,
    tier_price: Option<f64>,
) {
    if hits.is_empty() {
        // Most rules find nothing: skip the per-call set-up below.
        return;
    }
    let rule = active.rule;
    for hit in hits.drain(..) {
        findings.push(Finding {
            code: rule.code,
            name: rule.name,
            group: rule.group,
            severity: active.severity,
            kind: rule.kind,
            field: hit.field,
            message: hit.message,
            fix: rule.fix,
            revenue_impact: issue_impact(active.severity, category, tier_price),
            line,
        });
    }
}

/// Derives requiredFieldsCheck, scores, status, priority and revenue totals from the findings;
/// `present` says which required fields the product has.
fn finish(report: &mut ProductReport, present: Present) {
    report.findings.sort_by(|a, b| {
        b.severity
            .cmp(&a.severity)
            .then_with(|| a.code.cmp(b.code))
            .then_with(|| a.field.cmp(b.field))
            .then_with(|| a.message.cmp(&b.message))
    });
    report.required = required_fields(present, &report.findings);
    let mut compliance_deduction = 0.0;
    let mut optimization_deduction = 0.0;
    let mut category_deduction = 0.0;
    let mut total = 0.0;
    let mut perf_total = 0.0;
    let mut comp_total = 0.0;
    let mut worst_compliance: Option<Severity> = None;
    let mut worst_performance: Option<Severity> = None;
    let mut any_compliance = false;
    for f in &report.findings {
        total += f.revenue_impact;
        match f.kind {
            RuleKind::Compliance => {
                any_compliance = true;
                compliance_deduction += compliance_weight(f.severity);
                comp_total += f.revenue_impact;
                worst_compliance = worst_compliance.max(Some(f.severity));
            }
            RuleKind::Performance => {
                optimization_deduction += optimization_weight(f.severity);
                perf_total += f.revenue_impact;
                worst_performance = worst_performance.max(Some(f.severity));
            }
        }
        if f.group == Group::Category {
            category_deduction += match f.kind {
                RuleKind::Compliance => compliance_weight(f.severity),
                RuleKind::Performance => optimization_weight(f.severity),
            };
        }
    }
    report.compliance_percentage = if report.compliance_zeroed {
        0.0
    } else {
        (100.0 - compliance_deduction).max(0.0)
    };
    report.status = if report.compliance_zeroed {
        ComplianceStatus::NonCompliant
    } else if !any_compliance {
        ComplianceStatus::FullyCompliant
    } else if worst_compliance == Some(Severity::Critical) || report.compliance_percentage <= 0.0 {
        ComplianceStatus::NonCompliant
    } else {
        ComplianceStatus::PartiallyCompliant
    };
    report.optimization_score =
        (100.0 - optimization_deduction - COMPLIANCE_SHARE_IN_OPTIMIZATION * compliance_deduction)
            .clamp(0.0, 100.0);
    report.category_score = (100.0 - category_deduction).max(0.0);
    report.priority = match (worst_compliance, worst_performance) {
        _ if report.gtin_issue => Severity::Critical,
        (Some(c), _) => c,
        (None, Some(pf)) => pf.min(Severity::Medium),
        (None, None) => Severity::Low,
    };
    report.total_revenue_impact = round_cents(total);
    report.optimization_revenue_impact = round_cents(perf_total);
    report.compliance_revenue_impact = round_cents(comp_total);
}

/// The seven fields of requiredFieldsCheck, in the order of [`RequiredFields`]; bit `i` of a
/// [`Present`] or of [`required_fields`]' invalid set stands for `REQUIRED[i]`.
const REQUIRED: [&str; 7] = [
    "title",
    "description",
    "price",
    "link",
    "image_link",
    "availability",
    "condition",
];

/// The required fields a product has (present and not blank), one bit per [`REQUIRED`] field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Present(u8);

impl Present {
    /// Looked up in the product: seven attribute look-ups. Always inlined, so that each literal
    /// name's look-up folds to a constant bucket (`Product::position`).
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "a literal name folds to a constant bucket (see Product::position)"
    )]
    fn of(p: &Product) -> Self {
        let has = |v: Option<&str>, bit: u8| if v.is_some() { 1 << bit } else { 0 };
        Self(
            has(p.get_nonblank("title"), 0)
                | has(p.get_nonblank("description"), 1)
                | has(p.get_nonblank("price"), 2)
                | has(p.get_nonblank("link"), 3)
                | has(p.get_nonblank("image_link"), 4)
                | has(p.get_nonblank("availability"), 5)
                | has(p.get_nonblank("condition"), 6),
        )
    }

    /// [`Self::of`], reading what the rule context already looked up: `title` and `description`
    /// (`RuleCtx::title` is `text(p, "title")`), `price` (given when it parsed or failed to,
    /// `parse_given`), `link` and `image_link` (`RuleCtx::link_given`, `image_link_given`). Five
    /// look-ups fewer per product (a test holds it to [`Self::of`]).
    #[inline(always)]
    #[allow(
        clippy::inline_always,
        reason = "a literal name folds to a constant bucket (see Product::position)"
    )]
    fn in_context(p: &Product, ctx: &RuleCtx) -> Self {
        let has = |given: bool, bit: u8| if given { 1 << bit } else { 0 };
        let present = Self(
            has(ctx.title.is_some(), 0)
                | has(ctx.description.is_some(), 1)
                | has(ctx.price.is_some() || ctx.price_error.is_some(), 2)
                | has(ctx.link_given, 3)
                | has(ctx.image_link_given, 4)
                | has(p.get_nonblank("availability").is_some(), 5)
                | has(p.get_nonblank("condition").is_some(), 6),
        );
        debug_assert_eq!(present, Self::of(p));
        present
    }
}

/// requiredFieldsCheck: a field is missing when the product does not have it, invalid when a
/// compliance finding of medium severity or above names it. One pass over the findings marks
/// the invalid fields; before, each of the seven fields walked the findings and compared every
/// finding's field with its name. With [`Present::in_context`]: −152 instructions a CSV row
/// (callgrind, validate, the bench's 20k rows, main thread: 857.70M → 854.65M; `finish` was
/// 12.45M inclusive; docs/performance.md).
fn required_fields(present: Present, findings: &[Finding]) -> RequiredFields {
    let mut invalid = 0u8;
    for f in findings {
        if f.kind == RuleKind::Compliance && f.severity >= Severity::Medium {
            if let Some(i) = REQUIRED.iter().position(|r| *r == f.field) {
                invalid |= 1 << i;
            }
        }
    }
    let status = |i: usize| {
        if present.0 & (1 << i) == 0 {
            RequiredFieldStatus::Missing
        } else if invalid & (1 << i) != 0 {
            RequiredFieldStatus::Invalid
        } else {
            RequiredFieldStatus::Compliant
        }
    };
    RequiredFields {
        title: status(0),
        description: status(1),
        price: status(2),
        link: status(3),
        image_link: status(4),
        availability: status(5),
        condition: status(6),
    }
}

/// Sequential state of the feed-level rules: one 64-bit hash plus line per id and per GTIN,
/// never the products themselves, in memory that does not grow with the feed (the latest keys in
/// memory, older ones in temporary files: [`crate::store::spill`]).
#[derive(Debug)]
pub struct FeedState {
    memory: FeedMemory,
}

impl FeedState {
    /// How many ids and GTINs the feed-wide rules remember so far.
    #[must_use]
    pub fn remembered(&self) -> usize {
        self.memory.len()
    }

    /// Applies the feed-level rules to `p` (whose per-product report is `report`), in input
    /// order, then recomputes the report's scores. Call once per product, in input order.
    /// Returns whether the report changed (a feed-level rule fired): when it did not, anything
    /// rendered from the report before still stands.
    pub fn apply(&mut self, engine: &Engine, p: &Product, report: &mut ProductReport) -> bool {
        if engine.feed_rules.is_empty() {
            return false;
        }
        // A report checked by an engine without feed-level rules has no keys.
        let keys = report.feed_keys.unwrap_or_else(|| FeedKeys::of(p));
        self.apply_at(engine, p, &p.location.file, p.location.line, keys, report)
    }

    /// [`Self::apply`] with what it reads of the product and its report given: its file, line
    /// and [`FeedKeys`]. Unless a feed-level rule fires, neither `p` nor `report` is read, so a
    /// thread other than the one that checked the product applies the rules without its memory
    /// crossing between the cores (`cli::validate`'s parts).
    pub fn apply_at(
        &mut self,
        engine: &Engine,
        p: &Product,
        file: &std::sync::Arc<str>,
        line: u64,
        keys: FeedKeys,
        report: &mut ProductReport,
    ) -> bool {
        match self.hits_at(engine, p, file, line, keys) {
            Some(hits) => {
                hits.add_to(report);
                true
            }
            None => false,
        }
    }

    /// The first half of [`Self::apply_at`], which needs no report: applies the feed-level rules
    /// to the product, reading `p` only when one fires, and gives what they found, if anything,
    /// to add to its report ([`FeedHits::add_to`]). A caller that has freed the product's report
    /// makes it again only then (`cli::validate`'s parts).
    pub fn hits_at<'e>(
        &mut self,
        engine: &'e Engine,
        p: &Product,
        file: &std::sync::Arc<str>,
        line: u64,
        keys: FeedKeys,
    ) -> Option<FeedHits<'e>> {
        if engine.feed_rules.is_empty() {
            return None;
        }
        let mut found = Vec::new();
        let mut hits = Vec::new();
        self.memory.enter(file, line);
        for active in &engine.feed_rules {
            if let Check::Feed(check) = active.rule.check {
                check(p, line, keys, &mut self.memory, &mut hits);
                if !hits.is_empty() {
                    found.push((active, std::mem::take(&mut hits)));
                }
            }
        }
        (!found.is_empty()).then_some(FeedHits { line, found })
    }
}

/// What the feed-level rules found for one product ([`FeedState::hits_at`]), rule by rule.
pub struct FeedHits<'e> {
    line: u64,
    found: Vec<(&'e Active, Vec<Hit>)>,
}

impl FeedHits<'_> {
    /// Adds the findings to the product's report and recomputes its scores.
    pub fn add_to(mut self, report: &mut ProductReport) {
        for (active, hits) in &mut self.found {
            if active.rule.zeroes_compliance {
                report.compliance_zeroed = true;
            }
            if active.rule.gtin_issue {
                report.gtin_issue = true;
            }
            push_findings(
                &mut report.findings,
                hits,
                active,
                self.line,
                report.category,
                report.price_amount,
            );
        }
        let present = report.present;
        finish(report, present);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::product_from_pairs;

    /// The state that grows with the feed belongs to these two rules only (README "Memory",
    /// docs/performance.md); ignoring them (`[rules] ignore` in feedlint.toml) keeps none.
    #[test]
    fn only_the_two_duplicate_rules_remember_the_feed() {
        let feed_wide: Vec<&str> = registry()
            .iter()
            .filter(|r| matches!(r.check, Check::Feed(_)))
            .map(|r| r.code)
            .collect();
        assert_eq!(
            feed_wide,
            ["FL-I004", "FL-I015"],
            "update README \"Memory\""
        );
        let run = |ignore: Vec<String>| {
            let engine = Engine::new(EngineOptions {
                ignore,
                ..EngineOptions::default()
            });
            let mut state = engine.feed_state();
            for i in 0..500 {
                let id = format!("SKU-{i}");
                let gtin = format!("{:013}", 4_006_381_000_000_u64 + i);
                let p = product_from_pairs(&[("id", id.as_str()), ("gtin", gtin.as_str())]);
                let mut report = engine.check(&p);
                state.apply(&engine, &p, &mut report);
            }
            state.remembered()
        };
        assert_eq!(run(Vec::new()), 1000);
        assert_eq!(run(vec!["FL-I004".into(), "FL-I015".into()]), 0);
    }

    /// The keys the feed-level rules look up come with the report, worked out where the
    /// product was checked, and only when a feed-level rule is enabled; a duplicate found with
    /// them names the id and GTIN as written (trimmed id, GTIN with its leading zeros).
    #[test]
    fn reports_carry_the_keys_of_the_feed_level_rules() {
        let engine = Engine::new(EngineOptions::default());
        let first = product_from_pairs(&[("id", " SKU-1 "), ("gtin", "4006381333931")]);
        let r = engine.check(&first);
        assert_eq!(r.feed_keys, Some(FeedKeys::of(&first)));
        let without = Engine::new(EngineOptions {
            ignore: vec!["FL-I004".into(), "FL-I015".into()],
            ..EngineOptions::default()
        });
        assert_eq!(without.check(&first).feed_keys, None);

        let mut state = engine.feed_state();
        let mut r = engine.check(&first);
        assert!(!state.apply(&engine, &first, &mut r));
        let again = product_from_pairs(&[("id", "SKU-1"), ("gtin", "04006381333931")]);
        let mut r = engine.check(&again);
        assert!(state.apply(&engine, &again, &mut r));
        let messages: Vec<&str> = r
            .findings
            .iter()
            .filter(|f| matches!(f.code, "FL-I004" | "FL-I015"))
            .map(|f| f.message.as_str())
            .collect();
        assert_eq!(
            messages,
            ["id \"SKU-1\" was already used by the product at line 1"],
            "the same id and GTIN: a duplicate id, not a duplicate GTIN"
        );
        let other = product_from_pairs(&[("id", "SKU-2"), ("gtin", "04006381333931")]);
        let mut r = engine.check(&other);
        assert!(state.apply(&engine, &other, &mut r));
        assert!(
            r.findings.iter().any(|f| f.code == "FL-I015"
                && f.message == "gtin 04006381333931 is also used by the product at line 1"),
            "{:?}",
            r.findings
        );
    }

    /// One state over two input files (`batch a.csv b.csv`): a duplicate whose first use was in
    /// the other file names it; one in the same file keeps the message of a one-file run.
    #[test]
    fn a_duplicate_of_a_product_in_another_file_names_that_file() {
        let engine = Engine::new(EngineOptions::default());
        let mut state = engine.feed_state();
        let in_file = |file: &std::sync::Arc<str>, line, id: &str, gtin: &str| {
            let mut p = product_from_pairs(&[("id", id), ("gtin", gtin)]);
            p.location = crate::model::SourceLocation::new(std::sync::Arc::clone(file), line, 0);
            p
        };
        let messages = |r: &ProductReport| -> Vec<String> {
            r.findings
                .iter()
                .filter(|f| matches!(f.code, "FL-I004" | "FL-I015"))
                .map(|f| f.message.clone())
                .collect()
        };
        let (a, b) = (std::sync::Arc::from("a.csv"), std::sync::Arc::from("b.csv"));
        for p in [
            in_file(&a, 2, "SKU-1", "04006381333931"),
            in_file(&a, 3, "SKU-2", "4012345678901"),
            in_file(&b, 2, "SKU-3", "0012345678905"),
        ] {
            let mut r = engine.check(&p);
            assert!(!state.apply(&engine, &p, &mut r), "{p:?}");
        }
        let p = in_file(&b, 3, "SKU-2", "04006381333931");
        let mut r = engine.check(&p);
        assert!(state.apply(&engine, &p, &mut r));
        assert_eq!(
            messages(&r),
            [
                "id \"SKU-2\" was already used by the product at a.csv:3",
                "gtin 04006381333931 is also used by the product at a.csv:2",
            ]
        );
        let p = in_file(&b, 4, "SKU-3", "");
        let mut r = engine.check(&p);
        assert!(state.apply(&engine, &p, &mut r));
        assert_eq!(
            messages(&r),
            ["id \"SKU-3\" was already used by the product at line 2"]
        );
    }

    fn good() -> Product {
        product_from_pairs(crate::rules::tests::COMPLETE_APPAREL)
    }

    #[test]
    fn clean_product_is_fully_compliant() {
        let r = Engine::new(EngineOptions::default()).check(&good());
        let codes: Vec<_> = r.findings.iter().map(|f| f.code).collect();
        assert!(r.compliance_findings().next().is_none(), "{codes:?}");
        assert_eq!(r.status, ComplianceStatus::FullyCompliant);
        assert!((r.compliance_percentage - 100.0).abs() < 1e-9);
        assert_eq!(r.category, Some(Category::Apparel));
        assert!(r.is_valid());
    }

    #[test]
    fn critical_finding_makes_product_non_compliant_with_critical_priority() {
        let mut p = good();
        p.set("price", "");
        let r = Engine::new(EngineOptions::default()).check(&p);
        assert_eq!(r.status, ComplianceStatus::NonCompliant);
        assert_eq!(r.priority, Severity::Critical);
        assert_eq!(r.required.price, RequiredFieldStatus::Missing);
        assert!(!r.is_valid());
        assert!(r.total_revenue_impact > 0.0);
    }

    /// Spec 2.5: GTIN issues are always prioritised as critical, even a performance finding on
    /// an otherwise compliant product; the finding keeps its severity and the status stays.
    #[test]
    fn a_gtin_issue_makes_the_priority_critical_and_nothing_else() {
        let engine = Engine::new(EngineOptions::default());
        assert_eq!(engine.check(&good()).priority, Severity::Low);
        let mut p = good();
        p.set("gtin", "0012345678905");
        let r = engine.check(&p);
        let codes: Vec<_> = r.findings.iter().map(|f| (f.code, f.severity)).collect();
        assert!(codes.contains(&("FL-I108", Severity::High)), "{codes:?}");
        assert!(r.compliance_findings().next().is_none(), "{codes:?}");
        assert_eq!(r.status, ComplianceStatus::FullyCompliant);
        assert_eq!(r.priority, Severity::Critical);
        // A performance finding that is not about a GTIN is capped at medium, as before.
        let mut p = good();
        p.set(
            "title",
            "Organic cotton crew neck t-shirt for men in navy blue, FREE SHIPPING",
        );
        let r = engine.check(&p);
        assert!(r.findings.iter().all(|f| f.field != "gtin"));
        assert!(r.priority <= Severity::High, "{:?}", r.priority);
    }

    /// The rules marked as GTIN issues are the ones about the gtin attribute's value, its
    /// duplicates and its absence where the category requires one; no other.
    #[test]
    fn gtin_issue_rules_are_the_gtin_ones() {
        let marked: Vec<&str> = crate::rules::registry()
            .iter()
            .filter(|r| r.gtin_issue)
            .map(|r| r.code)
            .collect();
        let mut expected: Vec<String> = (100..=111).map(|n| format!("FL-I{n}")).collect();
        expected.extend(["FL-I015".to_owned(), "FL-K006".to_owned()]);
        let mut marked_sorted: Vec<String> = marked.iter().map(|c| (*c).to_owned()).collect();
        marked_sorted.sort();
        expected.sort();
        assert_eq!(marked_sorted, expected);
        for r in crate::rules::registry().iter().filter(|r| r.gtin_issue) {
            assert!(r.fields.contains(&"gtin"), "{}", r.code);
        }
    }

    #[test]
    fn required_fields_check_says_missing_invalid_or_compliant_per_field() {
        let mut p = good();
        p.set("price", "");
        p.set("link", "not a url");
        let r = Engine::new(EngineOptions::default()).check(&p);
        let RequiredFields {
            title,
            description,
            price,
            link,
            image_link,
            availability,
            condition,
        } = r.required;
        assert_eq!(price, RequiredFieldStatus::Missing);
        assert_eq!(link, RequiredFieldStatus::Invalid);
        for status in [title, description, image_link, availability, condition] {
            assert_eq!(status, RequiredFieldStatus::Compliant);
        }
    }

    #[test]
    fn ignore_and_select_and_severity_override() {
        let mut p = good();
        p.set("title", "Short");
        let e = Engine::new(EngineOptions {
            ignore: vec!["FL-C003".into()],
            ..EngineOptions::default()
        });
        assert!(e.check(&p).findings.iter().all(|f| f.code != "FL-C003"));
        let e = Engine::new(EngineOptions {
            select: vec!["content".into()],
            severity_overrides: vec![("FL-C003".into(), Severity::Critical)],
            ..EngineOptions::default()
        });
        let r = e.check(&p);
        assert!(r.findings.iter().all(|f| f.group == Group::Content));
        let f = r.findings.iter().find(|f| f.code == "FL-C003").unwrap();
        assert_eq!(f.severity, Severity::Critical);
        // An override names the rule by its code in any case, or by its name.
        let name = super::super::find("FL-C003").unwrap().name;
        for key in ["fl-c003", name] {
            let e = Engine::new(EngineOptions {
                severity_overrides: vec![(key.into(), Severity::Low)],
                ..EngineOptions::default()
            });
            let r = e.check(&p);
            let f = r.findings.iter().find(|f| f.code == "FL-C003").unwrap();
            assert_eq!(f.severity, Severity::Low, "{key}");
        }
    }

    #[test]
    fn category_override_turns_on_category_rules() {
        let p = product_from_pairs(&[("title", "Plain thing with no category words at all")]);
        let e = Engine::new(EngineOptions {
            category_override: Some(Category::Apparel),
            ..EngineOptions::default()
        });
        let r = e.check(&p);
        assert!(r.findings.iter().any(|f| f.name == "apparel-color-missing"));
        let r = Engine::new(EngineOptions::default()).check(&p);
        assert!(r.findings.iter().all(|f| f.name != "apparel-color-missing"));
    }

    #[test]
    fn feed_state_flags_duplicate_ids_in_input_order() {
        let e = Engine::new(EngineOptions::default());
        let mut st = e.feed_state();
        let p = good();
        let mut r1 = e.check(&p);
        st.apply(&e, &p, &mut r1);
        let mut r2 = e.check(&p);
        st.apply(&e, &p, &mut r2);
        assert!(r1.findings.iter().all(|f| f.name != "duplicate-id"));
        assert!(r2.findings.iter().any(|f| f.name == "duplicate-id"));
        assert_eq!(r2.status, ComplianceStatus::NonCompliant);
    }

    #[test]
    fn zeroes_compliance_hook_sets_zero_percent() {
        let mut r = Engine::new(EngineOptions::default()).check(&good());
        r.compliance_zeroed = true;
        finish(&mut r, Present::of(&good()));
        assert!(r.compliance_percentage.abs() < 1e-9);
    }

    /// [`Present::in_context`] (five fields read from the rule context) agrees with the seven
    /// look-ups of [`Present::of`]: given, blank, whitespace-only, unparsable and absent values.
    #[test]
    fn present_in_context_is_present_of_the_product() {
        let mut products = vec![good(), Product::default()];
        for field in REQUIRED {
            for value in [
                "",
                "   ",
                "\t\u{a0}",
                "x",
                " not a price ",
                "12.00 USD",
                "https://a.b/c",
            ] {
                let pairs: Vec<(&str, &str)> = crate::rules::tests::COMPLETE_APPAREL
                    .iter()
                    .copied()
                    .filter(|(k, _)| *k != field)
                    .chain([(field, value)])
                    .collect();
                products.push(product_from_pairs(&pairs));
            }
            let without: Vec<(&str, &str)> = crate::rules::tests::COMPLETE_APPAREL
                .iter()
                .copied()
                .filter(|(k, _)| *k != field)
                .collect();
            products.push(product_from_pairs(&without));
        }
        for p in &products {
            let ctx = RuleCtx::with_category(p, None, 0.0);
            assert_eq!(Present::in_context(p, &ctx), Present::of(p), "{p:?}");
        }
    }

    /// The requiredFieldsCheck status of one field as it was worked out before [`required_fields`]
    /// made one pass over the findings: the reference of the proptest below.
    fn required_status_before(
        present: bool,
        findings: &[Finding],
        field: &str,
    ) -> RequiredFieldStatus {
        if !present {
            RequiredFieldStatus::Missing
        } else if findings.iter().any(|f| {
            f.kind == RuleKind::Compliance && f.field == field && f.severity >= Severity::Medium
        }) {
            RequiredFieldStatus::Invalid
        } else {
            RequiredFieldStatus::Compliant
        }
    }

    proptest::proptest! {
        /// One pass over the findings gives what seven passes gave, for any present fields and
        /// findings of any kind, severity and field (required ones, others, near misses).
        #[test]
        fn required_fields_is_seven_passes_in_one(
            present in 0u8..128,
            found in proptest::collection::vec((0usize..12, 0usize..4, proptest::bool::ANY), 0..8),
        ) {
            const FIELDS: [&str; 12] = [
                "title", "description", "price", "link", "image_link", "availability",
                "condition", "gtin", "id", "Title", "image_link ", "sale_price",
            ];
            let findings: Vec<Finding> = found
                .iter()
                .map(|&(field, severity, compliance)| Finding {
                    code: "FL-X000",
                    name: "x",
                    group: Group::Content,
                    severity: Severity::ALL[severity],
                    kind: if compliance { RuleKind::Compliance } else { RuleKind::Performance },
                    field: FIELDS[field],
                    message: String::new(),
                    fix: "",
                    revenue_impact: 0.0,
                    line: 1,
                })
                .collect();
            let got = required_fields(Present(present), &findings);
            let want = |i: usize| required_status_before(present & (1 << i) != 0, &findings, REQUIRED[i]);
            proptest::prop_assert_eq!(
                got,
                RequiredFields {
                    title: want(0),
                    description: want(1),
                    price: want(2),
                    link: want(3),
                    image_link: want(4),
                    availability: want(5),
                    condition: want(6),
                }
            );
        }
    }

    #[test]
    fn engine_is_send_and_sync() {
        fn assert_both<T: Send + Sync>() {}
        assert_both::<Engine>();
    }
}
