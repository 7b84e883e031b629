//! The typed, validated view of one task folder.
//!
//! [`crate::load_task`] builds these values from `task.toml`; every path in them is already
//! resolved against the task folder and was checked to exist when the task was loaded (except the
//! trace corpus, which may not have been generated yet).

use std::path::{Path, PathBuf};

use crate::{invariant_templates::InvariantTemplate, trace_corpus::TraceCorpusManifest};

/// One benchmark task: a real system, the files a model reads, and everything needed to score a
/// model of it.
#[derive(Debug, Clone)]
pub struct Task {
    /// The task id, equal to the name of its folder (`spin`, `etcd`, ...).
    pub id: String,
    /// The task folder, `tasks/<id>/`.
    pub directory: PathBuf,
    pub system: SystemDescription,
    pub source: PinnedSource,
    pub prompts: AgentPromptFiles,
    /// The name the model's TLA+ module must have (`---- MODULE <name> ----`).
    pub model_module_name: String,
    /// The invariant templates file, `invariants.toml` by convention.
    pub invariant_templates_path: PathBuf,
    pub invariant_templates: Vec<InvariantTemplate>,
    pub trace_corpus: TraceCorpusLocation,
    pub reference_model: ReferenceModel,
    /// The cargo project template that records traces of the real code, if the task has one.
    pub trace_harness: Option<TraceHarnessLocation>,
}

/// What the system under study is, in the words shown to people (and to models).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SystemDescription {
    pub name: String,
    pub kind: SystemKind,
    /// The implementation language of the upstream code, e.g. `rust`.
    pub language: String,
    /// One paragraph saying what the system does.
    pub description: String,
}

/// Whether the system runs as threads in one address space or as processes talking over a
/// network.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SystemKind {
    Concurrent,
    Distributed,
}

impl SystemKind {
    /// The spelling used in `task.toml`.
    pub fn as_str(self) -> &'static str {
        match self {
            SystemKind::Concurrent => "concurrent",
            SystemKind::Distributed => "distributed",
        }
    }
}

/// Where the upstream code comes from and which of its files a model reads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PinnedSource {
    pub provider: SourceProvider,
    /// The files given to the model, in the order they are shown.
    pub files: Vec<SourceFile>,
}

/// How pinned sources are obtained; each variant names an exact, immutable version.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SourceProvider {
    /// A crate on crates.io (or the user's configured mirror), at an exact version, obtained
    /// through cargo's own registry access.
    Crate { name: String, version: String },
    /// A git repository at a full 40-digit commit.
    Git { url: String, commit: String },
    /// A Debian source package at an exact version, obtained with `apt-get source`.
    Debian { package: String, version: String },
    /// A folder on this machine (absolute, or resolved against the task folder when loaded).
    Local { path: PathBuf },
}

impl SourceProvider {
    /// A one-line description such as `crate ostd 0.19.0`, for listings and error messages.
    pub fn describe(&self) -> String {
        match self {
            SourceProvider::Crate { name, version } => format!("crate {name} {version}"),
            SourceProvider::Git { url, commit } => format!("git {url} at {commit}"),
            SourceProvider::Debian { package, version } => format!("debian {package} {version}"),
            SourceProvider::Local { path } => format!("local {}", path.display()),
        }
    }
}

/// One upstream file given to the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceFile {
    /// The path inside the upstream tree, relative, with `/` separators.
    pub path: String,
    /// What the file is for, shown to the model next to the file.
    pub role: String,
    /// The expected SHA-256, 64 lowercase hex digits.
    pub sha256: String,
    /// False for a file fetched and verified only because the trace harness needs it to build
    /// (the rest of an upstream package); such files are not shown to the model.
    pub given_to_model: bool,
}

/// The agents that have per-task prompts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum AgentKind {
    /// The Basic Modeling Agent: task description and sources in, module and cfg out.
    Basic,
    /// The Code Translation Agent: function-by-function translation, then assembly.
    CodeTranslation,
    /// The Trace Learning Agent: sampled traces in, no code.
    TraceLearning,
}

impl AgentKind {
    pub const ALL: [AgentKind; 3] =
        [AgentKind::Basic, AgentKind::CodeTranslation, AgentKind::TraceLearning];

    /// The spelling used on the command line and in `task.toml` (`code-translation`).
    pub fn as_str(self) -> &'static str {
        match self {
            AgentKind::Basic => "basic",
            AgentKind::CodeTranslation => "code-translation",
            AgentKind::TraceLearning => "trace-learning",
        }
    }
}

