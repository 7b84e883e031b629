//! TLC's total order (`compareTo`) and equality (`equals`) on values, errors included.
//!
//! The order decides set normalisation, `CHOOSE`, printing and symmetry, so it must be TLC's
//! exactly: integers numerically, booleans FALSE < TRUE, strings and model values by intern rank,
//! untyped model values below every other value, sets by cardinality then element-wise, functions
//! by size then domain then values, records by size then field names then values. Comparing
//! values of different kinds is an error (with the message of the *left* operand's class, as in
//! TLC), except that untyped model values compare unequal to everything.
//!
//! Normalising a set sorts it with a fast stable merge sort; only when that meets an error do we
//! replay TLC's own binary insertion sort, so that the reported pair (and message) is TLC's.

use std::cmp::Ordering;

use crate::atom::Atom;
use crate::convert::{to_function, to_record, to_set_enum, tuple_elements};
use crate::error::{EvalError, EvalErrorKind, EvalResult};
use crate::ext::ExtClass;
use crate::print::ppr;
use crate::value::{Function, FunctionDomain, SetEnum, Value};

/// TLC's `a.compareTo(b)`.
pub fn compare(a: &Value, b: &Value) -> EvalResult<Ordering> {
    match a {
        Value::Bool(x) => match b {
            Value::Bool(y) => Ok(x.cmp(y)),
            Value::ModelValue(m) => model_value_compare_from_other(m, a),
            _ => Err(EvalError::incomparable(format!(
                "Attempted to compare boolean {} with non-boolean:\n{}",
                ppr(a),
                ppr(b)
            ))),
        },
        Value::Int(x) => match b {
            Value::Int(y) => Ok(x.cmp(y)),
            Value::ModelValue(m) => model_value_compare_from_other(m, a),
            _ => Err(EvalError::incomparable(format!(
                "Attempted to compare integer {} with non-integer:\n{}",
                ppr(a),
                ppr(b)
            ))),
        },
        Value::Str(x) => match b {
            Value::Str(y) => Ok(x.cmp(y)),
            Value::ModelValue(m) => model_value_compare_from_other(m, a),
            _ => Err(EvalError::incomparable(format!(
                "Attempted to compare string {} with non-string:\n{}",
                ppr(a),
                ppr(b)
            ))),
        },
        Value::ModelValue(m) => model_value_compare(m, a, b),
        Value::Set(set) => compare_set_enum(set, a, b),
        Value::Interval(x) => {
            if let Value::Interval(y) = b {
                let size = x.size()?;
                let cmp = size.cmp(&y.size()?);
                if cmp != Ordering::Equal || size == 0 {
                    return Ok(cmp);
                }
                return Ok(x.low.cmp(&y.low));
            }
            let set = expect_enumerated(a)?;
            compare_set_enum(&set, &Value::Set(set.clone()), b)
        }
        Value::Lazy(lazy) => lazy.compare(a, b),
        Value::Ext(ext) => match ext.class() {
            ExtClass::Set | ExtClass::Function => compare(&ext.to_concrete()?, b),
            ExtClass::Other => Err(EvalError::incomparable(format!(
                "Attempted to compare {} with the value:\n{}",
                ppr(a),
                ppr(b)
            ))),
        },
        Value::Tuple(elems) => match tuple_elements(b)? {
            Some(other) => {
                let cmp = elems.len().cmp(&other.len());
                if cmp != Ordering::Equal {
                    return Ok(cmp);
                }
                compare_slices(elems, &other)
            }
            None => {
                let function = expect_function(a)?;
                compare_function(&function, a, b)
            }
        },
        Value::Record(record) => match borrowed_record(b)? {
            None => match b {
                Value::ModelValue(m) => model_value_compare_from_other(m, a),
                _ => Err(EvalError::incomparable(format!(
                    "Attempted to compare record:\n{}\nwith non-record\n{}",
                    ppr(a),
                    ppr(b)
                ))),
            },
            Some(other) => {
                let cmp = record.len().cmp(&other.len());
                if cmp != Ordering::Equal {
                    return Ok(cmp);
                }
                for (x, y) in record.names().iter().zip(other.names()) {
                    let cmp = x.cmp(y);
                    if cmp != Ordering::Equal {
                        return Ok(cmp);
                    }
                }
                compare_slices(record.values(), other.values())
            }
        },
        Value::Function(function) => compare_function(function, a, b),
    }
}

