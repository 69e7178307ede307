//! Brand voice profiles (spec 2.8, 3.1, 6): what feedlint has learned about one brandName of one
//! API key — running feature statistics, tone distribution, drift state, bounded score and drift
//! histories, alert settings — and the export/import format.
//!
//! Profiles are plain serde values. Storing them (per API-key hash and brandName, atomically) is
//! the store's job; nothing here touches files, the database or the network. Drift alerts are
//! recorded with the channels they are meant for; nothing is ever sent.

use std::collections::{BTreeMap, VecDeque};

use serde::{Deserialize, Serialize};

use super::Analysis;
use super::classifier::Model;
use super::features::STYLE_DIM;
use super::response::{
    DriftStatus, DriftStatusSummary, LearningAnalytics, PerformanceMetrics, PortfolioInsights,
    ProfileDetail, ProfileListEntry, ProfileStatus, ProfilesListData, Trend,
};
use super::stats::Welford;
use super::tone::{TONE_COUNT, Tone};
use crate::error::{Error, ErrorCode};

/// Version of the profile JSON layout; import refuses other versions.
pub const PROFILE_FORMAT_VERSION: u32 = 1;
/// Identifier of the export file format.
pub const EXPORT_FORMAT: &str = "feedlint-voice-profiles";
/// Dimension of a profile observation: the standardised style vector then the tone probabilities.
pub const VECTOR_DIM: usize = STYLE_DIM + TONE_COUNT;
/// Tone probabilities are divided by this before entering the vector (a unit comparable to
/// one corpus standard deviation of a style feature).
pub const PROB_SCALE: f64 = 0.3;
/// Smoothing of the drift EWMA (weight of the newest distance).
pub const EWMA_ALPHA: f64 = 0.5;
/// Default `alertThreshold` when none is configured.
pub const DEFAULT_ALERT_THRESHOLD: f64 = 0.4;
/// Bounds of the stored histories.
pub const SCORE_HISTORY_CAP: usize = 100;
pub const DRIFT_EVENTS_CAP: usize = 50;
pub const MONTHS_CAP: usize = 24;

/// The largest `analysisCount` an imported profile may have: a trillion, far beyond any real
/// brand, small enough that counts and score sums stay exact and can never overflow.
pub const MAX_IMPORTED_ANALYSES: u64 = 1_000_000_000_000;

/// The highest voice score of one analysis (`voiceScore` is 0-100).
pub const MAX_VOICE_SCORE: u32 = 100;

/// Bounds of an imported profile's drift distances and feature statistics: far beyond what
/// analyses produce (standardised features, distances clamped per dimension), small enough
/// that no later analysis can overflow them.
const MAX_DISTANCE: f64 = 1e6;
const MAX_FEATURE_MEAN: f64 = 1e6;
const MAX_FEATURE_M2: f64 = 1e15;

/// A notification channel (spec 2.8: email, slack). Recorded only; never contacted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Channel {
    Email,
    Slack,
}

/// Alert configuration (spec 2.8, 6).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AlertSettings {
    /// `alertsEnabled`, also accepted as `driftAlerts` (spec 6: either enables alerts).
    #[serde(alias = "driftAlerts")]
    pub alerts_enabled: bool,
    /// Drift level 0–1 at or above which an alert is raised.
    pub alert_threshold: f64,
    pub notification_channels: Vec<Channel>,
}

impl Default for AlertSettings {
    fn default() -> Self {
        AlertSettings {
            alerts_enabled: false,
            alert_threshold: DEFAULT_ALERT_THRESHOLD,
            notification_channels: Vec::new(),
        }
    }
}

/// The create/update body (spec 2.8, 4.6 POST/PUT): every field optional.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ProfileSettings {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voice_context: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drift_alerts: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alerts_enabled: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub alert_threshold: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notification_channels: Option<Vec<Channel>>,
}

