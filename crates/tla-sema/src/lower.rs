//! Lowering an analysed specification to its resolved representation ([`crate::hir`]).
//!
//! The evaluator cannot work on names: it needs to know, for every name, which definition,
//! constant, variable or binding it denotes, with SANY's scoping rules already applied. This
//! module walks the modules of a specification in the root module's context and builds the
//! [`Hir`]: the root module and its `EXTENDS` closure share one namespace (their constants and
//! variables are the specification's), and every `INSTANCE` lowers the instantiated module's
//! definitions once more, with its substitutions in place of the module's constants and
//! variables. Modules whose `EXTENDS` closure declares nothing (the standard modules) mean the
//! same in every context, so they are lowered once.
//!
//! Instance parameters: a definition lowered through instances takes, first, every binding in
//! scope where the instance was written (the parameters of enclosing instances, or, for an
//! `INSTANCE` inside a `LET`, the bindings at the `LET`; they are nameless), then the instance's
//! own parameters. Named `ASSUME`s and `THEOREM`s are zero-arity definitions, because
//! expressions may use their names.
//!
//! Expressions are lowered in `lower_expr.rs`, names and calls in `lower_names.rs`, and
//! `lower_levels.rs` fixes levels after RECURSIVE operators were called before their
//! definition; this file deals with modules, instances and definitions, and keeps the tables of
//! what each name denotes.

use crate::hir::{
    Assumption, Body, ConstId, Declared, DefId, Definition, Entity, Expr, ExprKind, Hir, Level,
    ModuleId, ModuleInfo, Parameter, VarId,
};
use crate::loader::Specification;
use crate::lower_expr::BodyContext;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;
use tla_diagnostics::Span;
use tla_syntax::ast::{self, DeclarationShape, DefinitionKind, Unit};

/// Why a specification could not be lowered (it should have been rejected by analysis).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LowerError {
    pub message: String,
}

impl LowerError {
    pub(crate) fn new(message: impl Into<String>) -> LowerError {
        LowerError { message: message.into() }
    }
}

/// Lowers `spec`, whose root is `spec.files[0]` and which analysed without errors. `is_native`
/// says whether operator `name` of module `module` is implemented by the evaluator.
pub fn lower(
    spec: &Specification,
    is_native: &dyn Fn(&str, &str) -> bool,
) -> Result<Hir, LowerError> {
    let root = spec
        .files
        .first()
        .and_then(|file| file.module())
        .ok_or_else(|| LowerError::new("the specification has no root module"))?;
    let mut lowerer = ModuleLowerer::new(spec, is_native);
    let root_context = Rc::new(InstantiationContext {
        id: ROOT_CONTEXT,
        instance_parameters: Vec::new(),
        substitutions: HashMap::new(),
        root: true,
    });
    let root_reference = ModuleReference { module: root, file: 0, parent: None, top_level: true };
    let lowered = lowerer.instantiate(&root_reference, root_context)?;
    let mut root_scope = Vec::new();
    for name in &lowered.all.order {
        let entity = match lowered.all.entries.get(name) {
            Some(NamedEntity::Definition { def, .. }) => Entity::Definition(*def),
            Some(NamedEntity::Constant(constant)) => Entity::Constant(*constant),
            Some(NamedEntity::Variable(variable)) => Entity::Variable(*variable),
            _ => continue,
        };
        root_scope.push((name.clone(), entity));
    }
    lowerer.hir.root_scope = root_scope;
    if lowerer.forward_references {
        crate::lower_levels::recompute_levels(&mut lowerer.hir);
    }
    Ok(lowerer.hir)
}

const ROOT_CONTEXT: usize = 0;
/// The body of a definition whose id is given out before its body is lowered.
const NOT_LOWERED_YET: &str = "a definition not lowered yet";
/// The context of modules that declare nothing: they mean the same everywhere.
const SHARED_CONTEXT: usize = 1;

