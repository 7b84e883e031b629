//! Tidy checks for this crate: every Rust file explains why it exists, and stays short.

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("readable directory").flatten() {
        let path = entry.path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn every_file_has_module_docs_and_is_short() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("src"), &mut files);
    rust_files(&root.join("tests"), &mut files);
    let mut problems = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable file");
        if !text.starts_with("//!") {
            problems.push(format!("{}: does not open with a `//!` doc comment", file.display()));
        }
        let lines = text.lines().count();
        if lines > 800 {
            problems.push(format!("{}: {lines} lines (keep files under ~800)", file.display()));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
