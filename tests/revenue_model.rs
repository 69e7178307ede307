//! The revenue impact model through the library API: the worked example of docs/revenue-model.md,
//! the model's properties (proptest), currency grouping, options, and the three emitters (JSON
//! checked against tests/schemas/revenue-response.schema.json, table and CSV snapshotted).

#![allow(
    clippy::float_cmp,
    reason = "amounts are whole cents divided by 100, computed the same way on both sides"
)]

use feedlint::catalog::Category;
use feedlint::model::{CurrentPerformance, Severity};
use feedlint::report::revenue::{
    CSV_HEADER, CsvEmitter, JsonStream, write_csv, write_json, write_table,
};
use feedlint::revenue::{
    AnalysisType, Analyzer, Issue, Options, ProductInput, ProductResult, RevenueSummary, RiskLevel,
    Timeframe, analyze,
};
use proptest::prelude::*;
use serde_json::{Value, json};

const DOC: &str = include_str!("../docs/revenue-model.md");
const SCHEMA: &str = include_str!("schemas/revenue-response.schema.json");

fn cents(v: f64) -> i64 {
    feedlint::revenue::model::to_cents(v)
}

fn issue(severity: Severity, compliance: bool, gtin: bool) -> Issue {
    Issue {
        severity,
        gtin,
        compliance,
    }
}

fn product(
    id: &str,
    price: Option<f64>,
    currency: &str,
    category: Option<Category>,
) -> ProductInput {
    ProductInput {
        product_id: id.to_owned(),
        title: format!("Title of {id}"),
        price,
        currency: Some(currency.to_owned()),
        category,
        ..ProductInput::default()
    }
}

fn meta() -> Value {
    json!({
        "requestId": "req_fixed",
        "timestamp": "2026-01-01T00:00:00Z",
        "processingTime": 1,
        "apiVersion": "2.0.0",
        "endpoint": "/api/v2/revenue/impact",
        "method": "POST",
        "tier": "test",
        "usage": {"monthly": 3, "limit": 1000, "remaining": 997}
    })
}

/// The fixed feed of the snapshots: two currencies, a product without a price, a formula title.
fn fixture() -> Vec<ProductInput> {
    let mut feed = Vec::new();
    let mut headphones = product("SKU-1001", Some(149.99), "USD", Some(Category::Electronics));
    headphones.title = "Wireless Noise-Cancelling Headphones".into();
    headphones.issues = vec![
        issue(Severity::Critical, true, true),
        issue(Severity::High, true, false),
        issue(Severity::Medium, false, false),
    ];
    feed.push(headphones);
    let mut case = product("CASE-7", Some(9.99), "USD", Some(Category::Electronics));
    case.title = "Slim Phone Case".into();
    case.issues = vec![
        issue(Severity::High, true, false),
        issue(Severity::Low, false, false),
    ];
    case.performance = Some(CurrentPerformance {
        click_through_rate: Some(0.5),
        conversion_rate: Some(2.0),
        monthly_revenue: Some(120.0),
    });
    feed.push(case);
    let mut formula = product("=CMD", Some(45.0), "EUR", Some(Category::HomeGarden));
    formula.title = "=HYPERLINK(\"http://evil\",\"click\")".into();
    formula.issues = vec![issue(Severity::Medium, true, false)];
    feed.push(formula);
    let mut tent = product("TENT-2", None, "USD", Some(Category::SportingGoods));
    tent.title = "Two-person tent, \"ultralight\"".into();
    tent.issues = vec![
        issue(Severity::Low, false, false),
        issue(Severity::Low, false, true),
    ];
    feed.push(tent);
    feed.push(product("MUG-1", Some(12.0), "USD", None));
    feed
}

// ---------------------------------------------------------------------------------------------
// The worked example of docs/revenue-model.md §10, parsed from its fenced block.

