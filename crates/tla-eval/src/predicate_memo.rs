//! Remembering where an invariant holds, so it is not evaluated again on a state that agrees with
//! an earlier one on every variable it reads.
//!
//! An invariant that reads only some of the variables (`Cardinality(Holders) <= 1` reads `pc`)
//! and whose evaluation has no effects (no `Print`, no `TLCGet`, no random choice) has the same
//! value on any two states that agree on those variables. The checker evaluates invariants on
//! every new state, and most new states repeat the few combinations of the variables an
//! invariant reads, so each worker keeps, per invariant, the combinations on which it held.
//!
//! Which variables a definition reads, and whether it has effects, is found by
//! [`variables_read`]. A combination is kept exactly, as the variables' values themselves. It
//! is found by its hash (the checker's state hash, which sets and functions keep once
//! computed) but recognised only by exact comparison (the very same values, or the same
//! canonical encoding, [`tla_values::fingerprint::canonical_words`]), so two states are never
//! confused. Only TRUE results are kept: a violation or an evaluation error is met again on
//! every state that has it, as without the memo. An invariant whose combinations rarely repeat
//! (one reading every variable) stops being remembered after a trial, and each table is
//! bounded (in combinations, and in the words of their canonical encodings). Nothing is
//! remembered while per-expression coverage is counted.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

use tla_sema::hir::{Body, BuiltinOp, DefId, Expr, ExprKind};
use tla_values::fast_hash::IntegerHasher;
use tla_values::fingerprint::StateHash;
use tla_values::{FunctionDomain, Value};

use crate::evaluator::{ConstantBinding, Evaluator};

/// How many lookups an invariant is tried on before its hit rate decides whether to keep it.
const TRIAL_LOOKUPS: u64 = 4096;
/// The most combinations kept per invariant and worker, and the most words all of them may hold
/// (8 MiB).
const MAX_COMBINATIONS: usize = 1 << 16;
const MAX_WORDS: usize = 1 << 20;

/// The variables (by index, ascending) that the value of zero-argument definition `def` depends
/// on, when its evaluation can do nothing but compute a value from them and the model's
/// constants; `None` otherwise (it prints, reads TLC's registers or the run's statistics, makes
/// random choices, takes operators as arguments, or is not a state function).
pub fn variables_read(evaluator: &Evaluator, def: DefId) -> Option<Vec<u32>> {
    Reads::run(evaluator, false, |reads| reads.definition(def))
}

/// For a zero-argument definition whose body is a conjunction list (`TypeOK == /\ x \in S /\ y
/// \in T`) of conjuncts without effects: each conjunct with the variables it reads, so each can
/// be remembered on its own (a `TypeOK` reads every variable, but each of its conjuncts one).
/// `None` otherwise.
pub fn conjuncts_read(evaluator: &Evaluator, def: DefId) -> Option<ConjunctReads> {
    let def = evaluator.resolve_definition(def);
    if evaluator.fixed_value(def).is_some() {
        return None;
    }
    let Body::Expression(body) = &evaluator.definition(def).ok()?.body else {
        return None;
    };
    let mut body: &'static Expr = body;
    while let ExprKind::Label { body: inner, .. } = &body.kind {
        body = inner;
    }
    let ExprKind::Junction { conjunction: true, items } = &body.kind else {
        return None;
    };
    if items.len() < 2 {
        return None;
    }
    items.iter().map(|item| Some((item, expression_reads(evaluator, item)?))).collect()
}

/// [`variables_read`] for an expression: the variables it reads when its evaluation has no
/// effects. Its bound names are taken to stand for values.
pub(crate) fn expression_reads(evaluator: &Evaluator, expr: &'static Expr) -> Option<Vec<u32>> {
    Reads::run(evaluator, false, |reads| reads.expr(expr))
}

/// Whether evaluating `expr` has no effects, where reading a primed variable (`x'`, of the
/// next state an action's walk has assigned so far) is not an effect either.
pub(crate) fn without_effects_reading_primes(evaluator: &Evaluator, expr: &'static Expr) -> bool {
    Reads::run(evaluator, true, |reads| reads.expr(expr)).is_some()
}

/// The conjuncts of a conjunction list, each with the variables it reads.
pub type ConjunctReads = Vec<(&'static Expr, Vec<u32>)>;

struct Reads<'a> {
    evaluator: &'a Evaluator,
    variables: Vec<u32>,
    /// Definitions walked already (recursive ones included).
    entered: Vec<DefId>,
    /// Whether a primed variable may be read.
    primed_variables: bool,
}

