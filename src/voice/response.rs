//! The documented v2 response shapes for brand voice: the `data` of spec 2.7 (analysis) and
//! the profile list of spec 2.8 with `portfolioInsights`, plus the detailed profile view
//! (spec 4.6 GET .../profiles/{brandName}, whose fields the spec leaves undefined; defined here).
//!
//! Plain serde types with the spec's exact camelCase names; no logic beyond small enums.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::profile::{AlertSettings, DriftEvent, ScoreEntry};
use super::tone::Tone;

/// Learning phase of a brand profile (spec 3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ProfileStatus {
    Building,
    Established,
    Confident,
}

impl ProfileStatus {
    /// The phase after `analysis_count` analyses: building 1–10, established 11–25, confident
    /// above 25 (spec 3.1: "analysis count reaches 11", "exceeds 25").
    #[must_use]
    pub fn for_count(analysis_count: u64) -> ProfileStatus {
        match analysis_count {
            0..=10 => ProfileStatus::Building,
            11..=25 => ProfileStatus::Established,
            _ => ProfileStatus::Confident,
        }
    }

    /// Spec name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            ProfileStatus::Building => "building",
            ProfileStatus::Established => "established",
            ProfileStatus::Confident => "confident",
        }
    }

    /// Stability band (spec 3.1).
    #[must_use]
    pub fn stability_band(self) -> (f64, f64) {
        match self {
            ProfileStatus::Building => (0.0, 0.5),
            ProfileStatus::Established => (0.5, 0.8),
            ProfileStatus::Confident => (0.8, 1.0),
        }
    }

    /// Confidence band as the spec words it (spec 3.1).
    #[must_use]
    pub fn confidence_band(self) -> &'static str {
        match self {
            ProfileStatus::Building => "60-75%",
            ProfileStatus::Established => "75-85%",
            ProfileStatus::Confident => "85-95%",
        }
    }

    /// `learningIntelligence.learningPhase`: the capability the phase stands for.
    #[must_use]
    pub fn learning_phase(self) -> &'static str {
        match self {
            ProfileStatus::Building => "baseline_learning",
            ProfileStatus::Established => "pattern_reinforcement",
            ProfileStatus::Confident => "contextual_analysis",
        }
    }
}

/// Drift status and severity (spec 3.2): none, low, moderate, high.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum DriftStatus {
    #[default]
    None,
    Low,
    Moderate,
    High,
}

impl DriftStatus {
    /// Spec name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            DriftStatus::None => "none",
            DriftStatus::Low => "low",
            DriftStatus::Moderate => "moderate",
            DriftStatus::High => "high",
        }
    }
}

/// Consistency trend (spec 2.7): improving, stable, declining.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Trend {
    Improving,
    #[default]
    Stable,
    Declining,
}

impl Trend {
    /// Spec name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Trend::Improving => "improving",
            Trend::Stable => "stable",
            Trend::Declining => "declining",
        }
    }
}

/// Voice score grade (spec 2.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Grade {
    Excellent,
    Good,
    Fair,
    Poor,
}

impl Grade {
    /// Excellent 90+, Good 75–89, Fair 60–74, Poor below 60.
    #[must_use]
    pub fn for_score(score: u32) -> Grade {
        match score {
            90.. => Grade::Excellent,
            75..=89 => Grade::Good,
            60..=74 => Grade::Fair,
            _ => Grade::Poor,
        }
    }

    /// Spec name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Grade::Excellent => "Excellent",
            Grade::Good => "Good",
            Grade::Fair => "Fair",
            Grade::Poor => "Poor",
        }
    }
}

/// Recommendation type (spec 2.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RecommendationType {
    ToneOptimization,
    ConsistencyImprovement,
}

/// Recommendation impact (spec 2.7: medium, low seen).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Impact {
    Medium,
    Low,
}

/// `data` of the 2.7 response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VoiceAnalyzeData {
    pub brand_voice_analysis: BrandVoiceAnalysis,
    pub learning_intelligence: LearningIntelligence,
    pub recommendations: Vec<Recommendation>,
    pub metadata: AnalysisMetadata,
}

/// The full 2.7 body `{success, data}` (the CLI adds `meta`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct VoiceAnalyzeResponse {
    pub success: bool,
    pub data: VoiceAnalyzeData,
}

