//! The order in which SANY lists a module's variables, which is the order TLC prints them in.
//!
//! TLC prints the variables of every state in the order of SANY's
//! `ModuleNode.getVariableDecls()`, and that order is not the declaration order: SANY keeps a
//! module's symbols in a `java.util.Hashtable` keyed by name, `getVariableDecls()` enumerates
//! that table and reverses the result. The order therefore depends on the hash of every name
//! in the module's symbol table and on how big the table has grown, that is on every symbol the
//! module holds: TLA+'s built-in operators, everything its `EXTENDS` bring in, its own
//! declarations and definitions (`LOCAL` ones too), the definitions an `INSTANCE` imports.
//!
//! This module reproduces that computation. It emulates the Java hash table exactly (Java's
//! `String.hashCode` over UTF-16 units, capacity 11 growing to `2n + 1` when three quarters
//! full, entries prepended to their bucket's chain, enumeration from the last bucket to the
//! first) and replays the insertions SANY's semantic generator makes for each module, in
//! SANY's order:
//!
//! * every module's table starts as a copy of the built-in operators, inserted from the last
//!   built-in back to the first ([`crate::builtins::BUILTIN_OPERATORS`] is in SANY's order);
//! * each `EXTENDS`ed module contributes its non-`LOCAL` symbols in the order they entered that
//!   module's table, skipping names already present;
//! * then the module's units in source order: constants, variables, operator and function
//!   definitions (including `LOCAL` ones), `RECURSIVE` declarations, named theorems and
//!   assumptions, named instances (`I!op` for every exported definition of the instantiated
//!   module, in that module's hash order, then `I`), unnamed instances (the instantiated
//!   module's exported definitions, in its hash order, then its theorems), nested modules (keyed
//!   apart from operators, by the same hash of their name).
//!
//! For the relative order of the variables, the other symbols matter only through their number:
//! how many entries the table holds when each variable goes in (which decides when the table
//! grows); their names and mutual order do not. Getting every symbol counted is what matters.
//!
//! A module's own table is itself the result of this process, so the modules a specification
//! uses are emulated too. The standard modules and the CommunityModules are a special case: the
//! project embeds its own texts of them, whose definition order may differ from the originals',
//! and that order matters. `ORIGINAL_MODULES` (in `sany_order_modules.rs`) records, as facts about the originals (names
//! only), the units of each original module in its order; a loaded module of the same name is
//! replayed from that record when it defines the same names.

use crate::sany_order_modules::ORIGINAL_MODULES;
use std::collections::{BTreeMap, BTreeSet};

use tla_syntax::ast::{DefinitionKind, Module, Unit};

use crate::builtins::BUILTIN_OPERATORS;
use crate::loader::Specification;

/// The variables of the root module (`spec.files[0]`) in SANY's `getVariableDecls()` order,
/// which is the order TLC prints them in. Includes the variables of extended modules, as SANY
/// does. Empty when the root module did not parse.
pub fn sany_variable_order(spec: &Specification) -> Vec<String> {
    let Some(root) = spec.files.first().and_then(|file| file.module()) else {
        return Vec::new();
    };
    let mut emulator = GeneratorEmulation::new(spec);
    let plan = plan_from_module(root);
    let root_id = emulator.generate_external_module(&root.name.text, &plan);
    let Some(context) = emulator.contexts.get(root_id) else {
        return Vec::new();
    };
    let mut variables: Vec<String> = context
        .table
        .elements()
        .into_iter()
        .filter_map(|symbol_index| context.symbols.get(symbol_index))
        .filter(|symbol| symbol.class == SymbolClass::VariableDeclaration)
        .map(|symbol| symbol.name.clone())
        .collect();
    variables.reverse();
    variables
}

// ---------------------------------------------------------------------------------------------
// java.util.Hashtable, as far as insertion and enumeration order go.
// ---------------------------------------------------------------------------------------------

