//! Text features for brand-voice analysis (spec 2.7): tokenisation, the numeric style vector
//! (sentence length, punctuation, pronouns, contractions, imperatives, digits and units,
//! superlatives, sensory vocabulary, readability) and the hashed token features the classifier uses.
//!
//! Pure functions of the text; nothing here knows about profiles, models or output shapes.

/// Number of numeric style features in [`StyleFeatures::values`].
pub const STYLE_DIM: usize = 13;

/// Human names of the style features, in vector order (used in recommendations and docs).
pub const STYLE_NAMES: [&str; STYLE_DIM] = [
    "words per sentence",
    "exclamation marks per sentence",
    "questions per sentence",
    "second-person words (you, your) per word",
    "first-person singular words (I, me, my) per word",
    "first-person plural words (we, our, us) per word",
    "contractions per word",
    "sentences opening with an imperative verb",
    "numbers and units per word",
    "superlatives per word",
    "sensory and craft words per word",
    "Flesch reading ease / 100",
    "casual conversation markers per word",
];

/// Indexes into the style vector.
pub mod idx {
    pub const SENTENCE_LEN: usize = 0;
    pub const EXCLAIM: usize = 1;
    pub const QUESTION: usize = 2;
    pub const SECOND_PERSON: usize = 3;
    pub const FIRST_SINGULAR: usize = 4;
    pub const FIRST_PLURAL: usize = 5;
    pub const CONTRACTION: usize = 6;
    pub const IMPERATIVE: usize = 7;
    pub const DIGITS_UNITS: usize = 8;
    pub const SUPERLATIVE: usize = 9;
    pub const SENSORY: usize = 10;
    pub const READABILITY: usize = 11;
    pub const CASUAL: usize = 12;
}

const SECOND_PERSON: &[&str] = &[
    "you", "your", "yours", "yourself", "you're", "you'll", "you've", "you'd",
];
const FIRST_SINGULAR: &[&str] = &["i", "me", "my", "mine", "i'm", "i've", "i'll", "i'd"];
const FIRST_PLURAL: &[&str] = &["we", "our", "us", "ours", "we're", "we've", "we'll", "we'd"];
const CONTRACTION_S: &[&str] = &[
    "it's", "that's", "here's", "there's", "what's", "let's", "who's", "he's", "she's", "where's",
];
const IMPERATIVES: &[&str] = &[
    "add",
    "be",
    "believe",
    "build",
    "bring",
    "catch",
    "celebrate",
    "chase",
    "choose",
    "claim",
    "clear",
    "commit",
    "conquer",
    "create",
    "crush",
    "discover",
    "dig",
    "do",
    "don't",
    "dream",
    "drive",
    "drop",
    "earn",
    "embrace",
    "enjoy",
    "face",
    "feel",
    "fill",
    "find",
    "finish",
    "fuel",
    "get",
    "give",
    "go",
    "grab",
    "grow",
    "hit",
    "hop",
    "invest",
    "join",
    "keep",
    "lace",
    "leave",
    "let",
    "light",
    "lock",
    "make",
    "meet",
    "mix",
    "move",
    "never",
    "own",
    "pick",
    "plan",
    "plant",
    "play",
    "plug",
    "pop",
    "press",
    "pull",
    "push",
    "put",
    "raise",
    "reach",
    "recharge",
    "release",
    "rise",
    "roll",
    "ride",
    "set",
    "show",
    "slide",
    "slip",
    "snap",
    "start",
    "stay",
    "step",
    "stop",
    "strap",
    "swing",
    "take",
    "tackle",
    "train",
    "treat",
    "trust",
    "turn",
    "unleash",
    "use",
    "wake",
    "watch",
    "wear",
    "win",
    "zip",
];
const UNITS: &[&str] = &[
    "mm", "cm", "km", "kg", "g", "mg", "ml", "w", "kw", "v", "ah", "mah", "wh", "kwh", "hz", "khz",
    "mhz", "ghz", "gb", "tb", "mb", "gbps", "mbps", "rpm", "nm", "db", "psi", "lm", "fps", "px",
    "mp", "ipx4", "ipx5", "ipx7", "ip55", "ip67", "ip68", "°c", "oz", "lb", "lbs", "mmhg", "usb-c",
    "pcie", "nvme", "ddr4", "hdmi", "lux", "cfm",
];
const SUPERLATIVES: &[&str] = &[
    "best",
    "finest",
    "greatest",
    "ultimate",
    "most",
    "unbeatable",
    "unrivalled",
    "unmatched",
    "highest",
    "strongest",
    "fastest",
    "softest",
    "rarest",
    "purest",
    "biggest",
    "comfiest",
    "dreamiest",
    "toughest",
    "hardest",
    "cosiest",
    "fuzziest",
    "glowiest",
    "tastier",
];
const SENSORY: &[&str] = &[
    "silk",
    "silken",
    "silky",
    "velvet",
    "velvety",
    "supple",
    "sumptuous",
    "exquisite",
    "luminous",
    "lustrous",
    "lustre",
    "artisan",
    "artisans",
    "atelier",
    "heritage",
    "heirloom",
    "hand-stitched",
    "hand-finished",
    "handcrafted",
    "crafted",
    "craft",
    "craftsmanship",
    "master",
    "cashmere",
    "patina",
    "burnished",
    "polished",
    "refined",
    "elegant",
    "elegance",
    "whisper",
    "hushed",
    "glow",
    "gleam",
    "gleaming",
    "warmth",
    "soft",
    "softness",
    "fragrance",
    "scent",
    "aroma",
    "caress",
    "embrace",
    "rare",
    "precious",
    "indulgence",
    "sensuous",
    "delicate",
    "satin",
    "lacquer",
    "lacquered",
    "walnut",
    "marble",
    "brass",
    "gold",
    "crystal",
    "porcelain",
];
const CASUAL: &[&str] = &[
    "honestly",
    "okay",
    "look",
    "so",
    "yeah",
    "yep",
    "nope",
    "really",
    "pretty",
    "kind",
    "basically",
    "actually",
    "right",
    "hey",
    "sure",
    "reckon",
    "guess",
    "confession",
    "totally",
    "stuff",
    "thing",
    "deal",
    "anyway",
    "figured",
    "probably",
    "lot",
];

