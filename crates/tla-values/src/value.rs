//! The `Value` enum and its concrete representations, mirroring TLC's value classes.
//!
//! TLC's error messages and its printing depend on *which class* holds a value (a `TupleValue`
//! prints `<<1, 2>>`, an `IntervalValue` prints `1..3`, a `RecordValue` complains about a
//! "nonexistent field" where a `FcnRcdValue` says "not in the domain"), so each TLC class we need
//! has a variant here. Semantically, though, tuples, records and functions are one domain and
//! intervals are sets: equality, order, fingerprints, `DOMAIN` and application treat them alike
//! (see `order.rs`, `fingerprint.rs`, `functions.rs`).
//!
//! Sets built by enumeration (`{a, b}`, unions, set maps) start *unnormalised*, as in TLC
//! (`SetEnumValue(vals, false)`): membership scans them with equality until something needs the
//! sorted form, which is then computed once and cached. This keeps TLC's behaviour on sets that
//! mix kinds (`"x" \in {"x", 1}` is TRUE, `1 \in {"x", 1}` is an error). Functions and records are
//! normalised when built (a documented simplification, see `docs/dev/values.md`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, OnceLock};

use crate::atom::Atom;
use crate::error::{EvalError, EvalErrorKind, EvalResult};
use crate::ext::ExtValue;
use crate::lazy::LazySet;
use crate::order;

/// A TLC value.
#[derive(Clone)]
pub enum Value {
    Bool(bool),
    /// Always within TLC's 32-bit range; arithmetic checks results (see `arith.rs`).
    Int(i64),
    Str(Atom),
    /// A model value; typed when its name is `x_...` (see [`Atom::model_value_type`]).
    ModelValue(Atom),
    /// An enumerated set (`SetEnumValue`), possibly not yet normalised.
    Set(Arc<SetEnum>),
    /// `a..b` (`IntervalValue`); empty when `high < low`.
    Interval(Interval),
    /// `<<...>>` (`TupleValue`): a function with domain `1..n`.
    Tuple(Arc<[Value]>),
    /// `[a |-> ...]` (`RecordValue`): a function with a domain of strings.
    Record(Arc<Record>),
    /// A function with an explicit domain (`FcnRcdValue`).
    Function(Arc<Function>),
    /// A set kept symbolic: `Nat`, `SUBSET S`, `[S -> T]`, `S \cup T`, ...
    Lazy(Arc<LazySet>),
    /// A value kind owned by the evaluator (set filters, lazy functions, operator arguments).
    Ext(Arc<dyn ExtValue>),
}

/// `low..high` with TLC's `int` bounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Interval {
    pub low: i32,
    pub high: i32,
}

impl Interval {
    pub fn new(low: i32, high: i32) -> Interval {
        Interval { low, high }
    }

    /// Number of elements; TLC fails when it does not fit an `int`.
    pub fn size(self) -> EvalResult<usize> {
        if self.high < self.low {
            return Ok(0);
        }
        let size = i64::from(self.high) - i64::from(self.low) + 1;
        if size > i64::from(i32::MAX) {
            return Err(EvalError::general(
                EvalErrorKind::Overflow,
                format!(
                    "Size of interval value exceeds the maximum representable size (32bits): {}..{}.",
                    self.low, self.high
                ),
            ));
        }
        Ok(size as usize)
    }

    pub fn is_empty(self) -> bool {
        self.high < self.low
    }

    pub fn contains(self, n: i64) -> bool {
        i64::from(self.low) <= n && n <= i64::from(self.high)
    }
}

/// An enumerated set: the elements as built, and their normal form (sorted by TLC's order,
/// without duplicates) once something needed it.
pub struct SetEnum {
    elems: Vec<Value>,
    is_norm: bool,
    normal: OnceLock<EvalResult<Vec<Value>>>,
    state_hash: StateHashCell,
}

impl SetEnum {
    /// A set from elements in any order, possibly with duplicates; normalised on demand.
    pub fn from_unnormalized(elems: Vec<Value>) -> SetEnum {
        let is_norm = elems.len() <= 1;
        SetEnum { elems, is_norm, normal: OnceLock::new(), state_hash: StateHashCell::default() }
    }

    /// A set from elements already sorted by TLC's order without duplicates.
    /// The caller vouches for it; use [`SetEnum::from_unnormalized`] when unsure.
    pub fn from_normalized(elems: Vec<Value>) -> SetEnum {
        SetEnum {
            elems,
            is_norm: true,
            normal: OnceLock::new(),
            state_hash: StateHashCell::default(),
        }
    }

