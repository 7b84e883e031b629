//! End-to-end tests of `sysmobench eval`: the task reference models score 1.0 on syntax and
//! runtime, broken variants score lower in the phase they break with the failing action named,
//! and unevaluated phases say so.

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
        .env("SYSMOBENCH_RUNTIME_TRACES", "40")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.code().unwrap_or(-1), text)
}

#[test]
fn reference_models_score_full_syntax_and_runtime_marks() {
    for task in ["spin", "mutex", "rwmutex", "ringbuffer"] {
        let spec = repository().join(format!("tasks/{task}/reference/{task}.tla"));
        let (exit, output) = eval(&["--task", task, "--spec", spec.to_str().unwrap(), "--json"]);
        assert_eq!(exit, 0, "{output}");
        let card: serde_json::Value = serde_json::from_str(&output).unwrap();
        assert_eq!(card["schema_version"], 1);
        assert_eq!(card["phases"][0]["phase"], "syntax");
        assert_eq!(card["phases"][0]["score"], 1.0, "{task}: {output}");
        assert_eq!(card["phases"][1]["phase"], "runtime");
        assert_eq!(card["phases"][1]["score"], 1.0, "{task}: {output}");
        assert_eq!(card["phases"][2]["status"], "not_evaluated");
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
fn actions_that_fail_or_never_run_lower_only_the_runtime_score() {
    let spec = repository().join("crates/sysmobench/tests/data/runtime/broken_actions/Counter.tla");
    let (exit, output) = eval(&["--task", "spin", "--spec", spec.to_str().unwrap(), "--json"]);
    assert_eq!(exit, 0, "{output}");
    let card: serde_json::Value = serde_json::from_str(&output).unwrap();
    assert_eq!(card["phases"][0]["score"], 1.0, "{output}");
    let runtime = &card["phases"][1];
    assert_eq!(
        runtime["score"].as_f64().map(|score| (score * 1000.0).round()),
        Some(333.0),
        "{output}"
    );
    let actions = runtime["details"]["actions"].as_array().unwrap();
    let summary: Vec<(String, bool, u64)> = actions
        .iter()
        .map(|action| {
            (
                action["name"].as_str().unwrap().to_string(),
                action["counts"].as_bool().unwrap(),
                action["errors"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(summary[0].0, "Inc");
    assert!(summary[0].1);
    assert_eq!((summary[1].0.as_str(), summary[1].1), ("Pop", false));
    assert!(summary[1].2 > 0, "Pop's failures are recorded: {output}");
    assert_eq!(summary[2], ("Reset".to_string(), false, 0));
    let error = actions[1]["first_error"].as_str().unwrap();
    assert!(error.contains("Head"), "{error}");
}

#[test]
fn usage_errors() {
    let (exit, output) = eval(&["--spec", "X.tla"]);
    assert_eq!(exit, 2, "{output}");
    let (exit, output) = eval(&["--task", "no-such-task", "--spec", "X.tla"]);
    assert_eq!(exit, 1, "{output}");
}
