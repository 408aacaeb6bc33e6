import GRDB

/// The server's database: accounts, sessions, the receipts of each account, the fiscal documents
/// the server knows, places, and households (members, invitations, the receipts each member sees
/// of the others, a receipt's shares). Named, append-only migrations.
enum ServerSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-accounts-sessions-receipts-places") { db in
            try db.execute(
                sql: """
                    CREATE TABLE meta (key TEXT PRIMARY KEY NOT NULL, value BLOB NOT NULL);
                    CREATE TABLE accounts (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        kind TEXT NOT NULL CHECK (kind IN ('authorized', 'anonymous')),
                        login TEXT UNIQUE COLLATE NOCASE,
                        password_hash TEXT,
                        created_at REAL NOT NULL,
                        last_sequence INTEGER NOT NULL DEFAULT 0,
                        CHECK ((kind = 'authorized') = (login IS NOT NULL AND password_hash IS NOT NULL))
                    );
                    CREATE TABLE sessions (
                        token_hash BLOB PRIMARY KEY NOT NULL,
                        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                        created_at REAL NOT NULL,
                        expires_at REAL NOT NULL
                    );
                    CREATE INDEX sessions_by_account ON sessions (account_id);
                    CREATE TABLE places (
                        id TEXT PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL,
                        latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                        longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                        category TEXT NOT NULL,
                        address TEXT NOT NULL DEFAULT ''
                    );
                    CREATE TABLE documents (
                        fn TEXT NOT NULL,
                        fd INTEGER NOT NULL,
                        fp INTEGER NOT NULL,
                        place_id TEXT REFERENCES places(id) ON DELETE SET NULL,
                        document TEXT NOT NULL,
                        PRIMARY KEY (fn, fd, fp)
                    ) WITHOUT ROWID;
                    CREATE TABLE receipts (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                        fn TEXT NOT NULL,
                        fd INTEGER NOT NULL,
                        fp INTEGER NOT NULL,
                        date_time TEXT NOT NULL,
                        status TEXT NOT NULL CHECK (status IN ('complete', 'pending')),
                        sequence INTEGER NOT NULL,
                        place_id TEXT REFERENCES places(id) ON DELETE SET NULL,
                        document TEXT NOT NULL,
                        UNIQUE (account_id, fn, fd, fp)
                    );
                    CREATE INDEX receipts_feed ON receipts (account_id, date_time DESC, id DESC);
                    CREATE UNIQUE INDEX receipts_changes ON receipts (account_id, sequence);
                    """)
        }
        migrator.registerMigration("v2-attempts") { db in
            try db.execute(
                sql: """
                    CREATE TABLE attempts (key TEXT NOT NULL, at REAL NOT NULL);
                    CREATE INDEX attempts_by_key ON attempts (key, at);
                    CREATE INDEX attempts_by_time ON attempts (at);
                    """)
        }
        migrator.registerMigration("v3-completion-jobs") { db in
            try db.execute(
                sql: """
                    CREATE TABLE completion_jobs (
                        receipt_id INTEGER PRIMARY KEY REFERENCES receipts(id) ON DELETE CASCADE,
                        not_before REAL NOT NULL,
                        taken_until REAL,
                        lease INTEGER,
                        tries INTEGER NOT NULL DEFAULT 0,
                        outcome TEXT CHECK (outcome IN ('invalid')),
                        reason TEXT
                    );
                    CREATE INDEX completion_jobs_due ON completion_jobs (not_before) WHERE outcome IS NULL;
                    INSERT INTO completion_jobs (receipt_id, not_before)
                        SELECT id, 0 FROM receipts WHERE status = 'pending';
                    """)
        }
        migrator.registerMigration("v4-completer-values") { db in
            try db.execute(
                sql: """
                    CREATE TABLE completer_values (
                        name TEXT PRIMARY KEY NOT NULL,
                        value BLOB NOT NULL,
                        changed_at REAL NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v5-households") { db in
            try db.execute(
                sql: """
                    CREATE TABLE households (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        created_at REAL NOT NULL
                    );
                    CREATE TABLE household_members (
                        account_id INTEGER PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
                        household_id INTEGER NOT NULL REFERENCES households(id) ON DELETE CASCADE,
                        role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
                        joined_at REAL NOT NULL
                    );
                    CREATE INDEX household_members_by_household ON household_members (household_id);
                    CREATE TABLE household_invitations (
                        code_hash BLOB PRIMARY KEY NOT NULL,
                        household_id INTEGER NOT NULL REFERENCES households(id) ON DELETE CASCADE,
                        role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
                        expires_at REAL NOT NULL
                    );
                    CREATE INDEX household_invitations_by_household ON household_invitations (household_id);
                    CREATE TABLE shared_receipts (
                        account_id INTEGER NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
                        receipt_id INTEGER NOT NULL REFERENCES receipts(id) ON DELETE CASCADE,
                        sequence INTEGER NOT NULL,
                        date_time TEXT NOT NULL,
                        PRIMARY KEY (account_id, receipt_id)
                    ) WITHOUT ROWID;
                    CREATE UNIQUE INDEX shared_receipts_changes ON shared_receipts (account_id, sequence);
                    CREATE INDEX shared_receipts_feed ON shared_receipts (account_id, date_time DESC, receipt_id DESC);
                    CREATE INDEX shared_receipts_by_receipt ON shared_receipts (receipt_id);
                    CREATE TABLE receipt_shares (
                        receipt_id INTEGER PRIMARY KEY REFERENCES receipts(id) ON DELETE CASCADE,
                        version INTEGER NOT NULL CHECK (version > 0),
                        shares TEXT NOT NULL
                    );
                    """)
        }
        return migrator
    }
}
