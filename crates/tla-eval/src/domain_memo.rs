//! The sets an action's binders range over, remembered per worker for the bindings around them.
//!
//! Actions often bind a name over a set computed from the constants and the action's own
//! parameters only: `\E q \in Proc \ {self}`, or PlusCal's `with s \in {p \in SUBSET
//! Others(self) : Cardinality(p) = K}`. Such a set reads no variable, so it is the same in every
//! state the action is taken from, yet the walk would build it again in each. When the set's
//! expression reads no variable and has no effects (the invariant memo's analysis,
//! `predicate_memo.rs`), uses no `@`, and calls no `LET` definition or `LAMBDA` written outside
//! it, its value depends only on the bindings of the environment. When those are all scalars
//! (parameters, the usual case), the value is kept per thread under the pair (expression,
//! bindings) and reused.
//!
//! Bindings are compared exactly (a scalar equals only a scalar of the same kind), so the kept
//! set is the very set the interpreter builds for them. An expression whose lookups mostly miss
//! stops being remembered after a trial, and the table is bounded. Nothing is remembered while
//! per-expression coverage is counted, since TLC counts every evaluation.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use tla_sema::hir::{Body, DefId, Expr, ExprKind, OperatorRef};
use tla_values::fast_hash::IntegerHasher;
use tla_values::fingerprint::StateHash;
use tla_values::Value;

use crate::context::Ctx;
use crate::env::Env;
use crate::evaluator::Evaluator;
use crate::failure::EvalOutcome;
use crate::known::Known;

/// How many lookups an expression is tried on before its hit rate decides whether to keep
/// remembering it.
const TRIAL_LOOKUPS: u64 = 256;
/// The most sets kept per thread, over all expressions; the table starts again when full.
const MAX_KEPT: usize = 4096;

type IntegerKeyed<K, V> = HashMap<K, V, BuildHasherDefault<IntegerHasher>>;
/// A kept set and the bindings it was computed for.
type KeptSet = (Box<[Value]>, Value);

/// One thread's remembered binder sets.
#[derive(Default)]
pub struct DomainMemo {
    /// The evaluator the entries belong to (its shared part's address), so a context used with
    /// another specification never sees them.
    owner: usize,
    /// Per expression slot: whether it qualifies, and its trial.
    expressions: IntegerKeyed<u32, ExpressionTrial>,
    /// By expression slot and the hash of the bindings: the bindings and the set.
    kept: IntegerKeyed<(u32, u64), Vec<KeptSet>>,
    kept_count: usize,
    bindings: Vec<Value>,
}

struct ExpressionTrial {
    remembered: bool,
    lookups: u64,
    hits: u64,
}

enum Lookup {
    Found(Value),
    /// Not kept yet: the bindings' hash, for [`DomainMemo::remember`].
    Missed(u64),
    NotRemembered,
}

impl Evaluator {
    /// The value of `set`, the set a binder of an action ranges over, in `env`: remembered for
    /// the bindings when it depends on nothing else (see the module's comment).
    pub(crate) fn binder_set(
        &self,
        set: &'static Expr,
        env: &Env,
        ctx: &Ctx,
        compute: impl FnOnce() -> EvalOutcome<Value>,
    ) -> EvalOutcome<Value> {
        if ctx.worker.expression_coverage.is_some() {
            return compute();
        }
        let lookup = ctx.worker.domain_memo.borrow_mut().lookup(self, set, env);
        match lookup {
            Lookup::Found(value) => Ok(value),
            Lookup::NotRemembered => compute(),
            Lookup::Missed(hash) => {
                let value = compute()?;
                ctx.worker.domain_memo.borrow_mut().remember(set, hash, &value);
                Ok(value)
            }
        }
    }
}

impl DomainMemo {
    fn lookup(&mut self, evaluator: &Evaluator, set: &'static Expr, env: &Env) -> Lookup {
        let owner = std::sync::Arc::as_ptr(&evaluator.shared) as usize;
        if self.owner != owner {
            *self = DomainMemo { owner, ..DomainMemo::default() };
        }
        let slot = set.slot.get();
        let trial = self.expressions.entry(slot).or_insert_with(|| ExpressionTrial {
            remembered: depends_only_on_bindings(evaluator, set),
            lookups: 0,
            hits: 0,
        });
        if !trial.remembered {
            return Lookup::NotRemembered;
        }
        self.bindings.clear();
        if !env.scalar_bindings(&mut self.bindings) {
            return Lookup::NotRemembered;
        }
        let hash = bindings_hash(&self.bindings);
        trial.lookups += 1;
        let found = self.kept.get(&(slot, hash)).and_then(|candidates| {
            candidates.iter().find(|(bindings, _)| same_scalars(bindings, &self.bindings))
        });
        if let Some((_, value)) = found {
            trial.hits += 1;
            return Lookup::Found(value.clone());
        }
        if trial.lookups >= TRIAL_LOOKUPS && trial.hits * 2 < trial.lookups {
            trial.remembered = false;
            self.kept.retain(|(kept_slot, _), _| *kept_slot != slot);
            return Lookup::NotRemembered;
        }
        Lookup::Missed(hash)
    }

