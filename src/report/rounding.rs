//! `f64::round` without a call to libm, for the scores and amounts a `batch` entry rounds.
//!
//! Responsible only for giving `f64::round`'s exact result (bit for bit, `-0.0` and NaN
//! included) with fewer instructions. Not responsible for deciding what is rounded or how it is
//! written.
//!
//! Why: the release build targets baseline x86-64, which has no rounding instruction (SSE4.1's
//! `roundsd`), so each `round` is a call into libm's `round` (~20 instructions with the call and
//! its bit juggling); a `batch` entry made six (two scores, two amounts, the coverage, the
//! category confidence).

/// Doubles of this magnitude and above are whole numbers already (2^52: the last power of two
/// whose doubles have a fractional bit).
const WHOLE_FROM: f64 = 4_503_599_627_370_496.0;

/// `v.round()` (half away from zero), bit for bit: below 2^52 by a truncating conversion to an
/// integer and back (both exact there) and the fraction left, which the subtraction gives
/// exactly; the sign put back last so that a negative value rounding to zero gives `-0.0`, as
/// `round` does. Anything else (large, infinite, NaN) goes to `round`. A proptest compares the
/// two on any double and around every half.
#[inline]
#[must_use]
pub(crate) fn round(v: f64) -> f64 {
    if v.abs() < WHOLE_FROM {
        #[expect(clippy::cast_possible_truncation, reason = "|v| < 2^52: exact")]
        let whole = v as i64;
        #[expect(clippy::cast_precision_loss, reason = "|whole| < 2^52: exact")]
        let fraction = v - whole as f64;
        let rounded = whole + i64::from(fraction >= 0.5) - i64::from(fraction <= -0.5);
        #[expect(clippy::cast_precision_loss, reason = "|rounded| <= 2^52: exact")]
        (rounded as f64).copysign(v)
    } else {
        v.round()
    }
}

/// One decimal (a score, a percentage): `(x * 10.0).round() / 10.0`.
#[inline]
#[must_use]
pub(crate) fn round1(x: f64) -> f64 {
    round(x * 10.0) / 10.0
}

/// Two decimals (an amount, a confidence): `(v * 100.0).round() / 100.0`, as
/// [`crate::revenue::impact::round_cents`] computes it.
#[inline]
#[must_use]
pub(crate) fn round2(v: f64) -> f64 {
    round(v * 100.0) / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn same(v: f64) {
        let (got, want) = (round(v), v.round());
        assert!(
            got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()),
            "{v:?}: {got:?} != {want:?}"
        );
    }

    #[test]
    fn rounds_as_round_at_the_edges() {
        for v in [
            0.0,
            -0.0,
            0.5,
            -0.5,
            0.499_999_999_999_999_94,
            -0.499_999_999_999_999_94,
            1.5,
            2.5,
            -2.5,
            0.1,
            -0.1,
            -0.7,
            4_503_599_627_370_495.5,
            -4_503_599_627_370_495.5,
            4_503_599_627_370_496.0,
            9_007_199_254_740_993.0,
            1e300,
            -1e300,
            f64::MIN_POSITIVE,
            -f64::MIN_POSITIVE,
            f64::MAX,
            f64::MIN,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::NAN,
        ] {
            same(v);
        }
    }

    proptest! {
        /// Any double, halves and their neighbours, and the scaled scores and amounts the
        /// callers round.
        #[test]
        fn rounds_as_round(
            any in proptest::num::f64::ANY,
            half in -1_000_000i64..1_000_000,
            cents in 0u64..100_000_000,
        ) {
            #[expect(clippy::cast_precision_loss, reason = "small")]
            let h = half as f64 + 0.5;
            for v in [any, h, f64::from_bits(h.to_bits() + 1), f64::from_bits(h.to_bits() - 1)] {
                same(v);
            }
            #[expect(clippy::cast_precision_loss, reason = "below 2^53")]
            let c = cents as f64 / 100.0;
            prop_assert_eq!(round1(c).to_bits(), ((c * 10.0).round() / 10.0).to_bits());
            prop_assert_eq!(round2(c / 3.0).to_bits(), crate::revenue::impact::round_cents(c / 3.0).to_bits());
            let (got, want) = (round1(any), (any * 10.0).round() / 10.0);
            prop_assert!(got.to_bits() == want.to_bits() || (got.is_nan() && want.is_nan()));
        }
    }
}
