//! Calls of native operators (those TLC implements in Java, and we in `native/`): arguments are
//! evaluated at once, since every native forces all of them, and the integer comparisons and
//! arithmetic and `Len` that dominate most specifications skip the dispatch by module and
//! operator name (a comparison in a formula also skips making its boolean a value).

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
    /// `Len`, `Head`, `Tail`, `Append` or `\o` of `Sequences`.
    sequence: Option<SequenceOperator>,
}

/// The sequence operators computed in place on tuples (anything else, or an empty sequence
/// where it fails, takes the general call, which reports TLC's error).
#[derive(Clone, Copy, PartialEq, Eq)]
enum SequenceOperator {
    Length,
    Head,
    Tail,
    Append,
    Concat,
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
                let sequence = match (module.as_str(), name.as_str()) {
                    ("Sequences", "Len") => Some(SequenceOperator::Length),
                    ("Sequences", "Head") => Some(SequenceOperator::Head),
                    ("Sequences", "Tail") => Some(SequenceOperator::Tail),
                    ("Sequences", "Append") => Some(SequenceOperator::Append),
                    ("Sequences", "\\o") => Some(SequenceOperator::Concat),
                    _ => None,
                };
                Some(NativeOperator {
                    module: module.as_str(),
                    name: name.as_str(),
                    integer,
                    sequence,
                })
            }
            _ => None,
        })
        .collect()
}

impl SequenceOperator {
    /// The value on tuples (one argument, or two), as the general call computes it; `None` for
    /// any other case.
    #[inline(always)]
    fn on_tuple_arguments(self, first: &Value, second: Option<&Value>) -> Option<Value> {
        Some(match (self, first, second) {
            (SequenceOperator::Length, Value::Tuple(elements), None) => {
                Value::Int(elements.len() as i64)
            }
            (SequenceOperator::Head, Value::Tuple(elements), None) => elements.first()?.clone(),
            (SequenceOperator::Tail, Value::Tuple(elements), None) if !elements.is_empty() => {
                Value::tuple(elements[1..].to_vec())
            }
            (SequenceOperator::Append, Value::Tuple(elements), Some(last)) => {
                let mut values = Vec::with_capacity(elements.len() + 1);
                values.extend_from_slice(elements);
                values.push(last.clone());
                Value::tuple(values)
            }
            (SequenceOperator::Concat, Value::Tuple(left), Some(Value::Tuple(right)))
                if !left.is_empty() && !right.is_empty() =>
            {
                let mut values = Vec::with_capacity(left.len() + right.len());
                values.extend_from_slice(left);
                values.extend_from_slice(right);
                Value::tuple(values)
            }
            _ => return None,
        })
    }
}

impl NativeOperator {
    /// The operator's value on two borrowed operands when it is computed in place (integer
    /// arithmetic and comparisons, `Append` and `\o` on tuples); `None` where the general call
    /// is needed.
    pub(crate) fn on_pair(&self, first: &Value, second: &Value) -> Option<Value> {
        if let Some(result) = self.on_integers(first, second) {
            return Some(result);
        }
        self.sequence?.on_tuple_arguments(first, Some(second))
    }

    /// Whether the operator only computes a value from its arguments (`predicate_memo.rs`).
    pub(crate) fn is_pure(&self) -> bool {
        crate::predicate_memo::pure_native_module(self.module, Some(self.name))
    }

    /// The operator's value on two integers, computed in place: `None` when it is not an
    /// integer operator, an operand is not an integer, or the result overflows (the general
    /// call then reports TLC's error).
    fn on_integers(&self, left: &Value, right: &Value) -> Option<Value> {
        match (self.integer, left, right) {
            (Some(integer), Value::Int(left), Value::Int(right)) => integer.apply(*left, *right),
            _ => None,
        }
    }
}

impl IntegerOperator {
    /// The result on two 32-bit integers; `None` on overflow, where the native reports TLC's
    /// error.
    fn apply(self, left: i64, right: i64) -> Option<Value> {
        if let Some(holds) = self.compare(left, right) {
            return Some(Value::Bool(holds));
        }
        let (left, right) = (i32::try_from(left).ok()?, i32::try_from(right).ok()?);
        Some(match self {
            IntegerOperator::Plus => Value::Int(left.checked_add(right)?.into()),
            IntegerOperator::Minus => Value::Int(left.checked_sub(right)?.into()),
            IntegerOperator::Times => Value::Int(left.checked_mul(right)?.into()),
            _ => return None,
        })
    }

    /// The result of a comparison on two integers (always in TLC's 32-bit range, as values);
    /// `None` for the arithmetic operators.
    fn compare(self, left: i64, right: i64) -> Option<bool> {
        Some(match self {
            IntegerOperator::Less => left < right,
            IntegerOperator::LessOrEqual => left <= right,
            IntegerOperator::Greater => left > right,
            IntegerOperator::GreaterOrEqual => left >= right,
            _ => return None,
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
        // One and two arguments (nearly every call) are kept on the stack; one that is stored
        // already is lent, not copied.
        match arguments {
            [only] if !matches!(only.kind, ExprKind::Operator(_)) => {
                self.with_value(only, env, ctx, |value| {
                    self.call_native_on(native, std::slice::from_ref(value), ctx)
                })
            }
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

    pub(crate) fn call_native_on(
        &self,
        native: NativeOperator,
        values: &[Value],
        ctx: &Ctx,
    ) -> EvalOutcome<Value> {
        let in_place = match values {
            [first, second] => native.on_pair(first, second),
            [only] => native.sequence.and_then(|op| op.on_tuple_arguments(only, None)),
            _ => None,
        };
        match in_place {
            Some(value) => Ok(value),
            None => self.call_native_generally(native, values, ctx),
        }
    }

    /// The native's general call (its implementation in `native/`), with TLC's nesting of the
    /// error; for operands [`Self::call_native_on`] does not compute in place.
    pub(crate) fn call_native_generally(
        &self,
        native: NativeOperator,
        values: &[Value],
        ctx: &Ctx,
    ) -> EvalOutcome<Value> {
        self.nested_call(native.name, ctx, || {
            crate::host::call_native(self, native.module, native.name, values, ctx)
        })
    }

    /// A call of an integer comparison (`<`, `\leq`, `>`, `\geq`), evaluated as
    /// [`Self::call_native_eagerly`] would but without its dispatch; `None` when `def` is not
    /// one (a formula's comparisons come here first).
    pub(crate) fn integer_comparison(
        &self,
        def: DefId,
        arguments: &'static [Expr],
        env: &Env,
        ctx: &Ctx,
    ) -> Option<EvalOutcome<Value>> {
        let native = self.native_of(def, arguments)?;
        let integer = native.integer.filter(|integer| integer.compare(0, 0).is_some())?;
        let [left, right] = arguments else {
            return None;
        };
        Some((|| {
            let left = self.native_argument(left, env, ctx)?;
            let right = self.native_argument(right, env, ctx)?;
            if let (Value::Int(l), Value::Int(r)) = (&left, &right) {
                if let Some(holds) = integer.compare(*l, *r) {
                    return Ok(Value::Bool(holds));
                }
            }
            self.call_native_on(native, &[left, right], ctx)
        })())
    }
}
