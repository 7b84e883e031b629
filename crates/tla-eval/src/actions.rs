//! Splitting the next-state relation into actions, as TLC's `Tool.getActions` does.
//!
//! Action names appear in error traces, coverage and conformance reports, so the split must be
//! TLC's: through disjunctions, through `LET` (into its body), through calls of defined
//! operators whose arguments are constant (the arguments are evaluated and bound), and through
//! `\E` over constant sets (one action per binding). Anything else is one action, named after
//! the innermost operator it came from.

use tla_sema::hir::{Body, DefId, Expr, ExprKind, ModuleId, Quantifier, CONSTANT_LEVEL};
use tla_values::Value;

use crate::context::{Ctx, WorkerContext};
use crate::env::{Binding, Env};
use crate::evaluator::Evaluator;
use crate::failure::{EvalOutcome, Location};

/// One action of the next-state relation.
#[derive(Clone)]
pub struct Action {
    /// The name TLC shows: the operator the action comes from.
    pub name: String,
    /// The expression, evaluated in `env`.
    pub expr: &'static Expr,
    pub env: Env,
    /// Where the action is written (the whole expression TLC reports).
    pub location: Location,
    /// The arguments of the operator the action comes from (TLC shows them: `Step(1)`).
    pub parameters: Vec<(String, Value)>,
    /// The definition the action comes from (the one `name` names), when there is one:
    /// coverage reports locate an action by that definition's header.
    pub definition: Option<DefId>,
    /// The action's first condition, tested before its walk (`action_guards.rs`).
    pub(crate) guard: Option<crate::action_guards::ActionGuard>,
}

impl Action {
    /// The successors of `state` under this action, in TLC's order, and how the walk ended (an
    /// evaluation error stops it; the successors found before it are kept).
    pub fn successors(
        &self,
        evaluator: &Evaluator,
        state: &[Value],
        worker: &WorkerContext,
    ) -> (Vec<Vec<Value>>, EvalOutcome<()>) {
        if let Some(guard) = &self.guard {
            if !guard.may_hold(evaluator, state, worker) {
                return (Vec::new(), Ok(()));
            }
        }
        let mut generated = Vec::new();
        let mut sink = |successor: Vec<Value>| {
            generated.push(successor);
            Ok(true)
        };
        let result = crate::successors::successor_states(
            evaluator, self.expr, &self.env, state, &self.name, worker, &mut sink,
        );
        (generated, result)
    }
}

/// The actions of `next` (the body of the next-state definition `definition`).
pub fn split_actions(
    evaluator: &Evaluator,
    next: &'static Expr,
    name: &str,
    worker: &WorkerContext,
) -> EvalOutcome<Vec<Action>> {
    let mut actions = Vec::new();
    let mut splitter = Splitter { evaluator, worker, actions: &mut actions };
    splitter.split(next, &Env::empty(), name, None, None, &mut Vec::new())?;
    Ok(actions)
}

/// The actions of the next-state definition `def` (named in a cfg file's `NEXT`).
pub fn split_definition_actions(
    evaluator: &Evaluator,
    def: DefId,
    worker: &WorkerContext,
) -> EvalOutcome<Vec<Action>> {
    let def = evaluator.resolve_definition(def);
    let definition = evaluator.definition(def)?;
    let mut actions = Vec::new();
    let mut splitter = Splitter { evaluator, worker, actions: &mut actions };
    match &definition.body {
        Body::Expression(body) => splitter.split(
            body,
            &Env::empty(),
            &definition.name,
            Some((body.module, body.span)),
            Some(def),
            &mut Vec::new(),
        )?,
        _ => {
            return Err(crate::failure::Failure::message(
                tla_values::EvalErrorKind::Unsupported,
                format!("The next-state relation {} is not an action.", definition.name),
            ))
        }
    }
    Ok(actions)
}