/// Java's `String.hashCode()`: `s[0]*31^(n-1) + ... + s[n-1]` over UTF-16 code units, in
/// wrapping 32-bit arithmetic.
pub fn java_string_hash_code(text: &str) -> i32 {
    text.encode_utf16().fold(0i32, |hash, unit| hash.wrapping_mul(31).wrapping_add(i32::from(unit)))
}

/// A key of a SANY context: a symbol name, or a module name (`SymbolTable.ModuleName`, which
/// hashes like its name but never equals a plain name).
#[derive(Clone, Debug, PartialEq, Eq)]
struct ContextKey {
    name: String,
    is_module_name: bool,
}

impl ContextKey {
    fn symbol(name: &str) -> ContextKey {
        ContextKey { name: name.to_string(), is_module_name: false }
    }

    fn module(name: &str) -> ContextKey {
        ContextKey { name: name.to_string(), is_module_name: true }
    }
}

#[derive(Clone, Debug)]
struct HashtableEntry {
    hash: i32,
    key: ContextKey,
    /// Index of the symbol in the owning context's `symbols`.
    value: usize,
}

/// The bucket array of a `java.util.Hashtable` with the default load factor 0.75. Each bucket's
/// chain is stored tail first: the chain's head, the entry Java added last, is the last
/// element of the vector.
#[derive(Clone, Debug)]
struct JavaHashtableEmulation {
    buckets: Vec<Vec<HashtableEntry>>,
    count: usize,
    threshold: usize,
}

const JAVA_HASHTABLE_DEFAULT_CAPACITY: usize = 11;

/// `(int) (capacity * 0.75f)`, computed in single precision as Java does.
fn java_hashtable_threshold(capacity: usize) -> usize {
    (capacity as f32 * 0.75f32) as usize
}

fn java_bucket_index(hash: i32, capacity: usize) -> usize {
    // `(hash & 0x7FFFFFFF) % tab.length`; the masked hash is non-negative.
    ((hash & 0x7FFF_FFFF) as u32 as usize) % capacity.max(1)
}

impl JavaHashtableEmulation {
    fn new() -> JavaHashtableEmulation {
        JavaHashtableEmulation {
            buckets: vec![Vec::new(); JAVA_HASHTABLE_DEFAULT_CAPACITY],
            count: 0,
            threshold: java_hashtable_threshold(JAVA_HASHTABLE_DEFAULT_CAPACITY),
        }
    }

    fn get(&self, key: &ContextKey) -> Option<usize> {
        let hash = java_string_hash_code(&key.name);
        let bucket = self.buckets.get(java_bucket_index(hash, self.buckets.len()))?;
        bucket.iter().find(|entry| entry.hash == hash && entry.key == *key).map(|entry| entry.value)
    }

    fn contains_key(&self, key: &ContextKey) -> bool {
        self.get(key).is_some()
    }

    /// `Hashtable.put` of a key not yet present (`addEntry`): rehash first when the table holds
    /// `threshold` entries, then prepend the entry to its bucket's chain.
    fn put_absent(&mut self, key: ContextKey, value: usize) {
        if self.count >= self.threshold {
            self.rehash();
        }
        let hash = java_string_hash_code(&key.name);
        let index = java_bucket_index(hash, self.buckets.len());
        if let Some(bucket) = self.buckets.get_mut(index) {
            bucket.push(HashtableEntry { hash, key, value });
            self.count += 1;
        }
    }

    /// `Hashtable.rehash`: capacity `2n + 1`; the old buckets are walked from the last to the
    /// first, each chain from its head, every entry prepended to its new bucket's chain.
    fn rehash(&mut self) {
        let new_capacity = self.buckets.len() * 2 + 1;
        let old_buckets = std::mem::replace(&mut self.buckets, vec![Vec::new(); new_capacity]);
        self.threshold = java_hashtable_threshold(new_capacity);
        for old_bucket in old_buckets.into_iter().rev() {
            for entry in old_bucket.into_iter().rev() {
                let index = java_bucket_index(entry.hash, new_capacity);
                if let Some(bucket) = self.buckets.get_mut(index) {
                    bucket.push(entry);
                }
            }
        }
    }

