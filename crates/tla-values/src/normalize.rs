//! The values a state holds, deep-normalised as TLC normalises them when it fingerprints a state
//! (`TLCStateMut.fingerPrint`: `deepNormalize`, then `fingerPrint`): symbolic sets (`SUBSET S`,
//! `[S -> T]`, set filters, ...) are enumerated and lazy functions computed, so a stored state,
//! its printed form and its fingerprint all see the same concrete value. A value TLC cannot
//! enumerate (`Nat`, `[Nat -> BOOLEAN]`, `{y \in Nat : ...}`) is an error; TLC reports it in one
//! of two shapes depending on where in the value it happens, which [`StateValueError::wrapped`]
//! tells the report.

use std::sync::Arc;

use crate::convert::to_set_enum;
use crate::error::{EvalError, EvalErrorKind};
use crate::ext::ExtClass;
use crate::lazy::LazyKind;
use crate::print::ppr;
use crate::value::{Function, FunctionDomain, Record, Value};

/// A state's value TLC cannot normalise or fingerprint.
#[derive(Clone, Debug)]
pub struct StateValueError {
    pub error: EvalError,
    /// Whether the failure happens inside (or at) a value of a class whose fingerprinting
    /// reports "TLC was unable to fingerprint" (TLC's `FingerprintException`: enumerated sets,
    /// tuples, records, functions, and the symbolic sets `SUBSET`, `[S -> T]`, `[l : S]`, ...);
    /// otherwise (`Nat`, `Int`, `STRING`, `Seq(S)`, a set filter or a lazy function at the top
    /// of a variable's value) TLC reports the plain error.
    pub wrapped: bool,
}

impl StateValueError {
    fn plain(error: EvalError) -> StateValueError {
        StateValueError { error, wrapped: false }
    }

    fn wrapped(self) -> StateValueError {
        StateValueError { wrapped: true, ..self }
    }
}

/// Whether `value` holds something a state must not keep as it is (a symbolic set or a lazy
/// value), so that [`normalize_state_value`] has work to do.
pub fn needs_normalizing(value: &Value) -> bool {
    // A set, function or record that kept its state hash is concrete (only the hashes of
    // concrete values are kept).
    match value {
        Value::Lazy(_) | Value::Ext(_) => true,
        Value::Set(set) => {
            set.state_hash_cell().get().is_none()
                && set.current_elements().iter().any(needs_normalizing)
        }
        Value::Tuple(elems) => elems.iter().any(needs_normalizing),
        Value::Record(record) => {
            record.state_hash_cell().get().is_none()
                && record.values().iter().any(needs_normalizing)
        }
        Value::Function(function) => {
            if function.state_hash_cell().get().is_some() {
                return false;
            }
            function.values().iter().any(needs_normalizing)
                || matches!(function.domain(), FunctionDomain::Values(domain) if domain.iter().any(needs_normalizing))
        }
        Value::Bool(_)
        | Value::Int(_)
        | Value::Str(_)
        | Value::ModelValue(_)
        | Value::Interval(_) => false,
    }
}

/// `value` deep-normalised (see the module documentation); the same value when there is nothing
/// to do.
pub fn normalize_state_value(value: &Value) -> Result<Value, StateValueError> {
    if !needs_normalizing(value) {
        return Ok(value.clone());
    }
    normalize(value)
}

fn normalize(value: &Value) -> Result<Value, StateValueError> {
    match value {
        Value::Bool(_)
        | Value::Int(_)
        | Value::Str(_)
        | Value::ModelValue(_)
        | Value::Interval(_) => Ok(value.clone()),
        Value::Set(set) => {
            let elems = set.current_elements().iter().map(normalize).collect::<Result<Vec<_>, _>>();
            let elems = elems.map_err(StateValueError::wrapped)?;
            Value::set_normalized(elems).map_err(|error| StateValueError::plain(error).wrapped())
        }
        Value::Tuple(elems) => {
            let elems = elems.iter().map(normalize).collect::<Result<Vec<_>, _>>();
            Ok(Value::Tuple(elems.map_err(StateValueError::wrapped)?.into()))
        }
        Value::Record(record) => {
            let values = record.values().iter().map(normalize).collect::<Result<Vec<_>, _>>();
            let values = values.map_err(StateValueError::wrapped)?;
            Ok(Value::Record(Arc::new(Record::from_normalized(
                record.shared_names().clone(),
                values,
            ))))
        }
        Value::Function(function) => {
            let values = function.values().iter().map(normalize).collect::<Result<Vec<_>, _>>();
            let values = values.map_err(StateValueError::wrapped)?;
            let function = match function.domain() {
                FunctionDomain::Interval { low } => Function::from_interval(*low, values),
                FunctionDomain::Values(domain) => {
                    let domain = domain.iter().map(normalize).collect::<Result<Vec<_>, _>>();
                    let domain = domain.map_err(StateValueError::wrapped)?;
                    Function::from_pairs(domain, values)
                        .map_err(|error| StateValueError::plain(error).wrapped())?
                }
            };
            Ok(Value::Function(Arc::new(function)))
        }
        Value::Lazy(lazy) => {
            let wraps = !matches!(
                lazy.kind(),
                LazyKind::Nat | LazyKind::Int | LazyKind::Strings | LazyKind::Seq(_)
            );
            let enumerated =
                to_set_enum(value).map_err(|error| StateValueError { error, wrapped: wraps })?;
            match enumerated {
                Some(set) => normalize(&Value::Set(set))
                    .map_err(|error| StateValueError { wrapped: error.wrapped || wraps, ..error }),
                None => Err(StateValueError { error: cannot_fingerprint(value), wrapped: wraps }),
            }
        }
        Value::Ext(ext) => match ext.class() {
            ExtClass::Set | ExtClass::Function => {
                let concrete = ext.to_concrete().map_err(StateValueError::plain)?;
                if matches!(concrete, Value::Ext(_)) {
                    return Err(StateValueError::plain(cannot_fingerprint(value)));
                }
                normalize(&concrete)
            }
            ExtClass::Other => Err(StateValueError::plain(cannot_fingerprint(value))),
        },
    }
}

/// TLC's `Value.fingerPrint` default: a state holds a value TLC cannot fingerprint (the message
/// `fingerprint.rs` gives too).
fn cannot_fingerprint(value: &Value) -> EvalError {
    EvalError::general(
        EvalErrorKind::Unsupported,
        format!("TLC has found a state in which the value of a variable contains {}", ppr(value)),
    )
}
