//! Trace harness of task `spin`: the `SpinLock` of `ostd` 0.19.0 on real OS threads.
//!
//! The crate mirrors the module layout of `ostd` so that the three fetched files compile
//! unmodified, included verbatim with `include!`:
//! - `upstream/src/sync/spin.rs` in `crate::sync::spin`,
//! - `upstream/src/sync/guard.rs` in `crate::sync::guard`,
//! - `upstream/src/task/preempt/guard.rs` in `crate::task::preempt::guard`.
//! Everything else they import is a shim in this file. `spin.rs` names its atomic and its spin
//! hint by absolute `core::` paths; the wrapper module declares a module named `core` next to the
//! included text, which takes precedence over the `core` crate for those paths, and re-exports
//! the real `core` except for `sync::atomic::AtomicBool` (the traced lock word) and
//! `hint::spin_loop` (the traced spin hint).

#![feature(negative_impls)]
#![allow(dead_code)]

#[allow(dead_code)]
mod recorder;
#[allow(dead_code)]
mod workload;

use std::cell::Cell;

pub mod sync {
    pub use self::{
        guard::{GuardTransfer, LocalIrqDisabled, PreemptDisabled, SpinGuardian},
        spin::{SpinLock, SpinLockGuard},
    };

    pub mod guard {
        include!(concat!(env!("CARGO_MANIFEST_DIR"), "/upstream/src/sync/guard.rs"));
    }

    pub mod spin {
        /// What `use core::...` and `core::hint::spin_loop()` in `spin.rs` resolve to.
        mod core {
            pub use ::core::{cell, fmt, marker, ops};
            pub mod sync {
                pub mod atomic {
                    pub use crate::traced::LockWord as AtomicBool;
                    pub use ::core::sync::atomic::Ordering;
                }
            }
            pub mod hint {
                pub use crate::traced::spin_loop;
            }
        }

        include!(concat!(env!("CARGO_MANIFEST_DIR"), "/upstream/src/sync/spin.rs"));
    }
}

/// Shim of `ostd::irq`: the local-IRQ guard of `LocalIrqDisabled` (the harness only uses
/// `PreemptDisabled`; this exists so that `guard.rs` compiles).
pub mod irq {
    use crate::{sync::GuardTransfer, task::atomic_mode::InAtomicMode};

    #[derive(Debug)]
    pub struct DisabledLocalIrqGuard {
        _private: (),
    }

    impl !Send for DisabledLocalIrqGuard {}
    impl !Sync for DisabledLocalIrqGuard {}

    // SAFETY: a user-space thread has no interrupts to disable; the guard only marks atomic mode.
    unsafe impl InAtomicMode for DisabledLocalIrqGuard {}

    impl GuardTransfer for DisabledLocalIrqGuard {
        fn transfer_to(&mut self) -> Self {
            disable_local()
        }
    }

    pub fn disable_local() -> DisabledLocalIrqGuard {
        crate::task::preempt::cpu_local::inc_guard_count();
        DisabledLocalIrqGuard { _private: () }
    }

    impl Drop for DisabledLocalIrqGuard {
        fn drop(&mut self) {
            crate::task::preempt::cpu_local::dec_guard_count();
        }
    }
}

/// Shim of `ostd::task`: atomic mode and preemption.
pub mod task {
    pub use self::preempt::{DisabledPreemptGuard, disable_preempt};

    /// The traits of `ostd::task::atomic_mode`, as defined there.
    pub mod atomic_mode {
        /// # Safety
        /// Implemented only by guards that keep the thread in atomic mode.
        pub unsafe trait InAtomicMode: core::fmt::Debug {}

        pub trait AsAtomicModeGuard {
            fn as_atomic_mode_guard(&self) -> &dyn InAtomicMode;
        }

        impl<G: InAtomicMode> AsAtomicModeGuard for G {
            fn as_atomic_mode_guard(&self) -> &dyn InAtomicMode {
                self
            }
        }

