//! Set operations over every set representation: membership, enumeration, size, the set
//! operators and `CHOOSE` order.
//!
//! The operators follow TLC's evaluation (`Tool.java` `OPCODE_cup` and friends): when one side is
//! an enumerated set or an interval (TLC's `Reducible`), the result is computed eagerly, keeping
//! the first operand's stored order and leaving the result unnormalised where TLC does; otherwise
//! the result stays lazy. Membership in an enumerated set scans with equality until the set has
//! been normalised, then binary-searches with the order, which is where TLC's errors on mixed sets
//! come from.

use std::cmp::Ordering;
use std::sync::Arc;

use crate::atom::Atom;
use crate::convert::to_set_enum;
use crate::error::{ec, EvalError, EvalErrorKind, EvalResult};
use crate::ext::ExtClass;
use crate::lazy::{LazyKind, LazySet};
use crate::order::{compare, equals};
use crate::print::ppr;
use crate::value::{SetEnum, SharedDomain, Value};

/// Whether TLC can enumerate this value (`instanceof Enumerable`).
pub fn is_enumerable(value: &Value) -> bool {
    match value {
        Value::Set(_) | Value::Interval(_) => true,
        Value::Lazy(lazy) => !lazy.is_user_set(),
        Value::Ext(ext) => ext.class() == ExtClass::Set && ext.is_enumerable(),
        _ => false,
    }
}

/// The elements in TLC's enumeration order (`Enumerable.elements()`): normalised order for
/// enumerated sets and intervals, the kind's own order for lazy sets.
pub fn elements(value: &Value) -> EvalResult<Vec<Value>> {
    match value {
        Value::Set(set) => Ok(set.normalized()?.to_vec()),
        Value::Interval(interval) => {
            let size = interval.size()?;
            Ok((0..size).map(|i| Value::Int(i64::from(interval.low) + i as i64)).collect())
        }
        Value::Lazy(lazy) => lazy.elements(),
        Value::Ext(ext) if ext.class() == ExtClass::Set => ext.elements(),
        _ => Err(EvalError::not_enumerable(format!(
            "Attempted to enumerate the non-set value:\n{}",
            ppr(value)
        ))),
    }
}

/// The elements in TLC's normalised order (what `CHOOSE` and printing use).
pub fn normalized_elements(value: &Value) -> EvalResult<Vec<Value>> {
    Ok(enumerated(value)?.normalized()?.to_vec())
}

/// The elements of the set a set filter `{x \in S : P}` filters. TLC goes through a lazy `S`
/// without building its enumerated form, so the bound on set sizes, which TLC checks when it
/// builds one (and when a quantifier enumerates `S` in normalised order), does not apply to `S`:
/// `{c \in [a : 0..1000, b : 0..1000] : P(c)}` is filtered, not refused. It applies to the set
/// of the elements kept.
pub fn filtered_set_base(value: &Value) -> EvalResult<Arc<SetEnum>> {
    match enumerated(value) {
        Err(error) if error.kind == EvalErrorKind::SetTooLarge => match value {
            Value::Lazy(lazy) => Ok(Arc::new(SetEnum::from_unnormalized(lazy.elements()?))),
            _ => Err(error),
        },
        other => other,
    }
}

/// The normalised elements of an enumerated set as a function domain, the same shared one each
/// time the current thread asks for the same set: `[n \in Node |-> ...]` in every state then
/// holds one domain, not a copy of `Node` per state. A thread remembers the domains of its
/// last few sets (of at most [`SHARED_DOMAIN_SIZE`] elements).
pub fn shared_domain(set: &Arc<SetEnum>) -> EvalResult<SharedDomain> {
    use std::cell::RefCell;
    const REMEMBERED: usize = 8;
    thread_local! {
        static DOMAINS: RefCell<Vec<(Arc<SetEnum>, SharedDomain)>> = const { RefCell::new(Vec::new()) };
    }
    let found = DOMAINS.with(|domains| {
        let domains = domains.borrow();
        domains.iter().find(|(known, _)| Arc::ptr_eq(known, set)).map(|(_, domain)| domain.clone())
    });
    if let Some(domain) = found {
        return Ok(domain);
    }
    let elements = set.normalized()?;
    let domain = SharedDomain::from(elements.to_vec());
    if elements.len() <= SHARED_DOMAIN_SIZE {
        DOMAINS.with(|domains| {
            let mut domains = domains.borrow_mut();
            if domains.len() == REMEMBERED {
                domains.remove(0);
            }
            domains.push((set.clone(), domain.clone()));
        });
    }
    Ok(domain)
}

