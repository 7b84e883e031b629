//! The natively evaluated operators of the community module `Functions`: `IsInjective`,
//! `AntiFunction`, `FoldFunction` and `FoldFunctionOnSet` (also used by `FoldSeq`).
//!
//! TLC overrides them in Java because their TLA+ definitions quantify over pairs of the domain or
//! recurse over `SUBSET` of it. A fold applies the operator as `op(f[x], accumulator)` to the
//! domain elements in TLC's enumeration order, starting from `base`.

use tla_values::convert::to_function;
use tla_values::{equals, functions, ppr, sets, EvalError, EvalResult, Value};

use super::{fixed, NativeHost};

/// Dispatches one operator of `Functions`.
pub(super) fn call(
    name: &str,
    arguments: &[Value],
    host: &dyn NativeHost,
) -> Option<EvalResult<Value>> {
    Some(match name {
        "IsInjective" => fixed::<1>(name, arguments).and_then(|[f]| is_injective(f)),
        "AntiFunction" => fixed::<1>(name, arguments).and_then(|[f]| anti_function(f)),
        "FoldFunction" => {
            fixed::<3>(name, arguments).and_then(|[op, base, f]| fold_function(op, base, f, host))
        }
        "FoldFunctionOnSet" => fixed::<4>(name, arguments).and_then(|[op, base, f, indices]| {
            fold_function_on_set("FoldFunctionOnSet", op, base, f, indices, host)
        }),
        _ => return None,
    })
}

/// `IsInjective(f)`: no two domain elements map to equal values.
fn is_injective(f: &Value) -> EvalResult<Value> {
    let Some(function) = to_function(f)? else {
        return Err(EvalError::one_argument("IsInjective", "function", &ppr(f)));
    };
    let values = function.values();
    for (i, value) in values.iter().enumerate() {
        for other in &values[i + 1..] {
            if equals(value, other)? {
                return Ok(Value::Bool(false));
            }
        }
    }
    Ok(Value::Bool(true))
}

/// `AntiFunction(f)`: the inverse of an injective function, `[y \in Range(f) |-> x]`.
fn anti_function(f: &Value) -> EvalResult<Value> {
    let Some(function) = to_function(f)? else {
        return Err(EvalError::one_argument("AntiFunction", "functions", &ppr(f)));
    };
    Value::function(function.values().to_vec(), function.domain_elements())
}

/// `FoldFunction(op, base, f)`: the fold over the whole domain of `f` (TLC's `foldFunction`,
/// which `FoldSeq` also uses).
pub(super) fn fold_function(
    op: &Value,
    base: &Value,
    f: &Value,
    host: &dyn NativeHost,
) -> EvalResult<Value> {
    if !f.is_function() {
        return Err(EvalError::argument("third", "FoldFunction", "function", &ppr(f)));
    }
    let domain = functions::domain(f)?;
    fold_function_on_set("FoldFunction", op, base, f, &domain, host)
}

/// `FoldFunctionOnSet(op, base, f, indices)`: the fold over `f[i]` for `i \in indices`.
fn fold_function_on_set(
    name: &str,
    op: &Value,
    base: &Value,
    f: &Value,
    indices: &Value,
    host: &dyn NativeHost,
) -> EvalResult<Value> {
    if !f.is_function() {
        return Err(EvalError::argument("third", name, "function", &ppr(f)));
    }
    if !sets::is_enumerable(indices) {
        return Err(EvalError::argument("fourth", name, "set", &ppr(indices)));
    }
    let mut accumulator = base.clone();
    for index in sets::elements(indices)? {
        let value = functions::apply(f, &index)?;
        accumulator = host.call_operator(op, &[value, accumulator])?;
    }
    Ok(accumulator)
}
