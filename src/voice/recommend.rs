//! Recommendations for one analysed text (spec 2.7 `recommendations[]`): what to change in THIS
//! text to match the brand's voice. Generic (against the corpus profile of the expected tone)
//! while a brand profile is building, brand-specific once established, with strategic context
//! once confident (spec 3.1). Pure; reads the model, the text's features and the profile.

use std::fmt::Write as _;

use super::classifier::Model;
use super::features::{STYLE_DIM, STYLE_NAMES, TextFeatures, idx};
use super::profile::Profile;
use super::response::{Impact, ProfileStatus, Recommendation, RecommendationType, Trend};
use super::tone::Tone;

/// Function words never offered as "words that signal" a tone.
const STOPWORDS: &[&str] = &[
    "this", "that", "these", "those", "with", "from", "your", "have", "will", "they", "them",
    "their", "there", "what", "when", "which", "while", "into", "just", "than", "then", "also",
    "each", "every", "more", "most", "some", "such", "only", "over", "very", "been", "being",
];

pub(crate) struct Context<'a> {
    pub model: &'a Model,
    pub features: &'a TextFeatures,
    /// The reported (calibrated, short-text adjusted) confidence of `detected`.
    pub confidence: f64,
    pub detected: Tone,
    pub expected: Option<Tone>,
    /// Whether `expected` was learned (true) or declared in voiceContext (false).
    pub from_profile: bool,
    pub profile: Option<&'a Profile>,
    /// The observation vector (standardised style first).
    pub vector: &'a [f64],
    pub status: ProfileStatus,
    pub alignment: f64,
    pub trend: Trend,
}

/// One instruction per style feature: (when this text has less than the reference, when more).
const ADVICE: [(&str, &str); STYLE_DIM] = [
    ("lengthen sentences", "shorten sentences"),
    (
        "allow an exclamation where excitement is meant",
        "remove exclamation marks",
    ),
    (
        "ask the shopper a question",
        "turn rhetorical questions into statements",
    ),
    (
        "address the shopper directly with \"you\" and \"your\"",
        "use fewer \"you\"/\"your\" and describe the product itself",
    ),
    (
        "add a first-person aside (\"I\", \"my\")",
        "drop first-person \"I\"/\"my\" asides",
    ),
    (
        "speak as the brand (\"we\", \"our\")",
        "drop \"we\"/\"our\" brand asides",
    ),
    (
        "use contractions (it's, you'll)",
        "spell out contractions (it is, you will)",
    ),
    (
        "open sentences with action verbs",
        "replace commands with descriptive statements",
    ),
    (
        "add concrete specifications with numbers and units",
        "move numbers and units into the specification attributes",
    ),
    (
        "add a justified superlative",
        "remove superlatives (best, ultimate, most)",
    ),
    (
        "add sensory and craft detail (materials, texture, finish)",
        "cut sensory and craft vocabulary",
    ),
    (
        "use more precise, formal wording",
        "use shorter, plainer words",
    ),
    (
        "add a casual aside (honestly, pretty)",
        "remove casual fillers (honestly, so, pretty, really)",
    ),
];

fn advice(i: usize, this: f64, reference: f64, whose: &str) -> String {
    // Readability is inverted: a higher Flesch score means plainer words.
    let less = if i == idx::READABILITY {
        this > reference
    } else {
        this < reference
    };
    let text = if less { ADVICE[i].0 } else { ADVICE[i].1 };
    let fmt = |v: f64| {
        if i == idx::SENTENCE_LEN {
            format!("{v:.0}")
        } else {
            format!("{v:.2}")
        }
    };
    format!(
        "{text} ({}: {} here vs {} in {whose})",
        STYLE_NAMES[i],
        fmt(this),
        fmt(reference)
    )
}

/// Index of the style feature furthest from `reference`, in corpus standard deviations, with
/// that gap; `skip` excludes one feature.
fn largest_gap(
    model: &Model,
    this: &[f64; STYLE_DIM],
    reference: &[f64; STYLE_DIM],
    skip: Option<usize>,
) -> Option<(usize, f64)> {
    (0..STYLE_DIM)
        .filter(|i| Some(*i) != skip)
        .map(|i| (i, (this[i] - reference[i]).abs() / model.file.style_sd[i]))
        .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
}

