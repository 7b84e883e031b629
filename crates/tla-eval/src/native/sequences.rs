//! `Sequences` and the natively evaluated operators of the community module `SequencesExt`.
//!
//! The standard operators are in `tla_values::sequences`; this file adds the argument plumbing
//! and the `SequencesExt` operators TLC overrides in Java (folds, searches, prefixes, suffixes),
//! whose pure TLA+ definitions would recurse deeply or enumerate huge sets. Results follow TLC's
//! overrides: a sequence is anything `toTuple` accepts, searches answer `0` when nothing matches,
//! and a folding operator is applied left to right over the elements.

use std::sync::Arc;

use tla_values::convert::{to_set_enum, to_tuple};
use tla_values::{equals, ppr, sequences, sets, EvalError, EvalResult, SetEnum, Value};

use super::{applying_to_wrong_value, call_predicate, fixed, int_argument, not_in_domain, string};
use super::{functions, NativeHost};

/// Dispatches one operator of `Sequences` or `SequencesExt`.
pub(super) fn call(
    module: &str,
    name: &str,
    arguments: &[Value],
    host: &dyn NativeHost,
) -> Option<EvalResult<Value>> {
    let interner = host.interner();
    Some(match (module, name) {
        ("Sequences", "Seq") => fixed::<1>(name, arguments).map(|[s]| sets::seq_set(s)),
        ("Sequences", "Len") => fixed::<1>(name, arguments).and_then(|[s]| sequences::len(s)),
        ("Sequences", "\\o") => {
            fixed::<2>(name, arguments).and_then(|[s, t]| sequences::concat(s, t, interner))
        }
        ("Sequences", "Append") => {
            fixed::<2>(name, arguments).and_then(|[s, e]| sequences::append(s, e))
        }
        ("Sequences", "Head") => fixed::<1>(name, arguments).and_then(|[s]| sequences::head(s)),
        ("Sequences", "Tail") => {
            fixed::<1>(name, arguments).and_then(|[s]| sequences::tail(s, interner))
        }
        ("Sequences", "SubSeq") => {
            fixed::<3>(name, arguments).and_then(|[s, m, n]| sequences::subseq(s, m, n, interner))
        }
        ("Sequences", "SelectSeq") => {
            fixed::<2>(name, arguments).and_then(|[s, test]| select_seq(s, test, host))
        }
        ("SequencesExt", _) => return call_extension(name, arguments, host),
        _ => return None,
    })
}

fn call_extension(
    name: &str,
    arguments: &[Value],
    host: &dyn NativeHost,
) -> Option<EvalResult<Value>> {
    Some(match name {
        "SetToSeq" => fixed::<1>(name, arguments).and_then(|[s]| set_to_seq(s)),
        "SetToSeqs" => fixed::<1>(name, arguments).and_then(|[s]| set_to_seqs(s)),
        "Contains" => fixed::<2>(name, arguments).and_then(|[s, e]| contains(s, e)),
        "LongestCommonPrefix" => {
            fixed::<1>(name, arguments).and_then(|[s]| longest_common_prefix(s, host))
        }
        "FoldSeq" => fixed::<3>(name, arguments)
            .and_then(|[op, base, s]| functions::fold_function(op, base, s, host)),
        "FoldLeft" => fixed::<3>(name, arguments)
            .and_then(|[op, base, s]| fold_left(op, base, s, false, host)),
        "FoldLeftDomain" => {
            fixed::<3>(name, arguments).and_then(|[op, base, s]| fold_left(op, base, s, true, host))
        }
        "FoldRight" => fixed::<3>(name, arguments)
            .and_then(|[op, s, base]| fold_right(op, s, base, false, host)),
        "FoldRightDomain" => fixed::<3>(name, arguments)
            .and_then(|[op, s, base]| fold_right(op, s, base, true, host)),
        "IsPrefix" => fixed::<2>(name, arguments).and_then(|[s, t]| is_prefix(s, t)),
        "SelectInSeq" => {
            fixed::<2>(name, arguments).and_then(|[s, test]| select_in_seq(s, test, false, host))
        }
        "SelectLastInSeq" => {
            fixed::<2>(name, arguments).and_then(|[s, test]| select_in_seq(s, test, true, host))
        }
        "SelectInSubSeq" => fixed::<4>(name, arguments)
            .and_then(|[s, from, to, test]| select_in_subseq(s, from, to, test, false, host)),
        "SelectLastInSubSeq" => fixed::<4>(name, arguments)
            .and_then(|[s, from, to, test]| select_in_subseq(s, from, to, test, true, host)),
        "RemoveFirst" => fixed::<2>(name, arguments).and_then(|[s, e]| remove_first(s, e)),
        "RemoveFirstMatch" => {
            fixed::<2>(name, arguments).and_then(|[s, test]| remove_first_match(s, test, host))
        }
        "Suffixes" => fixed::<1>(name, arguments).and_then(|[s]| suffixes(s)),
        "AllSubSeqs" => fixed::<1>(name, arguments).and_then(|[s]| all_subseqs(s)),
        _ => return None,
    })
}

