//! When and how long to wait before retrying a failed provider call: exponential backoff with deterministic
//! jitter, `Retry-After` (seconds or HTTP-date) honoured, capped by attempt count and by total wait.
//!
//! Waiting itself is done by the injectable [`Sleeper`] so tests run on virtual time.

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// Sleeps for a duration; tests pass one that records the duration and returns at once.
pub type Sleeper = Arc<dyn Fn(Duration) + Send + Sync>;

/// The current wall-clock time; used to interpret `Retry-After` HTTP-dates and timestamp call records.
pub type Clock = Arc<dyn Fn() -> SystemTime + Send + Sync>;

/// The real sleeper, [`std::thread::sleep`].
pub fn thread_sleeper() -> Sleeper {
    Arc::new(std::thread::sleep)
}

/// The real clock, [`SystemTime::now`].
pub fn system_clock() -> Clock {
    Arc::new(SystemTime::now)
}

/// How often and how long to retry retryable failures (429, 5xx, timeouts, dropped connections, empty replies).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Total HTTP attempts, the first included; 1 disables retries.
    pub max_attempts: u32,
    /// The backoff after the first failure; doubles after each further failure.
    pub initial_backoff: Duration,
    /// The largest computed backoff (a server's `Retry-After` may ask for longer and is honoured).
    pub max_backoff: Duration,
    /// The most time one call may spend waiting between attempts; a wait that would exceed it ends the call.
    pub max_total_wait: Duration,
    /// Seed for the jitter. The jitter also mixes in the request hash so concurrent calls do not retry in lockstep.
    pub jitter_seed: u64,
}

impl RetryPolicy {
    /// Defaults for real runs: 6 attempts, backoff from 2 s up to 60 s, at most 10 minutes of waiting per call.
    pub fn standard() -> RetryPolicy {
        RetryPolicy {
            max_attempts: 6,
            initial_backoff: Duration::from_secs(2),
            max_backoff: Duration::from_secs(60),
            max_total_wait: Duration::from_secs(600),
            jitter_seed: 0x5eed_11a4_b3c4_0001,
        }
    }

    /// The wait after `failed_attempt` (1-based) failed: the server's `Retry-After` if given, otherwise
    /// exponential backoff with "equal jitter" (half fixed, half random), so waits are within `[b/2, b]`.
    pub fn wait_before_retry(
        &self,
        failed_attempt: u32,
        retry_after: Option<Duration>,
        jitter_key: &str,
    ) -> Duration {
        if let Some(retry_after) = retry_after {
            return retry_after;
        }
        let doublings = failed_attempt.saturating_sub(1).min(30);
        let backoff = self.initial_backoff.saturating_mul(1u32 << doublings).min(self.max_backoff);
        let random_unit = jitter_unit_interval(self.jitter_seed, jitter_key, failed_attempt);
        backoff / 2 + backoff.mul_f64(random_unit / 2.0)
    }
}

/// Interprets a `Retry-After` header value: delay seconds (integer or decimal) or an HTTP-date
/// (`Sun, 06 Nov 1994 08:49:37 GMT`). A date in the past means "now". Unparsable values give `None`.
pub fn parse_retry_after(header_value: &str, now: SystemTime) -> Option<Duration> {
    let header_value = header_value.trim();
    if let Ok(seconds) = header_value.parse::<f64>() {
        return (seconds.is_finite() && seconds >= 0.0)
            .then(|| Duration::from_secs_f64(seconds.min(86_400.0)));
    }
    let retry_at = parse_http_date(header_value)?;
    Some(retry_at.duration_since(now).unwrap_or(Duration::ZERO))
}

