package engage

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"efir/internal/httpx"
	"efir/internal/provider"
	"efir/internal/store"
)

// The viewer's survey calls (spec "Survey"): a question of an active survey
// of the viewer's operator, and the viewer's answer to it.

// viewerQuestion is a question the viewer may answer, else not found.
func viewerQuestion(ctx context.Context, q store.Querier, providerID, id int64) (Question, error) {
	x := Question{Answers: []Option{}}
	err := store.Get(ctx, q, `SELECT x.id, x.question, x.description, x.allow_user_answer FROM survey_questions x
		JOIN surveys s ON s.id = x.survey_id WHERE x.id = ? AND s.provider_id = ? AND s.active = TRUE`, []any{id, providerID},
		&x.ID, &x.Question, &x.Description, &x.AllowUserAnswer)
	if err != nil {
		return x, err
	}
	err = store.Each(ctx, q, `SELECT id, text FROM survey_options WHERE question_id = ? ORDER BY position, id`, []any{id},
		func(row store.Scanner) error {
			var o Option
			if err := row.Scan(&o.ID, &o.Text); err != nil {
				return err
			}
			x.Answers = append(x.Answers, o)
			return nil
		})
	return x, err
}

// viewerProvider is the operator of the request: the viewer's, else the
// one the request came to.
func viewerProvider(r *http.Request) int64 {
	if sess := httpx.SessionFrom(r.Context()); sess != nil {
		return sess.ProviderID
	}
	if p := provider.FromContext(r.Context()); p != nil {
		return p.ID
	}
	return 0
}

// viewerQuestionOut is a question as the viewer reads it: with whether this
// viewer has answered it (the notification is not offered again then). What
// the viewer answered, and anybody else's answers, are never given back.
type viewerQuestionOut struct {
	Question
	Answered bool `json:"answered"`
}

func (s *Service) handleViewerQuestion(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	x, err := viewerQuestion(ctx, s.db, viewerProvider(r), id)
	if err != nil {
		return err
	}
	out := viewerQuestionOut{Question: x}
	if sess := httpx.SessionFrom(ctx); sess != nil {
		var n int
		if err := store.Get(ctx, s.db, `SELECT COUNT(*) FROM survey_answers WHERE question_id = ? AND user_id = ?`,
			[]any{id, sess.UserID}, &n); err != nil {
			return err
		}
		out.Answered = n > 0
	}
	httpx.OK(w, out)
	return nil
}

// NotificationSurvey is the operator's survey question the viewer's
// notification offers (the spec's "survey 1"): the first question of the
// operator's newest active survey, 0 when it has none. Making a survey
// active is how staff choose it.
func (s *Service) NotificationSurvey(ctx context.Context, providerID int64) (int64, error) {
	var id int64
	err := store.Get(ctx, s.db, `SELECT x.id FROM survey_questions x JOIN surveys s ON s.id = x.survey_id
		WHERE s.provider_id = ? AND s.active = TRUE ORDER BY s.id DESC, x.position, x.id LIMIT 1`, []any{providerID}, &id)
	if errors.Is(err, store.ErrNotFound) {
		return 0, nil
	}
	return id, err
}

// handleViewerAnswer stores the viewer's answer: chosen options of the
// question and/or free text (when the question allows it); a new answer
// replaces the viewer's earlier one.
func (s *Service) handleViewerAnswer(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	sess := httpx.SessionFrom(ctx)
	if sess == nil {
		return httpx.Unauthorized()
	}
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var b struct {
		AnswerIDs []int64 `json:"answer_ids"`
		UserText  string  `json:"user_text"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	b.UserText = strings.TrimSpace(b.UserText)
	x, err := viewerQuestion(ctx, s.db, sess.ProviderID, id)
	if err != nil {
		return err
	}
	valid := map[int64]bool{}
	for _, o := range x.Answers {
		valid[o.ID] = true
	}
	chosen := map[int64]bool{}
	for _, a := range b.AnswerIDs {
		if !valid[a] {
			return httpx.Invalid("answer_ids", "console_engage_answer_unknown")
		}
		chosen[a] = true
	}
	switch {
	case b.UserText != "" && !x.AllowUserAnswer:
		return httpx.Invalid("user_text", "console_engage_answer_no_text")
	case len([]rune(b.UserText)) > 2000:
		return httpx.Invalid("user_text", "console_engage_too_long")
	case len(chosen) == 0 && b.UserText == "":
		return httpx.Invalid("answer_ids", "console_engage_answer_required")
	}
	now := s.staffNow()
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM survey_answers WHERE question_id = ? AND user_id = ?`, id, sess.UserID); err != nil {
			return err
		}
		aid, err := store.InsertID(ctx, tx, `INSERT INTO survey_answers (question_id, user_id, user_text, created_at)
			VALUES (?, ?, ?, ?) RETURNING id`, id, sess.UserID, b.UserText, now)
		if err != nil {
			return err
		}
		for o := range chosen {
			if _, err := tx.Exec(ctx, `INSERT INTO survey_answer_options (answer_id, option_id) VALUES (?, ?)`, aid, o); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	httpx.NoContent(w)
	return nil
}

func (s *Service) staffNow() int64 { return s.staff.Now() }
