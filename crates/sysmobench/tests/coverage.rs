//! Coverage (`-coverage`, `--coverage-json`) of `sysmobench tlc`, breadth first and simulated.
//!
//! The printed coverage lines are compared with TLC's own in the golden cases (`tests/tlc.rs`).
//! These tests check what TLC does not print: the JSON counts (tries, enabled, errors, the
//! first error and the blamed action) on specs whose numbers follow from reading them; that a
//! simulation's coverage depends on the seed only, not on the number of workers; and that
//! simulation and exhaustive checking agree on which actions can be taken at all.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value as Json;

fn data_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data")
}

fn task_reference(task: &str) -> PathBuf {
    data_folder().join(format!("../../../../tasks/{task}/reference"))
}

/// Runs `sysmobench tlc ARGS --coverage-json F -config <cfg> <spec>` in `folder`; the exit code
/// and the JSON document.
fn coverage_of(folder: &Path, args: &[&str], label: &str) -> (i32, Json) {
    let cfg = std::fs::read_dir(folder)
        .unwrap()
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .find(|path| path.extension().is_some_and(|extension| extension == "cfg"))
        .expect("a cfg file");
    let spec = cfg.with_extension("tla");
    let json_path = std::env::temp_dir().join(format!(
        "sysmobench-coverage-{}-{label}-{}.json",
        std::process::id(),
        folder.file_name().unwrap().to_string_lossy()
    ));
    let output = Command::new(env!("CARGO_BIN_EXE_sysmobench"))
        .current_dir(folder)
        .arg("tlc")
        .args(args)
        .arg("--coverage-json")
        .arg(&json_path)
        .arg("-config")
        .arg(cfg.file_name().unwrap())
        .arg(spec.file_name().unwrap())
        .output()
        .expect("the binary runs");
    let text = std::fs::read_to_string(&json_path).unwrap_or_else(|error| {
        panic!(
            "{}: no coverage written ({error}):\n{}",
            folder.display(),
            String::from_utf8_lossy(&output.stdout)
        )
    });
    let _ = std::fs::remove_file(&json_path);
    (output.status.code().unwrap_or(-1), serde_json::from_str(&text).expect("valid JSON"))
}

/// `name(params)` of each action entry, so that parameterised actions can be told apart.
fn action_key(action: &Json) -> String {
    let parameters = action["parameters"].as_object().map(|parameters| {
        parameters.values().map(|value| value.as_str().unwrap_or("?")).collect::<Vec<_>>()
    });
    match parameters {
        Some(values) if !values.is_empty() => {
            format!("{}({})", action["name"].as_str().unwrap_or("?"), values.join(","))
        }
        _ => action["name"].as_str().unwrap_or("?").to_string(),
    }
}

/// Looks up a field by a path like `actions.Read.errors`, `init.generated`,
/// `variables.x.distinct_values`, `verdict.blamed_action.name`. A count of an action that is
/// several entries (one per binding of an `\E` it was split through) is their sum.
fn field(document: &Json, path: &str) -> Option<Json> {
    if let Some(rest) = path.strip_prefix("actions.") {
        let (name, count) = rest.split_once('.')?;
        let entries: Vec<&Json> = document["actions"]
            .as_array()?
            .iter()
            .filter(|entry| action_key(entry) == name)
            .collect();
        if entries.len() > 1 && entries.iter().all(|entry| entry[count].is_u64()) {
            return Some(Json::from(
                entries.iter().filter_map(|entry| entry[count].as_u64()).sum::<u64>(),
            ));
        }
    }
    field_of_first(document, path).cloned()
}

fn field_of_first<'j>(document: &'j Json, path: &str) -> Option<&'j Json> {
    let mut current = document;
    let mut parts = path.split('.');
    while let Some(part) = parts.next() {
        current = match part {
            "actions" | "variables" | "constraints" => {
                let name = parts.next()?;
                current[part].as_array()?.iter().find(|entry| {
                    if part == "actions" {
                        action_key(entry) == name
                    } else {
                        entry["name"] == name
                    }
                })?
            }
            _ => current.get(part)?,
        };
    }
    Some(current)
}