    /// A set from elements in any order, normalised now.
    pub fn normalized_from(elems: Vec<Value>) -> EvalResult<SetEnum> {
        let normal = order::normalize_set_elements(elems)?;
        Ok(SetEnum::from_normalized(normal))
    }

    /// The elements in TLC's order, computing and caching the normal form if needed.
    pub fn normalized(&self) -> EvalResult<&[Value]> {
        if self.is_norm {
            return Ok(&self.elems);
        }
        match self.normal.get_or_init(|| order::normalize_set_elements(self.elems.clone())) {
            Ok(elems) => Ok(elems),
            Err(error) => Err(error.clone()),
        }
    }

    /// Whether the set still holds its elements as they were built (beside the normal form, once
    /// that is computed); [`Value::compact_owned_parts`] lets them go.
    pub fn keeps_elements_as_built(&self) -> bool {
        !self.is_norm
    }

    /// Whether the normal form is available without work (TLC's `isNormalized`).
    pub fn is_normalized_now(&self) -> bool {
        self.is_norm || matches!(self.normal.get(), Some(Ok(_)))
    }

    /// The elements as TLC currently holds them: the normal form if it was computed, else the
    /// elements as built (possibly unsorted, possibly with duplicates).
    pub fn current_elements(&self) -> &[Value] {
        if self.is_norm {
            return &self.elems;
        }
        match self.normal.get() {
            Some(Ok(elems)) => elems,
            _ => &self.elems,
        }
    }

    /// The cardinality (normalises).
    pub fn size(&self) -> EvalResult<usize> {
        Ok(self.normalized()?.len())
    }

    /// Where the checker's state hash of this set is kept once computed.
    pub fn state_hash_cell(&self) -> &StateHashCell {
        &self.state_hash
    }
}

/// A function with an explicit domain (`FcnRcdValue`), normalised: the domain is sorted by TLC's
/// order and has no duplicates, `values[i]` belongs to the `i`th domain element.
pub struct Function {
    domain: FunctionDomain,
    values: Vec<Value>,
    state_hash: StateHashCell,
}

/// The two ways `FcnRcdValue` stores its domain.
#[derive(Clone)]
pub enum FunctionDomain {
    /// `low..low+n-1` where `n` is the number of values (`FcnRcdValue.intv`).
    Interval { low: i32 },
    /// Explicit, normalised domain elements, shared by the functions `EXCEPT` derives.
    Values(SharedDomain),
}

/// The elements of an explicit function domain, shared by every function built over the same
/// enumerated set and every function `EXCEPT` derives from one.
///
/// One such domain (say `Proc`) is shared by the functions of every state, so each `EXCEPT`
/// and each dropped function writes its reference count, from every worker. The elements are
/// read on every application. They are kept apart from the count, in their own cache line
/// (hence the alignment), so that a worker reading them does not wait for the line another
/// worker just wrote the count in.
#[derive(Clone)]
pub struct SharedDomain(Arc<DomainElements>);

#[repr(align(64))]
struct DomainElements(Box<[Value]>);

impl std::ops::Deref for SharedDomain {
    type Target = [Value];

    fn deref(&self) -> &[Value] {
        &self.0 .0
    }
}

impl SharedDomain {
    /// Whether both are the same shared elements (so equal without looking).
    pub fn ptr_eq(&self, other: &SharedDomain) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl From<Vec<Value>> for SharedDomain {
    fn from(elements: Vec<Value>) -> SharedDomain {
        SharedDomain(Arc::new(DomainElements(elements.into_boxed_slice())))
    }
}

impl Function {
    /// A function from domain elements and values given pairwise in any order. Fails as TLC does
    /// when the domain holds a value twice or holds values TLC cannot compare.
    pub fn from_pairs(domain: Vec<Value>, values: Vec<Value>) -> EvalResult<Function> {
        let (domain, values) = order::normalize_function_domain(domain, values)?;
        Ok(Function::with_domain(FunctionDomain::Values(domain.into()), values))
    }

    /// A function from a domain already normalised (e.g. enumerated from a normalised set).
    pub fn from_normalized_pairs(domain: Vec<Value>, values: Vec<Value>) -> Function {
        Function::with_domain(FunctionDomain::Values(domain.into()), values)
    }

