//! Tidy checks over the whole workspace, run as ordinary tests: every Rust file opens with a
//! `//!` comment saying why it exists, and no source file grows past the size we can review.

use std::path::{Path, PathBuf};

const MAX_LINES: usize = 1_000;

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        let name =
            path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
        if path.is_dir() {
            if name != "target" && name != "test_data" && !name.starts_with('.') {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

fn workspace_files() -> Vec<PathBuf> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf();
    let mut files = Vec::new();
    rust_files(&crates, &mut files);
    assert!(files.len() > 10, "no sources found under {}", crates.display());
    files
}

#[test]
fn every_rust_file_opens_with_a_module_doc() {
    let missing: Vec<String> = workspace_files()
        .into_iter()
        .filter(|path| {
            let text = std::fs::read_to_string(path).unwrap_or_default();
            !text.trim_start().starts_with("//!")
        })
        .map(|path| path.display().to_string())
        .collect();
    assert!(missing.is_empty(), "files without a `//!` module doc:\n{}", missing.join("\n"));
}

#[test]
fn no_source_file_is_too_long() {
    let long: Vec<String> = workspace_files()
        .into_iter()
        .filter_map(|path| {
            let n_lines = std::fs::read_to_string(&path).unwrap_or_default().lines().count();
            (n_lines > MAX_LINES).then(|| format!("{} ({n_lines} lines)", path.display()))
        })
        .collect();
    assert!(long.is_empty(), "files over {MAX_LINES} lines:\n{}", long.join("\n"));
}
