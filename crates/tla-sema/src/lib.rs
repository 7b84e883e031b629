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
//! constraints of defined operators on their arguments ([`levels`]); labels and the selectors
//! that refer to them ([`labels`]); positional subexpression selectors on the definition's tree
//! (`selectors.rs`); theorems, USE/HIDE and hierarchical proofs with SANY's scoping of step
//! names, NEW, TAKE and PICK symbols (`proofs.rs`). [`lower::lower`] then builds the resolved
//! representation the evaluator runs ([`hir`]), and [`sany_order`] the order SANY lists a
//! module's variables in.

pub mod builtins;
pub mod codes;
pub mod hir;
pub mod hir_dump;
mod instance_levels;
pub mod intern_order;
pub mod labels;
pub mod levels;
pub mod loader;
pub mod lower;
mod lower_expr;
mod lower_levels;
mod lower_names;
mod names;
mod proofs;
pub mod resolve;
mod resolve_expr;
pub mod sany_order;
mod sany_order_modules;
pub mod scope;
mod selectors;

pub use loader::{load_specification, LoadError, ModuleSource, SourceFile, Specification};
pub use resolve::{analyze, Analysis, SemanticDiagnostic};
