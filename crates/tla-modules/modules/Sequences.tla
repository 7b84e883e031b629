------------------------------ MODULE Sequences -------------------------------
(*****************************************************************************)
(* Finite sequences, after "Specifying Systems" (section 18.1).  A sequence *)
(* of length n is a function with domain 1 .. n; tuples are sequences.      *)
(* Written for SysMoBench-rs.  Every operator is built into the evaluator;  *)
(* the definitions below say what each one means.                           *)
(*****************************************************************************)
LOCAL INSTANCE Naturals

Seq(S) == UNION {[1 .. n -> S] : n \in Nat}

Len(s) == CHOOSE n \in Nat : DOMAIN s = 1 .. n

s \o t ==
  (* The elements of s followed by those of t. *)
  [i \in 1 .. (Len(s) + Len(t)) |-> IF i > Len(s) THEN t[i - Len(s)] ELSE s[i]]

Append(s, e) == [i \in 1 .. (Len(s) + 1) |-> IF i = Len(s) + 1 THEN e ELSE s[i]]

Head(s) == s[1]

Tail(s) ==
  (* Undefined for the empty sequence. *)
  CASE Len(s) > 0 -> [i \in 1 .. (Len(s) - 1) |-> s[i + 1]]

SubSeq(s, m, n) ==
  (* << s[m], s[m + 1], ..., s[n] >>, empty when n < m. *)
  [i \in 1 .. (n - m + 1) |-> s[m + i - 1]]

SelectSeq(s, Test(_)) ==
  (* The elements of s that satisfy Test, in their order in s. *)
  LET Kept[k \in 0 .. Len(s)] ==
        (* The selected elements among the first k. *)
        IF k = 0 THEN << >>
        ELSE IF Test(s[k]) THEN Append(Kept[k - 1], s[k]) ELSE Kept[k - 1]
  IN  Kept[Len(s)]
===============================================================================
