//! Values that need the evaluator: operators passed as arguments (TLC's `OpLambdaValue`) and
//! functions whose domain cannot be enumerated or that refer to themselves (TLC's
//! `FcnLambdaValue`), computed point by point when applied.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use tla_sema::hir::{Bound, Expr};
use tla_values::{
    fingerprint::fingerprint, sets, EvalError, EvalErrorKind, EvalResult, ExtClass, ExtValue, Value,
};

use crate::binders::bind_function_argument;
use crate::context::{Ctx, StateView, WorkerContext};
use crate::env::{Env, OperatorClosure};
use crate::evaluator::Evaluator;

/// An operator as a value.
pub struct OperatorValue {
    pub closure: Arc<OperatorClosure>,
}

impl OperatorValue {
    pub fn wrap(closure: Arc<OperatorClosure>) -> Value {
        Value::Ext(Arc::new(OperatorValue { closure }))
    }

    /// The operator inside `value`, if it is one.
    pub fn of(value: &Value) -> Option<Arc<OperatorClosure>> {
        let Value::Ext(ext) = value else { return None };
        let any = ext.as_any()?;
        any.downcast_ref::<OperatorValue>().map(|operator| operator.closure.clone())
    }
}

impl ExtValue for OperatorValue {
    fn kind_name(&self) -> &'static str {
        "an operator"
    }

    fn class(&self) -> ExtClass {
        ExtClass::Other
    }

    fn tlc_class_name(&self) -> &'static str {
        "OpLambdaValue"
    }

    fn as_any(&self) -> Option<&dyn std::any::Any> {
        Some(self)
    }
}

/// `[x \in S |-> e]` evaluated on demand.
pub struct LazyFunction {
    evaluator: Evaluator,
    bounds: &'static [Bound],
    body: &'static Expr,
    env: Env,
    domain: Value,
    captured: CapturedStates,
    computed: Mutex<HashMap<u64, Value>>,
    /// For a recursive function definition: the definition, the environment it was defined in,
    /// and the function itself (so its body's references to it find this memo).
    recursion: Option<(u32, Env, std::sync::Weak<LazyFunction>)>,
}

/// The states a lazy value was built in, kept when its body reads variables (TLC's lazy values
/// keep their evaluation context too).
pub(crate) struct CapturedStates {
    current: Option<Vec<Option<Value>>>,
    next: Option<Vec<Option<Value>>>,
    /// The `Ctx::states_id` of the context they were copied from (the same states).
    states_id: u64,
}

fn capture(view: StateView) -> Option<Vec<Option<Value>>> {
    match view {
        StateView::Absent => None,
        StateView::Full(values) => Some(values.iter().cloned().map(Some).collect()),
        StateView::Partial(values) => Some(values.to_vec()),
    }
}

impl CapturedStates {
    /// Always both states: even a constant-level body may read them through a lazily passed
    /// argument, which is evaluated in the context of whoever forces it.
    pub(crate) fn of(ctx: &Ctx) -> CapturedStates {
        CapturedStates {
            current: capture(ctx.current),
            next: capture(ctx.next),
            states_id: ctx.states_id,
        }
    }

    pub(crate) fn ctx<'a>(&'a self, worker: &'a WorkerContext) -> Ctx<'a> {
        let view = |states: &'a Option<Vec<Option<Value>>>| match states {
            Some(values) => StateView::Partial(values),
            None => StateView::Absent,
        };
        Ctx {
            current: view(&self.current),
            next: view(&self.next),
            except_at: None,
            worker,
            states_id: self.states_id,
        }
    }
}

impl LazyFunction {
    pub(crate) fn wrap(
        evaluator: Evaluator,
        bounds: &'static [Bound],
        body: &'static Expr,
        env: Env,
        domain: Value,
        ctx: &Ctx,
        recursive: Option<(u32, Env)>,
    ) -> Value {
        let captured = CapturedStates::of(ctx);
        Value::Ext(Arc::new_cyclic(|weak| LazyFunction {
            evaluator,
            bounds,
            body,
            env,
            domain,
            captured,
            computed: Mutex::new(HashMap::new()),
            recursion: recursive.map(|(def, base)| (def, base, weak.clone())),
        }))
    }

    fn compute(&self, argument: &Value) -> EvalResult<Value> {
        // Only a function that refers to itself is remembered point by point: the others are
        // cheaper to evaluate again than to look up.
        let key = match &self.recursion {
            Some(_) => Some(fingerprint(argument)?),
            None => None,
        };
        if let (Some(key), Ok(computed)) = (key, self.computed.lock()) {
            if let Some(value) = computed.get(&key) {
                return Ok(value.clone());
            }
        }
        let worker = WorkerContext::new(0, 0);
        if let Some((def, base, weak)) = &self.recursion {
            if let Some(this) = weak.upgrade() {
                worker.recursive_functions.borrow_mut().push((
                    *def,
                    base.clone(),
                    Value::Ext(this),
                ));
            }
        }
        let ctx = self.captured.ctx(&worker);
        let env = bind_function_argument(&self.env, self.bounds, argument, self.bounds.len() == 1)?;
        let value = self.evaluator.eval(self.body, &env, &ctx).map_err(|failure| failure.error)?;
        if let (Some(key), Ok(mut computed)) = (key, self.computed.lock()) {
            computed.insert(key, value.clone());
        }
        Ok(value)
    }
}

