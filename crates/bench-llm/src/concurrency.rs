//! A counting semaphore for plain threads, used to cap in-flight requests per provider so a run with many worker
//! threads does not trip rate limits.

use std::sync::{Condvar, Mutex, PoisonError};

/// Limits how many requests run at once; [`ConcurrencyLimiter::acquire`] blocks until a slot is free.
#[derive(Debug)]
pub struct ConcurrencyLimiter {
    max_in_flight: usize,
    in_flight: Mutex<usize>,
    slot_freed: Condvar,
}

/// A held slot; dropping it frees the slot.
#[derive(Debug)]
pub struct ConcurrencyPermit<'limiter> {
    limiter: &'limiter ConcurrencyLimiter,
}

impl ConcurrencyLimiter {
    /// A limiter with `max_in_flight` slots (at least 1).
    pub fn new(max_in_flight: usize) -> ConcurrencyLimiter {
        ConcurrencyLimiter {
            max_in_flight: max_in_flight.max(1),
            in_flight: Mutex::new(0),
            slot_freed: Condvar::new(),
        }
    }

    /// Blocks until a slot is free and takes it.
    pub fn acquire(&self) -> ConcurrencyPermit<'_> {
        // A poisoned counter is still a valid count: the panicking holder's permit was dropped during unwinding.
        let mut in_flight = self.in_flight.lock().unwrap_or_else(PoisonError::into_inner);
        while *in_flight >= self.max_in_flight {
            in_flight = self.slot_freed.wait(in_flight).unwrap_or_else(PoisonError::into_inner);
        }
        *in_flight += 1;
        ConcurrencyPermit { limiter: self }
    }

    /// The configured number of slots.
    pub fn max_in_flight(&self) -> usize {
        self.max_in_flight
    }

    /// How many slots are currently taken.
    pub fn in_flight(&self) -> usize {
        *self.in_flight.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Drop for ConcurrencyPermit<'_> {
    fn drop(&mut self) {
        let mut in_flight = self.limiter.in_flight.lock().unwrap_or_else(PoisonError::into_inner);
        *in_flight = in_flight.saturating_sub(1);
        self.limiter.slot_freed.notify_one();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use super::*;

    #[test]
    fn never_exceeds_the_limit() {
        let limiter = ConcurrencyLimiter::new(2);
        let peak = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for _ in 0..8 {
                scope.spawn(|| {
                    for _ in 0..20 {
                        let _permit = limiter.acquire();
                        peak.fetch_max(limiter.in_flight(), Ordering::SeqCst);
                        std::thread::yield_now();
                    }
                });
            }
        });
        assert_eq!(limiter.in_flight(), 0);
        assert!(peak.load(Ordering::SeqCst) <= 2);
    }
}
