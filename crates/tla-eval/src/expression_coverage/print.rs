//! Printing the per-expression counts as TLC does: the tree of each root expanded from the
//! definitions, filled with the counts, and printed with TLC's rules for eliding and nesting;
//! and the assignments TLC always prints (`primed_locations`).

use std::collections::HashMap;

use tla_sema::hir::{Body, BuiltinOp, Definition, Expr, ExprKind};

use super::{address, root_formula, Child, ExpressionCoverage, PairKind, RootKind};
use crate::evaluator::Evaluator;

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

    fn operator_bodies(&self, node: u32) -> Vec<u32> {
        self.state.borrow().operator_links.get(&node).cloned().unwrap_or_default()
    }

    fn node_expr(&self, node: u32) -> &'static Expr {
        self.state.borrow().nodes[node as usize].expr
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
        // A recursive inner call: only its arguments (its body is counted in the enclosing
        // call's nodes).
        if expanding.contains(&def) {
            let mut children = Vec::new();
            coverage.argument_children(expr, &mut children);
            let mut ids = Vec::new();
            for child in children {
                let child_dynamic = dynamic.and_then(|d| coverage.dynamic_child(d, child));
                ids.push(build(
                    coverage,
                    evaluator,
                    child,
                    child_dynamic,
                    primed,
                    nodes,
                    expanding,
                ));
            }
            nodes[id].children = ids;
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
    // An application of an operator parameter: the body of the operator it applied, shared
    // with the call that gave the operator.
    for linked in dynamic.map(|d| coverage.operator_bodies(d)).unwrap_or_default() {
        let child = Child::Expr(coverage.node_expr(linked));
        ids.push(build(coverage, evaluator, child, Some(linked), primed, nodes, expanding));
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
