//! Function application, `EXCEPT`, `DOMAIN`, `:>` and `@@` over tuples, records and functions.
//!
//! The semantics are those of one function domain, but the error texts are those of the TLC class
//! holding the value (`TupleValue.apply` talks about indices, `RecordValue.apply` about fields,
//! `FcnRcdValue.apply` about the domain), so each representation keeps its own branch here.

use std::borrow::Cow;
use std::sync::Arc;

use crate::convert::to_function;
use crate::error::{EvalError, EvalErrorKind, EvalResult};
use crate::ext::ExtClass;
use crate::order::{compare, equals};
use crate::print::ppr;
use crate::value::{Function, FunctionDomain, SetEnum, Value};

/// TLC's `FcnRcdValue` switches from a linear scan to binary search at this domain size.
const LINEAR_SEARCH_THRESHOLD: usize = 32;

/// TLC's error for applying record `record` to the name of a field it lacks
/// (`RecordValue.apply`: `r["f"]`, and natives that read a field).
pub fn nonexistent_field(name: &crate::Atom, record: &Value) -> EvalError {
    EvalError::general(
        EvalErrorKind::NotInDomain,
        format!("Attempted to access nonexistent field '{name}' of record\n{}", ppr(record)),
    )
}

/// TLC's error for applying the lazy function of a constructor (`FcnLambdaValue.apply`), printed
/// as `function_text`, to `arg` outside its one bound's domain.
pub fn not_in_lambda_domain(function_text: &str, arg: &Value) -> EvalError {
    EvalError::general(
        EvalErrorKind::NotInDomain,
        format!(
            "In applying the function\n{function_text},\nthe first argument is:\n{}\nwhich is not in its domain.\n",
            ppr(arg)
        ),
    )
}

/// `f[arg]`, with TLC's message when `arg` is outside the domain.
pub fn apply(function: &Value, arg: &Value) -> EvalResult<Value> {
    apply_borrowed(function, arg).map(Cow::into_owned)
}

/// [`apply`], borrowing the result from `function` where it is stored there (every value but
/// the lazy ones), so the caller copies only what it keeps.
pub fn apply_borrowed<'a>(function: &'a Value, arg: &Value) -> EvalResult<Cow<'a, Value>> {
    match function {
        Value::Tuple(elems) => {
            let Value::Int(index) = arg else {
                return Err(EvalError::general(
                    EvalErrorKind::WrongKind,
                    format!("Attempted to access tuple at a non integral index: {}", ppr(arg)),
                ));
            };
            if *index <= 0 || *index > elems.len() as i64 {
                return Err(EvalError::general(
                    EvalErrorKind::NotInDomain,
                    format!(
                        "Attempted to access index {index} of tuple\n{}\nwhich is out of bounds.",
                        ppr(function)
                    ),
                ));
            }
            Ok(Cow::Borrowed(&elems[*index as usize - 1]))
        }
        Value::Record(record) => {
            let Value::Str(name) = arg else {
                return Err(EvalError::general(
                    EvalErrorKind::WrongKind,
                    format!("Attempted to access record by a non-string argument: {}", ppr(arg)),
                ));
            };
            match record.field(name) {
                Some(value) => Ok(Cow::Borrowed(value)),
                None => Err(nonexistent_field(name, function)),
            }
        }
        Value::Function(fcn) => match select_function(fcn, arg)? {
            Some(value) => Ok(Cow::Borrowed(value)),
            None => Err(EvalError::general(
                EvalErrorKind::NotInDomain,
                format!(
                    "Attempted to apply function:\n{}\nto argument {}, which is not in the domain of the function.",
                    ppr(function),
                    ppr(arg)
                ),
            )),
        },
        Value::Ext(ext) if ext.class() == ExtClass::Function => ext.apply(arg).map(Cow::Owned),
        _ => Err(EvalError::general(
            EvalErrorKind::WrongKind,
            format!("A non-function ({}) was applied as a function.\n{}", function.kind_name(), ppr(function)),
        )),
    }
}

/// TLC's `select`: `f[arg]` or `None` outside the domain (errors only on a wrong argument kind).
pub fn select(function: &Value, arg: &Value) -> EvalResult<Option<Value>> {
    Ok(select_borrowed(function, arg)?.map(Cow::into_owned))
}