    /// The values in `Hashtable.elements()` order: buckets from the last to the first, each
    /// chain from its head.
    fn elements(&self) -> Vec<usize> {
        self.buckets
            .iter()
            .rev()
            .flat_map(|bucket| bucket.iter().rev().map(|entry| entry.value))
            .collect()
    }
}

// ---------------------------------------------------------------------------------------------
// SANY's contexts.
// ---------------------------------------------------------------------------------------------

/// The Java class (and, for operator definitions, the kind) of a symbol node: what SANY's
/// filters on a context look at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SymbolClass {
    BuiltInOperator,
    UserDefinedOperator,
    ModuleInstance,
    ConstantDeclaration,
    VariableDeclaration,
    TheoremOrAssumption,
    Module,
}

/// Index of a context in [`GeneratorEmulation::contexts`]; a module is known by its context.
type ContextId = usize;

#[derive(Clone, Debug)]
struct ContextSymbol {
    name: String,
    class: SymbolClass,
    local: bool,
    /// The context of the module the node counts as originally defined in (theorems
    /// instantiated from a module with parameters behave differently depending on it).
    originally_defined_in: Option<ContextId>,
    /// For a module symbol: the module's context.
    module_context: Option<ContextId>,
}

impl ContextSymbol {
    fn key(&self) -> ContextKey {
        if self.class == SymbolClass::Module {
            ContextKey::module(&self.name)
        } else {
            ContextKey::symbol(&self.name)
        }
    }
}

/// A SANY `Context`: its hash table and its list of pairs, kept here oldest first (the order
/// `mergeExtendContext` walks it in). The two orders differ for the built-ins, which the copy
/// of the global context inserts into the table from the last one back to the first.
#[derive(Clone, Debug)]
struct SanyContext {
    symbols: Vec<ContextSymbol>,
    table: JavaHashtableEmulation,
}

impl SanyContext {
    fn empty() -> SanyContext {
        SanyContext { symbols: Vec::new(), table: JavaHashtableEmulation::new() }
    }

    /// `Context.getGlobalContext().duplicate(..)`: the built-ins, the pair list in SANY's
    /// order, the table filled from the last built-in to the first.
    fn duplicate_of_global_context() -> SanyContext {
        let symbols: Vec<ContextSymbol> = BUILTIN_OPERATORS
            .iter()
            .map(|builtin| ContextSymbol {
                name: builtin.name.to_string(),
                class: SymbolClass::BuiltInOperator,
                local: false,
                originally_defined_in: None,
                module_context: None,
            })
            .collect();
        let mut table = JavaHashtableEmulation::new();
        for (index, symbol) in symbols.iter().enumerate().rev() {
            if !table.contains_key(&symbol.key()) {
                table.put_absent(symbol.key(), index);
            }
        }
        SanyContext { symbols, table }
    }

    fn contains(&self, key: &ContextKey) -> bool {
        self.table.contains_key(key)
    }

    fn lookup(&self, key: &ContextKey) -> Option<&ContextSymbol> {
        self.table.get(key).and_then(|index| self.symbols.get(index))
    }

    /// `addSymbolToContext` for a name not yet present.
    fn add(&mut self, symbol: ContextSymbol) {
        let key = symbol.key();
        if self.table.contains_key(&key) {
            return;
        }
        self.symbols.push(symbol);
        self.table.put_absent(key, self.symbols.len() - 1);
    }

    /// The symbols in `Hashtable.elements()` order (SANY's `getByClass` and friends).
    fn symbols_in_hash_order(&self) -> Vec<&ContextSymbol> {
        self.table.elements().into_iter().filter_map(|index| self.symbols.get(index)).collect()
    }

    /// `ModuleNode.isParameterFree()`: no CONSTANT and no VARIABLE in the module's context.
    fn is_parameter_free(&self) -> bool {
        !self.symbols.iter().any(|symbol| {
            matches!(
                symbol.class,
                SymbolClass::ConstantDeclaration | SymbolClass::VariableDeclaration
            )
        })
    }
}