/// The largest set whose domain [`shared_domain`] remembers.
pub const SHARED_DOMAIN_SIZE: usize = 4096;

/// The set as an enumerated set, whose `normalized()` elements can be borrowed (quantifiers
/// iterate over them without copying).
pub fn enumerated(value: &Value) -> EvalResult<Arc<SetEnum>> {
    match to_set_enum(value)? {
        Some(set) => Ok(set),
        None => Err(EvalError::not_enumerable(format!("{} is not enumerable.", ppr(value)))),
    }
}

/// `elem \in set` (TLC's `set.member(elem)`).
pub fn member(set: &Value, elem: &Value) -> EvalResult<bool> {
    let not_a_set = |what: &str| {
        Err(EvalError::general(
            EvalErrorKind::WrongKind,
            format!(
                "Attempted to check if the value:\n{}\nis an element of the {what} {}",
                ppr(elem),
                ppr(set)
            ),
        ))
    };
    match set {
        Value::Set(enumerated) => {
            if enumerated.is_normalized_now() {
                let elems = enumerated.normalized()?;
                let (mut low, mut high) = (0, elems.len());
                while low < high {
                    let mid = (low + high) / 2;
                    match compare(elem, &elems[mid])? {
                        Ordering::Equal => return Ok(true),
                        Ordering::Less => high = mid,
                        Ordering::Greater => low = mid + 1,
                    }
                }
                Ok(false)
            } else {
                for candidate in enumerated.current_elements() {
                    if equals(candidate, elem)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
        }
        Value::Interval(interval) => match elem {
            Value::Int(n) => Ok(interval.contains(*n)),
            Value::ModelValue(m) if m.model_value_type().is_none() => Ok(false),
            _ if interval.is_empty() => Ok(false),
            _ => Err(EvalError::general(
                EvalErrorKind::Incomparable,
                format!(
                    "Attempted to check if the value:\n{}\nis in the integer interval {}",
                    ppr(elem),
                    ppr(set)
                ),
            )),
        },
        Value::Lazy(lazy) => lazy.member(elem),
        Value::Ext(ext) => ext.member(elem),
        Value::Bool(_) => not_a_set("boolean"),
        Value::Int(_) => not_a_set("integer"),
        Value::Str(_) => not_a_set("string"),
        Value::ModelValue(_) => not_a_set("model value"),
        Value::Function(_) => not_a_set("function"),
        Value::Tuple(_) => Err(EvalError::general(
            EvalErrorKind::WrongKind,
            "Attempted to check set membership in a tuple value.",
        )),
        Value::Record(_) => Err(EvalError::general(
            EvalErrorKind::WrongKind,
            format!(
                "Attempted to check if element:\n{}\nis in the record:\n{}",
                ppr(elem),
                ppr(set)
            ),
        )),
    }
}

/// TLC's `Value.size()`: the number of elements of a set, or of a function's domain.
pub fn size(value: &Value) -> EvalResult<usize> {
    let not_countable = |what: &str| {
        Err(EvalError::general(
            EvalErrorKind::WrongKind,
            format!("Attempted to compute the number of elements in the {what} {}.", ppr(value)),
        ))
    };
    match value {
        Value::Set(set) => set.size(),
        Value::Interval(interval) => interval.size(),
        Value::Lazy(lazy) => lazy.size(),
        Value::Ext(ext) => size(&ext.to_concrete()?),
        Value::Tuple(elems) => Ok(elems.len()),
        Value::Record(record) => Ok(record.len()),
        Value::Function(function) => Ok(function.len()),
        Value::Bool(_) => not_countable("boolean"),
        Value::Int(_) => not_countable("integer"),
        Value::Str(_) => not_countable("string"),
        Value::ModelValue(_) => not_countable("model value"),
    }
}

/// TLC's `Value.isEmpty()` on sets.
pub fn is_empty(value: &Value) -> EvalResult<bool> {
    match value {
        Value::Set(set) => Ok(set.current_elements().is_empty()),
        Value::Interval(interval) => Ok(interval.is_empty()),
        Value::Lazy(lazy) if matches!(lazy.kind(), LazyKind::Subset(_)) => Ok(false),
        Value::Lazy(lazy) if !lazy.is_user_set() => Ok(lazy.elements()?.is_empty()),
        Value::Ext(ext) if ext.class() == ExtClass::Set => Ok(ext.elements()?.is_empty()),
        _ => Err(EvalError::general(
            EvalErrorKind::WrongKind,
            format!("Shouldn't call isEmpty() on value {}", ppr(value)),
        )),
    }
}

/// `Cardinality(S)` (`FiniteSets.java`).
pub fn cardinality(set: &Value) -> EvalResult<Value> {
    if !is_enumerable(set) {
        return Err(EvalError::coded(
            EvalErrorKind::WrongKind,
            ec::TLC_MODULE_COMPUTING_CARDINALITY,
            format!("Attempted to compute cardinality of the value\n{}", ppr(set)),
        ));
    }
    Ok(Value::Int(size(set)? as i64))
}

/// TLC's `isFinite()` (used by `IsFiniteSet`).
pub fn is_finite(value: &Value) -> EvalResult<bool> {
    let not_a_set = |what: &str| {
        Err(EvalError::general(
            EvalErrorKind::WrongKind,
            format!("Attempted to check if the {what} {} is a finite set.", ppr(value)),
        ))
    };
    match value {
        Value::Set(_)
        | Value::Interval(_)
        | Value::Tuple(_)
        | Value::Record(_)
        | Value::Function(_) => Ok(true),
        Value::Bool(_) => not_a_set("boolean"),
        Value::Int(_) => not_a_set("integer"),
        Value::Str(_) => not_a_set("string"),
        Value::ModelValue(_) => not_a_set("model value"),
        Value::Ext(ext) => Ok(ext.class() != ExtClass::Set || is_finite(&ext.to_concrete()?)?),
        Value::Lazy(lazy) => match lazy.kind() {
            LazyKind::Nat | LazyKind::Int | LazyKind::Strings | LazyKind::Seq(_) => Ok(false),
            LazyKind::Subset(base) => is_finite(base),
            LazyKind::FunctionSet { domain, range } => Ok(is_finite(domain)? && is_finite(range)?),
            LazyKind::RecordSet { sets, .. } | LazyKind::Product(sets) => {
                for set in sets {
                    if !is_finite(set)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            LazyKind::Cup(a, b) => Ok(is_finite(a)? && is_finite(b)?),
            LazyKind::Cap(a, b) => {
                if !is_finite(a)? && !is_finite(b)? {
                    return Err(EvalError::general(
                        EvalErrorKind::Unsupported,
                        format!("Attempted to check if the set {}is finite.", ppr(value)),
                    ));
                }
                Ok(true)
            }
            LazyKind::Diff(a, b) => {
                if is_finite(a)? {
                    return Ok(true);
                }
                if !is_finite(b)? {
                    return Err(EvalError::general(
                        EvalErrorKind::Unsupported,
                        format!("Attempted to check if the set {}is finite.", ppr(value)),
                    ));
                }
                Ok(false)
            }
            LazyKind::Union(sets) => {
                for set in elements(sets)? {
                    if !is_finite(&set)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
        },
    }
}

fn is_reducible(value: &Value) -> bool {
    matches!(value, Value::Set(_) | Value::Interval(_))
}

/// `a \cup b` as TLC evaluates it.
pub fn union(a: &Value, b: &Value) -> EvalResult<Value> {
    if is_reducible(a) {
        reducible_cup(a, b)
    } else if is_reducible(b) {
        reducible_cup(b, a)
    } else {
        Ok(Value::lazy(LazySet::new(LazyKind::Cup(a.clone(), b.clone()))))
    }
}

fn reducible_cup(reducible: &Value, other: &Value) -> EvalResult<Value> {
    let first: Vec<Value> = match reducible {
        Value::Set(set) => set.current_elements().to_vec(),
        _ => elements(reducible)?,
    };
    if first.is_empty() {
        return Ok(other.clone());
    }
    if !is_reducible(other) {
        return Ok(Value::lazy(LazySet::new(LazyKind::Cup(reducible.clone(), other.clone()))));
    }
    let mut result = first;
    for elem in elements(other)? {
        if !member(reducible, &elem)? {
            result.push(elem);
        }
    }
    crate::lazy::check_set_size(result.len())?;
    Ok(Value::set_from_unnormalized(result))
}

/// `a \cap b` as TLC evaluates it.
pub fn intersection(a: &Value, b: &Value) -> EvalResult<Value> {
    if is_reducible(a) {
        reducible_filter(a, b, true)
    } else if is_reducible(b) {
        reducible_filter(b, a, true)
    } else {
        Ok(Value::lazy(LazySet::new(LazyKind::Cap(a.clone(), b.clone()))))
    }
}

/// `a \ b` as TLC evaluates it.
pub fn difference(a: &Value, b: &Value) -> EvalResult<Value> {
    if is_reducible(a) {
        reducible_filter(a, b, false)
    } else {
        Ok(Value::lazy(LazySet::new(LazyKind::Diff(a.clone(), b.clone()))))
    }
}

/// The elements of `reducible` (in stored order) that are (`keep_members`) or are not in `other`.
fn reducible_filter(reducible: &Value, other: &Value, keep_members: bool) -> EvalResult<Value> {
    let (elems, normalized) = match reducible {
        Value::Set(set) => (set.current_elements().to_vec(), set.is_normalized_now()),
        _ => (elements(reducible)?, true),
    };
    let mut result = Vec::new();
    for elem in elems {
        if member(other, &elem)? == keep_members {
            result.push(elem);
        }
    }
    Ok(Value::Set(Arc::new(if normalized {
        SetEnum::from_normalized(result)
    } else {
        SetEnum::from_unnormalized(result)
    })))
}

/// `SUBSET s`.
pub fn subset(base: &Value) -> Value {
    Value::lazy(LazySet::new(LazyKind::Subset(base.clone())))
}

/// `UNION s` (`UnionValue.union`): eager when `s` is an enumerated set of enumerated sets.
pub fn big_union(sets: &Value) -> EvalResult<Value> {
    if let Value::Set(outer) = sets {
        let inner: Vec<&Value> = outer.current_elements().iter().collect();
        if inner.iter().all(|set| matches!(set, Value::Set(_))) {
            let mut result: Vec<Value> = Vec::new();
            for set in inner {
                let Value::Set(set) = set else { continue };
                for elem in set.current_elements() {
                    let mut seen = false;
                    for existing in &result {
                        if equals(existing, elem)? {
                            seen = true;
                            break;
                        }
                    }
                    if !seen {
                        result.push(elem.clone());
                    }
                }
            }
            crate::lazy::check_set_size(result.len())?;
            return Ok(Value::set_from_unnormalized(result));
        }
    }
    Ok(Value::lazy(LazySet::new(LazyKind::Union(sets.clone()))))
}

/// `s1 \X ... \X sn`.
pub fn product(sets: Vec<Value>) -> Value {
    Value::lazy(LazySet::new(LazyKind::Product(sets)))
}

/// `[domain -> range]`.
pub fn function_set(domain: &Value, range: &Value) -> Value {
    Value::lazy(LazySet::new(LazyKind::FunctionSet {
        domain: domain.clone(),
        range: range.clone(),
    }))
}

/// `[n1 : s1, ..., nk : sk]`.
pub fn record_set(fields: Vec<(Atom, Value)>) -> Value {
    let (names, sets) = fields.into_iter().unzip();
    Value::lazy(LazySet::new(LazyKind::RecordSet { names, sets }))
}

/// `Seq(s)`.
pub fn seq_set(range: &Value) -> Value {
    Value::lazy(LazySet::new(LazyKind::Seq(range.clone())))
}

/// `Nat`.
pub fn nat() -> Value {
    Value::lazy(LazySet::new(LazyKind::Nat))
}

/// `Int`.
pub fn int() -> Value {
    Value::lazy(LazySet::new(LazyKind::Int))
}

/// `STRING`.
pub fn strings() -> Value {
    Value::lazy(LazySet::new(LazyKind::Strings))
}

/// `a \subseteq b` (`isSubsetEq`). `a` must be enumerable.
pub fn subseteq(a: &Value, b: &Value) -> EvalResult<bool> {
    if !is_enumerable(a) {
        return Err(EvalError::not_enumerable(
            "Attempted to evaluate an expression of form S \\subseteq T, but S was not enumerable.",
        ));
    }
    if let (Value::Interval(x), Value::Interval(y)) = (a, b) {
        if y.low <= x.low && y.high >= x.high {
            return Ok(true);
        }
    }
    if let (Value::Lazy(x), Value::Lazy(y)) = (a, b) {
        if let (LazyKind::Subset(x), LazyKind::Subset(y)) = (x.kind(), y.kind()) {
            if is_enumerable(x) {
                return subseteq(x, y);
            }
        }
    }
    for elem in elements(a)? {
        if !member(b, &elem)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// `CHOOSE x \in set : predicate(x)`: the first element in TLC's normalised order that satisfies
/// the predicate, or `None` (TLC then reports that no value satisfies it).
pub fn choose(
    set: &Value,
    mut predicate: impl FnMut(&Value) -> EvalResult<bool>,
) -> EvalResult<Option<Value>> {
    for elem in normalized_elements(set)? {
        if predicate(&elem)? {
            return Ok(Some(elem));
        }
    }
    Ok(None)
}