impl ExtValue for LazyFunction {
    fn kind_name(&self) -> &'static str {
        "a function"
    }

    fn class(&self) -> ExtClass {
        ExtClass::Function
    }

    fn tlc_class_name(&self) -> &'static str {
        "FcnLambdaValue"
    }

    fn apply(&self, argument: &Value) -> EvalResult<Value> {
        if !sets::member(&self.domain, argument)? {
            if matches!(self.bounds, [bound] if !bound.tuple && bound.names.len() == 1) {
                // TLC prints the function expanded where it can (`FcnLambdaValue.toString`).
                let text = match self.to_concrete() {
                    Ok(function) => tla_values::ppr(&function),
                    Err(_) => self.lazy_text(),
                };
                return Err(tla_values::functions::not_in_lambda_domain(&text, argument));
            }
            return Err(EvalError::general(
                EvalErrorKind::NotInDomain,
                format!(
                    "Attempted to apply function:\n{}\nto argument {}, which is not in the domain of the function.",
                    self.lazy_text(),
                    tla_values::ppr(argument)
                ),
            ));
        }
        self.compute(argument)
    }

    fn to_concrete(&self) -> EvalResult<Value> {
        if !sets::is_enumerable(&self.domain) {
            // TLC's `FcnLambdaValue.toFcnRcd` first asks the domain for its size, which fails
            // with the domain's own message ("... the overridden value Nat.").
            sets::size(&self.domain)?;
        }
        let elements = sets::normalized_elements(&self.domain)?;
        let mut values = Vec::with_capacity(elements.len());
        for element in &elements {
            values.push(self.compute(element)?);
        }
        if let Value::Interval(interval) = &self.domain {
            return Ok(Value::Function(Arc::new(tla_values::Function::from_interval(
                interval.low,
                values,
            ))));
        }
        Value::function(elements, values)
    }

    fn lazy_text(&self) -> String {
        let name = match self.bounds {
            [bound] if bound.names.len() == 1 => bound.names[0].as_str(),
            _ => "x",
        };
        let body = match &self.evaluator.settings().locator {
            Some(locate) => format!(
                "<expression {}>",
                locate(&crate::failure::Location {
                    module: self.body.module,
                    span: self.body.span
                })
            ),
            None => "<expression>".to_string(),
        };
        format!("[{name} \\in {} |-> {body}]", tla_values::ppr(&self.domain))
    }
}

/// `{x \in S : P}`, tested by membership without enumerating `S` (TLC's `SetPredValue`).
pub struct FilteredSet {
    evaluator: Evaluator,
    bound: &'static Bound,
    predicate: &'static Expr,
    env: Env,
    base: Value,
    captured: CapturedStates,
    enumerated: std::sync::OnceLock<EvalResult<Value>>,
}

impl FilteredSet {
    pub(crate) fn wrap(
        evaluator: Evaluator,
        bound: &'static Bound,
        predicate: &'static Expr,
        env: Env,
        base: Value,
        ctx: &Ctx,
    ) -> Value {
        let captured = CapturedStates::of(ctx);
        Value::Ext(Arc::new(FilteredSet {
            evaluator,
            bound,
            predicate,
            env,
            base,
            captured,
            enumerated: std::sync::OnceLock::new(),
        }))
    }

    fn satisfies(&self, element: &Value) -> EvalResult<bool> {
        let worker = WorkerContext::new(0, 0);
        let ctx = self.captured.ctx(&worker);
        let env =
            bind_function_argument(&self.env, std::slice::from_ref(self.bound), element, true)?;
        self.evaluator.eval_bool(self.predicate, &env, &ctx).map_err(|failure| failure.error)
    }
}

impl ExtValue for FilteredSet {
    fn kind_name(&self) -> &'static str {
        "a set"
    }

    fn class(&self) -> ExtClass {
        ExtClass::Set
    }

    fn tlc_class_name(&self) -> &'static str {
        "SetPredValue"
    }

    fn is_enumerable(&self) -> bool {
        sets::is_enumerable(&self.base)
    }

    fn member(&self, element: &Value) -> EvalResult<bool> {
        Ok(sets::member(&self.base, element)? && self.satisfies(element)?)
    }

    fn elements(&self) -> EvalResult<Vec<Value>> {
        sets::elements(&self.to_concrete()?)
    }

    fn to_concrete(&self) -> EvalResult<Value> {
        self.enumerated
            .get_or_init(|| {
                if !sets::is_enumerable(&self.base) {
                    return Err(EvalError::not_enumerable(format!(
                        "Attempted to enumerate {{ x \\in S : p(x) }} when S:\n{}\nis not enumerable",
                        tla_values::ppr(&self.base)
                    )));
                }
                let mut kept = Vec::new();
                for element in sets::filtered_set_base(&self.base)?.normalized()? {
                    if self.satisfies(element)? {
                        kept.push(element.clone());
                    }
                }
                tla_values::check_set_size(kept.len())?;
                Value::set_normalized(kept)
            })
            .clone()
    }

    fn lazy_text(&self) -> String {
        match self.to_concrete() {
            Ok(value) => tla_values::to_tlc_string(&value),
            Err(_) => format!("{{x \\in {} : <expression>}}", tla_values::ppr(&self.base)),
        }
    }
}
