//! Trace harness of task `mutex`: the `Mutex` of `ostd` 0.19.0, sleeping on the `WaitQueue` of
//! `src/sync/wait.rs`, on real OS threads.
//!
//! Both fetched files compile unmodified, included verbatim with `include!` in a module layout
//! that mirrors `ostd` (`crate::sync::mutex`, `crate::sync::wait`). Each wrapper module declares a
//! module named `core` next to the included text; it takes precedence over the `core` crate for
//! the file's `use core::...` paths and points the atomics at traced shims (the lock word here,
//! the waker flag and queue counter in `wait_shims.rs`). Each traced atomic instruction is one
//! event; see the task README for the schema.

#![feature(negative_impls)]
#![allow(dead_code)]

extern crate alloc;

#[allow(dead_code)]
mod recorder;
mod wait_shims;
#[allow(dead_code)]
mod workload;

use std::{
    cell::Cell,
    sync::atomic::{AtomicBool, Ordering},
};

use recorder::{Event, atomically};
use wait_shims::{ENQUEUED, QUEUE_LEN, WAKE_LOOP};

pub use wait_shims::task;

/// Event names of the wait-queue shims: a pop-and-wake and an empty-queue exit of `wake_one()`
/// are both `wake_one` steps of the model.
pub const WAKE_POP_EVENT: &str = "wake_one";
pub const WAKE_EXIT_EVENT: &str = "wake_one";

pub mod sync {
    pub use self::{
        mutex::{Mutex, MutexGuard},
        wait::{WaitQueue, Waiter, Waker},
    };
    pub use crate::wait_shims::{LocalIrqDisabled, SpinLock};

    pub mod mutex {
        mod core {
            pub use ::core::{cell, fmt, ops};
            pub mod sync {
                pub mod atomic {
                    pub use crate::traced::LockWord as AtomicBool;
                    pub use ::core::sync::atomic::Ordering;
                }
            }
        }

        include!(concat!(env!("CARGO_MANIFEST_DIR"), "/upstream/src/sync/mutex.rs"));
    }

    pub mod wait {
        mod core {
            pub mod sync {
                pub mod atomic {
                    pub use crate::wait_shims::{WakerCount as AtomicU32, WakerFlag as AtomicBool};
                    pub use ::core::sync::atomic::Ordering;
                }
            }
        }

        include!(concat!(env!("CARGO_MANIFEST_DIR"), "/upstream/src/sync/wait.rs"));
    }
}

/// The operation the current thread is inside, set by the workload around each call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operation {
    None,
    Lock,
    TryLock,
}

thread_local! {
    pub static OPERATION: Cell<Operation> = const { Cell::new(Operation::None) };
}

/// The harness has one mutex, so its lock word is this one static value.
static WORD: AtomicBool = AtomicBool::new(false);

/// Adds the observable state after the step: the lock word and the queue length (`num_wakers`,
/// which counts closed wakers still queued).
pub fn with_state(event: Event) -> Event {
    event
        .bool("locked", WORD.load(Ordering::SeqCst))
        .number("queue_len", u64::from(QUEUE_LEN.load(Ordering::SeqCst)))
}

mod traced {
    use std::{cell::Cell, sync::atomic::Ordering};

    use crate::{ENQUEUED, Event, OPERATION, Operation, WAKE_LOOP, WORD, atomically, with_state};

    /// `AtomicBool` as used by `mutex.rs`: `new`, `compare_exchange` and `store`.
    pub struct LockWord(());

    impl LockWord {
        pub const fn new(value: bool) -> LockWord {
            assert!(!value);
            LockWord(())
        }

        /// `acquire_lock()`: `lock` (the attempt `wait_until` makes before creating a waiter),
        /// `retry` (an attempt after enqueueing) or `try_lock`.
        pub fn compare_exchange(
            &self,
            current: bool,
            new: bool,
            success: Ordering,
            failure: Ordering,
        ) -> Result<bool, bool> {
            atomically(|log| {
                let res = WORD.compare_exchange(current, new, success, failure);
                let kind = match OPERATION.with(Cell::get) {
                    Operation::TryLock => "try_lock",
                    Operation::Lock if ENQUEUED.with(Cell::get) => "retry",
                    Operation::Lock => "lock",
                    Operation::None => panic!("compare_exchange outside lock()/try_lock()"),
                };
                let outcome = if res.is_ok() { "acquired" } else { "failed" };
                log.push(
                    with_state(Event::new(kind)).contention(res.is_err()).text("outcome", outcome),
                );
                res
            })
        }

        /// `release_lock()`; `unlock()` then calls `wake_one()`.
        pub fn store(&self, value: bool, order: Ordering) {
            atomically(|log| {
                WORD.store(value, order);
                WAKE_LOOP.with(|it| it.set(Some("wake_one")));
                log.push(with_state(Event::new("unlock")));
            });
        }
    }
}

static MUTEX: sync::Mutex<u64> = sync::Mutex::new(0);

fn set_operation(operation: Operation) {
    OPERATION.with(|it| it.set(operation));
    ENQUEUED.with(|it| it.set(false));
}

fn run_thread(thread: u32, arguments: workload::Arguments) {
    let mut rng = workload::Rng::for_thread(arguments.seed, thread);
    for _ in 0..arguments.operations {
        workload::pause(rng.range(0, 150));
        let guard = if rng.chance(75) {
            set_operation(Operation::Lock);
            Some(MUTEX.lock())
        } else {
            set_operation(Operation::TryLock);
            MUTEX.try_lock()
        };
        if let Some(mut guard) = guard {
            set_operation(Operation::None);
            *guard += 1;
            workload::pause(rng.range(20, 300));
            drop(guard);
        }
        set_operation(Operation::None);
        assert!(WAKE_LOOP.with(Cell::get).is_none(), "a wake loop did not finish");
    }
}

fn main() {
    let arguments = match workload::parse_arguments() {
        Ok(arguments) => arguments,
        Err(message) => {
            eprintln!("mutex-trace-harness: {message}");
            std::process::exit(2);
        }
    };
    workload::run_workers(arguments, run_thread);
}
