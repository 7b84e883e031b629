//! Per-expression coverage counts, the indented lines TLC prints under each action, `Init`,
//! invariant and constraint line of its `-coverage` report (messages 2221 and 2775).
//!
//! TLC keeps, per root (the initial predicate, each action, each invariant and constraint), a
//! tree that mirrors the root's expression with every operator definition it calls expanded in
//! place (an expression inside a definition called from two places is two nodes), and moves a
//! cursor through that tree while it evaluates: an evaluated operator application adds one to
//! its node, and in the successor walk a formula adds one each time the work after it produced
//! a state. This module keeps the same tree lazily (a node is made the first time the cursor
//! reaches it, keyed by its parent and the expression's address), and [`report`] expands the
//! full tree of each root and prints it with TLC's rules (elided children, `|` indentation).
//!
//! Counting is off unless the worker carries an [`ExpressionCoverage`]: the evaluator and the
//! successor walk test that `Option` once per expression. The model checker counts on one
//! worker only, re-evaluating what TLC evaluates in TLC's order (see `tla-check`'s
//! `replay_source`), so the counts do not depend on the number of workers.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc as Rc;

use tla_sema::hir::{Body, BuiltinOp, Definition, Expr, ExprKind, Hir};

use crate::evaluator::Evaluator;

/// The modules TLC loads from its own library: their expressions are never counted.
const STANDARD_MODULES: &[&str] = &[
    "Naturals",
    "Integers",
    "Reals",
    "Sequences",
    "FiniteSets",
    "Bags",
    "TLC",
    "TLCExt",
    "RealTime",
    "Randomization",
    "Json",
    "Toolbox",
    "Apalache",
    "_TLCTrace",
];

/// What a root is: TLC keeps separate trees for the initial predicate, the actions, the
/// invariants and the constraints even when they share an expression.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RootKind {
    Init,
    Next,
    Invariant,
    Constraint,
}

