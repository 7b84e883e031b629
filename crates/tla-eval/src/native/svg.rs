//! The natively evaluated operators of the community modules `SVG` and `GraphViz`: rendering an
//! SVG element record to text, placing points on a ring or a line, and writing a directed graph
//! in GraphViz's dot language.
//!
//! They follow TLC's overrides: arithmetic on coordinates is done in `double` and truncated
//! toward zero (Java's `(int)` cast), attribute names have `_` turned into `-`, and a graph's
//! nodes are named in dot by their fingerprints. Their failures are plain Java exceptions in TLC,
//! so they are not `EvalException`s here either (the evaluator wraps them).

use tla_values::convert::{to_function, to_record, to_set_enum, to_tuple};
use tla_values::{
    fingerprint, functions, to_tlc_string, EvalError, EvalErrorKind, EvalResult, Value,
};

use super::{fixed, string, NativeHost};

/// Dispatches one operator of `SVG` or `GraphViz`.
pub(super) fn call(
    name: &str,
    arguments: &[Value],
    host: &dyn NativeHost,
) -> Option<EvalResult<Value>> {
    Some(match name {
        "SVGElemToString" => fixed::<1>(name, arguments).and_then(|[elem]| {
            let mut text = String::new();
            write_element(&mut text, elem, host)?;
            Ok(string(host, &text))
        }),
        "NodeOfRingNetwork" => fixed::<5>(name, arguments).and_then(|[cx, cy, r, n, m]| {
            let angle = (2.0 * std::f64::consts::PI / f64::from(int(m)?)) * f64::from(int(n)?);
            let radius = f64::from(int(r)?);
            let x = (f64::from(int(cx)?) + radius * angle.cos()) as i32;
            let y = (f64::from(int(cy)?) + radius * angle.sin()) as i32;
            point(x, y, host)
        }),
        "PointOnLine" => fixed::<3>(name, arguments).and_then(|[from, to, segment]| {
            let segment = f64::from(int(segment)?);
            let coordinate = |name: &str| -> EvalResult<i32> {
                let key = string(host, name);
                let start = int(&functions::apply(from, &key)?)?;
                let end = int(&functions::apply(to, &key)?)?;
                let offset = f64::from(end.wrapping_sub(start)) / segment;
                Ok((f64::from(start) + offset) as i32)
            };
            point(coordinate("x")?, coordinate("y")?, host)
        }),
        "DotDiGraph" => fixed::<3>(name, arguments).and_then(|[graph, node_label, edge_label]| {
            dot_digraph(graph, node_label, edge_label, host)
        }),
        _ => return None,
    })
}

/// A Java exception's message, raised inside a Java method.
fn java_exception(message: String) -> EvalError {
    EvalError::general(EvalErrorKind::WrongKind, message)
}

/// An argument TLC declares (or casts to) `IntValue`.
fn int(value: &Value) -> EvalResult<i32> {
    match value {
        Value::Int(n) => Ok(*n as i32),
        _ => Err(EvalError::class_cast(&value.tlc_class_name(), "IntValue")),
    }
}

/// A value TLC casts to `StringValue`.
fn text(value: &Value) -> EvalResult<String> {
    match value {
        Value::Str(atom) => Ok(atom.text().to_string()),
        _ => Err(EvalError::class_cast(&value.tlc_class_name(), "StringValue")),
    }
}

/// `[x |-> x, y |-> y]`.
fn point(x: i32, y: i32, host: &dyn NativeHost) -> EvalResult<Value> {
    let interner = host.interner();
    Value::record(vec![
        (interner.intern("x"), Value::Int(x.into())),
        (interner.intern("y"), Value::Int(y.into())),
    ])
}

/// `SVGElemToString(elem)`: `<name a='v' ...>innerText children</name>`.
fn write_element(out: &mut String, elem: &Value, host: &dyn NativeHost) -> EvalResult<()> {
    if !matches!(elem, Value::Record(_)) {
        return Err(java_exception(format!(
            "An SVG element must be a record. Value given is of type: tlc2.value.impl.{}",
            elem.tlc_class_name()
        )));
    }
    let field = |name: &str| functions::apply(elem, &string(host, name));
    let name = text(&field("name")?)?;
    let attributes_value = field("attrs")?;
    let Some(attributes) = to_record(&attributes_value)? else {
        return Err(java_exception(format!(
            "Was unable to convert element to a record: {}",
            to_tlc_string(&attributes_value)
        )));
    };
    out.push('<');
    out.push_str(&name);
    for (attribute, value) in attributes.names().iter().zip(attributes.values()) {
        out.push(' ');
        out.push_str(&attribute.text().replace('_', "-"));
        out.push_str("='");
        out.push_str(&text(value)?);
        out.push('\'');
    }
    out.push('>');
    let children_value = field("children")?;
    let children: Vec<Value> = match &children_value {
        Value::Tuple(elems) => elems.to_vec(),
        other if other.is_function() => match to_function(other)? {
            Some(function) => function.values().to_vec(),
            None => Vec::new(),
        },
        other => {
            return Err(java_exception(format!(
                "Was unable to convert element to a tuple or (function) record: {}",
                to_tlc_string(other)
            )))
        }
    };
    let inner_text = text(&field("innerText")?)?;
    out.push_str(&inner_text.replace("<<", "&lt;&lt;").replace(">>", "&gt;&gt;"));
    for child in &children {
        write_element(out, child, host)?;
    }
    out.push_str("</");
    out.push_str(&name);
    out.push('>');
    Ok(())
}

/// `DotDiGraph(G, VL, EL)`: the graph in dot, nodes named by fingerprint and labelled by `VL`,
/// edges labelled by `EL`.
fn dot_digraph(
    graph: &Value,
    node_label: &Value,
    edge_label: &Value,
    host: &dyn NativeHost,
) -> EvalResult<Value> {
    if !matches!(graph, Value::Record(_)) {
        return Err(java_exception(format!(
            "An DiGraph must be a record. Value given is of type: tlc2.value.impl.{}",
            graph.tlc_class_name()
        )));
    }
    let field = |name: &str| -> EvalResult<Vec<Value>> {
        let value = functions::apply(graph, &string(host, name))?;
        match to_set_enum(&value)? {
            Some(set) => Ok(set.normalized()?.to_vec()),
            None => Err(java_exception(format!("The {name} field of a DiGraph must be a set."))),
        }
    };
    let name = |value: &Value| fingerprint::fingerprint(value).map(|fp| fp as i64);
    let mut dot = String::from("digraph MyGraph {");
    for node in field("node")? {
        let label = host.call_operator(node_label, std::slice::from_ref(&node))?;
        dot.push_str(&format!("{}[label={}];", name(&node)?, to_tlc_string(&label)));
    }
    for edge in field("edge")? {
        let Some(ends) = to_tuple(&edge)?.filter(|ends| ends.len() >= 2) else {
            return Err(java_exception(format!(
                "An edge must be a pair: {}",
                to_tlc_string(&edge)
            )));
        };
        let label = host.call_operator(edge_label, std::slice::from_ref(&edge))?;
        dot.push_str(&format!(
            "{}->{}[label={}];",
            name(&ends[0])?,
            name(&ends[1])?,
            to_tlc_string(&label)
        ));
    }
    dot.push('}');
    Ok(string(host, &dot))
}
