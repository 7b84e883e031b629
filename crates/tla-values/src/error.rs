//! The one error type of value operations, carrying TLC's message text.
//!
//! TLC reports a failing value operation in two ways: `util.Assert.fail` (a
//! `TLCRuntimeException` with the generic code 1000) or an `EvalException` carrying a message code
//! from `tlc2/output/EC.java` whose template lives in `MP.java`. The model checker prints these
//! differently, so an [`EvalError`] keeps the code beside the finished message text and a coarse
//! [`EvalErrorKind`] for programs that branch on the cause. Nothing in this crate panics on any
//! input; every failure is an `EvalError`.

use std::fmt;

/// What went wrong, coarsely. The message text is what users compare with TLC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EvalErrorKind {
    /// A 32-bit integer result out of range ("Overflow when computing ...").
    Overflow,
    /// `\div` by zero, `%` by a non-positive number, `0^0`, a negative exponent.
    Arithmetic,
    /// Two values TLC refuses to compare or test for equality (different kinds, typed model values).
    Incomparable,
    /// An operator applied to a value of the wrong kind ("The first argument of ... should be ...").
    WrongKind,
    /// A function applied outside its domain, a missing record field, a tuple index out of bounds.
    NotInDomain,
    /// A set TLC cannot enumerate (infinite, or built from something that is not enumerable).
    NotEnumerable,
    /// An enumerated set larger than the bound (`-maxSetSize`, default 1,000,000).
    SetTooLarge,
    /// A duplicate in a function domain or record ("occurs multiple times").
    Duplicate,
    /// Head or Tail of the empty sequence.
    EmptySequence,
    /// Something TLC itself does not support on values (e.g. the size of an infinite set).
    Unsupported,
    /// `Assert(FALSE, out)` (TLC's `EC.TLC_VALUE_ASSERT_FAILED`, which ends a run with its own
    /// exit code).
    AssertionFailed,
}

/// TLC's message codes (`tlc2/output/EC.java`) used by value operations.
pub mod ec {
    /// `util.Assert.fail` without a code: a plain `TLCRuntimeException`.
    pub const GENERAL: u16 = 1000;
    pub const TLC_MODULE_VALUE_JAVA_METHOD_OVERRIDE: u16 = 2154;
    pub const TLC_MODULE_COMPARE_VALUE: u16 = 2155;
    pub const TLC_MODULE_CHECK_MEMBER_OF: u16 = 2158;
    pub const TLC_MODULE_ARGUMENT_ERROR: u16 = 2169;
    pub const TLC_MODULE_APPLYING_TO_WRONG_VALUE: u16 = 2176;
    pub const TLC_MODULE_OVERFLOW: u16 = 2178;
    pub const TLC_MODULE_DIVISION_BY_ZERO: u16 = 2179;
    pub const TLC_MODULE_NULL_POWER_NULL: u16 = 2180;
    pub const TLC_MODULE_COMPUTING_CARDINALITY: u16 = 2181;
    pub const TLC_MODULE_EVALUATING: u16 = 2182;
    pub const TLC_MODULE_ARGUMENT_NOT_IN_DOMAIN: u16 = 2183;
    pub const TLC_MODULE_APPLY_EMPTY_SEQ: u16 = 2184;
    pub const TLC_MODULE_ARGUMENT_ERROR_AN: u16 = 2266;
    pub const TLC_MODULE_ONE_ARGUMENT_ERROR: u16 = 2283;
}

/// A failed value operation: its kind, TLC's message code and TLC's message text ([`EvalErrorDetails`],
/// which it derefs to). One pointer wide, so that the results of value operations, which
/// nearly always succeed, stay small.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalError(Box<EvalErrorDetails>);

/// What an [`EvalError`] holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalErrorDetails {
    pub kind: EvalErrorKind,
    /// The `EC` code TLC attaches (1000 for a plain `Assert.fail`).
    pub tlc_code: u16,
    /// Whether TLC throws this as an `EvalException` (which passes unchanged through natively
    /// implemented operators) rather than a `TLCRuntimeException` or a Java exception (which
    /// TLC wraps, see [`EvalError::in_java_method`]).
    pub eval_exception: bool,
    /// The message as TLC prints it, values already pretty-printed.
    pub message: String,
    /// Whether TLC adds the failing expression's location to the message, on a line of its own
    /// (`Assert.fail(message, expr)`); the report adds it, as only it knows lines and columns.
    pub located: bool,
}

impl std::ops::Deref for EvalError {
    type Target = EvalErrorDetails;

    fn deref(&self) -> &EvalErrorDetails {
        &self.0
    }
}

impl std::ops::DerefMut for EvalError {
    fn deref_mut(&mut self) -> &mut EvalErrorDetails {
        &mut self.0
    }
}

impl EvalError {
    fn new(kind: EvalErrorKind, tlc_code: u16, eval_exception: bool, message: String) -> EvalError {
        EvalError(Box::new(EvalErrorDetails {
            kind,
            tlc_code,
            eval_exception,
            message,
            located: false,
        }))
    }

    /// This error, with the failing expression's location added to its message when reported.
    pub fn located(mut self) -> EvalError {
        self.0.located = true;
        self
    }

    /// The error's parts, by value.
    pub fn into_details(self) -> EvalErrorDetails {
        *self.0
    }

    /// An error TLC raises with `Assert.fail(String)`.
    pub fn general(kind: EvalErrorKind, message: impl Into<String>) -> EvalError {
        EvalError::new(kind, ec::GENERAL, false, message.into())
    }

