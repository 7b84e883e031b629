//! Calls of native operators (those TLC implements in Java, and we in `native/`): arguments are
//! evaluated at once, since every native forces all of them, and the integer comparisons and
//! arithmetic that dominate most specifications skip the dispatch by module and operator name.

use tla_sema::hir::{Body, DefId, Expr, ExprKind, Hir};
use tla_values::Value;

use crate::context::Ctx;
use crate::env::Env;
use crate::evaluator::Evaluator;
use crate::failure::EvalOutcome;
use crate::values::OperatorValue;

/// A native operator, with the integer operators singled out.
#[derive(Clone, Copy)]
pub(crate) struct NativeOperator {
    module: &'static str,
    name: &'static str,
    integer: Option<IntegerOperator>,
}

#[derive(Clone, Copy)]
enum IntegerOperator {
    Plus,
    Minus,
    Times,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
}

/// Per definition of `hir`: the native operator its body is, if any.
pub(crate) fn native_operators(hir: &'static Hir) -> Vec<Option<NativeOperator>> {
    hir.definitions
        .iter()
        .map(|definition| match &definition.body {
            Body::Native { module, name } => {
                let integer = match (module.as_str(), name.as_str()) {
                    ("Naturals" | "Integers", "+") => Some(IntegerOperator::Plus),
                    ("Naturals" | "Integers", "-") => Some(IntegerOperator::Minus),
                    ("Naturals" | "Integers", "*") => Some(IntegerOperator::Times),
                    ("Naturals" | "Integers", "<") => Some(IntegerOperator::Less),
                    ("Naturals" | "Integers", "\\leq") => Some(IntegerOperator::LessOrEqual),
                    ("Naturals" | "Integers", ">") => Some(IntegerOperator::Greater),
                    ("Naturals" | "Integers", "\\geq") => Some(IntegerOperator::GreaterOrEqual),
                    _ => None,
                };
                Some(NativeOperator { module: module.as_str(), name: name.as_str(), integer })
            }
            _ => None,
        })
        .collect()
}

impl IntegerOperator {
    /// The result on two 32-bit integers; `None` on overflow, where the native reports TLC's
    /// error.
    fn apply(self, left: i64, right: i64) -> Option<Value> {
        let (left, right) = (i32::try_from(left).ok()?, i32::try_from(right).ok()?);
        Some(match self {
            IntegerOperator::Plus => Value::Int(left.checked_add(right)?.into()),
            IntegerOperator::Minus => Value::Int(left.checked_sub(right)?.into()),
            IntegerOperator::Times => Value::Int(left.checked_mul(right)?.into()),
            IntegerOperator::Less => Value::Bool(left < right),
            IntegerOperator::LessOrEqual => Value::Bool(left <= right),
            IntegerOperator::Greater => Value::Bool(left > right),
            IntegerOperator::GreaterOrEqual => Value::Bool(left >= right),
        })
    }
}

impl Evaluator {
    /// The native operator a call of `def` with `arguments` reaches (after the model's
    /// overrides), when there are arguments.
    pub(crate) fn native_of(&self, def: DefId, arguments: &[Expr]) -> Option<NativeOperator> {
        if arguments.is_empty() {
            return None;
        }
        *self.shared.natives.get(self.resolve_definition(def) as usize)?
    }

    /// A native operator called on its arguments, evaluated in order (as a call through
    /// bindings would force them), under the call depth guard ([`Evaluator::nested_call`]).
    pub(crate) fn call_native_eagerly(
        &self,
        native: NativeOperator,
        arguments: &'static [Expr],
        env: &Env,
        ctx: &Ctx,
    ) -> EvalOutcome<Value> {
        // One and two arguments (nearly every call) are kept on the stack.
        match arguments {
            [only] => self.call_native_on(native, &[self.native_argument(only, env, ctx)?], ctx),
            [left, right] => {
                let left = self.native_argument(left, env, ctx)?;
                let right = self.native_argument(right, env, ctx)?;
                self.call_native_on(native, &[left, right], ctx)
            }
            _ => {
                let mut values = Vec::with_capacity(arguments.len());
                for argument in arguments {
                    values.push(self.native_argument(argument, env, ctx)?);
                }
                self.call_native_on(native, &values, ctx)
            }
        }
    }

    fn native_argument(&self, argument: &'static Expr, env: &Env, ctx: &Ctx) -> EvalOutcome<Value> {
        match &argument.kind {
            ExprKind::Operator(operator) => {
                Ok(OperatorValue::wrap(self.closure_of(operator, env)?))
            }
            _ => self.eval(argument, env, ctx),
        }
    }

    fn call_native_on(
        &self,
        native: NativeOperator,
        values: &[Value],
        ctx: &Ctx,
    ) -> EvalOutcome<Value> {
        if let (Some(integer), [Value::Int(left), Value::Int(right)]) = (native.integer, values) {
            if let Some(result) = integer.apply(*left, *right) {
                return Ok(result);
            }
        }
        self.nested_call(native.name, ctx, || {
            crate::host::call_native(self, native.module, native.name, values, ctx)
        })
    }
}
