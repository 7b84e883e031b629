//! Calls: of top-level definitions, of `LET` definitions, of operators passed as arguments, with
//! TLC's lazy arguments, its once-per-run values of constant definitions and its guard against
//! infinite recursion.

use std::sync::{Arc, OnceLock};

use tla_sema::hir::{Body, DefId, Definition, Expr, ExprKind, OperatorRef, CONSTANT_LEVEL};
use tla_values::{EvalErrorKind, Value};

use crate::context::Ctx;
use crate::env::{Binding, Env, OperatorClosure, Thunk};
use crate::evaluator::{Evaluator, MAX_CALL_DEPTH};
use crate::failure::{AtExpr, EvalOutcome, Failure};
use crate::values::OperatorValue;

impl Evaluator {
    /// `env` with the bindings of `arguments` (written in `from`) pushed, in order.
    pub(crate) fn push_arguments(
        &self,
        mut env: Env,
        arguments: &'static [Expr],
        from: &Env,
        except_at: Option<&Value>,
    ) -> EvalOutcome<Env> {
        for argument in arguments {
            env = env.push(self.bind_argument(argument, from, except_at)?);
        }
        Ok(env)
    }

    /// Bindings for the arguments of a call of `def`: lazy values, or operators for operator
    /// parameters.
    pub(crate) fn bind_arguments(
        &self,
        arguments: &'static [Expr],
        env: &Env,
        except_at: Option<&Value>,
    ) -> EvalOutcome<Vec<Binding>> {
        arguments.iter().map(|argument| self.bind_argument(argument, env, except_at)).collect()
    }

    /// An argument as the called operator receives it: a value when it is one already, else a
    /// thunk (TLC passes arguments lazily); `except_at` is what `@` stands for at the call.
    pub(crate) fn bind_argument(
        &self,
        argument: &'static Expr,
        env: &Env,
        except_at: Option<&Value>,
    ) -> EvalOutcome<Binding> {
        Ok(match &argument.kind {
            ExprKind::Operator(operator) => Binding::Operator(self.closure_of(operator, env)?),
            ExprKind::Int(n) => Binding::Value(Value::Int(*n)),
            ExprKind::Bool(b) => Binding::Value(Value::Bool(*b)),
            ExprKind::Local(index) => match env.get(*index) {
                Some(binding) => binding.clone(),
                None => Binding::Lazy(Arc::new(Thunk {
                    expr: argument,
                    env: env.clone(),
                    cached: OnceLock::new(),
                    except_at: except_at.cloned(),
                })),
            },
            _ => Binding::Lazy(Arc::new(Thunk {
                expr: argument,
                env: env.clone(),
                cached: OnceLock::new(),
                except_at: except_at.cloned(),
            })),
        })
    }

    pub(crate) fn closure_of(
        &self,
        operator: &'static OperatorRef,
        env: &Env,
    ) -> EvalOutcome<Arc<OperatorClosure>> {
        Ok(match operator {
            OperatorRef::Definition { def, instance_arguments } => {
                let mut closure_env = Env::empty();
                for argument in instance_arguments {
                    closure_env = closure_env.push(self.bind_argument(argument, env, None)?);
                }
                Arc::new(OperatorClosure::Definition { def: *def, env: closure_env })
            }
            OperatorRef::Local { def, up } => {
                Arc::new(OperatorClosure::Definition { def: *def, env: env.drop_innermost(*up) })
            }
            OperatorRef::Parameter(index) => match env.get(*index) {
                Some(Binding::Operator(closure)) => closure.clone(),
                _ => {
                    return Err(Failure::message(
                        EvalErrorKind::WrongKind,
                        "An operator parameter was not given an operator.",
                    ))
                }
            },
            OperatorRef::Builtin(op) => Arc::new(OperatorClosure::Builtin(*op)),
        })
    }

    /// Calls an operator closure on evaluated arguments.
    pub fn call_closure(
        &self,
        closure: &OperatorClosure,
        arguments: Vec<Value>,
        ctx: &Ctx,
    ) -> EvalOutcome<Value> {
        match closure {
            OperatorClosure::Definition { def, env } => {
                let bindings = arguments.into_iter().map(Binding::Value).collect();
                self.call_definition(*def, env.clone(), bindings, ctx)
            }
            OperatorClosure::Builtin(op) => self.apply_builtin_values(*op, &arguments),
        }
    }

