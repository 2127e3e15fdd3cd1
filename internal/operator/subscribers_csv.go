package operator

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"efir/internal/httpx"
	"efir/internal/identity"
	"efir/internal/store"
)

// Subscribers in and out as CSV: an export of every subscriber of the
// operator, and an import that is first previewed (every row checked, the
// problems listed by line) and then applied all at once or not at all.

// csvColumns are the export's columns; an import takes any of them in any
// order (id and created_at only to find the subscriber and to round-trip an
// export), and "login" and "contract" as other names of username and
// provider_uid.
var csvColumns = []string{"id", "username", "phone", "email", "first_name", "last_name", "provider_uid", "comment",
	"device_limit", "active", "created_at"}

var csvAliases = map[string]string{"login": "username", "contract": "provider_uid"}

// Bounds of one import.
const (
	maxImportBytes = 32 << 20
	maxImportRows  = 200_000
)

func (s *Service) handleSubscribersExport(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	prov := sessionFrom(ctx).ProviderID
	if err := s.logged(r, s.change(r, "subscribers.export", "subscriber", nil, nil, nil)); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="subscribers-%s.csv"`,
		s.now().UTC().Format("2006-01-02")))
	w.Header().Set("Cache-Control", "no-store")
	bw := bufio.NewWriterSize(w, 64<<10)
	out := csv.NewWriter(bw)
	if err := out.Write(csvColumns); err != nil {
		return err
	}
	err := store.Each(ctx, s.db, `SELECT id, username, COALESCE(phone, ''), COALESCE(email, ''), first_name, last_name,
		provider_uid, comment, COALESCE(device_limit, 0), blocked_at, date_joined FROM users
		WHERE provider_id = ? AND is_guest = FALSE ORDER BY id`, []any{prov}, func(row store.Scanner) error {
		var id, limit, blocked, joined int64
		var login, phone, email, first, last, uid, comment string
		if err := row.Scan(&id, &login, &phone, &email, &first, &last, &uid, &comment, &limit, &blocked, &joined); err != nil {
			return err
		}
		device := ""
		if limit > 0 {
			device = strconv.FormatInt(limit, 10)
		}
		return out.Write([]string{strconv.FormatInt(id, 10), login, phone, email, safeCell(first), safeCell(last),
			safeCell(uid), safeCell(comment), device, strconv.FormatBool(blocked == 0), stamp(joined)})
	})
	if err != nil {
		return err // before the first flush the error still reaches the client
	}
	out.Flush()
	if err := out.Error(); err != nil {
		return err
	}
	return bw.Flush()
}

// safeCell keeps a spreadsheet from reading a text cell as a formula.
func safeCell(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}

// importReport is the answer of an import: what it does (or did) and the
// problems by line; applied is false whenever any row has a problem.
type importReport struct {
	Rows     int             `json:"rows"`
	Create   int             `json:"create"`
	Update   int             `json:"update"`
	Problems []importProblem `json:"problems"`
	Applied  bool            `json:"applied"`
}

type importProblem struct {
	Line    int    `json:"line"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

func (s *Service) handleSubscribersImport(w http.ResponseWriter, r *http.Request) error {
	apply := false
	switch r.URL.Query().Get("apply") {
	case "", "false":
	case "true":
		apply = true
	default:
		return httpx.Invalid("apply", "operator_import_apply_invalid")
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, maxImportBytes+1))
	if err != nil {
		return httpx.BadRequest("operator_import_unreadable")
	}
	if len(body) > maxImportBytes {
		return httpx.Invalid("file", "operator_import_too_big")
	}
	rows, err := parseSubscribersCSV(body)
	if err != nil {
		return err
	}
	lang := httpx.Lang(r)
	prov := sessionFrom(r.Context()).ProviderID
	plan, err := s.cfg.Accounts.ImportSubscribers(r.Context(), prov, rows, apply, lang)
	if err != nil {
		return err
	}
	rep := importReport{Rows: len(rows), Create: plan.Create, Update: plan.Update, Problems: []importProblem{},
		Applied: apply && len(plan.Problems) == 0}
	for _, p := range plan.Problems {
		rep.Problems = append(rep.Problems, importProblem{Line: p.Line, Field: p.Field, Message: httpx.T(lang, p.Key)})
	}
	if rep.Applied {
		summary := map[string]int{"rows": rep.Rows, "created": rep.Create, "updated": rep.Update}
		if err := s.logged(r, s.change(r, "subscribers.import", "subscriber", nil, nil, summary)); err != nil {
			return err
		}
	}
	httpx.OK(w, rep)
	return nil
}

