//! The TLA+ lexer and parser (work in progress).