/// A module to lower: a top-level module of a file, or a nested module with the scope of the
/// module around it.
#[derive(Clone)]
pub(crate) struct ModuleReference<'a> {
    pub(crate) module: &'a ast::Module,
    pub(crate) file: usize,
    /// For a nested module: the names of the enclosing module where it is written.
    pub(crate) parent: Option<Rc<NameTable<'a>>>,
    pub(crate) top_level: bool,
}

/// What a module-level name denotes in one instantiation of a module.
#[derive(Clone)]
pub(crate) enum NamedEntity<'a> {
    /// A definition whose first `inherited` parameters are the parameters of the instances it
    /// was lowered through.
    Definition {
        def: DefId,
        inherited: usize,
    },
    Constant(ConstId),
    Variable(VarId),
    /// A constant or variable of an instantiated module: what the instance substitutes.
    Substituted(Rc<Substitute>),
    /// A named instance `I(p) == INSTANCE M`.
    Instance(Rc<InstanceInfo<'a>>),
    /// A nested module (stored under `module Name`).
    Module(Rc<ModuleReference<'a>>),
}

/// The expression an instance substitutes for a constant or variable, lowered in the
/// instantiating scope with `depth` bindings (the instance parameters); an operator substitute
/// is an [`ExprKind::Operator`].
pub(crate) struct Substitute {
    pub(crate) expr: Expr,
    pub(crate) depth: u32,
}

pub(crate) struct InstanceInfo<'a> {
    /// The arities of the instance's own parameters.
    pub(crate) parameter_arities: Vec<usize>,
    /// How many bindings were in scope where the instance is written (they lead the
    /// parameters of its definitions).
    pub(crate) base: usize,
    /// The names the instantiated module exports.
    pub(crate) names: Rc<NameTable<'a>>,
}

/// Names in insertion order, with an optional enclosing table (for nested modules).
#[derive(Clone, Default)]
pub(crate) struct NameTable<'a> {
    pub(crate) entries: HashMap<String, NamedEntity<'a>>,
    pub(crate) order: Vec<String>,
    pub(crate) parent: Option<Rc<NameTable<'a>>>,
}

impl<'a> NameTable<'a> {
    /// Adds `name` unless it is already there (the same symbol reached twice through EXTENDS).
    fn insert(&mut self, name: &str, entity: NamedEntity<'a>) {
        if !self.entries.contains_key(name) {
            self.entries.insert(name.to_string(), entity);
            self.order.push(name.to_string());
        }
    }

    /// What `name` denotes here or in an enclosing module.
    pub(crate) fn lookup(&self, name: &str) -> Option<&NamedEntity<'a>> {
        let mut table = self;
        loop {
            if let Some(found) = table.entries.get(name) {
                return Some(found);
            }
            table = table.parent.as_deref()?;
        }
    }
}

/// One way of lowering modules: the instance parameters every definition takes first, and what
/// the constants and variables of the instantiated module become.
pub(crate) struct InstantiationContext {
    id: usize,
    pub(crate) instance_parameters: Vec<Parameter>,
    substitutions: HashMap<String, Rc<Substitute>>,
    /// The root's context: constants and variables are the specification's own.
    root: bool,
}

/// A module lowered in one context: everything visible inside it, and what it exports.
#[derive(Clone)]
struct LoweredModule<'a> {
    all: Rc<NameTable<'a>>,
    exported: Rc<NameTable<'a>>,
}

pub(crate) struct ModuleLowerer<'a> {
    pub(crate) spec: &'a Specification,
    is_native: &'a dyn Fn(&str, &str) -> bool,
    pub(crate) hir: Hir,
    module_ids: HashMap<(usize, u32), ModuleId>,
    lowered: HashMap<(usize, u32, usize), LoweredModule<'a>>,
    in_progress: HashSet<(usize, u32, usize)>,
    declares_nothing: HashMap<String, bool>,
    shared_context: Rc<InstantiationContext>,
    next_context: usize,
    /// Whether a level was taken from a definition not lowered yet.
    forward_references: bool,
}

