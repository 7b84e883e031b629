//! TLC's conversions between function representations and to enumerated sets.
//!
//! TLC compares a tuple with a record, or a record with a `FcnRcdValue`, by first converting the
//! right-hand side with `toTuple`, `toRcd`, `toFcnRcd` or `toSetEnum`, each of which answers
//! "not convertible" (Java `null`) rather than failing. The rules are subtle (an empty tuple is an
//! empty record, a function on `1..n` stored with an explicit domain is a tuple, `Nat` has no
//! enumerated form) and decide which comparisons are errors, so they live in one place.

use std::sync::Arc;

use crate::error::EvalResult;
use crate::ext::ExtClass;
use crate::value::{Function, FunctionDomain, Record, SetEnum, Value};

/// TLC's `toFcnRcd`: any function value as a `Function`, or `None`.
pub fn to_function(value: &Value) -> EvalResult<Option<Arc<Function>>> {
    Ok(match value {
        Value::Function(function) => Some(function.clone()),
        Value::Tuple(elems) => Some(Arc::new(Function::from_interval(1, elems.to_vec()))),
        Value::Record(record) => {
            let domain = record.names().iter().map(|name| Value::Str(*name)).collect();
            Some(Arc::new(Function::from_normalized_pairs(domain, record.values().to_vec())))
        }
        Value::Ext(ext) if ext.class() == ExtClass::Function => {
            return to_function(&ext.to_concrete()?)
        }
        _ => None,
    })
}

/// TLC's `toTuple` without taking a share of the elements: borrowed where the value holds them
/// in order (a tuple, a function on exactly `1..n`), so that reading them writes no reference
/// count another worker may be writing too; `None` when the value is not a tuple.
pub fn tuple_elements(value: &Value) -> EvalResult<Option<std::borrow::Cow<'_, [Value]>>> {
    use std::borrow::Cow;
    Ok(match value {
        Value::Tuple(elems) => Some(Cow::Borrowed(&elems[..])),
        Value::Function(function) => {
            let one_to_n = match function.domain() {
                FunctionDomain::Interval { low } => *low == 1,
                FunctionDomain::Values(domain) => domain
                    .iter()
                    .enumerate()
                    .all(|(i, d)| matches!(d, Value::Int(n) if *n == i as i64 + 1)),
            };
            one_to_n.then(|| Cow::Borrowed(function.values()))
        }
        Value::Record(record) if record.is_empty() => Some(Cow::Borrowed(&[])),
        Value::Ext(ext) if ext.class() == ExtClass::Function => {
            return Ok(to_tuple(&ext.to_concrete()?)?.map(|elems| Cow::Owned(elems.to_vec())))
        }
        _ => None,
    })
}

/// TLC's `toTuple`: a function on exactly `1..n` as its elements, or `None`.
pub fn to_tuple(value: &Value) -> EvalResult<Option<Arc<[Value]>>> {
    match value {
        // A tuple is shared, not copied.
        Value::Tuple(elems) => Ok(Some(elems.clone())),
        _ => Ok(tuple_elements(value)?.map(|elems| elems.into_owned().into())),
    }
}

/// TLC's `toRcd`: a function whose domain is all strings as a record, or `None`.
pub fn to_record(value: &Value) -> EvalResult<Option<Arc<Record>>> {
    Ok(match value {
        Value::Record(record) => Some(record.clone()),
        Value::Function(function) => match function.domain() {
            FunctionDomain::Interval { .. } => None,
            FunctionDomain::Values(domain) => {
                let mut names = Vec::with_capacity(domain.len());
                for element in domain.iter() {
                    match element {
                        Value::Str(name) => names.push(*name),
                        _ => return Ok(None),
                    }
                }
                Some(Arc::new(Record::from_normalized(
                    crate::value::shared_field_names(&names),
                    function.values().to_vec(),
                )))
            }
        },
        Value::Tuple(elems) if elems.is_empty() => {
            Some(Arc::new(Record::from_normalized(Arc::from([]), Vec::new())))
        }
        Value::Ext(ext) if ext.class() == ExtClass::Function => {
            return to_record(&ext.to_concrete()?)
        }
        _ => None,
    })
}

/// TLC's `toSetEnum`: any set TLC can enumerate, as a (normalised on demand) enumerated set;
/// `None` for non-sets and for sets without an enumerated form (`Nat`, `Int`, `STRING`, `Seq(S)`).
/// Enumerating can fail (e.g. `[Nat -> {1}]`) and is bounded by the maximum set size.
pub fn to_set_enum(value: &Value) -> EvalResult<Option<Arc<SetEnum>>> {
    Ok(match value {
        Value::Set(set) => Some(set.clone()),
        Value::Interval(interval) => {
            let size = interval.size()?;
            crate::lazy::check_set_size(size)?;
            let elems = (0..size).map(|i| Value::Int(i64::from(interval.low) + i as i64)).collect();
            Some(Arc::new(SetEnum::from_normalized(elems)))
        }
        Value::Lazy(lazy) => lazy.to_set_enum()?,
        Value::Ext(ext) if ext.class() == ExtClass::Set => match ext.to_concrete()? {
            Value::Ext(_) => None,
            concrete => return to_set_enum(&concrete),
        },
        _ => None,
    })
}