/// TLC's `toRcd` of `b`, borrowed when `b` is a record already (so that comparing writes no
/// reference count another worker may be writing too).
fn borrowed_record(
    b: &Value,
) -> EvalResult<Option<std::borrow::Cow<'_, std::sync::Arc<crate::Record>>>> {
    use std::borrow::Cow;
    Ok(match b {
        Value::Record(record) => Some(Cow::Borrowed(record)),
        _ => to_record(b)?.map(Cow::Owned),
    })
}

/// TLC's `a.equals(b)`.
#[inline]
pub fn equals(a: &Value, b: &Value) -> EvalResult<bool> {
    // The common cases first, inline: two scalars of the same kind.
    match (a, b) {
        (Value::Str(x), Value::Str(y)) => Ok(x == y),
        (Value::Int(x), Value::Int(y)) => Ok(x == y),
        (Value::Bool(x), Value::Bool(y)) => Ok(x == y),
        // Two model values are unequal without error unless both are typed, differently.
        (Value::ModelValue(x), Value::ModelValue(y))
            if x == y
                || x.model_value_type().is_none()
                || y.model_value_type().is_none()
                || x.model_value_type() == y.model_value_type() =>
        {
            Ok(x == y)
        }
        _ => equals_in_general(a, b),
    }
}

fn equals_in_general(a: &Value, b: &Value) -> EvalResult<bool> {
    match a {
        Value::Bool(x) => match b {
            Value::Bool(y) => Ok(x == y),
            Value::ModelValue(m) => model_value_equals_from_other(m, a),
            _ => Err(EvalError::incomparable(format!(
                "Attempted to compare equality of boolean {} with non-boolean:\n{}",
                ppr(a),
                ppr(b)
            ))),
        },
        Value::Int(x) => match b {
            Value::Int(y) => Ok(x == y),
            Value::ModelValue(m) => model_value_equals_from_other(m, a),
            _ => Err(EvalError::incomparable(format!(
                "Attempted to check equality of integer {} with non-integer:\n{}",
                ppr(a),
                ppr(b)
            ))),
        },
        Value::Str(x) => match b {
            Value::Str(y) => Ok(x == y),
            Value::ModelValue(m) => model_value_equals_from_other(m, a),
            _ => Err(EvalError::incomparable(format!(
                "Attempted to check equality of string {} with non-string:\n{}",
                ppr(a),
                ppr(b)
            ))),
        },
        Value::ModelValue(m) => model_value_equals(m, a, b),
        Value::Set(set) => equals_set_enum(set, a, b),
        Value::Interval(x) => {
            if let Value::Interval(y) = b {
                if x.size()? == 0 {
                    return Ok(y.size()? == 0);
                }
                return Ok(x.low == y.low && x.high == y.high);
            }
            let set = expect_enumerated(a)?;
            equals_set_enum(&set, &Value::Set(set.clone()), b)
        }
        Value::Lazy(lazy) => lazy.equals(a, b),
        Value::Ext(ext) => match ext.class() {
            ExtClass::Set | ExtClass::Function => equals(&ext.to_concrete()?, b),
            ExtClass::Other => Err(EvalError::incomparable(format!(
                "Attempted to check equality of {} with the value:\n{}",
                ppr(a),
                ppr(b)
            ))),
        },
        Value::Tuple(elems) => match tuple_elements(b)? {
            Some(other) => {
                if elems.len() != other.len() {
                    return Ok(false);
                }
                equal_slices(elems, &other)
            }
            None => {
                let function = expect_function(a)?;
                equals_function(&function, a, b)
            }
        },
        Value::Record(record) => match borrowed_record(b)? {
            None => match b {
                Value::ModelValue(m) => model_value_equals_from_other(m, a),
                _ => Err(EvalError::incomparable(format!(
                    "Attempted to check equality of record:\n{}\nwith non-record\n{}",
                    ppr(a),
                    ppr(b)
                ))),
            },
            Some(other) => {
                if record.len() != other.len() || record.names() != other.names() {
                    return Ok(false);
                }
                equal_slices(record.values(), other.values())
            }
        },
        Value::Function(function) => equals_function(function, a, b),
    }
}