// ---------------------------------------------------------------------------------------------
// What a module contributes, in SANY's processing order.
// ---------------------------------------------------------------------------------------------

/// One unit of a module as far as its symbol table is concerned.
#[derive(Clone, Debug)]
enum PlannedUnit<'a> {
    Constant(String),
    Variable(String),
    /// An operator or function definition.
    Operator {
        name: String,
        local: bool,
    },
    /// A name declared in a `RECURSIVE` statement.
    Recursive(String),
    /// `I == INSTANCE M` (also with parameters).
    NamedInstance {
        name: String,
        local: bool,
        module: String,
    },
    /// `INSTANCE M`.
    Instance {
        module: String,
        local: bool,
    },
    /// A named `THEOREM` or `ASSUME`.
    NamedTheorem(String),
    /// A module nested in this one.
    InnerModule(&'a Module),
}

#[derive(Clone, Debug)]
struct ModulePlan<'a> {
    extends: Vec<String>,
    units: Vec<PlannedUnit<'a>>,
}

/// SANY's spelling of an operator name (`\oplus` for `(+)`).
fn sany_name(text: &str) -> String {
    tla_syntax::operators::canonical_name(text).to_string()
}

fn plan_from_module(module: &Module) -> ModulePlan<'_> {
    let mut units = Vec::new();
    for unit in &module.units {
        match unit {
            Unit::Constants(declarations) => units.extend(
                declarations
                    .iter()
                    .map(|declaration| PlannedUnit::Constant(sany_name(&declaration.name.text))),
            ),
            Unit::Variables(names) => {
                units.extend(names.iter().map(|name| PlannedUnit::Variable(name.text.clone())))
            }
            Unit::Recursive(declarations) => units.extend(
                declarations
                    .iter()
                    .map(|declaration| PlannedUnit::Recursive(sany_name(&declaration.name.text))),
            ),
            Unit::Definition(definition) => match &definition.kind {
                DefinitionKind::Operator { .. } | DefinitionKind::Function { .. } => {
                    units.push(PlannedUnit::Operator {
                        name: sany_name(&definition.name.text),
                        local: definition.local,
                    })
                }
                DefinitionKind::Instance { instance, .. } => {
                    units.push(PlannedUnit::NamedInstance {
                        name: definition.name.text.clone(),
                        local: definition.local || instance.local,
                        module: instance.module.text.clone(),
                    })
                }
            },
            Unit::Instance(instance) => units.push(PlannedUnit::Instance {
                module: instance.module.text.clone(),
                local: instance.local,
            }),
            Unit::Assume(assume) => {
                if let Some(name) = &assume.name {
                    units.push(PlannedUnit::NamedTheorem(name.text.clone()));
                }
            }
            Unit::Theorem(theorem) => {
                if let Some(name) = &theorem.name {
                    units.push(PlannedUnit::NamedTheorem(name.text.clone()));
                }
            }
            Unit::Module(inner) => units.push(PlannedUnit::InnerModule(inner)),
            Unit::UseOrHide(_) | Unit::Separator(_) => {}
        }
    }
    ModulePlan { extends: module.extends.iter().map(|name| name.text.clone()).collect(), units }
}

/// The names a plan declares or defines at its top level and the modules it uses: what
/// decides whether a loaded module has the shape of the original it is named after. Locality
/// and `RECURSIVE` are left out (a `RECURSIVE` declaration followed by its definition binds
/// the name once, where the declaration is).
fn plan_signature(plan: &ModulePlan<'_>) -> BTreeSet<String> {
    let mut signature: BTreeSet<String> =
        plan.extends.iter().map(|name| format!("module {name}")).collect();
    for unit in &plan.units {
        let entry = match unit {
            PlannedUnit::Constant(name) => format!("constant {name}"),
            PlannedUnit::Variable(name) => format!("variable {name}"),
            PlannedUnit::Operator { name, .. } | PlannedUnit::Recursive(name) => {
                format!("operator {name}")
            }
            PlannedUnit::NamedInstance { name, module, .. } => format!("instance {name} {module}"),
            PlannedUnit::Instance { module, .. } => format!("module {module}"),
            PlannedUnit::NamedTheorem(name) => format!("theorem {name}"),
            PlannedUnit::InnerModule(inner) => format!("inner {}", inner.name.text),
        };
        signature.insert(entry);
    }
    signature
}

