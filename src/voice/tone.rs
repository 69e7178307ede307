//! The seven brand-voice tones of spec 2.7 and the mapping from a declared `voiceContext` to a tone.
//!
//! This module only names tones; it must not classify text (see `classifier`) or hold profile state.

use serde::{Deserialize, Serialize};

/// A brand-voice tone (spec 2.7: "Tones seen across examples").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Tone {
    Professional,
    Technical,
    Friendly,
    Luxury,
    Playful,
    Motivational,
    Conversational,
}

/// Number of tones; the classifier's output vector has this length.
pub const TONE_COUNT: usize = 7;

impl Tone {
    /// Every tone, in the fixed order used by probability vectors and the model file.
    pub const ALL: [Tone; TONE_COUNT] = [
        Tone::Professional,
        Tone::Technical,
        Tone::Friendly,
        Tone::Luxury,
        Tone::Playful,
        Tone::Motivational,
        Tone::Conversational,
    ];

    /// The spec's lowercase name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Tone::Professional => "professional",
            Tone::Technical => "technical",
            Tone::Friendly => "friendly",
            Tone::Luxury => "luxury",
            Tone::Playful => "playful",
            Tone::Motivational => "motivational",
            Tone::Conversational => "conversational",
        }
    }

    /// Position in [`Tone::ALL`].
    #[must_use]
    pub fn index(self) -> usize {
        self as usize
    }

    /// Parses an exact tone name (case-insensitive).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Tone> {
        Tone::ALL
            .into_iter()
            .find(|t| t.as_str().eq_ignore_ascii_case(name.trim()))
    }

    /// The tone a free-text `voiceContext` (spec 2.7 `options.voiceContext`) declares, if any:
    /// the first tone name or synonym found in it, e.g. "premium, elegant" → luxury.
    #[must_use]
    pub fn from_context(context: &str) -> Option<Tone> {
        const SYNONYMS: [(&str, Tone); 34] = [
            ("professional", Tone::Professional),
            ("corporate", Tone::Professional),
            ("formal", Tone::Professional),
            ("business", Tone::Professional),
            ("authoritative", Tone::Professional),
            ("technical", Tone::Technical),
            ("specs", Tone::Technical),
            ("engineering", Tone::Technical),
            ("precise", Tone::Technical),
            ("friendly", Tone::Friendly),
            ("warm", Tone::Friendly),
            ("caring", Tone::Friendly),
            ("welcoming", Tone::Friendly),
            ("luxury", Tone::Luxury),
            ("luxurious", Tone::Luxury),
            ("premium", Tone::Luxury),
            ("elegant", Tone::Luxury),
            ("sophisticated", Tone::Luxury),
            ("refined", Tone::Luxury),
            ("playful", Tone::Playful),
            ("fun", Tone::Playful),
            ("quirky", Tone::Playful),
            ("whimsical", Tone::Playful),
            ("humorous", Tone::Playful),
            ("motivational", Tone::Motivational),
            ("inspiring", Tone::Motivational),
            ("inspirational", Tone::Motivational),
            ("empowering", Tone::Motivational),
            ("energetic", Tone::Motivational),
            ("conversational", Tone::Conversational),
            ("casual", Tone::Conversational),
            ("chatty", Tone::Conversational),
            ("relaxed", Tone::Conversational),
            ("informal", Tone::Conversational),
        ];
        let lower = context.to_lowercase();
        lower
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .find_map(|word| {
                SYNONYMS
                    .iter()
                    .find(|(syn, _)| *syn == word)
                    .map(|(_, tone)| *tone)
            })
    }
}

impl std::fmt::Display for Tone {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tone_order_matches_index() {
        for (i, t) in Tone::ALL.iter().enumerate() {
            assert_eq!(t.index(), i);
            assert_eq!(Tone::from_name(t.as_str()), Some(*t));
        }
    }

    #[test]
    fn voice_context_maps_synonyms_to_tones() {
        assert_eq!(
            Tone::from_context("Premium, elegant craftsmanship"),
            Some(Tone::Luxury)
        );
        assert_eq!(
            Tone::from_context("casual and chatty"),
            Some(Tone::Conversational)
        );
        assert_eq!(Tone::from_context("our brand"), None);
    }
}
