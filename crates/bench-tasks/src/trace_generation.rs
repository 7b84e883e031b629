//! Regenerating a task's trace corpus from its harness and the fetched upstream code.
//!
//! A harness is a cargo project template in `tasks/<id>/harness/` (its own `[workspace]`, never a
//! member of ours, with its `Cargo.lock` committed). It includes the upstream files unmodified
//! (`include!` or `#[path]` on `upstream/<path>`) against shims we write for the kernel
//! interfaces they import. Files several harnesses need unchanged (the event recorder, the
//! workload driver) are kept once in `tasks/harness-common/` and named by the `shared_files` of
//! `[harness]`. Generation copies the template, the shared files (into its `src/`, so the harness
//! declares them as ordinary modules) and the verified upstream files into a build folder,
//! builds the harness in release mode (`--locked`) and runs it once per seed, with
//! `--seed S --threads N --operations K`; the binary is named `<task id>-trace-harness`. Every
//! run prints newline-delimited JSON events on standard output; each event is an object with at
//! least
//!
//! - `seq`: its position in the trace, from 0;
//! - `thread`: the acting thread (a number) or role (a string);
//! - `event`: the event kind;
//! - `contention`: whether the event shows contention (a spin, a block, a failed try-operation,
//!   readers overlapping).
//!
//! A cargo harness (`build = "cargo"`, the default) gets the fetched files as `upstream/<path>`.
//! It uses unstable `impl !Send` syntax found in the upstream code, so it is built with
//! `RUSTC_BOOTSTRAP=1` on a stable toolchain; nothing else unstable is enabled.
//!
//! A harness with `build = "java"` ([`HarnessBuild::Java`]) has no `Cargo.toml`: every `*.java`
//! file of the build folder (the template's `src/` and the fetched `upstream/` files, so the
//! pinned upstream classes shadow those of the class path) is compiled with `javac` against the
//! `classpath` jars into the target folder's `classes/`, and each run is
//! `java -cp classes:<classpath> TraceHarness --seed S --threads N --operations K`, with the same
//! event protocol.
//!
//! A Go harness (`build = "go"`, for upstream code written in Go) is a `main` package whose
//! template holds `main.go`; shared files are copied next to it. The fetched files are copied to
//! `gopath/src/<go_package>/<path>` and the harness is built with `go build` in GOPATH mode
//! (`GO111MODULE=off`, `GOPATH` = that folder, then the harness's `shared_gopath` when it has
//! one (stand-in packages kept once in `tasks/harness-common/`, used in place, not copied), then
//! [`TraceGenerationConfig::go_library_path`], where the upstream code's own dependencies are
//! found: Debian's `golang-*-dev` packages install them under `/usr/share/gocode`), with
//! `GOPROXY=off`, so the build never downloads anything.

use std::{
    collections::BTreeMap,
    fmt, fs, io,
    path::{Path, PathBuf},
    process::Command,
};

use crate::{
    content_hashing::sha256_hex_of_bytes,
    source_fetching::FetchedSources,
    source_providers::describe_command,
    task_model::{HarnessBuild, Task},
    trace_corpus::{
        render_trace_corpus_manifest, TraceCorpusManifest, TraceGenerationRecord, TraceRecord,
        TRACE_MANIFEST_SCHEMA_VERSION,
    },
};

/// How to build and run a harness; every field is chosen by the caller.
#[derive(Debug, Clone)]
pub struct TraceGenerationConfig {
    /// The `cargo` that builds a cargo harness.
    pub cargo_program: PathBuf,
    /// The `javac` that compiles a java harness.
    pub javac_program: PathBuf,
    /// The `java` that runs a java harness.
    pub java_program: PathBuf,
    /// The `go` that builds a Go harness.
    pub go_program: PathBuf,
    /// GOPATH entries after the build folder's own `gopath`, holding the libraries the upstream
    /// Go code imports ([`go_library_path_from_environment`]).
    pub go_library_path: Vec<PathBuf>,
    /// Scratch folder the template and the upstream files are copied into (emptied first).
    pub build_directory: PathBuf,
    /// Cargo target folder for the harness build (kept between runs to build faster).
    pub target_directory: PathBuf,
    /// The corpus folder: trace files and `manifest.toml` are written here, old traces removed.
    pub output_directory: PathBuf,
    /// One trace per seed, named `trace-01.ndjson`, `trace-02.ndjson`, ... in seed order.
    pub seeds: Vec<u64>,
    pub threads: u32,
    pub operations_per_thread: u32,
    /// The command recorded in the manifest as the way to regenerate the corpus.
    pub regeneration_command: String,
}

