package dev.mal.neo4j;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import inet.ipaddr.IPAddressString;
import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.connectors.HttpsConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.io.ByteUnit;

/**
 * Runs Neo4j Community embedded with a Bolt listener so Python clients talk to a real server.
 *
 * Configuration comes from the environment so that no secret sits on the command line
 * (visible in ps): NEO4J_HOME_DIR, NEO4J_BOLT_HOST, NEO4J_BOLT_PORT, NEO4J_PASSWORD,
 * NEO4J_PAGECACHE_MB, NEO4J_TX_MEMORY_MB. infra/stack.py passes nothing else (no API secret).
 *
 * Hardening (issue #9; docs/security.md, "Servers, ports and processes"): Cypher is reachable by
 * analysts, so the server itself must not become a file reader, an HTTP client or a text archive.
 */
public final class Launcher {
    private Launcher() {}

    /** Every IPv4 and IPv6 address: LOAD CSV may fetch no http/https/ftp URL at all. */
    static final List<IPAddressString> BLOCK_ALL_ADDRESSES =
            List.of(new IPAddressString("0.0.0.0/0"), new IPAddressString("::/0"));

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(env("NEO4J_HOME_DIR", "data/neo4j")).toAbsolutePath();
        String host = env("NEO4J_BOLT_HOST", "127.0.0.1");
        int port = Integer.parseInt(env("NEO4J_BOLT_PORT", "7687"));
        long pageCacheMb = Long.parseLong(env("NEO4J_PAGECACHE_MB", "512"));
        long txMemoryMb = Long.parseLong(env("NEO4J_TX_MEMORY_MB", "512"));
        String password = System.getenv("NEO4J_PASSWORD");
        if (password == null || password.length() < 8) {
            System.err.println("FATAL NEO4J_PASSWORD must be set and at least 8 characters long");
            System.exit(2);
        }
        Files.createDirectories(home);

        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
                // Listeners: Bolt only, on the configured (loopback) address. Anything that would
                // default to "all interfaces" defaults to loopback instead; HTTP(S) and the
                // server-side routing connector (:7688) stay off.
                .setConfig(GraphDatabaseSettings.default_listen_address, new SocketAddress("127.0.0.1"))
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress(host, port))
                .setConfig(HttpConnector.enabled, false)
                .setConfig(HttpsConnector.enabled, false)
                .setConfig(GraphDatabaseSettings.routing_enabled, false)
                .setConfig(GraphDatabaseSettings.routing_listen_address, new SocketAddress("127.0.0.1", 0))
                .setConfig(GraphDatabaseSettings.udc_enabled, false)
                .setConfig(GraphDatabaseSettings.auth_enabled, true)
                .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(pageCacheMb))
                // LOAD CSV: no file:// URLs (they read /etc, /proc/self/environ, the project's .env),
                // and every address blocked for http/https/ftp (server-side requests). Neo4j 5.26
                // Community has no URL allow-list setting; a block list covering all of IPv4 and
                // IPv6 is the equivalent of an empty one.
                .setConfig(GraphDatabaseSettings.allow_file_urls, false)
                .setConfig(GraphDatabaseInternalSettings.cypher_ip_blocklist, BLOCK_ALL_ADDRESSES)
                // One transaction may not take the heap down with it.
                .setConfig(GraphDatabaseSettings.memory_transaction_max_size, ByteUnit.mebiBytes(txMemoryMb))
                // Raw user text travels as query parameters: never write queries or parameters to a
                // query log, and keep no query texts in the data collector (db.stats.collect /
                // db.stats.retrieve('QUERIES')): a recent-query buffer of 0 disables query
                // collection completely (the setting's own documentation), text size 0 as well.
                .setConfig(GraphDatabaseSettings.log_queries, GraphDatabaseSettings.LogQueryLevel.OFF)
                .setConfig(GraphDatabaseSettings.log_queries_transactions_level,
                        GraphDatabaseSettings.LogQueryLevel.OFF)
                .setConfig(GraphDatabaseSettings.log_queries_parameter_logging_enabled, false)
                .setConfig(GraphDatabaseInternalSettings.data_collector_max_recent_query_count, 0)
                .setConfig(GraphDatabaseInternalSettings.data_collector_max_query_text_size, 0)
                // Transaction logs hold every write, erased text included. Keep none beyond what
                // recovery needs: at a checkpoint Neo4j prunes the files older than the one the
                // previous checkpoint pointed into (measured; see docs/security.md). So
                // rotate small files and checkpoint every minute: erased text leaves the logs after
                // two more rotations (about 512 KiB of later writes) and two checkpoints. Community
                // has no db.checkpoint() procedure to force it (docs/security.md).
                .setConfig(GraphDatabaseSettings.keep_logical_logs, "keep_none")
                .setConfig(GraphDatabaseSettings.logical_log_rotation_threshold, ByteUnit.kibiBytes(256))
                .setConfig(GraphDatabaseSettings.check_point_interval_time, Duration.ofMinutes(1))
                .build();

        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("neo4j-launcher: shutting down");
            dbms.shutdown();
            stopped.countDown();
        }, "neo4j-shutdown"));

        setPassword(dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME), password);
        // Touch the default database so the ready line means queries will succeed.
        dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME).executeTransactionally("RETURN 1");
        System.out.println("READY neo4j bolt://" + host + ":" + port + " home=" + home);
        System.out.flush();
        stopped.await();
    }

    /** Idempotent: on a restart the password is already set and Neo4j refuses "the same" one. */
    private static void setPassword(GraphDatabaseService system, String password) {
        try {
            system.executeTransactionally(
                    "ALTER USER neo4j SET PASSWORD $pw CHANGE NOT REQUIRED", Map.of("pw", password));
        } catch (RuntimeException e) {
            String message = String.valueOf(e.getMessage());
            if (!message.contains("cannot be the same")) {
                throw e;
            }
        }
    }
}
