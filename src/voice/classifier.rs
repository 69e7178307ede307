//! The tone classifier (spec 2.7 `detectedTone`, `confidence`): a binarised multinomial naive
//! Bayes model over hashed word unigrams, bigrams, title words, sentence openers, end punctuation
//! and binned style features, with a softmax temperature fitted on held-out folds so that
//! `confidence` is calibrated. Also the corpus parser, the trainer and k-fold cross-validation.
//!
//! Training is pure computation over texts handed in; reading `data/voice` is the caller's job
//! (examples/train_voice.rs, tests). The embedded model is `model.json`, written by that trainer.

use std::collections::{BTreeMap, HashMap};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::features::{self, STYLE_DIM, TextFeatures};
use super::tone::{TONE_COUNT, Tone};

/// The method name reported in `metadata.analysisMethod` (spec 2.7).
pub const METHOD: &str = "multinomial-naive-bayes+style-features (offline)";

/// Version of the model file layout.
pub const MODEL_FORMAT_VERSION: u32 = 1;

/// Laplace smoothing constant.
const ALPHA: f64 = 0.3;
/// A feature must occur in this many training texts to be kept (prunes the embedded model).
const MIN_DOC_FREQ: u32 = 2;
/// Folds used by the trainer to fit the temperature and report accuracy.
pub const CV_FOLDS: usize = 5;

/// One labelled corpus text.
#[derive(Debug, Clone)]
pub struct Example {
    pub tone: Tone,
    pub category: String,
    pub title: String,
    pub description: String,
}

/// Parses one `data/voice/<tone>.txt` file: blocks of `# category | Title` followed by the
/// description on the next non-empty lines, blocks separated by blank lines.
pub fn parse_corpus(tone: Tone, text: &str) -> Result<Vec<Example>, String> {
    let mut out = Vec::new();
    let mut current: Option<(String, String, String, usize)> = None;
    let finish = |cur: Option<(String, String, String, usize)>,
                  out: &mut Vec<Example>|
     -> Result<(), String> {
        if let Some((category, title, description, line)) = cur {
            if description.trim().is_empty() {
                return Err(format!("line {line}: '{title}' has no description"));
            }
            out.push(Example {
                tone,
                category,
                title,
                description: description.trim().to_string(),
            });
        }
        Ok(())
    };
    for (i, line) in text.lines().enumerate() {
        let line_no = i + 1;
        if let Some(header) = line.strip_prefix("# ") {
            finish(current.take(), &mut out)?;
            let (category, title) = header
                .split_once('|')
                .ok_or_else(|| format!("line {line_no}: expected '# category | Title'"))?;
            current = Some((
                category.trim().to_string(),
                title.trim().to_string(),
                String::new(),
                line_no,
            ));
        } else if !line.trim().is_empty() {
            let cur = current
                .as_mut()
                .ok_or_else(|| format!("line {line_no}: text before the first '# ' header"))?;
            if !cur.2.is_empty() {
                cur.2.push(' ');
            }
            cur.2.push_str(line.trim());
        }
    }
    finish(current.take(), &mut out)?;
    Ok(out)
}

/// Cross-validation figures stored with the model and quoted in docs/voice.md.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CvSummary {
    pub folds: usize,
    pub examples: usize,
    pub accuracy: f64,
    pub recall: BTreeMap<Tone, f64>,
    /// `confusion[true][predicted]`, tones in [`Tone::ALL`] order.
    pub confusion: Vec<Vec<u32>>,
    /// Held-out accuracy when only the title and first sentence are given.
    pub first_sentence_accuracy: f64,
    /// Mean negative log-likelihood of the true tone at the fitted temperature (full texts and
    /// first sentences together).
    pub held_out_nll: f64,
    /// Expected calibration error (10 bins) of the held-out confidences (full and first sentence).
    pub held_out_ece: f64,
}

