//! `sysmobench tasks`, `sysmobench fetch` and `sysmobench traces`: the benchmark's task folders
//! from the command line.
//!
//! The three commands only parse arguments, find folders, print and choose exit codes; loading,
//! fetching, verification and trace generation are `bench-tasks` functions. Exit codes: 0 on
//! success, 1 when a task cannot be loaded, fetched, verified or traced, 2 on a usage error.

use std::{
    collections::BTreeMap,
    env,
    path::{Path, PathBuf},
    process::ExitCode,
};

use serde::Serialize;

use bench_tasks::{
    cached_task_sources, default_cache_directory, fetch_task_sources, generate_trace_corpus,
    go_library_path_from_environment, load_all_tasks, load_task, summarize_task, FetchConfig,
    SourceProvider, Task, TaskSummary, TraceCorpusManifest, TraceGenerationConfig,
};

const EXIT_FAILURE: u8 = 1;
const EXIT_USAGE: u8 = 2;

/// How the tasks folder is found, shared by the help of every command.
const TASKS_DIRECTORY_RULE: &str = "\
The tasks folder is, in this order:
  1. --tasks-dir DIR;
  2. the first `tasks/` folder holding a `<id>/task.toml`, looking in the current
     directory and then in each of its parents;
  3. the same search from the folder of the `sysmobench` executable upwards (a binary
     under `<workspace>/target/` finds `<workspace>/tasks/`);
  4. the `tasks/` folder of the workspace this binary was built from, if it still exists.
";

const CACHE_RULE: &str = "\
The source cache is --cache DIR, else $SYSMOBENCH_CACHE, else $XDG_CACHE_HOME/sysmobench or
~/.cache/sysmobench (~/Library/Caches/sysmobench on macOS, %LOCALAPPDATA%\\sysmobench on Windows).
";

const TASKS_USAGE: &str = "\
usage: sysmobench tasks [--tasks-dir DIR] [--cache DIR] [--json]

Lists every task: id, system, kind, language, pinned source, source lines of code (only when the
sources are already in the cache, else `not fetched`; nothing is downloaded), trace count and
invariant templates (safety/liveness). --json prints a JSON array instead of a table.
";

const FETCH_USAGE: &str = "\
usage: sysmobench fetch <TASK...|all> [--tasks-dir DIR] [--cache DIR]

Materialises the pinned sources of the named tasks (or of every task) into the cache and verifies
every SHA-256 pinned in task.toml, through the user's own cargo, git (SYSMOBENCH_GIT_MIRROR=DIR is
honoured) and apt-get. Prints, per task, the verified files and the folder they are in.
Exit code: 0 when every task's sources are verified; 1 when any task is unknown, cannot be
fetched, or has a missing file or a hash mismatch (each named on standard error); 2 on a usage
error.
";

const TRACES_USAGE: &str = "\
usage: sysmobench traces --task TASK [--out DIR] [--tasks-dir DIR] [--cache DIR]

Regenerates the task's trace corpus: fetches (or reuses) its pinned sources, builds its harness
with cargo and runs it once per seed, with the seeds, threads and operations of the task's
[harness] section. Writes the traces and manifest.toml into the task's traces folder, or into
--out DIR. Prints the manifest summary: traces, events and contention events.
The harness is built under $CARGO_TARGET_DIR/trace-harness when that is set, else under
<cache>/trace-builds. Exit code: 0 on success, 1 on any failure, 2 on a usage error.
";

/// The parsed command line of one command.
#[derive(Default)]
struct Arguments {
    tasks_directory: Option<PathBuf>,
    cache_directory: Option<PathBuf>,
    /// Switches given, such as `--json`.
    switches: Vec<String>,
    /// Command-specific options with a value, such as `--task`.
    values: BTreeMap<String, String>,
    positional: Vec<String>,
}

impl Arguments {
    fn has_switch(&self, name: &str) -> bool {
        self.switches.iter().any(|it| it == name)
    }
}

