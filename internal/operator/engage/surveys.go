package engage

import (
	"context"
	"net/http"
	"strings"

	"efir/internal/httpx"
	"efir/internal/operator"
	"efir/internal/store"
)

// Surveys: an operator's survey is a list of questions, each with answer
// options, free text, or both; viewers read a question of an active survey
// by its id (GET /v2/survey/questions/{id}) and answer it. Questions are set
// when the survey is made and may change until somebody answers; its title
// and whether it is active change always (answers always refer to the
// questions they were given to).

// Survey is a survey with its questions.
type Survey struct {
	ID        int64      `json:"id"`
	Title     string     `json:"title"`
	Active    bool       `json:"active"`
	CreatedAt int64      `json:"created_at"`
	Answers   int        `json:"answers"`
	Questions []Question `json:"questions"`
}

// Question is one question of a survey (the viewer's "Survey" of the spec).
type Question struct {
	ID              int64    `json:"id"`
	Question        string   `json:"question"`
	Description     string   `json:"description"`
	AllowUserAnswer bool     `json:"allow_user_answer"`
	Answers         []Option `json:"answers"`
}

// Option is an answer a viewer may choose.
type Option struct {
	ID   int64  `json:"id"`
	Text string `json:"text"`
}

// surveyOf reads a survey of the operator with its questions.
func surveyOf(ctx context.Context, q store.Querier, providerID, id int64) (Survey, error) {
	var sv Survey
	err := store.Get(ctx, q, `SELECT id, title, active, created_at, (SELECT COUNT(DISTINCT a.user_id) FROM survey_answers a
		JOIN survey_questions x ON x.id = a.question_id WHERE x.survey_id = surveys.id) FROM surveys WHERE id = ? AND provider_id = ?`,
		[]any{id, providerID}, &sv.ID, &sv.Title, &sv.Active, &sv.CreatedAt, &sv.Answers)
	if err != nil {
		return sv, err
	}
	sv.Questions = []Question{}
	byID := map[int64]int{}
	err = store.Each(ctx, q, `SELECT id, question, description, allow_user_answer FROM survey_questions WHERE survey_id = ?
		ORDER BY position, id`, []any{id}, func(row store.Scanner) error {
		x := Question{Answers: []Option{}}
		if err := row.Scan(&x.ID, &x.Question, &x.Description, &x.AllowUserAnswer); err != nil {
			return err
		}
		byID[x.ID] = len(sv.Questions)
		sv.Questions = append(sv.Questions, x)
		return nil
	})
	if err != nil {
		return sv, err
	}
	err = store.Each(ctx, q, `SELECT o.question_id, o.id, o.text FROM survey_options o JOIN survey_questions x ON x.id = o.question_id
		WHERE x.survey_id = ? ORDER BY o.position, o.id`, []any{id}, func(row store.Scanner) error {
		var qid int64
		var o Option
		if err := row.Scan(&qid, &o.ID, &o.Text); err != nil {
			return err
		}
		if i, ok := byID[qid]; ok {
			sv.Questions[i].Answers = append(sv.Questions[i].Answers, o)
		}
		return nil
	})
	return sv, err
}

func (s *Service) handleSurveys(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var ids []int64
	if err := store.Each(ctx, s.db, `SELECT id FROM surveys WHERE provider_id = ? ORDER BY id DESC LIMIT 200`,
		[]any{operator.ProviderOf(r)}, func(row store.Scanner) error {
			var id int64
			if err := row.Scan(&id); err != nil {
				return err
			}
			ids = append(ids, id)
			return nil
		}); err != nil {
		return err
	}
	out := []Survey{}
	for _, id := range ids {
		sv, err := surveyOf(ctx, s.db, operator.ProviderOf(r), id)
		if err != nil {
			return err
		}
		out = append(out, sv)
	}
	httpx.OK(w, out)
	return nil
}

func (s *Service) handleSurvey(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	sv, err := surveyOf(r.Context(), s.db, operator.ProviderOf(r), id)
	if err != nil {
		return err
	}
	httpx.OK(w, sv)
	return nil
}

type surveyBody struct {
	Title     string           `json:"title"`
	Active    bool             `json:"active"`
	Questions []surveyQuestion `json:"questions"`
}

// surveyQuestion is a question as staff write it.
type surveyQuestion struct {
	Question        string `json:"question"`
	Description     string `json:"description"`
	AllowUserAnswer bool   `json:"allow_user_answer"`
	Answers         []struct {
		Text string `json:"text"`
	} `json:"answers"`
}

func validSurvey(b *surveyBody) error {
	var f fields
	b.Title = strings.TrimSpace(b.Title)
	if b.Title == "" || len([]rune(b.Title)) > 200 {
		f.add("title", "console_engage_title_required")
	}
	validQuestions(&f, b.Questions)
	return f.err()
}

