-- Refunds staff make of a subscriber's payment in the operator console
-- (commerce/staffops_refunds.go). payments.refunded (0014) already counts
-- what went back; this table is each refund on its own. A row is written,
-- and its amount counted in payments.refunded, before the gateway is asked,
-- so a crash or a second click cannot refund twice; the unique key makes one
-- idempotency key of one payment one refund, whichever copy of the server
-- runs it.
CREATE TABLE payment_refunds (
	id                {{id}},
	payment_id        BIGINT NOT NULL REFERENCES payments (id) ON DELETE CASCADE,
	idem_key          TEXT NOT NULL,
	amount            BIGINT NOT NULL,
	-- what came off the balance with it (a top-up's money), minor units
	reversed          BIGINT NOT NULL DEFAULT 0,
	reason            TEXT NOT NULL,
	-- created (the gateway is being asked), unknown (it did not answer),
	-- pending, succeeded, canceled (refused: the amount is back)
	status            TEXT NOT NULL,
	gateway_refund_id TEXT,
	created_at        BIGINT NOT NULL,
	updated_at        BIGINT NOT NULL,
	UNIQUE (payment_id, idem_key)
);
