//! End-to-end tests of the `sysmobench` command line: exit codes and output shape, on modules
//! written into a fresh temporary folder for each test.

use std::path::Path;
use std::process::Command;

mod support;

use support::Scratch;

fn sysmobench(args: &[&str], cwd: &Path) -> (i32, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_sysmobench"))
        .args(args)
        .current_dir(cwd)
        .env_remove("TLA_PATH")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.code().unwrap_or(-1), text)
}

/// Runs `sysmobench sany -error-codes` on `root` and checks the exit code and an expected line.
fn check(files: &[(&str, &str)], root: &str, expected_exit: i32, expected_line: &str) {
    let scratch = Scratch::new(root.trim_end_matches(".tla"));
    for (name, text) in files {
        scratch.write(name, text);
    }
    let (exit, output) = sysmobench(&["sany", "-error-codes", root], &scratch.dir);
    assert_eq!(exit, expected_exit, "output:\n{output}");
    assert!(
        output.lines().any(|line| line.contains(expected_line)),
        "no line with {expected_line:?} in:\n{output}"
    );
}

#[test]
fn accepted_module_exits_zero() {
    let spec =
        "---- MODULE Ok ----\nEXTENDS Naturals, Sequences\nVARIABLE x\nInit == x = 0\n====\n";
    check(&[("Ok.tla", spec)], "Ok.tla", 0, "Semantic processing of module Ok");
}

#[test]
fn precedence_conflict_exits_255() {
    let spec = "---- MODULE Syn ----\nFoo == TRUE => TRUE => TRUE\n====\n";
    check(
        &[("Syn.tla", spec)],
        "Syn.tla",
        255,
        "  Precedence conflict between ops => in block line 2, col 13 to line 2, col 14 of module Syn and =>.",
    );
}

#[test]
fn unfinished_definition_reports_the_next_definition() {
    let spec = "---- MODULE Enc ----\nFoo == 1 +\nBar == 2\n====\n";
    check(
        &[("Enc.tla", spec)],
        "Enc.tla",
        255,
        "Encountered \"Beginning of definition\" at line 3, column 1",
    );
}

#[test]
fn missing_module_exits_255() {
    let spec = "---- MODULE Miss ----\nEXTENDS Naturals, NoSuchModule\n====\n";
    check(
        &[("Miss.tla", spec)],
        "Miss.tla",
        255,
        "Cannot find source file for module NoSuchModule imported in module Miss.",
    );
}

#[test]
fn errors_in_extended_modules_count() {
    let root = "---- MODULE Root ----\nEXTENDS Helper\n====\n";
    let helper = "---- MODULE Helper ----\nFoo == (1\n====\n";
    check(&[("Root.tla", root), ("Helper.tla", helper)], "Root.tla", 255, "In module Helper");
}

#[test]
fn library_folders_are_searched() {
    let scratch = Scratch::new("lib");
    std::fs::create_dir_all(scratch.dir.join("lib")).unwrap();
    scratch.write("lib/Extra.tla", "---- MODULE Extra ----\nX == 1\n====\n");
    scratch.write("Uses.tla", "---- MODULE Uses ----\nEXTENDS Extra\n====\n");
    let (exit, output) = sysmobench(&["sany", "Uses.tla"], &scratch.dir);
    assert_eq!(exit, 255, "{output}");
    let (exit, output) = sysmobench(&["sany", "-lib", "lib", "Uses.tla"], &scratch.dir);
    assert_eq!(exit, 0, "{output}");
}

#[test]
fn human_mode_prints_a_code_frame() {
    let scratch = Scratch::new("human");
    scratch.write("H.tla", "---- MODULE H ----\nFoo == 1 < 2 < 3\n====\n");
    let (exit, output) = sysmobench(&["sany", "-human", "H.tla"], &scratch.dir);
    assert_eq!(exit, 255);
    assert!(output.contains("error[E1011]: Precedence conflict"), "{output}");
    assert!(output.contains("2 | Foo == 1 < 2 < 3"), "{output}");
}

#[test]
fn bad_arguments_exit_two() {
    let scratch = Scratch::new("args");
    let (exit, output) = sysmobench(&["sany", "-nonsense", "X.tla"], &scratch.dir);
    assert_eq!(exit, 2, "{output}");
    let (exit, _) = sysmobench(&["frobnicate"], &scratch.dir);
    assert_eq!(exit, 2);
}

#[test]
fn modules_later_in_the_root_file_are_found() {
    let spec =
        "---- MODULE Mono ----\nEXTENDS Helper\n====\n---- MODULE Helper ----\nX == 1\n====\n";
    check(&[("Mono.tla", spec)], "Mono.tla", 0, "Semantic processing of module Helper");
    let broken =
        "---- MODULE Mono2 ----\nEXTENDS Helper\n====\n---- MODULE Helper ----\nX == (1\n====\n";
    check(&[("Mono2.tla", broken)], "Mono2.tla", 255, "In module Helper");
}

#[test]
fn semantic_errors_exit_4_in_sanys_shape() {
    let spec = "---- MODULE Sem ----\nVARIABLE x\nFoo(a, b) == a\nBar == Foo(1)\nBaz == \\E x \\in {1} : Qux\n====\n";
    check(&[("Sem.tla", spec)], "Sem.tla", 4, "The operator Foo requires 2 arguments.");
    check(&[("Sem.tla", spec)], "Sem.tla", 4, "line 4, col 11 to line 4, col 13 of module Sem");
    check(&[("Sem.tla", spec)], "Sem.tla", 4, "Unknown operator: `Qux'.");
}

