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
//! [`variables_read`]; a combination is kept exactly (the canonical encoding of the variables'
//! values, [`tla_values::fingerprint::canonical_words`]), never as a hash, so two states are
//! never confused. Only TRUE results are kept: a violation or an evaluation error is met again
//! on every state that has it, as without the memo. An invariant whose combinations rarely
//! repeat (one reading every variable) stops being remembered after a trial, and each table is
//! bounded (in combinations and in words). Nothing is remembered while per-expression coverage is counted.

use std::collections::HashSet;
use std::hash::BuildHasherDefault;

use tla_sema::hir::{Body, DefId, Expr, ExprKind};
use tla_values::fast_hash::IntegerHasher;
use tla_values::Value;

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
    Reads::run(evaluator, |reads| reads.definition(def))
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
    Reads::run(evaluator, |reads| reads.expr(expr))
}

/// The conjuncts of a conjunction list, each with the variables it reads.
pub type ConjunctReads = Vec<(&'static Expr, Vec<u32>)>;

struct Reads<'a> {
    evaluator: &'a Evaluator,
    variables: Vec<u32>,
    /// Definitions walked already (recursive ones included).
    entered: Vec<DefId>,
}

impl<'a> Reads<'a> {
    /// The variables `walk` finds read, ascending, if it finds no effect.
    fn run(
        evaluator: &'a Evaluator,
        walk: impl FnOnce(&mut Reads<'a>) -> bool,
    ) -> Option<Vec<u32>> {
        let mut reads = Reads { evaluator, variables: Vec::new(), entered: Vec::new() };
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
fn pure_native_module(module: &str, name: Option<&str>) -> bool {
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
    /// The key of the last lookup, and the predicate it was for.
    key: Vec<u64>,
    key_owner: Option<usize>,
}

#[derive(Default)]
struct PredicateEntry {
    /// The canonical words of the variables read, in order, of each combination.
    held: HashSet<Box<[u64]>, BuildHasherDefault<IntegerHasher>>,
    /// How many words the combinations kept hold.
    words: usize,
    lookups: u64,
    hits: u64,
    given_up: bool,
}

impl PredicateMemo {
    /// Whether invariant `predicate`, which reads `variables` of `state`, is known to hold
    /// there. Builds the key for a later [`PredicateMemo::remember_holds`].
    pub fn known_to_hold(&mut self, predicate: usize, variables: &[u32], state: &[Value]) -> bool {
        if self.predicates.len() <= predicate {
            self.predicates.resize_with(predicate + 1, PredicateEntry::default);
        }
        let entry = &mut self.predicates[predicate];
        self.key.clear();
        self.key_owner = None;
        if entry.given_up {
            return false;
        }
        for var in variables {
            let fits = state.get(*var as usize).is_some_and(|value| {
                tla_values::fingerprint::canonical_words(value, &mut self.key)
            });
            if !fits {
                self.key.clear();
                return false;
            }
        }
        entry.lookups += 1;
        self.key_owner = Some(predicate);
        let found = entry.held.contains(&self.key[..]);
        if found {
            entry.hits += 1;
        } else if entry.lookups >= TRIAL_LOOKUPS && entry.hits * 2 < entry.lookups {
            entry.given_up = true;
            entry.held = HashSet::default();
        }
        found
    }

    /// Remembers that invariant `predicate` held on the combination of the last lookup, if that
    /// lookup was for `predicate` (the key that lookup built).
    pub fn remember_holds(&mut self, predicate: usize) {
        if self.key_owner != Some(predicate) {
            return;
        }
        let Some(entry) = self.predicates.get_mut(predicate) else {
            return;
        };
        if entry.given_up
            || self.key.is_empty()
            || entry.held.len() >= MAX_COMBINATIONS
            || entry.words + self.key.len() > MAX_WORDS
        {
            return;
        }
        entry.words += self.key.len();
        entry.held.insert(self.key.as_slice().into());
    }
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