/// [`select`], borrowing the value where it is stored.
fn select_borrowed<'a>(function: &'a Value, arg: &Value) -> EvalResult<Option<Cow<'a, Value>>> {
    match function {
        Value::Tuple(elems) => match arg {
            Value::Int(index) if *index > 0 && *index <= elems.len() as i64 => {
                Ok(Some(Cow::Borrowed(&elems[*index as usize - 1])))
            }
            Value::Int(_) => Ok(None),
            _ => Err(EvalError::general(
                EvalErrorKind::WrongKind,
                format!("Attempted to access tuple at a non integral index: {}", ppr(arg)),
            )),
        },
        Value::Record(record) => match arg {
            Value::Str(name) => Ok(record.field(name).map(Cow::Borrowed)),
            _ => Err(EvalError::general(
                EvalErrorKind::WrongKind,
                format!("Attempted to access record by a non-string argument: {}", ppr(arg)),
            )),
        },
        Value::Function(fcn) => Ok(select_function(fcn, arg)?.map(Cow::Borrowed)),
        Value::Ext(ext) if ext.class() == ExtClass::Function => {
            Ok(select(&ext.to_concrete()?, arg)?.map(Cow::Owned))
        }
        _ => Err(EvalError::general(
            EvalErrorKind::WrongKind,
            format!("Attempted to select from the non-function value {}.", ppr(function)),
        )),
    }
}

/// TLC's `Value.select(path)`: `f[a][b]...`, or `None` when some step leaves the domain.
pub fn select_path(value: &Value, path: &[Value]) -> EvalResult<Option<Value>> {
    Ok(select_path_borrowed(value, path)?.map(Cow::into_owned))
}

/// [`select_path`], borrowing the value where it is stored (copied only where a step goes
/// through a value computed on the way).
pub fn select_path_borrowed<'a>(
    value: &'a Value,
    path: &[Value],
) -> EvalResult<Option<Cow<'a, Value>>> {
    let mut current = Cow::Borrowed(value);
    for arg in path {
        if !current.is_function() {
            return Err(EvalError::general(
                EvalErrorKind::WrongKind,
                format!("Attempted to apply EXCEPT construct to the value {}.", ppr(&current)),
            ));
        }
        let next = match &current {
            Cow::Borrowed(borrowed) => select_borrowed(borrowed, arg)?,
            Cow::Owned(owned) => {
                select_borrowed(owned, arg)?.map(|next| Cow::Owned(next.into_owned()))
            }
        };
        match next {
            Some(next) => current = next,
            None => return Ok(None),
        }
    }
    Ok(Some(current))
}

fn select_function<'a>(function: &'a Function, arg: &Value) -> EvalResult<Option<&'a Value>> {
    match function.domain() {
        FunctionDomain::Interval { low } => {
            let Value::Int(n) = arg else {
                return Err(EvalError::general(
                    EvalErrorKind::WrongKind,
                    format!("Attempted to apply function with integer domain to the non-integer argument {}", ppr(arg)),
                ));
            };
            let offset = n - i64::from(*low);
            if offset >= 0 && offset < function.len() as i64 {
                return Ok(Some(&function.values()[offset as usize]));
            }
            Ok(None)
        }
        FunctionDomain::Values(domain) => {
            if domain.len() >= LINEAR_SEARCH_THRESHOLD {
                // Java's Arrays.binarySearch calls `domain[mid].compareTo(arg)`.
                let (mut low, mut high) = (0usize, domain.len());
                while low < high {
                    let mid = (low + high) / 2;
                    match compare(&domain[mid], arg)? {
                        std::cmp::Ordering::Less => low = mid + 1,
                        std::cmp::Ordering::Greater => high = mid,
                        std::cmp::Ordering::Equal => {
                            return Ok(if equals(&domain[mid], arg)? {
                                Some(&function.values()[mid])
                            } else {
                                None
                            })
                        }
                    }
                }
                return Ok(None);
            }
            for (i, element) in domain.iter().enumerate() {
                if equals(element, arg)? {
                    return Ok(Some(&function.values()[i]));
                }
            }
            Ok(None)
        }
    }
}