    /// An error TLC raises as an `EvalException` with a message code.
    pub fn coded(kind: EvalErrorKind, tlc_code: u16, message: impl Into<String>) -> EvalError {
        EvalError::new(kind, tlc_code, true, message.into())
    }

    /// An error TLC raises with `Assert.fail(code, ...)`: a coded `TLCRuntimeException`.
    pub fn coded_runtime(
        kind: EvalErrorKind,
        tlc_code: u16,
        message: impl Into<String>,
    ) -> EvalError {
        EvalError::new(kind, tlc_code, false, message.into())
    }

    /// The error as it leaves an operator TLC implements by a Java method (`MethodValue.eval`):
    /// an `EvalException` passes unchanged; anything else is wrapped in "Attempted to apply the
    /// operator overridden by the Java method ..." naming the method's `signature` (see
    /// [`crate::tlc_methods`]).
    pub fn in_java_method(self, signature: &str) -> EvalError {
        if self.eval_exception {
            return self;
        }
        EvalError::coded_runtime(
            self.kind,
            ec::TLC_MODULE_VALUE_JAVA_METHOD_OVERRIDE,
            format!(
                "Attempted to apply the operator overridden by the Java method\n{signature},\nbut it produced the following error:\n{}",
                self.message
            ),
        )
    }

    /// Java's `ClassCastException` text when a natively implemented operator declared with an
    /// `IntValue` (or other specific) parameter receives another kind of value.
    pub fn class_cast(value_class: &str, expected_class: &str) -> EvalError {
        EvalError::general(
            EvalErrorKind::WrongKind,
            format!(
                "Cannot cast tlc2.value.impl.{value_class} to tlc2.value.impl.{expected_class}"
            ),
        )
    }

    /// "Overflow when computing {what}" (`EC.TLC_MODULE_OVERFLOW`).
    pub fn overflow(what: impl fmt::Display) -> EvalError {
        EvalError::coded(
            EvalErrorKind::Overflow,
            ec::TLC_MODULE_OVERFLOW,
            format!("Overflow when computing {what}"),
        )
    }

    /// "The {ordinal} argument of {op} should be a {expected}, but instead it is:\n{actual}".
    pub fn argument(ordinal: &str, op: &str, expected: &str, actual: &str) -> EvalError {
        EvalError::coded(
            EvalErrorKind::WrongKind,
            ec::TLC_MODULE_ARGUMENT_ERROR,
            format!("The {ordinal} argument of {op} should be a {expected}, but instead it is:\n{actual}"),
        )
    }

    /// The same with "an" (`EC.TLC_MODULE_ARGUMENT_ERROR_AN`).
    pub fn argument_an(ordinal: &str, op: &str, expected: &str, actual: &str) -> EvalError {
        EvalError::coded(
            EvalErrorKind::WrongKind,
            ec::TLC_MODULE_ARGUMENT_ERROR_AN,
            format!("The {ordinal} argument of {op} should be an {expected}, but instead it is:\n{actual}"),
        )
    }

    /// "The argument of {op} should be a {expected}, but instead it is:\n{actual}".
    pub fn one_argument(op: &str, expected: &str, actual: &str) -> EvalError {
        EvalError::coded(
            EvalErrorKind::WrongKind,
            ec::TLC_MODULE_ONE_ARGUMENT_ERROR,
            format!("The argument of {op} should be a {expected}, but instead it is:\n{actual}"),
        )
    }

    /// "Evaluating an expression of the form {form} when s is not a {expected}:\n{actual}".
    pub fn evaluating(form: &str, expected: &str, actual: &str) -> EvalError {
        EvalError::coded(
            EvalErrorKind::WrongKind,
            ec::TLC_MODULE_EVALUATING,
            format!(
                "Evaluating an expression of the form {form} when s is not a {expected}:\n{actual}"
            ),
        )
    }

    /// A value-to-value comparison TLC refuses (`Assert.fail`).
    pub fn incomparable(message: impl Into<String>) -> EvalError {
        EvalError::general(EvalErrorKind::Incomparable, message)
    }

    /// "Attempted to compare {a} with the value\n{b}" (`EC.TLC_MODULE_COMPARE_VALUE`), raised by
    /// the built-in sets `Nat`, `Int`, `STRING` and `Seq(S)`.
    pub fn compare_value(a: &str, b: &str) -> EvalError {
        EvalError::coded(
            EvalErrorKind::Incomparable,
            ec::TLC_MODULE_COMPARE_VALUE,
            format!("Attempted to compare {a} with the value\n{b}"),
        )
    }

    /// "Attempted to check if the value:\n{v}\nis an element of {set}." (`EC.TLC_MODULE_CHECK_MEMBER_OF`).
    pub fn check_member_of(value: &str, set: &str) -> EvalError {
        EvalError::coded(
            EvalErrorKind::Incomparable,
            ec::TLC_MODULE_CHECK_MEMBER_OF,
            format!("Attempted to check if the value:\n{value}\nis an element of {set}."),
        )
    }

    /// A set TLC cannot enumerate.
    pub fn not_enumerable(message: impl Into<String>) -> EvalError {
        EvalError::general(EvalErrorKind::NotEnumerable, message)
    }
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EvalError {}

/// The result type of every fallible value operation.
pub type EvalResult<T> = Result<T, EvalError>;
