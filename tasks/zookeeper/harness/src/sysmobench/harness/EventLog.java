// The event log of the zookeeper trace harness, written for SysMoBench-rs.
//
// ZooKeeper's election code logs every notification it receives (INFO, on the receiving
// server's WorkerReceiver thread), the start of every election (INFO) and the vote it leaves
// the election with (DEBUG). CapturingLogger hands those calls here with their arguments; they
// become NDJSON events, numbered in the order the calls happen under one lock.
package sysmobench.harness;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.zookeeper.server.quorum.Election;
import org.apache.zookeeper.server.quorum.FastLeaderElection;
import org.apache.zookeeper.server.quorum.QuorumPeer;
import org.apache.zookeeper.server.quorum.Vote;

public final class EventLog {
    private static final Pattern MY_ID = Pattern.compile("myid=(\\d+)");
    private static final Object LOCK = new Object();
    private static final List<String> LINES = new ArrayList<>();
    private static volatile boolean recording = true;

    /** The running peers by server id, so that an event can read the election's clock and vote. */
    public static final Map<Long, QuorumPeer> PEERS = new ConcurrentHashMap<>();

    private EventLog() {}

    /** Stops recording (before the final shutdown, whose log lines are not part of the run). */
    public static void stop() {
        recording = false;
    }

    public static List<String> lines() {
        synchronized (LOCK) {
            return new ArrayList<>(LINES);
        }
    }

    /** An event the harness itself records (a server stopped or started again). */
    public static void emit(long server, String event, boolean contention, Map<String, Object> fields) {
        if (!recording) {
            return;
        }
        synchronized (LOCK) {
            StringBuilder line = new StringBuilder();
            line.append("{\"seq\":").append(LINES.size());
            line.append(",\"thread\":").append(server);
            line.append(",\"event\":\"").append(event).append('"');
            line.append(",\"contention\":").append(contention);
            for (Map.Entry<String, Object> field : fields.entrySet()) {
                line.append(",\"").append(field.getKey()).append("\":");
                Object value = field.getValue();
                if (value instanceof Number || value instanceof Boolean) {
                    line.append(value);
                } else {
                    line.append('"').append(value).append('"');
                }
            }
            line.append('}');
            LINES.add(line.toString());
        }
    }

    private static FastLeaderElection election(long server) {
        QuorumPeer peer = PEERS.get(server);
        if (peer == null) {
            return null;
        }
        Election election = peer.getElectionAlg();
        return election instanceof FastLeaderElection ? (FastLeaderElection) election : null;
    }

    private static long hex(Object value) {
        return Long.parseUnsignedLong(String.valueOf(value), 16);
    }

    private static long number(Object value) {
        return Long.parseLong(String.valueOf(value));
    }

    private static long threadServer() {
        Matcher matcher = MY_ID.matcher(Thread.currentThread().getName());
        return matcher.find() ? Long.parseLong(matcher.group(1)) : -1;
    }

    /** One log call of FastLeaderElection or QuorumPeer. */
    public static void logged(String logger, String format, Object[] args) {
        if (!recording) {
            return;
        }
        if (format.startsWith("Notification: my state:") && args.length >= 7) {
            long server = threadServer();
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("server_state", args[0]);
            fields.put("from", number(args[1]));
            fields.put("from_state", args[2]);
            fields.put("leader", number(args[3]));
            fields.put("zxid", hex(args[6]));
            fields.put("epoch", hex(args[5]));
            fields.put("round", hex(args[4]));
            boolean contention = false;
            FastLeaderElection election = election(server);
            if (election != null && "LOOKING".equals(String.valueOf(args[0]))) {
                Vote proposal = election.getVote();
                contention = proposal.getId() != number(args[3])
                    || election.getLogicalClock() != hex(args[4]);
            }
            emit(server, "notification", contention, fields);
        } else if (format.startsWith("New election.") && args.length >= 2) {
            long server = number(args[0]);
            Map<String, Object> fields = new LinkedHashMap<>();
            FastLeaderElection election = election(server);
            if (election != null) {
                Vote proposal = election.getVote();
                fields.put("round", election.getLogicalClock());
                fields.put("leader", proposal.getId());
                fields.put("zxid", proposal.getZxid());
                fields.put("epoch", proposal.getPeerEpoch());
            } else {
                fields.put("zxid", hex(args[1]));
            }
            emit(server, "start", false, fields);
        } else if (format.startsWith("About to leave FLE instance") && args.length >= 4) {
            long server = number(args[2]);
            Map<String, Object> fields = new LinkedHashMap<>();
            fields.put("state", args[3]);
            fields.put("leader", number(args[0]));
            fields.put("zxid", hex(args[1]));
            FastLeaderElection election = election(server);
            if (election != null) {
                fields.put("round", election.getLogicalClock());
            }
            emit(server, "decide", false, fields);
        }
    }
}