/// A token of a text: a lowercase word (letters, digits, inner apostrophes/hyphens).
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '’' || c == '-' || c == '°'))
        .map(|w| {
            w.trim_matches(|c: char| c == '\'' || c == '’' || c == '-')
                .replace('’', "'")
                .to_lowercase()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Splits a text into sentences on `.`, `!`, `?` (keeping the terminator), ignoring decimal points.
fn sentences(text: &str) -> Vec<&str> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let is_end = match b {
            b'!' | b'?' => true,
            b'.' => {
                let next_digit = bytes.get(i + 1).is_some_and(u8::is_ascii_digit);
                let prev_digit = i > 0 && bytes[i - 1].is_ascii_digit();
                !(next_digit && prev_digit)
            }
            _ => false,
        };
        let next_is_term = matches!(bytes.get(i + 1), Some(b'!' | b'?' | b'.'));
        if is_end && !next_is_term {
            let s = text[start..=i].trim();
            if s.chars().any(char::is_alphanumeric) {
                out.push(s);
            }
            start = i + 1;
        }
    }
    let rest = text[start..].trim();
    if rest.chars().any(char::is_alphanumeric) {
        out.push(rest);
    }
    out
}

fn syllables(word: &str) -> usize {
    let mut count = 0;
    let mut prev_vowel = false;
    for c in word.chars() {
        let v = matches!(c, 'a' | 'e' | 'i' | 'o' | 'u' | 'y');
        if v && !prev_vowel {
            count += 1;
        }
        prev_vowel = v;
    }
    if word.ends_with('e') && count > 1 && !word.ends_with("le") {
        count -= 1;
    }
    count.max(1)
}

fn is_numeric_or_unit(word: &str) -> bool {
    word.chars().any(|c| c.is_ascii_digit()) || UNITS.contains(&word)
}

/// The measured style of one text.
#[derive(Debug, Clone, PartialEq)]
pub struct StyleFeatures {
    /// The numeric style vector, in [`STYLE_NAMES`] order.
    pub values: [f64; STYLE_DIM],
    /// Number of words in the text.
    pub word_count: usize,
    /// Number of sentences.
    pub sentence_count: usize,
    /// Exclamation marks counted.
    pub exclamations: usize,
}

