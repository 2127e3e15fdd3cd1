-- Catch-up sources of a content (GET /v2/contents/{id}/sources) look
-- schedule entries up by content as well as by programme; the programme
-- side has schedule_program, this is the content side. Programmes linked
-- to a content are found through programs.content_id.
CREATE INDEX schedule_content ON schedule (content_id, start_at);
CREATE INDEX programs_content ON programs (content_id);
