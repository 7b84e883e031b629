//! Counterexamples as JSON in the Informal Trace Format (ITF), so other tools (trace viewers,
//! the benchmark's conformance reports) can read them without parsing TLC's text.
//!
//! Encoding: booleans, integers and strings as JSON values; sets as `{"#set": [...]}`;
//! sequences and tuples (functions on `1..n`) as JSON arrays; records as JSON objects; other
//! functions as `{"#map": [[key, value], ...]}`; TLC model values, which ITF has no encoding
//! for, as `{"#unserializable": "name"}`. Each state carries its index and, from the second on,
//! the action that led to it in its `#meta`.

use serde_json::{json, Map, Value as Json};
use tla_eval::Action;
use tla_values::{convert, sets, Value};

use crate::bfs::TraceStep;

/// The trace as an ITF document. `variables` are the names and state indices, in the order to
/// list them; `labels` names each step's action (as TLC prints it).
pub fn trace_to_itf(
    trace: &[TraceStep],
    variables: &[(String, usize)],
    actions: &[Action],
    label: &dyn Fn(&Action) -> String,
    description: &str,
) -> Json {
    let states: Vec<Json> = trace
        .iter()
        .enumerate()
        .map(|(index, step)| {
            let mut state = Map::new();
            let mut meta = Map::new();
            meta.insert("index".to_string(), json!(index));
            if let Some(action) = step.action.and_then(|action| actions.get(action)) {
                meta.insert("action".to_string(), json!(label(action)));
            }
            state.insert("#meta".to_string(), Json::Object(meta));
            for (name, position) in variables {
                let value = step.state.get(*position).map_or(Json::Null, value_to_itf);
                state.insert(name.clone(), value);
            }
            Json::Object(state)
        })
        .collect();
    json!({
        "#meta": {
            "format": "ITF",
            "format-description": "https://apalache-mc.org/docs/adr/015adr-trace.html",
            "description": description,
        },
        "vars": variables.iter().map(|(name, _)| name.clone()).collect::<Vec<_>>(),
        "states": states,
    })
}

/// One value in ITF.
pub fn value_to_itf(value: &Value) -> Json {
    match value {
        Value::Bool(b) => json!(b),
        Value::Int(n) => json!(n),
        Value::Str(atom) => json!(atom.text()),
        Value::ModelValue(atom) => json!({ "#unserializable": atom.text() }),
        Value::Tuple(elements) => Json::Array(elements.iter().map(value_to_itf).collect()),
        Value::Record(record) => {
            let mut object = Map::new();
            for (name, field) in record.names().iter().zip(record.values()) {
                object.insert(name.text().to_string(), value_to_itf(field));
            }
            Json::Object(object)
        }
        Value::Function(function) => match function.interval() {
            Some(interval) if interval.low == 1 => {
                Json::Array(function.values().iter().map(value_to_itf).collect())
            }
            _ if function.domain_elements().iter().all(|key| matches!(key, Value::Str(_))) => {
                let mut object = Map::new();
                for (key, value) in function.domain_elements().iter().zip(function.values()) {
                    if let Value::Str(name) = key {
                        object.insert(name.text().to_string(), value_to_itf(value));
                    }
                }
                Json::Object(object)
            }
            _ => Json::Object(Map::from_iter([(
                "#map".to_string(),
                Json::Array(
                    function
                        .domain_elements()
                        .iter()
                        .zip(function.values())
                        .map(|(key, value)| json!([value_to_itf(key), value_to_itf(value)]))
                        .collect(),
                ),
            )])),
        },
        Value::Set(_) | Value::Interval(_) | Value::Lazy(_) => {
            match sets::normalized_elements(value) {
                Ok(elements) => {
                    json!({ "#set": elements.iter().map(value_to_itf).collect::<Vec<_>>() })
                }
                Err(_) => json!({ "#unserializable": tla_values::to_tlc_string(value) }),
            }
        }
        Value::Ext(_) => match convert::to_function(value) {
            Ok(Some(function)) => value_to_itf(&Value::Function(function)),
            _ => match sets::normalized_elements(value) {
                Ok(elements) => {
                    json!({ "#set": elements.iter().map(value_to_itf).collect::<Vec<_>>() })
                }
                Err(_) => json!({ "#unserializable": tla_values::to_tlc_string(value) }),
            },
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tla_values::Interner;

    #[test]
    fn values_encode_as_itf() {
        let interner = Interner::new();
        let record = Value::record(vec![
            (interner.intern("kind"), Value::Str(interner.intern("busy"))),
            (interner.intern("count"), Value::Int(3)),
        ])
        .unwrap();
        let set = Value::set_normalized(vec![Value::Int(2), Value::Int(1)]).unwrap();
        let sequence =
            Value::tuple(vec![Value::Bool(true), Value::ModelValue(interner.intern("m1"))]);
        let function =
            Value::function(vec![Value::Str(interner.intern("a"))], vec![Value::Int(0)]).unwrap();
        assert_eq!(value_to_itf(&record), json!({"kind": "busy", "count": 3}));
        assert_eq!(value_to_itf(&set), json!({"#set": [1, 2]}));
        assert_eq!(value_to_itf(&sequence), json!([true, {"#unserializable": "m1"}]));
        assert_eq!(value_to_itf(&function), json!({"a": 0}));
        let with_int_keys = Value::function(vec![Value::Int(5)], vec![Value::Int(0)]).unwrap();
        assert_eq!(value_to_itf(&with_int_keys), json!({"#map": [[5, 0]]}));
    }
}
