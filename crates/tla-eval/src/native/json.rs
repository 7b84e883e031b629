//! The modules that talk to the world outside the spec: `Json`, `IOUtils` and `CSV`.
//!
//! Conversions to JSON text are pure and follow TLC's `Json.java`: records and functions become
//! objects (a function on `1..n` an array), tuples and sets arrays (sets in TLC's order), strings
//! and model values JSON strings; the text is compact, as Gson prints it. Reading goes through
//! the host only ([`NativeHost::read_file`], [`NativeHost::environment_variable`],
//! [`NativeHost::environment`]), so the user decides what a spec may read. Writing files and
//! running commands are refused: the evaluator has no switch to allow them yet.

use tla_values::convert::{to_function, to_set_enum, to_tuple};
use tla_values::{ppr, EvalError, EvalErrorKind, EvalResult, Value};

use super::{fixed, general_eval, string, NativeHost};

/// How deeply nested a JSON document may be; deeper documents are refused rather than risking
/// the stack.
const MAX_JSON_DEPTH: usize = 512;

/// Dispatches one operator of `Json`, `IOUtils` or `CSV`.
pub(super) fn call(
    module: &str,
    name: &str,
    arguments: &[Value],
    host: &dyn NativeHost,
) -> Option<EvalResult<Value>> {
    Some(match (module, name) {
        ("Json", "ToJson") => fixed::<1>(name, arguments).and_then(|[v]| {
            let mut text = String::new();
            write_node(&mut text, v)?;
            Ok(string(host, &text))
        }),
        ("Json", "ToJsonArray") => fixed::<1>(name, arguments).and_then(|[v]| {
            let mut text = String::new();
            write_array(&mut text, v)?;
            Ok(string(host, &text))
        }),
        ("Json", "ToJsonObject") => fixed::<1>(name, arguments).and_then(|[v]| {
            let mut text = String::new();
            write_object(&mut text, v)?;
            Ok(string(host, &text))
        }),
        ("Json", "JsonDeserialize") => fixed::<1>(name, arguments).and_then(|[path]| {
            let text = read(path, "JsonDeserialize", host)?;
            JsonReader::new(&text, host).document()
        }),
        ("Json", "ndJsonDeserialize") => fixed::<1>(name, arguments).and_then(|[path]| {
            let text = read(path, "ndJsonDeserialize", host)?;
            let mut values = Vec::new();
            for line in text.lines().map(str::trim).filter(|line| !line.is_empty()) {
                values.push(JsonReader::new(line, host).document()?);
            }
            Ok(Value::tuple(values))
        }),
        ("Json", "JsonSerialize" | "ndJsonSerialize")
        | ("IOUtils", "IOSerialize" | "Serialize")
        | ("CSV", "CSVWrite" | "CSVWriteRecord") => Err(writing_disabled(name)),
        ("IOUtils", "IODeserialize" | "Deserialize") => Err(general_eval(
            EvalErrorKind::Unsupported,
            format!("{name}: reading TLC's binary or text serialisation format is not supported."),
        )),
        ("IOUtils", "IOExec" | "IOEnvExec" | "IOExecTemplate" | "IOEnvExecTemplate") => {
            Err(general_eval(
                EvalErrorKind::Unsupported,
                format!("{name}: running shell commands is disabled."),
            ))
        }
        ("IOUtils", "IOEnv") => fixed::<0>(name, arguments).and_then(|_| environment(host)),
        ("IOUtils", "atoi") => fixed::<1>(name, arguments).and_then(|[v]| atoi(v)),
        ("CSV", "CSVRead") => fixed::<3>(name, arguments)
            .and_then(|[columns, delimiter, path]| csv_read(columns, delimiter, path, host)),
        ("CSV", "CSVRecords") => fixed::<1>(name, arguments).and_then(|[path]| {
            let count = read(path, "CSVRecords", host)?.lines().count();
            Value::int_checked(count as i64, || count.to_string())
        }),
        _ => return None,
    })
}

fn writing_disabled(name: &str) -> EvalError {
    general_eval(EvalErrorKind::Unsupported, format!("{name}: writing files is disabled."))
}

/// The text of the file named by a string argument, through the host.
fn read(path: &Value, op: &str, host: &dyn NativeHost) -> EvalResult<String> {
    let Value::Str(path) = path else {
        return Err(EvalError::class_cast(&path.tlc_class_name(), "StringValue"));
    };
    host.read_file(path.text()).map_err(|message| {
        general_eval(
            EvalErrorKind::Unsupported,
            format!("{op}: cannot read {}: {message}", path.text()),
        )
    })
}