// validQuestions checks and trims a survey's questions.
func validQuestions(f *fields, qs []surveyQuestion) {
	if len(qs) == 0 || len(qs) > 50 {
		f.add("questions", "console_engage_questions_required")
	}
	for i := range qs {
		x := &qs[i]
		x.Question, x.Description = strings.TrimSpace(x.Question), strings.TrimSpace(x.Description)
		if x.Question == "" || len([]rune(x.Question)) > 500 || len([]rune(x.Description)) > 1000 {
			f.add("questions", "console_engage_question_required")
		}
		if len(x.Answers) == 0 && !x.AllowUserAnswer || len(x.Answers) > 20 {
			f.add("questions", "console_engage_options_required")
		}
		for j := range x.Answers {
			x.Answers[j].Text = strings.TrimSpace(x.Answers[j].Text)
			if t := x.Answers[j].Text; t == "" || len([]rune(t)) > 200 {
				f.add("questions", "console_engage_options_required")
			}
		}
	}
}

// writeQuestions makes the survey's questions qs. The questions there keep
// their ids by position (a message may link one), the rest are added or
// dropped; answer options are written anew. Only a survey nobody answered
// gets here.
func writeQuestions(ctx context.Context, tx *store.Tx, surveyID int64, qs []surveyQuestion) error {
	var have []int64
	if err := store.Each(ctx, tx, `SELECT id FROM survey_questions WHERE survey_id = ? ORDER BY position, id`, []any{surveyID},
		func(row store.Scanner) error {
			var id int64
			err := row.Scan(&id)
			have = append(have, id)
			return err
		}); err != nil {
		return err
	}
	for i, x := range qs {
		var qid int64
		if i < len(have) {
			qid = have[i]
			if _, err := tx.Exec(ctx, `UPDATE survey_questions SET position = ?, question = ?, description = ?, allow_user_answer = ?
				WHERE id = ?`, i, x.Question, x.Description, x.AllowUserAnswer, qid); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM survey_options WHERE question_id = ?`, qid); err != nil {
				return err
			}
		} else {
			var err error
			if qid, err = store.InsertID(ctx, tx, `INSERT INTO survey_questions (survey_id, position, question, description,
				allow_user_answer) VALUES (?, ?, ?, ?, ?) RETURNING id`, surveyID, i, x.Question, x.Description,
				x.AllowUserAnswer); err != nil {
				return err
			}
		}
		for j, o := range x.Answers {
			if _, err := tx.Exec(ctx, `INSERT INTO survey_options (question_id, position, text) VALUES (?, ?, ?)`,
				qid, j, o.Text); err != nil {
				return err
			}
		}
	}
	for _, qid := range have[min(len(qs), len(have)):] {
		if _, err := tx.Exec(ctx, `DELETE FROM survey_options WHERE question_id = ?`, qid); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM survey_questions WHERE id = ?`, qid); err != nil {
			return err
		}
	}
	return nil
}

func (s *Service) handleCreateSurvey(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var b surveyBody
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	if err := validSurvey(&b); err != nil {
		return err
	}
	prov := operator.ProviderOf(r)
	var sv Survey
	err := s.db.Tx(ctx, func(tx *store.Tx) error {
		id, err := store.InsertID(ctx, tx, `INSERT INTO surveys (provider_id, title, active, created_at) VALUES (?, ?, ?, ?)
			RETURNING id`, prov, b.Title, b.Active, s.staff.Now())
		if err != nil {
			return err
		}
		if err := writeQuestions(ctx, tx, id, b.Questions); err != nil {
			return err
		}
		if sv, err = surveyOf(ctx, tx, prov, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "survey.create", "survey", id, nil, sv)
	})
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusCreated, sv)
	return nil
}

func (s *Service) handlePatchSurvey(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	var b struct {
		Title     *string           `json:"title"`
		Active    *bool             `json:"active"`
		Questions *[]surveyQuestion `json:"questions"`
	}
	if err := httpx.Decode(r, &b); err != nil {
		return err
	}
	var f fields
	if b.Title != nil {
		t := strings.TrimSpace(*b.Title)
		if t == "" || len([]rune(t)) > 200 {
			f.add("title", "console_engage_title_required")
		}
		b.Title = &t
	}
	if b.Questions != nil {
		validQuestions(&f, *b.Questions)
	}
	if err := f.err(); err != nil {
		return err
	}
	prov := operator.ProviderOf(r)
	var after Survey
	err = s.db.Tx(ctx, func(tx *store.Tx) error {
		before, err := surveyOf(ctx, tx, prov, id)
		if err != nil {
			return err
		}
		if b.Questions != nil {
			// Answers refer to the questions they were given to.
			if before.Answers > 0 {
				return httpx.New(http.StatusConflict, httpx.TypeConflict, "console_engage_survey_answered")
			}
			if err := writeQuestions(ctx, tx, id, *b.Questions); err != nil {
				return err
			}
		}
		title, active := before.Title, before.Active
		if b.Title != nil {
			title = *b.Title
		}
		if b.Active != nil {
			active = *b.Active
		}
		if _, err := tx.Exec(ctx, `UPDATE surveys SET title = ?, active = ? WHERE id = ? AND provider_id = ?`,
			title, active, id, prov); err != nil {
			return err
		}
		if after, err = surveyOf(ctx, tx, prov, id); err != nil {
			return err
		}
		return s.staff.Audit(ctx, tx, r, "survey.update", "survey", id, before, after)
	})
	if err != nil {
		return err
	}
	httpx.OK(w, after)
	return nil
}

