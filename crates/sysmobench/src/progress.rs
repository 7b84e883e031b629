//! TLC's periodic reports: the progress line of a breadth-first search (the counters so far,
//! with the states generated and found since the previous line as per-minute rates), the
//! progress line of a simulation, and which of these reports also print the coverage block
//! (`-coverage N`).
//!
//! TLC reports from a timer: a breadth-first search reports 3 seconds after it starts and then
//! once a minute; a simulation once a minute, and once more when it ends. With `-coverage N`
//! the coverage is printed with some of these reports, counted in reports rather than in
//! minutes, and by two different rules (see [`CoverageTicks`]). The tick length can be
//! shortened for tests (`ProgressSchedule::every`), which changes nothing else.

use std::time::{Duration, Instant};

use tla_check::report::{self, Message};

/// When the periodic reports are due.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct ProgressSchedule {
    /// The first report, after the start.
    pub first: Duration,
    /// Every later report, after the previous one.
    pub every: Duration,
}

impl ProgressSchedule {
    /// TLC's breadth-first search: 3 seconds, then every minute.
    pub(crate) const BREADTH_FIRST: ProgressSchedule =
        ProgressSchedule { first: Duration::from_secs(3), every: Duration::from_secs(60) };
    /// TLC's simulation: every minute.
    pub(crate) const SIMULATION: ProgressSchedule =
        ProgressSchedule { first: Duration::from_secs(60), every: Duration::from_secs(60) };

    /// A schedule with every report `interval` apart (a test's short tick), or `tlc`'s.
    pub(crate) fn with_interval(self, interval: Option<Duration>) -> ProgressSchedule {
        match interval {
            Some(interval) => ProgressSchedule { first: interval, every: interval },
            None => self,
        }
    }
}

/// Which reports print the coverage under `-coverage N`. TLC counts down from N once per report:
/// a breadth-first search prints the coverage when the count is already 0 (reports N, 2N+1,
/// 3N+2, ..., counting the first report as 0: every N+1 reports), a simulation when the
/// count is at most 1 (every N reports, and every report for N = 0 or 1). A simulation's last
/// report, when it ends, counts too.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CoverageTicks {
    minutes: u64,
    countdown: u64,
    simulation: bool,
}

impl CoverageTicks {
    pub(crate) fn breadth_first(minutes: u64) -> CoverageTicks {
        CoverageTicks { minutes, countdown: minutes, simulation: false }
    }

    pub(crate) fn simulation(minutes: u64) -> CoverageTicks {
        CoverageTicks { minutes, countdown: minutes, simulation: true }
    }

    /// One report: whether the coverage is printed with it.
    pub(crate) fn tick(&mut self) -> bool {
        let due = if self.simulation { self.countdown <= 1 } else { self.countdown == 0 };
        if due {
            self.countdown = self.minutes;
        } else {
            self.countdown -= 1;
        }
        due
    }
}

/// A periodic report that is due: its progress line, and whether the coverage follows it.
#[derive(Debug)]
pub(crate) struct DueReport {
    pub message: Message,
    pub with_coverage: bool,
}

pub(crate) struct ProgressReports {
    schedule: ProgressSchedule,
    started: Instant,
    /// When the previous report was made (`None` before the first).
    last: Option<Instant>,
    generated: u64,
    distinct: u64,
    coverage: Option<CoverageTicks>,
}

impl ProgressReports {
    pub(crate) fn new(
        started: Instant,
        schedule: ProgressSchedule,
        coverage: Option<CoverageTicks>,
    ) -> ProgressReports {
        ProgressReports { schedule, started, last: None, generated: 0, distinct: 0, coverage }
    }

    /// Whether a report is due at `now`; if so, it is counted as made.
    fn tick(&mut self, now: Instant) -> Option<bool> {
        let due = match self.last {
            None => now.duration_since(self.started) >= self.schedule.first,
            Some(last) => now.duration_since(last) >= self.schedule.every,
        };
        if !due {
            return None;
        }
        self.last = Some(now);
        Some(self.coverage.as_mut().is_some_and(CoverageTicks::tick))
    }

    /// The breadth-first report to make now, if one is due; `now` is the time of day as TLC
    /// prints it. The rates are per minute of the schedule's interval, as TLC computes them.
    pub(crate) fn due(
        &mut self,
        statistics: &tla_check::Statistics,
        now: &str,
    ) -> Option<DueReport> {
        let with_coverage = self.tick(Instant::now())?;
        let per_minute = statistics.generated.saturating_sub(self.generated);
        let distinct_per_minute = statistics.distinct.saturating_sub(self.distinct);
        self.generated = statistics.generated;
        self.distinct = statistics.distinct;
        let group = report::group_thousands;
        let message = Message::info(
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
        );
        Some(DueReport { message, with_coverage })
    }

