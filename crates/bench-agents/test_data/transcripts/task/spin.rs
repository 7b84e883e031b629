/// A toy spin lock.
pub struct SpinLock {
    locked: AtomicBool,
}

impl SpinLock {
    /// Spins until the lock is taken.
    pub fn lock(&self) {
        while self.locked.compare_exchange(false, true).is_err() {}
    }

    /// Releases the lock.
    pub fn unlock(&self) {
        self.locked.store(false);
    }
}
