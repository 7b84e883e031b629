//! `Bags` (multisets as functions from elements to positive counts) and `FoldBag` of the
//! community module `BagsExt`.
//!
//! The operators follow TLC's `Bags.java`: a bag is anything TLC converts to an explicit function
//! (`toFcnRcd`); sums of counts are Java `int` additions (they wrap rather than fail, as in TLC);
//! a count that is not an integer fails with Java's cast message, which the evaluator wraps like
//! every error of a Java method.

use std::sync::Arc;

use tla_values::convert::{to_function, to_set_enum};
use tla_values::{equals, ppr, EvalError, EvalResult, Function, Value};

use super::{applying_to_wrong_value, fixed, NativeHost};

/// Dispatches one operator of `Bags` or `BagsExt`.
pub(super) fn call(
    name: &str,
    arguments: &[Value],
    host: &dyn NativeHost,
) -> Option<EvalResult<Value>> {
    Some(match name {
        "EmptyBag" => fixed::<0>(name, arguments).map(|_| Value::tuple(Vec::new())),
        "IsABag" => fixed::<1>(name, arguments).and_then(|[b]| is_a_bag(b).map(Value::Bool)),
        "BagToSet" => fixed::<1>(name, arguments).and_then(|[b]| {
            let function = bag_function(b, || {
                applying_to_wrong_value("BagToSet", "a function with a finite domain", &ppr(b))
            })?;
            tla_values::functions::domain(&Value::Function(function))
        }),
        "SetToBag" => fixed::<1>(name, arguments).and_then(|[s]| set_to_bag(s)),
        "BagIn" => fixed::<2>(name, arguments).and_then(|[e, b]| {
            copies(e, b, "BagIn").map(|count| Value::Bool(count.is_some_and(|n| n > 0)))
        }),
        "CopiesIn" => fixed::<2>(name, arguments)
            .and_then(|[e, b]| copies(e, b, "CopiesIn").map(|n| Value::Int(n.unwrap_or(0).into()))),
        "\\oplus" => fixed::<2>(name, arguments).and_then(|[a, b]| bag_sum(a, b)),
        "\\ominus" => fixed::<2>(name, arguments).and_then(|[a, b]| bag_difference(a, b)),
        "BagUnion" => fixed::<1>(name, arguments).and_then(|[s]| bag_union(s)),
        "\\sqsubseteq" => fixed::<2>(name, arguments).and_then(|[a, b]| sub_bag(a, b)),
        "BagOfAll" => fixed::<2>(name, arguments).and_then(|[f, b]| bag_of_all(f, b, host)),
        "BagCardinality" => fixed::<1>(name, arguments).and_then(|[b]| bag_cardinality(b)),
        "FoldBag" => {
            fixed::<3>(name, arguments).and_then(|[op, base, b]| fold_bag(op, base, b, host))
        }
        _ => return None,
    })
}

/// The bag as an explicit function, or `error()`.
fn bag_function(b: &Value, error: impl FnOnce() -> EvalError) -> EvalResult<Arc<Function>> {
    to_function(b)?.ok_or_else(error)
}

/// A count, as the Java cast to `IntValue` does.
fn count(value: &Value) -> EvalResult<i32> {
    match value {
        Value::Int(n) => Ok(*n as i32),
        _ => Err(EvalError::class_cast(&value.tlc_class_name(), "IntValue")),
    }
}

/// A bag built from pairs collected in first-seen order.
fn bag_from(domain: Vec<Value>, counts: Vec<i32>) -> EvalResult<Value> {
    Value::function(domain, counts.into_iter().map(|n| Value::Int(n.into())).collect())
}

/// `IsABag(B)`: a function whose values are positive integers.
fn is_a_bag(b: &Value) -> EvalResult<bool> {
    let Some(function) = to_function(b)? else { return Ok(false) };
    Ok(function.values().iter().all(|value| matches!(value, Value::Int(n) if *n > 0)))
}