/// `SelectSeq(s, Test)`. A non-boolean result of `Test` is reported with the result, as TLC
/// 1.8 does (verified: "The second argument of SelectSeq should be a operator, but instead it
/// is:\n1").
fn select_seq(s: &Value, test: &Value, host: &dyn NativeHost) -> EvalResult<Value> {
    let elements = sequence_argument(s, "first", "SelectSeq")?;
    let mut selected = Vec::new();
    for elem in elements.iter() {
        match host.call_operator(test, std::slice::from_ref(elem))? {
            Value::Bool(true) => selected.push(elem.clone()),
            Value::Bool(false) => {}
            other => {
                return Err(EvalError::argument("second", "SelectSeq", "operator", &ppr(&other)))
            }
        }
    }
    Ok(Value::tuple(selected))
}

/// The elements of a sequence argument, or TLC's "The {ordinal} argument of {op} should be a
/// sequence" error.
fn sequence_argument(s: &Value, ordinal: &str, op: &str) -> EvalResult<Arc<[Value]>> {
    to_tuple(s)?.ok_or_else(|| EvalError::argument(ordinal, op, "sequence", &ppr(s)))
}

/// The elements of the only argument of `op`, which must be a sequence.
fn only_sequence_argument(s: &Value, op: &str) -> EvalResult<Arc<[Value]>> {
    to_tuple(s)?.ok_or_else(|| EvalError::one_argument(op, "sequence", &ppr(s)))
}

/// The elements of a finite set in TLC's normalised order.
fn finite_set(s: &Value, op: &str) -> EvalResult<Vec<Value>> {
    match to_set_enum(s)? {
        Some(set) => Ok(set.normalized()?.to_vec()),
        None => Err(applying_to_wrong_value(op, "a finite set", &ppr(s))),
    }
}

/// `SetToSeq(S)`: the elements of `S` in TLC's order, as a sequence.
fn set_to_seq(s: &Value) -> EvalResult<Value> {
    Ok(Value::tuple(finite_set(s, "SetToSeq")?))
}

/// `SetToSeqs(S)`: every ordering of `S`, in the lexicographic order of element positions (the
/// order TLC's override enumerates them).
fn set_to_seqs(s: &Value) -> EvalResult<Value> {
    let elements = finite_set(s, "SetToSeqs")?;
    let orderings = permutations_of(&elements)?;
    Ok(Value::set_from_unnormalized(orderings.into_iter().map(Value::tuple).collect()))
}

/// Every arrangement of `elements`, in lexicographic order of positions; bounded by the set-size
/// limit.
pub(super) fn permutations_of(elements: &[Value]) -> EvalResult<Vec<Vec<Value>>> {
    let mut count: usize = 1;
    for factor in 1..=elements.len() {
        count = count.saturating_mul(factor);
        tla_values::check_set_size(count)?;
    }
    let mut indices: Vec<usize> = (0..elements.len()).collect();
    let mut result = Vec::with_capacity(count);
    loop {
        result.push(indices.iter().map(|&i| elements[i].clone()).collect());
        // The next permutation in lexicographic order.
        let Some(pivot) = (1..indices.len()).rev().find(|&i| indices[i - 1] < indices[i]) else {
            break;
        };
        let pivot = pivot - 1;
        let Some(successor) =
            (pivot + 1..indices.len()).rev().find(|&i| indices[i] > indices[pivot])
        else {
            break;
        };
        indices.swap(pivot, successor);
        indices[pivot + 1..].reverse();
    }
    Ok(result)
}

/// `Contains(s, e)`.
fn contains(s: &Value, e: &Value) -> EvalResult<Value> {
    for elem in only_sequence_argument(s, "Contains")?.iter() {
        if equals(elem, e)? {
            return Ok(Value::Bool(true));
        }
    }
    Ok(Value::Bool(false))
}