/// Drift detector state: an EWMA of the distance between each new text and the profile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DriftState {
    pub ewma: f64,
    pub last_distance: f64,
    pub status: DriftStatus,
    pub trend: Trend,
    pub consistency: f64,
}

impl Default for DriftState {
    fn default() -> Self {
        DriftState {
            ewma: 1.0,
            last_distance: 0.0,
            status: DriftStatus::None,
            trend: Trend::Stable,
            consistency: 1.0,
        }
    }
}

/// One analysis in the score history.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ScoreEntry {
    pub at: String,
    pub analysis_count: u64,
    pub voice_score: u32,
    pub detected_tone: Tone,
    pub drift_status: DriftStatus,
}

/// An analysis whose drift was at least low; `alerted` when it passed the alert threshold
/// with alerts on, with the channels the alert is meant for (recorded, never sent).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DriftEvent {
    pub at: String,
    pub analysis_count: u64,
    pub severity: DriftStatus,
    pub drift_level: f64,
    pub detected_tone: Tone,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected_tone: Option<Tone>,
    pub alerted: bool,
    pub channels: Vec<Channel>,
    pub message: String,
}

/// A learned brand voice (one per API key and brandName).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub format_version: u32,
    pub brand_name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voice_context: Option<String>,
    pub alerts: AlertSettings,
    pub analysis_count: u64,
    /// Welford statistics of the observation vectors ([`VECTOR_DIM`] dimensions).
    pub feature_stats: Welford,
    pub tone_counts: BTreeMap<Tone, u64>,
    pub drift: DriftState,
    pub score_sum: f64,
    pub score_history: VecDeque<ScoreEntry>,
    pub drift_events: VecDeque<DriftEvent>,
    pub monthly_analyses: BTreeMap<String, u64>,
    pub created_at: String,
    pub updated_at: String,
}

/// The export/import document: `{"format": "feedlint-voice-profiles", "formatVersion": 1,
/// "profiles": [...]}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfileExport {
    pub format: String,
    pub format_version: u32,
    pub profiles: Vec<Profile>,
}

fn validation(msg: impl Into<String>) -> Error {
    Error::new(ErrorCode::ValidationError, msg)
}

impl Profile {
    /// A new, empty profile. `now` is an RFC 3339 timestamp supplied by the caller.
    pub fn new(brand_name: &str, settings: &ProfileSettings, now: &str) -> Result<Profile, Error> {
        let brand = brand_name.trim();
        if brand.is_empty() {
            return Err(validation("brandName must not be empty")
                .with_help("pass the brand identifier, e.g. --brand \"Acme\""));
        }
        let mut p = Profile {
            format_version: PROFILE_FORMAT_VERSION,
            brand_name: brand.to_string(),
            voice_context: None,
            alerts: AlertSettings::default(),
            analysis_count: 0,
            feature_stats: Welford::new(VECTOR_DIM),
            tone_counts: Tone::ALL.iter().map(|t| (*t, 0)).collect(),
            drift: DriftState::default(),
            score_sum: 0.0,
            score_history: VecDeque::new(),
            drift_events: VecDeque::new(),
            monthly_analyses: BTreeMap::new(),
            created_at: now.to_string(),
            updated_at: now.to_string(),
        };
        p.apply(settings, now)?;
        Ok(p)
    }

    /// Applies create/update settings (spec 4.6 PUT: settings, thresholds, alert configuration).
    pub fn apply(&mut self, settings: &ProfileSettings, now: &str) -> Result<(), Error> {
        if let (Some(a), Some(b)) = (settings.drift_alerts, settings.alerts_enabled) {
            if a != b {
                return Err(validation(
                    "driftAlerts and alertsEnabled disagree; give one of them",
                ));
            }
        }
        if let Some(t) = settings.alert_threshold {
            if !(0.0..=1.0).contains(&t) {
                return Err(validation(format!(
                    "alertThreshold must be between 0 and 1, got {t}"
                )));
            }
        }
        if let Some(ctx) = &settings.voice_context {
            let ctx = ctx.trim();
            self.voice_context = (!ctx.is_empty()).then(|| ctx.to_string());
        }
        if let Some(on) = settings.alerts_enabled.or(settings.drift_alerts) {
            self.alerts.alerts_enabled = on;
        }
        if let Some(t) = settings.alert_threshold {
            self.alerts.alert_threshold = t;
        }
        if let Some(ch) = &settings.notification_channels {
            let mut ch = ch.clone();
            ch.sort_unstable();
            ch.dedup();
            self.alerts.notification_channels = ch;
        }
        self.updated_at = now.to_string();
        Ok(())
    }

