//! A `NativeHost` for tests: its own interner, captured `Print` output, TLC registers in a map,
//! a generator that always answers 0, a fixed environment, a few virtual files, and named test
//! operators (`@plus`, `@pair`, `@lt`, ...) standing for operator arguments.

use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::Arc;

use tla_eval::native::{tlc_get_undefined, NativeHost};
use tla_values::{
    arith, EvalError, EvalErrorKind, EvalResult, ExtClass, ExtValue, Interner, Value,
};

/// An operator argument, by name; the host knows what each name computes.
pub struct TestOperator(pub String);

impl ExtValue for TestOperator {
    fn kind_name(&self) -> &'static str {
        "an operator"
    }

    fn class(&self) -> ExtClass {
        ExtClass::Other
    }

    fn tlc_class_name(&self) -> &'static str {
        "OpLambdaValue"
    }

    fn lazy_text(&self) -> String {
        format!("<Operator {}>", self.0)
    }
}

pub struct TestHost {
    pub interner: Interner,
    pub printed: RefCell<Vec<String>>,
    registers: RefCell<HashMap<String, Value>>,
}

const FILES: &[(&str, &str)] = &[
    ("/data/doc.json", "{\"b\": [1, true, \"x\"], \"a\": {\"c\": -2}}"),
    ("/data/lines.ndjson", "{\"n\": 1}\n\n  [2, 3]  \n\"s\"\n"),
    ("/data/bad.json", "{\"a\": null}"),
    ("/data/table.csv", "1,alice\n2,bob\n"),
    ("/data/numbers.json", "[1.9, -2.5, 1e2, 4294967297, 1x]"),
    ("/data/fractions.json", "[1.9, -2.5, 1e2, 4294967297]"),
];

impl TestHost {
    pub fn new(interner: Interner) -> TestHost {
        TestHost { interner, printed: RefCell::new(Vec::new()), registers: RefCell::default() }
    }

    fn key(key: &Value) -> String {
        tla_values::to_tlc_string(key)
    }
}

fn int_operand(value: &Value) -> EvalResult<i64> {
    value.as_int().ok_or_else(|| EvalError::general(EvalErrorKind::WrongKind, "not an integer"))
}

impl NativeHost for TestHost {
    fn interner(&self) -> &Interner {
        &self.interner
    }

    fn call_operator(&self, operator: &Value, arguments: &[Value]) -> EvalResult<Value> {
        let Value::Ext(ext) = operator else {
            return Err(EvalError::general(EvalErrorKind::WrongKind, "not an operator"));
        };
        let name = ext.lazy_text();
        let arg = |i: usize| arguments.get(i).cloned().unwrap_or(Value::Int(0));
        match name.as_str() {
            "<Operator plus>" => arith::plus(&arg(0), &arg(1)),
            "<Operator minus>" => arith::minus(&arg(0), &arg(1)),
            "<Operator pair>" => Ok(Value::tuple(vec![arg(0), arg(1)])),
            "<Operator lt>" => arith::less(&arg(0), &arg(1)).map(Value::Bool),
            "<Operator even>" => Ok(Value::Bool(int_operand(&arg(0))? % 2 == 0)),
            "<Operator big>" => Ok(Value::Bool(int_operand(&arg(0))? > 2)),
            "<Operator double>" => arith::times(&arg(0), &Value::Int(2)),
            "<Operator parity>" => arith::modulo(&arg(0), &Value::Int(2)),
            "<Operator one>" => Ok(Value::Int(1)),
            _ => Err(EvalError::general(EvalErrorKind::Unsupported, format!("no operator {name}"))),
        }
    }

    fn print(&self, line: &str) {
        self.printed.borrow_mut().push(line.to_string());
    }

    fn tlc_get(&self, key: &Value) -> EvalResult<Value> {
        if let Value::Str(name) = key {
            if name.text() == "level" {
                return Ok(Value::Int(0));
            }
        }
        self.registers
            .borrow()
            .get(&TestHost::key(key))
            .cloned()
            .ok_or_else(|| tlc_get_undefined(key))
    }

    fn tlc_set(&self, key: &Value, value: Value) -> EvalResult<()> {
        self.registers.borrow_mut().insert(TestHost::key(key), value);
        Ok(())
    }

    fn random_below(&self, _bound: u64) -> u64 {
        0
    }

    fn environment_variable(&self, name: &str) -> Option<String> {
        self.environment()?.into_iter().find(|(n, _)| n == name).map(|(_, v)| v)
    }

    fn read_file(&self, path: &str) -> Result<String, String> {
        FILES
            .iter()
            .find(|(name, _)| *name == path)
            .map(|(_, text)| text.to_string())
            .ok_or_else(|| "reading files is disabled".to_string())
    }

    fn environment(&self) -> Option<Vec<(String, String)>> {
        Some(vec![
            ("USER".to_string(), "tester".to_string()),
            ("HOME".to_string(), "/h".to_string()),
        ])
    }
}

/// The value of an `@name` argument.
pub fn operator(name: &str) -> Value {
    Value::Ext(Arc::new(TestOperator(name.to_string())))
}
