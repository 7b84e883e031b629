//! Loading and validating task folders.
//!
//! A bad `task.toml` is a user-facing error, never a panic: every problem becomes a
//! [`TaskLoadError`] naming the task folder, the offending key and what was expected.

use std::{
    fmt, fs, io,
    path::{Component, Path, PathBuf},
};

use crate::{
    content_hashing::is_sha256_hex,
    invariant_templates::{is_tla_identifier, parse_invariant_templates},
    task_manifest::{HarnessSection, SourceSection, TaskManifest, TASK_SCHEMA_VERSION},
    task_model::{
        AgentPromptFiles, HarnessBuild, PinnedSource, ReferenceModel, SourceFile, SourceProvider,
        SystemDescription, SystemKind, Task, TraceCorpusLocation, TraceHarnessLocation,
    },
    trace_corpus::parse_trace_corpus_manifest,
};

/// The file that makes a folder a task folder.
const TASK_MANIFEST_FILE_NAME: &str = "task.toml";

/// Why a task folder could not be loaded.
#[derive(Debug)]
pub struct TaskLoadError {
    /// The task folder (or the tasks folder, for errors listing it).
    pub task_directory: PathBuf,
    pub kind: TaskLoadErrorKind,
}

/// The kinds of [`TaskLoadError`].
#[derive(Debug)]
#[non_exhaustive]
pub enum TaskLoadErrorKind {
    /// A file or folder could not be read.
    Io { path: PathBuf, error: io::Error },
    /// `task.toml` is not TOML or does not match the schema (unknown or missing keys, wrong types).
    Syntax { path: PathBuf, message: String },
    /// A key has a value this crate does not accept.
    InvalidField { field: String, message: String },
    /// A file named by `task.toml` does not exist.
    MissingFile { field: String, path: PathBuf },
    /// The invariant templates file is malformed.
    InvalidInvariantTemplates { path: PathBuf, message: String },
    /// The trace corpus manifest is malformed.
    InvalidTraceManifest { path: PathBuf, message: String },
    /// Two task folders declare the same id.
    DuplicateTaskId { id: String },
}

impl fmt::Display for TaskLoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "task folder `{}`: ", self.task_directory.display())?;
        match &self.kind {
            TaskLoadErrorKind::Io { path, error } => {
                write!(f, "cannot read `{}`: {error}", path.display())
            }
            TaskLoadErrorKind::Syntax { path, message } => {
                write!(f, "`{}` does not match the task schema: {}", path.display(), message.trim())
            }
            TaskLoadErrorKind::InvalidField { field, message } => {
                write!(f, "`{field}`: {message}")
            }
            TaskLoadErrorKind::MissingFile { field, path } => {
                write!(f, "`{field}` names `{}`, which does not exist", path.display())
            }
            TaskLoadErrorKind::InvalidInvariantTemplates { path, message } => {
                write!(f, "invariant templates `{}`: {}", path.display(), message.trim())
            }
            TaskLoadErrorKind::InvalidTraceManifest { path, message } => {
                write!(f, "trace manifest `{}`: {}", path.display(), message.trim())
            }
            TaskLoadErrorKind::DuplicateTaskId { id } => {
                write!(f, "task id `{id}` is declared by more than one folder")
            }
        }
    }
}

impl std::error::Error for TaskLoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            TaskLoadErrorKind::Io { error, .. } => Some(error),
            _ => None,
        }
    }
}

