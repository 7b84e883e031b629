//! Binders: the bindings of `\A`, `\E`, `CHOOSE`, set maps and filters, and the values of
//! function constructors, with TLC's enumeration order (the normalised order of each set).

use std::sync::Arc;

use tla_sema::hir::{Bound, DefId, Expr};
use tla_values::{sets, EvalError, EvalErrorKind, Value};

use crate::context::Ctx;
use crate::env::{Binding, Env};
use crate::evaluator::Evaluator;
use crate::failure::{AtExpr, EvalOutcome, Failure};
use crate::values::LazyFunction;

impl Evaluator {
    /// Calls each binding of `bounds` (evaluated in `env`) with the environment extended by it;
    /// stops when `visit` returns `false`. Returns whether every binding was visited.
    pub(crate) fn for_each_binding(
        &self,
        bounds: &'static [Bound],
        env: &Env,
        ctx: &Ctx,
        at: &Expr,
        visit: &mut dyn FnMut(&Env) -> EvalOutcome<bool>,
    ) -> EvalOutcome<bool> {
        if let [bound] = bounds {
            // One bound (nearly every use): its set's value needs no table.
            let value = self.eval(bounded_set(bound, at)?, env, ctx)?;
            return self.for_each_binding_in(
                bounds,
                std::slice::from_ref(&value),
                env,
                ctx,
                at,
                visit,
            );
        }
        let mut values = Vec::with_capacity(bounds.len());
        for bound in bounds {
            values.push(self.eval(bounded_set(bound, at)?, env, ctx)?);
        }
        self.for_each_binding_in(bounds, &values, env, ctx, at, visit)
    }

    /// [`Self::for_each_binding`] over sets already evaluated (`values[i]` is the value of
    /// `bounds[i]`'s set), so a caller that needed a set's value first evaluates it only once.
    pub(crate) fn for_each_binding_in(
        &self,
        bounds: &'static [Bound],
        values: &[Value],
        env: &Env,
        ctx: &Ctx,
        at: &Expr,
        visit: &mut dyn FnMut(&Env) -> EvalOutcome<bool>,
    ) -> EvalOutcome<bool> {
        if let ([bound], [value]) = (bounds, values) {
            if !bound.tuple && bound.names.len() == 1 {
                let set = bounded_set(bound, at)?;
                return match ctx.worker.expression_coverage.as_deref() {
                    None => self.for_each_element_of(value, set, env, visit),
                    Some(coverage) => {
                        // TLC counts each element it takes from an explicit set, and the call
                        // that ends it.
                        let mut taken = 0;
                        let mut counted = |env: &Env| {
                            taken += 1;
                            visit(env)
                        };
                        let result = self.for_each_element_of(value, set, env, &mut counted);
                        let ended = usize::from(matches!(result, Ok(true)));
                        coverage.enumerated(self, set, (taken + ended).saturating_sub(1));
                        result
                    }
                };
            }
        }
        let mut enumerated = Vec::with_capacity(bounds.len());
        for (bound, value) in bounds.iter().zip(values) {
            let set = bounded_set(bound, at)?;
            let elements = sets::enumerated(value).at(set)?;
            elements.normalized().map_err(Failure::new).at(set)?;
            enumerated.push(elements);
        }
        let mut domains = Vec::with_capacity(enumerated.len());
        for elements in &enumerated {
            domains.push(elements.normalized().map_err(Failure::new).at(at)?);
        }
        if let (Some(coverage), [bound]) = (ctx.worker.expression_coverage.as_deref(), bounds) {
            // A tuple bound `<<a, b>> \in S`: counted as above.
            let mut taken = 0;
            let mut counted = |env: &Env| {
                taken += 1;
                visit(env)
            };
            let result = self.bind_combinations(bounds, &domains, env, at, &mut counted);
            let ended = usize::from(matches!(result, Ok(true)));
            coverage.enumerated(self, bounded_set(bound, at)?, (taken + ended).saturating_sub(1));
            return result;
        }
        self.bind_combinations(bounds, &domains, env, at, visit)
    }

