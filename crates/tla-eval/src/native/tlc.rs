//! The operators of TLC's modules `TLC` and `TLCExt` that work on evaluated arguments: printing,
//! assertions, TLC's registers, `:>`/`@@`, `Permutations`, `SortSeq`, `RandomElement`, `Any`,
//! `ToString`, `TLCEval`, `TLCModelValue`, `TLCFP`, ...
//!
//! Printing goes through the host (`Print` writes `out` and `val` pretty-printed and separated by
//! two spaces, `PrintT` writes `out`; both deep-normalise first, so printing an ill-formed set
//! fails as in TLC). A failed `Assert` is an [`EvalErrorKind::AssertionFailed`] with TLC's code
//! 2132 and message, so the checker can report it with TLC's exit code. Operators that need
//! unevaluated arguments or the checker's state (`AssertError`, `TLCDefer`, `Trace`,
//! `CounterExample`, `PickSuccessor`, `TLCEvalDefinition`) are not natives: `call` answers `None`.

use std::sync::Arc;

use tla_values::convert::{to_set_enum, to_tuple};
use tla_values::ext::{ExtClass, ExtValue};
use tla_values::pretty::pretty_print;
use tla_values::{
    fingerprint, functions, ppr, sets, try_to_tlc_string, EvalError, EvalErrorKind, EvalResult,
    Function, LazyKind, Record, Value, PPR_WIDTH,
};

use super::sequences::permutations_of;
use super::{applying_to_wrong_value, fixed, string, NativeHost};

/// TLC's message code for a failed `Assert` (`EC.TLC_VALUE_ASSERT_FAILED`).
pub const ASSERT_FAILED_CODE: u16 = 2132;

/// TLC's message code for `TLCGet` of an unset register (`EC.TLC_MODULE_TLCGET_UNDEFINED`).
pub const TLCGET_UNDEFINED_CODE: u16 = 2145;

/// Dispatches one operator of `TLC` or `TLCExt`.
pub(super) fn call(
    module: &str,
    name: &str,
    arguments: &[Value],
    host: &dyn NativeHost,
) -> Option<EvalResult<Value>> {
    Some(match (module, name) {
        ("TLC", "Print") => fixed::<2>(name, arguments).and_then(|[out, val]| {
            let line = format!("{}  {}", printed(out)?, printed(val)?);
            host.print(&line);
            Ok(val.clone())
        }),
        ("TLC", "PrintT") => fixed::<1>(name, arguments).and_then(|[out]| {
            host.print(&printed(out)?);
            Ok(Value::Bool(true))
        }),
        ("TLC", "Assert") => fixed::<2>(name, arguments).and_then(|[val, out]| assert(val, out)),
        ("TLC", "JavaTime") => fixed::<0>(name, arguments).map(|_| java_time()),
        ("TLC", "TLCGet") => fixed::<1>(name, arguments).and_then(|[key]| tlc_get(key, host)),
        ("TLC", "TLCSet") => {
            fixed::<2>(name, arguments).and_then(|[key, value]| tlc_set(key, value, host))
        }
        ("TLC", ":>") => fixed::<2>(name, arguments).map(|[d, e]| functions::make_function(d, e)),
        ("TLC", "@@") => {
            fixed::<2>(name, arguments).and_then(|[f, g]| functions::combine_functions(f, g))
        }
        ("TLC", "Permutations") => fixed::<1>(name, arguments).and_then(|[s]| permutations(s)),
        ("TLC", "SortSeq") => fixed::<2>(name, arguments).and_then(|[s, op]| sort_seq(s, op, host)),
        ("TLC", "RandomElement") => {
            fixed::<1>(name, arguments).and_then(|[s]| random_element(s, host))
        }
        ("TLC", "Any") => fixed::<0>(name, arguments).map(|_| Value::Ext(Arc::new(AnySet))),
        ("TLC", "ToString") => {
            fixed::<1>(name, arguments).and_then(|[v]| Ok(string(host, &try_to_tlc_string(v)?)))
        }
        ("TLC", "TLCEval") => fixed::<1>(name, arguments).and_then(|[v]| tlc_eval(v)),
        ("TLCExt", "TLCGetOrDefault") => fixed::<2>(name, arguments)
            .and_then(|[key, default]| tlc_get_or_default(key, default, host)),
        ("TLCExt", "TLCNoOp") => fixed::<1>(name, arguments).map(|[v]| v.clone()),
        // TLC caches the expression's value under the closure's; the value is the expression's.
        ("TLCExt", "TLCCache") => fixed::<2>(name, arguments).map(|[v, _]| v.clone()),
        ("TLCExt", "TLCModelValue") => fixed::<1>(name, arguments).and_then(|[v]| match v {
            Value::Str(text) => Ok(Value::ModelValue(host.interner().intern(text.text()))),
            _ => Err(EvalError::one_argument("ModelValue", "string", &ppr(v))),
        }),
        ("TLCExt", "TLCFP") => fixed::<1>(name, arguments)
            .and_then(|[v]| fingerprint::fingerprint(v).map(|fp| Value::Int(i64::from(fp as i32)))),
        // Only a CounterExample value (which the checker alone builds) is accepted.
        ("TLCExt", "ToTrace") => fixed::<1>(name, arguments)
            .and_then(|[v]| Err(EvalError::one_argument("ToTrace", "CounterExample", &ppr(v)))),
        _ => return None,
    })
}

