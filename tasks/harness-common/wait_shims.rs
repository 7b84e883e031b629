//! Shims for the kernel interfaces `src/sync/wait.rs` imports, and its traced atomics (one copy
//! for the `mutex` and `rwmutex` harnesses, copied into their `src/` at build time through
//! `shared_files` in `task.toml`).
//!
//! `wait.rs` is included verbatim in `crate::sync::wait`, next to a module named `core` that
//! points its `AtomicBool` at [`WakerFlag`] (a waker's `has_woken`) and its `AtomicU32` at
//! [`WakerCount`] (the queue's `num_wakers`). Its other imports are [`SpinLock`] and
//! [`LocalIrqDisabled`] (from `super`, i.e. `crate::sync`) and `crate::task::{Task, scheduler}`.
//!
//! Events (each with the state fields of `crate::with_state`):
//! - `enqueue`: `num_wakers.fetch_add(1)` in `WaitQueue::enqueue` (the waker is already pushed);
//! - the pop of a wake loop (`num_wakers.fetch_sub(1)`) and the `has_woken.swap(true)` of the
//!   popped waker's `wake_up()` are recorded as one event, `crate::WAKE_POP_EVENT`, at the swap,
//!   with `target` (the waker's thread) and `outcome` (`woken`, or `skipped` when the waker was
//!   closed or already woken); the log lock is kept from the pop to the swap, a window in which
//!   the code only drops the queue's spin-lock guard;
//! - `crate::WAKE_EXIT_EVENT` with `target = null`, `outcome = "empty"`: a wake loop finds the
//!   queue empty (the `is_empty()` fast path reads 0, or `pop_front()` returns `None`);
//! - `sleep` / `wake_up`: `has_woken.swap(false)` in `Waker::do_wait` read `false` (the thread
//!   parks) / `true` (it was woken and goes round `wait_until`'s loop again);
//! - `close`: `has_woken.swap(true)` when a waiter is dropped after its thread got the lock.

use std::{
    cell::Cell,
    sync::{
        Mutex, MutexGuard,
        atomic::{AtomicBool, AtomicU32, Ordering},
    },
};

use crate::recorder::{self, Event, Value, atomically, atomically_and_hold};

thread_local! {
    /// The wake loop this thread is running (`wake_one`/`wake_all`), set by the release step
    /// that the upstream code follows with that call.
    pub static WAKE_LOOP: Cell<Option<&'static str>> = const { Cell::new(None) };
    /// Whether the current critical section of the queue's spin lock popped a waker.
    static POPPED: Cell<bool> = const { Cell::new(false) };
    /// Whether the current blocking operation has enqueued a waker (is in the slow path).
    pub static ENQUEUED: Cell<bool> = const { Cell::new(false) };
}

/// The harness has one wait queue, so its `num_wakers` is this one static value.
pub static QUEUE_LEN: AtomicU32 = AtomicU32::new(0);

fn wake_loop_event(kind: &'static str) -> Event {
    let wake_loop = WAKE_LOOP.with(Cell::get).expect("a wake loop outside a release");
    crate::with_state(Event::new(kind)).text("loop", wake_loop)
}

/// `AtomicU32` as used for `WaitQueue::num_wakers`.
pub struct WakerCount(());

impl WakerCount {
    pub const fn new(value: u32) -> WakerCount {
        assert!(value == 0);
        WakerCount(())
    }

    pub fn fetch_add(&self, value: u32, order: Ordering) -> u32 {
        if value == 0 {
            // `is_empty()`, the fast path of wake_one/wake_all.
            return atomically(|log| {
                let res = QUEUE_LEN.fetch_add(0, order);
                if res == 0 {
                    log.push(
                        wake_loop_event(crate::WAKE_EXIT_EVENT)
                            .field("target", Value::Null)
                            .text("outcome", "empty"),
                    );
                    WAKE_LOOP.with(|it| it.set(None));
                }
                res
            });
        }
        assert_eq!(value, 1);
        atomically(|log| {
            let res = QUEUE_LEN.fetch_add(1, order);
            ENQUEUED.with(|it| it.set(true));
            log.push(crate::with_state(Event::new("enqueue")).contention(true));
            res
        })
    }

    pub fn fetch_sub(&self, value: u32, order: Ordering) -> u32 {
        assert_eq!(value, 1);
        POPPED.with(|it| it.set(true));
        // Kept until the popped waker's `wake_up()` swap, which records the event.
        atomically_and_hold(|_| QUEUE_LEN.fetch_sub(1, order))
    }
}

