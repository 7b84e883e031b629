//! Remembering which values were found in a constant lazy set, so a part shared by many states
//! is tested for membership once per worker, not once per state.
//!
//! `TypeOK`-style conjuncts test a whole variable against a constant set of functions:
//! `network \in [Proc -> [Proc -> Seq(Message)]]`. An action changes a row or two of such a
//! variable; the other rows are the very values the previous state held, and testing them again
//! (every message of every channel against `Message`) is most of what the conjunct costs.
//!
//! A lazy set that is a constant of the run (the evaluator marks the closed constants it keeps,
//! [`LazySet::remember_memberships`]) carries a memo id. Membership of an element whose state
//! hash is kept in it (sets, functions and records, once hashed: the state's parts, hashed when
//! the state was) is looked up by the pair (id, hash) in a table of the current thread, and the
//! element kept there is compared with [`equals`], so the hash alone never decides. A result is
//! kept only when the test succeeded (an error is raised again on every test, as without the
//! memo). A set whose elements rarely repeat (the whole variable, new on every state) stops being
//! remembered after a trial, and the table is bounded.
//!
//! [`LazySet::remember_memberships`]: crate::LazySet::remember_memberships

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::EvalResult;
use crate::fast_hash::IntegerHasher;
use crate::order::equals;
use crate::value::Value;

/// How many lookups a set is tried on before its hit rate decides whether to keep remembering.
const TRIAL_LOOKUPS: u64 = 1024;
/// The most elements kept per thread, over all sets; the table starts again when full.
const MAX_ELEMENTS: usize = 1 << 16;

/// Memo ids are never reused, so an entry cannot be taken for another run's set.
static NEXT_MEMO_ID: AtomicU64 = AtomicU64::new(1);

/// A fresh memo id for a set that will be remembered.
pub(crate) fn new_memo_id() -> u64 {
    NEXT_MEMO_ID.fetch_add(1, Ordering::Relaxed)
}

thread_local! {
    static MEMO: RefCell<MembershipMemo> = RefCell::new(MembershipMemo::default());
}

/// Membership of `elem` (whose kept state hash is `hash`) in the set with memo id `set`: taken
/// from the current thread's memo when there, else computed by `test` and remembered.
pub(crate) fn remembered_member(
    set: u64,
    hash: u64,
    elem: &Value,
    test: impl FnOnce() -> EvalResult<bool>,
) -> EvalResult<bool> {
    let known = MEMO.with(|memo| memo.borrow_mut().lookup(set, hash, elem));
    match known {
        Lookup::Found(result) => Ok(result),
        Lookup::GivenUp => test(),
        Lookup::Missed => {
            let result = test()?;
            MEMO.with(|memo| memo.borrow_mut().remember(set, hash, elem, result));
            Ok(result)
        }
    }
}

enum Lookup {
    Found(bool),
    Missed,
    GivenUp,
}

#[derive(Default)]
struct MembershipMemo {
    /// Per remembered set (few per model, so a list): its id and what is kept of it.
    sets: Vec<(u64, SetMemo)>,
    /// Elements kept over all sets.
    elements: usize,
}

#[derive(Default)]
struct SetMemo {
    /// By element hash: the elements kept with their membership.
    found: HashMap<u64, Vec<(Value, bool)>, BuildHasherDefault<IntegerHasher>>,
    lookups: u64,
    hits: u64,
    given_up: bool,
}

impl MembershipMemo {
    fn set_memo(&mut self, set: u64) -> &mut SetMemo {
        let index = match self.sets.iter().position(|(id, _)| *id == set) {
            Some(index) => index,
            None => {
                self.sets.push((set, SetMemo::default()));
                self.sets.len() - 1
            }
        };
        &mut self.sets[index].1
    }

    fn lookup(&mut self, set: u64, hash: u64, elem: &Value) -> Lookup {
        let memo = self.set_memo(set);
        if memo.given_up {
            return Lookup::GivenUp;
        }
        memo.lookups += 1;
        let found = memo.found.get(&hash).and_then(|kept| {
            kept.iter()
                .find(|(value, _)| matches!(equals(value, elem), Ok(true)))
                .map(|(_, result)| *result)
        });
        match found {
            Some(result) => {
                memo.hits += 1;
                Lookup::Found(result)
            }
            None if memo.lookups >= TRIAL_LOOKUPS && memo.hits * 4 < memo.lookups => {
                memo.given_up = true;
                let dropped = memo.found.values().map(Vec::len).sum::<usize>();
                memo.found = HashMap::default();
                self.elements -= dropped;
                Lookup::GivenUp
            }
            None => Lookup::Missed,
        }
    }

    fn remember(&mut self, set: u64, hash: u64, elem: &Value, result: bool) {
        if self.elements >= MAX_ELEMENTS {
            for (_, memo) in &mut self.sets {
                memo.found = HashMap::default();
            }
            self.elements = 0;
        }
        self.elements += 1;
        self.set_memo(set).found.entry(hash).or_default().push((elem.clone(), result));
    }
}

#[cfg(test)]
mod tests {
    use super::{remembered_member, TRIAL_LOOKUPS};
    use crate::value::Value;
    use std::cell::Cell;

    fn check(set: u64, hash: u64, elem: &Value, answer: bool, tests: &Cell<u32>) -> bool {
        remembered_member(set, hash, elem, || {
            tests.set(tests.get() + 1);
            Ok(answer)
        })
        .unwrap()
    }

    #[test]
    fn a_membership_is_computed_once_per_set_and_element() {
        let tests = Cell::new(0);
        let elem = Value::set_from_unnormalized(vec![Value::Int(1)]);
        assert!(check(101, 7, &elem, true, &tests));
        assert!(check(101, 7, &elem, true, &tests));
        assert_eq!(tests.get(), 1);
        // Another set, or another element under the same hash, is computed again.
        assert!(!check(102, 7, &elem, false, &tests));
        let other = Value::set_from_unnormalized(vec![Value::Int(2)]);
        assert!(!check(101, 7, &other, false, &tests));
        assert_eq!(tests.get(), 3);
        assert!(!check(101, 7, &other, true, &tests));
        assert_eq!(tests.get(), 3);
    }

    #[test]
    fn an_error_is_not_remembered() {
        let elem = Value::set_from_unnormalized(vec![Value::Int(3)]);
        let failing = || Err(crate::EvalError::general(crate::EvalErrorKind::WrongKind, "no"));
        assert!(remembered_member(201, 9, &elem, failing).is_err());
        assert!(remembered_member(201, 9, &elem, failing).is_err());
    }

    #[test]
    fn a_set_whose_elements_do_not_repeat_is_given_up() {
        let tests = Cell::new(0);
        for n in 0..2 * TRIAL_LOOKUPS as i64 {
            check(
                301,
                n as u64 + 1,
                &Value::set_from_unnormalized(vec![Value::Int(n)]),
                true,
                &tests,
            );
        }
        assert_eq!(tests.get() as u64, 2 * TRIAL_LOOKUPS);
        // Given up: a repeated element is computed again.
        let again = Value::set_from_unnormalized(vec![Value::Int(0)]);
        check(301, 1, &again, true, &tests);
        assert_eq!(tests.get() as u64, 2 * TRIAL_LOOKUPS + 1);
    }
}
