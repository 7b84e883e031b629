--------------------------------- MODULE CSV ----------------------------------
(*****************************************************************************)
(* Reading and writing CSV files, after the CommunityModules                *)
(* documentation.  Written for SysMoBench-rs.  Every operator is built into *)
(* the evaluator: files cannot be read or written in TLA+, so the bodies    *)
(* give only the kind of value, and, like the module the CommunityModules   *)
(* ship, mention no parameter (SANY's levels depend on that).               *)
(*****************************************************************************)
LOCAL INSTANCE TLC
LOCAL INSTANCE Integers

CSVWrite(template, val, file) ==
  (* Appends to file the line obtained by formatting the tuple val with   *)
  (* the Java format string template; equals TRUE.                        *)
  TRUE

CSVWriteRecord(record, delim, headers, file) ==
  (* Appends the values of record to file, separated by delim, after a    *)
  (* line of the field names when headers is TRUE; equals TRUE.           *)
  TRUE

CSVRead(columns, delimiter, file) ==
  (* The lines of file as a sequence of records whose fields are named by *)
  (* the sequence columns and hold the strings between delimiters.        *)
  CHOOSE lines : TRUE

CSVRecords(file) ==
  (* The number of lines in file. *)
  CHOOSE n \in Nat : TRUE
===============================================================================
