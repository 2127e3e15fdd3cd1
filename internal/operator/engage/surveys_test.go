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