    /// Calls `LET` definition `def` from `env`, where `up` bindings were pushed since its `LET`.
    /// A zero-argument definition of a `LET` being evaluated is computed at most once per
    /// evaluation of the `LET` (in the same states), as TLC's `LazyValue` is; see
    /// [`crate::env::LetInstance`].
    pub(crate) fn call_let_definition(
        &self,
        def: DefId,
        up: u32,
        arguments: &'static [Expr],
        env: &Env,
        ctx: &Ctx,
    ) -> EvalOutcome<Value> {
        let (base, position) = env.let_definition_base(up, def);
        let (Some(position), Some(instance)) = (position, base.innermost_let()) else {
            let bindings = self.bind_arguments(arguments, env, ctx.except_at)?;
            return self.call_definition(def, base, bindings, ctx);
        };
        // The body sees the `@` of the `LET`, not of the use.
        let at_let = Ctx { except_at: instance.except_at(), ..*ctx };
        if !arguments.is_empty() {
            let bindings = self.bind_arguments(arguments, env, ctx.except_at)?;
            return self.call_definition(def, base.clone(), bindings, &at_let);
        }
        if let Some(value) = instance.known_value(position, ctx) {
            return Ok(value.clone());
        }
        let value = self.call_definition(def, base.clone(), Vec::new(), &at_let)?;
        instance.remember_value(position, ctx, &value);
        Ok(value)
    }

    /// Calls `def` with `bindings` pushed on `env` (the definition's own environment).
    pub(crate) fn call_definition(
        &self,
        def: DefId,
        env: Env,
        bindings: Vec<Binding>,
        ctx: &Ctx,
    ) -> EvalOutcome<Value> {
        let def = self.resolve_definition(def);
        if let Some(Some(value)) = self.shared.fixed_values.get(def as usize) {
            return Ok(value.clone());
        }
        let definition = self.definition(def)?;
        let cacheable = bindings.is_empty()
            && !definition.local
            && definition.parameters.is_empty()
            && definition.level == CONSTANT_LEVEL
            && !self.shared.volatile[def as usize];
        if cacheable {
            if let Some(value) = self.shared.cache[def as usize].get() {
                return Ok(value.clone());
            }
        }
        let value = self.nested_call(&definition.name, ctx, || {
            self.call_body(def, definition, env, bindings, ctx)
        })?;
        if cacheable {
            value.remember_memberships();
            let _ = self.shared.cache[def as usize].set(value.clone());
        }
        Ok(value)
    }

    /// Runs one call one level deeper, failing as an infinite recursion beyond
    /// [`MAX_CALL_DEPTH`] nested calls.
    pub(crate) fn nested_call(
        &self,
        name: &str,
        ctx: &Ctx,
        call: impl FnOnce() -> EvalOutcome<Value>,
    ) -> EvalOutcome<Value> {
        let depth = ctx.worker.call_depth.get();
        if depth >= MAX_CALL_DEPTH {
            return Err(Failure::message(
                EvalErrorKind::Unsupported,
                format!(
                    "The evaluation of {name} nested deeper than {MAX_CALL_DEPTH} calls (infinite recursion?)."
                ),
            ));
        }
        ctx.worker.call_depth.set(depth + 1);
        let result = call();
        ctx.worker.call_depth.set(depth);
        result
    }

    pub(crate) fn call_body(
        &self,
        def: DefId,
        definition: &'static Definition,
        mut env: Env,
        bindings: Vec<Binding>,
        ctx: &Ctx,
    ) -> EvalOutcome<Value> {
        match &definition.body {
            Body::Expression(body) => {
                for binding in bindings {
                    env = env.push(binding);
                }
                // TLC's call stack holds the called body too.
                self.eval(body, &env, ctx).at(body)
            }
            Body::Function { bounds, body } => {
                // Inside its own evaluation, a recursive function refers to itself, not to a
                // fresh copy (whose memo would be empty: exponential time).
                if bindings.is_empty() {
                    let known = ctx.worker.recursive_functions.borrow();
                    if let Some((_, _, value)) = known.iter().find(|(known_def, known_env, _)| {
                        *known_def == def && known_env.same_as(&env)
                    }) {
                        return Ok(value.clone());
                    }
                }
                let base = env.clone();
                for binding in bindings {
                    env = env.push(binding);
                }
                let recursion = self.shared.self_referencing[def as usize].then_some((def, base));
                self.function_value(bounds, body, &env, ctx, body, recursion)
            }
            Body::Native { module, name } => {
                let mut values = Vec::with_capacity(bindings.len());
                for binding in bindings {
                    values.push(match binding {
                        Binding::Value(value) => value,
                        Binding::Lazy(thunk) => self.force(&thunk, ctx)?,
                        Binding::Operator(closure) => OperatorValue::wrap(closure),
                    });
                }
                crate::host::call_native(self, module, name, &values, ctx)
            }
        }
    }
}