/// Why a corpus could not be generated.
#[derive(Debug)]
#[non_exhaustive]
pub enum TraceGenerationError {
    /// The task has no `[harness]`.
    NoHarness { task_id: String },
    /// A file could not be read or written.
    Io { path: PathBuf, error: io::Error },
    /// The harness did not build, or a run failed.
    CommandFailed { command: String, status: String, stderr: String },
    /// A run printed something that is not a valid event.
    InvalidEvent { seed: u64, line_number: usize, message: String },
}

impl fmt::Display for TraceGenerationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceGenerationError::NoHarness { task_id } => {
                write!(f, "task `{task_id}` has no trace harness (`[harness]` in task.toml)")
            }
            TraceGenerationError::Io { path, error } => write!(f, "`{}`: {error}", path.display()),
            TraceGenerationError::CommandFailed { command, status, stderr } => {
                write!(f, "`{command}` failed ({status}):\n{stderr}")
            }
            TraceGenerationError::InvalidEvent { seed, line_number, message } => {
                write!(f, "harness run with seed {seed}, line {line_number}: {message}")
            }
        }
    }
}

impl std::error::Error for TraceGenerationError {}

/// Builds the task's harness against `sources`, runs it once per seed and writes the corpus and
/// its manifest into [`TraceGenerationConfig::output_directory`].
pub fn generate_trace_corpus(
    task: &Task,
    sources: &FetchedSources,
    config: &TraceGenerationConfig,
) -> Result<TraceCorpusManifest, TraceGenerationError> {
    let harness = task
        .trace_harness
        .as_ref()
        .ok_or_else(|| TraceGenerationError::NoHarness { task_id: task.id.clone() })?;
    let io_error = |path: &Path, error: io::Error| TraceGenerationError::Io {
        path: path.to_path_buf(),
        error,
    };

    if config.build_directory.exists() {
        fs::remove_dir_all(&config.build_directory)
            .map_err(|error| io_error(&config.build_directory, error))?;
    }
    copy_directory(&harness.directory, &config.build_directory)?;
    let shared_folder = config.build_directory.join(harness.build.shared_files_folder());
    for shared_file in &harness.shared_files {
        let file_name = shared_file.file_name().ok_or_else(|| {
            let message = "a shared harness file must name a file";
            io_error(shared_file, io::Error::new(io::ErrorKind::InvalidInput, message))
        })?;
        let destination = shared_folder.join(file_name);
        fs::copy(shared_file, &destination).map_err(|error| io_error(shared_file, error))?;
    }
    let upstream_folder = match &harness.build {
        HarnessBuild::Cargo | HarnessBuild::Java { .. } => config.build_directory.join("upstream"),
        HarnessBuild::Go { package } => config.build_directory.join("gopath/src").join(package),
    };
    for source_file in &sources.files {
        let destination = upstream_folder.join(&source_file.path);
        if let Some(parent) = destination.parent() {
            fs::create_dir_all(parent).map_err(|error| io_error(parent, error))?;
        }
        fs::copy(&source_file.location, &destination)
            .map_err(|error| io_error(&destination, error))?;
    }

    let run_command =
        build_harness(&task.id, &harness.build, harness.shared_gopath.as_deref(), config)?;

    fs::create_dir_all(&config.output_directory)
        .map_err(|error| io_error(&config.output_directory, error))?;
    remove_old_traces(&config.output_directory)?;
    let mut traces = Vec::with_capacity(config.seeds.len());
    for (seed_idx, &seed) in config.seeds.iter().enumerate() {
        let mut run = run_command();
        run.arg("--seed")
            .arg(seed.to_string())
            .arg("--threads")
            .arg(config.threads.to_string())
            .arg("--operations")
            .arg(config.operations_per_thread.to_string());
        let stdout = run_to_completion(&mut run)?;
        let statistics = trace_statistics(&stdout).map_err(|(line_number, message)| {
            TraceGenerationError::InvalidEvent { seed, line_number, message }
        })?;
        let file = format!("trace-{:02}.ndjson", seed_idx + 1);
        let trace_path = config.output_directory.join(&file);
        fs::write(&trace_path, &stdout).map_err(|error| io_error(&trace_path, error))?;
        traces.push(TraceRecord {
            file,
            seed,
            events: statistics.events,
            contention_events: statistics.contention_events,
            sha256: sha256_hex_of_bytes(&stdout),
            event_counts: statistics.event_counts,
        });
    }
    let manifest = TraceCorpusManifest {
        schema_version: TRACE_MANIFEST_SCHEMA_VERSION,
        format: "ndjson".to_owned(),
        generation: TraceGenerationRecord {
            command: config.regeneration_command.clone(),
            source: task.source.provider.describe(),
            harness_version: harness.version.clone(),
            threads: config.threads,
            operations_per_thread: config.operations_per_thread,
        },
        traces,
    };
    let manifest_path = config.output_directory.join("manifest.toml");
    fs::write(&manifest_path, render_trace_corpus_manifest(&manifest))
        .map_err(|error| io_error(&manifest_path, error))?;
    Ok(manifest)
}