    /// Current learning phase.
    #[must_use]
    pub fn status(&self) -> ProfileStatus {
        ProfileStatus::for_count(self.analysis_count)
    }

    /// The tone most often detected so far.
    #[must_use]
    pub fn dominant_tone(&self) -> Option<Tone> {
        let mut best: Option<(Tone, u64)> = None;
        for (t, c) in &self.tone_counts {
            if *c > 0 && best.is_none_or(|(_, bc)| *c > bc) {
                best = Some((*t, *c));
            }
        }
        best.map(|(t, _)| t)
    }

    /// Share of analyses per tone.
    #[must_use]
    pub fn tone_distribution(&self) -> BTreeMap<Tone, f64> {
        let total: u64 = self.tone_counts.values().sum();
        Tone::ALL
            .iter()
            .map(|t| {
                let c = self.tone_counts.get(t).copied().unwrap_or(0);
                (
                    *t,
                    if total == 0 {
                        0.0
                    } else {
                        c as f64 / total as f64
                    },
                )
            })
            .collect()
    }

    /// voiceStability 0–1: within the phase's band (spec 3.1), the share of the dominant tone
    /// times the consistency, scaled by progress through the phase.
    #[must_use]
    pub fn voice_stability(&self) -> f64 {
        stability(
            self.analysis_count,
            self.dominant_share(),
            self.drift.consistency,
        )
    }

    fn dominant_share(&self) -> f64 {
        let total: u64 = self.tone_counts.values().sum();
        let max = self.tone_counts.values().copied().max().unwrap_or(0);
        if total == 0 {
            0.0
        } else {
            max as f64 / total as f64
        }
    }

    /// Mean voice score over every analysis.
    #[must_use]
    pub fn average_score(&self) -> f64 {
        if self.analysis_count == 0 {
            0.0
        } else {
            round2(self.score_sum / self.analysis_count as f64)
        }
    }

    /// Folds one analysis into the profile: statistics, tone counts, drift state, histories
    /// and monthly counts. `analysis` should come from [`super::analyze`] against this profile's
    /// current state; if the profile changed in between, drift is re-measured against it.
    pub fn learn(&mut self, analysis: &Analysis, now: &str) {
        let obs = &analysis.observation;
        let (ewma, distance) = if obs.based_on_count == self.analysis_count {
            (obs.ewma, obs.distance)
        } else {
            let d = self.distance(&obs.vector).map(|(all, _)| all);
            (next_ewma(self.drift.ewma, d), d)
        };
        self.analysis_count += 1;
        self.feature_stats.push(&obs.vector);
        *self.tone_counts.entry(obs.tone).or_insert(0) += 1;
        let data = &analysis.data;
        let consistency = &data.brand_voice_analysis.consistency;
        self.drift = DriftState {
            ewma,
            last_distance: distance.unwrap_or(0.0),
            status: consistency.drift_status,
            trend: consistency.trend,
            consistency: consistency.score,
        };
        let score = data.brand_voice_analysis.voice_score;
        self.score_sum += f64::from(score);
        self.score_history.push_back(ScoreEntry {
            at: now.to_string(),
            analysis_count: self.analysis_count,
            voice_score: score,
            detected_tone: obs.tone,
            drift_status: consistency.drift_status,
        });
        while self.score_history.len() > SCORE_HISTORY_CAP {
            self.score_history.pop_front();
        }
        if consistency.drift_status > DriftStatus::None {
            let alert = analysis.drift_alert.as_ref();
            self.drift_events.push_back(DriftEvent {
                at: now.to_string(),
                analysis_count: self.analysis_count,
                severity: consistency.drift_status,
                drift_level: obs.drift_level,
                detected_tone: obs.tone,
                expected_tone: obs.expected_tone,
                alerted: alert.is_some(),
                channels: alert.map(|a| a.channels.clone()).unwrap_or_default(),
                message: alert.map_or_else(
                    || {
                        format!(
                            "{} drift (below alert threshold or alerts off)",
                            consistency.drift_status.as_str()
                        )
                    },
                    |a| a.message.clone(),
                ),
            });
            while self.drift_events.len() > DRIFT_EVENTS_CAP {
                self.drift_events.pop_front();
            }
        }
        let month: String = now.chars().take(7).collect();
        *self.monthly_analyses.entry(month).or_insert(0) += 1;
        while self.monthly_analyses.len() > MONTHS_CAP {
            self.monthly_analyses.pop_first();
        }
        self.updated_at = now.to_string();
    }