/// What a pair node of SANY's tree (`$Pair`, which has no expression of its own here) pairs.
#[derive(Clone, Copy, Debug)]
pub enum PairKind {
    /// A `CASE` arm `guard -> value`.
    Arm(&'static Expr),
    /// `OTHER -> value`.
    Other,
    /// A record field `name |-> value` (or `name : S`).
    Field,
    /// An `EXCEPT` update `![i] = value`: its path (the next kind), then the value.
    Except(&'static tla_sema::hir::ExceptUpdate),
    /// The path `![i]` of an `EXCEPT` update (SANY's `$Seq`, located like the whole update).
    ExceptPath(&'static tla_sema::hir::ExceptUpdate),
}

/// A child in TLC's tree: an expression, or a pair node over `value`.
#[derive(Clone, Copy, Debug)]
enum Child {
    Expr(&'static Expr),
    Pair(PairKind, &'static Expr),
}

impl Child {
    fn key(self) -> usize {
        match self {
            Child::Expr(expr) => address(expr),
            Child::Pair(PairKind::ExceptPath(_), value) => address(value) | 2,
            Child::Pair(_, value) => address(value) | 1,
        }
    }
}

#[derive(Clone, Debug)]
struct Node {
    parent: u32,
    /// The expression; for a root, the first formula of the root; for a pair, its value.
    expr: &'static Expr,
    pair: Option<PairKind>,
    root: Option<RootKind>,
    primary: u64,
    secondary: u64,
}

#[derive(Default)]
struct State {
    /// Node 0 is "nowhere": nothing is counted while the cursor is there.
    nodes: Vec<Node>,
    index: HashMap<(u32, usize), u32>,
    roots: HashMap<(RootKind, usize), u32>,
    /// The formulas of each root (several for an initial predicate given as a list).
    root_formulas: HashMap<u32, Vec<&'static Expr>>,
    cursor: u32,
    /// Set by the successor walk before it evaluates a formula whose application TLC does not
    /// count itself (a call of a defined or standard operator).
    skip_next: bool,
    /// States the walk produced so far (to tell whether the work after a formula produced one).
    generated: u64,
    /// A function constructor being assigned (see `begin_assignment`).
    opaque: Option<usize>,
    /// The expressions a node's cursor can move to, per expression (and per root).
    children: HashMap<(usize, bool), Rc<Vec<Child>>>,
}

/// The counters of one worker.
pub struct ExpressionCoverage {
    hir: &'static Hir,
    standard: Vec<bool>,
    state: RefCell<State>,
    /// Off, nothing is counted (the caller evaluates something TLC would not, or not yet).
    enabled: std::cell::Cell<bool>,
}

fn address(expr: &Expr) -> usize {
    expr as *const Expr as usize
}

impl ExpressionCoverage {
    pub fn new(hir: &'static Hir) -> ExpressionCoverage {
        let standard = hir
            .modules
            .iter()
            .map(|module| STANDARD_MODULES.contains(&module.name.as_str()))
            .collect();
        let placeholder = Node {
            parent: 0,
            expr: &PLACEHOLDER,
            pair: None,
            root: None,
            primary: 0,
            secondary: 0,
        };
        ExpressionCoverage {
            hir,
            standard,
            state: RefCell::new(State { nodes: vec![placeholder], ..State::default() }),
            enabled: std::cell::Cell::new(true),
        }
    }

    fn is_standard(&self, expr: &Expr) -> bool {
        self.standard.get(expr.module as usize).copied().unwrap_or(false)
    }

    /// Whether `expr` is one of TLC's operator applications in a module of the user's: the
    /// expressions TLC keeps counts for (numbers, strings, `LET` and labels are not).
    pub fn is_counted(&self, expr: &Expr) -> bool {
        counted_kind(expr) && !self.is_standard(expr)
    }

    /// Turns counting on or off (it is on when created).
    pub fn set_enabled(&self, enabled: bool) {
        self.enabled.set(enabled);
    }

    /// Makes the root of `formulas` current; returns the cursor to restore.
    pub fn enter_root(&self, kind: RootKind, formulas: &[&'static Expr]) -> u32 {
        let mut state = self.state.borrow_mut();
        let saved = state.cursor;
        let Some(first) = formulas.first().filter(|_| self.enabled.get()) else {
            state.cursor = 0;
            return saved;
        };
        let key = (kind, address(first));
        let id = match state.roots.get(&key) {
            Some(id) => *id,
            None => {
                let id = state.nodes.len() as u32;
                state.nodes.push(Node {
                    parent: 0,
                    expr: first,
                    pair: None,
                    root: Some(kind),
                    primary: 0,
                    secondary: 0,
                });
                state.roots.insert(key, id);
                state.root_formulas.insert(id, formulas.to_vec());
                id
            }
        };
        state.cursor = id;
        saved
    }

    /// Restores the cursor `enter` or `enter_root` returned.
    pub fn leave(&self, saved: u32) {
        self.state.borrow_mut().cursor = saved;
    }

    /// Moves the cursor to `expr` (TLC's `cm.get(expr)`), adding one to its count when `count`
    /// (an evaluation). Returns the cursor to restore.
    pub fn enter(&self, evaluator: &Evaluator, expr: &'static Expr, count: bool) -> u32 {
        let saved = self.state.borrow().cursor;
        if saved == 0 || !self.is_counted(expr) {
            return saved;
        }
        if self.in_opaque_body(saved, expr) {
            self.state.borrow_mut().cursor = 0;
            return saved;
        }
        let node = self.lookup(evaluator, saved, expr);
        if node != 0 && node != saved {
            self.count_parameter_arguments(evaluator, node, expr);
        }
        let mut state = self.state.borrow_mut();
        state.cursor = node;
        if count {
            let skip = std::mem::take(&mut state.skip_next) && node == saved;
            if node != 0 && !skip {
                state.nodes[node as usize].primary += 1;
            }
        }
        // A constant definition is computed once, at start-up in TLC: what its computation
        // evaluates is not counted.
        if node != 0 && count && precomputed_call(evaluator, expr) {
            state.cursor = 0;
        }
        saved
    }

    /// A call passes a parameter of the enclosing definition on (`Op(v)`): TLC evaluates the
    /// reference `v` when the argument is first used; it is counted here, once per call.
    fn count_parameter_arguments(&self, evaluator: &Evaluator, node: u32, expr: &'static Expr) {
        let arguments = match &expr.kind {
            ExprKind::Call { def, arguments } if evaluator.native_of(*def, arguments).is_none() => {
                arguments
            }
            ExprKind::CallLet { arguments, .. } | ExprKind::CallConstant { arguments, .. } => {
                arguments
            }
            _ => return,
        };
        for argument in arguments {
            if let ExprKind::Local(_) = argument.kind {
                let child = self.lookup(evaluator, node, argument);
                if child != 0 && child != node {
                    self.state.borrow_mut().nodes[child as usize].primary += 1;
                }
            }
        }
    }

    /// Whether `expr` is the body of the function constructor at `node` while that function is
    /// being assigned: TLC builds such a function lazily and does not count its body.
    fn in_opaque_body(&self, node: u32, expr: &'static Expr) -> bool {
        let state = self.state.borrow();
        let current = &state.nodes[node as usize];
        if state.opaque != Some(address(current.expr)) || current.pair.is_some() {
            return false;
        }
        let ExprKind::FunctionConstructor { body, .. } = &current.expr.kind else { return false };
        let mut roots = Vec::new();
        self.roots_of(body, &mut roots);
        roots.iter().any(|root| std::ptr::eq(*root, expr))
    }

    /// While `function` (a function constructor) is evaluated to be assigned, its body is not
    /// counted; returns what to pass to [`Self::end_assignment`].
    pub fn begin_assignment(&self, function: &'static Expr) -> Option<usize> {
        let mut state = self.state.borrow_mut();
        state.opaque.replace(address(function))
    }

    pub fn end_assignment(&self, previous: Option<usize>) {
        self.state.borrow_mut().opaque = previous;
    }

    /// The next evaluation of the current node is not counted (TLC evaluates a call of a
    /// defined operator in the successor walk without counting the call).
    pub fn skip_next_count(&self) {
        let mut state = self.state.borrow_mut();
        state.skip_next = state.cursor != 0;
    }

    /// The current node and the number of states produced so far.
    pub fn mark(&self) -> (u32, u64) {
        let state = self.state.borrow();
        (state.cursor, state.generated)
    }

    /// Counts one for `node` when states were produced since `mark`.
    pub fn count_if_generated(&self, (node, before): (u32, u64)) {
        let mut state = self.state.borrow_mut();
        if node != 0 && state.generated > before {
            state.nodes[node as usize].primary += 1;
        }
    }

    /// A state was produced; `count_current` also counts one for the current node (TLC does so
    /// in the initial predicate for the formula that completes a state).
    pub fn state_produced(&self, count_current: bool) {
        let mut state = self.state.borrow_mut();
        state.generated += 1;
        let cursor = state.cursor;
        if count_current && cursor != 0 {
            state.nodes[cursor as usize].primary += 1;
        }
    }

    /// Adds to the second number ("cost") of `expr`'s node under the cursor: TLC counts the
    /// elements it enumerates of a set by the expression that made the set (`elements` taken,
    /// plus one for an explicit set `{a, b}`).
    pub fn enumerated(&self, evaluator: &Evaluator, expr: &'static Expr, elements: usize) {
        let cursor = self.state.borrow().cursor;
        if cursor == 0 || !self.is_counted(expr) {
            return;
        }
        // TLC counts the enumeration of a set it built from `{a, b}` (one more than the
        // elements: the call that ends it); sets made by operators of the standard modules
        // (`a..b`) carry no node and are not counted.
        let extra = match &expr.kind {
            ExprKind::SetEnumeration(_) => 1,
            _ => return,
        };
        let node = self.lookup(evaluator, cursor, expr);
        if node != 0 {
            self.state.borrow_mut().nodes[node as usize].secondary += (elements + extra) as u64;
        }
    }

    /// Adds `amount` to the second number of `expr`'s node under the cursor (TLC counts the
    /// domain of a function `[x \in S |-> e]` when it makes the function explicit, as it does
    /// for a value assigned to a variable).
    pub fn add_cost(&self, evaluator: &Evaluator, expr: &'static Expr, amount: u64) {
        let cursor = self.state.borrow().cursor;
        if cursor == 0 || !self.is_counted(expr) {
            return;
        }
        let node = self.lookup(evaluator, cursor, expr);
        if node != 0 {
            self.state.borrow_mut().nodes[node as usize].secondary += amount;
        }
    }

    /// TLC's `cm.get(expr)`: the node itself, a child of it (through a pair node where SANY
    /// has one), or (for an expression evaluated later than where it was written: an argument,
    /// the next conjunct) a child of the nearest ancestor that has it. 0 when no node has it.
    fn lookup(&self, evaluator: &Evaluator, from: u32, expr: &'static Expr) -> u32 {
        let target = address(expr);
        {
            let state = self.state.borrow();
            let current = &state.nodes[from as usize];
            if current.root.is_none() && current.pair.is_none() && address(current.expr) == target {
                return from;
            }
            // A root formula that names a definition stands for the definition's body.
            if current.root.is_some()
                && !std::ptr::eq(root_formula(evaluator, expr), expr)
                && state
                    .root_formulas
                    .get(&from)
                    .is_some_and(|formulas| formulas.iter().any(|f| std::ptr::eq(*f, expr)))
            {
                return from;
            }
        }
        let mut node = from;
        while node != 0 {
            if let Some(id) = self.state.borrow().index.get(&(node, target)) {
                return *id;
            }
            let children = self.lookup_children(evaluator, node);
            if children.iter().any(|child| child.key() == target) {
                return self.child_node(node, Child::Expr(expr));
            }
            if let Some(id) = self.find_in_pairs(node, &children, expr, 0) {
                return id;
            }
            node = self.state.borrow().nodes[node as usize].parent;
        }
        0
    }

    /// `expr` as a descendant of `node` through pair nodes among `children` (made on the way).
    fn find_in_pairs(
        &self,
        node: u32,
        children: &[Child],
        expr: &'static Expr,
        depth: usize,
    ) -> Option<u32> {
        if depth > 2 {
            return None;
        }
        for child in children {
            if let Child::Pair(kind, value) = *child {
                let mut inner = Vec::new();
                self.pair_children(kind, value, &mut inner);
                if inner.iter().any(|c| c.key() == address(expr)) {
                    let pair = self.child_node(node, *child);
                    return Some(self.child_node(pair, Child::Expr(expr)));
                }
                let found = inner.iter().any(|c| matches!(c, Child::Pair(..)))
                    && self.pair_contains(&inner, expr, depth + 1);
                if found {
                    let pair = self.child_node(node, *child);
                    return self.find_in_pairs(pair, &inner, expr, depth + 1);
                }
            }
        }
        None
    }

    fn pair_contains(&self, children: &[Child], expr: &'static Expr, depth: usize) -> bool {
        depth <= 2
            && children.iter().any(|child| match *child {
                Child::Expr(e) => std::ptr::eq(e, expr),
                Child::Pair(kind, value) => {
                    let mut inner = Vec::new();
                    self.pair_children(kind, value, &mut inner);
                    self.pair_contains(&inner, expr, depth + 1)
                }
            })
    }

    fn child_node(&self, parent: u32, child: Child) -> u32 {
        let mut state = self.state.borrow_mut();
        let key = (parent, child.key());
        if let Some(id) = state.index.get(&key) {
            return *id;
        }
        let (expr, pair) = match child {
            Child::Expr(expr) => (expr, None),
            Child::Pair(kind, value) => (value, Some(kind)),
        };
        let id = state.nodes.len() as u32;
        state.nodes.push(Node { parent, expr, pair, root: None, primary: 0, secondary: 0 });
        state.index.insert(key, id);
        id
    }

    fn pair_children(&self, kind: PairKind, value: &'static Expr, out: &mut Vec<Child>) {
        let mut exprs = Vec::new();
        match kind {
            PairKind::Arm(guard) => self.roots_of(guard, &mut exprs),
            PairKind::Except(update) => out.push(Child::Pair(PairKind::ExceptPath(update), value)),
            PairKind::ExceptPath(update) => {
                for item in &update.path {
                    if let tla_sema::hir::ExceptPathItem::Index(indices) = item {
                        indices.iter().for_each(|index| self.roots_of(index, &mut exprs));
                    }
                }
                out.extend(exprs.into_iter().map(Child::Expr));
                return;
            }
            PairKind::Other | PairKind::Field => {}
        }
        self.roots_of(value, &mut exprs);
        out.extend(exprs.into_iter().map(Child::Expr));
    }

    fn lookup_children(&self, evaluator: &Evaluator, node: u32) -> Rc<Vec<Child>> {
        let (key, root_formulas, expr, pair) = {
            let state = self.state.borrow();
            let current = &state.nodes[node as usize];
            let key = (node_key(current), current.root.is_some());
            if let Some(children) = state.children.get(&key) {
                return children.clone();
            }
            (key, state.root_formulas.get(&node).cloned(), current.expr, current.pair)
        };
        let mut children = Vec::new();
        match (root_formulas, pair) {
            (Some(formulas), _) => {
                let mut out = Vec::new();
                for formula in formulas {
                    self.roots_of(root_formula(evaluator, formula), &mut out);
                }
                children.extend(out.into_iter().map(Child::Expr));
            }
            (None, Some(kind)) => self.pair_children(kind, expr, &mut children),
            (None, None) => self.children_of(evaluator, expr, &mut |child| children.push(child)),
        }
        let children = Rc::new(children);
        self.state.borrow_mut().children.insert(key, children.clone());
        children
    }

    /// The counted expressions `expr` stands for: itself, or what a `LET`, a label or an
    /// environment adjustment holds.
    fn roots_of(&self, expr: &'static Expr, out: &mut Vec<&'static Expr>) {
        if self.is_standard(expr) {
            return;
        }
        if counted_kind(expr) {
            out.push(expr);
            return;
        }
        match &expr.kind {
            ExprKind::Let { definitions, body } => {
                for def in definitions {
                    if let Some(Definition { body: Body::Expression(value), .. }) =
                        self.hir.definitions.get(*def as usize)
                    {
                        self.roots_of(value, out);
                    }
                }
                self.roots_of(body, out);
            }
            ExprKind::Label { body, .. } => self.roots_of(body, out),
            ExprKind::Outer { expr, .. } => self.roots_of(expr, out),
            _ => {}
        }
    }

    /// The counted children of `expr` in the order SANY's semantic graph is walked (a called
    /// definition's body before the arguments, a binder's body before its bounds; a `LET`
    /// definition's body under each reference to it too).
    fn children_of(&self, evaluator: &Evaluator, expr: &'static Expr, push: &mut dyn FnMut(Child)) {
        let roots = |e: &'static Expr, push: &mut dyn FnMut(Child)| {
            let mut out = Vec::new();
            self.roots_of(e, &mut out);
            out.into_iter().for_each(|e| push(Child::Expr(e)));
        };
        let body_of = |def: u32| -> Option<&'static Expr> {
            let def = evaluator.resolve_definition(def);
            match self.hir.definitions.get(def as usize).map(|d| &d.body) {
                Some(Body::Expression(body)) => Some(body),
                Some(Body::Function { body, .. }) => Some(body),
                _ => None,
            }
        };
        let bound_sets = |bounds: &'static [tla_sema::hir::Bound]| {
            bounds.iter().filter_map(|bound| bound.set.as_ref()).collect::<Vec<&'static Expr>>()
        };
        match &expr.kind {
            ExprKind::Call { def, arguments } => {
                if let Some(body) = body_of(*def) {
                    roots(body, push);
                }
                arguments.iter().for_each(|a| roots(a, push));
            }
            ExprKind::CallLet { def, arguments, .. } => {
                if let Some(body) = body_of(*def) {
                    roots(body, push);
                }
                arguments.iter().for_each(|a| roots(a, push));
            }
            ExprKind::CallConstant { constant, arguments } => {
                if let Some(body) = evaluator.constant_definition(*constant).and_then(body_of) {
                    roots(body, push);
                }
                arguments.iter().for_each(|a| roots(a, push));
            }
            ExprKind::CallParameter { arguments, .. } | ExprKind::Builtin { arguments, .. } => {
                arguments.iter().for_each(|a| roots(a, push))
            }
            ExprKind::Junction { items, .. }
            | ExprKind::SetEnumeration(items)
            | ExprKind::Tuple(items)
            | ExprKind::Product(items) => items.iter().for_each(|a| roots(a, push)),
            ExprKind::If { condition, then_branch, else_branch } => {
                roots(condition, push);
                roots(then_branch, push);
                roots(else_branch, push);
            }
            ExprKind::Case { arms, other } => {
                for (guard, value) in arms {
                    push(Child::Pair(PairKind::Arm(guard), value));
                }
                if let Some(other) = other {
                    push(Child::Pair(PairKind::Other, other));
                }
            }
            ExprKind::Quantified { bounds, body, .. } => {
                roots(body, push);
                bound_sets(bounds).into_iter().for_each(|s| roots(s, push));
            }
            ExprKind::Choose { bound, body } => {
                roots(body, push);
                bound_sets(std::slice::from_ref(bound)).into_iter().for_each(|s| roots(s, push));
            }
            ExprKind::SetFilter { bound, predicate } => {
                roots(predicate, push);
                bound_sets(std::slice::from_ref(bound)).into_iter().for_each(|s| roots(s, push));
            }
            ExprKind::SetMap { element, bounds } => {
                roots(element, push);
                bound_sets(bounds).into_iter().for_each(|s| roots(s, push));
            }
            ExprKind::FunctionConstructor { bounds, body } => {
                roots(body, push);
                bound_sets(bounds).into_iter().for_each(|s| roots(s, push));
            }
            ExprKind::FunctionSet { domain, range } => {
                roots(domain, push);
                roots(range, push);
            }
            ExprKind::Apply { function, arguments } => {
                roots(function, push);
                arguments.iter().for_each(|a| roots(a, push));
            }
            ExprKind::Record(fields) | ExprKind::RecordSet(fields) => {
                fields.iter().for_each(|(_, value)| push(Child::Pair(PairKind::Field, value)))
            }
            ExprKind::Field { record, .. } => roots(record, push),
            ExprKind::Except { function, updates } => {
                roots(function, push);
                for update in updates {
                    push(Child::Pair(PairKind::Except(update), &update.value));
                }
            }
            ExprKind::BoxAction { action, subscript }
            | ExprKind::AngleAction { action, subscript } => {
                roots(action, push);
                roots(subscript, push);
            }
            ExprKind::Fairness { subscript, action, .. } => {
                roots(subscript, push);
                roots(action, push);
            }
            ExprKind::TemporalQuantified { body, .. } => roots(body, push),
            ExprKind::Label { body, .. } | ExprKind::Let { body, .. } => roots(body, push),
            ExprKind::Outer { expr, .. } => roots(expr, push),
            _ => {}
        }
    }
}

/// A node's key among its parent's children (see [`Child::key`]).
fn node_key(node: &Node) -> usize {
    match node.pair {
        None => address(node.expr),
        Some(kind) => Child::Pair(kind, node.expr).key(),
    }
}

/// The expression of node 0, which stands for no expression.
static PLACEHOLDER: Expr = Expr {
    kind: ExprKind::Bool(true),
    span: tla_diagnostics::Span { start: 0, end: 0 },
    module: 0,
    level: 0,
};

/// What TLC's tree starts from for a root formula: the body of the definition a formula such as
/// `Init` (a conjunct of a `SPECIFICATION`) names.
fn root_formula(evaluator: &Evaluator, formula: &'static Expr) -> &'static Expr {
    let mut formula = formula;
    for _ in 0..16 {
        let ExprKind::Call { def, arguments } = &formula.kind else { break };
        if !arguments.is_empty() {
            break;
        }
        let def = evaluator.resolve_definition(*def);
        match evaluator.hir().definitions.get(def as usize).map(|d| &d.body) {
            Some(Body::Expression(body)) => formula = body,
            _ => break,
        }
    }
    formula
}

/// Whether a call evaluates a definition TLC computed once at start-up.
fn precomputed_call(evaluator: &Evaluator, expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Call { def, arguments } if arguments.is_empty() => {
            evaluator.is_precomputed(evaluator.resolve_definition(*def))
        }
        _ => false,
    }
}

/// The kinds of expression that are operator applications in SANY's semantic tree.
fn counted_kind(expr: &Expr) -> bool {
    !matches!(
        expr.kind,
        ExprKind::Int(_)
            | ExprKind::LargeNumber(_)
            | ExprKind::Decimal(_)
            | ExprKind::Str(_)
            | ExprKind::Let { .. }
            | ExprKind::Label { .. }
            | ExprKind::Outer { .. }
            | ExprKind::ExceptAt
            | ExprKind::Operator(_)
            | ExprKind::Unsupported { .. }
    )
}

/// One printed line: the depth (number of `|`), the expression, and its numbers (the second
/// only when TLC prints one).
#[derive(Clone, Debug)]
pub struct Line {
    pub depth: usize,
    /// The expression (for a pair node, its value).
    pub expr: &'static Expr,
    /// For a pair node: what it pairs (its location starts before `expr`).
    pub pair: Option<PairKind>,
    pub count: u64,
    pub cost: Option<u64>,
}

/// The root to print: its kind and its formulas.
pub struct ReportRoot<'a> {
    pub kind: RootKind,
    pub formulas: &'a [&'static Expr],
}

/// The tree TLC prints for one root, built from the definitions and filled with the counts.
struct PrintNode {
    expr: &'static Expr,
    pair: Option<PairKind>,
    primary: u64,
    secondary: u64,
    primed: bool,
    unchanged: bool,
    children: Vec<usize>,
}

/// Past this many nodes a root's tree is not expanded further (a safeguard against
/// definitions that expand exponentially).
const MAX_PRINT_NODES: usize = 200_000;

/// The lines TLC prints under the line of `root`. `primed` are the locations (module, span) of
/// the formulas TLC marks as assignments in the next-state relation.
pub fn report(
    coverage: &ExpressionCoverage,
    evaluator: &Evaluator,
    root: &ReportRoot,
    primed: &[(u32, u32, u32)],
) -> Vec<Line> {
    let Some(first) = root.formulas.first() else { return Vec::new() };
    let root_id = coverage.state.borrow().roots.get(&(root.kind, address(first))).copied();
    let mut nodes: Vec<PrintNode> = Vec::new();
    let mut top = Vec::new();
    for formula in root.formulas {
        let mut out = Vec::new();
        coverage.roots_of(root_formula(evaluator, formula), &mut out);
        for expr in out {
            let child = Child::Expr(expr);
            let dynamic = root_id.and_then(|id| coverage.dynamic_child(id, child));
            top.push(build(
                coverage,
                evaluator,
                child,
                dynamic,
                primed,
                &mut nodes,
                &mut Vec::new(),
            ));
        }
    }
    let mut lines = Vec::new();
    let mut memo = HashMap::new();
    for node in top {
        print(&nodes, node, 0, &mut lines, &mut memo);
    }
    lines
}

impl ExpressionCoverage {
    fn dynamic_child(&self, parent: u32, child: Child) -> Option<u32> {
        self.state.borrow().index.get(&(parent, child.key())).copied()
    }