    /// Binds each element of `value` (the value of `set`) innermost on `env`, in TLC's order;
    /// an interval's integers are bound without building the set.
    fn for_each_element_of(
        &self,
        value: &Value,
        set: &'static Expr,
        env: &Env,
        visit: &mut dyn FnMut(&Env) -> EvalOutcome<bool>,
    ) -> EvalOutcome<bool> {
        let mut inner = Env::empty();
        if let Value::Interval(interval) = value {
            for n in interval.low..=interval.high {
                inner.rebind_innermost(env, Value::Int(i64::from(n)));
                if !visit(&inner)? {
                    return Ok(false);
                }
            }
            return Ok(true);
        }
        let elements = sets::enumerated(value).at(set)?;
        for element in elements.normalized().map_err(Failure::new).at(set)? {
            inner.rebind_innermost(env, element.clone());
            if !visit(&inner)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Calls `visit` with `env` extended by each combination of elements of `domains` (those of
    /// `bounds`' sets), in TLC's order (its `ContextEnumerator`): the first name varies fastest
    /// and the last slowest, so `\E r, c \in S` takes `<<r, c>>` as `<<1, 1>>`, `<<2, 1>>`, ...
    /// Each name (or tuple pattern) is bound in its place all the same: the first deepest.
    pub(crate) fn bind_combinations(
        &self,
        bounds: &'static [Bound],
        domains: &[&[Value]],
        env: &Env,
        at: &Expr,
        visit: &mut dyn FnMut(&Env) -> EvalOutcome<bool>,
    ) -> EvalOutcome<bool> {
        // One slot per name, or per tuple pattern: its domain, and the pattern's width.
        let mut slots: Vec<(&[Value], Option<usize>)> = Vec::new();
        for (bound, domain) in bounds.iter().zip(domains) {
            if bound.tuple {
                slots.push((domain, Some(bound.names.len())));
            } else {
                slots.extend(std::iter::repeat_n((*domain, None), bound.names.len()));
            }
        }
        if slots.iter().any(|(domain, _)| domain.is_empty()) {
            return Ok(true);
        }
        let mut positions = vec![0usize; slots.len()];
        let plain = slots.iter().all(|(_, pattern)| pattern.is_none());
        let mut values = Vec::with_capacity(slots.len());
        let mut inner = Env::empty();
        // The slots whose element changed since the last combination (all, at first).
        let mut changed_through = slots.len().saturating_sub(1);
        loop {
            if plain {
                // Each name's element, changed in place where the environment allows it.
                let element_of = |slot: usize| slots[slot].0[positions[slot]].clone();
                inner.rebind_pushed(env, slots.len(), changed_through, &element_of);
            } else {
                // A tuple pattern binds several names per slot: every binding is set again.
                values.clear();
                for ((domain, pattern), position) in slots.iter().zip(&positions) {
                    let element = &domain[*position];
                    match pattern {
                        None => values.push(element.clone()),
                        Some(width) => values.extend(tuple_components(element, *width).at(at)?),
                    }
                }
                let value_of = |depth: usize| values[depth].clone();
                inner.rebind_pushed(env, values.len(), values.len().saturating_sub(1), &value_of);
            }
            if !visit(&inner)? {
                return Ok(false);
            }
            // The next combination: the first slot moves on; one that runs out starts again
            // and moves the next.
            let mut slot = 0;
            loop {
                let Some(position) = positions.get_mut(slot) else {
                    return Ok(true);
                };
                *position += 1;
                if *position < slots[slot].0.len() {
                    break;
                }
                *position = 0;
                slot += 1;
            }
            changed_through = slot;
        }
    }

    pub(crate) fn eval_choose(
        &self,
        bound: &'static Bound,
        body: &'static Expr,
        env: &Env,
        ctx: &Ctx,
        expr: &'static Expr,
    ) -> EvalOutcome<Value> {
        let mut chosen = None;
        self.for_each_binding(std::slice::from_ref(bound), env, ctx, expr, &mut |inner| {
            if self.eval_bool(body, inner, ctx)? {
                chosen = Some(bound_value(bound, inner));
                return Ok(false);
            }
            Ok(true)
        })?;
        chosen.ok_or_else(|| {
            Failure::message(
                EvalErrorKind::NotInDomain,
                "Attempted to compute the value of an expression of form\nCHOOSE x \\in S: P, but no element of S satisfied P.",
            )
        })
        .at(expr)
    }

    /// The domain of `[x \in S, y \in T |-> ...]`: `S`, or the product of the bound sets.
    fn function_domain(
        &self,
        bounds: &'static [Bound],
        env: &Env,
        ctx: &Ctx,
        expr: &'static Expr,
    ) -> EvalOutcome<Value> {
        let mut domain_sets = Vec::with_capacity(bounds.len());
        for bound in bounds {
            let Some(set) = &bound.set else {
                return Err(Failure::message(
                    EvalErrorKind::NotEnumerable,
                    "A function constructor needs a bounded domain.",
                ))
                .at(expr);
            };
            let set_value = self.eval(set, env, ctx)?;
            for _ in 0..bound.names.len().max(1) {
                domain_sets.push(set_value.clone());
                if bound.tuple {
                    break;
                }
            }
        }
        Ok(if domain_sets.len() == 1 {
            domain_sets.pop().unwrap_or_else(Value::empty_set)
        } else {
            sets::product(domain_sets)
        })
    }

    /// `[x \in S |-> e]` (also a recursive function definition's value): built at once when the
    /// domain can be enumerated and every entry evaluates, kept lazy otherwise.
    pub(crate) fn function_value(
        &self,
        bounds: &'static [Bound],
        body: &'static Expr,
        env: &Env,
        ctx: &Ctx,
        expr: &'static Expr,
        recursive: Option<(DefId, Env)>,
    ) -> EvalOutcome<Value> {
        let domain = self.function_domain(bounds, env, ctx, expr)?;
        let lazy = |domain: Value, recursive| {
            LazyFunction::wrap(self.clone(), bounds, body, env.clone(), domain, ctx, recursive)
        };
        if recursive.is_some() || !sets::is_enumerable(&domain) {
            return Ok(lazy(domain, recursive));
        }
        // TLC's functions are lazy: an argument nobody applies the function to cannot fail.
        // Building at once is faster; when an entry fails, the function is kept lazy instead,
        // and the error comes back only if that entry is needed.
        let one_name = matches!(bounds, [bound] if !bound.tuple && bound.names.len() == 1);
        // An interval's function keeps its domain as its low bound; any other gets a shared one.
        let (shared, integers, low) = match &domain {
            Value::Interval(interval) => {
                (None, sets::normalized_elements(&domain).at(expr)?, interval.low)
            }
            _ => {
                let set = sets::enumerated(&domain).at(expr)?;
                (Some(sets::shared_domain(&set).at(expr)?), Vec::new(), 0)
            }
        };
        let elements: &[Value] = shared.as_deref().unwrap_or(&integers);
        let mut values = Vec::with_capacity(elements.len());
        let flat = bounds.len() == 1;
        let mut inner = Env::empty();
        for element in elements {
            if one_name {
                inner.rebind_innermost(env, element.clone());
            } else {
                inner = bind_function_argument(env, bounds, element, flat).at(expr)?;
            }
            match self.eval(body, &inner, ctx) {
                Ok(value) => values.push(value),
                Err(_) => return Ok(lazy(domain, None)),
            }
        }
        let function = match shared {
            Some(shared) => tla_values::Function::on_shared_domain(shared, values),
            None => tla_values::Function::from_interval(low, values),
        };
        // TLC's lazy-function message is reproduced for bounds of plain names (see
        // `lazy_functions.rs`).
        let plain_names = bounds.iter().all(|bound| !bound.tuple);
        let function = if plain_names { function.built_by_constructor() } else { function };
        Ok(Value::Function(Arc::new(function)))
    }
}

/// The value a one-bound binder bound last: the innermost name, or the tuple of a tuple pattern.
pub(crate) fn bound_value(bound: &Bound, env: &Env) -> Value {
    let width = bound.names.len().max(1);
    if bound.tuple {
        let components = (0..width)
            .rev()
            .map(|index| match env.get(index as u32) {
                Some(Binding::Value(value)) => value.clone(),
                _ => Value::Bool(false),
            })
            .collect();
        return Value::tuple(components);
    }
    match env.get(0) {
        Some(Binding::Value(value)) => value.clone(),
        _ => Value::Bool(false),
    }
}

/// Pushes the components of tuple `element` for a pattern `<<a, b, ...>>` of `width` names.
pub(crate) fn push_tuple_components(
    env: &Env,
    element: &Value,
    width: usize,
) -> Result<Env, EvalError> {
    let mut inner = env.clone();
    for component in tuple_components(element, width)? {
        inner = inner.push_value(component);
    }
    Ok(inner)
}

/// The components of `element` for a tuple pattern of `width` names.
fn tuple_components(element: &Value, width: usize) -> Result<Vec<Value>, EvalError> {
    let components = tla_values::convert::to_tuple(element)?;
    let Some(components) = components.filter(|components| components.len() == width) else {
        return Err(EvalError::general(
            EvalErrorKind::WrongKind,
            format!(
                "A tuple pattern of {width} names was bound to {}, which is not a tuple of that length.",
                tla_values::ppr(element)
            ),
        ));
    };
    Ok(components.to_vec())
}

/// The environment for applying a function constructor to `argument`.
pub(crate) fn bind_function_argument(
    env: &Env,
    bounds: &[Bound],
    argument: &Value,
    flat: bool,
) -> Result<Env, EvalError> {
    if flat && bounds.len() == 1 && bounds[0].names.len() == 1 && !bounds[0].tuple {
        return Ok(env.push_value(argument.clone()));
    }
    if flat && bounds.len() == 1 && bounds[0].tuple {
        return push_tuple_components(env, argument, bounds[0].names.len());
    }
    let components = tla_values::convert::to_tuple(argument)?.ok_or_else(|| {
        EvalError::general(
            EvalErrorKind::NotInDomain,
            format!(
                "The argument {} of a function of several arguments is not a tuple.",
                tla_values::ppr(argument)
            ),
        )
    })?;
    let mut inner = env.clone();
    let mut position = 0;
    for bound in bounds {
        if bound.tuple {
            let component = components.get(position).cloned().unwrap_or(Value::Bool(false));
            inner = push_tuple_components(&inner, &component, bound.names.len())?;
            position += 1;
        } else {
            for _ in &bound.names {
                let component = components.get(position).cloned().unwrap_or(Value::Bool(false));
                inner = inner.push_value(component);
                position += 1;
            }
        }
    }
    Ok(inner)
}

/// The set a quantifier or `CHOOSE` ranges over; TLC's error when it has none.
#[inline]
fn bounded_set(bound: &'static Bound, at: &Expr) -> EvalOutcome<&'static Expr> {
    match &bound.set {
        Some(set) => Ok(set),
        None => Err(Failure::message(
            EvalErrorKind::NotEnumerable,
            "TLC cannot handle an unbounded quantifier or CHOOSE.",
        ))
        .at(at),
    }
}