struct Splitter<'a> {
    evaluator: &'a Evaluator,
    worker: &'a WorkerContext,
    actions: &'a mut Vec<Action>,
}

impl Splitter<'_> {
    fn split(
        &mut self,
        expr: &'static Expr,
        env: &Env,
        name: &str,
        named_at: Option<(ModuleId, tla_diagnostics::Span)>,
        definition: Option<DefId>,
        parameters: &mut Vec<(String, Value)>,
    ) -> EvalOutcome<()> {
        match &expr.kind {
            ExprKind::Junction { conjunction: false, items } => {
                for item in items {
                    self.split(item, env, name, None, definition, parameters)?;
                }
                return Ok(());
            }
            ExprKind::Label { body, .. } => {
                return self.split(body, env, name, named_at, definition, parameters)
            }
            // TLC splits the body of a `LET` (its definitions are found through the
            // environment), so an action written `LET d == e IN A` is `A`, located there.
            ExprKind::Let { body, .. } => {
                return self.split(body, env, name, None, definition, parameters)
            }
            ExprKind::Outer { up, expr: inner } => {
                return self.split(
                    inner,
                    &env.drop_innermost(*up),
                    name,
                    named_at,
                    definition,
                    parameters,
                )
            }
            ExprKind::Call { def, arguments } => {
                if let Some(done) = self.split_call(*def, Env::empty(), arguments, env)? {
                    return Ok(done);
                }
            }
            ExprKind::CallLet { def, up, arguments } => {
                let base = env.drop_innermost(*up);
                if let Some(done) = self.split_call(*def, base, arguments, env)? {
                    return Ok(done);
                }
            }
            ExprKind::Quantified { quantifier: Quantifier::Exists, bounds, body }
                if bounds.iter().all(|bound| {
                    bound.set.as_ref().is_some_and(|set| set.level == CONSTANT_LEVEL)
                }) =>
            {
                let ctx = Ctx::constant(self.worker);
                let mut bindings = Vec::new();
                self.evaluator.for_each_binding(bounds, env, &ctx, expr, &mut |inner| {
                    bindings.push(inner.clone());
                    Ok(true)
                })?;
                for inner in bindings {
                    self.split(body, &inner, name, None, definition, parameters)?;
                }
                return Ok(());
            }
            _ => {}
        }
        let location = match named_at {
            Some((module, span)) => Location { module, span },
            None => Location::of(expr),
        };
        self.actions.push(Action {
            name: name.to_string(),
            expr,
            env: env.clone(),
            location,
            parameters: parameters.clone(),
            definition,
            guard: crate::action_guards::ActionGuard::of(self.evaluator, expr, env),
        });
        Ok(())
    }

    /// Splits through a call of a defined operator with constant arguments; `None` when the call
    /// is not split through.
    fn split_call(
        &mut self,
        def: DefId,
        base: Env,
        arguments: &'static [Expr],
        env: &Env,
    ) -> EvalOutcome<Option<()>> {
        if arguments.iter().any(|argument| argument.level != CONSTANT_LEVEL) {
            return Ok(None);
        }
        let def = self.evaluator.resolve_definition(def);
        let definition = self.evaluator.definition(def)?;
        let Body::Expression(body) = &definition.body else { return Ok(None) };
        let ctx = Ctx::constant(self.worker);
        let mut inner = base;
        let mut own_parameters = Vec::new();
        for (argument, parameter) in arguments.iter().zip(&definition.parameters) {
            let binding = if parameter.arity > 0 {
                self.evaluator.bind_argument(argument, env, None)?
            } else {
                let value = self.evaluator.eval(argument, env, &ctx)?;
                own_parameters.push((parameter.name.clone(), value.clone()));
                Binding::Value(value)
            };
            inner = inner.push(binding);
        }
        self.split(
            body,
            &inner,
            &definition.name,
            Some((body.module, body.span)),
            Some(def),
            &mut own_parameters,
        )?;
        Ok(Some(()))
    }
}