/// Parses an IMF-fixdate (RFC 9110 §5.6.7), the only HTTP-date form servers may send today.
pub fn parse_http_date(text: &str) -> Option<SystemTime> {
    // "Sun, 06 Nov 1994 08:49:37 GMT"
    let (_weekday, rest) = text.split_once(", ")?;
    let mut fields = rest.split(' ');
    let day: u32 = fields.next()?.parse().ok()?;
    let month_name = fields.next()?;
    let year: i64 = fields.next()?.parse().ok()?;
    let time_of_day = fields.next()?;
    if fields.next()? != "GMT" || fields.next().is_some() {
        return None;
    }
    const MONTH_NAMES: [&str; 12] =
        ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    let month = MONTH_NAMES.iter().position(|name| *name == month_name)? as u32 + 1;
    let mut time_fields = time_of_day.split(':').map(|field| field.parse::<u32>().ok());
    let (hour, minute, second) = (time_fields.next()??, time_fields.next()??, time_fields.next()??);
    if time_fields.next().is_some()
        || !(1..=31).contains(&day)
        || hour > 23
        || minute > 59
        || second > 60
    {
        return None;
    }
    let days = days_from_civil(year, month, day);
    let seconds_since_epoch = days * 86_400 + i64::from(hour * 3600 + minute * 60 + second);
    let seconds_since_epoch = u64::try_from(seconds_since_epoch).ok()?;
    UNIX_EPOCH.checked_add(Duration::from_secs(seconds_since_epoch))
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_from_march = i64::from((month + 9) % 12);
    let day_of_year = (153 * month_from_march + 2) / 5 + i64::from(day) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

/// A deterministic number in `[0, 1)` from the seed, a key and the attempt (SplitMix64 over an FNV-1a hash).
fn jitter_unit_interval(seed: u64, jitter_key: &str, attempt: u32) -> f64 {
    let mut key_hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in jitter_key.bytes() {
        key_hash = (key_hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
    }
    let mut state = seed ^ key_hash ^ (u64::from(attempt) << 32);
    state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut mixed = state;
    mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    mixed ^= mixed >> 31;
    (mixed >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_retry_after_seconds_and_dates() {
        let now = UNIX_EPOCH + Duration::from_secs(784_111_777); // Sun, 06 Nov 1994 08:49:37 GMT
        assert_eq!(parse_retry_after("7", now), Some(Duration::from_secs(7)));
        assert_eq!(parse_retry_after(" 1.5 ", now), Some(Duration::from_millis(1500)));
        assert_eq!(
            parse_retry_after("Sun, 06 Nov 1994 08:49:47 GMT", now),
            Some(Duration::from_secs(10))
        );
        assert_eq!(parse_retry_after("Sun, 06 Nov 1994 08:00:00 GMT", now), Some(Duration::ZERO));
        assert_eq!(parse_retry_after("-3", now), None);
        assert_eq!(parse_retry_after("soon", now), None);
        assert_eq!(parse_retry_after("Sun, 06 Nov 1994 25:00:00 GMT", now), None);
    }

    #[test]
    fn http_date_matches_known_timestamps() {
        let parse_seconds = |text: &str| {
            parse_http_date(text)
                .and_then(|time| time.duration_since(UNIX_EPOCH).ok())
                .map(|d| d.as_secs())
        };
        assert_eq!(parse_seconds("Thu, 01 Jan 1970 00:00:00 GMT"), Some(0));
        assert_eq!(parse_seconds("Tue, 29 Feb 2028 12:00:00 GMT"), Some(1_835_438_400));
        assert_eq!(parse_seconds("Tue, 29 Feb 2028 12:00:00 UTC"), None);
    }

    #[test]
    fn backoff_grows_is_capped_and_is_deterministic() {
        let policy = RetryPolicy {
            max_attempts: 10,
            initial_backoff: Duration::from_secs(1),
            max_backoff: Duration::from_secs(8),
            max_total_wait: Duration::from_secs(100),
            jitter_seed: 42,
        };
        let waits: Vec<Duration> =
            (1..=6).map(|attempt| policy.wait_before_retry(attempt, None, "request-a")).collect();
        for (attempt_idx, wait) in waits.iter().enumerate() {
            let backoff = Duration::from_secs(1 << attempt_idx.min(3));
            assert!(*wait >= backoff / 2 && *wait <= backoff, "attempt {attempt_idx}: {wait:?}");
        }
        let again: Vec<Duration> =
            (1..=6).map(|attempt| policy.wait_before_retry(attempt, None, "request-a")).collect();
        assert_eq!(waits, again);
        let other_request: Vec<Duration> =
            (1..=6).map(|attempt| policy.wait_before_retry(attempt, None, "request-b")).collect();
        assert_ne!(waits, other_request);
        assert_eq!(
            policy.wait_before_retry(1, Some(Duration::from_secs(30)), "x"),
            Duration::from_secs(30)
        );
    }
}