fn parse_issue(text: &str) -> Issue {
    let mut parts = text.trim().split('/');
    let severity = Severity::parse(parts.next().unwrap_or("")).expect("severity");
    let kind = parts.next().expect("compliance|performance");
    let gtin = parts.next() == Some("gtin");
    issue(severity, kind == "compliance", gtin)
}

fn parse_input(line: &str) -> ProductInput {
    let f: Vec<&str> = line.split('|').map(str::trim).collect();
    assert_eq!(f.len(), 7, "input line: {line}");
    let mut p = product(
        f[0],
        Some(f[2].parse().expect("price")),
        f[3],
        Category::from_key(f[4]),
    );
    f[1].clone_into(&mut p.title);
    if f[5] != "-" {
        p.performance = Some(CurrentPerformance {
            monthly_revenue: Some(f[5].parse().expect("monthlyRevenue")),
            ..CurrentPerformance::default()
        });
    }
    p.issues = f[6].split(',').map(parse_issue).collect();
    p
}

fn total_field(summary: &RevenueSummary, field: &str) -> String {
    let ra = serde_json::to_value(&summary.revenue_analysis).expect("json");
    let bi = serde_json::to_value(&summary.business_intelligence).expect("json");
    let v = match field {
        "validation" | "optimization" | "gtin" | "category" => &ra["impactBreakdown"][field],
        "complianceViolationCost" | "complianceROI" => &ra["complianceRisk"][field],
        "totalOpportunityValue" | "estimatedROI" | "paybackPeriod" => {
            &ra["optimizationOpportunity"][field]
        }
        "expectedMonthlyGain" | "riskLevel" => &bi[field],
        _ => &ra[field],
    };
    match v {
        Value::String(s) => s.clone(),
        Value::Number(n) if n.is_f64() => format!("{:.2}", n.as_f64().unwrap_or(f64::NAN)),
        other => other.to_string(),
    }
}

fn product_field(r: &ProductResult, field: &str) -> String {
    match serde_json::to_value(r).expect("json").get(field) {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => format!("{:.2}", n.as_f64().unwrap_or(f64::NAN)),
        other => panic!("no field {field}: {other:?}"),
    }
}

#[test]
fn worked_example_in_docs_matches_the_code() {
    let start = DOC
        .find("```revenue-example\n")
        .expect("the doc has a revenue-example block");
    let block = &DOC[start + "```revenue-example\n".len()..];
    let block = &block[..block.find("```").expect("the block is closed")];
    let inputs: Vec<ProductInput> = block
        .lines()
        .filter_map(|l| l.strip_prefix("input "))
        .map(parse_input)
        .collect();
    assert_eq!(inputs.len(), 2);
    let (results, summary) = analyze(&inputs, &Options::default());
    let mut checked = 0;
    for line in block.lines().filter_map(|l| l.strip_prefix("expect ")) {
        let mut parts = line.splitn(3, ' ');
        let (subject, field, expected) = (
            parts.next().expect("subject"),
            parts.next().expect("field"),
            parts.next().expect("value"),
        );
        let actual = if subject == "total" {
            total_field(&summary, field)
        } else {
            let r = results
                .iter()
                .find(|r| r.product_id == subject)
                .expect("known product");
            product_field(r, field)
        };
        assert_eq!(actual, expected, "{subject} {field}");
        checked += 1;
    }
    assert!(checked >= 20, "the example checks {checked} numbers");
}

// ---------------------------------------------------------------------------------------------
// Properties.

fn severity_strategy() -> impl Strategy<Value = Severity> {
    prop_oneof![
        Just(Severity::Low),
        Just(Severity::Medium),
        Just(Severity::High),
        Just(Severity::Critical)
    ]
}

fn issue_strategy() -> impl Strategy<Value = Issue> {
    (severity_strategy(), any::<bool>(), any::<bool>())
        .prop_map(|(severity, compliance, gtin)| issue(severity, compliance, gtin))
}

