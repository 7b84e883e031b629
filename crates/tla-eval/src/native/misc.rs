//! The natively evaluated operators of the smaller community modules: `Bitwise`,
//! `Combinatorics`, `DyadicRationals` (its `Reduce`), `Graphs` and `UndirectedGraphs` (paths and
//! connectivity) and `Statistics`' `ChiSquare` (Pearson's goodness-of-fit test, as TLC runs it
//! with Apache Commons Math: expected counts rescaled to the observed total, `n - 1` degrees of
//! freedom, rejected when the p-value is below `alpha`).
//!
//! Semantics follow TLC's community-module overrides: the bitwise operators work on Java `int`s
//! (`And`, `Or` and `Xor` are the four-argument helpers behind `&`, `|` and `^^`, whose last two
//! arguments only drive the TLA+ recursion); graphs are records `[node |-> N, edge |-> E]` whose
//! edges are pairs `<<m, n>>` (directed) or sets `{m, n}` (undirected), and edges with an endpoint
//! outside `N` are ignored.

use std::sync::Arc;

use tla_values::convert::{to_record, to_set_enum, to_tuple};
use tla_values::{equals, ppr, EvalError, EvalResult, SetEnum, Value};

use super::{fixed, NativeHost};

/// Dispatches one operator of the smaller community modules.
pub(super) fn call(
    module: &str,
    name: &str,
    arguments: &[Value],
    host: &dyn NativeHost,
) -> Option<EvalResult<Value>> {
    Some(match (module, name) {
        ("Bitwise", "And" | "Or" | "Xor") => fixed::<4>(name, arguments).and_then(|[x, y, _, _]| {
            let (x, y) = (java_int(x)?, java_int(y)?);
            let result = match name {
                "And" => x & y,
                "Or" => x | y,
                _ => x ^ y,
            };
            Ok(Value::Int(result.into()))
        }),
        ("Bitwise", "Not") => fixed::<1>(name, arguments).and_then(|[x]| {
            let x = java_int(x)?;
            // The bits of x up to its highest set bit, flipped (Java shift distances wrap).
            let shift = (x.leading_zeros() as i32 - 1) & 31;
            Ok(Value::Int(((!x) & (i32::MAX >> shift)).into()))
        }),
        ("Bitwise", "shiftR") => fixed::<2>(name, arguments).and_then(|[n, pos]| {
            let (n, pos) = (java_int(n)?, java_int(pos)?);
            Ok(Value::Int((((n as u32) >> (pos & 31)) as i32).into()))
        }),
        ("Combinatorics", "factorial") => fixed::<1>(name, arguments).and_then(|[n]| {
            let n = natural(n, "first", "factorial")?;
            let mut product: i64 = 1;
            for factor in 2..=i64::from(n) {
                product = product
                    .checked_mul(factor)
                    .filter(|p| i32::try_from(*p).is_ok())
                    .ok_or_else(|| EvalError::overflow(n))?;
            }
            Ok(Value::Int(product))
        }),
        ("Combinatorics", "choose") => fixed::<2>(name, arguments).and_then(|[n, k]| {
            let n = natural(n, "first", "choose")?;
            let k = natural(k, "second", "choose")?;
            binomial(n, k)
                .map(Value::Int)
                .ok_or_else(|| EvalError::overflow(format!("{n}choose{k}")))
        }),
        ("DyadicRationals", "Reduce") => {
            fixed::<1>(name, arguments).and_then(|[p]| reduce(p, host))
        }
        ("Graphs", "SimplePath") => {
            fixed::<1>(name, arguments).and_then(|[g]| simple_paths(g, GraphKind::Directed))
        }
        ("UndirectedGraphs", "SimplePath") => {
            fixed::<1>(name, arguments).and_then(|[g]| simple_paths(g, GraphKind::Undirected))
        }
        ("Graphs", "AreConnectedIn") => fixed::<3>(name, arguments)
            .and_then(|[m, n, g]| are_connected_in(m, n, g, GraphKind::Directed)),
        ("UndirectedGraphs", "AreConnectedIn") => fixed::<3>(name, arguments)
            .and_then(|[m, n, g]| are_connected_in(m, n, g, GraphKind::Undirected)),
        ("Graphs", "IsStronglyConnected") => {
            fixed::<1>(name, arguments).and_then(|[g]| is_strongly_connected(g))
        }
        ("UndirectedGraphs", "ConnectedComponents") => {
            fixed::<1>(name, arguments).and_then(|[g]| connected_components(g))
        }
        ("Statistics", "ChiSquare") => fixed::<3>(name, arguments)
            .and_then(|[expected, actual, alpha]| chi_square(expected, actual, alpha)),
        _ => return None,
    })
}

