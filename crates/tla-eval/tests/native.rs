//! Data-driven tests of the native operators: each line of `data/native.txt` names a module, an
//! operator, its arguments (TLA+ constant expressions, or `@name` for a test operator) and the
//! expected result as TLC prints it, or the expected error message.
//!
//! Format: `Module Operator arg1 ;; arg2 => expected`, where `expected` is the printed value or
//! `error: message` (newlines written `\n`), optionally followed by ` ## printed: lines` for the
//! `Print` output (lines joined by `\n`). `#` starts a comment line.

#[allow(dead_code)]
mod support {
    pub mod host;
    /// The tiny constant-expression evaluator of the `tla-values` tests, shared rather than
    /// copied.
    #[path = "../../../tla-values/tests/support/mini.rs"]
    pub mod mini;
}

use support::host::{operator, TestHost};
use support::mini::Evaluator;
use tla_eval::native::call_native;
use tla_values::{to_tlc_string, try_to_tlc_string, Interner, Value};

/// Evaluates one case; `Err` describes a mismatch.
fn check(line: &str) -> Result<(), String> {
    let (call, expected) = line.split_once(" => ").ok_or("no ` => `")?;
    let (expected, expected_printed) = match expected.split_once(" ## printed: ") {
        Some((value, printed)) => (value, Some(printed.replace("\\n", "\n"))),
        None => (expected, None),
    };
    let mut words = call.splitn(3, ' ');
    let module = words.next().ok_or("no module")?;
    let name = words.next().ok_or("no operator")?;
    let rest = words.next().unwrap_or("").trim();
    let interner = Interner::new();
    let mut arguments = Vec::new();
    if !rest.is_empty() {
        for text in rest.split(" ;; ") {
            let text = text.trim();
            if let Some(op) = text.strip_prefix('@') {
                arguments.push(operator(op));
                continue;
            }
            let model_values = ["m1".to_string(), "m2".to_string()];
            let mut evaluator = Evaluator::new(text, &interner, &model_values)?;
            let value = evaluator.run()?.map_err(|e| format!("argument {text}: {e}"))?;
            arguments.push(value);
        }
    }
    let host = TestHost::new(interner);
    let result = call_native(module, name, &arguments, &host)
        .ok_or_else(|| format!("{module}!{name} is not native"))?;
    let actual = match result {
        Ok(value) => printed(&value),
        Err(error) => format!("error: {}", error.message.replace('\n', "\\n")),
    };
    if actual != expected {
        return Err(format!("got      {actual}\nexpected {expected}"));
    }
    if let Some(expected_printed) = expected_printed {
        let actual_printed = host.printed.borrow().join("\n");
        if actual_printed != expected_printed {
            return Err(format!("printed {actual_printed:?}, expected {expected_printed:?}"));
        }
    }
    Ok(())
}

fn printed(value: &Value) -> String {
    try_to_tlc_string(value).unwrap_or_else(|_| to_tlc_string(value))
}

#[test]
fn native_operator_cases() {
    let text = include_str!("data/native.txt");
    let mut failures = Vec::new();
    let mut count = 0;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        count += 1;
        if let Err(problem) = check(line) {
            failures.push(format!("line {}: {line}\n{problem}", number + 1));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {count} cases failed:\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// Every operator listed as built in by `tla-modules` is either native or one of the few the
/// evaluator must handle itself (they need unevaluated arguments or the checker's state).
#[test]
fn every_builtin_operator_is_dispatched() {
    const EVALUATOR_ONLY: &[&str] = &[
        "TLCExt!AssertError",
        "TLCExt!Trace",
        "TLCExt!CounterExample",
        "TLCExt!TLCDefer",
        "TLCExt!PickSuccessor",
        "TLCExt!TLCEvalDefinition",
        // Not implemented yet: rare in specs, and their TLA+ definitions are not executable.
        "VectorClocks!CausalOrder",
        "SVG!NodesOfDirectedMultiGraph",
    ];
    let host = TestHost::new(Interner::new());
    let mut missing = Vec::new();
    for module in tla_modules::all_modules() {
        for name in module.builtin_operators {
            let qualified = format!("{}!{name}", module.name);
            // Wrong arities reach the operator and fail there, which shows it is dispatched.
            let dispatched = (0..=4).any(|arity| {
                let arguments = vec![Value::Int(1); arity];
                call_native(module.name, name, &arguments, &host).is_some()
            });
            if !dispatched && !EVALUATOR_ONLY.contains(&qualified.as_str()) {
                missing.push(qualified);
            }
        }
    }
    assert!(missing.is_empty(), "not native: {}", missing.join(", "));
}

/// No native operator panics, whatever it is applied to: every built-in operator runs on every
/// combination of a set of ill-assorted argument values (fewer values for the larger arities).
#[test]
fn no_operator_panics_on_any_arguments() {
    let interner = Interner::new();
    let texts = [
        "0",
        "3",
        "-1",
        "\"a\"",
        "{}",
        "{1, 2}",
        "<<1, 2>>",
        "<<>>",
        "[a |-> 1]",
        "Nat",
        "TRUE",
        "(m1 :> 2)",
        "[node |-> {1}, edge |-> {<<1, 1>>}]",
    ];
    let model_values = ["m1".to_string()];
    let mut samples: Vec<Value> = texts
        .iter()
        .map(|text| {
            let mut evaluator = Evaluator::new(text, &interner, &model_values).expect("lexes");
            evaluator.run().expect("parses").expect("evaluates")
        })
        .collect();
    samples.push(operator("plus"));
    samples.push(operator("even"));
    let few: Vec<Value> = [0, 2, 3, 5, 6, 9, 13].iter().map(|&i| samples[i].clone()).collect();
    let host = TestHost::new(interner);
    for module in tla_modules::all_modules() {
        for name in module.builtin_operators {
            for arity in 0..=4 {
                let pool = if arity <= 2 { &samples } else { &few };
                let combinations = pool.len().pow(arity as u32);
                for mut index in 0..combinations {
                    let mut arguments = Vec::with_capacity(arity);
                    for _ in 0..arity {
                        arguments.push(pool[index % pool.len()].clone());
                        index /= pool.len();
                    }
                    let _ = call_native(module.name, name, &arguments, &host);
                }
            }
        }
    }
}