/// Loads every task folder (a sub-folder holding `task.toml`) of `tasks_directory`, sorted by id.
///
/// Sub-folders without `task.toml` are skipped; the first invalid task is an error, so a broken
/// task never silently disappears from a benchmark run.
pub fn load_all_tasks(tasks_directory: &Path) -> Result<Vec<Task>, TaskLoadError> {
    let directory_error = |path: &Path, error: io::Error| TaskLoadError {
        task_directory: tasks_directory.to_path_buf(),
        kind: TaskLoadErrorKind::Io { path: path.to_path_buf(), error },
    };
    let entries =
        fs::read_dir(tasks_directory).map_err(|error| directory_error(tasks_directory, error))?;
    let mut task_directories = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|error| directory_error(tasks_directory, error))?;
        let path = entry.path();
        if path.is_dir() && path.join(TASK_MANIFEST_FILE_NAME).is_file() {
            task_directories.push(path);
        }
    }
    task_directories.sort();
    let mut res: Vec<Task> = Vec::with_capacity(task_directories.len());
    for task_directory in task_directories {
        let task = load_task(&task_directory)?;
        if res.iter().any(|it| it.id == task.id) {
            return Err(TaskLoadError {
                task_directory,
                kind: TaskLoadErrorKind::DuplicateTaskId { id: task.id },
            });
        }
        res.push(task);
    }
    res.sort_by(|left, right| left.id.cmp(&right.id));
    Ok(res)
}

/// Loads and validates the task in `task_directory` (the folder holding `task.toml`).
pub fn load_task(task_directory: &Path) -> Result<Task, TaskLoadError> {
    let error = |kind: TaskLoadErrorKind| TaskLoadError {
        task_directory: task_directory.to_path_buf(),
        kind,
    };
    let manifest_path = task_directory.join(TASK_MANIFEST_FILE_NAME);
    let text = fs::read_to_string(&manifest_path).map_err(|io_error| {
        error(TaskLoadErrorKind::Io { path: manifest_path.clone(), error: io_error })
    })?;
    let manifest: TaskManifest = toml::from_str(&text).map_err(|toml_error| {
        error(TaskLoadErrorKind::Syntax {
            path: manifest_path.clone(),
            message: toml_error.to_string(),
        })
    })?;
    build_task(task_directory, manifest).map_err(error)
}

fn build_task(task_directory: &Path, manifest: TaskManifest) -> Result<Task, TaskLoadErrorKind> {
    if manifest.schema_version != TASK_SCHEMA_VERSION {
        return Err(invalid(
            "schema_version",
            format!(
                "version {} is not supported (expected {TASK_SCHEMA_VERSION})",
                manifest.schema_version
            ),
        ));
    }
    if !is_task_id(&manifest.id) {
        return Err(invalid(
            "id",
            format!("`{}` must be lowercase letters, digits and `-`", manifest.id),
        ));
    }
    if let Some(folder_name) = task_directory.file_name().and_then(|it| it.to_str()) {
        if folder_name != manifest.id {
            return Err(invalid(
                "id",
                format!("`{}` differs from the folder name `{folder_name}`", manifest.id),
            ));
        }
    }

    let kind = match manifest.system.kind.as_str() {
        "concurrent" => SystemKind::Concurrent,
        "distributed" => SystemKind::Distributed,
        other => {
            return Err(invalid(
                "system.kind",
                format!("must be `concurrent` or `distributed`, found `{other}`"),
            ))
        }
    };
    for (field, value) in [
        ("system.name", &manifest.system.name),
        ("system.language", &manifest.system.language),
        ("system.description", &manifest.system.description),
    ] {
        if value.trim().is_empty() {
            return Err(invalid(field, "must not be empty".to_owned()));
        }
    }
    let system = SystemDescription {
        name: manifest.system.name.trim().to_owned(),
        kind,
        language: manifest.system.language.trim().to_owned(),
        description: normalise_paragraph(&manifest.system.description),
    };

    let source = build_pinned_source(task_directory, manifest.source)?;

    let prompts = AgentPromptFiles {
        basic: existing_file(task_directory, "prompts.basic", &manifest.prompts.basic)?,
        code_translation: existing_file(
            task_directory,
            "prompts.code_translation",
            &manifest.prompts.code_translation,
        )?,
        trace_learning: existing_file(
            task_directory,
            "prompts.trace_learning",
            &manifest.prompts.trace_learning,
        )?,
    };

    if !is_tla_identifier(&manifest.model.module) {
        return Err(invalid(
            "model.module",
            format!("`{}` is not a TLA+ module name", manifest.model.module),
        ));
    }

    let invariant_templates_path =
        existing_file(task_directory, "invariants.file", &manifest.invariants.file)?;
    let invariant_text = fs::read_to_string(&invariant_templates_path)
        .map_err(|error| TaskLoadErrorKind::Io { path: invariant_templates_path.clone(), error })?;
    let invariant_templates = parse_invariant_templates(&invariant_text).map_err(|message| {
        TaskLoadErrorKind::InvalidInvariantTemplates {
            path: invariant_templates_path.clone(),
            message,
        }
    })?;

    let trace_corpus =
        build_trace_corpus(task_directory, &manifest.traces.directory, &manifest.traces.manifest)?;

    let reference_model = ReferenceModel {
        module_path: existing_file(task_directory, "reference.module", &manifest.reference.module)?,
        config_path: existing_file(task_directory, "reference.config", &manifest.reference.config)?,
    };
    let reference_stem = reference_model.module_path.file_stem().and_then(|it| it.to_str());
    if reference_stem != Some(manifest.model.module.as_str()) {
        return Err(invalid(
            "reference.module",
            format!(
                "the reference module file must be named `{}.tla` to match `model.module`",
                manifest.model.module
            ),
        ));
    }

    let trace_harness = match manifest.harness {
        None => None,
        Some(harness) => Some(build_trace_harness(task_directory, harness)?),
    };

    Ok(Task {
        id: manifest.id,
        directory: task_directory.to_path_buf(),
        system,
        source,
        prompts,
        model_module_name: manifest.model.module,
        invariant_templates_path,
        invariant_templates,
        trace_corpus,
        reference_model,
        trace_harness,
    })
}

