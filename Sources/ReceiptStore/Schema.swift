import GRDB

/// The database's shape, as named, append-only migrations: a released step is never edited, a
/// change is a new step at the end.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-receipts-items-places") { db in
            try db.execute(
                sql: """
                    CREATE TABLE places (
                        id TEXT PRIMARY KEY NOT NULL,
                        name TEXT NOT NULL,
                        latitude REAL NOT NULL CHECK (latitude BETWEEN -90 AND 90),
                        longitude REAL NOT NULL CHECK (longitude BETWEEN -180 AND 180),
                        category TEXT NOT NULL,
                        address TEXT NOT NULL DEFAULT ''
                    );
                    CREATE TABLE receipts (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        fn TEXT NOT NULL CHECK (length(fn) = 16),
                        fd INTEGER NOT NULL CHECK (fd > 0),
                        fp INTEGER NOT NULL CHECK (fp > 0),
                        date_time TEXT NOT NULL,
                        month TEXT NOT NULL,
                        operation INTEGER NOT NULL CHECK (operation BETWEEN 1 AND 4),
                        total INTEGER NOT NULL,
                        cash INTEGER NOT NULL DEFAULT 0,
                        ecash INTEGER NOT NULL DEFAULT 0,
                        seller TEXT,
                        seller_inn TEXT,
                        retail_place TEXT,
                        address TEXT,
                        register_number TEXT,
                        status TEXT NOT NULL CHECK (status IN ('complete', 'pending')),
                        place_id TEXT REFERENCES places(id) ON DELETE SET NULL,
                        UNIQUE (fn, fd, fp)
                    );
                    CREATE INDEX receipts_by_month ON receipts (month, date_time);
                    CREATE INDEX receipts_by_place ON receipts (place_id);
                    CREATE TABLE items (
                        receipt_id INTEGER NOT NULL REFERENCES receipts(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        name TEXT NOT NULL,
                        price INTEGER NOT NULL,
                        quantity REAL NOT NULL,
                        sum INTEGER NOT NULL,
                        vat INTEGER,
                        payment_type INTEGER,
                        product_type INTEGER,
                        unit TEXT,
                        PRIMARY KEY (receipt_id, position)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v2-sync-state") { db in
            try db.execute(
                sql: """
                    CREATE TABLE sync_state (
                        source TEXT PRIMARY KEY NOT NULL,
                        since INTEGER NOT NULL CHECK (since >= 0),
                        updated_at REAL NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v3-search") { db in
            // One document a receipt: its item names and its shop, folded by SearchText.
            try db.execute(
                sql: """
                    CREATE VIRTUAL TABLE receipt_search USING fts5(items, shop, tokenize = 'unicode61');
                    CREATE TABLE search_history (
                        folded TEXT PRIMARY KEY NOT NULL,
                        text TEXT NOT NULL,
                        filters TEXT NOT NULL DEFAULT '{}',
                        used_at REAL NOT NULL
                    );
                    """)
            // Receipts written before this step; later ones are indexed as they are saved. SQLite's
            // lower() folds ASCII only, so the few older rows keep their Cyrillic case until re-saved.
            try db.execute(
                sql: """
                    INSERT INTO receipt_search (rowid, items, shop)
                    SELECT r.id, lower(COALESCE((SELECT group_concat(name, char(10)) FROM items WHERE receipt_id = r.id), '')),
                        lower(COALESCE(p.name, '') || char(10) || COALESCE(r.retail_place, '') || char(10)
                            || COALESCE(r.seller, '') || char(10) || COALESCE(p.address, r.address, ''))
                    FROM receipts r LEFT JOIN places p ON p.id = r.place_id
                    """)
        }
        migrator.registerMigration("v4-favourite-places") { db in
            try db.execute(
                sql: """
                    CREATE TABLE favourite_places (
                        place_id TEXT PRIMARY KEY NOT NULL REFERENCES places(id) ON DELETE CASCADE,
                        starred_at REAL NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v5-categories-monthly-totals") { db in
            // An item's name key (ItemName) and its category, resolved when it is saved; the monthly
            // totals are kept by the same transactions, so that statistics never scan the items.
            try db.execute(
                sql: """
                    CREATE TABLE item_names (
                        id INTEGER PRIMARY KEY,
                        key TEXT NOT NULL UNIQUE,
                        display TEXT NOT NULL,
                        chosen TEXT,
                        rule TEXT
                    );
                    ALTER TABLE items ADD COLUMN name_id INTEGER;
                    ALTER TABLE items ADD COLUMN category TEXT;
                    CREATE TABLE month_totals (
                        month TEXT PRIMARY KEY NOT NULL,
                        total INTEGER NOT NULL,
                        receipts INTEGER NOT NULL,
                        items INTEGER NOT NULL
                    ) WITHOUT ROWID;
                    CREATE TABLE month_category_totals (
                        month TEXT NOT NULL,
                        category TEXT NOT NULL,
                        total INTEGER NOT NULL,
                        receipts INTEGER NOT NULL,
                        items INTEGER NOT NULL,
                        PRIMARY KEY (month, category)
                    ) WITHOUT ROWID;
                    CREATE TABLE month_shop_totals (
                        month TEXT NOT NULL,
                        shop TEXT NOT NULL,
                        total INTEGER NOT NULL,
                        receipts INTEGER NOT NULL,
                        PRIMARY KEY (month, shop)
                    ) WITHOUT ROWID;
                    CREATE TABLE month_item_totals (
                        month TEXT NOT NULL,
                        name_id INTEGER NOT NULL,
                        category TEXT NOT NULL,
                        total INTEGER NOT NULL,
                        items INTEGER NOT NULL,
                        PRIMARY KEY (month, name_id, category)
                    ) WITHOUT ROWID;
                    CREATE TABLE stale_item_months (month TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
                    CREATE TABLE category_state (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        rules TEXT NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v6-bulk-search-index") { db in
            // Receipts are no longer indexed one by one as they are saved but in bulk after an import
            // (and before a search): `indexed_through` is the last receipt id with a document. The
            // documents are rebuilt by the same code, which also folds the Cyrillic that v3's
            // lower() left as it was. Search never ranks, so the per-document sizes are not kept; a
            // 16 MiB buffer of pending terms lets a bulk pass merge segments far less often.
            try db.execute(
                sql: """
                    DROP TABLE receipt_search;
                    CREATE VIRTUAL TABLE receipt_search USING fts5(items, shop, tokenize = 'unicode61', columnsize = 0);
                    INSERT INTO receipt_search (receipt_search, rank) VALUES ('hashsize', 16777216);
                    CREATE TABLE search_state (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        indexed_through INTEGER NOT NULL
                    );
                    INSERT INTO search_state (id, indexed_through) VALUES (1, 0);
                    """)
        }
        migrator.registerMigration("v7-contentless-search-index") { db in
            // The index keeps no copy of the documents (a document is deleted by giving its text
            // again, see SearchDocument), and it is given words SearchText has already cut and
            // folded, separated by spaces, so the plain `ascii` tokenizer only cuts at the spaces.
            // Every receipt is indexed anew by the next import or search.
            try db.execute(
                sql: """
                    DROP TABLE receipt_search;
                    CREATE VIRTUAL TABLE receipt_search USING fts5(
                        items, shop, tokenize = 'ascii', columnsize = 0, content = '');
                    INSERT INTO receipt_search (receipt_search, rank) VALUES ('hashsize', 16777216);
                    UPDATE search_state SET indexed_through = 0;
                    """)
        }
        migrator.registerMigration("v8-search-words-fingerprint") { db in
            // Which cutting of words the documents were written with (SearchState): an index cut
            // otherwise is built anew before it is written to.
            try db.execute(sql: "ALTER TABLE search_state ADD COLUMN words TEXT NOT NULL DEFAULT ''")
        }
        migrator.registerMigration("v9-pending-checks") { db in
            // What a source of fiscal documents last said of a pending receipt: still waiting, or a
            // final answer that it is invalid, with the reason. The row goes when the receipt
            // completes (the same transaction) or is deleted.
            try db.execute(
                sql: """
                    CREATE TABLE pending_checks (
                        receipt_id INTEGER PRIMARY KEY NOT NULL REFERENCES receipts(id) ON DELETE CASCADE,
                        provider TEXT NOT NULL,
                        outcome TEXT NOT NULL CHECK (outcome IN ('waiting', 'invalid')),
                        reason TEXT,
                        checked_at REAL NOT NULL,
                        tries INTEGER NOT NULL CHECK (tries > 0)
                    );
                    CREATE INDEX receipts_pending ON receipts (date_time) WHERE status = 'pending';
                    """)
        }
        migrator.registerMigration("v10-budgets") { db in
            // A spending limit a category, for every month (`month` empty) or for one month, which
            // then stands in for the monthly one.
            try db.execute(
                sql: """
                    CREATE TABLE budgets (
                        category TEXT NOT NULL,
                        month TEXT NOT NULL DEFAULT '',
                        amount INTEGER NOT NULL CHECK (amount > 0),
                        PRIMARY KEY (category, month)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v11-unit-prices") { db in
            // Each product's figures by month (its lines' prices per kilogram, litre or piece as
            // UnitPrice works them out), and by month and shop: what `receipts prices` and
            // `inflation` read. Like the shop and item-name totals they are recomputed for the
            // months whose receipts changed (`stale_price_months`) when something reads them, and
            // all of them when UnitPrice reads names otherwise (`unit_price_state.version`). Both are
            // keyed by month first, so that a month is rewritten in one place; a product's rows are
            // found month by month. The unit is a number (1 kg, 2 l, 3 piece).
            try db.execute(
                sql: """
                    CREATE TABLE month_product_prices (
                        month TEXT NOT NULL,
                        name_id INTEGER NOT NULL,
                        price_unit INTEGER NOT NULL,
                        category TEXT NOT NULL,
                        purchases INTEGER NOT NULL,
                        amount INTEGER NOT NULL,
                        spending INTEGER NOT NULL,
                        lowest INTEGER NOT NULL,
                        median INTEGER NOT NULL,
                        highest INTEGER NOT NULL,
                        PRIMARY KEY (month, name_id, price_unit)
                    ) WITHOUT ROWID;
                    CREATE TABLE month_product_shops (
                        month TEXT NOT NULL,
                        name_id INTEGER NOT NULL,
                        price_unit INTEGER NOT NULL,
                        shop TEXT NOT NULL,
                        purchases INTEGER NOT NULL,
                        lowest INTEGER NOT NULL,
                        last INTEGER NOT NULL,
                        last_at TEXT NOT NULL,
                        PRIMARY KEY (month, name_id, price_unit, shop)
                    ) WITHOUT ROWID;
                    CREATE TABLE stale_price_months (month TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
                    INSERT INTO stale_price_months (month) SELECT DISTINCT month FROM receipts;
                    CREATE TABLE unit_price_state (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        version INTEGER NOT NULL
                    );
                    INSERT INTO unit_price_state (id, version) VALUES (1, 0);
                    """)
        }
        migrator.registerMigration("v12-purchases-reconciled") { db in
            // The whole document: the sums and line fields receipts were read without, and the
            // document's JSON as its source gave it (its own table, so listing stays narrow). What
            // each receipt is (PurchaseKind), the money it counts (`counted`, negative for money
            // received) and its share on each line (largest remainder, so a receipt's lines add up
            // to it exactly), and the receipt it goes with (a settlement's prepayment, a return's
            // purchase). Receipts stored before this step never had their prepaid, credit and
            // provision sums, measures or GTINs read: they stay 0 and empty until the same file or
            // feed is imported again. Their kinds are read from what was kept (the operation and
            // the lines' payment kinds), and the totals are rebuilt from the reconciled lines.
            try db.execute(
                sql: """
                    ALTER TABLE receipts ADD COLUMN prepaid INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE receipts ADD COLUMN credit INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE receipts ADD COLUMN provision INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE receipts ADD COLUMN kind TEXT NOT NULL DEFAULT 'purchase';
                    ALTER TABLE receipts ADD COLUMN counted INTEGER NOT NULL DEFAULT 0;
                    ALTER TABLE receipts ADD COLUMN linked_id INTEGER REFERENCES receipts(id) ON DELETE SET NULL;
                    ALTER TABLE items ADD COLUMN measure INTEGER;
                    ALTER TABLE items ADD COLUMN gtin TEXT;
                    ALTER TABLE items ADD COLUMN counted INTEGER NOT NULL DEFAULT 0;
                    CREATE TABLE receipt_documents (
                        receipt_id INTEGER PRIMARY KEY NOT NULL REFERENCES receipts(id) ON DELETE CASCADE,
                        document TEXT NOT NULL
                    );
                    CREATE INDEX receipts_to_link ON receipts (seller_inn, date_time) WHERE kind <> 'purchase';
                    CREATE INDEX receipts_linked ON receipts (linked_id) WHERE linked_id IS NOT NULL;
                    CREATE INDEX receipts_with_bonuses ON receipts (month) WHERE provision <> 0;
                    """)
            try PurchaseCounting.classifyStored(in: db)
            // The totals are rebuilt from the reconciled lines by the code of the version that
            // opens the file (a step never runs today's queries, which may need later steps'
            // tables): forgetting which rules categorized it makes opening do it.
            try db.execute(sql: "DELETE FROM category_state")
        }
        migrator.registerMigration("v13-shops") { db in
            // A shop is a seller (INN) at an address, or at a register when no address is printed
            // (`location`); its name is decided once, by ShopName, when its first receipt is saved,
            // and the user's own name (`chosen`) wins over it everywhere. A shop merged into another
            // (`merged_into`) sends its receipts, and later ones of its identity, there. The search
            // documents take the shop's names too, so they are all written anew. A product with a
            // GTIN is the name row its code was first seen with (`gtin_products`), whatever later
            // lines print.
            try db.execute(
                sql: """
                    CREATE TABLE shops (
                        id INTEGER PRIMARY KEY,
                        seller_inn TEXT NOT NULL,
                        location TEXT NOT NULL,
                        name TEXT NOT NULL,
                        chosen TEXT,
                        merged_into INTEGER REFERENCES shops(id),
                        UNIQUE (seller_inn, location)
                    );
                    ALTER TABLE receipts ADD COLUMN shop_id INTEGER REFERENCES shops(id);
                    CREATE TABLE gtin_products (
                        gtin TEXT PRIMARY KEY NOT NULL,
                        name_id INTEGER NOT NULL REFERENCES item_names(id)
                    ) WITHOUT ROWID;
                    CREATE INDEX receipts_by_shop ON receipts (shop_id, date_time);
                    DROP TABLE receipt_search;
                    CREATE VIRTUAL TABLE receipt_search USING fts5(
                        items, shop, tokenize = 'ascii', columnsize = 0, content = '');
                    INSERT INTO receipt_search (receipt_search, rank) VALUES ('hashsize', 16777216);
                    UPDATE search_state SET indexed_through = 0;
                    """)
            try ShopIdentity.assignStored(in: db)
            try db.execute(sql: "INSERT OR IGNORE INTO stale_item_months (month) SELECT DISTINCT month FROM receipts")
            try db.execute(sql: "INSERT OR IGNORE INTO stale_price_months (month) SELECT DISTINCT month FROM receipts")
        }
        migrator.registerMigration("v14-shop-kinds") { db in
            // What kind of shop each is (ShopKind: the chain's, by INN, else what its names say)
            // decides the lines the rules cannot place, and at a café the food. Forgetting the
            // categorization makes opening categorize every line anew and rebuild the totals.
            try db.execute(sql: "ALTER TABLE shops ADD COLUMN kind TEXT")
            try ShopIdentity.classifyStored(in: db)
            try db.execute(sql: "DELETE FROM category_state")
        }
        migrator.registerMigration("v15-name-guesses") { db in
            // The category a classifier learned on this machine proposes for a name that neither a
            // choice nor a rule places, with its confidence: applied above a threshold, after the
            // shop's kind. Forgetting the categorization makes opening guess every name and
            // categorize anew.
            try db.execute(
                sql: """
                    ALTER TABLE item_names ADD COLUMN guess TEXT;
                    ALTER TABLE item_names ADD COLUMN confidence REAL;
                    DELETE FROM category_state;
                    """)
        }
        migrator.registerMigration("v16-line-choices") { db in
            // A category the user chose for one line of one receipt (`items.chosen`) wins over every
            // other evidence for that line, and stays when the receipt is saved again with the same
            // name at that place. Every choice made from now on is journaled, a choice of several
            // steps as one action, so that it can be undone: each step keeps what it changed (a
            // name's key, or a receipt's line) and the chosen category before and after it. An undone
            // action's number is never given again, so that a stale "undo" cannot undo another.
            // `guessed_through` is the newest name the guesses were last made with a classifier
            // trained on all of: names added since (an import's) make them stale (settleGuesses).
            try db.execute(
                sql: """
                    ALTER TABLE items ADD COLUMN chosen TEXT;
                    CREATE TABLE category_actions (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        made_at TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        subject TEXT NOT NULL,
                        category TEXT
                    );
                    CREATE TABLE category_action_steps (
                        action_id INTEGER NOT NULL REFERENCES category_actions(id) ON DELETE CASCADE,
                        name_key TEXT,
                        receipt_id INTEGER REFERENCES receipts(id) ON DELETE CASCADE,
                        position INTEGER,
                        before TEXT,
                        after TEXT
                    );
                    CREATE INDEX category_steps_of_action ON category_action_steps (action_id);
                    ALTER TABLE category_state ADD COLUMN guessed_through INTEGER;
                    """)
        }
        migrator.registerMigration("v17-no-place-index") { db in
            // Every receipt saved wrote an entry at a random place in this index, and each commit of
            // an import wrote out the pages it touched; a place is only looked up by it when the
            // receipts server renames or moves one, which is rare and may scan instead. Shops
            // (receipts_by_shop) are what finds a receipt's neighbours now.
            try db.execute(sql: "DROP INDEX IF EXISTS receipts_by_place")
        }
        migrator.registerMigration("v18-bank-payments") { db in
            // Card and account operations from bank statements, each once (`identity`: the bank,
            // the account and what the row says, or the bank's own reference, with its place among
            // equal rows of its statement), and which receipt each was paired with: by the matcher
            // or by hand (`manual`); a pair undone by hand is remembered so that it is not made again.
            try db.execute(
                sql: """
                    CREATE TABLE bank_payments (
                        id INTEGER PRIMARY KEY,
                        identity TEXT NOT NULL UNIQUE,
                        bank TEXT NOT NULL,
                        account TEXT NOT NULL,
                        local_time TEXT NOT NULL,
                        offset_minutes INTEGER NOT NULL,
                        instant INTEGER NOT NULL,
                        time_known INTEGER NOT NULL,
                        spent INTEGER NOT NULL,
                        currency TEXT NOT NULL,
                        description TEXT NOT NULL,
                        mcc TEXT,
                        category TEXT,
                        reference TEXT
                    );
                    CREATE INDEX bank_payments_by_instant ON bank_payments (instant);
                    CREATE TABLE bank_matches (
                        payment_id INTEGER PRIMARY KEY NOT NULL REFERENCES bank_payments(id) ON DELETE CASCADE,
                        receipt_id INTEGER NOT NULL UNIQUE REFERENCES receipts(id) ON DELETE CASCADE,
                        manual INTEGER NOT NULL,
                        amount_off INTEGER NOT NULL,
                        seconds INTEGER NOT NULL,
                        same_merchant INTEGER NOT NULL
                    );
                    CREATE TABLE bank_match_refusals (
                        payment_id INTEGER NOT NULL REFERENCES bank_payments(id) ON DELETE CASCADE,
                        receipt_id INTEGER NOT NULL REFERENCES receipts(id) ON DELETE CASCADE,
                        PRIMARY KEY (payment_id, receipt_id)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v19-product-kinds") { db in
            // Each product kind's figures by month, its lines priced at the kind's level (milk per
            // litre whatever its brand, eggs per ten): what `prices` shows above a kind's products and
            // `inflation` compares when two months share no product of the kind. Kept as the product
            // figures are, and worked out again with them.
            try db.execute(
                sql: """
                    CREATE TABLE month_kind_prices (
                        month TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        category TEXT NOT NULL,
                        purchases INTEGER NOT NULL,
                        amount INTEGER NOT NULL,
                        spending INTEGER NOT NULL,
                        lowest INTEGER NOT NULL,
                        median INTEGER NOT NULL,
                        highest INTEGER NOT NULL,
                        PRIMARY KEY (month, kind)
                    ) WITHOUT ROWID;
                    CREATE TABLE month_kind_shops (
                        month TEXT NOT NULL,
                        kind TEXT NOT NULL,
                        shop TEXT NOT NULL,
                        purchases INTEGER NOT NULL,
                        lowest INTEGER NOT NULL,
                        last INTEGER NOT NULL,
                        last_at TEXT NOT NULL,
                        PRIMARY KEY (month, kind, shop)
                    ) WITHOUT ROWID;
                    INSERT OR IGNORE INTO stale_price_months (month) SELECT DISTINCT month FROM receipts;
                    """)
        }
        migrator.registerMigration("v20-product-headings") { db in
            // How many of each product's lines in a month printed each form (`ItemName.heading`: the
            // till's codes and padding gone) other than the one its name row was first printed in, so
            // that `prices` heads a product by the form its lines printed most, not by the first one
            // ever imported. Kept and worked out again with the other product figures.
            try db.execute(
                sql: """
                    CREATE TABLE month_product_forms (
                        month TEXT NOT NULL,
                        name_id INTEGER NOT NULL,
                        price_unit INTEGER NOT NULL,
                        heading TEXT NOT NULL,
                        lines INTEGER NOT NULL,
                        PRIMARY KEY (month, name_id, price_unit, heading)
                    ) WITHOUT ROWID;
                    INSERT OR IGNORE INTO stale_price_months (month) SELECT DISTINCT month FROM receipts;
                    """)
        }
        migrator.registerMigration("v21-product-rows") { db in
            // Which name row a name's lines are priced under (ProductRows): the first of its family
            // (ProductKinds.family: kind, variant and brand), or the product of a GTIN it was printed
            // with; NULL is its own. Every product figure is worked out again.
            try db.execute(
                sql: """
                    ALTER TABLE item_names ADD COLUMN product_id INTEGER REFERENCES item_names(id);
                    CREATE TABLE product_families (
                        family TEXT PRIMARY KEY NOT NULL,
                        name_id INTEGER NOT NULL REFERENCES item_names(id)
                    ) WITHOUT ROWID;
                    """)
            try ProductRows.assignAll(in: db)
            try db.execute(sql: "INSERT OR IGNORE INTO stale_price_months (month) SELECT DISTINCT month FROM receipts")
        }
        migrator.registerMigration("v22-shop-names") { db in
            // Shop names without web addresses, phones, INNs or runs of spaces, a three-letter
            // name yielding to the chain's brand (ShopName): every shop is named anew from its
            // first receipt, and the search documents, which hold the names, are written anew.
            try ShopIdentity.renameStored(in: db)
            try db.execute(sql: "INSERT INTO receipt_search (receipt_search) VALUES ('delete-all')")
            try db.execute(sql: "UPDATE search_state SET indexed_through = 0")
        }
        migrator.registerMigration("v23-learned-corrections") { db in
            // Where the user's corrections of the rules move a similar name the rules placed
            // (RuleCorrections); worked out with the categories, which the rules' new fingerprint
            // makes anew on opening.
            try db.execute(sql: "ALTER TABLE item_names ADD COLUMN learned TEXT")
        }
        migrator.registerMigration("v24-shops-apart") { db in
            // The kept shop totals tell a chain's shops apart (RecomputedTotals.shopReceipts):
            // every month's are made anew.
            try db.execute(sql: "INSERT OR IGNORE INTO stale_item_months (month) SELECT DISTINCT month FROM receipts")
        }
        migrator.registerMigration("v25-household") { db in
            // The people who share the receipts (the first is the user, who pays by default; a card's
            // last digits say whose its payments are), who paid a receipt when not the default, each
            // line's shares (`position` the line's, from 0; -1 the receipt's default for its lines), and the transfers
            // recorded as settling up, each in the month it settles.
            try db.execute(
                sql: """
                    CREATE TABLE people (
                        id INTEGER PRIMARY KEY,
                        name TEXT NOT NULL UNIQUE COLLATE NOCASE,
                        card TEXT,
                        account TEXT
                    );
                    CREATE TABLE receipt_payers (
                        receipt_id INTEGER PRIMARY KEY NOT NULL REFERENCES receipts(id) ON DELETE CASCADE,
                        person_id INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE
                    );
                    CREATE TABLE line_shares (
                        receipt_id INTEGER NOT NULL REFERENCES receipts(id) ON DELETE CASCADE,
                        position INTEGER NOT NULL,
                        person_id INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE,
                        weight INTEGER NOT NULL CHECK (weight > 0),
                        PRIMARY KEY (receipt_id, position, person_id)
                    ) WITHOUT ROWID;
                    CREATE TABLE settlements (
                        id INTEGER PRIMARY KEY,
                        from_id INTEGER NOT NULL REFERENCES people(id),
                        to_id INTEGER NOT NULL REFERENCES people(id),
                        amount INTEGER NOT NULL CHECK (amount > 0),
                        month TEXT NOT NULL
                    );
                    """)
        }
        migrator.registerMigration("v26-split-rules") { db in
            // Who lines are for when neither the line nor its receipt says: by words in the line's
            // name (`words`, kept lowercased), by the receipt's shop (`shop`, its id) or by the
            // line's category (`category`), each with its people and weights.
            try db.execute(
                sql: """
                    CREATE TABLE split_rules (
                        id INTEGER PRIMARY KEY,
                        kind TEXT NOT NULL CHECK (kind IN ('words', 'shop', 'category')),
                        value TEXT NOT NULL
                    );
                    CREATE TABLE split_rule_people (
                        rule_id INTEGER NOT NULL REFERENCES split_rules(id) ON DELETE CASCADE,
                        person_id INTEGER NOT NULL REFERENCES people(id) ON DELETE CASCADE,
                        weight INTEGER NOT NULL CHECK (weight > 0),
                        PRIMARY KEY (rule_id, person_id)
                    ) WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v27-person-budgets") { db in
            // A limit is the household's (person 0) or one person's, on what was for them.
            try db.execute(
                sql: """
                    CREATE TABLE budgets_new (
                        category TEXT NOT NULL,
                        month TEXT NOT NULL DEFAULT '',
                        person INTEGER NOT NULL DEFAULT 0,
                        amount INTEGER NOT NULL CHECK (amount > 0),
                        PRIMARY KEY (category, month, person)
                    ) WITHOUT ROWID;
                    INSERT INTO budgets_new (category, month, amount) SELECT category, month, amount FROM budgets;
                    DROP TABLE budgets;
                    ALTER TABLE budgets_new RENAME TO budgets;
                    """)
        }
        migrator.registerMigration("v28-household-totals") { db in
            // What each person paid and consumed each month (HouseholdTotals), and the months a
            // change marked for recomputing ('*': all of them).
            try db.execute(
                sql: """
                    CREATE TABLE household_totals (
                        month TEXT NOT NULL,
                        person INTEGER NOT NULL,
                        paid INTEGER NOT NULL,
                        consumed INTEGER NOT NULL,
                        PRIMARY KEY (month, person)
                    ) WITHOUT ROWID;
                    CREATE TABLE stale_household_months (month TEXT PRIMARY KEY NOT NULL) WITHOUT ROWID;
                    """)
            if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM people)") == true {
                try HouseholdTotals.begin(in: db)
            }
        }
        migrator.registerMigration("v29-added-by") { db in
            // The login of the server account that added a receipt, as the feed of a household on
            // the server says: the person with that login pays it unless told otherwise.
            try db.execute(sql: "ALTER TABLE receipts ADD COLUMN added_by TEXT")
        }
        migrator.registerMigration("v30-mail-letters") { db in
            // The letters `receipts mail import` has read, by their Message-ID (or their bytes'
            // SHA-256 when they have none), so that a mailbox read again reads only what is new.
            try db.execute(
                sql: """
                    CREATE TABLE mail_letters (
                        key TEXT PRIMARY KEY NOT NULL,
                        receipts INTEGER NOT NULL,
                        read_at TEXT NOT NULL
                    ) WITHOUT ROWID
                    """)
        }
        return migrator
    }
}
