//! Semantic verdicts on the front end's SANY-labelled fixtures (`tla-syntax/test_data/sany`).
//!
//! For every fixture the reference SANY accepted or rejected semantically, our analysis must
//! reach the same verdict, and when SANY rejected it, our first error must carry the same message
//! (SANY's first message line is recorded in `sany-verdicts.tsv`). Fixtures that extend standard
//! modules are left out until those modules are embedded in the binary.

use std::path::{Path, PathBuf};
use tla_sema::{ModuleSource, SourceFile};

struct NoModules;

impl ModuleSource for NoModules {
    fn find_module(&mut self, _name: &str) -> Option<SourceFile> {
        None
    }
}

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tla-syntax/test_data/sany")
}

#[test]
fn semantic_verdicts_agree_with_sany() {
    let verdicts = std::fs::read_to_string(fixtures_dir().join("sany-verdicts.tsv")).unwrap();
    let mut n_checked = 0;
    let mut disagreements = Vec::new();
    for line in verdicts.lines().filter(|line| !line.starts_with('#') && !line.is_empty()) {
        let columns: Vec<&str> = line.split('\t').collect();
        let (file, class, message) =
            (columns[0], columns[2], columns.get(3).copied().unwrap_or(""));
        if !matches!(class, "ok" | "semantic") {
            continue;
        }
        let text = std::fs::read_to_string(fixtures_dir().join(file)).unwrap();
        if text.contains("EXTENDS") {
            continue;
        }
        let name = file.trim_end_matches(".tla");
        let root = SourceFile { path: file.to_string(), text };
        let spec = tla_sema::load_specification(name, root, &mut NoModules);
        assert!(spec.errors.is_empty(), "{file}: {:?}", spec.errors);
        let analysis = tla_sema::analyze(&spec);
        let first_error =
            analysis.diagnostics.iter().find(|diagnostic| diagnostic.diagnostic.is_error());
        n_checked += 1;
        match (class, first_error) {
            ("ok", None) => {}
            ("semantic", Some(error))
                if error.diagnostic.message.lines().next() == Some(message.trim_end()) => {}
            (_, error) => disagreements.push(format!(
                "{file}: SANY {class} `{message}`, ours {:?}",
                error.map(|error| &error.diagnostic.message)
            )),
        }
    }
    assert!(n_checked > 50, "only {n_checked} fixtures checked");
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}
