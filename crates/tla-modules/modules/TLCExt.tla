-------------------------------- MODULE TLCExt --------------------------------
(*****************************************************************************)
(* TLC's extension module, after the TLC documentation and the operators'   *)
(* descriptions in the TLA+ tools.  Written for SysMoBench-rs.  AssertEq    *)
(* and TLCGetAndSet are defined in TLA+; every other operator is built into *)
(* the evaluator, and its body gives only its value and mentions the same   *)
(* parameters as the reference module's body (SANY's level checker reads    *)
(* which parameters a body depends on).                                      *)
(*****************************************************************************)
LOCAL INSTANCE TLC
LOCAL INSTANCE Integers
-------------------------------------------------------------------------------
AssertEq(a, b) ==
  (* a = b; when they differ, TLC prints a message and both values. *)
  IF a = b
  THEN TRUE
  ELSE /\ PrintT("Assertion failed")
       /\ PrintT(a)
       /\ PrintT(b)
       /\ FALSE

AssertError(err, exp) ==
  (* TRUE when evaluating exp fails with the error message err.  TLA+ has *)
  (* no notion of failing, so the body says only that err is the message  *)
  (* of a failure; FailureOf ignores its argument, so that, as with the   *)
  (* reference module, the level of exp does not reach the result.        *)
  LET FailureOf(e) == CHOOSE message \in STRING : TRUE
  IN  FailureOf(exp) = err
-------------------------------------------------------------------------------
TLCGetOrDefault(key, defaultVal) ==
  (* TLCGet(key) when register key is set, otherwise defaultVal. *)
  CHOOSE value : TRUE

TLCGetAndSet(key, Op(_, _), val, defaultVal) ==
  (* Sets register key to Op(old, val) and equals old, the register's *)
  (* previous value (defaultVal when it was not set).                  *)
  LET old == TLCGetOrDefault(key, defaultVal)
  IN  IF TLCSet(key, Op(old, val)) THEN old ELSE old
-------------------------------------------------------------------------------
Trace ==
  (* The behaviour leading to the current state, as a sequence of records. *)
  CHOOSE states : TRUE

CounterExample ==
  (* The counterexample TLC found, as a record of states and actions. *)
  CHOOSE graph : TRUE

ToTrace(CE) ==
  (* The states of the counterexample CE as a sequence. *)
  CHOOSE states : TRUE
-------------------------------------------------------------------------------
TLCModelValue(str) ==
  (* The model value whose name is str. *)
  CHOOSE modelValue : modelValue \notin STRING /\ ToString(modelValue) = str

TLCDefer(expression) ==
  (* TRUE; TLC evaluates expression after the successor state is chosen. *)
  TRUE

TLCNoOp(val) == val
-------------------------------------------------------------------------------
PickSuccessor(exp) ==
  (* exp, or else a successor that the user (the debugger) lets through. *)
  exp \/ CHOOSE letThrough \in BOOLEAN : TRUE

TLCCache(expression, closure) ==
  (* expression, cached by TLC under the value of closure. *)
  expression

TLCFP(var) ==
  (* TLC's fingerprint of a value. *)
  CHOOSE fingerprint \in Int : TRUE
-------------------------------------------------------------------------------
TLCEvalDefinition(definitionName) ==
  (* The value of the zero-argument definition named definitionName. *)
  CHOOSE value : TRUE
===============================================================================