    /// Distance of an observation to the profile: `(combined, style-only)`, each an RMS of
    /// z-scores against the profile's effective variances. Style z are clamped at 4 and tone z
    /// at 8 so one odd value cannot dominate; the combined distance weighs style and tone
    /// halves equally. `None` before the first analysis.
    #[must_use]
    pub fn distance(&self, vector: &[f64]) -> Option<(f64, f64)> {
        let w = &self.feature_stats;
        if w.count == 0 || vector.len() != VECTOR_DIM {
            return None;
        }
        let z2 = |i: usize, clamp: f64| {
            let z = (vector[i] - w.mean[i]) / w.effective_variance(i).sqrt();
            z.abs().min(clamp).powi(2)
        };
        let style: f64 = (0..STYLE_DIM).map(|i| z2(i, 4.0)).sum::<f64>() / STYLE_DIM as f64;
        let tone: f64 =
            (STYLE_DIM..VECTOR_DIM).map(|i| z2(i, 8.0)).sum::<f64>() / TONE_COUNT as f64;
        Some(((0.5 * style + 0.5 * tone).sqrt(), style.sqrt()))
    }

    /// The mean tone probabilities the profile has seen (in [`Tone::ALL`] order).
    #[must_use]
    pub fn mean_tone_probs(&self) -> [f64; TONE_COUNT] {
        let mut out = [0.0; TONE_COUNT];
        for (t, v) in out.iter_mut().enumerate() {
            *v = self.feature_stats.mean[STYLE_DIM + t] * PROB_SCALE;
        }
        out
    }

    /// The profile's mean raw style values (undoing the corpus standardisation).
    #[must_use]
    pub fn mean_style(&self, model: &Model) -> [f64; STYLE_DIM] {
        let mut out = [0.0; STYLE_DIM];
        for (i, v) in out.iter_mut().enumerate() {
            *v = self.feature_stats.mean[i] * model.file.style_sd[i] + model.file.style_mean[i];
        }
        out
    }

    fn drift_summary(&self) -> DriftStatusSummary {
        DriftStatusSummary {
            severity: self.drift.status,
            trend_direction: self.drift.trend,
        }
    }

    /// The 2.8 list entry.
    #[must_use]
    pub fn list_entry(&self) -> ProfileListEntry {
        ProfileListEntry {
            brand_name: self.brand_name.clone(),
            analysis_count: self.analysis_count,
            profile_status: self.status(),
            voice_stability: round2(self.voice_stability()),
            drift_status: self.drift_summary(),
        }
    }

