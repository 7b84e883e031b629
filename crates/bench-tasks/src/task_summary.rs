//! One line per task for `sysmobench tasks`: what it is and how much it holds.

use std::path::Path;

use crate::{source_fetching::cached_task_sources, task_model::Task};

/// The listing row of a task.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TaskSummary {
    pub id: String,
    pub system_name: String,
    /// `concurrent` or `distributed`.
    pub kind: &'static str,
    pub language: String,
    /// As [`crate::SourceProvider::describe`].
    pub source: String,
    pub source_file_count: usize,
    /// Lines of the files given to the model; `None` until the sources are fetched into the cache.
    pub source_line_count: Option<usize>,
    pub trace_count: usize,
    pub invariant_count: usize,
    pub safety_invariant_count: usize,
    pub liveness_invariant_count: usize,
}

/// Summarises `task`, counting source lines only if its sources are already in `cache_directory`
/// (no tool is run and nothing is downloaded).
pub fn summarize_task(task: &Task, cache_directory: Option<&Path>) -> TaskSummary {
    let source_line_count = cache_directory
        .and_then(|cache_directory| cached_task_sources(task, cache_directory))
        .map(|sources| sources.line_count());
    let safety_invariant_count = task
        .invariant_templates
        .iter()
        .filter(|template| template.kind == crate::PropertyKind::Safety)
        .count();
    TaskSummary {
        id: task.id.clone(),
        system_name: task.system.name.clone(),
        kind: task.system.kind.as_str(),
        language: task.system.language.clone(),
        source: task.source.provider.describe(),
        source_file_count: task.source.files.len(),
        source_line_count,
        trace_count: task.trace_corpus.trace_count(),
        invariant_count: task.invariant_templates.len(),
        safety_invariant_count,
        liveness_invariant_count: task.invariant_templates.len() - safety_invariant_count,
    }
}
