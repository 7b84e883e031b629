// A logger that hands the messages of the election classes, with their arguments, to EventLog
// (written for SysMoBench-rs). INFO of FastLeaderElection and QuorumPeer and DEBUG of
// FastLeaderElection are enabled; every other message is dropped. WARN and ERROR go to standard
// error so that failures stay visible.
package org.slf4j.impl;

import org.slf4j.helpers.MarkerIgnoringBase;
import sysmobench.harness.EventLog;

final class CapturingLogger extends MarkerIgnoringBase {
    private static final long serialVersionUID = 1L;
    private final boolean election;
    private final boolean peer;

    CapturingLogger(String name) {
        this.name = name;
        this.election = name.endsWith(".FastLeaderElection");
        this.peer = name.endsWith(".QuorumPeer");
    }

    private void handle(boolean enabled, String format, Object[] args) {
        if (enabled) {
            EventLog.logged(name, format, args == null ? new Object[0] : args);
        }
    }

    private void problem(String level, String format, Object[] args, Throwable error) {
        if (Boolean.getBoolean("harness.verbose")) {
            System.err.println(level + " " + name + ": " + format + " " + java.util.Arrays.toString(args));
            if (error != null) {
                error.printStackTrace();
            }
        }
    }

    @Override public boolean isTraceEnabled() { return false; }
    @Override public void trace(String msg) {}
    @Override public void trace(String format, Object arg) {}
    @Override public void trace(String format, Object arg1, Object arg2) {}
    @Override public void trace(String format, Object... arguments) {}
    @Override public void trace(String msg, Throwable t) {}

    @Override public boolean isDebugEnabled() { return election; }
    @Override public void debug(String msg) { handle(election, msg, null); }
    @Override public void debug(String format, Object arg) { handle(election, format, new Object[] {arg}); }
    @Override public void debug(String format, Object arg1, Object arg2) { handle(election, format, new Object[] {arg1, arg2}); }
    @Override public void debug(String format, Object... arguments) { handle(election, format, arguments); }
    @Override public void debug(String msg, Throwable t) { handle(election, msg, null); }

    @Override public boolean isInfoEnabled() { return election || peer; }
    @Override public void info(String msg) { handle(election || peer, msg, null); }
    @Override public void info(String format, Object arg) { handle(election || peer, format, new Object[] {arg}); }
    @Override public void info(String format, Object arg1, Object arg2) { handle(election || peer, format, new Object[] {arg1, arg2}); }
    @Override public void info(String format, Object... arguments) { handle(election || peer, format, arguments); }
    @Override public void info(String msg, Throwable t) { handle(election || peer, msg, null); }

    @Override public boolean isWarnEnabled() { return true; }
    @Override public void warn(String msg) { problem("WARN", msg, null, null); }
    @Override public void warn(String format, Object arg) { problem("WARN", format, new Object[] {arg}, null); }
    @Override public void warn(String format, Object... arguments) { problem("WARN", format, arguments, null); }
    @Override public void warn(String format, Object arg1, Object arg2) { problem("WARN", format, new Object[] {arg1, arg2}, null); }
    @Override public void warn(String msg, Throwable t) { problem("WARN", msg, null, t); }

    @Override public boolean isErrorEnabled() { return true; }
    @Override public void error(String msg) { problem("ERROR", msg, null, null); }
    @Override public void error(String format, Object arg) { problem("ERROR", format, new Object[] {arg}, null); }
    @Override public void error(String format, Object arg1, Object arg2) { problem("ERROR", format, new Object[] {arg1, arg2}, null); }
    @Override public void error(String format, Object... arguments) { problem("ERROR", format, arguments, null); }
    @Override public void error(String msg, Throwable t) { problem("ERROR", msg, null, t); }
}
