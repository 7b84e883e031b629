//! Regenerates the committed trace corpus of one or more tasks:
//!
//! ```text
//! cargo run -p bench-tasks --example generate_traces -- spin mutex rwmutex ringbuffer etcd
//! ```
//!
//! For each task it fetches (or reuses from the cache) the pinned upstream sources, builds the
//! task's harness with them and runs it once per seed, with the seeds, thread and operation counts
//! of the task's `[harness]` section, writing `tasks/<id>/traces/`. The source cache is
//! `$SYSMOBENCH_CACHE` (or the platform default); `SYSMOBENCH_GIT_MIRROR` is honoured. The harness
//! build folder and cargo target folder live under the cache (`trace-builds/`), or under
//! `$CARGO_TARGET_DIR/trace-harness/` when that is set. `--sources-only` only fetches.

use std::{path::PathBuf, process::ExitCode};

use bench_tasks::{
    default_cache_directory, fetch_task_sources, generate_trace_corpus,
    go_library_path_from_environment, load_task, FetchConfig, TraceGenerationConfig,
};

fn main() -> ExitCode {
    let mut task_ids = Vec::new();
    let mut sources_only = false;
    for argument in std::env::args().skip(1) {
        match argument.as_str() {
            "--sources-only" => sources_only = true,
            _ => task_ids.push(argument),
        }
    }
    if task_ids.is_empty() {
        eprintln!("usage: generate_traces [--sources-only] TASK...");
        return ExitCode::from(2);
    }
    let tasks_directory = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tasks");
    let Some(cache_directory) = default_cache_directory() else {
        eprintln!("no cache directory: set SYSMOBENCH_CACHE");
        return ExitCode::FAILURE;
    };
    let scratch = std::env::var_os("CARGO_TARGET_DIR")
        .filter(|it| !it.is_empty())
        .map(|it| PathBuf::from(it).join("trace-harness"))
        .unwrap_or_else(|| cache_directory.join("trace-builds"));
    for task_id in &task_ids {
        let task = match load_task(&tasks_directory.join(task_id)) {
            Ok(task) => task,
            Err(error) => {
                eprintln!("{error}");
                return ExitCode::FAILURE;
            }
        };
        let sources = match fetch_task_sources(
            &task,
            &FetchConfig::from_environment(cache_directory.clone()),
        ) {
            Ok(sources) => sources,
            Err(error) => {
                eprintln!("{error}");
                return ExitCode::FAILURE;
            }
        };
        if sources_only {
            println!("{task_id}: sources in {}", sources.root.display());
            continue;
        }
        let Some(harness) = &task.trace_harness else {
            eprintln!("task `{task_id}` has no [harness]");
            return ExitCode::FAILURE;
        };
        let config = TraceGenerationConfig {
            cargo_program: PathBuf::from("cargo"),
            javac_program: PathBuf::from("javac"),
            java_program: PathBuf::from("java"),
            go_program: PathBuf::from("go"),
            go_library_path: go_library_path_from_environment(),
            build_directory: scratch.join("build").join(task_id),
            target_directory: scratch.join("target"),
            output_directory: task.trace_corpus.directory.clone(),
            seeds: (1..=u64::from(harness.seeds)).collect(),
            threads: harness.threads,
            operations_per_thread: harness.operations_per_thread,
            regeneration_command: format!(
                "cargo run -p bench-tasks --example generate_traces -- {task_id}"
            ),
        };
        match generate_trace_corpus(&task, &sources, &config) {
            Ok(manifest) => {
                let events: u64 = manifest.traces.iter().map(|it| it.events).sum();
                let contention: u64 = manifest.traces.iter().map(|it| it.contention_events).sum();
                println!(
                    "{task_id}: {} traces, {events} events, {contention} contention events",
                    manifest.traces.len()
                );
            }
            Err(error) => {
                eprintln!("{task_id}: {error}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}
