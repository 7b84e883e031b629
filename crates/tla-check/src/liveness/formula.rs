//! Temporal formulas in the form the liveness checker works on, and their construction from
//! the resolved specification.
//!
//! The checker needs a property's temporal structure (`[]`, `<>`, boolean connectives) with
//! everything below it reduced to atoms it can evaluate on a state or on a step. This module
//! expands definitions (binding their arguments), `\A`/`\E` over constant sets (one conjunct or
//! disjunct per element), `~>` (`P ~> Q` is `[](P => <>Q)`), `WF`/`SF` (`WF_v(A)` is
//! `[]<>(~ENABLED <<A>>_v \/ <<A>>_v)`, `SF_v(A)` is `<>[]~ENABLED <<A>>_v \/ []<><<A>>_v`),
//! and pushes negations down to the atoms (negation normal form), since the checker looks for
//! a behaviour satisfying `fairness /\ ~property`.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock};

use tla_eval::env::{Binding, OperatorClosure, Thunk};
use tla_eval::{Ctx, Env, Evaluator, WorkerContext};
use tla_sema::hir::{
    Body, Bound, BuiltinOp, Expr, ExprKind, OperatorRef, Quantifier, ACTION_LEVEL, CONSTANT_LEVEL,
    STATE_LEVEL,
};
use tla_values::Value;

/// An index into [`Atoms`].
pub(crate) type AtomId = usize;

/// A temporal formula in negation normal form over atoms.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum Formula {
    Bool(bool),
    /// An atom or its negation.
    Literal {
        atom: AtomId,
        positive: bool,
    },
    And(Vec<Formula>),
    Or(Vec<Formula>),
    Always(Box<Formula>),
    Eventually(Box<Formula>),
}

impl Formula {
    /// Whether the formula has no temporal operator (it is evaluated on one step).
    pub(crate) fn is_step_predicate(&self) -> bool {
        match self {
            Formula::Bool(_) | Formula::Literal { .. } => true,
            Formula::And(items) | Formula::Or(items) => {
                items.iter().all(Formula::is_step_predicate)
            }
            Formula::Always(_) | Formula::Eventually(_) => false,
        }
    }

    pub(crate) fn negated(&self) -> Formula {
        match self {
            Formula::Bool(b) => Formula::Bool(!b),
            Formula::Literal { atom, positive } => {
                Formula::Literal { atom: *atom, positive: !positive }
            }
            Formula::And(items) => Formula::Or(items.iter().map(Formula::negated).collect()),
            Formula::Or(items) => Formula::And(items.iter().map(Formula::negated).collect()),
            Formula::Always(inner) => Formula::Eventually(Box::new(inner.negated())),
            Formula::Eventually(inner) => Formula::Always(Box::new(inner.negated())),
        }
    }

    /// The value of a step predicate, given the atoms' values on the step.
    pub(crate) fn holds(&self, value_of: &dyn Fn(AtomId) -> bool) -> bool {
        match self {
            Formula::Bool(b) => *b,
            Formula::Literal { atom, positive } => value_of(*atom) == *positive,
            Formula::And(items) => items.iter().all(|item| item.holds(value_of)),
            Formula::Or(items) => items.iter().any(|item| item.holds(value_of)),
            Formula::Always(_) | Formula::Eventually(_) => false,
        }
    }

    fn and(items: Vec<Formula>) -> Formula {
        let mut flat = Vec::new();
        for item in items {
            match item {
                Formula::Bool(true) => {}
                Formula::Bool(false) => return Formula::Bool(false),
                Formula::And(inner) => flat.extend(inner),
                other => flat.push(other),
            }
        }
        match flat.len() {
            0 => Formula::Bool(true),
            1 => flat.pop().unwrap_or(Formula::Bool(true)),
            _ => Formula::And(flat),
        }
    }

    fn or(items: Vec<Formula>) -> Formula {
        let mut flat = Vec::new();
        for item in items {
            match item {
                Formula::Bool(false) => {}
                Formula::Bool(true) => return Formula::Bool(true),
                Formula::Or(inner) => flat.extend(inner),
                other => flat.push(other),
            }
        }
        match flat.len() {
            0 => Formula::Bool(false),
            1 => flat.pop().unwrap_or(Formula::Bool(false)),
            _ => Formula::Or(flat),
        }
    }
}

