---------------------------------- MODULE SVG ----------------------------------
(*****************************************************************************)
(* Drawing with SVG, after the CommunityModules documentation.  An element  *)
(* is a record [name |-> tag, attrs |-> attributes, children |-> elements,  *)
(* innerText |-> text]; attributes map names to strings (<<>> for none).    *)
(* Written for SysMoBench-rs.  SVGElemToString, NodeOfRingNetwork,         *)
(* NodesOfDirectedMultiGraph and PointOnLine are built into the evaluator   *)
(* (TLC overrides them); the rest are defined in TLA+.  Where TLA+ cannot   *)
(* give the value (text rendering, trigonometry, graph layout), the body    *)
(* gives only the kind of value and mentions the same parameters as the     *)
(* module the CommunityModules ship (SANY's levels depend on that).         *)
(*****************************************************************************)
LOCAL INSTANCE Naturals
LOCAL INSTANCE Sequences
LOCAL INSTANCE Integers
LOCAL INSTANCE TLC
LOCAL INSTANCE FiniteSets
-------------------------------------------------------------------------------
LOCAL Merge(r1, r2) ==
  (* The fields of both records; r1's value wins where both have a field. *)
  r1 @@ r2

SVGElem(name, attrs, children, innerText) ==
  [name |-> name, attrs |-> attrs, children |-> children, innerText |-> innerText]
-------------------------------------------------------------------------------
(* The elements: coordinates and sizes are integers, attrs adds or        *)
(* overrides attributes.                                                   *)

Line(x1, y1, x2, y2, attrs) ==
  LET at == [x1 |-> ToString(x1), y1 |-> ToString(y1),
             x2 |-> ToString(x2), y2 |-> ToString(y2)]
  IN  SVGElem("line", Merge(at, attrs), << >>, "")

Circle(cx, cy, r, attrs) ==
  LET at == [cx |-> ToString(cx), cy |-> ToString(cy), r |-> ToString(r)]
  IN  SVGElem("circle", Merge(at, attrs), << >>, "")

Rect(x, y, w, h, attrs) ==
  LET at == [x |-> ToString(x), y |-> ToString(y),
             width |-> ToString(w), height |-> ToString(h)]
  IN  SVGElem("rect", Merge(at, attrs), << >>, "")

Text(x, y, text, attrs) ==
  (* The string text at (x, y). *)
  LET at == [x |-> ToString(x), y |-> ToString(y)]
  IN  SVGElem("text", Merge(at, attrs), << >>, text)

Image(x, y, width, height, href, attrs) ==
  (* The image at the address href. *)
  LET at == [k \in {"xlink:href", "x", "y", "width", "height"} |->
               CASE k = "xlink:href" -> href
                 [] k = "x" -> ToString(x)
                 [] k = "y" -> ToString(y)
                 [] k = "width" -> ToString(width)
                 [] k = "height" -> ToString(height)]
  IN  SVGElem("image", Merge(at, attrs), << >>, "")

Group(children, attrs) == SVGElem("g", attrs, children, "")  \* a <g> of the sequence children

Svg(children, attrs) == SVGElem("svg", attrs, children, "")  \* an <svg> container

SVGDoc(children, vbX, vbY, vbW, vbH, attrs) ==
  (* A complete SVG document holding the element children, with the       *)
  (* viewBox "vbX vbY vbW vbH" and the SVG and XLink namespaces.           *)
  LET box == ToString(vbX) \o " " \o ToString(vbY) \o " " \o
             ToString(vbW) \o " " \o ToString(vbH)
      at == ("xmlns:xlink" :> "http://www.w3.org/1999/xlink")
              @@ ("xmlns" :> "http://www.w3.org/2000/svg") @@ ("viewBox" :> box)
  IN  Svg(<<children>>, Merge(at, attrs))

SVGElemToString(elem) ==
  (* The SVG text of elem, its children rendered inside it. *)
  CHOOSE text \in STRING : TRUE
-------------------------------------------------------------------------------
NodeOfRingNetwork(cx, cy, r, n, m) ==
  (* The integer coordinates [x |-> ..., y |-> ...] of node n of m spaced  *)
  (* evenly on the circle of radius r around (cx, cy): at the angle        *)
  (* 2 * pi * n / m, truncated towards zero.                               *)
  CHOOSE point \in [x : Int, y : Int] : TRUE

NodesOfDirectedMultiGraph(nodes, edges, options) ==
  (* A layout of the graph with the given nodes and edges (pairs of        *)
  (* nodes): the coordinates [x |-> ..., y |-> ...] of every node.  The    *)
  (* record options chooses the layout algorithm and its parameters.       *)
  [n \in nodes |-> CHOOSE point \in [x : Int, y : Int] : TRUE]

PointOnLine(from, to, segment) ==
  (* The point a segment-th of the way from from to to. *)
  LET Along(c) == from[c] + (to[c] - from[c]) \div segment
  IN  [x |-> Along("x"), y |-> Along("y")]
-------------------------------------------------------------------------------
SVGSerialize(svg, frameNamePrefix, frameNumber) ==
  (* Writes the text of svg to the file frameNamePrefix, then frameNumber  *)
  (* padded with zeros to three digits, then ".svg" (replacing the file).  *)
  LET IO == INSTANCE IOUtils
      file == frameNamePrefix \o IO!zeroPadN(frameNumber, 3) \o ".svg"
  IN  IO!Serialize(SVGElemToString(svg), file,
                   [format |-> "TXT", charset |-> "UTF-8",
                    openOptions |-> <<"WRITE", "CREATE", "TRUNCATE_EXISTING">>])
===============================================================================
