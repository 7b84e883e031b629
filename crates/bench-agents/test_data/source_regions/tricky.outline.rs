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
    pub const fn new(name: &'a str) -> Self { ... }

    /// Spins until the lock is taken.
    pub fn lock(&self) { ... }
}

trait Guardian {
    fn guard() -> Self;
    fn name(&self) -> &str { ... }
}

impl<T: Clone + ?Sized> Drop for Wrapper<T> where T: Send {
    fn drop(&mut self) { ... }
}

#[cfg(ktest)]
mod test { ... }

fn free_function() -> u32 { ... }
