//! The Java methods by which TLC implements standard-module operators natively.
//!
//! When such an operator fails with anything but an `EvalException`, TLC's `MethodValue` wraps
//! the message in "Attempted to apply the operator overridden by the Java method\n<signature>,
//! \nbut it produced the following error:\n<message>" (see [`EvalError::in_java_method`]). The
//! signature is Java's `Method.toString()`; this module spells it for the operators of this crate.
//! Which class implements the arithmetic operators depends on the modules a spec extends (with
//! `Integers` in scope TLC uses `tlc2.module.Integers`, otherwise `tlc2.module.Naturals`; verified:
//! a probe extending both reported `Integers.Plus`).
//!
//! [`EvalError::in_java_method`]: crate::EvalError::in_java_method

const VALUE: &str = "tlc2.value.impl.Value";
const INT_VALUE: &str = "tlc2.value.impl.IntValue";
const BOOL_VALUE: &str = "tlc2.value.impl.BoolValue";
const I_BOOL_VALUE: &str = "tlc2.value.IBoolValue";
const INTERVAL_VALUE: &str = "tlc2.value.impl.IntervalValue";

/// `public static <ret> tlc2.module.<class>.<method>(<params>)` for a natively implemented
/// operator, or `None` if the class has no such method. `class` is the simple class name
/// (`TLC`, `Naturals`, `Integers`, `Sequences`, `FiniteSets`), `method` the Java method name
/// (`PrintT`, `Plus`, `CombineFcn`, ...).
pub fn signature(class: &str, method: &str) -> Option<String> {
    let (ret, params): (&str, &[&str]) = match (class, method) {
        ("TLC", "Print") => (VALUE, &[VALUE, VALUE]),
        ("TLC", "PrintT" | "ToString") => (VALUE, &[VALUE]),
        ("TLC", "MakeFcn" | "CombineFcn") => (VALUE, &[VALUE, VALUE]),
        ("Naturals" | "Integers", "Plus" | "Minus" | "Times" | "Divide" | "Mod" | "Expt") => {
            (INT_VALUE, &[INT_VALUE, INT_VALUE])
        }
        ("Integers", "GT") => (BOOL_VALUE, &[VALUE, VALUE]),
        ("Naturals" | "Integers", "LT" | "LE" | "GT" | "GEQ") => (I_BOOL_VALUE, &[VALUE, VALUE]),
        ("Naturals" | "Integers", "DotDot") => (INTERVAL_VALUE, &[INT_VALUE, INT_VALUE]),
        ("Integers", "Neg") => (INT_VALUE, &[INT_VALUE]),
        ("Sequences", "Len") => (INT_VALUE, &[VALUE]),
        ("Sequences", "Head" | "Tail" | "Seq") => (VALUE, &[VALUE]),
        ("Sequences", "Append" | "Concat" | "SelectSeq") => (VALUE, &[VALUE, VALUE]),
        ("Sequences", "SubSeq") => (VALUE, &[VALUE, VALUE, VALUE]),
        ("FiniteSets", "Cardinality") => (INT_VALUE, &[VALUE]),
        ("FiniteSets", "IsFiniteSet") => (I_BOOL_VALUE, &[VALUE]),
        _ => return None,
    };
    Some(format!("public static {ret} tlc2.module.{class}.{method}({})", params.join(",")))
}