/// Builds the harness in [`TraceGenerationConfig::build_directory`] and returns a maker of the
/// command that runs it (without the workload arguments).
fn build_harness<'a>(
    task_id: &str,
    build: &'a HarnessBuild,
    shared_gopath: Option<&Path>,
    config: &'a TraceGenerationConfig,
) -> Result<Box<dyn Fn() -> Command + 'a>, TraceGenerationError> {
    match build {
        HarnessBuild::Cargo => {
            let manifest_path = config.build_directory.join("Cargo.toml");
            let mut command = Command::new(&config.cargo_program);
            command
                .args(["build", "--release", "--quiet", "--locked", "--manifest-path"])
                .arg(&manifest_path)
                .arg("--target-dir")
                .arg(&config.target_directory)
                .env("RUSTC_BOOTSTRAP", "1");
            run_to_completion(&mut command)?;
            let binary_name = format!("{task_id}-trace-harness{}", std::env::consts::EXE_SUFFIX);
            let binary = config.target_directory.join("release").join(binary_name);
            Ok(Box::new(move || Command::new(&binary)))
        }
        HarnessBuild::Java { classpath } => {
            let classes = config.target_directory.join("classes");
            if classes.exists() {
                fs::remove_dir_all(&classes)
                    .map_err(|error| TraceGenerationError::Io { path: classes.clone(), error })?;
            }
            fs::create_dir_all(&classes)
                .map_err(|error| TraceGenerationError::Io { path: classes.clone(), error })?;
            let mut sources = Vec::new();
            java_sources(&config.build_directory, &mut sources)?;
            sources.sort();
            let mut command = Command::new(&config.javac_program);
            command
                .args(["-nowarn", "-encoding", "UTF-8", "-d"])
                .arg(&classes)
                .arg("-cp")
                .arg(java_classpath(None, classpath))
                .args(&sources);
            run_to_completion(&mut command)?;
            let run_classpath = java_classpath(Some(&classes), classpath);
            Ok(Box::new(move || {
                let mut command = Command::new(&config.java_program);
                command.arg("-cp").arg(&run_classpath).arg(JAVA_MAIN_CLASS);
                command
            }))
        }
        HarnessBuild::Go { .. } => {
            let binary_name = format!("{task_id}-trace-harness{}", std::env::consts::EXE_SUFFIX);
            let binary = config.target_directory.join("go").join(binary_name);
            let mut command = go_build_command(config, shared_gopath, &binary)?;
            run_to_completion(&mut command)?;
            Ok(Box::new(move || Command::new(&binary)))
        }
    }
}

/// The class a java harness runs (`src/TraceHarness.java`, in the unnamed package).
const JAVA_MAIN_CLASS: &str = "TraceHarness";