/// An argument TLC declares as `IntValue`.
fn java_int(value: &Value) -> EvalResult<i32> {
    match value {
        Value::Int(n) => Ok(*n as i32),
        _ => Err(EvalError::class_cast(&value.tlc_class_name(), "IntValue")),
    }
}

/// A natural-number argument of the `Combinatorics` operators.
fn natural(value: &Value, ordinal: &str, op: &str) -> EvalResult<i32> {
    match value {
        Value::Int(n) if *n >= 0 => Ok(*n as i32),
        _ => Err(EvalError::argument(ordinal, op, "natural number", &ppr(value))),
    }
}

/// `n` choose `k` when it fits an `int`; 0 when `k > n`.
fn binomial(n: i32, k: i32) -> Option<i64> {
    if k > n {
        return Some(0);
    }
    let k = i64::from(k.min(n - k));
    let mut result: i128 = 1;
    for i in 0..k {
        result = result * i128::from(i64::from(n) - i) / i128::from(i + 1);
        if result > i128::from(i64::MAX) {
            return None;
        }
    }
    i32::try_from(result).ok().map(i64::from)
}

/// `Reduce(p)` of `DyadicRationals`: the record `[num, den]` divided by the gcd of its fields.
fn reduce(p: &Value, host: &dyn NativeHost) -> EvalResult<Value> {
    let Value::Record(record) = p else {
        return Err(EvalError::one_argument("Half", "record", &ppr(p)));
    };
    let interner = host.interner();
    let (num_name, den_name) = (interner.intern("num"), interner.intern("den"));
    let field = |name: &tla_values::Atom| match record.field(name) {
        Some(value) => java_int(value),
        None => Err(tla_values::functions::nonexistent_field(name, p)),
    };
    let (den, num) = (field(&den_name)?, field(&num_name)?);
    let gcd = greatest_common_divisor(i64::from(num).abs(), i64::from(den).abs());
    if gcd == 1 {
        return Ok(p.clone());
    }
    if gcd == 0 {
        return Err(EvalError::general(
            tla_values::EvalErrorKind::Arithmetic,
            "java.lang.ArithmeticException: / by zero",
        ));
    }
    Value::record(vec![
        (den_name, Value::Int(i64::from(den) / gcd)),
        (num_name, Value::Int(i64::from(num) / gcd)),
    ])
}

fn greatest_common_divisor(mut a: i64, mut b: i64) -> i64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// Whether edges are ordered pairs or unordered sets.
#[derive(Clone, Copy, PartialEq)]
enum GraphKind {
    Directed,
    Undirected,
}

impl GraphKind {
    fn name(self) -> &'static str {
        match self {
            GraphKind::Directed => "graph",
            GraphKind::Undirected => "undirected graph",
        }
    }
}

/// A graph argument: its nodes (normalised) and its arcs as pairs of node positions.
struct Graph {
    nodes: Vec<Value>,
    successors: Vec<Vec<usize>>,
}

