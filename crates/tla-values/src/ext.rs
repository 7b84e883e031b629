//! The plug-in point for value kinds that need the evaluator: set filters, lazy functions,
//! operator arguments.
//!
//! TLC has value classes that hold syntax and a context (`SetPredValue` for `{x \in S : P}`,
//! `FcnLambdaValue` for `[x \in S |-> e]` and recursive functions, `OpLambdaValue` for `LAMBDA`
//! and operator arguments). This crate knows no syntax, so the evaluator implements [`ExtValue`]
//! for them and wraps them in `Value::Ext`. Everything that needs a canonical value (equality,
//! order, fingerprints, printing when TLC expands) goes through [`ExtValue::to_concrete`], which is
//! exactly what TLC does (`toSetEnum` / `toFcnRcd`).

use crate::error::{EvalError, EvalErrorKind, EvalResult};
use crate::value::Value;

/// Which TLC interface an extension value implements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExtClass {
    /// A set (`Enumerable` when [`ExtValue::is_enumerable`]).
    Set,
    /// A function (`FunctionValue`).
    Function,
    /// Anything else, e.g. an operator passed as an argument.
    Other,
}

/// A value kind implemented by the evaluator.
pub trait ExtValue: Send + Sync {
    /// A short name for messages ("a set", "an operator").
    fn kind_name(&self) -> &'static str;

    /// What the value behaves as.
    fn class(&self) -> ExtClass;

    /// The TLC class it stands for (`SetPredValue`, `FcnLambdaValue`, `OpLambdaValue`, ...),
    /// used in Java exception texts.
    fn tlc_class_name(&self) -> &'static str {
        "Value"
    }

    /// Whether TLC can enumerate it (sets only).
    fn is_enumerable(&self) -> bool {
        self.class() == ExtClass::Set
    }

    /// Set membership, without enumerating where possible.
    fn member(&self, elem: &Value) -> EvalResult<bool> {
        let _ = elem;
        Err(EvalError::general(
            EvalErrorKind::WrongKind,
            format!("Attempted to check set membership in {}.", self.kind_name()),
        ))
    }

    /// The elements in TLC's enumeration order (sets only).
    fn elements(&self) -> EvalResult<Vec<Value>> {
        Err(EvalError::not_enumerable(format!("Attempted to enumerate {}.", self.kind_name())))
    }

    /// The canonical value: a `Value::Set` for sets, a `Value::Function` (or tuple or record) for
    /// functions. Used for equality, order, fingerprints and expanded printing.
    fn to_concrete(&self) -> EvalResult<Value> {
        Err(EvalError::general(
            EvalErrorKind::Unsupported,
            format!("Attempted to convert {} into a value TLC can compare.", self.kind_name()),
        ))
    }

    /// Function application (functions only).
    fn apply(&self, arg: &Value) -> EvalResult<Value> {
        self.to_concrete().and_then(|concrete| crate::functions::apply(&concrete, arg))
    }

    /// The value as `Any`, so the evaluator can recognise its own kinds (an operator argument
    /// handed back to it by a native operator).
    fn as_any(&self) -> Option<&dyn std::any::Any> {
        None
    }

    /// Text TLC prints when it does not expand the value (e.g. `{x \in S : <expression ...> }`).
    fn lazy_text(&self) -> String {
        format!("<{}>", self.kind_name())
    }
}
