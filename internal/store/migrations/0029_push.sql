-- Web push (internal/push). The installation's VAPID key lives in settings
-- (push_vapid_key), made by the first copy of efir that starts.

-- A browser's push subscription (RFC 8030 endpoint, RFC 8291 keys) of a
-- signed-in device: one per device, replaced when the browser gives a new
-- one, gone with the device (sign-out, removal) or when the push service
-- answers 404/410. An endpoint belongs to one browser, so to one device.
CREATE TABLE push_subscriptions (
	id          {{id}},
	user_id     BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	device_id   BIGINT NOT NULL UNIQUE REFERENCES devices (id) ON DELETE CASCADE,
	endpoint    TEXT NOT NULL UNIQUE,
	p256dh      TEXT NOT NULL,
	auth        TEXT NOT NULL,
	created_at  BIGINT NOT NULL,
	updated_at  BIGINT NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

-- A notification to push: its payload (the spec's Push notification as
-- JSON) kept once, and one delivery per viewer, sent at send_at to the
-- viewer's subscribed devices by the job of whichever copy of efir claims it
-- first (lease_until), then deleted. Past expires_at it is dropped unsent.
CREATE TABLE push_notifications (
	id          {{id}},
	payload     TEXT NOT NULL,
	urgency     TEXT NOT NULL,
	start_at    BIGINT NOT NULL,
	expires_at  BIGINT NOT NULL,
	created_at  BIGINT NOT NULL
);
CREATE TABLE push_deliveries (
	id               {{id}},
	notification_id  BIGINT NOT NULL REFERENCES push_notifications (id) ON DELETE CASCADE,
	user_id          BIGINT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
	send_at          BIGINT NOT NULL,
	lease_until      BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX push_deliveries_due ON push_deliveries (send_at);
CREATE INDEX push_deliveries_notification ON push_deliveries (notification_id);

-- A console message that also goes out as a push.
ALTER TABLE message_broadcasts ADD COLUMN push BOOLEAN NOT NULL DEFAULT FALSE;