impl Graph {
    fn read(value: &Value, op: &str, ordinal: &str, kind: GraphKind) -> EvalResult<Graph> {
        let error = |detail: &str| {
            EvalError::argument(ordinal, op, &format!("{} {detail}", kind.name()), &ppr(value))
        };
        let Some(record) = to_record(value)? else {
            return Err(error("record with a node and an edge field"));
        };
        let field = |name: &str| {
            record.names().iter().position(|n| n.text() == name).map(|i| &record.values()[i])
        };
        let nodes = match field("node").map(to_set_enum).transpose()?.flatten() {
            Some(set) => set.normalized()?.to_vec(),
            None => return Err(error("record whose node field is a set")),
        };
        let edges = match field("edge").map(to_set_enum).transpose()?.flatten() {
            Some(set) => set.normalized()?.to_vec(),
            None => return Err(error("record whose edge field is a set")),
        };
        let mut graph = Graph { successors: vec![Vec::new(); nodes.len()], nodes };
        for edge in &edges {
            let Some((from, to)) = endpoints(edge, kind)? else { continue };
            let (Some(from), Some(to)) = (graph.position(&from)?, graph.position(&to)?) else {
                continue;
            };
            graph.successors[from].push(to);
            if kind == GraphKind::Undirected && from != to {
                graph.successors[to].push(from);
            }
        }
        Ok(graph)
    }

    fn position(&self, node: &Value) -> EvalResult<Option<usize>> {
        for (i, candidate) in self.nodes.iter().enumerate() {
            if equals(candidate, node)? {
                return Ok(Some(i));
            }
        }
        Ok(None)
    }

    /// The positions reachable from `start` (itself included), following arcs forwards or, with
    /// `transposed`, backwards.
    fn reachable(&self, start: usize, transposed: bool) -> Vec<bool> {
        let mut predecessors = vec![Vec::new(); self.nodes.len()];
        if transposed {
            for (from, targets) in self.successors.iter().enumerate() {
                for &to in targets {
                    predecessors[to].push(from);
                }
            }
        }
        let arcs = if transposed { &predecessors } else { &self.successors };
        let mut seen = vec![false; self.nodes.len()];
        seen[start] = true;
        let mut frontier = vec![start];
        while let Some(current) = frontier.pop() {
            for &next in &arcs[current] {
                if !seen[next] {
                    seen[next] = true;
                    frontier.push(next);
                }
            }
        }
        seen
    }
}

/// The endpoints of an edge: a pair `<<m, n>>`, or a set `{m, n}` / `{m}` (a loop).
fn endpoints(edge: &Value, kind: GraphKind) -> EvalResult<Option<(Value, Value)>> {
    Ok(match kind {
        GraphKind::Directed => match to_tuple(edge)? {
            Some(pair) if pair.len() == 2 => Some((pair[0].clone(), pair[1].clone())),
            _ => None,
        },
        GraphKind::Undirected => match to_set_enum(edge)? {
            Some(set) => match set.normalized()? {
                [only] => Some((only.clone(), only.clone())),
                [from, to] => Some((from.clone(), to.clone())),
                _ => None,
            },
            None => None,
        },
    })
}

/// `SimplePath(G)`: every non-empty path without repeated nodes.
fn simple_paths(g: &Value, kind: GraphKind) -> EvalResult<Value> {
    let graph = Graph::read(g, "SimplePath", "first", kind)?;
    let mut paths = Vec::new();
    for start in 0..graph.nodes.len() {
        // Depth-first with an explicit stack of (node, index of the next successor to try).
        let mut on_path = vec![false; graph.nodes.len()];
        let mut stack: Vec<(usize, usize)> = vec![(start, 0)];
        on_path[start] = true;
        paths.push(path_value(&graph, &stack));
        while let Some(&mut (node, ref mut next)) = stack.last_mut() {
            match graph.successors[node].get(*next).copied() {
                Some(successor) => {
                    *next += 1;
                    if !on_path[successor] {
                        on_path[successor] = true;
                        stack.push((successor, 0));
                        paths.push(path_value(&graph, &stack));
                        tla_values::check_set_size(paths.len())?;
                    }
                }
                None => {
                    on_path[node] = false;
                    stack.pop();
                }
            }
        }
    }
    Ok(Value::set_from_unnormalized(paths))
}

