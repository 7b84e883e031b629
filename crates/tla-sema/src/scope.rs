//! Symbols and the stack of contexts they live in, with SANY's rules for adding a name.
//!
//! TLA+ forbids re-binding a name that is already in scope: a bound variable may not shadow a
//! VARIABLE, a definition may not reuse a standard module's name, and built-in operators can
//! never be redefined. [`Scopes::add_symbol`] applies SANY's `SymbolTable.addSymbol` rules and
//! says which error or warning a conflict produces; the caller reports it.

use std::collections::HashMap;
use tla_diagnostics::Span;

/// Index of a symbol in [`Scopes::symbols`].
pub type SymbolId = usize;

/// Which file a span belongs to: an index into the specification's files.
pub type FileId = usize;

/// SANY's symbol kinds, which decide conflicts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SymbolKind {
    BuiltIn,
    Constant,
    Variable,
    /// An operator or function defined with `==`.
    UserDefined,
    /// A parameter of a definition, LAMBDA or quantifier (SANY's formal parameters).
    FormalParameter,
    /// A named module instance `I == INSTANCE M`.
    ModuleInstance,
    /// A named theorem or assumption.
    TheoremOrAssumption,
    /// `NEW` symbols of an `ASSUME ... PROVE`.
    NewSymbol,
    /// A nested module (modules live in their own namespace).
    Module,
}

/// Where a symbol was written: the file and the span of its declaration.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Origin {
    pub file: FileId,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Symbol {
    pub name: String,
    pub kind: SymbolKind,
    /// Number of arguments; `-1` for SANY's variadic internal operators.
    pub arity: i32,
    pub local: bool,
    /// `None` for built-ins.
    pub origin: Option<Origin>,
    /// The module the symbol was originally defined in (for SANY's unification rule).
    pub defined_in_module: String,
    /// For operators with operator parameters: the arity of each parameter.
    pub parameter_arities: Vec<i32>,
    /// For module instances: the key of the instantiated module's exported context.
    pub instance_of: Option<String>,
    /// Declared by RECURSIVE and not defined yet, at this LET level.
    pub pending_recursive: Option<u32>,
    /// The level of the symbol itself (for a defined operator: of its body, parameters aside).
    pub level: u8,
    /// For defined operators: whether each parameter occurs in the body (its argument's level
    /// then counts towards the application's level).
    pub parameter_weights: Vec<bool>,
    /// Set when the symbol is referred to (used for parameter weights).
    pub used: bool,
    /// For functions defined with `f[x \in S, ...] ==`: how many bound names they have.
    pub function_parameters: Option<usize>,
    /// SANY's level constraints of a defined operator on its arguments ([`crate::levels`]).
    pub argument_levels: crate::levels::ArgumentLevels,
    /// The labels of a definition, theorem, assumption or proof step (for `Op!label`).
    pub labels: crate::labels::LabelSet,
    /// For theorems and proof steps: what kind of statement the name stands for.
    pub statement: Option<crate::labels::Statement>,
}

/// One level of the context stack: names to symbols.
#[derive(Clone, Default, Debug)]
pub struct Context {
    pub entries: HashMap<String, SymbolId>,
    /// Names in the order they were added (exports keep it).
    pub order: Vec<String>,
}

impl Context {
    pub fn insert(&mut self, name: &str, id: SymbolId) {
        if self.entries.insert(name.to_string(), id).is_none() {
            self.order.push(name.to_string());
        }
    }
}

/// The outcome of trying to add a name to the innermost context.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AddOutcome {
    Added,
    /// The name was already bound to this very symbol.
    AlreadyThere,
    /// SANY code 4202: a built-in operator cannot be redefined.
    BuiltInRedefined,
    /// SANY code 4201, with the existing symbol.
    Conflict(SymbolId),
    /// A second declaration or definition of the same kind and arity (SANY warning 4801 unless
    /// both are one definition reached twice), with the existing symbol; the name keeps it.
    DuplicateWarning(SymbolId),
}

/// All symbols, and the contexts currently in scope (outermost first).
pub struct Scopes {
    pub symbols: Vec<Symbol>,
    pub stack: Vec<Context>,
}

impl Scopes {
    pub fn new(symbols: Vec<Symbol>, base: Context) -> Scopes {
        Scopes { symbols, stack: vec![base] }
    }

    pub fn push(&mut self) {
        self.stack.push(Context::default());
    }

    pub fn pop(&mut self) -> Context {
        if self.stack.len() > 1 {
            self.stack.pop().unwrap_or_default()
        } else {
            Context::default()
        }
    }

    pub fn innermost(&mut self) -> &mut Context {
        if self.stack.is_empty() {
            self.stack.push(Context::default());
        }
        let last = self.stack.len() - 1;
        &mut self.stack[last]
    }

    /// The symbol `name` refers to, searching from the innermost context out.
    pub fn resolve(&self, name: &str) -> Option<SymbolId> {
        self.stack.iter().rev().find_map(|context| context.entries.get(name).copied())
    }

    pub fn new_symbol(&mut self, symbol: Symbol) -> SymbolId {
        self.symbols.push(symbol);
        self.symbols.len() - 1
    }

    /// SANY's `addSymbol`: binds `name` to `id` in the innermost context unless that conflicts.
    pub fn add_symbol(&mut self, name: &str, id: SymbolId) -> AddOutcome {
        let Some(current) = self.resolve(name) else {
            self.innermost().insert(name, id);
            return AddOutcome::Added;
        };
        if current == id {
            return AddOutcome::AlreadyThere;
        }
        let existing = &self.symbols[current];
        let new = &self.symbols[id];
        if existing.kind == SymbolKind::BuiltIn {
            return AddOutcome::BuiltInRedefined;
        }
        if matches!(new.kind, SymbolKind::FormalParameter)
            || existing.kind != new.kind
            || existing.arity != new.arity
        {
            return AddOutcome::Conflict(current);
        }
        // Whether the two are one definition reached twice (SANY's `sameOriginallyDefinedInModule`)
        // needs the modules' parameters: the caller decides (`Resolver::declare`).
        AddOutcome::DuplicateWarning(current)
    }
}
