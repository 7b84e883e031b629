//! Benchmark tasks as data.
//!
//! A task is one folder `tasks/<id>/` with a `task.toml` that pins the upstream system under study
//! (which files the model reads, at which exact version, with their SHA-256), names the prompt of
//! each agent, the invariant templates, the recorded trace corpus and our reference model. This
//! crate turns those folders into typed [`Task`] values, materialises the pinned sources into a
//! cache ([`fetch_task_sources`]) and regenerates trace corpora from a task's harness
//! ([`generate_trace_corpus`]).
//!
//! Nothing here decides how a task is scored; metrics and agents only read [`Task`] values. Every
//! outside effect (running `cargo`, `git`, `apt-get`, the harness build) lives in
//! `source_providers` and `trace_generation` behind small functions, so loading and
//! verification are testable without the network.

mod content_hashing;
mod invariant_templates;
mod source_fetching;
mod source_fetching_tests;
mod source_providers;
mod task_loading;
mod task_loading_tests;
mod task_manifest;
mod task_model;
mod task_summary;
mod test_directories;
mod trace_corpus;
mod trace_generation;
mod trace_schema_tests;

pub use crate::content_hashing::{sha256_hex_of_bytes, sha256_hex_of_file};
pub use crate::invariant_templates::{parse_invariant_templates, InvariantTemplate, PropertyKind};
pub use crate::source_fetching::{
    cached_task_sources, default_cache_directory, fetch_task_sources, source_cache_directory,
    FetchConfig, FetchError, FetchErrorKind, FetchedSourceFile, FetchedSources, SourceFileProblem,
};
pub use crate::task_loading::{load_all_tasks, load_task, TaskLoadError, TaskLoadErrorKind};
pub use crate::task_model::{
    AgentKind, AgentPromptFiles, HarnessBuild, PinnedSource, ReferenceModel, SourceFile,
    SourceProvider, SystemDescription, SystemKind, Task, TraceCorpusLocation, TraceHarnessLocation,
};
pub use crate::task_summary::{summarize_task, TaskSummary};
pub use crate::trace_corpus::{
    parse_trace_corpus_manifest, TraceCorpusManifest, TraceGenerationRecord, TraceRecord,
};
pub use crate::trace_generation::{
    generate_trace_corpus, go_library_path_from_environment, TraceGenerationConfig,
    TraceGenerationError,
};
