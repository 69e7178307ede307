//! Brand voice intelligence (spec 2.7, 2.8, 3.1, 4.5, 4.6, 6), fully offline: tone classification
//! with an embedded naive Bayes model, style features, voice score against a learned per-brand
//! profile, consistency and drift detection, recommendations, and the 2.7/2.8 response types.
//!
//! Pure logic: no files, database, network, clock-of-record or printing. Callers hand in the
//! text, the brand's [`Profile`] (kept by the store per API-key hash and brandName) and the
//! timestamp, and get back the response data, the updated profile and any drift alert to show.

pub mod classifier;
pub mod features;
pub mod profile;
mod recommend;
pub mod response;
pub mod stats;
pub mod tone;

use std::time::Instant;

use serde::{Deserialize, Serialize};

pub use classifier::{METHOD, Model};
pub use profile::{
    AlertSettings, Channel, DriftEvent, PROFILE_FORMAT_VERSION, Profile, ProfileExport,
    ProfileSettings, ScoreEntry, export_profiles, import_profiles, profiles_list,
};
pub use response::{
    AnalysisMetadata, BrandVoiceAnalysis, Consistency, DriftStatus, DriftStatusSummary, Grade,
    Impact, LearningIntelligence, PortfolioInsights, ProfileDetail, ProfileListEntry,
    ProfileStatus, ProfilesListData, Recommendation, RecommendationType, Trend, VoiceAnalyzeData,
    VoiceAnalyzeResponse,
};
pub use tone::Tone;

use crate::error::{Error, ErrorCode};
use features::STYLE_DIM;
use profile::{PROB_SCALE, VECTOR_DIM, next_ewma, round2};
use tone::TONE_COUNT;

/// Descriptions shorter than this get lower confidence and a note (spec 2.7).
pub const MIN_DESCRIPTION_WORDS: usize = 50;

/// Drift thresholds on the distance EWMA: (low, moderate, high). Established profiles use the
/// low-sensitivity set, confident profiles the high-sensitivity set (spec 3.1).
/// In-distribution texts keep the EWMA near or below 1 (it is an RMS of z-scores); the
/// thresholds were set from the per-tone margins measured on the corpus (docs/voice.md).
const LOW_SENSITIVITY: (f64, f64, f64) = (1.6, 2.0, 2.6);
const HIGH_SENSITIVITY: (f64, f64, f64) = (1.3, 1.6, 2.2);

/// One text to analyse (spec 2.7 request).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisInput {
    pub title: String,
    pub description: String,
    #[serde(default)]
    pub brand: Option<String>,
    #[serde(default)]
    pub category: Option<String>,
    #[serde(default)]
    pub voice_context: Option<String>,
}

impl AnalysisInput {
    /// VALIDATION_ERROR for a missing title or description (spec 4.5 lists it under 422; the
    /// envelope status is the caller's to set).
    pub fn validate(&self) -> Result<(), Error> {
        for (name, value) in [("title", &self.title), ("description", &self.description)] {
            if value.trim().is_empty() {
                return Err(Error::new(
                    ErrorCode::ValidationError,
                    format!("product.{name} is required for brand voice analysis"),
                )
                .with_help(format!(
                    "pass --{name} \"...\" or a feed whose products have a {name}"
                )));
            }
        }
        Ok(())
    }
}

/// Analysis options (spec 2.7 `options.enableDriftDetection`, `options.includeRecommendations`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnalyzeOptions {
    pub drift_detection: bool,
    pub recommendations: bool,
}

impl Default for AnalyzeOptions {
    fn default() -> Self {
        AnalyzeOptions {
            drift_detection: true,
            recommendations: true,
        }
    }
}

/// What [`Profile::learn`] needs from an analysis.
#[derive(Debug, Clone, PartialEq)]
pub struct Observation {
    /// Standardised style values then tone probabilities / [`profile::PROB_SCALE`].
    pub vector: Vec<f64>,
    pub tone: Tone,
    /// Calibrated tone probabilities in [`Tone::ALL`] order.
    pub probs: [f64; TONE_COUNT],
    /// Distance to the profile (None without one).
    pub distance: Option<f64>,
    /// Drift EWMA after this text.
    pub ewma: f64,
    /// Drift level 0–1 compared with `alertThreshold`.
    pub drift_level: f64,
    /// The tone the brand is expected to use (profile's dominant tone, else declared context).
    pub expected_tone: Option<Tone>,
    /// The profile's analysisCount this analysis was measured against.
    pub based_on_count: u64,
}

/// A drift alert (spec 6): raised when the profile's alerts are on and the drift level reaches
/// its threshold. The CLI prints it on stderr; the profile records it. Nothing is sent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DriftAlert {
    pub brand_name: String,
    pub severity: DriftStatus,
    pub drift_level: f64,
    pub threshold: f64,
    pub channels: Vec<Channel>,
    pub message: String,
}

/// The result of one analysis.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// The 2.7 `data` object.
    pub data: VoiceAnalyzeData,
    pub observation: Observation,
    pub drift_alert: Option<DriftAlert>,
}

