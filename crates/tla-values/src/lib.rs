//! TLC's value domain: the values a TLA+ model evaluates to, with TLC's order, equality,
//! operators, printing, fingerprints and error messages, independent of any syntax tree.
//!
//! Verdicts of the benchmark depend on the model checker agreeing with TLC on every value
//! operation, including the surprising ones: strings and model values are ordered by when TLC
//! first saw them ([`Interner`]), comparing an integer with a string is an error rather than
//! FALSE, tuples and records are functions (`<<1, 2>> = [i \in 1..2 |-> i]`), integers are 32-bit,
//! and sets such as `Nat` or `[S -> T]` stay symbolic until TLC would enumerate them. This crate
//! implements that domain; the evaluator supplies syntax-dependent kinds (set filters, lazy
//! functions, operators) through [`ExtValue`].
//!
//! Entry points: [`Value`] and its constructors; [`compare`] / [`equals`]; the operator modules
//! [`arith`], [`sets`], [`functions`], [`sequences`]; [`to_tlc_string`] / [`ppr`] for output;
//! [`fingerprint`](fingerprint::fingerprint) for state hashing. Every fallible operation returns an
//! [`EvalError`] carrying TLC's message; nothing panics.
//!
//! `docs/dev/values.md` records the TLC facts relied on and what was checked against TLC.

pub mod arith;
mod atom;
pub mod convert;
mod error;
pub mod ext;
pub mod fast_hash;
pub mod fingerprint;
pub mod functions;
mod lazy;
mod membership_memo;
pub mod normalize;
mod order;
pub mod pretty;
mod print;
pub mod sequences;
pub mod sets;
pub mod tlc_methods;
mod value;

pub use atom::{Atom, Interner};
pub use error::{ec, EvalError, EvalErrorKind, EvalResult};
pub use ext::{ExtClass, ExtValue};
pub use lazy::{
    check_set_size, max_set_size, non_enumerable_bound_message, set_max_set_size, LazyKind,
    LazySet, DEFAULT_MAX_SET_SIZE,
};
pub use order::{compare, equals};
pub use print::{
    lazy_set_symbolic_text, lazy_set_text, ppr, to_tlc_string, try_to_tlc_string,
    write_quoted_string, PPR_WIDTH,
};
pub use value::{
    shared_field_names, Function, FunctionDomain, Interval, Record, SetEnum, SharedDomain,
    StateHashCell, Value, FIELD_NAME_LISTS,
};