/// `[value EXCEPT ![path] = new_value]` for one path (TLC's `takeExcept`). Outside the domain the
/// value is unchanged. Where TLC only prints a warning (a non-integer tuple index, a non-string
/// record field) the whole value is replaced by `new_value`, as TLC does.
pub fn except(value: &Value, path: &[Value], new_value: Value) -> EvalResult<Value> {
    let Some((arg, rest)) = path.split_first() else {
        return Ok(new_value);
    };
    let not_a_function = |what: &str| {
        Err(EvalError::general(
            EvalErrorKind::WrongKind,
            format!("Attempted to apply EXCEPT construct to the {what} {}.", ppr(value)),
        ))
    };
    match value {
        Value::Tuple(elems) => {
            let Value::Int(index) = arg else { return Ok(new_value) };
            let mut new_elems = elems.to_vec();
            if *index >= 1 && *index <= elems.len() as i64 {
                let slot = *index as usize - 1;
                new_elems[slot] = except(&elems[slot], rest, new_value)?;
            }
            Ok(Value::tuple(new_elems))
        }
        Value::Record(record) => {
            let Value::Str(name) = arg else { return Ok(new_value) };
            let mut values = record.values().to_vec();
            if let Some(slot) = record.names().iter().position(|n| n == name) {
                values[slot] = except(&record.values()[slot], rest, new_value)?;
            }
            Ok(Value::Record(Arc::new(record.with_values(values))))
        }
        Value::Function(function) => {
            let slot = match function.domain() {
                FunctionDomain::Interval { low } => match arg {
                    Value::Int(n) => {
                        let offset = n - i64::from(*low);
                        (offset >= 0 && offset < function.len() as i64).then_some(offset as usize)
                    }
                    _ => return Ok(value.clone()),
                },
                FunctionDomain::Values(domain) => {
                    let mut found = None;
                    for (i, element) in domain.iter().enumerate() {
                        if equals(arg, element)? {
                            found = Some(i);
                            break;
                        }
                    }
                    match found {
                        Some(i) => Some(i),
                        None => return Ok(value.clone()),
                    }
                }
            };
            let mut values = function.values().to_vec();
            if let Some(slot) = slot {
                values[slot] = except(&function.values()[slot], rest, new_value)?;
            }
            Ok(Value::Function(Arc::new(function.with_values(values))))
        }
        Value::Ext(ext) if ext.class() == ExtClass::Function => {
            except(&ext.to_concrete()?, path, new_value)
        }
        Value::Int(_) => Err(EvalError::general(
            EvalErrorKind::WrongKind,
            format!("Attempted to appy EXCEPT construct to the integer {}.", ppr(value)),
        )),
        Value::Bool(_) => not_a_function("boolean"),
        Value::Str(_) => not_a_function("string"),
        Value::ModelValue(_) => not_a_function("model value"),
        Value::Interval(_) => not_a_function("interval value"),
        Value::Set(_) => Err(EvalError::general(
            EvalErrorKind::WrongKind,
            format!("Attempted to apply EXCEPT to the set {}.", ppr(value)),
        )),
        _ => Err(EvalError::general(
            EvalErrorKind::WrongKind,
            format!("Attempted to apply EXCEPT construct to the value {}.", ppr(value)),
        )),
    }
}

/// `DOMAIN f`.
pub fn domain(function: &Value) -> EvalResult<Value> {
    match function {
        Value::Tuple(elems) => Ok(Value::interval(1, elems.len() as i32)),
        Value::Record(record) => {
            let names = record.names().iter().map(|name| Value::Str(*name)).collect();
            Ok(Value::Set(Arc::new(SetEnum::from_normalized(names))))
        }
        Value::Function(fcn) => match fcn.interval() {
            Some(interval) => Ok(Value::Interval(interval)),
            None => Ok(Value::Set(Arc::new(SetEnum::from_normalized(fcn.domain_elements())))),
        },
        Value::Ext(ext) if ext.class() == ExtClass::Function => domain(&ext.to_concrete()?),
        _ => Err(EvalError::general(
            EvalErrorKind::WrongKind,
            format!(
                "Attempted to apply the operator DOMAIN to a non-function\n({})\n{}",
                function.kind_name(),
                ppr(function)
            ),
        )),
    }
}

/// `d :> e` (TLC's `MakeFcn`).
pub fn make_function(arg: &Value, value: &Value) -> Value {
    Value::Function(Arc::new(Function::from_normalized_pairs(
        vec![arg.clone()],
        vec![value.clone()],
    )))
}

/// `f @@ g` (TLC's `CombineFcn`): `f`'s pairs, then `g`'s pairs whose argument is not in `f`'s
/// domain.
pub fn combine_functions(f: &Value, g: &Value) -> EvalResult<Value> {
    let Some(first) = to_function(f)? else {
        return Err(EvalError::argument("first", "@@", "function", &ppr(f)));
    };
    let Some(second) = to_function(g)? else {
        return Err(EvalError::argument("second", "@@", "function", &ppr(g)));
    };
    let mut domain = first.domain_elements();
    let mut values = first.values().to_vec();
    let first_len = domain.len();
    for (element, value) in second.domain_elements().into_iter().zip(second.values()) {
        let mut found = false;
        for existing in &domain[..first_len] {
            if equals(&element, existing)? {
                found = true;
                break;
            }
        }
        if !found {
            domain.push(element);
            values.push(value.clone());
        }
    }
    Ok(Value::Function(Arc::new(Function::from_pairs(domain, values)?)))
}

/// `r.field` where TLC's evaluator has already checked the value: the field of a record, or
/// application of a function to the field name.
pub fn record_field(value: &Value, field: &Value) -> EvalResult<Option<Value>> {
    Ok(record_field_borrowed(value, field)?.map(Cow::into_owned))
}

/// [`record_field`], borrowing the field's value where `value` stores it.
pub fn record_field_borrowed<'a>(
    value: &'a Value,
    field: &Value,
) -> EvalResult<Option<Cow<'a, Value>>> {
    match value {
        Value::Record(record) => match field {
            Value::Str(name) => Ok(record.field(name).map(Cow::Borrowed)),
            _ => Ok(None),
        },
        _ => match to_function(value)? {
            Some(_) => apply_borrowed(value, field).map(Some),
            None => Ok(None),
        },
    }
}