impl Analysis {
    /// The 2.7 body `{success: true, data}`.
    #[must_use]
    pub fn response(&self) -> VoiceAnalyzeResponse {
        VoiceAnalyzeResponse {
            success: true,
            data: self.data.clone(),
        }
    }

    /// The spec grade of the voice score.
    #[must_use]
    pub fn grade(&self) -> Grade {
        Grade::for_score(self.data.brand_voice_analysis.voice_score)
    }
}

fn cosine(a: &[f64; TONE_COUNT], b: &[f64; TONE_COUNT]) -> f64 {
    let dot: f64 = a.iter().zip(b).map(|(x, y)| x * y).sum();
    let na: f64 = a.iter().map(|x| x * x).sum::<f64>().sqrt();
    let nb: f64 = b.iter().map(|x| x * x).sum::<f64>().sqrt();
    if na == 0.0 || nb == 0.0 {
        0.0
    } else {
        (dot / (na * nb)).clamp(0.0, 1.0)
    }
}

fn drift_status(ewma: f64, status: ProfileStatus) -> DriftStatus {
    let (low, moderate, high) = match status {
        ProfileStatus::Building => return DriftStatus::None,
        ProfileStatus::Established => LOW_SENSITIVITY,
        ProfileStatus::Confident => HIGH_SENSITIVITY,
    };
    if ewma >= high {
        DriftStatus::High
    } else if ewma >= moderate {
        DriftStatus::Moderate
    } else if ewma >= low {
        DriftStatus::Low
    } else {
        DriftStatus::None
    }
}

fn trend(profile: Option<&Profile>, score: u32, status: ProfileStatus) -> Trend {
    let Some(p) = profile else {
        return Trend::Stable;
    };
    if status == ProfileStatus::Building {
        return Trend::Stable;
    }
    let mut scores: Vec<f64> = p
        .score_history
        .iter()
        .rev()
        .take(9)
        .map(|e| f64::from(e.voice_score))
        .collect();
    scores.reverse();
    scores.push(f64::from(score));
    if scores.len() < 6 {
        return Trend::Stable;
    }
    let split = scores.len() - 5;
    let older = &scores[..split];
    let recent = &scores[split..];
    let mean = |s: &[f64]| s.iter().sum::<f64>() / s.len() as f64;
    let diff = mean(recent) - mean(older);
    if diff >= 5.0 {
        Trend::Improving
    } else if diff <= -5.0 {
        Trend::Declining
    } else {
        Trend::Stable
    }
}