    /// A function on the elements of `domain` (normalised), `values` in the same order.
    pub fn on_shared_domain(domain: SharedDomain, values: Vec<Value>) -> Function {
        Function::with_domain(FunctionDomain::Values(domain), values)
    }

    /// A function on `low..low+values.len()-1`.
    pub fn from_interval(low: i32, values: Vec<Value>) -> Function {
        Function::with_domain(FunctionDomain::Interval { low }, values)
    }

    pub fn domain(&self) -> &FunctionDomain {
        &self.domain
    }

    pub fn values(&self) -> &[Value] {
        &self.values
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The `i`th domain element (in normal order).
    pub fn domain_element(&self, i: usize) -> Value {
        match &self.domain {
            FunctionDomain::Interval { low } => Value::Int(i64::from(*low) + i as i64),
            FunctionDomain::Values(domain) => domain[i].clone(),
        }
    }

    /// The domain elements in normal order.
    pub fn domain_elements(&self) -> Vec<Value> {
        (0..self.len()).map(|i| self.domain_element(i)).collect()
    }

    /// The domain as an interval, when stored as one.
    pub fn interval(&self) -> Option<Interval> {
        match self.domain {
            FunctionDomain::Interval { low } => {
                let high = i64::from(low) + self.values.len() as i64 - 1;
                Some(Interval::new(low, i32::try_from(high).unwrap_or(i32::MAX)))
            }
            FunctionDomain::Values(_) => None,
        }
    }

    /// The function `EXCEPT` makes of this one: TLC's `FcnLambdaValue` stays lazy through it.
    pub(crate) fn with_values(&self, values: Vec<Value>) -> Function {
        let mut function = Function::with_domain(self.domain.clone(), values);
        if self.is_unconverted_lambda() {
            function.state_hash = StateHashCell::unconverted();
        }
        function
    }

    /// This function as `[x \in S |-> e]` with one bound name makes it: TLC's lazy
    /// `FcnLambdaValue`, whose application outside the domain has its own message.
    pub fn built_by_constructor(mut self) -> Function {
        self.state_hash = StateHashCell::unconverted();
        self
    }

    /// Whether TLC would still hold this function as the `FcnLambdaValue` of a constructor: built
    /// by [`Function::built_by_constructor`] (or `EXCEPT` from one) and neither hashed as part of
    /// a state nor compared since.
    pub fn is_unconverted_lambda(&self) -> bool {
        self.state_hash.is_unconverted()
    }

    /// Records that TLC would have turned this function into a `FcnRcdValue` (it compared it).
    pub fn mark_converted(&self) {
        self.state_hash.mark_converted();
    }

    fn with_domain(domain: FunctionDomain, values: Vec<Value>) -> Function {
        Function { domain, values, state_hash: StateHashCell::default() }
    }

    /// Where the checker's state hash of this function is kept once computed.
    pub fn state_hash_cell(&self) -> &StateHashCell {
        &self.state_hash
    }
}

/// The checker's state hash of a set, function or record (`fingerprint::StateHash`), kept in the
/// value once computed: values never change after they are built, and states share most of
/// theirs with the states they came from, so a shared part is hashed once, not once per state.
/// Zero means not computed yet (a hash that happens to be zero is simply not kept).
///
/// A function's cell also says whether TLC would still hold the function as the lazy
/// `FcnLambdaValue` that `[x \in S |-> e]` makes: [`StateHashCell::UNCONVERTED`] until the
/// function is hashed as part of a state or compared (TLC turns it into a `FcnRcdValue` when it
/// fingerprints or compares it), which only changes the text of an error (see
/// [`Function::is_unconverted_lambda`]).
#[derive(Default)]
pub struct StateHashCell(AtomicU64);

impl StateHashCell {
    /// The mark of a function built by `[x \in S |-> e]` and not yet hashed or compared.
    const UNCONVERTED: u64 = 1;

    pub fn get(&self) -> Option<u64> {
        match self.0.load(Ordering::Relaxed) {
            0 | StateHashCell::UNCONVERTED => None,
            hash => Some(hash),
        }
    }

    /// Keeps `hash` (a hash of 0 or 1 is simply not kept).
    pub fn set(&self, hash: u64) {
        if hash > StateHashCell::UNCONVERTED {
            self.0.store(hash, Ordering::Relaxed);
        }
    }

    fn unconverted() -> StateHashCell {
        StateHashCell(AtomicU64::new(StateHashCell::UNCONVERTED))
    }

    fn is_unconverted(&self) -> bool {
        self.0.load(Ordering::Relaxed) == StateHashCell::UNCONVERTED
    }

