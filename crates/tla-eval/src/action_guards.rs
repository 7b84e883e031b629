//! The first condition of an action, tested on its own before the action's walk.
//!
//! Most actions of most specifications start with a condition on the current state
//! (`pc[t] = "idle"`), and in most states it is false: a 4-thread mutex tries 28 actions per
//! state and finds 3 or 4 enabled. TLC's walk (and ours, `successors.rs`) reaches that condition
//! through the action's call, its arguments' bindings and its conjunction list before testing
//! it. The guard of an action is that first condition with the environment it is evaluated in,
//! found once when the actions are split; a state where it is FALSE has no successor under the
//! action, exactly as the walk would find, so the walk is skipped.
//!
//! Only conditions that cannot have effects are guards, by the invariant memo's analysis
//! (`predicate_memo.rs`: no `Print`, registers, random choices, operator arguments, primes or
//! `ENABLED`, through every definition called), in an environment whose bound names stand for
//! values (`\A q \in Proc \ {p} : beats(p, q)` is one). A guard that fails to evaluate lets
//! the walk run, which reports the error as usual; nothing is done twice that could be seen.
//! The walk is never skipped while per-expression coverage is counted (TLC counts the walk's
//! evaluations).

use std::borrow::Cow;

use tla_sema::hir::{Body, BuiltinOp, Expr, ExprKind};
use tla_values::{equals, functions, sets, Value};

use crate::builtin_ops::simple_filter;
use crate::context::{Ctx, StateView, WorkerContext};
use crate::env::{Binding, Env};
use crate::evaluator::Evaluator;

/// How many calls and conjunction lists the search for a guard goes through.
const SEARCH_DEPTH: u32 = 16;

/// An action's first condition, in the environment the walk evaluates it in.
#[derive(Clone)]
pub(crate) struct ActionGuard {
    condition: &'static Expr,
    env: Env,
    /// The condition's shape when it is the commonest one, `v = k` or `v[a] = k` (or `#`) with
    /// `a` and `k` values known when the actions are split (`pc[self] = "idle"`): tested on the
    /// state directly.
    comparison: Option<Comparison>,
}

#[derive(Clone)]
struct Comparison {
    op: BuiltinOp,
    left: Operand,
    right: Operand,
}

/// A side of a [`Comparison`].
#[derive(Clone)]
enum Operand {
    /// A variable of the current state, applied to each value of `path` in turn (`v[a][b]`).
    State { variable: usize, path: Vec<Value> },
    /// A value known when the actions are split.
    Fixed(Value),
}

impl Comparison {
    /// The shape of `condition` in `env`, if it is `=`, `#`, `\in` or `\notin` between
    /// variables (applied to known values) and known values (`req[p][p] = 0`,
    /// `network[q][p] # << >>`, `p \in crit`).
    fn of(evaluator: &Evaluator, condition: &'static Expr, env: &Env) -> Option<Comparison> {
        let ExprKind::Builtin { op, arguments } = &condition.kind else {
            return None;
        };
        let [left, right] = arguments.as_slice() else {
            return None;
        };
        match op {
            BuiltinOp::Equal | BuiltinOp::NotEqual => {}
            BuiltinOp::In | BuiltinOp::NotIn if simple_filter(right).is_none() => {}
            _ => return None,
        }
        Some(Comparison {
            op: *op,
            left: Operand::of(evaluator, left, env)?,
            right: Operand::of(evaluator, right, env)?,
        })
    }

    /// The comparison's value on `state`; `None` when it fails to evaluate.
    fn holds(&self, state: &[Value]) -> Option<bool> {
        let left = self.left.value(state)?;
        let right = self.right.value(state)?;
        Some(match self.op {
            BuiltinOp::Equal => equals(&left, &right).ok()?,
            BuiltinOp::NotEqual => !equals(&left, &right).ok()?,
            BuiltinOp::In => sets::member(&right, &left).ok()?,
            _ => !sets::member(&right, &left).ok()?,
        })
    }
}

impl Operand {
    fn of(evaluator: &Evaluator, expr: &'static Expr, env: &Env) -> Option<Operand> {
        match &expr.kind {
            ExprKind::Variable(var) => {
                Some(Operand::State { variable: *var as usize, path: Vec::new() })
            }
            ExprKind::Apply { function, arguments } => {
                let [argument] = arguments.as_slice() else {
                    return None;
                };
                let argument = known_value(evaluator, argument, env)?;
                match Operand::of(evaluator, function, env)? {
                    Operand::State { variable, mut path } => {
                        path.push(argument);
                        Some(Operand::State { variable, path })
                    }
                    Operand::Fixed(_) => None,
                }
            }
            _ => known_value(evaluator, expr, env).map(Operand::Fixed),
        }
    }

