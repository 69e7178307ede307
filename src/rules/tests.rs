//! Registry-wide tests: codes unique, sorted and well-formed; every rule documented; every
//! rule's fail vector fires and pass vector does not (one generic test over the registry).

use super::*;

fn well_formed(code: &str) -> bool {
    let b = code.as_bytes();
    b.len() == 7
        && code.starts_with("FL-")
        && matches!(b[3], b'C' | b'I' | b'K' | b'M' | b'P' | b'V')
        && b[4..].iter().all(u8::is_ascii_digit)
}

#[test]
fn codes_are_unique_sorted_and_well_formed() {
    let codes: Vec<&str> = registry().iter().map(|r| r.code).collect();
    for w in codes.windows(2) {
        assert!(
            w[0] < w[1],
            "registry not strictly sorted at {} / {}",
            w[0],
            w[1]
        );
    }
    for c in &codes {
        assert!(well_formed(c), "bad code {c}");
        let n: u32 = c[4..].parse().unwrap();
        if c.starts_with("FL-I") && n >= 100 {
            assert!(
                (100..=119).contains(&n),
                "{c}: identity codes from 100 must be GTIN rules in the reserved range"
            );
        }
    }
}

#[test]
fn names_are_unique_kebab_case() {
    let mut names: Vec<&str> = registry().iter().map(|r| r.name).collect();
    for n in &names {
        assert!(
            !n.is_empty()
                && n.bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
                && !n.starts_with('-')
                && !n.ends_with('-')
                && !n.contains("--"),
            "bad name {n}"
        );
    }
    names.sort_unstable();
    let before = names.len();
    names.dedup();
    assert_eq!(before, names.len(), "duplicate rule names");
}

#[test]
fn code_letter_matches_group() {
    for r in registry() {
        let expected = match r.group {
            Group::Content => 'C',
            Group::Identity => 'I',
            Group::Category => 'K',
            Group::Media => 'M',
            Group::Pricing => 'P',
            Group::Inventory => 'V',
        };
        assert_eq!(r.code.as_bytes()[3] as char, expected, "{}", r.code);
        if r.applies == Applies::InCategory {
            assert!(
                r.category.is_some(),
                "{} applies in a category but names none",
                r.code
            );
        }
    }
}

#[test]
fn every_rule_is_documented() {
    for r in registry() {
        for (part, text) in [
            ("what", r.what),
            ("why", r.why),
            ("example", r.example),
            ("fix", r.fix),
        ] {
            assert!(
                text.trim_fast().len() >= 10,
                "{} has no real `{part}` text",
                r.code
            );
        }
        assert!(
            !r.fields.is_empty() || r.code == "FL-C001",
            "{} lists no fields",
            r.code
        );
    }
}

#[test]
fn at_least_110_rules_and_every_group_covered() {
    assert!(registry().len() >= 110, "only {} rules", registry().len());
    for (g, n) in counts_by_group() {
        assert!(n >= 5, "group {} has only {n} rules", g.as_str());
    }
    for c in crate::catalog::Category::ALL {
        assert!(
            registry().iter().filter(|r| r.category == Some(c)).count() >= 3,
            "category {c} has fewer than 3 rules"
        );
    }
}

fn run(rule: &Rule, pairs: &[(&str, &str)]) -> Vec<Hit> {
    let p = product_from_pairs(pairs);
    let mut hits = Vec::new();
    match rule.check {
        Check::Product(f) => {
            let ctx = RuleCtx::for_product(&p, None);
            if rule.applies == Applies::InCategory {
                assert!(
                    ctx.category == rule.category && ctx.confidence >= CATEGORY_RULE_MIN_CONFIDENCE,
                    "{}: vector {pairs:?} is not detected as {:?}",
                    rule.code,
                    rule.category
                );
            }
            (f.one)(&p, &ctx, &mut hits);
            // The batch form (`product_check!`) finds the same in a batch of this product alone.
            let mut batch: Vec<(usize, Vec<Hit>)> = Vec::new();
            let prepared = [(detect_category(&p), RuleCtx::for_product(&p, None))];
            (f.batch)(
                &[&p],
                &prepared,
                OnlyIn::of(rule),
                &mut Vec::new(),
                &mut |i, h| {
                    batch.push((i, std::mem::take(h)));
                },
            );
            let expected: Vec<(usize, Vec<Hit>)> = if hits.is_empty() {
                Vec::new()
            } else {
                vec![(0, hits.clone())]
            };
            assert_eq!(batch, expected, "{}: the batch check differs", rule.code);
        }
        Check::Feed(f) => {
            let mut mem = FeedMemory::default();
            let seed = product_from_pairs(FEED_SEED);
            f(
                &seed,
                seed.location.line,
                FeedKeys::of(&seed),
                &mut mem,
                &mut Vec::new(),
            );
            f(&p, p.location.line, FeedKeys::of(&p), &mut mem, &mut hits);
        }
    }
    hits
}

