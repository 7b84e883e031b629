//! Trace harness of task `rwmutex`: the `RwMutex` of `ostd` 0.19.0, sleeping on the `WaitQueue`
//! of `src/sync/wait.rs`, on real OS threads.
//!
//! Both fetched files compile unmodified, included verbatim with `include!` in a module layout
//! that mirrors `ostd` (`crate::sync::rwmutex`, `crate::sync::wait`). Each wrapper module declares
//! a module named `core` next to the included text; it takes precedence over the `core` crate for
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
    sync::atomic::{AtomicUsize, Ordering},
};

use recorder::{Event, atomically};
use wait_shims::{ENQUEUED, QUEUE_LEN, WAKE_LOOP};

pub use wait_shims::task;

/// Event names of the wait-queue shims (the model's `WakeLoopPop` and `WakeLoopExit`).
pub const WAKE_POP_EVENT: &str = "wake_pop";
pub const WAKE_EXIT_EVENT: &str = "wake_exit";

pub mod sync {
    pub use self::{
        rwmutex::RwMutex,
        wait::{WaitQueue, Waiter, Waker},
    };
    pub use crate::wait_shims::{LocalIrqDisabled, SpinLock};

    pub mod rwmutex {
        mod core {
            pub use ::core::{cell, fmt, ops};
            pub mod sync {
                pub mod atomic {
                    pub use crate::traced::LockWord as AtomicUsize;
                    pub use ::core::sync::atomic::Ordering;
                }
            }
        }

        include!(concat!(env!("CARGO_MANIFEST_DIR"), "/upstream/src/sync/rwmutex.rs"));
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

// The bits of the lock word, as in `rwmutex.rs` (which keeps its constants private).
const READER: usize = 1;
const WRITER: usize = 1 << (usize::BITS - 1);
const UPGRADEABLE_READER: usize = 1 << (usize::BITS - 2);
const BEING_UPGRADED: usize = 1 << (usize::BITS - 3);
const MAX_READER: usize = 1 << (usize::BITS - 4);

thread_local! {
    /// The operation the current thread called (`read`, `try_write`, ...), set by the workload.
    pub static OPERATION: Cell<&'static str> = const { Cell::new("none") };
    /// The last attempt failed in a way the code undoes next (`fetch_sub`).
    static UNDO_PENDING: Cell<bool> = const { Cell::new(false) };
    /// `upgrade()` succeeded; the next `fetch_sub(UPGRADEABLE_READER)` is the guard's drop.
    static UPGRADED: Cell<bool> = const { Cell::new(false) };
    /// `downgrade()` succeeded; the next `fetch_and(!WRITER)` is the write guard's drop.
    static DOWNGRADED: Cell<bool> = const { Cell::new(false) };
    static FAILED_ATTEMPTS: Cell<u32> = const { Cell::new(0) };
}

/// The harness has one `RwMutex`, so its lock word is this one static value.
static WORD: AtomicUsize = AtomicUsize::new(0);

/// Adds the observable state after the step: the four fields of the lock word and the queue
/// length (`num_wakers`, which counts closed wakers still queued).
pub fn with_state(event: Event) -> Event {
    let word = WORD.load(Ordering::SeqCst);
    event
        .bool("writer", word & WRITER != 0)
        .bool("upreader", word & UPGRADEABLE_READER != 0)
        .bool("being_upgraded", word & BEING_UPGRADED != 0)
        .number("readers", (word & (MAX_READER - 1)) as u64)
        .number("queue_len", u64::from(QUEUE_LEN.load(Ordering::SeqCst)))
}

mod traced {
    use std::{cell::Cell, sync::atomic::Ordering};

    use super::*;

    fn operation_event(kind: &'static str) -> Event {
        with_state(Event::new(kind)).text("op", OPERATION.with(Cell::get))
    }

    fn set(flag: &'static std::thread::LocalKey<Cell<bool>>, value: bool) {
        flag.with(|it| it.set(value));
    }

    fn take(flag: &'static std::thread::LocalKey<Cell<bool>>) -> bool {
        flag.with(|it| it.replace(false))
    }

    /// A failed compare-and-exchange of the `upgrade()`/`downgrade()` loops backs off before the
    /// code retries (the loops have no spin hint), so that a waiting thread records a few failed
    /// attempts per hold instead of thousands.
    fn back_off_after_failure(failed: bool) {
        if failed {
            let attempt = FAILED_ATTEMPTS.with(|it| it.replace(it.get() + 1));
            crate::workload::pause(crate::workload::backoff_micros(attempt));
        } else {
            FAILED_ATTEMPTS.with(|it| it.set(0));
        }
    }

    /// `AtomicUsize` as used for the lock word; each call site of `rwmutex.rs` is told apart by
    /// its instruction and operand, which are distinct for every site.
    pub struct LockWord(());

    impl LockWord {
        pub const fn new(value: usize) -> LockWord {
            assert!(value == 0);
            LockWord(())
        }

        pub fn fetch_add(&self, value: usize, order: Ordering) -> usize {
            assert_eq!(value, READER);
            atomically(|log| {
                // try_read
                let old = WORD.fetch_add(value, order);
                let acquired = old & (WRITER | BEING_UPGRADED | MAX_READER) == 0;
                set(&UNDO_PENDING, !acquired);
                let outcome = if acquired { "acquired" } else { "undo" };
                let overlapping = acquired && old & (MAX_READER - 1) > 0;
                log.push(
                    operation_event("attempt")
                        .text("outcome", outcome)
                        .contention(!acquired || overlapping),
                );
                old
            })
        }