// ---------------------------------------------------------------------------------------------
// The generator.
// ---------------------------------------------------------------------------------------------

/// Replays SANY's `Generator` on the modules of a specification, as far as symbol tables go.
struct GeneratorEmulation<'a> {
    modules_by_name: BTreeMap<&'a str, &'a Module>,
    contexts: Vec<SanyContext>,
    external_modules: BTreeMap<String, ContextId>,
    modules_in_progress: BTreeSet<String>,
}

impl<'a> GeneratorEmulation<'a> {
    fn new(spec: &'a Specification) -> GeneratorEmulation<'a> {
        let mut modules_by_name = BTreeMap::new();
        for file in &spec.files {
            if let Some(module) = file.module() {
                modules_by_name.entry(file.expected_name.as_str()).or_insert(module);
            }
        }
        GeneratorEmulation {
            modules_by_name,
            contexts: Vec::new(),
            external_modules: BTreeMap::new(),
            modules_in_progress: BTreeSet::new(),
        }
    }

    /// The plan of the external module `name`: the recorded original for a standard or
    /// community module whose loaded text has the original's shape (or that was not loaded),
    /// else the loaded text.
    fn plan_of_external_module(&self, name: &str) -> Option<ModulePlan<'a>> {
        let loaded = self.modules_by_name.get(name).map(|module| plan_from_module(module));
        let original = original_module_plan(name);
        match (loaded, original) {
            (Some(loaded), Some(original)) => {
                if plan_signature(&loaded) == plan_signature(&original) {
                    Some(original)
                } else {
                    Some(loaded)
                }
            }
            (Some(loaded), None) => Some(loaded),
            (None, original) => original,
        }
    }

    /// The context of external module `name`, generated on first use. `None` for a module that
    /// is unknown or part of a circular dependency.
    fn external_module(&mut self, name: &str) -> Option<ContextId> {
        if let Some(&id) = self.external_modules.get(name) {
            return Some(id);
        }
        if self.modules_in_progress.contains(name) {
            return None;
        }
        let plan = self.plan_of_external_module(name)?;
        Some(self.generate_external_module(name, &plan))
    }

    fn generate_external_module(&mut self, name: &str, plan: &ModulePlan<'a>) -> ContextId {
        self.modules_in_progress.insert(name.to_string());
        self.contexts.push(SanyContext::duplicate_of_global_context());
        let id = self.contexts.len() - 1;
        let mut stack = vec![id];
        self.generate_module(plan, &mut stack);
        self.modules_in_progress.remove(name);
        self.external_modules.insert(name.to_string(), id);
        id
    }

    fn top(stack: &[ContextId]) -> ContextId {
        stack.last().copied().unwrap_or_default()
    }

    /// `SymbolTable.resolveSymbol`: is `name` bound in any context of the stack?
    fn is_bound(&self, stack: &[ContextId], name: &str) -> bool {
        let key = ContextKey::symbol(name);
        stack
            .iter()
            .rev()
            .any(|&id| self.contexts.get(id).is_some_and(|context| context.contains(&key)))
    }

    /// `SymbolTable.resolveModule` followed by the external module table.
    fn resolve_module(&mut self, stack: &[ContextId], name: &str) -> Option<ContextId> {
        let key = ContextKey::module(name);
        for &id in stack.iter().rev() {
            if let Some(symbol) = self.contexts.get(id).and_then(|context| context.lookup(&key)) {
                return symbol.module_context;
            }
        }
        self.external_module(name)
    }

    /// `SymbolTable.addSymbol`: binds the name in the top context unless it is bound already.
    fn add_symbol(&mut self, stack: &[ContextId], symbol: ContextSymbol) {
        if self.is_bound(stack, &symbol.name) {
            return;
        }
        if let Some(context) = self.contexts.get_mut(Self::top(stack)) {
            context.add(symbol);
        }
    }

