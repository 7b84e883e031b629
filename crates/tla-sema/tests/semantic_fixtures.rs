//! Semantic analysis against SANY, one fixture per class of SANY's semantic errors.
//!
//! Each module in `test_data/semantic` was written by us to trigger one SANY error code (or none).
//! `sany-verdicts.tsv` records what the reference SANY printed for it; `expected-codes.tsv` the
//! SANY code its first error must carry, and optionally further codes (comma-separated) that must
//! be among our diagnostics (later errors, or warnings of an accepted module). Our verdict, first
//! message and codes must all match.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use tla_sema::{LoadError, ModuleSource, SourceFile};

struct NoModules;

impl ModuleSource for NoModules {
    fn find_module(&mut self, _name: &str) -> Option<SourceFile> {
        None
    }
}

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/semantic")
}

fn read_table(file: &str) -> BTreeMap<String, Vec<String>> {
    let text = std::fs::read_to_string(fixtures_dir().join(file)).unwrap();
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let columns: Vec<String> = line.split('\t').map(str::to_string).collect();
            (columns[0].clone(), columns[1..].to_vec())
        })
        .collect()
}

/// Our verdict for one fixture: (class, first message line, code, every diagnostic's code).
fn our_verdict(file: &str) -> (String, String, String, Vec<String>) {
    let text = std::fs::read_to_string(fixtures_dir().join(file)).unwrap();
    let name = file.trim_end_matches(".tla");
    let spec = tla_sema::load_specification(
        name,
        SourceFile { path: file.to_string(), text },
        &mut NoModules,
    );
    if let Some(error) = spec.errors.first() {
        return match error {
            LoadError::ParseFailed { file } => {
                let message = spec.files[*file].parsed.diagnostics.first().map(|d| d.message.clone()).unwrap_or_default();
                ("parse".into(), message, "parse".into(), Vec::new())
            }
            LoadError::NameMismatch { file_name, module_name, .. } => (
                "other".into(),
                format!("File name '{file_name}' does not match the name '{module_name}' of the top level module it contains."),
                "4221".into(),
                Vec::new(),
            ),
            LoadError::ModuleNotFound { module, imported_by } => (
                "missing-module".into(),
                format!("Cannot find source file for module {module} imported in module {imported_by}."),
                "4220".into(),
                Vec::new(),
            ),
            // SANY prints "Unknown location" and the cycle; the labelling script records no message.
            LoadError::Circular { .. } => ("other".into(), String::new(), "4222".into(), Vec::new()),
        };
    }
    let analysis = tla_sema::analyze(&spec);
    let all_codes: Vec<String> = analysis
        .diagnostics
        .iter()
        .map(|diagnostic| diagnostic.diagnostic.code.number.to_string())
        .collect();
    match analysis.diagnostics.iter().find(|diagnostic| diagnostic.diagnostic.is_error()) {
        None => ("ok".into(), String::new(), "0".into(), all_codes),
        Some(error) => (
            "semantic".into(),
            error.diagnostic.message.lines().next().unwrap_or_default().trim_end().to_string(),
            error.diagnostic.code.number.to_string(),
            all_codes,
        ),
    }
}

#[test]
fn every_fixture_gets_sanys_verdict_message_and_code() {
    let sany = read_table("sany-verdicts.tsv");
    let expected_codes = read_table("expected-codes.tsv");
    assert!(sany.len() >= 50, "fixtures went missing");
    let mut failures = Vec::new();
    for (file, columns) in &sany {
        let (sany_class, sany_message) = (&columns[1], columns.get(2).map_or("", String::as_str));
        let expected_code = &expected_codes[file][0];
        let further_codes: Vec<&str> = expected_codes[file]
            .get(1)
            .map_or(Vec::new(), |codes| codes.split(',').map(str::trim).collect());
        let (class, message, code, all_codes) = our_verdict(file);
        let message_matches = match sany_class.as_str() {
            "semantic" | "other" | "missing-module" => message == sany_message.trim_end(),
            _ => true,
        };
        let missing_codes: Vec<&str> = further_codes
            .iter()
            .copied()
            .filter(|wanted| !all_codes.iter().any(|code| code == wanted))
            .collect();
        if &class != sany_class
            || !message_matches
            || &code != expected_code
            || !missing_codes.is_empty()
        {
            failures.push(format!(
                "{file}:\n  SANY: {sany_class} `{sany_message}` (expected code {expected_code}, also {further_codes:?})\n  ours: {class} `{message}` (code {code}, all {all_codes:?})"
            ));
        }
    }
    assert!(failures.is_empty(), "{} fixtures differ:\n{}", failures.len(), failures.join("\n"));
}
