//! The evaluator: the value of an expression of the resolved specification in a context, with
//! TLC's semantics and messages.
//!
//! It is a tree-walking interpreter over [`tla_sema::hir`]. Arguments of defined operators are
//! passed lazily, as TLC passes them; zero-argument definitions of constant level are computed
//! once per run, as TLC pre-computes them; zero-argument `LET` definitions at most once per
//! evaluation of their `LET`, as TLC's lazy values (`env::LetInstance`). The resolved
//! specification lives as long as the process (`&'static`), because lazy values and closures
//! kept inside values point into it; a run leaks its resolved specification, a few kilobytes.

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use tla_sema::hir::{
    ConstId, DefId, Definition, ExceptPathItem, Expr, ExprKind, Hir, Quantifier, ACTION_LEVEL,
    CONSTANT_LEVEL,
};
use tla_values::{equals, functions, sets, Atom, EvalError, EvalErrorKind, Interner, Value};

use crate::binders::bound_value;
use crate::builtin_ops::temporal_error;
use crate::context::{Ctx, StateView};
use crate::env::{Binding, Env, Thunk};
use crate::failure::{AtExpr, EvalOutcome, Failure};
use crate::known::{Known, KnownFacts, BORROW_DEPTH};
use crate::values::{FilteredSet, OperatorValue};

/// How deep operator calls may nest before evaluation stops with an error.
pub const MAX_CALL_DEPTH: u32 = 20_000;

/// What a declared constant of the root module is bound to by the model.
#[derive(Clone)]
pub enum ConstantBinding {
    Unset,
    Value(Value),
    /// `C <- Op`: an operator constant (or a constant) replaced by a definition.
    Definition(DefId),
}

/// The facts about the run that `TLCGet("config")` shows a spec.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunConfiguration {
    /// `"bfs"` or `"simulate"`.
    pub mode: String,
    pub check_deadlock: bool,
    pub workers: u32,
    pub seed: i64,
    /// Simulation only: the depth of traces and how many.
    pub depth: i64,
    pub traces: i64,
}

impl Default for RunConfiguration {
    fn default() -> RunConfiguration {
        RunConfiguration {
            mode: "bfs".to_string(),
            check_deadlock: true,
            workers: 1,
            seed: 0,
            depth: -1,
            traces: 0,
        }
    }
}

/// What a run lets a spec do beyond computing values.
#[derive(Clone)]
pub struct EvalSettings {
    /// What `TLCGet("config")` answers.
    pub run_configuration: RunConfiguration,
    /// Receives `Print`/`PrintT` lines.
    pub printer: Arc<dyn Fn(&str) + Send + Sync>,
    /// Whether `IOEnv` and friends may read environment variables.
    pub allow_environment: bool,
    /// Whether `JsonDeserialize`, `ndJsonDeserialize` and `CSVRead` may read files.
    pub allow_file_reads: bool,
    /// Whether formulas without effects run compiled (`compiled/`); off, everything is
    /// interpreted (for differential tests and measurements).
    pub compile_formulas: bool,
    /// Receives TLC's warnings raised while evaluating (the caller prints them, or not).
    pub warner: Arc<dyn Fn(EvalWarning) + Send + Sync>,
    /// Writes a location as TLC does in the text of a value it cannot expand
    /// (`line 6, col 23 to line 6, col 27 of module M`); the caller has the sources. `None`:
    /// such texts say `<expression>` only.
    pub locator: Option<Locator>,
}

/// See [`EvalSettings::locator`].
pub type Locator = Arc<dyn Fn(&crate::failure::Location) -> String + Send + Sync>;