#[test]
fn every_fail_vector_fires_and_every_pass_vector_does_not() {
    let mut problems = Vec::new();
    for r in registry() {
        assert!(!r.fail.is_empty(), "{} has no fail vector", r.code);
        assert!(!r.pass.is_empty(), "{} has no pass vector", r.code);
        let fired = run(r, r.fail);
        if fired.is_empty() {
            problems.push(format!(
                "{} ({}) did not fire on its fail vector",
                r.code, r.name
            ));
        }
        for h in &fired {
            assert!(
                !h.message.is_empty(),
                "{} produced an empty message",
                r.code
            );
        }
        let passed = run(r, r.pass);
        if !passed.is_empty() {
            problems.push(format!(
                "{} ({}) fired on its pass vector: {passed:?}",
                r.code, r.name
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn fail_vectors_fire_through_the_engine() {
    let engine = Engine::new(EngineOptions::default());
    for r in registry() {
        let p = product_from_pairs(r.fail);
        let mut report = engine.check(&p);
        if matches!(r.check, Check::Feed(_)) {
            let mut st = engine.feed_state();
            let seed = product_from_pairs(FEED_SEED);
            let mut seed_report = engine.check(&seed);
            st.apply(&engine, &seed, &mut seed_report);
            st.apply(&engine, &p, &mut report);
        }
        assert!(
            report.findings.iter().any(|f| f.code == r.code),
            "{} did not fire through the engine",
            r.code
        );
    }
}

/// Counts in messages read in the singular where they are one ("1 character", "1 of the 3
/// shipping dimensions is given").
#[test]
fn messages_of_counts_of_one_read_in_the_singular() {
    let message = |code: &str, pairs: &[(&str, &str)]| {
        let rule = find(code).unwrap();
        let hits = run(rule, pairs);
        assert_eq!(hits.len(), 1, "{code}: {hits:?}");
        hits[0].message.clone()
    };
    assert_eq!(
        message("FL-C003", &[("title", "X")]),
        format!(
            "title has 1 character; at least {} are required",
            crate::catalog::fields::TITLE_MIN
        )
    );
    assert!(message("FL-C003", &[("title", "XY")]).starts_with("title has 2 characters;"));
    assert_eq!(
        message("FL-C013", &[("description", "X")]),
        "description has only 1 character"
    );
    assert_eq!(
        message("FL-V014", &[("shipping_length", "30 cm")]),
        "1 of the 3 shipping dimensions is given"
    );
    assert_eq!(
        message(
            "FL-V014",
            &[("shipping_length", "30 cm"), ("shipping_width", "20 cm")]
        ),
        "2 of the 3 shipping dimensions are given"
    );
}

/// A rule, the attributes of a product, and the message it gives.
type MessageCase<'a> = (&'a str, &'a [(&'a str, &'a str)], &'a str);

/// Messages joined from their pieces (`[..].concat()`, where they were `format!`ed: see
/// FL-I111) read exactly as before; the expected texts are those the `format!` builds wrote
/// for the same values on the bench feed.
#[test]
fn messages_joined_from_pieces_read_as_formatted() {
    let message = |code: &str, pairs: &[(&str, &str)]| {
        let rule = find(code).unwrap();
        let hits = run(rule, pairs);
        assert_eq!(hits.len(), 1, "{code}: {hits:?}");
        hits[0].message.clone()
    };
    let cases: &[MessageCase] = &[
        (
            "FL-I111",
            &[("gtin", "5954914108381")],
            "gtin \"5954914108381\" starts with a GS1 prefix nobody issues product numbers from (unassigned)",
        ),
        (
            "FL-I100",
            &[("gtin", " 8642260960441 ")],
            "gtin \"8642260960441\": invalid check digit: expected 5, found 1 (GS1 mod-10)",
        ),
        (
            "FL-I107",
            &[("gtin", "9982954757197")],
            "gtin \"9982954757197\": coupon number prefix: unsupported coupon value, not a product GTIN",
        ),
        (
            "FL-V002",
            &[("availability", "maybe")],
            "availability \"maybe\" is not in_stock, out_of_stock, preorder or backorder",
        ),
        (
            "FL-V004",
            &[("availability", "preorder")],
            "availability is preorder but availability_date is missing",
        ),
        (
            "FL-P002",
            &[("price", "314,49 EUR")],
            "price \"314,49 EUR\": the amount is not a plain decimal number",
        ),
        (
            "FL-K602",
            &[
                ("market_product_category", "988"),
                ("title", "Acme running shoes"),
                ("gender", "male"),
            ],
            "\"running shoes\" has no size",
        ),
        (
            "FL-K603",
            &[
                ("market_product_category", "988"),
                ("title", "Acme running shoes"),
                ("size", "42"),
            ],
            "\"running shoes\" has no gender",
        ),
        (
            "FL-K501",
            &[
                ("market_product_category", "536"),
                ("title", "Acme oven 60 cm"),
            ],
            "\"oven\" needs an energy_efficiency_class",
        ),
    ];
    for (code, pairs, expected) in cases {
        assert_eq!(message(code, pairs), *expected, "{code}");
    }
}

#[test]
fn find_and_suggest() {
    assert_eq!(find("fl-c003").map(|r| r.name), Some("title-too-short"));
    assert_eq!(find("title-too-short").map(|r| r.code), Some("FL-C003"));
    assert!(find("FL-X999").is_none());
    assert!(suggest("FL-C0003").iter().any(|r| r.code == "FL-C003"));
    assert!(suggest("title").len() <= 5);
}

#[test]
fn selector_suggestions_name_a_close_group_else_close_rules() {
    assert_eq!(
        did_you_mean_selector("Idenity").as_deref(),
        Some("did you mean identity?")
    );
    assert_eq!(
        did_you_mean_selector("pric").as_deref(),
        Some("did you mean pricing?")
    );
    let code = did_you_mean_selector("FL-P0001").unwrap_or_default();
    assert!(
        code.starts_with("did you mean FL-P001 (price-missing)"),
        "{code}"
    );
    assert_eq!(did_you_mean_selector("FL-P0001"), did_you_mean("FL-P0001"));
    assert_eq!(did_you_mean_selector("zzzzzzzzzz"), None);
}

#[test]
fn reserved_gtin_range_is_documented() {
    assert_eq!(RESERVED_GTIN_CODES, ("FL-I100", "FL-I119"));
}

#[test]
fn gtin_rules_fill_the_reserved_range_and_read_gtin() {
    let gtin_rules: Vec<&Rule> = registry()
        .iter()
        .copied()
        .filter(|r| r.code >= RESERVED_GTIN_CODES.0 && r.code <= RESERVED_GTIN_CODES.1)
        .collect();
    assert!(gtin_rules.len() >= 9, "expected the GTIN rules");
    for r in &gtin_rules {
        assert_eq!(r.group, Group::Identity, "{}", r.code);
        assert!(r.fields.contains(&"gtin"), "{}", r.code);
        assert!(r.name.starts_with("gtin-"), "{}", r.code);
    }
    // Only invalid-GTIN compliance rules zero the percentage; pattern/prefix hints do not.
    let check_digit = find("FL-I100").unwrap();
    assert!(check_digit.zeroes_compliance);
    assert_eq!(check_digit.kind, RuleKind::Compliance);
    for r in &gtin_rules {
        assert!(
            !r.zeroes_compliance || r.kind == RuleKind::Compliance,
            "{}",
            r.code
        );
    }
}

#[test]
fn one_validity_problem_per_gtin() {
    // A value has one first problem, so exactly one validity rule fires on each of these.
    for v in [
        "4006381333932",
        "40063813339",
        "4.00638E+12",
        "0306406152",
        "2001234567893",
    ] {
        let p = product_from_pairs(&[("gtin", v)]);
        let ctx = RuleCtx::with_category(&p, None, 0.0);
        let fired: Vec<&str> = registry()
            .iter()
            .filter(|r| r.zeroes_compliance)
            .filter(|r| {
                let mut out = Vec::new();
                if let Check::Product(c) = r.check {
                    (c.one)(&p, &ctx, &mut out);
                }
                !out.is_empty()
            })
            .map(|r| r.code)
            .collect();
        assert_eq!(fired.len(), 1, "{v}: {fired:?}");
    }
}

#[test]
fn the_context_parses_each_price_once_for_every_rule() {
    let p = product_from_pairs(&[
        ("price", "$19.99"),
        ("sale_price", "  "),
        ("@shipping", "US::Standard:4.95 USD"),
        ("@shipping", "US::Express"),
        ("@shipping", "US::Free:free"),
    ]);
    let ctx = RuleCtx::with_category(&p, None, 0.0);
    assert_eq!(ctx.price, None);
    assert_eq!(
        ctx.price_error,
        Some(crate::model::parse_price("$19.99").unwrap_err())
    );
    assert_eq!(
        (ctx.sale_price.as_ref(), ctx.sale_price_error),
        (None, None)
    );
    assert_eq!(ctx.shipping_prices.len(), 3);
    assert!(
        matches!(&ctx.shipping_prices[0], Some(Ok(pr)) if (pr.amount - 4.95).abs() < 1e-9 && pr.currency == "USD")
    );
    assert!(ctx.shipping_prices[1].is_none());
    assert!(matches!(ctx.shipping_prices[2], Some(Err(_))));
    let ok = product_from_pairs(&[("price", "19.99 usd")]);
    let ctx = RuleCtx::with_category(&ok, None, 0.0);
    assert_eq!(
        ctx.price.map(|pr| pr.currency.to_string()),
        Some("USD".to_owned())
    );
    assert_eq!(ctx.price_error, None);
}

/// A clean apparel product with every attribute its rules read.
pub(crate) const COMPLETE_APPAREL: &[(&str, &str)] = &[
    ("id", "SKU-1"),
    ("title", "Acme Trail Running Shoe for Men, Blue, Size 42"),
    (
        "description",
        "Lightweight trail running shoe with a grippy outsole and breathable mesh upper.",
    ),
    ("link", "https://shop.acme.test/p/sku-1"),
    ("image_link", "https://cdn.acme.test/img/sku-1.jpg"),
    ("price", "89.00 USD"),
    ("availability", "in_stock"),
    ("condition", "new"),
    ("brand", "Acme"),
    ("mpn", "TR-42-BL"),
    ("market_product_category", "Apparel & Accessories > Shoes"),
    ("color", "Blue"),
    ("size", "42"),
    ("gender", "male"),
    ("age_group", "adult"),
];

/// Products of every kind the rules know: each rule's pass and fail vectors, and each fail
/// vector added to a complete apparel product (so the category rules run too).
fn vector_products() -> Vec<Product> {
    let full = COMPLETE_APPAREL;
    let mut out = Vec::new();
    for r in registry() {
        out.push(product_from_pairs(r.pass));
        out.push(product_from_pairs(r.fail));
        let mut pairs: Vec<(&str, &str)> = full
            .iter()
            .filter(|(k, _)| !r.fail.iter().any(|(f, _)| f.split('#').next() == Some(*k)))
            .copied()
            .collect();
        pairs.extend_from_slice(r.fail);
        out.push(product_from_pairs(&pairs));
    }
    out
}

#[test]
fn a_batch_checked_rule_by_rule_reports_what_each_product_checked_alone_does() {
    let products = vector_products();
    let refs: Vec<&Product> = products.iter().collect();
    for options in [
        EngineOptions::default(),
        EngineOptions {
            ignore: vec!["category".into()],
            ..EngineOptions::default()
        },
    ] {
        let engine = Engine::new(options);
        let batch = engine.check_batch(&refs);
        assert_eq!(batch.len(), products.len());
        let mut with_findings = 0;
        for (p, from_batch) in products.iter().zip(&batch) {
            let alone = engine.check(p);
            with_findings += usize::from(!alone.findings.is_empty());
            assert_eq!(format!("{from_batch:?}"), format!("{alone:?}"));
        }
        assert!(
            with_findings > products.len() / 2,
            "the vectors find things"
        );
    }
}

#[test]
fn check_each_keeps_errors_in_place_and_checks_each_product_with_its_engine() {
    let all = Engine::new(EngineOptions::default());
    let plain = Engine::new(EngineOptions {
        ignore: vec!["category".into()],
        ..EngineOptions::default()
    });
    let products = vector_products();
    // Every fifth item an error; the others alternate between the two engines in runs.
    let items: Vec<Result<(usize, bool, Product), String>> = (0..products.len())
        .map(|i| {
            if i % 5 == 0 {
                Err(format!("bad row {i}"))
            } else {
                Ok((i, (i / 7) % 2 == 0, products[i].clone()))
            }
        })
        .collect();
    let checked = Engine::check_each(items, |(_, with_all, p)| {
        (if *with_all { &all } else { &plain }, p)
    });
    assert_eq!(checked.len(), products.len());
    let mut differ = 0;
    for (i, item) in checked.iter().enumerate() {
        match item {
            Err(e) => assert_eq!(e, &format!("bad row {i}")),
            Ok(((j, with_all, _), report)) => {
                assert_eq!(*j, i);
                let engine = if *with_all { &all } else { &plain };
                let alone = engine.check(&products[i]);
                assert_eq!(format!("{report:?}"), format!("{alone:?}"));
                let other = if *with_all { &plain } else { &all };
                differ +=
                    usize::from(format!("{:?}", other.check(&products[i])) != format!("{alone:?}"));
            }
        }
    }
    assert!(
        differ > 0,
        "the two engines give different reports on some products"
    );
}
