------------------------------- MODULE Bitwise --------------------------------
(*****************************************************************************)
(* Bitwise operations on natural numbers, after the CommunityModules        *)
(* documentation.  Written for SysMoBench-rs.  And, Or, Xor, Not and shiftR *)
(* are built into the evaluator (And, Or and Xor are the local helpers of   *)
(* &, | and ^^, which TLC overrides); the rest are defined in TLA+.         *)
(*****************************************************************************)
LOCAL INSTANCE Integers

RECURSIVE And(_, _, _, _)
LOCAL And(x, y, n, m) ==
  (* The bits n, n + 1, ... of x & y, while m (halved at each bit) > 0. *)
  IF m = 0 THEN 0
  ELSE LET bit == 2 ^ n
       IN  (IF (x \div bit) % 2 = 1 /\ (y \div bit) % 2 = 1 THEN bit ELSE 0)
             + And(x, y, n + 1, m \div 2)

x & y == And(x, y, 0, IF x \geq y THEN x ELSE y)
-------------------------------------------------------------------------------
RECURSIVE Or(_, _, _, _)
LOCAL Or(x, y, n, m) ==
  IF m = 0 THEN 0
  ELSE LET bit == 2 ^ n
       IN  (IF (x \div bit) % 2 = 1 \/ (y \div bit) % 2 = 1 THEN bit ELSE 0)
             + Or(x, y, n + 1, m \div 2)

x | y == Or(x, y, 0, IF x \geq y THEN x ELSE y)
-------------------------------------------------------------------------------
RECURSIVE Xor(_, _, _, _)
LOCAL Xor(x, y, n, m) ==
  IF m = 0 THEN 0
  ELSE LET bit == 2 ^ n
       IN  (IF (x \div bit) % 2 # (y \div bit) % 2 THEN bit ELSE 0)
             + Xor(x, y, n + 1, m \div 2)

x ^^ y == Xor(x, y, 0, IF x \geq y THEN x ELSE y)
-------------------------------------------------------------------------------
RECURSIVE NotR(_, _, _)
LOCAL NotR(x, n, m) ==
  (* The bits n, n + 1, ... of x flipped, up to the highest bit of m. *)
  IF m = 0 THEN 0
  ELSE LET bit == 2 ^ n
       IN  (IF (x \div bit) % 2 = 0 THEN bit ELSE 0)
             + NotR(x, n + 1, m \div 2)

Not(a) ==
  (* a with all its bits flipped, up to its highest 1 bit. *)
  NotR(a, 0, a)
-------------------------------------------------------------------------------
shiftR(n, pos) ==
  (* n shifted right by pos bits. *)
  n \div 2 ^ pos
===============================================================================
