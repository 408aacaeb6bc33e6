import Logging
import PostgresNIO

/// The server's PostgreSQL schema: the same tables, checks, uniqueness and cascades as the SQLite
/// one (``ServerSchema``), as named, append-only migrations that our own runner applies.
///
/// The runner takes a transaction-level advisory lock first, so that instances starting together
/// migrate once: the others wait, then find every name applied. Each migration is a list of
/// statements (the extended protocol takes one at a time); all pending ones and their names commit
/// together or not at all.
enum PostgresSchema {
    /// A migration: its name, kept in `schema_migrations`, and its statements.
    struct Migration {
        let name: String
        let statements: [PostgresQuery]
    }

    /// Every migration, oldest first. Never edit one that has shipped: add another.
    static let migrations: [Migration] = [
        Migration(
            name: "v1-accounts-sessions-receipts-places",
            statements: [
                "CREATE TABLE meta (key TEXT PRIMARY KEY, value BYTEA NOT NULL)",
                """
                CREATE TABLE accounts (
                    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    kind TEXT NOT NULL CHECK (kind IN ('authorized', 'anonymous')),
                    login TEXT COLLATE "C",
                    password_hash TEXT,
                    created_at TIMESTAMPTZ NOT NULL,
                    last_sequence BIGINT NOT NULL DEFAULT 0,
                    CHECK ((kind = 'authorized') = (login IS NOT NULL AND password_hash IS NOT NULL))
                )
                """,
                // Logins are compared without case, as SQLite's NOCASE does (they are ASCII).
                "CREATE UNIQUE INDEX accounts_login ON accounts (lower(login))",
                """
                CREATE TABLE sessions (
                    token_hash BYTEA PRIMARY KEY,
                    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                    created_at TIMESTAMPTZ NOT NULL,
                    expires_at TIMESTAMPTZ NOT NULL
                )
                """,
                "CREATE INDEX sessions_by_account ON sessions (account_id)",
                """
                CREATE TABLE places (
                    id TEXT COLLATE "C" PRIMARY KEY,
                    name TEXT NOT NULL,
                    latitude DOUBLE PRECISION NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                    longitude DOUBLE PRECISION NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                    category TEXT NOT NULL,
                    address TEXT NOT NULL DEFAULT ''
                )
                """,
                """
                CREATE TABLE documents (
                    fn TEXT COLLATE "C" NOT NULL,
                    fd BIGINT NOT NULL,
                    fp BIGINT NOT NULL,
                    place_id TEXT COLLATE "C" REFERENCES places (id) ON DELETE SET NULL,
                    document TEXT NOT NULL,
                    PRIMARY KEY (fn, fd, fp)
                )
                """,
                """
                CREATE TABLE receipts (
                    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                    fn TEXT COLLATE "C" NOT NULL,
                    fd BIGINT NOT NULL,
                    fp BIGINT NOT NULL,
                    date_time TEXT COLLATE "C" NOT NULL,
                    status TEXT NOT NULL CHECK (status IN ('complete', 'pending')),
                    sequence BIGINT NOT NULL,
                    place_id TEXT COLLATE "C" REFERENCES places (id) ON DELETE SET NULL,
                    document TEXT NOT NULL,
                    UNIQUE (account_id, fn, fd, fp)
                )
                """,
                // The feed pages by (date_time, id) descending, the changes by sequence: each an index
                // range scan of one account, never a scan of all receipts.
                "CREATE INDEX receipts_feed ON receipts (account_id, date_time DESC, id DESC)",
                "CREATE UNIQUE INDEX receipts_changes ON receipts (account_id, sequence)",
                "CREATE INDEX receipts_by_document ON receipts (fn, fd, fp)",
            ]),
        Migration(
            name: "v2-attempts",
            statements: [
                #"CREATE TABLE attempts (key TEXT COLLATE "C" NOT NULL, at TIMESTAMPTZ NOT NULL)"#,
                "CREATE INDEX attempts_by_key ON attempts (key, at)",
                "CREATE INDEX attempts_by_time ON attempts (at)",
            ]),
        Migration(
            name: "v3-completion-jobs",
            statements: [
                """
                CREATE TABLE completion_jobs (
                    receipt_id BIGINT PRIMARY KEY REFERENCES receipts (id) ON DELETE CASCADE,
                    not_before TIMESTAMPTZ NOT NULL,
                    taken_until TIMESTAMPTZ,
                    lease BIGINT,
                    tries INTEGER NOT NULL DEFAULT 0,
                    outcome TEXT CHECK (outcome IN ('invalid')),
                    reason TEXT
                )
                """,
                "CREATE INDEX completion_jobs_due ON completion_jobs (not_before) WHERE outcome IS NULL",
                """
                INSERT INTO completion_jobs (receipt_id, not_before)
                SELECT id, '-infinity' FROM receipts WHERE status = 'pending'
                """,
            ]),
        Migration(
            name: "v4-completer-values",
            statements: [
                """
                CREATE TABLE completer_values (
                    name TEXT PRIMARY KEY,
                    value BYTEA NOT NULL,
                    changed_at TIMESTAMPTZ NOT NULL
                )
                """
            ]),
        Migration(
            name: "v5-households",
            statements: [
                "CREATE TABLE households (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, created_at TIMESTAMPTZ NOT NULL)",
                """
                CREATE TABLE household_members (
                    account_id BIGINT PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
                    household_id BIGINT NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                    role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
                    joined_at TIMESTAMPTZ NOT NULL
                )
                """,
                "CREATE INDEX household_members_by_household ON household_members (household_id)",
                """
                CREATE TABLE household_invitations (
                    code_hash BYTEA PRIMARY KEY,
                    household_id BIGINT NOT NULL REFERENCES households (id) ON DELETE CASCADE,
                    role TEXT NOT NULL CHECK (role IN ('owner', 'editor', 'viewer')),
                    expires_at TIMESTAMPTZ NOT NULL
                )
                """,
                "CREATE INDEX household_invitations_by_household ON household_invitations (household_id)",
                // The receipts each member sees of the others, numbered in the member's own change
                // sequence: the feeds page them as they page the member's own receipts.
                """
                CREATE TABLE shared_receipts (
                    account_id BIGINT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
                    receipt_id BIGINT NOT NULL REFERENCES receipts (id) ON DELETE CASCADE,
                    sequence BIGINT NOT NULL,
                    date_time TEXT COLLATE "C" NOT NULL,
                    PRIMARY KEY (account_id, receipt_id)
                )
                """,
                "CREATE UNIQUE INDEX shared_receipts_changes ON shared_receipts (account_id, sequence)",
                "CREATE INDEX shared_receipts_feed ON shared_receipts (account_id, date_time DESC, receipt_id DESC)",
                "CREATE INDEX shared_receipts_by_receipt ON shared_receipts (receipt_id)",
                """
                CREATE TABLE receipt_shares (
                    receipt_id BIGINT PRIMARY KEY REFERENCES receipts (id) ON DELETE CASCADE,
                    version BIGINT NOT NULL CHECK (version > 0),
                    shares TEXT NOT NULL
                )
                """,
            ]),
        // Every instance hears the writes that change what a session or a feed reads, from whichever
        // instance: one notification a transaction (PostgreSQL folds repeats), sent when it commits.
        Migration(
            name: "v6-answer-changes",
            statements: [
                """
                CREATE FUNCTION receipts_answers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    PERFORM pg_notify('receipts_answers', '');
                    RETURN NULL;
                END
                $$
                """
            ]
                + answerTables.map { table in
                    PostgresQuery(
                        unsafeSQL: """
                            CREATE TRIGGER \(table)_answers AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(table)
                            FOR EACH STATEMENT EXECUTE FUNCTION receipts_answers_changed()
                            """)
                }),
    ]