/// A warning TLC prints while evaluating, and goes on.
#[derive(Clone, Copy, Debug)]
pub enum EvalWarning {
    /// `[f EXCEPT ![a] = e]` with `a` outside `f`'s domain (TLC's message 2144): the update is
    /// left out. `function` is the `f` of the `EXCEPT`, where TLC locates the warning.
    ExceptOutsideDomain { function: &'static Expr },
}

impl Default for EvalSettings {
    fn default() -> EvalSettings {
        EvalSettings {
            run_configuration: RunConfiguration::default(),
            printer: Arc::new(|_| {}),
            allow_environment: false,
            allow_file_reads: false,
            compile_formulas: true,
            warner: Arc::new(|_| {}),
            locator: None,
        }
    }
}

/// A resolved specification with its model's constants, ready to evaluate. Cloning shares it.
#[derive(Clone)]
pub struct Evaluator {
    pub(crate) shared: Arc<Shared>,
}

pub(crate) struct Shared {
    pub hir: &'static Hir,
    pub interner: Interner,
    pub constants: Vec<ConstantBinding>,
    /// Per definition: the definition the model substitutes for it (`Op <- Other`).
    pub overrides: Vec<Option<DefId>>,
    /// Per definition: the value the model gives it instead (`Op = value` in a cfg file).
    pub fixed_values: Vec<Option<Value>>,
    /// Per definition: its value, for zero-argument constant-level definitions.
    pub cache: Vec<OnceLock<Value>>,
    pub literal_atoms: LiteralAtoms,
    /// Per definition: whether it is a function definition whose body refers to itself.
    pub self_referencing: Vec<bool>,
    /// Per definition: whether its value can change during a run although it is constant-level
    /// (it calls `TLCGet` or `Trace`, which TLC marks as state-level for that reason).
    pub volatile: Vec<bool>,
    /// Per definition: whether it reads or writes what the search did before (`TLCGet`,
    /// `TLCSet`, through calls), so that evaluating it again may give something else.
    pub search_state: Vec<bool>,
    /// Per definition: the native operator it is, if any (`native_calls.rs`).
    pub natives: Vec<Option<crate::native_calls::NativeOperator>>,
    /// Facts known ahead about each expression (`known.rs`), among them the values of the
    /// constant parts of expressions, computed once (`closed_constants.rs`).
    pub known: KnownFacts,
    /// Per expression slot: the formula's compiled program, once asked for (`compiled/`).
    pub programs: crate::compiled::ProgramTable,
    pub settings: EvalSettings,
    /// Whether the specification extends or instantiates `Integers` (TLC then names
    /// `tlc2.module.Integers`, not `Naturals`, for the arithmetic operators' Java methods).
    pub integers_in_scope: bool,
}

impl Evaluator {
    /// An evaluator for `hir`, which it keeps for the rest of the process.
    pub fn new(
        hir: Hir,
        interner: Interner,
        constants: Vec<ConstantBinding>,
        overrides: Vec<(DefId, DefId)>,
        fixed_values: Vec<(DefId, Value)>,
        settings: EvalSettings,
    ) -> Evaluator {
        let hir: &'static Hir = Box::leak(Box::new(hir));
        let mut override_table = vec![None; hir.definitions.len()];
        for (from, to) in overrides {
            if let Some(slot) = override_table.get_mut(from as usize) {
                *slot = Some(to);
            }
        }
        let mut fixed_table = vec![None; hir.definitions.len()];
        for (def, value) in fixed_values {
            if let Some(slot) = fixed_table.get_mut(def as usize) {
                *slot = Some(value);
            }
        }
        let cache = (0..hir.definitions.len()).map(|_| OnceLock::new()).collect();
        let literal_atoms = intern_literals(hir, &interner);
        let callees = crate::definition_facts::definition_callees(hir);
        let volatile = crate::definition_facts::volatile_definitions(hir, &callees);
        let search_state = crate::definition_facts::search_state_definitions(hir, &callees);
        let self_referencing = crate::definition_facts::self_referencing_functions(hir, &callees);
        let natives = crate::native_calls::native_operators(hir);
        let cached_definition = |def: DefId| {
            let def = override_table.get(def as usize).copied().flatten().unwrap_or(def);
            if matches!(fixed_table.get(def as usize), Some(Some(_))) {
                return true;
            }
            hir.definitions.get(def as usize).is_some_and(|definition| {
                definition.parameters.is_empty()
                    && !definition.local
                    && definition.level == CONSTANT_LEVEL
                    && !volatile[def as usize]
            })
        };
        let pure_native = |def: DefId| {
            let def = override_table.get(def as usize).copied().flatten().unwrap_or(def);
            natives.get(def as usize).copied().flatten().is_some_and(|native| native.is_pure())
        };
        let closed_constants = crate::closed_constants::closed_constants(
            hir,
            &constants,
            &cached_definition,
            &pure_native,
        );
        let mut evaluator = Evaluator {
            shared: Arc::new(Shared {
                hir,
                interner,
                constants,
                overrides: override_table,
                fixed_values: fixed_table,
                literal_atoms,
                cache,
                self_referencing,
                volatile,
                search_state,
                natives,
                known: KnownFacts::default(),
                programs: crate::compiled::ProgramTable::default(),
                settings,
                integers_in_scope: hir.modules.iter().any(|module| module.name == "Integers"),
            }),
        };
        let known = crate::known::known_facts(&evaluator, &closed_constants);
        if let Some(shared) = Arc::get_mut(&mut evaluator.shared) {
            shared.programs =
                crate::compiled::ProgramTable::with_entries(known.len(), hir.definitions.len());
            shared.known = known;
        }
        evaluator
    }

