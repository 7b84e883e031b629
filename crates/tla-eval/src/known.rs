//! Facts about the specification's expressions that hold for the whole run and are known before
//! evaluation starts, kept in a table indexed by each expression's slot
//! ([`tla_sema::hir::ExprSlot`], numbered when the evaluator is made), so evaluation finds them
//! by one array access instead of a search: a string literal's value, the definition a
//! zero-argument call stands for when its value is computed once per run, a closed constant's
//! value once computed, a field name's value.
//!
//! Nothing here changes what is computed: each entry is a shortcut to the value the evaluator's
//! general path would produce. The evaluator skips the table while per-expression coverage is
//! counted, since TLC counts every evaluation.

use std::borrow::Cow;
use std::sync::OnceLock;

use tla_sema::hir::{DefId, Expr, ExprKind, Hir};
use tla_values::{functions, Value};

use crate::context::Ctx;
use crate::env::{Binding, Env};
use crate::evaluator::{ConstantBinding, Evaluator};
use crate::failure::{AtExpr, EvalOutcome};

/// How many applications and field accesses `f[a][b].c` [`Evaluator::borrowed_value`] follows.
pub(crate) const BORROW_DEPTH: u32 = 8;

/// What is known ahead about one expression.
pub(crate) enum Known {
    Nothing,
    /// The expression's value, fixed by the text or the model: a string literal, a zero-argument
    /// definition the model gives a value (`Op = v` in the cfg file).
    Value(Value),
    /// A zero-argument call of a definition whose value is computed once per run: the
    /// definition after the model's overrides (its value is in the evaluator's cache once
    /// computed).
    CachedCall(DefId),
    /// A closed constant structure (`closed_constants.rs`): its value, once computed.
    Closed(OnceLock<Value>),
    /// For `r.field`: the field name as a string value.
    FieldName(Value),
}

static NOTHING: Known = Known::Nothing;

/// The table, one entry per slot; slot 0 (unnumbered expressions) knows nothing.
#[derive(Default)]
pub(crate) struct KnownFacts {
    entries: Vec<Known>,
}

impl KnownFacts {
    /// How many entries (expression slots) the table has.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    pub(crate) fn of(&self, expr: &Expr) -> &Known {
        self.entries.get(expr.slot.get() as usize).unwrap_or(&NOTHING)
    }
}

impl Evaluator {
    /// Calls `use_value` on the value of `expr`, borrowed where it is already stored (a state
    /// variable, a bound value, a constant) instead of copied: fewer reference-count updates on
    /// the hot paths (function application, field access, comparisons).
    pub(crate) fn with_value<R>(
        &self,
        expr: &'static Expr,
        env: &Env,
        ctx: &Ctx,
        use_value: impl FnOnce(&Value) -> EvalOutcome<R>,
    ) -> EvalOutcome<R> {
        if ctx.worker.expression_coverage.is_some() {
            return use_value(&self.eval(expr, env, ctx)?);
        }
        if let Some(value) = self.stored_value(expr, env, ctx) {
            return use_value(value);
        }
        match self.borrowed_value(expr, env, ctx, BORROW_DEPTH) {
            Some(value) => use_value(value?.as_ref()),
            None => use_value(&self.eval(expr, env, ctx)?),
        }
    }