/// Each case: the folder (relative to `tests/data`), the flags, the exit code, and
/// `path = value` expectations on the JSON (values as JSON text).
const EXACT_CASES: &[(&str, &str, i32, &str)] = &[
    // Deadlock: states (a,0) (b,0) (a,1) (a,2) (done,2) are expanded, every action is tried in
    // each; Switch's only successor (a,0) is not new; Unused is never enabled; the deadlock
    // follows Finish. Variables count queued successors: n in {1,2}, pc in {a, done}.
    (
        "tlc/coverage_deadlock",
        "",
        11,
        "verdict.kind = \"deadlock\"
         verdict.blamed_action.name = \"Finish\"
         init.generated = 2
         init.distinct = 2
         actions.Work.tried = 5
         actions.Work.enabled = 2
         actions.Work.generated = 2
         actions.Work.new_states = 2
         actions.Finish.enabled = 1
         actions.Finish.new_states = 1
         actions.Switch.generated = 1
         actions.Switch.new_states = 0
         actions.Unused.tried = 5
         actions.Unused.enabled = 0
         actions.Unused.generated = 0
         variables.n.distinct_values = 2
         variables.pc.distinct_values = 2",
    ),
    // Evaluation error: x = 0, 1, 2 are expanded; at x = 2 Up yields 3, then Read applies f
    // outside its domain, so Idle is tried only at x = 0 and x = 1.
    (
        "tlc/coverage_eval_error",
        "",
        75,
        "verdict.kind = \"evaluation-error\"
         verdict.phase = \"next-state\"
         verdict.blamed_action.name = \"Read\"
         actions.Up.tried = 3
         actions.Up.enabled = 3
         actions.Up.generated = 3
         actions.Up.new_states = 3
         actions.Read.tried = 3
         actions.Read.enabled = 0
         actions.Read.errors = 1
         actions.Read.first_error.phase = \"next-state\"
         actions.Read.first_error.location = \"line 11, col 23 to line 11, col 26 of module Fail\"
         actions.Idle.tried = 2
         actions.Idle.enabled = 0
         variables.x.distinct_values = 3",
    ),
    // Invariant violation: Init's a >= b rejects (0,1) after both are assigned; the violating
    // state (3,3) comes from StepB. TLC prints StepA 4:16 and StepB 9:23, which include two
    // rebuilds of the trace (2 states each); the run itself generated 4 fewer of each.
    (
        "tlc/coverage_invariant",
        "",
        12,
        "verdict.kind = \"invariant-violated\"
         verdict.blamed_action.name = \"StepB\"
         verdict.trace_length = 3
         init.generated = 5
         init.rejected = 1
         actions.StepA.generated = 12
         actions.StepA.new_states = 4
         actions.StepB.generated = 19
         actions.StepB.new_states = 9
         actions.Stay.enabled = 0",
    ),
    // Success: the constraint x + y < 5 holds for 23 of the 30 generated states (TLC prints
    // 23:30); Add(1) and Add(2) are one printed line (Add 9:16) but two JSON entries.
    (
        "tlc/coverage_success",
        "",
        0,
        "verdict.kind = \"success\"
         verdict.blamed_action = null
         constraints.Small.held = 23
         constraints.Small.failed = 7
         actions.Never.tried = 13
         actions.Never.enabled = 0
         actions.Inc.new_states = 2
         actions.Inc.generated = 11
         variables.x.distinct_values = 4",
    ),
    // Simulation of a spec without random choices: every trace is 0 -> 1 -> 2 -> 3, after
    // which nothing is enabled (not a deadlock with -deadlock). Up is tried once per state
    // (it is enabled in all but the last), Never is never enabled.
    (
        "coverage",
        "-simulate num=5 -depth 10 -seed 3 -deadlock",
        0,
        "verdict.kind = \"success\"
         init.generated = 1
         actions.Up.tried = 20
         actions.Up.enabled = 15
         actions.Up.generated = 15
         actions.Up.new_states = 15
         actions.Never.enabled = 0
         actions.Never.generated = 0
         variables.x.distinct_values = 3",
    ),
    // Simulation into the evaluation error: Read fails at x = 2 or, if Up was picked first,
    // at x = 3; either way it is Read's error and ends the run.
    (
        "tlc/coverage_eval_error",
        "-simulate num=3 -depth 10 -seed 5",
        75,
        "verdict.kind = \"evaluation-error\"
         verdict.blamed_action.name = \"Read\"
         actions.Read.errors = 1
         actions.Read.enabled = 0
         actions.Idle.enabled = 0",
    ),
    // Simulation into the deadlock: every trace ends in (done, 2) after Finish.
    (
        "tlc/coverage_deadlock",
        "-simulate num=3 -depth 10 -seed 1",
        11,
        "verdict.kind = \"deadlock\"
         verdict.blamed_action.name = \"Finish\"
         actions.Unused.enabled = 0
         actions.Finish.enabled = 1",
    ),
];