        impl AsAtomicModeGuard for dyn InAtomicMode + '_ {
            fn as_atomic_mode_guard(&self) -> &dyn InAtomicMode {
                self
            }
        }
    }

    pub mod preempt {
        pub use self::guard::{DisabledPreemptGuard, disable_preempt};

        mod guard {
            include!(concat!(env!("CARGO_MANIFEST_DIR"), "/upstream/src/task/preempt/guard.rs"));
        }

        /// Shim of the per-CPU preemption counter: a per-thread counter; creating and dropping a
        /// guard are the `lock`/`try_lock` and `guard_drop` events.
        pub mod cpu_local {
            use std::cell::Cell;

            use crate::{OPERATION, Operation, recorder::atomically, traced};

            thread_local! {
                static GUARD_COUNT: Cell<u32> = const { Cell::new(0) };
            }

            pub fn inc_guard_count() {
                GUARD_COUNT.with(|it| it.set(it.get() + 1));
                let kind = match OPERATION.with(Cell::get) {
                    Operation::Lock => "lock",
                    Operation::TryLock => "try_lock",
                    Operation::None => panic!("a guard was created outside lock()/try_lock()"),
                };
                atomically(|log| log.push(traced::event(kind)));
            }

            pub fn dec_guard_count() {
                GUARD_COUNT.with(|it| it.set(it.get() - 1));
                atomically(|log| log.push(traced::event("guard_drop")));
            }

            pub fn get_guard_count() -> u32 {
                GUARD_COUNT.with(Cell::get)
            }
        }
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
    static FAILED_ATTEMPTS: Cell<u32> = const { Cell::new(0) };
}

/// The traced lock word and spin hint.
mod traced {
    use std::{
        cell::Cell,
        sync::atomic::{AtomicBool, Ordering},
    };

    use crate::{
        FAILED_ATTEMPTS, OPERATION, Operation,
        recorder::{Event, atomically},
        workload,
    };

    /// The harness creates exactly one `SpinLock`, so its lock word is this one static value;
    /// every event can then print it.
    static WORD: AtomicBool = AtomicBool::new(false);

    /// An event of the current thread with the lock word after the step.
    pub fn event(kind: &'static str) -> Event {
        Event::new(kind).bool("locked", WORD.load(Ordering::SeqCst))
    }

    /// `AtomicBool` as used by `spin.rs`: `new`, `compare_exchange` and `store`.
    pub struct LockWord(());

    impl LockWord {
        pub const fn new(value: bool) -> LockWord {
            assert!(!value, "the harness only creates unlocked spin locks");
            LockWord(())
        }

        pub fn compare_exchange(
            &self,
            current: bool,
            new: bool,
            success: Ordering,
            failure: Ordering,
        ) -> Result<bool, bool> {
            atomically(|log| {
                let res = WORD.compare_exchange(current, new, success, failure);
                let operation = OPERATION.with(Cell::get);
                let via = match operation {
                    Operation::Lock => "lock",
                    Operation::TryLock => "try_lock",
                    Operation::None => panic!("compare_exchange outside lock()/try_lock()"),
                };
                let event = match res {
                    Ok(_) => {
                        FAILED_ATTEMPTS.with(|it| it.set(0));
                        event("acquire").text("via", via)
                    }
                    Err(_) if operation == Operation::Lock => event("spin").contention(true),
                    Err(_) => event("try_fail").contention(true),
                };
                log.push(event);
                res
            })
        }

        pub fn store(&self, value: bool, order: Ordering) {
            atomically(|log| {
                WORD.store(value, order);
                log.push(event("release"));
            });
        }
    }

    /// `core::hint::spin_loop` as called between two failed attempts of `lock()`: the real hint,
    /// then an exponential back-off sleep (see `workload::backoff_micros`).
    pub fn spin_loop() {
        std::hint::spin_loop();
        let attempt = FAILED_ATTEMPTS.with(|it| {
            let attempt = it.get();
            it.set(attempt + 1);
            attempt
        });
        workload::pause(workload::backoff_micros(attempt));
    }
}

static LOCK: sync::SpinLock<u64> = sync::SpinLock::new(0);

fn run_thread(thread: u32, arguments: workload::Arguments) {
    let mut rng = workload::Rng::for_thread(arguments.seed, thread);
    for _ in 0..arguments.operations {
        workload::pause(rng.range(0, 150));
        if rng.chance(70) {
            OPERATION.with(|it| it.set(Operation::Lock));
            let mut guard = LOCK.lock();
            *guard += 1;
            workload::pause(rng.range(20, 300));
            drop(guard);
        } else {
            OPERATION.with(|it| it.set(Operation::TryLock));
            if let Some(mut guard) = LOCK.try_lock() {
                *guard += 1;
                workload::pause(rng.range(20, 300));
                drop(guard);
            }
        }
        OPERATION.with(|it| it.set(Operation::None));
    }
}

fn main() {
    let arguments = match workload::parse_arguments() {
        Ok(arguments) => arguments,
        Err(message) => {
            eprintln!("spin-trace-harness: {message}");
            std::process::exit(2);
        }
    };
    workload::run_workers(arguments, run_thread);
}