fn build_trace_harness(
    task_directory: &Path,
    harness: HarnessSection,
) -> Result<TraceHarnessLocation, TaskLoadErrorKind> {
    let directory = relative_path(task_directory, "harness.directory", &harness.directory)?;
    let build = harness_build(&harness)?;
    let marker = directory.join(build.template_marker());
    if !marker.is_file() {
        return Err(TaskLoadErrorKind::MissingFile {
            field: "harness.directory".to_owned(),
            path: marker,
        });
    }
    if harness.version.trim().is_empty() {
        return Err(invalid("harness.version", "must not be empty".to_owned()));
    }
    for (field, value) in [
        ("harness.threads", harness.threads),
        ("harness.operations_per_thread", harness.operations_per_thread),
        ("harness.seeds", harness.seeds),
    ] {
        if value == 0 {
            return Err(invalid(field, "must be at least 1".to_owned()));
        }
    }
    let shared_folder = directory.join(build.shared_files_folder());
    let shared_files = shared_harness_files(task_directory, &shared_folder, &harness.shared_files)?;
    let shared_gopath = shared_go_path(task_directory, &build, harness.shared_gopath.as_deref())?;
    Ok(TraceHarnessLocation {
        directory,
        build,
        version: harness.version,
        threads: harness.threads,
        operations_per_thread: harness.operations_per_thread,
        seeds: harness.seeds,
        shared_files,
        shared_gopath,
    })
}

/// Resolves `harness.shared_gopath`: only a `go` harness takes it, and it must name a folder
/// (relative to the task folder, `..` allowed at its start) that holds `src/`, as a GOPATH
/// entry does.
fn shared_go_path(
    task_directory: &Path,
    build: &HarnessBuild,
    entry: Option<&str>,
) -> Result<Option<PathBuf>, TaskLoadErrorKind> {
    let Some(entry) = entry else {
        return Ok(None);
    };
    let field = "harness.shared_gopath";
    if !matches!(build, HarnessBuild::Go { .. }) {
        return Err(invalid(field, "is only for `build = \"go\"`".to_owned()));
    }
    let Some(path) = join_path_that_may_leave_the_folder(task_directory, entry) else {
        return Err(invalid(
            field,
            format!(
                "`{entry}` must be a relative path to a folder, with `/` separators and `..` only at its start"
            ),
        ));
    };
    let sources = path.join("src");
    if !sources.is_dir() {
        return Err(TaskLoadErrorKind::MissingFile { field: field.to_owned(), path: sources });
    }
    Ok(Some(path))
}