/// `IOEnv`: the environment as a record of strings, when the host lets specs read it.
fn environment(host: &dyn NativeHost) -> EvalResult<Value> {
    let Some(variables) = host.environment() else {
        return Err(general_eval(
            EvalErrorKind::Unsupported,
            "IOEnv: reading the environment is disabled.",
        ));
    };
    let interner = host.interner();
    let fields = variables
        .into_iter()
        .map(|(name, value)| (interner.intern(&name), Value::Str(interner.intern(&value))))
        .collect();
    Value::record(fields)
}

/// `atoi(s)`: Java's `Integer.parseInt`.
fn atoi(v: &Value) -> EvalResult<Value> {
    if let Value::Str(text) = v {
        let digits = text.text();
        let plain = digits.strip_prefix(['+', '-']).unwrap_or(digits);
        if !plain.is_empty() && plain.chars().all(|c| c.is_ascii_digit()) {
            if let Ok(n) = digits.parse::<i32>() {
                return Ok(Value::Int(n.into()));
            }
        }
    }
    Err(EvalError::one_argument("atoi", "string", &ppr(v)))
}

/// `CSVRead(columns, delimiter, file)`: one record per line, fields named by `columns`.
fn csv_read(
    columns: &Value,
    delimiter: &Value,
    path: &Value,
    host: &dyn NativeHost,
) -> EvalResult<Value> {
    let Some(names) = to_tuple(columns)? else {
        return Err(EvalError::one_argument("CSVRead", "sequence", &ppr(columns)));
    };
    let Value::Str(delimiter) = delimiter else {
        return Err(EvalError::class_cast(&delimiter.tlc_class_name(), "StringValue"));
    };
    let mut atoms = Vec::with_capacity(names.len());
    for name in names.iter() {
        match name {
            Value::Str(atom) => atoms.push(*atom),
            other => return Err(EvalError::class_cast(&other.tlc_class_name(), "StringValue")),
        }
    }
    let text = read(path, "CSVRead", host)?;
    let mut records = Vec::new();
    for line in text.lines() {
        let mut fields: Vec<&str> = if delimiter.text().is_empty() {
            line.split("").filter(|s| !s.is_empty()).collect()
        } else {
            line.split(delimiter.text()).collect()
        };
        // Java's String.split drops trailing empty fields.
        while fields.last().is_some_and(|field| field.is_empty()) {
            fields.pop();
        }
        if fields.len() != atoms.len() {
            return Err(general_eval(
                EvalErrorKind::WrongKind,
                format!(
                    "CSVRead: the line {line:?} has {} fields, but {} columns were named.",
                    fields.len(),
                    atoms.len()
                ),
            ));
        }
        let record =
            atoms.iter().zip(fields).map(|(atom, field)| (*atom, string(host, field))).collect();
        records.push(Value::record(record)?);
    }
    Ok(Value::tuple(records))
}

fn unsupported_json(value: &Value) -> EvalError {
    general_eval(
        EvalErrorKind::WrongKind,
        format!(
            "Cannot convert value: unsupported value type tlc2.value.impl.{}",
            value.tlc_class_name()
        ),
    )
}

/// A value as a JSON node (TLC's `getNode`).
fn write_node(out: &mut String, value: &Value) -> EvalResult<()> {
    match value {
        Value::Record(_) | Value::Function(_) => write_object(out, value),
        Value::Tuple(_) => write_array(out, value),
        Value::Str(text) | Value::ModelValue(text) => {
            write_json_string(out, text.text());
            Ok(())
        }
        Value::Int(n) => {
            out.push_str(&n.to_string());
            Ok(())
        }
        Value::Bool(b) => {
            out.push_str(if *b { "true" } else { "false" });
            Ok(())
        }
        _ if value.is_function() => write_object(out, value),
        _ if value.is_set() => write_array(out, value),
        _ => Err(unsupported_json(value)),
    }
}

