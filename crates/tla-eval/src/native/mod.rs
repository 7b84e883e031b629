//! The operators of the standard and community modules that TLC implements natively, and so do
//! we: `Len`, `Cardinality`, `Print`, `FoldSet`, `SortSeq`, ... (the `builtin_operators` of each
//! embedded module in `tla-modules`).
//!
//! Natives take evaluated arguments. An operator passed as an argument (to `SelectSeq`,
//! `FoldSet`, `SortSeq`, ...) arrives as a value the [`NativeHost`] can call. Everything that
//! touches the world outside the values (printing, TLC's registers, the environment, files) goes
//! through the host, so the evaluator decides what a spec may do.
//!
//! [`call_native`] dispatches on the module family; each family lives in its own file. Errors are
//! returned as TLC raises them *inside* its Java method: the evaluator applies TLC's
//! "Attempted to apply the operator overridden by the Java method" wrapping with
//! [`java_method_signature`], because only it knows whether `Integers` is in scope (which decides
//! the class TLC names for the arithmetic operators).
//!
//! A few built-in operators cannot be natives because they need unevaluated arguments or the
//! checker's state (`AssertError`, `TLCDefer`, `TLCCache`, `TLCEval`'s caching,
//! `TLCEvalDefinition`, `Trace`, `CounterExample`, `PickSuccessor`); for them [`call_native`]
//! answers `None` and the evaluator handles them itself.

mod bags;
mod functions;
mod json;
mod misc;
mod naturals;
mod sequences;
mod sets;
mod svg;
mod tlc;

use tla_values::{ppr, EvalError, EvalErrorKind, EvalResult, Interner, Value};

pub use tlc::{tlc_get_undefined, ASSERT_FAILED_CODE, TLCGET_UNDEFINED_CODE};

/// What a native operator may ask of the evaluator running it.
pub trait NativeHost {
    /// The table of strings and model values (TLC's first-seen order).
    fn interner(&self) -> &Interner;

    /// Applies an operator given as an argument (a `LAMBDA`, a defined operator, a built-in
    /// operator) to arguments.
    fn call_operator(&self, operator: &Value, arguments: &[Value]) -> EvalResult<Value>;

    /// Writes one line of `Print`/`PrintT` output.
    fn print(&self, line: &str);

    /// `TLCGet(key)`: a per-worker register (a natural number) or a named statistic.
    fn tlc_get(&self, key: &Value) -> EvalResult<Value>;

    /// `TLCSet(key, value)`.
    fn tlc_set(&self, key: &Value, value: Value) -> EvalResult<()>;

    /// A pseudo-random number below `bound` (for `RandomElement`, `RandomSubset`, ...), from the
    /// run's seeded generator.
    fn random_below(&self, bound: u64) -> u64;

    /// The value of environment variable `name`, when the user allowed specs to read the
    /// environment (`IOEnv`); `None` otherwise or when unset.
    fn environment_variable(&self, name: &str) -> Option<String>;

    /// The text of file `path`, when the user allowed specs to read files (`JsonDeserialize`,
    /// `ndJsonDeserialize`, `CSVRead`); an error message otherwise.
    fn read_file(&self, path: &str) -> Result<String, String>;

    /// Every environment variable as (name, value), for `IOEnv` (the whole environment as a
    /// record), when the user allowed specs to read the environment; `None` otherwise (the
    /// default).
    fn environment(&self) -> Option<Vec<(String, String)>> {
        None
    }
}

/// Calls native operator `name` of module `module` on `arguments`. `None` when the operator is
/// not implemented natively (the evaluator then reports it as unsupported).
pub fn call_native(
    module: &str,
    name: &str,
    arguments: &[Value],
    host: &dyn NativeHost,
) -> Option<EvalResult<Value>> {
    match module {
        "Naturals" | "Integers" | "Reals" => naturals::call(name, arguments, host),
        "Sequences" | "SequencesExt" => sequences::call(module, name, arguments, host),
        "FiniteSets" | "FiniteSetsExt" | "Randomization" => sets::call(name, arguments, host),
        "TLC" | "TLCExt" => tlc::call(module, name, arguments, host),
        "Bags" | "BagsExt" => bags::call(name, arguments, host),
        "Functions" => functions::call(name, arguments, host),
        "Json" | "IOUtils" | "CSV" => json::call(module, name, arguments, host),
        "SVG" | "GraphViz" => svg::call(name, arguments, host),
        _ => misc::call(module, name, arguments, host),
    }
}

