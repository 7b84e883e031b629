//! Initial states and successor states, computed the way TLC computes them.
//!
//! TLC does not solve `Init` and `Next` as formulas; it walks them left to right with a list of
//! conjuncts still to do (`Tool.getInitStates` / `getNextStates`), and the first `x' = e` or
//! `x' \in S` met for an unassigned variable *assigns* it, while later ones only test. So
//! conjunct order matters, `IF`/`CASE`/`=>` choose a branch by evaluating their condition,
//! disjunctions and `\E` branch, and `UNCHANGED` assigns. A successor that leaves a variable
//! unassigned is TLC's "not completely specified" error. The same walk without the completeness
//! check answers `ENABLED`.

use tla_sema::hir::{Body, BuiltinOp, Expr, ExprKind, Quantifier};
use tla_values::{sets, EvalErrorKind, Value};

use crate::context::{Ctx, StateView, WorkerContext};
use crate::env::{Binding, Env};
use crate::evaluator::Evaluator;
use crate::expression_coverage::{within, RootKind};
use crate::failure::{AtExpr, EvalOutcome, Failure};

/// Which relation is being walked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mode {
    /// The initial predicate: unprimed variables are assigned.
    Init,
    /// A next-state action: primed variables are assigned.
    Next,
    /// `ENABLED`: like `Next`, but any satisfying assignment will do, complete or not.
    Enabled,
}

/// The work still to do after the current conjunct.
enum Rest<'r> {
    Done,
    /// The remaining items of a conjunction list.
    Conjuncts {
        items: &'static [Expr],
        env: &'r Env,
        rest: &'r Rest<'r>,
    },
    /// The remaining formulas of a list (the initial-predicate conjuncts of a `SPECIFICATION`).
    Formulas {
        items: &'r [&'static Expr],
        env: &'r Env,
        rest: &'r Rest<'r>,
    },
    /// The remaining instances of the body of a `\A x \in S : body` (one per binding).
    Instances {
        body: &'static Expr,
        envs: &'r [Env],
        rest: &'r Rest<'r>,
    },
    /// `UNCHANGED e` for the remaining components of a tuple.
    Unchanged {
        items: &'static [Expr],
        env: &'r Env,
        rest: &'r Rest<'r>,
    },
    /// The `v' /= v` half of `<<A>>_v`.
    Changed {
        subscript: &'static Expr,
        env: &'r Env,
        rest: &'r Rest<'r>,
    },
}

/// Receives each complete state; returns `false` to stop the walk.
pub type StateSink<'s> = dyn FnMut(Vec<Value>) -> EvalOutcome<bool> + 's;

struct Walk<'w, 's> {
    evaluator: &'w Evaluator,
    mode: Mode,
    current: StateView<'w>,
    worker: &'w WorkerContext,
    sink: &'w mut StateSink<'s>,
    /// The action's name, for the "not completely specified" message.
    action_name: &'w str,
    /// How many complete assignments a formula left over after the last assignment rejected
    /// (TLC's coverage counts these for the initial predicate as states "found").
    rejected_complete: u64,
}