    fn mark_converted(&self) {
        // Read first: comparisons are frequent and most functions carry no mark, and a
        // compare-and-swap would take the cache line from the other workers even when it fails.
        // Only the mark is replaced; a hash another thread just kept stays.
        if self.is_unconverted() {
            let _ = self.0.compare_exchange(
                StateHashCell::UNCONVERTED,
                0,
                Ordering::Relaxed,
                Ordering::Relaxed,
            );
        }
    }
}

/// A record (`RecordValue`), normalised: fields sorted by the intern rank of their names.
///
/// The names are shared by the records of one shape a thread builds ([`shared_field_names`]):
/// a model's states hold millions of records of a few shapes.
pub struct Record {
    names: Arc<[Atom]>,
    values: Vec<Value>,
    state_hash: StateHashCell,
}

/// The one list of these (sorted) field names the current thread hands out, so that records of
/// one shape share it. A thread keeps at most [`FIELD_NAME_LISTS`] lists and starts again when
/// it has that many, so a model building records of ever new shapes holds no more than that.
///
/// The lists are told apart by the atoms themselves, not their ranks: two models checked in
/// one process have names of the same ranks from different interners.
pub fn shared_field_names(names: &[Atom]) -> Arc<[Atom]> {
    use std::cell::RefCell;
    use std::hash::Hasher;
    thread_local! {
        static LISTS: RefCell<crate::fast_hash::IntegerMap<u64, Arc<[Atom]>>> =
            RefCell::new(Default::default());
    }
    let mut hasher = crate::fast_hash::IntegerHasher::default();
    names.iter().for_each(|name| hasher.write_usize(name.address()));
    let key = hasher.finish();
    let same = |list: &[Atom]| {
        list.len() == names.len() && list.iter().zip(names).all(|(a, b)| a.is_same_atom(b))
    };
    LISTS.with(|lists| {
        let mut lists = lists.borrow_mut();
        if let Some(shared) = lists.get(&key).filter(|shared| same(shared)) {
            return shared.clone();
        }
        if lists.len() >= FIELD_NAME_LISTS {
            lists.clear();
        }
        let shared: Arc<[Atom]> = names.into();
        lists.insert(key, shared.clone());
        shared
    })
}

/// How many lists of field names [`shared_field_names`] keeps per thread.
pub const FIELD_NAME_LISTS: usize = 1024;

impl Record {
    /// A record from fields in any order; fails as TLC does on a repeated field name.
    pub fn new(fields: Vec<(Atom, Value)>) -> EvalResult<Record> {
        let mut names = Vec::with_capacity(fields.len());
        let mut values = Vec::with_capacity(fields.len());
        for (name, value) in fields {
            names.push(name);
            values.push(value);
        }
        Record::from_parts(names, values)
    }

    fn from_parts(mut names: Vec<Atom>, mut values: Vec<Value>) -> EvalResult<Record> {
        // TLC's `RecordValue.normalize`: move the minimum to the front, then insertion-sort the
        // rest; a repeated name is reported when the sort meets it.
        let duplicate = |name: &Atom| {
            EvalError::general(
                EvalErrorKind::Duplicate,
                format!("Field name {name} occurs multiple times in record."),
            )
        };
        let len = names.len();
        for i in 1..len {
            match names[0].cmp(&names[i]) {
                std::cmp::Ordering::Equal => return Err(duplicate(&names[i])),
                std::cmp::Ordering::Greater => {
                    names.swap(0, i);
                    values.swap(0, i);
                }
                std::cmp::Ordering::Less => {}
            }
        }
        for i in 2..len {
            let mut position = i;
            while names[i] < names[position - 1] {
                position -= 1;
            }
            if names[i] == names[position - 1] {
                return Err(duplicate(&names[i]));
            }
            names[position..=i].rotate_right(1);
            values[position..=i].rotate_right(1);
        }
        Ok(Record::from_normalized(shared_field_names(&names), values))
    }

    /// A record whose names are already sorted by rank and distinct.
    pub fn from_normalized(names: Arc<[Atom]>, values: Vec<Value>) -> Record {
        Record { names, values, state_hash: StateHashCell::default() }
    }

    pub fn names(&self) -> &[Atom] {
        &self.names
    }

    /// The names as shared with the records of the same shape.
    pub fn shared_names(&self) -> &Arc<[Atom]> {
        &self.names
    }