/// The serialised model (`src/voice/model.json`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelFile {
    pub format_version: u32,
    pub method: String,
    pub alpha: f64,
    pub min_doc_freq: u32,
    /// Softmax temperature fitted on held-out folds.
    pub temperature: f64,
    pub doc_counts: [u32; TONE_COUNT],
    /// Per-tone mean of the style vector over the corpus (generic recommendations).
    pub tone_style_mean: Vec<[f64; STYLE_DIM]>,
    /// Corpus-wide mean and standard deviation of each style value (standardises profiles).
    pub style_mean: [f64; STYLE_DIM],
    pub style_sd: [f64; STYLE_DIM],
    /// Sorted `(feature id, per-tone document frequency)`.
    pub features: Vec<(u32, [u32; TONE_COUNT])>,
    /// Stratified k-fold figures (the temperature comes from these folds).
    pub cv: Option<CvSummary>,
    /// Leave-one-category-out figures, reported alongside.
    pub cv_by_category: Option<CvSummary>,
}

/// A ready-to-use classifier.
#[derive(Debug)]
pub struct Model {
    pub file: ModelFile,
    log_prior: [f64; TONE_COUNT],
    log_prob: HashMap<u32, [f64; TONE_COUNT]>,
}

/// A classification result.
#[derive(Debug, Clone)]
pub struct Prediction {
    /// Calibrated probabilities in [`Tone::ALL`] order.
    pub probs: [f64; TONE_COUNT],
    /// Unscaled log joint scores.
    pub raw: [f64; TONE_COUNT],
    pub tone: Tone,
}

fn count_features(
    examples: &[(&Example, &TextFeatures)],
) -> (BTreeMap<u32, [u32; TONE_COUNT]>, [u32; TONE_COUNT]) {
    let mut table: BTreeMap<u32, [u32; TONE_COUNT]> = BTreeMap::new();
    let mut docs = [0u32; TONE_COUNT];
    for (ex, tf) in examples {
        let t = ex.tone.index();
        docs[t] += 1;
        for id in &tf.ids {
            table.entry(*id).or_insert([0; TONE_COUNT])[t] += 1;
        }
    }
    (table, docs)
}

fn train_counts(examples: &[(&Example, &TextFeatures)]) -> ModelFile {
    let (table, doc_counts) = count_features(examples);
    let features: Vec<(u32, [u32; TONE_COUNT])> = table
        .into_iter()
        .filter(|(_, c)| c.iter().sum::<u32>() >= MIN_DOC_FREQ)
        .collect();
    let mut tone_style_mean = vec![[0.0; STYLE_DIM]; TONE_COUNT];
    let mut style_mean = [0.0; STYLE_DIM];
    for (ex, tf) in examples {
        for i in 0..STYLE_DIM {
            tone_style_mean[ex.tone.index()][i] += tf.style.values[i];
            style_mean[i] += tf.style.values[i];
        }
    }
    let n = examples.len().max(1) as f64;
    for (t, row) in tone_style_mean.iter_mut().enumerate() {
        let d = f64::from(doc_counts[t].max(1));
        for v in row.iter_mut() {
            *v /= d;
        }
    }
    for v in &mut style_mean {
        *v /= n;
    }
    let mut style_sd = [0.0; STYLE_DIM];
    for (_, tf) in examples {
        for i in 0..STYLE_DIM {
            style_sd[i] += (tf.style.values[i] - style_mean[i]).powi(2);
        }
    }
    for v in &mut style_sd {
        *v = (*v / n).sqrt().max(1e-3);
    }
    ModelFile {
        format_version: MODEL_FORMAT_VERSION,
        method: METHOD.to_string(),
        alpha: ALPHA,
        min_doc_freq: MIN_DOC_FREQ,
        temperature: 1.0,
        doc_counts,
        tone_style_mean,
        style_mean,
        style_sd,
        features,
        cv: None,
        cv_by_category: None,
    }
}

impl Model {
    /// Builds the runtime tables from a model file.
    #[must_use]
    pub fn from_file(file: ModelFile) -> Model {
        let total_docs: u32 = file.doc_counts.iter().sum();
        let mut log_prior = [0.0; TONE_COUNT];
        for (lp, docs) in log_prior.iter_mut().zip(file.doc_counts) {
            *lp = ((f64::from(docs) + 1.0) / (f64::from(total_docs) + TONE_COUNT as f64)).ln();
        }
        let vocab = file.features.len() as f64;
        let mut totals = [0.0f64; TONE_COUNT];
        for (_, c) in &file.features {
            for t in 0..TONE_COUNT {
                totals[t] += f64::from(c[t]);
            }
        }
        let log_prob = file
            .features
            .iter()
            .map(|(id, c)| {
                let mut lp = [0.0; TONE_COUNT];
                for t in 0..TONE_COUNT {
                    lp[t] =
                        ((f64::from(c[t]) + file.alpha) / (totals[t] + file.alpha * vocab)).ln();
                }
                (*id, lp)
            })
            .collect();
        Model {
            file,
            log_prior,
            log_prob,
        }
    }

