//! Behaviour tests of brand-voice analysis, learning and drift (spec 2.7, 2.8, 3.1, 6).

use super::classifier::{Example, shipped_corpus};
use super::*;

const NOW: &str = "2026-11-22T04:00:00Z";

fn texts(tone: Tone) -> Vec<Example> {
    shipped_corpus()
        .into_iter()
        .filter(|e| e.tone == tone)
        .collect()
}

fn input(e: &Example) -> AnalysisInput {
    AnalysisInput {
        title: e.title.clone(),
        description: e.description.clone(),
        brand: None,
        category: Some(e.category.clone()),
        voice_context: None,
    }
}

fn new_profile(brand: &str) -> Profile {
    Profile::new(brand, &ProfileSettings::default(), NOW).unwrap()
}

/// Feeds 30 texts of `from`, then texts of `to`; returns drift statuses of the consistent part
/// and of the first three switched texts.
fn drift_run(from: Tone, to: Tone) -> (Vec<DriftStatus>, Vec<DriftStatus>) {
    let mut p = new_profile("Acme");
    let opts = AnalyzeOptions::default();
    let before: Vec<DriftStatus> = texts(from)
        .iter()
        .take(30)
        .map(|e| {
            analyze_and_learn(&input(e), &mut p, &opts, NOW)
                .data
                .brand_voice_analysis
                .consistency
                .drift_status
        })
        .collect();
    let after: Vec<DriftStatus> = texts(to)
        .iter()
        .take(3)
        .map(|e| {
            analyze_and_learn(&input(e), &mut p, &opts, NOW)
                .data
                .brand_voice_analysis
                .consistency
                .drift_status
        })
        .collect();
    (before, after)
}

#[test]
fn drift_is_silent_while_consistent_and_at_least_moderate_within_three_texts_of_a_switch() {
    let (before, after) = drift_run(Tone::Professional, Tone::Playful);
    assert!(before.iter().all(|d| *d == DriftStatus::None), "{before:?}");
    assert!(
        after.iter().any(|d| *d >= DriftStatus::Moderate),
        "{after:?}"
    );
}

#[test]
fn drift_detection_holds_for_every_pair_of_tones() {
    for from in Tone::ALL {
        for to in Tone::ALL.into_iter().filter(|t| *t != from) {
            let (before, after) = drift_run(from, to);
            assert!(
                before.iter().all(|d| *d == DriftStatus::None),
                "{from}->{to}: {before:?}"
            );
            assert!(
                after.iter().any(|d| *d >= DriftStatus::Moderate),
                "{from}->{to}: {after:?}"
            );
        }
    }
}

#[test]
fn phases_change_at_eleven_and_twenty_six_analyses() {
    let mut p = new_profile("Phase");
    let corpus = texts(Tone::Technical);
    let opts = AnalyzeOptions::default();
    for (i, e) in corpus.iter().take(27).enumerate() {
        let a = analyze_and_learn(&input(e), &mut p, &opts, NOW);
        let n = i as u64 + 1;
        let li = &a.data.learning_intelligence;
        assert_eq!(li.analysis_count, n);
        let expected = match n {
            1..=10 => ProfileStatus::Building,
            11..=25 => ProfileStatus::Established,
            _ => ProfileStatus::Confident,
        };
        assert_eq!(li.profile_status, expected, "analysis {n}");
        let (lo, hi) = expected.stability_band();
        assert!(
            (lo..=hi).contains(&li.voice_stability),
            "analysis {n}: stability {} outside {lo}..{hi}",
            li.voice_stability
        );
        assert_eq!(p.status(), expected);
    }
    assert_eq!(p.analysis_count, 27);
}