/// Parses `args`: `--tasks-dir` and `--cache` for every command, plus the command's `switches`
/// and `valued` options. Accepts `--option VALUE` and `--option=VALUE`. `Ok(None)` asks for help.
fn parse_arguments(
    args: &[String],
    switches: &[&str],
    valued: &[&str],
) -> Result<Option<Arguments>, String> {
    let mut res = Arguments::default();
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        if arg == "-h" || arg == "--help" {
            return Ok(None);
        }
        if !arg.starts_with('-') || arg == "-" {
            res.positional.push(arg.clone());
            continue;
        }
        let (name, inline_value) = match arg.split_once('=') {
            Some((name, value)) => (name, Some(value.to_owned())),
            None => (arg.as_str(), None),
        };
        if switches.contains(&name) {
            if inline_value.is_some() {
                return Err(format!("`{name}` takes no value"));
            }
            res.switches.push(name.to_owned());
            continue;
        }
        let takes_value = name == "--tasks-dir" || name == "--cache" || valued.contains(&name);
        if !takes_value {
            return Err(format!("unknown option `{arg}`"));
        }
        let value = match inline_value {
            Some(value) => value,
            None => iter.next().cloned().ok_or_else(|| format!("`{name}` needs a value"))?,
        };
        if value.is_empty() {
            return Err(format!("`{name}` needs a non-empty value"));
        }
        match name {
            "--tasks-dir" => res.tasks_directory = Some(PathBuf::from(value)),
            "--cache" => res.cache_directory = Some(PathBuf::from(value)),
            _ => {
                res.values.insert(name.to_owned(), value);
            }
        }
    }
    Ok(Some(res))
}

fn usage_error(command: &str, message: &str, usage: &str) -> ExitCode {
    println_err!("sysmobench {command}: {message}\n\n{usage}");
    ExitCode::from(EXIT_USAGE)
}

fn failure(command: &str, message: impl std::fmt::Display) -> ExitCode {
    println_err!("sysmobench {command}: {message}");
    ExitCode::from(EXIT_FAILURE)
}

fn print_help(usage: &str) -> ExitCode {
    emit(&format!("{usage}\n{TASKS_DIRECTORY_RULE}\n{CACHE_RULE}"));
    ExitCode::SUCCESS
}

/// Writes `text` to standard output; a closed pipe (`sysmobench tasks | head`) is not an error.
fn emit(text: &str) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    let _ = stdout.write_all(text.as_bytes()).and_then(|()| stdout.flush());
}

// ---------------------------------------------------------------------------------------------
// Finding folders

/// Whether `directory` holds at least one task folder.
fn holds_tasks(directory: &Path) -> bool {
    let Ok(entries) = std::fs::read_dir(directory) else { return false };
    entries.flatten().any(|entry| entry.path().join("task.toml").is_file())
}

/// The first `tasks/` folder holding tasks in `start` or one of its ancestors.
fn find_tasks_directory_upwards(start: &Path) -> Option<PathBuf> {
    start.ancestors().map(|it| it.join("tasks")).find(|candidate| holds_tasks(candidate))
}

/// Applies [`TASKS_DIRECTORY_RULE`].
pub(crate) fn resolve_tasks_directory(explicit: Option<PathBuf>) -> Result<PathBuf, String> {
    if let Some(directory) = explicit {
        if !directory.is_dir() {
            return Err(format!("tasks folder `{}` does not exist", directory.display()));
        }
        return Ok(directory);
    }
    let mut looked_in = Vec::new();
    if let Ok(current) = env::current_dir() {
        if let Some(found) = find_tasks_directory_upwards(&current) {
            return Ok(found);
        }
        looked_in.push(format!("`{}` and its parents", current.display()));
    }
    if let Some(executable_folder) =
        env::current_exe().ok().and_then(|it| it.parent().map(Path::to_path_buf))
    {
        if let Some(found) = find_tasks_directory_upwards(&executable_folder) {
            return Ok(found);
        }
        looked_in.push(format!("`{}` and its parents", executable_folder.display()));
    }
    let built_from = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join("..").join("tasks");
    if holds_tasks(&built_from) {
        return Ok(std::fs::canonicalize(&built_from).unwrap_or(built_from));
    }
    looked_in.push(format!("`{}`", built_from.display()));
    Err(format!(
        "no tasks folder found (looked for `tasks/<id>/task.toml` in {}); pass --tasks-dir DIR",
        looked_in.join(", ")
    ))
}