/// The prompt file of every agent, resolved against the task folder.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentPromptFiles {
    pub basic: PathBuf,
    pub code_translation: PathBuf,
    pub trace_learning: PathBuf,
}

impl AgentPromptFiles {
    /// The prompt file of `agent`.
    pub fn path(&self, agent: AgentKind) -> &Path {
        match agent {
            AgentKind::Basic => &self.basic,
            AgentKind::CodeTranslation => &self.code_translation,
            AgentKind::TraceLearning => &self.trace_learning,
        }
    }
}

/// Where a task's recorded traces live.
#[derive(Debug, Clone)]
pub struct TraceCorpusLocation {
    /// The folder holding the trace files.
    pub directory: PathBuf,
    /// The manifest saying how the corpus was produced (`traces/manifest.toml`).
    pub manifest_path: PathBuf,
    /// The parsed manifest; `None` while the corpus has not been generated.
    pub manifest: Option<TraceCorpusManifest>,
}

impl TraceCorpusLocation {
    /// How many traces the committed corpus holds (0 when there is none yet).
    pub fn trace_count(&self) -> usize {
        self.manifest.as_ref().map_or(0, |manifest| manifest.traces.len())
    }
}

/// Our hand-written model of the system, used as the gold answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReferenceModel {
    /// The `.tla` file; its file stem equals [`Task::model_module_name`].
    pub module_path: PathBuf,
    /// The TLC configuration, with constants, invariants and properties concretised by hand.
    pub config_path: PathBuf,
}

/// How a trace harness is built and run (`build` of `[harness]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HarnessBuild {
    /// A cargo project (`Cargo.toml`, its own `[workspace]`, `Cargo.lock` committed), built with
    /// `cargo build --release --locked`; the fetched files are copied to `upstream/<path>` and the
    /// binary `<task id>-trace-harness` is run.
    Cargo,
    /// Java sources: every `*.java` under the template's `src/` and the fetched upstream files
    /// is compiled with `javac` against `classpath`, and the class `TraceHarness` (in the
    /// unnamed package, `src/TraceHarness.java`) is run with `java`, the compiled classes
    /// first on the class path.
    Java { classpath: Vec<PathBuf> },
    /// A Go `main` package (`main.go`), built in GOPATH mode; the fetched files are copied to
    /// `gopath/src/<package>/<path>`, so the harness imports them by their upstream import path.
    Go { package: String },
}

impl HarnessBuild {
    /// The file that marks a template of this kind (`Cargo.toml`, `src/TraceHarness.java`,
    /// `main.go`).
    pub fn template_marker(&self) -> &'static str {
        match self {
            HarnessBuild::Cargo => "Cargo.toml",
            HarnessBuild::Java { .. } => "src/TraceHarness.java",
            HarnessBuild::Go { .. } => "main.go",
        }
    }

    /// The folder of the template that shared files are copied into: `src` for cargo and Java,
    /// the template folder itself (the `main` package) for Go.
    pub fn shared_files_folder(&self) -> &'static str {
        match self {
            HarnessBuild::Cargo | HarnessBuild::Java { .. } => "src",
            HarnessBuild::Go { .. } => "",
        }
    }
}

/// The project template that runs the real code and records events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TraceHarnessLocation {
    /// The folder holding the template (`harness/`), never a workspace member.
    pub directory: PathBuf,
    /// The build tool and where the fetched files go.
    pub build: HarnessBuild,
    /// The harness version recorded in trace manifests; bump it whenever its output changes.
    pub version: String,
    /// Threads contending in every run of the committed corpus (`--threads`).
    pub threads: u32,
    /// Operations each thread performs in every run (`--operations`).
    pub operations_per_thread: u32,
    /// How many traces the corpus holds: one per seed, seeds `1..=seeds`.
    pub seeds: u32,
    /// Files kept once for several harnesses (`tasks/harness-common/`), copied into the
    /// harness's `src/` under their own file name before it is built; the loader checks that
    /// each exists and that no two of them, or a file of the template's `src/`, share a name.
    pub shared_files: Vec<PathBuf>,
    /// A Go harness's shared GOPATH entry (`shared_gopath`, a folder holding `src/`, kept once
    /// in `tasks/harness-common/`): stand-in packages several Go harnesses import. It comes
    /// after the build folder's own `gopath` (the fetched files) and before the system's Go
    /// libraries, so a stand-in shadows an older library of the same import path.
    pub shared_gopath: Option<PathBuf>,
}
