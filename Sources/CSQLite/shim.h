#include <sqlite3.h>

/// sqlite3_db_config is variadic, which Swift cannot call: one option, one integer.
static inline int loom_sqlite3_db_config_int(sqlite3 *db, int option, int value) {
    return sqlite3_db_config(db, option, value, (int *)0);
}
