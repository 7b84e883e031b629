//! What `core` means to the ring buffer's source file: the real `core`, except that
//! `core::sync::atomic::AtomicUsize` is a traced counter whose loads and stores go through hooks
//! installed by the harness (which performs them and records events).

pub use ::core::*;

pub mod sync {
    pub use ::core::sync::*;

    pub mod atomic {
        pub use ::core::sync::atomic::*;

        pub use crate::TracedCounter as AtomicUsize;
    }
}

use ::core::sync::atomic::{AtomicUsize as RealAtomicUsize, Ordering};
use ::std::sync::OnceLock;

/// The harness's implementation of a counter's load and store; counters are numbered in creation
/// order from 0.
pub struct CounterHooks {
    pub create: fn(counter: usize, value: usize),
    pub load: fn(counter: usize, order: Ordering) -> usize,
    pub store: fn(counter: usize, value: usize, order: Ordering),
}

static HOOKS: OnceLock<CounterHooks> = OnceLock::new();
static NEXT_COUNTER: RealAtomicUsize = RealAtomicUsize::new(0);

/// Installs the hooks; must run before the first counter is created.
pub fn install_counter_hooks(hooks: CounterHooks) {
    assert!(HOOKS.set(hooks).is_ok(), "counter hooks installed twice");
}

fn hooks() -> &'static CounterHooks {
    HOOKS.get().expect("counter hooks not installed")
}

/// `AtomicUsize` with the methods the ring buffer uses.
pub struct TracedCounter {
    counter: usize,
}

impl TracedCounter {
    pub fn new(value: usize) -> TracedCounter {
        let counter = NEXT_COUNTER.fetch_add(1, Ordering::SeqCst);
        (hooks().create)(counter, value);
        TracedCounter { counter }
    }

    pub fn load(&self, order: Ordering) -> usize {
        (hooks().load)(self.counter, order)
    }

    pub fn store(&self, value: usize, order: Ordering) {
        (hooks().store)(self.counter, value, order)
    }
}