/// A function or record as a JSON object; a function on `1..n` as an array.
fn write_object(out: &mut String, value: &Value) -> EvalResult<()> {
    if let Value::Tuple(elems) = value {
        // TLC's object form of a tuple: keys "0", "1", ...
        out.push('{');
        for (i, elem) in elems.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_json_string(out, &i.to_string());
            out.push(':');
            write_node(out, elem)?;
        }
        out.push('}');
        return Ok(());
    }
    if let Value::Record(record) = value {
        return write_pairs(
            out,
            record.names().iter().map(|name| name.text().to_string()),
            record.values(),
        );
    }
    let Some(function) = to_function(value)? else { return Err(unsupported_json(value)) };
    if let Some(elems) = to_tuple(value)? {
        return write_elements(out, &elems);
    }
    let keys = function.domain_elements().into_iter().map(|key| match key {
        Value::Str(text) => text.text().to_string(),
        other => tla_values::to_tlc_string(&other),
    });
    write_pairs(out, keys, function.values())
}

/// A tuple, a function on `1..n` or a set as a JSON array (other functions as objects).
fn write_array(out: &mut String, value: &Value) -> EvalResult<()> {
    if value.is_function() {
        return match to_tuple(value)? {
            Some(elems) => write_elements(out, &elems),
            None => write_object(out, value),
        };
    }
    match to_set_enum(value)? {
        Some(set) => write_elements(out, set.normalized()?),
        None => Err(unsupported_json(value)),
    }
}

fn write_elements(out: &mut String, elems: &[Value]) -> EvalResult<()> {
    out.push('[');
    for (i, elem) in elems.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_node(out, elem)?;
    }
    out.push(']');
    Ok(())
}

/// A JSON object; a repeated key keeps its first position and its last value, as Gson's
/// `JsonObject` does.
fn write_pairs(
    out: &mut String,
    keys: impl Iterator<Item = String>,
    values: &[Value],
) -> EvalResult<()> {
    let mut pairs: Vec<(String, &Value)> = Vec::new();
    for (key, value) in keys.zip(values) {
        match pairs.iter_mut().find(|(existing, _)| *existing == key) {
            Some(pair) => pair.1 = value,
            None => pairs.push((key, value)),
        }
    }
    out.push('{');
    for (i, (key, value)) in pairs.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        write_json_string(out, key);
        out.push(':');
        write_node(out, value)?;
    }
    out.push('}');
    Ok(())
}

/// A JSON string literal with Gson's escapes.
fn write_json_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\u{2028}' | '\u{2029}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A small JSON reader producing TLC values: arrays become tuples, objects records, numbers
/// integers (fractions truncated, as TLC's `getAsInt` does), strings and booleans themselves;
/// `null` is refused.
struct JsonReader<'a> {
    chars: Vec<char>,
    position: usize,
    host: &'a dyn NativeHost,
}

