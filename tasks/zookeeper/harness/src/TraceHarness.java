// Trace harness of the zookeeper task, written for SysMoBench-rs.
//
// Runs an ensemble of real ZooKeeper 3.8.0 servers (QuorumPeerMain.runFromConfig, one thread
// each) in this JVM on loopback ports and records their leader elections through the logging
// hook of sysmobench.harness.EventLog. The FastLeaderElection, Vote, Election and QuorumPeer
// classes are compiled from the pinned upstream files and come first on the class path; the
// rest of ZooKeeper is Debian's jar of the same release.
//
// usage: TraceHarness --seed S --threads N --operations K
//   N servers; each starts with a seeded prefix of one transaction history (none, or one to
//   three transactions of epochs 1 and 2: its last zxid and accepted epoch); they start in a
//   seeded order with seeded delays;
//   once a leader is established, K times a seeded server (the leader half of the time) is shut
//   down and started again on the same data after a seeded pause. Events go to standard output.
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import javax.security.sasl.SaslException;
import org.apache.zookeeper.server.DataTree;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.server.persistence.FileTxnLog;
import org.apache.zookeeper.server.persistence.FileTxnSnapLog;
import org.apache.zookeeper.server.quorum.QuorumPeer;
import org.apache.zookeeper.server.quorum.QuorumPeerConfig;
import org.apache.zookeeper.server.quorum.QuorumPeerMain;
import org.apache.zookeeper.txn.CreateTxn;
import org.apache.zookeeper.txn.TxnHeader;
import sysmobench.harness.EventLog;

public final class TraceHarness {
    /** One server: QuorumPeerMain with the peer it creates kept for the event log. */
    static final class Server extends QuorumPeerMain {
        final long id;
        volatile QuorumPeer peer;
        Thread thread;

        Server(long id) {
            this.id = id;
        }

        @Override
        protected QuorumPeer getQuorumPeer() throws SaslException {
            QuorumPeer created = super.getQuorumPeer();
            peer = created;
            EventLog.PEERS.put(id, created);
            return created;
        }
    }

    /** The committed transactions servers start with a prefix of: two in epoch 1, one in epoch 2. */
    private static final long[] HISTORY = {(1L << 32) | 1, (1L << 32) | 2, (2L << 32) | 1};

    private static long seed = 1;
    private static int servers = 3;
    private static int operations = 3;

    public static void main(String[] args) throws Exception {
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--seed": seed = Long.parseLong(args[i + 1]); break;
                case "--threads": servers = Integer.parseInt(args[i + 1]); break;
                case "--operations": operations = Integer.parseInt(args[i + 1]); break;
                default: throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        System.setProperty("zookeeper.admin.enableServer", "false");
        System.setProperty("zookeeper.jmx.log4j.disable", "true");
        Random random = new Random(seed * 7919L + 17);
        File root = Files.createTempDirectory("zk-trace-harness").toFile();
        try {
            run(random, root);
        } finally {
            deleteRecursively(root);
        }
        StringBuilder out = new StringBuilder();
        for (String line : EventLog.lines()) {
            out.append(line).append('\n');
        }
        System.out.write(out.toString().getBytes(StandardCharsets.UTF_8));
        System.out.flush();
        // Server threads of ZooKeeper may linger; the trace is complete.
        Runtime.getRuntime().halt(0);
    }

