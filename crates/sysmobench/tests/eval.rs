//! End-to-end tests of `sysmobench eval`: the task reference models score 1.0 on syntax, broken
//! variants score lower with the failing action named, and unevaluated phases say so.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn eval(args: &[&str]) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_sysmobench"))
        .arg("eval")
        .args(args)
        .args(["--tasks-dir", repository().join("tasks").to_str().unwrap()])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.code().unwrap_or(-1), text)
}

#[test]
fn reference_models_score_full_syntax_marks() {
    for task in ["spin", "mutex", "rwmutex", "ringbuffer"] {
        let spec = repository().join(format!("tasks/{task}/reference/{task}.tla"));
        let (exit, output) = eval(&["--task", task, "--spec", spec.to_str().unwrap(), "--json"]);
        assert_eq!(exit, 0, "{output}");
        let card: serde_json::Value = serde_json::from_str(&output).unwrap();
        assert_eq!(card["schema_version"], 1);
        assert_eq!(card["phases"][0]["phase"], "syntax");
        assert_eq!(card["phases"][0]["score"], 1.0, "{task}: {output}");
        assert_eq!(card["phases"][1]["status"], "not_evaluated");
        assert_eq!(card["overall"]["status"], "not_evaluated");
    }
}

#[test]
fn a_broken_action_lowers_the_syntax_score_and_is_named() {
    let spec =
        repository().join("crates/bench-metrics/test_data/syntax/undefined_operator/Counter.tla");
    let (exit, output) = eval(&["--task", "spin", "--spec", spec.to_str().unwrap()]);
    assert_eq!(exit, 0, "{output}");
    assert!(output.contains("syntax       0.375"), "{output}");
    assert!(output.contains("IncX                     fails: uses Helper"), "{output}");
    assert!(output.contains("runtime scores 0: syntax failed (cascade)"), "{output}");
}

#[test]
fn usage_errors() {
    let (exit, output) = eval(&["--spec", "X.tla"]);
    assert_eq!(exit, 2, "{output}");
    let (exit, output) = eval(&["--task", "no-such-task", "--spec", "X.tla"]);
    assert_eq!(exit, 1, "{output}");
}
