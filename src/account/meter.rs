//! Metering one request: checking the key, refusing over-limit requests before work, and
//! recording usage atomically afterwards (spec 1, 5, 7, 8).
//!
//! Responsible for the rules "a request is counted whole or not at all" and "a test key never
//! passes 1,000 validations a month". Reads and writes only through `store::Store`; no printing.

use serde::Serialize;

use super::{ApiKey, Counter, Endpoint, RequestContext, Tier, format_utc};
use crate::error::{Error, ErrorCode};
use crate::store::{AddUsage, SledStore, Store, StoreConfig, UsageAdd, UsageUpdate};

/// A key's usage in the current month, as `meta.usage` shows it (spec 2.9).
///
/// `limit` and `remaining` are `None` for production keys and serialise as the text
/// `"unlimited"` (the spec's tier text for production, sections 4.7 and 8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Usage {
    /// Validations of all counters of the key this month, this request included.
    pub monthly: u64,
    #[serde(serialize_with = "number_or_unlimited")]
    pub limit: Option<u64>,
    #[serde(serialize_with = "number_or_unlimited")]
    pub remaining: Option<u64>,
}

impl Usage {
    /// Usage of a key of `tier` that has used `monthly` this month.
    #[must_use]
    pub fn new(tier: Tier, monthly: u64) -> Self {
        let limit = tier.monthly_limit();
        Self {
            monthly,
            limit,
            remaining: limit.map(|l| l.saturating_sub(monthly)),
        }
    }
}

#[allow(
    clippy::ref_option,
    reason = "serde's serialize_with hands the field by reference"
)]
fn number_or_unlimited<S: serde::Serializer>(v: &Option<u64>, s: S) -> Result<S::Ok, S::Error> {
    match v {
        Some(n) => s.serialize_u64(*n),
        None => s.serialize_str("unlimited"),
    }
}

/// What recording a request produced: the source of `meta` and `billing`.
#[derive(Debug, Clone, PartialEq)]
pub struct Receipt {
    /// Units counted by this request (products, GTINs, analyses).
    pub count: u64,
    /// The counter they were counted on (`None` for unmetered endpoints).
    pub counter: Option<Counter>,
    /// Cost of this request in USD: 0 for test keys; for production keys priced piecewise on
    /// the counter's cumulative monthly usage (spec 8).
    pub cost_usd: f64,
    pub tier: Tier,
    /// The key's usage after this request.
    pub usage_after: Usage,
}

/// An authenticated caller of one endpoint for one request.
#[derive(Debug, Clone)]
pub struct Account {
    key: ApiKey,
    endpoint: Endpoint,
    store: SledStore,
    month: String,
    ctx: RequestContext,
}

/// `details` of every AUTH_REQUIRED error (spec 7: message and details text), whatever key, if
/// any, was given.
const PRODUCTION_ONLY: &str = "Brand voice analysis and profiles are available in the production \
                               environment only (adb_prod_... keys).";

impl Account {
    /// Checks the key for `endpoint`: missing or malformed → UNAUTHORIZED; a test key on a
    /// production-only endpoint → AUTH_REQUIRED (spec 5.4). Then reads the key's usage once, so
    /// that a database that cannot be used (a file, no permission, locked past the timeout,
    /// written by a newer feedlint, corrupt) is reported before any work or output.
    pub fn open(
        key: Option<&str>,
        store: &StoreConfig,
        endpoint: Endpoint,
        ctx: &RequestContext,
    ) -> Result<Self, Error> {
        Self::open_holding(key, store, endpoint, ctx, false)
    }

