//! A tiny evaluator for constant TLA+ expressions, so the argument values of native-operator tests
//! can be written in TLA+ syntax rather than as Rust builders. (A copy of the one the `tla-values`
//! tests use; test crates cannot share test support files.)
//!
//! It covers literals, set/tuple/record/function constructors, `EXCEPT`, `CHOOSE`, set filters,
//! the operators of `tla-values` and a few standard-module operators. Parsing is a small Pratt
//! parser; precedences are simplified, so test expressions parenthesise where TLA+ would need
//! thought. Identifier and string tokens are interned in lexing order, as SANY does.

use std::collections::HashMap;
use std::sync::Arc;

use tla_values::{
    arith, functions, sequences, sets, Atom, EvalError, EvalResult, ExtClass, ExtValue, Interner,
    Value,
};

#[derive(Clone, Debug, PartialEq)]
pub enum Token {
    Number(i64),
    Str(String),
    Ident(String),
    Op(&'static str),
}

const OPERATORS: &[&str] = &[
    "|->",
    "<<",
    ">>",
    "->",
    ":>",
    "@@",
    "..",
    "<=",
    ">=",
    "=<",
    "/=",
    "\\cup",
    "\\union",
    "\\cap",
    "\\intersect",
    "\\X",
    "\\times",
    "\\in",
    "\\notin",
    "\\subseteq",
    "\\div",
    "\\o",
    "\\circ",
    "\\leq",
    "\\geq",
    "\\",
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    ",",
    ":",
    "=",
    "#",
    "+",
    "-",
    "*",
    "%",
    "^",
    "<",
    ">",
    ".",
    "!",
    "@",
];

pub fn lex(text: &str, interner: &Interner) -> Result<Vec<Token>, String> {
    let chars: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let ch = chars[i];
        if ch.is_whitespace() {
            i += 1;
        } else if ch.is_ascii_digit() {
            let start = i;
            while i < chars.len() && chars[i].is_ascii_digit() {
                i += 1;
            }
            let digits: String = chars[start..i].iter().collect();
            tokens.push(Token::Number(digits.parse().map_err(|_| format!("bad number {digits}"))?));
        } else if ch == '"' {
            let mut s = String::new();
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' && i + 1 < chars.len() {
                    i += 1;
                    s.push(match chars[i] {
                        'n' => '\n',
                        't' => '\t',
                        'r' => '\r',
                        'f' => '\u{c}',
                        other => other,
                    });
                } else {
                    s.push(chars[i]);
                }
                i += 1;
            }
            i += 1;
            interner.intern(&s);
            tokens.push(Token::Str(s));
        } else if ch.is_alphabetic() || ch == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            interner.intern(&word);
            tokens.push(Token::Ident(word));
        } else {
            let rest: String = chars[i..chars.len().min(i + 12)].iter().collect();
            let op = OPERATORS
                .iter()
                .filter(|op| rest.starts_with(**op))
                .filter(|op| {
                    // `\in` must not swallow `\intersect`, `\cup` must be a whole word.
                    let after = rest[op.len()..].chars().next();
                    !op.starts_with('\\')
                        || op.len() == 1
                        || !after.is_some_and(|c| c.is_alphabetic())
                })
                .max_by_key(|op| op.len())
                .ok_or_else(|| format!("unexpected character {ch:?}"))?;
            i += op.chars().count();
            tokens.push(Token::Op(op));
        }
    }
    Ok(tokens)
}

pub struct Evaluator {
    tokens: Vec<Token>,
    position: usize,
    interner: Interner,
    pub model_values: Vec<String>,
}

type Env = HashMap<String, Value>;

fn binary_precedence(token: &Token) -> Option<u8> {
    let Token::Op(op) = token else { return None };
    Some(match *op {
        "=" | "#" | "/=" | "\\in" | "\\notin" | "\\subseteq" | "<" | ">" | "<=" | "=<"
        | "\\leq" | ">=" | "\\geq" => 1,
        "@@" => 2,
        ":>" => 3,
        "\\cup" | "\\union" | "\\cap" | "\\intersect" | "\\" => 4,
        ".." => 5,
        "+" | "-" => 6,
        "\\X" | "\\times" => 7,
        "*" | "\\div" | "%" | "\\o" | "\\circ" => 8,
        "^" => 9,
        _ => return None,
    })
}

