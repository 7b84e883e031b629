//! The TLA+ front end's syntax layer: a lexer and a hand-written recursive-descent parser that
//! accept exactly what SANY (the reference TLA+ parser) accepts.
//!
//! Entry point: [`parse_module`], which never fails. It returns the module tree (as far as it
//! could be parsed) and the diagnostics; like SANY, parsing stops at the first syntax error.
//! This crate knows nothing about the file system or about the meaning of names.

pub mod ast;
pub mod diagnostics;
pub mod lexer;
pub mod monolith;
pub mod operators;
mod parser;
pub mod sexpr;
pub mod token;

pub use parser::{
    definition_starts, parse_module, unescape_string_literal, DefinitionStart, ParsedModule,
    MAX_NESTING_DEPTH,
};
