//! The TLA+ evaluator with TLC's semantics: expressions, initial states and successor states of
//! a resolved specification ([`tla_sema::hir`]) over TLC's values ([`tla_values`]).
//!
//! - [`Evaluator`] evaluates expressions ([`Evaluator::eval`]) in a [`Ctx`] (the current and
//!   next state, per-worker facts);
//! - [`successors`] computes initial and successor states the way TLC does (dynamic assignment,
//!   conjunct order);
//! - [`actions`] splits the next-state relation into TLC's actions;
//! - [`native`] implements the standard and community operators TLC implements natively.
//!
//! No IO happens here except through [`EvalSettings`]: printing goes to a callback, and reading
//! the environment or files is off unless the caller allows it.

mod action_guards;
pub mod actions;
mod binders;
mod builtin_ops;
mod calls;
mod closed_constants;
mod compiled;
pub mod context;
mod definition_facts;
mod domain_memo;
pub mod env;
pub mod evaluator;
pub mod expression_coverage;
pub mod failure;
mod host;
mod known;
mod lazy_functions;
pub mod native;
mod native_calls;
pub mod predicate_memo;
pub mod successors;
mod tlc_registers;
pub mod values;
mod walk;

pub use actions::{split_actions, split_definition_actions, Action};
pub use context::{Ctx, StateView, Statistics, WorkerContext};
pub use env::Env;
pub use evaluator::{ConstantBinding, EvalSettings, EvalWarning, Evaluator, RunConfiguration};
pub use failure::{EvalOutcome, Failure, Location};