fn compare_slices(xs: &[Value], ys: &[Value]) -> EvalResult<Ordering> {
    for (x, y) in xs.iter().zip(ys) {
        let cmp = compare(x, y)?;
        if cmp != Ordering::Equal {
            return Ok(cmp);
        }
    }
    Ok(Ordering::Equal)
}

fn equal_slices(xs: &[Value], ys: &[Value]) -> EvalResult<bool> {
    for (x, y) in xs.iter().zip(ys) {
        if !equals(x, y)? {
            return Ok(false);
        }
    }
    Ok(true)
}

fn expect_enumerated(value: &Value) -> EvalResult<std::sync::Arc<SetEnum>> {
    to_set_enum(value)?.ok_or_else(|| {
        EvalError::general(
            EvalErrorKind::NotEnumerable,
            format!("{} is not enumerable.", ppr(value)),
        )
    })
}

fn expect_function(value: &Value) -> EvalResult<std::sync::Arc<Function>> {
    to_function(value)?.ok_or_else(|| {
        EvalError::general(EvalErrorKind::WrongKind, format!("{} is not a function.", ppr(value)))
    })
}

/// `SetEnumValue.compareTo`: the other side converted with `toSetEnum`.
pub(crate) fn compare_set_enum(set: &SetEnum, a: &Value, b: &Value) -> EvalResult<Ordering> {
    let Some(other) = to_set_enum(b)? else {
        return match b {
            Value::ModelValue(m) => model_value_compare_from_other(m, a),
            _ => Err(EvalError::incomparable(format!(
                "Attempted to compare the set {} with the value:\n{}",
                ppr(a),
                ppr(b)
            ))),
        };
    };
    let xs = set.normalized()?;
    let ys = other.normalized()?;
    let cmp = xs.len().cmp(&ys.len());
    if cmp != Ordering::Equal {
        return Ok(cmp);
    }
    compare_slices(xs, ys)
}

/// `SetEnumValue.equals`.
pub(crate) fn equals_set_enum(set: &SetEnum, a: &Value, b: &Value) -> EvalResult<bool> {
    let Some(other) = to_set_enum(b)? else {
        return match b {
            Value::ModelValue(m) => model_value_equals_from_other(m, a),
            _ => Err(EvalError::incomparable(format!(
                "Attempted to check equality of the set {} with the value:\n{}",
                ppr(a),
                ppr(b)
            ))),
        };
    };
    let xs = set.normalized()?;
    let ys = other.normalized()?;
    if xs.len() != ys.len() {
        return Ok(false);
    }
    equal_slices(xs, ys)
}

/// TLC turns a lazy function into a plain one when it compares it (`FcnLambdaValue.equals`,
/// `compareTo`): the mark of a constructor's function goes, on both sides.
fn mark_compared(function: &Function, other: &Value) {
    function.mark_converted();
    if let Value::Function(other) = other {
        other.mark_converted();
    }
}

/// `FcnRcdValue.compareTo`.
fn compare_function(function: &Function, a: &Value, b: &Value) -> EvalResult<Ordering> {
    mark_compared(function, b);
    let Some(other) = to_function(b)? else {
        return match b {
            Value::ModelValue(m) => model_value_compare_from_other(m, a),
            _ => Err(EvalError::incomparable(format!(
                "Attempted to compare the function {} with the value:\n{}",
                ppr(a),
                ppr(b)
            ))),
        };
    };
    let cmp = function.len().cmp(&other.len());
    if cmp != Ordering::Equal {
        return Ok(cmp);
    }
    match (function.domain(), other.domain()) {
        (FunctionDomain::Interval { low: x }, FunctionDomain::Interval { low: y }) => {
            let cmp = x.cmp(y);
            if cmp != Ordering::Equal {
                return Ok(cmp);
            }
        }
        (FunctionDomain::Interval { low }, FunctionDomain::Values(domain)) => {
            for (i, element) in domain.iter().enumerate() {
                let Value::Int(n) = element else {
                    return Err(EvalError::incomparable(format!(
                        "Attempted to compare integer with non-integer:\n{}.",
                        ppr(element)
                    )));
                };
                let cmp = (i64::from(*low) + i as i64).cmp(n);
                if cmp != Ordering::Equal {
                    return Ok(cmp);
                }
            }
        }
        (FunctionDomain::Values(domain), FunctionDomain::Interval { low }) => {
            for (i, element) in domain.iter().enumerate() {
                let Value::Int(n) = element else {
                    return Err(EvalError::incomparable(format!(
                        "Attempted to compare integer with non-integer\n{}.",
                        ppr(element)
                    )));
                };
                let cmp = n.cmp(&(i64::from(*low) + i as i64));
                if cmp != Ordering::Equal {
                    return Ok(cmp);
                }
            }
        }
        (FunctionDomain::Values(xs), FunctionDomain::Values(ys)) => {
            let cmp = compare_slices(xs, ys)?;
            if cmp != Ordering::Equal {
                return Ok(cmp);
            }
        }
    }
    compare_slices(function.values(), other.values())
}