/// The Java method by which TLC implements native operator `name` of `module`, as
/// `Method.toString()` spells it, for wrapping an error that is not an `EvalException`
/// ([`EvalError::in_java_method`]). `integers_in_scope` selects `tlc2.module.Integers` over
/// `tlc2.module.Naturals` for the arithmetic operators, as TLC does when the spec extends
/// `Integers`. `None` when TLC would not wrap (or we do not know the method).
pub fn java_method_signature(module: &str, name: &str, integers_in_scope: bool) -> Option<String> {
    let arithmetic_class = if integers_in_scope { "Integers" } else { "Naturals" };
    let (class, method) = match (module, name) {
        ("Naturals", "+") => (arithmetic_class, "Plus"),
        ("Naturals", "-") => (arithmetic_class, "Minus"),
        ("Naturals", "*") => (arithmetic_class, "Times"),
        ("Naturals", "\\div") => (arithmetic_class, "Divide"),
        ("Naturals", "%") => (arithmetic_class, "Mod"),
        ("Naturals", "^") => (arithmetic_class, "Expt"),
        ("Naturals", "<") => (arithmetic_class, "LT"),
        ("Naturals", "\\leq") => (arithmetic_class, "LE"),
        ("Naturals", ">") => (arithmetic_class, "GT"),
        ("Naturals", "\\geq") => (arithmetic_class, "GEQ"),
        ("Naturals", "..") => (arithmetic_class, "DotDot"),
        ("Integers", "-.") => ("Integers", "Neg"),
        ("Sequences", "\\o") => ("Sequences", "Concat"),
        ("Sequences", other) => ("Sequences", other),
        ("FiniteSets", other) => ("FiniteSets", other),
        ("TLC", ":>") => ("TLC", "MakeFcn"),
        ("TLC", "@@") => ("TLC", "CombineFcn"),
        ("TLC", other) => ("TLC", other),
        _ => return None,
    };
    tla_values::tlc_methods::signature(class, method)
}

/// The arguments as an array of exactly `N`, or an error naming the operator (a mismatch is a
/// bug of the caller: the front end checks arities).
pub(crate) fn fixed<'a, const N: usize>(
    name: &str,
    arguments: &'a [Value],
) -> EvalResult<&'a [Value; N]> {
    <&[Value; N]>::try_from(arguments).map_err(|_| {
        EvalError::general(
            EvalErrorKind::WrongKind,
            format!(
                "The operator {name} requires {N} argument(s), but was applied to {}.",
                arguments.len()
            ),
        )
    })
}

/// "Applying {op} to the following value,\nwhich is not {what}:\n{value}"
/// (`EC.TLC_MODULE_APPLYING_TO_WRONG_VALUE`).
pub(crate) fn applying_to_wrong_value(op: &str, what: &str, value: &str) -> EvalError {
    EvalError::coded(
        EvalErrorKind::WrongKind,
        tla_values::ec::TLC_MODULE_APPLYING_TO_WRONG_VALUE,
        format!("Applying {op} to the following value,\nwhich is not {what}:\n{value}"),
    )
}

/// "The {ordinal} argument of {op} must be in the domain of its {of} argument:\n{seq}\n, but
/// instead it is\n{arg}" (`EC.TLC_MODULE_ARGUMENT_NOT_IN_DOMAIN`).
pub(crate) fn not_in_domain(
    ordinal: &str,
    op: &str,
    of: &str,
    seq: &Value,
    arg: &Value,
) -> EvalError {
    EvalError::coded(
        EvalErrorKind::NotInDomain,
        tla_values::ec::TLC_MODULE_ARGUMENT_NOT_IN_DOMAIN,
        format!(
            "The {ordinal} argument of {op} must be in the domain of its {of} argument:\n{}\n, but instead it is\n{}",
            ppr(seq),
            ppr(arg)
        ),
    )
}

/// An `EvalException` with TLC's generic code and a free-form message (TLC's
/// `new EvalException(EC.GENERAL, message)` and plain-text exceptions of community modules).
pub(crate) fn general_eval(kind: EvalErrorKind, message: impl Into<String>) -> EvalError {
    EvalError::coded(kind, tla_values::ec::GENERAL, message)
}

/// Applies a boolean-valued operator argument; a non-boolean result fails with
/// "The {ordinal} argument of {op} should be a {expected}, but instead it is:\n{operator}".
pub(crate) fn call_predicate(
    host: &dyn NativeHost,
    operator: &Value,
    arguments: &[Value],
    ordinal: &str,
    op: &str,
    expected: &str,
) -> EvalResult<bool> {
    match host.call_operator(operator, arguments)? {
        Value::Bool(b) => Ok(b),
        _ => Err(EvalError::argument(ordinal, op, expected, &ppr(operator))),
    }
}

/// The integer of an argument TLC declares as `IntValue`, or an argument error.
pub(crate) fn int_argument(
    value: &Value,
    ordinal: &str,
    op: &str,
    expected: &str,
) -> EvalResult<i32> {
    match value {
        Value::Int(n) => i32::try_from(*n).map_err(|_| EvalError::overflow(n)),
        _ => Err(EvalError::argument(ordinal, op, expected, &ppr(value))),
    }
}

/// A string value interned in the host's table.
pub(crate) fn string(host: &dyn NativeHost, text: &str) -> Value {
    Value::Str(host.interner().intern(text))
}