    fn remember(&mut self, set: &'static Expr, hash: u64, value: &Value) {
        if self.kept_count >= MAX_KEPT {
            self.kept.clear();
            self.kept_count = 0;
        }
        let bindings = self.bindings.clone().into_boxed_slice();
        self.kept.entry((set.slot.get(), hash)).or_default().push((bindings, value.clone()));
        self.kept_count += 1;
    }
}

/// The state hash of the bindings, in order (the invariant memo's hash of the variables it
/// reads); it only finds candidates, which [`same_scalars`] then recognises.
fn bindings_hash(bindings: &[Value]) -> u64 {
    let mut hash = StateHash::new();
    for value in bindings {
        if let Some(extended) = hash.concrete_value(value) {
            hash = extended;
        }
    }
    hash.finish()
}

/// Whether two lists of scalars hold the same scalars, kind for kind.
fn same_scalars(left: &[Value], right: &[Value]) -> bool {
    left.len() == right.len()
        && left.iter().zip(right).all(|pair| match pair {
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Int(a), Value::Int(b)) => a == b,
            (Value::Str(a), Value::Str(b)) | (Value::ModelValue(a), Value::ModelValue(b)) => a == b,
            _ => false,
        })
}

/// Whether `set`'s value depends only on the bindings of its environment, and is worth
/// remembering (not a name, a constant, or a value the evaluator keeps already).
fn depends_only_on_bindings(evaluator: &Evaluator, set: &'static Expr) -> bool {
    if !matches!(evaluator.shared.known.of(set), Known::Nothing) {
        return false;
    }
    match &set.kind {
        ExprKind::Local(_) | ExprKind::Constant(_) | ExprKind::Variable(_) => return false,
        ExprKind::Call { arguments, .. } if arguments.is_empty() => return false,
        _ => {}
    }
    let reads_nothing = crate::predicate_memo::expression_reads(evaluator, set)
        .is_some_and(|variables| variables.is_empty());
    reads_nothing && sees_only_bindings(evaluator, set, &mut Vec::new())
}

/// Whether `expr` uses no `@`, no operator parameter and no `LET` definition or `LAMBDA` but
/// those of `LET`s inside it (`inner`, with those met on the way down).
fn sees_only_bindings(evaluator: &Evaluator, expr: &'static Expr, inner: &mut Vec<DefId>) -> bool {
    match &expr.kind {
        ExprKind::ExceptAt
        | ExprKind::CallParameter { .. }
        | ExprKind::Operator(OperatorRef::Local { .. } | OperatorRef::Parameter(_)) => {
            return false
        }
        ExprKind::CallLet { def, .. } if !inner.contains(def) => return false,
        ExprKind::Let { definitions, .. } => {
            let depth = inner.len();
            inner.extend(definitions.iter().copied());
            let bodies_too = definitions.iter().all(|def| match evaluator.definition(*def) {
                Ok(definition) => match &definition.body {
                    Body::Expression(body) => sees_only_bindings(evaluator, body, inner),
                    _ => false,
                },
                Err(_) => false,
            });
            let mut ok = bodies_too;
            crate::walk::for_each_child(expr, &mut |child| {
                ok = ok && sees_only_bindings(evaluator, child, inner);
            });
            inner.truncate(depth);
            return ok;
        }
        _ => {}
    }
    let mut ok = true;
    crate::walk::for_each_child(expr, &mut |child| {
        ok = ok && sees_only_bindings(evaluator, child, inner);
    });
    ok
}

#[cfg(test)]
mod tests {
    use super::{bindings_hash, same_scalars};
    use tla_values::Value;

    #[test]
    fn bindings_match_only_kind_for_kind_and_in_order() {
        let (one, yes) = (Value::Int(1), Value::Bool(true));
        assert!(same_scalars(&[one.clone(), yes.clone()], &[Value::Int(1), Value::Bool(true)]));
        // `1` is not `TRUE`, order matters, and a longer list is another list.
        assert!(!same_scalars(std::slice::from_ref(&one), std::slice::from_ref(&yes)));
        assert!(!same_scalars(&[one.clone(), yes.clone()], &[yes.clone(), one.clone()]));
        assert!(!same_scalars(std::slice::from_ref(&one), &[one.clone(), one.clone()]));
        // The hash tells the kinds and the order apart too (it only finds candidates).
        assert_ne!(
            bindings_hash(std::slice::from_ref(&one)),
            bindings_hash(std::slice::from_ref(&yes))
        );
        assert_ne!(
            bindings_hash(&[Value::Int(1), Value::Int(2)]),
            bindings_hash(&[Value::Int(2), Value::Int(1)])
        );
    }
}
