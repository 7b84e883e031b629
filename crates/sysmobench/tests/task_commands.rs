//! End-to-end tests of `sysmobench tasks`, `sysmobench fetch` and `sysmobench traces`.
//!
//! Hermetic: task folders are written into a fresh temporary folder (with a `local` provider, so
//! nothing is downloaded), the source cache is an empty temporary folder, and the repository's own
//! `tasks/` folder is only read.

use std::path::{Path, PathBuf};
use std::process::Command;

mod support;

use support::{write_fixture_task, Scratch};

/// Runs the binary in `cwd` with an empty cache; returns the exit code, stdout and stderr.
fn sysmobench(args: &[&str], cwd: &Path, cache: &Path) -> (i32, String, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_sysmobench"))
        .args(args)
        .current_dir(cwd)
        .env("SYSMOBENCH_CACHE", cache)
        .env_remove("SYSMOBENCH_GIT_MIRROR")
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

fn repository_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn tasks_lists_a_temporary_tasks_folder() {
    let scratch = Scratch::new("list");
    write_fixture_task(&scratch, "alpha");
    write_fixture_task(&scratch, "beta");
    let cache = scratch.dir.join("cache");
    let tasks_dir = scratch.path("tasks");
    let (code, stdout, stderr) =
        sysmobench(&["tasks", "--tasks-dir", &tasks_dir], &scratch.dir, &cache);
    assert_eq!(code, 0, "{stderr}");
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert!(lines[0].starts_with("ID "), "{stdout}");
    for header in ["SYSTEM", "KIND", "LANGUAGE", "SOURCE", "LINES", "TRACES", "INVARIANTS"] {
        assert!(lines[0].contains(header), "{stdout}");
    }
    assert!(lines[1].starts_with("alpha "), "{stdout}");
    assert!(lines[2].starts_with("beta "), "{stdout}");
    // A local source is read in place, so its lines are counted; no traces yet.
    let cells: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(cells[..6], ["alpha", "Fixture", "lock", "concurrent", "rust", "local"], "{stdout}");
    assert!(lines[1].ends_with("  2      0       2 (1 safety, 1 liveness)"), "{stdout}");
    // Columns are aligned: every row's SOURCE cell starts where the header's does.
    let column = lines[0].find("SOURCE").unwrap();
    assert!(lines[1..].iter().all(|line| line[column..].starts_with("local ")), "{stdout}");

    let (code, stdout, stderr) =
        sysmobench(&["tasks", "--json", "--tasks-dir", &tasks_dir], &scratch.dir, &cache);
    assert_eq!(code, 0, "{stderr}");
    let listing: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let alpha = &listing.as_array().unwrap()[0];
    assert_eq!(alpha["id"], "alpha");
    assert_eq!(alpha["system"], "Fixture lock");
    assert_eq!(alpha["kind"], "concurrent");
    assert_eq!(alpha["source"]["provider"], "local");
    assert_eq!(alpha["source_lines"], 2);
    assert_eq!(alpha["traces"], 0);
    assert_eq!(alpha["invariants"], serde_json::json!({"total": 2, "safety": 1, "liveness": 1}));
}

#[test]
fn tasks_lists_the_repository_tasks_from_a_subfolder() {
    let scratch = Scratch::new("repository");
    let cache = scratch.dir.join("empty-cache");
    // No --tasks-dir: the tasks folder is found by walking up from the crate folder.
    let (code, stdout, stderr) =
        sysmobench(&["tasks", "--json"], Path::new(env!("CARGO_MANIFEST_DIR")), &cache);
    assert_eq!(code, 0, "{stderr}");
    let listing: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let listing = listing.as_array().unwrap();
    let ids: Vec<&str> = listing.iter().map(|task| task["id"].as_str().unwrap()).collect();
    assert_eq!(
        ids,
        [
            "curp",
            "dqueue",
            "etcd",
            "locksvc",
            "mutex",
            "raftkvs",
            "redisraft",
            "ringbuffer",
            "rwmutex",
            "spin",
            "zookeeper"
        ]
    );
    for task in listing {
        let id = task["id"].as_str().unwrap();
        assert_eq!(task["traces"], 20, "{task}");
        assert_eq!(task["source_lines"], serde_json::Value::Null, "{task}");
        assert!(task["invariants"]["safety"].as_u64().unwrap() > 0, "{task}");
        // The lock tasks, zookeeper, curp, dqueue and locksvc have liveness templates; etcd and
        // redisraft, whose networks may lose every message, and raftkvs, whose elections may split
        // forever, have none.
        let liveness = task["invariants"]["liveness"].as_u64().unwrap();
        assert_eq!(liveness > 0, !["etcd", "redisraft", "raftkvs"].contains(&id), "{task}");
    }
    let by_id = |id: &str| listing.iter().find(|task| task["id"] == id).unwrap();
    assert_eq!(
        by_id("spin")["source"],
        serde_json::json!({"provider": "crate", "crate": "ostd", "version": "0.19.0"})
    );
    assert_eq!(by_id("ringbuffer")["source"]["provider"], "git");
    for id in ["etcd", "redisraft", "zookeeper", "dqueue", "locksvc", "curp", "raftkvs"] {
        assert_eq!(by_id(id)["kind"], "distributed", "{id}");
    }
    assert_eq!(by_id("etcd")["source"]["provider"], "git");
    assert_eq!(by_id("zookeeper")["source"]["provider"], "git");
    for id in ["dqueue", "locksvc", "raftkvs"] {
        assert_eq!(
            by_id(id)["source"],
            serde_json::json!({
                "provider": "git",
                "url": "https://github.com/DistCompiler/pgo",
                "commit": "ed456dbd7710347c07cef4601c5aa7040a04ac50"
            }),
            "{id}"
        );
    }

    let (code, stdout, stderr) = sysmobench(&["tasks"], &repository_root(), &cache);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(stdout.lines().count(), 12, "{stdout}");
    assert!(stdout.lines().skip(1).all(|line| line.contains("not fetched  20 ")), "{stdout}");
}

#[test]
fn help_names_the_commands_and_the_tasks_folder_rule() {
    let scratch = Scratch::new("help");
    let cache = scratch.dir.join("cache");
    let (code, stdout, _) = sysmobench(&["help"], &scratch.dir, &cache);
    assert_eq!(code, 0);
    for command in ["  tasks ", "  fetch ", "  traces "] {
        assert!(stdout.contains(command), "{stdout}");
    }
    for command in ["tasks", "fetch", "traces"] {
        let (code, stdout, _) = sysmobench(&[command, "--help"], &scratch.dir, &cache);
        assert_eq!(code, 0);
        assert!(stdout.contains("--tasks-dir DIR"), "{stdout}");
        assert!(stdout.contains("walking") || stdout.contains("each of its parents"), "{stdout}");
        assert!(stdout.contains("$SYSMOBENCH_CACHE"), "{stdout}");
    }
}

#[test]
fn fetch_verifies_a_local_source() {
    let scratch = Scratch::new("fetch");
    write_fixture_task(&scratch, "alpha");
    let cache = scratch.dir.join("cache");
    let tasks_dir = scratch.path("tasks");
    let (code, stdout, stderr) = sysmobench(
        &["fetch", "all", "--tasks-dir", &tasks_dir, "--cache", &scratch.path("cache")],
        &scratch.dir,
        &cache,
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("alpha: local "), "{stdout}");
    assert!(stdout.contains("(verified in place): 1 file(s), 2 lines, in "), "{stdout}");
    assert!(stdout.contains("  src/lock.rs  2 lines"), "{stdout}");

    // A task found by walking up from the current directory, named explicitly.
    let (code, stdout, stderr) = sysmobench(&["fetch", "alpha"], &scratch.dir, &cache);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("alpha: "), "{stdout}");
}