    /// The value of `expr` when it is stored already: a variable of the current state, a bound
    /// value, a constant given a value, or a value known ahead (`known.rs`: a string literal, a
    /// constant definition computed already, a closed constant computed already).
    #[inline]
    pub(crate) fn stored_value<'a>(
        &'a self,
        expr: &Expr,
        env: &'a Env,
        ctx: &Ctx<'a>,
    ) -> Option<&'a Value> {
        match &expr.kind {
            ExprKind::Variable(var) => ctx.current.variable(*var as usize),
            _ => self.value_without_state(expr, env),
        }
    }

    /// [`Self::stored_value`] for what needs no state: a bound value, a constant given a value,
    /// a value known ahead.
    pub(crate) fn value_without_state<'a>(
        &'a self,
        expr: &Expr,
        env: &'a Env,
    ) -> Option<&'a Value> {
        match &expr.kind {
            ExprKind::Local(index) => match env.get(*index) {
                Some(Binding::Value(value)) => Some(value),
                _ => None,
            },
            ExprKind::Constant(constant) => match self.shared.constants.get(*constant as usize) {
                Some(ConstantBinding::Value(value)) => Some(value),
                _ => None,
            },
            _ => self.known_value(expr),
        }
    }

    /// The value of `expr` when it is known ahead and computed already: a string literal, a
    /// constant definition, a closed constant.
    pub(crate) fn known_value(&self, expr: &Expr) -> Option<&Value> {
        match self.shared.known.of(expr) {
            Known::Value(value) => Some(value),
            Known::CachedCall(def) => self.shared.cache.get(*def as usize)?.get(),
            Known::Closed(remembered) => remembered.get(),
            Known::Nothing | Known::FieldName(_) => None,
        }
    }

    /// The value of `f[a]` or `r.field` where `a` is stored and `f` or `r` is stored or itself
    /// such an expression (`queue[i].thread`), borrowed from where it is stored: no copy of the
    /// function or record on the way. `None` when `expr` is not of that shape (nothing was
    /// evaluated then, so the caller evaluates it as usual); the errors are the general path's.
    pub(crate) fn borrowed_value<'a>(
        &'a self,
        expr: &'static Expr,
        env: &'a Env,
        ctx: &Ctx<'a>,
        depth: u32,
    ) -> Option<EvalOutcome<Cow<'a, Value>>> {
        let operand = |inner: &'static Expr| -> Option<EvalOutcome<Cow<'a, Value>>> {
            match self.stored_value(inner, env, ctx) {
                Some(value) => Some(Ok(Cow::Borrowed(value))),
                None if depth > 0 => self.borrowed_value(inner, env, ctx, depth - 1),
                None => None,
            }
        };
        match &expr.kind {
            ExprKind::Apply { function, arguments } if arguments.len() == 1 => {
                let argument = self.stored_value(&arguments[0], env, ctx)?;
                let lazy = |failure, value: &Value| {
                    self.application_failure(failure, function, value, argument)
                };
                Some(match operand(function)? {
                    Ok(Cow::Borrowed(value)) => functions::apply_borrowed(value, argument)
                        .at(expr)
                        .map_err(|failure| lazy(failure, value)),
                    Ok(Cow::Owned(value)) => functions::apply(&value, argument)
                        .map(Cow::Owned)
                        .at(expr)
                        .map_err(|failure| lazy(failure, &value)),
                    Err(failure) => Err(failure),
                })
            }
            ExprKind::Field { record, field } => {
                let Known::FieldName(name) = self.shared.known.of(expr) else {
                    return None;
                };
                let missing = |record: &Value| crate::evaluator::missing_field(field, record);
                Some(match operand(record)? {
                    Ok(Cow::Borrowed(record)) => {
                        match functions::record_field_borrowed(record, name).at(expr) {
                            Ok(Some(found)) => Ok(found),
                            Ok(None) => Err(missing(record)).at(expr),
                            Err(failure) => Err(failure),
                        }
                    }
                    Ok(Cow::Owned(record)) => match functions::record_field(&record, name).at(expr)
                    {
                        Ok(Some(found)) => Ok(Cow::Owned(found)),
                        Ok(None) => Err(missing(&record)).at(expr),
                        Err(failure) => Err(failure),
                    },
                    Err(failure) => Err(failure),
                })
            }
            _ => None,
        }
    }
}

/// Numbers every expression of `evaluator`'s specification from 1 (a walk of the definitions
/// and assumptions) and builds its table; `closed_constants` are the expressions whose values
/// are remembered.
pub(crate) fn known_facts(evaluator: &Evaluator, closed_constants: &[&'static Expr]) -> KnownFacts {
    fn visit(expr: &'static Expr, evaluator: &Evaluator, entries: &mut Vec<Known>) {
        expr.slot.set(entries.len() as u32);
        entries.push(match &expr.kind {
            ExprKind::Str(text) => Known::Value(Value::Str(evaluator.atom(text))),
            ExprKind::Field { field, .. } => Known::FieldName(Value::Str(evaluator.atom(field))),
            ExprKind::Call { def, arguments } if arguments.is_empty() => {
                let def = evaluator.resolve_definition(*def);
                match evaluator.fixed_value(def) {
                    Some(value) => Known::Value(value.clone()),
                    None if evaluator.is_precomputed(def) => Known::CachedCall(def),
                    None => Known::Nothing,
                }
            }
            _ => Known::Nothing,
        });
        crate::walk::for_each_child(expr, &mut |child| visit(child, evaluator, entries));
    }
    // Slot 0 is the one of expressions nobody numbered.
    let mut entries = vec![Known::Nothing];
    for_each_root(evaluator.hir(), &mut |expr| visit(expr, evaluator, &mut entries));
    for expr in closed_constants {
        if let Some(entry) = entries.get_mut(expr.slot.get() as usize) {
            *entry = Known::Closed(OnceLock::new());
        }
    }
    KnownFacts { entries }
}

/// The expressions the specification is made of: definitions' bodies and assumptions.
fn for_each_root(hir: &'static Hir, visit: &mut dyn FnMut(&'static Expr)) {
    for definition in &hir.definitions {
        crate::walk::for_each_body_expression(&definition.body, &mut *visit);
    }
    for assumption in &hir.assumptions {
        visit(&assumption.body);
    }
}
