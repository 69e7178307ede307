//! Sixteen feedlint processes at once on ONE database (issue 10, "Crashes and concurrency"):
//! `validate`, `gtin` and `voice analyze` with test and production keys. Every process must
//! exit 0, every counter of every key must be exact, and no profile update may be lost
//! (`analysisCount` = the analyses run for that key and brand).
//!
//! sled lets one process hold a database at a time; feedlint opens it only for short critical
//! sections and retries a locked open with jittered backoff (`store::sled_store`), which is what
//! this test exercises.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Child, Stdio};

use common::{PROD_A, PROD_B, TEST_A, TEST_B, analysis_counts, counters, feedlint, write_feed};

const GTINS: [&str; 3] = ["4006381333931", "5901234123457", "036000291452"];

/// One process of the mix and what it must count.
enum Job {
    /// `validate FEED`: one productValidation per product.
    Validate,
    /// `gtin A B C`: one gtinValidation per code.
    Gtin,
    /// `voice analyze --brand BRAND FEED`: one brandVoice per product, each folded into the
    /// profile.
    VoiceFeed(&'static str),
    /// `voice analyze --brand BRAND --title --description`: one analysis.
    VoiceOne(&'static str),
}

struct Mix {
    feed: PathBuf,
    feed_len: u64,
}

impl Mix {
    fn spawn(&self, db: &Path, key: &str, job: &Job) -> Child {
        let mut cmd = feedlint(db, Some(key));
        cmd.args(["--format", "json"]);
        match job {
            Job::Validate => cmd.arg("validate").arg(&self.feed),
            Job::Gtin => cmd.arg("gtin").args(GTINS),
            Job::VoiceFeed(brand) => cmd
                .args(["voice", "analyze", "--brand", brand])
                .arg(&self.feed),
            Job::VoiceOne(brand) => cmd.args([
                "voice",
                "analyze",
                "--brand",
                brand,
                "--title",
                "Northwind exquisite handcrafted leather weekender bag",
                "--description",
                "Crafted by hand from full-grain Italian leather, this weekender pairs timeless \
                 elegance with everyday durability. Solid brass hardware, a cotton-lined \
                 interior and a lifetime repair promise make it a companion for decades.",
            ]),
        };
        cmd.stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }

    /// Adds what `job` with `key` must count to `expected` (per key, per counter) and to
    /// `analyses` (per key, per brand).
    fn expect(
        &self,
        key: &str,
        job: &Job,
        expected: &mut BTreeMap<(String, &'static str), u64>,
        analyses: &mut BTreeMap<(String, &'static str), u64>,
    ) {
        let (counter, n, brand) = match job {
            Job::Validate => ("productValidation", self.feed_len, None),
            Job::Gtin => ("gtinValidation", GTINS.len() as u64, None),
            Job::VoiceFeed(b) => ("brandVoice", self.feed_len, Some(*b)),
            Job::VoiceOne(b) => ("brandVoice", 1, Some(*b)),
        };
        *expected.entry((key.to_owned(), counter)).or_default() += n;
        if let Some(brand) = brand {
            *analyses.entry((key.to_owned(), brand)).or_default() += n;
        }
    }
}

#[test]
fn sixteen_processes_mixing_commands_and_keys_lose_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("db");
    let feed = dir.path().join("feed.csv");
    write_feed(&feed, 5, 21);
    let mix = Mix { feed, feed_len: 5 };
    let jobs: Vec<(&str, Job)> = vec![
        (PROD_A, Job::Validate),
        (TEST_A, Job::Validate),
        (PROD_B, Job::Validate),
        (TEST_B, Job::Validate),
        (PROD_A, Job::Gtin),
        (TEST_A, Job::Gtin),
        (PROD_B, Job::Gtin),
        (TEST_B, Job::Gtin),
        (PROD_A, Job::VoiceFeed("Alpha")),
        (PROD_A, Job::VoiceOne("Alpha")),
        (PROD_A, Job::VoiceFeed("Beta")),
        (PROD_B, Job::VoiceFeed("Alpha")),
        (PROD_B, Job::VoiceOne("Alpha")),
        (PROD_B, Job::VoiceOne("Alpha")),
        (TEST_A, Job::Validate),
        (PROD_A, Job::VoiceOne("Alpha")),
    ];
    assert_eq!(jobs.len(), 16);

    let mut expected = BTreeMap::new();
    let mut analyses = BTreeMap::new();
    // Two rounds of sixteen: the second also races against a database that already has data.
    for round in 0..2 {
        let children: Vec<Child> = jobs
            .iter()
            .map(|(key, job)| mix.spawn(&db, key, job))
            .collect();
        for (child, (key, job)) in children.into_iter().zip(&jobs) {
            let out = child.wait_with_output().unwrap();
            assert_eq!(
                out.status.code(),
                Some(0),
                "round {round}: a process failed: {}",
                String::from_utf8_lossy(&out.stderr)
            );
            mix.expect(key, job, &mut expected, &mut analyses);
        }

        for key in [PROD_A, PROD_B, TEST_A, TEST_B] {
            let (got, total) = counters(&db, key);
            let mut want_total = 0;
            for counter in [
                "productValidation",
                "gtinValidation",
                "revenue",
                "brandVoice",
            ] {
                let want = expected
                    .get(&(key.to_owned(), counter))
                    .copied()
                    .unwrap_or(0);
                want_total += want;
                assert_eq!(
                    got.get(counter).copied().unwrap_or(0),
                    want,
                    "round {round}: {counter} of {key}"
                );
            }
            assert_eq!(total, want_total, "round {round}: total of {key}");
        }
        for key in [PROD_A, PROD_B] {
            let stored = analysis_counts(&db, key);
            let want: BTreeMap<String, u64> = analyses
                .iter()
                .filter(|((k, _), _)| k == key)
                .map(|((_, brand), n)| ((*brand).to_owned(), *n))
                .collect();
            assert_eq!(
                stored, want,
                "round {round}: analysisCount per brand of {key}"
            );
        }
    }
}
