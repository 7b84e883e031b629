--------------------------------- MODULE Json ---------------------------------
(*****************************************************************************)
(* Conversions between TLA+ values and JSON text, after the descriptions of *)
(* TLC's Json module.  Written for SysMoBench-rs.  The public operators are *)
(* built into the evaluator (JSON arrays are read as tuples, objects as     *)
(* records, numbers as integers).  The definitions below cover flat values: *)
(* they render elements with ToString.  The file operators have effects    *)
(* TLA+ cannot express; like the reference module's, their bodies mention  *)
(* no parameter.                                                            *)
(*****************************************************************************)
LOCAL INSTANCE Sequences
LOCAL INSTANCE FiniteSets
LOCAL INSTANCE TLC
-------------------------------------------------------------------------------
LOCAL IsSequence(F, D) ==
  (* The function F, whose domain is D, is a sequence. *)
  \E s \in Seq({F[d] : d \in D}) : s = F

LOCAL ToJsonKeyValue(F, d) ==
  (* The member "d": F[d] of a JSON object; keys are always strings. *)
  ToString(IF d \in STRING THEN d ELSE ToString(d)) \o ": " \o ToString(F[d])

RECURSIVE ToJsonArrayString(_, _)
LOCAL ToJsonArrayString(F, D) ==
  (* The JSON array items for the values still in D, separated by commas: *)
  (* the remaining elements of a sequence F (D is then its domain, and   *)
  (* the items follow Head and Tail), or the elements D of a set F.      *)
  IF IsFiniteSet(F)
  THEN LET e == CHOOSE e \in D : TRUE
       IN  ToString(e) \o IF D = {e} THEN "" ELSE ", " \o ToJsonArrayString(F, D \ {e})
  ELSE IF Tail(F) = << >> THEN ToString(Head(F))
       ELSE ToString(Head(F)) \o ", " \o ToJsonArrayString(Tail(F), DOMAIN Tail(F))

RECURSIVE ToJsonObjectString(_, _)
LOCAL ToJsonObjectString(F, D) ==
  (* The JSON object members for the keys still in D, separated by commas. *)
  LET d == CHOOSE d \in D : TRUE
  IN  ToJsonKeyValue(F, d) \o IF D = {d} THEN "" ELSE ", " \o ToJsonObjectString(F, D \ {d})

RECURSIVE ToJsonString(_, _)
LOCAL ToJsonString(F, D) ==
  (* F as a JSON array (sets and sequences) or object (other functions); *)
  (* D is the set F or the domain of the function F.                     *)
  IF IsFiniteSet(F) \/ IsSequence(F, D)
  THEN "[" \o (IF D = {} THEN "" ELSE ToJsonArrayString(F, D)) \o "]"
  ELSE "{" \o ToJsonObjectString(F, D) \o "}"
-------------------------------------------------------------------------------
ToJson(value) == ToJsonString(value, IF IsFiniteSet(value) THEN value ELSE DOMAIN value)

ToJsonArray(value) ==
  "[" \o (IF DOMAIN value = {} THEN "" ELSE ToJsonArrayString(value, DOMAIN value)) \o "]"

ToJsonObject(value) ==
  "{" \o (IF DOMAIN value = {} THEN "" ELSE ToJsonObjectString(value, DOMAIN value)) \o "}"
-------------------------------------------------------------------------------
JsonSerialize(absoluteFilename, value) ==
  (* Writes value to the file as JSON; equals TRUE. *)
  TRUE

JsonDeserialize(absoluteFilename) ==
  (* The value of the JSON document in the file. *)
  CHOOSE value : TRUE

ndJsonSerialize(absoluteFilename, value) ==
  (* Writes value, a sequence, to the file as one JSON document a line. *)
  TRUE

ndJsonDeserialize(absoluteFilename) ==
  (* The sequence of the JSON documents in the file, one a line. *)
  CHOOSE value : TRUE
===============================================================================