    fn new_symbol(
        name: String,
        class: SymbolClass,
        local: bool,
        originally_defined_in: Option<ContextId>,
    ) -> ContextSymbol {
        ContextSymbol { name, class, local, originally_defined_in, module_context: None }
    }

    /// `Generator.generateModule`, as far as the symbols of the module go. Modules nest (inner
    /// modules, extended and instantiated modules), hence the stack growth.
    fn generate_module(&mut self, plan: &ModulePlan<'a>, stack: &mut Vec<ContextId>) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.generate_module_units(plan, stack))
    }

    fn generate_module_units(&mut self, plan: &ModulePlan<'a>, stack: &mut Vec<ContextId>) {
        let current = Self::top(stack);
        for extended in &plan.extends {
            if let Some(extended_context) = self.resolve_module(stack, extended) {
                self.merge_extend_context(current, extended_context);
            }
        }
        for unit in &plan.units {
            match unit {
                PlannedUnit::Constant(name)
                | PlannedUnit::Variable(name)
                | PlannedUnit::Operator { name, .. }
                | PlannedUnit::Recursive(name)
                | PlannedUnit::NamedTheorem(name) => {
                    // SANY creates a RECURSIVE operator's node as not LOCAL; a later LOCAL
                    // definition keeps it.
                    let (class, local) = match unit {
                        PlannedUnit::Constant(_) => (SymbolClass::ConstantDeclaration, false),
                        PlannedUnit::Variable(_) => (SymbolClass::VariableDeclaration, false),
                        PlannedUnit::Operator { local, .. } => {
                            (SymbolClass::UserDefinedOperator, *local)
                        }
                        PlannedUnit::Recursive(_) => (SymbolClass::UserDefinedOperator, false),
                        _ => (SymbolClass::TheoremOrAssumption, false),
                    };
                    let symbol = Self::new_symbol(name.clone(), class, local, Some(current));
                    self.add_symbol(stack, symbol);
                }
                PlannedUnit::NamedInstance { name, local, module } => {
                    self.generate_named_instance(stack, name, *local, module);
                }
                PlannedUnit::Instance { module, local } => {
                    self.generate_unnamed_instance(stack, module, *local);
                }
                PlannedUnit::InnerModule(inner) => {
                    self.generate_inner_module(stack, inner);
                }
            }
        }
    }

    /// `Context.mergeExtendContext`: the extended module's non-LOCAL symbols, oldest first,
    /// those whose key is not yet in the context.
    fn merge_extend_context(&mut self, target: ContextId, source: ContextId) {
        if target == source {
            return;
        }
        let Some(source_symbols) = self.contexts.get(source).map(|context| context.symbols.clone())
        else {
            return;
        };
        if let Some(target_context) = self.contexts.get_mut(target) {
            for symbol in source_symbols.into_iter().filter(|symbol| !symbol.local) {
                target_context.add(symbol);
            }
        }
    }

    /// `Generator.processModuleDefinition`: `I!op` for every non-LOCAL user-defined operator and
    /// module instance of the instantiated module (in its table's order), `I!thm` for its
    /// non-LOCAL theorems, then `I` itself.
    fn generate_named_instance(
        &mut self,
        stack: &[ContextId],
        name: &str,
        local: bool,
        module: &str,
    ) {
        let current = Self::top(stack);
        let Some(instancee) = self.resolve_module(stack, module) else {
            return;
        };
        let Some(instancee_context) = self.contexts.get(instancee) else {
            return;
        };
        let in_hash_order: Vec<ContextSymbol> =
            instancee_context.symbols_in_hash_order().into_iter().cloned().collect();
        for definition in in_hash_order.iter().filter(|symbol| {
            !symbol.local
                && matches!(
                    symbol.class,
                    SymbolClass::UserDefinedOperator | SymbolClass::ModuleInstance
                )
        }) {
            let origin = if definition.class == SymbolClass::ModuleInstance {
                definition.originally_defined_in
            } else {
                Some(current)
            };
            let symbol = Self::new_symbol(
                format!("{name}!{}", definition.name),
                definition.class,
                local,
                origin,
            );
            self.add_symbol(stack, symbol);
        }
        for theorem in in_hash_order
            .iter()
            .filter(|symbol| symbol.class == SymbolClass::TheoremOrAssumption && !symbol.local)
        {
            let symbol = Self::new_symbol(
                format!("{name}!{}", theorem.name),
                SymbolClass::TheoremOrAssumption,
                local,
                Some(current),
            );
            self.add_symbol(stack, symbol);
        }
        let instance_symbol =
            Self::new_symbol(name.to_string(), SymbolClass::ModuleInstance, local, Some(current));
        self.add_symbol(stack, instance_symbol);
    }