#[test]
fn building_phase_never_reports_drift() {
    let mut p = new_profile("Young");
    let opts = AnalyzeOptions::default();
    for e in texts(Tone::Luxury).iter().take(5) {
        analyze_and_learn(&input(e), &mut p, &opts, NOW);
    }
    for e in texts(Tone::Technical).iter().take(5) {
        let a = analyze_and_learn(&input(e), &mut p, &opts, NOW);
        assert_eq!(
            a.data.brand_voice_analysis.consistency.drift_status,
            DriftStatus::None
        );
        assert_eq!(
            a.data.learning_intelligence.profile_status,
            ProfileStatus::Building
        );
    }
}

#[test]
fn disabling_drift_detection_reports_none_but_still_learns() {
    let mut p = new_profile("Quiet");
    let on = AnalyzeOptions::default();
    let off = AnalyzeOptions {
        drift_detection: false,
        recommendations: false,
    };
    for e in texts(Tone::Friendly).iter().take(30) {
        analyze_and_learn(&input(e), &mut p, &on, NOW);
    }
    for e in texts(Tone::Technical).iter().take(3) {
        let a = analyze_and_learn(&input(e), &mut p, &off, NOW);
        assert_eq!(
            a.data.brand_voice_analysis.consistency.drift_status,
            DriftStatus::None
        );
        assert!(a.data.recommendations.is_empty());
    }
    assert_eq!(p.analysis_count, 33);
    assert!(p.drift.ewma > 2.0, "ewma {}", p.drift.ewma);
}

#[test]
fn two_brands_learn_independently() {
    let opts = AnalyzeOptions::default();
    let mut lux = new_profile("Maison");
    let mut tech = new_profile("Vortex");
    let lux_texts = texts(Tone::Luxury);
    let tech_texts = texts(Tone::Technical);
    for (a, b) in lux_texts.iter().zip(&tech_texts).take(15) {
        analyze_and_learn(&input(a), &mut lux, &opts, NOW);
        analyze_and_learn(&input(b), &mut tech, &opts, NOW);
    }
    assert_eq!(lux.dominant_tone(), Some(Tone::Luxury));
    assert_eq!(tech.dominant_tone(), Some(Tone::Technical));
    // The same luxury text is on-voice for one brand and off-voice for the other.
    let probe = input(&lux_texts[20]);
    let s_lux = analyze(&probe, Some(&lux), &opts)
        .data
        .brand_voice_analysis
        .voice_score;
    let s_tech = analyze(&probe, Some(&tech), &opts)
        .data
        .brand_voice_analysis
        .voice_score;
    assert!(s_lux >= 75, "luxury brand score {s_lux}");
    assert!(s_tech < 60, "technical brand score {s_tech}");
    // Learning one brand leaves the other untouched.
    let snapshot = tech.clone();
    analyze_and_learn(&probe, &mut lux, &opts, NOW);
    assert_eq!(tech, snapshot);
}

#[test]
fn voice_score_without_profile_uses_declared_context() {
    let e = &texts(Tone::Playful)[0];
    let mut i = input(e);
    i.voice_context = Some("playful and fun".into());
    let on = analyze(&i, None, &AnalyzeOptions::default());
    i.voice_context = Some("luxury, refined".into());
    let off = analyze(&i, None, &AnalyzeOptions::default());
    let (a, b) = (
        on.data.brand_voice_analysis.voice_score,
        off.data.brand_voice_analysis.voice_score,
    );
    assert!(a >= 90 && b < 60, "{a} vs {b}");
    assert_eq!(on.grade(), Grade::Excellent);
    assert_eq!(off.grade(), Grade::Poor);
    let rec = &off.data.recommendations[0];
    assert_eq!(rec.kind, RecommendationType::ToneOptimization);
    assert!(rec.suggestion.contains("luxury"), "{}", rec.suggestion);
    assert!(
        rec.suggestion.contains("\"party\"") && rec.suggestion.contains("questions per sentence"),
        "names this text's playful words and traits: {}",
        rec.suggestion
    );
}