/// `build`, `classpath` and `go_package` of `[harness]`: `cargo` (the default) takes neither;
/// `java` takes absolute jar paths (checked when the harness is built, not here: the jars are
/// only installed where traces are generated); `go` needs the import path of the fetched files.
fn harness_build(harness: &HarnessSection) -> Result<HarnessBuild, TaskLoadErrorKind> {
    let build = harness.build.as_deref().unwrap_or("cargo");
    if build != "java" && !harness.classpath.is_empty() {
        return Err(invalid(
            "harness.classpath",
            "is only allowed with `build = \"java\"`".to_owned(),
        ));
    }
    if build != "go" && harness.go_package.is_some() {
        return Err(invalid("harness.go_package", "is only for `build = \"go\"`".to_owned()));
    }
    match build {
        "cargo" => Ok(HarnessBuild::Cargo),
        "java" => {
            let mut classpath = Vec::with_capacity(harness.classpath.len());
            for (entry_idx, entry) in harness.classpath.iter().enumerate() {
                let path = PathBuf::from(entry);
                if !path.is_absolute() || entry.contains(':') {
                    return Err(invalid(
                        &format!("harness.classpath[{entry_idx}]"),
                        format!("`{entry}` must be an absolute path without `:`"),
                    ));
                }
                classpath.push(path);
            }
            Ok(HarnessBuild::Java { classpath })
        }
        "go" => {
            let Some(package) = harness.go_package.clone() else {
                return Err(invalid(
                    "harness.go_package",
                    "`build = \"go\"` needs the import path of the fetched files".to_owned(),
                ));
            };
            let plain = !package.is_empty()
                && !package.starts_with('/')
                && package.split('/').all(|part| !part.is_empty() && part != "." && part != "..");
            if !plain {
                return Err(invalid(
                    "harness.go_package",
                    format!("`{package}` must be a Go import path such as `go.etcd.io/raft/v3`"),
                ));
            }
            Ok(HarnessBuild::Go { package })
        }
        other => Err(invalid(
            "harness.build",
            format!("`{other}` is not a harness build; expected `cargo`, `java` or `go`"),
        )),
    }
}

/// Resolves `harness.shared_files` against the task folder. Each entry must name an existing
/// file, and its file name must be free in `destination` (the harness's `src/` for cargo, the
/// template folder for Go; neither a template file nor another shared file), since that is
/// where trace generation copies it.
fn shared_harness_files(
    task_directory: &Path,
    destination: &Path,
    entries: &[String],
) -> Result<Vec<PathBuf>, TaskLoadErrorKind> {
    let mut res: Vec<PathBuf> = Vec::with_capacity(entries.len());
    for (entry_idx, entry) in entries.iter().enumerate() {
        let field = format!("harness.shared_files[{entry_idx}]");
        let Some(path) = join_path_that_may_leave_the_folder(task_directory, entry) else {
            return Err(invalid(
                &field,
                format!(
                    "`{entry}` must be a relative path to a file, with `/` separators and `..` only at its start"
                ),
            ));
        };
        if !path.is_file() {
            return Err(TaskLoadErrorKind::MissingFile { field, path });
        }
        let file_name = path.file_name().unwrap_or_default();
        if let Some(earlier_idx) = res.iter().position(|it| it.file_name() == Some(file_name)) {
            return Err(invalid(
                &field,
                format!(
                    "`{entry}` has the same file name as `harness.shared_files[{earlier_idx}]`; both would be copied to `{}`",
                    destination.join(file_name).display()
                ),
            ));
        }
        let template_file = destination.join(file_name);
        if template_file.exists() {
            return Err(invalid(
                &field,
                format!(
                    "`{entry}` would replace `{}` of the harness template; remove one of them",
                    template_file.display()
                ),
            ));
        }
        res.push(path);
    }
    Ok(res)
}

