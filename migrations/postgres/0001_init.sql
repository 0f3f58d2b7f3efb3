-- mancala-bot's store in PostgreSQL, schema version 1: the sled store's trees as tables
-- (src/store/postgres.rs). Keys are compared byte for byte (COLLATE "C"), so scans run
-- in the same order on every host. Records and documents are the bot's JSON, as bytes:
-- compare-and-swap compares them exactly.

-- A challenge or a game in play per channel, keyed by community then channel, with its
-- wake-up time (Record::wake_ms, milliseconds since 1970) for the periodic driver.
CREATE TABLE channels (
    community text COLLATE "C" NOT NULL,
    channel   text COLLATE "C" NOT NULL,
    record    bytea NOT NULL,
    wake_ms   bigint,
    PRIMARY KEY (community, channel)
);
CREATE INDEX channels_wake ON channels (wake_ms) WHERE wake_ms IS NOT NULL;

-- Finished games by id.
CREATE TABLE history (
    id     text COLLATE "C" PRIMARY KEY,
    record bytea NOT NULL
);

-- The id of the last game finished in each channel.
CREATE TABLE last_finished (
    community text COLLATE "C" NOT NULL,
    channel   text COLLATE "C" NOT NULL,
    id        text COLLATE "C" NOT NULL,
    PRIMARY KEY (community, channel)
);

-- Documents (ratings, tournaments, settings) by key.
CREATE TABLE docs (
    key   text COLLATE "C" PRIMARY KEY,
    value bytea NOT NULL
);

-- Finished games whose rating and tournament result are not known to be applied yet.
CREATE TABLE unsettled (
    id text COLLATE "C" PRIMARY KEY
);

-- Game ids: unique across every process sharing the database.
CREATE SEQUENCE game_ids;