#[test]
fn tone_recommendation_names_words_from_this_text() {
    let e = &texts(Tone::Technical)[0];
    let mut i = input(e);
    i.voice_context = Some("friendly".into());
    let a = analyze(&i, None, &AnalyzeOptions::default());
    let rec = a
        .data
        .recommendations
        .iter()
        .find(|r| r.kind == RecommendationType::ToneOptimization)
        .unwrap();
    let words_part = rec
        .suggestion
        .split("signal technical: ")
        .nth(1)
        .and_then(|s| s.split(". ").next())
        .unwrap();
    let quoted: Vec<&str> = words_part.split('"').skip(1).step_by(2).collect();
    assert!(!quoted.is_empty(), "{}", rec.suggestion);
    let lower = e.description.to_lowercase();
    for w in &quoted {
        assert!(lower.contains(w), "{w} not in the text: {}", rec.suggestion);
    }
    assert!((0.0..=1.0).contains(&rec.voice_alignment));
}

/// A tone recommendation says "Then" only after a first step (the words to rework); without
/// those words its first step is a sentence of its own. Over the corpus against every other tone.
#[test]
fn tone_recommendations_say_then_only_after_a_first_step() {
    let mut without_words = 0;
    // Texts of short, plain words (none long enough to quote) and some of the corpus.
    let plain = [
        ("Red box", "It is a box. It is red. It has a lid and a tag."),
        (
            "Tin cup",
            "A cup of tin. Use it to sip tea or for a pen pot.",
        ),
        (
            "Oak peg",
            "An oak peg for a coat or a hat. Fix it on a wall.",
        ),
    ];
    let texts: Vec<AnalysisInput> = plain
        .iter()
        .map(|(title, description)| AnalysisInput {
            title: (*title).into(),
            description: (*description).into(),
            brand: None,
            category: None,
            voice_context: None,
        })
        .chain(shipped_corpus().iter().step_by(7).map(input))
        .collect();
    for text in &texts {
        for expected in Tone::ALL {
            let mut i = text.clone();
            i.voice_context = Some(expected.as_str().into());
            let a = analyze(&i, None, &AnalyzeOptions::default());
            for r in &a.data.recommendations {
                let has_words = r.suggestion.contains("Rework the words");
                assert!(
                    has_words || !r.suggestion.contains(" Then "),
                    "{}",
                    r.suggestion
                );
                if !has_words && r.kind == RecommendationType::ToneOptimization {
                    without_words += 1;
                    // The step after "... is <tone>." starts with a capital letter.
                    let after = r.suggestion.split(". ").nth(1).unwrap_or_default();
                    assert!(
                        after.chars().next().is_none_or(char::is_uppercase),
                        "{}",
                        r.suggestion
                    );
                }
            }
        }
    }
    assert!(
        without_words > 0,
        "the corpus never gave a tone recommendation without words"
    );
}

#[test]
fn short_descriptions_get_lower_confidence_and_a_note() {
    let e = &texts(Tone::Luxury)[0];
    let full = analyze(&input(e), None, &AnalyzeOptions::default());
    let mut short = input(e);
    short.description = e
        .description
        .split_whitespace()
        .take(20)
        .collect::<Vec<_>>()
        .join(" ");
    let cut = analyze(&short, None, &AnalyzeOptions::default());
    assert!(full.data.metadata.notes.is_empty());
    assert_eq!(cut.data.metadata.notes.len(), 1);
    assert!(cut.data.metadata.notes[0].contains("20 words"));
    assert!(cut.data.brand_voice_analysis.confidence < full.data.brand_voice_analysis.confidence);
}

