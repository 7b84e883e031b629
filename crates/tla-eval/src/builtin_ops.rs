//! The operators built into TLA+ (`=`, `\in`, `\cup`, `'`, `UNCHANGED`, `ENABLED`, ...): their
//! evaluation, lazily where TLC is lazy, and on values when passed as operator arguments.

use tla_sema::hir::{BuiltinOp, Expr, ExprKind};
use tla_values::{equals, functions, sets, EvalError, EvalErrorKind, Value};

use crate::context::Ctx;
use crate::env::Env;
use crate::evaluator::Evaluator;
use crate::failure::{EvalOutcome, Failure};

impl Evaluator {
    pub(crate) fn eval_builtin(
        &self,
        op: BuiltinOp,
        arguments: &'static [Expr],
        env: &Env,
        ctx: &Ctx,
    ) -> EvalOutcome<Value> {
        let argument = |index: usize| -> EvalOutcome<&'static Expr> {
            arguments.get(index).ok_or_else(|| {
                Failure::message(EvalErrorKind::Unsupported, "Internal error: missing argument.")
            })
        };
        if let Some(holds) = self.eval_builtin_bool(op, arguments, env, ctx) {
            return holds.map(Value::Bool);
        }
        match op {
            BuiltinOp::Equivalent => {
                let left = self.eval_bool(argument(0)?, env, ctx)?;
                let right = self.eval_bool(argument(1)?, env, ctx)?;
                Ok(Value::Bool(left == right))
            }
            BuiltinOp::Prime => {
                if ctx.next.is_absent() {
                    return Err(Failure::message(
                        EvalErrorKind::Unsupported,
                        "A primed expression was evaluated where no next state is available.",
                    ));
                }
                self.eval(argument(0)?, env, &ctx.primed())
            }
            BuiltinOp::Unchanged => Ok(Value::Bool(self.unchanged(argument(0)?, env, ctx)?)),
            BuiltinOp::In | BuiltinOp::NotIn => {
                // `e \in {x \in S : P}` tests `e \in S /\ P(e)` without building the set, as
                // TLC's lazy set filter does.
                let Some((set, predicate)) = simple_filter(argument(1)?) else {
                    return Err(Failure::message(
                        EvalErrorKind::Unsupported,
                        "Internal error: not a set filter.",
                    ));
                };
                let element = self.eval(argument(0)?, env, ctx)?;
                let base = self.eval(set, env, ctx)?;
                let mut member = sets::member(&base, &element).map_err(Failure::new)?;
                if member {
                    member = self.eval_bool(predicate, &env.push_value(element), ctx)?;
                }
                Ok(Value::Bool(member == (op == BuiltinOp::In)))
            }
            BuiltinOp::Enabled => {
                Ok(Value::Bool(crate::successors::is_enabled(self, argument(0)?, env, ctx)?))
            }
            BuiltinOp::Always
            | BuiltinOp::Eventually
            | BuiltinOp::LeadsTo
            | BuiltinOp::WhilePlus
            | BuiltinOp::Composition => Err(temporal_error()),
            // One and two operands (nearly every use) without a vector.
            _ => match arguments {
                [only] => {
                    let only = self.eval(only, env, ctx)?;
                    self.apply_builtin_values(op, std::slice::from_ref(&only))
                }
                [left, right] => {
                    let left = self.eval(left, env, ctx)?;
                    let right = self.eval(right, env, ctx)?;
                    self.apply_builtin_values(op, &[left, right])
                }
                _ => {
                    let values = self.eval_all(arguments, env, ctx)?;
                    self.apply_builtin_values(op, &values)
                }
            },
        }
    }

    /// The value of the built-in operators whose value is a boolean computed from their operands
    /// in place (the connectives, `=`, `#`, `\in`, `\notin`): `None` for the others. Used by
    /// [`Evaluator::eval_builtin`] and, without wrapping the boolean in a value, by
    /// [`Evaluator::eval_bool`].
    pub(crate) fn eval_builtin_bool(
        &self,
        op: BuiltinOp,
        arguments: &'static [Expr],
        env: &Env,
        ctx: &Ctx,
    ) -> Option<EvalOutcome<bool>> {
        Some(match (op, arguments) {
            (BuiltinOp::And | BuiltinOp::Or, items) => {
                let conjunction = op == BuiltinOp::And;
                for item in items {
                    match self.eval_bool(item, env, ctx) {
                        Ok(holds) if holds != conjunction => return Some(Ok(!conjunction)),
                        Ok(_) => {}
                        Err(failure) => return Some(Err(failure)),
                    }
                }
                Ok(conjunction)
            }
            (BuiltinOp::Implies, [premise, conclusion]) => {
                match self.eval_bool(premise, env, ctx) {
                    Ok(false) => Ok(true),
                    Ok(true) => self.eval_bool(conclusion, env, ctx),
                    Err(failure) => Err(failure),
                }
            }
            (BuiltinOp::Not, [only]) => self.eval_bool(only, env, ctx).map(|holds| !holds),
            (BuiltinOp::Equal | BuiltinOp::NotEqual, [left, right])
            | (BuiltinOp::In | BuiltinOp::NotIn, [left, right])
                if simple_filter(right).is_none() =>
            {
                // Compared in place: operands that are stored values are not copied.
                self.with_value(left, env, ctx, |left| {
                    self.with_value(right, env, ctx, |right| {
                        let holds = match op {
                            BuiltinOp::Equal | BuiltinOp::NotEqual => equals(left, right),
                            _ => sets::member(right, left),
                        }
                        .map_err(Failure::new)?;
                        Ok(holds == matches!(op, BuiltinOp::Equal | BuiltinOp::In))
                    })
                })
            }
            _ => return None,
        })
    }

    /// A built-in operator on evaluated arguments (also when passed as an operator argument).
    pub(crate) fn apply_builtin_values(
        &self,
        op: BuiltinOp,
        values: &[Value],
    ) -> EvalOutcome<Value> {
        let value = |index: usize| -> EvalOutcome<&Value> {
            values.get(index).ok_or_else(|| {
                Failure::message(
                    EvalErrorKind::WrongKind,
                    format!("The operator {} was given too few arguments.", op.name()),
                )
            })
        };
        let boolean = |index: usize| -> EvalOutcome<bool> {
            match value(index)? {
                Value::Bool(b) => Ok(*b),
                other => Err(Failure::new(EvalError::argument(
                    ordinal(index),
                    op.name(),
                    "a boolean",
                    &tla_values::ppr(other),
                ))),
            }
        };
        let result = match op {
            BuiltinOp::Equal => Value::Bool(equals(value(0)?, value(1)?).map_err(Failure::new)?),
            BuiltinOp::NotEqual => {
                Value::Bool(!equals(value(0)?, value(1)?).map_err(Failure::new)?)
            }
            BuiltinOp::Not => Value::Bool(!boolean(0)?),
            BuiltinOp::And => Value::Bool(boolean(0)? && boolean(1)?),
            BuiltinOp::Or => Value::Bool(boolean(0)? || boolean(1)?),
            BuiltinOp::Implies => Value::Bool(!boolean(0)? || boolean(1)?),
            BuiltinOp::Equivalent => Value::Bool(boolean(0)? == boolean(1)?),
            BuiltinOp::In => Value::Bool(sets::member(value(1)?, value(0)?).map_err(Failure::new)?),
            BuiltinOp::NotIn => {
                Value::Bool(!sets::member(value(1)?, value(0)?).map_err(Failure::new)?)
            }
            BuiltinOp::SubsetEq => {
                Value::Bool(sets::subseteq(value(0)?, value(1)?).map_err(Failure::new)?)
            }
            BuiltinOp::Union => sets::union(value(0)?, value(1)?).map_err(Failure::new)?,
            BuiltinOp::Intersect => {
                sets::intersection(value(0)?, value(1)?).map_err(Failure::new)?
            }
            BuiltinOp::SetMinus => sets::difference(value(0)?, value(1)?).map_err(Failure::new)?,
            BuiltinOp::PowerSet => sets::subset(value(0)?),
            BuiltinOp::BigUnion => sets::big_union(value(0)?).map_err(Failure::new)?,
            BuiltinOp::Domain => functions::domain(value(0)?).map_err(Failure::new)?,
            _ => {
                // The operators that need states or behaviours (`needs_states`).
                return Err(Failure::message(
                    EvalErrorKind::Unsupported,
                    format!("The operator {} cannot be applied to values.", op.name()),
                ));
            }
        };
        Ok(result)
    }
}