    /// The model trained by examples/train_voice.rs and embedded in the binary.
    #[must_use]
    pub fn embedded() -> &'static Model {
        static MODEL: OnceLock<Model> = OnceLock::new();
        MODEL.get_or_init(|| {
            // The file is generated at development time and checked by
            // `embedded_model_matches_corpus`; it is not user input.
            let file: ModelFile = serde_json::from_str(include_str!("model.json"))
                .expect("src/voice/model.json is a valid model (regenerate with train_voice)");
            Model::from_file(file)
        })
    }

    /// Unscaled log joint score per tone.
    #[must_use]
    pub fn raw_scores(&self, tf: &TextFeatures) -> [f64; TONE_COUNT] {
        let mut s = self.log_prior;
        for id in &tf.ids {
            if let Some(lp) = self.log_prob.get(id) {
                for t in 0..TONE_COUNT {
                    s[t] += lp[t];
                }
            }
        }
        s
    }

    /// Classifies a text; probabilities use the fitted temperature.
    #[must_use]
    pub fn predict(&self, tf: &TextFeatures) -> Prediction {
        let raw = self.raw_scores(tf);
        let probs = softmax(&raw, self.file.temperature);
        let best = argmax(&probs);
        Prediction {
            probs,
            raw,
            tone: Tone::ALL[best],
        }
    }

    /// Per-word evidence for tone `a` over tone `b` (log-likelihood ratio), for explanations.
    #[must_use]
    pub fn word_evidence(&self, id: u32, a: Tone, b: Tone) -> Option<f64> {
        self.log_prob
            .get(&id)
            .map(|lp| lp[a.index()] - lp[b.index()])
    }
}

/// Calibration bin 0..=9 of a probability.
#[allow(
    clippy::cast_possible_truncation,
    clippy::cast_sign_loss,
    reason = "the value is clamped to 0..=9 before the cast"
)]
fn confidence_bin(p: f64) -> usize {
    (p * 10.0).floor().clamp(0.0, 9.0) as usize
}

/// The text up to and including its first sentence terminator.
fn first_sentence(text: &str) -> &str {
    text.find(['.', '!', '?']).map_or(text, |i| &text[..=i])
}

/// Softmax of `raw / temperature`.
#[must_use]
pub fn softmax(raw: &[f64; TONE_COUNT], temperature: f64) -> [f64; TONE_COUNT] {
    let t = temperature.max(1e-6);
    let max = raw.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let mut out = [0.0; TONE_COUNT];
    let mut sum = 0.0;
    for i in 0..TONE_COUNT {
        out[i] = ((raw[i] - max) / t).exp();
        sum += out[i];
    }
    for v in &mut out {
        *v /= sum;
    }
    out
}

fn argmax(v: &[f64; TONE_COUNT]) -> usize {
    let mut best = 0;
    for i in 1..TONE_COUNT {
        if v[i] > v[best] {
            best = i;
        }
    }
    best
}

/// Held-out results of k-fold cross-validation.
#[derive(Debug, Clone)]
pub struct CvResult {
    pub summary: CvSummary,
    pub temperature: f64,
}

/// Stratified k-fold cross-validation: within each tone the i-th text goes to fold `i % k`
/// (texts are grouped by category in the corpus files, so folds mix categories). Fits the
/// softmax temperature minimising held-out negative log-likelihood over a log-spaced grid.
#[must_use]
pub fn cross_validate(examples: &[Example], k: usize) -> CvResult {
    let k = k.max(2);
    let mut seen = [0usize; TONE_COUNT];
    let folds: Vec<usize> = examples
        .iter()
        .map(|e| {
            let f = seen[e.tone.index()] % k;
            seen[e.tone.index()] += 1;
            f
        })
        .collect();
    cross_validate_folds(examples, &folds, k)
}