fn category_strategy() -> impl Strategy<Value = Option<Category>> {
    prop_oneof![Just(None), (0..6usize).prop_map(|i| Some(Category::ALL[i]))]
}

prop_compose! {
    fn product_strategy()(
        id in "[A-Z]{2}[0-9]{1,4}",
        cents in proptest::option::of(1u32..300_000),
        currency in prop_oneof![Just("USD"), Just("EUR"), Just("GBP")],
        category in category_strategy(),
        issues in proptest::collection::vec(issue_strategy(), 0..6),
        monthly in proptest::option::of(0u32..2_000_000),
    ) -> ProductInput {
        let mut p = product(&id, cents.map(|c| f64::from(c) / 100.0), currency, category);
        p.issues = issues;
        p.performance = monthly.map(|m| CurrentPerformance {
            monthly_revenue: Some(f64::from(m) / 100.0),
            ..CurrentPerformance::default()
        });
        p
    }
}

fn one(p: &ProductInput) -> ProductResult {
    Analyzer::new(Options::default()).add(p)
}

proptest! {
    #[test]
    fn more_issues_never_lower_the_impact(p in product_strategy(), extra in issue_strategy()) {
        let before = one(&p);
        let mut more = p.clone();
        more.issues.push(extra);
        let after = one(&more);
        prop_assert!(after.figures.current_impact >= before.figures.current_impact);
        prop_assert!(after.figures.potential_gain >= before.figures.potential_gain);
        prop_assert!(after.priority_class >= before.priority_class);
        prop_assert!(after.risk_level >= before.risk_level);
    }

    #[test]
    fn severer_issues_never_lower_the_impact(p in product_strategy(), i in 0usize..6) {
        prop_assume!(!p.issues.is_empty());
        let i = i % p.issues.len();
        let mut severer = p.clone();
        severer.issues[i].severity = match p.issues[i].severity {
            Severity::Low => Severity::Medium,
            Severity::Medium => Severity::High,
            Severity::High | Severity::Critical => Severity::Critical,
        };
        let (before, after) = (one(&p), one(&severer));
        prop_assert!(after.figures.current_impact >= before.figures.current_impact);
        prop_assert!(after.figures.potential_gain >= before.figures.potential_gain);
        prop_assert!(after.risk_level >= before.risk_level);
    }

    #[test]
    fn a_product_without_issues_has_no_compliance_risk(mut p in product_strategy()) {
        p.issues.clear();
        let (results, summary) = analyze([&p], &Options::default());
        prop_assert_eq!(results[0].risk_level, RiskLevel::None);
        prop_assert_eq!(results[0].current_impact, 0.0);
        prop_assert_eq!(results[0].potential_gain, 0.0);
        let risk = &summary.revenue_analysis.compliance_risk;
        prop_assert_eq!(risk.risk_level, RiskLevel::None);
        prop_assert_eq!(risk.compliance_violation_cost, 0.0);
    }

    #[test]
    fn premium_tier_is_exactly_1_3x_the_same_product_below_100(
        p in product_strategy(),
        below in 1u32..10_000,
        premium in 10_000u32..100_000,
    ) {
        let mut lo = p.clone();
        lo.price = Some(f64::from(below) / 100.0);
        let mut hi = p;
        hi.price = Some(f64::from(premium) / 100.0);
        let issues = i64::try_from(lo.issues.len()).unwrap_or(i64::MAX);
        let (lo, hi) = (one(&lo).figures.current_impact, one(&hi).figures.current_impact);
        // Each issue is rounded to cents once (impact.rs), so 1.3x holds to within a cent per
        // issue; the unrounded sums are exactly 1.3x.
        prop_assert!((hi * 10 - lo * 13).abs() <= 13 * issues, "hi {hi} lo {lo}");
        if lo == 0 { prop_assert_eq!(hi, 0); }
    }

    #[test]
    fn totals_equal_the_sums_of_their_parts(
        products in proptest::collection::vec(product_strategy(), 0..40),
        timeframe in prop_oneof![Just(Timeframe::Monthly), Just(Timeframe::Quarterly), Just(Timeframe::Yearly)],
    ) {
        let options = Options { timeframe, ..Options::default() };
        let (results, summary) = analyze(&products, &options);
        let breakdown = summary.revenue_analysis.currency_breakdown.clone().unwrap_or_default();
        let mut total_products = 0;
        for (currency, block) in &breakdown {
            let mine: Vec<&ProductResult> = results.iter().filter(|r| &r.currency == currency).collect();
            total_products += mine.len();
            prop_assert_eq!(usize::try_from(block.total_products).ok(), Some(mine.len()));
            let sum = |f: fn(&ProductResult) -> f64| mine.iter().map(|r| cents(f(r))).sum::<i64>();
            prop_assert_eq!(cents(block.total_impact), sum(|r| r.current_impact));
            let b = &block.impact_breakdown;
            prop_assert_eq!(
                cents(b.validation) + cents(b.optimization) + cents(b.gtin) + cents(b.category),
                cents(block.total_impact)
            );
            let gain: i64 = mine.iter().map(|r| r.figures.potential_gain).sum();
            prop_assert_eq!(
                cents(block.optimization_opportunity.total_opportunity_value),
                gain * 15
            );
            prop_assert_eq!(
                usize::try_from(block.high_impact_products).ok(),
                Some(mine.iter().filter(|r| r.priority_class >= feedlint::revenue::Priority::High).count())
            );
            for r in &mine {
                prop_assert_eq!(cents(r.current_impact), cents(r.optimized_impact) + cents(r.potential_gain));
            }
        }
        prop_assert_eq!(total_products, results.len());
    }

    #[test]
    fn results_are_deterministic(products in proptest::collection::vec(product_strategy(), 0..30)) {
        let render = || {
            let (results, summary) = analyze(&products, &Options::default());
            let mut out = Vec::new();
            write_json(&mut out, &results, &summary, &meta()).expect("json");
            out
        };
        prop_assert_eq!(render(), render());
    }

    #[test]
    fn top_products_are_the_largest_gains_in_bounded_memory(
        products in proptest::collection::vec(product_strategy(), 0..80),
    ) {
        let options = Options { analysis_type: AnalysisType::Quick, ..Options::default() };
        let (results, summary) = analyze(&products, &options);
        let block = &summary.revenue_analysis;
        let mut expected: Vec<&ProductResult> = results
            .iter()
            .filter(|r| r.currency == block.currency && r.figures.potential_gain > 0)
            .collect();
        expected.sort_by(|a, b| b.figures.potential_gain.cmp(&a.figures.potential_gain).then(a.index.cmp(&b.index)));
        expected.truncate(3);
        let top = block.optimization_opportunity.priority_opportunities.clone().unwrap_or_default();
        let got: Vec<u64> = top.iter().map(|o| o.index).collect();
        let want: Vec<u64> = expected.iter().map(|r| r.index).collect();
        prop_assert_eq!(got, want);
    }
}