    /// The atom of a literal text of the specification.
    pub(crate) fn atom(&self, text: &str) -> Atom {
        match self.shared.literal_atoms.get(&(text.as_ptr() as usize)) {
            Some(atom) => *atom,
            None => self.shared.interner.intern(text),
        }
    }

    pub fn hir(&self) -> &'static Hir {
        self.shared.hir
    }

    pub fn interner(&self) -> &Interner {
        &self.shared.interner
    }

    pub fn settings(&self) -> &EvalSettings {
        &self.shared.settings
    }

    /// The definition actually used for `def` (after the model's overrides).
    /// Whether evaluating `expr` may read or write what the search did before (`TLCGet`,
    /// `TLCSet`, through the definitions it calls, as the cfg replaces them): then evaluating
    /// it again, to find a trace's states, need not give what the search met.
    pub fn reads_search_state(&self, expr: &Expr) -> bool {
        let mut called = Vec::new();
        crate::definition_facts::called_definitions(expr, &mut called);
        called.into_iter().any(|def| {
            [def, self.resolve_definition(def)]
                .iter()
                .any(|def| self.shared.search_state.get(*def as usize) == Some(&true))
        })
    }

    pub fn resolve_definition(&self, def: DefId) -> DefId {
        let mut current = def;
        for _ in 0..16 {
            match self.shared.overrides.get(current as usize).copied().flatten() {
                Some(next) if next != current => current = next,
                _ => break,
            }
        }
        current
    }

    /// What the model binds declared constant `constant` to.
    pub(crate) fn constant_binding(&self, constant: ConstId) -> Option<&ConstantBinding> {
        self.shared.constants.get(constant as usize)
    }

    /// The definition a declared operator constant is replaced by (`C <- Def` in the cfg).
    pub fn constant_definition(&self, constant: ConstId) -> Option<DefId> {
        match self.shared.constants.get(constant as usize) {
            Some(ConstantBinding::Definition(def)) => Some(*def),
            _ => None,
        }
    }

    /// The value the model gives definition `def` (`Op = value` in a cfg file), if any.
    pub(crate) fn fixed_value(&self, def: DefId) -> Option<&Value> {
        self.shared.fixed_values.get(def as usize)?.as_ref()
    }

    /// Whether `def` is a zero-argument constant definition whose value is computed once (TLC
    /// computes these at start-up), or fixed by the model.
    pub fn is_precomputed(&self, def: DefId) -> bool {
        if matches!(self.shared.fixed_values.get(def as usize), Some(Some(_))) {
            return true;
        }
        match self.shared.hir.definitions.get(def as usize) {
            Some(definition) => {
                definition.parameters.is_empty()
                    && !definition.local
                    && definition.level == CONSTANT_LEVEL
                    && !self.shared.volatile[def as usize]
            }
            None => false,
        }
    }

    /// The value of zero-argument definition `def` in `ctx`.
    pub fn eval_definition(&self, def: DefId, ctx: &Ctx) -> EvalOutcome<Value> {
        self.call_definition(def, Env::empty(), Vec::new(), ctx)
    }

    pub fn eval(&self, expr: &'static Expr, env: &Env, ctx: &Ctx) -> EvalOutcome<Value> {
        if ctx.worker.expression_coverage.is_some() {
            return self.eval_covered(expr, env, ctx);
        }
        // Values that are stored already need neither the depth guard nor the full dispatch.
        match &expr.kind {
            ExprKind::Bool(b) => return Ok(Value::Bool(*b)),
            ExprKind::Int(n) => return Ok(Value::Int(*n)),
            ExprKind::Variable(_)
            | ExprKind::Local(_)
            | ExprKind::Constant(_)
            | ExprKind::Str(_)
            | ExprKind::Call { .. } => {
                if let Some(value) = self.stored_value(expr, env, ctx) {
                    return Ok(value.clone());
                }
            }
            ExprKind::Apply { .. } | ExprKind::Field { .. } => {
                if let Some(value) = self.borrowed_value(expr, env, ctx, BORROW_DEPTH) {
                    return value.map(Cow::into_owned);
                }
            }
            _ => {}
        }
        self.eval_uncovered(expr, env, ctx)
    }