impl Evaluator {
    pub fn new(
        text: &str,
        interner: &Interner,
        model_values: &[String],
    ) -> Result<Evaluator, String> {
        Ok(Evaluator {
            tokens: lex(text, interner)?,
            position: 0,
            interner: interner.clone(),
            model_values: model_values.to_vec(),
        })
    }

    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.position)
    }

    fn next(&mut self) -> Result<Token, String> {
        let token = self.tokens.get(self.position).cloned().ok_or("unexpected end")?;
        self.position += 1;
        Ok(token)
    }

    fn eat(&mut self, op: &str) -> bool {
        if self.peek() == Some(&Token::Op(leak(op))) {
            self.position += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, op: &str) -> Result<(), String> {
        if self.eat(op) {
            Ok(())
        } else {
            Err(format!("expected {op} at token {:?}", self.peek()))
        }
    }

    fn ident(&mut self) -> Result<String, String> {
        match self.next()? {
            Token::Ident(name) => Ok(name),
            other => Err(format!("expected identifier, got {other:?}")),
        }
    }

    fn atom(&self, text: &str) -> Atom {
        self.interner.intern(text)
    }

    /// Parses and evaluates the whole input.
    pub fn run(&mut self) -> Result<EvalResult<Value>, String> {
        let env = Env::new();
        let start = self.position;
        // Evaluation is interleaved with parsing; an evaluation error is carried as a value.
        let result = self.expression(&env, 0);
        if self.position != self.tokens.len() && result.is_ok() {
            return Err(format!(
                "trailing tokens after {} of {}",
                self.position - start,
                self.tokens.len()
            ));
        }
        result
    }

    fn expression(&mut self, env: &Env, min_precedence: u8) -> Result<EvalResult<Value>, String> {
        let mut left = self.prefix(env)?;
        while let Some(token) = self.peek().cloned() {
            let Some(precedence) = binary_precedence(&token) else { break };
            if precedence < min_precedence {
                break;
            }
            self.position += 1;
            let Token::Op(op) = token else { unreachable!() };
            if op == "\\X" || op == "\\times" {
                let mut operands = vec![left];
                operands.push(self.expression(env, precedence + 1)?);
                while self.eat("\\X") || self.eat("\\times") {
                    operands.push(self.expression(env, precedence + 1)?);
                }
                left = operands.into_iter().collect::<EvalResult<Vec<Value>>>().map(sets::product);
                continue;
            }
            let right = self.expression(env, precedence + 1)?;
            left = match (left, right) {
                (Ok(a), Ok(b)) => self.binary(op, &a, &b),
                (Err(e), _) | (_, Err(e)) => Err(e),
            };
        }
        Ok(left)
    }

    fn binary(&self, op: &str, a: &Value, b: &Value) -> EvalResult<Value> {
        // Operators TLC implements by Java methods (the probe module extends Integers).
        let (class, method) = match op {
            "<" => ("Integers", "LT"),
            ">" => ("Integers", "GT"),
            "<=" | "=<" | "\\leq" => ("Integers", "LE"),
            ">=" | "\\geq" => ("Integers", "GEQ"),
            "@@" => ("TLC", "CombineFcn"),
            ":>" => ("TLC", "MakeFcn"),
            ".." => ("Integers", "DotDot"),
            "+" => ("Integers", "Plus"),
            "-" => ("Integers", "Minus"),
            "*" => ("Integers", "Times"),
            "\\div" => ("Integers", "Divide"),
            "%" => ("Integers", "Mod"),
            "^" => ("Integers", "Expt"),
            "\\o" | "\\circ" => ("Sequences", "Concat"),
            _ => ("", ""),
        };
        let result = match op {
            "=" => Ok(Value::Bool(tla_values::equals(a, b)?)),
            "#" | "/=" => Ok(Value::Bool(!tla_values::equals(a, b)?)),
            "\\in" => Ok(Value::Bool(sets::member(b, a)?)),
            "\\notin" => Ok(Value::Bool(!sets::member(b, a)?)),
            "\\subseteq" => Ok(Value::Bool(sets::subseteq(a, b)?)),
            "\\cup" | "\\union" => sets::union(a, b),
            "\\cap" | "\\intersect" => sets::intersection(a, b),
            "\\" => sets::difference(a, b),
            "<" => arith::less(a, b).map(Value::Bool),
            ">" => arith::greater(a, b).map(Value::Bool),
            "<=" | "=<" | "\\leq" => arith::less_or_equal(a, b).map(Value::Bool),
            ">=" | "\\geq" => arith::greater_or_equal(a, b).map(Value::Bool),
            "@@" => functions::combine_functions(a, b),
            ":>" => Ok(functions::make_function(a, b)),
            ".." => arith::range(a, b),
            "+" => arith::plus(a, b),
            "-" => arith::minus(a, b),
            "*" => arith::times(a, b),
            "\\div" => arith::div(a, b),
            "%" => arith::modulo(a, b),
            "^" => arith::power(a, b),
            "\\o" | "\\circ" => sequences::concat(a, b, &self.interner),
            _ => unreachable!("operator {op}"),
        };
        in_java_method(result, class, method)
    }

    fn prefix(&mut self, env: &Env) -> Result<EvalResult<Value>, String> {
        if self.eat("-") {
            let operand = self.expression(env, 9)?;
            return Ok(operand.and_then(|v| in_java_method(arith::negate(&v), "Integers", "Neg")));
        }
        if let Some(Token::Ident(word)) = self.peek().cloned() {
            match word.as_str() {
                "SUBSET" | "UNION" | "DOMAIN" => {
                    self.position += 1;
                    let operand = self.expression(env, 5)?;
                    return Ok(operand.and_then(|v| match word.as_str() {
                        "SUBSET" => Ok(sets::subset(&v)),
                        "UNION" => sets::big_union(&v),
                        _ => functions::domain(&v),
                    }));
                }
                "CHOOSE" => {
                    self.position += 1;
                    let name = self.ident()?;
                    self.expect("\\in")?;
                    let set = self.expression(env, 2)?;
                    self.expect(":")?;
                    let body_start = self.position;
                    let set = match set {
                        Ok(set) => set,
                        Err(e) => {
                            self.skip_expression(env)?;
                            return Ok(Err(e));
                        }
                    };
                    let mut parse_error = None;
                    let chosen = sets::choose(&set, |elem| {
                        let mut inner = env.clone();
                        inner.insert(name.clone(), elem.clone());
                        self.position = body_start;
                        match self.expression(&inner, 0) {
                            Ok(Ok(Value::Bool(b))) => Ok(b),
                            Ok(Ok(_)) => Err(EvalError::general(
                                tla_values::EvalErrorKind::WrongKind,
                                "non-boolean",
                            )),
                            Ok(Err(e)) => Err(e),
                            Err(p) => {
                                parse_error = Some(p);
                                Ok(false)
                            }
                        }
                    });
                    self.position = body_start;
                    self.skip_expression(env)?;
                    if let Some(p) = parse_error {
                        return Err(p);
                    }
                    return Ok(chosen.and_then(|c| {
                        c.ok_or_else(|| {
                            EvalError::general(
                                tla_values::EvalErrorKind::NotInDomain,
                                "Attempted to compute the value of an expression of form\nCHOOSE x \\in S: P, but no element of S satisfied P.",
                            )
                        })
                    }));
                }
                _ => {}
            }
        }
        let mut value = self.primary(env)?;
        loop {
            if self.eat("[") {
                let arg = self.expression(env, 0)?;
                self.expect("]")?;
                value = match (value, arg) {
                    (Ok(f), Ok(a)) => functions::apply(&f, &a),
                    (Err(e), _) | (_, Err(e)) => Err(e),
                };
            } else if self.peek() == Some(&Token::Op("."))
                && matches!(self.tokens.get(self.position + 1), Some(Token::Ident(_)))
            {
                self.position += 1;
                let field = self.ident()?;
                let field = Value::Str(self.atom(&field));
                value = value.and_then(|r| functions::apply(&r, &field));
            } else {
                break;
            }
        }
        Ok(value)
    }

    /// Parses an expression without caring about its value (for bodies evaluated elsewhere).
    fn skip_expression(&mut self, env: &Env) -> Result<(), String> {
        let mut inner = env.clone();
        // Bind every identifier to a harmless value so evaluation errors don't matter.
        for token in &self.tokens {
            if let Token::Ident(name) = token {
                inner.entry(name.clone()).or_insert(Value::Int(0));
            }
        }
        let _ = self.expression(&inner, 0)?;
        Ok(())
    }

    fn list(&mut self, env: &Env, close: &str) -> Result<EvalResult<Vec<Value>>, String> {
        let mut items: Vec<EvalResult<Value>> = Vec::new();
        if self.eat(close) {
            return Ok(Ok(Vec::new()));
        }
        loop {
            items.push(self.expression(env, 0)?);
            if self.eat(close) {
                break;
            }
            self.expect(",")?;
        }
        Ok(items.into_iter().collect())
    }

    fn primary(&mut self, env: &Env) -> Result<EvalResult<Value>, String> {
        match self.next()? {
            Token::Number(n) => Ok(Value::int_checked(n, || n.to_string())),
            Token::Str(s) => Ok(Ok(Value::Str(self.atom(&s)))),
            Token::Op("(") => {
                let value = self.expression(env, 0)?;
                self.expect(")")?;
                Ok(value)
            }
            Token::Op("<<") => Ok(self.list(env, ">>")?.map(Value::tuple)),
            Token::Op("{") => self.braces(env),
            Token::Op("[") => self.brackets(env),
            Token::Ident(name) => self.identifier(env, &name),
            other => Err(format!("unexpected token {other:?}")),
        }
    }

    fn identifier(&mut self, env: &Env, name: &str) -> Result<EvalResult<Value>, String> {
        if let Some(value) = env.get(name) {
            return Ok(Ok(value.clone()));
        }
        match name {
            "TRUE" => return Ok(Ok(Value::Bool(true))),
            "FALSE" => return Ok(Ok(Value::Bool(false))),
            "BOOLEAN" => return Ok(Ok(Value::boolean_set())),
            "Nat" => return Ok(Ok(sets::nat())),
            "Int" => return Ok(Ok(sets::int())),
            "STRING" => return Ok(Ok(sets::strings())),
            _ => {}
        }
        if self.model_values.iter().any(|m| m == name) {
            return Ok(Ok(Value::ModelValue(self.atom(name))));
        }
        self.expect("(")?;
        let args = match self.list(env, ")")? {
            Ok(args) => args,
            Err(e) => return Ok(Err(e)),
        };
        let arg = |i: usize| args.get(i).cloned().unwrap_or(Value::Int(0));
        let (class, result) = match name {
            "Cardinality" => ("FiniteSets", sets::cardinality(&arg(0))),
            "IsFiniteSet" => ("FiniteSets", sets::is_finite(&arg(0)).map(Value::Bool)),
            "Len" => ("Sequences", sequences::len(&arg(0))),
            "Head" => ("Sequences", sequences::head(&arg(0))),
            "Tail" => ("Sequences", sequences::tail(&arg(0), &self.interner)),
            "Append" => ("Sequences", sequences::append(&arg(0), &arg(1))),
            "SubSeq" => ("Sequences", sequences::subseq(&arg(0), &arg(1), &arg(2), &self.interner)),
            "Seq" => ("Sequences", Ok(sets::seq_set(&arg(0)))),
            "ToString" => (
                "TLC",
                tla_values::try_to_tlc_string(&arg(0)).map(|text| Value::Str(self.atom(&text))),
            ),
            "TLCFP" => (
                "",
                tla_values::fingerprint::fingerprint(&arg(0))
                    .map(|fp| Value::Int(i64::from(fp as i32))),
            ),
            _ => return Err(format!("unknown operator {name}")),
        };
        Ok(in_java_method(result, class, name))
    }

    fn braces(&mut self, env: &Env) -> Result<EvalResult<Value>, String> {
        // `{x \in S : P}` when an identifier is followed by `\in` and later `:`.
        if let (Some(Token::Ident(name)), Some(Token::Op("\\in"))) =
            (self.tokens.get(self.position).cloned(), self.tokens.get(self.position + 1).cloned())
        {
            if !env.contains_key(&name) && !self.model_values.contains(&name) {
                self.position += 2;
                let set = self.expression(env, 0)?;
                self.expect(":")?;
                let body_start = self.position;
                self.skip_expression(env)?;
                self.expect("}")?;
                let body_end = self.position - 1;
                let set = match set {
                    Ok(set) => set,
                    Err(e) => return Ok(Err(e)),
                };
                let filter = Filter {
                    tokens: self.tokens[body_start..body_end].to_vec(),
                    interner: self.interner.clone(),
                    model_values: self.model_values.clone(),
                    name,
                    set: set.clone(),
                    env: env.clone(),
                };
                if matches!(set, Value::Set(_) | Value::Interval(_)) {
                    return Ok(filter.elements().map(Value::set_from_unnormalized));
                }
                return Ok(Ok(Value::Ext(Arc::new(filter))));
            }
        }
        Ok(self.list(env, "}")?.map(Value::set_from_unnormalized))
    }

    fn brackets(&mut self, env: &Env) -> Result<EvalResult<Value>, String> {
        let start = self.position;
        // [x \in S |-> e]
        if let (Some(Token::Ident(name)), Some(Token::Op("\\in"))) =
            (self.tokens.get(start).cloned(), self.tokens.get(start + 1).cloned())
        {
            self.position += 2;
            let domain = self.expression(env, 0)?;
            self.expect("|->")?;
            let body_start = self.position;
            let domain = match domain {
                Ok(d) => d,
                Err(e) => {
                    self.skip_expression(env)?;
                    self.expect("]")?;
                    return Ok(Err(e));
                }
            };
            let mut values = Vec::new();
            let elems = match sets::elements(&domain) {
                Ok(e) => e,
                Err(e) => {
                    self.skip_expression(env)?;
                    self.expect("]")?;
                    return Ok(Err(e));
                }
            };
            let mut failure = None;
            for elem in &elems {
                let mut inner = env.clone();
                inner.insert(name.clone(), elem.clone());
                self.position = body_start;
                match self.expression(&inner, 0)? {
                    Ok(v) => values.push(v),
                    Err(e) => {
                        failure.get_or_insert(e);
                    }
                }
            }
            self.position = body_start;
            self.skip_expression(env)?;
            self.expect("]")?;
            if let Some(e) = failure {
                return Ok(Err(e));
            }
            return Ok(Ok(match domain {
                Value::Interval(interval) => Value::Function(Arc::new(
                    tla_values::Function::from_interval(interval.low, values),
                )),
                Value::Set(_) => Value::Function(Arc::new(
                    tla_values::Function::from_normalized_pairs(elems, values),
                )),
                _ => match Value::function(elems, values) {
                    Ok(f) => f,
                    Err(e) => return Ok(Err(e)),
                },
            }));
        }
        // [a |-> e, ...] or [a : S, ...]
        if let (Some(Token::Ident(_)), Some(Token::Op(op))) =
            (self.tokens.get(start), self.tokens.get(start + 1))
        {
            if *op == "|->" || *op == ":" {
                let is_record = *op == "|->";
                let mut fields = Vec::new();
                loop {
                    let name = self.ident()?;
                    self.expect(if is_record { "|->" } else { ":" })?;
                    fields.push((self.atom(&name), self.expression(env, 0)?));
                    if self.eat("]") {
                        break;
                    }
                    self.expect(",")?;
                }
                let fields: EvalResult<Vec<(Atom, Value)>> =
                    fields.into_iter().map(|(n, v)| v.map(|v| (n, v))).collect();
                return Ok(fields.and_then(|f| {
                    if is_record {
                        Value::record(f)
                    } else {
                        Ok(sets::record_set(f))
                    }
                }));
            }
        }
        let first = self.expression(env, 0)?;
        if self.eat("->") {
            let range = self.expression(env, 0)?;
            self.expect("]")?;
            return Ok(first.and_then(|d| range.map(|r| sets::function_set(&d, &r))));
        }
        if let Some(Token::Ident(word)) = self.peek() {
            if word == "EXCEPT" {
                self.position += 1;
                let mut result = first;
                loop {
                    self.expect("!")?;
                    let mut path = Vec::new();
                    loop {
                        if self.eat("[") {
                            path.push(self.expression(env, 0)?);
                            self.expect("]")?;
                        } else if self.eat(".") {
                            let field = self.ident()?;
                            path.push(Ok(Value::Str(self.atom(&field))));
                        } else {
                            break;
                        }
                    }
                    self.expect("=")?;
                    let new_value = self.expression(env, 0)?;
                    let path: EvalResult<Vec<Value>> = path.into_iter().collect();
                    result = result.and_then(|f| functions::except(&f, &path?, new_value?));
                    if self.eat("]") {
                        break;
                    }
                    self.expect(",")?;
                }
                return Ok(result);
            }
        }
        Err("unsupported bracket form".to_string())
    }
}

