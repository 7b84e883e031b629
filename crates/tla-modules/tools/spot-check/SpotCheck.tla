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
UG == INSTANCE UndirectedGraphs
DR == INSTANCE DyadicRationals
CB == INSTANCE Combinatorics
QU == INSTANCE Quorum
HT == INSTANCE HTML
SV == INSTANCE SVG
U == [node |-> {1,2,3,4,5}, edge |-> {{1,2}, {2,3}, {4}}]
ASSUME PrintT(<<"ugraphs", UG!IsUndirectedGraph(U), UG!IsLoopFreeUndirectedGraph(U), UG!IsLoopFreeUndirectedGraph([node |-> {1,2}, edge |-> {{1,2}}]), UG!IsUndirectedGraph([node |-> {1}, edge |-> {{1,2}}]), UG!UndirectedSubgraph([node |-> {1,2}, edge |-> {{1,2}, {2}}]), UG!UndirectedGraphs({1,2})>>)
ASSUME PrintT(<<"dyadic", DR!Add(DR!Half(DR!One), DR!Half(DR!Half(DR!One))), DR!Add(DR!Half(DR!One), DR!Half(DR!One)), DR!Add(DR!Zero, DR!Half(DR!One)), DR!PrettyPrint(DR!Half(DR!Half(DR!One))), DR!PrettyPrint(DR!Zero), DR!IsDyadicRational([num |-> 3, den |-> 8]), DR!IsDyadicRational([num |-> 1, den |-> 6])>>)
ASSUME PrintT(<<"comb", CB!factorial[5], CB!factorial[0], CB!choose(5, 2), CB!choose(4, 4), QU!QuorumSystem({1,2}), Cardinality(QU!QuorumSystem({1,2,3}))>>)
ASSUME PrintT(<<"html", HT!HTMLDocument(HT!HTMLHeader("T", <<HT!HTMLLink("a.css", "stylesheet")>>, <<HT!HTMLClass(".c", <<HT!HTMLAttribute("color", "red")>>)>>), HT!HTMLBody(HT!HTMLGridContainer("g", <<"x", "y">>, <<HT!HTMLCircle("c", <<"z">>, HT!HTMLSize("1px", "2px"), <<HT!HTMLText("t", "hi"), HT!HTMLNewLine>>)>>)), <<HT!HTMLScriptFile("s.js"), HT!HTMLScript(<<HT!HTMLJSKeyListener(<<HT!HTMLJSNavigationKey("A", "b.html")>>)>>)>>)>>)
ASSUME PrintT(<<"html2", HT!HTMLJSLine("a", "b", "red", "2"), HT!HTMLJSLineDash("a", "b", "red", "2"), HT!HTMLSVG("s", "0 0 1 1", "w", "<g/>"), HT!HTMLFrame("f", <<"", "x">>), HT!HTMLFlexCenterAttributes, HT!HTMLFill("%a% %b% %a%", <<<<"%a%", "1">>, <<"%b%", "2">>, <<"%a%", "3">>>>), HT!HTMLBox("b", <<>>, "", <<>>)>>)
ASSUME PrintT(<<"svg", SV!Line(1, 2, 3, 4, <<>>), SV!Circle(1, 2, 3, [fill |-> "red", r |-> "9"]), SV!Rect(1, 2, 3, 4, <<>>), SV!Text(1, 2, "hi", <<>>), SV!Image(1, 2, 3, 4, "i.png", <<>>), SV!Group(<<SV!Svg(<<>>, <<>>)>>, [id |-> "g"]), SV!SVGDoc(SV!Line(0, 0, 1, 1, <<>>), 0, 0, 10, 20, [width |-> "5"]), SV!PointOnLine([x |-> 0, y |-> 0], [x |-> 10, y |-> 7], 3)>>)
VARIABLE unused
Init == unused = 0
Next == UNCHANGED unused
=============================================================================
