//! The resolved representation of a specification (HIR): what the evaluator and the model
//! checker run.
//!
//! The syntax tree names things; this representation points at them. Every name is replaced by
//! what it denotes: a definition ([`DefId`]), a declared constant ([`ConstId`]) or variable
//! ([`VarId`]), a bound name or parameter (a de Bruijn index into the evaluation environment), an
//! operator built into TLA+ ([`BuiltinOp`]), or an operator the evaluator implements natively
//! ([`Body::Native`]). Instances are flattened: every definition of an instantiated module is
//! lowered once per instance, with the instance's substitutions in place of the module's
//! constants and variables, so `I!Op` is an ordinary call. Levels (constant, state, action,
//! temporal) are recorded on definitions and expressions, because the checker splits
//! specifications and actions by level as TLC does.
//!
//! Environment layout (the contract between lowering and evaluation): the environment is a stack
//! of bindings; [`ExprKind::Local`] `0` is the innermost. A call to a definition starts from an
//! empty environment and pushes the arguments in order (the last parameter is innermost); a
//! definition that came from a parameterised instance `I(p) == INSTANCE M` takes `p` as leading
//! parameters. Binders push their names left to right (`\A x \in S, y \in T` pushes `x` then `y`;
//! a tuple pattern `<<a, b>>` pushes `a` then `b`). `LET` pushes nothing: its definitions are
//! definitions of their own whose bodies see the environment at the `LET` plus their parameters;
//! a call from deeper inside says how many bindings to drop first ([`ExprKind::CallLet`]).
//! [`ExprKind::Outer`] evaluates a sub-expression in the environment with some innermost
//! bindings dropped; lowering uses it for instance substitutions, which are written in the
//! instantiating module's scope but used deeper inside the instantiated one.

use tla_diagnostics::Span;

/// A definition: an index into [`Hir::definitions`].
pub type DefId = u32;
/// A declared constant of the root module (including those it extends): an index into
/// [`Hir::constants`]. The model's cfg file gives their values.
pub type ConstId = u32;
/// A state variable: an index into [`Hir::variables`] and into every state.
pub type VarId = u32;
/// A module: an index into [`Hir::modules`].
pub type ModuleId = u32;

/// Expression levels, ordered: constant < state < action < temporal.
pub type Level = u8;
pub const CONSTANT_LEVEL: Level = 0;
pub const STATE_LEVEL: Level = 1;
pub const ACTION_LEVEL: Level = 2;
pub const TEMPORAL_LEVEL: Level = 3;

/// A resolved specification.
#[derive(Clone, Debug, Default)]
pub struct Hir {
    pub modules: Vec<ModuleInfo>,
    pub definitions: Vec<Definition>,
    pub constants: Vec<Declared>,
    pub variables: Vec<Declared>,
    /// What the root module's scope holds, by name: the names a cfg file may use.
    pub root_scope: Vec<(String, Entity)>,
    /// The definitions each module sees when lowered in the root's context, its own first (for
    /// cfg overrides of the form `Op <- [M] Other`), by module name.
    pub module_scopes: Vec<(String, Vec<(String, DefId)>)>,
    /// Every `ASSUME` of the root module and the modules it extends, in order.
    pub assumptions: Vec<Assumption>,
}

impl Hir {
    /// What `name` denotes in the root module's scope.
    pub fn root_entity(&self, name: &str) -> Option<Entity> {
        self.root_scope.iter().find(|(entry, _)| entry == name).map(|(_, entity)| *entity)
    }

    /// The definition `name` of module `module` as lowered in the root's context.
    pub fn module_definition(&self, module: &str, name: &str) -> Option<DefId> {
        let (_, scope) = self.module_scopes.iter().find(|(entry, _)| entry == module)?;
        scope.iter().find(|(entry, _)| entry == name).map(|(_, def)| *def)
    }

    pub fn definition(&self, def: DefId) -> &Definition {
        &self.definitions[def as usize]
    }
}

/// A module of the specification (top-level or nested) and the file that holds it.
#[derive(Clone, Debug)]
pub struct ModuleInfo {
    pub name: String,
    /// Index into the loaded specification's files; spans of this module's expressions are
    /// offsets into that file's text.
    pub file: usize,
}

