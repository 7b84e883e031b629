//! A file written to trip a naive brace matcher.

use core::sync::atomic::{AtomicBool, Ordering};

/// A lock.
///
/// ```
/// let lock = Lock::new(); // a doc test with { braces
/// ```
pub struct Lock<'a> {
    flag: AtomicBool,
    name: &'a str,
}

const OPEN: char = '{';
const CLOSE: char = '}';
const ESCAPED: char = '\'';
const RAW: &str = r#"fn fake() { "}"#;
const BYTES: &[u8] = b"}}}";

/* a block comment /* nested { */ still a comment } */

impl<'a> Lock<'a> {
    /// Creates a lock.
    #[inline]
    pub const fn new(name: &'a str) -> Self {
        Lock { flag: AtomicBool::new(false), name }
    }

    /// Spins until the lock is taken.
    pub fn lock(&self) {
        'retry: loop {
            if self.flag.compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed).is_ok() {
                break 'retry;
            }
            let helper = |x: u32| -> u32 { x + 1 };
            fn nested_helper() -> char { '}' }
            let _ = (helper(1), nested_helper());
        }
    }
}

trait Guardian {
    fn guard() -> Self;
    fn name(&self) -> &str { "guardian" }
}

impl<T: Clone + ?Sized> Drop for Wrapper<T> where T: Send {
    fn drop(&mut self) { let _ = "{"; }
}

#[cfg(ktest)]
mod test {
    #[ktest]
    fn lock_works() {}
}

fn free_function() -> u32 { 7 }