#[test]
fn coverage_counts_and_blamed_actions_are_exact() {
    let mut failures = Vec::new();
    for (index, (folder, args, exit, expectations)) in EXACT_CASES.iter().enumerate() {
        let args: Vec<&str> = args.split_whitespace().collect();
        let (actual_exit, document) =
            coverage_of(&data_folder().join(folder), &args, &format!("exact{index}"));
        if actual_exit != *exit {
            failures.push(format!("{folder} {args:?}: exit code {actual_exit}, expected {exit}"));
        }
        for expectation in expectations.lines().map(str::trim).filter(|line| !line.is_empty()) {
            let (path, expected) = expectation.split_once(" = ").expect("path = value");
            let expected: Json = serde_json::from_str(expected).expect("a JSON value");
            let actual = field(&document, path);
            if actual.as_ref() != Some(&expected) {
                failures
                    .push(format!("{folder} {args:?}: {path} is {actual:?}, expected {expected}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn simulation_coverage_depends_on_the_seed_not_on_the_workers() {
    let cases = [
        (data_folder().join("tlc/coverage_success"), "-deadlock"),
        (data_folder().join("tlc/coverage_invariant"), ""),
        (task_reference("spin"), "--skip-liveness"),
    ];
    for (folder, extra) in cases {
        let run = |workers: &str| {
            let mut args = vec!["-simulate", "num=40", "-depth", "30", "-seed", "11"];
            args.extend(extra.split_whitespace());
            args.extend(["-workers", workers]);
            coverage_of(&folder, &args, &format!("workers{workers}"))
        };
        let one = run("1");
        assert_eq!(one, run("2"), "{}: coverage differs between 1 and 2 workers", folder.display());
    }
}

/// The golden cases whose breadth-first run finishes without an error, and the task reference
/// models.
fn finishing_specs() -> Vec<(PathBuf, Vec<String>)> {
    let mut specs = Vec::new();
    let mut folders: Vec<PathBuf> = std::fs::read_dir(data_folder().join("tlc"))
        .unwrap()
        .filter_map(|entry| entry.ok().map(|entry| entry.path()))
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    for folder in folders {
        let exit = std::fs::read_to_string(folder.join("expected.exit")).unwrap_or_default();
        let args = std::fs::read_to_string(folder.join("args")).unwrap_or_default();
        // `-continue` finishes with exit 0 although it met violations, which end a simulation.
        if exit.trim() != "0" || args.contains("-continue") {
            continue;
        }
        let kept: Vec<String> =
            args.split_whitespace().filter(|arg| *arg == "-deadlock").map(str::to_string).collect();
        specs.push((folder, kept));
    }
    for task in ["spin", "mutex", "rwmutex", "ringbuffer"] {
        specs.push((task_reference(task), vec!["--skip-liveness".to_string()]));
    }
    specs
}

fn enabled_actions(document: &Json) -> Vec<(String, bool)> {
    document["actions"]
        .as_array()
        .map(|actions| {
            actions
                .iter()
                .map(|action| (action_key(action), action["generated"].as_u64().unwrap_or(0) > 0))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn simulation_covers_what_exhaustive_checking_covers_and_nothing_else() {
    let specs = finishing_specs();
    assert!(specs.len() >= 20, "the golden cases are missing");
    let mut failures = Vec::new();
    let mut covered_by_both = 0;
    for (folder, args) in specs {
        let name = folder.display().to_string();
        let bfs_args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (bfs_exit, bfs) = coverage_of(&folder, &bfs_args, "bfs");
        if bfs_exit != 0 {
            failures.push(format!("{name}: breadth-first run ended with {bfs_exit}"));
            continue;
        }
        let mut simulation_args =
            vec!["-simulate", "num=300", "-depth", "60", "-seed", "20261130", "-deadlock"];
        simulation_args.extend(bfs_args.iter().copied());
        let (_, simulation) = coverage_of(&folder, &simulation_args, "simulate");
        let exhaustive = enabled_actions(&bfs);
        let simulated = enabled_actions(&simulation);
        if exhaustive.len() != simulated.len() {
            failures.push(format!("{name}: the two runs split Next differently"));
            continue;
        }
        for ((action, by_search), (_, by_simulation)) in exhaustive.iter().zip(&simulated) {
            match (by_search, by_simulation) {
                (true, false) => failures.push(format!("{name}: {action} never simulated")),
                (false, true) => {
                    failures.push(format!("{name}: {action} simulated but disabled in every state"))
                }
                (true, true) => covered_by_both += 1,
                (false, false) => {}
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(covered_by_both >= 60, "only {covered_by_both} actions were covered by both runs");
}
