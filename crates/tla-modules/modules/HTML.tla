--------------------------------- MODULE HTML ----------------------------------
(*****************************************************************************)
(* Building HTML pages as strings, after the CommunityModules               *)
(* documentation.  Written for SysMoBench-rs; defined in TLA+.  Most        *)
(* operators join lines with "\n"; a template's placeholders (%name%) are   *)
(* filled in the order given, each time at its first occurrence.            *)
(*****************************************************************************)
LOCAL INSTANCE Sequences
LOCAL INSTANCE SequencesExt
-------------------------------------------------------------------------------
HTMLFill(string, args) ==
  (* string with each pair <<placeholder, text>> of the sequence args      *)
  (* applied in turn: the first occurrence of placeholder becomes text.    *)
  (* HTMLFill("a %x% b", << <<"%x%", "1">> >>) = "a 1 b".                    *)
  LET Apply(s, pair) == ReplaceFirstSubSeq(pair[2], pair[1], s)
  IN  FoldLeft(Apply, string, args)

LOCAL StringSeqToString(string_seq, separator) ==
  (* The strings of string_seq joined by separator; empty strings at the  *)
  (* start are dropped.  StringSeqToString(<<"a", "b">>, "-") = "a-b".     *)
  LET Join(done, s) == IF done = "" THEN s ELSE done \o separator \o s
  IN  FoldLeft(Join, "", string_seq)
-------------------------------------------------------------------------------
HTMLDocument(header, body, list_of_scripts) ==
  StringSeqToString(<<"<!DOCTYPE html>", "<html>", header, body,
                      StringSeqToString(list_of_scripts, "\n"), "</html>">>, "\n")
-------------------------------------------------------------------------------
HTMLClass(classname, attribute_list) ==
  (* A style sheet rule: classname { attributes }. *)
  StringSeqToString(<<classname \o " {", StringSeqToString(attribute_list, "\n"), "}">>,
                    "\n")

HTMLAttribute(name, value) ==
  (* name: value; *)
  HTMLFill("%name%: %value%;", << <<"%name%", name>>, <<"%value%", value>> >>)

HTMLDefaultStyle ==
  (* The classes default_grid, default_box and default_circle. *)
  StringSeqToString(
    <<HTMLClass(".default_grid", <<HTMLAttribute("display", "grid")>>),
      HTMLClass(".default_box", <<HTMLAttribute("border", "1px solid black")>>),
      HTMLClass(".default_circle", <<HTMLAttribute("border-radius", "50%")>>)>>,
    "\n")

HTMLStyleSheet(class_list) ==
  StringSeqToString(<<"<style type=\"text/css\">", HTMLDefaultStyle,
                      StringSeqToString(class_list, "\n"), "</style>">>, "\n")
-------------------------------------------------------------------------------
HTMLScriptFile(name) == "<script src=\"" \o name \o "\"></script>"

HTMLScript(children) ==
  StringSeqToString(<<"<script>", StringSeqToString(children, "\n"), "</script>">>, "\n")
-------------------------------------------------------------------------------
HTMLLink(name, type) ==
  HTMLFill("<link href=\"%name%\" rel=\"%type%\"/>",
           << <<"%name%", name>>, <<"%type%", type>> >>)

HTMLHeader(title, list_of_links, class_list) ==
  StringSeqToString(<<"<head>", "<meta charset=\"UTF-8\">",
                      "<title>" \o title \o "</title>",
                      StringSeqToString(list_of_links, "\n"),
                      HTMLStyleSheet(class_list), "</head>">>, "\n")
-------------------------------------------------------------------------------
HTMLBody(body) == StringSeqToString(<<"<body>", body, "</body>">>, "\n")

HTMLFrame(id, children) ==
  StringSeqToString(<<"<div id=\"" \o id \o "\">", StringSeqToString(children, "\n"),
                      "</div>">>, "\n")

HTMLGridContainer(id, class_list, children) ==
  LET open == HTMLFill("<div id=\"%id%\" class=\"default_grid %class_list%\">",
                       << <<"%id%", id>>,
                         <<"%class_list%", StringSeqToString(class_list, " ")>> >>)
  IN  StringSeqToString(<<open, StringSeqToString(children, "\n"), "</div>">>, "\n")

HTMLBox(id, class_list, size, children) ==
  LET open == HTMLFill("<div id=\"%id%\" class=\"default_box %class_list%\" style=\"%size%\">",
                       << <<"%id%", id>>,
                         <<"%class_list%", StringSeqToString(class_list, " ")>>,
                         <<"%size%", size>> >>)
  IN  StringSeqToString(<<open, StringSeqToString(children, "\n"), "</div>">>, "\n")

HTMLCircle(id, class_list, size, children) ==
  (* A box with the class default_circle first. *)
  HTMLBox(id, <<"default_circle">> \o class_list, size, children)

HTMLText(id, text) ==
  StringSeqToString(<<"<span id=\"" \o id \o "\">", text, "</span>">>, "\n")

HTMLSVG(id, viewBox, size, svgString) ==
  LET open == HTMLFill("<svg id=\"%id%\" viewBox=\"%viewBox%\" style=\"%size%\">",
                       << <<"%id%", id>>, <<"%viewBox%", viewBox>>, <<"%size%", size>> >>)
  IN  StringSeqToString(<<open, svgString, "</svg>">>, "\n")
-------------------------------------------------------------------------------
HTMLSize(width, height) ==
  StringSeqToString(<<HTMLAttribute("width", width), HTMLAttribute("height", height)>>, " ")

HTMLNewLine == "<br>"

HTMLFlexCenterAttributes ==
  StringSeqToString(<<HTMLAttribute("display", "flex"),
                      HTMLAttribute("align-items", "center"),
                      HTMLAttribute("justify-content", "center")>>, "\n")
-------------------------------------------------------------------------------
HTMLJSLineElems(fromID, destID) ==
  (* The two elements, by id, that a LeaderLine joins. *)
  HTMLFill("document.getElementById(\"%id1%\"), document.getElementById(\"%id2%\")",
           << <<"%id1%", fromID>>, <<"%id2%", destID>> >>)

HTMLJSLine(fromID, destID, color, size) ==
  HTMLFill("new LeaderLine(%elems%, {color: '%color%', size: %size%})",
           << <<"%elems%", HTMLJSLineElems(fromID, destID)>>,
             <<"%color%", color>>, <<"%size%", size>> >>)

HTMLJSLineDash(fromID, destID, color, size) ==
  (* As HTMLJSLine, dashed. *)
  HTMLFill("new LeaderLine(%elems%,  {color: '%color%', size: %size%, dash: true})",
           << <<"%elems%", HTMLJSLineElems(fromID, destID)>>,
             <<"%color%", color>>, <<"%size%", size>> >>)

HTMLJSKeyListener(events) ==
  (* A key handler running events, with the pressed key in upper case. *)
  StringSeqToString(<<"window.onkeyup = function(event) {",
                      "let key = event.key.toUpperCase();",
                      StringSeqToString(events, "\n"), "}">>, "\n")

HTMLJSNavigationKey(key, file) ==
  (* Goes to file when key is pressed (an event for HTMLJSKeyListener). *)
  StringSeqToString(<<"if(key == '" \o key \o "'){",
                      "window.location.replace(\"" \o file \o "\");", "}">>, "\n")
===============================================================================