fn path_value(graph: &Graph, stack: &[(usize, usize)]) -> Value {
    Value::tuple(stack.iter().map(|&(node, _)| graph.nodes[node].clone()).collect())
}

/// `AreConnectedIn(m, n, G)`: a path leads from `m` to `n`.
fn are_connected_in(m: &Value, n: &Value, g: &Value, kind: GraphKind) -> EvalResult<Value> {
    let graph = Graph::read(g, "AreConnectedIn", "third", kind)?;
    let (Some(from), Some(to)) = (graph.position(m)?, graph.position(n)?) else {
        return Ok(Value::Bool(false));
    };
    Ok(Value::Bool(from == to || graph.reachable(from, false)[to]))
}

/// `IsStronglyConnected(G)`: every node reaches every node.
fn is_strongly_connected(g: &Value) -> EvalResult<Value> {
    let graph = Graph::read(g, "IsStronglyConnected", "first", GraphKind::Directed)?;
    if graph.nodes.is_empty() {
        return Ok(Value::Bool(true));
    }
    let all = |seen: Vec<bool>| seen.into_iter().all(|reached| reached);
    Ok(Value::Bool(all(graph.reachable(0, false)) && all(graph.reachable(0, true))))
}

/// `ConnectedComponents(G)`: the set of the node sets of the components.
fn connected_components(g: &Value) -> EvalResult<Value> {
    let graph = Graph::read(g, "ConnectedComponents", "first", GraphKind::Undirected)?;
    let mut component = vec![usize::MAX; graph.nodes.len()];
    let mut components = Vec::new();
    for start in 0..graph.nodes.len() {
        if component[start] != usize::MAX {
            continue;
        }
        let reached = graph.reachable(start, false);
        let members: Vec<Value> = reached
            .iter()
            .enumerate()
            .filter(|(_, reached)| **reached)
            .map(|(i, _)| {
                component[i] = components.len();
                graph.nodes[i].clone()
            })
            .collect();
        components.push(Value::Set(Arc::new(SetEnum::from_normalized(members))));
    }
    Ok(Value::set_from_unnormalized(components))
}

/// The counts of a `ChiSquare` argument, as TLC casts them to `IntValue`.
fn counts(value: &Value, ordinal: &str) -> EvalResult<Vec<f64>> {
    let Some(function) = tla_values::convert::to_function(value)? else {
        return Err(EvalError::argument(ordinal, "ChiSquare", "function", &ppr(value)));
    };
    function.values().iter().map(|count| java_int(count).map(f64::from)).collect()
}

