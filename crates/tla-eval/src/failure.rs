//! Evaluation failures: a value error (with TLC's message) and where in the spec it happened.
//!
//! TLC reports a failed evaluation with its message and "the nested expressions at the
//! following positions": the expressions being evaluated, outermost first. A [`Failure`] collects
//! those positions as the error travels out of the evaluator.

use tla_diagnostics::Span;
use tla_sema::hir::{Expr, ModuleId};
use tla_values::{EvalError, EvalErrorKind, Value};

/// A place in the specification: a span of a module's file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    pub module: ModuleId,
    pub span: Span,
}

impl Location {
    pub fn of(expr: &Expr) -> Location {
        Location { module: expr.module, span: expr.span }
    }
}

/// What stopped an evaluation.
#[derive(Clone, Debug)]
pub struct Failure {
    pub error: EvalError,
    /// The expressions being evaluated when it happened, innermost first.
    pub positions: Vec<Location>,
    /// For a successor that leaves a variable unassigned: the state as far as it was built, and
    /// the first unassigned variable (TLC prints both).
    pub incomplete_state: Option<Vec<Option<Value>>>,
    pub unassigned_variable: Option<String>,
    /// For a state holding a value TLC cannot normalise or fingerprint (`x = Nat`,
    /// `x' = [Nat -> BOOLEAN]`): the state, and whether TLC reports it as "unable to
    /// fingerprint" (see `tla_values::normalize::StateValueError`).
    pub unfingerprintable_state: Option<(Vec<Value>, bool)>,
    /// The error TLC's replay of the failing step throws when that is another evaluation than
    /// this one (the replay goes on to later successors of the state): TLC's exit code comes
    /// from it, and `positions` are its positions.
    pub replayed: Option<EvalError>,
}

pub type EvalOutcome<T> = Result<T, Box<Failure>>;

impl Failure {
    pub fn new(error: EvalError) -> Box<Failure> {
        Box::new(Failure {
            error,
            positions: Vec::new(),
            incomplete_state: None,
            unassigned_variable: None,
            unfingerprintable_state: None,
            replayed: None,
        })
    }

    /// A failure with a plain message (TLC's `Assert.fail`).
    pub fn message(kind: EvalErrorKind, message: impl Into<String>) -> Box<Failure> {
        Failure::new(EvalError::general(kind, message))
    }

    /// The positions outermost first, as TLC lists them.
    pub fn positions_outermost_first(&self) -> impl Iterator<Item = &Location> {
        self.positions.iter().rev()
    }
}

/// Attaches the location of the expression being evaluated to value errors and failures.
pub trait AtExpr<T> {
    fn at(self, expr: &Expr) -> EvalOutcome<T>;
}

impl<T> AtExpr<T> for Result<T, EvalError> {
    fn at(self, expr: &Expr) -> EvalOutcome<T> {
        self.map_err(|error| {
            let mut failure = Failure::new(error);
            failure.positions.push(Location::of(expr));
            failure
        })
    }
}

impl<T> AtExpr<T> for EvalOutcome<T> {
    fn at(self, expr: &Expr) -> EvalOutcome<T> {
        self.map_err(|mut failure| {
            let location = Location::of(expr);
            if failure.positions.last() != Some(&location) {
                failure.positions.push(location);
            }
            failure
        })
    }
}
