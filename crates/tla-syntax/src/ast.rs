//! The syntax tree of a TLA+ module.
//!
//! The tree keeps what SANY's parser keeps: every unit of a module (declarations, definitions,
//! instances, assumptions, theorems with their proofs, nested modules) and every expression
//! form, each with the span it covers. It is an abstract tree: parentheses are kept as
//! [`ExprKind::Parenthesized`] because they matter to labels and printing, but comments and
//! whitespace are not. Names are not resolved here; that is the semantic layer's job.

use tla_diagnostics::Span;

/// A name as written, with its span.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Name {
    pub text: String,
    pub span: Span,
}

#[derive(Clone, PartialEq, Debug)]
pub struct Module {
    pub name: Name,
    pub extends: Vec<Name>,
    pub units: Vec<Unit>,
    pub span: Span,
}

#[derive(Clone, PartialEq, Debug)]
pub enum Unit {
    Constants(Vec<Declaration>),
    Variables(Vec<Name>),
    Recursive(Vec<Declaration>),
    Definition(Definition),
    Instance(Instance),
    Assume(Assume),
    Theorem(Theorem),
    Module(Module),
    UseOrHide(UseOrHide),
    /// A `----` line between units.
    Separator(Span),
}

/// The shape of a declared or parameter operator.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DeclarationShape {
    /// A plain name, or an operator `F(_, _)` taking `arity` arguments.
    Operator { arity: usize },
    /// `-. _`, `~ _` and other prefix declarations.
    Prefix,
    /// `_ + _`.
    Infix,
    /// `_ ^+`.
    Postfix,
}

/// A declared constant, a recursive operator or an operator parameter.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Declaration {
    pub name: Name,
    pub shape: DeclarationShape,
    pub span: Span,
}

#[derive(Clone, PartialEq, Debug)]
pub struct Definition {
    pub local: bool,
    pub name: Name,
    pub kind: DefinitionKind,
    pub span: Span,
}

#[derive(Clone, PartialEq, Debug)]
pub enum DefinitionKind {
    /// `Op(p, q) == body`, also the operator forms `a + b == body`, `-. a == body`, `a^+ == body`.
    Operator { shape: DeclarationShape, parameters: Vec<Declaration>, body: Expr },
    /// `f[x \in S, y \in T] == body`.
    Function { bounds: Vec<BoundGroup>, body: Expr },
    /// `I(p) == INSTANCE M WITH ...`.
    Instance { parameters: Vec<Declaration>, instance: Instance },
}

#[derive(Clone, PartialEq, Debug)]
pub struct Instance {
    pub local: bool,
    pub module: Name,
    pub substitutions: Vec<Substitution>,
    pub span: Span,
}

/// `target <- value` in an `INSTANCE ... WITH`.
#[derive(Clone, PartialEq, Debug)]
pub struct Substitution {
    pub target: Name,
    pub value: Expr,
    pub span: Span,
}

#[derive(Clone, PartialEq, Debug)]
pub struct Assume {
    pub name: Option<Name>,
    pub body: Expr,
    pub span: Span,
}

#[derive(Clone, PartialEq, Debug)]
pub struct Theorem {
    pub name: Option<Name>,
    pub body: Expr,
    pub proof: Option<Proof>,
    pub span: Span,
}

#[derive(Clone, PartialEq, Debug)]
pub struct UseOrHide {
    pub hide: bool,
    pub only: bool,
    pub facts: Vec<Expr>,
    pub definitions: Vec<Expr>,
    pub span: Span,
}

#[derive(Clone, PartialEq, Debug)]
pub enum Proof {
    Obvious(Span),
    Omitted(Span),
    By(UseOrHide),
    Steps(Vec<ProofStep>),
}

#[derive(Clone, PartialEq, Debug)]
pub struct ProofStep {
    /// The step's label as written (`<1>2.`, `<2>`, `<*>`), when it has one.
    pub label: Option<Name>,
    pub kind: ProofStepKind,
    pub proof: Option<Proof>,
    pub span: Span,
}

#[derive(Clone, PartialEq, Debug)]
pub enum ProofStepKind {
    Assert(Expr),
    Suffices(Expr),
    Case(Expr),
    Pick { bounds: Vec<BoundGroup>, body: Expr },
    Have(Expr),
    Take(Vec<BoundGroup>),
    Witness(Vec<Expr>),
    Define(Vec<Definition>),
    UseOrHide(UseOrHide),
    Instance(Instance),
    Qed,
}

/// Names bound by a quantifier, `x, y \in S` or `<<a, b>> \in S`; without a set when unbounded.
#[derive(Clone, PartialEq, Debug)]
pub struct BoundGroup {
    pub pattern: BoundPattern,
    pub set: Option<Expr>,
    pub span: Span,
}

#[derive(Clone, PartialEq, Debug)]
pub enum BoundPattern {
    Names(Vec<Name>),
    Tuple(Vec<Name>),
}