    /// The detailed view (spec 4.6 GET .../profiles/{brandName}).
    #[must_use]
    pub fn detail(&self) -> ProfileDetail {
        let status = self.status();
        let recent: Vec<u32> = self
            .score_history
            .iter()
            .rev()
            .take(10)
            .map(|e| e.voice_score)
            .collect();
        let recent_avg = if recent.is_empty() {
            0.0
        } else {
            round2(recent.iter().map(|s| f64::from(*s)).sum::<f64>() / recent.len() as f64)
        };
        let skip = self.drift_events.len().saturating_sub(10);
        ProfileDetail {
            brand_name: self.brand_name.clone(),
            voice_context: self.voice_context.clone(),
            analysis_count: self.analysis_count,
            profile_status: status,
            voice_stability: round2(self.voice_stability()),
            drift_status: self.drift_summary(),
            settings: self.alerts.clone(),
            learning_analytics: LearningAnalytics {
                learning_phase: status.learning_phase().to_string(),
                confidence_progression: confidence_progression(self.analysis_count),
                dominant_tone: self.dominant_tone(),
                tone_distribution: self
                    .tone_distribution()
                    .into_iter()
                    .map(|(t, v)| (t, round2(v)))
                    .collect(),
                analyses_per_month: self.monthly_analyses.clone(),
            },
            performance_metrics: PerformanceMetrics {
                average_voice_score: self.average_score(),
                recent_average_voice_score: recent_avg,
                consistency_score: round2(self.drift.consistency),
                score_history: self.score_history.iter().cloned().collect(),
                recent_drift_events: self.drift_events.iter().skip(skip).cloned().collect(),
            },
            created_at: self.created_at.clone(),
            updated_at: self.updated_at.clone(),
        }
    }

    fn check(&self) -> Result<(), String> {
        if self.format_version != PROFILE_FORMAT_VERSION {
            return Err(format!(
                "profile '{}' has format version {}, this feedlint reads version {PROFILE_FORMAT_VERSION}",
                self.brand_name, self.format_version
            ));
        }
        if self.brand_name.trim().is_empty() {
            return Err("a profile has an empty brandName".into());
        }
        if !self.feature_stats.is_well_formed(VECTOR_DIM)
            || self.feature_stats.count != self.analysis_count
        {
            return Err(format!(
                "profile '{}' has inconsistent feature statistics",
                self.brand_name
            ));
        }
        if !(0.0..=1.0).contains(&self.alerts.alert_threshold) {
            return Err(format!(
                "profile '{}' has alertThreshold outside 0..1",
                self.brand_name
            ));
        }
        if !self.drift.ewma.is_finite() || !self.score_sum.is_finite() {
            return Err(format!(
                "profile '{}' has non-finite drift state",
                self.brand_name
            ));
        }
        self.check_figures()
            .map_err(|why| format!("profile '{}': {why}", self.brand_name))
    }