/// Leave-one-category-out cross-validation: each fold holds out every text of one of the six
/// categories, so the model is judged on products unlike any it was trained on. The trainer
/// fits the temperature on these harder held-out predictions.
#[must_use]
pub fn cross_validate_by_category(examples: &[Example]) -> CvResult {
    let mut cats: Vec<&str> = examples.iter().map(|e| e.category.as_str()).collect();
    cats.sort_unstable();
    cats.dedup();
    let folds: Vec<usize> = examples
        .iter()
        .map(|e| cats.iter().position(|c| *c == e.category).unwrap_or(0))
        .collect();
    cross_validate_folds(examples, &folds, cats.len())
}

fn cross_validate_folds(examples: &[Example], folds: &[usize], k: usize) -> CvResult {
    let feats: Vec<TextFeatures> = examples
        .iter()
        .map(|e| features::extract(&e.title, &e.description))
        .collect();
    // Held-out scores of the full texts (accuracy, recall) and of their first sentence alone
    // (calibration): full texts of this corpus are separable, which would drive a
    // likelihood-fitted temperature to zero; the truncated copies give the realistic mistakes
    // that short or ambiguous real-world copy produces.
    let short_feats: Vec<TextFeatures> = examples
        .iter()
        .map(|e| features::extract(&e.title, first_sentence(&e.description)))
        .collect();
    let mut held_out: Vec<(usize, [f64; TONE_COUNT])> = Vec::with_capacity(examples.len());
    let mut calibration: Vec<(usize, [f64; TONE_COUNT])> = Vec::with_capacity(examples.len() * 2);
    for fold in 0..k {
        let train: Vec<(&Example, &TextFeatures)> = examples
            .iter()
            .zip(&feats)
            .zip(folds)
            .filter(|(_, f)| **f != fold)
            .map(|(p, _)| p)
            .collect();
        let model = Model::from_file(train_counts(&train));
        for (i, f) in folds.iter().enumerate() {
            if *f == fold {
                let full = model.raw_scores(&feats[i]);
                held_out.push((i, full));
                calibration.push((i, full));
                calibration.push((i, model.raw_scores(&short_feats[i])));
            }
        }
    }
    held_out.sort_by_key(|(i, _)| *i);
    let nll = |t: f64| -> f64 {
        calibration
            .iter()
            .map(|(i, raw)| -softmax(raw, t)[examples[*i].tone.index()].max(1e-12).ln())
            .sum::<f64>()
            / calibration.len().max(1) as f64
    };
    let mut best_t = 1.0;
    let mut best_nll = f64::INFINITY;
    for step in 0..=120 {
        let t = (0.5f64.ln() + (200.0f64.ln() - 0.5f64.ln()) * f64::from(step) / 120.0).exp();
        let v = nll(t);
        if v < best_nll {
            best_nll = v;
            best_t = t;
        }
    }
    let short_correct = calibration
        .iter()
        .skip(1)
        .step_by(2)
        .filter(|(i, raw)| argmax(&softmax(raw, best_t)) == examples[*i].tone.index())
        .count() as f64;
    let mut bins = [(0.0f64, 0.0f64, 0u32); 10];
    for (i, raw) in &calibration {
        let p = softmax(raw, best_t);
        let pred = argmax(&p);
        let b = confidence_bin(p[pred]);
        bins[b].0 += p[pred];
        bins[b].1 += if pred == examples[*i].tone.index() {
            1.0
        } else {
            0.0
        };
        bins[b].2 += 1;
    }
    let mut confusion = vec![vec![0u32; TONE_COUNT]; TONE_COUNT];
    for (i, raw) in &held_out {
        let pred = argmax(&softmax(raw, best_t));
        confusion[examples[*i].tone.index()][pred] += 1;
    }
    let n = held_out.len().max(1) as f64;
    let correct: u32 = (0..TONE_COUNT).map(|t| confusion[t][t]).sum();
    let recall = Tone::ALL
        .iter()
        .map(|t| {
            let row: u32 = confusion[t.index()].iter().sum();
            (
                *t,
                f64::from(confusion[t.index()][t.index()]) / f64::from(row.max(1)),
            )
        })
        .collect();
    let ece = bins
        .iter()
        .filter(|b| b.2 > 0)
        .map(|b| (b.0 - b.1).abs() / calibration.len().max(1) as f64)
        .sum();
    CvResult {
        summary: CvSummary {
            folds: k,
            examples: examples.len(),
            accuracy: f64::from(correct) / n,
            recall,
            confusion,
            first_sentence_accuracy: short_correct / n,
            held_out_nll: best_nll,
            held_out_ece: ece,
        },
        temperature: best_t,
    }
}

