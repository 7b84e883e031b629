//! Semantic analysis of TLA+ specifications with SANY's verdicts.
//!
//! [`loader::load_specification`] parses a root module and every module it extends or
//! instantiates, through a caller-supplied [`loader::ModuleSource`] (this crate does no IO);
//! [`resolve::analyze`] then resolves every name with SANY's rules and reports SANY's codes and
//! messages ([`codes`]).
//!
//! State of this crate: name resolution covers declarations, definitions (operators, functions,
//! RECURSIVE), EXTENDS unification, INSTANCE (named, parameterised, substitutions), LET, bound
//! names, arity of operators, `@` and LAMBDA placement. Not yet done: level checking, labels and
//! subexpression selectors (accepted without checks), proofs (not checked), and the resolved
//! representation the evaluator will consume.

pub mod builtins;
pub mod codes;
pub mod loader;
pub mod resolve;
mod resolve_expr;
pub mod scope;

pub use loader::{load_specification, LoadError, ModuleSource, SourceFile, Specification};
pub use resolve::{analyze, Analysis, SemanticDiagnostic};