/// `FcnRcdValue.equals`.
fn equals_function(function: &Function, a: &Value, b: &Value) -> EvalResult<bool> {
    mark_compared(function, b);
    let Some(other) = to_function(b)? else {
        return match b {
            Value::ModelValue(m) => model_value_equals_from_other(m, a),
            _ => Err(EvalError::incomparable(format!(
                "Attempted to check equality of the function {} with the value:\n{}",
                ppr(a),
                ppr(b)
            ))),
        };
    };
    let not_integer = |element: &Value| {
        EvalError::incomparable(format!(
            "Attempted to compare an integer with non-integer:\n{}.",
            ppr(element)
        ))
    };
    if function.len() != other.len() {
        // TLC checks the interval-against-interval case through `IntervalValue.equals`, which
        // gives the same answer for different sizes.
        return Ok(false);
    }
    match (function.domain(), other.domain()) {
        (FunctionDomain::Interval { low: x }, FunctionDomain::Interval { low: y }) => {
            if !function.is_empty() && x != y {
                return Ok(false);
            }
        }
        (FunctionDomain::Interval { low }, FunctionDomain::Values(domain))
        | (FunctionDomain::Values(domain), FunctionDomain::Interval { low }) => {
            for (i, element) in domain.iter().enumerate() {
                let Value::Int(n) = element else { return Err(not_integer(element)) };
                if *n != i64::from(*low) + i as i64 {
                    return Ok(false);
                }
            }
        }
        (FunctionDomain::Values(xs), FunctionDomain::Values(ys)) => {
            if !equal_slices(xs, ys)? {
                return Ok(false);
            }
        }
    }
    equal_slices(function.values(), other.values())
}

/// `ModelValue.compareTo`.
fn model_value_compare(m: &Atom, a: &Value, b: &Value) -> EvalResult<Ordering> {
    let Some(kind) = m.model_value_type() else {
        return Ok(match b {
            Value::ModelValue(other) => m.cmp(other),
            _ => Ordering::Less,
        });
    };
    match b {
        Value::ModelValue(other) => match other.model_value_type() {
            Some(other_kind) if other_kind != kind => Err(EvalError::incomparable(format!(
                "Attempted to compare the differently-typed model values {} and {}",
                ppr(a),
                ppr(b)
            ))),
            _ => Ok(m.cmp(other)),
        },
        _ => Err(EvalError::incomparable(format!(
            "Attempted to compare the typed model value {} and non-model value\n{}",
            ppr(a),
            ppr(b)
        ))),
    }
}

/// `ModelValue.modelValueCompareTo`: a non-model value compared with model value `m`.
pub(crate) fn model_value_compare_from_other(m: &Atom, other: &Value) -> EvalResult<Ordering> {
    if m.model_value_type().is_some() {
        return Err(EvalError::incomparable(format!(
            "Attempted to compare the typed model value {} and the non-model value\n{}",
            m,
            ppr(other)
        )));
    }
    Ok(Ordering::Greater)
}

/// `ModelValue.equals`.
fn model_value_equals(m: &Atom, a: &Value, b: &Value) -> EvalResult<bool> {
    if matches!(b, Value::ModelValue(other) if other == m) {
        return Ok(true);
    }
    let Some(kind) = m.model_value_type() else {
        return Ok(matches!(b, Value::ModelValue(other) if other == m));
    };
    match b {
        Value::ModelValue(other) => match other.model_value_type() {
            Some(other_kind) if other_kind != kind => Err(EvalError::incomparable(format!(
                "Attempted to check equality of the differently-typed model values {} and {}",
                ppr(a),
                ppr(b)
            ))),
            _ => Ok(other == m),
        },
        _ => Err(EvalError::incomparable(format!(
            "Attempted to check equality of typed model value {} and non-model value\n{}",
            ppr(a),
            ppr(b)
        ))),
    }
}