/// Analyses one text against the brand's profile (None before the first analysis). Pure; the
/// caller then folds the result into the profile with [`Profile::learn`].
#[must_use]
#[allow(
    clippy::too_many_lines,
    reason = "one linear pipeline (classify, measure, compare, score, recommend) over shared locals"
)]
pub fn analyze(
    input: &AnalysisInput,
    profile: Option<&Profile>,
    opts: &AnalyzeOptions,
) -> Analysis {
    let started = Instant::now();
    let model = Model::embedded();
    let tf = features::extract(&input.title, &input.description);
    let pred = model.predict(&tf);
    let mut notes = Vec::new();

    // Short descriptions: shrink toward uniform (spec 2.7: 50+ words give the best results).
    let words = tf.style.word_count;
    let mut confidence = pred.probs[pred.tone.index()];
    if words < MIN_DESCRIPTION_WORDS {
        let lambda = 0.5 + 0.5 * words as f64 / MIN_DESCRIPTION_WORDS as f64;
        confidence = lambda * confidence + (1.0 - lambda) / TONE_COUNT as f64;
        notes.push(format!(
            "description has {}; {MIN_DESCRIPTION_WORDS}+ words give the best results, so confidence is lowered",
            crate::model::text::count(words, "word")
        ));
    }

    let mut vector = Vec::with_capacity(VECTOR_DIM);
    for i in 0..STYLE_DIM {
        vector.push((tf.style.values[i] - model.file.style_mean[i]) / model.file.style_sd[i]);
    }
    vector.extend(pred.probs.iter().map(|p| p / PROB_SCALE));

    let prior_count = profile.map_or(0, |p| p.analysis_count);
    let count = prior_count + 1;
    let status = ProfileStatus::for_count(count);
    let learned = profile.filter(|p| p.analysis_count > 0);
    let distances = learned.and_then(|p| p.distance(&vector));
    let prev_ewma = profile.map_or(1.0, |p| p.drift.ewma);
    let ewma = next_ewma(prev_ewma, distances.map(|d| d.0));
    let drift = if opts.drift_detection && distances.is_some() {
        drift_status(ewma, status)
    } else {
        DriftStatus::None
    };
    let drift_level = if distances.is_some() {
        ((ewma - 1.0) / 2.0).clamp(0.0, 1.0)
    } else {
        0.0
    };

    let context = input
        .voice_context
        .as_deref()
        .or_else(|| profile.and_then(|p| p.voice_context.as_deref()));
    let declared = context.and_then(Tone::from_context);
    let expected_tone = learned.and_then(Profile::dominant_tone).or(declared);

    // voiceScore (spec 2.7): against the learned profile — tone agreement (cosine of tone
    // probabilities with the profile's mean) and style similarity — else against the declared
    // tone, else how clearly the text carries one voice.
    let alignment = match (learned, distances, declared) {
        (Some(p), Some((_, style_d)), _) => {
            let tone_agree = cosine(&pred.probs, &p.mean_tone_probs());
            let style_sim = 1.0 / (1.0 + (style_d - 1.0).max(0.0).powi(2) / 2.0);
            0.6 * tone_agree + 0.4 * style_sim
        }
        (_, _, Some(t)) => pred.probs[t.index()].sqrt(),
        _ => confidence.sqrt(),
    }
    .clamp(0.0, 1.0);
    let voice_score = percent(alignment);
    let consistency_score = if distances.is_some() {
        1.0 / (1.0 + (ewma - 1.0).max(0.0).powi(2))
    } else {
        alignment
    };
    let trend = trend(profile, voice_score, status);

    let dominant_share = {
        let mut counts: Vec<u64> = Tone::ALL
            .iter()
            .map(|t| {
                profile
                    .and_then(|p| p.tone_counts.get(t).copied())
                    .unwrap_or(0)
            })
            .collect();
        counts[pred.tone.index()] += 1;
        let total: u64 = counts.iter().sum();
        counts.iter().copied().max().unwrap_or(0) as f64 / total.max(1) as f64
    };
    let stability = profile::stability(count, dominant_share, consistency_score);

    let recommendations = if opts.recommendations {
        recommend::recommend(&recommend::Context {
            model,
            features: &tf,
            confidence,
            detected: pred.tone,
            expected: expected_tone,
            from_profile: learned.is_some() && learned.and_then(Profile::dominant_tone).is_some(),
            profile: learned,
            vector: &vector,
            status,
            alignment,
            trend,
        })
    } else {
        Vec::new()
    };

    let drift_alert = profile.and_then(|p| {
        (drift > DriftStatus::None
            && p.alerts.alerts_enabled
            && drift_level >= p.alerts.alert_threshold)
            .then(|| DriftAlert {
                brand_name: p.brand_name.clone(),
                severity: drift,
                drift_level: round2(drift_level),
                threshold: p.alerts.alert_threshold,
                channels: p.alerts.notification_channels.clone(),
                message: format!(
                    "brand voice drift for '{}': {} (level {:.2} >= threshold {:.2}); text reads as {}{}",
                    p.brand_name,
                    drift.as_str(),
                    drift_level,
                    p.alerts.alert_threshold,
                    pred.tone,
                    expected_tone
                        .filter(|t| *t != pred.tone)
                        .map(|t| format!(", brand voice is {t}"))
                        .unwrap_or_default()
                ),
            })
    });

    let profile_maturity = if prior_count == 0 {
        "new: no learned profile yet (scored against the declared voice context)".to_string()
    } else {
        format!(
            "{}: learned from {prior_count} previous analyses",
            status.as_str()
        )
    };

    let data = VoiceAnalyzeData {
        brand_voice_analysis: BrandVoiceAnalysis {
            voice_score,
            detected_tone: pred.tone,
            confidence: round3(confidence),
            voice_characteristics: features::characteristics(&tf.style),
            consistency: Consistency {
                score: round3(consistency_score),
                trend,
                drift_status: drift,
            },
        },
        learning_intelligence: LearningIntelligence {
            profile_status: status,
            analysis_count: count,
            voice_stability: round2(stability),
            learning_phase: status.learning_phase().to_string(),
            confidence_progression: profile::confidence_progression(count),
        },
        recommendations,
        metadata: AnalysisMetadata {
            processing_time: started.elapsed().as_secs_f64(),
            analysis_method: METHOD.to_string(),
            profile_maturity,
            notes,
        },
    };
    Analysis {
        data,
        observation: Observation {
            vector,
            tone: pred.tone,
            probs: pred.probs,
            distance: distances.map(|d| d.0),
            ewma,
            drift_level,
            expected_tone,
            based_on_count: prior_count,
        },
        drift_alert,
    }
}

/// Analyses one text and folds it into `profile` (the usual path for `voice analyze`).
pub fn analyze_and_learn(
    input: &AnalysisInput,
    profile: &mut Profile,
    opts: &AnalyzeOptions,
    now: &str,
) -> Analysis {
    let analysis = analyze(input, Some(profile), opts);
    profile.learn(&analysis, now);
    analysis
}

/// 0–1 to a whole 0–100 score.
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "the value is clamped to 0..=100 before the cast"
)]
fn percent(unit: f64) -> u32 {
    (unit * 100.0).round().clamp(0.0, 100.0) as u32
}

fn round3(v: f64) -> f64 {
    (v * 1000.0).round() / 1000.0
}

#[cfg(test)]
mod tests;