/// `SetToBag(S)`: each element once. (TLC's message names `BagToSet`.)
fn set_to_bag(s: &Value) -> EvalResult<Value> {
    let Some(set) = to_set_enum(s)? else {
        return Err(applying_to_wrong_value(
            "BagToSet",
            "a function with a finite domain",
            &ppr(s),
        ));
    };
    let domain = set.normalized()?.to_vec();
    let ones = vec![Value::Int(1); domain.len()];
    Ok(Value::Function(Arc::new(Function::from_normalized_pairs(domain, ones))))
}

/// The count of `e` in `b` (`None` when `e` is not in the domain), for `BagIn` and `CopiesIn`.
fn copies(e: &Value, b: &Value, op: &str) -> EvalResult<Option<i32>> {
    let function = bag_function(b, || EvalError::argument("second", op, "bag", &ppr(b)))?;
    for (i, element) in function.domain_elements().iter().enumerate() {
        if equals(e, element)? {
            return match &function.values()[i] {
                Value::Int(n) => Ok(Some(*n as i32)),
                _ => Err(EvalError::argument("second", op, "bag", &ppr(b))),
            };
        }
    }
    Ok(None)
}

/// The position of `element` in `domain`, by equality.
fn position(domain: &[Value], element: &Value) -> EvalResult<Option<usize>> {
    for (i, candidate) in domain.iter().enumerate() {
        if equals(element, candidate)? {
            return Ok(Some(i));
        }
    }
    Ok(None)
}

/// Adds the counts of `function` into the pairs collected so far.
fn accumulate(
    domain: &mut Vec<Value>,
    counts: &mut Vec<i32>,
    function: &Function,
) -> EvalResult<()> {
    for (element, value) in function.domain_elements().into_iter().zip(function.values()) {
        let n = count(value)?;
        match position(domain, &element)? {
            Some(i) => counts[i] = counts[i].wrapping_add(n),
            None => {
                domain.push(element);
                counts.push(n);
            }
        }
    }
    Ok(())
}

/// `B1 (+) B2`.
fn bag_sum(a: &Value, b: &Value) -> EvalResult<Value> {
    if !is_a_bag(a)? {
        return Err(EvalError::argument("first", "(+)", "bag", &ppr(a)));
    }
    if !is_a_bag(b)? {
        return Err(EvalError::argument("second", "(+)", "bag", &ppr(b)));
    }
    let (mut domain, mut counts) = (Vec::new(), Vec::new());
    for bag in [a, b] {
        let function = bag_function(bag, || EvalError::argument("first", "(+)", "bag", &ppr(bag)))?;
        accumulate(&mut domain, &mut counts, &function)?;
    }
    bag_from(domain, counts)
}

/// `B1 (-) B2`: the positive differences of counts.
fn bag_difference(a: &Value, b: &Value) -> EvalResult<Value> {
    let first = bag_function(a, || EvalError::argument("first", "(-)", "bag", &ppr(a)))?;
    let second = bag_function(b, || EvalError::argument("second", "(-)", "bag", &ppr(b)))?;
    let other_domain = second.domain_elements();
    let (mut domain, mut counts) = (Vec::new(), Vec::new());
    for (element, value) in first.domain_elements().into_iter().zip(first.values()) {
        let mut n = count(value)?;
        if let Some(i) = position(&other_domain, &element)? {
            n = n.wrapping_sub(count(&second.values()[i])?);
        }
        if n > 0 {
            domain.push(element);
            counts.push(n);
        }
    }
    bag_from(domain, counts)
}