/// Measures the style of `text`.
#[must_use]
pub fn style(text: &str) -> StyleFeatures {
    let ws = words(text);
    let sents = sentences(text);
    let n_words = ws.len().max(1) as f64;
    let n_sent = sents.len().max(1) as f64;
    let count = |list: &[&str]| ws.iter().filter(|w| list.contains(&w.as_str())).count() as f64;
    let exclamations = text.matches('!').count();
    let questions = text.matches('?').count();
    let contractions = ws
        .iter()
        .filter(|w| {
            w.contains('\'')
                && (w.ends_with("n't")
                    || w.ends_with("'re")
                    || w.ends_with("'ve")
                    || w.ends_with("'ll")
                    || w.ends_with("'m")
                    || w.ends_with("'d")
                    || CONTRACTION_S.contains(&w.as_str()))
        })
        .count() as f64;
    let imperatives = sents
        .iter()
        .filter(|s| {
            words(s)
                .first()
                .is_some_and(|w| IMPERATIVES.contains(&w.as_str()))
        })
        .count() as f64;
    let digits = ws.iter().filter(|w| is_numeric_or_unit(w)).count() as f64;
    let superlatives = ws
        .iter()
        .filter(|w| SUPERLATIVES.contains(&w.as_str()))
        .count() as f64;
    let syl: usize = ws.iter().map(|w| syllables(w)).sum();
    let flesch = 206.835 - 1.015 * (n_words / n_sent) - 84.6 * (syl as f64 / n_words);
    let mut values = [0.0; STYLE_DIM];
    values[idx::SENTENCE_LEN] = ws.len() as f64 / n_sent;
    values[idx::EXCLAIM] = exclamations as f64 / n_sent;
    values[idx::QUESTION] = questions as f64 / n_sent;
    values[idx::SECOND_PERSON] = count(SECOND_PERSON) / n_words;
    values[idx::FIRST_SINGULAR] = count(FIRST_SINGULAR) / n_words;
    values[idx::FIRST_PLURAL] = count(FIRST_PLURAL) / n_words;
    values[idx::CONTRACTION] = contractions / n_words;
    values[idx::IMPERATIVE] = imperatives / n_sent;
    values[idx::DIGITS_UNITS] = digits / n_words;
    values[idx::SUPERLATIVE] = superlatives / n_words;
    values[idx::SENSORY] = count(SENSORY) / n_words;
    values[idx::READABILITY] = (flesch / 100.0).clamp(-1.0, 1.5);
    values[idx::CASUAL] = count(CASUAL) / n_words;
    StyleFeatures {
        values,
        word_count: ws.len(),
        sentence_count: sents.len(),
        exclamations,
    }
}

/// Bin edges turning each style value into a low/mid/high pseudo-token for the classifier.
const STYLE_BINS: [(f64, f64); STYLE_DIM] = [
    (9.0, 16.0),
    (0.05, 0.3),
    (0.05, 0.2),
    (0.01, 0.04),
    (0.005, 0.02),
    (0.005, 0.02),
    (0.005, 0.025),
    (0.1, 0.35),
    (0.03, 0.12),
    (0.001, 0.01),
    (0.01, 0.04),
    (0.45, 0.7),
    (0.01, 0.03),
];

/// FNV-1a, 32-bit: the hashing trick that maps feature strings to compact ids (stable across
/// platforms and releases, unlike `std`'s randomised hasher).
#[must_use]
pub fn fnv1a(parts: &[&[u8]]) -> u32 {
    let mut h: u32 = 0x811c_9dc5;
    for (i, p) in parts.iter().enumerate() {
        if i > 0 {
            h ^= 0x1f;
            h = h.wrapping_mul(0x0100_0193);
        }
        for &b in *p {
            h ^= u32::from(b);
            h = h.wrapping_mul(0x0100_0193);
        }
    }
    h
}

/// A text's features for the classifier: hashed ids of word unigrams, word bigrams, the
/// sentence-start word, punctuation marks and binned style values, each counted once per text
/// (binarised multinomial naive Bayes), plus the style measurements.
#[derive(Debug, Clone)]
pub struct TextFeatures {
    /// Sorted, deduplicated hashed feature ids.
    pub ids: Vec<u32>,
    /// Unigram ids with their words, for explaining a prediction (same order as they occur).
    pub words: Vec<(u32, String)>,
    /// Style measurements.
    pub style: StyleFeatures,
}