#[test]
fn fetch_reports_a_hash_mismatch_and_exits_one() {
    let scratch = Scratch::new("mismatch");
    write_fixture_task(&scratch, "alpha");
    write_fixture_task(&scratch, "beta");
    scratch.write("tasks/beta/upstream/src/lock.rs", "fn lock() { /* patched */ }\n");
    let cache = scratch.dir.join("cache");
    let tasks_dir = scratch.path("tasks");
    let (code, stdout, stderr) =
        sysmobench(&["fetch", "alpha", "beta", "--tasks-dir", &tasks_dir], &scratch.dir, &cache);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stdout.starts_with("alpha: "), "the good task is still fetched: {stdout}");
    assert!(stderr.contains("task `beta`"), "{stderr}");
    assert!(stderr.contains("`src/lock.rs`: sha256 "), "{stderr}");
    assert!(stderr.contains("but task.toml pins"), "{stderr}");
    assert!(stderr.contains("1 of 2 task(s) failed"), "{stderr}");

    std::fs::remove_file(scratch.dir.join("tasks/beta/upstream/src/lock.rs")).unwrap();
    let (code, _, stderr) =
        sysmobench(&["fetch", "beta", "--tasks-dir", &tasks_dir], &scratch.dir, &cache);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("missing `src/lock.rs`"), "{stderr}");
}

