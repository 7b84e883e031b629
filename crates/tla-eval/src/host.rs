//! The bridge between native operators and the evaluator: natives see a [`NativeHost`] that
//! calls back into the evaluator and reaches the outside world only as the run's settings allow.

use tla_values::{EvalError, EvalErrorKind, EvalResult, Interner, Value};

use crate::context::Ctx;
use crate::evaluator::Evaluator;
use crate::failure::{EvalOutcome, Failure};
use crate::native::{self, NativeHost};
use crate::values::OperatorValue;

struct Bridge<'a> {
    evaluator: &'a Evaluator,
    ctx: &'a Ctx<'a>,
}

/// Calls native operator `module!name` on evaluated arguments.
pub(crate) fn call_native(
    evaluator: &Evaluator,
    module: &str,
    name: &str,
    arguments: &[Value],
    ctx: &Ctx,
) -> EvalOutcome<Value> {
    let bridge = Bridge { evaluator, ctx };
    match native::call_native(module, name, arguments, &bridge) {
        // TLC wraps an error of its Java method that is not an `EvalException`.
        Some(result) => result.map_err(|error| {
            let integers = evaluator.shared.integers_in_scope;
            Failure::new(match native::java_method_signature(module, name, integers) {
                Some(signature) => error.in_java_method(&signature),
                None => error,
            })
        }),
        None => Err(Failure::message(
            EvalErrorKind::Unsupported,
            format!("The operator {name} of module {module} is not implemented by this evaluator."),
        )),
    }
}

impl NativeHost for Bridge<'_> {
    fn interner(&self) -> &Interner {
        self.evaluator.interner()
    }

    fn call_operator(&self, operator: &Value, arguments: &[Value]) -> EvalResult<Value> {
        let Some(closure) = OperatorValue::of(operator) else {
            return Err(EvalError::general(
                EvalErrorKind::WrongKind,
                format!(
                    "Attempted to apply the non-operator value {} as an operator.",
                    tla_values::ppr(operator)
                ),
            ));
        };
        self.evaluator
            .call_closure(&closure, arguments.to_vec(), self.ctx)
            .map_err(|failure| failure.error)
    }

    fn print(&self, line: &str) {
        if !self.ctx.worker.output_muted.get() {
            (self.evaluator.settings().printer)(line);
        }
    }

    fn tlc_get(&self, key: &Value) -> EvalResult<Value> {
        crate::tlc_registers::tlc_get(self.evaluator, self.ctx, key)
    }

    fn tlc_set(&self, key: &Value, value: Value) -> EvalResult<()> {
        crate::tlc_registers::tlc_set(self.ctx, key, value)
    }

    fn random_below(&self, bound: u64) -> u64 {
        self.ctx.worker.random_below(bound)
    }

    fn environment_variable(&self, name: &str) -> Option<String> {
        if self.evaluator.settings().allow_environment {
            std::env::var(name).ok()
        } else {
            None
        }
    }

    fn environment(&self) -> Option<Vec<(String, String)>> {
        if !self.evaluator.settings().allow_environment {
            return None;
        }
        let mut variables: Vec<(String, String)> = std::env::vars().collect();
        variables.sort();
        Some(variables)
    }

    fn read_file(&self, path: &str) -> Result<String, String> {
        if !self.evaluator.settings().allow_file_reads {
            return Err(format!(
                "The spec tried to read file {path}; reading files is disabled (enable it with --allow-file-reads)."
            ));
        }
        std::fs::read_to_string(path).map_err(|error| format!("Cannot read {path}: {error}"))
    }
}