/// A declared constant or variable.
#[derive(Clone, Debug)]
pub struct Declared {
    pub name: String,
    /// For constants: the number of arguments of a declared operator constant (`C(_, _)`).
    pub arity: usize,
    pub module: ModuleId,
    pub span: Span,
}

/// What a name in the root module's scope denotes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entity {
    Definition(DefId),
    Constant(ConstId),
    Variable(VarId),
}

#[derive(Clone, Debug)]
pub struct Assumption {
    pub name: Option<String>,
    pub body: Expr,
}

/// An operator or function definition.
#[derive(Clone, Debug)]
pub struct Definition {
    /// The name as written (`Next`, `+`, `\prec`); for a `LAMBDA`, `LAMBDA`.
    pub name: String,
    /// The module the definition is written in.
    pub module: ModuleId,
    /// The span of the whole definition (`Op(x) == body`).
    pub span: Span,
    /// Parameters in order, the instance parameters first.
    pub parameters: Vec<Parameter>,
    /// How many leading parameters are parameters of a parameterised instance.
    pub instance_parameters: usize,
    pub body: Body,
    /// The level of the body when the parameters are constants.
    pub level: Level,
    /// Defined in a `LET` (or a `LAMBDA`): its body sees the environment where it is defined.
    pub local: bool,
}

#[derive(Clone, Debug)]
pub struct Parameter {
    pub name: String,
    /// 0 for an ordinary parameter, `n` for an operator parameter `F(_, ..., _)`.
    pub arity: usize,
}

#[derive(Clone, Debug)]
pub enum Body {
    /// `Op(p) == expr`.
    Expression(Expr),
    /// `f[x \in S, y \in T] == expr`: the function, which may refer to `f` itself. The bound
    /// names are pushed as for a function constructor.
    Function { bounds: Vec<Bound>, body: Expr },
    /// Implemented by the evaluator, as TLC implements it natively: the operator `name` of
    /// standard or community module `module`.
    Native { module: String, name: String },
}

/// One `x \in S` (or `<<a, b>> \in S`, or an unbounded `x`) of a binder.
#[derive(Clone, Debug)]
pub struct Bound {
    /// The names bound, in order; a tuple pattern binds each component.
    pub names: Vec<String>,
    pub tuple: bool,
    pub set: Option<Expr>,
}

impl Bound {
    /// How many bindings this bound pushes.
    pub fn width(&self) -> usize {
        self.names.len()
    }
}

/// A resolved expression.
#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
    pub module: ModuleId,
    pub level: Level,
    /// The expression's entry in an evaluator's per-expression tables; see [`ExprSlot`].
    pub slot: ExprSlot,
}

/// A number an evaluator gives each expression of the specification it runs, once, before it
/// evaluates anything: the index of the expression's entry in its tables of facts known ahead
/// (a string literal's value, a constant's cache). 0, the default, is "no entry" (expressions
/// built after the evaluator numbered the specification). Numbering goes through a shared
/// reference, as the evaluator keeps the specification behind one; a clone keeps the number.
#[derive(Default, Debug)]
pub struct ExprSlot(std::sync::atomic::AtomicU32);

impl ExprSlot {
    /// The slot of an expression no evaluator numbered.
    pub const fn unnumbered() -> ExprSlot {
        ExprSlot(std::sync::atomic::AtomicU32::new(0))
    }

    pub fn get(&self) -> u32 {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }

    pub fn set(&self, slot: u32) {
        self.0.store(slot, std::sync::atomic::Ordering::Relaxed)
    }
}

impl Clone for ExprSlot {
    fn clone(&self) -> ExprSlot {
        ExprSlot(std::sync::atomic::AtomicU32::new(self.get()))
    }
}

