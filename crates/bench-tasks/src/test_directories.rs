//! Scratch folders for tests, removed when dropped.
//!
//! The crate avoids a `tempfile` dependency: tests only need a unique folder under the system
//! temporary directory and a way to write files into it.

#![cfg(test)]

use std::{
    fs,
    path::{Path, PathBuf},
    sync::atomic::{AtomicUsize, Ordering},
};

pub(crate) struct TestDirectory {
    path: PathBuf,
}

impl TestDirectory {
    pub(crate) fn new(label: &str) -> TestDirectory {
        static NEXT_INDEX: AtomicUsize = AtomicUsize::new(0);
        let index = NEXT_INDEX.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir()
            .join(format!("bench-tasks-test-{}-{label}-{index}", std::process::id()));
        let _ = fs::remove_dir_all(&path);
        fs::create_dir_all(&path).unwrap();
        TestDirectory { path }
    }

    pub(crate) fn path(&self) -> &Path {
        &self.path
    }

    /// Writes `contents` to `relative`, creating parent folders.
    pub(crate) fn write(&self, relative: &str, contents: &str) -> PathBuf {
        let path = self.path.join(relative);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, contents).unwrap();
        path
    }
}

impl Drop for TestDirectory {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.path);
    }
}