impl<'a> Reads<'a> {
    /// The variables `walk` finds read, ascending, if it finds no effect.
    fn run(
        evaluator: &'a Evaluator,
        primed_variables: bool,
        walk: impl FnOnce(&mut Reads<'a>) -> bool,
    ) -> Option<Vec<u32>> {
        let mut reads =
            Reads { evaluator, variables: Vec::new(), entered: Vec::new(), primed_variables };
        if !walk(&mut reads) {
            return None;
        }
        reads.variables.sort_unstable();
        reads.variables.dedup();
        Some(reads.variables)
    }

    fn definition(&mut self, def: DefId) -> bool {
        let def = self.evaluator.resolve_definition(def);
        if self.entered.contains(&def) || self.evaluator.fixed_value(def).is_some() {
            return true;
        }
        self.entered.push(def);
        let Ok(definition) = self.evaluator.definition(def) else {
            return false;
        };
        match &definition.body {
            Body::Expression(body) => self.expr(body),
            Body::Function { bounds, body } => {
                bounds.iter().filter_map(|bound| bound.set.as_ref()).all(|set| self.expr(set))
                    && self.expr(body)
            }
            Body::Native { module, .. } => pure_native_module(module, None),
        }
    }

    fn expr(&mut self, expr: &'static Expr) -> bool {
        let own = match &expr.kind {
            ExprKind::Variable(var) => {
                self.variables.push(*var);
                true
            }
            ExprKind::Constant(constant) => match self.evaluator.constant_binding(*constant) {
                Some(ConstantBinding::Definition(def)) => self.definition(*def),
                _ => true,
            },
            ExprKind::Call { def, arguments } => {
                let resolved = self.evaluator.resolve_definition(*def);
                match self.evaluator.definition(resolved).map(|definition| &definition.body) {
                    Ok(Body::Native { module, name }) => {
                        arguments
                            .iter()
                            .all(|argument| !matches!(argument.kind, ExprKind::Operator(_)))
                            && pure_native_module(module, Some(name))
                    }
                    _ => self.definition(resolved),
                }
            }
            ExprKind::CallLet { def, .. } => self.definition(*def),
            ExprKind::CallParameter { .. }
            | ExprKind::CallConstant { .. }
            | ExprKind::Operator(_)
            | ExprKind::BoxAction { .. }
            | ExprKind::AngleAction { .. }
            | ExprKind::Fairness { .. }
            | ExprKind::TemporalQuantified { .. }
            | ExprKind::Unsupported { .. } => false,
            ExprKind::Builtin { op: BuiltinOp::Prime, arguments } if self.primed_variables => {
                matches!(arguments.as_slice(), [only] if matches!(only.kind, ExprKind::Variable(_)))
            }
            ExprKind::Builtin { op, .. } => !crate::builtin_ops::needs_states(*op),
            _ => true,
        };
        let mut children = own;
        crate::walk::for_each_child(expr, &mut |child| children = children && self.expr(child));
        children
    }
}

/// The native operators that only compute a value from their arguments: the arithmetic of
/// `Naturals` and `Integers` (and their `Nat`, `Int`), `FiniteSets`, and the sequence operators
/// that build no strings.
pub(crate) fn pure_native_module(module: &str, name: Option<&str>) -> bool {
    match module {
        "Naturals" | "Integers" | "FiniteSets" => true,
        "Sequences" => {
            matches!(name, None | Some("Len" | "Head" | "Tail" | "Append" | "SubSeq" | "Seq"))
        }
        _ => false,
    }
}

/// One worker's memo: per invariant (by its index in the checker's list), the combinations on
/// which it held.
#[derive(Default)]
pub struct PredicateMemo {
    predicates: Vec<PredicateEntry>,
    /// The last lookup that found nothing: its predicate, the combination's hash and values
    /// (what [`PredicateMemo::remember_holds`] keeps).
    missed: Option<(usize, u64)>,
    missed_values: Vec<Value>,
    /// Scratch encodings for comparing two values that are equal by hash but not shared.
    left_words: Vec<u64>,
    right_words: Vec<u64>,
}

#[derive(Default)]
struct PredicateEntry {
    /// The combinations kept, by their hash (the state hash of the variables read, in order):
    /// a hash finds candidates, and each candidate's values are compared exactly.
    held: HashMap<u64, Vec<Box<[Value]>>, BuildHasherDefault<IntegerHasher>>,
    combinations: usize,
    /// How many words the canonical encodings of the combinations kept hold (their size).
    words: usize,
    lookups: u64,
    hits: u64,
    given_up: bool,
}

impl PredicateMemo {
    /// Whether invariant `predicate`, which reads `variables` of `state`, is known to hold
    /// there. When it is not, notes the combination for a later
    /// [`PredicateMemo::remember_holds`].
    pub fn known_to_hold(&mut self, predicate: usize, variables: &[u32], state: &[Value]) -> bool {
        if self.predicates.len() <= predicate {
            self.predicates.resize_with(predicate + 1, PredicateEntry::default);
        }
        self.missed = None;
        let entry = &mut self.predicates[predicate];
        if entry.given_up {
            return false;
        }
        // The tree hash of the combination: cheap, as the sets and functions of a state keep
        // their hashes and most are shared with the states before it.
        let mut hash = StateHash::new();
        for var in variables {
            match state.get(*var as usize).and_then(|value| hash.concrete_value(value)) {
                Some(extended) => hash = extended,
                None => return false,
            }
        }
        let hash = hash.finish();
        entry.lookups += 1;
        let found = entry.held.get(&hash).is_some_and(|candidates| {
            candidates.iter().any(|kept| {
                variables.iter().zip(kept.iter()).all(|(var, kept)| {
                    exactly_equal(
                        &state[*var as usize],
                        kept,
                        &mut self.left_words,
                        &mut self.right_words,
                    )
                })
            })
        });
        if found {
            entry.hits += 1;
        } else if entry.lookups >= TRIAL_LOOKUPS && entry.hits * 2 < entry.lookups {
            entry.given_up = true;
            entry.held = HashMap::default();
        } else {
            self.missed = Some((predicate, hash));
            self.missed_values.clear();
            self.missed_values.extend(variables.iter().map(|var| state[*var as usize].clone()));
        }
        found
    }