// parseSubscribersCSV reads an import file: a header row naming the columns
// (comma or semicolon separated, as spreadsheets save it; a UTF-8 byte order
// mark is skipped), then one subscriber a row.
func parseSubscribersCSV(body []byte) ([]identity.ImportRow, error) {
	body = bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))
	first, _, _ := bytes.Cut(body, []byte("\n"))
	in := csv.NewReader(bytes.NewReader(body))
	if bytes.Count(first, []byte(";")) > bytes.Count(first, []byte(",")) {
		in.Comma = ';'
	}
	in.FieldsPerRecord = -1
	in.ReuseRecord = true
	header, err := in.Read()
	if err != nil {
		return nil, httpx.Invalid("file", "operator_import_no_header")
	}
	cols := make([]string, len(header))
	seen := map[string]bool{}
	for i, h := range header {
		name := strings.ToLower(strings.TrimSpace(h))
		if a, ok := csvAliases[name]; ok {
			name = a
		}
		known := false
		for _, c := range csvColumns {
			known = known || c == name
		}
		if !known || seen[name] {
			return nil, fileProblem("operator_import_bad_column", h)
		}
		cols[i], seen[name] = name, true
	}
	rows := []identity.ImportRow{}
	for {
		rec, err := in.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		var pe *csv.ParseError
		if errors.As(err, &pe) {
			return nil, fileProblem("operator_import_bad_line", pe.Line)
		}
		if err != nil {
			return nil, err
		}
		line, _ := in.FieldPos(0)
		if len(rows) == maxImportRows {
			return nil, httpx.Invalid("file", "operator_import_too_many")
		}
		row, err := importRow(line, cols, rec)
		if err != nil {
			return nil, err
		}
		if row != nil {
			rows = append(rows, *row)
		}
	}
	return rows, nil
}

// importRow is one record as a subscriber's fields (nil for a blank line).
func importRow(line int, cols, rec []string) (*identity.ImportRow, error) {
	row := identity.ImportRow{Line: line}
	f := &row.Fields
	blank := true
	bad := func(field string) error { return fileProblem("operator_import_bad_value", line, field) }
	for i, v := range rec {
		if i >= len(cols) {
			if strings.TrimSpace(v) != "" {
				return nil, fileProblem("operator_import_extra_cells", line)
			}
			continue
		}
		cell := identity.Trimmed(strings.TrimPrefix(v, "'"))
		if cell == nil {
			continue
		}
		blank = false
		switch cols[i] {
		case "id":
			id, err := strconv.ParseInt(*cell, 10, 64)
			if err != nil || id <= 0 {
				return nil, bad("id")
			}
			row.ID = id
		case "username":
			f.Username = cell
		case "phone":
			f.Phone = cell
		case "email":
			f.Email = cell
		case "first_name":
			f.FirstName = cell
		case "last_name":
			f.LastName = cell
		case "provider_uid":
			f.ProviderUID = cell
		case "comment":
			f.Comment = cell
		case "device_limit":
			n, err := strconv.Atoi(*cell)
			if err != nil {
				return nil, bad("device_limit")
			}
			f.DeviceLimit = &n
		case "active":
			b, err := strconv.ParseBool(strings.ToLower(*cell))
			if err != nil {
				return nil, bad("active")
			}
			f.Active = &b
		case "created_at":
			if _, err := time.Parse(time.RFC3339, *cell); err != nil {
				return nil, bad("created_at")
			}
		}
	}
	if blank {
		return nil, nil
	}
	return &row, nil
}

// fileProblem is a file that cannot be read as subscribers at all (the rows'
// own problems are in the report instead).
func fileProblem(key string, args ...any) error {
	return httpx.New(http.StatusBadRequest, httpx.TypeValidation, key, args...).WithDetail("file", "operator_import_file_invalid")
}
