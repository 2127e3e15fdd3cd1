package engage_test

import (
	"fmt"
	"net/http"
	"testing"

	"efir/internal/apitest"
	"efir/internal/store"
	"efir/internal/store/storetest"
)

type survey struct {
	ID        int64 `json:"id"`
	Active    bool  `json:"active"`
	Questions []struct {
		ID      int64 `json:"id"`
		Answers []struct {
			ID   int64  `json:"id"`
			Text string `json:"text"`
		} `json:"answers"`
	} `json:"questions"`
}

// A survey's answers are counted per option, free texts and per viewer; a
// new answer replaces the viewer's earlier one.
func TestSurveyAnswers(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		var sv survey
		f.do(f.owner, "POST", "/v2/operator/surveys", map[string]any{"title": "Качество", "questions": []map[string]any{
			{"question": "Как вам качество картинки?", "answers": []map[string]string{{"text": "Хорошо"}, {"text": "Плохо"}}},
			{"question": "Что добавить?", "allow_user_answer": true},
		}}, http.StatusCreated).JSON(t, &sv)
		// Nobody has answered yet: the questions change, the first keeps its
		// id (a message may link it), options are written anew.
		path := fmt.Sprintf("/v2/operator/surveys/%d", sv.ID)
		first := sv.Questions[0].ID
		f.do(f.owner, "PATCH", path, map[string]any{"questions": []map[string]any{{"question": ""}}}, http.StatusBadRequest)
		f.do(f.owner, "PATCH", path, map[string]any{"questions": []map[string]any{
			{"question": "Как вам качество картинки?", "answers": []map[string]string{{"text": "Хорошо"}, {"text": "Плохо"}}},
			{"question": "Что добавить?", "allow_user_answer": true},
			{"question": "Лишний вопрос", "allow_user_answer": true},
		}}, http.StatusOK).JSON(t, &sv)
		if len(sv.Questions) != 3 || sv.Questions[0].ID != first {
			t.Fatalf("edited survey %+v", sv)
		}
		f.do(f.owner, "PATCH", path, map[string]any{"questions": []map[string]any{
			{"question": "Как вам качество картинки?", "answers": []map[string]string{{"text": "Хорошо"}, {"text": "Плохо"}}},
			{"question": "Что добавить?", "allow_user_answer": true},
		}}, http.StatusOK).JSON(t, &sv)
		if len(sv.Questions) != 2 || sv.Questions[0].ID != first || len(sv.Questions[0].Answers) != 2 {
			t.Fatalf("survey after dropping a question %+v", sv)
		}
		q1, q2 := sv.Questions[0], sv.Questions[1]
		good, bad := q1.Answers[0].ID, q1.Answers[1].ID

		token := f.srv.SignIn(t, "demo", "efir24", "engage-survey")
		viewer := func(method, p string, body any) *apitest.Response {
			return f.srv.Do(apitest.Request{Method: method, Path: p, Token: token, Body: body})
		}
		// Not active yet: not found.
		if res := viewer("GET", fmt.Sprintf("/v2/survey/questions/%d", q1.ID), nil); res.Status != http.StatusNotFound {
			t.Fatalf("inactive: %d", res.Status)
		}
		f.do(f.owner, "PATCH", fmt.Sprintf("/v2/operator/surveys/%d", sv.ID), map[string]bool{"active": true}, http.StatusOK)
		var q struct {
			Question        string `json:"question"`
			AllowUserAnswer bool   `json:"allow_user_answer"`
			Answers         []struct {
				ID int64 `json:"id"`
			} `json:"answers"`
		}
		viewer("GET", fmt.Sprintf("/v2/survey/questions/%d", q1.ID), nil).JSON(t, &q)
		if q.Question != "Как вам качество картинки?" || len(q.Answers) != 2 || q.AllowUserAnswer {
			t.Fatalf("question: %+v", q)
		}
		for _, c := range []struct {
			q    int64
			body map[string]any
			want int
		}{
			{q1.ID, map[string]any{"answer_ids": []int64{bad}}, http.StatusNoContent},
			{q1.ID, map[string]any{"answer_ids": []int64{good}}, http.StatusNoContent}, // replaces
			{q1.ID, map[string]any{"answer_ids": []int64{999999}}, http.StatusBadRequest},
			{q1.ID, map[string]any{"user_text": "своё"}, http.StatusBadRequest},
			{q2.ID, map[string]any{}, http.StatusBadRequest},
			{q2.ID, map[string]any{"user_text": "Больше спорта"}, http.StatusNoContent},
		} {
			if res := viewer("POST", fmt.Sprintf("/v2/survey/questions/%d/answers", c.q), c.body); res.Status != c.want {
				t.Fatalf("answer %v: %d %s", c.body, res.Status, res.Body)
			}
		}
		// Another viewer answers too.
		other := f.viewer(1, "engage-survey-2")
		if _, err := db.Exec(t.Context(), `INSERT INTO survey_answers (question_id, user_id, user_text, created_at) VALUES (?, ?, '', 0)`,
			q1.ID, other); err != nil {
			t.Fatal(err)
		}
		aid := f.id(`SELECT id FROM survey_answers WHERE user_id = ?`, other)
		if _, err := db.Exec(t.Context(), `INSERT INTO survey_answer_options (answer_id, option_id) VALUES (?, ?)`, aid, good); err != nil {
			t.Fatal(err)
		}

		// Answered: the questions stay as they were; the title still changes.
		f.do(f.owner, "PATCH", path, map[string]any{"questions": []map[string]any{
			{"question": "Другой вопрос", "allow_user_answer": true}}}, http.StatusConflict)
		f.do(f.owner, "PATCH", path, map[string]any{"title": "Качество картинки"}, http.StatusOK)

		var res struct {
			Respondents int `json:"respondents"`
			Questions   []struct {
				Answered int `json:"answered"`
				Options  []struct {
					ID    int64 `json:"id"`
					Count int   `json:"count"`
				} `json:"options"`
				Texts []struct {
					Text string `json:"text"`
				} `json:"texts"`
			} `json:"questions"`
			Viewers []struct {
				Login     string  `json:"login"`
				AnswerIDs []int64 `json:"answer_ids"`
			} `json:"viewers"`
		}
		f.do(f.owner, "GET", fmt.Sprintf("/v2/operator/surveys/%d/results", sv.ID), nil, http.StatusOK).JSON(t, &res)
		if res.Respondents != 2 || res.Questions[0].Answered != 2 || res.Questions[0].Options[0].Count != 2 ||
			res.Questions[0].Options[1].Count != 0 || len(res.Questions[1].Texts) != 1 || res.Questions[1].Texts[0].Text != "Больше спорта" ||
			len(res.Viewers) != 3 {
			t.Fatalf("results: %+v", res)
		}
		// Answering needs a session.
		if r := f.srv.Do(apitest.Request{Method: "POST", Path: fmt.Sprintf("/v2/survey/questions/%d/answers", q1.ID),
			Body: map[string]any{"answer_ids": []int64{good}}}); r.Status != http.StatusUnauthorized {
			t.Fatalf("answer without a session: %d", r.Status)
		}
		// Another operator's viewer cannot read it.
		alma := f.srv.SignIn(t, "alma", "efir24", "engage-alma")
		if r := f.srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/survey/questions/%d", q1.ID), Token: alma}); r.Status != http.StatusNotFound {
			t.Fatalf("another operator's viewer: %d", r.Status)
		}
	})
}