    /// Remembers that invariant `predicate` held on the combination of the last lookup, if that
    /// lookup was for `predicate` and found nothing.
    pub fn remember_holds(&mut self, predicate: usize) {
        let Some((owner, hash)) = self.missed.take() else {
            return;
        };
        if owner != predicate {
            return;
        }
        let Some(entry) = self.predicates.get_mut(predicate) else {
            return;
        };
        if entry.given_up || entry.combinations >= MAX_COMBINATIONS {
            return;
        }
        self.left_words.clear();
        for value in &self.missed_values {
            if !tla_values::fingerprint::canonical_words(value, &mut self.left_words) {
                return;
            }
        }
        if entry.words + self.left_words.len() > MAX_WORDS {
            return;
        }
        entry.words += self.left_words.len();
        entry.combinations += 1;
        let kept = std::mem::take(&mut self.missed_values).into_boxed_slice();
        entry.held.entry(hash).or_default().push(kept);
    }
}

/// Whether two concrete values are equal, exactly: compared part by part where both have the
/// same representation (parts shared between states are the very same value, found at once),
/// and by their canonical encodings where they differ.
fn exactly_equal(
    left: &Value,
    right: &Value,
    left_words: &mut Vec<u64>,
    right_words: &mut Vec<u64>,
) -> bool {
    let all_equal = |left: &[Value], right: &[Value], lw: &mut Vec<u64>, rw: &mut Vec<u64>| {
        left.len() == right.len()
            && left.iter().zip(right).all(|(l, r)| exactly_equal(l, r, lw, rw))
    };
    match (left, right) {
        (Value::Bool(a), Value::Bool(b)) => return a == b,
        (Value::Int(a), Value::Int(b)) => return a == b,
        (Value::Str(a), Value::Str(b)) | (Value::ModelValue(a), Value::ModelValue(b)) => {
            return a == b
        }
        (Value::Interval(a), Value::Interval(b)) if a == b => return true,
        (Value::Tuple(a), Value::Tuple(b)) => {
            return Arc::ptr_eq(a, b) || all_equal(a, b, left_words, right_words)
        }
        (Value::Record(a), Value::Record(b)) => {
            return Arc::ptr_eq(a, b)
                || (a.names() == b.names()
                    && all_equal(a.values(), b.values(), left_words, right_words))
        }
        (Value::Function(a), Value::Function(b)) => {
            if Arc::ptr_eq(a, b) {
                return true;
            }
            let same_domain = match (a.domain(), b.domain()) {
                (FunctionDomain::Interval { low: x }, FunctionDomain::Interval { low: y }) => {
                    x == y
                }
                (FunctionDomain::Values(x), FunctionDomain::Values(y)) => {
                    x.ptr_eq(y) || all_equal(x, y, left_words, right_words)
                }
                _ => false,
            };
            if same_domain {
                return all_equal(a.values(), b.values(), left_words, right_words);
            }
        }
        (Value::Set(a), Value::Set(b)) => {
            if Arc::ptr_eq(a, b) {
                return true;
            }
            if let (Ok(x), Ok(y)) = (a.normalized(), b.normalized()) {
                return all_equal(x, y, left_words, right_words);
            }
        }
        _ => {}
    }
    // Different representations of possibly equal values (a tuple and a function, an interval
    // and an enumerated set): their canonical encodings decide.
    left_words.clear();
    right_words.clear();
    tla_values::fingerprint::canonical_words(left, left_words)
        && tla_values::fingerprint::canonical_words(right, right_words)
        && left_words == right_words
}

#[cfg(test)]
mod tests {
    use super::{PredicateMemo, TRIAL_LOOKUPS};
    use tla_values::Value;

