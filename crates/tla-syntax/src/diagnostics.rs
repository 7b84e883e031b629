//! The diagnostic codes of the lexer and parser.
//!
//! SANY has no numbers for syntax errors, so these are ours (the 1000s); the message texts
//! follow SANY's. Each code has a kebab-case name that reads after "allow".

use tla_diagnostics::{DiagnosticCode, Phase};

const fn syntax(number: u32, name: &'static str) -> DiagnosticCode {
    DiagnosticCode { number, name, phase: Phase::Syntax }
}

/// A character that starts no token, or a malformed string literal.
pub const LEXICAL_ERROR: DiagnosticCode = syntax(1001, "lexical-error");
/// A `(*` comment that is never closed.
pub const UNTERMINATED_COMMENT: DiagnosticCode = syntax(1002, "unterminated-comment");
/// A token that cannot appear where it was found.
pub const UNEXPECTED_TOKEN: DiagnosticCode = syntax(1010, "unexpected-token");
/// Two operators whose precedence ranges overlap, or a chained non-associative operator.
pub const PRECEDENCE_CONFLICT: DiagnosticCode = syntax(1011, "precedence-conflict");
/// An operator expression that cannot be reduced (missing operand or operator).
pub const MALFORMED_EXPRESSION: DiagnosticCode = syntax(1012, "malformed-expression");
/// A token inside a junction list item at or left of the item's bullet.
pub const JUNCTION_INDENTATION: DiagnosticCode = syntax(1013, "junction-indentation");
/// No `---- MODULE` header in the file.
pub const MISSING_MODULE: DiagnosticCode = syntax(1014, "missing-module-header");
/// Expressions or definitions nested deeper than the parser allows.
pub const NESTING_TOO_DEEP: DiagnosticCode = syntax(1015, "nesting-too-deep");
/// Other structural faults SANY reports while parsing (labels, fairness, step numbers).
pub const INVALID_SYNTAX: DiagnosticCode = syntax(1016, "invalid-syntax");

pub(crate) fn lexical_error_code() -> DiagnosticCode {
    LEXICAL_ERROR
}

pub(crate) fn unterminated_comment_code() -> DiagnosticCode {
    UNTERMINATED_COMMENT
}