/// TLC's `MethodValue` wrapping of errors raised inside natively implemented operators.
pub fn in_java_method(result: EvalResult<Value>, class: &str, method: &str) -> EvalResult<Value> {
    result.map_err(|error| match tla_values::tlc_methods::signature(class, method) {
        Some(signature) => error.in_java_method(&signature),
        None => error,
    })
}

fn leak(op: &str) -> &'static str {
    OPERATORS.iter().find(|o| **o == op).copied().unwrap_or("?")
}

/// `{x \in S : P}` over a set TLC does not enumerate eagerly: a set filter plugged in through
/// `ExtValue`, as the real evaluator will do.
struct Filter {
    tokens: Vec<Token>,
    interner: Interner,
    model_values: Vec<String>,
    name: String,
    set: Value,
    env: Env,
}

impl Filter {
    fn holds(&self, elem: &Value) -> EvalResult<bool> {
        let mut evaluator = Evaluator {
            tokens: self.tokens.clone(),
            position: 0,
            interner: self.interner.clone(),
            model_values: self.model_values.clone(),
        };
        let mut env = self.env.clone();
        env.insert(self.name.clone(), elem.clone());
        match evaluator.expression(&env, 0) {
            Ok(Ok(Value::Bool(b))) => Ok(b),
            Ok(Ok(_)) | Err(_) => {
                Err(EvalError::general(tla_values::EvalErrorKind::WrongKind, "bad filter"))
            }
            Ok(Err(e)) => Err(e),
        }
    }