fn resolve_cache_directory(explicit: Option<PathBuf>) -> Option<PathBuf> {
    explicit.or_else(default_cache_directory)
}

/// The ids of the task folders in `tasks_directory`, sorted, for "unknown task" messages.
fn known_task_ids(tasks_directory: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(tasks_directory) else { return Vec::new() };
    let mut ids: Vec<String> = entries
        .flatten()
        .filter(|entry| entry.path().join("task.toml").is_file())
        .filter_map(|entry| entry.file_name().to_str().map(str::to_owned))
        .collect();
    ids.sort();
    ids
}

/// Loads the task `id` of `tasks_directory`, with an error naming the known ids when there is
/// no such folder.
pub(crate) fn load_named_task(tasks_directory: &Path, id: &str) -> Result<Task, String> {
    let task_directory = tasks_directory.join(id);
    let is_plain_name = !id.is_empty() && !id.contains(['/', '\\']) && id != "." && id != "..";
    if !is_plain_name || !task_directory.join("task.toml").is_file() {
        let known = known_task_ids(tasks_directory);
        let known = if known.is_empty() { "none".to_owned() } else { known.join(", ") };
        return Err(format!(
            "unknown task `{id}` in `{}` (known tasks: {known})",
            tasks_directory.display()
        ));
    }
    load_task(&task_directory).map_err(|error| error.to_string())
}

// ---------------------------------------------------------------------------------------------
// sysmobench tasks

/// `sysmobench tasks [--tasks-dir DIR] [--cache DIR] [--json]`.
pub fn run_tasks(args: &[String]) -> ExitCode {
    let arguments = match parse_arguments(args, &["--json"], &[]) {
        Ok(Some(arguments)) => arguments,
        Ok(None) => return print_help(TASKS_USAGE),
        Err(message) => return usage_error("tasks", &message, TASKS_USAGE),
    };
    if let Some(extra) = arguments.positional.first() {
        return usage_error("tasks", &format!("unexpected argument `{extra}`"), TASKS_USAGE);
    }
    let tasks_directory = match resolve_tasks_directory(arguments.tasks_directory.clone()) {
        Ok(directory) => directory,
        Err(message) => return failure("tasks", message),
    };
    let tasks = match load_all_tasks(&tasks_directory) {
        Ok(tasks) => tasks,
        Err(error) => return failure("tasks", error),
    };
    let cache_directory = resolve_cache_directory(arguments.cache_directory.clone());
    let summaries: Vec<TaskSummary> =
        tasks.iter().map(|task| summarize_task(task, cache_directory.as_deref())).collect();
    if arguments.has_switch("--json") {
        let array: Vec<TaskListing> = tasks
            .iter()
            .zip(&summaries)
            .map(|(task, summary)| task_listing(task, summary))
            .collect();
        match serde_json::to_string_pretty(&array) {
            Ok(text) => emit(&format!("{text}\n")),
            Err(error) => return failure("tasks", error),
        }
    } else if tasks.is_empty() {
        emit(&format!("no tasks in `{}`\n", tasks_directory.display()));
    } else {
        emit(&task_table(&tasks, &summaries));
    }
    ExitCode::SUCCESS
}

/// One element of `sysmobench tasks --json`, fields in the order printed.
#[derive(Serialize)]
struct TaskListing<'a> {
    id: &'a str,
    system: &'a str,
    kind: &'a str,
    language: &'a str,
    source: SourceListing<'a>,
    /// As [`SourceProvider::describe`].
    source_description: &'a str,
    source_files: usize,
    /// `null` until the sources are in the cache.
    source_lines: Option<usize>,
    traces: usize,
    invariants: InvariantCounts,
    directory: String,
}

#[derive(Serialize)]
#[serde(tag = "provider", rename_all = "lowercase")]
enum SourceListing<'a> {
    Crate {
        #[serde(rename = "crate")]
        name: &'a str,
        version: &'a str,
    },
    Git {
        url: &'a str,
        commit: &'a str,
    },
    Debian {
        package: &'a str,
        version: &'a str,
    },
    Local {
        path: String,
    },
}

