//! Semantic analysis of TLA+ specifications with SANY's verdicts.
//!
//! [`loader::load_specification`] parses a root module and every module it extends or
//! instantiates, through a caller-supplied [`loader::ModuleSource`] (this crate does no IO);
//! [`resolve::analyze`] then resolves every name with SANY's rules and reports SANY's codes and
//! messages ([`codes`]).
//!
//! State of this crate: name resolution covers declarations, definitions (operators, functions,
//! RECURSIVE and its section rules), EXTENDS unification, INSTANCE (named, parameterised,
//! substitutions with SANY's level and Leibniz checks), LET, bound names, arity of operators,
//! `@` and LAMBDA placement, record fields; levels with SANY's per-operator limits and the level
//! constraints of defined operators on their arguments ([`levels`]). Not yet done: labels and
//! subexpression selectors (accepted without checks), proofs (not checked; the SANY-labelled
//! fixtures for them wait in `test_data/semantic/pending`), and the resolved representation the
//! evaluator will consume.

pub mod builtins;
pub mod codes;
mod instance_levels;
pub mod levels;
pub mod loader;
pub mod resolve;
mod resolve_expr;
pub mod scope;

pub use loader::{load_specification, LoadError, ModuleSource, SourceFile, Specification};
pub use resolve::{analyze, Analysis, SemanticDiagnostic};
