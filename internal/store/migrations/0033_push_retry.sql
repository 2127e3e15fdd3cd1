-- Web push retries: a push service that is busy or down (429, 5xx, no
-- answer) gets the message again later, with growing waits and its
-- Retry-After, until the notification expires or five tries were made.
-- subscriptions lists the ids of the viewer's subscriptions still owed the
-- message ('' = every subscription the viewer has when it is sent), so a
-- retry does not send twice to the devices that already got it.
ALTER TABLE push_deliveries ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE push_deliveries ADD COLUMN subscriptions TEXT NOT NULL DEFAULT '';