    fn counts(&self, id: Option<u32>) -> (u64, u64) {
        match id {
            Some(id) => {
                let state = self.state.borrow();
                let node = &state.nodes[id as usize];
                (node.primary, node.secondary)
            }
            None => (0, 0),
        }
    }
}

fn location_key(expr: &Expr) -> (u32, u32, u32) {
    (expr.module, expr.span.start, expr.span.end)
}

fn build(
    coverage: &ExpressionCoverage,
    evaluator: &Evaluator,
    child: Child,
    dynamic: Option<u32>,
    primed: &[(u32, u32, u32)],
    nodes: &mut Vec<PrintNode>,
    expanding: &mut Vec<u32>,
) -> usize {
    let (primary, secondary) = coverage.counts(dynamic);
    let (expr, pair) = match child {
        Child::Expr(expr) => (expr, None),
        Child::Pair(kind, value) => (value, Some(kind)),
    };
    let unchanged =
        pair.is_none() && matches!(&expr.kind, ExprKind::Builtin { op: BuiltinOp::Unchanged, .. });
    let id = nodes.len();
    nodes.push(PrintNode {
        expr,
        pair,
        primary,
        secondary,
        primed: unchanged || (pair.is_none() && primed.contains(&location_key(expr))),
        unchanged,
        children: Vec::new(),
    });
    if nodes.len() > MAX_PRINT_NODES {
        return id;
    }
    if let Some(kind) = pair {
        let mut inner = Vec::new();
        coverage.pair_children(kind, expr, &mut inner);
        let mut ids = Vec::new();
        for child in inner {
            let child_dynamic = dynamic.and_then(|d| coverage.dynamic_child(d, child));
            ids.push(build(coverage, evaluator, child, child_dynamic, primed, nodes, expanding));
        }
        nodes[id].children = ids;
        return id;
    }
    // A recursive definition is expanded once on a path (TLC's tree stops there too).
    let called = match &expr.kind {
        ExprKind::Call { def, .. } | ExprKind::CallLet { def, .. } => {
            Some(evaluator.resolve_definition(*def))
        }
        _ => None,
    };
    if let Some(def) = called {
        if expanding.contains(&def) {
            return id;
        }
        expanding.push(def);
    }
    let mut children = Vec::new();
    coverage.children_of(evaluator, expr, &mut |child| children.push(child));
    let mut ids = Vec::new();
    for child in children {
        let child_dynamic = dynamic.and_then(|d| coverage.dynamic_child(d, child));
        ids.push(build(coverage, evaluator, child, child_dynamic, primed, nodes, expanding));
    }
    if called.is_some() {
        expanding.pop();
    }
    nodes[id].children = ids;
    id
}

type Pair = (u64, u64);

/// The distinct non-zero (or assignment) counts in `node`'s subtree, itself first, in the
/// order TLC collects them.
fn collect(nodes: &[PrintNode], node: usize, memo: &mut HashMap<usize, Vec<Pair>>) -> Vec<Pair> {
    if let Some(pairs) = memo.get(&node) {
        return pairs.clone();
    }
    let own = (nodes[node].primary, nodes[node].secondary);
    let mut pairs = Vec::new();
    if own != (0, 0) || nodes[node].primed {
        pairs.push(own);
    }
    for &child in &nodes[node].children {
        for pair in collect(nodes, child, memo) {
            if !pairs.contains(&pair) {
                pairs.push(pair);
            }
        }
    }
    memo.insert(node, pairs.clone());
    pairs
}

fn children_pairs(
    nodes: &[PrintNode],
    node: usize,
    memo: &mut HashMap<usize, Vec<Pair>>,
) -> Vec<Pair> {
    let mut pairs: Vec<Pair> = Vec::new();
    for &child in &nodes[node].children {
        for pair in collect(nodes, child, memo) {
            if !pairs.contains(&pair) {
                pairs.push(pair);
            }
        }
    }
    pairs
}

fn line(node: &PrintNode, depth: usize, count: u64, cost: u64) -> Line {
    Line { depth, expr: node.expr, pair: node.pair, count, cost: (cost > 0).then_some(cost) }
}

fn print(
    nodes: &[PrintNode],
    id: usize,
    mut depth: usize,
    lines: &mut Vec<Line>,
    memo: &mut HashMap<usize, Vec<Pair>>,
) {
    let node = &nodes[id];
    let own = (node.primary, node.secondary);
    let collected = children_pairs(nodes, id, memo);
    if node.unchanged {
        let nonzero: Vec<Pair> = collected.into_iter().filter(|pair| *pair != (0, 0)).collect();
        match java_hash_set_first(&nonzero) {
            None => lines.push(line(node, depth, node.primary, node.secondary)),
            Some(first) => lines.push(line(node, depth, node.primary.max(first.0), 0)),
        }
        return;
    }
    if collected.is_empty() {
        if own == (0, 0) && !node.primed {
            return;
        }
        lines.push(line(node, depth, node.primary, node.secondary));
        return;
    }
    let print_children =
        |depth: usize, lines: &mut Vec<Line>, memo: &mut HashMap<usize, Vec<Pair>>| {
            for &child in &node.children {
                print(nodes, child, depth, lines, memo);
            }
        };
    if collected.len() == 1 {
        let only = collected[0];
        if only.0 < own.0 {
            lines.push(line(node, depth, node.primary, node.secondary));
            print_children(depth + 1, lines, memo);
            return;
        }
        if !node.primed && own == (0, 0) && only != (0, 0) {
            lines.push(line(node, depth, only.0, only.1));
            return;
        }
        if own == (0, 0) && only == (0, 0) {
            if node.primed {
                lines.push(line(node, depth, node.primary, node.secondary));
                depth += 1;
            }
            print_children(depth, lines, memo);
            return;
        }
        if own == only {
            lines.push(line(node, depth, node.primary, node.secondary));
            return;
        }
    }
    if own != (0, 0) || node.primed {
        lines.push(line(node, depth, node.primary, node.secondary));
        depth += 1;
    }
    print_children(depth, lines, memo);
}

/// The element a `java.util.HashSet` of TLC's count pairs, filled in `pairs`' order, yields
/// first (TLC prints an `UNCHANGED` with that count).
fn java_hash_set_first(pairs: &[Pair]) -> Option<Pair> {
    if pairs.is_empty() {
        return None;
    }
    let mut capacity = 16usize;
    while pairs.len() as f64 > capacity as f64 * 0.75 {
        capacity *= 2;
    }
    let long_hash = |v: u64| (v ^ (v >> 32)) as u32 as i32;
    let bucket = |pair: &Pair| {
        let h = 31i32
            .wrapping_mul(31i32.wrapping_add(long_hash(pair.0)))
            .wrapping_add(long_hash(pair.1));
        let h = h as u32;
        ((h ^ (h >> 16)) as usize) & (capacity - 1)
    };
    pairs.iter().enumerate().min_by_key(|(index, pair)| (bucket(pair), *index)).map(|(_, p)| *p)
}

/// The locations (module, span) of the formulas TLC marks as assignments: `x' = e` and
/// `x' \in S` for a variable `x`, the variables of `UNCHANGED`, and the subscript of `[A]_v`,
/// found by following the next-state relation through its definitions.
pub fn primed_locations(evaluator: &Evaluator, next: &'static Expr) -> Vec<(u32, u32, u32)> {
    let mut out = Vec::new();
    let mut expanding = Vec::new();
    collect_primed(evaluator, next, &mut out, &mut expanding);
    out
}

fn collect_primed(
    evaluator: &Evaluator,
    expr: &'static Expr,
    out: &mut Vec<(u32, u32, u32)>,
    expanding: &mut Vec<u32>,
) {
    let hir = evaluator.hir();
    let call = |def: u32, out: &mut Vec<(u32, u32, u32)>, expanding: &mut Vec<u32>| {
        let def = evaluator.resolve_definition(def);
        if expanding.contains(&def) || expanding.len() > 64 {
            return;
        }
        if let Some(Definition { body: Body::Expression(body), .. }) =
            hir.definitions.get(def as usize)
        {
            expanding.push(def);
            collect_primed(evaluator, body, out, expanding);
            expanding.pop();
        }
    };
    match &expr.kind {
        ExprKind::Apply { function, .. } => collect_primed(evaluator, function, out, expanding),
        ExprKind::If { then_branch, else_branch, .. } => {
            collect_primed(evaluator, then_branch, out, expanding);
            collect_primed(evaluator, else_branch, out, expanding);
        }
        ExprKind::Case { arms, other } => {
            for (_, value) in arms {
                collect_primed(evaluator, value, out, expanding);
            }
            if let Some(other) = other {
                collect_primed(evaluator, other, out, expanding);
            }
        }
        ExprKind::Builtin { op: BuiltinOp::Equal | BuiltinOp::In, arguments } => {
            if let Some(ExprKind::Builtin { op: BuiltinOp::Prime, arguments: inner }) =
                arguments.first().map(|a| &a.kind)
            {
                if inner.first().is_some_and(names_variable) {
                    out.push(location_key(expr));
                }
            }
        }
        ExprKind::Junction { items, .. } => {
            items.iter().for_each(|item| collect_primed(evaluator, item, out, expanding))
        }
        ExprKind::Builtin {
            op: BuiltinOp::And | BuiltinOp::Or | BuiltinOp::Implies,
            arguments,
        } => arguments.iter().for_each(|item| collect_primed(evaluator, item, out, expanding)),
        ExprKind::Quantified { bounds, body, .. } => {
            collect_primed(evaluator, body, out, expanding);
            for set in bounds.iter().filter_map(|b| b.set.as_ref()) {
                collect_primed(evaluator, set, out, expanding);
            }
        }
        ExprKind::Builtin { op: BuiltinOp::Unchanged, arguments } => {
            if let Some(subscript) = arguments.first() {
                collect_unchanged(evaluator, subscript, out, 0);
            }
        }
        ExprKind::AngleAction { action, .. } => collect_primed(evaluator, action, out, expanding),
        ExprKind::BoxAction { action, subscript } => {
            collect_primed(evaluator, action, out, expanding);
            out.push(location_key(subscript));
        }
        ExprKind::Label { body, .. } | ExprKind::Let { body, .. } => {
            collect_primed(evaluator, body, out, expanding)
        }
        ExprKind::Outer { expr, .. } => collect_primed(evaluator, expr, out, expanding),
        ExprKind::Call { def, .. } | ExprKind::CallLet { def, .. } => call(*def, out, expanding),
        _ => {}
    }
}

fn names_variable(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Variable(_) => true,
        ExprKind::Outer { expr, .. } | ExprKind::Label { body: expr, .. } => names_variable(expr),
        _ => false,
    }
}