/// `ModelValue.modelValueEquals`: a non-model value tested for equality with model value `m`.
pub(crate) fn model_value_equals_from_other(m: &Atom, other: &Value) -> EvalResult<bool> {
    if m.model_value_type().is_some() {
        return Err(EvalError::incomparable(format!(
            "Attempted to check equality of the typed model value {} and the non-model value\n{}",
            m,
            ppr(other)
        )));
    }
    Ok(false)
}

/// `ModelValue.modelValueMember`: model value `m` tested for membership in a set of non-model
/// values.
pub(crate) fn model_value_member(m: &Atom, set_text: &str) -> EvalResult<bool> {
    if m.model_value_type().is_some() {
        return Err(EvalError::incomparable(format!(
            "Attempted to check if the typed model value {m} is an element of\n{set_text}"
        )));
    }
    Ok(false)
}

/// Sorts by TLC's order and removes duplicates (keeping the first of equal elements), failing
/// with the error TLC's `ValueVec.sort` meets first.
pub(crate) fn normalize_set_elements(elems: Vec<Value>) -> EvalResult<Vec<Value>> {
    if elems.len() <= 1 {
        return Ok(elems);
    }
    let elems = match merge_few_into_sorted_prefix(elems) {
        Ok(sorted) => return Ok(sorted),
        Err(elems) => elems,
    };
    match merge_sort(elems.clone()) {
        Ok(mut sorted) => {
            let mut deduplicated: Vec<Value> = Vec::with_capacity(sorted.len());
            for elem in sorted.drain(..) {
                if let Some(last) = deduplicated.last() {
                    if compare(&elem, last)? == Ordering::Equal {
                        continue;
                    }
                }
                deduplicated.push(elem);
            }
            Ok(deduplicated)
        }
        Err(fast_error) => match tlc_insertion_sort(elems) {
            Err(error) => Err(error),
            Ok(_) => Err(fast_error),
        },
    }
}

/// Most elements TLC's order puts among a sorted prefix in [`merge_few_into_sorted_prefix`].
const MAX_MERGED: usize = 4;

/// The usual shape of a set built from a normalised one (`S \cup {x}`, a few new elements
/// appended): a strictly increasing prefix and at most [`MAX_MERGED`] elements after it. Those
/// are placed by binary search, and one equal to an element before it is dropped, so the result
/// is what sorting and removing later duplicates gives, with far fewer comparisons and no
/// copies. The elements come back unchanged when they have another shape or a comparison fails
/// (the general path then reports TLC's error).
fn merge_few_into_sorted_prefix(mut elems: Vec<Value>) -> Result<Vec<Value>, Vec<Value>> {
    let len = elems.len();
    let mut prefix = 1;
    while prefix < len {
        match compare(&elems[prefix - 1], &elems[prefix]) {
            Ok(Ordering::Less) => prefix += 1,
            Ok(_) => break,
            Err(_) => return Err(elems),
        }
    }
    if prefix == len {
        return Ok(elems);
    }
    if len - prefix > MAX_MERGED {
        return Err(elems);
    }
    // The later elements that stay, in TLC's order, each with its place among the prefix's.
    let mut merged: Vec<(usize, usize)> = Vec::with_capacity(len - prefix);
    'later: for index in prefix..len {
        let elem = &elems[index];
        let (mut low, mut high) = (0, prefix);
        while low < high {
            let mid = (low + high) / 2;
            match compare(elem, &elems[mid]) {
                Ok(Ordering::Equal) => continue 'later,
                Ok(Ordering::Less) => high = mid,
                Ok(Ordering::Greater) => low = mid + 1,
                Err(_) => return Err(elems),
            }
        }
        let mut at = merged.len();
        for (position, (_, other)) in merged.iter().enumerate() {
            match compare(elem, &elems[*other]) {
                Ok(Ordering::Equal) => continue 'later,
                Ok(Ordering::Less) => {
                    at = position;
                    break;
                }
                Ok(Ordering::Greater) => {}
                Err(_) => return Err(elems),
            }
        }
        merged.insert(at, (low, index));
    }
    let mut take = |index: usize| std::mem::replace(&mut elems[index], Value::Bool(false));
    let mut sorted = Vec::with_capacity(prefix + merged.len());
    let mut next = 0;
    for (place, index) in merged {
        while next < place {
            sorted.push(take(next));
            next += 1;
        }
        sorted.push(take(index));
    }
    while next < prefix {
        sorted.push(take(next));
        next += 1;
    }
    Ok(sorted)
}

