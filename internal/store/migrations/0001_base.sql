-- Key-value settings of the installation (for example the generated signing
-- secret when EFIR_SECRET is not given), so restarts keep them.
CREATE TABLE settings (
	name  TEXT PRIMARY KEY,
	value TEXT NOT NULL
);