#[test]
fn unseen_texts_are_classified_by_tone() {
    let cases = [
        (
            Tone::Technical,
            "Output 45 W over USB-C PD 3.0, input 100 to 240 V, 50/60 Hz. GaN transistors keep the case at 38 °C under full load. Dimensions 52 x 30 x 28 mm, 68 g. Over-voltage and over-temperature protection.",
        ),
        (
            Tone::Playful,
            "Ta-da! This sock monkey is ready to party! He juggles, he wiggles and he totally steals the blanket. Who needs a boring pillow when you've got a cheeky monkey? Snuggle time just got silly!",
        ),
        (
            Tone::Luxury,
            "Hand-stitched by artisans from the softest Florentine calfskin, this wallet develops a rich patina with every passing year. Its edges are burnished by hand and the lining is pure silk. An heirloom of quiet elegance.",
        ),
        (
            Tone::Motivational,
            "Stop waiting and start moving. This jump rope turns ten spare minutes into a workout that builds grit. Push past the burn, beat yesterday's count and prove to yourself that you never quit.",
        ),
        (
            Tone::Professional,
            "The Kensington desk organiser keeps stationery and documents in order across shared workstations. Its powder-coated steel frame resists daily wear, and the modular trays can be arranged to suit individual requirements. It is supplied with a two-year warranty.",
        ),
        (
            Tone::Friendly,
            "We think you'll adore this little teapot as much as we do. It pours without dribbling, keeps your tea warm for a second cup and looks lovely on the kitchen table. Pop the kettle on and treat yourself to a cosy afternoon.",
        ),
        (
            Tone::Conversational,
            "So, full disclosure: I bought this ice scraper because my old one snapped in January. Honestly? It's just a decent scraper. The blade's wide, the handle's long enough to reach the middle of the windscreen, and it fits in the door pocket. That's about it, really.",
        ),
    ];
    for (tone, text) in cases {
        let i = AnalysisInput {
            title: "Product".into(),
            description: text.into(),
            ..AnalysisInput::default()
        };
        let a = analyze(&i, None, &AnalyzeOptions::default());
        assert_eq!(a.data.brand_voice_analysis.detected_tone, tone, "{text}");
    }
}

#[test]
fn drift_alert_is_raised_recorded_and_routed_to_channels_only_when_enabled() {
    let settings = ProfileSettings {
        alerts_enabled: Some(true),
        alert_threshold: Some(0.3),
        notification_channels: Some(vec![Channel::Slack, Channel::Email, Channel::Slack]),
        ..ProfileSettings::default()
    };
    let mut p = Profile::new("Alerting", &settings, NOW).unwrap();
    assert_eq!(
        p.alerts.notification_channels,
        vec![Channel::Email, Channel::Slack]
    );
    let mut quiet = new_profile("Silent");
    let opts = AnalyzeOptions::default();
    for e in texts(Tone::Professional).iter().take(30) {
        assert!(
            analyze_and_learn(&input(e), &mut p, &opts, NOW)
                .drift_alert
                .is_none()
        );
        analyze_and_learn(&input(e), &mut quiet, &opts, NOW);
    }
    let mut alerts = Vec::new();
    for e in texts(Tone::Playful).iter().take(3) {
        alerts.extend(
            analyze_and_learn(&input(e), &mut p, &opts, "2026-11-22T05:00:00Z").drift_alert,
        );
        assert!(
            analyze_and_learn(&input(e), &mut quiet, &opts, NOW)
                .drift_alert
                .is_none()
        );
    }
    assert!(!alerts.is_empty());
    assert!(alerts[0].message.contains("Alerting"));
    let recorded: Vec<_> = p.drift_events.iter().filter(|d| d.alerted).collect();
    assert_eq!(recorded.len(), alerts.len());
    assert_eq!(recorded[0].channels, vec![Channel::Email, Channel::Slack]);
    assert_eq!(recorded[0].at, "2026-11-22T05:00:00Z");
    assert!(
        quiet
            .drift_events
            .iter()
            .all(|d| !d.alerted && d.channels.is_empty())
    );
    assert!(!quiet.drift_events.is_empty());
}

