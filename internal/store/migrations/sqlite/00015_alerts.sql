-- Alerts by email (issue 21 §1).
--
-- call_fields.follow_up: staff mark a call data field "needs follow-up":
-- a yes/no field flags a call whose value is yes (follow_up = 1); a choice
-- field flags a call whose value is one of follow_up_options (a JSON array,
-- a subset of options; follow_up = 1 when it is not empty). The rule is
-- calls.NeedsFollowUp.
--
-- orders.alert_default: which calls of the order's agent staff have the
-- buyer alerted of by default (all | followup | none); orders.alert_mode:
-- the buyer's own choice, NULL while they have made none.
--
-- calls.report_jobs: 1 once the jobs an end-of-call report starts (the
-- buyer's alert) were enqueued, in the transaction that stored the report,
-- so a retried report enqueues nothing again.

-- +goose Up
ALTER TABLE call_fields ADD COLUMN follow_up INTEGER NOT NULL DEFAULT 0 CHECK (follow_up IN (0, 1));
ALTER TABLE call_fields ADD COLUMN follow_up_options TEXT NOT NULL DEFAULT '[]';
ALTER TABLE orders ADD COLUMN alert_default TEXT NOT NULL DEFAULT 'followup' CHECK (alert_default IN ('all', 'followup', 'none'));
ALTER TABLE orders ADD COLUMN alert_mode TEXT CHECK (alert_mode IN ('all', 'followup', 'none'));
ALTER TABLE calls ADD COLUMN report_jobs INTEGER NOT NULL DEFAULT 0 CHECK (report_jobs IN (0, 1));
-- Calls stored before alerts existed have had their report: none are sent for them.
UPDATE calls SET report_jobs = 1 WHERE report_received = 1;

-- +goose Down
ALTER TABLE calls DROP COLUMN report_jobs;
ALTER TABLE orders DROP COLUMN alert_mode;
ALTER TABLE orders DROP COLUMN alert_default;
ALTER TABLE call_fields DROP COLUMN follow_up_options;
ALTER TABLE call_fields DROP COLUMN follow_up;