    /// `eval` with per-expression coverage on: kept out of line, so the usual path stays small.
    #[cold]
    #[inline(never)]
    fn eval_covered(&self, expr: &'static Expr, env: &Env, ctx: &Ctx) -> EvalOutcome<Value> {
        match ctx.worker.expression_coverage.as_deref() {
            Some(coverage) => coverage.evaluate(self, expr, || self.eval_uncovered(expr, env, ctx)),
            None => self.eval_uncovered(expr, env, ctx),
        }
    }

    #[inline(always)]
    fn eval_uncovered(&self, expr: &'static Expr, env: &Env, ctx: &Ctx) -> EvalOutcome<Value> {
        ctx.worker.one_level_deeper(|| self.eval_inner(expr, env, ctx))
    }

    /// A boolean, with TLC's error when the value is not one.
    pub fn eval_bool(&self, expr: &'static Expr, env: &Env, ctx: &Ctx) -> EvalOutcome<bool> {
        // Connectives and comparisons give their boolean without making it a value first.
        if ctx.worker.expression_coverage.is_none() {
            match &expr.kind {
                ExprKind::Builtin { op, arguments } => {
                    if let Some(holds) = ctx
                        .worker
                        .one_level_deeper(|| self.eval_builtin_bool(*op, arguments, env, ctx))
                    {
                        return holds.at(expr);
                    }
                }
                ExprKind::Junction { conjunction, items } => {
                    return ctx
                        .worker
                        .one_level_deeper(|| self.junction_holds(*conjunction, items, env, ctx))
                        .at(expr);
                }
                _ => {}
            }
        }
        let compared = match &expr.kind {
            ExprKind::Call { def, arguments } if ctx.worker.expression_coverage.is_none() => {
                ctx.worker.one_level_deeper(|| self.integer_comparison(*def, arguments, env, ctx))
            }
            _ => None,
        };
        let value = match compared {
            Some(value) => value.at(expr)?,
            None => self.eval(expr, env, ctx)?,
        };
        match value {
            Value::Bool(b) => Ok(b),
            other => Err(Failure::message(
                EvalErrorKind::WrongKind,
                format!(
                    "A non-boolean expression ({}) was used as a formula.\nThe value was: {}",
                    other.kind_name(),
                    tla_values::ppr(&other)
                ),
            ))
            .at(expr),
        }
    }

    /// A `/\` or `\/` list, evaluated left to right until its value is decided.
    fn junction_holds(
        &self,
        conjunction: bool,
        items: &'static [Expr],
        env: &Env,
        ctx: &Ctx,
    ) -> EvalOutcome<bool> {
        for item in items {
            if self.eval_bool(item, env, ctx)? != conjunction {
                return Ok(!conjunction);
            }
        }
        Ok(conjunction)
    }