#[test]
fn profile_settings_are_validated() {
    let bad = ProfileSettings {
        alert_threshold: Some(1.5),
        ..ProfileSettings::default()
    };
    assert!(Profile::new("X", &bad, NOW).is_err());
    assert!(Profile::new("  ", &ProfileSettings::default(), NOW).is_err());
    let conflict = ProfileSettings {
        drift_alerts: Some(true),
        alerts_enabled: Some(false),
        ..ProfileSettings::default()
    };
    assert!(Profile::new("X", &conflict, NOW).is_err());
    let parsed: ProfileSettings = serde_json::from_str(
        r#"{"voiceContext":"premium","driftAlerts":true,"alertThreshold":0.7,"notificationChannels":["email","slack"]}"#,
    )
    .unwrap();
    let mut p = Profile::new("Brand", &parsed, NOW).unwrap();
    assert!(p.alerts.alerts_enabled);
    assert_eq!(p.voice_context.as_deref(), Some("premium"));
    assert!(
        serde_json::from_str::<ProfileSettings>(r#"{"notificationChannels":["sms"]}"#).is_err()
    );
    p.apply(
        &ProfileSettings {
            alerts_enabled: Some(false),
            ..ProfileSettings::default()
        },
        "2026-12-01T00:00:00Z",
    )
    .unwrap();
    assert!(!p.alerts.alerts_enabled);
    assert_eq!(p.updated_at, "2026-12-01T00:00:00Z");
}

#[test]
fn missing_title_or_description_is_a_validation_error() {
    let i = AnalysisInput {
        title: "T".into(),
        description: "  ".into(),
        ..AnalysisInput::default()
    };
    let err = i.validate().unwrap_err();
    assert_eq!(err.code, crate::ErrorCode::ValidationError);
}

fn learned_profile(brand: &str, tone: Tone, n: usize, now: &str) -> Profile {
    let mut p = new_profile(brand);
    for e in texts(tone).iter().take(n) {
        analyze_and_learn(&input(e), &mut p, &AnalyzeOptions::default(), now);
    }
    p
}

#[test]
fn profile_json_round_trips_through_export_and_import() {
    let alpha = learned_profile("Alpha", Tone::Friendly, 12, NOW);
    let beta = learned_profile("Beta", Tone::Technical, 3, NOW);
    let doc = export_profiles(&[beta.clone(), alpha.clone()]);
    let json = serde_json::to_string_pretty(&doc).unwrap();
    assert!(json.contains("\"formatVersion\": 1"));
    assert!(json.contains("\"format\": \"feedlint-voice-profiles\""));
    let back = import_profiles(&json).unwrap();
    assert_eq!(back, vec![alpha.clone(), beta]);
    // A re-imported profile continues learning exactly like the original.
    let text = &texts(Tone::Friendly)[30];
    let mut orig = alpha;
    let mut copy = back[0].clone();
    let from_orig = analyze_and_learn(&input(text), &mut orig, &AnalyzeOptions::default(), NOW);
    let from_copy = analyze_and_learn(&input(text), &mut copy, &AnalyzeOptions::default(), NOW);
    assert_eq!(orig, copy);
    assert_eq!(
        from_orig.data.brand_voice_analysis.voice_score,
        from_copy.data.brand_voice_analysis.voice_score
    );
}

#[test]
fn import_rejects_other_versions_duplicates_and_corruption() {
    let p = learned_profile("Alpha", Tone::Friendly, 2, NOW);
    let mut doc = serde_json::to_value(export_profiles(std::slice::from_ref(&p))).unwrap();
    doc["formatVersion"] = 2.into();
    assert!(import_profiles(&doc.to_string()).is_err());
    let dup = export_profiles(&[p.clone(), p.clone()]);
    assert!(import_profiles(&serde_json::to_string(&dup).unwrap()).is_err());
    let mut broken = serde_json::to_value(export_profiles(&[p])).unwrap();
    broken["profiles"][0]["featureStats"]["mean"] = serde_json::json!([1.0]);
    assert!(import_profiles(&broken.to_string()).is_err());
    assert!(import_profiles("not json").is_err());
}

#[test]
fn histories_are_bounded_and_months_counted() {
    let mut p = new_profile("Busy");
    let corpus = texts(Tone::Conversational);
    let opts = AnalyzeOptions::default();
    for i in 0..120 {
        let month = if i < 60 {
            "2026-10-15T00:00:00Z"
        } else {
            "2026-11-15T00:00:00Z"
        };
        analyze_and_learn(&input(&corpus[i % corpus.len()]), &mut p, &opts, month);
    }
    assert_eq!(p.analysis_count, 120);
    assert_eq!(p.score_history.len(), profile::SCORE_HISTORY_CAP);
    assert_eq!(p.monthly_analyses.get("2026-10"), Some(&60));
    assert_eq!(p.monthly_analyses.get("2026-11"), Some(&60));
    let detail = p.detail();
    assert_eq!(
        detail.learning_analytics.dominant_tone,
        Some(Tone::Conversational)
    );
    assert!(detail.performance_metrics.recent_drift_events.len() <= 10);
}

#[test]
fn analysis_is_deterministic_apart_from_processing_time() {
    let p = learned_profile("Det", Tone::Luxury, 12, NOW);
    let e = &texts(Tone::Luxury)[35];
    let mut a = analyze(&input(e), Some(&p), &AnalyzeOptions::default());
    let mut b = analyze(&input(e), Some(&p), &AnalyzeOptions::default());
    a.data.metadata.processing_time = 0.0;
    b.data.metadata.processing_time = 0.0;
    assert_eq!(a, b);
    assert_eq!(a.data.metadata.analysis_method, METHOD);
}

#[test]
fn characteristics_reflect_the_text() {
    let tech = analyze(
        &input(&texts(Tone::Technical)[1]),
        None,
        &AnalyzeOptions::default(),
    );
    assert!(
        tech.data
            .brand_voice_analysis
            .voice_characteristics
            .iter()
            .any(|c| c == "technical specifications")
    );
    let play = analyze(
        &input(&texts(Tone::Playful)[0]),
        None,
        &AnalyzeOptions::default(),
    );
    assert!(
        play.data
            .brand_voice_analysis
            .voice_characteristics
            .iter()
            .any(|c| c == "exclamation-heavy")
    );
}

fn schema(text: &str) -> jsonschema::Validator {
    let v: serde_json::Value = serde_json::from_str(text).unwrap();
    jsonschema::validator_for(&v).unwrap()
}

fn assert_valid(validator: &jsonschema::Validator, value: &serde_json::Value) {
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| format!("{e} at {}", e.instance_path))
        .collect();
    assert!(errors.is_empty(), "{errors:#?}\n{value:#}");
}

