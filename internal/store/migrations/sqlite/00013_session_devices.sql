-- Signed-in devices (issue 20 §1, the profile page). Each session gets an
-- id of its own to show the user and to sign that one device out with: a
-- random value, never the cookie token nor its hash, so what the browser
-- sees of its other sessions cannot be used to sign in as them.
--
-- sessions.device_id: that id (unique). Sessions from before this
-- migration get a random one here.
-- sessions.browser, sessions.os: the browser and the system the session
-- was opened from, read from its User-Agent ("Chrome", "Android"); '' when
-- not recognised. The raw User-Agent is not kept.

-- +goose Up
ALTER TABLE sessions ADD COLUMN device_id TEXT;
ALTER TABLE sessions ADD COLUMN browser TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN os TEXT NOT NULL DEFAULT '';
UPDATE sessions SET device_id = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX sessions_device_id ON sessions (device_id);

-- +goose Down
DROP INDEX sessions_device_id;
ALTER TABLE sessions DROP COLUMN os;
ALTER TABLE sessions DROP COLUMN browser;
ALTER TABLE sessions DROP COLUMN device_id;