/// `first` (the compiled classes) and then the jars, joined with `:`.
fn java_classpath(first: Option<&Path>, jars: &[PathBuf]) -> std::ffi::OsString {
    let mut joined = std::ffi::OsString::new();
    for path in first.into_iter().chain(jars.iter().map(PathBuf::as_path)) {
        if !joined.is_empty() {
            joined.push(":");
        }
        joined.push(path);
    }
    joined
}

/// Every `*.java` file under `directory`, recursively.
fn java_sources(directory: &Path, sources: &mut Vec<PathBuf>) -> Result<(), TraceGenerationError> {
    let io_error = |error| TraceGenerationError::Io { path: directory.to_path_buf(), error };
    for entry in fs::read_dir(directory).map_err(io_error)? {
        let path = entry.map_err(io_error)?.path();
        if path.is_dir() {
            java_sources(&path, sources)?;
        } else if path.extension().is_some_and(|extension| extension == "java") {
            sources.push(path);
        }
    }
    Ok(())
}

/// The `go build` of a Go harness in [`TraceGenerationConfig::build_directory`], writing `binary`;
/// GOPATH is the build folder's `gopath`, then `shared_gopath`, then the Go libraries.
fn go_build_command(
    config: &TraceGenerationConfig,
    shared_gopath: Option<&Path>,
    binary: &Path,
) -> Result<Command, TraceGenerationError> {
    let mut go_path = vec![config.build_directory.join("gopath")];
    go_path.extend(shared_gopath.map(Path::to_path_buf));
    go_path.extend(config.go_library_path.iter().cloned());
    let go_path = std::env::join_paths(&go_path).map_err(|error| TraceGenerationError::Io {
        path: config.build_directory.join("gopath"),
        error: io::Error::new(io::ErrorKind::InvalidInput, error),
    })?;
    let mut build = Command::new(&config.go_program);
    build
        .args(["build", "-trimpath", "-o"])
        .arg(binary)
        .arg(".")
        .current_dir(&config.build_directory)
        .env("GO111MODULE", "off")
        .env("GOPATH", go_path)
        .env("GOPROXY", "off")
        .env("GOFLAGS", "")
        .env("GOTOOLCHAIN", "local")
        .env("GOCACHE", config.target_directory.join("go-cache"));
    Ok(build)
}

/// The GOPATH entries holding the libraries Go harnesses import: `SYSMOBENCH_GO_PATH` (a list in
/// the platform's `PATH` syntax) when set and not empty, else Debian's `/usr/share/gocode`.
pub fn go_library_path_from_environment() -> Vec<PathBuf> {
    match std::env::var_os("SYSMOBENCH_GO_PATH").filter(|it| !it.is_empty()) {
        Some(value) => std::env::split_paths(&value).collect(),
        None => vec![PathBuf::from("/usr/share/gocode")],
    }
}

/// Content statistics of one trace, as recorded in the manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct TraceStatistics {
    pub(crate) events: u64,
    pub(crate) contention_events: u64,
    pub(crate) event_counts: BTreeMap<String, u64>,
}

/// Checks the common event fields of every line and counts events; an error carries the
/// 1-based line number.
pub(crate) fn trace_statistics(ndjson: &[u8]) -> Result<TraceStatistics, (usize, String)> {
    let text = std::str::from_utf8(ndjson).map_err(|error| (0, format!("not UTF-8: {error}")))?;
    let mut res =
        TraceStatistics { events: 0, contention_events: 0, event_counts: BTreeMap::new() };
    for (line_idx, line) in text.lines().enumerate() {
        let line_number = line_idx + 1;
        let value: serde_json::Value = serde_json::from_str(line)
            .map_err(|error| (line_number, format!("not JSON: {error}")))?;
        let object = value.as_object().ok_or((line_number, "not a JSON object".to_owned()))?;
        let seq = object.get("seq").and_then(|it| it.as_u64());
        if seq != Some(res.events) {
            return Err((
                line_number,
                format!("`seq` must be {}, found {:?}", res.events, object.get("seq")),
            ));
        }
        match object.get("thread") {
            Some(thread) if thread.is_u64() || thread.is_string() => {}
            _ => return Err((line_number, "`thread` must be a number or a string".to_owned())),
        }
        let event = object
            .get("event")
            .and_then(|it| it.as_str())
            .ok_or((line_number, "`event` must be a string".to_owned()))?;
        let contention = object
            .get("contention")
            .and_then(|it| it.as_bool())
            .ok_or((line_number, "`contention` must be a boolean".to_owned()))?;
        res.events += 1;
        res.contention_events += u64::from(contention);
        *res.event_counts.entry(event.to_owned()).or_insert(0) += 1;
    }
    Ok(res)
}

