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
//! [`Evaluator::lazy_constructor`] whether the application's function expression is one TLC
//! evaluates keeping the constructor lazy.

use tla_sema::hir::{Body, Bound, Expr, ExprKind};
use tla_values::{functions, EvalError, EvalErrorKind, Function, Value};

use crate::evaluator::Evaluator;
use crate::failure::Failure;

/// How far [`Evaluator::lazy_constructor`] follows definitions into definitions.
const DEFINITION_DEPTH: u32 = 16;

impl Evaluator {
    /// `failure`, from applying `value` (the value of `function`) to `argument`, with TLC's
    /// message for a lazy function when TLC would hold `value` lazily there.
    pub(crate) fn application_failure(
        &self,
        mut failure: Box<Failure>,
        function: &'static Expr,
        value: &Value,
        argument: &Value,
    ) -> Box<Failure> {
        let Value::Function(built) = value else { return failure };
        if !Function::is_unconverted_lambda(built) {
            return failure;
        }
        let Some(bounds) = self.lazy_constructor(function, DEFINITION_DEPTH) else {
            return failure;
        };
        let names: usize = bounds.iter().map(|bound| bound.names.len()).sum();
        // Outside the domain; or, for several names, an argument that is no tuple (the plain
        // function fails comparing it with its domain's tuples, the lazy one says so).
        let lazy_kind = failure.error.kind == EvalErrorKind::NotInDomain
            || (names > 1 && !matches!(argument, Value::Tuple(_)));
        if !lazy_kind {
            return failure;
        }
        let message = if names == 1 {
            Some(functions::not_in_lambda_domain(&tla_values::ppr(value), argument))
        } else {
            outside_product_domain(built, names, argument)
        };
        if let Some(message) = message {
            // Printing the function in the message converts it in TLC.
            built.mark_converted();
            failure.error = message;
        }
        failure
    }

    /// The bounds of the constructor whose lazy function TLC evaluates `function`, the function
    /// of an application, to: the expression is a constructor over plain names, or leads to
    /// one through an `EXCEPT` base, a `LET` body, an `IF` or `CASE` branch, or the body of a
    /// definition TLC does not compute at start-up.
    fn lazy_constructor(&self, function: &'static Expr, depth: u32) -> Option<&'static [Bound]> {
        let follow = |body: &'static Body| match body {
            Body::Expression(body) if depth > 0 => self.lazy_constructor(body, depth - 1),
            _ => None,
        };
        let hir = self.hir();
        match &function.kind {
            ExprKind::FunctionConstructor { bounds, .. } => {
                let plain = !bounds.is_empty() && bounds.iter().all(|bound| !bound.tuple);
                plain.then_some(bounds.as_slice())
            }
            ExprKind::Except { function, .. } => self.lazy_constructor(function, depth),
            ExprKind::Let { body, .. } | ExprKind::Label { body, .. } => {
                self.lazy_constructor(body, depth)
            }
            ExprKind::Outer { expr, .. } => self.lazy_constructor(expr, depth),
            ExprKind::If { then_branch, else_branch, .. } => self
                .lazy_constructor(then_branch, depth)
                .or_else(|| self.lazy_constructor(else_branch, depth)),
            ExprKind::Case { arms, other } => arms
                .iter()
                .find_map(|(_, value)| self.lazy_constructor(value, depth))
                .or_else(|| other.as_ref().and_then(|other| self.lazy_constructor(other, depth))),
            ExprKind::Call { def, .. } => {
                let def = self.resolve_definition(*def);
                match self.is_precomputed(def) {
                    true => None,
                    false => follow(&hir.definition(def).body),
                }
            }
            ExprKind::CallLet { def, .. } => follow(&hir.definition(*def).body),
            _ => None,
        }
    }
}

/// TLC's message for applying the lazy function of `[x \in S, y \in T |-> e]` (`names` names
/// in all), built as `function`, to `argument` outside its domain: the first component of the
/// argument outside its name's set, the function printed in TLC's order of the product (the
/// first component varying fastest) and its domain. `None` when TLC's message is another one.
fn outside_product_domain(
    function: &Function,
    names: usize,
    argument: &Value,
) -> Option<EvalError> {
    let in_applying = "In applying the function";
    let Value::Tuple(components) = argument else {
        let text = function_in_product_order(function)?;
        return Some(EvalError::general(
            EvalErrorKind::NotInDomain,
            format!(
                "{in_applying}\n{text},\nthe argument list is:\n{}\nwhich does not match its formal parameter.\n",
                tla_values::ppr(argument)
            ),
        ));
    };
    if components.len() != names {
        return None;
    }
    let domain = function.domain_elements();
    let keys: Vec<&[Value]> = domain
        .iter()
        .map(|key| match key {
            Value::Tuple(key) if key.len() == names => Some(&key[..]),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let outside = (0..names).find(|&index| {
        !keys.iter().any(|key| tla_values::equals(&key[index], &components[index]).unwrap_or(false))
    })?;
    let text = function_in_product_order(function)?;
    let domain_text = tla_values::to_tlc_string(&Value::set_normalized(domain).ok()?);
    Some(EvalError::general(
        EvalErrorKind::NotInDomain,
        format!(
            "{in_applying}\n{text},\nthe argument number {} is:\n{}\nwhich is not in the function's domain {domain_text}.\n",
            outside + 1,
            tla_values::ppr(&components[outside])
        ),
    ))
}

/// `function`, whose domain is a product, printed as TLC prints its lazy function expanded:
/// `(<<1, 1>> :> 2 @@ <<2, 1>> :> 3 @@ ...)`, the pairs in the product's order.
fn function_in_product_order(function: &Function) -> Option<String> {
    let mut pairs: Vec<(Value, &Value)> =
        function.domain_elements().into_iter().zip(function.values()).collect();
    let mut failed = false;
    pairs.sort_by(|(left, _), (right, _)| match (left, right) {
        (Value::Tuple(left), Value::Tuple(right)) => {
            for (a, b) in left.iter().zip(right.iter()).rev() {
                match tla_values::compare(a, b) {
                    Ok(std::cmp::Ordering::Equal) => {}
                    Ok(order) => return order,
                    Err(_) => failed = true,
                }
            }
            std::cmp::Ordering::Equal
        }
        _ => std::cmp::Ordering::Equal,
    });
    if failed {
        return None;
    }
    let entries: Vec<String> = pairs
        .iter()
        .map(|(key, value)| {
            format!("{} :> {}", tla_values::to_tlc_string(key), tla_values::to_tlc_string(value))
        })
        .collect();
    Some(tla_values::pretty::pretty_print(&format!("({})", entries.join(" @@ ")), 80))
}