#[test]
fn analyze_response_matches_the_2_7_schema() {
    let v = schema(include_str!(
        "../../tests/schemas/voice-analyze.schema.json"
    ));
    let mut p = new_profile("Schema");
    let opts = AnalyzeOptions::default();
    let mut checked = 0;
    for (i, e) in texts(Tone::Motivational).iter().take(28).enumerate() {
        let mut inp = input(e);
        if i % 7 == 0 {
            inp.description = inp
                .description
                .split_whitespace()
                .take(12)
                .collect::<Vec<_>>()
                .join(" ");
        }
        let a = analyze_and_learn(&inp, &mut p, &opts, NOW);
        assert_valid(&v, &serde_json::to_value(a.response()).unwrap());
        checked += 1;
    }
    let off = analyze(&input(&texts(Tone::Playful)[0]), Some(&p), &opts);
    assert!(!off.data.recommendations.is_empty());
    assert_valid(&v, &serde_json::to_value(off.response()).unwrap());
    let json = serde_json::to_value(off.response()).unwrap();
    for key in [
        "voiceScore",
        "detectedTone",
        "confidence",
        "voiceCharacteristics",
        "consistency",
    ] {
        assert!(
            json["data"]["brandVoiceAnalysis"].get(key).is_some(),
            "{key}"
        );
    }
    assert_eq!(checked, 28);
    // The schema rejects a wrong enum value.
    let mut bad = json.clone();
    bad["data"]["brandVoiceAnalysis"]["consistency"]["driftStatus"] = "severe".into();
    assert!(!v.is_valid(&bad));
}

