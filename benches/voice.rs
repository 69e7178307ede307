//! Benchmark of one brand-voice analysis (issue 8: under a millisecond on a typical
//! description): an ~80-word description analysed with no profile, against an established
//! profile, and analysed-and-learned into a profile.

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use feedlint::voice::{
    AnalysisInput, AnalyzeOptions, Profile, ProfileSettings, analyze, analyze_and_learn,
};

const NOW: &str = "2026-11-22T00:00:00Z";

fn typical() -> AnalysisInput {
    AnalysisInput {
        title: "Harbour Merino Travel Blazer".into(),
        description:
            "The Harbour blazer is tailored from a fine merino blend that resists creases \
            on long journeys and keeps its shape from the first meeting to the last. A soft \
            half-lining breathes in warm rooms, and four interior pockets hold a passport, phone \
            and boarding pass securely. The relaxed shoulder allows easy movement, while the \
            clean notch lapel pairs with trousers or denim. Machine washable on a gentle cycle, \
            it is a dependable companion for business travel."
                .into(),
        brand: Some("Harbour".into()),
        category: Some("apparel".into()),
        voice_context: Some("professional".into()),
    }
}

fn bench(c: &mut Criterion) {
    let input = typical();
    let opts = AnalyzeOptions::default();
    // Warm the embedded model (parsed once per process).
    let _ = analyze(&input, None, &opts);
    let mut profile =
        Profile::new("Harbour", &ProfileSettings::default(), NOW).unwrap_or_else(|e| panic!("{e}"));
    for _ in 0..20 {
        analyze_and_learn(&input, &mut profile, &opts, NOW);
    }
    c.bench_function("voice_analyze_80_words_no_profile", |b| {
        b.iter(|| analyze(black_box(&input), None, &opts));
    });
    c.bench_function("voice_analyze_80_words_established_profile", |b| {
        b.iter(|| analyze(black_box(&input), Some(&profile), &opts));
    });
    c.bench_function("voice_analyze_and_learn_80_words", |b| {
        b.iter_batched(
            || profile.clone(),
            |mut p| analyze_and_learn(black_box(&input), &mut p, &opts, NOW),
            criterion::BatchSize::SmallInput,
        );
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(50).measurement_time(std::time::Duration::from_secs(3));
    targets = bench
}
criterion_main!(benches);