/// `LongestCommonPrefix(S)`: of a non-empty set of sequences or of strings.
fn longest_common_prefix(s: &Value, host: &dyn NativeHost) -> EvalResult<Value> {
    let non_empty = || EvalError::one_argument("LongestCommonPrefix", "non-empty set", &ppr(s));
    let Some(set) = to_set_enum(s)? else { return Err(non_empty()) };
    let elements = set.normalized()?;
    let Some(first) = elements.first() else { return Err(non_empty()) };
    let not_sequences = || EvalError::one_argument("LongestCommonPrefix", "sequence", &ppr(s));
    if let Value::Str(first) = first {
        let prefix: Vec<u16> = first.text().encode_utf16().collect();
        let mut upper = prefix.len();
        for other in &elements[1..] {
            let Value::Str(other) = other else { return Err(not_sequences()) };
            let other: Vec<u16> = other.text().encode_utf16().collect();
            upper = common_length(&prefix[..upper], &other, |a, b| Ok(a == b))?;
        }
        return Ok(string(host, &String::from_utf16_lossy(&prefix[..upper])));
    }
    let prefix = to_tuple(first)?.ok_or_else(not_sequences)?;
    let mut upper = prefix.len();
    for other in &elements[1..] {
        let other = to_tuple(other)?.ok_or_else(not_sequences)?;
        upper = common_length(&prefix[..upper], &other, equals)?;
    }
    Ok(Value::tuple(prefix[..upper].to_vec()))
}

/// The length of the longest common prefix of `a` and `b`.
fn common_length<T>(
    a: &[T],
    b: &[T],
    equal: impl Fn(&T, &T) -> EvalResult<bool>,
) -> EvalResult<usize> {
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        if !equal(x, y)? {
            return Ok(i);
        }
    }
    Ok(a.len().min(b.len()))
}

/// `FoldLeft(op, base, s)` = `op(...op(op(base, s[1]), s[2])..., s[n])`; with `over_domain`,
/// `FoldLeftDomain`, which folds the indices instead of the elements.
fn fold_left(
    op: &Value,
    base: &Value,
    s: &Value,
    over_domain: bool,
    host: &dyn NativeHost,
) -> EvalResult<Value> {
    let name = if over_domain { "FoldLeftDomain" } else { "FoldLeft" };
    let elements = sequence_argument(s, "third", name)?;
    let mut accumulator = base.clone();
    for (i, elem) in elements.iter().enumerate() {
        let next = if over_domain { Value::Int(i as i64 + 1) } else { elem.clone() };
        accumulator = host.call_operator(op, &[accumulator, next])?;
    }
    Ok(accumulator)
}

/// `FoldRight(op, s, base)` = `op(s[1], op(s[2], ... op(s[n], base)))`; with `over_domain`,
/// `FoldRightDomain`.
fn fold_right(
    op: &Value,
    s: &Value,
    base: &Value,
    over_domain: bool,
    host: &dyn NativeHost,
) -> EvalResult<Value> {
    let name = if over_domain { "FoldRightDomain" } else { "FoldRight" };
    let elements = sequence_argument(s, "second", name)?;
    let mut accumulator = base.clone();
    for (i, elem) in elements.iter().enumerate().rev() {
        let next = if over_domain { Value::Int(i as i64 + 1) } else { elem.clone() };
        accumulator = host.call_operator(op, &[next, accumulator])?;
    }
    Ok(accumulator)
}

/// `IsPrefix(s, t)`, on sequences or on strings.
fn is_prefix(s: &Value, t: &Value) -> EvalResult<Value> {
    if let (Value::Str(s), Value::Str(t)) = (s, t) {
        return Ok(Value::Bool(t.text().starts_with(s.text())));
    }
    let prefix = sequence_argument(s, "first", "IsPrefix")?;
    let whole = sequence_argument(t, "second", "IsPrefix")?;
    if prefix.len() > whole.len() {
        return Ok(Value::Bool(false));
    }
    Ok(Value::Bool(common_length(&prefix, &whole, equals)? == prefix.len()))
}

/// `SelectInSeq(s, Test)` (or, `last`, `SelectLastInSeq`): the index of the first (last)
/// element satisfying `Test`, or `0`.
fn select_in_seq(s: &Value, test: &Value, last: bool, host: &dyn NativeHost) -> EvalResult<Value> {
    let (name, expected) = if last {
        ("SelectLastInSeq", "boolean-valued function")
    } else {
        ("SelectInSeq", "boolean-valued operator")
    };
    let elements = sequence_argument(s, "first", name)?;
    let found = search(&elements, 1, elements.len(), last, |elem| {
        call_predicate(host, test, std::slice::from_ref(elem), "third", name, expected)
    })?;
    Ok(Value::Int(found as i64))
}