    fn is_parameter_free(&self, context: Option<ContextId>) -> bool {
        context.and_then(|id| self.contexts.get(id)).is_none_or(SanyContext::is_parameter_free)
    }

    /// `Generator.generateInstance` at the top level of a module: the instantiated module's
    /// non-LOCAL user-defined operators (in its table's order), then its theorems.
    fn generate_unnamed_instance(&mut self, stack: &[ContextId], module: &str, local: bool) {
        let current = Self::top(stack);
        let Some(instancee) = self.resolve_module(stack, module) else {
            return;
        };
        let Some(instancee_context) = self.contexts.get(instancee) else {
            return;
        };
        let instancee_parameter_free = instancee_context.is_parameter_free();
        let in_hash_order: Vec<ContextSymbol> =
            instancee_context.symbols_in_hash_order().into_iter().cloned().collect();
        for definition in in_hash_order
            .iter()
            .filter(|symbol| symbol.class == SymbolClass::UserDefinedOperator && !symbol.local)
        {
            let origin = if !instancee_parameter_free
                && !self.is_parameter_free(definition.originally_defined_in)
            {
                Some(current)
            } else {
                definition.originally_defined_in
            };
            let symbol = Self::new_symbol(
                definition.name.clone(),
                SymbolClass::UserDefinedOperator,
                local,
                origin,
            );
            self.add_symbol(stack, symbol);
        }
        for theorem in in_hash_order
            .iter()
            .filter(|symbol| symbol.class == SymbolClass::TheoremOrAssumption && !symbol.local)
        {
            let origin_parameter_free = self.is_parameter_free(theorem.originally_defined_in);
            let (added, origin) = match (instancee_parameter_free, origin_parameter_free, local) {
                // The instantiated module's own node, not added to the symbol table.
                (false, true, false) => (false, None),
                (false, true, true) | (false, false, _) => (true, Some(current)),
                (true, _, _) => (true, theorem.originally_defined_in),
            };
            if added {
                let symbol = Self::new_symbol(
                    theorem.name.clone(),
                    SymbolClass::TheoremOrAssumption,
                    local,
                    origin,
                );
                self.add_symbol(stack, symbol);
            }
        }
    }

