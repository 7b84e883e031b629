//! From an expression of the resolved specification to a [`Node`] tree: names resolved to slots
//! and environment positions, calls of defined operators inlined, natives and constants found.

use std::sync::atomic::{AtomicBool, AtomicU32};

use tla_sema::hir::{Body, BuiltinOp, DefId, ExceptPathItem, Expr, ExprKind, Quantifier};
use tla_values::Value;

use super::{Base, ExceptStep, Node, Place, Program};
use crate::builtin_ops::{needs_states, simple_filter};
use crate::evaluator::{ConstantBinding, Evaluator};
use crate::known::Known;

/// The most nodes one formula compiles to (inlining copies arguments that are names).
const MAX_NODES: usize = 4096;
/// How deep calls are inlined into each other.
const MAX_INLINING: usize = 12;

/// The program of formula `expr`, when it has no effects and compiles to more than a call of
/// the interpreter.
pub(super) fn program(evaluator: &Evaluator, expr: &'static Expr) -> Option<Program> {
    let scope = Scope { base: Base::Outer, entries: Vec::new(), at: None, outer_drop: 0 };
    compiled_program(Compiler::new(evaluator, Vec::new()), expr, &scope)
}

/// The program of definition `def`'s body, its parameters in slots `0..n` (the first
/// innermost last, as a call pushes them), for compiled recursive calls.
pub(super) fn definition_program(evaluator: &Evaluator, def: DefId) -> Option<Program> {
    let definition = evaluator.definition(def).ok()?;
    let Body::Expression(body) = &definition.body else {
        return None;
    };
    let mut compiler = Compiler::new(evaluator, vec![def]);
    let mut scope = Scope { base: Base::Empty, entries: Vec::new(), at: None, outer_drop: 0 };
    for _ in &definition.parameters {
        let slot = compiler.slot();
        scope.entries.push(Node::Place(Place::Slot(slot)));
    }
    compiled_program(compiler, body, &scope)
}

/// `expr` compiled in `scope`, when it has no effects and compiles to more than a call of the
/// interpreter.
fn compiled_program(mut compiler: Compiler, expr: &'static Expr, scope: &Scope) -> Option<Program> {
    if !crate::predicate_memo::without_effects_reading_primes(compiler.evaluator, expr) {
        return None;
    }
    let root = compiler.expr(expr, scope)?;
    if matches!(root, Node::Interpret { .. }) {
        return None;
    }
    Some(Program {
        root,
        slots: compiler.slots,
        let_values: compiler.let_values,
        interprets_in_outer: compiler.interprets_in_outer,
        runs: AtomicU32::new(0),
        gave_up: AtomicU32::new(0),
        retired: AtomicBool::new(false),
    })
}

/// The bindings an expression sees: those pushed inside the compiled formula (innermost last),
/// on top of the formula's environment or of none (inside an inlined call).
#[derive(Clone)]
struct Scope {
    base: Base,
    /// Each a [`Place::Slot`] or an inlined call's argument that is itself a place.
    entries: Vec<Node>,
    /// The slot `@` reads, inside an update of an `EXCEPT`.
    at: Option<usize>,
    /// How many innermost bindings of the formula's environment this scope does not see (the
    /// body of a `LET` definition written outside the formula, inlined at its use).
    outer_drop: u32,
}

fn value(value: Value) -> Node {
    Node::Place(Place::Value(value))
}

struct Compiler<'e> {
    evaluator: &'e Evaluator,
    slots: usize,
    nodes: usize,
    /// The definitions being inlined, innermost last (a recursive one is not inlined again).
    inlined: Vec<DefId>,
    /// Whether a [`Node::Interpret`] evaluates in the formula's environment.
    interprets_in_outer: bool,
    /// How many [`Node::Interpret`]s were made in a scope that drops outer bindings (they
    /// would see the wrong environment, so the inlining that made them is undone).
    dropping_interprets: usize,
    /// The definitions of the `LET`s inside the formula around the expression being compiled,
    /// with what a use of each compiles to (innermost last).
    local_lets: Vec<(DefId, Node)>,
    /// The bodies of the `LET` definitions computed at their first use.
    let_values: Vec<Node>,
}