/// A state predicate or an action (step predicate) with the environment it is evaluated in.
pub(crate) struct Atom {
    pub expr: &'static Expr,
    pub env: Env,
    /// Evaluated on a step (current and next state) rather than on a state.
    pub on_step: bool,
    /// For `ENABLED <<A>>_v`: the atom `<<A>>_v`. When `ENABLED` cannot be evaluated in a state
    /// (an action that primes a defined state function, as refinement properties do), it is
    /// taken to hold when some explored step from the state satisfies `<<A>>_v`.
    pub enabled_of: Option<AtomId>,
}

/// The atoms of the formulas being checked, shared between them.
#[derive(Default)]
pub(crate) struct Atoms {
    pub list: Vec<Atom>,
    index: HashMap<String, AtomId>,
}

/// A binding environment together with a printable key per binding, so that equal atoms
/// (the same expression under the same bindings) are recognised and evaluated once.
#[derive(Clone, Default)]
struct Scope {
    env: Env,
    keys: Vec<String>,
}

impl Scope {
    fn push(&self, binding: Binding, key: String) -> Scope {
        let mut keys = self.keys.clone();
        keys.push(key);
        Scope { env: self.env.push(binding), keys }
    }

    fn drop_innermost(&self, count: u32) -> Scope {
        let mut keys = self.keys.clone();
        keys.truncate(keys.len().saturating_sub(count as usize));
        Scope { env: self.env.drop_innermost(count), keys }
    }

    fn key(&self) -> String {
        self.keys.join("|")
    }
}

/// Builds formulas from expressions.
pub(crate) struct Lowering<'m> {
    evaluator: &'m Evaluator,
    worker: WorkerContext,
    pub atoms: Atoms,
    /// `ENABLED <<A>>_v` and `<<A>>_v` expressions built for `WF`/`SF`, by `(A, v)`.
    built: HashMap<(usize, usize), (&'static Expr, &'static Expr)>,
    depth: u32,
}

const MAX_EXPANSION_DEPTH: u32 = 200;

