package httpx

import (
	"encoding/json"
	"strings"
)

// Text is a string field of a request body that takes a JSON string, number
// or null: form-encoded bodies turn digits (a phone, a code, a numeric
// password) into numbers (see Decode), and clients send some fields both ways.
type Text string

func (t *Text) UnmarshalJSON(b []byte) error {
	switch {
	case string(b) == "null":
		*t = ""
	case len(b) > 0 && b[0] == '"':
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*t = Text(s)
	default:
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			return err
		}
		*t = Text(n.String())
	}
	return nil
}

// String is the text without surrounding spaces.
func (t Text) String() string { return strings.TrimSpace(string(t)) }
