//! The coverage output of `sysmobench tlc`: the block TLC prints at the end of a run
//! (`-coverage N`) and the JSON form (`--coverage-json FILE`), and the blocks TLC prints with
//! its progress reports while a run goes on. Kept apart from `tlc.rs`, which runs the pipeline.

use std::time::Duration;

use tla_check::report::{Message, SourceIndex};

use crate::tlc::{now_text, TlcOptions};

/// What a finished run (breadth first or simulated) gives coverage reporting.
pub(crate) struct CoveredRun<'r> {
    pub coverage: Option<&'r tla_check::coverage::Coverage>,
    pub actions: &'r [tla_eval::Action],
    pub verdict: &'r tla_check::Verdict,
    pub duration: Duration,
    /// `"bfs"` or `"simulate"`.
    pub mode: &'r str,
}

/// The coverage block to print at the end (`-coverage`), after writing the JSON form
/// (`--coverage-json`); a warning takes the block's place when the JSON file could not be
/// written.
pub(crate) fn coverage_output(
    options: &TlcOptions,
    model: &tla_check::Model,
    sources: &SourceIndex,
    run: CoveredRun,
) -> Vec<Message> {
    use tla_check::coverage_report;
    let CoveredRun { coverage, actions, verdict, duration, mode } = run;
    let Some(coverage) = coverage else { return Vec::new() };
    let mut messages = Vec::new();
    if let Some(path) = &options.coverage_json {
        let document =
            coverage_report::coverage_json(coverage, model, actions, verdict, sources, mode);
        let text = serde_json::to_string_pretty(&document).unwrap_or_default();
        if let Err(error) = std::fs::write(path, text + "\n") {
            messages.push(Message::info(
                1000,
                format!("Warning: could not write the coverage to {}: {error}", path.display()),
            ));
        }
    }
    if options.coverage_minutes.is_some() {
        messages.extend(coverage_report::coverage_messages(
            coverage,
            model,
            actions,
            sources,
            &now_text(),
            duration,
        ));
    }
    messages
}

/// The coverage block printed with a progress report, from the coverage so far.
pub(crate) fn periodic_block(
    snapshot: &tla_check::CoverageSnapshot,
    sources: &SourceIndex,
) -> Vec<Message> {
    tla_check::coverage_report::coverage_messages(
        snapshot.coverage,
        snapshot.model,
        snapshot.actions,
        sources,
        &now_text(),
        snapshot.elapsed,
    )
}