    /// [`Account::open`], and when `hold`, for a run whose work is short: the database then stays
    /// open (and locked against other processes) from this check until the account is dropped,
    /// through the usage being read or recorded, so it is opened once instead of twice
    /// ([`SledStore::hold`]). Not for runs that read a feed, a file or stdin.
    pub fn open_holding(
        key: Option<&str>,
        store: &StoreConfig,
        endpoint: Endpoint,
        ctx: &RequestContext,
        hold: bool,
    ) -> Result<Self, Error> {
        let key = match key {
            Some(raw) if !raw.is_empty() => ApiKey::parse(raw),
            _ => Err(ApiKey::missing()),
        }
        .map_err(|mut e| {
            // Spec 7: UNAUTHORIZED (an invalid or missing key) is the product, GTIN and batch
            // endpoints' code; a production-only endpoint answers any call without a production
            // key, none and malformed ones too, with AUTH_REQUIRED.
            if endpoint.production_only {
                e.code = ErrorCode::AuthRequired;
                if e.details.is_none() {
                    e.details = Some(serde_json::json!(PRODUCTION_ONLY));
                }
            }
            e
        })?;
        if endpoint.production_only && key.tier() != Tier::Production {
            return Err(Error::new(
                ErrorCode::AuthRequired,
                format!(
                    "{} {} requires a production API key; {} is a test key",
                    endpoint.method,
                    endpoint.path,
                    key.redacted()
                ),
            )
            .with_details(serde_json::json!(PRODUCTION_ONLY))
            .with_help(
                "Pass a production key (adb_prod_<random>) with --api-key or FEEDLINT_API_KEY.",
            ));
        }
        let account = Self {
            key,
            endpoint,
            store: SledStore::new(store)?,
            month: ctx.month_key(),
            ctx: ctx.clone(),
        };
        if hold {
            account.store.hold()?;
        }
        account.monthly_usage()?;
        Ok(account)
    }

    /// The parsed key (print only `key().redacted()`).
    #[must_use]
    pub fn key(&self) -> &ApiKey {
        &self.key
    }

    #[must_use]
    pub fn tier(&self) -> Tier {
        self.key.tier()
    }

    #[must_use]
    pub fn endpoint(&self) -> Endpoint {
        self.endpoint
    }

    /// The month usage is counted in (`YYYY-MM`, UTC).
    #[must_use]
    pub fn month(&self) -> &str {
        &self.month
    }

    /// The store, for modules that keep per-key data (brand-voice profiles), addressed by
    /// `key().hash_hex()`.
    #[must_use]
    pub fn store(&self) -> &SledStore {
        &self.store
    }

    /// For a test key, reads what [`Self::prefetch_limit`] allows of `items` and refuses an
    /// over-limit request before any work ([`Self::ensure_capacity`]); `None` for a production
    /// key, whose items are streamed. Reading stops at the first error, which is kept to be
    /// raised after the items before it are reported, as when streaming: nothing read is lost.
    pub fn prefetch<T>(
        &self,
        items: impl Iterator<Item = Result<T, Error>>,
    ) -> Result<Option<Prefetched<T>>, Error> {
        let Some(limit) = self.prefetch_limit()? else {
            return Ok(None);
        };
        let read = Prefetched::read(items, limit);
        self.ensure_capacity(read.len())?;
        Ok(Some(read))
    }

    /// Validations left this month for a test key (reads the store); `None` for production.
    pub fn remaining(&self) -> Result<Option<u64>, Error> {
        match self.tier().monthly_limit() {
            None => Ok(None),
            Some(limit) => Ok(Some(limit.saturating_sub(self.monthly_usage()?.total))),
        }
    }

    /// How many items a command should read at most before calling [`Self::ensure_capacity`]
    /// so that an over-limit request is refused before any work: `remaining + 1` for a test key
    /// (reading one more than fits proves the request is too big), `None` (no bound) for
    /// production keys.
    pub fn prefetch_limit(&self) -> Result<Option<u64>, Error> {
        Ok(self.remaining()?.map(|r| r.saturating_add(1)))
    }

    /// The key's usage of every counter this month (reads the store).
    pub fn monthly_usage(&self) -> Result<crate::store::MonthUsage, Error> {
        self.store.usage(&self.key.hash_hex(), &self.month)
    }

    /// Refuses, before any work, a request of `n` units that would take a test key past its
    /// monthly limit: RATE_LIMIT_EXCEEDED with usage, limit, reset date and `retryAfter` set to
    /// the seconds until the month resets (spec 7, 8). Production keys always pass.
    pub fn ensure_capacity(&self, n: u64) -> Result<(), Error> {
        let Some(limit) = self.tier().monthly_limit() else {
            return Ok(());
        };
        let used = self.monthly_usage()?.total;
        if used.saturating_add(n) > limit {
            return Err(self.over_limit(used, n, limit));
        }
        Ok(())
    }