    private static void run(Random random, File root) throws Exception {
        int[] ports = freePorts(2 * servers);
        Map<Long, Server> running = new ConcurrentHashMap<>();
        List<QuorumPeerConfig> configs = new ArrayList<>();
        for (int s = 1; s <= servers; s++) {
            File dataDir = new File(root, "server" + s);
            File version = new File(dataDir, "version-2");
            if (!version.mkdirs()) {
                throw new IOException("cannot create " + version);
            }
            Files.write(new File(dataDir, "myid").toPath(), String.valueOf(s).getBytes(StandardCharsets.UTF_8));
            // A prefix of one common history (so no follower ever has to truncate): the
            // server's last zxid is the prefix's last, its epochs that zxid's epoch.
            int prefix = random.nextInt(HISTORY.length + 1);
            long lastZxid = prefix == 0 ? 0 : HISTORY[prefix - 1];
            long epoch = lastZxid >>> 32;
            Files.write(new File(version, "currentEpoch").toPath(), String.valueOf(epoch).getBytes(StandardCharsets.UTF_8));
            Files.write(new File(version, "acceptedEpoch").toPath(), String.valueOf(epoch).getBytes(StandardCharsets.UTF_8));
            if (prefix > 0) {
                FileTxnSnapLog snapLog = new FileTxnSnapLog(dataDir, dataDir);
                snapLog.save(new DataTree(), new ConcurrentHashMap<>(), false);
                snapLog.close();
                FileTxnLog log = new FileTxnLog(version);
                for (int j = 0; j < prefix; j++) {
                    TxnHeader header = new TxnHeader(1, j + 1, HISTORY[j], 0, ZooDefs.OpCode.create);
                    log.append(header, new CreateTxn("/h" + j, new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE, false, j + 1));
                }
                log.commit();
                log.close();
            }
            Properties properties = new Properties();
            properties.setProperty("tickTime", "100");
            properties.setProperty("initLimit", "20");
            properties.setProperty("syncLimit", "10");
            properties.setProperty("dataDir", dataDir.getAbsolutePath());
            properties.setProperty("electionAlg", "3");
            properties.setProperty("standaloneEnabled", "false");
            properties.setProperty("reconfigEnabled", "false");
            for (int q = 1; q <= servers; q++) {
                properties.setProperty("server." + q, "127.0.0.1:" + ports[2 * (q - 1)] + ":" + ports[2 * (q - 1) + 1] + ":participant");
            }
            QuorumPeerConfig config = new QuorumPeerConfig();
            config.parseProperties(properties);
            configs.add(config);
        }

        List<Long> order = new ArrayList<>();
        for (long s = 1; s <= servers; s++) {
            order.add(s);
        }
        Collections.shuffle(order, random);
        for (long s : order) {
            start(s, configs.get((int) s - 1), running);
            Thread.sleep(random.nextInt(400));
        }
        awaitLeader(running);

        for (int op = 0; op < operations; op++) {
            long victim;
            if (random.nextBoolean()) {
                victim = leaderOf(running);
            } else {
                victim = 1 + random.nextInt(servers);
            }
            if (victim < 1) {
                victim = 1 + random.nextInt(servers);
            }
            Server server = running.remove(victim);
            if (server != null) {
                Map<String, Object> fields = new LinkedHashMap<>();
                fields.put("state", String.valueOf(server.peer.getPeerState()));
                EventLog.emit(victim, "stop", false, fields);
                server.close();
                server.thread.join(10_000);
                EventLog.PEERS.remove(victim);
            }
            Thread.sleep(200 + random.nextInt(1200));
            EventLog.emit(victim, "restart", false, new LinkedHashMap<>());
            start(victim, configs.get((int) victim - 1), running);
            awaitLeader(running);
        }
        EventLog.stop();
        for (Server server : running.values()) {
            server.close();
        }
    }

    private static void start(long id, QuorumPeerConfig config, Map<Long, Server> running) throws InterruptedException {
        Server server = new Server(id);
        server.thread = new Thread(() -> {
            try {
                server.runFromConfig(config);
            } catch (Exception e) {
                if (Boolean.getBoolean("harness.verbose")) {
                    e.printStackTrace();
                }
            }
        }, "harness-server-" + id);
        server.thread.setDaemon(true);
        server.thread.start();
        while (server.peer == null && server.thread.isAlive()) {
            Thread.sleep(5);
        }
        running.put(id, server);
    }

    private static long leaderOf(Map<Long, Server> running) {
        for (Server server : running.values()) {
            QuorumPeer peer = server.peer;
            if (peer != null && peer.getPeerState() == QuorumPeer.ServerState.LEADING) {
                return server.id;
            }
        }
        return -1;
    }

    /** Waits until every running server has decided, one of them leads, for half a second. */
    private static void awaitLeader(Map<Long, Server> running) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 30_000;
        long stableSince = -1;
        while (System.currentTimeMillis() < deadline) {
            int leaders = 0;
            boolean decided = true;
            for (Server server : running.values()) {
                QuorumPeer peer = server.peer;
                QuorumPeer.ServerState state = peer == null ? null : peer.getPeerState();
                if (state == QuorumPeer.ServerState.LEADING) {
                    leaders++;
                } else if (state != QuorumPeer.ServerState.FOLLOWING) {
                    decided = false;
                }
            }
            if (decided && leaders == 1) {
                if (stableSince < 0) {
                    stableSince = System.currentTimeMillis();
                } else if (System.currentTimeMillis() - stableSince >= 500) {
                    return;
                }
            } else {
                stableSince = -1;
            }
            Thread.sleep(20);
        }
    }

    private static int[] freePorts(int count) throws IOException {
        int[] ports = new int[count];
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket(0);
                sockets.add(socket);
                ports[i] = socket.getLocalPort();
            }
        } finally {
            for (ServerSocket socket : sockets) {
                socket.close();
            }
        }
        return ports;
    }

    private static void deleteRecursively(File file) {
        File[] children = file.listFiles();
        if (children != null) {
            for (File child : children) {
                deleteRecursively(child);
            }
        }
        file.delete();
    }
}
