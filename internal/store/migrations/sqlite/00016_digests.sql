-- Digests and monthly reports (issue 21 §2), and the staff alert for an
-- agent whose calls start failing (issue 21 §1).
--
-- users.time_zone: the buyer's IANA time zone, for the Monday 08:00 of the
-- weekly digest and the busiest hours of the monthly report; '' until known
-- (then Europe/Amsterdam). Filled from the quote the buyer's order came from
-- and from the browser on the profile page.
-- users.weekly_digest: 1 while the buyer wants the weekly digest (the
-- default); the profile page's toggle and the email's one-click link set it.
-- site_keys: random secrets the site makes for itself, by purpose (the
-- digest's one-click "off" links are signed with the one named 'digest-off').
-- agent_failing_alerts: when staff were last alerted that an order's agent
-- is failing, which holds the alert to once an hour per agent.

-- +goose Up
ALTER TABLE users ADD COLUMN time_zone TEXT NOT NULL DEFAULT '';
ALTER TABLE users ADD COLUMN weekly_digest INTEGER NOT NULL DEFAULT 1 CHECK (weekly_digest IN (0, 1));
CREATE TABLE site_keys (
    purpose    TEXT PRIMARY KEY,
    secret     TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE TABLE agent_failing_alerts (
    order_id TEXT PRIMARY KEY REFERENCES orders (id) ON DELETE CASCADE,
    sent_at  TEXT NOT NULL
);

-- +goose Down
DROP TABLE agent_failing_alerts;
DROP TABLE site_keys;
ALTER TABLE users DROP COLUMN weekly_digest;
ALTER TABLE users DROP COLUMN time_zone;