// Results are a survey's answers: per question the count of each option and
// the free texts, and the answers viewer by viewer (newest first, at most
// 500).
type Results struct {
	Survey      Survey           `json:"survey"`
	Respondents int              `json:"respondents"`
	Questions   []QuestionResult `json:"questions"`
	Viewers     []ViewerAnswer   `json:"viewers"`
}

type QuestionResult struct {
	ID       int64         `json:"id"`
	Question string        `json:"question"`
	Answered int           `json:"answered"`
	Options  []OptionCount `json:"options"`
	Texts    []FreeText    `json:"texts"`
}

type OptionCount struct {
	ID    int64  `json:"id"`
	Text  string `json:"text"`
	Count int    `json:"count"`
}

type FreeText struct {
	UserID    int64  `json:"user_id"`
	Text      string `json:"text"`
	CreatedAt int64  `json:"created_at"`
}

// ViewerAnswer is one viewer's answer to one question.
type ViewerAnswer struct {
	UserID     int64   `json:"user_id"`
	Login      string  `json:"login"`
	QuestionID int64   `json:"question_id"`
	AnswerIDs  []int64 `json:"answer_ids"`
	UserText   string  `json:"user_text"`
	CreatedAt  int64   `json:"created_at"`
}

const maxListed = 500

func (s *Service) handleSurveyResults(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	id, err := httpx.PathID(r, "id")
	if err != nil {
		return err
	}
	sv, err := surveyOf(ctx, s.db, operator.ProviderOf(r), id)
	if err != nil {
		return err
	}
	res := Results{Survey: sv, Respondents: sv.Answers, Questions: []QuestionResult{}, Viewers: []ViewerAnswer{}}
	for _, x := range sv.Questions {
		qr := QuestionResult{ID: x.ID, Question: x.Question, Options: []OptionCount{}, Texts: []FreeText{}}
		if err := store.Get(ctx, s.db, `SELECT COUNT(*) FROM survey_answers WHERE question_id = ?`, []any{x.ID}, &qr.Answered); err != nil {
			return err
		}
		counts := map[int64]int{}
		if err := store.Each(ctx, s.db, `SELECT ao.option_id, COUNT(*) FROM survey_answer_options ao
			JOIN survey_answers a ON a.id = ao.answer_id WHERE a.question_id = ? GROUP BY ao.option_id`, []any{x.ID},
			func(row store.Scanner) error {
				var o int64
				var n int
				if err := row.Scan(&o, &n); err != nil {
					return err
				}
				counts[o] = n
				return nil
			}); err != nil {
			return err
		}
		for _, o := range x.Answers {
			qr.Options = append(qr.Options, OptionCount{ID: o.ID, Text: o.Text, Count: counts[o.ID]})
		}
		if err := store.Each(ctx, s.db, `SELECT user_id, user_text, created_at FROM survey_answers WHERE question_id = ?
			AND user_text <> '' ORDER BY created_at DESC, id DESC LIMIT ?`, []any{x.ID, maxListed}, func(row store.Scanner) error {
			var t FreeText
			if err := row.Scan(&t.UserID, &t.Text, &t.CreatedAt); err != nil {
				return err
			}
			qr.Texts = append(qr.Texts, t)
			return nil
		}); err != nil {
			return err
		}
		res.Questions = append(res.Questions, qr)
	}
	byAnswer := map[int64]int{}
	var answerIDs []int64
	if err := store.Each(ctx, s.db, `SELECT a.id, a.user_id, u.username, a.question_id, a.user_text, a.created_at
		FROM survey_answers a JOIN survey_questions x ON x.id = a.question_id JOIN users u ON u.id = a.user_id
		WHERE x.survey_id = ? ORDER BY a.created_at DESC, a.id DESC LIMIT ?`, []any{sv.ID, maxListed}, func(row store.Scanner) error {
		var aid int64
		v := ViewerAnswer{AnswerIDs: []int64{}}
		if err := row.Scan(&aid, &v.UserID, &v.Login, &v.QuestionID, &v.UserText, &v.CreatedAt); err != nil {
			return err
		}
		byAnswer[aid] = len(res.Viewers)
		answerIDs = append(answerIDs, aid)
		res.Viewers = append(res.Viewers, v)
		return nil
	}); err != nil {
		return err
	}
	if len(answerIDs) > 0 {
		if err := store.Each(ctx, s.db, `SELECT answer_id, option_id FROM survey_answer_options WHERE answer_id IN (`+
			strings.TrimSuffix(strings.Repeat("?, ", len(answerIDs)), ", ")+`) ORDER BY option_id`, int64sAny(answerIDs),
			func(row store.Scanner) error {
				var a, o int64
				if err := row.Scan(&a, &o); err != nil {
					return err
				}
				if i, ok := byAnswer[a]; ok {
					res.Viewers[i].AnswerIDs = append(res.Viewers[i].AnswerIDs, o)
				}
				return nil
			}); err != nil {
			return err
		}
	}
	httpx.OK(w, res)
	return nil
}
