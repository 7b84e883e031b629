//! Sets TLC keeps symbolic: `Nat`, `Int`, `STRING`, `Seq(S)`, `SUBSET S`, `[S -> T]`,
//! `[a : S, b : T]`, `S \X T`, and the lazy forms of `\cup`, `\cap`, `\` and `UNION`.
//!
//! Each kind answers membership without enumerating where TLC does (`x \in [S -> Nat]`,
//! `s \in Seq(S)`, `T \in SUBSET S`), enumerates in TLC's order where TLC enumerates (odometers with
//! the last component varying fastest, `SUBSET` by size then lexicographically, `\cup` as the
//! first set's elements then the second's), and fails with TLC's message where TLC cannot. The
//! enumerated form is computed once and cached, as TLC's `convertAndCache` does.

use std::cmp::Ordering;
use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};
use std::sync::{Arc, OnceLock};

use crate::atom::Atom;
use crate::convert::{to_function, to_record, to_set_enum, tuple_elements};
use crate::error::{EvalError, EvalErrorKind, EvalResult};
use crate::order::{compare, compare_set_enum, equals, equals_set_enum, model_value_member};
use crate::print::ppr;
use crate::sets::{elements, is_empty, is_enumerable, member, size};
use crate::value::{Function, FunctionDomain, Record, SetEnum, Value};

static MAX_SET_SIZE: AtomicUsize = AtomicUsize::new(1_000_000);

/// TLC's default bound on enumerated sets (`TLCGlobals.setBound`, `-maxSetSize`).
pub const DEFAULT_MAX_SET_SIZE: usize = 1_000_000;

/// Sets the bound on enumerated sets for the whole process, like TLC's `-maxSetSize`.
pub fn set_max_set_size(bound: usize) {
    MAX_SET_SIZE.store(bound, AtomicOrdering::Relaxed);
}

/// The current bound on enumerated sets.
pub fn max_set_size() -> usize {
    MAX_SET_SIZE.load(AtomicOrdering::Relaxed)
}

/// Fails with TLC's `ValueVec` message when an enumerated set would exceed the bound.
pub fn check_set_size(size: usize) -> EvalResult<()> {
    let bound = max_set_size();
    if size > bound {
        return Err(EvalError::general(
            EvalErrorKind::SetTooLarge,
            format!("Attempted to construct a set with too many elements (>{bound})."),
        ));
    }
    Ok(())
}

/// The kinds of lazy set.
pub enum LazyKind {
    Nat,
    Int,
    /// `STRING`.
    Strings,
    /// `Seq(S)`.
    Seq(Value),
    /// `SUBSET S`.
    Subset(Value),
    /// `[domain -> range]`.
    FunctionSet {
        domain: Value,
        range: Value,
    },
    /// `[n1 : S1, ...]`, fields sorted by the rank of their names.
    RecordSet {
        names: Vec<Atom>,
        sets: Vec<Value>,
    },
    /// `S1 \X ... \X Sn`.
    Product(Vec<Value>),
    Cup(Value, Value),
    Cap(Value, Value),
    Diff(Value, Value),
    /// `UNION S`.
    Union(Value),
}

/// A lazy set and its cached enumerated form.
pub struct LazySet {
    kind: LazyKind,
    enumerated: OnceLock<EvalResult<Option<Arc<SetEnum>>>>,
    /// Set when the set is a constant of the run whose memberships are remembered
    /// (`membership_memo.rs`).
    memo_id: OnceLock<u64>,
}

impl LazySet {
    pub fn new(kind: LazyKind) -> LazySet {
        let kind = match kind {
            LazyKind::RecordSet { names, sets } => {
                let mut fields: Vec<(Atom, Value)> = names.into_iter().zip(sets).collect();
                fields.sort_by_key(|x| x.0);
                let (names, sets) = fields.into_iter().unzip();
                LazyKind::RecordSet { names, sets }
            }
            other => other,
        };
        LazySet { kind, enumerated: OnceLock::new(), memo_id: OnceLock::new() }
    }

