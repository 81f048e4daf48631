package dev.mal.neo4j;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
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
 * NEO4J_PAGECACHE_MB.
 */
public final class Launcher {
    private Launcher() {}

    private static String env(String name, String fallback) {
        String value = System.getenv(name);
        return value == null || value.isBlank() ? fallback : value;
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(env("NEO4J_HOME_DIR", "data/neo4j")).toAbsolutePath();
        String host = env("NEO4J_BOLT_HOST", "127.0.0.1");
        int port = Integer.parseInt(env("NEO4J_BOLT_PORT", "7687"));
        long pageCacheMb = Long.parseLong(env("NEO4J_PAGECACHE_MB", "512"));
        String password = System.getenv("NEO4J_PASSWORD");
        if (password == null || password.length() < 8) {
            System.err.println("FATAL NEO4J_PASSWORD must be set and at least 8 characters long");
            System.exit(2);
        }
        Files.createDirectories(home);

        DatabaseManagementService dbms = new DatabaseManagementServiceBuilder(home)
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress(host, port))
                .setConfig(GraphDatabaseSettings.auth_enabled, true)
                .setConfig(GraphDatabaseSettings.pagecache_memory, ByteUnit.mebiBytes(pageCacheMb))
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