impl<'a> ModuleLowerer<'a> {
    fn new(spec: &'a Specification, is_native: &'a dyn Fn(&str, &str) -> bool) -> Self {
        ModuleLowerer {
            spec,
            is_native,
            hir: Hir::default(),
            module_ids: HashMap::new(),
            lowered: HashMap::new(),
            in_progress: HashSet::new(),
            declares_nothing: HashMap::new(),
            shared_context: Rc::new(InstantiationContext {
                id: SHARED_CONTEXT,
                instance_parameters: Vec::new(),
                substitutions: HashMap::new(),
                root: false,
            }),
            next_context: SHARED_CONTEXT + 1,
            forward_references: false,
        }
    }

    fn module_id(&mut self, reference: &ModuleReference<'a>) -> ModuleId {
        let key = (reference.file, reference.module.span.start);
        if let Some(&id) = self.module_ids.get(&key) {
            return id;
        }
        let id = self.hir.modules.len() as ModuleId;
        self.hir
            .modules
            .push(ModuleInfo { name: reference.module.name.text.clone(), file: reference.file });
        self.module_ids.insert(key, id);
        id
    }

    /// Finds module `name` as seen from `table`: a nested module in scope, or a file's module.
    fn find_module(
        &self,
        table: Option<&NameTable<'a>>,
        name: &str,
    ) -> Option<ModuleReference<'a>> {
        if let Some(NamedEntity::Module(found)) =
            table.and_then(|table| table.lookup(&format!("module {name}")))
        {
            return Some((**found).clone());
        }
        let spec: &'a Specification = self.spec;
        spec.files.iter().enumerate().find_map(|(file, loaded)| {
            let module = loaded.module()?;
            (module.name.text == name).then_some(ModuleReference {
                module,
                file,
                parent: None,
                top_level: true,
            })
        })
    }

    /// Whether a top-level module and its EXTENDS closure declare no constant or variable.
    fn declares_nothing(&mut self, reference: &ModuleReference<'a>) -> bool {
        if !reference.top_level {
            return false;
        }
        let name = reference.module.name.text.clone();
        if let Some(&known) = self.declares_nothing.get(&name) {
            return known;
        }
        self.declares_nothing.insert(name.clone(), false);
        let mut result = !reference
            .module
            .units
            .iter()
            .any(|unit| matches!(unit, Unit::Constants(_) | Unit::Variables(_)));
        for extended in &reference.module.extends {
            if !result {
                break;
            }
            result = match self.find_module(None, &extended.text) {
                Some(found) => self.declares_nothing(&found),
                None => false,
            };
        }
        self.declares_nothing.insert(name, result);
        result
    }

    /// The constants (with their arities) and variables (arity 0) an instance of the module
    /// substitutes: those of its EXTENDS closure.
    fn closure_parameters(
        &self,
        reference: &ModuleReference<'a>,
        out: &mut Vec<(String, usize)>,
        depth: usize,
    ) -> Result<(), LowerError> {
        if depth > 200 {
            return Err(LowerError::new("EXTENDS nests too deeply"));
        }
        for extended in &reference.module.extends {
            let found = self
                .find_module(reference.parent.as_deref(), &extended.text)
                .ok_or_else(|| LowerError::new(format!("module {} not found", extended.text)))?;
            self.closure_parameters(&found, out, depth + 1)?;
        }
        for unit in &reference.module.units {
            let declared: Vec<(String, usize)> = match unit {
                Unit::Constants(declarations) => declarations
                    .iter()
                    .map(|declaration| {
                        (canonical(&declaration.name.text), shape_arity(&declaration.shape))
                    })
                    .collect(),
                Unit::Variables(names) => names.iter().map(|name| (name.text.clone(), 0)).collect(),
                _ => continue,
            };
            for entry in declared {
                if !out.iter().any(|(name, _)| *name == entry.0) {
                    out.push(entry);
                }
            }
        }
        Ok(())
    }

    /// Lowers `reference` in `context` (once per context) and returns its names.
    fn instantiate(
        &mut self,
        reference: &ModuleReference<'a>,
        context: Rc<InstantiationContext>,
    ) -> Result<LoweredModule<'a>, LowerError> {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.instantiate_inner(reference, context))
    }

    fn instantiate_inner(
        &mut self,
        reference: &ModuleReference<'a>,
        context: Rc<InstantiationContext>,
    ) -> Result<LoweredModule<'a>, LowerError> {
        let key = (reference.file, reference.module.span.start, context.id);
        if let Some(found) = self.lowered.get(&key) {
            return Ok(found.clone());
        }
        if !self.in_progress.insert(key) {
            return Err(LowerError::new(format!(
                "module {} depends on itself",
                reference.module.name.text
            )));
        }
        let module = reference.module;
        let module_id = self.module_id(reference);
        let mut all = NameTable { parent: reference.parent.clone(), ..NameTable::default() };
        let mut exported = NameTable::default();
        for extended in &module.extends {
            let found = self
                .find_module(Some(&all), &extended.text)
                .ok_or_else(|| LowerError::new(format!("module {} not found", extended.text)))?;
            let extended_context = if self.declares_nothing(&found) {
                self.shared_context.clone()
            } else {
                context.clone()
            };
            let lowered = self.instantiate(&found, extended_context)?;
            for name in &lowered.exported.order {
                if let Some(entity) = lowered.exported.entries.get(name) {
                    all.insert(name, entity.clone());
                    exported.insert(name, entity.clone());
                }
            }
        }
        // Definitions get their ids first, so RECURSIVE operators can be called before theirs.
        let inherited = context.instance_parameters.len();
        let mut own_definitions = Vec::new();
        let mut definition_ids = HashMap::new();
        for (index, unit) in module.units.iter().enumerate() {
            // Named ASSUMEs and THEOREMs may be used as expressions: zero-arity definitions.
            let (name, span, parameters, local, statement) = match unit {
                Unit::Definition(definition) => {
                    let parameters = match &definition.kind {
                        DefinitionKind::Operator { parameters, .. } => {
                            declared_parameters(parameters)
                        }
                        DefinitionKind::Function { .. } => Vec::new(),
                        DefinitionKind::Instance { .. } => continue,
                    };
                    (&definition.name, definition.span, parameters, definition.local, false)
                }
                Unit::Assume(ast::Assume { name: Some(name), span, .. })
                | Unit::Theorem(ast::Theorem { name: Some(name), span, .. }) => {
                    (name, *span, Vec::new(), false, true)
                }
                _ => continue,
            };
            let name = canonical(&name.text);
            let mut all_parameters = context.instance_parameters.clone();
            all_parameters.extend(parameters);
            let def = self.allocate_definition(Definition {
                name: name.clone(),
                module: module_id,
                span,
                parameters: all_parameters,
                instance_parameters: inherited,
                body: Body::Expression(unsupported(NOT_LOWERED_YET, span, module_id)),
                level: 0,
                local: false,
            });
            let entity = NamedEntity::Definition { def, inherited };
            all.insert(&name, entity.clone());
            if !local {
                exported.insert(&name, entity);
            }
            if !statement {
                own_definitions.push((name, def));
            }
            definition_ids.insert(index, def);
        }
        for (index, unit) in module.units.iter().enumerate() {
            match unit {
                Unit::Constants(declarations) => {
                    for declaration in declarations {
                        let name = canonical(&declaration.name.text);
                        let entity = if context.root {
                            let constant = self.hir.constants.len() as ConstId;
                            self.hir.constants.push(Declared {
                                name: name.clone(),
                                arity: shape_arity(&declaration.shape),
                                module: module_id,
                                span: declaration.name.span,
                            });
                            NamedEntity::Constant(constant)
                        } else {
                            self.substituted(&context, &name)?
                        };
                        all.insert(&name, entity.clone());
                        exported.insert(&name, entity);
                    }
                }
                Unit::Variables(names) => {
                    for declared in names {
                        let entity = if context.root {
                            let variable = self.hir.variables.len() as VarId;
                            self.hir.variables.push(Declared {
                                name: declared.text.clone(),
                                arity: 0,
                                module: module_id,
                                span: declared.span,
                            });
                            NamedEntity::Variable(variable)
                        } else {
                            self.substituted(&context, &declared.text)?
                        };
                        all.insert(&declared.text, entity.clone());
                        exported.insert(&declared.text, entity);
                    }
                }
                Unit::Definition(definition) => match &definition.kind {
                    DefinitionKind::Instance { parameters, instance } => {
                        let info = {
                            let mut scope =
                                BodyContext::new(&all, module_id, &context.instance_parameters);
                            self.named_instance(&mut scope, parameters, instance)?
                        };
                        let name = canonical(&definition.name.text);
                        let entity = NamedEntity::Instance(Rc::new(info));
                        all.insert(&name, entity.clone());
                        if !definition.local {
                            exported.insert(&name, entity);
                        }
                    }
                    _ => {
                        let def = definition_ids
                            .get(&index)
                            .copied()
                            .ok_or_else(|| LowerError::new("a definition lost its id"))?;
                        self.lower_module_definition(
                            &all, &context, module_id, module, definition, def,
                        )?;
                    }
                },
                Unit::Instance(instance) => {
                    let lowered = {
                        let mut scope =
                            BodyContext::new(&all, module_id, &context.instance_parameters);
                        self.instance(&mut scope, &[], instance)?
                    };
                    for name in &lowered.order {
                        if let Some(entity) = lowered.entries.get(name) {
                            all.insert(name, entity.clone());
                            if !instance.local {
                                exported.insert(name, entity.clone());
                            }
                        }
                    }
                }
                Unit::Assume(assume) => {
                    let mut body_context =
                        BodyContext::new(&all, module_id, &context.instance_parameters);
                    if let Some(&def) = definition_ids.get(&index) {
                        let body = self.expression(&mut body_context, &assume.body)?;
                        self.set_definition_body(def, body);
                    }
                    if context.root {
                        // Lowered again rather than copied: copying a deep tree recurses.
                        let body = self.expression(&mut body_context, &assume.body)?;
                        self.hir.assumptions.push(Assumption {
                            name: assume.name.as_ref().map(|name| name.text.clone()),
                            body,
                        });
                    }
                }
                Unit::Theorem(theorem) => {
                    let Some(&def) = definition_ids.get(&index) else { continue };
                    let mut body_context =
                        BodyContext::new(&all, module_id, &context.instance_parameters);
                    // A theorem that cannot be lowered only matters if an expression uses it.
                    let body =
                        self.expression(&mut body_context, &theorem.body).unwrap_or_else(|error| {
                            unsupported(&error.message, theorem.span, module_id)
                        });
                    self.set_definition_body(def, body);
                }
                Unit::Module(inner) => {
                    let nested = ModuleReference {
                        module: inner,
                        file: reference.file,
                        parent: Some(Rc::new(all.clone())),
                        top_level: false,
                    };
                    all.insert(
                        &format!("module {}", inner.name.text),
                        NamedEntity::Module(Rc::new(nested)),
                    );
                }
                _ => {}
            }
        }
        if context.root || context.id == SHARED_CONTEXT {
            let name = &module.name.text;
            if !self.hir.module_scopes.iter().any(|(entry, _)| entry == name) {
                // Everything the module sees, as TLC resolves `[M]` cfg lines in M's context:
                // its own definitions first, then those it extends or instantiates.
                let mut visible = own_definitions;
                for entry in &all.order {
                    if let Some(NamedEntity::Definition { def, inherited: 0 }) =
                        all.entries.get(entry)
                    {
                        if !visible.iter().any(|(known, _)| known == entry) {
                            visible.push((entry.clone(), *def));
                        }
                    }
                }
                self.hir.module_scopes.push((name.clone(), visible));
            }
        }
        let lowered = LoweredModule { all: Rc::new(all), exported: Rc::new(exported) };
        self.in_progress.remove(&key);
        self.lowered.insert(key, lowered.clone());
        Ok(lowered)
    }

    fn substituted(
        &self,
        context: &InstantiationContext,
        name: &str,
    ) -> Result<NamedEntity<'a>, LowerError> {
        context
            .substitutions
            .get(name)
            .map(|substitute| NamedEntity::Substituted(substitute.clone()))
            .ok_or_else(|| LowerError::new(format!("no substitution for {name}")))
    }

    fn set_definition_body(&mut self, def: DefId, body: Expr) {
        let entry = &mut self.hir.definitions[def as usize];
        entry.level = body.level;
        entry.body = Body::Expression(body);
    }

    /// The level of `def` as far as known; a definition not lowered yet (a RECURSIVE one
    /// called before its definition) counts 0 for now, and the levels are recomputed at the end.
    pub(crate) fn definition_level(&mut self, def: DefId) -> Level {
        let definition = self.hir.definition(def);
        if matches!(&definition.body, Body::Expression(Expr { kind: ExprKind::Unsupported { what }, .. }) if what == NOT_LOWERED_YET)
        {
            self.forward_references = true;
        }
        definition.level
    }

    pub(crate) fn allocate_definition(&mut self, definition: Definition) -> DefId {
        self.hir.definitions.push(definition);
        (self.hir.definitions.len() - 1) as DefId
    }

    fn lower_module_definition(
        &mut self,
        table: &NameTable<'a>,
        context: &InstantiationContext,
        module_id: ModuleId,
        module: &ast::Module,
        definition: &ast::Definition,
        def: DefId,
    ) -> Result<(), LowerError> {
        let name = canonical(&definition.name.text);
        let (body, level) = if (self.is_native)(&module.name.text, &name) {
            (Body::Native { module: module.name.text.clone(), name: name.clone() }, 0)
        } else {
            let mut body_context = BodyContext::new(table, module_id, &context.instance_parameters);
            match &definition.kind {
                DefinitionKind::Operator { parameters, body, .. } => {
                    for parameter in parameters {
                        body_context.push_binding(
                            &canonical(&parameter.name.text),
                            shape_arity(&parameter.shape),
                        );
                    }
                    let body = self.expression(&mut body_context, body)?;
                    let level = body.level;
                    (Body::Expression(body), level)
                }
                DefinitionKind::Function { bounds, body } => {
                    let (bounds, bounds_level) = self.bounds(&mut body_context, bounds)?;
                    let body = self.expression(&mut body_context, body)?;
                    let level = body.level.max(bounds_level);
                    (Body::Function { bounds, body }, level)
                }
                DefinitionKind::Instance { .. } => return Ok(()),
            }
        };
        let entry = &mut self.hir.definitions[def as usize];
        entry.body = body;
        entry.level = level;
        Ok(())
    }

    /// `I(p) == INSTANCE M WITH ...` written where `context` is the scope: M lowered with the
    /// bindings in scope and `p` as further instance parameters.
    pub(crate) fn named_instance(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        parameters: &[ast::Declaration],
        instance: &ast::Instance,
    ) -> Result<InstanceInfo<'a>, LowerError> {
        let base = context.depth as usize;
        let names = self.instance(context, parameters, instance)?;
        Ok(InstanceInfo {
            parameter_arities: parameters
                .iter()
                .map(|parameter| shape_arity(&parameter.shape))
                .collect(),
            base,
            names,
        })
    }

    /// Lowers the module of `instance` with its substitutions, written in `context`; returns
    /// what it exports. Every binding in scope becomes a leading instance parameter.
    fn instance(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        parameters: &[ast::Declaration],
        instance: &ast::Instance,
    ) -> Result<Rc<NameTable<'a>>, LowerError> {
        let found = self
            .find_module(Some(context.table), &instance.module.text)
            .ok_or_else(|| LowerError::new(format!("module {} not found", instance.module.text)))?;
        if self.declares_nothing(&found) {
            let shared = self.shared_context.clone();
            return Ok(self.instantiate(&found, shared)?.exported);
        }
        let mut instance_parameters = context.binding_parameters();
        instance_parameters.extend(declared_parameters(parameters));
        let mark = context.mark();
        for parameter in parameters {
            context.push_binding(&canonical(&parameter.name.text), shape_arity(&parameter.shape));
        }
        let substitutions = self.substitutions(context, &found, instance);
        context.restore(mark);
        let id = self.next_context;
        self.next_context += 1;
        let new_context = Rc::new(InstantiationContext {
            id,
            instance_parameters,
            substitutions: substitutions?,
            root: false,
        });
        Ok(self.instantiate(&found, new_context)?.exported)
    }

    /// What an instance substitutes for each constant and variable of `found`: the explicit
    /// substitution, or the same name in the instantiating scope.
    fn substitutions(
        &mut self,
        context: &mut BodyContext<'_, 'a>,
        found: &ModuleReference<'a>,
        instance: &ast::Instance,
    ) -> Result<HashMap<String, Rc<Substitute>>, LowerError> {
        let depth = context.depth;
        let mut targets = Vec::new();
        self.closure_parameters(found, &mut targets, 0)?;
        let mut substitutions = HashMap::new();
        for (target, arity) in targets {
            let explicit = instance
                .substitutions
                .iter()
                .find(|substitution| canonical(&substitution.target.text) == target);
            let expr = match explicit {
                Some(substitution) if arity > 0 => {
                    self.operator_argument(context, &substitution.value, arity)?
                }
                Some(substitution) => self.expression(context, &substitution.value)?,
                None => {
                    let name = implicit_name(&target, instance.span);
                    if arity > 0 {
                        self.operator_argument(context, &name, arity)?
                    } else {
                        self.expression(context, &name)?
                    }
                }
            };
            substitutions.insert(target, Rc::new(Substitute { expr, depth }));
        }
        Ok(substitutions)
    }

    /// Pushes a local definition (`LET`, `LAMBDA`) and returns its id.
    pub(crate) fn local_definition_entry(
        &mut self,
        name: &str,
        module: ModuleId,
        span: Span,
        parameters: Vec<Parameter>,
    ) -> DefId {
        self.allocate_definition(Definition {
            name: name.to_string(),
            module,
            span,
            parameters,
            instance_parameters: 0,
            body: Body::Expression(unsupported(NOT_LOWERED_YET, span, module)),
            level: 0,
            local: true,
        })
    }
}

