//! Integer operators of `Naturals` and `Integers` with TLC's 32-bit semantics.
//!
//! TLC's integers are Java `int`s: results outside `[-2^31, 2^31-1]` fail with "Overflow when
//! computing a+b" (the operands printed as Java prints them), `\div` rounds toward negative
//! infinity, `%` needs a positive divisor and returns a non-negative remainder, `^` rejects
//! negative exponents and `0^0`. Quirks are kept: `(-2147483648) \div (-1)` wraps to
//! `-2147483648` as in Java, and the message for a bad `>=` operand names `>`.

use crate::error::{ec, EvalError, EvalErrorKind, EvalResult};
use crate::print::ppr;
use crate::value::Value;

/// An operand of a comparison (`LT(Value, Value)`): TLC checks the kind itself.
fn operand(value: &Value, ordinal: &str, op: &str) -> EvalResult<i32> {
    match value {
        Value::Int(n) => i32::try_from(*n).map_err(|_| EvalError::overflow(n)),
        _ => Err(EvalError::argument_an(ordinal, op, "integer", &ppr(value))),
    }
}

fn operands(a: &Value, b: &Value, op: &str) -> EvalResult<(i32, i32)> {
    Ok((operand(a, "first", op)?, operand(b, "second", op)?))
}

/// An operand of an operator TLC declares with `IntValue` parameters (`Plus(IntValue, IntValue)`):
/// another kind fails with Java's cast message, which the evaluator wraps with
/// [`EvalError::in_java_method`].
fn int_operand(value: &Value) -> EvalResult<i32> {
    match value {
        Value::Int(n) => i32::try_from(*n).map_err(|_| EvalError::overflow(n)),
        _ => Err(EvalError::class_cast(&value.tlc_class_name(), "IntValue")),
    }
}

fn int_operands(a: &Value, b: &Value) -> EvalResult<(i32, i32)> {
    Ok((int_operand(a)?, int_operand(b)?))
}

/// `a + b`.
pub fn plus(a: &Value, b: &Value) -> EvalResult<Value> {
    let (x, y) = int_operands(a, b)?;
    x.checked_add(y)
        .map(|n| Value::Int(n.into()))
        .ok_or_else(|| EvalError::overflow(format!("{x}+{y}")))
}

/// `a - b`.
pub fn minus(a: &Value, b: &Value) -> EvalResult<Value> {
    let (x, y) = int_operands(a, b)?;
    x.checked_sub(y)
        .map(|n| Value::Int(n.into()))
        .ok_or_else(|| EvalError::overflow(format!("{x}-{y}")))
}

/// `a * b`.
pub fn times(a: &Value, b: &Value) -> EvalResult<Value> {
    let (x, y) = int_operands(a, b)?;
    x.checked_mul(y)
        .map(|n| Value::Int(n.into()))
        .ok_or_else(|| EvalError::overflow(format!("{x}*{y}")))
}

/// `a \div b`: floor division.
pub fn div(a: &Value, b: &Value) -> EvalResult<Value> {
    let (x, y) = int_operands(a, b)?;
    if y == 0 {
        return Err(EvalError::coded(
            EvalErrorKind::Arithmetic,
            ec::TLC_MODULE_DIVISION_BY_ZERO,
            "The second argument of \\div is 0.",
        ));
    }
    // Java semantics, including the wrap of MIN / -1.
    let mut q = x.wrapping_div(y);
    if q < 0 && q.wrapping_mul(y) != x {
        q -= 1;
    }
    Ok(Value::Int(q.into()))
}

/// `a % b`: needs `b > 0`, result in `0..b-1`.
pub fn modulo(a: &Value, b: &Value) -> EvalResult<Value> {
    let (x, y) = int_operands(a, b)?;
    if y <= 0 {
        return Err(EvalError::argument("second", "%", "positive number", &y.to_string()));
    }
    let r = x % y;
    Ok(Value::Int(if r < 0 { r + y } else { r }.into()))
}

/// `a ^ b`.
pub fn power(a: &Value, b: &Value) -> EvalResult<Value> {
    let (x, y) = int_operands(a, b)?;
    if y < 0 {
        return Err(EvalError::argument("second", "^", "natural number", &y.to_string()));
    }
    if y == 0 {
        if x == 0 {
            return Err(EvalError::coded(
                EvalErrorKind::Arithmetic,
                ec::TLC_MODULE_NULL_POWER_NULL,
                "0^0 is undefined.",
            ));
        }
        return Ok(Value::Int(1));
    }
    let mut result = i64::from(x);
    for _ in 1..y {
        result *= i64::from(x);
        if i32::try_from(result).is_err() {
            return Err(EvalError::overflow(format!("{x}^{y}")));
        }
    }
    Ok(Value::Int(result))
}

/// Unary `-a` (`Integers`).
pub fn negate(a: &Value) -> EvalResult<Value> {
    let x = int_operand(a)?;
    x.checked_neg().map(|n| Value::Int(n.into())).ok_or_else(|| EvalError::overflow("--2147483648"))
}

/// `a < b`.
pub fn less(a: &Value, b: &Value) -> EvalResult<bool> {
    let (x, y) = operands(a, b, "<")?;
    Ok(x < y)
}

/// `a <= b` (`\leq`).
pub fn less_or_equal(a: &Value, b: &Value) -> EvalResult<bool> {
    let (x, y) = operands(a, b, "<=")?;
    Ok(x <= y)
}

/// `a > b`.
pub fn greater(a: &Value, b: &Value) -> EvalResult<bool> {
    let (x, y) = operands(a, b, ">")?;
    Ok(x > y)
}

/// `a >= b` (`\geq`); TLC's message names the operator `>`.
pub fn greater_or_equal(a: &Value, b: &Value) -> EvalResult<bool> {
    let (x, y) = operands(a, b, ">")?;
    Ok(x >= y)
}

/// `a..b`.
pub fn range(a: &Value, b: &Value) -> EvalResult<Value> {
    let (x, y) = int_operands(a, b)?;
    Ok(Value::interval(x, y))
}
