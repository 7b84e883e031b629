//! `FiniteSets`, the natively evaluated operators of `FiniteSetsExt` (`FoldSet`, `Quantify`,
//! `kSubset`) and `Randomization` (`RandomSubset`, `RandomSetOfSubsets`).
//!
//! `FoldSet` applies its operator as `op(element, accumulator)` over the elements in TLC's
//! enumeration order. `kSubset` is enumerated eagerly (TLC keeps a lazy `KSubsetValue`; the
//! elements and their order once normalised are the same), bounded by the set-size limit. The
//! random operators draw from the host's seeded generator, so a run is reproducible but does not
//! reproduce TLC's own random choices.

use std::sync::Arc;

use tla_values::{check_set_size, ppr, sets, EvalError, EvalResult, SetEnum, Value};

use super::{call_predicate, fixed, NativeHost};

/// Dispatches one operator of `FiniteSets`, `FiniteSetsExt` or `Randomization`.
pub(super) fn call(
    name: &str,
    arguments: &[Value],
    host: &dyn NativeHost,
) -> Option<EvalResult<Value>> {
    Some(match name {
        "IsFiniteSet" => {
            fixed::<1>(name, arguments).and_then(|[s]| sets::is_finite(s).map(Value::Bool))
        }
        "Cardinality" => fixed::<1>(name, arguments).and_then(|[s]| sets::cardinality(s)),
        "FoldSet" => {
            fixed::<3>(name, arguments).and_then(|[op, base, s]| fold_set(op, base, s, host))
        }
        "Quantify" => fixed::<2>(name, arguments).and_then(|[s, test]| quantify(s, test, host)),
        "kSubset" => fixed::<2>(name, arguments).and_then(|[k, s]| k_subset(k, s)),
        "RandomSubset" => fixed::<2>(name, arguments).and_then(|[k, s]| random_subset(k, s, host)),
        "RandomSetOfSubsets" => {
            fixed::<3>(name, arguments).and_then(|[k, n, s]| random_set_of_subsets(k, n, s, host))
        }
        _ => return None,
    })
}

/// `FoldSet(op, base, S)`.
fn fold_set(op: &Value, base: &Value, s: &Value, host: &dyn NativeHost) -> EvalResult<Value> {
    if !sets::is_enumerable(s) {
        return Err(EvalError::argument("third", "FoldSet", "set", &ppr(s)));
    }
    let mut accumulator = base.clone();
    for elem in sets::elements(s)? {
        accumulator = host.call_operator(op, &[elem, accumulator])?;
    }
    Ok(accumulator)
}

/// `Quantify(S, P)`: how many elements of `S` satisfy `P`.
fn quantify(s: &Value, test: &Value, host: &dyn NativeHost) -> EvalResult<Value> {
    if !sets::is_enumerable(s) {
        return Err(EvalError::argument("first", "Quantify", "set", &ppr(s)));
    }
    let mut count = 0i64;
    for elem in sets::normalized_elements(s)? {
        let holds = call_predicate(
            host,
            test,
            std::slice::from_ref(&elem),
            "second",
            "Quantify",
            "boolean-valued operator",
        )?;
        count += i64::from(holds);
    }
    Ok(Value::Int(count))
}

/// The normalised elements of `s`, or `None` when TLC cannot enumerate it.
fn enumerated(s: &Value) -> EvalResult<Option<Vec<Value>>> {
    Ok(match tla_values::convert::to_set_enum(s)? {
        Some(set) => Some(set.normalized()?.to_vec()),
        None => None,
    })
}

/// `kSubset(k, S)`: the subsets of `S` with `k` elements.
fn k_subset(k: &Value, s: &Value) -> EvalResult<Value> {
    // TLC passes four arguments to a three-argument message here; its text is reproduced.
    let Some(elements) = enumerated(s)? else {
        return Err(EvalError::one_argument("second", "kSubset", "set"));
    };
    let Value::Int(k) = k else {
        return Err(EvalError::argument("first", "kSubset", "natural number", &ppr(k)));
    };
    let n = elements.len();
    if *k < 0 || (*k as u64) > n as u64 {
        return Ok(Value::empty_set());
    }
    let k = *k as usize;
    check_set_size(binomial(n, k))?;
    let mut subsets = Vec::new();
    let mut chosen: Vec<usize> = (0..k).collect();
    loop {
        let members = chosen.iter().map(|&i| elements[i].clone()).collect();
        subsets.push(Value::Set(Arc::new(SetEnum::from_normalized(members))));
        // The next combination in lexicographic order of positions.
        let Some(slot) = (0..k).rev().find(|&slot| chosen[slot] < n - k + slot) else {
            break;
        };
        chosen[slot] += 1;
        for next in slot + 1..k {
            chosen[next] = chosen[next - 1] + 1;
        }
    }
    Ok(Value::set_from_unnormalized(subsets))
}