    fn value<'s>(&'s self, state: &'s [Value]) -> Option<Cow<'s, Value>> {
        match self {
            Operand::Fixed(value) => Some(Cow::Borrowed(value)),
            Operand::State { variable, path } => {
                let mut current = Cow::Borrowed(state.get(*variable)?);
                for argument in path {
                    current = match current {
                        Cow::Borrowed(function) => {
                            functions::apply_borrowed(function, argument).ok()?
                        }
                        Cow::Owned(function) => {
                            Cow::Owned(functions::apply(&function, argument).ok()?)
                        }
                    };
                }
                Some(current)
            }
        }
    }
}

/// The value of a literal, a constant the model gives a value, a bound name bound to a value, a
/// constant definition computed already, or a tuple of those, without evaluating anything.
fn known_value(evaluator: &Evaluator, expr: &'static Expr, env: &Env) -> Option<Value> {
    match &expr.kind {
        ExprKind::Bool(b) => Some(Value::Bool(*b)),
        ExprKind::Int(n) => Some(Value::Int(*n)),
        ExprKind::Tuple(items) => items
            .iter()
            .map(|item| known_value(evaluator, item, env))
            .collect::<Option<Vec<_>>>()
            .map(Value::tuple),
        _ => evaluator.value_without_state(expr, env).cloned(),
    }
}

impl ActionGuard {
    /// The guard of the action `expr` (in `env`), if it starts with a condition without effects.
    pub(crate) fn of(evaluator: &Evaluator, expr: &'static Expr, env: &Env) -> Option<ActionGuard> {
        first_condition(evaluator, expr, env, SEARCH_DEPTH)
    }

    /// Whether the action may have successors from `state`: `false` only when the guard is
    /// FALSE there.
    pub(crate) fn may_hold(
        &self,
        evaluator: &Evaluator,
        state: &[Value],
        worker: &WorkerContext,
    ) -> bool {
        if worker.expression_coverage.is_some() {
            return true;
        }
        if let Some(comparison) = &self.comparison {
            return comparison.holds(state) != Some(false);
        }
        let ctx = Ctx {
            current: StateView::Full(state),
            next: StateView::Absent,
            except_at: None,
            worker,
            states_id: worker.fresh_states_id(),
        };
        if let Some(holds) = evaluator.compiled_holds(self.condition, &self.env, &ctx) {
            return holds;
        }
        !matches!(evaluator.eval_bool(self.condition, &self.env, &ctx), Ok(false))
    }
}

/// Follows the walk's first steps from `expr`: into a conjunction's first item, into the body
/// of a called definition whose arguments are values, through labels and `LET`s.
fn first_condition(
    evaluator: &Evaluator,
    expr: &'static Expr,
    env: &Env,
    depth: u32,
) -> Option<ActionGuard> {
    if without_effects(evaluator, expr, env) {
        let comparison = Comparison::of(evaluator, expr, env);
        return Some(ActionGuard { condition: expr, env: env.clone(), comparison });
    }
    let depth = depth.checked_sub(1)?;
    match &expr.kind {
        ExprKind::Junction { conjunction: true, items }
        | ExprKind::Builtin { op: BuiltinOp::And, arguments: items } => {
            first_condition(evaluator, items.first()?, env, depth)
        }
        ExprKind::Label { body, .. } | ExprKind::Let { body, .. } => {
            first_condition(evaluator, body, env, depth)
        }
        ExprKind::Call { def, arguments } => {
            let def = evaluator.resolve_definition(*def);
            if evaluator.fixed_value(def).is_some()
                || evaluator.native_of(def, arguments).is_some()
                || (arguments.is_empty() && evaluator.is_precomputed(def))
            {
                return None;
            }
            let Body::Expression(body) = &evaluator.definition(def).ok()?.body else {
                return None;
            };
            let mut inner = Env::empty();
            for argument in arguments {
                match evaluator.bind_argument(argument, env, None).ok()? {
                    binding @ Binding::Value(_) => inner = inner.push(binding),
                    _ => return None,
                }
            }
            first_condition(evaluator, body, &inner, depth)
        }
        _ => None,
    }
}

/// Whether evaluating `expr` in `env` can do nothing but compute a value (or fail): no effects
/// (the invariant memo's analysis, `predicate_memo.rs`), and every binding of `env` a value, so
/// no bound name stands for an argument not evaluated yet (which could be primed).
fn without_effects(evaluator: &Evaluator, expr: &'static Expr, env: &Env) -> bool {
    env.holds_only_values() && crate::predicate_memo::expression_reads(evaluator, expr).is_some()
}