impl<'m> Lowering<'m> {
    pub(crate) fn new(evaluator: &'m Evaluator) -> Lowering<'m> {
        Lowering {
            evaluator,
            worker: WorkerContext::new(0, 0),
            atoms: Atoms::default(),
            built: HashMap::new(),
            depth: 0,
        }
    }

    /// The formula `expr` (or its negation), in negation normal form.
    pub(crate) fn lower(&mut self, expr: &'static Expr, negate: bool) -> Result<Formula, String> {
        self.lower_in(expr, &Scope::default(), negate)
    }

    fn lower_in(
        &mut self,
        expr: &'static Expr,
        scope: &Scope,
        negate: bool,
    ) -> Result<Formula, String> {
        if self.depth >= MAX_EXPANSION_DEPTH {
            return Err("the temporal formula nests too deeply (recursive definition?)".to_string());
        }
        self.depth += 1;
        let result = self.lower_kind(expr, scope, negate);
        self.depth -= 1;
        result
    }

    fn lower_kind(
        &mut self,
        expr: &'static Expr,
        scope: &Scope,
        negate: bool,
    ) -> Result<Formula, String> {
        if expr.level == CONSTANT_LEVEL {
            let ctx = Ctx::constant(&self.worker);
            let value = self
                .evaluator
                .eval_bool(expr, &scope.env, &ctx)
                .map_err(|failure| failure.error.message.clone())?;
            return Ok(Formula::Bool(value != negate));
        }
        if expr.level <= ACTION_LEVEL {
            let atom = self.atom(expr, scope, expr.level > STATE_LEVEL);
            return Ok(Formula::Literal { atom, positive: !negate });
        }
        match &expr.kind {
            ExprKind::Label { body, .. } => self.lower_in(body, scope, negate),
            ExprKind::Let { body, .. } => self.lower_in(body, scope, negate),
            ExprKind::Outer { up, expr: inner } => {
                self.lower_in(inner, &scope.drop_innermost(*up), negate)
            }
            ExprKind::Junction { conjunction, items } => {
                self.junction(*conjunction, items, scope, negate)
            }
            ExprKind::Builtin { op, arguments } => self.builtin(*op, arguments, scope, negate),
            ExprKind::Fairness { strong, subscript, action } => {
                let (enabled, angle) = self.fairness_atoms(action, subscript, scope);
                let enabled = |positive: bool| Formula::Literal { atom: enabled, positive };
                let taken = |positive: bool| Formula::Literal { atom: angle, positive };
                let always = |f: Formula| Formula::Always(Box::new(f));
                let eventually = |f: Formula| Formula::Eventually(Box::new(f));
                Ok(match (strong, negate) {
                    (false, false) => {
                        always(eventually(Formula::or(vec![enabled(false), taken(true)])))
                    }
                    (false, true) => {
                        eventually(always(Formula::and(vec![enabled(true), taken(false)])))
                    }
                    (true, false) => Formula::or(vec![
                        eventually(always(enabled(false))),
                        always(eventually(taken(true))),
                    ]),
                    (true, true) => Formula::and(vec![
                        always(eventually(enabled(true))),
                        eventually(always(taken(false))),
                    ]),
                })
            }
            ExprKind::Call { def, arguments } => {
                let def = self.evaluator.resolve_definition(*def);
                let definition = self
                    .evaluator
                    .hir()
                    .definitions
                    .get(def as usize)
                    .ok_or("unknown definition")?;
                let Body::Expression(body) = &definition.body else {
                    return Err(format!("{} is not a temporal formula", definition.name));
                };
                let mut inner = Scope::default();
                for argument in arguments {
                    let (binding, key) = self.bind_argument(argument, scope)?;
                    inner = inner.push(binding, key);
                }
                self.lower_in(body, &inner, negate)
            }
            ExprKind::CallLet { def, up, arguments } => {
                let definition = self
                    .evaluator
                    .hir()
                    .definitions
                    .get(*def as usize)
                    .ok_or("unknown definition")?;
                let Body::Expression(body) = &definition.body else {
                    return Err(format!("{} is not a temporal formula", definition.name));
                };
                let mut inner = scope.drop_innermost(*up);
                for argument in arguments {
                    let (binding, key) = self.bind_argument(argument, scope)?;
                    inner = inner.push(binding, key);
                }
                self.lower_in(body, &inner, negate)
            }
            ExprKind::Quantified { quantifier, bounds, body } => {
                let mut scopes = vec![scope.clone()];
                for bound in bounds {
                    scopes = self.bind_bound(bound, scope, scopes)?;
                }
                let mut items = Vec::new();
                for inner in &scopes {
                    items.push(self.lower_in(body, inner, negate)?);
                }
                let conjunction = (*quantifier == Quantifier::Forall) != negate;
                Ok(if conjunction { Formula::and(items) } else { Formula::or(items) })
            }
            ExprKind::If { condition, then_branch, else_branch } => {
                let holds = self.lower_in(condition, scope, false)?;
                let fails = self.lower_in(condition, scope, true)?;
                let then_part = self.lower_in(then_branch, scope, negate)?;
                let else_part = self.lower_in(else_branch, scope, negate)?;
                Ok(Formula::or(vec![
                    Formula::and(vec![holds, then_part]),
                    Formula::and(vec![fails, else_part]),
                ]))
            }
            ExprKind::TemporalQuantified { .. } => {
                Err("TLC does not check temporal quantifiers (\\AA, \\EE)".to_string())
            }
            _ => Err("this form of temporal formula is not supported by the liveness checker"
                .to_string()),
        }
    }

    fn junction(
        &mut self,
        conjunction: bool,
        items: &'static [Expr],
        scope: &Scope,
        negate: bool,
    ) -> Result<Formula, String> {
        let mut lowered = Vec::new();
        for item in items {
            lowered.push(self.lower_in(item, scope, negate)?);
        }
        Ok(if conjunction != negate { Formula::and(lowered) } else { Formula::or(lowered) })
    }

    fn builtin(
        &mut self,
        op: BuiltinOp,
        arguments: &'static [Expr],
        scope: &Scope,
        negate: bool,
    ) -> Result<Formula, String> {
        let argument =
            |index: usize| arguments.get(index).ok_or_else(|| "missing argument".to_string());
        let always = |f: Formula| Formula::Always(Box::new(f));
        let eventually = |f: Formula| Formula::Eventually(Box::new(f));
        match op {
            BuiltinOp::Not => self.lower_in(argument(0)?, scope, !negate),
            BuiltinOp::And => self.junction(true, arguments, scope, negate),
            BuiltinOp::Or => self.junction(false, arguments, scope, negate),
            BuiltinOp::Implies => {
                let left = self.lower_in(argument(0)?, scope, !negate)?;
                let right = self.lower_in(argument(1)?, scope, negate)?;
                Ok(if negate {
                    Formula::and(vec![left, right])
                } else {
                    Formula::or(vec![left, right])
                })
            }
            BuiltinOp::Equivalent => {
                let (a, b) = (argument(0)?, argument(1)?);
                let a_true = self.lower_in(a, scope, false)?;
                let a_false = self.lower_in(a, scope, true)?;
                let b_true = self.lower_in(b, scope, false)?;
                let b_false = self.lower_in(b, scope, true)?;
                Ok(if negate {
                    Formula::or(vec![
                        Formula::and(vec![a_true, b_false]),
                        Formula::and(vec![a_false, b_true]),
                    ])
                } else {
                    Formula::or(vec![
                        Formula::and(vec![a_true, b_true]),
                        Formula::and(vec![a_false, b_false]),
                    ])
                })
            }
            BuiltinOp::Always => {
                let inner = self.lower_in(argument(0)?, scope, negate)?;
                Ok(if negate { eventually(inner) } else { always(inner) })
            }
            BuiltinOp::Eventually => {
                let inner = self.lower_in(argument(0)?, scope, negate)?;
                Ok(if negate { always(inner) } else { eventually(inner) })
            }
            BuiltinOp::LeadsTo => {
                // P ~> Q is [](~P \/ <>Q); its negation <>(P /\ []~Q).
                let p = self.lower_in(argument(0)?, scope, false)?;
                let q = self.lower_in(argument(1)?, scope, false)?;
                Ok(if negate {
                    eventually(Formula::and(vec![p, always(q.negated())]))
                } else {
                    always(Formula::or(vec![p.negated(), eventually(q)]))
                })
            }
            _ => Err(format!("the operator {} is not supported in temporal properties", op.name())),
        }
    }

    /// The environments for each element of one bound's set, for every environment so far.
    fn bind_bound(
        &mut self,
        bound: &'static Bound,
        outer: &Scope,
        scopes: Vec<Scope>,
    ) -> Result<Vec<Scope>, String> {
        let Some(set) = &bound.set else {
            return Err(
                "an unbounded quantifier in a temporal formula cannot be checked".to_string()
            );
        };
        let ctx = Ctx::constant(&self.worker);
        let value = self
            .evaluator
            .eval(set, &outer.env, &ctx)
            .map_err(|failure| failure.error.message.clone())?;
        let elements = tla_values::sets::normalized_elements(&value)
            .map_err(|error| error.into_details().message)?;
        let mut result = Vec::new();
        for scope in scopes {
            if bound.tuple {
                for element in &elements {
                    let components = tla_values::convert::to_tuple(element)
                        .ok()
                        .flatten()
                        .filter(|components| components.len() == bound.names.len())
                        .ok_or("a tuple pattern was bound to a value that is not a tuple of its length")?;
                    let mut inner = scope.clone();
                    for component in components.iter() {
                        inner = inner.push(Binding::Value(component.clone()), value_key(component));
                    }
                    result.push(inner);
                }
            } else {
                let mut partial = vec![scope];
                for _ in &bound.names {
                    let mut next = Vec::new();
                    for inner in &partial {
                        for element in &elements {
                            next.push(
                                inner.push(Binding::Value(element.clone()), value_key(element)),
                            );
                        }
                    }
                    partial = next;
                }
                result.extend(partial);
            }
        }
        Ok(result)
    }

    fn bind_argument(
        &mut self,
        argument: &'static Expr,
        scope: &Scope,
    ) -> Result<(Binding, String), String> {
        let thunk = |expr: &'static Expr, env: &Env| {
            Binding::Lazy(Arc::new(Thunk {
                expr,
                env: env.clone(),
                cached: OnceLock::new(),
                except_at: None,
            }))
        };
        match &argument.kind {
            ExprKind::Operator(operator) => {
                let closure = match operator {
                    OperatorRef::Definition { def, instance_arguments } => {
                        let mut env = Env::empty();
                        for argument in instance_arguments {
                            env = env.push(thunk(argument, &scope.env));
                        }
                        OperatorClosure::Definition { def: *def, env }
                    }
                    OperatorRef::Local { def, up } => OperatorClosure::Definition {
                        def: *def,
                        env: scope.env.drop_innermost(*up),
                    },
                    OperatorRef::Builtin(op) => OperatorClosure::Builtin(*op),
                    OperatorRef::Parameter(_) => {
                        return Err("operator parameters in temporal formulas are not supported"
                            .to_string())
                    }
                };
                Ok((
                    Binding::Operator(Arc::new(closure)),
                    format!("op{:p}@{}", argument, scope.key()),
                ))
            }
            ExprKind::Local(index) => match scope.env.get(*index) {
                Some(binding) => {
                    let key = scope
                        .keys
                        .len()
                        .checked_sub(1 + *index as usize)
                        .and_then(|at| scope.keys.get(at));
                    Ok((binding.clone(), key.cloned().unwrap_or_default()))
                }
                None => Err("a bound name has no binding".to_string()),
            },
            _ if argument.level == CONSTANT_LEVEL => {
                let ctx = Ctx::constant(&self.worker);
                match self.evaluator.eval(argument, &scope.env, &ctx) {
                    Ok(value) => {
                        let key = value_key(&value);
                        Ok((Binding::Value(value), key))
                    }
                    Err(_) => Ok((
                        thunk(argument, &scope.env),
                        format!("e{:p}@{}", argument, scope.key()),
                    )),
                }
            }
            _ => Ok((thunk(argument, &scope.env), format!("e{:p}@{}", argument, scope.key()))),
        }
    }