    fn eval_inner(&self, expr: &'static Expr, env: &Env, ctx: &Ctx) -> EvalOutcome<Value> {
        match &expr.kind {
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Int(n) => Ok(Value::Int(*n)),
            ExprKind::LargeNumber(text) => Err(EvalError::overflow(text)).at(expr),
            ExprKind::Decimal(text) => Err(Failure::message(
                EvalErrorKind::Unsupported,
                format!("TLC does not support real numbers such as {text}."),
            ))
            .at(expr),
            ExprKind::Str(text) => Ok(Value::Str(self.atom(text))),
            ExprKind::BooleanSet => Ok(Value::boolean_set()),
            ExprKind::StringSet => Ok(sets::strings()),
            ExprKind::Local(index) => self.eval_local(*index, env, ctx).at(expr),
            ExprKind::Constant(constant) => self.eval_constant(*constant, ctx).at(expr),
            ExprKind::Variable(var) => self.eval_variable(*var as usize, ctx.current).at(expr),
            ExprKind::Call { def, arguments } => {
                if let Some(native) = self.native_of(*def, arguments) {
                    return self.call_native_eagerly(native, arguments, env, ctx).at(expr);
                }
                let bindings = self.bind_arguments(arguments, env, ctx.except_at)?;
                self.call_definition(*def, Env::empty(), bindings, ctx).at(expr)
            }
            ExprKind::CallLet { def, up, arguments } => {
                self.call_let_definition(*def, *up, arguments, env, ctx).at(expr)
            }
            ExprKind::CallParameter { index, arguments } => {
                let closure = match env.get(*index) {
                    Some(Binding::Operator(closure)) => closure.clone(),
                    Some(Binding::Value(value)) if arguments.is_empty() => return Ok(value.clone()),
                    _ => {
                        return Err(Failure::message(
                            EvalErrorKind::WrongKind,
                            "An operator parameter was not given an operator.",
                        ))
                        .at(expr)
                    }
                };
                let values = self.eval_all(arguments, env, ctx)?;
                self.call_closure(&closure, values, ctx).at(expr)
            }
            ExprKind::CallConstant { constant, arguments } => {
                match self.shared.constants.get(*constant as usize) {
                    Some(ConstantBinding::Definition(def)) => {
                        let bindings = self.bind_arguments(arguments, env, ctx.except_at)?;
                        self.call_definition(*def, Env::empty(), bindings, ctx).at(expr)
                    }
                    Some(ConstantBinding::Value(value)) if arguments.is_empty() => {
                        Ok(value.clone())
                    }
                    _ => Err(self.unassigned_constant(*constant)).at(expr),
                }
            }
            ExprKind::Operator(operator) => {
                let closure = self.closure_of(operator, env)?;
                Ok(OperatorValue::wrap(closure))
            }
            ExprKind::Builtin { op, arguments } => {
                self.eval_builtin(*op, arguments, env, ctx).at(expr)
            }
            ExprKind::Outer { up, expr: inner } => self.eval(inner, &env.drop_innermost(*up), ctx),
            ExprKind::Junction { conjunction, items } => {
                self.junction_holds(*conjunction, items, env, ctx).map(Value::Bool).at(expr)
            }
            ExprKind::If { condition, then_branch, else_branch } => {
                if self.eval_bool(condition, env, ctx).at(expr)? {
                    self.eval(then_branch, env, ctx).at(expr)
                } else {
                    self.eval(else_branch, env, ctx).at(expr)
                }
            }
            ExprKind::Case { arms, other } => {
                for (guard, value) in arms {
                    if self.eval_bool(guard, env, ctx)? {
                        return self.eval(value, env, ctx);
                    }
                }
                match other {
                    Some(other) => self.eval(other, env, ctx),
                    None => Err(Failure::message(
                        EvalErrorKind::NotInDomain,
                        "Attempted to evaluate a CASE with no conditions true.",
                    ))
                    .at(expr),
                }
            }
            ExprKind::Let { definitions, body } => {
                self.eval(body, &env.enter_let(definitions, ctx), ctx).at(expr)
            }
            ExprKind::Quantified { quantifier, bounds, body } => {
                let want = *quantifier == Quantifier::Exists;
                let mut found = !want;
                self.for_each_binding(bounds, env, ctx, expr, &mut |inner| {
                    if self.eval_bool(body, inner, ctx)? == want {
                        found = want;
                        return Ok(false);
                    }
                    Ok(true)
                })
                .at(expr)?;
                Ok(Value::Bool(found))
            }
            ExprKind::Choose { bound, body } => self.eval_choose(bound, body, env, ctx, expr),
            ExprKind::SetEnumeration(items) => self.remembering_closed_constant(expr, ctx, || {
                Ok(Value::set_from_unnormalized(self.eval_all(items, env, ctx)?))
            }),
            ExprKind::SetFilter { bound, predicate } => {
                let Some(set) = &bound.set else {
                    return Err(Failure::message(
                        EvalErrorKind::NotEnumerable,
                        "A set filter needs a bounded set.",
                    ))
                    .at(expr);
                };
                let mut base = self.eval(set, env, ctx)?;
                if bound.tuple || bound.names.len() != 1 || sets::is_enumerable(&base) {
                    if let Value::Lazy(_) = base {
                        base = Value::Set(sets::filtered_set_base(&base).at(set)?);
                    }
                    // The set is evaluated once, here (TLC's coverage counts it once too).
                    // A failing predicate names the filter among its positions, as in TLC.
                    let mut kept = Vec::new();
                    self.for_each_binding_in(
                        std::slice::from_ref(bound),
                        std::slice::from_ref(&base),
                        env,
                        ctx,
                        expr,
                        &mut |inner| {
                            if self.eval_bool(predicate, inner, ctx).at(expr)? {
                                kept.push(bound_value(bound, inner));
                            }
                            Ok(true)
                        },
                    )?;
                    tla_values::check_set_size(kept.len()).at(expr)?;
                    return Value::set_normalized(kept).at(expr);
                }
                Ok(FilteredSet::wrap(self.clone(), bound, predicate, env.clone(), base, ctx))
            }
            ExprKind::SetMap { element, bounds } => {
                let mut images = Vec::new();
                self.for_each_binding(bounds, env, ctx, expr, &mut |inner| {
                    images.push(self.eval(element, inner, ctx)?);
                    Ok(true)
                })?;
                Ok(Value::set_from_unnormalized(images))
            }
            ExprKind::FunctionConstructor { bounds, body } => {
                self.function_value(bounds, body, env, ctx, expr, None)
            }
            ExprKind::FunctionSet { domain, range } => {
                self.remembering_closed_constant(expr, ctx, || {
                    let domain = self.eval(domain, env, ctx)?;
                    let range = self.eval(range, env, ctx)?;
                    Ok(sets::function_set(&domain, &range))
                })
            }
            ExprKind::Apply { function, arguments } => {
                self.with_value(function, env, ctx, |function_value| {
                    let argument = self.eval_argument_tuple(arguments, env, ctx)?;
                    functions::apply(function_value, &argument).at(expr).map_err(|failure| {
                        self.application_failure(failure, function, function_value, &argument)
                    })
                })
            }
            ExprKind::Record(fields) => self.remembering_closed_constant(expr, ctx, || {
                let mut values = Vec::with_capacity(fields.len());
                for (name, value) in fields {
                    values.push((self.atom(name), self.eval(value, env, ctx)?));
                }
                Value::record(values).at(expr)
            }),
            ExprKind::RecordSet(fields) => self.remembering_closed_constant(expr, ctx, || {
                let mut values = Vec::with_capacity(fields.len());
                for (name, value) in fields {
                    values.push((self.atom(name), self.eval(value, env, ctx)?));
                }
                Ok(sets::record_set(values))
            }),
            ExprKind::Field { record, field } => self.with_value(record, env, ctx, |value| {
                let name = Value::Str(self.atom(field));
                match functions::record_field(value, &name).at(expr)? {
                    Some(found) => Ok(found),
                    None => Err(missing_field(field, value)).at(expr),
                }
            }),
            ExprKind::Except { function, updates } => {
                let mut value = self.eval(function, env, ctx)?;
                for update in updates {
                    let path_item = |item: &'static ExceptPathItem| match item {
                        ExceptPathItem::Field(name) => Ok(Value::Str(self.atom(name))),
                        ExceptPathItem::Index(indices) => {
                            self.eval_argument_tuple(indices, env, ctx)
                        }
                    };
                    // A path of one step (`![k] = e`, `!.f = e`) is kept on the stack.
                    let single;
                    let longer;
                    let path: &[Value] = match update.path.as_slice() {
                        [item] => {
                            single = [path_item(item)?];
                            &single
                        }
                        items => {
                            longer =
                                items.iter().map(path_item).collect::<EvalOutcome<Vec<_>>>()?;
                            &longer
                        }
                    };
                    // TLC leaves a path outside the domain alone, with a warning, and does
                    // not evaluate its new value.
                    let Some(old) = functions::select_path(&value, path).at(expr)? else {
                        if !ctx.worker.output_muted.get() {
                            (self.shared.settings.warner)(EvalWarning::ExceptOutsideDomain {
                                function,
                            });
                        }
                        continue;
                    };
                    let inner = Ctx { except_at: Some(&old), ..*ctx };
                    let new_value = self.eval(&update.value, env, &inner)?;
                    value = functions::except(&value, path, new_value).at(expr)?;
                }
                Ok(value)
            }
            ExprKind::ExceptAt => match ctx.except_at {
                Some(value) => Ok(value.clone()),
                None => Err(Failure::message(
                    EvalErrorKind::NotInDomain,
                    "The @ of an EXCEPT refers to a value outside the function's domain.",
                ))
                .at(expr),
            },
            ExprKind::Tuple(items) => self.remembering_closed_constant(expr, ctx, || {
                Ok(Value::tuple(self.eval_all(items, env, ctx)?))
            }),
            ExprKind::Product(items) => self.remembering_closed_constant(expr, ctx, || {
                Ok(sets::product(self.eval_all(items, env, ctx)?))
            }),
            ExprKind::BoxAction { action, subscript } => {
                if self.eval_bool(action, env, ctx)? {
                    return Ok(Value::Bool(true));
                }
                Ok(Value::Bool(self.unchanged(subscript, env, ctx)?))
            }
            ExprKind::AngleAction { action, subscript } => {
                if !self.eval_bool(action, env, ctx)? {
                    return Ok(Value::Bool(false));
                }
                Ok(Value::Bool(!self.unchanged(subscript, env, ctx)?))
            }
            ExprKind::Fairness { .. } | ExprKind::TemporalQuantified { .. } => {
                Err(temporal_error()).at(expr)
            }
            ExprKind::Label { body, .. } => self.eval(body, env, ctx),
            ExprKind::Unsupported { what } => Err(Failure::message(
                EvalErrorKind::Unsupported,
                format!("TLC cannot evaluate {what}."),
            ))
            .at(expr),
        }
    }

    /// `build`'s value, computed once per run when `expr` is a closed constant expression.
    #[inline]
    fn remembering_closed_constant(
        &self,
        expr: &'static Expr,
        ctx: &Ctx,
        build: impl FnOnce() -> EvalOutcome<Value>,
    ) -> EvalOutcome<Value> {
        // Only constant-level expressions can be closed: the level check spares the others
        // (a tuple of variables, a record in an action) the table lookup.
        if expr.level == CONSTANT_LEVEL && ctx.worker.expression_coverage.is_none() {
            if let Known::Closed(remembered) = self.shared.known.of(expr) {
                if let Some(value) = remembered.get() {
                    return Ok(value.clone());
                }
                let value = build()?;
                value.remember_memberships();
                let _ = remembered.set(value.clone());
                return Ok(value);
            }
        }
        build()
    }

    pub(crate) fn eval_all(
        &self,
        items: &'static [Expr],
        env: &Env,
        ctx: &Ctx,
    ) -> EvalOutcome<Vec<Value>> {
        items.iter().map(|item| self.eval(item, env, ctx)).collect()
    }

    /// `f[a]` applies to `a`; `f[a, b]` to the tuple `<<a, b>>`.
    pub(crate) fn eval_argument_tuple(
        &self,
        items: &'static [Expr],
        env: &Env,
        ctx: &Ctx,
    ) -> EvalOutcome<Value> {
        if items.len() == 1 {
            self.eval(&items[0], env, ctx)
        } else {
            Ok(Value::tuple(self.eval_all(items, env, ctx)?))
        }
    }

    pub(crate) fn eval_local(&self, index: u32, env: &Env, ctx: &Ctx) -> EvalOutcome<Value> {
        match env.get(index) {
            Some(Binding::Value(value)) => Ok(value.clone()),
            Some(Binding::Lazy(thunk)) => self.force(thunk, ctx),
            Some(Binding::Operator(closure)) => Ok(OperatorValue::wrap(closure.clone())),
            None => Err(Failure::message(
                EvalErrorKind::Unsupported,
                "Internal error: a bound name has no binding.",
            )),
        }
    }

    pub(crate) fn force(&self, thunk: &Thunk, ctx: &Ctx) -> EvalOutcome<Value> {
        if let Some(value) = thunk.cached.get() {
            return Ok(value.clone());
        }
        // `@` in the argument is the one of the EXCEPT around the call, not around the use.
        let at_call = Ctx { except_at: thunk.except_at.as_ref(), ..*ctx };
        let value = self.eval(thunk.expr, &thunk.env, &at_call)?;
        if thunk.expr.level < ACTION_LEVEL && thunk.except_at.is_none() {
            let _ = thunk.cached.set(value.clone());
        }
        Ok(value)
    }

    pub(crate) fn eval_constant(&self, constant: ConstId, ctx: &Ctx) -> EvalOutcome<Value> {
        match self.shared.constants.get(constant as usize) {
            Some(ConstantBinding::Value(value)) => Ok(value.clone()),
            Some(ConstantBinding::Definition(def)) => self.eval_definition(*def, ctx),
            _ => Err(self.unassigned_constant(constant)),
        }
    }

    pub(crate) fn unassigned_constant(&self, constant: ConstId) -> Box<Failure> {
        let name = self
            .shared
            .hir
            .constants
            .get(constant as usize)
            .map(|declared| declared.name.as_str())
            .unwrap_or("?");
        Failure::message(
            EvalErrorKind::Unsupported,
            format!("The constant parameter {name} is not assigned a value by the configuration."),
        )
    }

    pub(crate) fn eval_variable(&self, var: usize, view: StateView) -> EvalOutcome<Value> {
        if let Some(value) = view.variable(var) {
            return Ok(value.clone());
        }
        let name = self.shared.hir.variables.get(var).map(|v| v.name.as_str()).unwrap_or("?");
        let message = if view.is_absent() {
            format!("The variable {name} cannot be evaluated here: no state is available.")
        } else {
            format!("The variable {name} was referenced before it was assigned a value.")
        };
        Err(Failure::message(EvalErrorKind::Unsupported, message))
    }

    pub(crate) fn definition(&self, def: DefId) -> EvalOutcome<&'static Definition> {
        self.shared.hir.definitions.get(def as usize).ok_or_else(|| {
            Failure::message(EvalErrorKind::Unsupported, "Internal error: unknown definition.")
        })
    }

    /// `UNCHANGED e` in a transition: `e' = e`.
    pub(crate) fn unchanged(
        &self,
        subscript: &'static Expr,
        env: &Env,
        ctx: &Ctx,
    ) -> EvalOutcome<bool> {
        let now = self.eval(subscript, env, ctx)?;
        let later = self.eval(subscript, env, &ctx.primed())?;
        equals(&now, &later).at(subscript)
    }
}

