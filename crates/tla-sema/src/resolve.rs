//! Name resolution over modules and their units, after SANY's `Generator`.
//!
//! Modules are analysed in dependency order. Each module starts from the built-in operators and
//! the symbols of the modules it extends; its declarations, definitions and instances are added in
//! order (TLA+ requires definition before use), with SANY's rules for conflicting names. What a
//! module exports (its non-`LOCAL` symbols) is kept for the modules that extend or instantiate it.
//! Expressions are resolved in `resolve_expr.rs`.

use crate::builtins::BUILTIN_OPERATORS;
use crate::codes;
use crate::loader::Specification;
use crate::scope::{AddOutcome, Context, FileId, Origin, Scopes, Symbol, SymbolId, SymbolKind};
use std::collections::HashMap;
use tla_diagnostics::{Diagnostic, DiagnosticCode, LineIndex, Span};
use tla_syntax::ast::{
    Declaration, DeclarationShape, Definition, DefinitionKind, Instance, Module, Name, Unit,
};

/// A semantic diagnostic and the file it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SemanticDiagnostic {
    pub file: FileId,
    pub diagnostic: Diagnostic,
}

/// The result of analysing a specification.
pub struct Analysis {
    pub diagnostics: Vec<SemanticDiagnostic>,
    /// Module names in the order they were analysed.
    pub analysed_modules: Vec<String>,
}

impl Analysis {
    pub fn has_errors(&self) -> bool {
        self.diagnostics.iter().any(|diagnostic| diagnostic.diagnostic.is_error())
    }
}

/// Analyses every module of `spec` (which must have loaded without errors).
pub fn analyze(spec: &Specification) -> Analysis {
    let mut analyzer = Analyzer::new(spec);
    let mut analysed_modules = Vec::new();
    for file in spec.dependency_order() {
        let Some(module) = spec.files[file].module() else { continue };
        analyzer.file = file;
        analyzer.analyze_top_module(module);
        analysed_modules.push(module.name.text.clone());
    }
    let mut diagnostics = analyzer.diagnostics;
    if !diagnostics.iter().any(|diagnostic| diagnostic.diagnostic.is_error()) {
        diagnostics.extend(analyzer.level_diagnostics);
    }
    Analysis { diagnostics, analysed_modules }
}

pub(crate) struct Analyzer<'a> {
    pub(crate) spec: &'a Specification,
    pub(crate) scopes: Scopes,
    /// Exported contexts of analysed modules, by module name.
    pub(crate) exports: HashMap<String, Context>,
    /// Constants and variables of analysed modules, by module name (what instances substitute).
    pub(crate) parameters: HashMap<String, Vec<SymbolId>>,
    pub(crate) diagnostics: Vec<SemanticDiagnostic>,
    /// Level errors, reported only when there is no other semantic error (as SANY does).
    pub(crate) level_diagnostics: Vec<SemanticDiagnostic>,
    pub(crate) file: FileId,
    /// The module whose units are being analysed (innermost, for nested modules).
    pub(crate) module_name: String,
    pub(crate) let_level: u32,
    /// Nesting of `EXCEPT` values, where `@` means the old value.
    pub(crate) except_depth: u32,
    /// Level constraints gathered while expressions are analysed (SANY's `LevelNode` sets).
    pub(crate) level_facts: crate::levels::LevelFacts,
    /// Labels being collected and ASSUME/PROVE nesting ([`crate::labels`]).
    pub(crate) label_state: crate::labels::LabelState,
    /// Step levels of the proofs being analysed, innermost last ([`crate::proofs`]).
    pub(crate) proof_levels: Vec<u32>,
    /// Named theorems whose proof is being analysed ([`crate::selectors`]).
    pub(crate) proof_goals: Vec<SymbolId>,
    /// RECURSIVE declarations whose name clashed with another symbol: never in a context, but
    /// still reported as not defined when their context ends (as SANY does).
    pub(crate) clashing_recursive: Vec<SymbolId>,
    line_indexes: HashMap<FileId, LineIndex<'a>>,
}

