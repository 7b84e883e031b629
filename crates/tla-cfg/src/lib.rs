//! TLC's model configuration (`.cfg`) files: reading them into a typed [`ModelConfig`] and
//! checking them against the names a specification defines, with TLC's verdicts.
//!
//! - [`parse_config`] reads a cfg text exactly as TLC's `ModelConfig.parse` does (rev 4c54d98):
//!   SANY's tokens, TLC's sections, TLC's first error with TLC's wording ([`CfgError`], exit
//!   status 255), and a [`CfgWarning`] where TLC silently stops reading;
//! - [`validate`] checks a parsed config against a [`SpecNames`] summary of the specification
//!   (declared constants, definitions and their arities, modules), in the order TLC checks, with
//!   TLC's messages ("The invariant X specified in the configuration file\nis not defined in the
//!   specification.") and exit statuses (151 for most, 255 for the few TLC lets escape);
//! - [`dump`] renders a config as stable text for snapshot tests and debugging.
//!
//! **Invariant:** no IO, no dependency on the rest of the toolchain except `tla-diagnostics`;
//! parsing never panics and is linear in the input.

mod dump;
mod error;
pub mod lexer;
mod model;
mod parser;
mod validate;
mod value_print;

pub use dump::dump;
pub use error::{CfgError, CfgErrorKind, CfgWarning, EXIT_CONFIG_ERROR, EXIT_UNEXPECTED_EXCEPTION};
pub use model::{
    CfgKeyword, CfgName, CfgValue, CfgValueKind, CheckDeadlockEntry, ConstantAssignment,
    ConstantEntry, ConstantName, ConstantSubstitution, ModelConfig, NamedEntry,
};
pub use parser::{parse_config, ParsedConfig, MAX_SET_NESTING};
pub use validate::{
    validate, CheckMoment, DeclaredConstant, DefinedName, ModuleDefinitions, SpecNames,
    ValidationError, ValidationErrorKind,
};
pub use value_print::print_value;