/// TLC's error for `r.field` when `r` has no such field: a record without it, or a value that is
/// neither a record nor a function (both messages TLC ends with the expression's location).
pub(crate) fn missing_field(field: &str, value: &Value) -> Box<Failure> {
    let (kind, message) = if let Value::Record(_) = value {
        (
            EvalErrorKind::NotInDomain,
            format!(
                "Attempted to select nonexistent field \"{field}\" from the record\n{}",
                tla_values::ppr(value)
            ),
        )
    } else {
        (
            EvalErrorKind::WrongKind,
            format!(
                "Attempted to select field \"{field}\" from a non-record value {}",
                tla_values::ppr(value)
            ),
        )
    };
    Failure::new(EvalError::general(kind, message).located())
}

/// The atoms of the specification's string literals and record field names, by the address of
/// their text in the (never freed) resolved specification: evaluation then needs no lock.
pub(crate) type LiteralAtoms = tla_values::fast_hash::IntegerMap<usize, Atom>;

/// Interns every string literal in the order the specification lists them, so strings compare
/// in TLC's first-seen order whatever order evaluation meets them in; record field names too.
fn intern_literals(hir: &'static Hir, interner: &Interner) -> LiteralAtoms {
    fn visit(expr: &'static Expr, interner: &Interner, atoms: &mut LiteralAtoms) {
        let note = |text: &'static String, atoms: &mut LiteralAtoms| {
            atoms.insert(text.as_ptr() as usize, interner.intern(text));
        };
        match &expr.kind {
            ExprKind::Str(text) | ExprKind::Field { field: text, .. } => note(text, atoms),
            ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
                fields.iter().for_each(|(name, _)| note(name, atoms))
            }
            ExprKind::Except { updates, .. } => {
                for update in updates {
                    for item in &update.path {
                        if let ExceptPathItem::Field(name) = item {
                            note(name, atoms);
                        }
                    }
                }
            }
            _ => {}
        }
        crate::walk::for_each_child(expr, &mut |child| visit(child, interner, atoms));
    }
    let mut atoms = LiteralAtoms::default();
    for definition in &hir.definitions {
        crate::walk::for_each_body_expression(&definition.body, &mut |expr| {
            visit(expr, interner, &mut atoms)
        });
    }
    for assumption in &hir.assumptions {
        visit(&assumption.body, interner, &mut atoms);
    }
    atoms
}