    pub fn values(&self) -> &[Value] {
        &self.values
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The value of field `name`, if present.
    pub fn field(&self, name: &Atom) -> Option<&Value> {
        self.names.iter().position(|n| n == name).map(|i| &self.values[i])
    }

    pub(crate) fn with_values(&self, values: Vec<Value>) -> Record {
        Record::from_normalized(self.names.clone(), values)
    }

    /// Where the checker's state hash of this record is kept once computed.
    pub fn state_hash_cell(&self) -> &StateHashCell {
        &self.state_hash
    }
}

impl Value {
    /// `TRUE` or `FALSE`.
    pub fn bool(b: bool) -> Value {
        Value::Bool(b)
    }

    /// An integer, failing with TLC's overflow message (naming `what`) outside the 32-bit range.
    pub fn int_checked(n: i64, what: impl FnOnce() -> String) -> EvalResult<Value> {
        if i32::try_from(n).is_ok() {
            Ok(Value::Int(n))
        } else {
            Err(EvalError::overflow(what()))
        }
    }

    /// A string value.
    pub fn string(atom: Atom) -> Value {
        Value::Str(atom)
    }

    /// `{e1, ..., en}` as TLC builds it: not normalised until needed.
    pub fn set_from_unnormalized(elems: Vec<Value>) -> Value {
        Value::Set(Arc::new(SetEnum::from_unnormalized(elems)))
    }

    /// A set normalised now (fails on elements TLC cannot compare).
    pub fn set_normalized(elems: Vec<Value>) -> EvalResult<Value> {
        Ok(Value::Set(Arc::new(SetEnum::normalized_from(elems)?)))
    }