    /// A nested module: its own context on top of the enclosing ones; afterwards its name is
    /// bound (as a module name) in the enclosing module's context.
    fn generate_inner_module(&mut self, stack: &mut Vec<ContextId>, inner: &'a Module) {
        self.contexts.push(SanyContext::empty());
        let inner_id = self.contexts.len() - 1;
        stack.push(inner_id);
        let plan = plan_from_module(inner);
        self.generate_module(&plan, stack);
        stack.pop();
        let name = &inner.name.text;
        let already_known = stack.iter().any(|&id| {
            self.contexts.get(id).is_some_and(|context| context.contains(&ContextKey::module(name)))
        }) || self.external_modules.contains_key(name.as_str());
        if already_known {
            return;
        }
        if let Some(context) = self.contexts.get_mut(Self::top(stack)) {
            context.add(ContextSymbol {
                name: name.clone(),
                class: SymbolClass::Module,
                local: false,
                originally_defined_in: None,
                module_context: Some(inner_id),
            });
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The original standard modules and CommunityModules.
// ---------------------------------------------------------------------------------------------

/// The plan of the original module `name`, from `ORIGINAL_MODULES` (in `sany_order_modules.rs`). Each entry there is a
/// public operator's name, or `LOCAL name`, `RECURSIVE name`, `EXTENDS A B ...`,
/// `INSTANCE M`, `LOCAL INSTANCE M`, `THEOREM name`, `CONSTANT name` or `VARIABLE name`.
fn original_module_plan(name: &str) -> Option<ModulePlan<'static>> {
    let (_, units) = ORIGINAL_MODULES.iter().find(|(module, _)| *module == name)?;
    let mut plan = ModulePlan { extends: Vec::new(), units: Vec::new() };
    for unit in units.iter() {
        let (keyword, rest) = unit.split_once(' ').unwrap_or(("", unit));
        let planned = match keyword {
            "EXTENDS" => {
                plan.extends.extend(rest.split(' ').map(str::to_string));
                continue;
            }
            "LOCAL" => match rest.strip_prefix("INSTANCE ") {
                Some(module) => PlannedUnit::Instance { module: module.to_string(), local: true },
                None => PlannedUnit::Operator { name: rest.to_string(), local: true },
            },
            "RECURSIVE" => PlannedUnit::Recursive(rest.to_string()),
            "INSTANCE" => PlannedUnit::Instance { module: rest.to_string(), local: false },
            "THEOREM" => PlannedUnit::NamedTheorem(rest.to_string()),
            "CONSTANT" => PlannedUnit::Constant(rest.to_string()),
            "VARIABLE" => PlannedUnit::Variable(rest.to_string()),
            _ => PlannedUnit::Operator { name: unit.to_string(), local: false },
        };
        plan.units.push(planned);
    }
    Some(plan)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashtable_enumerates_like_java() {
        let keys =
            "zeta alpha Beta gamma delta x y z epsilon eta theta iota kappa lambda mu nu xi \
                    omicron pi rho sigma tau upsilon phi chi psi omega Aa BB";
        let keys: Vec<&str> = keys.split_whitespace().collect();
        let mut table = JavaHashtableEmulation::new();
        for (index, key) in keys.iter().enumerate() {
            table.put_absent(ContextKey::symbol(key), index);
        }
        let enumerated: Vec<&str> =
            table.elements().into_iter().filter_map(|index| keys.get(index).copied()).collect();
        // What Java 17 prints for `keys()` of a `Hashtable` filled with `put` in this order
        // ("Aa" and "BB" have the same hash code).
        let java = [
            "BB", "Aa", "rho", "phi", "Beta", "omicron", "alpha", "eta", "gamma", "theta", "z",
            "y", "x", "zeta", "iota", "kappa", "lambda", "omega", "sigma", "mu", "xi", "tau",
            "psi", "pi", "delta", "chi", "nu", "upsilon", "epsilon",
        ];
        assert_eq!(enumerated, java);
    }

    #[test]
    fn built_ins_fill_a_table_of_capacity_191() {
        let context = SanyContext::duplicate_of_global_context();
        assert_eq!(context.table.buckets.len(), 191);
        assert_eq!(context.table.count, BUILTIN_OPERATORS.len());
    }

    /// The embedded texts must have the originals' names for the recorded order to be used.
    #[test]
    fn embedded_modules_have_the_shape_of_the_recorded_originals() {
        for (name, _) in ORIGINAL_MODULES {
            let embedded = tla_modules::embedded_module(name)
                .unwrap_or_else(|| panic!("{name} is not embedded"));
            let parsed = tla_syntax::parse_module(embedded.text);
            let module = parsed.module.unwrap_or_else(|| panic!("{name} does not parse"));
            let original = original_module_plan(name).unwrap_or_else(|| panic!("{name}"));
            assert_eq!(
                plan_signature(&plan_from_module(&module)),
                plan_signature(&original),
                "{name}"
            );
        }
    }
}