// ---------------------------------------------------------------------------------------------
// Currencies, missing prices and options.

#[test]
fn mixed_currencies_are_totalled_per_currency_and_never_added() {
    let mut usd = product("U1", Some(20.0), "USD", None);
    usd.issues = vec![issue(Severity::Critical, true, false)];
    let mut eur1 = product("E1", Some(20.0), "eur", None);
    eur1.issues = vec![issue(Severity::Low, true, false)];
    let mut eur2 = product("E2", Some(20.0), "EUR", None);
    eur2.issues = vec![issue(Severity::Low, false, false)];
    let (results, summary) = analyze([&usd, &eur1, &eur2], &Options::default());
    assert_eq!(results[1].currency, "EUR", "codes are upper-cased");
    let ra = &summary.revenue_analysis;
    // EUR has the most products, so it is the top level; USD is only in the breakdown.
    assert_eq!(ra.currency, "EUR");
    assert_eq!(ra.total_products, 2);
    assert!((ra.total_impact - 70.0).abs() < 1e-9);
    let breakdown = ra.currency_breakdown.as_ref().expect("breakdown");
    assert_eq!(breakdown.keys().collect::<Vec<_>>(), ["EUR", "USD"]);
    assert!((breakdown["USD"].total_impact - 50.0).abs() < 1e-9);
    assert!((breakdown["EUR"].total_impact - 70.0).abs() < 1e-9);
    assert_eq!(summary.business_intelligence.currency, "EUR");
    // No number anywhere is the 120.00 a currency-blind sum would give.
    let json = serde_json::to_string(&summary).expect("json");
    assert!(!json.contains("120.0"), "{json}");
    let opportunities = ra
        .optimization_opportunity
        .priority_opportunities
        .as_ref()
        .expect("on");
    assert!(opportunities.iter().all(|o| o.currency == "EUR"));
}

