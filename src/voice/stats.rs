//! Running statistics for brand-voice profiles: Welford's online mean and variance, with the
//! shrinkage prior and variance floor used when a profile has seen only a few texts (spec 3.1:
//! the profile "learns" from every analysis). Pure arithmetic; no knowledge of texts or tones.

use serde::{Deserialize, Serialize};

/// Prior variance (in standardised units) blended into small-sample variances.
pub const PRIOR_VARIANCE: f64 = 0.25;
/// Weight of the prior, in pseudo-observations.
pub const PRIOR_WEIGHT: f64 = 5.0;
/// No dimension's variance is taken below this, so one repeated value cannot make z explode.
pub const VARIANCE_FLOOR: f64 = 0.02;

/// Welford's online mean and sum of squared deviations per dimension.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Welford {
    pub count: u64,
    pub mean: Vec<f64>,
    pub m2: Vec<f64>,
}

impl Welford {
    /// An empty accumulator over `dim` dimensions.
    #[must_use]
    pub fn new(dim: usize) -> Welford {
        Welford {
            count: 0,
            mean: vec![0.0; dim],
            m2: vec![0.0; dim],
        }
    }

    /// Adds one observation (ignored unless it has the accumulator's dimension and is finite).
    pub fn push(&mut self, x: &[f64]) {
        if x.len() != self.mean.len() || x.iter().any(|v| !v.is_finite()) {
            return;
        }
        self.count += 1;
        let n = self.count as f64;
        for (i, &v) in x.iter().enumerate() {
            let delta = v - self.mean[i];
            self.mean[i] += delta / n;
            self.m2[i] += delta * (v - self.mean[i]);
        }
    }

    /// Sample variance (n − 1 denominator) of dimension `i`; 0 with fewer than two observations.
    #[must_use]
    pub fn variance(&self, i: usize) -> f64 {
        if self.count < 2 {
            0.0
        } else {
            (self.m2[i] / (self.count - 1) as f64).max(0.0)
        }
    }

    /// The variance used for distances: the sample variance shrunk toward [`PRIOR_VARIANCE`]
    /// with weight [`PRIOR_WEIGHT`], never below [`VARIANCE_FLOOR`].
    #[must_use]
    pub fn effective_variance(&self, i: usize) -> f64 {
        let dof = self.count.saturating_sub(1) as f64;
        ((self.m2[i].max(0.0) + PRIOR_WEIGHT * PRIOR_VARIANCE) / (dof + PRIOR_WEIGHT))
            .max(VARIANCE_FLOOR)
    }

    /// Whether the stored vectors are consistent (used when importing a profile).
    #[must_use]
    pub fn is_well_formed(&self, dim: usize) -> bool {
        self.mean.len() == dim
            && self.m2.len() == dim
            && self.mean.iter().chain(&self.m2).all(|v| v.is_finite())
            && self.m2.iter().all(|v| *v >= -1e-9)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn two_pass(xs: &[f64]) -> (f64, f64) {
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n;
        let var = if xs.len() < 2 {
            0.0
        } else {
            xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
        };
        (mean, var)
    }

    proptest! {
        #[test]
        fn welford_matches_two_pass_mean_and_variance(
            xs in proptest::collection::vec(-1.0e3f64..1.0e3, 1..200)
        ) {
            let mut w = Welford::new(1);
            for x in &xs {
                w.push(&[*x]);
            }
            let (mean, var) = two_pass(&xs);
            let tol = 1e-9 * (1.0 + mean.abs() + var.abs());
            prop_assert!((w.mean[0] - mean).abs() <= tol, "{} vs {}", w.mean[0], mean);
            prop_assert!((w.variance(0) - var).abs() <= tol * 10.0, "{} vs {}", w.variance(0), var);
            prop_assert_eq!(w.count, xs.len() as u64);
        }

        #[test]
        fn effective_variance_respects_floor(
            xs in proptest::collection::vec(-5.0f64..5.0, 0..50)
        ) {
            let mut w = Welford::new(1);
            for x in &xs {
                w.push(&[*x]);
            }
            prop_assert!(w.effective_variance(0) >= VARIANCE_FLOOR);
        }
    }

    #[test]
    fn welford_ignores_wrong_dimension_and_non_finite() {
        let mut w = Welford::new(2);
        w.push(&[1.0]);
        w.push(&[f64::NAN, 1.0]);
        assert_eq!(w.count, 0);
        w.push(&[1.0, 2.0]);
        assert_eq!(w.count, 1);
    }

    #[test]
    fn constant_series_uses_floor_not_zero() {
        let mut w = Welford::new(1);
        for _ in 0..1000 {
            w.push(&[3.0]);
        }
        assert!(w.variance(0).abs() < 1e-12);
        assert!(
            (w.effective_variance(0) - VARIANCE_FLOOR).abs() < 1e-3
                || w.effective_variance(0) >= VARIANCE_FLOOR
        );
    }
}
