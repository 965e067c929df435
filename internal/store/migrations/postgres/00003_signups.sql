-- Pending sign-ups (issue 9). A sign-up's password and name used to be
-- written onto the user row, so whoever signed up first with an address set
-- the password its owner's verification link then activated. Now an
-- unverified user row holds no usable password ('') and no name: each
-- sign-up keeps its own credentials here, and only a verification link minted
-- for that sign-up (email_tokens.signup_id) applies them. Verifying deletes
-- every pending sign-up of the account.

-- +goose Up
CREATE TABLE signups (
    id            uuid PRIMARY KEY,
    user_id       uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    password_hash text NOT NULL,
    full_name     text NOT NULL,
    locale        text NOT NULL CHECK (locale IN ('en', 'nl')),
    created_at    timestamptz NOT NULL
);
CREATE INDEX signups_user ON signups (user_id, created_at);
CREATE INDEX signups_created ON signups (created_at);

-- No foreign key: a link whose sign-up is gone (verified through another
-- link, or expired) simply finds nothing to join and is refused.
ALTER TABLE email_tokens ADD COLUMN signup_id uuid;

-- The cleanup removes unverified accounts a week after their last sign-up.
CREATE INDEX users_unverified ON users (created_at) WHERE email_verified_at IS NULL;

-- Existing unverified accounts: their credentials become their one pending
-- sign-up (id = user id), and their outstanding links are bound to it.
INSERT INTO signups (id, user_id, password_hash, full_name, locale, created_at)
    SELECT u.id, u.id, u.password_hash, COALESCE(p.full_name, ''), u.locale, u.created_at
    FROM users u LEFT JOIN profiles p ON p.id = u.id
    WHERE u.email_verified_at IS NULL;
UPDATE email_tokens SET signup_id = user_id
    WHERE purpose = 'verify' AND used_at IS NULL
      AND user_id IN (SELECT id FROM users WHERE email_verified_at IS NULL);
UPDATE users SET password_hash = '' WHERE email_verified_at IS NULL;
UPDATE profiles SET full_name = '' WHERE id IN (SELECT id FROM users WHERE email_verified_at IS NULL);
-- Verified accounts: verification links still outstanding were sign-in links.
UPDATE email_tokens SET used_at = created_at
    WHERE purpose = 'verify' AND used_at IS NULL
      AND user_id IN (SELECT id FROM users WHERE email_verified_at IS NOT NULL);

-- +goose Down
UPDATE users SET password_hash = COALESCE((SELECT s.password_hash FROM signups s WHERE s.user_id = users.id
    ORDER BY s.created_at DESC LIMIT 1), password_hash)
    WHERE email_verified_at IS NULL;
DROP INDEX users_unverified;
ALTER TABLE email_tokens DROP COLUMN signup_id;
DROP TABLE signups;