/// The compliance message's verb and nouns agree with its counts ("1 of 2 products has").
#[test]
fn the_compliance_message_agrees_with_its_counts() {
    let mut at_risk = product("A", Some(20.0), "USD", None);
    at_risk.issues = vec![issue(Severity::High, true, false)];
    let clean = product("B", Some(20.0), "USD", None);
    let message = |feed: &[&ProductInput]| {
        analyze(feed.iter().copied(), &Options::default())
            .1
            .revenue_analysis
            .compliance_risk
            .compliance_message
    };
    let starts = |m: String, start: &str| assert!(m.starts_with(start), "{m}");
    starts(
        message(&[&at_risk]),
        "1 of 1 product has compliance issues costing ",
    );
    starts(
        message(&[&at_risk, &clean]),
        "1 of 2 products has compliance issues costing ",
    );
    starts(
        message(&[&at_risk, &at_risk.clone(), &clean]),
        "2 of 3 products have compliance issues costing ",
    );
    starts(message(&[&clean]), "No compliance issues");
}

#[test]
fn currency_ties_go_to_the_currency_seen_first() {
    let a = product("A", Some(5.0), "GBP", None);
    let b = product("B", Some(5.0), "AUD", None);
    let (_, summary) = analyze([&a, &b], &Options::default());
    assert_eq!(summary.revenue_analysis.currency, "GBP");
}

#[test]
fn products_without_price_or_currency_are_analysed_uncapped_in_the_default_currency() {
    let mut p = product("NP", None, "USD", Some(Category::Apparel));
    p.currency = None;
    p.issues = vec![issue(Severity::Critical, true, false)];
    let options = Options {
        default_currency: "CAD".into(),
        ..Options::default()
    };
    let (results, summary) = analyze([&p], &options);
    let r = &results[0];
    assert_eq!(r.currency, "CAD");
    assert_eq!(r.base_revenue, 0.0);
    assert!((r.current_impact - 55.0).abs() < 1e-9);
    assert!(
        (r.potential_gain - 55.0).abs() < 1e-9,
        "no revenue to cap the gain by"
    );
    assert!(
        r.recommendations
            .iter()
            .any(|s| s.starts_with("Add a price"))
    );
    assert_eq!(summary.revenue_analysis.currency, "CAD");
}