/// A value as `Print`/`PrintT` write it: deep-normalised, then pretty-printed to 80 columns.
fn printed(value: &Value) -> EvalResult<String> {
    Ok(pretty_print(&try_to_tlc_string(value)?, PPR_WIDTH))
}

/// `Assert(val, out)`: `TRUE`, or an assertion failure reporting `out`.
fn assert(val: &Value, out: &Value) -> EvalResult<Value> {
    if let Value::Bool(true) = val {
        return Ok(Value::Bool(true));
    }
    Err(EvalError::coded(
        EvalErrorKind::AssertionFailed,
        ASSERT_FAILED_CODE,
        format!(
            "The first argument of Assert evaluated to FALSE; the second argument was:\n{}",
            ppr(out)
        ),
    ))
}

/// `JavaTime`: seconds since the epoch, masked to a non-negative `int` as TLC does.
fn java_time() -> Value {
    let seconds = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|elapsed| elapsed.as_secs())
        .unwrap_or(0);
    Value::Int(((seconds as i64) & 0x7FFF_FFFF) as i32 as i64)
}

/// `TLCGet(key)`: the key must be a natural number (a register) or a string (a statistic or a
/// named register); the host answers.
fn tlc_get(key: &Value, host: &dyn NativeHost) -> EvalResult<Value> {
    match key {
        Value::Int(n) if *n >= 0 => host.tlc_get(key),
        Value::Str(_) => host.tlc_get(key),
        _ => Err(EvalError::one_argument("TLCGet", "nonnegative integer", &ppr(key))),
    }
}

/// `TLCSet(key, value)`.
fn tlc_set(key: &Value, value: &Value, host: &dyn NativeHost) -> EvalResult<Value> {
    match key {
        Value::Int(n) if *n >= 0 => host.tlc_set(key, value.clone())?,
        Value::Str(_) => host.tlc_set(key, value.clone())?,
        _ => return Err(EvalError::argument("first", "TLCSet", "nonnegative integer", &ppr(key))),
    }
    Ok(Value::Bool(true))
}

/// `TLCGetOrDefault(key, default)`: `TLCGet(key)`, or `default` where the register is unset.
/// The host reports an unset register as [`tlc_get_undefined`] does (code
/// [`TLCGET_UNDEFINED_CODE`]) or at least with kind `NotInDomain`.
fn tlc_get_or_default(key: &Value, default: &Value, host: &dyn NativeHost) -> EvalResult<Value> {
    match host.tlc_get(key) {
        Err(error)
            if error.tlc_code == TLCGET_UNDEFINED_CODE
                || error.kind == EvalErrorKind::NotInDomain =>
        {
            Ok(default.clone())
        }
        other => other,
    }
}

/// "TLCGet({key}) was undefined." (`EC.TLC_MODULE_TLCGET_UNDEFINED`), for hosts to report an
/// unset register; `key` is an index or a register name, printed without quotes.
pub fn tlc_get_undefined(key: &Value) -> EvalError {
    let key = match key {
        Value::Str(name) => name.text().to_string(),
        other => ppr(other),
    };
    EvalError::coded(
        EvalErrorKind::NotInDomain,
        TLCGET_UNDEFINED_CODE,
        format!("TLCGet({key}) was undefined."),
    )
}

/// `Permutations(S)`: the bijections of `S` onto itself.
fn permutations(s: &Value) -> EvalResult<Value> {
    let Some(set) = to_set_enum(s)? else {
        return Err(applying_to_wrong_value("Permutations", "a finite set", &ppr(s)));
    };
    let domain = set.normalized()?.to_vec();
    if domain.is_empty() {
        return Ok(Value::set_from_unnormalized(vec![Value::tuple(Vec::new())]));
    }
    let functions = permutations_of(&domain)?
        .into_iter()
        .map(|values| {
            Value::Function(Arc::new(Function::from_normalized_pairs(domain.clone(), values)))
        })
        .collect();
    Ok(Value::set_from_unnormalized(functions))
}

