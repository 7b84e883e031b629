----------------------------- MODULE SequencesExt -----------------------------
(*****************************************************************************)
(* More operators on finite sequences, after the CommunityModules           *)
(* documentation.  Written for SysMoBench-rs.  The operators TLC overrides  *)
(* are built into the evaluator (SetToSeq, SetToSeqs, Contains, IsPrefix,   *)
(* the Select*InSeq and Select*InSubSeq family, RemoveFirst,                 *)
(* RemoveFirstMatch, Suffixes, AllSubSeqs, LongestCommonPrefix,             *)
(* ReplaceFirstSubSeq, ReplaceAllSubSeqs and the folds); the rest are       *)
(* defined in TLA+.  Like the module the CommunityModules ship, it extends  *)
(* the modules it uses, so their operators are visible to every module that *)
(* extends this one.                                                         *)
(*****************************************************************************)
EXTENDS Sequences, Naturals, FiniteSets, FiniteSetsExt, Folds, Functions, Bags, TLC
-------------------------------------------------------------------------------
ToSet(s) == Range(s)

ToBag(s) ==
  (* The bag of the elements of s: each with the number of its occurrences. *)
  [x \in Range(s) |-> Quantify(DOMAIN s, LAMBDA i : s[i] = x)]

SetToSeqs(S) ==
  (* Every sequence that lists each element of S exactly once. *)
  {seq \in [1 .. Cardinality(S) -> S] : IsInjective(seq)}

SetToSeq(S) == CHOOSE seq \in SetToSeqs(S) : TRUE

SetToSortSeq(S, op(_, _)) == SortSeq(SetToSeq(S), op)

SetToAllKPermutations(S) ==
  (* Every sequence of distinct elements of S. *)
  UNION {SetToSeqs(T) : T \in SUBSET S}

TupleOf(set, n) == [1 .. n -> set]

SeqOf(set, n) ==
  (* The sequences of at most n elements of set. *)
  UNION {[1 .. k -> set] : k \in 0 .. n}

BoundedSeq(S, n) == SeqOf(S, n)

IsSorted(s, op(_, _)) ==
  (* op(s[i], s[j]) holds whenever i comes before j. *)
  \A j \in 1 .. Len(s) : \A i \in 1 .. (j - 1) : op(s[i], s[j])
-------------------------------------------------------------------------------
Contains(s, e) == \E i \in DOMAIN s : s[i] = e

Reverse(s) == [i \in DOMAIN s |-> s[Len(s) + 1 - i]]