#[test]
fn timeframe_scales_period_figures_but_not_monthly_gain_or_priority() {
    let feed = fixture();
    let (m_results, monthly) = analyze(&feed, &Options::default());
    let yearly_options = Options {
        timeframe: Timeframe::Yearly,
        ..Options::default()
    };
    let (y_results, yearly) = analyze(&feed, &yearly_options);
    for (m, y) in m_results.iter().zip(&y_results) {
        assert_eq!(cents(y.current_impact), cents(m.current_impact) * 12);
        assert_eq!(cents(y.base_revenue), cents(m.base_revenue) * 12);
        assert_eq!(y.priority, m.priority);
        assert_eq!(
            (m.timeframe, y.timeframe),
            (Timeframe::Monthly, Timeframe::Yearly)
        );
        // Recommendations quote the period's amount, in the same order.
        assert_eq!(y.recommendations.len(), m.recommendations.len());
        for (mr, yr) in m.recommendations.iter().zip(&y.recommendations) {
            let amount = |text: &str, suffix: &str| -> Option<i64> {
                let head = text.strip_suffix(suffix)?;
                let number = head.rsplit(' ').next()?;
                Some(cents(number.parse().ok()?))
            };
            let ending = format!(" {} per month", m.currency);
            if let Some(monthly_amount) = amount(mr, &ending) {
                let yearly_ending = format!(" {} per year", y.currency);
                assert_eq!(
                    amount(yr, &yearly_ending),
                    Some(monthly_amount * 12),
                    "{yr}"
                );
            } else {
                assert_eq!(yr, mr, "a recommendation without an amount is the same");
            }
        }
    }
    assert_eq!(monthly.revenue_analysis.timeframe, Timeframe::Monthly);
    assert_eq!(yearly.revenue_analysis.timeframe, Timeframe::Yearly);
    let json = serde_json::to_value(&yearly.revenue_analysis).unwrap();
    assert_eq!(json["timeframe"], "yearly");
    for block in json["currencyBreakdown"].as_object().unwrap().values() {
        assert_eq!(block["timeframe"], "yearly");
    }
    assert_eq!(
        cents(yearly.revenue_analysis.total_impact),
        cents(monthly.revenue_analysis.total_impact) * 12
    );
    assert_eq!(
        yearly.business_intelligence.expected_monthly_gain,
        monthly.business_intelligence.expected_monthly_gain
    );
    assert_eq!(
        yearly
            .revenue_analysis
            .optimization_opportunity
            .total_opportunity_value,
        monthly
            .revenue_analysis
            .optimization_opportunity
            .total_opportunity_value
    );
}

#[test]
fn time_horizon_scales_opportunity_value_and_roi() {
    let feed = fixture();
    let short = Options {
        time_horizon_months: 3,
        ..Options::default()
    };
    let (_, s3) = analyze(&feed, &short);
    let (_, s15) = analyze(&feed, &Options::default());
    let v = |s: &RevenueSummary| {
        cents(
            s.revenue_analysis
                .optimization_opportunity
                .total_opportunity_value,
        )
    };
    assert_eq!(v(&s3) * 5, v(&s15));
    assert!(s3.business_intelligence.roi < s15.business_intelligence.roi);
    assert_eq!(
        s3.business_intelligence.payback_period,
        s15.business_intelligence.payback_period
    );
}

#[test]
fn analysis_type_changes_depth_but_never_the_numbers() {
    let feed = fixture();
    let run = |analysis_type| {
        analyze(
            &feed,
            &Options {
                analysis_type,
                ..Options::default()
            },
        )
    };
    let (quick_r, quick) = run(AnalysisType::Quick);
    let (full_r, full) = run(AnalysisType::Comprehensive);
    assert!(quick_r.iter().all(|r| r.recommendations.len() == 1));
    assert!(
        full_r
            .iter()
            .any(|r| r.recommendations.len() > 3 || r.recommendations.len() > 1)
    );
    for (q, f) in quick_r.iter().zip(&full_r) {
        assert_eq!(q.current_impact, f.current_impact);
        assert_eq!(q.potential_gain, f.potential_gain);
        assert_eq!(q.recommendations[0], f.recommendations[0]);
    }
    assert_eq!(
        quick.revenue_analysis.total_impact,
        full.revenue_analysis.total_impact
    );
    assert_eq!(
        quick.business_intelligence.roi,
        full.business_intelligence.roi
    );
}