    /// Counts `n` units of this request on the endpoint's counter in one atomic, flushed step,
    /// re-checking a test key's limit inside that step (a race lost to another process gives
    /// RATE_LIMIT_EXCEEDED and counts nothing). Call it once, after the work succeeded.
    /// Unmetered endpoints count nothing and report current usage.
    ///
    /// The promise, for every metered command: a request is counted exactly once, at the moment
    /// this transaction commits, with all its units. A run that fails or is killed before that
    /// moment has counted nothing; after it, everything. There is no state in between, on disk
    /// or after a crash (the store writes the counter and the month total in one sled
    /// transaction and flushes it before returning).
    pub fn record(&self, n: u64) -> Result<Receipt, Error> {
        let tier = self.tier();
        let Some(counter) = self.endpoint.counter else {
            let monthly = self.monthly_usage()?.total;
            return Ok(Receipt {
                count: 0,
                counter: None,
                cost_usd: 0.0,
                tier,
                usage_after: Usage::new(tier, monthly),
            });
        };
        let limit = tier.monthly_limit();
        let added = self.store.add_usage(
            &self.key.hash_hex(),
            &self.month,
            counter.as_str(),
            n,
            limit,
        )?;
        self.receipt(counter, n, added)
    }

    /// Takes back what `receipt` counted, for a run whose report could not be written after it
    /// was counted (a full disk, a closed output): a failed run counts nothing. The error
    /// returned is the one to report; `why` (the write's error) is returned when the take-back
    /// succeeds, and said together with it when it does not.
    #[must_use]
    pub fn take_back(&self, receipt: &Receipt, why: Error) -> Error {
        let (Some(counter), n @ 1..) = (receipt.counter, receipt.count) else {
            return why;
        };
        match self
            .store
            .take_back_usage(&self.key.hash_hex(), &self.month, counter.as_str(), n)
        {
            Ok(()) => why,
            Err(e) => why.with_help(format!(
                "the run was counted ({n} on {}) and could not be taken back: {}",
                counter.as_str(),
                e.message
            )),
        }
    }

    /// Counts `n` units AND updates the key's profile of `brand` in one atomic, flushed
    /// transaction (`f` maps the stored bytes to the new ones, as in `Store::update_profile`).
    /// Used where each unit changes stored state (one brand-voice analysis folds into its
    /// profile): after a crash the profile and the counter agree, since both or neither were
    /// written. Over a test key's limit nothing is written. Returns the receipt and the stored
    /// profile bytes.
    pub fn record_with_profile<F>(
        &self,
        n: u64,
        brand: &str,
        f: F,
    ) -> Result<(Receipt, Option<Vec<u8>>), Error>
    where
        F: FnOnce(Option<&[u8]>) -> Result<Option<Vec<u8>>, Error>,
    {
        let Some(counter) = self.endpoint.counter else {
            let stored = self.store.update_profile(&self.key.hash_hex(), brand, f)?;
            return Ok((self.record(0)?, stored));
        };
        let add = UsageAdd {
            month: &self.month,
            counter: counter.as_str(),
            n,
            limit: self.tier().monthly_limit(),
        };
        let (added, stored) =
            self.store
                .update_profile_counted(&self.key.hash_hex(), brand, add, f)?;
        Ok((self.receipt(counter, n, added)?, stored))
    }

    fn receipt(&self, counter: Counter, n: u64, added: AddUsage) -> Result<Receipt, Error> {
        let tier = self.tier();
        match added {
            AddUsage::OverLimit { total } => {
                Err(self.over_limit(total, n, tier.monthly_limit().unwrap_or(total)))
            }
            AddUsage::Added(UsageUpdate {
                counter_before,
                total_after,
                ..
            }) => Ok(Receipt {
                count: n,
                counter: Some(counter),
                cost_usd: cost_for(tier, counter, counter_before, n),
                tier,
                usage_after: Usage::new(tier, total_after),
            }),
        }
    }

    fn over_limit(&self, used: u64, n: u64, limit: u64) -> Error {
        let reset = format_utc(self.ctx.month_reset());
        // A feed is read only up to one item past what is left (`prefetch_limit`): it may hold
        // more, so the count is then a lower bound.
        let at_least = if n == limit.saturating_sub(used).saturating_add(1) {
            "at least "
        } else {
            ""
        };
        Error::new(
            ErrorCode::RateLimitExceeded,
            format!(
                "test key {} has used {used} of its {limit} validations for {}; {at_least}{n} \
                 more would exceed the monthly limit, which resets on {reset}",
                self.key.redacted(),
                self.month,
            ),
        )
        .with_help(
            "Nothing was validated or counted. Wait for the reset, send fewer items, or use a \
             production key (adb_prod_...), which has no monthly limit.",
        )
        .with_details(serde_json::json!({
            "usage": used,
            "limit": limit,
            "requested": n,
            "resetAt": reset,
        }))
        .with_retry_after(self.ctx.seconds_until_reset())
    }
}