/// A stable merge sort with a fallible comparison (the first error aborts).
fn merge_sort(mut elems: Vec<Value>) -> EvalResult<Vec<Value>> {
    let len = elems.len();
    let mut buffer: Vec<Value> = Vec::with_capacity(len);
    let mut width = 1;
    while width < len {
        buffer.clear();
        let mut start = 0;
        while start < len {
            let middle = (start + width).min(len);
            let end = (start + 2 * width).min(len);
            let (mut i, mut j) = (start, middle);
            while i < middle && j < end {
                // Take from the right run only when strictly smaller: stability.
                if compare(&elems[j], &elems[i])? == Ordering::Less {
                    buffer.push(elems[j].clone());
                    j += 1;
                } else {
                    buffer.push(elems[i].clone());
                    i += 1;
                }
            }
            buffer.extend_from_slice(&elems[i..middle]);
            buffer.extend_from_slice(&elems[j..end]);
            start = end;
        }
        std::mem::swap(&mut elems, &mut buffer);
        width *= 2;
    }
    Ok(elems)
}

/// TLC's `ValueVec.sort(true)`: binary insertion, `elem.compareTo(sorted[mid])`.
fn tlc_insertion_sort(elems: Vec<Value>) -> EvalResult<Vec<Value>> {
    let mut sorted: Vec<Value> = Vec::with_capacity(elems.len());
    for elem in elems {
        let (mut low, mut high) = (0, sorted.len());
        let mut duplicate = false;
        while low < high {
            let mid = (low + high) / 2;
            match compare(&elem, &sorted[mid])? {
                Ordering::Equal => {
                    duplicate = true;
                    break;
                }
                Ordering::Less => high = mid,
                Ordering::Greater => low = mid + 1,
            }
        }
        if !duplicate {
            sorted.insert(low, elem);
        }
    }
    Ok(sorted)
}

/// Sorts a function's domain (with its values), failing as TLC's `FcnRcdValue.normalize` does on
/// a duplicate or on incomparable domain elements.
pub(crate) fn normalize_function_domain(
    mut domain: Vec<Value>,
    mut values: Vec<Value>,
) -> EvalResult<(Vec<Value>, Vec<Value>)> {
    let duplicate = |element: &Value| {
        EvalError::general(
            EvalErrorKind::Duplicate,
            format!(
                "The value\n{}\noccurs multiple times in the function domain.",
                crate::print::to_tlc_string(element)
            ),
        )
    };
    // Fast path: already strictly increasing (the common case for generated domains). Any error
    // here falls through to TLC's own algorithm, which reports TLC's first failing pair.
    let mut sorted = true;
    for pair in domain.windows(2) {
        if !matches!(compare(&pair[0], &pair[1]), Ok(Ordering::Less)) {
            sorted = false;
            break;
        }
    }
    if sorted {
        return Ok((domain, values));
    }
    // TLC's algorithm: the minimum to the front, then insertion sort of the rest.
    let len = domain.len();
    for i in 1..len {
        match compare(&domain[0], &domain[i])? {
            Ordering::Equal => return Err(duplicate(&domain[i])),
            Ordering::Greater => {
                domain.swap(0, i);
                values.swap(0, i);
            }
            Ordering::Less => {}
        }
    }
    for i in 2..len {
        let mut position = i;
        let mut cmp = compare(&domain[i], &domain[position - 1])?;
        while cmp == Ordering::Less {
            position -= 1;
            cmp = compare(&domain[i], &domain[position - 1])?;
        }
        if cmp == Ordering::Equal {
            return Err(duplicate(&domain[i]));
        }
        domain[position..=i].rotate_right(1);
        values[position..=i].rotate_right(1);
    }
    Ok((domain, values))
}
