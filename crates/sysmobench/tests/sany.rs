//! `sysmobench sany -error-codes` against recorded output of the reference SANY (see
//! `tests/data/sany/README.md`): standard output, standard error and the exit code, per case.

use std::path::{Path, PathBuf};
use std::process::Command;

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sany")
}

/// The recording's masks, applied to our output too.
fn masked(stdout: &str) -> String {
    let mut text = String::new();
    for line in stdout.lines() {
        if line.starts_with("****** SANY2 Version") {
            continue;
        }
        match line.strip_prefix("Parsing file ") {
            Some(rest) => {
                let path = rest.split(".tla").next().unwrap_or(rest);
                let name = path.rsplit('/').next().unwrap_or(path);
                text.push_str(&format!("Parsing file {name}.tla\n"));
            }
            None => {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    text
}

/// Runs one case and returns its output in the shape of `expected.out`.
fn run_case(case: &Path) -> String {
    let root = if case.join("Main.tla").exists() {
        "Main.tla".to_string()
    } else {
        let mut modules = std::fs::read_dir(case)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|name| name.ends_with(".tla"));
        let only = modules.next().expect("a module");
        assert!(modules.next().is_none(), "{}: several modules and no Main.tla", case.display());
        only
    };
    let output = Command::new(env!("CARGO_BIN_EXE_sysmobench"))
        .args(["sany", "-error-codes", &root])
        .current_dir(case)
        .env_remove("TLA_PATH")
        .output()
        .unwrap();
    format!(
        "{}--- stderr\n{}--- exit {}\n",
        masked(&String::from_utf8_lossy(&output.stdout)),
        String::from_utf8_lossy(&output.stderr),
        output.status.code().unwrap_or(-1)
    )
}

#[test]
fn output_matches_the_reference_sany() {
    let mut cases: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.is_dir())
        .collect();
    cases.sort();
    assert!(cases.len() >= 50, "only {} cases", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let expected = std::fs::read_to_string(case.join("expected.out")).unwrap();
        let actual = run_case(case);
        if actual != expected {
            failures.push(format!(
                "=== {}\n--- expected\n{expected}--- actual\n{actual}",
                case.file_name().unwrap().to_string_lossy()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
