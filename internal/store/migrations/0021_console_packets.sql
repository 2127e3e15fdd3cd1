-- The console's pay systems and gateways. The pay systems viewers get stay
-- in the operator's settings (providers.config); a pay system the operator
-- switched off keeps its texts here until it is switched on again. The
-- gateway's credentials saved in the console are sealed (AES-GCM under the
-- server's secret) and win over those of the providers file.
CREATE TABLE console_paysystems_off (
	provider_id BIGINT NOT NULL,
	shortname   TEXT NOT NULL,
	-- JSON of the pay system (shortname, kind and texts)
	config      TEXT NOT NULL,
	position    INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (provider_id, shortname)
);

CREATE TABLE gateway_credentials (
	provider_id    BIGINT NOT NULL,
	-- yookassa
	gateway        TEXT NOT NULL,
	shop_id_sealed TEXT NOT NULL,
	secret_sealed  TEXT NOT NULL,
	-- when they were saved (who saved them is in the audit log)
	set_at         BIGINT NOT NULL,
	PRIMARY KEY (provider_id, gateway)
);