    /// The simulation report to make now, if one is due.
    pub(crate) fn simulation_due(
        &mut self,
        progress: &tla_check::SimulationProgress,
    ) -> Option<DueReport> {
        let with_coverage = self.tick(Instant::now())?;
        Some(DueReport { message: simulation_progress_message(progress), with_coverage })
    }

    /// The simulation's last report, when it ends (always made, as TLC's timer thread is woken
    /// to make it).
    pub(crate) fn simulation_final(
        &mut self,
        progress: &tla_check::SimulationProgress,
    ) -> DueReport {
        let with_coverage = self.coverage.as_mut().is_some_and(CoverageTicks::tick);
        DueReport { message: simulation_progress_message(progress), with_coverage }
    }
}

/// TLC's progress line of a simulation.
pub(crate) fn simulation_progress_message(progress: &tla_check::SimulationProgress) -> Message {
    let lengths = &progress.trace_lengths;
    Message::info(
        2200,
        format!(
            "Progress: {} states checked, {} traces generated (trace length: mean={}, var(x)={}, sd={})",
            progress.states_generated,
            progress.traces,
            lengths.mean(),
            lengths.variance(progress.traces),
            lengths.standard_deviation(progress.traces)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn statistics(generated: u64, distinct: u64) -> tla_check::Statistics {
        tla_check::Statistics { generated, distinct, queue: 1500, depth: 7, initial_states: 1 }
    }

    #[test]
    fn progress_is_reported_after_three_seconds_then_once_a_minute() {
        let start = Instant::now() - Duration::from_secs(4);
        let mut reports = ProgressReports::new(start, ProgressSchedule::BREADTH_FIRST, None);
        let first = reports.due(&statistics(120_000, 40_000), "NOW").expect("3 s have passed");
        assert_eq!(
            first.message.text,
            "Progress(7) at NOW: 120,000 states generated (120,000 s/min), 40,000 distinct states found (40,000 ds/min), 1,500 states left on queue."
        );
        assert!(!first.with_coverage);
        assert!(reports.due(&statistics(130_000, 41_000), "NOW").is_none(), "too early");
        reports.last = reports.last.map(|last| last - Duration::from_secs(61));
        let second = reports.due(&statistics(150_000, 45_000), "NOW").expect("another minute");
        let text = &second.message.text;
        assert!(text.contains("(30,000 s/min)") && text.contains("(5,000 ds/min)"), "{text}");
    }

    #[test]
    fn a_short_interval_makes_every_check_a_report() {
        let schedule = ProgressSchedule::BREADTH_FIRST.with_interval(Some(Duration::ZERO));
        let mut reports = ProgressReports::new(Instant::now(), schedule, None);
        assert!(reports.due(&statistics(1, 1), "NOW").is_some());
        assert!(reports.due(&statistics(2, 2), "NOW").is_some());
    }

    #[test]
    fn breadth_first_coverage_comes_with_every_n_plus_first_report() {
        let printed = |minutes: u64| -> Vec<usize> {
            let mut ticks = CoverageTicks::breadth_first(minutes);
            (0..12).filter(|_| ticks.tick()).collect()
        };
        // TLC 2.20, -coverage 1: the reports at 3 s, 1 min 3 s, 2 min 3 s, 3 min 3 s print
        // the coverage with the second and the fourth.
        assert_eq!(printed(1), vec![1, 3, 5, 7, 9, 11]);
        assert_eq!(printed(2), vec![2, 5, 8, 11]);
        assert_eq!(printed(0), (0..12).collect::<Vec<_>>());
    }

    #[test]
    fn simulation_coverage_comes_with_every_nth_report() {
        let printed = |minutes: u64| -> Vec<usize> {
            let mut ticks = CoverageTicks::simulation(minutes);
            (0..8).filter(|_| ticks.tick()).collect()
        };
        assert_eq!(printed(1), (0..8).collect::<Vec<_>>());
        assert_eq!(printed(0), (0..8).collect::<Vec<_>>());
        assert_eq!(printed(2), vec![1, 3, 5, 7]);
        assert_eq!(printed(3), vec![2, 5]);
    }
}
