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

use tla_sema::hir::{Body, Definition, Expr, ExprKind, Hir};

use tla_values::Value;

use crate::evaluator::Evaluator;
use crate::failure::EvalOutcome;

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
    /// The expressions a node's cursor can move to, per expression and kind of node (0: an
    /// expression, 1: a root, 2: a recursive inner call).
    children: HashMap<(usize, u8), Rc<Vec<Child>>>,
    /// Nodes before this one were handed out already (see `aggregate`).
    shipped_nodes: u32,
    /// The `LET`s being evaluated as expressions (see `lets_and_recursion`).
    let_frames: Vec<lets_and_recursion::LetFrame>,
    /// Per application `F(...)` of an operator parameter: the nodes of the bodies of the
    /// operators it applied (see `link_operator_body`).
    operator_links: HashMap<u32, Vec<u32>>,
    /// Nodes that stand for "count in this application" (see `link_operator_body`).
    absorbing: HashMap<u32, u32>,
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

/// Runs `work` with the cursor moved by `enter` (when a worker counts), and moves it back after:
/// every counting point of the evaluator and the successor walk goes through here.
#[inline(always)]
pub fn within<T>(
    coverage: Option<&ExpressionCoverage>,
    enter: impl FnOnce(&ExpressionCoverage) -> u32,
    work: impl FnOnce() -> T,
) -> T {
    let Some(coverage) = coverage else { return work() };
    let saved = enter(coverage);
    let result = work();
    coverage.leave(saved);
    result
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
        // Inside an operator's body that TLC could not link (see `link_operator_body`): every
        // evaluation is counted in the application `F(...)` itself.
        let absorbing = self.state.borrow().absorbing.get(&saved).copied();
        if let Some(application) = absorbing {
            if count {
                self.state.borrow_mut().nodes[application as usize].primary += 1;
            }
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
            let counted = state.absorbing.get(&node).copied().unwrap_or(node);
            if node != 0 && !skip {
                state.nodes[counted as usize].primary += 1;
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

    /// Evaluates (with `eval`) the value `expr` assigns to a variable. TLC builds a function
    /// `[x \in S |-> e]` lazily there: its body is not counted, and making it explicit adds the
    /// domain's size to the second number.
    pub fn assigned(
        &self,
        evaluator: &Evaluator,
        expr: &'static Expr,
        eval: impl FnOnce() -> EvalOutcome<Value>,
    ) -> EvalOutcome<Value> {
        if !matches!(expr.kind, ExprKind::FunctionConstructor { .. }) {
            return eval();
        }
        let previous = self.state.borrow_mut().opaque.replace(address(expr));
        let value = eval();
        self.state.borrow_mut().opaque = previous;
        let value = value?;
        let size = tla_values::functions::domain(&value)
            .and_then(|domain| tla_values::sets::size(&domain))
            .unwrap_or(0);
        self.add_cost(evaluator, expr, size as u64);
        Ok(value)
    }

    /// The body of the operator `argument` names, when it is an operator argument with a body.
    fn operator_argument_body(&self, argument: &'static Expr) -> Option<&'static Expr> {
        let ExprKind::Operator(operator) = &argument.kind else { return None };
        let def = match operator {
            tla_sema::hir::OperatorRef::Definition { def, .. }
            | tla_sema::hir::OperatorRef::Local { def, .. } => *def,
            _ => return None,
        };
        match self.hir.definitions.get(def as usize).map(|d| &d.body) {
            Some(Body::Expression(body)) => Some(body),
            _ => None,
        }
    }

    /// TLC makes the body of an operator given as an argument a child of the call that gives
    /// it and of every application `F(...)` of the parameter, one node shared by all of them:
    /// when the cursor at `F(...)` (`from`) finds that body at the call (`at`), the application
    /// is linked to it (`found`), for printing. TLC does not make that link for a call inside
    /// the expansion of a reference to a `LET` definition (its tree there is made from the
    /// definition a second time, without the operator's body); it then counts everything the
    /// body evaluates in the application itself: the cursor moves to a node that stands for
    /// that (returned instead of `found`).
    fn link_operator_body(&self, from: u32, at: u32, found: u32) -> u32 {
        if from == at {
            return found;
        }
        let mut state = self.state.borrow_mut();
        let is_application =
            matches!(state.nodes[from as usize].expr.kind, ExprKind::CallParameter { .. })
                && state.nodes[from as usize].pair.is_none();
        let is_call = matches!(
            state.nodes[at as usize].expr.kind,
            ExprKind::Call { .. } | ExprKind::CallLet { .. }
        ) && state.nodes[at as usize].pair.is_none();
        if !(is_application && is_call) {
            return found;
        }
        let mut ancestor = state.nodes[at as usize].parent;
        while ancestor != 0 {
            let node = &state.nodes[ancestor as usize];
            if node.pair.is_none() && matches!(node.expr.kind, ExprKind::CallLet { .. }) {
                return Self::absorber(&mut state, from);
            }
            ancestor = node.parent;
        }
        let links = state.operator_links.entry(from).or_default();
        if !links.contains(&found) {
            links.push(found);
        }
        found
    }

    /// The node that stands for "count in `application`" (see `link_operator_body`).
    fn absorber(state: &mut State, application: u32) -> u32 {
        let key = (application, address(state.nodes[application as usize].expr) | 3);
        if let Some(id) = state.index.get(&key) {
            return *id;
        }
        let id = state.nodes.len() as u32;
        let expr = state.nodes[application as usize].expr;
        state.nodes.push(Node {
            parent: application,
            expr,
            pair: None,
            root: None,
            primary: 0,
            secondary: 0,
        });
        state.index.insert(key, id);
        state.absorbing.insert(id, application);
        id
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

    /// Counts one for the current node.
    pub fn count_current(&self) {
        let mut state = self.state.borrow_mut();
        let cursor = state.cursor;
        if cursor != 0 {
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

    /// Adds `amount` to the second number of `expr`'s node under the cursor.
    fn add_cost(&self, evaluator: &Evaluator, expr: &'static Expr, amount: u64) {
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
            let known = self.state.borrow().index.get(&(node, target)).copied();
            if let Some(id) = known {
                return self.link_operator_body(from, node, id);
            }
            let children = self.lookup_children(evaluator, node);
            if children.iter().any(|child| child.key() == target) {
                let id = self.child_node(node, Child::Expr(expr));
                return self.link_operator_body(from, node, id);
            }
            if let Some(id) = self.find_in_pairs(node, &children, expr, 0) {
                return id;
            }
            // The body of a recursive inner call is counted in the enclosing call's nodes.
            if let Some(anchor) = self.recursion_anchor(evaluator, node) {
                let children = self.lookup_children(evaluator, anchor);
                if children.iter().any(|child| child.key() == target) {
                    return self.child_node(anchor, Child::Expr(expr));
                }
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
        let inner_call = self.recursion_anchor(evaluator, node).is_some();
        let (key, root_formulas, expr, pair) = {
            let state = self.state.borrow();
            let current = &state.nodes[node as usize];
            let kind = if current.root.is_some() { 1 } else { 2 * u8::from(inner_call) };
            let key = (node_key(current), kind);
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
            (None, None) if inner_call => self.argument_children(expr, &mut children),
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
        // An operator given as an argument (`LAMBDA v : e`, `Inc`) to an operator of the user's
        // stands for its body. (TLC's operators of the standard modules, such as `SelectSeq`,
        // are Java code that applies the operator without counting.)
        let arguments_of = |def: u32, arguments: &'static [Expr], push: &mut dyn FnMut(Child)| {
            let users = evaluator.native_of(def, arguments).is_none()
                && body_of(def).is_some_and(|body| !self.is_standard(body));
            for argument in arguments {
                match self.operator_argument_body(argument).filter(|_| users) {
                    Some(body) => roots(body, push),
                    None => roots(argument, push),
                }
            }
        };
        match &expr.kind {
            ExprKind::Call { def, arguments } => {
                if let Some(body) = body_of(*def) {
                    roots(body, push);
                }
                arguments_of(*def, arguments, push);
            }
            ExprKind::CallLet { def, arguments, .. } => {
                if let Some(body) = body_of(*def) {
                    roots(body, push);
                }
                arguments_of(*def, arguments, push);
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
    slot: tla_sema::hir::ExprSlot::unnumbered(),
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

mod aggregate;
mod lets_and_recursion;
mod print;

pub use aggregate::{AbsorbedCounts, CountsDelta, NodeMap};
pub use print::{primed_locations, report, Line, ReportRoot};
