//! Runs of the benchmark: the results store and the layout of run folders.
//!
//! A run evaluates every combination of tasks, agents, models and samples; each combination is an
//! *attempt* with its own folder of artifacts and a row in the results database (SQLite, the
//! default store). The store is what makes a run resumable: an attempt is `pending` until it is
//! `finished` or `failed`, every model call is recorded with its usage the moment it returns, and
//! a run killed at any point resumes by doing the attempts that are not finished. Together with
//! the provider's response cache (which answers a repeated request without a new paid call),
//! resuming never repeats a finished call.

pub mod layout;
pub mod store;

pub use layout::{attempt_folder, sanitize_component};
pub use store::{
    AttemptKey, AttemptRow, AttemptStatus, CallRecord, RunStore, StoreError, UsageTotals,
};