        pub fn fetch_sub(&self, value: usize, order: Ordering) -> usize {
            atomically(|log| {
                let old = WORD.fetch_sub(value, order);
                let event = if take(&UNDO_PENDING) {
                    operation_event("undo").contention(true)
                } else if value == READER {
                    if old == READER {
                        WAKE_LOOP.with(|it| it.set(Some("wake_one")));
                    }
                    with_state(Event::new("read_unlock"))
                } else if take(&UPGRADED) {
                    assert_eq!(value, UPGRADEABLE_READER);
                    with_state(Event::new("upgrade_drop"))
                } else {
                    assert_eq!(value, UPGRADEABLE_READER);
                    if old == UPGRADEABLE_READER {
                        WAKE_LOOP.with(|it| it.set(Some("wake_all")));
                    }
                    with_state(Event::new("upread_unlock"))
                };
                log.push(event);
                old
            })
        }

        pub fn fetch_or(&self, value: usize, order: Ordering) -> usize {
            atomically(|log| {
                let old = WORD.fetch_or(value, order);
                let event = if value == UPGRADEABLE_READER {
                    // try_upread
                    let outcome = match old & (WRITER | UPGRADEABLE_READER) {
                        0 => "acquired",
                        WRITER => "undo",
                        _ => "failed",
                    };
                    set(&UNDO_PENDING, outcome == "undo");
                    operation_event("attempt")
                        .text("outcome", outcome)
                        .contention(outcome != "acquired")
                } else {
                    assert_eq!(value, BEING_UPGRADED);
                    with_state(Event::new("start_upgrade"))
                };
                log.push(event);
                old
            })
        }

        pub fn fetch_and(&self, value: usize, order: Ordering) -> usize {
            assert_eq!(value, !WRITER);
            atomically(|log| {
                let old = WORD.fetch_and(value, order);
                let kind = if take(&DOWNGRADED) { "downgrade_drop" } else { "write_unlock" };
                WAKE_LOOP.with(|it| it.set(Some("wake_all")));
                log.push(with_state(Event::new(kind)));
                old
            })
        }

        pub fn compare_exchange(
            &self,
            current: usize,
            new: usize,
            success: Ordering,
            failure: Ordering,
        ) -> Result<usize, usize> {
            let res = atomically(|log| {
                let res = WORD.compare_exchange(current, new, success, failure);
                let ok = res.is_ok();
                let event = match (current, new) {
                    (0, WRITER) => operation_event("attempt")
                        .text("outcome", if ok { "acquired" } else { "failed" })
                        .contention(!ok),
                    (x, y)
                        if x == UPGRADEABLE_READER | BEING_UPGRADED
                            && y == WRITER | UPGRADEABLE_READER =>
                    {
                        set(&UPGRADED, ok);
                        with_state(Event::new("try_upgrade"))
                            .text("outcome", if ok { "upgraded" } else { "failed" })
                            .contention(!ok)
                    }
                    (WRITER, UPGRADEABLE_READER) => {
                        set(&DOWNGRADED, ok);
                        with_state(Event::new("downgrade"))
                            .text("outcome", if ok { "downgraded" } else { "failed" })
                            .contention(!ok)
                    }
                    _ => panic!("unexpected compare_exchange({current:#x}, {new:#x})"),
                };
                log.push(event);
                res
            });
            if current != 0 {
                back_off_after_failure(res.is_err());
            }
            res
        }
    }
}

static LOCK: sync::RwMutex<u64> = sync::RwMutex::new(0);

/// Records the model's `Start(t, o)` step and names the operation for the events that follow.
fn start(operation: &'static str) {
    OPERATION.with(|it| it.set(operation));
    ENQUEUED.with(|it| it.set(false));
    atomically(|log| log.push(with_state(Event::new("start")).text("op", operation)));
}

fn run_thread(thread: u32, arguments: workload::Arguments) {
    let mut rng = workload::Rng::for_thread(arguments.seed, thread);
    for _ in 0..arguments.operations {
        workload::pause(rng.range(0, 150));
        let hold = |rng: &mut workload::Rng| workload::pause(rng.range(20, 300));
        match rng.range(0, 99) {
            0..=34 => {
                start("read");
                let guard = LOCK.read();
                hold(&mut rng);
                drop(guard);
            }
            35..=49 => {
                start("write");
                let mut guard = LOCK.write();
                *guard += 1;
                hold(&mut rng);
                if rng.chance(35) {
                    let guard = guard.downgrade();
                    hold(&mut rng);
                    drop(guard);
                } else {
                    drop(guard);
                }
            }
            50..=64 => {
                start("upread");
                let guard = LOCK.upread();
                hold(&mut rng);
                if rng.chance(50) {
                    let mut guard = guard.upgrade();
                    *guard += 1;
                    hold(&mut rng);
                    drop(guard);
                } else {
                    drop(guard);
                }
            }
            65..=79 => {
                start("try_read");
                if let Some(guard) = LOCK.try_read() {
                    hold(&mut rng);
                    drop(guard);
                }
            }
            80..=89 => {
                start("try_write");
                if let Some(mut guard) = LOCK.try_write() {
                    *guard += 1;
                    hold(&mut rng);
                    drop(guard);
                }
            }
            _ => {
                start("try_upread");
                if let Some(guard) = LOCK.try_upread() {
                    hold(&mut rng);
                    drop(guard);
                }
            }
        }
        OPERATION.with(|it| it.set("none"));
        assert!(WAKE_LOOP.with(Cell::get).is_none(), "a wake loop did not finish");
    }
}

fn main() {
    let arguments = match workload::parse_arguments() {
        Ok(arguments) => arguments,
        Err(message) => {
            eprintln!("rwmutex-trace-harness: {message}");
            std::process::exit(2);
        }
    };
    workload::run_workers(arguments, run_thread);
}
