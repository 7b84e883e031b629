//! The on-disk schema of `task.toml`, exactly as written.
//!
//! These structs only mirror the file; [`crate::task_loading`] validates them and builds the
//! typed [`crate::Task`]. Unknown keys are rejected so that a typo in a task folder is reported
//! instead of silently ignored.
//!
//! ```toml
//! schema_version = 1
//! id = "spin"
//!
//! [system]
//! name = "Asterinas spin lock"
//! kind = "concurrent"            # or "distributed"
//! language = "rust"
//! description = "One paragraph."
//!
//! [source]
//! provider = "crate"             # crate | git | debian | local
//! crate = "ostd"                 # crate: crate + version
//! version = "0.19.0"             # git: url + commit; debian: package + version; local: path
//!
//! [[source.files]]
//! path = "src/sync/spin.rs"
//! role = "The spin lock under study."
//! sha256 = "<64 lowercase hex digits>"
//! given_to_model = true          # optional, default true; false: fetched and verified for the
//!                                # harness build only, never shown to the model
//!
//! [prompts]
//! basic = "prompts/basic.md"
//! code_translation = "prompts/code-translation.md"
//! trace_learning = "prompts/trace-learning.md"
//!
//! [model]
//! module = "spin"
//!
//! [invariants]
//! file = "invariants.toml"
//!
//! [traces]
//! directory = "traces"
//! manifest = "traces/manifest.toml"
//!
//! [reference]
//! module = "reference/spin.tla"
//! config = "reference/spin.cfg"
//!
//! [harness]                      # optional
//! directory = "harness"
//! build = "cargo"                # optional: how the harness is built: `cargo` (the default);
//!                                # `java`: `src/**/*.java` and the fetched `*.java` files are
//!                                # compiled with javac and `TraceHarness` is run with java;
//!                                # `go`: a `main` package (`main.go`) built in GOPATH mode
//! # classpath = ["/usr/share/java/zookeeper.jar"]  # `java` only: absolute jar paths
//! # go_package = "go.etcd.io/raft/v3"  # `go` only, required: the import path of the fetched files
//! version = "1"
//! threads = 3                    # --threads of every run
//! operations_per_thread = 12     # --operations of every run
//! seeds = 20                     # one trace per seed, seeds 1..=20
//! shared_files = [               # optional: copied into the harness's `src/` (next to
//!     "../harness-common/recorder.rs",   # `main.go` for go) before building
//!     "../harness-common/workload.rs",
//! ]
//! # shared_gopath = "../harness-common/pgo-gopath"  # `go` only, optional: a GOPATH entry
//!                                # (a folder with `src/`) put after the fetched files and
//!                                # before the system's Go libraries
//! ```

use serde::Deserialize;

/// The schema version this crate reads.
pub(crate) const TASK_SCHEMA_VERSION: u32 = 1;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TaskManifest {
    pub(crate) schema_version: u32,
    pub(crate) id: String,
    pub(crate) system: SystemSection,
    pub(crate) source: SourceSection,
    pub(crate) prompts: PromptsSection,
    pub(crate) model: ModelSection,
    pub(crate) invariants: InvariantsSection,
    pub(crate) traces: TracesSection,
    pub(crate) reference: ReferenceSection,
    pub(crate) harness: Option<HarnessSection>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SystemSection {
    pub(crate) name: String,
    pub(crate) kind: String,
    pub(crate) language: String,
    pub(crate) description: String,
}

/// The provider-specific keys are all optional here; which ones are required depends on
/// `provider` and is checked when the task is loaded, with an error naming the missing key.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SourceSection {
    pub(crate) provider: String,
    #[serde(rename = "crate")]
    pub(crate) crate_name: Option<String>,
    pub(crate) version: Option<String>,
    pub(crate) url: Option<String>,
    pub(crate) commit: Option<String>,
    pub(crate) package: Option<String>,
    pub(crate) path: Option<String>,
    #[serde(default)]
    pub(crate) files: Vec<SourceFileEntry>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct SourceFileEntry {
    pub(crate) path: String,
    pub(crate) role: String,
    pub(crate) sha256: String,
    #[serde(default = "given_to_model_by_default")]
    pub(crate) given_to_model: bool,
}

fn given_to_model_by_default() -> bool {
    true
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PromptsSection {
    pub(crate) basic: String,
    pub(crate) code_translation: String,
    pub(crate) trace_learning: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ModelSection {
    pub(crate) module: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct InvariantsSection {
    pub(crate) file: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TracesSection {
    pub(crate) directory: String,
    pub(crate) manifest: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ReferenceSection {
    pub(crate) module: String,
    pub(crate) config: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct HarnessSection {
    pub(crate) directory: String,
    /// `cargo` (when absent), `java` or `go`.
    pub(crate) build: Option<String>,
    /// The Go import path of the fetched files (`go` only).
    pub(crate) go_package: Option<String>,
    pub(crate) version: String,
    pub(crate) threads: u32,
    pub(crate) operations_per_thread: u32,
    pub(crate) seeds: u32,
    /// Paths relative to the task folder; unlike every other path here they may start with
    /// `../`, because the files are shared with the harnesses of other tasks.
    #[serde(default)]
    pub(crate) shared_files: Vec<String>,
    /// A folder relative to the task folder (it may start with `../`), holding `src/`: a GOPATH
    /// entry of stand-in Go packages shared by several `go` harnesses.
    pub(crate) shared_gopath: Option<String>,
    /// Absolute paths of the jars a `java` harness compiles and runs against.
    #[serde(default)]
    pub(crate) classpath: Vec<String>,
}