/// An operator given as an argument to an operator parameter.
#[derive(Clone, Debug)]
pub enum OperatorRef {
    /// A top-level definition (with the leading arguments of a parameterised instance already
    /// given, if any).
    Definition { def: DefId, instance_arguments: Vec<Expr> },
    /// A `LET` definition or a `LAMBDA`: a closure over the current environment minus `up`
    /// innermost bindings.
    Local { def: DefId, up: u32 },
    /// An operator parameter of an enclosing definition, passed on.
    Parameter(u32),
    /// An operator built into TLA+ (`\cup`, `=`).
    Builtin(BuiltinOp),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantifier {
    Forall,
    Exists,
}

/// A path item of `EXCEPT`: `.field` or `[e1, e2]` (several indices form a tuple).
#[derive(Clone, Debug)]
pub enum ExceptPathItem {
    Field(String),
    Index(Vec<Expr>),
}

#[derive(Clone, Debug)]
pub struct ExceptUpdate {
    pub path: Vec<ExceptPathItem>,
    /// Sees `@` as [`ExprKind::ExceptAt`].
    pub value: Expr,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Bool(bool),
    Int(i64),
    /// A numeral outside TLC's 32-bit range; evaluating it is TLC's overflow error.
    LargeNumber(String),
    /// A decimal numeral; TLC cannot evaluate reals.
    Decimal(String),
    Str(String),
    /// The sets `BOOLEAN` and `STRING`.
    BooleanSet,
    StringSet,
    /// A bound name or an ordinary parameter (a value, evaluated lazily).
    Local(u32),
    Constant(ConstId),
    Variable(VarId),
    /// A call of a top-level definition (also zero-arity ones).
    Call {
        def: DefId,
        arguments: Vec<Expr>,
    },
    /// A call of a `LET` definition: drop `up` innermost bindings, then push the arguments.
    CallLet {
        def: DefId,
        up: u32,
        arguments: Vec<Expr>,
    },
    /// A call of an operator parameter (or of a declared operator constant, see
    /// [`ExprKind::CallConstant`]).
    CallParameter {
        index: u32,
        arguments: Vec<Expr>,
    },
    /// A declared operator constant `C(_)` applied; the cfg substitutes a definition.
    CallConstant {
        constant: ConstId,
        arguments: Vec<Expr>,
    },
    /// An operator as an argument of a higher-order operator.
    Operator(OperatorRef),
    /// Built-in operators of TLA+, applied.
    Builtin {
        op: BuiltinOp,
        arguments: Vec<Expr>,
    },
    /// The expression in the environment with `up` innermost bindings dropped.
    Outer {
        up: u32,
        expr: Box<Expr>,
    },
    /// `/\` and `\/` lists, and the infix `/\`, `\/` (kept apart from other operators because
    /// actions branch on them). `items` has at least one element.
    Junction {
        conjunction: bool,
        items: Vec<Expr>,
    },
    If {
        condition: Box<Expr>,
        then_branch: Box<Expr>,
        else_branch: Box<Expr>,
    },
    Case {
        arms: Vec<(Expr, Expr)>,
        other: Option<Box<Expr>>,
    },
    /// `LET` definitions (lowered to local [`Definition`]s) around a body.
    Let {
        definitions: Vec<DefId>,
        body: Box<Expr>,
    },
    Quantified {
        quantifier: Quantifier,
        bounds: Vec<Bound>,
        body: Box<Expr>,
    },
    Choose {
        bound: Box<Bound>,
        body: Box<Expr>,
    },
    SetEnumeration(Vec<Expr>),
    SetFilter {
        bound: Box<Bound>,
        predicate: Box<Expr>,
    },
    SetMap {
        element: Box<Expr>,
        bounds: Vec<Bound>,
    },
    FunctionConstructor {
        bounds: Vec<Bound>,
        body: Box<Expr>,
    },
    FunctionSet {
        domain: Box<Expr>,
        range: Box<Expr>,
    },
    /// `f[a]`, `f[a, b]` (several arguments form a tuple).
    Apply {
        function: Box<Expr>,
        arguments: Vec<Expr>,
    },
    Record(Vec<(String, Expr)>),
    RecordSet(Vec<(String, Expr)>),
    /// `r.field`.
    Field {
        record: Box<Expr>,
        field: String,
    },
    Except {
        function: Box<Expr>,
        updates: Vec<ExceptUpdate>,
    },
    /// `@` inside an `EXCEPT` update: the old value at the update's path.
    ExceptAt,
    Tuple(Vec<Expr>),
    Product(Vec<Expr>),
    /// `[A]_v` and `<<A>>_v`.
    BoxAction {
        action: Box<Expr>,
        subscript: Box<Expr>,
    },
    AngleAction {
        action: Box<Expr>,
        subscript: Box<Expr>,
    },
    /// `WF_v(A)` and `SF_v(A)`.
    Fairness {
        strong: bool,
        subscript: Box<Expr>,
        action: Box<Expr>,
    },
    /// `\AA x : F`, `\EE x : F`; the names are pushed as bindings.
    TemporalQuantified {
        quantifier: Quantifier,
        names: Vec<String>,
        body: Box<Expr>,
    },
    /// A label `l :: e`, kept for coverage and locations.
    Label {
        name: String,
        body: Box<Expr>,
    },
    /// What analysis cannot give meaning to at run time (a proof-only construct); evaluating it
    /// is an error naming `what`.
    Unsupported {
        what: String,
    },
}

/// The operators built into TLA+ itself (not defined in any module).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BuiltinOp {
    Equal,
    NotEqual,
    Not,
    And,
    Or,
    Implies,
    Equivalent,
    In,
    NotIn,
    SubsetEq,
    Union,
    Intersect,
    SetMinus,
    /// `SUBSET S`.
    PowerSet,
    /// `UNION S`.
    BigUnion,
    Domain,
    Prime,
    Unchanged,
    Enabled,
    /// `A \cdot B`.
    Composition,
    Always,
    Eventually,
    LeadsTo,
    /// `-+->`.
    WhilePlus,
}