/// `ChiSquare(expected, actual, alpha)`: TRUE unless the test rejects, at significance `alpha`,
/// that `actual` follows the distribution `expected`.
fn chi_square(expected: &Value, actual: &Value, alpha: &Value) -> EvalResult<Value> {
    let expected_counts = counts(expected, "first")?;
    let observed = counts(actual, "second")?;
    let Value::Str(alpha_text) = alpha else {
        return Err(EvalError::argument(
            "third",
            "ChiSquare",
            "StringValue representing a double in (0, .5]",
            &ppr(alpha),
        ));
    };
    let java_exception =
        |message: String| EvalError::general(tla_values::EvalErrorKind::WrongKind, message);
    let alpha: f64 = alpha_text
        .text()
        .trim()
        .parse()
        .map_err(|_| java_exception(format!("For input string: \"{}\"", alpha_text.text())))?;
    if !(alpha > 0.0 && alpha <= 0.5) {
        return Err(java_exception(format!(
            "out of bounds significance level {alpha}, must be between 0 and 0.5"
        )));
    }
    if expected_counts.len() < 2 {
        return Err(java_exception(format!(
            "{} is smaller than the minimum (2)",
            expected_counts.len()
        )));
    }
    if expected_counts.len() != observed.len() {
        return Err(java_exception(format!("{} != {}", expected_counts.len(), observed.len())));
    }
    if let Some(bad) = expected_counts.iter().find(|e| **e <= 0.0) {
        return Err(java_exception(format!("{bad} is smaller than, or equal to, the minimum (0)")));
    }
    if let Some(bad) = observed.iter().find(|o| **o < 0.0) {
        return Err(java_exception(format!("{bad} is smaller than the minimum (0)")));
    }
    let expected_total: f64 = expected_counts.iter().sum();
    let observed_total: f64 = observed.iter().sum();
    let ratio = if (expected_total - observed_total).abs() > 1e-5 {
        observed_total / expected_total
    } else {
        1.0
    };
    let statistic: f64 = expected_counts
        .iter()
        .zip(&observed)
        .map(|(e, o)| {
            let scaled = e * ratio;
            (o - scaled) * (o - scaled) / scaled
        })
        .sum();
    let degrees = (expected_counts.len() - 1) as f64;
    let p_value = 1.0 - regularized_gamma_p(degrees / 2.0, statistic / 2.0);
    Ok(Value::Bool(p_value >= alpha))
}

/// The regularised lower incomplete gamma function P(a, x) (the chi-squared distribution's CDF
/// is P(k/2, x/2)): its series below `a + 1`, a continued fraction for the complement above.
fn regularized_gamma_p(a: f64, x: f64) -> f64 {
    if x <= 0.0 || !x.is_finite() {
        return if x.is_infinite() && x > 0.0 { 1.0 } else { 0.0 };
    }
    let log_prefactor = a * x.ln() - x - log_gamma(a);
    if x < a + 1.0 {
        let (mut term, mut sum, mut n) = (1.0 / a, 1.0 / a, 0.0);
        while term.abs() > sum.abs() * 1e-15 && n < 10_000.0 {
            n += 1.0;
            term *= x / (a + n);
            sum += term;
        }
        (sum.ln() + log_prefactor).exp().min(1.0)
    } else {
        // Lentz's method for the continued fraction of Q(a, x).
        let tiny = 1e-300;
        let mut b = x + 1.0 - a;
        let mut c = 1.0 / tiny;
        let mut d = 1.0 / b;
        let mut fraction = d;
        for i in 1..10_000 {
            let an = -(i as f64) * (i as f64 - a);
            b += 2.0;
            d = an * d + b;
            if d.abs() < tiny {
                d = tiny;
            }
            c = b + an / c;
            if c.abs() < tiny {
                c = tiny;
            }
            d = 1.0 / d;
            let delta = d * c;
            fraction *= delta;
            if (delta - 1.0).abs() < 1e-15 {
                break;
            }
        }
        (1.0 - (log_prefactor.exp() * fraction)).max(0.0)
    }
}

/// ln Γ(a) for a > 0 (Lanczos approximation, g = 7, nine coefficients).
fn log_gamma(a: f64) -> f64 {
    const COEFFICIENTS: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if a < 0.5 {
        // Reflection: Γ(a) Γ(1 - a) = π / sin(π a).
        let pi = std::f64::consts::PI;
        return (pi / (pi * a).sin()).abs().ln() - log_gamma(1.0 - a);
    }
    let a = a - 1.0;
    let mut sum = COEFFICIENTS[0];
    for (i, coefficient) in COEFFICIENTS.iter().enumerate().skip(1) {
        sum += coefficient / (a + i as f64);
    }
    let t = a + 7.5;
    0.5 * (2.0 * std::f64::consts::PI).ln() + (a + 0.5) * t.ln() - t + sum.ln()
}