/// The built-in operators whose meaning needs states or behaviours, not only values: primes,
/// `UNCHANGED`, `ENABLED` and the temporal operators.
pub(crate) fn needs_states(op: BuiltinOp) -> bool {
    matches!(
        op,
        BuiltinOp::Prime
            | BuiltinOp::Unchanged
            | BuiltinOp::Enabled
            | BuiltinOp::Always
            | BuiltinOp::Eventually
            | BuiltinOp::LeadsTo
            | BuiltinOp::WhilePlus
            | BuiltinOp::Composition
    )
}

/// `S` and `P` of `{x \in S : P}` with one plain name.
pub(crate) fn simple_filter(expr: &'static Expr) -> Option<(&'static Expr, &'static Expr)> {
    match &expr.kind {
        ExprKind::SetFilter { bound, predicate } if !bound.tuple && bound.names.len() == 1 => {
            Some((bound.set.as_ref()?, predicate))
        }
        _ => None,
    }
}

pub(crate) fn ordinal(index: usize) -> &'static str {
    match index {
        0 => "first",
        1 => "second",
        2 => "third",
        _ => "next",
    }
}

pub(crate) fn temporal_error() -> Box<Failure> {
    Failure::message(
        EvalErrorKind::Unsupported,
        "TLC cannot evaluate a temporal formula here; temporal formulas may only appear in properties.",
    )
}