/// `data.brandVoiceAnalysis`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BrandVoiceAnalysis {
    /// 0–100; its grade is [`Grade::for_score`] (kept out of the JSON, which follows 2.7).
    pub voice_score: u32,
    pub detected_tone: Tone,
    pub confidence: f64,
    pub voice_characteristics: Vec<String>,
    pub consistency: Consistency,
}

/// `data.brandVoiceAnalysis.consistency`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Consistency {
    pub score: f64,
    pub trend: Trend,
    pub drift_status: DriftStatus,
}

/// `data.learningIntelligence`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LearningIntelligence {
    pub profile_status: ProfileStatus,
    pub analysis_count: u64,
    pub voice_stability: f64,
    pub learning_phase: String,
    pub confidence_progression: String,
}

/// One entry of `data.recommendations`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Recommendation {
    #[serde(rename = "type")]
    pub kind: RecommendationType,
    pub suggestion: String,
    pub impact: Impact,
    pub voice_alignment: f64,
}

/// `data.metadata`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalysisMetadata {
    /// Seconds (spec 2.7).
    pub processing_time: f64,
    pub analysis_method: String,
    pub profile_maturity: String,
    /// Notes about the input, e.g. a description under 50 words (lower confidence).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

/// `data` of the 2.8 list response.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfilesListData {
    pub profiles: Vec<ProfileListEntry>,
    pub portfolio_insights: PortfolioInsights,
}

/// One `profiles[]` entry (spec 2.8).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfileListEntry {
    pub brand_name: String,
    pub analysis_count: u64,
    pub profile_status: ProfileStatus,
    pub voice_stability: f64,
    pub drift_status: DriftStatusSummary,
}

/// The object form of `driftStatus` in the list (spec 2.8: severity and trendDirection).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DriftStatusSummary {
    pub severity: DriftStatus,
    pub trend_direction: Trend,
}

/// `portfolioInsights` (spec 2.8).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PortfolioInsights {
    /// Mean voice score over every analysis of every listed profile (0 when there are none).
    pub average_voice_score: f64,
    pub total_analyses: u64,
    /// growing, stable, declining (analyses this month vs last month) or new.
    pub monthly_trend: String,
}

/// The detailed profile (spec 4.6 GET; fields defined by feedlint, see docs/voice.md).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfileDetail {
    pub brand_name: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub voice_context: Option<String>,
    pub analysis_count: u64,
    pub profile_status: ProfileStatus,
    pub voice_stability: f64,
    pub drift_status: DriftStatusSummary,
    pub settings: AlertSettings,
    pub learning_analytics: LearningAnalytics,
    pub performance_metrics: PerformanceMetrics,
    pub created_at: String,
    pub updated_at: String,
}

/// Learning analytics of the detailed profile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LearningAnalytics {
    pub learning_phase: String,
    pub confidence_progression: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dominant_tone: Option<Tone>,
    /// Share of analyses per detected tone (every tone listed, sums to 1 once analysed).
    pub tone_distribution: BTreeMap<Tone, f64>,
    /// Analyses per calendar month, `YYYY-MM` → count (last 24 months).
    pub analyses_per_month: BTreeMap<String, u64>,
}

/// Performance metrics of the detailed profile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PerformanceMetrics {
    pub average_voice_score: f64,
    /// Mean of the last 10 scores.
    pub recent_average_voice_score: f64,
    pub consistency_score: f64,
    /// Most recent last; bounded.
    pub score_history: Vec<ScoreEntry>,
    /// The last 10 analyses whose drift was at least low, most recent last.
    pub recent_drift_events: Vec<DriftEvent>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phase_transitions_at_eleven_and_twenty_six() {
        assert_eq!(ProfileStatus::for_count(1), ProfileStatus::Building);
        assert_eq!(ProfileStatus::for_count(10), ProfileStatus::Building);
        assert_eq!(ProfileStatus::for_count(11), ProfileStatus::Established);
        assert_eq!(ProfileStatus::for_count(25), ProfileStatus::Established);
        assert_eq!(ProfileStatus::for_count(26), ProfileStatus::Confident);
    }

    #[test]
    fn grades_follow_spec_bands() {
        assert_eq!(Grade::for_score(100), Grade::Excellent);
        assert_eq!(Grade::for_score(90), Grade::Excellent);
        assert_eq!(Grade::for_score(89), Grade::Good);
        assert_eq!(Grade::for_score(75), Grade::Good);
        assert_eq!(Grade::for_score(74), Grade::Fair);
        assert_eq!(Grade::for_score(60), Grade::Fair);
        assert_eq!(Grade::for_score(59), Grade::Poor);
    }
}
