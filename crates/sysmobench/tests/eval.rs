//! End-to-end tests of `sysmobench eval`: the task reference models score 1.0 on syntax and
//! runtime, broken variants score lower in the phase they break with the failing action named,
//! and unevaluated phases say so.

use std::path::{Path, PathBuf};
use std::process::Command;

fn repository() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Every committed task: its id, its model module and the action the negative controls break.
const TASKS: &[(&str, &str, &str)] = &[
    ("spin", "spin", "StartLock"),
    ("mutex", "mutex", "Unlock"),
    ("rwmutex", "rwmutex", "AttemptRead"),
    ("ringbuffer", "ringbuffer", "PushWrite"),
    ("etcd", "etcdraft", "ClientRequest"),
    ("redisraft", "redisraft", "ClientRequest"),
    ("zookeeper", "zookeeper", "Decide"),
    ("dqueue", "dqueue", "ProducerSend"),
    ("locksvc", "locksvc", "ServerRespond"),
    ("curp", "curp", "LeaderRecord"),
    ("raftkvs", "raftkvs", "BecomeLeader"),
];

fn reference_path(task: &str, module: &str, extension: &str) -> PathBuf {
    repository().join(format!("tasks/{task}/reference/{module}.{extension}"))
}

#[test]
fn the_task_list_names_every_committed_task() {
    let mut committed: Vec<String> = std::fs::read_dir(repository().join("tasks"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.join("task.toml").is_file())
        .map(|path| path.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    committed.sort();
    let mut listed: Vec<String> = TASKS.iter().map(|(task, _, _)| task.to_string()).collect();
    listed.sort();
    assert_eq!(listed, committed, "add every task to TASKS");
    for (task, module, _) in TASKS {
        assert!(reference_path(task, module, "tla").is_file(), "{task}: no {module}.tla");
    }
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
    for (task, module, _) in TASKS {
        let spec = reference_path(task, module, "tla");
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

/// The reference model `module` of `task` with action `action` wrapped:
/// `prefix /\ <original action>`. The original is renamed and the wrapper defined right after
/// it (before its first user).
fn wrap_action(task: &str, module: &str, action: &str, prefix: &str) -> String {
    let text = std::fs::read_to_string(reference_path(task, module, "tla")).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let start = lines
        .iter()
        .position(|line| {
            line.strip_prefix(action)
                .is_some_and(|rest| rest.starts_with('(') || rest.starts_with(" =="))
        })
        .unwrap_or_else(|| panic!("{task} has no action {action}"));
    // The parameter list as written, `(i, m)`, or nothing.
    let parameters = lines[start][action.len()..].split(" ==").next().unwrap().to_string();
    let renamed = format!("{action}Original");
    lines[start] = lines[start].replacen(action, &renamed, 1);
    // The body ends before the next line that starts in the first column.
    let end = (start + 1..lines.len())
        .find(|&index| lines[index].chars().next().is_some_and(|ch| !ch.is_whitespace()))
        .unwrap_or(lines.len());
    let wrapper = format!("{action}{parameters} == {prefix} /\\ {renamed}{parameters}");
    lines.insert(end, String::new());
    lines.insert(end + 1, wrapper);
    lines.join("\n") + "\n"
}

fn runtime_of(card: &serde_json::Value, action: &str) -> (f64, bool) {
    let runtime = &card["phases"][1];
    let counts = runtime["details"]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|entry| entry["name"] == action)
        .map(|entry| entry["counts"].as_bool().unwrap())
        .unwrap_or_else(|| panic!("no action {action}: {card}"));
    (runtime["score"].as_f64().unwrap(), counts)
}

#[test]
fn negative_controls_lower_only_the_runtime_phase_of_each_task() {
    let scratch = std::env::temp_dir().join(format!("sysmobench-negative-{}", std::process::id()));
    for (task, module, action) in TASKS {
        for (variant, prefix) in [("fails", "(CHOOSE x \\in {} : TRUE) = 1"), ("never", "FALSE")] {
            let folder = scratch.join(format!("{task}-{variant}"));
            std::fs::create_dir_all(&folder).unwrap();
            std::fs::write(
                folder.join(format!("{module}.tla")),
                wrap_action(task, module, action, prefix),
            )
            .unwrap();
            std::fs::copy(
                reference_path(task, module, "cfg"),
                folder.join(format!("{module}.cfg")),
            )
            .unwrap();
            let spec = folder.join(format!("{module}.tla"));
            let (exit, output) =
                eval(&["--task", task, "--spec", spec.to_str().unwrap(), "--json"]);
            assert_eq!(exit, 0, "{output}");
            let card: serde_json::Value = serde_json::from_str(&output).unwrap();
            assert_eq!(card["phases"][0]["score"], 1.0, "{task} {variant}: syntax must not change");
            let (score, counts) = runtime_of(&card, action);
            assert!(score < 1.0, "{task} {variant}: runtime {score}");
            assert!(!counts, "{task} {variant}: {action} must not count");
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
}

#[test]
fn syntax_negative_controls_lower_only_the_syntax_phase_of_each_task() {
    let scratch =
        std::env::temp_dir().join(format!("sysmobench-syntax-negative-{}", std::process::id()));
    for (task, module, action) in TASKS {
        // An undefined operator in one action, and a definition that does not parse.
        let variants = [
            ("undefined", wrap_action(task, module, action, "NoSuchOperator(1)")),
            (
                "unparsable",
                wrap_action(task, module, action, "TRUE").replacen(
                    "\nNext ==",
                    "\nBroken == 1 +\n\nNext ==",
                    1,
                ),
            ),
        ];
        for (variant, text) in variants {
            let folder = scratch.join(format!("{task}-{variant}"));
            std::fs::create_dir_all(&folder).unwrap();
            std::fs::write(folder.join(format!("{module}.tla")), text).unwrap();
            std::fs::copy(
                reference_path(task, module, "cfg"),
                folder.join(format!("{module}.cfg")),
            )
            .unwrap();
            let spec = folder.join(format!("{module}.tla"));
            let (exit, output) =
                eval(&["--task", task, "--spec", spec.to_str().unwrap(), "--json", "--no-cascade"]);
            assert_eq!(exit, 0, "{output}");
            let card: serde_json::Value = serde_json::from_str(&output).unwrap();
            let syntax = card["phases"][0]["score"].as_f64().unwrap();
            assert!(syntax < 1.0, "{task} {variant}: syntax {syntax}");
            assert!(syntax > 0.0, "{task} {variant}: the other actions still pass");
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
}