/// Items read before any output (a test key's run, [`Account::prefetch`]): at most a bound, up
/// to the first error, which is kept.
pub struct Prefetched<T> {
    items: Vec<T>,
    error: Option<Error>,
}

impl<T> Prefetched<T> {
    /// Reads at most `limit` items, stopping at the first error.
    pub fn read(items: impl Iterator<Item = Result<T, Error>>, limit: u64) -> Self {
        let mut read = Self {
            items: Vec::new(),
            error: None,
        };
        for item in items.take(usize::try_from(limit).unwrap_or(usize::MAX)) {
            match item {
                Ok(item) => read.items.push(item),
                Err(e) => {
                    read.error = Some(e);
                    break;
                }
            }
        }
        read
    }

    /// How many items were read (not counting the error).
    #[must_use]
    pub fn len(&self) -> u64 {
        self.items.len() as u64
    }

    /// Whether no item was read.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Whether an error stopped the reading: the source has nothing more to give.
    #[must_use]
    pub fn failed(&self) -> bool {
        self.error.is_some()
    }

    /// The items, then the error that stopped the reading, if one did.
    pub fn into_results(self) -> impl Iterator<Item = Result<T, Error>> + Send
    where
        T: Send,
    {
        self.items.into_iter().map(Ok).chain(self.error.map(Err))
    }
}