impl<'a> Analyzer<'a> {
    fn new(spec: &'a Specification) -> Analyzer<'a> {
        let mut symbols = Vec::new();
        let mut base = Context::default();
        for builtin in BUILTIN_OPERATORS {
            symbols.push(Symbol {
                name: builtin.name.to_string(),
                kind: SymbolKind::BuiltIn,
                arity: builtin.arity,
                local: false,
                origin: None,
                defined_in_module: String::new(),
                parameter_arities: Vec::new(),
                instance_of: None,
                pending_recursive: None,
                level: builtin.level,
                parameter_weights: Vec::new(),
                used: false,
                function_parameters: None,
                argument_levels: Default::default(),
                labels: Default::default(),
                statement: None,
            });
            base.insert(builtin.name, symbols.len() - 1);
        }
        Analyzer {
            spec,
            scopes: Scopes::new(symbols, base),
            exports: HashMap::new(),
            parameters: HashMap::new(),
            diagnostics: Vec::new(),
            level_diagnostics: Vec::new(),
            file: 0,
            module_name: String::new(),
            let_level: 0,
            except_depth: 0,
            level_facts: Default::default(),
            label_state: Default::default(),
            proof_levels: Vec::new(),
            proof_goals: Vec::new(),
            clashing_recursive: Vec::new(),
            line_indexes: HashMap::new(),
        }
    }

    // ----- Reporting -----

    /// SANY's location text for `span` in file `file`.
    pub(crate) fn location_in(&mut self, file: FileId, span: Span) -> String {
        let text = &self.spec.files[file].source.text;
        let index = self.line_indexes.entry(file).or_insert_with(|| LineIndex::new(text));
        let start = index.line_column(span.start);
        let end = index.last_char(span);
        let module = self.spec.files[file].module().map_or("", |module| module.name.text.as_str());
        format!(
            "line {}, col {} to line {}, col {} of module {module}",
            start.line, start.column, end.line, end.column
        )
    }

    pub(crate) fn symbol_location(&mut self, id: SymbolId) -> String {
        match self.scopes.symbols[id].origin {
            Some(origin) => self.location_in(origin.file, origin.span),
            None => "--TLA+ BUILTINS--".to_string(),
        }
    }

    pub(crate) fn error(&mut self, code: DiagnosticCode, span: Span, message: String) {
        let diagnostic = Diagnostic::error(code, span, message);
        self.diagnostics.push(SemanticDiagnostic { file: self.file, diagnostic });
    }

    pub(crate) fn level_error(&mut self, code: DiagnosticCode, span: Span, message: String) {
        let diagnostic = Diagnostic::error(code, span, message);
        self.level_diagnostics.push(SemanticDiagnostic { file: self.file, diagnostic });
    }

    // ----- Symbols -----

    pub(crate) fn make_symbol(
        &mut self,
        name: &Name,
        kind: SymbolKind,
        arity: i32,
        local: bool,
    ) -> SymbolId {
        self.scopes.new_symbol(Symbol {
            name: canonical(&name.text).to_string(),
            kind,
            arity,
            local,
            origin: Some(Origin { file: self.file, span: name.span }),
            defined_in_module: self.module_name.clone(),
            parameter_arities: Vec::new(),
            instance_of: None,
            pending_recursive: None,
            level: 0,
            parameter_weights: Vec::new(),
            used: false,
            function_parameters: None,
            argument_levels: Default::default(),
            labels: Default::default(),
            statement: None,
        })
    }

    /// Where a symbol was written, or the current file and `fallback`.
    fn origin_or(&self, id: SymbolId, fallback: Span) -> (FileId, Span) {
        self.scopes.symbols[id]
            .origin
            .map_or((self.file, fallback), |origin| (origin.file, origin.span))
    }

    /// Makes a symbol's origin cover `span` (SANY locates a definition by its whole text).
    pub(crate) fn set_origin_span(&mut self, id: SymbolId, span: Span) {
        if let Some(origin) = self.scopes.symbols[id].origin.as_mut() {
            origin.span = span;
        }
    }

    pub(crate) fn warning_at(
        &mut self,
        file: FileId,
        code: DiagnosticCode,
        span: Span,
        message: String,
    ) {
        let diagnostic = Diagnostic::warning(code, span, message);
        self.diagnostics.push(SemanticDiagnostic { file, diagnostic });
    }

    /// Adds a symbol to the innermost context, reporting conflicts as SANY does.
    pub(crate) fn declare(&mut self, id: SymbolId, span: Span) -> bool {
        let name = self.scopes.symbols[id].name.clone();
        match self.scopes.add_symbol(&name, id) {
            AddOutcome::Added | AddOutcome::AlreadyThere => true,
            AddOutcome::BuiltInRedefined => {
                let message =
                    format!("Symbol {name} is a built-in operator, and cannot be redefined.");
                self.error(codes::BUILT_IN_SYMBOL_REDEFINED, span, message);
                false
            }
            AddOutcome::Conflict(existing) => {
                let message = format!(
                    "Multiply-defined symbol '{name}': this definition or declaration conflicts \nwith the one at {}.",
                    self.symbol_location(existing)
                );
                self.error(codes::SYMBOL_REDEFINED, span, message);
                false
            }
            AddOutcome::DuplicateWarning(existing)
                if self.same_original_definition(existing, id) =>
            {
                true
            }
            AddOutcome::DuplicateWarning(existing) => {
                let message = format!(
                    "Multiple declarations or definitions for symbol {name}.  \nThis duplicates the one at {}.",
                    self.symbol_location(existing)
                );
                // SANY locates the duplicate at its own definition (for an instance, the
                // instantiated module's text).
                let (file, span) = self.scopes.symbols[id]
                    .origin
                    .map_or((self.file, span), |origin| (origin.file, origin.span));
                let code = codes::INSTANCED_MODULES_SYMBOL_UNIFICATION_AMBIGUITY;
                self.warning_at(file, code, span, message);
                true
            }
        }
    }

    /// SANY's `SymbolNode.sameOriginallyDefinedInModule`: two definitions (or theorems) that are
    /// one original definition, brought in twice (a module both extended and instantiated),
    /// from a module without constants or variables. Declarations, and two definitions written
    /// separately, are never the same, so a name defined twice in a module draws warning 4801
    /// after its "already defined" error.
    fn same_original_definition(&self, existing: SymbolId, new: SymbolId) -> bool {
        let (existing, new) = (&self.scopes.symbols[existing], &self.scopes.symbols[new]);
        let definition_class = matches!(
            new.kind,
            SymbolKind::UserDefined | SymbolKind::ModuleInstance | SymbolKind::TheoremOrAssumption
        );
        definition_class
            && existing.origin.is_some()
            && existing.origin == new.origin
            && self
                .parameters
                .get(&new.defined_in_module)
                .is_none_or(|parameters| parameters.is_empty())
    }

    // ----- Modules -----

    fn analyze_top_module(&mut self, module: &Module) {
        let base = self.scopes.stack[0].clone();
        let saved_stack = std::mem::replace(&mut self.scopes.stack, vec![base]);
        self.analyze_module(module);
        self.scopes.stack = saved_stack;
    }

    /// Analyses `module` in a fresh context pushed on the current stack (so nested modules see
    /// the enclosing module's symbols) and records its exports.
    fn analyze_module(&mut self, module: &Module) {
        let saved_module = std::mem::replace(&mut self.module_name, module.name.text.clone());
        self.scopes.push();
        for extended in &module.extends {
            self.merge_extended(extended);
        }
        let mut parameters = Vec::new();
        for unit in &module.units {
            self.unit(unit, &mut parameters);
        }
        self.check_recursive_defined();
        let context = self.scopes.pop();
        let mut exported = Context::default();
        for name in &context.order {
            if let Some(&id) = context.entries.get(name) {
                if !self.scopes.symbols[id].local
                    && self.scopes.symbols[id].kind != SymbolKind::Module
                {
                    exported.insert(name, id);
                }
            }
        }
        // The constants and variables an instance substitutes: the module's own and those it
        // inherits through EXTENDS.
        let mut all_parameters: Vec<SymbolId> = exported
            .order
            .iter()
            .filter_map(|name| exported.entries.get(name).copied())
            .filter(|&id| {
                matches!(self.scopes.symbols[id].kind, SymbolKind::Constant | SymbolKind::Variable)
            })
            .collect();
        for id in parameters {
            if !all_parameters.contains(&id) {
                all_parameters.push(id);
            }
        }
        self.exports.insert(module.name.text.clone(), exported);
        self.parameters.insert(module.name.text.clone(), all_parameters);
        self.module_name = saved_module;
    }

    /// SANY's `mergeExtendContext`: brings an extended module's symbols into the module context.
    fn merge_extended(&mut self, extended: &Name) {
        let Some(exported) = self.exports.get(&extended.text).cloned() else {
            let message = format!("Could not find module {}", extended.text);
            self.error(codes::INTERNAL_ERROR, extended.span, message);
            return;
        };
        for name in &exported.order {
            let id = exported.entries[name];
            let current =
                self.scopes.stack.last().and_then(|context| context.entries.get(name).copied());
            match current {
                None => self.scopes.innermost().insert(name, id),
                Some(current) if current == id => {}
                Some(current) => {
                    let same_class = kind_class(self.scopes.symbols[current].kind)
                        == kind_class(self.scopes.symbols[id].kind);
                    let location = self.symbol_location(current);
                    let what = kind_description(self.scopes.symbols[current].kind);
                    if !same_class {
                        let message = format!(
                            "The {what} of '{name}' conflicts with \nits {what} at {location}."
                        );
                        let (file, span) = self.origin_or(id, extended.span);
                        let diagnostic = Diagnostic::error(
                            codes::EXTENDED_MODULES_SYMBOL_UNIFICATION_CONFLICT,
                            span,
                            message,
                        );
                        self.diagnostics.push(SemanticDiagnostic { file, diagnostic });
                    } else if self.scopes.symbols[current].defined_in_module
                        != self.scopes.symbols[id].defined_in_module
                    {
                        let message = format!("Warning: the {what} of '{name}' conflicts with \nits {what} at {location}.");
                        let (file, span) = self.origin_or(id, extended.span);
                        self.warning_at(
                            file,
                            codes::EXTENDED_MODULES_SYMBOL_UNIFICATION_AMBIGUITY,
                            span,
                            message,
                        );
                    }
                }
            }
        }
    }

    fn unit(&mut self, unit: &Unit, parameters: &mut Vec<SymbolId>) {
        self.check_recursive_section(unit);
        match unit {
            Unit::Variables(names) => {
                for name in names {
                    let id = self.make_symbol(name, SymbolKind::Variable, 0, false);
                    self.scopes.symbols[id].level = 1;
                    if self.declare(id, name.span) {
                        parameters.push(id);
                    }
                }
            }
            Unit::Constants(declarations) => {
                for declaration in declarations {
                    let id = self.make_symbol(
                        &declaration.name,
                        SymbolKind::Constant,
                        shape_arity(&declaration.shape),
                        false,
                    );
                    if self.declare(id, declaration.name.span) {
                        parameters.push(id);
                    }
                }
            }
            Unit::Recursive(declarations) => self.recursive(declarations),
            Unit::Definition(definition) => self.definition(definition),
            Unit::Instance(instance) => self.unnamed_instance(instance),
            Unit::Assume(assume) => self.assumption(assume),
            Unit::Theorem(theorem) => self.theorem(theorem),
            Unit::Module(inner) => {
                self.analyze_module(inner);
                let id = self.make_symbol(&inner.name, SymbolKind::Module, 0, false);
                self.set_origin_span(id, inner.span);
                let module_key = format!("module {}", inner.name.text);
                if let Some(&existing) = self.scopes.innermost().entries.get(&module_key) {
                    let message = format!(
                        "Multiply-defined module '{}': this definition or declaration conflicts \nwith the one at {}.",
                        inner.name.text,
                        self.symbol_location(existing)
                    );
                    self.error(codes::MODULE_REDEFINED, inner.span, message);
                    return;
                }
                self.scopes.innermost().insert(&module_key, id);
            }
            Unit::UseOrHide(use_or_hide) => self.use_or_hide(use_or_hide),
            Unit::Separator(_) => {}
        }
    }

    /// SANY's `checkIfInRecursiveSection`: between a RECURSIVE declaration and the definition,
    /// only definitions and instances may appear (code 4294).
    fn check_recursive_section(&mut self, unit: &Unit) {
        let what = match unit {
            Unit::Variables(_) => "A VARIABLE declaration",
            Unit::Constants(_) => "A declaration",
            Unit::Module(_) => "A MODULE ",
            Unit::Theorem(_) => "A THEOREM",
            Unit::Assume(_) => "An ASSUME",
            Unit::UseOrHide(_) => "A USE or HIDE",
            _ => return,
        };
        let Some(context) = self.scopes.stack.last() else { return };
        let in_section = context.entries.values().any(|&id| {
            self.scopes.symbols[id].pending_recursive.is_some()
                && self.scopes.symbols[id].defined_in_module == self.module_name
        });
        if !in_section {
            return;
        }
        let span = unit_span(unit);
        let message = format!("{what} may not appear within a recursive definition section.");
        self.error(codes::RECURSIVE_SECTION_CONTAINS_ILLEGAL_DEFINITION, span, message);
    }

    pub(crate) fn recursive(&mut self, declarations: &[Declaration]) {
        for declaration in declarations {
            let arity = shape_arity(&declaration.shape);
            let id = self.make_symbol(&declaration.name, SymbolKind::UserDefined, arity, false);
            self.scopes.symbols[id].pending_recursive = Some(self.let_level);
            // SANY locates the declaration with its parameters, `Op(_)`.
            self.set_origin_span(id, declaration.span);
            if !self.declare(id, declaration.span) {
                self.clashing_recursive.push(id);
            }
        }
    }

    /// Reports RECURSIVE declarations of the innermost context that were never defined.
    pub(crate) fn check_recursive_defined(&mut self) {
        let Some(context) = self.scopes.stack.last() else { return };
        let mut pending: Vec<SymbolId> = context
            .order
            .iter()
            .filter_map(|name| context.entries.get(name).copied())
            .filter(|&id| self.scopes.symbols[id].pending_recursive.is_some())
            .collect();
        let let_level = self.let_level;
        self.clashing_recursive.retain(|&id| {
            let here = self.scopes.symbols[id].pending_recursive == Some(let_level);
            if here {
                pending.push(id);
            }
            !here
        });
        pending.sort_unstable();
        pending.dedup();
        for id in pending {
            let Some(origin) = self.scopes.symbols[id].origin else { continue };
            if origin.file != self.file {
                continue;
            }
            let message = format!(
                "Symbol {} declared in RECURSIVE statement but not defined.",
                self.scopes.symbols[id].name
            );
            self.error(codes::RECURSIVE_OPERATOR_DECLARED_BUT_NOT_DEFINED, origin.span, message);
            self.scopes.symbols[id].pending_recursive = None;
        }
    }

    /// SANY's `processOperator`, `processFunction` and `processModuleDefinition`.
    pub(crate) fn definition(&mut self, definition: &Definition) {
        let name = &definition.name;
        let canonical_name = canonical(&name.text).to_string();
        match &definition.kind {
            DefinitionKind::Operator { parameters, body, .. } => {
                self.scopes.push();
                let mut parameter_arities = Vec::new();
                for parameter in parameters {
                    let arity = shape_arity(&parameter.shape);
                    parameter_arities.push(arity);
                    let id = self.make_symbol(
                        &parameter.name,
                        SymbolKind::FormalParameter,
                        arity,
                        false,
                    );
                    self.declare(id, parameter.name.span);
                }
                let recursive = self.take_pending_recursive(
                    &canonical_name,
                    definition,
                    parameters.len() as i32,
                    "Definition of",
                );
                // A RECURSIVE operator takes the definition's parameters before its body is
                // analysed, so recursive calls may pass operator arguments (as in SANY).
                if let Some(id) = recursive {
                    self.scopes.symbols[id].parameter_arities = parameter_arities.clone();
                }
                let parameter_ids: Vec<Option<SymbolId>> = parameters
                    .iter()
                    .map(|parameter| self.scopes.resolve(canonical(&parameter.name.text)))
                    .collect();
                self.push_labels();
                let level = self.expression(body);
                let labels = self.pop_labels();
                let parameter_weights: Vec<bool> = parameter_ids
                    .iter()
                    .map(|id| id.is_none_or(|id| self.scopes.symbols[id].used))
                    .collect();
                self.scopes.pop();
                let id = recursive.unwrap_or_else(|| {
                    self.make_symbol(
                        name,
                        SymbolKind::UserDefined,
                        parameters.len() as i32,
                        definition.local,
                    )
                });
                // SANY's node of a RECURSIVE operator takes the definition's syntax node.
                self.set_origin_span(id, definition.span);
                let flat_parameters: Vec<SymbolId> =
                    parameter_ids.iter().flatten().copied().collect();
                let argument_levels = if flat_parameters.len() == parameters.len() {
                    self.level_facts.argument_levels(&flat_parameters, &parameter_arities)
                } else {
                    Default::default()
                };
                if recursive.is_some() {
                    self.check_recursive_primes(&argument_levels, &canonical_name, definition.span);
                }
                self.scopes.symbols[id].argument_levels = argument_levels;
                self.scopes.symbols[id].parameter_arities = parameter_arities;
                self.scopes.symbols[id].parameter_weights = parameter_weights;
                self.scopes.symbols[id].level = level;
                self.scopes.symbols[id].labels = labels;
                self.scopes.symbols[id].local = definition.local;
                if recursive.is_none() {
                    // SANY locates a clash at the whole definition.
                    self.declare(id, definition.span);
                }
            }
            DefinitionKind::Function { bounds, body } => {
                self.scopes.push();
                let (_, bound_ids) = self.bound_groups_with_ids(bounds);
                let recursive =
                    self.take_pending_recursive(&canonical_name, definition, 0, "Function");
                // SANY makes no node for a function defined under a name already taken (the
                // error above), so nothing is declared and no 4801 warning follows.
                let name_taken =
                    recursive.is_none() && self.scopes.resolve(&canonical_name).is_some();
                if recursive.is_none() && !name_taken {
                    let id = self.make_symbol(name, SymbolKind::FormalParameter, 0, false);
                    self.scopes.innermost().insert(&canonical_name, id);
                }
                self.push_labels();
                self.push_formal_parameters(bound_ids);
                let level = self.expression(body);
                self.pop_formal_parameters();
                let labels = self.pop_labels();
                self.scopes.pop();
                let id = recursive.unwrap_or_else(|| {
                    self.make_symbol(name, SymbolKind::UserDefined, 0, definition.local)
                });
                self.scopes.symbols[id].labels = labels;
                if recursive.is_none() {
                    self.set_origin_span(id, definition.span);
                }
                self.scopes.symbols[id].local = definition.local;
                self.scopes.symbols[id].level = level;
                let n_bound_names = bounds
                    .iter()
                    .map(|bound| match &bound.pattern {
                        tla_syntax::ast::BoundPattern::Names(names)
                        | tla_syntax::ast::BoundPattern::Tuple(names) => names.len(),
                    })
                    .sum();
                self.scopes.symbols[id].function_parameters = Some(n_bound_names);
                if recursive.is_none() && !name_taken {
                    self.declare(id, definition.span);
                }
            }
            DefinitionKind::Instance { parameters, instance } => {
                self.scopes.push();
                for parameter in parameters {
                    let arity = shape_arity(&parameter.shape);
                    let id = self.make_symbol(
                        &parameter.name,
                        SymbolKind::FormalParameter,
                        arity,
                        false,
                    );
                    self.declare(id, parameter.name.span);
                }
                // A name already taken is reported when the instance is declared below (SANY
                // has no "already defined" check for instances).
                self.instance_substitutions(instance, definition.span);
                self.scopes.pop();
                let id = self.make_symbol(
                    name,
                    SymbolKind::ModuleInstance,
                    parameters.len() as i32,
                    definition.local,
                );
                self.scopes.symbols[id].instance_of = Some(instance.module.text.clone());
                self.set_origin_span(id, definition.span);
                self.declare(id, definition.span);
            }
        }
    }

    /// For a definition named `name`: the symbol of its pending RECURSIVE declaration, if any;
    /// otherwise reports "already defined" when the name is taken.
    fn take_pending_recursive(
        &mut self,
        name: &str,
        definition: &Definition,
        arity: i32,
        what: &str,
    ) -> Option<SymbolId> {
        let existing = self.scopes.resolve(name)?;
        let symbol = &self.scopes.symbols[existing];
        match symbol.pending_recursive {
            Some(level) if level == self.let_level => {
                let declared_arity = symbol.arity;
                self.scopes.symbols[existing].pending_recursive = None;
                if declared_arity != arity {
                    let message = format!(
                        "{what} {name} has different arity than its RECURSIVE declaration."
                    );
                    self.error(
                        codes::RECURSIVE_OPERATOR_DECLARATION_DEFINITION_ARITY_MISMATCH,
                        definition.span,
                        message,
                    );
                }
                Some(existing)
            }
            Some(_) => {
                let message = format!("Recursive operator {name} defined at wrong LET/IN level.");
                self.error(
                    codes::RECURSIVE_OPERATOR_DEFINED_IN_WRONG_LET_IN_LEVEL,
                    definition.span,
                    message,
                );
                None
            }
            None => {
                let message = if matches!(definition.kind, DefinitionKind::Function { .. }) {
                    format!("Function name `{name}' already defined or declared.")
                } else {
                    format!("Operator {name} already defined or declared.")
                };
                self.error(codes::SYMBOL_REDEFINED, definition.span, message);
                None
            }
        }
    }

    /// `INSTANCE M WITH ...` at the top level of a module: M's definitions become ours.
    pub(crate) fn unnamed_instance(&mut self, instance: &Instance) {
        self.instance_substitutions(instance, instance.span);
        let Some(exported) = self.exports.get(&instance.module.text).cloned() else { return };
        for name in &exported.order {
            let id = exported.entries[name];
            let symbol = self.scopes.symbols[id].clone();
            if matches!(symbol.kind, SymbolKind::Constant | SymbolKind::Variable) {
                continue;
            }
            let imported = self.scopes.new_symbol(Symbol { local: instance.local, ..symbol });
            self.declare(imported, instance.module.span);
        }
    }

    /// Resolves the substitutions of an instance and checks that every constant and variable of
    /// the instantiated module is substituted, explicitly or by a symbol of the same name.
    fn instance_substitutions(&mut self, instance: &Instance, statement_span: Span) {
        let module = instance.module.text.clone();
        if !self.exports.contains_key(&module) {
            let message = format!("Could not find module {module}");
            self.error(codes::INTERNAL_ERROR, instance.module.span, message);
            return;
        }
        let parameters = self.parameters.get(&module).cloned().unwrap_or_default();
        let parameter_names: Vec<String> =
            parameters.iter().map(|&id| self.scopes.symbols[id].name.clone()).collect();
        let mut substituted = Vec::new();
        let mut resolved = Vec::new();
        for substitution in &instance.substitutions {
            let target = canonical(&substitution.target.text).to_string();
            if !parameter_names.contains(&target) {
                let message = format!(
                    "Identifier '{target}' is not a legal target of a substitution. \nA legal target must be a declared CONSTANT or VARIABLE in the module being instantiated. \n(Also, check for warnings about multiple declarations of this same identifier.)"
                );
                self.error(
                    codes::INSTANCE_SUBSTITUTION_ILLEGAL_SYMBOL_REDEFINITION,
                    substitution.target.span,
                    message,
                );
            } else if substituted.contains(&target) {
                let message =
                    format!("Multiple substitutions for symbol '{target}' in substitution.");
                self.error(
                    codes::INSTANCE_SUBSTITUTION_SYMBOL_REDEFINED_MULTIPLE_TIMES,
                    substitution.target.span,
                    message,
                );
            }
            substituted.push(target);
            let target_parameter = parameters
                .iter()
                .copied()
                .find(|&id| self.scopes.symbols[id].name == canonical(&substitution.target.text));
            match target_parameter {
                Some(id) => {
                    let arity = self.scopes.symbols[id].arity;
                    let level = self.argument(&substitution.value, arity, 0, id);
                    resolved.push((id, level, substitution));
                }
                None => {
                    let _ = self.expression(&substitution.value);
                }
            }
        }
        self.check_substitution_levels(&module, &parameters, &resolved, statement_span);
        for (&id, name) in parameters.iter().zip(&parameter_names) {
            if substituted.contains(name) {
                continue;
            }
            if self.scopes.resolve(name).is_none() {
                let message = format!(
                    "Substitution missing for symbol {name} declared at {} \nand instantiated in module {}.",
                    self.symbol_location(id),
                    self.module_name
                );
                self.error(codes::INSTANCE_SUBSTITUTION_MISSING_SYMBOL, instance.span, message);
            }
        }
    }
}

/// The text a unit covers (declarations: from the first name to the last).
fn unit_span(unit: &Unit) -> Span {
    match unit {
        Unit::Variables(names) => match (names.first(), names.last()) {
            (Some(first), Some(last)) => Span::new(first.span.start, last.span.end),
            _ => Span::default(),
        },
        Unit::Constants(declarations) => match (declarations.first(), declarations.last()) {
            (Some(first), Some(last)) => Span::new(first.span.start, last.span.end),
            _ => Span::default(),
        },
        Unit::Module(module) => module.span,
        Unit::Theorem(theorem) => theorem.span,
        Unit::Assume(assume) => assume.span,
        Unit::UseOrHide(use_or_hide) => use_or_hide.span,
        Unit::Definition(definition) => definition.span,
        Unit::Instance(instance) => instance.span,
        Unit::Recursive(_) => Span::default(),
        Unit::Separator(span) => *span,
    }
}

/// SANY's canonical spelling of a name (operator synonyms resolved).
pub(crate) fn canonical(name: &str) -> &str {
    tla_syntax::operators::canonical_name(name)
}

pub(crate) fn shape_arity(shape: &DeclarationShape) -> i32 {
    match shape {
        DeclarationShape::Operator { arity } => *arity as i32,
        DeclarationShape::Prefix | DeclarationShape::Postfix => 1,
        DeclarationShape::Infix => 2,
    }
}

/// Symbol kinds that SANY represents with the same node class (for unification of EXTENDS).
fn kind_class(kind: SymbolKind) -> u8 {
    match kind {
        SymbolKind::Constant | SymbolKind::Variable => 0,
        SymbolKind::UserDefined | SymbolKind::ModuleInstance => 1,
        SymbolKind::TheoremOrAssumption => 2,
        SymbolKind::Module => 3,
        _ => 4,
    }
}

fn kind_description(kind: SymbolKind) -> &'static str {
    match kind {
        SymbolKind::Constant | SymbolKind::Variable => "declaration",
        SymbolKind::Module => "module",
        SymbolKind::TheoremOrAssumption => "theorem or assumption",
        _ => "definition",
    }
}