/// The expression `name` standing for an implicit substitution `name <- name`.
fn implicit_name(name: &str, span: Span) -> ast::Expr {
    ast::Expr::new(
        ast::ExprKind::Name(vec![ast::NameSegment {
            selector: ast::Selector::Name(name.to_string()),
            arguments: Vec::new(),
            arguments_span: None,
            span,
        }]),
        span,
    )
}

pub(crate) fn unsupported(what: &str, span: Span, module: ModuleId) -> Expr {
    Expr {
        kind: ExprKind::Unsupported { what: what.to_string() },
        span,
        module,
        level: 0,
        slot: Default::default(),
    }
}

pub(crate) fn declared_parameters(parameters: &[ast::Declaration]) -> Vec<Parameter> {
    parameters
        .iter()
        .map(|parameter| Parameter {
            name: canonical(&parameter.name.text),
            arity: shape_arity(&parameter.shape),
        })
        .collect()
}

pub(crate) fn shape_arity(shape: &DeclarationShape) -> usize {
    match shape {
        DeclarationShape::Operator { arity } => *arity,
        DeclarationShape::Prefix | DeclarationShape::Postfix => 1,
        DeclarationShape::Infix => 2,
    }
}

/// SANY's canonical spelling of a name.
pub(crate) fn canonical(name: &str) -> String {
    tla_syntax::operators::canonical_name(name).to_string()
}
