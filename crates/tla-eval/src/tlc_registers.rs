//! `TLCGet` and `TLCSet`: per-worker registers and the run facts TLC exposes to specs.

use tla_values::{EvalError, EvalErrorKind, EvalResult, Value};

use crate::context::Ctx;
use crate::evaluator::Evaluator;

pub(crate) fn tlc_get(evaluator: &Evaluator, ctx: &Ctx, key: &Value) -> EvalResult<Value> {
    let statistics = ctx.worker.statistics.get();
    let int = |n: u64| Value::Int(n.min(i32::MAX as u64) as i64);
    match key {
        Value::Int(index) if *index >= 0 => {
            let registers = ctx.worker.registers.borrow();
            match registers.get(*index as usize).cloned().flatten() {
                Some(value) => Ok(value),
                None => Err(EvalError::general(
                    EvalErrorKind::NotInDomain,
                    format!("TLCGet({index}) was called before TLCSet({index}, ...) gave it a value."),
                )),
            }
        }
        Value::Str(name) => match name.text() {
            "level" => Ok(int(ctx.worker.level.get())),
            "diameter" => Ok(int(statistics.diameter)),
            "distinct" => Ok(int(statistics.distinct)),
            "generated" => Ok(int(statistics.generated)),
            "queue" => Ok(int(statistics.queue)),
            "initial" => Ok(int(statistics.initial)),
            "duration" => Ok(int(statistics.duration_seconds)),
            "stats" => {
                let interner = evaluator.interner();
                let fields = [
                    ("queue", statistics.queue),
                    ("distinct", statistics.distinct),
                    ("initial", statistics.initial),
                    ("generated", statistics.generated),
                    ("diameter", statistics.diameter),
                    ("duration", statistics.duration_seconds),
                    ("worker", u64::from(ctx.worker.worker_id)),
                ];
                Value::record(fields.iter().map(|(name, n)| (interner.intern(name), int(*n))).collect())
            }
            "config" => {
                let interner = evaluator.interner();
                let configuration = &evaluator.settings().run_configuration;
                let text = |text: &str| Value::Str(interner.intern(text));
                let mut fields = vec![("mode", text(&configuration.mode))];
                if configuration.mode != "bfs" {
                    fields.push(("depth", Value::Int(configuration.depth)));
                    fields.push(("traces", Value::Int(configuration.traces)));
                    fields.push(("aril", text("0")));
                }
                fields.extend([
                    ("deadlock", Value::Bool(configuration.check_deadlock)),
                    ("worker", Value::Int(i64::from(configuration.workers))),
                    ("seed", text(&configuration.seed.to_string())),
                    ("install", text("")),
                ]);
                if configuration.mode == "bfs" {
                    fields.push(("fingerprint", text("0")));
                }
                Value::record(fields.into_iter().map(|(name, value)| (interner.intern(name), value)).collect())
            }
            other => Err(EvalError::general(
                EvalErrorKind::Unsupported,
                format!("TLCGet(\"{other}\") is not supported."),
            )),
        },
        other => Err(EvalError::general(
            EvalErrorKind::WrongKind,
            format!(
                "The argument of TLCGet should be a nonnegative integer or a string, but instead it is: {}",
                tla_values::ppr(other)
            ),
        )),
    }
}

pub(crate) fn tlc_set(ctx: &Ctx, key: &Value, value: Value) -> EvalResult<()> {
    match key {
        Value::Int(index) if *index >= 0 && *index < 1 << 20 => {
            let mut registers = ctx.worker.registers.borrow_mut();
            let index = *index as usize;
            if registers.len() <= index {
                registers.resize(index + 1, None);
            }
            registers[index] = Some(value);
            Ok(())
        }
        Value::Str(name) if name.text() == "exit" => {
            if value.as_bool() == Some(true) {
                ctx.worker.exit_requested.set(true);
            }
            Ok(())
        }
        Value::Str(name) if name.text() == "pause" => Ok(()),
        other => Err(EvalError::general(
            EvalErrorKind::WrongKind,
            format!(
                "The first argument of TLCSet should be a nonnegative integer or \"exit\", but instead it is: {}",
                tla_values::ppr(other)
            ),
        )),
    }
}