/// Extracts classifier features from a title and description.
#[must_use]
pub fn extract(title: &str, description: &str) -> TextFeatures {
    let ws = words(description);
    let title_ws = words(title);
    let st = style(description);
    let mut ids = Vec::with_capacity(ws.len() * 2 + title_ws.len() + 24);
    let mut unigrams = Vec::with_capacity(ws.len());
    for w in &ws {
        let id = fnv1a(&[b"w", w.as_bytes()]);
        ids.push(id);
        unigrams.push((id, w.clone()));
    }
    for pair in ws.windows(2) {
        ids.push(fnv1a(&[b"b", pair[0].as_bytes(), pair[1].as_bytes()]));
    }
    for w in &title_ws {
        ids.push(fnv1a(&[b"t", w.as_bytes()]));
    }
    for s in sentences(description) {
        if let Some(first) = words(s).first() {
            ids.push(fnv1a(&[b"s", first.as_bytes()]));
        }
        if let Some(last) = s.chars().last().filter(char::is_ascii_punctuation) {
            ids.push(fnv1a(&[b"p", last.to_string().as_bytes()]));
        }
    }
    for (i, (lo, hi)) in STYLE_BINS.iter().enumerate() {
        let v = st.values[i];
        let bin: &[u8] = if v < *lo {
            b"lo"
        } else if v < *hi {
            b"mid"
        } else {
            b"hi"
        };
        ids.push(fnv1a(&[b"f", &[u8::try_from(i).unwrap_or(u8::MAX)], bin]));
    }
    ids.sort_unstable();
    ids.dedup();
    TextFeatures {
        ids,
        words: unigrams,
        style: st,
    }
}

/// Human-readable traits actually present in a text (spec 2.7 `voiceCharacteristics`), in a
/// fixed order. Thresholds are on the raw style values.
#[must_use]
pub fn characteristics(st: &StyleFeatures) -> Vec<String> {
    let v = &st.values;
    let mut out = Vec::new();
    let mut push = |cond: bool, s: &str| {
        if cond {
            out.push(s.to_string());
        }
    };
    push(
        v[idx::SENTENCE_LEN] < 9.0 && st.sentence_count >= 2,
        "short punchy sentences",
    );
    push(v[idx::SENTENCE_LEN] > 18.0, "long flowing sentences");
    push(v[idx::EXCLAIM] >= 0.25, "exclamation-heavy");
    push(v[idx::QUESTION] >= 0.15, "rhetorical questions");
    push(v[idx::SECOND_PERSON] >= 0.03, "second-person address");
    push(v[idx::FIRST_SINGULAR] >= 0.015, "first-person storytelling");
    push(v[idx::FIRST_PLURAL] >= 0.02, "brand speaks as \"we\"");
    push(v[idx::CONTRACTION] >= 0.02, "casual contractions");
    push(v[idx::IMPERATIVE] >= 0.3, "imperative calls to action");
    push(v[idx::DIGITS_UNITS] >= 0.08, "technical specifications");
    push(v[idx::SUPERLATIVE] >= 0.01, "superlatives");
    push(v[idx::SENSORY] >= 0.03, "sensory and craft vocabulary");
    push(v[idx::CASUAL] >= 0.02, "chatty asides");
    push(v[idx::READABILITY] >= 0.75, "plain, easy-reading language");
    push(v[idx::READABILITY] < 0.4, "dense, formal wording");
    if out.is_empty() {
        out.push("neutral, even register".to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sentences_ignore_decimal_points() {
        let s = sentences("Weight 2.5 kg. Great! Really?");
        assert_eq!(s, vec!["Weight 2.5 kg.", "Great!", "Really?"]);
    }

    #[test]
    fn style_counts_pronouns_and_exclamations() {
        let st = style("You'll love it! We made it for you. Honestly, I do.");
        assert_eq!(st.sentence_count, 3);
        assert_eq!(st.exclamations, 1);
        assert!(st.values[idx::SECOND_PERSON] > 0.1);
        assert!(st.values[idx::CONTRACTION] > 0.0);
        assert!(st.values[idx::FIRST_PLURAL] > 0.0);
    }

    #[test]
    fn characteristics_name_technical_specs() {
        let st = style("Weighs 420 g. Output 65 W over USB-C. Capacity 20000 mAh at 3.7 V.");
        let c = characteristics(&st);
        assert!(c.iter().any(|s| s == "technical specifications"), "{c:?}");
        assert!(c.iter().any(|s| s == "short punchy sentences"), "{c:?}");
    }

    #[test]
    fn extract_is_deterministic_and_sorted() {
        let a = extract("T", "Some words here. More words!");
        let b = extract("T", "Some words here. More words!");
        assert_eq!(a.ids, b.ids);
        assert!(a.ids.windows(2).all(|w| w[0] < w[1]));
    }
}
