-- Who asked for each code, so that GET /v2/otp/exist answers only them: the
-- user of the asking session (0 without one) and the client address (an
-- IPv6 client by its /64; '' when unknown).
ALTER TABLE otp_codes ADD COLUMN requester_user_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE otp_codes ADD COLUMN requester_address TEXT NOT NULL DEFAULT '';