/// `AtomicBool` as used for `Waker::has_woken`; remembers the thread that created it.
pub struct WakerFlag {
    value: AtomicBool,
    owner: u32,
}

impl WakerFlag {
    pub fn new(value: bool) -> WakerFlag {
        WakerFlag { value: AtomicBool::new(value), owner: recorder::thread_id() }
    }

    pub fn load(&self, order: Ordering) -> bool {
        self.value.load(order)
    }

    pub fn swap(&self, value: bool, order: Ordering) -> bool {
        if value && order == Ordering::Release {
            // `Waker::wake_up()` on a popped waker (possibly the thread's own, closed one).
            assert!(recorder::holding(), "wake_up() without a pop");
            let res = atomically(|log| {
                let res = self.value.swap(true, order);
                let outcome = if res { "skipped" } else { "woken" };
                log.push(
                    wake_loop_event(crate::WAKE_POP_EVENT)
                        .number("target", u64::from(self.owner))
                        .text("outcome", outcome),
                );
                if !res && WAKE_LOOP.with(Cell::get) == Some("wake_one") {
                    WAKE_LOOP.with(|it| it.set(None));
                }
                res
            });
            recorder::release();
            return res;
        }
        // `Waker::close()` (swap(true, Acquire)) or `Waker::do_wait()` (swap(false, Acquire)).
        assert_eq!(
            recorder::thread_id(),
            self.owner,
            "only a waker's thread waits on it or closes it"
        );
        atomically(|log| {
            let res = self.value.swap(value, order);
            let event = match (value, res) {
                (true, _) => Event::new("close"),
                (false, true) => Event::new("wake_up"),
                (false, false) => Event::new("sleep").contention(true),
            };
            log.push(crate::with_state(event));
            res
        })
    }
}

/// `ostd::sync::LocalIrqDisabled`, only used as a type parameter of the queue's spin lock.
pub enum LocalIrqDisabled {}

/// The queue's internal `SpinLock`, as a `std` mutex: it is not the lock under study, and its own
/// behaviour is the `spin` task.
pub struct SpinLock<T, G> {
    inner: Mutex<T>,
    phantom: core::marker::PhantomData<G>,
}

impl<T, G> SpinLock<T, G> {
    pub const fn new(value: T) -> Self {
        SpinLock { inner: Mutex::new(value), phantom: core::marker::PhantomData }
    }

    pub fn lock(&self) -> SpinLockGuard<'_, T> {
        POPPED.with(|it| it.set(false));
        SpinLockGuard { guard: self.inner.lock().unwrap_or_else(|it| it.into_inner()) }
    }
}

// SAFETY: as the upstream spin lock: only the holder touches the value.
unsafe impl<T: Send, G> Sync for SpinLock<T, G> {}

pub struct SpinLockGuard<'a, T> {
    guard: MutexGuard<'a, T>,
}

impl<T> core::ops::Deref for SpinLockGuard<'_, T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.guard
    }
}

impl<T> core::ops::DerefMut for SpinLockGuard<'_, T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.guard
    }
}

impl<T> Drop for SpinLockGuard<'_, T> {
    fn drop(&mut self) {
        // A wake loop that locked the queue and popped nothing found it empty.
        if WAKE_LOOP.with(Cell::get).is_some() && !POPPED.with(Cell::get) && !recorder::holding() {
            atomically(|log| {
                log.push(
                    wake_loop_event(crate::WAKE_EXIT_EVENT)
                        .field("target", Value::Null)
                        .text("outcome", "empty"),
                );
            });
            WAKE_LOOP.with(|it| it.set(None));
        }
    }
}

/// Shim of `ostd::task`: a task is an OS thread.
pub mod task {
    use std::sync::Arc;

    pub struct Task {
        thread: std::thread::Thread,
    }

    pub struct CurrentTask(Arc<Task>);

    impl Task {
        pub fn current() -> Option<CurrentTask> {
            Some(CurrentTask(Arc::new(Task { thread: std::thread::current() })))
        }
    }

    impl CurrentTask {
        pub fn cloned(&self) -> Arc<Task> {
            self.0.clone()
        }
    }

    /// `park_current` / `unpark_target` as thread parking: `std::thread::park` keeps an unpark
    /// that arrives before the park, so no wake-up is lost, as in the kernel scheduler.
    pub mod scheduler {
        use std::sync::Arc;

        use super::Task;

        pub fn park_current<F: Fn() -> bool>(has_unparked: F) {
            if !has_unparked() {
                std::thread::park();
            }
        }

        pub fn unpark_target(task: Arc<Task>) {
            task.thread.unpark();
        }
    }
}
