----------------------------- MODULE DyadicRationals ---------------------------
(*****************************************************************************)
(* Dyadic rationals, the fractions whose denominator is a power of two,     *)
(* after the CommunityModules documentation.  A number is a record          *)
(* [num |-> n, den |-> d] with d positive.  Written for SysMoBench-rs.  The *)
(* LOCAL Reduce is built into the evaluator (TLC overrides it); the rest    *)
(* are defined in TLA+.                                                      *)
(*****************************************************************************)
LOCAL INSTANCE FiniteSets
LOCAL INSTANCE Integers
LOCAL INSTANCE Sequences
LOCAL INSTANCE FiniteSetsExt
LOCAL INSTANCE TLC

LOCAL Divides(p, q) == p # 0 /\ q % p = 0  \* q is a multiple of p

LOCAL Divisors(q) ==
  (* The positive numbers that divide q (none when q is 0). *)
  LET size == IF q < 0 THEN -q ELSE q
  IN  {d \in 1 .. size : Divides(d, size)}

LOCAL GCD(n, m) ==
  (* The greatest common divisor of n and m, not both 0. *)
  IF n = 0 THEN Max(Divisors(m))
  ELSE IF m = 0 THEN Max(Divisors(n))
  ELSE Max(Divisors(n) \cap Divisors(m))
-------------------------------------------------------------------------------
LOCAL Rational(num, den) == [num |-> num, den |-> den]

LOCAL Reduce(p) ==
  (* p in lowest terms: numerator and denominator divided by their gcd. *)
  LET g == GCD(p.num, p.den)
  IN  IF g = 1 THEN p ELSE Rational(p.num \div g, p.den \div g)

IsDyadicRational(r) ==
  (* The denominator of r is 2^i for some natural number i. *)
  r.den \in {2 ^ i : i \in 0 .. r.den}

Zero == Rational(0, 1)

One == Rational(1, 1)

Add(p, q) ==
  (* The sum p + q.  Both denominators are powers of two, so the larger *)
  (* one is a common multiple of them.                                  *)
  IF p = Zero THEN q
  ELSE LET den == IF p.den \geq q.den THEN p.den ELSE q.den
           Scaled(r) == r.num * (den \div r.den)
       IN  Reduce(Rational(Scaled(p) + Scaled(q), den))

Half(p) == Reduce(Rational(p.num, 2 * p.den))  \* p / 2

PrettyPrint(p) ==
  (* "0", "1", or the string num/den. *)
  CASE p = Zero -> "0"
    [] p = One -> "1"
    [] OTHER -> ToString(p.num) \o "/" \o ToString(p.den)
===============================================================================