fn run_to_completion(command: &mut Command) -> Result<Vec<u8>, TraceGenerationError> {
    let command_line = describe_command(command);
    let output = command.output().map_err(|error| TraceGenerationError::CommandFailed {
        command: command_line.clone(),
        status: "could not start".to_owned(),
        stderr: error.to_string(),
    })?;
    if !output.status.success() {
        return Err(TraceGenerationError::CommandFailed {
            command: command_line,
            status: output.status.to_string(),
            stderr: String::from_utf8_lossy(&output.stderr).trim().to_owned(),
        });
    }
    Ok(output.stdout)
}

fn remove_old_traces(directory: &Path) -> Result<(), TraceGenerationError> {
    let io_error = |path: &Path, error: io::Error| TraceGenerationError::Io {
        path: path.to_path_buf(),
        error,
    };
    let entries = fs::read_dir(directory).map_err(|error| io_error(directory, error))?;
    for entry in entries {
        let path = entry.map_err(|error| io_error(directory, error))?.path();
        let is_trace = path.extension().is_some_and(|extension| extension == "ndjson");
        if is_trace {
            fs::remove_file(&path).map_err(|error| io_error(&path, error))?;
        }
    }
    Ok(())
}

fn copy_directory(from: &Path, to: &Path) -> Result<(), TraceGenerationError> {
    let io_error = |path: &Path, error: io::Error| TraceGenerationError::Io {
        path: path.to_path_buf(),
        error,
    };
    fs::create_dir_all(to).map_err(|error| io_error(to, error))?;
    let entries = fs::read_dir(from).map_err(|error| io_error(from, error))?;
    for entry in entries {
        let entry = entry.map_err(|error| io_error(from, error))?;
        let source = entry.path();
        let name = entry.file_name();
        if name == "target" {
            continue;
        }
        let destination = to.join(&name);
        if source.is_dir() {
            copy_directory(&source, &destination)?;
        } else {
            fs::copy(&source, &destination).map_err(|error| io_error(&destination, error))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        load_task,
        source_fetching::FetchedSourceFile,
        task_loading_tests::{local_source_section, write_fixture_task},
        test_directories::TestDirectory,
    };

    #[test]
    fn statistics_count_events_and_contention() {
        let trace = b"{\"seq\":0,\"thread\":1,\"event\":\"attempt\",\"contention\":false}\n\
{\"seq\":1,\"thread\":2,\"event\":\"spin\",\"contention\":true}\n\
{\"seq\":2,\"thread\":\"producer\",\"event\":\"spin\",\"contention\":true}\n";
        let statistics = trace_statistics(trace).unwrap();
        assert_eq!(statistics.events, 3);
        assert_eq!(statistics.contention_events, 2);
        assert_eq!(statistics.event_counts.get("spin"), Some(&2));
    }

    /// A Go harness is built by `go build` in GOPATH mode, with the fetched files under
    /// `gopath/src/<go_package>/`, the shared files next to `main.go` and the shared GOPATH entry
    /// between the two GOPATH folders; a stub `go` checks the layout and the environment and
    /// writes a binary that prints one event per seed.
    #[cfg(unix)]
    #[test]
    fn a_go_harness_is_built_in_gopath_mode_with_the_fetched_files_at_their_import_path() {
        use crate::{
            fetch_task_sources, load_task,
            task_loading_tests::{local_source_section, write_fixture_task},
            test_directories::TestDirectory,
            FetchConfig,
        };

        let scratch = TestDirectory::new("go-harness");
        let task_directory = write_fixture_task(&scratch, "lock", &local_source_section());
        scratch.write("lock/harness/main.go", "package main\n");
        scratch.write("harness-common/recorder.go", "package main\n");
        scratch.write("harness-common/stand-ins/src/example.org/dep/dep.go", "package dep\n");
        let manifest_path = task_directory.join("task.toml");
        let text = fs::read_to_string(&manifest_path).unwrap();
        let harness = "\n[harness]\ndirectory = \"harness\"\nbuild = \"go\"\ngo_package = \"example.org/lock/v2\"\nversion = \"7\"\nthreads = 3\noperations_per_thread = 4\nseeds = 2\nshared_files = [\"../harness-common/recorder.go\"]\nshared_gopath = \"../harness-common/stand-ins\"\n";
        fs::write(&manifest_path, format!("{text}{harness}")).unwrap();
        let task = load_task(&task_directory).unwrap();
        let fetch_config = FetchConfig {
            cache_directory: scratch.path().join("cache"),
            cargo_program: PathBuf::from("/nonexistent/cargo"),
            cargo_home: scratch.path().join("cargo-home"),
            git_program: PathBuf::from("/nonexistent/git"),
            git_mirror_directory: None,
            apt_get_program: PathBuf::from("/nonexistent/apt-get"),
        };
        let sources = fetch_task_sources(&task, &fetch_config).unwrap();
        let library = scratch.path().join("gocode");
        let stand_ins = scratch.path().join("harness-common/stand-ins");
        let go = scratch.write(
            "bin/go",
            &format!(
                "#!/bin/sh\nset -e\n[ \"$1 $2 $3\" = \"build -trimpath -o\" ] || exit 3\n\
                 [ \"$GO111MODULE $GOPROXY\" = \"off off\" ] || exit 4\n\
                 [ \"$GOPATH\" = \"$PWD/gopath:{}:{}\" ] || exit 5\n\
                 [ -f gopath/src/example.org/lock/v2/src/lock.rs ] || exit 6\n\
                 [ -f {}/src/example.org/dep/dep.go ] || exit 8\n\
                 [ -f main.go ] && [ -f recorder.go ] || exit 7\n\
                 mkdir -p \"$(dirname \"$4\")\"\n\
                 printf '#!/bin/sh\\necho \"{{\\\\\"seq\\\\\":0,\\\\\"thread\\\\\":1,\\\\\"event\\\\\":\\\\\"seed-$2\\\\\",\\\\\"contention\\\\\":true}}\"\\n' > \"$4\"\n\
                 chmod +x \"$4\"\n",
                stand_ins.display(),
                library.display(),
                stand_ins.display()
            ),
        );
        Command::new("chmod").arg("+x").arg(&go).status().unwrap();
        let config = TraceGenerationConfig {
            cargo_program: PathBuf::from("/nonexistent/cargo"),
            javac_program: PathBuf::from("/nonexistent/javac"),
            java_program: PathBuf::from("/nonexistent/java"),
            go_program: go,
            go_library_path: vec![library],
            build_directory: scratch.path().join("build"),
            target_directory: scratch.path().join("target"),
            output_directory: scratch.path().join("out"),
            seeds: vec![1, 2],
            threads: 3,
            operations_per_thread: 4,
            regeneration_command: "test".to_owned(),
        };
        let manifest = generate_trace_corpus(&task, &sources, &config).unwrap();
        assert_eq!(manifest.generation.harness_version, "7");
        let kinds: Vec<Vec<&String>> =
            manifest.traces.iter().map(|trace| trace.event_counts.keys().collect()).collect();
        assert_eq!(kinds, [["seed-1"], ["seed-2"]]);
        assert!(scratch.path().join("target/go/lock-trace-harness").is_file());
    }

    #[test]
    fn statistics_reject_gaps_in_seq_and_missing_fields() {
        let gap = b"{\"seq\":1,\"thread\":1,\"event\":\"a\",\"contention\":false}\n";
        assert_eq!(trace_statistics(gap).unwrap_err().0, 1);
        let no_event = b"{\"seq\":0,\"thread\":1,\"contention\":false}\n";
        assert!(trace_statistics(no_event).unwrap_err().1.contains("`event`"));
    }

    /// A java harness is compiled from its `src/` and the fetched files by `javac` (stubbed
    /// here: it checks its arguments and leaves a class file) and each seed runs
    /// `java -cp classes:<jars> TraceHarness` (stubbed: it checks the class path and prints a
    /// two-event trace naming its seed).
    #[cfg(unix)]
    #[test]
    fn a_java_harness_is_compiled_with_the_upstream_files_and_run_per_seed() {
        let scratch = TestDirectory::new("java-harness");
        let task_directory = write_fixture_task(&scratch, "lock", &local_source_section());
        scratch.write("lock/harness/src/TraceHarness.java", "class TraceHarness {}\n");
        scratch.write("lock/harness/src/org/example/Hook.java", "package org.example;\n");
        let manifest_path = task_directory.join("task.toml");
        let text = fs::read_to_string(&manifest_path).unwrap();
        let harness = "\n[harness]\ndirectory = \"harness\"\nversion = \"2\"\nthreads = 3\noperations_per_thread = 1\nseeds = 2\nbuild = \"java\"\nclasspath = [\"/jars/a.jar\", \"/jars/b.jar\"]\n";
        fs::write(&manifest_path, format!("{text}{harness}")).unwrap();
        let task = load_task(&task_directory).unwrap();
        let upstream = scratch.write("fetched/org/up/Election.java", "package org.up;\n");
        let sources = FetchedSources {
            root: scratch.path().join("fetched"),
            files: vec![FetchedSourceFile {
                path: "org/up/Election.java".to_owned(),
                role: "The election.".to_owned(),
                location: upstream,
                line_count: 1,
                given_to_model: true,
            }],
        };
        let build = scratch.path().join("build");
        let target = scratch.path().join("target");
        let javac = scratch.write(
            "bin/javac",
            &format!(
                "#!/bin/sh\nset -e\n[ \"$*\" = \"-nowarn -encoding UTF-8 -d {target}/classes -cp /jars/a.jar:/jars/b.jar {build}/src/TraceHarness.java {build}/src/org/example/Hook.java {build}/upstream/org/up/Election.java\" ] || {{ echo \"javac $*\" >&2; exit 3; }}\n: > \"$5/TraceHarness.class\"\n",
                target = target.display(),
                build = build.display(),
            ),
        );
        let java = scratch.write(
            "bin/java",
            &format!(
                "#!/bin/sh\nset -e\n[ \"$1 $2 $3\" = \"-cp {target}/classes:/jars/a.jar:/jars/b.jar TraceHarness\" ] || {{ echo \"java $*\" >&2; exit 4; }}\n[ -f {target}/classes/TraceHarness.class ] || exit 5\n\
                 echo \"{{\\\"seq\\\":0,\\\"thread\\\":1,\\\"event\\\":\\\"start\\\",\\\"contention\\\":false,\\\"seed\\\":$5}}\"\n\
                 echo \"{{\\\"seq\\\":1,\\\"thread\\\":2,\\\"event\\\":\\\"notification\\\",\\\"contention\\\":true}}\"\n",
                target = target.display(),
            ),
        );
        for program in [&javac, &java] {
            Command::new("chmod").arg("+x").arg(program).status().unwrap();
        }
        let output = scratch.path().join("traces");
        let config = TraceGenerationConfig {
            cargo_program: PathBuf::from("/nonexistent/cargo"),
            javac_program: javac,
            java_program: java,
            go_program: PathBuf::from("/nonexistent/go"),
            go_library_path: Vec::new(),
            build_directory: build,
            target_directory: target,
            output_directory: output.clone(),
            seeds: vec![1, 2],
            threads: 3,
            operations_per_thread: 1,
            regeneration_command: "sysmobench traces --task lock".to_owned(),
        };
        let manifest = generate_trace_corpus(&task, &sources, &config).unwrap();
        assert_eq!(manifest.generation.harness_version, "2");
        assert_eq!(manifest.traces.len(), 2);
        for (trace, seed) in manifest.traces.iter().zip([1, 2]) {
            assert_eq!(trace.seed, seed);
            assert_eq!((trace.events, trace.contention_events), (2, 1));
            let text = fs::read_to_string(output.join(&trace.file)).unwrap();
            assert!(text.contains(&format!("\"seed\":{seed}")), "{text}");
        }
        assert!(output.join("manifest.toml").is_file());
    }
}