#[derive(Clone, PartialEq, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

/// One `!`-separated part of a general name such as `I(x)!Op(y)` or `Op!2!<<`.
#[derive(Clone, PartialEq, Debug)]
pub struct NameSegment {
    pub selector: Selector,
    pub arguments: Vec<Expr>,
    /// The span of the parenthesized argument list, when there is one.
    pub arguments_span: Option<Span>,
    pub span: Span,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Selector {
    /// An identifier or an operator symbol; first in a name, also a proof step name (`<1>2` of
    /// `<1>2!1`, as written).
    Name(String),
    /// `!1`, `!2`: the n-th operand.
    Number(u32),
    /// `!<<`, `!>>`, `!:`, `!@`.
    Structural(String),
    /// `!(a, b)`: arguments given to the bound names of a quantifier or LAMBDA.
    Arguments,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Quantifier {
    Forall,
    Exists,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Fairness {
    Weak,
    Strong,
}

/// One `!` part of an `EXCEPT` path: `.field` or `[e1, e2]`.
#[derive(Clone, PartialEq, Debug)]
pub enum ExceptPathItem {
    Field(Name),
    Index(Vec<Expr>),
}

#[derive(Clone, PartialEq, Debug)]
pub struct ExceptUpdate {
    pub path: Vec<ExceptPathItem>,
    pub value: Expr,
    pub span: Span,
}

#[derive(Clone, PartialEq, Debug)]
pub enum ExprKind {
    /// A name, maybe qualified, maybe applied: `x`, `Op(a)`, `I!Op`, `Op!1`, `+` as an argument.
    Name(Vec<NameSegment>),
    Number(String),
    Decimal(String),
    String(String),
    /// A proof step name used as a fact, `<1>2`.
    StepName(String),
    Prefix {
        operator: Name,
        operand: Box<Expr>,
    },
    Infix {
        operator: Name,
        left: Box<Expr>,
        right: Box<Expr>,
    },
    Postfix {
        operator: Name,
        operand: Box<Expr>,
    },
    /// `A \X B \X C`.
    Product(Vec<Expr>),
    /// `f[a, b]`.
    Apply {
        function: Box<Expr>,
        arguments: Vec<Expr>,
    },
    /// `r.field`.
    Field {
        record: Box<Expr>,
        field: Name,
    },
    /// A bulleted list of `/\` (conjunction) or `\/` (disjunction) items.
    Junction {
        conjunction: bool,
        items: Vec<Expr>,
    },
    Parenthesized(Box<Expr>),
    If {
        condition: Box<Expr>,
        then_branch: Box<Expr>,
        else_branch: Box<Expr>,
    },
    Case {
        arms: Vec<(Expr, Expr)>,
        other: Option<Box<Expr>>,
    },
    Let {
        definitions: Vec<Unit>,
        body: Box<Expr>,
    },
    Quantified {
        quantifier: Quantifier,
        bounds: Vec<BoundGroup>,
        body: Box<Expr>,
    },
    /// `\AA x : e` and `\EE x : e`.
    TemporalQuantified {
        quantifier: Quantifier,
        names: Vec<Name>,
        body: Box<Expr>,
    },
    Choose {
        pattern: BoundPattern,
        set: Option<Box<Expr>>,
        body: Box<Expr>,
    },
    SetEnumeration(Vec<Expr>),
    /// `{x \in S : P}`.
    SetFilter {
        bound: Box<BoundGroup>,
        predicate: Box<Expr>,
    },
    /// `{e : x \in S}`.
    SetMap {
        element: Box<Expr>,
        bounds: Vec<BoundGroup>,
    },
    /// `[x \in S |-> e]`.
    FunctionConstructor {
        bounds: Vec<BoundGroup>,
        body: Box<Expr>,
    },
    /// `[S -> T]`.
    FunctionSet {
        domain: Box<Expr>,
        range: Box<Expr>,
    },
    /// `[a |-> 1, b |-> 2]`.
    Record(Vec<(Name, Expr)>),
    /// `[a : S, b : T]`.
    RecordSet(Vec<(Name, Expr)>),
    Except {
        function: Box<Expr>,
        updates: Vec<ExceptUpdate>,
    },
    /// `[e1, e2]` at operand position: parses in SANY, rejected by semantic analysis.
    BracketList(Vec<Expr>),
    Tuple(Vec<Expr>),
    /// `[A]_v`.
    BoxAction {
        action: Box<Expr>,
        subscript: Box<Expr>,
    },
    /// `<<A>>_v`.
    AngleAction {
        action: Box<Expr>,
        subscript: Box<Expr>,
    },
    Fairness {
        fairness: Fairness,
        subscript: Box<Expr>,
        action: Box<Expr>,
    },
    Lambda {
        parameters: Vec<Name>,
        body: Box<Expr>,
    },
    /// `l(x) :: e`.
    Label {
        name: Name,
        parameters: Vec<Name>,
        body: Box<Expr>,
    },
    /// `ASSUME ... PROVE ...` (in theorems and proof steps).
    AssumeProve {
        assumptions: Vec<Expr>,
        conclusion: Box<Expr>,
    },
    /// `NEW x \in S`, `NEW CONSTANT F(_)`, ... inside `ASSUME`.
    NewSymbol {
        declaration: Declaration,
        set: Option<Box<Expr>>,
    },
    /// A placeholder where a parse error left no expression.
    Error,
}

impl Expr {
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }

    pub fn error(span: Span) -> Expr {
        Expr { kind: ExprKind::Error, span }
    }
}

/// Trees can be deep (long operator chains, deep nesting); dropping them recursively could
/// overflow the stack, so children are dropped from a work list instead.
impl Drop for Expr {
    fn drop(&mut self) {
        let is_leaf = match &self.kind {
            ExprKind::Name(segments) => segments.iter().all(|segment| segment.arguments.is_empty()),
            ExprKind::Number(_)
            | ExprKind::Decimal(_)
            | ExprKind::String(_)
            | ExprKind::StepName(_)
            | ExprKind::Error => true,
            _ => false,
        };
        if is_leaf {
            return;
        }
        let mut pending: Vec<Expr> = Vec::new();
        take_children(std::mem::replace(&mut self.kind, ExprKind::Error), &mut pending);
        while let Some(mut expr) = pending.pop() {
            take_children(std::mem::replace(&mut expr.kind, ExprKind::Error), &mut pending);
        }
    }
}

fn take_children(kind: ExprKind, out: &mut Vec<Expr>) {
    let push_bounds = |bounds: Vec<BoundGroup>, out: &mut Vec<Expr>| {
        out.extend(bounds.into_iter().filter_map(|bound| bound.set));
    };
    match kind {
        ExprKind::Name(segments) => {
            for segment in segments {
                out.extend(segment.arguments);
            }
        }
        ExprKind::Prefix { operand, .. } | ExprKind::Postfix { operand, .. } => out.push(*operand),
        ExprKind::Infix { left, right, .. } => {
            out.push(*left);
            out.push(*right);
        }
        ExprKind::Product(items)
        | ExprKind::SetEnumeration(items)
        | ExprKind::BracketList(items)
        | ExprKind::Tuple(items)
        | ExprKind::Junction { items, .. } => out.extend(items),
        ExprKind::Apply { function, arguments } => {
            out.push(*function);
            out.extend(arguments);
        }
        ExprKind::Field { record, .. } => out.push(*record),
        ExprKind::Parenthesized(inner) => out.push(*inner),
        ExprKind::If { condition, then_branch, else_branch } => {
            out.extend([*condition, *then_branch, *else_branch]);
        }
        ExprKind::Case { arms, other } => {
            for (guard, value) in arms {
                out.push(guard);
                out.push(value);
            }
            out.extend(other.map(|other| *other));
        }
        ExprKind::Quantified { bounds, body, .. } => {
            push_bounds(bounds, out);
            out.push(*body);
        }
        ExprKind::TemporalQuantified { body, .. }
        | ExprKind::Lambda { body, .. }
        | ExprKind::Label { body, .. } => out.push(*body),
        ExprKind::Choose { set, body, .. } => {
            out.extend(set.map(|set| *set));
            out.push(*body);
        }
        ExprKind::SetFilter { bound, predicate } => {
            push_bounds(vec![*bound], out);
            out.push(*predicate);
        }
        ExprKind::SetMap { element, bounds }
        | ExprKind::FunctionConstructor { body: element, bounds } => {
            push_bounds(bounds, out);
            out.push(*element);
        }
        ExprKind::FunctionSet { domain, range } => {
            out.push(*domain);
            out.push(*range);
        }
        ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
            out.extend(fields.into_iter().map(|(_, value)| value));
        }
        ExprKind::Except { function, updates } => {
            out.push(*function);
            for update in updates {
                for item in update.path {
                    if let ExceptPathItem::Index(indices) = item {
                        out.extend(indices);
                    }
                }
                out.push(update.value);
            }
        }
        ExprKind::BoxAction { action, subscript } | ExprKind::AngleAction { action, subscript } => {
            out.push(*action);
            out.push(*subscript);
        }
        ExprKind::Fairness { subscript, action, .. } => {
            out.push(*subscript);
            out.push(*action);
        }
        ExprKind::AssumeProve { assumptions, conclusion } => {
            out.extend(assumptions);
            out.push(*conclusion);
        }
        ExprKind::NewSymbol { set, .. } => out.extend(set.map(|set| *set)),
        ExprKind::Let { .. }
        | ExprKind::Number(_)
        | ExprKind::Decimal(_)
        | ExprKind::String(_)
        | ExprKind::StepName(_)
        | ExprKind::Error => {}
    }
}
