//! `Naturals`, `Integers` and `Reals`: TLC's 32-bit integer operators (implemented in
//! `tla_values::arith`) and the few real-number names TLC accepts but cannot evaluate.
//!
//! TLC has no real numbers. In TLC, `Real` evaluates to the string `"Reals"` (verified:
//! `PrintT(Real)` prints `"Reals"`), and `/` and `Infinity` are `CHOOSE`s it cannot evaluate; we
//! answer the same value and messages so a spec that touches reals behaves as under TLC.

use tla_values::{arith, sets, EvalError, EvalErrorKind, EvalResult, Value};

use super::{fixed, string, NativeHost};

/// Dispatches one operator of the integer modules; `None` for names that are not natives here.
pub(super) fn call(
    name: &str,
    arguments: &[Value],
    host: &dyn NativeHost,
) -> Option<EvalResult<Value>> {
    let binary = |operation: fn(&Value, &Value) -> EvalResult<Value>| {
        fixed::<2>(name, arguments).and_then(|[a, b]| operation(a, b))
    };
    let comparison = |operation: fn(&Value, &Value) -> EvalResult<bool>| {
        fixed::<2>(name, arguments).and_then(|[a, b]| operation(a, b).map(Value::Bool))
    };
    Some(match name {
        "Nat" => fixed::<0>(name, arguments).map(|_| sets::nat()),
        "Int" => fixed::<0>(name, arguments).map(|_| sets::int()),
        "+" => binary(arith::plus),
        "-" => binary(arith::minus),
        "*" => binary(arith::times),
        "^" => binary(arith::power),
        "\\div" => binary(arith::div),
        "%" => binary(arith::modulo),
        ".." => binary(arith::range),
        "<" => comparison(arith::less),
        ">" => comparison(arith::greater),
        "\\leq" => comparison(arith::less_or_equal),
        "\\geq" => comparison(arith::greater_or_equal),
        "-." => fixed::<1>(name, arguments).and_then(|[a]| arith::negate(a)),
        "Real" => fixed::<0>(name, arguments).map(|_| string(host, "Reals")),
        "/" => fixed::<2>(name, arguments).and_then(|_| {
            Err(EvalError::not_enumerable(
                "Attempted to compute the value of an expression of\nform CHOOSE x \\in S: P, but S was not enumerable.",
            ))
        }),
        "Infinity" => fixed::<0>(name, arguments).and_then(|_| {
            Err(EvalError::general(
                EvalErrorKind::Unsupported,
                "TLC attempted to evaluate an unbounded CHOOSE.\nMake sure that the expression is of form CHOOSE x \\in S: P(x).",
            ))
        }),
        _ => return None,
    })
}