/// `SortSeq(s, Op)`: TLC's insertion sort, which moves an element before its predecessor while
/// `Op(element, predecessor)` holds (stable for a strict order).
fn sort_seq(s: &Value, op: &Value, host: &dyn NativeHost) -> EvalResult<Value> {
    let Some(elements) = to_tuple(s)? else {
        return Err(EvalError::argument("first", "SortSeq", "natural number", &ppr(s)));
    };
    let precedes = |a: &Value, b: &Value| match host.call_operator(op, &[a.clone(), b.clone()])? {
        Value::Bool(holds) => Ok(holds),
        other => Err(EvalError::argument("second", "SortSeq", "operator", &ppr(&other))),
    };
    let mut sorted: Vec<Value> = Vec::with_capacity(elements.len());
    for elem in elements.iter() {
        let mut position = sorted.len();
        while position > 0 && precedes(elem, &sorted[position - 1])? {
            position -= 1;
        }
        sorted.insert(position, elem.clone());
    }
    Ok(Value::tuple(sorted))
}

/// `RandomElement(S)`: an element of `S` chosen with the host's generator. Sets of functions,
/// records and tuples are sampled component-wise, as TLC does, without enumerating them.
fn random_element(s: &Value, host: &dyn NativeHost) -> EvalResult<Value> {
    let wrong = || applying_to_wrong_value("RandomElement", "a finite set", &ppr(s));
    if let Value::Lazy(lazy) = s {
        match lazy.kind() {
            LazyKind::FunctionSet { domain, range } => {
                let Some(domain) = to_set_enum(domain)? else { return Err(wrong()) };
                let domain = domain.normalized()?.to_vec();
                let mut values = Vec::with_capacity(domain.len());
                for _ in 0..domain.len() {
                    values.push(random_element(range, host)?);
                }
                return Ok(Value::Function(Arc::new(Function::from_normalized_pairs(
                    domain, values,
                ))));
            }
            LazyKind::RecordSet { names, sets } => {
                let mut values = Vec::with_capacity(sets.len());
                for set in sets {
                    values.push(random_element(set, host)?);
                }
                let names = tla_values::shared_field_names(names);
                return Ok(Value::Record(Arc::new(Record::from_normalized(names, values))));
            }
            LazyKind::Product(sets) => {
                let mut values = Vec::with_capacity(sets.len());
                for set in sets {
                    values.push(random_element(set, host)?);
                }
                return Ok(Value::tuple(values));
            }
            _ => {}
        }
    }
    if let Value::Interval(interval) = s {
        let size = interval.size()?;
        if size == 0 {
            return Err(empty_random_element(s));
        }
        let offset = host.random_below(size as u64) as i64;
        return Ok(Value::Int(i64::from(interval.low) + offset));
    }
    let Some(set) = to_set_enum(s)? else { return Err(wrong()) };
    let elements = set.normalized()?;
    if elements.is_empty() {
        return Err(empty_random_element(s));
    }
    let index = host.random_below(elements.len() as u64) as usize;
    Ok(elements[index.min(elements.len() - 1)].clone())
}

/// TLC fails with a Java exception on an empty set (verified: the evaluator's wrapping then names
/// `TLC.RandomElement`).
fn empty_random_element(_s: &Value) -> EvalError {
    EvalError::general(EvalErrorKind::NotInDomain, "Index 0 out of bounds for length 0")
}

/// `TLCEval(v)`: `v`, converted to an enumerated set or an explicit function where TLC can.
fn tlc_eval(v: &Value) -> EvalResult<Value> {
    if sets::is_enumerable(v) {
        if let Some(set) = to_set_enum(v)? {
            return Ok(Value::Set(set));
        }
    }
    if v.is_function() && matches!(v, Value::Ext(_)) {
        if let Some(function) = tla_values::convert::to_function(v)? {
            return Ok(Value::Function(function));
        }
    }
    Ok(v.clone())
}

/// `Any`: TLC's set `ANY`, to which every value belongs. It cannot be enumerated or compared, and
/// prints as `ANY`.
struct AnySet;

impl ExtValue for AnySet {
    fn kind_name(&self) -> &'static str {
        "a set"
    }

    /// Not `ExtClass::Set`: `Set` would make printing and comparison ask for a concrete form,
    /// which `ANY` has none of.
    fn class(&self) -> ExtClass {
        ExtClass::Other
    }

    fn tlc_class_name(&self) -> &'static str {
        "UserValue"
    }

    fn is_enumerable(&self) -> bool {
        false
    }

    fn member(&self, _elem: &Value) -> EvalResult<bool> {
        Ok(true)
    }

    fn lazy_text(&self) -> String {
        "ANY".to_string()
    }
}
