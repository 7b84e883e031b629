//! The explicit-state model checker with TLC's semantics: a model ([`model`]) built from a
//! resolved specification and its cfg file, explored breadth first ([`bfs`]), and reported in
//! TLC's words and exit codes ([`report`]).
//!
//! The checker takes data and returns data: the caller reads files, prints the report and
//! supplies clocks and memory probes for the limits.

pub mod bfs;
mod checks;
pub mod coverage;
pub mod coverage_report;
pub mod dot;
mod expansion;
pub mod itf;
mod java_numbers;
pub mod liveness;
pub mod model;
pub mod report;
pub mod simulate;
mod source_index;
pub mod symmetry;
mod worker_pool;

pub use bfs::{
    check, CheckEvent, CheckOptions, CheckReport, CheckedFormula, ErrorPhase, LimitKind, Limits,
    StateGraph, Statistics, TraceStep, Verdict,
};
pub use checks::replay_step;
pub use coverage::{CoverageSnapshot, EventReply};
pub use model::{build_model, config_value, intern_config_names, Model, ModelError};
pub use simulate::{
    simulate, ActionActivity, ActionError, SimulationEvent, SimulationEvents, SimulationOptions,
    SimulationProgress, SimulationReport, TraceLengths,
};
