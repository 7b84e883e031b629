// SLF4J 1.7 binding of the zookeeper trace harness, written for SysMoBench-rs: ZooKeeper's log
// calls are routed to EventLog, which turns the election's log lines into trace events.
package org.slf4j.impl;

import org.slf4j.ILoggerFactory;
import org.slf4j.spi.LoggerFactoryBinder;

public final class StaticLoggerBinder implements LoggerFactoryBinder {
    private static final StaticLoggerBinder SINGLETON = new StaticLoggerBinder();

    /** The SLF4J API version this binding is written against. */
    public static String REQUESTED_API_VERSION = "1.6.99";

    private final ILoggerFactory factory = new CapturingLoggerFactory();

    public static StaticLoggerBinder getSingleton() {
        return SINGLETON;
    }

    @Override
    public ILoggerFactory getLoggerFactory() {
        return factory;
    }

    @Override
    public String getLoggerFactoryClassStr() {
        return CapturingLoggerFactory.class.getName();
    }
}