    /// The counts and sums an export carries, against what analyses can produce: each is finite
    /// and within what [`Self::learn`] could have made of `analysisCount` analyses, so that no
    /// later arithmetic on the profile (another analysis, averages, the portfolio's sums) can
    /// overflow or give inf or NaN. A `scoreSum` of 1.8e308 showed `avg score inf` after two
    /// analyses.
    fn check_figures(&self) -> Result<(), String> {
        let count = self.analysis_count;
        if count > MAX_IMPORTED_ANALYSES {
            return Err(format!(
                "analysisCount {count} is more than {MAX_IMPORTED_ANALYSES} analyses"
            ));
        }
        // Every analysis scores 0-100 (`voiceScore`).
        let max_sum = count as f64 * f64::from(MAX_VOICE_SCORE);
        if !(0.0..=max_sum).contains(&self.score_sum) {
            return Err(format!(
                "scoreSum {} is outside 0..={max_sum} (at most {MAX_VOICE_SCORE} per analysis, \
                 {})",
                number(self.score_sum),
                if count == 1 {
                    "1 analysis".to_owned()
                } else {
                    format!("{count} analyses")
                }
            ));
        }
        let tones = self
            .tone_counts
            .values()
            .try_fold(0_u64, |a, &n| a.checked_add(n));
        if tones != Some(count) {
            return Err(format!(
                "toneCounts add up to {}, not analysisCount {count}",
                tones.map_or_else(|| "more than 2^64".to_owned(), |n| n.to_string())
            ));
        }
        let months = self
            .monthly_analyses
            .values()
            .try_fold(0_u64, |a, &n| a.checked_add(n));
        if months.is_none_or(|n| n > count) {
            return Err(format!(
                "monthlyAnalyses add up to more than analysisCount {count}"
            ));
        }
        let d = &self.drift;
        for (field, v, max) in [
            ("drift.ewma", d.ewma, MAX_DISTANCE),
            ("drift.lastDistance", d.last_distance, MAX_DISTANCE),
            ("drift.consistency", d.consistency, 1.0),
        ] {
            if !(0.0..=max).contains(&v) {
                return Err(format!("{field} {} is outside 0..={max}", number(v)));
            }
        }
        let w = &self.feature_stats;
        if w.mean.iter().any(|m| m.abs() > MAX_FEATURE_MEAN)
            || w.m2.iter().any(|m| *m > MAX_FEATURE_M2)
        {
            return Err(format!(
                "featureStats hold values beyond what analyses produce (|mean| up to \
                 {MAX_FEATURE_MEAN}, m2 up to {MAX_FEATURE_M2})"
            ));
        }
        if let Some(e) = self
            .score_history
            .iter()
            .find(|e| e.voice_score > MAX_VOICE_SCORE || e.analysis_count > count)
        {
            return Err(format!(
                "scoreHistory has an entry (analysis {}, voiceScore {}) that no analysis of \
                 this profile gave",
                e.analysis_count, e.voice_score
            ));
        }
        if let Some(e) = self
            .drift_events
            .iter()
            .find(|e| !(0.0..=1.0).contains(&e.drift_level) || e.analysis_count > count)
        {
            return Err(format!(
                "driftEvents has an entry (analysis {}, driftLevel {}) that no analysis of \
                 this profile gave",
                e.analysis_count,
                number(e.drift_level)
            ));
        }
        Ok(())
    }
}

/// A figure as JSON writes it (`1.7976931348623157e+308`, not 309 digits).
fn number(v: f64) -> String {
    serde_json::Number::from_f64(v).map_or_else(|| v.to_string(), |n| n.to_string())
}

/// Builds the export document for `profiles` (sorted by brandName for a stable file).
#[must_use]
pub fn export_profiles(profiles: &[Profile]) -> ProfileExport {
    let mut profiles = profiles.to_vec();
    profiles.sort_by(|a, b| a.brand_name.cmp(&b.brand_name));
    ProfileExport {
        format: EXPORT_FORMAT.to_string(),
        format_version: PROFILE_FORMAT_VERSION,
        profiles,
    }
}

/// Parses and checks an export document (format name, version, each profile's consistency,
/// no duplicate brandName).
pub fn import_profiles(json: &str) -> Result<Vec<Profile>, Error> {
    let doc: ProfileExport = serde_json::from_str(json).map_err(|e| {
        Error::new(
            ErrorCode::ValidationError,
            format!("not a feedlint voice profile export: {e}"),
        )
        .with_help("export one with `feedlint voice profiles export`")
    })?;
    if doc.format != EXPORT_FORMAT {
        return Err(validation(format!(
            "unknown export format '{}', expected '{EXPORT_FORMAT}'",
            doc.format
        )));
    }
    if doc.format_version != PROFILE_FORMAT_VERSION {
        return Err(validation(format!(
            "export format version {} is not supported (this feedlint reads {PROFILE_FORMAT_VERSION})",
            doc.format_version
        )));
    }
    let mut names = std::collections::BTreeSet::new();
    for p in &doc.profiles {
        p.check().map_err(validation)?;
        if !names.insert(p.brand_name.as_str()) {
            return Err(validation(format!(
                "brandName '{}' appears twice in the export",
                p.brand_name
            )));
        }
    }
    Ok(doc.profiles)
}

