//! Data-driven parser tests: every fixture in `test_data/sany` was checked with the reference
//! SANY, whose verdict is recorded in `sany-verdicts.tsv`. Our parser must reject exactly the
//! fixtures SANY rejects at parse time; our tree or first diagnostic is kept as a snapshot
//! beside each fixture (`UPDATE_EXPECT=1 cargo test` refreshes them).

use std::path::{Path, PathBuf};
use tla_syntax::sexpr::module_to_sexpr;

struct Fixture {
    path: PathBuf,
    sany_class: String,
    sany_message: String,
}

fn fixtures_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/sany")
}

fn fixtures() -> Vec<Fixture> {
    let dir = fixtures_dir();
    let verdicts = std::fs::read_to_string(dir.join("sany-verdicts.tsv")).unwrap();
    verdicts
        .lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let columns: Vec<&str> = line.split('\t').collect();
            Fixture {
                path: dir.join(columns[0]),
                sany_class: columns[2].to_string(),
                sany_message: columns.get(3).unwrap_or(&"").to_string(),
            }
        })
        .collect()
}

/// SANY rejected the module while parsing: a parse or lexical error, or a crash of its parser
/// (which also exits 255).
fn sany_rejects_syntax(fixture: &Fixture) -> bool {
    matches!(fixture.sany_class.as_str(), "parse" | "lexical" | "other")
}

fn our_output(text: &str) -> (bool, String) {
    let parsed = tla_syntax::parse_module(text);
    match parsed.diagnostics.first() {
        Some(diagnostic) => (true, format!("error[{}]: {}\n", diagnostic.code, diagnostic.message)),
        None => match &parsed.module {
            Some(module) => (false, module_to_sexpr(module)),
            None => (true, "no module\n".to_string()),
        },
    }
}

#[test]
fn parser_agrees_with_sany_on_every_fixture() {
    let fixtures = fixtures();
    assert!(fixtures.len() > 100, "fixture list went missing");
    let mut disagreements = Vec::new();
    for fixture in &fixtures {
        let text = std::fs::read_to_string(&fixture.path).unwrap();
        let (we_reject, output) = our_output(&text);
        if we_reject != sany_rejects_syntax(fixture) {
            disagreements.push(format!(
                "{}: SANY says {} ({}), we say {}",
                fixture.path.file_name().unwrap().to_string_lossy(),
                fixture.sany_class,
                fixture.sany_message,
                output.trim()
            ));
        }
        expect_test::expect_file![fixture.path.with_extension("out")].assert_eq(&output);
    }
    assert!(disagreements.is_empty(), "disagreements with SANY:\n{}", disagreements.join("\n"));
}

#[test]
fn no_snapshot_without_a_fixture() {
    let dir = fixtures_dir();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|ext| ext == "out") {
            assert!(path.with_extension("tla").is_file(), "orphaned snapshot {}", path.display());
        }
    }
}
