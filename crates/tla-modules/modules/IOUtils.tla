------------------------------- MODULE IOUtils --------------------------------
(*****************************************************************************)
(* Files, processes and the environment, after the CommunityModules        *)
(* documentation.  Written for SysMoBench-rs.  Every operator but zeroPadN  *)
(* is built into the evaluator: their effects cannot be expressed in TLA+,  *)
(* so the bodies give only the kind of value.  Like the module the          *)
(* CommunityModules ship, only the bodies of atoi and zeroPadN mention      *)
(* their parameters (SANY's levels depend on that).                         *)
(*****************************************************************************)
LOCAL INSTANCE TLC
LOCAL INSTANCE Integers
LOCAL INSTANCE Sequences
LOCAL INSTANCE SequencesExt

IOSerialize(val, absoluteFilename, compress) ==
  (* Writes val to the file in TLC's binary format; equals TRUE. *)
  TRUE

IODeserialize(absoluteFilename, compressed) ==
  (* The value stored in the file by IOSerialize. *)
  CHOOSE value : TRUE

Serialize(value, dest, options) ==
  (* Writes value to dest in the format options.format names; equals a   *)
  (* record reporting the outcome.                                         *)
  CHOOSE outcome \in [exitValue : Int, stdout : STRING, stderr : STRING] : TRUE

Deserialize(src, options) ==
  (* The value read from src in the format options.format names. *)
  CHOOSE value : TRUE
-------------------------------------------------------------------------------
IOExec(command) ==
  (* Runs command (a sequence of strings: the program and its arguments)  *)
  (* and equals its exit value and outputs.                              *)
  CHOOSE outcome \in [exitValue : Int, stdout : STRING, stderr : STRING] : TRUE

IOEnvExec(env, command) ==
  (* IOExec(command) with the environment variables in the record env. *)
  CHOOSE outcome \in [exitValue : Int, stdout : STRING, stderr : STRING] : TRUE

IOExecTemplate(commandTemplate, parameters) ==
  (* IOExec of commandTemplate with its %s placeholders filled in from   *)
  (* the sequence parameters.                                            *)
  CHOOSE outcome \in [exitValue : Int, stdout : STRING, stderr : STRING] : TRUE

IOEnvExecTemplate(env, commandTemplate, parameters) ==
  CHOOSE outcome \in [exitValue : Int, stdout : STRING, stderr : STRING] : TRUE

IOEnv ==
  (* The process's environment variables, as a record of strings. *)
  CHOOSE variables \in [STRING -> STRING] : TRUE

atoi(str) ==
  (* The integer written in decimal as str. *)
  CHOOSE i \in Int : ToString(i) = str

zeroPadN(n, width) ==
  (* The decimal digits of n preceded by enough zeros to make the string *)
  (* width characters long (no zeros if it is already that long).        *)
  LET digits == ToString(n)
      missing == width - Len(digits)
      Zeros[k \in 0 .. missing] == IF k = 0 THEN "" ELSE Zeros[k - 1] \o "0"
  IN  IF missing > 0 THEN Zeros[missing] \o digits ELSE digits
===============================================================================