/// The 2.8 list: entries sorted by brandName, and portfolio insights. `now` (RFC 3339) picks
/// the current month for `monthlyTrend`.
#[must_use]
pub fn profiles_list(profiles: &[Profile], now: &str) -> ProfilesListData {
    let mut entries: Vec<ProfileListEntry> = profiles.iter().map(Profile::list_entry).collect();
    entries.sort_by(|a, b| a.brand_name.cmp(&b.brand_name));
    let total: u64 = profiles
        .iter()
        .fold(0_u64, |a, p| a.saturating_add(p.analysis_count));
    let score_sum: f64 = profiles.iter().map(|p| p.score_sum).sum();
    let this_month: String = now.chars().take(7).collect();
    let prev_month = previous_month(&this_month);
    let count_in = |m: &str| -> u64 {
        profiles
            .iter()
            .map(|p| p.monthly_analyses.get(m).copied().unwrap_or(0))
            .fold(0_u64, u64::saturating_add)
    };
    let (cur, prev) = (count_in(&this_month), count_in(&prev_month));
    let monthly_trend = if prev == 0 {
        if cur == 0 { "stable" } else { "new" }
    } else if cur as f64 > prev as f64 * 1.1 {
        "growing"
    } else if (cur as f64) < prev as f64 * 0.9 {
        "declining"
    } else {
        "stable"
    };
    ProfilesListData {
        profiles: entries,
        portfolio_insights: PortfolioInsights {
            average_voice_score: if total == 0 {
                0.0
            } else {
                round2(score_sum / total as f64)
            },
            total_analyses: total,
            monthly_trend: monthly_trend.to_string(),
        },
    }
}

fn previous_month(month: &str) -> String {
    let (y, m) = month.split_once('-').unwrap_or(("0", "1"));
    let (y, m): (i32, u32) = (y.parse().unwrap_or(0), m.parse().unwrap_or(1));
    if m <= 1 {
        format!("{:04}-12", y - 1)
    } else {
        format!("{y:04}-{:02}", m - 1)
    }
}

/// EWMA update; unchanged when there is no distance yet.
pub(crate) fn next_ewma(ewma: f64, distance: Option<f64>) -> f64 {
    distance.map_or(ewma, |d| EWMA_ALPHA * d + (1.0 - EWMA_ALPHA) * ewma)
}

/// Stability within the phase band (see [`Profile::voice_stability`]).
pub(crate) fn stability(count: u64, dominant_share: f64, consistency: f64) -> f64 {
    let status = ProfileStatus::for_count(count);
    let (lo, hi) = status.stability_band();
    let progress = match status {
        ProfileStatus::Building => count as f64 / 10.0,
        ProfileStatus::Established => (count - 10) as f64 / 15.0,
        ProfileStatus::Confident => ((count - 25) as f64 / 25.0).min(1.0),
    };
    let raw = (dominant_share * consistency).clamp(0.0, 1.0);
    (lo + (hi - lo) * raw * progress).clamp(0.0, 1.0)
}

/// `learningIntelligence.confidenceProgression` for a count.
#[must_use]
pub fn confidence_progression(count: u64) -> String {
    let status = ProfileStatus::for_count(count);
    let band = status.confidence_band();
    match status {
        ProfileStatus::Building => format!(
            "building: {count}/10 analyses, confidence band {band}; established from analysis 11"
        ),
        ProfileStatus::Established => format!(
            "established: {count}/25 analyses, confidence band {band}; confident from analysis 26"
        ),
        ProfileStatus::Confident => {
            format!("confident: {count} analyses, confidence band {band}")
        }
    }
}

pub(crate) fn round2(v: f64) -> f64 {
    (v * 100.0).round() / 100.0
}