/// `n` choose `k`, saturating.
fn binomial(n: usize, k: usize) -> usize {
    let k = k.min(n - k);
    let mut result: u128 = 1;
    for i in 0..k {
        result = result * (n - i) as u128 / (i + 1) as u128;
        if result > usize::MAX as u128 {
            return usize::MAX;
        }
    }
    result as usize
}

/// The elements of a finite set argument of a `Randomization` operator.
fn finite_argument(s: &Value, ordinal: &str, op: &str, expected: &str) -> EvalResult<Vec<Value>> {
    let wrong = || EvalError::argument(ordinal, op, expected, &ppr(s));
    if !sets::is_enumerable(s) || !sets::is_finite(s)? {
        return Err(wrong());
    }
    enumerated(s)?.ok_or_else(wrong)
}

/// `RandomSubset(k, S)`: `k` distinct elements of `S` drawn at random.
fn random_subset(k: &Value, s: &Value, host: &dyn NativeHost) -> EvalResult<Value> {
    let Value::Int(count) = k else {
        return Err(EvalError::argument("first", "RandomSubset", "nonnegative integer", &ppr(k)));
    };
    let mut elements = finite_argument(s, "second", "RandomSubset", "a finite set")?;
    if *count < 0 {
        return Err(EvalError::argument("first", "RandomSubset", "nonnegative integer", &ppr(k)));
    }
    // TLC answers the whole set when k is at least its size (verified).
    let count = (*count as u64).min(elements.len() as u64);
    let count = count as usize;
    for i in 0..count {
        let last = elements.len() - 1;
        let j = i + host.random_below((elements.len() - i) as u64) as usize;
        elements.swap(i, j.min(last));
    }
    elements.truncate(count);
    Ok(Value::set_from_unnormalized(elements))
}

/// `RandomSetOfSubsets(k, n, S)`: `k` draws of subsets of `S`, each containing each element of
/// `S` with probability `n / Cardinality(S)` (duplicates collapse, so at most `k` subsets).
fn random_set_of_subsets(
    k: &Value,
    n: &Value,
    s: &Value,
    host: &dyn NativeHost,
) -> EvalResult<Value> {
    let name = "RandomSetOfSubsets";
    let picks = match k {
        Value::Int(picks) if *picks >= 0 => *picks,
        _ => return Err(EvalError::argument("first", name, "nonnegative integer", &ppr(k))),
    };
    let numerator = match n {
        Value::Int(numerator) if *numerator >= 0 => *numerator,
        _ => return Err(EvalError::argument("second", name, "nonnegative integer", &ppr(n))),
    };
    let elements = finite_argument(s, "third", name, "finite set")?;
    let size = elements.len();
    if size < 63 && picks as u64 > 1u64 << size {
        return Err(EvalError::argument(
            "first",
            name,
            &format!("nonnegative integer that is smaller than the subset's size of 2^{size}"),
            &picks.to_string(),
        ));
    }
    if numerator as u64 > size as u64 {
        return Err(EvalError::argument(
            "second",
            name,
            "nonnegative integer in range 0..Cardinality(S)",
            &ppr(n),
        ));
    }
    check_set_size(picks as usize)?;
    let mut subsets = Vec::with_capacity(picks as usize);
    for _ in 0..picks {
        let members: Vec<Value> = elements
            .iter()
            .filter(|_| size > 0 && (host.random_below(size as u64) as i64) < numerator)
            .cloned()
            .collect();
        subsets.push(Value::Set(Arc::new(SetEnum::from_normalized(members))));
    }
    Ok(Value::set_from_unnormalized(subsets))
}