/// Joins `value` (`/`-separated, `..` allowed only before its first folder or file name, ending
/// in a name) to `directory`, resolving each leading `..` by dropping a component of `directory`
/// so that messages show a clean path. `None` when `value` has another shape.
fn join_path_that_may_leave_the_folder(directory: &Path, value: &str) -> Option<PathBuf> {
    if value.is_empty() || value.contains('\\') || value.ends_with('/') {
        return None;
    }
    let mut res = directory.to_path_buf();
    let mut seen_name = false;
    for component in Path::new(value).components() {
        match component {
            Component::ParentDir if !seen_name => {
                let can_drop = matches!(res.components().next_back(), Some(Component::Normal(_)));
                if can_drop {
                    res.pop();
                } else {
                    res.push("..");
                }
            }
            Component::Normal(name) => {
                seen_name = true;
                res.push(name);
            }
            _ => return None,
        }
    }
    seen_name.then_some(res)
}

fn build_pinned_source(
    task_directory: &Path,
    section: SourceSection,
) -> Result<PinnedSource, TaskLoadErrorKind> {
    let provider_name = section.provider.as_str();
    let allowed_keys: &[&str] = match provider_name {
        "crate" => &["crate", "version"],
        "git" => &["url", "commit"],
        "debian" => &["package", "version"],
        "local" => &["path"],
        other => {
            return Err(invalid(
                "source.provider",
                format!("must be `crate`, `git`, `debian` or `local`, found `{other}`"),
            ))
        }
    };
    let present_keys = [
        ("crate", section.crate_name.is_some()),
        ("version", section.version.is_some()),
        ("url", section.url.is_some()),
        ("commit", section.commit.is_some()),
        ("package", section.package.is_some()),
        ("path", section.path.is_some()),
    ];
    for (key, present) in present_keys {
        if present && !allowed_keys.contains(&key) {
            return Err(invalid(
                &format!("source.{key}"),
                format!(
                    "is not used by provider `{provider_name}` (it takes {})",
                    allowed_keys.join(" and ")
                ),
            ));
        }
    }
    let required = |key: &str, value: Option<String>| -> Result<String, TaskLoadErrorKind> {
        match value {
            Some(value) if !value.trim().is_empty() => Ok(value.trim().to_owned()),
            _ => Err(invalid(
                &format!("source.{key}"),
                format!("is required by provider `{provider_name}`"),
            )),
        }
    };
    let provider = match provider_name {
        "crate" => {
            let name = required("crate", section.crate_name)?;
            let version = required("version", section.version)?;
            if !is_exact_version(&version) {
                return Err(invalid(
                    "source.version",
                    format!("`{version}` must be an exact version such as `0.19.0` (no ranges)"),
                ));
            }
            SourceProvider::Crate { name, version }
        }
        "git" => {
            let url = required("url", section.url)?;
            let commit = required("commit", section.commit)?;
            if commit.len() != 40
                || !commit
                    .bytes()
                    .all(|byte| byte.is_ascii_hexdigit() && !byte.is_ascii_uppercase())
            {
                return Err(invalid(
                    "source.commit",
                    format!("`{commit}` must be a full commit hash: 40 lowercase hex digits"),
                ));
            }
            SourceProvider::Git { url, commit }
        }
        "debian" => SourceProvider::Debian {
            package: required("package", section.package)?,
            version: required("version", section.version)?,
        },
        _ => {
            let path = PathBuf::from(required("path", section.path)?);
            let path = if path.is_absolute() { path } else { task_directory.join(path) };
            SourceProvider::Local { path }
        }
    };
    if section.files.is_empty() {
        return Err(invalid("source.files", "must list at least one file".to_owned()));
    }
    let mut files: Vec<SourceFile> = Vec::with_capacity(section.files.len());
    for (file_idx, entry) in section.files.into_iter().enumerate() {
        let field = |key: &str| format!("source.files[{file_idx}].{key}");
        if !is_plain_relative_path(&entry.path) {
            return Err(invalid(
                &field("path"),
                format!("`{}` must be a relative path with `/` separators and no `..`", entry.path),
            ));
        }
        if files.iter().any(|it| it.path == entry.path) {
            return Err(invalid(&field("path"), format!("`{}` is listed twice", entry.path)));
        }
        if entry.role.trim().is_empty() {
            return Err(invalid(&field("role"), "must say what the file is for".to_owned()));
        }
        if !is_sha256_hex(&entry.sha256) {
            return Err(invalid(
                &field("sha256"),
                format!("`{}` must be 64 lowercase hex digits", entry.sha256),
            ));
        }
        files.push(SourceFile {
            path: entry.path,
            role: normalise_paragraph(&entry.role),
            sha256: entry.sha256,
            given_to_model: entry.given_to_model,
        });
    }
    if !files.iter().any(|file| file.given_to_model) {
        return Err(invalid(
            "source.files",
            "at least one file must be given to the model".to_owned(),
        ));
    }
    Ok(PinnedSource { provider, files })
}