// The viewer's notification survey: the configuration names the first
// question of the operator's newest active survey; each viewer learns only
// whether they themselves answered, and one viewer's answer neither shows
// to nor replaces another's.
func TestViewerSurveyIsolation(t *testing.T) {
	storetest.Each(t, func(t *testing.T, db *store.DB) {
		f := newFixture(t, db)
		token := f.srv.SignIn(t, "demo", "efir24", "engage-isolation")
		guest := f.srv.Guest(t, "engage-isolation-guest")
		configured := func(tok string) int64 {
			t.Helper()
			var c struct {
				SurveyQuestionID int64 `json:"survey_question_id"`
			}
			res := f.srv.Do(apitest.Request{Method: "GET", Path: "/v2/platform/configuration", Token: tok})
			if res.Status != http.StatusOK {
				t.Fatalf("configuration: %d %s", res.Status, res.Body)
			}
			res.JSON(t, &c)
			return c.SurveyQuestionID
		}
		if id := configured(token); id != 0 {
			t.Fatalf("survey question %d before any survey", id)
		}
		var sv survey
		f.do(f.owner, "POST", "/v2/operator/surveys", map[string]any{"title": "Отписка", "active": true, "questions": []map[string]any{
			{"question": "Почему вы отключили продление?", "allow_user_answer": true,
				"answers": []map[string]string{{"text": "Дорого"}, {"text": "Мало фильмов"}}},
			{"question": "Второй вопрос", "allow_user_answer": true},
		}}, http.StatusCreated).JSON(t, &sv)
		q := sv.Questions[0]
		if id := configured(token); id != q.ID {
			t.Fatalf("configured question %d, want %d", id, q.ID)
		}
		// Another operator's viewer cannot open it.
		alma := f.srv.SignIn(t, "alma", "efir24", "engage-isolation-alma")
		if res := f.srv.Do(apitest.Request{Method: "GET", Path: fmt.Sprintf("/v2/survey/questions/%d", q.ID), Token: alma}); res.Status != http.StatusNotFound {
			t.Fatalf("another operator's viewer reads the question: %d", res.Status)
		}

		path := fmt.Sprintf("/v2/survey/questions/%d", q.ID)
		answered := func(tok string) bool {
			t.Helper()
			var x struct {
				Answered *bool `json:"answered"`
			}
			res := f.srv.Do(apitest.Request{Method: "GET", Path: path, Token: tok})
			if res.Status != http.StatusOK {
				t.Fatalf("question: %d %s", res.Status, res.Body)
			}
			res.JSON(t, &x)
			if x.Answered == nil {
				t.Fatalf("no answered flag: %s", res.Body)
			}
			return *x.Answered
		}
		if answered(token) || answered(guest) {
			t.Fatal("answered before any answer")
		}
		answer := func(tok string, body map[string]any, want int) {
			t.Helper()
			if res := f.srv.Do(apitest.Request{Method: "POST", Path: path + "/answers", Token: tok, Body: body}); res.Status != want {
				t.Fatalf("answer %v: %d %s", body, res.Status, res.Body)
			}
		}
		// Empty and blank answers are refused; the viewer's own is kept.
		answer(token, map[string]any{}, http.StatusBadRequest)
		answer(token, map[string]any{"answer_ids": []int64{}, "user_text": "   "}, http.StatusBadRequest)
		answer(token, map[string]any{"answer_ids": []int64{q.Answers[0].ID + 1000}}, http.StatusBadRequest)
		if answered(token) {
			t.Fatal("a refused answer counts as answered")
		}
		answer(token, map[string]any{"answer_ids": []int64{q.Answers[0].ID}, "user_text": "и реклама"}, http.StatusNoContent)
		if !answered(token) || answered(guest) {
			t.Fatalf("after the first viewer's answer: first %v, second %v", answered(token), answered(guest))
		}
		answer(guest, map[string]any{"answer_ids": []int64{q.Answers[1].ID}}, http.StatusNoContent)
		var texts []string
		if err := store.Each(t.Context(), db, `SELECT user_text FROM survey_answers WHERE question_id = ? ORDER BY id`, []any{q.ID},
			func(row store.Scanner) error {
				var s string
				err := row.Scan(&s)
				texts = append(texts, s)
				return err
			}); err != nil {
			t.Fatal(err)
		}
		if len(texts) != 2 || texts[0] != "и реклама" || texts[1] != "" {
			t.Fatalf("answers kept %q, want each viewer's own", texts)
		}
		// A newer active survey becomes the notification's; an inactive one does not.
		var newer survey
		f.do(f.owner, "POST", "/v2/operator/surveys", map[string]any{"title": "Оценка", "active": false, "questions": []map[string]any{
			{"question": "Оцените сервис", "answers": []map[string]string{{"text": "1"}, {"text": "5"}}},
		}}, http.StatusCreated).JSON(t, &newer)
		if id := configured(token); id != q.ID {
			t.Fatalf("an inactive survey took the notification: %d", id)
		}
		f.do(f.owner, "PATCH", fmt.Sprintf("/v2/operator/surveys/%d", newer.ID), map[string]bool{"active": true}, http.StatusOK)
		if id := configured(token); id != newer.Questions[0].ID {
			t.Fatalf("configured %d, want the newest active survey's %d", id, newer.Questions[0].ID)
		}
	})
}