#[test]
fn fetch_rejects_unknown_tasks_and_bad_usage() {
    let scratch = Scratch::new("fetch-usage");
    write_fixture_task(&scratch, "alpha");
    let cache = scratch.dir.join("cache");
    let tasks_dir = scratch.path("tasks");
    let (code, _, stderr) =
        sysmobench(&["fetch", "nope", "--tasks-dir", &tasks_dir], &scratch.dir, &cache);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("unknown task `nope`"), "{stderr}");
    assert!(stderr.contains("(known tasks: alpha)"), "{stderr}");

    let (code, _, stderr) = sysmobench(&["fetch", "--tasks-dir", &tasks_dir], &scratch.dir, &cache);
    assert_eq!(code, 2, "{stderr}");
    let (code, _, stderr) = sysmobench(&["fetch", "alpha", "--bogus"], &scratch.dir, &cache);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("unknown option `--bogus`"), "{stderr}");
}

#[test]
fn traces_reports_unknown_tasks_and_tasks_without_a_harness() {
    let scratch = Scratch::new("traces");
    write_fixture_task(&scratch, "alpha");
    let cache = scratch.dir.join("cache");
    let tasks_dir = scratch.path("tasks");
    let (code, stdout, stderr) =
        sysmobench(&["traces", "--task", "nope", "--tasks-dir", &tasks_dir], &scratch.dir, &cache);
    assert_eq!(code, 1, "{stdout}{stderr}");
    assert!(stderr.contains("unknown task `nope`"), "{stderr}");
    assert!(stdout.is_empty(), "{stdout}");

    let (code, _, stderr) =
        sysmobench(&["traces", "--task=alpha", "--tasks-dir", &tasks_dir], &scratch.dir, &cache);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("task `alpha` has no trace harness"), "{stderr}");

    let (code, _, stderr) =
        sysmobench(&["traces", "--tasks-dir", &tasks_dir], &scratch.dir, &cache);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("`--task TASK` is required"), "{stderr}");

    // The repository's own tasks folder, found by walking up.
    let (code, _, stderr) = sysmobench(&["traces", "--task", "nope"], &repository_root(), &cache);
    assert_eq!(code, 1, "{stderr}");
    assert!(
        stderr.contains(
            "(known tasks: curp, dqueue, etcd, locksvc, mutex, raftkvs, redisraft, ringbuffer, rwmutex, spin, zookeeper)"
        ),
        "{stderr}"
    );
}