fn collect_unchanged(
    evaluator: &Evaluator,
    expr: &'static Expr,
    out: &mut Vec<(u32, u32, u32)>,
    depth: usize,
) {
    if depth > 64 {
        return;
    }
    match &expr.kind {
        ExprKind::Variable(_) => out.push(location_key(expr)),
        ExprKind::Tuple(items) => {
            items.iter().for_each(|item| collect_unchanged(evaluator, item, out, depth + 1))
        }
        ExprKind::Call { def, arguments } if arguments.is_empty() => {
            let def = evaluator.resolve_definition(*def);
            if let Some(Definition { body: Body::Expression(body), .. }) =
                evaluator.hir().definitions.get(def as usize)
            {
                collect_unchanged(evaluator, body, out, depth + 1);
            }
        }
        ExprKind::Outer { expr, .. } | ExprKind::Label { body: expr, .. } => {
            collect_unchanged(evaluator, expr, out, depth + 1)
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::java_hash_set_first;

    #[test]
    fn unchanged_takes_the_count_java_hash_set_yields_first() {
        // Java: Objects.hash(5, 0) = 1116 lands in bucket 12 of 16, Objects.hash(3, 0) = 1054
        // in bucket 14, so (5, 0) comes first whatever the insertion order.
        assert_eq!(java_hash_set_first(&[(3, 0), (5, 0)]), Some((5, 0)));
        assert_eq!(java_hash_set_first(&[(5, 0), (3, 0)]), Some((5, 0)));
        // Same bucket (16 apart in hash): insertion order decides.
        assert_eq!(java_hash_set_first(&[(0, 16), (0, 0)]), Some((0, 16)));
        assert_eq!(java_hash_set_first(&[]), None);
    }
}
