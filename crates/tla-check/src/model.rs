//! A model: a resolved specification together with its cfg file, in the form the checker runs.
//!
//! TLC's `SpecProcessor` turns the cfg file into init predicates, a next-state relation,
//! invariants, implied actions, constraints and the rest; this module does the same: constants
//! get their values, `<-` substitutions and `Op = v` replacements are installed in the
//! evaluator, `SPECIFICATION` is split into its initial predicate (conjuncts of state level),
//! its `[][N]_v` and its fairness, and each `PROPERTY` of the form `[]P` (state-level `P`)
//! becomes an invariant and `[][A]_v` an implied action, as TLC does.

use std::sync::Arc;

use tla_cfg::{CfgValue, CfgValueKind, ModelConfig};
use tla_eval::{ConstantBinding, EvalSettings, Evaluator};
use tla_sema::hir::{
    Body, BuiltinOp, DefId, Entity, Expr, ExprKind, Hir, STATE_LEVEL, TEMPORAL_LEVEL,
};
use tla_values::{Interner, Value};

/// A named state predicate (invariant, constraint) or action predicate (action constraint).
#[derive(Clone, Debug)]
pub struct NamedDefinition {
    pub name: String,
    pub def: DefId,
}

/// A property checked on every transition: `[][A]_v`, given as the `[A]_v` expression.
#[derive(Clone, Debug)]
pub struct ImpliedAction {
    pub name: String,
    pub action: &'static Expr,
}

/// An invariant that comes from a property `[]P`: `P`, reported under the property's name.
#[derive(Clone, Debug)]
pub struct PropertyInvariant {
    pub name: String,
    pub predicate: &'static Expr,
}