    /// Marks this set, a constant of the run, and the lazy sets it is built from, so that
    /// membership of the state's parts in them is remembered per thread
    /// (`membership_memo.rs`). The kinds whose elements are scalars or tuples (`Nat`, `Seq(S)`)
    /// have nothing to gain and are left alone.
    pub fn remember_memberships(&self) {
        let parts: &[Value] = match &self.kind {
            LazyKind::Nat | LazyKind::Int | LazyKind::Strings => return,
            LazyKind::Seq(range) => std::slice::from_ref(range),
            LazyKind::Subset(base) | LazyKind::Union(base) => std::slice::from_ref(base),
            LazyKind::FunctionSet { range, .. } => std::slice::from_ref(range),
            LazyKind::RecordSet { sets, .. } | LazyKind::Product(sets) => sets,
            LazyKind::Cup(left, right)
            | LazyKind::Cap(left, right)
            | LazyKind::Diff(left, right) => {
                left.remember_memberships();
                right.remember_memberships();
                &[]
            }
        };
        if !matches!(self.kind, LazyKind::Seq(_)) {
            let _ = self.memo_id.set(crate::membership_memo::new_memo_id());
        }
        for part in parts {
            part.remember_memberships();
        }
    }

    pub fn kind(&self) -> &LazyKind {
        &self.kind
    }

    /// `Nat`, `Int`, `STRING` and `Seq(S)`: TLC's `UserValue`s, which never enumerate.
    pub fn is_user_set(&self) -> bool {
        matches!(self.kind, LazyKind::Nat | LazyKind::Int | LazyKind::Strings | LazyKind::Seq(_))
    }

    /// TLC's `toSetEnum` (cached): `None` for the user sets.
    pub fn to_set_enum(&self) -> EvalResult<Option<Arc<SetEnum>>> {
        let result = self.enumerated.get_or_init(|| {
            if self.is_user_set() {
                return Ok(None);
            }
            let elems = self.elements()?;
            if !matches!(self.kind, LazyKind::Subset(_)) {
                check_set_size(elems.len())?;
            }
            Ok(Some(Arc::new(SetEnum::from_unnormalized(elems))))
        });
        result.clone()
    }

    /// TLC's `toString` of this set (expanded when small, as TLC prints by default).
    fn this(&self) -> String {
        crate::print::lazy_set_text(self)
    }

    /// The symbolic text, used in messages raised while enumerating (where TLC's attempt to
    /// expand fails the same way and falls back to it).
    fn symbolic(&self) -> String {
        crate::print::lazy_set_symbolic_text(self)
    }

    /// Membership without enumeration where TLC supports it; remembered for the state's parts
    /// when this set is marked ([`LazySet::remember_memberships`]).
    pub fn member(&self, elem: &Value) -> EvalResult<bool> {
        if let (Some(set), Some(hash)) = (self.memo_id.get(), elem.kept_state_hash()) {
            return crate::membership_memo::remembered_member(*set, hash, elem, || {
                self.member_directly(elem)
            });
        }
        self.member_directly(elem)
    }