    fn atom(&mut self, expr: &'static Expr, scope: &Scope, on_step: bool) -> AtomId {
        let key = format!("{:p}@{}", expr, scope.key());
        if let Some(&id) = self.atoms.index.get(&key) {
            return id;
        }
        let id = self.atoms.list.len();
        self.atoms.list.push(Atom { expr, env: scope.env.clone(), on_step, enabled_of: None });
        self.atoms.index.insert(key, id);
        id
    }

    /// The atoms `ENABLED <<A>>_v` and `<<A>>_v` of `WF_v(A)` / `SF_v(A)`.
    fn fairness_atoms(
        &mut self,
        action: &'static Expr,
        subscript: &'static Expr,
        scope: &Scope,
    ) -> (AtomId, AtomId) {
        let key = (action as *const Expr as usize, subscript as *const Expr as usize);
        let (enabled, angle) = *self.built.entry(key).or_insert_with(|| {
            // Built once per written WF/SF and kept for the rest of the run (the evaluator works
            // on expressions that live as long as the specification).
            let angle: &'static Expr = Box::leak(Box::new(Expr {
                kind: ExprKind::AngleAction {
                    action: Box::new(action.clone()),
                    subscript: Box::new(subscript.clone()),
                },
                span: action.span,
                module: action.module,
                level: ACTION_LEVEL,
                slot: Default::default(),
            }));
            let enabled: &'static Expr = Box::leak(Box::new(Expr {
                kind: ExprKind::Builtin { op: BuiltinOp::Enabled, arguments: vec![angle.clone()] },
                span: action.span,
                module: action.module,
                level: STATE_LEVEL,
                slot: Default::default(),
            }));
            (enabled, angle)
        });
        let (enabled, angle) = (self.atom(enabled, scope, false), self.atom(angle, scope, true));
        if let Some(atom) = self.atoms.list.get_mut(enabled) {
            atom.enabled_of = Some(angle);
        }
        (enabled, angle)
    }
}

fn value_key(value: &Value) -> String {
    format!("v{}", tla_values::ppr(value))
}
