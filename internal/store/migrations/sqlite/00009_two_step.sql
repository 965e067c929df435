-- Two-step sign-in for staff (issue 18 §6). A staff member's second step is
-- a time-based one-time code (RFC 6238) or one of ten single-use recovery
-- codes.
--
-- totp_factors: one per user. secret is the base32 key the authenticator
-- app holds (it must be readable to check codes, so it is not hashed);
-- confirmed_at is set once a code from it was accepted; last_step is the
-- 30-second time step of the last code accepted, and a code of that step or
-- an earlier one is refused (no replay).
--
-- recovery_codes: only the SHA-256 of each normalised code (see
-- internal/auth/totp.go), ten per user, each usable once.
--
-- sessions.second_step_at: when this session passed the second step. A
-- staff member's session without it is "pending": it reaches the
-- second-step endpoints and nothing else (internal/auth/sessions.go). The
-- stage is not stored for buyers and follows the role, so a buyer's session
-- stops reaching anything the moment its owner is made staff, and every
-- staff session from before this migration is pending.
-- sessions.totp_setup_secret: the key offered to a pending session of a
-- staff member without a factor; confirming a code from it makes it theirs.

-- +goose Up
CREATE TABLE totp_factors (
    user_id      TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    secret       TEXT NOT NULL,
    confirmed_at TEXT NOT NULL,
    last_step    INTEGER
);

CREATE TABLE recovery_codes (
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    code_hash  BLOB NOT NULL,
    created_at TEXT NOT NULL,
    used_at    TEXT,
    PRIMARY KEY (user_id, code_hash)
);

ALTER TABLE sessions ADD COLUMN second_step_at TEXT;
ALTER TABLE sessions ADD COLUMN totp_setup_secret TEXT;

-- +goose Down
ALTER TABLE sessions DROP COLUMN totp_setup_secret;
ALTER TABLE sessions DROP COLUMN second_step_at;
DROP TABLE recovery_codes;
DROP TABLE totp_factors;
