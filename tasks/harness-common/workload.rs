//! Command line, seeded randomness and timing of a harness run (one copy for every task's
//! harness, copied into its `src/` at build time through `shared_files` in `task.toml`).

use std::{
    sync::{
        Arc, Barrier,
        atomic::{AtomicU32, Ordering},
    },
    thread,
    time::{Duration, Instant},
};

use crate::recorder;

/// `--seed S --threads N --operations K`.
#[derive(Debug, Clone, Copy)]
pub struct Arguments {
    pub seed: u64,
    pub threads: u32,
    pub operations: u32,
}

pub fn parse_arguments() -> Result<Arguments, String> {
    let mut res = Arguments { seed: 1, threads: 3, operations: 12 };
    let mut arguments = std::env::args().skip(1);
    while let Some(flag) = arguments.next() {
        let value = arguments.next().ok_or_else(|| format!("`{flag}` needs a value"))?;
        let number = |value: &str| {
            value.parse::<u64>().map_err(|error| format!("`{flag} {value}`: {error}"))
        };
        match flag.as_str() {
            "--seed" => res.seed = number(&value)?,
            "--threads" => {
                res.threads = u32::try_from(number(&value)?).map_err(|e| e.to_string())?
            }
            "--operations" => {
                res.operations = u32::try_from(number(&value)?).map_err(|e| e.to_string())?
            }
            _ => {
                return Err(format!(
                    "unknown flag `{flag}` (expected --seed, --threads, --operations)"
                ));
            }
        }
    }
    if res.threads == 0 {
        return Err("--threads must be at least 1".to_owned());
    }
    Ok(res)
}

/// SplitMix64: small, seedable and good enough to pick operations and delays.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// The generator of thread `thread` (1-based) in the run with seed `seed`.
    pub fn for_thread(seed: u64, thread: u32) -> Rng {
        let mut res = Rng(seed ^ (u64::from(thread).wrapping_mul(0x9E37_79B9_7F4A_7C15)));
        res.next();
        res
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `low..=high`.
    pub fn range(&mut self, low: u64, high: u64) -> u64 {
        low + self.next() % (high - low + 1)
    }

    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Sleeps `micros` microseconds (a think time or a hold time; 0 yields).
pub fn pause(micros: u64) {
    if micros == 0 {
        thread::yield_now();
    } else {
        thread::sleep(Duration::from_micros(micros));
    }
}

/// The delay of the `attempt`-th consecutive failed attempt of a busy-wait loop: exponential
/// back-off from 20 µs to 1.3 ms, so that a waiting thread records a few failed attempts per
/// hold instead of thousands.
pub fn backoff_micros(attempt: u32) -> u64 {
    20u64 << attempt.min(6)
}

/// Runs `worker(thread, arguments)` on threads 1..=N, started together, and prints the trace.
///
/// If the run stops making progress (no new event for two seconds while some worker has not
/// finished), the workers still running are blocked for good, for example by a lost wake-up in
/// the code under test: the trace recorded so far is printed, the stuck threads are reported on
/// standard error, and the process exits successfully (the trace is a prefix of a behaviour).
pub fn run_workers(arguments: Arguments, worker: fn(u32, Arguments)) {
    let start = Arc::new(Barrier::new(arguments.threads as usize));
    let finished = Arc::new(AtomicU32::new(0));
    let mut running = Vec::new();
    for thread in 1..=arguments.threads {
        let start = Arc::clone(&start);
        let finished = Arc::clone(&finished);
        running.push(thread::spawn(move || {
            recorder::set_thread(thread);
            start.wait();
            worker(thread, arguments);
            finished.fetch_add(1, Ordering::SeqCst);
        }));
    }
    let mut last_count = 0;
    let mut last_progress = Instant::now();
    while finished.load(Ordering::SeqCst) < arguments.threads {
        thread::sleep(Duration::from_millis(20));
        let count = recorder::event_count();
        if count != last_count {
            last_count = count;
            last_progress = Instant::now();
        } else if last_progress.elapsed() > Duration::from_secs(2) {
            let stuck: Vec<String> = running
                .iter()
                .enumerate()
                .filter(|(_, handle)| !handle.is_finished())
                .map(|(idx, _)| (idx + 1).to_string())
                .collect();
            eprintln!(
                "seed {}: no progress for 2 s; threads {} are blocked for good; the trace ends here",
                arguments.seed,
                stuck.join(", ")
            );
            print!("{}", recorder::take_ndjson());
            std::process::exit(0);
        }
    }
    for handle in running {
        handle.join().expect("a worker panicked");
    }
    print!("{}", recorder::take_ndjson());
}
