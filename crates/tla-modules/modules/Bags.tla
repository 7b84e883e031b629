--------------------------------- MODULE Bags ---------------------------------
(*****************************************************************************)
(* Bags (multisets), after "Specifying Systems" (section 18.3) and TLC's    *)
(* documentation.  A bag is a function from its elements to their positive *)
(* numbers of copies.  Written for SysMoBench-rs.  Every public operator    *)
(* except SubBag is built into the evaluator.  The module extends TLC, as  *)
(* the module that SANY ships does, so TLC's operators are visible to every *)
(* module that extends Bags.                                                *)
(*****************************************************************************)
EXTENDS TLC
LOCAL INSTANCE Naturals

IsABag(B) == B \in [DOMAIN B -> Nat \ {0}]

BagToSet(B) == DOMAIN B

SetToBag(S) == [e \in S |-> 1]

BagIn(e, B) == e \in DOMAIN B

EmptyBag == [e \in {} |-> 1]

CopiesIn(e, B) == IF e \in DOMAIN B THEN B[e] ELSE 0

B1 (+) B2 ==
  (* Every element with the copies of both bags. *)
  [e \in DOMAIN B1 \cup DOMAIN B2 |-> CopiesIn(e, B1) + CopiesIn(e, B2)]

B1 (-) B2 ==
  (* The copies of B1 left after taking away those of B2. *)
  [e \in {d \in DOMAIN B1 : B1[d] > CopiesIn(d, B2)} |-> B1[e] - CopiesIn(e, B2)]

LOCAL Sum(f) ==
  (* The sum of the values of the function f, whose domain is finite. *)
  LET Total[D \in SUBSET DOMAIN f] ==
        IF D = {} THEN 0
        ELSE LET d == CHOOSE d \in D : TRUE IN f[d] + Total[D \ {d}]
  IN  Total[DOMAIN f]

BagUnion(S) ==
  (* The bag sum of all the bags in the set S. *)
  [e \in UNION {DOMAIN B : B \in S} |-> Sum([B \in S |-> CopiesIn(e, B)])]

B1 \sqsubseteq B2 == \A e \in DOMAIN B1 : B1[e] \leq CopiesIn(e, B2)

SubBag(B) ==
  (* Every bag that has no more copies of any element than B has. *)
  UNION { {SB \in [D -> UNION {1 .. B[e] : e \in D}] : \A e \in D : SB[e] \leq B[e]} :
          D \in SUBSET DOMAIN B }

BagOfAll(F(_), B) ==
  (* The image of B under F: F(e) gets the copies of every e mapped to it. *)
  [y \in {F(e) : e \in DOMAIN B} |-> Sum([e \in {d \in DOMAIN B : F(d) = y} |-> B[e]])]

BagCardinality(B) == Sum(B)
===============================================================================