    fn state(x: i64, y: i64) -> Vec<Value> {
        vec![Value::Int(x), Value::Int(y)]
    }

    #[test]
    fn a_combination_is_known_only_after_it_held_and_only_on_the_variables_read() {
        let mut memo = PredicateMemo::default();
        assert!(!memo.known_to_hold(0, &[0], &state(1, 5)));
        memo.remember_holds(0);
        // The same value of x, another y: the predicate reads x only.
        assert!(memo.known_to_hold(0, &[0], &state(1, 6)));
        assert!(!memo.known_to_hold(0, &[0], &state(2, 5)));
        // Another predicate keeps its own combinations.
        assert!(!memo.known_to_hold(1, &[0], &state(1, 5)));
        // Reading both variables, the pair is the key.
        assert!(!memo.known_to_hold(2, &[0, 1], &state(1, 5)));
        memo.remember_holds(2);
        assert!(memo.known_to_hold(2, &[0, 1], &state(1, 5)));
        assert!(!memo.known_to_hold(2, &[0, 1], &state(1, 6)));
        // Remembering is for the predicate of the last lookup only.
        assert!(!memo.known_to_hold(2, &[0, 1], &state(7, 7)));
        memo.remember_holds(0);
        assert!(!memo.known_to_hold(0, &[0], &state(7, 0)));
    }

    #[test]
    fn a_combination_is_recognised_in_values_built_apart_or_represented_otherwise() {
        let tuple = |items: &[i64]| Value::tuple(items.iter().map(|n| Value::Int(*n)).collect());
        let mut memo = PredicateMemo::default();
        assert!(!memo.known_to_hold(0, &[0], &[tuple(&[1, 2])]));
        memo.remember_holds(0);
        // Equal, but not the same value: built again, and as a function on 1..2.
        assert!(memo.known_to_hold(0, &[0], &[tuple(&[1, 2])]));
        let function =
            Value::function(vec![Value::Int(1), Value::Int(2)], vec![Value::Int(1), Value::Int(2)])
                .unwrap();
        assert!(memo.known_to_hold(0, &[0], &[function]));
        assert!(!memo.known_to_hold(0, &[0], &[tuple(&[2, 1])]));
        let set = |items: &[i64]| {
            Value::set_from_unnormalized(items.iter().map(|n| Value::Int(*n)).collect())
        };
        assert!(!memo.known_to_hold(1, &[0], &[set(&[3, 1, 2])]));
        memo.remember_holds(1);
        assert!(memo.known_to_hold(1, &[0], &[set(&[1, 2, 3, 3])]));
        assert!(memo.known_to_hold(1, &[0], &[Value::interval(1, 3)]));
        assert!(!memo.known_to_hold(1, &[0], &[set(&[1, 2])]));
    }

    #[test]
    fn a_predicate_whose_combinations_do_not_repeat_is_given_up() {
        let mut memo = PredicateMemo::default();
        for x in 0..TRIAL_LOOKUPS as i64 {
            assert!(!memo.known_to_hold(0, &[0], &state(x, 0)));
            memo.remember_holds(0);
        }
        // Given up: nothing is known any more, not even a combination that held.
        assert!(!memo.known_to_hold(0, &[0], &state(0, 0)));
    }
}