    fn member_directly(&self, elem: &Value) -> EvalResult<bool> {
        match &self.kind {
            LazyKind::Nat | LazyKind::Int => {
                let name = if matches!(self.kind, LazyKind::Nat) { "Nat" } else { "Int" };
                match elem {
                    Value::Int(n) => Ok(matches!(self.kind, LazyKind::Int) || *n >= 0),
                    Value::ModelValue(m) => model_value_member(m, &self.this()),
                    _ => Err(EvalError::check_member_of(&ppr(elem), name)),
                }
            }
            LazyKind::Strings => match elem {
                Value::Str(_) => Ok(true),
                Value::ModelValue(m) => model_value_member(m, &self.this()),
                _ => Err(EvalError::check_member_of(&ppr(elem), "STRING")),
            },
            LazyKind::Seq(range) => match tuple_elements(elem)? {
                None => match elem {
                    Value::ModelValue(m) => model_value_member(m, &self.this()),
                    _ => Err(EvalError::check_member_of(&ppr(elem), &self.this())),
                },
                Some(elems) => all_members(range, &elems),
            },
            LazyKind::Subset(base) => {
                if !is_enumerable(elem) {
                    return Err(EvalError::general(
                        EvalErrorKind::Incomparable,
                        format!(
                            "Attempted to check if the non-enumerable value\n{}\nis element of\n{}",
                            ppr(elem),
                            self.this()
                        ),
                    ));
                }
                all_members(base, &elements(elem)?)
            }
            LazyKind::FunctionSet { domain, range } => {
                let Some(function) = to_function(elem)? else {
                    return match elem {
                        Value::ModelValue(m) => model_value_member(m, &self.this()),
                        _ => Err(EvalError::general(
                            EvalErrorKind::Incomparable,
                            format!(
                                "Attempted to check if \n{}\nwhich is not a TLC function value, is in the set of functions:\n{}",
                                crate::print::to_tlc_string(elem),
                                self.this()
                            ),
                        )),
                    };
                };
                let same_domain = match (function.interval(), domain, function.domain()) {
                    (Some(interval), _, _) => equals(&Value::Interval(interval), domain)?,
                    // The usual case, `f \in [S -> T]` with `S` enumerated: compare the
                    // normalised elements in place.
                    (None, Value::Set(set), FunctionDomain::Values(own)) => {
                        let expected = set.normalized()?;
                        expected.len() == own.len() && all_equal(expected, own)?
                    }
                    (None, _, _) => {
                        let function_domain = Value::Set(Arc::new(SetEnum::from_normalized(
                            function.domain_elements(),
                        )));
                        equals(domain, &function_domain)?
                    }
                };
                if !same_domain {
                    return Ok(false);
                }
                all_members(range, function.values())
            }
            LazyKind::RecordSet { names, sets } => {
                let Some(record) = to_record(elem)? else {
                    return match elem {
                        Value::ModelValue(m) => model_value_member(m, &self.this()),
                        _ => Err(EvalError::general(
                            EvalErrorKind::Incomparable,
                            format!(
                                "Attempted to check if non-record\n{}\nis in the set of records:\n{}",
                                crate::print::to_tlc_string(elem),
                                self.this()
                            ),
                        )),
                    };
                };
                if names.len() != record.len() {
                    return Ok(false);
                }
                for ((name, set), (field, value)) in
                    names.iter().zip(sets).zip(record.names().iter().zip(record.values()))
                {
                    if name != field || !member(set, value)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            LazyKind::Product(sets) => {
                let not_tuple = || {
                    EvalError::general(
                        EvalErrorKind::Incomparable,
                        format!(
                            "Attempted to check if non-tuple\n{}\nis in the set of tuples:\n{}",
                            ppr(elem),
                            self.this()
                        ),
                    )
                };
                let Some(tuple) = tuple_elements(elem)? else {
                    let Some(function) = to_function(elem)? else {
                        return match elem {
                            Value::ModelValue(m) => model_value_member(m, &self.this()),
                            _ => Err(not_tuple()),
                        };
                    };
                    if function.interval().is_none()
                        && function.domain_elements().iter().any(|d| !matches!(d, Value::Int(_)))
                    {
                        return Err(not_tuple());
                    }
                    return Ok(false);
                };
                if tuple.len() != sets.len() {
                    return Ok(false);
                }
                for (set, value) in sets.iter().zip(tuple.iter()) {
                    if !member(set, value)? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            LazyKind::Cup(a, b) => Ok(member(a, elem)? || member(b, elem)?),
            LazyKind::Cap(a, b) => Ok(member(a, elem)? && member(b, elem)?),
            LazyKind::Diff(a, b) => Ok(member(a, elem)? && !member(b, elem)?),
            LazyKind::Union(sets) => {
                if !is_enumerable(sets) {
                    return Err(EvalError::general(
                        EvalErrorKind::NotEnumerable,
                        format!(
                            "Attempted to check if:\n {}\nis an element of the non-enumerable set:\n {}",
                            ppr(elem),
                            self.this()
                        ),
                    ));
                }
                for set in elements(sets)? {
                    if member(&set, elem)? {
                        return Ok(true);
                    }
                }
                Ok(false)
            }
        }
    }

    /// The elements in TLC's enumeration order (possibly with duplicates for `\cup` and `UNION`).
    pub fn elements(&self) -> EvalResult<Vec<Value>> {
        match &self.kind {
            LazyKind::Nat | LazyKind::Int | LazyKind::Strings | LazyKind::Seq(_) => {
                Err(EvalError::not_enumerable(non_enumerable_bound_message(self, None)))
            }
            LazyKind::Subset(base) => {
                let n = size(base)?;
                if n == 0 {
                    return Ok(vec![Value::empty_set()]);
                }
                let Some(base_set) = to_set_enum(base)? else {
                    return Err(EvalError::not_enumerable(format!(
                        "Attempted to compute the value of an expression of form\nSUBSET S, but S is a non-enumerable value:\n{}",
                        ppr(base)
                    )));
                };
                let base_elems = base_set.normalized()?;
                subsets_in_tlc_order(base_elems)
            }
            LazyKind::FunctionSet { domain, range } => {
                let not_enumerable = |what: &str, value: &Value| {
                    EvalError::not_enumerable(format!(
                        "Attempted to enumerate a set of the form [D -> R],but the {what}:\n{}\ncannot be enumerated.",
                        ppr(value)
                    ))
                };
                if let Value::Interval(interval) = domain {
                    let n = interval.size()?;
                    if !is_enumerable(range) {
                        return Err(not_enumerable("range R", range));
                    }
                    let range_elems = elements(range)?;
                    return Ok(odometer(&vec![range_elems; n])
                        .into_iter()
                        .map(|values| {
                            Value::Function(Arc::new(Function::from_interval(interval.low, values)))
                        })
                        .collect());
                }
                let Some(domain_set) = to_set_enum(domain)? else {
                    return Err(not_enumerable("domain D", domain));
                };
                let domain_elems = domain_set.normalized()?.to_vec();
                if !is_enumerable(range) {
                    return Err(not_enumerable("range R", range));
                }
                let range_elems = elements(range)?;
                Ok(odometer(&vec![range_elems; domain_elems.len()])
                    .into_iter()
                    .map(|values| {
                        Value::Function(Arc::new(Function::from_normalized_pairs(
                            domain_elems.clone(),
                            values,
                        )))
                    })
                    .collect())
            }
            LazyKind::RecordSet { names, sets } => {
                let mut columns = Vec::with_capacity(sets.len());
                for (name, set) in names.iter().zip(sets) {
                    if !is_enumerable(set) {
                        return Err(EvalError::not_enumerable(format!(
                            "Attempted to enumerate a set of the form [l1 : v1, ..., ln : vn],\nbut can't enumerate the value of the `{name}' field:\n{}",
                            ppr(set)
                        )));
                    }
                    columns.push(elements(set)?);
                }
                let names = crate::value::shared_field_names(names);
                Ok(odometer(&columns)
                    .into_iter()
                    .map(|values| {
                        Value::Record(Arc::new(Record::from_normalized(names.clone(), values)))
                    })
                    .collect())
            }
            LazyKind::Product(sets) => {
                let mut columns = Vec::with_capacity(sets.len());
                for (i, set) in sets.iter().enumerate() {
                    if !is_enumerable(set) {
                        return Err(EvalError::not_enumerable(format!(
                            "Attempted to enumerate a set of the form s1 \\X s2 ... \\X sn,\nbut can't enumerate s{i}:\n{}",
                            ppr(set)
                        )));
                    }
                    columns.push(elements(set)?);
                }
                Ok(odometer(&columns).into_iter().map(Value::tuple).collect())
            }
            LazyKind::Cup(a, b) => {
                if !is_enumerable(a) || !is_enumerable(b) {
                    return Err(EvalError::not_enumerable(format!(
                        "Attempted to enumerate S \\cup T when S:\n{}\nand T:\n{}\nare not both enumerable",
                        ppr(a),
                        ppr(b)
                    )));
                }
                let mut result = elements(a)?;
                result.extend(elements(b)?);
                Ok(result)
            }
            LazyKind::Cap(a, b) => {
                let (enumerated, other) = if is_enumerable(a) {
                    (a, b)
                } else if is_enumerable(b) {
                    (b, a)
                } else {
                    return Err(EvalError::not_enumerable(format!(
                        "Attempted to enumerate S \\cap T when neither S:\n{}\nnor T:\n{}\nis enumerable",
                        ppr(a),
                        ppr(b)
                    )));
                };
                let mut result = Vec::new();
                for elem in elements(enumerated)? {
                    if member(other, &elem)? {
                        result.push(elem);
                    }
                }
                Ok(result)
            }
            LazyKind::Diff(a, b) => {
                if !is_enumerable(a) {
                    return Err(EvalError::not_enumerable(format!(
                        "Attempted to enumerate S \\ T when S:\n{}\nis not enumerable.",
                        ppr(a)
                    )));
                }
                let mut result = Vec::new();
                for elem in elements(a)? {
                    if !member(b, &elem)? {
                        result.push(elem);
                    }
                }
                Ok(result)
            }
            LazyKind::Union(sets) => {
                if !is_enumerable(sets) {
                    return Err(EvalError::not_enumerable(format!(
                        "Attempted to enumerate the nonenumerable set:\n{}",
                        self.symbolic()
                    )));
                }
                let mut result = Vec::new();
                for set in elements(sets)? {
                    if !is_enumerable(&set) {
                        return Err(EvalError::not_enumerable(
                            "Attempted to enumerate UNION(s), but some element of s is nonenumerable.",
                        ));
                    }
                    result.extend(elements(&set)?);
                }
                Ok(result)
            }
        }
    }

    /// The number of elements, with TLC's overflow messages.
    pub fn size(&self) -> EvalResult<usize> {
        let overflow = |message: String| Err(EvalError::general(EvalErrorKind::Overflow, message));
        match &self.kind {
            LazyKind::Nat | LazyKind::Int | LazyKind::Strings | LazyKind::Seq(_) => {
                Err(EvalError::general(
                    EvalErrorKind::Unsupported,
                    format!(
                        "Attempted to compute the number of elements in the overridden value {}.",
                        self.this()
                    ),
                ))
            }
            LazyKind::Subset(base) => {
                let n = size(base)?;
                if n >= 31 {
                    return Err(EvalError::coded_runtime(
                        EvalErrorKind::Overflow,
                        crate::error::ec::TLC_MODULE_OVERFLOW,
                        format!(
                            "Overflow when computing the number of elements in:\n{}",
                            self.this()
                        ),
                    ));
                }
                Ok(1usize << n)
            }
            LazyKind::FunctionSet { domain, range } => {
                let (domain_size, range_size) = (size(domain)?, size(range)?);
                let mut total: u64 = 1;
                for _ in 0..domain_size {
                    total = total.saturating_mul(range_size as u64);
                    if total > i32::MAX as u64 {
                        return overflow(format!(
                            "Overflow when computing the number of elements in:\n{}",
                            self.this()
                        ));
                    }
                }
                Ok(total as usize)
            }
            LazyKind::RecordSet { sets, .. } | LazyKind::Product(sets) => {
                let mut total: u64 = 1;
                for set in sets {
                    total = total.saturating_mul(size(set)? as u64);
                    if total > i32::MAX as u64 {
                        return if matches!(self.kind, LazyKind::Product(_)) {
                            overflow(format!(
                                "Overflow when computing the number of elements in {}",
                                self.this()
                            ))
                        } else {
                            Err(EvalError::coded_runtime(
                                EvalErrorKind::Overflow,
                                crate::error::ec::TLC_MODULE_OVERFLOW,
                                format!(
                                    "Overflow when computing the number of elements in:\n{}",
                                    self.this()
                                ),
                            ))
                        };
                    }
                }
                Ok(total as usize)
            }
            LazyKind::Cup(..) | LazyKind::Cap(..) | LazyKind::Diff(..) | LazyKind::Union(_) => {
                match self.to_set_enum()? {
                    Some(set) => set.size(),
                    None => Err(EvalError::not_enumerable(format!(
                        "{} is not enumerable.",
                        self.this()
                    ))),
                }
            }
        }
    }

    /// TLC's `compareTo` with this lazy set on the left.
    pub(crate) fn compare(&self, this: &Value, other: &Value) -> EvalResult<Ordering> {
        if self.is_user_set() {
            return self.user_compare(other);
        }
        if let (LazyKind::Subset(x), Value::Lazy(lazy)) = (&self.kind, other) {
            if let LazyKind::Subset(y) = &lazy.kind {
                return compare(x, y);
            }
        }
        match self.to_set_enum()? {
            Some(set) => compare_set_enum(&set, &Value::Set(set.clone()), other),
            None => Err(EvalError::not_enumerable(format!("{} is not enumerable.", ppr(this)))),
        }
    }

    /// TLC's `equals` with this lazy set on the left.
    pub(crate) fn equals(&self, this: &Value, other: &Value) -> EvalResult<bool> {
        if self.is_user_set() {
            return Ok(self.user_compare(other)? == Ordering::Equal);
        }
        if let Value::Lazy(lazy) = other {
            match (&self.kind, &lazy.kind) {
                (LazyKind::Subset(x), LazyKind::Subset(y)) => return equals(x, y),
                (
                    LazyKind::FunctionSet { domain, range },
                    LazyKind::FunctionSet { domain: other_domain, range: other_range },
                ) => return Ok(equals(domain, other_domain)? && equals(range, other_range)?),
                (
                    LazyKind::RecordSet { names, sets },
                    LazyKind::RecordSet { names: other_names, sets: other_sets },
                ) => {
                    let empty = is_empty(this)?;
                    if empty || is_empty(other)? {
                        return Ok(empty && is_empty(other)?);
                    }
                    if names.len() != other_names.len() {
                        return Ok(false);
                    }
                    for ((name, set), (other_name, other_set)) in
                        names.iter().zip(sets).zip(other_names.iter().zip(other_sets))
                    {
                        if name != other_name || !equals(set, other_set)? {
                            return Ok(false);
                        }
                    }
                    return Ok(true);
                }
                (LazyKind::Product(sets), LazyKind::Product(other_sets)) => {
                    let empty = is_empty(this)?;
                    if empty || is_empty(other)? {
                        return Ok(empty && is_empty(other)?);
                    }
                    if sets.len() != other_sets.len() {
                        return Ok(false);
                    }
                    for (set, other_set) in sets.iter().zip(other_sets) {
                        if !equals(set, other_set)? {
                            return Ok(false);
                        }
                    }
                    return Ok(true);
                }
                _ => {}
            }
        }
        match self.to_set_enum()? {
            Some(set) => equals_set_enum(&set, &Value::Set(set.clone()), other),
            None => Err(EvalError::not_enumerable(format!("{} is not enumerable.", ppr(this)))),
        }
    }

    /// `UserValue.compareTo` for `Nat`, `Int`, `STRING`, `Seq(S)`.
    fn user_compare(&self, other: &Value) -> EvalResult<Ordering> {
        let other_lazy = match other {
            Value::Lazy(lazy) if lazy.is_user_set() => lazy,
            Value::ModelValue(_) => return Ok(Ordering::Greater),
            _ => {
                return Err(EvalError::incomparable(format!(
                    "Attempted to compare overridden value {} with non-overridden value:\n{}",
                    self.this(),
                    ppr(other)
                )))
            }
        };
        let mismatch = || Err(EvalError::compare_value(&self.this(), &ppr(other)));
        match (&self.kind, &other_lazy.kind) {
            (LazyKind::Nat, LazyKind::Nat) | (LazyKind::Int, LazyKind::Int) => Ok(Ordering::Equal),
            (LazyKind::Strings, LazyKind::Strings) => Ok(Ordering::Equal),
            (LazyKind::Nat, LazyKind::Int) => Ok(Ordering::Less),
            (LazyKind::Int, LazyKind::Nat) => Ok(Ordering::Greater),
            (LazyKind::Seq(x), LazyKind::Seq(y)) => compare(x, y),
            _ => mismatch(),
        }
    }
}

fn all_members(set: &Value, values: &[Value]) -> EvalResult<bool> {
    for value in values {
        if !member(set, value)? {
            return Ok(false);
        }
    }
    Ok(true)
}

/// All combinations, the last column varying fastest (TLC's enumerators of `[S -> T]`, record
/// sets and products). No columns gives one empty combination; an empty column gives none.
fn odometer(columns: &[Vec<Value>]) -> Vec<Vec<Value>> {
    if columns.iter().any(|column| column.is_empty()) {
        return Vec::new();
    }
    let mut result = Vec::new();
    let mut indices = vec![0usize; columns.len()];
    loop {
        result.push(indices.iter().zip(columns).map(|(&i, column)| column[i].clone()).collect());
        let mut position = columns.len();
        loop {
            if position == 0 {
                return result;
            }
            position -= 1;
            indices[position] += 1;
            if indices[position] < columns[position].len() {
                break;
            }
            indices[position] = 0;
        }
    }
}

/// `SubsetValue.elementsNormalized`: subsets by size, then lexicographically by index.
fn subsets_in_tlc_order(base: &[Value]) -> EvalResult<Vec<Value>> {
    let n = base.len();
    let mut result = vec![Value::empty_set()];
    for k in 1..=n {
        let mut indices: Vec<usize> = (0..k).collect();
        loop {
            let subset = indices.iter().map(|&i| base[i].clone()).collect();
            result.push(Value::Set(Arc::new(SetEnum::from_normalized(subset))));
            // Advance the rightmost index that can move, reset those after it.
            let Some(position) = (0..k).rev().find(|&j| indices[j] + k - j < n) else { break };
            indices[position] += 1;
            for j in position + 1..k {
                indices[j] = indices[j - 1] + 1;
            }
        }
    }
    Ok(result)
}

/// The message TLC gives when a quantifier or `CHOOSE` bound cannot be enumerated
/// (`getNonEnumerableErrorMsg`); `expression` is the text of the bound's expression.
pub fn non_enumerable_bound_message(set: &LazySet, expression: Option<&str>) -> String {
    let text = set.symbolic();
    let expression = expression.unwrap_or("");
    match set.kind {
        LazyKind::Nat | LazyKind::Int => {
            let name = if matches!(set.kind, LazyKind::Nat) { "Nat" } else { "Int" };
            format!(
                "TLC encountered the non-enumerable quantifier bound\n{text}\n{expression}\n\
The set {name} contains infinitely many elements. As a result, TLC cannot evaluate expressions that\n\
universally (\\A) or existentially (\\E) quantify over {text}, because this would require checking an\n\
infinite number of cases. Note that TLC handles set membership like T \\subseteq {name} for any finite set T."
            )
        }
        LazyKind::Seq(_) => format!(
            "TLC encountered the non-enumerable quantifier bound\n{text}\n{expression}\n\
In TLA+, Seq(S) represents the set of all finite sequences whose elements come from the set S. Even when S\n\
is a finite set, the number of possible sequences in Seq(S) is unbounded because sequences can have any\n\
finite length (e.g., length 0, 1, 2, and so on). As a result, TLC cannot evaluate expressions that\n\
universally (\\A) or existentially (\\E) quantify over {text}, because this would require checking an\n\
infinite number of cases. Note that for a finite set of sequences s, TLC handles s \\subseteq Seq(S).\n\
See https://explain.tlapl.us/seq-unenumerable for additional details."
        ),
        _ => format!("TLC encountered a non-enumerable quantifier bound\n{text}.\n{expression}"),
    }
}

/// Whether two equally long sequences of values are equal element by element.
fn all_equal(left: &[Value], right: &[Value]) -> EvalResult<bool> {
    for (a, b) in left.iter().zip(right) {
        if !equals(a, b)? {
            return Ok(false);
        }
    }
    Ok(true)
}