#[derive(Serialize)]
struct InvariantCounts {
    total: usize,
    safety: usize,
    liveness: usize,
}

fn task_listing<'a>(task: &'a Task, summary: &'a TaskSummary) -> TaskListing<'a> {
    let source = match &task.source.provider {
        SourceProvider::Crate { name, version } => SourceListing::Crate { name, version },
        SourceProvider::Git { url, commit } => SourceListing::Git { url, commit },
        SourceProvider::Debian { package, version } => SourceListing::Debian { package, version },
        SourceProvider::Local { path } => SourceListing::Local { path: path.display().to_string() },
    };
    TaskListing {
        id: &summary.id,
        system: &summary.system_name,
        kind: summary.kind,
        language: &summary.language,
        source,
        source_description: &summary.source,
        source_files: summary.source_file_count,
        source_lines: summary.source_line_count,
        traces: summary.trace_count,
        invariants: InvariantCounts {
            total: summary.invariant_count,
            safety: summary.safety_invariant_count,
            liveness: summary.liveness_invariant_count,
        },
        directory: task.directory.display().to_string(),
    }
}

/// The source column: the provider description, with a git commit shortened to 12 digits.
fn short_source(provider: &SourceProvider) -> String {
    match provider {
        SourceProvider::Git { url, commit } => {
            format!("git {url} @ {}", commit.get(..12).unwrap_or(commit))
        }
        other => other.describe(),
    }
}

fn task_table(tasks: &[Task], summaries: &[TaskSummary]) -> String {
    let header = ["ID", "SYSTEM", "KIND", "LANGUAGE", "SOURCE", "LINES", "TRACES", "INVARIANTS"];
    let mut rows: Vec<Vec<String>> = vec![header.iter().map(|it| (*it).to_owned()).collect()];
    for (task, summary) in tasks.iter().zip(summaries) {
        rows.push(vec![
            summary.id.clone(),
            summary.system_name.clone(),
            summary.kind.to_owned(),
            summary.language.clone(),
            short_source(&task.source.provider),
            summary
                .source_line_count
                .map_or_else(|| "not fetched".to_owned(), |lines| lines.to_string()),
            summary.trace_count.to_string(),
            format!(
                "{} ({} safety, {} liveness)",
                summary.invariant_count,
                summary.safety_invariant_count,
                summary.liveness_invariant_count
            ),
        ]);
    }
    let mut widths = vec![0; header.len()];
    for row in &rows {
        for (width, cell) in widths.iter_mut().zip(row) {
            *width = (*width).max(cell.chars().count());
        }
    }
    let mut res = String::new();
    for row in &rows {
        let mut line = String::new();
        for (column, (cell, width)) in row.iter().zip(&widths).enumerate() {
            if column > 0 {
                line.push_str("  ");
            }
            line.push_str(cell);
            line.extend(std::iter::repeat_n(' ', width - cell.chars().count()));
        }
        res.push_str(line.trim_end());
        res.push('\n');
    }
    res
}

// ---------------------------------------------------------------------------------------------
// sysmobench fetch