    /// Whether this is the very same value as `other`: the same scalar, or the same shared
    /// set, function, tuple or record. Equal values built apart are not identical.
    #[inline]
    pub fn is_identical(&self, other: &Value) -> bool {
        match (self, other) {
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Str(a), Value::Str(b)) | (Value::ModelValue(a), Value::ModelValue(b)) => a == b,
            (Value::Interval(a), Value::Interval(b)) => a == b,
            (Value::Set(a), Value::Set(b)) => Arc::ptr_eq(a, b),
            (Value::Tuple(a), Value::Tuple(b)) => Arc::ptr_eq(a, b),
            (Value::Record(a), Value::Record(b)) => Arc::ptr_eq(a, b),
            (Value::Function(a), Value::Function(b)) => Arc::ptr_eq(a, b),
            (Value::Lazy(a), Value::Lazy(b)) => Arc::ptr_eq(a, b),
            (Value::Ext(a), Value::Ext(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// The state hash kept in this value (`StateHashCell`), if it is a set, function or record
    /// that has been hashed.
    #[inline]
    pub fn kept_state_hash(&self) -> Option<u64> {
        match self {
            Value::Set(set) => set.state_hash.get(),
            Value::Function(function) => function.state_hash.get(),
            Value::Record(record) => record.state_hash.get(),
            _ => None,
        }
    }

    /// Lets go of what a value no longer needs now that its state is kept: a set whose normal
    /// form was computed (when the state was fingerprinted) drops the elements as they were
    /// built, as TLC's `SetEnumValue.normalize` sorts them in place. Only the parts this value
    /// owns alone are touched (parts shared with other states were compacted when their state
    /// was kept, or are constants); nothing observable changes, the set already answered with
    /// its normal form.
    pub fn compact_owned_parts(&mut self) {
        match self {
            Value::Set(set) => {
                if let Some(set) = Arc::get_mut(set) {
                    if !set.is_norm && matches!(set.normal.get(), Some(Ok(_))) {
                        if let Some(Ok(normal)) = set.normal.take() {
                            set.elems = normal;
                            set.is_norm = true;
                        }
                    }
                    set.elems.iter_mut().for_each(Value::compact_owned_parts);
                }
            }
            Value::Tuple(items) => {
                if let Some(items) = Arc::get_mut(items) {
                    items.iter_mut().for_each(Value::compact_owned_parts);
                }
            }
            Value::Record(record) => {
                if let Some(record) = Arc::get_mut(record) {
                    record.values.iter_mut().for_each(Value::compact_owned_parts);
                }
            }
            Value::Function(function) => {
                if let Some(function) = Arc::get_mut(function) {
                    function.values.iter_mut().for_each(Value::compact_owned_parts);
                }
            }
            _ => {}
        }
    }

    /// For a constant of the run: remember memberships in the lazy sets it is or holds at its
    /// top (`membership_memo.rs`).
    pub fn remember_memberships(&self) {
        if let Value::Lazy(lazy) = self {
            lazy.remember_memberships();
        }
    }

    /// The empty set `{}`.
    pub fn empty_set() -> Value {
        Value::Set(Arc::new(SetEnum::from_normalized(Vec::new())))
    }

    /// `BOOLEAN`, the set `{FALSE, TRUE}`.
    pub fn boolean_set() -> Value {
        Value::Set(Arc::new(SetEnum::from_normalized(vec![Value::Bool(false), Value::Bool(true)])))
    }

    /// `a..b`.
    pub fn interval(low: i32, high: i32) -> Value {
        Value::Interval(Interval::new(low, high))
    }

    /// `<<e1, ..., en>>`.
    pub fn tuple(elems: Vec<Value>) -> Value {
        Value::Tuple(elems.into())
    }

    /// `[f1 |-> e1, ...]`, failing on a repeated field name.
    pub fn record(fields: Vec<(Atom, Value)>) -> EvalResult<Value> {
        Ok(Value::Record(Arc::new(Record::new(fields)?)))
    }

    /// A function from pairs, failing on a repeated or incomparable domain element.
    pub fn function(domain: Vec<Value>, values: Vec<Value>) -> EvalResult<Value> {
        Ok(Value::Function(Arc::new(Function::from_pairs(domain, values)?)))
    }

    /// A lazy set.
    pub fn lazy(set: LazySet) -> Value {
        Value::Lazy(Arc::new(set))
    }

    /// The integer, if this is one.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }

    /// The boolean, if this is one.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Value::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// Whether this is an untyped or typed model value.
    pub fn is_model_value(&self) -> bool {
        matches!(self, Value::ModelValue(_))
    }

    /// TLC's `getKindString`-like name, used in messages of the evaluator.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Value::Bool(_) => "a boolean",
            Value::Int(_) => "an integer",
            Value::Str(_) => "a string",
            Value::ModelValue(_) => "a model value",
            Value::Set(_) | Value::Interval(_) | Value::Lazy(_) => "a set",
            Value::Tuple(_) => "a tuple",
            Value::Record(_) => "a record",
            Value::Function(_) => "a function",
            Value::Ext(ext) => ext.kind_name(),
        }
    }

    /// The TLC class that holds this value (`tlc2.value.impl.<name>`), as Java messages name it.
    pub fn tlc_class_name(&self) -> String {
        use crate::lazy::LazyKind;
        let name = match self {
            Value::Bool(_) => "BoolValue",
            Value::Int(_) => "IntValue",
            Value::Str(_) => "StringValue",
            Value::ModelValue(_) => "ModelValue",
            Value::Set(_) => "SetEnumValue",
            Value::Interval(_) => "IntervalValue",
            Value::Tuple(_) => "TupleValue",
            Value::Record(_) => "RecordValue",
            Value::Function(_) => "FcnRcdValue",
            Value::Lazy(lazy) => match lazy.kind() {
                LazyKind::Nat | LazyKind::Int | LazyKind::Strings | LazyKind::Seq(_) => "UserValue",
                LazyKind::Subset(_) => "SubsetValue",
                LazyKind::FunctionSet { .. } => "SetOfFcnsValue",
                LazyKind::RecordSet { .. } => "SetOfRcdsValue",
                LazyKind::Product(_) => "SetOfTuplesValue",
                LazyKind::Cup(..) => "SetCupValue",
                LazyKind::Cap(..) => "SetCapValue",
                LazyKind::Diff(..) => "SetDiffValue",
                LazyKind::Union(_) => "UnionValue",
            },
            Value::Ext(ext) => ext.tlc_class_name(),
        };
        name.to_string()
    }

    /// Whether TLC treats this as a set at all (enumerable or not).
    pub fn is_set(&self) -> bool {
        match self {
            Value::Set(_) | Value::Interval(_) | Value::Lazy(_) => true,
            Value::Ext(ext) => ext.class() == crate::ext::ExtClass::Set,
            _ => false,
        }
    }

    /// Whether TLC treats this as a function (TLC's `FunctionValue`).
    pub fn is_function(&self) -> bool {
        match self {
            Value::Tuple(_) | Value::Record(_) | Value::Function(_) => true,
            Value::Ext(ext) => ext.class() == crate::ext::ExtClass::Function,
            _ => false,
        }
    }
}

impl std::fmt::Debug for Value {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&crate::print::to_tlc_string(self))
    }
}
