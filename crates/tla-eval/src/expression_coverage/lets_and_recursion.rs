//! Two places where TLC's tree is not the plain expansion of the definitions.
//!
//! **`LET` definitions evaluated as expressions.** When TLC evaluates `LET d == e IN body` as
//! an expression (an invariant, a constraint, the value of `x' = ...`), it binds `d` to a lazy
//! value that remembers the tree node of the `LET` and is computed at most once in the same
//! states: `e` is counted at `e`'s node under the `LET`'s node each time it is computed (once
//! per evaluation of the `LET`, and again at each use under a prime, where nothing is reused),
//! however often `d` is referred to (the references themselves are counted as usual). The
//! successor walk does not bind `LET` definitions, so there `e` is counted under each reference
//! (the plain expansion). The evaluator keeps `d`'s value the same way
//! ([`crate::env::LetInstance`]); [`ExpressionCoverage::evaluate`] keeps a frame per `LET`
//! being evaluated and moves the cursor for each computation of `d` to the `LET`'s node.
//!
//! **Recursive operators.** TLC expands the body of a `RECURSIVE` operator once on a path: an
//! inner call `Op(...)` in the body of `Op` has only its arguments as children, and the
//! evaluation of its body is counted in the nodes of the nearest enclosing call of `Op`.

use tla_sema::hir::{DefId, Expr, ExprKind};

use super::{within, Child, ExpressionCoverage};
use crate::evaluator::Evaluator;

/// A `LET` being evaluated as an expression.
#[derive(Clone, Debug)]
pub(super) struct LetFrame {
    definitions: &'static [DefId],
    /// The cursor when the `LET` was entered (the node its definitions are counted under).
    cursor: u32,
}

impl ExpressionCoverage {
    /// Evaluates `expr` with `work`, counting it (TLC's `cm.getAndIncrement(expr)` in `eval`).
    pub fn evaluate<T>(
        &self,
        evaluator: &Evaluator,
        expr: &'static Expr,
        work: impl FnOnce() -> T,
    ) -> T {
        match &expr.kind {
            ExprKind::Let { definitions, .. } => {
                let cursor = self.state.borrow().cursor;
                self.state.borrow_mut().let_frames.push(LetFrame { definitions, cursor });
                let result = work();
                self.state.borrow_mut().let_frames.pop();
                result
            }
            ExprKind::CallLet { def, arguments, .. } if arguments.is_empty() => {
                let saved = self.enter(evaluator, expr, true);
                if let Some(cursor) = self.let_value_cursor(*def) {
                    self.state.borrow_mut().cursor = cursor;
                }
                let result = work();
                self.leave(saved);
                result
            }
            _ => within(Some(self), |coverage| coverage.enter(evaluator, expr, true), work),
        }
    }

    /// Where a computation of the zero-argument `LET` definition `def` is counted: the node of
    /// the innermost `LET` being evaluated that defines it (a use that finds the value computed
    /// already computes, and counts, nothing). `None` when no `LET` being evaluated defines it
    /// (the successor walk).
    fn let_value_cursor(&self, def: DefId) -> Option<u32> {
        let state = self.state.borrow();
        let frame = state.let_frames.iter().rev().find(|f| f.definitions.contains(&def))?;
        Some(frame.cursor)
    }

    /// For a node that is a call of an operator inside the expansion of a call of the same
    /// operator: that enclosing call's node (TLC's `recursive` link).
    pub(super) fn recursion_anchor(&self, evaluator: &Evaluator, node: u32) -> Option<u32> {
        let state = self.state.borrow();
        let current = state.nodes.get(node as usize)?;
        if current.pair.is_some() || current.root.is_some() {
            return None;
        }
        let called = called_definition(evaluator, current.expr)?;
        let mut ancestor = current.parent;
        while ancestor != 0 {
            let node = &state.nodes[ancestor as usize];
            if node.pair.is_none()
                && node.root.is_none()
                && called_definition(evaluator, node.expr) == Some(called)
            {
                return Some(ancestor);
            }
            ancestor = node.parent;
        }
        None
    }

    /// The children of a recursive inner call: its arguments only.
    pub(super) fn argument_children(&self, expr: &'static Expr, out: &mut Vec<Child>) {
        let arguments = match &expr.kind {
            ExprKind::Call { arguments, .. } | ExprKind::CallLet { arguments, .. } => arguments,
            _ => return,
        };
        for argument in arguments {
            let mut roots = Vec::new();
            self.roots_of(argument, &mut roots);
            out.extend(roots.into_iter().map(Child::Expr));
        }
    }
}

/// The definition a call calls (after `<-` overrides).
pub(super) fn called_definition(evaluator: &Evaluator, expr: &Expr) -> Option<DefId> {
    match &expr.kind {
        ExprKind::Call { def, .. } | ExprKind::CallLet { def, .. } => {
            Some(evaluator.resolve_definition(*def))
        }
        _ => None,
    }
}
