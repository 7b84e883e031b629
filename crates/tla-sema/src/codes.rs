//! SANY's semantic error codes (its `ErrorCode` table), with the same numbers.
//!
//! Users and the original benchmark compare these numbers, so they are SANY's, not ours. The
//! names are SANY's constant names in kebab case.

use tla_diagnostics::{DiagnosticCode, Phase};

macro_rules! codes {
    ($($constant:ident = $number:literal, $name:literal, $phase:ident;)*) => {
        $(
            #[doc = concat!("SANY code ", stringify!($number), ": `", $name, "`.")]
            pub const $constant: DiagnosticCode =
                DiagnosticCode { number: $number, name: $name, phase: Phase::$phase };
        )*
        /// Every code, in SANY's order.
        pub const ALL_CODES: &[DiagnosticCode] = &[$($constant),*];
    };
}

codes! {
    INTERNAL_ERROR = 4003, "internal-error", Semantic;
    SUSPECTED_UNREACHABLE_CHECK = 4004, "suspected-unreachable-check", Semantic;
    UNSUPPORTED_LANGUAGE_FEATURE = 4005, "unsupported-language-feature", Semantic;
    SYMBOL_UNDEFINED = 4200, "symbol-undefined", Semantic;
    SYMBOL_REDEFINED = 4201, "symbol-redefined", Semantic;
    BUILT_IN_SYMBOL_REDEFINED = 4202, "built-in-symbol-redefined", Semantic;
    OPERATOR_NAME_INCOMPLETE = 4203, "operator-name-incomplete", Semantic;
    OPERATOR_GIVEN_INCORRECT_NUMBER_OF_ARGUMENTS = 4204, "operator-given-incorrect-number-of-arguments", Semantic;
    OPERATOR_LEVEL_CONSTRAINTS_EXCEEDED = 4205, "operator-level-constraints-exceeded", Semantic;
    ASSUMPTION_IS_NOT_CONSTANT = 4206, "assumption-is-not-constant", Semantic;
    MODULE_FILE_CANNOT_BE_FOUND = 4220, "module-file-cannot-be-found", ModuleLoading;
    MODULE_NAME_DIFFERENT_FROM_FILE_NAME = 4221, "module-name-different-from-file-name", ModuleLoading;
    MODULE_DEPENDENCIES_ARE_CIRCULAR = 4222, "module-dependencies-are-circular", ModuleLoading;
    MODULE_REDEFINED = 4223, "module-redefined", Semantic;
    EXTENDED_MODULES_SYMBOL_UNIFICATION_CONFLICT = 4224, "extended-modules-symbol-unification-conflict", Semantic;
    INSTANCE_SUBSTITUTION_MISSING_SYMBOL = 4240, "instance-substitution-missing-symbol", Semantic;
    INSTANCE_SUBSTITUTION_SYMBOL_REDEFINED_MULTIPLE_TIMES = 4241, "instance-substitution-symbol-redefined-multiple-times", Semantic;
    INSTANCE_SUBSTITUTION_ILLEGAL_SYMBOL_REDEFINITION = 4242, "instance-substitution-illegal-symbol-redefinition", Semantic;
    INSTANCE_SUBSTITUTION_OPERATOR_CONSTANT_INCORRECT_ARITY = 4243, "instance-substitution-operator-constant-incorrect-arity", Semantic;
    INSTANCE_SUBSTITUTION_NON_LEIBNIZ_OPERATOR = 4244, "instance-substitution-non-leibniz-operator", Semantic;
    INSTANCE_SUBSTITUTION_LEVEL_CONSTRAINTS_EXCEEDED = 4245, "instance-substitution-level-constraints-exceeded", Semantic;
    INSTANCE_SUBSTITUTION_LEVEL_CONSTRAINT_NOT_MET = 4246, "instance-substitution-level-constraint-not-met", Semantic;
    INSTANCE_SUBSTITUTION_COPARAMETER_LEVEL_CONSTRAINTS_EXCEEDED = 4247, "instance-substitution-coparameter-level-constraints-exceeded", Semantic;
    FUNCTION_GIVEN_INCORRECT_NUMBER_OF_ARGUMENTS = 4260, "function-given-incorrect-number-of-arguments", Semantic;
    FUNCTION_EXCEPT_AT_USED_WHERE_UNDEFINED = 4261, "function-except-at-used-where-undefined", Semantic;
    RECORD_CONSTRUCTOR_FIELD_REDEFINITION = 4262, "record-constructor-field-redefinition", Semantic;
    HIGHER_ORDER_OPERATOR_REQUIRED_BUT_EXPRESSION_GIVEN = 4270, "higher-order-operator-required-but-expression-given", Semantic;
    HIGHER_ORDER_OPERATOR_ARGUMENT_HAS_INCORRECT_ARITY = 4271, "higher-order-operator-argument-has-incorrect-arity", Semantic;
    HIGHER_ORDER_OPERATOR_PARAMETER_LEVEL_CONSTRAINT_NOT_MET = 4272, "higher-order-operator-parameter-level-constraint-not-met", Semantic;
    HIGHER_ORDER_OPERATOR_COPARAMETER_LEVEL_CONSTRAINTS_EXCEEDED = 4273, "higher-order-operator-coparameter-level-constraints-exceeded", Semantic;
    LAMBDA_OPERATOR_ARGUMENT_HAS_INCORRECT_ARITY = 4274, "lambda-operator-argument-has-incorrect-arity", Semantic;
    LAMBDA_GIVEN_WHERE_EXPRESSION_REQUIRED = 4275, "lambda-given-where-expression-required", Semantic;
    RECURSIVE_OPERATOR_PRIMES_PARAMETER = 4290, "recursive-operator-primes-parameter", Semantic;
    RECURSIVE_OPERATOR_DECLARED_BUT_NOT_DEFINED = 4291, "recursive-operator-declared-but-not-defined", Semantic;
    RECURSIVE_OPERATOR_DECLARATION_DEFINITION_ARITY_MISMATCH = 4292, "recursive-operator-declaration-definition-arity-mismatch", Semantic;
    RECURSIVE_OPERATOR_DEFINED_IN_WRONG_LET_IN_LEVEL = 4293, "recursive-operator-defined-in-wrong-let-in-level", Semantic;
    RECURSIVE_SECTION_CONTAINS_ILLEGAL_DEFINITION = 4294, "recursive-section-contains-illegal-definition", Semantic;
    ALWAYS_PROPERTY_SENSITIVE_TO_STUTTERING = 4310, "always-property-sensitive-to-stuttering", Semantic;
    EVENTUALLY_PROPERTY_SENSITIVE_TO_STUTTERING = 4311, "eventually-property-sensitive-to-stuttering", Semantic;
    BINARY_TEMPORAL_OPERATOR_WITH_ACTION_LEVEL_PARAMETER = 4312, "binary-temporal-operator-with-action-level-parameter", Semantic;
    LOGICAL_OPERATOR_WITH_MIXED_ACTION_TEMPORAL_PARAMETERS = 4313, "logical-operator-with-mixed-action-temporal-parameters", Semantic;
    QUANTIFIED_TEMPORAL_FORMULA_WITH_ACTION_LEVEL_BOUND = 4314, "quantified-temporal-formula-with-action-level-bound", Semantic;
    QUANTIFICATION_WITH_TEMPORAL_LEVEL_BOUND = 4315, "quantification-with-temporal-level-bound", Semantic;
    LABEL_PARAMETER_REPETITION = 4330, "label-parameter-repetition", Semantic;
    LABEL_PARAMETER_MISSING = 4331, "label-parameter-missing", Semantic;
    LABEL_PARAMETER_UNNECESSARY = 4332, "label-parameter-unnecessary", Semantic;
    LABEL_NOT_IN_DEFINITION_OR_PROOF_STEP = 4333, "label-not-in-definition-or-proof-step", Semantic;
    LABEL_NOT_ALLOWED_IN_NESTED_ASSUME_PROVE_WITH_NEW = 4334, "label-not-allowed-in-nested-assume-prove-with-new", Semantic;
    LABEL_NOT_ALLOWED_IN_FUNCTION_EXCEPT = 4335, "label-not-allowed-in-function-except", Semantic;
    LABEL_REDEFINITION = 4336, "label-redefinition", Semantic;
    LABEL_GIVEN_INCORRECT_NUMBER_OF_ARGUMENTS = 4337, "label-given-incorrect-number-of-arguments", Semantic;
    PROOF_STEP_WITH_IMPLICIT_LEVEL_CANNOT_HAVE_NAME = 4350, "proof-step-with-implicit-level-cannot-have-name", Semantic;
    PROOF_STEP_NON_EXPRESSION_USED_AS_EXPRESSION = 4351, "proof-step-non-expression-used-as-expression", Semantic;
    TEMPORAL_PROOF_GOAL_WITH_NON_CONSTANT_TAKE_WITNESS_HAVE = 4352, "temporal-proof-goal-with-non-constant-take-witness-have", Semantic;
    TEMPORAL_PROOF_GOAL_WITH_NON_CONSTANT_CASE = 4353, "temporal-proof-goal-with-non-constant-case", Semantic;
    QUANTIFIED_TEMPORAL_PICK_FORMULA_WITH_NON_CONSTANT_BOUND = 4354, "quantified-temporal-pick-formula-with-non-constant-bound", Semantic;
    ASSUME_PROVE_USED_WHERE_EXPRESSION_REQUIRED = 4355, "assume-prove-used-where-expression-required", Semantic;
    ASSUME_PROVE_NEW_CONSTANT_HAS_TEMPORAL_LEVEL_BOUND = 4356, "assume-prove-new-constant-has-temporal-level-bound", Semantic;
    USE_OR_HIDE_FACT_NOT_VALID = 4357, "use-or-hide-fact-not-valid", Semantic;
    EXTENDED_MODULES_SYMBOL_UNIFICATION_AMBIGUITY = 4800, "extended-modules-symbol-unification-ambiguity", Semantic;
    INSTANCED_MODULES_SYMBOL_UNIFICATION_AMBIGUITY = 4801, "instanced-modules-symbol-unification-ambiguity", Semantic;
    RECORD_CONSTRUCTOR_FIELD_NAME_CLASH = 4802, "record-constructor-field-name-clash", Semantic;
}