#[test]
fn switched_off_sections_are_left_out_of_the_json() {
    let options = Options {
        include_roi: false,
        include_priority: false,
        include_payback: false,
        ..Options::default()
    };
    let (results, summary) = analyze(&fixture(), &options);
    let mut out = Vec::new();
    write_json(&mut out, &results, &summary, &meta()).expect("json");
    let v: Value = serde_json::from_slice(&out).expect("valid json");
    let data = &v["data"];
    for absent in [
        &data["revenueAnalysis"]["complianceRisk"]["complianceROI"],
        &data["revenueAnalysis"]["optimizationOpportunity"]["estimatedROI"],
        &data["revenueAnalysis"]["optimizationOpportunity"]["paybackPeriod"],
        &data["revenueAnalysis"]["optimizationOpportunity"]["priorityOpportunities"],
        &data["businessIntelligence"]["roi"],
        &data["businessIntelligence"]["paybackPeriod"],
        &data["businessIntelligence"]["actionablePriorities"],
        &data["productResults"][0]["priority"],
    ] {
        assert!(absent.is_null(), "{absent}");
    }
    assert_schema_valid(&v);
}

#[test]
fn current_performance_replaces_base_revenue_and_flags_low_rates() {
    let (results, _) = analyze(&fixture(), &Options::default());
    let case = &results[1];
    assert!(
        (case.base_revenue - 120.0).abs() < 1e-9,
        "monthlyRevenue, not 9.99 × 10"
    );
    // 0.5 is read as a fraction (0.5 = 50%); 2.0 as a percentage (2%): neither is low.
    assert!(
        !case
            .recommendations
            .iter()
            .any(|r| r.contains("rate is under 1%"))
    );
    let mut low = fixture().remove(1);
    low.performance = Some(CurrentPerformance {
        click_through_rate: Some(0.004),
        conversion_rate: Some(0.005),
        monthly_revenue: None,
    });
    let r = Analyzer::new(Options {
        analysis_type: AnalysisType::Comprehensive,
        ..Options::default()
    })
    .add(&low);
    assert!(
        (r.base_revenue - 99.9).abs() < 1e-9,
        "falls back to price × 10 units"
    );
    assert!(
        r.recommendations
            .iter()
            .any(|s| s.starts_with("Click-through rate"))
    );
    assert!(
        r.recommendations
            .iter()
            .any(|s| s.starts_with("Conversion rate"))
    );
}

// ---------------------------------------------------------------------------------------------
// Emitters.

fn assert_schema_valid(instance: &Value) {
    let schema: Value = serde_json::from_str(SCHEMA).expect("schema is JSON");
    let validator = jsonschema::validator_for(&schema).expect("schema compiles");
    let errors: Vec<String> = validator
        .iter_errors(instance)
        .map(|e| format!("{} at {}", e, e.instance_path))
        .collect();
    assert!(errors.is_empty(), "schema errors: {errors:#?}");
}

#[test]
fn json_output_matches_the_2_6_schema() {
    for options in [
        Options::default(),
        Options {
            timeframe: Timeframe::Quarterly,
            analysis_type: AnalysisType::Comprehensive,
            ..Options::default()
        },
    ] {
        let (results, summary) = analyze(&fixture(), &options);
        let mut out = Vec::new();
        write_json(&mut out, &results, &summary, &meta()).expect("json");
        let v: Value = serde_json::from_slice(&out).expect("valid json");
        assert_schema_valid(&v);
        assert_eq!(
            v["data"]["productResults"].as_array().map(Vec::len),
            Some(5)
        );
        assert_eq!(v["meta"]["endpoint"], "/api/v2/revenue/impact");
    }
    let (results, summary) = analyze(&Vec::<ProductInput>::new(), &Options::default());
    let mut out = Vec::new();
    write_json(&mut out, &results, &summary, &meta()).expect("json");
    let v: Value = serde_json::from_slice(&out).expect("valid json");
    assert_eq!(v["data"]["revenueAnalysis"]["currencyBreakdown"], json!({}));
    assert_eq!(v["data"]["revenueAnalysis"]["currency"], "USD");
    assert_schema_valid(&v);
}