impl<'e> Compiler<'e> {
    /// A compiler inside the calls of `inlined` (the definition whose body it compiles).
    fn new(evaluator: &'e Evaluator, inlined: Vec<DefId>) -> Compiler<'e> {
        Compiler {
            evaluator,
            slots: 0,
            nodes: 0,
            inlined,
            interprets_in_outer: false,
            dropping_interprets: 0,
            local_lets: Vec::new(),
            let_values: Vec::new(),
        }
    }

    fn slot(&mut self) -> usize {
        self.slots += 1;
        self.slots - 1
    }

    fn interpret(&mut self, expr: &'static Expr, scope: &Scope) -> Node {
        self.interprets_in_outer |= scope.base == Base::Outer;
        if scope.outer_drop > 0 {
            self.dropping_interprets += 1;
        }
        Node::Interpret { expr, base: scope.base, bindings: scope.entries.clone() }
    }

    fn all(&mut self, items: &'static [Expr], scope: &Scope) -> Option<Vec<Node>> {
        items.iter().map(|item| self.expr(item, scope)).collect()
    }

    fn boxed(&mut self, expr: &'static Expr, scope: &Scope) -> Option<Box<Node>> {
        self.expr(expr, scope).map(Box::new)
    }

    /// `None` when the formula cannot be compiled at all (too large, malformed bindings).
    fn expr(&mut self, expr: &'static Expr, scope: &Scope) -> Option<Node> {
        self.nodes += 1;
        if self.nodes > MAX_NODES {
            return None;
        }
        let evaluator = self.evaluator;
        if let Known::Closed(_) = evaluator.shared.known.of(expr) {
            // A closed constant needs no bindings: its value is kept once computed.
            return Some(Node::Interpret { expr, base: Base::Empty, bindings: Vec::new() });
        }
        Some(match &expr.kind {
            ExprKind::Bool(b) => value(Value::Bool(*b)),
            ExprKind::Int(n) => value(Value::Int(*n)),
            ExprKind::Str(_) => match evaluator.known_value(expr) {
                Some(known) => value(known.clone()),
                None => self.interpret(expr, scope),
            },
            ExprKind::Variable(var) => Node::Place(Place::Variable(*var as usize)),
            ExprKind::Builtin { op: BuiltinOp::Prime, arguments } => match arguments.as_slice() {
                [Expr { kind: ExprKind::Variable(var), .. }] => {
                    Node::Place(Place::PrimedVariable(*var as usize))
                }
                _ => return None,
            },
            ExprKind::Local(index) => {
                let index = *index as usize;
                let entries = &scope.entries;
                if index < entries.len() {
                    entries[entries.len() - 1 - index].clone()
                } else if scope.base == Base::Outer {
                    Node::Place(Place::EnvLocal((index - entries.len()) as u32 + scope.outer_drop))
                } else {
                    return None;
                }
            }
            ExprKind::Constant(constant) => match evaluator.constant_binding(*constant) {
                Some(ConstantBinding::Value(known)) => value(known.clone()),
                _ => self.interpret(expr, scope),
            },
            ExprKind::Call { def, arguments } => self.call(expr, *def, arguments, scope)?,
            ExprKind::CallLet { def, up, arguments } if arguments.is_empty() => {
                match self.local_lets.iter().rev().find(|(local, _)| local == def) {
                    Some((_, node)) => node.clone(),
                    None => self.let_call(expr, *def, *up, scope)?,
                }
            }
            ExprKind::Let { definitions, body } => self.let_in(expr, definitions, body, scope)?,
            ExprKind::Builtin { op, arguments } => self.builtin(expr, *op, arguments, scope)?,
            ExprKind::Junction { conjunction, items } => {
                Node::Junction { conjunction: *conjunction, items: self.all(items, scope)? }
            }
            ExprKind::If { condition, then_branch, else_branch } => Node::If {
                condition: self.boxed(condition, scope)?,
                then_branch: self.boxed(then_branch, scope)?,
                else_branch: self.boxed(else_branch, scope)?,
            },
            ExprKind::Case { arms, other } => {
                let mut compiled = Vec::with_capacity(arms.len());
                for (guard, value) in arms {
                    compiled.push((self.expr(guard, scope)?, self.expr(value, scope)?));
                }
                let other = match other {
                    Some(other) => Some(self.boxed(other, scope)?),
                    None => None,
                };
                Node::Case { arms: compiled, other }
            }
            ExprKind::Quantified { quantifier, bounds, body } => {
                let plain = bounds.iter().all(|bound| !bound.tuple && bound.set.is_some());
                if !plain {
                    return Some(self.interpret(expr, scope));
                }
                let mut domains = Vec::with_capacity(bounds.len());
                for bound in bounds {
                    domains.push(self.expr(bound.set.as_ref()?, scope)?);
                }
                // Each name is bound in its place, the first deepest.
                let mut inner = scope.clone();
                let mut slots = Vec::new();
                for (domain, bound) in bounds.iter().enumerate() {
                    for _ in &bound.names {
                        let slot = self.slot();
                        slots.push((slot, domain));
                        inner.entries.push(Node::Place(Place::Slot(slot)));
                    }
                }
                Node::Quantified {
                    exists: *quantifier == Quantifier::Exists,
                    slots,
                    domains,
                    body: self.boxed(body, &inner)?,
                }
            }
            ExprKind::Apply { function, arguments } => {
                let function = self.boxed(function, scope)?;
                let argument = match arguments.as_slice() {
                    [only] => self.expr(only, scope)?,
                    items => Node::Tuple(self.all(items, scope)?),
                };
                match (*function, argument) {
                    (Node::Place(function), Node::Place(argument)) => {
                        Node::Place(Place::Apply(Box::new(function), Box::new(argument)))
                    }
                    (function, argument) => Node::Apply(Box::new(function), Box::new(argument)),
                }
            }
            ExprKind::Field { record, field: _ } => match evaluator.shared.known.of(expr) {
                Known::FieldName(name) => match self.expr(record, scope)? {
                    Node::Place(record) => {
                        Node::Place(Place::Field(Box::new(record), name.clone()))
                    }
                    record => Node::Field(Box::new(record), name.clone()),
                },
                _ => self.interpret(expr, scope),
            },
            ExprKind::Tuple(items) => Node::Tuple(self.all(items, scope)?),
            ExprKind::SetEnumeration(items) => Node::SetEnumeration(self.all(items, scope)?),
            ExprKind::Record(fields) => {
                let mut compiled = Vec::with_capacity(fields.len());
                for (name, value) in fields {
                    compiled.push((evaluator.atom(name), self.expr(value, scope)?));
                }
                Node::Record(compiled)
            }
            ExprKind::Except { function, updates } => self.except(function, updates, scope)?,
            ExprKind::ExceptAt => Node::Place(Place::Slot(scope.at?)),
            ExprKind::FunctionConstructor { bounds, body } => match bounds.as_slice() {
                [bound] if !bound.tuple && bound.names.len() == 1 && bound.set.is_some() => {
                    let domain = self.boxed(bound.set.as_ref()?, scope)?;
                    let slot = self.slot();
                    let mut inner = scope.clone();
                    inner.entries.push(Node::Place(Place::Slot(slot)));
                    Node::Function { slot, domain, body: self.boxed(body, &inner)? }
                }
                _ => self.interpret(expr, scope),
            },
            ExprKind::SetFilter { .. } => match simple_filter(expr) {
                Some((set, predicate)) => {
                    let set = self.boxed(set, scope)?;
                    let slot = self.slot();
                    let mut inner = scope.clone();
                    inner.entries.push(Node::Place(Place::Slot(slot)));
                    Node::SetFilter { slot, set, predicate: self.boxed(predicate, &inner)? }
                }
                None => self.interpret(expr, scope),
            },
            ExprKind::Label { body, .. } => self.expr(body, scope)?,
            ExprKind::Outer { up, expr: inner } if (*up as usize) <= scope.entries.len() => {
                let mut outer = scope.clone();
                outer.entries.truncate(scope.entries.len() - *up as usize);
                self.expr(inner, &outer)?
            }
            _ => self.interpret(expr, scope),
        })
    }

    /// `LET ... IN body` inside the formula, when its definitions take no parameters (else it
    /// is left to the interpreter whole). A definition whose body is a place (`ledger[hash]`) is
    /// read at each use; another is computed at its first use. A use the interpreter evaluates
    /// (inside a [`Node::Interpret`]) finds no instance of the `LET` and computes the definition
    /// from the environment at the `LET`, as it does for a `LET` an action's walk went through.
    fn let_in(
        &mut self,
        expr: &'static Expr,
        definitions: &'static [DefId],
        body: &'static Expr,
        scope: &Scope,
    ) -> Option<Node> {
        let mut bodies = Vec::with_capacity(definitions.len());
        for &def in definitions {
            let definition = self.evaluator.definition(def).ok()?;
            match &definition.body {
                Body::Expression(body) if definition.parameters.is_empty() => bodies.push(body),
                _ => return Some(self.interpret(expr, scope)),
            }
        }
        // Inside an `EXCEPT` update the definitions see the `@` of the `LET`; left alone.
        if scope.at.is_some() {
            return Some(self.interpret(expr, scope));
        }
        let outer_lets = self.local_lets.len();
        let mut lazy_slots = Vec::new();
        for (&def, body) in definitions.iter().zip(bodies) {
            let use_node = match self.expr(body, scope) {
                Some(place @ Node::Place(_)) => place,
                Some(value) => {
                    let slot = self.slot();
                    lazy_slots.push(slot);
                    self.let_values.push(value);
                    Node::LetValue { slot, index: self.let_values.len() - 1 }
                }
                None => return None,
            };
            self.local_lets.push((def, use_node));
        }
        let compiled = self.expr(body, scope);
        self.local_lets.truncate(outer_lets);
        Some(Node::LetIn { lazy_slots, body: Box::new(compiled?) })
    }

    /// A zero-argument `LET` definition used inside the formula but written outside it: its
    /// body inlined, seeing the bindings the `LET` sees. Where the body would need the interpreter, or reads `@` (the `LET`'s own),
    /// the use is left to the interpreter instead, which evaluates it as a call.
    fn let_call(
        &mut self,
        expr: &'static Expr,
        def: DefId,
        up: u32,
        scope: &Scope,
    ) -> Option<Node> {
        let def = self.evaluator.resolve_definition(def);
        let definition = self.evaluator.definition(def).ok()?;
        let Body::Expression(body) = &definition.body else {
            return Some(self.interpret(expr, scope));
        };
        let up = up as usize;
        let inlinable = definition.parameters.is_empty()
            && scope.base == Base::Outer
            && up >= scope.entries.len()
            && !uses_at(body)
            && !self.inlined.contains(&def)
            && self.inlined.len() < MAX_INLINING;
        if !inlinable {
            return Some(self.interpret(expr, scope));
        }
        let base = Scope {
            base: Base::Outer,
            entries: Vec::new(),
            at: None,
            outer_drop: scope.outer_drop + (up - scope.entries.len()) as u32,
        };
        let (interprets, nodes, in_outer) =
            (self.dropping_interprets, self.nodes, self.interprets_in_outer);
        self.inlined.push(def);
        let body = self.expr(body, &base);
        self.inlined.pop();
        match body {
            Some(node) if self.dropping_interprets == interprets => Some(node),
            _ => {
                (self.dropping_interprets, self.nodes, self.interprets_in_outer) =
                    (interprets, nodes, in_outer);
                Some(self.interpret(expr, scope))
            }
        }
    }

    fn except(
        &mut self,
        function: &'static Expr,
        updates: &'static [tla_sema::hir::ExceptUpdate],
        scope: &Scope,
    ) -> Option<Node> {
        let function = self.boxed(function, scope)?;
        let mut steps = Vec::with_capacity(updates.len());
        for update in updates {
            let mut path = Vec::with_capacity(update.path.len());
            for item in &update.path {
                path.push(match item {
                    ExceptPathItem::Field(name) => value(Value::Str(self.evaluator.atom(name))),
                    ExceptPathItem::Index(indices) => match indices.as_slice() {
                        [only] => self.expr(only, scope)?,
                        items => Node::Tuple(self.all(items, scope)?),
                    },
                });
            }
            let at = uses_at(&update.value).then(|| self.slot());
            let inner = Scope { at, ..scope.clone() };
            steps.push(ExceptStep { path, value: self.expr(&update.value, &inner)?, at });
        }
        Some(Node::Except { function, updates: steps })
    }

    fn builtin(
        &mut self,
        expr: &'static Expr,
        op: BuiltinOp,
        arguments: &'static [Expr],
        scope: &Scope,
    ) -> Option<Node> {
        if needs_states(op) {
            return None;
        }
        let pair = |compiler: &mut Self| -> Option<(Box<Node>, Box<Node>)> {
            match arguments {
                [left, right] => {
                    Some((compiler.boxed(left, scope)?, compiler.boxed(right, scope)?))
                }
                _ => None,
            }
        };
        Some(match op {
            BuiltinOp::And | BuiltinOp::Or => Node::Junction {
                conjunction: op == BuiltinOp::And,
                items: self.all(arguments, scope)?,
            },
            BuiltinOp::Not => match arguments {
                [only] => Node::Not(self.boxed(only, scope)?),
                _ => return Some(self.interpret(expr, scope)),
            },
            BuiltinOp::Implies | BuiltinOp::Equivalent => match pair(self) {
                Some((left, right)) if op == BuiltinOp::Implies => Node::Implies(left, right),
                Some((left, right)) => Node::Equivalent(left, right),
                None => return Some(self.interpret(expr, scope)),
            },
            BuiltinOp::In | BuiltinOp::NotIn
                if arguments.get(1).and_then(simple_filter).is_some() =>
            {
                self.interpret(expr, scope)
            }
            BuiltinOp::Equal | BuiltinOp::NotEqual | BuiltinOp::In | BuiltinOp::NotIn => {
                match pair(self) {
                    Some((left, right)) => Node::Compare { op, left, right },
                    None => return Some(self.interpret(expr, scope)),
                }
            }
            _ => Node::Builtin { op, arguments: self.all(arguments, scope)? },
        })
    }

    fn call(
        &mut self,
        expr: &'static Expr,
        def: DefId,
        arguments: &'static [Expr],
        scope: &Scope,
    ) -> Option<Node> {
        let evaluator = self.evaluator;
        let def = evaluator.resolve_definition(def);
        if let Some(value_of) = evaluator.fixed_value(def) {
            return Some(value(value_of.clone()));
        }
        let operator_argument =
            arguments.iter().any(|argument| matches!(argument.kind, ExprKind::Operator(_)));
        if operator_argument {
            return Some(self.interpret(expr, scope));
        }
        if let Some(native) = evaluator.native_of(def, arguments) {
            return Some(Node::Native { native, arguments: self.all(arguments, scope)? });
        }
        if arguments.is_empty() && evaluator.is_precomputed(def) {
            return Some(Node::Place(Place::Definition(def)));
        }
        let definition = evaluator.definition(def).ok()?;
        let Body::Expression(body) = &definition.body else {
            return Some(self.interpret(expr, scope));
        };
        if definition.parameters.len() != arguments.len() || self.inlined.len() >= MAX_INLINING {
            return Some(self.interpret(expr, scope));
        }
        if self.inlined.contains(&def) {
            // A recursive call: the definition's own program, called (not inlined again).
            if arguments.is_empty() {
                return Some(self.interpret(expr, scope));
            }
            return Some(Node::Recurse { def, arguments: self.all(arguments, scope)? });
        }
        // The body sees its arguments only, as the interpreter's call does. An argument that
        // is a name or a value is used as it is; another is evaluated once, before the body.
        let mut inner = Scope {
            base: Base::Empty,
            entries: Vec::with_capacity(arguments.len()),
            at: None,
            outer_drop: 0,
        };
        let mut evaluated = Vec::new();
        for argument in arguments {
            let node = self.expr(argument, scope)?;
            match node {
                Node::Place(
                    Place::Value(_)
                    | Place::Variable(_)
                    | Place::PrimedVariable(_)
                    | Place::EnvLocal(_)
                    | Place::Slot(_)
                    | Place::Definition(_),
                ) => inner.entries.push(node),
                other => {
                    let slot = self.slot();
                    evaluated.push((slot, other));
                    inner.entries.push(Node::Place(Place::Slot(slot)));
                }
            }
        }
        self.inlined.push(def);
        let body = self.expr(body, &inner);
        self.inlined.pop();
        let mut node = body?;
        for (slot, value) in evaluated.into_iter().rev() {
            node = Node::Let { slot, value: Box::new(value), body: Box::new(node) };
        }
        Some(node)
    }
}

/// Whether `@` occurs in an update's value outside any `EXCEPT` nested in it (whose own `@`
/// means its own old value).
fn uses_at(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::ExceptAt => true,
        // A nested `EXCEPT`'s function and path see the outer `@`; its values see their own.
        ExprKind::Except { function, updates } => {
            uses_at(function)
                || updates.iter().flat_map(|update| &update.path).any(|item| match item {
                    ExceptPathItem::Index(indices) => indices.iter().any(uses_at),
                    ExceptPathItem::Field(_) => false,
                })
        }
        _ => {
            let mut found = false;
            crate::walk::for_each_child(expr, &mut |child| found = found || uses_at(child));
            found
        }
    }
}
