//! The `Sequences` operators and `ToString`, as TLC implements them natively.
//!
//! Sequences are any function on `1..n` (TLC converts with `toTuple`); `Len`, `Tail`, `SubSeq`
//! and `\o` also accept strings, counting UTF-16 code units as Java does. Results are tuples.
//! Operators taking a predicate (`SelectSeq`) take a callback so the evaluator can supply it.

use crate::atom::Interner;
use crate::convert::to_tuple;
use crate::error::{ec, EvalError, EvalErrorKind, EvalResult};
use crate::print::{ppr, to_tlc_string};
use crate::value::Value;

fn empty_sequence(op: &str) -> EvalError {
    EvalError::coded(
        EvalErrorKind::EmptySequence,
        ec::TLC_MODULE_APPLY_EMPTY_SEQ,
        format!("Attempted to apply {op} to the empty sequence."),
    )
}

fn utf16(text: &str) -> Vec<u16> {
    text.encode_utf16().collect()
}

fn from_utf16(units: &[u16]) -> String {
    String::from_utf16_lossy(units)
}

/// `Len(s)`.
pub fn len(s: &Value) -> EvalResult<Value> {
    if let Value::Str(text) = s {
        return Ok(Value::Int(text.utf16_len() as i64));
    }
    match to_tuple(s)? {
        Some(elems) => Ok(Value::Int(elems.len() as i64)),
        None => Err(EvalError::one_argument("Len", "sequence", &ppr(s))),
    }
}

/// `Head(s)`.
pub fn head(s: &Value) -> EvalResult<Value> {
    match to_tuple(s)? {
        Some(elems) => elems.first().cloned().ok_or_else(|| empty_sequence("Head")),
        None => Err(EvalError::one_argument("Head", "sequence", &ppr(s))),
    }
}

/// `Tail(s)`; on a string, the string without its first character.
pub fn tail(s: &Value, interner: &Interner) -> EvalResult<Value> {
    if let Value::Str(text) = s {
        let units = utf16(text.text());
        if units.is_empty() {
            return Err(empty_sequence("Tail"));
        }
        return Ok(Value::Str(interner.intern(&from_utf16(&units[1..]))));
    }
    match to_tuple(s)? {
        Some(elems) if elems.is_empty() => Err(empty_sequence("Tail")),
        Some(elems) => Ok(Value::tuple(elems[1..].to_vec())),
        None => Err(EvalError::one_argument("Tail", "sequence", &ppr(s))),
    }
}

/// `Append(s, e)`.
pub fn append(s: &Value, e: &Value) -> EvalResult<Value> {
    match to_tuple(s)? {
        Some(elems) => {
            let mut values = elems.to_vec();
            values.push(e.clone());
            Ok(Value::tuple(values))
        }
        None => Err(EvalError::evaluating("Append(s, v)", "sequence", &ppr(s))),
    }
}

/// `s \o t`; on strings, concatenation (the result is interned).
pub fn concat(s: &Value, t: &Value, interner: &Interner) -> EvalResult<Value> {
    if let Value::Str(left) = s {
        let Value::Str(right) = t else {
            return Err(EvalError::evaluating("t \\o s", "string", &ppr(t)));
        };
        return Ok(Value::Str(interner.intern(&format!("{}{}", left.text(), right.text()))));
    }
    let Some(left) = to_tuple(s)? else {
        return Err(EvalError::evaluating("s \\o t", "sequence", &ppr(s)));
    };
    let Some(right) = to_tuple(t)? else {
        return Err(EvalError::evaluating("t \\o s", "sequence", &ppr(t)));
    };
    if left.is_empty() {
        return Ok(Value::Tuple(right));
    }
    if right.is_empty() {
        return Ok(Value::Tuple(left));
    }
    let mut values = left.to_vec();
    values.extend(right.iter().cloned());
    Ok(Value::tuple(values))
}

/// `SubSeq(s, m, n)`.
pub fn subseq(s: &Value, m: &Value, n: &Value, interner: &Interner) -> EvalResult<Value> {
    let elems = match s {
        Value::Str(_) => None,
        _ => match to_tuple(s)? {
            Some(elems) => Some(elems),
            None => return Err(EvalError::argument("first", "SubSeq", "sequence", &ppr(s))),
        },
    };
    let Value::Int(begin) = m else {
        return Err(EvalError::argument("second", "SubSeq", "natural number", &ppr(m)));
    };
    let Value::Int(end) = n else {
        return Err(EvalError::argument("third", "SubSeq", "natural number", &ppr(n)));
    };
    let (begin, end) = (*begin, *end);
    if begin > end {
        return Ok(match elems {
            None => Value::Str(interner.intern("")),
            Some(_) => Value::tuple(Vec::new()),
        });
    }
    let units = match s {
        Value::Str(text) => utf16(text.text()),
        _ => Vec::new(),
    };
    let len = match &elems {
        Some(elems) => elems.len() as i64,
        None => units.len() as i64,
    };
    let not_in_domain = |ordinal: &str, arg: &Value| {
        EvalError::coded(
            EvalErrorKind::NotInDomain,
            ec::TLC_MODULE_ARGUMENT_NOT_IN_DOMAIN,
            format!(
                "The {ordinal} argument of SubSeq must be in the domain of its first argument:\n{}\n, but instead it is\n{}",
                ppr(s),
                ppr(arg)
            ),
        )
    };
    if begin < 1 || begin > len {
        return Err(not_in_domain("second", m));
    }
    if end < 1 || end > len {
        return Err(not_in_domain("third", n));
    }
    let range = (begin - 1) as usize..end as usize;
    Ok(match elems {
        Some(elems) => Value::tuple(elems[range].to_vec()),
        None => Value::Str(interner.intern(&from_utf16(&units[range]))),
    })
}

/// `SelectSeq(s, Test)`: `test` evaluates the operator on one element; `test_text` is how TLC
/// prints the operator in its error message.
pub fn select_seq(
    s: &Value,
    test_text: &str,
    mut test: impl FnMut(&Value) -> EvalResult<Value>,
) -> EvalResult<Value> {
    let Some(elems) = to_tuple(s)? else {
        return Err(EvalError::argument("first", "SelectSeq", "sequence", &ppr(s)));
    };
    let mut selected = Vec::new();
    for elem in elems.iter() {
        match test(elem)? {
            Value::Bool(true) => selected.push(elem.clone()),
            Value::Bool(false) => {}
            _ => {
                return Err(EvalError::argument(
                    "second",
                    "SelectSeq",
                    "boolean-valued operator",
                    test_text,
                ))
            }
        }
    }
    Ok(Value::tuple(selected))
}

/// `ToString(v)` (TLC module): the value printed on one line, as a string.
pub fn to_string_value(v: &Value, interner: &Interner) -> Value {
    Value::Str(interner.intern(&to_tlc_string(v)))
}