#[test]
fn profiles_list_and_detail_match_the_2_8_schema() {
    let v = schema(include_str!(
        "../../tests/schemas/voice-profiles.schema.json"
    ));
    let a = learned_profile("Alpha", Tone::Friendly, 27, "2026-11-03T10:00:00Z");
    let b = learned_profile("Beta", Tone::Technical, 4, "2026-10-03T10:00:00Z");
    let empty = new_profile("Gamma");
    let list = profiles_list(&[b.clone(), empty, a.clone()], NOW);
    let names: Vec<&str> = list
        .profiles
        .iter()
        .map(|e| e.brand_name.as_str())
        .collect();
    assert_eq!(names, ["Alpha", "Beta", "Gamma"]);
    assert_eq!(list.portfolio_insights.total_analyses, 31);
    assert_eq!(list.portfolio_insights.monthly_trend, "growing");
    let expected_avg = ((a.score_sum + b.score_sum) / 31.0 * 100.0).round() / 100.0;
    assert!((list.portfolio_insights.average_voice_score - expected_avg).abs() < 1e-9);
    let body = serde_json::json!({"success": true, "data": list});
    assert_valid(&v, &body);
    assert_eq!(
        body["data"]["profiles"][0]["driftStatus"]["trendDirection"],
        "stable"
    );
    let detail = serde_json::json!({"success": true, "data": a.detail()});
    assert_valid(&v, &detail);
    assert_eq!(
        detail["data"]["learningAnalytics"]["analysesPerMonth"]["2026-11"],
        27
    );
}

#[test]
fn confident_profile_gets_brand_specific_strategic_recommendations_without_repeats() {
    let p = learned_profile("Maison", Tone::Luxury, 27, NOW);
    let a = analyze(
        &input(&texts(Tone::Playful)[3]),
        Some(&p),
        &AnalyzeOptions::default(),
    );
    let recs = &a.data.recommendations;
    let tone = recs
        .iter()
        .find(|r| r.kind == RecommendationType::ToneOptimization)
        .unwrap();
    assert!(
        tone.suggestion.contains("Maison's earlier copy"),
        "{}",
        tone.suggestion
    );
    assert!(tone.suggestion.contains("Strategy:"), "{}", tone.suggestion);
    assert!(
        tone.suggestion
            .contains("10 of the brand's last 10 texts were luxury"),
        "{}",
        tone.suggestion
    );
    assert_eq!(tone.impact, Impact::Medium);
    // One match of the last ten reads in the singular.
    let mut one = p.clone();
    for e in one.score_history.iter_mut().rev().skip(1).take(9) {
        e.detected_tone = Tone::Playful;
    }
    let a = analyze(
        &input(&texts(Tone::Playful)[3]),
        Some(&one),
        &AnalyzeOptions::default(),
    );
    let strategy = a
        .data
        .recommendations
        .iter()
        .map(|r| r.suggestion.as_str())
        .find(|s| s.contains("Strategy:"))
        .unwrap_or_default();
    assert!(
        strategy.contains("1 of the brand's last 10 texts was luxury"),
        "{strategy}"
    );
    for other in recs
        .iter()
        .filter(|r| r.kind == RecommendationType::ConsistencyImprovement)
    {
        let trait_name = other
            .suggestion
            .split('(')
            .nth(1)
            .and_then(|s| s.split(':').next())
            .unwrap();
        assert!(
            !tone.suggestion.contains(trait_name),
            "repeats {trait_name}"
        );
    }
}