fn build_trace_corpus(
    task_directory: &Path,
    directory: &str,
    manifest: &str,
) -> Result<TraceCorpusLocation, TaskLoadErrorKind> {
    let directory = relative_path(task_directory, "traces.directory", directory)?;
    let manifest_path = relative_path(task_directory, "traces.manifest", manifest)?;
    let manifest = if manifest_path.is_file() {
        let text = fs::read_to_string(&manifest_path)
            .map_err(|error| TaskLoadErrorKind::Io { path: manifest_path.clone(), error })?;
        let manifest = parse_trace_corpus_manifest(&text).map_err(|message| {
            TaskLoadErrorKind::InvalidTraceManifest { path: manifest_path.clone(), message }
        })?;
        for trace in &manifest.traces {
            let trace_path = directory.join(&trace.file);
            if !trace_path.is_file() {
                return Err(TaskLoadErrorKind::InvalidTraceManifest {
                    path: manifest_path.clone(),
                    message: format!("lists `{}`, which does not exist", trace_path.display()),
                });
            }
        }
        Some(manifest)
    } else {
        None
    };
    Ok(TraceCorpusLocation { directory, manifest_path, manifest })
}

fn existing_file(
    task_directory: &Path,
    field: &str,
    value: &str,
) -> Result<PathBuf, TaskLoadErrorKind> {
    let path = relative_path(task_directory, field, value)?;
    if !path.is_file() {
        return Err(TaskLoadErrorKind::MissingFile { field: field.to_owned(), path });
    }
    Ok(path)
}

fn relative_path(
    task_directory: &Path,
    field: &str,
    value: &str,
) -> Result<PathBuf, TaskLoadErrorKind> {
    if !is_plain_relative_path(value) {
        return Err(invalid(
            field,
            format!(
                "`{value}` must be a path inside the task folder, with `/` separators and no `..`"
            ),
        ));
    }
    Ok(task_directory.join(value))
}

fn invalid(field: &str, message: String) -> TaskLoadErrorKind {
    TaskLoadErrorKind::InvalidField { field: field.to_owned(), message }
}

fn is_task_id(text: &str) -> bool {
    !text.is_empty()
        && !text.starts_with('-')
        && text
            .bytes()
            .all(|byte| byte.is_ascii_lowercase() || byte.is_ascii_digit() || byte == b'-')
}

fn is_exact_version(text: &str) -> bool {
    let core = text.split(['-', '+']).next().unwrap_or("");
    let parts: Vec<&str> = core.split('.').collect();
    parts.len() == 3
        && parts
            .iter()
            .all(|part| !part.is_empty() && part.bytes().all(|byte| byte.is_ascii_digit()))
}

pub(crate) fn is_plain_relative_path(text: &str) -> bool {
    if text.is_empty() || text.contains('\\') {
        return false;
    }
    let path = Path::new(text);
    path.components().all(|component| matches!(component, Component::Normal(_)))
}

/// Joins the lines of a TOML multi-line string into one paragraph.
fn normalise_paragraph(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