impl BuiltinOp {
    /// The operator's name as SANY spells it (for messages).
    pub fn name(self) -> &'static str {
        match self {
            BuiltinOp::Equal => "=",
            BuiltinOp::NotEqual => "/=",
            BuiltinOp::Not => "\\lnot",
            BuiltinOp::And => "\\land",
            BuiltinOp::Or => "\\lor",
            BuiltinOp::Implies => "=>",
            BuiltinOp::Equivalent => "\\equiv",
            BuiltinOp::In => "\\in",
            BuiltinOp::NotIn => "\\notin",
            BuiltinOp::SubsetEq => "\\subseteq",
            BuiltinOp::Union => "\\union",
            BuiltinOp::Intersect => "\\intersect",
            BuiltinOp::SetMinus => "\\",
            BuiltinOp::PowerSet => "SUBSET",
            BuiltinOp::BigUnion => "UNION",
            BuiltinOp::Domain => "DOMAIN",
            BuiltinOp::Prime => "'",
            BuiltinOp::Unchanged => "UNCHANGED",
            BuiltinOp::Enabled => "ENABLED",
            BuiltinOp::Composition => "\\cdot",
            BuiltinOp::Always => "[]",
            BuiltinOp::Eventually => "<>",
            BuiltinOp::LeadsTo => "~>",
            BuiltinOp::WhilePlus => "-+->",
        }
    }

    /// The number of arguments.
    pub fn arity(self) -> usize {
        match self {
            BuiltinOp::Not
            | BuiltinOp::PowerSet
            | BuiltinOp::BigUnion
            | BuiltinOp::Domain
            | BuiltinOp::Prime
            | BuiltinOp::Unchanged
            | BuiltinOp::Enabled
            | BuiltinOp::Always
            | BuiltinOp::Eventually => 1,
            _ => 2,
        }
    }

    /// The built-in operator spelled `name` in any of its spellings (`\cup`, `\union`, `\/`
    /// excluded: junctions are not built-in operators here).
    pub fn from_name(name: &str) -> Option<BuiltinOp> {
        Some(match name {
            "=" => BuiltinOp::Equal,
            "/=" | "#" => BuiltinOp::NotEqual,
            "~" | "\\lnot" | "\\neg" => BuiltinOp::Not,
            "=>" => BuiltinOp::Implies,
            "<=>" | "\\equiv" => BuiltinOp::Equivalent,
            "\\in" => BuiltinOp::In,
            "\\notin" => BuiltinOp::NotIn,
            "\\subseteq" => BuiltinOp::SubsetEq,
            "\\cup" | "\\union" => BuiltinOp::Union,
            "\\cap" | "\\intersect" => BuiltinOp::Intersect,
            "\\" => BuiltinOp::SetMinus,
            "SUBSET" => BuiltinOp::PowerSet,
            "UNION" => BuiltinOp::BigUnion,
            "DOMAIN" => BuiltinOp::Domain,
            "'" => BuiltinOp::Prime,
            "UNCHANGED" => BuiltinOp::Unchanged,
            "ENABLED" => BuiltinOp::Enabled,
            "\\cdot" => BuiltinOp::Composition,
            "[]" => BuiltinOp::Always,
            "<>" => BuiltinOp::Eventually,
            "~>" => BuiltinOp::LeadsTo,
            "-+->" => BuiltinOp::WhilePlus,
            _ => return None,
        })
    }
}
