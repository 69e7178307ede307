//! The per-run request context: request id, clock, month and elapsed time (spec 2.9).
//!
//! Responsible for the one place feedlint reads the clock and makes a request id, so tests can
//! fix both: `FEEDLINT_NOW` (RFC 3339) freezes the clock and `FEEDLINT_REQUEST_ID` fixes the id.
//! Reads environment variables only; no other I/O.

use std::time::Instant;

use time::format_description::well_known::Rfc3339;
use time::{Date, Month, OffsetDateTime, Time, UtcOffset};

use crate::error::Error;

/// Environment variable fixing the clock (RFC 3339, for snapshot tests).
pub const NOW_ENV: &str = "FEEDLINT_NOW";
/// Environment variable fixing the request id (for snapshot tests).
pub const REQUEST_ID_ENV: &str = "FEEDLINT_REQUEST_ID";

/// What one run of a command knows about itself.
#[derive(Debug, Clone)]
pub struct RequestContext {
    /// `meta.requestId`: a UUID v4, or `FEEDLINT_REQUEST_ID`.
    pub request_id: String,
    /// When the run started (monotonic), for `processingTime`.
    pub started: Instant,
    /// The current time in UTC, or `FEEDLINT_NOW`.
    pub now: OffsetDateTime,
    /// Whether `FEEDLINT_NOW` froze the clock (then `processingTime` is 0).
    pub frozen_clock: bool,
}

impl RequestContext {
    /// Reads `FEEDLINT_NOW` and `FEEDLINT_REQUEST_ID`; an unparsable `FEEDLINT_NOW` is a usage
    /// error naming the variable.
    pub fn from_env() -> Result<Self, Error> {
        let now = match std::env::var(NOW_ENV) {
            Ok(text) if !text.is_empty() => Some(parse_now(&text)?),
            _ => None,
        };
        let request_id = match std::env::var(REQUEST_ID_ENV) {
            Ok(id) if !id.is_empty() => id,
            _ => uuid::Uuid::new_v4().to_string(),
        };
        Ok(Self::new(request_id, now))
    }

    /// A context with the given id and, if `now` is `Some`, a frozen clock.
    #[must_use]
    pub fn new(request_id: String, now: Option<OffsetDateTime>) -> Self {
        let frozen_clock = now.is_some();
        Self {
            request_id,
            started: Instant::now(),
            now: now.unwrap_or_else(OffsetDateTime::now_utc),
            frozen_clock,
        }
    }

    /// The calendar month (UTC) usage is counted in: `YYYY-MM`.
    #[must_use]
    pub fn month_key(&self) -> String {
        format!("{:04}-{:02}", self.now.year(), u8::from(self.now.month()))
    }

    /// Midnight UTC on the first day of the next month: when a test key's limit resets.
    #[must_use]
    pub fn month_reset(&self) -> OffsetDateTime {
        let (year, month) = match self.now.month() {
            Month::December => (self.now.year() + 1, Month::January),
            m => (self.now.year(), m.next()),
        };
        // Day 1 exists in every month of every representable year.
        Date::from_calendar_date(year, month, 1)
            .map_or(self.now, |d| d.with_time(Time::MIDNIGHT).assume_utc())
    }

    /// Whole seconds from now until [`Self::month_reset`], at least 1 (`retryAfter`, spec 7).
    #[must_use]
    pub fn seconds_until_reset(&self) -> u64 {
        let seconds = (self.month_reset() - self.now).as_seconds_f64().ceil();
        #[allow(
            clippy::cast_possible_truncation,
            clippy::cast_sign_loss,
            reason = "at most 31 days of seconds, clamped at 1"
        )]
        let whole = seconds.max(1.0) as u64;
        whole
    }

    /// `meta.timestamp`: ISO 8601 / RFC 3339 UTC to the second, e.g. `2026-11-22T04:00:00Z`.
    #[must_use]
    pub fn timestamp(&self) -> String {
        format_utc(self.now)
    }

    /// `meta.processingTime` in milliseconds since the run started (0 on a frozen clock).
    #[must_use]
    pub fn elapsed_ms(&self) -> u64 {
        if self.frozen_clock {
            return 0;
        }
        u64::try_from(self.started.elapsed().as_millis()).unwrap_or(u64::MAX)
    }
}

/// Formats a time as RFC 3339 in UTC to the second (`2026-12-01T00:00:00Z`).
#[must_use]
pub fn format_utc(t: OffsetDateTime) -> String {
    let t = t.to_offset(UtcOffset::UTC);
    let t = t.replace_nanosecond(0).unwrap_or(t);
    t.format(&Rfc3339)
        .unwrap_or_else(|_| format!("{:04}-01-01T00:00:00Z", t.year()))
}

fn parse_now(text: &str) -> Result<OffsetDateTime, Error> {
    OffsetDateTime::parse(text, &Rfc3339)
        .map(|t| t.to_offset(UtcOffset::UTC))
        .map_err(|e| {
            Error::usage(format!("{NOW_ENV}={text:?} is not an RFC 3339 time: {e}"))
                .with_help("Use a time like 2026-11-22T04:00:00Z, or unset the variable.")
        })
}

#[cfg(test)]
mod tests {
    use time::macros::datetime;

    use super::*;

    fn at(now: OffsetDateTime) -> RequestContext {
        RequestContext::new("req".into(), Some(now))
    }

    #[test]
    fn month_key_is_utc_year_and_month() {
        assert_eq!(at(datetime!(2026-11-22 04:00 UTC)).month_key(), "2026-11");
        // 23:30 on 31 Dec at UTC-2 is already January in UTC.
        let ctx = RequestContext::new(
            "r".into(),
            Some(parse_now("2026-12-31T23:30:00-02:00").unwrap()),
        );
        assert_eq!(ctx.month_key(), "2027-01");
    }

    #[test]
    fn reset_is_first_of_next_month_and_retry_after_counts_to_it() {
        let ctx = at(datetime!(2026-11-30 23:59:30 UTC));
        assert_eq!(format_utc(ctx.month_reset()), "2026-12-01T00:00:00Z");
        assert_eq!(ctx.seconds_until_reset(), 30);
        let ctx = at(datetime!(2026-12-15 00:00 UTC));
        assert_eq!(format_utc(ctx.month_reset()), "2027-01-01T00:00:00Z");
        assert_eq!(ctx.seconds_until_reset(), 17 * 24 * 3600);
        let ctx = at(datetime!(2026-11-30 23:59:59.5 UTC));
        assert_eq!(ctx.seconds_until_reset(), 1);
    }

    #[test]
    fn timestamp_is_rfc3339_utc_to_the_second() {
        let ctx = at(datetime!(2026-11-22 04:00:00.123 UTC));
        assert_eq!(ctx.timestamp(), "2026-11-22T04:00:00Z");
        assert_eq!(ctx.elapsed_ms(), 0);
    }

    #[test]
    fn bad_now_is_a_clear_usage_error() {
        let e = parse_now("yesterday").unwrap_err();
        assert!(e.message.contains("FEEDLINT_NOW"));
    }
}