    /// The tables whose rows sessions and feeds read: accounts (who added a receipt), sessions,
    /// places (named on pages), receipts, and a household's members and what they see of each other.
    static let answerTables = [
        "accounts", "sessions", "places", "receipts", "households", "household_members", "shared_receipts",
    ]

    /// The advisory lock the runner holds: any constant that no other program on the database uses.
    static let lockKey: Int64 = 0x7265_6365_6970_7473  // "receipts"

    /// Applies the migrations `connection`'s database lacks; throws ``PostgresSchemaError/newer``
    /// when it has one this program does not know (a newer `receipts` made it).
    static func migrate(_ connection: PostgresConnection, logger: Logger) async throws {
        try await connection.withTransaction(logger: logger) { connection in
            try await connection.query("SELECT pg_advisory_xact_lock(\(lockKey))", logger: logger)
            try await connection.query(
                """
                CREATE TABLE IF NOT EXISTS schema_migrations (
                    name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
                """, logger: logger)
            var applied: Set<String> = []
            for try await name in try await connection.query("SELECT name FROM schema_migrations", logger: logger)
                .decode(String.self)
            {
                applied.insert(name)
            }
            let known = Set(migrations.map(\.name))
            if let unknown = applied.subtracting(known).sorted().first { throw PostgresSchemaError.newer(unknown) }
            for migration in migrations where !applied.contains(migration.name) {
                for statement in migration.statements { try await connection.query(statement, logger: logger) }
                try await connection.query(
                    "INSERT INTO schema_migrations (name) VALUES (\(migration.name))", logger: logger)
            }
        }
    }
}

/// Why the schema cannot be brought up to date.
enum PostgresSchemaError: Error {
    /// The database has a migration this program does not know.
    case newer(String)

    var problem: PostgresProblem {
        switch self {
        case .newer(let name): .newer(name)
        }
    }
}