/// `sysmobench fetch <TASK...|all> [--tasks-dir DIR] [--cache DIR]`.
pub fn run_fetch(args: &[String]) -> ExitCode {
    let arguments = match parse_arguments(args, &[], &[]) {
        Ok(Some(arguments)) => arguments,
        Ok(None) => return print_help(FETCH_USAGE),
        Err(message) => return usage_error("fetch", &message, FETCH_USAGE),
    };
    if arguments.positional.is_empty() {
        return usage_error("fetch", "name the tasks to fetch, or `all`", FETCH_USAGE);
    }
    let tasks_directory = match resolve_tasks_directory(arguments.tasks_directory.clone()) {
        Ok(directory) => directory,
        Err(message) => return failure("fetch", message),
    };
    let Some(cache_directory) = resolve_cache_directory(arguments.cache_directory.clone()) else {
        return failure("fetch", "no cache folder: pass --cache DIR or set SYSMOBENCH_CACHE");
    };
    let mut failures = 0usize;
    let tasks: Vec<Task> = if arguments.positional.iter().any(|it| it == "all") {
        match load_all_tasks(&tasks_directory) {
            Ok(tasks) => tasks,
            Err(error) => return failure("fetch", error),
        }
    } else {
        let mut ids: Vec<&String> = Vec::new();
        for id in &arguments.positional {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        let mut tasks = Vec::new();
        for id in ids {
            match load_named_task(&tasks_directory, id) {
                Ok(task) => tasks.push(task),
                Err(message) => {
                    println_err!("sysmobench fetch: {message}");
                    failures += 1;
                }
            }
        }
        tasks
    };
    let config = FetchConfig::from_environment(cache_directory.clone());
    let total = tasks.len() + failures;
    for task in &tasks {
        let how = match &task.source.provider {
            SourceProvider::Local { .. } => "verified in place",
            _ if cached_task_sources(task, &cache_directory).is_some() => "already cached",
            _ => "fetched",
        };
        match fetch_task_sources(task, &config) {
            Ok(sources) => {
                let given = sources.files.iter().filter(|file| file.given_to_model).count();
                let mut text = format!(
                    "{}: {} ({how}): {} file(s), {} lines, in {}\n",
                    task.id,
                    task.source.provider.describe(),
                    given,
                    sources.line_count(),
                    sources.root.display()
                );
                if given < sources.files.len() {
                    let build_only = sources.files.len() - given;
                    text.pop();
                    text.push_str(&format!(
                        "; and {build_only} file(s) for the trace harness only\n"
                    ));
                }
                for file in &sources.files {
                    let note = if file.given_to_model { "" } else { "  (harness only)" };
                    text.push_str(&format!("  {}  {} lines{note}\n", file.path, file.line_count));
                }
                emit(&text);
            }
            Err(error) => {
                println_err!("sysmobench fetch: {error}");
                failures += 1;
            }
        }
    }
    if failures > 0 {
        println_err!("sysmobench fetch: {failures} of {total} task(s) failed");
        return ExitCode::from(EXIT_FAILURE);
    }
    ExitCode::SUCCESS
}

// ---------------------------------------------------------------------------------------------
// sysmobench traces

/// `sysmobench traces --task TASK [--out DIR] [--tasks-dir DIR] [--cache DIR]`.
pub fn run_traces(args: &[String]) -> ExitCode {
    let arguments = match parse_arguments(args, &[], &["--task", "--out"]) {
        Ok(Some(arguments)) => arguments,
        Ok(None) => return print_help(TRACES_USAGE),
        Err(message) => return usage_error("traces", &message, TRACES_USAGE),
    };
    if let Some(extra) = arguments.positional.first() {
        return usage_error("traces", &format!("unexpected argument `{extra}`"), TRACES_USAGE);
    }
    let Some(task_id) = arguments.values.get("--task") else {
        return usage_error("traces", "`--task TASK` is required", TRACES_USAGE);
    };
    let tasks_directory = match resolve_tasks_directory(arguments.tasks_directory.clone()) {
        Ok(directory) => directory,
        Err(message) => return failure("traces", message),
    };
    let task = match load_named_task(&tasks_directory, task_id) {
        Ok(task) => task,
        Err(message) => return failure("traces", message),
    };
    let Some(harness) = &task.trace_harness else {
        return failure(
            "traces",
            format!("task `{task_id}` has no trace harness (`[harness]` in task.toml)"),
        );
    };
    let Some(cache_directory) = resolve_cache_directory(arguments.cache_directory.clone()) else {
        return failure("traces", "no cache folder: pass --cache DIR or set SYSMOBENCH_CACHE");
    };
    let sources =
        match fetch_task_sources(&task, &FetchConfig::from_environment(cache_directory.clone())) {
            Ok(sources) => sources,
            Err(error) => return failure("traces", error),
        };
    let scratch = env::var_os("CARGO_TARGET_DIR")
        .filter(|it| !it.is_empty())
        .map(|it| PathBuf::from(it).join("trace-harness"))
        .unwrap_or_else(|| cache_directory.join("trace-builds"));
    let output_directory = arguments
        .values
        .get("--out")
        .map(PathBuf::from)
        .unwrap_or_else(|| task.trace_corpus.directory.clone());
    let config = TraceGenerationConfig {
        cargo_program: PathBuf::from("cargo"),
        javac_program: PathBuf::from("javac"),
        java_program: PathBuf::from("java"),
        go_program: PathBuf::from("go"),
        go_library_path: go_library_path_from_environment(),
        build_directory: scratch.join("build").join(&task.id),
        target_directory: scratch.join("target"),
        output_directory: output_directory.clone(),
        seeds: (1..=u64::from(harness.seeds)).collect(),
        threads: harness.threads,
        operations_per_thread: harness.operations_per_thread,
        regeneration_command: format!("sysmobench traces --task {}", task.id),
    };
    println_err!(
        "sysmobench traces: building the `{}` harness and running {} seed(s) ({} threads, {} operations each)",
        task.id, harness.seeds, harness.threads, harness.operations_per_thread
    );
    match generate_trace_corpus(&task, &sources, &config) {
        Ok(manifest) => {
            let mut text = manifest_summary(&task.id, &output_directory, &manifest);
            if let Some(previous) = &task.trace_corpus.manifest {
                text.push_str(&comparison_with_previous(previous, &manifest));
            }
            emit(&text);
            ExitCode::SUCCESS
        }
        Err(error) => failure("traces", format!("task `{}`: {error}", task.id)),
    }
}

fn manifest_summary(task_id: &str, directory: &Path, manifest: &TraceCorpusManifest) -> String {
    let events: u64 = manifest.traces.iter().map(|it| it.events).sum();
    let contention: u64 = manifest.traces.iter().map(|it| it.contention_events).sum();
    let mut event_counts: BTreeMap<&str, u64> = BTreeMap::new();
    for trace in &manifest.traces {
        for (event, count) in &trace.event_counts {
            *event_counts.entry(event.as_str()).or_insert(0) += count;
        }
    }
    let mut res = format!(
        "{task_id}: {} traces, {events} events, {contention} contention events, in {}\n",
        manifest.traces.len(),
        directory.display()
    );
    res.push_str(&format!(
        "  source {}, harness version {}, {} threads, {} operations per thread\n",
        manifest.generation.source,
        manifest.generation.harness_version,
        manifest.generation.threads,
        manifest.generation.operations_per_thread
    ));
    for trace in &manifest.traces {
        res.push_str(&format!(
            "  {}  seed {:>3}  {:>5} events  {:>4} contention\n",
            trace.file, trace.seed, trace.events, trace.contention_events
        ));
    }
    let kinds: Vec<String> =
        event_counts.iter().map(|(event, count)| format!("{event} {count}")).collect();
    res.push_str(&format!("  event kinds: {}\n", kinds.join(", ")));
    res
}

/// One line comparing a new corpus with the manifest the task had before, whose statistics it
/// should reproduce (real threads interleave differently on every run, so not byte for byte).
fn comparison_with_previous(previous: &TraceCorpusManifest, new: &TraceCorpusManifest) -> String {
    let totals = |manifest: &TraceCorpusManifest| {
        let events: u64 = manifest.traces.iter().map(|it| it.events).sum();
        let contention: u64 = manifest.traces.iter().map(|it| it.contention_events).sum();
        (events, contention)
    };
    fn kinds(manifest: &TraceCorpusManifest) -> Vec<&str> {
        let mut kinds: Vec<&str> = manifest
            .traces
            .iter()
            .flat_map(|trace| trace.event_counts.keys().map(String::as_str))
            .collect();
        kinds.sort_unstable();
        kinds.dedup();
        kinds
    }
    let (events, contention) = totals(previous);
    let (previous_kinds, new_kinds) = (kinds(previous), kinds(new));
    let missing: Vec<&str> =
        previous_kinds.iter().copied().filter(|kind| !new_kinds.contains(kind)).collect();
    let added: Vec<&str> =
        new_kinds.iter().copied().filter(|kind| !previous_kinds.contains(kind)).collect();
    let kinds_verdict = if missing.is_empty() && added.is_empty() {
        "same event kinds".to_owned()
    } else {
        format!("event kinds differ (missing: {}; new: {})", missing.join(" "), added.join(" "))
    };
    format!(
        "  task manifest before this run: {} traces, {events} events, {contention} contention events; {kinds_verdict}\n",
        previous.traces.len()
    )
}
