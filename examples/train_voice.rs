//! Trains the brand-voice tone classifier from the labelled corpus in data/voice and writes
//! src/voice/model.json, which the library embeds with `include_str!`.
//!
//! Run: `cargo run --release --example train_voice` (deterministic: same corpus, same file).

use std::path::Path;
use std::process::ExitCode;

use feedlint::voice::Tone;
use feedlint::voice::classifier::{self, Example};

fn main() -> ExitCode {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut corpus: Vec<Example> = Vec::new();
    for tone in Tone::ALL {
        let path = root
            .join("data/voice")
            .join(format!("{}.txt", tone.as_str()));
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) => {
                eprintln!("error: cannot read {}: {e}", path.display());
                return ExitCode::from(2);
            }
        };
        match classifier::parse_corpus(tone, &text) {
            Ok(mut ex) => corpus.append(&mut ex),
            Err(e) => {
                eprintln!("error: {}: {e}", path.display());
                return ExitCode::from(2);
            }
        }
    }
    let model = classifier::train(&corpus);
    let json = match serde_json::to_string(&model) {
        Ok(j) => j,
        Err(e) => {
            eprintln!("error: cannot serialise the model: {e}");
            return ExitCode::from(2);
        }
    };
    let out = root.join("src/voice/model.json");
    if let Err(e) = std::fs::write(&out, json + "\n") {
        eprintln!("error: cannot write {}: {e}", out.display());
        return ExitCode::from(2);
    }
    if let Some(cv) = &model.cv {
        println!(
            "{} texts, {}-fold CV accuracy {:.1}%, temperature {:.3}, held-out NLL {:.3}, ECE {:.3}",
            cv.examples,
            cv.folds,
            cv.accuracy * 100.0,
            model.temperature,
            cv.held_out_nll,
            cv.held_out_ece
        );
        for (tone, r) in &cv.recall {
            println!("  recall {:<15} {:.1}%", tone.as_str(), r * 100.0);
        }
        println!(
            "confusion (rows = true, columns = predicted, order {:?}):",
            Tone::ALL.map(Tone::as_str)
        );
        for row in &cv.confusion {
            println!("  {row:?}");
        }
    }
    println!("{} features -> {}", model.features.len(), out.display());
    ExitCode::SUCCESS
}