/// `BagUnion(S)`: the sum of a finite set of bags.
fn bag_union(s: &Value) -> EvalResult<Value> {
    let Some(set) = to_set_enum(s)? else {
        return Err(applying_to_wrong_value("BagUnion", "a finite enumerable set", &ppr(s)));
    };
    let bags = set.normalized()?;
    match bags {
        [] => return Ok(Value::tuple(Vec::new())),
        [only] => return Ok(only.clone()),
        _ => {}
    }
    let not_bags = || {
        EvalError::coded(
            tla_values::EvalErrorKind::WrongKind,
            2177,
            format!(
                "Attempted to apply BagUnion to the following set, whose\nelement is not a bag:\n{}",
                ppr(s)
            ),
        )
    };
    let (mut domain, mut counts) = (Vec::new(), Vec::new());
    for bag in bags {
        let function = bag_function(bag, not_bags)?;
        accumulate(&mut domain, &mut counts, &function)?;
    }
    bag_from(domain, counts)
}

/// `B1 \sqsubseteq B2`: every count of `B1` is at most the count in `B2`.
fn sub_bag(a: &Value, b: &Value) -> EvalResult<Value> {
    let wrong = |v: &Value| {
        applying_to_wrong_value("\\sqsubseteq", "a function with a finite domain", &ppr(v))
    };
    let first = bag_function(a, || wrong(a))?;
    let second = bag_function(b, || wrong(b))?;
    let other_domain = second.domain_elements();
    for (element, value) in first.domain_elements().into_iter().zip(first.values()) {
        let mut n = count(value)?;
        if let Some(i) = position(&other_domain, &element)? {
            n = n.wrapping_sub(count(&second.values()[i])?);
        }
        if n > 0 {
            return Ok(Value::Bool(false));
        }
    }
    Ok(Value::Bool(true))
}

/// `BagOfAll(F, B)`: the bag of `F(e)` for the elements `e` of `B`, counts added up.
fn bag_of_all(f: &Value, b: &Value, host: &dyn NativeHost) -> EvalResult<Value> {
    let function = bag_function(b, || {
        EvalError::argument("second", "BagOfAll", "function with a finite domain", &ppr(b))
    })?;
    let (mut domain, mut counts): (Vec<Value>, Vec<i32>) = (Vec::new(), Vec::new());
    for (element, value) in function.domain_elements().into_iter().zip(function.values()) {
        let image = host.call_operator(f, std::slice::from_ref(&element))?;
        match position(&domain, &image)? {
            Some(i) => counts[i] = counts[i].wrapping_add(count(value)?),
            None => {
                domain.push(image);
                counts.push(count(value)?);
            }
        }
    }
    bag_from(domain, counts)
}

/// `BagCardinality(B)`: the sum of the counts.
fn bag_cardinality(b: &Value) -> EvalResult<Value> {
    let function = bag_function(b, || {
        applying_to_wrong_value("BagCardinality", "a function with a finite domain", &ppr(b))
    })?;
    let mut total: i32 = 0;
    for value in function.values() {
        match value {
            Value::Int(n) if *n > 0 => total = total.wrapping_add(*n as i32),
            _ => return Err(applying_to_wrong_value("BagCardinality", "a bag", &ppr(b))),
        }
    }
    Ok(Value::Int(total.into()))
}

/// `FoldBag(op, base, B)`: `op(accumulator, e)` once per copy of each element `e`.
fn fold_bag(op: &Value, base: &Value, b: &Value, host: &dyn NativeHost) -> EvalResult<Value> {
    let function = bag_function(b, || EvalError::argument("third", "FoldBag", "bag", &ppr(b)))?;
    let mut accumulator = base.clone();
    for (element, value) in function.domain_elements().into_iter().zip(function.values()) {
        let copies = match value {
            Value::Int(n) if *n > 0 => *n,
            _ => {
                return Err(applying_to_wrong_value(
                    "FoldBag",
                    "an element of Nat",
                    &format!("{} (in: {}:>{})", ppr(value), ppr(&element), ppr(value)),
                ))
            }
        };
        for _ in 0..copies {
            accumulator = host.call_operator(op, &[accumulator, element.clone()])?;
        }
    }
    Ok(accumulator)
}