#[test]
fn module_name_must_match_the_file_name() {
    let spec = "---- MODULE Other ----\n====\n";
    check(
        &[("Named.tla", spec)],
        "Named.tla",
        255,
        "File name 'Named' does not match the name 'Other' of the top level module it contains.",
    );
}

#[test]
fn standard_and_community_modules_are_embedded() {
    let spec = "---- MODULE Uses ----\nEXTENDS Naturals, Sequences, SequencesExt\nFoo == Len(<<1>>) + 1\nNat == 3\n====\n";
    check(&[("Uses.tla", spec)], "Uses.tla", 4, "Operator Nat already defined or declared.");
    let scratch = Scratch::new("nocommunity");
    scratch.write("Plain.tla", "---- MODULE Plain ----\nEXTENDS SequencesExt\n====\n");
    let (exit, output) = sysmobench(&["sany", "-no-community", "Plain.tla"], &scratch.dir);
    assert_eq!(exit, 255, "{output}");
    assert!(output
        .contains("Cannot find source file for module SequencesExt imported in module Plain."));
}

/// Every flag TLC 2.20's `tlc2.TLC` parses (its `-help` and its argument parser), with a value
/// where it takes one, and whether `sysmobench tlc` runs with it (implemented, or accepted and
/// ignored) or refuses it with a message naming it.
const TLC_FLAGS: &[(&[&str], bool)] = &[
    (&["-aril", "3"], false),
    (&["-checkpoint", "0"], true),
    (&["-checkpoint", "30"], false),
    (&["-cleanup"], true),
    (&["-continue"], true),
    (&["-coverage", "1"], true),
    (&["-deadlock"], true),
    (&["-debug"], true),
    (&["-debugger", "nosuspend"], false),
    (&["-depth", "5"], true),
    (&["-dfid", "3"], false),
    (&["-difftrace"], false),
    (&["-dump", "dot", "graph.dot"], true),
    (&["-dumpTrace", "json", "trace.json"], false),
    (&["-fp", "3"], true),
    (&["-fpbits", "1"], true),
    (&["-fpmem", "0.25"], true),
    (&["-generate"], false),
    (&["-generateSpecTE"], true),
    (&["-gzip"], true),
    (&["-inv", "TypeOK"], false),
    (&["-invlevel", "1"], false),
    (&["-lncheck", "final"], false),
    (&["-loadTrace", "json", "trace.json"], false),
    (&["-maxSetSize", "1000"], true),
    (&["-messagesAsErrors"], false),
    (&["-metadir", "meta"], true),
    (&["-modelcheck"], true),
    (&["-noGenerateSpecTE"], true),
    (&["-noGenerateSpecTEBin"], true),
    (&["-noTE"], true),
    (&["-noTEBin"], true),
    (&["-nowarning"], true),
    (&["-postCondition", "M!Post"], false),
    (&["-recover", "states/run"], false),
    (&["-seed", "7"], true),
    (&["-simulate", "num=3"], true),
    (&["-suppressMessages"], false),
    (&["-teSpecOutDir", "te"], false),
    (&["-terse"], true),
    (&["-tool"], true),
    (&["-userFile", "out.txt"], false),
    (&["-view"], false),
    (&["-workers", "2"], true),
];

#[test]
fn every_tlc_flag_is_implemented_or_refused_by_name() {
    let scratch = Scratch::new("flags");
    scratch.write(
        "Flags.tla",
        "---- MODULE Flags ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = (x + 1) % 3\nTypeOK == x \\in 0..2\n====\n",
    );
    scratch.write("Flags.cfg", "INIT Init\nNEXT Next\nINVARIANT TypeOK\n");
    for (flag, runs) in TLC_FLAGS {
        let mut args = vec!["tlc"];
        args.extend_from_slice(flag);
        args.extend_from_slice(&["-config", "Flags.cfg", "Flags.tla"]);
        let (exit, output) = sysmobench(&args, &scratch.dir);
        if *runs {
            assert_eq!(exit, 0, "{flag:?} should run:\n{output}");
        } else {
            assert_eq!(exit, 1, "{flag:?} should be refused:\n{output}");
            let first = output.lines().next().unwrap_or_default();
            assert!(
                first.contains(flag[0]) && first.contains("not supported"),
                "{flag:?}: the refusal does not name the flag: {first}"
            );
        }
    }
    let (exit, output) = sysmobench(&["tlc", "-help"], &scratch.dir);
    assert_eq!(exit, 0, "{output}");
    assert!(output.starts_with("usage: sysmobench tlc"), "{output}");
}

#[test]
fn closed_stdout_does_not_change_the_verdict() {
    let scratch = Scratch::new("closed_stdout");
    scratch.write(
        "Closed.tla",
        "---- MODULE Closed ----\nEXTENDS Naturals\nVARIABLE x\nInit == x = 0\nNext == x' = x + 1\nSmall == x < 3\n====\n",
    );
    scratch.write("Closed.cfg", "INIT Init\nNEXT Next\nINVARIANT Small\n");
    // The reading end is closed before the checker starts: every write to stdout fails.
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let output = Command::new(env!("CARGO_BIN_EXE_sysmobench"))
        .args(["tlc", "-config", "Closed.cfg", "Closed.tla"])
        .current_dir(&scratch.dir)
        .stdout(writer)
        .output()
        .unwrap();
    let errors = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(12), "stderr:\n{errors}");
    assert!(!errors.contains("panicked"), "stderr:\n{errors}");
}
