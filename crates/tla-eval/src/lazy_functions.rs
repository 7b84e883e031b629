//! Which message TLC gives for a function applied outside its domain.
//!
//! TLC builds `[x \in S |-> e]` as a lazy `FcnLambdaValue` and turns it into a `FcnRcdValue`
//! at once, unless it is evaluated as the function of an application `f[a]` (TLC evaluates
//! `f` with `EvalControl.KeepLazy`, through definitions, `LET`s, `IF` branches and `EXCEPT`),
//! or until it compares or fingerprints it. Applied outside its domain, the lazy form says
//! "In applying the function ..., the first argument is: ... which is not in its domain.";
//! the other "Attempted to apply function: ... to argument ..., which is not in the domain of
//! the function.". Our functions are built at once; [`Function::is_unconverted_lambda`] says
//! that one was built by a constructor and not compared or hashed since, and
//! [`Evaluator::keeps_lazy`] whether the application's function expression is one TLC
//! evaluates keeping the constructor lazy.

use tla_sema::hir::{Body, Expr, ExprKind};
use tla_values::{functions, EvalErrorKind, Function, Value};

use crate::evaluator::Evaluator;
use crate::failure::Failure;

/// How far [`Evaluator::keeps_lazy`] follows definitions into definitions.
const DEFINITION_DEPTH: u32 = 16;

impl Evaluator {
    /// `failure`, from applying `value` (the value of `function`) to `argument`, with TLC's
    /// message for a lazy function when TLC would hold `value` lazily there.
    pub(crate) fn application_failure(
        &self,
        mut failure: Box<Failure>,
        function: &Expr,
        value: &Value,
        argument: &Value,
    ) -> Box<Failure> {
        let Value::Function(built) = value else { return failure };
        if failure.error.kind != EvalErrorKind::NotInDomain
            || !Function::is_unconverted_lambda(built)
            || !self.keeps_lazy(function, DEFINITION_DEPTH)
        {
            return failure;
        }
        // Printing the function in the message converts it in TLC.
        built.mark_converted();
        failure.error = functions::not_in_lambda_domain(&tla_values::ppr(value), argument);
        failure
    }

    /// Whether TLC evaluates `function`, the function of an application, to a constructor's
    /// lazy function: the expression is a one-name constructor, or leads to one through an
    /// `EXCEPT` base, a `LET` body, an `IF` or `CASE` branch, or the body of a definition TLC
    /// does not compute at start-up.
    fn keeps_lazy(&self, function: &Expr, depth: u32) -> bool {
        let follow = |body: &Body| match body {
            Body::Expression(body) => depth > 0 && self.keeps_lazy(body, depth - 1),
            _ => false,
        };
        match &function.kind {
            ExprKind::FunctionConstructor { bounds, .. } => {
                matches!(bounds.as_slice(), [bound] if !bound.tuple && bound.names.len() == 1)
            }
            ExprKind::Except { function, .. } => self.keeps_lazy(function, depth),
            ExprKind::Let { body, .. } | ExprKind::Label { body, .. } => {
                self.keeps_lazy(body, depth)
            }
            ExprKind::Outer { expr, .. } => self.keeps_lazy(expr, depth),
            ExprKind::If { then_branch, else_branch, .. } => {
                self.keeps_lazy(then_branch, depth) || self.keeps_lazy(else_branch, depth)
            }
            ExprKind::Case { arms, other } => {
                arms.iter().any(|(_, value)| self.keeps_lazy(value, depth))
                    || other.as_ref().is_some_and(|other| self.keeps_lazy(other, depth))
            }
            ExprKind::Call { def, .. } => {
                let def = self.resolve_definition(*def);
                !self.is_precomputed(def) && follow(&self.hir().definition(def).body)
            }
            ExprKind::CallLet { def, .. } => follow(&self.hir().definition(*def).body),
            _ => false,
        }
    }
}