/// Trains the model that gets embedded: cross-validates to fit the temperature and record the
/// held-out figures, then counts features over the whole corpus.
#[must_use]
pub fn train(examples: &[Example]) -> ModelFile {
    let cv = cross_validate(examples, CV_FOLDS);
    let feats: Vec<TextFeatures> = examples
        .iter()
        .map(|e| features::extract(&e.title, &e.description))
        .collect();
    let pairs: Vec<(&Example, &TextFeatures)> = examples.iter().zip(&feats).collect();
    let mut file = train_counts(&pairs);
    file.temperature = cv.temperature;
    file.cv = Some(cv.summary);
    file.cv_by_category = Some(cross_validate_by_category(examples).summary);
    file
}

/// The corpus shipped under data/voice, embedded for tests (the trainer reads the files).
#[cfg(test)]
pub(crate) fn shipped_corpus() -> Vec<Example> {
    let files: [(Tone, &str); TONE_COUNT] = [
        (
            Tone::Professional,
            include_str!("../../data/voice/professional.txt"),
        ),
        (
            Tone::Technical,
            include_str!("../../data/voice/technical.txt"),
        ),
        (
            Tone::Friendly,
            include_str!("../../data/voice/friendly.txt"),
        ),
        (Tone::Luxury, include_str!("../../data/voice/luxury.txt")),
        (Tone::Playful, include_str!("../../data/voice/playful.txt")),
        (
            Tone::Motivational,
            include_str!("../../data/voice/motivational.txt"),
        ),
        (
            Tone::Conversational,
            include_str!("../../data/voice/conversational.txt"),
        ),
    ];
    files
        .iter()
        .flat_map(|(t, s)| parse_corpus(*t, s).unwrap_or_default())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::category::Category;

    #[test]
    fn corpus_has_forty_texts_per_tone_across_all_categories() {
        let corpus = shipped_corpus();
        for tone in Tone::ALL {
            let texts: Vec<&Example> = corpus.iter().filter(|e| e.tone == tone).collect();
            assert!(texts.len() >= 40, "{tone}: {}", texts.len());
            for cat in Category::ALL {
                assert!(
                    texts.iter().any(|e| e.category == cat.key()),
                    "{tone} lacks {}",
                    cat.key()
                );
            }
            for e in &texts {
                assert!(Category::from_key(&e.category).is_some(), "{}", e.category);
                let words = e.description.split_whitespace().count();
                assert!((35..=90).contains(&words), "{}: {words} words", e.title);
            }
        }
        let mut descs: Vec<&str> = corpus.iter().map(|e| e.description.as_str()).collect();
        descs.sort_unstable();
        descs.dedup();
        assert_eq!(descs.len(), corpus.len(), "duplicate texts in corpus");
    }

    #[test]
    fn cross_validation_meets_accuracy_and_recall_targets() {
        let corpus = shipped_corpus();
        let cv = cross_validate(&corpus, CV_FOLDS);
        assert!(
            cv.summary.accuracy >= 0.85,
            "held-out accuracy {:.3}",
            cv.summary.accuracy
        );
        for (tone, r) in &cv.summary.recall {
            assert!(*r >= 0.70, "{tone} recall {r:.3}");
        }
        assert!(
            cv.summary.held_out_ece < 0.15,
            "ECE {}",
            cv.summary.held_out_ece
        );
    }

    #[test]
    fn embedded_model_matches_corpus() {
        let trained = train(&shipped_corpus());
        let embedded = &Model::embedded().file;
        assert_eq!(
            trained.features, embedded.features,
            "src/voice/model.json is stale: run `cargo run --release --example train_voice`"
        );
        assert!((trained.temperature - embedded.temperature).abs() < 1e-9);
        assert_eq!(trained.cv, embedded.cv);
    }

    #[test]
    fn parse_corpus_reports_missing_description() {
        let err =
            parse_corpus(Tone::Playful, "# apparel | Hat\n\n# apparel | Cap\nText.").unwrap_err();
        assert!(err.contains("line 1"), "{err}");
    }
}
