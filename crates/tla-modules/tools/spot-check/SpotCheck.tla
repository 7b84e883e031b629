----------------------------- MODULE SpotCheck ------------------------------
(* Prints the values of operators defined in TLA+ by the embedded modules, so   *)
(* that TLC runs with our modules and with the originals can be compared (see  *)
(* docs/dev/modules.md).  Not part of CI.                                      *)
EXTENDS SequencesExt, Graphs, BagsExt, IOUtils, VectorClocks, Bitwise, TLCExt, Randomization
G == [node |-> {1,2,3,4}, edge |-> {<<1,2>>, <<2,3>>, <<3,1>>, <<4,1>>}]
B == SetToBag({1,2}) (+) SetToBag({2})
ASSUME PrintT(<<"subbag", SubBag(B)>>)
ASSUME PrintT(<<"bagofall", BagOfAll(LAMBDA x : x % 2, B), BagUnion({B, B}), B (-) SetToBag({2,5}), BagCardinality(B)>>)
ASSUME PrintT(<<"seq", Interleave(<<1,3>>, <<2,4>>), Interleave(<<>>, <<>>), FlattenSeq(<<<<1,2>>, <<3>>>>), Zip(<<1,2,3>>, <<4,5>>)>>)
ASSUME PrintT(<<"repl", ReplaceAllSubSeqs(<<2,2>>, <<1,1>>, <<1,1,1>>), ReplaceAllSubSeqs(<<9>>, <<>>, <<1,2>>), ReplaceAllSubSeqs(<<2>>,<<3>>,<<1,3>>), ReplaceFirstSubSeq(<<0>>, <<2,3>>, <<1,2,3,2,3>>)>>)
ASSUME PrintT(<<"idx", IndexFirstSubSeq(<<2,3>>, <<1,2,3,2,3>>), SubSeqs(<<1,2,3>>), AllSubSeqs(<<1,2,3>>)>>)
ASSUME PrintT(<<"misc", InsertAt(<<1,2,3>>, 2, 9), RemoveAt(<<1,2,3>>, 2), SeqMod(0, 3), SeqMod(4, 3), Reverse(<<1,2,3>>), Prefixes(<<1,2>>), Suffixes(<<1,2>>), IsSorted(<<1,2,2>>, \leq), ToBag(<<1,1,2>>)>>)
ASSUME PrintT(<<"graphs", ConnectionsIn(G), HasCycle(G), Ancestors(G, 1), Descendants(G, 4), Roots(G), Leaves(G), Cardinality(DirectedSubgraph([node |-> {1,2}, edge |-> {<<1,2>>}]))>>)
ASSUME PrintT(<<"rel", TransitiveClosure([x, y \in 1..3 |-> y = x + 1], 1..3), IsStrictlyTotallyOrderedUnder(<, 1..3), IsConnected([x, y \in 1..3 |-> y = x + 1], 1..3)>>)
ASSUME PrintT(<<"bits", 12 & 10, 12 | 10, 12 ^^ 10, Not(10), shiftR(12, 2), zeroPadN(42, 5), zeroPadN(12345, 3)>>)
ASSUME PrintT(<<"bagsext", BagAdd(B, 3), BagRemove(B, 2), BagRemove(B, 1), SumBag(B), MapThenFoldBag(LAMBDA x, y : x + y, 10, LAMBDA x : x, LAMBDA S : CHOOSE x \in S : TRUE, B)>>)
ASSUME PrintT(<<"vc", IsCausalOrder(<<[a |-> 1], [a |-> 2, b |-> 1]>>, LAMBDA e : e), IsCausalOrder(<<[a |-> 2], [a |-> 1]>>, LAMBDA e : e)>>)
ASSUME PrintT(<<"fun", Inverse([i \in 1..3 |-> i * 2], 1..3, {2, 4, 7}), Choices({{1,2},{3}}), ChooseUnique(1..5, LAMBDA x : x = 3), SymDiff({1,2},{2,3}), SumFunction([i \in 1..3 |-> i]), IsRestriction([i \in 1..2 |-> i], [i \in 1..3 |-> i])>>)
ASSUME PrintT(<<"tlcext", AssertEq(1, 1), TLCGetAndSet(3, LAMBDA a, b : a + b, 5, 10), TLCGet(3)>>)
VARIABLE unused
Init == unused = 0
Next == UNCHANGED unused
=============================================================================