/// Where the next-state relation comes from.
#[derive(Clone, Debug)]
pub enum NextRelation {
    /// `NEXT Op`.
    Definition(DefId),
    /// `[][N]_v` of a `SPECIFICATION`: `N`.
    Expression { expr: &'static Expr, name: String },
    /// A specification without variables and without `NEXT` (TLC only checks its `ASSUME`s).
    Nothing,
}

/// Everything the checker needs to explore a model.
pub struct Model {
    pub evaluator: Evaluator,
    /// The initial predicate as a list of conjuncts.
    pub init: Vec<&'static Expr>,
    /// The definition named by `INIT`, when the cfg names one (TLC labels simulated traces'
    /// first state with it).
    pub init_name: Option<String>,
    pub next: NextRelation,
    pub invariants: Vec<NamedDefinition>,
    /// Per invariant: the variables its value depends on, when its evaluation has no effects
    /// (`tla_eval::predicate_memo`); the checker then remembers where it held.
    pub invariant_reads: Vec<Option<Vec<u32>>>,
    /// Per invariant whose body is a conjunction list without effects: each conjunct with the
    /// variables it reads, remembered one by one.
    pub invariant_conjuncts: Vec<Option<tla_eval::predicate_memo::ConjunctReads>>,
    /// Per state constraint: the variables it reads when its evaluation has no effects; the
    /// checker then remembers where it held, as for invariants.
    pub constraint_reads: Vec<Option<Vec<u32>>>,
    /// The predicate memo's entry of the first state constraint: after those of the invariants
    /// and of their conjuncts.
    pub constraint_memo_base: usize,
    pub property_invariants: Vec<PropertyInvariant>,
    /// State predicates among the conjuncts of properties: checked on initial states only.
    pub implied_inits: Vec<PropertyInvariant>,
    pub implied_actions: Vec<ImpliedAction>,
    pub constraints: Vec<NamedDefinition>,
    pub action_constraints: Vec<NamedDefinition>,
    pub view: Option<DefId>,
    pub symmetry: Option<DefId>,
    /// The permutations of the `SYMMETRY` set, evaluated once.
    pub permutations: crate::symmetry::SymmetryGroup,
    /// Where the operands of the `SYMMETRY` definition are that TLC takes for sets of fewer
    /// than two elements (see `symmetry::setup`); the caller prints TLC's warning about them.
    pub symmetry_too_small: Vec<tla_eval::Location>,
    /// The variables (indices into a state) in the order TLC lists them (SANY's order); the
    /// caller sets it, declaration order by default. Symmetry compares states in this order.
    pub variable_order: Vec<usize>,
    pub alias: Option<DefId>,
    pub postcondition: Option<NamedDefinition>,
    pub check_deadlock: bool,
    /// Properties that need the liveness checker (not checked by this version).
    pub temporal_properties: Vec<String>,
    /// The temporal formulas to check, each under its property's name: the conjuncts of the
    /// `PROPERTY` definitions that are neither invariants nor implied actions.
    pub liveness_properties: Vec<(String, &'static Expr)>,
    /// The conjuncts of the `SPECIFICATION` that are neither its initial predicate nor its
    /// `[][N]_v`: fairness conditions (`WF_v(A)`, `SF_v(A)`, or any other temporal formula).
    pub fairness: Vec<&'static Expr>,
    /// Whether fairness conditions appear in the specification.
    pub has_fairness: bool,
}

/// Why a model could not be built: TLC's message and exit code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelError {
    pub message: String,
    pub exit_code: i32,
}

impl ModelError {
    fn config(message: impl Into<String>) -> ModelError {
        ModelError { message: message.into(), exit_code: 151 }
    }
}

/// Interns the names a cfg file mentions, in the order TLC meets them (TLC reads the cfg file
/// before the spec, so these get the first ranks).
pub fn intern_config_names(config: &ModelConfig, interner: &Interner) {
    fn visit(value: &CfgValue, interner: &Interner) {
        match &value.kind {
            CfgValueKind::ModelValue(name) | CfgValueKind::String(name) => {
                interner.intern(name);
            }
            CfgValueKind::Set(items) => items.iter().for_each(|item| visit(item, interner)),
            CfgValueKind::Integer(_) | CfgValueKind::Boolean(_) => {}
        }
    }
    for assignment in config.assignments() {
        interner.intern(&assignment.name.name);
        visit(&assignment.value, interner);
    }
}

/// The value a cfg file writes.
pub fn config_value(value: &CfgValue, interner: &Interner) -> Value {
    match &value.kind {
        CfgValueKind::Integer(n) => Value::Int(i64::from(*n)),
        CfgValueKind::String(text) => Value::Str(interner.intern(text)),
        CfgValueKind::Boolean(b) => Value::Bool(*b),
        CfgValueKind::ModelValue(name) => Value::ModelValue(interner.intern(name)),
        CfgValueKind::Set(items) => Value::set_from_unnormalized(
            items.iter().map(|item| config_value(item, interner)).collect(),
        ),
    }
}

/// Builds the model of `hir` described by `config` (already validated against the spec).
pub fn build_model(
    hir: Hir,
    config: &ModelConfig,
    interner: Interner,
    settings: EvalSettings,
    deadlock_flag_off: bool,
) -> Result<Model, ModelError> {
    let definition_named = |name: &str| -> Option<DefId> {
        match hir.root_entity(name) {
            Some(Entity::Definition(def)) => Some(def),
            _ => None,
        }
    };
    let mut constants = vec![ConstantBinding::Unset; hir.constants.len()];
    let mut overrides = Vec::new();
    let mut fixed_values = Vec::new();
    for assignment in config.assignments() {
        if !assignment.arguments.is_empty() {
            continue;
        }
        let value = config_value(&assignment.value, &interner);
        match hir.root_entity(&assignment.name.name) {
            Some(Entity::Constant(constant)) => {
                constants[constant as usize] = ConstantBinding::Value(value)
            }
            Some(Entity::Definition(def)) => fixed_values.push((def, value)),
            _ => {}
        }
    }
    for substitution in config.substitutions() {
        let Some(replacement) = definition_named(&substitution.definition.name) else {
            return Err(ModelError::config(format!(
                "The configuration file substitutes for {} with the undefined identifier {}.",
                substitution.name.name, substitution.definition.name
            )));
        };
        match hir.root_entity(&substitution.name.name) {
            Some(Entity::Constant(constant)) => {
                constants[constant as usize] = ConstantBinding::Definition(replacement)
            }
            Some(Entity::Definition(def)) => overrides.push((def, replacement)),
            _ => {}
        }
    }
    for entry in &config.constants {
        if let tla_cfg::ConstantEntry::Assignment(assignment) = entry {
            if let (Some(module), true) = (&assignment.module, assignment.arguments.is_empty()) {
                for def in definitions_written_in(&hir, &module.name, &assignment.name.name) {
                    fixed_values.push((def, config_value(&assignment.value, &interner)));
                }
            }
        }
        if let tla_cfg::ConstantEntry::Substitution(substitution) = entry {
            if let Some(module) = &substitution.module {
                let replacement = hir
                    .module_definition(&module.name, &substitution.definition.name)
                    .or_else(|| definition_named(&substitution.definition.name));
                let mut targets =
                    definitions_written_in(&hir, &module.name, &substitution.name.name);
                targets.extend(hir.module_definition(&module.name, &substitution.name.name));
                if let Some(replacement) = replacement {
                    overrides.extend(targets.into_iter().map(|target| (target, replacement)));
                }
            }
        }
    }
    let evaluator = Evaluator::new(hir, interner, constants, overrides, fixed_values, settings);
    let hir = evaluator.hir();
    let lookup = |entry: &tla_cfg::NamedEntry, what: &str| -> Result<DefId, ModelError> {
        match hir.root_entity(&entry.name.name) {
            Some(Entity::Definition(def)) => Ok(def),
            _ => Err(ModelError::config(format!(
                "The {what} {} specified in the configuration file is not defined in the specification.",
                entry.name.name
            ))),
        }
    };
    let named =
        |entries: &[tla_cfg::NamedEntry], what: &str| -> Result<Vec<NamedDefinition>, ModelError> {
            entries
                .iter()
                .map(|entry| {
                    Ok(NamedDefinition { name: entry.name.name.clone(), def: lookup(entry, what)? })
                })
                .collect()
        };

    let mut init = Vec::new();
    let mut next = None;
    let mut has_fairness = false;
    let mut temporal_properties = Vec::new();
    let mut liveness_properties = Vec::new();
    let mut fairness = Vec::new();
    if let Some(entry) = &config.specification {
        let def = lookup(entry, "specification")?;
        let mut conjuncts = Vec::new();
        collect_conjuncts(hir, body_of(hir, def), &mut conjuncts);
        for conjunct in conjuncts {
            if conjunct.level <= STATE_LEVEL {
                init.push(conjunct);
                continue;
            }
            match always_action(conjunct) {
                Some(action) if next.is_none() => {
                    next = Some(NextRelation::Expression {
                        expr: action,
                        name: next_name(hir, action),
                    });
                }
                // Fairness and other temporal conjuncts only matter to liveness checking.
                _ => {
                    has_fairness = true;
                    fairness.push(conjunct);
                }
            }
        }
    } else {
        if let Some(entry) = &config.init {
            let def = lookup(entry, "initial predicate")?;
            init.push(body_of(hir, def).ok_or_else(|| {
                ModelError::config(format!(
                    "The initial predicate {} is not a formula.",
                    entry.name.name
                ))
            })?);
        }
        if let Some(entry) = &config.next {
            next = Some(NextRelation::Definition(lookup(entry, "next-state relation")?));
        }
    }
    let next = match next {
        None if hir.variables.is_empty() => Some(NextRelation::Nothing),
        next => next,
    };
    let next = next.ok_or_else(|| {
        ModelError::config("The configuration file does not specify a next-state relation (NEXT or SPECIFICATION).")
    })?;

    let mut property_invariants = Vec::new();
    let mut implied_inits = Vec::new();
    let mut implied_actions = Vec::new();
    for entry in &config.properties {
        let def = lookup(entry, "property")?;
        let mut conjuncts = Vec::new();
        collect_conjuncts(hir, body_of(hir, def), &mut conjuncts);
        for conjunct in conjuncts {
            match &conjunct.kind {
                ExprKind::Builtin { op: BuiltinOp::Always, arguments } if arguments.len() == 1 => {
                    let inner = &arguments[0];
                    if inner.level <= STATE_LEVEL {
                        property_invariants.push(PropertyInvariant {
                            name: entry.name.name.clone(),
                            predicate: inner,
                        });
                        continue;
                    }
                    if matches!(inner.kind, ExprKind::BoxAction { .. })
                        && inner.level < TEMPORAL_LEVEL
                    {
                        implied_actions
                            .push(ImpliedAction { name: entry.name.name.clone(), action: inner });
                        continue;
                    }
                    temporal_properties.push(entry.name.name.clone());
                    liveness_properties.push((entry.name.name.clone(), conjunct));
                }
                _ if conjunct.level <= STATE_LEVEL => {
                    // A state predicate as a property constrains the initial states only.
                    implied_inits.push(PropertyInvariant {
                        name: entry.name.name.clone(),
                        predicate: conjunct,
                    });
                }
                _ => {
                    temporal_properties.push(entry.name.name.clone());
                    liveness_properties.push((entry.name.name.clone(), conjunct));
                }
            }
        }
    }
    temporal_properties.dedup();

    let symmetry = config.symmetry.as_ref().map(|entry| lookup(entry, "symmetry")).transpose()?;
    let setup = match symmetry {
        Some(def) => {
            let worker = tla_eval::WorkerContext::new(0, 0);
            let ctx = tla_eval::Ctx::constant(&worker);
            let value = evaluator.eval_definition(def, &ctx).map_err(|failure| ModelError {
                message: failure.error.into_details().message,
                exit_code: 255,
            })?;
            let operands = match &hir.definition(evaluator.resolve_definition(def)).body {
                Body::Expression(body) => {
                    crate::symmetry::setup::operands_of(body, &evaluator, &ctx)
                }
                _ => Vec::new(),
            };
            crate::symmetry::setup::symmetry_setup(&value, &operands)
                .map_err(|message| ModelError { message, exit_code: 255 })?
        }
        None => crate::symmetry::setup::SymmetrySetup {
            group: crate::symmetry::SymmetryGroup::default(),
            too_small: Vec::new(),
        },
    };
    let invariants = named(&config.invariants, "invariant")?;
    let invariant_reads = invariants
        .iter()
        .map(|invariant| tla_eval::predicate_memo::variables_read(&evaluator, invariant.def))
        .collect();
    let invariant_conjuncts: Vec<_> = invariants
        .iter()
        .map(|invariant| tla_eval::predicate_memo::conjuncts_read(&evaluator, invariant.def))
        .collect();
    let constraint_memo_base =
        invariants.len() + invariant_conjuncts.iter().flatten().map(Vec::len).sum::<usize>();
    let constraints = named(&config.constraints, "constraint")?;
    let constraint_reads = constraints
        .iter()
        .map(|constraint| tla_eval::predicate_memo::variables_read(&evaluator, constraint.def))
        .collect();
    Ok(Model {
        init_name: config
            .specification
            .is_none()
            .then(|| config.init.as_ref().map(|entry| entry.name.name.clone()))
            .flatten(),
        init,
        next,
        invariants,
        invariant_reads,
        invariant_conjuncts,
        constraint_reads,
        constraint_memo_base,
        property_invariants,
        implied_inits,
        implied_actions,
        constraints,
        action_constraints: named(&config.action_constraints, "action constraint")?,
        view: config.view.as_ref().map(|entry| lookup(entry, "view")).transpose()?,
        symmetry,
        permutations: setup.group,
        symmetry_too_small: setup.too_small,
        variable_order: (0..hir.variables.len()).collect(),
        alias: config.alias.as_ref().map(|entry| lookup(entry, "alias")).transpose()?,
        postcondition: config
            .postcondition
            .as_ref()
            .map(|entry| {
                Ok(NamedDefinition {
                    name: entry.name.name.clone(),
                    def: lookup(entry, "postcondition")?,
                })
            })
            .transpose()?,
        check_deadlock: config.check_deadlock() && !deadlock_flag_off,
        temporal_properties,
        liveness_properties,
        fairness,
        has_fairness,
        evaluator,
    })
}

/// Every copy of definition `name` written in module `module` (one per instance of it), for
/// cfg lines qualified with `[module]`, which TLC applies to the definition wherever it is used.
fn definitions_written_in(hir: &Hir, module: &str, name: &str) -> Vec<DefId> {
    hir.definitions
        .iter()
        .enumerate()
        .filter(|(_, definition)| {
            !definition.local
                && definition.name == name
                && hir
                    .modules
                    .get(definition.module as usize)
                    .is_some_and(|info| info.name == module)
        })
        .map(|(def, _)| def as DefId)
        .collect()
}

fn body_of(hir: &'static Hir, def: DefId) -> Option<&'static Expr> {
    match &hir.definitions.get(def as usize)?.body {
        Body::Expression(body) if hir.definitions[def as usize].parameters.is_empty() => Some(body),
        _ => None,
    }
}

/// The conjuncts of a formula, through conjunction lists and zero-argument definitions.
fn collect_conjuncts(hir: &'static Hir, expr: Option<&'static Expr>, out: &mut Vec<&'static Expr>) {
    let Some(expr) = expr else { return };
    match &expr.kind {
        ExprKind::Junction { conjunction: true, items } => {
            items.iter().for_each(|item| collect_conjuncts(hir, Some(item), out))
        }
        ExprKind::Builtin { op: BuiltinOp::And, arguments } => {
            arguments.iter().for_each(|item| collect_conjuncts(hir, Some(item), out))
        }
        ExprKind::Label { body, .. } => collect_conjuncts(hir, Some(body), out),
        ExprKind::Call { def, arguments } if arguments.is_empty() && expr.level > STATE_LEVEL => {
            collect_conjuncts(hir, body_of(hir, *def), out)
        }
        _ => out.push(expr),
    }
}

/// `N` of `[][N]_v`.
fn always_action(expr: &'static Expr) -> Option<&'static Expr> {
    let ExprKind::Builtin { op: BuiltinOp::Always, arguments } = &expr.kind else { return None };
    match &arguments.first()?.kind {
        ExprKind::BoxAction { action, .. } => Some(action),
        _ => None,
    }
}

fn next_name(hir: &Hir, action: &Expr) -> String {
    match &action.kind {
        ExprKind::Call { def, .. } => hir.definition(*def).name.clone(),
        _ => "Next".to_string(),
    }
}

/// Keeps `Arc` in scope for callers that share the model across threads.
pub type SharedModel = Arc<Model>;