impl<'a> JsonReader<'a> {
    fn new(text: &str, host: &'a dyn NativeHost) -> JsonReader<'a> {
        JsonReader { chars: text.chars().collect(), position: 0, host }
    }

    fn error(&self, what: &str) -> EvalError {
        general_eval(
            EvalErrorKind::WrongKind,
            format!("Cannot parse JSON: {what} at character {}.", self.position + 1),
        )
    }

    fn skip_whitespace(&mut self) {
        while self.chars.get(self.position).is_some_and(|c| c.is_whitespace()) {
            self.position += 1;
        }
    }

    fn peek(&mut self) -> Option<char> {
        self.skip_whitespace();
        self.chars.get(self.position).copied()
    }

    fn expect(&mut self, expected: char) -> EvalResult<()> {
        if self.peek() == Some(expected) {
            self.position += 1;
            Ok(())
        } else {
            Err(self.error(&format!("expected '{expected}'")))
        }
    }

    /// A whole document: one value and nothing after it.
    fn document(mut self) -> EvalResult<Value> {
        let value = self.value(0)?;
        if self.peek().is_some() {
            return Err(self.error("unexpected text after the value"));
        }
        Ok(value)
    }

    fn value(&mut self, depth: usize) -> EvalResult<Value> {
        if depth > MAX_JSON_DEPTH {
            return Err(self.error("nesting too deep"));
        }
        match self.peek() {
            Some('[') => {
                self.position += 1;
                let mut elems = Vec::new();
                if self.peek() == Some(']') {
                    self.position += 1;
                    return Ok(Value::tuple(elems));
                }
                loop {
                    elems.push(self.value(depth + 1)?);
                    match self.peek() {
                        Some(',') => self.position += 1,
                        Some(']') => {
                            self.position += 1;
                            return Ok(Value::tuple(elems));
                        }
                        _ => return Err(self.error("expected ',' or ']'")),
                    }
                }
            }
            Some('{') => {
                self.position += 1;
                let mut fields: Vec<(tla_values::Atom, Value)> = Vec::new();
                if self.peek() == Some('}') {
                    self.position += 1;
                    return Value::record(fields);
                }
                loop {
                    if self.peek() != Some('"') {
                        return Err(self.error("expected a string key"));
                    }
                    let key = self.host.interner().intern(&self.string()?);
                    self.expect(':')?;
                    let value = self.value(depth + 1)?;
                    match fields.iter_mut().find(|(name, _)| *name == key) {
                        Some(field) => field.1 = value,
                        None => fields.push((key, value)),
                    }
                    match self.peek() {
                        Some(',') => self.position += 1,
                        Some('}') => {
                            self.position += 1;
                            return Value::record(fields);
                        }
                        _ => return Err(self.error("expected ',' or '}'")),
                    }
                }
            }
            Some('"') => {
                let text = self.string()?;
                Ok(string(self.host, &text))
            }
            Some(c) if c == '-' || c.is_ascii_digit() => self.number(),
            Some(_) => {
                for (word, value) in [("true", Some(true)), ("false", Some(false)), ("null", None)]
                {
                    let end = self.position + word.len();
                    if self
                        .chars
                        .get(self.position..end)
                        .is_some_and(|s| s.iter().copied().eq(word.chars()))
                    {
                        self.position = end;
                        return match value {
                            Some(b) => Ok(Value::Bool(b)),
                            None => Err(self.error("unsupported JSON value null")),
                        };
                    }
                }
                Err(self.error("unexpected character"))
            }
            None => Err(self.error("unexpected end of input")),
        }
    }

    fn number(&mut self) -> EvalResult<Value> {
        let start = self.position;
        while self
            .chars
            .get(self.position)
            .is_some_and(|c| c.is_ascii_digit() || matches!(c, '-' | '+' | '.' | 'e' | 'E'))
        {
            self.position += 1;
        }
        let text: String = self.chars[start..self.position].iter().collect();
        // Gson's `getAsInt`: an int, else a long cast to int, else a decimal truncated toward
        // zero and cut to its low 32 bits.
        let n = if let Ok(n) = text.parse::<i32>() {
            n
        } else if let Ok(n) = text.parse::<i64>() {
            n as i32
        } else {
            match text.parse::<f64>() {
                Ok(f) if f.is_finite() => (f.trunc() as i128) as i32,
                _ => return Err(self.error(&format!("the number {text} cannot be read"))),
            }
        };
        Ok(Value::Int(n.into()))
    }

    fn string(&mut self) -> EvalResult<String> {
        self.expect('"')?;
        let mut text = String::new();
        let mut pending_surrogate: Option<u32> = None;
        loop {
            let Some(c) = self.chars.get(self.position).copied() else {
                return Err(self.error("unterminated string"));
            };
            self.position += 1;
            match c {
                '"' => return Ok(text),
                '\\' => {
                    let Some(escape) = self.chars.get(self.position).copied() else {
                        return Err(self.error("unterminated string"));
                    };
                    self.position += 1;
                    let decoded = match escape {
                        '"' => '"',
                        '\\' => '\\',
                        '/' => '/',
                        'b' => '\u{8}',
                        'f' => '\u{c}',
                        'n' => '\n',
                        'r' => '\r',
                        't' => '\t',
                        'u' => {
                            let end = self.position + 4;
                            let digits: String = match self.chars.get(self.position..end) {
                                Some(digits) => digits.iter().collect(),
                                None => return Err(self.error("bad \\u escape")),
                            };
                            self.position = end;
                            let unit = u32::from_str_radix(&digits, 16)
                                .map_err(|_| self.error("bad \\u escape"))?;
                            if (0xD800..0xDC00).contains(&unit) {
                                pending_surrogate = Some(unit);
                                continue;
                            }
                            let code = match pending_surrogate.take() {
                                Some(high) if (0xDC00..0xE000).contains(&unit) => {
                                    0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)
                                }
                                _ => unit,
                            };
                            char::from_u32(code).unwrap_or('\u{FFFD}')
                        }
                        _ => return Err(self.error("bad escape")),
                    };
                    text.push(decoded);
                }
                c => text.push(c),
            }
        }
    }
}