/// `SelectInSubSeq(s, from, to, Test)` (or `SelectLastInSubSeq`): the search restricted to
/// positions `from..to`.
fn select_in_subseq(
    s: &Value,
    from: &Value,
    to: &Value,
    test: &Value,
    last: bool,
    host: &dyn NativeHost,
) -> EvalResult<Value> {
    let (name, expected) = if last {
        ("SelectLastInSubSeq", "boolean-valued function")
    } else {
        ("SelectInSubSeq", "boolean-valued operator")
    };
    let elements = sequence_argument(s, "first", name)?;
    let low = int_argument(from, "second", name, "natural")?;
    let high = int_argument(to, "third", name, "natural")?;
    if low > high {
        return Ok(Value::Int(0));
    }
    let len = elements.len() as i64;
    if low < 1 || i64::from(low) > len {
        return Err(not_in_domain("second", name, "first", s, from));
    }
    if high < 1 || i64::from(high) > len {
        return Err(not_in_domain("third", name, "first", s, to));
    }
    let found = search(&elements, low as usize, high as usize, last, |elem| {
        call_predicate(host, test, std::slice::from_ref(elem), "fourth", name, expected)
    })?;
    Ok(Value::Int(found as i64))
}

/// The first (or last) 1-based position in `low..=high` whose element satisfies `test`, or 0.
fn search(
    elements: &[Value],
    low: usize,
    high: usize,
    last: bool,
    mut test: impl FnMut(&Value) -> EvalResult<bool>,
) -> EvalResult<usize> {
    let positions: Box<dyn Iterator<Item = usize>> =
        if last { Box::new((low..=high).rev()) } else { Box::new(low..=high) };
    for position in positions {
        if test(&elements[position - 1])? {
            return Ok(position);
        }
    }
    Ok(0)
}

/// `RemoveFirst(s, e)`: `s` without the first occurrence of `e`.
fn remove_first(s: &Value, e: &Value) -> EvalResult<Value> {
    let elements = sequence_argument(s, "first", "RemoveFirst")?;
    let mut kept = Vec::with_capacity(elements.len());
    let mut found = false;
    for elem in elements.iter() {
        if !found && equals(elem, e)? {
            found = true;
        } else {
            kept.push(elem.clone());
        }
    }
    Ok(Value::tuple(kept))
}

/// `RemoveFirstMatch(s, Test)`: `s` without its first element satisfying `Test`.
fn remove_first_match(s: &Value, test: &Value, host: &dyn NativeHost) -> EvalResult<Value> {
    let name = "RemoveFirstMatch";
    let elements = sequence_argument(s, "first", name)?;
    let mut kept = Vec::with_capacity(elements.len());
    let mut found = false;
    for elem in elements.iter() {
        if !found
            && call_predicate(
                host,
                test,
                std::slice::from_ref(elem),
                "second",
                name,
                "boolean-valued function",
            )?
        {
            found = true;
            continue;
        }
        kept.push(elem.clone());
    }
    Ok(Value::tuple(kept))
}

/// `Suffixes(s)`: every suffix of `s`, the empty one included, shortest first.
fn suffixes(s: &Value) -> EvalResult<Value> {
    let elements = only_sequence_argument(s, "Suffixes")?;
    let n = elements.len();
    let suffixes = (0..=n).map(|length| Value::tuple(elements[n - length..].to_vec())).collect();
    Ok(Value::Set(Arc::new(SetEnum::from_normalized(suffixes))))
}

/// `AllSubSeqs(s)`: the subsequences of `s` (elements kept in order), one per subset of
/// positions.
fn all_subseqs(s: &Value) -> EvalResult<Value> {
    let elements = only_sequence_argument(s, "AllSubSeqs")?;
    let n = elements.len();
    // 2^n subsequences: refuse before computing them when that is beyond the set-size bound.
    if n >= 48 || (1u64 << n) > tla_values::max_set_size() as u64 {
        tla_values::check_set_size(usize::MAX)?;
        return Err(EvalError::general(
            tla_values::EvalErrorKind::SetTooLarge,
            format!("Attempted to construct a set with too many elements (2^{n})."),
        ));
    }
    let subsequences = (0..1usize << n)
        .map(|mask| {
            Value::tuple(
                (0..n)
                    .filter(|bit| mask & (1 << bit) != 0)
                    .map(|bit| elements[bit].clone())
                    .collect(),
            )
        })
        .collect();
    Ok(Value::set_from_unnormalized(subsequences))
}