/// Every initial state the conjunction of `init` allows, in TLC's order, passed to `sink`.
pub fn initial_states(
    evaluator: &Evaluator,
    init: &[&'static Expr],
    env: &Env,
    worker: &WorkerContext,
    sink: &mut StateSink,
) -> EvalOutcome<()> {
    initial_states_counting_rejections(evaluator, init, env, worker, sink).map(|_| ())
}

/// [`initial_states`], also returning how many complete assignments were rejected by a formula
/// evaluated after every variable was assigned (TLC's coverage reports them for `Init`).
pub fn initial_states_counting_rejections(
    evaluator: &Evaluator,
    init: &[&'static Expr],
    env: &Env,
    worker: &WorkerContext,
    sink: &mut StateSink,
) -> EvalOutcome<u64> {
    let variables = evaluator.hir().variables.len();
    let mut walk = Walk {
        evaluator,
        mode: Mode::Init,
        current: StateView::Absent,
        worker,
        sink,
        action_name: "Init",
        rejected_complete: 0,
    };
    let mut partial = vec![None; variables];
    within(
        worker.expression_coverage.as_deref(),
        |coverage| coverage.enter_root(RootKind::Init, init),
        || walk.proceed(&Rest::Formulas { items: init, env, rest: &Rest::Done }, &mut partial),
    )?;
    Ok(walk.rejected_complete)
}

/// Every successor of `state` under `action` (with its environment), in TLC's order.
pub fn successor_states(
    evaluator: &Evaluator,
    action: &'static Expr,
    env: &Env,
    state: &[Value],
    action_name: &str,
    worker: &WorkerContext,
    sink: &mut StateSink,
) -> EvalOutcome<()> {
    let mut walk = Walk {
        evaluator,
        mode: Mode::Next,
        current: StateView::Full(state),
        worker,
        sink,
        action_name,
        rejected_complete: 0,
    };
    let mut partial = worker.take_partial_state(state.len());
    let result = within(
        worker.expression_coverage.as_deref(),
        |coverage| coverage.enter_root(RootKind::Next, &[action]),
        || walk.run(action, env, &mut partial, &Rest::Done),
    );
    worker.return_partial_state(partial);
    result?;
    Ok(())
}

/// `ENABLED action` in the current state of `ctx`.
pub(crate) fn is_enabled(
    evaluator: &Evaluator,
    action: &'static Expr,
    env: &Env,
    ctx: &Ctx,
) -> EvalOutcome<bool> {
    let StateView::Full(state) = ctx.current else {
        return Err(Failure::message(
            EvalErrorKind::Unsupported,
            "ENABLED can only be evaluated in a state.",
        ));
    };
    let mut found = false;
    let mut sink = |_: Vec<Value>| {
        found = true;
        Ok(false)
    };
    let mut walk = Walk {
        evaluator,
        mode: Mode::Enabled,
        current: StateView::Full(state),
        worker: ctx.worker,
        sink: &mut sink,
        action_name: "ENABLED",
        rejected_complete: 0,
    };
    let mut partial = ctx.worker.take_partial_state(state.len());
    let result = walk.run(action, env, &mut partial, &Rest::Done);
    ctx.worker.return_partial_state(partial);
    result?;
    Ok(found)
}

impl Walk<'_, '_> {
    /// The context formulas are evaluated in; a new `states_id` each time, as `partial`
    /// changes between two evaluations.
    fn ctx<'a>(&'a self, partial: &'a [Option<Value>]) -> Ctx<'a> {
        let states_id = self.worker.fresh_states_id();
        match self.mode {
            Mode::Init => Ctx {
                current: StateView::Partial(partial),
                next: StateView::Absent,
                except_at: None,
                worker: self.worker,
                states_id,
            },
            Mode::Next | Mode::Enabled => Ctx {
                current: self.current,
                next: StateView::Partial(partial),
                except_at: None,
                worker: self.worker,
                states_id,
            },
        }
    }

    /// Walks `expr` and then `rest`. Returns `false` when the sink asked to stop.
    fn run(
        &mut self,
        expr: &'static Expr,
        env: &Env,
        partial: &mut Vec<Option<Value>>,
        rest: &Rest,
    ) -> EvalOutcome<bool> {
        let (worker, evaluator) = (self.worker, self.evaluator);
        let result = within(
            worker.expression_coverage.as_deref(),
            |coverage| coverage.enter(evaluator, expr, false),
            || worker.one_level_deeper(|| self.run_inner(expr, env, partial, rest)),
        );
        // TLC lists, among the "nested expressions" of an error, every formula of the action
        // whose evaluation is still on its stack: the conjuncts walked so far included, because
        // the rest of a conjunction is walked from inside the conjunct before it.
        match &expr.kind {
            ExprKind::Label { .. } | ExprKind::Let { .. } | ExprKind::Outer { .. } => result,
            _ => result.at(expr),
        }
    }

    fn run_inner(
        &mut self,
        expr: &'static Expr,
        env: &Env,
        partial: &mut Vec<Option<Value>>,
        rest: &Rest,
    ) -> EvalOutcome<bool> {
        match &expr.kind {
            ExprKind::Junction { conjunction: true, items } => {
                self.proceed(&Rest::Conjuncts { items, env, rest }, partial)
            }
            ExprKind::Junction { conjunction: false, items } => {
                self.branches(items.iter().map(|item| (item, env)), partial, rest)
            }
            ExprKind::Label { body, .. } | ExprKind::Let { body, .. } => {
                self.run(body, env, partial, rest)
            }
            ExprKind::Outer { up, expr: inner } => {
                self.run(inner, &env.drop_innermost(*up), partial, rest)
            }
            ExprKind::Call { def, arguments } if self.descends_into(*def, arguments) => {
                self.run_definition(*def, Env::empty(), arguments, env, partial, rest).at(expr)
            }
            ExprKind::CallLet { def, up, arguments } if self.descends_into(*def, arguments) => {
                let base = env.drop_innermost(*up);
                self.run_definition(*def, base, arguments, env, partial, rest).at(expr)
            }
            ExprKind::CallConstant { constant, arguments } => {
                match self.evaluator.constant_definition(*constant) {
                    Some(def) if self.descends_into(def, arguments) => self
                        .run_definition(def, Env::empty(), arguments, env, partial, rest)
                        .at(expr),
                    _ => self.test(expr, env, partial, rest),
                }
            }
            ExprKind::If { condition, then_branch, else_branch } => {
                let chosen =
                    if self.guard(condition, env, partial)? { then_branch } else { else_branch };
                self.run(chosen, env, partial, rest)
            }
            ExprKind::Case { arms, other } => {
                for (guard, value) in arms {
                    if self.guard(guard, env, partial)? {
                        return self.run(value, env, partial, rest);
                    }
                }
                match other {
                    Some(other) => self.run(other, env, partial, rest),
                    None => Err(Failure::message(
                        EvalErrorKind::NotInDomain,
                        "Attempted to evaluate a CASE with no conditions true.",
                    ))
                    .at(expr),
                }
            }
            ExprKind::Quantified { quantifier: Quantifier::Exists, bounds, body } => {
                let bindings =
                    self.bindings_passing(bounds, leading_condition(body), env, partial, expr)?;
                self.branches(bindings.iter().map(|inner| (&**body, inner)), partial, rest)
            }
            ExprKind::Quantified { quantifier: Quantifier::Forall, bounds, body } => {
                // TLC walks `\A x \in S : A(x)` as the conjunction of the instances A(s).
                let bindings = self.bindings(bounds, env, partial, expr)?;
                self.proceed(&Rest::Instances { body, envs: &bindings, rest }, partial)
            }
            ExprKind::BoxAction { action, subscript } => {
                let mut branch = partial.clone();
                if !self.run(action, env, &mut branch, rest)? {
                    return Ok(false);
                }
                self.unchanged(subscript, env, partial, rest)
            }
            ExprKind::AngleAction { action, subscript } => {
                self.run(action, env, partial, &Rest::Changed { subscript, env, rest })
            }
            ExprKind::Bool(true) => self.proceed(rest, partial),
            ExprKind::Bool(false) => Ok(true),
            ExprKind::Builtin { op, arguments } => match (op, arguments.as_slice()) {
                (BuiltinOp::Equal, [left, right]) => {
                    if let Some(var) = self.assignable(left, env, partial) {
                        let value = {
                            let ctx = self.ctx(partial);
                            let eval = || self.evaluator.eval_compiled_first(right, env, &ctx);
                            match self.worker.expression_coverage.as_deref() {
                                Some(coverage) => coverage.assigned(self.evaluator, right, eval)?,
                                None => eval()?,
                            }
                        };
                        partial[var] = Some(value);
                        return self.proceed_counted(rest, partial);
                    }
                    self.test(expr, env, partial, rest)
                }
                (BuiltinOp::In, [left, right]) => {
                    if let Some(var) = self.assignable(left, env, partial) {
                        let elements = {
                            let ctx = self.ctx(partial);
                            let set = self.evaluator.eval(right, env, &ctx)?;
                            if !sets::is_enumerable(&set) {
                                return Err(Failure::new(tla_values::EvalError::coded(
                                    EvalErrorKind::NotEnumerable,
                                    tla_values::ec::GENERAL,
                                    format!(
                                        "In computing {}, the right side of \\IN is not enumerable.",
                                        self.relation_name()
                                    ),
                                )))
                                .at(expr);
                            }
                            let elements = sets::normalized_elements(&set).at(right)?;
                            if let Some(coverage) = self.worker.expression_coverage.as_deref() {
                                coverage.enumerated(self.evaluator, right, elements.len());
                            }
                            elements
                        };
                        for element in elements {
                            let mut branch = partial.clone();
                            branch[var] = Some(element);
                            if !self.proceed_counted(rest, &mut branch)? {
                                return Ok(false);
                            }
                        }
                        return Ok(true);
                    }
                    self.test(expr, env, partial, rest)
                }
                (BuiltinOp::Unchanged, [subscript]) if self.mode != Mode::Init => {
                    // TLC's `ENABLED` walk counts each `UNCHANGED` it evaluates.
                    if let (Mode::Enabled, Some(coverage)) =
                        (self.mode, self.worker.expression_coverage.as_deref())
                    {
                        coverage.count_current();
                    }
                    self.unchanged(subscript, env, partial, rest)
                }
                (BuiltinOp::And, items) => {
                    self.proceed(&Rest::Conjuncts { items, env, rest }, partial)
                }
                (BuiltinOp::Or, items) => {
                    self.branches(items.iter().map(|item| (item, env)), partial, rest)
                }
                (BuiltinOp::Implies, [premise, conclusion]) => {
                    if self.guard(premise, env, partial)? {
                        self.run(conclusion, env, partial, rest)
                    } else {
                        self.proceed_counted(rest, partial)
                    }
                }
                _ => self.test(expr, env, partial, rest),
            },
            _ => self.test(expr, env, partial, rest),
        }
    }

    /// Walks each formula (in its environment) from a copy of `partial`: the branches of a
    /// disjunction or an `\E`. Returns `false` when the sink asked to stop.
    fn branches<'e>(
        &mut self,
        formulas: impl Iterator<Item = (&'static Expr, &'e Env)>,
        partial: &[Option<Value>],
        rest: &Rest,
    ) -> EvalOutcome<bool> {
        for (formula, env) in formulas {
            let mut branch = partial.to_vec();
            if !self.run(formula, env, &mut branch, rest)? {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// The environments a binder's bounds give, evaluated in the current partial state.
    fn bindings(
        &self,
        bounds: &'static [tla_sema::hir::Bound],
        env: &Env,
        partial: &[Option<Value>],
        at: &Expr,
    ) -> EvalOutcome<Vec<Env>> {
        self.bindings_passing(bounds, None, env, partial, at)
    }

    /// [`Walk::bindings`] for an `\E` whose body starts with the conjunct `condition`, leaving
    /// out the bindings where its compiled program finds it false.
    ///
    /// The walk would test `condition` first under each binding and go no further where it is
    /// false: no successor, no error, nothing seen (a compiled program has no effects). Leaving
    /// those bindings out spares building an environment and a branch for each, which is most
    /// of the work of `\E m \in msgs : m.type = "Prepare" /\ ...`. From the first binding
    /// where the program gives up, every binding is kept, so that the walk meets the
    /// interpreter's errors in its own order.
    fn bindings_passing(
        &self,
        bounds: &'static [tla_sema::hir::Bound],
        condition: Option<&'static Expr>,
        env: &Env,
        partial: &[Option<Value>],
        at: &Expr,
    ) -> EvalOutcome<Vec<Env>> {
        let mut bindings = Vec::new();
        let ctx = self.ctx(partial);
        // (Only for successors: in an initial-state walk an unprimed variable is assigned.)
        let mut filtering = condition
            .filter(|_| self.mode == Mode::Next && self.worker.expression_coverage.is_none());
        let evaluator = self.evaluator;
        let mut visit = |inner: &Env| {
            if let Some(condition) = filtering {
                match evaluator.compiled_holds(condition, inner, &ctx) {
                    Some(false) => return Ok(true),
                    Some(true) => {}
                    None => filtering = None,
                }
            }
            bindings.push(inner.clone());
            Ok(true)
        };
        // One name's set: remembered for the bindings when it depends on nothing else, and
        // computed by its compiled program when it has one (a set filter, say).
        if let [tla_sema::hir::Bound { set: Some(set), tuple: false, names, .. }] = bounds {
            if names.len() == 1 {
                let value = evaluator
                    .binder_set(set, env, &ctx, || evaluator.eval_compiled_first(set, env, &ctx))?;
                let values = std::slice::from_ref(&value);
                self.evaluator.for_each_binding_in(bounds, values, env, &ctx, at, &mut visit)?;
                return Ok(bindings);
            }
        }
        self.evaluator.for_each_binding(bounds, env, &ctx, at, &mut visit)?;
        Ok(bindings)
    }

    fn relation_name(&self) -> &'static str {
        match self.mode {
            Mode::Init => "initial states",
            Mode::Next | Mode::Enabled => "next states",
        }
    }

    /// Whether a call is walked into rather than evaluated as a test. TLC walks into every
    /// call of a defined operator except the zero-argument constant definitions it computed
    /// at start-up (so an `\E` inside a called guard yields one successor per witness, and
    /// those all count as generated states).
    fn descends_into(&self, def: u32, arguments: &[Expr]) -> bool {
        let def = self.evaluator.resolve_definition(def);
        if self.worker.expression_coverage.is_some()
            && self.evaluator.native_of(def, arguments).is_some()
        {
            // Evaluated as a condition, its arguments are evaluated (and counted) as TLC does.
            return false;
        }
        !(arguments.is_empty() && self.evaluator.is_precomputed(def))
    }

    /// Walks the body of `def` called with `arguments` (written in `arguments_env`), its own
    /// environment being `env`.
    fn run_definition(
        &mut self,
        def: u32,
        env: Env,
        arguments: &'static [Expr],
        arguments_env: &Env,
        partial: &mut Vec<Option<Value>>,
        rest: &Rest,
    ) -> EvalOutcome<bool> {
        let def = self.evaluator.resolve_definition(def);
        let definition = self.evaluator.definition(def)?;
        let Body::Expression(body) = &definition.body else {
            let bindings = self.evaluator.bind_arguments(arguments, arguments_env, None)?;
            let ctx = self.ctx(partial);
            let value = self.evaluator.call_definition(def, env, bindings, &ctx)?;
            return match value {
                Value::Bool(true) => self.proceed_counted(rest, partial),
                Value::Bool(false) => Ok(true),
                other => Err(non_boolean(&other)),
            };
        };
        let env = self.evaluator.push_arguments(env, arguments, arguments_env, None)?;
        let depth = self.worker.call_depth.get();
        self.worker.call_depth.set(depth + 1);
        let result = self.run(body, &env, partial, rest);
        self.worker.call_depth.set(depth);
        result
    }

    /// The variable `target` assigns if it is `x'` (or `x` in `Init`) and `x` is not yet
    /// assigned.
    fn assignable(
        &self,
        target: &'static Expr,
        env: &Env,
        partial: &[Option<Value>],
    ) -> Option<usize> {
        let var = match self.mode {
            Mode::Init => variable_of(target, env)?,
            Mode::Next | Mode::Enabled => match &target.kind {
                ExprKind::Builtin { op: BuiltinOp::Prime, arguments } if arguments.len() == 1 => {
                    variable_of(&arguments[0], env)?
                }
                ExprKind::Local(index) => match env.get(*index) {
                    Some(Binding::Lazy(thunk)) => {
                        return self.assignable(thunk.expr, &thunk.env, partial)
                    }
                    _ => return None,
                },
                ExprKind::Outer { up, expr } => {
                    return self.assignable(expr, &env.drop_innermost(*up), partial)
                }
                _ => return None,
            },
        };
        match partial.get(var) {
            Some(None) => Some(var),
            _ => None,
        }
    }

    /// `UNCHANGED e`: assigns each unassigned variable of `e` its current value, tests the rest.
    fn unchanged(
        &mut self,
        subscript: &'static Expr,
        env: &Env,
        partial: &mut Vec<Option<Value>>,
        rest: &Rest,
    ) -> EvalOutcome<bool> {
        let (worker, evaluator) = (self.worker, self.evaluator);
        within(
            worker.expression_coverage.as_deref(),
            |coverage| coverage.enter(evaluator, subscript, false),
            || self.unchanged_inner(subscript, env, partial, rest),
        )
    }

    fn unchanged_inner(
        &mut self,
        subscript: &'static Expr,
        env: &Env,
        partial: &mut Vec<Option<Value>>,
        rest: &Rest,
    ) -> EvalOutcome<bool> {
        match &subscript.kind {
            ExprKind::Tuple(items) => self.proceed(&Rest::Unchanged { items, env, rest }, partial),
            ExprKind::Outer { up, expr } => {
                self.unchanged(expr, &env.drop_innermost(*up), partial, rest)
            }
            ExprKind::Label { body, .. } => self.unchanged(body, env, partial, rest),
            ExprKind::Call { def, arguments } if arguments.is_empty() => {
                let def = self.evaluator.resolve_definition(*def);
                let definition = self.evaluator.definition(def)?;
                match &definition.body {
                    Body::Expression(body) if definition.parameters.is_empty() => {
                        self.unchanged(body, &Env::empty(), partial, rest)
                    }
                    _ => self.test_unchanged(subscript, env, partial, rest),
                }
            }
            _ => {
                if let Some(var) = variable_of(subscript, env) {
                    if partial[var].is_none() {
                        let current = self.evaluator.eval_variable(var, self.current)?;
                        partial[var] = Some(current);
                        return self.proceed_counted(rest, partial);
                    }
                }
                self.test_unchanged(subscript, env, partial, rest)
            }
        }
    }

    fn test_unchanged(
        &mut self,
        subscript: &'static Expr,
        env: &Env,
        partial: &mut Vec<Option<Value>>,
        rest: &Rest,
    ) -> EvalOutcome<bool> {
        let holds = {
            let ctx = self.ctx(partial);
            self.evaluator.unchanged(subscript, env, &ctx)?
        };
        if holds {
            self.proceed_counted(rest, partial)
        } else {
            Ok(true)
        }
    }

    fn guard(
        &self,
        expr: &'static Expr,
        env: &Env,
        partial: &[Option<Value>],
    ) -> EvalOutcome<bool> {
        let ctx = self.ctx(partial);
        if let Some(holds) = self.evaluator.compiled_holds(expr, env, &ctx) {
            return Ok(holds);
        }
        self.evaluator.eval_bool(expr, env, &ctx)
    }

    /// Whether every formula holds (each in its environment), evaluated as conditions.
    fn all_hold<'e>(
        &self,
        mut formulas: impl Iterator<Item = (&'static Expr, &'e Env)>,
        partial: &[Option<Value>],
    ) -> EvalOutcome<bool> {
        formulas
            .try_fold(true, |holds, (formula, env)| Ok(holds && self.guard(formula, env, partial)?))
    }

    /// Evaluates `expr` as a condition; continues with `rest` when it holds.
    fn test(
        &mut self,
        expr: &'static Expr,
        env: &Env,
        partial: &mut Vec<Option<Value>>,
        rest: &Rest,
    ) -> EvalOutcome<bool> {
        if let Some(coverage) = self.worker.expression_coverage.as_deref() {
            // TLC evaluates a call of a defined operator here without counting the call.
            if matches!(
                expr.kind,
                ExprKind::Call { .. }
                    | ExprKind::CallConstant { .. }
                    | ExprKind::CallParameter { .. }
                    | ExprKind::Variable(_)
                    | ExprKind::Constant(_)
                    | ExprKind::Local(_)
            ) {
                coverage.skip_next_count();
            }
        }
        if self.guard(expr, env, partial)? {
            self.proceed_counted(rest, partial)
        } else {
            Ok(true)
        }
    }

    /// [`Self::proceed`] after the formula at the coverage cursor held or assigned: in a
    /// next-state relation TLC counts the formula once when the work after it produced a state.
    fn proceed_counted(
        &mut self,
        rest: &Rest,
        partial: &mut Vec<Option<Value>>,
    ) -> EvalOutcome<bool> {
        match self.worker.expression_coverage.as_deref() {
            Some(coverage) if self.mode == Mode::Next => {
                let mark = coverage.mark();
                let result = self.proceed(rest, partial);
                // A stop (an error, or the caller's) leaves the counts as TLC's exception does.
                if matches!(result, Ok(true)) {
                    coverage.count_if_generated(mark);
                }
                result
            }
            _ => self.proceed(rest, partial),
        }
    }

    /// Continues with the work left in `rest`.
    fn proceed(&mut self, rest: &Rest, partial: &mut Vec<Option<Value>>) -> EvalOutcome<bool> {
        // Once every variable is assigned, TLC evaluates the formulas left as plain conditions:
        // nothing can be assigned any more, and a disjunction or `\E` no longer branches.
        if partial.iter().all(Option::is_some) {
            let holds = match rest {
                Rest::Conjuncts { items, env, rest } => {
                    Some((self.all_hold(items.iter().map(|item| (item, *env)), partial)?, rest))
                }
                Rest::Formulas { items, env, rest } => {
                    Some((self.all_hold(items.iter().map(|item| (*item, *env)), partial)?, rest))
                }
                Rest::Instances { body, envs, rest } => {
                    Some((self.all_hold(envs.iter().map(|env| (*body, env)), partial)?, rest))
                }
                _ => None,
            };
            if let Some((holds, rest)) = holds {
                if !holds {
                    self.rejected_complete += 1;
                    return Ok(true);
                }
                return self.proceed(rest, partial);
            }
        }
        match rest {
            Rest::Done => self.finish(partial),
            Rest::Conjuncts { items, env, rest } => match items.split_first() {
                None => self.proceed(rest, partial),
                Some((first, others)) => {
                    self.run(first, env, partial, &Rest::Conjuncts { items: others, env, rest })
                }
            },
            Rest::Formulas { items, env, rest } => match items.split_first() {
                None => self.proceed(rest, partial),
                Some((first, others)) => {
                    self.run(first, env, partial, &Rest::Formulas { items: others, env, rest })
                }
            },
            Rest::Instances { body, envs, rest } => match envs.split_first() {
                None => self.proceed(rest, partial),
                Some((first, others)) => {
                    self.run(body, first, partial, &Rest::Instances { body, envs: others, rest })
                }
            },
            Rest::Unchanged { items, env, rest } => match items.split_first() {
                None => self.proceed(rest, partial),
                Some((first, others)) => self.unchanged(
                    first,
                    env,
                    partial,
                    &Rest::Unchanged { items: others, env, rest },
                ),
            },
            Rest::Changed { subscript, env, rest } => {
                let unchanged = {
                    let ctx = self.ctx(partial);
                    self.evaluator.unchanged(subscript, env, &ctx)?
                };
                if unchanged {
                    Ok(true)
                } else {
                    self.proceed(rest, partial)
                }
            }
        }
    }

    fn finish(&mut self, partial: &[Option<Value>]) -> EvalOutcome<bool> {
        if self.mode == Mode::Enabled {
            return (self.sink)(Vec::new());
        }

        let mut state = Vec::with_capacity(partial.len());
        for (index, value) in partial.iter().enumerate() {
            match value {
                Some(value) => state.push(value.clone()),
                None => {
                    let mut failure = self.incomplete(index);
                    if self.mode == Mode::Next {
                        failure.incomplete_state = Some(partial.to_vec());
                        failure.unassigned_variable = Some(self.variable_name(index).to_string());
                    }
                    return Err(failure);
                }
            }
        }
        let result = (self.sink)(state);
        if let (Some(coverage), Ok(true)) = (self.worker.expression_coverage.as_deref(), &result) {
            coverage.state_produced(self.mode == Mode::Init);
        }
        result
    }

    fn variable_name(&self, index: usize) -> &str {
        self.evaluator.hir().variables.get(index).map(|v| v.name.as_str()).unwrap_or("?")
    }

    fn incomplete(&self, index: usize) -> Box<Failure> {
        let name = self.variable_name(index);
        let message = match self.mode {
            Mode::Init => format!(
                "The initial predicate does not specify the value of the variable {name}."
            ),
            Mode::Next | Mode::Enabled => format!(
                "Successor state is not completely specified by action {} of the next-state relation. The following variable is not assigned: {name}.",
                self.action_name
            ),
        };
        Failure::message(EvalErrorKind::Unsupported, message)
    }
}

/// The state variable `expr` names (through substitutions and parameters), if any.
fn variable_of(expr: &'static Expr, env: &Env) -> Option<usize> {
    match &expr.kind {
        ExprKind::Variable(var) => Some(*var as usize),
        ExprKind::Outer { up, expr } => variable_of(expr, &env.drop_innermost(*up)),
        ExprKind::Local(index) => match env.get(*index) {
            Some(Binding::Lazy(thunk)) => variable_of(thunk.expr, &thunk.env),
            _ => None,
        },
        ExprKind::Label { body, .. } => variable_of(body, env),
        _ => None,
    }
}

fn non_boolean(value: &Value) -> Box<Failure> {
    Failure::message(
        EvalErrorKind::WrongKind,
        format!("An action evaluated to a non-boolean value: {}", tla_values::ppr(value)),
    )
}

/// The first conjunct of an `\E`'s body, when the body is a conjunction (see
/// [`Walk::bindings_passing`]).
fn leading_condition(body: &'static Expr) -> Option<&'static Expr> {
    match &body.kind {
        ExprKind::Junction { conjunction: true, items } => items.first(),
        ExprKind::Label { body, .. } => leading_condition(body),
        _ => None,
    }
}