    fn elements(&self) -> EvalResult<Vec<Value>> {
        if !sets::is_enumerable(&self.set) {
            // `SetPredValue`'s message.
            return Err(tla_values::EvalError::not_enumerable(format!(
                "Attempted to enumerate {{ x \\in S : p(x) }} when S:\n{}\nis not enumerable",
                tla_values::ppr(&self.set)
            )));
        }
        let mut result = Vec::new();
        for elem in sets::elements(&self.set)? {
            if self.holds(&elem)? {
                result.push(elem);
            }
        }
        Ok(result)
    }
}

impl ExtValue for Filter {
    fn kind_name(&self) -> &'static str {
        "a set"
    }

    fn class(&self) -> ExtClass {
        ExtClass::Set
    }

    fn is_enumerable(&self) -> bool {
        sets::is_enumerable(&self.set)
    }

    fn member(&self, elem: &Value) -> EvalResult<bool> {
        Ok(sets::member(&self.set, elem)? && self.holds(elem)?)
    }

    fn elements(&self) -> EvalResult<Vec<Value>> {
        Filter::elements(self)
    }

    fn to_concrete(&self) -> EvalResult<Value> {
        Ok(Value::set_from_unnormalized(Filter::elements(self)?))
    }

    fn lazy_text(&self) -> String {
        format!("{{{} \\in {} : <expression> }}", self.name, tla_values::to_tlc_string(&self.set))
    }
}
