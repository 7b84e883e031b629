//! TLC's progress line, printed once a minute during a breadth-first search: the counters so
//! far, with the states generated and found since the previous line as per-minute rates.

use std::time::{Duration, Instant};

use tla_check::report::{self, Message};

pub(crate) struct ProgressReports {
    last: Instant,
    generated: u64,
    distinct: u64,
}

impl ProgressReports {
    const INTERVAL: Duration = Duration::from_secs(60);

    pub(crate) fn new(started: Instant) -> ProgressReports {
        ProgressReports { last: started, generated: 0, distinct: 0 }
    }

    /// The line to print now, if a minute has passed since the previous one; `now` is the
    /// time of day as TLC prints it.
    pub(crate) fn due(&mut self, statistics: &tla_check::Statistics, now: &str) -> Option<Message> {
        if self.last.elapsed() < Self::INTERVAL {
            return None;
        }
        self.last = Instant::now();
        let per_minute = statistics.generated.saturating_sub(self.generated);
        let distinct_per_minute = statistics.distinct.saturating_sub(self.distinct);
        self.generated = statistics.generated;
        self.distinct = statistics.distinct;
        let group = report::group_thousands;
        Some(Message::info(
            report::code::PROGRESS,
            format!(
                "Progress({}) at {now}: {} states generated ({} s/min), {} distinct states found ({} ds/min), {} states left on queue.",
                statistics.depth,
                group(statistics.generated),
                group(per_minute),
                group(statistics.distinct),
                group(distinct_per_minute),
                group(statistics.queue),
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn statistics(generated: u64, distinct: u64) -> tla_check::Statistics {
        tla_check::Statistics { generated, distinct, queue: 1500, depth: 7, initial_states: 1 }
    }

    #[test]
    fn progress_is_reported_once_a_minute_with_the_rates_since_the_last_report() {
        let minute_ago = Instant::now() - Duration::from_secs(61);
        let mut reports = ProgressReports::new(minute_ago);
        let first = reports.due(&statistics(120_000, 40_000), "NOW").expect("a minute has passed");
        assert_eq!(
            first.text,
            "Progress(7) at NOW: 120,000 states generated (120,000 s/min), 40,000 distinct states found (40,000 ds/min), 1,500 states left on queue."
        );
        assert!(reports.due(&statistics(130_000, 41_000), "NOW").is_none(), "too early");
        reports.last -= Duration::from_secs(61);
        let second = reports.due(&statistics(150_000, 45_000), "NOW").expect("another minute");
        assert!(second.text.contains("(30,000 s/min)") && second.text.contains("(5,000 ds/min)"));
    }
}