Remove(s, e) ==
  (* s without any occurrence of e. *)
  SelectSeq(s, LAMBDA x : x # e)

ReplaceAll(s, old, replacement) ==
  [i \in DOMAIN s |-> IF s[i] = old THEN replacement ELSE s[i]]
-------------------------------------------------------------------------------
SelectInSeq(seq, Test(_)) ==
  (* The first index i with Test(seq[i]), or 0 if there is none. *)
  LET Hits == {i \in 1 .. Len(seq) : Test(seq[i])}
  IN  IF Hits = {} THEN 0 ELSE Min(Hits)

SelectInSubSeq(seq, from, to, Test(_)) ==
  (* SelectInSeq on SubSeq(seq, from, to); the index is into the part. *)
  SelectInSeq(SubSeq(seq, from, to), Test)

SelectLastInSeq(seq, Test(_)) ==
  (* The last index i with Test(seq[i]), or 0 if there is none. *)
  LET Hits == {i \in 1 .. Len(seq) : Test(seq[i])}
  IN  IF Hits = {} THEN 0 ELSE Max(Hits)

SelectLastInSubSeq(seq, from, to, Test(_)) ==
  SelectLastInSeq(SubSeq(seq, from, to), Test)
-------------------------------------------------------------------------------
InsertAt(s, i, e) ==
  (* s with e inserted at position i; later elements move up by one. *)
  [j \in 1 .. (Len(s) + 1) |-> IF j < i THEN s[j] ELSE IF j = i THEN e ELSE s[j - 1]]

ReplaceAt(s, i, e) == [s EXCEPT ![i] = e]

RemoveAt(s, i) ==
  (* s without its i-th element. *)
  [j \in 1 .. (Len(s) - 1) |-> IF j < i THEN s[j] ELSE s[j + 1]]

RemoveFirstMatch(s, Test(_)) ==
  (* s without its first element that satisfies Test (s if none does). *)
  LET i == SelectInSeq(s, Test)
  IN  IF i = 0 THEN s ELSE RemoveAt(s, i)

RemoveFirst(s, e) ==
  (* s without its first occurrence of e (s if e does not occur). *)
  RemoveFirstMatch(s, LAMBDA x : x = e)
-------------------------------------------------------------------------------
Cons(elt, seq) == <<elt>> \o seq

Snoc(elt, seq) == Append(seq, elt)

Front(s) == SubSeq(s, 1, Len(s) - 1)

Last(s) == s[Len(s)]
-------------------------------------------------------------------------------
IsPrefix(s, t) == Len(s) \leq Len(t) /\ s = SubSeq(t, 1, Len(s))

IsStrictPrefix(s, t) == IsPrefix(s, t) /\ s # t

IsSuffix(s, t) == Len(s) \leq Len(t) /\ s = SubSeq(t, Len(t) - Len(s) + 1, Len(t))

IsStrictSuffix(s, t) == IsSuffix(s, t) /\ s # t
-------------------------------------------------------------------------------
Prefixes(s) == {SubSeq(s, 1, n) : n \in 0 .. Len(s)}

CommonPrefixes(S) ==
  (* The sequences that are prefixes of every sequence in S. *)
  {p \in UNION {Prefixes(t) : t \in S} : \A t \in S : IsPrefix(p, t)}

LongestCommonPrefix(S) ==
  CHOOSE p \in CommonPrefixes(S) : \A q \in CommonPrefixes(S) : Len(q) \leq Len(p)

Suffixes(s) == {SubSeq(s, n, Len(s)) : n \in 1 .. (Len(s) + 1)}
-------------------------------------------------------------------------------
SeqMod(a, b) ==
  (* a modulo b, in 1 .. b instead of 0 .. b - 1, to index sequences. *)
  ((a - 1) % b) + 1

FoldSeq(op(_, _), base, seq) ==
  (* op folded over the elements of seq, in an unspecified order. *)
  FoldFunction(op, base, seq)

FoldLeft(op(_, _), base, seq) ==
  (* op(... op(op(base, seq[1]), seq[2]) ..., seq[n]). *)
  LET Acc[k \in 0 .. Len(seq)] == IF k = 0 THEN base ELSE op(Acc[k - 1], seq[k])
  IN  Acc[Len(seq)]

FoldRight(op(_, _), seq, base) ==
  (* op(seq[1], op(seq[2], ... op(seq[n], base) ...)). *)
  LET Acc[k \in 0 .. Len(seq)] ==
        (* The fold of the last k elements. *)
        IF k = 0 THEN base ELSE op(seq[Len(seq) + 1 - k], Acc[k - 1])
  IN  Acc[Len(seq)]

FoldLeftDomain(op(_, _), base, seq) == FoldLeft(op, base, [i \in DOMAIN seq |-> i])

FoldRightDomain(op(_, _), seq, base) == FoldRight(op, [i \in DOMAIN seq |-> i], base)
-------------------------------------------------------------------------------
FlattenSeq(seqs) ==
  (* The concatenation of the sequences (or strings) in seqs. *)
  IF Len(seqs) = 0 THEN seqs
  ELSE FoldLeft(LAMBDA done, next : done \o next, Head(seqs), Tail(seqs))

Zip(s, t) ==
  (* The pairs <<s[i], t[i]>>, as long as the shorter of s and t. *)
  [i \in 1 .. Min({Len(s), Len(t)}) |-> <<s[i], t[i]>>]

Interleave(s, t) ==
  (* << <<s[1]>>, <<t[1]>>, <<s[2]>>, <<t[2]>>, ... >> for sequences of *)
  (* equal length; << <<>>, <<>> >> when both are empty.                *)
  CASE Len(s) = Len(t) /\ Len(s) > 0 ->
         [i \in 1 .. (2 * Len(s)) |-> IF i % 2 = 1 THEN <<s[(i + 1) \div 2]>>
                                                    ELSE <<t[i \div 2]>>]
    [] Len(s) = Len(t) -> << << >>, << >> >>

SubSeqs(s) ==
  (* The contiguous parts of s, the empty sequence included. *)
  {SubSeq(s, m, n) : m \in 1 .. (Len(s) + 1), n \in 0 .. Len(s)}

AllSubSeqs(s) ==
  (* The sequences obtained by deleting any elements of s. *)
  { [k \in 1 .. Cardinality(D) |-> s[CHOOSE i \in D : Cardinality({j \in D : j \leq i}) = k]] :
      D \in SUBSET DOMAIN s }

IndexFirstSubSeq(s, t) ==
  (* The first position in t at which s occurs as a contiguous part. *)
  Min({i \in 1 .. (Len(t) - Len(s) + 1) : SubSeq(t, i, i + Len(s) - 1) = s})

ReplaceSubSeqAt(i, r, s, t) ==
  (* t with its part s, which starts at position i, replaced by r. *)
  SubSeq(t, 1, i - 1) \o r \o SubSeq(t, i + Len(s), Len(t))

ReplaceFirstSubSeq(r, s, t) ==
  IF s \in SubSeqs(t) THEN ReplaceSubSeqAt(IndexFirstSubSeq(s, t), r, s, t) ELSE t

ReplaceAllSubSeqs(r, s, t) ==
  (* t with every occurrence of s replaced by r, scanning from the left  *)
  (* and never overlapping; r goes before every element when s is empty. *)
  CASE s = t -> r
    [] s = << >> ->
         LET Done[k \in 0 .. Len(t)] ==
               IF k = 0 THEN << >> ELSE Done[k - 1] \o r \o SubSeq(t, k, k)
         IN  Done[Len(t)]
    [] OTHER ->
         LET Rest[n \in 0 .. Len(t)] ==
               (* The result for the last n elements of t. *)
               LET start == Len(t) - n + 1
               IN  IF n < Len(s) THEN SubSeq(t, start, Len(t))
                   ELSE IF SubSeq(t, start, start + Len(s) - 1) = s
                        THEN r \o Rest[n - Len(s)]
                        ELSE SubSeq(t, start, start) \o Rest[n - 1]
         IN  Rest[Len(t)]
===============================================================================