/// Price of `n` units on `counter` after `already` this month: 0 in the test environment,
/// piecewise over the counter's bands in production (spec 8).
#[must_use]
pub fn cost_for(tier: Tier, counter: Counter, already: u64, n: u64) -> f64 {
    match tier {
        Tier::Test => 0.0,
        Tier::Production => super::plan::cost_usd(counter.bands(), already, n),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use time::macros::datetime;

    use super::*;

    const TEST_KEY: &str = "adb_test_abCDEFGHIJKLMNOP9z";
    const PROD_KEY: &str = "adb_prod_0123456789abcdefXY";

    fn setup(key: &str, endpoint: Endpoint) -> (tempfile::TempDir, Account) {
        let dir = tempfile::tempdir().unwrap();
        let config = StoreConfig::new(Some(dir.path().join("db")), Duration::from_secs(30));
        let ctx = RequestContext::new("req-1".into(), Some(datetime!(2026-11-30 23:00 UTC)));
        let account = Account::open(Some(key), &config, endpoint, &ctx).unwrap();
        (dir, account)
    }

    #[test]
    fn missing_key_is_unauthorized_and_test_key_on_voice_is_auth_required() {
        let ctx = RequestContext::new("r".into(), None);
        let config = StoreConfig::default();
        let e = Account::open(None, &config, Endpoint::VALIDATE_PRODUCT, &ctx).unwrap_err();
        assert_eq!(e.code, ErrorCode::Unauthorized);
        let e = Account::open(Some(TEST_KEY), &config, Endpoint::VOICE_ANALYZE, &ctx).unwrap_err();
        assert_eq!(e.code, ErrorCode::AuthRequired);
        assert!(!e.message.contains(TEST_KEY));
    }

    #[test]
    fn voice_without_a_production_key_is_auth_required_whatever_was_given() {
        let ctx = RequestContext::new("r".into(), None);
        let config = StoreConfig::default();
        for endpoint in [Endpoint::VOICE_ANALYZE, Endpoint::VOICE_PROFILES_LIST] {
            for key in [None, Some(""), Some("adb_live_0123456789abcdef")] {
                let e = Account::open(key, &config, endpoint, &ctx).unwrap_err();
                assert_eq!(e.code, ErrorCode::AuthRequired, "{key:?}");
                assert_eq!(
                    e.details,
                    Some(serde_json::json!(PRODUCTION_ONLY)),
                    "{key:?}"
                );
            }
        }
        let e = Account::open(
            Some("adb_live_0123456789abcdef"),
            &config,
            Endpoint::VALIDATE_GTIN,
            &ctx,
        )
        .unwrap_err();
        assert_eq!(e.code, ErrorCode::Unauthorized);
    }

    #[test]
    fn test_key_is_refused_before_passing_the_limit_with_reset_and_retry_after() {
        let (_dir, account) = setup(TEST_KEY, Endpoint::VALIDATE_PRODUCT);
        account.record(990).unwrap();
        assert_eq!(account.remaining().unwrap(), Some(10));
        assert_eq!(account.prefetch_limit().unwrap(), Some(11));
        account.ensure_capacity(10).unwrap();
        let e = account.ensure_capacity(11).unwrap_err();
        assert_eq!(e.code, ErrorCode::RateLimitExceeded);
        assert_eq!(e.retry_after, Some(3_600));
        assert!(e.message.contains("990 of its 1000"), "{}", e.message);
        assert!(e.message.contains("2026-12-01T00:00:00Z"));
        // The atomic re-check refuses too, and counts nothing.
        let e = account.record(11).unwrap_err();
        assert_eq!(e.code, ErrorCode::RateLimitExceeded);
        assert_eq!(account.remaining().unwrap(), Some(10));
        let receipt = account.record(10).unwrap();
        assert_eq!(receipt.usage_after, Usage::new(Tier::Test, 1_000));
        assert_eq!(receipt.usage_after.remaining, Some(0));
        assert!(receipt.cost_usd.abs() < f64::EPSILON);
    }

    /// A test key reads a feed up to one item past what is left; past that bound the count is a
    /// lower bound and the message says so. An error within the bound is kept, after the items
    /// before it, and does not make the run over the limit. Production keys read nothing ahead.
    #[test]
    fn prefetch_reads_to_the_bound_or_the_first_error() {
        let (_dir, account) = setup(TEST_KEY, Endpoint::VALIDATE_PRODUCT);
        account.record(990).unwrap();
        let feed = |n: u64| (0..n).map(Ok::<u64, Error>);
        let read = account.prefetch(feed(10)).unwrap().unwrap();
        assert_eq!(read.len(), 10);
        assert!(!read.failed());
        let e = account.prefetch(feed(1_000_000)).err().unwrap();
        assert_eq!(e.code, ErrorCode::RateLimitExceeded);
        assert!(e.message.contains("at least 11 more"), "{}", e.message);
        let e = account.ensure_capacity(12).unwrap_err();
        assert!(e.message.contains("; 12 more"), "{}", e.message);

        let broken = feed(3).chain(std::iter::once(Err(Error::input("bad row"))));
        let read = account.prefetch(broken.chain(feed(100))).unwrap().unwrap();
        assert_eq!(read.len(), 3);
        assert!(read.failed());
        let results: Vec<_> = read.into_results().collect();
        assert_eq!(results.len(), 4);
        assert!(results[..3].iter().all(Result::is_ok));
        assert_eq!(
            results[3].as_ref().err().map(|e| e.message.as_str()),
            Some("bad row")
        );

        let (_dir, prod) = setup(PROD_KEY, Endpoint::VALIDATE_PRODUCT);
        assert!(prod.prefetch(feed(5)).unwrap().is_none());
    }

    #[test]
    fn production_cost_is_piecewise_on_the_counters_monthly_usage() {
        let (_dir, account) = setup(PROD_KEY, Endpoint::VALIDATE_BATCH);
        account.ensure_capacity(1_000_000).unwrap();
        let first = account.record(9_975).unwrap();
        assert!((first.cost_usd - 798.0).abs() < 1e-6);
        // Crosses 10,000: 25 at $0.08 and 25 at $0.06.
        let second = account.record(50).unwrap();
        assert!((second.cost_usd - 3.5).abs() < 1e-9, "{}", second.cost_usd);
        assert_eq!(second.usage_after.monthly, 10_025);
        assert_eq!(second.usage_after.limit, None);
        assert_eq!(account.remaining().unwrap(), None);
        assert_eq!(account.prefetch_limit().unwrap(), None);
    }

    #[test]
    fn unmetered_endpoints_count_nothing() {
        let (_dir, account) = setup(PROD_KEY, Endpoint::VOICE_PROFILES_LIST);
        let receipt = account.record(5).unwrap();
        assert_eq!(receipt.count, 0);
        assert_eq!(receipt.usage_after.monthly, 0);
    }
}