#[test]
fn the_schema_rejects_a_wrong_shape() {
    let (results, summary) = analyze(&fixture(), &Options::default());
    let mut v = serde_json::to_value(feedlint::revenue::RevenueResponse::new(
        &summary,
        &results,
        &meta(),
    ))
    .expect("json");
    let schema: Value = serde_json::from_str(SCHEMA).expect("schema");
    assert!(jsonschema::is_valid(&schema, &v));
    v["data"]["productResults"][0]["priority"] = json!("urgent");
    assert!(!jsonschema::is_valid(&schema, &v));
}

#[test]
fn streamed_json_equals_the_whole_response() {
    let options = Options::default();
    let feed = fixture();
    let mut analyzer = Analyzer::new(options.clone());
    let mut stream = JsonStream::start(Vec::new()).expect("start");
    for p in &feed {
        stream.product(&analyzer.add(p)).expect("product");
    }
    let summary = analyzer.finish();
    let streamed = stream.finish(&summary, &meta()).expect("finish");
    let streamed: Value = serde_json::from_slice(&streamed).expect("valid json");
    let (results, whole_summary) = analyze(&feed, &options);
    let mut whole = Vec::new();
    write_json(&mut whole, &results, &whole_summary, &meta()).expect("json");
    let whole: Value = serde_json::from_slice(&whole).expect("valid json");
    assert_eq!(streamed, whole);
    assert_schema_valid(&streamed);
}

fn table_for(feed: &[ProductInput], options: &Options) -> String {
    let (_, summary) = analyze(feed, options);
    let mut out = Vec::new();
    write_table(&mut out, &summary, options, None).expect("table");
    String::from_utf8(out).expect("utf-8")
}

#[test]
fn table_report_shows_totals_then_top_products() {
    let off = Options {
        include_priority: false,
        ..Options::default()
    };
    assert!(table_for(&fixture(), &off).ends_with("Priority assessment is off.\n"));
    let table = table_for(&fixture(), &Options::default());
    let totals = table.find("Total impact per month").expect("totals");
    let top = table.find("Largest potential gains").expect("top products");
    assert!(totals < top);
    insta::assert_snapshot!("revenue_table", table);
}

#[test]
fn csv_report_has_one_guarded_row_per_product() {
    let (results, _) = analyze(&fixture(), &Options::default());
    let mut out = Vec::new();
    write_csv(&mut out, &results).expect("csv");
    let text = String::from_utf8(out).expect("utf-8");
    insta::assert_snapshot!("revenue_csv", text);
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    assert_eq!(
        reader.headers().expect("header").iter().collect::<Vec<_>>(),
        CSV_HEADER
    );
    let rows: Vec<csv::StringRecord> = reader.records().collect::<Result<_, _>>().expect("rows");
    assert_eq!(rows.len(), results.len());
    for (row, r) in rows.iter().zip(&results) {
        for cell in row {
            assert!(
                !cell.starts_with(['=', '+', '-', '@']),
                "unguarded cell {cell}"
            );
        }
        let column = |name: &str| CSV_HEADER.iter().position(|h| *h == name).expect(name);
        assert_eq!(
            row[column("currentImpact")].parse::<f64>().ok(),
            Some(r.current_impact)
        );
        assert_eq!(&row[column("timeframe")], r.timeframe.as_str());
    }
    assert_eq!(&rows[2][0], "'=CMD");
    assert_eq!(&rows[2][1], "'=HYPERLINK(\"http://evil\",\"click\")");
}

#[test]
fn csv_emitter_streams_rows() {
    let mut analyzer = Analyzer::new(Options::default());
    let mut csv = CsvEmitter::new(Vec::new()).expect("header");
    for p in fixture() {
        csv.write(&analyzer.add(&p)).expect("row");
    }
    let out = csv.finish().expect("flush");
    assert_eq!(String::from_utf8(out).expect("utf-8").lines().count(), 6);
}