#[allow(
    clippy::too_many_lines,
    reason = "one linear pass building at most three recommendations from shared context"
)]
pub(crate) fn recommend(cx: &Context<'_>) -> Vec<Recommendation> {
    let mut out = Vec::new();
    let this = &cx.features.style.values;
    let impact = if cx.alignment < 0.75 {
        Impact::Medium
    } else {
        Impact::Low
    };
    let alignment = (cx.alignment * 1000.0).round() / 1000.0;
    let brand_specific = cx.status != ProfileStatus::Building && cx.profile.is_some();
    // Reference style: the brand's own mean once established, else the corpus mean of the
    // expected (or detected) tone.
    let (reference, whose): ([f64; STYLE_DIM], String) =
        if let (true, Some(p)) = (brand_specific, cx.profile) {
            (
                p.mean_style(cx.model),
                format!("{}'s earlier copy", p.brand_name),
            )
        } else {
            let t = cx.expected.unwrap_or(cx.detected);
            (
                cx.model.file.tone_style_mean[t.index()],
                format!("typical {t} copy"),
            )
        };

    let mut used: Vec<usize> = Vec::new();
    if let Some(expected) = cx.expected.filter(|e| *e != cx.detected) {
        let mut seen = std::collections::BTreeSet::new();
        let mut evidence: Vec<(f64, &str)> = cx
            .features
            .words
            .iter()
            .filter(|(_, w)| {
                w.chars().count() >= 4
                    && !STOPWORDS.contains(&w.as_str())
                    && seen.insert(w.as_str())
            })
            .filter_map(|(id, w)| {
                cx.model
                    .word_evidence(*id, cx.detected, expected)
                    .filter(|e| *e > 1.0)
                    .map(|e| (e, w.as_str()))
            })
            .collect();
        evidence.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(b.1)));
        let words: Vec<String> = evidence
            .iter()
            .take(3)
            .map(|(_, w)| format!("\"{w}\""))
            .collect();
        let source = if cx.from_profile {
            "the brand's learned voice"
        } else {
            "the declared voice"
        };
        let mut s = format!(
            "This text reads as {} ({:.0}%) but {source} is {expected}.",
            cx.detected,
            cx.confidence * 100.0
        );
        if !words.is_empty() {
            let _ = s.write_fmt(format_args!(
                " Rework the words that signal {}: {}.",
                cx.detected,
                words.join(", ")
            ));
        }
        if let Some((i, _)) = largest_gap(cx.model, this, &reference, None) {
            let step = advice(i, this[i], reference[i], &whose);
            if words.is_empty() {
                // The first step, not a "then" after one.
                let mut chars = step.chars();
                if let Some(first) = chars.next() {
                    s.push(' ');
                    s.extend(first.to_uppercase());
                    s.push_str(chars.as_str());
                }
            } else {
                let _ = s.write_fmt(format_args!(" Then {step}"));
            }
            used.push(i);
            match largest_gap(cx.model, this, &reference, Some(i)).filter(|(_, g)| *g >= 1.0) {
                Some((j, _)) => {
                    used.push(j);
                    let _ = s.write_fmt(format_args!(
                        ", and {}.",
                        advice(j, this[j], reference[j], &whose)
                    ));
                }
                None => s.push('.'),
            }
        }
        if cx.status == ProfileStatus::Confident {
            if let Some(p) = cx.profile {
                let recent: Vec<_> = p.score_history.iter().rev().take(10).collect();
                let matched = recent
                    .iter()
                    .filter(|e| e.detected_tone == expected)
                    .count();
                let _ = s.write_fmt(format_args!(
                    " Strategy: {matched} of the brand's last {} text{} {} {expected}; keeping new copy in that voice protects the profile's stability.",
                    recent.len(),
                    crate::model::text::plural(recent.len()),
                    if matched == 1 { "was" } else { "were" }
                ));
            }
        }
        out.push(Recommendation {
            kind: RecommendationType::ToneOptimization,
            suggestion: s,
            impact,
            voice_alignment: alignment,
        });
    }

    // Consistency: the style value furthest from the reference, if clearly off (brand-specific
    // z-score once established, corpus standard deviations before).
    let gap = if brand_specific {
        cx.profile.and_then(|p| {
            (0..STYLE_DIM)
                .filter(|i| !used.contains(i))
                .map(|i| {
                    let z = (cx.vector[i] - p.feature_stats.mean[i])
                        / p.feature_stats.effective_variance(i).sqrt();
                    (i, z.abs())
                })
                .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
                .filter(|(_, z)| *z >= 2.0)
        })
    } else {
        (0..STYLE_DIM)
            .filter(|i| !used.contains(i))
            .map(|i| {
                (
                    i,
                    (this[i] - reference[i]).abs() / cx.model.file.style_sd[i],
                )
            })
            .max_by(|a, b| a.1.total_cmp(&b.1).then(b.0.cmp(&a.0)))
            .filter(|(_, g)| *g >= 1.5)
    };
    if let Some((i, _)) = gap {
        let mut s = format!(
            "To keep this text consistent, {}.",
            advice(i, this[i], reference[i], &whose)
        );
        if cx.status == ProfileStatus::Confident && cx.trend == Trend::Declining {
            s.push_str(" Voice scores have been declining over the last analyses; review recent copy against the brand's best-scoring texts.");
        }
        out.push(Recommendation {
            kind: RecommendationType::ConsistencyImprovement,
            suggestion: s,
            impact,
            voice_alignment: alignment,
        });
    } else if cx.status == ProfileStatus::Confident && cx.trend == Trend::Declining {
        out.push(Recommendation {
            kind: RecommendationType::ConsistencyImprovement,
            suggestion: "Voice scores have been declining over the last analyses although this text has no single outlying trait; compare it with the brand's best-scoring texts and align word choice.".to_string(),
            impact,
            voice_alignment: alignment,
        });
    }
    out
}
